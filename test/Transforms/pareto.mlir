// Tests -remat-pareto: one point per distinct outcome of the budget policy,
// from the unrematerialized peak down to the smallest reachable one, as
// JSON, CSV and SVG.
// The exhaustive search and the branch and bound (forced by exact-limit=0)
// draw the same curve.
// RUN: remat-opt %S/Inputs/attention.mlir -remat-pareto="file=%t.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: remat-opt %S/Inputs/attention.mlir -remat-pareto="file=%t.bb.json solver=exact exact-limit=0" -o /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.bb.json
// JSON:      "name": "attention",
// JSON-NEXT: "points": [
// JSON-NEXT:   {
// JSON-NEXT:     "budget_bytes": 73728,
// JSON-NEXT:     "peak_bytes": 73728,
// JSON-NEXT:     "recompute_flops": 0
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "budget_bytes": 57600,
// JSON-NEXT:     "peak_bytes": 57600,
// JSON-NEXT:     "recompute_flops": 155648
// JSON-NEXT:   }
// JSON-NEXT: ],
// JSON-NEXT: "unrematerialized_peak_bytes": 73728
// RUN: FileCheck %s --check-prefix=SVG < %t.svg
// SVG: <svg
// SVG: @attention: recompute FLOPs against peak memory
// SVG-COUNT-2: <circle class="point"

// Names reach the SVG, JSON and CSV escaped: a function named a<b&c,"d
// writes well-formed XML (it used to write the name raw into the SVG) and
// one CSV field.
// RUN: remat-opt %S/Inputs/attention-odd-name.mlir -remat-pareto="file=%t.odd.csv" -o /dev/null
// RUN: python3 -c "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])" %t.odd.svg
// RUN: FileCheck %s --check-prefix=ODD < %t.odd.svg
// RUN: FileCheck %s --check-prefix=ODD-CSV < %t.odd.csv
// ODD: <g class="curve" id="a&lt;b&amp;c,&quot;d">
// ODD: @a&lt;b&amp;c,&quot;d: recompute FLOPs
// ODD-CSV: "a<b&c,""d",73728,73728,0

// The two-block MLP with the fast solver, in CSV form: keeping all, recomputing
// one GELU output (the same peak selective reaches, at half its FLOPs),
// and recomputing the first layer's GEMM as well.
// RUN: remat-opt %remat_src_root/examples/mlp2_gelu.mlir -remat-pareto="file=%t.csv solver=fast" -o /dev/null
// RUN: FileCheck %s --check-prefix=CSV < %t.csv
// CSV:      function,budget_bytes,peak_bytes,recompute_flops
// CSV-NEXT: mlp_train,96468992,96468992,0
// CSV-NEXT: mlp_train,79691776,79691776,37748736
// CSV-NEXT: mlp_train,67108864,67108864,4332716032

// Every point is what policy=budget gives for its budget.
// RUN: remat-opt %remat_src_root/examples/mlp2_gelu.mlir -remat-pipeline="policy=budget budget=67108864 solver=fast" -remat-report=format=json -o /dev/null | FileCheck %s --check-prefix=POINT
// POINT: "peak_bytes": 67108864,
// POINT: "recompute_flops": 4332716032,

// Bad options.
// RUN: not remat-opt %S/Inputs/attention.mlir -remat-pareto -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: remat-pareto: file=PATH is required
// RUN: not remat-opt %S/Inputs/attention.mlir -remat-pareto="file=%t.x format=xml" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: remat-pareto: unknown format 'xml'; expected auto, json or csv
// RUN: not remat-opt %S/Inputs/attention.mlir -remat-pareto="file=%t.missing/dir/p.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WRITE
// WRITE: remat-pareto: cannot write
// RUN: not remat-opt %S/Inputs/attention.mlir -remat-pareto="file=%t.json time-limit=-3" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIME
// TIME: remat-pareto: time-limit must be >= 0 seconds, got -3

// With a time limit the curve comes from the model's family (the limit
// affords no measured members) and still holds the unrematerialized point.
// RUN: remat-opt %remat_src_root/examples/mlp2_small.mlir -remat-pareto="file=%t.tl.csv time-limit=0.0001" -o /dev/null
// RUN: FileCheck %s --check-prefix=TLCSV < %t.tl.csv
// TLCSV: function,budget_bytes,peak_bytes,recompute_flops
// TLCSV-NEXT: mlp2_small,1507328,1507328,0
