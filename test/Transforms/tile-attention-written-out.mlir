// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-tile-attention="block-q=4 block-k=4" | FileCheck %s

// Attention whose softmax is written out, as producers that decompose it
// write it (torch-mlir's DecomposeComplexOps, JAX's jax.nn.softmax through
// StableHLO): m = rowmax x, e = exp(x - m), p = e / rowsum e, and in
// backward t = dP * p, r = rowsum t, g = t - p * r. Raised to linalg.softmax
// and g = p * (dP - r) where the attention then tiles (tried on a copy),
// and tiled; left exactly as written where it would not.
// RUN: remat-opt %S/Inputs/attention-written-out.mlir -remat-report -o /dev/null | FileCheck %s --check-prefix=REPORT
// REPORT: attention: 0 tiled, 1 not
// REPORT-NEXT: not tiled: softmax written out (-remat-tile-attention raises it where the attention then tiles)

// CHECK-LABEL: func.func @written_out
// CHECK-NOT:     arith.divf
// CHECK:         scf.for {{.+}} -> (tensor<2x8x4xf32>, tensor<2x8xf32>, tensor<2x8xf32>)
// CHECK:         scf.for {{.+}} -> (tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>)
// CHECK-NOT:     tensor<2x8x8xf32>
// CHECK:         return
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1)>
#rowu = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#a = affine_map<(b, m, n, k) -> (b, m, k)>
#bT = affine_map<(b, m, n, k) -> (b, n, k)>
#aT = affine_map<(b, m, n, k) -> (b, k, m)>
#b = affine_map<(b, m, n, k) -> (b, k, n)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @written_out(%q: tensor<2x8x4xf32>, %k: tensor<2x8x4xf32>,
                       %v: tensor<2x8x4xf32>, %do: tensor<2x8x4xf32> {remat.cotangent})
    -> (tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %es = tensor.empty() : tensor<2x8x8xf32>
  %ev = tensor.empty() : tensor<2x8x4xf32>
  %er = tensor.empty() : tensor<2x8xf32>
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %s = linalg.batch_matmul indexing_maps = [#a, #bT, #c] ins(%q, %k : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%zs : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %x = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0.5 : f32
    %r = arith.mulf %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  // softmax written out: m = rowmax x (keepdim), e = exp(x - m), p = e / rowsum e
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<2x8x8xf32>) outs(%mi : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %mk = tensor.expand_shape %m [[0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
  %d = linalg.generic {indexing_maps = [#id, #rowu, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %mk : tensor<2x8x8xf32>, tensor<2x8x1xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %r = arith.subf %in, %mx : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %e = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%d : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = math.exp %in : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %l0 = linalg.fill ins(%zero : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %l = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%e : tensor<2x8x8xf32>) outs(%l0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %lk = tensor.expand_shape %l [[0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
  // expected-remark @below {{attention tiled: 4 x 4 tiles over 8 x 8}}
  %p = linalg.generic {indexing_maps = [#id, #rowu, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e, %lk : tensor<2x8x8xf32>, tensor<2x8x1xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %r = arith.divf %in, %sum : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %zv = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zv : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  // backward
  %zv1 = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dv = linalg.batch_matmul indexing_maps = [#aT, #b, #c] ins(%p, %do : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zv1 : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %zs3 = linalg.fill ins(%zero : f32) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %dp = linalg.batch_matmul indexing_maps = [#a, #bT, #c] ins(%do, %v : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%zs3 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  // softmax gradient written out: t = dP * p, r = rowsum t, g = t - p * r
  %t = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%dp, %p : tensor<2x8x8xf32>, tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%g: f32, %y: f32, %out: f32):
    %r = arith.mulf %g, %y : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %r0 = linalg.fill ins(%zero : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%t : tensor<2x8x8xf32>) outs(%r0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %y = arith.addf %in, %out : f32
    linalg.yield %y : f32
  } -> tensor<2x8xf32>
  %rk = tensor.expand_shape %r [[0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
  %u = linalg.generic {indexing_maps = [#id, #rowu, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%p, %rk : tensor<2x8x8xf32>, tensor<2x8x1xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%y: f32, %sum: f32, %out: f32):
    %z = arith.mulf %y, %sum : f32
    linalg.yield %z : f32
  } -> tensor<2x8x8xf32>
  %g = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%t, %u : tensor<2x8x8xf32>, tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%a0: f32, %a1: f32, %out: f32):
    %z = arith.subf %a0, %a1 : f32
    linalg.yield %z : f32
  } -> tensor<2x8x8xf32>
  %ds = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0.5 : f32
    %y = arith.mulf %in, %c : f32
    linalg.yield %y : f32
  } -> tensor<2x8x8xf32>
  %zq = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dq = linalg.batch_matmul ins(%ds, %k : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zq : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %zk = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dk = linalg.batch_matmul indexing_maps = [#aT, #b, #c] ins(%ds, %q : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zk : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  return %o, %dq, %dk, %dv : tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>
}

// -----

// exp(x - m) in one generic, and g = t - p * r in one generic.
// CHECK-LABEL: func.func @written_out_fused_steps
// CHECK-NOT:     arith.divf
// CHECK:         scf.for
// CHECK-NOT:     tensor<2x8x8xf32>
// CHECK:         return
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1)>
#rowu = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#a = affine_map<(b, m, n, k) -> (b, m, k)>
#bT = affine_map<(b, m, n, k) -> (b, n, k)>
#aT = affine_map<(b, m, n, k) -> (b, k, m)>
#b = affine_map<(b, m, n, k) -> (b, k, n)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @written_out_fused_steps(%q: tensor<2x8x4xf32>, %k: tensor<2x8x4xf32>,
                       %v: tensor<2x8x4xf32>, %do: tensor<2x8x4xf32> {remat.cotangent})
    -> (tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %es = tensor.empty() : tensor<2x8x8xf32>
  %ev = tensor.empty() : tensor<2x8x4xf32>
  %er = tensor.empty() : tensor<2x8xf32>
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %s = linalg.batch_matmul indexing_maps = [#a, #bT, #c] ins(%q, %k : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%zs : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %x = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0.5 : f32
    %r = arith.mulf %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  // softmax written out: m = rowmax x (keepdim), e = exp(x - m), p = e / rowsum e
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<2x8x8xf32>) outs(%mi : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %mk = tensor.expand_shape %m [[0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
  %e = linalg.generic {indexing_maps = [#id, #rowu, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %mk : tensor<2x8x8xf32>, tensor<2x8x1xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %dd = arith.subf %in, %mx : f32
    %r = math.exp %dd : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %l0 = linalg.fill ins(%zero : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %l = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%e : tensor<2x8x8xf32>) outs(%l0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %lk = tensor.expand_shape %l [[0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
  // expected-remark @below {{attention tiled: 4 x 4 tiles over 8 x 8}}
  %p = linalg.generic {indexing_maps = [#id, #rowu, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e, %lk : tensor<2x8x8xf32>, tensor<2x8x1xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %r = arith.divf %in, %sum : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %zv = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zv : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  // backward
  %zv1 = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dv = linalg.batch_matmul indexing_maps = [#aT, #b, #c] ins(%p, %do : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zv1 : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %zs3 = linalg.fill ins(%zero : f32) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %dp = linalg.batch_matmul indexing_maps = [#a, #bT, #c] ins(%do, %v : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%zs3 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  // softmax gradient written out: t = dP * p, r = rowsum t, g = t - p * r
  %t = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%dp, %p : tensor<2x8x8xf32>, tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%g: f32, %y: f32, %out: f32):
    %r = arith.mulf %g, %y : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %r0 = linalg.fill ins(%zero : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%t : tensor<2x8x8xf32>) outs(%r0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %y = arith.addf %in, %out : f32
    linalg.yield %y : f32
  } -> tensor<2x8xf32>
  %rk = tensor.expand_shape %r [[0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
  %g = linalg.generic {indexing_maps = [#id, #id, #rowu, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%t, %p, %rk : tensor<2x8x8xf32>, tensor<2x8x8xf32>, tensor<2x8x1xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%a0: f32, %y: f32, %sum: f32, %out: f32):
    %pr = arith.mulf %y, %sum : f32
    %z = arith.subf %a0, %pr : f32
    linalg.yield %z : f32
  } -> tensor<2x8x8xf32>
  %ds = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0.5 : f32
    %y = arith.mulf %in, %c : f32
    linalg.yield %y : f32
  } -> tensor<2x8x8xf32>
  %zq = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dq = linalg.batch_matmul ins(%ds, %k : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zq : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %zk = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dk = linalg.batch_matmul indexing_maps = [#aT, #b, #c] ins(%ds, %q : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zk : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  return %o, %dq, %dk, %dv : tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>
}

// -----

// The probabilities are also a result: not tiled, and left as written
// (no linalg.softmax, the gradient still t - p * r).
// CHECK-LABEL: func.func @probabilities_returned
// CHECK-NOT:     linalg.softmax
// CHECK-NOT:     scf.for
// CHECK:         arith.divf
// CHECK:         arith.subf
// CHECK:         return
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1)>
#rowu = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#a = affine_map<(b, m, n, k) -> (b, m, k)>
#bT = affine_map<(b, m, n, k) -> (b, n, k)>
#aT = affine_map<(b, m, n, k) -> (b, k, m)>
#b = affine_map<(b, m, n, k) -> (b, k, n)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @probabilities_returned(%q: tensor<2x8x4xf32>, %k: tensor<2x8x4xf32>,
                       %v: tensor<2x8x4xf32>, %do: tensor<2x8x4xf32> {remat.cotangent})
    -> (tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %es = tensor.empty() : tensor<2x8x8xf32>
  %ev = tensor.empty() : tensor<2x8x4xf32>
  %er = tensor.empty() : tensor<2x8xf32>
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %s = linalg.batch_matmul indexing_maps = [#a, #bT, #c] ins(%q, %k : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%zs : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %x = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0.5 : f32
    %r = arith.mulf %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  // softmax written out: m = rowmax x (keepdim), e = exp(x - m), p = e / rowsum e
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<2x8x8xf32>) outs(%mi : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %mk = tensor.expand_shape %m [[0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
  %d = linalg.generic {indexing_maps = [#id, #rowu, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %mk : tensor<2x8x8xf32>, tensor<2x8x1xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %r = arith.subf %in, %mx : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %e = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%d : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = math.exp %in : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %l0 = linalg.fill ins(%zero : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %l = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%e : tensor<2x8x8xf32>) outs(%l0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %lk = tensor.expand_shape %l [[0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
  // expected-remark @below {{attention not tiled (its softmax written out, raised on a copy): the probabilities have another consumer ('func.return')}}
  %p = linalg.generic {indexing_maps = [#id, #rowu, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e, %lk : tensor<2x8x8xf32>, tensor<2x8x1xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %r = arith.divf %in, %sum : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %zv = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zv : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  // backward
  %zv1 = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dv = linalg.batch_matmul indexing_maps = [#aT, #b, #c] ins(%p, %do : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zv1 : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %zs3 = linalg.fill ins(%zero : f32) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %dp = linalg.batch_matmul indexing_maps = [#a, #bT, #c] ins(%do, %v : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%zs3 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  // softmax gradient written out: t = dP * p, r = rowsum t, g = t - p * r
  %t = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%dp, %p : tensor<2x8x8xf32>, tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%g: f32, %y: f32, %out: f32):
    %r = arith.mulf %g, %y : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %r0 = linalg.fill ins(%zero : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%t : tensor<2x8x8xf32>) outs(%r0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %y = arith.addf %in, %out : f32
    linalg.yield %y : f32
  } -> tensor<2x8xf32>
  %rk = tensor.expand_shape %r [[0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
  %u = linalg.generic {indexing_maps = [#id, #rowu, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%p, %rk : tensor<2x8x8xf32>, tensor<2x8x1xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%y: f32, %sum: f32, %out: f32):
    %z = arith.mulf %y, %sum : f32
    linalg.yield %z : f32
  } -> tensor<2x8x8xf32>
  %g = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%t, %u : tensor<2x8x8xf32>, tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%a0: f32, %a1: f32, %out: f32):
    %z = arith.subf %a0, %a1 : f32
    linalg.yield %z : f32
  } -> tensor<2x8x8xf32>
  %ds = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0.5 : f32
    %y = arith.mulf %in, %c : f32
    linalg.yield %y : f32
  } -> tensor<2x8x8xf32>
  %zq = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dq = linalg.batch_matmul ins(%ds, %k : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zq : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %zk = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dk = linalg.batch_matmul indexing_maps = [#aT, #b, #c] ins(%ds, %q : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zk : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  return %o, %dq, %dk, %dv, %p : tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x8xf32>
}

// -----

// K^T and P^T as linalg.transpose (the named op) before plain products,
// as torch-mlir writes transposes: P^T is P, and dies with the untiled
// ops (K^T is the scores' operand, which the tiles slice).
// CHECK-LABEL: func.func @written_out_transposes
// CHECK:         scf.for
// CHECK-NOT:     tensor<2x8x8xf32>
// CHECK:         return
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1)>
#rowu = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#a = affine_map<(b, m, n, k) -> (b, m, k)>
#bT = affine_map<(b, m, n, k) -> (b, n, k)>
#aT = affine_map<(b, m, n, k) -> (b, k, m)>
#b = affine_map<(b, m, n, k) -> (b, k, n)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @written_out_transposes(%q: tensor<2x8x4xf32>, %k: tensor<2x8x4xf32>,
                       %v: tensor<2x8x4xf32>, %do: tensor<2x8x4xf32> {remat.cotangent})
    -> (tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %es = tensor.empty() : tensor<2x8x8xf32>
  %ev = tensor.empty() : tensor<2x8x4xf32>
  %er = tensor.empty() : tensor<2x8xf32>
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %ekt = tensor.empty() : tensor<2x4x8xf32>
  %kt = linalg.transpose ins(%k : tensor<2x8x4xf32>) outs(%ekt : tensor<2x4x8xf32>) permutation = [0, 2, 1]
  %s = linalg.batch_matmul ins(%q, %kt : tensor<2x8x4xf32>, tensor<2x4x8xf32>) outs(%zs : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %x = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0.5 : f32
    %r = arith.mulf %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  // softmax written out: m = rowmax x (keepdim), e = exp(x - m), p = e / rowsum e
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<2x8x8xf32>) outs(%mi : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %mk = tensor.expand_shape %m [[0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
  %d = linalg.generic {indexing_maps = [#id, #rowu, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %mk : tensor<2x8x8xf32>, tensor<2x8x1xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %r = arith.subf %in, %mx : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %e = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%d : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = math.exp %in : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %l0 = linalg.fill ins(%zero : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %l = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%e : tensor<2x8x8xf32>) outs(%l0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %lk = tensor.expand_shape %l [[0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
  // expected-remark @below {{attention tiled: 4 x 4 tiles over 8 x 8}}
  %p = linalg.generic {indexing_maps = [#id, #rowu, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e, %lk : tensor<2x8x8xf32>, tensor<2x8x1xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %r = arith.divf %in, %sum : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %zv = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zv : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  // backward
  %zv1 = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %ept = tensor.empty() : tensor<2x8x8xf32>
  %pt = linalg.transpose ins(%p : tensor<2x8x8xf32>) outs(%ept : tensor<2x8x8xf32>) permutation = [0, 2, 1]
  %dv = linalg.batch_matmul ins(%pt, %do : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zv1 : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %zs3 = linalg.fill ins(%zero : f32) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %dp = linalg.batch_matmul indexing_maps = [#a, #bT, #c] ins(%do, %v : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%zs3 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  // softmax gradient written out: t = dP * p, r = rowsum t, g = t - p * r
  %t = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%dp, %p : tensor<2x8x8xf32>, tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%g: f32, %y: f32, %out: f32):
    %r = arith.mulf %g, %y : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %r0 = linalg.fill ins(%zero : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%t : tensor<2x8x8xf32>) outs(%r0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %y = arith.addf %in, %out : f32
    linalg.yield %y : f32
  } -> tensor<2x8xf32>
  %rk = tensor.expand_shape %r [[0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
  %u = linalg.generic {indexing_maps = [#id, #rowu, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%p, %rk : tensor<2x8x8xf32>, tensor<2x8x1xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%y: f32, %sum: f32, %out: f32):
    %z = arith.mulf %y, %sum : f32
    linalg.yield %z : f32
  } -> tensor<2x8x8xf32>
  %g = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%t, %u : tensor<2x8x8xf32>, tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%a0: f32, %a1: f32, %out: f32):
    %z = arith.subf %a0, %a1 : f32
    linalg.yield %z : f32
  } -> tensor<2x8x8xf32>
  %ds = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0.5 : f32
    %y = arith.mulf %in, %c : f32
    linalg.yield %y : f32
  } -> tensor<2x8x8xf32>
  %zq = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dq = linalg.batch_matmul ins(%ds, %k : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zq : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %zk = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dk = linalg.batch_matmul indexing_maps = [#aT, #b, #c] ins(%ds, %q : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zk : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  return %o, %dq, %dk, %dv : tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>
}
