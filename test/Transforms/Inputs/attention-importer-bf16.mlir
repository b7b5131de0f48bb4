// GPT-2-style causal self-attention with dropout (p = 0.1, drawn in the
// graph from a seed), forward and backward, as `remat-import-torch --dtype
// bf16 --dropout functional` writes it (PyTorch 1.13): every product
// accumulates in f32 into a zero fill and is narrowed by a truncf-only
// generic; the scale, the mask and the dropout compute in f32 between extf
// and truncf; the softmax gradient is an f32 product of bf16 inputs, an f32
// row sum and P * (dP - r) narrowed to bf16. B = 2, T = 16, d = 16, 2 heads.
// Regenerate: remat-import-torch test/Integration/Torch/Inputs/models.py:attention
//   --dtype bf16 --dropout functional
func.func @train_step(%p_qkv_weight: tensor<48x16xbf16>,
    %b_mask: tensor<16x16xi1>,
    %input0: tensor<2x16x16xbf16>,
    %grad_out0: tensor<2x16x16xbf16> {remat.cotangent},
    %rng_seed: tensor<i64>)
    -> (tensor<2x16x16xbf16>, tensor<48x16xbf16>) {
  %r1 = tensor.collapse_shape %input0 [[0, 1], [2]] : tensor<2x16x16xbf16> into tensor<32x16xbf16> loc("qkv/aten._reshape_alias")
  %e2 = tensor.empty() : tensor<32x48xf32> loc("qkv/aten.mm")
  %c3 = arith.constant 0.0 : f32 loc("qkv/aten.mm")
  %f4 = linalg.fill ins(%c3 : f32) outs(%e2 : tensor<32x48xf32>) -> tensor<32x48xf32> loc("qkv/aten.mm")
  %mm5 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%r1, %p_qkv_weight : tensor<32x16xbf16>, tensor<48x16xbf16>) outs(%f4 : tensor<32x48xf32>) -> tensor<32x48xf32> loc("qkv/aten.mm")
  %e6 = tensor.empty() : tensor<32x48xbf16> loc("qkv/aten.mm")
  %g10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm5 : tensor<32x48xf32>) outs(%e6 : tensor<32x48xbf16>) {
    ^bb0(%a7: f32, %a8: bf16):
      %v9 = arith.truncf %a7 : f32 to bf16
      linalg.yield %v9 : bf16
    } -> tensor<32x48xbf16> loc("qkv/aten.mm")
  %r11 = tensor.expand_shape %g10 [[0, 1], [2]] output_shape [2, 16, 48] : tensor<32x48xbf16> into tensor<2x16x48xbf16> loc("qkv/aten._unsafe_view")
  %s12 = tensor.extract_slice %r11[0, 0, 0] [2, 16, 16] [1, 1, 1] : tensor<2x16x48xbf16> to tensor<2x16x16xbf16> loc("aten.split")
  %s13 = tensor.extract_slice %r11[0, 0, 16] [2, 16, 16] [1, 1, 1] : tensor<2x16x48xbf16> to tensor<2x16x16xbf16> loc("aten.split")
  %s14 = tensor.extract_slice %r11[0, 0, 32] [2, 16, 16] [1, 1, 1] : tensor<2x16x48xbf16> to tensor<2x16x16xbf16> loc("aten.split")
  %r15 = tensor.expand_shape %s12 [[0], [1], [2, 3]] output_shape [2, 16, 2, 8] : tensor<2x16x16xbf16> into tensor<2x16x2x8xbf16> loc("aten.view")
  %r16 = tensor.expand_shape %s13 [[0], [1], [2, 3]] output_shape [2, 16, 2, 8] : tensor<2x16x16xbf16> into tensor<2x16x2x8xbf16> loc("aten.view")
  %r17 = tensor.expand_shape %s14 [[0], [1], [2, 3]] output_shape [2, 16, 2, 8] : tensor<2x16x16xbf16> into tensor<2x16x2x8xbf16> loc("aten.view")
  %e18 = tensor.empty() : tensor<2x2x16x8xbf16> loc("aten._unsafe_view")
  %g21 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r15 : tensor<2x16x2x8xbf16>) outs(%e18 : tensor<2x2x16x8xbf16>) {
    ^bb0(%a19: bf16, %a20: bf16):
      linalg.yield %a19 : bf16
    } -> tensor<2x2x16x8xbf16> loc("aten._unsafe_view")
  %r22 = tensor.collapse_shape %g21 [[0, 1], [2], [3]] : tensor<2x2x16x8xbf16> into tensor<4x16x8xbf16> loc("aten._unsafe_view")
  %e23 = tensor.empty() : tensor<2x2x8x16xbf16> loc("aten._unsafe_view")
  %g26 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r16 : tensor<2x16x2x8xbf16>) outs(%e23 : tensor<2x2x8x16xbf16>) {
    ^bb0(%a24: bf16, %a25: bf16):
      linalg.yield %a24 : bf16
    } -> tensor<2x2x8x16xbf16> loc("aten._unsafe_view")
  %r27 = tensor.collapse_shape %g26 [[0, 1], [2], [3]] : tensor<2x2x8x16xbf16> into tensor<4x8x16xbf16> loc("aten._unsafe_view")
  %e28 = tensor.empty() : tensor<4x16x16xf32> loc("aten.bmm")
  %c29 = arith.constant 0.0 : f32 loc("aten.bmm")
  %f30 = linalg.fill ins(%c29 : f32) outs(%e28 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("aten.bmm")
  %mm31 = linalg.batch_matmul ins(%r22, %r27 : tensor<4x16x8xbf16>, tensor<4x8x16xbf16>) outs(%f30 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("aten.bmm")
  %e32 = tensor.empty() : tensor<4x16x16xbf16> loc("aten.bmm")
  %g36 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm31 : tensor<4x16x16xf32>) outs(%e32 : tensor<4x16x16xbf16>) {
    ^bb0(%a33: f32, %a34: bf16):
      %v35 = arith.truncf %a33 : f32 to bf16
      linalg.yield %v35 : bf16
    } -> tensor<4x16x16xbf16> loc("aten.bmm")
  %r37 = tensor.expand_shape %g36 [[0, 1], [2], [3]] output_shape [2, 2, 16, 16] : tensor<4x16x16xbf16> into tensor<2x2x16x16xbf16> loc("aten._unsafe_view")
  %e38 = tensor.empty() : tensor<2x2x16x16xbf16> loc("aten.mul")
  %g45 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r37 : tensor<2x2x16x16xbf16>) outs(%e38 : tensor<2x2x16x16xbf16>) {
    ^bb0(%a39: bf16, %a40: bf16):
      %v41 = arith.extf %a39 : bf16 to f32
      %v42 = arith.constant 0.35355339059327373 : f32
      %v43 = arith.mulf %v41, %v42 : f32
      %v44 = arith.truncf %v43 : f32 to bf16
      linalg.yield %v44 : bf16
    } -> tensor<2x2x16x16xbf16> loc("aten.mul")
  %e46 = tensor.empty() : tensor<16x16xi1> loc("aten.bitwise_not")
  %g51 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%b_mask : tensor<16x16xi1>) outs(%e46 : tensor<16x16xi1>) {
    ^bb0(%a47: i1, %a48: i1):
      %v49 = arith.constant true
      %v50 = arith.xori %a47, %v49 : i1
      linalg.yield %v50 : i1
    } -> tensor<16x16xi1> loc("aten.bitwise_not")
  %e52 = tensor.empty() : tensor<2x2x16x16xbf16> loc("aten.masked_fill")
  %g60 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%g51, %g45 : tensor<16x16xi1>, tensor<2x2x16x16xbf16>) outs(%e52 : tensor<2x2x16x16xbf16>) {
    ^bb0(%a53: i1, %a54: bf16, %a55: bf16):
      %v56 = arith.constant 0xFF800000 : f32
      %v57 = arith.extf %a54 : bf16 to f32
      %v58 = arith.select %a53, %v56, %v57 : f32
      %v59 = arith.truncf %v58 : f32 to bf16
      linalg.yield %v59 : bf16
    } -> tensor<2x2x16x16xbf16> loc("aten.masked_fill")
  %e61 = tensor.empty() : tensor<2x2x16x16xbf16> loc("aten._softmax")
  %sm62 = linalg.softmax dimension(3) ins(%g60 : tensor<2x2x16x16xbf16>) outs(%e61 : tensor<2x2x16x16xbf16>) -> tensor<2x2x16x16xbf16> loc("aten._softmax")
  %e66 = tensor.empty() : tensor<2x2x16x16xbf16> loc("drop/aten.bernoulli_")
  %g111 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%rng_seed : tensor<i64>) outs(%e66 : tensor<2x2x16x16xbf16>) {
    ^bb0(%a67: i64, %a68: bf16):
      %v69 = linalg.index 0 : index
      %v70 = arith.index_cast %v69 : index to i64
      %v71 = linalg.index 1 : index
      %v72 = arith.index_cast %v71 : index to i64
      %v73 = arith.constant 2 : i64
      %v74 = arith.muli %v70, %v73 : i64
      %v75 = arith.addi %v74, %v72 : i64
      %v76 = linalg.index 2 : index
      %v77 = arith.index_cast %v76 : index to i64
      %v78 = arith.constant 16 : i64
      %v79 = arith.muli %v75, %v78 : i64
      %v80 = arith.addi %v79, %v77 : i64
      %v81 = linalg.index 3 : index
      %v82 = arith.index_cast %v81 : index to i64
      %v83 = arith.muli %v80, %v78 : i64
      %v84 = arith.addi %v83, %v82 : i64
      %v85 = arith.constant 0 : i64
      %v86 = arith.addi %v84, %v85 : i64
      %v87 = arith.constant -7046029254386353131 : i64
      %v88 = arith.muli %v86, %v87 : i64
      %v89 = arith.addi %v88, %a67 : i64
      %v90 = arith.constant 30 : i64
      %v91 = arith.shrui %v89, %v90 : i64
      %v92 = arith.xori %v89, %v91 : i64
      %v93 = arith.constant -4658895280553007687 : i64
      %v94 = arith.muli %v92, %v93 : i64
      %v95 = arith.constant 27 : i64
      %v96 = arith.shrui %v94, %v95 : i64
      %v97 = arith.xori %v94, %v96 : i64
      %v98 = arith.constant -7723592293110705685 : i64
      %v99 = arith.muli %v97, %v98 : i64
      %v100 = arith.constant 31 : i64
      %v101 = arith.shrui %v99, %v100 : i64
      %v102 = arith.xori %v99, %v101 : i64
      %v103 = arith.constant 11 : i64
      %v104 = arith.shrui %v102, %v103 : i64
      %v105 = arith.uitofp %v104 : i64 to f64
      %v106 = arith.constant 1.1102230246251565e-16 : f64
      %v107 = arith.mulf %v105, %v106 : f64
      %v108 = arith.constant 0.9 : f64
      %v109 = arith.cmpf olt, %v107, %v108 : f64
      %v110 = arith.uitofp %v109 : i1 to bf16
      linalg.yield %v110 : bf16
    } -> tensor<2x2x16x16xbf16> loc("drop/aten.bernoulli_")
  %e112 = tensor.empty() : tensor<2x2x16x16xbf16> loc("drop/aten.div_")
  %g119 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%g111 : tensor<2x2x16x16xbf16>) outs(%e112 : tensor<2x2x16x16xbf16>) {
    ^bb0(%a113: bf16, %a114: bf16):
      %v115 = arith.extf %a113 : bf16 to f32
      %v116 = arith.constant 0.9 : f32
      %v117 = arith.divf %v115, %v116 : f32
      %v118 = arith.truncf %v117 : f32 to bf16
      linalg.yield %v118 : bf16
    } -> tensor<2x2x16x16xbf16> loc("drop/aten.div_")
  %e120 = tensor.empty() : tensor<2x2x16x16xbf16> loc("drop/aten.mul")
  %g128 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sm62, %g119 : tensor<2x2x16x16xbf16>, tensor<2x2x16x16xbf16>) outs(%e120 : tensor<2x2x16x16xbf16>) {
    ^bb0(%a121: bf16, %a122: bf16, %a123: bf16):
      %v124 = arith.extf %a121 : bf16 to f32
      %v125 = arith.extf %a122 : bf16 to f32
      %v126 = arith.mulf %v124, %v125 : f32
      %v127 = arith.truncf %v126 : f32 to bf16
      linalg.yield %v127 : bf16
    } -> tensor<2x2x16x16xbf16> loc("drop/aten.mul")
  %r129 = tensor.collapse_shape %g128 [[0, 1], [2], [3]] : tensor<2x2x16x16xbf16> into tensor<4x16x16xbf16> loc("aten._reshape_alias")
  %e130 = tensor.empty() : tensor<2x2x16x8xbf16> loc("aten._unsafe_view")
  %g133 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r17 : tensor<2x16x2x8xbf16>) outs(%e130 : tensor<2x2x16x8xbf16>) {
    ^bb0(%a131: bf16, %a132: bf16):
      linalg.yield %a131 : bf16
    } -> tensor<2x2x16x8xbf16> loc("aten._unsafe_view")
  %r134 = tensor.collapse_shape %g133 [[0, 1], [2], [3]] : tensor<2x2x16x8xbf16> into tensor<4x16x8xbf16> loc("aten._unsafe_view")
  %e135 = tensor.empty() : tensor<4x16x8xf32> loc("aten.bmm")
  %c136 = arith.constant 0.0 : f32 loc("aten.bmm")
  %f137 = linalg.fill ins(%c136 : f32) outs(%e135 : tensor<4x16x8xf32>) -> tensor<4x16x8xf32> loc("aten.bmm")
  %mm138 = linalg.batch_matmul ins(%r129, %r134 : tensor<4x16x16xbf16>, tensor<4x16x8xbf16>) outs(%f137 : tensor<4x16x8xf32>) -> tensor<4x16x8xf32> loc("aten.bmm")
  %e139 = tensor.empty() : tensor<4x16x8xbf16> loc("aten.bmm")
  %g143 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm138 : tensor<4x16x8xf32>) outs(%e139 : tensor<4x16x8xbf16>) {
    ^bb0(%a140: f32, %a141: bf16):
      %v142 = arith.truncf %a140 : f32 to bf16
      linalg.yield %v142 : bf16
    } -> tensor<4x16x8xbf16> loc("aten.bmm")
  %r144 = tensor.expand_shape %g143 [[0, 1], [2], [3]] output_shape [2, 2, 16, 8] : tensor<4x16x8xbf16> into tensor<2x2x16x8xbf16> loc("aten._unsafe_view")
  %e145 = tensor.empty() : tensor<2x16x2x8xbf16> loc("aten.view")
  %g148 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r144 : tensor<2x2x16x8xbf16>) outs(%e145 : tensor<2x16x2x8xbf16>) {
    ^bb0(%a146: bf16, %a147: bf16):
      linalg.yield %a146 : bf16
    } -> tensor<2x16x2x8xbf16> loc("aten.view")
  %r149 = tensor.collapse_shape %g148 [[0], [1], [2, 3]] : tensor<2x16x2x8xbf16> into tensor<2x16x16xbf16> loc("aten.view")
  %r150 = tensor.expand_shape %grad_out0 [[0], [1], [2, 3]] output_shape [2, 16, 2, 8] : tensor<2x16x16xbf16> into tensor<2x16x2x8xbf16> loc("grad/aten._reshape_alias")
  %e151 = tensor.empty() : tensor<2x2x16x8xbf16> loc("grad/aten._unsafe_view")
  %g154 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r150 : tensor<2x16x2x8xbf16>) outs(%e151 : tensor<2x2x16x8xbf16>) {
    ^bb0(%a152: bf16, %a153: bf16):
      linalg.yield %a152 : bf16
    } -> tensor<2x2x16x8xbf16> loc("grad/aten._unsafe_view")
  %r155 = tensor.collapse_shape %g154 [[0, 1], [2], [3]] : tensor<2x2x16x8xbf16> into tensor<4x16x8xbf16> loc("grad/aten._unsafe_view")
  %e156 = tensor.empty() : tensor<4x16x8xf32> loc("grad/aten.bmm")
  %c157 = arith.constant 0.0 : f32 loc("grad/aten.bmm")
  %f158 = linalg.fill ins(%c157 : f32) outs(%e156 : tensor<4x16x8xf32>) -> tensor<4x16x8xf32> loc("grad/aten.bmm")
  %mm159 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r129, %r155 : tensor<4x16x16xbf16>, tensor<4x16x8xbf16>) outs(%f158 : tensor<4x16x8xf32>) -> tensor<4x16x8xf32> loc("grad/aten.bmm")
  %e160 = tensor.empty() : tensor<4x16x8xbf16> loc("grad/aten.bmm")
  %g164 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm159 : tensor<4x16x8xf32>) outs(%e160 : tensor<4x16x8xbf16>) {
    ^bb0(%a161: f32, %a162: bf16):
      %v163 = arith.truncf %a161 : f32 to bf16
      linalg.yield %v163 : bf16
    } -> tensor<4x16x8xbf16> loc("grad/aten.bmm")
  %e165 = tensor.empty() : tensor<4x16x16xf32> loc("grad/aten.bmm")
  %c166 = arith.constant 0.0 : f32 loc("grad/aten.bmm")
  %f167 = linalg.fill ins(%c166 : f32) outs(%e165 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("grad/aten.bmm")
  %mm168 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r155, %r134 : tensor<4x16x8xbf16>, tensor<4x16x8xbf16>) outs(%f167 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("grad/aten.bmm")
  %e169 = tensor.empty() : tensor<4x16x16xbf16> loc("grad/aten.bmm")
  %g173 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm168 : tensor<4x16x16xf32>) outs(%e169 : tensor<4x16x16xbf16>) {
    ^bb0(%a170: f32, %a171: bf16):
      %v172 = arith.truncf %a170 : f32 to bf16
      linalg.yield %v172 : bf16
    } -> tensor<4x16x16xbf16> loc("grad/aten.bmm")
  %r174 = tensor.expand_shape %g164 [[0, 1], [2], [3]] output_shape [2, 2, 16, 8] : tensor<4x16x8xbf16> into tensor<2x2x16x8xbf16> loc("grad/aten._reshape_alias")
  %r175 = tensor.expand_shape %g173 [[0, 1], [2], [3]] output_shape [2, 2, 16, 16] : tensor<4x16x16xbf16> into tensor<2x2x16x16xbf16> loc("grad/aten._reshape_alias")
  %e176 = tensor.empty() : tensor<2x2x16x16xbf16> loc("drop.grad/aten.mul")
  %g184 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r175, %g119 : tensor<2x2x16x16xbf16>, tensor<2x2x16x16xbf16>) outs(%e176 : tensor<2x2x16x16xbf16>) {
    ^bb0(%a177: bf16, %a178: bf16, %a179: bf16):
      %v180 = arith.extf %a177 : bf16 to f32
      %v181 = arith.extf %a178 : bf16 to f32
      %v182 = arith.mulf %v180, %v181 : f32
      %v183 = arith.truncf %v182 : f32 to bf16
      linalg.yield %v183 : bf16
    } -> tensor<2x2x16x16xbf16> loc("drop.grad/aten.mul")
  %e185 = tensor.empty() : tensor<2x2x16x16xf32> loc("grad/aten._softmax_backward_data")
  %g192 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%g184, %sm62 : tensor<2x2x16x16xbf16>, tensor<2x2x16x16xbf16>) outs(%e185 : tensor<2x2x16x16xf32>) {
    ^bb0(%a186: bf16, %a187: bf16, %a188: f32):
      %v189 = arith.extf %a186 : bf16 to f32
      %v190 = arith.extf %a187 : bf16 to f32
      %v191 = arith.mulf %v189, %v190 : f32
      linalg.yield %v191 : f32
    } -> tensor<2x2x16x16xf32> loc("grad/aten._softmax_backward_data")
  %e193 = tensor.empty() : tensor<2x2x16xf32> loc("grad/aten._softmax_backward_data")
  %c194 = arith.constant 0.0 : f32 loc("grad/aten._softmax_backward_data")
  %f195 = linalg.fill ins(%c194 : f32) outs(%e193 : tensor<2x2x16xf32>) -> tensor<2x2x16xf32> loc("grad/aten._softmax_backward_data")
  %g199 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%g192 : tensor<2x2x16x16xf32>) outs(%f195 : tensor<2x2x16xf32>) {
    ^bb0(%a196: f32, %a197: f32):
      %v198 = arith.addf %a196, %a197 : f32
      linalg.yield %v198 : f32
    } -> tensor<2x2x16xf32> loc("grad/aten._softmax_backward_data")
  %e200 = tensor.empty() : tensor<2x2x16x16xbf16> loc("grad/aten._softmax_backward_data")
  %g210 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sm62, %g184, %g199 : tensor<2x2x16x16xbf16>, tensor<2x2x16x16xbf16>, tensor<2x2x16xf32>) outs(%e200 : tensor<2x2x16x16xbf16>) {
    ^bb0(%a201: bf16, %a202: bf16, %a203: f32, %a204: bf16):
      %v205 = arith.extf %a201 : bf16 to f32
      %v206 = arith.extf %a202 : bf16 to f32
      %v207 = arith.subf %v206, %a203 : f32
      %v208 = arith.mulf %v205, %v207 : f32
      %v209 = arith.truncf %v208 : f32 to bf16
      linalg.yield %v209 : bf16
    } -> tensor<2x2x16x16xbf16> loc("grad/aten._softmax_backward_data")
  %e211 = tensor.empty() : tensor<2x2x16x16xbf16> loc("grad/aten.masked_fill")
  %g219 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%g51, %g210 : tensor<16x16xi1>, tensor<2x2x16x16xbf16>) outs(%e211 : tensor<2x2x16x16xbf16>) {
    ^bb0(%a212: i1, %a213: bf16, %a214: bf16):
      %v215 = arith.constant 0.0 : f32
      %v216 = arith.extf %a213 : bf16 to f32
      %v217 = arith.select %a212, %v215, %v216 : f32
      %v218 = arith.truncf %v217 : f32 to bf16
      linalg.yield %v218 : bf16
    } -> tensor<2x2x16x16xbf16> loc("grad/aten.masked_fill")
  %e220 = tensor.empty() : tensor<2x2x16x16xbf16> loc("grad/aten.mul")
  %g227 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%g219 : tensor<2x2x16x16xbf16>) outs(%e220 : tensor<2x2x16x16xbf16>) {
    ^bb0(%a221: bf16, %a222: bf16):
      %v223 = arith.extf %a221 : bf16 to f32
      %v224 = arith.constant 0.35355339059327373 : f32
      %v225 = arith.mulf %v223, %v224 : f32
      %v226 = arith.truncf %v225 : f32 to bf16
      linalg.yield %v226 : bf16
    } -> tensor<2x2x16x16xbf16> loc("grad/aten.mul")
  %r228 = tensor.collapse_shape %g227 [[0, 1], [2], [3]] : tensor<2x2x16x16xbf16> into tensor<4x16x16xbf16> loc("grad/aten._reshape_alias")
  %e229 = tensor.empty() : tensor<4x8x16xf32> loc("grad/aten.bmm")
  %c230 = arith.constant 0.0 : f32 loc("grad/aten.bmm")
  %f231 = linalg.fill ins(%c230 : f32) outs(%e229 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32> loc("grad/aten.bmm")
  %mm232 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r22, %r228 : tensor<4x16x8xbf16>, tensor<4x16x16xbf16>) outs(%f231 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32> loc("grad/aten.bmm")
  %e233 = tensor.empty() : tensor<4x8x16xbf16> loc("grad/aten.bmm")
  %g237 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm232 : tensor<4x8x16xf32>) outs(%e233 : tensor<4x8x16xbf16>) {
    ^bb0(%a234: f32, %a235: bf16):
      %v236 = arith.truncf %a234 : f32 to bf16
      linalg.yield %v236 : bf16
    } -> tensor<4x8x16xbf16> loc("grad/aten.bmm")
  %e238 = tensor.empty() : tensor<4x16x8xf32> loc("grad/aten.bmm")
  %c239 = arith.constant 0.0 : f32 loc("grad/aten.bmm")
  %f240 = linalg.fill ins(%c239 : f32) outs(%e238 : tensor<4x16x8xf32>) -> tensor<4x16x8xf32> loc("grad/aten.bmm")
  %mm241 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r228, %r27 : tensor<4x16x16xbf16>, tensor<4x8x16xbf16>) outs(%f240 : tensor<4x16x8xf32>) -> tensor<4x16x8xf32> loc("grad/aten.bmm")
  %e242 = tensor.empty() : tensor<4x16x8xbf16> loc("grad/aten.bmm")
  %g246 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm241 : tensor<4x16x8xf32>) outs(%e242 : tensor<4x16x8xbf16>) {
    ^bb0(%a243: f32, %a244: bf16):
      %v245 = arith.truncf %a243 : f32 to bf16
      linalg.yield %v245 : bf16
    } -> tensor<4x16x8xbf16> loc("grad/aten.bmm")
  %r247 = tensor.expand_shape %g237 [[0, 1], [2], [3]] output_shape [2, 2, 8, 16] : tensor<4x8x16xbf16> into tensor<2x2x8x16xbf16> loc("grad/aten._reshape_alias")
  %r248 = tensor.expand_shape %g246 [[0, 1], [2], [3]] output_shape [2, 2, 16, 8] : tensor<4x16x8xbf16> into tensor<2x2x16x8xbf16> loc("grad/aten._reshape_alias")
  %e249 = tensor.empty() : tensor<2x16x2x8xbf16> loc("grad/aten._unsafe_view")
  %g252 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r174 : tensor<2x2x16x8xbf16>) outs(%e249 : tensor<2x16x2x8xbf16>) {
    ^bb0(%a250: bf16, %a251: bf16):
      linalg.yield %a250 : bf16
    } -> tensor<2x16x2x8xbf16> loc("grad/aten._unsafe_view")
  %r253 = tensor.collapse_shape %g252 [[0], [1], [2, 3]] : tensor<2x16x2x8xbf16> into tensor<2x16x16xbf16> loc("grad/aten._unsafe_view")
  %e254 = tensor.empty() : tensor<2x16x2x8xbf16> loc("grad/aten._reshape_alias")
  %g257 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r247 : tensor<2x2x8x16xbf16>) outs(%e254 : tensor<2x16x2x8xbf16>) {
    ^bb0(%a255: bf16, %a256: bf16):
      linalg.yield %a255 : bf16
    } -> tensor<2x16x2x8xbf16> loc("grad/aten._reshape_alias")
  %r258 = tensor.collapse_shape %g257 [[0], [1], [2, 3]] : tensor<2x16x2x8xbf16> into tensor<2x16x16xbf16> loc("grad/aten._reshape_alias")
  %e259 = tensor.empty() : tensor<2x16x2x8xbf16> loc("grad/aten._unsafe_view")
  %g262 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r248 : tensor<2x2x16x8xbf16>) outs(%e259 : tensor<2x16x2x8xbf16>) {
    ^bb0(%a260: bf16, %a261: bf16):
      linalg.yield %a260 : bf16
    } -> tensor<2x16x2x8xbf16> loc("grad/aten._unsafe_view")
  %r263 = tensor.collapse_shape %g262 [[0], [1], [2, 3]] : tensor<2x16x2x8xbf16> into tensor<2x16x16xbf16> loc("grad/aten._unsafe_view")
  %cat264 = tensor.concat dim(2) %r263, %r258, %r253 : (tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>) -> tensor<2x16x48xbf16> loc("grad/aten.cat")
  %r265 = tensor.collapse_shape %cat264 [[0, 1], [2]] : tensor<2x16x48xbf16> into tensor<32x48xbf16> loc("qkv.grad/aten._reshape_alias")
  %e266 = tensor.empty() : tensor<48x16xf32> loc("qkv.grad/aten.mm")
  %c267 = arith.constant 0.0 : f32 loc("qkv.grad/aten.mm")
  %f268 = linalg.fill ins(%c267 : f32) outs(%e266 : tensor<48x16xf32>) -> tensor<48x16xf32> loc("qkv.grad/aten.mm")
  %mm269 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%r265, %r1 : tensor<32x48xbf16>, tensor<32x16xbf16>) outs(%f268 : tensor<48x16xf32>) -> tensor<48x16xf32> loc("qkv.grad/aten.mm")
  %e270 = tensor.empty() : tensor<48x16xbf16> loc("qkv.grad/aten.mm")
  %g274 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm269 : tensor<48x16xf32>) outs(%e270 : tensor<48x16xbf16>) {
    ^bb0(%a271: f32, %a272: bf16):
      %v273 = arith.truncf %a271 : f32 to bf16
      linalg.yield %v273 : bf16
    } -> tensor<48x16xbf16> loc("qkv.grad/aten.mm")
  return %r149, %g274 : tensor<2x16x16xbf16>, tensor<48x16xbf16>
}
