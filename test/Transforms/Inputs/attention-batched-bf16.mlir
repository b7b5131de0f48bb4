// attention-batched.mlir in bf16, with f32 arguments and results (remat-run
// reads and writes no bf16): the inputs are truncated to bf16 first, the
// outputs extended to f32 last; everything between computes in bf16.
#id4 = affine_map<(a, b, c, d) -> (a, b, c, d)>
#mask4 = affine_map<(a, b, c, d) -> (c, d)>
#row4 = affine_map<(a, b, c, d) -> (a, b, c)>
#id2 = affine_map<(i, j) -> (i, j)>
func.func @attention_batched_bf16(%q32: tensor<4x16x8xf32>, %kt32: tensor<4x8x16xf32>,
                             %v32: tensor<4x16x8xf32>, %draw32: tensor<2x2x16x16xf32>,
                             %dout32: tensor<4x16x8xf32> {remat.cotangent})
    -> (tensor<4x16x8xf32>, tensor<4x16x8xf32>, tensor<4x8x16xf32>, tensor<4x16x8xf32>) {
  %q = arith.truncf %q32 : tensor<4x16x8xf32> to tensor<4x16x8xbf16>
  %kt = arith.truncf %kt32 : tensor<4x8x16xf32> to tensor<4x8x16xbf16>
  %v = arith.truncf %v32 : tensor<4x16x8xf32> to tensor<4x16x8xbf16>
  %draw = arith.truncf %draw32 : tensor<2x2x16x16xf32> to tensor<2x2x16x16xbf16>
  %dout = arith.truncf %dout32 : tensor<4x16x8xf32> to tensor<4x16x8xbf16>
  %zero = arith.constant 0.0 : bf16
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
  %e0 = tensor.empty() : tensor<4x16x16xbf16>
  %f0 = linalg.fill ins(%zero : bf16) outs(%e0 : tensor<4x16x16xbf16>) -> tensor<4x16x16xbf16>
  %s = linalg.batch_matmul ins(%q, %kt : tensor<4x16x8xbf16>, tensor<4x8x16xbf16>)
      outs(%f0 : tensor<4x16x16xbf16>) -> tensor<4x16x16xbf16> loc("attn.scores")
  %s4 = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [2, 2, 16, 16]
      : tensor<4x16x16xbf16> into tensor<2x2x16x16xbf16>
  %e1 = tensor.empty() : tensor<2x2x16x16xbf16>
  %scaled = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s4 : tensor<2x2x16x16xbf16>) outs(%e1 : tensor<2x2x16x16xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    %c = arith.constant 0.353553385 : bf16
    %m = arith.mulf %x, %c : bf16
    linalg.yield %m : bf16
  } -> tensor<2x2x16x16xbf16> loc("attn.scale")
  %e2 = tensor.empty() : tensor<2x2x16x16xbf16>
  %masked = linalg.generic {indexing_maps = [#mask4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%causal, %scaled : tensor<16x16xi1>, tensor<2x2x16x16xbf16>) outs(%e2 : tensor<2x2x16x16xbf16>) {
  ^bb0(%m: i1, %x: bf16, %o: bf16):
    %ninf = arith.constant 0xFF80 : bf16
    %r = arith.select %m, %ninf, %x : bf16
    linalg.yield %r : bf16
  } -> tensor<2x2x16x16xbf16> loc("attn.mask")
  %e3 = tensor.empty() : tensor<2x2x16x16xbf16>
  %p = linalg.softmax dimension(3) ins(%masked : tensor<2x2x16x16xbf16>)
      outs(%e3 : tensor<2x2x16x16xbf16>) -> tensor<2x2x16x16xbf16> loc("attn.softmax")
  %e4 = tensor.empty() : tensor<2x2x16x16xbf16>
  %keep = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%draw : tensor<2x2x16x16xbf16>) outs(%e4 : tensor<2x2x16x16xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    %c = arith.constant 0.9 : bf16
    %d = arith.divf %x, %c : bf16
    linalg.yield %d : bf16
  } -> tensor<2x2x16x16xbf16> loc("attn.dropout_mask")
  %e5 = tensor.empty() : tensor<2x2x16x16xbf16>
  %pd = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%p, %keep : tensor<2x2x16x16xbf16>, tensor<2x2x16x16xbf16>) outs(%e5 : tensor<2x2x16x16xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %m = arith.mulf %x, %y : bf16
    linalg.yield %m : bf16
  } -> tensor<2x2x16x16xbf16> loc("attn.dropout")
  %pd3 = tensor.collapse_shape %pd [[0, 1], [2], [3]] : tensor<2x2x16x16xbf16> into tensor<4x16x16xbf16>
  %e6 = tensor.empty() : tensor<4x16x8xbf16>
  %f6 = linalg.fill ins(%zero : bf16) outs(%e6 : tensor<4x16x8xbf16>) -> tensor<4x16x8xbf16>
  %out = linalg.batch_matmul ins(%pd3, %v : tensor<4x16x16xbf16>, tensor<4x16x8xbf16>)
      outs(%f6 : tensor<4x16x8xbf16>) -> tensor<4x16x8xbf16> loc("attn.context")

  // ---- backward ----
  %e7 = tensor.empty() : tensor<4x16x8xbf16>
  %f7 = linalg.fill ins(%zero : bf16) outs(%e7 : tensor<4x16x8xbf16>) -> tensor<4x16x8xbf16>
  %dv = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%pd3, %dout : tensor<4x16x16xbf16>, tensor<4x16x8xbf16>) outs(%f7 : tensor<4x16x8xbf16>) -> tensor<4x16x8xbf16> loc("attn.context.grad_v")
  %e8 = tensor.empty() : tensor<4x16x16xbf16>
  %f8 = linalg.fill ins(%zero : bf16) outs(%e8 : tensor<4x16x16xbf16>) -> tensor<4x16x16xbf16>
  %dpd = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%dout, %v : tensor<4x16x8xbf16>, tensor<4x16x8xbf16>) outs(%f8 : tensor<4x16x16xbf16>) -> tensor<4x16x16xbf16> loc("attn.context.grad_probs")
  %dpd4 = tensor.expand_shape %dpd [[0, 1], [2], [3]] output_shape [2, 2, 16, 16]
      : tensor<4x16x16xbf16> into tensor<2x2x16x16xbf16>
  %e9 = tensor.empty() : tensor<2x2x16x16xbf16>
  %dp = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%dpd4, %keep : tensor<2x2x16x16xbf16>, tensor<2x2x16x16xbf16>) outs(%e9 : tensor<2x2x16x16xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %m = arith.mulf %x, %y : bf16
    linalg.yield %m : bf16
  } -> tensor<2x2x16x16xbf16> loc("attn.dropout.grad")
  %e10 = tensor.empty() : tensor<2x2x16x16xbf16>
  %t = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%dp, %p : tensor<2x2x16x16xbf16>, tensor<2x2x16x16xbf16>) outs(%e10 : tensor<2x2x16x16xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %m = arith.mulf %x, %y : bf16
    linalg.yield %m : bf16
  } -> tensor<2x2x16x16xbf16> loc("attn.softmax.grad_prod")
  %e11 = tensor.empty() : tensor<2x2x16xbf16>
  %f11 = linalg.fill ins(%zero : bf16) outs(%e11 : tensor<2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %r = linalg.generic {indexing_maps = [#id4, #row4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%t : tensor<2x2x16x16xbf16>) outs(%f11 : tensor<2x2x16xbf16>) {
  ^bb0(%x: bf16, %acc: bf16):
    %a = arith.addf %x, %acc : bf16
    linalg.yield %a : bf16
  } -> tensor<2x2x16xbf16> loc("attn.softmax.grad_sum")
  %e12 = tensor.empty() : tensor<2x2x16x16xbf16>
  %g = linalg.generic {indexing_maps = [#id4, #id4, #row4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%p, %dp, %r : tensor<2x2x16x16xbf16>, tensor<2x2x16x16xbf16>, tensor<2x2x16xbf16>) outs(%e12 : tensor<2x2x16x16xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %z: bf16, %o: bf16):
    %d = arith.subf %y, %z : bf16
    %m = arith.mulf %x, %d : bf16
    linalg.yield %m : bf16
  } -> tensor<2x2x16x16xbf16> loc("attn.softmax.grad")
  %e13 = tensor.empty() : tensor<2x2x16x16xbf16>
  %gm = linalg.generic {indexing_maps = [#mask4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%causal, %g : tensor<16x16xi1>, tensor<2x2x16x16xbf16>) outs(%e13 : tensor<2x2x16x16xbf16>) {
  ^bb0(%m: i1, %x: bf16, %o: bf16):
    %z = arith.constant 0.0 : bf16
    %r2 = arith.select %m, %z, %x : bf16
    linalg.yield %r2 : bf16
  } -> tensor<2x2x16x16xbf16> loc("attn.mask.grad")
  %e14 = tensor.empty() : tensor<2x2x16x16xbf16>
  %gs = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%gm : tensor<2x2x16x16xbf16>) outs(%e14 : tensor<2x2x16x16xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    %c = arith.constant 0.353553385 : bf16
    %m = arith.mulf %x, %c : bf16
    linalg.yield %m : bf16
  } -> tensor<2x2x16x16xbf16> loc("attn.scale.grad")
  %ds = tensor.collapse_shape %gs [[0, 1], [2], [3]] : tensor<2x2x16x16xbf16> into tensor<4x16x16xbf16>
  %e15 = tensor.empty() : tensor<4x8x16xbf16>
  %f15 = linalg.fill ins(%zero : bf16) outs(%e15 : tensor<4x8x16xbf16>) -> tensor<4x8x16xbf16>
  %dkt = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%q, %ds : tensor<4x16x8xbf16>, tensor<4x16x16xbf16>) outs(%f15 : tensor<4x8x16xbf16>) -> tensor<4x8x16xbf16> loc("attn.scores.grad_k")
  %e16 = tensor.empty() : tensor<4x16x8xbf16>
  %f16 = linalg.fill ins(%zero : bf16) outs(%e16 : tensor<4x16x8xbf16>) -> tensor<4x16x8xbf16>
  %dq = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%ds, %kt : tensor<4x16x16xbf16>, tensor<4x8x16xbf16>) outs(%f16 : tensor<4x16x8xbf16>) -> tensor<4x16x8xbf16> loc("attn.scores.grad_q")
  %out32 = arith.extf %out : tensor<4x16x8xbf16> to tensor<4x16x8xf32>
  %dq32 = arith.extf %dq : tensor<4x16x8xbf16> to tensor<4x16x8xf32>
  %dkt32 = arith.extf %dkt : tensor<4x8x16xbf16> to tensor<4x8x16xf32>
  %dv32 = arith.extf %dv : tensor<4x16x8xbf16> to tensor<4x16x8xf32>
  return %out32, %dq32, %dkt32, %dv32 : tensor<4x16x8xf32>, tensor<4x16x8xf32>, tensor<4x8x16xf32>, tensor<4x16x8xf32>
}
