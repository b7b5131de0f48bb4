//===- RematInterfaces.h - remat cost-model interface -----------*- C++ -*-===//
//
// The op interface the remat analyses query for costs, recomputability and
// aliasing. See RematInterfaces.td.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_DIALECT_REMAT_IR_REMATINTERFACES_H
#define REMAT_DIALECT_REMAT_IR_REMATINTERFACES_H

#include "llvm/Support/MathExtras.h"
#include "mlir/IR/OpDefinition.h"
#include <cstdint>
#include <optional>

namespace mlir::remat {

/// The cost of one op. FLOPs count scalar operations (a fused multiply-add
/// counts two, so a matmul is 2*M*N*K); bytes are tensor bytes.
struct OpCost {
  /// Costs saturate here instead of wrapping (a 2^22-square matmul's
  /// 2 * 2^66 FLOPs wrapped to 0); TrainingGraph refuses ops and functions
  /// whose FLOPs reach 2^56, so sums of the rest stay exact.
  static constexpr int64_t kSaturated = int64_t(1) << 62;
  static int64_t add(int64_t a, int64_t b) {
    int64_t sum;
    return llvm::AddOverflow(a, b, sum) || sum > kSaturated ? kSaturated : sum;
  }
  static int64_t mul(int64_t a, int64_t b) {
    int64_t product;
    return llvm::MulOverflow(a, b, product) || product > kSaturated
               ? kSaturated
               : product;
  }

  int64_t flops = 0;
  int64_t bytesRead = 0;
  int64_t bytesWritten = 0;

  OpCost &operator+=(const OpCost &other) {
    flops = add(flops, other.flops);
    bytesRead = add(bytesRead, other.bytesRead);
    bytesWritten = add(bytesWritten, other.bytesWritten);
    return *this;
  }
  bool operator==(const OpCost &other) const {
    return flops == other.flops && bytesRead == other.bytesRead &&
           bytesWritten == other.bytesWritten;
  }
};

} // namespace mlir::remat

#include "remat/Dialect/Remat/IR/RematInterfaces.h.inc"

#endif // REMAT_DIALECT_REMAT_IR_REMATINTERFACES_H
