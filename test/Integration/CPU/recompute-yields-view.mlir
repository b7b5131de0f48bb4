// A recomputation that yields a view (here a 4 KiB slice of a 64 KiB value
// it recomputes): the lowering copies the view out of the region, so the
// 64 KiB buffer dies with it, and the timeline counts the copy at the
// region's yield. Before (2026-12-05), inlined as it was, the slice kept
// the whole buffer alive: selective's pipeline said 69,632 B and remat-run
// measured 77,824 B, and a budget of 70,000 B was "met" at 77,824 B.
// RUN: remat-run %s --policy=selective | FileCheck %s --check-prefix=SEL
// SEL: measured peak:  [[P:[0-9]+]] B
// SEL-NEXT: predicted peak: [[P]] B
// RUN: remat-run %s --policy=selective --json | FileCheck %s --check-prefix=JSON
// JSON: "measured_peak_bytes": [[M:[0-9]+]]
// JSON: "pipeline_peak_bytes": [[M]]
// RUN: not remat-run %s --policy=budget --budget=70000 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET: error: remat-mark: budget of 70000 bytes (68.4 KiB) is below the smallest peak remat reaches for this function: 73728 bytes
#id = affine_map<(i, j) -> (i, j)>
func.func @f(%x: tensor<64x256xf32>, %dy: tensor<64x16xf32> {remat.cotangent}) -> (tensor<64x16xf32>, tensor<64x16xf32>) {
  %e = tensor.empty() : tensor<64x256xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x256xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.addf %v, %v : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  %s = tensor.extract_slice %a[0, 0] [64, 16] [1, 1] : tensor<64x256xf32> to tensor<64x16xf32>
  %e2 = tensor.empty() : tensor<64x16xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<64x16xf32>) outs(%e2 : tensor<64x16xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.tanh %v : f32
    linalg.yield %r : f32
  } -> tensor<64x16xf32>
  // backward
  %e3 = tensor.empty() : tensor<64x16xf32>
  %g1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%dy, %s : tensor<64x16xf32>, tensor<64x16xf32>) outs(%e3 : tensor<64x16xf32>) {
  ^bb0(%d: f32, %v: f32, %o: f32):
    %r = arith.mulf %d, %v : f32
    linalg.yield %r : f32
  } -> tensor<64x16xf32>
  %e4 = tensor.empty() : tensor<64x16xf32>
  %g2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%g1, %s : tensor<64x16xf32>, tensor<64x16xf32>) outs(%e4 : tensor<64x16xf32>) {
  ^bb0(%d: f32, %v: f32, %o: f32):
    %r = arith.mulf %d, %v : f32
    linalg.yield %r : f32
  } -> tensor<64x16xf32>
  return %y, %g2 : tensor<64x16xf32>, tensor<64x16xf32>
}
