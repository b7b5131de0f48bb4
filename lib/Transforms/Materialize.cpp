//===- Materialize.cpp - turn recompute marks into remat.recompute --------===//
//
// Walks the backward ops in program order. When one reads forward values
// whose producers are marked `remat.policy = "recompute"`, a
// `remat.recompute` is inserted just before it, cloning the chain of marked
// producers those values need back to saved values and arguments:
//
//   %b = linalg.matmul ...                      // saved
//   %c = linalg.generic ins(%b) ... // gelu     {remat.policy = "recompute"}
//   %d = linalg.matmul ins(%c, %w2) ...
//   ...                                         // backward starts
//   %dw2 = linalg.matmul ins(%c, %dd) ...
// becomes
//   %c = linalg.generic ins(%b) ...             // dies after %d
//   %d = linalg.matmul ins(%c, %w2) ...
//   ...
//   %c2 = remat.recompute(%b) : ... {
//   ^bb0(%in: ...):
//     %g = linalg.generic ins(%in) ...
//     remat.yield %g : ...
//   }
//   %dw2 = linalg.matmul ins(%c2, %dd) ...
//
// The recomputation precedes the first consumer of %c in backward (the
// weight gradient), not merely the GELU's own gradient. Scalar constants are
// cloned into the region instead of being passed in. Later backward users of
// a recomputed value reuse the region's result; a chain shared by several
// values needed at the same op is cloned once.
//
// Safety: only ops that are recomputable (cost model, no memory effects)
// are cloned, whatever their mark. If the regions raise the predicted peak
// over the input's, the regions that raise it are undone one by one.
//
// The budget solvers replay region construction (both sharing modes, the
// redirection of uses, orphan erasure) on flat arrays
// (lib/Transforms/BudgetModel.cpp, buildRegions/buildProgram): keep the two
// in step (BudgetModel.AgreesWithThePipeline checks they agree).
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/MemoryTimeline.h"
#include "remat/Analysis/TrainingGraph.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Transforms/Passes.h"
#include "remat/Transforms/Rematerialize.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATMATERIALIZE
#include "remat/Transforms/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

namespace {
/// One inserted recomputation and the forward values it stands for.
struct Recomputation {
  RecomputeOp op;
  SmallVector<Value> forwardValues;
};
} // namespace

/// Whether `value` is a tensor produced by a forward op that is to be
/// recomputed. Scalars cost nothing to keep.
static bool isMarkedForRecompute(const TrainingGraph &graph, Value value) {
  if (!isa<RankedTensorType>(value.getType()))
    return false;
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != &graph.getBody() || graph.isBackward(def))
    return false;
  return getPolicy(def) == Policy::Recompute && isRecomputable(def);
}

/// Input-free producers (constants, tensor.empty, zero fills) are cloned
/// into regions rather than passed in: keeping them alive for the region
/// would cost memory for nothing. `known`: the answers so far (forward ops
/// do not change while regions are built).
static bool isClonable(Operation *op, DenseMap<Operation *, bool> &known) {
  return op && isInputFree(op, &known);
}

/// Whether a backward op (other than the terminator) still reads the
/// forward value `value`, i.e. no region has served it yet.
static bool hasBackwardUse(const TrainingGraph &graph, Value value) {
  return llvm::any_of(value.getUsers(), [&](Operation *user) {
    Operation *top = graph.getTopLevelOp(user);
    return top && graph.isBackward(top) &&
           !top->hasTrait<OpTrait::IsTerminator>() && !isa<RecomputeOp>(top);
  });
}

/// Builds the recomputation of `needed` just before `consumer`. With
/// `share`, values the chain computes anyway and that later backward ops
/// read are yielded too, so they are not recomputed again later.
static Recomputation buildRegion(const TrainingGraph &graph,
                                 Operation *consumer,
                                 ArrayRef<Value> neededValues,
                                 const DenseMap<Value, Value> &recomputed,
                                 bool share,
                                 DenseMap<Operation *, bool> &clonable,
                                 bool *extraYields) {
  // The chain: marked producers reachable from `needed` through marked
  // producers not already recomputed by an earlier region, plus the
  // input-free producers they read.
  llvm::SetVector<Operation *> chain;
  SmallVector<Operation *> worklist;
  for (Value value : neededValues)
    worklist.push_back(value.getDefiningOp());
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!chain.insert(op))
      continue;
    for (Value input : getOpInputs(op)) {
      Operation *def = input.getDefiningOp();
      if ((isMarkedForRecompute(graph, input) && !recomputed.count(input)) ||
          (isClonable(def, clonable) && def->getBlock() == &graph.getBody()))
        worklist.push_back(def);
    }
  }
  SmallVector<Operation *> ordered(chain.begin(), chain.end());
  llvm::sort(ordered, [&](Operation *a, Operation *b) {
    return graph.getIndex(a) < graph.getIndex(b);
  });

  llvm::SetVector<Value> needed(neededValues.begin(), neededValues.end());
  if (share)
    for (Operation *op : ordered)
      for (Value result : op->getResults())
        if (!needed.contains(result) && isMarkedForRecompute(graph, result) &&
            hasBackwardUse(graph, result)) {
          needed.insert(result);
          if (extraYields)
            *extraYields = true;
        }

  // Region inputs, in order of first use.
  llvm::SetVector<Value> inputs;
  for (Operation *op : ordered)
    for (Value input : getOpInputs(op)) {
      Operation *def = input.getDefiningOp();
      if (!def || !chain.contains(def))
        inputs.insert(input);
    }

  OpBuilder builder(consumer);
  SmallVector<Value> operands;
  for (Value input : inputs)
    operands.push_back(recomputed.lookup(input) ? recomputed.lookup(input)
                                                : input);
  SmallVector<Type> resultTypes;
  for (Value value : needed)
    resultTypes.push_back(value.getType());
  auto region = RecomputeOp::create(builder, consumer->getLoc(), resultTypes,
                                    operands);
  Block *body = builder.createBlock(&region.getBody());
  IRMapping mapping;
  for (Value input : inputs)
    mapping.map(input, body->addArgument(input.getType(), input.getLoc()));
  builder.setInsertionPointToStart(body);
  for (Operation *op : ordered) {
    Operation *clone = builder.clone(*op, mapping);
    // The decision belongs to the forward op, not to its copy.
    clone->removeAttr(RematDialect::kPolicyAttrName);
  }
  SmallVector<Value> yielded;
  for (Value value : needed)
    yielded.push_back(mapping.lookup(value));
  remat::YieldOp::create(builder, consumer->getLoc(), yielded);
  return Recomputation{region, SmallVector<Value>(needed.begin(), needed.end())};
}

/// Puts the forward values back in place of a region's results.
static void undoRegion(Recomputation &region) {
  for (auto [value, result] :
       llvm::zip(region.forwardValues, region.op.getResults()))
    result.replaceAllUsesWith(value);
  region.op.erase();
}

/// Above this many regions, enforcePeak ranks them in one round instead
/// of choosing the best one round by round.
static constexpr size_t kExactUndoRegions = 32;

/// Undoes regions until the peak is back at or under `baseline`, choosing
/// each time the region whose undoing lowers the peak most. `peak` is
/// `body`'s as it comes.
static void enforcePeak(Block &body, int64_t baseline, int64_t peak,
                        SmallVectorImpl<Recomputation> &regions,
                        MaterializeStats &stats) {
  for (bool first = true; !regions.empty(); first = false) {
    if (!first)
      peak = MemoryTimeline::build(body).getPeakBytes();
    if (peak <= baseline)
      return;
    // Measure each region's removal by rewiring its users back to the
    // forward values and then restoring them; only the best is undone.
    size_t best = regions.size() - 1;
    int64_t bestPeak = peak;
    std::vector<std::pair<int64_t, size_t>> ranked;
    for (size_t i = 0; i < regions.size(); ++i) {
      Recomputation &region = regions[i];
      // Temporarily route users back to the forward values.
      SmallVector<std::pair<OpOperand *, Value>> saved;
      for (auto [value, result] :
           llvm::zip(region.forwardValues, region.op.getResults()))
        for (OpOperand &use : llvm::make_early_inc_range(result.getUses())) {
          saved.emplace_back(&use, result);
          use.set(value);
        }
      int64_t trial = MemoryTimeline::build(body).getPeakBytes();
      for (auto [use, result] : saved)
        use->set(result);
      if (trial < bestPeak) {
        bestPeak = trial;
        best = i;
      }
      ranked.emplace_back(trial, i);
    }
    if (regions.size() > kExactUndoRegions) {
      // Many regions: each round costs a timeline per region, and as many
      // rounds as regions made it cubic (a 5,500-op attention stack whose
      // 160 regions raised the peak: 12,700 timelines, 20 s). One round
      // ranks them; they are undone in that order until the peak is back.
      llvm::stable_sort(ranked);
      SmallVector<bool> undone(regions.size(), false);
      for (auto [trial, i] : ranked) {
        undoRegion(regions[i]);
        undone[i] = true;
        ++stats.undone;
        if (MemoryTimeline::build(body).getPeakBytes() <= baseline)
          break;
      }
      SmallVector<Recomputation> kept;
      for (auto [i, region] : llvm::enumerate(regions))
        if (!undone[i])
          kept.push_back(std::move(region));
      regions.assign(std::make_move_iterator(kept.begin()),
                     std::make_move_iterator(kept.end()));
      return;
    }
    undoRegion(regions[best]);
    regions.erase(regions.begin() + best);
    ++stats.undone;
  }
}

/// Inserts the recomputations of one sharing mode; returns them in order.
static SmallVector<Recomputation>
buildAll(const TrainingGraph &graph, bool share,
         DenseMap<Operation *, bool> &clonable, bool *extraYields = nullptr) {
  Block &body = graph.getBody();
  DenseMap<Value, Value> recomputed;
  SmallVector<Recomputation> regions;
  for (Operation *consumer : graph.getOps()) {
    if (!graph.isBackward(consumer) ||
        consumer->hasTrait<OpTrait::IsTerminator>())
      continue;
    llvm::SetVector<Value> needed;
    for (Value input : getOpInputs(consumer))
      if (isMarkedForRecompute(graph, input) && !recomputed.count(input))
        needed.insert(input);
    if (needed.empty())
      continue;
    Recomputation region = buildRegion(graph, consumer, needed.getArrayRef(),
                                       recomputed, share, clonable, extraYields);
    for (auto [value, result] :
         llvm::zip(region.forwardValues, region.op.getResults())) {
      recomputed[value] = result;
      // Backward users read the recomputed value from here on; forward
      // users and the function's results keep the forward one.
      value.replaceUsesWithIf(result, [&](OpOperand &use) {
        Operation *top = body.findAncestorOpInBlock(*use.getOwner());
        return top && top != region.op && graph.isBackward(top) &&
               !top->hasTrait<OpTrait::IsTerminator>();
      });
    }
    regions.push_back(std::move(region));
  }
  return regions;
}

/// Recomputing again may clone at most this many times the function's ops
/// and what yielding clones (materializeRecomputations).
static constexpr int64_t kMaxRecloning = 4;
/// ... unless only recomputing again keeps the peak: then up to this many.
static constexpr int64_t kMaxRecloningToFit = 8;

/// The ops the regions clone (their bodies less the terminators).
static int64_t clonedOps(MutableArrayRef<Recomputation> regions) {
  int64_t cloned = 0;
  for (Recomputation &region : regions)
    cloned += region.op.getBodyBlock().getOperations().size() - 1;
  return cloned;
}

static int64_t recomputeFlops(ArrayRef<Recomputation> regions) {
  int64_t flops = 0;
  for (const Recomputation &region : regions)
    flops += getOpCost(region.op).flops;
  return flops;
}

void mlir::remat::materializeRecomputations(TrainingGraph &graph,
                                            MaterializeStats &stats,
                                            std::optional<int64_t> inputPeak,
                                            std::optional<int64_t> maxFlops) {
  Block &body = graph.getBody();
  // Nothing marked: no region in either mode, nothing to undo or erase.
  if (llvm::none_of(graph.getOps(), [&](Operation *op) {
        return !graph.isBackward(op) && getPolicy(op) == Policy::Recompute;
      }))
    return;
  int64_t baseline =
      inputPeak ? *inputPeak : MemoryTimeline::build(body).getPeakBytes();

  // Two ways to serve later consumers of a value a region computes anyway:
  // recompute it again when needed (less memory held), or yield it and
  // keep it (fewer FLOPs). Build both, keep the lower peak, then the fewer
  // FLOPs; where no region has such a value, the two are the same and
  // one is built. (Shared first: where both are built, recomputing again
  // usually wins, and is then kept as built.)
  DenseMap<Operation *, bool> clonable;
  bool extraYields = false;
  SmallVector<Recomputation> regions =
      buildAll(graph, /*share=*/true, clonable, &extraYields);
  int64_t keptPeak = MemoryTimeline::build(body).getPeakBytes();
  if (extraYields) {
    int64_t sharedPeak = keptPeak;
    int64_t sharedFlops = recomputeFlops(regions);
    int64_t sharedCloned = clonedOps(regions);
    for (Recomputation &region : llvm::reverse(regions))
      undoRegion(region);
    regions = buildAll(graph, /*share=*/false, clonable);
    int64_t separatePeak = MemoryTimeline::build(body).getPeakBytes();
    int64_t separateCloned = clonedOps(regions);
    // Recomputing again what a region computes anyway grows quadratically
    // along a chain whose every value backward reads (a deep stack of
    // elementwise layers under policy=selective, whose cut keeps only the
    // input: each backward consumer's region recomputes the chain from
    // it). Past cloning kMaxRecloning times the function's ops and what
    // the shared build clones, the shared build is taken whatever its
    // peak: each op recomputed once, as the cut assumes. (Budgets that
    // recompute GEMM chains clone a few times the function, for a much
    // lower peak: 2-layer GPT at 0.7, 2.3x the function, 6x shared.)
    // Unless the shared build raises the peak where the separate one does
    // not, and the separate one clones at most kMaxRecloningToFit times
    // the function: the shared regions would then be undone (a 2-block
    // encoder under selective, one region recomputing the residual stream
    // for the whole backward, was undone entirely: nothing recomputed,
    // where the separate build, 5.4x the function, lowers the peak by 7%;
    // a chain of 120 elementwise layers would clone 13.7x).
    int64_t numOps = graph.getOps().size();
    bool onlySeparateFits = sharedPeak > baseline &&
                            separatePeak <= baseline &&
                            separateCloned <= kMaxRecloningToFit * numOps;
    bool quadratic = separateCloned > kMaxRecloning * numOps &&
                     separateCloned > kMaxRecloning * sharedCloned &&
                     !onlySeparateFits;
    // Under a FLOPs cap, the user's own overrides may cost more than the
    // cap (torch.utils.checkpoint regions, all recomputed): they are
    // recomputed once, as asked, not again per consumer (a 3-block GPT
    // checkpointed per block: 5.2x the FLOPs of yielding, 117% of the
    // step against eager checkpointing's ~33%, for a 29% lower peak),
    // unless yielding would be undone for raising the peak.
    int64_t separateFlops = recomputeFlops(regions);
    bool overCap = maxFlops && !onlySeparateFits &&
                   separateFlops > std::max(*maxFlops, sharedFlops);
    bool share = quadratic || overCap || sharedPeak < separatePeak ||
                 (sharedPeak == separatePeak && sharedFlops <= separateFlops);
    keptPeak = separatePeak;
    if (share) {
      for (Recomputation &region : llvm::reverse(regions))
        undoRegion(region);
      // The same regions as the first time: the peak is sharedPeak.
      regions = buildAll(graph, /*share=*/true, clonable);
      keptPeak = sharedPeak;
    }
  }
  stats.regions += regions.size();
  stats.cloned += clonedOps(regions);

  enforcePeak(body, baseline, keptPeak, regions, stats);

  // Forward producers left without users were needed by backward only;
  // erase them, and then what fed only them. Dead code the input already
  // had is left alone.
  DenseSet<Operation *> orphaned;
  for (Recomputation &region : regions)
    for (Value value : region.forwardValues)
      orphaned.insert(value.getDefiningOp());
  for (Operation *op : llvm::reverse(graph.getOps())) {
    if (!orphaned.contains(op) || !op->use_empty() || !isMemoryEffectFree(op))
      continue;
    for (Value input : getOpInputs(op))
      if (Operation *def = input.getDefiningOp())
        if (def->getBlock() == &body && !graph.isBackward(def))
          orphaned.insert(def);
    op->erase();
  }
}

namespace {
struct RematMaterializePass
    : public mlir::remat::impl::RematMaterializeBase<RematMaterializePass> {
  using Base::Base;
  void runOnOperation() override {
    MaterializeStats stats;
    if (failed(forEachTrainingGraph(getOperation(), [&](TrainingGraph &g) {
          materializeRecomputations(g, stats);
        })))
      return signalPassFailure();
    numRegions += stats.regions;
    numCloned += stats.cloned;
    numUndone += stats.undone;
  }
};
} // namespace
