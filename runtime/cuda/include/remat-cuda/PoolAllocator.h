//===- PoolAllocator.h - stream-ordered caching device pool -----*- C++ -*-===//
//
// The device allocator behind `mgpuMemAlloc`/`mgpuMemFree`. Its logic is
// independent of CUDA: it talks to the device through `DeviceBackend`, which
// the runtime implements over the driver API and the unit tests implement
// with a fake.
//
// Algorithm. Requests are rounded up to 512 bytes. A freed block goes to a
// cache, tagged with the stream it was freed on and an event recorded on
// that stream at the free. A request first looks for the smallest cached
// block that fits and is at most twice the rounded size: a block freed on
// the requesting stream is reused at once (stream order makes that safe);
// a block freed on another stream is reused after making the requesting
// stream wait on the free's event. Otherwise the backend allocates. When
// the backend is out of memory, the cache is released and the allocation
// retried once; if it still fails, the error names the requested size and
// the pool's state.
//
// Statistics count requested bytes (not rounded), so that the live-bytes
// high-water mark compares directly with remat's predicted peak; reserved
// bytes (what the device holds, cache included) are counted apart.
//
// No MLIR, no CUDA headers: standard C++ only. Thread-safe (one mutex).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_CUDA_POOLALLOCATOR_H
#define REMAT_CUDA_POOLALLOCATOR_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>

namespace remat_cuda {

/// The outcome of a backend call: empty message on success.
struct Status {
  std::string message;
  bool outOfMemory = false;
  bool ok() const { return message.empty(); }
  static Status success() { return {}; }
  static Status error(std::string message, bool outOfMemory = false) {
    Status s;
    s.message = std::move(message);
    s.outOfMemory = outOfMemory;
    return s;
  }
};

/// What the pool needs from a device. Streams and events are opaque
/// handles; a null stream is the default stream.
class DeviceBackend {
public:
  virtual ~DeviceBackend();
  virtual Status allocate(size_t bytes, void **ptr) = 0;
  virtual Status release(void *ptr) = 0;
  /// Records an event on `stream`; may set `*event` to null when the
  /// backend needs no ordering (then nothing is waited on).
  virtual Status recordEvent(void *stream, void **event) = 0;
  virtual Status streamWaitEvent(void *stream, void *event) = 0;
  virtual Status eventSynchronize(void *event) = 0;
  virtual Status destroyEvent(void *event) = 0;
};

struct PoolStats {
  uint64_t liveBytes = 0;     ///< requested bytes currently allocated
  uint64_t peakBytes = 0;     ///< high-water mark of liveBytes
  uint64_t reservedBytes = 0; ///< bytes held from the device (cache included)
  uint64_t peakReservedBytes = 0;
  uint64_t cachedBytes = 0;          ///< reserved bytes in free cached blocks
  uint64_t numAllocs = 0;            ///< allocation requests served
  uint64_t numFrees = 0;             ///< frees of owned pointers
  uint64_t numDeviceAllocs = 0;      ///< allocations the backend made
  uint64_t numDeviceFrees = 0;       ///< blocks returned to the backend
  uint64_t numCacheHits = 0;         ///< requests served from the cache
  uint64_t numCrossStreamReuses = 0; ///< cache hits that waited on an event
  uint64_t badFrees = 0;     ///< frees of pointers the pool does not own
  uint64_t failedAllocs = 0; ///< requests that failed
};

class PoolAllocator {
public:
  static constexpr size_t kGranularity = 512;

  explicit PoolAllocator(DeviceBackend &backend) : backend(backend) {}
  ~PoolAllocator();
  PoolAllocator(const PoolAllocator &) = delete;
  PoolAllocator &operator=(const PoolAllocator &) = delete;

  /// Allocates `bytes` for use on `stream`. On failure returns null and sets
  /// `error` (out of memory names the request and the pool's state).
  void *allocate(size_t bytes, void *stream, std::string &error);
  /// Frees `ptr` after the work queued on `stream`. Null is ignored; a
  /// pointer the pool does not own is counted and reported, never passed
  /// to the backend.
  bool deallocate(void *ptr, void *stream, std::string &error);
  /// Returns every cached block to the backend (waiting for their events).
  Status trim();
  /// Called before `stream` is destroyed: its cached blocks are no longer
  /// reused without waiting on their events (a new stream may get the same
  /// handle).
  void forgetStream(void *stream);

  PoolStats stats() const;
  /// Restarts the counters; live and reserved bytes stay, peaks restart
  /// at the current values.
  void resetStats();
  /// Requested size of a live allocation, or 0 if `ptr` is not one.
  size_t sizeOf(const void *ptr) const;
  /// One line describing the pool's state, for error messages.
  std::string describe() const;

  static size_t roundUp(size_t bytes);

private:
  struct Block {
    void *ptr;
    size_t size;  ///< rounded size held from the backend
    void *stream; ///< stream of the last free
    void *event;  ///< event recorded at that free, or null
  };
  struct Live {
    size_t requested;
    size_t size;
  };

  Status releaseCacheLocked();
  std::string describeLocked() const;

  DeviceBackend &backend;
  mutable std::mutex mutex;
  std::multimap<size_t, Block> cache; ///< by rounded size
  std::unordered_map<const void *, Live> live;
  PoolStats counters;
};

} // namespace remat_cuda

#endif // REMAT_CUDA_POOLALLOCATOR_H
