// RUN: remat-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(remat-scatter-index-matches))" | FileCheck %s

// Tests an embedding gradient as -remat-fuse-parallel-loops leaves it (the
// fill first): the fill becomes its own loop, then each column runs the
// tokens in order, adding into the row the id names when it is one.
// CHECK-LABEL: func.func @embedding_grad
// CHECK:         scf.parallel (%[[V:.+]], %[[C:.+]]) = (%c0, %c0) to (%c10, %c8)
// CHECK-NEXT:      memref.store %cst, %[[OUT:.+]][%[[V]], %[[C]]]
// CHECK-NEXT:      scf.reduce
// CHECK:         scf.parallel (%[[C2:.+]]) = (%c0) to (%c8) step (%c1) {
// CHECK-NEXT:      scf.for %[[T:.+]] = %c0 to %c16 step %c1 {
// CHECK-NEXT:        %[[ID:.+]] = memref.load %{{.+}}[%[[T]]] : memref<16xi64>
// CHECK-DAG:         %[[Z:.+]] = arith.constant 0 : i64
// CHECK-DAG:         %[[R:.+]] = arith.constant 10 : i64
// CHECK:             %[[GE:.+]] = arith.cmpi sge, %[[ID]], %[[Z]] : i64
// CHECK-NEXT:        %[[LT:.+]] = arith.cmpi slt, %[[ID]], %[[R]] : i64
// CHECK-NEXT:        %[[IN:.+]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK-NEXT:        scf.if %[[IN]] {
// CHECK-NEXT:          %[[ROW:.+]] = arith.index_cast %[[ID]] : i64 to index
// CHECK-NEXT:          %[[G:.+]] = memref.load %{{.+}}[%[[T]], %[[C2]]]
// CHECK-NEXT:          %[[ACC:.+]] = memref.load %[[OUT]][%[[ROW]], %[[C2]]]
// CHECK-NEXT:          %[[S:.+]] = arith.addf %[[ACC]], %[[G]] : f32
// CHECK-NEXT:          memref.store %[[S]], %[[OUT]][%[[ROW]], %[[C2]]]
// CHECK-NOT:     arith.select
func.func @embedding_grad(%ids: memref<16xi64>, %g: memref<16x8xf32>) -> memref<10x8xf32> {
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.000000e+00 : f32
  %out = memref.alloc() : memref<10x8xf32>
  scf.parallel (%v, %c) = (%c0, %c0) to (%c10, %c8) step (%c1, %c1) {
    memref.store %cst, %out[%v, %c] : memref<10x8xf32>
    scf.for %t = %c0 to %c16 step %c1 {
      %0 = memref.load %ids[%t] : memref<16xi64>
      %1 = memref.load %g[%t, %c] : memref<16x8xf32>
      %2 = memref.load %out[%v, %c] : memref<10x8xf32>
      %3 = arith.index_cast %v : index to i64
      %4 = arith.cmpi eq, %0, %3 : i64
      %5 = arith.addf %2, %1 : f32
      %6 = arith.select %4, %5, %2 : f32
      memref.store %6, %out[%v, %c] : memref<10x8xf32>
    }
    scf.reduce
  }
  return %out : memref<10x8xf32>
}

// -----

// Tests the unfused form (the fill a loop of its own before), i32 ids
// compared the other way round, the row dimension not first, and ids read
// from a 2-D buffer at a constant row: no fill loop is added, the columns
// stay parallel.
// CHECK-LABEL: func.func @unfused_i32
// CHECK:         scf.parallel ({{.+}}) = (%c0, %c0) to (%c6, %c4)
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      scf.reduce
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.parallel (%[[C:.+]]) = (%c0) to (%c6) step (%c1) {
// CHECK:           memref.load %{{.+}}[%c0, %{{.+}}] : memref<2x12xi32>
// CHECK:           arith.cmpi slt, %{{.+}}, %c4_i32 : i32
// CHECK:           scf.if
// CHECK:             memref.load %{{.+}}[%[[C]], %{{.+}}] : memref<6x4xf32>
// CHECK-NOT:     scf.parallel
func.func @unfused_i32(%ids: memref<2x12xi32>, %g: memref<12x6xf32>, %out: memref<6x4xf32>) {
  %c12 = arith.constant 12 : index
  %c6 = arith.constant 6 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.000000e+00 : f32
  scf.parallel (%c, %v) = (%c0, %c0) to (%c6, %c4) step (%c1, %c1) {
    memref.store %cst, %out[%c, %v] : memref<6x4xf32>
    scf.reduce
  }
  scf.parallel (%c, %v) = (%c0, %c0) to (%c6, %c4) step (%c1, %c1) {
    scf.for %t = %c0 to %c12 step %c1 {
      %0 = memref.load %ids[%c0, %t] : memref<2x12xi32>
      %1 = memref.load %g[%t, %c] : memref<12x6xf32>
      %2 = memref.load %out[%c, %v] : memref<6x4xf32>
      %3 = arith.index_cast %v : index to i32
      %4 = arith.cmpi eq, %3, %0 : i32
      %5 = arith.addf %2, %1 : f32
      %6 = arith.select %4, %5, %2 : f32
      memref.store %6, %out[%c, %v] : memref<6x4xf32>
    }
    scf.reduce
  }
  return
}

// -----

// Tests what stays: the row's index used in the value (an id-dependent
// weight), ids read at a column, a row range not from 0, another read of
// the output, a select that keeps the new value when ids differ.
// CHECK-LABEL: func.func @not_index_matches
// CHECK-NOT:     scf.if
// CHECK:         return
func.func @not_index_matches(%ids: memref<16xi64>, %ids2: memref<16x8xi64>, %g: memref<16x8xf32>, %out: memref<10x8xf32>) {
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %c0 = arith.constant 0 : index
  scf.parallel (%v, %c) = (%c0, %c0) to (%c10, %c8) step (%c1, %c1) {
    scf.for %t = %c0 to %c16 step %c1 {
      %0 = memref.load %ids[%t] : memref<16xi64>
      %1 = memref.load %g[%t, %c] : memref<16x8xf32>
      %2 = memref.load %out[%v, %c] : memref<10x8xf32>
      %3 = arith.index_cast %v : index to i64
      %4 = arith.cmpi eq, %0, %3 : i64
      %w = arith.sitofp %3 : i64 to f32
      %5 = arith.mulf %1, %w : f32
      %6 = arith.select %4, %5, %2 : f32
      memref.store %6, %out[%v, %c] : memref<10x8xf32>
    }
    scf.reduce
  }
  scf.parallel (%v, %c) = (%c0, %c0) to (%c10, %c8) step (%c1, %c1) {
    scf.for %t = %c0 to %c16 step %c1 {
      %0 = memref.load %ids2[%t, %c] : memref<16x8xi64>
      %1 = memref.load %g[%t, %c] : memref<16x8xf32>
      %2 = memref.load %out[%v, %c] : memref<10x8xf32>
      %3 = arith.index_cast %v : index to i64
      %4 = arith.cmpi eq, %0, %3 : i64
      %5 = arith.addf %2, %1 : f32
      %6 = arith.select %4, %5, %2 : f32
      memref.store %6, %out[%v, %c] : memref<10x8xf32>
    }
    scf.reduce
  }
  scf.parallel (%v, %c) = (%c2, %c0) to (%c10, %c8) step (%c1, %c1) {
    scf.for %t = %c0 to %c16 step %c1 {
      %0 = memref.load %ids[%t] : memref<16xi64>
      %1 = memref.load %g[%t, %c] : memref<16x8xf32>
      %2 = memref.load %out[%v, %c] : memref<10x8xf32>
      %3 = arith.index_cast %v : index to i64
      %4 = arith.cmpi eq, %0, %3 : i64
      %5 = arith.addf %2, %1 : f32
      %6 = arith.select %4, %5, %2 : f32
      memref.store %6, %out[%v, %c] : memref<10x8xf32>
    }
    scf.reduce
  }
  scf.parallel (%v, %c) = (%c0, %c0) to (%c10, %c8) step (%c1, %c1) {
    scf.for %t = %c0 to %c16 step %c1 {
      %0 = memref.load %ids[%t] : memref<16xi64>
      %1 = memref.load %out[%c0, %c] : memref<10x8xf32>
      %2 = memref.load %out[%v, %c] : memref<10x8xf32>
      %3 = arith.index_cast %v : index to i64
      %4 = arith.cmpi eq, %0, %3 : i64
      %5 = arith.addf %2, %1 : f32
      %6 = arith.select %4, %5, %2 : f32
      memref.store %6, %out[%v, %c] : memref<10x8xf32>
    }
    scf.reduce
  }
  scf.parallel (%v, %c) = (%c0, %c0) to (%c10, %c8) step (%c1, %c1) {
    scf.for %t = %c0 to %c16 step %c1 {
      %0 = memref.load %ids[%t] : memref<16xi64>
      %1 = memref.load %g[%t, %c] : memref<16x8xf32>
      %2 = memref.load %out[%v, %c] : memref<10x8xf32>
      %3 = arith.index_cast %v : index to i64
      %4 = arith.cmpi eq, %0, %3 : i64
      %5 = arith.addf %2, %1 : f32
      %6 = arith.select %4, %2, %5 : f32
      memref.store %6, %out[%v, %c] : memref<10x8xf32>
    }
    scf.reduce
  }
  return
}
