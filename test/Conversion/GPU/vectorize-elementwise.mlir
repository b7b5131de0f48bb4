// RUN: remat-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(remat-vectorize-elementwise))" | FileCheck %s
// RUN: remat-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(remat-vectorize-elementwise{aligned=0}))" | FileCheck %s --check-prefix=UNALIGNED
// RUN: remat-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(remat-vectorize-elementwise{width=1}))" | FileCheck %s --check-prefix=OFF
// RUN: not remat-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(remat-vectorize-elementwise{width=3}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: remat-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(remat-vectorize-elementwise,remat-gpu-map-parallel-loops))" | FileCheck %s --check-prefix=MAPPED

// BAD: width must be 1, 2, 4 or 8, got 3

// Tests a GELU-like loop with a bias row and a per-row scalar: the
// accesses along j become one aligned 16-byte vector load or store each,
// the arithmetic is cloned per element (4 mulf, 4 tanh), the per-row load
// (free of j) is done once, and j runs over 16 / 4 = 4 iterations.
// CHECK-LABEL: func.func @gelu_like
// CHECK:         scf.parallel (%[[I:.+]], %[[J:.+]]) = (%c0{{.*}}, %c0{{.*}}) to (%c8{{.*}}, %c4{{.*}}) step
// CHECK:           %[[J0:.+]] = arith.muli %[[J]], %c4
// CHECK:           %[[X:.+]] = vector.load %{{.+}}[%[[I]], %[[J0]]] {alignment = 16 : i64} : memref<8x16xf32>, vector<4xf32>
// CHECK-COUNT-4:   vector.extract %[[X]][{{[0-3]}}] : f32 from vector<4xf32>
// CHECK:           %[[B:.+]] = vector.load %{{.+}}[%[[J0]]] {alignment = 16 : i64} : memref<16xf32>, vector<4xf32>
// CHECK:           memref.load %{{.+}}[%[[I]]] : memref<8xf32>
// CHECK-NOT:       memref.load
// CHECK-COUNT-4:   math.tanh
// CHECK:           %[[V:.+]] = vector.from_elements
// CHECK:           vector.store %[[V]], %{{.+}}[%[[I]], %[[J0]]] {alignment = 16 : i64} : memref<8x16xf32>, vector<4xf32>
// UNALIGNED-LABEL: func.func @gelu_like
// UNALIGNED:       vector.load %{{.+}} {alignment = 4 : i64} : memref<8x16xf32>, vector<4xf32>
// UNALIGNED:       vector.store %{{.+}} {alignment = 4 : i64} : memref<8x16xf32>, vector<4xf32>
// OFF-LABEL:   func.func @gelu_like
// OFF-NOT:     vector.
// MAPPED-LABEL: func.func @gelu_like
// MAPPED:        vector.load
// MAPPED:      } {mapping = [#gpu.loop_dim_map<processor = thread_y, {{.+}}>, #gpu.loop_dim_map<processor = thread_x, {{.+}}>]}
func.func @gelu_like(%x: memref<8x16xf32>, %b: memref<16xf32>, %s: memref<8xf32>, %out: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c16) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<8x16xf32>
    %w = memref.load %b[%j] : memref<16xf32>
    %r = memref.load %s[%i] : memref<8xf32>
    %a = arith.addf %v, %w : f32
    %m = arith.mulf %a, %r : f32
    %t = math.tanh %m : f32
    memref.store %t, %out[%i, %j] : memref<8x16xf32>
    scf.reduce
  }
  return
}

// -----

// Tests 16-bit values (a bf16 GEMM operand written from an f32 result):
// 8-byte vector stores, 16-byte loads.
// CHECK-LABEL: func.func @to_bf16
// CHECK:         vector.load %{{.+}} {alignment = 16 : i64} : memref<4x64xf32>, vector<4xf32>
// CHECK-COUNT-4: arith.truncf
// CHECK:         vector.store %{{.+}} {alignment = 8 : i64} : memref<4x64xbf16>, vector<4xbf16>
func.func @to_bf16(%x: memref<4x64xf32>, %y: memref<4x64xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c64) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<4x64xf32>
    %h = arith.truncf %v : f32 to bf16
    memref.store %h, %y[%i, %j] : memref<4x64xbf16>
    scf.reduce
  }
  return
}

// -----

// Tests a view with a static offset and a row stride that 4 divides (a
// slice of a concatenation): still contiguous and aligned along j.
// CHECK-LABEL: func.func @aligned_view
// CHECK:         vector.load %{{.+}} {alignment = 16 : i64} : memref<4x8xf32, strided<[24, 1], offset: 8>>, vector<4xf32>
// CHECK:         vector.store
func.func @aligned_view(%x: memref<4x8xf32, strided<[24, 1], offset: 8>>, %y: memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<4x8xf32, strided<[24, 1], offset: 8>>
    memref.store %v, %y[%i, %j] : memref<4x8xf32>
    scf.reduce
  }
  return
}

// -----

// Tests what stays scalar: an offset 4 does not divide (the vector would
// straddle 16-byte boundaries), a transposed side, a trip count 4 does not
// divide, a body with a region, an i1 buffer, a store whose index does not
// follow j, a loop without vectorizable access.
// CHECK-LABEL: func.func @scalar
// CHECK-NOT:     vector.
// CHECK:         return
func.func @scalar(%odd: memref<4x8xf32, strided<[24, 1], offset: 2>>,
                  %t: memref<8x4xf32, strided<[1, 8]>>, %y: memref<4x8xf32>,
                  %r: memref<4x6xf32>, %m: memref<4x8xi1>, %p: memref<4x8xf32>,
                  %rev: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1) {
    %v = memref.load %odd[%i, %j] : memref<4x8xf32, strided<[24, 1], offset: 2>>
    memref.store %v, %y[%i, %j] : memref<4x8xf32>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1) {
    %v = memref.load %t[%j, %i] : memref<8x4xf32, strided<[1, 8]>>
    memref.store %v, %y[%i, %j] : memref<4x8xf32>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c6) step (%c1, %c1) {
    memref.store %z, %r[%i, %j] : memref<4x6xf32>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1) {
    %v = memref.load %p[%i, %j] : memref<4x8xf32>
    %pos = arith.cmpf ogt, %v, %z : f32
    scf.if %pos {
      memref.store %v, %y[%i, %j] : memref<4x8xf32>
    }
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1) {
    %v = memref.load %p[%i, %j] : memref<4x8xf32>
    %pos = arith.cmpf ogt, %v, %z : f32
    memref.store %pos, %m[%i, %j] : memref<4x8xi1>
    scf.reduce
  }
  scf.parallel (%j) = (%c0) to (%c8) step (%c1) {
    %v = memref.load %rev[%j] : memref<8xf32>
    %k = arith.subi %c7, %j : index
    memref.store %v, %p[%c0, %k] : memref<4x8xf32>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1) {
    %v = memref.load %p[%i, %c0] : memref<4x8xf32>
    memref.store %v, %rev[%i] : memref<8xf32>
    scf.reduce
  }
  return
}

// -----

// Tests an in-place update (the same buffer read and written at [i, j]):
// each element is loaded before it is stored, as in the scalar loop.
// CHECK-LABEL: func.func @in_place
// CHECK:         %[[V:.+]] = vector.load %[[A:.+]][
// CHECK:         vector.store %{{.+}}, %[[A]][
func.func @in_place(%a: memref<2x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c8) step (%c1, %c1) {
    %v = memref.load %a[%i, %j] : memref<2x8xf32>
    %d = arith.addf %v, %v : f32
    memref.store %d, %a[%i, %j] : memref<2x8xf32>
    scf.reduce
  }
  return
}
