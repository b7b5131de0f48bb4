// Graphs that call helpers run with measured = predicted (the lowering
// inlines callees; bufferized calls would add ownership flags the timeline
// does not model), the entry is the one function no other calls, and a
// recursive graph is an error at the call, never a hang.
// RUN: rm -rf %t && split-file %s %t
// RUN: remat-run %t/helper.mlir --policy=none | FileCheck %s --check-prefix=NONE
// RUN: remat-run %t/helper.mlir --policy=selective --compare-policy=none | FileCheck %s --check-prefix=SELECTIVE
// RUN: not remat-run %t/recursive.mlir 2>&1 | FileCheck %s --check-prefix=RECURSIVE
// RUN: not remat-run %t/recursive.mlir --policy=selective 2>&1 | FileCheck %s --check-prefix=RECURSIVE

// NONE: @train with policy=none
// NONE-NEXT: measured peak: 256 B
// NONE-NEXT: predicted peak: 256 B
// SELECTIVE: @train with policy=selective
// SELECTIVE-NEXT: measured peak: 192 B
// SELECTIVE-NEXT: predicted peak: 192 B
// SELECTIVE: outputs bitwise identical
// RECURSIVE: error: recursive call to @train: remat cannot analyse or run a recursive call graph

//--- helper.mlir
func.func private @gelu_like(%x: tensor<16xf32>) -> tensor<16xf32> {
  %t = math.tanh %x : tensor<16xf32>
  %s = arith.mulf %t, %x : tensor<16xf32>
  return %s : tensor<16xf32>
}
func.func @train(%x: tensor<16xf32>, %dy: tensor<16xf32> {remat.cotangent}) -> (tensor<16xf32>, tensor<16xf32>) {
  %a = math.exp %x : tensor<16xf32>
  %h = func.call @gelu_like(%a) : (tensor<16xf32>) -> tensor<16xf32>
  %y = math.sin %h : tensor<16xf32>
  %g1 = arith.mulf %dy, %h : tensor<16xf32>
  %g2 = arith.mulf %g1, %a : tensor<16xf32>
  return %y, %g2 : tensor<16xf32>, tensor<16xf32>
}

//--- recursive.mlir
func.func @train(%x: tensor<16xf32>, %dy: tensor<16xf32> {remat.cotangent}) -> tensor<16xf32> {
  %a = math.exp %x : tensor<16xf32>
  %h = func.call @train(%a, %dy) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %g = arith.mulf %dy, %h : tensor<16xf32>
  return %g : tensor<16xf32>
}
