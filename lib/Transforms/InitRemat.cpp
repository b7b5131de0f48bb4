//===- InitRemat.cpp - register remat with an MLIR tool -------------------===//

#include "remat/InitRemat.h"
#include "remat/Analysis/CostModel.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"

void mlir::remat::registerRematDialects(DialectRegistry &registry) {
  registry.insert<RematDialect, func::FuncDialect, linalg::LinalgDialect,
                  tensor::TensorDialect, arith::ArithDialect,
                  math::MathDialect>();
  registerCostModelExternalModels(registry);
}

void mlir::remat::registerRematPassesAndPipelines() {
  registerRematPasses();
  registerRematPipeline();
}
