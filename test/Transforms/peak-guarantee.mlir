// Tests that no policy raises the predicted peak on any bundled graph:
// every input and example, nine pipeline configurations.
// RUN: %python %S/../Inputs/check_peaks.py remat-opt %S/Inputs/attention.mlir %S/Inputs/square_chain.mlir %S/Inputs/exp_chain.mlir %remat_src_root/examples/mlp_gelu.mlir %remat_src_root/examples/mlp2_gelu.mlir %S/../Analysis/memory-timeline.mlir | FileCheck %s
// CHECK-NOT: PEAK RAISED
// CHECK-COUNT-9: ok: {{.*}}attention.mlir
