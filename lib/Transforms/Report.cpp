//===- Report.cpp - the remat-report pass ---------------------------------===//
//
// Read-only: analyses every function with a body and prints its memory
// report. A function the analyses reject (no seed, dynamic shapes) fails the
// pass with the analysis' diagnostic, so the tool exits non-zero.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/MemoryReport.h"
#include "remat/Transforms/Passes.h"
#include "remat/Transforms/Rematerialize.h"
#include "OutputFile.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATREPORT
#include "remat/Transforms/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

namespace {
struct RematReportPass
    : public mlir::remat::impl::RematReportBase<RematReportPass> {
  using Base::Base;
  // Bad option values are rejected when the pipeline is parsed, like
  // unknown options, before any IR is read.
  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    if (failed(Base::initializeOptions(options,
                                       skipPrintedErrors(errorHandler))))
      return failure();
    if (file.empty())
      return errorHandler("remat-report: 'file' must not be empty; use '-' "
                          "for stdout");
    return success();
  }
  void runOnOperation() override;
};
} // namespace

void RematReportPass::runOnOperation() {
  std::vector<FunctionReport> reports;
  // Destinations merged by CSE are split again before bufferization (the
  // lowering runs -remat-split-destinations): report what runs, on a copy
  // split the same way, not a buffer shared across forward and backward.
  Operation *root = getOperation();
  OwningOpRef<Operation *> split;
  if (hasSharedDestination(root)) {
    split = root->clone();
    splitDestinations(*split);
    root = *split;
  }
  if (failed(forEachTrainingGraph(root, [&](TrainingGraph &graph) {
        MemoryTimeline timeline = MemoryTimeline::build(graph.getBody());
        reports.push_back(buildFunctionReport(graph, timeline));
        reports.back().attentions = describeAttentions(graph.getBody());
      })))
    return signalPassFailure();

  LogicalResult written =
      writeOutputFile(getOperation(), "remat-report", file, [&](llvm::raw_ostream &os) {
        if (format == ReportFormat::Json) {
          llvm::json::Array functions;
          for (const FunctionReport &report : reports)
            functions.push_back(toJSON(report));
          os << llvm::formatv(
                    "{0:2}",
                    llvm::json::Value(llvm::json::Object{
                        {"functions", std::move(functions)}}))
             << "\n";
          return;
        }
        for (const FunctionReport &report : reports)
          printTextReport(report, os);
      });
  if (failed(written))
    return signalPassFailure();
  if (!plot.empty() &&
      failed(writeOutputFile(getOperation(), "remat-report", plot,
                               [&](llvm::raw_ostream &os) {
                                 writeSVGPlot(reports, os);
                               })))
    return signalPassFailure();
  markAllAnalysesPreserved();
}
