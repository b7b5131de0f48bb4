// The default policy measures the values recomputable from what backward
// reads anyway (the absorbable chains) beside the model's family, and takes
// them where they lower the measured peak by at least 1%, then drops each
// chain taken that does not: on a residual GELU MLP whose blocks compute
// the input gradient before the weight gradients, the model sees no gain
// in the second and third GELUs and the family recomputed the first only
// (33,476 B); all three measure 30,660 B for 24.58 KFLOP, and two of them
// as much for 16.38 KFLOP (2.6% of the step; policy=none: 35,908 B).
// Measured on the CPU too, bit-identical to policy=none.
// RUN: remat-opt %S/Inputs/residual_gelu_mlp3.mlir -remat-pipeline -remat-report -o /dev/null | FileCheck %s
// RUN: remat-run %S/Inputs/residual_gelu_mlp3.mlir --policy=peak --compare-policy=none | FileCheck %s --check-prefix=CPU

// CHECK: FLOPs: forward 222.98 KFLOP, backward 414.72 KFLOP, recompute 16.38 KFLOP
// CHECK: peak: 29.9 KiB (30660 B)

// CPU: @train_step with policy=peak
// CPU-NEXT: measured peak:  30660 B
// CPU-NEXT: predicted peak: 30660 B
// CPU: @train_step with policy=none
// CPU-NEXT: measured peak:  35908 B
// CPU: outputs bitwise identical; peak ratio peak/none = 0.8538
