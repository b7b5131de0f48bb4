func.func @cycle(%x: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  %r = remat.recompute(%r) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    remat.yield %in : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
