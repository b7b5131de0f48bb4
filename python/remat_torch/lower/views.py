"""Views and data movement: reshapes, transposes and permutes (free views),
expand, squeeze/unsqueeze, slice, select, split, cat, stack, unbind, and
the backward of select and slice.
"""

from ..mlir import Tensor, elem_bits, elem_is_float, elem_is_unsigned, prod, ttype
from . import masked
from .core import (HANDLERS, compute_elem, extract, extract_slice, handles, index_i64, insert_slice,
                   mark_view, norm_dim, pad_sides, record_slice, rounded)


@handles("view", "_unsafe_view", "_reshape_alias", "reshape", "view_copy", "_reshape_copy")
def h_view(L, a, *args, **kwargs):
    shape, elem = L.out()
    mark_view(L, reshape=True)
    if elem != a.elem or elem_is_unsigned(elem) != elem_is_unsigned(a.elem):
        return _view_dtype(L, a, shape, elem)
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


def _whole_storage(L, node, size, stride, offset):
    """Whether as_strided(node, size, stride, offset) reads all of node's
    storage in row-major order: node contiguous from its storage's start,
    and (size, stride, offset) its contiguous layout under another shape.
    Autograd's in-place-on-a-view backward (CopySlices) writes these."""
    v = L.meta.get(node)
    if not hasattr(v, "is_contiguous") or not v.is_contiguous() or v.storage_offset() != 0:
        return False
    if prod(size) != v.numel() or (offset or 0) != 0:
        return False
    want = 1
    for d, s in reversed(list(zip(size, stride))):
        if d != 1 and s != want:
            return False
        want *= d
    return True


@handles("as_strided")
def h_as_strided(L, a, size, stride, storage_offset=None, pairs=False):
    """pairs: `a` is a complex tensor's view_as_real (lower/complexes.py):
    size, stride and offset are in complex elements, checked against the
    complex storage, and read over the pairs (sizes + [2], strides doubled
    + [1], offset doubled)."""
    if _whole_storage(L, L.node.args[0], size, stride, storage_offset):
        mark_view(L, reshape=True)
        shape, _ = L.out()
        return a if tuple(a.shape) == tuple(shape) else L.fn.reshape(a, shape)
    # Part of the storage (autograd's backward of a write into a slice,
    # grad.as_strided(...)): read as a copy through one affine map over the
    # flat storage, when the argument is that storage, contiguous from its
    # start, and the view stays inside it.
    offset = storage_offset or 0
    _check_storage(L, L.node.args[0], size, stride, offset)
    if pairs:
        size, stride, offset = _pairs(size, stride, offset)
    mark_view(L)
    record_slice(L, a, ("strided", size, stride, offset))  # writes go back into the storage
    flat = L.fn.reshape(L.fn.materialize(a), (prod(a.shape),))
    # Only the span the view reads: a map that is one loop dimension (a
    # row of a 3 x 4 storage: d0) must read a tensor of that dimension's
    # size, or linalg rejects the generic (1.13's backward of z[0].add_).
    span = 1 + sum((d - 1) * s for d, s in zip(size, stride) if d > 0)
    if prod(size) > 0 and (offset, span) != (0, prod(a.shape)):
        flat = extract_slice(L, flat, [offset], [span], [1])
        offset = 0
    expr = " + ".join([str(offset)] + ["d%d * %d" % (k, s) for k, (d, s) in enumerate(zip(size, stride))
                                       if d > 1 and s])
    return _remap(L, flat, [expr], shape=tuple(size))


@handles("as_strided_scatter")
def h_as_strided_scatter(L, base, src, size, stride, storage_offset=None, pairs=False):
    shape, _ = L.out()
    if _whole_storage(L, L.node.args[0], size, stride, storage_offset):
        return src if tuple(src.shape) == tuple(shape) else L.fn.reshape(src, shape)
    offset = storage_offset or 0
    _check_storage(L, L.node.args[0], size, stride, offset)
    if pairs:
        size, stride, offset = _pairs(size, stride, offset)
    return strided_insert(L, base, src, size, stride, offset)


def _view_dtype(L, a, shape, elem):
    """x.view(dtype) of the same element size: int8 <-> uint8 reads the
    same bits the other way; otherwise (float32 <-> int32, f16 <-> bf16)
    an elementwise arith.bitcast."""
    if elem_bits(elem) != elem_bits(a.elem) or tuple(shape) != tuple(a.shape):
        L.error("view(dtype) from %s to %s, another element size, is not supported" % (a.elem, elem))
    if a.elem == elem:
        return Tensor(a.value, a.base_shape, elem, a.shape, a.view)
    return L.fn.generic([(shape, elem)], [a], lambda bd, args: [
        bd.emit("arith.bitcast %s : %s to %s" % (args[0], a.elem, elem))])[0]


def _pairs(size, stride, offset):
    """A complex view's (size, stride, offset) over its view_as_real."""
    return list(size) + [2], [2 * s for s in stride] + [1], 2 * offset


# (partition.py matches it: 1.13's AOTAutograd differentiates such graphs
# wrongly, remat_torch.compile trains them eagerly.)
FOREIGN_STORAGE = "aten.as_strided over a storage that is not its argument's"


def _check_storage(L, node, size, stride, offset):
    """as_strided(_scatter) over part of `node`'s storage: `node` must be
    that storage, contiguous from its start, and the view inside it."""
    v = L.meta.get(node)
    last = offset + sum((d - 1) * s for d, s in zip(size, stride) if d > 0)
    if not hasattr(v, "is_contiguous") or not v.is_contiguous() or v.storage_offset() != 0 or \
            any(s < 0 for s in stride) or prod(size) == 0 or last >= v.numel():
        L.error(FOREIGN_STORAGE + ", contiguous from its start, is not supported")


def strided_insert(L, base, src, size, stride, offset):
    """`base` with the elements of as_strided(size, stride, offset) over its
    flat storage replaced by `src`: one generic over the flat base that
    decodes each position into view indices (largest stride first; exact
    when each stride exceeds the span of the smaller ones, as for a slice of
    a contiguous tensor) and reads src where the position is in the view."""
    dims = sorted([k for k, d in enumerate(size) if d > 1], key=lambda k: -stride[k])
    span = 0
    for k in reversed(dims):
        if stride[k] <= span:
            L.error("aten.as_strided_scatter with overlapping or interleaved strides %s is not "
                    "supported" % (list(stride),))
        span += (size[k] - 1) * stride[k]
    shape, elem = L.out()
    n = prod(base.shape)
    flat = L.fn.reshape(L.fn.materialize(base), (n,))
    src = L.fn.materialize(src)
    if tuple(src.shape) != tuple(size):
        src = L.fn.reshape(src, tuple(size))

    def body(bd, a):
        cur = a[0]
        rem = bd.binary("sub", index_i64(bd, 0), bd.const(offset, "i64"), "i64")
        ok = bd.cmp("ge", rem, bd.const(0, "i64"), "i64")
        idx = ["0"] * len(size)
        for k in dims:
            i = bd.emit("arith.divsi %s, %s : i64" % (rem, bd.const(stride[k], "i64")))
            ok = bd.binary("and", ok, bd.cmp("lt", i, bd.const(size[k], "i64"), "i64"), "i1")
            rem = bd.binary("sub", rem, bd.binary("mul", i, bd.const(stride[k], "i64"), "i64"), "i64")
            idx[k] = i
        ok = bd.binary("and", ok, bd.cmp("eq", rem, bd.const(0, "i64"), "i64"), "i1")
        at = []
        for k in range(len(size)):
            if idx[k] == "0":
                at.append(bd.emit("arith.constant 0 : index"))
            else:
                safe = bd.select(ok, idx[k], bd.const(0, "i64"), "i64")
                at.append(bd.emit("arith.index_cast %s : i64 to index" % safe))
        v = bd.cast(extract(bd, src, at), src.elem, elem)
        return [bd.select(ok, v, bd.cast(cur, flat.elem, elem), elem)]
    out = L.fn.generic([((n,), elem)], [flat], body)[0]
    return L.fn.reshape(out, tuple(base.shape))


@handles("slice_scatter")
def h_slice_scatter(L, base, src, dim=0, start=None, end=None, step=1):
    """base with base[dim][start:end:step] replaced by src (the functional
    form of a write into a slice)."""
    offsets, strides = _slice_window(base, dim, start, step)
    return _insert(L, base, src, offsets, list(src.shape), strides)


@handles("select_scatter")
def h_select_scatter(L, base, src, dim, index):
    r = len(base.shape)
    dim = norm_dim(dim, r)
    offsets = [0] * r
    offsets[dim] = index + base.shape[dim] if index < 0 else index
    sizes = list(base.shape)
    sizes[dim] = 1
    return _insert(L, base, src, offsets, sizes, [1] * r)


@handles("diagonal_scatter")
def h_diagonal_scatter(L, base, src, offset=0, dim1=0, dim2=1):
    """base with its diagonal (offset, dim1, dim2) replaced by src, whose
    last dim runs along it (the functional form of a write into
    x.diagonal(), Barlow Twins' torch.diagonal(c).add_(-1))."""
    shape, elem = L.out()
    return diagonal_insert(L, base, src, offset, dim1, dim2, shape, elem)


def diagonal_insert(L, base, src, offset, dim1, dim2, shape, elem):
    r = len(shape)
    d1, d2 = norm_dim(dim1, r), norm_dim(dim2, r)
    src = L.fn.materialize(src)
    n = src.shape[-1]
    others = [k for k in range(r) if k not in (d1, d2)]

    def body(bd, a):
        i1, i2 = index_i64(bd, d1), index_i64(bd, d2)
        on = bd.cmp("eq", bd.binary("sub", i2, i1, "i64"), bd.const(offset, "i64"), "i64")
        p = i1 if offset >= 0 else i2
        p = bd.select(on, p, bd.const(0, "i64"), "i64")
        p = bd.emit("arith.minsi %s, %s : i64" % (p, bd.const(max(n - 1, 0), "i64")))
        at = [bd.index(k) for k in others] + [bd.emit("arith.index_cast %s : i64 to index" % p)]
        v = bd.cast(extract(bd, src, at), src.elem, elem)
        return [bd.select(on, v, bd.cast(a[0], base.elem, elem), elem)]
    return L.fn.generic([(shape, elem)], [base], body)[0]


def _insert(L, base, src, offsets, sizes, strides):
    _, elem = L.out()
    return insert_slice(L, rounded(L, L.fn.materialize(src), elem),
                        rounded(L, L.fn.materialize(base), elem), offsets, sizes, strides)


@handles("t")
def h_t(L, a):
    mark_view(L)
    return a.permuted([1, 0]) if len(a.shape) == 2 else a


@handles("transpose")
def h_transpose(L, a, d0, d1):
    mark_view(L)
    r = len(a.shape)
    perm = list(range(r))
    d0, d1 = norm_dim(d0, r), norm_dim(d1, r)
    perm[d0], perm[d1] = perm[d1], perm[d0]
    return a.permuted(perm)


@handles("permute")
def h_permute(L, a, dims):
    mark_view(L)
    return a.permuted([norm_dim(d, len(a.shape)) for d in dims])


@handles("expand")
def h_expand(L, a, size, implicit=False):
    sel = masked.expand(L, a, size)  # the gradient of a sum over x[mask]
    if sel is not None:
        return sel
    mark_view(L)
    shape, _ = L.out()
    return a.broadcast_to(shape)


@handles("unsqueeze")
def h_unsqueeze(L, a, dim):
    mark_view(L)
    return a.unsqueezed(norm_dim(dim, len(a.shape) + 1))


@handles("squeeze")
def h_squeeze(L, a, dim=None):
    mark_view(L)
    if dim is None:
        dims = [k for k, d in enumerate(a.shape) if d == 1]
    else:
        dims = [norm_dim(d, len(a.shape)) for d in (dim if isinstance(dim, (list, tuple)) else [dim])]
        dims = [d for d in dims if a.shape[d] == 1]
    return a.squeezed_dims(dims)


@handles("slice")
def h_slice(L, a, dim=0, start=None, end=None, step=1):
    mark_view(L)
    shape, _ = L.out()
    if tuple(shape) == tuple(a.shape):
        record_slice(L, a, None)
        return a
    offsets, strides = _slice_window(a, dim, start, step)
    record_slice(L, a, (offsets, list(shape), strides))
    return extract_slice(L, a, offsets, list(shape), strides)


def _slice_window(a, dim, start, step):
    """Offsets and strides of a[dim][start::step] (start clamped as PyTorch
    does)."""
    r = len(a.shape)
    dim = norm_dim(dim, r)
    n = a.shape[dim]
    start = 0 if start is None else (start + n if start < 0 else start)
    offsets, strides = [0] * r, [1] * r
    offsets[dim], strides[dim] = min(max(start, 0), n), step
    return offsets, strides


@handles("select")
def h_select(L, a, dim, index):
    mark_view(L)
    r = len(a.shape)
    dim = norm_dim(dim, r)
    index = index + a.shape[dim] if index < 0 else index
    offsets = [0] * r
    offsets[dim] = index
    sizes = list(a.shape)
    sizes[dim] = 1
    # (Recorded for the select of a size-1 dim too: a write into it, MoCo's
    # `self.queue_ptr[0] = ptr` on a (1,) buffer, was refused as a write
    # into a view of another tensor.)
    record_slice(L, a, (offsets, sizes, [1] * r))
    if a.shape[dim] == 1 and index == 0:
        return a.squeezed_dims([dim])
    shape, _ = L.out()
    return extract_slice(L, a, offsets, sizes, [1] * r, out_shape=list(shape))


@handles("split", "split_with_sizes", "unsafe_split", "unsafe_split_with_sizes", "chunk")
def h_split(L, a, sizes, dim=0):
    mark_view(L)
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
    # Empty pieces add nothing (PyTorch also takes 1-D ones of any other
    # rank); tensor.concat cannot place one at the end (offset == size).
    tensors = [t for t in tensors if prod(t.shape) > 0]
    dim = norm_dim(dim, len(shape))
    if not tensors:
        return L.fn.filled(shape, elem, 0.0 if elem_is_float(elem) else 0)
    if len(tensors) == 1:
        t = tensors[0]
        return t if t.elem == elem else L.ew([t], lambda bd, e: e[0], shape=shape, elem=elem)
    return concat(L, tensors, dim, shape, elem)


def concat(L, parts, dim, shape, elem):
    """tensor.concat of `parts` (two or more, materialized here) along dim;
    parts of another element type are converted to the result's first, as
    PyTorch promotes them (an f32 cls token and a bf16 patch embedding
    under autocast)."""
    parts = [rounded(L, t, elem) for t in parts]
    mats = [L.fn.materialize(t) for t in parts]
    name = L.fn.fresh("cat")
    L.fn.line("%s = tensor.concat dim(%d) %s : (%s) -> %s" % (
        name, dim, ", ".join(t.value for t in mats), ", ".join(ttype(t.shape, t.elem) for t in mats),
        ttype(shape, elem)))
    return Tensor(name, shape, elem)


def _unsqueeze_dense(L, t, dim):
    shape = list(t.shape)
    shape.insert(dim, 1)
    return L.fn.reshape(L.fn.materialize(t), tuple(shape))


@handles("stack")
def h_stack(L, tensors, dim=0):
    shape, elem = L.out()
    return stacked(L, tensors, norm_dim(dim, len(shape)), shape, elem)


def stacked(L, tensors, dim, shape, elem):
    """torch.stack of `tensors` along dim, into `shape`."""
    parts = [_unsqueeze_dense(L, t, dim) for t in tensors]
    if len(parts) == 1:
        return rounded(L, parts[0], elem)
    return concat(L, parts, dim, shape, elem)


@handles("unbind")
def h_unbind(L, a, dim=0):
    mark_view(L)
    r = len(a.shape)
    dim = norm_dim(dim, r)
    out_shape = [d for k, d in enumerate(a.shape) if k != dim]
    if a.shape[dim] == 1:
        return (a.squeezed_dims([dim]),)
    outs = []
    for i in range(a.shape[dim]):
        offsets = [0] * r
        offsets[dim] = i
        sizes = list(a.shape)
        sizes[dim] = 1
        outs.append(extract_slice(L, a, offsets, sizes, [1] * r, out_shape=out_shape))
    return tuple(outs)


def insert_into_zeros(L, part, full_shape, offsets, strides):
    """A tensor of `full_shape`, zero except `part` at offsets/strides."""
    shape, elem = tuple(full_shape), part.elem
    part = L.fn.materialize(part)
    base = L.fn.filled(shape, elem, 0.0 if elem_is_float(elem) else 0)
    if part.shape == shape:
        return part
    return insert_slice(L, part, base, offsets, part.shape, strides)


@handles("select_backward")
def h_select_backward(L, grad, input_sizes, dim, index):
    r = len(input_sizes)
    dim = norm_dim(dim, r)
    index = index + input_sizes[dim] if index < 0 else index
    offsets = [0] * r
    offsets[dim] = index
    return insert_into_zeros(L, _unsqueeze_dense(L, grad, dim), input_sizes, offsets, [1] * r)


@handles("slice_backward")
def h_slice_backward(L, grad, input_sizes, dim, start, end, step):
    r = len(input_sizes)
    dim = norm_dim(dim, r)
    n = input_sizes[dim]
    start = 0 if start is None else (start + n if start < 0 else start)
    start = min(max(start, 0), n)
    offsets = [0] * r
    offsets[dim] = start
    strides = [1] * r
    strides[dim] = step
    return insert_into_zeros(L, grad, input_sizes, offsets, strides)


@handles("is_same_size")
def h_is_same_size(L, a, b):
    return tuple(a.shape) == tuple(b.shape)


# -- reordering copies: flip, roll, repeat, padding ------------------------------

def _remap(L, a, exprs, shape=None):
    """A copy of view `a` whose dim k reads at `exprs[k]` (affine in the
    result's loop dims d0, d1, ...): flips, rotations, tilings."""
    shape, elem = L.out() if shape is None else (shape, a.elem)
    return L.fn.generic([(shape, elem)], [(a, a.base_exprs(exprs))],
                        lambda bd, args: [bd.cast(args[0], a.elem, elem)])[0]


@handles("flip")
def h_flip(L, a, dims):
    """x.flip(dims): index n - 1 - i along each flipped dim (an affine map)."""
    r = len(a.shape)
    dims = set(norm_dim(d, r) for d in dims)
    return _remap(L, a, ["%d - d%d" % (a.shape[k] - 1, k) if k in dims and a.shape[k] > 1
                         else "d%d" % k for k in range(r)])


@handles("roll")
def h_roll(L, a, shifts, dims=()):
    """torch.roll: out[i] = x[(i - shift) mod n] along each dim; without dims,
    over the flattened tensor."""
    shifts = [shifts] if isinstance(shifts, int) else list(shifts)
    dims = [dims] if isinstance(dims, int) else list(dims)
    r = len(a.shape)
    if not dims:
        n = prod(a.shape)
        flat = L.fn.reshape(a, (n,))
        rolled = _remap(L, flat, ["(d0 + %d) mod %d" % ((-shifts[0]) % n, n)] if n > 1 else ["d0"],
                        shape=(n,))
        return L.fn.reshape(rolled, tuple(a.shape))
    if len(shifts) != len(dims):
        L.error("roll with %d shifts for %d dims" % (len(shifts), len(dims)))
    by = {}
    for s, d in zip(shifts, dims):
        d = norm_dim(d, r)
        by[d] = by.get(d, 0) + s
    exprs = []
    for k in range(r):
        n = a.shape[k]
        s = (-by.get(k, 0)) % n if n else 0
        exprs.append("(d%d + %d) mod %d" % (k, s, n) if s else "d%d" % k)
    return _remap(L, a, exprs)


@handles("unfold")
def h_unfold(L, a, dim, size, step):
    """x.unfold(dim, size, step) (audio framing, local windows): dim becomes
    the window index i, a new last dim the offset k, reading x at
    i * step + k along dim (an affine map; a copy, not a view)."""
    r = len(a.shape)
    dim = norm_dim(dim, r) if r else 0
    mark_view(L)
    if r == 0:
        return L.fn.reshape(a, (1,))
    exprs = ["d%d" % k for k in range(r)]
    exprs[dim] = "d%d * %d + d%d" % (dim, step, r)
    return _remap(L, a, exprs)


@handles("unfold_backward")
def h_unfold_backward(L, g, input_sizes, dim, size, step):
    """The gradient of x.unfold: each element of x sums the window elements
    that read it, (i, k) with i * step + k == p, as a reduction over k."""
    shape, elem = L.out()
    c = compute_elem(elem)
    r = len(shape)
    dim = norm_dim(dim, r) if r else 0
    g = L.fn.materialize(g)
    n = g.shape[dim]
    init = L.fn.filled(shape, c, 0.0)

    def body(bd, a):
        acc = a[-1]
        num = bd.binary("sub", index_i64(bd, dim), index_i64(bd, r), "i64")
        i = bd.emit("arith.divsi %s, %s : i64" % (num, bd.const(step, "i64")))
        rem = bd.emit("arith.remsi %s, %s : i64" % (num, bd.const(step, "i64")))
        ok = bd.binary("and", bd.cmp("ge", num, bd.const(0, "i64"), "i64"),
                       bd.binary("and", bd.cmp("eq", rem, bd.const(0, "i64"), "i64"),
                                 bd.cmp("lt", i, bd.const(n, "i64"), "i64"), "i1"), "i1")
        safe = bd.emit("arith.index_cast %s : i64 to index" % bd.select(ok, i, bd.const(0, "i64"), "i64"))
        at = [bd.index(d) if d != dim else safe for d in range(r)] + [bd.index(r)]
        v = bd.cast(extract(bd, g, at), g.elem, c)
        return [bd.select(ok, bd.binary("add", acc, v, c), acc, c)]
    return rounded(L, L.fn.generic([(shape, c)], [], body, reduce_dims=[size], inits=[init])[0], elem)


@handles("repeat")
def h_repeat(L, a, repeats):
    """x.repeat(r0, r1, ...): out[i] = x[i mod n] per dim, leading dims new."""
    shape, _ = L.out()
    lead = len(repeats) - len(a.shape)
    if lead < 0:
        L.error("repeat needs at least as many repeats as dims")
    src = a
    for _ in range(lead):
        src = src.unsqueezed(0)
    exprs = []
    for k, n in enumerate(src.shape):
        exprs.append("0" if n == 1 else "d%d" % k if repeats[k] == 1 else "d%d mod %d" % (k, n))
    return _remap(L, src, exprs)


@handles("constant_pad_nd")
def h_constant_pad_nd(L, a, pad, value=0):
    """F.pad(x, pad, value=v): pad[2i], pad[2i+1] before and after the i-th
    last dim; negative amounts crop (the backward pads by the negatives)."""
    shape, elem = L.out()
    r = len(a.shape)
    lo, hi = pad_sides(pad, r)
    a = L.fn.materialize(a)
    if any(v < 0 for v in lo + hi):  # crop first
        off = [max(-v, 0) for v in lo]
        sizes = [a.shape[k] - off[k] - max(-hi[k], 0) for k in range(r)]
        a = extract_slice(L, a, off, sizes, [1] * r)
    a = rounded(L, a, elem)
    if tuple(a.shape) == tuple(shape):
        return a
    fill = float(value) if elem_is_float(elem) else (bool(value) if elem == "i1" else int(value))
    base = L.fn.filled(shape, elem, fill)
    return insert_slice(L, a, base, [max(v, 0) for v in lo], a.shape, [1] * r, prefix="pad")


@handles("pixel_shuffle")
def h_pixel_shuffle(L, a, r):
    """(..., C*r*r, H, W) -> (..., C, H*r, W*r): a split of the channels, a
    permutation and a merge (one copy, as in PyTorch)."""
    shape, _ = L.out()
    *lead, c, h, w = a.shape
    k = len(lead)
    t = L.fn.reshape(a, tuple(lead) + (c // (r * r), r, r, h, w))
    t = t.permuted(list(range(k)) + [k, k + 3, k + 1, k + 4, k + 2])
    return L.fn.reshape(t, tuple(shape))


@handles("pixel_unshuffle")
def h_pixel_unshuffle(L, a, r):
    """(..., C, H*r, W*r) -> (..., C*r*r, H, W), pixel_shuffle's inverse."""
    shape, _ = L.out()
    *lead, c, h, w = a.shape
    k = len(lead)
    t = L.fn.reshape(a, tuple(lead) + (c, h // r, r, w // r, r))
    t = t.permuted(list(range(k)) + [k, k + 2, k + 4, k + 1, k + 3])
    return L.fn.reshape(t, tuple(shape))


# Functionalization (AOTAutograd's joint graph on some versions) writes
# views as their copying twins (expand_copy, permute_copy, ...): the same
# values, and in value semantics the same lowering.
for _name in ("t", "transpose", "permute", "expand", "unsqueeze", "squeeze", "slice", "select",
              "split", "split_with_sizes", "unbind", "unfold", "as_strided"):
    if _name + "_copy" not in HANDLERS:
        HANDLERS[_name + "_copy"] = HANDLERS[_name]


def diagonal_of(L, a, offset=0, dim1=0, dim2=1):
    """a.diagonal(offset, dim1, dim2): the other dims, then the diagonal.
    The n x n window the diagonal crosses is sliced out first, then read at
    (i, i): an affine map whose dims all bound the loops (linalg infers the
    loop sizes from the first operand that names a dim alone)."""
    r = len(a.shape)
    dim1, dim2 = norm_dim(dim1, r), norm_dim(dim2, r)
    n = max(0, min(a.shape[dim1] - max(-offset, 0), a.shape[dim2] - max(offset, 0)))
    rest = [k for k in range(r) if k not in (dim1, dim2)]
    shape = tuple(a.shape[k] for k in rest) + (n,)
    offsets, sizes = [0] * r, list(a.shape)
    offsets[dim1], offsets[dim2] = max(-offset, 0), max(offset, 0)
    sizes[dim1] = sizes[dim2] = n
    if n and (offsets != [0] * r or sizes != list(a.shape)):
        a = extract_slice(L, a, offsets, sizes, [1] * r)
    last = "d%d" % len(rest)
    return _remap(L, a, [last if k in (dim1, dim2) else "d%d" % rest.index(k) for k in range(r)], shape)


@handles("diagonal")
def h_diagonal(L, a, offset=0, dim1=0, dim2=1):
    # a view: a write into it (torch.diagonal(c).add_(-1)) goes back into
    # `a` (Lowering._write_through), or is refused where that cannot be
    mark_view(L)
    record_slice(L, a, ("diagonal", offset, dim1, dim2))
    return diagonal_of(L, a, offset, dim1, dim2)


def _on_diagonal(L, g, shape, elem, offset, dim1, dim2):
    """A zero tensor of `shape` with g (the other dims, then the diagonal)
    on the diagonal (offset, dim1, dim2)."""
    r = len(shape)
    rest = [k for k in range(r) if k not in (dim1, dim2)]
    g = L.fn.materialize(g)
    c = compute_elem(elem)

    def body(bd, a):
        i, j = index_i64(bd, dim1), index_i64(bd, dim2)
        hit = bd.cmp("eq", bd.binary("sub", j, i, "i64"), bd.const(offset, "i64"), "i64")
        k = bd.binary("sub", i, bd.const(max(-offset, 0), "i64"), "i64")
        k = bd.select(hit, k, bd.const(0, "i64"), "i64")
        at = [bd.index(d) for d in rest] + [bd.emit("arith.index_cast %s : i64 to index" % k)]
        v = bd.cast(extract(bd, g, at), g.elem, c)
        return [bd.cast(bd.select(hit, v, bd.const(0.0, c), c), c, elem)]
    return L.fn.generic([(tuple(shape), elem)], [], body)[0]


@handles("diagonal_backward")
def h_diagonal_backward(L, g, input_sizes, offset, dim1, dim2):
    shape, elem = L.out()
    r = len(shape)
    return _on_diagonal(L, g, shape, elem, offset, norm_dim(dim1, r), norm_dim(dim2, r))


@handles("diag")
def h_diag(L, a, diagonal=0):
    """torch.diag: a matrix's diagonal (as diagonal), or a vector placed on
    a diagonal of a square matrix (its backward, diag of the gradient)."""
    if len(a.shape) == 2:
        return diagonal_of(L, a, diagonal, 0, 1)
    shape, elem = L.out()
    return _on_diagonal(L, a, shape, elem, diagonal, 0, 1)


@handles("diagonal_copy")
def h_diagonal_copy(L, a, offset=0, dim1=0, dim2=1):
    """diagonal's values in a tensor of their own (2.15 traces
    torch.diagonal's functional form so)."""
    return L.fn.materialize(diagonal_of(L, a, offset, dim1, dim2))
