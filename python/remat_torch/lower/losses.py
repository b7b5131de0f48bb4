"""Losses: nll_loss and nll_loss2d (cross-entropy; class weights, reduction
none), mse_loss, binary_cross_entropy_with_logits, smooth_l1/huber,
soft_margin, multi_margin, binary_cross_entropy, and the masked ops of
label-smoothed cross-entropy (masked_select consumed by a sum or mean,
masked_scatter of one repeated value, index_put with one boolean mask).
"""

from ..mlir import Tensor, prod
from . import masked
from .core import compute_elem, extract, handles, index_i64, square, to_index
from .elementwise import select
from .indexing import index_put_int


@handles("nll_loss_forward", "nll_loss2d_forward")
def h_nll_loss_forward(L, x, target, weight, reduction, ignore_index):
    """-x[i, target[i], ...] (times weight[target[i]]), over (N, C) or
    (N, C, d1, ...) inputs (nll_loss2d: segmentation), reduced by mean (over
    the targets' total weight), sum or none; returns (loss, total_weight)."""
    shape, elem = L.out(0)
    c = compute_elem(elem)
    x = L.fn.materialize(x)
    if len(x.shape) == 1:
        x = L.fn.reshape(x, (1,) + x.shape)
        target = L.fn.reshape(L.fn.materialize(target), (1,))
    classes = x.shape[1]
    rows = (x.shape[0],) + tuple(x.shape[2:])
    te = target.elem
    w = L.fn.materialize(weight) if weight is not None else None

    # picked[i] = target[i] != ignore ? -w[t] * x[i, t] : 0; valid[i] = w[t] or 1 (0 if ignored).
    def body(bd, args):
        t = args[0]
        valid = bd.cmp("ne", t, bd.const(ignore_index, te), te)
        safe = to_index(bd, bd.select(valid, t, bd.const(0, te), te), te, classes)
        v = bd.cast(extract(bd, x, [bd.index(0), safe] + [bd.index(k) for k in range(1, len(rows))]), x.elem, c)
        wt = bd.cast(extract(bd, w, [safe]), w.elem, c) if w is not None else bd.const(1.0, c)
        wt = bd.select(valid, wt, bd.const(0.0, c), c)
        return [bd.unary("arith.negf", bd.binary("mul", v, wt, c), c), wt]

    picked, valid = L.fn.generic([(rows, c), (rows, c)], [target], body)
    tw_shape, tw_elem = L.out(1)
    if reduction == 0:  # none: the per-element losses
        loss = picked if c == elem else L.ew([picked], lambda bd, e: e[0], shape=rows, elem=elem)
        loss = L.fn.reshape(loss, shape) if tuple(shape) != rows else loss
        return (loss, L.fn.filled(tw_shape, tw_elem, 0.0))
    total = L.reduce(valid, None, False, elem=c)
    loss = L.reduce(picked, None, False, elem=c)
    if reduction == 1:  # mean
        loss = L.ew([loss, total], lambda bd, e: bd.binary("div", e[0], e[1], c), shape=(), elem=elem)
    else:  # sum
        loss = L.ew([loss], lambda bd, e: e[0], shape=(), elem=elem) if c != elem else loss
    total = L.ew([total], lambda bd, e: e[0], shape=tw_shape, elem=tw_elem) if tw_elem != c else total
    return (loss, total)


@handles("nll_loss_backward", "nll_loss2d_backward")
def h_nll_loss_backward(L, grad, x, target, weight, reduction, ignore_index, total_weight):
    shape, elem = L.out()
    c = compute_elem(elem)
    te = target.elem
    squeeze = len(shape) == 1
    full = (1,) + tuple(shape) if squeeze else tuple(shape)
    tgt = L.fn.reshape(L.fn.materialize(target), (full[0],)) if squeeze else target
    w = L.fn.materialize(weight) if weight is not None else None

    def body(bd, args):
        t, g, tw = args[0], bd.cast(args[1], grad.elem, c), bd.cast(args[2], total_weight.elem, c)
        hit = bd.cmp("eq", bd.emit("arith.index_cast %s : index to %s" % (bd.index(1), te)), t, te)
        valid = bd.cmp("ne", t, bd.const(ignore_index, te), te)
        both = bd.binary("and", hit, valid, "i1")
        v = bd.unary("arith.negf", g, c)
        if w is not None:
            v = bd.binary("mul", v, bd.cast(extract(bd, w, [bd.index(1)]), w.elem, c), c)
        if reduction == 1:
            v = bd.binary("div", v, tw, c)
        return [bd.cast(bd.select(both, v, bd.const(0.0, c), c), c, elem)]

    def per_row(t):  # a (N, d1, ...) tensor read at (n, ., d1, ...)
        if squeeze:
            t = L.fn.reshape(L.fn.materialize(t), (full[0],)) if t.shape != (full[0],) else t
        return t.unsqueezed(1).broadcast_to(full)
    t_view = per_row(tgt)
    g_view = grad.broadcast_to(full) if len(grad.shape) == 0 else per_row(grad)
    tw_view = total_weight.broadcast_to(full)
    r = L.fn.generic([(full, elem)], [t_view, g_view, tw_view], body)[0]
    return L.fn.reshape(r, shape) if squeeze else r


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
    sq = L.ew([x, y], lambda bd, e: square(bd, bd.binary("sub", e[0], e[1], c), c), shape=full,
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
# a selection x[mask] as boolean indexing's (lower/masked.py), so that its
# mean, and the backward's division by the traced count, use the count at
# run time.
@handles("masked_select")
def h_masked_select(L, a, mask):
    shape = tuple(a.shape) if len(a.shape) >= len(mask.shape) else tuple(mask.shape)
    n = L.out()[0][0]
    return masked.select(L, a.broadcast_to(shape), mask.broadcast_to(shape), n, L.node.args[1])


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
    return select(L, mask, one, base, shape, elem)


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


@handles("index_put", "_unsafe_index_put")
def h_index_put(L, base, indices, values, accumulate=False):
    """x[mask] = v with one boolean mask and one value (label smoothing's
    ignore_index handling), or x[idx] = v / x[idx] += v with integer index
    tensors (indexing.index_put_int; the backward of x[idx])."""
    shape, elem = L.out()
    if any(isinstance(t, Tensor) and t.elem != "i1" for t in indices):
        return index_put_int(L, base, indices, values, accumulate)
    if len(indices) != 1 or indices[0] is None or indices[0].elem != "i1":
        L.error("index_put is supported with one boolean mask or integer indices only")
    if prod(values.shape) != 1:
        L.error("index_put with a boolean mask is supported with one value only")
    mask = indices[0]
    v = Tensor(values.value, values.base_shape, values.elem, (), []) if values.shape else values
    if accumulate:
        c = compute_elem(elem)
        return L.ew([mask, v, base], lambda bd, e: bd.select(e[0], bd.binary("add", e[2], e[1], c), e[2], c),
                    shape=shape, elem=elem)
    return select(L, mask, v, base, shape, elem)


@handles("binary_cross_entropy_with_logits")
def h_bce_with_logits(L, x, y, weight=None, pos_weight=None, reduction=1):
    """PyTorch's stable form: (1 - y) * x + lw * (log(exp(-m) + exp(-x - m)) + m),
    m = max(-x, 0), lw = 1 + (pos_weight - 1) * y; times weight; reduced.
    Its backward is traced as elementwise ops."""
    shape, elem = L.out()
    c = compute_elem(elem)
    ops = [x, y] + [t for t in (weight, pos_weight) if t is not None]
    full = ()
    for t in ops:
        full = full if len(full) >= len(t.shape) else tuple(t.shape)

    def f(bd, e):
        xx, yy = e[0], e[1]
        one = bd.const(1.0, c)
        m = bd.binary("max", bd.unary("arith.negf", xx, c), bd.const(0.0, c), c)
        lg = bd.unary("math.log", bd.binary("add", bd.unary("math.exp", bd.unary("arith.negf", m, c), c),
                                            bd.unary("math.exp", bd.binary("sub", bd.unary("arith.negf", xx, c), m, c),
                                                     c), c), c)
        lg = bd.binary("add", lg, m, c)
        i = 2 + (weight is not None)
        if pos_weight is not None:
            lw = bd.binary("add", bd.binary("mul", bd.binary("sub", e[i], one, c), yy, c), one, c)
            lg = bd.binary("mul", lw, lg, c)
        loss = bd.binary("add", bd.binary("mul", bd.binary("sub", one, yy, c), xx, c), lg, c)
        if weight is not None:
            loss = bd.binary("mul", loss, e[2], c)
        return loss
    t = L.ew(ops, f, shape=full, elem=c if reduction else elem)
    return _reduced(L, t, reduction, prod(full), c, elem)


def _robust(kind):
    """smooth_l1_loss (beta) and huber_loss (delta) with their backward."""
    def loss(L, x, y, reduction=1, beta=1.0):
        shape, elem = L.out()
        c = compute_elem(elem)
        full = tuple(x.shape) if len(x.shape) >= len(y.shape) else tuple(y.shape)

        def f(bd, e):
            z = bd.unary("math.absf", bd.binary("sub", e[0], e[1], c), c)
            small = bd.cmp("lt" if kind == "smooth_l1" else "le", z, bd.const(float(beta), c), c)
            sq = bd.binary("mul", bd.const(0.5, c), square(bd, z, c), c)
            if kind == "smooth_l1":
                if beta == 0:
                    return z
                return bd.select(small, bd.binary("div", sq, bd.const(float(beta), c), c),
                                 bd.binary("sub", z, bd.const(0.5 * beta, c), c), c)
            return bd.select(small, sq, bd.binary("mul", bd.const(float(beta), c), bd.binary(
                "sub", z, bd.const(0.5 * beta, c), c), c), c)
        t = L.ew([x, y], f, shape=full, elem=c if reduction else elem)
        return _reduced(L, t, reduction, prod(full), c, elem)

    def backward(L, grad, x, y, reduction, beta):
        shape, elem = L.out()
        c = compute_elem(elem)
        norm = 1.0 / prod(shape) if reduction == 1 else 1.0

        def f(bd, e):
            g, d = e[0], bd.binary("sub", e[1], e[2], c)
            b = bd.const(float(beta), c)
            nb = bd.const(-float(beta), c)
            if kind == "smooth_l1":
                lin = bd.select(bd.cmp("gt", d, bd.const(0.0, c), c), bd.const(1.0, c), bd.select(
                    bd.cmp("lt", d, bd.const(0.0, c), c), bd.const(-1.0, c), bd.const(0.0, c), c), c)
                inner = lin if beta == 0 else bd.select(
                    bd.binary("and", bd.cmp("lt", d, b, c), bd.cmp("gt", d, nb, c), "i1"),
                    bd.binary("div", d, b, c), lin, c)
            else:
                inner = bd.select(bd.cmp("lt", d, nb, c), nb, bd.select(bd.cmp("gt", d, b, c), b, d, c), c)
            return bd.binary("mul", bd.binary("mul", inner, g, c), bd.const(norm, c), c)
        return L.ew([grad, x, y], f)
    return loss, backward


for _kind in ("smooth_l1", "huber"):
    _loss, _backward = _robust(_kind)
    handles(_kind + "_loss")(_loss)
    handles(_kind + "_loss_backward")(_backward)


@handles("soft_margin_loss")
def h_soft_margin_loss(L, x, y, reduction=1):
    """log(1 + exp(-y x)), as ATen computes it (log1p of exp)."""
    shape, elem = L.out()
    c = compute_elem(elem)
    full = tuple(x.shape) if len(x.shape) >= len(y.shape) else tuple(y.shape)
    t = L.ew([x, y], lambda bd, e: bd.unary("math.log1p", bd.unary("math.exp", bd.binary(
        "mul", bd.unary("arith.negf", e[0], c), e[1], c), c), c), shape=full, elem=c if reduction else elem)
    return _reduced(L, t, reduction, prod(full), c, elem)


@handles("soft_margin_loss_backward")
def h_soft_margin_loss_backward(L, grad, x, y, reduction=1):
    """ATen's order: (y * z) * -norm / (1 + z) * grad, z = exp(-y x)."""
    shape, elem = L.out()
    c = compute_elem(elem)
    norm = 1.0 / prod(shape) if reduction == 1 else 1.0

    def f(bd, e):
        z = bd.unary("math.exp", bd.binary("mul", bd.unary("arith.negf", e[2], c), e[1], c), c)
        g = bd.binary("mul", bd.binary("mul", e[2], z, c), bd.const(-norm, c), c)
        g = bd.binary("div", g, bd.binary("add", z, bd.const(1.0, c), c), c)
        return bd.binary("mul", g, e[0], c)
    return L.ew([grad, x, y], f)


@handles("binary_cross_entropy")
def h_bce(L, x, y, weight=None, reduction=1):
    """-(y log x + (1 - y) log(1 - x)), each log clamped at -100 as PyTorch."""
    shape, elem = L.out()
    c = compute_elem(elem)
    ops = [x, y] + ([weight] if weight is not None else [])
    full = tuple(x.shape)

    def f(bd, e):
        lo = bd.const(-100.0, c)
        lx = bd.binary("max", bd.unary("math.log", e[0], c), lo, c)
        l1x = bd.binary("max", bd.unary("math.log", bd.binary("sub", bd.const(1.0, c), e[0], c), c), lo, c)
        t = bd.binary("add", bd.binary("mul", bd.binary("sub", e[1], bd.const(1.0, c), c), l1x, c),
                      bd.unary("arith.negf", bd.binary("mul", e[1], lx, c), c), c)
        return bd.binary("mul", t, e[2], c) if weight is not None else t
    t = L.ew(ops, f, shape=full, elem=c if reduction else elem)
    return _reduced(L, t, reduction, prod(full), c, elem)


@handles("binary_cross_entropy_backward")
def h_bce_backward(L, grad, x, y, weight=None, reduction=1):
    """grad (x - y) / max((1 - x) x, 1e-12), times weight, / n for the mean."""
    shape, elem = L.out()
    c = compute_elem(elem)
    norm = 1.0 / prod(shape) if reduction == 1 else 1.0
    ops = [grad, x, y] + ([weight] if weight is not None else [])

    def f(bd, e):
        den = bd.binary("max", bd.binary("mul", bd.binary("sub", bd.const(1.0, c), e[1], c), e[1], c),
                        bd.const(1e-12, c), c)
        g = bd.binary("mul", bd.binary("div", bd.binary("sub", e[1], e[2], c), den, c), e[0], c)
        if weight is not None:
            g = bd.binary("mul", g, e[3], c)
        return bd.binary("mul", g, bd.const(norm, c), c) if norm != 1.0 else g
    return L.ew(ops, f)


def _margin_terms(L, x, target, margin, weight, c, row_fn):
    """PyTorch's multi-margin inner loop over (N, C): for d != target[n],
    z = margin - x[n, t] + x[n, d]; where z > 0, row_fn(bd, z) (times
    weight[t]), else 0; and 0 at d = t. x[n, t] comes from the same row."""
    if len(x.shape) != 2 or len(target.shape) != 1:
        L.error("multi_margin_loss is supported on (N, C) input with (N,) targets only")
    x = L.fn.materialize(x)
    w = L.fn.materialize(weight) if weight is not None else None
    te = target.elem
    classes = x.shape[1]

    def body(bd, a):
        t, v = a[0], bd.cast(a[1], x.elem, c)
        ti = to_index(bd, t, te, classes)
        xt = bd.cast(extract(bd, x, [bd.index(0), ti]), x.elem, c)
        z = bd.binary("add", bd.binary("sub", bd.const(float(margin), c), xt, c), v, c)
        h = row_fn(bd, z)
        if w is not None:
            h = bd.binary("mul", h, bd.cast(extract(bd, w, [ti]), w.elem, c), c)
        off = bd.cmp("ne", bd.emit("arith.index_cast %s : index to %s" % (bd.index(1), te)), t, te)
        live = bd.binary("and", off, bd.cmp("gt", z, bd.const(0.0, c), c), "i1")
        return [bd.select(live, h, bd.const(0.0, c), c)]
    return L.fn.generic([(tuple(x.shape), c)], [(target, target.base_exprs(["d0"])), x], body)[0]


@handles("multi_margin_loss")
def h_multi_margin_loss(L, x, target, p=1, margin=1, weight=None, reduction=1):
    """sum over d != t of max(0, margin - x[t] + x[d])^p (times weight[t]),
    over the C classes, then reduced over the batch (p in {1, 2})."""
    if p not in (1, 2):
        L.error("multi_margin_loss with p=%s is not supported (PyTorch allows 1 and 2)" % p)
    shape, elem = L.out()
    c = compute_elem(elem)
    terms = _margin_terms(L, x, target, margin, weight, c,
                          lambda bd, z: z if p == 1 else bd.binary("mul", z, z, c))
    per = L.reduce(terms, [1], False, elem=c)
    n, classes = x.shape
    per = L.ew([per], lambda bd, e: bd.binary("div", e[0], bd.const(float(classes), c), c),
               shape=(n,), elem=c if reduction else elem)
    return _reduced(L, per, reduction, n, c, elem)


@handles("multi_margin_loss_backward")
def h_multi_margin_loss_backward(L, grad, x, target, p=1, margin=1, weight=None, reduction=1):
    """h = g (p = 1) or 2 g z (p = 2), g = 1 / (N C) (mean) or 1 / C, at
    each live d; minus their row sum at d = t; times the output gradient."""
    shape, elem = L.out()
    c = compute_elem(elem)
    n, classes = x.shape
    g = 1.0 / (n * classes) if reduction == 1 else 1.0 / classes
    terms = _margin_terms(L, x, target, margin, weight, c, lambda bd, z: bd.const(g, c) if p == 1 else
                          bd.binary("mul", bd.const(2.0 * g, c), z, c))
    total = L.reduce(terms, [1], True, elem=c)

    def f(bd, e):  # (ew computes in c: the target as a float, exact for class counts)
        here = bd.cast(index_i64(bd, 1), "i64", c)
        v = bd.select(bd.cmp("eq", here, e[2], c), bd.unary("arith.negf", e[1], c), e[0], c)
        return bd.binary("mul", v, e[3], c)
    gr = grad if reduction else Tensor(grad.value, grad.base_shape, grad.elem, (n, 1), grad.view)
    return L.ew([terms, total, L.fn.reshape(L.fn.materialize(target), (n, 1)), gr], f, shape=shape, elem=elem)
