//===- GpuCompiler.h - compile a training graph for NVIDIA GPUs -*- C++ -*-===//
//
// What remat-compile and `remat-run --backend=cuda` share: rematerialize
// with a policy, predict the peak as the CPU runner does, lower with
// -remat-lower-to-nvvm, and emit a host object file (kernels embedded) plus
// the C++ wrapper that implements aot/remat-graph.h for it.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_EXECUTIONENGINE_GPUCOMPILER_H
#define REMAT_EXECUTIONENGINE_GPUCOMPILER_H

#include "remat/ExecutionEngine/CpuRunner.h"
#include "remat/Conversion/Passes.h"
#include "remat/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include <string>
#include <vector>

namespace remat_run {

struct GpuCompileResult {
  mlir::OwningOpRef<mlir::ModuleOp> module; ///< lowered to LLVM + gpu.binary
  int64_t predictedPeakBytes = 0;
  int64_t pipelinePeakBytes = 0;
  /// Bytes of dense tensor constants: each gets a device copy that lives
  /// for the whole call (the CPU reads them from the binary), so the device
  /// peak may exceed the prediction by this much.
  int64_t constantBytes = 0;
  std::vector<HostArray> argLayouts, resultLayouts; ///< data left empty
};

/// Registers what compileForGpu needs beyond initializeRunner: the LLVM IR
/// translations of the GPU and NVVM dialects. Call before creating the
/// context, after initializeRunner.
void initializeGpuCompiler(mlir::DialectRegistry &registry);

/// Clones `module` and compiles `entry` for the GPU. The entry's arguments
/// and results must be ranked tensors with static shapes. The lowered
/// function gets a C interface (`_mlir_ciface_<entry>`).
mlir::FailureOr<GpuCompileResult>
compileForGpu(mlir::ModuleOp module, llvm::StringRef entry,
              const mlir::remat::RematPipelineOptions &remat,
              const mlir::remat::RematLowerToNVVMOptions &lowering);

/// Translates `lowered` to LLVM IR, optimizes it at -O2 and writes a
/// position-independent x86-64 object file.
mlir::LogicalResult emitObjectFile(mlir::ModuleOp lowered, llvm::StringRef path,
                                   std::string &error);

/// The C++ source that implements aot/remat-graph.h for `entry`.
std::string generateWrapper(llvm::StringRef entry, llvm::StringRef source,
                            llvm::StringRef policy, llvm::StringRef chip,
                            const GpuCompileResult &compiled);

/// Compiles `entry` with compileForGpu, JIT-compiles the host code, copies
/// `inputs` to the device, runs it once and copies the results back. The
/// measured peak is the device pool's live-bytes high-water mark during the
/// call, above the inputs. Fails with a diagnostic (a message naming the
/// CUDA call when the device fails, or that no driver could be loaded).
mlir::FailureOr<RunResult>
compileAndRunOnGpu(mlir::ModuleOp module, llvm::StringRef entry,
                   const mlir::remat::RematPipelineOptions &remat,
                   const mlir::remat::RematLowerToNVVMOptions &lowering,
                   const std::vector<HostArray> &inputs);

} // namespace remat_run

#endif // REMAT_EXECUTIONENGINE_GPUCOMPILER_H
