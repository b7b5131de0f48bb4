// Checked in (remat-difftest --seed 5 --emit --min-ops 30 --max-ops 30), so
// that changes to the random-graph generator do not move budget.mlir.
// remat-difftest graph, seed 5
func.func @graph(%x: tensor<4x8xf32>, %w0: tensor<8x8xf32>, %w1: tensor<8x8xf32>, %seed: i32, %dy: tensor<4x8xf32> {remat.cotangent}) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 1.25 : f32
  %c977 = arith.constant 977 : i32
  %prime = arith.constant 16777619 : i32
  %c13 = arith.constant 13 : i32
  %c255 = arith.constant 255 : i32
  %c51 = arith.constant 51 : i32
  %v0 = tensor.empty() : tensor<4x8xf32>
  %v1 = linalg.fill ins(%zero : f32) outs(%v0 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v2 = linalg.matmul  ins(%x, %w0 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%v1 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v3 = tensor.empty() : tensor<4x8xf32>
  %v4 = linalg.fill ins(%zero : f32) outs(%v3 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v5 = linalg.matmul  ins(%v2, %w0 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%v4 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v6 = arith.addf %x, %v5 : tensor<4x8xf32>
  %v7 = tensor.empty() : tensor<4xf32>
  %v8 = linalg.fill ins(%zero : f32) outs(%v7 : tensor<4xf32>) -> tensor<4xf32>
  %v9 = linalg.reduce ins(%x : tensor<4x8xf32>) outs(%v8 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %v10 = tensor.empty() : tensor<4x8xf32>
  %v11 = linalg.broadcast ins(%v9 : tensor<4xf32>) outs(%v10 : tensor<4x8xf32>) dimensions = [1]
  %v12 = bufferization.alloc_tensor() copy(%v11) : tensor<4x8xf32>
  %v13 = tensor.collapse_shape %v11 [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  %v14 = tensor.expand_shape %v13 [[0, 1]] output_shape [4, 8] : tensor<32xf32> into tensor<4x8xf32>
  %v15 = arith.negf %v5 : tensor<4x8xf32>
  %v16 = tensor.empty() : tensor<4xf32>
  %v17 = linalg.fill ins(%zero : f32) outs(%v16 : tensor<4xf32>) -> tensor<4xf32>
  %v18 = linalg.reduce ins(%v11 : tensor<4x8xf32>) outs(%v17 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %v19 = tensor.empty() : tensor<4x8xf32>
  %v20 = linalg.broadcast ins(%v18 : tensor<4xf32>) outs(%v19 : tensor<4x8xf32>) dimensions = [1]
  %v21 = math.tanh %x : tensor<4x8xf32>
  %v22 = tensor.empty() : tensor<4x8xf32>
  %v23 = linalg.fill ins(%zero : f32) outs(%v22 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v24 = linalg.matmul  ins(%v15, %w0 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%v23 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v25 = arith.mulf %v20, %v5 : tensor<4x8xf32>
  %v26 = arith.addf %v20, %v15 : tensor<4x8xf32>
  %v27 = arith.addf %v25, %v2 : tensor<4x8xf32>
  %v28 = tensor.empty() : tensor<4x8xf32>
  %v29 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%v28 : tensor<4x8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %h0 = arith.muli %ii, %c977 : i32
    %h1 = arith.addi %h0, %jj : i32
    %h2 = arith.xori %h1, %seed : i32
    %h3 = arith.muli %h2, %prime : i32
    %h4 = arith.shrui %h3, %c13 : i32
    %h5 = arith.andi %h4, %c255 : i32
    %keep = arith.cmpi uge, %h5, %c51 : i32
    %m = arith.select %keep, %scale, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %v30 = arith.mulf %v14, %v29 : tensor<4x8xf32>
  %v31 = tensor.empty() : tensor<4x8xf32>
  %v32 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%v31 : tensor<4x8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %h0 = arith.muli %ii, %c977 : i32
    %h1 = arith.addi %h0, %jj : i32
    %h2 = arith.xori %h1, %seed : i32
    %h3 = arith.muli %h2, %prime : i32
    %h4 = arith.shrui %h3, %c13 : i32
    %h5 = arith.andi %h4, %c255 : i32
    %keep = arith.cmpi uge, %h5, %c51 : i32
    %m = arith.select %keep, %scale, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %v33 = arith.mulf %v26, %v32 : tensor<4x8xf32>
  %v34 = tensor.empty() : tensor<4x8xf32>
  %v35 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%v34 : tensor<4x8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %h0 = arith.muli %ii, %c977 : i32
    %h1 = arith.addi %h0, %jj : i32
    %h2 = arith.xori %h1, %seed : i32
    %h3 = arith.muli %h2, %prime : i32
    %h4 = arith.shrui %h3, %c13 : i32
    %h5 = arith.andi %h4, %c255 : i32
    %keep = arith.cmpi uge, %h5, %c51 : i32
    %m = arith.select %keep, %scale, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %v36 = arith.mulf %v30, %v35 : tensor<4x8xf32>
  %v37 = arith.subf %v20, %v24 : tensor<4x8xf32>
  %v38 = arith.negf %x : tensor<4x8xf32>
  %v39 = arith.subf %v24, %v5 : tensor<4x8xf32>
  %v40 = math.sin %v21 : tensor<4x8xf32>
  %v41 = tensor.empty() : tensor<4xf32>
  %v42 = linalg.fill ins(%zero : f32) outs(%v41 : tensor<4xf32>) -> tensor<4xf32>
  %v43 = linalg.reduce ins(%v5 : tensor<4x8xf32>) outs(%v42 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %v44 = tensor.empty() : tensor<4x8xf32>
  %v45 = linalg.broadcast ins(%v43 : tensor<4xf32>) outs(%v44 : tensor<4x8xf32>) dimensions = [1]
  %v46 = arith.mulf %v11, %v6 : tensor<4x8xf32>
  %v47 = tensor.empty() : tensor<4x8xf32>
  %v48 = linalg.fill ins(%zero : f32) outs(%v47 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v49 = linalg.matmul  ins(%v11, %w1 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%v48 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v50 = tensor.empty() : tensor<4x8xf32>
  %v51 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%v50 : tensor<4x8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %h0 = arith.muli %ii, %c977 : i32
    %h1 = arith.addi %h0, %jj : i32
    %h2 = arith.xori %h1, %seed : i32
    %h3 = arith.muli %h2, %prime : i32
    %h4 = arith.shrui %h3, %c13 : i32
    %h5 = arith.andi %h4, %c255 : i32
    %keep = arith.cmpi uge, %h5, %c51 : i32
    %m = arith.select %keep, %scale, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %v52 = arith.mulf %v37, %v51 : tensor<4x8xf32>
  %v53 = arith.negf %v11 : tensor<4x8xf32>
  %v54 = bufferization.alloc_tensor() copy(%v25) : tensor<4x8xf32>
  %v55 = tensor.collapse_shape %v11 [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  %v56 = tensor.expand_shape %v55 [[0, 1]] output_shape [4, 8] : tensor<32xf32> into tensor<4x8xf32>
  %v57 = tensor.collapse_shape %v52 [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  %v58 = tensor.expand_shape %v57 [[0, 1]] output_shape [4, 8] : tensor<32xf32> into tensor<4x8xf32>
  %v59 = math.exp %v14 : tensor<4x8xf32>
  %v60 = arith.mulf %v33, %v38 : tensor<4x8xf32>
  %v61 = arith.mulf %dy, %v60 : tensor<4x8xf32>
  %v62 = arith.addf %v61, %v38 : tensor<4x8xf32>
  %v63 = arith.mulf %v62, %v59 : tensor<4x8xf32>
  %v64 = arith.addf %v63, %v14 : tensor<4x8xf32>
  %v65 = tensor.collapse_shape %v64 [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  %v66 = tensor.expand_shape %v65 [[0, 1]] output_shape [4, 8] : tensor<32xf32> into tensor<4x8xf32>
  %v67 = tensor.collapse_shape %v66 [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  %v68 = tensor.expand_shape %v67 [[0, 1]] output_shape [4, 8] : tensor<32xf32> into tensor<4x8xf32>
  %v69 = arith.addf %v68, %v54 : tensor<4x8xf32>
  %v70 = arith.mulf %v69, %v53 : tensor<4x8xf32>
  %v71 = arith.addf %v70, %v11 : tensor<4x8xf32>
  %v72 = arith.mulf %v71, %v51 : tensor<4x8xf32>
  %v73 = tensor.empty() : tensor<8x8xf32>
  %v74 = linalg.fill ins(%zero : f32) outs(%v73 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %v75 = linalg.matmul indexing_maps = [affine_map<(p, q, r) -> (r, p)>, affine_map<(p, q, r) -> (r, q)>, affine_map<(p, q, r) -> (p, q)>] ins(%v11, %v72 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%v74 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %v76 = tensor.empty() : tensor<4x8xf32>
  %v77 = linalg.fill ins(%zero : f32) outs(%v76 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v78 = linalg.matmul indexing_maps = [affine_map<(p, q, r) -> (p, r)>, affine_map<(p, q, r) -> (q, r)>, affine_map<(p, q, r) -> (p, q)>] ins(%v72, %w1 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%v77 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v79 = arith.mulf %v78, %v46 : tensor<4x8xf32>
  %v80 = arith.addf %v79, %v6 : tensor<4x8xf32>
  %v81 = tensor.empty() : tensor<4xf32>
  %v82 = linalg.fill ins(%zero : f32) outs(%v81 : tensor<4xf32>) -> tensor<4xf32>
  %v83 = linalg.reduce ins(%v80 : tensor<4x8xf32>) outs(%v82 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %v84 = tensor.empty() : tensor<4x8xf32>
  %v85 = linalg.broadcast ins(%v83 : tensor<4xf32>) outs(%v84 : tensor<4x8xf32>) dimensions = [1]
  %v86 = arith.mulf %v85, %v5 : tensor<4x8xf32>
  %v87 = arith.mulf %v86, %v40 : tensor<4x8xf32>
  %v88 = arith.addf %v87, %v21 : tensor<4x8xf32>
  %v89 = arith.mulf %v88, %v39 : tensor<4x8xf32>
  %v90 = arith.addf %v89, %v5 : tensor<4x8xf32>
  %v91 = arith.mulf %v90, %v38 : tensor<4x8xf32>
  %v92 = arith.addf %v91, %x : tensor<4x8xf32>
  %v93 = arith.mulf %v92, %v37 : tensor<4x8xf32>
  %v94 = arith.addf %v93, %v24 : tensor<4x8xf32>
  %v95 = arith.mulf %v94, %v35 : tensor<4x8xf32>
  %v96 = arith.mulf %v95, %v32 : tensor<4x8xf32>
  %v97 = arith.mulf %v96, %v29 : tensor<4x8xf32>
  %v98 = arith.mulf %v97, %v27 : tensor<4x8xf32>
  %v99 = arith.addf %v98, %v2 : tensor<4x8xf32>
  %v100 = arith.mulf %v99, %v26 : tensor<4x8xf32>
  %v101 = arith.addf %v100, %v15 : tensor<4x8xf32>
  %v102 = arith.mulf %v101, %v25 : tensor<4x8xf32>
  %v103 = arith.addf %v102, %v5 : tensor<4x8xf32>
  %v104 = tensor.empty() : tensor<8x8xf32>
  %v105 = linalg.fill ins(%zero : f32) outs(%v104 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %v106 = linalg.matmul indexing_maps = [affine_map<(p, q, r) -> (r, p)>, affine_map<(p, q, r) -> (r, q)>, affine_map<(p, q, r) -> (p, q)>] ins(%v15, %v103 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%v105 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %v107 = tensor.empty() : tensor<4x8xf32>
  %v108 = linalg.fill ins(%zero : f32) outs(%v107 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v109 = linalg.matmul indexing_maps = [affine_map<(p, q, r) -> (p, r)>, affine_map<(p, q, r) -> (q, r)>, affine_map<(p, q, r) -> (p, q)>] ins(%v103, %w0 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%v108 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v110 = arith.mulf %v109, %v21 : tensor<4x8xf32>
  %v111 = arith.addf %v110, %x : tensor<4x8xf32>
  %v112 = tensor.empty() : tensor<4xf32>
  %v113 = linalg.fill ins(%zero : f32) outs(%v112 : tensor<4xf32>) -> tensor<4xf32>
  %v114 = linalg.reduce ins(%v111 : tensor<4x8xf32>) outs(%v113 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %v115 = tensor.empty() : tensor<4x8xf32>
  %v116 = linalg.broadcast ins(%v114 : tensor<4xf32>) outs(%v115 : tensor<4x8xf32>) dimensions = [1]
  %v117 = arith.mulf %v116, %v11 : tensor<4x8xf32>
  %v118 = arith.mulf %v117, %v15 : tensor<4x8xf32>
  %v119 = arith.addf %v118, %v5 : tensor<4x8xf32>
  %v120 = tensor.collapse_shape %v119 [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  %v121 = tensor.expand_shape %v120 [[0, 1]] output_shape [4, 8] : tensor<32xf32> into tensor<4x8xf32>
  %v122 = arith.addf %v121, %v12 : tensor<4x8xf32>
  %v123 = tensor.empty() : tensor<4xf32>
  %v124 = linalg.fill ins(%zero : f32) outs(%v123 : tensor<4xf32>) -> tensor<4xf32>
  %v125 = linalg.reduce ins(%v122 : tensor<4x8xf32>) outs(%v124 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %v126 = tensor.empty() : tensor<4x8xf32>
  %v127 = linalg.broadcast ins(%v125 : tensor<4xf32>) outs(%v126 : tensor<4x8xf32>) dimensions = [1]
  %v128 = arith.mulf %v127, %x : tensor<4x8xf32>
  %v129 = arith.mulf %v128, %v6 : tensor<4x8xf32>
  %v130 = arith.addf %v129, %v5 : tensor<4x8xf32>
  %v131 = tensor.empty() : tensor<8x8xf32>
  %v132 = linalg.fill ins(%zero : f32) outs(%v131 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %v133 = linalg.matmul indexing_maps = [affine_map<(p, q, r) -> (r, p)>, affine_map<(p, q, r) -> (r, q)>, affine_map<(p, q, r) -> (p, q)>] ins(%v2, %v130 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%v132 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %v134 = arith.addf %v106, %v133 : tensor<8x8xf32>
  %v135 = tensor.empty() : tensor<4x8xf32>
  %v136 = linalg.fill ins(%zero : f32) outs(%v135 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v137 = linalg.matmul indexing_maps = [affine_map<(p, q, r) -> (p, r)>, affine_map<(p, q, r) -> (q, r)>, affine_map<(p, q, r) -> (p, q)>] ins(%v130, %w0 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%v136 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v138 = tensor.empty() : tensor<8x8xf32>
  %v139 = linalg.fill ins(%zero : f32) outs(%v138 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %v140 = linalg.matmul indexing_maps = [affine_map<(p, q, r) -> (r, p)>, affine_map<(p, q, r) -> (r, q)>, affine_map<(p, q, r) -> (p, q)>] ins(%x, %v137 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%v139 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %v141 = arith.addf %v134, %v140 : tensor<8x8xf32>
  %v142 = tensor.empty() : tensor<4x8xf32>
  %v143 = linalg.fill ins(%zero : f32) outs(%v142 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v144 = linalg.matmul indexing_maps = [affine_map<(p, q, r) -> (p, r)>, affine_map<(p, q, r) -> (q, r)>, affine_map<(p, q, r) -> (p, q)>] ins(%v137, %w0 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%v143 : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %v60, %v144, %v141, %v75 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}
