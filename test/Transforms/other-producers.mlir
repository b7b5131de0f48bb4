// RUN: remat-opt %s -split-input-file -remat-pipeline="policy=selective" | FileCheck %s
// RUN: remat-opt %s -split-input-file -remat-pipeline="policy=selective" -remat-report -o /dev/null | FileCheck %s --check-prefix=REPORT

// Tests that ops of a registered dialect remat has no cost model for (tosa)
// are analysed conservatively: kept, never cloned into a recomputation,
// while the cheap upstream op after them is still recomputed.
// CHECK-LABEL: func.func @tosa_ops
// CHECK:         %[[T:.+]] = tosa.tanh %arg0
// CHECK:         remat.recompute(%[[T]])
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      math.exp
// CHECK-NEXT:      remat.yield
// CHECK-NOT:     tosa.tanh
// REPORT-LABEL: remat report for @tosa_ops
// REPORT:       saved:   1 activations, 1.0 KiB (1024 B)
// REPORT-NEXT:    = tosa.tanh
func.func @tosa_ops(%x: tensor<16x16xf32>, %dy: tensor<16x16xf32> {remat.cotangent}) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %t = tosa.tanh %x : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %e = math.exp %t : tensor<16x16xf32>
  %z = arith.mulf %e, %e : tensor<16x16xf32>
  %g = arith.mulf %dy, %e : tensor<16x16xf32>
  %h = arith.mulf %g, %t : tensor<16x16xf32>
  return %z, %h : tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// Tests that a structured-control-flow op on tensors (a loop, with a
// region) is analysed as one op with a conservative cost: it is saved, and
// its uses inside the loop body count as uses of the loop.
// CHECK-LABEL: func.func @loop
// CHECK:         scf.for
// CHECK-NOT:     remat.recompute
// REPORT-LABEL: remat report for @loop
// REPORT:       saved:   1 activations, 1.0 KiB (1024 B)
// REPORT-NEXT:    = scf.for
func.func @loop(%x: tensor<16x16xf32>, %dy: tensor<16x16xf32> {remat.cotangent}) -> tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (tensor<16x16xf32>) {
    %n = math.tanh %acc : tensor<16x16xf32>
    scf.yield %n : tensor<16x16xf32>
  }
  %g = arith.mulf %dy, %r : tensor<16x16xf32>
  return %g : tensor<16x16xf32>
}
