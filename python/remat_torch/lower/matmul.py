"""Matrix products: mm, bmm, addmm as linalg.matmul / linalg.batch_matmul,
reading transposed operands through indexing maps.
"""

from ..mlir import Tensor, elem_is_float, ttype
from .core import compute_elem, handles, norm_dim, rounded


def _matmul_operand(L, t):
    """Operand of a (batch_)matmul: a dense value, possibly read with its
    last two dims swapped (the matmul's indexing maps absorb that)."""
    if t.dense:
        return t, False
    n = len(t.shape)
    if len(t.base_shape) == n and t.view == list(range(n - 2)) + [n - 1, n - 2]:
        return t, True
    return L.fn.materialize(t), False


def matmul(L, a, b, batch=False, acc_init=None, out=None):
    """a @ b (2-D, or 3-D batched) into a new zero-filled (or given, in the
    compute type) output, reading transposed operands through indexing
    maps. Half types accumulate in f32 (the named op extends its operands)
    and the result is rounded, as PyTorch's CPU GEMMs do. `out`: the
    result's (shape, elem), when it is not the current node's."""
    shape, elem = out or L.out()
    c = compute_elem(elem)
    a, ta = _matmul_operand(L, a)
    b, tb = _matmul_operand(L, b)
    if a.elem != elem or b.elem != elem:
        # Eager PyTorch refuses these too ("expected scalar type BFloat16
        # but found Float"): the model mixes dtypes, typically a mask or a
        # constant created in f32 inside a model converted to bf16.
        L.error("matmul of %s x %s into %s: the operands' dtypes differ, which "
                "PyTorch's own kernels refuse as well; create the f32 operand in "
                "the model's dtype (e.g. a mask with .to(x.dtype))"
                % (a.elem, b.elem, elem))
    init = acc_init or L.fn.filled(shape, c, 0.0 if elem_is_float(c) else 0)
    if batch:
        dims = "(b, m, n, k)"
        am = "(b, k, m)" if ta else "(b, m, k)"
        bm = "(b, n, k)" if tb else "(b, k, n)"
        om = "(b, m, n)"
        op = "linalg.batch_matmul"
    else:
        dims = "(m, n, k)"
        am = "(k, m)" if ta else "(m, k)"
        bm = "(n, k)" if tb else "(k, n)"
        om = "(m, n)"
        op = "linalg.matmul"
    maps = ""
    if ta or tb:
        maps = " indexing_maps = [affine_map<%s -> %s>, affine_map<%s -> %s>, affine_map<%s -> %s>]" % (
            dims, am, dims, bm, dims, om)
    name = L.fn.fresh("mm")
    L.fn.line("%s = %s%s ins(%s, %s : %s, %s) outs(%s : %s) -> %s" % (
        name, op, maps, a.value, b.value, ttype(a.base_shape, a.elem), ttype(b.base_shape, b.elem),
        init.value, ttype(shape, c), ttype(shape, c)))
    r = Tensor(name, shape, c)
    return rounded(L, r, elem)


@handles("mm")
def h_mm(L, a, b):
    return matmul(L, a, b)


@handles("bmm")
def h_bmm(L, a, b):
    return matmul(L, a, b, batch=True)


@handles("addmm")
def h_addmm(L, bias, a, b, beta=1, alpha=1):
    shape, elem = L.out()
    if alpha != 1:
        L.error("addmm with alpha != 1 is not supported")
    c = compute_elem(elem)
    # The product accumulates onto beta*bias, as one GEMM with C = bias.
    init = L.ew([bias], (lambda bd, e: e[0]) if beta == 1 else
                (lambda bd, e: bd.binary("mul", e[0], bd.const(beta, c), c)), shape=shape, elem=c)
    return matmul(L, a, b, acc_init=init)


@handles("mv")
def h_mv(L, a, v):
    """out[i] = sum_j a[i, j] * v[j]."""
    shape, elem = L.out()
    c = compute_elem(elem)
    init = L.fn.filled(shape, c, 0.0 if elem_is_float(c) else 0)

    def body(bd, x):
        return [bd.binary("add", x[2], bd.binary("mul", bd.cast(x[0], a.elem, c), bd.cast(x[1], v.elem, c), c), c)]
    r = L.fn.generic([(shape, c)], [(a, a.base_exprs(["d0", "d1"])), (v, v.base_exprs(["d1"]))], body,
                     reduce_dims=[a.shape[1]], inits=[init])[0]
    return rounded(L, r, elem)


@handles("baddbmm")
def h_baddbmm(L, bias, a, b, beta=1, alpha=1):
    """beta * bias + alpha * (a @ b), batched (nn.MultiheadAttention with a
    mask, BLOOM's ALiBi): the product into a zero fill, scaled, then added
    to the bias, in PyTorch's order (beta * r + alpha * acc). Written as
    separate steps, scores in this form are attention that
    -remat-tile-attention recognizes (Q K^T, x * c, x + a float mask)."""
    shape, elem = L.out()
    c = compute_elem(elem)
    prod_ = matmul(L, a, b, batch=True)
    if alpha != 1:
        prod_ = L.ew([prod_], lambda bd, e: bd.binary("mul", e[0], bd.const(float(alpha), c), c),
                     shape=shape, elem=c)
    if beta == 0:  # PyTorch ignores the bias then (even NaN in it)
        return rounded(L, prod_, elem)
    return L.ew([prod_, bias], lambda bd, e: bd.binary("add", e[0], e[1] if beta == 1 else bd.binary(
        "mul", e[1], bd.const(float(beta), c), c), c), shape=shape, elem=elem)


@handles("dot")
def h_dot(L, a, b):
    """torch.dot of two vectors (spectral norm's sigma = u . W v): the sum
    of the products, accumulated in the compute type."""
    shape, elem = L.out()
    c = compute_elem(elem)
    prod_ = L.ew([a, b], lambda bd, e: bd.binary("mul", e[0], e[1], c), shape=tuple(a.shape), elem=c)
    return L.reduce(prod_, [0], False, elem=elem)


# -- torch.cdist (p = 2): prototype networks, k-NN losses -------------------------

def _cdist_setup(L, x1, x2, p):
    """Dense operands, the result's (shape, elem, compute type), its batch
    loop names, the zero accumulator."""
    if p != 2.0:
        L.error("cdist with p=%s is not supported (p=2 is)" % p)
    if len(x1.shape) != len(x2.shape) or tuple(x1.shape[:-2]) != tuple(x2.shape[:-2]):
        L.error("cdist of %s and %s: batch dims must match" % (tuple(x1.shape), tuple(x2.shape)))
    shape, elem = L.out()
    c = compute_elem(elem)
    batch = ["d%d" % k for k in range(len(shape) - 2)]
    return L.fn.materialize(x1), L.fn.materialize(x2), shape, elem, c, batch, L.fn.filled(shape, c, 0.0)


@handles("_cdist_forward")
def h_cdist(L, x1, x2, p, compute_mode=None):
    """dist[..., i, j] = sqrt(sum_m (x1[..., i, m] - x2[..., j, m])^2),
    summed directly (PyTorch's matmul form for large inputs rounds
    differently, within float tolerance)."""
    x1, x2, shape, elem, c, b, init = _cdist_setup(L, x1, x2, p)
    nb = len(b)
    i, j, m = "d%d" % nb, "d%d" % (nb + 1), "d%d" % (nb + 2)

    def body(bd, a):
        diff = bd.binary("sub", bd.cast(a[0], x1.elem, c), bd.cast(a[1], x2.elem, c), c)
        return [bd.binary("add", a[2], bd.binary("mul", diff, diff, c), c)]
    sq = L.fn.generic([(shape, c)], [(x1, b + [i, m]), (x2, b + [j, m])], body,
                      reduce_dims=[x1.shape[-1]], inits=[init])[0]
    return L.ew([sq], lambda bd, e: bd.unary("math.sqrt", e[0], c), shape=shape, elem=elem)


@handles("_cdist_backward")
def h_cdist_backward(L, g, x1, x2, p, dist):
    """d/dx1[..., i, m] = sum_j g[..., i, j] (x1[..., i, m] - x2[..., j, m])
    / dist[..., i, j], 0 where the distance is 0 (PyTorch's kernel)."""
    x1, x2, shape, elem, c, b, init = _cdist_setup(L, x1, x2, p)
    g, dist = L.fn.materialize(g), L.fn.materialize(dist)
    nb = len(b)
    i, m, j = "d%d" % nb, "d%d" % (nb + 1), "d%d" % (nb + 2)

    def body(bd, a):
        ge, xe, ye, de = [bd.cast(v, t.elem, c) for v, t in zip(a[:4], (g, x1, x2, dist))]
        diff = bd.binary("sub", xe, ye, c)
        zero = bd.const(0.0, c)
        term = bd.binary("div", bd.binary("mul", ge, diff, c), de, c)
        term = bd.select(bd.cmp("eq", de, zero, c), zero, term, c)
        return [bd.binary("add", a[4], term, c)]
    out = L.fn.generic([(shape, c)], [(g, b + [i, j]), (x1, b + [i, m]), (x2, b + [j, m]),
                                      (dist, b + [i, j])], body,
                       reduce_dims=[x2.shape[-2]], inits=[init])[0]
    return rounded(L, out, elem)


@handles("_trilinear")
def h_trilinear(L, i1, i2, i3, expand1, expand2, expand3, sumdim, unroll_dim=1):
    """aten._trilinear (nn.Bilinear and its backward): each input unsqueezed
    at its expand dims to one rank R, the three multiplied with
    broadcasting, summed over sumdim (those dims dropped). One generic: the
    kept dims parallel, the summed ones reduced."""
    shape, elem = L.out()
    c = compute_elem(elem)
    ins = [L.fn.materialize(t) for t in (i1, i2, i3)]
    rank = len(ins[0].shape) + len(expand1)
    summed = sorted(set(norm_dim(d, rank) for d in sumdim))
    kept = [p for p in range(rank) if p not in summed]
    loop = {p: "d%d" % k for k, p in enumerate(kept)}
    loop.update({p: "d%d" % (len(kept) + k) for k, p in enumerate(summed)})
    size = [1] * rank
    operands = []
    for t, expand in zip(ins, (expand1, expand2, expand3)):
        expand = set(norm_dim(d, rank) for d in expand)
        positions = [p for p in range(rank) if p not in expand]
        if len(positions) != len(t.shape):
            L.error("_trilinear: an input of rank %d with %d expand dims for rank %d" % (
                len(t.shape), len(expand), rank))
        exprs = []
        for p, n in zip(positions, t.shape):
            size[p] = max(size[p], n)
            exprs.append(loop[p] if n > 1 else "0")
        operands.append((t, exprs))
    init = L.fn.filled(shape, c, 0.0)

    def body(bd, a):
        x, y, z = [bd.cast(v, t.elem, c) for v, t in zip(a[:3], ins)]
        return [bd.binary("add", a[3], bd.binary("mul", bd.binary("mul", x, y, c), z, c), c)]
    out = L.fn.generic([(shape, c)], operands, body, reduce_dims=[size[p] for p in summed],
                       inits=[init])[0]
    return rounded(L, out, elem)
