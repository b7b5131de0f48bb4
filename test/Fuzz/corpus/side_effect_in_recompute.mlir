func.func @f(%x: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  %r = remat.recompute(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    %a = bufferization.alloc_tensor() copy(%in) : tensor<4xf32>
    remat.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
