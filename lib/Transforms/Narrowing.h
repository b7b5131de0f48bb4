//===- Narrowing.h - products accumulated wide, then narrowed ----*- C++ -*-===//
//
// Importers write a 16-bit product as an f32 product followed by a generic
// that only truncates it; -remat-tile-attention and -remat-tile-accumulators
// both look through that pair.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_TRANSFORMS_NARROWING_H
#define REMAT_LIB_TRANSFORMS_NARROWING_H

namespace mlir {
class Operation;
namespace remat {

/// Whether `op` is a linalg.generic that only narrows its one input
/// elementwise (a truncf over identity maps).
bool isNarrowing(Operation *op);

/// Whether `op` is a linalg.generic that only widens its one input
/// elementwise (an extf over identity maps: PyTorch's `.float()`).
bool isWidening(Operation *op);

} // namespace remat
} // namespace mlir

#endif // REMAT_LIB_TRANSFORMS_NARROWING_H
