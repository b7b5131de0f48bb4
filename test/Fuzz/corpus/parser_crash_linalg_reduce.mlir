// MLIR 22's linalg.reduce parser reports "expected ']'" on a malformed
// dimensions list and then dereferences the null attribute it could not
// parse (found by CI's fuzz run; mlir-opt dies of SIGSEGV): an error and
// exit status 1 from remat's tools.
func.func @f(%x: tensor<4x8xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.reduce ins(%x : tensor<4x8xf32>) outs(%init : tensor<4xf32>) dimensions = [1 x]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<4xf32>
}
