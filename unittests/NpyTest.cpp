//===- NpyTest.cpp - .npy reading and writing -----------------------------===//

#include "remat-runtime/Npy.h"

#include "gtest/gtest.h"
#include <cstdio>
#include <cstring>
#include <fstream>

using namespace remat_runtime::npy;

namespace {

std::string tempPath(const char *name) {
  return ::testing::TempDir() + "/remat_npy_" + name + ".npy";
}

TEST(Npy, RoundTripsEveryDType) {
  for (DType dtype : {DType::Bool, DType::I8, DType::U8, DType::I16,
                      DType::I32, DType::I64, DType::F16, DType::F32,
                      DType::F64}) {
    Array a;
    a.dtype = dtype;
    a.shape = {2, 3};
    a.data.resize(6 * elementSize(dtype));
    for (size_t i = 0; i < a.data.size(); ++i)
      a.data[i] = static_cast<uint8_t>(i * 7 + 1);
    std::string path = tempPath(descr(dtype).c_str() + 1), error;
    ASSERT_TRUE(write(path, a, error)) << error;
    Array b;
    ASSERT_TRUE(read(path, b, error)) << error;
    EXPECT_EQ(b.dtype, dtype);
    EXPECT_EQ(b.shape, a.shape);
    EXPECT_EQ(b.data, a.data);
    std::remove(path.c_str());
  }
}

TEST(Npy, ScalarsAndVectors) {
  Array a;
  a.dtype = DType::F32;
  float v = 2.0f;
  a.data.resize(4);
  std::memcpy(a.data.data(), &v, 4);
  std::string path = tempPath("scalar"), error;
  ASSERT_TRUE(write(path, a, error));
  Array b;
  ASSERT_TRUE(read(path, b, error)) << error;
  EXPECT_TRUE(b.shape.empty());
  EXPECT_EQ(b.numElements(), 1);
  std::remove(path.c_str());

  DType dtype;
  std::vector<int64_t> shape;
  ASSERT_TRUE(parseHeader("{'descr': '<f8', 'fortran_order': False, 'shape': (7,), }",
                          dtype, shape, error));
  EXPECT_EQ(dtype, DType::F64);
  EXPECT_EQ(shape, std::vector<int64_t>{7});
}

TEST(Npy, RejectsWhatItCannotRead) {
  DType dtype;
  std::vector<int64_t> shape;
  std::string error;
  EXPECT_FALSE(parseHeader("{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }",
                           dtype, shape, error));
  EXPECT_NE(error.find("unsupported dtype"), std::string::npos);
  EXPECT_FALSE(parseHeader("{'descr': '<f4', 'fortran_order': True, 'shape': (2,), }",
                           dtype, shape, error));
  EXPECT_NE(error.find("Fortran"), std::string::npos);
  EXPECT_FALSE(parseHeader("{'descr': '<f4'}", dtype, shape, error));

  Array a;
  EXPECT_FALSE(read("/nonexistent/x.npy", a, error));
  EXPECT_NE(error.find("cannot open"), std::string::npos);

  std::string path = tempPath("garbage");
  { std::ofstream(path) << "not numpy at all"; }
  EXPECT_FALSE(read(path, a, error));
  EXPECT_NE(error.find("not a .npy file"), std::string::npos);

  // A header promising more data than the file holds.
  Array big;
  big.dtype = DType::F32;
  big.shape = {4};
  big.data.resize(16);
  ASSERT_TRUE(write(path, big, error));
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  { std::ofstream(path, std::ios::binary) << bytes.substr(0, bytes.size() - 4); }
  EXPECT_FALSE(read(path, a, error));
  EXPECT_NE(error.find("the file has 12"), std::string::npos) << error;
  std::remove(path.c_str());
}

// Shapes must be tuples of non-negative integer literals, as NumPy writes
// them; a lenient parse once read "(4,,8)" and "(4.9, 8e0)" as (4, 8).
TEST(Npy, RejectsMalformedShapes) {
  auto header = [](const std::string &shape) {
    return "{'descr': '<f4', 'fortran_order': False, 'shape': " + shape +
           ", }";
  };
  DType dtype;
  std::vector<int64_t> shape;
  std::string error;
  for (const char *bad : {"(4,,8)", "(4.9, 8e0)", "(-1,)", "(4, 8",
                          "(,)", "(4)", "(4 8)", "(0x10,)", "(4,8,,)",
                          "(99999999999999999999,)"}) {
    EXPECT_FALSE(parseHeader(header(bad), dtype, shape, error)) << bad;
    EXPECT_NE(error.find("shape"), std::string::npos) << bad << ": " << error;
  }
  for (auto [text, want] :
       std::initializer_list<std::pair<const char *, std::vector<int64_t>>>{
           {"()", {}}, {"(4,)", {4}}, {"(4, 8)", {4, 8}},
           {"( 4 , 8 , )", {4, 8}}, {"(0, 3)", {0, 3}}}) {
    ASSERT_TRUE(parseHeader(header(text), dtype, shape, error))
        << text << ": " << error;
    EXPECT_EQ(shape, want) << text;
  }
}

// A header declaring 2^40 elements (or a product that overflows int64) is
// refused before anything is allocated.
TEST(Npy, RejectsHugeShapesBeforeAllocating) {
  std::string path = tempPath("huge");
  for (const char *shapeText :
       {"(1099511627776,)", "(4611686018427387904, 4)",
        "(3037000500, 3037000500, 3037000500)"}) {
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': " +
                         std::string(shapeText) + ", }";
    header.append(64 - (10 + header.size() + 1) % 64, ' ');
    header += '\n';
    {
      std::ofstream out(path, std::ios::binary);
      out.write("\x93NUMPY\x01\x00", 8);
      char len[2] = {char(header.size() & 0xff), char(header.size() >> 8)};
      out.write(len, 2);
      out << header << "0123456789abcdef";
    }
    Array a;
    std::string error;
    EXPECT_FALSE(read(path, a, error)) << shapeText;
    EXPECT_TRUE(error.find("overflows") != std::string::npos ||
                error.find("too large") != std::string::npos ||
                error.find("the file has 16") != std::string::npos)
        << shapeText << ": " << error;
    EXPECT_TRUE(a.data.empty());
  }
  std::remove(path.c_str());
}

} // namespace

// remat-run and the ahead-of-time driver share these inputs: same seed and
// argument index, same bytes; floats in [-1, 1), integers in [0, 100).
TEST(Npy, RandomInputsAreDeterministicAndInRange) {
  for (DType dtype : {DType::F32, DType::F64, DType::F16, DType::BF16,
                      DType::I64, DType::I32, DType::I8, DType::Bool}) {
    Array a, b, other;
    a.dtype = b.dtype = other.dtype = dtype;
    a.shape = b.shape = other.shape = {7, 9};
    fillRandom(a, 5, 2);
    fillRandom(b, 5, 2);
    fillRandom(other, 5, 3);
    EXPECT_EQ(a.data, b.data);
    EXPECT_NE(a.data, other.data);
    ASSERT_EQ(a.data.size(), 63 * elementSize(dtype));
    bool isFloat = dtype == DType::F32 || dtype == DType::F64 ||
                   dtype == DType::F16 || dtype == DType::BF16;
    double high = isFloat ? 1.0 : dtype == DType::Bool ? 2.0 : 100.0;
    for (size_t i = 0; i < 63; ++i) {
      double v = elementAsDouble(a, i);
      EXPECT_GE(v, isFloat ? -1.0 : 0.0);
      // A draw just under 1 may round to 1 in bf16's 8 bits.
      if (dtype == DType::BF16)
        EXPECT_LE(v, high);
      else
        EXPECT_LT(v, high);
      if (!isFloat) {
        EXPECT_EQ(v, double(int64_t(v)));
      }
    }
  }
}

TEST(Npy, ElementsAsDouble) {
  Array a;
  a.dtype = DType::I8;
  a.shape = {2};
  a.data = {0xFF, 0x05};
  EXPECT_EQ(elementAsDouble(a, 0), -1.0);
  EXPECT_EQ(elementAsDouble(a, 1), 5.0);
  a.dtype = DType::F16;
  a.shape = {1};
  a.data = {0x00, 0x3C}; // 1.0 in IEEE half, little-endian
  EXPECT_EQ(elementAsDouble(a, 0), 1.0);
}

// NumPy has no bf16: a BF16 array is written as f32 (exactly) and read back
// by toBF16 to the same bits; an f32 value between two bf16 values rounds to
// the nearest, ties to even.
TEST(Npy, BF16GoesThroughF32) {
  Array a;
  a.dtype = DType::BF16;
  a.shape = {3, 5};
  fillRandom(a, 7, 1);
  std::string path = ::testing::TempDir() + "/remat_npy_bf16.npy";
  std::string error;
  ASSERT_TRUE(write(path, a, error)) << error;
  Array back;
  ASSERT_TRUE(read(path, back, error)) << error;
  EXPECT_EQ(back.dtype, DType::F32);
  EXPECT_EQ(back.shape, a.shape);
  for (size_t i = 0; i < 15; ++i)
    EXPECT_EQ(elementAsDouble(back, i), elementAsDouble(a, i));
  ASSERT_TRUE(toBF16(back, error)) << error;
  EXPECT_EQ(back.dtype, DType::BF16);
  EXPECT_EQ(back.data, a.data);
  std::remove(path.c_str());

  Array f;
  f.dtype = DType::F32;
  f.shape = {3};
  // 1 + 2^-8 is halfway between 1 and 1 + 2^-7: to 1 (even); 1 + 3 * 2^-8
  // is halfway between 1 + 2^-7 and 1 + 2^-6: to 1 + 2^-6 (even); 1 + 2^-8
  // + 2^-20 is above halfway: up.
  float values[3] = {1.0f + 0x1p-8f, 1.0f + 3 * 0x1p-8f, 1.0f + 0x1p-8f + 0x1p-20f};
  f.data.resize(12);
  std::memcpy(f.data.data(), values, 12);
  ASSERT_TRUE(toBF16(f, error)) << error;
  EXPECT_EQ(elementAsDouble(f, 0), 1.0);
  EXPECT_EQ(elementAsDouble(f, 1), 1.0 + 0x1p-6);
  EXPECT_EQ(elementAsDouble(f, 2), 1.0 + 0x1p-7);

  Array i;
  i.dtype = DType::I32;
  i.shape = {1};
  i.data.resize(4);
  EXPECT_FALSE(toBF16(i, error));
  EXPECT_NE(error.find("f32"), std::string::npos);
}
