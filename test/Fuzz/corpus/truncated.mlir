func.func @broken(%x: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  %y = math.exp %x : tensor<4xf32
