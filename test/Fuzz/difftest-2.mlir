// Differential testing on random training graphs, seeds 10-19 (see
// difftest.mlir for what is checked).
// RUN: %remat_tools/remat-difftest --first-seed 10 --seeds 10 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: remat-difftest: 10 seeds, {{[0-9]+}} forward steps ({{.*}}), 110 compiled runs ({{[0-9]+}} infeasible budgets refused), 0 failures
