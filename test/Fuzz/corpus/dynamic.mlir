func.func @f(%x: tensor<?xf32>, %dy: tensor<?xf32> {remat.cotangent}) -> tensor<?xf32> {
  %g = arith.mulf %dy, %x : tensor<?xf32>
  return %g : tensor<?xf32>
}
