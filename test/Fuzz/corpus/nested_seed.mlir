func.func @f(%x: tensor<4xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  %r = remat.recompute(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    %s = arith.constant {remat.seed} dense<1.0> : tensor<4xf32>
    remat.yield %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
