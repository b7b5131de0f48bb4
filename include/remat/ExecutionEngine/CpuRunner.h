//===- CpuRunner.h - compile and run a training graph on the CPU -*- C++ -*-===//
//
// The engine behind remat-run: rematerialize with a policy, lower with
// -remat-lower-to-llvm, JIT-compile with MLIR's ExecutionEngine, call the
// entry function on host buffers and measure the compiled code's heap
// through the runtime's counting allocator.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_EXECUTIONENGINE_CPURUNNER_H
#define REMAT_EXECUTIONENGINE_CPURUNNER_H

#include "remat/ExecutionEngine/Runner.h"

namespace mlir::remat {

/// Clones `module`, rematerializes it with `options` (nothing for
/// policy=none), lowers it and runs `entry` on `inputs`. Emits a diagnostic
/// and fails on any error. `optLevel` is LLVM's (0-3), or kAutoOptLevel.
/// `fuseElementwise` fuses as the GPU lowering does
/// (-remat-fuse-elementwise), so the fused IR can be checked on the CPU.
FailureOr<RunResult>
compileAndRun(ModuleOp module, StringRef entry,
              const RematPipelineOptions &options,
              const std::vector<HostArray> &inputs,
              unsigned optLevel = kAutoOptLevel, bool fuseElementwise = false);

} // namespace mlir::remat

#endif // REMAT_EXECUTIONENGINE_CPURUNNER_H
