// Differential testing on random training graphs (see difftest.mlir).
// Bigger graphs (12-40 forward steps), compiled at -O0: no output may
// change, no measured peak may exceed its prediction; over-predictions are
// listed and allowed (docs/Reliability.md explains them).
// RUN: %remat_tools/remat-difftest --first-seed 200000 --seeds 4 --min-ops 12 --max-ops 40 --opt-level 0 --allow-over | FileCheck %s --check-prefix=BIG
// BIG-NOT: FAIL
// BIG: remat-difftest: 4 seeds, {{[0-9]+}} forward steps ({{.*}}), 44 compiled runs ({{[0-9]+}} infeasible budgets refused), 0 failures, {{[0-9]+}} over-predictions
