// RUN: remat-opt %s -split-input-file -remat-deallocate-buffers | FileCheck %s
// Upstream's ownership-based pipeline (+ -optimize-allocation-liveness)
// frees at the same points on a straight-line function:
// RUN: remat-opt %s -split-input-file -remat-deallocate-buffers=force-upstream=1 | FileCheck %s --check-prefix=UP

// Each buffer is freed right after the last op that reads it or one of its
// views (the view's own definition does not count); uses inside a loop count
// at the loop.
// CHECK-LABEL: func.func @straight
// CHECK:         %[[A:.*]] = memref.alloc() : memref<4x4xf32>
// CHECK:         %[[V:.*]] = memref.collapse_shape %[[A]]
// CHECK:         %[[B:.*]] = memref.alloc() : memref<16xf32>
// CHECK:         linalg.copy ins(%[[V]] : memref<16xf32>) outs(%[[B]] : memref<16xf32>)
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK:         scf.for
// CHECK:           memref.load %[[B]]
// CHECK:         }
// CHECK-NEXT:    memref.dealloc %[[B]]
// CHECK:         return
// UP-LABEL: func.func @straight
// UP:         %[[A:.*]] = memref.alloc() : memref<4x4xf32>
// UP:         linalg.copy ins(%{{.*}} : memref<16xf32>) outs(%[[B:.*]] : memref<16xf32>)
// UP-NEXT:    memref.dealloc %[[A]]
// UP:         scf.for
// UP:         }
// UP-NEXT:    memref.dealloc %[[B]]
// UP:         return
func.func @straight(%x: memref<4x4xf32>, %out: memref<f32>) {
  %a = memref.alloc() : memref<4x4xf32>
  linalg.copy ins(%x : memref<4x4xf32>) outs(%a : memref<4x4xf32>)
  %v = memref.collapse_shape %a [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  linalg.copy ins(%v : memref<16xf32>) outs(%b : memref<16xf32>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> f32 {
    %e = memref.load %b[%i] : memref<16xf32>
    %n = arith.addf %acc, %e : f32
    scf.yield %n : f32
  }
  memref.store %s, %out[] : memref<f32>
  return
}

// -----

// Returned buffers, and buffers whose view is returned, are the caller's.
// A returned argument or constant is returned as a copy made at the return.
// CHECK-LABEL: func.func @results
// CHECK-NOT:     memref.dealloc
// CHECK:         %[[G:.*]] = memref.get_global @cst
// CHECK:         %[[C1:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.copy %arg0, %[[C1]]
// CHECK-NEXT:    %[[C2:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.copy %[[G]], %[[C2]]
// CHECK-NEXT:    return %{{.*}}, %{{.*}}, %[[C1]], %[[C2]]
memref.global "private" constant @cst : memref<4xf32> = dense<1.0>
func.func @results(%x: memref<4xf32>) -> (memref<4xf32>, memref<2x2xf32>, memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  linalg.copy ins(%x : memref<4xf32>) outs(%a : memref<4xf32>)
  %b = memref.alloc() : memref<4xf32>
  linalg.copy ins(%a : memref<4xf32>) outs(%b : memref<4xf32>)
  %v = memref.expand_shape %b [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
  %g = memref.get_global @cst : memref<4xf32>
  return %a, %v, %x, %g : memref<4xf32>, memref<2x2xf32>, memref<4xf32>, memref<4xf32>
}

// -----

// A buffer allocated inside a loop is not straight-line: the module takes
// upstream's ownership-based deallocation (which frees it inside the loop).
// CHECK-LABEL: func.func @nested
// CHECK:         scf.for
// CHECK:           memref.alloc
// CHECK:           memref.dealloc
func.func @nested(%x: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %t = memref.alloc() : memref<4xf32>
    linalg.copy ins(%x : memref<4xf32>) outs(%t : memref<4xf32>)
    linalg.copy ins(%t : memref<4xf32>) outs(%x : memref<4xf32>)
  }
  return
}

// -----

// An scf.if whose branches both yield one buffer from above (what
// -remat-prepare-lowering makes of every tensor scf.if) folds to that
// buffer: the function stays straight-line and each buffer is freed after
// its last use, not by ownership flags at the end (the memory timeline
// counts it so).
// CHECK-LABEL: func.func @if_one_buffer
// CHECK:         %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK:         %[[D:.*]] = memref.alloc() : memref<4xf32>
// CHECK:         scf.if %{{.*}} {
// CHECK:           linalg.copy ins(%[[A]] : memref<4xf32>) outs(%[[D]] : memref<4xf32>)
// CHECK:         } else {
// CHECK:           linalg.copy ins(%arg0 : memref<4xf32>) outs(%[[D]] : memref<4xf32>)
// CHECK:         }
// CHECK-NEXT:    memref.dealloc %[[A]]
// CHECK:         linalg.copy ins(%[[D]] : memref<4xf32>) outs(%[[B:.*]] : memref<4xf32>)
// CHECK-NEXT:    memref.dealloc %[[D]]
// CHECK-NOT:     dealloc_helper
// CHECK:         return %[[B]]
func.func @if_one_buffer(%x: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  linalg.copy ins(%x : memref<4xf32>) outs(%a : memref<4xf32>)
  %d = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> memref<4xf32> {
    linalg.copy ins(%a : memref<4xf32>) outs(%d : memref<4xf32>)
    scf.yield %d : memref<4xf32>
  } else {
    linalg.copy ins(%x : memref<4xf32>) outs(%d : memref<4xf32>)
    scf.yield %d : memref<4xf32>
  }
  %b = memref.alloc() : memref<4xf32>
  linalg.copy ins(%r : memref<4xf32>) outs(%b : memref<4xf32>)
  return %b : memref<4xf32>
}
