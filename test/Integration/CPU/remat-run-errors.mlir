// Tests that remat-run rejects bad input with a clear message and a
// non-zero exit.
// RUN: rm -rf %t && mkdir -p %t/wrong %t/dtype
// RUN: %python %S/../../Inputs/npy.py write %t/wrong/arg0.npy f32 4 1
// RUN: %python %S/../../Inputs/npy.py write %t/wrong/arg1.npy f32 256 1
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --inputs %t/wrong --policy=none 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: error: input #0 has dtype f32 and shape (4), but argument #0 is 'tensor<256xf32>'
// The location says where; the function is not printed after it.
// SHAPE-NOT: see current operation
// RUN: %python %S/../../Inputs/npy.py write %t/dtype/arg0.npy f64 256 1
// RUN: %python %S/../../Inputs/npy.py write %t/dtype/arg1.npy f32 256 1
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --inputs %t/dtype 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: error: input #0 has dtype f64 and shape (256), but argument #0 is 'tensor<256xf32>'
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --inputs %t/missing 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: remat-run: error: cannot open '{{.*}}arg0.npy'
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --policy=greedy 2>&1 | FileCheck %s --check-prefix=POLICY
// POLICY: remat-run: for the --policy option: remat: unknown policy 'greedy'; accepted policies: peak, none, manual, selective, segments, budget
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --entry nope 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: remat-run: error: no function @nope with a body
// RUN: not remat-run %s 2>&1 | FileCheck %s --check-prefix=CHOOSE
// CHOOSE: remat-run: error: the module has 5 functions with a body that no other calls; choose one with --entry
// RUN: not remat-run %s --entry dynamic 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// DYNAMIC: remat-run-errors.mlir:{{[0-9]+}}:1: error: argument #0 of @dynamic: dynamic shapes are not supported
// RUN: not remat-run %t/nothing.mlir 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: remat-run: error: cannot open input file '{{.*}}nothing.mlir'
// RUN: not remat-run %S/../../Tools/Inputs/truncated.mlir 2>&1 | FileCheck %s --check-prefix=PARSE
// PARSE: truncated.mlir:{{[0-9]+}}:{{[0-9]+}}: error:

// Malformed and crafted .npy headers are refused before anything is
// allocated: a shape that is not a tuple of integers, 2^40 elements (the
// file is checked against the header), a product overflowing int64.
// RUN: mkdir -p %t/malformed %t/huge %t/overflow
// RUN: %python %S/../../Inputs/npy.py raw %t/malformed/arg0.npy '(16,,16)' 1024
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --inputs %t/malformed 2>&1 | FileCheck %s --check-prefix=MALFORMED
// MALFORMED: remat-run: error: '{{.*}}arg0.npy': malformed shape (16,,16)
// RUN: %python %S/../../Inputs/npy.py raw %t/huge/arg0.npy '(1099511627776,)' 1024
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --inputs %t/huge 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: remat-run: error: '{{.*}}arg0.npy': the header declares 4398046511104 bytes of data, the file has 1024
// RUN: %python %S/../../Inputs/npy.py raw %t/overflow/arg0.npy '(3037000500, 3037000500, 4)' 16
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --inputs %t/overflow 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW: remat-run: error: '{{.*}}arg0.npy': the shape's byte size overflows

// --outputs never mixes results with an earlier run's: a non-empty folder
// is refused; --overwrite first removes the earlier outN.npy files (a stale
// out5.npy must not survive beside new results), and nothing else.
// RUN: mkdir -p %t/out && touch %t/out/out5.npy %t/out/notes.txt
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --outputs %t/out 2>&1 | FileCheck %s --check-prefix=NONEMPTY
// NONEMPTY: remat-run: error: --outputs folder '{{.*}}out' is not empty (pass --overwrite to replace the outN.npy files of an earlier run)
// RUN: remat-run %S/../../Transforms/Inputs/square_chain.mlir --outputs %t/out --overwrite 2>&1 | FileCheck %s --check-prefix=OVERWRITE
// OVERWRITE: remat-run: removed 1 outN.npy file(s) of an earlier run
// RUN: ls %t/out | FileCheck %s --check-prefix=LISTING
// LISTING-NOT: out5.npy
// LISTING: notes.txt
// LISTING-NEXT: out0.npy
// LISTING-NEXT: out1.npy
// LISTING-NOT: out5.npy
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --overwrite 2>&1 | FileCheck %s --check-prefix=NOOUT
// NOOUT: remat-run: error: --overwrite only applies with --outputs

// A flag of another policy is an error, not silently ignored.
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --budget=0.5 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET: remat-run: error: --budget only applies to --policy=budget (or --compare-policy=budget), got --policy=none
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --policy=selective --group='layers' 2>&1 | FileCheck %s --check-prefix=GROUP
// GROUP: remat-run: error: --group only applies to --policy=segments (or --compare-policy=segments), got --policy=selective
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --policy=selective --prefer=saved 2>&1 | FileCheck %s --check-prefix=PREFER
// PREFER: remat-run: error: --prefer only applies to --policy=peak (or --compare-policy=peak), got --policy=selective
// RUN: not remat-run %S/../../Transforms/Inputs/square_chain.mlir --policy=peak --prefer=bytes 2>&1 | FileCheck %s --check-prefix=PREFER-VALUE
// PREFER-VALUE: remat-run: for the --prefer option: --prefer must be flops or saved, got 'bytes'

// A body of several blocks was run with a predicted peak of 0 B (the
// timeline reads one block; the remat passes refuse such functions).
// RUN: not remat-run %s --entry branches 2>&1 | FileCheck %s --check-prefix=BLOCKS
// BLOCKS: remat-run-errors.mlir:{{[0-9]+}}:1: error: remat-run needs a function whose body is a single block (use scf.if or scf.for for control flow); @branches has 3
// A call to a declaration: the JIT said "Symbols not found" without a
// location.
// RUN: not remat-run %s --entry external 2>&1 | FileCheck %s --check-prefix=EXTERNAL
// EXTERNAL: remat-run-errors.mlir:{{[0-9]+}}:8: error: calls @ext, which has no body: remat-run compiles the whole call graph and cannot call outside it
// A graph whose predicted peak exceeds what the process may allocate is
// refused before it runs (an 8 TiB fill crashed inside the compiled code).
// RUN: not remat-run %s --entry huge 2>&1 | FileCheck %s --check-prefix=HUGEPEAK
// HUGEPEAK: remat-run-errors.mlir:{{[0-9]+}}:1: error: @huge needs up to 8796093022208 bytes of buffers (the predicted peak), more than this process can allocate
// A pass that fails says why at the function, and so does remat-run
// after it (it said "file:0:0: error: the remat pipeline failed").
// RUN: not remat-run %s --entry other --policy=peak 2>&1 | FileCheck %s --check-prefix=NOSEED
// NOSEED: remat-run-errors.mlir:[[L:[0-9]+]]:1: error: no gradient seed
// NOSEED: remat-run-errors.mlir:[[L]]:1: error: the remat pipeline failed on @other

func.func @branches(%x: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  cf.cond_br %c, ^a, ^b
^a:
  return %x : tensor<4xf32>
^b:
  %y = math.exp %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

func.func private @ext(tensor<4xf32>) -> tensor<4xf32>
func.func @external(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = func.call @ext(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

func.func @huge(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<2147483648x1024xf32>
  %f = linalg.fill ins(%c : f32) outs(%e : tensor<2147483648x1024xf32>) -> tensor<2147483648x1024xf32>
  %s = tensor.extract_slice %f[5, 0] [1, 4] [1, 1] : tensor<2147483648x1024xf32> to tensor<4xf32>
  %y = arith.mulf %s, %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

func.func @other(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
