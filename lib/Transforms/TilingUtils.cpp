//===- TilingUtils.cpp - what the tiling passes share ---------------------===//

#include "TilingUtils.h"

#include "remat/Analysis/MemoryTimeline.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::remat;

/// A linalg.generic that only converts its one input elementwise with
/// `ConvOp`, over identity maps.
template <typename ConvOp>
static bool isConversion(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic || generic.getNumDpsInputs() != 1 ||
      generic.getNumDpsInits() != 1 || !generic.hasPureTensorSemantics() ||
      generic.getNumLoops() != generic.getNumParallelLoops() ||
      !llvm::all_of(generic.getIndexingMapsArray(),
                    [](AffineMap m) { return m.isIdentity(); }))
    return false;
  Block *body = generic.getBody();
  auto conv = body->getTerminator()->getOperand(0).getDefiningOp<ConvOp>();
  return body->getOperations().size() == 2 && conv &&
         conv.getIn() == body->getArgument(0);
}

bool mlir::remat::isNarrowing(Operation *op) {
  return isConversion<arith::TruncFOp>(op);
}

bool mlir::remat::isWidening(Operation *op) {
  return isConversion<arith::ExtFOp>(op);
}

PeakGuard::PeakGuard(func::FuncOp func) : func(func) {
  if (!func.getBody().hasOneBlock())
    return;
  backup = func.clone();
  peakBefore = MemoryTimeline::build(func.getBody().front()).getPeakBytes();
}

std::optional<std::pair<int64_t, int64_t>> PeakGuard::undoIfPeakRose() {
  if (!backup)
    return std::nullopt;
  int64_t peakAfter =
      MemoryTimeline::build(func.getBody().front()).getPeakBytes();
  if (peakAfter <= peakBefore)
    return std::nullopt;
  func.getBody().takeBody(backup->getBody());
  return std::make_pair(peakBefore, peakAfter);
}
