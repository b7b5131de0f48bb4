"""Convolution (1-D, 2-D and 3-D, grouped and depthwise, transposed) with
its backward. A 1-D convolution is the 2-D one on an (N, C, 1, L) view;
3-D ones are the same loops with one more spatial dim.

Three loops do all the work, each one linalg op:
  conv            y = x (*) w                      (forward; transposed: the input gradient)
  conv_data_grad  the adjoint of conv in its input (backward; transposed: the forward)
  conv_weight     sum over n, y, x of a product     (either weight gradient)
"""

from ..mlir import Tensor, ttype
from .core import channel_view, compute_elem, extract, handles, index_i64, insert_slice, pair, rounded


def padded(L, x, lo, hi, value, strides=None):
    """x (N, C, *spatial) placed at offset lo (per spatial dim) with the
    given spatial strides into a tensor filled with `value`, of size
    lo + (n-1)*s + 1 + hi per spatial dim."""
    x = L.fn.materialize(x)
    r = len(x.shape) - 2
    strides = strides or (1,) * r
    sizes = tuple(lo[i] + (x.shape[2 + i] - 1) * strides[i] + 1 + hi[i] for i in range(r))
    if sizes == tuple(x.shape[2:]):
        return x
    base = L.fn.filled(tuple(x.shape[:2]) + sizes, x.elem, value)
    return insert_slice(L, x, base, [0, 0] + list(lo[:r]), x.shape, [1, 1] + list(strides[:r]), prefix="pad")


def _mac(c, ea, eb):
    def body(bd, a):
        return [bd.binary("add", a[2], bd.binary("mul", bd.cast(a[0], ea, c), bd.cast(a[1], eb, c), c), c)]
    return body


def _d(k):
    return "d%d" % k


def conv(L, x, w, padding, stride, dilation, groups, shape, elem):
    """y[n, f, Y...] = sum_{ci, i...} xpad[n, group(f) * cg + ci, Y*s + i*d ...] * w[f, ci, i...]
    over r = 2 or 3 spatial dims."""
    c = compute_elem(elem)
    p, s, d = padding, stride, dilation
    xp = padded(L, x, p, p, 0.0)
    w = L.fn.materialize(w)
    f_, cg = w.shape[:2]
    k = w.shape[2:]
    r = len(k)
    if groups == 1 and r == 2:  # half types accumulate in f32 (the named op extends its inputs)
        init = L.fn.filled(shape, c, 0.0)
        name = L.fn.fresh("conv")
        L.fn.line("%s = linalg.conv_2d_nchw_fchw {dilations = dense<[%d, %d]> : tensor<2xi64>, "
                  "strides = dense<[%d, %d]> : tensor<2xi64>} ins(%s, %s : %s, %s) outs(%s : %s) -> %s" % (
                      name, d[0], d[1], s[0], s[1], xp.value, w.value, ttype(xp.shape, xp.elem),
                      ttype(w.shape, w.elem), init.value, ttype(shape, c), ttype(shape, c)))
        return rounded(L, Tensor(name, shape, c), elem)
    fg = f_ // groups
    init = L.fn.filled(shape, c, 0.0)
    # loops: n, f, y... (parallel), ci, i... (reduction)
    ci = _d(2 + r)
    taps = [_d(3 + r + i) for i in range(r)]
    group = "(d1 floordiv %d) * %d + %s" % (fg, cg, ci) if groups != 1 else ci
    y = L.fn.generic([(shape, c)],
                     [(xp, ["d0", group] + ["%s * %d + %s * %d" % (_d(2 + i), s[i], taps[i], d[i])
                                           for i in range(r)]),
                      (w, ["d1", ci] + taps)],
                     _mac(c, xp.elem, w.elem), reduce_dims=[cg] + list(k), inits=[init])[0]
    return rounded(L, y, elem)


def conv_data_grad(L, g, w, padding, stride, dilation, groups, shape, elem):
    """The adjoint of conv in its input: out (N, C, *spatial) from g (N, F,
    *out) and w (F, cg, *k): a stride-1 convolution of g dilated by the
    stride and padded, with w flipped and transposed to (C, F) through its
    indexing map (materializing that weight would be a parameter-only value
    computed in the backward pass)."""
    c = compute_elem(elem)
    p, s, d = padding, stride, dilation
    g = L.fn.materialize(g)
    w = L.fn.materialize(w)
    f_, cg = w.shape[:2]
    k = w.shape[2:]
    r = len(k)
    fg = f_ // groups
    lo = [d[i] * (k[i] - 1) - p[i] for i in range(r)]
    if min(lo) < 0:
        L.error("convolution with padding larger than the kernel's reach is not supported")
    # Padded size: out size + d*(k-1), so that every output row sees its taps.
    hi = [shape[2 + i] + d[i] * (k[i] - 1) - lo[i] - (g.shape[2 + i] - 1) * s[i] - 1 for i in range(r)]
    if min(hi) < 0:
        L.error("convolution whose output padding exceeds the stride is not supported")
    gp = padded(L, g, lo, hi, 0.0, strides=s)
    init = L.fn.filled(shape, c, 0.0)
    # loops: n, c, y... (parallel), f within c's group, i... (reduction)
    grouped = groups != 1
    fd = _d(2 + r)
    taps = [_d(3 + r + i) for i in range(r)]
    f_expr = "(d1 floordiv %d) * %d + %s" % (cg, fg, fd) if grouped else fd
    c_expr = "d1 mod %d" % cg if grouped else "d1"
    out = L.fn.generic([(shape, c)],
                       [(gp, ["d0", f_expr] + ["%s + %s * %d" % (_d(2 + i), taps[i], d[i]) for i in range(r)]),
                        (w, [f_expr, c_expr] + ["%d - %s" % (k[i] - 1, taps[i]) for i in range(r)])],
                       _mac(c, gp.elem, w.elem), reduce_dims=[fg] + list(k), inits=[init])[0]
    return rounded(L, out, elem)


def conv_weight(L, g, x, padding, stride, dilation, groups, shape, elem):
    """dw[f, ci, i...] = sum_{n, y...} g[n, f, y...] * xpad[n, group(f) * cg + ci, y*s + i*d ...]
    for dw of `shape` (F, cg, *k)."""
    c = compute_elem(elem)
    p, s, d = padding, stride, dilation
    g = L.fn.materialize(g)
    f_, cg = shape[:2]
    r = len(shape) - 2
    fg = f_ // groups
    n = g.shape[0]
    # Rows past what any tap reads are cut off by the loop bounds; the
    # padding only needs to reach the last tap.
    need = [(g.shape[2 + i] - 1) * s[i] + (shape[2 + i] - 1) * d[i] + 1 for i in range(r)]
    xp = padded(L, x, p, [max(need[i] - p[i] - x.shape[2 + i], 0) for i in range(r)], 0.0)
    init = L.fn.filled(shape, c, 0.0)
    # loops: f, ci, i... (parallel), n, y... (reduction)
    nd = _d(2 + r)
    outs = [_d(3 + r + i) for i in range(r)]
    out = L.fn.generic([(shape, c)],
                       [(g, [nd, "d0"] + outs),
                        (xp, [nd, "(d0 floordiv %d) * %d + d1" % (fg, cg) if groups != 1 else "d1"]
                         + ["%s * %d + %s * %d" % (outs[i], s[i], _d(2 + i), d[i]) for i in range(r)])],
                       _mac(c, g.elem, xp.elem), reduce_dims=[n] + list(g.shape[2:]), inits=[init])[0]
    return rounded(L, out, elem)


def _as_2d(L, t):
    """An (N, C, L) tensor as (N, C, 1, L); 4-D and 5-D ones unchanged."""
    if t is None or len(t.shape) != 3:
        return t
    return L.fn.reshape(t, (t.shape[0], t.shape[1], 1, t.shape[2]))


def _params(L, x, stride, padding, dilation, output_padding):
    rank = len(x.shape)
    if rank not in (3, 4, 5):
        L.error("only 1-D, 2-D and 3-D convolution (NCL, NCHW, NCDHW) is supported, got rank %d input" % rank)

    def two(v, unit):
        v = list(v) if isinstance(v, (list, tuple)) else [v]
        if rank == 3:
            return [unit] + v[:1]
        return pair(v) if rank == 4 else (v * 3 if len(v) == 1 else v)
    return rank, two(stride, 1), two(padding, 0), two(dilation, 1), two(output_padding, 0)


def _shape2d(shape):
    return tuple(shape) if len(shape) != 3 else (shape[0], shape[1], 1, shape[2])


def _back(L, t, shape):
    return t if t is None or len(shape) != 3 else L.fn.reshape(t, tuple(shape))


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
        # A bf16 convolution's bias is added to the float accumulator before
        # the one rounding (oneDNN's kernel, which PyTorch's CPU bf16 conv
        # runs): rounding the product first and the sum again differs from
        # PyTorch by an ulp on many elements. (Its transposed convolution
        # rounds, then adds the bias: as above, checked.)
        y = conv(L, x4, w4, p, s, d, groups, s4, compute_elem(elem) if bias is not None else elem)
    if bias is not None:
        c = compute_elem(elem)
        y = L.ew([y, channel_view(bias, len(s4))], lambda bd, e: bd.binary("add", e[0], e[1], c),
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


# -- F.unfold / F.fold (im2col, col2im) ------------------------------------------

def _im2col_params(kernel_size, dilation, padding, stride):
    return pair(kernel_size), pair(dilation), pair(padding), pair(stride)


@handles("im2col")
def h_im2col(L, x, kernel_size, dilation, padding, stride):
    """F.unfold: out[n, (c*kh + i)*kw + j, oy*ow + ox] =
    x[n, c, oy*s - p + i*d, ox*s - p + j*d] (0 outside)."""
    (kh, kw), d, p, s = _im2col_params(kernel_size, dilation, padding, stride)
    if len(x.shape) != 4:
        L.error("F.unfold is supported on 4-D (N, C, H, W) input only")
    shape, elem = L.out()
    n, ch, h, w = x.shape
    ow = (w + 2 * p[1] - d[1] * (kw - 1) - 1) // s[1] + 1
    x = L.fn.materialize(x)

    def body(bd, a):
        row, col = index_i64(bd, 1), index_i64(bd, 2)
        k = bd.const(kh * kw, "i64")
        cc = bd.emit("arith.divsi %s, %s : i64" % (row, k))
        rem = bd.emit("arith.remsi %s, %s : i64" % (row, k))
        i = bd.emit("arith.divsi %s, %s : i64" % (rem, bd.const(kw, "i64")))
        j = bd.emit("arith.remsi %s, %s : i64" % (rem, bd.const(kw, "i64")))
        oy = bd.emit("arith.divsi %s, %s : i64" % (col, bd.const(ow, "i64")))
        ox = bd.emit("arith.remsi %s, %s : i64" % (col, bd.const(ow, "i64")))
        ok, at = None, []
        for o, t, axis, size in ((oy, i, 0, h), (ox, j, 1, w)):
            v = bd.binary("add", bd.binary("sub", bd.binary("mul", o, bd.const(s[axis], "i64"), "i64"),
                                           bd.const(p[axis], "i64"), "i64"),
                          bd.binary("mul", t, bd.const(d[axis], "i64"), "i64"), "i64")
            good = bd.binary("and", bd.cmp("ge", v, bd.const(0, "i64"), "i64"),
                             bd.cmp("lt", v, bd.const(size, "i64"), "i64"), "i1")
            ok = good if ok is None else bd.binary("and", ok, good, "i1")
            at.append(v)
        idx = [bd.index(0), bd.emit("arith.index_cast %s : i64 to index" % cc)] + [
            bd.emit("arith.index_cast %s : i64 to index" % bd.select(ok, v, bd.const(0, "i64"), "i64")) for v in at]
        v = extract(bd, x, idx)
        return [bd.select(ok, v, bd.const(0.0, x.elem), x.elem)]
    return L.fn.generic([(shape, elem)], [], body)[0]


@handles("col2im")
def h_col2im(L, cols, output_size, kernel_size, dilation, padding, stride):
    """F.fold (and F.unfold's backward): out[n, c, y, x] = the sum over the
    taps (i, j) of the columns that read (y, x): oy*s - p + i*d == y."""
    (kh, kw), d, p, s = _im2col_params(kernel_size, dilation, padding, stride)
    shape, elem = L.out()
    c = compute_elem(elem)
    h, w = shape[2], shape[3]
    oh = (h + 2 * p[0] - d[0] * (kh - 1) - 1) // s[0] + 1
    ow = (w + 2 * p[1] - d[1] * (kw - 1) - 1) // s[1] + 1
    cols = L.fn.materialize(cols)
    init = L.fn.filled(shape, c, 0.0)

    def body(bd, a):
        (acc,) = a
        ok, coords = None, []
        for axis, (dim_y, dim_i) in enumerate(((2, 4), (3, 5))):
            y, i = index_i64(bd, dim_y), index_i64(bd, dim_i)
            num = bd.binary("sub", bd.binary("add", y, bd.const(p[axis], "i64"), "i64"),
                            bd.binary("mul", i, bd.const(d[axis], "i64"), "i64"), "i64")
            q = bd.emit("arith.divsi %s, %s : i64" % (num, bd.const(s[axis], "i64")))
            r = bd.emit("arith.remsi %s, %s : i64" % (num, bd.const(s[axis], "i64")))
            good = bd.binary("and", bd.cmp("ge", num, bd.const(0, "i64"), "i64"), bd.binary(
                "and", bd.cmp("eq", r, bd.const(0, "i64"), "i64"),
                bd.cmp("lt", q, bd.const((oh, ow)[axis], "i64"), "i64"), "i1"), "i1")
            ok = good if ok is None else bd.binary("and", ok, good, "i1")
            coords.append(bd.select(ok, q, bd.const(0, "i64"), "i64"))
        ch, i, j = index_i64(bd, 1), index_i64(bd, 4), index_i64(bd, 5)
        row = bd.binary("add", bd.binary("mul", bd.binary("add", bd.binary("mul", ch, bd.const(kh, "i64"), "i64"),
                                                          i, "i64"), bd.const(kw, "i64"), "i64"), j, "i64")
        col = bd.binary("add", bd.binary("mul", bd.select(ok, coords[0], bd.const(0, "i64"), "i64"),
                                         bd.const(ow, "i64"), "i64"),
                        bd.select(ok, coords[1], bd.const(0, "i64"), "i64"), "i64")
        idx = [bd.index(0)] + [bd.emit("arith.index_cast %s : i64 to index" % v) for v in (row, col)]
        v = bd.cast(extract(bd, cols, idx), cols.elem, c)
        return [bd.select(ok, bd.binary("add", acc, v, c), acc, c)]
    r = L.fn.generic([(shape, c)], [], body, reduce_dims=[kh, kw], inits=[init])[0]
    return rounded(L, r, elem)
