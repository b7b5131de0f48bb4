func.func @f(%x: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  %y = "foo.bar"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
