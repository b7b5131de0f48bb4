"""Convolution (1-D and 2-D, grouped and depthwise, transposed) with its
backward. A 1-D convolution is the 2-D one on an (N, C, 1, L) view.

Three loops do all the work, each one linalg op:
  conv            y = x (*) w                      (forward; transposed: the input gradient)
  conv_data_grad  the adjoint of conv in its input (backward; transposed: the forward)
  conv_weight     sum over n, y, x of a product     (either weight gradient)
"""

from ..mlir import Tensor, ttype
from .core import channel_view, compute_elem, handles, insert_slice, pair, rounded


def padded(L, x, lo, hi, value, strides=(1, 1)):
    """x (N, C, H, W) placed at offset lo (per spatial dim) with the given
    spatial strides into a tensor filled with `value`, of size lo + (H-1)*s + 1 + hi."""
    x = L.fn.materialize(x)
    n, ch, h, w = x.shape
    sh, sw = strides
    hh = lo[0] + (h - 1) * sh + 1 + hi[0]
    ww = lo[1] + (w - 1) * sw + 1 + hi[1]
    if (hh, ww) == (h, w):
        return x
    base = L.fn.filled((n, ch, hh, ww), x.elem, value)
    return insert_slice(L, x, base, [0, 0, lo[0], lo[1]], x.shape, [1, 1, sh, sw], prefix="pad")


def _mac(c, ea, eb):
    def body(bd, a):
        return [bd.binary("add", a[2], bd.binary("mul", bd.cast(a[0], ea, c), bd.cast(a[1], eb, c), c), c)]
    return body


def conv(L, x, w, padding, stride, dilation, groups, shape, elem):
    """y[n, f, Y, X] = sum_{ci, i, j} xpad[n, group(f) * cg + ci, Y*s + i*d, X*s + j*d] * w[f, ci, i, j]."""
    c = compute_elem(elem)
    p, s, d = padding, stride, dilation
    xp = padded(L, x, p, p, 0.0)
    w = L.fn.materialize(w)
    f_, cg, kh, kw = w.shape
    if groups == 1:  # half types accumulate in f32 (the named op extends its inputs)
        init = L.fn.filled(shape, c, 0.0)
        name = L.fn.fresh("conv")
        L.fn.line("%s = linalg.conv_2d_nchw_fchw {dilations = dense<[%d, %d]> : tensor<2xi64>, "
                  "strides = dense<[%d, %d]> : tensor<2xi64>} ins(%s, %s : %s, %s) outs(%s : %s) -> %s" % (
                      name, d[0], d[1], s[0], s[1], xp.value, w.value, ttype(xp.shape, xp.elem),
                      ttype(w.shape, w.elem), init.value, ttype(shape, c), ttype(shape, c)))
        return rounded(L, Tensor(name, shape, c), elem)
    fg = f_ // groups
    init = L.fn.filled(shape, c, 0.0)
    # loops: n, f, y, x (parallel), ci, i, j (reduction)
    y = L.fn.generic([(shape, c)],
                     [(xp, ["d0", "(d1 floordiv %d) * %d + d4" % (fg, cg), "d2 * %d + d5 * %d" % (s[0], d[0]),
                            "d3 * %d + d6 * %d" % (s[1], d[1])]),
                      (w, ["d1", "d4", "d5", "d6"])],
                     _mac(c, xp.elem, w.elem), reduce_dims=[cg, kh, kw], inits=[init])[0]
    return rounded(L, y, elem)


def conv_data_grad(L, g, w, padding, stride, dilation, groups, shape, elem):
    """The adjoint of conv in its input: out (N, C, H, W) from g (N, F, h, w)
    and w (F, cg, kh, kw): a stride-1 convolution of g dilated by the stride
    and padded, with w flipped and transposed to (C, F) through its
    indexing map (materializing that weight would be a parameter-only value
    computed in the backward pass)."""
    c = compute_elem(elem)
    p, s, d = padding, stride, dilation
    g = L.fn.materialize(g)
    w = L.fn.materialize(w)
    f_, cg, kh, kw = w.shape
    fg = f_ // groups
    k = (kh, kw)
    lo = [d[i] * (k[i] - 1) - p[i] for i in range(2)]
    if min(lo) < 0:
        L.error("convolution with padding larger than the kernel's reach is not supported")
    # Padded size: out size + d*(k-1), so that every output row sees its taps.
    hi = [shape[2 + i] + d[i] * (k[i] - 1) - lo[i] - (g.shape[2 + i] - 1) * s[i] - 1 for i in range(2)]
    if min(hi) < 0:
        L.error("convolution whose output padding exceeds the stride is not supported")
    gp = padded(L, g, lo, hi, 0.0, strides=s)
    init = L.fn.filled(shape, c, 0.0)
    # loops: n, c, y, x (parallel), f within c's group, i, j (reduction)
    grouped = groups != 1
    f_expr = "(d1 floordiv %d) * %d + d4" % (cg, fg) if grouped else "d4"
    c_expr = "d1 mod %d" % cg if grouped else "d1"
    r = L.fn.generic([(shape, c)],
                     [(gp, ["d0", f_expr, "d2 + d5 * %d" % d[0], "d3 + d6 * %d" % d[1]]),
                      (w, [f_expr, c_expr, "%d - d5" % (kh - 1), "%d - d6" % (kw - 1)])],
                     _mac(c, gp.elem, w.elem), reduce_dims=[fg, kh, kw], inits=[init])[0]
    return rounded(L, r, elem)


def conv_weight(L, g, x, padding, stride, dilation, groups, shape, elem):
    """dw[f, ci, i, j] = sum_{n, y, z} g[n, f, y, z] * xpad[n, group(f) * cg + ci, y*s + i*d, z*s + j*d]
    for dw of `shape` (F, cg, kh, kw)."""
    c = compute_elem(elem)
    p, s, d = padding, stride, dilation
    g = L.fn.materialize(g)
    f_, cg, kh, kw = shape
    fg = f_ // groups
    n, _, oh, ow = g.shape
    # Rows past what any tap reads are cut off by the loop bounds; the
    # padding only needs to reach the last tap.
    need = [(g.shape[2 + i] - 1) * s[i] + (shape[2 + i] - 1) * d[i] + 1 for i in range(2)]
    xp = padded(L, x, p, [max(need[i] - p[i] - x.shape[2 + i], 0) for i in range(2)], 0.0)
    init = L.fn.filled(shape, c, 0.0)
    r = L.fn.generic([(shape, c)],
                     [(g, ["d4", "d0", "d5", "d6"]),
                      (xp, ["d4", "(d0 floordiv %d) * %d + d1" % (fg, cg) if groups != 1 else "d1",
                            "d5 * %d + d2 * %d" % (s[0], d[0]), "d6 * %d + d3 * %d" % (s[1], d[1])])],
                     _mac(c, g.elem, xp.elem), reduce_dims=[n, oh, ow], inits=[init])[0]
    return rounded(L, r, elem)


def _as_2d(L, t):
    """An (N, C, L) tensor as (N, C, 1, L); 4-D ones unchanged."""
    if t is None or len(t.shape) == 4:
        return t
    return L.fn.reshape(t, (t.shape[0], t.shape[1], 1, t.shape[2]))


def _params(L, x, stride, padding, dilation, output_padding):
    rank = len(x.shape)
    if rank not in (3, 4):
        L.error("only 1-D and 2-D convolution (NCL, NCHW) is supported, got rank %d input" % rank)

    def two(v, unit):
        v = list(v) if isinstance(v, (list, tuple)) else [v]
        return [unit] + v[:1] if rank == 3 else pair(v)
    return rank, two(stride, 1), two(padding, 0), two(dilation, 1), two(output_padding, 0)


def _shape2d(shape):
    return tuple(shape) if len(shape) == 4 else (shape[0], shape[1], 1, shape[2])


def _back(L, t, shape):
    return t if t is None or len(shape) == 4 else L.fn.reshape(t, tuple(shape))


@handles("convolution")
def h_convolution(L, x, w, bias, stride, padding, dilation, transposed, output_padding, groups):
    rank, s, p, d, op = _params(L, x, stride, padding, dilation, output_padding)
    shape, elem = L.out()
    x4, w4 = _as_2d(L, x), _as_2d(L, w)
    s4 = _shape2d(shape)
    if transposed:
        # w is (C_in, C_out / groups, kh, kw): the forward is conv's input adjoint.
        y = conv_data_grad(L, x4, w4, p, s, d, groups, s4, elem)
    else:
        y = conv(L, x4, w4, p, s, d, groups, s4, elem)
    if bias is not None:
        c = compute_elem(elem)
        y = L.ew([y, channel_view(bias, 4)], lambda bd, e: bd.binary("add", e[0], e[1], c),
                 shape=s4, elem=elem)
    return _back(L, y, shape)


@handles("convolution_backward")
def h_convolution_backward(L, go, x, w, bias_sizes, stride, padding, dilation, transposed,
                           output_padding, groups, output_mask):
    rank, s, p, d, op = _params(L, x, stride, padding, dilation, output_padding)
    go4, x4, w4 = _as_2d(L, go), _as_2d(L, x), _as_2d(L, w)
    results = [None, None, None]
    if output_mask[0]:
        ishape, ielem = L.out(0)
        if transposed:  # the adjoint of a transposed convolution is the convolution
            gi = conv(L, go4, w4, p, s, d, groups, _shape2d(ishape), ielem)
        else:
            gi = conv_data_grad(L, go4, w4, p, s, d, groups, _shape2d(ishape), ielem)
        results[0] = _back(L, gi, ishape)
    if output_mask[1]:
        wshape, welem = L.out(1)
        if transposed:  # dw[ci, co, i, j] pairs x[n, ci] with go[n, group(ci) * cg + co]
            gw = conv_weight(L, x4, go4, p, s, d, groups, _shape2d(wshape), welem)
        else:
            gw = conv_weight(L, go4, x4, p, s, d, groups, _shape2d(wshape), welem)
        results[1] = _back(L, gw, wshape)
    if output_mask[2] and bias_sizes is not None:
        shape, belem = L.out(2)
        results[2] = L.reduce(go, [0] + list(range(2, len(go.shape))), False, elem=belem)
    return tuple(results)
