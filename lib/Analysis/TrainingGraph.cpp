//===- TrainingGraph.cpp - forward/backward split of a training graph -----===//

#include "remat/Analysis/TrainingGraph.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"

#include "remat/Analysis/CostModel.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/Support/MathExtras.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::remat;

SmallVector<Value> mlir::remat::getOpInputs(Operation *op) {
  SmallVector<Value> inputs(op->getOperands());
  if (op->getNumRegions() == 0)
    return inputs;
  llvm::SetVector<Value> above;
  for (Region &region : op->getRegions())
    getUsedValuesDefinedAbove(region, above);
  inputs.append(above.begin(), above.end());
  return inputs;
}

/// 256 TiB: far above any device, far below int64 overflow when summed.
static constexpr int64_t kMaxTensorBytes = int64_t(1) << 48;
/// 7.2e16 FLOPs per step: far above a training step's graph, far below
/// int64 overflow when the step is recomputed several times over.
static constexpr int64_t kMaxFlops = int64_t(1) << 56;

/// Rejects types remat cannot size: unranked and dynamically shaped
/// tensors, and tensors too large to count in bytes.
static LogicalResult checkStaticType(Type type, function_ref<InFlightDiagnostic()> emit) {
  if (isa<UnrankedTensorType>(type))
    return emit() << "remat needs ranked, statically shaped tensors, got "
                  << type;
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    if (!tensor.hasStaticShape())
      return emit() << "remat needs statically shaped tensors, got " << type;
    // Sizes are int64 byte counts everywhere; refuse what would overflow
    // them rather than report wrapped-around figures.
    int64_t bytes = getElementBytes(tensor.getElementType());
    for (int64_t dim : tensor.getShape())
      if (llvm::MulOverflow(bytes, dim, bytes) || bytes > kMaxTensorBytes)
        return emit() << "tensor type " << type << " is too large: its size "
                      << "in bytes does not fit remat's 2^48-byte limit";
  }
  return success();
}

SmallVector<Operation *> mlir::remat::addBackwardOnlyOps(
    Block &body, DenseSet<Operation *> &backward,
    function_ref<bool(Operation *, bool afterStart)> eligible) {
  Operation *start = nullptr;
  for (Operation &op : body)
    if (backward.contains(&op)) {
      start = &op;
      break;
    }
  SmallVector<Operation *> added;
  // Ops after `start` until it is reached going backwards.
  bool after = start != nullptr;
  for (Operation &op : llvm::reverse(body)) {
    if (&op == start)
      after = false;
    if (backward.contains(&op) || op.use_empty() ||
        op.hasTrait<OpTrait::IsTerminator>() || !eligible(&op, after))
      continue;
    if (llvm::all_of(op.getUsers(), [&](Operation *u) {
          Operation *user = body.findAncestorOpInBlock(*u);
          return user && backward.contains(user) &&
                 !user->hasTrait<OpTrait::IsTerminator>();
        })) {
      backward.insert(&op);
      added.push_back(&op);
    }
  }
  return added;
}

Operation *TrainingGraph::getTopLevelOp(Operation *op) const {
  return getBody().findAncestorOpInBlock(*op);
}

bool TrainingGraph::isBackwardValue(Value value) const {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return cotangents.contains(arg);
  Operation *def = getTopLevelOp(value.getDefiningOp());
  return def && backward.contains(def);
}

FailureOr<TrainingGraph> TrainingGraph::build(FunctionOpInterface func) {
  TrainingGraph graph(func);
  if (!areCostModelsRegistered(func->getContext()))
    return emitNoCostModels(func);
  Region &body = func.getFunctionBody();
  if (body.empty())
    return func.emitError() << "remat needs a function with a body";
  if (!body.hasOneBlock())
    return func.emitError()
           << "remat needs a function whose body is a single block; "
           << "lower control flow to structured ops first";
  Block &block = body.front();
  graph.body = &block;

  // Static shapes everywhere: every size the analyses report depends on it.
  for (BlockArgument arg : block.getArguments())
    if (failed(checkStaticType(arg.getType(), [&] {
          return mlir::emitError(arg.getLoc())
                 << "argument #" << arg.getArgNumber() << ": ";
        })))
      return failure();
  // Tensors only: memory (memrefs) is outside what the analyses follow. A
  // forward value computed from `bufferization.to_tensor` of a buffer the
  // forward then overwrote was recomputed after the write (the gradient
  // changed, silently), and allocations were not counted in the peak.
  for (BlockArgument arg : block.getArguments())
    if (isa<BaseMemRefType>(arg.getType()))
      return mlir::emitError(arg.getLoc())
             << "argument #" << arg.getArgNumber() << " is a memref ("
             << arg.getType() << "): remat reads training graphs of tensors; "
             << "run it before bufferization";
  WalkResult memory = block.walk([&](Operation *op) {
    auto isMemRef = [](Type type) { return isa<BaseMemRefType>(type); };
    if (llvm::any_of(op->getResultTypes(), isMemRef) ||
        llvm::any_of(op->getOperandTypes(), isMemRef)) {
      op->emitOpError() << "works on memory (a memref): remat reads training "
                        << "graphs of tensors, whose values it can recompute "
                        << "and count; run it before bufferization";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (memory.wasInterrupted())
    return failure();
  WalkResult shapes = block.walk([&](Operation *op) {
    for (auto [i, type] : llvm::enumerate(op->getResultTypes()))
      if (failed(checkStaticType(type, [&, i = i] {
            return op->emitOpError() << "result #" << i << ": ";
          })))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (shapes.wasInterrupted())
    return failure();
  // FLOPs are int64 sums everywhere (recomputations, the FLOPs caps, the
  // budget solvers): a 2^22-square matmul's 2^67 wrapped to 0, silently.
  // Under this limit a step and several times its recomputation stay exact.
  int64_t stepFlops = 0;
  for (Operation &op : block) {
    int64_t flops = getOpCost(&op).flops;
    stepFlops = OpCost::add(stepFlops, flops);
    if (flops >= kMaxFlops || stepFlops >= kMaxFlops)
      return op.emitOpError()
             << (flops >= kMaxFlops ? "does" : "brings the function to")
             << " more than 2^56 FLOPs, beyond what remat counts exactly";
  }

  for (BlockArgument arg : block.getArguments())
    if (func.getArgAttr(arg.getArgNumber(), RematDialect::kCotangentAttrName))
      graph.cotangents.insert(arg);
  // A cotangent is an incoming gradient, an argument; on a result it would
  // silently mean nothing.
  for (unsigned i = 0, e = func.getNumResults(); i < e; ++i)
    if (func.getResultAttr(i, RematDialect::kCotangentAttrName))
      return func.emitError()
             << "'" << RematDialect::kCotangentAttrName << "' on result #"
             << i << ": it marks the arguments that carry the incoming "
             << "gradients of the outputs; move it to those arguments";

  // Seeds are only meaningful on top-level ops: a seed inside a loop body
  // would make "depends on a seed" ambiguous.
  bool hasSeed = !graph.cotangents.empty();
  WalkResult seeds = block.walk([&](Operation *op) {
    if (!op->hasAttr(RematDialect::kSeedAttrName))
      return WalkResult::advance();
    if (op->getBlock() != &block) {
      op->emitOpError() << "carries '" << RematDialect::kSeedAttrName
                        << "' but is nested in a region; gradient seeds "
                        << "must be top-level ops of the function";
      return WalkResult::interrupt();
    }
    hasSeed = true;
    return WalkResult::advance();
  });
  if (seeds.wasInterrupted())
    return failure();
  if (!hasSeed)
    return func.emitError()
           << "no gradient seed: mark the incoming gradient arguments with '"
           << RematDialect::kCotangentAttrName << "' or the op that seeds "
           << "the loss gradient with '" << RematDialect::kSeedAttrName
           << "'";

  // Forward pass over program order: an op is backward if it is a seed or
  // reads a backward value; it depends on the arguments if it reads one or
  // reads a value that does.
  DenseSet<Operation *> dependsOnArgs;
  for (Operation &op : block) {
    graph.index[&op] = graph.ops.size();
    graph.ops.push_back(&op);
    // A recomputation exists only to serve backward ops: it is backward
    // even though it reads forward values only.
    bool isBackward =
        op.hasAttr(RematDialect::kSeedAttrName) || isa<RecomputeOp>(op);
    bool readsArgs = false;
    for (Value input : getOpInputs(&op)) {
      if (graph.isBackwardValue(input))
        isBackward = true;
      if (isa<BlockArgument>(input) &&
          cast<BlockArgument>(input).getOwner() == &block)
        readsArgs = true;
      else if (Operation *def = graph.getTopLevelOp(input.getDefiningOp()))
        readsArgs |= dependsOnArgs.contains(def);
    }
    if (isBackward)
      graph.backward.insert(&op);
    if (readsArgs)
      dependsOnArgs.insert(&op);
  }

  // Backward-only constants (zero fills, tensor.empty destinations) join
  // the backward part. So do the gradient-free parts of backward formulas:
  // ops after the first backward op, in program order, that only backward
  // ops read (a convolution's padded input for its weight gradient,
  // LayerNorm's 2 * (x - mean)). They run in backward where they are, so
  // the forward values they read are what must live across the step, not
  // their results (often larger: the padded copy), and a recomputed value
  // must be recomputed before them too. Reverse order settles chains.
  addBackwardOnlyOps(block, graph.backward, [&](Operation *op, bool after) {
    return after || !dependsOnArgs.contains(op);
  });

  for (Operation *op : graph.ops) {
    if (op->hasTrait<OpTrait::IsTerminator>())
      continue;
    if (graph.backward.contains(op)) {
      ++graph.numBackward;
      continue;
    }
    ++graph.numForward;
    for (Value result : op->getResults()) {
      if (!isa<RankedTensorType>(result.getType()))
        continue;
      SavedValue entry{result, op, {}};
      llvm::SetVector<Operation *> users;
      for (Operation *u : result.getUsers()) {
        Operation *user = graph.getTopLevelOp(u);
        if (graph.backward.contains(user) &&
            !user->hasTrait<OpTrait::IsTerminator>())
          users.insert(user);
      }
      if (users.empty())
        continue;
      entry.backwardUsers.assign(users.begin(), users.end());
      llvm::sort(entry.backwardUsers, [&](Operation *a, Operation *b) {
        return graph.index.lookup(a) < graph.index.lookup(b);
      });
      graph.saved.push_back(std::move(entry));
    }
  }
  return graph;
}

/// Whether `func` marks a gradient seed (a cotangent argument or a seed
/// op), without building its graph.
static bool hasGradientSeed(FunctionOpInterface func) {
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
    if (func.getArgAttr(i, RematDialect::kCotangentAttrName))
      return true;
  return func
      ->walk([](Operation *op) {
        return op->hasAttr(RematDialect::kSeedAttrName) ? WalkResult::interrupt()
                                                        : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The functions with a body that `root`'s functions call, by caller;
/// fails with an error at a call if the calls form a cycle (recursion),
/// which neither the analyses nor the compiled code can handle.
static LogicalResult
collectCallees(Operation *root, DenseSet<Operation *> &called) {
  DenseMap<Operation *, SmallVector<std::pair<Operation *, CallOpInterface>>>
      callees;
  SmallVector<Operation *> funcs;
  root->walk([&](FunctionOpInterface func) {
    funcs.push_back(func);
    func->walk([&](CallOpInterface call) {
      auto callee =
          dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
      if (!callee || callee.isExternal())
        return;
      callees[func].push_back({callee, call});
      if (callee != func)
        called.insert(callee);
    });
  });
  // Depth-first search for a back edge; 0 new, 1 on the stack, 2 done.
  DenseMap<Operation *, int> state;
  std::function<LogicalResult(Operation *)> visit =
      [&](Operation *func) -> LogicalResult {
    state[func] = 1;
    for (auto [callee, call] : callees.lookup(func)) {
      int s = state.lookup(callee);
      if (s == 1)
        return call->emitError()
               << "recursive call to @"
               << cast<SymbolOpInterface>(callee).getName()
               << ": remat cannot analyse or run a recursive call graph";
      if (s == 0 && failed(visit(callee)))
        return failure();
    }
    state[func] = 2;
    return success();
  };
  for (Operation *func : funcs)
    if (state.lookup(func) == 0 && failed(visit(func)))
      return failure();
  return success();
}

LogicalResult mlir::remat::checkCallGraph(Operation *root,
                                          DenseSet<Operation *> *called) {
  DenseSet<Operation *> ignored;
  return collectCallees(root, called ? *called : ignored);
}

LogicalResult
mlir::remat::forEachTrainingGraph(Operation *root,
                                  function_ref<void(TrainingGraph &)> fn) {
  DenseSet<Operation *> called;
  if (failed(checkCallGraph(root, &called)))
    return failure();
  bool failed = false;
  root->walk([&](FunctionOpInterface func) {
    if (func.isExternal())
      return;
    if (called.contains(func) && !hasGradientSeed(func))
      return;
    FailureOr<TrainingGraph> graph = TrainingGraph::build(func);
    if (mlir::failed(graph)) {
      failed = true;
      return;
    }
    fn(*graph);
  });
  return failure(failed);
}
