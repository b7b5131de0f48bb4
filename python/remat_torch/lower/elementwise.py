"""Elementwise arithmetic, math functions, comparisons and logic, `where`,
`sign`, `tril`/`triu`, and the casts and copies (`_to_copy`, `clone`,
`copy_`): one linalg.generic each, broadcasting through indexing maps.
"""

from ..mlir import Tensor, elem_bits, elem_is_float, elem_is_unsigned
from .core import HANDLERS, compute_elem, half_scalars, handles, mark_view, out_compute, record_slice


def _add_like(kind):
    """add / sub: a (+|-) alpha * b."""
    def h(L, a, b, alpha=1):
        c = out_compute(L)
        a, b = half_scalars([a, b])

        def f(bd, e):
            y = e[1] if alpha == 1 else bd.binary("mul", e[1], bd.const(alpha, c), c)
            return bd.binary(kind, e[0], y, c)
        return L.ew([a, b], f)
    return h


h_add = HANDLERS["add"] = _add_like("add")
h_sub = HANDLERS["sub"] = _add_like("sub")


@handles("rsub")
def h_rsub(L, a, b, alpha=1):
    return h_sub(L, b, a, alpha)


@handles("mul")
def h_mul(L, a, b):
    c = out_compute(L)
    a, b = half_scalars([a, b], always=False)
    return L.ew([a, b], lambda bd, e: bd.binary("mul", e[0], e[1], c))


def _rounded_div(bd, a, b, mode, c):
    """a / b rounded toward zero ('trunc') or down ('floor'), as PyTorch's
    // and div(rounding_mode=...): floats divide then round (PyTorch's
    floor kernel corrects a / b by fmod, which can differ from this in the
    last place when a / b rounds onto an integer); integers divide exactly."""
    if elem_is_float(c):
        q = bd.binary("div", a, b, c)
        return bd.unary("math.trunc" if mode == "trunc" else "math.floor", q, c)
    if elem_is_unsigned(c):  # uint8: down and toward zero are the same
        return bd.emit("arith.divui %s, %s : %s" % (a, b, c))
    return bd.emit("%s %s, %s : %s" % ("arith.divsi" if mode == "trunc" else "arith.floordivsi", a, b, c))


@handles("div")
def h_div(L, a, b, rounding_mode=None):
    c = out_compute(L)
    a, b = half_scalars([a, b], always=False)
    if rounding_mode is not None:
        if rounding_mode not in ("trunc", "floor"):
            L.error("div with rounding_mode='%s' is not supported" % rounding_mode)
        return L.ew([a, b], lambda bd, e: _rounded_div(bd, e[0], e[1], rounding_mode, c))
    if not elem_is_float(c):
        L.error("integer division is not supported")
    return L.ew([a, b], lambda bd, e: bd.binary("div", e[0], e[1], c))


@handles("floor_divide")
def h_floor_divide(L, a, b):
    c = out_compute(L)
    a, b = half_scalars([a, b], always=False)
    return L.ew([a, b], lambda bd, e: _rounded_div(bd, e[0], e[1], "floor", c))


def _fmod(bd, a, b, c):
    op = "arith.remf" if elem_is_float(c) else "arith.remui" if elem_is_unsigned(c) else "arith.remsi"
    return bd.emit("%s %s, %s : %s" % (op, a, b, c))


@handles("fmod")
def h_fmod(L, a, b):
    c = out_compute(L)
    a, b = half_scalars([a, b])
    return L.ew([a, b], lambda bd, e: _fmod(bd, e[0], e[1], c))


@handles("remainder")
def h_remainder(L, a, b):
    """Python's %: the sign of the divisor (fmod, plus b where the signs differ)."""
    c = out_compute(L)
    a, b = half_scalars([a, b])

    def f(bd, e):
        r = _fmod(bd, e[0], e[1], c)
        zero = bd.const(0.0 if elem_is_float(c) else 0, c)
        fix = bd.binary("and", bd.cmp("ne", r, zero, c),
                        bd.binary("xor", bd.cmp("lt", r, zero, c), bd.cmp("lt", e[1], zero, c), "i1"), "i1")
        return bd.select(fix, bd.binary("add", r, e[1], c), r, c)
    return L.ew([a, b], f)


@handles("maximum", "minimum")
def h_maxmin(L, a, b):
    c = out_compute(L)
    kind = "max" if "maximum" in str(L.node.target) else "min"
    return L.ew([a, b], lambda bd, e: bd.binary(kind, e[0], e[1], c))


@handles("clamp_min", "clamp_max")
def h_clamp_min(L, a, m):
    """clamp_min / clamp_max (Tensor.clamp_max(0.4), clamp_max_), scalar or
    tensor bound."""
    c = out_compute(L)
    kind = "min" if "clamp_max" in str(L.node.target) else "max"
    return L.ew([a, m], lambda bd, e: bd.binary(kind, e[0], e[1], c))


@handles("clamp")
def h_clamp(L, a, lo=None, hi=None):
    """clamp with scalar or (broadcast) tensor bounds (clamp.Tensor)."""
    c = out_compute(L)

    def f(bd, e):
        x = e[0]
        if lo is not None:
            x = bd.binary("max", x, e[1], c)
        if hi is not None:
            x = bd.binary("min", x, e[2], c)
        return x
    return L.ew([a, lo, hi], f)


def _unary_math(op):
    def h(L, a):
        c = out_compute(L)
        if not elem_is_float(c):  # integer abs and neg (T5's relative-position buckets)
            if op == "math.absf":
                if elem_is_unsigned(c):  # uint8 is its own abs
                    return L.ew([a], lambda bd, e: e[0])
                return L.ew([a], lambda bd, e: bd.unary("math.absi", e[0], c))
            if op == "arith.negf":
                return L.ew([a], lambda bd, e: bd.binary("sub", bd.const(0, c), e[0], c))
            L.error("%s of an integer tensor is not supported" % L.node.target)
        return L.ew([a], lambda bd, e: bd.unary(op, e[0], c))
    return h


for _name, _op in {"exp": "math.exp", "log": "math.log", "tanh": "math.tanh",
                   "sqrt": "math.sqrt", "rsqrt": "math.rsqrt", "erf": "math.erf",
                   "abs": "math.absf", "neg": "arith.negf", "sin": "math.sin",
                   "cos": "math.cos", "log1p": "math.log1p", "expm1": "math.expm1",
                   "atan": "math.atan", "log2": "math.log2", "log10": "math.log10",
                   "exp2": "math.exp2", "sinh": "math.sinh", "cosh": "math.cosh", "tan": "math.tan",
                   "asin": "math.asin", "acos": "math.acos", "asinh": "math.asinh",
                   "acosh": "math.acosh", "atanh": "math.atanh"}.items():
    HANDLERS[_name] = _unary_math(_op)


def _rounding(op):
    """floor, ceil, trunc: identity on integers, as in PyTorch."""
    def h(L, a):
        c = out_compute(L)
        if not elem_is_float(c):
            return L.ew([a], lambda bd, e: e[0])
        return L.ew([a], lambda bd, e: bd.unary(op, e[0], c))
    return h


for _name, _op in {"floor": "math.floor", "ceil": "math.ceil", "trunc": "math.trunc",
                   "fix": "math.trunc"}.items():
    HANDLERS[_name] = _rounding(_op)


@handles("round")
def h_round(L, a, decimals=0):
    """Half to even, as torch.round; with decimals, PyTorch's
    round(x * 10^d) / 10^d (10^-d for negative d)."""
    c = out_compute(L)
    if not elem_is_float(c):
        return L.ew([a], lambda bd, e: e[0])
    if not decimals:
        return L.ew([a], lambda bd, e: bd.unary("math.roundeven", e[0], c))
    ten = float(10 ** abs(decimals))

    def f(bd, e):
        k = bd.const(ten, c)
        if decimals > 0:
            return bd.binary("div", bd.unary("math.roundeven", bd.binary("mul", e[0], k, c), c), k, c)
        return bd.binary("mul", bd.unary("math.roundeven", bd.binary("div", e[0], k, c), c), k, c)
    return L.ew([a], f)


@handles("frac")
def h_frac(L, a):
    c = out_compute(L)
    return L.ew([a], lambda bd, e: bd.binary("sub", e[0], bd.unary("math.trunc", e[0], c), c))


@handles("atan2")
def h_atan2(L, a, b):
    c = out_compute(L)
    return L.ew([a, b], lambda bd, e: bd.emit("math.atan2 %s, %s : %s" % (e[0], e[1], c)))


@handles("hypot")
def h_hypot(L, a, b):
    c = out_compute(L)
    return L.ew([a, b], lambda bd, e: bd.unary("math.sqrt", bd.binary(
        "add", bd.binary("mul", e[0], e[0], c), bd.binary("mul", e[1], e[1], c), c), c))


@handles("logit")
def h_logit(L, a, eps=None):
    """log(z / (1 - z)), z clamped to [eps, 1 - eps] when eps is given."""
    c = out_compute(L)

    def f(bd, e):
        z = e[0]
        if eps is not None:
            z = bd.binary("min", bd.binary("max", z, bd.const(float(eps), c), c), bd.const(1.0 - eps, c), c)
        return bd.unary("math.log", bd.binary("div", z, bd.binary("sub", bd.const(1.0, c), z, c), c), c)
    return L.ew([a], f)


@handles("logit_backward")
def h_logit_backward(L, g, a, eps=None):
    """g / (z (1 - z)), zero outside [eps, 1 - eps] when eps is given (NaN
    outside [0, 1] without it, as PyTorch)."""
    c = out_compute(L)

    def f(bd, e):
        z = e[1]
        d = bd.binary("div", e[0], bd.binary("mul", z, bd.binary("sub", bd.const(1.0, c), z, c), c), c)
        if eps is None:
            return d
        out = bd.binary("or", bd.cmp("lt", z, bd.const(float(eps), c), c),
                        bd.cmp("gt", z, bd.const(1.0 - eps, c), c), "i1")
        return bd.select(out, bd.const(0.0, c), d, c)
    return L.ew([g, a], f)


@handles("nan_to_num")
def h_nan_to_num(L, a, nan=0.0, posinf=None, neginf=None):
    """NaN to `nan`, infinities to the given values or the dtype's extremes."""
    shape, elem = L.out()
    c = out_compute(L)
    big = {"f16": 65504.0, "bf16": 3.3895313892515355e38, "f32": 3.4028234663852886e38,
           "f64": 1.7976931348623157e308}[elem]
    pos = big if posinf is None else posinf
    neg = -big if neginf is None else neginf

    def f(bd, e):
        x = e[0]
        isnan = bd.emit("arith.cmpf uno, %s, %s : %s" % (x, x, c))
        x = bd.select(isnan, bd.const(float(nan or 0.0), c), x, c)
        x = bd.select(bd.cmp("eq", x, bd.const(float("inf"), c), c), bd.const(float(pos), c), x, c)
        return bd.select(bd.cmp("eq", x, bd.const(float("-inf"), c), c), bd.const(float(neg), c), x, c)
    return L.ew([a], f)


@handles("heaviside")
def h_heaviside(L, a, values):
    c = out_compute(L)

    def f(bd, e):
        zero = bd.const(0.0 if elem_is_float(c) else 0, c)
        one = bd.const(1.0 if elem_is_float(c) else 1, c)
        step = bd.select(bd.cmp("gt", e[0], zero, c), one, zero, c)
        return bd.select(bd.cmp("eq", e[0], zero, c), e[1], step, c)
    return L.ew([a, values], f)


@handles("reciprocal")
def h_reciprocal(L, a):
    c = out_compute(L)
    return L.ew([a], lambda bd, e: bd.binary("div", bd.const(1.0, c), e[0], c))


@handles("sigmoid")
def h_sigmoid(L, a):
    c = out_compute(L)
    def f(bd, e):
        n = bd.unary("arith.negf", e[0], c)
        x = bd.unary("math.exp", n, c)
        d = bd.binary("add", bd.const(1.0, c), x, c)
        return bd.binary("div", bd.const(1.0, c), d, c)
    return L.ew([a], f)


def _ipow(bd, x, e, c):
    """x ** e on integers as PyTorch computes it: square and multiply over
    the exponent's bits (wrapping); a negative exponent gives 0, but 1 for
    base 1 and +-1 for base -1."""
    bits = elem_bits(c) - (0 if elem_is_unsigned(c) else 1)
    one, zero = bd.const(1, c), bd.const(0, c)
    r, base = one, x
    for k in range(bits):
        bit = bd.binary("and", bd.emit("arith.shrui %s, %s : %s" % (e, bd.const(k, c), c)), one, c)
        r = bd.select(bd.cmp("ne", bit, zero, c), bd.binary("mul", r, base, c), r, c)
        if k + 1 < bits:
            base = bd.binary("mul", base, base, c)
    if elem_is_unsigned(c):
        return r
    minus = bd.const(-1, c)
    odd = bd.cmp("ne", bd.binary("and", e, one, c), zero, c)
    negative = bd.select(bd.cmp("eq", x, one, c), one,
                         bd.select(bd.cmp("eq", x, minus, c), bd.select(odd, minus, one, c), zero, c), c)
    return bd.select(bd.cmp("lt", e, zero, c), negative, r, c)


@handles("pow")
def h_pow(L, a, b):
    c = out_compute(L)
    a, b = half_scalars([a, b])
    if not elem_is_float(c):
        if isinstance(b, Tensor) or not isinstance(a, Tensor):
            return L.ew([a, b], lambda bd, e: _ipow(bd, e[0], e[1], c))
        if b < 0:  # (PyTorch refuses it too)
            L.error("an integer tensor to a negative integer power")
        return L.ew([a], lambda bd, e: _ipow(bd, e[0], bd.const(int(b), c), c))
    if isinstance(b, Tensor) or not isinstance(a, Tensor):
        return L.ew([a, b], lambda bd, e: bd.emit("math.powf %s, %s : %s" % (e[0], e[1], c)))
    def f(bd, e):
        if b == 2:
            return bd.binary("mul", e[0], e[0], c)
        if b == 3:
            return bd.binary("mul", bd.binary("mul", e[0], e[0], c), e[0], c)
        if b == 0.5:
            return bd.unary("math.sqrt", e[0], c)
        if b == 1:
            return e[0]
        return bd.emit("math.powf %s, %s : %s" % (e[0], bd.const(float(b), c), c))
    return L.ew([a], f)


def _compare(pred):
    def h(L, a, b):
        a, b = half_scalars([a, b])
        elems = [o.elem for o in (a, b) if isinstance(o, Tensor)]
        floats = [e for e in elems if elem_is_float(e)]
        if floats:
            c = compute_elem(max(floats, key=lambda e: {"f16": 1, "bf16": 1, "f32": 2, "f64": 3}[e]))
        elif any(isinstance(o, float) for o in (a, b)):
            c = "f32"
        else:
            c = max(elems, key=lambda e: int(e[1:]))
            signed = [e for e in elems if e != "i1" and not elem_is_unsigned(e)]
            if any(elem_is_unsigned(e) for e in elems):
                # uint8 against int8 compares in int16 (PyTorch's promotion),
                # against a wider signed type in it; else unsigned.
                wide = max(signed, key=lambda e: int(e[1:])) if signed else None
                c = wide if wide and int(wide[1:]) > 8 else "i16" if wide else \
                    next(e for e in elems if elem_is_unsigned(e))
        return L.ew([a, b], lambda bd, e: bd.cmp(pred, e[0], e[1], c), compute=c, yields="i1")
    return h


for _p in ("eq", "ne", "lt", "le", "gt", "ge"):
    HANDLERS[_p] = _compare(_p)


@handles("logical_not")
def h_logical_not(L, a):
    # Any dtype: x == 0 (its operand is read as i1, x != 0).
    return L.ew([a], lambda bd, e: bd.binary("xor", e[0], bd.const(True, "i1"), "i1"), compute="i1")


@handles("bitwise_not")
def h_bitwise_not(L, a):
    c = out_compute(L)
    if elem_is_float(c):
        L.error("bitwise_not of a %s tensor (PyTorch refuses it too)" % c)
    return L.ew([a], lambda bd, e: bd.binary("xor", e[0], bd.const(True if c == "i1" else -1, c), c),
                compute=c)


def _logical(kind):
    def h(L, a, b):  # operands read as i1 (x != 0), a bool result
        return L.ew([a, b], lambda bd, e: bd.binary(kind, e[0], e[1], "i1"), compute="i1")
    return h


def _bitwise(kind):
    def h(L, a, b):  # on the promoted integer type, bit by bit (bool: logical)
        c = out_compute(L)
        if elem_is_float(c):
            L.error("bitwise_%s of %s tensors (PyTorch refuses it too)" % (kind, c))
        return L.ew([a, b], lambda bd, e: bd.binary(kind, e[0], e[1], c), compute=c)
    return h


for _k in ("and", "or", "xor"):
    HANDLERS["logical_" + _k] = _logical(_k)
    HANDLERS["bitwise_" + _k] = _bitwise(_k)


def _shift(left):
    """x << n and x >> n as ATen's CPU kernels: a shift by a negative amount
    or by the width or more gives 0 (left, and right of unsigned), the sign
    (right of signed: x >> (width - 1))."""
    def h(L, a, b):
        c = out_compute(L)
        if elem_is_float(c) or c == "i1":
            L.error("a shift of %s values (PyTorch refuses it too)" % c)
        bits = elem_bits(c)

        def f(bd, e):
            x, n = e
            if left:
                inside, op, outside = bits, "arith.shli", bd.const(0, c)
            elif elem_is_unsigned(c):
                inside, op, outside = bits, "arith.shrui", bd.const(0, c)
            else:
                inside, op = bits - 1, "arith.shrsi"
                outside = bd.emit("arith.shrsi %s, %s : %s" % (x, bd.const(bits - 1, c), c))
            ok = bd.emit("arith.cmpi ult, %s, %s : %s" % (n, bd.const(inside, c), c))
            return bd.select(ok, bd.emit("%s %s, %s : %s" % (op, x, n, c)), outside, c)
        return L.ew([a, b], f, compute=c)
    return h


for _n in ("__lshift__", "bitwise_left_shift"):
    HANDLERS[_n] = _shift(True)
for _n in ("__rshift__", "bitwise_right_shift"):
    HANDLERS[_n] = _shift(False)


@handles("where")
def h_where(L, cond, a, b):
    return select(L, cond, a, b, *L.out())


def select(L, cond, a, b, shape, elem):
    """where(cond, a, b) into (shape, elem): tensors or scalars, cond read
    as i1 (x != 0)."""
    c = compute_elem(elem)
    def body(bd, args):
        it = iter(args)
        vals = []
        for o, want in ((cond, "i1"), (a, c), (b, c)):
            if isinstance(o, Tensor):
                vals.append(bd.cast(next(it), o.elem, want))
            else:
                vals.append(bd.const(o, want))
        return [bd.cast(bd.select(vals[0], vals[1], vals[2], c), c, elem)]
    tensors = [o for o in (cond, a, b) if isinstance(o, Tensor)]
    return L.fn.generic([(shape, elem)], tensors, body)[0]


@handles("masked_fill")
def h_masked_fill(L, a, mask, value):
    return h_where(L, mask, value, a)


@handles("_to_copy", "to", "convert_element_type")
def h_to_copy(L, a, *args, **kwargs):
    shape, elem = L.out()
    if a.elem == elem and elem_is_unsigned(a.elem) == elem_is_unsigned(elem):
        return a
    if a.elem == elem:  # int8 <-> uint8: the same bits, read the other way
        return Tensor(a.value, a.base_shape, elem, a.shape, a.view)
    return L.ew([a], lambda bd, e: e[0], compute=elem)


@handles("clone", "detach", "alias", "lift_fresh_copy", "contiguous", "lift_fresh")
def h_identity(L, a, *args, **kwargs):
    # Values are immutable here, so a copy is the value itself; detach and
    # alias share storage in PyTorch, which matters to in-place writes.
    if str(L.node.target).split(".")[1] in ("detach", "alias"):
        mark_view(L)
        if isinstance(a, Tensor):  # all of it: writes go through
            record_slice(L, a, None)
    return a


@handles("copy")
def h_copy(L, dst, src, non_blocking=False):
    shape, elem = L.out()
    return L.ew([src], lambda bd, e: e[0], shape=shape, elem=elem)


@handles("sgn", "sign")
def h_sign(L, a):
    c = out_compute(L)
    zero = 0.0 if elem_is_float(c) else 0

    def f(bd, e):
        pos = bd.cmp("gt", e[0], bd.const(zero, c), c)
        neg = bd.cmp("lt", e[0], bd.const(zero, c), c)
        one = bd.const(1.0 if elem_is_float(c) else 1, c)
        minus = bd.const(-1.0 if elem_is_float(c) else -1, c)
        return bd.select(pos, one, bd.select(neg, minus, bd.const(zero, c), c), c)
    return L.ew([a], f)


def _triangle(keep_upper):
    def h(L, a, diagonal=0):
        shape, elem = L.out()
        r = len(shape)

        def body(bd, args):
            i = bd.emit("arith.index_cast %s : index to i64" % bd.index(r - 2))
            j = bd.emit("arith.index_cast %s : index to i64" % bd.index(r - 1))
            d = bd.binary("sub", j, i, "i64")
            keep = bd.cmp("ge" if keep_upper else "le", d, bd.const(diagonal, "i64"), "i64")
            zero = bd.const(0.0 if elem_is_float(elem) else (False if elem == "i1" else 0), elem)
            return [bd.select(keep, bd.cast(args[0], a.elem, elem), zero, elem)]
        return L.fn.generic([(shape, elem)], [a], body)[0]
    return h


handles("tril")(_triangle(False))
handles("triu")(_triangle(True))


def _float_class(kind):
    """isnan / isinf of float tensors (integers are never either)."""
    def h(L, a):
        shape, elem = L.out()
        if not elem_is_float(a.elem):
            return L.fn.filled(shape, "i1", False)
        c = compute_elem(a.elem)

        def f(bd, e):
            if kind == "nan":
                return bd.emit("arith.cmpf uno, %s, %s : %s" % (e[0], e[0], c))
            return bd.cmp("eq", bd.unary("math.absf", e[0], c), bd.const(float("inf"), c), c)
        return L.ew([a], f, compute=c, yields="i1")
    return h


HANDLERS["isnan"] = _float_class("nan")
HANDLERS["isinf"] = _float_class("inf")


@handles("lerp")
def h_lerp(L, a, end, weight):
    """a + weight * (end - a)."""
    c = out_compute(L)
    return L.ew([a, end, weight], lambda bd, e: bd.binary("add", e[0], bd.binary(
        "mul", e[2], bd.binary("sub", e[1], e[0], c), c), c))


@handles("fma")
def h_fma(L, a, b, c):
    """prims.fma (Inductor's decompositions): a * b + c rounded once."""
    t = out_compute(L)
    if not elem_is_float(t):
        return L.ew([a, b, c], lambda bd, e: bd.binary("add", bd.binary("mul", e[0], e[1], t), e[2], t))
    return L.ew([a, b, c], lambda bd, e: bd.emit("math.fma %s, %s, %s : %s" % (e[0], e[1], e[2], t)))


def _addc(kind):
    """addcmul / addcdiv: a + value * (t1 * t2) or a + value * (t1 / t2)."""
    def h(L, a, t1, t2, value=1):
        c = out_compute(L)
        return L.ew([a, t1, t2], lambda bd, e: bd.binary("add", e[0], bd.binary(
            "mul", bd.const(float(value), c), bd.binary(kind, e[1], e[2], c), c), c))
    return h


HANDLERS["addcmul"] = _addc("mul")
HANDLERS["addcdiv"] = _addc("div")


@handles("xlogy")
def h_xlogy(L, a, b):
    """torch.xlogy (F.kl_div's target * log(target)): NaN where y is NaN,
    else 0 where x == 0, else x * log(y), as PyTorch's kernel."""
    c = out_compute(L)

    def f(bd, e):
        x, y = e
        prod_ = bd.binary("mul", x, bd.unary("math.log", y, c), c)
        r = bd.select(bd.cmp("eq", x, bd.const(0.0, c), c), bd.const(0.0, c), prod_, c)
        nan = bd.emit("arith.cmpf uno, %s, %s : %s" % (y, y, c))
        return bd.select(nan, bd.const(float("nan"), c), r, c)
    return L.ew([a, b], f)
