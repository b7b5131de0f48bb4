// RUN: remat-opt %s -split-input-file -allow-unregistered-dialect -remat-annotate-costs | FileCheck %s

// Tests the costs written for a matmul (2*M*N*K, reads A, B and the
// accumulator), a fill (writes only), a view (free) and an elementwise op.
// CHECK-LABEL: func.func @costs
// CHECK:       tensor.empty() {remat.cost = #remat.cost<flops = 0, bytes_read = 0, bytes_written = 0, recomputable = true>}
// CHECK:       linalg.fill {remat.cost = #remat.cost<flops = 0, bytes_read = 0, bytes_written = 1024, recomputable = true>}
// CHECK:       linalg.matmul {remat.cost = #remat.cost<flops = 4096, bytes_read = 2048, bytes_written = 1024, recomputable = true>}
// CHECK:       tensor.collapse_shape {{.*}} {remat.cost = #remat.cost<flops = 0, bytes_read = 0, bytes_written = 0, recomputable = true>}
// CHECK:       math.exp {{.*}} {remat.cost = #remat.cost<flops = 256, bytes_read = 1024, bytes_written = 1024, recomputable = true>}
// CHECK:       return {remat.cost = #remat.cost<flops = 0, bytes_read = 0, bytes_written = 0, recomputable = false>}
func.func @costs(%a: tensor<16x8xf32>, %b: tensor<8x16xf32>) -> tensor<256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %m = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x16xf32>)
                     outs(%f : tensor<16x16xf32>) -> tensor<16x16xf32>
  %v = tensor.collapse_shape %m [[0, 1]] : tensor<16x16xf32> into tensor<256xf32>
  %x = math.exp %v : tensor<256xf32>
  return %x : tensor<256xf32>
}

// -----

// Tests that an op without a cost model gets the conservative cost (one
// scalar op per result element) and is never recomputable.
// CHECK-LABEL: func.func @unknown
// CHECK:       "foo.bar"(%{{.+}}) {remat.cost = #remat.cost<flops = 4, bytes_read = 16, bytes_written = 16, recomputable = false>}
func.func @unknown(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = "foo.bar"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
