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

/// Folds the index arithmetic that tiling put in the operands of `users`
/// (loop bounds, steps, launch sizes), so that they are constants.
void foldOperands(ArrayRef<Operation *> users);

} // namespace mlir::remat

#endif // REMAT_LIB_CONVERSION_GPUUTILS_H
