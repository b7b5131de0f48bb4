//===- Half.h - IEEE half and bfloat16 conversions by hand ------*- C++ -*-===//
//
// Shared by the .npy reader and the CUDA runtime's host GEMM (the fake
// driver's cuBLAS), which both build without MLIR or CUDA headers.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_RUNTIME_HALF_H
#define REMAT_RUNTIME_HALF_H

#include <cmath>
#include <cstdint>
#include <cstring>

namespace remat_runtime {

// IEEE half precision by hand: _Float16 is not available on every
// compiler this builds with (clang 14 on x86-64 rejects it). Rounding is to
// nearest, ties to even, as a hardware conversion does.
inline double halfToDouble(uint16_t h) {
  int sign = h >> 15, exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  double value;
  if (exponent == 0)
    value = std::ldexp(double(mantissa), -24);
  else if (exponent == 31)
    value = mantissa ? NAN : INFINITY;
  else
    value = std::ldexp(double(mantissa | 0x400), exponent - 25);
  return sign ? -value : value;
}

inline uint16_t floatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint16_t sign = (x >> 16) & 0x8000;
  uint32_t abs = x & 0x7fffffff;
  if (abs >= 0x7f800000) // inf or NaN
    return sign | 0x7c00 | (abs > 0x7f800000 ? 0x200 : 0);
  if (abs >= 0x477ff000) // rounds to at least 65520: infinity
    return sign | 0x7c00;
  if (abs < 0x38800000) { // a subnormal half (or zero)
    // Scale into units of 2^-24 and round to nearest even.
    float scaled = std::fabs(f) * 16777216.0f;
    uint32_t q = uint32_t(scaled);
    float rest = scaled - float(q);
    if (rest > 0.5f || (rest == 0.5f && (q & 1)))
      ++q;
    return sign | uint16_t(q);
  }
  uint32_t mantissa = abs & 0x7fffff;
  uint32_t half = ((abs >> 23) - 112) << 10 | (mantissa >> 13);
  uint32_t rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half; // may carry into the exponent, which is right
  return sign | uint16_t(half);
}

/// bfloat16 is the upper half of an f32.
inline float bf16ToFloat(uint16_t h) {
  uint32_t bits = uint32_t(h) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

/// Round to nearest, ties to even; NaN stays a (quiet) NaN.
inline uint16_t floatToBf16(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  if (std::isnan(f))
    return uint16_t((bits >> 16) | 0x40);
  return uint16_t((bits + 0x7fff + ((bits >> 16) & 1)) >> 16);
}

} // namespace remat_runtime

#endif // REMAT_RUNTIME_HALF_H
