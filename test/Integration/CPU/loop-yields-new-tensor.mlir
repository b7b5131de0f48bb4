// A loop that yields new tensors for its iteration arguments (an RNN's next
// state computed into a fresh tensor.empty, as scan lowerings write it)
// did not bufferize ("Yield operand #0 is not equivalent to the
// corresponding iter bbArg") while -remat-report predicted a peak for it:
// -remat-prepare-lowering copies such a value into the argument before the
// yield, and the timeline counts the copy. Fibonacci on tensors: a swap
// (b, a + b) three times from (1, 1) gives (3, 5); the step's gradient
// flows back through the same recurrence.
// RUN: rm -rf %t && mkdir -p %t
// RUN: remat-run %s --outputs %t | FileCheck %s
// CHECK: measured peak: [[P:[0-9]+]] B
// CHECK: predicted peak: [[P]] B
// RUN: %python %S/../../Inputs/npy.py print %t/out0.npy | FileCheck %s --check-prefix=A
// RUN: %python %S/../../Inputs/npy.py print %t/out1.npy | FileCheck %s --check-prefix=B
// A: 3 3 3 3
// B: 5 5 5 5
// RUN: remat-opt %s -remat-prepare-lowering | FileCheck %s --check-prefix=IR
// IR: scf.for
// IR: %[[S:.*]] = linalg.generic
// IR: %[[C0:.*]] = linalg.copy ins(%{{.*}} : tensor<4xf32>) outs(%{{.*}} : tensor<4xf32>)
// IR: %[[C1:.*]] = linalg.copy ins(%[[S]] : tensor<4xf32>) outs(%{{.*}} : tensor<4xf32>)
// IR: scf.yield %[[C0]], %[[C1]]
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
