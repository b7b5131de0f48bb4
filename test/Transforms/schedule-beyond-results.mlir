// RUN: remat-opt %s -split-input-file -remat-schedule | FileCheck %s
// RUN: remat-opt %s -split-input-file -remat-schedule -remat-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEYOND

// Tests that, at the same peak, the order with the lower peak beyond the
// results is kept: the weight gradient %dw (a result) is the last reader of
// the activation %a, so computed before the input gradient %da it frees %a
// first (beyond results: 32 KiB -> 16 KiB; peak 64 KiB either way). It
// could run even before the output %y (its inputs are %a and the
// cotangent, an argument), but no real step has the cotangent before the
// output exists: backward ops stay after the returned forward values.
// CHECK-LABEL: func.func @weight_gradient_first
// CHECK:         %[[A:.+]] = math.exp %arg0
// CHECK:         %[[Y:.+]] = linalg.matmul ins(%[[A]], %arg1
// CHECK:         %[[DW:.+]] = linalg.matmul {{.*}}ins(%[[A]], %arg2
// CHECK:         %[[DA:.+]] = linalg.matmul {{.*}}ins(%arg2, %arg1
// CHECK:         return %[[Y]], %[[DW]]
// BEYOND-LABEL: remat report for @weight_gradient_first
// BEYOND:         peak: 64.0 KiB (65536 B)
// BEYOND:         peak beyond results: 16.0 KiB (16384 B)
// BEYOND-LABEL: remat report for @recompute_with_weight_gradient
// BEYOND:         peak: 64.0 KiB (65536 B)
// BEYOND:         peak beyond results: 16.0 KiB (16384 B)
#lhsT = affine_map<(m, n, k) -> (k, m)>
#rhsT = affine_map<(m, n, k) -> (n, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#out = affine_map<(m, n, k) -> (m, n)>
func.func @weight_gradient_first(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>,
    %dy: tensor<64x64xf32> {remat.cotangent})
    -> (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %a = math.exp %x : tensor<64x64xf32>
  %e0 = tensor.empty() : tensor<64x64xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %y = linalg.matmul ins(%a, %w : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f0 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e1 = tensor.empty() : tensor<64x64xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %da = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, #rhsT, #out]
      ins(%dy, %w : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f1 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e2 = tensor.empty() : tensor<64x64xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %dw = linalg.matmul indexing_maps = [#lhsT, #rhs, #out]
      ins(%a, %dy : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e3 = tensor.empty() : tensor<64x64xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %dx = linalg.matmul ins(%da, %w : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f3 : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %y, %dw, %dx : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>
}

// -----

// Tests that a weight gradient moves before the input gradient together
// with the recomputation only it needs (as PyTorch's order leaves them
// after -remat-materialize: input gradient, recomputation, weight
// gradient), although the list schedule, one op at a time, sees the
// recomputation only allocate.
// CHECK-LABEL: func.func @recompute_with_weight_gradient
// CHECK:         linalg.matmul
// CHECK:         remat.recompute(%arg0)
// CHECK:         %[[DW:.+]] = linalg.matmul {{.*}}ins(%{{.+}}, %arg2
// CHECK:         %[[DA:.+]] = linalg.matmul {{.*}}ins(%arg2, %arg1
#lhsT = affine_map<(m, n, k) -> (k, m)>
#rhsT = affine_map<(m, n, k) -> (n, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#out = affine_map<(m, n, k) -> (m, n)>
func.func @recompute_with_weight_gradient(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>,
    %dy: tensor<64x64xf32> {remat.cotangent})
    -> (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %a = math.exp %x : tensor<64x64xf32>
  %e0 = tensor.empty() : tensor<64x64xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %y = linalg.matmul ins(%a, %w : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f0 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e1 = tensor.empty() : tensor<64x64xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %da = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, #rhsT, #out]
      ins(%dy, %w : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f1 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %ar = remat.recompute(%x) : (tensor<64x64xf32>) -> tensor<64x64xf32> {
  ^bb0(%in: tensor<64x64xf32>):
    %r = math.exp %in : tensor<64x64xf32>
    remat.yield %r : tensor<64x64xf32>
  }
  %e2 = tensor.empty() : tensor<64x64xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %dw = linalg.matmul indexing_maps = [#lhsT, #rhs, #out]
      ins(%ar, %dy : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e3 = tensor.empty() : tensor<64x64xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %dx = linalg.matmul ins(%da, %w : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f3 : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %y, %dw, %dx : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>
}
