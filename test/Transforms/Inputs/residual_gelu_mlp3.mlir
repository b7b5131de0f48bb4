// A 3-block residual MLP (16x16 input, hidden 64, GELU), each block
// computing its input gradient before its weight gradients. Imported from
// PyTorch 1.13 by remat-import-torch; backward seeded from output0.
func.func @train_step(%p_blocks_0_fc1_weight: tensor<64x16xf32>,
    %p_blocks_0_fc1_bias: tensor<64xf32>,
    %p_blocks_0_fc2_weight: tensor<16x64xf32>,
    %p_blocks_0_fc2_bias: tensor<16xf32>,
    %p_blocks_1_fc1_weight: tensor<64x16xf32>,
    %p_blocks_1_fc1_bias: tensor<64xf32>,
    %p_blocks_1_fc2_weight: tensor<16x64xf32>,
    %p_blocks_1_fc2_bias: tensor<16xf32>,
    %p_blocks_2_fc1_weight: tensor<64x16xf32>,
    %p_blocks_2_fc1_bias: tensor<64xf32>,
    %p_blocks_2_fc2_weight: tensor<16x64xf32>,
    %p_blocks_2_fc2_bias: tensor<16xf32>,
    %input0: tensor<16x16xf32>,
    %grad_out0: tensor<f32> {remat.cotangent})
    -> (tensor<f32>, tensor<64x16xf32>, tensor<64xf32>, tensor<16x64xf32>, tensor<16xf32>, tensor<64x16xf32>, tensor<64xf32>, tensor<16x64xf32>, tensor<16xf32>, tensor<64x16xf32>, tensor<64xf32>, tensor<16x64xf32>, tensor<16xf32>) {
  %e1 = tensor.empty() : tensor<16x64xf32> loc("blocks.0.fc1/aten.addmm")
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_blocks_0_fc1_bias : tensor<64xf32>) outs(%e1 : tensor<16x64xf32>) {
    ^bb0(%a2: f32, %a3: f32):
      linalg.yield %a2 : f32
    } -> tensor<16x64xf32> loc("blocks.0.fc1/aten.addmm")
  %mm5 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%input0, %p_blocks_0_fc1_weight : tensor<16x16xf32>, tensor<64x16xf32>) outs(%g4 : tensor<16x64xf32>) -> tensor<16x64xf32> loc("blocks.0.fc1/aten.addmm")
  %e6 = tensor.empty() : tensor<16x64xf32> loc("blocks.0/aten.gelu")
  %g17 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm5 : tensor<16x64xf32>) outs(%e6 : tensor<16x64xf32>) {
    ^bb0(%a7: f32, %a8: f32):
      %v9 = arith.constant 0.5 : f32
      %v10 = arith.constant 1.0 : f32
      %v11 = arith.constant 0.7071067811865475 : f32
      %v12 = arith.mulf %a7, %v11 : f32
      %v13 = math.erf %v12 : f32
      %v14 = arith.mulf %a7, %v9 : f32
      %v15 = arith.addf %v10, %v13 : f32
      %v16 = arith.mulf %v14, %v15 : f32
      linalg.yield %v16 : f32
    } -> tensor<16x64xf32> loc("blocks.0/aten.gelu")
  %e18 = tensor.empty() : tensor<16x16xf32> loc("blocks.0.fc2/aten.addmm")
  %g21 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_blocks_0_fc2_bias : tensor<16xf32>) outs(%e18 : tensor<16x16xf32>) {
    ^bb0(%a19: f32, %a20: f32):
      linalg.yield %a19 : f32
    } -> tensor<16x16xf32> loc("blocks.0.fc2/aten.addmm")
  %mm22 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%g17, %p_blocks_0_fc2_weight : tensor<16x64xf32>, tensor<16x64xf32>) outs(%g21 : tensor<16x16xf32>) -> tensor<16x16xf32> loc("blocks.0.fc2/aten.addmm")
  %e23 = tensor.empty() : tensor<16x16xf32> loc("blocks.0/aten.add")
  %g28 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%input0, %mm22 : tensor<16x16xf32>, tensor<16x16xf32>) outs(%e23 : tensor<16x16xf32>) {
    ^bb0(%a24: f32, %a25: f32, %a26: f32):
      %v27 = arith.addf %a24, %a25 : f32
      linalg.yield %v27 : f32
    } -> tensor<16x16xf32> loc("blocks.0/aten.add")
  %e29 = tensor.empty() : tensor<16x64xf32> loc("blocks.1.fc1/aten.addmm")
  %g32 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_blocks_1_fc1_bias : tensor<64xf32>) outs(%e29 : tensor<16x64xf32>) {
    ^bb0(%a30: f32, %a31: f32):
      linalg.yield %a30 : f32
    } -> tensor<16x64xf32> loc("blocks.1.fc1/aten.addmm")
  %mm33 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%g28, %p_blocks_1_fc1_weight : tensor<16x16xf32>, tensor<64x16xf32>) outs(%g32 : tensor<16x64xf32>) -> tensor<16x64xf32> loc("blocks.1.fc1/aten.addmm")
  %e34 = tensor.empty() : tensor<16x64xf32> loc("blocks.1/aten.gelu")
  %g45 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm33 : tensor<16x64xf32>) outs(%e34 : tensor<16x64xf32>) {
    ^bb0(%a35: f32, %a36: f32):
      %v37 = arith.constant 0.5 : f32
      %v38 = arith.constant 1.0 : f32
      %v39 = arith.constant 0.7071067811865475 : f32
      %v40 = arith.mulf %a35, %v39 : f32
      %v41 = math.erf %v40 : f32
      %v42 = arith.mulf %a35, %v37 : f32
      %v43 = arith.addf %v38, %v41 : f32
      %v44 = arith.mulf %v42, %v43 : f32
      linalg.yield %v44 : f32
    } -> tensor<16x64xf32> loc("blocks.1/aten.gelu")
  %e46 = tensor.empty() : tensor<16x16xf32> loc("blocks.1.fc2/aten.addmm")
  %g49 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_blocks_1_fc2_bias : tensor<16xf32>) outs(%e46 : tensor<16x16xf32>) {
    ^bb0(%a47: f32, %a48: f32):
      linalg.yield %a47 : f32
    } -> tensor<16x16xf32> loc("blocks.1.fc2/aten.addmm")
  %mm50 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%g45, %p_blocks_1_fc2_weight : tensor<16x64xf32>, tensor<16x64xf32>) outs(%g49 : tensor<16x16xf32>) -> tensor<16x16xf32> loc("blocks.1.fc2/aten.addmm")
  %e51 = tensor.empty() : tensor<16x16xf32> loc("blocks.1/aten.add")
  %g56 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g28, %mm50 : tensor<16x16xf32>, tensor<16x16xf32>) outs(%e51 : tensor<16x16xf32>) {
    ^bb0(%a52: f32, %a53: f32, %a54: f32):
      %v55 = arith.addf %a52, %a53 : f32
      linalg.yield %v55 : f32
    } -> tensor<16x16xf32> loc("blocks.1/aten.add")
  %e57 = tensor.empty() : tensor<16x64xf32> loc("blocks.2.fc1/aten.addmm")
  %g60 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_blocks_2_fc1_bias : tensor<64xf32>) outs(%e57 : tensor<16x64xf32>) {
    ^bb0(%a58: f32, %a59: f32):
      linalg.yield %a58 : f32
    } -> tensor<16x64xf32> loc("blocks.2.fc1/aten.addmm")
  %mm61 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%g56, %p_blocks_2_fc1_weight : tensor<16x16xf32>, tensor<64x16xf32>) outs(%g60 : tensor<16x64xf32>) -> tensor<16x64xf32> loc("blocks.2.fc1/aten.addmm")
  %e62 = tensor.empty() : tensor<16x64xf32> loc("blocks.2/aten.gelu")
  %g73 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm61 : tensor<16x64xf32>) outs(%e62 : tensor<16x64xf32>) {
    ^bb0(%a63: f32, %a64: f32):
      %v65 = arith.constant 0.5 : f32
      %v66 = arith.constant 1.0 : f32
      %v67 = arith.constant 0.7071067811865475 : f32
      %v68 = arith.mulf %a63, %v67 : f32
      %v69 = math.erf %v68 : f32
      %v70 = arith.mulf %a63, %v65 : f32
      %v71 = arith.addf %v66, %v69 : f32
      %v72 = arith.mulf %v70, %v71 : f32
      linalg.yield %v72 : f32
    } -> tensor<16x64xf32> loc("blocks.2/aten.gelu")
  %e74 = tensor.empty() : tensor<16x16xf32> loc("blocks.2.fc2/aten.addmm")
  %g77 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_blocks_2_fc2_bias : tensor<16xf32>) outs(%e74 : tensor<16x16xf32>) {
    ^bb0(%a75: f32, %a76: f32):
      linalg.yield %a75 : f32
    } -> tensor<16x16xf32> loc("blocks.2.fc2/aten.addmm")
  %mm78 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%g73, %p_blocks_2_fc2_weight : tensor<16x64xf32>, tensor<16x64xf32>) outs(%g77 : tensor<16x16xf32>) -> tensor<16x16xf32> loc("blocks.2.fc2/aten.addmm")
  %e79 = tensor.empty() : tensor<16x16xf32> loc("blocks.2/aten.add")
  %g84 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g56, %mm78 : tensor<16x16xf32>, tensor<16x16xf32>) outs(%e79 : tensor<16x16xf32>) {
    ^bb0(%a80: f32, %a81: f32, %a82: f32):
      %v83 = arith.addf %a80, %a81 : f32
      linalg.yield %v83 : f32
    } -> tensor<16x16xf32> loc("blocks.2/aten.add")
  %e85 = tensor.empty() : tensor<16x16xf32> loc("aten.pow")
  %g89 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g84 : tensor<16x16xf32>) outs(%e85 : tensor<16x16xf32>) {
    ^bb0(%a86: f32, %a87: f32):
      %v88 = arith.mulf %a86, %a86 : f32
      linalg.yield %v88 : f32
    } -> tensor<16x16xf32> loc("aten.pow")
  %e90 = tensor.empty() : tensor<f32> loc("aten.mean")
  %c91 = arith.constant 0.0 : f32 loc("aten.mean")
  %f92 = linalg.fill ins(%c91 : f32) outs(%e90 : tensor<f32>) -> tensor<f32> loc("aten.mean")
  %g96 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]}
      ins(%g89 : tensor<16x16xf32>) outs(%f92 : tensor<f32>) {
    ^bb0(%a93: f32, %a94: f32):
      %v95 = arith.addf %a93, %a94 : f32
      linalg.yield %v95 : f32
    } -> tensor<f32> loc("aten.mean")
  %e97 = tensor.empty() : tensor<f32> loc("aten.mean")
  %g102 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%g96 : tensor<f32>) outs(%e97 : tensor<f32>) {
    ^bb0(%a98: f32, %a99: f32):
      %v100 = arith.constant 256.0 : f32
      %v101 = arith.divf %a98, %v100 : f32
      linalg.yield %v101 : f32
    } -> tensor<f32> loc("aten.mean")
  %e103 = tensor.empty() : tensor<16x16xf32> loc("grad/aten.div")
  %g108 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%grad_out0 : tensor<f32>) outs(%e103 : tensor<16x16xf32>) {
    ^bb0(%a104: f32, %a105: f32):
      %v106 = arith.constant 256.0 : f32
      %v107 = arith.divf %a104, %v106 : f32
      linalg.yield %v107 : f32
    } -> tensor<16x16xf32> loc("grad/aten.div")
  %e109 = tensor.empty() : tensor<16x16xf32> loc("grad/aten.pow")
  %g112 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g84 : tensor<16x16xf32>) outs(%e109 : tensor<16x16xf32>) {
    ^bb0(%a110: f32, %a111: f32):
      linalg.yield %a110 : f32
    } -> tensor<16x16xf32> loc("grad/aten.pow")
  %e113 = tensor.empty() : tensor<16x16xf32> loc("grad/aten.mul")
  %g118 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g112 : tensor<16x16xf32>) outs(%e113 : tensor<16x16xf32>) {
    ^bb0(%a114: f32, %a115: f32):
      %v116 = arith.constant 2.0 : f32
      %v117 = arith.mulf %a114, %v116 : f32
      linalg.yield %v117 : f32
    } -> tensor<16x16xf32> loc("grad/aten.mul")
  %e119 = tensor.empty() : tensor<16x16xf32> loc("grad/aten.mul")
  %g124 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g108, %g118 : tensor<16x16xf32>, tensor<16x16xf32>) outs(%e119 : tensor<16x16xf32>) {
    ^bb0(%a120: f32, %a121: f32, %a122: f32):
      %v123 = arith.mulf %a120, %a121 : f32
      linalg.yield %v123 : f32
    } -> tensor<16x16xf32> loc("grad/aten.mul")
  %e125 = tensor.empty() : tensor<16x64xf32> loc("blocks.2.fc2.grad/aten.mm")
  %c126 = arith.constant 0.0 : f32 loc("blocks.2.fc2.grad/aten.mm")
  %f127 = linalg.fill ins(%c126 : f32) outs(%e125 : tensor<16x64xf32>) -> tensor<16x64xf32> loc("blocks.2.fc2.grad/aten.mm")
  %mm128 = linalg.matmul ins(%g124, %p_blocks_2_fc2_weight : tensor<16x16xf32>, tensor<16x64xf32>) outs(%f127 : tensor<16x64xf32>) -> tensor<16x64xf32> loc("blocks.2.fc2.grad/aten.mm")
  %e129 = tensor.empty() : tensor<16x64xf32> loc("blocks.2.fc2.grad/aten.mm")
  %c130 = arith.constant 0.0 : f32 loc("blocks.2.fc2.grad/aten.mm")
  %f131 = linalg.fill ins(%c130 : f32) outs(%e129 : tensor<16x64xf32>) -> tensor<16x64xf32> loc("blocks.2.fc2.grad/aten.mm")
  %mm132 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%g124, %g73 : tensor<16x16xf32>, tensor<16x64xf32>) outs(%f131 : tensor<16x64xf32>) -> tensor<16x64xf32> loc("blocks.2.fc2.grad/aten.mm")
  %e133 = tensor.empty() : tensor<16xf32> loc("blocks.2.fc2.grad/aten.sum")
  %c134 = arith.constant 0.0 : f32 loc("blocks.2.fc2.grad/aten.sum")
  %f135 = linalg.fill ins(%c134 : f32) outs(%e133 : tensor<16xf32>) -> tensor<16xf32> loc("blocks.2.fc2.grad/aten.sum")
  %g139 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g124 : tensor<16x16xf32>) outs(%f135 : tensor<16xf32>) {
    ^bb0(%a136: f32, %a137: f32):
      %v138 = arith.addf %a136, %a137 : f32
      linalg.yield %v138 : f32
    } -> tensor<16xf32> loc("blocks.2.fc2.grad/aten.sum")
  %e140 = tensor.empty() : tensor<16x64xf32> loc("blocks.2.grad/aten.gelu_backward")
  %g160 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm128, %mm61 : tensor<16x64xf32>, tensor<16x64xf32>) outs(%e140 : tensor<16x64xf32>) {
    ^bb0(%a141: f32, %a142: f32, %a143: f32):
      %v144 = arith.constant 0.5 : f32
      %v145 = arith.constant 1.0 : f32
      %v146 = arith.constant 0.7071067811865475 : f32
      %v147 = arith.mulf %a142, %v146 : f32
      %v148 = math.erf %v147 : f32
      %v149 = arith.addf %v145, %v148 : f32
      %v150 = arith.mulf %v144, %v149 : f32
      %v151 = arith.mulf %a142, %a142 : f32
      %v152 = arith.constant -0.5 : f32
      %v153 = arith.mulf %v151, %v152 : f32
      %v154 = math.exp %v153 : f32
      %v155 = arith.constant 0.3989422804014327 : f32
      %v156 = arith.mulf %v154, %v155 : f32
      %v157 = arith.mulf %a142, %v156 : f32
      %v158 = arith.addf %v150, %v157 : f32
      %v159 = arith.mulf %a141, %v158 : f32
      linalg.yield %v159 : f32
    } -> tensor<16x64xf32> loc("blocks.2.grad/aten.gelu_backward")
  %e161 = tensor.empty() : tensor<16x16xf32> loc("blocks.2.fc1.grad/aten.mm")
  %c162 = arith.constant 0.0 : f32 loc("blocks.2.fc1.grad/aten.mm")
  %f163 = linalg.fill ins(%c162 : f32) outs(%e161 : tensor<16x16xf32>) -> tensor<16x16xf32> loc("blocks.2.fc1.grad/aten.mm")
  %mm164 = linalg.matmul ins(%g160, %p_blocks_2_fc1_weight : tensor<16x64xf32>, tensor<64x16xf32>) outs(%f163 : tensor<16x16xf32>) -> tensor<16x16xf32> loc("blocks.2.fc1.grad/aten.mm")
  %e165 = tensor.empty() : tensor<64x16xf32> loc("blocks.2.fc1.grad/aten.mm")
  %c166 = arith.constant 0.0 : f32 loc("blocks.2.fc1.grad/aten.mm")
  %f167 = linalg.fill ins(%c166 : f32) outs(%e165 : tensor<64x16xf32>) -> tensor<64x16xf32> loc("blocks.2.fc1.grad/aten.mm")
  %mm168 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%g160, %g56 : tensor<16x64xf32>, tensor<16x16xf32>) outs(%f167 : tensor<64x16xf32>) -> tensor<64x16xf32> loc("blocks.2.fc1.grad/aten.mm")
  %e169 = tensor.empty() : tensor<64xf32> loc("blocks.2.fc1.grad/aten.sum")
  %c170 = arith.constant 0.0 : f32 loc("blocks.2.fc1.grad/aten.sum")
  %f171 = linalg.fill ins(%c170 : f32) outs(%e169 : tensor<64xf32>) -> tensor<64xf32> loc("blocks.2.fc1.grad/aten.sum")
  %g175 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g160 : tensor<16x64xf32>) outs(%f171 : tensor<64xf32>) {
    ^bb0(%a172: f32, %a173: f32):
      %v174 = arith.addf %a172, %a173 : f32
      linalg.yield %v174 : f32
    } -> tensor<64xf32> loc("blocks.2.fc1.grad/aten.sum")
  %e176 = tensor.empty() : tensor<16x16xf32> loc("blocks.2.fc1.grad/aten.add")
  %g181 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g124, %mm164 : tensor<16x16xf32>, tensor<16x16xf32>) outs(%e176 : tensor<16x16xf32>) {
    ^bb0(%a177: f32, %a178: f32, %a179: f32):
      %v180 = arith.addf %a177, %a178 : f32
      linalg.yield %v180 : f32
    } -> tensor<16x16xf32> loc("blocks.2.fc1.grad/aten.add")
  %e182 = tensor.empty() : tensor<16x64xf32> loc("blocks.1.fc2.grad/aten.mm")
  %c183 = arith.constant 0.0 : f32 loc("blocks.1.fc2.grad/aten.mm")
  %f184 = linalg.fill ins(%c183 : f32) outs(%e182 : tensor<16x64xf32>) -> tensor<16x64xf32> loc("blocks.1.fc2.grad/aten.mm")
  %mm185 = linalg.matmul ins(%g181, %p_blocks_1_fc2_weight : tensor<16x16xf32>, tensor<16x64xf32>) outs(%f184 : tensor<16x64xf32>) -> tensor<16x64xf32> loc("blocks.1.fc2.grad/aten.mm")
  %e186 = tensor.empty() : tensor<16x64xf32> loc("blocks.1.fc2.grad/aten.mm")
  %c187 = arith.constant 0.0 : f32 loc("blocks.1.fc2.grad/aten.mm")
  %f188 = linalg.fill ins(%c187 : f32) outs(%e186 : tensor<16x64xf32>) -> tensor<16x64xf32> loc("blocks.1.fc2.grad/aten.mm")
  %mm189 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%g181, %g45 : tensor<16x16xf32>, tensor<16x64xf32>) outs(%f188 : tensor<16x64xf32>) -> tensor<16x64xf32> loc("blocks.1.fc2.grad/aten.mm")
  %e190 = tensor.empty() : tensor<16xf32> loc("blocks.1.fc2.grad/aten.sum")
  %c191 = arith.constant 0.0 : f32 loc("blocks.1.fc2.grad/aten.sum")
  %f192 = linalg.fill ins(%c191 : f32) outs(%e190 : tensor<16xf32>) -> tensor<16xf32> loc("blocks.1.fc2.grad/aten.sum")
  %g196 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g181 : tensor<16x16xf32>) outs(%f192 : tensor<16xf32>) {
    ^bb0(%a193: f32, %a194: f32):
      %v195 = arith.addf %a193, %a194 : f32
      linalg.yield %v195 : f32
    } -> tensor<16xf32> loc("blocks.1.fc2.grad/aten.sum")
  %e197 = tensor.empty() : tensor<16x64xf32> loc("blocks.1.grad/aten.gelu_backward")
  %g217 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm185, %mm33 : tensor<16x64xf32>, tensor<16x64xf32>) outs(%e197 : tensor<16x64xf32>) {
    ^bb0(%a198: f32, %a199: f32, %a200: f32):
      %v201 = arith.constant 0.5 : f32
      %v202 = arith.constant 1.0 : f32
      %v203 = arith.constant 0.7071067811865475 : f32
      %v204 = arith.mulf %a199, %v203 : f32
      %v205 = math.erf %v204 : f32
      %v206 = arith.addf %v202, %v205 : f32
      %v207 = arith.mulf %v201, %v206 : f32
      %v208 = arith.mulf %a199, %a199 : f32
      %v209 = arith.constant -0.5 : f32
      %v210 = arith.mulf %v208, %v209 : f32
      %v211 = math.exp %v210 : f32
      %v212 = arith.constant 0.3989422804014327 : f32
      %v213 = arith.mulf %v211, %v212 : f32
      %v214 = arith.mulf %a199, %v213 : f32
      %v215 = arith.addf %v207, %v214 : f32
      %v216 = arith.mulf %a198, %v215 : f32
      linalg.yield %v216 : f32
    } -> tensor<16x64xf32> loc("blocks.1.grad/aten.gelu_backward")
  %e218 = tensor.empty() : tensor<16x16xf32> loc("blocks.1.fc1.grad/aten.mm")
  %c219 = arith.constant 0.0 : f32 loc("blocks.1.fc1.grad/aten.mm")
  %f220 = linalg.fill ins(%c219 : f32) outs(%e218 : tensor<16x16xf32>) -> tensor<16x16xf32> loc("blocks.1.fc1.grad/aten.mm")
  %mm221 = linalg.matmul ins(%g217, %p_blocks_1_fc1_weight : tensor<16x64xf32>, tensor<64x16xf32>) outs(%f220 : tensor<16x16xf32>) -> tensor<16x16xf32> loc("blocks.1.fc1.grad/aten.mm")
  %e222 = tensor.empty() : tensor<64x16xf32> loc("blocks.1.fc1.grad/aten.mm")
  %c223 = arith.constant 0.0 : f32 loc("blocks.1.fc1.grad/aten.mm")
  %f224 = linalg.fill ins(%c223 : f32) outs(%e222 : tensor<64x16xf32>) -> tensor<64x16xf32> loc("blocks.1.fc1.grad/aten.mm")
  %mm225 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%g217, %g28 : tensor<16x64xf32>, tensor<16x16xf32>) outs(%f224 : tensor<64x16xf32>) -> tensor<64x16xf32> loc("blocks.1.fc1.grad/aten.mm")
  %e226 = tensor.empty() : tensor<64xf32> loc("blocks.1.fc1.grad/aten.sum")
  %c227 = arith.constant 0.0 : f32 loc("blocks.1.fc1.grad/aten.sum")
  %f228 = linalg.fill ins(%c227 : f32) outs(%e226 : tensor<64xf32>) -> tensor<64xf32> loc("blocks.1.fc1.grad/aten.sum")
  %g232 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g217 : tensor<16x64xf32>) outs(%f228 : tensor<64xf32>) {
    ^bb0(%a229: f32, %a230: f32):
      %v231 = arith.addf %a229, %a230 : f32
      linalg.yield %v231 : f32
    } -> tensor<64xf32> loc("blocks.1.fc1.grad/aten.sum")
  %e233 = tensor.empty() : tensor<16x16xf32> loc("blocks.1.fc1.grad/aten.add")
  %g238 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g181, %mm221 : tensor<16x16xf32>, tensor<16x16xf32>) outs(%e233 : tensor<16x16xf32>) {
    ^bb0(%a234: f32, %a235: f32, %a236: f32):
      %v237 = arith.addf %a234, %a235 : f32
      linalg.yield %v237 : f32
    } -> tensor<16x16xf32> loc("blocks.1.fc1.grad/aten.add")
  %e239 = tensor.empty() : tensor<16x64xf32> loc("blocks.0.fc2.grad/aten.mm")
  %c240 = arith.constant 0.0 : f32 loc("blocks.0.fc2.grad/aten.mm")
  %f241 = linalg.fill ins(%c240 : f32) outs(%e239 : tensor<16x64xf32>) -> tensor<16x64xf32> loc("blocks.0.fc2.grad/aten.mm")
  %mm242 = linalg.matmul ins(%g238, %p_blocks_0_fc2_weight : tensor<16x16xf32>, tensor<16x64xf32>) outs(%f241 : tensor<16x64xf32>) -> tensor<16x64xf32> loc("blocks.0.fc2.grad/aten.mm")
  %e243 = tensor.empty() : tensor<16x64xf32> loc("blocks.0.fc2.grad/aten.mm")
  %c244 = arith.constant 0.0 : f32 loc("blocks.0.fc2.grad/aten.mm")
  %f245 = linalg.fill ins(%c244 : f32) outs(%e243 : tensor<16x64xf32>) -> tensor<16x64xf32> loc("blocks.0.fc2.grad/aten.mm")
  %mm246 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%g238, %g17 : tensor<16x16xf32>, tensor<16x64xf32>) outs(%f245 : tensor<16x64xf32>) -> tensor<16x64xf32> loc("blocks.0.fc2.grad/aten.mm")
  %e247 = tensor.empty() : tensor<16xf32> loc("blocks.0.fc2.grad/aten.sum")
  %c248 = arith.constant 0.0 : f32 loc("blocks.0.fc2.grad/aten.sum")
  %f249 = linalg.fill ins(%c248 : f32) outs(%e247 : tensor<16xf32>) -> tensor<16xf32> loc("blocks.0.fc2.grad/aten.sum")
  %g253 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g238 : tensor<16x16xf32>) outs(%f249 : tensor<16xf32>) {
    ^bb0(%a250: f32, %a251: f32):
      %v252 = arith.addf %a250, %a251 : f32
      linalg.yield %v252 : f32
    } -> tensor<16xf32> loc("blocks.0.fc2.grad/aten.sum")
  %e254 = tensor.empty() : tensor<16x64xf32> loc("blocks.0.grad/aten.gelu_backward")
  %g274 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm242, %mm5 : tensor<16x64xf32>, tensor<16x64xf32>) outs(%e254 : tensor<16x64xf32>) {
    ^bb0(%a255: f32, %a256: f32, %a257: f32):
      %v258 = arith.constant 0.5 : f32
      %v259 = arith.constant 1.0 : f32
      %v260 = arith.constant 0.7071067811865475 : f32
      %v261 = arith.mulf %a256, %v260 : f32
      %v262 = math.erf %v261 : f32
      %v263 = arith.addf %v259, %v262 : f32
      %v264 = arith.mulf %v258, %v263 : f32
      %v265 = arith.mulf %a256, %a256 : f32
      %v266 = arith.constant -0.5 : f32
      %v267 = arith.mulf %v265, %v266 : f32
      %v268 = math.exp %v267 : f32
      %v269 = arith.constant 0.3989422804014327 : f32
      %v270 = arith.mulf %v268, %v269 : f32
      %v271 = arith.mulf %a256, %v270 : f32
      %v272 = arith.addf %v264, %v271 : f32
      %v273 = arith.mulf %a255, %v272 : f32
      linalg.yield %v273 : f32
    } -> tensor<16x64xf32> loc("blocks.0.grad/aten.gelu_backward")
  %e275 = tensor.empty() : tensor<64x16xf32> loc("blocks.0.fc1.grad/aten.mm")
  %c276 = arith.constant 0.0 : f32 loc("blocks.0.fc1.grad/aten.mm")
  %f277 = linalg.fill ins(%c276 : f32) outs(%e275 : tensor<64x16xf32>) -> tensor<64x16xf32> loc("blocks.0.fc1.grad/aten.mm")
  %mm278 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%g274, %input0 : tensor<16x64xf32>, tensor<16x16xf32>) outs(%f277 : tensor<64x16xf32>) -> tensor<64x16xf32> loc("blocks.0.fc1.grad/aten.mm")
  %e279 = tensor.empty() : tensor<64xf32> loc("blocks.0.fc1.grad/aten.sum")
  %c280 = arith.constant 0.0 : f32 loc("blocks.0.fc1.grad/aten.sum")
  %f281 = linalg.fill ins(%c280 : f32) outs(%e279 : tensor<64xf32>) -> tensor<64xf32> loc("blocks.0.fc1.grad/aten.sum")
  %g285 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g274 : tensor<16x64xf32>) outs(%f281 : tensor<64xf32>) {
    ^bb0(%a282: f32, %a283: f32):
      %v284 = arith.addf %a282, %a283 : f32
      linalg.yield %v284 : f32
    } -> tensor<64xf32> loc("blocks.0.fc1.grad/aten.sum")
  return %g102, %mm278, %g285, %mm246, %g253, %mm225, %g232, %mm189, %g196, %mm168, %g175, %mm132, %g139 : tensor<f32>, tensor<64x16xf32>, tensor<64xf32>, tensor<16x64xf32>, tensor<16xf32>, tensor<64x16xf32>, tensor<64xf32>, tensor<16x64xf32>, tensor<16xf32>, tensor<64x16xf32>, tensor<64xf32>, tensor<16x64xf32>, tensor<16xf32>
}
