// linalg.softmax's decomposition holds its exponentials and a row buffer
// beyond its operand and result. Uncounted, -remat-report said 1024 B for
// policy=selective where remat-run measured 1040 B (recomputing the
// softmax, whose value is a result anyway, raised the peak above policy
// none's 1024 B). Counted, the recomputation is undone: every policy stays
// at none's peak, and the report equals what remat-run measures.
// (A fresh user's graph, session 33.)
// RUN: remat-run %s --policy=none | FileCheck %s --check-prefix=EXEC
// RUN: remat-run %s --policy=selective --compare-policy=none | FileCheck %s --check-prefix=EXEC
// RUN: remat-run %s --policy=peak --compare-policy=none | FileCheck %s --check-prefix=EXEC
// RUN: remat-opt %s -remat-pipeline=policy=selective -remat-report | FileCheck %s --check-prefix=REPORT
// RUN: remat-opt %s -remat-pipeline=policy=none -remat-report | FileCheck %s --check-prefix=REPORT
// EXEC: measured peak:  1024 B
// EXEC: predicted peak: 1024 B
// REPORT: peak: {{.*}}(1024 B)
func.func @f(%x: tensor<4x16xf32>, %d: tensor<4x16xf32> {remat.cotangent}) -> (tensor<4x16xf32>, tensor<4x16xf32>) {
  %e = tensor.empty() : tensor<4x16xf32>
  %t = math.tanh %x : tensor<4x16xf32>
  %s = linalg.softmax dimension(1) ins(%t : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %g2 = arith.mulf %d, %s : tensor<4x16xf32>
  %one = arith.constant dense<1.0> : tensor<4x16xf32>
  %tt = arith.mulf %t, %t : tensor<4x16xf32>
  %q = arith.subf %one, %tt : tensor<4x16xf32>
  %g3 = arith.mulf %g2, %q : tensor<4x16xf32>
  return %s, %g3 : tensor<4x16xf32>, tensor<4x16xf32>
}
