// Single-head attention with softmax and a dropout mask computed from a
// seed (functional RNG: a hash of the seed and the element index), forward
// and backward. q, k, v come in as arguments, as they would from saved
// projections. s = 64, d = 16, f32.
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#rhsT = affine_map<(m, n, k) -> (n, k)>
#lhsT = affine_map<(m, n, k) -> (k, m)>
#out = affine_map<(m, n, k) -> (m, n)>
func.func @attention(%q: tensor<64x16xf32>, %k: tensor<64x16xf32>, %v: tensor<64x16xf32>,
                     %seed: i32, %dout: tensor<64x16xf32> {remat.cotangent})
    -> (tensor<64x16xf32>, tensor<64x16xf32>, tensor<64x16xf32>, tensor<64x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %quarter = arith.constant 0.25 : f32
  %keep_scale = arith.constant 1.25 : f32
  %c64 = arith.constant 64 : i32
  %prime = arith.constant 16777619 : i32
  %c13 = arith.constant 13 : i32
  %c255 = arith.constant 255 : i32
  %c51 = arith.constant 51 : i32

  // scores = q k^T / 4
  %e0 = tensor.empty() : tensor<64x64xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %scores = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%q, %k : tensor<64x16xf32>, tensor<64x16xf32>) outs(%f0 : tensor<64x64xf32>) -> tensor<64x64xf32> loc("attn.scores")
  %e1 = tensor.empty() : tensor<64x64xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%scores : tensor<64x64xf32>) outs(%e1 : tensor<64x64xf32>) {
  ^bb0(%s: f32, %o: f32):
    %m = arith.mulf %s, %quarter : f32
    linalg.yield %m : f32
  } -> tensor<64x64xf32> loc("attn.scale")
  %e2 = ten