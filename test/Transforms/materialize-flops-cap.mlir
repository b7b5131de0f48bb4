// Under the peak policy, a value a region computes anyway is recomputed
// again for a later consumer only within max-recompute of the step's
// FLOPs (or what yielding it costs, if more). User overrides can cost more
// than the cap on their own: here every forward op of two checkpointed
// blocks is "recompute" (remat_torch.compile honouring
// torch.utils.checkpoint). policy=manual recomputes again per consumer
// (twice the FLOPs, a 3.8% lower peak); the peak policy yields, each op
// recomputed once, as eager checkpointing does (a 3-block nanoGPT went
// from 117% of the step recomputed to 22.5%).
// RUN: remat-opt %S/Inputs/checkpointed_mlp2.mlir -remat-pipeline="policy=manual" -remat-report -o /dev/null | FileCheck %s --check-prefix=MANUAL
// MANUAL: recompute 1.17 MFLOP
// MANUAL: peak: {{.*}} (110120 B)
// RUN: remat-opt %S/Inputs/checkpointed_mlp2.mlir -remat-pipeline="policy=peak" -remat-report -o /dev/null | FileCheck %s --check-prefix=PEAK
// PEAK: recompute 606.66 KFLOP
// PEAK: peak: {{.*}} (114472 B)
// Either way the step is what runs: measured = predicted, bitwise.
// RUN: remat-run %S/Inputs/checkpointed_mlp2.mlir --policy=peak --compare-policy=none | FileCheck %s --check-prefix=RUNS
// RUNS: measured peak:  [[P:[0-9]+]] B
// RUNS-NEXT: predicted peak: [[P]] B
// RUNS: outputs bitwise identical
// A cap past int64's range is no cap (it saturates): recomputing again per
// consumer, as without one.
// RUN: remat-opt %S/Inputs/checkpointed_mlp2.mlir -remat-pipeline="policy=peak max-recompute=1e300" -remat-report -o /dev/null | FileCheck %s --check-prefix=NOCAP
// NOCAP: recompute 1.17 MFLOP
// NOCAP: peak: {{.*}} (110120 B)
