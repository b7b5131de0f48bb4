"""Matrix products: mm, bmm, addmm as linalg.matmul / linalg.batch_matmul,
reading transposed operands through indexing maps.
"""

from ..mlir import Tensor, elem_is_float, ttype
from .core import compute_elem, handles


def _matmul_operand(L, t):
    """Operand of a (batch_)matmul: a dense value, possibly read with its
    last two dims swapped (the matmul's indexing maps absorb that)."""
    if t.dense:
        return t, False
    n = len(t.shape)
    if len(t.base_shape) == n and t.view == list(range(n - 2)) + [n - 1, n - 2]:
        return t, True
    return L.fn.materialize(t), False


def matmul(L, a, b, batch=False, acc_init=None):
    """a @ b (2-D, or 3-D batched) into a new zero-filled (or given, in the
    compute type) output, reading transposed operands through indexing
    maps. Half types accumulate in f32 (the named op extends its operands)
    and the result is rounded, as PyTorch's CPU GEMMs do."""
    shape, elem = L.out()
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
    return r if c == elem else L.ew([r], lambda bd, e: e[0], shape=shape, elem=elem)


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
    return r if c == elem else L.ew([r], lambda bd, e: e[0], shape=shape, elem=elem)


@handles("baddbmm")
def h_baddbmm(L, bias, a, b, beta=1, alpha=1):
    """beta * bias + alpha * (a @ b), batched (nn.MultiheadAttention with a
    mask): the product accumulates onto beta * bias when alpha is 1."""
    shape, elem = L.out()
    c = compute_elem(elem)
    init = L.ew([bias], (lambda bd, e: e[0]) if beta == 1 else
                (lambda bd, e: bd.binary("mul", e[0], bd.const(float(beta), c), c)), shape=shape, elem=c)
    if alpha == 1:
        return matmul(L, a, b, batch=True, acc_init=init)
    prod_ = matmul(L, a, b, batch=True)
    return L.ew([init, prod_], lambda bd, e: bd.binary("add", e[0], bd.binary(
        "mul", e[1], bd.const(float(alpha), c), c), c))
