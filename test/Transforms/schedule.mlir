// RUN: remat-opt %s -split-input-file -allow-unregistered-dialect -remat-schedule | FileCheck %s
// RUN: remat-opt %s -split-input-file -allow-unregistered-dialect -remat-schedule -test-remat-memory-timeline -verify-diagnostics -o /dev/null

// Tests that an op that only allocates (%t, 4 KiB, read at the very end) is
// moved after the ops that free the forward activation %a: the peak falls
// from 12 KiB (a, t and g live together) to 8 KiB. (%h and %r write in
// place into g's buffer.) The remarks give the live bytes after
// scheduling, where each op now runs.
// CHECK-LABEL: func.func @delay_allocation
// CHECK:         %[[A:.+]] = math.exp %arg0
// CHECK-NEXT:    %[[G:.+]] = arith.mulf %arg1, %[[A]]
// CHECK-NEXT:    %[[H:.+]] = math.exp %[[G]]
// CHECK-NEXT:    %[[T:.+]] = math.tanh %arg1
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[T]] : tensor<1024xf32>) outs(%[[H]] : tensor<1024xf32>)
#id = affine_map<(i) -> (i)>
func.func @delay_allocation(%x: tensor<1024xf32>, %dy: tensor<1024xf32> {remat.cotangent}) -> tensor<1024xf32> {
  // expected-remark @+1 {{live 4096}}
  %a = math.exp %x : tensor<1024xf32>
  // expected-remark @+1 {{live 8192}}
  %t = math.tanh %dy : tensor<1024xf32>
  // expected-remark @+1 {{live 8192 peak}}
  %g = arith.mulf %dy, %a : tensor<1024xf32>
  // expected-remark @+1 {{live 4096}}
  %h = math.exp %g : tensor<1024xf32>
  // expected-remark @+1 {{live 8192}}
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : tensor<1024xf32>) outs(%h : tensor<1024xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<1024xf32>
  // expected-remark @+1 {{live 4096}}
  return %r : tensor<1024xf32>
}

// -----

// Tests that an order the scheduler cannot improve is left as it is, and
// that ops with effects keep their relative order.
// CHECK-LABEL: func.func @keep
// CHECK:         math.exp
// CHECK-NEXT:    "test.effect"
// CHECK-NEXT:    math.tanh
// CHECK-NEXT:    "test.effect"
// CHECK-NEXT:    arith.mulf
func.func @keep(%x: tensor<1024xf32>, %dy: tensor<1024xf32> {remat.cotangent}) -> tensor<1024xf32> {
  // expected-remark @+1 {{live 4096}}
  %a = math.exp %x : tensor<1024xf32>
  // expected-remark @+1 {{live 4096}}
  "test.effect"() : () -> ()
  // expected-remark @+1 {{live 4096}}
  %b = math.tanh %a : tensor<1024xf32>
  // expected-remark @+1 {{live 4096}}
  "test.effect"() : () -> ()
  // expected-remark @+1 {{live 8192 peak}}
  %g = arith.mulf %dy, %b : tensor<1024xf32>
  // expected-remark @+1 {{live 4096}}
  return %g : tensor<1024xf32>
}
