//===- Pipeline.cpp - the -remat-pipeline registration --------------------===//

#include "remat/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::remat;

void mlir::remat::buildRematPipeline(OpPassManager &pm,
                                     const RematPipelineOptions &options) {
  bool tiled = options.attention == AttentionMode::Tiled;
  if (options.accumulators == AccumulatorMode::Tiled)
    pm.addNestedPass<func::FuncOp>(createRematTileAccumulators());
  if (tiled) {
    RematTileAttentionOptions tile;
    tile.blockQ = options.attentionBlockQ;
    tile.blockK = options.attentionBlockK;
    pm.addNestedPass<func::FuncOp>(createRematSplitDestinations());
    pm.addNestedPass<func::FuncOp>(createRematTileAttention(tile));
  }
  // policy=none leaves the IR exactly as it was: no schedule either.
  if (options.policy == MarkPolicy::None)
    return;
  RematMarkOptions mark;
  mark.policy = options.policy;
  mark.flopsPerByte = options.flopsPerByte;
  mark.maxRecompute = options.maxRecompute;
  mark.maxGrowth = options.maxGrowth;
  mark.prefer = options.prefer;
  mark.segments = options.segments;
  mark.group = options.group;
  mark.every = options.every;
  mark.budget = options.budget;
  mark.solver = options.solver;
  mark.exactLimit = options.exactLimit;
  mark.timeLimit = options.timeLimit;
  mark.explain = options.explain;
  if (!tiled)
    pm.addNestedPass<func::FuncOp>(createRematSplitDestinations());
  pm.addPass(createRematMark(mark));
  pm.addPass(createRematMaterialize());
  pm.addPass(createRematSchedule());
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
                options.maxRecompute, options.maxGrowth, options.prefer))
          return errorHandler(*error);
        if (options.attentionBlockQ < 1 || options.attentionBlockK < 1)
          return errorHandler("attention-block-q and attention-block-k must "
                              "be at least 1");
        buildRematPipeline(pm, options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optHandler) {
        optHandler(RematPipelineOptions());
      });
}
