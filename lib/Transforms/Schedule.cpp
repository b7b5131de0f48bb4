//===- Schedule.cpp - memory-aware list scheduling ------------------------===//
//
// A greedy list scheduler over the top-level ops of a training graph. Among
// the ops whose inputs are computed, it picks the one with the smallest
// (bytes it allocates - bytes it frees), ties broken by program order. Ops
// that free memory therefore run as soon as they can, and ops that only
// allocate (recomputations, zero-filled gradient buffers) as late as they
// can. Ops with memory effects, or unknown effects, keep their relative
// order. The result is checked with the memory timeline and kept only if
// its peak is strictly lower than the input order's: the pass never raises
// the peak, and leaves an order it cannot improve untouched. The pass also
// tries the list schedule that counts the step's backward results (weight
// gradients) as free, and weight gradients hoisted with the ops only they
// need; orders compare by peak, then by the peak beyond the results: where
// an optimizer or a gradient all-reduce takes each weight gradient as it
// is made, that is the step's memory (a weight gradient computed before
// the input gradient beside it frees the activation it reads first).
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/MemoryTimeline.h"
#include "remat/Analysis/TrainingGraph.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Transforms/Passes.h"
#include "remat/Transforms/Rematerialize.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <set>

namespace mlir::remat {
#define GEN_PASS_DEF_REMATSCHEDULE
#include "remat/Transforms/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

namespace {
/// What a reorder must respect beyond dataflow. A gradient seed (a
/// `remat.cotangent` argument, an op marked `remat.seed`) exists in a real
/// step only once the outputs do: the loss's gradient is taken after the
/// loss, and a pipeline stage receives its cotangent after sending its
/// output. So the ops producing returned forward values precede every op
/// that reads a seed, although the graph's dataflow alone would let the
/// backward start first.
struct Phases {
  /// Ops that depend on a seed (recomputations included).
  DenseSet<Operation *> backward;
  /// Producers of returned forward values, and the ops reading a seed.
  SmallVector<Operation *> outputs;
  llvm::SmallPtrSet<Operation *, 16> seedReaders;
};
} // namespace

/// TrainingGraph's forward/backward split, computed here on the block as
/// it is: the budget model schedules a copy it has just materialized, for
/// which no TrainingGraph exists (recomputations count as backward, as
/// there). Constant-like ops used only by backward stay forward here; they
/// read no seed and return nothing, so neither the barrier nor the results
/// counted as free depend on them.
static Phases analysePhases(Block &body) {
  Phases phases;
  auto func = dyn_cast_or_null<FunctionOpInterface>(body.getParentOp());
  auto isSeed = [&](Value v) {
    auto arg = dyn_cast<BlockArgument>(v);
    return func && arg && arg.getOwner() == &body &&
           func.getArgAttr(arg.getArgNumber(),
                           RematDialect::kCotangentAttrName);
  };
  for (Operation &op : body.without_terminator()) {
    bool reads = op.hasAttr(RematDialect::kSeedAttrName) || isa<RecomputeOp>(op);
    bool depends = reads;
    for (Value input : getOpInputs(&op)) {
      if (isSeed(input)) {
        reads = depends = true;
      } else if (Operation *def = input.getDefiningOp()) {
        Operation *top = body.findAncestorOpInBlock(*def);
        depends |= top && phases.backward.contains(top);
      }
    }
    if (depends)
      phases.backward.insert(&op);
    if (reads)
      phases.seedReaders.insert(&op);
  }
  // The ops TrainingGraph calls backward although they read no seed: after
  // the backward's start, read only by backward ops (the gradient-free parts
  // of backward formulas). They stay behind the barrier as recomputations
  // do: hoisted into the forward, their results (often larger than what
  // they read: a padded copy, a normalized f32 input) would be held across
  // the step.
  // Input-free ops (zero fills of gradient buffers) stay free to move: they
  // hold no forward value.
  DenseMap<Operation *, bool> inputFree;
  for (Operation *op : addBackwardOnlyOps(
           body, phases.backward, [&](Operation *op, bool after) {
             return after && !op->hasTrait<OpTrait::ConstantLike>() &&
                    !isInputFree(op, &inputFree);
           }))
    phases.seedReaders.insert(op);
  for (Value returned : body.getTerminator()->getOperands())
    if (Operation *def = returned.getDefiningOp())
      if (Operation *top = body.findAncestorOpInBlock(*def))
        if (!phases.backward.contains(top) &&
            !llvm::is_contained(phases.outputs, top))
          phases.outputs.push_back(top);
  return phases;
}

/// The list schedule of `body`'s ops, the terminator excluded. With
/// `resultsFree`, the buffers the block returns count neither when they are
/// allocated nor when they are freed: an op making a weight gradient then
/// weighs only what it frees, and runs before an op of the same inputs
/// that only allocates (a weight gradient before an input gradient).
static SmallVector<Operation *> listSchedule(Block &body,
                                             const MemoryTimeline &timeline,
                                             const Phases &phases,
                                             bool resultsFree) {
  SmallVector<Operation *> ops;
  for (Operation &op : body.without_terminator())
    ops.push_back(&op);
  DenseMap<Operation *, unsigned> index;
  for (auto [i, op] : llvm::enumerate(ops))
    index[op] = i;

  // Dependences: producers of inputs, and the previous op with effects.
  SmallVector<SmallVector<unsigned, 4>> successors(ops.size());
  SmallVector<unsigned> pending(ops.size(), 0);
  // Buffers each op reads, and those it touches (reads or defines); the
  // number of ops reading each buffer.
  SmallVector<SmallVector<unsigned, 4>> reads(ops.size()), touches(ops.size());
  SmallVector<unsigned> readers(timeline.getBuffers().size(), 0);
  std::optional<unsigned> lastEffectful;
  for (auto [i, op] : llvm::enumerate(ops)) {
    llvm::SetVector<unsigned> preds, buffers;
    for (Value input : getOpInputs(op)) {
      if (Operation *def = input.getDefiningOp())
        if (Operation *top = body.findAncestorOpInBlock(*def))
          if (index.count(top))
            preds.insert(index[top]);
      if (std::optional<unsigned> id = timeline.getBufferId(input))
        buffers.insert(*id);
    }
    for (unsigned id : buffers)
      ++readers[id];
    reads[i].assign(buffers.begin(), buffers.end());
    for (Value result : op->getResults())
      if (std::optional<unsigned> id = timeline.getBufferId(result))
        buffers.insert(*id);
    touches[i].assign(buffers.begin(), buffers.end());
    if (!isMemoryEffectFree(op)) {
      if (lastEffectful)
        preds.insert(*lastEffectful);
      lastEffectful = i;
    }
    if (phases.seedReaders.contains(op))
      for (Operation *output : phases.outputs)
        if (output->isBeforeInBlock(op))
          preds.insert(index[output]);
    for (unsigned pred : preds) {
      successors[pred].push_back(i);
      ++pending[i];
    }
  }

  SmallVector<bool> allocated(timeline.getBuffers().size(), false);
  SmallVector<unsigned> remaining(readers);
  SmallVector<bool> ignored(timeline.getBuffers().size(), false);
  // Only backward results (weight gradients): a returned forward value is
  // made before the backward starts, whatever it costs.
  if (resultsFree)
    for (unsigned id : timeline.getResultBuffers())
      if (Operation *def = timeline.getBuffers()[id].root.getDefiningOp())
        if (Operation *top = body.findAncestorOpInBlock(*def))
          ignored[id] = phases.backward.contains(top);
  auto delta = [&](unsigned i) {
    int64_t bytes = 0;
    if (isa<tensor::EmptyOp>(ops[i]))
      return bytes; // allocates at its first writer
    for (unsigned id : touches[i]) {
      const Buffer &buffer = timeline.getBuffers()[id];
      if (buffer.kind != StorageKind::Heap || ignored[id])
        continue;
      if (!allocated[id])
        bytes += buffer.bytes;
      // Freed after this op: its last reader, or a buffer nobody reads.
      if ((llvm::is_contained(reads[i], id) && remaining[id] == 1) ||
          readers[id] == 0)
        bytes -= buffer.bytes;
    }
    return bytes;
  };

  // The ready ops by (delta, index); the least is scheduled next. An op's
  // delta depends only on the heap buffers it touches, so scheduling op i
  // changes the deltas of the ready ops touching i's heap buffers alone:
  // those are updated, not every ready op.
  SmallVector<SmallVector<unsigned, 2>> touchers(timeline.getBuffers().size());
  for (unsigned i = 0; i < ops.size(); ++i)
    for (unsigned id : touches[i])
      if (timeline.getBuffers()[id].kind == StorageKind::Heap)
        touchers[id].push_back(i);
  // With resultsFree, an op that only allocates is keyed by what it and
  // the best successor it alone holds back would do together: a
  // recomputation followed by the weight gradient that frees what it
  // recomputed weighs 0, and runs before an input gradient that only
  // allocates (a one-op lookahead; keys of successors are not refreshed,
  // so it is a heuristic, and the order is kept only if it is better).
  auto key = [&](unsigned i) {
    int64_t bytes = delta(i);
    if (!resultsFree || bytes <= 0)
      return bytes;
    SmallVector<unsigned, 4> marked;
    if (!isa<tensor::EmptyOp>(ops[i]))
      for (unsigned id : touches[i])
        if (!allocated[id]) {
          allocated[id] = true;
          marked.push_back(id);
        }
    for (unsigned id : reads[i])
      --remaining[id];
    int64_t next = 0;
    for (unsigned j : successors[i])
      if (pending[j] == 1)
        next = std::min(next, delta(j));
    for (unsigned id : reads[i])
      ++remaining[id];
    for (unsigned id : marked)
      allocated[id] = false;
    return bytes + next;
  };
  std::set<std::pair<int64_t, unsigned>> ready;
  SmallVector<int64_t> keyOf(ops.size(), 0);
  SmallVector<bool> isReady(ops.size(), false);
  auto makeReady = [&](unsigned i) {
    keyOf[i] = key(i);
    isReady[i] = true;
    ready.insert({keyOf[i], i});
  };
  for (unsigned i = 0; i < ops.size(); ++i)
    if (pending[i] == 0)
      makeReady(i);
  SmallVector<Operation *> order;
  while (!ready.empty()) {
    unsigned i = ready.begin()->second;
    ready.erase(ready.begin());
    isReady[i] = false;
    order.push_back(ops[i]);
    if (!isa<tensor::EmptyOp>(ops[i]))
      for (unsigned id : touches[i])
        allocated[id] = true;
    for (unsigned id : reads[i])
      --remaining[id];
    for (unsigned id : touches[i])
      for (unsigned j : touchers[id]) {
        if (!isReady[j])
          continue;
        int64_t updated = key(j);
        if (updated == keyOf[j])
          continue;
        ready.erase({keyOf[j], j});
        keyOf[j] = updated;
        ready.insert({updated, j});
      }
    for (unsigned succ : successors[i])
      if (--pending[succ] == 0)
        makeReady(succ);
  }
  return order;
}

/// Reorders `body` to `order` (terminator stays last).
static void applyOrder(Block &body, ArrayRef<Operation *> order) {
  Operation *terminator = body.getTerminator();
  for (Operation *op : order)
    op->moveBefore(terminator);
}

/// The ops `result` alone needs from before it: `result` and, closed
/// under operands, the memory-effect-free ops before it whose every use is
/// in the chain or after `result` (its recomputation, its destination, its
/// constants, an f32 product that only its narrowing reads). Empty if
/// `result` has effects.
static SmallVector<Operation *> privateChain(Block &body, Operation *result) {
  if (!isMemoryEffectFree(result))
    return {};
  llvm::SetVector<Operation *> chain;
  chain.insert(result);
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t i = 0; i < chain.size(); ++i)
      for (Value input : getOpInputs(chain[i])) {
        Operation *def = input.getDefiningOp();
        Operation *top = def ? body.findAncestorOpInBlock(*def) : nullptr;
        if (!top || chain.contains(top) || !top->isBeforeInBlock(result) ||
            !isMemoryEffectFree(top))
          continue;
        // Used by the chain, or only after `result` (a recomputation
        // that also yields a view for a later gradient): moving it earlier
        // keeps every use after it.
        bool private_ = llvm::all_of(top->getUsers(), [&](Operation *user) {
          Operation *userTop = body.findAncestorOpInBlock(*user);
          return userTop &&
                 (chain.contains(userTop) || result->isBeforeInBlock(userTop));
        });
        if (private_ && chain.insert(top))
          grew = true;
      }
  }
  SmallVector<Operation *> ops(chain.begin(), chain.end());
  llvm::sort(ops, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ops;
}

/// Moves the private chains of result-producing ops (weight gradients) as
/// early as their inputs allow when that lowers the peak beyond results at
/// an unchanged or lower peak: PyTorch's order computes a product's input
/// gradient before its weight gradient, so a recomputed activation the
/// weight gradient reads is held beside the input gradient; computed first,
/// the weight gradient frees it before the input gradient is made. Guided
/// by where the peak beyond results is, a few trials a round, each checked
/// with the timeline (the list schedule, one op at a time, cannot see that
/// a recomputation and the product after it together free memory).
/// `current`, if given, is the timeline of the body's present order.
/// `byPeak` guides the trials by where the peak itself is instead: two
/// results made last (x^T dh then dh w^T, with the transposed weight as
/// large as the weight gradient) can have the same peak beyond results in
/// either order and different peaks.
static std::optional<MemoryTimeline>
hoistResultChains(Block &body, const Phases &phases,
                  std::pair<int64_t, int64_t> &best,
                  std::optional<MemoryTimeline> current,
                  MemoryTimelineFacts &facts, bool byPeak) {
  // Guided by the peak, fewer trials: a second look, after the first.
  const int kRounds = byPeak ? 1 : 8, kTrialsPerRound = byPeak ? 2 : 4;
  for (int round = 0; round < kRounds; ++round) {
    MemoryTimeline timeline =
        current ? std::move(*current) : MemoryTimeline::build(body, &facts);
    current.reset();
    unsigned peakIndex = byPeak ? timeline.getPeakIndex()
                                : timeline.getPeakBeyondResults().second;
    // Where the first look ended: its trials were made there already.
    if (byPeak && round == 0 &&
        peakIndex == timeline.getPeakBeyondResults().second)
      return timeline;
    ArrayRef<Operation *> ops = timeline.getOps();
    if (ops.empty())
      return std::nullopt;
    Operation *peakOp = ops[peakIndex];
    // Producers of returned values at or after the peak, nearest first.
    SmallVector<Operation *> candidates;
    for (Value returned : body.getTerminator()->getOperands()) {
      Operation *def = returned.getDefiningOp();
      Operation *top = def ? body.findAncestorOpInBlock(*def) : nullptr;
      if (top && !top->hasTrait<OpTrait::IsTerminator>() &&
          !top->isBeforeInBlock(peakOp) && !llvm::is_contained(candidates, top))
        candidates.push_back(top);
    }
    llvm::sort(candidates,
               [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
    bool improved = false;
    int trials = 0;
    for (Operation *result : candidates) {
      if (trials == kTrialsPerRound)
        break;
      SmallVector<Operation *> chain = privateChain(body, result);
      if (chain.empty())
        continue;
      // The last op outside the chain that the chain reads.
      Operation *after = nullptr;
      for (Operation *op : chain)
        for (Value input : getOpInputs(op)) {
          Operation *def = input.getDefiningOp();
          Operation *top = def ? body.findAncestorOpInBlock(*def) : nullptr;
          if (top && !llvm::is_contained(chain, top) &&
              (!after || after->isBeforeInBlock(top)))
            after = top;
        }
      // Backward ops stay after the returned forward values.
      if (llvm::any_of(chain, [&](Operation *op) {
            return phases.backward.contains(op);
          }))
        for (Operation *output : phases.outputs)
          if (!after || after->isBeforeInBlock(output))
            after = output;
      Operation *first = chain.front();
      // Already as early as it can go, or not moving before the peak.
      if ((after && (after == first->getPrevNode() ||
                     !after->isBeforeInBlock(peakOp) ||
                     !after->isBeforeInBlock(first))) ||
          (!after && first == &body.front()))
        continue;
      ++trials;
      SmallVector<Operation *> original;
      for (Operation &op : body.without_terminator())
        original.push_back(&op);
      Operation *prev = after;
      for (Operation *op : chain) {
        if (prev)
          op->moveAfter(prev);
        else
          op->moveBefore(&body.front());
        prev = op;
      }
      MemoryTimeline moved = MemoryTimeline::build(body, &facts);
      std::pair<int64_t, int64_t> got = {moved.getPeakBytes(),
                                         moved.getPeakBeyondResults().first};
      if (got < best) {
        best = got;
        improved = true;
        current = std::move(moved); // the next round's order
        break;
      }
      applyOrder(body, original);
    }
    if (!improved)
      return timeline;
  }
  return current;
}

/// The most ops of a body whose result chains are also hoisted by where
/// the peak is (hoistResultChains' byPeak).
static constexpr size_t kPeakGuidedMaxOps = 2000;

bool mlir::remat::scheduleForMemory(Block &body, int64_t *peak,
                                    bool beyondResults) {
  // The trials below only reorder the body's ops: they share what each op
  // tells a timeline.
  MemoryTimelineFacts facts;
  MemoryTimeline before = MemoryTimeline::build(body, &facts);
  if (peak)
    *peak = before.getPeakBytes();
  SmallVector<Operation *> original;
  for (Operation &op : body.without_terminator())
    original.push_back(&op);
  // Orders compare by peak, then (with beyondResults) by the peak beyond
  // the results: the peak is what the pass lowers, never raised for the
  // second figure; at an equal peak, the lower second figure wins.
  auto score = [&](const MemoryTimeline &t) {
    return std::make_pair(t.getPeakBytes(),
                          beyondResults ? t.getPeakBeyondResults().first : 0);
  };
  std::pair<int64_t, int64_t> best = score(before);
  SmallVector<Operation *> bestOrder = original;
  // The timeline of bestOrder when it is not the original order's.
  std::optional<MemoryTimeline> bestTimeline;
  Phases phases = analysePhases(body);
  for (bool resultsFree : {false, true}) {
    if (resultsFree && !beyondResults)
      break;
    SmallVector<Operation *> order =
        listSchedule(body, before, phases, resultsFree);
    assert(order.size() == original.size() && "schedule lost ops");
    if (order == original || order == bestOrder)
      continue;
    applyOrder(body, order);
    MemoryTimeline timeline = MemoryTimeline::build(body, &facts);
    std::pair<int64_t, int64_t> got = score(timeline);
    if (got < best) {
      best = got;
      bestOrder = std::move(order);
      bestTimeline = std::move(timeline);
    }
  }
  applyOrder(body, bestOrder);
  if (beyondResults) {
    std::optional<MemoryTimeline> last = hoistResultChains(
        body, phases, best,
        bestTimeline ? std::move(bestTimeline)
                     : std::optional<MemoryTimeline>(std::move(before)),
        facts, /*byPeak=*/false);
    // (Not on large bodies: on a 12-block GPT-2 stack, 3,272 ops, it lowered
    // the peak 0.26% and, its measured peaks no longer the model's, made
    // the peak policy measure one member more: 10% more time in all.)
    if (original.size() <= kPeakGuidedMaxOps)
      hoistResultChains(body, phases, best, std::move(last), facts,
                        /*byPeak=*/true);
  }
  // A zero fill (a GEMM's accumulator) is ready from the start, and the
  // orders above may place it well before its user; the lowering sinks it
  // next to the user (-remat-split-destinations), and so does this, so that
  // the timeline of this order is the one that runs. It only shortens the
  // fill's buffer: the peak never rises. (A 4-layer GPT-2 under selective:
  // a 256 KiB accumulator filled before a recomputed attention block, the
  // report said 5,919,748 B where remat-run predicts and measures
  // 5,657,604 B.)
  unsigned sunk = 0;
  if (splitDestinations(body.getParentOp(), &sunk) || sunk)
    best.first = MemoryTimeline::build(body).getPeakBytes();
  if (peak)
    *peak = best.first;
  SmallVector<Operation *> now;
  for (Operation &op : body.without_terminator())
    now.push_back(&op);
  return now != original;
}

namespace {
struct RematSchedulePass
    : public mlir::remat::impl::RematScheduleBase<RematSchedulePass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(forEachTrainingGraph(getOperation(), [&](TrainingGraph &g) {
          if (scheduleForMemory(g.getBody(), /*peak=*/nullptr,
                                /*beyondResults=*/true))
            ++numRescheduled;
        })))
      return signalPassFailure();
  }
};
} // namespace
