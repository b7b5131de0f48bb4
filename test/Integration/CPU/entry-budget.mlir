// remat-run --entry runs the pipeline on the entry's call graph only: a
// byte budget the entry meets is not refused because another function of
// the module cannot meet it (a fresh user's module, session 33: "budget
// of 256 bytes ... is below the smallest peak" for @big, which --entry did
// not name). Functions the entry calls are kept.
// RUN: remat-run %s --entry=small --policy=budget --budget=512 --compare-policy=none | FileCheck %s
// CHECK: @small with policy=budget
// CHECK: measured peak:  [[P:[0-9]+]] B
// CHECK-NEXT: predicted peak: [[P]] B
// CHECK: outputs bitwise identical
// The whole module under the same budget is still refused, for @big.
// RUN: not remat-opt %s -remat-pipeline="policy=budget budget=512" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODULE
// MODULE: error: remat-mark: budget of 512 bytes {{.*}}
func.func private @helper(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c = math.cos %x : tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}
func.func @small(%x: tensor<4x8xf32>, %d: tensor<4x8xf32> {remat.cotangent}) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %s = math.sin %x : tensor<4x8xf32>
  %c = func.call @helper(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %dx = arith.mulf %d, %c : tensor<4x8xf32>
  return %s, %dx : tensor<4x8xf32>, tensor<4x8xf32>
}
func.func @big(%x: tensor<64x64xf32>, %d: tensor<64x64xf32> {remat.cotangent}) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %s = math.sin %x : tensor<64x64xf32>
  %c = math.cos %x : tensor<64x64xf32>
  %dx = arith.mulf %d, %c : tensor<64x64xf32>
  return %s, %dx : tensor<64x64xf32>, tensor<64x64xf32>
}
