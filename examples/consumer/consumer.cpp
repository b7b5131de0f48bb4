//===- consumer.cpp - embedding remat in another MLIR compiler ------------===//
//
// What a compiler that embeds remat does: register remat's dialect and cost
// models next to its own, add the remat pipeline to its pass manager, and
// use the memory timeline on the result.
//
//   remat-consumer graph.mlir
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/MemoryTimeline.h"
#include "remat/InitRemat.h"
#include "remat/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

static int64_t peakOf(func::FuncOp func) {
  return remat::MemoryTimeline::build(func.getBody().front()).getPeakBytes();
}

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: remat-consumer graph.mlir\n";
    return 2;
  }
  DialectRegistry registry;
  remat::registerRematDialects(registry);
  MLIRContext context(registry);
  context.allowUnregisteredDialects(); // ops of other producers
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(argv[1], &context);
  if (!module)
    return 1;

  std::vector<int64_t> before;
  for (auto func : module->getOps<func::FuncOp>())
    if (!func.isExternal())
      before.push_back(peakOf(func));

  PassManager pm(&context);
  remat::RematPipelineOptions options;
  options.policy = remat::MarkPolicy::Selective;
  remat::buildRematPipeline(pm, options);
  if (failed(pm.run(*module)))
    return 1;

  size_t i = 0;
  for (auto func : module->getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    unsigned regions = 0;
    func.walk([&](remat::RecomputeOp) { ++regions; });
    llvm::outs() << "@" << func.getSymName() << ": peak " << before[i++]
                 << " -> " << peakOf(func) << " bytes, " << regions
                 << " recomputations\n";
  }
  return 0;
}
