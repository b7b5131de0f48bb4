// A collapse_shape of a slice is a view only when the slice is contiguous in
// every merged group; otherwise bufferization copies it into a new buffer.
// The memory timeline follows the same rule, so measured equals predicted.
// RUN: remat-run %s --entry=strided | FileCheck %s --check-prefix=STRIDED
// RUN: remat-run %s --entry=rows | FileCheck %s --check-prefix=ROWS
// RUN: remat-run %s --entry=split | FileCheck %s --check-prefix=SPLIT

// The middle third of each row: a copy (512 B) plus the result (512 B).
// STRIDED: measured peak: 1024 B
// STRIDED-NEXT: predicted peak: 1024 B
func.func @strided(%x: tensor<4x96xf32>, %dy: tensor<128xf32> {remat.cotangent}) -> tensor<128xf32> {
  %s = tensor.extract_slice %x[0, 32] [4, 32] [1, 1] : tensor<4x96xf32> to tensor<4x32xf32>
  %c = tensor.collapse_shape %s [[0, 1]] : tensor<4x32xf32> into tensor<128xf32>
  %e = tensor.empty() : tensor<128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%c, %dy : tensor<128xf32>, tensor<128xf32>) outs(%e : tensor<128xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<128xf32>
  return %r : tensor<128xf32>
}

// Whole rows are contiguous: a view, only the result is allocated.
// ROWS: measured peak: 768 B
// ROWS-NEXT: predicted peak: 768 B
func.func @rows(%x: tensor<4x96xf32>, %dy: tensor<192xf32> {remat.cotangent}) -> tensor<192xf32> {
  %s = tensor.extract_slice %x[1, 0] [2, 96] [1, 1] : tensor<4x96xf32> to tensor<2x96xf32>
  %c = tensor.collapse_shape %s [[0, 1]] : tensor<2x96xf32> into tensor<192xf32>
  %e = tensor.empty() : tensor<192xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%c, %dy : tensor<192xf32>, tensor<192xf32>) outs(%e : tensor<192xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<192xf32>
  return %r : tensor<192xf32>
}

// Splitting the last dim of a strided slice and merging the split dims back
// stays a view (the groups are contiguous in the slice's own layout).
// SPLIT: measured peak: 512 B
// SPLIT-NEXT: predicted peak: 512 B
func.func @split(%x: tensor<4x96xf32>, %dy: tensor<4x32xf32> {remat.cotangent}) -> tensor<4x32xf32> {
  %s = tensor.extract_slice %x[0, 32] [4, 32] [1, 1] : tensor<4x96xf32> to tensor<4x32xf32>
  %x4 = tensor.expand_shape %s [[0], [1, 2]] output_shape [4, 4, 8] : tensor<4x32xf32> into tensor<4x4x8xf32>
  %c = tensor.collapse_shape %x4 [[0], [1, 2]] : tensor<4x4x8xf32> into tensor<4x32xf32>
  %e = tensor.empty() : tensor<4x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%c, %dy : tensor<4x32xf32>, tensor<4x32xf32>) outs(%e : tensor<4x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<4x32xf32>
  return %r : tensor<4x32xf32>
}
