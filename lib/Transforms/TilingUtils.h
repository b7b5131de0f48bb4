//===- TilingUtils.h - what the tiling passes share --------------*- C++ -*-===//
//
// -remat-tile-attention and -remat-tile-accumulators both look through the
// conversions importers write around 16-bit products (an f32 product, then
// a generic that only truncates it), and both undo themselves when they
// would raise the function's predicted peak.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_TRANSFORMS_TILINGUTILS_H
#define REMAT_LIB_TRANSFORMS_TILINGUTILS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <optional>
#include <utility>

namespace mlir {
namespace remat {

/// Whether `op` is a linalg.generic that only narrows its one input
/// elementwise (a truncf over identity maps).
bool isNarrowing(Operation *op);

/// Whether `op` is a linalg.generic that only widens its one input
/// elementwise (an extf over identity maps: PyTorch's `.float()`).
bool isWidening(Operation *op);

/// Keeps a copy of a single-block function and its predicted peak, so a
/// rewrite that raises the peak can be undone (-remat-pipeline never raises
/// it). Construct before rewriting; call undoIfPeakRose() after.
class PeakGuard {
public:
  explicit PeakGuard(func::FuncOp func);
  /// If the predicted peak rose, puts the function back as it was and
  /// returns the peaks before and after.
  std::optional<std::pair<int64_t, int64_t>> undoIfPeakRose();

private:
  func::FuncOp func;
  OwningOpRef<func::FuncOp> backup; // null for multi-block functions
  int64_t peakBefore = 0;
};

} // namespace remat
} // namespace mlir

#endif // REMAT_LIB_TRANSFORMS_TILINGUTILS_H
