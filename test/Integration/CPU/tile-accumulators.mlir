// Tests -remat-tile-accumulators end to end on the CPU: the importer's
// 16-bit products (f32 sums narrowed by a truncf), computed in row blocks,
// give bit-identical outputs, measured peak = predicted (here set by the
// attention, so unchanged; Torch/tile-accumulators.test shows the fall on a
// GPT-2 block). The graph is the
// bf16 import of models.py:attention renamed f16 (remat-run reads no bf16
// arguments): its two products (qkv forward, the weight gradient A^T B)
// are computed in blocks.
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed 's/bf16/f16/g' %S/../../Transforms/Inputs/attention-importer-bf16.mlir > %t/f16.mlir
// RUN: remat-run %t/f16.mlir --accumulators=tiled --compare-policy=none 2>&1 | FileCheck %s --check-prefix=SAME
// SAME: outputs bitwise identical
// RUN: remat-run %t/f16.mlir --accumulators=tiled --json | FileCheck %s --check-prefix=TILED
// RUN: remat-run %t/f16.mlir --json | FileCheck %s --check-prefix=WHOLE
// TILED:      "measured_peak_bytes": [[P:[0-9]+]],
// TILED:      "predicted_peak_bytes": [[P]],
// WHOLE:      "measured_peak_bytes": 14592,
// WHOLE:      "predicted_peak_bytes": 14592,

// With tiled attention and policy=selective on top: measured = predicted,
// within tiled attention's tolerance of the untiled graph.
// RUN: remat-run %t/f16.mlir --policy=selective --accumulators=tiled --attention=tiled --attention-block-q=8 --attention-block-k=4 --outputs %t/both --json 2>/dev/null | FileCheck %s --check-prefix=TILED
// RUN: remat-run %t/f16.mlir --outputs %t/none > /dev/null
// RUN: %python %S/Inputs/compare_outputs.py %t/both %t/none --tol 1e-2 | FileCheck %s --check-prefix=OK
// OK: ok: 2 outputs

// A bad value is refused.
// RUN: not remat-run %t/f16.mlir --accumulators=rows 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: --accumulators must be whole or tiled, got 'rows'
