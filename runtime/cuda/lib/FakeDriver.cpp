//===- FakeDriver.cpp - a host-memory stand-in for the CUDA driver --------===//
//
// Selected with REMAT_CUDA_DRIVER=fake. Memory calls work on host memory
// (cuMemAlloc is malloc, copies are memcpy, memsets fill), modules, kernels,
// streams and events are dummies, launches do nothing. Compiled graphs then
// run their whole host side: every allocation, free, copy and launch the
// device would see, in order, through the real pool. That tests the
// ahead-of-time wrapper's calling convention and the measured-vs-predicted
// peak on machines without a GPU. Results are not computed, except GEMMs
// (Cublas.cpp then calls a host reference with cuBLAS's conventions) into
// fresh, zeroed buffers.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

using namespace remat_cuda;

namespace {
char dummy[8]; // distinct non-null handles

CUresult ok0() { return kCudaSuccess; }
CUresult init(unsigned) { return kCudaSuccess; }
CUresult version(int *v) {
  *v = 13000;
  return kCudaSuccess;
}
CUresult errorName(CUresult r, const char **s) {
  *s = r == 0   ? "CUDA_SUCCESS"
       : r == 2 ? "CUDA_ERROR_OUT_OF_MEMORY"
                : "CUDA_ERROR_INVALID_VALUE";
  return kCudaSuccess;
}
CUresult errorString(CUresult r, const char **s) {
  *s = r == 0 ? "no error" : r == 2 ? "out of memory" : "invalid argument";
  return kCudaSuccess;
}
CUresult count(int *n) {
  *n = 1;
  return kCudaSuccess;
}
CUresult deviceGet(CUdevice *d, int) {
  *d = 0;
  return kCudaSuccess;
}
CUresult deviceName(char *name, int len, CUdevice) {
  std::strncpy(name, "remat fake device (host memory, kernels not run)",
               len - 1);
  return kCudaSuccess;
}
CUresult handleOut(Handle *h) {
  *h = &dummy[0];
  return kCudaSuccess;
}
CUresult ctxRetain(Handle *h, CUdevice) { return handleOut(h); }
CUresult handleIn(Handle) { return kCudaSuccess; }
CUresult moduleLoad(Handle *h, const void *) { return handleOut(h); }
CUresult moduleLoadEx(Handle *h, const void *, unsigned, int *, void **) {
  return handleOut(h);
}
CUresult getFunction(Handle *h, Handle, const char *) { return handleOut(h); }
CUresult launch(Handle, unsigned, unsigned, unsigned, unsigned, unsigned,
                unsigned, unsigned, Handle, void **, void **) {
  return kCudaSuccess;
}
CUresult streamCreate(Handle *h, unsigned) {
  *h = new char; // distinct per stream, as the pool expects
  return kCudaSuccess;
}
CUresult streamDestroy(Handle h) {
  delete static_cast<char *>(h);
  return kCudaSuccess;
}
CUresult streamWait(Handle, Handle, unsigned) { return kCudaSuccess; }
CUresult eventCreate(Handle *h, unsigned) {
  *h = new char;
  return kCudaSuccess;
}
CUresult eventDestroy(Handle h) {
  delete static_cast<char *>(h);
  return kCudaSuccess;
}
CUresult eventRecord(Handle, Handle) { return kCudaSuccess; }
CUresult elapsed(float *ms, Handle, Handle) {
  *ms = 0;
  return kCudaSuccess;
}
/// REMAT_CUDA_FAKE_MEMORY: the fake device's capacity in bytes (default:
/// unlimited), to test out-of-memory handling.
struct Memory {
  std::mutex mutex;
  std::unordered_map<void *, size_t> sizes;
  size_t used = 0;
  size_t capacity = SIZE_MAX;
  Memory() {
    if (const char *env = std::getenv("REMAT_CUDA_FAKE_MEMORY"))
      capacity = std::strtoull(env, nullptr, 10);
  }
};

Memory &memory() {
  static Memory *m = new Memory();
  return *m;
}

CUresult memAlloc(CUdeviceptr *p, size_t bytes) {
  Memory &mem = memory();
  std::lock_guard<std::mutex> lock(mem.mutex);
  if (bytes > mem.capacity - mem.used)
    return kCudaErrorOutOfMemory;
  // Zeroed: the fills of zero that kernels would do are then in place for
  // fresh buffers (the fake cuBLAS accumulates into them).
  void *m = std::calloc(bytes ? bytes : 1, 1);
  if (!m)
    return kCudaErrorOutOfMemory;
  mem.sizes[m] = bytes;
  mem.used += bytes;
  *p = reinterpret_cast<CUdeviceptr>(m);
  return kCudaSuccess;
}
CUresult memFree(CUdeviceptr p) {
  Memory &mem = memory();
  std::lock_guard<std::mutex> lock(mem.mutex);
  auto it = mem.sizes.find(reinterpret_cast<void *>(p));
  if (it == mem.sizes.end())
    return 1; // CUDA_ERROR_INVALID_VALUE
  mem.used -= it->second;
  mem.sizes.erase(it);
  std::free(reinterpret_cast<void *>(p));
  return kCudaSuccess;
}
CUresult memInfo(size_t *free, size_t *total) {
  Memory &mem = memory();
  std::lock_guard<std::mutex> lock(mem.mutex);
  *total = mem.capacity == SIZE_MAX ? size_t(1) << 40 : mem.capacity;
  *free = *total - std::min(mem.used, *total);
  return kCudaSuccess;
}
CUresult copy(CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
  std::memmove(reinterpret_cast<void *>(dst), reinterpret_cast<void *>(src),
               bytes);
  return kCudaSuccess;
}
CUresult copyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes, Handle) {
  return copy(dst, src, bytes);
}
CUresult set32(CUdeviceptr dst, unsigned v, size_t n, Handle) {
  auto *p = reinterpret_cast<unsigned *>(dst);
  for (size_t i = 0; i < n; ++i)
    p[i] = v;
  return kCudaSuccess;
}
CUresult set16(CUdeviceptr dst, unsigned short v, size_t n, Handle) {
  auto *p = reinterpret_cast<unsigned short *>(dst);
  for (size_t i = 0; i < n; ++i)
    p[i] = v;
  return kCudaSuccess;
}
CUresult hostRegister(void *, size_t, unsigned) { return kCudaSuccess; }
CUresult hostUnregister(void *) { return kCudaSuccess; }
} // namespace

void remat_cuda::loadFakeDriver(DriverApi &api) {
  api.cuInit = init;
  api.cuDriverGetVersion = version;
  api.cuGetErrorName = errorName;
  api.cuGetErrorString = errorString;
  api.cuDeviceGetCount = count;
  api.cuDeviceGet = deviceGet;
  api.cuDeviceGetName = deviceName;
  api.cuDevicePrimaryCtxRetain = ctxRetain;
  api.cuCtxSetCurrent = handleIn;
  api.cuCtxSynchronize = ok0;
  api.cuModuleLoadData = moduleLoad;
  api.cuModuleLoadDataEx = moduleLoadEx;
  api.cuModuleUnload = handleIn;
  api.cuModuleGetFunction = getFunction;
  api.cuLaunchKernel = launch;
  api.cuStreamCreate = streamCreate;
  api.cuStreamDestroy_v2 = streamDestroy;
  api.cuStreamSynchronize = handleIn;
  api.cuStreamWaitEvent = streamWait;
  api.cuEventCreate = eventCreate;
  api.cuEventDestroy_v2 = eventDestroy;
  api.cuEventSynchronize = handleIn;
  api.cuEventRecord = eventRecord;
  api.cuEventElapsedTime = elapsed;
  api.cuMemAlloc_v2 = memAlloc;
  api.cuMemFree_v2 = memFree;
  api.cuMemGetInfo_v2 = memInfo;
  api.cuMemcpy = copy;
  api.cuMemcpyAsync = copyAsync;
  api.cuMemsetD32Async = set32;
  api.cuMemsetD16Async = set16;
  api.cuMemHostRegister_v2 = hostRegister;
  api.cuMemHostUnregister = hostUnregister;
  api.library = &dummy[1];
}
