//===- FuseElementwise.cpp - producer fusion that never raises the peak ---===//
//
// The GPU lowering launches one kernel per linalg op, so an imported GPT-2
// step of ~500 ops launches ~500 microsecond kernels. Fusing an elementwise
// producer into its only consumer (upstream's fuseElementwiseOps) removes a
// kernel and the producer's buffer, but moves the producer's reads to the
// consumer, so its operands may live longer. Fusion is a memory decision
// like rematerialization: it is taken only where the memory timeline says
// no live byte count rises, and the pass checks the function's predicted
// peak at the end (undoing everything if it rose), so the timeline built
// after this pass still predicts exactly what the lowered code allocates.
//
// A recomputation inlined by -remat-prepare-lowering sits just before its
// backward consumer, so a recomputed GELU or dropout mask becomes part of
// the kernel that reads it: it is never written to memory.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/MemoryTimeline.h"
#include "remat/Conversion/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATFUSEELEMENTWISE
#include "remat/Conversion/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

namespace {
struct Candidate {
  linalg::GenericOp producer, consumer;
  unsigned operandNumber;
};
} // namespace

/// The init operand of `consumer` that holds `value`, if its payload never
/// reads it (an elementwise op converted by convert-elementwise-to-linalg
/// names its first input as its init only so bufferization writes there).
static OpOperand *unreadInitHolding(linalg::GenericOp consumer, Value value) {
  for (OpOperand &init : consumer.getDpsInitsMutable())
    if (init.get() == value &&
        consumer.getMatchingBlockArgument(&init).use_empty())
      return &init;
  return nullptr;
}

namespace {
/// The timeline a round of fusions is decided on, and what the pairs
/// accepted so far add to each op's live bytes.
struct Round {
  const MemoryTimeline &timeline;
  DenseMap<Operation *, unsigned> at;
  SmallVector<int64_t> added;
  /// Strict: no op's live bytes may rise. Otherwise they may rise up to
  /// `limit` (the function's peak before any fusion).
  bool strict;
  int64_t limit;

  Round(const MemoryTimeline &timeline, bool strict, int64_t limit)
      : timeline(timeline), strict(strict), limit(limit) {
    for (auto [i, op] : llvm::enumerate(timeline.getOps()))
      at[op] = i;
    added.assign(timeline.getOps().size(), 0);
  }

  /// Whether fusing `producer` into `consumer` keeps the live bytes within
  /// bounds; if so, records what it changes. The producer's own buffer is
  /// gone from the producer to the consumer (at the consumer too, unless
  /// the consumer wrote its result there: the fused op then allocates its
  /// result instead), and each operand buffer whose last use was before the
  /// consumer lives on to it. Two pairs extending the same buffer count it
  /// twice: conservative.
  bool accept(linalg::GenericOp producer, linalg::GenericOp consumer) {
    unsigned p = at.lookup(producer), c = at.lookup(consumer);
    if (p >= c)
      return false;
    Value result = producer->getResult(0);
    std::optional<unsigned> resultId = timeline.getBufferId(result);
    if (!resultId)
      return false;
    const Buffer &own = timeline.getBuffers()[*resultId];
    bool fresh = own.root == result && own.kind == StorageKind::Heap;
    int64_t gainBetween = fresh ? own.bytes : 0;
    int64_t gainAtConsumer = fresh && own.lastUseIndex == c ? own.bytes : 0;
    SmallVector<std::pair<unsigned, int64_t>, 4> extended; // (last use, bytes)
    llvm::SmallDenseSet<unsigned, 4> seen;
    for (Value operand : producer->getOperands()) {
      std::optional<unsigned> id = timeline.getBufferId(operand);
      if (!id || *id == *resultId || !seen.insert(*id).second)
        continue;
      const Buffer &buffer = timeline.getBuffers()[*id];
      if (buffer.kind == StorageKind::Heap && buffer.lastUseIndex < c)
        extended.push_back({buffer.lastUseIndex, buffer.bytes});
    }
    ArrayRef<int64_t> live = timeline.getLiveBytes();
    SmallVector<int64_t> delta(c - p, 0);
    for (unsigned t = p + 1; t <= c; ++t) {
      int64_t d = -(t < c ? gainBetween : gainAtConsumer);
      for (auto [last, bytes] : extended)
        if (last < t)
          d += bytes;
      if (strict ? d > 0 : live[t] + added[t] + d > limit)
        return false;
      delta[t - p - 1] = d;
    }
    for (unsigned t = p + 1; t <= c; ++t)
      added[t] += delta[t - p - 1];
    return true;
  }
};
} // namespace

/// The next pairs to fuse: disjoint, so that one round's fusions do not
/// invalidate each other. `timeline` is `block`'s.
static SmallVector<Candidate> findCandidates(Block &block,
                                            const MemoryTimeline &timeline,
                                            bool strict, int64_t limit) {
  Round round(timeline, strict, limit);
  SmallVector<Candidate> picked;
  llvm::DenseSet<Operation *> busy;
  for (Operation &op : block) {
    auto consumer = dyn_cast<linalg::GenericOp>(&op);
    // Contractions stay as they are: the GPU lowering sends them to cuBLAS.
    if (!consumer || busy.contains(consumer) ||
        linalg::isaContractionOpInterface(consumer))
      continue;
    for (OpOperand *operand : consumer.getDpsInputOperands()) {
      auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
      if (!producer || producer->getBlock() != &block ||
          busy.contains(producer) || producer->getNumResults() != 1 ||
          producer.getNumDpsInits() != 1)
        continue;
      Value result = producer->getResult(0);
      // Every use in the consumer, as inputs or as an unread init.
      bool onlyHere = llvm::all_of(result.getUses(), [&](OpOperand &use) {
        return use.getOwner() == consumer &&
               (consumer.isDpsInput(&use) ||
                unreadInitHolding(consumer, result) == &use);
      });
      if (!onlyHere || !linalg::areElementwiseOpsFusable(operand) ||
          !round.accept(producer, consumer))
        continue;
      picked.push_back({producer, consumer, operand->getOperandNumber()});
      busy.insert(producer);
      busy.insert(consumer);
      break;
    }
  }
  return picked;
}

/// Fuses one pair; false if upstream's fusion declined.
static bool fuse(RewriterBase &rewriter, const Candidate &pair) {
  linalg::GenericOp producer = pair.producer, consumer = pair.consumer;
  Value result = producer->getResult(0);
  // An unread init holding the producer's result: the fused op writes
  // where the producer wrote (its init has the same type), so it stays in
  // place where the producer was.
  OpOperand *init = unreadInitHolding(consumer, result);
  Value producerInit = producer.getDpsInits()[0];
  if (init)
    init->set(producerInit);
  FailureOr<linalg::ElementwiseOpFusionResult> fused =
      linalg::fuseElementwiseOps(
          rewriter, &consumer->getOpOperand(pair.operandNumber));
  if (failed(fused)) {
    if (init)
      init->set(result);
    return false;
  }
  for (auto [original, replacement] : fused->replacements)
    rewriter.replaceUsesWithIf(original, replacement, [&](OpOperand &use) {
      return use.getOwner() != producer;
    });
  rewriter.eraseOp(consumer);
  if (producer->use_empty())
    rewriter.eraseOp(producer);
  return true;
}

namespace {
struct RematFuseElementwisePass
    : public mlir::remat::impl::RematFuseElementwiseBase<
          RematFuseElementwisePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal() || !func.getBody().hasOneBlock())
      return;
    Block *block = &func.getBody().front();
    // The timeline of the function as it stands: each round decides on it,
    // and the one built to check a round is the next round's.
    MemoryTimeline timeline = MemoryTimeline::build(*block);
    int64_t peakBefore = timeline.getPeakBytes();
    IRRewriter rewriter(&getContext());
    unsigned fused = 0;
    // Rounds of disjoint pairs (a chain of n ops needs about log n), first
    // letting ops below the peak take more bytes, up to the peak. A round
    // whose pairs together raised the peak (an in-place write that became
    // a copy, say) is undone and redone strictly: no op's bytes may rise.
    bool strict = false;
    for (unsigned round = 0; round < maxRounds; ++round) {
      OwningOpRef<func::FuncOp> backup = func.clone();
      unsigned roundFused = 0;
      for (const Candidate &pair :
           findCandidates(*block, timeline, strict, peakBefore)) {
        rewriter.setInsertionPoint(pair.consumer);
        roundFused += fuse(rewriter, pair);
      }
      if (roundFused == 0)
        break;
      timeline = MemoryTimeline::build(*block);
      int64_t peak = timeline.getPeakBytes();
      if (peak <= peakBefore) {
        fused += roundFused;
        continue;
      }
      func.getBody().takeBody(backup->getBody());
      block = &func.getBody().front();
      timeline = MemoryTimeline::build(*block);
      if (strict) {
        func.emitRemark() << "elementwise fusion stopped: a round would "
                             "raise the predicted peak from "
                          << peakBefore << " to " << peak << " bytes";
        break;
      }
      strict = true;
    }
    numFused += fused;
  }
};
} // namespace
