// RUN: remat-opt %s -remat-lower-to-nvvm="format=isa" | FileCheck %s
// RUN: remat-opt %s -remat-lower-to-nvvm="format=isa cublas=0" | FileCheck %s --check-prefix=LOOPS
// RUN: remat-opt %s -remat-lower-to-nvvm="format=isa block-size=128" | FileCheck %s --check-prefix=B128
// RUN: remat-opt %s -remat-lower-to-nvvm="format=isa vector-width=1" | FileCheck %s --check-prefix=SCALAR
// RUN: not remat-opt %s -remat-lower-to-nvvm="vector-width=16" 2>&1 | FileCheck %s --check-prefix=WIDTH
// RUN: remat-opt %s -remat-lower-to-nvvm="format=isa" | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR
// RUN: not remat-opt %s -remat-lower-to-nvvm="chip=gfx90a" 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not remat-opt %s -remat-lower-to-nvvm="format=elf" 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not remat-opt %s -remat-lower-to-nvvm="block-size=0" 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: env PATH=%llvm_tools_dir %llvm_tools_dir/not %remat_tools/remat-opt %s -remat-lower-to-nvvm="format=bin" 2>&1 | FileCheck %s --check-prefix=NOPTXAS
// RUN: remat-opt %S/../../Transforms/Inputs/attention-importer-bf16.mlir -remat-pipeline="policy=none accumulators=tiled" -remat-lower-to-nvvm="format=isa" -mlir-print-ir-after=gpu-kernel-outlining -o %t.acc 2>&1 | FileCheck %s --check-prefix=ACCLOOP
// RUN: FileCheck %s --check-prefix=BINARY < %t.acc
// RUN: remat-opt %S/../../Transforms/Inputs/attention-importer-bf16.mlir -remat-pipeline="policy=none attention=tiled attention-block-q=8 attention-block-k=4" -remat-lower-to-nvvm="format=isa" -mlir-print-ir-after=gpu-kernel-outlining -o %t.att 2>&1 | FileCheck %s --check-prefix=TILELOOPS
// RUN: FileCheck %s --check-prefix=BINARY < %t.att
// Tile loops (accumulators=tiled, attention=tiled) stay sequential loops on
// the host around the kernels and library calls of each tile: the tiled
// bf16 projection's f32 block is a cuBLAS call and two kernels per block;
// attention's query-block loop holds the key-block loop, whose Q K^T tile
// is a cuBLAS call between the tile's kernels. (The loops become branches
// later; the outlined IR shows them whole.)
// ACCLOOP:       IR Dump After GpuKernelOutliningPass
// ACCLOOP:       scf.for %[[ROW:.+]] = %c0 to %c32 step %c1 {
// ACCLOOP:         func.call @remat_cublas_gemm_ex(
// ACCLOOP:         gpu.launch_func
// ACCLOOP:         gpu.launch_func
// ACCLOOP-NOT:     call @remat_cublas
// ACCLOOP:       }
// TILELOOPS:     IR Dump After GpuKernelOutliningPass
// TILELOOPS:     scf.for %[[QB:.+]] = %c0 to %c16 step %c8 {
// TILELOOPS:       gpu.launch_func
// TILELOOPS:       scf.for %[[KB:.+]] = %c0 to %c16 step %c4 {
// TILELOOPS:         func.call @remat_cublas_gemm_ex(
// TILELOOPS:         gpu.launch_func
// TILELOOPS:       }
// TILELOOPS:       gpu.launch_func
// TILELOOPS:     }
// BINARY:        gpu.binary @train_step_kernel  [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">

// Tests the whole GPU lowering of a small layer: the matmul becomes a
// cuBLAS call, which overwrites its output (beta = 0: its zero fill is no
// kernel); the elementwise op and the row reduction become kernels with
// 256-thread blocks (the elementwise op four elements a thread, with
// 128-bit loads and stores: 32 x 8 threads on 256 x 32 groups of four,
// innermost dimension on x; the row reduction a warp per row, 32 x 8, with butterfly shuffles;
// its accumulator's fill is no kernel: lane 0 combines the row's sum with
// the filled value), with launch bounds in the PTX; buffers come from the
// runtime's pool (no malloc); kernels are PTX for sm_90. (The tanh has two
// consumers: fusing it into the reduction would compute it twice.)
// CHECK-LABEL: llvm.func @layer(
// CHECK:         llvm.call @mgpuStreamCreate()
// CHECK:         llvm.call @mgpuMemAlloc(
// CHECK-NOT:     llvm.call @mgpuStreamSynchronize(
// CHECK-NOT:     llvm.call @mgpuStreamCreate()
// CHECK:         llvm.call @remat_cublas_sgemm(
// CHECK:         gpu.launch_func <%{{.+}} : !llvm.ptr> @layer_kernel::@layer_kernel blocks in
// CHECK:         llvm.call @mgpuMemFree(
// CHECK:         gpu.launch_func <%{{.+}} : !llvm.ptr> @layer_kernel_0::@layer_kernel blocks in
// CHECK-NOT:     gpu.launch_func
// CHECK-NOT:     llvm.call @mgpuStreamCreate()
// CHECK:         llvm.call @mgpuStreamSynchronize(
// CHECK:         llvm.return
// CHECK-NOT:   llvm.call @malloc
// CHECK:       gpu.binary @layer_kernel  [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">, {{.*}}assembly = "{{.*}}.target sm_90{{.*}}.entry layer_kernel{{.*}}.maxntid 32, 8, 1{{.*}}ld.global.v4.b32{{.*}}st.global.v4.b32
// CHECK:       gpu.binary @layer_kernel_0 {{.*}}.maxntid 32, 8, 1{{.*}}shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;{{.*}}shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// CHECK-NOT:   gpu.binary @layer_kernel_1

// Without cuBLAS the matmul is a kernel too: a warp per output element
// (k >= 64), its zero fill the warp's initial value, and the tanh reading
// each product is its epilogue, run by lane 0 (one kernel for both).
// LOOPS-NOT:   remat_cublas_sgemm
// LOOPS-COUNT-2: gpu.binary @layer_kernel{{.*}}.maxntid 32, 8, 1
// LOOPS-NOT:   gpu.binary

// B128:        gpu.binary @layer_kernel {{.*}}.maxntid 32, 4, 1

// One element a thread: 128 x 2 threads, 32-bit loads.
// SCALAR:      gpu.binary @layer_kernel {{.*}}.maxntid 128, 2, 1
// SCALAR-NOT:  ld.global.v4
// SCALAR:      gpu.binary @layer_kernel_0

// The host code calls exactly the runtime's entry points.
// LLVMIR-DAG:  declare ptr @mgpuModuleLoadJIT(ptr, i32)
// LLVMIR-DAG:  declare void @mgpuLaunchKernel(ptr, i64, i64, i64, i64, i64, i64, i32, ptr, ptr, ptr, i64)
// LLVMIR-DAG:  declare ptr @mgpuMemAlloc(i64, ptr, i8)
// LLVMIR-DAG:  declare void @mgpuMemFree(ptr, ptr)
// LLVMIR-DAG:  declare void @remat_cublas_sgemm(i32, i32, i64, i64, i64, i64, i64, i64, i64, float, i64, i64)
// LLVMIR-DAG:  @llvm.global_ctors

// CHIP:        remat-lower-to-nvvm: chip must be sm_XX (e.g. sm_90), got 'gfx90a'
// FORMAT:      remat-lower-to-nvvm: format must be bin, isa, fatbin or auto, got 'elf'
// BLOCK:       remat-lower-to-nvvm: block-size must be in [1, 1024], got 0
// WIDTH:       remat-lower-to-nvvm: vector-width must be 1, 2, 4 or 8, got 16
// NOPTXAS:     remat-lower-to-nvvm: format=bin needs CUDA's ptxas on PATH

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
