"""Reductions: sum, mean, amax, amin, var, std, max/min (of all elements, over a
dim with indices, and elementwise).
"""

from ..mlir import Tensor, elem_is_float, prod
from .core import compute_elem, handles, norm_dim, norm_dims, out_compute, square


@handles("sum")
def h_sum(L, a, dims=None, keepdim=False, dtype=None):
    shape, elem = L.out()
    return L.reduce(a, dims, keepdim, "add", elem=elem)


@handles("mean")
def h_mean(L, a, dims=None, keepdim=False, dtype=None):
    shape, elem = L.out()
    rank = len(a.shape)
    n = prod(a.shape[d] for d in norm_dims(dims, rank))
    s = L.reduce(a, dims, keepdim, "add", elem=compute_elem(elem))
    c = compute_elem(elem)
    return L.ew([s], lambda bd, e: bd.binary("div", e[0], bd.const(float(n), c), c))


@handles("amax")
def h_amax(L, a, dims=None, keepdim=False):
    return L.reduce(a, dims, keepdim, "max")


@handles("amin")
def h_amin(L, a, dims=None, keepdim=False):
    return L.reduce(a, dims, keepdim, "min")


@handles("count_nonzero")
def h_count_nonzero(L, a, dims=None):
    c = compute_elem(a.elem)
    # x != 0 in x's own type (a 0.5 counts), then summed in int64.
    nz = L.ew([a], lambda bd, e: bd.cast(bd.cmp("ne", e[0], bd.const(0.0 if elem_is_float(c) else 0, c), c),
                                         "i1", "i64"), shape=a.shape, elem="i64", compute=c, yields="i64")
    return L.reduce(nz, dims, False, "add", elem="i64")


def _variance(L, a, dims, correction, keepdim, sqrt, out=None):
    shape, elem = out or L.out()
    c = compute_elem(elem)
    rank = len(a.shape)
    dims = norm_dims(dims, rank)
    n = prod(a.shape[d] for d in dims)
    mean = L.ew([L.reduce(a, dims, True, elem=c)], lambda bd, e: bd.binary("div", e[0], bd.const(float(n), c), c),
                shape=tuple(1 if k in dims else a.shape[k] for k in range(rank)), elem=c)
    ss = L.reduce(L.ew([a, mean], lambda bd, e: square(bd, bd.binary("sub", e[0], e[1], c), c),
                       shape=a.shape, elem=c), dims, keepdim, elem=c)
    denom = float(max(n - correction, 0))

    def f(bd, e):
        v = bd.binary("div", e[0], bd.const(denom, c), c)
        return bd.unary("math.sqrt", v, c) if sqrt else v
    return L.ew([ss], f, shape=shape, elem=elem)


def _var_std(sqrt):
    """var / std in all overloads: (x, unbiased), (x, dims, unbiased,
    keepdim), (x, dims, correction=, keepdim=)."""
    def h(L, a, *args, correction=None, keepdim=False, unbiased=None, out=None):
        args = list(args)
        if args and isinstance(args[0], bool):  # var(x, unbiased)
            unbiased, args = args[0], args[1:]
        dims = args[0] if args else None
        if len(args) > 1:
            if isinstance(args[1], bool) and correction is None:
                unbiased = args[1]
            else:
                correction = args[1]
        if len(args) > 2:
            keepdim = args[2]
        if correction is None:
            correction = 0 if unbiased is False else 1
        return _variance(L, a, dims, correction, keepdim, sqrt, out=out)
    return h


handles("var")(_var_std(False))
handles("std")(_var_std(True))


def _arg_extreme(kind):
    """max.dim / min.dim: (values, indices), the first extreme wins and NaN
    propagates (PyTorch's CPU kernel)."""
    def h(L, a, dim, keepdim=False, shapes=None):
        (vshape, elem), (ishape, ielem) = shapes or (L.out(0), L.out(1))
        rank = len(a.shape)
        dim = norm_dim(dim, rank)
        kept = [k for k in range(rank) if k != dim]
        par = tuple(a.shape[k] for k in kept)
        loop = {k: "d%d" % i for i, k in enumerate(kept)}
        loop[dim] = "d%d" % len(kept)
        exprs = a.base_exprs([loop[k] for k in range(rank)])
        init_v = L.fn.filled(par, elem, float("-inf") if kind == "max" else float("inf")) \
            if elem_is_float(elem) else L.fn.filled(par, elem, 0)
        init_i = L.fn.filled(par, ielem, -1)

        def body(bd, args):
            v, cur, cur_i = args
            better = bd.cmp("gt" if kind == "max" else "lt", v, cur, elem)
            if elem_is_float(elem):
                nan = bd.emit("arith.cmpf uno, %s, %s : %s" % (v, v, elem))
                cur_nan = bd.emit("arith.cmpf uno, %s, %s : %s" % (cur, cur, elem))
                better = bd.binary("and", bd.binary("or", better, nan, "i1"),
                                   bd.binary("xor", cur_nan, bd.const(True, "i1"), "i1"), "i1")
            # The first index always takes (so -inf/inf and integer inits never win).
            first = bd.cmp("eq", cur_i, bd.const(-1, ielem), ielem)
            take = bd.binary("or", better, first, "i1")
            i = bd.emit("arith.index_cast %s : index to %s" % (bd.index(len(kept)), ielem))
            return [bd.select(take, v, cur, elem), bd.select(take, i, cur_i, ielem)]

        vals, idx = L.fn.generic([(par, elem), (par, ielem)], [(a, exprs)], body,
                                 reduce_dims=[a.shape[dim]], inits=[init_v, init_i])
        if keepdim:
            view = [None if k == dim else kept.index(k) for k in range(rank)]
            vals = Tensor(vals.value, vals.base_shape, vals.elem, vshape, view)
            idx = Tensor(idx.value, idx.base_shape, idx.elem, ishape, view)
        return (vals, idx)
    return h


handles("max")(lambda L, a, *rest, **kw: _max_any(L, a, "max", *rest, **kw))
handles("min")(lambda L, a, *rest, **kw: _max_any(L, a, "min", *rest, **kw))


def _max_any(L, a, kind, *rest, **kw):
    if not rest and "dim" not in kw:  # max(x): the largest element
        if isinstance(L.meta.get(L.node), tuple):
            L.error("%s without a dim returns one value" % kind)
        return L.reduce(a, None, False, "max" if kind == "max" else "min")
    if rest and isinstance(rest[0], Tensor):  # max(x, y): elementwise
        c = out_compute(L)
        return L.ew([a, rest[0]], lambda bd, e: bd.binary(kind, e[0], e[1], c))
    return _arg_extreme(kind)(L, a, *rest, **kw)


@handles("prod")
def h_prod(L, a, *args, keepdim=False, dtype=None):
    """prod(x) of all elements, prod(x, dim, keepdim) over one dim; in the
    compute type (bool and integers multiply in int64, as PyTorch's result
    type says). Its backward traces as cumprod/index_select (PyTorch's
    zero-safe formula)."""
    shape, elem = L.out()
    dims = None
    if args and isinstance(args[0], int) and not isinstance(args[0], bool):
        dims = [args[0]]
        if len(args) > 1:
            keepdim = args[1]
    return L.reduce(a, dims, keepdim and dims is not None, "mul", elem=elem)


@handles("logsumexp")
def h_logsumexp(L, a, dims, keepdim=False):
    """PyTorch's: log(sum(exp(x - amax))) + amax, an infinite amax taken as 0
    in the final add."""
    shape, elem = L.out()
    c = compute_elem(elem)
    rank = len(a.shape)
    dims = norm_dims(dims, rank)
    m = L.reduce(a, dims, True, "max", elem=c)
    s = L.reduce(L.ew([a, m], lambda bd, e: bd.unary("math.exp", bd.binary("sub", e[0], e[1], c), c),
                      shape=a.shape, elem=c), dims, keepdim, elem=c)
    if not keepdim:
        m = m.squeezed_dims(dims)

    def f(bd, e):
        inf = bd.cmp("eq", bd.unary("math.absf", e[1], c), bd.const(float("inf"), c), c)
        return bd.binary("add", bd.unary("math.log", e[0], c), bd.select(inf, bd.const(0.0, c), e[1], c), c)
    return L.ew([s, m], f)


@handles("norm", "linalg_vector_norm")
def h_norm(L, a, p=2, dims=None, keepdim=False, dtype=None, **kw):
    """The p-norm over dims (all by default): 2, 1, inf, -inf, 0 and other p."""
    shape, elem = L.out()
    c = compute_elem(elem)
    p = 2.0 if p is None else float(p)
    dims = [dims] if isinstance(dims, int) else dims
    absf = lambda bd, x: bd.unary("math.absf", x, c)  # noqa: E731
    if p == float("inf") or p == float("-inf"):
        return L.reduce(a, dims, keepdim, "max" if p > 0 else "min", elem=elem, fn=absf)
    if p == 0:
        return L.reduce(a, dims, keepdim, elem=elem, fn=lambda bd, x: bd.emit("arith.uitofp %s : i1 to %s" % (
            bd.cmp("ne", x, bd.const(0.0, c), c), c)))
    if p == 1:
        return L.reduce(a, dims, keepdim, elem=elem, fn=absf)
    if p == 2:
        s = L.reduce(a, dims, keepdim, elem=c, fn=lambda bd, x: square(bd, x, c))
        return L.ew([s], lambda bd, e: bd.unary("math.sqrt", e[0], c))
    s = L.reduce(a, dims, keepdim, elem=c, fn=lambda bd, x: bd.emit("math.powf %s, %s : %s" % (
        absf(bd, x), bd.const(p, c), c)))
    return L.ew([s], lambda bd, e: bd.emit("math.powf %s, %s : %s" % (e[0], bd.const(1.0 / p, c), c)))


def _arg_only(kind):
    """argmax / argmin: the index of max.dim / min.dim (of the flattened
    tensor without a dim)."""
    def h(L, a, dim=None, keepdim=False):
        ishape, ielem = L.out()
        if dim is None:
            a = L.fn.reshape(a, (prod(a.shape),))
            dim, keepdim = 0, False
        vshape = tuple(d for k, d in enumerate(a.shape) if k != norm_dim(dim, len(a.shape)))
        if keepdim:
            vshape = ishape
        return _arg_extreme(kind)(L, a, dim, keepdim, shapes=((vshape, a.elem), (ishape, ielem)))[1]
    return h


handles("argmax")(_arg_only("max"))
handles("argmin")(_arg_only("min"))


def _var_mean(sqrt):
    """var_mean / std_mean: (var or std, mean) over the same dims."""
    def h(L, a, *args, correction=None, keepdim=False, unbiased=None):
        shape, elem = L.out(0)
        v = _var_std(sqrt)(L, a, *args, correction=correction, keepdim=keepdim, unbiased=unbiased,
                           out=(shape, elem))
        dims = args[0] if args and not isinstance(args[0], bool) else None
        rank = len(a.shape)
        n = prod(a.shape[d] for d in norm_dims(dims, rank))
        c = compute_elem(elem)
        s = L.reduce(a, dims, keepdim, "add", elem=c)
        m = L.ew([s], lambda bd, e: bd.binary("div", e[0], bd.const(float(n), c), c), shape=L.out(1)[0], elem=L.out(1)[1])
        return (v, m)
    return h


handles("var_mean")(_var_mean(False))
handles("std_mean")(_var_mean(True))


def _any_all(kind):
    """any / all (over everything or one dim): each element as a bool,
    max (any) or min (all) over it, as i8 (i1 is signed in arith's max)."""
    def h(L, a, dim=None, keepdim=False):
        shape, elem = L.out()
        truth = L.ew([a], lambda bd, e: e[0], shape=a.shape, elem="i1")  # ew casts: x != 0
        r = L.reduce(truth, dim if dim is None or isinstance(dim, (list, tuple)) else [dim], keepdim,
                     kind, elem="i8")
        return L.ew([r], lambda bd, e: e[0], shape=tuple(r.shape), elem=elem)
    return h


handles("any")(_any_all("max"))
handles("all")(_any_all("min"))
# torch.distributions' argument checks on 2.15 (torch._is_all_true(...).item())
handles("_is_all_true")(_any_all("min"))
handles("_is_any_true")(_any_all("max"))
