// Tests that remat-run rejects bad input with a clear message and a
// non-zero exit.
// RUN: rm -rf %t && mkdir -p %t/wrong %t/dtype
// RUN: %python %S/../../Inputs/npy.py write %t/wrong/arg0.npy f32 4 1
// RUN: %python %S/../../Inputs/npy.py write %t/wrong/arg1.npy f32 256 1
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --inputs %t/wrong 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: error: input #0 has dtype f32 and shape (4), but argument #0 is 'tensor<256xf32>'
// RUN: %python %S/../../Inputs/npy.py write %t/dtype/arg0.npy f64 256 1
// RUN: %python %S/../../Inputs/npy.py write %t/dtype/arg1.npy f32 256 1
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --inputs %t/dtype 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: error: input #0 has dtype f64 and shape (256), but argument #0 is 'tensor<256xf32>'
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --inputs %t/missing 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: remat-run: error: cannot open '{{.*}}arg0.npy'
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --policy=greedy 2>&1 | FileCheck %s --check-prefix=POLICY
// POLICY: remat-run: error: remat: unknown policy 'greedy'; accepted policies: none, manual, selective, segments, budget
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --entry nope 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: remat-run: error: no function @nope with a body
// RUN: not remat-run %s 2>&1 | FileCheck %s --check-prefix=CHOOSE
// CHOOSE: remat-run: error: the module has 2 functions with a body; choose one with --entry
// RUN: not remat-run %s --entry dynamic 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// DYNAMIC: remat-run: error: argument #0 of @dynamic: dynamic shapes are not supported
// RUN: not remat-run %t/nothing.mlir 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: remat-run: error: cannot open input file '{{.*}}nothing.mlir'
// RUN: not remat-run %S/../../Tools/Inputs/truncated.mlir 2>&1 | FileCheck %s --check-prefix=PARSE
// PARSE: truncated.mlir:{{[0-9]+}}:{{[0-9]+}}: error:

func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

func.func @other(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
