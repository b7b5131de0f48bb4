//===- SplitBlocksAtLoops.cpp - one block per top-level loop nest ---------===//
//
// See the pass description in Passes.td: splitting from the last loop back
// moves each op once, where -convert-scf-to-cf on one huge block moves the
// rest of the block at every loop.
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATSPLITBLOCKSATLOOPS
#include "remat/Conversion/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;

namespace {
struct RematSplitBlocksAtLoopsPass
    : public mlir::remat::impl::RematSplitBlocksAtLoopsBase<
          RematSplitBlocksAtLoopsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal() || !func.getBody().hasOneBlock())
      return;
    Block &entry = func.getBody().front();
    SmallVector<Operation *> loops;
    for (Operation &op : entry.without_terminator())
      if (op.getNumRegions() > 0)
        loops.push_back(&op);
    // From the back: each split moves only the ops up to the previous one.
    OpBuilder builder(&getContext());
    for (Operation *loop : llvm::reverse(loops)) {
      Operation *next = loop->getNextNode();
      if (!next || next->hasTrait<OpTrait::IsTerminator>())
        continue;
      Block *tail = entry.splitBlock(next);
      builder.setInsertionPointToEnd(&entry);
      cf::BranchOp::create(builder, loop->getLoc(), tail);
    }
  }
};
} // namespace
