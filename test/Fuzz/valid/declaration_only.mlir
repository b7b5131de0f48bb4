func.func private @decl(tensor<4xf32> {remat.cotangent}) -> tensor<4xf32>
