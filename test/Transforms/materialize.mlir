// RUN: remat-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect -remat-materialize | FileCheck %s

// Tests that a value with two distant backward consumers is recomputed
// once, before the first, and the second reuses it: recomputing it twice
// would not lower the peak here.
// CHECK-LABEL: func.func @two_consumers
// CHECK:         %[[E:.+]] = math.exp %arg0 {remat.policy = "recompute"}
// CHECK-NEXT:    %[[F:.+]] = arith.mulf %[[E]], %[[E]]
// CHECK-NEXT:    %[[R:.+]] = remat.recompute(%arg0)
// CHECK:         arith.mulf %arg1, %[[R]]
// CHECK-NEXT:    math.tanh
// CHECK-NEXT:    math.tanh
// CHECK-NEXT:    arith.mulf %{{.+}}, %[[R]]
// CHECK-NOT:     remat.recompute
func.func @two_consumers(%x: tensor<64xf32>, %dy: tensor<64xf32> {remat.cotangent}) -> (tensor<64xf32>, tensor<64xf32>) {
  %e = math.exp %x {remat.policy = "recompute"} : tensor<64xf32>
  %f = arith.mulf %e, %e : tensor<64xf32>
  %g = arith.mulf %dy, %e : tensor<64xf32>
  %t1 = math.tanh %g : tensor<64xf32>
  %t2 = math.tanh %t1 : tensor<64xf32>
  %h = arith.mulf %t2, %e : tensor<64xf32>
  return %f, %h : tensor<64xf32>, tensor<64xf32>
}

// -----

// Tests that two values needed by the same backward op share one region,
// where their common producer is computed once.
// CHECK-LABEL: func.func @shared_chain
// CHECK:         %[[R:.+]]:2 = remat.recompute(%arg0) : (tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: tensor<64xf32>):
// CHECK-NEXT:      %[[A:.+]] = math.exp %[[IN]]
// CHECK-NEXT:      %[[B:.+]] = math.tanh %[[A]]
// CHECK-NEXT:      %[[C:.+]] = math.sin %[[A]]
// CHECK-NEXT:      remat.yield %[[B]], %[[C]]
// CHECK-NEXT:    }
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[R]]#0, %[[R]]#1, %arg1
#id = affine_map<(i) -> (i)>
func.func @shared_chain(%x: tensor<64xf32>, %dy: tensor<64xf32> {remat.cotangent}) -> (tensor<64xf32>, tensor<64xf32>) {
  %a = math.exp %x {remat.policy = "recompute"} : tensor<64xf32>
  %b = math.tanh %a {remat.policy = "recompute"} : tensor<64xf32>
  %c = math.sin %a {remat.policy = "recompute"} : tensor<64xf32>
  %s = arith.addf %b, %c : tensor<64xf32>
  %e = tensor.empty() : tensor<64xf32>
  %k = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%b, %c, %dy : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%vb: f32, %vc: f32, %vd: f32, %o: f32):
    %m = arith.mulf %vb, %vc : f32
    %n = arith.mulf %m, %vd : f32
    linalg.yield %n : f32
  } -> tensor<64xf32>
  return %s, %k : tensor<64xf32>, tensor<64xf32>
}

// -----

// Tests that an op with unknown effects in the chain is never cloned, even
// when marked: its result is passed in, saved, and only the pure op after
// it is recomputed.
// CHECK-LABEL: func.func @side_effect_in_chain
// CHECK:         %[[M:.+]] = "test.rng"(%arg0) {remat.policy = "recompute"}
// CHECK:         remat.recompute(%arg0, %[[M]])
// CHECK-NEXT:    ^bb0(%{{.+}}: tensor<64xf32>, %{{.+}}: tensor<64xf32>):
// CHECK-NEXT:      arith.mulf
// CHECK-NEXT:      remat.yield
// CHECK-NOT:     test.rng
func.func @side_effect_in_chain(%x: tensor<64xf32>, %dy: tensor<64xf32> {remat.cotangent}) -> (tensor<64xf32>, tensor<64xf32>) {
  %m = "test.rng"(%x) {remat.policy = "recompute"} : (tensor<64xf32>) -> tensor<64xf32>
  %y = arith.mulf %x, %m {remat.policy = "recompute"} : tensor<64xf32>
  %z = math.exp %y : tensor<64xf32>
  %g = arith.mulf %dy, %y : tensor<64xf32>
  return %z, %g : tensor<64xf32>, tensor<64xf32>
}

// -----

// Tests the peak guard: recomputing the reduction %v in backward would keep
// its 64 KiB input %t alive until then, next to the 64 KiB %g, which raises
// the peak above the input's (two 64 KiB tensors and three small ones at the
// transpose). The recomputation is undone and %v is kept.
// CHECK-LABEL: func.func @guard
// CHECK-NOT:     remat.recompute
// CHECK:         return
#bc = affine_map<(i, j) -> (j)>
#id2 = affine_map<(i, j) -> (i, j)>
func.func @guard(%u: tensor<16xf32>, %dy: tensor<16xf32> {remat.cotangent}) -> (tensor<16xf32>, tensor<16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x16xf32>
  %t = linalg.broadcast ins(%u : tensor<16xf32>) outs(%e : tensor<1024x16xf32>) dimensions = [0]
  %e1 = tensor.empty() : tensor<16xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16xf32>) -> tensor<16xf32>
  %v = linalg.reduce ins(%t : tensor<1024x16xf32>) outs(%f1 : tensor<16xf32>) dimensions = [0] {remat.policy = "recompute"}
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %w = math.exp %v : tensor<16xf32>
  %e2 = tensor.empty() : tensor<1024x16xf32>
  %g = linalg.broadcast ins(%dy : tensor<16xf32>) outs(%e2 : tensor<1024x16xf32>) dimensions = [0]
  %e3 = tensor.empty() : tensor<16xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<16xf32>) -> tensor<16xf32>
  %r = linalg.reduce ins(%g : tensor<1024x16xf32>) outs(%f3 : tensor<16xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %m = arith.mulf %r, %v : tensor<16xf32>
  %e4 = tensor.empty() : tensor<16x1024xf32>
  %k = linalg.transpose ins(%g : tensor<1024x16xf32>) outs(%e4 : tensor<16x1024xf32>) permutation = [1, 0]
  %c = tensor.extract_slice %k[0, 0] [16, 1] [1, 1] : tensor<16x1024xf32> to tensor<16xf32>
  %out = arith.addf %m, %c : tensor<16xf32>
  return %w, %out : tensor<16xf32>, tensor<16xf32>
}
