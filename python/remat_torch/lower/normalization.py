"""Softmax and log-softmax, layer norm and batch norm, with their backward
ops.
"""

from ..mlir import Tensor, prod, ttype
from .core import channel_view, compute_elem, handles, norm_dim, rounded, square


def softmax(L, a, dim, elem):
    """linalg.softmax of `a` over `dim`, in `elem`."""
    a = L.fn.materialize(a)
    if a.elem != elem:
        a = L.ew([a], lambda bd, e: e[0], shape=a.shape, elem=elem)
    shape = a.shape
    dim = norm_dim(dim, len(shape))
    e = L.fn.empty(shape, elem)
    name = L.fn.fresh("sm")
    t = ttype(shape, elem)
    L.fn.line("%s = linalg.softmax dimension(%d) ins(%s : %s) outs(%s : %s) -> %s" % (
        name, dim, a.value, t, e, t, t))
    return Tensor(name, shape, elem)


@handles("_softmax")
def h_softmax(L, a, dim, half_to_float=False):
    return softmax(L, a, dim, L.out()[1])


@handles("_softmax_backward_data")
def h_softmax_backward(L, grad, out, dim, input_dtype=None):
    shape, elem = L.out()
    c = compute_elem(elem)
    prod_t = L.ew([grad, out], lambda bd, e: bd.binary("mul", e[0], e[1], c), shape=shape, elem=c)
    s = L.reduce(prod_t, [dim], True, elem=c)
    return L.ew([out, grad, s], lambda bd, e: bd.binary("mul", e[0], bd.binary("sub", e[1], e[2], c), c))


@handles("_log_softmax")
def h_log_softmax(L, a, dim, half_to_float=False):
    shape, elem = L.out()
    c = compute_elem(elem)
    m = L.reduce(a, [dim], True, "max", elem=c)
    s = L.reduce(L.ew([a, m], lambda bd, e: bd.unary("math.exp", bd.binary("sub", e[0], e[1], c), c),
                      shape=shape, elem=c), [dim], True, elem=c)
    return L.ew([a, m, s], lambda bd, e: bd.binary("sub", bd.binary("sub", e[0], e[1], c),
                                                   bd.unary("math.log", e[2], c), c))


@handles("_log_softmax_backward_data")
def h_log_softmax_backward(L, grad, out, dim, input_dtype=None):
    shape, elem = L.out()
    c = compute_elem(elem)
    s = L.reduce(grad, [dim], True, elem=c)
    return L.ew([grad, out, s], lambda bd, e: bd.binary("sub", e[0], bd.binary(
        "mul", bd.unary("math.exp", e[1], c), e[2], c), c))


@handles("native_layer_norm")
def h_layer_norm(L, x, normalized_shape, weight, bias, eps):
    shape, elem = L.out(0)
    c = compute_elem(elem)
    k = len(normalized_shape)
    rank = len(x.shape)
    dims = list(range(rank - k, rank))
    n = float(prod(normalized_shape))
    mean = L.ew([L.reduce(x, dims, True, elem=c)], lambda bd, e: bd.binary("div", e[0], bd.const(n, c), c),
                shape=tuple(x.shape[:rank - k]) + (1,) * k, elem=c)
    var = L.reduce(L.ew([x, mean], lambda bd, e: square(bd, bd.binary("sub", e[0], e[1], c), c),
                        shape=x.shape, elem=c), dims, True, elem=c)
    rstd = L.ew([var], lambda bd, e: bd.unary("math.rsqrt", bd.binary(
        "add", bd.binary("div", e[0], bd.const(n, c), c), bd.const(eps, c), c), c),
        shape=mean.shape, elem=c)
    ops = [x, mean, rstd] + [t for t in (weight, bias) if t is not None]

    out = L.ew(ops, _normalize(weight, bias, c), shape=shape, elem=elem)
    mshape, melem = L.out(1)
    if melem != c:
        mean = L.ew([mean], lambda bd, e: e[0], shape=mshape, elem=melem)
        rstd = L.ew([rstd], lambda bd, e: e[0], shape=mshape, elem=melem)
    return (out, mean, rstd)


def _normalize(weight, bias, c):
    """(x - mean) * rstd [* weight] [+ bias] over operands x, mean, rstd, w?, b?."""
    def f(bd, e):
        y = bd.binary("mul", bd.binary("sub", e[0], e[1], c), e[2], c)
        i = 3
        if weight is not None:
            y = bd.binary("mul", y, e[i], c)
            i += 1
        if bias is not None:
            y = bd.binary("add", y, e[i], c)
        return y
    return f


@handles("native_layer_norm_backward")
def h_layer_norm_backward(L, go, x, normalized_shape, mean, rstd, weight, bias, output_mask):
    c = compute_elem(x.elem)
    k = len(normalized_shape)
    rank = len(x.shape)
    norm = list(range(rank - k, rank))
    outer = list(range(rank - k))
    n = float(prod(normalized_shape))
    xhat = L.ew([x, mean, rstd], lambda bd, e: bd.binary("mul", bd.binary("sub", e[0], e[1], c), e[2], c),
                shape=x.shape, elem=c)
    results = [None, None, None]
    if output_mask[0]:
        g = go if weight is None else L.ew([go, weight], lambda bd, e: bd.binary("mul", e[0], e[1], c),
                                           shape=x.shape, elem=c)
        s1 = L.reduce(g, norm, True, elem=c)
        s2 = L.reduce(L.ew([g, xhat], lambda bd, e: bd.binary("mul", e[0], e[1], c), shape=x.shape, elem=c),
                      norm, True, elem=c)
        # dx = rstd/N * (N*g - sum(g) - xhat*sum(g*xhat))
        def f(bd, e):
            gg, xh, a, b, r = e
            t = bd.binary("sub", bd.binary("mul", bd.const(n, c), gg, c), a, c)
            t = bd.binary("sub", t, bd.binary("mul", xh, b, c), c)
            return bd.binary("mul", bd.binary("div", r, bd.const(n, c), c), t, c)
        results[0] = L.ew([g, xhat, s1, s2, rstd], f, shape=x.shape, elem=L.out(0)[1])
    if output_mask[1] and weight is not None:
        shape, elem = L.out(1)
        results[1] = L.reduce(L.ew([go, xhat], lambda bd, e: bd.binary("mul", e[0], e[1], c),
                                   shape=x.shape, elem=c), outer, False, elem=elem)
    if output_mask[2] and bias is not None:
        shape, elem = L.out(2)
        results[2] = L.reduce(go, outer, False, elem=elem)
    return tuple(results)


def _invstd(L, var, eps, c):
    """1 / sqrt(var + eps) per channel, as PyTorch's batch norm computes it."""
    return L.ew([var], lambda bd, e: bd.binary("div", bd.const(1.0, c), bd.unary(
        "math.sqrt", bd.binary("add", e[0], bd.const(eps, c), c), c), c), shape=var.shape, elem=c)


_BN_DEFAULTS = {"weight": None, "bias": None, "running_mean": None, "running_var": None,
                "training": False, "momentum": 0.1, "eps": 1e-5}


@handles("native_batch_norm", "_native_batch_norm_legit", "_native_batch_norm_legit_no_training",
         "_native_batch_norm_legit_functional")
def h_batch_norm(L, x, *args, **kwargs):
    """Batch norm, every overload by its schema's argument names:
    native_batch_norm and _native_batch_norm_legit (running statistics
    updated in place when training), its no_stats overload (batch
    statistics only), _no_training (eval), and 2.x's functional variant,
    which returns the new running statistics as results 3 and 4 instead."""
    names = [a.name for a in L.node.target._schema.arguments][1:]
    a = dict(_BN_DEFAULTS)
    a.update(zip(names, args))
    a.update(kwargs)
    fx_args = dict(zip(names, L.node.args[1:]))
    fx_args.update(L.node.kwargs)
    weight, bias, running_mean, running_var = a["weight"], a["bias"], a["running_mean"], a["running_var"]
    momentum, eps = a["momentum"], a["eps"]
    training = a["training"]
    functional = "functional" in str(L.node.target)
    shape, elem = L.out(0)
    c = compute_elem(elem)
    rank = len(x.shape)
    red = [0] + list(range(2, rank))
    m = float(prod(x.shape[d] for d in red))
    chans = (x.shape[1],)
    if training:
        mean = L.ew([L.reduce(x, red, False, elem=c)], lambda bd, e: bd.binary("div", e[0], bd.const(m, c), c),
                    shape=chans, elem=c)
        var = L.ew([L.reduce(L.ew([x, channel_view(mean, rank)], lambda bd, e: square(bd, bd.binary("sub", e[0], e[1], c), c),
                                  shape=x.shape, elem=c), red, False, elem=c)],
                   lambda bd, e: bd.binary("div", e[0], bd.const(m, c), c), shape=chans, elem=c)
        invstd = _invstd(L, var, eps, c)
        if running_mean is not None:
            mom = momentum
            unbias = m / (m - 1) if m > 1 else 1.0
            new_rm = L.ew([running_mean, mean], lambda bd, e: bd.binary("add", bd.binary(
                "mul", e[0], bd.const(1 - mom, c), c), bd.binary("mul", e[1], bd.const(mom, c), c), c),
                shape=chans, elem=running_mean.elem)
            new_rv = L.ew([running_var, var], lambda bd, e: bd.binary("add", bd.binary(
                "mul", e[0], bd.const(1 - mom, c), c), bd.binary("mul", bd.binary(
                    "mul", e[1], bd.const(unbias, c), c), bd.const(mom, c), c), c),
                shape=chans, elem=running_var.elem)
            if functional:
                return (_batch_norm_out(L, x, mean, invstd, weight, bias, c), mean, invstd, new_rm, new_rv)
            L.mutate(fx_args["running_mean"], new_rm)
            L.mutate(fx_args["running_var"], new_rv)
        save_mean, save_invstd = mean, invstd
        use_mean, use_invstd = mean, invstd
    else:
        use_mean = running_mean
        use_invstd = _invstd(L, running_var, eps, c)
        s_shape, s_elem = L.out(1)
        save_mean = L.fn.filled(s_shape, s_elem, 0.0)
        save_invstd = L.fn.filled(L.out(2)[0], L.out(2)[1], 0.0)
    out = _batch_norm_out(L, x, use_mean, use_invstd, weight, bias, c)
    if functional:  # eval: the running statistics are returned unchanged
        return (out, save_mean, save_invstd, running_mean, running_var)
    return (out, save_mean, save_invstd)


def _batch_norm_out(L, x, mean, invstd, weight, bias, c):
    rank = len(x.shape)
    ops = [x, channel_view(mean, rank), channel_view(invstd, rank)]
    if weight is not None:
        ops.append(channel_view(weight, rank))
    if bias is not None:
        ops.append(channel_view(bias, rank))
    shape, elem = L.out(0)
    return L.ew(ops, _normalize(weight, bias, c), shape=shape, elem=elem)


@handles("native_batch_norm_backward")
def h_batch_norm_backward(L, go, x, weight, running_mean, running_var, save_mean, save_invstd,
                          train, eps, output_mask):
    c = compute_elem(x.elem)
    rank = len(x.shape)
    red = [0] + list(range(2, rank))
    m = float(prod(x.shape[d] for d in red))
    if train:
        mean, invstd = save_mean, save_invstd
    else:
        mean = running_mean
        invstd = _invstd(L, running_var, eps, c)
    xhat = L.ew([x, channel_view(mean, rank), channel_view(invstd, rank)],
                lambda bd, e: bd.binary("mul", bd.binary("sub", e[0], e[1], c), e[2], c), shape=x.shape, elem=c)
    gb = L.reduce(go, red, False, elem=c)
    gw = L.reduce(L.ew([go, xhat], lambda bd, e: bd.binary("mul", e[0], e[1], c), shape=x.shape, elem=c),
                  red, False, elem=c)
    results = [None, None, None]
    if output_mask[0]:
        ops = [go, xhat, channel_view(gb, rank), channel_view(gw, rank), channel_view(invstd, rank)]
        if weight is not None:
            ops.append(channel_view(weight, rank))

        def f(bd, e):
            scale = e[4] if weight is None else bd.binary("mul", e[4], e[5], c)
            if not train:
                return bd.binary("mul", e[0], scale, c)
            t = bd.binary("sub", e[0], bd.binary("div", e[2], bd.const(m, c), c), c)
            t = bd.binary("sub", t, bd.binary("mul", e[1], bd.binary("div", e[3], bd.const(m, c), c), c), c)
            return bd.binary("mul", t, scale, c)

        results[0] = L.ew(ops, f, shape=x.shape, elem=L.out(0)[1])
    if output_mask[1]:
        shape, elem = L.out(1)
        results[1] = gw if elem == c else L.ew([gw], lambda bd, e: e[0], shape=shape, elem=elem)
    if output_mask[2]:
        shape, elem = L.out(2)
        results[2] = gb if elem == c else L.ew([gb], lambda bd, e: e[0], shape=shape, elem=elem)
    return tuple(results)


def _grouped(L, t, n, g, hw):
    """(N, C, ...) as (N, G, C/G, HxW)."""
    return L.fn.reshape(t, (n, g, t.shape[1] // g, hw))


def _per_channel(L, t, g):
    """A [C] vector as [1, G, C/G, 1] for the grouped view."""
    t = L.fn.reshape(t, (g, t.shape[0] // g))
    return Tensor(t.value, t.base_shape, t.elem, (1,) + t.base_shape + (1,), [None, 0, 1, None])


def _per_group(L, t):
    """A [N, G] statistic as [N, G, 1, 1]."""
    t = L.fn.materialize(t)
    return Tensor(t.value, t.base_shape, t.elem, t.base_shape + (1, 1), [0, 1, None, None])


@handles("native_group_norm")
def h_group_norm(L, x, weight, bias, n, ch, hw, group, eps):
    """GroupNorm: statistics over each group of C/G channels and the spatial
    dims, then a per-channel affine transform; returns (out, mean, rstd)."""
    shape, elem = L.out(0)
    c = compute_elem(elem)
    xg = _grouped(L, x, n, group, hw)
    cnt = float((ch // group) * hw)
    mean = L.ew([L.reduce(xg, [2, 3], True, elem=c)], lambda bd, e: bd.binary("div", e[0], bd.const(cnt, c), c),
                shape=(n, group, 1, 1), elem=c)
    var = L.reduce(L.ew([xg, mean], lambda bd, e: square(bd, bd.binary("sub", e[0], e[1], c), c),
                        shape=xg.shape, elem=c), [2, 3], True, elem=c)
    rstd = L.ew([var], lambda bd, e: bd.unary("math.rsqrt", bd.binary(
        "add", bd.binary("div", e[0], bd.const(cnt, c), c), bd.const(eps, c), c), c),
        shape=mean.shape, elem=c)
    ops = [xg, mean, rstd] + [_per_channel(L, t, group) for t in (weight, bias) if t is not None]
    out = L.fn.reshape(L.ew(ops, _normalize(weight, bias, c), shape=xg.shape, elem=elem), shape)
    mshape, melem = L.out(1)

    def stat(t):
        t = L.fn.reshape(t, mshape)
        return t if melem == c else L.ew([t], lambda bd, e: e[0], shape=mshape, elem=melem)
    return (out, stat(mean), stat(rstd))


@handles("native_group_norm_backward")
def h_group_norm_backward(L, go, x, mean, rstd, weight, n, ch, hw, group, output_mask):
    c = compute_elem(x.elem)
    xg, gg = _grouped(L, x, n, group, hw), _grouped(L, go, n, group, hw)
    mean, rstd = _per_group(L, mean), _per_group(L, rstd)
    cnt = float((ch // group) * hw)
    xhat = L.ew([xg, mean, rstd], lambda bd, e: bd.binary("mul", bd.binary("sub", e[0], e[1], c), e[2], c),
                shape=xg.shape, elem=c)
    results = [None, None, None]
    if output_mask[0]:
        g = gg if weight is None else L.ew([gg, _per_channel(L, weight, group)],
                                           lambda bd, e: bd.binary("mul", e[0], e[1], c), shape=xg.shape, elem=c)
        s1 = L.reduce(g, [2, 3], True, elem=c)
        s2 = L.reduce(L.ew([g, xhat], lambda bd, e: bd.binary("mul", e[0], e[1], c), shape=xg.shape, elem=c),
                      [2, 3], True, elem=c)

        def f(bd, e):  # dx = rstd/M * (M*g - sum(g) - xhat*sum(g*xhat)) over the group
            g_, xh, a, b, r = e
            t = bd.binary("sub", bd.binary("mul", bd.const(cnt, c), g_, c), a, c)
            t = bd.binary("sub", t, bd.binary("mul", xh, b, c), c)
            return bd.binary("mul", bd.binary("div", r, bd.const(cnt, c), c), t, c)
        shape, elem = L.out(0)
        results[0] = L.fn.reshape(L.ew([g, xhat, s1, s2, rstd], f, shape=xg.shape, elem=elem), shape)
    for k, fn in ((1, lambda bd, e: bd.binary("mul", e[0], e[1], c)), (2, lambda bd, e: e[0])):
        if output_mask[k]:
            shape, elem = L.out(k)
            t = L.ew([gg, xhat] if k == 1 else [gg], fn, shape=xg.shape, elem=c)
            results[k] = L.fn.reshape(L.reduce(t, [0, 3], False, elem=elem), shape)
    return tuple(results)


# -- weight norm ----------------------------------------------------------------
# nn.utils.weight_norm: w = g * v / ||v||, the norm over every dim but `dim`
# (kept, as g's shape); PyTorch's fused kernel returns the norms for its
# backward.

def _wn_dims(L, v, dim):
    """The dims the norm runs over: all but `dim` (PyTorch calls the fused
    op with dim 0 or the last dim only)."""
    d = norm_dim(dim, len(v.shape))
    return [k for k in range(len(v.shape)) if k != d]


@handles("_weight_norm_interface")
def h_weight_norm(L, v, g, dim=0):
    shape, elem = L.out(0)
    nshape, nelem = L.out(1)
    c = compute_elem(elem)
    dims = _wn_dims(L, v, dim)
    sq = L.reduce(v, dims, True, elem=c, fn=lambda bd, x: square(bd, x, c))
    norm = L.ew([sq], lambda bd, e: bd.unary("math.sqrt", e[0], c), shape=sq.shape, elem=c)
    w = L.ew([v, g, norm], lambda bd, e: bd.binary("mul", e[0], bd.binary("div", e[1], e[2], c), c),
             shape=shape, elem=elem)
    norm = rounded(L, norm, nelem)
    if tuple(norm.shape) != tuple(nshape):
        norm = L.fn.reshape(norm, tuple(nshape))
    return (w, norm)


@handles("_weight_norm_interface_backward")
def h_weight_norm_backward(L, gw, v, g, norms, dim=0):
    """dg = sum(gw * v) / n; dv = (g / n) * (gw - v * dg / n)."""
    vshape, velem = L.out(0)
    gshape, gelem = L.out(1)
    c = compute_elem(velem)
    dims = _wn_dims(L, v, dim)
    n = norms if tuple(norms.shape) == tuple(g.shape) else L.fn.reshape(norms, tuple(g.shape))
    dot = L.reduce(L.ew([gw, v], lambda bd, e: bd.binary("mul", e[0], e[1], c), shape=tuple(v.shape),
                        elem=c), dims, True, elem=c)
    if tuple(dot.shape) != tuple(g.shape):
        dot = L.fn.reshape(dot, tuple(g.shape))
    dg = L.ew([dot, n], lambda bd, e: bd.binary("div", e[0], e[1], c), shape=tuple(g.shape), elem=c)

    def dv(bd, e):
        gwe, ve, ge, ne, dge = e
        inner = bd.binary("sub", gwe, bd.binary("mul", ve, bd.binary("div", dge, ne, c), c), c)
        return bd.binary("mul", bd.binary("div", ge, ne, c), inner, c)
    grad_v = L.ew([gw, v, g, n, dg], dv, shape=vshape, elem=velem)
    return (grad_v, rounded(L, dg, gelem))
