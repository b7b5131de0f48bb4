// RUN: remat-opt %s -split-input-file -remat-split-destinations | FileCheck %s
// -remat-mark's split-destinations option (what -remat-pipeline sets, so
// that a large function is verified once) splits them the same way, also
// when the policy then decides nothing.
// RUN: remat-opt %s -split-input-file -remat-mark="policy=none split-destinations=true" | FileCheck %s

// Tests that a zero-filled destination shared by a forward and a backward
// matmul (as CSE leaves it) is cloned, with its empty, before each user.
// CHECK-LABEL: func.func @shared_fill
// CHECK:         %[[E1:.+]] = tensor.empty()
// CHECK-NEXT:    %[[F1:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[E1]]
// CHECK-NEXT:    linalg.matmul ins(%arg0, %arg1 {{.*}} outs(%[[F1]]
// CHECK-NEXT:    math.exp
// CHECK-NEXT:    %[[E2:.+]] = tensor.empty()
// CHECK-NEXT:    %[[F2:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[E2]]
// CHECK-NEXT:    linalg.matmul ins(%arg2, %arg1 {{.*}} outs(%[[F2]]
// CHECK-NOT:     tensor.empty
func.func @shared_fill(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>,
                       %d: tensor<8x8xf32> {remat.cotangent}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
  %x = math.exp %m : tensor<8x8xf32>
  %g = linalg.matmul ins(%d, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %x, %g : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// Tests that a lone destination hoisted to the top is sunk to its user, and
// that a fill of a non-constant is left alone.
// CHECK-LABEL: func.func @sink
// CHECK:         %[[S:.+]] = tensor.extract
// CHECK-NEXT:    %[[E0:.+]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:    linalg.fill ins(%[[S]] : f32)
// CHECK-NEXT:    math.exp
// CHECK-NEXT:    %[[E:.+]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:    linalg.generic {{.*}} outs(%[[E]]
func.func @sink(%x: tensor<4xf32>, %s: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %v = tensor.extract %s[] : tensor<f32>
  %e0 = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %y = math.exp %f : tensor<4xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%y : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return %g, %f : tensor<4xf32>, tensor<4xf32>
}
