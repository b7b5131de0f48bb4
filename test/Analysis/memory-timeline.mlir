// RUN: remat-opt %s -split-input-file -verify-diagnostics -test-remat-memory-timeline -o /dev/null

// Tests liveness with views, hand-computed (every tensor is 1 KiB):
// a [0,5]; b [1,6], kept alive by its view v, then holding c (written in
// place) and read through c's view cc at #6; g [5,7], holding h too.
// Arguments are not counted.
func.func @views(%x: tensor<256xf32>, %dy: tensor<256xf32> {remat.cotangent}) -> tensor<256xf32> {
  // expected-remark @+1 {{live 1024}}
  %a = math.exp %x : tensor<256xf32>
  // expected-remark @+1 {{live 2048}}
  %b = math.tanh %a : tensor<256xf32>
  // expected-remark @+1 {{live 2048}}
  %v = tensor.expand_shape %b [[0, 1]] output_shape [16, 16] : tensor<256xf32> into tensor<16x16xf32>
  // expected-remark @+1 {{live 2048}}
  %c = math.exp %v : tensor<16x16xf32>
  // expected-remark @+1 {{live 2048}}
  %cc = tensor.collapse_shape %c [[0, 1]] : tensor<16x16xf32> into tensor<256xf32>
  // expected-remark @+1 {{live 3072 peak}}
  %g = arith.mulf %dy, %a : tensor<256xf32>
  // expected-remark @+1 {{live 2048}}
  %h = arith.mulf %g, %cc : tensor<256xf32>
  // expected-remark @+1 {{live 1024}}
  return %h : tensor<256xf32>
}

// -----

// Tests that a matmul accumulates in place into its zero-filled init, so
// empty, fill and matmul share one 16x16xf32 buffer (1 KiB), allocated
// when the fill first writes it; the elementwise product reuses it too
// (its first operand dies there), and the argument %dy is never written.
func.func @in_place(%a: tensor<16x8xf32>, %b: tensor<8x16xf32>,
                    %dy: tensor<16x16xf32> {remat.cotangent}) -> tensor<16x16xf32> {
  // expected-remark @+1 {{live 0}}
  %zero = arith.constant 0.0 : f32
  // expected-remark @+1 {{live 0}}
  %e = tensor.empty() : tensor<16x16xf32>
  // expected-remark @+1 {{live 1024 peak}}
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  // expected-remark @+1 {{live 1024}}
  %m = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x16xf32>)
                     outs(%f : tensor<16x16xf32>) -> tensor<16x16xf32>
  // expected-remark @+1 {{live 1024}}
  %g = arith.mulf %m, %dy : tensor<16x16xf32>
  // expected-remark @+1 {{live 1024}}
  return %g : tensor<16x16xf32>
}

// -----

// Tests that a tensor.empty nothing uses holds nothing (bufferization
// erases it; a destination left once its writers were rewritten, as
// -remat-tile-attention leaves them): the peak is the exp's.
func.func @dead_empty(%x: tensor<256xf32>, %dy: tensor<256xf32> {remat.cotangent}) -> tensor<256xf32> {
  // expected-remark @+1 {{live 1024 peak}}
  %a = math.exp %x : tensor<256xf32>
  // expected-remark @+1 {{live 1024}}
  %e = tensor.empty() : tensor<64x64xf32>
  // expected-remark @+1 {{live 1024}}
  %g = arith.mulf %a, %dy : tensor<256xf32>
  // expected-remark @+1 {{live 1024}}
  return %g : tensor<256xf32>
}

// -----

// A call holds its callee's temporaries while it runs: the helper's peak
// (tanh and sin, 128 B) beyond the call's result (64 B), on top of %a.
func.func private @helper(%x: tensor<16xf32>) -> tensor<16xf32> {
  %t = math.tanh %x : tensor<16xf32>
  %u = math.sin %x : tensor<16xf32>
  %s = arith.mulf %t, %u : tensor<16xf32>
  return %s : tensor<16xf32>
}
func.func @calls(%x: tensor<16xf32>, %dy: tensor<16xf32> {remat.cotangent}) -> tensor<16xf32> {
  // expected-remark @+1 {{live 64}}
  %a = math.exp %x : tensor<16xf32>
  // expected-remark @+1 {{live 192 peak}}
  %h = func.call @helper(%a) : (tensor<16xf32>) -> tensor<16xf32>
  // expected-remark @+1 {{live 192}}
  %g = arith.mulf %dy, %h : tensor<16xf32>
  // expected-remark @+1 {{live 128}}
  %g2 = arith.mulf %g, %a : tensor<16xf32>
  // expected-remark @+1 {{live 64}}
  return %g2 : tensor<16xf32>
}

// -----

// linalg.softmax holds more than its operand and result while it runs:
// -remat-prepare-lowering decomposes it into a row maximum, the
// exponentials in a fresh buffer of the input's shape, a row sum and the
// quotient (4x16xf32: 256 B, rows 4xf32: 16 B). The exponentials and one
// row buffer are counted at the softmax (a fresh user's graph, session 33:
// counted as nothing, -remat-report said 1024 B where remat-run measured
// 1040 B under policy=selective).
func.func @softmax_temporaries(%x: tensor<4x16xf32>, %dy: tensor<4x16xf32> {remat.cotangent}) -> tensor<4x16xf32> {
  // expected-remark @+1 {{live 0}}
  %e = tensor.empty() : tensor<4x16xf32>
  // expected-remark @+1 {{live 528 peak}}
  %s = linalg.softmax dimension(1) ins(%x : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  // expected-remark @+1 {{live 512}}
  %g = arith.mulf %dy, %s : tensor<4x16xf32>
  // expected-remark @+1 {{live 256}}
  return %g : tensor<4x16xf32>
}

// -----

// A softmax whose input dies there counts only the row buffer (the
// exponentials take the input's place, before the quotient's buffer is
// made), but whether it dies is known only once every buffer is placed: a
// later fill that writes into the input joins its buffer and keeps it
// alive. Decided at the softmax, the credit made it 528 B where remat-run
// measured 784 B (a review, session 33).
func.func @softmax_input_written_later(%x: tensor<4x16xf32>, %dy: tensor<4x16xf32> {remat.cotangent}) -> (tensor<4x16xf32>, tensor<4x16xf32>) {
  // expected-remark @+1 {{live 0}}
  %e = tensor.empty() : tensor<4x16xf32>
  // expected-remark @+1 {{live 256}}
  %t = math.tanh %x : tensor<4x16xf32>
  // expected-remark @+1 {{live 784 peak}}
  %s = linalg.softmax dimension(1) ins(%t : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  // expected-remark @+1 {{live 512}}
  %c = arith.constant 2.0 : f32
  // expected-remark @+1 {{live 512}}
  %z = linalg.fill ins(%c : f32) outs(%t : tensor<4x16xf32>) -> tensor<4x16xf32>
  // expected-remark @+1 {{live 512}}
  return %s, %z : tensor<4x16xf32>, tensor<4x16xf32>
}

// -----

// The same softmax whose input dies there: the row buffer only (16 B).
func.func @softmax_input_dies(%x: tensor<4x16xf32>, %dy: tensor<4x16xf32> {remat.cotangent}) -> tensor<4x16xf32> {
  // expected-remark @+1 {{live 0}}
  %e = tensor.empty() : tensor<4x16xf32>
  // expected-remark @+1 {{live 256}}
  %t = math.tanh %x : tensor<4x16xf32>
  // expected-remark @+1 {{live 528 peak}}
  %s = linalg.softmax dimension(1) ins(%t : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  // expected-remark @+1 {{live 512}}
  %g = arith.mulf %dy, %s : tensor<4x16xf32>
  // expected-remark @+1 {{live 256}}
  return %g : tensor<4x16xf32>
}
