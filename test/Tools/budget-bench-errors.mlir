// Tests that remat-budget-bench refuses bad input as remat-opt and
// remat-run do, with a located error and exit status 1: it segfaulted on a
// 20,000-deep affine map (stack overflow) and on a linalg.reduce that
// crashes MLIR 22's parser (a fresh user, session 33).
// RUN: %python -c "print('#m = affine_map<(d0) -> (' + '(' * 20000 + 'd0' + ')' * 20000 + ')>')" > %t.deep.mlir
// RUN: not %remat_tools/remat-budget-bench %t.deep.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: deep.mlir:1:{{[0-9]+}}: error: input nests brackets or chains operators more than 4096 deep
// RUN: not %remat_tools/remat-budget-bench %S/../Fuzz/corpus/parser_crash_linalg_reduce.mlir 2>&1 | FileCheck %s --check-prefix=REDUCE
// REDUCE: parser_crash_linalg_reduce.mlir:{{[0-9]+}}:{{[0-9]+}}: error: expected ']'
// RUN: not %remat_tools/remat-budget-bench %t.does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: remat-budget-bench: cannot read '{{.*}}does-not-exist.mlir'
// RUN: not %remat_tools/remat-budget-bench %S/Inputs/garbage.mlir 2>&1 | FileCheck %s --check-prefix=GARBAGE
// GARBAGE: garbage.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
// A budget that is not a positive fraction (-1, nan, inf gave a negative
// budget in bytes, exit 0; a tester's report, session 37).
// RUN: not %remat_tools/remat-budget-bench %S/../Transforms/budget-calls.mlir --budget=-1 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: not %remat_tools/remat-budget-bench %S/../Transforms/budget-calls.mlir --budget=nan 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: not %remat_tools/remat-budget-bench %S/../Transforms/budget-calls.mlir --budget=inf 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET: remat-budget-bench: --budget must be a positive fraction of the unrematerialized peak
// A graph with scf loops parses (the scf dialect was not registered).
// RUN: %remat_tools/remat-budget-bench %S/../Integration/CPU/loop-yield-read-after.mlir --budget=0.9 2>&1 | FileCheck %s --check-prefix=SCF
// SCF: loop: {{[0-9]+}} ops, {{[0-9]+}} candidates
