"""Spatial transformers: F.affine_grid (2-D) and F.grid_sample on 4-D
input (bilinear or nearest; zeros or border padding) with its backward.

grid_sample's input gradient is a scatter (each output adds to four input
pixels); like the other scatters here it is a gather: every input pixel
sums over the output positions whose corners it is (a reduction over the
output grid).
"""

from .core import compute_elem, extract, handles, rounded

MODES = {0: "bilinear", 1: "nearest", 2: "bicubic"}
PADDINGS = {0: "zeros", 1: "border", 2: "reflection"}


def _base(bd, i, size, align, c):
    """PyTorch's base grid coordinate of step i of `size` in [-1, 1]
    (linspace; scaled by (size - 1) / size without align_corners)."""
    if size <= 1:
        return bd.const(0.0, c)
    v = bd.binary("add", bd.const(-1.0, c), bd.binary(
        "mul", bd.emit("arith.sitofp %s : i64 to %s" % (i, c)), bd.const(2.0 / (size - 1), c), c), c)
    return v if align else bd.binary("mul", v, bd.const((size - 1) / size, c), c)


@handles("affine_grid_generator")
def h_affine_grid(L, theta, size, align_corners):
    """grid[n, h, w, k] = theta[n, k, 0] x_w + theta[n, k, 1] y_h + theta[n, k, 2]."""
    shape, elem = L.out()
    if len(size) != 4:
        L.error("affine_grid is supported for 2-D (4-D size) only, got size %s" % (list(size),))
    c = compute_elem(elem)
    H, W = size[2], size[3]
    theta = L.fn.materialize(theta)

    def body(bd, a):
        at = [bd.index(0), bd.index(3)]
        t = [bd.cast(extract(bd, theta, at + [bd.const(j, "index")]), theta.elem, c) for j in range(3)]
        x = _base(bd, bd.emit("arith.index_cast %s : index to i64" % bd.index(2)), W, align_corners, c)
        y = _base(bd, bd.emit("arith.index_cast %s : index to i64" % bd.index(1)), H, align_corners, c)
        v = bd.binary("add", bd.binary("add", bd.binary("mul", x, t[0], c), bd.binary("mul", y, t[1], c), c),
                      t[2], c)
        return [bd.cast(v, c, elem)]
    return L.fn.generic([(shape, elem)], [], body)[0]


def _source(bd, g, size, align, padding, c):
    """Pixel coordinate of normalized g, clipped for border padding, and
    d(coordinate)/d(g) (0 where clipped, as PyTorch's clip gradient)."""
    if align:
        x = bd.binary("mul", bd.binary("div", bd.binary("add", g, bd.const(1.0, c), c), bd.const(2.0, c), c),
                      bd.const(float(size - 1), c), c)
        mult = (size - 1) / 2.0
    else:
        x = bd.binary("div", bd.binary("sub", bd.binary("mul", bd.binary("add", g, bd.const(1.0, c), c),
                                                        bd.const(float(size), c), c), bd.const(1.0, c), c),
                      bd.const(2.0, c), c)
        mult = size / 2.0
    d = bd.const(mult, c)
    if padding == 1:
        lo, hi = bd.const(0.0, c), bd.const(float(size - 1), c)
        inside = bd.binary("and", bd.cmp("gt", x, lo, c), bd.cmp("lt", x, hi, c), "i1")
        d = bd.select(inside, d, bd.const(0.0, c), c)
        x = bd.binary("min", bd.binary("max", x, lo, c), hi, c)
    return x, d


def _check(L, mode, padding):
    if mode not in (0, 1):
        L.error("grid_sample with mode='%s' is not supported (bilinear and nearest are)" % MODES.get(mode, mode))
    if padding not in (0, 1):
        L.error("grid_sample with padding_mode='%s' is not supported (zeros and border are)"
                % PADDINGS.get(padding, padding))


def _pixel(bd, grid, dims, W, H, align, padding, c):
    """(ix, d ix / d gx, iy, d iy / d gy) of the grid point at loop dims
    (n, h, w)."""
    at = [bd.index(d) for d in dims]
    gx, gy = [bd.cast(extract(bd, grid, at + [bd.const(k, "index")]), grid.elem, c) for k in (0, 1)]
    return _source(bd, gx, W, align, padding, c) + _source(bd, gy, H, align, padding, c)


def _read(bd, x, ch, ix, iy, W, H, c):
    """x[n, ch, iy, ix] (ch: the loop dim of the channel; i64
    coordinates), 0 outside the image."""
    ok = bd.binary("and", bd.binary("and", bd.cmp("ge", ix, bd.const(0, "i64"), "i64"),
                                    bd.cmp("lt", ix, bd.const(W, "i64"), "i64"), "i1"),
                   bd.binary("and", bd.cmp("ge", iy, bd.const(0, "i64"), "i64"),
                             bd.cmp("lt", iy, bd.const(H, "i64"), "i64"), "i1"), "i1")
    zero = bd.const(0, "i64")
    at = [bd.emit("arith.index_cast %s : i64 to index" % bd.select(ok, v, zero, "i64")) for v in (iy, ix)]
    v = bd.cast(extract(bd, x, [bd.index(0), bd.index(ch)] + at), x.elem, c)
    return bd.select(ok, v, bd.const(0.0, c), c)


def _corners(bd, ix, iy, c):
    """Bilinear corners and weights: (x_w, y_n) as i64 and w, e, n, s
    (distances to the west/east and north/south neighbours)."""
    fx, fy = bd.unary("math.floor", ix, c), bd.unary("math.floor", iy, c)
    w = bd.binary("sub", ix, fx, c)
    n = bd.binary("sub", iy, fy, c)
    one = bd.const(1.0, c)
    return (bd.emit("arith.fptosi %s : %s to i64" % (fx, c)), bd.emit("arith.fptosi %s : %s to i64" % (fy, c)),
            w, bd.binary("sub", one, w, c), n, bd.binary("sub", one, n, c))


def _nearest(bd, v, c):
    return bd.emit("arith.fptosi %s : %s to i64" % (bd.unary("math.roundeven", v, c), c))


@handles("grid_sampler_2d")
def h_grid_sampler_2d(L, x, grid, mode, padding, align_corners):
    _check(L, mode, padding)
    shape, elem = L.out()
    c = compute_elem(elem)
    x, grid = L.fn.materialize(x), L.fn.materialize(grid)
    H, W = x.shape[2], x.shape[3]

    def body(bd, a):
        ix, _, iy, _ = _pixel(bd, grid, (0, 2, 3), W, H, align_corners, padding, c)
        if mode == 1:
            return [bd.cast(_read(bd, x, 1, _nearest(bd, ix, c), _nearest(bd, iy, c), W, H, c), c, elem)]
        xw, yn, w, e, n, s = _corners(bd, ix, iy, c)
        one = bd.const(1, "i64")
        xe, ys = bd.binary("add", xw, one, "i64"), bd.binary("add", yn, one, "i64")
        out = None
        for vx, vy, wx, wy in ((xw, yn, e, s), (xe, yn, w, s), (xw, ys, e, n), (xe, ys, w, n)):
            term = bd.binary("mul", _read(bd, x, 1, vx, vy, W, H, c), bd.binary("mul", wy, wx, c), c)
            out = term if out is None else bd.binary("add", out, term, c)
        return [bd.cast(out, c, elem)]
    return L.fn.generic([(shape, elem)], [], body)[0]


@handles("grid_sampler_2d_backward")
def h_grid_sampler_2d_backward(L, go, x, grid, mode, padding, align_corners, output_mask):
    _check(L, mode, padding)
    go, x, grid = L.fn.materialize(go), L.fn.materialize(x), L.fn.materialize(grid)
    N, C, H, W = x.shape
    Ho, Wo = go.shape[2], go.shape[3]
    results = [None, None]
    if output_mask[0]:
        shape, elem = L.out(0)
        c = compute_elem(elem)
        init = L.fn.filled(shape, c, 0.0)

        # dx[n, ch, y, x] = sum over output positions (dims 4, 5) of
        # go times the weight with which that position read (y, x).
        def body(bd, a):
            (acc,) = a
            ix, _, iy, _ = _pixel(bd, grid, (0, 4, 5), W, H, align_corners, padding, c)
            here_x = bd.emit("arith.index_cast %s : index to i64" % bd.index(3))
            here_y = bd.emit("arith.index_cast %s : index to i64" % bd.index(2))
            g = bd.cast(extract(bd, go, [bd.index(0), bd.index(1), bd.index(4), bd.index(5)]), go.elem, c)
            zero = bd.const(0.0, c)
            if mode == 1:
                hit = bd.binary("and", bd.cmp("eq", _nearest(bd, ix, c), here_x, "i64"),
                                bd.cmp("eq", _nearest(bd, iy, c), here_y, "i64"), "i1")
                return [bd.select(hit, bd.binary("add", acc, g, c), acc, c)]
            xw, yn, w, e, n, s = _corners(bd, ix, iy, c)
            one = bd.const(1, "i64")
            wx = bd.select(bd.cmp("eq", xw, here_x, "i64"), e,
                           bd.select(bd.cmp("eq", bd.binary("add", xw, one, "i64"), here_x, "i64"), w, zero, c), c)
            wy = bd.select(bd.cmp("eq", yn, here_y, "i64"), s,
                           bd.select(bd.cmp("eq", bd.binary("add", yn, one, "i64"), here_y, "i64"), n, zero, c), c)
            return [bd.binary("add", acc, bd.binary("mul", g, bd.binary("mul", wy, wx, c), c), c)]
        results[0] = rounded(L, L.fn.generic([(shape, c)], [], body, reduce_dims=[Ho, Wo], inits=[init])[0],
                             elem)
    if output_mask[1]:
        shape, elem = L.out(1)
        c = compute_elem(elem)
        if mode == 1:  # nearest: the output does not move with the grid
            results[1] = L.fn.filled(shape, elem, 0.0)
            return tuple(results)
        init = L.fn.filled(shape, c, 0.0)

        # dgrid[n, h, w, k] = sum over channels (dim 4) of go times the
        # derivative of the bilinear read in x (k = 0) or y (k = 1).
        def body(bd, a):
            (acc,) = a
            ix, dx, iy, dy = _pixel(bd, grid, (0, 1, 2), W, H, align_corners, padding, c)
            xw, yn, w, e, n, s = _corners(bd, ix, iy, c)
            one = bd.const(1, "i64")
            xe, ys = bd.binary("add", xw, one, "i64"), bd.binary("add", yn, one, "i64")

            def at(vx, vy):
                return _read(bd, x, 4, vx, vy, W, H, c)
            nw, ne, sw, se = at(xw, yn), at(xe, yn), at(xw, ys), at(xe, ys)
            g = bd.cast(extract(bd, go, [bd.index(0), bd.index(4), bd.index(1), bd.index(2)]), go.elem, c)
            ddx = bd.binary("add", bd.binary("mul", bd.binary("sub", ne, nw, c), s, c),
                            bd.binary("mul", bd.binary("sub", se, sw, c), n, c), c)
            ddy = bd.binary("add", bd.binary("mul", bd.binary("sub", sw, nw, c), e, c),
                            bd.binary("mul", bd.binary("sub", se, ne, c), w, c), c)
            first = bd.cmp("eq", bd.index(3), bd.const(0, "index"), "index")
            d = bd.select(first, bd.binary("mul", ddx, dx, c), bd.binary("mul", ddy, dy, c), c)
            return [bd.binary("add", acc, bd.binary("mul", d, g, c), c)]
        results[1] = rounded(L, L.fn.generic([(shape, c)], [], body, reduce_dims=[C], inits=[init])[0], elem)
    return tuple(results)
