//===- Driver.cpp - the CUDA driver API, loaded with dlopen ---------------===//

#include "Driver.h"

#include <dlfcn.h>

using namespace remat_cuda;

std::string remat_cuda::loadDriver(DriverApi &api, const char *path) {
  if (std::string(path) == "fake") {
    loadFakeDriver(api);
    return {};
  }
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *why = dlerror();
    return std::string("cannot load the CUDA driver '") + path +
           "': " + (why ? why : "unknown error") +
           " (no NVIDIA driver on this machine? set REMAT_CUDA_DRIVER to "
           "the path of libcuda.so.1)";
  }
#define REMAT_CUDA_RESOLVE(name, type)                                         \
  api.name = reinterpret_cast<Fn<type>>(dlsym(library, #name));                \
  if (!api.name) {                                                             \
    dlclose(library);                                                          \
    return std::string("the CUDA driver '") + path + "' has no " #name;        \
  }
  REMAT_CUDA_DRIVER_FUNCTIONS(REMAT_CUDA_RESOLVE)
#undef REMAT_CUDA_RESOLVE
  api.library = library;
  return {};
}

/// Names of the errors most worth reading, for drivers whose
/// cuGetErrorName fails (the toolkit's stub library).
static const char *knownName(CUresult result, const char **text) {
  switch (result) {
  case 1:
    *text = "invalid argument";
    return "CUDA_ERROR_INVALID_VALUE";
  case 2:
    *text = "out of memory";
    return "CUDA_ERROR_OUT_OF_MEMORY";
  case 3:
    *text = "initialization error";
    return "CUDA_ERROR_NOT_INITIALIZED";
  case 34:
    *text = "the CUDA driver is the toolkit's stub library: no NVIDIA driver "
            "is installed";
    return "CUDA_ERROR_STUB_LIBRARY";
  case 35:
    *text = "the driver is older than the CUDA runtime";
    return "CUDA_ERROR_INSUFFICIENT_DRIVER";
  case 100:
    *text = "no CUDA-capable device is detected";
    return "CUDA_ERROR_NO_DEVICE";
  case 209:
    *text = "no kernel image is available for execution on the device";
    return "CUDA_ERROR_NO_BINARY_FOR_GPU";
  case 218:
    *text = "a PTX JIT compilation failed";
    return "CUDA_ERROR_INVALID_PTX";
  case 222:
    *text = "the PTX was compiled with an unsupported toolchain";
    return "CUDA_ERROR_UNSUPPORTED_PTX_VERSION";
  case 700:
    *text = "an illegal memory access was encountered";
    return "CUDA_ERROR_ILLEGAL_ADDRESS";
  case 701:
    *text = "too many resources requested for launch";
    return "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES";
  default:
    return nullptr;
  }
}

std::string remat_cuda::describeError(const DriverApi &api, const char *call,
                                      CUresult result) {
  const char *name = nullptr, *text = nullptr;
  if (api.cuGetErrorName && api.cuGetErrorName(result, &name) != kCudaSuccess)
    name = nullptr;
  if (api.cuGetErrorString &&
      api.cuGetErrorString(result, &text) != kCudaSuccess)
    text = nullptr;
  if (!name) {
    const char *known = nullptr;
    name = knownName(result, &known);
    if (!text)
      text = known;
  }
  std::string message = std::string(call) + " failed: ";
  message += name ? name : "CUDA error " + std::to_string(result);
  if (text)
    message += std::string(" (") + text + ")";
  return message;
}
