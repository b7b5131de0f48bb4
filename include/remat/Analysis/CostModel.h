//===- CostModel.h - FLOPs and bytes of training-graph ops ------*- C++ -*-===//
//
// The cost model answers, for any op: how many scalar operations it performs,
// how many tensor bytes it reads and writes, whether it may be recomputed, and
// whether a result is a view of an operand. Ops answer through
// `remat::CostOpInterface`; remat attaches external models to upstream ops
// (registerCostModelExternalModels). Ops without the interface are costed
// conservatively and are never recomputed.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_COSTMODEL_H
#define REMAT_ANALYSIS_COSTMODEL_H

#include "remat/Dialect/Remat/IR/RematInterfaces.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::remat {

/// Bytes of one element of `elementType` in memory: ceil(bits / 8), `index`
/// as 8, complex as twice its element. Unknown element types count 8.
int64_t getElementBytes(Type elementType);

/// Bytes of a statically shaped ranked tensor; 0 for anything else (scalars,
/// dynamic shapes: those are rejected by the training-graph analysis).
int64_t getTensorBytes(Type type);

/// Elements of a statically shaped ranked tensor, 1 for a scalar, 0 otherwise.
int64_t getNumElements(Type type);

/// The cost of `op`: its interface's answer, or the conservative fallback
/// (one scalar operation per result element, every operand read, every
/// result written) for ops without a cost model.
OpCost getOpCost(Operation *op);

/// Whether `op` has a cost model (implements `CostOpInterface`).
bool hasCostModel(Operation *op);

/// Whether `op` may be recomputed without changing results: it has a cost
/// model that says so, has no memory effects and no regions with side
/// effects. Unknown ops are never recomputable.
bool isRecomputable(Operation *op);

/// Whether `op` reads no runtime value: it is recomputable and its inputs
/// are all produced by input-free ops (constants, tensor.empty, a fill of a
/// constant into an empty, an iota). Such ops can be recreated anywhere,
/// so rematerialization clones them instead of keeping their results.
/// `known`, kept by a caller asking about many ops of one unchanging
/// graph, holds the answers found (the question recurses through the
/// producers: without it, a deep graph is walked again at every call).
bool isInputFree(Operation *op,
                 llvm::DenseMap<Operation *, bool> *known = nullptr);

/// The operand that result `resultIndex` of `op` is a view of, if any.
std::optional<unsigned> getAliasedOperand(Operation *op, unsigned resultIndex);

/// Whether `ctx` has remat's cost models attached (probed on func.return;
/// true where the func dialect is not registered). Without them every op
/// is unknown: nothing recomputable and conservative costs, silently (an
/// mlir-opt that loaded RematPassPlugin.so but not RematDialectPlugin.so).
bool areCostModelsRegistered(MLIRContext *ctx);

/// The error to give where they are not (`areCostModelsRegistered`).
InFlightDiagnostic emitNoCostModels(Operation *at);

/// Attach remat's cost models to the upstream ops it knows: linalg
/// structured ops and linalg.softmax, tensor views/reshapes and data
/// movement, elementwise arith and math, func.return and remat's own ops.
void registerCostModelExternalModels(DialectRegistry &registry);

} // namespace mlir::remat

#endif // REMAT_ANALYSIS_COSTMODEL_H
