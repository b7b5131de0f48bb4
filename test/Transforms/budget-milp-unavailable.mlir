// In a build without CBC (cmake -DREMAT_ENABLE_CBC=OFF, or no
// coinor-libcbc-dev), solver=milp beyond the exhaustive search is an error
// that says so; solver=exact still works. (The attention graph of
// Inputs/attention.mlir, with the expected diagnostic.)
// UNSUPPORTED: cbc
// RUN: remat-opt %s -remat-mark="policy=budget budget=64KiB solver=milp exact-limit=0" -verify-diagnostics -o /dev/null
// RUN: remat-opt %s -remat-pipeline="policy=budget budget=64KiB solver=exact exact-limit=0" -remat-report -o /dev/null | FileCheck %s
// CHECK: recompute 155.65 KFLOP
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#rhsT = affine_map<(m, n, k) -> (n, k)>
#lhsT = affine_map<(m, n, k) -> (k, m)>
#out = affine_map<(m, n, k) -> (m, n)>
// expected-error @below {{remat: solver=milp needs the MILP solver CBC, and this build of remat has none (apt-get install coinor-libcbc-dev, then reconfigure); solver=exact is the branch and bound without it}}
func.func @attention(%q: tensor<64x16xf32>, %k: tensor<64x16xf32>, %v: tensor<64x16xf32>,
                     %seed: i32, %dout: tensor<64x16xf32> {remat.cotangent})
    -> (tensor<64x16xf32>, tensor<64x16xf32>, tensor<64x16xf32>, tensor<64x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %quarter = arith.constant 0.25 : f32
  %keep_scale = arith.constant 1.25 : f32
  %c64 = arith.constant 64 : i32
  %prime = arith.constant 16777619 : i32
  %c13 = arith.constant 13 : i32
  %c255 = arith.constant 255 : i32
  %c51 = arith.constant 51 : i32

  // scores = q k^T / 4
  %e0 = tensor.empty() : tensor<64x64xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %scores = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%q, %k : tensor<64x16xf32>, tensor<64x16xf32>) outs(%f0 : tensor<64x64xf32>) -> tensor<64x64xf32> loc("attn.scores")
  %e1 = tensor.empty() : tensor<64x64xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%scores : tensor<64x64xf32>) outs(%e1 : tensor<64x64xf32>) {
  ^bb0(%s: f32, %o: f32):
    %m = arith.mulf %s, %quarter : f32
    linalg.yield %m : f32
  } -> tensor<64x64xf32> loc("attn.scale")
  %e2 = tensor.empty() : tensor<64x64xf32>
  %probs = linalg.softmax dimension(1) ins(%scaled : tensor<64x64xf32>)
      outs(%e2 : tensor<64x64xf32>) -> tensor<64x64xf32> loc("attn.softmax")
  // mask[i, j] = hash(seed, i, j) keeps 80% of the elements.
  %e3 = tensor.empty() : tensor<64x64xf32>
  %mask = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e3 : tensor<64x64xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %h0 = arith.muli %ii, %c64 : i32
    %h1 = arith.addi %h0, %jj : i32
    %h2 = arith.xori %h1, %seed : i32
    %h3 = arith.muli %h2, %prime : i32
    %h4 = arith.shrui %h3, %c13 : i32
    %h5 = arith.andi %h4, %c255 : i32
    %keep = arith.cmpi uge, %h5, %c51 : i32
    %m = arith.select %keep, %keep_scale, %zero : f32
    linalg.yield %m : f32
  } -> tensor<64x64xf32> loc("attn.dropout_mask")
  %e4 = tensor.empty() : tensor<64x64xf32>
  %dropped = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%probs, %mask : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e4 : tensor<64x64xf32>) {
  ^bb0(%p: f32, %mk: f32, %o: f32):
    %m = arith.mulf %p, %mk : f32
    linalg.yield %m : f32
  } -> tensor<64x64xf32> loc("attn.dropout")
  %e5 = tensor.empty() : tensor<64x16xf32>
  %f5 = linalg.fill ins(%zero : f32) outs(%e5 : tensor<64x16xf32>) -> tensor<64x16xf32>
  %out = linalg.matmul ins(%dropped, %v : tensor<64x64xf32>, tensor<64x16xf32>)
      outs(%f5 : tensor<64x16xf32>) -> tensor<64x16xf32> loc("attn.context")

  // ---- backward ----
  // dv = dropped^T dout
  %e6 = tensor.empty() : tensor<64x16xf32>
  %f6 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<64x16xf32>) -> tensor<64x16xf32>
  %dv = linalg.matmul indexing_maps = [#lhsT, #rhs, #out]
      ins(%dropped, %dout : tensor<64x64xf32>, tensor<64x16xf32>) outs(%f6 : tensor<64x16xf32>) -> tensor<64x16xf32> loc("attn.context.grad_v")
  // ddropped = dout v^T
  %e7 = tensor.empty() : tensor<64x64xf32>
  %f7 = linalg.fill ins(%zero : f32) outs(%e7 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %ddropped = linalg.matmul indexing_maps = [#lhs, #rhsT, #out]
      ins(%dout, %v : tensor<64x16xf32>, tensor<64x16xf32>) outs(%f7 : tensor<64x64xf32>) -> tensor<64x64xf32> loc("attn.context.grad_probs")
  // dprobs = ddropped * mask
  %e8 = tensor.empty() : tensor<64x64xf32>
  %dprobs = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ddropped, %mask : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e8 : tensor<64x64xf32>) {
  ^bb0(%g: f32, %mk: f32, %o: f32):
    %m = arith.mulf %g, %mk : f32
    linalg.yield %m : f32
  } -> tensor<64x64xf32> loc("attn.dropout.grad")
  // softmax backward: dscaled = probs * (dprobs - rowsum(dprobs * probs))
  %e9 = tensor.empty() : tensor<64xf32>
  %f9 = linalg.fill ins(%zero : f32) outs(%e9 : tensor<64xf32>) -> tensor<64xf32>
  %rowsum = linalg.generic {indexing_maps = [#id, #id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%dprobs, %probs : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f9 : tensor<64xf32>) {
  ^bb0(%g: f32, %p: f32, %acc: f32):
    %m = arith.mulf %g, %p : f32
    %a = arith.addf %acc, %m : f32
    linalg.yield %a : f32
  } -> tensor<64xf32> loc("attn.softmax.grad_sum")
  %e10 = tensor.empty() : tensor<64x64xf32>
  %dscores = linalg.generic {indexing_maps = [#id, #id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%dprobs, %probs, %rowsum : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>) outs(%e10 : tensor<64x64xf32>) {
  ^bb0(%g: f32, %p: f32, %r: f32, %o: f32):
    %d = arith.subf %g, %r : f32
    %m = arith.mulf %p, %d : f32
    %s = arith.mulf %m, %quarter : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32> loc("attn.softmax.grad")
  // dq = dscores k, dk = dscores^T q
  %e11 = tensor.empty() : tensor<64x16xf32>
  %f11 = linalg.fill ins(%zero : f32) outs(%e11 : tensor<64x16xf32>) -> tensor<64x16xf32>
  %dq = linalg.matmul ins(%dscores, %k : tensor<64x64xf32>, tensor<64x16xf32>)
      outs(%f11 : tensor<64x16xf32>) -> tensor<64x16xf32> loc("attn.scores.grad_q")
  %e12 = tensor.empty() : tensor<64x16xf32>
  %f12 = linalg.fill ins(%zero : f32) outs(%e12 : tensor<64x16xf32>) -> tensor<64x16xf32>
  %dk = linalg.matmul indexing_maps = [#lhsT, #rhs, #out]
      ins(%dscores, %q : tensor<64x64xf32>, tensor<64x16xf32>) outs(%f12 : tensor<64x16xf32>) -> tensor<64x16xf32> loc("attn.scores.grad_k")
  return %out, %dq, %dk, %dv : tensor<64x16xf32>, tensor<64x16xf32>, tensor<64x16xf32>, tensor<64x16xf32>
}
