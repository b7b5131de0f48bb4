//===- Pipeline.cpp - the -remat-pipeline registration --------------------===//

#include "remat/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::remat;

void mlir::remat::buildRematPipeline(OpPassManager &pm,
                                     const RematPipelineOptions &options) {
  // policy=none leaves the IR exactly as it was: no schedule either.
  if (options.policy == "none")
    return;
  RematMarkOptions mark;
  mark.policy = options.policy;
  mark.flopsPerByte = options.flopsPerByte;
  mark.segments = options.segments;
  mark.group = options.group;
  mark.every = options.every;
  mark.budget = options.budget;
  mark.solver = options.solver;
  mark.exactLimit = options.exactLimit;
  pm.addNestedPass<func::FuncOp>(createRematSplitDestinations());
  pm.addPass(createRematMark(mark));
  pm.addPass(createRematMaterialize());
  pm.addPass(createRematSchedule());
}

std::string mlir::remat::getLowerToLLVMPreparePipeline() {
  return "remat-prepare-lowering,"
         "func.func(remat-split-destinations,convert-elementwise-to-linalg)";
}

std::string mlir::remat::getLowerToLLVMFinishPipeline() {
  // Bufferize with function boundaries and identity layouts (callers pass
  // plain descriptors); free each buffer right after its last use
  // (ownership-based deallocation puts frees at the end, and
  // -optimize-allocation-liveness then moves them up); lower linalg to
  // loops, which LLVM vectorizes; reach the LLVM dialect. Allocation goes
  // through _mlir_memref_to_llvm_* so a runtime can count every byte.
  return "one-shot-bufferize{bufferize-function-boundaries buffer-alignment=0 analysis-heuristic=top-down "
         "function-boundary-type-conversion=identity-layout-map},"
         "buffer-deallocation-pipeline,convert-bufferization-to-memref,"
         "func.func(optimize-allocation-liveness,convert-linalg-to-loops),"
         "expand-strided-metadata,lower-affine,convert-scf-to-cf,"
         "convert-math-to-llvm,convert-math-to-libm,convert-arith-to-llvm,"
         "convert-index-to-llvm,"
         "finalize-memref-to-llvm{use-generic-functions=1},"
         "convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts";
}

LogicalResult mlir::remat::buildLowerToLLVMPipeline(OpPassManager &pm,
                                                    raw_ostream &errors) {
  if (failed(parsePassPipeline(getLowerToLLVMPreparePipeline(), pm, errors)) ||
      failed(parsePassPipeline(getLowerToLLVMFinishPipeline(), pm, errors)))
    return failure();
  return success();
}

void mlir::remat::registerRematPipeline() {
  registerPassPipeline(
      "remat-pipeline",
      "Rematerialize a training graph: -remat-split-destinations, "
      "-remat-mark, -remat-materialize, -remat-schedule",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        RematPipelineOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        if (std::optional<std::string> error = validateMarkOptions(
                options.policy, options.flopsPerByte, options.segments,
                options.group, options.every, options.budget,
                options.solver))
          return errorHandler(*error);
        buildRematPipeline(pm, options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optHandler) {
        optHandler(RematPipelineOptions());
      });
  registerPassPipeline(
      "remat-lower-to-llvm",
      "Lower a (rematerialized) training graph to the LLVM dialect for the "
      "CPU: inline recomputations in place, bufferize, free each buffer "
      "after its last use, lower to loops and LLVM",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        if (!text.empty())
          return errorHandler("remat-lower-to-llvm takes no options");
        std::string error;
        llvm::raw_string_ostream os(error);
        if (failed(buildLowerToLLVMPipeline(pm, os)))
          return errorHandler("remat-lower-to-llvm: " + error);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)>) {});
}
