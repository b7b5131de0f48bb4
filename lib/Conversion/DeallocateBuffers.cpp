//===- DeallocateBuffers.cpp - free each buffer after its last use --------===//
//
// See the pass description in Passes.td. The rules are the ones the memory
// timeline predicts (lib/Analysis/MemoryTimeline.cpp): a buffer lives from
// its allocation to the last top-level use of any of its views, returned
// buffers are the caller's, and returned arguments or constants are
// copies made at the return. Keep the three in step.
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATDEALLOCATEBUFFERS
#include "remat/Conversion/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;

namespace {
/// Whether a region of `op` defines or receives a memref (then buffers are
/// not all top-level and the function is not straight-line).
bool hasNestedMemrefs(Operation &op) {
  auto isMemref = [](Value v) { return isa<BaseMemRefType>(v.getType()); };
  for (Region &region : op.getRegions()) {
    bool found = false;
    region.walk([&](Block *block) {
      found |= llvm::any_of(block->getArguments(), isMemref);
    });
    region.walk([&](Operation *nested) {
      found |= llvm::any_of(nested->getResults(), isMemref);
    });
    if (found)
      return true;
  }
  return false;
}

/// The memref every top-level memref of a straight-line `func` lives in
/// (an allocation, a constant, an argument: the value itself; a view: its
/// source's root), or none when `func` is not straight-line: several
/// blocks, memrefs inside regions, or a memref that is none of these.
std::optional<DenseMap<Value, Value>> getRoots(func::FuncOp func) {
  if (!func.getBody().hasOneBlock())
    return std::nullopt;
  DenseMap<Value, Value> rootOf;
  for (BlockArgument arg : func.getArguments())
    if (isa<BaseMemRefType>(arg.getType()))
      rootOf[arg] = arg;
  for (Operation &op : func.getBody().front()) {
    if (hasNestedMemrefs(op))
      return std::nullopt;
    for (Value result : op.getResults()) {
      if (!isa<BaseMemRefType>(result.getType()))
        continue;
      if (isa<memref::AllocOp, memref::GetGlobalOp>(op)) {
        rootOf[result] = result;
        continue;
      }
      auto view = dyn_cast<ViewLikeOpInterface>(op);
      if (!view || view->getNumResults() != 1)
        return std::nullopt;
      // Copied out first: inserting `result` may grow the map and
      // invalidate the iterator.
      Value root = rootOf.lookup(view.getViewSource());
      if (!root)
        return std::nullopt;
      rootOf[result] = root;
    }
  }
  return rootOf;
}

/// Roots the function owns and frees (arguments and constants are not).
bool isAllocation(Value root) {
  return isa_and_nonnull<memref::AllocOp>(root.getDefiningOp());
}

struct RematDeallocateBuffersPass
    : public mlir::remat::impl::RematDeallocateBuffersBase<
          RematDeallocateBuffersPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // As upstream's pipeline does first: dead views and allocations gone,
    // and an `scf.if` whose branches both yield one buffer from above
    // (-remat-prepare-lowering gives them one) folded to that buffer, so
    // that it has no memref results and the function stays straight-line.
    OpPassManager before("builtin.module");
    before.addPass(createCanonicalizerPass());
    if (failed(runPipeline(before, module)))
      return signalPassFailure();
    SmallVector<func::FuncOp> funcs;
    bool straight = !forceUpstream;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      funcs.push_back(func);
      straight &= isStraightLine(func);
    }
    // Nested modules (GPU modules come later) hold no host buffers yet.
    if (!straight)
      return runUpstream(module);

    for (func::FuncOp func : funcs)
      if (failed(deallocate(func)))
        return signalPassFailure();
    OpPassManager after("builtin.module");
    after.addPass(createCSEPass());
    after.addPass(createCanonicalizerPass());
    if (failed(runPipeline(after, module)))
      return signalPassFailure();
  }

  bool isStraightLine(func::FuncOp func) {
    std::optional<DenseMap<Value, Value>> rootOf = getRoots(func);
    if (!rootOf)
      return false;
    // Returned arguments and constants are copied with an identity layout.
    for (Value value : func.getBody().front().getTerminator()->getOperands()) {
      auto type = dyn_cast<MemRefType>(value.getType());
      if (type && !type.getLayout().isIdentity() &&
          !isAllocation(rootOf->lookup(value)))
        return false;
    }
    return true;
  }

  void runUpstream(ModuleOp module) {
    ++numUpstream;
    OpPassManager pm("builtin.module");
    std::string error;
    llvm::raw_string_ostream os(error);
    if (failed(parsePassPipeline("buffer-deallocation-pipeline,"
                                 "func.func(optimize-allocation-liveness)",
                                 pm, os))) {
      module.emitError() << "remat-deallocate-buffers: " << error;
      return signalPassFailure();
    }
    if (failed(runPipeline(pm, module)))
      signalPassFailure();
  }

  LogicalResult deallocate(func::FuncOp func) {
    std::optional<DenseMap<Value, Value>> roots = getRoots(func);
    if (!roots)
      return func.emitError()
             << "remat-deallocate-buffers: the function is not straight-line";
    DenseMap<Value, Value> &rootOf = *roots;
    Block &block = func.getBody().front();
    DenseMap<Operation *, unsigned> index;
    SmallVector<Value> allocs; // in program order
    for (Operation &op : block) {
      unsigned position = index.size();
      index[&op] = position;
      if (isa<memref::AllocOp>(op))
        allocs.push_back(op.getResult(0));
    }
    // Last top-level use of each root, through its views; returned roots.
    DenseMap<Value, Operation *> lastUse;
    llvm::SmallDenseSet<Value> returned;
    Operation *terminator = block.getTerminator();
    for (auto [member, root] : rootOf) {
      for (OpOperand &use : member.getUses()) {
        Operation *top = block.findAncestorOpInBlock(*use.getOwner());
        if (!top)
          continue;
        if (top == terminator) {
          returned.insert(root);
          continue;
        }
        // A view's own uses count, not the view.
        if (auto view = dyn_cast<ViewLikeOpInterface>(top))
          if (top == use.getOwner() && view.getViewSource() == member)
            continue;
        Operation *&last = lastUse[root];
        if (!last || index.lookup(last) < index.lookup(top))
          last = top;
      }
    }
    // The caller owns every result: copy returned arguments and constants.
    OpBuilder builder(terminator);
    for (OpOperand &operand : terminator->getOpOperands()) {
      Value value = operand.get();
      auto it = rootOf.find(value);
      if (it == rootOf.end() || isAllocation(it->second))
        continue;
      auto type = cast<MemRefType>(value.getType());
      Value copy = memref::AllocOp::create(
          builder, terminator->getLoc(),
          MemRefType::get(type.getShape(), type.getElementType()));
      memref::CopyOp::create(builder, terminator->getLoc(), value, copy);
      operand.set(copy);
      ++numCopies;
    }
    // In program order, so that the output does not depend on hashing.
    for (Value root : allocs) {
      if (returned.contains(root))
        continue;
      // An allocation nobody uses (canonicalization erased most) is freed
      // at once.
      Operation *last = lastUse.lookup(root);
      if (!last)
        last = root.getDefiningOp();
      builder.setInsertionPointAfter(last);
      memref::DeallocOp::create(builder, last->getLoc(), root);
      ++numDeallocs;
    }
    return success();
  }
};
} // namespace
