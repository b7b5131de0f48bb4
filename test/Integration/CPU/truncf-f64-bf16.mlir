// `arith.truncf f64 to bf16` is a call of __truncdfbf2, which GCC 12's
// libgcc lacks: remat-run supplies it (the JIT failed on the missing
// symbol before). One rounding to nearest even from f64: 1 + 2^-8 + 2^-50
// is above the tie and goes up (through f32 it would tie and go to 1.0);
// exact ties go to even; overflow is inf; NaN stays NaN; bf16 subnormals.
// RUN: rm -rf %t && mkdir -p %t
// RUN: remat-run %s --outputs %t | FileCheck %s
// CHECK: out0: tensor<8xf32>
// RUN: %python %S/../../Inputs/npy.py print %t/out0.npy | FileCheck %s --check-prefix=VALUES
// VALUES: 1.00781 1 1.01562 -1.00781 inf nan -0 9.18355e-41
func.func @truncf_f64_bf16() -> tensor<8xf32> {
  %x = arith.constant dense<[1.0039062500000009, 1.00390625, 1.01171875, -1.0039062500000009,
                             3.5e38, 0x7FF8000000000000, -0.0, 1.0e-40]> : tensor<8xf64>
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<8xf64>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f64, %b: f32):
    %t = arith.truncf %a : f64 to bf16
    %u = arith.extf %t : bf16 to f32
    linalg.yield %u : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}
