func.func @f(%x: tensor<4xf32> {remat.cotangent}) -> tensor<8xf32> {
  %r = remat.recompute(%x) : (tensor<4xf32>) -> tensor<8xf32> {
  ^bb0(%in: tensor<4xf32>):
    remat.yield %in : tensor<4xf32>
  }
  return %r : tensor<8xf32>
}
