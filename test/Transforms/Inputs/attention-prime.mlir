// Single-head attention with softmax and a dropout mask computed from a
// seed (functional RNG: a hash of the seed and the element index), forward
// and backward. q, k, v come in as arguments, as they would from saved
// projections. s = 61 (a prime), d = 16, f32: attention.mlir at another length.
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#rhsT = affine_map<(m, n, k) -> (n, k)>
#lhsT = affine_map<(m, n, k) -> (k, m)>
#out = affine_map<(m, n, k) -> (m, n)>
func.func @attention(%q: tensor<61x16xf32>, %k: tensor<61x16xf32>, %v: tensor<61x16xf32>,
                     %seed: i32, %dout: tensor<61x16xf32> {remat.cotangent})
    -> (tensor<61x16xf32>, tensor<61x16xf32>, tensor<61x16xf32>, tensor<61x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %quarter = arith.constant 0.25 : f32
  %keep_scale = arith.constant 1.25 : f32
  %c61 = arith.constant 61 : i32
  %prime = arith.constant 16777619 : i32
  %c13 = arith.constant 13 : i32
  %c255 = arith.constant 255 : i32
  %c51 = arith.constant 51 : i32

  // scores = q k^T / 4
  %e0 = tensor.empty() : tensor<61x61xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<61x61xf32>) -> tensor<61x61xf32>
  %scores = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%q, %k : tensor<61x16xf32>, tensor<61x16xf32>) outs(%f0 : tensor<61x61xf32>) -> tensor<61x61xf32> loc("attn.scores")
  %e1 = tensor.empty() : tensor<61x61xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%scores : tensor<61x61xf32>) outs(%e1 : tensor<61x61xf32>) {
  ^bb0(%s: f32, %o: f32):
    %m = arith.mulf %s, %quarter : f32
    linalg.yield %m : f32
  } -> tensor<61x61xf32> loc("attn.scale")
  %e2 = tensor.empty() : tensor<61x61xf32>
  %probs = linalg.softmax dimension(1) ins(%scaled : tensor<61x61xf32>)
      outs(%e2 : tensor<61x61xf32>) -> tensor<61x61xf32> loc("attn.softmax")
  // mask[i, j] = hash(seed, i, j) keeps 80% of the elements.
  %e3 = tensor.empty() : tensor<61x61xf32>
  %mask = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e3 : tensor<61x61xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %h0 = arith.muli %ii, %c61 : i32
    %h1 = arith.addi %h0, %jj : i32
    %h2 = arith.xori %h1, %seed : i32
    %h3 = arith.muli %h2, %prime : i32
    %h4 = arith.shrui %h3, %c13 : i32
    %h5 = arith.andi %h4, %c255 : i32
    %keep = arith.cmpi uge, %h5, %c51 : i32
    %m = arith.select %keep, %keep_scale, %zero : f32
    linalg.yield %m : f32
  } -> tensor<61x61xf32> loc("attn.dropout_mask")
  %e4 = tensor.empty() : tensor<61x61xf32>
  %dropped = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%probs, %mask : tensor<61x61xf32>, tensor<61x61xf32>) outs(%e4 : tensor<61x61xf32>) {
  ^bb0(%p: f32, %mk: f32, %o: f32):
    %m = arith.mulf %p, %mk : f32
    linalg.yield %m : f32
  } -> tensor<61x61xf32> loc("attn.dropout")
  %e5 = tensor.empty() : tensor<61x16xf32>
  %f5 = linalg.fill ins(%zero : f32) outs(%e5 : tensor<61x16xf32>) -> tensor<61x16xf32>
  %out = linalg.matmul ins(%dropped, %v : tensor<61x61xf32>, tensor<61x16xf32>)
      outs(%f5 : tensor<61x16xf32>) -> tensor<61x16xf32> loc("attn.context")

  // ---- backward ----
  // dv = dropped^T dout
  %e6 = tensor.empty() : tensor<61x16xf32>
  %f6 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<61x16xf32>) -> tensor<61x16xf32>
  %dv = linalg.matmul indexing_maps = [#lhsT, #rhs, #out]
      ins(%dropped, %dout : tensor<61x61xf32>, tensor<61x16xf32>) outs(%f6 : tensor<61x16xf32>) -> tensor<61x16xf32> loc("attn.context.grad_v")
  // ddropped = dout v^T
  %e7 = tensor.empty() : tensor<61x61xf32>
  %f7 = linalg.fill ins(%zero : f32) outs(%e7 : tensor<61x61xf32>) -> tensor<61x61xf32>
  %ddropped = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%dout, %v : tensor<61x16xf32>, tensor<61x16xf32>) outs(%f7 : tensor<61x61xf32>) -> tensor<61x61xf32> loc("attn.context.grad_probs")
  // dprobs = ddropped * mask
  %e8 = tensor.empty() : tensor<61x61xf32>
  %dprobs = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ddropped, %mask : tensor<61x61xf32>, tensor<61x61xf32>) outs(%e8 : tensor<61x61xf32>) {
  ^bb0(%g: f32, %mk: f32, %o: f32):
    %m = arith.mulf %g, %mk : f32
    linalg.yield %m : f32
  } -> tensor<61x61xf32> loc("attn.dropout.grad")
  // softmax backward: dscaled = probs * (dprobs - rowsum(dprobs * probs))
  %e9 = tensor.empty() : tensor<61xf32>
  %f9 = linalg.fill ins(%zero : f32) outs(%e9 : tensor<61xf32>) -> tensor<61xf32>
  %rowsum = linalg.generic {indexing_maps = [#id, #id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%dprobs, %probs : tensor<61x61xf32>, tensor<61x61xf32>) outs(%f9 : tensor<61xf32>) {
  ^bb0(%g: f32, %p: f32, %acc: f32):
    %m = arith.mulf %g, %p : f32
    %a = arith.addf %acc, %m : f32
    linalg.yield %a : f32
  } -> tensor<61xf32> loc("attn.softmax.grad_sum")
  %e10 = tensor.empty() : tensor<61x61xf32>
  %dscores = linalg.generic {indexing_maps = [#id, #id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%dprobs, %probs, %rowsum : tensor<61x61xf32>, tensor<61x61xf32>, tensor<61xf32>) outs(%e10 : tensor<61x61xf32>) {
  ^bb0(%g: f32, %p: f32, %r: f32, %o: f32):
    %d = arith.subf %g, %r : f32
    %m = arith.mulf %p, %d : f32
    %s = arith.mulf %m, %quarter : f32
    linalg.yield %s : f32
  } -> tensor<61x61xf32> loc("attn.softmax.grad")
  // dq = dscores k, dk = dscores^T q
  %e11 = tensor.empty() : tensor<61x16xf32>
  %f11 = linalg.fill ins(%zero : f32) outs(%e11 : tensor<61x16xf32>) -> tensor<61x16xf32>
  %dq = linalg.matmul ins(%dscores, %k : tensor<61x61xf32>, tensor<61x16xf32>)
      outs(%f11 : tensor<61x16xf32>) -> tensor<61x16xf32> loc("attn.scores.grad_q")
  %e12 = tensor.empty() : tensor<61x16xf32>
  %f12 = linalg.fill ins(%zero : f32) outs(%e12 : tensor<61x16xf32>) -> tensor<61x16xf32>
  %dk = linalg.matmul indexing_maps = [#lhsT, #rhs, #out]
      ins(%dscores, %q : tensor<61x61xf32>, tensor<61x16xf32>) outs(%f12 : tensor<61x16xf32>) -> tensor<61x16xf32> loc("attn.scores.grad_k")
  return %out, %dq, %dk, %dv : tensor<61x16xf32>, tensor<61x16xf32>, tensor<61x16xf32>, tensor<61x16xf32>
}
