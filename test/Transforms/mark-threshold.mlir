// Tests the FLOPs-per-byte threshold: a 64-deep f32 contraction does 2*64
// FLOPs per 4-byte output, 32 per byte.
// RUN: remat-opt %s -remat-mark="policy=selective" | FileCheck %s --check-prefix=DEFAULT
// RUN: remat-opt %s -remat-mark="policy=selective flops-per-byte=32" | FileCheck %s --check-prefix=KEEP
// RUN: remat-opt %s -remat-mark="policy=selective flops-per-byte=32.5" | FileCheck %s --check-prefix=DEFAULT

// DEFAULT: linalg.matmul {remat.policy = "recompute"}
// DEFAULT: math.tanh {{.*}}{remat.policy = "recompute"}
// KEEP:    linalg.matmul {remat.policy = "save"}
// KEEP:    math.tanh {{.*}}{remat.policy = "recompute"}
func.func @gemm(%a: tensor<8x64xf32>, %b: tensor<64x8xf32>, %dy: tensor<8x8xf32> {remat.cotangent}) -> tensor<8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x64xf32>, tensor<64x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
  %t = math.tanh %m : tensor<8x8xf32>
  %g = arith.mulf %dy, %t : tensor<8x8xf32>
  %h = arith.mulf %g, %m : tensor<8x8xf32>
  return %h : tensor<8x8xf32>
}
