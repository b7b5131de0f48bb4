//===- TrainingGraph.h - forward/backward split of a training graph -*- C++ -*-===//
//
// A training graph is a function holding forward and backward together. The
// backward part is everything that depends on a gradient seed: an argument
// marked `remat.cotangent` or an op marked `remat.seed`. Constant-like ops
// (no dependence on any argument) used only by backward ops belong to the
// backward part too, so that a zero-filled gradient buffer is not mistaken
// for a saved activation. So do ops placed after the first backward op
// whose users are all backward: the gradient-free parts of backward
// formulas (a convolution's padded input, LayerNorm's normalized input),
// which run in backward where they are. A `remat.recompute` is backward: it
// runs for the backward ops that read its results. Everything else is
// forward.
//
// A forward tensor value with a backward user is *saved*: it is what
// rematerialization can avoid keeping.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_TRAININGGRAPH_H
#define REMAT_ANALYSIS_TRAININGGRAPH_H

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::remat {

enum class Phase { Forward, Backward };

/// A forward value that backward ops use.
struct SavedValue {
  Value value;
  /// The top-level forward op that defines `value`.
  Operation *producer;
  /// The top-level backward ops that use `value`, in program order.
  SmallVector<Operation *, 2> backwardUsers;
};

class TrainingGraph {
public:
  /// Analyses `func`, which must have a single-block body. Emits a
  /// diagnostic and fails on dynamic shapes, unranked tensors, a missing
  /// gradient seed or a seed nested in a region.
  static FailureOr<TrainingGraph> build(FunctionOpInterface func);

  FunctionOpInterface getFunction() const { return func; }
  Block &getBody() const { return *body; }

  /// The top-level ops in program order, terminator included.
  ArrayRef<Operation *> getOps() const { return ops; }
  unsigned getIndex(Operation *topLevelOp) const {
    return index.lookup(topLevelOp);
  }
  /// The ancestor of `op` at the top level of the body.
  Operation *getTopLevelOp(Operation *op) const;

  Phase getPhase(Operation *topLevelOp) const {
    return backward.contains(topLevelOp) ? Phase::Backward : Phase::Forward;
  }
  bool isBackward(Operation *op) const {
    return getPhase(op) == Phase::Backward;
  }
  /// Whether `value` is an argument marked `remat.cotangent` or a result of
  /// a backward op.
  bool isBackwardValue(Value value) const;

  /// Saved values in program order of their producers.
  ArrayRef<SavedValue> getSaved() const { return saved; }

  /// Counts of forward and backward ops, the terminator excluded.
  unsigned getNumForwardOps() const { return numForward; }
  unsigned getNumBackwardOps() const { return numBackward; }

private:
  explicit TrainingGraph(FunctionOpInterface func) : func(func) {}

  FunctionOpInterface func;
  Block *body = nullptr;
  SmallVector<Operation *> ops;
  DenseMap<Operation *, unsigned> index;
  DenseSet<Operation *> backward;
  DenseSet<Value> cotangents;
  SmallVector<SavedValue> saved;
  unsigned numForward = 0, numBackward = 0;
};

/// Builds the training graph of every function with a body nested in `root`
/// and calls `fn` on it. A function that other functions call and that has
/// no gradient seed of its own is a helper: it is skipped (its calls are
/// opaque ops of the graphs that make them). Fails, after visiting every
/// function, if any analysis failed (its diagnostic is already emitted), and
/// before visiting any if the call graph is recursive (an error at a call of
/// the cycle).
LogicalResult forEachTrainingGraph(Operation *root,
                                   function_ref<void(TrainingGraph &)> fn);

/// Fails with an error at a call if the calls among `root`'s functions
/// form a cycle (recursion), which remat can neither analyse nor run.
/// With `called`, also collects the functions with a body that another
/// function calls (helpers).
LogicalResult checkCallGraph(Operation *root,
                             DenseSet<Operation *> *called = nullptr);

/// The values an op reads: its operands and, for ops with regions, the
/// values its regions use from above.
SmallVector<Value> getOpInputs(Operation *op);

/// Adds to `backward` the top-level ops of `body` that only ops in
/// `backward` read (the terminator not counted) and that `eligible`
/// accepts, given whether the op is placed after the first op of
/// `backward`; in reverse program order, so that chains of them settle.
/// Returns them. The gradient-free parts of backward formulas (a
/// convolution's padded input for its weight gradient, LayerNorm's
/// 2 * (x - mean)) are found so, by TrainingGraph::build and by
/// -remat-schedule on the block as it is (docs/Design.md).
SmallVector<Operation *>
addBackwardOnlyOps(Block &body, DenseSet<Operation *> &backward,
                   function_ref<bool(Operation *, bool afterStart)> eligible);

} // namespace mlir::remat

#endif // REMAT_ANALYSIS_TRAININGGRAPH_H
