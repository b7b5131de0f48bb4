//===- TestAnalyses.cpp - remarks that expose the analyses to lit ---------===//
//
// Following Triton's habit, each analysis has a tiny pass printing its
// result, here as remarks that lit checks with -verify-diagnostics.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/MemoryTimeline.h"
#include "remat/Analysis/TrainingGraph.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::remat::test {
#define GEN_PASS_DECL
#define GEN_PASS_DEF_TESTREMATTRAININGGRAPH
#define GEN_PASS_DEF_TESTREMATMEMORYTIMELINE
#define GEN_PASS_REGISTRATION
#include "TestPasses.h.inc"
} // namespace mlir::remat::test

using namespace mlir;
using namespace mlir::remat;

namespace {
struct TestRematTrainingGraphPass
    : public mlir::remat::test::impl::TestRematTrainingGraphBase<
          TestRematTrainingGraphPass> {
  using Base::Base;
  void runOnOperation() override {
    LogicalResult result =
        forEachTrainingGraph(getOperation(), [](TrainingGraph &graph) {
      DenseMap<Operation *, unsigned> savedUses;
      for (const SavedValue &saved : graph.getSaved())
        savedUses[saved.producer] += saved.backwardUsers.size();
      for (Operation *op : graph.getOps()) {
        if (op->hasTrait<OpTrait::IsTerminator>())
          continue;
        InFlightDiagnostic remark = op->emitRemark()
                                    << (graph.isBackward(op) ? "backward"
                                                             : "forward");
        if (unsigned uses = savedUses.lookup(op))
          remark << ", saved for " << uses << " backward use"
                 << (uses > 1 ? "s" : "");
      }
    });
    if (failed(result))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};

struct TestRematMemoryTimelinePass
    : public mlir::remat::test::impl::TestRematMemoryTimelineBase<
          TestRematMemoryTimelinePass> {
  using Base::Base;
  void runOnOperation() override {
    LogicalResult result =
        forEachTrainingGraph(getOperation(), [](TrainingGraph &graph) {
      MemoryTimeline timeline = MemoryTimeline::build(graph.getBody());
      for (auto [i, op] : llvm::enumerate(timeline.getOps())) {
        InFlightDiagnostic remark = op->emitRemark()
                                    << "live " << timeline.getLiveBytes()[i];
        if (i == timeline.getPeakIndex())
          remark << " peak";
      }
    });
    if (failed(result))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace

namespace mlir::remat::test {
/// Registers the test passes; remat-opt calls it.
void registerTestAnalysisPasses() { registerRematTestPasses(); }
} // namespace mlir::remat::test
