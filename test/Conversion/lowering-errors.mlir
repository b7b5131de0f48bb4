// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-prepare-lowering -o /dev/null
// RUN: not remat-opt %s -split-input-file -remat-lower-to-llvm -o /dev/null 2>&1 | FileCheck %s

// What the lowering cannot handle is an error up front, with a location:
// functions in nested modules (the pipeline's function passes would skip
// them, and legalization then failed on 'math.tanh'), and ranks beyond 32
// (a rank-5000 tensor crashed the lowering after 47 s).
// CHECK: error: remat lowers the functions of one module: functions in nested modules are not supported; lower each module on its own
// CHECK: error: 'math.tanh' op has a value of rank 33; remat lowers at most 32 dimensions

module {
  // expected-error @+1 {{remat lowers the functions of one module: functions in nested modules are not supported}}
  module @inner {
    func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %t = math.tanh %x : tensor<4xf32>
      return %t : tensor<4xf32>
    }
  }
}

// -----

func.func @rank33(%x: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32> {
  // expected-error @+1 {{'math.tanh' op has a value of rank 33; remat lowers at most 32 dimensions}}
  %t = math.tanh %x : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  return %t : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
}
