func.func @f(%x: tensor<4xf32>, %dy: tensor<4xf32> {remat.cotangent = "yes"}) -> tensor<4xf32> {
  %g = arith.mulf %dy, %x : tensor<4xf32>
  return %g : tensor<4xf32>
}
