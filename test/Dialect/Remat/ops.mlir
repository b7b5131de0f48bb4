// RUN: remat-opt %s -split-input-file | FileCheck %s
// RUN: remat-opt %s -split-input-file -mlir-print-op-generic | remat-opt -split-input-file | FileCheck %s

// Tests that remat.recompute and remat.yield round-trip, with the body's
// block arguments standing for the saved inputs.
// CHECK-LABEL: func.func @recompute
// CHECK:       %[[R:.+]]:2 = remat.recompute(%{{.+}}) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
// CHECK-NEXT:  ^bb0(%[[IN:.+]]: tensor<4xf32>):
// CHECK-NEXT:    %[[E:.+]] = math.exp %[[IN]] : tensor<4xf32>
// CHECK-NEXT:    %[[T:.+]] = math.tanh %[[E]] : tensor<4xf32>
// CHECK-NEXT:    remat.yield %[[E]], %[[T]] : tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT:  }
// CHECK:       return %[[R]]#1
func.func @recompute(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r:2 = remat.recompute(%x) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%in: tensor<4xf32>):
    %e = math.exp %in : tensor<4xf32>
    %t = math.tanh %e : tensor<4xf32>
    remat.yield %e, %t : tensor<4xf32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}

// -----

// Tests that a recomputation may start from no saved input at all.
// CHECK-LABEL: func.func @no_inputs
// CHECK:       remat.recompute() : () -> tensor<2xf32> {
func.func @no_inputs() -> tensor<2xf32> {
  %r = remat.recompute() : () -> tensor<2xf32> {
    %c = arith.constant dense<1.0> : tensor<2xf32>
    remat.yield %c : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// -----

// Tests that the discardable attributes round-trip on arguments and ops.
// CHECK-LABEL: func.func @attrs
// CHECK-SAME:  %{{.+}}: tensor<4xf32> {remat.cotangent}
// CHECK:       arith.constant {remat.seed} dense<1.000000e+00> : tensor<4xf32>
// CHECK:       math.exp %{{.+}} {remat.cost = #remat.cost<flops = 4, bytes_read = 16, bytes_written = 16, recomputable = true>, remat.policy = "recompute"}
// CHECK:       math.tanh %{{.+}} {remat.policy = "save"}
func.func @attrs(%x: tensor<4xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  %one = arith.constant {remat.seed} dense<1.0> : tensor<4xf32>
  %e = math.exp %x {remat.policy = "recompute", remat.cost = #remat.cost<flops = 4, bytes_read = 16, bytes_written = 16, recomputable = true>} : tensor<4xf32>
  %t = math.tanh %e {remat.policy = "save"} : tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

// Tests that CSE does not merge a recomputation back into the forward op it
// copies: the body is isolated from above.
// RUN: remat-opt %s -split-input-file -cse | FileCheck %s --check-prefix=CSE
// CSE-LABEL: func.func @cse
// CSE:       math.exp
// CSE:       remat.recompute
// CSE-NEXT:  ^bb0
// CSE-NEXT:    math.exp
func.func @cse(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = math.exp %x : tensor<4xf32>
  %r = remat.recompute(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    %e2 = math.exp %in : tensor<4xf32>
    remat.yield %e2 : tensor<4xf32>
  }
  return %e, %r : tensor<4xf32>, tensor<4xf32>
}
