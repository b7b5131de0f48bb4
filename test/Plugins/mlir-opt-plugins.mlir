// UNSUPPORTED: sanitizer
// Tests that the stock upstream mlir-opt of the same LLVM release loads
// remat's dialect and pass plugins and then runs the remat pipeline exactly
// as remat-opt does. (Stock mlir-opt parses its command line once, so
// passes that a plugin registers are spelled through --pass-pipeline.)

// RUN: mlir-opt %S/../Transforms/Inputs/square_chain.mlir --load-dialect-plugin=%remat_libs/RematDialectPlugin.so --load-pass-plugin=%remat_libs/RematPassPlugin.so --pass-pipeline="builtin.module(remat-pipeline{policy=selective})" > %t.plugin.mlir
// RUN: remat-opt %S/../Transforms/Inputs/square_chain.mlir -remat-pipeline="policy=selective" > %t.remat-opt.mlir
// RUN: diff %t.plugin.mlir %t.remat-opt.mlir
// RUN: FileCheck %s < %t.plugin.mlir
// CHECK-LABEL: func.func @square_chain
// CHECK:         remat.recompute(%arg0) : (tensor<256xf32>) -> tensor<256xf32>

// Options and the report work through the plugin too.
// RUN: mlir-opt %S/../Transforms/Inputs/attention.mlir --load-dialect-plugin=%remat_libs/RematDialectPlugin.so --load-pass-plugin=%remat_libs/RematPassPlugin.so --pass-pipeline="builtin.module(remat-pipeline{policy=selective flops-per-byte=200},remat-report)" -o /dev/null | FileCheck %s --check-prefix=REPORT
// REPORT: remat report for @attention
// REPORT: peak:    56.2 KiB (57600 B)
// REPORT: saved:   0 activations, 0 B (0 B)

// The pass plugin alone: the passes ran with no cost model attached (every
// op unknown: nothing recomputed, conservative FLOPs, exit 0, a tester's
// report); now an error saying what to load.
// RUN: not mlir-opt %S/../Transforms/Inputs/square_chain.mlir --load-pass-plugin=%remat_libs/RematPassPlugin.so --pass-pipeline="builtin.module(remat-pipeline{policy=selective})" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PASSONLY
// RUN: not mlir-opt %S/../Transforms/Inputs/square_chain.mlir --load-pass-plugin=%remat_libs/RematPassPlugin.so --pass-pipeline="builtin.module(remat-annotate-costs)" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PASSONLY
// PASSONLY: error: remat's cost models are not registered in this context (an mlir-opt that loaded RematPassPlugin.so without RematDialectPlugin.so?): load both plugins (--load-dialect-plugin too), or call mlir::remat::registerCostModelExternalModels on the registry

// The dialect plugin alone makes remat IR parse and verify in mlir-opt.
// RUN: mlir-opt %S/../Dialect/Remat/ops.mlir -split-input-file --load-dialect-plugin=%remat_libs/RematDialectPlugin.so | FileCheck %s --check-prefix=DIALECT
// DIALECT: remat.recompute
