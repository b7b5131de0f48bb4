// Tests that bad options and bad input give a diagnostic and a non-zero exit.

// RUN: not remat-opt %s -remat-report="bogus=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: no such option bogus

// RUN: not remat-opt %s -remat-report="format=xml" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: remat-report: unknown format 'xml'; expected 'text' or 'json'

// A file that cannot be written to the end (a full disk) is a located
// error, not LLVM's "IO failure on output stream" abort.
// RUN: not remat-opt %s -remat-report="file=/dev/full" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not remat-opt %s -remat-pareto="file=/dev/full" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: error: remat-{{report|pareto}}: cannot write '/dev/full': No space left on device
// FULL-NOT: LLVM ERROR

// RUN: not remat-opt %s -remat-report="file=" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: remat-report: 'file' must not be empty

// RUN: not remat-opt %s -remat-report="file=%t.missing/dir/report.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FILE
// FILE: error: remat-report: cannot write '{{.*}}report.json'

// RUN: not remat-opt %s -remat-report="plot=%t.missing/dir/plot.svg" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLOT
// PLOT: error: remat-report: cannot write '{{.*}}plot.svg'

// RUN: not remat-opt %t.does-not-exist.mlir -remat-report 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: cannot open input file '{{.*}}does-not-exist.mlir'

// RUN: not remat-opt %S/Inputs/truncated.mlir -remat-report 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// TRUNCATED: truncated.mlir:{{[0-9]+}}:{{[0-9]+}}: error:

// RUN: not remat-opt %S/Inputs/garbage.mlir -remat-report 2>&1 | FileCheck %s --check-prefix=GARBAGE
// GARBAGE: garbage.mlir:1:{{[0-9]+}}: error: unexpected character

// RUN: not remat-opt %s -remat-no-such-pass 2>&1 | FileCheck %s --check-prefix=PASS
// PASS: Unknown command line argument '-remat-no-such-pass'

func.func @ok(%x: tensor<4xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  %y = math.exp %x : tensor<4xf32>
  %g = arith.mulf %dy, %y : tensor<4xf32>
  return %g : tensor<4xf32>
}
