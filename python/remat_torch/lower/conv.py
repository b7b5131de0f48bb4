"""Convolution (2-D NCHW, grouped and depthwise) with its backward, and
pooling.
"""

from ..mlir import Tensor, ttype
from .core import channel_view, compute_elem, extract, handles, pair


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
    name = L.fn.fresh("pad")
    L.fn.line("%s = tensor.insert_slice %s into %s[0, 0, %d, %d] [%d, %d, %d, %d] [1, 1, %d, %d] : %s into %s" % (
        name, x.value, base.value, lo[0], lo[1], n, ch, h, w, sh, sw, ttype(x.shape, x.elem),
        ttype(base.shape, x.elem)))
    return Tensor(name, base.shape, x.elem)


def conv2d(L, x, w, stride, dilation, out_shape, elem):
    init = L.fn.filled(out_shape, elem, 0.0)
    name = L.fn.fresh("conv")
    L.fn.line("%s = linalg.conv_2d_nchw_fchw {dilations = dense<[%d, %d]> : tensor<2xi64>, "
              "strides = dense<[%d, %d]> : tensor<2xi64>} ins(%s, %s : %s, %s) outs(%s : %s) -> %s" % (
                  name, dilation[0], dilation[1], stride[0], stride[1], x.value, w.value,
                  ttype(x.shape, x.elem), ttype(w.shape, w.elem), init.value,
                  ttype(out_shape, elem), ttype(out_shape, elem)))
    return Tensor(name, out_shape, elem)


def _check_conv(L, x, transposed):
    if len(x.shape) != 4:
        L.error("only 2-D convolution (NCHW) is supported, got rank %d" % len(x.shape))
    if transposed:
        L.error("transposed convolution is not supported")


@handles("convolution")
def h_convolution(L, x, w, bias, stride, padding, dilation, transposed, output_padding, groups):
    _check_conv(L, x, transposed)
    if groups != 1:
        return grouped_conv(L, x, w, bias, stride, padding, dilation, groups)
    shape, elem = L.out()
    p = pair(padding)
    xp = padded(L, x, p, p, 0.0)
    y = conv2d(L, xp, L.fn.materialize(w), pair(stride), pair(dilation), shape, elem)
    if bias is not None:
        c = compute_elem(elem)
        y = L.ew([y, channel_view(bias, 4)], lambda bd, e: bd.binary("add", e[0], e[1], c))
    return y


@handles("convolution_backward")
def h_convolution_backward(L, go, x, w, bias_sizes, stride, padding, dilation, transposed,
                           output_padding, groups, output_mask):
    _check_conv(L, x, transposed)
    s, p, d = pair(stride), pair(padding), pair(dilation)
    elem = go.elem
    c = compute_elem(elem)
    go = L.fn.materialize(go)
    w = L.fn.materialize(w)
    f_, cg, kh, kw = w.shape
    fg = f_ // groups
    n, _, oh, ow = go.shape
    results = [None, None, None]
    # Groups: filter f reads input channels (f // fg) * cg + [0, cg); with
    # one group these expressions are the plain loop dims.
    grouped = groups != 1
    if output_mask[0]:
        # dx = conv(go dilated by the stride and padded, w flipped and
        # transposed to (C, F, kh, kw)), stride 1, same dilation.
        k = (kh, kw)
        lo = [d[i] * (k[i] - 1) - p[i] for i in range(2)]
        extra = [(x.shape[2 + i] + 2 * p[i] - d[i] * (k[i] - 1) - 1) % s[i] for i in range(2)]
        if min(lo) < 0:
            L.error("convolution_backward with padding larger than the kernel's reach is not supported")
        # One generic reads the weight flipped and transposed through its
        # indexing map: materializing that weight would be a parameter-only
        # (forward-looking) value computed in the backward pass.
        gp = padded(L, go, lo, [lo[i] + extra[i] for i in range(2)], 0.0, strides=s)
        ishape, ielem = L.out(0)
        init = L.fn.filled(ishape, c, 0.0)

        def body(bd, a):
            prod_ = bd.binary("mul", bd.cast(a[0], gp.elem, c), bd.cast(a[1], w.elem, c), c)
            return [bd.binary("add", a[2], prod_, c)]

        # loops: n, c, y, x (parallel), f within c's group, i, j (reduction)
        f_expr = "(d1 floordiv %d) * %d + d4" % (cg, fg) if grouped else "d4"
        c_expr = "d1 mod %d" % cg if grouped else "d1"
        gi = L.fn.generic([(ishape, c)],
                          [(gp, ["d0", f_expr, "d2 + d5 * %d" % d[0], "d3 + d6 * %d" % d[1]]),
                           (w, [f_expr, c_expr, "%d - d5" % (kh - 1), "%d - d6" % (kw - 1)])],
                          body, reduce_dims=[fg, kh, kw], inits=[init])[0]
        results[0] = gi if c == ielem else L.ew([gi], lambda bd, e: e[0], shape=ishape, elem=ielem)
    if output_mask[1]:
        # dw[f, c, i, j] = sum_{n, y, z} go[n, f, y, z] * xpad[n, group(f) * cg + c, y*s + i*d, z*s + j*d]
        xp = padded(L, x, p, p, 0.0)
        shape, welem = L.out(1)

        def body(bd, a):
            prod_ = bd.binary("mul", bd.cast(a[0], go.elem, c), bd.cast(a[1], xp.elem, c), c)
            return [bd.binary("add", a[2], prod_, c)]

        init = L.fn.filled(shape, c, 0.0)
        gw = L.fn.generic([(shape, c)],
                          [(go, ["d4", "d0", "d5", "d6"]),
                           (xp, ["d4", "(d0 floordiv %d) * %d + d1" % (fg, cg) if grouped else "d1",
                                 "d5 * %d + d2 * %d" % (s[0], d[0]), "d6 * %d + d3 * %d" % (s[1], d[1])])],
                          body, reduce_dims=[n, oh, ow], inits=[init])[0]
        results[1] = gw if c == welem else L.ew([gw], lambda bd, e: e[0], shape=shape, elem=welem)
    if output_mask[2] and bias_sizes is not None:
        shape, belem = L.out(2)
        results[2] = L.reduce(go, [0, 2, 3], False, elem=belem)
    return tuple(results)


@handles("max_pool2d_with_indices")
def h_max_pool(L, x, kernel, stride=None, padding=0, dilation=1, ceil_mode=False):
    if ceil_mode:
        L.error("max_pool2d with ceil_mode=True is not supported")
    if len(x.shape) != 4:
        L.error("max_pool2d is supported on NCHW input only")
    k, p, d = pair(kernel), pair(padding), pair(dilation)
    s = pair(stride) if stride else k
    shape, elem = L.out(0)
    ishape, ielem = L.out(1)
    w = x.shape[3]
    xp = padded(L, x, p, p, float("-inf"))
    init_v = L.fn.filled(shape, elem, float("-inf"))
    init_i = L.fn.filled(shape, ielem, -1)

    def body(bd, a):
        v, cur, cur_i = a
        y = bd.emit("arith.index_cast %s : index to %s" % (bd.index(2), ielem))
        z = bd.emit("arith.index_cast %s : index to %s" % (bd.index(3), ielem))
        i = bd.emit("arith.index_cast %s : index to %s" % (bd.index(4), ielem))
        j = bd.emit("arith.index_cast %s : index to %s" % (bd.index(5), ielem))
        row = bd.binary("add", bd.binary("sub", bd.binary("mul", y, bd.const(s[0], ielem), ielem),
                                         bd.const(p[0], ielem), ielem),
                        bd.binary("mul", i, bd.const(d[0], ielem), ielem), ielem)
        col = bd.binary("add", bd.binary("sub", bd.binary("mul", z, bd.const(s[1], ielem), ielem),
                                         bd.const(p[1], ielem), ielem),
                        bd.binary("mul", j, bd.const(d[1], ielem), ielem), ielem)
        flat = bd.binary("add", bd.binary("mul", row, bd.const(w, ielem), ielem), col, ielem)
        # PyTorch's CPU kernel: take val if val > max or val is NaN (first wins).
        gt = bd.cmp("gt", v, cur, elem)
        nan = bd.emit("arith.cmpf uno, %s, %s : %s" % (v, v, elem))
        take = bd.binary("or", gt, nan, "i1")
        return [bd.select(take, v, cur, elem), bd.select(take, flat, cur_i, ielem)]

    vals, idx = L.fn.generic([(shape, elem), (ishape, ielem)],
                             [(xp, ["d0", "d1", "d2 * %d + d4 * %d" % (s[0], d[0]),
                                    "d3 * %d + d5 * %d" % (s[1], d[1])])],
                             body, reduce_dims=k, inits=[init_v, init_i])
    return (vals, idx)


@handles("max_pool2d_with_indices_backward")
def h_max_pool_backward(L, go, x, kernel, stride, padding, dilation, ceil_mode, indices):
    k, p, d = pair(kernel), pair(padding), pair(dilation)
    s = pair(stride) if stride else k
    shape, elem = L.out()
    c = compute_elem(elem)
    go = L.fn.materialize(go)
    indices = L.fn.materialize(indices)
    oh, ow = go.shape[2], go.shape[3]
    w = x.shape[3]
    ie = indices.elem
    init = L.fn.filled(shape, c, 0.0)

    # dx[n, ch, y, z] = sum over window taps (i, j) of the output (oy, oz)
    # with oy*s - p + i*d == y whose argmax index is y*W + z.
    def body(bd, a):
        (acc,) = a
        ok = None
        coords = []
        for axis, (dim_y, dim_i, size) in enumerate(((2, 4, oh), (3, 5, ow))):
            y = bd.emit("arith.index_cast %s : index to i64" % bd.index(dim_y))
            i = bd.emit("arith.index_cast %s : index to i64" % bd.index(dim_i))
            num = bd.binary("sub", bd.binary("add", y, bd.const(p[axis], "i64"), "i64"),
                            bd.binary("mul", i, bd.const(d[axis], "i64"), "i64"), "i64")
            q = bd.emit("arith.divsi %s, %s : i64" % (num, bd.const(s[axis], "i64")))
            r = bd.emit("arith.remsi %s, %s : i64" % (num, bd.const(s[axis], "i64")))
            good = bd.binary("and", bd.cmp("ge", num, bd.const(0, "i64"), "i64"),
                             bd.binary("and", bd.cmp("eq", r, bd.const(0, "i64"), "i64"),
                                       bd.cmp("lt", q, bd.const(size, "i64"), "i64"), "i1"), "i1")
            ok = good if ok is None else bd.binary("and", ok, good, "i1")
            coords.append((q, good))
        safe = [bd.emit("arith.index_cast %s : i64 to index" % bd.select(
            ok, q, bd.const(0, "i64"), "i64")) for q, _ in coords]
        at = [bd.index(0), bd.index(1)] + safe
        g = bd.cast(extract(bd, go, at), go.elem, c)
        idx = bd.cast(extract(bd, indices, at), ie, "i64")
        yy = bd.emit("arith.index_cast %s : index to i64" % bd.index(2))
        zz = bd.emit("arith.index_cast %s : index to i64" % bd.index(3))
        me = bd.binary("add", bd.binary("mul", yy, bd.const(w, "i64"), "i64"), zz, "i64")
        hit = bd.binary("and", ok, bd.cmp("eq", idx, me, "i64"), "i1")
        return [bd.select(hit, bd.binary("add", acc, g, c), acc, c)]

    r = L.fn.generic([(shape, c)], [], body, reduce_dims=k, inits=[init])[0]
    if c != elem:
        r = L.ew([r], lambda bd, e: e[0], shape=shape, elem=elem)
    return r


@handles("avg_pool2d")
def h_avg_pool(L, *args):
    L.error("avg_pool2d is not supported (adaptive average pooling to 1x1 is: it traces as mean)")


def grouped_conv(L, x, w, bias, stride, padding, dilation, groups):
    """Convolution with groups > 1 (depthwise included) as one linalg.generic
    whose maps pick each filter's input channels; its backward is
    convolution_backward's, with the same group-aware maps."""
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
        return L.ew([y, channel_view(bias, 4)], lambda bd, e: bd.binary("add", e[0], e[1], c),
                    shape=shape, elem=elem)
    return y if c == elem else L.ew([y], lambda bd, e: e[0], shape=shape, elem=elem)
