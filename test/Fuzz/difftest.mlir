// Differential testing on random training graphs: seeds 0-9 here (10-19 in
// difftest-2.mlir, bigger graphs in difftest-big.mlir: split so that lit runs
// them in parallel; 170 more
// in difftest-sweep.mlir, run by `make check-long`), each run on
// the CPU without rematerialization (on the graph and on a copy with random
// remat.policy marks) and under nine configurations (two of them budgets,
// which must also be met when feasible; one, peak-fused, runs the GPU
// lowering's fusions on the CPU: -remat-fuse-elementwise and
// -remat-fuse-parallel-loops);
// outputs must be bitwise identical, the measured peak must equal the
// prediction and never exceed policy=none's. A longer run is one command:
//   build/bin/remat-difftest --first-seed 1000 --seeds 5000
// RUN: %remat_tools/remat-difftest --seeds 10 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: remat-difftest: 10 seeds, {{[0-9]+}} forward steps ({{.*}}), 110 compiled runs ({{[0-9]+}} infeasible budgets refused), 0 failures
