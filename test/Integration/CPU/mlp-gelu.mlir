// Tests the MLP with GELU end to end on the CPU.

// Two blocks (examples/mlp2_small.mlir: 256 rows, hidden 64), GEMMs kept
// (flops-per-byte=16): the outputs are bitwise identical to policy=none,
// and the measured peak drops by exactly one GELU output, 256x256xf32 =
// 262144 B, from 1507328 B to 1245184 B, as predicted.
// RUN: remat-run %remat_src_root/examples/mlp2_small.mlir --policy=selective --flops-per-byte=16 --compare-policy=none | FileCheck %s
// CHECK:      @mlp2_small with policy=selective
// CHECK-NEXT:   measured peak:  1245184 B
// CHECK-NEXT:   predicted peak: 1245184 B
// CHECK:      @mlp2_small with policy=none
// CHECK-NEXT:   measured peak:  1507328 B
// CHECK-NEXT:   predicted peak: 1507328 B
// CHECK:      outputs bitwise identical

// Gradients of an f64 version match central finite differences (relative
// error below 1e-5) when computed with rematerialization.
// RUN: %python %remat_src_root/examples/gen_mlp.py --blocks 2 --rows 16 --hidden 8 --dtype f64 --name mlp_f64 > %t.f64.mlir
// RUN: %python %S/Inputs/finite_differences.py remat-run %t.f64.mlir %t.fd --policy=selective --flops-per-byte=16 | FileCheck %s --check-prefix=FD
// FD: max relative error

// Measured equals predicted and outputs are bitwise identical to
// policy=none under every policy, on the one-block MLP and on the two
// blocks.
// RUN: %python %S/Inputs/check_runs.py remat-run %remat_src_root/examples/mlp_gelu.mlir %remat_src_root/examples/mlp2_small.mlir | FileCheck %s --check-prefix=RUNS
// RUNS-NOT: FAIL
// RUNS-COUNT-8: ok:
