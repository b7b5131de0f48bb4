//===- GpuUtils.h - helpers shared by the GPU lowering passes -*- C++ -*-===//

#ifndef REMAT_LIB_CONVERSION_GPUUTILS_H
#define REMAT_LIB_CONVERSION_GPUUTILS_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include <optional>

namespace mlir::remat {

/// Whether `v` is a memref with the identity layout (contiguous, row-major).
bool isIdentityLayout(Value v);

/// The buffer `v` views, through views of any kind (subviews, reshapes,
/// casts).
Value rootBuffer(Value v);

/// The trip count of a loop from the constant 0 by 1 to a constant, or
/// nullopt.
std::optional<int64_t> unitTripCount(scf::ForOp loop);

/// The scf.parallel loops of `root` not nested in another one (each
/// becomes one kernel), in program order.
SmallVector<scf::ParallelOp> getOutermostParallelLoops(Operation *root);

/// The largest extent of grid dimensions y and z.
constexpr int64_t kMaxGridYZ = 65535;

/// Whether `width` is a vector width remat's lowering takes: 1, 2, 4, 8.
inline bool isValidVectorWidth(int64_t width) {
  return width >= 1 && width <= 8 && (width & (width - 1)) == 0;
}

/// Folds the index arithmetic that tiling put in the operands of `users`
/// (loop bounds, steps, launch sizes), so that they are constants.
void foldOperands(ArrayRef<Operation *> users);

} // namespace mlir::remat

#endif // REMAT_LIB_CONVERSION_GPUUTILS_H
