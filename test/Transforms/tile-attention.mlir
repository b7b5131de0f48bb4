// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-tile-attention="block-q=4 block-k=4" | FileCheck %s

// Multi-head attention as the importer emits it (batch_matmul, K transposed,
// the scores reshaped to 4-D, causal mask, dropout re-drawn per tile):
// tiled, and no 2x2x16x16 or 4x16x16 tensor is left at the top level.
// RUN: remat-opt %S/Inputs/attention-batched.mlir -remat-tile-attention="block-q=8 block-k=4" -o %t.batched.mlir 2>&1 | FileCheck %s --check-prefix=BREMARK
// RUN: FileCheck %s --check-prefix=BATCHED < %t.batched.mlir
// BREMARK: remark: {{.*}}attention tiled: 8 x 4 tiles over 16 x 16
// BATCHED-LABEL: func.func @attention_batched
// BATCHED-NOT:     linalg.softmax
// BATCHED:         scf.for {{.+}} -> (tensor<4x16x8xf32>, tensor<4x16xf32>, tensor<4x16xf32>)
// BATCHED:           scf.for {{.+}} -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8x8xf32>)
// The dropout draw is scaled per tile, from a slice of the draw.
// BATCHED:             tensor.extract_slice %{{.+}}[0, 0, %{{.+}}, %{{.+}}] [2, 2, 8, 4] [1, 1, 1, 1] : tensor<2x2x16x16xf32> to tensor<2x2x8x4xf32>
// BATCHED:             arith.divf
// BATCHED:         scf.for {{.+}} -> (tensor<4x16x8xf32>, tensor<4x8x16xf32>, tensor<4x16x8xf32>)
// BATCHED:           scf.for {{.+}} -> (tensor<4x16x8xf32>, tensor<4x8x4xf32>, tensor<4x4x8xf32>)
// BATCHED-NOT:     linalg.softmax
// BATCHED-NOT:     = linalg.{{.+}} -> tensor<2x2x16x16xf32>

// -remat-report lists each attention: before, untiled but matching; after,
// tiled with its tile shape. It also gives the peak of live bytes beyond the
// step's results (the context and dQ, dK, dV here).
// RUN: remat-opt %S/Inputs/attention-batched.mlir -remat-report -o /dev/null | FileCheck %s --check-prefix=REPORT-BEFORE
// REPORT-BEFORE: peak beyond results: 16.2 KiB (16640 B)
// REPORT-BEFORE-NEXT: attention: 0 tiled, 1 not
// REPORT-BEFORE-NEXT:   not tiled: matches (attn.softmax)
// RUN: remat-opt %t.batched.mlir -remat-report -o /dev/null | FileCheck %s --check-prefix=REPORT-AFTER
// REPORT-AFTER: peak beyond results:
// REPORT-AFTER-NEXT: attention: 1 tiled, 0 not
// REPORT-AFTER-NEXT:   tiled 8x4 ({{.+}}.batched.mlir:{{[0-9]+}}:{{[0-9]+}})
// RUN: remat-opt %S/Inputs/attention-batched.mlir -remat-tile-attention="block-q=8 block-k=4" -remat-report="format=json" -o /dev/null 2>/dev/null | FileCheck %s --check-prefix=JSON
// JSON:      "attentions": [
// JSON-NEXT:   {
// JSON-NEXT:     "detail": "8x4",
// JSON-NEXT:     "loc": "attn.softmax",
// JSON-NEXT:     "tiled": true
// JSON:      "peak_beyond_results_bytes":

// The importer's bf16 form (products accumulated in f32 and narrowed, steps
// and the softmax gradient computed in f32 between extf and truncf): tiled.
// The tiles compute in f32: the forward's row statistics and accumulator,
// and dQ's accumulator over key blocks, are f32; O, dK and dV are narrowed
// to bf16 as the untiled graph stores them. The dropout draw (from a seed
// and the element index) and its scaling are both re-drawn per tile, so no
// 2x2x16x16 or 4x16x16 tensor is left anywhere.
// RUN: remat-opt %S/Inputs/attention-importer-bf16.mlir -remat-tile-attention="block-q=8 block-k=4" -o %t.bf16.mlir 2>&1 | FileCheck %s --check-prefix=WREMARK
// RUN: FileCheck %s --check-prefix=WIDENED < %t.bf16.mlir
// WREMARK: remark: {{.*}}attention tiled: 8 x 4 tiles over 16 x 16
// WIDENED-LABEL: func.func @train_step
// WIDENED-NOT:     linalg.softmax
// WIDENED:         scf.for {{.+}} -> (tensor<4x16x8xbf16>, tensor<4x16xf32>, tensor<4x16xf32>)
// WIDENED:           scf.for {{.+}} -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8x8xf32>)
// WIDENED:             arith.truncf {{.+}} : f32 to bf16
// WIDENED:             math.exp {{.+}} : f32
// WIDENED:         scf.for {{.+}} -> (tensor<4x16x8xf32>, tensor<4x8x16xbf16>, tensor<4x16x8xbf16>)
// WIDENED:           scf.for {{.+}} -> (tensor<4x16x8xf32>, tensor<4x8x4xf32>, tensor<4x4x8xf32>)
// WIDENED-NOT:     linalg.softmax
// WIDENED-NOT:     tensor<2x2x16x16x
// WIDENED-NOT:     tensor<4x16x16x
// The peak falls (the report says matches before, tiled after).
// RUN: remat-opt %S/Inputs/attention-importer-bf16.mlir -remat-report -o /dev/null | FileCheck %s --check-prefix=WBEFORE
// WBEFORE: peak: 14.2 KiB (14592 B)
// WBEFORE: not tiled: matches (aten._softmax)
// RUN: remat-opt %t.bf16.mlir -remat-report -o /dev/null | FileCheck %s --check-prefix=WAFTER
// WAFTER: peak: 12.8 KiB (13056 B)
// WAFTER: attention: 1 tiled, 0 not

// Tiling that would raise the function's predicted peak (one 64 x 64 tile
// holds more than the untiled graph here) is undone, with a remark.
// RUN: remat-opt %S/Inputs/attention.mlir -remat-tile-attention 2>&1 | FileCheck %s --check-prefix=RAISE
// RAISE: remark: {{.*}}attention not tiled: 64 x 64 tiles over 64 x 64 would raise the function's predicted peak from 73728 to 90880 B (try smaller blocks)
// RAISE: linalg.softmax
// RAISE-NOT: scf.for

// Block sizes that do not divide the sequence: the largest divisor when it
// is at least half the evened-out block, said in the remark (5 -> 4 here).
// RUN: remat-opt %S/Inputs/attention-batched.mlir -remat-tile-attention="block-q=5" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ODD
// ODD: remark: {{.*}}attention tiled: 4 x 16 tiles over 16 x 16 (block sizes 5 x 64 do not divide the sequence lengths: the largest that do)

// A prime length (61) in blocks of 16: three full blocks in each loop, then
// the loop body once more, straight-line, on the last 13 rows or columns
// (static shapes), in forward and in backward.
// RUN: remat-opt %S/Inputs/attention-prime.mlir -remat-tile-attention="block-q=16 block-k=16" 2>&1 | FileCheck %s --check-prefix=PRIME
// PRIME: remark: {{.*}}attention tiled: 16 x 16 tiles over 61 x 61, the last blocks 13 x 13
// PRIME: scf.for %{{.+}} = %{{.+}} to %[[C48:.+]] step %{{.+}} iter_args({{.+}}) -> (tensor<61x16xf32>, tensor<61xf32>, tensor<61xf32>) {
// PRIME:   scf.for {{.+}} -> (tensor<16xf32>, tensor<16xf32>, tensor<16x16xf32>)
// PRIME:   tensor.extract_slice %arg1[%{{.+}}, 0] [13, 16] [1, 1] : tensor<61x16xf32> to tensor<13x16xf32>
// PRIME:   } -> tensor<16x13xf32>
// PRIME: } {remat.attention = "16x16"}
// PRIME: tensor.extract_slice %arg0[%{{.+}}, 0] [13, 16] [1, 1] : tensor<61x16xf32> to tensor<13x16xf32>
// PRIME: scf.for {{.+}} -> (tensor<13xf32>, tensor<13xf32>, tensor<13x16xf32>)
// PRIME: tensor.extract_slice %arg1[%{{.+}}, 0] [13, 16] [1, 1] : tensor<61x16xf32> to tensor<13x16xf32>
// PRIME: } -> tensor<13x13xf32>
// PRIME-NOT: tensor<61x61xf32>
// PRIME: return

// Lengths that a block nearly divides are evened out rather than left with
// a sliver: 61 in blocks of 40 is 31 + 30, not 40 + 21.
// RUN: remat-opt %S/Inputs/attention-prime.mlir -remat-tile-attention="block-q=40 block-k=40" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EVEN
// EVEN: remark: {{.*}}attention tiled: 31 x 31 tiles over 61 x 61, the last blocks 30 x 30 (block sizes 40 x 40 do not divide the sequence lengths: evened out)

// The pipeline's attention=tiled runs it (also with policy=none), and bad
// values are refused when the pipeline is parsed.
// RUN: remat-opt %S/Inputs/attention-batched.mlir -remat-pipeline="policy=none attention=tiled attention-block-q=8 attention-block-k=4" 2>/dev/null | FileCheck %s --check-prefix=PIPE
// PIPE-NOT: linalg.softmax
// PIPE: scf.for
// RUN: not remat-opt %S/Inputs/attention-batched.mlir -remat-pipeline="attention=flash" 2>&1 | FileCheck %s --check-prefix=BADOPT
// BADOPT: attention must be untiled or tiled, got 'flash'
// RUN: not remat-opt %S/Inputs/attention-batched.mlir -remat-tile-attention="block-k=0" 2>&1 | FileCheck %s --check-prefix=BADBLOCK
// BADBLOCK: block-q and block-k must be at least 1, got 64 and 0
// Tests that single-head attention (2-D matmuls, the scale fused into the
// softmax gradient) is tiled: forward into loops over 4-row query blocks and
// 4-column key blocks with online softmax, backward into loops over key
// blocks and query blocks that recompute P from Q, K and the row maximum
// and log-sum (saved apart, so a row masked whole by a finite value keeps
// its sum);
// no 8x8 tensor is left outside the loops.
// CHECK-LABEL: func.func @tiled
// CHECK-NOT:     linalg.softmax
// CHECK:         %[[FWD:.+]]:3 = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %{{.+}}, %{{.+}} = %{{.+}}, %{{.+}} = %{{.+}}) -> (tensor<8x4xf32>, tensor<8xf32>, tensor<8xf32>)
// CHECK:           scf.for {{.+}} -> (tensor<4xf32>, tensor<4xf32>, tensor<4x4xf32>)
// CHECK:             math.exp
// CHECK:           math.log
// CHECK:         %[[BWD:.+]]:3 = scf.for {{.+}} -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>)
// CHECK:           scf.for {{.+}} -> (tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>)
// CHECK:             %[[P:.+]] = linalg.generic
// CHECK:               arith.subf
// CHECK-NEXT:          arith.subf
// CHECK-NEXT:          math.exp
// CHECK:         return %[[FWD]]#0, %[[BWD]]#0, %[[BWD]]#1, %[[BWD]]#2
// CHECK-NOT:     linalg.softmax
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#rhsT = affine_map<(m, n, k) -> (n, k)>
#lhsT = affine_map<(m, n, k) -> (k, m)>
#out = affine_map<(m, n, k) -> (m, n)>
func.func @tiled(%q: tensor<8x4xf32>, %k: tensor<8x4xf32>, %v: tensor<8x4xf32>,
                %dout: tensor<8x4xf32> {remat.cotangent})
    -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %e0 = tensor.empty() : tensor<8x8xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %scores = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%q, %k : tensor<8x4xf32>, tensor<8x4xf32>) outs(%f0 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e1 = tensor.empty() : tensor<8x8xf32>
  %scaled = linalg.generic {indexing_maps = [#id,  #id], iterator_types = ["parallel", "parallel"]}
      ins(%scores  : tensor<8x8xf32> ) outs(%e1 : tensor<8x8xf32>) {
  ^bb0(%s: f32,  %o: f32):
    %m = arith.mulf %s, %half : f32
    linalg.yield %m : f32
  } -> tensor<8x8xf32>
  %e2 = tensor.empty() : tensor<8x8xf32>
  // expected-remark @+1 {{attention tiled: 4 x 4 tiles over 8 x 8}}
  %probs = linalg.softmax dimension(1) ins(%scaled : tensor<8x8xf32>)
      outs(%e2 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e5 = tensor.empty() : tensor<8x4xf32>
  %f5 = linalg.fill ins(%zero : f32) outs(%e5 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %out = linalg.matmul ins(%probs, %v : tensor<8x8xf32>, tensor<8x4xf32>)
      outs(%f5 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e6 = tensor.empty() : tensor<8x4xf32>
  %f6 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dv = linalg.matmul indexing_maps = [#lhsT, #rhs, #out]
      ins(%probs, %dout : tensor<8x8xf32>, tensor<8x4xf32>) outs(%f6 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e7 = tensor.empty() : tensor<8x8xf32>
  %f7 = linalg.fill ins(%zero : f32) outs(%e7 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %dprobs = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%dout, %v : tensor<8x4xf32>, tensor<8x4xf32>) outs(%f7 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e9 = tensor.empty() : tensor<8xf32>
  %f9 = linalg.fill ins(%zero : f32) outs(%e9 : tensor<8xf32>) -> tensor<8xf32>
  %rowsum = linalg.generic {indexing_maps = [#id, #id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%dprobs, %probs : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f9 : tensor<8xf32>) {
  ^bb0(%g: f32, %p: f32, %acc: f32):
    %m = arith.mulf %g, %p : f32
    %a = arith.addf %acc, %m : f32
    linalg.yield %a : f32
  } -> tensor<8xf32>
  %e10 = tensor.empty() : tensor<8x8xf32>
  %dscores = linalg.generic {indexing_maps = [#id, #id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%dprobs, %probs, %rowsum : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%e10 : tensor<8x8xf32>) {
  ^bb0(%g: f32, %p: f32, %r: f32, %o: f32):
    %d = arith.subf %g, %r : f32
    %m = arith.mulf %p, %d : f32
    %s = arith.mulf %m, %half : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  %e11 = tensor.empty() : tensor<8x4xf32>
  %f11 = linalg.fill ins(%zero : f32) outs(%e11 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dq = linalg.matmul ins(%dscores, %k : tensor<8x8xf32>, tensor<8x4xf32>)
      outs(%f11 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e12 = tensor.empty() : tensor<8x4xf32>
  %f12 = linalg.fill ins(%zero : f32) outs(%e12 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dk = linalg.matmul indexing_maps = [#lhsT, #rhs, #out]
      ins(%dscores, %q : tensor<8x8xf32>, tensor<8x4xf32>) outs(%f12 : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %out, %dq, %dk, %dv  : tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// Tests that an additive mask on the scores is a step without a gradient of
// its own, so a softmax gradient scaled by 0.5 undoes no forward step (there
// is no scale in forward): untiled, with a remark.
// CHECK-LABEL: func.func @additive_bias
// CHECK:         linalg.softmax
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#rhsT = affine_map<(m, n, k) -> (n, k)>
#lhsT = affine_map<(m, n, k) -> (k, m)>
#out = affine_map<(m, n, k) -> (m, n)>
func.func @additive_bias(%q: tensor<8x4xf32>, %k: tensor<8x4xf32>, %v: tensor<8x4xf32>,
                %dout: tensor<8x4xf32> {remat.cotangent}, %bias: tensor<8x8xf32>)
    -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %e0 = tensor.empty() : tensor<8x8xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %scores = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%q, %k : tensor<8x4xf32>, tensor<8x4xf32>) outs(%f0 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e1 = tensor.empty() : tensor<8x8xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%scores , %bias : tensor<8x8xf32> , tensor<8x8xf32>) outs(%e1 : tensor<8x8xf32>) {
  ^bb0(%s: f32, %b: f32, %o: f32):
    %m = arith.addf %s, %b : f32
    linalg.yield %m : f32
  } -> tensor<8x8xf32>
  %e2 = tensor.empty() : tensor<8x8xf32>
  // expected-remark @+1 {{attention not tiled: the softmax gradient's factor is not the gradient of the last score step}}
  %probs = linalg.softmax dimension(1) ins(%scaled : tensor<8x8xf32>)
      outs(%e2 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e5 = tensor.empty() : tensor<8x4xf32>
  %f5 = linalg.fill ins(%zero : f32) outs(%e5 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %out = linalg.matmul ins(%probs, %v : tensor<8x8xf32>, tensor<8x4xf32>)
      outs(%f5 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e6 = tensor.empty() : tensor<8x4xf32>
  %f6 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dv = linalg.matmul indexing_maps = [#lhsT, #rhs, #out]
      ins(%probs, %dout : tensor<8x8xf32>, tensor<8x4xf32>) outs(%f6 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e7 = tensor.empty() : tensor<8x8xf32>
  %f7 = linalg.fill ins(%zero : f32) outs(%e7 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %dprobs = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%dout, %v : tensor<8x4xf32>, tensor<8x4xf32>) outs(%f7 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e9 = tensor.empty() : tensor<8xf32>
  %f9 = linalg.fill ins(%zero : f32) outs(%e9 : tensor<8xf32>) -> tensor<8xf32>
  %rowsum = linalg.generic {indexing_maps = [#id, #id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%dprobs, %probs : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f9 : tensor<8xf32>) {
  ^bb0(%g: f32, %p: f32, %acc: f32):
    %m = arith.mulf %g, %p : f32
    %a = arith.addf %acc, %m : f32
    linalg.yield %a : f32
  } -> tensor<8xf32>
  %e10 = tensor.empty() : tensor<8x8xf32>
  %dscores = linalg.generic {indexing_maps = [#id, #id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%dprobs, %probs, %rowsum : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%e10 : tensor<8x8xf32>) {
  ^bb0(%g: f32, %p: f32, %r: f32, %o: f32):
    %d = arith.subf %g, %r : f32
    %m = arith.mulf %p, %d : f32
    %s = arith.mulf %m, %half : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  %e11 = tensor.empty() : tensor<8x4xf32>
  %f11 = linalg.fill ins(%zero : f32) outs(%e11 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dq = linalg.matmul ins(%dscores, %k : tensor<8x8xf32>, tensor<8x4xf32>)
      outs(%f11 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e12 = tensor.empty() : tensor<8x4xf32>
  %f12 = linalg.fill ins(%zero : f32) outs(%e12 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dk = linalg.matmul indexing_maps = [#lhsT, #rhs, #out]
      ins(%dscores, %q : tensor<8x8xf32>, tensor<8x4xf32>) outs(%f12 : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %out, %dq, %dk, %dv  : tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// Tests that an additive mask (LLaMA's -inf/0 causal mask, added to the
// scores, no gradient step of its own) is tiled: the tiles add its slice.
// CHECK-LABEL: func.func @additive_mask
// CHECK-NOT:     linalg.softmax
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             tensor.extract_slice %{{.+}}[%{{.+}}, %{{.+}}] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
// CHECK:             arith.addf
// CHECK-NOT:     linalg.softmax
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#rhsT = affine_map<(m, n, k) -> (n, k)>
#lhsT = affine_map<(m, n, k) -> (k, m)>
#out = affine_map<(m, n, k) -> (m, n)>
func.func @additive_mask(%q: tensor<8x4xf32>, %k: tensor<8x4xf32>, %v: tensor<8x4xf32>,
                %dout: tensor<8x4xf32> {remat.cotangent}, %bias: tensor<8x8xf32>)
    -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %e0 = tensor.empty() : tensor<8x8xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %scores = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%q, %k : tensor<8x4xf32>, tensor<8x4xf32>) outs(%f0 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e1 = tensor.empty() : tensor<8x8xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%scores , %bias : tensor<8x8xf32> , tensor<8x8xf32>) outs(%e1 : tensor<8x8xf32>) {
  ^bb0(%s: f32, %b: f32, %o: f32):
    %m = arith.addf %s, %b : f32
    linalg.yield %m : f32
  } -> tensor<8x8xf32>
  %e2 = tensor.empty() : tensor<8x8xf32>
  // expected-remark @+1 {{attention tiled: 4 x 4 tiles over 8 x 8}}
  %probs = linalg.softmax dimension(1) ins(%scaled : tensor<8x8xf32>)
      outs(%e2 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e5 = tensor.empty() : tensor<8x4xf32>
  %f5 = linalg.fill ins(%zero : f32) outs(%e5 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %out = linalg.matmul ins(%probs, %v : tensor<8x8xf32>, tensor<8x4xf32>)
      outs(%f5 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e6 = tensor.empty() : tensor<8x4xf32>
  %f6 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dv = linalg.matmul indexing_maps = [#lhsT, #rhs, #out]
      ins(%probs, %dout : tensor<8x8xf32>, tensor<8x4xf32>) outs(%f6 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e7 = tensor.empty() : tensor<8x8xf32>
  %f7 = linalg.fill ins(%zero : f32) outs(%e7 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %dprobs = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%dout, %v : tensor<8x4xf32>, tensor<8x4xf32>) outs(%f7 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e9 = tensor.empty() : tensor<8xf32>
  %f9 = linalg.fill ins(%zero : f32) outs(%e9 : tensor<8xf32>) -> tensor<8xf32>
  %rowsum = linalg.generic {indexing_maps = [#id, #id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%dprobs, %probs : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f9 : tensor<8xf32>) {
  ^bb0(%g: f32, %p: f32, %acc: f32):
    %m = arith.mulf %g, %p : f32
    %a = arith.addf %acc, %m : f32
    linalg.yield %a : f32
  } -> tensor<8xf32>
  %e10 = tensor.empty() : tensor<8x8xf32>
  %dscores = linalg.generic {indexing_maps = [#id, #id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%dprobs, %probs, %rowsum : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%e10 : tensor<8x8xf32>) {
  ^bb0(%g: f32, %p: f32, %r: f32, %o: f32):
    %d = arith.subf %g, %r : f32
    %m = arith.mulf %p, %d : f32
    linalg.yield %m : f32
  } -> tensor<8x8xf32>
  %e11 = tensor.empty() : tensor<8x4xf32>
  %f11 = linalg.fill ins(%zero : f32) outs(%e11 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dq = linalg.matmul ins(%dscores, %k : tensor<8x8xf32>, tensor<8x4xf32>)
      outs(%f11 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e12 = tensor.empty() : tensor<8x4xf32>
  %f12 = linalg.fill ins(%zero : f32) outs(%e12 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dk = linalg.matmul indexing_maps = [#lhsT, #rhs, #out]
      ins(%dscores, %q : tensor<8x8xf32>, tensor<8x4xf32>) outs(%f12 : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %out, %dq, %dk, %dv  : tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// Tests that probabilities with another consumer (here returned) leave
// attention untiled, with a remark.
// CHECK-LABEL: func.func @probs_returned
// CHECK:         linalg.softmax
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#rhsT = affine_map<(m, n, k) -> (n, k)>
#lhsT = affine_map<(m, n, k) -> (k, m)>
#out = affine_map<(m, n, k) -> (m, n)>
func.func @probs_returned(%q: tensor<8x4xf32>, %k: tensor<8x4xf32>, %v: tensor<8x4xf32>,
                %dout: tensor<8x4xf32> {remat.cotangent})
    -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %e0 = tensor.empty() : tensor<8x8xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %scores = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%q, %k : tensor<8x4xf32>, tensor<8x4xf32>) outs(%f0 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e1 = tensor.empty() : tensor<8x8xf32>
  %scaled = linalg.generic {indexing_maps = [#id,  #id], iterator_types = ["parallel", "parallel"]}
      ins(%scores  : tensor<8x8xf32> ) outs(%e1 : tensor<8x8xf32>) {
  ^bb0(%s: f32,  %o: f32):
    %m = arith.mulf %s, %half : f32
    linalg.yield %m : f32
  } -> tensor<8x8xf32>
  %e2 = tensor.empty() : tensor<8x8xf32>
  // expected-remark @+1 {{attention not tiled: the probabilities have another consumer ('func.return')}}
  %probs = linalg.softmax dimension(1) ins(%scaled : tensor<8x8xf32>)
      outs(%e2 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e5 = tensor.empty() : tensor<8x4xf32>
  %f5 = linalg.fill ins(%zero : f32) outs(%e5 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %out = linalg.matmul ins(%probs, %v : tensor<8x8xf32>, tensor<8x4xf32>)
      outs(%f5 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e6 = tensor.empty() : tensor<8x4xf32>
  %f6 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dv = linalg.matmul indexing_maps = [#lhsT, #rhs, #out]
      ins(%probs, %dout : tensor<8x8xf32>, tensor<8x4xf32>) outs(%f6 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e7 = tensor.empty() : tensor<8x8xf32>
  %f7 = linalg.fill ins(%zero : f32) outs(%e7 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %dprobs = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%dout, %v : tensor<8x4xf32>, tensor<8x4xf32>) outs(%f7 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e9 = tensor.empty() : tensor<8xf32>
  %f9 = linalg.fill ins(%zero : f32) outs(%e9 : tensor<8xf32>) -> tensor<8xf32>
  %rowsum = linalg.generic {indexing_maps = [#id, #id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%dprobs, %probs : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f9 : tensor<8xf32>) {
  ^bb0(%g: f32, %p: f32, %acc: f32):
    %m = arith.mulf %g, %p : f32
    %a = arith.addf %acc, %m : f32
    linalg.yield %a : f32
  } -> tensor<8xf32>
  %e10 = tensor.empty() : tensor<8x8xf32>
  %dscores = linalg.generic {indexing_maps = [#id, #id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%dprobs, %probs, %rowsum : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%e10 : tensor<8x8xf32>) {
  ^bb0(%g: f32, %p: f32, %r: f32, %o: f32):
    %d = arith.subf %g, %r : f32
    %m = arith.mulf %p, %d : f32
    %s = arith.mulf %m, %half : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  %e11 = tensor.empty() : tensor<8x4xf32>
  %f11 = linalg.fill ins(%zero : f32) outs(%e11 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dq = linalg.matmul ins(%dscores, %k : tensor<8x8xf32>, tensor<8x4xf32>)
      outs(%f11 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e12 = tensor.empty() : tensor<8x4xf32>
  %f12 = linalg.fill ins(%zero : f32) outs(%e12 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dk = linalg.matmul indexing_maps = [#lhsT, #rhs, #out]
      ins(%dscores, %q : tensor<8x8xf32>, tensor<8x4xf32>) outs(%f12 : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %out, %dq, %dk, %dv , %probs : tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x8xf32>
}

// -----

// Tests that f64 attention is left untiled (f32, bf16 and f16 are tiled),
// with a remark.
// CHECK-LABEL: func.func @f64
// CHECK:         linalg.softmax
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#rhsT = affine_map<(m, n, k) -> (n, k)>
#lhsT = affine_map<(m, n, k) -> (k, m)>
#out = affine_map<(m, n, k) -> (m, n)>
func.func @f64(%q: tensor<8x4xf64>, %k: tensor<8x4xf64>, %v: tensor<8x4xf64>,
                %dout: tensor<8x4xf64> {remat.cotangent})
    -> (tensor<8x4xf64>, tensor<8x4xf64>, tensor<8x4xf64>, tensor<8x4xf64>) {
  %zero = arith.constant 0.0 : f64
  %half = arith.constant 0.5 : f64
  %e0 = tensor.empty() : tensor<8x8xf64>
  %f0 = linalg.fill ins(%zero : f64) outs(%e0 : tensor<8x8xf64>) -> tensor<8x8xf64>
  %scores = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%q, %k : tensor<8x4xf64>, tensor<8x4xf64>) outs(%f0 : tensor<8x8xf64>) -> tensor<8x8xf64>
  %e1 = tensor.empty() : tensor<8x8xf64>
  %scaled = linalg.generic {indexing_maps = [#id,  #id], iterator_types = ["parallel", "parallel"]}
      ins(%scores  : tensor<8x8xf64> ) outs(%e1 : tensor<8x8xf64>) {
  ^bb0(%s: f64,  %o: f64):
    %m = arith.mulf %s, %half : f64
    linalg.yield %m : f64
  } -> tensor<8x8xf64>
  %e2 = tensor.empty() : tensor<8x8xf64>
  // expected-remark @+1 {{attention not tiled: element type f64 (f32, bf16 and f16 are tiled)}}
  %probs = linalg.softmax dimension(1) ins(%scaled : tensor<8x8xf64>)
      outs(%e2 : tensor<8x8xf64>) -> tensor<8x8xf64>
  %e5 = tensor.empty() : tensor<8x4xf64>
  %f5 = linalg.fill ins(%zero : f64) outs(%e5 : tensor<8x4xf64>) -> tensor<8x4xf64>
  %out = linalg.matmul ins(%probs, %v : tensor<8x8xf64>, tensor<8x4xf64>)
      outs(%f5 : tensor<8x4xf64>) -> tensor<8x4xf64>
  %e6 = tensor.empty() : tensor<8x4xf64>
  %f6 = linalg.fill ins(%zero : f64) outs(%e6 : tensor<8x4xf64>) -> tensor<8x4xf64>
  %dv = linalg.matmul indexing_maps = [#lhsT, #rhs, #out]
      ins(%probs, %dout : tensor<8x8xf64>, tensor<8x4xf64>) outs(%f6 : tensor<8x4xf64>) -> tensor<8x4xf64>
  %e7 = tensor.empty() : tensor<8x8xf64>
  %f7 = linalg.fill ins(%zero : f64) outs(%e7 : tensor<8x8xf64>) -> tensor<8x8xf64>
  %dprobs = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%dout, %v : tensor<8x4xf64>, tensor<8x4xf64>) outs(%f7 : tensor<8x8xf64>) -> tensor<8x8xf64>
  %e9 = tensor.empty() : tensor<8xf64>
  %f9 = linalg.fill ins(%zero : f64) outs(%e9 : tensor<8xf64>) -> tensor<8xf64>
  %rowsum = linalg.generic {indexing_maps = [#id, #id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%dprobs, %probs : tensor<8x8xf64>, tensor<8x8xf64>) outs(%f9 : tensor<8xf64>) {
  ^bb0(%g: f64, %p: f64, %acc: f64):
    %m = arith.mulf %g, %p : f64
    %a = arith.addf %acc, %m : f64
    linalg.yield %a : f64
  } -> tensor<8xf64>
  %e10 = tensor.empty() : tensor<8x8xf64>
  %dscores = linalg.generic {indexing_maps = [#id, #id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%dprobs, %probs, %rowsum : tensor<8x8xf64>, tensor<8x8xf64>, tensor<8xf64>) outs(%e10 : tensor<8x8xf64>) {
  ^bb0(%g: f64, %p: f64, %r: f64, %o: f64):
    %d = arith.subf %g, %r : f64
    %m = arith.mulf %p, %d : f64
    %s = arith.mulf %m, %half : f64
    linalg.yield %s : f64
  } -> tensor<8x8xf64>
  %e11 = tensor.empty() : tensor<8x4xf64>
  %f11 = linalg.fill ins(%zero : f64) outs(%e11 : tensor<8x4xf64>) -> tensor<8x4xf64>
  %dq = linalg.matmul ins(%dscores, %k : tensor<8x8xf64>, tensor<8x4xf64>)
      outs(%f11 : tensor<8x4xf64>) -> tensor<8x4xf64>
  %e12 = tensor.empty() : tensor<8x4xf64>
  %f12 = linalg.fill ins(%zero : f64) outs(%e12 : tensor<8x4xf64>) -> tensor<8x4xf64>
  %dk = linalg.matmul indexing_maps = [#lhsT, #rhs, #out]
      ins(%dscores, %q : tensor<8x8xf64>, tensor<8x4xf64>) outs(%f12 : tensor<8x4xf64>) -> tensor<8x4xf64>
  return %out, %dq, %dk, %dv  : tensor<8x4xf64>, tensor<8x4xf64>, tensor<8x4xf64>, tensor<8x4xf64>
}

// -----

// Tests that a softmax that is not attention (no Q K^T below it) is left
// alone, with a remark.
// CHECK-LABEL: func.func @plain_softmax
// CHECK:         linalg.softmax
func.func @plain_softmax(%x: tensor<8x8xf32>, %dy: tensor<8x8xf32> {remat.cotangent})
    -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %e = tensor.empty() : tensor<8x8xf32>
  // expected-remark @+1 {{attention not tiled: the softmax input is not Q K^T}}
  %p = linalg.softmax dimension(1) ins(%x : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e2 = tensor.empty() : tensor<8x8xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%p, %dy : tensor<8x8xf32>, tensor<8x8xf32>) outs(%e2 : tensor<8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<8x8xf32>
  return %p, %g : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// Tests that a bf16 step computed through f32 (extf, mulf, truncf in the
// body, as the importer writes bf16 steps) is matched as the step it computes:
// what stops this graph is its missing context product.
// CHECK-LABEL: func.func @mixed_precision_step
// CHECK:         linalg.softmax
func.func @mixed_precision_step(%q: tensor<8x4xbf16>, %k: tensor<8x4xbf16>, %dy: tensor<8x8xbf16> {remat.cotangent})
    -> (tensor<8x8xbf16>, tensor<8x8xbf16>) {
  %zero = arith.constant 0.0 : bf16
  %e0 = tensor.empty() : tensor<8x8xbf16>
  %f0 = linalg.fill ins(%zero : bf16) outs(%e0 : tensor<8x8xbf16>) -> tensor<8x8xbf16>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%q, %k : tensor<8x4xbf16>, tensor<8x4xbf16>) outs(%f0 : tensor<8x8xbf16>) -> tensor<8x8xbf16>
  %e1 = tensor.empty() : tensor<8x8xbf16>
  %x = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<8x8xbf16>) outs(%e1 : tensor<8x8xbf16>) {
  ^bb0(%a: bf16, %o: bf16):
    %w = arith.extf %a : bf16 to f32
    %c = arith.constant 0.5 : f32
    %m = arith.mulf %w, %c : f32
    %t = arith.truncf %m : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<8x8xbf16>
  %e2 = tensor.empty() : tensor<8x8xbf16>
  // expected-remark @+1 {{attention not tiled: the probabilities feed 0 products (expected O = P V and dV = P^T dO)}}
  %p = linalg.softmax dimension(1) ins(%x : tensor<8x8xbf16>) outs(%e2 : tensor<8x8xbf16>) -> tensor<8x8xbf16>
  %e3 = tensor.empty() : tensor<8x8xbf16>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%p, %dy : tensor<8x8xbf16>, tensor<8x8xbf16>) outs(%e3 : tensor<8x8xbf16>) {
  ^bb0(%a: bf16, %b: bf16, %o: bf16):
    %m = arith.mulf %a, %b : bf16
    linalg.yield %m : bf16
  } -> tensor<8x8xbf16>
  return %p, %g : tensor<8x8xbf16>, tensor<8x8xbf16>
}

// -----

// Tests that a bf16 step through f32 that is not a scaling, a mask or a
// function of the scores alone (x + its row index) is left untiled, with a
// remark naming the conversions.
// CHECK-LABEL: func.func @mixed_precision_add
// CHECK:         linalg.softmax
func.func @mixed_precision_add(%q: tensor<8x4xbf16>, %k: tensor<8x4xbf16>, %dy: tensor<8x8xbf16> {remat.cotangent})
    -> (tensor<8x8xbf16>, tensor<8x8xbf16>) {
  %zero = arith.constant 0.0 : bf16
  %e0 = tensor.empty() : tensor<8x8xbf16>
  %f0 = linalg.fill ins(%zero : bf16) outs(%e0 : tensor<8x8xbf16>) -> tensor<8x8xbf16>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%q, %k : tensor<8x4xbf16>, tensor<8x4xbf16>) outs(%f0 : tensor<8x8xbf16>) -> tensor<8x8xbf16>
  %e1 = tensor.empty() : tensor<8x8xbf16>
  %x = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<8x8xbf16>) outs(%e1 : tensor<8x8xbf16>) {
  ^bb0(%a: bf16, %o: bf16):
    %w = arith.extf %a : bf16 to f32
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %c = arith.sitofp %ii : i32 to f32
    %m = arith.addf %w, %c : f32
    %t = arith.truncf %m : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<8x8xbf16>
  %e2 = tensor.empty() : tensor<8x8xbf16>
  // expected-remark @+1 {{attention not tiled: the scores pass through precision conversions (extf / truncf) in a step that is not x * c, x / c, a select with an i1 mask or x + a float mask}}
  %p = linalg.softmax dimension(1) ins(%x : tensor<8x8xbf16>) outs(%e2 : tensor<8x8xbf16>) -> tensor<8x8xbf16>
  %e3 = tensor.empty() : tensor<8x8xbf16>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%p, %dy : tensor<8x8xbf16>, tensor<8x8xbf16>) outs(%e3 : tensor<8x8xbf16>) {
  ^bb0(%a: bf16, %b: bf16, %o: bf16):
    %m = arith.mulf %a, %b : bf16
    linalg.yield %m : bf16
  } -> tensor<8x8xbf16>
  return %p, %g : tensor<8x8xbf16>, tensor<8x8xbf16>
}

// -----

// PyTorch 1.13's einsum backward (Stable Diffusion's CrossAttention) copies
// dS before each of its two products, and computes dK transposed (Q^T dS,
// head dim first), transposing it afterwards: matched; the tiles compute dK
// in K's layout and one copy transposes it to the product's.
// CHECK-LABEL: func.func @copied_ds_transposed_dk
// CHECK-NOT:     linalg.softmax
// CHECK:         %[[BWD:.+]]:3 = scf.for {{.+}} -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>)
// CHECK:         %[[DKT:.+]] = linalg.generic {indexing_maps = [#[[T:.+]], #{{.+}}], iterator_types = ["parallel", "parallel"]} ins(%[[BWD]]#1 : tensor<8x4xf32>) outs(%{{.+}} : tensor<4x8xf32>)
// CHECK:         return %{{.+}}, %[[BWD]]#0, %[[DKT]], %[[BWD]]#2
// CHECK-NOT:     tensor<8x8xf32>
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#rhsT = affine_map<(m, n, k) -> (n, k)>
#lhsT = affine_map<(m, n, k) -> (k, m)>
#out = affine_map<(m, n, k) -> (m, n)>
func.func @copied_ds_transposed_dk(%q: tensor<8x4xf32>, %k: tensor<8x4xf32>, %v: tensor<8x4xf32>,
                %dout: tensor<8x4xf32> {remat.cotangent})
    -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x8xf32>, tensor<8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x8xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %scores = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%q, %k : tensor<8x4xf32>, tensor<8x4xf32>) outs(%f0 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e2 = tensor.empty() : tensor<8x8xf32>
  // expected-remark @+1 {{attention tiled: 4 x 4 tiles over 8 x 8}}
  %probs = linalg.softmax dimension(1) ins(%scores : tensor<8x8xf32>)
      outs(%e2 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e5 = tensor.empty() : tensor<8x4xf32>
  %f5 = linalg.fill ins(%zero : f32) outs(%e5 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %out = linalg.matmul ins(%probs, %v : tensor<8x8xf32>, tensor<8x4xf32>)
      outs(%f5 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e6 = tensor.empty() : tensor<8x4xf32>
  %f6 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dv = linalg.matmul indexing_maps = [#lhsT, #rhs, #out]
      ins(%probs, %dout : tensor<8x8xf32>, tensor<8x4xf32>) outs(%f6 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e7 = tensor.empty() : tensor<8x8xf32>
  %f7 = linalg.fill ins(%zero : f32) outs(%e7 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %dprobs = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%dout, %v : tensor<8x4xf32>, tensor<8x4xf32>) outs(%f7 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e9 = tensor.empty() : tensor<8xf32>
  %f9 = linalg.fill ins(%zero : f32) outs(%e9 : tensor<8xf32>) -> tensor<8xf32>
  %rowsum = linalg.generic {indexing_maps = [#id, #id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%dprobs, %probs : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f9 : tensor<8xf32>) {
  ^bb0(%g: f32, %p: f32, %acc: f32):
    %m = arith.mulf %g, %p : f32
    %a = arith.addf %acc, %m : f32
    linalg.yield %a : f32
  } -> tensor<8xf32>
  %e10 = tensor.empty() : tensor<8x8xf32>
  %dscores = linalg.generic {indexing_maps = [#id, #id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%dprobs, %probs, %rowsum : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%e10 : tensor<8x8xf32>) {
  ^bb0(%g: f32, %p: f32, %r: f32, %o: f32):
    %d = arith.subf %g, %r : f32
    %m = arith.mulf %p, %d : f32
    linalg.yield %m : f32
  } -> tensor<8x8xf32>
  %c1 = tensor.empty() : tensor<8x8xf32>
  %ds1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%dscores : tensor<8x8xf32>) outs(%c1 : tensor<8x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<8x8xf32>
  %e11 = tensor.empty() : tensor<8x4xf32>
  %f11 = linalg.fill ins(%zero : f32) outs(%e11 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dq = linalg.matmul ins(%ds1, %k : tensor<8x8xf32>, tensor<8x4xf32>)
      outs(%f11 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %c2 = tensor.empty() : tensor<8x8xf32>
  %ds2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%dscores : tensor<8x8xf32>) outs(%c2 : tensor<8x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<8x8xf32>
  %e12 = tensor.empty() : tensor<4x8xf32>
  %f12 = linalg.fill ins(%zero : f32) outs(%e12 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %dkT = linalg.matmul indexing_maps = [#lhsT, #rhs, #out]
      ins(%q, %ds2 : tensor<8x4xf32>, tensor<8x8xf32>) outs(%f12 : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %out, %dq, %dkT, %dv  : tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x8xf32>, tensor<8x4xf32>
}
