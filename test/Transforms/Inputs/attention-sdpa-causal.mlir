// Imported from PyTorch 2.15.0+cu132 by remat-import-torch.
// Backward seeded from output0.
func.func @train_step(%p_l_weight: tensor<24x8xf32>,
    %p_l_bias: tensor<24xf32>,
    %input0: tensor<2x16x8xf32>,
    %grad_out0: tensor<f32> {remat.cotangent})
    -> (tensor<f32>, tensor<24x8xf32>, tensor<24xf32>) {
  %r1 = tensor.collapse_shape %input0 [[0, 1], [2]] : tensor<2x16x8xf32> into tensor<32x8xf32> loc("l/aten.view")
  %e2 = tensor.empty() : tensor<32x24xf32> loc("l/aten.addmm")
  %g5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_l_bias : tensor<24xf32>) outs(%e2 : tensor<32x24xf32>) {
    ^bb0(%a3: f32, %a4: f32):
      linalg.yield %a3 : f32
    } -> tensor<32x24xf32> loc("l/aten.addmm")
  %mm6 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%r1, %p_l_weight : tensor<32x8xf32>, tensor<24x8xf32>) outs(%g5 : tensor<32x24xf32>) -> tensor<32x24xf32> loc("l/aten.addmm")
  %r7 = tensor.expand_shape %mm6 [[0, 1], [2]] output_shape [2, 16, 24] : tensor<32x24xf32> into tensor<2x16x24xf32> loc("l/aten._unsafe_view")
  %r8 = tensor.expand_shape %r7 [[0], [1], [2, 3, 4]] output_shape [2, 16, 3, 2, 4] : tensor<2x16x24xf32> into tensor<2x16x3x2x4xf32> loc("aten.view")
  %e9 = tensor.empty() : tensor<3x2x2x16x4xf32> loc("aten.unbind")
  %g12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d0, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%r8 : tensor<2x16x3x2x4xf32>) outs(%e9 : tensor<3x2x2x16x4xf32>) {
    ^bb0(%a10: f32, %a11: f32):
      linalg.yield %a10 : f32
    } -> tensor<3x2x2x16x4xf32> loc("aten.unbind")
  %s13 = tensor.extract_slice %g12[0, 0, 0, 0, 0] [1, 2, 2, 16, 4] [1, 1, 1, 1, 1] : tensor<3x2x2x16x4xf32> to tensor<2x2x16x4xf32> loc("aten.unbind")
  %e14 = tensor.empty() : tensor<3x2x2x16x4xf32> loc("aten.unbind")
  %g17 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d0, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%r8 : tensor<2x16x3x2x4xf32>) outs(%e14 : tensor<3x2x2x16x4xf32>) {
    ^bb0(%a15: f32, %a16: f32):
      linalg.yield %a15 : f32
    } -> tensor<3x2x2x16x4xf32> loc("aten.unbind")
  %s18 = tensor.extract_slice %g17[1, 0, 0, 0, 0] [1, 2, 2, 16, 4] [1, 1, 1, 1, 1] : tensor<3x2x2x16x4xf32> to tensor<2x2x16x4xf32> loc("aten.unbind")
  %e19 = tensor.empty() : tensor<3x2x2x16x4xf32> loc("aten.unbind")
  %g22 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d0, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%r8 : tensor<2x16x3x2x4xf32>) outs(%e19 : tensor<3x2x2x16x4xf32>) {
    ^bb0(%a20: f32, %a21: f32):
      linalg.yield %a20 : f32
    } -> tensor<3x2x2x16x4xf32> loc("aten.unbind")
  %s23 = tensor.extract_slice %g22[2, 0, 0, 0, 0] [1, 2, 2, 16, 4] [1, 1, 1, 1, 1] : tensor<3x2x2x16x4xf32> to tensor<2x2x16x4xf32> loc("aten.unbind")
  %r24 = tensor.collapse_shape %s13 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r25 = tensor.collapse_shape %s18 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e26 = tensor.empty() : tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %c27 = arith.constant 0.0 : f32 loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %f28 = linalg.fill ins(%c27 : f32) outs(%e26 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %mm29 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r24, %r25 : tensor<4x16x4xf32>, tensor<4x16x4xf32>) outs(%f28 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e30 = tensor.empty() : tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g35 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm29 : tensor<4x16x16xf32>) outs(%e30 : tensor<4x16x16xf32>) {
    ^bb0(%a31: f32, %a32: f32):
      %v33 = arith.constant 0.5 : f32
      %v34 = arith.mulf %a31, %v33 : f32
      linalg.yield %v34 : f32
    } -> tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e36 = tensor.empty() : tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g44 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g35 : tensor<4x16x16xf32>) outs(%e36 : tensor<4x16x16xf32>) {
    ^bb0(%a37: f32, %a38: f32):
      %v39 = linalg.index 2 : index
      %v40 = linalg.index 1 : index
      %v41 = arith.cmpi sgt, %v39, %v40 : index
      %v42 = arith.constant 0xFF800000 : f32
      %v43 = arith.select %v41, %v42, %a37 : f32
      linalg.yield %v43 : f32
    } -> tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e45 = tensor.empty() : tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %sm46 = linalg.softmax dimension(2) ins(%g44 : tensor<4x16x16xf32>) outs(%e45 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r47 = tensor.collapse_shape %s23 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e48 = tensor.empty() : tensor<4x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %c49 = arith.constant 0.0 : f32 loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %f50 = linalg.fill ins(%c49 : f32) outs(%e48 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %mm51 = linalg.batch_matmul ins(%sm46, %r47 : tensor<4x16x16xf32>, tensor<4x16x4xf32>) outs(%f50 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r52 = tensor.expand_shape %mm51 [[0, 1], [2], [3]] output_shape [2, 2, 16, 4] : tensor<4x16x4xf32> into tensor<2x2x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e53 = tensor.empty() : tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %c54 = arith.constant 0xFF800000 : f32 loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %f55 = linalg.fill ins(%c54 : f32) outs(%e53 : tensor<4x16xf32>) -> tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g59 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g44 : tensor<4x16x16xf32>) outs(%f55 : tensor<4x16xf32>) {
    ^bb0(%a56: f32, %a57: f32):
      %v58 = arith.maximumf %a56, %a57 : f32
      linalg.yield %v58 : f32
    } -> tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e60 = tensor.empty() : tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g70 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g44, %g59 : tensor<4x16x16xf32>, tensor<4x16xf32>) outs(%e60 : tensor<4x16x16xf32>) {
    ^bb0(%a61: f32, %a62: f32, %a63: f32):
      %v64 = arith.constant 0xFF800000 : f32
      %v65 = arith.cmpf oeq, %a62, %v64 : f32
      %v66 = arith.constant 0.0 : f32
      %v67 = arith.subf %a61, %a62 : f32
      %v68 = math.exp %v67 : f32
      %v69 = arith.select %v65, %v66, %v68 : f32
      linalg.yield %v69 : f32
    } -> tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e71 = tensor.empty() : tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %c72 = arith.constant 0.0 : f32 loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %f73 = linalg.fill ins(%c72 : f32) outs(%e71 : tensor<4x16xf32>) -> tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g77 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g70 : tensor<4x16x16xf32>) outs(%f73 : tensor<4x16xf32>) {
    ^bb0(%a74: f32, %a75: f32):
      %v76 = arith.addf %a74, %a75 : f32
      linalg.yield %v76 : f32
    } -> tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r78 = tensor.expand_shape %g59 [[0], [1, 2]] output_shape [4, 16, 1] : tensor<4x16xf32> into tensor<4x16x1xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r79 = tensor.expand_shape %g77 [[0], [1, 2]] output_shape [4, 16, 1] : tensor<4x16xf32> into tensor<4x16x1xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e80 = tensor.empty() : tensor<4x16x1xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g86 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r78, %r79 : tensor<4x16x1xf32>, tensor<4x16x1xf32>) outs(%e80 : tensor<4x16x1xf32>) {
    ^bb0(%a81: f32, %a82: f32, %a83: f32):
      %v84 = math.log %a82 : f32
      %v85 = arith.addf %a81, %v84 : f32
      linalg.yield %v85 : f32
    } -> tensor<4x16x1xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r87 = tensor.collapse_shape %g86 [[0], [1, 2]] : tensor<4x16x1xf32> into tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r88 = tensor.expand_shape %r87 [[0, 1], [2]] output_shape [2, 2, 16] : tensor<4x16xf32> into tensor<2x2x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e89 = tensor.empty() : tensor<2x2x16x4xf32> loc("aten.pow")
  %g93 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r52 : tensor<2x2x16x4xf32>) outs(%e89 : tensor<2x2x16x4xf32>) {
    ^bb0(%a90: f32, %a91: f32):
      %v92 = arith.mulf %a90, %a90 : f32
      linalg.yield %v92 : f32
    } -> tensor<2x2x16x4xf32> loc("aten.pow")
  %e94 = tensor.empty() : tensor<f32> loc("aten.sum")
  %c95 = arith.constant 0.0 : f32 loc("aten.sum")
  %f96 = linalg.fill ins(%c95 : f32) outs(%e94 : tensor<f32>) -> tensor<f32> loc("aten.sum")
  %g100 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>], iterator_types = ["reduction", "reduction", "reduction", "reduction"]}
      ins(%g93 : tensor<2x2x16x4xf32>) outs(%f96 : tensor<f32>) {
    ^bb0(%a97: f32, %a98: f32):
      %v99 = arith.addf %a97, %a98 : f32
      linalg.yield %v99 : f32
    } -> tensor<f32> loc("aten.sum")
  %e101 = tensor.empty() : tensor<2x2x16x4xf32> loc("grad/aten.pow")
  %g104 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r52 : tensor<2x2x16x4xf32>) outs(%e101 : tensor<2x2x16x4xf32>) {
    ^bb0(%a102: f32, %a103: f32):
      linalg.yield %a102 : f32
    } -> tensor<2x2x16x4xf32> loc("grad/aten.pow")
  %e105 = tensor.empty() : tensor<2x2x16x4xf32> loc("grad/aten.mul")
  %g110 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%g104 : tensor<2x2x16x4xf32>) outs(%e105 : tensor<2x2x16x4xf32>) {
    ^bb0(%a106: f32, %a107: f32):
      %v108 = arith.constant 2.0 : f32
      %v109 = arith.mulf %a106, %v108 : f32
      linalg.yield %v109 : f32
    } -> tensor<2x2x16x4xf32> loc("grad/aten.mul")
  %e111 = tensor.empty() : tensor<2x2x16x4xf32> loc("grad/aten.mul")
  %g116 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%grad_out0, %g110 : tensor<f32>, tensor<2x2x16x4xf32>) outs(%e111 : tensor<2x2x16x4xf32>) {
    ^bb0(%a112: f32, %a113: f32, %a114: f32):
      %v115 = arith.mulf %a112, %a113 : f32
      linalg.yield %v115 : f32
    } -> tensor<2x2x16x4xf32> loc("grad/aten.mul")
  %r117 = tensor.collapse_shape %s13 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r118 = tensor.collapse_shape %s18 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e119 = tensor.empty() : tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c120 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f121 = linalg.fill ins(%c120 : f32) outs(%e119 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm122 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r117, %r118 : tensor<4x16x4xf32>, tensor<4x16x4xf32>) outs(%f121 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e123 = tensor.empty() : tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g128 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm122 : tensor<4x16x16xf32>) outs(%e123 : tensor<4x16x16xf32>) {
    ^bb0(%a124: f32, %a125: f32):
      %v126 = arith.constant 0.5 : f32
      %v127 = arith.mulf %a124, %v126 : f32
      linalg.yield %v127 : f32
    } -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e129 = tensor.empty() : tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g137 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g128 : tensor<4x16x16xf32>) outs(%e129 : tensor<4x16x16xf32>) {
    ^bb0(%a130: f32, %a131: f32):
      %v132 = linalg.index 2 : index
      %v133 = linalg.index 1 : index
      %v134 = arith.cmpi sgt, %v132, %v133 : index
      %v135 = arith.constant 0xFF800000 : f32
      %v136 = arith.select %v134, %v135, %a130 : f32
      linalg.yield %v136 : f32
    } -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r138 = tensor.collapse_shape %r88 [[0, 1], [2]] : tensor<2x2x16xf32> into tensor<4x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r139 = tensor.expand_shape %r138 [[0], [1, 2]] output_shape [4, 16, 1] : tensor<4x16xf32> into tensor<4x16x1xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e140 = tensor.empty() : tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g150 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g137, %r139 : tensor<4x16x16xf32>, tensor<4x16x1xf32>) outs(%e140 : tensor<4x16x16xf32>) {
    ^bb0(%a141: f32, %a142: f32, %a143: f32):
      %v144 = arith.constant 0xFF800000 : f32
      %v145 = arith.cmpf oeq, %a142, %v144 : f32
      %v146 = arith.constant 0.0 : f32
      %v147 = arith.subf %a141, %a142 : f32
      %v148 = math.exp %v147 : f32
      %v149 = arith.select %v145, %v146, %v148 : f32
      linalg.yield %v149 : f32
    } -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r151 = tensor.collapse_shape %g116 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r152 = tensor.collapse_shape %r52 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r153 = tensor.collapse_shape %s23 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e154 = tensor.empty() : tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c155 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f156 = linalg.fill ins(%c155 : f32) outs(%e154 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm157 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%g150, %r151 : tensor<4x16x16xf32>, tensor<4x16x4xf32>) outs(%f156 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e158 = tensor.empty() : tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c159 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f160 = linalg.fill ins(%c159 : f32) outs(%e158 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm161 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r151, %r153 : tensor<4x16x4xf32>, tensor<4x16x4xf32>) outs(%f160 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e162 = tensor.empty() : tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g167 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r151, %r152 : tensor<4x16x4xf32>, tensor<4x16x4xf32>) outs(%e162 : tensor<4x16x4xf32>) {
    ^bb0(%a163: f32, %a164: f32, %a165: f32):
      %v166 = arith.mulf %a163, %a164 : f32
      linalg.yield %v166 : f32
    } -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e168 = tensor.empty() : tensor<4x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c169 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f170 = linalg.fill ins(%c169 : f32) outs(%e168 : tensor<4x16xf32>) -> tensor<4x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g174 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g167 : tensor<4x16x4xf32>) outs(%f170 : tensor<4x16xf32>) {
    ^bb0(%a171: f32, %a172: f32):
      %v173 = arith.addf %a171, %a172 : f32
      linalg.yield %v173 : f32
    } -> tensor<4x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e175 = tensor.empty() : tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g184 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g150, %mm161, %g174 : tensor<4x16x16xf32>, tensor<4x16x16xf32>, tensor<4x16xf32>) outs(%e175 : tensor<4x16x16xf32>) {
    ^bb0(%a176: f32, %a177: f32, %a178: f32, %a179: f32):
      %v180 = arith.subf %a177, %a178 : f32
      %v181 = arith.mulf %a176, %v180 : f32
      %v182 = arith.constant 0.5 : f32
      %v183 = arith.mulf %v181, %v182 : f32
      linalg.yield %v183 : f32
    } -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e185 = tensor.empty() : tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c186 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f187 = linalg.fill ins(%c186 : f32) outs(%e185 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm188 = linalg.batch_matmul ins(%g184, %r118 : tensor<4x16x16xf32>, tensor<4x16x4xf32>) outs(%f187 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e189 = tensor.empty() : tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c190 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f191 = linalg.fill ins(%c190 : f32) outs(%e189 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm192 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%g184, %r117 : tensor<4x16x16xf32>, tensor<4x16x4xf32>) outs(%f191 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r193 = tensor.expand_shape %mm188 [[0, 1], [2], [3]] output_shape [2, 2, 16, 4] : tensor<4x16x4xf32> into tensor<2x2x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r194 = tensor.expand_shape %mm192 [[0, 1], [2], [3]] output_shape [2, 2, 16, 4] : tensor<4x16x4xf32> into tensor<2x2x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r195 = tensor.expand_shape %mm157 [[0, 1], [2], [3]] output_shape [2, 2, 16, 4] : tensor<4x16x4xf32> into tensor<2x2x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r196 = tensor.expand_shape %r193 [[0, 1], [2], [3], [4]] output_shape [1, 2, 2, 16, 4] : tensor<2x2x16x4xf32> into tensor<1x2x2x16x4xf32> loc("grad/aten.stack")
  %r197 = tensor.expand_shape %r194 [[0, 1], [2], [3], [4]] output_shape [1, 2, 2, 16, 4] : tensor<2x2x16x4xf32> into tensor<1x2x2x16x4xf32> loc("grad/aten.stack")
  %r198 = tensor.expand_shape %r195 [[0, 1], [2], [3], [4]] output_shape [1, 2, 2, 16, 4] : tensor<2x2x16x4xf32> into tensor<1x2x2x16x4xf32> loc("grad/aten.stack")
  %cat199 = tensor.concat dim(0) %r196, %r197, %r198 : (tensor<1x2x2x16x4xf32>, tensor<1x2x2x16x4xf32>, tensor<1x2x2x16x4xf32>) -> tensor<3x2x2x16x4xf32> loc("grad/aten.stack")
  %e200 = tensor.empty() : tensor<2x16x3x2x4xf32> loc("grad/aten._unsafe_view")
  %g203 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d2, d0, d3, d1, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%cat199 : tensor<3x2x2x16x4xf32>) outs(%e200 : tensor<2x16x3x2x4xf32>) {
    ^bb0(%a201: f32, %a202: f32):
      linalg.yield %a201 : f32
    } -> tensor<2x16x3x2x4xf32> loc("grad/aten._unsafe_view")
  %r204 = tensor.collapse_shape %g203 [[0], [1], [2, 3, 4]] : tensor<2x16x3x2x4xf32> into tensor<2x16x24xf32> loc("grad/aten._unsafe_view")
  %r205 = tensor.collapse_shape %r204 [[0, 1], [2]] : tensor<2x16x24xf32> into tensor<32x24xf32> loc("l.grad/aten.view")
  %e206 = tensor.empty() : tensor<24x8xf32> loc("l.grad/aten.mm")
  %c207 = arith.constant 0.0 : f32 loc("l.grad/aten.mm")
  %f208 = linalg.fill ins(%c207 : f32) outs(%e206 : tensor<24x8xf32>) -> tensor<24x8xf32> loc("l.grad/aten.mm")
  %mm209 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%r205, %r1 : tensor<32x24xf32>, tensor<32x8xf32>) outs(%f208 : tensor<24x8xf32>) -> tensor<24x8xf32> loc("l.grad/aten.mm")
  %e210 = tensor.empty() : tensor<24xf32> loc("l.grad/aten.sum")
  %c211 = arith.constant 0.0 : f32 loc("l.grad/aten.sum")
  %f212 = linalg.fill ins(%c211 : f32) outs(%e210 : tensor<24xf32>) -> tensor<24xf32> loc("l.grad/aten.sum")
  %g216 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%r205 : tensor<32x24xf32>) outs(%f212 : tensor<24xf32>) {
    ^bb0(%a213: f32, %a214: f32):
      %v215 = arith.addf %a213, %a214 : f32
      linalg.yield %v215 : f32
    } -> tensor<24xf32> loc("l.grad/aten.sum")
  return %g100, %mm209, %g216 : tensor<f32>, tensor<24x8xf32>, tensor<24xf32>
}
