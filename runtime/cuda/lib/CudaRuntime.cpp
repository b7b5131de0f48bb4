//===- CudaRuntime.cpp - mgpu* entry points over the dlopen'ed driver -----===//
//
// Written for remat against the signatures that MLIR 22's gpu-to-llvm
// lowering and gpu.binary translation emit (checked with mlir-translate):
//   mgpuModuleLoad(ptr, i64)  mgpuModuleLoadJIT(ptr, i32)
//   mgpuLaunchKernel(ptr, i64 x6, i32, ptr, ptr, ptr, i64)
//   mgpuMemAlloc(i64, ptr, i8)  mgpuMemFree(ptr, ptr) ...
// Device memory goes through the caching pool (PoolAllocator.h). Streams are
// created blocking (flags 0), so that work on the legacy default stream
// (cuBLAS, the driver's copies) is ordered with the compiled code's streams.
//
//===----------------------------------------------------------------------===//

#include "remat-cuda/CudaRuntime.h"
#include "Runtime.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <unordered_map>
#include <vector>

using namespace remat_cuda;

namespace {
/// The pool's view of the device.
class DriverBackend : public DeviceBackend {
public:
  Status allocate(size_t bytes, void **ptr) override;
  Status release(void *ptr) override;
  Status recordEvent(void *stream, void **event) override;
  Status streamWaitEvent(void *stream, void *event) override;
  Status eventSynchronize(void *event) override;
  Status destroyEvent(void *event) override;
};

struct State {
  std::mutex mutex;
  bool initTried = false;
  bool initialized = false;
  DriverApi api;
  Handle context = nullptr;
  CUdevice device = 0;
  int requestedDevice = 0;
  char deviceName[256] = {0};
  std::string error;
  bool hasError = false;
  DriverBackend backend;
  PoolAllocator pool{backend};
  Handle timerStart = nullptr, timerStop = nullptr;
  // Kernel profile: function handle -> kernel name, and the event pairs.
  bool profiling = false;
  std::unordered_map<void *, std::string> kernelNames;
  struct Launch {
    std::string name;
    Handle start, stop;
  };
  std::vector<Launch> launches;
};
} // namespace

static State &state() {
  // Never destroyed: compiled code may free after static destructors ran.
  static State *s = new State();
  return *s;
}

static thread_local bool contextCurrent = false;

void remat_cuda::recordError(const std::string &message) {
  State &s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (s.hasError)
      return;
    s.error = message;
    s.hasError = true;
  }
  if (!std::getenv("REMAT_CUDA_QUIET"))
    std::fprintf(stderr, "remat-cuda: %s\n", message.c_str());
}

bool remat_cuda::hasError() {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.hasError;
}

bool remat_cuda::check(const char *call, CUresult result) {
  if (result == kCudaSuccess)
    return true;
  recordError(describeError(state().api, call, result));
  return false;
}

static bool initLocked(State &s, std::string &error) {
  const char *path = std::getenv("REMAT_CUDA_DRIVER");
  error = loadDriver(s.api, path && *path ? path : "libcuda.so.1");
  if (!error.empty())
    return false;
  const DriverApi &api = s.api;
  CUresult r = api.cuInit(0);
  if (r != kCudaSuccess) {
    error = describeError(api, "cuInit", r);
    return false;
  }
  int count = 0;
  if ((r = api.cuDeviceGetCount(&count)) != kCudaSuccess) {
    error = describeError(api, "cuDeviceGetCount", r);
    return false;
  }
  if (s.requestedDevice < 0 || s.requestedDevice >= count) {
    error = "no CUDA device " + std::to_string(s.requestedDevice) + " (" +
            std::to_string(count) + " present)";
    return false;
  }
  if ((r = api.cuDeviceGet(&s.device, s.requestedDevice)) != kCudaSuccess) {
    error = describeError(api, "cuDeviceGet", r);
    return false;
  }
  api.cuDeviceGetName(s.deviceName, sizeof(s.deviceName) - 1, s.device);
  if ((r = api.cuDevicePrimaryCtxRetain(&s.context, s.device)) !=
      kCudaSuccess) {
    error = describeError(api, "cuDevicePrimaryCtxRetain", r);
    return false;
  }
  return true;
}

const DriverApi *remat_cuda::ready() {
  State &s = state();
  {
    std::unique_lock<std::mutex> lock(s.mutex);
    if (!s.initTried) {
      s.initTried = true;
      std::string error;
      s.initialized = initLocked(s, error);
      if (!s.initialized) {
        lock.unlock();
        recordError(error);
        return nullptr;
      }
    }
    if (!s.initialized)
      return nullptr;
  }
  if (!contextCurrent) {
    if (!check("cuCtxSetCurrent", s.api.cuCtxSetCurrent(s.context)))
      return nullptr;
    contextCurrent = true;
  }
  return &s.api;
}

//===----------------------------------------------------------------------===//
// The pool's backend
//===----------------------------------------------------------------------===//

Status DriverBackend::allocate(size_t bytes, void **ptr) {
  const DriverApi *api = ready();
  if (!api)
    return Status::error("the CUDA driver is not available");
  CUdeviceptr p = 0;
  CUresult r = api->cuMemAlloc_v2(&p, bytes);
  if (r != kCudaSuccess) {
    std::string message = describeError(*api, "cuMemAlloc_v2", r);
    size_t freeBytes = 0, totalBytes = 0;
    if (api->cuMemGetInfo_v2(&freeBytes, &totalBytes) == kCudaSuccess)
      message += "; device: " + std::to_string(freeBytes) + " of " +
                 std::to_string(totalBytes) + " bytes free";
    return Status::error(message, r == kCudaErrorOutOfMemory);
  }
  *ptr = reinterpret_cast<void *>(p);
  return Status::success();
}

/// Runs one driver call for the pool, as a Status naming the call.
template <typename Call> static Status poolCall(const char *name, Call call) {
  const DriverApi *api = ready();
  if (!api)
    return Status::error("the CUDA driver is not available");
  CUresult r = call(*api);
  return r == kCudaSuccess ? Status::success()
                           : Status::error(describeError(*api, name, r));
}

Status DriverBackend::release(void *ptr) {
  return poolCall("cuMemFree_v2", [&](const DriverApi &api) {
    return api.cuMemFree_v2(reinterpret_cast<CUdeviceptr>(ptr));
  });
}

Status DriverBackend::recordEvent(void *stream, void **event) {
  const DriverApi *api = ready();
  if (!api)
    return Status::error("the CUDA driver is not available");
  Handle e = nullptr;
  CUresult r = api->cuEventCreate(&e, /*CU_EVENT_DISABLE_TIMING=*/2);
  if (r != kCudaSuccess)
    return Status::error(describeError(*api, "cuEventCreate", r));
  if ((r = api->cuEventRecord(e, stream)) != kCudaSuccess) {
    api->cuEventDestroy_v2(e);
    return Status::error(describeError(*api, "cuEventRecord", r));
  }
  *event = e;
  return Status::success();
}

Status DriverBackend::streamWaitEvent(void *stream, void *event) {
  return poolCall("cuStreamWaitEvent", [&](const DriverApi &api) {
    return api.cuStreamWaitEvent(stream, event, 0);
  });
}

Status DriverBackend::eventSynchronize(void *event) {
  return poolCall("cuEventSynchronize", [&](const DriverApi &api) {
    return api.cuEventSynchronize(event);
  });
}

Status DriverBackend::destroyEvent(void *event) {
  return poolCall("cuEventDestroy_v2", [&](const DriverApi &api) {
    return api.cuEventDestroy_v2(event);
  });
}

//===----------------------------------------------------------------------===//
// remat_cuda_*
//===----------------------------------------------------------------------===//

extern "C" int remat_cuda_init(int device) {
  State &s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (!s.initTried)
      s.requestedDevice = device;
  }
  return ready() ? 0 : 1;
}

extern "C" const char *remat_cuda_error(void) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.hasError ? s.error.c_str() : nullptr;
}

extern "C" void remat_cuda_clear_error(void) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.hasError = false;
  s.error.clear();
}

extern "C" const char *remat_cuda_device_name(void) {
  return state().deviceName;
}

extern "C" int remat_cuda_synchronize(void) {
  const DriverApi *api = ready();
  return api && check("cuCtxSynchronize", api->cuCtxSynchronize()) ? 0 : 1;
}

extern "C" remat_cuda_pool_stats remat_cuda_get_pool_stats(void) {
  PoolStats p = state().pool.stats();
  remat_cuda_pool_stats s;
  s.live_bytes = p.liveBytes;
  s.peak_bytes = p.peakBytes;
  s.reserved_bytes = p.reservedBytes;
  s.peak_reserved_bytes = p.peakReservedBytes;
  s.cached_bytes = p.cachedBytes;
  s.num_allocs = p.numAllocs;
  s.num_frees = p.numFrees;
  s.num_device_allocs = p.numDeviceAllocs;
  s.num_cache_hits = p.numCacheHits;
  s.bad_frees = p.badFrees;
  s.failed_allocs = p.failedAllocs;
  return s;
}

extern "C" void remat_cuda_reset_pool_stats(void) { state().pool.resetStats(); }

extern "C" void *remat_cuda_alloc(size_t bytes) {
  if (!ready())
    return nullptr;
  std::string error;
  void *ptr = state().pool.allocate(bytes, nullptr, error);
  if (!ptr)
    recordError(error);
  return ptr;
}

extern "C" void remat_cuda_free(void *ptr) {
  std::string error;
  if (!state().pool.deallocate(ptr, nullptr, error))
    recordError(error);
}

static int copy(void *dst, const void *src, size_t bytes) {
  const DriverApi *api = ready();
  if (!api)
    return 1;
  if (bytes == 0)
    return 0;
  return check("cuMemcpy",
               api->cuMemcpy(reinterpret_cast<CUdeviceptr>(dst),
                             reinterpret_cast<CUdeviceptr>(src), bytes))
             ? 0
             : 1;
}

extern "C" int remat_cuda_copy_to_device(void *dst, const void *src,
                                         size_t bytes) {
  return copy(dst, src, bytes);
}

extern "C" int remat_cuda_copy_to_host(void *dst, const void *src,
                                       size_t bytes) {
  return copy(dst, src, bytes);
}

extern "C" int remat_cuda_timer_start(void) {
  const DriverApi *api = ready();
  if (!api)
    return 1;
  State &s = state();
  if (!s.timerStart &&
      (!check("cuEventCreate", api->cuEventCreate(&s.timerStart, 0)) ||
       !check("cuEventCreate", api->cuEventCreate(&s.timerStop, 0))))
    return 1;
  return check("cuEventRecord", api->cuEventRecord(s.timerStart, nullptr)) ? 0
                                                                           : 1;
}

extern "C" double remat_cuda_timer_stop(void) {
  const DriverApi *api = ready();
  State &s = state();
  if (!api || !s.timerStart)
    return -1;
  float ms = 0;
  if (!check("cuEventRecord", api->cuEventRecord(s.timerStop, nullptr)) ||
      !check("cuEventSynchronize", api->cuEventSynchronize(s.timerStop)) ||
      !check("cuEventElapsedTime",
             api->cuEventElapsedTime(&ms, s.timerStart, s.timerStop)))
    return -1;
  return ms;
}

//===----------------------------------------------------------------------===//
// Kernel profile
//===----------------------------------------------------------------------===//

/// REMAT_CUDA_PROFILE=FILE profiles programs that do not call
/// remat_cuda_profile_enable themselves (remat-run --backend=cuda, a user's
/// own driver): every launch from the first one on, written to FILE at
/// exit. Registered at the first launch, after the driver's own exit
/// handlers, so it runs before them.
static void writeProfileAtExit() {
  if (const char *path = std::getenv("REMAT_CUDA_PROFILE"))
    if (remat_cuda_profile_write(path) != 0)
      std::fprintf(stderr, "remat-cuda: writing the kernel profile to %s "
                           "failed\n", path);
}

static bool profiling() {
  static const bool fromEnv = [] {
    const char *v = std::getenv("REMAT_CUDA_PROFILE");
    if (!v || !*v)
      return false;
    std::atexit(writeProfileAtExit);
    return true;
  }();
  return fromEnv || state().profiling;
}

extern "C" void remat_cuda_profile_enable(int on) { state().profiling = on; }

void *remat_cuda::profileBegin(void *stream) {
  if (!profiling() || hasError())
    return nullptr;
  const DriverApi *api = ready();
  Handle start = nullptr;
  if (!api || !check("cuEventCreate", api->cuEventCreate(&start, 0)))
    return nullptr;
  if (!check("cuEventRecord", api->cuEventRecord(start, stream))) {
    api->cuEventDestroy_v2(start);
    return nullptr;
  }
  return start;
}

void remat_cuda::profileEnd(void *start, void *stream, std::string name) {
  if (!start)
    return;
  const DriverApi *api = ready();
  Handle stop = nullptr;
  if (!api || !check("cuEventCreate", api->cuEventCreate(&stop, 0)) ||
      !check("cuEventRecord", api->cuEventRecord(stop, stream))) {
    if (api)
      api->cuEventDestroy_v2(start);
    return;
  }
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.launches.push_back({std::move(name), start, stop});
}

static std::string jsonString(const std::string &text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += '\\';
    if (static_cast<unsigned char>(c) >= 0x20)
      out += c;
  }
  return out + "\"";
}

extern "C" int remat_cuda_profile_write(const char *path) {
  const DriverApi *api = ready();
  if (!api || remat_cuda_synchronize() != 0)
    return 1;
  State &s = state();
  std::vector<State::Launch> launches;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    launches.swap(s.launches);
  }
  struct Group {
    int count = 0;
    double total = 0, max = 0;
  };
  std::map<std::string, Group> groups;
  double total = 0;
  bool ok = true;
  for (State::Launch &l : launches) {
    float ms = 0;
    if (ok && !check("cuEventElapsedTime",
                     api->cuEventElapsedTime(&ms, l.start, l.stop)))
      ok = false;
    api->cuEventDestroy_v2(l.start);
    api->cuEventDestroy_v2(l.stop);
    Group &g = groups[l.name];
    ++g.count;
    g.total += ms;
    g.max = std::max<double>(g.max, ms);
    total += ms;
  }
  if (!ok)
    return 1;
  std::vector<std::pair<std::string, Group>> sorted(groups.begin(),
                                                    groups.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](auto &a, auto &b) {
    return a.second.total > b.second.total;
  });
  std::ostringstream os;
  os << "{\"total_ms\": " << total << ", \"launches\": " << launches.size()
     << ", \"kernels\": [";
  for (size_t i = 0; i < sorted.size(); ++i)
    os << (i ? ",\n  " : "\n  ") << "{\"name\": " << jsonString(sorted[i].first)
       << ", \"count\": " << sorted[i].second.count
       << ", \"total_ms\": " << sorted[i].second.total
       << ", \"max_ms\": " << sorted[i].second.max << "}";
  os << "]}\n";
  if (std::strcmp(path, "-") == 0) {
    std::fputs(os.str().c_str(), stdout);
    return 0;
  }
  std::ofstream file(path);
  file << os.str();
  if (!file) {
    recordError(std::string("cannot write the kernel profile to ") + path);
    return 1;
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// mgpu*
//===----------------------------------------------------------------------===//

extern "C" void *mgpuModuleLoad(void *data, size_t /*size*/) {
  const DriverApi *api = ready();
  if (!api)
    return nullptr;
  Handle module = nullptr;
  if (!check("cuModuleLoadData", api->cuModuleLoadData(&module, data)))
    return nullptr;
  return module;
}

extern "C" void *mgpuModuleLoadJIT(void *data, int optLevel) {
  const DriverApi *api = ready();
  if (!api)
    return nullptr;
  char log[8192] = {0};
  int options[] = {/*CU_JIT_ERROR_LOG_BUFFER=*/5,
                   /*CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES=*/6,
                   /*CU_JIT_OPTIMIZATION_LEVEL=*/7};
  void *values[] = {log, reinterpret_cast<void *>(sizeof(log) - 1),
                    reinterpret_cast<void *>(static_cast<intptr_t>(optLevel))};
  Handle module = nullptr;
  CUresult r = api->cuModuleLoadDataEx(&module, data, 3, options, values);
  if (r != kCudaSuccess) {
    std::string message =
        describeError(*api, "cuModuleLoadDataEx (PTX JIT)", r);
    if (log[0])
      message += "; JIT log: " + std::string(log);
    recordError(message);
    return nullptr;
  }
  return module;
}

extern "C" void mgpuModuleUnload(void *module) {
  const DriverApi *api = ready();
  // Compiled code unloads from a global destructor; once the driver has
  // shut down at process exit (CUDA_ERROR_DEINITIALIZED), there is nothing
  // left to unload.
  if (api && module) {
    CUresult r = api->cuModuleUnload(module);
    if (r != /*CUDA_ERROR_DEINITIALIZED=*/4)
      check("cuModuleUnload", r);
  }
}

extern "C" void *mgpuModuleGetFunction(void *module, const char *name) {
  const DriverApi *api = ready();
  if (!api || !module)
    return nullptr;
  Handle function = nullptr;
  CUresult r = api->cuModuleGetFunction(&function, module, name);
  if (r != kCudaSuccess) {
    recordError(describeError(*api, "cuModuleGetFunction", r) +
                " for kernel '" + name + "'");
    return nullptr;
  }
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.kernelNames[function] = name;
  return function;
}

static bool fitsUnsigned(intptr_t v) {
  return v >= 0 &&
         static_cast<uint64_t>(v) <= std::numeric_limits<unsigned>::max();
}

extern "C" void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                                 intptr_t gridZ, intptr_t blockX,
                                 intptr_t blockY, intptr_t blockZ, int32_t smem,
                                 void *stream, void **params, void **extra,
                                 size_t /*paramsCount*/) {
  const DriverApi *api = ready();
  if (!api || hasError())
    return; // the first error is already recorded
  if (!function) {
    recordError("mgpuLaunchKernel: the kernel was not loaded");
    return;
  }
  if (!fitsUnsigned(gridX) || !fitsUnsigned(gridY) || !fitsUnsigned(gridZ) ||
      !fitsUnsigned(blockX) || !fitsUnsigned(blockY) || !fitsUnsigned(blockZ) ||
      smem < 0) {
    recordError("mgpuLaunchKernel: launch dimensions out of range (grid " +
                std::to_string(gridX) + "x" + std::to_string(gridY) + "x" +
                std::to_string(gridZ) + ", block " + std::to_string(blockX) +
                "x" + std::to_string(blockY) + "x" + std::to_string(blockZ) +
                ")");
    return;
  }
  void *start = profileBegin(stream);
  CUresult r = api->cuLaunchKernel(function, gridX, gridY, gridZ, blockX,
                                   blockY, blockZ, smem, stream, params, extra);
  if (start) {
    std::string name;
    {
      State &s = state();
      std::lock_guard<std::mutex> lock(s.mutex);
      auto it = s.kernelNames.find(function);
      name = it == s.kernelNames.end() ? "?" : it->second;
    }
    profileEnd(start, stream,
               name + " <<<" + std::to_string(gridX) + "x" +
                   std::to_string(gridY) + "x" + std::to_string(gridZ) +
                   ", " + std::to_string(blockX) + "x" +
                   std::to_string(blockY) + "x" + std::to_string(blockZ) +
                   ">>>");
  }
  if (r != kCudaSuccess)
    recordError(describeError(*api, "cuLaunchKernel", r) + " (grid " +
                std::to_string(gridX) + "x" + std::to_string(gridY) + "x" +
                std::to_string(gridZ) + ", block " + std::to_string(blockX) +
                "x" + std::to_string(blockY) + "x" + std::to_string(blockZ) +
                ")");
}

extern "C" void *mgpuStreamCreate(void) {
  const DriverApi *api = ready();
  if (!api)
    return nullptr;
  Handle stream = nullptr;
  // Blocking: ordered with the legacy default stream (see the file header).
  if (!check("cuStreamCreate", api->cuStreamCreate(&stream, 0)))
    return nullptr;
  return stream;
}

extern "C" void mgpuStreamDestroy(void *stream) {
  const DriverApi *api = ready();
  if (!api || !stream)
    return;
  state().pool.forgetStream(stream);
  check("cuStreamDestroy_v2", api->cuStreamDestroy_v2(stream));
}

extern "C" void mgpuStreamSynchronize(void *stream) {
  const DriverApi *api = ready();
  if (api)
    check("cuStreamSynchronize", api->cuStreamSynchronize(stream));
}

extern "C" void mgpuStreamWaitEvent(void *stream, void *event) {
  const DriverApi *api = ready();
  if (api && event)
    check("cuStreamWaitEvent", api->cuStreamWaitEvent(stream, event, 0));
}

extern "C" void *mgpuEventCreate(void) {
  const DriverApi *api = ready();
  if (!api)
    return nullptr;
  Handle event = nullptr;
  if (!check("cuEventCreate",
             api->cuEventCreate(&event, /*CU_EVENT_DISABLE_TIMING=*/2)))
    return nullptr;
  return event;
}

extern "C" void mgpuEventDestroy(void *event) {
  const DriverApi *api = ready();
  if (api && event)
    check("cuEventDestroy_v2", api->cuEventDestroy_v2(event));
}

extern "C" void mgpuEventSynchronize(void *event) {
  const DriverApi *api = ready();
  if (api && event)
    check("cuEventSynchronize", api->cuEventSynchronize(event));
}

extern "C" void mgpuEventRecord(void *event, void *stream) {
  const DriverApi *api = ready();
  if (api && event)
    check("cuEventRecord", api->cuEventRecord(event, stream));
}

extern "C" void *mgpuMemAlloc(uint64_t sizeBytes, void *stream,
                              bool isHostShared) {
  if (!ready())
    return nullptr;
  if (isHostShared) {
    recordError("mgpuMemAlloc: host_shared allocations are not supported by "
                "remat's runtime");
    return nullptr;
  }
  std::string error;
  void *ptr = state().pool.allocate(sizeBytes, stream, error);
  if (!ptr)
    recordError("mgpuMemAlloc: " + error);
  return ptr;
}

extern "C" void mgpuMemFree(void *ptr, void *stream) {
  std::string error;
  if (!state().pool.deallocate(ptr, stream, error))
    recordError("mgpuMemFree: " + error);
}

extern "C" void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                           void *stream) {
  const DriverApi *api = ready();
  if (!api || hasError() || sizeBytes == 0)
    return;
  check("cuMemcpyAsync", api->cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(dst),
                                            reinterpret_cast<CUdeviceptr>(src),
                                            sizeBytes, stream));
}

extern "C" void mgpuMemset32(void *dst, unsigned int value, size_t count,
                             void *stream) {
  const DriverApi *api = ready();
  if (!api || hasError() || count == 0)
    return;
  check("cuMemsetD32Async",
        api->cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(dst), value, count,
                              stream));
}

extern "C" void mgpuMemset16(void *dst, unsigned short value, size_t count,
                             void *stream) {
  const DriverApi *api = ready();
  if (!api || hasError() || count == 0)
    return;
  check("cuMemsetD16Async",
        api->cuMemsetD16Async(reinterpret_cast<CUdeviceptr>(dst), value, count,
                              stream));
}

extern "C" void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  const DriverApi *api = ready();
  if (api)
    check("cuMemHostRegister_v2", api->cuMemHostRegister_v2(ptr, sizeBytes, 0));
}

extern "C" void mgpuMemHostUnregister(void *ptr) {
  const DriverApi *api = ready();
  if (api)
    check("cuMemHostUnregister", api->cuMemHostUnregister(ptr));
}

extern "C" void mgpuSetDefaultDevice(int32_t device) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!s.initTried)
    s.requestedDevice = device;
}
