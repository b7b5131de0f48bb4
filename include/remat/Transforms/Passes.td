//===- Passes.td - remat passes ----------------------------*- tablegen -*-===//

#ifndef REMAT_TRANSFORMS_PASSES_TD
#define REMAT_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def RematReport : Pass<"remat-report", "ModuleOp"> {
  let summary = "Print the memory report of every training graph";
  let description = [{
    For each function with a body, splits forward from backward (gradient
    seeds: arguments marked `remat.cotangent`, ops marked `remat.seed`),
    lists the saved activations (forward tensors that backward ops read, with
    the backward op that needs each), and predicts live tensor bytes over
    program order: the peak and the op where it occurs. Arguments are not
    counted. The IR is not changed.

    `format=text` (default) prints a summary per function; `format=json`
    prints one JSON document `{"functions": [...]}` (fields in
    docs/Report.md). `file=PATH` writes to PATH instead of stdout, and
    `plot=PATH` also draws live bytes over program order as an SVG.
  }];
  let options = [
    Option<"format", "format", "std::string", /*default=*/"\"text\"",
           "Output format: text or json">,
    Option<"file", "file", "std::string", /*default=*/"\"-\"",
           "Where to write the report ('-' is stdout)">,
    Option<"plot", "plot", "std::string", /*default=*/"\"\"",
           "If set, write an SVG plot of live bytes over program order">,
  ];
}

def RematAnnotateCosts : Pass<"remat-annotate-costs"> {
  let summary = "Attach the cost model's #remat.cost to every op";
  let description = [{
    Writes `remat.cost = #remat.cost<flops = ..., bytes_read = ...,
    bytes_written = ..., recomputable = ...>` on every op nested in the
    target op, so that the cost model's view can be read in the IR. Ops
    without a cost model get the conservative fallback and
    `recomputable = false`.
  }];
  let dependentDialects = ["::mlir::remat::RematDialect"];
}

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

#endif // REMAT_TRANSFORMS_PASSES_TD
