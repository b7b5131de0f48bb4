"""Views and data movement: reshapes, transposes and permutes (free views),
expand, squeeze/unsqueeze, slice, select, split, cat, stack, unbind, and
the backward of select and slice.
"""

from ..mlir import Tensor, elem_is_float, prod, ttype
from .core import extract_slice, handles, mark_view, norm_dim


@handles("view", "_unsafe_view", "_reshape_alias", "reshape", "view_copy", "_reshape_copy")
def h_view(L, a, *args, **kwargs):
    shape, _ = L.out()
    mark_view(L, reshape=True)
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
def h_as_strided(L, a, size, stride, offset=None):
    if not _whole_storage(L, L.node.args[0], size, stride, offset):
        L.error("aten.as_strided over part of a storage or out of row-major order is not "
                "supported (only the whole storage, as autograd's in-place-on-a-view "
                "backward writes it)")
    mark_view(L, reshape=True)
    shape, _ = L.out()
    return a if tuple(a.shape) == tuple(shape) else L.fn.reshape(a, shape)


@handles("as_strided_scatter")
def h_as_strided_scatter(L, base, src, size, stride, offset=None):
    if not _whole_storage(L, L.node.args[0], size, stride, offset):
        L.error("aten.as_strided_scatter into part of a storage is not supported (only the "
                "whole storage, as autograd's in-place-on-a-view backward writes it)")
    shape, _ = L.out()
    return src if tuple(src.shape) == tuple(shape) else L.fn.reshape(src, shape)


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
    mark_view(L)
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


def _unsqueeze_dense(L, t, dim):
    shape = list(t.shape)
    shape.insert(dim, 1)
    return L.fn.reshape(L.fn.materialize(t), tuple(shape))


@handles("stack")
def h_stack(L, tensors, dim=0):
    shape, elem = L.out()
    dim = norm_dim(dim, len(shape))
    parts = [_unsqueeze_dense(L, t, dim) for t in tensors]
    if len(parts) == 1:
        return parts[0]
    name = L.fn.fresh("cat")
    L.fn.line("%s = tensor.concat dim(%d) %s : (%s) -> %s" % (
        name, dim, ", ".join(t.value for t in parts), ", ".join(ttype(t.shape, t.elem) for t in parts),
        ttype(shape, elem)))
    return Tensor(name, shape, elem)


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
    name = L.fn.fresh("ins")
    L.fn.line("%s = tensor.insert_slice %s into %s[%s] [%s] [%s] : %s into %s" % (
        name, part.value, base.value, ", ".join(map(str, offsets)), ", ".join(map(str, part.shape)),
        ", ".join(map(str, strides)), ttype(part.shape, elem), ttype(shape, elem)))
    return Tensor(name, shape, elem)


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
    lo, hi = [0] * r, [0] * r
    for i in range(len(pad) // 2):
        lo[r - 1 - i], hi[r - 1 - i] = pad[2 * i], pad[2 * i + 1]
    a = L.fn.materialize(a)
    if any(v < 0 for v in lo + hi):  # crop first
        off = [max(-v, 0) for v in lo]
        sizes = [a.shape[k] - off[k] - max(-hi[k], 0) for k in range(r)]
        a = extract_slice(L, a, off, sizes, [1] * r)
    if a.elem != elem:
        a = L.ew([a], lambda bd, e: e[0], shape=a.shape, elem=elem)
    if tuple(a.shape) == tuple(shape):
        return a
    fill = float(value) if elem_is_float(elem) else (bool(value) if elem == "i1" else int(value))
    base = L.fn.filled(shape, elem, fill)
    name = L.fn.fresh("pad")
    L.fn.line("%s = tensor.insert_slice %s into %s[%s] [%s] [%s] : %s into %s" % (
        name, a.value, base.value, ", ".join(str(max(v, 0)) for v in lo),
        ", ".join(map(str, a.shape)), ", ".join(["1"] * r), ttype(a.shape, elem), ttype(shape, elem)))
    return Tensor(name, shape, elem)


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
