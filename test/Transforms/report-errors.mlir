// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-report -o /dev/null
// RUN: not remat-opt %s -split-input-file -remat-report -o /dev/null 2>&1 | FileCheck %s

// CHECK: error: no gradient seed

// Tests that a function without a gradient seed is an error.
// expected-error @+1 {{no gradient seed}}
func.func @no_seed(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = math.exp %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Tests that a dynamic shape is an error at the op that produces it.
func.func @dynamic_result(%x: tensor<4xf32> {remat.cotangent}) -> tensor<?xf32> {
  // expected-error @+1 {{'tensor.cast' op result #0: remat needs statically shaped tensors, got 'tensor<?xf32>'}}
  %y = tensor.cast %x : tensor<4xf32> to tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// Tests that a dynamic argument is an error at the argument.
// expected-error @+1 {{argument #0: remat needs statically shaped tensors, got 'tensor<?x4xf32>'}}
func.func @dynamic_arg(%x: tensor<?x4xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  return %dy : tensor<4xf32>
}

// -----

// Tests that unranked tensors are rejected.
// expected-error @+1 {{argument #0: remat needs ranked, statically shaped tensors, got 'tensor<*xf32>'}}
func.func @unranked(%x: tensor<*xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  return %dy : tensor<4xf32>
}

// -----

// Tests that a seed nested in a region is rejected.
func.func @nested_seed(%x: tensor<4xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  %r = remat.recompute(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    // expected-error @+1 {{'arith.constant' op carries 'remat.seed' but is nested in a region}}
    %one = arith.constant {remat.seed} dense<1.0> : tensor<4xf32>
    remat.yield %one : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// Tests that control flow between blocks is rejected.
// expected-error @+1 {{remat needs a function whose body is a single block}}
func.func @blocks(%x: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  cf.br ^bb1
^bb1:
  return %x : tensor<4xf32>
}

// -----

// CHECK: error: 'remat.cotangent' on result #0
// expected-error @+1 {{'remat.cotangent' on result #0: it marks the arguments that carry the incoming gradients of the outputs; move it to those arguments}}
func.func @cotangent_on_result(%x: tensor<4xf32>) -> (tensor<4xf32> {remat.cotangent}) {
  %t = math.tanh %x : tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

// Tests that memory is refused: a forward value computed from
// bufferization.to_tensor of a buffer the forward then overwrote was
// recomputed after the write (the gradient changed, silently), and the
// allocation was not counted in the peak.
func.func @memref_in_forward(%x: tensor<64xf32>, %dy: tensor<64xf32> {remat.cotangent}) -> tensor<64xf32> {
  // expected-error @+1 {{'memref.alloc' op works on memory (a memref): remat reads training graphs of tensors, whose values it can recompute and count; run it before bufferization}}
  %buf = memref.alloc() : memref<64xf32>
  %b = bufferization.to_tensor %buf restrict : memref<64xf32> to tensor<64xf32>
  %c = math.sin %b : tensor<64xf32>
  %g = arith.mulf %dy, %c : tensor<64xf32>
  return %g : tensor<64xf32>
}

// -----

// Tests that a memref argument is refused at the argument.
// expected-error @+1 {{argument #0 is a memref ('memref<64xf32>'): remat reads training graphs of tensors; run it before bufferization}}
func.func @memref_arg(%m: memref<64xf32>, %dy: tensor<64xf32> {remat.cotangent}) -> tensor<64xf32> {
  return %dy : tensor<64xf32>
}

// -----

// Tests that FLOPs beyond what int64 sums hold are refused at the op: a
// 2^22-square matmul's 2^67 FLOPs wrapped to 0 (the report said 17.59
// TFLOP, the tanh's alone).
func.func @flops_overflow(%x: tensor<4xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4194304x4194304xf32>
  %w = tensor.empty() : tensor<4194304x4194304xf32>
  // expected-error @+1 {{'linalg.matmul' op does more than 2^56 FLOPs, beyond what remat counts exactly}}
  %m = linalg.matmul ins(%w, %w : tensor<4194304x4194304xf32>, tensor<4194304x4194304xf32>) outs(%e : tensor<4194304x4194304xf32>) -> tensor<4194304x4194304xf32>
  %s = tensor.extract_slice %m[0, 0] [1, 4] [1, 1] : tensor<4194304x4194304xf32> to tensor<4xf32>
  %g = arith.mulf %dy, %s : tensor<4xf32>
  return %g : tensor<4xf32>
}

// -----

// Tests that ops each under the limit, together over it, are refused at
// the op that crosses it (2^55 FLOPs each).
func.func @flops_sum(%x: tensor<4xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<1048576x1048576xf32>
  %w = tensor.empty() : tensor<1048576x16384xf32>
  %v = tensor.empty() : tensor<16384x1048576xf32>
  %m1 = linalg.matmul ins(%w, %v : tensor<1048576x16384xf32>, tensor<16384x1048576xf32>) outs(%e : tensor<1048576x1048576xf32>) -> tensor<1048576x1048576xf32>
  // expected-error @+1 {{'linalg.matmul' op brings the function to more than 2^56 FLOPs, beyond what remat counts exactly}}
  %m2 = linalg.matmul ins(%w, %v : tensor<1048576x16384xf32>, tensor<16384x1048576xf32>) outs(%m1 : tensor<1048576x1048576xf32>) -> tensor<1048576x1048576xf32>
  %s = tensor.extract_slice %m2[0, 0] [1, 4] [1, 1] : tensor<1048576x1048576xf32> to tensor<4xf32>
  %g = arith.mulf %dy, %s : tensor<4xf32>
  return %g : tensor<4xf32>
}
