//===- PassPlugin.cpp - remat as an mlir-opt pass plugin ------------------===//

#include "remat/InitRemat.h"

#include "mlir/Tools/Plugins/PassPlugin.h"

/// Registers every remat pass and pipeline (-remat-pipeline,
/// -remat-report, -remat-lower-to-llvm, ...).
extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "RematPasses", "0.1",
          []() { mlir::remat::registerRematPassesAndPipelines(); }};
}
