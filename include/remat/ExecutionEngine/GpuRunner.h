//===- GpuRunner.h - compile and run a training graph on NVIDIA GPUs -*- C++ -*-===//
//
// `remat-run --backend=cuda`: rematerialize with a policy and predict the
// peak as the CPU runner does (prepareGraph, Runner.h), lower with
// -remat-lower-to-nvvm, then either run the graph in process
// (compileAndRunOnGpu) or, with --compile-only, emit a host object file
// (kernels embedded) plus the C++ wrapper that implements
// aot/remat-graph.h for it.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_EXECUTIONENGINE_GPURUNNER_H
#define REMAT_EXECUTIONENGINE_GPURUNNER_H

#include "remat/Conversion/Passes.h"
#include "remat/ExecutionEngine/Runner.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include <string>
#include <vector>

namespace mlir::remat {

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
void initializeGpuRunner(mlir::DialectRegistry &registry);

/// Clones `module` and compiles `entry` for the GPU (prepareGraph, then
/// the rest of -remat-lower-to-nvvm). The entry's arguments and results
/// must be ranked tensors with static shapes; `inputs`, when given, are
/// checked against the arguments first. The lowered function gets a C
/// interface (`_mlir_ciface_<entry>`).
mlir::FailureOr<GpuCompileResult>
compileForGpu(mlir::ModuleOp module, llvm::StringRef entry,
              const RematPipelineOptions &remat,
              const RematLowerToNVVMOptions &lowering,
              const std::vector<HostArray> *inputs = nullptr);

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
                   const RematPipelineOptions &remat,
                   const RematLowerToNVVMOptions &lowering,
                   const std::vector<HostArray> &inputs);

} // namespace mlir::remat

#endif // REMAT_EXECUTIONENGINE_GPURUNNER_H
