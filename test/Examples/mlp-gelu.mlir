// Tests the bundled example that `make demo` reports on, with the figures
// computed by hand: fc1 and fc2 are 2*16*256*64 FLOPs each, GELU is 9 scalar
// ops on 16x256 elements; b (fc1's output) and c (GELU's output), 16 KiB
// each, are kept for the GELU gradient and the fc2 weight gradient.
// RUN: remat-opt %remat_src_root/examples/mlp_gelu.mlir -remat-report -o /dev/null | FileCheck %s

// CHECK-LABEL: remat report for @mlp_train
// CHECK-NEXT:    ops:     13 forward, 15 backward
// CHECK-NEXT:    FLOPs:   forward 1.09 MFLOP, backward 2.17 MFLOP, recompute 0 FLOP
// CHECK-NEXT:    peak:    152.0 KiB (155648 B)
// CHECK-NEXT:    saved:   2 activations, 32.0 KiB (32768 B)
// CHECK-NEXT:      %2 = linalg.matmul #8 : tensor<16x256xf32>, 16.0 KiB (mlp.fc1)
// CHECK-NEXT:          saved for linalg.generic #21 (mlp.gelu.grad)
// CHECK-NEXT:      %4 = linalg.generic #10 : tensor<16x256xf32>, 16.0 KiB (mlp.gelu)
// CHECK-NEXT:          saved for linalg.matmul #16 (mlp.fc2.grad_weight)
