// `arith.truncf f32 to bf16` on the CPU is a call of __truncsfbf2, which
// GCC 12's libgcc lacks too (GCC 13's has it): on a host without it every
// bf16 graph failed in the JIT ("Symbols not found: [ __truncsfbf2 ]").
// remat-run supplies it: round to nearest even (ties to even, above the tie
// up), overflow to inf, NaN stays NaN, signed zero, bf16 subnormals.
// RUN: rm -rf %t && mkdir -p %t
// RUN: remat-run %s --outputs %t | FileCheck %s
// CHECK: out0: tensor<9xf32>
// RUN: %python %S/../../Inputs/npy.py print %t/out0.npy | FileCheck %s --check-prefix=VALUES
// VALUES: 1 1.01562 1.00781 -1.00781 inf nan -0 9.18355e-41 3.38953e+38
func.func @truncf_f32_bf16() -> tensor<9xf32> {
  %x = arith.constant dense<[1.00390625, 1.01171875, 1.00390637, -1.00390637,
                             3.4e38, 0x7FC00000, -0.0, 1.0e-40, 3.3895313e38]> : tensor<9xf32>
  %e = tensor.empty() : tensor<9xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<9xf32>) outs(%e : tensor<9xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = arith.truncf %a : f32 to bf16
    %u = arith.extf %t : bf16 to f32
    linalg.yield %u : f32
  } -> tensor<9xf32>
  return %r : tensor<9xf32>
}
