// A query row masked whole by finfo.min (Hugging Face's padding) under
// PyTorch 2.x's fused CPU attention, whose backward recomputes P' =
// exp(x - lse): lse = finfo.min + log l rounds to finfo.min, so that row's
// P' is 1, not 1/T, and PyTorch's gradient follows it (the untiled import
// reproduces it). The tiles computed exp((x - m) - log l), the exact
// softmax, and their gradients were 50% off PyTorch's (a tester, session
// 31); from a log-sum-exp they recompute exp(x - (m + log l)) now.
// RUN: rm -rf %t && mkdir -p %t
// RUN: remat-run %S/Inputs/sdpa-fmin-row.mlir --write-inputs %t/in > /dev/null
// RUN: %python -c "import sys; sys.path.insert(0, '%S/../../Inputs'); import npy; npy.write('%t/in/arg3.npy', 'f32', '1x1x32x32', ','.join(['-3.4028234663852886e38'] * 32 + ['0'] * 992))"
// RUN: remat-run %S/Inputs/sdpa-fmin-row.mlir --inputs %t/in --outputs %t/none > /dev/null
// RUN: remat-run %S/Inputs/sdpa-fmin-row.mlir --inputs %t/in --outputs %t/tiled --attention=tiled --attention-block-q=16 --attention-block-k=16 2>&1 | FileCheck %s --check-prefix=TILED
// TILED: attention tiled: 16 x 16 tiles over 32 x 32
// RUN: %python %S/Inputs/compare_outputs.py %t/tiled %t/none --tol 1e-5 | FileCheck %s
// CHECK: ok: 3 outputs
