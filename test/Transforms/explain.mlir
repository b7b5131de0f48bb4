// -remat-mark="explain=true": one remark per forward op (leaves excepted):
// recompute or save, and why.
// RUN: remat-opt %remat_src_root/examples/mlp2_gelu.mlir -remat-pipeline="explain=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PEAK
// RUN: remat-opt %remat_src_root/examples/mlp2_gelu.mlir -remat-pipeline="policy=selective flops-per-byte=16 explain=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SEL
// RUN: remat-opt %s -allow-unregistered-dialect -remat-mark="policy=selective explain=true" -o /dev/null 2>&1 | FileCheck %s

// The default policy on two MLP blocks recomputes one GELU output, keeps the
// GEMMs, and says why it keeps the other GELU.
// PEAK: mlp2_gelu.mlir:17:11: remark: remat: save: recomputing it does not lower the measured peak within max-recompute and max-growth
// PEAK: remark: loc("layers.0.fc1"): remat: save: a GEMM or convolution: the default policy leaves them to policy=budget
// PEAK: remark: loc("layers.0.gelu"): remat: recompute (policy=peak)
// SEL: remark: loc("layers.0.fc1"): remat: save: 256.0 FLOPs per output byte, not below flops-per-byte=16
// SEL: remark: loc("layers.0.gelu"): remat: recompute (policy=selective)

// Not recomputable, marked by the user, or leading nowhere backward reads.
// CHECK-DAG: explain.mlir:[[# @LINE + 6]]:8: remark: remat: save: it cannot be recomputed because it is an unregistered op with unknown effects
// CHECK-DAG: explain.mlir:[[# @LINE + 6]]:8: remark: remat: save (the user's mark)
// CHECK-DAG: explain.mlir:[[# @LINE + 6]]:8: remark: remat: recompute (policy=selective)
// CHECK-DAG: explain.mlir:[[# @LINE + 6]]:11: remark: remat: not a decision: backward reads nothing it leads to
// CHECK-DAG: explain.mlir:[[# @LINE + 6]]:8: remark: remat: recompute (the user's mark)
func.func @reasons(%x: tensor<256xf32>, %dy: tensor<256xf32> {remat.cotangent}) -> (tensor<256xf32>, tensor<256xf32>) {
  %u = "test.opaque"(%x) : (tensor<256xf32>) -> tensor<256xf32>
  %s = math.exp %x {remat.policy = "save"} : tensor<256xf32>
  %a = math.tanh %x : tensor<256xf32>
  %dead = math.sin %x : tensor<256xf32>
  %r = math.cos %x {remat.policy = "recompute"} : tensor<256xf32>
  %g1 = arith.mulf %dy, %a : tensor<256xf32>
  %g2 = arith.mulf %g1, %s : tensor<256xf32>
  %g3 = arith.mulf %g2, %u : tensor<256xf32>
  %g4 = arith.mulf %g3, %r : tensor<256xf32>
  return %g4, %dead : tensor<256xf32>, tensor<256xf32>
}
