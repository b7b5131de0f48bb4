// Imported from PyTorch 2.15.0+cu132 by remat-import-torch.
// Backward seeded from output0.
func.func @train_step(%p_l_weight: tensor<8x8xf32>,
    %p_l_bias: tensor<8xf32>,
    %input0: tensor<4x8xf32>,
    %grad_out0: tensor<f32> {remat.cotangent})
    -> (tensor<f32>, tensor<8x8xf32>, tensor<8xf32>) {
  %e1 = tensor.empty() : tensor<4x8xf32> loc("l/aten.addmm")
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p_l_bias : tensor<8xf32>) outs(%e1 : tensor<4x8xf32>) {
    ^bb0(%a2: f32, %a3: f32):
      linalg.yield %a2 : f32
    } -> tensor<4x8xf32> loc("l/aten.addmm")
  %mm5 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%input0, %p_l_weight : tensor<4x8xf32>, tensor<8x8xf32>) outs(%g4 : tensor<4x8xf32>) -> tensor<4x8xf32> loc("l/aten.addmm")
  %s6 = tensor.extract_slice %mm5[0, 0] [4, 4] [1, 1] : tensor<4x8xf32> to tensor<4x4xf32> loc("aten.slice")
  %s7 = tensor.extract_slice %mm5[0, 4] [4, 4] [1, 1] : tensor<4x8xf32> to tensor<4x4xf32> loc("aten.slice")
  %e8 = tensor.empty() : tensor<4x4xf32> loc("aten.sigmoid")
  %g16 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%s7 : tensor<4x4xf32>) outs(%e8 : tensor<4x4xf32>) {
    ^bb0(%a9: f32, %a10: f32):
      %v11 = arith.negf %a9 : f32
      %v12 = math.exp %v11 : f32
      %v13 = arith.constant 1.0 : f32
      %v14 = arith.addf %v13, %v12 : f32
      %v15 = arith.divf %v13, %v14 : f32
      linalg.yield %v15 : f32
    } -> tensor<4x4xf32> loc("aten.sigmoid")
  %e17 = tensor.empty() : tensor<4x4xf32> loc("aten.mul")
  %g22 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%s6, %g16 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e17 : tensor<4x4xf32>) {
    ^bb0(%a18: f32, %a19: f32, %a20: f32):
      %v21 = arith.mulf %a18, %a19 : f32
      linalg.yield %v21 : f32
    } -> tensor<4x4xf32> loc("aten.mul")
  %cst23 = arith.constant dense<0.5> : tensor<f32>
  %e24 = tensor.empty() : tensor<4x4xf32> loc("aten.mul")
  %g29 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g22, %cst23 : tensor<4x4xf32>, tensor<f32>) outs(%e24 : tensor<4x4xf32>) {
    ^bb0(%a25: f32, %a26: f32, %a27: f32):
      %v28 = arith.mulf %a25, %a26 : f32
      linalg.yield %v28 : f32
    } -> tensor<4x4xf32> loc("aten.mul")
  %e30 = tensor.empty() : tensor<4x4xf32> loc("aten.pow")
  %g34 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g29 : tensor<4x4xf32>) outs(%e30 : tensor<4x4xf32>) {
    ^bb0(%a31: f32, %a32: f32):
      %v33 = arith.mulf %a31, %a31 : f32
      linalg.yield %v33 : f32
    } -> tensor<4x4xf32> loc("aten.pow")
  %e35 = tensor.empty() : tensor<f32> loc("aten.sum")
  %c36 = arith.constant 0.0 : f32 loc("aten.sum")
  %f37 = linalg.fill ins(%c36 : f32) outs(%e35 : tensor<f32>) -> tensor<f32> loc("aten.sum")
  %g41 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]}
      ins(%g34 : tensor<4x4xf32>) outs(%f37 : tensor<f32>) {
    ^bb0(%a38: f32, %a39: f32):
      %v40 = arith.addf %a38, %a39 : f32
      linalg.yield %v40 : f32
    } -> tensor<f32> loc("aten.sum")
  %e42 = tensor.empty() : tensor<4x4xf32> loc("grad/aten.pow")
  %g45 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g29 : tensor<4x4xf32>) outs(%e42 : tensor<4x4xf32>) {
    ^bb0(%a43: f32, %a44: f32):
      linalg.yield %a43 : f32
    } -> tensor<4x4xf32> loc("grad/aten.pow")
  %e46 = tensor.empty() : tensor<4x4xf32> loc("grad/aten.mul")
  %g51 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g45 : tensor<4x4xf32>) outs(%e46 : tensor<4x4xf32>) {
    ^bb0(%a47: f32, %a48: f32):
      %v49 = arith.constant 2.0 : f32
      %v50 = arith.mulf %a47, %v49 : f32
      linalg.yield %v50 : f32
    } -> tensor<4x4xf32> loc("grad/aten.mul")
  %e52 = tensor.empty() : tensor<4x4xf32> loc("grad/aten.mul")
  %g57 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%grad_out0, %g51 : tensor<f32>, tensor<4x4xf32>) outs(%e52 : tensor<4x4xf32>) {
    ^bb0(%a53: f32, %a54: f32, %a55: f32):
      %v56 = arith.mulf %a53, %a54 : f32
      linalg.yield %v56 : f32
    } -> tensor<4x4xf32> loc("grad/aten.mul")
  %cst58 = arith.constant dense<0.5> : tensor<f32>
  %e59 = tensor.empty() : tensor<4x4xf32> loc("grad/aten.mul")
  %g64 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g57, %cst58 : tensor<4x4xf32>, tensor<f32>) outs(%e59 : tensor<4x4xf32>) {
    ^bb0(%a60: f32, %a61: f32, %a62: f32):
      %v63 = arith.mulf %a60, %a61 : f32
      linalg.yield %v63 : f32
    } -> tensor<4x4xf32> loc("grad/aten.mul")
  %e65 = tensor.empty() : tensor<4x4xf32> loc("grad/aten.mul")
  %g70 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g64, %s6 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e65 : tensor<4x4xf32>) {
    ^bb0(%a66: f32, %a67: f32, %a68: f32):
      %v69 = arith.mulf %a66, %a67 : f32
      linalg.yield %v69 : f32
    } -> tensor<4x4xf32> loc("grad/aten.mul")
  %e71 = tensor.empty() : tensor<4x4xf32> loc("grad/aten.mul")
  %g76 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g64, %g16 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e71 : tensor<4x4xf32>) {
    ^bb0(%a72: f32, %a73: f32, %a74: f32):
      %v75 = arith.mulf %a72, %a73 : f32
      linalg.yield %v75 : f32
    } -> tensor<4x4xf32> loc("grad/aten.mul")
  %e77 = tensor.empty() : tensor<4x4xf32> loc("grad/aten.sigmoid_backward")
  %g85 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g70, %g16 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e77 : tensor<4x4xf32>) {
    ^bb0(%a78: f32, %a79: f32, %a80: f32):
      %v81 = arith.constant 1.0 : f32
      %v82 = arith.subf %v81, %a79 : f32
      %v83 = arith.mulf %a79, %v82 : f32
      %v84 = arith.mulf %a78, %v83 : f32
      linalg.yield %v84 : f32
    } -> tensor<4x4xf32> loc("grad/aten.sigmoid_backward")
  %e86 = tensor.empty() : tensor<4x8xf32> loc("grad/aten.slice_backward")
  %c87 = arith.constant 0.0 : f32 loc("grad/aten.slice_backward")
  %f88 = linalg.fill ins(%c87 : f32) outs(%e86 : tensor<4x8xf32>) -> tensor<4x8xf32> loc("grad/aten.slice_backward")
  %ins89 = tensor.insert_slice %g85 into %f88[0, 4] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<4x8xf32> loc("grad/aten.slice_backward")
  %e90 = tensor.empty() : tensor<4x8xf32> loc("grad/aten.slice_backward")
  %c91 = arith.constant 0.0 : f32 loc("grad/aten.slice_backward")
  %f92 = linalg.fill ins(%c91 : f32) outs(%e90 : tensor<4x8xf32>) -> tensor<4x8xf32> loc("grad/aten.slice_backward")
  %ins93 = tensor.insert_slice %g76 into %f92[0, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<4x8xf32> loc("grad/aten.slice_backward")
  %e94 = tensor.empty() : tensor<4x8xf32> loc("l.grad/aten.add")
  %g99 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%ins89, %ins93 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e94 : tensor<4x8xf32>) {
    ^bb0(%a95: f32, %a96: f32, %a97: f32):
      %v98 = arith.addf %a95, %a96 : f32
      linalg.yield %v98 : f32
    } -> tensor<4x8xf32> loc("l.grad/aten.add")
  %e100 = tensor.empty() : tensor<8x8xf32> loc("l.grad/aten.mm")
  %c101 = arith.constant 0.0 : f32 loc("l.grad/aten.mm")
  %f102 = linalg.fill ins(%c101 : f32) outs(%e100 : tensor<8x8xf32>) -> tensor<8x8xf32> loc("l.grad/aten.mm")
  %mm103 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%g99, %input0 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%f102 : tensor<8x8xf32>) -> tensor<8x8xf32> loc("l.grad/aten.mm")
  %e104 = tensor.empty() : tensor<8xf32> loc("l.grad/aten.sum")
  %c105 = arith.constant 0.0 : f32 loc("l.grad/aten.sum")
  %f106 = linalg.fill ins(%c105 : f32) outs(%e104 : tensor<8xf32>) -> tensor<8xf32> loc("l.grad/aten.sum")
  %g110 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g99 : tensor<4x8xf32>) outs(%f106 : tensor<8xf32>) {
    ^bb0(%a107: f32, %a108: f32):
      %v109 = arith.addf %a107, %a108 : f32
      linalg.yield %v109 : f32
    } -> tensor<8xf32> loc("l.grad/aten.sum")
  return %g41, %mm103, %g110 : tensor<f32>, tensor<8x8xf32>, tensor<8xf32>
}
