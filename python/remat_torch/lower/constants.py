"""Tensors the graph creates: zeros, ones, full and their `_like`/`new_`
forms, scalar_tensor, arange, linspace, hann and hamming windows.
"""

import math

from ..mlir import Tensor, elem_is_float
from .core import handles, index_i64


@handles("empty_like", "zeros_like", "new_empty", "new_zeros", "empty", "zeros",
         "new_empty_strided", "empty_strided", "zero")
def h_zeros(L, *args, **kwargs):
    shape, elem = L.out()
    return L.fn.filled(shape, elem, 0.0 if elem_is_float(elem) else 0)


@handles("ones_like", "new_ones", "ones")
def h_ones(L, *args, **kwargs):
    shape, elem = L.out()
    return L.fn.filled(shape, elem, 1.0 if elem_is_float(elem) else 1)


@handles("full", "full_like", "new_full", "scalar_tensor", "fill")
def h_full(L, *args, **kwargs):
    shape, elem = L.out()
    name = str(L.node.target).split(".")[1].rstrip("_")
    value = {"full": 1, "full_like": 1, "new_full": 2, "scalar_tensor": 0, "fill": 1}[name]
    value = args[value] if len(args) > value else kwargs.get("fill_value", kwargs.get("value"))
    if isinstance(value, Tensor):
        return L.ew([value], lambda bd, e: e[0], shape=shape, elem=elem)
    return L.fn.filled(shape, elem, value)


@handles("arange")
def h_arange(L, *args, **kwargs):
    shape, elem = L.out()
    nums = [a for a in args if isinstance(a, (int, float))]
    start, step = (nums[0], nums[2] if len(nums) > 2 else 1) if len(nums) >= 2 else (0, 1)
    c = "f64" if elem_is_float(elem) else "i64"

    def body(bd, a):
        i = bd.emit("arith.index_cast %s : index to i64" % bd.index(0))
        i = bd.cast(i, "i64", c)
        v = bd.binary("add", bd.const(start, c), bd.binary("mul", i, bd.const(step, c), c), c)
        return [bd.cast(v, c, elem)]

    return L.fn.generic([(shape, elem)], [], body)[0]


@handles("iota")
def h_iota(L, length, *, start=0, step=1, **kwargs):
    """prims.iota (Inductor's decompositions of arange): start + step * i."""
    return h_arange(L, start, start + step * length, step)


@handles("linspace")
def h_linspace(L, start, end, steps, **kwargs):
    """torch.linspace as PyTorch's CPU kernel computes it: step = (end -
    start) / (steps - 1) in the result type; the first half start + step*i,
    the second half end - step*(steps - 1 - i)."""
    shape, elem = L.out()
    if not isinstance(start, (int, float)) or not isinstance(end, (int, float)):
        L.error("linspace with tensor bounds is not supported")
    c = elem if elem_is_float(elem) else "f64"
    if steps <= 1:
        return L.fn.filled(shape, elem, start)
    half = steps // 2

    def body(bd, a):
        i = bd.cast(index_i64(bd, 0), "i64", c)
        step = bd.binary("div", bd.binary("sub", bd.const(float(end), c), bd.const(float(start), c), c),
                         bd.const(float(steps - 1), c), c)
        first = bd.binary("add", bd.const(float(start), c), bd.binary("mul", step, i, c), c)
        back = bd.binary("sub", bd.const(float(steps - 1), c), i, c)
        second = bd.binary("sub", bd.const(float(end), c), bd.binary("mul", step, back, c), c)
        low = bd.cmp("lt", i, bd.const(float(half), c), c)
        return [bd.cast(bd.select(low, first, second, c), c, elem)]
    return L.fn.generic([(shape, elem)], [], body)[0]


@handles("hann_window", "hamming_window")
def h_window(L, n, periodic=True, alpha=None, beta=None, **kwargs):
    """torch.hann_window / hamming_window: alpha - beta cos(2 pi i / M), M =
    n if periodic else n - 1 (hann: alpha = beta = 0.5; hamming: 0.54,
    0.46), computed in f64 and rounded."""
    shape, elem = L.out()
    hann = "hann" in str(L.node.target)
    alpha = 0.5 if hann else (0.54 if alpha is None else alpha)
    beta = 0.5 if hann else (0.46 if beta is None else beta)
    m = n if periodic else n - 1
    if n == 1 or m == 0:
        return L.fn.filled(shape, elem, 1.0)

    def body(bd, a):
        i = bd.cast(index_i64(bd, 0), "i64", "f64")
        x = bd.binary("mul", i, bd.const(2.0 * math.pi / m, "f64"), "f64")
        v = bd.binary("sub", bd.const(float(alpha), "f64"),
                      bd.binary("mul", bd.const(float(beta), "f64"), bd.unary("math.cos", x, "f64"), "f64"), "f64")
        return [bd.cast(v, "f64", elem)]
    return L.fn.generic([(shape, elem)], [], body)[0]


@handles("eye")
def h_eye(L, n, m=None, **kwargs):
    """torch.eye(n[, m]): 1 on the diagonal (SimCLR's self-similarity mask)."""
    shape, elem = L.out()
    one = True if elem == "i1" else (1.0 if elem_is_float(elem) else 1)
    zero = False if elem == "i1" else (0.0 if elem_is_float(elem) else 0)

    def body(bd, a):
        same = bd.emit("arith.cmpi eq, %s, %s : index" % (bd.index(0), bd.index(1)))
        return [bd.select(same, bd.const(one, elem), bd.const(zero, elem), elem)]
    return L.fn.generic([(shape, elem)], [], body)[0]
