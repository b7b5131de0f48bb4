// RUN: remat-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(remat-gpu-map-parallel-loops))" | FileCheck %s
// RUN: remat-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(remat-gpu-map-parallel-loops{block-size=128}))" | FileCheck %s --check-prefix=B128
// RUN: not remat-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(remat-gpu-map-parallel-loops{block-size=2048}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// Tests that a 256 x 64 loop gets blocks of 4 x 64 = 256 threads, the
// innermost dimension on thread x (coalesced), the tiles on blocks.
// CHECK-LABEL: func.func @two_d
// CHECK:       scf.parallel (%[[I:.+]], %[[J:.+]]) = (%c0, %c0) to (%c256, %c64) step (%c4{{.*}}, %c64{{.*}})
// CHECK:         scf.parallel ({{.+}}) = ({{.+}}) to (%c4{{.*}}, %c64{{.*}}) step (%c1, %c1)
// CHECK:           memref.store
// CHECK:         } {mapping = [#gpu.loop_dim_map<processor = thread_y, {{.+}}>, #gpu.loop_dim_map<processor = thread_x, {{.+}}>]}
// CHECK:       } {mapping = [#gpu.loop_dim_map<processor = block_y, {{.+}}>, #gpu.loop_dim_map<processor = block_x, {{.+}}>]}
// B128-LABEL:  func.func @two_d
// B128:        step (%c2{{.*}}, %c64{{.*}})
// BAD:         block-size must be in [1, 1024], got 2048
func.func @two_d(%a: memref<256x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %z = arith.constant 0.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c256, %c64) step (%c1, %c1) {
    memref.store %z, %a[%i, %j] : memref<256x64xf32>
    scf.reduce
  }
  return
}

// -----

// Tests that a trip count the block size does not divide keeps constant
// launch bounds and guards the tail with scf.if.
// CHECK-LABEL: func.func @ragged
// CHECK:       scf.parallel ({{.+}}) = (%c0) to (%c1000) step (%[[T:c256.*]])
// CHECK:         scf.parallel ({{.+}}) = ({{.+}}) to (%[[T]]) step (%c1)
// CHECK:           %[[IN:.+]] = arith.cmpi ult, %{{.+}}, %c1000 : index
// CHECK:           scf.if
// CHECK:             memref.store
// CHECK:         } {mapping = [#gpu.loop_dim_map<processor = thread_x, {{.+}}>]}
// CHECK:       } {mapping = [#gpu.loop_dim_map<processor = block_x, {{.+}}>]}
// B128-LABEL:  func.func @ragged
// B128:        step (%c128{{.*}})
func.func @ragged(%a: memref<1000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000 : index
  %z = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %z, %a[%i] : memref<1000xf32>
    scf.reduce
  }
  return
}

// -----

// Tests that host-side accesses (a 0-d elementwise op, a full reduction's
// loop) are wrapped into one-thread kernels, one per run of ops.
// CHECK-LABEL: func.func @host_side
// CHECK:       scf.parallel
// CHECK:         scf.parallel
// CHECK:           memref.load %arg0[]
// CHECK:           arith.mulf
// CHECK:           memref.store %{{.+}}, %arg1[]
// CHECK:           scf.for
// CHECK:             memref.load %arg2
// CHECK:       mapping = [#gpu.loop_dim_map<processor = block_x
// CHECK-NOT:   memref.load
// CHECK:       return
func.func @host_side(%a: memref<f32>, %b: memref<f32>, %v: memref<1000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000 : index
  %x = memref.load %a[] : memref<f32>
  %y = arith.mulf %x, %x : f32
  memref.store %y, %b[] : memref<f32>
  scf.for %i = %c0 to %n step %c1 {
    %e = memref.load %v[%i] : memref<1000xf32>
    %s = memref.load %b[] : memref<f32>
    %t = arith.addf %s, %e : f32
    memref.store %t, %b[] : memref<f32>
  }
  return
}

// -----

// Tests a sequential loop around kernels (as -remat-tile-attention's tile
// loops bufferize): the scf.for stays on the host, its parallel loop (the
// tile's elementwise op) is mapped and launched once per iteration, and the
// host-side accesses of its body (a scalar update) are wrapped into a
// one-thread kernel inside it; an inner loop without kernels is wrapped
// whole.
// CHECK-LABEL: func.func @tile_loop
// CHECK:       scf.for %[[I:.+]] = %c0 to %c64 step %c16 {
// CHECK:         %[[TILE:.+]] = memref.subview %arg0[%[[I]], 0] [16, 32]
// CHECK:         scf.parallel
// CHECK:           scf.parallel
// CHECK:             memref.load %[[TILE]]
// CHECK:             math.exp
// CHECK:         } {mapping = [#gpu.loop_dim_map<processor = block_y
// CHECK:         scf.parallel
// CHECK:           memref.load %arg1[]
// CHECK:           memref.store %{{.+}}, %arg1[]
// CHECK:           scf.for
// CHECK:             memref.load %arg1[]
// CHECK:         } {mapping = [#gpu.loop_dim_map<processor = block_x{{.*}}]}
// CHECK-NEXT:  }{{$}}
// CHECK-NEXT:  return
func.func @tile_loop(%a: memref<64x32xf32>, %s: memref<f32>, %t: memref<16x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c16 {
    %tile = memref.subview %a[%i, 0] [16, 32] [1, 1] : memref<64x32xf32> to memref<16x32xf32, strided<[32, 1], offset: ?>>
    scf.parallel (%r, %c) = (%c0, %c0) to (%c16, %c32) step (%c1, %c1) {
      %x = memref.load %tile[%r, %c] : memref<16x32xf32, strided<[32, 1], offset: ?>>
      %e = math.exp %x : f32
      memref.store %e, %t[%r, %c] : memref<16x32xf32>
      scf.reduce
    }
    %x = memref.load %s[] : memref<f32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %s[] : memref<f32>
    scf.for %j = %c0 to %c4 step %c1 {
      %z = memref.load %s[] : memref<f32>
      %w = arith.mulf %z, %z : f32
      memref.store %w, %s[] : memref<f32>
    }
  }
  return
}

// -----

// Tests that a value the host needs (here returned) is not wrapped: the
// device-memory check reports it later.
// CHECK-LABEL: func.func @escapes
// CHECK-NOT:   scf.parallel
// CHECK:       memref.load
func.func @escapes(%a: memref<f32>) -> f32 {
  %x = memref.load %a[] : memref<f32>
  return %x : f32
}

// -----

// Tests that a copy into a strided view (a slice of a concatenation's
// result) becomes a mapped element-wise loop, innermost dimension on thread
// x, while a contiguous copy stays a memref.copy (a gpu.memcpy later).
// CHECK-LABEL: func.func @strided_copy
// CHECK:       %[[VIEW:.+]] = memref.subview
// CHECK:       scf.parallel ({{.+}}) = (%c0, %c0) to (%c128, %c128{{.*}}) step
// CHECK:         scf.parallel
// CHECK:           %[[V:.+]] = memref.load %arg0
// CHECK:           memref.store %[[V]], %[[VIEW]]
// CHECK:         } {mapping = [#gpu.loop_dim_map<processor = thread_y, {{.+}}>, #gpu.loop_dim_map<processor = thread_x, {{.+}}>]}
// CHECK:       memref.copy %arg0, %arg2 : memref<128x128xf32> to memref<128x128xf32>
func.func @strided_copy(%src: memref<128x128xf32>, %dst: memref<128x384xf32>, %flat: memref<128x128xf32>) {
  %view = memref.subview %dst[0, 128] [128, 128] [1, 1] : memref<128x384xf32> to memref<128x128xf32, strided<[384, 1], offset: 128>>
  memref.copy %src, %view : memref<128x128xf32> to memref<128x128xf32, strided<[384, 1], offset: 128>>
  memref.copy %src, %flat : memref<128x128xf32> to memref<128x128xf32>
  return
}

// -----

// Tests that a row reduction (the reduced index innermost in the input)
// gets a warp per row: 32 lanes on thread x, 8 rows per 256-thread block,
// lane l sums k = l, l + 32, ..., a butterfly of xor shuffles, and lane 0
// adds the row's sum to the output; the body (math.exp) is kept.
// CHECK-LABEL: func.func @row_sum
// CHECK:       scf.parallel ({{.+}}) = (%c0{{.*}}, %c0{{.*}}) to (%c1000, %c32{{.*}}) step (%c8{{.*}}, %c32{{.*}})
// CHECK:         scf.parallel ({{.+}}, %[[LANE:.+]]) = ({{.+}}) to (%c8{{.*}}, %c32{{.*}}) step (%c1{{.*}}, %c1{{.*}})
// CHECK:           %[[L:.+]] = arith.addi %[[LANE]], %{{.+}} : index
// CHECK:           %[[ZERO:.+]] = arith.constant -0.000000e+00 : f32
// CHECK:           %[[PART:.+]] = scf.for %[[K:.+]] = %[[L]] to %c128 step %c32{{.*}} iter_args(%[[ACC:.+]] = %[[ZERO]]) -> (f32) {
// CHECK:             memref.load %arg0[%{{.+}}, %[[K]]]
// CHECK:             math.exp
// CHECK:             arith.addf %[[ACC]],
// CHECK-COUNT-5:   gpu.shuffle  xor
// CHECK:           arith.cmpi eq, %[[L]], %c0
// CHECK:           scf.if
// CHECK:             memref.load %arg1
// CHECK:             arith.addf
// CHECK:             memref.store
// CHECK:         } {mapping = [#gpu.loop_dim_map<processor = thread_y, {{.+}}>, #gpu.loop_dim_map<processor = thread_x, {{.+}}>]}
// B128-LABEL:  func.func @row_sum
// B128:        step (%c4{{.*}}, %c32{{.*}})
// B128-COUNT-5: gpu.shuffle  xor
func.func @row_sum(%a: memref<1000x128xf32>, %o: memref<1000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c1000 = arith.constant 1000 : index
  scf.parallel (%i) = (%c0) to (%c1000) step (%c1) {
    scf.for %k = %c0 to %c128 step %c1 {
      %x = memref.load %a[%i, %k] : memref<1000x128xf32>
      %acc = memref.load %o[%i] : memref<1000xf32>
      %e = math.exp %x : f32
      %s = arith.addf %acc, %e : f32
      memref.store %s, %o[%i] : memref<1000xf32>
    }
    scf.reduce
  }
  return
}

// -----

// Tests the reductions that keep one thread per output: a row maximum
// whose rows are shorter than two warps, and a column sum with many
// outputs (consecutive threads already read consecutive addresses and
// fill the GPU).
// CHECK-LABEL: func.func @keep_thread_per_output
// CHECK-NOT:   gpu.shuffle
// CHECK:       return
func.func @keep_thread_per_output(%a: memref<1000x48xf32>, %o: memref<1000xf32>, %b: memref<256x32768xf32>, %p: memref<32768xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c48 = arith.constant 48 : index
  %c256 = arith.constant 256 : index
  %c1000 = arith.constant 1000 : index
  %cols = arith.constant 32768 : index
  scf.parallel (%i) = (%c0) to (%c1000) step (%c1) {
    scf.for %k = %c0 to %c48 step %c1 {
      %x = memref.load %a[%i, %k] : memref<1000x48xf32>
      %acc = memref.load %o[%i] : memref<1000xf32>
      %m = arith.maximumf %acc, %x : f32
      memref.store %m, %o[%i] : memref<1000xf32>
    }
    scf.reduce
  }
  scf.parallel (%j) = (%c0) to (%cols) step (%c1) {
    scf.for %k = %c0 to %c256 step %c1 {
      %x = memref.load %b[%k, %j] : memref<256x32768xf32>
      %acc = memref.load %p[%j] : memref<32768xf32>
      %s = arith.addf %acc, %x : f32
      memref.store %s, %p[%j] : memref<32768xf32>
    }
    scf.reduce
  }
  return
}

// -----

// Tests that a column reduction with few outputs (a bias gradient: 128
// sums over 256 rows) also gets a warp per output: one thread each would
// leave the GPU nearly idle, each walking 256 rows alone.
// CHECK-LABEL: func.func @few_columns
// CHECK:       scf.parallel ({{.+}}) = (%c0{{.*}}, %c0{{.*}}) to (%c128, %c32{{.*}}) step (%c8{{.*}}, %c32{{.*}})
// CHECK:         scf.for %[[K:.+]] = %{{.+}} to %c256 step %c32
// CHECK:           memref.load %arg0[%[[K]], %{{.+}}]
// CHECK-COUNT-5:   gpu.shuffle  xor
func.func @few_columns(%b: memref<256x128xf32>, %p: memref<128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  scf.parallel (%j) = (%c0) to (%c128) step (%c1) {
    scf.for %k = %c0 to %c256 step %c1 {
      %x = memref.load %b[%k, %j] : memref<256x128xf32>
      %acc = memref.load %p[%j] : memref<128xf32>
      %s = arith.addf %acc, %x : f32
      memref.store %s, %p[%j] : memref<128xf32>
    }
    scf.reduce
  }
  return
}

// -----

// Tests that a reduction over two dimensions (a bias gradient: 64 sums
// over 2 x 128 rows) is collapsed into one loop over the 256 rows and gets
// a warp per output, combining with the fill stored first.
// CHECK-LABEL: func.func @bias_gradient
// CHECK:       %[[Z:.+]] = arith.constant 0.000000e+00 : f32
// CHECK:       scf.for %[[K:.+]] = %{{.+}} to %c256{{.*}} step %c32
// CHECK:         affine.delinearize_index %[[K]] into (2, 128)
// CHECK-COUNT-5: gpu.shuffle xor
// CHECK:       %[[R:.+]] = arith.addf %{{.+}}, %[[Z]] : f32
// CHECK:       scf.if
// CHECK-NEXT:    memref.store %[[R]]
func.func @bias_gradient(%g: memref<2x128x64xf32>, %db: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %z = arith.constant 0.0 : f32
  scf.parallel (%j) = (%c0) to (%c64) step (%c1) {
    memref.store %z, %db[%j] : memref<64xf32>
    scf.for %b = %c0 to %c2 step %c1 {
      scf.for %t = %c0 to %c128 step %c1 {
        %v = memref.load %g[%b, %t, %j] : memref<2x128x64xf32>
        %o = memref.load %db[%j] : memref<64xf32>
        %r = arith.addf %v, %o : f32
        memref.store %r, %db[%j] : memref<64xf32>
      }
    }
    scf.reduce
  }
  return
}

// -----

// Tests that a loop after a row reduction whose iterations are not
// independent (it accumulates into one element per row) is not shared by
// the lanes of a warp: the row keeps one thread, the loops stay
// sequential.
// CHECK-LABEL: func.func @dependent_epilogue
// CHECK-NOT:   gpu.shuffle
// CHECK:       return
func.func @dependent_epilogue(%x: memref<64x128xf32>, %s: memref<64xf32>, %t: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %z = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    memref.store %z, %s[%i] : memref<64xf32>
    scf.for %k = %c0 to %c128 step %c1 {
      %v = memref.load %x[%i, %k] : memref<64x128xf32>
      %o = memref.load %s[%i] : memref<64xf32>
      %r = arith.addf %o, %v : f32
      memref.store %r, %s[%i] : memref<64xf32>
    }
    scf.for %j = %c0 to %c128 step %c1 {
      %v = memref.load %x[%i, %j] : memref<64x128xf32>
      %a = memref.load %t[%i] : memref<64xf32>
      %m = arith.maximumf %a, %v : f32
      memref.store %m, %t[%i] : memref<64xf32>
    }
    scf.reduce
  }
  return
}

// -----

// Tests a loop over four dimensions (batch x heads x queries x keys): the
// outer two are collapsed into one, so that every dimension maps to the
// grid (6 x 64 x 32: blocks of 8 x 32 threads, the 6 on block z), and
// the collapsed index is split back by division.
// CHECK-LABEL: func.func @four_d
// CHECK:       scf.parallel ({{.+}}) = ({{.+}}) to (%c6, %c64{{.*}}, %c32{{.*}}) step ({{.+}}, %c8, %c32{{.*}})
// CHECK:         arith.remsi %{{.+}}, %c3
// CHECK:         arith.divsi %{{.+}}, %c3
// CHECK:         memref.store
// CHECK:       } {mapping = [#gpu.loop_dim_map<processor = block_z, {{.+}}>, #gpu.loop_dim_map<processor = block_y, {{.+}}>, #gpu.loop_dim_map<processor = block_x, {{.+}}>]}
func.func @four_d(%a: memref<2x3x64x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %z = arith.constant 0.0 : f32
  scf.parallel (%b, %h, %i, %j) = (%c0, %c0, %c0, %c0) to (%c2, %c3, %c64, %c32) step (%c1, %c1, %c1, %c1) {
    memref.store %z, %a[%b, %h, %i, %j] : memref<2x3x64x32xf32>
    scf.reduce
  }
  return
}

// -----

// Tests that outer dimensions whose product exceeds a grid dimension
// (300 x 300 = 90000 > 65535) are not collapsed: the outermost stays
// sequential.
// CHECK-LABEL: func.func @four_d_large
// CHECK-NOT:   arith.divsi
// CHECK:       } {mapping = [#gpu.loop_dim_map<processor = sequential, {{.+}}>, #gpu.loop_dim_map<processor = block_z, {{.+}}>, #gpu.loop_dim_map<processor = block_y, {{.+}}>, #gpu.loop_dim_map<processor = block_x, {{.+}}>]}
func.func @four_d_large(%a: memref<300x300x2x2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c300 = arith.constant 300 : index
  %z = arith.constant 0.0 : f32
  scf.parallel (%b, %h, %i, %j) = (%c0, %c0, %c0, %c0) to (%c300, %c300, %c2, %c2) step (%c1, %c1, %c1, %c1) {
    memref.store %z, %a[%b, %h, %i, %j] : memref<300x300x2x2xf32>
    scf.reduce
  }
  return
}
