func.func @f(%x: tensor<4xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  %a = math.exp %x {remat.cost = #remat.cost<flops = 1, bytes_read = 2>} : tensor<4xf32>
  %g = arith.mulf %dy, %a : tensor<4xf32>
  return %g : tensor<4xf32>
}
