// Found by a tester training inside PyTorch (session 31): selective on a
// 2-block encoder recomputed nothing. Its cut keeps only the inputs and the
// GEMMs, so the residual stream is recomputed for every block; shared
// regions (one region at the first backward op, yielding the stream to the
// later blocks) raised the peak and were undone, all of them, while
// separate regions (each consumer's chain cloned again: 5.4x the function,
// past the 4x beyond which materialize took the shared build "whatever its
// peak") lower it. The separate build is kept now when only it fits the
// input's peak.
// RUN: remat-opt %S/Inputs/encoder-2block.mlir -remat-pipeline="policy=none" -remat-report -o /dev/null | FileCheck %s --check-prefix=NONE
// NONE: recompute 0 FLOP
// NONE: peak: {{.*}} (8928 B)
// RUN: remat-opt %S/Inputs/encoder-2block.mlir -remat-pipeline="policy=selective" -remat-report -o /dev/null | FileCheck %s --check-prefix=SEL
// SEL: backward (27 recomputations)
// SEL: peak: {{.*}} (8240 B)
// SEL: saved: 0 activations
// The lowered step holds the same bytes as none's, measured = predicted,
// bitwise.
// RUN: remat-run %S/Inputs/encoder-2block.mlir --policy=selective --compare-policy=none | FileCheck %s --check-prefix=RUNS
// RUNS: measured peak:  [[P:[0-9]+]] B
// RUNS-NEXT: predicted peak: [[P]] B
// RUNS: outputs bitwise identical
