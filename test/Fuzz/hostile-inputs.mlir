// Tests that every hostile input in corpus/ (truncated and garbage IR,
// random bytes, cut-off files, huge dimensions, cycles through regions, use
// before definition, wrong attribute types, seeds on non-tensors, unknown
// dialects, dynamic and unranked shapes, control flow, side effects inside a
// recomputation) gives a diagnostic and exit status 1 from remat-opt and
// remat-run, never a crash or a hang; and that the edge cases in valid/
// (empty module, zero-sized dimensions, declarations, unknown ops allowed)
// succeed.
// RUN: %python %S/run_corpus.py %remat_tools/remat-opt %remat_tools/remat-run %S/corpus %S/valid | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: 0 failures
