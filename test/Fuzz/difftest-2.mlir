// Differential testing on random training graphs, seeds 15-29 (see
// difftest.mlir for what is checked).
// RUN: %remat_tools/remat-difftest --first-seed 15 --seeds 15 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: remat-difftest: 15 seeds, {{[0-9]+}} forward steps ({{.*}}), 165 compiled runs ({{[0-9]+}} infeasible budgets refused), 0 failures
