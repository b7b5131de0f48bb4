//===- remat-fuzz.cpp - libFuzzer target over the remat pipeline ----------===//
//
// Each input is parsed as MLIR; if it parses and verifies, the analyses run
// on every function, then the remat pipeline (selective, then segments)
// and the report. Diagnostics are swallowed: the target looks for crashes,
// sanitizer reports and hangs, not for errors. Built by `make fuzz`.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/MemoryTimeline.h"
#include "remat/Analysis/TrainingGraph.h"
#include "remat/InitRemat.h"
#include "remat/Support/InputGuard.h"
#include "remat/Transforms/Passes.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdint>
#include <memory>

using namespace mlir;

static MLIRContext &context() {
  static MLIRContext *ctx = [] {
    DialectRegistry registry;
    remat::registerRematDialects(registry);
    auto *c = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
    c->loadAllAvailableDialects();
    c->allowUnregisteredDialects();
    remat::registerRematPassesAndPipelines();
    return c;
  }();
  return *ctx;
}

static void runPipeline(ModuleOp module, remat::MarkPolicy policy,
                        const char *segments) {
  OwningOpRef<ModuleOp> clone = module.clone();
  PassManager pm(module.getContext());
  remat::RematPipelineOptions options;
  options.policy = policy;
  options.segments = segments;
  remat::buildRematPipeline(pm, options);
  remat::RematReportOptions report;
  report.file = "/dev/null";
  report.format = remat::ReportFormat::Json;
  pm.addPass(remat::createRematReport(report));
  (void)pm.run(*clone);
  (void)verify(*clone);
}

// As the tools do (remat/Support/InputGuard.h): text nested past the limit
// is refused before parsing, the rest runs on a large stack.
static int processInput(llvm::StringRef text) {
  MLIRContext &ctx = context();
  ScopedDiagnosticHandler silence(&ctx, [](Diagnostic &) { return success(); });
  if (remat::findExcessiveNesting(text) >= 0)
    return 0;
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "input"), llvm::SMLoc());
  // Crashes of MLIR's own parser on malformed text are not remat's to find
  // (nor to fix): they are errors, as in the tools; crashes after parsing
  // are reported.
  OwningOpRef<ModuleOp> module;
  if (remat::runGuardingParser([&](llvm::function_ref<void()>) {
        module = parseSourceFile<ModuleOp>(sourceMgr, &ctx);
        return module && succeeded(verify(*module)) ? 0 : 1;
      }, /*errors=*/nullptr))
    return 0;
  (void)remat::forEachTrainingGraph(*module, [](remat::TrainingGraph &graph) {
    (void)remat::MemoryTimeline::build(graph.getBody());
  });
  runPipeline(*module, remat::MarkPolicy::Selective, "");
  runPipeline(*module, remat::MarkPolicy::Segments, "2");
  return 0;
}

// LLVM's signal handlers are installed on the main thread, as InitLLVM does
// in the tools. Otherwise the first ToolOutputFile (the report) installs
// them on an input's large-stack thread, with a malloc'ed alternate signal
// stack of MINSIGSTKSZ + 64 KiB in place of AddressSanitizer's; when the
// thread ends, AddressSanitizer munmaps that stack as its own, which fails
// where MINSIGSTKSZ is not a page multiple (CPUs with AMX state) and aborts
// on the first input.
extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv) {
  llvm::sys::PrintStackTraceOnErrorSignal((*argv)[0]);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  return remat::runWithLargeStack([&] { return processInput(text); });
}
