"""Scans (cumsum, cumprod, cummax, cummin) and sorting (sort, topk,
searchsorted).

linalg has neither. A scan is Hillis-Steele's: ceil(log2 n) elementwise
steps, step k adding (or multiplying) the element 2^k places before, so
the cost model sees n log n operations on n-element tensors, what the
graph really does. Sorting ranks every element against every other along
the dim (n^2 comparisons, stable: ties keep their order; NaN sorts as the
largest value, as in PyTorch) and then picks, for each output position, the
element of that rank: meant for the short dims of MoE routers and
top-k heads, not for sorting a vocabulary.
"""

from ..mlir import Tensor, elem_is_float, elem_is_unsigned
from .core import compute_elem, extract, handles, index_i64, norm_dim


def _log_add_exp(bd, a, b, c):
    """ATen's _log_add_exp_helper: max + log1p(exp(min - max)), or `a` when
    both are the same infinity."""
    mn, mx = bd.binary("min", a, b, c), bd.binary("max", a, b, c)
    finite = bd.cmp("ne", bd.unary("math.absf", mn, c), bd.const(float("inf"), c), c)
    usual = bd.binary("or", bd.cmp("ne", mn, mx, c), finite, "i1")
    r = bd.binary("add", mx, bd.unary("math.log1p", bd.unary(
        "math.exp", bd.binary("sub", mn, mx, c), c), c), c)
    return bd.select(usual, r, a, c)


def scan(L, a, dim, kind, out=None):
    """Inclusive scan (kind "add", "mul" or "logaddexp") of view `a` along
    `dim`, in the compute type of the result (the current node's, or `out`:
    (shape, elem))."""
    shape, elem = out or L.out()
    c = compute_elem(elem)
    r = len(shape)
    if r == 0:
        return L.ew([a], lambda bd, e: e[0], shape=shape, elem=elem)
    dim = norm_dim(dim, r)
    n = shape[dim]
    cur = L.ew([a], lambda bd, e: e[0], shape=shape, elem=c)
    identity = (1.0 if kind == "mul" else 0.0) if elem_is_float(c) else (1 if kind == "mul" else 0)
    if kind == "logaddexp":
        identity = float("-inf")
    step = 1
    while step < n:
        prev = cur

        def body(bd, args, step=step, prev=prev):
            i = index_i64(bd, dim)
            ok = bd.cmp("ge", i, bd.const(step, "i64"), "i64")
            j = bd.select(ok, bd.binary("sub", i, bd.const(step, "i64"), "i64"), bd.const(0, "i64"), "i64")
            at = [bd.index(k) for k in range(r)]
            at[dim] = bd.emit("arith.index_cast %s : i64 to index" % j)
            other = bd.select(ok, extract(bd, prev, at), bd.const(identity, c), c)
            if kind == "logaddexp":
                return [_log_add_exp(bd, other, args[0], c)]
            return [bd.binary(kind, args[0], other, c)]

        cur = L.fn.generic([(shape, c)], [prev], body)[0]
        step *= 2
    return cur if c == elem else L.ew([cur], lambda bd, e: e[0], shape=shape, elem=elem)


@handles("cumsum")
def h_cumsum(L, a, dim, dtype=None):
    return scan(L, a, dim, "add")


@handles("cumprod")
def h_cumprod(L, a, dim, dtype=None):
    return scan(L, a, dim, "mul")


@handles("logcumsumexp")
def h_logcumsumexp(L, a, dim):
    # Pairwise (Hillis-Steele) where ATen adds left to right: the same
    # values up to rounding.
    return scan(L, a, dim, "logaddexp")


class _AlongDim:
    """What the (values, indices) ops along one dim share: the outputs, the
    rank, the dim and its size, the compute type, and the loop dims of an
    element (`par`) and of another element along the dim (`other`, read
    through the extra loop d<rank>). `scalar` is the 0-d result when `a`
    has no dims (the element and index 0), else None."""

    def __init__(self, L, a, dim):
        self.vshape, self.velem = L.out(0)
        self.ishape, self.ielem = L.out(1)
        self.r = r = len(a.shape)
        self.scalar = None
        if r == 0:
            self.scalar = (L.ew([a], lambda bd, e: e[0], shape=(), elem=self.velem),
                           L.fn.filled((), self.ielem, 0))
            return
        self.dim = norm_dim(dim, r)
        self.n = a.shape[self.dim]
        self.floats = elem_is_float(a.elem)
        self.c = compute_elem(a.elem) if self.floats else a.elem
        self.par = ["d%d" % i for i in range(r)]
        self.other = list(self.par)
        self.other[self.dim] = "d%d" % r


def _sorted(L, a, dim, descending, k):
    """(values, indices) of the first k elements of `a` sorted along dim."""
    g = _AlongDim(L, a, dim)
    if g.scalar:
        return g.scalar
    vshape, velem, ishape, ielem = g.vshape, g.velem, g.ishape, g.ielem
    r, dim, n, c, floats, par, other = g.r, g.dim, g.n, g.c, g.floats, g.par, g.other
    # rank[p] = #{j along dim: element j sorts before element p}.
    init = L.fn.filled(tuple(a.shape), "i64", 0)

    def rank_body(bd, args):
        x, y, acc = bd.cast(args[0], a.elem, c), bd.cast(args[1], a.elem, c), args[2]
        first = bd.cmp("gt" if descending else "lt", y, x, c)
        same = bd.cmp("eq", y, x, c)
        if floats:  # NaN is the largest value
            xn = bd.emit("arith.cmpf uno, %s, %s : %s" % (x, x, c))
            yn = bd.emit("arith.cmpf uno, %s, %s : %s" % (y, y, c))
            t = bd.const(True, "i1")
            only = bd.binary("and", yn, bd.binary("xor", xn, t, "i1"), "i1") if descending else \
                bd.binary("and", xn, bd.binary("xor", yn, t, "i1"), "i1")
            first = bd.binary("or", first, only, "i1")
            same = bd.binary("or", same, bd.binary("and", xn, yn, "i1"), "i1")
        earlier = bd.cmp("lt", index_i64(bd, r), index_i64(bd, dim), "i64")
        before = bd.binary("or", first, bd.binary("and", same, earlier, "i1"), "i1")
        return [bd.select(before, bd.binary("add", acc, bd.const(1, "i64"), "i64"), acc, "i64")]

    rank = L.fn.generic([(tuple(a.shape), "i64")], [(a, a.base_exprs(par)), (a, a.base_exprs(other))],
                        rank_body, reduce_dims=[n], inits=[init])[0]
    # out[q] = the element whose rank is q (q < k along dim).
    zero_v = L.fn.filled(vshape, velem, 0.0 if elem_is_float(velem) else 0)
    zero_i = L.fn.filled(ishape, ielem, 0)

    def pick_body(bd, args):
        x, rk, acc_v, acc_i = args
        hit = bd.cmp("eq", rk, index_i64(bd, dim), "i64")
        j = bd.cast(index_i64(bd, r), "i64", ielem)
        return [bd.select(hit, bd.cast(x, a.elem, velem), acc_v, velem), bd.select(hit, j, acc_i, ielem)]

    vals, idx = L.fn.generic([(vshape, velem), (ishape, ielem)],
                             [(a, a.base_exprs(other)), (rank, other)], pick_body,
                             reduce_dims=[n], inits=[zero_v, zero_i])
    return (vals, idx)


@handles("sort")
def h_sort(L, a, *args, stable=None, dim=-1, descending=False):
    # sort(x, dim=-1, descending=False) or sort.stable(x, *, stable, dim, descending)
    if args and isinstance(args[0], bool) or args and args[0] is None:  # sort.stable positional
        args = args[1:]  # stable or not: this sort is stable
    if args:
        dim = args[0]
    if len(args) > 1:
        descending = args[1]
    d = norm_dim(dim, len(a.shape)) if a.shape else 0
    return _sorted(L, a, d, descending, a.shape[d] if a.shape else 1)


@handles("topk")
def h_topk(L, a, k, dim=-1, largest=True, sorted=True):
    # Unsorted topk returns the same k elements in an order PyTorch leaves
    # open; sorted order is one of them.
    return _sorted(L, a, dim, largest, k)



@handles("searchsorted")
def h_searchsorted(L, seq, values, out_int32=False, right=False, side=None, sorter=None):
    """torch.searchsorted (NeRF's inverse-CDF sampling, bucketing): for each
    value, the number of row elements that PyTorch's binary search passes,
    not (element >= value) (left) or not (element > value) (right). On a
    sorted row that is its result, a NaN value included (the row's length);
    n comparisons a value, for the short rows of CDFs and bucket edges."""
    if sorter is not None:
        L.error("torch.searchsorted with sorter= is not supported")
    if not isinstance(values, Tensor) or not isinstance(seq, Tensor) or not seq.shape:
        L.error("torch.searchsorted of a scalar is not supported")
    if side is not None:
        right = side == "right"
    _, elem = L.out()
    c = compute_elem(seq.elem)
    n = seq.shape[-1]
    full = tuple(values.shape) + (n,)
    rows = seq if len(seq.shape) == 1 else seq.unsqueezed(len(seq.shape) - 1)
    v = values.unsqueezed(len(values.shape))

    def passed(bd, e):
        if elem_is_float(c):  # unordered or below: what "not (x > v)" is
            return bd.emit("arith.cmpf %s, %s, %s : %s" % ("ule" if right else "ult", e[0], e[1], c))
        return bd.cmp("le" if right else "lt", e[0], e[1], c)
    hits = L.ew([rows, v], passed, shape=full, elem="i1", compute=c, yields="i1")
    return L.reduce(hits, [len(full) - 1], False, "add", elem=elem)


def _cum_extreme(kind):
    """cummax / cummin along dim: for each position i, the largest (least)
    element up to i and its index, NaN beyond every number and ties to the
    later index, as ATen's loop keeps them (`x >= out` replaces). Written as
    a reduction over every j <= i (n^2 comparisons, order-independent: the
    candidate wins when strictly better, or equal and later), for the short
    dims of running maxima (a drawdown); the backward is PyTorch's own
    scatter_add."""
    def h(L, a, dim):
        g = _AlongDim(L, a, dim)
        if g.scalar:
            return g.scalar
        vshape, velem, ishape, ielem = g.vshape, g.velem, g.ishape, g.ielem
        r, dim, n, c, floats, other = g.r, g.dim, g.n, g.c, g.floats, g.other
        if floats:
            worst = float("-inf") if kind == "max" else float("inf")
        else:
            bits = 1 if c == "i1" else int(c[1:])
            if c == "i1" or elem_is_unsigned(c):
                worst = 0 if kind == "max" else (1 << bits) - 1
            else:
                worst = -(1 << (bits - 1)) if kind == "max" else (1 << (bits - 1)) - 1
        init_v = L.fn.filled(vshape, c, worst)
        init_i = L.fn.filled(ishape, "i64", -1)

        def body(bd, args):
            x, acc, at = bd.cast(args[0], a.elem, c), args[1], args[2]
            j = index_i64(bd, r)
            valid = bd.cmp("le", j, index_i64(bd, dim), "i64")
            better = bd.cmp("gt" if kind == "max" else "lt", x, acc, c)
            equal = bd.cmp("eq", x, acc, c)
            if floats:  # NaN beats every number; NaNs are equal
                t = bd.const(True, "i1")
                xn = bd.emit("arith.cmpf uno, %s, %s : %s" % (x, x, c))
                an = bd.emit("arith.cmpf uno, %s, %s : %s" % (acc, acc, c))
                better = bd.binary("or", better, bd.binary("and", xn, bd.binary("xor", an, t, "i1"), "i1"), "i1")
                equal = bd.binary("or", equal, bd.binary("and", xn, an, "i1"), "i1")
            later = bd.cmp("gt", j, at, "i64")
            take = bd.binary("and", valid, bd.binary("or", better, bd.binary("and", equal, later, "i1"), "i1"),
                             "i1")
            return [bd.select(take, x, acc, c), bd.select(take, j, at, "i64")]

        vals, idx = L.fn.generic([(vshape, c), (ishape, "i64")], [(a, a.base_exprs(other))], body,
                                 reduce_dims=[n], inits=[init_v, init_i])
        if c != velem:
            vals = L.ew([vals], lambda bd, e: e[0], shape=vshape, elem=velem)
        if ielem != "i64":
            idx = L.ew([idx], lambda bd, e: e[0], shape=ishape, elem=ielem)
        return (vals, idx)
    return h


handles("cummax")(_cum_extreme("max"))
handles("cummin")(_cum_extreme("min"))
