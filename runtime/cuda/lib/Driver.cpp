//===- Driver.cpp - the CUDA driver API, loaded with dlopen ---------------===//

#include "Driver.h"

#include <dlfcn.h>

using namespace remat_cuda;

std::string remat_cuda::loadDriver(DriverApi &api, const char *path) {
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *why = dlerror();
    return std::string("cannot load the CUDA driver '") + path +
           "': " + (why ? why : "unknown error") +
           " (no NVIDIA driver on this machine? set REMAT_CUDA_DRIVER to "
           "the path of libcuda.so.1)";
  }
#define REMAT_CUDA_RESOLVE(name, type)                                         \
  api.name = reinterpret_cast<Fn<type>>(dlsym(library, #name));                    \
  if (!api.name) {                                                             \
    dlclose(library);                                                          \
    return std::string("the CUDA driver '") + path + "' has no " #name;        \
  }
  REMAT_CUDA_DRIVER_FUNCTIONS(REMAT_CUDA_RESOLVE)
#undef REMAT_CUDA_RESOLVE
  api.library = library;
  return {};
}

std::string remat_cuda::describeError(const DriverApi &api, const char *call,
                                      CUresult result) {
  const char *name = nullptr, *text = nullptr;
  if (api.cuGetErrorName)
    api.cuGetErrorName(result, &name);
  if (api.cuGetErrorString)
    api.cuGetErrorString(result, &text);
  std::string message = std::string(call) + " failed: ";
  message += name ? name : "CUDA error " + std::to_string(result);
  if (text)
    message += std::string(" (") + text + ")";
  return message;
}
