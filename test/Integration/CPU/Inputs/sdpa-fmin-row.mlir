// Imported from PyTorch 2.15.0 by remat-import-torch: F.scaled_dot_product_attention (the fused CPU kernel) with a float mask argument; test/Integration/CPU/tile-attention-fmin-row.mlir.
// Backward seeded from output0.
func.func @train_step(%p_qkv_weight: tensor<48x16xf32>,
    %p_qkv_bias: tensor<48xf32>,
    %input0: tensor<1x32x16xf32>,
    %input1: tensor<1x1x32x32xf32>,
    %grad_out0: tensor<f32> {remat.cotangent})
    -> (tensor<f32>, tensor<48x16xf32>, tensor<48xf32>) {
  %r1 = tensor.collapse_shape %input0 [[0, 1], [2]] : tensor<1x32x16xf32> into tensor<32x16xf32> loc("qkv/aten.view")
  %e2 = tensor.empty() : tensor<32x48xf32> loc("qkv/aten.addmm")
  %g5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_qkv_bias : tensor<48xf32>) outs(%e2 : tensor<32x48xf32>) {
    ^bb0(%a3: f32, %a4: f32):
      linalg.yield %a3 : f32
    } -> tensor<32x48xf32> loc("qkv/aten.addmm")
  %mm6 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%r1, %p_qkv_weight : tensor<32x16xf32>, tensor<48x16xf32>) outs(%g5 : tensor<32x48xf32>) -> tensor<32x48xf32> loc("qkv/aten.addmm")
  %r7 = tensor.expand_shape %mm6 [[0, 1], [2]] output_shape [1, 32, 48] : tensor<32x48xf32> into tensor<1x32x48xf32> loc("qkv/aten._unsafe_view")
  %r8 = tensor.expand_shape %r7 [[0], [1, 2], [3]] output_shape [1, 1, 32, 48] : tensor<1x32x48xf32> into tensor<1x1x32x48xf32> loc("aten.split")
  %e9 = tensor.empty() : tensor<1x1x32x48xf32> loc("aten.split")
  %g12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r8 : tensor<1x1x32x48xf32>) outs(%e9 : tensor<1x1x32x48xf32>) {
    ^bb0(%a10: f32, %a11: f32):
      linalg.yield %a10 : f32
    } -> tensor<1x1x32x48xf32> loc("aten.split")
  %s13 = tensor.extract_slice %g12[0, 0, 0, 0] [1, 1, 32, 16] [1, 1, 1, 1] : tensor<1x1x32x48xf32> to tensor<1x1x32x16xf32> loc("aten.split")
  %r14 = tensor.expand_shape %r7 [[0], [1, 2], [3]] output_shape [1, 1, 32, 48] : tensor<1x32x48xf32> into tensor<1x1x32x48xf32> loc("aten.split")
  %e15 = tensor.empty() : tensor<1x1x32x48xf32> loc("aten.split")
  %g18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r14 : tensor<1x1x32x48xf32>) outs(%e15 : tensor<1x1x32x48xf32>) {
    ^bb0(%a16: f32, %a17: f32):
      linalg.yield %a16 : f32
    } -> tensor<1x1x32x48xf32> loc("aten.split")
  %s19 = tensor.extract_slice %g18[0, 0, 0, 16] [1, 1, 32, 16] [1, 1, 1, 1] : tensor<1x1x32x48xf32> to tensor<1x1x32x16xf32> loc("aten.split")
  %r20 = tensor.expand_shape %r7 [[0], [1, 2], [3]] output_shape [1, 1, 32, 48] : tensor<1x32x48xf32> into tensor<1x1x32x48xf32> loc("aten.split")
  %e21 = tensor.empty() : tensor<1x1x32x48xf32> loc("aten.split")
  %g24 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r20 : tensor<1x1x32x48xf32>) outs(%e21 : tensor<1x1x32x48xf32>) {
    ^bb0(%a22: f32, %a23: f32):
      linalg.yield %a22 : f32
    } -> tensor<1x1x32x48xf32> loc("aten.split")
  %s25 = tensor.extract_slice %g24[0, 0, 0, 32] [1, 1, 32, 16] [1, 1, 1, 1] : tensor<1x1x32x48xf32> to tensor<1x1x32x16xf32> loc("aten.split")
  %r26 = tensor.collapse_shape %s13 [[0], [1, 2], [3]] : tensor<1x1x32x16xf32> into tensor<1x32x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r27 = tensor.collapse_shape %s19 [[0], [1, 2], [3]] : tensor<1x1x32x16xf32> into tensor<1x32x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e28 = tensor.empty() : tensor<1x32x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %c29 = arith.constant 0.0 : f32 loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %f30 = linalg.fill ins(%c29 : f32) outs(%e28 : tensor<1x32x32xf32>) -> tensor<1x32x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %mm31 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r26, %r27 : tensor<1x32x16xf32>, tensor<1x32x16xf32>) outs(%f30 : tensor<1x32x32xf32>) -> tensor<1x32x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e32 = tensor.empty() : tensor<1x32x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g37 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm31 : tensor<1x32x32xf32>) outs(%e32 : tensor<1x32x32xf32>) {
    ^bb0(%a33: f32, %a34: f32):
      %v35 = arith.constant 0.25 : f32
      %v36 = arith.mulf %a33, %v35 : f32
      linalg.yield %v36 : f32
    } -> tensor<1x32x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r38 = tensor.expand_shape %g37 [[0], [1, 2], [3]] output_shape [1, 1, 32, 32] : tensor<1x32x32xf32> into tensor<1x1x32x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e39 = tensor.empty() : tensor<1x1x32x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g44 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r38, %input1 : tensor<1x1x32x32xf32>, tensor<1x1x32x32xf32>) outs(%e39 : tensor<1x1x32x32xf32>) {
    ^bb0(%a40: f32, %a41: f32, %a42: f32):
      %v43 = arith.addf %a40, %a41 : f32
      linalg.yield %v43 : f32
    } -> tensor<1x1x32x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r45 = tensor.collapse_shape %g44 [[0], [1, 2], [3]] : tensor<1x1x32x32xf32> into tensor<1x32x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e46 = tensor.empty() : tensor<1x32x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %sm47 = linalg.softmax dimension(2) ins(%r45 : tensor<1x32x32xf32>) outs(%e46 : tensor<1x32x32xf32>) -> tensor<1x32x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e48 = tensor.empty() : tensor<1x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %c49 = arith.constant 0xFF800000 : f32 loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %f50 = linalg.fill ins(%c49 : f32) outs(%e48 : tensor<1x32xf32>) -> tensor<1x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g54 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%r45 : tensor<1x32x32xf32>) outs(%f50 : tensor<1x32xf32>) {
    ^bb0(%a51: f32, %a52: f32):
      %v53 = arith.maximumf %a51, %a52 : f32
      linalg.yield %v53 : f32
    } -> tensor<1x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e55 = tensor.empty() : tensor<1x32x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g63 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%sm47, %g54 : tensor<1x32x32xf32>, tensor<1x32xf32>) outs(%e55 : tensor<1x32x32xf32>) {
    ^bb0(%a56: f32, %a57: f32, %a58: f32):
      %v59 = arith.constant 0xFF800000 : f32
      %v60 = arith.cmpf oeq, %a57, %v59 : f32
      %v61 = arith.constant 0.0 : f32
      %v62 = arith.select %v60, %v61, %a56 : f32
      linalg.yield %v62 : f32
    } -> tensor<1x32x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r64 = tensor.collapse_shape %s25 [[0], [1, 2], [3]] : tensor<1x1x32x16xf32> into tensor<1x32x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e65 = tensor.empty() : tensor<1x32x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %c66 = arith.constant 0.0 : f32 loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %f67 = linalg.fill ins(%c66 : f32) outs(%e65 : tensor<1x32x16xf32>) -> tensor<1x32x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %mm68 = linalg.batch_matmul ins(%g63, %r64 : tensor<1x32x32xf32>, tensor<1x32x16xf32>) outs(%f67 : tensor<1x32x16xf32>) -> tensor<1x32x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r69 = tensor.expand_shape %mm68 [[0], [1, 2], [3]] output_shape [1, 1, 32, 16] : tensor<1x32x16xf32> into tensor<1x1x32x16xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e70 = tensor.empty() : tensor<1x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %c71 = arith.constant 0xFF800000 : f32 loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %f72 = linalg.fill ins(%c71 : f32) outs(%e70 : tensor<1x32xf32>) -> tensor<1x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g76 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%r45 : tensor<1x32x32xf32>) outs(%f72 : tensor<1x32xf32>) {
    ^bb0(%a73: f32, %a74: f32):
      %v75 = arith.maximumf %a73, %a74 : f32
      linalg.yield %v75 : f32
    } -> tensor<1x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e77 = tensor.empty() : tensor<1x32x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g87 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r45, %g76 : tensor<1x32x32xf32>, tensor<1x32xf32>) outs(%e77 : tensor<1x32x32xf32>) {
    ^bb0(%a78: f32, %a79: f32, %a80: f32):
      %v81 = arith.constant 0xFF800000 : f32
      %v82 = arith.cmpf oeq, %a79, %v81 : f32
      %v83 = arith.constant 0.0 : f32
      %v84 = arith.subf %a78, %a79 : f32
      %v85 = math.exp %v84 : f32
      %v86 = arith.select %v82, %v83, %v85 : f32
      linalg.yield %v86 : f32
    } -> tensor<1x32x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e88 = tensor.empty() : tensor<1x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %c89 = arith.constant 0.0 : f32 loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %f90 = linalg.fill ins(%c89 : f32) outs(%e88 : tensor<1x32xf32>) -> tensor<1x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g94 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g87 : tensor<1x32x32xf32>) outs(%f90 : tensor<1x32xf32>) {
    ^bb0(%a91: f32, %a92: f32):
      %v93 = arith.addf %a91, %a92 : f32
      linalg.yield %v93 : f32
    } -> tensor<1x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r95 = tensor.expand_shape %g76 [[0], [1, 2]] output_shape [1, 32, 1] : tensor<1x32xf32> into tensor<1x32x1xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r96 = tensor.expand_shape %g94 [[0], [1, 2]] output_shape [1, 32, 1] : tensor<1x32xf32> into tensor<1x32x1xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e97 = tensor.empty() : tensor<1x32x1xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %g103 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r95, %r96 : tensor<1x32x1xf32>, tensor<1x32x1xf32>) outs(%e97 : tensor<1x32x1xf32>) {
    ^bb0(%a98: f32, %a99: f32, %a100: f32):
      %v101 = math.log %a99 : f32
      %v102 = arith.addf %a98, %v101 : f32
      linalg.yield %v102 : f32
    } -> tensor<1x32x1xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r104 = tensor.collapse_shape %g103 [[0], [1, 2]] : tensor<1x32x1xf32> into tensor<1x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %r105 = tensor.expand_shape %r104 [[0], [1, 2]] output_shape [1, 1, 32] : tensor<1x32xf32> into tensor<1x1x32xf32> loc("aten._scaled_dot_product_flash_attention_for_cpu")
  %e106 = tensor.empty() : tensor<1x1x32x16xf32> loc("aten.pow")
  %g110 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r69 : tensor<1x1x32x16xf32>) outs(%e106 : tensor<1x1x32x16xf32>) {
    ^bb0(%a107: f32, %a108: f32):
      %v109 = arith.mulf %a107, %a107 : f32
      linalg.yield %v109 : f32
    } -> tensor<1x1x32x16xf32> loc("aten.pow")
  %e111 = tensor.empty() : tensor<f32> loc("aten.sum")
  %c112 = arith.constant 0.0 : f32 loc("aten.sum")
  %f113 = linalg.fill ins(%c112 : f32) outs(%e111 : tensor<f32>) -> tensor<f32> loc("aten.sum")
  %g117 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>], iterator_types = ["reduction", "reduction", "reduction", "reduction"]}
      ins(%g110 : tensor<1x1x32x16xf32>) outs(%f113 : tensor<f32>) {
    ^bb0(%a114: f32, %a115: f32):
      %v116 = arith.addf %a114, %a115 : f32
      linalg.yield %v116 : f32
    } -> tensor<f32> loc("aten.sum")
  %e118 = tensor.empty() : tensor<1x1x32x16xf32> loc("grad/aten.pow")
  %g121 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r69 : tensor<1x1x32x16xf32>) outs(%e118 : tensor<1x1x32x16xf32>) {
    ^bb0(%a119: f32, %a120: f32):
      linalg.yield %a119 : f32
    } -> tensor<1x1x32x16xf32> loc("grad/aten.pow")
  %e122 = tensor.empty() : tensor<1x1x32x16xf32> loc("grad/aten.mul")
  %g127 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%g121 : tensor<1x1x32x16xf32>) outs(%e122 : tensor<1x1x32x16xf32>) {
    ^bb0(%a123: f32, %a124: f32):
      %v125 = arith.constant 2.0 : f32
      %v126 = arith.mulf %a123, %v125 : f32
      linalg.yield %v126 : f32
    } -> tensor<1x1x32x16xf32> loc("grad/aten.mul")
  %e128 = tensor.empty() : tensor<1x1x32x16xf32> loc("grad/aten.mul")
  %g133 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%grad_out0, %g127 : tensor<f32>, tensor<1x1x32x16xf32>) outs(%e128 : tensor<1x1x32x16xf32>) {
    ^bb0(%a129: f32, %a130: f32, %a131: f32):
      %v132 = arith.mulf %a129, %a130 : f32
      linalg.yield %v132 : f32
    } -> tensor<1x1x32x16xf32> loc("grad/aten.mul")
  %r134 = tensor.collapse_shape %s13 [[0], [1, 2], [3]] : tensor<1x1x32x16xf32> into tensor<1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r135 = tensor.collapse_shape %s19 [[0], [1, 2], [3]] : tensor<1x1x32x16xf32> into tensor<1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e136 = tensor.empty() : tensor<1x32x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c137 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f138 = linalg.fill ins(%c137 : f32) outs(%e136 : tensor<1x32x32xf32>) -> tensor<1x32x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm139 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r134, %r135 : tensor<1x32x16xf32>, tensor<1x32x16xf32>) outs(%f138 : tensor<1x32x32xf32>) -> tensor<1x32x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e140 = tensor.empty() : tensor<1x32x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g145 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm139 : tensor<1x32x32xf32>) outs(%e140 : tensor<1x32x32xf32>) {
    ^bb0(%a141: f32, %a142: f32):
      %v143 = arith.constant 0.25 : f32
      %v144 = arith.mulf %a141, %v143 : f32
      linalg.yield %v144 : f32
    } -> tensor<1x32x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r146 = tensor.expand_shape %g145 [[0], [1, 2], [3]] output_shape [1, 1, 32, 32] : tensor<1x32x32xf32> into tensor<1x1x32x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e147 = tensor.empty() : tensor<1x1x32x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g152 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r146, %input1 : tensor<1x1x32x32xf32>, tensor<1x1x32x32xf32>) outs(%e147 : tensor<1x1x32x32xf32>) {
    ^bb0(%a148: f32, %a149: f32, %a150: f32):
      %v151 = arith.addf %a148, %a149 : f32
      linalg.yield %v151 : f32
    } -> tensor<1x1x32x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r153 = tensor.collapse_shape %g152 [[0], [1, 2], [3]] : tensor<1x1x32x32xf32> into tensor<1x32x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r154 = tensor.collapse_shape %r105 [[0], [1, 2]] : tensor<1x1x32xf32> into tensor<1x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r155 = tensor.expand_shape %r154 [[0], [1, 2]] output_shape [1, 32, 1] : tensor<1x32xf32> into tensor<1x32x1xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e156 = tensor.empty() : tensor<1x32x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g166 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r153, %r155 : tensor<1x32x32xf32>, tensor<1x32x1xf32>) outs(%e156 : tensor<1x32x32xf32>) {
    ^bb0(%a157: f32, %a158: f32, %a159: f32):
      %v160 = arith.constant 0xFF800000 : f32
      %v161 = arith.cmpf oeq, %a158, %v160 : f32
      %v162 = arith.constant 0.0 : f32
      %v163 = arith.subf %a157, %a158 : f32
      %v164 = math.exp %v163 : f32
      %v165 = arith.select %v161, %v162, %v164 : f32
      linalg.yield %v165 : f32
    } -> tensor<1x32x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r167 = tensor.collapse_shape %g133 [[0], [1, 2], [3]] : tensor<1x1x32x16xf32> into tensor<1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r168 = tensor.collapse_shape %r69 [[0], [1, 2], [3]] : tensor<1x1x32x16xf32> into tensor<1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r169 = tensor.collapse_shape %s25 [[0], [1, 2], [3]] : tensor<1x1x32x16xf32> into tensor<1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e170 = tensor.empty() : tensor<1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c171 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f172 = linalg.fill ins(%c171 : f32) outs(%e170 : tensor<1x32x16xf32>) -> tensor<1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm173 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%g166, %r167 : tensor<1x32x32xf32>, tensor<1x32x16xf32>) outs(%f172 : tensor<1x32x16xf32>) -> tensor<1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e174 = tensor.empty() : tensor<1x32x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c175 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f176 = linalg.fill ins(%c175 : f32) outs(%e174 : tensor<1x32x32xf32>) -> tensor<1x32x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm177 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r167, %r169 : tensor<1x32x16xf32>, tensor<1x32x16xf32>) outs(%f176 : tensor<1x32x32xf32>) -> tensor<1x32x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e178 = tensor.empty() : tensor<1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g183 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r167, %r168 : tensor<1x32x16xf32>, tensor<1x32x16xf32>) outs(%e178 : tensor<1x32x16xf32>) {
    ^bb0(%a179: f32, %a180: f32, %a181: f32):
      %v182 = arith.mulf %a179, %a180 : f32
      linalg.yield %v182 : f32
    } -> tensor<1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e184 = tensor.empty() : tensor<1x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c185 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f186 = linalg.fill ins(%c185 : f32) outs(%e184 : tensor<1x32xf32>) -> tensor<1x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g190 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g183 : tensor<1x32x16xf32>) outs(%f186 : tensor<1x32xf32>) {
    ^bb0(%a187: f32, %a188: f32):
      %v189 = arith.addf %a187, %a188 : f32
      linalg.yield %v189 : f32
    } -> tensor<1x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e191 = tensor.empty() : tensor<1x32x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %g200 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g166, %mm177, %g190 : tensor<1x32x32xf32>, tensor<1x32x32xf32>, tensor<1x32xf32>) outs(%e191 : tensor<1x32x32xf32>) {
    ^bb0(%a192: f32, %a193: f32, %a194: f32, %a195: f32):
      %v196 = arith.subf %a193, %a194 : f32
      %v197 = arith.mulf %a192, %v196 : f32
      %v198 = arith.constant 0.25 : f32
      %v199 = arith.mulf %v197, %v198 : f32
      linalg.yield %v199 : f32
    } -> tensor<1x32x32xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e201 = tensor.empty() : tensor<1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c202 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f203 = linalg.fill ins(%c202 : f32) outs(%e201 : tensor<1x32x16xf32>) -> tensor<1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm204 = linalg.batch_matmul ins(%g200, %r135 : tensor<1x32x32xf32>, tensor<1x32x16xf32>) outs(%f203 : tensor<1x32x16xf32>) -> tensor<1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %e205 = tensor.empty() : tensor<1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %c206 = arith.constant 0.0 : f32 loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %f207 = linalg.fill ins(%c206 : f32) outs(%e205 : tensor<1x32x16xf32>) -> tensor<1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %mm208 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%g200, %r134 : tensor<1x32x32xf32>, tensor<1x32x16xf32>) outs(%f207 : tensor<1x32x16xf32>) -> tensor<1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r209 = tensor.expand_shape %mm204 [[0], [1, 2], [3]] output_shape [1, 1, 32, 16] : tensor<1x32x16xf32> into tensor<1x1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r210 = tensor.expand_shape %mm208 [[0], [1, 2], [3]] output_shape [1, 1, 32, 16] : tensor<1x32x16xf32> into tensor<1x1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %r211 = tensor.expand_shape %mm173 [[0], [1, 2], [3]] output_shape [1, 1, 32, 16] : tensor<1x32x16xf32> into tensor<1x1x32x16xf32> loc("grad/aten._scaled_dot_product_flash_attention_for_cpu_backward")
  %cat212 = tensor.concat dim(3) %r209, %r210, %r211 : (tensor<1x1x32x16xf32>, tensor<1x1x32x16xf32>, tensor<1x1x32x16xf32>) -> tensor<1x1x32x48xf32> loc("grad/aten.cat")
  %e213 = tensor.empty() : tensor<48x32xf32> loc("qkv.grad/aten.mm")
  %g216 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, 0, d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%cat212 : tensor<1x1x32x48xf32>) outs(%e213 : tensor<48x32xf32>) {
    ^bb0(%a214: f32, %a215: f32):
      linalg.yield %a214 : f32
    } -> tensor<48x32xf32> loc("qkv.grad/aten.mm")
  %e217 = tensor.empty() : tensor<48x16xf32> loc("qkv.grad/aten.mm")
  %c218 = arith.constant 0.0 : f32 loc("qkv.grad/aten.mm")
  %f219 = linalg.fill ins(%c218 : f32) outs(%e217 : tensor<48x16xf32>) -> tensor<48x16xf32> loc("qkv.grad/aten.mm")
  %mm220 = linalg.matmul ins(%g216, %r1 : tensor<48x32xf32>, tensor<32x16xf32>) outs(%f219 : tensor<48x16xf32>) -> tensor<48x16xf32> loc("qkv.grad/aten.mm")
  %e221 = tensor.empty() : tensor<48xf32> loc("qkv.grad/aten.sum")
  %c222 = arith.constant 0.0 : f32 loc("qkv.grad/aten.sum")
  %f223 = linalg.fill ins(%c222 : f32) outs(%e221 : tensor<48xf32>) -> tensor<48xf32> loc("qkv.grad/aten.sum")
  %g227 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, 0, d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%cat212 : tensor<1x1x32x48xf32>) outs(%f223 : tensor<48xf32>) {
    ^bb0(%a224: f32, %a225: f32):
      %v226 = arith.addf %a224, %a225 : f32
      linalg.yield %v226 : f32
    } -> tensor<48xf32> loc("qkv.grad/aten.sum")
  return %g117, %mm220, %g227 : tensor<f32>, tensor<48x16xf32>, tensor<48xf32>
}
