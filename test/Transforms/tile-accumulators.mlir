// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-tile-accumulators="min-blocks=4" | FileCheck %s

// Tests that a bf16 product accumulated in f32 into a zero fill and narrowed
// by a truncf-only generic (as remat-import-torch writes aten.mm) is computed
// in 4 blocks of 4 rows: only a 4x8 f32 block is ever live.
// CHECK-LABEL: func.func @mm
// CHECK-SAME:    (%[[A:.+]]: tensor<16x32xbf16>, %[[B:.+]]: tensor<32x8xbf16>)
// CHECK:         %[[OUT:.+]] = tensor.empty() : tensor<16x8xbf16>
// CHECK:         %[[R:.+]] = scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %[[OUT]]) -> (tensor<16x8xbf16>)
// CHECK:           %[[AS:.+]] = tensor.extract_slice %[[A]][%[[I]], 0] [4, 32] [1, 1] : tensor<16x32xbf16> to tensor<4x32xbf16>
// CHECK:           %[[F:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK:           %[[M:.+]] = linalg.matmul ins(%[[AS]], %[[B]] : tensor<4x32xbf16>, tensor<32x8xbf16>) outs(%[[F]] : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK:           %[[N:.+]] = linalg.generic {{.+}} ins(%[[M]] : tensor<4x8xf32>) outs(%{{.+}} : tensor<4x8xbf16>)
// CHECK:             arith.truncf
// CHECK:           %[[INS:.+]] = tensor.insert_slice %[[N]] into %[[ACC]][%[[I]], 0] [4, 8] [1, 1] : tensor<4x8xbf16> into tensor<16x8xbf16>
// CHECK:           scf.yield %[[INS]]
// CHECK:         return %[[R]]
// CHECK-NOT:     tensor<16x8xf32>
#id = affine_map<(i, j) -> (i, j)>
func.func @mm(%a: tensor<16x32xbf16>, %b: tensor<32x8xbf16>) -> tensor<16x8xbf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x8xf32>) -> tensor<16x8xf32>
  %m = linalg.matmul ins(%a, %b : tensor<16x32xbf16>, tensor<32x8xbf16>) outs(%f : tensor<16x8xf32>) -> tensor<16x8xf32>
  %e2 = tensor.empty() : tensor<16x8xbf16>
  %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<16x8xf32>) outs(%e2 : tensor<16x8xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x8xbf16>
  return %n : tensor<16x8xbf16>
}

// -----

// Tests addmm's form, the accumulator starting as a bias broadcast (its
// input does not vary along rows: the broadcast is repeated per block), and
// a left operand read transposed (A^T B, the weight gradient's form): A is
// sliced along the dimension that holds the rows.
// CHECK-LABEL: func.func @addmm_transposed
// CHECK:         scf.for
// CHECK:           tensor.extract_slice %{{.+}}[0, %{{.+}}] [32, 2] [1, 1] : tensor<32x8xbf16> to tensor<32x2xbf16>
// CHECK:           linalg.generic {{.+}} ins(%{{.+}} : tensor<4xbf16>) outs(%{{.+}} : tensor<2x4xf32>)
// CHECK:           linalg.matmul indexing_maps = {{.+}} ins(%{{.+}}, %{{.+}} : tensor<32x2xbf16>, tensor<32x4xbf16>) outs(%{{.+}} : tensor<2x4xf32>)
// CHECK:           arith.truncf
// CHECK-NOT:     tensor<8x4xf32>
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
func.func @addmm_transposed(%a: tensor<32x8xbf16>, %b: tensor<32x4xbf16>, %bias: tensor<4xbf16>) -> tensor<8x4xbf16> {
  %e = tensor.empty() : tensor<8x4xf32>
  %bb = linalg.generic {indexing_maps = [#col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bias : tensor<4xbf16>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%x: bf16, %o: f32):
    %w = arith.extf %x : bf16 to f32
    linalg.yield %w : f32
  } -> tensor<8x4xf32>
  %m = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<32x8xbf16>, tensor<32x4xbf16>) outs(%bb : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e2 = tensor.empty() : tensor<8x4xbf16>
  %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<8x4xf32>) outs(%e2 : tensor<8x4xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<8x4xbf16>
  return %n : tensor<8x4xbf16>
}

// -----

// Tests what is left whole: an f32 result read by something besides the
// narrowing (it must exist whole anyway), an accumulator that is a function
// argument (it varies along rows), and rows fewer than min-blocks.
// CHECK-LABEL: func.func @left_whole
// CHECK-NOT:     scf.for
// CHECK:         return
#id = affine_map<(i, j) -> (i, j)>
func.func @left_whole(%a: tensor<16x32xbf16>, %b: tensor<32x8xbf16>, %c: tensor<16x8xf32>,
                      %a2: tensor<2x32xbf16>) -> (tensor<16x8xbf16>, tensor<16x8xf32>, tensor<16x8xbf16>, tensor<2x8xbf16>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x8xf32>) -> tensor<16x8xf32>
  %m = linalg.matmul ins(%a, %b : tensor<16x32xbf16>, tensor<32x8xbf16>) outs(%f : tensor<16x8xf32>) -> tensor<16x8xf32>
  %e2 = tensor.empty() : tensor<16x8xbf16>
  %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<16x8xf32>) outs(%e2 : tensor<16x8xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x8xbf16>
  %m2 = linalg.matmul ins(%a, %b : tensor<16x32xbf16>, tensor<32x8xbf16>) outs(%c : tensor<16x8xf32>) -> tensor<16x8xf32>
  %e3 = tensor.empty() : tensor<16x8xbf16>
  %n2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m2 : tensor<16x8xf32>) outs(%e3 : tensor<16x8xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x8xbf16>
  %e4 = tensor.empty() : tensor<2x8xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<2x8xf32>) -> tensor<2x8xf32>
  %m4 = linalg.matmul ins(%a2, %b : tensor<2x32xbf16>, tensor<32x8xbf16>) outs(%f4 : tensor<2x8xf32>) -> tensor<2x8xf32>
  %e5 = tensor.empty() : tensor<2x8xbf16>
  %n4 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m4 : tensor<2x8xf32>) outs(%e5 : tensor<2x8xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<2x8xbf16>
  return %n, %m, %n2, %n4 : tensor<16x8xbf16>, tensor<16x8xf32>, tensor<16x8xbf16>, tensor<2x8xbf16>
}
