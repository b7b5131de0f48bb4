//===- Driver.h - the CUDA driver API, loaded with dlopen -------*- C++ -*-===//
//
// The few driver entry points the runtime uses, declared here with plain
// types (no cuda.h needed to build) and resolved with dlsym from
// libcuda.so.1 (or $REMAT_CUDA_DRIVER). Internal to runtime/cuda.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_CUDA_DRIVER_H
#define REMAT_CUDA_DRIVER_H

#include <cstddef>
#include <string>

namespace remat_cuda {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using Handle = void *; // CUcontext, CUmodule, CUfunction, CUstream, CUevent

constexpr CUresult kCudaSuccess = 0;
constexpr CUresult kCudaErrorOutOfMemory = 2;

template <typename T> using Fn = T;

struct DriverApi {
#define REMAT_CUDA_DRIVER_FUNCTIONS(X)                                         \
  X(cuInit, CUresult (*)(unsigned))                                            \
  X(cuDriverGetVersion, CUresult (*)(int *))                                   \
  X(cuGetErrorName, CUresult (*)(CUresult, const char **))                     \
  X(cuGetErrorString, CUresult (*)(CUresult, const char **))                   \
  X(cuDeviceGetCount, CUresult (*)(int *))                                     \
  X(cuDeviceGet, CUresult (*)(CUdevice *, int))                                \
  X(cuDeviceGetName, CUresult (*)(char *, int, CUdevice))                      \
  X(cuDevicePrimaryCtxRetain, CUresult (*)(Handle *, CUdevice))                \
  X(cuCtxSetCurrent, CUresult (*)(Handle))                                     \
  X(cuCtxSynchronize, CUresult (*)())                                          \
  X(cuModuleLoadData, CUresult (*)(Handle *, const void *))                    \
  X(cuModuleLoadDataEx,                                                        \
    CUresult (*)(Handle *, const void *, unsigned, int *, void **))            \
  X(cuModuleUnload, CUresult (*)(Handle))                                      \
  X(cuModuleGetFunction, CUresult (*)(Handle *, Handle, const char *))         \
  X(cuLaunchKernel,                                                            \
    CUresult (*)(Handle, unsigned, unsigned, unsigned, unsigned, unsigned,     \
                 unsigned, unsigned, Handle, void **, void **))                \
  X(cuStreamCreate, CUresult (*)(Handle *, unsigned))                          \
  X(cuStreamDestroy_v2, CUresult (*)(Handle))                                  \
  X(cuStreamSynchronize, CUresult (*)(Handle))                                 \
  X(cuStreamWaitEvent, CUresult (*)(Handle, Handle, unsigned))                 \
  X(cuEventCreate, CUresult (*)(Handle *, unsigned))                           \
  X(cuEventDestroy_v2, CUresult (*)(Handle))                                   \
  X(cuEventSynchronize, CUresult (*)(Handle))                                  \
  X(cuEventRecord, CUresult (*)(Handle, Handle))                               \
  X(cuEventElapsedTime, CUresult (*)(float *, Handle, Handle))                 \
  X(cuMemAlloc_v2, CUresult (*)(CUdeviceptr *, size_t))                        \
  X(cuMemFree_v2, CUresult (*)(CUdeviceptr))                                   \
  X(cuMemGetInfo_v2, CUresult (*)(size_t *, size_t *))                         \
  X(cuMemcpy, CUresult (*)(CUdeviceptr, CUdeviceptr, size_t))                  \
  X(cuMemcpyAsync, CUresult (*)(CUdeviceptr, CUdeviceptr, size_t, Handle))     \
  X(cuMemsetD32Async, CUresult (*)(CUdeviceptr, unsigned, size_t, Handle))     \
  X(cuMemsetD16Async,                                                          \
    CUresult (*)(CUdeviceptr, unsigned short, size_t, Handle))                 \
  X(cuMemHostRegister_v2, CUresult (*)(void *, size_t, unsigned))              \
  X(cuMemHostUnregister, CUresult (*)(void *))

#define REMAT_CUDA_DECLARE(name, type) Fn<type> name = nullptr;
  REMAT_CUDA_DRIVER_FUNCTIONS(REMAT_CUDA_DECLARE)
#undef REMAT_CUDA_DECLARE

  void *library = nullptr;
};

/// Loads the driver library and resolves every entry point. Returns an
/// empty string on success, else why not (the file and dlerror(), or the
/// missing symbol).
std::string loadDriver(DriverApi &api, const char *path);

/// Fills `api` with the host-memory stand-in (REMAT_CUDA_DRIVER=fake).
void loadFakeDriver(DriverApi &api);

/// "cuMemAlloc_v2 failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory)".
std::string describeError(const DriverApi &api, const char *call,
                          CUresult result);

} // namespace remat_cuda

#endif // REMAT_CUDA_DRIVER_H
