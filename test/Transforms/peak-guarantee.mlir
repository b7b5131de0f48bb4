// Tests that no policy raises the predicted peak on any bundled graph:
// every input and example, ten pipeline configurations (the last with
// tiled attention and accumulators).
// RUN: %python %S/../Inputs/check_peaks.py remat-opt %S/Inputs/attention.mlir %S/Inputs/attention-importer-bf16.mlir %S/Inputs/square_chain.mlir %S/Inputs/exp_chain.mlir %remat_src_root/examples/mlp_gelu.mlir %remat_src_root/examples/mlp2_gelu.mlir %S/../Analysis/memory-timeline.mlir | FileCheck %s
// CHECK-NOT: PEAK RAISED
// CHECK-COUNT-10: ok: {{.*}}attention.mlir
// CHECK-COUNT-10: ok: {{.*}}attention-importer-bf16.mlir
