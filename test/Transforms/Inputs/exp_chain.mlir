// Nine exps in a chain; backward reads every one of them.
func.func @exp_chain(%x: tensor<64xf32>, %dy: tensor<64xf32> {remat.cotangent}) -> tensor<64xf32> {
  %e1 = math.exp %x : tensor<64xf32>
  %e2 = math.exp %e1 : tensor<64xf32>
  %e3 = math.exp %e2 : tensor<64xf32>
  %e4 = math.exp %e3 : tensor<64xf32>
  %e5 = math.exp %e4 : tensor<64xf32>
  %e6 = math.exp %e5 : tensor<64xf32>
  %e7 = math.exp %e6 : tensor<64xf32>
  %e8 = math.exp %e7 : tensor<64xf32>
  %e9 = math.exp %e8 : tensor<64xf32>
  %g9 = arith.mulf %dy, %e9 : tensor<64xf32>
  %g8 = arith.mulf %g9, %e8 : tensor<64xf32>
  %g7 = arith.mulf %g8, %e7 : tensor<64xf32>
  %g6 = arith.mulf %g7, %e6 : tensor<64xf32>
  %g5 = arith.mulf %g6, %e5 : tensor<64xf32>
  %g4 = arith.mulf %g5, %e4 : tensor<64xf32>
  %g3 = arith.mulf %g4, %e3 : tensor<64xf32>
  %g2 = arith.mulf %g3, %e2 : tensor<64xf32>
  %g1 = arith.mulf %g2, %e1 : tensor<64xf32>
  return %g1 : tensor<64xf32>
}
