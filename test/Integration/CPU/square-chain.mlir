// Tests a = x*x, b = a+1, z = b*b end to end on the CPU: at x = 2 and
// dz = 1, dz/dx = 2b * 2x = 40, with and without rematerialization, and the
// measured peak is the predicted one.
// RUN: rm -rf %t && mkdir -p %t/in
// RUN: %python %S/../../Inputs/npy.py write %t/in/arg0.npy f32 256 2
// RUN: %python %S/../../Inputs/npy.py write %t/in/arg1.npy f32 256 1
// RUN: remat-run %S/../../Transforms/Inputs/square_chain.mlir --inputs %t/in --print-outputs | FileCheck %s --check-prefixes=CHECK,NONE
// RUN: remat-run %S/../../Transforms/Inputs/square_chain.mlir --inputs %t/in --print-outputs --policy=selective | FileCheck %s --check-prefixes=CHECK,SEL
// NONE:  @square_chain with policy=none
// SEL:   @square_chain with policy=selective
// CHECK: measured peak:  [[PEAK:[0-9]+]] B (3.0 KiB)
// CHECK: predicted peak: [[PEAK]] B
// CHECK: out0: tensor<256xf32>
// CHECK-NEXT: [25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, ...]
// CHECK: out1: tensor<256xf32>
// CHECK-NEXT: [40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, ...]

// The outputs written as .npy hold the same values.
// RUN: remat-run %S/../../Transforms/Inputs/square_chain.mlir --inputs %t/in --outputs %t/out --policy=selective
// RUN: %python %S/../../Inputs/npy.py print %t/out/out1.npy | FileCheck %s --check-prefix=NPY
// NPY: shape (256,) dtype <f4
// NPY-NEXT: 40 40 40

// JSON, with the comparison against policy=none.
// RUN: remat-run %S/../../Transforms/Inputs/square_chain.mlir --inputs %t/in --policy=selective --compare-policy=none --json | FileCheck %s --check-prefix=JSON
// JSON:      "compare": {
// JSON:        "bitwise_equal": true,
// JSON:        "measured_peak_bytes": 3072,
// JSON:        "peak_ratio": 1,
// JSON:        "policy": "none",
// JSON:        "predicted_peak_bytes": 3072,
// JSON:      "entry": "square_chain",
// JSON:      "measured_peak_bytes": 3072,
// JSON:      "outputs": [
// JSON:          "checksum": "{{[0-9a-f]+}}",
// JSON-NEXT:     "dtype": "f32",
// JSON-NEXT:     "shape": [
// JSON-NEXT:       256
// JSON-NEXT:     ],
// JSON-NEXT:     "sum": 6400
// JSON:          "sum": 10240
// JSON:      "policy": "selective",
// JSON-NEXT: "predicted_peak_bytes": 3072,
// JSON-NEXT: "time_s":
