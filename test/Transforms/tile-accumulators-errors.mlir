// Tests bad options of -remat-tile-accumulators and of the pipeline's
// accumulators=, and that the pipeline runs the pass when asked.
// RUN: not remat-opt %S/Inputs/attention-importer-bf16.mlir -remat-tile-accumulators="min-blocks=1" 2>&1 | FileCheck %s --check-prefix=MIN
// MIN: min-blocks must be at least 2, got 1
// RUN: not remat-opt %S/Inputs/attention-importer-bf16.mlir -remat-pipeline="accumulators=rows" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: accumulators must be whole or tiled, got 'rows'
// Both of the graph's products (qkv forward, its weight gradient A^T B) are
// computed in row blocks.
// RUN: remat-opt %S/Inputs/attention-importer-bf16.mlir -remat-pipeline="policy=none accumulators=tiled" | FileCheck %s --check-prefix=PIPE
// PIPE-COUNT-2: scf.for
// PIPE-NOT: scf.for
// PIPE-NOT: tensor<32x48xf32>
// PIPE-NOT: tensor<48x16xf32>
