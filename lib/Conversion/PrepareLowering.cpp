//===- PrepareLowering.cpp - from remat IR to plain upstream IR -----------===//
//
// Inlining a recomputation in place keeps the order the remat pipeline
// chose: its ops run exactly where the region stood, just before the
// backward consumer. No pass that follows in -remat-lower-to-llvm moves
// ops across others (no CSE, no hoisting), so the order survives to the
// machine code.
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Conversion/Passes.h"

#include "remat/Analysis/MemoryTimeline.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATPREPARELOWERING
#include "remat/Conversion/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

/// Moves the body of `op` before it and replaces its results by the
/// yielded values.
static void inlineRecompute(RecomputeOp op) {
  Block &body = op.getBodyBlock();
  auto yield = cast<remat::YieldOp>(body.getTerminator());
  // A yielded view is copied out, so that the buffer it views dies with
  // the region (as the memory timeline counts it: isYieldedAlias).
  OpBuilder builder(yield);
  for (OpOperand &operand : yield->getOpOperands()) {
    Value value = operand.get();
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || !isYieldedAlias(value))
      continue;
    Value init = tensor::EmptyOp::create(builder, yield.getLoc(),
                                         type.getShape(), type.getElementType());
    operand.set(linalg::CopyOp::create(builder, yield.getLoc(), value, init)
                    .getResult(0));
  }
  for (auto [arg, input] : llvm::zip(body.getArguments(), op.getInputs()))
    arg.replaceAllUsesWith(input);
  op.replaceAllUsesWith(yield.getValues());
  yield.erase();
  op->getBlock()->getOperations().splice(op->getIterator(),
                                         body.getOperations());
  op.erase();
}

/// The most dimensions a shaped type may have: memref descriptors carry
/// two arrays of this length, and upstream's lowerings recurse per
/// dimension (a rank-5000 tensor once crashed the lowering after 47 s).
static constexpr int64_t kMaxLoweringRank = 32;

static bool isRematAttr(NamedAttribute attr) {
  return attr.getName().getValue().starts_with("remat.");
}

/// Whether `value` is read after `op` in `op`'s block (directly or inside
/// a later op's regions): bufferization then cannot write `op`'s result
/// into it.
static bool readAfter(Value value, Operation *op) {
  Block *block = op->getBlock();
  return llvm::any_of(value.getUsers(), [&](Operation *user) {
    Operation *top = block->findAncestorOpInBlock(*user);
    return top && top != op && op->isBeforeInBlock(top);
  });
}

/// Where `value`, yielded by a loop body, was written in place: followed
/// back through the tied inits of destination-style ops (linalg ops,
/// tensor.insert_slice, nested loops) and the operands that elementwise
/// ops will write into, unless read later (`t = tanh(acc); u = t + acc`:
/// the tanh cannot overwrite acc, so u is not written in acc's buffer; the
/// body was taken as in place and failed to bufferize); the value itself
/// where that ends.
static Value inPlaceRoot(Value value) {
  while (auto result = dyn_cast<OpResult>(value)) {
    Operation *op = result.getOwner();
    if (auto dps = dyn_cast<DestinationStyleOpInterface>(op)) {
      Value init = dps.getTiedOpOperand(result)->get();
      if (readAfter(init, op))
        break;
      value = init;
      continue;
    }
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      Value init = loop.getInits()[result.getResultNumber()];
      if (readAfter(init, op))
        break;
      value = init;
      continue;
    }
    // An elementwise op on tensors (arith.addf %q, %t) becomes a
    // linalg.generic whose init is its first operand of the result's type
    // (-convert-elementwise-to-linalg, later in the lowering).
    if (op->hasTrait<OpTrait::Elementwise>()) {
      auto it = llvm::find_if(op->getOperands(), [&](Value operand) {
        return operand.getType() == value.getType();
      });
      if (it == op->operand_end() || readAfter(*it, op))
        break;
      value = *it;
      continue;
    }
    break;
  }
  return value;
}

/// A loop that yields a new tensor for an iteration argument (an RNN's
/// `%h_next` computed into a fresh tensor.empty) does not bufferize
/// ("Yield operand #0 is not equivalent to the corresponding iter bbArg"):
/// the value is copied into the argument's buffer just before the yield,
/// as a destination-style body would have written it. A value written in
/// another iteration argument's buffer (a swap, `yield %b, %a`) is copied
/// out first, all of them before any argument is written. The copies are
/// in the IR the memory timeline predicts from, so they are counted.
static void yieldIntoArgs(Operation *terminator,
                          MutableArrayRef<OpOperand> yielded,
                          ValueRange iterArgs) {
  OpBuilder builder(terminator);
  SmallVector<std::pair<OpOperand *, Value>> copies;
  for (auto [operand, iterArg] : llvm::zip_equal(yielded, iterArgs)) {
    if (!isa<RankedTensorType>(iterArg.getType()) ||
        operand.get().getType() != iterArg.getType())
      continue;
    Value root = inPlaceRoot(operand.get());
    if (root == iterArg)
      continue;
    Value source = operand.get();
    if (llvm::is_contained(iterArgs, root)) {
      auto type = cast<RankedTensorType>(source.getType());
      Value empty = tensor::EmptyOp::create(builder, terminator->getLoc(),
                                            type.getShape(),
                                            type.getElementType());
      source = linalg::CopyOp::create(builder, terminator->getLoc(), source,
                                      empty)
                   ->getResult(0);
    }
    copies.push_back({&operand, source});
  }
  for (auto [operand, source] : copies) {
    Value iterArg = iterArgs[operand - yielded.data()];
    operand->set(linalg::CopyOp::create(builder, terminator->getLoc(), source,
                                        iterArg)
                     ->getResult(0));
  }
}

static void yieldIntoIterArgs(scf::ForOp loop) {
  Operation *yield = loop.getBody()->getTerminator();
  yieldIntoArgs(yield, yield->getOpOperands(), loop.getRegionIterArgs());
}

/// An `scf.while` the same way, in both regions: what `scf.condition`
/// forwards is written into the before region's arguments, what the body
/// yields into its own arguments (the pairs bufferization requires to be
/// equivalent; "Yield operand #1 is not equivalent to the corresponding
/// iter bbArg" before).
static void yieldIntoWhileArgs(scf::WhileOp loop) {
  scf::ConditionOp condition = loop.getConditionOp();
  MutableArrayRef<OpOperand> forwarded =
      condition->getOpOperands().drop_front();
  if (forwarded.size() == loop.getBeforeArguments().size())
    yieldIntoArgs(condition, forwarded, loop.getBeforeArguments());
  Operation *yield = loop.getYieldOp();
  if (yield->getNumOperands() == loop.getAfterArguments().size())
    yieldIntoArgs(yield, yield->getOpOperands(), loop.getAfterArguments());
}

/// The tensor.empty operand that `value`, yielded from `block`, was
/// written into: followed back through the tied inits of destination-style
/// ops of `block` whose results have no other use; null when the chain
/// ends elsewhere (a value from above, a constant, a view, a loop).
static OpOperand *emptyDestinationOf(Value value, Block &block) {
  while (auto result = dyn_cast<OpResult>(value)) {
    auto dps = dyn_cast<DestinationStyleOpInterface>(result.getOwner());
    if (!dps || !dps.hasPureTensorSemantics() ||
        dps->getBlock() != &block || !result.hasOneUse())
      return nullptr;
    OpOperand *init = dps.getTiedOpOperand(result);
    if (init->get().getDefiningOp<tensor::EmptyOp>())
      return init;
    value = init->get();
  }
  return nullptr;
}

/// An `scf.if` whose branches yield different buffers (a value computed
/// in one, a constant or a value from above in the other) bufferizes to an
/// `scf.if` with memref results, which only ownership-based deallocation
/// can free: with dynamic ownership flags, at the end of the function (a
/// 16x16 example measured 5,168 B against a predicted 3,072). Each tensor
/// result gets one destination allocated before the `if`, which both
/// branches write: the op computing the yielded value writes into it
/// directly where its destination was a tensor.empty, anything else is
/// copied into it. The results are then that buffer (the memory timeline
/// joins them to it) and the deallocation stays linear.
static void yieldIntoDestinations(scf::IfOp op) {
  for (OpResult result : op->getResults()) {
    auto type = dyn_cast<RankedTensorType>(result.getType());
    if (!type)
      continue;
    OpBuilder builder(op);
    Value dest = bufferization::AllocTensorOp::create(
        builder, op.getLoc(), type, ValueRange());
    for (Region *region : {&op.getThenRegion(), &op.getElseRegion()}) {
      Block &block = region->front();
      Operation *yield = block.getTerminator();
      OpOperand &yielded = yield->getOpOperand(result.getResultNumber());
      if (OpOperand *init = emptyDestinationOf(yielded.get(), block)) {
        Operation *empty = init->get().getDefiningOp();
        init->set(dest);
        if (empty->use_empty())
          empty->erase();
        continue;
      }
      builder.setInsertionPoint(yield);
      yielded.set(linalg::CopyOp::create(builder, op.getLoc(), yielded.get(),
                                         dest)
                      .getResult(0));
    }
  }
}

namespace {
struct RematPrepareLoweringPass
    : public mlir::remat::impl::RematPrepareLoweringBase<
          RematPrepareLoweringPass> {
  using Base::Base;

  /// What the lowering pipeline cannot handle, said up front instead of as
  /// a legalization failure or a crash deep inside it: functions in nested
  /// modules (the pipeline's function passes run on the top level only) and
  /// shaped types of more dimensions than kMaxLoweringRank.
  LogicalResult checkLowerable() {
    ModuleOp top = getOperation();
    WalkResult result = top->walk([&](Operation *op) {
      if (auto nested = dyn_cast<ModuleOp>(op); nested && nested != top) {
        bool hasFunctions = false;
        nested->walk([&](FunctionOpInterface) { hasFunctions = true; });
        if (hasFunctions) {
          nested->emitError()
              << "remat lowers the functions of one module: functions in "
                 "nested modules are not supported; lower each module on "
                 "its own";
          return WalkResult::interrupt();
        }
        return WalkResult::skip();
      }
      auto tooDeep = [&](Type type) {
        auto shaped = dyn_cast<ShapedType>(type);
        return shaped && shaped.hasRank() &&
               shaped.getRank() > kMaxLoweringRank;
      };
      auto reject = [&](Type type) {
        op->emitOpError() << "has a value of rank "
                          << cast<ShapedType>(type).getRank()
                          << "; remat lowers at most " << kMaxLoweringRank
                          << " dimensions";
        return WalkResult::interrupt();
      };
      for (Type type : op->getResultTypes())
        if (tooDeep(type))
          return reject(type);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            if (tooDeep(arg.getType()))
              return reject(arg.getType());
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  void runOnOperation() override {
    if (failed(checkLowerable()))
      return signalPassFailure();
    SmallVector<RecomputeOp> regions;
    getOperation()->walk([&](RecomputeOp op) { regions.push_back(op); });
    // Outer regions first would leave nested ones in place; there are none
    // (the body of a recomputation is pure and has no recomputations), but
    // inline innermost first regardless.
    for (RecomputeOp op : llvm::reverse(regions))
      inlineRecompute(op);

    // Aggregate ops (linalg.softmax) have no loop lowering: decompose them
    // into structured ops, in place.
    SmallVector<linalg::AggregatedOpInterface> aggregates;
    getOperation()->walk(
        [&](linalg::AggregatedOpInterface op) { aggregates.push_back(op); });
    for (linalg::AggregatedOpInterface op : aggregates) {
      OpBuilder builder(op);
      FailureOr<SmallVector<Value>> results = op.decomposeOperation(builder);
      if (failed(results)) {
        op->emitOpError() << "cannot be decomposed for lowering";
        return signalPassFailure();
      }
      op->replaceAllUsesWith(*results);
      op->erase();
    }

    getOperation()->walk([](scf::ForOp loop) { yieldIntoIterArgs(loop); });
    getOperation()->walk([](scf::WhileOp loop) { yieldIntoWhileArgs(loop); });
    getOperation()->walk([](scf::IfOp op) { yieldIntoDestinations(op); });

    MLIRContext *ctx = &getContext();
    getOperation()->walk([&](Operation *op) {
      for (NamedAttribute attr : llvm::to_vector(op->getDiscardableAttrs()))
        if (isRematAttr(attr))
          op->removeDiscardableAttr(attr.getName());
      auto func = dyn_cast<FunctionOpInterface>(op);
      if (!func)
        return;
      for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
        func.removeArgAttr(i, StringAttr::get(ctx, RematDialect::kCotangentAttrName));
        if (!func.isExternal() &&
            isa<TensorType>(func.getArgumentTypes()[i]))
          func.setArgAttr(i, bufferization::BufferizationDialect::kWritableAttrName,
                          BoolAttr::get(ctx, false));
      }
    });
  }
};
} // namespace
