// RUN: remat-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect -test-remat-training-graph -o /dev/null

// Tests the split at a cotangent argument: y is saved for the one backward
// op that reads it; the constant read only by backward ops is backward.
func.func @cotangent(%x: tensor<8xf32>, %dy: tensor<8xf32> {remat.cotangent})
    -> (tensor<8xf32>, tensor<8xf32>) {
  // expected-remark @+1 {{forward, saved for 1 backward use}}
  %y = math.exp %x : tensor<8xf32>
  // expected-remark @+1 {{forward}}
  %w = arith.mulf %y, %y : tensor<8xf32>
  // expected-remark @+1 {{backward}}
  %k = arith.constant dense<2.0> : tensor<8xf32>
  // expected-remark @+1 {{backward}}
  %g = arith.mulf %dy, %y : tensor<8xf32>
  // expected-remark @+1 {{backward}}
  %dx = arith.mulf %g, %k : tensor<8xf32>
  return %w, %dx : tensor<8xf32>, tensor<8xf32>
}

// -----

// Tests the split at a seeding op (the 1.0 that seeds a scalar loss), and a
// forward value read by two backward ops.
func.func @seed(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-remark @+1 {{forward, saved for 2 backward uses}}
  %t = math.tanh %x : tensor<4xf32>
  // expected-remark @+1 {{backward}}
  %one = arith.constant {remat.seed} dense<1.0> : tensor<4xf32>
  // expected-remark @+1 {{backward}}
  %a = arith.mulf %one, %t : tensor<4xf32>
  // expected-remark @+1 {{backward}}
  %b = arith.mulf %a, %t : tensor<4xf32>
  return %b : tensor<4xf32>
}

// -----

// Tests that a value used inside a region (here, a scalar captured by a
// linalg.generic body) makes the op depend on it.
#id = affine_map<(i) -> (i)>
func.func @captured(%x: tensor<4xf32>, %s: tensor<f32> {remat.cotangent}) -> tensor<4xf32> {
  // expected-remark @+1 {{backward}}
  %c = tensor.extract %s[] : tensor<f32>
  // expected-remark @+1 {{backward}}
  %e = tensor.empty() : tensor<4xf32>
  // expected-remark @+1 {{backward}}
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %c : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %g : tensor<4xf32>
}

// -----

// Tests that ops without a cost model are analysed like any other op.
func.func @unknown(%x: tensor<4xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  // expected-remark @+1 {{forward, saved for 1 backward use}}
  %u = "foo.bar"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  // expected-remark @+1 {{backward}}
  %g = "foo.baz"(%u, %dy) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %g : tensor<4xf32>
}

// -----

// Tests that a function without a gradient seed is rejected.
// expected-error @+1 {{no gradient seed: mark the incoming gradient arguments with 'remat.cotangent' or the op that seeds the loss gradient with 'remat.seed'}}
func.func @no_seed(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = math.exp %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
