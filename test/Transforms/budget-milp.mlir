// Tests solver=milp beyond the exhaustive search: the MILP through CBC
// (lib/Transforms/BudgetMilp.cpp). Without CBC: budget-milp-unavailable.mlir.
// REQUIRES: cbc

// The attention graph with the exhaustive search off: the MILP's frontier
// finds what exhaustive search does, and the remark says it is proven.
// RUN: remat-opt %S/Inputs/attention.mlir -remat-pipeline="policy=budget budget=64KiB solver=milp exact-limit=0" -remat-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=ATTN
// ATTN: remark: remat: solver=milp (MILP, CBC): 155648 FLOP recomputed, peak 57600 bytes; gap=0 (proven optimal for the peak model)
// ATTN: recompute 155.65 KFLOP
// ATTN: peak:    56.2 KiB (57600 B)

// A random graph with 33 candidates: 80% of the peak costs 128 FLOP, as the
// branch and bound proves too (budget.mlir).
// RUN: remat-opt %S/Inputs/random-seed5.mlir -remat-pipeline="policy=budget budget=0.8 solver=milp" -remat-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: gap=0 (proven optimal for the peak model)
// BIG: recompute 128 FLOP
// BIG: peak:    2.5 KiB (2560 B)

// A time-limit too short to prove anything: the best found, with its
// proven gap, not an error and not a claim.
// RUN: remat-opt %S/Inputs/random-seed5.mlir -remat-pipeline="policy=budget budget=0.6 solver=milp time-limit=0.005" -remat-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=GAP
// GAP: remark: remat: solver=milp (MILP, CBC): {{[0-9]+}} FLOP recomputed, peak {{[0-9]+}} bytes; gap={{[0-9.]+}}% (not proven: the peak model needs at least {{[0-9]+}} FLOP)
// GAP: peak:

// The sweep over budgets keeps every guarantee with the MILP.
// RUN: %python %S/../Inputs/check_budget.py remat-opt "milp exact-limit=0" %S/Inputs/attention.mlir %S/Inputs/exp_chain.mlir %S/Inputs/square_chain.mlir | FileCheck %s --check-prefix=SWEEP
// SWEEP-NOT: FAIL

// -remat-pareto with the MILP: the same curve as the exhaustive search
// (pareto.mlir); out of time, a warning with the largest gap.
// RUN: remat-opt %S/Inputs/attention.mlir -remat-pareto="file=%t.json solver=milp exact-limit=0" -o /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// JSON:      "budget_bytes": 57600,
// JSON-NEXT: "peak_bytes": 57600,
// JSON-NEXT: "recompute_flops": 155648
// RUN: remat-opt %S/Inputs/random-seed5.mlir -remat-pareto="file=%t.seed5.json solver=milp time-limit=0.005" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PARETO-GAP
// PARETO-GAP: warning: remat-pareto: the exact solver did not finish within time-limit: the curve is not proven optimal, its largest gap at budget {{[0-9]+}} bytes: gap={{[0-9.]+}}%

// exact (the branch and bound) is accepted by -remat-pareto too.
// RUN: remat-opt %S/Inputs/attention.mlir -remat-pareto="file=%t.bb.json solver=exact exact-limit=0" -o /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.bb.json
