// RUN: remat-opt %s -split-input-file -remat-gpu-gemm-to-library | FileCheck %s
// Constants folded to one of each value, so that arguments can be named:
// RUN: remat-opt %s -split-input-file -remat-gpu-gemm-to-library -canonicalize | FileCheck %s --check-prefix=CANON

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

// -----

// Tests that a zero fill of the output just before the GEMM becomes
// beta = 0 and goes (one kernel fewer), also across ops that leave the
// output alone and through a reshape of it; a fill of another value, or
// an op writing the output in between (a bias, as addmm), keeps beta = 1.
// CANON-LABEL: func.func @zero_fill
// CANON:       %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CANON-NOT:   linalg.fill
// CANON:       call @remat_cublas_sgemm({{.+}}, %[[ZERO]], %{{.+}}, %{{.+}})
// CANON-LABEL: func.func @reshaped_fill
// CANON-NOT:   linalg.fill
// CANON:       %[[NZERO:.+]] = arith.constant 0.000000e+00 : f32
// CANON:       call @remat_cublas_sgemm_batched({{.+}}, %[[NZERO]], %{{.+}}, %{{.+}}, %{{.+}})
// CANON-LABEL: func.func @not_zero
// CANON:       %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CANON:       linalg.fill ins(%[[ONE]] : f32)
// CANON:       call @remat_cublas_sgemm({{.+}}, %[[ONE]], %{{.+}}, %{{.+}})
// CANON-LABEL: func.func @bias
// CANON:       %[[ONE1:.+]] = arith.constant 1.000000e+00 : f32
// CANON:       linalg.fill
// CANON:       linalg.generic
// CANON:       call @remat_cublas_sgemm({{.+}}, %[[ONE1]], %{{.+}}, %{{.+}})
func.func @zero_fill(%a: memref<32x16xf32>, %b: memref<16x8xf32>, %x: memref<8xf32>, %y: memref<8xf32>) -> memref<32x8xf32> {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<32x8xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<32x8xf32>)
  memref.copy %x, %y : memref<8xf32> to memref<8xf32>
  linalg.matmul ins(%a, %b : memref<32x16xf32>, memref<16x8xf32>) outs(%c : memref<32x8xf32>)
  return %c : memref<32x8xf32>
}
func.func @reshaped_fill(%a: memref<2x16x16xf32>, %b: memref<2x16x8xf32>) -> memref<32x8xf32> {
  %zero = arith.constant -0.0 : f32
  %c = memref.alloc() : memref<32x8xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<32x8xf32>)
  %v = memref.expand_shape %c [[0, 1], [2]] output_shape [2, 16, 8] : memref<32x8xf32> into memref<2x16x8xf32>
  linalg.batch_matmul ins(%a, %b : memref<2x16x16xf32>, memref<2x16x8xf32>) outs(%v : memref<2x16x8xf32>)
  return %c : memref<32x8xf32>
}
func.func @not_zero(%a: memref<32x16xf32>, %b: memref<16x8xf32>) -> memref<32x8xf32> {
  %one = arith.constant 1.0 : f32
  %c = memref.alloc() : memref<32x8xf32>
  linalg.fill ins(%one : f32) outs(%c : memref<32x8xf32>)
  linalg.matmul ins(%a, %b : memref<32x16xf32>, memref<16x8xf32>) outs(%c : memref<32x8xf32>)
  return %c : memref<32x8xf32>
}
func.func @bias(%a: memref<32x16xf32>, %b: memref<16x8xf32>, %bias: memref<8xf32>) -> memref<32x8xf32> {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<32x8xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<32x8xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<8xf32>) outs(%c : memref<32x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  }
  linalg.matmul ins(%a, %b : memref<32x16xf32>, memref<16x8xf32>) outs(%c : memref<32x8xf32>)
  return %c : memref<32x8xf32>
}

// -----

// Tests that 16-bit operands with an f32 accumulator (the importers'
// mixed-precision products) call remat_cublas_gemm_ex with their
// cudaDataType_t (bf16 14, f16 2, f32 0), plain and batched, and that a
// 16-bit result (16-bit accumulation) stays a linalg op.
// CANON-LABEL: func.func @sixteen
// CANON-DAG:   %[[BF16:.+]] = arith.constant 14 : i32
// CANON-DAG:   %[[F32:.+]] = arith.constant 0 : i32
// CANON-DAG:   %[[F16:.+]] = arith.constant 2 : i32
// CANON:       call @remat_cublas_gemm_ex(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[BF16]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[F32]], %{{.+}}, %{{.+}}, %{{.+}}) : (i32, i32, i64, i64, i64, i64, i32, i64, i64, i64, i64, i64, i64, f32, i32, i64, i64, i64) -> ()
// CANON:       call @remat_cublas_gemm_ex({{.+}}, %[[F16]],
// CANON:       linalg.matmul ins(%{{.+}}, %{{.+}} : memref<32x16xbf16>, memref<16x8xbf16>) outs(%{{.+}} : memref<32x8xbf16>)
// CANON:       func.func private @remat_cublas_gemm_ex(i32, i32, i64, i64, i64, i64, i32, i64, i64, i64, i64, i64, i64, f32, i32, i64, i64, i64)
func.func @sixteen(%a: memref<32x16xbf16>, %b: memref<16x8xbf16>, %c: memref<32x8xf32>,
                   %p: memref<4x8x16xf16>, %q: memref<4x16x8xf16>, %r: memref<4x8x8xf32>,
                   %d: memref<32x8xbf16>) {
  linalg.matmul ins(%a, %b : memref<32x16xbf16>, memref<16x8xbf16>) outs(%c : memref<32x8xf32>)
  linalg.batch_matmul ins(%p, %q : memref<4x8x16xf16>, memref<4x16x8xf16>) outs(%r : memref<4x8x8xf32>)
  linalg.matmul ins(%a, %b : memref<32x16xbf16>, memref<16x8xbf16>) outs(%d : memref<32x8xbf16>)
  return
}
