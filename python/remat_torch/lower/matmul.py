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
    """a @ b (2-D, or 3-D batched) into a new zero-filled (or given) output,
    reading transposed operands through indexing maps."""
    shape, elem = L.out() if acc_init is None else (acc_init.shape, acc_init.elem)
    a, ta = _matmul_operand(L, a)
    b, tb = _matmul_operand(L, b)
    if a.elem != elem or b.elem != elem:
        L.error("matmul of %s x %s into %s is not supported" % (a.elem, b.elem, elem))
    init = acc_init or L.fn.filled(shape, elem, 0.0 if elem_is_float(elem) else 0)
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
        init.value, ttype(shape, elem), ttype(shape, elem)))
    return Tensor(name, shape, elem)


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
                (lambda bd, e: bd.binary("mul", e[0], bd.const(beta, c), c)), shape=shape, elem=elem)
    return matmul(L, a, b, acc_init=init)
