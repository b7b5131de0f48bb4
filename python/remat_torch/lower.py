"""Lowering of the aten ops of a captured joint graph to upstream MLIR.

One handler per aten op (packet name, overloads share it). Handlers see
`Tensor` views (see mlir.py) and Python scalars, and return a Tensor, a tuple
of them (multi-result ops) or None. Semantics follow PyTorch's CPU kernels;
results are not bitwise equal to PyTorch's (summation order differs) but match
within the tolerances stated in docs/PyTorch.md.
"""

import math

from .mlir import ImportError_, Tensor, elem_is_float, prod, ttype

HANDLERS = {}


def handles(*names):
    def register(fn):
        for n in names:
            HANDLERS[n] = fn
        return fn
    return register


def compute_elem(elem):
    # PyTorch's CPU kernels compute half types in float ("opmath"); so do we.
    return "f32" if elem in ("f16", "bf16") else elem


def norm_dim(d, rank):
    return d + rank if d < 0 else d


def norm_dims(dims, rank):
    if dims is None or (isinstance(dims, (list, tuple)) and len(dims) == 0):
        return list(range(rank))
    if isinstance(dims, int):
        dims = [dims]
    return sorted(norm_dim(d, rank) for d in dims)


def pair(v):
    if isinstance(v, int):
        return [v, v]
    v = list(v)
    return v * 2 if len(v) == 1 else v


class Lowering:
    """State of one import: the function, values of FX nodes, side outputs."""

    def __init__(self, fn, meta, elem_of):
        self.fn = fn
        self.meta = meta          # node -> example value (tensor / tuple / scalar)
        self.elem_of = elem_of    # torch dtype -> MLIR element type
        self.env = {}
        # An in-place op's result is the same tensor as its target: both
        # nodes name one storage, whose latest value env holds at the root.
        self.root = {}
        self.view_base = {}       # node -> node whose storage it views
        self.order = {}
        self.mutated = {}         # placeholder node -> latest Tensor
        self.random_inputs = []   # (arg name, node) whose values the caller supplies
        self.functional_rng = False   # counter-based RNG in the graph instead
        self.rng_seed = None
        self.rng_offset = 0
        self.node = None

    # -- values --------------------------------------------------------------
    def value(self, a):
        if hasattr(a, "op") and hasattr(a, "target"):  # an fx.Node
            a = self.root.get(a, a)
            if a not in self.env:
                raise ImportError_("value of '%s' is not available" % a.name)
            return self.env[a]
        if isinstance(a, (list, tuple)):
            return type(a)(self.value(x) for x in a)
        return a

    def out(self, idx=None):
        """(shape, elem) of the current node's result (or of result idx)."""
        v = self.meta.get(self.node)
        if idx is not None:
            v = v[idx]
        return tuple(v.shape), self.elem_of(v.dtype)

    def error(self, message):
        raise ImportError_(message)

    # -- elementwise -----------------------------------------------------------
    def ew(self, operands, fn, shape=None, elem=None, compute=None, yields=None):
        """out = fn(body, [operand elements in `compute` type]) elementwise,
        with broadcasting; scalars become constants. fn returns a value of
        type `yields` (default: `compute`; i1 for comparisons)."""
        if shape is None:
            shape, elem = self.out()
        compute = compute or compute_elem(elem)
        tensors = [o for o in operands if isinstance(o, Tensor)]

        def body(b, args):
            it = iter(args)
            elems = []
            for o in operands:
                if isinstance(o, Tensor):
                    elems.append(b.cast(next(it), o.elem, compute))
                elif o is None:
                    elems.append(None)
                else:
                    elems.append(b.const(o, compute))
            r = fn(b, elems)
            return [b.cast(r, yields or compute, elem)]

        if not tensors:
            raise ImportError_("an elementwise op on scalars only is not supported")
        return self.fn.generic([(shape, elem)], tensors, body)[0]

    def reduce(self, t, dims, keepdim, kind="add", elem=None, fn=None):
        """Sum (or max) of view `t` over `dims`; `fn(body, x)` maps each
        element first. Accumulates in the compute type."""
        rank = len(t.shape)
        dims = norm_dims(dims, rank)
        elem = elem or t.elem
        acc = compute_elem(elem)
        kept = [k for k in range(rank) if k not in dims]
        par_shape = tuple(t.shape[k] for k in kept)
        red_shape = [t.shape[k] for k in dims]
        # Loop dims: parallel (kept) first, then reduced; read t through them.
        loop_of = {}
        for i, k in enumerate(kept):
            loop_of[k] = "d%d" % i
        for i, k in enumerate(dims):
            loop_of[k] = "d%d" % (len(kept) + i)
        exprs = t.base_exprs([loop_of[k] for k in range(rank)])
        init_val = {"add": 0.0, "max": float("-inf"), "min": float("inf")}[kind]
        if not elem_is_float(acc):
            bits = int(acc[1:])
            init_val = {"add": 0, "max": -(1 << (bits - 1)), "min": (1 << (bits - 1)) - 1}[kind]
        init = self.fn.filled(par_shape, acc, init_val)

        def body(b, args):
            x = b.cast(args[0], t.elem, acc)
            if fn is not None:
                x = fn(b, x)
            return [b.binary(kind, x, args[1], acc)]

        r = self.fn.generic([(par_shape, acc)], [(t, exprs)], body,
                            reduce_dims=red_shape, inits=[init])[0]
        if acc != elem:
            r = self.ew([r], lambda b, e: e[0], shape=par_shape, elem=elem)
        if keepdim:
            out_shape = tuple(1 if k in dims else t.shape[k] for k in range(rank))
            view = []
            i = 0
            for k in range(rank):
                if k in dims:
                    view.append(None)
                else:
                    view.append(i)
                    i += 1
            r = Tensor(r.value, r.base_shape, r.elem, out_shape, view)
        return r

    # -- in-place and views -----------------------------------------------------
    def mutate(self, target_node, new):
        """`target_node`'s tensor now holds `new` (an in-place op)."""
        target_node = self.root.get(target_node, target_node)
        if target_node in self.view_base:
            self.error("in-place '%s' writes into a view of another tensor; remat imports "
                       "functional graphs only" % self.node.target)
        here = self.order[self.node]
        for v, base in self.view_base.items():
            if base is target_node and any(self.order.get(u, -1) > here for u in v.users):
                self.error("in-place '%s' changes '%s', which has a view ('%s') used later; "
                           "remat imports functional graphs only" % (
                               self.node.target, target_node.name, v.name))
        self.env[target_node] = new
        if target_node.op == "placeholder":
            self.mutated[target_node] = new
        return new


# ---------------------------------------------------------------------------
# Elementwise arithmetic
# ---------------------------------------------------------------------------

def _ew_compute(L):
    return compute_elem(L.out()[1])


def _add_like(kind):
    """add / sub: a (+|-) alpha * b."""
    def h(L, a, b, alpha=1):
        c = _ew_compute(L)

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
    c = _ew_compute(L)
    return L.ew([a, b], lambda bd, e: bd.binary("mul", e[0], e[1], c))


@handles("div")
def h_div(L, a, b, rounding_mode=None):
    c = _ew_compute(L)
    if rounding_mode is not None:
        L.error("div with rounding_mode='%s' is not supported" % rounding_mode)
    if not elem_is_float(c):
        L.error("integer division is not supported")
    return L.ew([a, b], lambda bd, e: bd.binary("div", e[0], e[1], c))


@handles("maximum", "minimum")
def h_maxmin(L, a, b):
    c = _ew_compute(L)
    kind = "max" if "maximum" in str(L.node.target) else "min"
    return L.ew([a, b], lambda bd, e: bd.binary(kind, e[0], e[1], c))


@handles("clamp_min")
def h_clamp_min(L, a, m):
    c = _ew_compute(L)
    return L.ew([a, m], lambda bd, e: bd.binary("max", e[0], e[1], c))


@handles("clamp")
def h_clamp(L, a, lo=None, hi=None):
    c = _ew_compute(L)
    def f(bd, e):
        x = e[0]
        if lo is not None:
            x = bd.binary("max", x, bd.const(lo, c), c)
        if hi is not None:
            x = bd.binary("min", x, bd.const(hi, c), c)
        return x
    return L.ew([a], f)


def _unary_math(op):
    def h(L, a):
        c = _ew_compute(L)
        return L.ew([a], lambda bd, e: bd.unary(op, e[0], c))
    return h


for _name, _op in {"exp": "math.exp", "log": "math.log", "tanh": "math.tanh",
                   "sqrt": "math.sqrt", "rsqrt": "math.rsqrt", "erf": "math.erf",
                   "abs": "math.absf", "neg": "arith.negf", "sin": "math.sin",
                   "cos": "math.cos", "log1p": "math.log1p", "expm1": "math.expm1"}.items():
    HANDLERS[_name] = _unary_math(_op)


@handles("reciprocal")
def h_reciprocal(L, a):
    c = _ew_compute(L)
    return L.ew([a], lambda bd, e: bd.binary("div", bd.const(1.0, c), e[0], c))


@handles("sigmoid")
def h_sigmoid(L, a):
    c = _ew_compute(L)
    def f(bd, e):
        n = bd.unary("arith.negf", e[0], c)
        x = bd.unary("math.exp", n, c)
        d = bd.binary("add", bd.const(1.0, c), x, c)
        return bd.binary("div", bd.const(1.0, c), d, c)
    return L.ew([a], f)


@handles("relu")
def h_relu(L, a):
    c = _ew_compute(L)
    return L.ew([a], lambda bd, e: bd.binary("max", e[0], bd.const(0 if not elem_is_float(c) else 0.0, c), c))


@handles("pow")
def h_pow(L, a, b):
    c = _ew_compute(L)
    if isinstance(b, Tensor):
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
        elems = [o.elem for o in (a, b) if isinstance(o, Tensor)]
        floats = [e for e in elems if elem_is_float(e)]
        if floats:
            c = compute_elem(max(floats, key=lambda e: {"f16": 1, "bf16": 1, "f32": 2, "f64": 3}[e]))
        elif any(isinstance(o, float) for o in (a, b)):
            c = "f32"
        else:
            c = max(elems, key=lambda e: int(e[1:]))
        return L.ew([a, b], lambda bd, e: bd.cmp(pred, e[0], e[1], c), compute=c, yields="i1")
    return h


for _p in ("eq", "ne", "lt", "le", "gt", "ge"):
    HANDLERS[_p] = _compare(_p)


@handles("bitwise_not", "logical_not")
def h_not(L, a):
    if a.elem != "i1":
        L.error("bitwise_not on %s is not supported (only bool)" % a.elem)
    return L.ew([a], lambda bd, e: bd.binary("xor", e[0], bd.const(True, "i1"), "i1"), compute="i1")


@handles("logical_and", "bitwise_and")
def h_and(L, a, b):
    return L.ew([a, b], lambda bd, e: bd.binary("and", e[0], e[1], "i1"), compute="i1")


@handles("logical_or", "bitwise_or")
def h_or(L, a, b):
    return L.ew([a, b], lambda bd, e: bd.binary("or", e[0], e[1], "i1"), compute="i1")


@handles("where")
def h_where(L, cond, a, b):
    shape, elem = L.out()
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


@handles("gelu")
def h_gelu(L, a, approximate="none"):
    c = _ew_compute(L)
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
    c = _ew_compute(L)
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
    c = _ew_compute(L)
    def f(bd, e):
        le = bd.cmp("le", e[1], bd.const(threshold, c), c)
        return bd.select(le, bd.const(0.0, c), e[0], c)
    return L.ew([grad, a], f)


@handles("tanh_backward")
def h_tanh_backward(L, grad, y):
    c = _ew_compute(L)
    return L.ew([grad, y], lambda bd, e: bd.binary("mul", e[0], bd.binary(
        "sub", bd.const(1.0, c), bd.binary("mul", e[1], e[1], c), c), c))


@handles("sigmoid_backward")
def h_sigmoid_backward(L, grad, y):
    c = _ew_compute(L)
    return L.ew([grad, y], lambda bd, e: bd.binary("mul", e[0], bd.binary(
        "mul", e[1], bd.binary("sub", bd.const(1.0, c), e[1], c), c), c))


@handles("native_dropout_backward")
def h_dropout_backward(L, grad, mask, scale):
    c = _ew_compute(L)
    return L.ew([grad, mask], lambda bd, e: bd.binary("mul", bd.binary("mul", e[0], e[1], c), bd.const(scale, c), c))


@handles("_to_copy", "to")
def h_to_copy(L, a, *args, **kwargs):
    shape, elem = L.out()
    if a.elem == elem:
        return a
    return L.ew([a], lambda bd, e: e[0], compute=elem)


@handles("clone", "detach", "alias", "lift_fresh_copy", "contiguous", "lift_fresh")
def h_identity(L, a, *args, **kwargs):
    # Values are immutable here, so a copy is the value itself; detach and
    # alias share storage in PyTorch, which matters to in-place writes.
    if str(L.node.target).split(".")[1] in ("detach", "alias"):
        _mark_view(L)
    return a


@handles("copy")
def h_copy(L, dst, src, non_blocking=False):
    shape, elem = L.out()
    return L.ew([src], lambda bd, e: e[0], shape=shape, elem=elem)


@handles("empty_like", "zeros_like", "new_empty", "new_zeros", "empty", "zeros",
         "new_empty_strided", "empty_strided")
def h_zeros(L, *args, **kwargs):
    shape, elem = L.out()
    return L.fn.filled(shape, elem, 0.0 if elem_is_float(elem) else 0)


@handles("ones_like", "new_ones", "ones")
def h_ones(L, *args, **kwargs):
    shape, elem = L.out()
    return L.fn.filled(shape, elem, 1.0 if elem_is_float(elem) else 1)


@handles("full", "full_like", "new_full", "scalar_tensor", "fill")
def h_full(L, *args, **kwargs):
    shape, elem = L.out()
    name = str(L.node.target).split(".")[1].rstrip("_")
    value = {"full": 1, "full_like": 1, "new_full": 2, "scalar_tensor": 0, "fill": 1}[name]
    value = args[value] if len(args) > value else kwargs.get("fill_value", kwargs.get("value"))
    if isinstance(value, Tensor):
        return L.ew([value], lambda bd, e: e[0], shape=shape, elem=elem)
    return L.fn.filled(shape, elem, value)


RANDOM_OPS = ("bernoulli", "rand_like", "randn_like", "rand", "randn", "normal", "uniform",
              "randint", "randint_like", "native_dropout", "exponential", "geometric",
              "random", "multinomial", "randperm")


@handles(*RANDOM_OPS)
def h_random(L, *args, **kwargs):
    """Random draws become arguments: the graph never draws random numbers,
    so recomputing anything never re-draws them."""
    name = str(L.node.target).split(".")[1].rstrip("_")
    if name == "native_dropout":
        x, p, train = args[0], args[1], args[2] if len(args) > 2 else kwargs.get("train")
        if train is False:
            ones = L.fn.filled(x.shape, "i1", True)
            return (x, ones)
        mshape, melem = L.out(1)
        if L.functional_rng:
            mask = functional_uniform(L, mshape, melem, keep_below=1.0 - p)
        else:
            mask = L.fn.add_arg("rng_" + L.node.name, mshape, melem)
            L.random_inputs.append((mask, L.node, 1))
        scale = 1.0 / (1.0 - p) if p < 1 else 0.0
        c = compute_elem(x.elem)
        out = L.ew([x, mask], lambda bd, e: bd.binary("mul", bd.binary("mul", e[0], e[1], c), bd.const(scale, c), c),
                   shape=x.shape, elem=x.elem)
        return (out, mask)
    shape, elem = L.out()
    if L.functional_rng:
        if name == "bernoulli":
            p = args[1] if len(args) > 1 and not isinstance(args[1], Tensor) else kwargs.get("p", 0.5)
            if isinstance(p, Tensor):
                L.error("bernoulli with a tensor of probabilities is not supported with --dropout=functional")
            return functional_uniform(L, shape, elem, keep_below=p)
        if name in ("rand", "rand_like", "uniform"):
            return functional_uniform(L, shape, elem)
        L.error("%s has no functional (counter-based) form; import with --dropout=inputs" % name)
    arg = L.fn.add_arg("rng_" + L.node.name, shape, elem)
    L.random_inputs.append((arg, L.node, None))
    return arg


def _u64(v):
    """An unsigned 64-bit constant as MLIR's signed i64 literal."""
    return v - (1 << 64) if v >= (1 << 63) else v


def functional_uniform(L, shape, elem, keep_below=None):
    """Counter-based random numbers: splitmix64 of (seed, stream offset +
    element index), a pure function of its inputs like JAX's threefry keys.
    Recomputing it gives the same numbers, so remat may recompute dropout
    masks instead of keeping them. Returns uniforms in [0, 1), or 0/1
    (keep where u < keep_below) when keep_below is given."""
    if L.rng_seed is None:
        L.rng_seed = L.fn.add_arg("rng_seed", (), "i64")
    offset = L.rng_offset
    L.rng_offset += prod(shape)

    def body(bd, a):
        seed = a[0]
        lin = None
        for k, size in enumerate(shape):
            i = bd.emit("arith.index_cast %s : index to i64" % bd.index(k))
            lin = i if lin is None else bd.binary("add", bd.binary("mul", lin, bd.const(size, "i64"), "i64"), i, "i64")
        lin = lin if lin is not None else bd.const(0, "i64")
        z = bd.binary("add", bd.binary("mul", bd.binary("add", lin, bd.const(offset, "i64"), "i64"),
                                       bd.const(_u64(0x9E3779B97F4A7C15), "i64"), "i64"), seed, "i64")
        for shift, mult in ((30, 0xBF58476D1CE4E5B9), (27, 0x94D049BB133111EB)):
            z = bd.binary("xor", z, bd.emit("arith.shrui %s, %s : i64" % (z, bd.const(shift, "i64"))), "i64")
            z = bd.binary("mul", z, bd.const(_u64(mult), "i64"), "i64")
        z = bd.binary("xor", z, bd.emit("arith.shrui %s, %s : i64" % (z, bd.const(31, "i64"))), "i64")
        top = bd.emit("arith.shrui %s, %s : i64" % (z, bd.const(11, "i64")))
        u = bd.binary("mul", bd.emit("arith.uitofp %s : i64 to f64" % top), bd.const(2.0 ** -53, "f64"), "f64")
        if keep_below is None:
            return [bd.cast(u, "f64", elem)]
        keep = bd.cmp("lt", u, bd.const(float(keep_below), "f64"), "f64")
        return [bd.cast(keep, "i1", elem)]

    return L.fn.generic([(shape, elem)], [L.rng_seed.broadcast_to(shape)], body)[0]


# ---------------------------------------------------------------------------
# Views and data movement
# ---------------------------------------------------------------------------

def _mark_view(L):
    base = L.node.args[0]
    L.view_base[L.node] = L.view_base.get(base, base)


@handles("view", "_unsafe_view", "_reshape_alias", "reshape", "view_copy", "_reshape_copy")
def h_view(L, a, *args, **kwargs):
    shape, _ = L.out()
    _mark_view(L)
    if tuple(a.shape) == tuple(shape):
        return a
    # Inserting or dropping size-1 dims needs no copy through a view.
    if [d for d in a.shape if d != 1] == [d for d in shape if d != 1] and not a.dense:
        src_dims = [k for k, d in enumerate(a.shape) if d != 1]
        view = []
        it = iter(src_dims)
        for d in shape:
            view.append(a.view[next(it)] if d != 1 else None)
        return Tensor(a.value, a.base_shape, a.elem, shape, view)
    return L.fn.reshape(a, shape)


@handles("t")
def h_t(L, a):
    _mark_view(L)
    return a.permuted([1, 0]) if len(a.shape) == 2 else a


@handles("transpose")
def h_transpose(L, a, d0, d1):
    _mark_view(L)
    r = len(a.shape)
    perm = list(range(r))
    d0, d1 = norm_dim(d0, r), norm_dim(d1, r)
    perm[d0], perm[d1] = perm[d1], perm[d0]
    return a.permuted(perm)


@handles("permute")
def h_permute(L, a, dims):
    _mark_view(L)
    return a.permuted([norm_dim(d, len(a.shape)) for d in dims])


@handles("expand")
def h_expand(L, a, size, implicit=False):
    _mark_view(L)
    shape, _ = L.out()
    return a.broadcast_to(shape)


@handles("unsqueeze")
def h_unsqueeze(L, a, dim):
    _mark_view(L)
    return a.unsqueezed(norm_dim(dim, len(a.shape) + 1))


@handles("squeeze")
def h_squeeze(L, a, dim=None):
    _mark_view(L)
    if dim is None:
        dims = [k for k, d in enumerate(a.shape) if d == 1]
    else:
        dims = [norm_dim(d, len(a.shape)) for d in (dim if isinstance(dim, (list, tuple)) else [dim])]
        dims = [d for d in dims if a.shape[d] == 1]
    return a.squeezed_dims(dims)


def extract_slice(L, a, offsets, sizes, strides, out_shape=None):
    a = L.fn.materialize(a)
    name = L.fn.fresh("s")
    L.fn.line("%s = tensor.extract_slice %s[%s] [%s] [%s] : %s to %s" % (
        name, a.value, ", ".join(map(str, offsets)), ", ".join(map(str, sizes)),
        ", ".join(map(str, strides)), ttype(a.shape, a.elem), ttype(out_shape or sizes, a.elem)))
    return Tensor(name, out_shape or sizes, a.elem)


@handles("slice")
def h_slice(L, a, dim=0, start=None, end=None, step=1):
    _mark_view(L)
    shape, _ = L.out()
    r = len(a.shape)
    dim = norm_dim(dim, r)
    n = a.shape[dim]
    start = 0 if start is None else (start + n if start < 0 else start)
    start = min(max(start, 0), n)
    if tuple(shape) == tuple(a.shape):
        return a
    offsets = [0] * r
    offsets[dim] = start
    strides = [1] * r
    strides[dim] = step
    return extract_slice(L, a, offsets, list(shape), strides)


@handles("select")
def h_select(L, a, dim, index):
    _mark_view(L)
    r = len(a.shape)
    dim = norm_dim(dim, r)
    index = index + a.shape[dim] if index < 0 else index
    if a.shape[dim] == 1 and index == 0:
        return a.squeezed_dims([dim])
    offsets = [0] * r
    offsets[dim] = index
    sizes = list(a.shape)
    sizes[dim] = 1
    shape, _ = L.out()
    return extract_slice(L, a, offsets, sizes, [1] * r, out_shape=list(shape))


@handles("split", "split_with_sizes", "unsafe_split", "unsafe_split_with_sizes", "chunk")
def h_split(L, a, sizes, dim=0):
    _mark_view(L)
    r = len(a.shape)
    dim = norm_dim(dim, r)
    outs = []
    offset = 0
    for v in L.meta[L.node]:
        size = v.shape[dim]
        offsets = [0] * r
        offsets[dim] = offset
        shp = list(a.shape)
        shp[dim] = size
        outs.append(a if size == a.shape[dim] else extract_slice(L, a, offsets, shp, [1] * r))
        offset += size
    return tuple(outs)


@handles("cat", "concat")
def h_cat(L, tensors, dim=0):
    shape, elem = L.out()
    tensors = [t for t in tensors if prod(t.shape) > 0 or len(t.shape) == len(shape)]
    dim = norm_dim(dim, len(shape))
    if len(tensors) == 1:
        return tensors[0]
    mats = [L.fn.materialize(t) for t in tensors]
    name = L.fn.fresh("cat")
    L.fn.line("%s = tensor.concat dim(%d) %s : (%s) -> %s" % (
        name, dim, ", ".join(t.value for t in mats), ", ".join(ttype(t.shape, t.elem) for t in mats),
        ttype(shape, elem)))
    return Tensor(name, shape, elem)


# ---------------------------------------------------------------------------
# Matrix products
# ---------------------------------------------------------------------------

def _matmul_operand(L, t):
    """Operand of a (batch_)matmul: a dense value, possibly read with its
    last two dims swapped (the matmul's indexing maps absorb that)."""
    if t.dense:
        return t, False
    n = len(t.shape)
    if len(t.base_shape) == n and t.view == list(range(n - 2)) + [n - 1, n - 2]:
        return t, True
    return L.fn.materialize(t), False


def matmul(L, a, b, batch=False, acc_init=None):
    """a @ b (2-D, or 3-D batched) into a new zero-filled (or given) output,
    reading transposed operands through indexing maps."""
    shape, elem = L.out() if acc_init is None else (acc_init.shape, acc_init.elem)
    a, ta = _matmul_operand(L, a)
    b, tb = _matmul_operand(L, b)
    if a.elem != elem or b.elem != elem:
        L.error("matmul of %s x %s into %s is not supported" % (a.elem, b.elem, elem))
    init = acc_init or L.fn.filled(shape, elem, 0.0 if elem_is_float(elem) else 0)
    if batch:
        dims = "(b, m, n, k)"
        am = "(b, k, m)" if ta else "(b, m, k)"
        bm = "(b, n, k)" if tb else "(b, k, n)"
        om = "(b, m, n)"
        op = "linalg.batch_matmul"
    else:
        dims = "(m, n, k)"
        am = "(k, m)" if ta else "(m, k)"
        bm = "(n, k)" if tb else "(k, n)"
        om = "(m, n)"
        op = "linalg.matmul"
    maps = ""
    if ta or tb:
        maps = " indexing_maps = [affine_map<%s -> %s>, affine_map<%s -> %s>, affine_map<%s -> %s>]" % (
            dims, am, dims, bm, dims, om)
    name = L.fn.fresh("mm")
    L.fn.line("%s = %s%s ins(%s, %s : %s, %s) outs(%s : %s) -> %s" % (
        name, op, maps, a.value, b.value, ttype(a.base_shape, a.elem), ttype(b.base_shape, b.elem),
        init.value, ttype(shape, elem), ttype(shape, elem)))
    return Tensor(name, shape, elem)


@handles("mm")
def h_mm(L, a, b):
    return matmul(L, a, b)


@handles("bmm")
def h_bmm(L, a, b):
    return matmul(L, a, b, batch=True)


@handles("addmm")
def h_addmm(L, bias, a, b, beta=1, alpha=1):
    shape, elem = L.out()
    if alpha != 1:
        L.error("addmm with alpha != 1 is not supported")
    c = compute_elem(elem)
    # The product accumulates onto beta*bias, as one GEMM with C = bias.
    init = L.ew([bias], (lambda bd, e: e[0]) if beta == 1 else
                (lambda bd, e: bd.binary("mul", e[0], bd.const(beta, c), c)), shape=shape, elem=elem)
    return matmul(L, a, b, acc_init=init)


# ---------------------------------------------------------------------------
# Reductions and normalizations
# ---------------------------------------------------------------------------

@handles("sum")
def h_sum(L, a, dims=None, keepdim=False, dtype=None):
    shape, elem = L.out()
    if not isinstance(a, Tensor):  # masked_select's values
        from .lower_more import masked_reduction
        return masked_reduction(L, a, mean=False)
    return L.reduce(a, dims, keepdim, "add", elem=elem)


@handles("mean")
def h_mean(L, a, dims=None, keepdim=False, dtype=None):
    if not isinstance(a, Tensor):  # masked_select's values
        from .lower_more import masked_reduction
        return masked_reduction(L, a, mean=True)
    shape, elem = L.out()
    rank = len(a.shape)
    n = prod(a.shape[d] for d in norm_dims(dims, rank))
    s = L.reduce(a, dims, keepdim, "add", elem=compute_elem(elem))
    c = compute_elem(elem)
    return L.ew([s], lambda bd, e: bd.binary("div", e[0], bd.const(float(n), c), c))


@handles("amax")
def h_amax(L, a, dims=None, keepdim=False):
    return L.reduce(a, dims, keepdim, "max")


@handles("_softmax")
def h_softmax(L, a, dim, half_to_float=False):
    shape, elem = L.out()
    a = L.fn.materialize(a)
    if a.elem != elem:
        a = L.ew([a], lambda bd, e: e[0], shape=a.shape, elem=elem)
    dim = norm_dim(dim, len(shape))
    e = L.fn.empty(shape, elem)
    name = L.fn.fresh("sm")
    t = ttype(shape, elem)
    L.fn.line("%s = linalg.softmax dimension(%d) ins(%s : %s) outs(%s : %s) -> %s" % (
        name, dim, a.value, t, e, t, t))
    return Tensor(name, shape, elem)


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


def _extract(bd, tensor, idx_values):
    return bd.emit("tensor.extract %s[%s] : %s" % (tensor.value, ", ".join(idx_values),
                                                   ttype(tensor.base_shape, tensor.elem)))


def _to_index(bd, v, elem, size=None):
    """An index from an integer element; with `size`, clamped to [0, size):
    PyTorch raises on an out-of-range index, compiled code would read out of
    bounds, so the graph clamps (only invalid inputs see a difference)."""
    if size is not None:
        v = bd.binary("max", v, bd.const(0, elem), elem)
        v = bd.binary("min", v, bd.const(size - 1, elem), elem)
    return bd.emit("arith.index_cast %s : %s to index" % (v, elem))


@handles("nll_loss_forward")
def h_nll_loss_forward(L, x, target, weight, reduction, ignore_index):
    if weight is not None:
        L.error("nll_loss with class weights is not supported")
    shape, elem = L.out(0)
    c = compute_elem(elem)
    x = L.fn.materialize(x)
    if len(x.shape) == 1:
        x = L.fn.reshape(x, (1,) + x.shape)
        target = L.fn.reshape(L.fn.materialize(target), (1,))
    n, classes = x.shape
    te = target.elem

    # picked[i] = target[i] != ignore ? -x[i, target[i]] : 0; valid[i] as 0/1.
    def body(bd, args):
        t = args[0]
        valid = bd.cmp("ne", t, bd.const(ignore_index, te), te)
        safe = bd.select(valid, t, bd.const(0, te), te)
        v = _extract(bd, x, [bd.index(0), _to_index(bd, safe, te, classes)])
        v = bd.cast(v, x.elem, c)
        neg = bd.unary("arith.negf", v, c)
        picked = bd.select(valid, neg, bd.const(0.0, c), c)
        return [picked, bd.cast(valid, "i1", c)]

    picked, valid = L.fn.generic([((n,), c), ((n,), c)], [target], body)
    total = L.reduce(valid, None, False, elem=c)
    loss = L.reduce(picked, None, False, elem=c)
    if reduction == 1:  # mean
        loss = L.ew([loss, total], lambda bd, e: bd.binary("div", e[0], e[1], c), shape=(), elem=elem)
    elif reduction == 2:  # sum
        loss = L.ew([loss], lambda bd, e: e[0], shape=(), elem=elem) if c != elem else loss
    else:
        L.error("nll_loss with reduction='none' is not supported")
    tw_shape, tw_elem = L.out(1)
    total = L.ew([total], lambda bd, e: e[0], shape=tw_shape, elem=tw_elem) if tw_elem != c else total
    return (loss, total)


@handles("nll_loss_backward")
def h_nll_loss_backward(L, grad, x, target, weight, reduction, ignore_index, total_weight):
    if weight is not None:
        L.error("nll_loss with class weights is not supported")
    shape, elem = L.out()
    c = compute_elem(elem)
    te = target.elem
    squeeze = len(shape) == 1
    full = (1,) + tuple(shape) if squeeze else tuple(shape)
    tgt = L.fn.reshape(L.fn.materialize(target), (full[0],)) if squeeze else target

    def body(bd, args):
        t, g, tw = args[0], bd.cast(args[1], grad.elem, c), bd.cast(args[2], total_weight.elem, c)
        hit = bd.cmp("eq", bd.emit("arith.index_cast %s : index to %s" % (bd.index(1), te)), t, te)
        valid = bd.cmp("ne", t, bd.const(ignore_index, te), te)
        both = bd.binary("and", hit, valid, "i1")
        v = bd.unary("arith.negf", g, c)
        if reduction == 1:
            v = bd.binary("div", v, tw, c)
        return [bd.cast(bd.select(both, v, bd.const(0.0, c), c), c, elem)]

    t_view = Tensor(tgt.value, tgt.base_shape, tgt.elem, full, [0, None]) if tgt.dense else tgt.unsqueezed(1).broadcast_to(full)
    g_view = grad.broadcast_to(full) if len(grad.shape) == 0 else grad
    tw_view = total_weight.broadcast_to(full)
    r = L.fn.generic([(full, elem)], [t_view, g_view, tw_view], body)[0]
    return L.fn.reshape(r, shape) if squeeze else r


@handles("embedding")
def h_embedding(L, weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    shape, elem = L.out()
    weight = L.fn.materialize(weight)
    ie = indices.elem
    idx = indices.unsqueezed(len(indices.shape)).broadcast_to(shape)

    def body(bd, args):
        row = _to_index(bd, args[0], ie, weight.shape[0])
        return [_extract(bd, weight, [row, bd.index(len(shape) - 1)])]

    return L.fn.generic([(shape, elem)], [idx], body)[0]


@handles("embedding_dense_backward")
def h_embedding_backward(L, grad, indices, num_weights, padding_idx, scale_grad_by_freq):
    if scale_grad_by_freq:
        L.error("embedding with scale_grad_by_freq is not supported")
    shape, elem = L.out()
    c = compute_elem(elem)
    n = prod(indices.shape)
    d = shape[1]
    g = L.fn.reshape(grad, (n, d))
    ids = L.fn.reshape(indices, (n,))
    ie = ids.elem
    # gw[v, j] = sum_i (ids[i] == v && ids[i] != padding_idx) ? g[i, j] : 0.
    init = L.fn.filled(shape, c, 0.0)

    def body(bd, args):
        i, gv, acc = args
        v = bd.emit("arith.index_cast %s : index to %s" % (bd.index(0), ie))
        hit = bd.cmp("eq", i, v, ie)
        if padding_idx is not None and padding_idx >= 0:
            hit = bd.binary("and", hit, bd.cmp("ne", i, bd.const(padding_idx, ie), ie), "i1")
        add = bd.binary("add", acc, bd.cast(gv, g.elem, c), c)
        return [bd.select(hit, add, acc, c)]

    r = L.fn.generic([(shape, c)], [(ids, ["d2"]), (g, ["d2", "d1"])], body,
                     reduce_dims=[n], inits=[init])[0]
    if c != elem:
        r = L.ew([r], lambda bd, e: e[0], shape=shape, elem=elem)
    return r


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
    var = L.reduce(L.ew([x, mean], lambda bd, e: _sq(bd, bd.binary("sub", e[0], e[1], c), c),
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


def _sq(bd, v, c):
    return bd.binary("mul", v, v, c)


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


def _channel_view(t, rank):
    """A per-channel vector [C] seen as [1, C, 1, ...] for NC... tensors."""
    return Tensor(t.value, t.base_shape, t.elem, (1, t.shape[0]) + (1,) * (rank - 2),
                  [None] + [t.view[0]] + [None] * (rank - 2))


@handles("native_batch_norm", "_native_batch_norm_legit", "_native_batch_norm_legit_no_training")
def h_batch_norm(L, x, weight, bias, running_mean, running_var, training=None, momentum=0.1, eps=1e-5):
    name = str(L.node.target).split(".")[1]
    if name == "_native_batch_norm_legit_no_training":
        training, momentum, eps = False, training, momentum
    shape, elem = L.out(0)
    c = compute_elem(elem)
    rank = len(x.shape)
    red = [0] + list(range(2, rank))
    m = float(prod(x.shape[d] for d in red))
    chans = (x.shape[1],)
    if training:
        mean = L.ew([L.reduce(x, red, False, elem=c)], lambda bd, e: bd.binary("div", e[0], bd.const(m, c), c),
                    shape=chans, elem=c)
        var = L.ew([L.reduce(L.ew([x, _channel_view(mean, rank)], lambda bd, e: _sq(bd, bd.binary("sub", e[0], e[1], c), c),
                                  shape=x.shape, elem=c), red, False, elem=c)],
                   lambda bd, e: bd.binary("div", e[0], bd.const(m, c), c), shape=chans, elem=c)
        invstd = _invstd(L, var, eps, c)
        if running_mean is not None:
            mom = momentum
            unbias = m / (m - 1) if m > 1 else 1.0
            rm_node, rv_node = L.node.args[3], L.node.args[4]
            new_rm = L.ew([running_mean, mean], lambda bd, e: bd.binary("add", bd.binary(
                "mul", e[0], bd.const(1 - mom, c), c), bd.binary("mul", e[1], bd.const(mom, c), c), c),
                shape=chans, elem=running_mean.elem)
            new_rv = L.ew([running_var, var], lambda bd, e: bd.binary("add", bd.binary(
                "mul", e[0], bd.const(1 - mom, c), c), bd.binary("mul", bd.binary(
                    "mul", e[1], bd.const(unbias, c), c), bd.const(mom, c), c), c),
                shape=chans, elem=running_var.elem)
            L.mutate(rm_node, new_rm)
            L.mutate(rv_node, new_rv)
        save_mean, save_invstd = mean, invstd
        use_mean, use_invstd = mean, invstd
    else:
        use_mean = running_mean
        use_invstd = _invstd(L, running_var, eps, c)
        s_shape, s_elem = L.out(1)
        save_mean = L.fn.filled(s_shape, s_elem, 0.0)
        save_invstd = L.fn.filled(L.out(2)[0], L.out(2)[1], 0.0)
    ops = [x, _channel_view(use_mean, rank), _channel_view(use_invstd, rank)]
    if weight is not None:
        ops.append(_channel_view(weight, rank))
    if bias is not None:
        ops.append(_channel_view(bias, rank))

    out = L.ew(ops, _normalize(weight, bias, c), shape=shape, elem=elem)
    return (out, save_mean, save_invstd)


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
    xhat = L.ew([x, _channel_view(mean, rank), _channel_view(invstd, rank)],
                lambda bd, e: bd.binary("mul", bd.binary("sub", e[0], e[1], c), e[2], c), shape=x.shape, elem=c)
    gb = L.reduce(go, red, False, elem=c)
    gw = L.reduce(L.ew([go, xhat], lambda bd, e: bd.binary("mul", e[0], e[1], c), shape=x.shape, elem=c),
                  red, False, elem=c)
    results = [None, None, None]
    if output_mask[0]:
        ops = [go, xhat, _channel_view(gb, rank), _channel_view(gw, rank), _channel_view(invstd, rank)]
        if weight is not None:
            ops.append(_channel_view(weight, rank))

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


# ---------------------------------------------------------------------------
# Convolution and pooling (2-D, NCHW)
# ---------------------------------------------------------------------------

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
        from .lower_more import grouped_conv
        return grouped_conv(L, x, w, bias, stride, padding, dilation, groups)
    shape, elem = L.out()
    p = pair(padding)
    xp = padded(L, x, p, p, 0.0)
    y = conv2d(L, xp, L.fn.materialize(w), pair(stride), pair(dilation), shape, elem)
    if bias is not None:
        c = compute_elem(elem)
        y = L.ew([y, _channel_view(bias, 4)], lambda bd, e: bd.binary("add", e[0], e[1], c))
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
        g = bd.cast(_extract(bd, go, at), go.elem, c)
        idx = bd.cast(_extract(bd, indices, at), ie, "i64")
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


@handles("is_same_size")
def h_is_same_size(L, a, b):
    return tuple(a.shape) == tuple(b.shape)


HANDLERS["getitem"] = None  # handled by the driver (operator.getitem)


@handles("arange")
def h_arange(L, *args, **kwargs):
    shape, elem = L.out()
    nums = [a for a in args if isinstance(a, (int, float))]
    start, step = (nums[0], nums[2] if len(nums) > 2 else 1) if len(nums) >= 2 else (0, 1)
    c = "f64" if elem_is_float(elem) else "i64"

    def body(bd, a):
        i = bd.emit("arith.index_cast %s : index to i64" % bd.index(0))
        i = bd.cast(i, "i64", c)
        v = bd.binary("add", bd.const(start, c), bd.binary("mul", i, bd.const(step, c), c), c)
        return [bd.cast(v, c, elem)]

    return L.fn.generic([(shape, elem)], [], body)[0]


from . import lower_more  # noqa: E402,F401  (registers more handlers)
