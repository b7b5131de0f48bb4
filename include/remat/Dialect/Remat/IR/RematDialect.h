//===- RematDialect.h - remat dialect ---------------------------*- C++ -*-===//
//
// The remat dialect: `remat.recompute`, `remat.yield`, `#remat.cost` and the
// discardable attributes `remat.cotangent`, `remat.seed`, `remat.policy`.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_DIALECT_REMAT_IR_REMATDIALECT_H
#define REMAT_DIALECT_REMAT_IR_REMATDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "remat/Dialect/Remat/IR/RematDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "remat/Dialect/Remat/IR/RematAttrs.h.inc"

#define GET_OP_CLASSES
#include "remat/Dialect/Remat/IR/RematOps.h.inc"

namespace mlir::remat {

/// The values `remat.policy` may take.
enum class Policy { Save, Recompute };

/// The `remat.policy` of `op`, if it has a valid one.
std::optional<Policy> getPolicy(Operation *op);

} // namespace mlir::remat

#endif // REMAT_DIALECT_REMAT_IR_REMATDIALECT_H
