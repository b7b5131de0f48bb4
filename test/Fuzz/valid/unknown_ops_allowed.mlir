// RUN-OPTIONS: -allow-unregistered-dialect
func.func @f(%x: tensor<4xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  %y = "other.op"(%x) {remat.policy = "recompute"} : (tensor<4xf32>) -> tensor<4xf32>
  %g = arith.mulf %dy, %y : tensor<4xf32>
  return %g : tensor<4xf32>
}
