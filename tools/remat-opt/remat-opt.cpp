//===- remat-opt.cpp - the remat optimizer driver -------------------------===//
//
// mlir-opt with remat's dialect, cost models and passes added: every
// upstream dialect and pass is available, so a user can run remat next to
// the upstream passes that prepare or lower a training graph.
//
//===----------------------------------------------------------------------===//

#include "remat/InitRemat.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

namespace mlir::remat::test {
void registerTestAnalysisPasses();
} // namespace mlir::remat::test

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::remat::registerRematPassesAndPipelines();
  mlir::remat::test::registerTestAnalysisPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::remat::registerRematDialects(registry);
  // -remat-lower-to-nvvm serializes kernels: gpu-module-to-binary translates
  // the NVVM and LLVM dialects to LLVM IR.
  mlir::registerAllToLLVMIRTranslations(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "remat optimizer: activation rematerialization for "
                  "training graphs\n",
      registry));
}
