//===- CudaPoolTest.cpp - the device pool's logic over a fake device ------===//

#include "remat-cuda/PoolAllocator.h"

#include "gtest/gtest.h"
#include <cstdint>
#include <set>
#include <thread>
#include <vector>

using namespace remat_cuda;

namespace {

/// A device with `capacity` bytes that hands out distinct fake addresses and
/// records every call.
class FakeDevice : public DeviceBackend {
public:
  explicit FakeDevice(size_t capacity = SIZE_MAX) : capacity(capacity) {}

  Status allocate(size_t bytes, void **ptr) override {
    ++allocs;
    if (used + bytes > capacity)
      return Status::error("fake: out of memory", /*outOfMemory=*/true);
    used += bytes;
    next += bytes + 4096;
    *ptr = reinterpret_cast<void *>(next);
    sizes[*ptr] = bytes;
    return Status::success();
  }
  Status release(void *ptr) override {
    ++releases;
    auto it = sizes.find(ptr);
    if (it == sizes.end())
      return Status::error("fake: release of unknown pointer");
    used -= it->second;
    sizes.erase(it);
    return Status::success();
  }
  Status recordEvent(void *stream, void **event) override {
    if (failEvents)
      return Status::error("fake: event failure");
    *event = reinterpret_cast<void *>(++nextEvent);
    liveEvents.insert(*event);
    eventStream[*event] = stream;
    return Status::success();
  }
  Status streamWaitEvent(void *stream, void *event) override {
    waits.push_back({stream, event});
    return Status::success();
  }
  Status eventSynchronize(void *event) override {
    ++syncs;
    return Status::success();
  }
  Status destroyEvent(void *event) override {
    liveEvents.erase(event);
    return Status::success();
  }

  size_t capacity, used = 0;
  uintptr_t next = 1 << 20, nextEvent = 0;
  int allocs = 0, releases = 0, syncs = 0;
  bool failEvents = false;
  std::map<void *, size_t> sizes;
  std::set<void *> liveEvents;
  std::map<void *, void *> eventStream;
  std::vector<std::pair<void *, void *>> waits;
};

void *const streamA = reinterpret_cast<void *>(0xA0);
void *const streamB = reinterpret_cast<void *>(0xB0);

TEST(CudaPool, CountsRequestedLiveAndPeakBytes) {
  FakeDevice device;
  PoolAllocator pool(device);
  std::string error;
  void *a = pool.allocate(1000, streamA, error);
  void *b = pool.allocate(3000, streamA, error);
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_NE(a, b);
  PoolStats s = pool.stats();
  EXPECT_EQ(s.liveBytes, 4000u);
  EXPECT_EQ(s.peakBytes, 4000u);
  EXPECT_EQ(s.numDeviceAllocs, 2u);
  EXPECT_EQ(s.reservedBytes, 1024u + 3072u);
  EXPECT_EQ(pool.sizeOf(a), 1000u);
  EXPECT_TRUE(pool.deallocate(a, streamA, error));
  s = pool.stats();
  EXPECT_EQ(s.liveBytes, 3000u);
  EXPECT_EQ(s.peakBytes, 4000u);
  EXPECT_EQ(s.cachedBytes, 1024u);
  EXPECT_EQ(pool.sizeOf(a), 0u);
}

TEST(CudaPool, ReusesBlocksOnTheSameStreamWithoutWaiting) {
  FakeDevice device;
  PoolAllocator pool(device);
  std::string error;
  void *a = pool.allocate(1000, streamA, error);
  ASSERT_TRUE(pool.deallocate(a, streamA, error));
  void *b = pool.allocate(900, streamA, error); // same 1024-byte class
  EXPECT_EQ(a, b);
  EXPECT_TRUE(device.waits.empty());
  PoolStats s = pool.stats();
  EXPECT_EQ(s.numDeviceAllocs, 1u);
  EXPECT_EQ(s.numCacheHits, 1u);
  EXPECT_EQ(s.liveBytes, 900u);
  EXPECT_EQ(device.allocs, 1);
  // The free's event was destroyed when the block was reused.
  EXPECT_TRUE(device.liveEvents.empty());
}

TEST(CudaPool, CrossStreamReuseWaitsOnTheFreeEvent) {
  FakeDevice device;
  PoolAllocator pool(device);
  std::string error;
  void *a = pool.allocate(4096, streamA, error);
  ASSERT_TRUE(pool.deallocate(a, streamA, error));
  ASSERT_EQ(device.liveEvents.size(), 1u);
  void *event = *device.liveEvents.begin();
  void *b = pool.allocate(4096, streamB, error);
  EXPECT_EQ(a, b);
  ASSERT_EQ(device.waits.size(), 1u);
  EXPECT_EQ(device.waits[0].first, streamB);
  EXPECT_EQ(device.waits[0].second, event);
  EXPECT_EQ(pool.stats().numCrossStreamReuses, 1u);
}

TEST(CudaPool, PrefersABlockFreedOnTheRequestingStream) {
  FakeDevice device;
  PoolAllocator pool(device);
  std::string error;
  void *a = pool.allocate(2048, streamA, error);
  void *b = pool.allocate(2048, streamB, error);
  ASSERT_TRUE(pool.deallocate(a, streamA, error));
  ASSERT_TRUE(pool.deallocate(b, streamB, error));
  EXPECT_EQ(pool.allocate(2048, streamB, error), b);
  EXPECT_TRUE(device.waits.empty());
}

TEST(CudaPool, ForgottenStreamsAreWaitedOn) {
  FakeDevice device;
  PoolAllocator pool(device);
  std::string error;
  void *a = pool.allocate(2048, streamA, error);
  ASSERT_TRUE(pool.deallocate(a, streamA, error));
  pool.forgetStream(streamA);
  // A new stream with the same handle must still wait for the old work.
  EXPECT_EQ(pool.allocate(2048, streamA, error), a);
  EXPECT_EQ(device.waits.size(), 1u);
}

TEST(CudaPool, DoesNotHandOutBlocksMoreThanTwiceTooLarge) {
  FakeDevice device;
  PoolAllocator pool(device);
  std::string error;
  void *big = pool.allocate(1 << 20, streamA, error);
  ASSERT_TRUE(pool.deallocate(big, streamA, error));
  void *small = pool.allocate(1000, streamA, error);
  EXPECT_NE(small, big);
  EXPECT_EQ(pool.stats().numDeviceAllocs, 2u);
  void *half = pool.allocate((1 << 19) + 1, streamA, error);
  EXPECT_EQ(half, big); // within 2x
}

TEST(CudaPool, OutOfMemoryReleasesTheCacheAndRetries) {
  FakeDevice device(8192);
  PoolAllocator pool(device);
  std::string error;
  void *a = pool.allocate(4096, streamA, error);
  void *b = pool.allocate(4096, streamA, error);
  ASSERT_TRUE(a && b);
  ASSERT_TRUE(pool.deallocate(a, streamA, error));
  ASSERT_TRUE(pool.deallocate(b, streamA, error));
  // 8192 bytes do not fit in any cached block; the cache is given back.
  void *c = pool.allocate(8192, streamA, error);
  ASSERT_NE(c, nullptr) << error;
  PoolStats s = pool.stats();
  EXPECT_EQ(s.cachedBytes, 0u);
  EXPECT_EQ(s.reservedBytes, 8192u);
  EXPECT_EQ(s.numDeviceFrees, 2u);
  EXPECT_EQ(device.syncs, 2); // waited for both frees' events
}

TEST(CudaPool, OutOfMemoryNamesTheRequestAndThePoolState) {
  FakeDevice device(10000);
  PoolAllocator pool(device);
  std::string error;
  void *a = pool.allocate(6000, streamA, error);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(pool.allocate(5000, streamA, error), nullptr);
  EXPECT_NE(error.find("out of device memory: requested 5000 bytes (5120 "
                       "rounded)"),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("6000 bytes live in 1 allocations"), std::string::npos)
      << error;
  EXPECT_NE(error.find("fake: out of memory"), std::string::npos) << error;
  PoolStats s = pool.stats();
  EXPECT_EQ(s.failedAllocs, 1u);
  EXPECT_EQ(s.liveBytes, 6000u);
}

TEST(CudaPool, BadFreesAreCountedAndNeverReachTheDevice) {
  FakeDevice device;
  PoolAllocator pool(device);
  std::string error;
  int local;
  EXPECT_FALSE(pool.deallocate(&local, streamA, error));
  EXPECT_NE(error.find("does not own"), std::string::npos);
  EXPECT_TRUE(pool.deallocate(nullptr, streamA, error));
  EXPECT_EQ(pool.stats().badFrees, 1u);
  EXPECT_EQ(device.releases, 0);
}

TEST(CudaPool, AFailedEventReturnsTheBlockToTheDevice) {
  FakeDevice device;
  PoolAllocator pool(device);
  std::string error;
  void *a = pool.allocate(100, streamA, error);
  device.failEvents = true;
  EXPECT_FALSE(pool.deallocate(a, streamA, error));
  EXPECT_NE(error.find("fake: event failure"), std::string::npos);
  PoolStats s = pool.stats();
  EXPECT_EQ(s.liveBytes, 0u);
  EXPECT_EQ(s.reservedBytes, 0u);
  EXPECT_EQ(device.releases, 1);
}

TEST(CudaPool, ZeroByteRequestsGetDistinctBlocks) {
  FakeDevice device;
  PoolAllocator pool(device);
  std::string error;
  void *a = pool.allocate(0, streamA, error);
  void *b = pool.allocate(0, streamA, error);
  ASSERT_TRUE(a && b);
  EXPECT_NE(a, b);
  EXPECT_EQ(pool.stats().liveBytes, 0u);
}

TEST(CudaPool, ResetKeepsLiveBytesAndRestartsPeaks) {
  FakeDevice device;
  PoolAllocator pool(device);
  std::string error;
  void *a = pool.allocate(1000, streamA, error);
  void *b = pool.allocate(2000, streamA, error);
  ASSERT_TRUE(pool.deallocate(b, streamA, error));
  pool.resetStats();
  PoolStats s = pool.stats();
  EXPECT_EQ(s.liveBytes, 1000u);
  EXPECT_EQ(s.peakBytes, 1000u);
  EXPECT_EQ(s.numAllocs, 0u);
  EXPECT_EQ(s.cachedBytes, 2048u);
  ASSERT_TRUE(pool.deallocate(a, streamA, error));
}

TEST(CudaPool, TrimReturnsEveryCachedBlock) {
  FakeDevice device;
  PoolAllocator pool(device);
  std::string error;
  std::vector<void *> ptrs;
  for (int i = 1; i <= 5; ++i)
    ptrs.push_back(pool.allocate(i * 1000, streamA, error));
  for (void *p : ptrs)
    ASSERT_TRUE(pool.deallocate(p, streamA, error));
  EXPECT_TRUE(pool.trim().ok());
  EXPECT_EQ(device.used, 0u);
  EXPECT_EQ(pool.stats().reservedBytes, 0u);
  EXPECT_TRUE(device.liveEvents.empty());
}

TEST(CudaPool, IsThreadSafe) {
  FakeDevice device;
  PoolAllocator pool(device);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&pool, t] {
      std::string error;
      void *stream = reinterpret_cast<void *>(0x100 + t);
      for (int i = 0; i < 500; ++i) {
        void *p = pool.allocate(512 * (1 + i % 7), stream, error);
        ASSERT_NE(p, nullptr);
        ASSERT_TRUE(pool.deallocate(p, stream, error));
      }
    });
  for (std::thread &t : threads)
    t.join();
  PoolStats s = pool.stats();
  EXPECT_EQ(s.liveBytes, 0u);
  EXPECT_EQ(s.numAllocs, 2000u);
  EXPECT_EQ(s.numFrees, 2000u);
}

} // namespace
