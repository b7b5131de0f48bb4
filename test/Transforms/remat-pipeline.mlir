// Tests of -remat-pipeline="policy=selective" on whole graphs, with report figures computed by
// hand. Inputs are in Inputs/.

// a = x*x, b = a+1, z = b*b: only x (an argument) is saved; b is recomputed
// from x just before the first backward op that reads it (dz * b).
// RUN: remat-opt %S/Inputs/square_chain.mlir -remat-pipeline="policy=selective" | FileCheck %s --check-prefix=CHAIN
// CHAIN-LABEL: func.func @square_chain
// CHAIN-SAME:    (%[[X:[a-z0-9]+]]: tensor<256xf32>, %[[DZ:[a-z0-9]+]]: tensor<256xf32> {remat.cotangent})
// CHAIN:         %[[A:.+]] = arith.mulf %[[X]], %[[X]] {remat.policy = "recompute"}
// CHAIN:         %[[B:.+]] = arith.addf %[[A]], %{{.+}} {remat.policy = "recompute"}
// CHAIN:         %[[Z:.+]] = arith.mulf %[[B]], %[[B]]
// CHAIN:         %[[R:.+]] = remat.recompute(%[[X]]) : (tensor<256xf32>) -> tensor<256xf32> {
// CHAIN-NEXT:    ^bb0(%[[IN:.+]]: tensor<256xf32>):
// CHAIN-NEXT:      %[[ONE:.+]] = arith.constant dense<1.000000e+00>
// CHAIN-NEXT:      %[[A2:.+]] = arith.mulf %[[IN]], %[[IN]]
// CHAIN-NEXT:      %[[B2:.+]] = arith.addf %[[A2]], %[[ONE]]
// CHAIN-NEXT:      remat.yield %[[B2]]
// CHAIN-NEXT:    }
// CHAIN-NEXT:    arith.mulf %[[DZ]], %[[R]]
// CHAIN-NOT:     %[[B]]{{[^0-9]}}
// CHAIN:         return %[[Z]]

// Report figures (every tensor 1 KiB). Before: b is saved (1 KiB); the
// peak, 3 KiB, is first reached at dz * b (#5), where b, z and the product
// are live. After: nothing but x is saved; the recomputation costs 256
// multiplies and 256 adds; the peak is still 3 KiB (z, the recomputed b and
// its transient a), never higher.
// RUN: remat-opt %S/Inputs/square_chain.mlir -remat-report=format=json -o /dev/null | FileCheck %s --check-prefix=CHAIN-BEFORE
// CHAIN-BEFORE: "peak_bytes": 3072,
// CHAIN-BEFORE: "index": 5,
// CHAIN-BEFORE: "recompute_flops": 0,
// CHAIN-BEFORE: "saved_bytes": 1024
// RUN: remat-opt %S/Inputs/square_chain.mlir -remat-pipeline="policy=selective" -remat-report=format=json -o /dev/null | FileCheck %s --check-prefix=CHAIN-AFTER
// CHAIN-AFTER: "peak_bytes": 3072,
// CHAIN-AFTER: "recompute_flops": 512,
// CHAIN-AFTER: "recompute_ops": 1,
// CHAIN-AFTER: "saved": [],
// CHAIN-AFTER: "saved_bytes": 0

// The MLP with GELU, with GEMMs kept (flops-per-byte=16; a 64-deep f32
// contraction does 32 FLOPs per output byte): the GELU output is recomputed
// from the saved fc1 output just before the weight gradient of fc2, the
// first backward op that reads it, not merely before the GELU's gradient.
// RUN: remat-opt %remat_src_root/examples/mlp_gelu.mlir -remat-pipeline="policy=selective flops-per-byte=16" | FileCheck %s --check-prefix=MLP
// MLP-LABEL: func.func @mlp_train
// MLP:         %[[B:.+]] = linalg.matmul {remat.policy = "save"} ins(%arg0, %arg1
// MLP:         %[[C:.+]] = linalg.generic {{.*}} ins(%[[B]] : tensor<16x256xf32>) {{.*}} {remat.policy = "recompute"}
// MLP:         linalg.matmul ins(%[[C]], %arg2
// MLP:         %[[R:.+]] = remat.recompute(%[[B]]) : (tensor<16x256xf32>) -> tensor<16x256xf32>
// MLP:           math.tanh
// MLP:           remat.yield
// MLP-NEXT:    }
// MLP-NEXT:    tensor.empty
// MLP-NEXT:    linalg.fill
// MLP-NEXT:    %[[DW2:.+]] = linalg.matmul indexing_maps = [#map1, #map2, #map3] ins(%[[R]], %arg3
// MLP-NOT:     %[[C]]{{[^0-9]}}
// MLP:         return

// Its report: 16 KiB saved instead of 32 KiB, for 16*256*9 recompute FLOPs.
// RUN: remat-opt %remat_src_root/examples/mlp_gelu.mlir -remat-pipeline="policy=selective flops-per-byte=16" -remat-report -o /dev/null | FileCheck %s --check-prefix=MLP-REPORT
// MLP-REPORT: FLOPs:   forward 1.09 MFLOP, backward 2.17 MFLOP, recompute 36.86 KFLOP
// MLP-REPORT: saved:   1 activations, 16.0 KiB (16384 B)
// MLP-REPORT-NEXT: %2 = linalg.matmul #8 : tensor<16x256xf32>, 16.0 KiB (mlp.fc1)

// Attention: with the default threshold the score matmul (2*16 FLOPs per
// 4-byte score) is cheap enough, so the scores, the softmax, the dropout
// mask (computed from the seed) and the dropout output are all recomputed
// from q, k and the seed, as Megatron-LM's selective recompute does by hand.
// RUN: remat-opt %S/Inputs/attention.mlir -remat-pipeline="policy=selective" | FileCheck %s --check-prefix=ATTN
// ATTN-LABEL: func.func @attention
// ATTN:         linalg.matmul {{.*}} {remat.policy = "recompute"} ins(%arg0, %arg1
// ATTN:         linalg.softmax {remat.policy = "recompute"}
// ATTN:         linalg.generic {{.*}} outs(%{{.+}} : tensor<64x64xf32>) attrs =  {remat.policy = "recompute"}
// ATTN:         remat.recompute(%arg0, %arg1, %arg3) : (tensor<64x16xf32>, tensor<64x16xf32>, i32) -> tensor<64x64xf32>
// ATTN:         remat.recompute(%arg3) : (i32) -> tensor<64x64xf32>
// ATTN:         remat.recompute(%arg0, %arg1) : (tensor<64x16xf32>, tensor<64x16xf32>) -> tensor<64x64xf32>
// RUN: remat-opt %S/Inputs/attention.mlir -remat-report -o /dev/null | FileCheck %s --check-prefix=ATTN-BEFORE
// ATTN-BEFORE: peak:    72.0 KiB (73728 B)
// ATTN-BEFORE: saved:   3 activations, 48.0 KiB (49152 B)
// RUN: remat-opt %S/Inputs/attention.mlir -remat-pipeline="policy=selective" -remat-report -o /dev/null | FileCheck %s --check-prefix=ATTN-AFTER
// ATTN-AFTER: peak:    56.2 KiB (57600 B)
// ATTN-AFTER: saved:   0 activations, 0 B (0 B)

// Two MLP blocks at GPT-like proportions: the GELU outputs are recomputed,
// the GEMM outputs kept; saved bytes fall from 68 to 36 MiB and the peak
// from 92 to 76 MiB for 0.15% more FLOPs. (Canonicalization folds one
// constant multiply per element out of the GELU gradient: 34.51 GFLOP.)
// RUN: remat-opt %remat_src_root/examples/mlp2_gelu.mlir -remat-pipeline="policy=selective" -remat-report -o /dev/null | FileCheck %s --check-prefix=MLP2
// MLP2: FLOPs:   forward 17.26 GFLOP, backward 34.5{{[12]}} GFLOP, recompute 75.50 MFLOP
// MLP2: peak:    76.0 MiB (79691776 B)
// MLP2: saved:   3 activations, 36.0 MiB (37748736 B)

// policy=none leaves the IR unchanged.
// RUN: remat-opt %S/Inputs/attention.mlir > %t.in.mlir
// RUN: remat-opt %S/Inputs/attention.mlir -remat-pipeline="policy=none" > %t.none.mlir
// RUN: diff %t.in.mlir %t.none.mlir
// RUN: remat-opt %S/Inputs/attention.mlir -remat-mark="policy=none" > %t.mark-none.mlir
// RUN: diff %t.in.mlir %t.mark-none.mlir

// -cse -canonicalize after the pipeline does not undo it: the three
// recomputations survive (isolated regions cannot be merged back), and no
// attention activation becomes saved again. CSE does merge the zero-filled
// destinations; splitting them again restores the peak remat-run measures
// (57600 B; the pipeline's own output is reported 256 B above it, the row
// buffer of the recomputed softmax counted where the lowering needs none).
// RUN: remat-opt %S/Inputs/attention.mlir -remat-pipeline="policy=selective" -cse -canonicalize -remat-report -o /dev/null | FileCheck %s --check-prefix=ATTN-CSE
// ATTN-CSE:     recompute 397.31 KFLOP
// ATTN-CSE:     saved:
// ATTN-CSE-NOT: = linalg.{{softmax|generic|matmul}} #
// RUN: remat-opt %S/Inputs/attention.mlir -remat-pipeline="policy=selective" -cse -canonicalize -remat-split-destinations -remat-report -o /dev/null | FileCheck %s --check-prefix=ATTN-CSE-PEAK
// RUN: remat-opt %remat_src_root/examples/mlp2_gelu.mlir -remat-pipeline="policy=selective" -cse -canonicalize -remat-split-destinations -remat-report -o /dev/null | FileCheck %s --check-prefix=MLP2
// -remat-report models what runs: the lowering splits CSE'd destinations
// again, so the report on the CSE'd IR is the same (it once counted a
// shared zero-filled destination as a saved activation, and its buffer as
// live from forward to backward).
// RUN: remat-opt %S/Inputs/attention.mlir -remat-pipeline="policy=selective" -cse -canonicalize -remat-report -o /dev/null | FileCheck %s --check-prefix=ATTN-CSE-PEAK
// ATTN-CSE-PEAK: peak:    56.2 KiB (57600 B)
// ATTN-CSE-PEAK: saved:   0 activations, 0 B (0 B)
// RUN: remat-opt %remat_src_root/examples/mlp2_gelu.mlir -remat-pipeline="policy=selective" -cse -canonicalize -remat-report -o /dev/null | FileCheck %s --check-prefix=MLP2
// RUN: remat-opt %remat_src_root/examples/mlp2_gelu.mlir -cse -remat-report -o /dev/null | FileCheck %s --check-prefix=MLP2-CSE-NONE
// MLP2-CSE-NONE: peak: 92.0 MiB (96468992 B)
// MLP2-CSE-NONE: saved: 5 activations, 68.0 MiB (71303168 B)

// The pipeline is also insensitive to CSE before it, and idempotent.
// RUN: remat-opt %S/Inputs/attention.mlir -cse -canonicalize -remat-pipeline="policy=selective" -remat-report -o /dev/null | FileCheck %s --check-prefix=ATTN-AFTER
// RUN: remat-opt %remat_src_root/examples/mlp2_gelu.mlir -remat-pipeline="policy=selective" -remat-pipeline="policy=selective" -remat-report -o /dev/null | FileCheck %s --check-prefix=MLP2
