#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1)>
#map2 = affine_map<(d0, d1, d2) -> (0, d1, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map7 = affine_map<(d0, d1, d2) -> (d2)>
#map8 = affine_map<(d0, d1) -> (d1)>
#map9 = affine_map<(d0, d1) -> (d0, d1)>
#map10 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map11 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map12 = affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d0, d2, d4)>
#map13 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map14 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>
#map15 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
#map16 = affine_map<(d0, d1) -> (d0)>
#map17 = affine_map<(d0) -> (d0)>
#map18 = affine_map<(d0) -> ()>
#map19 = affine_map<() -> ()>
#map20 = affine_map<(d0, d1) -> ()>
#map21 = affine_map<(d0, d1, d2) -> (d2, d0)>
#map22 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map23 = affine_map<(d0, d1) -> (d1, d0)>
#map24 = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
#map25 = affine_map<(d0, d1, d2) -> (d0)>
#map26 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>
#map27 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#map28 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map29 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map30 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#map31 = affine_map<(d0, d1, d2, d3, d4) -> (d2, d0, d3, d1, d4)>
#map32 = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
#map33 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d0, d5, d6)>
#map34 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5 * 8 + d2, d6 * 8 + d3)>
#map35 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#map36 = affine_map<(d0, d1, d2, d3) -> (d1, d0, d2, d3)>
#map37 = affine_map<(d0, d1, d2, d3) -> (d0)>
module {
  func.func @joint(%arg0: tensor<1x1x32xf32>, %arg1: tensor<1x17x32xf32>, %arg2: tensor<32x3x8x8xf32>, %arg3: tensor<32xf32>, %arg4: tensor<32xf32>, %arg5: tensor<32xf32>, %arg6: tensor<96x32xf32>, %arg7: tensor<96xf32>, %arg8: tensor<32x32xf32>, %arg9: tensor<32xf32>, %arg10: tensor<32xf32>, %arg11: tensor<32xf32>, %arg12: tensor<128x32xf32>, %arg13: tensor<128xf32>, %arg14: tensor<32x128xf32>, %arg15: tensor<32xf32>, %arg16: tensor<32xf32>, %arg17: tensor<32xf32>, %arg18: tensor<96x32xf32>, %arg19: tensor<96xf32>, %arg20: tensor<32x32xf32>, %arg21: tensor<32xf32>, %arg22: tensor<32xf32>, %arg23: tensor<32xf32>, %arg24: tensor<128x32xf32>, %arg25: tensor<128xf32>, %arg26: tensor<32x128xf32>, %arg27: tensor<32xf32>, %arg28: tensor<32xf32>, %arg29: tensor<32xf32>, %arg30: tensor<10x32xf32>, %arg31: tensor<10xf32>, %arg32: tensor<2x3x32x32xf32>, %arg33: tensor<2xi64>, %arg34: tensor<f32> {remat.cotangent}, %arg35: tensor<2x17x32xf32>, %arg36: tensor<2x17x32xf32>, %arg37: tensor<2x17x32xf32>) -> (tensor<f32>, tensor<1x1x32xf32>, tensor<1x17x32xf32>, tensor<32x3x8x8xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<96x32xf32>, tensor<96xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<128x32xf32>, tensor<128xf32>, tensor<32x128xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<96x32xf32>, tensor<96xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<128x32xf32>, tensor<128xf32>, tensor<32x128xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<10x32xf32>, tensor<10xf32>) {
    %0 = tensor.empty() : tensor<2x32x4x4xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x32x4x4xf32>) -> tensor<2x32x4x4xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<8> : tensor<2xi64>} ins(%arg32, %arg2 : tensor<2x3x32x32xf32>, tensor<32x3x8x8xf32>) outs(%1 : tensor<2x32x4x4xf32>) -> tensor<2x32x4x4xf32>
    %3 = tensor.empty() : tensor<2x32x4x4xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %arg3 : tensor<2x32x4x4xf32>, tensor<32xf32>) outs(%3 : tensor<2x32x4x4xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.addf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x32x4x4xf32>
    %collapsed = tensor.collapse_shape %4 [[0], [1], [2, 3]] : tensor<2x32x4x4xf32> into tensor<2x32x16xf32>
    %5 = tensor.empty() : tensor<2x1x32xf32>
    %6 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x1x32xf32>) outs(%5 : tensor<2x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x1x32xf32>
    %7 = tensor.empty() : tensor<2x16x32xf32>
    %8 = linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed : tensor<2x32x16xf32>) outs(%7 : tensor<2x16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x32xf32>
    %concat = tensor.concat dim(1) %6, %8 : (tensor<2x1x32xf32>, tensor<2x16x32xf32>) -> tensor<2x17x32xf32>
    %9 = tensor.empty() : tensor<2x17x32xf32>
    %10 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat, %arg1 : tensor<2x17x32xf32>, tensor<1x17x32xf32>) outs(%9 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.addf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %11 = tensor.empty() : tensor<2x17x32xf32>
    %12 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg35 : tensor<2x17x32xf32>) outs(%11 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 0.899999976 : f32
      %483 = arith.divf %in, %cst_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %13 = tensor.empty() : tensor<2x17x32xf32>
    %14 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10, %12 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%13 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %15 = tensor.empty() : tensor<2x17xf32>
    %cst_0 = arith.constant 0.000000e+00 : f32
    %16 = linalg.fill {remat.policy = "recompute"} ins(%cst_0 : f32) outs(%15 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %17 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%14 : tensor<2x17x32xf32>) outs(%16 : tensor<2x17xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %expanded = tensor.expand_shape %17 [[0], [1, 2]] output_shape [2, 17, 1] {remat.policy = "recompute"} : tensor<2x17xf32> into tensor<2x17x1xf32>
    %18 = tensor.empty() : tensor<2x17x1xf32>
    %19 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x17x1xf32>) outs(%18 : tensor<2x17x1xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 3.200000e+01 : f32
      %483 = arith.divf %in, %cst_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x1xf32>
    %20 = tensor.empty() : tensor<2x17x32xf32>
    %21 = linalg.generic {indexing_maps = [#map3, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14, %19 : tensor<2x17x32xf32>, tensor<2x17x1xf32>) outs(%20 : tensor<2x17x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.subf %in, %in_174 : f32
      %484 = arith.mulf %483, %483 : f32
      linalg.yield %484 : f32
    } -> tensor<2x17x32xf32>
    %22 = tensor.empty() : tensor<2x17xf32>
    %cst_1 = arith.constant 0.000000e+00 : f32
    %23 = linalg.fill {remat.policy = "recompute"} ins(%cst_1 : f32) outs(%22 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %24 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%21 : tensor<2x17x32xf32>) outs(%23 : tensor<2x17xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %expanded_2 = tensor.expand_shape %24 [[0], [1, 2]] output_shape [2, 17, 1] {remat.policy = "recompute"} : tensor<2x17xf32> into tensor<2x17x1xf32>
    %25 = tensor.empty() : tensor<2x17x1xf32>
    %26 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_2 : tensor<2x17x1xf32>) outs(%25 : tensor<2x17x1xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 3.200000e+01 : f32
      %483 = arith.divf %in, %cst_174 : f32
      %cst_175 = arith.constant 9.99999974E-6 : f32
      %484 = arith.addf %483, %cst_175 : f32
      %485 = math.rsqrt %484 : f32
      linalg.yield %485 : f32
    } -> tensor<2x17x1xf32>
    %27 = tensor.empty() : tensor<2x17x32xf32>
    %28 = linalg.generic {indexing_maps = [#map3, #map6, #map6, #map7, #map7, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14, %19, %26, %arg4, %arg5 : tensor<2x17x32xf32>, tensor<2x17x1xf32>, tensor<2x17x1xf32>, tensor<32xf32>, tensor<32xf32>) outs(%27 : tensor<2x17x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %in_176: f32, %in_177: f32, %out: f32):
      %483 = arith.subf %in, %in_174 : f32
      %484 = arith.mulf %483, %in_175 : f32
      %485 = arith.mulf %484, %in_176 : f32
      %486 = arith.addf %485, %in_177 : f32
      linalg.yield %486 : f32
    } -> tensor<2x17x32xf32>
    %collapsed_3 = tensor.collapse_shape %28 [[0, 1], [2]] {remat.policy = "recompute"} : tensor<2x17x32xf32> into tensor<34x32xf32>
    %29 = tensor.empty() : tensor<34x96xf32>
    %30 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel"]} ins(%arg7 : tensor<96xf32>) outs(%29 : tensor<34x96xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<34x96xf32>
    %31 = linalg.matmul indexing_maps = [#map10, #map11, #map5] {remat.policy = "recompute"} ins(%collapsed_3, %arg6 : tensor<34x32xf32>, tensor<96x32xf32>) outs(%30 : tensor<34x96xf32>) -> tensor<34x96xf32>
    %expanded_4 = tensor.expand_shape %31 [[0, 1], [2]] output_shape [2, 17, 96] {remat.policy = "recompute"} : tensor<34x96xf32> into tensor<2x17x96xf32>
    %expanded_5 = tensor.expand_shape %expanded_4 [[0], [1], [2, 3, 4]] output_shape [2, 17, 3, 4, 8] {remat.policy = "recompute"} : tensor<2x17x96xf32> into tensor<2x17x3x4x8xf32>
    %32 = tensor.empty() : tensor<3x2x4x17x8xf32>
    %33 = linalg.generic {indexing_maps = [#map12, #map13], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%expanded_5 : tensor<2x17x3x4x8xf32>) outs(%32 : tensor<3x2x4x17x8xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<3x2x4x17x8xf32>
    %extracted_slice = tensor.extract_slice %33[0, 0, 0, 0, 0] [1, 2, 4, 17, 8] [1, 1, 1, 1, 1] {remat.policy = "recompute"} : tensor<3x2x4x17x8xf32> to tensor<2x4x17x8xf32>
    %34 = tensor.empty() : tensor<3x2x4x17x8xf32>
    %35 = linalg.generic {indexing_maps = [#map12, #map13], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%expanded_5 : tensor<2x17x3x4x8xf32>) outs(%34 : tensor<3x2x4x17x8xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<3x2x4x17x8xf32>
    %extracted_slice_6 = tensor.extract_slice %35[1, 0, 0, 0, 0] [1, 2, 4, 17, 8] [1, 1, 1, 1, 1] {remat.policy = "recompute"} : tensor<3x2x4x17x8xf32> to tensor<2x4x17x8xf32>
    %36 = tensor.empty() : tensor<3x2x4x17x8xf32>
    %37 = linalg.generic {indexing_maps = [#map12, #map13], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%expanded_5 : tensor<2x17x3x4x8xf32>) outs(%36 : tensor<3x2x4x17x8xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<3x2x4x17x8xf32>
    %extracted_slice_7 = tensor.extract_slice %37[2, 0, 0, 0, 0] [1, 2, 4, 17, 8] [1, 1, 1, 1, 1] {remat.policy = "recompute"} : tensor<3x2x4x17x8xf32> to tensor<2x4x17x8xf32>
    %collapsed_8 = tensor.collapse_shape %extracted_slice [[0, 1], [2], [3]] {remat.policy = "recompute"} : tensor<2x4x17x8xf32> into tensor<8x17x8xf32>
    %38 = tensor.empty() : tensor<2x4x8x17xf32>
    %39 = linalg.generic {indexing_maps = [#map14, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_6 : tensor<2x4x17x8xf32>) outs(%38 : tensor<2x4x8x17xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x8x17xf32>
    %collapsed_9 = tensor.collapse_shape %39 [[0, 1], [2], [3]] {remat.policy = "recompute"} : tensor<2x4x8x17xf32> into tensor<8x8x17xf32>
    %40 = tensor.empty() : tensor<8x17x17xf32>
    %cst_10 = arith.constant 0.000000e+00 : f32
    %41 = linalg.fill {remat.policy = "recompute"} ins(%cst_10 : f32) outs(%40 : tensor<8x17x17xf32>) -> tensor<8x17x17xf32>
    %42 = linalg.batch_matmul {remat.policy = "recompute"} ins(%collapsed_8, %collapsed_9 : tensor<8x17x8xf32>, tensor<8x8x17xf32>) outs(%41 : tensor<8x17x17xf32>) -> tensor<8x17x17xf32>
    %expanded_11 = tensor.expand_shape %42 [[0, 1], [2], [3]] output_shape [2, 4, 17, 17] {remat.policy = "recompute"} : tensor<8x17x17xf32> into tensor<2x4x17x17xf32>
    %43 = tensor.empty() : tensor<2x4x17x17xf32>
    %44 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_11 : tensor<2x4x17x17xf32>) outs(%43 : tensor<2x4x17x17xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 0.353553385 : f32
      %483 = arith.mulf %in, %cst_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x4x17x17xf32>
    %45 = tensor.empty() : tensor<2x4x17x17xf32>
    %46 = linalg.softmax {remat.policy = "recompute"} dimension(3) ins(%44 : tensor<2x4x17x17xf32>) outs(%45 : tensor<2x4x17x17xf32>) -> tensor<2x4x17x17xf32>
    %collapsed_12 = tensor.collapse_shape %46 [[0, 1], [2], [3]] {remat.policy = "recompute"} : tensor<2x4x17x17xf32> into tensor<8x17x17xf32>
    %collapsed_13 = tensor.collapse_shape %extracted_slice_7 [[0, 1], [2], [3]] {remat.policy = "recompute"} : tensor<2x4x17x8xf32> into tensor<8x17x8xf32>
    %47 = tensor.empty() : tensor<8x17x8xf32>
    %cst_14 = arith.constant 0.000000e+00 : f32
    %48 = linalg.fill {remat.policy = "recompute"} ins(%cst_14 : f32) outs(%47 : tensor<8x17x8xf32>) -> tensor<8x17x8xf32>
    %49 = linalg.batch_matmul {remat.policy = "recompute"} ins(%collapsed_12, %collapsed_13 : tensor<8x17x17xf32>, tensor<8x17x8xf32>) outs(%48 : tensor<8x17x8xf32>) -> tensor<8x17x8xf32>
    %expanded_15 = tensor.expand_shape %49 [[0, 1], [2], [3]] output_shape [2, 4, 17, 8] {remat.policy = "recompute"} : tensor<8x17x8xf32> into tensor<2x4x17x8xf32>
    %50 = tensor.empty() : tensor<2x17x4x8xf32>
    %51 = linalg.generic {indexing_maps = [#map15, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_15 : tensor<2x4x17x8xf32>) outs(%50 : tensor<2x17x4x8xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x17x4x8xf32>
    %collapsed_16 = tensor.collapse_shape %51 [[0], [1], [2, 3]] {remat.policy = "recompute"} : tensor<2x17x4x8xf32> into tensor<2x17x32xf32>
    %collapsed_17 = tensor.collapse_shape %collapsed_16 [[0, 1], [2]] {remat.policy = "recompute"} : tensor<2x17x32xf32> into tensor<34x32xf32>
    %52 = tensor.empty() : tensor<34x32xf32>
    %53 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel"]} ins(%arg9 : tensor<32xf32>) outs(%52 : tensor<34x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<34x32xf32>
    %54 = linalg.matmul indexing_maps = [#map10, #map11, #map5] {remat.policy = "recompute"} ins(%collapsed_17, %arg8 : tensor<34x32xf32>, tensor<32x32xf32>) outs(%53 : tensor<34x32xf32>) -> tensor<34x32xf32>
    %expanded_18 = tensor.expand_shape %54 [[0, 1], [2]] output_shape [2, 17, 32] {remat.policy = "recompute"} : tensor<34x32xf32> into tensor<2x17x32xf32>
    %55 = tensor.empty() : tensor<2x17x32xf32>
    %56 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg36 : tensor<2x17x32xf32>) outs(%55 : tensor<2x17x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 0.899999976 : f32
      %483 = arith.divf %in, %cst_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %57 = tensor.empty() : tensor<2x17x32xf32>
    %58 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_18, %56 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%57 : tensor<2x17x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %59 = tensor.empty() : tensor<2x17x32xf32>
    %60 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14, %58 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%59 : tensor<2x17x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.addf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %61 = tensor.empty() : tensor<2x17xf32>
    %cst_19 = arith.constant 0.000000e+00 : f32
    %62 = linalg.fill {remat.policy = "recompute"} ins(%cst_19 : f32) outs(%61 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %63 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%60 : tensor<2x17x32xf32>) outs(%62 : tensor<2x17xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %expanded_20 = tensor.expand_shape %63 [[0], [1, 2]] output_shape [2, 17, 1] {remat.policy = "recompute"} : tensor<2x17xf32> into tensor<2x17x1xf32>
    %64 = tensor.empty() : tensor<2x17x1xf32>
    %65 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_20 : tensor<2x17x1xf32>) outs(%64 : tensor<2x17x1xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 3.200000e+01 : f32
      %483 = arith.divf %in, %cst_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x1xf32>
    %66 = tensor.empty() : tensor<2x17x32xf32>
    %67 = linalg.generic {indexing_maps = [#map3, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60, %65 : tensor<2x17x32xf32>, tensor<2x17x1xf32>) outs(%66 : tensor<2x17x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.subf %in, %in_174 : f32
      %484 = arith.mulf %483, %483 : f32
      linalg.yield %484 : f32
    } -> tensor<2x17x32xf32>
    %68 = tensor.empty() : tensor<2x17xf32>
    %cst_21 = arith.constant 0.000000e+00 : f32
    %69 = linalg.fill {remat.policy = "recompute"} ins(%cst_21 : f32) outs(%68 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %70 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%67 : tensor<2x17x32xf32>) outs(%69 : tensor<2x17xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %expanded_22 = tensor.expand_shape %70 [[0], [1, 2]] output_shape [2, 17, 1] {remat.policy = "recompute"} : tensor<2x17xf32> into tensor<2x17x1xf32>
    %71 = tensor.empty() : tensor<2x17x1xf32>
    %72 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_22 : tensor<2x17x1xf32>) outs(%71 : tensor<2x17x1xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 3.200000e+01 : f32
      %483 = arith.divf %in, %cst_174 : f32
      %cst_175 = arith.constant 9.99999974E-6 : f32
      %484 = arith.addf %483, %cst_175 : f32
      %485 = math.rsqrt %484 : f32
      linalg.yield %485 : f32
    } -> tensor<2x17x1xf32>
    %73 = tensor.empty() : tensor<2x17x32xf32>
    %74 = linalg.generic {indexing_maps = [#map3, #map6, #map6, #map7, #map7, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60, %65, %72, %arg10, %arg11 : tensor<2x17x32xf32>, tensor<2x17x1xf32>, tensor<2x17x1xf32>, tensor<32xf32>, tensor<32xf32>) outs(%73 : tensor<2x17x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %in_176: f32, %in_177: f32, %out: f32):
      %483 = arith.subf %in, %in_174 : f32
      %484 = arith.mulf %483, %in_175 : f32
      %485 = arith.mulf %484, %in_176 : f32
      %486 = arith.addf %485, %in_177 : f32
      linalg.yield %486 : f32
    } -> tensor<2x17x32xf32>
    %collapsed_23 = tensor.collapse_shape %74 [[0, 1], [2]] {remat.policy = "recompute"} : tensor<2x17x32xf32> into tensor<34x32xf32>
    %75 = tensor.empty() : tensor<34x128xf32>
    %76 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel"]} ins(%arg13 : tensor<128xf32>) outs(%75 : tensor<34x128xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<34x128xf32>
    %77 = linalg.matmul indexing_maps = [#map10, #map11, #map5] {remat.policy = "recompute"} ins(%collapsed_23, %arg12 : tensor<34x32xf32>, tensor<128x32xf32>) outs(%76 : tensor<34x128xf32>) -> tensor<34x128xf32>
    %expanded_24 = tensor.expand_shape %77 [[0, 1], [2]] output_shape [2, 17, 128] {remat.policy = "recompute"} : tensor<34x128xf32> into tensor<2x17x128xf32>
    %78 = tensor.empty() : tensor<2x17x128xf32>
    %79 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_24 : tensor<2x17x128xf32>) outs(%78 : tensor<2x17x128xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 5.000000e-01 : f32
      %cst_175 = arith.constant 1.000000e+00 : f32
      %cst_176 = arith.constant 0.707106769 : f32
      %483 = arith.mulf %in, %cst_176 : f32
      %484 = math.erf %483 : f32
      %485 = arith.mulf %in, %cst_174 : f32
      %486 = arith.addf %cst_175, %484 : f32
      %487 = arith.mulf %485, %486 : f32
      linalg.yield %487 : f32
    } -> tensor<2x17x128xf32>
    %collapsed_25 = tensor.collapse_shape %79 [[0, 1], [2]] {remat.policy = "recompute"} : tensor<2x17x128xf32> into tensor<34x128xf32>
    %80 = tensor.empty() : tensor<34x32xf32>
    %81 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel"]} ins(%arg15 : tensor<32xf32>) outs(%80 : tensor<34x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<34x32xf32>
    %82 = linalg.matmul indexing_maps = [#map10, #map11, #map5] {remat.policy = "recompute"} ins(%collapsed_25, %arg14 : tensor<34x128xf32>, tensor<32x128xf32>) outs(%81 : tensor<34x32xf32>) -> tensor<34x32xf32>
    %expanded_26 = tensor.expand_shape %82 [[0, 1], [2]] output_shape [2, 17, 32] {remat.policy = "recompute"} : tensor<34x32xf32> into tensor<2x17x32xf32>
    %83 = tensor.empty() : tensor<2x17x32xf32>
    %84 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60, %expanded_26 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%83 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.addf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %85 = tensor.empty() : tensor<2x17xf32>
    %cst_27 = arith.constant 0.000000e+00 : f32
    %86 = linalg.fill {remat.policy = "recompute"} ins(%cst_27 : f32) outs(%85 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %87 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%84 : tensor<2x17x32xf32>) outs(%86 : tensor<2x17xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %expanded_28 = tensor.expand_shape %87 [[0], [1, 2]] output_shape [2, 17, 1] {remat.policy = "recompute"} : tensor<2x17xf32> into tensor<2x17x1xf32>
    %88 = tensor.empty() : tensor<2x17x1xf32>
    %89 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_28 : tensor<2x17x1xf32>) outs(%88 : tensor<2x17x1xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 3.200000e+01 : f32
      %483 = arith.divf %in, %cst_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x1xf32>
    %90 = tensor.empty() : tensor<2x17x32xf32>
    %91 = linalg.generic {indexing_maps = [#map3, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84, %89 : tensor<2x17x32xf32>, tensor<2x17x1xf32>) outs(%90 : tensor<2x17x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.subf %in, %in_174 : f32
      %484 = arith.mulf %483, %483 : f32
      linalg.yield %484 : f32
    } -> tensor<2x17x32xf32>
    %92 = tensor.empty() : tensor<2x17xf32>
    %cst_29 = arith.constant 0.000000e+00 : f32
    %93 = linalg.fill {remat.policy = "recompute"} ins(%cst_29 : f32) outs(%92 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %94 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%91 : tensor<2x17x32xf32>) outs(%93 : tensor<2x17xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %expanded_30 = tensor.expand_shape %94 [[0], [1, 2]] output_shape [2, 17, 1] {remat.policy = "recompute"} : tensor<2x17xf32> into tensor<2x17x1xf32>
    %95 = tensor.empty() : tensor<2x17x1xf32>
    %96 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_30 : tensor<2x17x1xf32>) outs(%95 : tensor<2x17x1xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 3.200000e+01 : f32
      %483 = arith.divf %in, %cst_174 : f32
      %cst_175 = arith.constant 9.99999974E-6 : f32
      %484 = arith.addf %483, %cst_175 : f32
      %485 = math.rsqrt %484 : f32
      linalg.yield %485 : f32
    } -> tensor<2x17x1xf32>
    %97 = tensor.empty() : tensor<2x17x32xf32>
    %98 = linalg.generic {indexing_maps = [#map3, #map6, #map6, #map7, #map7, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84, %89, %96, %arg16, %arg17 : tensor<2x17x32xf32>, tensor<2x17x1xf32>, tensor<2x17x1xf32>, tensor<32xf32>, tensor<32xf32>) outs(%97 : tensor<2x17x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %in_176: f32, %in_177: f32, %out: f32):
      %483 = arith.subf %in, %in_174 : f32
      %484 = arith.mulf %483, %in_175 : f32
      %485 = arith.mulf %484, %in_176 : f32
      %486 = arith.addf %485, %in_177 : f32
      linalg.yield %486 : f32
    } -> tensor<2x17x32xf32>
    %collapsed_31 = tensor.collapse_shape %98 [[0, 1], [2]] {remat.policy = "recompute"} : tensor<2x17x32xf32> into tensor<34x32xf32>
    %99 = tensor.empty() : tensor<34x96xf32>
    %100 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel"]} ins(%arg19 : tensor<96xf32>) outs(%99 : tensor<34x96xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<34x96xf32>
    %101 = linalg.matmul indexing_maps = [#map10, #map11, #map5] {remat.policy = "recompute"} ins(%collapsed_31, %arg18 : tensor<34x32xf32>, tensor<96x32xf32>) outs(%100 : tensor<34x96xf32>) -> tensor<34x96xf32>
    %expanded_32 = tensor.expand_shape %101 [[0, 1], [2]] output_shape [2, 17, 96] {remat.policy = "recompute"} : tensor<34x96xf32> into tensor<2x17x96xf32>
    %expanded_33 = tensor.expand_shape %expanded_32 [[0], [1], [2, 3, 4]] output_shape [2, 17, 3, 4, 8] {remat.policy = "recompute"} : tensor<2x17x96xf32> into tensor<2x17x3x4x8xf32>
    %102 = tensor.empty() : tensor<3x2x4x17x8xf32>
    %103 = linalg.generic {indexing_maps = [#map12, #map13], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<2x17x3x4x8xf32>) outs(%102 : tensor<3x2x4x17x8xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<3x2x4x17x8xf32>
    %extracted_slice_34 = tensor.extract_slice %103[0, 0, 0, 0, 0] [1, 2, 4, 17, 8] [1, 1, 1, 1, 1] {remat.policy = "recompute"} : tensor<3x2x4x17x8xf32> to tensor<2x4x17x8xf32>
    %104 = tensor.empty() : tensor<3x2x4x17x8xf32>
    %105 = linalg.generic {indexing_maps = [#map12, #map13], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<2x17x3x4x8xf32>) outs(%104 : tensor<3x2x4x17x8xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<3x2x4x17x8xf32>
    %extracted_slice_35 = tensor.extract_slice %105[1, 0, 0, 0, 0] [1, 2, 4, 17, 8] [1, 1, 1, 1, 1] {remat.policy = "recompute"} : tensor<3x2x4x17x8xf32> to tensor<2x4x17x8xf32>
    %106 = tensor.empty() : tensor<3x2x4x17x8xf32>
    %107 = linalg.generic {indexing_maps = [#map12, #map13], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<2x17x3x4x8xf32>) outs(%106 : tensor<3x2x4x17x8xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<3x2x4x17x8xf32>
    %extracted_slice_36 = tensor.extract_slice %107[2, 0, 0, 0, 0] [1, 2, 4, 17, 8] [1, 1, 1, 1, 1] {remat.policy = "recompute"} : tensor<3x2x4x17x8xf32> to tensor<2x4x17x8xf32>
    %collapsed_37 = tensor.collapse_shape %extracted_slice_34 [[0, 1], [2], [3]] {remat.policy = "recompute"} : tensor<2x4x17x8xf32> into tensor<8x17x8xf32>
    %108 = tensor.empty() : tensor<2x4x8x17xf32>
    %109 = linalg.generic {indexing_maps = [#map14, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_35 : tensor<2x4x17x8xf32>) outs(%108 : tensor<2x4x8x17xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x8x17xf32>
    %collapsed_38 = tensor.collapse_shape %109 [[0, 1], [2], [3]] {remat.policy = "recompute"} : tensor<2x4x8x17xf32> into tensor<8x8x17xf32>
    %110 = tensor.empty() : tensor<8x17x17xf32>
    %cst_39 = arith.constant 0.000000e+00 : f32
    %111 = linalg.fill {remat.policy = "recompute"} ins(%cst_39 : f32) outs(%110 : tensor<8x17x17xf32>) -> tensor<8x17x17xf32>
    %112 = linalg.batch_matmul {remat.policy = "recompute"} ins(%collapsed_37, %collapsed_38 : tensor<8x17x8xf32>, tensor<8x8x17xf32>) outs(%111 : tensor<8x17x17xf32>) -> tensor<8x17x17xf32>
    %expanded_40 = tensor.expand_shape %112 [[0, 1], [2], [3]] output_shape [2, 4, 17, 17] {remat.policy = "recompute"} : tensor<8x17x17xf32> into tensor<2x4x17x17xf32>
    %113 = tensor.empty() : tensor<2x4x17x17xf32>
    %114 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_40 : tensor<2x4x17x17xf32>) outs(%113 : tensor<2x4x17x17xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 0.353553385 : f32
      %483 = arith.mulf %in, %cst_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x4x17x17xf32>
    %115 = tensor.empty() : tensor<2x4x17x17xf32>
    %116 = linalg.softmax {remat.policy = "recompute"} dimension(3) ins(%114 : tensor<2x4x17x17xf32>) outs(%115 : tensor<2x4x17x17xf32>) -> tensor<2x4x17x17xf32>
    %collapsed_41 = tensor.collapse_shape %116 [[0, 1], [2], [3]] {remat.policy = "recompute"} : tensor<2x4x17x17xf32> into tensor<8x17x17xf32>
    %collapsed_42 = tensor.collapse_shape %extracted_slice_36 [[0, 1], [2], [3]] {remat.policy = "recompute"} : tensor<2x4x17x8xf32> into tensor<8x17x8xf32>
    %117 = tensor.empty() : tensor<8x17x8xf32>
    %cst_43 = arith.constant 0.000000e+00 : f32
    %118 = linalg.fill {remat.policy = "recompute"} ins(%cst_43 : f32) outs(%117 : tensor<8x17x8xf32>) -> tensor<8x17x8xf32>
    %119 = linalg.batch_matmul {remat.policy = "recompute"} ins(%collapsed_41, %collapsed_42 : tensor<8x17x17xf32>, tensor<8x17x8xf32>) outs(%118 : tensor<8x17x8xf32>) -> tensor<8x17x8xf32>
    %expanded_44 = tensor.expand_shape %119 [[0, 1], [2], [3]] output_shape [2, 4, 17, 8] {remat.policy = "recompute"} : tensor<8x17x8xf32> into tensor<2x4x17x8xf32>
    %120 = tensor.empty() : tensor<2x17x4x8xf32>
    %121 = linalg.generic {indexing_maps = [#map15, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_44 : tensor<2x4x17x8xf32>) outs(%120 : tensor<2x17x4x8xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x17x4x8xf32>
    %collapsed_45 = tensor.collapse_shape %121 [[0], [1], [2, 3]] {remat.policy = "recompute"} : tensor<2x17x4x8xf32> into tensor<2x17x32xf32>
    %collapsed_46 = tensor.collapse_shape %collapsed_45 [[0, 1], [2]] {remat.policy = "recompute"} : tensor<2x17x32xf32> into tensor<34x32xf32>
    %122 = tensor.empty() : tensor<34x32xf32>
    %123 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel"]} ins(%arg21 : tensor<32xf32>) outs(%122 : tensor<34x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<34x32xf32>
    %124 = linalg.matmul indexing_maps = [#map10, #map11, #map5] {remat.policy = "recompute"} ins(%collapsed_46, %arg20 : tensor<34x32xf32>, tensor<32x32xf32>) outs(%123 : tensor<34x32xf32>) -> tensor<34x32xf32>
    %expanded_47 = tensor.expand_shape %124 [[0, 1], [2]] output_shape [2, 17, 32] {remat.policy = "recompute"} : tensor<34x32xf32> into tensor<2x17x32xf32>
    %125 = tensor.empty() : tensor<2x17x32xf32>
    %126 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg37 : tensor<2x17x32xf32>) outs(%125 : tensor<2x17x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 0.899999976 : f32
      %483 = arith.divf %in, %cst_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %127 = tensor.empty() : tensor<2x17x32xf32>
    %128 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_47, %126 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%127 : tensor<2x17x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %129 = tensor.empty() : tensor<2x17x32xf32>
    %130 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84, %128 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%129 : tensor<2x17x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.addf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %131 = tensor.empty() : tensor<2x17xf32>
    %cst_48 = arith.constant 0.000000e+00 : f32
    %132 = linalg.fill {remat.policy = "recompute"} ins(%cst_48 : f32) outs(%131 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %133 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%130 : tensor<2x17x32xf32>) outs(%132 : tensor<2x17xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %expanded_49 = tensor.expand_shape %133 [[0], [1, 2]] output_shape [2, 17, 1] {remat.policy = "recompute"} : tensor<2x17xf32> into tensor<2x17x1xf32>
    %134 = tensor.empty() : tensor<2x17x1xf32>
    %135 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_49 : tensor<2x17x1xf32>) outs(%134 : tensor<2x17x1xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 3.200000e+01 : f32
      %483 = arith.divf %in, %cst_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x1xf32>
    %136 = tensor.empty() : tensor<2x17x32xf32>
    %137 = linalg.generic {indexing_maps = [#map3, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%130, %135 : tensor<2x17x32xf32>, tensor<2x17x1xf32>) outs(%136 : tensor<2x17x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.subf %in, %in_174 : f32
      %484 = arith.mulf %483, %483 : f32
      linalg.yield %484 : f32
    } -> tensor<2x17x32xf32>
    %138 = tensor.empty() : tensor<2x17xf32>
    %cst_50 = arith.constant 0.000000e+00 : f32
    %139 = linalg.fill {remat.policy = "recompute"} ins(%cst_50 : f32) outs(%138 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %140 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%137 : tensor<2x17x32xf32>) outs(%139 : tensor<2x17xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %expanded_51 = tensor.expand_shape %140 [[0], [1, 2]] output_shape [2, 17, 1] {remat.policy = "recompute"} : tensor<2x17xf32> into tensor<2x17x1xf32>
    %141 = tensor.empty() : tensor<2x17x1xf32>
    %142 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_51 : tensor<2x17x1xf32>) outs(%141 : tensor<2x17x1xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 3.200000e+01 : f32
      %483 = arith.divf %in, %cst_174 : f32
      %cst_175 = arith.constant 9.99999974E-6 : f32
      %484 = arith.addf %483, %cst_175 : f32
      %485 = math.rsqrt %484 : f32
      linalg.yield %485 : f32
    } -> tensor<2x17x1xf32>
    %143 = tensor.empty() : tensor<2x17x32xf32>
    %144 = linalg.generic {indexing_maps = [#map3, #map6, #map6, #map7, #map7, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%130, %135, %142, %arg22, %arg23 : tensor<2x17x32xf32>, tensor<2x17x1xf32>, tensor<2x17x1xf32>, tensor<32xf32>, tensor<32xf32>) outs(%143 : tensor<2x17x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %in_176: f32, %in_177: f32, %out: f32):
      %483 = arith.subf %in, %in_174 : f32
      %484 = arith.mulf %483, %in_175 : f32
      %485 = arith.mulf %484, %in_176 : f32
      %486 = arith.addf %485, %in_177 : f32
      linalg.yield %486 : f32
    } -> tensor<2x17x32xf32>
    %collapsed_52 = tensor.collapse_shape %144 [[0, 1], [2]] {remat.policy = "recompute"} : tensor<2x17x32xf32> into tensor<34x32xf32>
    %145 = tensor.empty() : tensor<34x128xf32>
    %146 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel"]} ins(%arg25 : tensor<128xf32>) outs(%145 : tensor<34x128xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<34x128xf32>
    %147 = linalg.matmul indexing_maps = [#map10, #map11, #map5] {remat.policy = "recompute"} ins(%collapsed_52, %arg24 : tensor<34x32xf32>, tensor<128x32xf32>) outs(%146 : tensor<34x128xf32>) -> tensor<34x128xf32>
    %expanded_53 = tensor.expand_shape %147 [[0, 1], [2]] output_shape [2, 17, 128] {remat.policy = "recompute"} : tensor<34x128xf32> into tensor<2x17x128xf32>
    %148 = tensor.empty() : tensor<2x17x128xf32>
    %149 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_53 : tensor<2x17x128xf32>) outs(%148 : tensor<2x17x128xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 5.000000e-01 : f32
      %cst_175 = arith.constant 1.000000e+00 : f32
      %cst_176 = arith.constant 0.707106769 : f32
      %483 = arith.mulf %in, %cst_176 : f32
      %484 = math.erf %483 : f32
      %485 = arith.mulf %in, %cst_174 : f32
      %486 = arith.addf %cst_175, %484 : f32
      %487 = arith.mulf %485, %486 : f32
      linalg.yield %487 : f32
    } -> tensor<2x17x128xf32>
    %collapsed_54 = tensor.collapse_shape %149 [[0, 1], [2]] {remat.policy = "recompute"} : tensor<2x17x128xf32> into tensor<34x128xf32>
    %150 = tensor.empty() : tensor<34x32xf32>
    %151 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel"]} ins(%arg27 : tensor<32xf32>) outs(%150 : tensor<34x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<34x32xf32>
    %152 = linalg.matmul indexing_maps = [#map10, #map11, #map5] {remat.policy = "recompute"} ins(%collapsed_54, %arg26 : tensor<34x128xf32>, tensor<32x128xf32>) outs(%151 : tensor<34x32xf32>) -> tensor<34x32xf32>
    %expanded_55 = tensor.expand_shape %152 [[0, 1], [2]] output_shape [2, 17, 32] {remat.policy = "recompute"} : tensor<34x32xf32> into tensor<2x17x32xf32>
    %153 = tensor.empty() : tensor<2x17x32xf32>
    %154 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%130, %expanded_55 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%153 : tensor<2x17x32xf32>) attrs =  {remat.policy = "recompute"} {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.addf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %155 = tensor.empty() : tensor<2x17xf32>
    %cst_56 = arith.constant 0.000000e+00 : f32
    %156 = linalg.fill ins(%cst_56 : f32) outs(%155 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %157 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%154 : tensor<2x17x32xf32>) outs(%156 : tensor<2x17xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %expanded_57 = tensor.expand_shape %157 [[0], [1, 2]] output_shape [2, 17, 1] : tensor<2x17xf32> into tensor<2x17x1xf32>
    %158 = tensor.empty() : tensor<2x17x1xf32>
    %159 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_57 : tensor<2x17x1xf32>) outs(%158 : tensor<2x17x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 3.200000e+01 : f32
      %483 = arith.divf %in, %cst_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x1xf32>
    %160 = tensor.empty() : tensor<2x17x32xf32>
    %161 = linalg.generic {indexing_maps = [#map3, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%154, %159 : tensor<2x17x32xf32>, tensor<2x17x1xf32>) outs(%160 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.subf %in, %in_174 : f32
      %484 = arith.mulf %483, %483 : f32
      linalg.yield %484 : f32
    } -> tensor<2x17x32xf32>
    %162 = tensor.empty() : tensor<2x17xf32>
    %cst_58 = arith.constant 0.000000e+00 : f32
    %163 = linalg.fill ins(%cst_58 : f32) outs(%162 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %164 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%161 : tensor<2x17x32xf32>) outs(%163 : tensor<2x17xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %expanded_59 = tensor.expand_shape %164 [[0], [1, 2]] output_shape [2, 17, 1] : tensor<2x17xf32> into tensor<2x17x1xf32>
    %165 = tensor.empty() : tensor<2x17x1xf32>
    %166 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_59 : tensor<2x17x1xf32>) outs(%165 : tensor<2x17x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 3.200000e+01 : f32
      %483 = arith.divf %in, %cst_174 : f32
      %cst_175 = arith.constant 9.99999974E-6 : f32
      %484 = arith.addf %483, %cst_175 : f32
      %485 = math.rsqrt %484 : f32
      linalg.yield %485 : f32
    } -> tensor<2x17x1xf32>
    %167 = tensor.empty() : tensor<2x17x32xf32>
    %168 = linalg.generic {indexing_maps = [#map3, #map6, #map6, #map7, #map7, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%154, %159, %166, %arg28, %arg29 : tensor<2x17x32xf32>, tensor<2x17x1xf32>, tensor<2x17x1xf32>, tensor<32xf32>, tensor<32xf32>) outs(%167 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %in_176: f32, %in_177: f32, %out: f32):
      %483 = arith.subf %in, %in_174 : f32
      %484 = arith.mulf %483, %in_175 : f32
      %485 = arith.mulf %484, %in_176 : f32
      %486 = arith.addf %485, %in_177 : f32
      linalg.yield %486 : f32
    } -> tensor<2x17x32xf32>
    %extracted_slice_60 = tensor.extract_slice %168[0, 0, 0] [2, 1, 32] [1, 1, 1] : tensor<2x17x32xf32> to tensor<2x32xf32>
    %169 = tensor.empty() : tensor<2x10xf32>
    %170 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel"]} ins(%arg31 : tensor<10xf32>) outs(%169 : tensor<2x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x10xf32>
    %171 = linalg.matmul indexing_maps = [#map10, #map11, #map5] ins(%extracted_slice_60, %arg30 : tensor<2x32xf32>, tensor<10x32xf32>) outs(%170 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %172 = tensor.empty() : tensor<2xf32>
    %cst_61 = arith.constant 0xFF800000 : f32
    %173 = linalg.fill ins(%cst_61 : f32) outs(%172 : tensor<2xf32>) -> tensor<2xf32>
    %174 = linalg.generic {indexing_maps = [#map9, #map16], iterator_types = ["parallel", "reduction"]} ins(%171 : tensor<2x10xf32>) outs(%173 : tensor<2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.maximumf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2xf32>
    %175 = tensor.empty() : tensor<2x10xf32>
    %176 = linalg.generic {indexing_maps = [#map9, #map16, #map9], iterator_types = ["parallel", "parallel"]} ins(%171, %174 : tensor<2x10xf32>, tensor<2xf32>) outs(%175 : tensor<2x10xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.subf %in, %in_174 : f32
      %484 = math.exp %483 : f32
      linalg.yield %484 : f32
    } -> tensor<2x10xf32>
    %177 = tensor.empty() : tensor<2xf32>
    %cst_62 = arith.constant 0.000000e+00 : f32
    %178 = linalg.fill ins(%cst_62 : f32) outs(%177 : tensor<2xf32>) -> tensor<2xf32>
    %179 = linalg.generic {indexing_maps = [#map9, #map16], iterator_types = ["parallel", "reduction"]} ins(%176 : tensor<2x10xf32>) outs(%178 : tensor<2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2xf32>
    %180 = tensor.empty() : tensor<2x10xf32>
    %181 = linalg.generic {indexing_maps = [#map9, #map16, #map16, #map9], iterator_types = ["parallel", "parallel"]} ins(%171, %174, %179 : tensor<2x10xf32>, tensor<2xf32>, tensor<2xf32>) outs(%180 : tensor<2x10xf32>) {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %out: f32):
      %483 = arith.subf %in, %in_174 : f32
      %484 = math.log %in_175 : f32
      %485 = arith.subf %483, %484 : f32
      linalg.yield %485 : f32
    } -> tensor<2x10xf32>
    %182 = tensor.empty() : tensor<2xf32>
    %183 = tensor.empty() : tensor<2xf32>
    %184:2 = linalg.generic {indexing_maps = [#map17, #map17, #map17], iterator_types = ["parallel"]} ins(%arg33 : tensor<2xi64>) outs(%182, %183 : tensor<2xf32>, tensor<2xf32>) {
    ^bb0(%in: i64, %out: f32, %out_174: f32):
      %c-100_i64 = arith.constant -100 : i64
      %483 = arith.cmpi ne, %in, %c-100_i64 : i64
      %c0_i64 = arith.constant 0 : i64
      %484 = arith.select %483, %in, %c0_i64 : i64
      %485 = arith.maxsi %484, %c0_i64 : i64
      %c9_i64 = arith.constant 9 : i64
      %486 = arith.minsi %485, %c9_i64 : i64
      %487 = arith.index_cast %486 : i64 to index
      %488 = linalg.index 0 : index
      %extracted = tensor.extract %181[%488, %487] : tensor<2x10xf32>
      %cst_175 = arith.constant 1.000000e+00 : f32
      %cst_176 = arith.constant 0.000000e+00 : f32
      %489 = arith.select %483, %cst_175, %cst_176 : f32
      %490 = arith.mulf %extracted, %489 : f32
      %491 = arith.negf %490 : f32
      linalg.yield %491, %489 : f32, f32
    } -> (tensor<2xf32>, tensor<2xf32>)
    %185 = tensor.empty() : tensor<f32>
    %cst_63 = arith.constant 0.000000e+00 : f32
    %186 = linalg.fill ins(%cst_63 : f32) outs(%185 : tensor<f32>) -> tensor<f32>
    %187 = linalg.generic {indexing_maps = [#map17, #map18], iterator_types = ["reduction"]} ins(%184#1 : tensor<2xf32>) outs(%186 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<f32>
    %188 = tensor.empty() : tensor<f32>
    %cst_64 = arith.constant 0.000000e+00 : f32
    %189 = linalg.fill ins(%cst_64 : f32) outs(%188 : tensor<f32>) -> tensor<f32>
    %190 = linalg.generic {indexing_maps = [#map17, #map18], iterator_types = ["reduction"]} ins(%184#0 : tensor<2xf32>) outs(%189 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<f32>
    %191 = tensor.empty() : tensor<f32>
    %192 = linalg.generic {indexing_maps = [#map19, #map19, #map19], iterator_types = []} ins(%190, %187 : tensor<f32>, tensor<f32>) outs(%191 : tensor<f32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.divf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<f32>
    %193 = tensor.empty() : tensor<2x10xf32>
    %194 = linalg.generic {indexing_maps = [#map16, #map20, #map20, #map9], iterator_types = ["parallel", "parallel"]} ins(%arg33, %arg34, %187 : tensor<2xi64>, tensor<f32>, tensor<f32>) outs(%193 : tensor<2x10xf32>) {
    ^bb0(%in: i64, %in_174: f32, %in_175: f32, %out: f32):
      %483 = linalg.index 1 : index
      %484 = arith.index_cast %483 : index to i64
      %485 = arith.cmpi eq, %484, %in : i64
      %c-100_i64 = arith.constant -100 : i64
      %486 = arith.cmpi ne, %in, %c-100_i64 : i64
      %487 = arith.andi %485, %486 : i1
      %488 = arith.negf %in_174 : f32
      %489 = arith.divf %488, %in_175 : f32
      %cst_176 = arith.constant 0.000000e+00 : f32
      %490 = arith.select %487, %489, %cst_176 : f32
      linalg.yield %490 : f32
    } -> tensor<2x10xf32>
    %195 = tensor.empty() : tensor<2xf32>
    %cst_65 = arith.constant 0.000000e+00 : f32
    %196 = linalg.fill ins(%cst_65 : f32) outs(%195 : tensor<2xf32>) -> tensor<2xf32>
    %197 = linalg.generic {indexing_maps = [#map9, #map16], iterator_types = ["parallel", "reduction"]} ins(%194 : tensor<2x10xf32>) outs(%196 : tensor<2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2xf32>
    %198 = tensor.empty() : tensor<2x10xf32>
    %199 = linalg.generic {indexing_maps = [#map9, #map9, #map16, #map9], iterator_types = ["parallel", "parallel"]} ins(%194, %181, %197 : tensor<2x10xf32>, tensor<2x10xf32>, tensor<2xf32>) outs(%198 : tensor<2x10xf32>) {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %out: f32):
      %483 = math.exp %in_174 : f32
      %484 = arith.mulf %483, %in_175 : f32
      %485 = arith.subf %in, %484 : f32
      linalg.yield %485 : f32
    } -> tensor<2x10xf32>
    %200 = tensor.empty() : tensor<2x32xf32>
    %cst_66 = arith.constant 0.000000e+00 : f32
    %201 = linalg.fill ins(%cst_66 : f32) outs(%200 : tensor<2x32xf32>) -> tensor<2x32xf32>
    %202 = linalg.matmul ins(%199, %arg30 : tensor<2x10xf32>, tensor<10x32xf32>) outs(%201 : tensor<2x32xf32>) -> tensor<2x32xf32>
    %203 = tensor.empty() : tensor<10x32xf32>
    %cst_67 = arith.constant 0.000000e+00 : f32
    %204 = linalg.fill ins(%cst_67 : f32) outs(%203 : tensor<10x32xf32>) -> tensor<10x32xf32>
    %205 = linalg.matmul indexing_maps = [#map21, #map22, #map5] ins(%199, %extracted_slice_60 : tensor<2x10xf32>, tensor<2x32xf32>) outs(%204 : tensor<10x32xf32>) -> tensor<10x32xf32>
    %206 = tensor.empty() : tensor<10xf32>
    %cst_68 = arith.constant 0.000000e+00 : f32
    %207 = linalg.fill ins(%cst_68 : f32) outs(%206 : tensor<10xf32>) -> tensor<10xf32>
    %208 = linalg.generic {indexing_maps = [#map23, #map16], iterator_types = ["parallel", "reduction"]} ins(%199 : tensor<2x10xf32>) outs(%207 : tensor<10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<10xf32>
    %expanded_69 = tensor.expand_shape %202 [[0], [1, 2]] output_shape [2, 1, 32] : tensor<2x32xf32> into tensor<2x1x32xf32>
    %209 = tensor.empty() : tensor<2x17x32xf32>
    %cst_70 = arith.constant 0.000000e+00 : f32
    %210 = linalg.fill ins(%cst_70 : f32) outs(%209 : tensor<2x17x32xf32>) -> tensor<2x17x32xf32>
    %inserted_slice = tensor.insert_slice %expanded_69 into %210[0, 0, 0] [2, 1, 32] [1, 1, 1] : tensor<2x1x32xf32> into tensor<2x17x32xf32>
    %211 = tensor.empty() : tensor<2x17x32xf32>
    %212 = linalg.generic {indexing_maps = [#map3, #map6, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%154, %159, %166 : tensor<2x17x32xf32>, tensor<2x17x1xf32>, tensor<2x17x1xf32>) outs(%211 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %out: f32):
      %483 = arith.subf %in, %in_174 : f32
      %484 = arith.mulf %483, %in_175 : f32
      linalg.yield %484 : f32
    } -> tensor<2x17x32xf32>
    %213 = tensor.empty() : tensor<2x17x32xf32>
    %214 = linalg.generic {indexing_maps = [#map3, #map7, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%inserted_slice, %arg28 : tensor<2x17x32xf32>, tensor<32xf32>) outs(%213 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %215 = tensor.empty() : tensor<2x17xf32>
    %cst_71 = arith.constant 0.000000e+00 : f32
    %216 = linalg.fill ins(%cst_71 : f32) outs(%215 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %217 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%214 : tensor<2x17x32xf32>) outs(%216 : tensor<2x17xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %218 = tensor.empty() : tensor<2x17x32xf32>
    %219 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%214, %212 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%218 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %220 = tensor.empty() : tensor<2x17xf32>
    %cst_72 = arith.constant 0.000000e+00 : f32
    %221 = linalg.fill ins(%cst_72 : f32) outs(%220 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %222 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%219 : tensor<2x17x32xf32>) outs(%221 : tensor<2x17xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %223 = tensor.empty() : tensor<2x17x32xf32>
    %224 = linalg.generic {indexing_maps = [#map3, #map3, #map5, #map5, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%214, %212, %217, %222, %166 : tensor<2x17x32xf32>, tensor<2x17x32xf32>, tensor<2x17xf32>, tensor<2x17xf32>, tensor<2x17x1xf32>) outs(%223 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %in_176: f32, %in_177: f32, %out: f32):
      %cst_178 = arith.constant 3.200000e+01 : f32
      %483 = arith.mulf %cst_178, %in : f32
      %484 = arith.subf %483, %in_175 : f32
      %485 = arith.mulf %in_174, %in_176 : f32
      %486 = arith.subf %484, %485 : f32
      %487 = arith.divf %in_177, %cst_178 : f32
      %488 = arith.mulf %487, %486 : f32
      linalg.yield %488 : f32
    } -> tensor<2x17x32xf32>
    %225 = tensor.empty() : tensor<2x17x32xf32>
    %226 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%inserted_slice, %212 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%225 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %227 = tensor.empty() : tensor<32xf32>
    %cst_73 = arith.constant 0.000000e+00 : f32
    %228 = linalg.fill ins(%cst_73 : f32) outs(%227 : tensor<32xf32>) -> tensor<32xf32>
    %229 = linalg.generic {indexing_maps = [#map24, #map25], iterator_types = ["parallel", "reduction", "reduction"]} ins(%226 : tensor<2x17x32xf32>) outs(%228 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<32xf32>
    %230 = tensor.empty() : tensor<32xf32>
    %cst_74 = arith.constant 0.000000e+00 : f32
    %231 = linalg.fill ins(%cst_74 : f32) outs(%230 : tensor<32xf32>) -> tensor<32xf32>
    %232 = linalg.generic {indexing_maps = [#map24, #map25], iterator_types = ["parallel", "reduction", "reduction"]} ins(%inserted_slice : tensor<2x17x32xf32>) outs(%231 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<32xf32>
    %collapsed_75 = tensor.collapse_shape %224 [[0, 1], [2]] : tensor<2x17x32xf32> into tensor<34x32xf32>
    %233 = tensor.empty() : tensor<34x128xf32>
    %cst_76 = arith.constant 0.000000e+00 : f32
    %234 = linalg.fill ins(%cst_76 : f32) outs(%233 : tensor<34x128xf32>) -> tensor<34x128xf32>
    %235 = linalg.matmul ins(%collapsed_75, %arg26 : tensor<34x32xf32>, tensor<32x128xf32>) outs(%234 : tensor<34x128xf32>) -> tensor<34x128xf32>
    %236 = tensor.empty() : tensor<32x128xf32>
    %cst_77 = arith.constant 0.000000e+00 : f32
    %237 = linalg.fill ins(%cst_77 : f32) outs(%236 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %238 = linalg.matmul indexing_maps = [#map21, #map22, #map5] ins(%collapsed_75, %collapsed_54 : tensor<34x32xf32>, tensor<34x128xf32>) outs(%237 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %239 = tensor.empty() : tensor<32xf32>
    %cst_78 = arith.constant 0.000000e+00 : f32
    %240 = linalg.fill ins(%cst_78 : f32) outs(%239 : tensor<32xf32>) -> tensor<32xf32>
    %241 = linalg.generic {indexing_maps = [#map23, #map16], iterator_types = ["parallel", "reduction"]} ins(%collapsed_75 : tensor<34x32xf32>) outs(%240 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<32xf32>
    %expanded_79 = tensor.expand_shape %235 [[0, 1], [2]] output_shape [2, 17, 128] : tensor<34x128xf32> into tensor<2x17x128xf32>
    %242 = tensor.empty() : tensor<2x17x128xf32>
    %243 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_79, %expanded_53 : tensor<2x17x128xf32>, tensor<2x17x128xf32>) outs(%242 : tensor<2x17x128xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %cst_175 = arith.constant 5.000000e-01 : f32
      %cst_176 = arith.constant 1.000000e+00 : f32
      %cst_177 = arith.constant 0.707106769 : f32
      %483 = arith.mulf %in_174, %cst_177 : f32
      %484 = math.erf %483 : f32
      %485 = arith.addf %cst_176, %484 : f32
      %486 = arith.mulf %cst_175, %485 : f32
      %487 = arith.mulf %in_174, %in_174 : f32
      %cst_178 = arith.constant -5.000000e-01 : f32
      %488 = arith.mulf %487, %cst_178 : f32
      %489 = math.exp %488 : f32
      %cst_179 = arith.constant 0.398942292 : f32
      %490 = arith.mulf %489, %cst_179 : f32
      %491 = arith.mulf %in_174, %490 : f32
      %492 = arith.addf %486, %491 : f32
      %493 = arith.mulf %in, %492 : f32
      linalg.yield %493 : f32
    } -> tensor<2x17x128xf32>
    %collapsed_80 = tensor.collapse_shape %243 [[0, 1], [2]] : tensor<2x17x128xf32> into tensor<34x128xf32>
    %244 = tensor.empty() : tensor<34x32xf32>
    %cst_81 = arith.constant 0.000000e+00 : f32
    %245 = linalg.fill ins(%cst_81 : f32) outs(%244 : tensor<34x32xf32>) -> tensor<34x32xf32>
    %246 = linalg.matmul ins(%collapsed_80, %arg24 : tensor<34x128xf32>, tensor<128x32xf32>) outs(%245 : tensor<34x32xf32>) -> tensor<34x32xf32>
    %247 = tensor.empty() : tensor<128x32xf32>
    %cst_82 = arith.constant 0.000000e+00 : f32
    %248 = linalg.fill ins(%cst_82 : f32) outs(%247 : tensor<128x32xf32>) -> tensor<128x32xf32>
    %249 = linalg.matmul indexing_maps = [#map21, #map22, #map5] ins(%collapsed_80, %collapsed_52 : tensor<34x128xf32>, tensor<34x32xf32>) outs(%248 : tensor<128x32xf32>) -> tensor<128x32xf32>
    %250 = tensor.empty() : tensor<128xf32>
    %cst_83 = arith.constant 0.000000e+00 : f32
    %251 = linalg.fill ins(%cst_83 : f32) outs(%250 : tensor<128xf32>) -> tensor<128xf32>
    %252 = linalg.generic {indexing_maps = [#map23, #map16], iterator_types = ["parallel", "reduction"]} ins(%collapsed_80 : tensor<34x128xf32>) outs(%251 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<128xf32>
    %expanded_84 = tensor.expand_shape %246 [[0, 1], [2]] output_shape [2, 17, 32] : tensor<34x32xf32> into tensor<2x17x32xf32>
    %253 = tensor.empty() : tensor<2x17x32xf32>
    %254 = linalg.generic {indexing_maps = [#map3, #map6, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%130, %135, %142 : tensor<2x17x32xf32>, tensor<2x17x1xf32>, tensor<2x17x1xf32>) outs(%253 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %out: f32):
      %483 = arith.subf %in, %in_174 : f32
      %484 = arith.mulf %483, %in_175 : f32
      linalg.yield %484 : f32
    } -> tensor<2x17x32xf32>
    %255 = tensor.empty() : tensor<2x17x32xf32>
    %256 = linalg.generic {indexing_maps = [#map3, #map7, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_84, %arg22 : tensor<2x17x32xf32>, tensor<32xf32>) outs(%255 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %257 = tensor.empty() : tensor<2x17xf32>
    %cst_85 = arith.constant 0.000000e+00 : f32
    %258 = linalg.fill ins(%cst_85 : f32) outs(%257 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %259 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%256 : tensor<2x17x32xf32>) outs(%258 : tensor<2x17xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %260 = tensor.empty() : tensor<2x17x32xf32>
    %261 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%256, %254 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%260 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %262 = tensor.empty() : tensor<2x17xf32>
    %cst_86 = arith.constant 0.000000e+00 : f32
    %263 = linalg.fill ins(%cst_86 : f32) outs(%262 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %264 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%261 : tensor<2x17x32xf32>) outs(%263 : tensor<2x17xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %265 = tensor.empty() : tensor<2x17x32xf32>
    %266 = linalg.generic {indexing_maps = [#map3, #map3, #map5, #map5, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%256, %254, %259, %264, %142 : tensor<2x17x32xf32>, tensor<2x17x32xf32>, tensor<2x17xf32>, tensor<2x17xf32>, tensor<2x17x1xf32>) outs(%265 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %in_176: f32, %in_177: f32, %out: f32):
      %cst_178 = arith.constant 3.200000e+01 : f32
      %483 = arith.mulf %cst_178, %in : f32
      %484 = arith.subf %483, %in_175 : f32
      %485 = arith.mulf %in_174, %in_176 : f32
      %486 = arith.subf %484, %485 : f32
      %487 = arith.divf %in_177, %cst_178 : f32
      %488 = arith.mulf %487, %486 : f32
      linalg.yield %488 : f32
    } -> tensor<2x17x32xf32>
    %267 = tensor.empty() : tensor<2x17x32xf32>
    %268 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_84, %254 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%267 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %269 = tensor.empty() : tensor<32xf32>
    %cst_87 = arith.constant 0.000000e+00 : f32
    %270 = linalg.fill ins(%cst_87 : f32) outs(%269 : tensor<32xf32>) -> tensor<32xf32>
    %271 = linalg.generic {indexing_maps = [#map24, #map25], iterator_types = ["parallel", "reduction", "reduction"]} ins(%268 : tensor<2x17x32xf32>) outs(%270 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<32xf32>
    %272 = tensor.empty() : tensor<32xf32>
    %cst_88 = arith.constant 0.000000e+00 : f32
    %273 = linalg.fill ins(%cst_88 : f32) outs(%272 : tensor<32xf32>) -> tensor<32xf32>
    %274 = linalg.generic {indexing_maps = [#map24, #map25], iterator_types = ["parallel", "reduction", "reduction"]} ins(%expanded_84 : tensor<2x17x32xf32>) outs(%273 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<32xf32>
    %275 = tensor.empty() : tensor<2x17x32xf32>
    %276 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%224, %266 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%275 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.addf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %277 = tensor.empty() : tensor<2x17x32xf32>
    %278 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%276, %126 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%277 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %collapsed_89 = tensor.collapse_shape %278 [[0, 1], [2]] : tensor<2x17x32xf32> into tensor<34x32xf32>
    %279 = tensor.empty() : tensor<34x32xf32>
    %cst_90 = arith.constant 0.000000e+00 : f32
    %280 = linalg.fill ins(%cst_90 : f32) outs(%279 : tensor<34x32xf32>) -> tensor<34x32xf32>
    %281 = linalg.matmul ins(%collapsed_89, %arg20 : tensor<34x32xf32>, tensor<32x32xf32>) outs(%280 : tensor<34x32xf32>) -> tensor<34x32xf32>
    %282 = tensor.empty() : tensor<32x32xf32>
    %cst_91 = arith.constant 0.000000e+00 : f32
    %283 = linalg.fill ins(%cst_91 : f32) outs(%282 : tensor<32x32xf32>) -> tensor<32x32xf32>
    %284 = linalg.matmul indexing_maps = [#map21, #map22, #map5] ins(%collapsed_89, %collapsed_46 : tensor<34x32xf32>, tensor<34x32xf32>) outs(%283 : tensor<32x32xf32>) -> tensor<32x32xf32>
    %285 = tensor.empty() : tensor<32xf32>
    %cst_92 = arith.constant 0.000000e+00 : f32
    %286 = linalg.fill ins(%cst_92 : f32) outs(%285 : tensor<32xf32>) -> tensor<32xf32>
    %287 = linalg.generic {indexing_maps = [#map23, #map16], iterator_types = ["parallel", "reduction"]} ins(%collapsed_89 : tensor<34x32xf32>) outs(%286 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<32xf32>
    %expanded_93 = tensor.expand_shape %281 [[0, 1], [2]] output_shape [2, 17, 32] : tensor<34x32xf32> into tensor<2x17x32xf32>
    %expanded_94 = tensor.expand_shape %expanded_93 [[0], [1], [2, 3]] output_shape [2, 17, 4, 8] : tensor<2x17x32xf32> into tensor<2x17x4x8xf32>
    %288 = tensor.empty() : tensor<2x4x17x8xf32>
    %289 = linalg.generic {indexing_maps = [#map15, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_94 : tensor<2x17x4x8xf32>) outs(%288 : tensor<2x4x17x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x17x8xf32>
    %collapsed_95 = tensor.collapse_shape %289 [[0, 1], [2], [3]] : tensor<2x4x17x8xf32> into tensor<8x17x8xf32>
    %290 = tensor.empty() : tensor<8x17x8xf32>
    %cst_96 = arith.constant 0.000000e+00 : f32
    %291 = linalg.fill ins(%cst_96 : f32) outs(%290 : tensor<8x17x8xf32>) -> tensor<8x17x8xf32>
    %292 = linalg.batch_matmul indexing_maps = [#map26, #map27, #map28] ins(%collapsed_41, %collapsed_95 : tensor<8x17x17xf32>, tensor<8x17x8xf32>) outs(%291 : tensor<8x17x8xf32>) -> tensor<8x17x8xf32>
    %293 = tensor.empty() : tensor<8x17x17xf32>
    %cst_97 = arith.constant 0.000000e+00 : f32
    %294 = linalg.fill ins(%cst_97 : f32) outs(%293 : tensor<8x17x17xf32>) -> tensor<8x17x17xf32>
    %295 = linalg.batch_matmul indexing_maps = [#map29, #map30, #map28] ins(%collapsed_95, %collapsed_42 : tensor<8x17x8xf32>, tensor<8x17x8xf32>) outs(%294 : tensor<8x17x17xf32>) -> tensor<8x17x17xf32>
    %expanded_98 = tensor.expand_shape %292 [[0, 1], [2], [3]] output_shape [2, 4, 17, 8] : tensor<8x17x8xf32> into tensor<2x4x17x8xf32>
    %expanded_99 = tensor.expand_shape %295 [[0, 1], [2], [3]] output_shape [2, 4, 17, 17] : tensor<8x17x17xf32> into tensor<2x4x17x17xf32>
    %296 = tensor.empty() : tensor<2x4x17x17xf32>
    %297 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_99, %116 : tensor<2x4x17x17xf32>, tensor<2x4x17x17xf32>) outs(%296 : tensor<2x4x17x17xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x4x17x17xf32>
    %298 = tensor.empty() : tensor<2x4x17xf32>
    %cst_100 = arith.constant 0.000000e+00 : f32
    %299 = linalg.fill ins(%cst_100 : f32) outs(%298 : tensor<2x4x17xf32>) -> tensor<2x4x17xf32>
    %300 = linalg.generic {indexing_maps = [#map, #map28], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%297 : tensor<2x4x17x17xf32>) outs(%299 : tensor<2x4x17xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x4x17xf32>
    %301 = tensor.empty() : tensor<2x4x17x17xf32>
    %302 = linalg.generic {indexing_maps = [#map, #map, #map28, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%116, %expanded_99, %300 : tensor<2x4x17x17xf32>, tensor<2x4x17x17xf32>, tensor<2x4x17xf32>) outs(%301 : tensor<2x4x17x17xf32>) {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %out: f32):
      %483 = arith.subf %in_174, %in_175 : f32
      %484 = arith.mulf %in, %483 : f32
      linalg.yield %484 : f32
    } -> tensor<2x4x17x17xf32>
    %303 = tensor.empty() : tensor<2x4x17x17xf32>
    %304 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%302 : tensor<2x4x17x17xf32>) outs(%303 : tensor<2x4x17x17xf32>) {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 0.353553385 : f32
      %483 = arith.mulf %in, %cst_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x4x17x17xf32>
    %collapsed_101 = tensor.collapse_shape %304 [[0, 1], [2], [3]] : tensor<2x4x17x17xf32> into tensor<8x17x17xf32>
    %305 = tensor.empty() : tensor<8x8x17xf32>
    %cst_102 = arith.constant 0.000000e+00 : f32
    %306 = linalg.fill ins(%cst_102 : f32) outs(%305 : tensor<8x8x17xf32>) -> tensor<8x8x17xf32>
    %307 = linalg.batch_matmul indexing_maps = [#map26, #map27, #map28] ins(%collapsed_37, %collapsed_101 : tensor<8x17x8xf32>, tensor<8x17x17xf32>) outs(%306 : tensor<8x8x17xf32>) -> tensor<8x8x17xf32>
    %308 = tensor.empty() : tensor<8x17x8xf32>
    %cst_103 = arith.constant 0.000000e+00 : f32
    %309 = linalg.fill ins(%cst_103 : f32) outs(%308 : tensor<8x17x8xf32>) -> tensor<8x17x8xf32>
    %310 = linalg.batch_matmul indexing_maps = [#map29, #map30, #map28] ins(%collapsed_101, %collapsed_38 : tensor<8x17x17xf32>, tensor<8x8x17xf32>) outs(%309 : tensor<8x17x8xf32>) -> tensor<8x17x8xf32>
    %expanded_104 = tensor.expand_shape %307 [[0, 1], [2], [3]] output_shape [2, 4, 8, 17] : tensor<8x8x17xf32> into tensor<2x4x8x17xf32>
    %expanded_105 = tensor.expand_shape %310 [[0, 1], [2], [3]] output_shape [2, 4, 17, 8] : tensor<8x17x8xf32> into tensor<2x4x17x8xf32>
    %expanded_106 = tensor.expand_shape %expanded_105 [[0, 1], [2], [3], [4]] output_shape [1, 2, 4, 17, 8] : tensor<2x4x17x8xf32> into tensor<1x2x4x17x8xf32>
    %311 = tensor.empty() : tensor<2x4x17x8xf32>
    %312 = linalg.generic {indexing_maps = [#map14, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_104 : tensor<2x4x8x17xf32>) outs(%311 : tensor<2x4x17x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x17x8xf32>
    %expanded_107 = tensor.expand_shape %312 [[0, 1], [2], [3], [4]] output_shape [1, 2, 4, 17, 8] : tensor<2x4x17x8xf32> into tensor<1x2x4x17x8xf32>
    %expanded_108 = tensor.expand_shape %expanded_98 [[0, 1], [2], [3], [4]] output_shape [1, 2, 4, 17, 8] : tensor<2x4x17x8xf32> into tensor<1x2x4x17x8xf32>
    %concat_109 = tensor.concat dim(0) %expanded_106, %expanded_107, %expanded_108 : (tensor<1x2x4x17x8xf32>, tensor<1x2x4x17x8xf32>, tensor<1x2x4x17x8xf32>) -> tensor<3x2x4x17x8xf32>
    %313 = tensor.empty() : tensor<2x17x3x4x8xf32>
    %314 = linalg.generic {indexing_maps = [#map31, #map13], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%concat_109 : tensor<3x2x4x17x8xf32>) outs(%313 : tensor<2x17x3x4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x17x3x4x8xf32>
    %collapsed_110 = tensor.collapse_shape %314 [[0], [1], [2, 3, 4]] : tensor<2x17x3x4x8xf32> into tensor<2x17x96xf32>
    %collapsed_111 = tensor.collapse_shape %collapsed_110 [[0, 1], [2]] : tensor<2x17x96xf32> into tensor<34x96xf32>
    %315 = tensor.empty() : tensor<34x32xf32>
    %cst_112 = arith.constant 0.000000e+00 : f32
    %316 = linalg.fill ins(%cst_112 : f32) outs(%315 : tensor<34x32xf32>) -> tensor<34x32xf32>
    %317 = linalg.matmul ins(%collapsed_111, %arg18 : tensor<34x96xf32>, tensor<96x32xf32>) outs(%316 : tensor<34x32xf32>) -> tensor<34x32xf32>
    %318 = tensor.empty() : tensor<96x32xf32>
    %cst_113 = arith.constant 0.000000e+00 : f32
    %319 = linalg.fill ins(%cst_113 : f32) outs(%318 : tensor<96x32xf32>) -> tensor<96x32xf32>
    %320 = linalg.matmul indexing_maps = [#map21, #map22, #map5] ins(%collapsed_111, %collapsed_31 : tensor<34x96xf32>, tensor<34x32xf32>) outs(%319 : tensor<96x32xf32>) -> tensor<96x32xf32>
    %321 = tensor.empty() : tensor<96xf32>
    %cst_114 = arith.constant 0.000000e+00 : f32
    %322 = linalg.fill ins(%cst_114 : f32) outs(%321 : tensor<96xf32>) -> tensor<96xf32>
    %323 = linalg.generic {indexing_maps = [#map23, #map16], iterator_types = ["parallel", "reduction"]} ins(%collapsed_111 : tensor<34x96xf32>) outs(%322 : tensor<96xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<96xf32>
    %expanded_115 = tensor.expand_shape %317 [[0, 1], [2]] output_shape [2, 17, 32] : tensor<34x32xf32> into tensor<2x17x32xf32>
    %324 = tensor.empty() : tensor<2x17x32xf32>
    %325 = linalg.generic {indexing_maps = [#map3, #map6, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84, %89, %96 : tensor<2x17x32xf32>, tensor<2x17x1xf32>, tensor<2x17x1xf32>) outs(%324 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %out: f32):
      %483 = arith.subf %in, %in_174 : f32
      %484 = arith.mulf %483, %in_175 : f32
      linalg.yield %484 : f32
    } -> tensor<2x17x32xf32>
    %326 = tensor.empty() : tensor<2x17x32xf32>
    %327 = linalg.generic {indexing_maps = [#map3, #map7, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_115, %arg16 : tensor<2x17x32xf32>, tensor<32xf32>) outs(%326 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %328 = tensor.empty() : tensor<2x17xf32>
    %cst_116 = arith.constant 0.000000e+00 : f32
    %329 = linalg.fill ins(%cst_116 : f32) outs(%328 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %330 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%327 : tensor<2x17x32xf32>) outs(%329 : tensor<2x17xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %331 = tensor.empty() : tensor<2x17x32xf32>
    %332 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%327, %325 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%331 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %333 = tensor.empty() : tensor<2x17xf32>
    %cst_117 = arith.constant 0.000000e+00 : f32
    %334 = linalg.fill ins(%cst_117 : f32) outs(%333 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %335 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%332 : tensor<2x17x32xf32>) outs(%334 : tensor<2x17xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %336 = tensor.empty() : tensor<2x17x32xf32>
    %337 = linalg.generic {indexing_maps = [#map3, #map3, #map5, #map5, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%327, %325, %330, %335, %96 : tensor<2x17x32xf32>, tensor<2x17x32xf32>, tensor<2x17xf32>, tensor<2x17xf32>, tensor<2x17x1xf32>) outs(%336 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %in_176: f32, %in_177: f32, %out: f32):
      %cst_178 = arith.constant 3.200000e+01 : f32
      %483 = arith.mulf %cst_178, %in : f32
      %484 = arith.subf %483, %in_175 : f32
      %485 = arith.mulf %in_174, %in_176 : f32
      %486 = arith.subf %484, %485 : f32
      %487 = arith.divf %in_177, %cst_178 : f32
      %488 = arith.mulf %487, %486 : f32
      linalg.yield %488 : f32
    } -> tensor<2x17x32xf32>
    %338 = tensor.empty() : tensor<2x17x32xf32>
    %339 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_115, %325 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%338 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %340 = tensor.empty() : tensor<32xf32>
    %cst_118 = arith.constant 0.000000e+00 : f32
    %341 = linalg.fill ins(%cst_118 : f32) outs(%340 : tensor<32xf32>) -> tensor<32xf32>
    %342 = linalg.generic {indexing_maps = [#map24, #map25], iterator_types = ["parallel", "reduction", "reduction"]} ins(%339 : tensor<2x17x32xf32>) outs(%341 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<32xf32>
    %343 = tensor.empty() : tensor<32xf32>
    %cst_119 = arith.constant 0.000000e+00 : f32
    %344 = linalg.fill ins(%cst_119 : f32) outs(%343 : tensor<32xf32>) -> tensor<32xf32>
    %345 = linalg.generic {indexing_maps = [#map24, #map25], iterator_types = ["parallel", "reduction", "reduction"]} ins(%expanded_115 : tensor<2x17x32xf32>) outs(%344 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<32xf32>
    %346 = tensor.empty() : tensor<2x17x32xf32>
    %347 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%276, %337 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%346 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.addf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %collapsed_120 = tensor.collapse_shape %347 [[0, 1], [2]] : tensor<2x17x32xf32> into tensor<34x32xf32>
    %348 = tensor.empty() : tensor<34x128xf32>
    %cst_121 = arith.constant 0.000000e+00 : f32
    %349 = linalg.fill ins(%cst_121 : f32) outs(%348 : tensor<34x128xf32>) -> tensor<34x128xf32>
    %350 = linalg.matmul ins(%collapsed_120, %arg14 : tensor<34x32xf32>, tensor<32x128xf32>) outs(%349 : tensor<34x128xf32>) -> tensor<34x128xf32>
    %351 = tensor.empty() : tensor<32x128xf32>
    %cst_122 = arith.constant 0.000000e+00 : f32
    %352 = linalg.fill ins(%cst_122 : f32) outs(%351 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %353 = linalg.matmul indexing_maps = [#map21, #map22, #map5] ins(%collapsed_120, %collapsed_25 : tensor<34x32xf32>, tensor<34x128xf32>) outs(%352 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %354 = tensor.empty() : tensor<32xf32>
    %cst_123 = arith.constant 0.000000e+00 : f32
    %355 = linalg.fill ins(%cst_123 : f32) outs(%354 : tensor<32xf32>) -> tensor<32xf32>
    %356 = linalg.generic {indexing_maps = [#map23, #map16], iterator_types = ["parallel", "reduction"]} ins(%collapsed_120 : tensor<34x32xf32>) outs(%355 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<32xf32>
    %expanded_124 = tensor.expand_shape %350 [[0, 1], [2]] output_shape [2, 17, 128] : tensor<34x128xf32> into tensor<2x17x128xf32>
    %357 = tensor.empty() : tensor<2x17x128xf32>
    %358 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_124, %expanded_24 : tensor<2x17x128xf32>, tensor<2x17x128xf32>) outs(%357 : tensor<2x17x128xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %cst_175 = arith.constant 5.000000e-01 : f32
      %cst_176 = arith.constant 1.000000e+00 : f32
      %cst_177 = arith.constant 0.707106769 : f32
      %483 = arith.mulf %in_174, %cst_177 : f32
      %484 = math.erf %483 : f32
      %485 = arith.addf %cst_176, %484 : f32
      %486 = arith.mulf %cst_175, %485 : f32
      %487 = arith.mulf %in_174, %in_174 : f32
      %cst_178 = arith.constant -5.000000e-01 : f32
      %488 = arith.mulf %487, %cst_178 : f32
      %489 = math.exp %488 : f32
      %cst_179 = arith.constant 0.398942292 : f32
      %490 = arith.mulf %489, %cst_179 : f32
      %491 = arith.mulf %in_174, %490 : f32
      %492 = arith.addf %486, %491 : f32
      %493 = arith.mulf %in, %492 : f32
      linalg.yield %493 : f32
    } -> tensor<2x17x128xf32>
    %collapsed_125 = tensor.collapse_shape %358 [[0, 1], [2]] : tensor<2x17x128xf32> into tensor<34x128xf32>
    %359 = tensor.empty() : tensor<34x32xf32>
    %cst_126 = arith.constant 0.000000e+00 : f32
    %360 = linalg.fill ins(%cst_126 : f32) outs(%359 : tensor<34x32xf32>) -> tensor<34x32xf32>
    %361 = linalg.matmul ins(%collapsed_125, %arg12 : tensor<34x128xf32>, tensor<128x32xf32>) outs(%360 : tensor<34x32xf32>) -> tensor<34x32xf32>
    %362 = tensor.empty() : tensor<128x32xf32>
    %cst_127 = arith.constant 0.000000e+00 : f32
    %363 = linalg.fill ins(%cst_127 : f32) outs(%362 : tensor<128x32xf32>) -> tensor<128x32xf32>
    %364 = linalg.matmul indexing_maps = [#map21, #map22, #map5] ins(%collapsed_125, %collapsed_23 : tensor<34x128xf32>, tensor<34x32xf32>) outs(%363 : tensor<128x32xf32>) -> tensor<128x32xf32>
    %365 = tensor.empty() : tensor<128xf32>
    %cst_128 = arith.constant 0.000000e+00 : f32
    %366 = linalg.fill ins(%cst_128 : f32) outs(%365 : tensor<128xf32>) -> tensor<128xf32>
    %367 = linalg.generic {indexing_maps = [#map23, #map16], iterator_types = ["parallel", "reduction"]} ins(%collapsed_125 : tensor<34x128xf32>) outs(%366 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<128xf32>
    %expanded_129 = tensor.expand_shape %361 [[0, 1], [2]] output_shape [2, 17, 32] : tensor<34x32xf32> into tensor<2x17x32xf32>
    %368 = tensor.empty() : tensor<2x17x32xf32>
    %369 = linalg.generic {indexing_maps = [#map3, #map6, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60, %65, %72 : tensor<2x17x32xf32>, tensor<2x17x1xf32>, tensor<2x17x1xf32>) outs(%368 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %out: f32):
      %483 = arith.subf %in, %in_174 : f32
      %484 = arith.mulf %483, %in_175 : f32
      linalg.yield %484 : f32
    } -> tensor<2x17x32xf32>
    %370 = tensor.empty() : tensor<2x17x32xf32>
    %371 = linalg.generic {indexing_maps = [#map3, #map7, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_129, %arg10 : tensor<2x17x32xf32>, tensor<32xf32>) outs(%370 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %372 = tensor.empty() : tensor<2x17xf32>
    %cst_130 = arith.constant 0.000000e+00 : f32
    %373 = linalg.fill ins(%cst_130 : f32) outs(%372 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %374 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%371 : tensor<2x17x32xf32>) outs(%373 : tensor<2x17xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %375 = tensor.empty() : tensor<2x17x32xf32>
    %376 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%371, %369 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%375 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %377 = tensor.empty() : tensor<2x17xf32>
    %cst_131 = arith.constant 0.000000e+00 : f32
    %378 = linalg.fill ins(%cst_131 : f32) outs(%377 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %379 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%376 : tensor<2x17x32xf32>) outs(%378 : tensor<2x17xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %380 = tensor.empty() : tensor<2x17x32xf32>
    %381 = linalg.generic {indexing_maps = [#map3, #map3, #map5, #map5, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%371, %369, %374, %379, %72 : tensor<2x17x32xf32>, tensor<2x17x32xf32>, tensor<2x17xf32>, tensor<2x17xf32>, tensor<2x17x1xf32>) outs(%380 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %in_176: f32, %in_177: f32, %out: f32):
      %cst_178 = arith.constant 3.200000e+01 : f32
      %483 = arith.mulf %cst_178, %in : f32
      %484 = arith.subf %483, %in_175 : f32
      %485 = arith.mulf %in_174, %in_176 : f32
      %486 = arith.subf %484, %485 : f32
      %487 = arith.divf %in_177, %cst_178 : f32
      %488 = arith.mulf %487, %486 : f32
      linalg.yield %488 : f32
    } -> tensor<2x17x32xf32>
    %382 = tensor.empty() : tensor<2x17x32xf32>
    %383 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_129, %369 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%382 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %384 = tensor.empty() : tensor<32xf32>
    %cst_132 = arith.constant 0.000000e+00 : f32
    %385 = linalg.fill ins(%cst_132 : f32) outs(%384 : tensor<32xf32>) -> tensor<32xf32>
    %386 = linalg.generic {indexing_maps = [#map24, #map25], iterator_types = ["parallel", "reduction", "reduction"]} ins(%383 : tensor<2x17x32xf32>) outs(%385 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<32xf32>
    %387 = tensor.empty() : tensor<32xf32>
    %cst_133 = arith.constant 0.000000e+00 : f32
    %388 = linalg.fill ins(%cst_133 : f32) outs(%387 : tensor<32xf32>) -> tensor<32xf32>
    %389 = linalg.generic {indexing_maps = [#map24, #map25], iterator_types = ["parallel", "reduction", "reduction"]} ins(%expanded_129 : tensor<2x17x32xf32>) outs(%388 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<32xf32>
    %390 = tensor.empty() : tensor<2x17x32xf32>
    %391 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%347, %381 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%390 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.addf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %392 = tensor.empty() : tensor<2x17x32xf32>
    %393 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%391, %56 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%392 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %collapsed_134 = tensor.collapse_shape %393 [[0, 1], [2]] : tensor<2x17x32xf32> into tensor<34x32xf32>
    %394 = tensor.empty() : tensor<34x32xf32>
    %cst_135 = arith.constant 0.000000e+00 : f32
    %395 = linalg.fill ins(%cst_135 : f32) outs(%394 : tensor<34x32xf32>) -> tensor<34x32xf32>
    %396 = linalg.matmul ins(%collapsed_134, %arg8 : tensor<34x32xf32>, tensor<32x32xf32>) outs(%395 : tensor<34x32xf32>) -> tensor<34x32xf32>
    %397 = tensor.empty() : tensor<32x32xf32>
    %cst_136 = arith.constant 0.000000e+00 : f32
    %398 = linalg.fill ins(%cst_136 : f32) outs(%397 : tensor<32x32xf32>) -> tensor<32x32xf32>
    %399 = linalg.matmul indexing_maps = [#map21, #map22, #map5] ins(%collapsed_134, %collapsed_17 : tensor<34x32xf32>, tensor<34x32xf32>) outs(%398 : tensor<32x32xf32>) -> tensor<32x32xf32>
    %400 = tensor.empty() : tensor<32xf32>
    %cst_137 = arith.constant 0.000000e+00 : f32
    %401 = linalg.fill ins(%cst_137 : f32) outs(%400 : tensor<32xf32>) -> tensor<32xf32>
    %402 = linalg.generic {indexing_maps = [#map23, #map16], iterator_types = ["parallel", "reduction"]} ins(%collapsed_134 : tensor<34x32xf32>) outs(%401 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<32xf32>
    %expanded_138 = tensor.expand_shape %396 [[0, 1], [2]] output_shape [2, 17, 32] : tensor<34x32xf32> into tensor<2x17x32xf32>
    %expanded_139 = tensor.expand_shape %expanded_138 [[0], [1], [2, 3]] output_shape [2, 17, 4, 8] : tensor<2x17x32xf32> into tensor<2x17x4x8xf32>
    %403 = tensor.empty() : tensor<2x4x17x8xf32>
    %404 = linalg.generic {indexing_maps = [#map15, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_139 : tensor<2x17x4x8xf32>) outs(%403 : tensor<2x4x17x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x17x8xf32>
    %collapsed_140 = tensor.collapse_shape %404 [[0, 1], [2], [3]] : tensor<2x4x17x8xf32> into tensor<8x17x8xf32>
    %405 = tensor.empty() : tensor<8x17x8xf32>
    %cst_141 = arith.constant 0.000000e+00 : f32
    %406 = linalg.fill ins(%cst_141 : f32) outs(%405 : tensor<8x17x8xf32>) -> tensor<8x17x8xf32>
    %407 = linalg.batch_matmul indexing_maps = [#map26, #map27, #map28] ins(%collapsed_12, %collapsed_140 : tensor<8x17x17xf32>, tensor<8x17x8xf32>) outs(%406 : tensor<8x17x8xf32>) -> tensor<8x17x8xf32>
    %408 = tensor.empty() : tensor<8x17x17xf32>
    %cst_142 = arith.constant 0.000000e+00 : f32
    %409 = linalg.fill ins(%cst_142 : f32) outs(%408 : tensor<8x17x17xf32>) -> tensor<8x17x17xf32>
    %410 = linalg.batch_matmul indexing_maps = [#map29, #map30, #map28] ins(%collapsed_140, %collapsed_13 : tensor<8x17x8xf32>, tensor<8x17x8xf32>) outs(%409 : tensor<8x17x17xf32>) -> tensor<8x17x17xf32>
    %expanded_143 = tensor.expand_shape %407 [[0, 1], [2], [3]] output_shape [2, 4, 17, 8] : tensor<8x17x8xf32> into tensor<2x4x17x8xf32>
    %expanded_144 = tensor.expand_shape %410 [[0, 1], [2], [3]] output_shape [2, 4, 17, 17] : tensor<8x17x17xf32> into tensor<2x4x17x17xf32>
    %411 = tensor.empty() : tensor<2x4x17x17xf32>
    %412 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_144, %46 : tensor<2x4x17x17xf32>, tensor<2x4x17x17xf32>) outs(%411 : tensor<2x4x17x17xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x4x17x17xf32>
    %413 = tensor.empty() : tensor<2x4x17xf32>
    %cst_145 = arith.constant 0.000000e+00 : f32
    %414 = linalg.fill ins(%cst_145 : f32) outs(%413 : tensor<2x4x17xf32>) -> tensor<2x4x17xf32>
    %415 = linalg.generic {indexing_maps = [#map, #map28], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%412 : tensor<2x4x17x17xf32>) outs(%414 : tensor<2x4x17xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x4x17xf32>
    %416 = tensor.empty() : tensor<2x4x17x17xf32>
    %417 = linalg.generic {indexing_maps = [#map, #map, #map28, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46, %expanded_144, %415 : tensor<2x4x17x17xf32>, tensor<2x4x17x17xf32>, tensor<2x4x17xf32>) outs(%416 : tensor<2x4x17x17xf32>) {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %out: f32):
      %483 = arith.subf %in_174, %in_175 : f32
      %484 = arith.mulf %in, %483 : f32
      linalg.yield %484 : f32
    } -> tensor<2x4x17x17xf32>
    %418 = tensor.empty() : tensor<2x4x17x17xf32>
    %419 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%417 : tensor<2x4x17x17xf32>) outs(%418 : tensor<2x4x17x17xf32>) {
    ^bb0(%in: f32, %out: f32):
      %cst_174 = arith.constant 0.353553385 : f32
      %483 = arith.mulf %in, %cst_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x4x17x17xf32>
    %collapsed_146 = tensor.collapse_shape %419 [[0, 1], [2], [3]] : tensor<2x4x17x17xf32> into tensor<8x17x17xf32>
    %420 = tensor.empty() : tensor<8x8x17xf32>
    %cst_147 = arith.constant 0.000000e+00 : f32
    %421 = linalg.fill ins(%cst_147 : f32) outs(%420 : tensor<8x8x17xf32>) -> tensor<8x8x17xf32>
    %422 = linalg.batch_matmul indexing_maps = [#map26, #map27, #map28] ins(%collapsed_8, %collapsed_146 : tensor<8x17x8xf32>, tensor<8x17x17xf32>) outs(%421 : tensor<8x8x17xf32>) -> tensor<8x8x17xf32>
    %423 = tensor.empty() : tensor<8x17x8xf32>
    %cst_148 = arith.constant 0.000000e+00 : f32
    %424 = linalg.fill ins(%cst_148 : f32) outs(%423 : tensor<8x17x8xf32>) -> tensor<8x17x8xf32>
    %425 = linalg.batch_matmul indexing_maps = [#map29, #map30, #map28] ins(%collapsed_146, %collapsed_9 : tensor<8x17x17xf32>, tensor<8x8x17xf32>) outs(%424 : tensor<8x17x8xf32>) -> tensor<8x17x8xf32>
    %expanded_149 = tensor.expand_shape %422 [[0, 1], [2], [3]] output_shape [2, 4, 8, 17] : tensor<8x8x17xf32> into tensor<2x4x8x17xf32>
    %expanded_150 = tensor.expand_shape %425 [[0, 1], [2], [3]] output_shape [2, 4, 17, 8] : tensor<8x17x8xf32> into tensor<2x4x17x8xf32>
    %expanded_151 = tensor.expand_shape %expanded_150 [[0, 1], [2], [3], [4]] output_shape [1, 2, 4, 17, 8] : tensor<2x4x17x8xf32> into tensor<1x2x4x17x8xf32>
    %426 = tensor.empty() : tensor<2x4x17x8xf32>
    %427 = linalg.generic {indexing_maps = [#map14, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_149 : tensor<2x4x8x17xf32>) outs(%426 : tensor<2x4x17x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x17x8xf32>
    %expanded_152 = tensor.expand_shape %427 [[0, 1], [2], [3], [4]] output_shape [1, 2, 4, 17, 8] : tensor<2x4x17x8xf32> into tensor<1x2x4x17x8xf32>
    %expanded_153 = tensor.expand_shape %expanded_143 [[0, 1], [2], [3], [4]] output_shape [1, 2, 4, 17, 8] : tensor<2x4x17x8xf32> into tensor<1x2x4x17x8xf32>
    %concat_154 = tensor.concat dim(0) %expanded_151, %expanded_152, %expanded_153 : (tensor<1x2x4x17x8xf32>, tensor<1x2x4x17x8xf32>, tensor<1x2x4x17x8xf32>) -> tensor<3x2x4x17x8xf32>
    %428 = tensor.empty() : tensor<2x17x3x4x8xf32>
    %429 = linalg.generic {indexing_maps = [#map31, #map13], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%concat_154 : tensor<3x2x4x17x8xf32>) outs(%428 : tensor<2x17x3x4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x17x3x4x8xf32>
    %collapsed_155 = tensor.collapse_shape %429 [[0], [1], [2, 3, 4]] : tensor<2x17x3x4x8xf32> into tensor<2x17x96xf32>
    %collapsed_156 = tensor.collapse_shape %collapsed_155 [[0, 1], [2]] : tensor<2x17x96xf32> into tensor<34x96xf32>
    %430 = tensor.empty() : tensor<34x32xf32>
    %cst_157 = arith.constant 0.000000e+00 : f32
    %431 = linalg.fill ins(%cst_157 : f32) outs(%430 : tensor<34x32xf32>) -> tensor<34x32xf32>
    %432 = linalg.matmul ins(%collapsed_156, %arg6 : tensor<34x96xf32>, tensor<96x32xf32>) outs(%431 : tensor<34x32xf32>) -> tensor<34x32xf32>
    %433 = tensor.empty() : tensor<96x32xf32>
    %cst_158 = arith.constant 0.000000e+00 : f32
    %434 = linalg.fill ins(%cst_158 : f32) outs(%433 : tensor<96x32xf32>) -> tensor<96x32xf32>
    %435 = linalg.matmul indexing_maps = [#map21, #map22, #map5] ins(%collapsed_156, %collapsed_3 : tensor<34x96xf32>, tensor<34x32xf32>) outs(%434 : tensor<96x32xf32>) -> tensor<96x32xf32>
    %436 = tensor.empty() : tensor<96xf32>
    %cst_159 = arith.constant 0.000000e+00 : f32
    %437 = linalg.fill ins(%cst_159 : f32) outs(%436 : tensor<96xf32>) -> tensor<96xf32>
    %438 = linalg.generic {indexing_maps = [#map23, #map16], iterator_types = ["parallel", "reduction"]} ins(%collapsed_156 : tensor<34x96xf32>) outs(%437 : tensor<96xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<96xf32>
    %expanded_160 = tensor.expand_shape %432 [[0, 1], [2]] output_shape [2, 17, 32] : tensor<34x32xf32> into tensor<2x17x32xf32>
    %439 = tensor.empty() : tensor<2x17x32xf32>
    %440 = linalg.generic {indexing_maps = [#map3, #map6, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14, %19, %26 : tensor<2x17x32xf32>, tensor<2x17x1xf32>, tensor<2x17x1xf32>) outs(%439 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %out: f32):
      %483 = arith.subf %in, %in_174 : f32
      %484 = arith.mulf %483, %in_175 : f32
      linalg.yield %484 : f32
    } -> tensor<2x17x32xf32>
    %441 = tensor.empty() : tensor<2x17x32xf32>
    %442 = linalg.generic {indexing_maps = [#map3, #map7, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_160, %arg4 : tensor<2x17x32xf32>, tensor<32xf32>) outs(%441 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %443 = tensor.empty() : tensor<2x17xf32>
    %cst_161 = arith.constant 0.000000e+00 : f32
    %444 = linalg.fill ins(%cst_161 : f32) outs(%443 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %445 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%442 : tensor<2x17x32xf32>) outs(%444 : tensor<2x17xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %446 = tensor.empty() : tensor<2x17x32xf32>
    %447 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%442, %440 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%446 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %448 = tensor.empty() : tensor<2x17xf32>
    %cst_162 = arith.constant 0.000000e+00 : f32
    %449 = linalg.fill ins(%cst_162 : f32) outs(%448 : tensor<2x17xf32>) -> tensor<2x17xf32>
    %450 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%447 : tensor<2x17x32xf32>) outs(%449 : tensor<2x17xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<2x17xf32>
    %451 = tensor.empty() : tensor<2x17x32xf32>
    %452 = linalg.generic {indexing_maps = [#map3, #map3, #map5, #map5, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%442, %440, %445, %450, %26 : tensor<2x17x32xf32>, tensor<2x17x32xf32>, tensor<2x17xf32>, tensor<2x17xf32>, tensor<2x17x1xf32>) outs(%451 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %in_175: f32, %in_176: f32, %in_177: f32, %out: f32):
      %cst_178 = arith.constant 3.200000e+01 : f32
      %483 = arith.mulf %cst_178, %in : f32
      %484 = arith.subf %483, %in_175 : f32
      %485 = arith.mulf %in_174, %in_176 : f32
      %486 = arith.subf %484, %485 : f32
      %487 = arith.divf %in_177, %cst_178 : f32
      %488 = arith.mulf %487, %486 : f32
      linalg.yield %488 : f32
    } -> tensor<2x17x32xf32>
    %453 = tensor.empty() : tensor<2x17x32xf32>
    %454 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_160, %440 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%453 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %455 = tensor.empty() : tensor<32xf32>
    %cst_163 = arith.constant 0.000000e+00 : f32
    %456 = linalg.fill ins(%cst_163 : f32) outs(%455 : tensor<32xf32>) -> tensor<32xf32>
    %457 = linalg.generic {indexing_maps = [#map24, #map25], iterator_types = ["parallel", "reduction", "reduction"]} ins(%454 : tensor<2x17x32xf32>) outs(%456 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<32xf32>
    %458 = tensor.empty() : tensor<32xf32>
    %cst_164 = arith.constant 0.000000e+00 : f32
    %459 = linalg.fill ins(%cst_164 : f32) outs(%458 : tensor<32xf32>) -> tensor<32xf32>
    %460 = linalg.generic {indexing_maps = [#map24, #map25], iterator_types = ["parallel", "reduction", "reduction"]} ins(%expanded_160 : tensor<2x17x32xf32>) outs(%459 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<32xf32>
    %461 = tensor.empty() : tensor<2x17x32xf32>
    %462 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%391, %452 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%461 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.addf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %463 = tensor.empty() : tensor<2x17x32xf32>
    %464 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%462, %12 : tensor<2x17x32xf32>, tensor<2x17x32xf32>) outs(%463 : tensor<2x17x32xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      linalg.yield %483 : f32
    } -> tensor<2x17x32xf32>
    %465 = tensor.empty() : tensor<17x32xf32>
    %cst_165 = arith.constant 0.000000e+00 : f32
    %466 = linalg.fill ins(%cst_165 : f32) outs(%465 : tensor<17x32xf32>) -> tensor<17x32xf32>
    %467 = linalg.generic {indexing_maps = [#map32, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%464 : tensor<2x17x32xf32>) outs(%466 : tensor<17x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<17x32xf32>
    %extracted_slice_166 = tensor.extract_slice %464[0, 0, 0] [2, 1, 32] [1, 1, 1] : tensor<2x17x32xf32> to tensor<2x1x32xf32>
    %extracted_slice_167 = tensor.extract_slice %464[0, 1, 0] [2, 16, 32] [1, 1, 1] : tensor<2x17x32xf32> to tensor<2x16x32xf32>
    %468 = tensor.empty() : tensor<1x32xf32>
    %cst_168 = arith.constant 0.000000e+00 : f32
    %469 = linalg.fill ins(%cst_168 : f32) outs(%468 : tensor<1x32xf32>) -> tensor<1x32xf32>
    %470 = linalg.generic {indexing_maps = [#map32, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%extracted_slice_166 : tensor<2x1x32xf32>) outs(%469 : tensor<1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<1x32xf32>
    %471 = tensor.empty() : tensor<2x32x16xf32>
    %472 = linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_167 : tensor<2x16x32xf32>) outs(%471 : tensor<2x32x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x32x16xf32>
    %expanded_169 = tensor.expand_shape %472 [[0], [1], [2, 3]] output_shape [2, 32, 4, 4] : tensor<2x32x16xf32> into tensor<2x32x4x4xf32>
    %473 = tensor.empty() : tensor<32x3x8x8xf32>
    %cst_170 = arith.constant 0.000000e+00 : f32
    %474 = linalg.fill ins(%cst_170 : f32) outs(%473 : tensor<32x3x8x8xf32>) -> tensor<32x3x8x8xf32>
    %475 = linalg.generic {indexing_maps = [#map33, #map34, #map35], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%expanded_169, %arg32 : tensor<2x32x4x4xf32>, tensor<2x3x32x32xf32>) outs(%474 : tensor<32x3x8x8xf32>) {
    ^bb0(%in: f32, %in_174: f32, %out: f32):
      %483 = arith.mulf %in, %in_174 : f32
      %484 = arith.addf %out, %483 : f32
      linalg.yield %484 : f32
    } -> tensor<32x3x8x8xf32>
    %476 = tensor.empty() : tensor<32xf32>
    %cst_171 = arith.constant 0.000000e+00 : f32
    %477 = linalg.fill ins(%cst_171 : f32) outs(%476 : tensor<32xf32>) -> tensor<32xf32>
    %478 = linalg.generic {indexing_maps = [#map36, #map37], iterator_types = ["parallel", "reduction", "reduction", "reduction"]} ins(%expanded_169 : tensor<2x32x4x4xf32>) outs(%477 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %483 = arith.addf %in, %out : f32
      linalg.yield %483 : f32
    } -> tensor<32xf32>
    %expanded_172 = tensor.expand_shape %470 [[0], [1, 2]] output_shape [1, 1, 32] : tensor<1x32xf32> into tensor<1x1x32xf32>
    %479 = tensor.empty() : tensor<1x1x32xf32>
    %480 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_172 : tensor<1x1x32xf32>) outs(%479 : tensor<1x1x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x1x32xf32>
    %expanded_173 = tensor.expand_shape %467 [[0, 1], [2]] output_shape [1, 17, 32] : tensor<17x32xf32> into tensor<1x17x32xf32>
    %481 = tensor.empty() : tensor<1x17x32xf32>
    %482 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_173 : tensor<1x17x32xf32>) outs(%481 : tensor<1x17x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x17x32xf32>
    return %192, %480, %482, %475, %478, %457, %460, %435, %438, %399, %402, %386, %389, %364, %367, %353, %356, %342, %345, %320, %323, %284, %287, %271, %274, %249, %252, %238, %241, %229, %232, %205, %208 : tensor<f32>, tensor<1x1x32xf32>, tensor<1x17x32xf32>, tensor<32x3x8x8xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<96x32xf32>, tensor<96xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<128x32xf32>, tensor<128xf32>, tensor<32x128xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<96x32xf32>, tensor<96xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<128x32xf32>, tensor<128xf32>, tensor<32x128xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<10x32xf32>, tensor<10xf32>
  }
}

