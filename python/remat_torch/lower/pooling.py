"""Pooling and upsampling, with their backward ops: max pooling (2-D and
3-D, indices, ceil_mode), average pooling (2-D and 3-D,
count_include_pad, divisor_override, ceil_mode), adaptive average and max
pooling, nearest, (bi/tri)linear and bicubic upsampling, max_unpool. PyTorch traces
the 1-D forms as the 2-D ops on an unsqueezed view; adaptive pooling to
1x1 traces as mean.
"""

from ..mlir import Tensor, ttype
from .conv import padded
from .core import compute_elem, extract, handles, index_i64, index_table, pad_sides, rounded


def _ntuple(v, r):
    v = [v] if isinstance(v, int) else list(v)
    return v * r if len(v) == 1 else v


def _window_params(L, x, kernel, stride, padding, dilation=1):
    if len(x.shape) not in (4, 5):
        L.error("pooling is supported on NCHW and NCDHW input only, got rank %d" % len(x.shape))
    r = len(x.shape) - 2
    k, p, d = _ntuple(kernel, r), _ntuple(padding, r), _ntuple(dilation, r)
    s = _ntuple(stride, r) if stride else k
    return k, s, p, d


def _ceil_hi(x, shape, k, s, p, d):
    """High-side padding so that the last window (ceil_mode) fits."""
    return [max(p[i], (shape[2 + i] - 1) * s[i] + d[i] * (k[i] - 1) + 1 - x.shape[2 + i] - p[i])
            for i in range(len(k))]


def _taps(bd, k_dims, p, s, d, out_sizes):
    """Inside a loop over input positions (dims 2, 3, ...) and window taps
    (k_dims): (valid, [output coordinates] as indices) of the window whose
    tap it is: o*s - p + i*d == y per spatial dim."""
    ok = None
    coords = []
    for axis, dim_i in enumerate(k_dims):
        y, i = index_i64(bd, 2 + axis), index_i64(bd, dim_i)
        num = bd.binary("sub", bd.binary("add", y, bd.const(p[axis], "i64"), "i64"),
                        bd.binary("mul", i, bd.const(d[axis], "i64"), "i64"), "i64")
        q = bd.emit("arith.divsi %s, %s : i64" % (num, bd.const(s[axis], "i64")))
        r = bd.emit("arith.remsi %s, %s : i64" % (num, bd.const(s[axis], "i64")))
        good = bd.binary("and", bd.cmp("ge", num, bd.const(0, "i64"), "i64"),
                         bd.binary("and", bd.cmp("eq", r, bd.const(0, "i64"), "i64"),
                                   bd.cmp("lt", q, bd.const(out_sizes[axis], "i64"), "i64"), "i1"), "i1")
        ok = good if ok is None else bd.binary("and", ok, good, "i1")
        coords.append(q)
    at = [bd.emit("arith.index_cast %s : i64 to index" % bd.select(ok, q, bd.const(0, "i64"), "i64"))
          for q in coords]
    return ok, at


def _flat(bd, coords, sizes, elem):
    """Row-major flat index of `coords` in a grid of `sizes` (PyTorch's
    max pooling indices count within one (n, c) plane or volume)."""
    flat = coords[0]
    for q, n in zip(coords[1:], sizes[1:]):
        flat = bd.binary("add", bd.binary("mul", flat, bd.const(n, elem), elem), q, elem)
    return flat


@handles("max_pool2d_with_indices", "max_pool3d_with_indices")
def h_max_pool(L, x, kernel, stride=None, padding=0, dilation=1, ceil_mode=False):
    return _max_pool(L, x, kernel, stride, padding, dilation, ceil_mode)


@handles("_low_memory_max_pool_with_offsets")
def h_max_pool_offsets(L, x, kernel, stride, padding, dilation, ceil_mode):
    """Inductor's decomposition of max pooling (seen by remat's partition
    under compiler="inductor"): the argmax as its offset in the window
    (row-major over the kernel, int8) instead of the input's flat index."""
    return _max_pool(L, x, kernel, stride, padding, dilation, ceil_mode, offsets=True)


@handles("_low_memory_max_pool_offsets_to_indices")
def h_max_pool_offsets_to_indices(L, off, kernel, input_size, stride, padding, dilation):
    """Window offsets back to flat input indices, as Inductor's reference:
    per axis o * stride - padding + (offset's kernel coordinate) * dilation."""
    shape, elem = L.out()
    r = len(kernel)
    kernel, padding, dilation = _ntuple(kernel, r), _ntuple(padding, r), _ntuple(dilation, r)
    stride = _ntuple(stride, r) if stride else kernel
    oe = off.elem

    def body(bd, a):
        rest = bd.cast(a[0], oe, "i64") if oe != "i64" else a[0]
        ks = []
        for axis in reversed(range(r)):  # the kernel coordinates, last fastest
            ks.append(bd.emit("arith.remsi %s, %s : i64" % (rest, bd.const(kernel[axis], "i64"))))
            rest = bd.emit("arith.divsi %s, %s : i64" % (rest, bd.const(kernel[axis], "i64")))
        ks.reverse()
        coords = []
        for axis in range(r):
            o = index_i64(bd, len(shape) - r + axis)
            coords.append(bd.binary("add", bd.binary("sub", bd.binary("mul", o, bd.const(stride[axis], "i64"), "i64"),
                                                     bd.const(padding[axis], "i64"), "i64"),
                                    bd.binary("mul", ks[axis], bd.const(dilation[axis], "i64"), "i64"), "i64"))
        flat = _flat(bd, coords, list(input_size), "i64")
        return [bd.cast(flat, "i64", elem)]
    return L.fn.generic([(shape, elem)], [off], body)[0]


def _max_pool(L, x, kernel, stride, padding, dilation, ceil_mode, offsets=False):
    k, s, p, d = _window_params(L, x, kernel, stride, padding, dilation)
    r = len(k)
    shape, elem = L.out(0)
    ishape, ielem = L.out(1)
    xp = padded(L, x, p, _ceil_hi(x, shape, k, s, p, d), float("-inf"))
    init_v = L.fn.filled(shape, elem, float("-inf"))
    init_i = L.fn.filled(shape, ielem, -1)

    def body(bd, a):
        v, cur, cur_i = a
        coords = []
        for axis in range(r):
            o = bd.emit("arith.index_cast %s : index to %s" % (bd.index(2 + axis), ielem))
            i = bd.emit("arith.index_cast %s : index to %s" % (bd.index(2 + r + axis), ielem))
            coords.append(bd.binary("add", bd.binary("sub", bd.binary("mul", o, bd.const(s[axis], ielem), ielem),
                                                     bd.const(p[axis], ielem), ielem),
                                    bd.binary("mul", i, bd.const(d[axis], ielem), ielem), ielem))
        if offsets:  # the window position, row-major over the kernel
            flat = _flat(bd, [bd.emit("arith.index_cast %s : index to %s" % (bd.index(2 + r + axis), ielem))
                              for axis in range(r)], k, ielem)
        else:
            flat = _flat(bd, coords, x.shape[2:], ielem)
        # PyTorch's CPU kernel: take val if val > max or val is NaN (first wins).
        gt = bd.cmp("gt", v, cur, elem)
        nan = bd.emit("arith.cmpf uno, %s, %s : %s" % (v, v, elem))
        take = bd.binary("or", gt, nan, "i1")
        return [bd.select(take, v, cur, elem), bd.select(take, flat, cur_i, ielem)]

    vals, idx = L.fn.generic([(shape, elem), (ishape, ielem)],
                             [(xp, ["d0", "d1"] + ["d%d * %d + d%d * %d" % (2 + i, s[i], 2 + r + i, d[i])
                                                   for i in range(r)])],
                             body, reduce_dims=k, inits=[init_v, init_i])
    return (vals, idx)


@handles("max_pool2d_with_indices_backward", "max_pool3d_with_indices_backward")
def h_max_pool_backward(L, go, x, kernel, stride, padding, dilation, ceil_mode, indices):
    k, s, p, d = _window_params(L, x, kernel, stride, padding, dilation)
    r = len(k)
    shape, elem = L.out()
    c = compute_elem(elem)
    go = L.fn.materialize(go)
    indices = L.fn.materialize(indices)
    ie = indices.elem
    init = L.fn.filled(shape, c, 0.0)

    # dx[n, ch, y...] = sum over window taps of the output whose window has
    # the tap at y and whose argmax index is y's flat index.
    def body(bd, a):
        (acc,) = a
        ok, at = _taps(bd, tuple(range(2 + r, 2 + 2 * r)), p, s, d, go.shape[2:])
        at = [bd.index(0), bd.index(1)] + at
        g = bd.cast(extract(bd, go, at), go.elem, c)
        idx = bd.cast(extract(bd, indices, at), ie, "i64")
        me = _flat(bd, [bd.emit("arith.index_cast %s : index to i64" % bd.index(2 + i)) for i in range(r)],
                   x.shape[2:], "i64")
        hit = bd.binary("and", ok, bd.cmp("eq", idx, me, "i64"), "i1")
        return [bd.select(hit, bd.binary("add", acc, g, c), acc, c)]

    return rounded(L, L.fn.generic([(shape, c)], [], body, reduce_dims=k, inits=[init])[0], elem)


# -- average pooling -------------------------------------------------------------

def _avg_divisor(bd, k, s, p, sizes, count_include_pad, divisor_override, c):
    """PyTorch's divisor of the window at output (dims 2, 3, ...): the window
    clipped to the padded input (count_include_pad) or to the input."""
    if divisor_override:
        return bd.const(float(divisor_override), c)
    total = None
    for axis in range(len(k)):
        start = bd.binary("sub", bd.binary("mul", index_i64(bd, 2 + axis), bd.const(s[axis], "i64"), "i64"),
                          bd.const(p[axis], "i64"), "i64")
        end = bd.binary("min", bd.binary("add", start, bd.const(k[axis], "i64"), "i64"),
                        bd.const(sizes[axis] + p[axis], "i64"), "i64")
        if not count_include_pad:
            start = bd.binary("max", start, bd.const(0, "i64"), "i64")
            end = bd.binary("min", end, bd.const(sizes[axis], "i64"), "i64")
        n = bd.binary("sub", end, start, "i64")
        total = n if total is None else bd.binary("mul", total, n, "i64")
    return bd.emit("arith.sitofp %s : i64 to %s" % (total, c))


@handles("avg_pool2d", "avg_pool3d")
def h_avg_pool(L, x, kernel, stride=(), padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    k, s, p, _ = _window_params(L, x, kernel, stride, padding)
    r = len(k)
    shape, elem = L.out()
    c = compute_elem(elem)
    xp = padded(L, x, p, _ceil_hi(x, shape, k, s, p, (1,) * r), 0.0)
    init = L.fn.filled(shape, c, 0.0)

    def body(bd, a):
        return [bd.binary("add", a[1], bd.cast(a[0], xp.elem, c), c)]

    total = L.fn.generic([(shape, c)], [(xp, ["d0", "d1"] + ["d%d * %d + d%d" % (2 + i, s[i], 2 + r + i)
                                                           for i in range(r)])],
                         body, reduce_dims=k, inits=[init])[0]
    sizes = x.shape[2:]
    return L.ew([total], lambda bd, e: bd.binary("div", e[0], _avg_divisor(
        bd, k, s, p, sizes, count_include_pad, divisor_override, c), c))


@handles("avg_pool2d_backward", "avg_pool3d_backward")
def h_avg_pool_backward(L, go, x, kernel, stride, padding, ceil_mode, count_include_pad, divisor_override):
    k, s, p, _ = _window_params(L, x, kernel, stride, padding)
    r = len(k)
    shape, elem = L.out()
    c = compute_elem(elem)
    sizes = x.shape[2:]
    g = L.ew([go], lambda bd, e: bd.binary("div", e[0], _avg_divisor(
        bd, k, s, p, sizes, count_include_pad, divisor_override, c), c), shape=go.shape, elem=c)
    init = L.fn.filled(shape, c, 0.0)

    # dx[n, ch, y...] = sum over the taps of the windows covering it.
    def body(bd, a):
        (acc,) = a
        ok, at = _taps(bd, tuple(range(2 + r, 2 + 2 * r)), p, s, (1,) * r, go.shape[2:])
        v = extract(bd, g, [bd.index(0), bd.index(1)] + at)
        return [bd.select(ok, bd.binary("add", acc, v, c), acc, c)]

    return rounded(L, L.fn.generic([(shape, c)], [], body, reduce_dims=k, inits=[init])[0], elem)


# -- adaptive average pooling -----------------------------------------------------

def _adaptive_bounds(bd, o, size, out):
    """[start, end) of adaptive window o: floor(o*size/out), ceil((o+1)*size/out)."""
    start = bd.emit("arith.divsi %s, %s : i64" % (bd.binary("mul", o, bd.const(size, "i64"), "i64"),
                                                   bd.const(out, "i64")))
    end = bd.emit("arith.divsi %s, %s : i64" % (bd.binary("add", bd.binary(
        "mul", o, bd.const(size, "i64"), "i64"), bd.const(size + out - 1, "i64"), "i64"), bd.const(out, "i64")))
    return start, end


def _adaptive_tap(bd, sizes, outs):
    """Inside a loop over outputs (dims 2, 3) and window taps (dims 4, 5):
    (valid, the input position as indices [n, c, y, x], [y, x] as i64); a
    tap past its window's end is invalid and reads a clamped position."""
    ok, at, pos = None, [bd.index(0), bd.index(1)], []
    for axis, (dim, tap) in enumerate(((2, 4), (3, 5))):
        start, end = _adaptive_bounds(bd, index_i64(bd, dim), sizes[axis], outs[axis])
        p = bd.binary("add", start, index_i64(bd, tap), "i64")
        good = bd.cmp("lt", p, end, "i64")
        ok = good if ok is None else bd.binary("and", ok, good, "i1")
        p = bd.binary("min", p, bd.const(sizes[axis] - 1, "i64"), "i64")
        pos.append(p)
        at.append(bd.emit("arith.index_cast %s : i64 to index" % p))
    return ok, at, pos


def _adaptive_count(bd, sizes, outs, c):
    total = None
    for axis, dim in enumerate((2, 3)):
        start, end = _adaptive_bounds(bd, index_i64(bd, dim), sizes[axis], outs[axis])
        n = bd.binary("sub", end, start, "i64")
        total = n if total is None else bd.binary("mul", total, n, "i64")
    return bd.emit("arith.sitofp %s : i64 to %s" % (total, c))


@handles("_adaptive_avg_pool2d", "adaptive_avg_pool2d")
def h_adaptive_avg_pool(L, x, output_size):
    if len(x.shape) != 4:
        L.error("adaptive_avg_pool2d is supported on NCHW input only, got rank %d" % len(x.shape))
    shape, elem = L.out()
    c = compute_elem(elem)
    sizes, outs = x.shape[2:], shape[2:]
    # The widest window along each axis; taps past a window's end add nothing.
    widest = [max(-(-((o + 1) * n) // m) - (o * n) // m for o in range(m)) for n, m in zip(sizes, outs)]
    x = L.fn.materialize(x)
    init = L.fn.filled(shape, c, 0.0)

    def body(bd, a):
        (acc,) = a
        ok, at, _ = _adaptive_tap(bd, sizes, outs)
        v = bd.cast(extract(bd, x, at), x.elem, c)
        return [bd.select(ok, bd.binary("add", acc, v, c), acc, c)]

    total = L.fn.generic([(shape, c)], [], body, reduce_dims=widest, inits=[init])[0]
    return L.ew([total], lambda bd, e: bd.binary("div", e[0], _adaptive_count(bd, sizes, outs, c), c))


@handles("_adaptive_avg_pool2d_backward", "adaptive_avg_pool2d_backward")
def h_adaptive_avg_pool_backward(L, go, x):
    shape, elem = L.out()
    c = compute_elem(elem)
    sizes, outs = x.shape[2:], go.shape[2:]
    g = L.ew([go], lambda bd, e: bd.binary("div", e[0], _adaptive_count(bd, sizes, outs, c), c),
             shape=go.shape, elem=c)
    init = L.fn.filled(shape, c, 0.0)

    # dx[n, ch, y, z] = sum over the output windows (dims 4, 5) that contain (y, z).
    def body(bd, a):
        v, acc = a
        ok = None
        for axis, (dim, o) in enumerate(((2, 4), (3, 5))):
            start, end = _adaptive_bounds(bd, index_i64(bd, o), sizes[axis], outs[axis])
            y = index_i64(bd, dim)
            good = bd.binary("and", bd.cmp("ge", y, start, "i64"), bd.cmp("lt", y, end, "i64"), "i1")
            ok = good if ok is None else bd.binary("and", ok, good, "i1")
        return [bd.select(ok, bd.binary("add", acc, v, c), acc, c)]

    r = L.fn.generic([(shape, c)], [(g, ["d0", "d1", "d4", "d5"])], body, reduce_dims=list(outs), inits=[init])[0]
    return rounded(L, r, elem)


# -- nearest upsampling ---------------------------------------------------------

def _nearest_sources(in_size, out_size, scale, exact=False):
    """PyTorch's nearest_idx (or nearest_exact_idx, mode="nearest-exact":
    floor((o + 0.5) * scale)) for every output index (float32 arithmetic,
    as its CPU kernel computes)."""
    import numpy as np
    if exact:
        sc = np.float32(1.0 / scale) if scale else np.float32(in_size) / np.float32(out_size)
        return [min(int(np.floor(np.float32((o + 0.5) * float(sc)))), in_size - 1) for o in range(out_size)]
    if out_size == in_size:
        return list(range(out_size))
    if out_size == 2 * in_size:
        return [o >> 1 for o in range(out_size)]
    sc = np.float32(1.0 / scale) if scale else np.float32(in_size) / np.float32(out_size)
    return [min(int(np.floor(np.float32(o) * sc)), in_size - 1) for o in range(out_size)]


def _scales(args, kwargs, r=2):
    """The scale factors of an upsample call over r spatial dims, None
    where absent: the .vec overload passes a list, the default one
    scales_d / scales_h / scales_w (1-D: scales)."""
    vec = kwargs.get("scale_factors", args[0] if args else None)
    if isinstance(vec, (list, tuple)):
        return list(vec) + [None] * (r - len(vec))
    names = {1: ["scales"], 2: ["scales_h", "scales_w"], 3: ["scales_d", "scales_h", "scales_w"]}[r]
    return [kwargs.get(n, args[i] if len(args) > i else None) for i, n in enumerate(names)]


@handles("upsample_nearest2d")
def h_upsample_nearest(L, x, output_size=None, *args, **kwargs):
    return _upsample_nearest(L, x, args, kwargs, exact=False)


@handles("_upsample_nearest_exact2d")
def h_upsample_nearest_exact(L, x, output_size=None, *args, **kwargs):
    return _upsample_nearest(L, x, args, kwargs, exact=True)


def _upsample_nearest(L, x, args, kwargs, exact):
    if len(x.shape) != 4:
        L.error("upsample_nearest2d is supported on NCHW input only")
    shape, elem = L.out()
    scales = _scales(args, kwargs)
    x = L.fn.materialize(x)
    tables = [index_table(L, _nearest_sources(x.shape[2 + i], shape[2 + i], scales[i], exact))
              for i in range(2)]

    def body(bd, a):
        rows, cols = a[0], a[1]
        at = [bd.index(0), bd.index(1), bd.emit("arith.index_cast %s : i64 to index" % rows),
              bd.emit("arith.index_cast %s : i64 to index" % cols)]
        return [extract(bd, x, at)]

    return L.fn.generic([(shape, elem)], [(tables[0], ["d2"]), (tables[1], ["d3"])], body)[0]


@handles("upsample_nearest2d_backward")
def h_upsample_nearest_backward(L, go, output_size, input_size, *args, **kwargs):
    return _upsample_nearest_backward(L, go, args, kwargs, exact=False)


@handles("_upsample_nearest_exact2d_backward")
def h_upsample_nearest_exact_backward(L, go, output_size, input_size, *args, **kwargs):
    return _upsample_nearest_backward(L, go, args, kwargs, exact=True)


def _upsample_nearest_backward(L, go, args, kwargs, exact):
    shape, elem = L.out()
    c = compute_elem(elem)
    scales = _scales(args, kwargs)
    go = L.fn.materialize(go)
    # Output rows reading input row y are contiguous: [first[y], first[y] + count[y]).
    firsts, counts = [], []
    for i in range(2):
        src = _nearest_sources(shape[2 + i], go.shape[2 + i], scales[i], exact)
        firsts.append([src.index(y) if y in src else 0 for y in range(shape[2 + i])])
        counts.append([src.count(y) for y in range(shape[2 + i])])
    widest = [max(max(cn), 1) for cn in counts]
    ins = [(index_table(L, firsts[0]), ["d2"]), (index_table(L, firsts[1]), ["d3"]),
           (index_table(L, counts[0]), ["d2"]), (index_table(L, counts[1]), ["d3"])]
    init = L.fn.filled(shape, c, 0.0)

    def body(bd, a):
        f0, f1, n0, n1, acc = a
        i, j = index_i64(bd, 4), index_i64(bd, 5)
        ok = bd.binary("and", bd.cmp("lt", i, n0, "i64"), bd.cmp("lt", j, n1, "i64"), "i1")
        rows = bd.binary("min", bd.binary("add", f0, i, "i64"), bd.const(go.shape[2] - 1, "i64"), "i64")
        cols = bd.binary("min", bd.binary("add", f1, j, "i64"), bd.const(go.shape[3] - 1, "i64"), "i64")
        at = [bd.index(0), bd.index(1), bd.emit("arith.index_cast %s : i64 to index" % rows),
              bd.emit("arith.index_cast %s : i64 to index" % cols)]
        v = bd.cast(extract(bd, go, at), go.elem, c)
        return [bd.select(ok, bd.binary("add", acc, v, c), acc, c)]

    r = L.fn.generic([(shape, c)], ins, body, reduce_dims=widest, inits=[init])[0]
    return rounded(L, r, elem)


# -- linear and cubic upsampling ---------------------------------------------------

def _source_scale(in_size, out_size, align_corners, scale):
    import numpy as np
    f = np.float32
    if align_corners:
        return f(in_size - 1) / f(out_size - 1) if out_size > 1 else f(0)
    return f(1.0 / scale) if scale else f(in_size) / f(out_size)


def _linear_taps(in_size, out_size, align_corners, scale):
    """PyTorch's two taps and weights per output index (float32, as its CPU
    kernel: area_pixel_compute_source_index, guard_index_and_lambda), as
    ([i0, i1], [l0, l1])."""
    import numpy as np
    f = np.float32
    sc = _source_scale(in_size, out_size, align_corners, scale)
    taps = []
    for o in range(out_size):
        src = sc * f(o) if align_corners else max(sc * (f(o) + f(0.5)) - f(0.5), f(0))
        i0 = min(int(np.floor(src)), in_size - 1)
        lam = min(max(f(src) - f(i0), f(0)), f(1))
        i1 = i0 + (1 if i0 < in_size - 1 else 0)
        taps.append(([i0, i1], [float(f(1) - lam), float(lam)]))
    return taps


def _cubic_taps(in_size, out_size, align_corners, scale):
    """PyTorch's four taps per output index for bicubic (HelperInterpCubic:
    the source index unclamped below 0, Keys' kernel with A = -0.75 in
    float32, tap indices clamped to the border)."""
    import numpy as np
    f = np.float32
    A = f(-0.75)

    def conv1(x):
        return ((A + f(2)) * x - (A + f(3))) * x * x + f(1)

    def conv2(x):
        return ((A * x - f(5) * A) * x + f(8) * A) * x - f(4) * A
    sc = _source_scale(in_size, out_size, align_corners, scale)
    taps = []
    for o in range(out_size):
        src = sc * f(o) if align_corners else sc * (f(o) + f(0.5)) - f(0.5)
        i0 = min(int(np.floor(src)), in_size - 1)
        t = f(min(max(f(src) - f(i0), f(0)), f(1)))
        w = [conv2(t + f(1)), conv1(t), conv1(f(1) - t), conv2(f(1) - t + f(1))]
        taps.append(([max(min(i0 - 1 + j, in_size - 1), 0) for j in range(4)],
                     [float(f(v)) for v in w]))
    return taps


_TAPS = {"linear": _linear_taps, "cubic": _cubic_taps}


def _float_table(L, values, elem):
    from ..mlir import fmt_const
    name = L.fn.fresh("tbl")
    L.fn.line("%s = arith.constant dense<[%s]> : %s" % (name, ", ".join(fmt_const(v, elem) for v in values),
                                                        ttype((len(values),), elem)))
    return Tensor(name, (len(values),), elem)


def _upsample(kind):
    def h(L, x, output_size, align_corners, *args, **kwargs):
        """out = the taps of each output position (2 for linear, 4 for
        cubic, per spatial dim) weighted, nested axis by axis as PyTorch's
        CPU kernel sums them (h0 * (w0 x00 + w1 x01) + h1 * (...)); weights
        from tables of its source indices."""
        r = len(x.shape) - 2
        if r not in (1, 2, 3):
            L.error("%s upsampling is supported on NCL, NCHW and NCDHW input only" % kind)
        shape, elem = L.out()
        c = compute_elem(elem)
        scales = _scales(args, kwargs, r)
        x = L.fn.materialize(x)
        ins, k = [], None
        for axis in range(r):
            taps = _TAPS[kind](x.shape[2 + axis], shape[2 + axis], align_corners, scales[axis])
            k = len(taps[0][0])
            for j in range(k):
                ins.append((index_table(L, [t[0][j] for t in taps]), ["d%d" % (2 + axis)]))
            for j in range(k):
                ins.append((_float_table(L, [t[1][j] for t in taps], c), ["d%d" % (2 + axis)]))

        def body(bd, a):
            def at(idx):
                v = extract(bd, x, [bd.index(0), bd.index(1)] +
                            [bd.emit("arith.index_cast %s : i64 to index" % i) for i in idx])
                return bd.cast(v, x.elem, c)

            def interp(axis, idx):
                if axis == r:
                    return at(idx)
                ids, ws = a[2 * k * axis:2 * k * axis + k], a[2 * k * axis + k:2 * k * (axis + 1)]
                out = bd.binary("mul", ws[0], interp(axis + 1, idx + [ids[0]]), c)
                for j in range(1, k):
                    out = bd.binary("add", out, bd.binary("mul", ws[j], interp(axis + 1, idx + [ids[j]]), c), c)
                return out
            return [bd.cast(interp(0, []), c, elem)]

        return L.fn.generic([(shape, elem)], ins, body)[0]
    return h


_UPSAMPLE = {"upsample_linear1d": "linear", "upsample_bilinear2d": "linear",
             "upsample_trilinear3d": "linear", "upsample_bicubic2d": "cubic"}
for _name, _kind in _UPSAMPLE.items():
    handles(_name)(_upsample(_kind))


def _upsample_backward(kind):
    return lambda L, go, output_size, input_size, align_corners, *args, **kwargs: \
        _upsample_back(L, kind, go, align_corners, args, kwargs)


for _name, _kind in _UPSAMPLE.items():
    handles(_name + "_backward")(_upsample_backward(_kind))


def _upsample_back(L, kind, go, align_corners, args, kwargs):
    """dx[y...] = sum over the output positions whose taps include y of
    their weight times the gradient: per axis, the outputs reading input y
    are a contiguous run first[y] + k (k < K) with weight table W[y, k]."""
    shape, elem = L.out()
    c = compute_elem(elem)
    r = len(shape) - 2
    scales = _scales(args, kwargs, r)
    go = L.fn.materialize(go)
    ins, widest = [], []
    for axis in range(r):
        dim = 2 + axis
        n_in, n_out = shape[dim], go.shape[dim]
        weights = [dict() for _ in range(n_in)]
        for o, (ids, ws) in enumerate(_TAPS[kind](n_in, n_out, align_corners, scales[axis])):
            for i, w in zip(ids, ws):
                weights[i][o] = weights[i].get(o, 0.0) + w
        first = [min(w) if w else 0 for w in weights]
        k = max(max(w) - min(w) + 1 if w else 1 for w in weights)
        table = []
        for y, w in enumerate(weights):
            table += [w.get(first[y] + j, 0.0) for j in range(k)]
        ins += [(index_table(L, first), ["d%d" % dim]),
                (_float_table(L, table, c), ["d%d * %d + d%d" % (dim, k, dim + r)])]
        widest.append(k)
    init = L.fn.filled(shape, c, 0.0)

    def body(bd, a):
        acc = a[-1]
        at = [bd.index(0), bd.index(1)]
        weight = None
        for axis in range(r):
            f0, w = a[2 * axis], a[2 * axis + 1]
            pos = bd.binary("min", bd.binary("add", f0, index_i64(bd, 2 + r + axis), "i64"),
                            bd.const(go.shape[2 + axis] - 1, "i64"), "i64")
            at.append(bd.emit("arith.index_cast %s : i64 to index" % pos))
            weight = w if weight is None else bd.binary("mul", weight, w, c)
        g = bd.cast(extract(bd, go, at), go.elem, c)
        return [bd.binary("add", acc, bd.binary("mul", weight, g, c), c)]

    res = L.fn.generic([(shape, c)], ins, body, reduce_dims=widest, inits=[init])[0]
    return rounded(L, res, elem)


@handles("adaptive_max_pool2d")
def h_adaptive_max_pool(L, x, output_size):
    """(max, flat argmax) over the adaptive windows of avg pooling, with
    PyTorch's first-max-wins, NaN-propagating rule."""
    if len(x.shape) != 4:
        L.error("adaptive_max_pool2d is supported on NCHW input only, got rank %d" % len(x.shape))
    shape, elem = L.out(0)
    ishape, ielem = L.out(1)
    c = compute_elem(elem)
    sizes, outs = x.shape[2:], shape[2:]
    widest = [max(-(-((o + 1) * n) // m) - (o * n) // m for o in range(m)) for n, m in zip(sizes, outs)]
    x = L.fn.materialize(x)
    init_v = L.fn.filled(shape, c, float("-inf"))
    init_i = L.fn.filled(ishape, ielem, -1)

    def body(bd, a):
        cur, cur_i = a
        ok, at, pos = _adaptive_tap(bd, sizes, outs)
        v = bd.cast(extract(bd, x, at), x.elem, c)
        nan = bd.emit("arith.cmpf uno, %s, %s : %s" % (v, v, c))
        take = bd.binary("and", ok, bd.binary("or", bd.cmp("gt", v, cur, c), nan, "i1"), "i1")
        flat = bd.cast(bd.binary("add", bd.binary("mul", pos[0], bd.const(sizes[1], "i64"), "i64"), pos[1], "i64"),
                       "i64", ielem)
        return [bd.select(take, v, cur, c), bd.select(take, flat, cur_i, ielem)]

    vals, idx = L.fn.generic([(shape, c), (ishape, ielem)], [], body, reduce_dims=widest, inits=[init_v, init_i])
    return (rounded(L, vals, elem), idx)


@handles("adaptive_max_pool2d_backward")
def h_adaptive_max_pool_backward(L, go, x, indices):
    """dx[y, z] = sum of the gradients whose argmax is y*W + z."""
    shape, elem = L.out()
    c = compute_elem(elem)
    go, indices = L.fn.materialize(go), L.fn.materialize(indices)
    w = x.shape[3]
    ie = indices.elem
    init = L.fn.filled(shape, c, 0.0)

    def body(bd, a):
        g, i, acc = a
        me = bd.binary("add", bd.binary("mul", index_i64(bd, 2), bd.const(w, "i64"), "i64"), index_i64(bd, 3), "i64")
        hit = bd.cmp("eq", bd.cast(i, ie, "i64"), me, "i64")
        return [bd.select(hit, bd.binary("add", acc, bd.cast(g, go.elem, c), c), acc, c)]

    r = L.fn.generic([(shape, c)], [(go, ["d0", "d1", "d4", "d5"]), (indices, ["d0", "d1", "d4", "d5"])], body,
                     reduce_dims=list(go.shape[2:]), inits=[init])[0]
    return rounded(L, r, elem)


# -- reflection and replication padding ------------------------------------------
# F.pad(mode="reflect" | "replicate"), padding_mode="reflect" in convolutions:
# pad[2i], pad[2i+1] before and after the i-th last dim. The forward reads
# each output element from one input element; the backward sums, for each
# input element, the output elements that read it: itself shifted, and per
# padded dim at most one mirror (reflect) or the whole border run
# (replicate), as a reduction over those taps.

def _padded_dims(L, x, lo, hi, reflect):
    dims = [d for d in range(len(x.shape)) if lo[d] or hi[d]]
    for d in dims:
        n = x.shape[d]
        if lo[d] < 0 or hi[d] < 0:
            L.error("%s padding by a negative amount is not supported" % (
                "reflection" if reflect else "replication"))
        if reflect and (lo[d] >= n or hi[d] >= n):
            L.error("reflection padding of %d, %d needs a dim larger than that, got %d" % (
                lo[d], hi[d], n))
    return dims


def _source(bd, i, lo, n, reflect):
    """The input index output index i (i64) reads: i - lo reflected into
    [0, n) without repeating the edge, or clamped."""
    j = bd.binary("sub", i, bd.const(lo, "i64"), "i64")
    last = bd.const(n - 1, "i64")
    if reflect:  # (n-1) - |(n-1) - |j||
        zero = bd.const(0, "i64")
        aj = bd.binary("max", j, bd.binary("sub", zero, j, "i64"), "i64")
        t = bd.binary("sub", last, aj, "i64")
        at = bd.binary("max", t, bd.binary("sub", zero, t, "i64"), "i64")
        return bd.binary("sub", last, at, "i64")
    return bd.binary("min", bd.binary("max", j, bd.const(0, "i64"), "i64"), last, "i64")


@handles("reflection_pad1d", "reflection_pad2d", "reflection_pad3d",
         "replication_pad1d", "replication_pad2d", "replication_pad3d")
def h_reflection_pad(L, x, pad):
    reflect = "reflection" in str(L.node.target)
    shape, elem = L.out()
    lo, hi = pad_sides(pad, len(x.shape))
    dims = _padded_dims(L, x, lo, hi, reflect)
    x = L.fn.materialize(x)

    def body(bd, a):
        at = []
        for d in range(len(shape)):
            if d in dims:
                src = _source(bd, index_i64(bd, d), lo[d], x.shape[d], reflect)
                at.append(bd.emit("arith.index_cast %s : i64 to index" % src))
            else:
                at.append(bd.index(d))
        return [bd.cast(extract(bd, x, at), x.elem, elem)]
    return L.fn.generic([(shape, elem)], [], body)[0]


@handles("reflection_pad1d_backward", "reflection_pad2d_backward", "reflection_pad3d_backward",
         "replication_pad1d_backward", "replication_pad2d_backward", "replication_pad3d_backward")
def h_reflection_pad_backward(L, go, x, pad):
    reflect = "reflection" in str(L.node.target)
    shape, elem = L.out()
    c = compute_elem(elem)
    lo, hi = pad_sides(pad, len(x.shape))
    dims = _padded_dims(L, x, lo, hi, reflect)
    if not dims:  # F.pad(x, (0, 0), mode="reflect"): each element read once
        return go
    go = L.fn.materialize(go)
    # Taps per padded dim: 0 is the element itself; reflect: 1 the mirror
    # before, 2 the mirror after; replicate: 1..lo before (the first
    # element), lo+1..lo+hi after (the last).
    taps = [3 if reflect else 1 + lo[d] + hi[d] for d in dims]
    rank = len(shape)
    init = L.fn.filled(shape, c, 0.0)

    def body(bd, a):
        (acc,) = a
        ok, at = None, []
        for d in range(rank):
            if d not in dims:
                at.append(bd.index(d))
                continue
            n = x.shape[d]
            y, k = index_i64(bd, d), index_i64(bd, rank + dims.index(d))
            direct = bd.binary("add", y, bd.const(lo[d], "i64"), "i64")
            zero, one = bd.const(0, "i64"), bd.const(1, "i64")
            if reflect:
                # before: i = lo - y for 1 <= y <= lo; after: i = lo + 2(n-1) - y
                # for n-1-hi <= y <= n-2.
                before = bd.binary("sub", bd.const(lo[d], "i64"), y, "i64")
                after = bd.binary("sub", bd.const(lo[d] + 2 * (n - 1), "i64"), y, "i64")
                ok_b = bd.binary("and", bd.cmp("ge", y, one, "i64"),
                                 bd.cmp("le", y, bd.const(lo[d], "i64"), "i64"), "i1")
                ok_a = bd.binary("and", bd.cmp("ge", y, bd.const(n - 1 - hi[d], "i64"), "i64"),
                                 bd.cmp("le", y, bd.const(n - 2, "i64"), "i64"), "i1")
                is0 = bd.cmp("eq", k, zero, "i64")
                is1 = bd.cmp("eq", k, one, "i64")
                i = bd.select(is0, direct, bd.select(is1, before, after, "i64"), "i64")
                good = bd.select(is0, bd.const(True, "i1"), bd.select(is1, ok_b, ok_a, "i1"), "i1")
            else:
                # k in 1..lo: i = lo - k, read by y == 0; k in lo+1..lo+hi:
                # i = lo + (n-1) + (k - lo), read by y == n-1.
                in_before = bd.binary("and", bd.cmp("ge", k, one, "i64"),
                                      bd.cmp("le", k, bd.const(lo[d], "i64"), "i64"), "i1")
                in_after = bd.cmp("gt", k, bd.const(lo[d], "i64"), "i64")
                before = bd.binary("sub", bd.const(lo[d], "i64"), k, "i64")
                after = bd.binary("add", bd.const(n - 1, "i64"), k, "i64")
                is0 = bd.cmp("eq", k, zero, "i64")
                i = bd.select(is0, direct, bd.select(in_before, before, after, "i64"), "i64")
                good = bd.select(is0, bd.const(True, "i1"), bd.select(
                    in_before, bd.cmp("eq", y, zero, "i64"),
                    bd.binary("and", in_after, bd.cmp("eq", y, bd.const(n - 1, "i64"), "i64"), "i1"),
                    "i1"), "i1")
            ok = good if ok is None else bd.binary("and", ok, good, "i1")
            at.append(i)
        idx = []
        for d, v in enumerate(at):
            if d in dims:
                v = bd.select(ok, v, bd.const(0, "i64"), "i64")
                v = bd.emit("arith.index_cast %s : i64 to index" % v)
            idx.append(v)
        g = bd.cast(extract(bd, go, idx), go.elem, c)
        return [bd.select(ok, bd.binary("add", acc, g, c), acc, c)]

    r = L.fn.generic([(shape, c)], [], body, reduce_dims=taps, inits=[init])[0]
    return rounded(L, r, elem)


@handles("max_unpool2d", "max_unpool3d")
def h_max_unpool(L, x, indices, output_size, *args):
    """out[n, c, o] = x[n, c, p] for the input position p whose index
    (flat over the output's spatial dims) is o, else 0: for each output
    element a reduction over the input's positions. Any indices, not only
    max pooling's (the op is not told the window); where two positions
    name one output the last wins, as PyTorch's CPU loop. The cost is the
    output's size times the input's spatial size per channel."""
    r = len(x.shape) - 2
    if r not in (2, 3) or tuple(indices.shape) != tuple(x.shape):
        L.error("max_unpool is supported on NCHW / NCDHW input with indices of its shape only")
    shape, elem = L.out()
    n = len(shape)
    red = ["d%d" % (n + i) for i in range(r)]
    ins = [(indices, indices.base_exprs(["d0", "d1"] + red)), (x, x.base_exprs(["d0", "d1"] + red))]
    init = L.fn.filled(shape, elem, 0.0)
    ie = indices.elem

    def body(bd, a):
        idx, v, acc = a
        flat = index_i64(bd, 2)
        for d in range(3, n):
            flat = bd.binary("add", bd.binary("mul", flat, bd.const(shape[d], "i64"), "i64"),
                             index_i64(bd, d), "i64")
        hit = bd.cmp("eq", bd.cast(idx, ie, "i64"), flat, "i64")
        return [bd.select(hit, v, acc, elem)]

    return L.fn.generic([(shape, elem)], ins, body, reduce_dims=list(x.shape[2:]), inits=[init])[0]
