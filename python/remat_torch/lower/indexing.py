"""Integer indexing: embedding and its backward, gather, scatter,
scatter_add.
"""

from ..mlir import Tensor, elem_is_float, elem_is_unsigned, prod
from . import masked
from .core import compute_elem, extract, extract_slice, handles, norm_dim, rounded, to_index
from .elementwise import h_where, select
from .views import diagonal_of


@handles("embedding")
def h_embedding(L, weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    shape, elem = L.out()
    weight = L.fn.materialize(weight)
    ie = indices.elem
    idx = indices.unsqueezed(len(indices.shape)).broadcast_to(shape)

    def body(bd, args):
        row = to_index(bd, args[0], ie, weight.shape[0])
        return [extract(bd, weight, [row, bd.index(len(shape) - 1)])]

    return L.fn.generic([(shape, elem)], [idx], body)[0]


@handles("embedding_dense_backward")
def h_embedding_backward(L, grad, indices, num_weights, padding_idx, scale_grad_by_freq):
    shape, elem = L.out()
    c = compute_elem(elem)
    n = prod(indices.shape)
    d = shape[1]
    g = L.fn.reshape(grad, (n, d))
    ids = L.fn.reshape(indices, (n,))
    ie = ids.elem
    # gw[v, j] = sum_i (ids[i] == v && ids[i] != padding_idx) ? g[i, j] : 0,
    # with scale_grad_by_freq each term times 1 / (occurrences of v), as
    # ATen scales each row before adding it.
    init = L.fn.filled(shape, c, 0.0)
    inputs = [(ids, ["d2"]), (g, ["d2", "d1"])]
    if scale_grad_by_freq:
        def count(bd, args):
            v = bd.emit("arith.index_cast %s : index to %s" % (bd.index(0), ie))
            one = bd.select(bd.cmp("eq", args[0], v, ie), bd.const(1.0, c), bd.const(0.0, c), c)
            return [bd.binary("add", args[1], one, c)]
        counts = L.fn.generic([((shape[0],), c)], [(ids, ["d1"])], count, reduce_dims=[n],
                              inits=[L.fn.filled((shape[0],), c, 0.0)])[0]
        inputs.append((counts, ["d0"]))

    def body(bd, args):
        i, gv, acc = args[0], args[1], args[-1]
        v = bd.emit("arith.index_cast %s : index to %s" % (bd.index(0), ie))
        hit = bd.cmp("eq", i, v, ie)
        if padding_idx is not None and padding_idx >= 0:
            hit = bd.binary("and", hit, bd.cmp("ne", i, bd.const(padding_idx, ie), ie), "i1")
        term = bd.cast(gv, g.elem, c)
        if scale_grad_by_freq:
            term = bd.binary("mul", bd.binary("div", bd.const(1.0, c), args[2], c), term, c)
        add = bd.binary("add", acc, term, c)
        return [bd.select(hit, add, acc, c)]

    r = L.fn.generic([(shape, c)], inputs, body, reduce_dims=[n], inits=[init])[0]
    if c != elem:
        r = L.ew([r], lambda bd, e: e[0], shape=shape, elem=elem)
    return r


@handles("gather")
def h_gather(L, a, dim, index, sparse_grad=False):
    shape, elem = L.out()
    rank = len(a.shape)
    dim = norm_dim(dim, rank)
    a = L.fn.materialize(a)
    ie = index.elem

    def body(bd, args):
        at = [bd.index(k) for k in range(rank)]
        at[dim] = to_index(bd, args[0], ie, a.shape[dim])
        return [extract(bd, a, at)]
    return L.fn.generic([(shape, elem)], [index], body)[0]


def _scatter_loops(L, what, shape, dim, index, src):
    """What the scatters share: dim normalized, the loop names (the
    output's dims, dim read through a reduction over the index's extent)
    and src cut to the index's shape (a scalar stays one). An index smaller
    than the output outside dim is refused."""
    rank = len(shape)
    dim = norm_dim(dim, rank)
    if any(index.shape[d] != shape[d] for d in range(rank) if d != dim):
        L.error("%s with an index smaller than the output outside dim %d is not supported" % (what, dim))
    at = ["d%d" % d for d in range(rank)]
    at[dim] = "d%d" % rank
    if isinstance(src, Tensor) and tuple(src.shape) != tuple(index.shape) and \
            all(s >= i for s, i in zip(src.shape, index.shape)):
        src = L.fn.materialize(extract_slice(L, src, [0] * rank, list(index.shape), [1] * rank))
    return dim, at, src


def _scatter(L, base, dim, index, src, accumulate):
    """out = base, then out[..., index[p], ...] (=|+=) src[p] over positions
    p of index (dim `dim`): for each output element, a reduction over the
    index's extent along dim finds the positions that write it (the last
    one wins without accumulate, like PyTorch's CPU loop)."""
    shape, elem = L.out()
    c = compute_elem(elem)
    dim, at, src = _scatter_loops(L, "scatter", shape, dim, index, src)
    ie = index.elem
    k = index.shape[dim]
    ins = [(index, index.base_exprs(at))]
    scalar_src = not isinstance(src, Tensor)
    if not scalar_src:
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
    if reduce is not None:  # the older API: scatter_(dim, index, src, reduce="add" | "multiply")
        if reduce not in ("add", "multiply"):
            L.error("scatter with reduce='%s' is not supported" % reduce)
        if not isinstance(src, Tensor):
            src = L.fn.filled(tuple(index.shape), L.out()[1], src)
        return h_scatter_reduce(L, base, dim, index, src, "sum" if reduce == "add" else "prod", True)
    return _scatter(L, base, dim, index, src, accumulate=False)


@handles("scatter_add")
def h_scatter_add(L, base, dim, index, src):
    return _scatter(L, base, dim, index, src, accumulate=True)


def wrap_negative(bd, v, elem, size):
    """A negative index counts from the end (PyTorch's advanced indexing)."""
    neg = bd.cmp("lt", v, bd.const(0, elem), elem)
    return bd.select(neg, bd.binary("add", v, bd.const(size, elem), elem), v, elem)


def wrapped_index(bd, v, elem, size):
    """An index from an integer element, negative ones from the end, then
    clamped to [0, size) (see to_index)."""
    return to_index(bd, wrap_negative(bd, v, elem, size), elem, size)


@handles("index_select")
def h_index_select(L, a, dim, index):
    """out[..., i, ...] = a[..., index[i], ...] along dim."""
    shape, elem = L.out()
    rank = len(shape)
    if rank == 0:
        return L.ew([a], lambda bd, e: e[0])
    dim = norm_dim(dim, rank)
    a = L.fn.materialize(a)
    ie = index.elem
    ix = Tensor(index.value, index.base_shape, ie, (shape[dim],), index.view) if index.shape else \
        Tensor(index.value, index.base_shape, ie, (1,), [None])

    def body(bd, args):
        at = [bd.index(k) for k in range(rank)]
        at[dim] = to_index(bd, args[0], ie, a.shape[dim])
        return [extract(bd, a, at)]
    return L.fn.generic([(shape, elem)], [(ix, ix.base_exprs(["d%d" % dim]))], body)[0]


@handles("index_add")
def h_index_add(L, base, dim, index, source, alpha=1):
    """out = base; out[..., index[i], ...] += alpha * source[..., i, ...]:
    for each output element a reduction over the index's extent."""
    shape, elem = L.out()
    c = compute_elem(elem)
    rank = len(shape)
    if rank == 0:
        return L.ew([base, source], lambda bd, e: bd.binary("add", e[0], bd.binary(
            "mul", e[1], bd.const(alpha, c), c), c))
    dim = norm_dim(dim, rank)
    ie = index.elem
    k = prod(index.shape)
    ix = Tensor(index.value, index.base_shape, ie, (k,), index.view if index.shape else [None])
    src = source if source.shape else source.unsqueezed(0)
    at = ["d%d" % d for d in range(rank)]
    at[dim] = "d%d" % rank
    init = L.ew([base], lambda bd, e: e[0], shape=shape, elem=c)

    def body(bd, args):
        i, v, acc = args
        here = bd.emit("arith.index_cast %s : index to %s" % (bd.index(dim), ie))
        i = wrap_negative(bd, i, ie, shape[dim])
        v = bd.cast(v, src.elem, c)
        if alpha != 1:
            v = bd.binary("mul", v, bd.const(alpha, c), c)
        return [bd.select(bd.cmp("eq", i, here, ie), bd.binary("add", acc, v, c), acc, c)]

    r = L.fn.generic([(shape, c)], [(ix, ix.base_exprs(["d%d" % rank])), (src, src.base_exprs(at))],
                     body, reduce_dims=[k], inits=[init])[0]
    return r if c == elem else L.ew([r], lambda bd, e: e[0], shape=shape, elem=elem)


def advanced_layout(L, x_shape, indices):
    """For x[indices] with integer index tensors (None for ':' dims): the
    indexed dims, the broadcast shape B of the indices, and for each result
    dim either ('x', dim of x) or ('b', dim of B), in PyTorch's order (B in
    place of the indexed dims when they are adjacent, else first)."""
    indices = list(indices) + [None] * (len(x_shape) - len(indices))
    used = [k for k, t in enumerate(indices) if t is not None]
    for k in used:
        if not isinstance(indices[k], Tensor) or indices[k].elem in ("i1",) or elem_is_float(indices[k].elem):
            L.error("indexing with a boolean mask (a value-dependent shape) is not supported; "
                    "use torch.where or masked_fill")
    b = ()
    for k in used:
        s = indices[k].shape
        n = max(len(b), len(s))
        b = tuple(max(p, q) for p, q in zip((1,) * (n - len(b)) + b, (1,) * (n - len(s)) + tuple(s)))
    adjacent = used == list(range(used[0], used[-1] + 1))
    rest = [("x", k) for k in range(len(x_shape)) if k not in used]
    bdims = [("b", j) for j in range(len(b))]
    if adjacent:
        layout = [("x", k) for k in range(used[0])] + bdims + [("x", k) for k in range(used[-1] + 1, len(x_shape))]
    else:
        layout = bdims + rest
    return indices, used, b, layout


@handles("index", "_unsafe_index")
def h_index(L, a, indices):
    """x[i], x[:, i], x[i, j] with integer index tensors (broadcast
    together); negative indices count from the end."""
    shape, elem = L.out()
    if len(indices) == 1 and isinstance(indices[0], Tensor) and indices[0].elem == "i1":
        # x[mask]: its size depends on the data (lower/masked.py)
        return masked.select(L, a, indices[0], shape[0], L.node.args[1][0])
    indices, used, b, layout = advanced_layout(L, a.shape, indices)
    a = L.fn.materialize(a)
    names = ["d%d" % r for r in range(len(layout))]
    bnames = [names[r] for r, (kind, _) in enumerate(layout) if kind == "b"]
    ins = []
    for k in used:
        t = indices[k].broadcast_to(b)
        ins.append((t, t.base_exprs(bnames)))

    def body(bd, args):
        at = [None] * len(a.shape)
        for r, (kind, k) in enumerate(layout):
            if kind == "x":
                at[k] = bd.index(r)
        for k, v in zip(used, args):
            at[k] = wrapped_index(bd, v, indices[k].elem, a.shape[k])
        return [extract(bd, a, at)]
    return L.fn.generic([(shape, elem)], ins, body)[0]


def index_put_int(L, base, indices, values, accumulate):
    """base[indices] = values (or += with accumulate, the backward of
    x[idx]): for each element of base a reduction over the index positions
    that write it; without accumulate the last write wins (PyTorch's CPU
    loop)."""
    shape, elem = L.out()
    c = compute_elem(elem)
    indices, used, b, layout = advanced_layout(L, shape, indices)
    rank = len(shape)
    nb = len(b)
    # loops: base dims (parallel), then B dims (reduction)
    bnames = ["d%d" % (rank + j) for j in range(nb)]
    res_shape = tuple(b[k] if kind == "b" else shape[k] for kind, k in layout)
    res_names = [bnames[k] if kind == "b" else "d%d" % k for kind, k in layout]
    ins = []
    for k in used:
        t = indices[k].broadcast_to(b)
        ins.append((t, t.base_exprs(bnames)))
    v = values.broadcast_to(res_shape)
    ins.append((v, v.base_exprs(res_names)))
    init = L.ew([base], lambda bd, e: e[0], shape=shape, elem=c)

    def body(bd, args):
        hit = None
        for k, i in zip(used, args):
            ie = indices[k].elem
            i = wrap_negative(bd, i, ie, shape[k])
            here = bd.emit("arith.index_cast %s : index to %s" % (bd.index(k), ie))
            h = bd.cmp("eq", i, here, ie)
            hit = h if hit is None else bd.binary("and", hit, h, "i1")
        val, acc = bd.cast(args[len(used)], values.elem, c), args[-1]
        new = bd.binary("add", acc, val, c) if accumulate else val
        return [bd.select(hit, new, acc, c)]

    r = L.fn.generic([(shape, c)], ins, body, reduce_dims=list(b), inits=[init])[0]
    return r if c == elem else L.ew([r], lambda bd, e: e[0], shape=shape, elem=elem)


@handles("repeat_interleave")
def h_repeat_interleave(L, repeats, output_size=None):
    """repeat_interleave(repeats): the indices [0]*r0 + [1]*r1 + ..., whose
    length the trace fixed: index j is the count of running sums <= j."""
    shape, elem = L.out()
    if not isinstance(repeats, Tensor) or len(repeats.shape) != 1:
        L.error("repeat_interleave is supported as PyTorch traces x.repeat_interleave(r, dim) only")
    from .scans import scan
    re_ = repeats.elem
    sums = scan(L, repeats, 0, "add", out=(tuple(repeats.shape), re_))
    init = L.fn.filled(shape, elem, 0)

    def body(bd, args):
        s, acc = args
        j = bd.emit("arith.index_cast %s : index to %s" % (bd.index(0), re_))
        hit = bd.cmp("le", s, j, re_)
        return [bd.select(hit, bd.binary("add", acc, bd.const(1, elem), elem), acc, elem)]
    return L.fn.generic([(shape, elem)], [(sums, ["d1"])], body, reduce_dims=[repeats.shape[0]], inits=[init])[0]


# -- nn.EmbeddingBag ----------------------------------------------------------------

def _bag_bounds(bd, offsets, b, n_bags, n_idx, include_last):
    """[start, end) of bag b (i64) from the offsets."""
    start = bd.cast(extract(bd, offsets, [b]), offsets.elem, "i64")
    if include_last:
        nxt = bd.emit("arith.addi %s, %s : index" % (b, bd.const(1, "index")))
        return start, bd.cast(extract(bd, offsets, [nxt]), offsets.elem, "i64")
    last = bd.cmp("eq", b, bd.const(n_bags - 1, "index"), "index")
    nxt = bd.select(last, b, bd.emit("arith.addi %s, %s : index" % (b, bd.const(1, "index"))), "index")
    end = bd.cast(extract(bd, offsets, [nxt]), offsets.elem, "i64")
    return start, bd.select(last, bd.const(n_idx, "i64"), end, "i64")


@handles("_embedding_bag", "_embedding_bag_forward_only")
def h_embedding_bag(L, weight, indices, offsets, scale_grad_by_freq=False, mode=0, sparse=False,
                    per_sample_weights=None, include_last_offset=False, padding_idx=-1):
    """sum (mode 0) or mean (mode 1) of the weight rows of each bag
    [offsets[b], offsets[b + 1]), padding_idx left out (of the mean's
    count too), an empty bag 0; with offset2bag and bag_size, which the
    backward reads (max_indices: zeros, max mode is not supported)."""
    if mode not in (0, 1):
        L.error("embedding_bag with mode='max' is not supported (sum and mean are)")
    if per_sample_weights is not None and mode != 0:
        L.error("embedding_bag's per_sample_weights need mode='sum' (as PyTorch)")
    if len(indices.shape) != 1:
        L.error("embedding_bag with 2-D input is traced with offsets by PyTorch; got %d-D indices"
                % len(indices.shape))
    shape, elem = L.out(0)
    c = compute_elem(elem)
    n_bags, n_idx = shape[0], indices.shape[0]
    weight, offsets, indices = L.fn.materialize(weight), L.fn.materialize(offsets), L.fn.materialize(indices)
    psw = per_sample_weights
    ie = indices.elem
    pad = padding_idx if padding_idx is not None and padding_idx >= 0 else None

    def member(bd, i_val):
        """Whether index position d2 (value i_val) counts for bag d0."""
        start, end = _bag_bounds(bd, offsets, bd.index(0), n_bags, n_idx, include_last_offset)
        i = bd.emit("arith.index_cast %s : index to i64" % bd.index(2))
        hit = bd.binary("and", bd.cmp("ge", i, start, "i64"), bd.cmp("lt", i, end, "i64"), "i1")
        if pad is not None:
            hit = bd.binary("and", hit, bd.cmp("ne", i_val, bd.const(pad, ie), ie), "i1")
        return hit

    def body(bd, a):
        idx, acc, cnt = a[0], a[-2], a[-1]
        hit = member(bd, idx)
        row = bd.cast(extract(bd, weight, [to_index(bd, idx, ie, weight.shape[0]), bd.index(1)]),
                      weight.elem, c)
        if psw is not None:  # ATen's axpy: acc + w_i * row
            row = bd.binary("mul", bd.cast(a[1], psw.elem, c), row, c)
        return [bd.select(hit, bd.binary("add", acc, row, c), acc, c),
                bd.select(hit, bd.binary("add", cnt, bd.const(1, "i64"), "i64"), cnt, "i64")]
    ins = [(indices, ["d2"])] + ([(psw, psw.base_exprs(["d2"]))] if psw is not None else [])
    total, count = L.fn.generic([(shape, c), (shape, "i64")], ins, body, reduce_dims=[n_idx],
                                inits=[L.fn.filled(shape, c, 0.0), L.fn.filled(shape, "i64", 0)])
    if mode == 1:
        # (ew converts the count to the compute type)
        out = L.ew([total, count], lambda bd, e: bd.select(
            bd.cmp("eq", e[1], bd.const(0.0, c), c), bd.const(0.0, c), bd.binary("div", e[0], e[1], c), c),
            shape=shape, elem=elem, compute=c)
    else:
        out = rounded(L, total, elem)
    # offset2bag[i]: the last bag starting at or before i.
    o_shape, o_elem = L.out(1)
    if prod(o_shape):
        def o_body(bd, a):
            (acc,) = a
            i = bd.emit("arith.index_cast %s : index to i64" % bd.index(0))
            b = bd.emit("arith.addi %s, %s : index" % (bd.index(1), bd.const(1, "index")))
            start = bd.cast(extract(bd, offsets, [b]), offsets.elem, "i64")
            return [bd.select(bd.cmp("le", start, i, "i64"), bd.binary("add", acc, bd.const(1, o_elem), o_elem),
                              acc, o_elem)]
        offset2bag = L.fn.generic([(o_shape, o_elem)], [], o_body, reduce_dims=[n_bags - 1],
                                  inits=[L.fn.filled(o_shape, o_elem, 0)])[0]
    else:
        offset2bag = L.fn.filled(o_shape, o_elem, 0)
    s_shape, s_elem = L.out(2)

    def s_body(bd, a):  # (include_last_offset: one more entry than bags, 0)
        b = bd.index(0)
        inside = bd.cmp("lt", b, bd.const(n_bags, "index"), "index")
        n = extract(bd, count, [bd.select(inside, b, bd.const(0, "index"), "index"), bd.const(0, "index")])
        return [bd.cast(bd.select(inside, n, bd.const(0, "i64"), "i64"), "i64", s_elem)]
    bag_size = L.fn.generic([(s_shape, s_elem)], [], s_body)[0] if prod(s_shape) else \
        L.fn.filled(s_shape, s_elem, 0)
    m_shape, m_elem = L.out(3)
    return out, offset2bag, bag_size, L.fn.filled(m_shape, m_elem, 0)


@handles("_embedding_bag_dense_backward")
def h_embedding_bag_backward(L, grad, indices, offset2bag, bag_size, maximum_indices, num_weights,
                             scale_grad_by_freq, mode, per_sample_weights, padding_idx=-1):
    """gw[v, j] = sum over positions i with indices[i] == v (not padding)
    of grad[offset2bag[i], j] (divided by that bag's size for mean)."""
    if mode not in (0, 1) or scale_grad_by_freq:
        L.error("embedding_bag's backward is supported for sum and mean without "
                "scale_grad_by_freq")
    psw = per_sample_weights
    shape, elem = L.out()
    c = compute_elem(elem)
    n_idx = indices.shape[0]
    grad, bag_size = L.fn.materialize(grad), L.fn.materialize(bag_size)
    ie, oe = indices.elem, offset2bag.elem
    pad = padding_idx if padding_idx is not None and padding_idx >= 0 else None

    def body(bd, a):
        idx, bag, acc = a[0], a[1], a[-1]
        v = bd.emit("arith.index_cast %s : index to %s" % (bd.index(0), ie))
        hit = bd.cmp("eq", idx, v, ie)
        if pad is not None:
            hit = bd.binary("and", hit, bd.cmp("ne", idx, bd.const(pad, ie), ie), "i1")
        b = to_index(bd, bag, oe, grad.shape[0])
        g = bd.cast(extract(bd, grad, [b, bd.index(1)]), grad.elem, c)
        if mode == 1:
            n = bd.cast(extract(bd, bag_size, [b]), bag_size.elem, "i64")
            g = bd.binary("div", g, bd.emit("arith.sitofp %s : i64 to %s" % (
                bd.binary("max", n, bd.const(1, "i64"), "i64"), c)), c)
        if psw is not None:
            g = bd.binary("mul", g, bd.cast(a[2], psw.elem, c), c)
        return [bd.select(hit, bd.binary("add", acc, g, c), acc, c)]
    ins = [(indices, ["d2"]), (offset2bag, ["d2"])] + \
        ([(psw, psw.base_exprs(["d2"]))] if psw is not None else [])
    r = L.fn.generic([(shape, c)], ins, body, reduce_dims=[n_idx], inits=[L.fn.filled(shape, c, 0.0)])[0]
    return rounded(L, r, elem)


@handles("_embedding_bag_per_sample_weights_backward")
def h_embedding_bag_psw_backward(L, grad, weight, indices, offsets, offset2bag, mode, padding_idx=-1):
    """The gradient of per_sample_weights: for position i, the dot product
    of its bag's output gradient with its weight row (0 at padding_idx)."""
    if mode != 0:
        L.error("embedding_bag's per_sample_weights need mode='sum' (as PyTorch)")
    shape, elem = L.out()
    c = compute_elem(elem)
    grad, weight = L.fn.materialize(grad), L.fn.materialize(weight)
    ie, oe = indices.elem, offset2bag.elem
    pad = padding_idx if padding_idx is not None and padding_idx >= 0 else None
    d = weight.shape[1]

    def body(bd, a):
        idx, bag, acc = a
        b = to_index(bd, bag, oe, grad.shape[0])
        g = bd.cast(extract(bd, grad, [b, bd.index(1)]), grad.elem, c)
        w = bd.cast(extract(bd, weight, [to_index(bd, idx, ie, weight.shape[0]), bd.index(1)]),
                    weight.elem, c)
        new = bd.binary("add", acc, bd.binary("mul", g, w, c), c)
        if pad is not None:
            new = bd.select(bd.cmp("eq", idx, bd.const(pad, ie), ie), acc, new, c)
        return [new]
    r = L.fn.generic([(shape, c)], [(indices, ["d0"]), (offset2bag, ["d0"])], body,
                     reduce_dims=[d], inits=[L.fn.filled(shape, c, 0.0)])[0]
    return rounded(L, r, elem)


@handles("scatter_reduce")
def h_scatter_reduce(L, base, dim, index, src, reduce, include_self=True):
    """out = base, then each out[..., index[q], ...] reduced ("sum", "prod",
    "mean", "amax", "amin") with src[q] along dim; with include_self=False
    base takes no part where anything is scattered and stays where nothing
    is. For each output element a reduction over the index's extent (a
    count beside it for the mean and for include_self=False)."""
    kinds = {"sum": "add", "mean": "add", "prod": "mul", "amax": "max", "amin": "min"}
    if reduce not in kinds:
        L.error("scatter_reduce with reduce='%s' is not supported" % reduce)
    shape, elem = L.out()
    c = compute_elem(elem)
    rank = len(shape)
    dim, at, src = _scatter_loops(L, "scatter_reduce", shape, dim, index, src)
    ie = index.elem
    fl = elem_is_float(c)
    big = float("inf") if fl else (1 << (int(c[1:]) - 1)) - 1
    ident = {"sum": 0, "mean": 0, "prod": 1, "amax": -big if fl else -big - 1, "amin": big}[reduce]
    if elem_is_unsigned(c):
        ident = {"amax": 0, "amin": (1 << int(c[1:])) - 1}.get(reduce, ident)
    init = L.ew([base], lambda bd, e: e[0], shape=shape, elem=c) if include_self else \
        L.fn.filled(shape, c, float(ident) if fl else ident)
    kind = kinds[reduce]

    def body(bd, args):
        idx, v, acc, cnt = args
        here = bd.emit("arith.index_cast %s : index to %s" % (bd.index(dim), ie))
        hit = bd.cmp("eq", wrap_negative(bd, idx, ie, shape[dim]), here, ie)
        v = bd.cast(v, src.elem, c)
        return [bd.select(hit, bd.binary(kind, acc, v, c), acc, c),
                bd.select(hit, bd.binary("add", cnt, bd.const(1, "i64"), "i64"), cnt, "i64")]
    r, cnt = L.fn.generic([(shape, c), (shape, "i64")],
                          [(index, index.base_exprs(at)), (src, src.base_exprs(at))], body,
                          reduce_dims=[index.shape[dim]], inits=[init, L.fn.filled(shape, "i64", 0)])

    def finish(bd, e):
        red, n, b = e
        if reduce == "mean":
            total = bd.binary("add", n, bd.const(1, "i64"), "i64") if include_self else n
            total = bd.binary("max", total, bd.const(1, "i64"), "i64")
            tc = bd.emit("arith.sitofp %s : i64 to %s" % (total, c)) if fl else total
            red = bd.binary("div", red, tc, c) if fl else bd.emit("arith.floordivsi %s, %s : %s" % (red, tc, c))
        if not include_self:
            red = bd.select(bd.cmp("eq", n, bd.const(0, "i64"), "i64"), bd.cast(b, base.elem, c), red, c)
        return bd.cast(red, c, elem)
    return L.fn.generic([(shape, elem)], [(r, ["d%d" % d for d in range(rank)]),
                                          (cnt, ["d%d" % d for d in range(rank)]),
                                          (base, base.base_exprs(["d%d" % d for d in range(rank)]))],
                        lambda bd, a: [finish(bd, a[:3])])[0]


def _named(L, shape, dim, index):
    """An i1 tensor of `shape`: whether each element's coordinate along dim
    is one of `index`'s values (negative ones from the end), found by a
    reduction over them."""
    ie = index.elem
    k = prod(index.shape)
    ix = L.fn.reshape(index, (k,))

    def body(bd, a):
        i, acc = a
        here = bd.emit("arith.index_cast %s : index to %s" % (bd.index(dim), ie))
        return [bd.binary("or", acc, bd.cmp("eq", wrap_negative(bd, i, ie, shape[dim]), here, ie), "i1")]
    return L.fn.generic([(tuple(shape), "i1")], [(ix, ix.base_exprs(["d%d" % len(shape)]))], body,
                        reduce_dims=[k], inits=[L.fn.filled(tuple(shape), "i1", False)])[0]


@handles("index_fill")
def h_index_fill(L, base, dim, index, value):
    """out = base with every position whose coordinate along dim is in
    `index` set to value (a scalar or a 0-d tensor; trace's backward):
    for each element a reduction over the index list finds whether it is
    named."""
    shape, elem = L.out()
    rank = len(shape)
    if rank == 0:
        L.error("index_fill of a 0-d tensor is not supported")
    dim = norm_dim(dim, rank)
    return h_where(L, _named(L, shape, dim, index), value, base)


@handles("trace")
def h_trace(L, a):
    """The sum of a matrix's main diagonal (of any matrix, tall or wide)."""
    _, elem = L.out()
    return L.reduce(diagonal_of(L, a), [0], False, elem=elem)


@handles("embedding_renorm")
def h_embedding_renorm(L, weight, indices, max_norm, norm_type):
    """nn.Embedding(max_norm=...)'s in-place renorm of the rows it looks up
    (the caller writes the result into the weight): a row named by
    `indices` whose p-norm exceeds max_norm is scaled by
    max_norm / (norm + 1e-7), as PyTorch's CPU kernel."""
    shape, elem = L.out()
    c = compute_elem(elem)
    named = _named(L, (weight.shape[0],), 0, indices)
    p = float(norm_type)

    def power(bd, x):
        a = bd.unary("math.absf", x, c)
        if p == 2.0:
            return bd.binary("mul", a, a, c)
        return a if p == 1.0 else bd.emit("math.powf %s, %s : %s" % (a, bd.const(p, c), c))
    total = L.reduce(weight, [1], True, elem=c, fn=power)

    def f(bd, e):
        w, hit, s = e
        norm = s if p == 1.0 else (bd.unary("math.sqrt", s, c) if p == 2.0 else
                                   bd.emit("math.powf %s, %s : %s" % (s, bd.const(1.0 / p, c), c)))
        big = bd.binary("and", bd.cmp("ne", hit, bd.const(0.0, c), c),
                        bd.cmp("gt", norm, bd.const(float(max_norm), c), c), "i1")
        scale = bd.binary("div", bd.const(float(max_norm), c), bd.binary("add", norm, bd.const(1e-7, c), c), c)
        return bd.select(big, bd.binary("mul", w, scale, c), w, c)
    return L.ew([weight, named.unsqueezed(1).broadcast_to(shape), total.broadcast_to(shape)], f, shape=shape, elem=elem)


# Inductor's decompositions on PyTorch 2.x (torch.compile, remat_torch's
# compiler="inductor") keep the masked forms of index and index_put
# (embedding and its backward); their plain forms without bounds checks,
# _unsafe_index and _unsafe_index_put, are index's and index_put's.

def _clamped(L, indices, shape, low_to_minus_size):
    """Each integer index clamped to [0 or -size, size - 1], as the
    decompositions do before indexing."""
    out = []
    for k, t in enumerate(indices):
        if not isinstance(t, Tensor):
            out.append(t)
            continue
        hi, lo = shape[k] - 1, -shape[k] if low_to_minus_size else 0
        out.append(L.ew([t], lambda bd, e, lo=lo, hi=hi, ie=t.elem: bd.binary(
            "min", bd.binary("max", e[0], bd.const(lo, ie), ie), bd.const(hi, ie), ie),
            shape=t.shape, elem=t.elem))
    return out


@handles("_unsafe_masked_index")
def h_unsafe_masked_index(L, a, mask, indices, fill):
    """a[clamped indices] where mask, else fill."""
    got = h_index(L, a, _clamped(L, indices, a.shape, False))
    return select(L, mask, got, fill, *L.out())


@handles("_unsafe_masked_index_put_accumulate")
def h_unsafe_masked_index_put_accumulate(L, base, mask, indices, values):
    """base[clamped indices] += values where mask (Inductor's embedding
    backward)."""
    masked_values = select(L, mask, values, 0.0, values.shape, values.elem)
    return index_put_int(L, base, _clamped(L, indices, base.shape, True), masked_values, True)


@handles("_embedding_bag_backward")
def h_embedding_bag_backward_any(L, grad, indices, offsets, offset2bag, bag_size, maximum_indices,
                                 num_weights, scale_grad_by_freq, mode, sparse, per_sample_weights,
                                 padding_idx=-1):
    """What 2.15 traces for embedding_bag's backward: the dense one (a
    sparse gradient is taken dense, as for nn.Embedding(sparse=True)). Its
    CPU forward leaves offset2bag empty for sum bags: then each position's
    bag is counted from the offsets, as the kernel's backward does."""
    n = indices.shape[0]
    if prod(offset2bag.shape) != n:
        ie = offsets.elem

        def body(bd, a):  # bag of position i: the offsets at or before it, less one
            i = bd.emit("arith.index_cast %s : index to %s" % (bd.index(0), ie))
            at = bd.cmp("le", a[0], i, ie)
            return [bd.binary("add", a[1], bd.cast(at, "i1", "i64"), "i64")]
        offset2bag = L.fn.generic([((n,), "i64")], [(offsets, ["d1"])], body,
                                  reduce_dims=[offsets.shape[0]],
                                  inits=[L.fn.filled((n,), "i64", -1)])[0]
    return h_embedding_bag_backward(L, grad, indices, offset2bag, bag_size, maximum_indices, num_weights,
                                    scale_grad_by_freq, mode, per_sample_weights, padding_idx)
