// RUN: remat-opt %s -remat-schedule | FileCheck %s
// RUN: remat-opt %s -remat-pipeline -remat-report -o /dev/null | FileCheck %s --check-prefix=PEAK
// RUN: remat-opt %s -remat-pipeline="policy=budget budget=32768 solver=exact" -remat-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXACT

// Tests that the schedule's hoisting of result chains is also guided by
// the peak itself, not only by the peak beyond results. The step ends
// with two results made from dh: dw = x^T dh (16 KiB) and dx = dh w^T,
// whose transposed weight (16 KiB) dies with it. As written (dw first),
// dw is held while w^T and dx are made: 44 KiB. dx first: 32 KiB. The peak
// beyond the results is the same either way (dh and w^T), so the hoisting
// that only looked there left it. (A fresh user's graph, session 33:
// recomputing the tanh, 6 KFLOP, happened to reorder it; policy=peak
// found nothing and solver=exact recomputed the GEMM, 131 KFLOP.)
// CHECK-LABEL: func.func @sm_gelu
// CHECK:         linalg.transpose ins(%arg1
// CHECK:         %[[DX:.+]] = linalg.matmul
// CHECK:         linalg.transpose ins(%arg0
// CHECK:         %[[DW:.+]] = linalg.matmul
// CHECK:         return %{{.*}}, %[[DX]], %[[DW]]
// PEAK: recompute 0 FLOP
// PEAK: peak: {{.*}}(32768 B)
// EXACT: remark: remat: solver=exact (branch and bound): 0 FLOP recomputed, peak 32768 bytes; gap=0 (proven optimal: nothing recomputed)
// EXACT: peak: {{.*}}(32768 B)
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @sm_gelu(%x: tensor<16x64xf32>, %w: tensor<64x64xf32>, %dl: tensor<16x64xf32> {remat.cotangent})
    -> (tensor<16x64xf32>, tensor<16x64xf32>, tensor<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %k0 = arith.constant 0.7978845608 : f32
  %k1 = arith.constant 0.044715 : f32
  // h = x @ w
  %e0 = tensor.empty() : tensor<16x64xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %h = linalg.matmul ins(%x, %w : tensor<16x64xf32>, tensor<64x64xf32>) outs(%f0 : tensor<16x64xf32>) -> tensor<16x64xf32>
  // gelu chain, elementwise named ops + generic
  %e1 = tensor.empty() : tensor<16x64xf32>
  %h3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%h : tensor<16x64xf32>) outs(%e1 : tensor<16x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %v2 = arith.mulf %v, %v : f32
    %v3 = arith.mulf %v2, %v : f32
    %a = arith.mulf %k1, %v3 : f32
    %s = arith.addf %v, %a : f32
    %u = arith.mulf %k0, %s : f32
    linalg.yield %u : f32
  } -> tensor<16x64xf32>
  %e2 = tensor.empty() : tensor<16x64xf32>
  %th = linalg.tanh ins(%h3 : tensor<16x64xf32>) outs(%e2 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %e3 = tensor.empty() : tensor<16x64xf32>
  %g = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%h, %th : tensor<16x64xf32>, tensor<16x64xf32>) outs(%e3 : tensor<16x64xf32>) {
  ^bb0(%v: f32, %t: f32, %o: f32):
    %p = arith.addf %one, %t : f32
    %hv = arith.mulf %half, %v : f32
    %r = arith.mulf %hv, %p : f32
    linalg.yield %r : f32
  } -> tensor<16x64xf32>
  // softmax with max subtraction
  %e4 = tensor.empty() : tensor<16xf32>
  %f4 = linalg.fill ins(%ninf : f32) outs(%e4 : tensor<16xf32>) -> tensor<16xf32>
  %mx = linalg.reduce ins(%g : tensor<16x64xf32>) outs(%f4 : tensor<16xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %e5 = tensor.empty() : tensor<16x64xf32>
  %mxb = linalg.broadcast ins(%mx : tensor<16xf32>) outs(%e5 : tensor<16x64xf32>) dimensions = [1]
  %e6 = tensor.empty() : tensor<16x64xf32>
  %sh = linalg.sub ins(%g, %mxb : tensor<16x64xf32>, tensor<16x64xf32>) outs(%e6 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %e7 = tensor.empty() : tensor<16x64xf32>
  %ex = linalg.exp ins(%sh : tensor<16x64xf32>) outs(%e7 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %e8 = tensor.empty() : tensor<16xf32>
  %f8 = linalg.fill ins(%zero : f32) outs(%e8 : tensor<16xf32>) -> tensor<16xf32>
  %sm = linalg.reduce ins(%ex : tensor<16x64xf32>) outs(%f8 : tensor<16xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %e9 = tensor.empty() : tensor<16x64xf32>
  %p = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sm : tensor<16x64xf32>, tensor<16xf32>) outs(%e9 : tensor<16x64xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<16x64xf32>
  // backward: dg = p * (dl - sum(dl*p))
  %e10 = tensor.empty() : tensor<16xf32>
  %f10 = linalg.fill ins(%zero : f32) outs(%e10 : tensor<16xf32>) -> tensor<16xf32>
  %dot = linalg.generic {indexing_maps = [#id, #id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%dl, %p : tensor<16x64xf32>, tensor<16x64xf32>) outs(%f10 : tensor<16xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %m, %acc : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  %e11 = tensor.empty() : tensor<16x64xf32>
  %dg = linalg.generic {indexing_maps = [#id, #id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%dl, %p, %dot : tensor<16x64xf32>, tensor<16x64xf32>, tensor<16xf32>) outs(%e11 : tensor<16x64xf32>) {
  ^bb0(%a: f32, %b: f32, %d: f32, %o: f32):
    %s = arith.subf %a, %d : f32
    %r = arith.mulf %b, %s : f32
    linalg.yield %r : f32
  } -> tensor<16x64xf32>
  // gelu backward: dh = dg * (0.5(1+t) + 0.5 h (1-t^2) k0 (1+3k1 h^2))
  %e12 = tensor.empty() : tensor<16x64xf32>
  %dh = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%dg, %h, %th : tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>) outs(%e12 : tensor<16x64xf32>) {
  ^bb0(%d: f32, %v: f32, %t: f32, %o: f32):
    %p1 = arith.addf %one, %t : f32
    %l = arith.mulf %half, %p1 : f32
    %t2 = arith.mulf %t, %t : f32
    %q = arith.subf %one, %t2 : f32
    %v2 = arith.mulf %v, %v : f32
    %c3 = arith.constant 3.0 : f32
    %k13 = arith.mulf %c3, %k1 : f32
    %w1 = arith.mulf %k13, %v2 : f32
    %wp = arith.addf %one, %w1 : f32
    %du = arith.mulf %k0, %wp : f32
    %r0 = arith.mulf %half, %v : f32
    %r1 = arith.mulf %r0, %q : f32
    %r2 = arith.mulf %r1, %du : f32
    %dd = arith.addf %l, %r2 : f32
    %res = arith.mulf %d, %dd : f32
    linalg.yield %res : f32
  } -> tensor<16x64xf32>
  // dw = x^T dh ; dx = dh w^T
  %et = tensor.empty() : tensor<64x16xf32>
  %xt = linalg.transpose ins(%x : tensor<16x64xf32>) outs(%et : tensor<64x16xf32>) permutation = [1, 0]
  %e13 = tensor.empty() : tensor<64x64xf32>
  %f13 = linalg.fill ins(%zero : f32) outs(%e13 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %dw = linalg.matmul ins(%xt, %dh : tensor<64x16xf32>, tensor<16x64xf32>) outs(%f13 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %ewt = tensor.empty() : tensor<64x64xf32>
  %wt = linalg.transpose ins(%w : tensor<64x64xf32>) outs(%ewt : tensor<64x64xf32>) permutation = [1, 0]
  %e14 = tensor.empty() : tensor<16x64xf32>
  %f14 = linalg.fill ins(%zero : f32) outs(%e14 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %dx = linalg.matmul ins(%dh, %wt : tensor<16x64xf32>, tensor<64x64xf32>) outs(%f14 : tensor<16x64xf32>) -> tensor<16x64xf32>
  return %p, %dx, %dw : tensor<16x64xf32>, tensor<16x64xf32>, tensor<64x64xf32>
}
