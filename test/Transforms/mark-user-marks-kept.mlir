// A 2-block ViT imported from PyTorch (timm's layout, dim 32, batch 2),
// each block checkpointed with torch.utils.checkpoint: the importer marks
// the blocks' ops `remat.policy = "recompute"`. policy=selective's own
// decisions beside those marks raise the peak, and materialize then undid
// regions until it was back, the checkpoints' with the policy's: nothing
// recomputed, the unrematerialized peak (246,572 B). The mark now measures
// both and keeps the marks alone where they reach the lower peak.
//
// RUN: remat-opt %S/Inputs/vit-checkpointed.mlir -remat-pipeline=policy=selective \
// RUN:   -remat-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=KEPT
// RUN: remat-opt %S/Inputs/vit-checkpointed.mlir \
// RUN:   -remat-pipeline="policy=segments segments=4" -remat-report -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=KEPT
// The marks alone, for comparison: the same peak and FLOPs.
// RUN: remat-opt %S/Inputs/vit-checkpointed.mlir -remat-pipeline=policy=manual \
// RUN:   -remat-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=MANUAL
// The mark pass alone writes the policy's decisions as saves: the passes
// run one by one give the same.
// RUN: remat-opt %S/Inputs/vit-checkpointed.mlir \
// RUN:   -remat-mark="policy=selective split-destinations=true" -remat-materialize \
// RUN:   -remat-schedule -remat-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=KEPT
// Without checkpoints, selective keeps its own decisions: no remark.
// RUN: sed -e 's/remat.policy = "recompute"/unmarked/g' %S/Inputs/vit-checkpointed.mlir \
// RUN:   | remat-opt -remat-pipeline=policy=selective -remat-report -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLAIN

// KEPT: remark: remat: policy={{selective|segments}}'s decisions with the input's recompute marks peak at {{[0-9]+}} bytes once materialized, the marks alone at 160044 bytes: only the marks are kept
// KEPT: remat report for @joint
// KEPT-NEXT: (27 recomputations)
// KEPT-NEXT: recompute 8.32 MFLOP
// KEPT-NEXT: peak: {{.*}} (160044 B)

// MANUAL-NOT: remark
// MANUAL: (27 recomputations)
// MANUAL-NEXT: recompute 8.32 MFLOP
// MANUAL-NEXT: peak: {{.*}} (160044 B)

// PLAIN-NOT: remark
// PLAIN: remat report for @joint
// PLAIN-NEXT: recomputations)
