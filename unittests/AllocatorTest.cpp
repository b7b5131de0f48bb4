//===- AllocatorTest.cpp - the runtime's allocator accounting -------------===//

#include "remat-runtime/Allocator.h"

#include "gtest/gtest.h"
#include <cstdint>
#include <thread>
#include <vector>

namespace {

class AllocatorTest : public ::testing::Test {
protected:
  void SetUp() override { remat_alloc_reset_stats(); }
};

TEST_F(AllocatorTest, CountsLiveAndPeakBytes) {
  void *a = _mlir_memref_to_llvm_alloc(1000);
  void *b = _mlir_memref_to_llvm_aligned_alloc(64, 3000);
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(b) % 64, 0u);
  remat_alloc_stats s = remat_alloc_get_stats();
  EXPECT_EQ(s.live_bytes, 4000u);
  EXPECT_EQ(s.peak_bytes, 4000u);
  _mlir_memref_to_llvm_free(a);
  void *c = _mlir_memref_to_llvm_alloc(500);
  s = remat_alloc_get_stats();
  EXPECT_EQ(s.live_bytes, 3500u);
  EXPECT_EQ(s.peak_bytes, 4000u);
  EXPECT_EQ(s.num_allocs, 3u);
  EXPECT_EQ(s.num_frees, 1u);
  EXPECT_EQ(s.total_bytes, 4500u);
  _mlir_memref_to_llvm_free(b);
  _mlir_memref_to_llvm_free(c);
  EXPECT_EQ(remat_alloc_get_stats().live_bytes, 0u);
}

TEST_F(AllocatorTest, ResetKeepsLiveAllocations) {
  void *a = _mlir_memref_to_llvm_alloc(128);
  void *b = _mlir_memref_to_llvm_alloc(256);
  _mlir_memref_to_llvm_free(b);
  remat_alloc_reset_stats();
  remat_alloc_stats s = remat_alloc_get_stats();
  EXPECT_EQ(s.live_bytes, 128u);
  EXPECT_EQ(s.peak_bytes, 128u);
  EXPECT_EQ(s.num_allocs, 0u);
  _mlir_memref_to_llvm_free(a);
  EXPECT_EQ(remat_alloc_get_stats().live_bytes, 0u);
}

TEST_F(AllocatorTest, OwnershipAndBadFrees) {
  void *a = _mlir_memref_to_llvm_alloc(16);
  int notOurs = 0;
  EXPECT_TRUE(remat_alloc_owns(a));
  EXPECT_FALSE(remat_alloc_owns(&notOurs));
  _mlir_memref_to_llvm_free(&notOurs); // ignored, counted
  _mlir_memref_to_llvm_free(nullptr);  // a no-op, as free(NULL)
  EXPECT_EQ(remat_alloc_bad_frees(), 1u);
  _mlir_memref_to_llvm_free(a);
  _mlir_memref_to_llvm_free(a); // double free: ignored, counted
  EXPECT_EQ(remat_alloc_bad_frees(), 2u);
  EXPECT_FALSE(remat_alloc_owns(a));
  EXPECT_EQ(remat_alloc_get_stats().live_bytes, 0u);
}

TEST_F(AllocatorTest, ZeroSizedAllocationsAreDistinctAndFree) {
  void *a = _mlir_memref_to_llvm_alloc(0);
  void *b = _mlir_memref_to_llvm_alloc(0);
  ASSERT_NE(a, nullptr);
  EXPECT_NE(a, b);
  EXPECT_EQ(remat_alloc_get_stats().live_bytes, 0u);
  _mlir_memref_to_llvm_free(a);
  _mlir_memref_to_llvm_free(b);
  EXPECT_EQ(remat_alloc_get_stats().num_frees, 2u);
}

TEST_F(AllocatorTest, ThreadSafe) {
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([] {
      for (int i = 0; i < 1000; ++i)
        _mlir_memref_to_llvm_free(_mlir_memref_to_llvm_alloc(8));
    });
  for (std::thread &t : threads)
    t.join();
  remat_alloc_stats s = remat_alloc_get_stats();
  EXPECT_EQ(s.live_bytes, 0u);
  EXPECT_EQ(s.num_allocs, 4000u);
  EXPECT_EQ(s.num_frees, 4000u);
  EXPECT_LE(s.peak_bytes, 32u);
}

} // namespace

// Compiled code does not test an allocation for null: a failed one stops
// the process with a message instead of returning null to be written
// through. (Under AddressSanitizer its own report stops it first.)
TEST(AllocatorDeathTest, FailedAllocationStopsWithAMessage) {
  EXPECT_DEATH(_mlir_memref_to_llvm_alloc(SIZE_MAX / 2),
               "out of memory|exceeds maximum supported size");
  EXPECT_DEATH(_mlir_memref_to_llvm_aligned_alloc(64, SIZE_MAX / 2),
               "out of memory|exceeds maximum supported size");
}
