// policy=budget on a 200-layer elementwise chain (f16 sin, 4x8, 12,800 B
// unrematerialized): the model's family went from recomputing 44% of the
// forward (7,168 B) straight to recomputing all of it (3,392 B, 6.27 KFLOP),
// so any budget in between took 6.27 KFLOP where a checkpoint every 2
// layers holds 6,464 B for 3.20 KFLOP. Fine checkpoint segments (every 2,
// 3, 4, 6, 8 forward ops of FLOPs) are among the family's extra points now.
// RUN: %python %S/Inputs/sin_chain.py 200 > %t.mlir
// RUN: remat-opt %t.mlir -remat-pipeline="policy=budget budget=6500" -remat-report -o /dev/null | FileCheck %s
// CHECK: recompute 3.20 KFLOP
// CHECK: peak: {{.*}} (6464 B)
