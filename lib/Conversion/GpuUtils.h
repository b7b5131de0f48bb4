//===- GpuUtils.h - helpers shared by the GPU lowering passes -*- C++ -*-===//

#ifndef REMAT_LIB_CONVERSION_GPUUTILS_H
#define REMAT_LIB_CONVERSION_GPUUTILS_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

namespace mlir::remat {

/// Whether `v` is a memref with the identity layout (contiguous, row-major).
bool isIdentityLayout(Value v);

/// Folds the index arithmetic that tiling put in the operands of `users`
/// (loop bounds, steps, launch sizes), so that they are constants.
void foldOperands(ArrayRef<Operation *> users);

} // namespace mlir::remat

#endif // REMAT_LIB_CONVERSION_GPUUTILS_H
