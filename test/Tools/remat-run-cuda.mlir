// REQUIRES: cuda-runtime
// Tests remat-run's GPU backend on a machine without a GPU: a clear error
// and a non-zero exit when no driver loads, and the ahead-of-time output
// (--compile-only), which needs no device.
// RUN: env REMAT_CUDA_QUIET=1 REMAT_CUDA_DRIVER=/nonexistent/libcuda.so.1 not remat-run %S/../Transforms/Inputs/square_chain.mlir --backend=cuda 2>&1 | FileCheck %s --check-prefix=NODRIVER
// NODRIVER: error: --backend=cuda needs a CUDA device: cannot load the CUDA driver '/nonexistent/libcuda.so.1'
// RUN: not remat-run %S/../Transforms/Inputs/square_chain.mlir --backend=tpu 2>&1 | FileCheck %s --check-prefix=BACKEND
// BACKEND: remat-run: for the --backend option: --backend must be cpu or cuda, got 'tpu'
// RUN: not remat-run %S/../Transforms/Inputs/square_chain.mlir --compile-only=%t 2>&1 | FileCheck %s --check-prefix=CPUAOT
// CPUAOT: remat-run: error: --compile-only needs --backend=cuda
// RUN: not remat-run %S/../Transforms/Inputs/square_chain.mlir --backend=cuda --compile-only=%t --chip=gfx90a 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: error: remat-lower-to-nvvm: chip must be sm_XX (e.g. sm_90), got 'gfx90a'
// RUN: not remat-run %S/../Transforms/Inputs/square_chain.mlir --backend=cuda --compile-only=%t --chip=sm_bogus 2>&1 | FileCheck %s --check-prefix=BOGUS
// BOGUS: error: remat-lower-to-nvvm: chip must be sm_XX (e.g. sm_90), got 'sm_bogus'

// RUN: rm -rf %t && remat-run %s --backend=cuda --gpu-format=isa --compile-only=%t/aot --write-inputs=%t/inputs | FileCheck %s --check-prefix=AOT
// AOT: wrote {{.*}}aot{{/|\\}}layer.o and {{.*}}aot{{/|\\}}layer_graph.cpp (predicted peak 262144 B)
// RUN: test -f %t/inputs/arg0.npy && test -f %t/inputs/arg1.npy
// RUN: FileCheck %s --check-prefix=WRAPPER < %t/aot/layer_graph.cpp
// WRAPPER:      extern "C" void _mlir_ciface_layer(Results *, Desc<2> *, Desc<2> *);
// WRAPPER:      static const remat_graph_tensor args[] = {
// WRAPPER-NEXT:     {"<f4", 2, args_shape0, 4},
// Both peaks are 256 KiB: the tanh cannot be written over the matmul's
// buffer, which it reads (the report once said 129 KiB for that).
// WRAPPER:      extern "C" const remat_graph_info remat_graph = {
// WRAPPER-NEXT:     "layer", "remat-run-cuda.mlir", "none", "sm_90",
// WRAPPER-NEXT:     2, 2, args, results, 262144, 262144, 0};
// WRAPPER:      _mlir_ciface_layer(&r, &a0, &a1);

#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @layer(%x: tensor<256x64xf32>, %w: tensor<64x128xf32>) -> (tensor<256x128xf32>, tensor<256xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x128xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<256x128xf32>) -> tensor<256x128xf32>
  %y = linalg.matmul ins(%x, %w : tensor<256x64xf32>, tensor<64x128xf32>) outs(%z : tensor<256x128xf32>) -> tensor<256x128xf32>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%y : tensor<256x128xf32>) outs(%e : tensor<256x128xf32>) {
  ^bb0(%v: f32, %o: f32):
    %th = math.tanh %v : f32
    linalg.yield %th : f32
  } -> tensor<256x128xf32>
  %er = tensor.empty() : tensor<256xf32>
  %zr = linalg.fill ins(%zero : f32) outs(%er : tensor<256xf32>) -> tensor<256xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%t : tensor<256x128xf32>) outs(%zr : tensor<256xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %a = arith.addf %acc, %v : f32
    linalg.yield %a : f32
  } -> tensor<256xf32>
  return %t, %s : tensor<256x128xf32>, tensor<256xf32>
}
