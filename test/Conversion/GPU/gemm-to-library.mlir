// RUN: remat-opt %s -split-input-file -remat-gpu-gemm-to-library | FileCheck %s

// Tests that a row-major f32 matmul becomes one cuBLAS call with the
// operands' addresses, leading dimensions and beta = 1 (it accumulates).
// CHECK-LABEL: func.func @matmul
// CHECK:       %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK:       call @remat_cublas_sgemm(%c0_i32{{(_[0-9]+)?}}, %c0_i32{{(_[0-9]+)?}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[ONE]], %{{.+}}, %{{.+}}) : (i32, i32, i64, i64, i64, i64, i64, i64, i64, f32, i64, i64) -> ()
// CHECK-NOT:   linalg.matmul
// CHECK:       func.func private @remat_cublas_sgemm(i32, i32, i64, i64, i64, i64, i64, i64, i64, f32, i64, i64)
func.func @matmul(%a: memref<256x64xf32>, %b: memref<64x128xf32>, %c: memref<256x128xf32>) {
  linalg.matmul ins(%a, %b : memref<256x64xf32>, memref<64x128xf32>) outs(%c : memref<256x128xf32>)
  return
}

// -----

// Tests that the transposed-operand generics of the backward pass (A^T B
// and A B^T) keep their layout and pass transposition flags instead.
#matT_lhs = affine_map<(m, n, k) -> (k, m)>
#matT_rhs = affine_map<(m, n, k) -> (n, k)>
#mat_lhs = affine_map<(m, n, k) -> (m, k)>
#mat_rhs = affine_map<(m, n, k) -> (k, n)>
#mat_out = affine_map<(m, n, k) -> (m, n)>
// CHECK-LABEL: func.func @transposed
// CHECK:       call @remat_cublas_sgemm(%c1_i32{{(_[0-9]+)?}}, %c0_i32{{(_[0-9]+)?}},
// CHECK:       call @remat_cublas_sgemm(%c0_i32{{(_[0-9]+)?}}, %c1_i32{{(_[0-9]+)?}},
// CHECK-NOT:   linalg.generic
func.func @transposed(%a: memref<64x256xf32>, %b: memref<64x128xf32>, %c: memref<256x128xf32>,
                      %d: memref<256x64xf32>, %e: memref<128x64xf32>) {
  linalg.generic {indexing_maps = [#matT_lhs, #mat_rhs, #mat_out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x256xf32>, memref<64x128xf32>) outs(%c : memref<256x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#mat_lhs, #matT_rhs, #mat_out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%d, %e : memref<256x64xf32>, memref<128x64xf32>) outs(%c : memref<256x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Tests that a batched matmul becomes the strided-batched call, with the
// batch count and the batch strides.
// CHECK-LABEL: func.func @batch
// CHECK:       %[[D:.+]] = memref.dim %arg2, %c0{{(_[0-9]+)?}} : memref<8x32x64xf32>
// CHECK:       %[[B:.+]] = arith.index_cast %[[D]] : index to i64
// CHECK:       call @remat_cublas_sgemm_batched(%{{.+}}, %{{.+}}, %[[B]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) : (i32, i32, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, f32, i64, i64, i64) -> ()
func.func @batch(%a: memref<8x32x16xf32>, %b: memref<8x16x64xf32>, %c: memref<8x32x64xf32>) {
  linalg.batch_matmul ins(%a, %b : memref<8x32x16xf32>, memref<8x16x64xf32>) outs(%c : memref<8x32x64xf32>)
  return
}

// -----

// Tests that contractions cuBLAS's SGEMM cannot take (f64, a strided
// innermost dimension) stay linalg ops for the loop lowering.
// CHECK-LABEL: func.func @unsupported
// CHECK-NOT:   call
// CHECK:       linalg.matmul
// CHECK:       linalg.matmul
func.func @unsupported(%a: memref<16x16xf64>, %c: memref<16x16xf64>,
                       %s: memref<16x16xf32, strided<[32, 2]>>, %d: memref<16x16xf32>) {
  linalg.matmul ins(%a, %a : memref<16x16xf64>, memref<16x16xf64>) outs(%c : memref<16x16xf64>)
  linalg.matmul ins(%s, %d : memref<16x16xf32, strided<[32, 2]>>, memref<16x16xf32>) outs(%d : memref<16x16xf32>)
  return
}
