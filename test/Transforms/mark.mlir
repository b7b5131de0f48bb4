// RUN: remat-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect -remat-mark="policy=selective" | FileCheck %s --check-prefix=SEL
// RUN: remat-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect -remat-mark="policy=manual" | FileCheck %s --check-prefix=MAN

// Tests selective on a chain: tanh(exp(x)) is recomputed from x; the GEMM
// (64-deep contraction, 32 FLOPs per output byte in f32) is saved at
// flops-per-byte=16... with the default (200) it would be recomputed too,
// see the second function.
// SEL-LABEL: func.func @chain
// SEL:         math.exp %{{.+}} {remat.policy = "recompute"}
// SEL:         math.tanh %{{.+}} {remat.policy = "recompute"}
// MAN-LABEL: func.func @chain
// MAN-NOT:     remat.policy
func.func @chain(%x: tensor<64xf32>, %dy: tensor<64xf32> {remat.cotangent}) -> tensor<64xf32> {
  %e = math.exp %x : tensor<64xf32>
  %t = math.tanh %e : tensor<64xf32>
  %g = arith.mulf %dy, %t : tensor<64xf32>
  %h = arith.mulf %g, %e : tensor<64xf32>
  return %h : tensor<64xf32>
}

// -----

// Tests that a user's "save" is honoured by selective, and that the ops the
// saved value needs are then left alone.
// SEL-LABEL: func.func @user_save
// SEL:         math.exp %{{.+}} : tensor<64xf32>
// SEL:         math.tanh %{{.+}} {remat.policy = "save"}
// MAN-LABEL: func.func @user_save
// MAN:         math.exp %{{.+}} : tensor<64xf32>
// MAN:         math.tanh %{{.+}} {remat.policy = "save"}
func.func @user_save(%x: tensor<64xf32>, %dy: tensor<64xf32> {remat.cotangent}) -> tensor<64xf32> {
  %e = math.exp %x : tensor<64xf32>
  %t = math.tanh %e {remat.policy = "save"} : tensor<64xf32>
  %g = arith.mulf %dy, %t : tensor<64xf32>
  return %g : tensor<64xf32>
}

// -----

// Tests that an op with unknown effects (a stateful RNG, say) is never
// recomputed, even when the user asks: it is saved, with a warning, and
// what depends on it can still be recomputed from it.
// SEL-LABEL: func.func @stateful_rng
// SEL:         "test.rng"(%{{.+}}) {remat.policy = "save"}
// SEL:         arith.mulf %{{.+}} {remat.policy = "recompute"}
// MAN-LABEL: func.func @stateful_rng
// MAN:         "test.rng"(%{{.+}}) {remat.policy = "save"}
// MAN:         arith.mulf %{{.+}} : tensor<64xf32>
func.func @stateful_rng(%x: tensor<64xf32>, %dy: tensor<64xf32> {remat.cotangent}) -> tensor<64xf32> {
  // expected-warning @+1 {{cannot be recomputed because it is an unregistered op with unknown effects; saving it instead of 'remat.policy = "recompute"'}}
  %mask = "test.rng"(%x) {remat.policy = "recompute"} : (tensor<64xf32>) -> tensor<64xf32>
  %y = arith.mulf %x, %mask : tensor<64xf32>
  %s = math.exp %y : tensor<64xf32>
  %g = arith.mulf %dy, %y : tensor<64xf32>
  %h = arith.mulf %g, %mask : tensor<64xf32>
  return %h : tensor<64xf32>
}

// -----

// Tests that an op with memory effects is never recomputed.
// SEL-LABEL: func.func @effects
// SEL:         bufferization.alloc_tensor() copy(%{{.+}}) {remat.policy = "save"}
func.func @effects(%x: tensor<64xf32>, %dy: tensor<64xf32> {remat.cotangent}) -> tensor<64xf32> {
  // expected-warning @+1 {{cannot be recomputed because it has memory effects}}
  %a = bufferization.alloc_tensor() copy(%x) {remat.policy = "recompute"} : tensor<64xf32>
  %g = arith.mulf %dy, %a : tensor<64xf32>
  return %g : tensor<64xf32>
}

// -----

// Tests manual: the user's recompute is kept, nothing else is decided.
// SEL-LABEL: func.func @manual
// MAN-LABEL: func.func @manual
// MAN:         math.exp %{{.+}} : tensor<64xf32>
// MAN:         math.tanh %{{.+}} {remat.policy = "recompute"}
func.func @manual(%x: tensor<64xf32>, %dy: tensor<64xf32> {remat.cotangent}) -> tensor<64xf32> {
  %e = math.exp %x : tensor<64xf32>
  %t = math.tanh %e {remat.policy = "recompute"} : tensor<64xf32>
  %g = arith.mulf %dy, %t : tensor<64xf32>
  %h = arith.mulf %g, %e : tensor<64xf32>
  return %h : tensor<64xf32>
}

// -----

// Tests that a mark on a backward op (here one reading the cotangent) is
// kept as written but says it has no effect: only forward values are saved
// or recomputed (it was ignored silently before session 33).
// SEL-LABEL: func.func @backward_mark
// MAN-LABEL: func.func @backward_mark
func.func @backward_mark(%x: tensor<64xf32>, %dy: tensor<64xf32> {remat.cotangent}) -> tensor<64xf32> {
  %t = math.tanh %x : tensor<64xf32>
  // expected-warning @+1 {{'remat.policy' on a backward op has no effect: only forward ops are saved or recomputed}}
  %g = arith.mulf %dy, %t {remat.policy = "recompute"} : tensor<64xf32>
  return %g : tensor<64xf32>
}
