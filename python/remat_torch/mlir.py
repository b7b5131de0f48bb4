"""Text emission of upstream MLIR (func, linalg, tensor, arith, math).

The importer writes MLIR as text, so it needs no MLIR Python bindings. A
`Tensor` is a value of the emitted function seen through an *affine view*:
each of its dimensions reads either one dimension of the underlying SSA value
or index 0 of a size-1 (broadcast) dimension. Transposes, permutes, expands,
squeezes and unsqueezes are therefore free: elementwise ops and matmuls read
through the view with their indexing maps, and only ops that need a dense
value in memory (reshapes, slices, convolutions, results) materialize it.
This keeps PyTorch's view semantics for memory accounting: a transposed weight
is not a copy in PyTorch and is not one here.
"""

import re

class ImporterError(Exception):
    """An error the user can act on (an unsupported op or dtype, a bad
    argument, a model that cannot run or be traced); the command prints it
    without a traceback."""


class _Unsigned(str):
    """The element type of torch.uint8: MLIR's signless i8 (the text says
    i8), read as unsigned by the ops the builder picks for it: conversions,
    comparisons, division, max and min (images and masks hold 0..255)."""
    unsigned = True


U8 = _Unsigned("i8")


def elem_is_unsigned(t):
    return getattr(t, "unsigned", False)


def elem_is_float(t):
    return t in ("f16", "bf16", "f32", "f64")


def elem_is_int(t):
    return t.startswith("i")


def elem_bits(t):
    return {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}.get(t) or int(t[1:])


def ttype(shape, elem):
    if not shape:
        return "tensor<%s>" % elem
    return "tensor<%sx%s>" % ("x".join(str(d) for d in shape), elem)


def fmt_float(v, elem):
    if v == float("inf"):
        return {"f16": "0x7C00", "bf16": "0x7F80", "f32": "0x7F800000",
                "f64": "0x7FF0000000000000"}[elem]
    if v == float("-inf"):
        return {"f16": "0xFC00", "bf16": "0xFF80", "f32": "0xFF800000",
                "f64": "0xFFF0000000000000"}[elem]
    if v != v:
        return {"f16": "0x7E00", "bf16": "0x7FC0", "f32": "0x7FC00000",
                "f64": "0x7FF8000000000000"}[elem]
    r = repr(float(v))
    mantissa, _, exp = r.partition("e")
    if "." not in mantissa:  # MLIR wants a digit after the point: 1.0e-05
        r = mantissa + ".0" + ("e" + exp if exp else "")
    return r


def fmt_const(v, elem):
    if elem_is_float(elem):
        return fmt_float(v, elem)
    if elem == "i1":
        return "true" if v else "false"
    v = int(v)
    if elem[1:].isdigit() and int(elem[1:]) < 64:
        # Into the type's signed range, wrapping as PyTorch does a scalar
        # of a narrow tensor (int8 - 200 is int8 + 56; uint8 255 is -1's bits).
        half = 1 << (int(elem[1:]) - 1)
        v = (v + half) % (2 * half) - half
    return str(v)


def const_op(v, elem):
    if elem == "i1":  # a bool attribute carries its type
        return "arith.constant %s" % fmt_const(v, elem)
    return "arith.constant %s : %s" % (fmt_const(v, elem), elem)


class Tensor:
    """SSA value `value` (a tensor of `base_shape`) seen through a view.

    view[k] is the base dimension that dimension k reads, or None for a
    broadcast or inserted dimension. Base dimensions no result dimension reads
    have size 1 and are read at index 0.
    """

    def __init__(self, value, base_shape, elem, shape=None, view=None):
        self.value = value
        self.base_shape = tuple(base_shape)
        self.elem = elem
        self.shape = tuple(base_shape if shape is None else shape)
        # view: per result dim, a base dim index or None (broadcast / new dim).
        # Base dims not read by any result dim have size 1 and are read at 0.
        self.view = list(range(len(self.base_shape))) if view is None else list(view)

    @property
    def dense(self):
        return self.shape == self.base_shape and self.view == list(range(len(self.base_shape)))

    @property
    def unit_reshape(self):
        """Whether this view only inserts, drops or moves unit dims of its
        base (its other dims all of the base's, in the base's order): then
        it is a reshape of the base, a view for bufferization too, rather
        than a map that reads a unit dim at 0 or a copy."""
        if self.dense:
            return False
        refs = []
        for k, b in enumerate(self.view):
            if b is None:
                if self.shape[k] != 1:
                    return False
            elif self.base_shape[b] != 1:
                refs.append(b)
        return refs == [b for b, d in enumerate(self.base_shape) if d != 1]

    def base_exprs(self, result_dims):
        """Affine expressions of the base indices, given names of this view's dims."""
        exprs = ["0"] * len(self.base_shape)
        for k, b in enumerate(self.view):
            if b is not None:
                exprs[b] = result_dims[k]
        return exprs

    def permuted(self, perm):
        return Tensor(self.value, self.base_shape, self.elem,
                      [self.shape[p] for p in perm], [self.view[p] for p in perm])

    def broadcast_to(self, shape):
        """numpy broadcasting of this view to `shape` (right aligned)."""
        shape = tuple(shape)
        lead = len(shape) - len(self.shape)
        if lead < 0:
            raise ImporterError("cannot broadcast %s to %s" % (self.shape, shape))
        view = [None] * lead
        for k, d in enumerate(self.shape):
            target = shape[lead + k]
            if d == target:
                view.append(self.view[k])
            elif d == 1:
                view.append(None)
            else:
                raise ImporterError("cannot broadcast %s to %s" % (self.shape, shape))
        return Tensor(self.value, self.base_shape, self.elem, shape, view)

    def squeezed_dims(self, dims):
        keep = [k for k in range(len(self.shape)) if k not in dims]
        return Tensor(self.value, self.base_shape, self.elem,
                      [self.shape[k] for k in keep], [self.view[k] for k in keep])

    def unsqueezed(self, dim):
        shape = list(self.shape)
        view = list(self.view)
        shape.insert(dim, 1)
        view.insert(dim, None)
        return Tensor(self.value, self.base_shape, self.elem, shape, view)


def affine_map(ndims, exprs):
    dims = ", ".join("d%d" % i for i in range(ndims))
    return "affine_map<(%s) -> (%s)>" % (dims, ", ".join(exprs))


class Body:
    """Builds the region of a linalg.generic: scalar arith/math ops."""

    def __init__(self, fn):
        self.fn = fn
        self.lines = []
        self.index_cache = {}

    def emit(self, text):
        name = self.fn.fresh("v")
        self.lines.append("    %s = %s" % (name, text))
        return name

    def const(self, v, elem):
        key = ("c", repr(v), elem)
        if key in self.index_cache:
            return self.index_cache[key]
        name = self.emit(const_op(v, elem))
        self.index_cache[key] = name
        return name

    def index(self, dim):
        key = ("i", dim)
        if key not in self.index_cache:
            self.index_cache[key] = self.emit("linalg.index %d : index" % dim)
        return self.index_cache[key]

    def cast(self, x, src, dst):
        if src == dst:
            return x
        if elem_is_float(src) and elem_is_float(dst):
            if src == "bf16" and dst == "f16" or src == "f16" and dst == "bf16":
                x = self.emit("arith.extf %s : %s to f32" % (x, src))
                src = "f32"
            # f64 to a half type through f32, as c10's Half and BFloat16
            # are made from a float (1 + 2^-11 + 2^-40 is 1.0 in f16 that
            # way, where one rounding gives 1 + 2^-10); nor has the runtime
            # __truncdfbf2.
            if src == "f64" and dst in ("f16", "bf16"):
                x = self.emit("arith.truncf %s : f64 to f32" % x)
                src = "f32"
            op = "arith.extf" if elem_bits(dst) > elem_bits(src) else "arith.truncf"
            return self.emit("%s %s : %s to %s" % (op, x, src, dst))
        unsigned = src == "i1" or elem_is_unsigned(src)
        if elem_is_int(src) and elem_is_float(dst):
            op = "arith.uitofp" if unsigned else "arith.sitofp"
            if dst in ("f16", "bf16"):  # through float too, as c10 converts
                x = self.emit("%s %s : %s to f32" % (op, x, src))
                return self.emit("arith.truncf %s : f32 to %s" % (x, dst))
            return self.emit("%s %s : %s to %s" % (op, x, src, dst))
        if elem_is_float(src) and dst == "i1":
            zero = self.const(0.0, src)
            return self.emit("arith.cmpf une, %s, %s : %s" % (x, zero, src))
        if elem_is_float(src) and elem_is_int(dst):
            if elem_bits(dst) >= 32:
                return self.emit("arith.fptosi %s : %s to %s" % (x, src, dst))
            # Narrow integers through a wider one as PyTorch's CPU casts:
            # uint8 through int64 (c10: -1.0 is 255, 300.0 is 44), int8 and
            # int16 through int32 (the x86 conversion: 300.0 is 44 too).
            wide = "i64" if elem_is_unsigned(dst) else "i32"
            w = self.emit("arith.fptosi %s : %s to %s" % (x, src, wide))
            return self.emit("arith.trunci %s : %s to %s" % (w, wide, dst))
        if elem_is_int(src) and dst == "i1":
            zero = self.const(0, src)
            return self.emit("arith.cmpi ne, %s, %s : %s" % (x, zero, src))
        if elem_is_int(src) and elem_is_int(dst):
            if elem_bits(dst) > elem_bits(src):
                op = "arith.extui" if unsigned else "arith.extsi"
            else:
                op = "arith.trunci"
            return self.emit("%s %s : %s to %s" % (op, x, src, dst))
        raise ImporterError("cannot convert %s to %s" % (src, dst))

    # Arithmetic on one element type.
    def binary(self, kind, a, b, elem):
        f = elem_is_float(elem)
        ops = {"add": ("arith.addf", "arith.addi"), "sub": ("arith.subf", "arith.subi"),
               "mul": ("arith.mulf", "arith.muli"), "div": ("arith.divf", "arith.divsi"),
               "max": ("arith.maximumf", "arith.maxsi"), "min": ("arith.minimumf", "arith.minsi"),
               "and": (None, "arith.andi"), "or": (None, "arith.ori"), "xor": (None, "arith.xori")}
        op = ops[kind][0 if f else 1]
        if elem_is_unsigned(elem) or elem == "i1":  # (true is 1, not -1)
            op = {"arith.divsi": "arith.divui", "arith.maxsi": "arith.maxui",
                  "arith.minsi": "arith.minui"}.get(op, op)
        if op is None:
            raise ImporterError("%s needs integer operands" % kind)
        return self.emit("%s %s, %s : %s" % (op, a, b, elem))

    def unary(self, op, a, elem):
        return self.emit("%s %s : %s" % (op, a, elem))

    def cmp(self, pred, a, b, elem):
        if elem_is_float(elem):
            fp = {"eq": "oeq", "ne": "une", "lt": "olt", "le": "ole", "gt": "ogt", "ge": "oge"}[pred]
            return self.emit("arith.cmpf %s, %s, %s : %s" % (fp, a, b, elem))
        ip = {"eq": "eq", "ne": "ne", "lt": "slt", "le": "sle", "gt": "sgt", "ge": "sge"}[pred]
        if elem == "i1" or elem_is_unsigned(elem):
            ip = {"lt": "ult", "le": "ule", "gt": "ugt", "ge": "uge"}.get(pred, ip)
        return self.emit("arith.cmpi %s, %s, %s : %s" % (ip, a, b, elem))

    def select(self, c, a, b, elem):
        return self.emit("arith.select %s, %s, %s : %s" % (c, a, b, elem))


class Function:
    """The emitted function: arguments, one statement group per source op."""

    def __init__(self, name):
        self.name = name
        self.counter = 0
        self.groups = []  # (loc, [lines])
        self.current = None
        self.args = []  # (ssa, type, attrs)
        self.results = []  # (ssa, type)

    def fresh(self, prefix="t"):
        self.counter += 1
        return "%%%s%d" % (prefix, self.counter)

    def begin(self, loc):
        self.current = (loc, [])
        self.groups.append(self.current)

    def line(self, text, ends_op=None):
        # ends_op: the line that closes an op gets the location; by default
        # single-line ops (an assignment) do.
        if ends_op is None:
            ends_op = " = " in text
        self.current[1].append((text, ends_op))

    def add_arg(self, name, shape, elem, attrs=None):
        ssa = "%" + re.sub(r"[^A-Za-z0-9_]", "_", name)
        if any(a[0] == ssa for a in self.args) or not re.match(r"%[A-Za-z_]", ssa):
            ssa = self.fresh("arg")
        self.args.append((ssa, ttype(shape, elem), attrs))
        return Tensor(ssa, shape, elem)

    # -- structural helpers -------------------------------------------------
    def empty(self, shape, elem):
        name = self.fresh("e")
        self.line("%s = tensor.empty() : %s" % (name, ttype(shape, elem)))
        return name

    def filled(self, shape, elem, value):
        e = self.empty(shape, elem)
        c = self.fresh("c")
        self.line("%s = %s" % (c, const_op(value, elem)))
        name = self.fresh("f")
        t = ttype(shape, elem)
        self.line("%s = linalg.fill ins(%s : %s) outs(%s : %s) -> %s" % (name, c, elem, e, t, t))
        return Tensor(name, shape, elem)

    def generic(self, out_shapes_elems, inputs, body_fn, reduce_dims=(), inits=None,
                loop_shape=None):
        """A linalg.generic over the loop space `loop_shape` (default: the
        first output's shape followed by the reduced dims `reduce_dims`, a list
        of sizes). `inputs` are Tensors read through their views (their shape
        must be the loop space or broadcast to the parallel part) or
        (Tensor, [exprs]) pairs with explicit base-index expressions. Outputs
        are written at the parallel dims. `body_fn(body, elems)` returns the
        yielded values (list), given the element SSA names of the inputs
        followed by the outputs' current values."""
        par_shape = tuple(out_shapes_elems[0][0])
        loops = list(par_shape) + list(reduce_dims)
        n = len(loops)
        dims = ["d%d" % i for i in range(n)]
        maps, operands, types = [], [], []
        for inp in inputs:
            if isinstance(inp, tuple):
                t, exprs = inp
            else:
                t = inp.broadcast_to(par_shape)
                if t.unit_reshape:
                    # Einsum's bmm, view with a unit dim, permute, view: a
                    # reshape, so matchers see plain views and identity maps.
                    t = self.reshape(t, t.shape)
                exprs = t.base_exprs(dims[:len(par_shape)])
            maps.append(affine_map(n, exprs))
            operands.append(t.value)
            types.append(ttype(t.base_shape, t.elem))
        # Every loop must be readable from some operand's map (linalg needs
        # the loop bounds): a reduction loop no operand indexes plainly
        # (a pooling window) gets a window operand, as linalg's pooling ops do.
        plain = set()
        for m in maps:
            plain.update(e.strip() for e in m.split("-> (")[1].rstrip(")>").split(","))
        window = [i for i in range(len(par_shape), n) if dims[i] not in plain]
        if window:
            w = self.empty([loops[i] for i in window], "i8")
            maps.append(affine_map(n, [dims[i] for i in window]))
            operands.append(w)
            types.append(ttype([loops[i] for i in window], "i8"))
            inputs = list(inputs) + [Tensor(w, [loops[i] for i in window], "i8")]
        outs = []
        for k, (shape, elem) in enumerate(out_shapes_elems):
            if inits is not None and inits[k] is not None:
                outs.append(inits[k].value)
            else:
                outs.append(self.empty(shape, elem))
            maps.append(affine_map(n, dims[:len(par_shape)]))
        out_types = [ttype(s, e) for s, e in out_shapes_elems]
        body = Body(self)
        in_elems = [(inp[0] if isinstance(inp, tuple) else inp).elem for inp in inputs]
        args = [self.fresh("a") for _ in range(len(inputs) + len(outs))]
        visible = args[:len(inputs) - 1] + args[len(inputs):] if window else args
        results = body_fn(body, visible)
        iters = ", ".join(['"parallel"'] * len(par_shape) + ['"reduction"'] * len(reduce_dims))
        names = [self.fresh("g") for _ in outs]
        lhs = names[0] if len(names) == 1 else "%s:%d" % (names[0], len(names))
        self.line("%s = linalg.generic {indexing_maps = [%s], iterator_types = [%s]}" % (
            lhs, ", ".join(maps), iters), False)
        ins_text = ""
        if operands:
            ins_text = "ins(%s : %s) " % (", ".join(operands), ", ".join(types))
        self.line("    %souts(%s : %s) {" % (ins_text, ", ".join(outs), ", ".join(out_types)), False)
        block_args = ", ".join("%s: %s" % (a, e) for a, e in
                               zip(args, in_elems + [e for _, e in out_shapes_elems]))
        self.line("  ^bb0(%s):" % block_args, False)
        for l in body.lines:
            self.line(l, False)
        self.line("    linalg.yield %s : %s" % (", ".join(results),
                                               ", ".join(e for _, e in out_shapes_elems)), False)
        rt = out_types[0] if len(out_types) == 1 else "(%s)" % ", ".join(out_types)
        self.line("  } -> %s" % rt, True)
        if len(names) == 1:
            return [Tensor(names[0], out_shapes_elems[0][0], out_shapes_elems[0][1])]
        return [Tensor("%s#%d" % (names[0], k), s, e)
                for k, (s, e) in enumerate(out_shapes_elems)]

    def materialize(self, t):
        """A dense value for view `t` (a copy only when the view is not dense)."""
        if t.dense:
            return t
        return self.generic([(t.shape, t.elem)], [t], lambda b, a: [a[0]])[0]

    def reshape(self, t, shape):
        """`t` reshaped (row-major) to `shape`: a collapse of the source dims
        that merge and an expand of those that split, with the smallest
        groups, so that both stay views after bufferization when PyTorch's
        reshape is a view (e.g. splitting the last dim of a slice). Only
        groups that both merge and split go through one flat dim."""
        shape = tuple(shape)
        if t.unit_reshape:
            t = Tensor(t.value, t.base_shape, t.elem)
        t = self.materialize(t)
        if t.shape == shape:
            return t
        pairs = _reassociation(t.shape, shape)
        if pairs is None:  # rank 0 on either side: through a flat or unit dim
            return self._reshape_flat(t, shape)
        mid = tuple(prod(t.shape[k] for k in src) for src, _ in pairs)
        if len(mid) != len(t.shape):
            name = self.fresh("r")
            groups = "[%s]" % ", ".join("[%s]" % ", ".join(map(str, src)) for src, _ in pairs)
            self.line("%s = tensor.collapse_shape %s %s : %s into %s" % (
                name, t.value, groups, ttype(t.shape, t.elem), ttype(mid, t.elem)))
            t = Tensor(name, mid, t.elem)
        if mid != shape:
            name = self.fresh("r")
            groups = "[%s]" % ", ".join("[%s]" % ", ".join(map(str, dst)) for _, dst in pairs)
            self.line("%s = tensor.expand_shape %s %s output_shape [%s] : %s into %s" % (
                name, t.value, groups, ", ".join(str(d) for d in shape), ttype(mid, t.elem),
                ttype(shape, t.elem)))
            t = Tensor(name, shape, t.elem)
        return t

    def _reshape_flat(self, t, shape):
        src = ttype(t.shape, t.elem)
        if len(t.shape) > 1 or (len(t.shape) == 1 and len(shape) == 0):
            flat = self.fresh("r")
            flat_shape = (prod(t.shape),) if shape else ()
            group = "[[%s]]" % ", ".join(str(i) for i in range(len(t.shape))) if shape else "[]"
            self.line("%s = tensor.collapse_shape %s %s : %s into %s" % (
                flat, t.value, group, src, ttype(flat_shape, t.elem)))
            t = Tensor(flat, flat_shape, t.elem)
            src = ttype(t.shape, t.elem)
        if t.shape == shape:
            return t
        out = self.fresh("r")
        group = "[]" if len(t.shape) == 0 else "[[%s]]" % ", ".join(str(i) for i in range(len(shape)))
        self.line("%s = tensor.expand_shape %s %s output_shape [%s] : %s into %s" % (
            out, t.value, group, ", ".join(str(d) for d in shape), src, ttype(shape, t.elem)))
        return Tensor(out, shape, t.elem)

    def live_ops(self):
        """(group, op) indices of the ops whose values reach a result: the
        lowering may build values nobody reads (e.g. a gradient PyTorch asked
        for but never used)."""
        units = []
        for g, (loc, lines) in enumerate(self.groups):
            for k, op in enumerate(split_ops(lines)):
                d, u = set(), set()
                for text, _ in op:
                    m = _DEF.match(text)
                    if m:
                        d.add(m.group(1))
                    u.update(_USE.findall(text))
                units.append(((g, k), d, u - d))
        needed = set(s.split("#")[0] for s, _ in self.results)  # %x#1: result 1 of %x
        keep = set()
        for key, d, u in reversed(units):
            if d & needed:
                keep.add(key)
                needed |= u
        return keep

    def text(self, keep_ops=None):
        """The function's text, with the ops in `keep_ops` (default: the
        live ones)."""
        if keep_ops is None:
            keep_ops = self.live_ops()
        args = []
        for ssa, ty, attrs in self.args:
            args.append("%s: %s%s" % (ssa, ty, " {%s}" % attrs if attrs else ""))
        res_types = ", ".join(ty for _, ty in self.results)
        out = ["func.func @%s(%s)" % (self.name, ",\n    ".join(args)),
               "    -> (%s) {" % res_types]
        for g, (loc, lines) in enumerate(self.groups):
            for k, op in enumerate(split_ops(lines)):
                if (g, k) not in keep_ops:
                    continue
                for l, ends_op in op:
                    out.append("  " + l + (" loc(%s)" % loc if loc and ends_op else ""))
        out.append("  return %s : %s" % (", ".join(s for s, _ in self.results), res_types))
        out.append("}")
        return "\n".join(out) + "\n"


_DEF = re.compile(r"^\s*(%[A-Za-z_][A-Za-z0-9_]*)(?::\d+)?\s*=")
_USE = re.compile(r"%[A-Za-z_][A-Za-z0-9_]*")


def split_ops(lines):
    """The ops of a statement group (Function.groups' lines): runs of lines
    closed by an op's last line."""
    ops, cur = [], []
    for text, ends in lines:
        cur.append((text, ends))
        if ends:
            ops.append(cur)
            cur = []
    if cur:
        ops.append(cur)
    return ops


def _reassociation(src, dst):
    """Pairs (source dims, target dims) of equal element counts, smallest
    first, covering both shapes in order; None when either is rank 0."""
    if not src or not dst or 0 in src or 0 in dst:
        return None
    pairs, i, j = [], 0, 0
    while i < len(src) and j < len(dst):
        ps, pt, si, tj = src[i], dst[j], [i], [j]
        i, j = i + 1, j + 1
        while ps != pt:
            if ps < pt:
                ps *= src[i]
                si.append(i)
                i += 1
            else:
                pt *= dst[j]
                tj.append(j)
                j += 1
        pairs.append((si, tj))
    # Trailing unit dims join the last group.
    pairs[-1][0].extend(range(i, len(src)))
    pairs[-1][1].extend(range(j, len(dst)))
    return pairs


def prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p
