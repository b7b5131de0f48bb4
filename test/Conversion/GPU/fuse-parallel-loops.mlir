// RUN: remat-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(remat-fuse-parallel-loops))" | FileCheck %s
// RUN: remat-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(remat-fuse-parallel-loops,remat-gpu-map-parallel-loops))" | FileCheck %s --check-prefix=WARP

// Tests that the fill of a row reduction's accumulator becomes the first
// store of the reduction's iteration (one kernel, not two), and that the
// warp rewrite then combines the row's result with the filled value
// instead of loading it.
// CHECK-LABEL: func.func @fill_into_row_sum
// CHECK:       %[[Z:.+]] = arith.constant 0.000000e+00 : f32
// CHECK:       scf.parallel (%[[I:.+]]) =
// CHECK-NEXT:    memref.store %[[Z]], %[[ACC:.+]][%[[I]]]
// CHECK-NEXT:    scf.for
// CHECK-NOT:   scf.parallel
// CHECK:       return
// WARP-LABEL:  func.func @fill_into_row_sum
// WARP:        %[[Z:.+]] = arith.constant 0.000000e+00 : f32
// WARP:        gpu.shuffle xor
// WARP:        %[[R:.+]] = arith.addf %[[Z]], %{{.+}} : f32
// WARP:        scf.if
// WARP-NEXT:     memref.store %[[R]]
// WARP-NOT:    scf.parallel ({{.*}}) = (%c0) to (%c16) step (%c1)
// WARP:        return
func.func @fill_into_row_sum(%x: memref<16x128xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %z = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<16xf32>
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    memref.store %z, %acc[%i] : memref<16xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    scf.for %k = %c0 to %c128 step %c1 {
      %v = memref.load %x[%i, %k] : memref<16x128xf32>
      %o = memref.load %acc[%i] : memref<16xf32>
      %r = arith.addf %o, %v : f32
      memref.store %r, %acc[%i] : memref<16xf32>
    }
    scf.reduce
  }
  return %acc : memref<16xf32>
}

// -----

// Tests that a column reduction whose output indices are a permutation of
// the loop's (each element in exactly one iteration) takes the fill too,
// across ops that do not touch the accumulator.
// CHECK-LABEL: func.func @fill_into_transposed
// CHECK:       memref.alloc() : memref<8x4xf32>
// CHECK:       scf.parallel (%[[I:.+]], %[[J:.+]]) = (%c0, %c0) to (%c4, %c8)
// CHECK-NEXT:    memref.store %{{.+}}, %{{.+}}[%[[J]], %[[I]]] : memref<8x4xf32>
// CHECK-NEXT:    scf.for
// CHECK-NOT:   scf.parallel
// CHECK:       return
func.func @fill_into_transposed(%x: memref<4x8x32xf32>) -> memref<8x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %z = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<8x4xf32>
  scf.parallel (%j, %i) = (%c0, %c0) to (%c8, %c4) step (%c1, %c1) {
    memref.store %z, %acc[%j, %i] : memref<8x4xf32>
    scf.reduce
  }
  %other = memref.alloc() : memref<4xf32>
  memref.dealloc %other : memref<4xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1) {
    scf.for %k = %c0 to %c32 step %c1 {
      %v = memref.load %x[%i, %j, %k] : memref<4x8x32xf32>
      %o = memref.load %acc[%j, %i] : memref<8x4xf32>
      %r = arith.maximumf %o, %v : f32
      memref.store %r, %acc[%j, %i] : memref<8x4xf32>
    }
    scf.reduce
  }
  return %acc : memref<8x4xf32>
}

// -----

// Tests fills that must stay: the reduction reads another element of the
// accumulator (a prefix sum), something reads the buffer in between, and
// the next loop covers only part of the buffer.
// CHECK-LABEL: func.func @fills_that_stay
// CHECK-COUNT-6: scf.parallel
// CHECK:       return
func.func @fills_that_stay(%x: memref<16xf32>, %out: memref<f32>) -> (memref<16xf32>, memref<16xf32>, memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %z = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    memref.store %z, %a[%i] : memref<16xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c1) to (%c16) step (%c1) {
    %p = arith.subi %i, %c1 : index
    %o = memref.load %a[%p] : memref<16xf32>
    %v = memref.load %x[%i] : memref<16xf32>
    %r = arith.addf %o, %v : f32
    memref.store %r, %a[%i] : memref<16xf32>
    scf.reduce
  }
  %b = memref.alloc() : memref<16xf32>
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    memref.store %z, %b[%i] : memref<16xf32>
    scf.reduce
  }
  %first = memref.load %b[%c0] : memref<16xf32>
  memref.store %first, %out[] : memref<f32>
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %o = memref.load %b[%i] : memref<16xf32>
    %v = memref.load %x[%i] : memref<16xf32>
    %r = arith.addf %o, %v : f32
    memref.store %r, %b[%i] : memref<16xf32>
    scf.reduce
  }
  %c = memref.alloc() : memref<32xf32>
  scf.parallel (%i) = (%c0) to (%c32) step (%c1) {
    memref.store %z, %c[%i] : memref<32xf32>
    scf.reduce
  }
  %half = memref.subview %c[0] [16] [1] : memref<32xf32> to memref<16xf32, strided<[1]>>
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %o = memref.load %half[%i] : memref<16xf32, strided<[1]>>
    %v = memref.load %x[%i] : memref<16xf32>
    %r = arith.addf %o, %v : f32
    memref.store %r, %half[%i] : memref<16xf32, strided<[1]>>
    scf.reduce
  }
  return %a, %b, %c : memref<16xf32>, memref<16xf32>, memref<32xf32>
}

// -----

// Tests that a fill stays when an op that may read memory through a
// pointer taken earlier (a library call) stands before the reduction,
// and that a write to an argument next to a read of another argument
// (possibly the same buffer) keeps two loops.
// CHECK-LABEL: func.func @fill_before_call
// CHECK-COUNT-2: scf.parallel
// CHECK:       return
func.func private @reads_pointer(index)
func.func @fill_before_call(%x: memref<16x128xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %z = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<16xf32>
  %p = memref.extract_aligned_pointer_as_index %acc : memref<16xf32> -> index
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    memref.store %z, %acc[%i] : memref<16xf32>
    scf.reduce
  }
  func.call @reads_pointer(%p) : (index) -> ()
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    scf.for %k = %c0 to %c128 step %c1 {
      %v = memref.load %x[%i, %k] : memref<16x128xf32>
      %o = memref.load %acc[%i] : memref<16xf32>
      %r = arith.addf %o, %v : f32
      memref.store %r, %acc[%i] : memref<16xf32>
    }
    scf.reduce
  }
  return %acc : memref<16xf32>
}

// -----

// Tests that a producer with two consumers and its neighbour over the
// same space become one loop: the second body after the first, reading
// what the first stored at the same index; the allocation in between
// moves before the loop.
// CHECK-LABEL: func.func @neighbours
// CHECK:       %[[T:.+]] = memref.alloc() : memref<64x32xf32>
// CHECK-NEXT:  %[[U:.+]] = memref.alloc() : memref<64x32xf32>
// CHECK-NEXT:  scf.parallel (%[[I:.+]], %[[J:.+]]) =
// CHECK:         math.tanh
// CHECK:         memref.store %{{.+}}, %[[T]][%[[I]], %[[J]]]
// CHECK:         %[[L:.+]] = memref.load %[[T]][%[[I]], %[[J]]]
// CHECK:         arith.mulf %[[L]], %[[L]]
// CHECK:         memref.store %{{.+}}, %[[U]][%[[I]], %[[J]]]
// CHECK-NEXT:    scf.reduce
// CHECK-NOT:   scf.parallel
// CHECK:       return
func.func @neighbours(%x: memref<64x32xf32>) -> (memref<64x32xf32>, memref<64x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %t = memref.alloc() : memref<64x32xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c32) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<64x32xf32>
    %h = math.tanh %v : f32
    memref.store %h, %t[%i, %j] : memref<64x32xf32>
    scf.reduce
  }
  %u = memref.alloc() : memref<64x32xf32>
  scf.parallel (%a, %b) = (%c0, %c0) to (%c64, %c32) step (%c1, %c1) {
    %v = memref.load %t[%a, %b] : memref<64x32xf32>
    %s = arith.mulf %v, %v : f32
    memref.store %s, %u[%a, %b] : memref<64x32xf32>
    scf.reduce
  }
  return %t, %u : memref<64x32xf32>, memref<64x32xf32>
}

// -----

// Tests that neighbours inside a sequential loop around kernels (a tile
// loop of attention=tiled, bufferized) are fused too, each iteration's
// pair one kernel: the tile's tanh and its square, the second tile buffer
// allocated before the fused loop and both freed in the iteration.
// CHECK-LABEL: func.func @neighbours_in_tile_loop
// CHECK:       scf.for %[[B:.+]] = %c0 to %c256 step %c64 {
// CHECK:         %[[T:.+]] = memref.alloc() : memref<64x32xf32>
// CHECK-NEXT:    %[[U:.+]] = memref.alloc() : memref<64x32xf32>
// CHECK-NEXT:    scf.parallel (%[[I:.+]], %[[J:.+]]) =
// CHECK:           math.tanh
// CHECK:           memref.store %{{.+}}, %[[T]][%[[I]], %[[J]]]
// CHECK:           %[[L:.+]] = memref.load %[[T]][%[[I]], %[[J]]]
// CHECK:           arith.mulf %[[L]], %[[L]]
// CHECK:           memref.store %{{.+}}, %[[U]][%[[I]], %[[J]]]
// CHECK-NEXT:      scf.reduce
// CHECK-NOT:     scf.parallel
// CHECK:         memref.dealloc %[[T]]
// CHECK:       return
func.func @neighbours_in_tile_loop(%x: memref<256x32xf32>, %out: memref<256x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  scf.for %blk = %c0 to %c256 step %c64 {
    %tile = memref.subview %x[%blk, 0] [64, 32] [1, 1] : memref<256x32xf32> to memref<64x32xf32, strided<[32, 1], offset: ?>>
    %t = memref.alloc() : memref<64x32xf32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c32) step (%c1, %c1) {
      %v = memref.load %tile[%i, %j] : memref<64x32xf32, strided<[32, 1], offset: ?>>
      %h = math.tanh %v : f32
      memref.store %h, %t[%i, %j] : memref<64x32xf32>
      scf.reduce
    }
    %u = memref.alloc() : memref<64x32xf32>
    scf.parallel (%a, %b) = (%c0, %c0) to (%c64, %c32) step (%c1, %c1) {
      %v = memref.load %t[%a, %b] : memref<64x32xf32>
      %s = arith.mulf %v, %v : f32
      memref.store %s, %u[%a, %b] : memref<64x32xf32>
      scf.reduce
    }
    memref.dealloc %t : memref<64x32xf32>
    %dst = memref.subview %out[%blk, 0] [64, 32] [1, 1] : memref<256x32xf32> to memref<64x32xf32, strided<[32, 1], offset: ?>>
    memref.copy %u, %dst : memref<64x32xf32> to memref<64x32xf32, strided<[32, 1], offset: ?>>
    memref.dealloc %u : memref<64x32xf32>
  }
  return
}

// -----

// Tests neighbours that must stay apart: a transposed read of what the
// first wrote (another iteration's element), different bounds, a write to
// one argument next to a read of another (they may be one buffer), and a
// nested loop (a reduction keeps its own kernel).
// CHECK-LABEL: func.func @transposed_read
// CHECK-COUNT-2: scf.parallel
func.func @transposed_read(%x: memref<32x32xf32>, %t: memref<32x32xf32>, %u: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %t0 = memref.alloc() : memref<32x32xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c32, %c32) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<32x32xf32>
    memref.store %v, %t0[%i, %j] : memref<32x32xf32>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c32, %c32) step (%c1, %c1) {
    %v = memref.load %t0[%j, %i] : memref<32x32xf32>
    memref.store %v, %u[%i, %j] : memref<32x32xf32>
    scf.reduce
  }
  memref.dealloc %t0 : memref<32x32xf32>
  return
}

// CHECK-LABEL: func.func @other_bounds
// CHECK-COUNT-2: scf.parallel
func.func @other_bounds(%x: memref<32x32xf32>) -> (memref<32x32xf32>, memref<16x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %t = memref.alloc() : memref<32x32xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c32, %c32) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<32x32xf32>
    memref.store %v, %t[%i, %j] : memref<32x32xf32>
    scf.reduce
  }
  %u = memref.alloc() : memref<16x32xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c32) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<32x32xf32>
    memref.store %v, %u[%i, %j] : memref<16x32xf32>
    scf.reduce
  }
  return %t, %u : memref<32x32xf32>, memref<16x32xf32>
}

// CHECK-LABEL: func.func @two_arguments
// CHECK-COUNT-2: scf.parallel
func.func @two_arguments(%x: memref<32xf32>, %y: memref<32xf32>) -> memref<32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  %t = memref.alloc() : memref<32xf32>
  scf.parallel (%i) = (%c0) to (%c32) step (%c1) {
    %j = arith.subi %c31, %i : index
    %v = memref.load %x[%j] : memref<32xf32>
    memref.store %v, %t[%i] : memref<32xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c32) step (%c1) {
    %v = memref.load %t[%i] : memref<32xf32>
    memref.store %v, %y[%i] : memref<32xf32>
    scf.reduce
  }
  return %t : memref<32xf32>
}

// CHECK-LABEL: func.func @nested_loop
// CHECK-COUNT-2: scf.parallel
func.func @nested_loop(%x: memref<32x32xf32>) -> (memref<32x32xf32>, memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %t = memref.alloc() : memref<32x32xf32>
  scf.parallel (%i) = (%c0) to (%c32) step (%c1) {
    %v = memref.load %x[%i, %i] : memref<32x32xf32>
    memref.store %v, %t[%i, %i] : memref<32x32xf32>
    scf.reduce
  }
  %s = memref.alloc() : memref<32xf32>
  scf.parallel (%i) = (%c0) to (%c32) step (%c1) {
    scf.for %k = %c0 to %c32 step %c1 {
      %v = memref.load %x[%i, %k] : memref<32x32xf32>
      memref.store %v, %s[%i] : memref<32xf32>
    }
    scf.reduce
  }
  return %t, %s : memref<32x32xf32>, memref<32xf32>
}

// -----

// Tests frees between neighbours: fused (the free moves after the pair)
// when the pair's live bytes stay within the function's peak, which an
// earlier 8 KiB buffer sets; not fused when they would pass it.
// CHECK-LABEL: func.func @frees_within_peak
// CHECK:       memref.dealloc %{{.+}} : memref<2048xf32>
// CHECK:       scf.parallel
// CHECK-NOT:   scf.parallel
// CHECK:       memref.dealloc %{{.+}} : memref<256xf32>
// CHECK:       return
func.func @frees_within_peak(%x: memref<256xf32>) -> memref<256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %big = memref.alloc() : memref<2048xf32>
  memref.dealloc %big : memref<2048xf32>
  %a = memref.alloc() : memref<256xf32>
  scf.parallel (%i) = (%c0) to (%c256) step (%c1) {
    %v = memref.load %x[%i] : memref<256xf32>
    memref.store %v, %a[%i] : memref<256xf32>
    scf.reduce
  }
  %b = memref.alloc() : memref<256xf32>
  scf.parallel (%i) = (%c0) to (%c256) step (%c1) {
    %v = memref.load %a[%i] : memref<256xf32>
    memref.store %v, %b[%i] : memref<256xf32>
    scf.reduce
  }
  memref.dealloc %a : memref<256xf32>
  %c = memref.alloc() : memref<256xf32>
  scf.parallel (%i) = (%c0) to (%c256) step (%c1) {
    %v = memref.load %b[%i] : memref<256xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %c[%i] : memref<256xf32>
    scf.reduce
  }
  memref.dealloc %b : memref<256xf32>
  return %c : memref<256xf32>
}

// -----

// CHECK-LABEL: func.func @frees_above_peak
// CHECK:       scf.parallel
// CHECK:       memref.dealloc %{{.+}} : memref<256xf32>
// CHECK:       scf.parallel
// CHECK:       return
func.func @frees_above_peak(%x: memref<256xf32>) -> memref<256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %a = memref.alloc() : memref<256xf32>
  scf.parallel (%i) = (%c0) to (%c256) step (%c1) {
    %v = memref.load %x[%i] : memref<256xf32>
    memref.store %v, %a[%i] : memref<256xf32>
    scf.reduce
  }
  %b = memref.alloc() : memref<256xf32>
  scf.parallel (%i) = (%c0) to (%c256) step (%c1) {
    %v = memref.load %a[%i] : memref<256xf32>
    memref.store %v, %b[%i] : memref<256xf32>
    scf.reduce
  }
  memref.dealloc %a : memref<256xf32>
  %c = memref.alloc() : memref<256xf32>
  scf.parallel (%i) = (%c0) to (%c256) step (%c1) {
    %v = memref.load %b[%i] : memref<256xf32>
    memref.store %v, %c[%i] : memref<256xf32>
    scf.reduce
  }
  memref.dealloc %b : memref<256xf32>
  return %c : memref<256xf32>
}

// -----

// Tests that a row reduction's elementwise epilogue (softmax's
// exp(x - max)) joins the reduction's loop: after each row's maximum, a
// loop over the row's elements; the allocation in between moves before
// it. On the GPU the row's warp runs both, each lane reading the row's
// maximum from its register and taking every 32nd element.
// CHECK-LABEL: func.func @softmax_epilogue
// CHECK:       %[[E:.+]] = memref.alloc() : memref<16x128xf32>
// CHECK:       scf.parallel (%[[I:.+]]) = (%c0) to (%c16)
// CHECK-NEXT:    memref.store %{{.+}}, %[[M:.+]][%[[I]]]
// CHECK-NEXT:    scf.for
// CHECK:         }
// CHECK-NEXT:    scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step
// CHECK:           memref.load %[[M]][%[[I]]]
// CHECK:           math.exp
// CHECK:           memref.store %{{.+}}, %[[E]][%[[I]], %[[J]]]
// CHECK-NOT:   scf.parallel
// CHECK:       return
// WARP-LABEL:  func.func @softmax_epilogue
// WARP:        gpu.shuffle xor
// WARP:        %[[T:.+]] = arith.maximumf %cst{{[_0-9]*}}, %{{.+}} : f32
// WARP:        scf.if
// WARP-NEXT:     memref.store %[[T]]
// WARP:        scf.for %{{.+}} = %{{.+}} to %c128{{[_0-9]*}} step %c32
// WARP-NOT:      memref.load %alloc[
// WARP:          arith.subf %{{.+}}, %[[T]] : f32
// WARP:          math.exp
func.func @softmax_epilogue(%x: memref<16x128xf32>) -> (memref<16xf32>, memref<16x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %ninf = arith.constant 0xFF800000 : f32
  %m = memref.alloc() : memref<16xf32>
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    memref.store %ninf, %m[%i] : memref<16xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    scf.for %k = %c0 to %c128 step %c1 {
      %v = memref.load %x[%i, %k] : memref<16x128xf32>
      %o = memref.load %m[%i] : memref<16xf32>
      %r = arith.maximumf %o, %v : f32
      memref.store %r, %m[%i] : memref<16xf32>
    }
    scf.reduce
  }
  %e = memref.alloc() : memref<16x128xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c128) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<16x128xf32>
    %mx = memref.load %m[%i] : memref<16xf32>
    %d = arith.subf %v, %mx : f32
    %ex = math.exp %d : f32
    memref.store %ex, %e[%i, %j] : memref<16x128xf32>
    scf.reduce
  }
  return %m, %e : memref<16xf32>, memref<16x128xf32>
}

// -----

// Tests that an epilogue whose own dimension is not innermost stays a
// kernel of its own: t[i, j] = s[j] could run after row j's sum, over i,
// but a warp's lanes would then write 16 elements apart.
// CHECK-LABEL: func.func @epilogue_row_second
// CHECK-COUNT-2: scf.parallel
func.func @epilogue_row_second(%x: memref<16x16xf32>) -> (memref<16xf32>, memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %z = arith.constant 0.0 : f32
  %s = memref.alloc() : memref<16xf32>
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    memref.store %z, %s[%i] : memref<16xf32>
    scf.for %k = %c0 to %c16 step %c1 {
      %v = memref.load %x[%i, %k] : memref<16x16xf32>
      %o = memref.load %s[%i] : memref<16xf32>
      %r = arith.addf %o, %v : f32
      memref.store %r, %s[%i] : memref<16xf32>
    }
    scf.reduce
  }
  %t = memref.alloc() : memref<16x16xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c16) step (%c1, %c1) {
    %sj = memref.load %s[%j] : memref<16xf32>
    memref.store %sj, %t[%i, %j] : memref<16x16xf32>
    scf.reduce
  }
  return %s, %t : memref<16xf32>, memref<16x16xf32>
}

// -----

// Tests epilogues that stay apart: one reading the result of another row
// (row 0's, in every row), one writing in place into the buffer the
// reduction reads (another row's reduction still needs it).
// CHECK-LABEL: func.func @epilogues_apart
// CHECK-COUNT-4: scf.parallel
// CHECK:       return
func.func @epilogues_apart(%x: memref<16x16xf32>) -> (memref<16xf32>, memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %z = arith.constant 0.0 : f32
  %s = memref.alloc() : memref<16xf32>
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    memref.store %z, %s[%i] : memref<16xf32>
    scf.for %k = %c0 to %c16 step %c1 {
      %v = memref.load %x[%i, %k] : memref<16x16xf32>
      %o = memref.load %s[%i] : memref<16xf32>
      %r = arith.addf %o, %v : f32
      memref.store %r, %s[%i] : memref<16xf32>
    }
    scf.reduce
  }
  %t = memref.alloc() : memref<16x16xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c16) step (%c1, %c1) {
    %s0 = memref.load %s[%c0] : memref<16xf32>
    memref.store %s0, %t[%i, %j] : memref<16x16xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    memref.store %z, %s[%i] : memref<16xf32>
    scf.for %k = %c0 to %c16 step %c1 {
      %v = memref.load %x[%i, %k] : memref<16x16xf32>
      %o = memref.load %s[%i] : memref<16xf32>
      %r = arith.addf %o, %v : f32
      memref.store %r, %s[%i] : memref<16xf32>
    }
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c16) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<16x16xf32>
    %si = memref.load %s[%i] : memref<16xf32>
    %d = arith.divf %v, %si : f32
    memref.store %d, %x[%i, %j] : memref<16x16xf32>
    scf.reduce
  }
  return %s, %t : memref<16xf32>, memref<16x16xf32>
}
