//===- Npy.h - read and write NumPy .npy files ------------------*- C++ -*-===//
//
// The .npy format (versions 1.0, 2.0 and 3.0 read; 1.0 written), for the
// little-endian, C-ordered arrays remat-run exchanges with PyTorch and
// NumPy. Plain C++: no MLIR, no NumPy.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_RUNTIME_NPY_H
#define REMAT_RUNTIME_NPY_H

#include <cstdint>
#include <string>
#include <vector>

namespace remat_runtime::npy {

/// BF16 has no NumPy dtype: it is written as f32 (exactly) and read from
/// f32 files by `toBF16` (rounded to nearest even).
enum class DType { Bool, I8, I16, I32, I64, U8, F16, F32, F64, BF16 };

/// Bytes per element.
size_t elementSize(DType dtype);
/// The NumPy descriptor ("<f4", "|b1", ...; "bf16", which NumPy lacks).
std::string descr(DType dtype);
/// The MLIR element type spelling ("f32", "i1", ...).
std::string mlirName(DType dtype);

struct Array {
  DType dtype = DType::F32;
  std::vector<int64_t> shape;
  std::vector<uint8_t> data;

  int64_t numElements() const;
};

/// Element `i` of `array`, converted to double (bools and integers exactly,
/// f16 widened).
double elementAsDouble(const Array &array, size_t i);

/// Fills `array` (dtype and shape set) with the deterministic inputs of
/// `remat-run --seed`: argument `index` draws its own splitmix64 stream;
/// floats uniform in [-1, 1) (24 random bits, exact in every float type),
/// integers in [0, 100), bools fair coins.
void fillRandom(Array &array, uint64_t seed, uint64_t index);

/// Reads `path`; on failure returns false and says why in `error`.
bool read(const std::string &path, Array &array, std::string &error);
/// Writes `array` to `path` (format 1.0); on failure returns false. A
/// BF16 array is written as f32, exactly.
bool write(const std::string &path, const Array &array, std::string &error);

/// `array` (F32) as BF16, each element rounded to nearest, ties to even:
/// how a bf16 argument is read from the f32 file `write` makes of it (or
/// that NumPy and PyTorch write). False, with `error`, for another dtype.
bool toBF16(Array &array, std::string &error);

/// The bytes of `array`'s data by its dtype and shape; false if the
/// product overflows int64 or a dimension is negative.
bool byteSize(const Array &array, uint64_t &bytes);

/// Parses a .npy header dict ("{'descr': '<f4', 'fortran_order': False,
/// 'shape': (2, 3), }"); strict about the shape tuple. Exposed for tests.
bool parseHeader(const std::string &header, DType &dtype,
                 std::vector<int64_t> &shape, std::string &error);

} // namespace remat_runtime::npy

#endif // REMAT_RUNTIME_NPY_H
