// Tests bf16 arguments and results in remat-run: random bf16 inputs
// (--seed), written as f32 .npy (NumPy has no bf16; exact), read back
// (--inputs, rounded to bf16: the same bits, so the same results), and
// results that match the same graph in f32 fed the same values (every bf16
// product is exact in f32, and the sums run in the same order; the bf16
// result differs by its rounding, under 2^-9 of its magnitude).
// RUN: rm -rf %t && mkdir -p %t
// RUN: remat-run %s --write-inputs %t/in --outputs %t/out | FileCheck %s
// CHECK:      @bf16_layer with policy=none
// CHECK:        measured peak:  184 B
// CHECK-NEXT:   predicted peak: 184 B
// CHECK:        out0: tensor<4x3xbf16>
// CHECK:        out1: tensor<8x3xf32>
// RUN: %python -c "print(open('%t/in/arg0.npy', 'rb').read(80)); print(open('%t/out/out0.npy', 'rb').read(80))" | FileCheck %s --check-prefix=NPY
// NPY: 'descr': '<f4', 'fortran_order': False, 'shape': (4, 8)
// NPY: 'descr': '<f4', 'fortran_order': False, 'shape': (4, 3)
// RUN: remat-run %s --inputs %t/in --outputs %t/again > /dev/null
// RUN: %python %S/Inputs/compare_outputs.py %t/again %t/out --tol 0 | FileCheck %s --check-prefix=OK
// RUN: sed 's/arith.truncf %%t : tensor<4x3xf32> to/tensor.cast %%t : tensor<4x3xf32> to/; s/bf16/f32/g' %s > %t/f32.mlir
// RUN: remat-run %t/f32.mlir --inputs %t/in --outputs %t/f32 > /dev/null
// RUN: %python %S/Inputs/compare_outputs.py %t/out %t/f32 --tol 4e-3 | FileCheck %s --check-prefix=OK
// OK: ok: 2 outputs
// A bf16 argument needs an f32 file: another dtype is named in the error.
// RUN: mkdir -p %t/bad && cp %t/in/arg1.npy %t/in/arg2.npy %t/bad/
// RUN: %python %S/../../Inputs/npy.py write %t/bad/arg0.npy f64 4 1
// RUN: not remat-run %s --inputs %t/bad 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: input #0 has dtype f64 and shape (4), but argument #0 is 'tensor<4x8xbf16>'
// An f32 file of the wrong shape is named as the f32 it is (not as bf16).
// RUN: %python %S/../../Inputs/npy.py write %t/bad/arg0.npy f32 4 1
// RUN: not remat-run %s --inputs %t/bad 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: error: input #0 has dtype f32 and shape (4), but argument #0 is 'tensor<4x8xbf16>'
func.func @bf16_layer(%x: tensor<4x8xbf16>, %w: tensor<8x3xbf16>, %dy: tensor<4x3xbf16> {remat.cotangent})
    -> (tensor<4x3xbf16>, tensor<8x3xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %y = linalg.matmul ins(%x, %w : tensor<4x8xbf16>, tensor<8x3xbf16>) outs(%z : tensor<4x3xf32>) -> tensor<4x3xf32>
  %t = math.tanh %y : tensor<4x3xf32>
  %tb = arith.truncf %t : tensor<4x3xf32> to tensor<4x3xbf16>
  %xe = tensor.empty() : tensor<8x4xbf16>
  %xT = linalg.transpose ins(%x : tensor<4x8xbf16>) outs(%xe : tensor<8x4xbf16>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<8x3xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x3xf32>) -> tensor<8x3xf32>
  %dw = linalg.matmul ins(%xT, %dy : tensor<8x4xbf16>, tensor<4x3xbf16>) outs(%z2 : tensor<8x3xf32>) -> tensor<8x3xf32>
  return %tb, %dw : tensor<4x3xbf16>, tensor<8x3xf32>
}
