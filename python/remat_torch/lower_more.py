"""More aten lowerings: activations (silu, leaky_relu, softplus, elu,
hardtanh), sign, tril/triu, stack/unbind, variance, max/min over a dim,
gather/scatter, the backward of select and slice, mse_loss, the masked ops
of label-smoothed cross-entropy, and grouped (depthwise) convolution.

Same conventions as lower.py, whose helpers these handlers use; importing
this module registers them in lower.HANDLERS.
"""

from .lower import (Tensor, _channel_view, _extract, _mark_view, _to_index, compute_elem,
                    extract_slice, handles, norm_dim, norm_dims, pair, padded)
from .mlir import elem_is_float, prod, ttype


def _c(L):
    return compute_elem(L.out()[1])


# ---------------------------------------------------------------------------
# Activations and elementwise
# ---------------------------------------------------------------------------

def _sigmoid(bd, x, c):
    one = bd.const(1.0, c)
    return bd.binary("div", one, bd.binary("add", one, bd.unary("math.exp", bd.unary("arith.negf", x, c), c), c), c)


@handles("silu")
def h_silu(L, a):
    c = _c(L)
    return L.ew([a], lambda bd, e: bd.binary("mul", e[0], _sigmoid(bd, e[0], c), c))


@handles("silu_backward")
def h_silu_backward(L, grad, a):
    c = _c(L)

    def f(bd, e):
        g, x = e
        s = _sigmoid(bd, x, c)
        # s * (1 + x * (1 - s))
        d = bd.binary("mul", s, bd.binary("add", bd.const(1.0, c), bd.binary(
            "mul", x, bd.binary("sub", bd.const(1.0, c), s, c), c), c), c)
        return bd.binary("mul", g, d, c)
    return L.ew([grad, a], f)


@handles("leaky_relu")
def h_leaky_relu(L, a, slope=0.01):
    c = _c(L)

    def f(bd, e):
        pos = bd.cmp("gt", e[0], bd.const(0.0, c), c)
        return bd.select(pos, e[0], bd.binary("mul", e[0], bd.const(slope, c), c), c)
    return L.ew([a], f)


@handles("leaky_relu_backward")
def h_leaky_relu_backward(L, grad, a, slope, self_is_result=False):
    c = _c(L)

    def f(bd, e):
        pos = bd.cmp("gt", e[1], bd.const(0.0, c), c)
        return bd.select(pos, e[0], bd.binary("mul", e[0], bd.const(slope, c), c), c)
    return L.ew([grad, a], f)


@handles("softplus")
def h_softplus(L, a, beta=1, threshold=20):
    c = _c(L)

    def f(bd, e):
        bx = bd.binary("mul", e[0], bd.const(float(beta), c), c)
        soft = bd.binary("div", bd.unary("math.log1p", bd.unary("math.exp", bx, c), c),
                         bd.const(float(beta), c), c)
        return bd.select(bd.cmp("gt", bx, bd.const(float(threshold), c), c), e[0], soft, c)
    return L.ew([a], f)


@handles("softplus_backward")
def h_softplus_backward(L, grad, a, beta=1, threshold=20):
    c = _c(L)

    def f(bd, e):
        g, x = e
        bx = bd.binary("mul", x, bd.const(float(beta), c), c)
        z = bd.unary("math.exp", bx, c)
        soft = bd.binary("div", bd.binary("mul", g, z, c), bd.binary("add", z, bd.const(1.0, c), c), c)
        return bd.select(bd.cmp("gt", bx, bd.const(float(threshold), c), c), g, soft, c)
    return L.ew([grad, a], f)


@handles("elu")
def h_elu(L, a, alpha=1.0, scale=1.0, input_scale=1.0):
    c = _c(L)

    def f(bd, e):
        x = e[0]
        neg = bd.binary("mul", bd.unary("math.expm1", bd.binary("mul", x, bd.const(float(input_scale), c), c), c),
                        bd.const(float(alpha * scale), c), c)
        return bd.select(bd.cmp("gt", x, bd.const(0.0, c), c),
                         bd.binary("mul", x, bd.const(float(scale), c), c), neg, c)
    return L.ew([a], f)


@handles("elu_backward")
def h_elu_backward(L, grad, alpha, scale, input_scale, is_result, self_or_result):
    c = _c(L)

    def f(bd, e):
        g, v = e
        if is_result:  # v = elu(x): the negative branch's derivative is input_scale * (v + alpha * scale)
            neg = bd.binary("mul", bd.const(float(input_scale), c),
                            bd.binary("add", v, bd.const(float(alpha * scale), c), c), c)
            positive = bd.cmp("gt", v, bd.const(0.0, c), c)
        else:
            neg = bd.binary("mul", bd.const(float(input_scale * alpha * scale), c), bd.unary(
                "math.exp", bd.binary("mul", v, bd.const(float(input_scale), c), c), c), c)
            positive = bd.cmp("gt", v, bd.const(0.0, c), c)
        d = bd.select(positive, bd.const(float(scale), c), neg, c)
        return bd.binary("mul", g, d, c)
    return L.ew([grad, self_or_result], f)


@handles("hardtanh")
def h_hardtanh(L, a, lo=-1.0, hi=1.0):
    c = _c(L)
    return L.ew([a], lambda bd, e: bd.binary("min", bd.binary("max", e[0], bd.const(float(lo), c), c),
                                             bd.const(float(hi), c), c))


@handles("hardtanh_backward")
def h_hardtanh_backward(L, grad, a, lo, hi):
    c = _c(L)

    def f(bd, e):
        inside = bd.binary("and", bd.cmp("gt", e[1], bd.const(float(lo), c), c),
                           bd.cmp("lt", e[1], bd.const(float(hi), c), c), "i1")
        return bd.select(inside, e[0], bd.const(0.0, c), c)
    return L.ew([grad, a], f)


@handles("sgn", "sign")
def h_sign(L, a):
    c = _c(L)
    zero = 0.0 if elem_is_float(c) else 0

    def f(bd, e):
        pos = bd.cmp("gt", e[0], bd.const(zero, c), c)
        neg = bd.cmp("lt", e[0], bd.const(zero, c), c)
        one = bd.const(1.0 if elem_is_float(c) else 1, c)
        minus = bd.const(-1.0 if elem_is_float(c) else -1, c)
        return bd.select(pos, one, bd.select(neg, minus, bd.const(zero, c), c), c)
    return L.ew([a], f)


def _triangle(keep_upper):
    def h(L, a, diagonal=0):
        shape, elem = L.out()
        r = len(shape)

        def body(bd, args):
            i = bd.emit("arith.index_cast %s : index to i64" % bd.index(r - 2))
            j = bd.emit("arith.index_cast %s : index to i64" % bd.index(r - 1))
            d = bd.binary("sub", j, i, "i64")
            keep = bd.cmp("ge" if keep_upper else "le", d, bd.const(diagonal, "i64"), "i64")
            zero = bd.const(0.0 if elem_is_float(elem) else (False if elem == "i1" else 0), elem)
            return [bd.select(keep, bd.cast(args[0], a.elem, elem), zero, elem)]
        return L.fn.generic([(shape, elem)], [a], body)[0]
    return h


handles("tril")(_triangle(False))
handles("triu")(_triangle(True))


# ---------------------------------------------------------------------------
# Stacking, unbinding, the backward of select and slice
# ---------------------------------------------------------------------------

def _unsqueeze_dense(L, t, dim):
    shape = list(t.shape)
    shape.insert(dim, 1)
    return L.fn.reshape(L.fn.materialize(t), tuple(shape))


@handles("stack")
def h_stack(L, tensors, dim=0):
    shape, elem = L.out()
    dim = norm_dim(dim, len(shape))
    parts = [_unsqueeze_dense(L, t, dim) for t in tensors]
    if len(parts) == 1:
        return parts[0]
    name = L.fn.fresh("cat")
    L.fn.line("%s = tensor.concat dim(%d) %s : (%s) -> %s" % (
        name, dim, ", ".join(t.value for t in parts), ", ".join(ttype(t.shape, t.elem) for t in parts),
        ttype(shape, elem)))
    return Tensor(name, shape, elem)


@handles("unbind")
def h_unbind(L, a, dim=0):
    _mark_view(L)
    r = len(a.shape)
    dim = norm_dim(dim, r)
    out_shape = [d for k, d in enumerate(a.shape) if k != dim]
    if a.shape[dim] == 1:
        return (a.squeezed_dims([dim]),)
    outs = []
    for i in range(a.shape[dim]):
        offsets = [0] * r
        offsets[dim] = i
        sizes = list(a.shape)
        sizes[dim] = 1
        outs.append(extract_slice(L, a, offsets, sizes, [1] * r, out_shape=out_shape))
    return tuple(outs)


def insert_into_zeros(L, part, full_shape, offsets, strides):
    """A tensor of `full_shape`, zero except `part` at offsets/strides."""
    shape, elem = tuple(full_shape), part.elem
    part = L.fn.materialize(part)
    base = L.fn.filled(shape, elem, 0.0 if elem_is_float(elem) else 0)
    if part.shape == shape:
        return part
    name = L.fn.fresh("ins")
    L.fn.line("%s = tensor.insert_slice %s into %s[%s] [%s] [%s] : %s into %s" % (
        name, part.value, base.value, ", ".join(map(str, offsets)), ", ".join(map(str, part.shape)),
        ", ".join(map(str, strides)), ttype(part.shape, elem), ttype(shape, elem)))
    return Tensor(name, shape, elem)


@handles("select_backward")
def h_select_backward(L, grad, input_sizes, dim, index):
    r = len(input_sizes)
    dim = norm_dim(dim, r)
    index = index + input_sizes[dim] if index < 0 else index
    offsets = [0] * r
    offsets[dim] = index
    return insert_into_zeros(L, _unsqueeze_dense(L, grad, dim), input_sizes, offsets, [1] * r)


@handles("slice_backward")
def h_slice_backward(L, grad, input_sizes, dim, start, end, step):
    r = len(input_sizes)
    dim = norm_dim(dim, r)
    n = input_sizes[dim]
    start = 0 if start is None else (start + n if start < 0 else start)
    start = min(max(start, 0), n)
    offsets = [0] * r
    offsets[dim] = start
    strides = [1] * r
    strides[dim] = step
    return insert_into_zeros(L, grad, input_sizes, offsets, strides)


# ---------------------------------------------------------------------------
# Reductions: variance, max/min over a dim
# ---------------------------------------------------------------------------

def _variance(L, a, dims, correction, keepdim, sqrt):
    shape, elem = L.out()
    c = compute_elem(elem)
    rank = len(a.shape)
    dims = norm_dims(dims, rank)
    n = prod(a.shape[d] for d in dims)
    mean = L.ew([L.reduce(a, dims, True, elem=c)], lambda bd, e: bd.binary("div", e[0], bd.const(float(n), c), c),
                shape=tuple(1 if k in dims else a.shape[k] for k in range(rank)), elem=c)
    ss = L.reduce(L.ew([a, mean], lambda bd, e: _sq(bd, bd.binary("sub", e[0], e[1], c), c),
                       shape=a.shape, elem=c), dims, keepdim, elem=c)
    denom = float(max(n - correction, 0))

    def f(bd, e):
        v = bd.binary("div", e[0], bd.const(denom, c), c)
        return bd.unary("math.sqrt", v, c) if sqrt else v
    return L.ew([ss], f, shape=shape, elem=elem)


def _sq(bd, v, c):
    return bd.binary("mul", v, v, c)


def _var_std(sqrt):
    """var / std in all overloads: (x, unbiased), (x, dims, unbiased,
    keepdim), (x, dims, correction=, keepdim=)."""
    def h(L, a, *args, correction=None, keepdim=False, unbiased=None):
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
        return _variance(L, a, dims, correction, keepdim, sqrt)
    return h


handles("var")(_var_std(False))
handles("std")(_var_std(True))


def _arg_extreme(kind):
    """max.dim / min.dim: (values, indices), the first extreme wins and NaN
    propagates (PyTorch's CPU kernel)."""
    def h(L, a, dim, keepdim=False):
        vshape, elem = L.out(0)
        ishape, ielem = L.out(1)
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
        c = _c(L)
        return L.ew([a, rest[0]], lambda bd, e: bd.binary(kind, e[0], e[1], c))
    return _arg_extreme(kind)(L, a, *rest, **kw)


# ---------------------------------------------------------------------------
# Gather and scatter
# ---------------------------------------------------------------------------

@handles("gather")
def h_gather(L, a, dim, index, sparse_grad=False):
    shape, elem = L.out()
    rank = len(a.shape)
    dim = norm_dim(dim, rank)
    a = L.fn.materialize(a)
    ie = index.elem

    def body(bd, args):
        at = [bd.index(k) for k in range(rank)]
        at[dim] = _to_index(bd, args[0], ie, a.shape[dim])
        return [_extract(bd, a, at)]
    return L.fn.generic([(shape, elem)], [index], body)[0]


def _scatter(L, base, dim, index, src, accumulate):
    """out = base, then out[..., index[p], ...] (=|+=) src[p] over positions
    p of index (dim `dim`): for each output element, a reduction over the
    index's extent along dim finds the positions that write it (the last
    one wins without accumulate, like PyTorch's CPU loop)."""
    shape, elem = L.out()
    c = compute_elem(elem)
    rank = len(shape)
    dim = norm_dim(dim, rank)
    ie = index.elem
    k = index.shape[dim]
    if any(index.shape[d] != shape[d] for d in range(rank) if d != dim):
        L.error("scatter with an index smaller than the output outside dim %d is not supported" % dim)
    at = ["d%d" % d for d in range(rank)]
    at[dim] = "d%d" % rank
    ins = [(index, index.base_exprs(at))]
    scalar_src = not isinstance(src, Tensor)
    if not scalar_src:
        if tuple(src.shape) != tuple(index.shape):
            src = L.fn.materialize(extract_slice(L, src, [0] * rank, list(index.shape), [1] * rank)) \
                if all(s >= i for s, i in zip(src.shape, index.shape)) else src
        ins.append((src, src.base_exprs(at)))
    init = L.ew([base], lambda bd, e: e[0], shape=shape, elem=c)

    def body(bd, args):
        idx = args[0]
        v = bd.const(float(src) if elem_is_float(c) else int(src), c) if scalar_src else bd.cast(args[1], src.elem, c)
        acc = args[-1]
        here = bd.emit("arith.index_cast %s : index to %s" % (bd.index(dim), ie))
        hit = bd.cmp("eq", idx, here, ie)
        new = bd.binary("add", acc, v, c) if accumulate else v
        return [bd.select(hit, new, acc, c)]

    r = L.fn.generic([(shape, c)], ins, body, reduce_dims=[k], inits=[init])[0]
    return r if c == elem else L.ew([r], lambda bd, e: e[0], shape=shape, elem=elem)


@handles("scatter")
def h_scatter(L, base, dim, index, src, reduce=None):
    if reduce is not None:
        L.error("scatter with reduce='%s' is not supported" % reduce)
    return _scatter(L, base, dim, index, src, accumulate=False)


@handles("scatter_add")
def h_scatter_add(L, base, dim, index, src):
    return _scatter(L, base, dim, index, src, accumulate=True)


# ---------------------------------------------------------------------------
# Losses
# ---------------------------------------------------------------------------

def _reduced(L, t, reduction, n, c, elem):
    if reduction == 0:
        return t
    s = L.reduce(t, None, False, elem=c)
    if reduction == 1:
        return L.ew([s], lambda bd, e: bd.binary("div", e[0], bd.const(float(n), c), c), shape=(), elem=elem)
    return s if c == elem else L.ew([s], lambda bd, e: e[0], shape=(), elem=elem)


@handles("mse_loss")
def h_mse_loss(L, x, y, reduction=1):
    shape, elem = L.out()
    c = compute_elem(elem)
    full = tuple(x.shape) if len(x.shape) >= len(y.shape) else tuple(y.shape)
    sq = L.ew([x, y], lambda bd, e: _sq(bd, bd.binary("sub", e[0], e[1], c), c), shape=full,
              elem=c if reduction else elem)
    return _reduced(L, sq, reduction, prod(full), c, elem)


@handles("mse_loss_backward")
def h_mse_loss_backward(L, grad, x, y, reduction=1):
    shape, elem = L.out()
    c = compute_elem(elem)
    scale = 2.0 / prod(shape) if reduction == 1 else 2.0
    return L.ew([grad, x, y], lambda bd, e: bd.binary("mul", bd.binary("mul", e[0], bd.binary(
        "sub", e[1], e[2], c), c), bd.const(scale, c), c))


# Label-smoothed cross-entropy (PyTorch 1.13's decomposition) selects the
# non-ignored rows with masked_select, whose size depends on the targets:
# it is lowered only where a sum or mean consumes it, as a masked reduction.
class MaskedValues:
    def __init__(self, values, mask):
        self.values, self.mask = values, mask
        self.shape = ()


@handles("masked_select")
def h_masked_select(L, a, mask):
    for user in L.node.users:
        if str(user.target).split(".")[1] not in ("mean", "sum"):
            L.error("masked_select is supported only when a sum or mean consumes it "
                    "(its size depends on the data), not %s" % user.target)
    return MaskedValues(a, mask)


def masked_reduction(L, m, mean):
    shape, elem = L.out()
    c = compute_elem(elem)
    full = tuple(m.values.shape) if len(m.values.shape) >= len(m.mask.shape) else tuple(m.mask.shape)

    total = L.reduce(_select3(L, m.mask, m.values, 0.0, full, c), None, False, elem=c)
    if not mean:
        return total if c == elem else L.ew([total], lambda bd, e: e[0], shape=(), elem=elem)
    count = L.reduce(L.ew([m.mask], lambda bd, e: bd.cast(e[0], "i1", c), shape=full, elem=c, compute="i1",
                          yields=c), None, False, elem=c)
    return L.ew([total, count], lambda bd, e: bd.binary("div", e[0], e[1], c), shape=(), elem=elem)


_ELEMENTWISE = ("div", "mul", "add", "sub", "neg", "_to_copy", "clone", "detach", "alias")


@handles("masked_scatter")
def h_masked_scatter(L, base, mask, src):
    """base with the masked positions taken, in order, from src: supported
    when all of src's elements are equal (label smoothing's backward), so
    that the order does not matter."""
    src_node = L.node.args[2]
    if not (all(v is None for v in src.view) or _uniform_node(L, src_node)):
        L.error("masked_scatter from a source whose elements differ is not supported")
    shape, elem = L.out()
    one = Tensor(src.value, src.base_shape, src.elem, (), [])  # its first element
    return _select3(L, mask, one, base, shape, elem)


def _uniform_node(L, node):
    """Whether every element of FX node's value is provably the same: an
    expand of one element, or elementwise ops of such values and scalars."""
    if not hasattr(node, "target"):
        return True
    name = str(node.target).split(".")[1] if "." in str(node.target) else ""
    if name == "expand":
        v = L.meta.get(node.args[0])
        return v is not None and prod(v.shape) == 1
    if name in _ELEMENTWISE:
        return all(_uniform_node(L, a) for a in node.args if hasattr(a, "target"))
    return False


def _select3(L, cond, a, b, shape, elem):
    c = compute_elem(elem)

    def body(bd, args):
        it = iter(args)
        vals = []
        for o, want in ((cond, "i1"), (a, c), (b, c)):
            vals.append(bd.cast(next(it), o.elem, want) if isinstance(o, Tensor) else bd.const(o, want))
        return [bd.cast(bd.select(vals[0], vals[1], vals[2], c), c, elem)]
    return L.fn.generic([(shape, elem)], [o for o in (cond, a, b) if isinstance(o, Tensor)], body)[0]


@handles("index_put")
def h_index_put(L, base, indices, values, accumulate=False):
    """x[mask] = v with one boolean mask and one value (label smoothing's
    ignore_index handling); integer indices are not supported."""
    shape, elem = L.out()
    if len(indices) != 1 or indices[0] is None or indices[0].elem != "i1":
        L.error("index_put is supported with one boolean mask only")
    if prod(values.shape) != 1:
        L.error("index_put with a boolean mask is supported with one value only")
    mask = indices[0]
    v = Tensor(values.value, values.base_shape, values.elem, (), []) if values.shape else values
    if accumulate:
        c = compute_elem(elem)
        return L.ew([mask, v, base], lambda bd, e: bd.select(e[0], bd.binary("add", e[2], e[1], c), e[2], c),
                    shape=shape, elem=elem)
    return _select3(L, mask, v, base, shape, elem)


# ---------------------------------------------------------------------------
# Grouped convolution (groups > 1, depthwise included); its backward is
# lower.py's, with group-aware indexing maps
# ---------------------------------------------------------------------------

def grouped_conv(L, x, w, bias, stride, padding, dilation, groups):
    shape, elem = L.out()
    c = compute_elem(elem)
    p, s, d = pair(padding), pair(stride), pair(dilation)
    xp = padded(L, x, p, p, 0.0)
    w = L.fn.materialize(w)
    f_, cg, kh, kw = w.shape
    fg = f_ // groups
    init = L.fn.filled(shape, c, 0.0)

    def body(bd, a):
        return [bd.binary("add", a[2], bd.binary("mul", bd.cast(a[0], xp.elem, c), bd.cast(a[1], w.elem, c), c), c)]

    # loops: n, f, y, x (parallel), ci, i, j (reduction)
    y = L.fn.generic([(shape, c)],
                     [(xp, ["d0", "(d1 floordiv %d) * %d + d4" % (fg, cg), "d2 * %d + d5 * %d" % (s[0], d[0]),
                            "d3 * %d + d6 * %d" % (s[1], d[1])]),
                      (w, ["d1", "d4", "d5", "d6"])],
                     body, reduce_dims=[cg, kh, kw], inits=[init])[0]
    if bias is not None:
        return L.ew([y, _channel_view(bias, 4)], lambda bd, e: bd.binary("add", e[0], e[1], c),
                    shape=shape, elem=elem)
    return y if c == elem else L.ew([y], lambda bd, e: e[0], shape=shape, elem=elem)
