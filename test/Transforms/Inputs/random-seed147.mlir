// Checked in (remat-difftest --seed 147 --emit --min-ops 3 --max-ops 10), so
// that changes to the random-graph generator do not move budget.mlir.
// remat-difftest graph, seed 147
func.func @graph(%x: tensor<4x8xf32>, %w0: tensor<8x8xf32>, %seed: i32, %dy: tensor<4x8xf32> {remat.cotangent}) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 1.25 : f32
  %c977 = arith.constant 977 : i32
  %prime = arith.constant 16777619 : i32
  %c13 = arith.constant 13 : i32
  %c255 = arith.constant 255 : i32
  %c51 = arith.constant 51 : i32
  %v0 = bufferization.alloc_tensor() copy(%x) : tensor<4x8xf32>
  %v1 = tensor.collapse_shape %v0 [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  %v2 = tensor.expand_shape %v1 [[0, 1]] output_shape [4, 8] : tensor<32xf32> into tensor<4x8xf32>
  %v3 = arith.mulf %x, %v0 : tensor<4x8xf32>
  %v4 = tensor.empty() : tensor<4x8xf32>
  %v5 = linalg.fill ins(%zero : f32) outs(%v4 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v6 = linalg.matmul  ins(%v2, %w0 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%v5 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v7 = tensor.empty() : tensor<8x8xf32>
  %v8 = linalg.fill ins(%zero : f32) outs(%v7 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %v9 = linalg.matmul indexing_maps = [affine_map<(p, q, r) -> (r, p)>, affine_map<(p, q, r) -> (r, q)>, affine_map<(p, q, r) -> (p, q)>] ins(%v2, %dy : tensor<4x8xf32>, tensor<4x8xf32>) outs(%v8 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %v10 = tensor.empty() : tensor<4x8xf32>
  %v11 = linalg.fill ins(%zero : f32) outs(%v10 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v12 = linalg.matmul indexing_maps = [affine_map<(p, q, r) -> (p, r)>, affine_map<(p, q, r) -> (q, r)>, affine_map<(p, q, r) -> (p, q)>] ins(%dy, %w0 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%v11 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %v13 = arith.mulf %v12, %v3 : tensor<4x8xf32>
  %v14 = arith.addf %v13, %v0 : tensor<4x8xf32>
  %v15 = tensor.collapse_shape %v14 [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  %v16 = tensor.expand_shape %v15 [[0, 1]] output_shape [4, 8] : tensor<32xf32> into tensor<4x8xf32>
  %v17 = arith.addf %v16, %v0 : tensor<4x8xf32>
  return %v6, %v17, %v9 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x8xf32>
}
