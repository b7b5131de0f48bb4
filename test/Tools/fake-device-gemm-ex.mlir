// REQUIRES: cuda-runtime
// 16-bit GEMMs on the runtime's fake driver: f16 operands with an f32
// accumulator (the mixed-precision products importers write) go to
// remat_cublas_gemm_ex (cublasGemmEx / cublasGemmStridedBatchedEx with f32
// accumulation), whose host reference must give the CPU path's results:
// plain, transposed and batched, after a zero fill (beta = 0: the fill is
// gone). (The fake driver runs no kernels, so a GEMM accumulating into a
// kernel's output is checked in Conversion/GPU/gemm-to-library.mlir.)

// RUN: remat-opt %s -remat-lower-to-nvvm=format=isa | FileCheck %s --check-prefix=IR
// IR-COUNT-3: llvm.call @remat_cublas_gemm_ex(
// IR-NOT:     llvm.call @remat_cublas_gemm_ex(
// IR-NOT:     llvm.call @remat_cublas_sgemm

// RUN: rm -rf %t && mkdir -p %t
// RUN: remat-run %s --write-inputs=%t/in --outputs=%t/cpu > /dev/null
// RUN: env REMAT_CUDA_DRIVER=fake remat-run %s --backend=cuda --gpu-format=isa --inputs=%t/in --outputs=%t/gpu --json > %t/gpu.json
// RUN: %python %S/../Inputs/check_gpu.py %t/gpu.json %t/cpu %t/gpu | FileCheck %s
// CHECK: measured <= predicted: True
// CHECK: outputs close: True

#matT_lhs = affine_map<(m, n, k) -> (k, m)>
#mat_rhs = affine_map<(m, n, k) -> (k, n)>
#mat_out = affine_map<(m, n, k) -> (m, n)>
func.func @gemms(%a: tensor<64x32xf16>, %b: tensor<32x48xf16>, %at: tensor<32x64xf16>,
                 %p: tensor<4x16x8xf16>, %q: tensor<4x8x12xf16>)
    -> (tensor<64x48xf32>, tensor<64x48xf32>, tensor<4x16x12xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x48xf32>
  %z0 = linalg.fill ins(%zero : f32) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %ab = linalg.matmul ins(%a, %b : tensor<64x32xf16>, tensor<32x48xf16>) outs(%z0 : tensor<64x48xf32>) -> tensor<64x48xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %atb = linalg.generic {indexing_maps = [#matT_lhs, #mat_rhs, #mat_out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%at, %b : tensor<32x64xf16>, tensor<32x48xf16>) outs(%z1 : tensor<64x48xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xf = arith.extf %x : f16 to f32
    %yf = arith.extf %y : f16 to f32
    %m = arith.mulf %xf, %yf : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x48xf32>
  %eb = tensor.empty() : tensor<4x16x12xf32>
  %z4 = linalg.fill ins(%zero : f32) outs(%eb : tensor<4x16x12xf32>) -> tensor<4x16x12xf32>
  %pq = linalg.batch_matmul ins(%p, %q : tensor<4x16x8xf16>, tensor<4x8x12xf16>) outs(%z4 : tensor<4x16x12xf32>) -> tensor<4x16x12xf32>
  return %ab, %atb, %pq : tensor<64x48xf32>, tensor<64x48xf32>, tensor<4x16x12xf32>
}
