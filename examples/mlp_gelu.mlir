// A two-layer MLP with GELU, forward and backward in one function, the way
// PyTorch's AOTAutograd joint graph or jax.grad would hand it to remat.
//
//   forward:   b = x @ W1        (16x64 -> 16x256)
//              c = gelu(b)       (tanh approximation)
//              d = c @ W2        (16x256 -> 16x64)
//   backward:  dd arrives as the cotangent of d
//              dW2 = c^T @ dd    (needs c)
//              dc  = dd @ W2^T
//              db  = dc * gelu'(b) (needs b)
//              dW1 = x^T @ db,  dx = db @ W1^T
//
// Without rematerialization both b and c are kept from forward to backward.

#matT_lhs = affine_map<(m, n, k) -> (k, m)>
#matT_rhs = affine_map<(m, n, k) -> (n, k)>
#mat_lhs = affine_map<(m, n, k) -> (m, k)>
#mat_rhs = affine_map<(m, n, k) -> (k, n)>
#mat_out = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(i, j) -> (i, j)>

func.func @mlp_train(%x: tensor<16x64xf32>, %w1: tensor<64x256xf32>,
                     %w2: tensor<256x64xf32>,
                     %dd: tensor<16x64xf32> {remat.cotangent})
    -> (tensor<16x64xf32>, tensor<16x64xf32>, tensor<64x256xf32>,
        tensor<256x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %three = arith.constant 3.0 : f32
  %k0 = arith.constant 0.7978845608 : f32
  %k1 = arith.constant 0.044715 : f32

  // ---- forward ----
  %e_b = tensor.empty() : tensor<16x256xf32>
  %z_b = linalg.fill ins(%zero : f32) outs(%e_b : tensor<16x256xf32>) -> tensor<16x256xf32>
  %b = linalg.matmul ins(%x, %w1 : tensor<16x64xf32>, tensor<64x256xf32>)
                     outs(%z_b : tensor<16x256xf32>) -> tensor<16x256xf32> loc("mlp.fc1")
  %e_c = tensor.empty() : tensor<16x256xf32>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<16x256xf32>) outs(%e_c : tensor<16x256xf32>) {
  ^bb0(%v: f32, %out: f32):
    %v2 = arith.mulf %v, %v : f32
    %v3 = arith.mulf %v2, %v : f32
    %a = arith.mulf %k1, %v3 : f32
    %s = arith.addf %v, %a : f32
    %u = arith.mulf %k0, %s : f32
    %t = math.tanh %u : f32
    %p = arith.addf %one, %t : f32
    %h = arith.mulf %half, %v : f32
    %g = arith.mulf %h, %p : f32
    linalg.yield %g : f32
  } -> tensor<16x256xf32> loc("mlp.gelu")
  %e_d = tensor.empty() : tensor<16x64xf32>
  %z_d = linalg.fill ins(%zero : f32) outs(%e_d : tensor<16x64xf32>) -> tensor<16x64xf32>
  %d = linalg.matmul ins(%c, %w2 : tensor<16x256xf32>, tensor<256x64xf32>)
                     outs(%z_d : tensor<16x64xf32>) -> tensor<16x64xf32> loc("mlp.fc2")

  // ---- backward ----
  // dW2 = c^T @ dd
  %e_dw2 = tensor.empty() : tensor<256x64xf32>
  %z_dw2 = linalg.fill ins(%zero : f32) outs(%e_dw2 : tensor<256x64xf32>) -> tensor<256x64xf32>
  %dw2 = linalg.matmul indexing_maps = [#matT_lhs, #mat_rhs, #mat_out]
      ins(%c, %dd : tensor<16x256xf32>, tensor<16x64xf32>)
      outs(%z_dw2 : tensor<256x64xf32>) -> tensor<256x64xf32> loc("mlp.fc2.grad_weight")
  // dc = dd @ W2^T
  %e_dc = tensor.empty() : tensor<16x256xf32>
  %z_dc = linalg.fill ins(%zero : f32) outs(%e_dc : tensor<16x256xf32>) -> tensor<16x256xf32>
  %dc = linalg.matmul indexing_maps = [#mat_lhs, #matT_rhs, #mat_out]
      ins(%dd, %w2 : tensor<16x64xf32>, tensor<256x64xf32>)
      outs(%z_dc : tensor<16x256xf32>) -> tensor<16x256xf32> loc("mlp.fc2.grad_input")
  // db = dc * gelu'(b)
  %e_db = tensor.empty() : tensor<16x256xf32>
  %db = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b, %dc : tensor<16x256xf32>, tensor<16x256xf32>) outs(%e_db : tensor<16x256xf32>) {
  ^bb0(%v: f32, %g: f32, %out: f32):
    %v2 = arith.mulf %v, %v : f32
    %v3 = arith.mulf %v2, %v : f32
    %a = arith.mulf %k1, %v3 : f32
    %s = arith.addf %v, %a : f32
    %u = arith.mulf %k0, %s : f32
    %t = math.tanh %u : f32
    %p = arith.addf %one, %t : f32
    %l = arith.mulf %half, %p : f32
    %t2 = arith.mulf %t, %t : f32
    %q = arith.subf %one, %t2 : f32
    %k13 = arith.mulf %three, %k1 : f32
    %w = arith.mulf %k13, %v2 : f32
    %wp = arith.addf %one, %w : f32
    %du = arith.mulf %k0, %wp : f32
    %r0 = arith.mulf %half, %v : f32
    %r1 = arith.mulf %r0, %q : f32
    %r = arith.mulf %r1, %du : f32
    %dg = arith.addf %l, %r : f32
    %res = arith.mulf %g, %dg : f32
    linalg.yield %res : f32
  } -> tensor<16x256xf32> loc("mlp.gelu.grad")
  // dW1 = x^T @ db
  %e_dw1 = tensor.empty() : tensor<64x256xf32>
  %z_dw1 = linalg.fill ins(%zero : f32) outs(%e_dw1 : tensor<64x256xf32>) -> tensor<64x256xf32>
  %dw1 = linalg.matmul indexing_maps = [#matT_lhs, #mat_rhs, #mat_out]
      ins(%x, %db : tensor<16x64xf32>, tensor<16x256xf32>)
      outs(%z_dw1 : tensor<64x256xf32>) -> tensor<64x256xf32> loc("mlp.fc1.grad_weight")
  // dx = db @ W1^T
  %e_dx = tensor.empty() : tensor<16x64xf32>
  %z_dx = linalg.fill ins(%zero : f32) outs(%e_dx : tensor<16x64xf32>) -> tensor<16x64xf32>
  %dx = linalg.matmul indexing_maps = [#mat_lhs, #matT_rhs, #mat_out]
      ins(%db, %w1 : tensor<16x256xf32>, tensor<64x256xf32>)
      outs(%z_dx : tensor<16x64xf32>) -> tensor<16x64xf32> loc("mlp.fc1.grad_input")
  return %d, %dx, %dw1, %dw2 : tensor<16x64xf32>, tensor<16x64xf32>, tensor<64x256xf32>, tensor<256x64xf32>
}
