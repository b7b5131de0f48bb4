// Tests remat-budget-bench --candidates: each candidate with its FLOPs,
// result bytes, op and location, then the covering rows of nothing
// recomputed at the budget (which candidates could free how many bytes at
// each step over it).
// RUN: %remat_tools/remat-budget-bench %S/../Transforms/Inputs/random-seed147.mlir --budget=0.8 --candidates | FileCheck %s
// CHECK:      candidate 0: 0 FLOP, 128 B, tensor.collapse_shape
// CHECK-NEXT: candidate 1: 0 FLOP, 128 B, tensor.expand_shape
// CHECK-NEXT: candidate 2: 32 FLOP, 128 B, arith.mulf
// CHECK-NEXT: row: excess 154: 2=128
// CHECK-NEXT: row: excess 26:{{$}}
// CHECK-NEXT: model: 768 B with nothing recomputed
