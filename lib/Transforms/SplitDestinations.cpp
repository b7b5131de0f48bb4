//===- SplitDestinations.cpp - one destination per destination-style op ---===//
//
// A destination (`tensor.empty`, or a `linalg.fill` of a constant into one)
// names storage, not data worth sharing. When CSE merges them, bufferization
// keeps one buffer alive from the first to the last user, across forward
// and backward. Cloning the destination per user restores one short-lived
// buffer per op. Only ops in the same block as their users are split.
//
//===----------------------------------------------------------------------===//

#include "remat/Transforms/Passes.h"
#include "remat/Transforms/Rematerialize.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATSPLITDESTINATIONS
#include "remat/Transforms/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

/// A tensor.empty, or a linalg.fill of a constant into a destination.
static bool isDestination(Operation *op) {
  if (isa<tensor::EmptyOp>(op))
    return op->getNumOperands() == 0;
  auto fill = dyn_cast<linalg::FillOp>(op);
  if (!fill || !fill.hasPureTensorSemantics())
    return false;
  Operation *init = fill.getOutputs()[0].getDefiningOp();
  return matchPattern(fill.getInputs()[0], m_Constant()) && init &&
         isDestination(init);
}

/// Clones destination `op` (and, for a fill, its own destination) before
/// `before`; returns the clone.
static Operation *cloneDestination(Operation *op, Operation *before) {
  OpBuilder builder(before);
  IRMapping mapping;
  if (auto fill = dyn_cast<linalg::FillOp>(op)) {
    Operation *init = cloneDestination(fill.getOutputs()[0].getDefiningOp(),
                                       before);
    mapping.map(fill.getOutputs()[0], init->getResult(0));
    builder.setInsertionPoint(before);
  }
  return builder.clone(*op, mapping);
}

unsigned mlir::remat::splitDestinations(Operation *root, unsigned *sunk) {
  unsigned cloned = 0;
  SmallVector<Operation *> destinations;
  root->walk([&](Operation *op) {
    if (isDestination(op) && op->getNumResults() == 1)
      destinations.push_back(op);
  });
  // Users first: a fill is split or sunk before its own empty is.
  DenseSet<Operation *> orphaned;
  for (Operation *op : llvm::reverse(destinations)) {
    Block *block = op->getBlock();
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : op->getResult(0).getUses())
      if (block->findAncestorOpInBlock(*use.getOwner()))
        uses.push_back(&use);
    if (uses.empty()) {
      if (orphaned.contains(op))
        op->erase();
      continue;
    }
    if (uses.size() == 1 && op->hasOneUse()) {
      // Sink a lone destination next to its user, where its buffer is
      // needed (canonicalization hoists them to the top).
      Operation *user = block->findAncestorOpInBlock(*uses[0]->getOwner());
      if (op->getNextNode() != user) {
        op->moveBefore(user);
        if (sunk)
          ++*sunk;
      }
      continue;
    }
    for (OpOperand *use : uses) {
      Operation *user = block->findAncestorOpInBlock(*use->getOwner());
      use->set(cloneDestination(op, user)->getResult(0));
      ++cloned;
    }
    if (op->use_empty()) {
      for (Value operand : op->getOperands())
        if (Operation *def = operand.getDefiningOp())
          orphaned.insert(def);
      op->erase();
    }
  }
  return cloned;
}

bool mlir::remat::hasSharedDestination(Operation *root) {
  return root
      ->walk([](Operation *op) {
        return isDestination(op) && op->getNumResults() == 1 &&
                       !op->getResult(0).hasOneUse() &&
                       !op->getResult(0).use_empty()
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

namespace {
struct RematSplitDestinationsPass
    : public mlir::remat::impl::RematSplitDestinationsBase<
          RematSplitDestinationsPass> {
  using Base::Base;
  void runOnOperation() override {
    numCloned += splitDestinations(getOperation());
  }
};
} // namespace
