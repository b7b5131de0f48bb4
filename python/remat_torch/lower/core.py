"""The lowering's core: the handler registry, the `Lowering` state of one
import (values of FX nodes, elementwise and reduction builders, in-place
writes) and small helpers shared by the op families.
"""

import torch

from ..mlir import ImporterError, Tensor, elem_is_float, elem_is_unsigned, ttype

# aten packet name -> handler(L, *args, **kwargs); one registry for every
# family module. None: known to the driver, which handles it itself.
HANDLERS = {"getitem": None}  # operator.getitem


def complex_part(dtype):
    """The dtype of a complex dtype's real and imaginary parts, read
    without `v.real` (an op: on a constant made under another fake mode,
    2.x's "Mixing fake modes NYI", a complex RoPE buffer from
    torch.polar)."""
    return {torch.complex64: torch.float32, torch.complex128: torch.float64,
            getattr(torch, "complex32", None): torch.float16}[dtype]


def handles(*names):
    def register(fn):
        for n in names:
            HANDLERS[n] = fn
        return fn
    return register


def compute_elem(elem):
    # PyTorch's CPU kernels compute half types in float ("opmath"); so do we.
    return "f32" if elem in ("f16", "bf16") else elem


def rounded_scalar(value, elem):
    """Python number `value` as PyTorch converts it to a tensor of element
    type `elem` (f16, bf16, f32; others: unchanged)."""
    import torch
    dtype = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32}.get(elem)
    return float(torch.tensor(value, dtype=dtype)) if dtype is not None else value


def legacy_scalars():
    """PyTorch 1.x converts a Python scalar to a half tensor's dtype before
    every binary op; 2.x keeps it in float for mul, div and floor_divide
    (their kernels read the scalar as the float they compute in) and
    converts it for the others (add, sub, comparisons, pow, fmod, ...)."""
    import torch
    return int(torch.__version__.split(".")[0]) < 2


def half_scalars(operands, always=True):
    """`operands` with their Python numbers converted as PyTorch converts a
    scalar combined with f16 or bf16 tensors of one type (x_bf16 - 1000.3
    subtracts bf16(1000.3) = 1000: 0.0 for x = 1000, where the float
    constant gave -0.30; x_bf16 >= 1000.3 is True). `always` False: only on
    PyTorch 1.x (mul, div, floor_divide)."""
    elems = {o.elem for o in operands if isinstance(o, Tensor)}
    if len(elems) != 1 or not elems <= {"f16", "bf16"} or not (always or legacy_scalars()):
        return list(operands)
    elem = next(iter(elems))
    return [rounded_scalar(o, elem) if isinstance(o, (int, float)) and not isinstance(o, bool)
            else o for o in operands]


def out_compute(L):
    """The compute type of the current node's result."""
    return compute_elem(L.out()[1])


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
        # views that are their base reshaped, row-major, all of it (view,
        # reshape, as_strided over the whole storage, of a contiguous base)
        self.reshape_views = set()
        # slice and select views taken of a dense value: node -> (parent node,
        # offsets, sizes, strides), or (parent, None) for the whole parent;
        # a write into one goes back into its base (mask[:, :k] = 0)
        self.slice_of = {}
        self.order = {}
        self.mutated = {}         # placeholder node -> latest Tensor
        self.random_inputs = []   # (arg name, node) whose values the caller supplies
        self.functional_rng = False   # counter-based RNG in the graph instead
        self.rng_seed = None
        self.rng_offset = 0
        self.node = None
        self.masks = []           # x[mask] selections (lower/masked.py)
        self.mask_counts = {}     # their true elements at run time, per mask

    # -- values --------------------------------------------------------------
    def value(self, a):
        if hasattr(a, "op") and hasattr(a, "target"):  # an fx.Node
            a = self.root.get(a, a)
            if a not in self.env:
                raise ImporterError("value of '%s' is not available" % a.name)
            return self.env[a]
        if isinstance(a, (list, tuple)):
            return type(a)(self.value(x) for x in a)
        return a

    def out(self, idx=None):
        """(shape, elem) of the current node's result (or of result idx)."""
        v = self.meta.get(self.node)
        if idx is not None:
            v = v[idx]
        if v.dtype.is_complex:  # as view_as_real (lower/complexes.py)
            return tuple(v.shape) + (2,), self.elem_of(complex_part(v.dtype))
        return tuple(v.shape), self.elem_of(v.dtype)

    def error(self, message):
        raise ImporterError(message)

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
            raise ImporterError("an elementwise op on scalars only is not supported")
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
        init_val = {"add": 0.0, "mul": 1.0, "max": float("-inf"), "min": float("inf")}[kind]
        if not elem_is_float(acc):
            bits = int(acc[1:])
            low, high = (0, (1 << bits) - 1) if elem_is_unsigned(acc) or acc == "i1" else \
                (-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
            init_val = {"add": 0, "mul": 1, "max": low, "min": high}[kind]
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
    def _slice_chain(self, node, base):
        """The views from `node` up to `base` when each is a slice or select
        of the one above (slice_of), else None."""
        chain = []
        while node is not base:
            if node not in self.slice_of:
                return None
            chain.append(node)
            node = self.slice_of[node][0]
        return chain

    def _reshape_top(self, node, base):
        """The whole reshape of `base` that `node` is a chain of slices
        of (slice_of up to a node of reshape_views), else None."""
        while node in self.slice_of:
            node = self.slice_of[node][0]
        if node in self.reshape_views and self.view_base.get(node) is base:
            return node
        return None

    def _write_through(self, node, base, new):
        """`new` written into the view `node`: each parent up to `base` gets
        the child's value inserted (tensor.insert_slice)."""
        val = new
        while node is not base:
            parent, info = self.slice_of[node]
            parent = self.root.get(parent, parent)
            if info is not None and info[0] == "diagonal":
                from .views import diagonal_insert
                dst = self.env[parent]
                val = diagonal_insert(self, dst, val, *info[1:], tuple(dst.shape), dst.elem)
            elif info is not None and info[0] == "strided":
                from .views import strided_insert
                _, size, stride, offset = info
                val = strided_insert(self, self.env[parent], val, size, stride, offset)
            elif info is not None:
                dst = self.env[parent]
                if val.elem != dst.elem:
                    self.error("in-place write of %s into a %s view" % (val.elem, dst.elem))
                val = insert_slice(self, val, dst, *info)
            self.env[parent] = val
            node = parent

    def mutate(self, target_node, new):
        """`target_node`'s tensor now holds `new` (an in-place op)."""
        target_node = self.root.get(target_node, target_node)
        here = self.order[self.node]
        if target_node in self.view_base:
            # Writing into a view is a new value of the view alone when nothing
            # reads its base, or another view of it, afterwards (`scores +=
            # bias` on a matmul's reshaped result); else it would need aliasing.
            # A view that is all of its base reshaped (`y = lin(x).view(...);
            # y.mul_(0.5)`, autograd's whole-storage as_strided) gives the
            # base a new value too: the write reshaped back.
            base = self.view_base[target_node]
            whole = target_node in self.reshape_views and base.op != "placeholder"
            others = ([] if whole else [base]) + [
                v for v, b in self.view_base.items() if b is base and v is not target_node]
            # with what reads them through in-place ops' results
            others += [n for n, r in self.root.items() if r in others]
            chain = self._slice_chain(target_node, base)
            top = None
            if chain is None and base.op != "placeholder":
                # A slice of a whole reshape of the base (`h = lin(x)` on a
                # 3-D x is addmm's result viewed; `h[:, 0] += cls`): written
                # into the reshape, which gives the base its new value.
                top = self._reshape_top(target_node, base)
                if top is not None:
                    chain = self._slice_chain(target_node, top) + [top]
            reshapes = []
            if chain is not None:
                # Only the base and the chain's own views may be read later:
                # they get the written value; other views would be stale,
                # except whole reshapes of a base of the step's own (`h =
                # lin(x)`, `h.view(-1)[3:5] = 0`, then h read): they get
                # the base's new value reshaped.
                if base.op != "placeholder":
                    reshapes = [v for v, b in self.view_base.items()
                                if b is base and v in self.reshape_views
                                and v is not target_node and v not in chain]
                others = [o for o in others
                          if self.root.get(o, o) is not base and self.root.get(o, o) not in chain
                          and o not in reshapes]
            if (base.op == "placeholder" and chain is None) or any(
                    self.order.get(u, -1) > here for o in others for u in o.users):
                self.error("in-place '%s' writes into a view of another tensor; remat imports "
                           "functional graphs only" % self.node.target)
            if top is not None:
                self._write_through(target_node, top, new)
                shape = tuple(self.meta[base].shape)
                written = self.env[top]
                self.env[base] = written if tuple(written.shape) == shape else \
                    self.fn.reshape(written, shape)
            elif chain is not None and not whole:
                # (into an argument: a buffer's new value, MoCo's enqueue
                # `queue[:, :n] = k.T`, is a result of the step)
                self._write_through(target_node, base, new)
                if base.op == "placeholder":
                    self.mutated[base] = self.env[base]
            if whole:
                shape = tuple(self.meta[base].shape)
                self.env[base] = new if tuple(new.shape) == shape else self.fn.reshape(new, shape)
            for v in reshapes:
                if base in self.env:
                    self.env[v] = self.fn.reshape(self.env[base], tuple(self.meta[v].shape))
        for v, base in self.view_base.items():
            if base is not target_node:
                continue
            aliases = [v] + [n for n, r in self.root.items() if r is v]
            if any(self.order.get(u, -1) > here for a in aliases for u in a.users):
                self.error("in-place '%s' changes '%s', which has a view ('%s') used later; "
                           "remat imports functional graphs only" % (
                               self.node.target, target_node.name, v.name))
        self.env[target_node] = new
        if target_node.op == "placeholder":
            self.mutated[target_node] = new
        return new


# -- helpers shared by the families --------------------------------------------

def mark_view(L, reshape=False):
    """The current node is a view of its first argument's storage;
    `reshape`: all of it, row-major (a reshape of a contiguous tensor)."""
    base = L.node.args[0]
    base = L.root.get(base, base)  # an in-place op's result is its target
    root = L.view_base.get(base, base)
    L.view_base[L.node] = root
    if reshape and (base is root or base in L.reshape_views):
        v = L.meta.get(root)
        if hasattr(v, "is_contiguous") and v.is_contiguous() and v.storage_offset() == 0:
            L.reshape_views.add(L.node)


def extract_slice(L, a, offsets, sizes, strides, out_shape=None):
    """tensor.extract_slice of `a` (materialized first)."""
    a = L.fn.materialize(a)
    out = list(sizes) if out_shape is None else list(out_shape)  # [] is a 0-d result
    if 0 in sizes:
        # No elements (a select of a zero-size batch): tensor.extract_slice
        # would not verify (its offsets must lie inside each dim, even 0).
        return Tensor(L.fn.empty(out, a.elem), out, a.elem)
    name = L.fn.fresh("s")
    L.fn.line("%s = tensor.extract_slice %s[%s] [%s] [%s] : %s to %s" % (
        name, a.value, ", ".join(map(str, offsets)), ", ".join(map(str, sizes)),
        ", ".join(map(str, strides)), ttype(a.shape, a.elem), ttype(out, a.elem)))
    return Tensor(name, out, a.elem)


def insert_slice(L, src, dst, offsets, sizes, strides, prefix="ins"):
    """tensor.insert_slice of `src` into `dst` (both materialized, of one
    element type): `dst` with that window replaced."""
    src, dst = L.fn.materialize(src), L.fn.materialize(dst)
    if 0 in sizes:  # nothing written (see extract_slice)
        return dst
    name = L.fn.fresh(prefix)
    L.fn.line("%s = tensor.insert_slice %s into %s[%s] [%s] [%s] : %s into %s" % (
        name, src.value, dst.value, ", ".join(map(str, offsets)), ", ".join(map(str, sizes)),
        ", ".join(map(str, strides)), ttype(src.shape, src.elem), ttype(dst.shape, dst.elem)))
    return Tensor(name, dst.shape, dst.elem)


def index_table(L, values):
    """A constant i64 vector of `values` (index tables, lengths given as a
    list)."""
    name = L.fn.fresh("tbl")
    L.fn.line("%s = arith.constant dense<[%s]> : %s" % (name, ", ".join(str(int(v)) for v in values),
                                                        ttype((len(values),), "i64")))
    return Tensor(name, (len(values),), "i64")


def rounded(L, t, elem):
    """`t` in element type `elem` (a compute-type result narrowed)."""
    return t if t.elem == elem else L.ew([t], lambda bd, e: e[0], shape=t.shape, elem=elem)


def pad_sides(pad, rank):
    """F.pad's flat pad list (pad[2i], pad[2i+1] before and after the i-th
    last dim) as per-dim (lo, hi)."""
    lo, hi = [0] * rank, [0] * rank
    for i in range(len(pad) // 2):
        lo[rank - 1 - i], hi[rank - 1 - i] = pad[2 * i], pad[2 * i + 1]
    return lo, hi


def index_i64(bd, dim):
    """Loop index `dim` of a generic body as an i64."""
    return bd.emit("arith.index_cast %s : index to i64" % bd.index(dim))


def record_slice(L, a, info):
    """Remembers that the current node is a view of its (dense) first
    argument, so that a write into it can go back into that argument
    (Lowering.slice_of): info is (offsets, sizes, strides), ("strided",
    size, stride, offset), or None for all of it."""
    parent = L.node.args[0]
    parent = L.root.get(parent, parent)
    # A tensor of its own storage (no view of another: a clone of an
    # expand, Informer's V.mean(-2).unsqueeze(-2).expand(...).clone()) may
    # be held lazily (broadcast) here, not dense; a write into a slice of
    # it still goes back into it (insert_slice materializes it).
    if a.dense or parent not in L.view_base or parent in L.reshape_views:
        L.slice_of[L.node] = (parent, info)


def extract(bd, tensor, idx_values):
    """tensor.extract of one element inside a linalg.generic body."""
    return bd.emit("tensor.extract %s[%s] : %s" % (tensor.value, ", ".join(idx_values),
                                                   ttype(tensor.base_shape, tensor.elem)))


def to_index(bd, v, elem, size=None):
    """An index from an integer element; with `size`, clamped to [0, size):
    PyTorch raises on an out-of-range index, compiled code would read out of
    bounds, so the graph clamps (only invalid inputs see a difference)."""
    if size is not None:
        v = bd.binary("max", v, bd.const(0, elem), elem)
        v = bd.binary("min", v, bd.const(size - 1, elem), elem)
    return bd.emit("arith.index_cast %s : %s to index" % (v, elem))


def square(bd, v, c):
    return bd.binary("mul", v, v, c)


def channel_view(t, rank):
    """A per-channel vector [C] seen as [1, C, 1, ...] for NC... tensors."""
    return Tensor(t.value, t.base_shape, t.elem, (1, t.shape[0]) + (1,) * (rank - 2),
                  [None] + [t.view[0]] + [None] * (rank - 2))
