//===- InitRemat.h - register remat with an MLIR tool -----------*- C++ -*-===//
//
// What a tool embedding remat calls: the dialect, the cost models attached
// to upstream ops, and every remat pass.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_INITREMAT_H
#define REMAT_INITREMAT_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::remat {

/// Registers the remat dialect, the upstream dialects remat's cost models
/// cover (func, linalg, tensor, arith, math), and those cost models.
/// In RematAnalysis: linking RematTransforms is enough.
void registerRematDialects(DialectRegistry &registry);

/// Registers every remat pass and pipeline with the global pass registry,
/// the lowering (RematConversion) included. In RematInit.
void registerRematPassesAndPipelines();

} // namespace mlir::remat

#endif // REMAT_INITREMAT_H
