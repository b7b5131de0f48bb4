// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-tile-attention="block-q=4 block-k=4" | FileCheck %s

// The fused form of PyTorch 2.x's CPU attention (_scaled_dot_product_flash_
// attention_for_cpu and its backward) as the importer writes it: forward
// computes the rows' log-sum-exp beside the softmax (lse = m + log l, m the
// row maximum, l the row sum of exp(X - m), 0 where m is -inf), and
// backward recomputes X' = the same scores from Q and K, P' = exp(X' - lse),
// and D = rowsum(dO * O) instead of rowsum(dP * P). P' is P: the tiles
// recompute it, and the statistics and the recomputation are erased. The
// causal mask is a select on linalg.index (is_causal), offset per tile,
// without a gradient select (P is 0 where the score is -inf).

// The same as imported from PyTorch 2.15 (test/Integration/Torch/Inputs/
// sdpa_tiled.py: causal, masked with a row masked whole, causal in bf16):
// tiled, and no 4 x 16 x 16 matrix is left.
// RUN: remat-opt %S/Inputs/attention-sdpa-causal.mlir -remat-tile-attention="block-q=4 block-k=4" -o %t.c.mlir 2>&1 | FileCheck %s --check-prefix=IMPORTED
// RUN: remat-opt %S/Inputs/attention-sdpa-masked.mlir -remat-tile-attention="block-q=4 block-k=4" -o %t.m.mlir 2>&1 | FileCheck %s --check-prefix=IMPORTED
// RUN: remat-opt %S/Inputs/attention-sdpa-causal-bf16.mlir -remat-tile-attention="block-q=4 block-k=4" -o %t.b.mlir 2>&1 | FileCheck %s --check-prefix=IMPORTED
// IMPORTED: remark: {{.*}}aten._scaled_dot_product_flash_attention_for_cpu{{.*}}attention tiled: 4 x 4 tiles over 16 x 16
// RUN: cat %t.c.mlir %t.m.mlir %t.b.mlir | FileCheck %s --check-prefix=GONE
// GONE-NOT: tensor<4x16x16x
// GONE-NOT: linalg.softmax
// With the default policy on top (the tiles, and the untiled copy the
// pipeline compares them with); the tiled graph's erasure once visited a
// producer of two erased ops twice (a use after free).
// RUN: remat-opt %S/Inputs/attention-sdpa-masked.mlir -remat-pipeline="attention=tiled attention-block-q=4 attention-block-k=4" -o /dev/null 2>&1 | FileCheck %s --check-prefix=IMPORTED
// The report lists the imported attention as matching before tiling.
// RUN: remat-opt %S/Inputs/attention-sdpa-masked.mlir -remat-report -o /dev/null | FileCheck %s --check-prefix=REPORT
// REPORT: not tiled: matches (aten._scaled_dot_product_flash_attention_for_cpu)

// CHECK-LABEL: func.func @fused_causal
// CHECK-NOT:     linalg.softmax
// CHECK:         scf.for {{.+}} -> (tensor<2x8x4xf32>, tensor<2x8xf32>, tensor<2x8xf32>)
// CHECK:           scf.for {{.+}} -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4x4xf32>)
// The causal select reads the chain's indices: the tile's plus its origin.
// CHECK:             linalg.index 2
// CHECK-NEXT:        arith.addi
// CHECK:             linalg.index 1
// CHECK-NEXT:        arith.addi
// CHECK-NEXT:        arith.cmpi sgt
// CHECK:         scf.for {{.+}} -> (tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>)
// CHECK-NOT:     tensor<2x8x8xf32>
// CHECK-NOT:     math.log
// CHECK:         return
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1)>
#rowu = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#a = affine_map<(b, m, n, k) -> (b, m, k)>
#bT = affine_map<(b, m, n, k) -> (b, n, k)>
#aT = affine_map<(b, m, n, k) -> (b, k, m)>
#b = affine_map<(b, m, n, k) -> (b, k, n)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @fused_causal(%q: tensor<2x8x4xf32>, %k: tensor<2x8x4xf32>,
                        %v: tensor<2x8x4xf32>, %do: tensor<2x8x4xf32>)
    -> (tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %es = tensor.empty() : tensor<2x8x8xf32>
  %ev = tensor.empty() : tensor<2x8x4xf32>
  %er = tensor.empty() : tensor<2x8xf32>
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %s = linalg.batch_matmul indexing_maps = [#a, #bT, #c] ins(%q, %k : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%zs : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %x0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0.5 : f32
    %r = arith.mulf %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %x = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x0 : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %j = linalg.index 2 : index
    %i = linalg.index 1 : index
    %above = arith.cmpi sgt, %j, %i : index
    %n = arith.constant 0xFF800000 : f32
    %r = arith.select %above, %n, %in : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  // expected-remark @below {{attention tiled: 4 x 4 tiles over 8 x 8}}
  %p = linalg.softmax dimension(2) ins(%x : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %zv = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zv : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  // lse = m + log(rowsum(exp(x - m)))
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<2x8x8xf32>) outs(%mi : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %ex = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %m : tensor<2x8x8xf32>, tensor<2x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %n = arith.constant 0xFF800000 : f32
    %masked = arith.cmpf oeq, %mx, %n : f32
    %z = arith.constant 0.0 : f32
    %d = arith.subf %in, %mx : f32
    %e = math.exp %d : f32
    %r = arith.select %masked, %z, %e : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %l0 = linalg.fill ins(%zero : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %l = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ex : tensor<2x8x8xf32>) outs(%l0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %lse = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m, %l : tensor<2x8xf32>, tensor<2x8xf32>) outs(%er : tensor<2x8xf32>) {
  ^bb0(%mx: f32, %sum: f32, %out: f32):
    %lg = math.log %sum : f32
    %r = arith.addf %mx, %lg : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  // Backward: X' and P' = exp(X' - lse)
  %zs2 = linalg.fill ins(%zero : f32) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %s2 = linalg.batch_matmul indexing_maps = [#a, #bT, #c] ins(%q, %k : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%zs2 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %x20 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s2 : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0.5 : f32
    %r = arith.mulf %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %x2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x20 : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %j = linalg.index 2 : index
    %i = linalg.index 1 : index
    %above = arith.cmpi sgt, %j, %i : index
    %n = arith.constant 0xFF800000 : f32
    %r = arith.select %above, %n, %in : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %lseu = tensor.expand_shape %lse [[0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
  %p2 = linalg.generic {indexing_maps = [#id, #rowu, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x2, %lseu : tensor<2x8x8xf32>, tensor<2x8x1xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %ls: f32, %out: f32):
    %n = arith.constant 0xFF800000 : f32
    %masked = arith.cmpf oeq, %ls, %n : f32
    %z = arith.constant 0.0 : f32
    %d = arith.subf %in, %ls : f32
    %e = math.exp %d : f32
    %r = arith.select %masked, %z, %e : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %zv1 = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dv = linalg.batch_matmul indexing_maps = [#aT, #b, #c] ins(%p2, %do : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zv1 : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %zs3 = linalg.fill ins(%zero : f32) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %dp = linalg.batch_matmul indexing_maps = [#a, #bT, #c] ins(%do, %v : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%zs3 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %t = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%do, %o : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%ev : tensor<2x8x4xf32>) {
  ^bb0(%g: f32, %y: f32, %out: f32):
    %r = arith.mulf %g, %y : f32
    linalg.yield %r : f32
  } -> tensor<2x8x4xf32>
  %d0 = linalg.fill ins(%zero : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %d = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%t : tensor<2x8x4xf32>) outs(%d0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %ds = linalg.generic {indexing_maps = [#id, #id, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%p2, %dp, %d : tensor<2x8x8xf32>, tensor<2x8x8xf32>, tensor<2x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%pp: f32, %g: f32, %r: f32, %out: f32):
    %sub = arith.subf %g, %r : f32
    %mul = arith.mulf %pp, %sub : f32
    %c = arith.constant 0.5 : f32
    %y = arith.mulf %mul, %c : f32
    linalg.yield %y : f32
  } -> tensor<2x8x8xf32>
  %zq = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dq = linalg.batch_matmul ins(%ds, %k : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zq : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %zk = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dk = linalg.batch_matmul indexing_maps = [#aT, #b, #c] ins(%ds, %q : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zk : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  return %o, %dq, %dk, %dv : tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>
}

// -----

// The log-sum-exp is also a result of the function: not tiled (the tiles
// save the maximum and the log-sum apart, not lse).
// CHECK-LABEL: func.func @lse_returned
// CHECK: linalg.softmax
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1)>
#rowu = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#a = affine_map<(b, m, n, k) -> (b, m, k)>
#bT = affine_map<(b, m, n, k) -> (b, n, k)>
#aT = affine_map<(b, m, n, k) -> (b, k, m)>
#b = affine_map<(b, m, n, k) -> (b, k, n)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @lse_returned(%q: tensor<2x8x4xf32>, %k: tensor<2x8x4xf32>,
                        %v: tensor<2x8x4xf32>, %do: tensor<2x8x4xf32>)
    -> (tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %es = tensor.empty() : tensor<2x8x8xf32>
  %ev = tensor.empty() : tensor<2x8x4xf32>
  %er = tensor.empty() : tensor<2x8xf32>
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %s = linalg.batch_matmul indexing_maps = [#a, #bT, #c] ins(%q, %k : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%zs : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %x0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0.5 : f32
    %r = arith.mulf %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %x = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x0 : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %j = linalg.index 2 : index
    %i = linalg.index 1 : index
    %above = arith.cmpi sgt, %j, %i : index
    %n = arith.constant 0xFF800000 : f32
    %r = arith.select %above, %n, %in : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  // expected-remark @below {{attention not tiled: the log-sum-exp of the scores is read by something other than exp(scores - lse) recomputed}}
  %p = linalg.softmax dimension(2) ins(%x : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %zv = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zv : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  // lse = m + log(rowsum(exp(x - m)))
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<2x8x8xf32>) outs(%mi : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %ex = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %m : tensor<2x8x8xf32>, tensor<2x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %n = arith.constant 0xFF800000 : f32
    %masked = arith.cmpf oeq, %mx, %n : f32
    %z = arith.constant 0.0 : f32
    %d = arith.subf %in, %mx : f32
    %e = math.exp %d : f32
    %r = arith.select %masked, %z, %e : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %l0 = linalg.fill ins(%zero : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %l = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ex : tensor<2x8x8xf32>) outs(%l0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %lse = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m, %l : tensor<2x8xf32>, tensor<2x8xf32>) outs(%er : tensor<2x8xf32>) {
  ^bb0(%mx: f32, %sum: f32, %out: f32):
    %lg = math.log %sum : f32
    %r = arith.addf %mx, %lg : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  // Backward: X' and P' = exp(X' - lse)
  %zs2 = linalg.fill ins(%zero : f32) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %s2 = linalg.batch_matmul indexing_maps = [#a, #bT, #c] ins(%q, %k : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%zs2 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %x20 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s2 : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0.5 : f32
    %r = arith.mulf %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %x2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x20 : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %j = linalg.index 2 : index
    %i = linalg.index 1 : index
    %above = arith.cmpi sgt, %j, %i : index
    %n = arith.constant 0xFF800000 : f32
    %r = arith.select %above, %n, %in : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %lseu = tensor.expand_shape %lse [[0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
  %p2 = linalg.generic {indexing_maps = [#id, #rowu, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x2, %lseu : tensor<2x8x8xf32>, tensor<2x8x1xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %ls: f32, %out: f32):
    %n = arith.constant 0xFF800000 : f32
    %masked = arith.cmpf oeq, %ls, %n : f32
    %z = arith.constant 0.0 : f32
    %d = arith.subf %in, %ls : f32
    %e = math.exp %d : f32
    %r = arith.select %masked, %z, %e : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %zv1 = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dv = linalg.batch_matmul indexing_maps = [#aT, #b, #c] ins(%p2, %do : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zv1 : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %zs3 = linalg.fill ins(%zero : f32) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %dp = linalg.batch_matmul indexing_maps = [#a, #bT, #c] ins(%do, %v : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%zs3 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %t = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%do, %o : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%ev : tensor<2x8x4xf32>) {
  ^bb0(%g: f32, %y: f32, %out: f32):
    %r = arith.mulf %g, %y : f32
    linalg.yield %r : f32
  } -> tensor<2x8x4xf32>
  %d0 = linalg.fill ins(%zero : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %d = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%t : tensor<2x8x4xf32>) outs(%d0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %ds = linalg.generic {indexing_maps = [#id, #id, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%p2, %dp, %d : tensor<2x8x8xf32>, tensor<2x8x8xf32>, tensor<2x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%pp: f32, %g: f32, %r: f32, %out: f32):
    %sub = arith.subf %g, %r : f32
    %mul = arith.mulf %pp, %sub : f32
    %c = arith.constant 0.5 : f32
    %y = arith.mulf %mul, %c : f32
    linalg.yield %y : f32
  } -> tensor<2x8x8xf32>
  %zq = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dq = linalg.batch_matmul ins(%ds, %k : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zq : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %zk = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dk = linalg.batch_matmul indexing_maps = [#aT, #b, #c] ins(%ds, %q : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zk : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  return %o, %dq, %dk, %dv, %lse : tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8xf32>
}

// -----

// Backward recomputes the scores with another scale than forward's: P' is
// not P, so nothing is folded and the attention stays as written.
// CHECK-LABEL: func.func @other_scale
// CHECK: linalg.softmax
// CHECK: math.log
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1)>
#rowu = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#a = affine_map<(b, m, n, k) -> (b, m, k)>
#bT = affine_map<(b, m, n, k) -> (b, n, k)>
#aT = affine_map<(b, m, n, k) -> (b, k, m)>
#b = affine_map<(b, m, n, k) -> (b, k, n)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @other_scale(%q: tensor<2x8x4xf32>, %k: tensor<2x8x4xf32>,
                        %v: tensor<2x8x4xf32>, %do: tensor<2x8x4xf32>)
    -> (tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %es = tensor.empty() : tensor<2x8x8xf32>
  %ev = tensor.empty() : tensor<2x8x4xf32>
  %er = tensor.empty() : tensor<2x8xf32>
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %s = linalg.batch_matmul indexing_maps = [#a, #bT, #c] ins(%q, %k : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%zs : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %x0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0.5 : f32
    %r = arith.mulf %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %x = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x0 : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %j = linalg.index 2 : index
    %i = linalg.index 1 : index
    %above = arith.cmpi sgt, %j, %i : index
    %n = arith.constant 0xFF800000 : f32
    %r = arith.select %above, %n, %in : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  // expected-remark @below {{attention not tiled: the log-sum-exp of the scores is read by something other than exp(scores - lse) recomputed}}
  %p = linalg.softmax dimension(2) ins(%x : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %zv = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zv : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  // lse = m + log(rowsum(exp(x - m)))
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<2x8x8xf32>) outs(%mi : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %ex = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %m : tensor<2x8x8xf32>, tensor<2x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %n = arith.constant 0xFF800000 : f32
    %masked = arith.cmpf oeq, %mx, %n : f32
    %z = arith.constant 0.0 : f32
    %d = arith.subf %in, %mx : f32
    %e = math.exp %d : f32
    %r = arith.select %masked, %z, %e : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %l0 = linalg.fill ins(%zero : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %l = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ex : tensor<2x8x8xf32>) outs(%l0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %lse = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m, %l : tensor<2x8xf32>, tensor<2x8xf32>) outs(%er : tensor<2x8xf32>) {
  ^bb0(%mx: f32, %sum: f32, %out: f32):
    %lg = math.log %sum : f32
    %r = arith.addf %mx, %lg : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  // Backward: X' and P' = exp(X' - lse)
  %zs2 = linalg.fill ins(%zero : f32) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %s2 = linalg.batch_matmul indexing_maps = [#a, #bT, #c] ins(%q, %k : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%zs2 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %x20 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s2 : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0.25 : f32
    %r = arith.mulf %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %x2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x20 : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %j = linalg.index 2 : index
    %i = linalg.index 1 : index
    %above = arith.cmpi sgt, %j, %i : index
    %n = arith.constant 0xFF800000 : f32
    %r = arith.select %above, %n, %in : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %lseu = tensor.expand_shape %lse [[0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
  %p2 = linalg.generic {indexing_maps = [#id, #rowu, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x2, %lseu : tensor<2x8x8xf32>, tensor<2x8x1xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %ls: f32, %out: f32):
    %n = arith.constant 0xFF800000 : f32
    %masked = arith.cmpf oeq, %ls, %n : f32
    %z = arith.constant 0.0 : f32
    %d = arith.subf %in, %ls : f32
    %e = math.exp %d : f32
    %r = arith.select %masked, %z, %e : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  %zv1 = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dv = linalg.batch_matmul indexing_maps = [#aT, #b, #c] ins(%p2, %do : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zv1 : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %zs3 = linalg.fill ins(%zero : f32) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %dp = linalg.batch_matmul indexing_maps = [#a, #bT, #c] ins(%do, %v : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%zs3 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %t = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%do, %o : tensor<2x8x4xf32>, tensor<2x8x4xf32>) outs(%ev : tensor<2x8x4xf32>) {
  ^bb0(%g: f32, %y: f32, %out: f32):
    %r = arith.mulf %g, %y : f32
    linalg.yield %r : f32
  } -> tensor<2x8x4xf32>
  %d0 = linalg.fill ins(%zero : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %d = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%t : tensor<2x8x4xf32>) outs(%d0 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %ds = linalg.generic {indexing_maps = [#id, #id, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%p2, %dp, %d : tensor<2x8x8xf32>, tensor<2x8x8xf32>, tensor<2x8xf32>) outs(%es : tensor<2x8x8xf32>) {
  ^bb0(%pp: f32, %g: f32, %r: f32, %out: f32):
    %sub = arith.subf %g, %r : f32
    %mul = arith.mulf %pp, %sub : f32
    %c = arith.constant 0.5 : f32
    %y = arith.mulf %mul, %c : f32
    linalg.yield %y : f32
  } -> tensor<2x8x8xf32>
  %zq = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dq = linalg.batch_matmul ins(%ds, %k : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zq : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %zk = linalg.fill ins(%zero : f32) outs(%ev : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %dk = linalg.batch_matmul indexing_maps = [#aT, #b, #c] ins(%ds, %q : tensor<2x8x8xf32>, tensor<2x8x4xf32>) outs(%zk : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  return %o, %dq, %dk, %dv : tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>, tensor<2x8x4xf32>
}
