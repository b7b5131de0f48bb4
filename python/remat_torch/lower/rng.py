"""Random ops. A draw is an argument of the graph holding PyTorch's own
values (the default), or with --dropout=functional a counter-based
generator in the graph; either way recomputation never re-draws.
"""

from ..mlir import Tensor, prod
from .core import compute_elem, extract_slice, handles, legacy_scalars, out_compute, rounded_scalar


@handles("native_dropout_backward")
def h_dropout_backward(L, grad, mask, scale):
    # grad * mask * scale, with the scale as the version's mul takes it.
    c = out_compute(L)
    if legacy_scalars():
        scale = rounded_scalar(scale, L.out()[1])
    return L.ew([grad, mask], lambda bd, e: bd.binary("mul", bd.binary("mul", e[0], e[1], c), bd.const(scale, c), c))


RANDOM_OPS = ("bernoulli", "rand_like", "randn_like", "rand", "randn", "normal", "uniform",
              "randint", "randint_like", "native_dropout", "exponential", "geometric",
              "random", "multinomial", "randperm", "normal_functional",
              # Inductor's decompositions draw its seeds once per step
              # (inductor_random draws from a seed: a pure function).
              "inductor_seeds")


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
        # The kernel multiplies by the scale in x's dtype (both 1.13 and 2.x).
        scale = rounded_scalar(1.0 / (1.0 - p) if p < 1 else 0.0, x.elem)
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


def _linear_index(bd, shape):
    lin = None
    for k, size in enumerate(shape):
        i = bd.emit("arith.index_cast %s : index to i64" % bd.index(k))
        lin = i if lin is None else bd.binary("add", bd.binary("mul", lin, bd.const(size, "i64"), "i64"), i, "i64")
    return lin if lin is not None else bd.const(0, "i64")


def _hash_uniform(bd, seed, counter):
    """splitmix64(seed, counter) as a uniform f64 in [0, 1)."""
    z = bd.binary("add", bd.binary("mul", counter, bd.const(_u64(0x9E3779B97F4A7C15), "i64"), "i64"),
                  seed, "i64")
    for shift, mult in ((30, 0xBF58476D1CE4E5B9), (27, 0x94D049BB133111EB)):
        z = bd.binary("xor", z, bd.emit("arith.shrui %s, %s : i64" % (z, bd.const(shift, "i64"))), "i64")
        z = bd.binary("mul", z, bd.const(_u64(mult), "i64"), "i64")
    z = bd.binary("xor", z, bd.emit("arith.shrui %s, %s : i64" % (z, bd.const(31, "i64"))), "i64")
    top = bd.emit("arith.shrui %s, %s : i64" % (z, bd.const(11, "i64")))
    return bd.binary("mul", bd.emit("arith.uitofp %s : i64 to f64" % top), bd.const(2.0 ** -53, "f64"), "f64")


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
        lin = bd.binary("add", _linear_index(bd, shape), bd.const(offset, "i64"), "i64")
        u = _hash_uniform(bd, a[0], lin)
        if keep_below is None:
            return [bd.cast(u, "f64", elem)]
        keep = bd.cmp("lt", u, bd.const(float(keep_below), "f64"), "f64")
        return [bd.cast(keep, "i1", elem)]

    return L.fn.generic([(shape, elem)], [L.rng_seed.broadcast_to(shape)], body)[0]


@handles("inductor_random", "inductor_randint")
def h_inductor_random(L, *args):
    """Inductor's draws (its decompositions of rand, randn, randint and
    dropout, seen by remat's partition under compiler="inductor") are pure
    functions of a seed that inductor_seeds drew once per step: recomputing
    one gives the same numbers, as for --dropout=functional. Here a
    counter-based stream of the seed stands for Inductor's Philox numbers
    (uniform, or normal by Box-Muller, or integers in [low, high))."""
    name = str(L.node.target).split(".")[1]
    if name == "inductor_randint":
        low, high, _size, seed = args
        mode = "randint"
    else:
        _size, seed, mode = args
    if mode not in ("rand", "randn", "randint"):
        L.error("inductor_random with mode %r is not supported" % (mode,))
    shape, elem = L.out()
    n = prod(shape)

    def body(bd, a):
        lin = _linear_index(bd, shape)
        u = _hash_uniform(bd, a[0], lin)
        if mode == "rand":
            return [bd.cast(u, "f64", elem)]
        if mode == "randint":
            v = bd.binary("add", bd.const(float(low), "f64"),
                          bd.binary("mul", u, bd.const(float(high - low), "f64"), "f64"), "f64")
            return [bd.cast(bd.unary("math.floor", v, "f64"), "f64", elem)]
        # Box-Muller: sqrt(-2 ln(1 - u)) cos(2 pi v), v from the next n counters.
        v = _hash_uniform(bd, a[0], bd.binary("add", lin, bd.const(n, "i64"), "i64"))
        r = bd.unary("math.sqrt", bd.binary("mul", bd.const(-2.0, "f64"), bd.unary(
            "math.log", bd.binary("sub", bd.const(1.0, "f64"), u, "f64"), "f64"), "f64"), "f64")
        c = bd.unary("math.cos", bd.binary("mul", bd.const(6.283185307179586, "f64"), v, "f64"), "f64")
        return [bd.cast(bd.binary("mul", r, c, "f64"), "f64", elem)]

    return L.fn.generic([(shape, elem)], [seed.broadcast_to(shape)], body)[0]


@handles("inductor_lookup_seed")
def h_inductor_lookup_seed(L, seeds, index):
    """seeds[index]: one of the step's seeds (a pure read)."""
    shape, _ = L.out()
    return extract_slice(L, seeds, [index], [1], [1], out_shape=list(shape))
