// RUN: remat-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(remat-split-blocks-at-loops))' | FileCheck %s

// Every top-level loop nest ends its block; the ops after it (up to the
// next loop) start the next one, reached by cf.br. Nested loops stay put.
// CHECK-LABEL: func.func @two_loops
// CHECK:         memref.alloc
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:         cf.br ^bb1
// CHECK:       ^bb1:
// CHECK-NEXT:    memref.alloc
// CHECK-NEXT:    scf.for
// CHECK:         cf.br ^bb2
// CHECK:       ^bb2:
// CHECK-NEXT:    memref.dealloc
// CHECK-NEXT:    return
func.func @two_loops(%a: memref<4x4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %b = memref.alloc() : memref<4x4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %v = memref.load %a[%i, %j] : memref<4x4xf32>
      memref.store %v, %b[%i, %j] : memref<4x4xf32>
    }
  }
  %r = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %b[%i, %i] : memref<4x4xf32>
    memref.store %v, %r[%i] : memref<4xf32>
  }
  memref.dealloc %b : memref<4x4xf32>
  return %r : memref<4xf32>
}

// -----

// A loop right before the terminator needs no split; no loop, no change.
// CHECK-LABEL: func.func @last_loop
// CHECK-NOT:   cf.br
// CHECK:       return
func.func @last_loop(%r: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %z, %r[%i] : memref<4xf32>
  }
  return
}
