//===- Allocator.cpp - remat's counting host allocator --------------------===//
//
// A map from pointer to requested size under a mutex: simple, exact, and
// fast enough for training graphs, which allocate per tensor, not per
// element. Bad frees are counted and ignored rather than crashing, so a
// lowering bug shows up as a number in a test, not as heap corruption.
//
//===----------------------------------------------------------------------===//

#include "remat-runtime/Allocator.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <unordered_map>

namespace {
struct State {
  std::mutex mutex;
  std::unordered_map<const void *, size_t> sizes;
  remat_alloc_stats stats{};
  uint64_t badFrees = 0;
};

State &state() {
  static State *s = new State(); // never destroyed: frees may come late
  return *s;
}

void *record(void *ptr, size_t size) {
  if (!ptr) {
    // Compiled code does not test for null: it would write through it.
    // Say what failed and stop (remat-run refuses graphs whose predicted
    // peak exceeds the machine before they run; this is the backstop).
    State &s = state();
    std::fprintf(stderr,
                 "remat runtime: out of memory: an allocation of %zu bytes "
                 "failed with %llu bytes live\n",
                 size, static_cast<unsigned long long>(s.stats.live_bytes));
    std::abort();
  }
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.sizes[ptr] = size;
  s.stats.live_bytes += size;
  s.stats.total_bytes += size;
  ++s.stats.num_allocs;
  if (s.stats.live_bytes > s.stats.peak_bytes)
    s.stats.peak_bytes = s.stats.live_bytes;
  return ptr;
}
} // namespace

extern "C" void *_mlir_memref_to_llvm_alloc(size_t size) {
  // malloc(0) may return null; compiled code treats null as failure.
  return record(std::malloc(size ? size : 1), size);
}

extern "C" void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment,
                                                    size_t size) {
  if (alignment < sizeof(void *))
    alignment = sizeof(void *);
  void *ptr = nullptr;
  if (posix_memalign(&ptr, alignment, size ? size : 1) != 0)
    ptr = nullptr;
  return record(ptr, size);
}

extern "C" void _mlir_memref_to_llvm_free(void *ptr) {
  if (!ptr)
    return;
  State &s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    auto it = s.sizes.find(ptr);
    if (it == s.sizes.end()) {
      ++s.badFrees;
      return;
    }
    s.stats.live_bytes -= it->second;
    ++s.stats.num_frees;
    s.sizes.erase(it);
  }
  std::free(ptr);
}

extern "C" remat_alloc_stats remat_alloc_get_stats(void) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.stats;
}

extern "C" void remat_alloc_reset_stats(void) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  uint64_t live = s.stats.live_bytes;
  s.stats = remat_alloc_stats{};
  s.stats.live_bytes = live;
  s.stats.peak_bytes = live;
  s.badFrees = 0;
}

extern "C" int remat_alloc_owns(const void *ptr) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.sizes.count(ptr) != 0;
}

extern "C" uint64_t remat_alloc_bad_frees(void) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.badFrees;
}
