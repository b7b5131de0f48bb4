"""F.scaled_dot_product_attention as PyTorch 2.x traces it: on the CPU its
fused flash kernel and that kernel's backward, and the math path's
_safe_softmax (with dropout, or where no fused kernel applies); on a GPU
the flash, efficient and cuDNN kernels and their backwards.

The fused ops are written out as the attention a model writes by hand
(PyTorch's documented reference of SDPA): scores Q K^T as a batched
product, the scale, the causal or given mask as elementwise steps, a
softmax, P V. The backward is FlashAttention's: it reads what the fused
forward returns (Q, K, V, O and the rows' log-sum-exp), recomputes P from
the log-sum-exp, and forms dV = P^T dO, dP = dO V^T, dS = P (dP - rowsum(dO
O)), dQ = dS K, dK = dS^T Q, the scale applied to dS. Nothing of the
forward's L x S matrices is kept for backward, as with the fused kernel,
so the partition saves what PyTorch saves. Values match the fused kernel
within f32 rounding (it sums in blocks).
"""

import math

from ..mlir import prod
from .core import compute_elem, extract_slice, handles, insert_slice, norm_dim, rounded
from .matmul import matmul
from .normalization import softmax

NEG_INF = float("-inf")


def _widened(L, t, c):
    """`t` dense, in the compute type `c`."""
    t = L.fn.materialize(t)
    if t.elem == c:
        return t
    return L.ew([t], lambda bd, e: e[0], shape=t.shape, elem=c)


def _num_heads(q):
    return q.shape[-3] if len(q.shape) >= 3 else 1


def _exp_from(bd, x, m, c):
    """exp(x - m), 0 where m is -inf (a row masked whole, not NaN)."""
    return bd.select(bd.cmp("eq", m, bd.const(NEG_INF, c), c), bd.const(0.0, c),
                     bd.unary("math.exp", bd.binary("sub", x, m, c), c), c)


def _heads(L, t, heads, c):
    """(..., H, N, D) as (G, N, D) in type c, its heads repeated up to
    `heads` (grouped-query attention: head h reads h // (heads / H), as
    enable_gqa's repeat_interleave)."""
    t = _widened(L, t, c)
    lead, (n, d) = tuple(t.shape[:-2]), t.shape[-2:]
    if lead and lead[-1] != heads:
        h = lead[-1]
        if h == 0 or heads % h:
            L.error("scaled_dot_product_attention with %d query heads over %d key/value "
                    "heads (not a multiple) is not supported" % (heads, h))
        rep = heads // h
        t = t.unsqueezed(len(lead)).broadcast_to(lead + (rep, n, d))
        t = L.fn.reshape(L.fn.materialize(t), lead[:-1] + (heads, n, d))
        lead = lead[:-1] + (heads,)
    return L.fn.reshape(t, (prod(lead), n, d)), lead


def _scores(L, q, k, is_causal, attn_mask, scale, c):
    """The scaled and masked scores (G, Lq, S) in type c, their lead shape,
    the scale, and Q and K as (G, N, D) in type c."""
    q3, lead = _heads(L, q, _num_heads(q), c)
    k3, _ = _heads(L, k, _num_heads(q), c)
    g, lq, e = q3.shape
    s = k3.shape[1]
    if scale is None:
        scale = 1.0 / math.sqrt(e)
    x = matmul(L, q3, k3.permuted([0, 2, 1]), batch=True, out=((g, lq, s), c))
    x = L.ew([x], lambda bd, v: bd.binary("mul", v[0], bd.const(scale, c), c), shape=x.shape, elem=c)
    if is_causal:
        # The top-left aligned lower triangle, as torch.ones(L, S).tril().
        def causal(bd, v):
            above = bd.cmp("gt", bd.index(2), bd.index(1), "index")
            return bd.select(above, bd.const(NEG_INF, c), v[0], c)
        x = L.ew([x], causal, shape=x.shape, elem=c)
    if attn_mask is not None:
        full = tuple(lead) + (lq, s)
        x4 = L.fn.reshape(x, full)
        m = attn_mask.broadcast_to(full)
        if m.elem == "i1":  # True: take part
            x4 = L.ew([x4, m], lambda bd, v: bd.select(v[1], v[0], bd.const(NEG_INF, c), c),
                      shape=full, elem=c)
        else:
            x4 = L.ew([x4, m], lambda bd, v: bd.binary("add", v[0], v[1], c), shape=full, elem=c)
        x = L.fn.reshape(x4, (g, lq, s))
    return x, lead, scale, q3, k3


def _zero_whole_rows(L, p, x, dim):
    """p with the rows (along `dim`) where every score of x is -inf set to
    0, not NaN, as PyTorch 2.5+ defines attention over a fully masked row."""
    c = compute_elem(p.elem)
    rmax = L.reduce(x, [dim], True, kind="max")
    return L.ew([p, rmax], lambda bd, v: bd.select(
        bd.cmp("eq", v[1], bd.const(NEG_INF, c), c), bd.const(0.0, c), v[0], c),
        shape=p.shape, elem=p.elem)


def _check(L, dropout_p):
    if dropout_p:
        L.error("the fused CPU attention with dropout_p=%g (PyTorch's CPU kernel takes "
                "the math path for dropout)" % dropout_p)


@handles("_scaled_dot_product_flash_attention_for_cpu")
def h_sdpa_flash_cpu(L, q, k, v, dropout_p=0.0, is_causal=False, attn_mask=None, scale=None):
    _check(L, dropout_p)
    (o_shape, elem), (lse_shape, lse_elem) = L.out(0), L.out(1)
    o, lse = _forward_parts(L, q, k, v, is_causal, attn_mask, scale, o_shape, elem)
    return o, _as_lse(L, lse, lse_shape, lse_elem)


@handles("_scaled_dot_product_flash_attention_for_cpu_backward")
def h_sdpa_flash_cpu_backward(L, grad_out, q, k, v, out, logsumexp, dropout_p, is_causal,
                              attn_mask=None, scale=None):
    _check(L, dropout_p)
    (dq_shape, dq_elem), (dk_shape, dk_elem), (dv_shape, dv_elem) = L.out(0), L.out(1), L.out(2)
    c = compute_elem(dq_elem)
    x, lead, scale, q3, k3 = _scores(L, q, k, is_causal, attn_mask, scale, c)
    g, lq, s = x.shape
    heads = _num_heads(q)
    lse = L.fn.reshape(_widened(L, logsumexp, c), (g, lq, 1))
    # P recomputed from the log-sum-exp; 0 on rows masked whole (-inf).
    p = L.ew([x, lse.broadcast_to((g, lq, s))], lambda bd, t: _exp_from(bd, t[0], t[1], c),
             shape=x.shape, elem=c)
    do3, _ = _heads(L, grad_out, heads, c)
    o3, _ = _heads(L, out, heads, c)
    v3, _ = _heads(L, v, heads, c)
    ev, e = v3.shape[2], q3.shape[2]
    dv = matmul(L, p.permuted([0, 2, 1]), do3, batch=True, out=((g, s, ev), c))
    dp = matmul(L, do3, v3.permuted([0, 2, 1]), batch=True, out=((g, lq, s), c))
    d = L.reduce(L.ew([do3, o3], lambda bd, t: bd.binary("mul", t[0], t[1], c), shape=do3.shape, elem=c),
                 [2], True)
    ds = L.ew([p, dp, d.broadcast_to((g, lq, s))], lambda bd, t: bd.binary(
        "mul", bd.binary("mul", t[0], bd.binary("sub", t[1], t[2], c), c), bd.const(scale, c), c),
        shape=x.shape, elem=c)
    dq = matmul(L, ds, k3, batch=True, out=((g, lq, e), c))
    dk = matmul(L, ds.permuted([0, 2, 1]), q3, batch=True, out=((g, s, e), c))

    def back(t, shape, elem):
        # (G, N, D) to the input's shape, summed over repeated heads (GQA).
        n, dd = t.shape[1:]
        heads_in = shape[-3] if len(shape) >= 3 else 1
        if heads_in != heads:
            rep = heads // heads_in
            t = L.fn.reshape(t, tuple(lead[:-1]) + (heads_in, rep, n, dd))
            t = L.reduce(t, [len(lead)], False)
        return L.fn.reshape(rounded(L, L.fn.materialize(t), elem), shape)
    return back(dq, dq_shape, dq_elem), back(dk, dk_shape, dk_elem), back(dv, dv_shape, dv_elem)


@handles("_safe_softmax")
def h_safe_softmax(L, a, dim, dtype=None):
    """softmax whose rows of -inf scores give 0, not NaN (PyTorch 2.5+'s
    math attention); its gradient is _softmax_backward_data's."""
    p = softmax(L, a, dim, L.out()[1])
    return _zero_whole_rows(L, p, a, norm_dim(dim, len(p.shape)))


# The GPU kernels (a trace on a GPU: remat_torch.compile there), lowered
# for the partition's decisions and the memory model, which read shapes and
# data flow: the same attention, the same FlashAttention backward. Their
# random-number state outputs are zeros (what dropout's philox state
# would be), so dropout is refused: its mask lives inside the kernel.

def _forward_parts(L, q, k, v, is_causal, attn_mask, scale, o_shape, elem):
    """O (in o_shape, elem) and the rows' log-sum-exp (G, L, 1) in the compute type."""
    c = compute_elem(elem)
    x, _, scale, _, _ = _scores(L, q, k, is_causal, attn_mask, scale, c)
    p = softmax(L, x, -1, c)
    if attn_mask is not None:
        p = _zero_whole_rows(L, p, x, 2)
    v3, _ = _heads(L, v, _num_heads(q), c)
    g, lq, _ = x.shape
    o = matmul(L, p, v3, batch=True, out=((g, lq, v3.shape[2]), c))
    o = L.fn.reshape(rounded(L, o, elem), o_shape)
    rmax = L.reduce(x, [2], True, kind="max")
    ex = L.ew([x, rmax], lambda bd, t: _exp_from(bd, t[0], t[1], c), shape=x.shape, elem=c)
    total = L.reduce(ex, [2], True)
    lse = L.ew([rmax, total], lambda bd, t: bd.binary("add", t[0], bd.unary("math.log", t[1], c), c),
               shape=rmax.shape, elem=c)
    return o, lse


def _as_lse(L, lse, shape, elem):
    """(G, L, 1) as the kernel's log-sum-exp output: (..., L), (..., L, 1),
    or padded along L (the efficient kernel's multiple of 32) with -inf."""
    shape = tuple(shape)
    lse = rounded(L, L.fn.materialize(lse), elem)
    if prod(shape) == prod(lse.shape):  # (..., L), or cuDNN's (..., L, 1)
        return L.fn.reshape(lse, shape)
    lse = L.fn.reshape(lse, shape[:-1] + (lse.shape[1],))
    return insert_slice(L, lse, L.fn.filled(shape, elem, NEG_INF), [0] * len(shape),
                        list(lse.shape), [1] * len(shape))


def _zeros_like_out(L, idx):
    """A zero tensor for the node's output idx (random-number state, debug
    masks), or the output itself where it is not a tensor (sizes)."""
    import torch
    v = L.meta.get(L.node)[idx]
    if not isinstance(v, torch.Tensor):
        return v
    if v.dtype in (torch.uint64, torch.uint32, torch.uint16):
        return None  # the flash kernel's philox state: only its backward reads it
    shape, elem = L.out(idx)
    return L.fn.filled(shape, elem, 0.0 if elem.startswith(("f", "bf")) else 0)


def _gpu_forward(L, q, k, v, dropout_p, is_causal, attn_mask, scale, extra):
    if dropout_p:
        L.error("scaled_dot_product_attention's GPU kernel with dropout_p=%g: its dropout mask "
                "is drawn inside the kernel, which the lowering cannot reproduce" % dropout_p)
    (o_shape, elem), (lse_shape, lse_elem) = L.out(0), L.out(1)
    o, lse = _forward_parts(L, q, k, v, is_causal, attn_mask, scale, o_shape, elem)
    return (o, _as_lse(L, lse, lse_shape, lse_elem)) + tuple(_zeros_like_out(L, i) for i in extra)


@handles("_scaled_dot_product_flash_attention")
def h_sdpa_flash(L, q, k, v, dropout_p=0.0, is_causal=False, return_debug_mask=False, scale=None):
    return _gpu_forward(L, q, k, v, dropout_p, is_causal, None, scale, range(2, 9))


@handles("_scaled_dot_product_efficient_attention")
def h_sdpa_efficient(L, q, k, v, attn_bias, compute_log_sumexp, dropout_p=0.0, is_causal=False,
                     scale=None):
    return _gpu_forward(L, q, k, v, dropout_p, is_causal, attn_bias, scale, range(2, 4))


@handles("_scaled_dot_product_cudnn_attention")
def h_sdpa_cudnn(L, q, k, v, attn_bias, compute_log_sumexp, dropout_p=0.0, is_causal=False,
                 return_debug_mask=False, scale=None):
    return _gpu_forward(L, q, k, v, dropout_p, is_causal, attn_bias, scale, range(2, 9))


def _gpu_backward(L, grad_out, q, k, v, out, logsumexp, dropout_p, is_causal, attn_mask, scale):
    if dropout_p:
        L.error("scaled_dot_product_attention's GPU backward with dropout_p=%g (see its forward)"
                % dropout_p)
    lq = q.shape[-2]
    if len(logsumexp.shape) == len(q.shape):  # cuDNN's (..., L, 1)
        logsumexp = L.fn.reshape(L.fn.materialize(logsumexp), tuple(logsumexp.shape[:-1]))
    if logsumexp.shape[-1] != lq:  # the efficient kernel's padding
        rank = len(logsumexp.shape)
        logsumexp = L.fn.materialize(extract_slice(L, logsumexp, [0] * rank,
                                                   list(logsumexp.shape[:-1]) + [lq], [1] * rank))
    return h_sdpa_flash_cpu_backward(L, grad_out, q, k, v, out, logsumexp, 0.0, is_causal,
                                     attn_mask=attn_mask, scale=scale)


@handles("_scaled_dot_product_flash_attention_backward")
def h_sdpa_flash_backward(L, grad_out, q, k, v, out, logsumexp, cum_seq_q, cum_seq_k, max_q, max_k,
                          dropout_p, is_causal, philox_seed, philox_offset, scale=None):
    return _gpu_backward(L, grad_out, q, k, v, out, logsumexp, dropout_p, is_causal, None, scale)


@handles("_scaled_dot_product_efficient_attention_backward")
def h_sdpa_efficient_backward(L, grad_out, q, k, v, attn_bias, out, logsumexp, philox_seed,
                              philox_offset, dropout_p, grad_input_mask, is_causal=False, scale=None):
    if len(grad_input_mask) > 3 and grad_input_mask[3]:
        L.error("scaled_dot_product_attention with a mask that needs a gradient is not supported")
    grads = _gpu_backward(L, grad_out, q, k, v, out, logsumexp, dropout_p, is_causal, attn_bias, scale)
    return tuple(grads) + (None,)


@handles("_scaled_dot_product_cudnn_attention_backward")
def h_sdpa_cudnn_backward(L, grad_out, q, k, v, out, logsumexp, philox_seed, philox_offset, attn_bias,
                          cum_seq_q, cum_seq_k, max_q, max_k, dropout_p, is_causal, scale=None):
    return _gpu_backward(L, grad_out, q, k, v, out, logsumexp, dropout_p, is_causal, attn_bias, scale)
