// Attention as JAX lowers it through StableHLO to linalg
// (stablehlo-legalize-to-linalg): Q, K, V and dO in JAX's [batch, seq,
// heads, dim] layout; each einsum a dot_general with two batch dimensions,
// which becomes a linalg.generic contraction (not a batch_matmul), its
// result in dot_general's order (batch, lhs free, rhs free) and a
// linalg.transpose back to [batch, seq, heads, dim] where the einsum asks
// for it; jax.nn.softmax written out (exp(x - max) / sum) and its gradient
// t - p * rowsum(t); a causal mask applied with jnp.where(mask, x, -inf).
// b = 2, s = 32, h = 2, d = 4, f32. See test/Transforms/tile-attention-jax.mlir.
#qkd = affine_map<(b, h, q, k, d) -> (b, q, h, d)>
#kkd = affine_map<(b, h, q, k, d) -> (b, k, h, d)>
#bhqk5 = affine_map<(b, h, q, k, d) -> (b, h, q, k)>
#bhqd5 = affine_map<(b, h, q, k, d) -> (b, h, q, d)>
#pv_p = affine_map<(b, h, q, d, k) -> (b, h, q, k)>
#pv_v = affine_map<(b, h, q, d, k) -> (b, k, h, d)>
#pv_o = affine_map<(b, h, q, d, k) -> (b, h, q, d)>
#dv_p = affine_map<(b, h, k, d, q) -> (b, h, q, k)>
#dv_g = affine_map<(b, h, k, d, q) -> (b, h, q, d)>
#dv_o = affine_map<(b, h, k, d, q) -> (b, h, k, d)>
#dk_q = affine_map<(b, h, k, d, q) -> (b, q, h, d)>
#dq_k = affine_map<(b, h, q, d, k) -> (b, k, h, d)>
#id = affine_map<(b, h, q, k) -> (b, h, q, k)>
#mask = affine_map<(b, h, q, k) -> (q, k)>
#row = affine_map<(b, h, q, k) -> (b, h, q)>
#rowu = affine_map<(b, h, q, k) -> (b, h, q, 0)>
func.func @jax_attention(%q: tensor<2x32x2x4xf32>, %k: tensor<2x32x2x4xf32>,
                         %v: tensor<2x32x2x4xf32>, %causal: tensor<32x32xi1>,
                         %do: tensor<2x32x2x4xf32> {remat.cotangent})
    -> (tensor<2x32x2x4xf32>, tensor<2x32x2x4xf32>, tensor<2x32x2x4xf32>, tensor<2x32x2x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %es = tensor.empty() : tensor<2x2x32x32xf32>
  %eo = tensor.empty() : tensor<2x2x32x4xf32>
  %et = tensor.empty() : tensor<2x32x2x4xf32>
  %er = tensor.empty() : tensor<2x2x32xf32>
  // s = einsum('bqhd,bkhd->bhqk', q, k)
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %s = linalg.generic {indexing_maps = [#qkd, #kkd, #bhqk5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%q, %k : tensor<2x32x2x4xf32>, tensor<2x32x2x4xf32>) outs(%zs : tensor<2x2x32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  } -> tensor<2x2x32x32xf32>
  %x = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<2x2x32x32xf32>) outs(%es : tensor<2x2x32x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0.5 : f32
    %r = arith.mulf %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<2x2x32x32xf32>
  // jnp.where(causal, x, -inf)
  %xm = linalg.generic {indexing_maps = [#id, #mask, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %causal : tensor<2x2x32x32xf32>, tensor<32x32xi1>) outs(%es : tensor<2x2x32x32xf32>) {
  ^bb0(%in: f32, %c: i1, %out: f32):
    %r = arith.select %c, %in, %ninf : f32
    linalg.yield %r : f32
  } -> tensor<2x2x32x32xf32>
  // jax.nn.softmax: exp(x - max) / sum
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x2x32xf32>) -> tensor<2x2x32xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%xm : tensor<2x2x32x32xf32>) outs(%mi : tensor<2x2x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x2x32xf32>
  %mk = tensor.expand_shape %m [[0], [1], [2, 3]] output_shape [2, 2, 32, 1] : tensor<2x2x32xf32> into tensor<2x2x32x1xf32>
  %e = linalg.generic {indexing_maps = [#id, #rowu, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%xm, %mk : tensor<2x2x32x32xf32>, tensor<2x2x32x1xf32>) outs(%es : tensor<2x2x32x32xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %d = arith.subf %in, %mx : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<2x2x32x32xf32>
  %l0 = linalg.fill ins(%zero : f32) outs(%er : tensor<2x2x32xf32>) -> tensor<2x2x32xf32>
  %l = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%e : tensor<2x2x32x32xf32>) outs(%l0 : tensor<2x2x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x2x32xf32>
  %lk = tensor.expand_shape %l [[0], [1], [2, 3]] output_shape [2, 2, 32, 1] : tensor<2x2x32xf32> into tensor<2x2x32x1xf32>
  %p = linalg.generic {indexing_maps = [#id, #rowu, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%e, %lk : tensor<2x2x32x32xf32>, tensor<2x2x32x1xf32>) outs(%es : tensor<2x2x32x32xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %r = arith.divf %in, %sum : f32
    linalg.yield %r : f32
  } -> tensor<2x2x32x32xf32>
  // o = einsum('bhqk,bkhd->bqhd', p, v): dot_general to bhqd, transposed
  %zo = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x2x32x4xf32>) -> tensor<2x2x32x4xf32>
  %ob = linalg.generic {indexing_maps = [#pv_p, #pv_v, #pv_o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%p, %v : tensor<2x2x32x32xf32>, tensor<2x32x2x4xf32>) outs(%zo : tensor<2x2x32x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %mm = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %mm : f32
    linalg.yield %r : f32
  } -> tensor<2x2x32x4xf32>
  %o = linalg.transpose ins(%ob : tensor<2x2x32x4xf32>) outs(%et : tensor<2x32x2x4xf32>) permutation = [0, 2, 1, 3]
  // backward: dO to bhqd
  %eo1 = tensor.empty() : tensor<2x2x32x4xf32>
  %dob = linalg.transpose ins(%do : tensor<2x32x2x4xf32>) outs(%eo1 : tensor<2x2x32x4xf32>) permutation = [0, 2, 1, 3]
  // dv = einsum('bhqk,bhqd->bkhd', p, dO)
  %zv = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x2x32x4xf32>) -> tensor<2x2x32x4xf32>
  %dvb = linalg.generic {indexing_maps = [#dv_p, #dv_g, #dv_o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%p, %dob : tensor<2x2x32x32xf32>, tensor<2x2x32x4xf32>) outs(%zv : tensor<2x2x32x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %mm = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %mm : f32
    linalg.yield %r : f32
  } -> tensor<2x2x32x4xf32>
  %et1 = tensor.empty() : tensor<2x32x2x4xf32>
  %dv = linalg.transpose ins(%dvb : tensor<2x2x32x4xf32>) outs(%et1 : tensor<2x32x2x4xf32>) permutation = [0, 2, 1, 3]
  // dp = einsum('bhqd,bkhd->bhqk', dO, v)
  %zp = linalg.fill ins(%zero : f32) outs(%es : tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %dp = linalg.generic {indexing_maps = [#bhqd5, #kkd, #bhqk5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%dob, %v : tensor<2x2x32x4xf32>, tensor<2x32x2x4xf32>) outs(%zp : tensor<2x2x32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %mm = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %mm : f32
    linalg.yield %r : f32
  } -> tensor<2x2x32x32xf32>
  // the softmax's gradient: t = dp * p, g = t - p * rowsum(t)
  %t = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%dp, %p : tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>) outs(%es : tensor<2x2x32x32xf32>) {
  ^bb0(%g: f32, %y: f32, %out: f32):
    %r = arith.mulf %g, %y : f32
    linalg.yield %r : f32
  } -> tensor<2x2x32x32xf32>
  %r0 = linalg.fill ins(%zero : f32) outs(%er : tensor<2x2x32xf32>) -> tensor<2x2x32xf32>
  %rsum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%t : tensor<2x2x32x32xf32>) outs(%r0 : tensor<2x2x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %y = arith.addf %in, %out : f32
    linalg.yield %y : f32
  } -> tensor<2x2x32xf32>
  %rk = tensor.expand_shape %rsum [[0], [1], [2, 3]] output_shape [2, 2, 32, 1] : tensor<2x2x32xf32> into tensor<2x2x32x1xf32>
  %g = linalg.generic {indexing_maps = [#id, #id, #rowu, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%t, %p, %rk : tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>, tensor<2x2x32x1xf32>) outs(%es : tensor<2x2x32x32xf32>) {
  ^bb0(%a0: f32, %y: f32, %sum: f32, %out: f32):
    %u = arith.mulf %y, %sum : f32
    %z = arith.subf %a0, %u : f32
    linalg.yield %z : f32
  } -> tensor<2x2x32x32xf32>
  // the where's gradient, then the scale's
  %gm = linalg.generic {indexing_maps = [#id, #mask, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%g, %causal : tensor<2x2x32x32xf32>, tensor<32x32xi1>) outs(%es : tensor<2x2x32x32xf32>) {
  ^bb0(%in: f32, %c: i1, %out: f32):
    %r = arith.select %c, %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<2x2x32x32xf32>
  %ds = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%gm : tensor<2x2x32x32xf32>) outs(%es : tensor<2x2x32x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0.5 : f32
    %y = arith.mulf %in, %c : f32
    linalg.yield %y : f32
  } -> tensor<2x2x32x32xf32>
  // dq = einsum('bhqk,bkhd->bqhd', ds, k), dk = einsum('bhqk,bqhd->bkhd', ds, q)
  %zq = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x2x32x4xf32>) -> tensor<2x2x32x4xf32>
  %dqb = linalg.generic {indexing_maps = [#pv_p, #dq_k, #pv_o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%ds, %k : tensor<2x2x32x32xf32>, tensor<2x32x2x4xf32>) outs(%zq : tensor<2x2x32x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %mm = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %mm : f32
    linalg.yield %r : f32
  } -> tensor<2x2x32x4xf32>
  %et2 = tensor.empty() : tensor<2x32x2x4xf32>
  %dq = linalg.transpose ins(%dqb : tensor<2x2x32x4xf32>) outs(%et2 : tensor<2x32x2x4xf32>) permutation = [0, 2, 1, 3]
  %zk = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x2x32x4xf32>) -> tensor<2x2x32x4xf32>
  %dkb = linalg.generic {indexing_maps = [#dv_p, #dk_q, #dv_o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%ds, %q : tensor<2x2x32x32xf32>, tensor<2x32x2x4xf32>) outs(%zk : tensor<2x2x32x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %mm = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %mm : f32
    linalg.yield %r : f32
  } -> tensor<2x2x32x4xf32>
  %et3 = tensor.empty() : tensor<2x32x2x4xf32>
  %dk = linalg.transpose ins(%dkb : tensor<2x2x32x4xf32>) outs(%et3 : tensor<2x32x2x4xf32>) permutation = [0, 2, 1, 3]
  return %o, %dq, %dk, %dv : tensor<2x32x2x4xf32>, tensor<2x32x2x4xf32>, tensor<2x32x2x4xf32>, tensor<2x32x2x4xf32>
}
