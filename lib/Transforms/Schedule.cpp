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
// the peak, and leaves an order it cannot improve untouched.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/MemoryTimeline.h"
#include "remat/Analysis/TrainingGraph.h"
#include "remat/Transforms/Passes.h"
#include "remat/Transforms/Rematerialize.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

#include <set>

namespace mlir::remat {
#define GEN_PASS_DEF_REMATSCHEDULE
#include "remat/Transforms/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

/// The list schedule of `body`'s ops, the terminator excluded.
static SmallVector<Operation *> listSchedule(Block &body,
                                             const MemoryTimeline &timeline) {
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
    for (unsigned pred : preds) {
      successors[pred].push_back(i);
      ++pending[i];
    }
  }

  SmallVector<bool> allocated(timeline.getBuffers().size(), false);
  SmallVector<unsigned> remaining(readers);
  auto delta = [&](unsigned i) {
    int64_t bytes = 0;
    if (isa<tensor::EmptyOp>(ops[i]))
      return bytes; // allocates at its first writer
    for (unsigned id : touches[i]) {
      const Buffer &buffer = timeline.getBuffers()[id];
      if (buffer.kind != StorageKind::Heap)
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
  std::set<std::pair<int64_t, unsigned>> ready;
  SmallVector<int64_t> keyOf(ops.size(), 0);
  SmallVector<bool> isReady(ops.size(), false);
  auto makeReady = [&](unsigned i) {
    keyOf[i] = delta(i);
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
        int64_t key = delta(j);
        if (key == keyOf[j])
          continue;
        ready.erase({keyOf[j], j});
        keyOf[j] = key;
        ready.insert({key, j});
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

bool mlir::remat::scheduleForMemory(Block &body, int64_t *peak) {
  MemoryTimeline before = MemoryTimeline::build(body);
  if (peak)
    *peak = before.getPeakBytes();
  SmallVector<Operation *> original;
  for (Operation &op : body.without_terminator())
    original.push_back(&op);
  SmallVector<Operation *> order = listSchedule(body, before);
  assert(order.size() == original.size() && "schedule lost ops");
  if (order == original)
    return false;
  applyOrder(body, order);
  int64_t after = MemoryTimeline::build(body).getPeakBytes();
  if (after < before.getPeakBytes()) {
    if (peak)
      *peak = after;
    return true;
  }
  applyOrder(body, original);
  return false;
}

namespace {
struct RematSchedulePass
    : public mlir::remat::impl::RematScheduleBase<RematSchedulePass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(forEachTrainingGraph(getOperation(), [&](TrainingGraph &g) {
          if (scheduleForMemory(g.getBody()))
            ++numRescheduled;
        })))
      return signalPassFailure();
  }
};
} // namespace
