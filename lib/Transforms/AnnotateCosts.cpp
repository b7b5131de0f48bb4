//===- AnnotateCosts.cpp - write the cost model into the IR ---------------===//

#include "remat/Analysis/CostModel.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Transforms/Passes.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATANNOTATECOSTS
#include "remat/Transforms/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

namespace {
struct RematAnnotateCostsPass
    : public mlir::remat::impl::RematAnnotateCostsBase<RematAnnotateCostsPass> {
  using Base::Base;
  void runOnOperation() override {
    Operation *root = getOperation();
    MLIRContext *ctx = &getContext();
    if (!areCostModelsRegistered(ctx)) {
      emitNoCostModels(root);
      return signalPassFailure();
    }
    root->walk([&](Operation *op) {
      // Functions and modules are containers, not work.
      if (op == root || op->hasTrait<OpTrait::SymbolTable>() ||
          isa<FunctionOpInterface>(op))
        return;
      OpCost cost = getOpCost(op);
      op->setAttr(RematDialect::kCostAttrName,
                  CostAttr::get(ctx, cost.flops, cost.bytesRead,
                                cost.bytesWritten, isRecomputable(op)));
    });
  }
};
} // namespace
