"""Complex tensors, as Meta's LLaMA reference code (and Mistral's, and the
"LLaMA from scratch" ports) apply rotary embeddings:

    xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))
    xq_out = torch.view_as_real(xq_ * freqs_cis).flatten(3)

with freqs_cis = torch.polar(ones, freqs) a complex buffer. A complex
tensor of shape S is lowered as its view_as_real: a float tensor of shape
S + (2,), real and imaginary parts in the last dim (complex64 -> f32,
complex128 -> f64), the same bytes as PyTorch's. view_as_complex and
view_as_real are then free; views, add, sub and products by real values
are the real ops on that layout; the complex product and conjugate (the
product's backward multiplies by the other factor's conjugate) are
elementwise over it. Anything else on a complex value is an error naming
the op: the graph is never silently wrong.

Lowering.out() gives the S + (2,) layout for complex results; lower()
below normalizes the dims that ops take against the complex rank before
the real handlers see them.
"""

from ..mlir import Tensor
from .core import compute_elem, extract, handles, index_i64, norm_dim

COMPLEX_ELEM = {"complex64": "f32", "complex128": "f64"}


def is_complex(v):
    return getattr(getattr(v, "dtype", None), "is_complex", False)


def involved(L, node):
    """Whether the node reads or makes a complex tensor."""
    vals = [L.meta.get(a) for a in node.all_input_nodes] + [L.meta.get(node)]
    for v in vals:
        if is_complex(v) or (isinstance(v, (tuple, list)) and any(is_complex(x) for x in v)):
            return True
    return False


def _complex_args(L, node):
    return [is_complex(L.meta.get(a)) if hasattr(a, "op") else False for a in node.args]


# Ops that are their real counterparts on the S + (2,) layout, once dims
# are normalized: which positional args are dims (and against which rank:
# the input's complex rank, or +1 where the op adds a dim).
_VIEWS = {"view": (), "_unsafe_view": (), "_reshape_alias": (), "reshape": (), "clone": (),
          "alias": (), "detach": (), "lift_fresh_copy": (), "expand": (), "_to_copy": (),
          "transpose": (1, 2), "slice": (1,), "select": (1,), "unsqueeze": ("+1",), "squeeze": (1,),
          "split": (2,), "split_with_sizes": (2,), "chunk": (2,), "unbind": (1,),
          "slice_backward": (2,), "select_backward": (2,)}


def _dim(d, rank):
    return norm_dim(d, rank) if isinstance(d, int) else d


def lower(L, node, base, handler, args, kwargs):
    flags = _complex_args(L, node)
    out = L.meta.get(node)
    if base in ("view_as_complex", "view_as_real"):
        return args[0]          # the same bytes: the layout is view_as_real's
    if base in ("_conj", "conj", "conj_physical", "resolve_conj"):
        if isinstance(args[0], complex):  # (mul's backward of a complex scalar)
            return args[0].conjugate()
        return _conj(L, args[0])
    if base == "polar":
        return _polar(L, *args)
    if base in ("_fft_r2c", "_fft_c2r", "_fft_c2c"):
        return _fft(L, node, base, args, kwargs)
    if base == "abs" and flags[0]:
        return _abs(L, args[0])
    if base == "sgn" and flags[0]:
        return _sgn(L, args[0])
    if base in ("new_zeros", "zeros_like", "new_empty", "empty_like", "zeros", "empty",
                "new_empty_strided", "empty_strided") and \
            is_complex(out):
        shape, elem = L.out()
        return L.fn.filled(shape, elem, 0.0)
    if base in ("as_strided", "as_strided_scatter") and flags[0]:
        return handler(L, *args, pairs=True, **kwargs)   # (views.py: in complex elements)
    if base == "constant_pad_nd" and flags[0] and (len(args) < 3 or args[2] == 0):
        # (irfft's n beyond the input: zeros; the part dim is not padded)
        return handler(L, args[0], [0, 0] + list(args[1]))
    if base in ("bmm", "mm") and all(flags[:2]):
        return _matmul(L, args[0], args[1])
    if base == "_to_copy" and flags[0] != is_complex(out):
        return _to_from_complex(L, args[0], flags[0])
    if base in ("copy",) and len(flags) > 1 and all(flags[:2]):
        return handler(L, *args, **kwargs)
    if base in ("mul", "div") and len(args) == 2:
        return _mul(L, args, flags, base)
    # (not with a real operand: z + 1 adds to the real part only)
    if (base in ("add", "sub") and len(flags) > 1 and all(flags[:2]) or base == "neg" and flags[0]) \
            and handler is not None:
        return handler(L, *args, **kwargs)
    if base == "sum" and flags[0]:  # (the backward of a broadcast)
        rank = len(L.meta[node.args[0]].shape)
        dims = args[1] if len(args) > 1 else kwargs.pop("dim", None)
        dims = list(range(rank)) if dims is None or (isinstance(dims, (list, tuple)) and not dims) \
            else [norm_dim(d, rank) for d in (dims if isinstance(dims, (list, tuple)) else [dims])]
        return handler(L, args[0], dims, *args[2:], **kwargs)
    if base in ("permute",) and flags[0]:
        rank = len(L.meta[node.args[0]].shape)
        return handler(L, args[0], [norm_dim(d, rank) for d in args[1]] + [rank])
    if base in ("cat", "stack") and is_complex(out):
        rank = len(out.shape)
        dim = args[1] if len(args) > 1 else kwargs.pop("dim", 0)
        return handler(L, args[0], norm_dim(dim, rank))
    if base in _VIEWS and flags and flags[0] and handler is not None:
        rank = len(L.meta[node.args[0]].shape)
        args = list(args)
        for k in _VIEWS[base]:
            if k == "+1":
                args[1] = _dim(args[1], rank + 1)
            elif k < len(args):
                args[k] = _dim(args[k], rank) if not isinstance(args[k], (list, tuple)) else \
                    [_dim(d, rank) for d in args[k]]
        if "dim" in kwargs:
            kwargs["dim"] = _dim(kwargs["dim"], rank + (1 if base == "unsqueeze" else 0))
        if base in ("expand",):
            args[1] = list(args[1]) + [2]
        if base in ("slice_backward", "select_backward"):
            args[1] = list(args[1]) + [2]
        return handler(L, *args, **kwargs)
    if base in ("add", "sub"):
        L.error("aten.%s of a complex and a real value is not supported (complex with "
                "complex is)" % base)
    L.error("aten.%s on complex tensors is not supported (remat lowers view_as_complex, "
            "view_as_real, polar, FFTs, views, add, sub, neg, mul, matmuls, abs, sum and conj of complex tensors)" % base)


def _to_from_complex(L, a, from_complex):
    """A real tensor as complex (x, 0) (fftn of real input), or a complex
    one's real part (.float(), which PyTorch warns discards the imaginary)."""
    shape, elem = L.out()
    c = compute_elem(elem)
    a = L.fn.materialize(a)
    if from_complex:
        r = len(shape)

        def body(bd, e):
            return [bd.cast(extract(bd, a, [bd.index(d) for d in range(r)] + [bd.const(0, "index")]),
                            a.elem, elem)]
        return L.fn.generic([(shape, elem)], [], body)[0]
    r = len(shape) - 1

    def body(bd, e):
        part = _imag(bd, r)
        v = bd.cast(extract(bd, a, [bd.index(d) for d in range(r)]), a.elem, c)
        return [bd.cast(bd.select(part, bd.const(0.0, c), v, c), c, elem)]
    return L.fn.generic([(shape, elem)], [], body)[0]


def _imag(bd, dim):
    """Whether loop index `dim` (the layout's last dim) is at the imaginary part."""
    return bd.cmp("eq", index_i64(bd, dim), bd.const(1, "i64"), "i64")


def _cmul(bd, a0, a1, b0, b1, c):
    """(a0 + i a1)(b0 + i b1) as (real, imaginary)."""
    return (bd.binary("sub", bd.binary("mul", a0, b0, c), bd.binary("mul", a1, b1, c), c),
            bd.binary("add", bd.binary("mul", a0, b1, c), bd.binary("mul", a1, b0, c), c))


def _conj(L, a):
    """Negated imaginary parts: the last dim's second entry."""
    shape, elem = L.out()
    a = L.fn.materialize(a)
    last = len(shape) - 1

    def body(bd, e):
        im = _imag(bd, last)
        return [bd.select(im, bd.unary("arith.negf", e[0], elem), e[0], elem)]
    return L.fn.generic([(shape, elem)], [a], body)[0]


def _read(bd, t, out_rank, part):
    """t's element at the current loop indices (t broadcast to the output,
    aligned right; a complex t's `part` of its last dim)."""
    rank = len(t.shape) - (1 if part is not None else 0)
    lead = (out_rank - 1) - rank
    idx = []
    for k in range(rank):
        d = lead + k
        idx.append(bd.const(0, "index") if t.shape[k] == 1 else bd.index(d))
    if part is not None:
        idx.append(bd.const(part, "index"))
    return extract(bd, t, idx)


def _matmul(L, a, b):
    """(A_r + i A_i)(B_r + i B_i), batched or not: one reduction over the
    inner dim reading both parts of each factor (FNO's spectral weights,
    torch.einsum over complex operands)."""
    shape, elem = L.out()
    c = compute_elem(elem)
    a, b = L.fn.materialize(a), L.fn.materialize(b)
    r = len(shape) - 1                       # complex rank of the result (2 or 3)
    k = a.shape[-2]

    def body(bd, e):
        acc = e[-1]
        lead = [bd.index(d) for d in range(r - 2)]
        i, j, kk = bd.index(r - 2), bd.index(r - 1), bd.index(r + 1)
        a0, a1 = (bd.cast(extract(bd, a, lead + [i, kk, bd.const(p, "index")]), a.elem, c) for p in (0, 1))
        b0, b1 = (bd.cast(extract(bd, b, lead + [kk, j, bd.const(p, "index")]), b.elem, c) for p in (0, 1))
        re, im = _cmul(bd, a0, a1, b0, b1, c)
        part = _imag(bd, r)
        return [bd.binary("add", acc, bd.select(part, im, re, c), c)]
    init = L.fn.filled(shape, c, 0.0)
    out = L.fn.generic([(shape, c)], [], body, reduce_dims=[k], inits=[init])[0]
    return out if c == elem else L.ew([out], lambda bd, e: e[0], shape=shape, elem=elem)


def _polar(L, absval, angle):
    """abs * (cos(angle), sin(angle)): freqs_cis computed in forward."""
    shape, elem = L.out()
    c = compute_elem(elem)
    r = len(shape)
    ins = [L.fn.materialize(absval), L.fn.materialize(angle)]

    def body(bd, e):
        last = _imag(bd, r - 1)
        m, t = (bd.cast(_read(bd, x, r, None), x.elem, c) for x in ins)
        return [bd.cast(bd.binary("mul", m, bd.select(last, bd.unary("math.sin", t, c),
                                                      bd.unary("math.cos", t, c), c), c), c, elem)]
    return L.fn.generic([(shape, elem)], [], body)[0]


def _mul(L, args, flags, base):
    """a * b (or a / b by a real b) on the layout: for two complex factors
    (a0 b0 - a1 b1, a0 b1 + a1 b0) per element, else each part times the
    real factor."""
    shape, elem = L.out()
    c = compute_elem(elem)
    a, b = args
    fa, fb = flags[0], flags[1] if len(flags) > 1 else False
    # A Python complex scalar (z * 1j, exp(1j * theta), angle's backward)
    # is a constant factor, never the tensor read: b.
    fa, fb = fa and isinstance(a, Tensor), fb and isinstance(b, Tensor)
    if isinstance(a, complex):
        if base == "div":
            L.error("division of a complex scalar by a tensor is not supported")
        a, b, fa, fb = b, a, fb, fa
    if base == "div" and fb:
        L.error("division by a complex tensor is not supported")
    if not fa and fb:  # real * complex: commute
        a, b, fa, fb = b, a, fb, fa
    r = len(shape)
    ins = []
    for t in (a, b):
        if isinstance(t, Tensor):
            ins.append(L.fn.materialize(t))

    def body(bd, e):
        last = _imag(bd, r - 1)
        ta = ins[0]
        if fa:
            a0, a1 = (bd.cast(_read(bd, ta, r, p), ta.elem, c) for p in (0, 1))
        else:  # a real tensor times a complex scalar
            a0, a1 = bd.cast(_read(bd, ta, r, None), ta.elem, c), bd.const(0.0, c)
        if fb:
            tb = ins[1]
            b0, b1 = (bd.cast(_read(bd, tb, r, p), tb.elem, c) for p in (0, 1))
            re, im = _cmul(bd, a0, a1, b0, b1, c)
            return [bd.cast(bd.select(last, im, re, c), c, elem)]
        if isinstance(b, complex):
            # A complex Python scalar (z * 1j, exp(1j * theta), angle's
            # backward): a complex product by constants; a division
            # multiplies by the scalar's reciprocal.
            k = b if base == "mul" else 1 / b
            re, im = _cmul(bd, a0, a1, bd.const(k.real, c), bd.const(k.imag, c), c)
            return [bd.cast(bd.select(last, im, re, c), c, elem)]
        if isinstance(b, Tensor):
            v = bd.cast(_read(bd, ins[1], r, None), ins[1].elem, c)
        else:
            v = bd.const(float(b), c)
        op = "mul" if base == "mul" else "div"
        return [bd.cast(bd.select(last, bd.binary(op, a1, v, c), bd.binary(op, a0, v, c), c), c, elem)]

    # Every loop dim is read through tensor.extract: the output alone
    # gives linalg its bounds.
    return L.fn.generic([(shape, elem)], [], body)[0]



@handles("view_as_complex", "view_as_real", "_conj", "conj", "conj_physical", "resolve_conj",
         "resolve_neg", "polar")
def h_complex_view(L, a):
    """Reached only without a complex value (lower() above handles those):
    the conjugate of a real tensor is itself."""
    return a


# -- FFTs (torch.fft, torch.stft) ----------------------------------------------
# A direct DFT along each transformed dim: one linalg.generic per dim, a
# reduction over the signal, twiddles cos/sin(2 pi (k n mod N) / N) computed
# in the body from integers (no tables, exact angles). O(N^2) per line where
# pocketfft is O(N log N): meant for the sizes models transform inside a
# step (STFT frames, FNet / GFNet / FNO over tokens or modes), not for long
# signals. Normalization as ATen's enum: 0 none, 1 1/sqrt(n), 2 1/n, by the
# product of the signal sizes.

def _dft(L, x, x_complex, axis, n_out, mode, shape_out, elem):
    """One axis. mode: "r2c" (x real, forward), "c2c+" / "c2c-" (inverse /
    forward), "c2r" (x onesided Hermitian, n_out real outputs). shape_out
    is the layout of the result (with the part dim if complex)."""
    c = compute_elem(elem)
    x = L.fn.materialize(x)
    rank = len(shape_out) - (0 if mode == "c2r" else 1)   # complex rank of the output
    N = n_out if mode == "c2r" else x.shape[axis]
    k_in = x.shape[axis]

    def body(bd, e):
        acc = e[-1]
        i64 = "i64"
        here = index_i64(bd, axis)
        red = bd.index(len(shape_out))                       # the summed index
        s = index_i64(bd, len(shape_out))
        m = bd.emit("arith.remsi %s, %s : i64" % (bd.binary("mul", here, s, i64), bd.const(N, i64)))
        theta = bd.binary("mul", bd.cast(m, i64, c), bd.const(2.0 * 3.141592653589793 / N, c), c)
        cos, sin = bd.unary("math.cos", theta, c), bd.unary("math.sin", theta, c)
        idx = [bd.index(d) for d in range(rank)]
        if mode == "c2r":
            # X[k] for k < k_in, conj(X[N - k]) above: a Hermitian signal
            upper = bd.cmp("ge", s, bd.const(k_in, i64), i64)
            kk = bd.select(upper, bd.binary("sub", bd.const(N, i64), s, i64), s, i64)
            # (a shorter half than N // 2 + 1: the missing terms are 0, and
            # the read stays in bounds)
            have = bd.cmp("lt", kk, bd.const(k_in, i64), i64)
            kk = bd.select(have, kk, bd.const(0, i64), i64)
            idx[axis] = bd.emit("arith.index_cast %s : i64 to index" % kk)
            zero = bd.const(0.0, c)
            a = bd.cast(extract(bd, x, idx + [bd.const(0, "index")]), x.elem, c)
            b = bd.cast(extract(bd, x, idx + [bd.const(1, "index")]), x.elem, c)
            a, b = bd.select(have, a, zero, c), bd.select(have, b, zero, c)
            b = bd.select(upper, bd.unary("arith.negf", b, c), b, c)
            term = bd.binary("sub", bd.binary("mul", a, cos, c), bd.binary("mul", b, sin, c), c)
            return [bd.binary("add", acc, term, c)]
        idx[axis] = red
        xr = bd.cast(extract(bd, x, idx + ([bd.const(0, "index")] if x_complex else [])), x.elem, c)
        xi = bd.cast(extract(bd, x, idx + [bd.const(1, "index")]), x.elem, c) if x_complex else None
        sign = 1.0 if mode == "c2c+" else -1.0     # e^{sign i theta}
        if xi is None:
            re = bd.binary("mul", xr, cos, c)
            im = bd.binary("mul", bd.const(sign, c), bd.binary("mul", xr, sin, c), c)
        else:
            # (xr + i xi)(cos + i sign sin)
            ss = bd.binary("mul", bd.const(sign, c), sin, c)
            re, im = _cmul(bd, xr, xi, cos, ss, c)
        return [bd.binary("add", acc, bd.select(_imag(bd, rank), im, re, c), c)]

    init = L.fn.filled(shape_out, c, 0.0)
    r = L.fn.generic([(shape_out, c)], [], body, reduce_dims=[N], inits=[init])[0]
    return r


def _fft(L, node, base, args, kwargs):
    x = args[0]
    dims = [norm_dim(d, len(L.meta[node.args[0]].shape)) for d in args[1]]
    norm = args[2]
    shape, elem = L.out()
    c = compute_elem(elem)
    xin = L.meta[node.args[0]]
    cur, cur_shape = x, list(xin.shape)
    signal = 1

    def step(t, t_complex, axis, mode, n_out):
        nonlocal cur_shape
        cur_shape = list(cur_shape)
        cur_shape[axis] = n_out
        out_shape = tuple(cur_shape) + (() if mode == "c2r" else (2,))
        return _dft(L, t, t_complex, axis, n_out, mode, out_shape, elem)

    if base == "_fft_r2c":
        onesided = args[3]
        last = dims[-1]
        n = cur_shape[last]
        signal *= n
        cur = step(cur, False, last, "r2c", n // 2 + 1 if onesided else n)
        for d in dims[:-1]:
            signal *= cur_shape[d]
            cur = step(cur, True, d, "c2c-", cur_shape[d])
    elif base == "_fft_c2c":
        forward = args[3]
        for d in dims:
            signal *= cur_shape[d]
            cur = step(cur, True, d, "c2c-" if forward else "c2c+", cur_shape[d])
    else:  # _fft_c2r
        last_size = args[3]
        for d in dims[:-1]:
            signal *= cur_shape[d]
            cur = step(cur, True, d, "c2c+", cur_shape[d])
        signal *= last_size
        cur = step(cur, True, dims[-1], "c2r", last_size)
    scale = {0: 1.0, 1: signal ** -0.5, 2: 1.0 / signal}[norm]
    if scale == 1.0 and cur.elem == elem:
        return cur
    return L.ew([cur], lambda bd, e: bd.binary("mul", e[0], bd.const(scale, c), c) if scale != 1.0
                else e[0], shape=tuple(shape), elem=elem)


def _abs(L, z):
    """|z| = hypot(re, im) (a real result)."""
    shape, elem = L.out()
    c = compute_elem(elem)
    z = L.fn.materialize(z)
    r = len(shape)

    def body(bd, e):
        idx = [bd.index(d) for d in range(r)]
        a, b = (bd.cast(extract(bd, z, idx + [bd.const(p, "index")]), z.elem, c) for p in (0, 1))
        return [bd.cast(bd.unary("math.sqrt", bd.binary("add", bd.binary("mul", a, a, c),
                                                         bd.binary("mul", b, b, c), c), c), c, elem)]
    return L.fn.generic([(shape, elem)], [], body)[0]


def _sgn(L, z):
    """z / |z|, 0 where z = 0 (abs's backward)."""
    shape, elem = L.out()
    c = compute_elem(elem)
    z = L.fn.materialize(z)
    r = len(shape) - 1

    def body(bd, e):
        idx = [bd.index(d) for d in range(r)]
        a, b = (bd.cast(extract(bd, z, idx + [bd.const(p, "index")]), z.elem, c) for p in (0, 1))
        mag = bd.unary("math.sqrt", bd.binary("add", bd.binary("mul", a, a, c), bd.binary("mul", b, b, c), c), c)
        part = _imag(bd, r)
        v = bd.select(part, b, a, c)
        zero = bd.cmp("eq", mag, bd.const(0.0, c), c)
        return [bd.cast(bd.select(zero, bd.const(0.0, c), bd.binary("div", v, mag, c), c), c, elem)]
    return L.fn.generic([(shape, elem)], [], body)[0]


@handles("_fft_r2c", "_fft_c2r", "_fft_c2c")
def h_fft(L, *args, **kwargs):
    L.error("internal: an FFT without a complex value")  # lower() above takes them all
