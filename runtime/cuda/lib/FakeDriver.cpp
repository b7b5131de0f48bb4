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

#include <cstdlib>
#include <cstring>

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
  *s = r ? "CUDA_ERROR_FAKE" : "CUDA_SUCCESS";
  return kCudaSuccess;
}
CUresult errorString(CUresult r, const char **s) {
  *s = r ? "error of the fake driver" : "no error";
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
CUresult memAlloc(CUdeviceptr *p, size_t bytes) {
  // Zeroed: the fills of zero that kernels would do are then in place for
  // fresh buffers (the fake cuBLAS accumulates into them).
  void *m = std::calloc(bytes ? bytes : 1, 1);
  if (!m)
    return kCudaErrorOutOfMemory;
  *p = reinterpret_cast<CUdeviceptr>(m);
  return kCudaSuccess;
}
CUresult memFree(CUdeviceptr p) {
  std::free(reinterpret_cast<void *>(p));
  return kCudaSuccess;
}
CUresult memInfo(size_t *free, size_t *total) {
  *free = *total = size_t(1) << 40;
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
