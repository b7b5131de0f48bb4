// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-report -o /dev/null
// RUN: not remat-opt %s -split-input-file -remat-report -o /dev/null 2>&1 | FileCheck %s

// CHECK: error: no gradient seed

// Tests that a function without a gradient seed is an error.
// expected-error @+1 {{no gradient seed}}
func.func @no_seed(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = math.exp %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Tests that a dynamic shape is an error at the op that produces it.
func.func @dynamic_result(%x: tensor<4xf32> {remat.cotangent}) -> tensor<?xf32> {
  // expected-error @+1 {{'tensor.cast' op result #0: remat needs statically shaped tensors, got 'tensor<?xf32>'}}
  %y = tensor.cast %x : tensor<4xf32> to tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// Tests that a dynamic argument is an error at the argument.
// expected-error @+1 {{argument #0: remat needs statically shaped tensors, got 'tensor<?x4xf32>'}}
func.func @dynamic_arg(%x: tensor<?x4xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  return %dy : tensor<4xf32>
}

// -----

// Tests that unranked tensors are rejected.
// expected-error @+1 {{argument #0: remat needs ranked, statically shaped tensors, got 'tensor<*xf32>'}}
func.func @unranked(%x: tensor<*xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  return %dy : tensor<4xf32>
}

// -----

// Tests that a seed nested in a region is rejected.
func.func @nested_seed(%x: tensor<4xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  %r = remat.recompute(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    // expected-error @+1 {{'arith.constant' op carries 'remat.seed' but is nested in a region}}
    %one = arith.constant {remat.seed} dense<1.0> : tensor<4xf32>
    remat.yield %one : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// Tests that control flow between blocks is rejected.
// expected-error @+1 {{remat needs a function whose body is a single block}}
func.func @blocks(%x: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  cf.br ^bb1
^bb1:
  return %x : tensor<4xf32>
}

// -----

// CHECK: error: 'remat.cotangent' on result #0
// expected-error @+1 {{'remat.cotangent' on result #0: it marks the arguments that carry the incoming gradients of the outputs; move it to those arguments}}
func.func @cotangent_on_result(%x: tensor<4xf32>) -> (tensor<4xf32> {remat.cotangent}) {
  %t = math.tanh %x : tensor<4xf32>
  return %t : tensor<4xf32>
}
