// Attention with its softmax and the softmax's gradient written out (as
// torch-mlir's and JAX's decompositions write them): see
// test/Transforms/tile-attention-written-out.mlir.
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
