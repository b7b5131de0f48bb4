// A destination-style op in a loop body that writes into a slice of a
// loop-carried tensor, inserted back at the same place with nothing else
// reading the tensor in between, is written into a subview by one-shot
// bufferization; the memory timeline models that (the tiled attention
// loops' dQ_i += dS K_j), and only that, so measured equals predicted.
// RUN: remat-run %s --entry=write_back | FileCheck %s --check-prefix=BACK
// RUN: remat-run %s --entry=read_after | FileCheck %s --check-prefix=AFTER
// RUN: remat-run %s --entry=other_place | FileCheck %s --check-prefix=OTHER

#a = affine_map<(i, j, k) -> (i, k)>
#b = affine_map<(i, j, k) -> (k, j)>
#c = affine_map<(i, j, k) -> (i, j)>

// Each 2x8 row block of the accumulator is extracted, accumulated into by
// a product and inserted back where it came from: one-shot bufferization
// writes the product into a subview of the loop-carried buffer, and the
// timeline does not count a 64 B block per iteration.
// BACK: measured peak: 256 B
// BACK-NEXT: predicted peak: 256 B
func.func @write_back(%x: tensor<8x8xf32>, %y: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = scf.for %i = %c0 to %c8 step %c2 iter_args(%t = %acc) -> (tensor<8x8xf32>) {
    %xs = tensor.extract_slice %x[%i, 0] [2, 8] [1, 1] : tensor<8x8xf32> to tensor<2x8xf32>
    %ts = tensor.extract_slice %t[%i, 0] [2, 8] [1, 1] : tensor<8x8xf32> to tensor<2x8xf32>
    %p = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%xs, %y : tensor<2x8xf32>, tensor<8x8xf32>) outs(%ts : tensor<2x8xf32>) {
    ^bb0(%u: f32, %v: f32, %w: f32):
      %m = arith.mulf %u, %v : f32
      %s = arith.addf %w, %m : f32
      linalg.yield %s : f32
    } -> tensor<2x8xf32>
    %n = tensor.insert_slice %p into %t[%i, 0] [2, 8] [1, 1] : tensor<2x8xf32> into tensor<8x8xf32>
    scf.yield %n : tensor<8x8xf32>
  }
  return %r : tensor<8x8xf32>
}

// The same, but the whole accumulator is read after the product and
// before the insert: the product needs a block of its own.
// AFTER: measured peak: [[P:[0-9]+]] B
// AFTER-NEXT: predicted peak: [[P]] B
func.func @read_after(%x: tensor<8x8xf32>, %y: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e2 = tensor.empty() : tensor<8x8xf32>
  %sum0 = linalg.fill ins(%z : f32) outs(%e2 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %r:2 = scf.for %i = %c0 to %c8 step %c2 iter_args(%t = %acc, %q = %sum0) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
    %xs = tensor.extract_slice %x[%i, 0] [2, 8] [1, 1] : tensor<8x8xf32> to tensor<2x8xf32>
    %ts = tensor.extract_slice %t[%i, 0] [2, 8] [1, 1] : tensor<8x8xf32> to tensor<2x8xf32>
    %p = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%xs, %y : tensor<2x8xf32>, tensor<8x8xf32>) outs(%ts : tensor<2x8xf32>) {
    ^bb0(%u: f32, %v: f32, %w: f32):
      %m = arith.mulf %u, %v : f32
      %s = arith.addf %w, %m : f32
      linalg.yield %s : f32
    } -> tensor<2x8xf32>
    %q2 = arith.addf %q, %t : tensor<8x8xf32>
    %n = tensor.insert_slice %p into %t[%i, 0] [2, 8] [1, 1] : tensor<2x8xf32> into tensor<8x8xf32>
    scf.yield %n, %q2 : tensor<8x8xf32>, tensor<8x8xf32>
  }
  return %r#0, %r#1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// Inserted back one block further down: not the matching place, so the
// product is a block of its own.
// OTHER: measured peak: [[P:[0-9]+]] B
// OTHER-NEXT: predicted peak: [[P]] B
func.func @other_place(%x: tensor<8x8xf32>, %y: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = scf.for %i = %c0 to %c6 step %c2 iter_args(%t = %acc) -> (tensor<8x8xf32>) {
    %j = arith.addi %i, %c2 : index
    %xs = tensor.extract_slice %x[%i, 0] [2, 8] [1, 1] : tensor<8x8xf32> to tensor<2x8xf32>
    %ts = tensor.extract_slice %t[%i, 0] [2, 8] [1, 1] : tensor<8x8xf32> to tensor<2x8xf32>
    %p = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%xs, %y : tensor<2x8xf32>, tensor<8x8xf32>) outs(%ts : tensor<2x8xf32>) {
    ^bb0(%u: f32, %v: f32, %w: f32):
      %m = arith.mulf %u, %v : f32
      %s = arith.addf %w, %m : f32
      linalg.yield %s : f32
    } -> tensor<2x8xf32>
    %n = tensor.insert_slice %p into %t[%j, 0] [2, 8] [1, 1] : tensor<2x8xf32> into tensor<8x8xf32>
    scf.yield %n : tensor<8x8xf32>
  }
  return %r : tensor<8x8xf32>
}

// A value inserted into the tensor it is a slice of (another place, at the
// top level): not a write back, the insert needs a buffer of its own.
// RUN: remat-run %s --entry=self_insert | FileCheck %s --check-prefix=SELF
// SELF: measured peak: 512 B
// SELF-NEXT: predicted peak: 512 B
func.func @self_insert(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %t = math.tanh %x : tensor<8x8xf32>
  %s = tensor.extract_slice %t[0, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
  %r = tensor.insert_slice %s into %t[4, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
