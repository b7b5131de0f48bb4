// RUN: remat-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(remat-fuse-elementwise))' | FileCheck %s

// Tests that a chain of elementwise ops (each the only consumer of the
// one before, as convert-elementwise-to-linalg writes them, with the
// first input as the unread init) becomes one generic, and that the
// row-sum consuming it takes it in too: one op, no intermediate tensor.
// CHECK-LABEL: func.func @chain
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT:   linalg.generic
// CHECK:       math.tanh
// CHECK:       arith.mulf
// CHECK:       arith.addf
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @chain(%x: tensor<64x32xf32>, %y: tensor<64x32xf32>) -> tensor<64xf32> {
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x32xf32>) outs(%x : tensor<64x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.tanh %a : f32
    linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %m = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t, %y : tensor<64x32xf32>, tensor<64x32xf32>) outs(%t : tensor<64x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.mulf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%m : tensor<64x32xf32>) outs(%z : tensor<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  return %s : tensor<64xf32>
}

// -----

// Tests what stays apart: a producer with a second consumer (fusing would
// compute it twice: rematerialization, remat's decision, not the
// lowering's), and a producer feeding a contraction (cuBLAS takes it).
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-3: linalg.generic
#id = affine_map<(i, j) -> (i, j)>
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#out = affine_map<(m, n, k) -> (m, n)>
func.func @kept(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %e = tensor.empty() : tensor<16x16xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<16x16xf32>
  %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%g : tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %a : f32
    linalg.yield %r : f32
  } -> tensor<16x16xf32>
  %zero = arith.constant 0.0 : f32
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %mm = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g, %w : tensor<16x16xf32>, tensor<16x16xf32>) outs(%z : tensor<16x16xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x16xf32>
  return %d, %mm : tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// Tests that fusion never raises the peak: %s reads two 64 KiB products
// that die there and writes one; fused into its consumer %out, both would
// stay alive across the product of %big (256 KiB) that sets the peak.
// %big feeds a contraction: it stays too.
// CHECK-LABEL: func.func @peak
// CHECK:       %[[S:.+]] = linalg.generic
// CHECK:       arith.subf
// CHECK:       %[[BIG:.+]] = linalg.generic
// CHECK:       math.exp
// CHECK:       %[[MM:.+]] = linalg.matmul ins(%[[BIG]]
// CHECK:       linalg.generic {{.+}} ins(%[[S]], %[[MM]] :
#id = affine_map<(i, j) -> (i, j)>
func.func @peak(%x: tensor<128x128xf32>, %y: tensor<128x128xf32>, %w: tensor<128x512xf32>, %v: tensor<512x128xf32>) -> tensor<128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %a = linalg.matmul ins(%x, %y : tensor<128x128xf32>, tensor<128x128xf32>) outs(%z : tensor<128x128xf32>) -> tensor<128x128xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %b = linalg.matmul ins(%y, %x : tensor<128x128xf32>, tensor<128x128xf32>) outs(%z2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<128x128xf32>, tensor<128x128xf32>) outs(%e : tensor<128x128xf32>) {
  ^bb0(%u: f32, %t: f32, %o: f32):
    %r = arith.subf %u, %t : f32
    linalg.yield %r : f32
  } -> tensor<128x128xf32>
  %e2 = tensor.empty() : tensor<128x512xf32>
  %big = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<128x512xf32>) outs(%e2 : tensor<128x512xf32>) {
  ^bb0(%t: f32, %o: f32):
    %r = math.exp %t : f32
    linalg.yield %r : f32
  } -> tensor<128x512xf32>
  %z3 = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %mm = linalg.matmul ins(%big, %v : tensor<128x512xf32>, tensor<512x128xf32>) outs(%z3 : tensor<128x128xf32>) -> tensor<128x128xf32>
  %out = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s, %mm : tensor<128x128xf32>, tensor<128x128xf32>) outs(%e : tensor<128x128xf32>) {
  ^bb0(%u: f32, %t: f32, %o: f32):
    %r = arith.mulf %u, %t : f32
    linalg.yield %r : f32
  } -> tensor<128x128xf32>
  return %out : tensor<128x128xf32>
}
