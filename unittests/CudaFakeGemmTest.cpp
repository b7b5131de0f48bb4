//===- CudaFakeGemmTest.cpp - the GEMM entry points on the fake driver ----===//
//
// Its own binary: the runtime loads the driver once per process, and this
// process uses the fake one (host memory, a host reference for cuBLAS), so
// remat_cublas_gemm_ex's argument mapping, its 16-bit conversions and its
// type check are tested without a GPU. (f16 runs end to end in
// test/Tools/fake-device-gemm-ex.mlir; remat-run reads no bf16, so bf16 is
// tested here.)
//
//===----------------------------------------------------------------------===//

#include "remat-cuda/CudaRuntime.h"
#include "remat-runtime/Half.h"

#include "gtest/gtest.h"
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

constexpr int32_t kF32 = 0, kBF16 = 14;

uint64_t address(const void *p) { return reinterpret_cast<uint64_t>(p); }

std::vector<uint16_t> toBf16(const std::vector<float> &values) {
  std::vector<uint16_t> out;
  for (float v : values)
    out.push_back(remat_runtime::floatToBf16(v));
  return out;
}

class FakeGemm : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    setenv("REMAT_CUDA_DRIVER", "fake", 1);
    setenv("REMAT_CUDA_QUIET", "1", 1);
  }
  void SetUp() override {
    ASSERT_EQ(remat_cuda_init(0), 0) << remat_cuda_error();
  }
  void TearDown() override { remat_cuda_clear_error(); }
};

// Row-major C (2 x 2, f32) = A (2 x 3, bf16) * B (3 x 2, bf16), and the
// same with A stored transposed (3 x 2): values exact in bf16, so the f32
// result is exact. C starts as NaN: beta = 0 must not read it.
TEST_F(FakeGemm, Bf16OperandsF32Result) {
  std::vector<uint16_t> a = toBf16({1, 2, 3, 4, 5, 6});
  std::vector<uint16_t> at = toBf16({1, 4, 2, 5, 3, 6});
  std::vector<uint16_t> b = toBf16({1, -1, 0.5, 2, -3, 0.25});
  std::vector<float> want = {-7, 3.75, -11.5, 7.5};
  for (bool transposed : {false, true}) {
    std::vector<float> c(4, NAN);
    remat_cublas_gemm_ex(transposed, 0, 1, 2, 2, 3, kBF16,
                         address(transposed ? at.data() : a.data()),
                         transposed ? 2 : 3, 0, address(b.data()), 2, 0, 0.0f,
                         kF32, address(c.data()), 2, 0);
    ASSERT_EQ(remat_cuda_error(), nullptr) << remat_cuda_error();
    EXPECT_EQ(c, want) << "transposed A: " << transposed;
  }
}

// Batched, with beta = 1: each batch adds its product to what C holds.
TEST_F(FakeGemm, Bf16BatchedAccumulates) {
  std::vector<uint16_t> a = toBf16({1, 2, 3, 4}); // 2 batches of 1 x 2
  std::vector<uint16_t> b = toBf16({1, 1, 2, 2}); // 2 batches of 2 x 1
  std::vector<float> c = {10, 20};
  remat_cublas_gemm_ex(0, 0, 2, 1, 1, 2, kBF16, address(a.data()), 2, 2,
                       address(b.data()), 1, 2, 1.0f, kF32, address(c.data()),
                       1, 1);
  ASSERT_EQ(remat_cuda_error(), nullptr) << remat_cuda_error();
  EXPECT_EQ(c, (std::vector<float>{13, 34}));
}

TEST_F(FakeGemm, UnsupportedTypesAreAnError) {
  std::vector<float> a(4, 1), b(4, 1), c(4, 0);
  // f32 operands with a bf16 result.
  remat_cublas_gemm_ex(0, 0, 1, 2, 2, 2, kF32, address(a.data()), 2, 0,
                       address(b.data()), 2, 0, 0.0f, kBF16, address(c.data()),
                       2, 0);
  ASSERT_NE(remat_cuda_error(), nullptr);
  EXPECT_NE(std::string(remat_cuda_error()).find("unsupported types"),
            std::string::npos)
      << remat_cuda_error();
  EXPECT_EQ(c, std::vector<float>(4, 0));
}

} // namespace
