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
