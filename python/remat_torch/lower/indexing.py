"""Integer indexing: embedding and its backward, gather, scatter,
scatter_add.
"""

from ..mlir import Tensor, elem_is_float, prod
from .core import compute_elem, extract, extract_slice, handles, norm_dim, to_index


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
    if scale_grad_by_freq:
        L.error("embedding with scale_grad_by_freq is not supported")
    shape, elem = L.out()
    c = compute_elem(elem)
    n = prod(indices.shape)
    d = shape[1]
    g = L.fn.reshape(grad, (n, d))
    ids = L.fn.reshape(indices, (n,))
    ie = ids.elem
    # gw[v, j] = sum_i (ids[i] == v && ids[i] != padding_idx) ? g[i, j] : 0.
    init = L.fn.filled(shape, c, 0.0)

    def body(bd, args):
        i, gv, acc = args
        v = bd.emit("arith.index_cast %s : index to %s" % (bd.index(0), ie))
        hit = bd.cmp("eq", i, v, ie)
        if padding_idx is not None and padding_idx >= 0:
            hit = bd.binary("and", hit, bd.cmp("ne", i, bd.const(padding_idx, ie), ie), "i1")
        add = bd.binary("add", acc, bd.cast(gv, g.elem, c), c)
        return [bd.select(hit, add, acc, c)]

    r = L.fn.generic([(shape, c)], [(ids, ["d2"]), (g, ["d2", "d1"])], body,
                     reduce_dims=[n], inits=[init])[0]
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


@handles("index")
def h_index(L, a, indices):
    """x[i], x[:, i], x[i, j] with integer index tensors (broadcast
    together); negative indices count from the end."""
    shape, elem = L.out()
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
