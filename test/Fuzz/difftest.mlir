// Differential testing on random training graphs: 200 seeds, each run on
// the CPU without rematerialization (on the graph and on a copy with random
// remat.policy marks) and under eight policy configurations (two of them
// budgets, which must also be met when feasible);
// outputs must be bitwise identical, the measured peak must equal the
// prediction and never exceed policy=none's. A longer run is one command:
//   build/bin/remat-difftest --first-seed 1000 --seeds 5000
// RUN: %remat_tools/remat-difftest --seeds 200 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: remat-difftest: 200 seeds, {{[0-9]+}} forward steps ({{.*}}), 2000 compiled runs ({{[0-9]+}} infeasible budgets refused), 0 failures
