//===- Runtime.h - the runtime's process-wide state -------------*- C++ -*-===//
//
// Internal to runtime/cuda: the loaded driver, the primary context, the
// device pool and the first recorded error, shared by the mgpu* entry
// points (CudaRuntime.cpp) and the cuBLAS calls (Cublas.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_CUDA_RUNTIME_H
#define REMAT_CUDA_RUNTIME_H

#include "Driver.h"
#include "remat-cuda/PoolAllocator.h"

#include <mutex>
#include <string>

namespace remat_cuda {

/// Records `message` as the runtime's error if none is recorded yet, and
/// prints it to stderr unless REMAT_CUDA_QUIET is set.
void recordError(const std::string &message);
/// Whether an error has been recorded.
bool hasError();
/// Ensures the driver is loaded and the primary context is current on this
/// thread; returns the driver table, or null (error recorded).
const DriverApi *ready();
/// Checks a driver result; on failure records an error naming `call` and
/// returns false.
bool check(const char *call, CUresult result);

/// Kernel profile: returns a start event recorded on `stream` when
/// profiling is on, else null; profileEnd records the stop event and keeps
/// the pair under `name`.
void *profileBegin(void *stream);
void profileEnd(void *start, void *stream, std::string name);

} // namespace remat_cuda

#endif // REMAT_CUDA_RUNTIME_H
