// The second graph of if-results.mlir: a branch that reduces two 4 KiB
// temporaries into a 64 B result, the other yields an argument.
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#vec = affine_map<(i) -> (i)>
func.func @temporaries(%x: tensor<16x64xf32>, %y: tensor<16xf32>) -> tensor<16xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %s = tensor.extract %x[%c0, %c0] : tensor<16x64xf32>
  %p = arith.cmpf ogt, %s, %zero : f32
  %er = tensor.empty() : tensor<16xf32>
  %zr = linalg.fill ins(%zero : f32) outs(%er : tensor<16xf32>) -> tensor<16xf32>
  %b = scf.if %p -> tensor<16xf32> {
    %e5 = tensor.empty() : tensor<16x64xf32>
    %big = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<16x64xf32>) outs(%e5 : tensor<16x64xf32>) {
    ^bb0(%v: f32, %o: f32):
      %r = math.exp %v : f32
      linalg.yield %r : f32
    } -> tensor<16x64xf32>
    %e6 = tensor.empty() : tensor<16x64xf32>
    %big2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%big, %x : tensor<16x64xf32>, tensor<16x64xf32>) outs(%e6 : tensor<16x64xf32>) {
    ^bb0(%v: f32, %w: f32, %o: f32):
      %r = arith.subf %v, %w : f32
      linalg.yield %r : f32
    } -> tensor<16x64xf32>
    %sum = linalg.generic {indexing_maps = [#id, #id, #row], iterator_types = ["parallel", "reduction"]} ins(%big2, %big : tensor<16x64xf32>, tensor<16x64xf32>) outs(%zr : tensor<16xf32>) {
    ^bb0(%v: f32, %q: f32, %o: f32):
      %m = arith.mulf %v, %q : f32
      %r = arith.addf %m, %o : f32
      linalg.yield %r : f32
    } -> tensor<16xf32>
    scf.yield %sum : tensor<16xf32>
  } else {
    scf.yield %y : tensor<16xf32>
  }
  %e7 = tensor.empty() : tensor<16xf32>
  %out = linalg.generic {indexing_maps = [#vec, #vec, #vec], iterator_types = ["parallel"]} ins(%b, %y : tensor<16xf32>, tensor<16xf32>) outs(%e7 : tensor<16xf32>) {
  ^bb0(%v: f32, %q: f32, %o: f32):
    %r = arith.addf %v, %q : f32
    linalg.yield %r : f32
  } -> tensor<16xf32>
  return %out : tensor<16xf32>
}
