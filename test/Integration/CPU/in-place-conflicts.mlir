// An op is written in place over a dying operand's buffer only when
// one-shot bufferization does so: not when the op also reads that buffer
// through another value (a view of it), nor when it reads the same value
// other than elementwise (a transposed map). The memory timeline follows the
// same rule, so measured equals predicted (each 8x8xf32 buffer is 256 B).
// RUN: remat-run %s --entry=view_second | FileCheck %s --check-prefix=VIEW2
// RUN: remat-run %s --entry=view_first | FileCheck %s --check-prefix=VIEW1
// RUN: remat-run %s --entry=same_value | FileCheck %s --check-prefix=SAME
// RUN: remat-run %s --entry=transposed | FileCheck %s --check-prefix=TRANSPOSED
// RUN: remat-run %s --entry=elementwise_self | FileCheck %s --check-prefix=SELF

// %e views %t's buffer: the sum needs a buffer of its own.
// VIEW2: measured peak: 512 B
// VIEW2-NEXT: predicted peak: 512 B
func.func @view_second(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %t = math.tanh %x : tensor<8x8xf32>
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<8x8xf32> into tensor<64xf32>
  %e = tensor.expand_shape %c [[0, 1]] output_shape [8, 8] : tensor<64xf32> into tensor<8x8xf32>
  %s = arith.addf %t, %e : tensor<8x8xf32>
  %u = math.sin %s : tensor<8x8xf32>
  return %u : tensor<8x8xf32>
}

// The same with the view as the destination.
// VIEW1: measured peak: 512 B
// VIEW1-NEXT: predicted peak: 512 B
func.func @view_first(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %t = math.tanh %x : tensor<8x8xf32>
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<8x8xf32> into tensor<64xf32>
  %e = tensor.expand_shape %c [[0, 1]] output_shape [8, 8] : tensor<64xf32> into tensor<8x8xf32>
  %s = arith.addf %e, %t : tensor<8x8xf32>
  %u = math.sin %s : tensor<8x8xf32>
  return %u : tensor<8x8xf32>
}

// The very same value read twice, elementwise: in place.
// SAME: measured peak: 256 B
// SAME-NEXT: predicted peak: 256 B
func.func @same_value(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %t = math.tanh %x : tensor<8x8xf32>
  %s = arith.addf %t, %t : tensor<8x8xf32>
  %u = math.sin %s : tensor<8x8xf32>
  return %u : tensor<8x8xf32>
}

// A generic reading its own init through a transposed map: not in place.
// TRANSPOSED: measured peak: 512 B
// TRANSPOSED-NEXT: predicted peak: 512 B
func.func @transposed(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %t = math.tanh %x : tensor<8x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<8x8xf32>) outs(%t : tensor<8x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.addf %a, %o : f32
    linalg.yield %m : f32
  } -> tensor<8x8xf32>
  %u = math.sin %r : tensor<8x8xf32>
  return %u : tensor<8x8xf32>
}

// The same generic with identity maps: in place.
// SELF: measured peak: 256 B
// SELF-NEXT: predicted peak: 256 B
func.func @elementwise_self(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %t = math.tanh %x : tensor<8x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<8x8xf32>) outs(%t : tensor<8x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.addf %a, %o : f32
    linalg.yield %m : f32
  } -> tensor<8x8xf32>
  %u = math.sin %r : tensor<8x8xf32>
  return %u : tensor<8x8xf32>
}
