//===- InitRemat.cpp - register remat's passes with an MLIR tool ----------===//
//
// The one place that knows every pass library: remat-opt and the plugins
// link RematInit; a compiler that only rematerializes links RematTransforms
// and calls registerRematDialects (lib/Analysis/InitDialects.cpp) and
// buildRematPipeline.
//
//===----------------------------------------------------------------------===//

#include "remat/InitRemat.h"
#include "remat/Conversion/Passes.h"
#include "remat/Transforms/Passes.h"

void mlir::remat::registerRematPassesAndPipelines() {
  registerRematPasses();
  registerRematPipeline();
  registerRematConversionPasses();
  registerRematLoweringPipelines();
}
