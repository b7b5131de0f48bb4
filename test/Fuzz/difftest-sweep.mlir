// The second half of difftest.mlir's random training graphs (seeds 100 to
// 199), kept out of `make check` to keep it under 15 minutes on 2 cores:
// `make check-long` and CI run it. The same checks: outputs bitwise
// identical under every configuration, measured peak = prediction, never
// above policy=none's, budgets met when feasible.
// REQUIRES: long
// RUN: %remat_tools/remat-difftest --first-seed 100 --seeds 100 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: remat-difftest: 100 seeds, {{[0-9]+}} forward steps ({{.*}}), 1100 compiled runs ({{[0-9]+}} infeasible budgets refused), 0 failures
