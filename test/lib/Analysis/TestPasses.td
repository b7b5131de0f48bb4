//===- TestPasses.td - test-only passes over remat's analyses -*- tablegen -*-===//
//
// Passes that print an analysis as remarks, for lit tests. They are linked
// into remat-opt only: not into the installed libraries or the plugins.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_TEST_ANALYSIS_TESTPASSES_TD
#define REMAT_TEST_ANALYSIS_TESTPASSES_TD

include "mlir/Pass/PassBase.td"

def TestRematTrainingGraph : Pass<"test-remat-training-graph", "ModuleOp"> {
  let summary = "Emit remarks describing the forward/backward split";
  let description = [{
    Test pass: on every top-level op of every function, a remark
    `forward` or `backward`, with `saved by N backward ops` on forward ops
    whose results backward reads.
  }];
}

def TestRematMemoryTimeline : Pass<"test-remat-memory-timeline", "ModuleOp"> {
  let summary = "Emit remarks with the live bytes at every op";
  let description = [{
    Test pass: on every top-level op of every function, a remark
    `live N` (heap bytes live while the op runs), `live N peak` at the peak.
  }];
}

#endif // REMAT_TEST_ANALYSIS_TESTPASSES_TD
