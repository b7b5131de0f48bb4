func.func @f(%x: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  %a = math.exp %b : tensor<4xf32>
  %b = math.exp %a : tensor<4xf32>
  return %b : tensor<4xf32>
}
