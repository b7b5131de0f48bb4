// RUN: remat-opt %s -remat-report -o /dev/null | FileCheck %s --check-prefix=TEXT
// RUN: remat-opt %s -remat-report="format=json" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: remat-opt %s -remat-report="format=json file=%t.json plot=%t.svg" -o /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: FileCheck %s --check-prefix=SVG < %t.svg
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); assert [f['name'] for f in d['functions']] == ['views', 'two']" %t.json
// RUN: remat-opt %s -remat-report | FileCheck %s --check-prefix=IR

// Tests the report of a small graph whose figures are computed by hand
// (every tensor is 1 KiB; see test/Analysis/memory-timeline.mlir):
// forward exp, tanh, exp (256 FLOPs each), two free views; backward two
// multiplies; a and the view cc of c are saved, 2 KiB of distinct storage.

// TEXT-LABEL: remat report for @views
// TEXT-NEXT:    ops:     5 forward, 2 backward
// TEXT-NEXT:    FLOPs:   forward 768 FLOP, backward 512 FLOP, recompute 0 FLOP
// TEXT-NEXT:    peak:    3.0 KiB (3072 B) at op #5 arith.mulf (layer.grad_g)
// TEXT-NEXT:    saved:   2 activations, 2.0 KiB (2048 B)
// TEXT-NEXT:      %0 = math.exp #0 : tensor<256xf32>, 1.0 KiB (layer.a)
// TEXT-NEXT:          saved for arith.mulf #5 (layer.grad_g)
// TEXT-NEXT:      %collapsed = tensor.collapse_shape #4 : tensor<256xf32>, 1.0 KiB ({{.*}}report.mlir:{{[0-9]+}}:{{[0-9]+}})
// TEXT-NEXT:          saved for arith.mulf #6 (layer.grad_h)
// TEXT-LABEL: remat report for @two
// TEXT:         saved:   1 activations, 64 B (64 B)
// TEXT-NEXT:      %0 = math.tanh #0 : tensor<16xf32>, 64 B
// TEXT-NEXT:          saved for arith.mulf #2 ({{.*}}) and 1 later backward op

// JSON:      "functions": [
// JSON:          "backward_flops": 512,
// JSON-NEXT:     "backward_ops": 2,
// JSON-NEXT:     "forward_flops": 768,
// JSON-NEXT:     "forward_ops": 5,
// JSON-NEXT:     "live_bytes": [
// JSON-NEXT:       1024,
// JSON-NEXT:       2048,
// JSON-NEXT:       2048,
// JSON-NEXT:       2048,
// JSON-NEXT:       2048,
// JSON-NEXT:       3072,
// JSON-NEXT:       2048,
// JSON-NEXT:       1024
// JSON-NEXT:     ],
// JSON-NEXT:     "name": "views",
// JSON-NEXT:     "peak_beyond_results_bytes": 2048,
// JSON-NEXT:     "peak_beyond_results_op": {
// JSON-NEXT:       "index": 1,
// JSON-NEXT:       "loc": "{{.*}}report.mlir:{{[0-9]+}}:8",
// JSON-NEXT:       "op": "math.tanh"
// JSON-NEXT:     },
// JSON-NEXT:     "peak_bytes": 3072,
// JSON-NEXT:     "peak_op": {
// JSON-NEXT:       "index": 5,
// JSON-NEXT:       "loc": "layer.grad_g",
// JSON-NEXT:       "op": "arith.mulf"
// JSON-NEXT:     },
// JSON-NEXT:     "phases": "FFFFFBBB",
// JSON-NEXT:     "recompute_flops": 0,
// JSON-NEXT:     "recompute_ops": 0,
// JSON-NEXT:     "saved": [
// JSON-NEXT:       {
// JSON-NEXT:         "backward_uses": 1,
// JSON-NEXT:         "buffer": 2,
// JSON-NEXT:         "bytes": 1024,
// JSON-NEXT:         "index": 0,
// JSON-NEXT:         "loc": "layer.a",
// JSON-NEXT:         "op": "math.exp",
// JSON-NEXT:         "type": "tensor<256xf32>",
// JSON-NEXT:         "used_by": {
// JSON-NEXT:           "index": 5,
// JSON-NEXT:           "loc": "layer.grad_g",
// JSON-NEXT:           "op": "arith.mulf"
// JSON-NEXT:         },
// JSON-NEXT:         "value": "%0"
// JSON-NEXT:       },
// JSON:          "saved_bytes": 2048
// JSON:          "name": "two",

// SVG:      <svg xmlns="http://www.w3.org/2000/svg"
// SVG:      <g class="function" id="views">
// SVG:      @views: live tensor bytes over program order
// SVG:      <rect class="forward"
// SVG:      <rect class="backward"
// SVG:      <polyline class="live"
// SVG:      <circle class="peak"
// SVG:      peak 3.0 KiB at #5 arith.mulf</text>
// SVG:      <g class="function" id="two">
// SVG:      </svg>

// The report does not change the IR.
// IR: func.func @views
// IR: func.func @two
// IR: func.func private @declaration

func.func @views(%x: tensor<256xf32>, %dy: tensor<256xf32> {remat.cotangent}) -> tensor<256xf32> {
  %a = math.exp %x : tensor<256xf32> loc("layer.a")
  %b = math.tanh %a : tensor<256xf32>
  %v = tensor.expand_shape %b [[0, 1]] output_shape [16, 16] : tensor<256xf32> into tensor<16x16xf32>
  %c = math.exp %v : tensor<16x16xf32> loc("layer.c")
  %cc = tensor.collapse_shape %c [[0, 1]] : tensor<16x16xf32> into tensor<256xf32>
  %g = arith.mulf %dy, %a : tensor<256xf32> loc("layer.grad_g")
  %h = arith.mulf %g, %cc : tensor<256xf32> loc("layer.grad_h")
  return %h : tensor<256xf32>
}

// Tests a value read by two backward ops, and that declarations are skipped.
func.func @two(%x: tensor<16xf32>, %dy: tensor<16xf32> {remat.cotangent}) -> tensor<16xf32> {
  %t = math.tanh %x : tensor<16xf32>
  %k = arith.constant dense<1.0> : tensor<16xf32>
  %g = arith.mulf %dy, %t : tensor<16xf32>
  %h = arith.mulf %g, %t : tensor<16xf32>
  %s = arith.subf %h, %k : tensor<16xf32>
  return %s : tensor<16xf32>
}

func.func private @declaration(tensor<4xf32>) -> tensor<4xf32>
