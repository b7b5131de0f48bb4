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
  %e24 = tensor.empty() : tensor<16xi64> loc("aten.arange")
  %g32 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%e24 : tensor<16xi64>) {
    ^bb0(%a25: i64):
      %v26 = linalg.index 0 : index
      %v27 = arith.index_cast %v26 : index to i64
      %v28 = arith.constant 0 : i64
      %v29 = arith.constant 1 : i64
      %v30 = arith.muli %v27, %v29 : i64
      %v31 = arith.addi %v28, %v30 : i64
      linalg.yield %v31 : i64
    } -> tensor<16xi64> loc("aten.arange")
  %r33 = tensor.expand_shape %g32 [[0, 1, 2, 3]] output_shape [1, 1, 16, 1] : tensor<16xi64> into tensor<1x1x16x1xi64> loc("aten.view")
  %e34 = tensor.empty() : tensor<16xi64> loc("aten.arange")
  %g42 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%e34 : tensor<16xi64>) {
    ^bb0(%a35: i64):
      %v36 = linalg.index 0 : index
      %v37 = arith.index_cast %v36 : index to i64
      %v38 = arith.constant 0 : i64
      %v39 = arith.constant 1 : i64
      %v40 = arith.muli %v37, %v39 : i64
      %v41 = arith.addi %v38, %v40 : i64
      linalg.yield %v41 : i64
    } -> tensor<16xi64> loc("aten.arange")
  %r43 = tensor.expand_shape %g42 [[0, 1, 2, 3]] output_shape [1, 1, 1, 16] : tensor<16xi64> into tensor<1x1x1x16xi64> loc("aten.view")
  %e44 = tensor.empty() : tensor<2xi64> loc("aten.arange")
  %g52 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%e44 : tensor<2xi64>) {
    ^bb0(%a45: i64):
      %v46 = linalg.index 0 : index
      %v47 = arith.index_cast %v46 : index to i64
      %v48 = arith.constant 0 : i64
      %v49 = arith.constant 1 : i64
      %v50 = arith.muli %v47, %v49 : i64
      %v51 = arith.addi %v48, %v50 : i64
      linalg.yield %v51 : i64
    } -> tensor<2xi64> loc("aten.arange")
  %r53 = tensor.expand_shape %g52 [[0, 1, 2, 3]] output_shape [2, 1, 1, 1] : tensor<2xi64> into tensor<2x1x1x1xi64> loc("aten.view")
  %e54 = tensor.empty() : tensor<2x1x1x1xi1> loc("aten.eq")
  %g59 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r53 : tensor<2x1x1x1xi64>) outs(%e54 : tensor<2x1x1x1xi1>) {
    ^bb0(%a55: i64, %a56: i1):
      %v57 = arith.constant 0 : i64
      %v58 = arith.cmpi eq, %a55, %v57 : i64
      linalg.yield %v58 : i1
    } -> tensor<2x1x1x1xi1> loc("aten.eq")
  %e60 = tensor.empty() : tensor<1x1x1x16xi1> loc("aten.lt")
  %g65 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r43 : tensor<1x1x1x16xi64>) outs(%e60 : tensor<1x1x1x16xi1>) {
    ^bb0(%a61: i64, %a62: i1):
      %v63 = arith.constant 11 : i64
      %v64 = arith.cmpi slt, %a61, %v63 : i64
      linalg.yield %v64 : i1
    } -> tensor<1x1x1x16xi1> loc("aten.lt")
  %e66 = tensor.empty() : tensor<2x1x1x16xi1> loc("aten.bitwise_and")
  %g71 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>, affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%g59, %g65 : tensor<2x1x1x1xi1>, tensor<1x1x1x16xi1>) outs(%e66 : tensor<2x1x1x16xi1>) {
    ^bb0(%a67: i1, %a68: i1, %a69: i1):
      %v70 = arith.andi %a67, %a68 : i1
      linalg.yield %v70 : i1
    } -> tensor<2x1x1x16xi1> loc("aten.bitwise_and")
  %e72 = tensor.empty() : tensor<2x1x1x1xi1> loc("aten.eq")
  %g77 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r53 : tensor<2x1x1x1xi64>) outs(%e72 : tensor<2x1x1x1xi1>) {
    ^bb0(%a73: i64, %a74: i1):
      %v75 = arith.constant 1 : i64
      %v76 = arith.cmpi eq, %a73, %v75 : i64
      linalg.yield %v76 : i1
    } -> tensor<2x1x1x1xi1> loc("aten.eq")
  %e78 = tensor.empty() : tensor<1x1x16x1xi1> loc("aten.ne")
  %g83 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r33 : tensor<1x1x16x1xi64>) outs(%e78 : tensor<1x1x16x1xi1>) {
    ^bb0(%a79: i64, %a80: i1):
      %v81 = arith.constant 2 : i64
      %v82 = arith.cmpi ne, %a79, %v81 : i64
      linalg.yield %v82 : i1
    } -> tensor<1x1x16x1xi1> loc("aten.ne")
  %e84 = tensor.empty() : tensor<2x1x16x1xi1> loc("aten.bitwise_and")
  %g89 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, d3)>, affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%g77, %g83 : tensor<2x1x1x1xi1>, tensor<1x1x16x1xi1>) outs(%e84 : tensor<2x1x16x1xi1>) {
    ^bb0(%a85: i1, %a86: i1, %a87: i1):
      %v88 = arith.andi %a85, %a86 : i1
      linalg.yield %v88 : i1
    } -> tensor<2x1x16x1xi1> loc("aten.bitwise_and")
  %e90 = tensor.empty() : tensor<2x1x16x16xi1> loc("aten.bitwise_or")
  %g95 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%g71, %g89 : tensor<2x1x1x16xi1>, tensor<2x1x16x1xi1>) outs(%e90 : tensor<2x1x16x16xi1>) {
    ^bb0(%a91: i1, %a92: i1, %a93: i1):
      %v94 = arith.ori %a91, %a92 : i1
      linalg.yield %v94 : i1
    } -> tensor<2x1x16x16xi1> loc("aten.bitwise_or")
  %e96 = tensor.empty() : tensor<f32> loc("aten.scalar_tensor")
  %c97 = arith.constant 0xFF800000 : f32 loc("aten.scalar_tensor")
  %f98 = linalg.fill ins(%c97 : f32) outs(%e96 : tensor<f32>) -> tensor<f32> loc("aten.scalar_tensor")
  %e99 = tensor.empty() : tensor<f32> loc("aten.scalar_tensor")
  %c100 = arith.constant 0.0 : f32 loc("aten.scalar_tensor")
  %f101 = linalg.fill ins(%c100 : f32) outs(%e99 : tensor<f32>) -> tensor<f32> loc("aten.scalar_tensor")
  %e102 = tensor.empty() : tensor<2x1x16x16xf32> loc("aten.where")
  %g108 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%g95, %f101, %f98 : tensor<2x1x16x16xi1>, tensor<f32>, tensor<f32>) outs(%e102 : tensor<2x1x16x16xf32>) {
    ^bb0(%a103: i1, %a104: f32, %a105: f32, %a106: f32):
      %v107 = arith.select %a103, %a104, %a105 : f32
      linalg.yield %v107 : f32
    } -> tensor<2x1x16x16xf32> loc("aten.where")
  %r109 = tensor.collapse_shape %s13 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r110 = tensor.collapse_shape %s18 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e111 = tensor.empty() : tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %c112 = arith.constant 0.0 : f32 loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %f113 = linalg.fill ins(%c112 : f32) outs(%e111 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %mm114 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r109, %r110 : tensor<4x16x4xf32>, tensor<4x16x4xf32>) outs(%f113 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e115 = tensor.empty() : tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g120 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm114 : tensor<4x16x16xf32>) outs(%e115 : tensor<4x16x16xf32>) {
    ^bb0(%a116: f32, %a117: f32):
      %v118 = arith.constant 0.5 : f32
      %v119 = arith.mulf %a116, %v118 : f32
      linalg.yield %v119 : f32
    } -> tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r121 = tensor.expand_shape %g120 [[0, 1], [2], [3]] output_shape [2, 2, 16, 16] : tensor<4x16x16xf32> into tensor<2x2x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e122 = tensor.empty() : tensor<2x2x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g127 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r121, %g108 : tensor<2x2x16x16xf32>, tensor<2x1x16x16xf32>) outs(%e122 : tensor<2x2x16x16xf32>) {
    ^bb0(%a123: f32, %a124: f32, %a125: f32):
      %v126 = arith.addf %a123, %a124 : f32
      linalg.yield %v126 : f32
    } -> tensor<2x2x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r128 = tensor.collapse_shape %g127 [[0, 1], [2], [3]] : tensor<2x2x16x16xf32> into tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e129 = tensor.empty() : tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %sm130 = linalg.softmax dimension(2) ins(%r128 : tensor<4x16x16xf32>) outs(%e129 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e131 = tensor.empty() : tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %c132 = arith.constant 0xFF800000 : f32 loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %f133 = linalg.fill ins(%c132 : f32) outs(%e131 : tensor<4x16xf32>) -> tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g137 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%r128 : tensor<4x16x16xf32>) outs(%f133 : tensor<4x16xf32>) {
    ^bb0(%a134: f32, %a135: f32):
      %v136 = arith.maximumf %a134, %a135 : f32
      linalg.yield %v136 : f32
    } -> tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e138 = tensor.empty() : tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g146 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%sm130, %g137 : tensor<4x16x16xf32>, tensor<4x16xf32>) outs(%e138 : tensor<4x16x16xf32>) {
    ^bb0(%a139: f32, %a140: f32, %a141: f32):
      %v142 = arith.constant 0xFF800000 : f32
      %v143 = arith.cmpf oeq, %a140, %v142 : f32
      %v144 = arith.constant 0.0 : f32
      %v145 = arith.select %v143, %v144, %a139 : f32
      linalg.yield %v145 : f32
    } -> tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r147 = tensor.collapse_shape %s23 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e148 = tensor.empty() : tensor<4x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %c149 = arith.constant 0.0 : f32 loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %f150 = linalg.fill ins(%c149 : f32) outs(%e148 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %mm151 = linalg.batch_matmul ins(%g146, %r147 : tensor<4x16x16xf32>, tensor<4x16x4xf32>) outs(%f150 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r152 = tensor.expand_shape %mm151 [[0, 1], [2], [3]] output_shape [2, 2, 16, 4] : tensor<4x16x4xf32> into tensor<2x2x16x4xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e153 = tensor.empty() : tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %c154 = arith.constant 0xFF800000 : f32 loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %f155 = linalg.fill ins(%c154 : f32) outs(%e153 : tensor<4x16xf32>) -> tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g159 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%r128 : tensor<4x16x16xf32>) outs(%f155 : tensor<4x16xf32>) {
    ^bb0(%a156: f32, %a157: f32):
      %v158 = arith.maximumf %a156, %a157 : f32
      linalg.yield %v158 : f32
    } -> tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e160 = tensor.empty() : tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g170 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r128, %g159 : tensor<4x16x16xf32>, tensor<4x16xf32>) outs(%e160 : tensor<4x16x16xf32>) {
    ^bb0(%a161: f32, %a162: f32, %a163: f32):
      %v164 = arith.constant 0xFF800000 : f32
      %v165 = arith.cmpf oeq, %a162, %v164 : f32
      %v166 = arith.constant 0.0 : f32
      %v167 = arith.subf %a161, %a162 : f32
      %v168 = math.exp %v167 : f32
      %v169 = arith.select %v165, %v166, %v168 : f32
      linalg.yield %v169 : f32
    } -> tensor<4x16x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e171 = tensor.empty() : tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %c172 = arith.constant 0.0 : f32 loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %f173 = linalg.fill ins(%c172 : f32) outs(%e171 : tensor<4x16xf32>) -> tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g177 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g170 : tensor<4x16x16xf32>) outs(%f173 : tensor<4x16xf32>) {
    ^bb0(%a174: f32, %a175: f32):
      %v176 = arith.addf %a174, %a175 : f32
      linalg.yield %v176 : f32
    } -> tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r178 = tensor.expand_shape %g159 [[0], [1, 2]] output_shape [4, 16, 1] : tensor<4x16xf32> into tensor<4x16x1xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r179 = tensor.expand_shape %g177 [[0], [1, 2]] output_shape [4, 16, 1] : tensor<4x16xf32> into tensor<4x16x1xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e180 = tensor.empty() : tensor<4x16x1xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g186 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r178, %r179 : tensor<4x16x1xf32>, tensor<4x16x1xf32>) outs(%e180 : tensor<4x16x1xf32>) {
    ^bb0(%a181: f32, %a182: f32, %a183: f32):
      %v184 = math.log %a182 : f32
      %v185 = arith.addf %a181, %v184 : f32
      linalg.yield %v185 : f32
    } -> tensor<4x16x1xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r187 = tensor.collapse_shape %g186 [[0], [1, 2]] : tensor<4x16x1xf32> into tensor<4x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r188 = tensor.expand_shape %r187 [[0, 1], [2]] output_shape [2, 2, 16] : tensor<4x16xf32> into tensor<2x2x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e189 = tensor.empty() : tensor<2x2x16x4xf32> loc("aten.pow")
  %g193 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r152 : tensor<2x2x16x4xf32>) outs(%e189 : tensor<2x2x16x4xf32>) {
    ^bb0(%a190: f32, %a191: f32):
      %v192 = arith.mulf %a190, %a190 : f32
      linalg.yield %v192 : f32
    } -> tensor<2x2x16x4xf32> loc("aten.pow")
  %e194 = tensor.empty() : tensor<f32> loc("aten.sum")
  %c195 = arith.constant 0.0 : f32 loc("aten.sum")
  %f196 = linalg.fill ins(%c195 : f32) outs(%e194 : tensor<f32>) -> tensor<f32> loc("aten.sum")
  %g200 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>], iterator_types = ["reduction", "reduction", "reduction", "reduction"]}
      ins(%g193 : tensor<2x2x16x4xf32>) outs(%f196 : tensor<f32>) {
    ^bb0(%a197: f32, %a198: f32):
      %v199 = arith.addf %a197, %a198 : f32
      linalg.yield %v199 : f32
    } -> tensor<f32> loc("aten.sum")
  %e201 = tensor.empty() : tensor<2x2x16x4xf32> loc("grad/aten.pow")
  %g204 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r152 : tensor<2x2x16x4xf32>) outs(%e201 : tensor<2x2x16x4xf32>) {
    ^bb0(%a202: f32, %a203: f32):
      linalg.yield %a202 : f32
    } -> tensor<2x2x16x4xf32> loc("grad/aten.pow")
  %e205 = tensor.empty() : tensor<2x2x16x4xf32> loc("grad/aten.mul")
  %g210 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%g204 : tensor<2x2x16x4xf32>) outs(%e205 : tensor<2x2x16x4xf32>) {
    ^bb0(%a206: f32, %a207: f32):
      %v208 = arith.constant 2.0 : f32
      %v209 = arith.mulf %a206, %v208 : f32
      linalg.yield %v209 : f32
    } -> tensor<2x2x16x4xf32> loc("grad/aten.mul")
  %e211 = tensor.empty() : tensor<2x2x16x4xf32> loc("grad/aten.mul")
  %g216 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%grad_out0, %g210 : tensor<f32>, tensor<2x2x16x4xf32>) outs(%e211 : tensor<2x2x16x4xf32>) {
    ^bb0(%a212: f32, %a213: f32, %a214: f32):
      %v215 = arith.mulf %a212, %a213 : f32
      linalg.yield %v215 : f32
    } -> tensor<2x2x16x4xf32> loc("grad/aten.mul")
  %r217 = tensor.collapse_shape %s13 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r218 = tensor.collapse_shape %s18 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e219 = tensor.empty() : tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c220 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f221 = linalg.fill ins(%c220 : f32) outs(%e219 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm222 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r217, %r218 : tensor<4x16x4xf32>, tensor<4x16x4xf32>) outs(%f221 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e223 = tensor.empty() : tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g228 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm222 : tensor<4x16x16xf32>) outs(%e223 : tensor<4x16x16xf32>) {
    ^bb0(%a224: f32, %a225: f32):
      %v226 = arith.constant 0.5 : f32
      %v227 = arith.mulf %a224, %v226 : f32
      linalg.yield %v227 : f32
    } -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r229 = tensor.expand_shape %g228 [[0, 1], [2], [3]] output_shape [2, 2, 16, 16] : tensor<4x16x16xf32> into tensor<2x2x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e230 = tensor.empty() : tensor<2x2x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g235 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r229, %g108 : tensor<2x2x16x16xf32>, tensor<2x1x16x16xf32>) outs(%e230 : tensor<2x2x16x16xf32>) {
    ^bb0(%a231: f32, %a232: f32, %a233: f32):
      %v234 = arith.addf %a231, %a232 : f32
      linalg.yield %v234 : f32
    } -> tensor<2x2x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r236 = tensor.collapse_shape %g235 [[0, 1], [2], [3]] : tensor<2x2x16x16xf32> into tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r237 = tensor.collapse_shape %r188 [[0, 1], [2]] : tensor<2x2x16xf32> into tensor<4x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r238 = tensor.expand_shape %r237 [[0], [1, 2]] output_shape [4, 16, 1] : tensor<4x16xf32> into tensor<4x16x1xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e239 = tensor.empty() : tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g249 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r236, %r238 : tensor<4x16x16xf32>, tensor<4x16x1xf32>) outs(%e239 : tensor<4x16x16xf32>) {
    ^bb0(%a240: f32, %a241: f32, %a242: f32):
      %v243 = arith.constant 0xFF800000 : f32
      %v244 = arith.cmpf oeq, %a241, %v243 : f32
      %v245 = arith.constant 0.0 : f32
      %v246 = arith.subf %a240, %a241 : f32
      %v247 = math.exp %v246 : f32
      %v248 = arith.select %v244, %v245, %v247 : f32
      linalg.yield %v248 : f32
    } -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r250 = tensor.collapse_shape %g216 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r251 = tensor.collapse_shape %r152 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r252 = tensor.collapse_shape %s23 [[0, 1], [2], [3]] : tensor<2x2x16x4xf32> into tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e253 = tensor.empty() : tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c254 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f255 = linalg.fill ins(%c254 : f32) outs(%e253 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm256 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%g249, %r250 : tensor<4x16x16xf32>, tensor<4x16x4xf32>) outs(%f255 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e257 = tensor.empty() : tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c258 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f259 = linalg.fill ins(%c258 : f32) outs(%e257 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm260 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r250, %r252 : tensor<4x16x4xf32>, tensor<4x16x4xf32>) outs(%f259 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e261 = tensor.empty() : tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g266 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r250, %r251 : tensor<4x16x4xf32>, tensor<4x16x4xf32>) outs(%e261 : tensor<4x16x4xf32>) {
    ^bb0(%a262: f32, %a263: f32, %a264: f32):
      %v265 = arith.mulf %a262, %a263 : f32
      linalg.yield %v265 : f32
    } -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e267 = tensor.empty() : tensor<4x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c268 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f269 = linalg.fill ins(%c268 : f32) outs(%e267 : tensor<4x16xf32>) -> tensor<4x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g273 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g266 : tensor<4x16x4xf32>) outs(%f269 : tensor<4x16xf32>) {
    ^bb0(%a270: f32, %a271: f32):
      %v272 = arith.addf %a270, %a271 : f32
      linalg.yield %v272 : f32
    } -> tensor<4x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e274 = tensor.empty() : tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g283 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g249, %mm260, %g273 : tensor<4x16x16xf32>, tensor<4x16x16xf32>, tensor<4x16xf32>) outs(%e274 : tensor<4x16x16xf32>) {
    ^bb0(%a275: f32, %a276: f32, %a277: f32, %a278: f32):
      %v279 = arith.subf %a276, %a277 : f32
      %v280 = arith.mulf %a275, %v279 : f32
      %v281 = arith.constant 0.5 : f32
      %v282 = arith.mulf %v280, %v281 : f32
      linalg.yield %v282 : f32
    } -> tensor<4x16x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e284 = tensor.empty() : tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c285 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f286 = linalg.fill ins(%c285 : f32) outs(%e284 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm287 = linalg.batch_matmul ins(%g283, %r218 : tensor<4x16x16xf32>, tensor<4x16x4xf32>) outs(%f286 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e288 = tensor.empty() : tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c289 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f290 = linalg.fill ins(%c289 : f32) outs(%e288 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm291 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%g283, %r217 : tensor<4x16x16xf32>, tensor<4x16x4xf32>) outs(%f290 : tensor<4x16x4xf32>) -> tensor<4x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r292 = tensor.expand_shape %mm287 [[0, 1], [2], [3]] output_shape [2, 2, 16, 4] : tensor<4x16x4xf32> into tensor<2x2x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r293 = tensor.expand_shape %mm291 [[0, 1], [2], [3]] output_shape [2, 2, 16, 4] : tensor<4x16x4xf32> into tensor<2x2x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r294 = tensor.expand_shape %mm256 [[0, 1], [2], [3]] output_shape [2, 2, 16, 4] : tensor<4x16x4xf32> into tensor<2x2x16x4xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r295 = tensor.expand_shape %r292 [[0, 1], [2], [3], [4]] output_shape [1, 2, 2, 16, 4] : tensor<2x2x16x4xf32> into tensor<1x2x2x16x4xf32> loc("grad/aten.stack")
  %r296 = tensor.expand_shape %r293 [[0, 1], [2], [3], [4]] output_shape [1, 2, 2, 16, 4] : tensor<2x2x16x4xf32> into tensor<1x2x2x16x4xf32> loc("grad/aten.stack")
  %r297 = tensor.expand_shape %r294 [[0, 1], [2], [3], [4]] output_shape [1, 2, 2, 16, 4] : tensor<2x2x16x4xf32> into tensor<1x2x2x16x4xf32> loc("grad/aten.stack")
  %cat298 = tensor.concat dim(0) %r295, %r296, %r297 : (tensor<1x2x2x16x4xf32>, tensor<1x2x2x16x4xf32>, tensor<1x2x2x16x4xf32>) -> tensor<3x2x2x16x4xf32> loc("grad/aten.stack")
  %e299 = tensor.empty() : tensor<2x16x3x2x4xf32> loc("grad/aten._unsafe_view")
  %g302 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d2, d0, d3, d1, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%cat298 : tensor<3x2x2x16x4xf32>) outs(%e299 : tensor<2x16x3x2x4xf32>) {
    ^bb0(%a300: f32, %a301: f32):
      linalg.yield %a300 : f32
    } -> tensor<2x16x3x2x4xf32> loc("grad/aten._unsafe_view")
  %r303 = tensor.collapse_shape %g302 [[0], [1], [2, 3, 4]] : tensor<2x16x3x2x4xf32> into tensor<2x16x24xf32> loc("grad/aten._unsafe_view")
  %r304 = tensor.collapse_shape %r303 [[0, 1], [2]] : tensor<2x16x24xf32> into tensor<32x24xf32> loc("l.grad/aten.view")
  %e305 = tensor.empty() : tensor<24x8xf32> loc("l.grad/aten.mm")
  %c306 = arith.constant 0.0 : f32 loc("l.grad/aten.mm")
  %f307 = linalg.fill ins(%c306 : f32) outs(%e305 : tensor<24x8xf32>) -> tensor<24x8xf32> loc("l.grad/aten.mm")
  %mm308 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%r304, %r1 : tensor<32x24xf32>, tensor<32x8xf32>) outs(%f307 : tensor<24x8xf32>) -> tensor<24x8xf32> loc("l.grad/aten.mm")
  %e309 = tensor.empty() : tensor<24xf32> loc("l.grad/aten.sum")
  %c310 = arith.constant 0.0 : f32 loc("l.grad/aten.sum")
  %f311 = linalg.fill ins(%c310 : f32) outs(%e309 : tensor<24xf32>) -> tensor<24xf32> loc("l.grad/aten.sum")
  %g315 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%r304 : tensor<32x24xf32>) outs(%f311 : tensor<24xf32>) {
    ^bb0(%a312: f32, %a313: f32):
      %v314 = arith.addf %a312, %a313 : f32
      linalg.yield %v314 : f32
    } -> tensor<24xf32> loc("l.grad/aten.sum")
  return %g200, %mm308, %g315 : tensor<f32>, tensor<24x8xf32>, tensor<24xf32>
}
