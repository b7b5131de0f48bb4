"""Boolean-mask selections, x[mask]: a value whose size depends on the data
(the number of true elements), as users write masked losses
(`F.binary_cross_entropy_with_logits(logits[valid], ...)`, `loss[mask].mean()`).

remat's graphs have static shapes, so x[mask] is never compacted: it is
kept as `Masked`, x at its full shape beside the mask, and the ops that
read it are lowered at the full shape: elementwise ops, reductions over its
trailing dims (row-wise), sums and means over the selection (a masked
reduction whose count is computed from the mask at run time), losses with
a reduction, matrix products of its rows (a linear layer over the masked
tokens: the rows are independent, so the product runs at the full shape;
its weight gradient t(grad) @ rows sums over the selected rows only, the
others zeroed), and their backward: the expand of a gradient over the
selection, and the index_put that scatters it back (a select). The graph
is then right for any mask, not only the traced one: the backward's
divisions by the traced count (mean's, a loss's) are divisions by the
count at run time. A tensor of the selection's rows given compactly (the
masked tokens' labels, shape (count, ...)) is spread to the full shape by
the mask's running count. Other readers (a gather, a result) are refused
with the op's name.
"""

import torch

from ..mlir import Tensor, prod
from .core import compute_elem, extract

# Ops applied element by element (their scalars and 0-d tensors broadcast).
ELEMENTWISE = {
    "add", "sub", "rsub", "mul", "div", "neg", "abs", "exp", "exp2", "log", "log1p",
    "expm1", "log2", "sigmoid", "tanh", "relu", "sqrt", "rsqrt", "sin", "cos", "pow",
    "reciprocal", "sign", "sgn", "clamp", "clamp_min", "clamp_max", "gelu", "silu",
    "softplus", "maximum", "minimum", "eq", "ne", "lt", "le", "gt", "ge", "logical_not",
    "logical_and", "logical_or", "bitwise_not", "_to_copy", "clone", "detach", "alias",
    "ones_like", "zeros_like", "full_like", "empty_like", "fill", "lift_fresh_copy",
    "sigmoid_backward", "tanh_backward", "threshold_backward", "gelu_backward",
    "silu_backward", "softplus_backward", "square", "xlogy", "where", "masked_fill",
    "hardtanh", "leaky_relu", "elu", "erf", "floor", "ceil", "round", "trunc", "frac",
    "atan", "asin", "acos", "sinh", "cosh", "mish", "hardsigmoid",
    "hardswish", "leaky_relu_backward", "elu_backward", "copy",
}
# Creation from another tensor's dtype only: the selection is not read.
CREATION = {"new_zeros", "new_ones", "new_full", "new_empty"}
REDUCTIONS = {"sum", "mean"}
# Views the gradient of a reduction over x[mask] flows through.
VIEWS = {"unsqueeze", "squeeze", "expand", "view", "reshape", "_unsafe_view"}
# Row-wise ops over a trailing dim (dim >= 1 of the selection).
ROWWISE = {"_softmax", "_log_softmax", "_softmax_backward_data", "_log_softmax_backward_data"}
# Reductions over trailing dims given as a dims argument (its position):
# row-wise when they leave dim 0 (the rows) alone.
DIM_REDUCTIONS = {"var": 1, "std": 1, "var_mean": 1, "std_mean": 1, "amax": 1, "amin": 1,
                  "logsumexp": 1, "linalg_vector_norm": 2}


class Masked:
    """x[mask]: `values` at x's full shape, `mask` (i1) over its leading
    dims; `count` the true elements when traced, `k` the mask's rank."""

    def __init__(self, values, mask, count, L):
        self.values, self.mask, self.count = values, mask, count
        self.k = len(mask.shape)
        self.shape = (count,) + tuple(values.shape[self.k:])
        self.elem = values.elem
        self._L = L

    def full(self, t):
        m = Masked(t, self.mask, self.count, self._L)
        m.mask_node = self.mask_node
        return m

    @property
    def trailing(self):
        return prod(self.values.shape[self.k:])


class MaskedT:
    """t(x[mask]) of a 2-D selection (count, d): read only by a matrix
    product over the selection's rows (a linear layer's weight gradient)."""

    def __init__(self, m):
        self.m = m


def _flat(x):
    if isinstance(x, (list, tuple)):
        for y in x:
            yield from _flat(y)
    else:
        yield x


def involved(args, kwargs):
    return any(isinstance(a, (Masked, MaskedT)) for a in _flat(list(args) + list(kwargs.values())))


def same_node(a, b, depth=16):
    """Whether FX nodes `a` and `b` compute the same value: the same node, or
    the same deterministic op on the same arguments (users write a mask
    twice: `h[x > 0] * 2` scattered back with `masked_scatter(x > 0, ...)`)."""
    if a is b:
        return True
    nodes = isinstance(a, torch.fx.Node) + isinstance(b, torch.fx.Node)
    if nodes == 0:  # constants
        return a == b
    if nodes == 1 or depth == 0:
        return False
    if a.op != "call_function" or b.op != "call_function" or a.target != b.target or \
            torch.Tag.nondeterministic_seeded in getattr(a.target, "tags", ()) or \
            len(a.args) != len(b.args) or a.kwargs.keys() != b.kwargs.keys():
        return False

    def same(x, y):
        if isinstance(x, (list, tuple)) and isinstance(y, (list, tuple)):
            return len(x) == len(y) and all(same(u, v) for u, v in zip(x, y))
        return same_node(x, y, depth - 1)
    return same(list(a.args), list(b.args)) and \
        all(same(a.kwargs[k], b.kwargs[k]) for k in a.kwargs)


def select(L, a, mask, count, mask_node):
    """x[mask] for a boolean mask over x's leading dims. A mask computed
    again the same way is the first one (its value, its node), so that the
    selections, and the writes back into them, match."""
    if tuple(mask.shape) != tuple(a.shape[:len(mask.shape)]):
        L.error("x[mask] is supported with a mask of x's leading dims (%s against %s)"
                % (list(mask.shape), list(a.shape)))
    for o in L.masks:
        if o.mask.value != mask.value and tuple(o.mask.shape) == tuple(mask.shape) and \
                same_node(o.mask_node, mask_node):
            mask, mask_node = o.mask, o.mask_node
            break
    m = Masked(a, mask, count, L)
    m.mask_node = mask_node
    L.masks.append(m)
    return m


def _count(L, m, elem):
    """The selection's elements at run time (times its trailing size), a 0-d
    tensor of `elem`."""
    key = (m.mask.value, tuple(m.mask.shape), tuple(m.mask.view), elem, m.trailing)
    if key not in L.mask_counts:
        c = compute_elem(elem)
        n = L.reduce(L.ew([m.mask], lambda bd, e: bd.cast(e[0], "i1", c), shape=tuple(m.mask.shape),
                          elem=c, compute="i1", yields=c), None, False, elem=c)
        if m.trailing != 1:
            n = L.ew([n], lambda bd, e: bd.binary("mul", e[0], bd.const(float(m.trailing), c), c),
                     shape=(), elem=c)
        L.mask_counts[key] = n
    return L.mask_counts[key]


def _zeroed(L, m, elem):
    """The selection's values with the unselected elements 0."""
    full = tuple(m.values.shape)
    c = compute_elem(elem)
    return L.fn.generic([(full, elem)], [_mask_full(m), m.values],
                        lambda bd, e: [bd.cast(bd.select(e[0], bd.cast(e[1], m.values.elem, c),
                                                         bd.const(0.0, c), c), c, elem)])[0]


def _put(L, target, sel, acc):
    """target with the selection's positions set to its values (added to
    them with `acc`): index_put and masked_scatter into its mask."""
    shape, elem = L.out()
    c = compute_elem(elem)

    def body(bd, e):
        old, v = bd.cast(e[2], target.elem, c), bd.cast(e[1], sel.values.elem, c)
        new = bd.binary("add", old, v, c) if acc else v
        return [bd.cast(bd.select(e[0], new, old, c), c, elem)]
    return L.fn.generic([(shape, elem)], [_mask_full(sel), sel.values, target], body)[0]


def _mask_full(m):
    """The mask broadcast over the trailing dims."""
    full = tuple(m.values.shape)
    return Tensor(m.mask.value, m.mask.base_shape, m.mask.elem, full,
                  list(m.mask.view) + [None] * (len(full) - m.k))


def _same_mask(a, b):
    return a.mask is b.mask or a.mask.value == b.mask.value or same_node(a.mask_node, b.mask_node)


def _rows(L, m, values):
    """`values` (the selection's full shape, 2-D selection) as rows: the
    mask's dims as one."""
    if m.k == 1:
        return values
    return L.fn.reshape(L.fn.materialize(values), (prod(m.mask.shape), m.trailing))


def spread(L, m, t):
    """A tensor `t` of the selection's rows given compactly ((count, ...),
    in the mask's row-major order, as x[mask] lists them) at the selection's
    full shape: position p takes row cumsum(mask)[p] - 1, clamped to
    [0, count) (an unselected position's value is never read)."""
    from .scans import scan
    shape = tuple(m.mask.shape)
    rest = tuple(t.shape[1:])
    full = shape + rest
    if m.count == 0:  # nothing selected: no row to read
        return L.fn.filled(full, t.elem, 0.0 if t.elem.startswith(("f", "bf")) else 0)
    flat = L.fn.reshape(L.ew([m.mask], lambda bd, e: bd.cast(e[0], "i1", "i64"), shape=shape,
                             elem="i64", compute="i1", yields="i64"), (prod(shape),))
    rank = scan(L, flat, 0, "add", out=((prod(shape),), "i64"))
    rank = L.fn.reshape(rank, shape + (1,) * len(rest)).broadcast_to(full)
    src = L.fn.materialize(t)

    def body(bd, e):
        r = bd.binary("sub", e[0], bd.const(1, "i64"), "i64")
        r = bd.binary("min", bd.binary("max", r, bd.const(0, "i64"), "i64"),
                      bd.const(max(m.count - 1, 0), "i64"), "i64")
        row = bd.emit("arith.index_cast %s : i64 to index" % r)
        return [extract(bd, src, [row] + [bd.index(len(shape) + j) for j in range(len(rest))])]
    return L.fn.generic([(full, t.elem)], [rank], body)[0]


def _is_compact(m, a):
    """Whether tensor `a` is given compactly over the selection's rows."""
    return isinstance(a, Tensor) and len(a.shape) >= 1 and a.shape[0] == m.count and \
        len(a.shape) <= len(m.shape)


def _matmul(L, node, base, handler, args, kwargs, dtype):
    """mm / addmm with a selection: rows @ W (row-wise, at the full shape)
    or t(grad rows) @ rows (a sum over the selected rows, the others 0)."""
    meta = L.meta.get(node)
    a, b = (args[1], args[2]) if base == "addmm" else (args[0], args[1])
    if isinstance(a, Masked) and len(a.shape) == 2 and isinstance(b, Tensor):
        n = meta.shape[1]
        rows = _rows(L, a, a.values)
        call = [args[0], rows, b] if base == "addmm" else [rows, b]
        r = _run_full(L, node, handler, call, kwargs, (prod(a.mask.shape), n), dtype)
        if a.k != 1:
            r = L.fn.reshape(r, tuple(a.mask.shape) + (n,))
        return a.full(r)
    if base == "mm" and isinstance(a, MaskedT) and _is_compact(a.m, b) and len(b.shape) == 2:
        b = a.m.full(spread(L, a.m, b))  # a gradient given compactly
    if base == "mm" and isinstance(a, MaskedT) and isinstance(b, Masked) and len(b.shape) == 2 \
            and _same_mask(a.m, b):
        g, x = a.m, b
        g0 = _rows(L, g, _zeroed(L, g, g.values.elem))
        x0 = _rows(L, x, _zeroed(L, x, x.values.elem))
        return _run_full(L, node, handler, [g0.permuted([1, 0]), x0], kwargs, tuple(meta.shape), dtype)
    L.error("aten.%s of x[mask] is supported as rows @ matrix (a linear layer over the "
            "selection) and as t(rows) @ rows of one mask (its weight gradient)" % base)


def _rowwise(L, node, handler, args, kwargs, m, dense=()):
    """handler on full-shape operands for an op whose rows are independent:
    each result with the selection's rows (all but those in `dense`, which
    keep their shape: sums over the rows, computed from operands whose
    unselected rows the caller zeroed) is typed at the full shape and
    returned as a selection."""
    saved = L.meta.get(node)
    metas = list(saved) if isinstance(saved, (list, tuple)) else [saved]
    full = [t if i in dense or not isinstance(t, torch.Tensor) or t.dim() == 0 else
            torch.empty(tuple(m.mask.shape) + tuple(t.shape[1:]), dtype=t.dtype, device="meta")
            for i, t in enumerate(metas)]
    L.meta[node] = type(saved)(full) if isinstance(saved, (list, tuple)) else full[0]
    try:
        r = handler(L, *args, **kwargs)
    finally:
        L.meta[node] = saved
    if not isinstance(r, (list, tuple)):
        return m.full(r)
    return type(r)(x if i in dense or not isinstance(x, Tensor) or x is None else m.full(x)
                   for i, x in enumerate(r))


def _run_full(L, node, handler, args, kwargs, full_shape, dtype):
    """handler on full-shape operands, its result typed at `full_shape`."""
    saved = L.meta.get(node)
    L.meta[node] = torch.empty(full_shape, dtype=dtype, device="meta")
    try:
        return handler(L, *args, **kwargs)
    finally:
        L.meta[node] = saved


def _schema_args(node, args, upto):
    """args padded with the schema's defaults up to position `upto`."""
    schema = node.target._schema
    args = list(args)
    for j in range(len(args), upto + 1):
        d = schema.arguments[j].default_value
        args.append(d)
    return args


def lower(L, node, base, handler, args, kwargs):
    """The lowering of `node` (packet `base`) some of whose operands are
    selections."""
    flat = list(_flat(list(args) + list(kwargs.values())))
    if base in ("t", "transpose", "permute") and isinstance(args[0], Masked) and \
            len(args[0].shape) == 2 and (base == "t" or list(args[1:]) in ([1, 0], [0, 1], [-1, 0],
                                                                          [0, -1], [[1, 0]])):
        return MaskedT(args[0])
    if base in ("mm", "addmm"):
        return _matmul(L, node, base, handler, args, kwargs,
                       L.meta[node].dtype if isinstance(L.meta.get(node), torch.Tensor) else torch.float32)
    if any(isinstance(a, MaskedT) for a in flat):
        L.error("the transpose of x[mask] is read by aten.%s: supported only in a matrix "
                "product over the selection's rows" % base)
    ms = [a for a in flat if isinstance(a, Masked)]
    m = ms[0]
    for o in ms[1:]:
        if o.mask is not m.mask and o.mask.value != m.mask.value:
            L.error("two boolean-mask selections with different masks in one op are not supported")
    meta = L.meta.get(node)
    dtype = meta.dtype if isinstance(meta, torch.Tensor) else torch.float32
    full = tuple(m.values.shape)

    def unwrap(a):
        if isinstance(a, Masked):
            return a.values
        if isinstance(a, (list, tuple)):
            return type(a)(unwrap(x) for x in a)
        if isinstance(a, Tensor) and len(a.shape) > len(full) - m.k and a.shape and \
                prod(a.shape) != 1:
            if len(a.shape) == len(m.shape) and _is_compact(m, a):
                return spread(L, m, a)  # e.g. the masked tokens' labels
            L.error("an op between x[mask] and a tensor of its size that is not x[mask] "
                    "itself is not supported (its elements could not be matched)")
        return a

    if base in CREATION:
        return handler(L, *unwrap(args), **kwargs)
    if base in ELEMENTWISE:
        a = unwrap(args)
        if base == "div" and len(a) > 1 and not isinstance(a[1], Tensor) and \
                isinstance(args[0], Masked) and a[1] in (m.count * m.trailing, m.count):
            # mean's backward (and a loss's): divide by the count at run
            # time, of the elements or of the rows
            n = _count(L, m, L.elem_of(dtype))
            if a[1] != m.count * m.trailing:
                c = compute_elem(L.elem_of(dtype))
                n = L.ew([n], lambda bd, e: bd.binary("div", e[0], bd.const(float(m.trailing), c), c),
                         shape=(), elem=c)
            a = [a[0], n] + list(a[2:])
        r = _run_full(L, node, handler, a, unwrap(kwargs), full, dtype)
        return m.full(r)
    if base == "index_put":
        target, indices, values = args[0], args[1], args[2]
        acc = args[3] if len(args) > 3 else kwargs.get("accumulate", False)
        if not (isinstance(values, Masked) and len(indices) == 1 and
                indices[0] is not None and (indices[0].value == values.mask.value or
                                            same_node(node.args[1][0], values.mask_node))) \
                or isinstance(target, Masked):
            L.error("index_put of a boolean-mask selection is supported into the same mask only")
        return _put(L, target, values, acc)
    if base == "masked_scatter":  # base with the selection's positions taken from it
        target, mask, src = args[0], args[1], args[2]
        if not isinstance(src, Masked) or isinstance(target, Masked) or \
                (mask.value != src.mask.value and not same_node(node.args[1], src.mask_node)):
            L.error("masked_scatter of a boolean-mask selection is supported into the same mask only")
        return _put(L, target, src, False)
    if base in REDUCTIONS:
        a = args[0]
        if not isinstance(a, Masked):
            L.error("a reduction over a tensor and x[mask] is not supported")
        dims = args[1] if len(args) > 1 else kwargs.get("dim")
        keepdim = args[2] if len(args) > 2 else kwargs.get("keepdim", False)
        rank = len(a.shape)
        dims = list(range(rank)) if dims in (None, [], ()) else [d % rank for d in dims]
        shape, elem = L.out()
        c = compute_elem(elem)
        if 0 not in dims:  # row-wise: the rows stay a selection
            fdims = [d - 1 + a.k for d in dims]
            r = _run_full(L, node, handler, [a.values, fdims, keepdim], {},
                          _reduced_shape(full, fdims, keepdim), dtype)
            return a.full(r)
        fdims = list(range(a.k)) + [d - 1 + a.k for d in dims if d != 0]
        total = L.reduce(_zeroed(L, a, c), fdims, False, elem=c)
        if base == "mean":
            n = _count(L, a, c)
            if dims != list(range(rank)):  # the mean over the rows only: / rows
                rows = L.ew([n], lambda bd, e: bd.binary("div", e[0], bd.const(float(a.trailing), c), c),
                            shape=(), elem=c)
                n = L.ew([rows], lambda bd, e: bd.binary("mul", e[0], bd.const(
                    float(prod(a.shape[d] for d in dims if d != 0)), c), c), shape=(), elem=c)
            total = L.ew([total, n], lambda bd, e: bd.binary("div", e[0], e[1], c),
                         shape=tuple(total.shape), elem=c)
        if c != elem:
            total = L.ew([total], lambda bd, e: e[0], shape=tuple(total.shape), elem=elem)
        # keepdim (a bias gradient over the selected rows): 1s where reduced
        return L.fn.reshape(total, shape) if tuple(total.shape) != tuple(shape) else total
    if base in ("unsqueeze", "squeeze", "expand") and isinstance(args[0], Masked):
        # views over the trailing dims: the rows stay a selection
        a = list(args)
        if base == "expand":
            size = list(a[1])
            if size[0] not in (-1, m.count):
                L.error("expand of x[mask] across its rows is not supported")
            shape = tuple(m.mask.shape) + tuple(
                s if s != -1 else m.values.shape[m.k + i] for i, s in enumerate(size[1:]))
            return m.full(m.values.broadcast_to(shape))
        rank = len(m.shape) + (1 if base == "unsqueeze" else 0)
        dims = a[1] if len(a) > 1 else None
        if dims is None:
            L.error("squeeze of every dim of x[mask] is not supported")
        one = not isinstance(dims, (list, tuple))
        dims = [d % rank for d in ([dims] if one else dims)]
        if 0 in dims:
            L.error("aten.%s at dim 0 of x[mask] is not supported" % base)
        fd = [d - 1 + m.k for d in dims]
        out = list(meta.shape)[1:] if isinstance(meta, torch.Tensor) else []
        r = _run_full(L, node, handler, [m.values, fd[0] if one else fd], {},
                      tuple(m.mask.shape) + tuple(out), dtype)
        return m.full(r)
    if base in ROWWISE:
        a = list(args)
        dim = a[1] if base in ("_softmax", "_log_softmax") else a[2]
        rank = len(m.shape)
        dim = dim % rank
        if dim == 0:
            L.error("aten.%s across the rows of x[mask] is not supported" % base)
        pos = 1 if base in ("_softmax", "_log_softmax") else 2
        a[pos] = dim - 1 + m.k
        r = _run_full(L, node, handler, unwrap(a), unwrap(kwargs), full, dtype)
        return m.full(r)
    if base == "native_layer_norm" and isinstance(args[0], Masked) and \
            len(args[1]) < len(m.shape):  # normalized over trailing dims: per row
        return _rowwise(L, node, handler, unwrap(list(args)), unwrap(kwargs), m)
    if base == "native_layer_norm_backward" and isinstance(args[1], Masked) and \
            len(args[2]) < len(m.shape):
        # grad_input per row; grad_weight and grad_bias sum over the rows:
        # the unselected rows' gradient is zeroed first
        a = list(args)
        go = a[0]
        if isinstance(go, Masked):
            a[0] = go.full(_zeroed(L, go, go.values.elem))
        return _rowwise(L, node, handler, unwrap(a), unwrap(kwargs), m, dense=(1, 2))
    if base in DIM_REDUCTIONS and isinstance(args[0], Masked):
        pos = DIM_REDUCTIONS[base]
        a = _schema_args(node, args, pos)
        dims = a[pos]
        rank = len(m.shape)
        one = isinstance(dims, int)
        dl = None if dims is None else [d % rank for d in ([dims] if one else dims)]
        if not dl or 0 in dl:
            L.error("aten.%s over the rows of x[mask] is not supported" % base)
        fd = [d - 1 + m.k for d in dl]
        a[pos] = fd[0] if one else fd
        return _rowwise(L, node, handler, unwrap(a), unwrap(kwargs), m)
    if base in VIEWS and isinstance(args[0], Masked) and \
            tuple(getattr(L.meta.get(node), "shape", ())) == tuple(m.shape):
        # A view to the selection's own shape (masked_scatter's backward
        # views the gradient's selection as the source): the selection.
        return args[0]
    schema = getattr(node.target, "_schema", None)
    names = [x.name for x in schema.arguments] if schema is not None else []
    if base in ("nll_loss_forward", "nll_loss_backward"):
        return _nll(L, node, base, handler, args, m, full, dtype)
    if "reduction" in names:
        idx = names.index("reduction")
        a = _schema_args(node, args, idx)
        red = a[idx]
        if base.endswith("_backward"):
            # the loss's gradient: as for reduction=sum, then / count for mean
            a[idx] = 2 if red == 1 else red
            r = _run_full(L, node, handler, unwrap(a), unwrap(kwargs), full, dtype)
            if red == 1:
                c = compute_elem(L.elem_of(dtype))
                n = _count(L, m, c)
                r = L.ew([r, n], lambda bd, e: bd.binary("div", e[0], e[1], c), shape=full,
                         elem=L.elem_of(dtype))
            return m.full(r)
        a[idx] = 0
        r = m.full(_run_full(L, node, handler, unwrap(a), unwrap(kwargs), full, dtype))
        if red == 0:
            return r
        shape, elem = L.out()
        c = compute_elem(elem)
        total = L.reduce(_zeroed(L, r, c), None, False, elem=c)
        if red == 1:
            total = L.ew([total, _count(L, r, c)], lambda bd, e: bd.binary("div", e[0], e[1], c),
                         shape=(), elem=c)
        return total if c == elem else L.ew([total], lambda bd, e: e[0], shape=(), elem=elem)
    L.error("x[mask], a selection whose size depends on the data, is read by aten.%s: "
            "supported are elementwise ops, sums and means, softmax over its other dims and "
            "losses; use torch.where or masked_fill" % base)


def _nll(L, node, base, handler, args, m, full, dtype):
    """nll_loss of rows x[mask] with targets t[mask]: nll_loss of all rows
    with the unselected rows' targets set to ignore_index, which leaves
    them out of the sum and of the total weight alike."""
    a = _schema_args(node, args, 4 if base == "nll_loss_forward" else 6)
    xi, ti, ri, ii = (0, 1, 3, 4) if base == "nll_loss_forward" else (1, 2, 4, 5)
    x, t = a[xi], a[ti]
    if isinstance(x, Masked) and _is_compact(x, t) and len(t.shape) == 1:
        t = x.full(spread(L, x, t))  # labels of the selected rows, compactly
    if not isinstance(x, Masked) or not isinstance(t, Masked) or t.mask.value != x.mask.value:
        L.error("aten.%s is supported on rows x[mask] with targets t[mask] of the same mask" % base)
    if base == "nll_loss_forward" and a[ri] == 0:
        L.error("nll_loss of x[mask] with reduction='none' is not supported")
    te = t.values.elem
    ignore = a[ii]
    tfull = L.fn.generic([(tuple(t.values.shape), te)], [_mask_full(t), t.values], lambda bd, e: [
        bd.select(e[0], e[1], bd.const(ignore, te), te)])[0]
    xv = x.values
    rows = prod(m.mask.shape)
    if m.k != 1:  # the mask's dims as one, so that the classes are dim 1
        xv = L.fn.reshape(L.fn.materialize(xv), (rows,) + tuple(xv.shape[m.k:]))
        tfull = L.fn.reshape(tfull, (rows,) + tuple(tfull.shape[m.k:]))
    a[xi], a[ti] = xv, tfull
    a = [v.values if isinstance(v, Masked) else v for v in a]
    if base == "nll_loss_forward":
        return handler(L, *a)
    r = _run_full(L, node, handler, a, {}, tuple(xv.shape), dtype)
    if m.k != 1:
        r = L.fn.reshape(r, full)
    return m.full(r)


def _masked_source(L, node, depth):
    """The selection `node` is, or (not lowered yet) is computed from
    through elementwise ops and views, or None."""
    v = L.env.get(L.root.get(node, node))
    if isinstance(v, MaskedT):
        return v.m
    if isinstance(v, Masked):
        return v
    if v is not None or depth <= 0 or not hasattr(node, "target"):
        return None
    name = str(node.target).split(".")[-2] if "." in str(node.target) else ""
    if name not in ELEMENTWISE and name not in VIEWS:
        return None
    for a in node.all_input_nodes:
        got = _masked_source(L, a, depth - 1)
        if got is not None:
            return got
    return None


def _reduced_shape(shape, dims, keepdim):
    return tuple((1 if keepdim else None) if i in dims else s for i, s in enumerate(shape)
                 if keepdim or i not in dims)


def expand(L, t, size):
    """expand(t, size) where size's first dim is a selection's count and
    what the expand flows into (through elementwise ops) meets that
    selection or scatters back into its mask (the backward of a sum or mean
    over it): the selection's shape. Else None, a plain expand."""
    if not size or (len(t.shape) >= len(size) and t.shape[0] == size[0]):
        return None
    cands = [m for m in L.masks if m.count == size[0]]
    if not cands:
        return None
    hits = []
    seen, todo = set(), [(L.node, 0)]
    while todo:
        n, depth = todo.pop()
        if n in seen or depth > 12:
            continue
        seen.add(n)
        for u in n.users:
            name = str(u.target).split(".")[-2] if "." in str(u.target) else ""
            name = name[:-1] if name.endswith("_") and not name.startswith("__") else name
            if name == "index_put" and len(u.args) > 1 and len(u.args[1]) == 1:
                hits += [m for m in cands if same_node(m.mask_node, u.args[1][0])]
            if name == "masked_scatter" and len(u.args) > 1:
                hits += [m for m in cands if same_node(m.mask_node, u.args[1])]
            for a in u.all_input_nodes:
                v = _masked_source(L, a, 12)
                if v is not None:
                    hits += [m for m in cands if m.mask.value == v.mask.value]
            if name in ELEMENTWISE or name in VIEWS or name in ("mm", "addmm"):
                todo.append((u, depth + 1))  # (a product keeps the rows)
    masks = []
    for m in hits:
        if not any(m.mask.value == o.mask.value for o in masks):
            masks.append(m)
    if not masks:
        return None
    if len(masks) > 1:
        L.error("expand to %s: several boolean masks select %d elements; which one is "
                "meant cannot be told" % (list(size), size[0]))
    m = masks[0]
    return m.full(t.broadcast_to(tuple(m.mask.shape) + tuple(size[1:])))
