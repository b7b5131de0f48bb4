//===- GpuUtils.cpp - helpers shared by the GPU lowering passes -----------===//

#include "GpuUtils.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>

using namespace mlir;

bool mlir::remat::isIdentityLayout(Value v) {
  auto type = dyn_cast<MemRefType>(v.getType());
  return type && type.getLayout().isIdentity();
}

Value mlir::remat::rootBuffer(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  return v;
}

SmallVector<scf::ParallelOp>
mlir::remat::getOutermostParallelLoops(Operation *root) {
  SmallVector<scf::ParallelOp> loops;
  root->walk([&](scf::ParallelOp loop) {
    if (!loop->getParentOfType<scf::ParallelOp>())
      loops.push_back(loop);
  });
  return loops;
}

std::optional<int64_t> mlir::remat::unitTripCount(scf::ForOp loop) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!lb || !ub || !step || *lb != 0 || *step != 1)
    return std::nullopt;
  return *ub;
}

// Folds the index arithmetic that tiling put in the loops' bounds and
// steps (`arith.muli %c1, %c256`), so that trip counts and launch sizes
// are constants. Only those ops are touched: a general canonicalization
// would also collapse the one-iteration loops this pass creates.
void mlir::remat::foldOperands(ArrayRef<Operation *> users) {
  // The index arithmetic and what it is computed from (a collapsed
  // loop's bound is a product of products), producers first.
  SmallVector<Operation *> ops;
  llvm::SmallPtrSet<Operation *, 16> seen;
  std::function<void(Value)> visit = [&](Value v) {
    Operation *def = v.getDefiningOp();
    if (!def || !isa<arith::ArithDialect, affine::AffineDialect>(
                    def->getDialect()) ||
        !seen.insert(def).second)
      return;
    for (Value operand : def->getOperands())
      visit(operand);
    ops.push_back(def);
  };
  for (Operation *user : users)
    for (Value v : user->getOperands())
      visit(v);
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingOps);
  (void)applyOpPatternsGreedily(ops, FrozenRewritePatternSet(), config);
}
