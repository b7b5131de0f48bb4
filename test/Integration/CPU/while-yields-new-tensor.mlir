// An scf.while carrying a tensor whose body computes the next state into
// a fresh tensor.empty (as scan lowerings write it) failed bufferization
// ("Yield operand #1 is not equivalent to the corresponding iter bbArg")
// while -remat-report analysed it: -remat-prepare-lowering copies what
// each region passes on into that region's arguments, as for scf.for, and
// the timeline counts the larger region's buffers while the loop runs.
// (A fresh user's graph, session 32.) sin applied %n times to x.
// RUN: rm -rf %t && mkdir -p %t/in
// RUN: %python %S/../../Inputs/npy.py write %t/in/arg0.npy f32 4x4 0.5
// RUN: %python %S/../../Inputs/npy.py write %t/in/arg1.npy i32 "" 3
// RUN: %python %S/../../Inputs/npy.py write %t/in/arg2.npy f32 4x4 1
// RUN: remat-run %s --entry=whl --inputs %t/in --outputs %t/out | FileCheck %s
// CHECK: measured peak: [[P:[0-9]+]] B
// CHECK: predicted peak: [[P]] B
// sin(sin(sin(0.5))) = 0.44508...
// RUN: %python %S/../../Inputs/npy.py print %t/out/out0.npy | FileCheck %s --check-prefix=SIN3
// SIN3: 0.445085 0.445085
// RUN: remat-opt %s -remat-prepare-lowering | FileCheck %s --check-prefix=IR
// IR: scf.while (%{{.*}} = %{{.*}}, %[[H:.*]] = %{{.*}})
// IR: } do {
// IR: ^bb0(%{{.*}}: i32, %[[H2:.*]]: tensor<4x4xf32>):
// IR: %[[S:.*]] = linalg.generic
// IR: %[[C:.*]] = linalg.copy ins(%[[S]] : tensor<4x4xf32>) outs(%[[H2]] : tensor<4x4xf32>)
// IR: scf.yield %{{.*}}, %[[C]]
#id = affine_map<(i, j) -> (i, j)>
func.func @whl(%x: tensor<4x4xf32>, %n: i32, %dy: tensor<4x4xf32> {remat.cotangent}) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %c0, %h = %x) : (i32, tensor<4x4xf32>) -> (i32, tensor<4x4xf32>) {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i, %h : i32, tensor<4x4xf32>
  } do {
  ^bb0(%i2: i32, %h2: tensor<4x4xf32>):
    %e = tensor.empty() : tensor<4x4xf32>
    %hn = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%h2 : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
    ^bb0(%v: f32, %o: f32):
      %t = math.sin %v : f32
      linalg.yield %t : f32
    } -> tensor<4x4xf32>
    %i3 = arith.addi %i2, %c1 : i32
    scf.yield %i3, %hn : i32, tensor<4x4xf32>
  }
  %e2 = tensor.empty() : tensor<4x4xf32>
  %dx = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %dy : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e2 : tensor<4x4xf32>) {
  ^bb0(%v: f32, %d: f32, %o: f32):
    %u = arith.mulf %v, %d : f32
    linalg.yield %u : f32
  } -> tensor<4x4xf32>
  return %r#1, %dx : tensor<4x4xf32>, tensor<4x4xf32>
}
