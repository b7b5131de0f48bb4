// REQUIRES: cuda-device, ptxas
// Tests the GPU path on a device: the MLP's outputs match the CPU path's
// within 1e-4 of each result's largest element (cuBLAS and the kernels sum
// in another order than the CPU loops), and the device pool's measured peak never
// exceeds the prediction, with and without rematerialization.
// RUN: rm -rf %t && mkdir -p %t
// RUN: remat-run %remat_src_root/examples/mlp2_small.mlir --write-inputs=%t/in --outputs=%t/cpu > /dev/null
// RUN: remat-run %remat_src_root/examples/mlp2_small.mlir --policy=selective --flops-per-byte=16 --backend=cuda --inputs=%t/in --outputs=%t/gpu --json > %t/gpu.json
// RUN: %python %S/../../Inputs/check_gpu.py %t/gpu.json %t/cpu %t/gpu | FileCheck %s
// CHECK: measured <= predicted: True
// CHECK: outputs close: True
