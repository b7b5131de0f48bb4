// Imported from PyTorch 2.15.0+cu132 by remat-import-torch.
// Backward seeded from output0.
func.func @train_step(%p_l_weight: tensor<24x8xbf16>,
    %p_l_bias: tensor<24xbf16>,
    %input0: tensor<2x16x8xbf16>,
    %grad_out0: tensor<bf16> {remat.cotangent})
    -> (tensor<bf16>, tensor<24x8xbf16>, tensor<24xbf16>) {
  %r1 = tensor.collapse_shape %input0 [[0, 1], [2]] : tensor<2x16x8xbf16> into tensor<32x8xbf16> loc("l/aten.view")
  %e2 = tensor.empty() : tensor<32x24xf32> loc("l/aten.addmm")
  %g6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_l_bias : tensor<24xbf16>) outs(%e2 : tensor<32x24xf32>) {
    ^bb0(%a3: bf16, %a4: f32):
      %v5 = arith.extf %a3 : bf16 to f32
      linalg.yield %v5 : f32
    } -> tensor<32x24xf32> loc("l/aten.addmm")
  %mm7 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%r1, %p_l_weight : tensor<32x8xbf16>, tensor<24x8xbf16>) outs(%g6 : tensor<32x24xf32>) -> tensor<32x24xf32> loc("l/aten.addmm")
  %e8 = tensor.empty() : tensor<32x24xbf16> loc("l/aten.addmm")
  %g12 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm7 : tensor<32x24xf32>) outs(%e8 : tensor<32x24xbf16>) {
    ^bb0(%a9: f32, %a10: bf16):
      %v11 = arith.truncf %a9 : f32 to bf16
      linalg.yield %v11 : bf16
    } -> tensor<32x24xbf16> loc("l/aten.addmm")
  %r13 = tensor.expand_shape %g12 [[0, 1], [2]] output_shape [2, 16, 24] : tensor<32x24xbf16> into tensor<2x16x24xbf16> loc("l/aten._unsafe_view")
  %r14 = tensor.expand_shape %r13 [[0], [1], [2, 3, 4]] output_shape [2, 16, 3, 2, 4] : tensor<2x16x24xbf16> into tensor<2x16x3x2x4xbf16> loc("aten.view")
  %e15 = tensor.empty() : tensor<3x2x2x16x4xbf16> loc("aten.unbind")
  %g18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d0, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%r14 : tensor<2x16x3x2x4xbf16>) outs(%e15 : tensor<3x2x2x16x4xbf16>) {
    ^bb0(%a16: bf16, %a17: bf16):
      linalg.yield %a16 : bf16
    } -> tensor<3x2x2x16x4xbf16> loc("aten.unbind")
  %s19 = tensor.extract_slice %g18[0, 0, 0, 0, 0] [1, 2, 2, 16, 4] [1, 1, 1, 1, 1] : tensor<3x2x2x16x4xbf16> to tensor<2x2x16x4xbf16> loc("aten.unbind")
  %e20 = tensor.empty() : tensor<3x2x2x16x4xbf16> loc("aten.unbind")
  %g23 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d0, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%r14 : tensor<2x16x3x2x4xbf16>) outs(%e20 : tensor<3x2x2x16x4xbf16>) {
    ^bb0(%a21: bf16, %a22: bf16):
      linalg.yield %a21 : bf16
    } -> tensor<3x2x2x16x4xbf16> loc("aten.unbind")
  %s24 = tensor.extract_slice %g23[1, 0, 0, 0, 0] [1, 2, 2, 16, 4] [1, 1, 1, 1, 1] : tensor<3x2x2x16x4xbf16> to tensor<2x2x16x4xbf16> loc("aten.unbind")
  %e25 = tensor.empty() : tensor<3x2x2x16x4xbf16> loc("aten.unbind")
  %g28 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d0, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%r14 : tensor<2x16x3x2x4xbf16>) outs(%e25 : tensor<3x2x2x16x4xbf16>) {
    ^bb0(%a26: bf16, %a27: bf16):
      linalg.yield %a26 : bf16
    } -> tensor<3x2x2x16x4xbf16> loc("aten.unbind")
  %s29 = tensor.extract_slice %g28[2, 0, 0, 0, 0] [1, 2, 2, 16, 4] [1, 1, 1, 1, 1] : tensor<3x2x2x16x4xbf16> to tensor<2x2x16x4xbf16> loc("aten.unbind")
  %e30 = tensor.empty() : tensor<2x2x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g34 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s19 : tensor<2x2x16x4xbf16>) outs(%e30 : tensor<2x2x16x4xf32>) {
    ^bb0(%a31: bf16, %a32: f32):
      %v33 = arith.extf %a31 : bf16 to f32
      linalg.yield %v33 : f32
    } -> tensor<2x2x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r35 = tensor.collapse_shape %g34 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e36 = tensor.empty() : tensor<2x2x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g40 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s24 : tensor<2x2x16x4xbf16>) outs(%e36 : tensor<2x2x16x4xf32>) {
    ^bb0(%a37: bf16, %a38: f32):
      %v39 = arith.extf %a37 : bf16 to f32
      linalg.yield %v39 : f32
    } -> tensor<2x2x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r41 = tensor.collapse_shape %g40 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e42 = tensor.empty() : tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %c43 = arith.constant 0.0 : f32 loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %f44 = linalg.fill ins(%c43 : f32) outs(%e42 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %mm45 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r35, %r41 : tensor<4x16x4xf32>, tensor<4x16x4xf32>) outs(%f44 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e46 = tensor.empty() : tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g51 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm45 : tensor<4x16x16xf32>) outs(%e46 : tensor<4x16x16xf32>) {
    ^bb0(%a47: f32, %a48: f32):
      %v49 = arith.constant 0.5 : f32
      %v50 = arith.mulf %a47, %v49 : f32
      linalg.yield %v50 : f32
    } -> tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e52 = tensor.empty() : tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g60 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g51 : tensor<4x16x16xf32>) outs(%e52 : tensor<4x16x16xf32>) {
    ^bb0(%a53: f32, %a54: f32):
      %v55 = linalg.index 2 : index
      %v56 = linalg.index 1 : index
      %v57 = arith.cmpi sgt, %v55, %v56 : index
      %v58 = arith.constant 0xFF800000 : f32
      %v59 = arith.select %v57, %v58, %a53 : f32
      linalg.yield %v59 : f32
    } -> tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e61 = tensor.empty() : tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %sm62 = linalg.softmax dimension(2) ins(%g60 : tensor<4x16x16xf32>) outs(%e61 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e63 = tensor.empty() : tensor<2x2x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g67 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s29 : tensor<2x2x16x4xbf16>) outs(%e63 : tensor<2x2x16x4xf32>) {
    ^bb0(%a64: bf16, %a65: f32):
      %v66 = arith.extf %a64 : bf16 to f32
      linalg.yield %v66 : f32
    } -> tensor<2x2x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r68 = tensor.collapse_shape %g67 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e69 = tensor.empty() : tensor<4x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %c70 = arith.constant 0.0 : f32 loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %f71 = linalg.fill ins(%c70 : f32) outs(%e69 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %mm72 = linalg.batch_matmul ins(%sm62, %r68 : tensor<4x16x16xf32>, tensor<4x16x4xf32>) outs(%f71 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e73 = tensor.empty() : tensor<4x16x4xbf16> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g77 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm72 : tensor<4x16x4xf32>) outs(%e73 : tensor<4x16x4xbf16>) {
    ^bb0(%a74: f32, %a75: bf16):
      %v76 = arith.truncf %a74 : f32 to bf16
      linalg.yield %v76 : bf16
    } -> tensor<4x16x4xbf16> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r78 = tensor.expand_shape %g77 [[0, 1], [2], [3]] output_shape [2, 2, 16, 4] : tensor<4x16x4xbf16> into tensor<2x2x16x4xbf16> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e79 = tensor.empty() : tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %c80 = arith.constant 0xFF800000 : f32 loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %f81 = linalg.fill ins(%c80 : f32) outs(%e79 : tensor<4x16xf32>) -> tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g85 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g60 : tensor<4x16x16xf32>) outs(%f81 : tensor<4x16xf32>) {
    ^bb0(%a82: f32, %a83: f32):
      %v84 = arith.maximumf %a82, %a83 : f32
      linalg.yield %v84 : f32
    } -> tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e86 = tensor.empty() : tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g96 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g60, %g85 : tensor<4x16x16xf32>, tensor<4x16xf32>) outs(%e86 : tensor<4x16x16xf32>) {
    ^bb0(%a87: f32, %a88: f32, %a89: f32):
      %v90 = arith.constant 0xFF800000 : f32
      %v91 = arith.cmpf oeq, %a88, %v90 : f32
      %v92 = arith.constant 0.0 : f32
      %v93 = arith.subf %a87, %a88 : f32
      %v94 = math.exp %v93 : f32
      %v95 = arith.select %v91, %v92, %v94 : f32
      linalg.yield %v95 : f32
    } -> tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e97 = tensor.empty() : tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %c98 = arith.constant 0.0 : f32 loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %f99 = linalg.fill ins(%c98 : f32) outs(%e97 : tensor<4x16xf32>) -> tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g103 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g96 : tensor<4x16x16xf32>) outs(%f99 : tensor<4x16xf32>) {
    ^bb0(%a100: f32, %a101: f32):
      %v102 = arith.addf %a100, %a101 : f32
      linalg.yield %v102 : f32
    } -> tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r104 = tensor.expand_shape %g85 [[0], [1, 2]] output_shape [4, 16, 1] : tensor<4x16xf32> into tensor<4x16x1xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r105 = tensor.expand_shape %g103 [[0], [1, 2]] output_shape [4, 16, 1] : tensor<4x16xf32> into tensor<4x16x1xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e106 = tensor.empty() : tensor<4x16x1xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g112 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r104, %r105 : tensor<4x16x1xf32>, tensor<4x16x1xf32>) outs(%e106 : tensor<4x16x1xf32>) {
    ^bb0(%a107: f32, %a108: f32, %a109: f32):
      %v110 = math.log %a108 : f32
      %v111 = arith.addf %a107, %v110 : f32
      linalg.yield %v111 : f32
    } -> tensor<4x16x1xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r113 = tensor.collapse_shape %g112 [[0], [1, 2]] : tensor<4x16x1xf32> into tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r114 = tensor.expand_shape %r113 [[0, 1], [2]] output_shape [2, 2, 16] : tensor<4x16xf32> into tensor<2x2x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e115 = tensor.empty() : tensor<2x2x16x4xbf16> loc("aten.pow")
  %g121 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r78 : tensor<2x2x16x4xbf16>) outs(%e115 : tensor<2x2x16x4xbf16>) {
    ^bb0(%a116: bf16, %a117: bf16):
      %v118 = arith.extf %a116 : bf16 to f32
      %v119 = arith.mulf %v118, %v118 : f32
      %v120 = arith.truncf %v119 : f32 to bf16
      linalg.yield %v120 : bf16
    } -> tensor<2x2x16x4xbf16> loc("aten.pow")
  %e122 = tensor.empty() : tensor<f32> loc("aten.sum")
  %c123 = arith.constant 0.0 : f32 loc("aten.sum")
  %f124 = linalg.fill ins(%c123 : f32) outs(%e122 : tensor<f32>) -> tensor<f32> loc("aten.sum")
  %g129 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>], iterator_types = ["reduction", "reduction", "reduction", "reduction"]}
      ins(%g121 : tensor<2x2x16x4xbf16>) outs(%f124 : tensor<f32>) {
    ^bb0(%a125: bf16, %a126: f32):
      %v127 = arith.extf %a125 : bf16 to f32
      %v128 = arith.addf %v127, %a126 : f32
      linalg.yield %v128 : f32
    } -> tensor<f32> loc("aten.sum")
  %e130 = tensor.empty() : tensor<bf16> loc("aten.sum")
  %g134 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%g129 : tensor<f32>) outs(%e130 : tensor<bf16>) {
    ^bb0(%a131: f32, %a132: bf16):
      %v133 = arith.truncf %a131 : f32 to bf16
      linalg.yield %v133 : bf16
    } -> tensor<bf16> loc("aten.sum")
  %e135 = tensor.empty() : tensor<2x2x16x4xbf16> loc("grad/aten.pow")
  %g140 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r78 : tensor<2x2x16x4xbf16>) outs(%e135 : tensor<2x2x16x4xbf16>) {
    ^bb0(%a136: bf16, %a137: bf16):
      %v138 = arith.extf %a136 : bf16 to f32
      %v139 = arith.truncf %v138 : f32 to bf16
      linalg.yield %v139 : bf16
    } -> tensor<2x2x16x4xbf16> loc("grad/aten.pow")
  %e141 = tensor.empty() : tensor<2x2x16x4xbf16> loc("grad/aten.mul")
  %g148 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%g140 : tensor<2x2x16x4xbf16>) outs(%e141 : tensor<2x2x16x4xbf16>) {
    ^bb0(%a142: bf16, %a143: bf16):
      %v144 = arith.extf %a142 : bf16 to f32
      %v145 = arith.constant 2.0 : f32
      %v146 = arith.mulf %v144, %v145 : f32
      %v147 = arith.truncf %v146 : f32 to bf16
      linalg.yield %v147 : bf16
    } -> tensor<2x2x16x4xbf16> loc("grad/aten.mul")
  %e149 = tensor.empty() : tensor<2x2x16x4xbf16> loc("grad/aten.mul")
  %g157 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%grad_out0, %g148 : tensor<bf16>, tensor<2x2x16x4xbf16>) outs(%e149 : tensor<2x2x16x4xbf16>) {
    ^bb0(%a150: bf16, %a151: bf16, %a152: bf16):
      %v153 = arith.extf %a150 : bf16 to f32
      %v154 = arith.extf %a151 : bf16 to f32
      %v155 = arith.mulf %v153, %v154 : f32
      %v156 = arith.truncf %v155 : f32 to bf16
      linalg.yield %v156 : bf16
    } -> tensor<2x2x16x4xbf16> loc("grad/aten.mul")
  %e158 = tensor.empty() : tensor<2x2x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g162 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s19 : tensor<2x2x16x4xbf16>) outs(%e158 : tensor<2x2x16x4xf32>) {
    ^bb0(%a159: bf16, %a160: f32):
      %v161 = arith.extf %a159 : bf16 to f32
      linalg.yield %v161 : f32
    } -> tensor<2x2x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r163 = tensor.collapse_shape %g162 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e164 = tensor.empty() : tensor<2x2x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g168 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s24 : tensor<2x2x16x4xbf16>) outs(%e164 : tensor<2x2x16x4xf32>) {
    ^bb0(%a165: bf16, %a166: f32):
      %v167 = arith.extf %a165 : bf16 to f32
      linalg.yield %v167 : f32
    } -> tensor<2x2x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r169 = tensor.collapse_shape %g168 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e170 = tensor.empty() : tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c171 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f172 = linalg.fill ins(%c171 : f32) outs(%e170 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm173 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r163, %r169 : tensor<4x16x4xf32>, tensor<4x16x4xf32>) outs(%f172 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e174 = tensor.empty() : tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g179 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm173 : tensor<4x16x16xf32>) outs(%e174 : tensor<4x16x16xf32>) {
    ^bb0(%a175: f32, %a176: f32):
      %v177 = arith.constant 0.5 : f32
      %v178 = arith.mulf %a175, %v177 : f32
      linalg.yield %v178 : f32
    } -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e180 = tensor.empty() : tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g188 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g179 : tensor<4x16x16xf32>) outs(%e180 : tensor<4x16x16xf32>) {
    ^bb0(%a181: f32, %a182: f32):
      %v183 = linalg.index 2 : index
      %v184 = linalg.index 1 : index
      %v185 = arith.cmpi sgt, %v183, %v184 : index
      %v186 = arith.constant 0xFF800000 : f32
      %v187 = arith.select %v185, %v186, %a181 : f32
      linalg.yield %v187 : f32
    } -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r189 = tensor.collapse_shape %r114 [[0, 1], [2]] : tensor<2x2x16xf32> into tensor<4x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r190 = tensor.expand_shape %r189 [[0], [1, 2]] output_shape [4, 16, 1] : tensor<4x16xf32> into tensor<4x16x1xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e191 = tensor.empty() : tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g201 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g188, %r190 : tensor<4x16x16xf32>, tensor<4x16x1xf32>) outs(%e191 : tensor<4x16x16xf32>) {
    ^bb0(%a192: f32, %a193: f32, %a194: f32):
      %v195 = arith.constant 0xFF800000 : f32
      %v196 = arith.cmpf oeq, %a193, %v195 : f32
      %v197 = arith.constant 0.0 : f32
      %v198 = arith.subf %a192, %a193 : f32
      %v199 = math.exp %v198 : f32
      %v200 = arith.select %v196, %v197, %v199 : f32
      linalg.yield %v200 : f32
    } -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e202 = tensor.empty() : tensor<2x2x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g206 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%g157 : tensor<2x2x16x4xbf16>) outs(%e202 : tensor<2x2x16x4xf32>) {
    ^bb0(%a203: bf16, %a204: f32):
      %v205 = arith.extf %a203 : bf16 to f32
      linalg.yield %v205 : f32
    } -> tensor<2x2x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r207 = tensor.collapse_shape %g206 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e208 = tensor.empty() : tensor<2x2x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g212 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r78 : tensor<2x2x16x4xbf16>) outs(%e208 : tensor<2x2x16x4xf32>) {
    ^bb0(%a209: bf16, %a210: f32):
      %v211 = arith.extf %a209 : bf16 to f32
      linalg.yield %v211 : f32
    } -> tensor<2x2x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r213 = tensor.collapse_shape %g212 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e214 = tensor.empty() : tensor<2x2x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g218 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s29 : tensor<2x2x16x4xbf16>) outs(%e214 : tensor<2x2x16x4xf32>) {
    ^bb0(%a215: bf16, %a216: f32):
      %v217 = arith.extf %a215 : bf16 to f32
      linalg.yield %v217 : f32
    } -> tensor<2x2x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r219 = tensor.collapse_shape %g218 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e220 = tensor.empty() : tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c221 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f222 = linalg.fill ins(%c221 : f32) outs(%e220 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm223 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%g201, %r207 : tensor<4x16x16xf32>, tensor<4x16x4xf32>) outs(%f222 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e224 = tensor.empty() : tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c225 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f226 = linalg.fill ins(%c225 : f32) outs(%e224 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm227 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r207, %r219 : tensor<4x16x4xf32>, tensor<4x16x4xf32>) outs(%f226 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e228 = tensor.empty() : tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g233 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r207, %r213 : tensor<4x16x4xf32>, tensor<4x16x4xf32>) outs(%e228 : tensor<4x16x4xf32>) {
    ^bb0(%a229: f32, %a230: f32, %a231: f32):
      %v232 = arith.mulf %a229, %a230 : f32
      linalg.yield %v232 : f32
    } -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e234 = tensor.empty() : tensor<4x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c235 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f236 = linalg.fill ins(%c235 : f32) outs(%e234 : tensor<4x16xf32>) -> tensor<4x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g240 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g233 : tensor<4x16x4xf32>) outs(%f236 : tensor<4x16xf32>) {
    ^bb0(%a237: f32, %a238: f32):
      %v239 = arith.addf %a237, %a238 : f32
      linalg.yield %v239 : f32
    } -> tensor<4x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e241 = tensor.empty() : tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g250 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g201, %mm227, %g240 : tensor<4x16x16xf32>, tensor<4x16x16xf32>, tensor<4x16xf32>) outs(%e241 : tensor<4x16x16xf32>) {
    ^bb0(%a242: f32, %a243: f32, %a244: f32, %a245: f32):
      %v246 = arith.subf %a243, %a244 : f32
      %v247 = arith.mulf %a242, %v246 : f32
      %v248 = arith.constant 0.5 : f32
      %v249 = arith.mulf %v247, %v248 : f32
      linalg.yield %v249 : f32
    } -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e251 = tensor.empty() : tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c252 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f253 = linalg.fill ins(%c252 : f32) outs(%e251 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm254 = linalg.batch_matmul ins(%g250, %r169 : tensor<4x16x16xf32>, tensor<4x16x4xf32>) outs(%f253 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e255 = tensor.empty() : tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c256 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f257 = linalg.fill ins(%c256 : f32) outs(%e255 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm258 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%g250, %r163 : tensor<4x16x16xf32>, tensor<4x16x4xf32>) outs(%f257 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e259 = tensor.empty() : tensor<4x16x4xbf16> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g263 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm254 : tensor<4x16x4xf32>) outs(%e259 : tensor<4x16x4xbf16>) {
    ^bb0(%a260: f32, %a261: bf16):
      %v262 = arith.truncf %a260 : f32 to bf16
      linalg.yield %v262 : bf16
    } -> tensor<4x16x4xbf16> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r264 = tensor.expand_shape %g263 [[0, 1], [2], [3]] output_shape [2, 2, 16, 4] : tensor<4x16x4xbf16> into tensor<2x2x16x4xbf16> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e265 = tensor.empty() : tensor<4x16x4xbf16> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g269 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm258 : tensor<4x16x4xf32>) outs(%e265 : tensor<4x16x4xbf16>) {
    ^bb0(%a266: f32, %a267: bf16):
      %v268 = arith.truncf %a266 : f32 to bf16
      linalg.yield %v268 : bf16
    } -> tensor<4x16x4xbf16> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r270 = tensor.expand_shape %g269 [[0, 1], [2], [3]] output_shape [2, 2, 16, 4] : tensor<4x16x4xbf16> into tensor<2x2x16x4xbf16> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e271 = tensor.empty() : tensor<4x16x4xbf16> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g275 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm223 : tensor<4x16x4xf32>) outs(%e271 : tensor<4x16x4xbf16>) {
    ^bb0(%a272: f32, %a273: bf16):
      %v274 = arith.truncf %a272 : f32 to bf16
      linalg.yield %v274 : bf16
    } -> tensor<4x16x4xbf16> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r276 = tensor.expand_shape %g275 [[0, 1], [2], [3]] output_shape [2, 2, 16, 4] : tensor<4x16x4xbf16> into tensor<2x2x16x4xbf16> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r277 = tensor.expand_shape %r264 [[0, 1], [2], [3], [4]] output_shape [1, 2, 2, 16, 4] : tensor<2x2x16x4xbf16> into tensor<1x2x2x16x4xbf16> loc("grad/aten.stack")
  %r278 = tensor.expand_shape %r270 [[0, 1], [2], [3], [4]] output_shape [1, 2, 2, 16, 4] : tensor<2x2x16x4xbf16> into tensor<1x2x2x16x4xbf16> loc("grad/aten.stack")
  %r279 = tensor.expand_shape %r276 [[0, 1], [2], [3], [4]] output_shape [1, 2, 2, 16, 4] : tensor<2x2x16x4xbf16> into tensor<1x2x2x16x4xbf16> loc("grad/aten.stack")
  %cat280 = tensor.concat dim(0) %r277, %r278, %r279 : (tensor<1x2x2x16x4xbf16>, tensor<1x2x2x16x4xbf16>, tensor<1x2x2x16x4xbf16>) -> tensor<3x2x2x16x4xbf16> loc("grad/aten.stack")
  %e281 = tensor.empty() : tensor<2x16x3x2x4xbf16> loc("grad/aten._unsafe_view")
  %g284 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d2, d0, d3, d1, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%cat280 : tensor<3x2x2x16x4xbf16>) outs(%e281 : tensor<2x16x3x2x4xbf16>) {
    ^bb0(%a282: bf16, %a283: bf16):
      linalg.yield %a282 : bf16
    } -> tensor<2x16x3x2x4xbf16> loc("grad/aten._unsafe_view")
  %r285 = tensor.collapse_shape %g284 [[0], [1], [2, 3, 4]] : tensor<2x16x3x2x4xbf16> into tensor<2x16x24xbf16> loc("grad/aten._unsafe_view")
  %r286 = tensor.collapse_shape %r285 [[0, 1], [2]] : tensor<2x16x24xbf16> into tensor<32x24xbf16> loc("l.grad/aten.view")
  %e287 = tensor.empty() : tensor<24x8xf32> loc("l.grad/aten.mm")
  %c288 = arith.constant 0.0 : f32 loc("l.grad/aten.mm")
  %f289 = linalg.fill ins(%c288 : f32) outs(%e287 : tensor<24x8xf32>) -> tensor<24x8xf32> loc("l.grad/aten.mm")
  %mm290 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%r286, %r1 : tensor<32x24xbf16>, tensor<32x8xbf16>) outs(%f289 : tensor<24x8xf32>) -> tensor<24x8xf32> loc("l.grad/aten.mm")
  %e291 = tensor.empty() : tensor<24x8xbf16> loc("l.grad/aten.mm")
  %g295 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm290 : tensor<24x8xf32>) outs(%e291 : tensor<24x8xbf16>) {
    ^bb0(%a292: f32, %a293: bf16):
      %v294 = arith.truncf %a292 : f32 to bf16
      linalg.yield %v294 : bf16
    } -> tensor<24x8xbf16> loc("l.grad/aten.mm")
  %e296 = tensor.empty() : tensor<24xf32> loc("l.grad/aten.sum")
  %c297 = arith.constant 0.0 : f32 loc("l.grad/aten.sum")
  %f298 = linalg.fill ins(%c297 : f32) outs(%e296 : tensor<24xf32>) -> tensor<24xf32> loc("l.grad/aten.sum")
  %g303 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%r286 : tensor<32x24xbf16>) outs(%f298 : tensor<24xf32>) {
    ^bb0(%a299: bf16, %a300: f32):
      %v301 = arith.extf %a299 : bf16 to f32
      %v302 = arith.addf %v301, %a300 : f32
      linalg.yield %v302 : f32
    } -> tensor<24xf32> loc("l.grad/aten.sum")
  %e304 = tensor.empty() : tensor<24xbf16> loc("l.grad/aten.sum")
  %g308 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%g303 : tensor<24xf32>) outs(%e304 : tensor<24xbf16>) {
    ^bb0(%a305: f32, %a306: bf16):
      %v307 = arith.truncf %a305 : f32 to bf16
      linalg.yield %v307 : bf16
    } -> tensor<24xbf16> loc("l.grad/aten.sum")
  return %g134, %g295, %g308 : tensor<bf16>, tensor<24x8xbf16>, tensor<24xbf16>
}
