func.func @huge(%x: tensor<4611686018427387904x8xf32>, %dy: tensor<4611686018427387904x8xf32> {remat.cotangent}) -> tensor<4611686018427387904x8xf32> {
  %y = math.exp %x : tensor<4611686018427387904x8xf32>
  %g = arith.mulf %dy, %y : tensor<4611686018427387904x8xf32>
  return %g : tensor<4611686018427387904x8xf32>
}
