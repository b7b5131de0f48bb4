#id4 = affine_map<(n, h, w, c) -> (n, h, w, c)>
func.func @conv(%x: tensor<2x10x10x3xf32>, %k: tensor<3x3x3x8xf32>, %k2: tensor<3x3x8x4xf32>, %dy: tensor<2x3x3x4xf32> {remat.cotangent}) -> (tensor<2x3x3x4xf32>, tensor<3x3x3x8xf32>, tensor<3x3x8x4xf32>, tensor<2x10x10x3xf32>) {
  %c0 = arith.constant 0.0 : f32
  %ninf = arith.constant -3.4e38 : f32
  %e0 = tensor.empty() : tensor<2x8x8x8xf32>
  %z0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  %c1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %k : tensor<2x10x10x3xf32>, tensor<3x3x3x8xf32>) outs(%z0 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  %e1 = tensor.empty() : tensor<2x8x8x8xf32>
  %r1 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c1 : tensor<2x8x8x8xf32>) outs(%e1 : tensor<2x8x8x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %c0 : f32
    linalg.yield %m : f32
  } -> tensor<2x8x8x8xf32>
  // sum pool 2x2 stride 1 -> 7x7
  %win = tensor.empty() : tensor<2x2xf32>
  %e2 = tensor.empty() : tensor<2x7x7x8xf32>
  %z2 = linalg.fill ins(%c0 : f32) outs(%e2 : tensor<2x7x7x8xf32>) -> tensor<2x7x7x8xf32>
  %p = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%r1, %win : tensor<2x8x8x8xf32>, tensor<2x2xf32>) outs(%z2 : tensor<2x7x7x8xf32>) -> tensor<2x7x7x8xf32>
  // max pool 2x2 stride 2 on 6x6 slice -> 3x3
  %p6 = tensor.extract_slice %p[0, 0, 0, 0] [2, 6, 6, 8] [1, 1, 1, 1] : tensor<2x7x7x8xf32> to tensor<2x6x6x8xf32>
  %win3 = tensor.empty() : tensor<2x2xf32>
  %e3 = tensor.empty() : tensor<2x3x3x8xf32>
  %z3 = linalg.fill ins(%ninf : f32) outs(%e3 : tensor<2x3x3x8xf32>) -> tensor<2x3x3x8xf32>
  %mp = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%p6, %win3 : tensor<2x6x6x8xf32>, tensor<2x2xf32>) outs(%z3 : tensor<2x3x3x8xf32>) -> tensor<2x3x3x8xf32>
  // pad then conv2 (3x3, pad 1)
  %pd = tensor.pad %mp low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %kk: index, %l: index):
    tensor.yield %c0 : f32
  } : tensor<2x3x3x8xf32> to tensor<2x5x5x8xf32>
  %e4 = tensor.empty() : tensor<2x3x3x4xf32>
  %z4 = linalg.fill ins(%c0 : f32) outs(%e4 : tensor<2x3x3x4xf32>) -> tensor<2x3x3x4xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%pd, %k2 : tensor<2x5x5x8xf32>, tensor<3x3x8x4xf32>) outs(%z4 : tensor<2x3x3x4xf32>) -> tensor<2x3x3x4xf32>
  // backward: dk2[kh,kw,c,f] = sum_{n,h,w} pd[n,h+kh,w+kw,c] * dy[n,h,w,f]
  %e5 = tensor.empty() : tensor<3x3x8x4xf32>
  %z5 = linalg.fill ins(%c0 : f32) outs(%e5 : tensor<3x3x8x4xf32>) -> tensor<3x3x8x4xf32>
  %dk2 = linalg.generic {indexing_maps = [affine_map<(kh, kw, c, f, n, h, w) -> (n, h + kh, w + kw, c)>, affine_map<(kh, kw, c, f, n, h, w) -> (n, h, w, f)>, affine_map<(kh, kw, c, f, n, h, w) -> (kh, kw, c, f)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%pd, %dy : tensor<2x5x5x8xf32>, tensor<2x3x3x4xf32>) outs(%z5 : tensor<3x3x8x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<3x3x8x4xf32>
  // dpd: pad dy by 2, conv with flipped k2
  %dyp = tensor.pad %dy low[0, 2, 2, 0] high[0, 2, 2, 0] {
  ^bb0(%i: index, %j: index, %kk: index, %l: index):
    tensor.yield %c0 : f32
  } : tensor<2x3x3x4xf32> to tensor<2x7x7x4xf32>
  %e6 = tensor.empty() : tensor<2x5x5x8xf32>
  %z6 = linalg.fill ins(%c0 : f32) outs(%e6 : tensor<2x5x5x8xf32>) -> tensor<2x5x5x8xf32>
  %dpd = linalg.generic {indexing_maps = [affine_map<(n, h, w, c, kh, kw, f) -> (n, h + kh, w + kw, f)>, affine_map<(n, h, w, c, kh, kw, f) -> (kh, kw, c, f)>, affine_map<(n, h, w, c, kh, kw, f) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%dyp, %k2 : tensor<2x7x7x4xf32>, tensor<3x3x8x4xf32>) outs(%z6 : tensor<2x5x5x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x5x5x8xf32>
  %dmp = tensor.extract_slice %dpd[0, 1, 1, 0] [2, 3, 3, 8] [1, 1, 1, 1] : tensor<2x5x5x8xf32> to tensor<2x3x3x8xf32>
  // maxpool backward: route to argmax positions (where p == mp)
  %e7 = tensor.empty() : tensor<2x6x6x8xf32>
  %dp6 = linalg.generic {indexing_maps = [#id4, affine_map<(n, h, w, c) -> (n, h floordiv 2, w floordiv 2, c)>, affine_map<(n, h, w, c) -> (n, h floordiv 2, w floordiv 2, c)>, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%p6, %mp, %dmp : tensor<2x6x6x8xf32>, tensor<2x3x3x8xf32>, tensor<2x3x3x8xf32>) outs(%e7 : tensor<2x6x6x8xf32>) {
  ^bb0(%a: f32, %m: f32, %g: f32, %o: f32):
    %eq = arith.cmpf oeq, %a, %m : f32
    %s = arith.select %eq, %g, %c0 : f32
    linalg.yield %s : f32
  } -> tensor<2x6x6x8xf32>
  %e7b = tensor.empty() : tensor<2x7x7x8xf32>
  %z7 = linalg.fill ins(%c0 : f32) outs(%e7b : tensor<2x7x7x8xf32>) -> tensor<2x7x7x8xf32>
  %dp = tensor.insert_slice %dp6 into %z7[0, 0, 0, 0] [2, 6, 6, 8] [1, 1, 1, 1] : tensor<2x6x6x8xf32> into tensor<2x7x7x8xf32>
  // sum pool backward
  %e8 = tensor.empty() : tensor<2x8x8x8xf32>
  %z8 = linalg.fill ins(%c0 : f32) outs(%e8 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  %dpp = tensor.pad %dp low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %kk: index, %l: index):
    tensor.yield %c0 : f32
  } : tensor<2x7x7x8xf32> to tensor<2x9x9x8xf32>
  %dr1 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%dpp, %win : tensor<2x9x9x8xf32>, tensor<2x2xf32>) outs(%z8 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  // relu backward
  %e9 = tensor.empty() : tensor<2x8x8x8xf32>
  %dc1 = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%dr1, %c1 : tensor<2x8x8x8xf32>, tensor<2x8x8x8xf32>) outs(%e9 : tensor<2x8x8x8xf32>) {
  ^bb0(%g: f32, %a: f32, %o: f32):
    %pos = arith.cmpf ogt, %a, %c0 : f32
    %s = arith.select %pos, %g, %c0 : f32
    linalg.yield %s : f32
  } -> tensor<2x8x8x8xf32>
  // dk
  %e10 = tensor.empty() : tensor<3x3x3x8xf32>
  %z10 = linalg.fill ins(%c0 : f32) outs(%e10 : tensor<3x3x3x8xf32>) -> tensor<3x3x3x8xf32>
  %dk = linalg.generic {indexing_maps = [affine_map<(kh, kw, c, f, n, h, w) -> (n, h + kh, w + kw, c)>, affine_map<(kh, kw, c, f, n, h, w) -> (n, h, w, f)>, affine_map<(kh, kw, c, f, n, h, w) -> (kh, kw, c, f)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %dc1 : tensor<2x10x10x3xf32>, tensor<2x8x8x8xf32>) outs(%z10 : tensor<3x3x3x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<3x3x3x8xf32>
  // dx
  %dcp = tensor.pad %dc1 low[0, 2, 2, 0] high[0, 2, 2, 0] {
  ^bb0(%i: index, %j: index, %kk: index, %l: index):
    tensor.yield %c0 : f32
  } : tensor<2x8x8x8xf32> to tensor<2x12x12x8xf32>
  %e11 = tensor.empty() : tensor<2x10x10x3xf32>
  %z11 = linalg.fill ins(%c0 : f32) outs(%e11 : tensor<2x10x10x3xf32>) -> tensor<2x10x10x3xf32>
  %dx = linalg.generic {indexing_maps = [affine_map<(n, h, w, c, kh, kw, f) -> (n, h + kh, w + kw, f)>, affine_map<(n, h, w, c, kh, kw, f) -> (kh, kw, c, f)>, affine_map<(n, h, w, c, kh, kw, f) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%dcp, %k : tensor<2x12x12x8xf32>, tensor<3x3x3x8xf32>) outs(%z11 : tensor<2x10x10x3xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x10x10x3xf32>
  return %y, %dk, %dk2, %dx : tensor<2x3x3x4xf32>, tensor<3x3x3x8xf32>, tensor<3x3x8x4xf32>, tensor<2x10x10x3xf32>
}
