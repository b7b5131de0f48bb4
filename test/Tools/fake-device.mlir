// REQUIRES: cuda-runtime
// Tests the GPU path's host side on the runtime's fake driver
// (REMAT_CUDA_DRIVER=fake: host memory, kernels not run, GEMMs by a host
// reference with cuBLAS's column-major conventions): every allocation and
// free the device would see goes through the real pool, so the measured
// device peak must equal the prediction, as on the CPU; and the cuBLAS
// calls (transposition flags, leading dimensions, batch strides) must give
// the CPU path's results.

// RUN: env REMAT_CUDA_DRIVER=fake remat-run %remat_src_root/examples/mlp2_small.mlir --backend=cuda --gpu-format=isa --policy=selective --flops-per-byte=16 --compare-policy=none | FileCheck %s --check-prefix=PEAK
// PEAK:      @mlp2_small with policy=selective
// PEAK-NEXT:   measured peak:  1245184 B (1.2 MiB)
// PEAK-NEXT:   predicted peak: 1245184 B (1.2 MiB)
// PEAK:      @mlp2_small with policy=none
// PEAK-NEXT:   measured peak:  1507328 B (1.4 MiB)
// PEAK-NEXT:   predicted peak: 1507328 B (1.4 MiB)

// Tiled attention: the tile loops stay on the host around the tiles'
// kernels and cuBLAS calls, each tile's buffers taken from the pool and
// given back within its iteration (hundreds of allocations): the measured
// device peak is still the prediction, below the untiled graph's.
// RUN: env REMAT_CUDA_DRIVER=fake remat-run %remat_src_root/test/Transforms/Inputs/attention-sdpa-causal.mlir --backend=cuda --gpu-format=isa --attention=tiled --attention-block-q=4 --attention-block-k=4 --compare-policy=none 2>/dev/null | FileCheck %s --check-prefix=TILED
// TILED:      @train_step with policy=none
// TILED-NEXT:   measured peak:  15364 B (15.0 KiB)
// TILED-NEXT:   predicted peak: 15364 B (15.0 KiB)
// TILED-NEXT:   allocations:    269, frees 269
// TILED:      @train_step with policy=none
// TILED-NEXT:   measured peak:  21760 B (21.2 KiB)
// TILED-NEXT:   predicted peak: 21760 B (21.2 KiB)

// --compile-only (the ahead-of-time graphs of scripts/gpu-check.sh) tiles
// too: its prediction is the tiled graph's (it used to drop --attention and
// --accumulators and compile the untiled graph).
// RUN: rm -rf %t && remat-run %remat_src_root/test/Transforms/Inputs/attention-sdpa-causal.mlir --backend=cuda --gpu-format=isa --attention=tiled --attention-block-q=4 --attention-block-k=4 --compile-only=%t/tiled 2>/dev/null | FileCheck %s --check-prefix=AOT
// AOT: wrote {{.+}}train_step.o and {{.+}}train_step_graph.cpp (predicted peak 15364 B)

// Out of device memory (a fake device of 1000000 bytes): a message with the
// request, the pool's state and the device's, exit status 1, no crash.
// RUN: env REMAT_CUDA_QUIET=1 REMAT_CUDA_DRIVER=fake REMAT_CUDA_FAKE_MEMORY=1000000 not remat-run %remat_src_root/examples/mlp2_small.mlir --backend=cuda --gpu-format=isa 2>&1 | FileCheck %s --check-prefix=OOM
// OOM: error: running @mlp2_small: mgpuMemAlloc: out of device memory: requested 262144 bytes (262144 rounded); pool: 983040 bytes live in 9 allocations, 983040 bytes reserved (0 cached in 0 blocks), peak live 983040 bytes, 3 device allocations; cuMemAlloc_v2 failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory); device: 16960 of 1000000 bytes free

// RUN: rm -rf %t && mkdir -p %t
// RUN: remat-run %s --write-inputs=%t/in --outputs=%t/cpu > /dev/null
// RUN: env REMAT_CUDA_DRIVER=fake remat-run %s --backend=cuda --gpu-format=isa --inputs=%t/in --outputs=%t/gpu --json > %t/gpu.json
// RUN: %python %S/../Inputs/check_gpu.py %t/gpu.json %t/cpu %t/gpu | FileCheck %s --check-prefix=GEMM
// GEMM: measured <= predicted: True
// GEMM: outputs close: True

#matT_lhs = affine_map<(m, n, k) -> (k, m)>
#matT_rhs = affine_map<(m, n, k) -> (n, k)>
#mat_lhs = affine_map<(m, n, k) -> (m, k)>
#mat_rhs = affine_map<(m, n, k) -> (k, n)>
#mat_out = affine_map<(m, n, k) -> (m, n)>
func.func @gemms(%a: tensor<64x32xf32>, %b: tensor<32x48xf32>, %at: tensor<32x64xf32>,
                 %bt: tensor<48x32xf32>, %p: tensor<4x16x8xf32>, %q: tensor<4x8x12xf32>)
    -> (tensor<64x48xf32>, tensor<64x48xf32>, tensor<64x48xf32>, tensor<64x48xf32>, tensor<4x16x12xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x48xf32>
  %z0 = linalg.fill ins(%zero : f32) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %ab = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x48xf32>) outs(%z0 : tensor<64x48xf32>) -> tensor<64x48xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %atb = linalg.generic {indexing_maps = [#matT_lhs, #mat_rhs, #mat_out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%at, %b : tensor<32x64xf32>, tensor<32x48xf32>) outs(%z1 : tensor<64x48xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x48xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %abt = linalg.generic {indexing_maps = [#mat_lhs, #matT_rhs, #mat_out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %bt : tensor<64x32xf32>, tensor<48x32xf32>) outs(%z2 : tensor<64x48xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x48xf32>
  %z3 = linalg.fill ins(%zero : f32) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %atbt = linalg.generic {indexing_maps = [#matT_lhs, #matT_rhs, #mat_out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%at, %bt : tensor<32x64xf32>, tensor<48x32xf32>) outs(%z3 : tensor<64x48xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x48xf32>
  %eb = tensor.empty() : tensor<4x16x12xf32>
  %z4 = linalg.fill ins(%zero : f32) outs(%eb : tensor<4x16x12xf32>) -> tensor<4x16x12xf32>
  %pq = linalg.batch_matmul ins(%p, %q : tensor<4x16x8xf32>, tensor<4x8x12xf32>) outs(%z4 : tensor<4x16x12xf32>) -> tensor<4x16x12xf32>
  return %ab, %atb, %abt, %atbt, %pq : tensor<64x48xf32>, tensor<64x48xf32>, tensor<64x48xf32>, tensor<64x48xf32>, tensor<4x16x12xf32>
}
