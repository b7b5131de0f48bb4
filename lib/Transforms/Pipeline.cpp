//===- Pipeline.cpp - the -remat-pipeline registration --------------------===//

#include "remat/Transforms/Passes.h"
#include "remat/Analysis/MemoryTimeline.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::remat;

static void addPipeline(OpPassManager &pm, const RematPipelineOptions &options);

namespace {
/// attention=tiled with a policy. The tile pass keeps its tiles only where
/// they do not raise the peak before the policy runs; but what the policy
/// then finds differs: on short sequences the tiles' loops and row
/// statistics can hold more than the score matrices they remove once the
/// policy has dropped those (a QK-norm block at T=16: +26%). So the policy
/// also runs on the untiled graph (a copy), and each function keeps the
/// result of the lower predicted peak, the untiled one with a remark.
class TiledOrUntiled
    : public PassWrapper<TiledOrUntiled, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TiledOrUntiled)

  explicit TiledOrUntiled(const RematPipelineOptions &options) {
    tiled.copyOptionValuesFrom(options);
    untiled.copyOptionValuesFrom(options);
    untiled.attention = AttentionMode::Untiled;
    untiled.explain = false; // its remarks are not shown
  }
  TiledOrUntiled(const TiledOrUntiled &other) : PassWrapper(other) {
    tiled.copyOptionValuesFrom(other.tiled);
    untiled.copyOptionValuesFrom(other.untiled);
  }
  StringRef getArgument() const final { return "remat-tiled-or-untiled"; }
  StringRef getDescription() const final {
    return "-remat-pipeline with attention=tiled: keep the tiles where the "
           "policy's result peaks lower with them";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    for (const RematPipelineOptions *o : {&tiled, &untiled}) {
      OpPassManager pm(ModuleOp::getOperationName());
      addPipeline(pm, *o);
      pm.getDependentDialects(registry);
    }
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpPassManager withTiles(ModuleOp::getOperationName());
    addPipeline(withTiles, tiled);
    OpPassManager withoutTiles(ModuleOp::getOperationName());
    addPipeline(withoutTiles, untiled);
    // The untiled run on a copy nested in the module (a dynamic pipeline
    // runs on the pass's op or below it), quietly: it is the tiled run's
    // remarks and errors the user sees.
    auto copy = cast<ModuleOp>(module->clone());
    module.getBody()->push_back(copy);
    LogicalResult copied = success();
    {
      ScopedDiagnosticHandler quiet(&getContext(),
                                    [](Diagnostic &) { return success(); });
      copied = runPipeline(withoutTiles, copy);
    }
    copy->remove();
    OwningOpRef<ModuleOp> owned(copy);
    if (failed(runPipeline(withTiles, module)))
      return signalPassFailure();
    if (failed(copied))
      return;
    for (auto func : module.getOps<func::FuncOp>()) {
      auto other = owned->lookupSymbol<func::FuncOp>(func.getSymName());
      if (!other || func.isExternal() || !func.getBody().hasOneBlock() ||
          !other.getBody().hasOneBlock())
        continue;
      int64_t withPeak =
          MemoryTimeline::build(func.getBody().front()).getPeakBytes();
      int64_t withoutPeak =
          MemoryTimeline::build(other.getBody().front()).getPeakBytes();
      if (withoutPeak >= withPeak)
        continue;
      func->setAttrs(other->getAttrDictionary());
      func.getBody().takeBody(other.getBody());
      emitRemark(func.getLoc())
          << "remat: attention left untiled: with the policy, the tiled "
             "graph's predicted peak is "
          << withPeak << " B, the untiled one's " << withoutPeak << " B";
    }
  }

private:
  RematPipelineOptions tiled, untiled;
};
} // namespace

void mlir::remat::buildRematPipeline(OpPassManager &pm,
                                     const RematPipelineOptions &options) {
  if (options.attention == AttentionMode::Tiled &&
      options.policy != MarkPolicy::None) {
    pm.addPass(std::make_unique<TiledOrUntiled>(options));
    return;
  }
  addPipeline(pm, options);
}

static void addPipeline(OpPassManager &pm,
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
  // Mark, materialize and schedule in one pass: the peak policy's measured
  // choice is already materialized and scheduled on its copy.
  mark.materialize = true;
  // Untiled, the destinations are split by the mark pass itself (tiled,
  // before the tiling above): the same IR, one verification less.
  mark.splitDestinations = !tiled;
  pm.addPass(createRematMark(mark));
}

void mlir::remat::registerRematPipeline() {
  registerPassPipeline(
      "remat-pipeline",
      "Rematerialize a training graph: -remat-mark with "
      "split-destinations=true materialize=true (split destinations, mark, "
      "materialize, schedule)",
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
