//===- InitDialects.cpp - the dialects remat analyses ---------------------===//
//
// Defined here, not in lib/InitRemat.cpp, so that a compiler linking only
// the rematerialization libraries (RematTransforms and below) can register
// them without pulling in the lowering (RematConversion).
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/CostModel.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/InitRemat.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"

void mlir::remat::registerRematDialects(DialectRegistry &registry) {
  // (scf: loops and branches in a training graph, whose costs remat models;
  // remat-budget-bench could not read them)
  registry.insert<RematDialect, func::FuncDialect, linalg::LinalgDialect,
                  tensor::TensorDialect, arith::ArithDialect,
                  math::MathDialect, scf::SCFDialect>();
  registerCostModelExternalModels(registry);
}
