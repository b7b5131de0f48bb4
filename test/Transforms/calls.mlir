// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-pipeline="policy=selective" -remat-report -o /dev/null | FileCheck %s

// A helper that the training graph calls has no gradient seed of its own:
// it is not a training graph and is skipped; the call is an opaque op of
// @train, which holds the helper's temporaries while it runs (its tanh,
// 64 B, beyond its 64 B result): %a, the tanh and the call's result at
// the call (test/Analysis/memory-timeline.mlir checks that). Selective
// recomputes %a and the peak falls from 256 to 192 B.
// CHECK-LABEL: remat report for @train
// CHECK:       peak: 192 B (192 B)
// CHECK-NOT:   remat report for @gelu_like
func.func private @gelu_like(%x: tensor<16xf32>) -> tensor<16xf32> {
  %t = math.tanh %x : tensor<16xf32>
  %s = arith.mulf %t, %x : tensor<16xf32>
  return %s : tensor<16xf32>
}
func.func @train(%x: tensor<16xf32>, %dy: tensor<16xf32> {remat.cotangent}) -> (tensor<16xf32>, tensor<16xf32>) {
  %a = math.exp %x : tensor<16xf32>
  %h = func.call @gelu_like(%a) : (tensor<16xf32>) -> tensor<16xf32>
  %y = math.sin %h : tensor<16xf32>
  %g1 = arith.mulf %dy, %h : tensor<16xf32>
  %g2 = arith.mulf %g1, %a : tensor<16xf32>
  return %y, %g2 : tensor<16xf32>, tensor<16xf32>
}

// -----

// Recursion is rejected at the call, before any analysis.
func.func @train(%x: tensor<16xf32>, %dy: tensor<16xf32> {remat.cotangent}) -> tensor<16xf32> {
  %a = math.exp %x : tensor<16xf32>
  // expected-error @+1 {{recursive call to @train: remat cannot analyse or run a recursive call graph}}
  %h = func.call @train(%a, %dy) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %g = arith.mulf %dy, %h : tensor<16xf32>
  return %g : tensor<16xf32>
}

// -----

// So is mutual recursion through helpers.
func.func private @even(%x: tensor<16xf32>) -> tensor<16xf32> {
  %r = func.call @odd(%x) : (tensor<16xf32>) -> tensor<16xf32>
  return %r : tensor<16xf32>
}
func.func private @odd(%x: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{recursive call to @even}}
  %r = func.call @even(%x) : (tensor<16xf32>) -> tensor<16xf32>
  return %r : tensor<16xf32>
}
func.func @train(%x: tensor<16xf32>, %dy: tensor<16xf32> {remat.cotangent}) -> tensor<16xf32> {
  %h = func.call @even(%x) : (tensor<16xf32>) -> tensor<16xf32>
  %g = arith.mulf %dy, %h : tensor<16xf32>
  return %g : tensor<16xf32>
}
