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
#include "remat/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATPREPARELOWERING
#include "remat/Transforms/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

/// Moves the body of `op` before it and replaces its results by the
/// yielded values.
static void inlineRecompute(RecomputeOp op) {
  Block &body = op.getBodyBlock();
  auto yield = cast<remat::YieldOp>(body.getTerminator());
  for (auto [arg, input] : llvm::zip(body.getArguments(), op.getInputs()))
    arg.replaceAllUsesWith(input);
  op.replaceAllUsesWith(yield.getValues());
  yield.erase();
  op->getBlock()->getOperations().splice(op->getIterator(),
                                         body.getOperations());
  op.erase();
}

static bool isRematAttr(NamedAttribute attr) {
  return attr.getName().getValue().starts_with("remat.");
}

namespace {
struct RematPrepareLoweringPass
    : public mlir::remat::impl::RematPrepareLoweringBase<
          RematPrepareLoweringPass> {
  using Base::Base;
  void runOnOperation() override {
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
