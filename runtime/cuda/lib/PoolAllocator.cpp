//===- PoolAllocator.cpp - stream-ordered caching device pool -------------===//
//
// See PoolAllocator.h for the algorithm.
//
//===----------------------------------------------------------------------===//

#include "remat-cuda/PoolAllocator.h"

#include <sstream>

using namespace remat_cuda;

DeviceBackend::~DeviceBackend() = default;

PoolAllocator::~PoolAllocator() {
  // The device may already be gone at process exit; errors are ignored.
  (void)trim();
}

size_t PoolAllocator::roundUp(size_t bytes) {
  if (bytes == 0)
    return kGranularity;
  return (bytes + kGranularity - 1) / kGranularity * kGranularity;
}

void *PoolAllocator::allocate(size_t bytes, void *stream, std::string &error) {
  std::lock_guard<std::mutex> lock(mutex);
  size_t size = roundUp(bytes);
  void *ptr = nullptr;

  // Smallest cached block that fits, at most twice the size; prefer one
  // freed on the same stream among equal sizes.
  auto best = cache.end();
  for (auto it = cache.lower_bound(size);
       it != cache.end() && it->first <= 2 * size; ++it) {
    if (best != cache.end() && it->first > best->first)
      break;
    if (best == cache.end() || it->second.stream == stream)
      best = it;
    if (it->second.stream == stream)
      break;
  }
  if (best != cache.end()) {
    Block block = best->second;
    if (block.event && block.stream != stream) {
      Status s = backend.streamWaitEvent(stream, block.event);
      if (!s.ok()) {
        ++counters.failedAllocs;
        error =
            "remat pool: reusing a block freed on another stream: " + s.message;
        return nullptr;
      }
      ++counters.numCrossStreamReuses;
    }
    if (block.event)
      (void)backend.destroyEvent(block.event);
    cache.erase(best);
    counters.cachedBytes -= block.size;
    ++counters.numCacheHits;
    ptr = block.ptr;
    size = block.size;
  } else {
    Status s = backend.allocate(size, &ptr);
    if (!s.ok() && s.outOfMemory && !cache.empty()) {
      // Give the cache back and try once more.
      Status r = releaseCacheLocked();
      if (r.ok())
        s = backend.allocate(size, &ptr);
    }
    if (!s.ok() || !ptr) {
      ++counters.failedAllocs;
      std::ostringstream os;
      if (s.outOfMemory)
        os << "out of device memory: requested " << bytes << " bytes (" << size
           << " rounded); " << describeLocked() << "; " << s.message;
      else
        os << "device allocation of " << bytes << " bytes failed: "
           << (s.ok() ? std::string("null pointer") : s.message) << "; "
           << describeLocked();
      error = os.str();
      return nullptr;
    }
    ++counters.numDeviceAllocs;
    counters.reservedBytes += size;
    if (counters.reservedBytes > counters.peakReservedBytes)
      counters.peakReservedBytes = counters.reservedBytes;
  }
  live[ptr] = Live{bytes, size};
  ++counters.numAllocs;
  counters.liveBytes += bytes;
  if (counters.liveBytes > counters.peakBytes)
    counters.peakBytes = counters.liveBytes;
  return ptr;
}

bool PoolAllocator::deallocate(void *ptr, void *stream, std::string &error) {
  if (!ptr)
    return true;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = live.find(ptr);
  if (it == live.end()) {
    ++counters.badFrees;
    std::ostringstream os;
    os << "free of a pointer the device pool does not own (" << ptr
       << "); ignored";
    error = os.str();
    return false;
  }
  Live entry = it->second;
  live.erase(it);
  ++counters.numFrees;
  counters.liveBytes -= entry.requested;
  void *event = nullptr;
  Status s = backend.recordEvent(stream, &event);
  if (!s.ok()) {
    // Without an event the block cannot be reused safely on another
    // stream: give it back to the device instead.
    (void)backend.release(ptr);
    counters.reservedBytes -= entry.size;
    ++counters.numDeviceFrees;
    error = "remat pool: recording the free's event: " + s.message;
    return false;
  }
  cache.emplace(entry.size, Block{ptr, entry.size, stream, event});
  counters.cachedBytes += entry.size;
  return true;
}

Status PoolAllocator::releaseCacheLocked() {
  Status first;
  for (auto &[size, block] : cache) {
    if (block.event) {
      Status s = backend.eventSynchronize(block.event);
      if (!s.ok() && first.ok())
        first = s;
      (void)backend.destroyEvent(block.event);
    }
    Status s = backend.release(block.ptr);
    if (!s.ok() && first.ok())
      first = s;
    counters.reservedBytes -= block.size;
    counters.cachedBytes -= block.size;
    ++counters.numDeviceFrees;
  }
  cache.clear();
  return first;
}

Status PoolAllocator::trim() {
  std::lock_guard<std::mutex> lock(mutex);
  return releaseCacheLocked();
}

void PoolAllocator::forgetStream(void *stream) {
  // A tag no stream handle can equal.
  static char retired;
  std::lock_guard<std::mutex> lock(mutex);
  for (auto &entry : cache)
    if (entry.second.stream == stream)
      entry.second.stream = &retired;
}

PoolStats PoolAllocator::stats() const {
  std::lock_guard<std::mutex> lock(mutex);
  return counters;
}

void PoolAllocator::resetStats() {
  std::lock_guard<std::mutex> lock(mutex);
  PoolStats fresh;
  fresh.liveBytes = fresh.peakBytes = counters.liveBytes;
  fresh.reservedBytes = fresh.peakReservedBytes = counters.reservedBytes;
  fresh.cachedBytes = counters.cachedBytes;
  counters = fresh;
}

size_t PoolAllocator::sizeOf(const void *ptr) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = live.find(ptr);
  return it == live.end() ? 0 : it->second.requested;
}

std::string PoolAllocator::describe() const {
  std::lock_guard<std::mutex> lock(mutex);
  return describeLocked();
}

std::string PoolAllocator::describeLocked() const {
  std::ostringstream os;
  os << "pool: " << counters.liveBytes << " bytes live in " << live.size()
     << " allocations, " << counters.reservedBytes << " bytes reserved ("
     << counters.cachedBytes << " cached in " << cache.size()
     << " blocks), peak live " << counters.peakBytes << " bytes, "
     << counters.numDeviceAllocs << " device allocations";
  return os.str();
}
