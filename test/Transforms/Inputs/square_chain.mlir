// a = x*x, b = a+1, z = b*b, with the backward of z. Every tensor is
// 256 x f32 = 1 KiB. Backward reads b (dz/db = 2b) and x (da/dx = 2x).
func.func @square_chain(%x: tensor<256xf32>, %dz: tensor<256xf32> {remat.cotangent})
    -> (tensor<256xf32>, tensor<256xf32>) {
  %one = arith.constant dense<1.0> : tensor<256xf32>
  %a = arith.mulf %x, %x : tensor<256xf32> loc("chain.a")
  %b = arith.addf %a, %one : tensor<256xf32> loc("chain.b")
  %z = arith.mulf %b, %b : tensor<256xf32> loc("chain.z")
  %two = arith.constant dense<2.0> : tensor<256xf32>
  %g0 = arith.mulf %dz, %b : tensor<256xf32> loc("chain.z.grad")
  %db = arith.mulf %g0, %two : tensor<256xf32>
  %g1 = arith.mulf %db, %x : tensor<256xf32> loc("chain.a.grad")
  %dx = arith.mulf %g1, %two : tensor<256xf32>
  return %z, %dx : tensor<256xf32>, tensor<256xf32>
}
