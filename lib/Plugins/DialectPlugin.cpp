//===- DialectPlugin.cpp - remat as an mlir-opt dialect plugin ------------===//

#include "remat/InitRemat.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"

/// Registers the remat dialect and remat's cost models for upstream ops.
extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Remat", "0.1",
          [](mlir::DialectRegistry *registry) {
            mlir::remat::registerRematDialects(*registry);
          }};
}
