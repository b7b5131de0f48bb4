// A loop that yields new tensors for its iteration arguments (an RNN's next
// state computed into a fresh tensor.empty, as scan lowerings write it)
// did not bufferize ("Yield operand #0 is not equivalent to the
// corresponding iter bbArg") while -remat-report predicted a peak for it:
// -remat-prepare-lowering copies such a value into the argument before the
// yield, and the timeline counts the copy. Fibonacci on tensors: a swap
// (b, a + b) three times from (1, 1) gives (3, 5); the step's gradient
// flows back through the same recurrence.
// RUN: rm -rf %t && mkdir -p %t
// RUN: remat-run %s --entry=fib --outputs %t | FileCheck %s
// CHECK: measured peak: [[P:[0-9]+]] B
// CHECK: predicted peak: [[P]] B
// RUN: %python %S/../../Inputs/npy.py print %t/out0.npy | FileCheck %s --check-prefix=FIBA
// RUN: %python %S/../../Inputs/npy.py print %t/out1.npy | FileCheck %s --check-prefix=FIBB
// FIBA: 3 3 3 3
// FIBB: 5 5 5 5
// RUN: remat-opt %s -remat-prepare-lowering | FileCheck %s --check-prefix=IR
// The value yielded for %a is %b itself: copied out first (a temporary),
// then both arguments are written.
// IR: scf.for %{{.*}} iter_args(%[[ARG0:.*]] = %{{.*}}, %[[ARG1:.*]] = %{{.*}})
// IR: %[[S:.*]] = linalg.generic
// IR: %[[T:.*]] = linalg.copy ins(%[[ARG1]] : tensor<4xf32>) outs(%{{.*}} : tensor<4xf32>)
// IR: %[[C0:.*]] = linalg.copy ins(%[[T]] : tensor<4xf32>) outs(%[[ARG0]] : tensor<4xf32>)
// IR: %[[C1:.*]] = linalg.copy ins(%[[S]] : tensor<4xf32>) outs(%[[ARG1]] : tensor<4xf32>)
// IR: scf.yield %[[C0]], %[[C1]]
// A loop that only permutes its arguments (yield %b, %c, %a) three times:
// back where it started.
// RUN: remat-run %s --entry=rotate --outputs %t/r | FileCheck %s --check-prefix=ROT
// ROT: measured peak: [[P:[0-9]+]] B
// ROT: predicted peak: [[P]] B
// RUN: %python %S/../../Inputs/npy.py print %t/r/out0.npy | FileCheck %s --check-prefix=R0
// R0: 1 1 1 1
// RUN: %python %S/../../Inputs/npy.py print %t/r/out2.npy | FileCheck %s --check-prefix=R2
// R2: 3 3 3 3
#id = affine_map<(d0) -> (d0)>
func.func @fib() -> (tensor<4xf32>, tensor<4xf32>) {
  %one = arith.constant dense<1.0> : tensor<4xf32>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i3 = arith.constant 3 : index
  %r:2 = scf.for %t = %i0 to %i3 step %i1 iter_args(%a = %one, %b = %one) -> (tensor<4xf32>, tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %z = arith.addf %x, %y : f32
      linalg.yield %z : f32
    } -> tensor<4xf32>
    scf.yield %b, %s : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

func.func @rotate() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %a0 = arith.constant dense<1.0> : tensor<4xf32>
  %b0 = arith.constant dense<2.0> : tensor<4xf32>
  %c0 = arith.constant dense<3.0> : tensor<4xf32>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i3 = arith.constant 3 : index
  %r:3 = scf.for %t = %i0 to %i3 step %i1 iter_args(%a = %a0, %b = %b0, %c = %c0) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    scf.yield %b, %c, %a : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
