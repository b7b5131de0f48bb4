"""Activation functions and their backward ops: relu (threshold_backward),
gelu (erf and tanh), silu, leaky_relu, softplus, elu, hardtanh,
hardswish, hardsigmoid, glu, log_sigmoid, and the backward of tanh and
sigmoid.
"""

import math

from ..mlir import Tensor, elem_is_float, ttype
from .core import channel_view, compute_elem, extract_slice, handles, norm_dim, out_compute, rounded


@handles("relu")
def h_relu(L, a):
    c = out_compute(L)
    return L.ew([a], lambda bd, e: bd.binary("max", e[0], bd.const(0 if not elem_is_float(c) else 0.0, c), c))


@handles("gelu")
def h_gelu(L, a, approximate="none"):
    c = out_compute(L)
    def f(bd, e):
        x = e[0]
        half = bd.const(0.5, c)
        one = bd.const(1.0, c)
        if approximate == "tanh":
            x3 = bd.binary("mul", bd.binary("mul", x, x, c), x, c)
            inner = bd.binary("add", x, bd.binary("mul", bd.const(0.044715, c), x3, c), c)
            t = bd.unary("math.tanh", bd.binary("mul", bd.const(math.sqrt(2 / math.pi), c), inner, c), c)
        else:
            t = bd.unary("math.erf", bd.binary("mul", x, bd.const(1 / math.sqrt(2), c), c), c)
        return bd.binary("mul", bd.binary("mul", x, half, c), bd.binary("add", one, t, c), c)
    return L.ew([a], f)


@handles("gelu_backward")
def h_gelu_backward(L, grad, a, approximate="none"):
    c = out_compute(L)
    def f(bd, e):
        g, x = e
        half = bd.const(0.5, c)
        one = bd.const(1.0, c)
        if approximate == "tanh":
            k0 = bd.const(math.sqrt(2 / math.pi), c)
            k1 = bd.const(0.044715, c)
            x2 = bd.binary("mul", x, x, c)
            x3 = bd.binary("mul", x2, x, c)
            inner = bd.binary("mul", k0, bd.binary("add", x, bd.binary("mul", k1, x3, c), c), c)
            t = bd.unary("math.tanh", inner, c)
            left = bd.binary("mul", half, bd.binary("add", one, t, c), c)
            sech2 = bd.binary("sub", one, bd.binary("mul", t, t, c), c)
            dinner = bd.binary("mul", k0, bd.binary("add", one, bd.binary("mul", bd.const(3 * 0.044715, c), x2, c), c), c)
            right = bd.binary("mul", bd.binary("mul", bd.binary("mul", half, x, c), sech2, c), dinner, c)
            return bd.binary("mul", g, bd.binary("add", left, right, c), c)
        cdf = bd.binary("mul", half, bd.binary("add", one, bd.unary(
            "math.erf", bd.binary("mul", x, bd.const(1 / math.sqrt(2), c), c), c), c), c)
        pdf = bd.binary("mul", bd.unary("math.exp", bd.binary(
            "mul", bd.binary("mul", x, x, c), bd.const(-0.5, c), c), c), bd.const(1 / math.sqrt(2 * math.pi), c), c)
        return bd.binary("mul", g, bd.binary("add", cdf, bd.binary("mul", x, pdf, c), c), c)
    return L.ew([grad, a], f)


@handles("threshold_backward")
def h_threshold_backward(L, grad, a, threshold):
    c = out_compute(L)
    def f(bd, e):
        le = bd.cmp("le", e[1], bd.const(threshold, c), c)
        return bd.select(le, bd.const(0.0, c), e[0], c)
    return L.ew([grad, a], f)


@handles("tanh_backward")
def h_tanh_backward(L, grad, y):
    c = out_compute(L)
    return L.ew([grad, y], lambda bd, e: bd.binary("mul", e[0], bd.binary(
        "sub", bd.const(1.0, c), bd.binary("mul", e[1], e[1], c), c), c))


@handles("sigmoid_backward")
def h_sigmoid_backward(L, grad, y):
    c = out_compute(L)
    return L.ew([grad, y], lambda bd, e: bd.binary("mul", e[0], bd.binary(
        "mul", e[1], bd.binary("sub", bd.const(1.0, c), e[1], c), c), c))


def _sigmoid(bd, x, c):
    one = bd.const(1.0, c)
    return bd.binary("div", one, bd.binary("add", one, bd.unary("math.exp", bd.unary("arith.negf", x, c), c), c), c)


@handles("silu")
def h_silu(L, a):
    c = out_compute(L)
    return L.ew([a], lambda bd, e: bd.binary("mul", e[0], _sigmoid(bd, e[0], c), c))


@handles("silu_backward")
def h_silu_backward(L, grad, a):
    c = out_compute(L)

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
    c = out_compute(L)

    def f(bd, e):
        pos = bd.cmp("gt", e[0], bd.const(0.0, c), c)
        return bd.select(pos, e[0], bd.binary("mul", e[0], bd.const(slope, c), c), c)
    return L.ew([a], f)


@handles("leaky_relu_backward")
def h_leaky_relu_backward(L, grad, a, slope, self_is_result=False):
    c = out_compute(L)

    def f(bd, e):
        pos = bd.cmp("gt", e[1], bd.const(0.0, c), c)
        return bd.select(pos, e[0], bd.binary("mul", e[0], bd.const(slope, c), c), c)
    return L.ew([grad, a], f)


@handles("softplus")
def h_softplus(L, a, beta=1, threshold=20):
    c = out_compute(L)

    def f(bd, e):
        bx = bd.binary("mul", e[0], bd.const(float(beta), c), c)
        soft = bd.binary("div", bd.unary("math.log1p", bd.unary("math.exp", bx, c), c),
                         bd.const(float(beta), c), c)
        return bd.select(bd.cmp("gt", bx, bd.const(float(threshold), c), c), e[0], soft, c)
    return L.ew([a], f)


@handles("softplus_backward")
def h_softplus_backward(L, grad, a, beta=1, threshold=20):
    c = out_compute(L)

    def f(bd, e):
        g, x = e
        bx = bd.binary("mul", x, bd.const(float(beta), c), c)
        z = bd.unary("math.exp", bx, c)
        soft = bd.binary("div", bd.binary("mul", g, z, c), bd.binary("add", z, bd.const(1.0, c), c), c)
        return bd.select(bd.cmp("gt", bx, bd.const(float(threshold), c), c), g, soft, c)
    return L.ew([grad, a], f)


@handles("elu")
def h_elu(L, a, alpha=1.0, scale=1.0, input_scale=1.0):
    c = out_compute(L)

    def f(bd, e):
        x = e[0]
        neg = bd.binary("mul", bd.unary("math.expm1", bd.binary("mul", x, bd.const(float(input_scale), c), c), c),
                        bd.const(float(alpha * scale), c), c)
        return bd.select(bd.cmp("gt", x, bd.const(0.0, c), c),
                         bd.binary("mul", x, bd.const(float(scale), c), c), neg, c)
    return L.ew([a], f)


@handles("elu_backward")
def h_elu_backward(L, grad, alpha, scale, input_scale, is_result, self_or_result):
    c = out_compute(L)

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
    c = out_compute(L)
    return L.ew([a], lambda bd, e: bd.binary("min", bd.binary("max", e[0], bd.const(float(lo), c), c),
                                             bd.const(float(hi), c), c))


@handles("hardtanh_backward")
def h_hardtanh_backward(L, grad, a, lo, hi):
    c = out_compute(L)

    def f(bd, e):
        inside = bd.binary("and", bd.cmp("gt", e[1], bd.const(float(lo), c), c),
                           bd.cmp("lt", e[1], bd.const(float(hi), c), c), "i1")
        return bd.select(inside, e[0], bd.const(0.0, c), c)
    return L.ew([grad, a], f)


@handles("softshrink")
def h_softshrink(L, a, lambd=0.5):
    """PyTorch's: x - lambd above lambd, x + lambd below -lambd, else 0
    (LISTA's and sparse coding's shrinkage; NaN gives 0, as there)."""
    c = out_compute(L)

    def f(bd, e):
        x, lam = e[0], bd.const(float(lambd), c)
        below = bd.select(bd.cmp("lt", x, bd.const(-float(lambd), c), c), bd.binary("add", x, lam, c),
                          bd.const(0.0, c), c)
        return bd.select(bd.cmp("gt", x, lam, c), bd.binary("sub", x, lam, c), below, c)
    return L.ew([a], f)


@handles("hardshrink")
def h_hardshrink(L, a, lambd=0.5):
    """PyTorch's: 0 in [-lambd, lambd], else x."""
    c = out_compute(L)

    def f(bd, e):
        inside = bd.binary("and", bd.cmp("ge", e[0], bd.const(-float(lambd), c), c),
                           bd.cmp("le", e[0], bd.const(float(lambd), c), c), "i1")
        return bd.select(inside, bd.const(0.0, c), e[0], c)
    return L.ew([a], f)


@handles("softshrink_backward", "hardshrink_backward")
def h_shrink_backward(L, grad, a, lambd):
    """Both shrinks' gradient (PyTorch's shrink_backward): 0 in
    [-lambd, lambd], else the incoming gradient."""
    c = out_compute(L)

    def f(bd, e):
        inside = bd.binary("and", bd.cmp("ge", e[1], bd.const(-float(lambd), c), c),
                           bd.cmp("le", e[1], bd.const(float(lambd), c), c), "i1")
        return bd.select(inside, bd.const(0.0, c), e[0], c)
    return L.ew([grad, a], f)


@handles("hardswish")
def h_hardswish(L, a):
    """x * relu6(x + 3) / 6 (MobileNetV3)."""
    c = out_compute(L)

    def f(bd, e):
        r6 = bd.binary("min", bd.binary("max", bd.binary("add", e[0], bd.const(3.0, c), c),
                                        bd.const(0.0, c), c), bd.const(6.0, c), c)
        return bd.binary("div", bd.binary("mul", e[0], r6, c), bd.const(6.0, c), c)
    return L.ew([a], f)


@handles("hardswish_backward")
def h_hardswish_backward(L, grad, a):
    """PyTorch's: 0 below -3, grad * (x/3 + 1/2) up to 3, grad from 3 on.
    At -3 the versions differ: 2.x's kernel gives 0 (x <= -3), 1.13's the
    middle formula (x < -3). (1.13's scalar tail also takes the middle at
    +3; its vector body, which runs all but a few elements, gives grad.)"""
    import torch
    c = out_compute(L)
    low = "lt" if int(torch.__version__.split(".")[0]) < 2 else "le"

    def f(bd, e):
        g, x = e
        mid = bd.binary("mul", g, bd.binary("add", bd.binary("div", x, bd.const(3.0, c), c),
                                            bd.const(0.5, c), c), c)
        v = bd.select(bd.cmp("lt", x, bd.const(3.0, c), c), mid, g, c)
        return bd.select(bd.cmp(low, x, bd.const(-3.0, c), c), bd.const(0.0, c), v, c)
    return L.ew([grad, a], f)


@handles("hardsigmoid")
def h_hardsigmoid(L, a):
    """relu6(x + 3) / 6 (MobileNetV3's squeeze-excitation gate)."""
    c = out_compute(L)
    return L.ew([a], lambda bd, e: bd.binary("div", bd.binary("min", bd.binary("max", bd.binary(
        "add", e[0], bd.const(3.0, c), c), bd.const(0.0, c), c), bd.const(6.0, c), c), bd.const(6.0, c), c))


@handles("hardsigmoid_backward")
def h_hardsigmoid_backward(L, grad, a):
    c = out_compute(L)

    def f(bd, e):
        inside = bd.binary("and", bd.cmp("gt", e[1], bd.const(-3.0, c), c),
                           bd.cmp("lt", e[1], bd.const(3.0, c), c), "i1")
        return bd.select(inside, bd.binary("div", e[0], bd.const(6.0, c), c), bd.const(0.0, c), c)
    return L.ew([grad, a], f)


def _halves(L, a, dim):
    r = len(a.shape)
    dim = norm_dim(dim, r)
    h = a.shape[dim] // 2
    sizes = list(a.shape)
    sizes[dim] = h
    off = [0] * r
    off[dim] = h
    return dim, extract_slice(L, a, [0] * r, sizes, [1] * r), extract_slice(L, a, off, sizes, [1] * r)


@handles("glu")
def h_glu(L, a, dim=-1):
    """a * sigmoid(b) of the two halves along dim."""
    c = out_compute(L)
    _, x, y = _halves(L, a, dim)
    return L.ew([x, y], lambda bd, e: bd.binary("mul", e[0], _sigmoid(bd, e[1], c), c))


@handles("glu_backward")
def h_glu_backward(L, grad, a, dim):
    shape, elem = L.out()
    c = compute_elem(elem)
    d, x, y = _halves(L, a, dim)
    ga = L.ew([grad, y], lambda bd, e: bd.binary("mul", e[0], _sigmoid(bd, e[1], c), c), shape=x.shape, elem=elem)

    def fb(bd, e):
        s = _sigmoid(bd, e[2], c)
        return bd.binary("mul", bd.binary("mul", e[0], e[1], c),
                         bd.binary("mul", s, bd.binary("sub", bd.const(1.0, c), s, c), c), c)
    gb = L.ew([grad, x, y], fb, shape=x.shape, elem=elem)
    name = L.fn.fresh("cat")
    L.fn.line("%s = tensor.concat dim(%d) %s, %s : (%s, %s) -> %s" % (
        name, d, ga.value, gb.value, ttype(ga.shape, elem), ttype(gb.shape, elem), ttype(shape, elem)))
    return Tensor(name, shape, elem)


@handles("log_sigmoid_forward")
def h_log_sigmoid(L, a):
    """(min(x, 0) - log1p(exp(-|x|)), buffer); the buffer (exp(-|x|)) is
    what PyTorch's CPU kernel keeps, the backward recomputes it from x."""
    shape, elem = L.out(0)
    c = compute_elem(elem)

    def f(bd, e):
        z = bd.unary("math.exp", bd.unary("arith.negf", bd.unary("math.absf", e[0], c), c), c)
        return bd.binary("sub", bd.binary("min", e[0], bd.const(0.0, c), c), bd.unary("math.log1p", z, c), c)
    out = L.ew([a], f, shape=shape, elem=elem)
    bshape, belem = L.out(1)
    buf = L.fn.filled(bshape, belem, 0.0)
    return (out, buf)


@handles("log_sigmoid_backward")
def h_log_sigmoid_backward(L, grad, a, buffer):
    c = out_compute(L)

    def f(bd, e):
        g, x = e
        neg = bd.cmp("lt", x, bd.const(0.0, c), c)
        z = bd.unary("math.exp", bd.unary("arith.negf", bd.unary("math.absf", x, c), c), c)
        q = bd.binary("div", z, bd.binary("add", bd.const(1.0, c), z, c), c)
        d = bd.select(neg, bd.binary("sub", bd.const(1.0, c), q, c), q, c)
        return bd.binary("mul", g, d, c)
    return L.ew([grad, a], f)


def _tanh_softplus(bd, x, c):
    return bd.unary("math.tanh", bd.unary("math.log1p", bd.unary("math.exp", x, c), c), c)


@handles("mish")
def h_mish(L, a):
    """x * tanh(log1p(exp(x))), as PyTorch's CPU kernel."""
    c = out_compute(L)
    return L.ew([a], lambda bd, e: bd.binary("mul", e[0], _tanh_softplus(bd, e[0], c), c))


@handles("mish_backward")
def h_mish_backward(L, grad, a):
    """grad * (t + x * sigmoid(x) * (1 - t^2)), t = tanh(softplus(x)) (2.x;
    1.13 traces it as elementwise ops)."""
    c = out_compute(L)

    def f(bd, e):
        g, x = e
        t = _tanh_softplus(bd, x, c)
        d = bd.binary("add", t, bd.binary("mul", bd.binary("mul", x, _sigmoid(bd, x, c), c),
                                          bd.binary("sub", bd.const(1.0, c), bd.binary("mul", t, t, c), c), c), c)
        return bd.binary("mul", g, d, c)
    return L.ew([grad, a], f)


@handles("celu")
def h_celu(L, a, alpha=1.0):
    """CELU is ELU with input_scale 1/alpha (PyTorch's own celu; its
    backward is traced as elu_backward)."""
    return h_elu(L, a, alpha, 1.0, 1.0 / alpha)


def _prelu_weight(L, x, w):
    """nn.PReLU's weight seen against x: one value, or one per channel
    (dim 1 of x)."""
    n = 1
    for s in w.shape:
        n *= s
    if n == 1:
        return L.fn.reshape(w, ()) if w.shape != () else w, None
    if len(x.shape) < 2 or x.shape[1] != n:
        L.error("prelu with %d weights on an input of shape %s (PyTorch wants 1 or one per "
                "channel, dim 1)" % (n, tuple(x.shape)))
    w = L.fn.reshape(w, (n,)) if tuple(w.shape) != (n,) else w
    return channel_view(w, len(x.shape)), 1


@handles("prelu", "_prelu_kernel")
def h_prelu(L, x, w):
    c = out_compute(L)
    wv, _ = _prelu_weight(L, x, w)

    def f(bd, e):
        pos = bd.cmp("gt", e[0], bd.const(0.0, c), c)
        return bd.select(pos, e[0], bd.binary("mul", e[0], e[1], c), c)
    return L.ew([x, wv], f)


@handles("prelu_backward", "_prelu_kernel_backward")
def h_prelu_backward(L, g, x, w):
    """(dx, dw): dx = g where x > 0 else w * g; dw sums x * g where x <= 0
    over every dim but the channel (all dims for one weight)."""
    shape, elem = L.out(0)
    c = compute_elem(elem)
    wv, channel = _prelu_weight(L, x, w)

    def dx(bd, e):
        pos = bd.cmp("gt", e[1], bd.const(0.0, c), c)
        return bd.select(pos, e[0], bd.binary("mul", e[0], e[2], c), c)
    gi = L.ew([g, x, wv], dx, shape=shape, elem=elem)
    part = L.ew([g, x], lambda bd, e: bd.select(
        bd.cmp("gt", e[1], bd.const(0.0, c), c), bd.const(0.0, c), bd.binary("mul", e[0], e[1], c), c),
        shape=tuple(x.shape), elem=c)
    wshape, welem = L.out(1)
    if tuple(wshape) == tuple(x.shape):
        # The weight as given is already broadcast to the input (2.15 passes
        # it so; autograd sums its gradient to the parameter afterwards).
        return (gi, rounded(L, part, welem))
    dims = [k for k in range(len(x.shape)) if k != channel]
    gw = L.reduce(part, dims, False, elem=c)
    gw = rounded(L, gw, welem)
    if tuple(gw.shape) != tuple(wshape):
        gw = L.fn.reshape(gw, tuple(wshape))
    return (gi, gw)
