// Imported from PyTorch 1.13 by remat-import-torch: a 2-block encoder (embedding, LayerNorm, 2-head softmax attention, GELU MLP; d=8, T=3, batch 2), test/Transforms/materialize-selective-separate.mlir.
// Backward seeded from output0.
func.func @train_step(%p_emb_weight: tensor<30x8xf32>,
    %p_blocks_0_ln1_weight: tensor<8xf32>,
    %p_blocks_0_ln1_bias: tensor<8xf32>,
    %p_blocks_0_qkv_weight: tensor<24x8xf32>,
    %p_blocks_0_qkv_bias: tensor<24xf32>,
    %p_blocks_0_o_weight: tensor<8x8xf32>,
    %p_blocks_0_o_bias: tensor<8xf32>,
    %p_blocks_0_ln2_weight: tensor<8xf32>,
    %p_blocks_0_ln2_bias: tensor<8xf32>,
    %p_blocks_0_ff_0_weight: tensor<32x8xf32>,
    %p_blocks_0_ff_0_bias: tensor<32xf32>,
    %p_blocks_0_ff_2_weight: tensor<8x32xf32>,
    %p_blocks_0_ff_2_bias: tensor<8xf32>,
    %p_blocks_1_ln1_weight: tensor<8xf32>,
    %p_blocks_1_ln1_bias: tensor<8xf32>,
    %p_blocks_1_qkv_weight: tensor<24x8xf32>,
    %p_blocks_1_qkv_bias: tensor<24xf32>,
    %p_blocks_1_o_weight: tensor<8x8xf32>,
    %p_blocks_1_o_bias: tensor<8xf32>,
    %p_blocks_1_ln2_weight: tensor<8xf32>,
    %p_blocks_1_ln2_bias: tensor<8xf32>,
    %p_blocks_1_ff_0_weight: tensor<32x8xf32>,
    %p_blocks_1_ff_0_bias: tensor<32xf32>,
    %p_blocks_1_ff_2_weight: tensor<8x32xf32>,
    %p_blocks_1_ff_2_bias: tensor<8xf32>,
    %p_cls_weight: tensor<3x8xf32>,
    %p_cls_bias: tensor<3xf32>,
    %input0: tensor<2x3xi64>,
    %input1: tensor<2xi64>,
    %grad_out0: tensor<f32> {remat.cotangent})
    -> (tensor<f32>, tensor<30x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<32x8xf32>, tensor<32xf32>, tensor<8x32xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<32x8xf32>, tensor<32xf32>, tensor<8x32xf32>, tensor<8xf32>, tensor<3x8xf32>, tensor<3xf32>) {
  %e1 = tensor.empty() : tensor<2x3x8xf32> loc("emb/aten.embedding")
  %g11 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%input0 : tensor<2x3xi64>) outs(%e1 : tensor<2x3x8xf32>) {
    ^bb0(%a2: i64, %a3: f32):
      %v4 = arith.constant 0 : i64
      %v5 = arith.maxsi %a2, %v4 : i64
      %v6 = arith.constant 29 : i64
      %v7 = arith.minsi %v5, %v6 : i64
      %v8 = arith.index_cast %v7 : i64 to index
      %v9 = linalg.index 2 : index
      %v10 = tensor.extract %p_emb_weight[%v8, %v9] : tensor<30x8xf32>
      linalg.yield %v10 : f32
    } -> tensor<2x3x8xf32> loc("emb/aten.embedding")
  %e12 = tensor.empty() : tensor<2x3xf32> loc("blocks.0.ln1/aten.native_layer_norm")
  %c13 = arith.constant 0.0 : f32 loc("blocks.0.ln1/aten.native_layer_norm")
  %f14 = linalg.fill ins(%c13 : f32) outs(%e12 : tensor<2x3xf32>) -> tensor<2x3xf32> loc("blocks.0.ln1/aten.native_layer_norm")
  %g18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g11 : tensor<2x3x8xf32>) outs(%f14 : tensor<2x3xf32>) {
    ^bb0(%a15: f32, %a16: f32):
      %v17 = arith.addf %a15, %a16 : f32
      linalg.yield %v17 : f32
    } -> tensor<2x3xf32> loc("blocks.0.ln1/aten.native_layer_norm")
  %r19 = tensor.expand_shape %g18 [[0], [1, 2]] output_shape [2, 3, 1] : tensor<2x3xf32> into tensor<2x3x1xf32> loc("blocks.0.ln1/aten.native_layer_norm")
  %e20 = tensor.empty() : tensor<2x3x1xf32> loc("blocks.0.ln1/aten.native_layer_norm")
  %g25 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r19 : tensor<2x3x1xf32>) outs(%e20 : tensor<2x3x1xf32>) {
    ^bb0(%a21: f32, %a22: f32):
      %v23 = arith.constant 8.0 : f32
      %v24 = arith.divf %a21, %v23 : f32
      linalg.yield %v24 : f32
    } -> tensor<2x3x1xf32> loc("blocks.0.ln1/aten.native_layer_norm")
  %e26 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.0.ln1/aten.native_layer_norm")
  %g32 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g11, %g25 : tensor<2x3x8xf32>, tensor<2x3x1xf32>) outs(%e26 : tensor<2x3x8xf32>) {
    ^bb0(%a27: f32, %a28: f32, %a29: f32):
      %v30 = arith.subf %a27, %a28 : f32
      %v31 = arith.mulf %v30, %v30 : f32
      linalg.yield %v31 : f32
    } -> tensor<2x3x8xf32> loc("blocks.0.ln1/aten.native_layer_norm")
  %e33 = tensor.empty() : tensor<2x3xf32> loc("blocks.0.ln1/aten.native_layer_norm")
  %c34 = arith.constant 0.0 : f32 loc("blocks.0.ln1/aten.native_layer_norm")
  %f35 = linalg.fill ins(%c34 : f32) outs(%e33 : tensor<2x3xf32>) -> tensor<2x3xf32> loc("blocks.0.ln1/aten.native_layer_norm")
  %g39 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g32 : tensor<2x3x8xf32>) outs(%f35 : tensor<2x3xf32>) {
    ^bb0(%a36: f32, %a37: f32):
      %v38 = arith.addf %a36, %a37 : f32
      linalg.yield %v38 : f32
    } -> tensor<2x3xf32> loc("blocks.0.ln1/aten.native_layer_norm")
  %r40 = tensor.expand_shape %g39 [[0], [1, 2]] output_shape [2, 3, 1] : tensor<2x3xf32> into tensor<2x3x1xf32> loc("blocks.0.ln1/aten.native_layer_norm")
  %e41 = tensor.empty() : tensor<2x3x1xf32> loc("blocks.0.ln1/aten.native_layer_norm")
  %g49 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r40 : tensor<2x3x1xf32>) outs(%e41 : tensor<2x3x1xf32>) {
    ^bb0(%a42: f32, %a43: f32):
      %v44 = arith.constant 8.0 : f32
      %v45 = arith.divf %a42, %v44 : f32
      %v46 = arith.constant 1.0e-05 : f32
      %v47 = arith.addf %v45, %v46 : f32
      %v48 = math.rsqrt %v47 : f32
      linalg.yield %v48 : f32
    } -> tensor<2x3x1xf32> loc("blocks.0.ln1/aten.native_layer_norm")
  %e50 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.0.ln1/aten.native_layer_norm")
  %g61 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g11, %g25, %g49, %p_blocks_0_ln1_weight, %p_blocks_0_ln1_bias : tensor<2x3x8xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>, tensor<8xf32>, tensor<8xf32>) outs(%e50 : tensor<2x3x8xf32>) {
    ^bb0(%a51: f32, %a52: f32, %a53: f32, %a54: f32, %a55: f32, %a56: f32):
      %v57 = arith.subf %a51, %a52 : f32
      %v58 = arith.mulf %v57, %a53 : f32
      %v59 = arith.mulf %v58, %a54 : f32
      %v60 = arith.addf %v59, %a55 : f32
      linalg.yield %v60 : f32
    } -> tensor<2x3x8xf32> loc("blocks.0.ln1/aten.native_layer_norm")
  %r62 = tensor.collapse_shape %g61 [[0, 1], [2]] : tensor<2x3x8xf32> into tensor<6x8xf32> loc("blocks.0.qkv/aten.view")
  %e63 = tensor.empty() : tensor<6x24xf32> loc("blocks.0.qkv/aten.addmm")
  %g66 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_blocks_0_qkv_bias : tensor<24xf32>) outs(%e63 : tensor<6x24xf32>) {
    ^bb0(%a64: f32, %a65: f32):
      linalg.yield %a64 : f32
    } -> tensor<6x24xf32> loc("blocks.0.qkv/aten.addmm")
  %mm67 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%r62, %p_blocks_0_qkv_weight : tensor<6x8xf32>, tensor<24x8xf32>) outs(%g66 : tensor<6x24xf32>) -> tensor<6x24xf32> loc("blocks.0.qkv/aten.addmm")
  %r68 = tensor.expand_shape %mm67 [[0, 1], [2]] output_shape [2, 3, 24] : tensor<6x24xf32> into tensor<2x3x24xf32> loc("blocks.0.qkv/aten.view")
  %s69 = tensor.extract_slice %r68[0, 0, 0] [2, 3, 8] [1, 1, 1] : tensor<2x3x24xf32> to tensor<2x3x8xf32> loc("blocks.0/aten.split")
  %s70 = tensor.extract_slice %r68[0, 0, 8] [2, 3, 8] [1, 1, 1] : tensor<2x3x24xf32> to tensor<2x3x8xf32> loc("blocks.0/aten.split")
  %s71 = tensor.extract_slice %r68[0, 0, 16] [2, 3, 8] [1, 1, 1] : tensor<2x3x24xf32> to tensor<2x3x8xf32> loc("blocks.0/aten.split")
  %r72 = tensor.expand_shape %s69 [[0], [1], [2, 3]] output_shape [2, 3, 2, 4] : tensor<2x3x8xf32> into tensor<2x3x2x4xf32> loc("blocks.0/aten.view")
  %r73 = tensor.expand_shape %s70 [[0], [1], [2, 3]] output_shape [2, 3, 2, 4] : tensor<2x3x8xf32> into tensor<2x3x2x4xf32> loc("blocks.0/aten.view")
  %r74 = tensor.expand_shape %s71 [[0], [1], [2, 3]] output_shape [2, 3, 2, 4] : tensor<2x3x8xf32> into tensor<2x3x2x4xf32> loc("blocks.0/aten.view")
  %e75 = tensor.empty() : tensor<2x2x3x4xf32> loc("blocks.0/aten._unsafe_view")
  %g78 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r72 : tensor<2x3x2x4xf32>) outs(%e75 : tensor<2x2x3x4xf32>) {
    ^bb0(%a76: f32, %a77: f32):
      linalg.yield %a76 : f32
    } -> tensor<2x2x3x4xf32> loc("blocks.0/aten._unsafe_view")
  %r79 = tensor.collapse_shape %g78 [[0, 1], [2], [3]] : tensor<2x2x3x4xf32> into tensor<4x3x4xf32> loc("blocks.0/aten._unsafe_view")
  %e80 = tensor.empty() : tensor<2x2x4x3xf32> loc("blocks.0/aten._unsafe_view")
  %g83 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r73 : tensor<2x3x2x4xf32>) outs(%e80 : tensor<2x2x4x3xf32>) {
    ^bb0(%a81: f32, %a82: f32):
      linalg.yield %a81 : f32
    } -> tensor<2x2x4x3xf32> loc("blocks.0/aten._unsafe_view")
  %r84 = tensor.collapse_shape %g83 [[0, 1], [2], [3]] : tensor<2x2x4x3xf32> into tensor<4x4x3xf32> loc("blocks.0/aten._unsafe_view")
  %e85 = tensor.empty() : tensor<4x3x3xf32> loc("blocks.0/aten.bmm")
  %c86 = arith.constant 0.0 : f32 loc("blocks.0/aten.bmm")
  %f87 = linalg.fill ins(%c86 : f32) outs(%e85 : tensor<4x3x3xf32>) -> tensor<4x3x3xf32> loc("blocks.0/aten.bmm")
  %mm88 = linalg.batch_matmul ins(%r79, %r84 : tensor<4x3x4xf32>, tensor<4x4x3xf32>) outs(%f87 : tensor<4x3x3xf32>) -> tensor<4x3x3xf32> loc("blocks.0/aten.bmm")
  %r89 = tensor.expand_shape %mm88 [[0, 1], [2], [3]] output_shape [2, 2, 3, 3] : tensor<4x3x3xf32> into tensor<2x2x3x3xf32> loc("blocks.0/aten._unsafe_view")
  %e90 = tensor.empty() : tensor<2x2x3x3xf32> loc("blocks.0/aten.div")
  %g95 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r89 : tensor<2x2x3x3xf32>) outs(%e90 : tensor<2x2x3x3xf32>) {
    ^bb0(%a91: f32, %a92: f32):
      %v93 = arith.constant 2.0 : f32
      %v94 = arith.divf %a91, %v93 : f32
      linalg.yield %v94 : f32
    } -> tensor<2x2x3x3xf32> loc("blocks.0/aten.div")
  %e96 = tensor.empty() : tensor<2x2x3x3xf32> loc("blocks.0/aten._softmax")
  %sm97 = linalg.softmax dimension(3) ins(%g95 : tensor<2x2x3x3xf32>) outs(%e96 : tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32> loc("blocks.0/aten._softmax")
  %r98 = tensor.collapse_shape %sm97 [[0, 1], [2], [3]] : tensor<2x2x3x3xf32> into tensor<4x3x3xf32> loc("blocks.0/aten._reshape_alias")
  %e99 = tensor.empty() : tensor<2x2x3x4xf32> loc("blocks.0/aten._unsafe_view")
  %g102 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r74 : tensor<2x3x2x4xf32>) outs(%e99 : tensor<2x2x3x4xf32>) {
    ^bb0(%a100: f32, %a101: f32):
      linalg.yield %a100 : f32
    } -> tensor<2x2x3x4xf32> loc("blocks.0/aten._unsafe_view")
  %r103 = tensor.collapse_shape %g102 [[0, 1], [2], [3]] : tensor<2x2x3x4xf32> into tensor<4x3x4xf32> loc("blocks.0/aten._unsafe_view")
  %e104 = tensor.empty() : tensor<4x3x4xf32> loc("blocks.0/aten.bmm")
  %c105 = arith.constant 0.0 : f32 loc("blocks.0/aten.bmm")
  %f106 = linalg.fill ins(%c105 : f32) outs(%e104 : tensor<4x3x4xf32>) -> tensor<4x3x4xf32> loc("blocks.0/aten.bmm")
  %mm107 = linalg.batch_matmul ins(%r98, %r103 : tensor<4x3x3xf32>, tensor<4x3x4xf32>) outs(%f106 : tensor<4x3x4xf32>) -> tensor<4x3x4xf32> loc("blocks.0/aten.bmm")
  %r108 = tensor.expand_shape %mm107 [[0, 1], [2], [3]] output_shape [2, 2, 3, 4] : tensor<4x3x4xf32> into tensor<2x2x3x4xf32> loc("blocks.0/aten._unsafe_view")
  %e109 = tensor.empty() : tensor<2x3x2x4xf32> loc("blocks.0/aten._unsafe_view")
  %g112 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r108 : tensor<2x2x3x4xf32>) outs(%e109 : tensor<2x3x2x4xf32>) {
    ^bb0(%a110: f32, %a111: f32):
      linalg.yield %a110 : f32
    } -> tensor<2x3x2x4xf32> loc("blocks.0/aten._unsafe_view")
  %r113 = tensor.collapse_shape %g112 [[0], [1], [2, 3]] : tensor<2x3x2x4xf32> into tensor<2x3x8xf32> loc("blocks.0/aten._unsafe_view")
  %r114 = tensor.collapse_shape %r113 [[0, 1], [2]] : tensor<2x3x8xf32> into tensor<6x8xf32> loc("blocks.0.o/aten.view")
  %e115 = tensor.empty() : tensor<6x8xf32> loc("blocks.0.o/aten.addmm")
  %g118 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_blocks_0_o_bias : tensor<8xf32>) outs(%e115 : tensor<6x8xf32>) {
    ^bb0(%a116: f32, %a117: f32):
      linalg.yield %a116 : f32
    } -> tensor<6x8xf32> loc("blocks.0.o/aten.addmm")
  %mm119 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%r114, %p_blocks_0_o_weight : tensor<6x8xf32>, tensor<8x8xf32>) outs(%g118 : tensor<6x8xf32>) -> tensor<6x8xf32> loc("blocks.0.o/aten.addmm")
  %r120 = tensor.expand_shape %mm119 [[0, 1], [2]] output_shape [2, 3, 8] : tensor<6x8xf32> into tensor<2x3x8xf32> loc("blocks.0.o/aten.view")
  %e121 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.0/aten.add")
  %g126 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g11, %r120 : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%e121 : tensor<2x3x8xf32>) {
    ^bb0(%a122: f32, %a123: f32, %a124: f32):
      %v125 = arith.addf %a122, %a123 : f32
      linalg.yield %v125 : f32
    } -> tensor<2x3x8xf32> loc("blocks.0/aten.add")
  %e127 = tensor.empty() : tensor<2x3xf32> loc("blocks.0.ln2/aten.native_layer_norm")
  %c128 = arith.constant 0.0 : f32 loc("blocks.0.ln2/aten.native_layer_norm")
  %f129 = linalg.fill ins(%c128 : f32) outs(%e127 : tensor<2x3xf32>) -> tensor<2x3xf32> loc("blocks.0.ln2/aten.native_layer_norm")
  %g133 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g126 : tensor<2x3x8xf32>) outs(%f129 : tensor<2x3xf32>) {
    ^bb0(%a130: f32, %a131: f32):
      %v132 = arith.addf %a130, %a131 : f32
      linalg.yield %v132 : f32
    } -> tensor<2x3xf32> loc("blocks.0.ln2/aten.native_layer_norm")
  %r134 = tensor.expand_shape %g133 [[0], [1, 2]] output_shape [2, 3, 1] : tensor<2x3xf32> into tensor<2x3x1xf32> loc("blocks.0.ln2/aten.native_layer_norm")
  %e135 = tensor.empty() : tensor<2x3x1xf32> loc("blocks.0.ln2/aten.native_layer_norm")
  %g140 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r134 : tensor<2x3x1xf32>) outs(%e135 : tensor<2x3x1xf32>) {
    ^bb0(%a136: f32, %a137: f32):
      %v138 = arith.constant 8.0 : f32
      %v139 = arith.divf %a136, %v138 : f32
      linalg.yield %v139 : f32
    } -> tensor<2x3x1xf32> loc("blocks.0.ln2/aten.native_layer_norm")
  %e141 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.0.ln2/aten.native_layer_norm")
  %g147 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g126, %g140 : tensor<2x3x8xf32>, tensor<2x3x1xf32>) outs(%e141 : tensor<2x3x8xf32>) {
    ^bb0(%a142: f32, %a143: f32, %a144: f32):
      %v145 = arith.subf %a142, %a143 : f32
      %v146 = arith.mulf %v145, %v145 : f32
      linalg.yield %v146 : f32
    } -> tensor<2x3x8xf32> loc("blocks.0.ln2/aten.native_layer_norm")
  %e148 = tensor.empty() : tensor<2x3xf32> loc("blocks.0.ln2/aten.native_layer_norm")
  %c149 = arith.constant 0.0 : f32 loc("blocks.0.ln2/aten.native_layer_norm")
  %f150 = linalg.fill ins(%c149 : f32) outs(%e148 : tensor<2x3xf32>) -> tensor<2x3xf32> loc("blocks.0.ln2/aten.native_layer_norm")
  %g154 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g147 : tensor<2x3x8xf32>) outs(%f150 : tensor<2x3xf32>) {
    ^bb0(%a151: f32, %a152: f32):
      %v153 = arith.addf %a151, %a152 : f32
      linalg.yield %v153 : f32
    } -> tensor<2x3xf32> loc("blocks.0.ln2/aten.native_layer_norm")
  %r155 = tensor.expand_shape %g154 [[0], [1, 2]] output_shape [2, 3, 1] : tensor<2x3xf32> into tensor<2x3x1xf32> loc("blocks.0.ln2/aten.native_layer_norm")
  %e156 = tensor.empty() : tensor<2x3x1xf32> loc("blocks.0.ln2/aten.native_layer_norm")
  %g164 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r155 : tensor<2x3x1xf32>) outs(%e156 : tensor<2x3x1xf32>) {
    ^bb0(%a157: f32, %a158: f32):
      %v159 = arith.constant 8.0 : f32
      %v160 = arith.divf %a157, %v159 : f32
      %v161 = arith.constant 1.0e-05 : f32
      %v162 = arith.addf %v160, %v161 : f32
      %v163 = math.rsqrt %v162 : f32
      linalg.yield %v163 : f32
    } -> tensor<2x3x1xf32> loc("blocks.0.ln2/aten.native_layer_norm")
  %e165 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.0.ln2/aten.native_layer_norm")
  %g176 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g126, %g140, %g164, %p_blocks_0_ln2_weight, %p_blocks_0_ln2_bias : tensor<2x3x8xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>, tensor<8xf32>, tensor<8xf32>) outs(%e165 : tensor<2x3x8xf32>) {
    ^bb0(%a166: f32, %a167: f32, %a168: f32, %a169: f32, %a170: f32, %a171: f32):
      %v172 = arith.subf %a166, %a167 : f32
      %v173 = arith.mulf %v172, %a168 : f32
      %v174 = arith.mulf %v173, %a169 : f32
      %v175 = arith.addf %v174, %a170 : f32
      linalg.yield %v175 : f32
    } -> tensor<2x3x8xf32> loc("blocks.0.ln2/aten.native_layer_norm")
  %r177 = tensor.collapse_shape %g176 [[0, 1], [2]] : tensor<2x3x8xf32> into tensor<6x8xf32> loc("blocks.0.ff.0/aten.view")
  %e178 = tensor.empty() : tensor<6x32xf32> loc("blocks.0.ff.0/aten.addmm")
  %g181 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_blocks_0_ff_0_bias : tensor<32xf32>) outs(%e178 : tensor<6x32xf32>) {
    ^bb0(%a179: f32, %a180: f32):
      linalg.yield %a179 : f32
    } -> tensor<6x32xf32> loc("blocks.0.ff.0/aten.addmm")
  %mm182 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%r177, %p_blocks_0_ff_0_weight : tensor<6x8xf32>, tensor<32x8xf32>) outs(%g181 : tensor<6x32xf32>) -> tensor<6x32xf32> loc("blocks.0.ff.0/aten.addmm")
  %r183 = tensor.expand_shape %mm182 [[0, 1], [2]] output_shape [2, 3, 32] : tensor<6x32xf32> into tensor<2x3x32xf32> loc("blocks.0.ff.0/aten.view")
  %e184 = tensor.empty() : tensor<2x3x32xf32> loc("blocks.0.ff.1/aten.gelu")
  %g195 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r183 : tensor<2x3x32xf32>) outs(%e184 : tensor<2x3x32xf32>) {
    ^bb0(%a185: f32, %a186: f32):
      %v187 = arith.constant 0.5 : f32
      %v188 = arith.constant 1.0 : f32
      %v189 = arith.constant 0.7071067811865475 : f32
      %v190 = arith.mulf %a185, %v189 : f32
      %v191 = math.erf %v190 : f32
      %v192 = arith.mulf %a185, %v187 : f32
      %v193 = arith.addf %v188, %v191 : f32
      %v194 = arith.mulf %v192, %v193 : f32
      linalg.yield %v194 : f32
    } -> tensor<2x3x32xf32> loc("blocks.0.ff.1/aten.gelu")
  %r196 = tensor.collapse_shape %g195 [[0, 1], [2]] : tensor<2x3x32xf32> into tensor<6x32xf32> loc("blocks.0.ff.2/aten.view")
  %e197 = tensor.empty() : tensor<6x8xf32> loc("blocks.0.ff.2/aten.addmm")
  %g200 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_blocks_0_ff_2_bias : tensor<8xf32>) outs(%e197 : tensor<6x8xf32>) {
    ^bb0(%a198: f32, %a199: f32):
      linalg.yield %a198 : f32
    } -> tensor<6x8xf32> loc("blocks.0.ff.2/aten.addmm")
  %mm201 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%r196, %p_blocks_0_ff_2_weight : tensor<6x32xf32>, tensor<8x32xf32>) outs(%g200 : tensor<6x8xf32>) -> tensor<6x8xf32> loc("blocks.0.ff.2/aten.addmm")
  %r202 = tensor.expand_shape %mm201 [[0, 1], [2]] output_shape [2, 3, 8] : tensor<6x8xf32> into tensor<2x3x8xf32> loc("blocks.0.ff.2/aten.view")
  %e203 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.0/aten.add")
  %g208 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g126, %r202 : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%e203 : tensor<2x3x8xf32>) {
    ^bb0(%a204: f32, %a205: f32, %a206: f32):
      %v207 = arith.addf %a204, %a205 : f32
      linalg.yield %v207 : f32
    } -> tensor<2x3x8xf32> loc("blocks.0/aten.add")
  %e209 = tensor.empty() : tensor<2x3xf32> loc("blocks.1.ln1/aten.native_layer_norm")
  %c210 = arith.constant 0.0 : f32 loc("blocks.1.ln1/aten.native_layer_norm")
  %f211 = linalg.fill ins(%c210 : f32) outs(%e209 : tensor<2x3xf32>) -> tensor<2x3xf32> loc("blocks.1.ln1/aten.native_layer_norm")
  %g215 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g208 : tensor<2x3x8xf32>) outs(%f211 : tensor<2x3xf32>) {
    ^bb0(%a212: f32, %a213: f32):
      %v214 = arith.addf %a212, %a213 : f32
      linalg.yield %v214 : f32
    } -> tensor<2x3xf32> loc("blocks.1.ln1/aten.native_layer_norm")
  %r216 = tensor.expand_shape %g215 [[0], [1, 2]] output_shape [2, 3, 1] : tensor<2x3xf32> into tensor<2x3x1xf32> loc("blocks.1.ln1/aten.native_layer_norm")
  %e217 = tensor.empty() : tensor<2x3x1xf32> loc("blocks.1.ln1/aten.native_layer_norm")
  %g222 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r216 : tensor<2x3x1xf32>) outs(%e217 : tensor<2x3x1xf32>) {
    ^bb0(%a218: f32, %a219: f32):
      %v220 = arith.constant 8.0 : f32
      %v221 = arith.divf %a218, %v220 : f32
      linalg.yield %v221 : f32
    } -> tensor<2x3x1xf32> loc("blocks.1.ln1/aten.native_layer_norm")
  %e223 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.1.ln1/aten.native_layer_norm")
  %g229 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g208, %g222 : tensor<2x3x8xf32>, tensor<2x3x1xf32>) outs(%e223 : tensor<2x3x8xf32>) {
    ^bb0(%a224: f32, %a225: f32, %a226: f32):
      %v227 = arith.subf %a224, %a225 : f32
      %v228 = arith.mulf %v227, %v227 : f32
      linalg.yield %v228 : f32
    } -> tensor<2x3x8xf32> loc("blocks.1.ln1/aten.native_layer_norm")
  %e230 = tensor.empty() : tensor<2x3xf32> loc("blocks.1.ln1/aten.native_layer_norm")
  %c231 = arith.constant 0.0 : f32 loc("blocks.1.ln1/aten.native_layer_norm")
  %f232 = linalg.fill ins(%c231 : f32) outs(%e230 : tensor<2x3xf32>) -> tensor<2x3xf32> loc("blocks.1.ln1/aten.native_layer_norm")
  %g236 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g229 : tensor<2x3x8xf32>) outs(%f232 : tensor<2x3xf32>) {
    ^bb0(%a233: f32, %a234: f32):
      %v235 = arith.addf %a233, %a234 : f32
      linalg.yield %v235 : f32
    } -> tensor<2x3xf32> loc("blocks.1.ln1/aten.native_layer_norm")
  %r237 = tensor.expand_shape %g236 [[0], [1, 2]] output_shape [2, 3, 1] : tensor<2x3xf32> into tensor<2x3x1xf32> loc("blocks.1.ln1/aten.native_layer_norm")
  %e238 = tensor.empty() : tensor<2x3x1xf32> loc("blocks.1.ln1/aten.native_layer_norm")
  %g246 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r237 : tensor<2x3x1xf32>) outs(%e238 : tensor<2x3x1xf32>) {
    ^bb0(%a239: f32, %a240: f32):
      %v241 = arith.constant 8.0 : f32
      %v242 = arith.divf %a239, %v241 : f32
      %v243 = arith.constant 1.0e-05 : f32
      %v244 = arith.addf %v242, %v243 : f32
      %v245 = math.rsqrt %v244 : f32
      linalg.yield %v245 : f32
    } -> tensor<2x3x1xf32> loc("blocks.1.ln1/aten.native_layer_norm")
  %e247 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.1.ln1/aten.native_layer_norm")
  %g258 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g208, %g222, %g246, %p_blocks_1_ln1_weight, %p_blocks_1_ln1_bias : tensor<2x3x8xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>, tensor<8xf32>, tensor<8xf32>) outs(%e247 : tensor<2x3x8xf32>) {
    ^bb0(%a248: f32, %a249: f32, %a250: f32, %a251: f32, %a252: f32, %a253: f32):
      %v254 = arith.subf %a248, %a249 : f32
      %v255 = arith.mulf %v254, %a250 : f32
      %v256 = arith.mulf %v255, %a251 : f32
      %v257 = arith.addf %v256, %a252 : f32
      linalg.yield %v257 : f32
    } -> tensor<2x3x8xf32> loc("blocks.1.ln1/aten.native_layer_norm")
  %r259 = tensor.collapse_shape %g258 [[0, 1], [2]] : tensor<2x3x8xf32> into tensor<6x8xf32> loc("blocks.1.qkv/aten.view")
  %e260 = tensor.empty() : tensor<6x24xf32> loc("blocks.1.qkv/aten.addmm")
  %g263 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_blocks_1_qkv_bias : tensor<24xf32>) outs(%e260 : tensor<6x24xf32>) {
    ^bb0(%a261: f32, %a262: f32):
      linalg.yield %a261 : f32
    } -> tensor<6x24xf32> loc("blocks.1.qkv/aten.addmm")
  %mm264 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%r259, %p_blocks_1_qkv_weight : tensor<6x8xf32>, tensor<24x8xf32>) outs(%g263 : tensor<6x24xf32>) -> tensor<6x24xf32> loc("blocks.1.qkv/aten.addmm")
  %r265 = tensor.expand_shape %mm264 [[0, 1], [2]] output_shape [2, 3, 24] : tensor<6x24xf32> into tensor<2x3x24xf32> loc("blocks.1.qkv/aten.view")
  %s266 = tensor.extract_slice %r265[0, 0, 0] [2, 3, 8] [1, 1, 1] : tensor<2x3x24xf32> to tensor<2x3x8xf32> loc("blocks.1/aten.split")
  %s267 = tensor.extract_slice %r265[0, 0, 8] [2, 3, 8] [1, 1, 1] : tensor<2x3x24xf32> to tensor<2x3x8xf32> loc("blocks.1/aten.split")
  %s268 = tensor.extract_slice %r265[0, 0, 16] [2, 3, 8] [1, 1, 1] : tensor<2x3x24xf32> to tensor<2x3x8xf32> loc("blocks.1/aten.split")
  %r269 = tensor.expand_shape %s266 [[0], [1], [2, 3]] output_shape [2, 3, 2, 4] : tensor<2x3x8xf32> into tensor<2x3x2x4xf32> loc("blocks.1/aten.view")
  %r270 = tensor.expand_shape %s267 [[0], [1], [2, 3]] output_shape [2, 3, 2, 4] : tensor<2x3x8xf32> into tensor<2x3x2x4xf32> loc("blocks.1/aten.view")
  %r271 = tensor.expand_shape %s268 [[0], [1], [2, 3]] output_shape [2, 3, 2, 4] : tensor<2x3x8xf32> into tensor<2x3x2x4xf32> loc("blocks.1/aten.view")
  %e272 = tensor.empty() : tensor<2x2x3x4xf32> loc("blocks.1/aten._unsafe_view")
  %g275 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r269 : tensor<2x3x2x4xf32>) outs(%e272 : tensor<2x2x3x4xf32>) {
    ^bb0(%a273: f32, %a274: f32):
      linalg.yield %a273 : f32
    } -> tensor<2x2x3x4xf32> loc("blocks.1/aten._unsafe_view")
  %r276 = tensor.collapse_shape %g275 [[0, 1], [2], [3]] : tensor<2x2x3x4xf32> into tensor<4x3x4xf32> loc("blocks.1/aten._unsafe_view")
  %e277 = tensor.empty() : tensor<2x2x4x3xf32> loc("blocks.1/aten._unsafe_view")
  %g280 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r270 : tensor<2x3x2x4xf32>) outs(%e277 : tensor<2x2x4x3xf32>) {
    ^bb0(%a278: f32, %a279: f32):
      linalg.yield %a278 : f32
    } -> tensor<2x2x4x3xf32> loc("blocks.1/aten._unsafe_view")
  %r281 = tensor.collapse_shape %g280 [[0, 1], [2], [3]] : tensor<2x2x4x3xf32> into tensor<4x4x3xf32> loc("blocks.1/aten._unsafe_view")
  %e282 = tensor.empty() : tensor<4x3x3xf32> loc("blocks.1/aten.bmm")
  %c283 = arith.constant 0.0 : f32 loc("blocks.1/aten.bmm")
  %f284 = linalg.fill ins(%c283 : f32) outs(%e282 : tensor<4x3x3xf32>) -> tensor<4x3x3xf32> loc("blocks.1/aten.bmm")
  %mm285 = linalg.batch_matmul ins(%r276, %r281 : tensor<4x3x4xf32>, tensor<4x4x3xf32>) outs(%f284 : tensor<4x3x3xf32>) -> tensor<4x3x3xf32> loc("blocks.1/aten.bmm")
  %r286 = tensor.expand_shape %mm285 [[0, 1], [2], [3]] output_shape [2, 2, 3, 3] : tensor<4x3x3xf32> into tensor<2x2x3x3xf32> loc("blocks.1/aten._unsafe_view")
  %e287 = tensor.empty() : tensor<2x2x3x3xf32> loc("blocks.1/aten.div")
  %g292 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r286 : tensor<2x2x3x3xf32>) outs(%e287 : tensor<2x2x3x3xf32>) {
    ^bb0(%a288: f32, %a289: f32):
      %v290 = arith.constant 2.0 : f32
      %v291 = arith.divf %a288, %v290 : f32
      linalg.yield %v291 : f32
    } -> tensor<2x2x3x3xf32> loc("blocks.1/aten.div")
  %e293 = tensor.empty() : tensor<2x2x3x3xf32> loc("blocks.1/aten._softmax")
  %sm294 = linalg.softmax dimension(3) ins(%g292 : tensor<2x2x3x3xf32>) outs(%e293 : tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32> loc("blocks.1/aten._softmax")
  %r295 = tensor.collapse_shape %sm294 [[0, 1], [2], [3]] : tensor<2x2x3x3xf32> into tensor<4x3x3xf32> loc("blocks.1/aten._reshape_alias")
  %e296 = tensor.empty() : tensor<2x2x3x4xf32> loc("blocks.1/aten._unsafe_view")
  %g299 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r271 : tensor<2x3x2x4xf32>) outs(%e296 : tensor<2x2x3x4xf32>) {
    ^bb0(%a297: f32, %a298: f32):
      linalg.yield %a297 : f32
    } -> tensor<2x2x3x4xf32> loc("blocks.1/aten._unsafe_view")
  %r300 = tensor.collapse_shape %g299 [[0, 1], [2], [3]] : tensor<2x2x3x4xf32> into tensor<4x3x4xf32> loc("blocks.1/aten._unsafe_view")
  %e301 = tensor.empty() : tensor<4x3x4xf32> loc("blocks.1/aten.bmm")
  %c302 = arith.constant 0.0 : f32 loc("blocks.1/aten.bmm")
  %f303 = linalg.fill ins(%c302 : f32) outs(%e301 : tensor<4x3x4xf32>) -> tensor<4x3x4xf32> loc("blocks.1/aten.bmm")
  %mm304 = linalg.batch_matmul ins(%r295, %r300 : tensor<4x3x3xf32>, tensor<4x3x4xf32>) outs(%f303 : tensor<4x3x4xf32>) -> tensor<4x3x4xf32> loc("blocks.1/aten.bmm")
  %r305 = tensor.expand_shape %mm304 [[0, 1], [2], [3]] output_shape [2, 2, 3, 4] : tensor<4x3x4xf32> into tensor<2x2x3x4xf32> loc("blocks.1/aten._unsafe_view")
  %e306 = tensor.empty() : tensor<2x3x2x4xf32> loc("blocks.1/aten._unsafe_view")
  %g309 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r305 : tensor<2x2x3x4xf32>) outs(%e306 : tensor<2x3x2x4xf32>) {
    ^bb0(%a307: f32, %a308: f32):
      linalg.yield %a307 : f32
    } -> tensor<2x3x2x4xf32> loc("blocks.1/aten._unsafe_view")
  %r310 = tensor.collapse_shape %g309 [[0], [1], [2, 3]] : tensor<2x3x2x4xf32> into tensor<2x3x8xf32> loc("blocks.1/aten._unsafe_view")
  %r311 = tensor.collapse_shape %r310 [[0, 1], [2]] : tensor<2x3x8xf32> into tensor<6x8xf32> loc("blocks.1.o/aten.view")
  %e312 = tensor.empty() : tensor<6x8xf32> loc("blocks.1.o/aten.addmm")
  %g315 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_blocks_1_o_bias : tensor<8xf32>) outs(%e312 : tensor<6x8xf32>) {
    ^bb0(%a313: f32, %a314: f32):
      linalg.yield %a313 : f32
    } -> tensor<6x8xf32> loc("blocks.1.o/aten.addmm")
  %mm316 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%r311, %p_blocks_1_o_weight : tensor<6x8xf32>, tensor<8x8xf32>) outs(%g315 : tensor<6x8xf32>) -> tensor<6x8xf32> loc("blocks.1.o/aten.addmm")
  %r317 = tensor.expand_shape %mm316 [[0, 1], [2]] output_shape [2, 3, 8] : tensor<6x8xf32> into tensor<2x3x8xf32> loc("blocks.1.o/aten.view")
  %e318 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.1/aten.add")
  %g323 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g208, %r317 : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%e318 : tensor<2x3x8xf32>) {
    ^bb0(%a319: f32, %a320: f32, %a321: f32):
      %v322 = arith.addf %a319, %a320 : f32
      linalg.yield %v322 : f32
    } -> tensor<2x3x8xf32> loc("blocks.1/aten.add")
  %e324 = tensor.empty() : tensor<2x3xf32> loc("blocks.1.ln2/aten.native_layer_norm")
  %c325 = arith.constant 0.0 : f32 loc("blocks.1.ln2/aten.native_layer_norm")
  %f326 = linalg.fill ins(%c325 : f32) outs(%e324 : tensor<2x3xf32>) -> tensor<2x3xf32> loc("blocks.1.ln2/aten.native_layer_norm")
  %g330 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g323 : tensor<2x3x8xf32>) outs(%f326 : tensor<2x3xf32>) {
    ^bb0(%a327: f32, %a328: f32):
      %v329 = arith.addf %a327, %a328 : f32
      linalg.yield %v329 : f32
    } -> tensor<2x3xf32> loc("blocks.1.ln2/aten.native_layer_norm")
  %r331 = tensor.expand_shape %g330 [[0], [1, 2]] output_shape [2, 3, 1] : tensor<2x3xf32> into tensor<2x3x1xf32> loc("blocks.1.ln2/aten.native_layer_norm")
  %e332 = tensor.empty() : tensor<2x3x1xf32> loc("blocks.1.ln2/aten.native_layer_norm")
  %g337 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r331 : tensor<2x3x1xf32>) outs(%e332 : tensor<2x3x1xf32>) {
    ^bb0(%a333: f32, %a334: f32):
      %v335 = arith.constant 8.0 : f32
      %v336 = arith.divf %a333, %v335 : f32
      linalg.yield %v336 : f32
    } -> tensor<2x3x1xf32> loc("blocks.1.ln2/aten.native_layer_norm")
  %e338 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.1.ln2/aten.native_layer_norm")
  %g344 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g323, %g337 : tensor<2x3x8xf32>, tensor<2x3x1xf32>) outs(%e338 : tensor<2x3x8xf32>) {
    ^bb0(%a339: f32, %a340: f32, %a341: f32):
      %v342 = arith.subf %a339, %a340 : f32
      %v343 = arith.mulf %v342, %v342 : f32
      linalg.yield %v343 : f32
    } -> tensor<2x3x8xf32> loc("blocks.1.ln2/aten.native_layer_norm")
  %e345 = tensor.empty() : tensor<2x3xf32> loc("blocks.1.ln2/aten.native_layer_norm")
  %c346 = arith.constant 0.0 : f32 loc("blocks.1.ln2/aten.native_layer_norm")
  %f347 = linalg.fill ins(%c346 : f32) outs(%e345 : tensor<2x3xf32>) -> tensor<2x3xf32> loc("blocks.1.ln2/aten.native_layer_norm")
  %g351 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g344 : tensor<2x3x8xf32>) outs(%f347 : tensor<2x3xf32>) {
    ^bb0(%a348: f32, %a349: f32):
      %v350 = arith.addf %a348, %a349 : f32
      linalg.yield %v350 : f32
    } -> tensor<2x3xf32> loc("blocks.1.ln2/aten.native_layer_norm")
  %r352 = tensor.expand_shape %g351 [[0], [1, 2]] output_shape [2, 3, 1] : tensor<2x3xf32> into tensor<2x3x1xf32> loc("blocks.1.ln2/aten.native_layer_norm")
  %e353 = tensor.empty() : tensor<2x3x1xf32> loc("blocks.1.ln2/aten.native_layer_norm")
  %g361 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r352 : tensor<2x3x1xf32>) outs(%e353 : tensor<2x3x1xf32>) {
    ^bb0(%a354: f32, %a355: f32):
      %v356 = arith.constant 8.0 : f32
      %v357 = arith.divf %a354, %v356 : f32
      %v358 = arith.constant 1.0e-05 : f32
      %v359 = arith.addf %v357, %v358 : f32
      %v360 = math.rsqrt %v359 : f32
      linalg.yield %v360 : f32
    } -> tensor<2x3x1xf32> loc("blocks.1.ln2/aten.native_layer_norm")
  %e362 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.1.ln2/aten.native_layer_norm")
  %g373 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g323, %g337, %g361, %p_blocks_1_ln2_weight, %p_blocks_1_ln2_bias : tensor<2x3x8xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>, tensor<8xf32>, tensor<8xf32>) outs(%e362 : tensor<2x3x8xf32>) {
    ^bb0(%a363: f32, %a364: f32, %a365: f32, %a366: f32, %a367: f32, %a368: f32):
      %v369 = arith.subf %a363, %a364 : f32
      %v370 = arith.mulf %v369, %a365 : f32
      %v371 = arith.mulf %v370, %a366 : f32
      %v372 = arith.addf %v371, %a367 : f32
      linalg.yield %v372 : f32
    } -> tensor<2x3x8xf32> loc("blocks.1.ln2/aten.native_layer_norm")
  %r374 = tensor.collapse_shape %g373 [[0, 1], [2]] : tensor<2x3x8xf32> into tensor<6x8xf32> loc("blocks.1.ff.0/aten.view")
  %e375 = tensor.empty() : tensor<6x32xf32> loc("blocks.1.ff.0/aten.addmm")
  %g378 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_blocks_1_ff_0_bias : tensor<32xf32>) outs(%e375 : tensor<6x32xf32>) {
    ^bb0(%a376: f32, %a377: f32):
      linalg.yield %a376 : f32
    } -> tensor<6x32xf32> loc("blocks.1.ff.0/aten.addmm")
  %mm379 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%r374, %p_blocks_1_ff_0_weight : tensor<6x8xf32>, tensor<32x8xf32>) outs(%g378 : tensor<6x32xf32>) -> tensor<6x32xf32> loc("blocks.1.ff.0/aten.addmm")
  %r380 = tensor.expand_shape %mm379 [[0, 1], [2]] output_shape [2, 3, 32] : tensor<6x32xf32> into tensor<2x3x32xf32> loc("blocks.1.ff.0/aten.view")
  %e381 = tensor.empty() : tensor<2x3x32xf32> loc("blocks.1.ff.1/aten.gelu")
  %g392 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r380 : tensor<2x3x32xf32>) outs(%e381 : tensor<2x3x32xf32>) {
    ^bb0(%a382: f32, %a383: f32):
      %v384 = arith.constant 0.5 : f32
      %v385 = arith.constant 1.0 : f32
      %v386 = arith.constant 0.7071067811865475 : f32
      %v387 = arith.mulf %a382, %v386 : f32
      %v388 = math.erf %v387 : f32
      %v389 = arith.mulf %a382, %v384 : f32
      %v390 = arith.addf %v385, %v388 : f32
      %v391 = arith.mulf %v389, %v390 : f32
      linalg.yield %v391 : f32
    } -> tensor<2x3x32xf32> loc("blocks.1.ff.1/aten.gelu")
  %r393 = tensor.collapse_shape %g392 [[0, 1], [2]] : tensor<2x3x32xf32> into tensor<6x32xf32> loc("blocks.1.ff.2/aten.view")
  %e394 = tensor.empty() : tensor<6x8xf32> loc("blocks.1.ff.2/aten.addmm")
  %g397 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_blocks_1_ff_2_bias : tensor<8xf32>) outs(%e394 : tensor<6x8xf32>) {
    ^bb0(%a395: f32, %a396: f32):
      linalg.yield %a395 : f32
    } -> tensor<6x8xf32> loc("blocks.1.ff.2/aten.addmm")
  %mm398 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%r393, %p_blocks_1_ff_2_weight : tensor<6x32xf32>, tensor<8x32xf32>) outs(%g397 : tensor<6x8xf32>) -> tensor<6x8xf32> loc("blocks.1.ff.2/aten.addmm")
  %r399 = tensor.expand_shape %mm398 [[0, 1], [2]] output_shape [2, 3, 8] : tensor<6x8xf32> into tensor<2x3x8xf32> loc("blocks.1.ff.2/aten.view")
  %e400 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.1/aten.add")
  %g405 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g323, %r399 : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%e400 : tensor<2x3x8xf32>) {
    ^bb0(%a401: f32, %a402: f32, %a403: f32):
      %v404 = arith.addf %a401, %a402 : f32
      linalg.yield %v404 : f32
    } -> tensor<2x3x8xf32> loc("blocks.1/aten.add")
  %e406 = tensor.empty() : tensor<2x8xf32> loc("aten.mean")
  %c407 = arith.constant 0.0 : f32 loc("aten.mean")
  %f408 = linalg.fill ins(%c407 : f32) outs(%e406 : tensor<2x8xf32>) -> tensor<2x8xf32> loc("aten.mean")
  %g412 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g405 : tensor<2x3x8xf32>) outs(%f408 : tensor<2x8xf32>) {
    ^bb0(%a409: f32, %a410: f32):
      %v411 = arith.addf %a409, %a410 : f32
      linalg.yield %v411 : f32
    } -> tensor<2x8xf32> loc("aten.mean")
  %e413 = tensor.empty() : tensor<2x8xf32> loc("aten.mean")
  %g418 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g412 : tensor<2x8xf32>) outs(%e413 : tensor<2x8xf32>) {
    ^bb0(%a414: f32, %a415: f32):
      %v416 = arith.constant 3.0 : f32
      %v417 = arith.divf %a414, %v416 : f32
      linalg.yield %v417 : f32
    } -> tensor<2x8xf32> loc("aten.mean")
  %e419 = tensor.empty() : tensor<2x3xf32> loc("cls/aten.addmm")
  %g422 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_cls_bias : tensor<3xf32>) outs(%e419 : tensor<2x3xf32>) {
    ^bb0(%a420: f32, %a421: f32):
      linalg.yield %a420 : f32
    } -> tensor<2x3xf32> loc("cls/aten.addmm")
  %mm423 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%g418, %p_cls_weight : tensor<2x8xf32>, tensor<3x8xf32>) outs(%g422 : tensor<2x3xf32>) -> tensor<2x3xf32> loc("cls/aten.addmm")
  %e424 = tensor.empty() : tensor<2xf32> loc("aten._log_softmax")
  %c425 = arith.constant 0xFF800000 : f32 loc("aten._log_softmax")
  %f426 = linalg.fill ins(%c425 : f32) outs(%e424 : tensor<2xf32>) -> tensor<2xf32> loc("aten._log_softmax")
  %g430 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%mm423 : tensor<2x3xf32>) outs(%f426 : tensor<2xf32>) {
    ^bb0(%a427: f32, %a428: f32):
      %v429 = arith.maximumf %a427, %a428 : f32
      linalg.yield %v429 : f32
    } -> tensor<2xf32> loc("aten._log_softmax")
  %e431 = tensor.empty() : tensor<2x3xf32> loc("aten._log_softmax")
  %g437 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm423, %g430 : tensor<2x3xf32>, tensor<2xf32>) outs(%e431 : tensor<2x3xf32>) {
    ^bb0(%a432: f32, %a433: f32, %a434: f32):
      %v435 = arith.subf %a432, %a433 : f32
      %v436 = math.exp %v435 : f32
      linalg.yield %v436 : f32
    } -> tensor<2x3xf32> loc("aten._log_softmax")
  %e438 = tensor.empty() : tensor<2xf32> loc("aten._log_softmax")
  %c439 = arith.constant 0.0 : f32 loc("aten._log_softmax")
  %f440 = linalg.fill ins(%c439 : f32) outs(%e438 : tensor<2xf32>) -> tensor<2xf32> loc("aten._log_softmax")
  %g444 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g437 : tensor<2x3xf32>) outs(%f440 : tensor<2xf32>) {
    ^bb0(%a441: f32, %a442: f32):
      %v443 = arith.addf %a441, %a442 : f32
      linalg.yield %v443 : f32
    } -> tensor<2xf32> loc("aten._log_softmax")
  %e445 = tensor.empty() : tensor<2x3xf32> loc("aten._log_softmax")
  %g453 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm423, %g430, %g444 : tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e445 : tensor<2x3xf32>) {
    ^bb0(%a446: f32, %a447: f32, %a448: f32, %a449: f32):
      %v450 = arith.subf %a446, %a447 : f32
      %v451 = math.log %a448 : f32
      %v452 = arith.subf %v450, %v451 : f32
      linalg.yield %v452 : f32
    } -> tensor<2x3xf32> loc("aten._log_softmax")
  %e454 = tensor.empty() : tensor<2xf32> loc("aten.nll_loss_forward")
  %e455 = tensor.empty() : tensor<2xf32> loc("aten.nll_loss_forward")
  %g474:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%input1 : tensor<2xi64>) outs(%e454, %e455 : tensor<2xf32>, tensor<2xf32>) {
    ^bb0(%a456: i64, %a457: f32, %a458: f32):
      %v459 = arith.constant -100 : i64
      %v460 = arith.cmpi ne, %a456, %v459 : i64
      %v461 = arith.constant 0 : i64
      %v462 = arith.select %v460, %a456, %v461 : i64
      %v463 = arith.maxsi %v462, %v461 : i64
      %v464 = arith.constant 2 : i64
      %v465 = arith.minsi %v463, %v464 : i64
      %v466 = arith.index_cast %v465 : i64 to index
      %v467 = linalg.index 0 : index
      %v468 = tensor.extract %g453[%v467, %v466] : tensor<2x3xf32>
      %v469 = arith.constant 1.0 : f32
      %v470 = arith.constant 0.0 : f32
      %v471 = arith.select %v460, %v469, %v470 : f32
      %v472 = arith.mulf %v468, %v471 : f32
      %v473 = arith.negf %v472 : f32
      linalg.yield %v473, %v471 : f32, f32
    } -> (tensor<2xf32>, tensor<2xf32>) loc("aten.nll_loss_forward")
  %e476 = tensor.empty() : tensor<f32> loc("aten.nll_loss_forward")
  %c477 = arith.constant 0.0 : f32 loc("aten.nll_loss_forward")
  %f478 = linalg.fill ins(%c477 : f32) outs(%e476 : tensor<f32>) -> tensor<f32> loc("aten.nll_loss_forward")
  %g482 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%g474#1 : tensor<2xf32>) outs(%f478 : tensor<f32>) {
    ^bb0(%a479: f32, %a480: f32):
      %v481 = arith.addf %a479, %a480 : f32
      linalg.yield %v481 : f32
    } -> tensor<f32> loc("aten.nll_loss_forward")
  %e483 = tensor.empty() : tensor<f32> loc("aten.nll_loss_forward")
  %c484 = arith.constant 0.0 : f32 loc("aten.nll_loss_forward")
  %f485 = linalg.fill ins(%c484 : f32) outs(%e483 : tensor<f32>) -> tensor<f32> loc("aten.nll_loss_forward")
  %g489 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%g474#0 : tensor<2xf32>) outs(%f485 : tensor<f32>) {
    ^bb0(%a486: f32, %a487: f32):
      %v488 = arith.addf %a486, %a487 : f32
      linalg.yield %v488 : f32
    } -> tensor<f32> loc("aten.nll_loss_forward")
  %e490 = tensor.empty() : tensor<f32> loc("aten.nll_loss_forward")
  %g495 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%g489, %g482 : tensor<f32>, tensor<f32>) outs(%e490 : tensor<f32>) {
    ^bb0(%a491: f32, %a492: f32, %a493: f32):
      %v494 = arith.divf %a491, %a492 : f32
      linalg.yield %v494 : f32
    } -> tensor<f32> loc("aten.nll_loss_forward")
  %e496 = tensor.empty() : tensor<2x3xf32> loc("grad/aten.nll_loss_backward")
  %g511 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%input1, %grad_out0, %g482 : tensor<2xi64>, tensor<f32>, tensor<f32>) outs(%e496 : tensor<2x3xf32>) {
    ^bb0(%a497: i64, %a498: f32, %a499: f32, %a500: f32):
      %v501 = linalg.index 1 : index
      %v502 = arith.index_cast %v501 : index to i64
      %v503 = arith.cmpi eq, %v502, %a497 : i64
      %v504 = arith.constant -100 : i64
      %v505 = arith.cmpi ne, %a497, %v504 : i64
      %v506 = arith.andi %v503, %v505 : i1
      %v507 = arith.negf %a498 : f32
      %v508 = arith.divf %v507, %a499 : f32
      %v509 = arith.constant 0.0 : f32
      %v510 = arith.select %v506, %v508, %v509 : f32
      linalg.yield %v510 : f32
    } -> tensor<2x3xf32> loc("grad/aten.nll_loss_backward")
  %e512 = tensor.empty() : tensor<2xf32> loc("grad/aten._log_softmax_backward_data")
  %c513 = arith.constant 0.0 : f32 loc("grad/aten._log_softmax_backward_data")
  %f514 = linalg.fill ins(%c513 : f32) outs(%e512 : tensor<2xf32>) -> tensor<2xf32> loc("grad/aten._log_softmax_backward_data")
  %g518 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g511 : tensor<2x3xf32>) outs(%f514 : tensor<2xf32>) {
    ^bb0(%a515: f32, %a516: f32):
      %v517 = arith.addf %a515, %a516 : f32
      linalg.yield %v517 : f32
    } -> tensor<2xf32> loc("grad/aten._log_softmax_backward_data")
  %e519 = tensor.empty() : tensor<2x3xf32> loc("grad/aten._log_softmax_backward_data")
  %g527 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g511, %g453, %g518 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xf32>) outs(%e519 : tensor<2x3xf32>) {
    ^bb0(%a520: f32, %a521: f32, %a522: f32, %a523: f32):
      %v524 = math.exp %a521 : f32
      %v525 = arith.mulf %v524, %a522 : f32
      %v526 = arith.subf %a520, %v525 : f32
      linalg.yield %v526 : f32
    } -> tensor<2x3xf32> loc("grad/aten._log_softmax_backward_data")
  %e528 = tensor.empty() : tensor<2x8xf32> loc("cls.grad/aten.mm")
  %c529 = arith.constant 0.0 : f32 loc("cls.grad/aten.mm")
  %f530 = linalg.fill ins(%c529 : f32) outs(%e528 : tensor<2x8xf32>) -> tensor<2x8xf32> loc("cls.grad/aten.mm")
  %mm531 = linalg.matmul ins(%g527, %p_cls_weight : tensor<2x3xf32>, tensor<3x8xf32>) outs(%f530 : tensor<2x8xf32>) -> tensor<2x8xf32> loc("cls.grad/aten.mm")
  %e532 = tensor.empty() : tensor<3x8xf32> loc("cls.grad/aten.mm")
  %c533 = arith.constant 0.0 : f32 loc("cls.grad/aten.mm")
  %f534 = linalg.fill ins(%c533 : f32) outs(%e532 : tensor<3x8xf32>) -> tensor<3x8xf32> loc("cls.grad/aten.mm")
  %mm535 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%g527, %g418 : tensor<2x3xf32>, tensor<2x8xf32>) outs(%f534 : tensor<3x8xf32>) -> tensor<3x8xf32> loc("cls.grad/aten.mm")
  %e536 = tensor.empty() : tensor<3xf32> loc("cls.grad/aten.sum")
  %c537 = arith.constant 0.0 : f32 loc("cls.grad/aten.sum")
  %f538 = linalg.fill ins(%c537 : f32) outs(%e536 : tensor<3xf32>) -> tensor<3xf32> loc("cls.grad/aten.sum")
  %g542 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g527 : tensor<2x3xf32>) outs(%f538 : tensor<3xf32>) {
    ^bb0(%a539: f32, %a540: f32):
      %v541 = arith.addf %a539, %a540 : f32
      linalg.yield %v541 : f32
    } -> tensor<3xf32> loc("cls.grad/aten.sum")
  %e543 = tensor.empty() : tensor<2x3x8xf32> loc("grad/aten.div")
  %g548 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm531 : tensor<2x8xf32>) outs(%e543 : tensor<2x3x8xf32>) {
    ^bb0(%a544: f32, %a545: f32):
      %v546 = arith.constant 3.0 : f32
      %v547 = arith.divf %a544, %v546 : f32
      linalg.yield %v547 : f32
    } -> tensor<2x3x8xf32> loc("grad/aten.div")
  %r549 = tensor.collapse_shape %g548 [[0, 1], [2]] : tensor<2x3x8xf32> into tensor<6x8xf32> loc("blocks.1.ff.2.grad/aten._reshape_alias")
  %e550 = tensor.empty() : tensor<6x32xf32> loc("blocks.1.ff.2.grad/aten.mm")
  %c551 = arith.constant 0.0 : f32 loc("blocks.1.ff.2.grad/aten.mm")
  %f552 = linalg.fill ins(%c551 : f32) outs(%e550 : tensor<6x32xf32>) -> tensor<6x32xf32> loc("blocks.1.ff.2.grad/aten.mm")
  %mm553 = linalg.matmul ins(%r549, %p_blocks_1_ff_2_weight : tensor<6x8xf32>, tensor<8x32xf32>) outs(%f552 : tensor<6x32xf32>) -> tensor<6x32xf32> loc("blocks.1.ff.2.grad/aten.mm")
  %e554 = tensor.empty() : tensor<8x32xf32> loc("blocks.1.ff.2.grad/aten.mm")
  %c555 = arith.constant 0.0 : f32 loc("blocks.1.ff.2.grad/aten.mm")
  %f556 = linalg.fill ins(%c555 : f32) outs(%e554 : tensor<8x32xf32>) -> tensor<8x32xf32> loc("blocks.1.ff.2.grad/aten.mm")
  %mm557 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%r549, %r393 : tensor<6x8xf32>, tensor<6x32xf32>) outs(%f556 : tensor<8x32xf32>) -> tensor<8x32xf32> loc("blocks.1.ff.2.grad/aten.mm")
  %e558 = tensor.empty() : tensor<8xf32> loc("blocks.1.ff.2.grad/aten.sum")
  %c559 = arith.constant 0.0 : f32 loc("blocks.1.ff.2.grad/aten.sum")
  %f560 = linalg.fill ins(%c559 : f32) outs(%e558 : tensor<8xf32>) -> tensor<8xf32> loc("blocks.1.ff.2.grad/aten.sum")
  %g564 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%r549 : tensor<6x8xf32>) outs(%f560 : tensor<8xf32>) {
    ^bb0(%a561: f32, %a562: f32):
      %v563 = arith.addf %a561, %a562 : f32
      linalg.yield %v563 : f32
    } -> tensor<8xf32> loc("blocks.1.ff.2.grad/aten.sum")
  %r565 = tensor.expand_shape %mm553 [[0, 1], [2]] output_shape [2, 3, 32] : tensor<6x32xf32> into tensor<2x3x32xf32> loc("blocks.1.ff.2.grad/aten._reshape_alias")
  %e566 = tensor.empty() : tensor<2x3x32xf32> loc("blocks.1.ff.1.grad/aten.gelu_backward")
  %g586 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r565, %r380 : tensor<2x3x32xf32>, tensor<2x3x32xf32>) outs(%e566 : tensor<2x3x32xf32>) {
    ^bb0(%a567: f32, %a568: f32, %a569: f32):
      %v570 = arith.constant 0.5 : f32
      %v571 = arith.constant 1.0 : f32
      %v572 = arith.constant 0.7071067811865475 : f32
      %v573 = arith.mulf %a568, %v572 : f32
      %v574 = math.erf %v573 : f32
      %v575 = arith.addf %v571, %v574 : f32
      %v576 = arith.mulf %v570, %v575 : f32
      %v577 = arith.mulf %a568, %a568 : f32
      %v578 = arith.constant -0.5 : f32
      %v579 = arith.mulf %v577, %v578 : f32
      %v580 = math.exp %v579 : f32
      %v581 = arith.constant 0.3989422804014327 : f32
      %v582 = arith.mulf %v580, %v581 : f32
      %v583 = arith.mulf %a568, %v582 : f32
      %v584 = arith.addf %v576, %v583 : f32
      %v585 = arith.mulf %a567, %v584 : f32
      linalg.yield %v585 : f32
    } -> tensor<2x3x32xf32> loc("blocks.1.ff.1.grad/aten.gelu_backward")
  %r587 = tensor.collapse_shape %g586 [[0, 1], [2]] : tensor<2x3x32xf32> into tensor<6x32xf32> loc("blocks.1.ff.0.grad/aten._reshape_alias")
  %e588 = tensor.empty() : tensor<6x8xf32> loc("blocks.1.ff.0.grad/aten.mm")
  %c589 = arith.constant 0.0 : f32 loc("blocks.1.ff.0.grad/aten.mm")
  %f590 = linalg.fill ins(%c589 : f32) outs(%e588 : tensor<6x8xf32>) -> tensor<6x8xf32> loc("blocks.1.ff.0.grad/aten.mm")
  %mm591 = linalg.matmul ins(%r587, %p_blocks_1_ff_0_weight : tensor<6x32xf32>, tensor<32x8xf32>) outs(%f590 : tensor<6x8xf32>) -> tensor<6x8xf32> loc("blocks.1.ff.0.grad/aten.mm")
  %e592 = tensor.empty() : tensor<32x8xf32> loc("blocks.1.ff.0.grad/aten.mm")
  %c593 = arith.constant 0.0 : f32 loc("blocks.1.ff.0.grad/aten.mm")
  %f594 = linalg.fill ins(%c593 : f32) outs(%e592 : tensor<32x8xf32>) -> tensor<32x8xf32> loc("blocks.1.ff.0.grad/aten.mm")
  %mm595 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%r587, %r374 : tensor<6x32xf32>, tensor<6x8xf32>) outs(%f594 : tensor<32x8xf32>) -> tensor<32x8xf32> loc("blocks.1.ff.0.grad/aten.mm")
  %e596 = tensor.empty() : tensor<32xf32> loc("blocks.1.ff.0.grad/aten.sum")
  %c597 = arith.constant 0.0 : f32 loc("blocks.1.ff.0.grad/aten.sum")
  %f598 = linalg.fill ins(%c597 : f32) outs(%e596 : tensor<32xf32>) -> tensor<32xf32> loc("blocks.1.ff.0.grad/aten.sum")
  %g602 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%r587 : tensor<6x32xf32>) outs(%f598 : tensor<32xf32>) {
    ^bb0(%a599: f32, %a600: f32):
      %v601 = arith.addf %a599, %a600 : f32
      linalg.yield %v601 : f32
    } -> tensor<32xf32> loc("blocks.1.ff.0.grad/aten.sum")
  %r603 = tensor.expand_shape %mm591 [[0, 1], [2]] output_shape [2, 3, 8] : tensor<6x8xf32> into tensor<2x3x8xf32> loc("blocks.1.ff.0.grad/aten._reshape_alias")
  %e604 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %g611 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g323, %g337, %g361 : tensor<2x3x8xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>) outs(%e604 : tensor<2x3x8xf32>) {
    ^bb0(%a605: f32, %a606: f32, %a607: f32, %a608: f32):
      %v609 = arith.subf %a605, %a606 : f32
      %v610 = arith.mulf %v609, %a607 : f32
      linalg.yield %v610 : f32
    } -> tensor<2x3x8xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %e612 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %g617 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r603, %p_blocks_1_ln2_weight : tensor<2x3x8xf32>, tensor<8xf32>) outs(%e612 : tensor<2x3x8xf32>) {
    ^bb0(%a613: f32, %a614: f32, %a615: f32):
      %v616 = arith.mulf %a613, %a614 : f32
      linalg.yield %v616 : f32
    } -> tensor<2x3x8xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %e618 = tensor.empty() : tensor<2x3xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %c619 = arith.constant 0.0 : f32 loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %f620 = linalg.fill ins(%c619 : f32) outs(%e618 : tensor<2x3xf32>) -> tensor<2x3xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %g624 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g617 : tensor<2x3x8xf32>) outs(%f620 : tensor<2x3xf32>) {
    ^bb0(%a621: f32, %a622: f32):
      %v623 = arith.addf %a621, %a622 : f32
      linalg.yield %v623 : f32
    } -> tensor<2x3xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %e625 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %g630 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g617, %g611 : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%e625 : tensor<2x3x8xf32>) {
    ^bb0(%a626: f32, %a627: f32, %a628: f32):
      %v629 = arith.mulf %a626, %a627 : f32
      linalg.yield %v629 : f32
    } -> tensor<2x3x8xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %e631 = tensor.empty() : tensor<2x3xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %c632 = arith.constant 0.0 : f32 loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %f633 = linalg.fill ins(%c632 : f32) outs(%e631 : tensor<2x3xf32>) -> tensor<2x3xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %g637 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g630 : tensor<2x3x8xf32>) outs(%f633 : tensor<2x3xf32>) {
    ^bb0(%a634: f32, %a635: f32):
      %v636 = arith.addf %a634, %a635 : f32
      linalg.yield %v636 : f32
    } -> tensor<2x3xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %e638 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %g652 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g617, %g611, %g624, %g637, %g361 : tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3x1xf32>) outs(%e638 : tensor<2x3x8xf32>) {
    ^bb0(%a639: f32, %a640: f32, %a641: f32, %a642: f32, %a643: f32, %a644: f32):
      %v645 = arith.constant 8.0 : f32
      %v646 = arith.mulf %v645, %a639 : f32
      %v647 = arith.subf %v646, %a641 : f32
      %v648 = arith.mulf %a640, %a642 : f32
      %v649 = arith.subf %v647, %v648 : f32
      %v650 = arith.divf %a643, %v645 : f32
      %v651 = arith.mulf %v650, %v649 : f32
      linalg.yield %v651 : f32
    } -> tensor<2x3x8xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %e653 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %g658 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r603, %g611 : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%e653 : tensor<2x3x8xf32>) {
    ^bb0(%a654: f32, %a655: f32, %a656: f32):
      %v657 = arith.mulf %a654, %a655 : f32
      linalg.yield %v657 : f32
    } -> tensor<2x3x8xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %e659 = tensor.empty() : tensor<8xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %c660 = arith.constant 0.0 : f32 loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %f661 = linalg.fill ins(%c660 : f32) outs(%e659 : tensor<8xf32>) -> tensor<8xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %g665 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2, d0)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%g658 : tensor<2x3x8xf32>) outs(%f661 : tensor<8xf32>) {
    ^bb0(%a662: f32, %a663: f32):
      %v664 = arith.addf %a662, %a663 : f32
      linalg.yield %v664 : f32
    } -> tensor<8xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %e666 = tensor.empty() : tensor<8xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %c667 = arith.constant 0.0 : f32 loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %f668 = linalg.fill ins(%c667 : f32) outs(%e666 : tensor<8xf32>) -> tensor<8xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %g672 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2, d0)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%r603 : tensor<2x3x8xf32>) outs(%f668 : tensor<8xf32>) {
    ^bb0(%a669: f32, %a670: f32):
      %v671 = arith.addf %a669, %a670 : f32
      linalg.yield %v671 : f32
    } -> tensor<8xf32> loc("blocks.1.ln2.grad/aten.native_layer_norm_backward")
  %e673 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.1.grad/aten.add")
  %g678 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g548, %g652 : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%e673 : tensor<2x3x8xf32>) {
    ^bb0(%a674: f32, %a675: f32, %a676: f32):
      %v677 = arith.addf %a674, %a675 : f32
      linalg.yield %v677 : f32
    } -> tensor<2x3x8xf32> loc("blocks.1.grad/aten.add")
  %r679 = tensor.collapse_shape %g678 [[0, 1], [2]] : tensor<2x3x8xf32> into tensor<6x8xf32> loc("blocks.1.o.grad/aten._reshape_alias")
  %e680 = tensor.empty() : tensor<6x8xf32> loc("blocks.1.o.grad/aten.mm")
  %c681 = arith.constant 0.0 : f32 loc("blocks.1.o.grad/aten.mm")
  %f682 = linalg.fill ins(%c681 : f32) outs(%e680 : tensor<6x8xf32>) -> tensor<6x8xf32> loc("blocks.1.o.grad/aten.mm")
  %mm683 = linalg.matmul ins(%r679, %p_blocks_1_o_weight : tensor<6x8xf32>, tensor<8x8xf32>) outs(%f682 : tensor<6x8xf32>) -> tensor<6x8xf32> loc("blocks.1.o.grad/aten.mm")
  %e684 = tensor.empty() : tensor<8x8xf32> loc("blocks.1.o.grad/aten.mm")
  %c685 = arith.constant 0.0 : f32 loc("blocks.1.o.grad/aten.mm")
  %f686 = linalg.fill ins(%c685 : f32) outs(%e684 : tensor<8x8xf32>) -> tensor<8x8xf32> loc("blocks.1.o.grad/aten.mm")
  %mm687 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%r679, %r311 : tensor<6x8xf32>, tensor<6x8xf32>) outs(%f686 : tensor<8x8xf32>) -> tensor<8x8xf32> loc("blocks.1.o.grad/aten.mm")
  %e688 = tensor.empty() : tensor<8xf32> loc("blocks.1.o.grad/aten.sum")
  %c689 = arith.constant 0.0 : f32 loc("blocks.1.o.grad/aten.sum")
  %f690 = linalg.fill ins(%c689 : f32) outs(%e688 : tensor<8xf32>) -> tensor<8xf32> loc("blocks.1.o.grad/aten.sum")
  %g694 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%r679 : tensor<6x8xf32>) outs(%f690 : tensor<8xf32>) {
    ^bb0(%a691: f32, %a692: f32):
      %v693 = arith.addf %a691, %a692 : f32
      linalg.yield %v693 : f32
    } -> tensor<8xf32> loc("blocks.1.o.grad/aten.sum")
  %r695 = tensor.expand_shape %mm683 [[0, 1], [2]] output_shape [2, 3, 8] : tensor<6x8xf32> into tensor<2x3x8xf32> loc("blocks.1.o.grad/aten._reshape_alias")
  %r696 = tensor.expand_shape %r695 [[0], [1], [2, 3]] output_shape [2, 3, 2, 4] : tensor<2x3x8xf32> into tensor<2x3x2x4xf32> loc("blocks.1.grad/aten._reshape_alias")
  %e697 = tensor.empty() : tensor<2x2x3x4xf32> loc("blocks.1.grad/aten._unsafe_view")
  %g700 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r696 : tensor<2x3x2x4xf32>) outs(%e697 : tensor<2x2x3x4xf32>) {
    ^bb0(%a698: f32, %a699: f32):
      linalg.yield %a698 : f32
    } -> tensor<2x2x3x4xf32> loc("blocks.1.grad/aten._unsafe_view")
  %r701 = tensor.collapse_shape %g700 [[0, 1], [2], [3]] : tensor<2x2x3x4xf32> into tensor<4x3x4xf32> loc("blocks.1.grad/aten._unsafe_view")
  %e702 = tensor.empty() : tensor<4x3x4xf32> loc("blocks.1.grad/aten.bmm")
  %c703 = arith.constant 0.0 : f32 loc("blocks.1.grad/aten.bmm")
  %f704 = linalg.fill ins(%c703 : f32) outs(%e702 : tensor<4x3x4xf32>) -> tensor<4x3x4xf32> loc("blocks.1.grad/aten.bmm")
  %mm705 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r295, %r701 : tensor<4x3x3xf32>, tensor<4x3x4xf32>) outs(%f704 : tensor<4x3x4xf32>) -> tensor<4x3x4xf32> loc("blocks.1.grad/aten.bmm")
  %e706 = tensor.empty() : tensor<4x3x3xf32> loc("blocks.1.grad/aten.bmm")
  %c707 = arith.constant 0.0 : f32 loc("blocks.1.grad/aten.bmm")
  %f708 = linalg.fill ins(%c707 : f32) outs(%e706 : tensor<4x3x3xf32>) -> tensor<4x3x3xf32> loc("blocks.1.grad/aten.bmm")
  %mm709 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r701, %r300 : tensor<4x3x4xf32>, tensor<4x3x4xf32>) outs(%f708 : tensor<4x3x3xf32>) -> tensor<4x3x3xf32> loc("blocks.1.grad/aten.bmm")
  %r710 = tensor.expand_shape %mm705 [[0, 1], [2], [3]] output_shape [2, 2, 3, 4] : tensor<4x3x4xf32> into tensor<2x2x3x4xf32> loc("blocks.1.grad/aten._reshape_alias")
  %r711 = tensor.expand_shape %mm709 [[0, 1], [2], [3]] output_shape [2, 2, 3, 3] : tensor<4x3x3xf32> into tensor<2x2x3x3xf32> loc("blocks.1.grad/aten._reshape_alias")
  %e712 = tensor.empty() : tensor<2x2x3x3xf32> loc("blocks.1.grad/aten._softmax_backward_data")
  %g717 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r711, %sm294 : tensor<2x2x3x3xf32>, tensor<2x2x3x3xf32>) outs(%e712 : tensor<2x2x3x3xf32>) {
    ^bb0(%a713: f32, %a714: f32, %a715: f32):
      %v716 = arith.mulf %a713, %a714 : f32
      linalg.yield %v716 : f32
    } -> tensor<2x2x3x3xf32> loc("blocks.1.grad/aten._softmax_backward_data")
  %e718 = tensor.empty() : tensor<2x2x3xf32> loc("blocks.1.grad/aten._softmax_backward_data")
  %c719 = arith.constant 0.0 : f32 loc("blocks.1.grad/aten._softmax_backward_data")
  %f720 = linalg.fill ins(%c719 : f32) outs(%e718 : tensor<2x2x3xf32>) -> tensor<2x2x3xf32> loc("blocks.1.grad/aten._softmax_backward_data")
  %g724 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%g717 : tensor<2x2x3x3xf32>) outs(%f720 : tensor<2x2x3xf32>) {
    ^bb0(%a721: f32, %a722: f32):
      %v723 = arith.addf %a721, %a722 : f32
      linalg.yield %v723 : f32
    } -> tensor<2x2x3xf32> loc("blocks.1.grad/aten._softmax_backward_data")
  %e725 = tensor.empty() : tensor<2x2x3x3xf32> loc("blocks.1.grad/aten._softmax_backward_data")
  %g732 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sm294, %r711, %g724 : tensor<2x2x3x3xf32>, tensor<2x2x3x3xf32>, tensor<2x2x3xf32>) outs(%e725 : tensor<2x2x3x3xf32>) {
    ^bb0(%a726: f32, %a727: f32, %a728: f32, %a729: f32):
      %v730 = arith.subf %a727, %a728 : f32
      %v731 = arith.mulf %a726, %v730 : f32
      linalg.yield %v731 : f32
    } -> tensor<2x2x3x3xf32> loc("blocks.1.grad/aten._softmax_backward_data")
  %e733 = tensor.empty() : tensor<2x2x3x3xf32> loc("blocks.1.grad/aten.div")
  %g738 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%g732 : tensor<2x2x3x3xf32>) outs(%e733 : tensor<2x2x3x3xf32>) {
    ^bb0(%a734: f32, %a735: f32):
      %v736 = arith.constant 2.0 : f32
      %v737 = arith.divf %a734, %v736 : f32
      linalg.yield %v737 : f32
    } -> tensor<2x2x3x3xf32> loc("blocks.1.grad/aten.div")
  %r739 = tensor.collapse_shape %g738 [[0, 1], [2], [3]] : tensor<2x2x3x3xf32> into tensor<4x3x3xf32> loc("blocks.1.grad/aten._reshape_alias")
  %e740 = tensor.empty() : tensor<4x4x3xf32> loc("blocks.1.grad/aten.bmm")
  %c741 = arith.constant 0.0 : f32 loc("blocks.1.grad/aten.bmm")
  %f742 = linalg.fill ins(%c741 : f32) outs(%e740 : tensor<4x4x3xf32>) -> tensor<4x4x3xf32> loc("blocks.1.grad/aten.bmm")
  %mm743 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r276, %r739 : tensor<4x3x4xf32>, tensor<4x3x3xf32>) outs(%f742 : tensor<4x4x3xf32>) -> tensor<4x4x3xf32> loc("blocks.1.grad/aten.bmm")
  %e744 = tensor.empty() : tensor<4x3x4xf32> loc("blocks.1.grad/aten.bmm")
  %c745 = arith.constant 0.0 : f32 loc("blocks.1.grad/aten.bmm")
  %f746 = linalg.fill ins(%c745 : f32) outs(%e744 : tensor<4x3x4xf32>) -> tensor<4x3x4xf32> loc("blocks.1.grad/aten.bmm")
  %mm747 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r739, %r281 : tensor<4x3x3xf32>, tensor<4x4x3xf32>) outs(%f746 : tensor<4x3x4xf32>) -> tensor<4x3x4xf32> loc("blocks.1.grad/aten.bmm")
  %r748 = tensor.expand_shape %mm743 [[0, 1], [2], [3]] output_shape [2, 2, 4, 3] : tensor<4x4x3xf32> into tensor<2x2x4x3xf32> loc("blocks.1.grad/aten._reshape_alias")
  %r749 = tensor.expand_shape %mm747 [[0, 1], [2], [3]] output_shape [2, 2, 3, 4] : tensor<4x3x4xf32> into tensor<2x2x3x4xf32> loc("blocks.1.grad/aten._reshape_alias")
  %e750 = tensor.empty() : tensor<2x3x2x4xf32> loc("blocks.1.grad/aten._unsafe_view")
  %g753 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r710 : tensor<2x2x3x4xf32>) outs(%e750 : tensor<2x3x2x4xf32>) {
    ^bb0(%a751: f32, %a752: f32):
      linalg.yield %a751 : f32
    } -> tensor<2x3x2x4xf32> loc("blocks.1.grad/aten._unsafe_view")
  %r754 = tensor.collapse_shape %g753 [[0], [1], [2, 3]] : tensor<2x3x2x4xf32> into tensor<2x3x8xf32> loc("blocks.1.grad/aten._unsafe_view")
  %e755 = tensor.empty() : tensor<2x3x2x4xf32> loc("blocks.1.grad/aten._reshape_alias")
  %g758 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r748 : tensor<2x2x4x3xf32>) outs(%e755 : tensor<2x3x2x4xf32>) {
    ^bb0(%a756: f32, %a757: f32):
      linalg.yield %a756 : f32
    } -> tensor<2x3x2x4xf32> loc("blocks.1.grad/aten._reshape_alias")
  %r759 = tensor.collapse_shape %g758 [[0], [1], [2, 3]] : tensor<2x3x2x4xf32> into tensor<2x3x8xf32> loc("blocks.1.grad/aten._reshape_alias")
  %e760 = tensor.empty() : tensor<2x3x2x4xf32> loc("blocks.1.grad/aten._unsafe_view")
  %g763 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r749 : tensor<2x2x3x4xf32>) outs(%e760 : tensor<2x3x2x4xf32>) {
    ^bb0(%a761: f32, %a762: f32):
      linalg.yield %a761 : f32
    } -> tensor<2x3x2x4xf32> loc("blocks.1.grad/aten._unsafe_view")
  %r764 = tensor.collapse_shape %g763 [[0], [1], [2, 3]] : tensor<2x3x2x4xf32> into tensor<2x3x8xf32> loc("blocks.1.grad/aten._unsafe_view")
  %cat765 = tensor.concat dim(2) %r764, %r759, %r754 : (tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x24xf32> loc("blocks.1.grad/aten.cat")
  %r766 = tensor.collapse_shape %cat765 [[0, 1], [2]] : tensor<2x3x24xf32> into tensor<6x24xf32> loc("blocks.1.qkv.grad/aten._reshape_alias")
  %e767 = tensor.empty() : tensor<6x8xf32> loc("blocks.1.qkv.grad/aten.mm")
  %c768 = arith.constant 0.0 : f32 loc("blocks.1.qkv.grad/aten.mm")
  %f769 = linalg.fill ins(%c768 : f32) outs(%e767 : tensor<6x8xf32>) -> tensor<6x8xf32> loc("blocks.1.qkv.grad/aten.mm")
  %mm770 = linalg.matmul ins(%r766, %p_blocks_1_qkv_weight : tensor<6x24xf32>, tensor<24x8xf32>) outs(%f769 : tensor<6x8xf32>) -> tensor<6x8xf32> loc("blocks.1.qkv.grad/aten.mm")
  %e771 = tensor.empty() : tensor<24x8xf32> loc("blocks.1.qkv.grad/aten.mm")
  %c772 = arith.constant 0.0 : f32 loc("blocks.1.qkv.grad/aten.mm")
  %f773 = linalg.fill ins(%c772 : f32) outs(%e771 : tensor<24x8xf32>) -> tensor<24x8xf32> loc("blocks.1.qkv.grad/aten.mm")
  %mm774 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%r766, %r259 : tensor<6x24xf32>, tensor<6x8xf32>) outs(%f773 : tensor<24x8xf32>) -> tensor<24x8xf32> loc("blocks.1.qkv.grad/aten.mm")
  %e775 = tensor.empty() : tensor<24xf32> loc("blocks.1.qkv.grad/aten.sum")
  %c776 = arith.constant 0.0 : f32 loc("blocks.1.qkv.grad/aten.sum")
  %f777 = linalg.fill ins(%c776 : f32) outs(%e775 : tensor<24xf32>) -> tensor<24xf32> loc("blocks.1.qkv.grad/aten.sum")
  %g781 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%r766 : tensor<6x24xf32>) outs(%f777 : tensor<24xf32>) {
    ^bb0(%a778: f32, %a779: f32):
      %v780 = arith.addf %a778, %a779 : f32
      linalg.yield %v780 : f32
    } -> tensor<24xf32> loc("blocks.1.qkv.grad/aten.sum")
  %r782 = tensor.expand_shape %mm770 [[0, 1], [2]] output_shape [2, 3, 8] : tensor<6x8xf32> into tensor<2x3x8xf32> loc("blocks.1.qkv.grad/aten._reshape_alias")
  %e783 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %g790 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g208, %g222, %g246 : tensor<2x3x8xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>) outs(%e783 : tensor<2x3x8xf32>) {
    ^bb0(%a784: f32, %a785: f32, %a786: f32, %a787: f32):
      %v788 = arith.subf %a784, %a785 : f32
      %v789 = arith.mulf %v788, %a786 : f32
      linalg.yield %v789 : f32
    } -> tensor<2x3x8xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %e791 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %g796 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r782, %p_blocks_1_ln1_weight : tensor<2x3x8xf32>, tensor<8xf32>) outs(%e791 : tensor<2x3x8xf32>) {
    ^bb0(%a792: f32, %a793: f32, %a794: f32):
      %v795 = arith.mulf %a792, %a793 : f32
      linalg.yield %v795 : f32
    } -> tensor<2x3x8xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %e797 = tensor.empty() : tensor<2x3xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %c798 = arith.constant 0.0 : f32 loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %f799 = linalg.fill ins(%c798 : f32) outs(%e797 : tensor<2x3xf32>) -> tensor<2x3xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %g803 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g796 : tensor<2x3x8xf32>) outs(%f799 : tensor<2x3xf32>) {
    ^bb0(%a800: f32, %a801: f32):
      %v802 = arith.addf %a800, %a801 : f32
      linalg.yield %v802 : f32
    } -> tensor<2x3xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %e804 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %g809 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g796, %g790 : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%e804 : tensor<2x3x8xf32>) {
    ^bb0(%a805: f32, %a806: f32, %a807: f32):
      %v808 = arith.mulf %a805, %a806 : f32
      linalg.yield %v808 : f32
    } -> tensor<2x3x8xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %e810 = tensor.empty() : tensor<2x3xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %c811 = arith.constant 0.0 : f32 loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %f812 = linalg.fill ins(%c811 : f32) outs(%e810 : tensor<2x3xf32>) -> tensor<2x3xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %g816 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g809 : tensor<2x3x8xf32>) outs(%f812 : tensor<2x3xf32>) {
    ^bb0(%a813: f32, %a814: f32):
      %v815 = arith.addf %a813, %a814 : f32
      linalg.yield %v815 : f32
    } -> tensor<2x3xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %e817 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %g831 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g796, %g790, %g803, %g816, %g246 : tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3x1xf32>) outs(%e817 : tensor<2x3x8xf32>) {
    ^bb0(%a818: f32, %a819: f32, %a820: f32, %a821: f32, %a822: f32, %a823: f32):
      %v824 = arith.constant 8.0 : f32
      %v825 = arith.mulf %v824, %a818 : f32
      %v826 = arith.subf %v825, %a820 : f32
      %v827 = arith.mulf %a819, %a821 : f32
      %v828 = arith.subf %v826, %v827 : f32
      %v829 = arith.divf %a822, %v824 : f32
      %v830 = arith.mulf %v829, %v828 : f32
      linalg.yield %v830 : f32
    } -> tensor<2x3x8xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %e832 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %g837 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r782, %g790 : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%e832 : tensor<2x3x8xf32>) {
    ^bb0(%a833: f32, %a834: f32, %a835: f32):
      %v836 = arith.mulf %a833, %a834 : f32
      linalg.yield %v836 : f32
    } -> tensor<2x3x8xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %e838 = tensor.empty() : tensor<8xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %c839 = arith.constant 0.0 : f32 loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %f840 = linalg.fill ins(%c839 : f32) outs(%e838 : tensor<8xf32>) -> tensor<8xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %g844 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2, d0)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%g837 : tensor<2x3x8xf32>) outs(%f840 : tensor<8xf32>) {
    ^bb0(%a841: f32, %a842: f32):
      %v843 = arith.addf %a841, %a842 : f32
      linalg.yield %v843 : f32
    } -> tensor<8xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %e845 = tensor.empty() : tensor<8xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %c846 = arith.constant 0.0 : f32 loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %f847 = linalg.fill ins(%c846 : f32) outs(%e845 : tensor<8xf32>) -> tensor<8xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %g851 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2, d0)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%r782 : tensor<2x3x8xf32>) outs(%f847 : tensor<8xf32>) {
    ^bb0(%a848: f32, %a849: f32):
      %v850 = arith.addf %a848, %a849 : f32
      linalg.yield %v850 : f32
    } -> tensor<8xf32> loc("blocks.1.ln1.grad/aten.native_layer_norm_backward")
  %e852 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.0.grad/aten.add")
  %g857 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g678, %g831 : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%e852 : tensor<2x3x8xf32>) {
    ^bb0(%a853: f32, %a854: f32, %a855: f32):
      %v856 = arith.addf %a853, %a854 : f32
      linalg.yield %v856 : f32
    } -> tensor<2x3x8xf32> loc("blocks.0.grad/aten.add")
  %r858 = tensor.collapse_shape %g857 [[0, 1], [2]] : tensor<2x3x8xf32> into tensor<6x8xf32> loc("blocks.0.ff.2.grad/aten._reshape_alias")
  %e859 = tensor.empty() : tensor<6x32xf32> loc("blocks.0.ff.2.grad/aten.mm")
  %c860 = arith.constant 0.0 : f32 loc("blocks.0.ff.2.grad/aten.mm")
  %f861 = linalg.fill ins(%c860 : f32) outs(%e859 : tensor<6x32xf32>) -> tensor<6x32xf32> loc("blocks.0.ff.2.grad/aten.mm")
  %mm862 = linalg.matmul ins(%r858, %p_blocks_0_ff_2_weight : tensor<6x8xf32>, tensor<8x32xf32>) outs(%f861 : tensor<6x32xf32>) -> tensor<6x32xf32> loc("blocks.0.ff.2.grad/aten.mm")
  %e863 = tensor.empty() : tensor<8x32xf32> loc("blocks.0.ff.2.grad/aten.mm")
  %c864 = arith.constant 0.0 : f32 loc("blocks.0.ff.2.grad/aten.mm")
  %f865 = linalg.fill ins(%c864 : f32) outs(%e863 : tensor<8x32xf32>) -> tensor<8x32xf32> loc("blocks.0.ff.2.grad/aten.mm")
  %mm866 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%r858, %r196 : tensor<6x8xf32>, tensor<6x32xf32>) outs(%f865 : tensor<8x32xf32>) -> tensor<8x32xf32> loc("blocks.0.ff.2.grad/aten.mm")
  %e867 = tensor.empty() : tensor<8xf32> loc("blocks.0.ff.2.grad/aten.sum")
  %c868 = arith.constant 0.0 : f32 loc("blocks.0.ff.2.grad/aten.sum")
  %f869 = linalg.fill ins(%c868 : f32) outs(%e867 : tensor<8xf32>) -> tensor<8xf32> loc("blocks.0.ff.2.grad/aten.sum")
  %g873 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%r858 : tensor<6x8xf32>) outs(%f869 : tensor<8xf32>) {
    ^bb0(%a870: f32, %a871: f32):
      %v872 = arith.addf %a870, %a871 : f32
      linalg.yield %v872 : f32
    } -> tensor<8xf32> loc("blocks.0.ff.2.grad/aten.sum")
  %r874 = tensor.expand_shape %mm862 [[0, 1], [2]] output_shape [2, 3, 32] : tensor<6x32xf32> into tensor<2x3x32xf32> loc("blocks.0.ff.2.grad/aten._reshape_alias")
  %e875 = tensor.empty() : tensor<2x3x32xf32> loc("blocks.0.ff.1.grad/aten.gelu_backward")
  %g895 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r874, %r183 : tensor<2x3x32xf32>, tensor<2x3x32xf32>) outs(%e875 : tensor<2x3x32xf32>) {
    ^bb0(%a876: f32, %a877: f32, %a878: f32):
      %v879 = arith.constant 0.5 : f32
      %v880 = arith.constant 1.0 : f32
      %v881 = arith.constant 0.7071067811865475 : f32
      %v882 = arith.mulf %a877, %v881 : f32
      %v883 = math.erf %v882 : f32
      %v884 = arith.addf %v880, %v883 : f32
      %v885 = arith.mulf %v879, %v884 : f32
      %v886 = arith.mulf %a877, %a877 : f32
      %v887 = arith.constant -0.5 : f32
      %v888 = arith.mulf %v886, %v887 : f32
      %v889 = math.exp %v888 : f32
      %v890 = arith.constant 0.3989422804014327 : f32
      %v891 = arith.mulf %v889, %v890 : f32
      %v892 = arith.mulf %a877, %v891 : f32
      %v893 = arith.addf %v885, %v892 : f32
      %v894 = arith.mulf %a876, %v893 : f32
      linalg.yield %v894 : f32
    } -> tensor<2x3x32xf32> loc("blocks.0.ff.1.grad/aten.gelu_backward")
  %r896 = tensor.collapse_shape %g895 [[0, 1], [2]] : tensor<2x3x32xf32> into tensor<6x32xf32> loc("blocks.0.ff.0.grad/aten._reshape_alias")
  %e897 = tensor.empty() : tensor<6x8xf32> loc("blocks.0.ff.0.grad/aten.mm")
  %c898 = arith.constant 0.0 : f32 loc("blocks.0.ff.0.grad/aten.mm")
  %f899 = linalg.fill ins(%c898 : f32) outs(%e897 : tensor<6x8xf32>) -> tensor<6x8xf32> loc("blocks.0.ff.0.grad/aten.mm")
  %mm900 = linalg.matmul ins(%r896, %p_blocks_0_ff_0_weight : tensor<6x32xf32>, tensor<32x8xf32>) outs(%f899 : tensor<6x8xf32>) -> tensor<6x8xf32> loc("blocks.0.ff.0.grad/aten.mm")
  %e901 = tensor.empty() : tensor<32x8xf32> loc("blocks.0.ff.0.grad/aten.mm")
  %c902 = arith.constant 0.0 : f32 loc("blocks.0.ff.0.grad/aten.mm")
  %f903 = linalg.fill ins(%c902 : f32) outs(%e901 : tensor<32x8xf32>) -> tensor<32x8xf32> loc("blocks.0.ff.0.grad/aten.mm")
  %mm904 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%r896, %r177 : tensor<6x32xf32>, tensor<6x8xf32>) outs(%f903 : tensor<32x8xf32>) -> tensor<32x8xf32> loc("blocks.0.ff.0.grad/aten.mm")
  %e905 = tensor.empty() : tensor<32xf32> loc("blocks.0.ff.0.grad/aten.sum")
  %c906 = arith.constant 0.0 : f32 loc("blocks.0.ff.0.grad/aten.sum")
  %f907 = linalg.fill ins(%c906 : f32) outs(%e905 : tensor<32xf32>) -> tensor<32xf32> loc("blocks.0.ff.0.grad/aten.sum")
  %g911 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%r896 : tensor<6x32xf32>) outs(%f907 : tensor<32xf32>) {
    ^bb0(%a908: f32, %a909: f32):
      %v910 = arith.addf %a908, %a909 : f32
      linalg.yield %v910 : f32
    } -> tensor<32xf32> loc("blocks.0.ff.0.grad/aten.sum")
  %r912 = tensor.expand_shape %mm900 [[0, 1], [2]] output_shape [2, 3, 8] : tensor<6x8xf32> into tensor<2x3x8xf32> loc("blocks.0.ff.0.grad/aten._reshape_alias")
  %e913 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %g920 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g126, %g140, %g164 : tensor<2x3x8xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>) outs(%e913 : tensor<2x3x8xf32>) {
    ^bb0(%a914: f32, %a915: f32, %a916: f32, %a917: f32):
      %v918 = arith.subf %a914, %a915 : f32
      %v919 = arith.mulf %v918, %a916 : f32
      linalg.yield %v919 : f32
    } -> tensor<2x3x8xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %e921 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %g926 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r912, %p_blocks_0_ln2_weight : tensor<2x3x8xf32>, tensor<8xf32>) outs(%e921 : tensor<2x3x8xf32>) {
    ^bb0(%a922: f32, %a923: f32, %a924: f32):
      %v925 = arith.mulf %a922, %a923 : f32
      linalg.yield %v925 : f32
    } -> tensor<2x3x8xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %e927 = tensor.empty() : tensor<2x3xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %c928 = arith.constant 0.0 : f32 loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %f929 = linalg.fill ins(%c928 : f32) outs(%e927 : tensor<2x3xf32>) -> tensor<2x3xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %g933 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g926 : tensor<2x3x8xf32>) outs(%f929 : tensor<2x3xf32>) {
    ^bb0(%a930: f32, %a931: f32):
      %v932 = arith.addf %a930, %a931 : f32
      linalg.yield %v932 : f32
    } -> tensor<2x3xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %e934 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %g939 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g926, %g920 : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%e934 : tensor<2x3x8xf32>) {
    ^bb0(%a935: f32, %a936: f32, %a937: f32):
      %v938 = arith.mulf %a935, %a936 : f32
      linalg.yield %v938 : f32
    } -> tensor<2x3x8xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %e940 = tensor.empty() : tensor<2x3xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %c941 = arith.constant 0.0 : f32 loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %f942 = linalg.fill ins(%c941 : f32) outs(%e940 : tensor<2x3xf32>) -> tensor<2x3xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %g946 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g939 : tensor<2x3x8xf32>) outs(%f942 : tensor<2x3xf32>) {
    ^bb0(%a943: f32, %a944: f32):
      %v945 = arith.addf %a943, %a944 : f32
      linalg.yield %v945 : f32
    } -> tensor<2x3xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %e947 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %g961 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g926, %g920, %g933, %g946, %g164 : tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3x1xf32>) outs(%e947 : tensor<2x3x8xf32>) {
    ^bb0(%a948: f32, %a949: f32, %a950: f32, %a951: f32, %a952: f32, %a953: f32):
      %v954 = arith.constant 8.0 : f32
      %v955 = arith.mulf %v954, %a948 : f32
      %v956 = arith.subf %v955, %a950 : f32
      %v957 = arith.mulf %a949, %a951 : f32
      %v958 = arith.subf %v956, %v957 : f32
      %v959 = arith.divf %a952, %v954 : f32
      %v960 = arith.mulf %v959, %v958 : f32
      linalg.yield %v960 : f32
    } -> tensor<2x3x8xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %e962 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %g967 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r912, %g920 : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%e962 : tensor<2x3x8xf32>) {
    ^bb0(%a963: f32, %a964: f32, %a965: f32):
      %v966 = arith.mulf %a963, %a964 : f32
      linalg.yield %v966 : f32
    } -> tensor<2x3x8xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %e968 = tensor.empty() : tensor<8xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %c969 = arith.constant 0.0 : f32 loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %f970 = linalg.fill ins(%c969 : f32) outs(%e968 : tensor<8xf32>) -> tensor<8xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %g974 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2, d0)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%g967 : tensor<2x3x8xf32>) outs(%f970 : tensor<8xf32>) {
    ^bb0(%a971: f32, %a972: f32):
      %v973 = arith.addf %a971, %a972 : f32
      linalg.yield %v973 : f32
    } -> tensor<8xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %e975 = tensor.empty() : tensor<8xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %c976 = arith.constant 0.0 : f32 loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %f977 = linalg.fill ins(%c976 : f32) outs(%e975 : tensor<8xf32>) -> tensor<8xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %g981 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2, d0)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%r912 : tensor<2x3x8xf32>) outs(%f977 : tensor<8xf32>) {
    ^bb0(%a978: f32, %a979: f32):
      %v980 = arith.addf %a978, %a979 : f32
      linalg.yield %v980 : f32
    } -> tensor<8xf32> loc("blocks.0.ln2.grad/aten.native_layer_norm_backward")
  %e982 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.0.grad/aten.add")
  %g987 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g857, %g961 : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%e982 : tensor<2x3x8xf32>) {
    ^bb0(%a983: f32, %a984: f32, %a985: f32):
      %v986 = arith.addf %a983, %a984 : f32
      linalg.yield %v986 : f32
    } -> tensor<2x3x8xf32> loc("blocks.0.grad/aten.add")
  %r988 = tensor.collapse_shape %g987 [[0, 1], [2]] : tensor<2x3x8xf32> into tensor<6x8xf32> loc("blocks.0.o.grad/aten._reshape_alias")
  %e989 = tensor.empty() : tensor<6x8xf32> loc("blocks.0.o.grad/aten.mm")
  %c990 = arith.constant 0.0 : f32 loc("blocks.0.o.grad/aten.mm")
  %f991 = linalg.fill ins(%c990 : f32) outs(%e989 : tensor<6x8xf32>) -> tensor<6x8xf32> loc("blocks.0.o.grad/aten.mm")
  %mm992 = linalg.matmul ins(%r988, %p_blocks_0_o_weight : tensor<6x8xf32>, tensor<8x8xf32>) outs(%f991 : tensor<6x8xf32>) -> tensor<6x8xf32> loc("blocks.0.o.grad/aten.mm")
  %e993 = tensor.empty() : tensor<8x8xf32> loc("blocks.0.o.grad/aten.mm")
  %c994 = arith.constant 0.0 : f32 loc("blocks.0.o.grad/aten.mm")
  %f995 = linalg.fill ins(%c994 : f32) outs(%e993 : tensor<8x8xf32>) -> tensor<8x8xf32> loc("blocks.0.o.grad/aten.mm")
  %mm996 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%r988, %r114 : tensor<6x8xf32>, tensor<6x8xf32>) outs(%f995 : tensor<8x8xf32>) -> tensor<8x8xf32> loc("blocks.0.o.grad/aten.mm")
  %e997 = tensor.empty() : tensor<8xf32> loc("blocks.0.o.grad/aten.sum")
  %c998 = arith.constant 0.0 : f32 loc("blocks.0.o.grad/aten.sum")
  %f999 = linalg.fill ins(%c998 : f32) outs(%e997 : tensor<8xf32>) -> tensor<8xf32> loc("blocks.0.o.grad/aten.sum")
  %g1003 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%r988 : tensor<6x8xf32>) outs(%f999 : tensor<8xf32>) {
    ^bb0(%a1000: f32, %a1001: f32):
      %v1002 = arith.addf %a1000, %a1001 : f32
      linalg.yield %v1002 : f32
    } -> tensor<8xf32> loc("blocks.0.o.grad/aten.sum")
  %r1004 = tensor.expand_shape %mm992 [[0, 1], [2]] output_shape [2, 3, 8] : tensor<6x8xf32> into tensor<2x3x8xf32> loc("blocks.0.o.grad/aten._reshape_alias")
  %r1005 = tensor.expand_shape %r1004 [[0], [1], [2, 3]] output_shape [2, 3, 2, 4] : tensor<2x3x8xf32> into tensor<2x3x2x4xf32> loc("blocks.0.grad/aten._reshape_alias")
  %e1006 = tensor.empty() : tensor<2x2x3x4xf32> loc("blocks.0.grad/aten._unsafe_view")
  %g1009 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r1005 : tensor<2x3x2x4xf32>) outs(%e1006 : tensor<2x2x3x4xf32>) {
    ^bb0(%a1007: f32, %a1008: f32):
      linalg.yield %a1007 : f32
    } -> tensor<2x2x3x4xf32> loc("blocks.0.grad/aten._unsafe_view")
  %r1010 = tensor.collapse_shape %g1009 [[0, 1], [2], [3]] : tensor<2x2x3x4xf32> into tensor<4x3x4xf32> loc("blocks.0.grad/aten._unsafe_view")
  %e1011 = tensor.empty() : tensor<4x3x4xf32> loc("blocks.0.grad/aten.bmm")
  %c1012 = arith.constant 0.0 : f32 loc("blocks.0.grad/aten.bmm")
  %f1013 = linalg.fill ins(%c1012 : f32) outs(%e1011 : tensor<4x3x4xf32>) -> tensor<4x3x4xf32> loc("blocks.0.grad/aten.bmm")
  %mm1014 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r98, %r1010 : tensor<4x3x3xf32>, tensor<4x3x4xf32>) outs(%f1013 : tensor<4x3x4xf32>) -> tensor<4x3x4xf32> loc("blocks.0.grad/aten.bmm")
  %e1015 = tensor.empty() : tensor<4x3x3xf32> loc("blocks.0.grad/aten.bmm")
  %c1016 = arith.constant 0.0 : f32 loc("blocks.0.grad/aten.bmm")
  %f1017 = linalg.fill ins(%c1016 : f32) outs(%e1015 : tensor<4x3x3xf32>) -> tensor<4x3x3xf32> loc("blocks.0.grad/aten.bmm")
  %mm1018 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r1010, %r103 : tensor<4x3x4xf32>, tensor<4x3x4xf32>) outs(%f1017 : tensor<4x3x3xf32>) -> tensor<4x3x3xf32> loc("blocks.0.grad/aten.bmm")
  %r1019 = tensor.expand_shape %mm1014 [[0, 1], [2], [3]] output_shape [2, 2, 3, 4] : tensor<4x3x4xf32> into tensor<2x2x3x4xf32> loc("blocks.0.grad/aten._reshape_alias")
  %r1020 = tensor.expand_shape %mm1018 [[0, 1], [2], [3]] output_shape [2, 2, 3, 3] : tensor<4x3x3xf32> into tensor<2x2x3x3xf32> loc("blocks.0.grad/aten._reshape_alias")
  %e1021 = tensor.empty() : tensor<2x2x3x3xf32> loc("blocks.0.grad/aten._softmax_backward_data")
  %g1026 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r1020, %sm97 : tensor<2x2x3x3xf32>, tensor<2x2x3x3xf32>) outs(%e1021 : tensor<2x2x3x3xf32>) {
    ^bb0(%a1022: f32, %a1023: f32, %a1024: f32):
      %v1025 = arith.mulf %a1022, %a1023 : f32
      linalg.yield %v1025 : f32
    } -> tensor<2x2x3x3xf32> loc("blocks.0.grad/aten._softmax_backward_data")
  %e1027 = tensor.empty() : tensor<2x2x3xf32> loc("blocks.0.grad/aten._softmax_backward_data")
  %c1028 = arith.constant 0.0 : f32 loc("blocks.0.grad/aten._softmax_backward_data")
  %f1029 = linalg.fill ins(%c1028 : f32) outs(%e1027 : tensor<2x2x3xf32>) -> tensor<2x2x3xf32> loc("blocks.0.grad/aten._softmax_backward_data")
  %g1033 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%g1026 : tensor<2x2x3x3xf32>) outs(%f1029 : tensor<2x2x3xf32>) {
    ^bb0(%a1030: f32, %a1031: f32):
      %v1032 = arith.addf %a1030, %a1031 : f32
      linalg.yield %v1032 : f32
    } -> tensor<2x2x3xf32> loc("blocks.0.grad/aten._softmax_backward_data")
  %e1034 = tensor.empty() : tensor<2x2x3x3xf32> loc("blocks.0.grad/aten._softmax_backward_data")
  %g1041 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sm97, %r1020, %g1033 : tensor<2x2x3x3xf32>, tensor<2x2x3x3xf32>, tensor<2x2x3xf32>) outs(%e1034 : tensor<2x2x3x3xf32>) {
    ^bb0(%a1035: f32, %a1036: f32, %a1037: f32, %a1038: f32):
      %v1039 = arith.subf %a1036, %a1037 : f32
      %v1040 = arith.mulf %a1035, %v1039 : f32
      linalg.yield %v1040 : f32
    } -> tensor<2x2x3x3xf32> loc("blocks.0.grad/aten._softmax_backward_data")
  %e1042 = tensor.empty() : tensor<2x2x3x3xf32> loc("blocks.0.grad/aten.div")
  %g1047 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%g1041 : tensor<2x2x3x3xf32>) outs(%e1042 : tensor<2x2x3x3xf32>) {
    ^bb0(%a1043: f32, %a1044: f32):
      %v1045 = arith.constant 2.0 : f32
      %v1046 = arith.divf %a1043, %v1045 : f32
      linalg.yield %v1046 : f32
    } -> tensor<2x2x3x3xf32> loc("blocks.0.grad/aten.div")
  %r1048 = tensor.collapse_shape %g1047 [[0, 1], [2], [3]] : tensor<2x2x3x3xf32> into tensor<4x3x3xf32> loc("blocks.0.grad/aten._reshape_alias")
  %e1049 = tensor.empty() : tensor<4x4x3xf32> loc("blocks.0.grad/aten.bmm")
  %c1050 = arith.constant 0.0 : f32 loc("blocks.0.grad/aten.bmm")
  %f1051 = linalg.fill ins(%c1050 : f32) outs(%e1049 : tensor<4x4x3xf32>) -> tensor<4x4x3xf32> loc("blocks.0.grad/aten.bmm")
  %mm1052 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r79, %r1048 : tensor<4x3x4xf32>, tensor<4x3x3xf32>) outs(%f1051 : tensor<4x4x3xf32>) -> tensor<4x4x3xf32> loc("blocks.0.grad/aten.bmm")
  %e1053 = tensor.empty() : tensor<4x3x4xf32> loc("blocks.0.grad/aten.bmm")
  %c1054 = arith.constant 0.0 : f32 loc("blocks.0.grad/aten.bmm")
  %f1055 = linalg.fill ins(%c1054 : f32) outs(%e1053 : tensor<4x3x4xf32>) -> tensor<4x3x4xf32> loc("blocks.0.grad/aten.bmm")
  %mm1056 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%r1048, %r84 : tensor<4x3x3xf32>, tensor<4x4x3xf32>) outs(%f1055 : tensor<4x3x4xf32>) -> tensor<4x3x4xf32> loc("blocks.0.grad/aten.bmm")
  %r1057 = tensor.expand_shape %mm1052 [[0, 1], [2], [3]] output_shape [2, 2, 4, 3] : tensor<4x4x3xf32> into tensor<2x2x4x3xf32> loc("blocks.0.grad/aten._reshape_alias")
  %r1058 = tensor.expand_shape %mm1056 [[0, 1], [2], [3]] output_shape [2, 2, 3, 4] : tensor<4x3x4xf32> into tensor<2x2x3x4xf32> loc("blocks.0.grad/aten._reshape_alias")
  %e1059 = tensor.empty() : tensor<2x3x2x4xf32> loc("blocks.0.grad/aten._unsafe_view")
  %g1062 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r1019 : tensor<2x2x3x4xf32>) outs(%e1059 : tensor<2x3x2x4xf32>) {
    ^bb0(%a1060: f32, %a1061: f32):
      linalg.yield %a1060 : f32
    } -> tensor<2x3x2x4xf32> loc("blocks.0.grad/aten._unsafe_view")
  %r1063 = tensor.collapse_shape %g1062 [[0], [1], [2, 3]] : tensor<2x3x2x4xf32> into tensor<2x3x8xf32> loc("blocks.0.grad/aten._unsafe_view")
  %e1064 = tensor.empty() : tensor<2x3x2x4xf32> loc("blocks.0.grad/aten._reshape_alias")
  %g1067 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r1057 : tensor<2x2x4x3xf32>) outs(%e1064 : tensor<2x3x2x4xf32>) {
    ^bb0(%a1065: f32, %a1066: f32):
      linalg.yield %a1065 : f32
    } -> tensor<2x3x2x4xf32> loc("blocks.0.grad/aten._reshape_alias")
  %r1068 = tensor.collapse_shape %g1067 [[0], [1], [2, 3]] : tensor<2x3x2x4xf32> into tensor<2x3x8xf32> loc("blocks.0.grad/aten._reshape_alias")
  %e1069 = tensor.empty() : tensor<2x3x2x4xf32> loc("blocks.0.grad/aten._unsafe_view")
  %g1072 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r1058 : tensor<2x2x3x4xf32>) outs(%e1069 : tensor<2x3x2x4xf32>) {
    ^bb0(%a1070: f32, %a1071: f32):
      linalg.yield %a1070 : f32
    } -> tensor<2x3x2x4xf32> loc("blocks.0.grad/aten._unsafe_view")
  %r1073 = tensor.collapse_shape %g1072 [[0], [1], [2, 3]] : tensor<2x3x2x4xf32> into tensor<2x3x8xf32> loc("blocks.0.grad/aten._unsafe_view")
  %cat1074 = tensor.concat dim(2) %r1073, %r1068, %r1063 : (tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x24xf32> loc("blocks.0.grad/aten.cat")
  %r1075 = tensor.collapse_shape %cat1074 [[0, 1], [2]] : tensor<2x3x24xf32> into tensor<6x24xf32> loc("blocks.0.qkv.grad/aten._reshape_alias")
  %e1076 = tensor.empty() : tensor<6x8xf32> loc("blocks.0.qkv.grad/aten.mm")
  %c1077 = arith.constant 0.0 : f32 loc("blocks.0.qkv.grad/aten.mm")
  %f1078 = linalg.fill ins(%c1077 : f32) outs(%e1076 : tensor<6x8xf32>) -> tensor<6x8xf32> loc("blocks.0.qkv.grad/aten.mm")
  %mm1079 = linalg.matmul ins(%r1075, %p_blocks_0_qkv_weight : tensor<6x24xf32>, tensor<24x8xf32>) outs(%f1078 : tensor<6x8xf32>) -> tensor<6x8xf32> loc("blocks.0.qkv.grad/aten.mm")
  %e1080 = tensor.empty() : tensor<24x8xf32> loc("blocks.0.qkv.grad/aten.mm")
  %c1081 = arith.constant 0.0 : f32 loc("blocks.0.qkv.grad/aten.mm")
  %f1082 = linalg.fill ins(%c1081 : f32) outs(%e1080 : tensor<24x8xf32>) -> tensor<24x8xf32> loc("blocks.0.qkv.grad/aten.mm")
  %mm1083 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%r1075, %r62 : tensor<6x24xf32>, tensor<6x8xf32>) outs(%f1082 : tensor<24x8xf32>) -> tensor<24x8xf32> loc("blocks.0.qkv.grad/aten.mm")
  %e1084 = tensor.empty() : tensor<24xf32> loc("blocks.0.qkv.grad/aten.sum")
  %c1085 = arith.constant 0.0 : f32 loc("blocks.0.qkv.grad/aten.sum")
  %f1086 = linalg.fill ins(%c1085 : f32) outs(%e1084 : tensor<24xf32>) -> tensor<24xf32> loc("blocks.0.qkv.grad/aten.sum")
  %g1090 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%r1075 : tensor<6x24xf32>) outs(%f1086 : tensor<24xf32>) {
    ^bb0(%a1087: f32, %a1088: f32):
      %v1089 = arith.addf %a1087, %a1088 : f32
      linalg.yield %v1089 : f32
    } -> tensor<24xf32> loc("blocks.0.qkv.grad/aten.sum")
  %r1091 = tensor.expand_shape %mm1079 [[0, 1], [2]] output_shape [2, 3, 8] : tensor<6x8xf32> into tensor<2x3x8xf32> loc("blocks.0.qkv.grad/aten._reshape_alias")
  %e1092 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %g1099 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g11, %g25, %g49 : tensor<2x3x8xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>) outs(%e1092 : tensor<2x3x8xf32>) {
    ^bb0(%a1093: f32, %a1094: f32, %a1095: f32, %a1096: f32):
      %v1097 = arith.subf %a1093, %a1094 : f32
      %v1098 = arith.mulf %v1097, %a1095 : f32
      linalg.yield %v1098 : f32
    } -> tensor<2x3x8xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %e1100 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %g1105 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r1091, %p_blocks_0_ln1_weight : tensor<2x3x8xf32>, tensor<8xf32>) outs(%e1100 : tensor<2x3x8xf32>) {
    ^bb0(%a1101: f32, %a1102: f32, %a1103: f32):
      %v1104 = arith.mulf %a1101, %a1102 : f32
      linalg.yield %v1104 : f32
    } -> tensor<2x3x8xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %e1106 = tensor.empty() : tensor<2x3xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %c1107 = arith.constant 0.0 : f32 loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %f1108 = linalg.fill ins(%c1107 : f32) outs(%e1106 : tensor<2x3xf32>) -> tensor<2x3xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %g1112 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g1105 : tensor<2x3x8xf32>) outs(%f1108 : tensor<2x3xf32>) {
    ^bb0(%a1109: f32, %a1110: f32):
      %v1111 = arith.addf %a1109, %a1110 : f32
      linalg.yield %v1111 : f32
    } -> tensor<2x3xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %e1113 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %g1118 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g1105, %g1099 : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%e1113 : tensor<2x3x8xf32>) {
    ^bb0(%a1114: f32, %a1115: f32, %a1116: f32):
      %v1117 = arith.mulf %a1114, %a1115 : f32
      linalg.yield %v1117 : f32
    } -> tensor<2x3x8xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %e1119 = tensor.empty() : tensor<2x3xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %c1120 = arith.constant 0.0 : f32 loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %f1121 = linalg.fill ins(%c1120 : f32) outs(%e1119 : tensor<2x3xf32>) -> tensor<2x3xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %g1125 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g1118 : tensor<2x3x8xf32>) outs(%f1121 : tensor<2x3xf32>) {
    ^bb0(%a1122: f32, %a1123: f32):
      %v1124 = arith.addf %a1122, %a1123 : f32
      linalg.yield %v1124 : f32
    } -> tensor<2x3xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %e1126 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %g1140 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g1105, %g1099, %g1112, %g1125, %g49 : tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3x1xf32>) outs(%e1126 : tensor<2x3x8xf32>) {
    ^bb0(%a1127: f32, %a1128: f32, %a1129: f32, %a1130: f32, %a1131: f32, %a1132: f32):
      %v1133 = arith.constant 8.0 : f32
      %v1134 = arith.mulf %v1133, %a1127 : f32
      %v1135 = arith.subf %v1134, %a1129 : f32
      %v1136 = arith.mulf %a1128, %a1130 : f32
      %v1137 = arith.subf %v1135, %v1136 : f32
      %v1138 = arith.divf %a1131, %v1133 : f32
      %v1139 = arith.mulf %v1138, %v1137 : f32
      linalg.yield %v1139 : f32
    } -> tensor<2x3x8xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %e1141 = tensor.empty() : tensor<2x3x8xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %g1146 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r1091, %g1099 : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%e1141 : tensor<2x3x8xf32>) {
    ^bb0(%a1142: f32, %a1143: f32, %a1144: f32):
      %v1145 = arith.mulf %a1142, %a1143 : f32
      linalg.yield %v1145 : f32
    } -> tensor<2x3x8xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %e1147 = tensor.empty() : tensor<8xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %c1148 = arith.constant 0.0 : f32 loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %f1149 = linalg.fill ins(%c1148 : f32) outs(%e1147 : tensor<8xf32>) -> tensor<8xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %g1153 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2, d0)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%g1146 : tensor<2x3x8xf32>) outs(%f1149 : tensor<8xf32>) {
    ^bb0(%a1150: f32, %a1151: f32):
      %v1152 = arith.addf %a1150, %a1151 : f32
      linalg.yield %v1152 : f32
    } -> tensor<8xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %e1154 = tensor.empty() : tensor<8xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %c1155 = arith.constant 0.0 : f32 loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %f1156 = linalg.fill ins(%c1155 : f32) outs(%e1154 : tensor<8xf32>) -> tensor<8xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %g1160 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2, d0)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%r1091 : tensor<2x3x8xf32>) outs(%f1156 : tensor<8xf32>) {
    ^bb0(%a1157: f32, %a1158: f32):
      %v1159 = arith.addf %a1157, %a1158 : f32
      linalg.yield %v1159 : f32
    } -> tensor<8xf32> loc("blocks.0.ln1.grad/aten.native_layer_norm_backward")
  %e1161 = tensor.empty() : tensor<2x3x8xf32> loc("emb.grad/aten.add")
  %g1166 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g987, %g1140 : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%e1161 : tensor<2x3x8xf32>) {
    ^bb0(%a1162: f32, %a1163: f32, %a1164: f32):
      %v1165 = arith.addf %a1162, %a1163 : f32
      linalg.yield %v1165 : f32
    } -> tensor<2x3x8xf32> loc("emb.grad/aten.add")
  %r1167 = tensor.collapse_shape %g1166 [[0, 1], [2]] : tensor<2x3x8xf32> into tensor<6x8xf32> loc("emb.grad/aten.embedding_dense_backward")
  %r1168 = tensor.collapse_shape %input0 [[0, 1]] : tensor<2x3xi64> into tensor<6xi64> loc("emb.grad/aten.embedding_dense_backward")
  %e1169 = tensor.empty() : tensor<30x8xf32> loc("emb.grad/aten.embedding_dense_backward")
  %c1170 = arith.constant 0.0 : f32 loc("emb.grad/aten.embedding_dense_backward")
  %f1171 = linalg.fill ins(%c1170 : f32) outs(%e1169 : tensor<30x8xf32>) -> tensor<30x8xf32> loc("emb.grad/aten.embedding_dense_backward")
  %g1180 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%r1168, %r1167 : tensor<6xi64>, tensor<6x8xf32>) outs(%f1171 : tensor<30x8xf32>) {
    ^bb0(%a1172: i64, %a1173: f32, %a1174: f32):
      %v1175 = linalg.index 0 : index
      %v1176 = arith.index_cast %v1175 : index to i64
      %v1177 = arith.cmpi eq, %a1172, %v1176 : i64
      %v1178 = arith.addf %a1174, %a1173 : f32
      %v1179 = arith.select %v1177, %v1178, %a1174 : f32
      linalg.yield %v1179 : f32
    } -> tensor<30x8xf32> loc("emb.grad/aten.embedding_dense_backward")
  return %g495, %g1180, %g1153, %g1160, %mm1083, %g1090, %mm996, %g1003, %g974, %g981, %mm904, %g911, %mm866, %g873, %g844, %g851, %mm774, %g781, %mm687, %g694, %g665, %g672, %mm595, %g602, %mm557, %g564, %mm535, %g542 : tensor<f32>, tensor<30x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<32x8xf32>, tensor<32xf32>, tensor<8x32xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<32x8xf32>, tensor<32xf32>, tensor<8x32xf32>, tensor<8xf32>, tensor<3x8xf32>, tensor<3xf32>
}
