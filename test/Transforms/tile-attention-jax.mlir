// RUN: remat-opt %S/Inputs/attention-jax.mlir -remat-tile-attention="block-q=8 block-k=8" 2>&1 | FileCheck %s
// RUN: remat-opt %S/Inputs/attention-jax.mlir -remat-tile-attention="block-q=8 block-k=8" 2>/dev/null | FileCheck %s --check-prefix=NOMAT
// RUN: remat-opt %S/Inputs/attention-jax.mlir -remat-report -o /dev/null | FileCheck %s --check-prefix=REPORT
// RUN: sed 's/%r = arith.select %c, %in, %zero : f32/%r = arith.select %c, %zero, %in : f32/' %S/Inputs/attention-jax.mlir | remat-opt -remat-tile-attention="block-q=8 block-k=8" 2>&1 | FileCheck %s --check-prefix=UNTILED
// RUN: remat-opt %s -split-input-file -remat-tile-attention="block-q=8 block-k=8" | FileCheck %s --check-prefix=ALONE

// Attention as JAX lowers it (Inputs/attention-jax.mlir): [batch, seq,
// heads, dim] operands, each einsum a linalg.generic contraction with two
// batch dimensions (batch, heads), results transposed back to the einsum's
// layout, the softmax written out. On a copy, each contraction becomes a
// linalg.batch_matmul (operands transposed to [batch, heads, ...] and the
// two batch dims collapsed into one; the last two read through the
// product's indexing maps), the softmax is raised, and the attention tiles:
// so in the function too. Q, K, V and dO are transposed once each; the
// results (O, dQ, dK, dV) are transposed back to JAX's layout; no 32 x 32
// matrix is left.
// CHECK:       remark: attention tiled: 8 x 8 tiles over 32 x 32
// CHECK-LABEL: func.func @jax_attention
// CHECK:         linalg.transpose ins(%arg0 : tensor<2x32x2x4xf32>) outs({{.+}} : tensor<2x2x32x4xf32>) permutation = [0, 2, 1, 3]
// CHECK-NEXT:    tensor.collapse_shape {{.+}} {{\[}}[0, 1], [2], [3]] : tensor<2x2x32x4xf32> into tensor<4x32x4xf32>
// CHECK:         linalg.transpose ins(%arg1
// CHECK:         linalg.transpose ins(%arg2
// CHECK:         scf.for {{.+}} -> (tensor<4x32x4xf32>, tensor<4x32xf32>, tensor<4x32xf32>)
// CHECK:         linalg.transpose ins({{.+}} : tensor<2x2x32x4xf32>) outs({{.+}} : tensor<2x32x2x4xf32>) permutation = [0, 2, 1, 3]
// CHECK:         linalg.transpose ins(%arg4
// CHECK:         scf.for {{.+}} -> (tensor<4x32x4xf32>, tensor<4x32x4xf32>, tensor<4x32x4xf32>)
// CHECK-COUNT-3: linalg.transpose ins({{.+}} : tensor<2x2x32x4xf32>) outs({{.+}} : tensor<2x32x2x4xf32>)
// CHECK-NEXT:    return
// NOMAT-NOT:     x32x32xf32
// NOMAT-NOT:     "parallel", "parallel", "parallel", "parallel", "reduction"]

// The report lists it (a softmax written out over generic products).
// REPORT:      attention: 0 tiled, 1 not
// REPORT-NEXT:   not tiled: softmax written out (-remat-tile-attention raises it where the attention then tiles)

// An attention that does not tile (the mask's gradient selects the other
// way: not the forward step's gradient) keeps its products exactly as
// written: six generic contractions, no batch_matmul, and a remark with
// the reason found on the copy.
// UNTILED:     remark: attention not tiled (its softmax written out, raised on a copy): the scores' gradient has 1 users (expected dQ and dK)
// UNTILED-COUNT-6: iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]
// UNTILED-NOT: linalg.batch_matmul
// UNTILED-NOT: scf.for

// A contraction with two batch dims outside any attention stays as written.
// ALONE-LABEL: func.func @einsum
// ALONE:         linalg.generic
// ALONE-NOT:     linalg.batch_matmul
#a = affine_map<(b, h, m, n, k) -> (b, m, h, k)>
#b = affine_map<(b, h, m, n, k) -> (b, n, h, k)>
#c = affine_map<(b, h, m, n, k) -> (b, h, m, n)>
func.func @einsum(%x: tensor<2x32x2x4xf32>, %y: tensor<2x32x2x4xf32>) -> tensor<2x2x32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2x32x32xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %s = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%x, %y : tensor<2x32x2x4xf32>, tensor<2x32x2x4xf32>) outs(%z : tensor<2x2x32x32xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<2x2x32x32xf32>
  return %s : tensor<2x2x32x32xf32>
}

// -----

// Dynamic shapes: not rewritten (the pipeline rejects them earlier; the
// pass alone leaves them).
// ALONE-LABEL: func.func @dynamic
// ALONE:         linalg.generic
// ALONE-NOT:     linalg.batch_matmul
#a = affine_map<(b, h, m, n, k) -> (b, m, h, k)>
#b = affine_map<(b, h, m, n, k) -> (b, n, h, k)>
#c = affine_map<(b, h, m, n, k) -> (b, h, m, n)>
func.func @dynamic(%x: tensor<?x32x2x4xf32>, %y: tensor<?x32x2x4xf32>) -> tensor<?x2x32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x32x2x4xf32>
  %e = tensor.empty(%n) : tensor<?x2x32x32xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<?x2x32x32xf32>) -> tensor<?x2x32x32xf32>
  %s = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%x, %y : tensor<?x32x2x4xf32>, tensor<?x32x2x4xf32>) outs(%z : tensor<?x2x32x32xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<?x2x32x32xf32>
  return %s : tensor<?x2x32x32xf32>
}
