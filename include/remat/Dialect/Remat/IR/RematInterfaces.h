//===- RematInterfaces.h - remat cost-model interface -----------*- C++ -*-===//
//
// The op interface the remat analyses query for costs, recomputability and
// aliasing. See RematInterfaces.td.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_DIALECT_REMAT_IR_REMATINTERFACES_H
#define REMAT_DIALECT_REMAT_IR_REMATINTERFACES_H

#include "mlir/IR/OpDefinition.h"
#include <cstdint>
#include <optional>

namespace mlir::remat {

/// The cost of one op. FLOPs count scalar operations (a fused multiply-add
/// counts two, so a matmul is 2*M*N*K); bytes are tensor bytes.
struct OpCost {
  int64_t flops = 0;
  int64_t bytesRead = 0;
  int64_t bytesWritten = 0;

  OpCost &operator+=(const OpCost &other) {
    flops += other.flops;
    bytesRead += other.bytesRead;
    bytesWritten += other.bytesWritten;
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
