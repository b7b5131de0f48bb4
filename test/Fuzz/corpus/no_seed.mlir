func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = math.exp %x : tensor<4xf32>
  return %a : tensor<4xf32>
}
