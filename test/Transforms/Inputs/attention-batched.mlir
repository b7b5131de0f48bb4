// Causal multi-head attention with dropout, forward and backward, in the
// shapes remat-import-torch emits for a GPT block: batched Q K^T on 4 = 2 x 2
// (batch x heads) matrices with K transposed ([4, d, s]), the scores
// reshaped to [2, 2, s, s] for the scale, the causal mask (a 2-D i1 tensor
// broadcast over the batch, filling -inf) and the softmax, dropout as the
// product with a scaled draw, the softmax gradient split into a product and
// a row sum. s = 16, d = 8, f32.
#id4 = affine_map<(a, b, c, d) -> (a, b, c, d)>
#mask4 = affine_map<(a, b, c, d) -> (c, d)>
#row4 = affine_map<(a, b, c, d) -> (a, b, c)>
#id2 = affine_map<(i, j) -> (i, j)>
func.func @attention_batched(%q: tensor<4x16x8xf32>, %kt: tensor<4x8x16xf32>,
                             %v: tensor<4x16x8xf32>, %draw: tensor<2x2x16x16xf32>,
                             %dout: tensor<4x16x8xf32> {remat.cotangent})
    -> (tensor<4x16x8xf32>, tensor<4x16x8xf32>, tensor<4x8x16xf32>, tensor<4x16x8xf32>) {
  %zero = arith.constant 0.0 : f32
  // causal[i, j] = j > i: the positions to fill with -inf.
  %em = tensor.empty() : tensor<16x16xi1>
  %causal = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%em : tensor<16x16xi1>) {
  ^bb0(%o: i1):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c = arith.cmpi ugt, %j, %i : index
    linalg.yield %c : i1
  } -> tensor<16x16xi1> loc("attn.causal")
  %e0 = tensor.empty() : tensor<4x16x16xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
  %s = linalg.batch_matmul ins(%q, %kt : tensor<4x16x8xf32>, tensor<4x8x16xf32>)
      outs(%f0 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("attn.scores")
  %s4 = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [2, 2, 16, 16]
      : tensor<4x16x16xf32> into tensor<2x2x16x16xf32>
  %e1 = tensor.empty() : tensor<2x2x16x16xf32>
  %scaled = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s4 : tensor<2x2x16x16xf32>) outs(%e1 : tensor<2x2x16x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %c = arith.constant 0.353553385 : f32
    %m = arith.mulf %x, %c : f32
    linalg.yield %m : f32
  } -> tensor<2x2x16x16xf32> loc("attn.scale")
  %e2 = tensor.empty() : tensor<2x2x16x16xf32>
  %masked = linalg.generic {indexing_maps = [#mask4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%causal, %scaled : tensor<16x16xi1>, tensor<2x2x16x16xf32>) outs(%e2 : tensor<2x2x16x16xf32>) {
  ^bb0(%m: i1, %x: f32, %o: f32):
    %ninf = arith.constant 0xFF800000 : f32
    %r = arith.select %m, %ninf, %x : f32
    linalg.yield %r : f32
  } -> tensor<2x2x16x16xf32> loc("attn.mask")
  %e3 = tensor.empty() : tensor<2x2x16x16xf32>
  %p = linalg.softmax dimension(3) ins(%masked : tensor<2x2x16x16xf32>)
      outs(%e3 : tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32> loc("attn.softmax")
  %e4 = tensor.empty() : tensor<2x2x16x16xf32>
  %keep = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%draw : tensor<2x2x16x16xf32>) outs(%e4 : tensor<2x2x16x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %c = arith.constant 0.9 : f32
    %d = arith.divf %x, %c : f32
    linalg.yield %d : f32
  } -> tensor<2x2x16x16xf32> loc("attn.dropout_mask")
  %e5 = tensor.empty() : tensor<2x2x16x16xf32>
  %pd = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%p, %keep : tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) outs(%e5 : tensor<2x2x16x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<2x2x16x16xf32> loc("attn.dropout")
  %pd3 = tensor.collapse_shape %pd [[0, 1], [2], [3]] : tensor<2x2x16x16xf32> into tensor<4x16x16xf32>
  %e6 = tensor.empty() : tensor<4x16x8xf32>
  %f6 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
  %out = linalg.batch_matmul ins(%pd3, %v : tensor<4x16x16xf32>, tensor<4x16x8xf32>)
      outs(%f6 : tensor<4x16x8xf32>) -> tensor<4x16x8xf32> loc("attn.context")

  // ---- backward ----
  %e7 = tensor.empty() : tensor<4x16x8xf32>
  %f7 = linalg.fill ins(%zero : f32) outs(%e7 : tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
  %dv = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%pd3, %dout : tensor<4x16x16xf32>, tensor<4x16x8xf32>) outs(%f7 : tensor<4x16x8xf32>) -> tensor<4x16x8xf32> loc("attn.context.grad_v")
  %e8 = tensor.empty() : tensor<4x16x16xf32>
  %f8 = linalg.fill ins(%zero : f32) outs(%e8 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
  %dpd = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%dout, %v : tensor<4x16x8xf32>, tensor<4x16x8xf32>) outs(%f8 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("attn.context.grad_probs")
  %dpd4 = tensor.expand_shape %dpd [[0, 1], [2], [3]] output_shape [2, 2, 16, 16]
      : tensor<4x16x16xf32> into tensor<2x2x16x16xf32>
  %e9 = tensor.empty() : tensor<2x2x16x16xf32>
  %dp = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%dpd4, %keep : tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) outs(%e9 : tensor<2x2x16x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<2x2x16x16xf32> loc("attn.dropout.grad")
  %e10 = tensor.empty() : tensor<2x2x16x16xf32>
  %t = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%dp, %p : tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) outs(%e10 : tensor<2x2x16x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<2x2x16x16xf32> loc("attn.softmax.grad_prod")
  %e11 = tensor.empty() : tensor<2x2x16xf32>
  %f11 = linalg.fill ins(%zero : f32) outs(%e11 : tensor<2x2x16xf32>) -> tensor<2x2x16xf32>
  %r = linalg.generic {indexing_maps = [#id4, #row4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%t : tensor<2x2x16x16xf32>) outs(%f11 : tensor<2x2x16xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %a = arith.addf %x, %acc : f32
    linalg.yield %a : f32
  } -> tensor<2x2x16xf32> loc("attn.softmax.grad_sum")
  %e12 = tensor.empty() : tensor<2x2x16x16xf32>
  %g = linalg.generic {indexing_maps = [#id4, #id4, #row4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%p, %dp, %r : tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>, tensor<2x2x16xf32>) outs(%e12 : tensor<2x2x16x16xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %d = arith.subf %y, %z : f32
    %m = arith.mulf %x, %d : f32
    linalg.yield %m : f32
  } -> tensor<2x2x16x16xf32> loc("attn.softmax.grad")
  %e13 = tensor.empty() : tensor<2x2x16x16xf32>
  %gm = linalg.generic {indexing_maps = [#mask4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%causal, %g : tensor<16x16xi1>, tensor<2x2x16x16xf32>) outs(%e13 : tensor<2x2x16x16xf32>) {
  ^bb0(%m: i1, %x: f32, %o: f32):
    %z = arith.constant 0.0 : f32
    %r2 = arith.select %m, %z, %x : f32
    linalg.yield %r2 : f32
  } -> tensor<2x2x16x16xf32> loc("attn.mask.grad")
  %e14 = tensor.empty() : tensor<2x2x16x16xf32>
  %gs = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%gm : tensor<2x2x16x16xf32>) outs(%e14 : tensor<2x2x16x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %c = arith.constant 0.353553385 : f32
    %m = arith.mulf %x, %c : f32
    linalg.yield %m : f32
  } -> tensor<2x2x16x16xf32> loc("attn.scale.grad")
  %ds = tensor.collapse_shape %gs [[0, 1], [2], [3]] : tensor<2x2x16x16xf32> into tensor<4x16x16xf32>
  %e15 = tensor.empty() : tensor<4x8x16xf32>
  %f15 = linalg.fill ins(%zero : f32) outs(%e15 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  %dkt = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%q, %ds : tensor<4x16x8xf32>, tensor<4x16x16xf32>) outs(%f15 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32> loc("attn.scores.grad_k")
  %e16 = tensor.empty() : tensor<4x16x8xf32>
  %f16 = linalg.fill ins(%zero : f32) outs(%e16 : tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
  %dq = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%ds, %kt : tensor<4x16x16xf32>, tensor<4x8x16xf32>) outs(%f16 : tensor<4x16x8xf32>) -> tensor<4x16x8xf32> loc("attn.scores.grad_q")
  return %out, %dq, %dkt, %dv : tensor<4x16x8xf32>, tensor<4x16x8xf32>, tensor<4x8x16xf32>, tensor<4x16x8xf32>
}
