// remat_torch.compile's joint graph of a 2-block pre-LN MLP ResNet (d=32,
// batch 32), each block under torch.utils.checkpoint (PyTorch 1.13): the
// ops traced inside the calls carry remat.policy = "recompute".
func.func @joint(%primals_1: tensor<32xf32>,
    %primals_2: tensor<32xf32>,
    %primals_3: tensor<128x32xf32>,
    %primals_4: tensor<128xf32>,
    %primals_5: tensor<32x128xf32>,
    %primals_6: tensor<32xf32>,
    %primals_7: tensor<32xf32>,
    %primals_8: tensor<32xf32>,
    %primals_9: tensor<128x32xf32>,
    %primals_10: tensor<128xf32>,
    %primals_11: tensor<32x128xf32>,
    %primals_12: tensor<32xf32>,
    %primals_13: tensor<10x32xf32>,
    %primals_14: tensor<10xf32>,
    %primals_15: tensor<32x32xf32>,
    %primals_16: tensor<32xf32>,
    %primals_17: tensor<32x32xf32>,
    %tangents_1: tensor<32x10xf32> {remat.cotangent})
    -> (tensor<32x10xf32>, tensor<32xf32>, tensor<32xf32>, tensor<128x32xf32>, tensor<128xf32>, tensor<32x128xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<128x32xf32>, tensor<128xf32>, tensor<32x128xf32>, tensor<32xf32>, tensor<10x32xf32>, tensor<10xf32>, tensor<32x32xf32>, tensor<32xf32>) {
  %e1 = tensor.empty() : tensor<32x32xf32> loc("addmm|1.0")
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%primals_16 : tensor<32xf32>) outs(%e1 : tensor<32x32xf32>) {
    ^bb0(%a2: f32, %a3: f32):
      linalg.yield %a2 : f32
    } -> tensor<32x32xf32> loc("addmm|1.1")
  %mm5 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%primals_17, %primals_15 : tensor<32x32xf32>, tensor<32x32xf32>) outs(%g4 : tensor<32x32xf32>) -> tensor<32x32xf32> loc("addmm|1.2")
  %e6 = tensor.empty() : tensor<32xf32> loc("native_layer_norm|2.0")
  %c7 = arith.constant 0.0 : f32 loc("native_layer_norm|2.1")
  %f8 = linalg.fill {remat.policy = "recompute"} ins(%c7 : f32) outs(%e6 : tensor<32xf32>) -> tensor<32xf32> loc("native_layer_norm|2.2")
  %g12 = linalg.generic {remat.policy = "recompute", indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%mm5 : tensor<32x32xf32>) outs(%f8 : tensor<32xf32>) {
    ^bb0(%a9: f32, %a10: f32):
      %v11 = arith.addf %a9, %a10 : f32
      linalg.yield %v11 : f32
    } -> tensor<32xf32> loc("native_layer_norm|2.3")
  %r13 = tensor.expand_shape %g12 [[0, 1]] output_shape [32, 1] {remat.policy = "recompute"} : tensor<32xf32> into tensor<32x1xf32> loc("native_layer_norm|2.4")
  %e14 = tensor.empty() : tensor<32x1xf32> loc("native_layer_norm|2.5")
  %g19 = linalg.generic {remat.policy = "recompute", indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%r13 : tensor<32x1xf32>) outs(%e14 : tensor<32x1xf32>) {
    ^bb0(%a15: f32, %a16: f32):
      %v17 = arith.constant 32.0 : f32
      %v18 = arith.divf %a15, %v17 : f32
      linalg.yield %v18 : f32
    } -> tensor<32x1xf32> loc("native_layer_norm|2.6")
  %e20 = tensor.empty() : tensor<32x32xf32> loc("native_layer_norm|2.7")
  %g26 = linalg.generic {remat.policy = "recompute", indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm5, %g19 : tensor<32x32xf32>, tensor<32x1xf32>) outs(%e20 : tensor<32x32xf32>) {
    ^bb0(%a21: f32, %a22: f32, %a23: f32):
      %v24 = arith.subf %a21, %a22 : f32
      %v25 = arith.mulf %v24, %v24 : f32
      linalg.yield %v25 : f32
    } -> tensor<32x32xf32> loc("native_layer_norm|2.8")
  %e27 = tensor.empty() : tensor<32xf32> loc("native_layer_norm|2.9")
  %c28 = arith.constant 0.0 : f32 loc("native_layer_norm|2.10")
  %f29 = linalg.fill {remat.policy = "recompute"} ins(%c28 : f32) outs(%e27 : tensor<32xf32>) -> tensor<32xf32> loc("native_layer_norm|2.11")
  %g33 = linalg.generic {remat.policy = "recompute", indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g26 : tensor<32x32xf32>) outs(%f29 : tensor<32xf32>) {
    ^bb0(%a30: f32, %a31: f32):
      %v32 = arith.addf %a30, %a31 : f32
      linalg.yield %v32 : f32
    } -> tensor<32xf32> loc("native_layer_norm|2.12")
  %r34 = tensor.expand_shape %g33 [[0, 1]] output_shape [32, 1] {remat.policy = "recompute"} : tensor<32xf32> into tensor<32x1xf32> loc("native_layer_norm|2.13")
  %e35 = tensor.empty() : tensor<32x1xf32> loc("native_layer_norm|2.14")
  %g43 = linalg.generic {remat.policy = "recompute", indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%r34 : tensor<32x1xf32>) outs(%e35 : tensor<32x1xf32>) {
    ^bb0(%a36: f32, %a37: f32):
      %v38 = arith.constant 32.0 : f32
      %v39 = arith.divf %a36, %v38 : f32
      %v40 = arith.constant 1.0e-05 : f32
      %v41 = arith.addf %v39, %v40 : f32
      %v42 = math.rsqrt %v41 : f32
      linalg.yield %v42 : f32
    } -> tensor<32x1xf32> loc("native_layer_norm|2.15")
  %e44 = tensor.empty() : tensor<32x32xf32> loc("native_layer_norm|2.16")
  %g55 = linalg.generic {remat.policy = "recompute", indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm5, %g19, %g43, %primals_1, %primals_2 : tensor<32x32xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<32xf32>, tensor<32xf32>) outs(%e44 : tensor<32x32xf32>) {
    ^bb0(%a45: f32, %a46: f32, %a47: f32, %a48: f32, %a49: f32, %a50: f32):
      %v51 = arith.subf %a45, %a46 : f32
      %v52 = arith.mulf %v51, %a47 : f32
      %v53 = arith.mulf %v52, %a48 : f32
      %v54 = arith.addf %v53, %a49 : f32
      linalg.yield %v54 : f32
    } -> tensor<32x32xf32> loc("native_layer_norm|2.17")
  %e56 = tensor.empty() : tensor<32x128xf32> loc("addmm_1|7.0")
  %g59 = linalg.generic {remat.policy = "recompute", indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%primals_4 : tensor<128xf32>) outs(%e56 : tensor<32x128xf32>) {
    ^bb0(%a57: f32, %a58: f32):
      linalg.yield %a57 : f32
    } -> tensor<32x128xf32> loc("addmm_1|7.1")
  %mm60 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] {remat.policy = "recompute"} ins(%g55, %primals_3 : tensor<32x32xf32>, tensor<128x32xf32>) outs(%g59 : tensor<32x128xf32>) -> tensor<32x128xf32> loc("addmm_1|7.2")
  %e61 = tensor.empty() : tensor<32x128xf32> loc("gelu|8.0")
  %g72 = linalg.generic {remat.policy = "recompute", indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm60 : tensor<32x128xf32>) outs(%e61 : tensor<32x128xf32>) {
    ^bb0(%a62: f32, %a63: f32):
      %v64 = arith.constant 0.5 : f32
      %v65 = arith.constant 1.0 : f32
      %v66 = arith.constant 0.7071067811865475 : f32
      %v67 = arith.mulf %a62, %v66 : f32
      %v68 = math.erf %v67 : f32
      %v69 = arith.mulf %a62, %v64 : f32
      %v70 = arith.addf %v65, %v68 : f32
      %v71 = arith.mulf %v69, %v70 : f32
      linalg.yield %v71 : f32
    } -> tensor<32x128xf32> loc("gelu|8.1")
  %e73 = tensor.empty() : tensor<32x32xf32> loc("addmm_2|10.0")
  %g76 = linalg.generic {remat.policy = "recompute", indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%primals_6 : tensor<32xf32>) outs(%e73 : tensor<32x32xf32>) {
    ^bb0(%a74: f32, %a75: f32):
      linalg.yield %a74 : f32
    } -> tensor<32x32xf32> loc("addmm_2|10.1")
  %mm77 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] {remat.policy = "recompute"} ins(%g72, %primals_5 : tensor<32x128xf32>, tensor<32x128xf32>) outs(%g76 : tensor<32x32xf32>) -> tensor<32x32xf32> loc("addmm_2|10.2")
  %e78 = tensor.empty() : tensor<32x32xf32> loc("add|11.0")
  %g83 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm5, %mm77 : tensor<32x32xf32>, tensor<32x32xf32>) outs(%e78 : tensor<32x32xf32>) {
    ^bb0(%a79: f32, %a80: f32, %a81: f32):
      %v82 = arith.addf %a79, %a80 : f32
      linalg.yield %v82 : f32
    } -> tensor<32x32xf32> loc("add|11.1")
  %e84 = tensor.empty() : tensor<32xf32> loc("native_layer_norm_1|12.0")
  %c85 = arith.constant 0.0 : f32 loc("native_layer_norm_1|12.1")
  %f86 = linalg.fill {remat.policy = "recompute"} ins(%c85 : f32) outs(%e84 : tensor<32xf32>) -> tensor<32xf32> loc("native_layer_norm_1|12.2")
  %g90 = linalg.generic {remat.policy = "recompute", indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g83 : tensor<32x32xf32>) outs(%f86 : tensor<32xf32>) {
    ^bb0(%a87: f32, %a88: f32):
      %v89 = arith.addf %a87, %a88 : f32
      linalg.yield %v89 : f32
    } -> tensor<32xf32> loc("native_layer_norm_1|12.3")
  %r91 = tensor.expand_shape %g90 [[0, 1]] output_shape [32, 1] {remat.policy = "recompute"} : tensor<32xf32> into tensor<32x1xf32> loc("native_layer_norm_1|12.4")
  %e92 = tensor.empty() : tensor<32x1xf32> loc("native_layer_norm_1|12.5")
  %g97 = linalg.generic {remat.policy = "recompute", indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%r91 : tensor<32x1xf32>) outs(%e92 : tensor<32x1xf32>) {
    ^bb0(%a93: f32, %a94: f32):
      %v95 = arith.constant 32.0 : f32
      %v96 = arith.divf %a93, %v95 : f32
      linalg.yield %v96 : f32
    } -> tensor<32x1xf32> loc("native_layer_norm_1|12.6")
  %e98 = tensor.empty() : tensor<32x32xf32> loc("native_layer_norm_1|12.7")
  %g104 = linalg.generic {remat.policy = "recompute", indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g83, %g97 : tensor<32x32xf32>, tensor<32x1xf32>) outs(%e98 : tensor<32x32xf32>) {
    ^bb0(%a99: f32, %a100: f32, %a101: f32):
      %v102 = arith.subf %a99, %a100 : f32
      %v103 = arith.mulf %v102, %v102 : f32
      linalg.yield %v103 : f32
    } -> tensor<32x32xf32> loc("native_layer_norm_1|12.8")
  %e105 = tensor.empty() : tensor<32xf32> loc("native_layer_norm_1|12.9")
  %c106 = arith.constant 0.0 : f32 loc("native_layer_norm_1|12.10")
  %f107 = linalg.fill {remat.policy = "recompute"} ins(%c106 : f32) outs(%e105 : tensor<32xf32>) -> tensor<32xf32> loc("native_layer_norm_1|12.11")
  %g111 = linalg.generic {remat.policy = "recompute", indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g104 : tensor<32x32xf32>) outs(%f107 : tensor<32xf32>) {
    ^bb0(%a108: f32, %a109: f32):
      %v110 = arith.addf %a108, %a109 : f32
      linalg.yield %v110 : f32
    } -> tensor<32xf32> loc("native_layer_norm_1|12.12")
  %r112 = tensor.expand_shape %g111 [[0, 1]] output_shape [32, 1] {remat.policy = "recompute"} : tensor<32xf32> into tensor<32x1xf32> loc("native_layer_norm_1|12.13")
  %e113 = tensor.empty() : tensor<32x1xf32> loc("native_layer_norm_1|12.14")
  %g121 = linalg.generic {remat.policy = "recompute", indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%r112 : tensor<32x1xf32>) outs(%e113 : tensor<32x1xf32>) {
    ^bb0(%a114: f32, %a115: f32):
      %v116 = arith.constant 32.0 : f32
      %v117 = arith.divf %a114, %v116 : f32
      %v118 = arith.constant 1.0e-05 : f32
      %v119 = arith.addf %v117, %v118 : f32
      %v120 = math.rsqrt %v119 : f32
      linalg.yield %v120 : f32
    } -> tensor<32x1xf32> loc("native_layer_norm_1|12.15")
  %e122 = tensor.empty() : tensor<32x32xf32> loc("native_layer_norm_1|12.16")
  %g133 = linalg.generic {remat.policy = "recompute", indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g83, %g97, %g121, %primals_7, %primals_8 : tensor<32x32xf32>, tensor<32x1xf32>, tensor<32x1xf32>, tensor<32xf32>, tensor<32xf32>) outs(%e122 : tensor<32x32xf32>) {
    ^bb0(%a123: f32, %a124: f32, %a125: f32, %a126: f32, %a127: f32, %a128: f32):
      %v129 = arith.subf %a123, %a124 : f32
      %v130 = arith.mulf %v129, %a125 : f32
      %v131 = arith.mulf %v130, %a126 : f32
      %v132 = arith.addf %v131, %a127 : f32
      linalg.yield %v132 : f32
    } -> tensor<32x32xf32> loc("native_layer_norm_1|12.17")
  %e134 = tensor.empty() : tensor<32x128xf32> loc("addmm_3|17.0")
  %g137 = linalg.generic {remat.policy = "recompute", indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%primals_10 : tensor<128xf32>) outs(%e134 : tensor<32x128xf32>) {
    ^bb0(%a135: f32, %a136: f32):
      linalg.yield %a135 : f32
    } -> tensor<32x128xf32> loc("addmm_3|17.1")
  %mm138 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] {remat.policy = "recompute"} ins(%g133, %primals_9 : tensor<32x32xf32>, tensor<128x32xf32>) outs(%g137 : tensor<32x128xf32>) -> tensor<32x128xf32> loc("addmm_3|17.2")
  %e139 = tensor.empty() : tensor<32x128xf32> loc("gelu_1|18.0")
  %g150 = linalg.generic {remat.policy = "recompute", indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm138 : tensor<32x128xf32>) outs(%e139 : tensor<32x128xf32>) {
    ^bb0(%a140: f32, %a141: f32):
      %v142 = arith.constant 0.5 : f32
      %v143 = arith.constant 1.0 : f32
      %v144 = arith.constant 0.7071067811865475 : f32
      %v145 = arith.mulf %a140, %v144 : f32
      %v146 = math.erf %v145 : f32
      %v147 = arith.mulf %a140, %v142 : f32
      %v148 = arith.addf %v143, %v146 : f32
      %v149 = arith.mulf %v147, %v148 : f32
      linalg.yield %v149 : f32
    } -> tensor<32x128xf32> loc("gelu_1|18.1")
  %e151 = tensor.empty() : tensor<32x32xf32> loc("addmm_4|20.0")
  %g154 = linalg.generic {remat.policy = "recompute", indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%primals_12 : tensor<32xf32>) outs(%e151 : tensor<32x32xf32>) {
    ^bb0(%a152: f32, %a153: f32):
      linalg.yield %a152 : f32
    } -> tensor<32x32xf32> loc("addmm_4|20.1")
  %mm155 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] {remat.policy = "recompute"} ins(%g150, %primals_11 : tensor<32x128xf32>, tensor<32x128xf32>) outs(%g154 : tensor<32x32xf32>) -> tensor<32x32xf32> loc("addmm_4|20.2")
  %e156 = tensor.empty() : tensor<32x32xf32> loc("add_1|21.0")
  %g161 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g83, %mm155 : tensor<32x32xf32>, tensor<32x32xf32>) outs(%e156 : tensor<32x32xf32>) {
    ^bb0(%a157: f32, %a158: f32, %a159: f32):
      %v160 = arith.addf %a157, %a158 : f32
      linalg.yield %v160 : f32
    } -> tensor<32x32xf32> loc("add_1|21.1")
  %e162 = tensor.empty() : tensor<32x10xf32> loc("addmm_5|23.0")
  %g165 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%primals_14 : tensor<10xf32>) outs(%e162 : tensor<32x10xf32>) {
    ^bb0(%a163: f32, %a164: f32):
      linalg.yield %a163 : f32
    } -> tensor<32x10xf32> loc("addmm_5|23.1")
  %mm166 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%g161, %primals_13 : tensor<32x32xf32>, tensor<10x32xf32>) outs(%g165 : tensor<32x10xf32>) -> tensor<32x10xf32> loc("addmm_5|23.2")
  %e167 = tensor.empty() : tensor<32x32xf32> loc("mm|25.0")
  %c168 = arith.constant 0.0 : f32 loc("mm|25.1")
  %f169 = linalg.fill ins(%c168 : f32) outs(%e167 : tensor<32x32xf32>) -> tensor<32x32xf32> loc("mm|25.2")
  %mm170 = linalg.matmul ins(%tangents_1, %primals_13 : tensor<32x10xf32>, tensor<10x32xf32>) outs(%f169 : tensor<32x32xf32>) -> tensor<32x32xf32> loc("mm|25.3")
  %e171 = tensor.empty() : tensor<10x32xf32> loc("mm_1|27.0")
  %c172 = arith.constant 0.0 : f32 loc("mm_1|27.1")
  %f173 = linalg.fill ins(%c172 : f32) outs(%e171 : tensor<10x32xf32>) -> tensor<10x32xf32> loc("mm_1|27.2")
  %mm174 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%tangents_1, %g161 : tensor<32x10xf32>, tensor<32x32xf32>) outs(%f173 : tensor<10x32xf32>) -> tensor<10x32xf32> loc("mm_1|27.3")
  %e175 = tensor.empty() : tensor<10xf32> loc("sum_1|29.0")
  %c176 = arith.constant 0.0 : f32 loc("sum_1|29.1")
  %f177 = linalg.fill ins(%c176 : f32) outs(%e175 : tensor<10xf32>) -> tensor<10xf32> loc("sum_1|29.2")
  %g181 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%tangents_1 : tensor<32x10xf32>) outs(%f177 : tensor<10xf32>) {
    ^bb0(%a178: f32, %a179: f32):
      %v180 = arith.addf %a178, %a179 : f32
      linalg.yield %v180 : f32
    } -> tensor<10xf32> loc("sum_1|29.3")
  %e182 = tensor.empty() : tensor<32x128xf32> loc("mm_2|33.0")
  %c183 = arith.constant 0.0 : f32 loc("mm_2|33.1")
  %f184 = linalg.fill ins(%c183 : f32) outs(%e182 : tensor<32x128xf32>) -> tensor<32x128xf32> loc("mm_2|33.2")
  %mm185 = linalg.matmul ins(%mm170, %primals_11 : tensor<32x32xf32>, tensor<32x128xf32>) outs(%f184 : tensor<32x128xf32>) -> tensor<32x128xf32> loc("mm_2|33.3")
  %e186 = tensor.empty() : tensor<32x128xf32> loc("mm_3|35.0")
  %c187 = arith.constant 0.0 : f32 loc("mm_3|35.1")
  %f188 = linalg.fill ins(%c187 : f32) outs(%e186 : tensor<32x128xf32>) -> tensor<32x128xf32> loc("mm_3|35.2")
  %mm189 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%mm170, %g150 : tensor<32x32xf32>, tensor<32x128xf32>) outs(%f188 : tensor<32x128xf32>) -> tensor<32x128xf32> loc("mm_3|35.3")
  %e190 = tensor.empty() : tensor<32xf32> loc("sum_2|37.0")
  %c191 = arith.constant 0.0 : f32 loc("sum_2|37.1")
  %f192 = linalg.fill ins(%c191 : f32) outs(%e190 : tensor<32xf32>) -> tensor<32xf32> loc("sum_2|37.2")
  %g196 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%mm170 : tensor<32x32xf32>) outs(%f192 : tensor<32xf32>) {
    ^bb0(%a193: f32, %a194: f32):
      %v195 = arith.addf %a193, %a194 : f32
      linalg.yield %v195 : f32
    } -> tensor<32xf32> loc("sum_2|37.3")
  %e197 = tensor.empty() : tensor<32x128xf32> loc("gelu_backward|40.0")
  %g217 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm185, %mm138 : tensor<32x128xf32>, tensor<32x128xf32>) outs(%e197 : tensor<32x128xf32>) {
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
    } -> tensor<32x128xf32> loc("gelu_backward|40.1")
  %e218 = tensor.empty() : tensor<32x32xf32> loc("mm_4|42.0")
  %c219 = arith.constant 0.0 : f32 loc("mm_4|42.1")
  %f220 = linalg.fill ins(%c219 : f32) outs(%e218 : tensor<32x32xf32>) -> tensor<32x32xf32> loc("mm_4|42.2")
  %mm221 = linalg.matmul ins(%g217, %primals_9 : tensor<32x128xf32>, tensor<128x32xf32>) outs(%f220 : tensor<32x32xf32>) -> tensor<32x32xf32> loc("mm_4|42.3")
  %e222 = tensor.empty() : tensor<128x32xf32> loc("mm_5|44.0")
  %c223 = arith.constant 0.0 : f32 loc("mm_5|44.1")
  %f224 = linalg.fill ins(%c223 : f32) outs(%e222 : tensor<128x32xf32>) -> tensor<128x32xf32> loc("mm_5|44.2")
  %mm225 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%g217, %g133 : tensor<32x128xf32>, tensor<32x32xf32>) outs(%f224 : tensor<128x32xf32>) -> tensor<128x32xf32> loc("mm_5|44.3")
  %e226 = tensor.empty() : tensor<128xf32> loc("sum_3|46.0")
  %c227 = arith.constant 0.0 : f32 loc("sum_3|46.1")
  %f228 = linalg.fill ins(%c227 : f32) outs(%e226 : tensor<128xf32>) -> tensor<128xf32> loc("sum_3|46.2")
  %g232 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g217 : tensor<32x128xf32>) outs(%f228 : tensor<128xf32>) {
    ^bb0(%a229: f32, %a230: f32):
      %v231 = arith.addf %a229, %a230 : f32
      linalg.yield %v231 : f32
    } -> tensor<128xf32> loc("sum_3|46.3")
  %e233 = tensor.empty() : tensor<32x32xf32> loc("native_layer_norm_backward|49.0")
  %g240 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g83, %g97, %g121 : tensor<32x32xf32>, tensor<32x1xf32>, tensor<32x1xf32>) outs(%e233 : tensor<32x32xf32>) {
    ^bb0(%a234: f32, %a235: f32, %a236: f32, %a237: f32):
      %v238 = arith.subf %a234, %a235 : f32
      %v239 = arith.mulf %v238, %a236 : f32
      linalg.yield %v239 : f32
    } -> tensor<32x32xf32> loc("native_layer_norm_backward|49.1")
  %e241 = tensor.empty() : tensor<32x32xf32> loc("native_layer_norm_backward|49.2")
  %g246 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm221, %primals_7 : tensor<32x32xf32>, tensor<32xf32>) outs(%e241 : tensor<32x32xf32>) {
    ^bb0(%a242: f32, %a243: f32, %a244: f32):
      %v245 = arith.mulf %a242, %a243 : f32
      linalg.yield %v245 : f32
    } -> tensor<32x32xf32> loc("native_layer_norm_backward|49.3")
  %e247 = tensor.empty() : tensor<32xf32> loc("native_layer_norm_backward|49.4")
  %c248 = arith.constant 0.0 : f32 loc("native_layer_norm_backward|49.5")
  %f249 = linalg.fill ins(%c248 : f32) outs(%e247 : tensor<32xf32>) -> tensor<32xf32> loc("native_layer_norm_backward|49.6")
  %g253 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g246 : tensor<32x32xf32>) outs(%f249 : tensor<32xf32>) {
    ^bb0(%a250: f32, %a251: f32):
      %v252 = arith.addf %a250, %a251 : f32
      linalg.yield %v252 : f32
    } -> tensor<32xf32> loc("native_layer_norm_backward|49.7")
  %e254 = tensor.empty() : tensor<32x32xf32> loc("native_layer_norm_backward|49.8")
  %g259 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g246, %g240 : tensor<32x32xf32>, tensor<32x32xf32>) outs(%e254 : tensor<32x32xf32>) {
    ^bb0(%a255: f32, %a256: f32, %a257: f32):
      %v258 = arith.mulf %a255, %a256 : f32
      linalg.yield %v258 : f32
    } -> tensor<32x32xf32> loc("native_layer_norm_backward|49.9")
  %e260 = tensor.empty() : tensor<32xf32> loc("native_layer_norm_backward|49.10")
  %c261 = arith.constant 0.0 : f32 loc("native_layer_norm_backward|49.11")
  %f262 = linalg.fill ins(%c261 : f32) outs(%e260 : tensor<32xf32>) -> tensor<32xf32> loc("native_layer_norm_backward|49.12")
  %g266 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g259 : tensor<32x32xf32>) outs(%f262 : tensor<32xf32>) {
    ^bb0(%a263: f32, %a264: f32):
      %v265 = arith.addf %a263, %a264 : f32
      linalg.yield %v265 : f32
    } -> tensor<32xf32> loc("native_layer_norm_backward|49.13")
  %e267 = tensor.empty() : tensor<32x32xf32> loc("native_layer_norm_backward|49.14")
  %g281 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g246, %g240, %g253, %g266, %g121 : tensor<32x32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x1xf32>) outs(%e267 : tensor<32x32xf32>) {
    ^bb0(%a268: f32, %a269: f32, %a270: f32, %a271: f32, %a272: f32, %a273: f32):
      %v274 = arith.constant 32.0 : f32
      %v275 = arith.mulf %v274, %a268 : f32
      %v276 = arith.subf %v275, %a270 : f32
      %v277 = arith.mulf %a269, %a271 : f32
      %v278 = arith.subf %v276, %v277 : f32
      %v279 = arith.divf %a272, %v274 : f32
      %v280 = arith.mulf %v279, %v278 : f32
      linalg.yield %v280 : f32
    } -> tensor<32x32xf32> loc("native_layer_norm_backward|49.15")
  %e282 = tensor.empty() : tensor<32x32xf32> loc("native_layer_norm_backward|49.16")
  %g287 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm221, %g240 : tensor<32x32xf32>, tensor<32x32xf32>) outs(%e282 : tensor<32x32xf32>) {
    ^bb0(%a283: f32, %a284: f32, %a285: f32):
      %v286 = arith.mulf %a283, %a284 : f32
      linalg.yield %v286 : f32
    } -> tensor<32x32xf32> loc("native_layer_norm_backward|49.17")
  %e288 = tensor.empty() : tensor<32xf32> loc("native_layer_norm_backward|49.18")
  %c289 = arith.constant 0.0 : f32 loc("native_layer_norm_backward|49.19")
  %f290 = linalg.fill ins(%c289 : f32) outs(%e288 : tensor<32xf32>) -> tensor<32xf32> loc("native_layer_norm_backward|49.20")
  %g294 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g287 : tensor<32x32xf32>) outs(%f290 : tensor<32xf32>) {
    ^bb0(%a291: f32, %a292: f32):
      %v293 = arith.addf %a291, %a292 : f32
      linalg.yield %v293 : f32
    } -> tensor<32xf32> loc("native_layer_norm_backward|49.21")
  %e295 = tensor.empty() : tensor<32xf32> loc("native_layer_norm_backward|49.22")
  %c296 = arith.constant 0.0 : f32 loc("native_layer_norm_backward|49.23")
  %f297 = linalg.fill ins(%c296 : f32) outs(%e295 : tensor<32xf32>) -> tensor<32xf32> loc("native_layer_norm_backward|49.24")
  %g301 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%mm221 : tensor<32x32xf32>) outs(%f297 : tensor<32xf32>) {
    ^bb0(%a298: f32, %a299: f32):
      %v300 = arith.addf %a298, %a299 : f32
      linalg.yield %v300 : f32
    } -> tensor<32xf32> loc("native_layer_norm_backward|49.25")
  %e302 = tensor.empty() : tensor<32x32xf32> loc("add_2|53.0")
  %g307 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm170, %g281 : tensor<32x32xf32>, tensor<32x32xf32>) outs(%e302 : tensor<32x32xf32>) {
    ^bb0(%a303: f32, %a304: f32, %a305: f32):
      %v306 = arith.addf %a303, %a304 : f32
      linalg.yield %v306 : f32
    } -> tensor<32x32xf32> loc("add_2|53.1")
  %e308 = tensor.empty() : tensor<32x128xf32> loc("mm_6|55.0")
  %c309 = arith.constant 0.0 : f32 loc("mm_6|55.1")
  %f310 = linalg.fill ins(%c309 : f32) outs(%e308 : tensor<32x128xf32>) -> tensor<32x128xf32> loc("mm_6|55.2")
  %mm311 = linalg.matmul ins(%g307, %primals_5 : tensor<32x32xf32>, tensor<32x128xf32>) outs(%f310 : tensor<32x128xf32>) -> tensor<32x128xf32> loc("mm_6|55.3")
  %e312 = tensor.empty() : tensor<32x128xf32> loc("mm_7|57.0")
  %c313 = arith.constant 0.0 : f32 loc("mm_7|57.1")
  %f314 = linalg.fill ins(%c313 : f32) outs(%e312 : tensor<32x128xf32>) -> tensor<32x128xf32> loc("mm_7|57.2")
  %mm315 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%g307, %g72 : tensor<32x32xf32>, tensor<32x128xf32>) outs(%f314 : tensor<32x128xf32>) -> tensor<32x128xf32> loc("mm_7|57.3")
  %e316 = tensor.empty() : tensor<32xf32> loc("sum_4|59.0")
  %c317 = arith.constant 0.0 : f32 loc("sum_4|59.1")
  %f318 = linalg.fill ins(%c317 : f32) outs(%e316 : tensor<32xf32>) -> tensor<32xf32> loc("sum_4|59.2")
  %g322 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g307 : tensor<32x32xf32>) outs(%f318 : tensor<32xf32>) {
    ^bb0(%a319: f32, %a320: f32):
      %v321 = arith.addf %a319, %a320 : f32
      linalg.yield %v321 : f32
    } -> tensor<32xf32> loc("sum_4|59.3")
  %e323 = tensor.empty() : tensor<32x128xf32> loc("gelu_backward_1|62.0")
  %g343 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm311, %mm60 : tensor<32x128xf32>, tensor<32x128xf32>) outs(%e323 : tensor<32x128xf32>) {
    ^bb0(%a324: f32, %a325: f32, %a326: f32):
      %v327 = arith.constant 0.5 : f32
      %v328 = arith.constant 1.0 : f32
      %v329 = arith.constant 0.7071067811865475 : f32
      %v330 = arith.mulf %a325, %v329 : f32
      %v331 = math.erf %v330 : f32
      %v332 = arith.addf %v328, %v331 : f32
      %v333 = arith.mulf %v327, %v332 : f32
      %v334 = arith.mulf %a325, %a325 : f32
      %v335 = arith.constant -0.5 : f32
      %v336 = arith.mulf %v334, %v335 : f32
      %v337 = math.exp %v336 : f32
      %v338 = arith.constant 0.3989422804014327 : f32
      %v339 = arith.mulf %v337, %v338 : f32
      %v340 = arith.mulf %a325, %v339 : f32
      %v341 = arith.addf %v333, %v340 : f32
      %v342 = arith.mulf %a324, %v341 : f32
      linalg.yield %v342 : f32
    } -> tensor<32x128xf32> loc("gelu_backward_1|62.1")
  %e344 = tensor.empty() : tensor<32x32xf32> loc("mm_8|64.0")
  %c345 = arith.constant 0.0 : f32 loc("mm_8|64.1")
  %f346 = linalg.fill ins(%c345 : f32) outs(%e344 : tensor<32x32xf32>) -> tensor<32x32xf32> loc("mm_8|64.2")
  %mm347 = linalg.matmul ins(%g343, %primals_3 : tensor<32x128xf32>, tensor<128x32xf32>) outs(%f346 : tensor<32x32xf32>) -> tensor<32x32xf32> loc("mm_8|64.3")
  %e348 = tensor.empty() : tensor<128x32xf32> loc("mm_9|66.0")
  %c349 = arith.constant 0.0 : f32 loc("mm_9|66.1")
  %f350 = linalg.fill ins(%c349 : f32) outs(%e348 : tensor<128x32xf32>) -> tensor<128x32xf32> loc("mm_9|66.2")
  %mm351 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%g343, %g55 : tensor<32x128xf32>, tensor<32x32xf32>) outs(%f350 : tensor<128x32xf32>) -> tensor<128x32xf32> loc("mm_9|66.3")
  %e352 = tensor.empty() : tensor<128xf32> loc("sum_5|68.0")
  %c353 = arith.constant 0.0 : f32 loc("sum_5|68.1")
  %f354 = linalg.fill ins(%c353 : f32) outs(%e352 : tensor<128xf32>) -> tensor<128xf32> loc("sum_5|68.2")
  %g358 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g343 : tensor<32x128xf32>) outs(%f354 : tensor<128xf32>) {
    ^bb0(%a355: f32, %a356: f32):
      %v357 = arith.addf %a355, %a356 : f32
      linalg.yield %v357 : f32
    } -> tensor<128xf32> loc("sum_5|68.3")
  %e359 = tensor.empty() : tensor<32x32xf32> loc("native_layer_norm_backward_1|71.0")
  %g366 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm5, %g19, %g43 : tensor<32x32xf32>, tensor<32x1xf32>, tensor<32x1xf32>) outs(%e359 : tensor<32x32xf32>) {
    ^bb0(%a360: f32, %a361: f32, %a362: f32, %a363: f32):
      %v364 = arith.subf %a360, %a361 : f32
      %v365 = arith.mulf %v364, %a362 : f32
      linalg.yield %v365 : f32
    } -> tensor<32x32xf32> loc("native_layer_norm_backward_1|71.1")
  %e367 = tensor.empty() : tensor<32x32xf32> loc("native_layer_norm_backward_1|71.2")
  %g372 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm347, %primals_1 : tensor<32x32xf32>, tensor<32xf32>) outs(%e367 : tensor<32x32xf32>) {
    ^bb0(%a368: f32, %a369: f32, %a370: f32):
      %v371 = arith.mulf %a368, %a369 : f32
      linalg.yield %v371 : f32
    } -> tensor<32x32xf32> loc("native_layer_norm_backward_1|71.3")
  %e373 = tensor.empty() : tensor<32xf32> loc("native_layer_norm_backward_1|71.4")
  %c374 = arith.constant 0.0 : f32 loc("native_layer_norm_backward_1|71.5")
  %f375 = linalg.fill ins(%c374 : f32) outs(%e373 : tensor<32xf32>) -> tensor<32xf32> loc("native_layer_norm_backward_1|71.6")
  %g379 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g372 : tensor<32x32xf32>) outs(%f375 : tensor<32xf32>) {
    ^bb0(%a376: f32, %a377: f32):
      %v378 = arith.addf %a376, %a377 : f32
      linalg.yield %v378 : f32
    } -> tensor<32xf32> loc("native_layer_norm_backward_1|71.7")
  %e380 = tensor.empty() : tensor<32x32xf32> loc("native_layer_norm_backward_1|71.8")
  %g385 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g372, %g366 : tensor<32x32xf32>, tensor<32x32xf32>) outs(%e380 : tensor<32x32xf32>) {
    ^bb0(%a381: f32, %a382: f32, %a383: f32):
      %v384 = arith.mulf %a381, %a382 : f32
      linalg.yield %v384 : f32
    } -> tensor<32x32xf32> loc("native_layer_norm_backward_1|71.9")
  %e386 = tensor.empty() : tensor<32xf32> loc("native_layer_norm_backward_1|71.10")
  %c387 = arith.constant 0.0 : f32 loc("native_layer_norm_backward_1|71.11")
  %f388 = linalg.fill ins(%c387 : f32) outs(%e386 : tensor<32xf32>) -> tensor<32xf32> loc("native_layer_norm_backward_1|71.12")
  %g392 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g385 : tensor<32x32xf32>) outs(%f388 : tensor<32xf32>) {
    ^bb0(%a389: f32, %a390: f32):
      %v391 = arith.addf %a389, %a390 : f32
      linalg.yield %v391 : f32
    } -> tensor<32xf32> loc("native_layer_norm_backward_1|71.13")
  %e393 = tensor.empty() : tensor<32x32xf32> loc("native_layer_norm_backward_1|71.14")
  %g407 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g372, %g366, %g379, %g392, %g43 : tensor<32x32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x1xf32>) outs(%e393 : tensor<32x32xf32>) {
    ^bb0(%a394: f32, %a395: f32, %a396: f32, %a397: f32, %a398: f32, %a399: f32):
      %v400 = arith.constant 32.0 : f32
      %v401 = arith.mulf %v400, %a394 : f32
      %v402 = arith.subf %v401, %a396 : f32
      %v403 = arith.mulf %a395, %a397 : f32
      %v404 = arith.subf %v402, %v403 : f32
      %v405 = arith.divf %a398, %v400 : f32
      %v406 = arith.mulf %v405, %v404 : f32
      linalg.yield %v406 : f32
    } -> tensor<32x32xf32> loc("native_layer_norm_backward_1|71.15")
  %e408 = tensor.empty() : tensor<32x32xf32> loc("native_layer_norm_backward_1|71.16")
  %g413 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm347, %g366 : tensor<32x32xf32>, tensor<32x32xf32>) outs(%e408 : tensor<32x32xf32>) {
    ^bb0(%a409: f32, %a410: f32, %a411: f32):
      %v412 = arith.mulf %a409, %a410 : f32
      linalg.yield %v412 : f32
    } -> tensor<32x32xf32> loc("native_layer_norm_backward_1|71.17")
  %e414 = tensor.empty() : tensor<32xf32> loc("native_layer_norm_backward_1|71.18")
  %c415 = arith.constant 0.0 : f32 loc("native_layer_norm_backward_1|71.19")
  %f416 = linalg.fill ins(%c415 : f32) outs(%e414 : tensor<32xf32>) -> tensor<32xf32> loc("native_layer_norm_backward_1|71.20")
  %g420 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g413 : tensor<32x32xf32>) outs(%f416 : tensor<32xf32>) {
    ^bb0(%a417: f32, %a418: f32):
      %v419 = arith.addf %a417, %a418 : f32
      linalg.yield %v419 : f32
    } -> tensor<32xf32> loc("native_layer_norm_backward_1|71.21")
  %e421 = tensor.empty() : tensor<32xf32> loc("native_layer_norm_backward_1|71.22")
  %c422 = arith.constant 0.0 : f32 loc("native_layer_norm_backward_1|71.23")
  %f423 = linalg.fill ins(%c422 : f32) outs(%e421 : tensor<32xf32>) -> tensor<32xf32> loc("native_layer_norm_backward_1|71.24")
  %g427 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%mm347 : tensor<32x32xf32>) outs(%f423 : tensor<32xf32>) {
    ^bb0(%a424: f32, %a425: f32):
      %v426 = arith.addf %a424, %a425 : f32
      linalg.yield %v426 : f32
    } -> tensor<32xf32> loc("native_layer_norm_backward_1|71.25")
  %e428 = tensor.empty() : tensor<32x32xf32> loc("add_3|75.0")
  %g433 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%g307, %g407 : tensor<32x32xf32>, tensor<32x32xf32>) outs(%e428 : tensor<32x32xf32>) {
    ^bb0(%a429: f32, %a430: f32, %a431: f32):
      %v432 = arith.addf %a429, %a430 : f32
      linalg.yield %v432 : f32
    } -> tensor<32x32xf32> loc("add_3|75.1")
  %e434 = tensor.empty() : tensor<32x32xf32> loc("mm_10|77.0")
  %c435 = arith.constant 0.0 : f32 loc("mm_10|77.1")
  %f436 = linalg.fill ins(%c435 : f32) outs(%e434 : tensor<32x32xf32>) -> tensor<32x32xf32> loc("mm_10|77.2")
  %mm437 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%g433, %primals_17 : tensor<32x32xf32>, tensor<32x32xf32>) outs(%f436 : tensor<32x32xf32>) -> tensor<32x32xf32> loc("mm_10|77.3")
  %e438 = tensor.empty() : tensor<32xf32> loc("sum_6|79.0")
  %c439 = arith.constant 0.0 : f32 loc("sum_6|79.1")
  %f440 = linalg.fill ins(%c439 : f32) outs(%e438 : tensor<32xf32>) -> tensor<32xf32> loc("sum_6|79.2")
  %g444 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%g433 : tensor<32x32xf32>) outs(%f440 : tensor<32xf32>) {
    ^bb0(%a441: f32, %a442: f32):
      %v443 = arith.addf %a441, %a442 : f32
      linalg.yield %v443 : f32
    } -> tensor<32xf32> loc("sum_6|79.3")
  return %mm166, %g420, %g427, %mm351, %g358, %mm315, %g322, %g294, %g301, %mm225, %g232, %mm189, %g196, %mm174, %g181, %mm437, %g444 : tensor<32x10xf32>, tensor<32xf32>, tensor<32xf32>, tensor<128x32xf32>, tensor<128xf32>, tensor<32x128xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<128x32xf32>, tensor<128xf32>, tensor<32x128xf32>, tensor<32xf32>, tensor<10x32xf32>, tensor<10xf32>, tensor<32x32xf32>, tensor<32xf32>
}
