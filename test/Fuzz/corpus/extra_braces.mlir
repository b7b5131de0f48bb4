func.func @f(%x: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
}}}}
