// Differential testing on random training graphs: 30 seeds here (170 more
// in difftest-sweep.mlir, run by `make check-long`), each run on
// the CPU without rematerialization (on the graph and on a copy with random
// remat.policy marks) and under nine configurations (two of them budgets,
// which must also be met when feasible; one, peak-fused, runs the GPU
// lowering's fusions on the CPU: -remat-fuse-elementwise and
// -remat-fuse-parallel-loops);
// outputs must be bitwise identical, the measured peak must equal the
// prediction and never exceed policy=none's. A longer run is one command:
//   build/bin/remat-difftest --first-seed 1000 --seeds 5000
// RUN: %remat_tools/remat-difftest --seeds 30 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: remat-difftest: 30 seeds, {{[0-9]+}} forward steps ({{.*}}), 330 compiled runs ({{[0-9]+}} infeasible budgets refused), 0 failures

// Bigger graphs (12-40 forward steps), compiled at -O0: no output may
// change, no measured peak may exceed its prediction; over-predictions are
// listed and allowed (docs/Reliability.md explains them).
// RUN: %remat_tools/remat-difftest --first-seed 200000 --seeds 8 --min-ops 12 --max-ops 40 --opt-level 0 --allow-over | FileCheck %s --check-prefix=BIG
// BIG-NOT: FAIL
// BIG: remat-difftest: 8 seeds, {{[0-9]+}} forward steps ({{.*}}), 88 compiled runs ({{[0-9]+}} infeasible budgets refused), 0 failures, {{[0-9]+}} over-predictions
