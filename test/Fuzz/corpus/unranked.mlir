func.func @f(%x: tensor<*xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  return %dy : tensor<4xf32>
}
