// RUN: remat-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

// Tests that the body's arguments must match the inputs.
func.func @arg_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.recompute' op has 1 inputs but its body has 2 arguments}}
  %r = remat.recompute(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    remat.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// Tests that the body's argument types must match the input types.
func.func @arg_type(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{input #0 has type 'tensor<4xf32>' but body argument #0 has type 'tensor<4xf16>'}}
  %r = remat.recompute(%x) : (tensor<4xf32>) -> tensor<4xf16> {
  ^bb0(%a: tensor<4xf16>):
    remat.yield %a : tensor<4xf16>
  }
  return %r : tensor<4xf16>
}

// -----

// Tests that the yielded values must match the results.
func.func @yield_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{has 1 results but its body yields 2 values}}
  %r = remat.recompute(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    remat.yield %a, %a : tensor<4xf32>, tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @yield_type(%x: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{result #0 has type 'tensor<8xf32>' but the body yields 'tensor<4xf32>'}}
  %r = remat.recompute(%x) : (tensor<4xf32>) -> tensor<8xf32> {
  ^bb0(%a: tensor<4xf32>):
    remat.yield %a : tensor<4xf32>
  }
  return %r : tensor<8xf32>
}

// -----

// Tests that the body is isolated from above: it cannot read %x directly.
func.func @isolated(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-note @+1 {{required by region isolation constraints}}
  %r = remat.recompute() : () -> tensor<4xf32> {
    // expected-error @+1 {{using value defined outside the region}}
    %e = math.exp %x : tensor<4xf32>
    remat.yield %e : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// Tests that an op with side effects is never recomputed.
func.func @side_effect(%m: memref<4xf32>) -> tensor<4xf32> {
  %r = remat.recompute(%m) : (memref<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: memref<4xf32>):
    %c0 = arith.constant 0 : index
    %f = arith.constant 1.0 : f32
    // expected-error @+1 {{'memref.store' op has side effects and cannot be recomputed inside 'remat.recompute'}}
    memref.store %f, %a[%c0] : memref<4xf32>
    %t = tensor.empty() : tensor<4xf32>
    remat.yield %t : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// Tests that an unknown op (unknown effects) is never recomputed.
func.func @unknown_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = remat.recompute(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{'foo.random' op has side effects}}
    %e = "foo.random"(%a) : (tensor<4xf32>) -> tensor<4xf32>
    remat.yield %e : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// Tests that remat.yield only terminates remat.recompute.
func.func @yield_outside() {
  // expected-error @+1 {{'remat.yield' op expects parent op 'remat.recompute'}}
  remat.yield
}

// -----

// Tests that a seed on a non-tensor is rejected.
func.func @seed_scalar() -> f32 {
  // expected-error @+1 {{'remat.seed' must be on an op whose results are ranked tensors, but a result has type 'f32'}}
  %one = arith.constant {remat.seed} 1.0 : f32
  return %one : f32
}

// -----

// Tests that a seed needs a result.
func.func @seed_no_result() {
  // expected-error @+1 {{'remat.seed' marks a gradient seed and needs an op with a tensor result}}
  func.return {remat.seed}
}

// -----

// Tests that remat.seed is a unit attribute.
func.func @seed_not_unit() -> tensor<4xf32> {
  // expected-error @+1 {{'remat.seed' must be a unit attribute}}
  %one = arith.constant {remat.seed = 1 : i32} dense<1.0> : tensor<4xf32>
  return %one : tensor<4xf32>
}

// -----

// Tests that a cotangent must be a tensor argument.
// expected-error @+1 {{'remat.cotangent' on argument #1 needs a ranked tensor, but the argument has type 'f32'}}
func.func @cotangent_scalar(%x: tensor<4xf32>, %s: f32 {remat.cotangent}) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// Tests that remat.cotangent is checked on declarations too.
// expected-error @+1 {{'remat.cotangent' on argument #0 needs a ranked tensor}}
func.func private @decl(f32 {remat.cotangent})

// -----

// Tests that remat.cotangent belongs on arguments, not ops.
func.func @cotangent_on_op() -> tensor<4xf32> {
  // expected-error @+1 {{'remat.cotangent' belongs on a function argument}}
  %one = arith.constant {remat.cotangent} dense<1.0> : tensor<4xf32>
  return %one : tensor<4xf32>
}

// -----

// Tests that a policy is "save" or "recompute".
func.func @bad_policy(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.policy' must be "save" or "recompute", got "sometimes"}}
  %e = math.exp %x {remat.policy = "sometimes"} : tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

func.func @bad_cost_attr(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.cost' must be a #remat.cost attribute}}
  %e = math.exp %x {remat.cost = 3 : i64} : tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

func.func @negative_cost(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{#remat.cost fields must be non-negative}}
  %e = math.exp %x {remat.cost = #remat.cost<flops = -1, bytes_read = 0, bytes_written = 0, recomputable = true>} : tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

// Tests that a misspelled remat attribute is caught.
func.func @unknown_attr(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unknown remat attribute 'remat.seeds'}}
  %e = math.exp %x {remat.seeds} : tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

// expected-error @+1 {{unknown remat argument attribute 'remat.seed' on argument #0}}
func.func @unknown_arg_attr(%x: tensor<4xf32> {remat.seed}) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// Tests that remat.attention must be a tile shape on an scf.for.
func.func @attention_attr_not_a_shape(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'remat.attention' must be a string "BQxBK" (the tile shape, e.g. "64x64") on an scf.for, got "64"}}
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %x) -> (tensor<4xf32>) {
    scf.yield %a : tensor<4xf32>
  } {remat.attention = "64"}
  return %r : tensor<4xf32>
}

// -----

// Tests that remat.attention belongs on a loop.
func.func @attention_attr_not_on_a_loop(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'remat.attention' must be a string "BQxBK"}}
  %e = math.exp %x {remat.attention = "64x64"} : tensor<4xf32>
  return %e : tensor<4xf32>
}
