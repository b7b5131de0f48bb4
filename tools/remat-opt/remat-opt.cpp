//===- remat-opt.cpp - the remat optimizer driver -------------------------===//
//
// mlir-opt with remat's dialect, cost models and passes added: every
// upstream dialect and pass is available, so a user can run remat next to
// the upstream passes that prepare or lower a training graph.
//
//===----------------------------------------------------------------------===//

#include "remat/InitRemat.h"
#include "remat/Support/InputGuard.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir::remat::test {
void registerTestAnalysisPasses();
} // namespace mlir::remat::test

// The output is printed after the pass manager verified it (verify-each,
// on by default) or the parser did, so the printer need not verify the
// whole module again (4% of the pipeline's time on 48 GPT blocks), unless
// the user chose otherwise. Not with IR dumps, which may print a failing
// pass's invalid IR in custom form.
static void assumeOutputVerified(const mlir::MlirOptMainConfig &config) {
  if (!config.shouldVerifyPasses() || !config.shouldVerifyOnParsing())
    return;
  auto &options = llvm::cl::getRegisteredOptions();
  for (auto &[name, option] : options)
    if (name.starts_with("mlir-print-ir") && option->getNumOccurrences())
      return;
  auto *assume = static_cast<llvm::cl::opt<bool> *>(
      options.lookup("mlir-print-assume-verified"));
  if (assume && !assume->getNumOccurrences())
    assume->setValue(true);
}

// mlir-opt's main, with additions for hostile input (see
// remat/Support/InputGuard.h): the input is scanned for nesting deep enough
// to exhaust the parser's stack before it is parsed, everything runs on a
// thread with a large stack, and a crash of MLIR's parser is an error.
static mlir::LogicalResult optMain(int argc, char **argv,
                                   llvm::StringRef inputFilename,
                                   llvm::StringRef outputFilename,
                                   mlir::DialectRegistry &registry) {
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  assumeOutputVerified(config);
  // These print and return without reading the input.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::MlirOptMain(argc, argv, inputFilename, outputFilename,
                             registry);
  if (inputFilename == "-" &&
      llvm::sys::Process::FileDescriptorIsDisplayed(fileno(stdin)))
    llvm::errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to "
                    "interrupt)\n";
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file =
      mlir::openInputFile(inputFilename, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return mlir::failure();
  }
  {
    llvm::SourceMgr sourceMgr;
    unsigned id = sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(file->getMemBufferRef(),
                                         /*RequiresNullTerminator=*/false),
        llvm::SMLoc());
    if (!mlir::remat::checkInputNesting(sourceMgr, id))
      return mlir::failure();
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return mlir::failure();
  }
  // MlirOptMain parses (and verifies) the input, then sets up the pass
  // pipeline: parsing is over there, and crash recovery ends.
  int status = mlir::remat::runGuardingParser(
      [&](llvm::function_ref<void()> parsed) {
        mlir::MlirOptMainConfig guarded = config;
        guarded.setPassPipelineSetupFn([&](mlir::PassManager &pm) {
          parsed();
          return config.setupPassPipeline(pm);
        });
        return mlir::asMainReturnCode(mlir::MlirOptMain(
            output->os(), std::move(file), registry, guarded));
      });
  if (status != 0)
    return mlir::failure();
  output->keep();
  return mlir::success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
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

  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv,
      "remat optimizer: activation rematerialization for training graphs\n",
      registry);
  return mlir::remat::runWithLargeStack([&] {
    return mlir::asMainReturnCode(
        optMain(argc, argv, inputFilename, outputFilename, registry));
  });
}
