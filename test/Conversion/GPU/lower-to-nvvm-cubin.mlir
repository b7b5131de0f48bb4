// REQUIRES: ptxas
// RUN: remat-opt %S/lower-to-nvvm.mlir -remat-lower-to-nvvm="format=bin" | FileCheck %s
// RUN: remat-opt %S/lower-to-nvvm.mlir -remat-lower-to-nvvm | FileCheck %s
// RUN: remat-opt %S/lower-to-nvvm.mlir -remat-lower-to-nvvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR

// Tests that with CUDA's ptxas on PATH the kernels are cubins for sm_90
// (format=bin, also what format=auto picks), loaded with mgpuModuleLoad.
// CHECK:       gpu.binary @layer_kernel  [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">, properties = {{.*}}, bin = "\7FELF
// CHECK:       gpu.binary @layer_kernel_0  [#gpu.object<{{.*}}bin = "\7FELF
// CHECK-NOT:   gpu.binary
// LLVMIR:      declare ptr @mgpuModuleLoad(ptr, i64)
