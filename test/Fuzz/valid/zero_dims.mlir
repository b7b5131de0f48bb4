func.func @zero(%x: tensor<0x8xf32>, %dy: tensor<0x8xf32> {remat.cotangent}) -> tensor<0x8xf32> {
  %y = math.exp %x : tensor<0x8xf32>
  %g = arith.mulf %dy, %y : tensor<0x8xf32>
  return %g : tensor<0x8xf32>
}
