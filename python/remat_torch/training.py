"""Train with remat's decisions inside PyTorch.

    model = remat_torch.compile(model)            # remat's default policy, peak
    loss = model(x, y); loss.backward(); opt.step()      # as before

compile() wraps AOTAutograd (functorch.compile.aot_module on 1.13,
torch.compile with an aot_autograd backend on 2.x) with remat's partition
function (partition.py): each training step's forward saves exactly remat's
saved set and the backward recomputes the rest, with PyTorch's own kernels.
The returned module shares the wrapped module's parameters and buffers.
"""

import contextlib
import dis
import functools
import inspect
import math
import types
import warnings

import torch
import torch.nn as nn

from .capture import (ImporterError, TraceHelpers, aot_reads_library_checks, checkpoint_as_call,
                      _norm_hooked, _user_pre_hooks, _user_site, stateless_as_2x)
from .partition import EagerStep, partition

__all__ = ["compile", "RematModule", "held_bytes"]


_TORCH2 = hasattr(torch, "compile") and int(torch.__version__.split(".")[0]) >= 2


def _signature(args, kwargs, module, volatile=frozenset()):
    def leaf(v):
        if isinstance(v, torch.Tensor):  # strides: the graph's views bake them in
            # (1.13's views bake in the storage offset too; 2.x's graphs
            # take it from the tensor, so micro-batches x[4k:4k+4] share one)
            return ("T", tuple(v.shape), v.dtype, str(v.device), v.requires_grad,
                    tuple(v.stride()), None if _TORCH2 else v.storage_offset())
        if isinstance(v, (list, tuple)):
            return (type(v).__name__,) + tuple(leaf(x) for x in v)
        if isinstance(v, dict):
            return ("dict",) + tuple((k, leaf(x)) for k, x in sorted(v.items()))
        return ("V", type(v).__name__, repr(v))
    # The trace bakes in each parameter's and buffer's shape, dtype and
    # device, which parameters it differentiates, every submodule's
    # train/eval mode and its plain attributes (a dropout's p, a
    # temperature, a norm's eps): any of them changed between steps is
    # another graph (1.13 kept the first: a frozen layer got no gradient
    # once unfrozen, a head swapped for a wider one failed in backward).
    tensors = tuple((name, tuple(t.shape), t.dtype, str(t.device), t.requires_grad)
                    for name, t in module.named_parameters()) + \
        tuple((name, tuple(t.shape), t.dtype, str(t.device))
              for name, t in module.named_buffers() if t is not None)
    named = list(module.named_modules())
    # Code outside the classes (hooks, a forward set on an instance) reads
    # what it likes: then every attribute counts.
    read = None if any(m._forward_hooks or "forward" in vars(m) or _user_pre_hooks(m)
                       for _, m in named) else \
        _classes_read(frozenset(type(m) for _, m in named))
    modules = tuple((name, type(m).__name__, m.training, _plain_attributes(m, read),
                     () if _TORCH2 else _tensor_attributes(m, name, volatile))
                    for name, m in named)
    return (leaf(args), leaf(kwargs), tensors, modules, _autocast_state())


def _map_tensors(v, fn):
    """`v` with fn applied to each tensor in it (tuples, namedtuples, lists
    and dicts rebuilt)."""
    if isinstance(v, torch.Tensor):
        return fn(v)
    if isinstance(v, (list, tuple)):
        items = [_map_tensors(x, fn) for x in v]
        return type(v)(*items) if hasattr(v, "_fields") else type(v)(items)
    if isinstance(v, dict):
        return {k: _map_tensors(x, fn) for k, x in v.items()}
    return v


def _tensors(v):
    """The tensors in `v` (tuples, lists and dicts), in order."""
    if isinstance(v, torch.Tensor):
        yield v
    elif isinstance(v, (list, tuple)):
        for x in v:
            yield from _tensors(x)
    elif isinstance(v, dict):
        for x in v.values():
            yield from _tensors(x)


def _offset_zero(v):
    if v.storage_offset() == 0 or v.is_sparse:
        return v
    return torch.empty_strided(v.size(), v.stride(), dtype=v.dtype, device=v.device).copy_(v)


def _at_offset_zero(v):
    """`v` with each tensor that starts past its storage's first element
    (a view of a larger tensor) replaced by a copy with the same strides
    at offset 0 (differentiable: the copy's gradient reaches the view)."""
    return _map_tensors(v, _offset_zero)


def _tensor_attributes(m, name, volatile):
    """1.13 bakes a module's tensor attributes that are neither parameters
    nor buffers (a class-weight tensor reassigned each epoch) into the
    graph as constants: each tensor, by identity, is part of the signature
    (writes into it in place are read by the graph). Left out: those a
    forward sets itself (`volatile`: ESPnet's self.attn, seen changing
    during a call) and weight or spectral norm's recomputed weights."""
    hooked = _norm_hooked(m)
    return tuple((k, id(v), v.data_ptr(), tuple(v.shape), v.dtype) for k, v in vars(m).items()
                 if isinstance(v, torch.Tensor) and not isinstance(v, nn.Parameter)
                 and k not in hooked and (name, k) not in volatile)


def _object_with_tensors(v):
    """The type name of an argument that is not a tensor, tuple, list or
    dict but holds tensors (a dataclass batch), else None: 1.13's AOTAutograd
    bakes such tensors into the graph as constants."""
    if isinstance(v, torch.Tensor) or isinstance(v, _PLAIN):
        return None
    if isinstance(v, (list, tuple)):
        return next((r for r in (_object_with_tensors(x) for x in v) if r), None)
    if isinstance(v, dict):
        return next((r for r in (_object_with_tensors(x) for x in v.values()) if r), None)
    fields = getattr(v, "__dict__", None)
    values = list(fields.values()) if isinstance(fields, dict) else []
    values += [getattr(v, k) for k in getattr(type(v), "__slots__", ()) if hasattr(v, k)]

    def holds(x, depth=0):
        if isinstance(x, torch.Tensor):
            return True
        if depth < 3 and isinstance(x, (list, tuple)):
            return any(holds(y, depth + 1) for y in x)
        if depth < 3 and isinstance(x, dict):
            return any(holds(y, depth + 1) for y in x.values())
        return False
    return type(v).__name__ if any(holds(x) for x in values) else None


def _autocast_state():
    """Whether autocast is on, and in which dtype, per device type: a graph
    traced under bf16 autocast computes in bf16 (1.13 reused one for a
    later call without autocast)."""
    state = []
    for device in ("cpu", "cuda"):
        try:
            state.append((torch.is_autocast_enabled(device), torch.get_autocast_dtype(device)))
        except (TypeError, AttributeError):  # 1.13
            if device == "cpu":
                state.append((torch.is_autocast_cpu_enabled(), torch.get_autocast_cpu_dtype()))
            else:
                state.append((torch.is_autocast_enabled(), torch.get_autocast_gpu_dtype()))
    return tuple(state)


_PLAIN = (bool, int, float, str, type(None))


class InputWritten(Exception):
    """Raised by the first (tracing) call of a 1.13 step whose forward
    writes into a tensor argument: that step trains eagerly."""


class ForwardSideEffects(Exception):
    """Raised by the first (tracing) call of a 1.13 step whose forward
    changes the module's plain attributes (a step counter) or draws from
    Python's or NumPy's random generator: the compiled step would replay
    none of it (a counter advanced twice per step, LayerDrop's
    random.random() fixed at the traced draw)."""


class BackwardInBackward(Exception):
    """Raised by the first (tracing) call of a 1.13 step whose backward
    calls torch.autograd.backward itself (an autograd.Function that
    recomputes a block under enable_grad: RevNet's and Reformer's reversible
    blocks): the gradients it accumulates into .grad are not in 1.13's
    traced joint graph, so those parameters trained on nothing (zeros,
    silently)."""


@contextlib.contextmanager
def _noting_backward_calls(seen, module):
    """Notes a torch.autograd.backward (or Tensor.backward) call made while
    the step is traced (none is the user's own: those come after): `seen`
    gets the module's parameters with their .grad as before the first one
    (copies), since such a call accumulates into the real parameters."""
    real = torch.autograd.backward

    def noting(*args, **kwargs):
        if not seen:
            seen.extend((p, None if p.grad is None else p.grad.detach().clone())
                        for p in module.parameters())
        return real(*args, **kwargs)
    torch.autograd.backward = noting
    try:
        yield
    finally:
        torch.autograd.backward = real


def _module_state(module):
    """What a forward could change outside the graph: every submodule's
    plain attributes."""
    return [(m, dict(_plain_attributes(m))) for m in module.modules()]


def _state_changed(before, after):
    """Whether a plain attribute changed, other than one the forward set to
    a tensor (ESPnet's `self.attn = None` in __init__, a tensor after)."""
    for (m, old), (_, new) in zip(before, after):
        for k in set(old) | set(new):
            if old.get(k, _MISSING) != new.get(k, _MISSING) and \
                    not isinstance(vars(m).get(k), torch.Tensor):
                return True
    return False


_MISSING = object()



def _stored_tensors(module):
    """The tensors submodules hold as attributes (not parameters or
    buffers), by identity; weight and spectral norm's recomputed weights
    (their pre-hooks set them at every call, inside the graph) left out."""
    stored = []
    for name, m in module.named_modules():
        hooked = _norm_hooked(m)
        stored.append((name, tuple((k, id(v)) for k, v in vars(m).items()
                                   if isinstance(v, torch.Tensor) and k not in hooked)))
    return stored


def _random_states():
    """Python's and NumPy's global random states (NumPy's None without it)."""
    import random
    try:
        import numpy
        return random.getstate(), numpy.random.get_state()
    except Exception:  # noqa: BLE001 - no NumPy
        return random.getstate(), None


def _set_random_states(states):
    import random
    random.setstate(states[0])
    if states[1] is not None:
        import numpy
        numpy.random.set_state(states[1])


def _random_drawn(before, after):
    """Whether a draw happened between the two states: NumPy's key array
    changes only every 624 draws, its position at each."""
    if before[0] != after[0]:
        return True
    if before[1] is None:
        return False
    return before[1][1].tobytes() != after[1][1].tobytes() or before[1][2:] != after[1][2:]


# Attributes that are not the model's state: train/eval is in the
# signature already; torch.compile marks a module it compiles (2.x), which
# made every first step decide twice.
_NOT_STATE = frozenset({"training", "_is_torch_compile"})

# Graphs one RematModule compiles before new signatures run eagerly.
_MAX_GRAPHS = 64


def _plain_value(v):
    """`v` as a signature entry if it is plain data a trace reads as a
    constant (a scalar, or a tuple, list or str-keyed dict of them), else
    _MISSING."""
    if isinstance(v, _PLAIN) or (isinstance(v, tuple) and all(isinstance(x, _PLAIN) for x in v)):
        return v
    if isinstance(v, list) and all(isinstance(x, _PLAIN) for x in v):
        # (loss weights annealed in place: m.loss_weights[1] = 0.5)
        return ("list",) + tuple(v)
    if isinstance(v, dict) and all(isinstance(x, _PLAIN) for x in v.values()) and \
            all(isinstance(x, str) for x in v):
        return ("dict",) + tuple(sorted(v.items()))
    return _MISSING


def _config_fields(obj, prefix, out, depth=0):
    """The plain fields of a configuration object a module holds (a
    dataclass `self.cfg`, a Hugging Face config), two levels deep: 1.13's
    trace bakes `self.cfg.temperature` in like a plain attribute (a
    temperature annealed through it trained with the first value, silently)."""
    if depth > 1 or isinstance(obj, (nn.Module, torch.Tensor, type)) or callable(obj) or \
            isinstance(obj, types.ModuleType):
        return
    fields = getattr(obj, "__dict__", None)
    items = list(fields.items()) if isinstance(fields, dict) else []
    items += [(k, getattr(obj, k)) for k in getattr(type(obj), "__slots__", ())
              if isinstance(k, str) and hasattr(obj, k)]
    for k, v in items:
        if not isinstance(k, str) or k.startswith("__"):
            continue
        # (a tokenizer's vocabulary is no configuration: large containers
        # are left out, they would cost every step)
        value = _plain_value(v) if not isinstance(v, (list, tuple, dict)) or len(v) <= 64 \
            else _MISSING
        if value is not _MISSING:
            out.append((prefix + "." + k, value))
        elif hasattr(v, "__dict__") or hasattr(type(v), "__slots__"):
            _config_fields(v, prefix + "." + k, out, depth + 1)


def _forward_globals(m):
    """The plain module-level globals the forward of `m`'s class names (a
    `TEMPERATURE` set by a training script between steps), which 1.13's
    trace bakes in too."""
    forward = getattr(type(m).forward, "__func__", type(m).forward)
    code, scope = getattr(forward, "__code__", None), getattr(forward, "__globals__", None)
    if code is None or not isinstance(scope, dict):
        return ()
    out = []
    for name in code.co_names:
        value = _plain_value(scope.get(name, _MISSING)) if name in scope else _MISSING
        if value is not _MISSING and not name.startswith("__"):
            out.append(("<global>." + name, value))
    return tuple(out)


# Attribute names any code may read without naming them (getattr with a
# computed name, vars(self), self.__dict__): a class whose code uses one
# keeps every plain attribute in its signature.
_DYNAMIC_READS = frozenset({"getattr", "vars", "__dict__", "__getattr__", "__getattribute__",
                            "eval", "exec"})


_ATTR_LOADS = frozenset({"LOAD_ATTR", "LOAD_METHOD", "LOAD_SUPER_ATTR"})


# Modules whose functions a forward calls that read no module attribute
# they are not given (torch.nn.functional, math, ...): not followed.
_LIBRARY_MODULES = ("torch", "math", "numpy", "einops", "functools", "operator", "typing",
                    "collections", "itertools", "builtins")


class _Unknown(Exception):
    """What the code of a class reads cannot be known."""


@functools.lru_cache(maxsize=None)
def _names_read(cls):
    """The names the code of `cls` can read as attributes (loaded by its
    methods, the functions they call, two levels, and the functions their
    closures hold), or None when that cannot be known: attributes read by
    computed names (getattr, vars, __dict__, __getattr__), a function of a
    user module called through the module (helpers.scaled), a call deeper
    than two levels, a decorator whose wrapper hides the method. Only
    lists and dicts are left out of the signature by it (_plain_attributes):
    a list of past losses the training loop appends to (model.history)
    made every step another graph, and after 64 steps remat stopped,
    silently."""
    names = set()
    seen = set()

    def code_of(f):
        f = getattr(f, "__func__", f)
        try:
            f = inspect.unwrap(f)
        except Exception:
            pass
        return getattr(f, "__code__", None), getattr(f, "__globals__", None), \
            getattr(f, "__closure__", None)

    def visit(code, scope, closure, depth):
        if code is None or code in seen:
            return
        seen.add(code)
        for cell in closure or ():
            try:
                inner = cell.cell_contents
            except ValueError:
                continue
            if callable(inner) and not isinstance(inner, type):
                c = code_of(inner)
                if c[0] is None and not isinstance(inner, types.BuiltinFunctionType):
                    raise _Unknown()
                visit(*c, depth + 1)
        # Loads only: `self.history = []` in __init__ stores the name.
        for ins in dis.get_instructions(code):
            if ins.opname in _ATTR_LOADS and isinstance(ins.argval, str):
                names.add(ins.argval)
            elif ins.opname in ("LOAD_GLOBAL", "LOAD_NAME", "LOAD_DEREF") and \
                    isinstance(ins.argval, str):
                names.add(ins.argval)
                f = scope.get(ins.argval) if isinstance(scope, dict) else None
                if isinstance(f, types.ModuleType) and \
                        not f.__name__.split(".")[0] in _LIBRARY_MODULES:
                    raise _Unknown()
                if isinstance(f, types.FunctionType):
                    if depth >= 2:
                        raise _Unknown()
                    visit(*code_of(f), depth + 1)
        for const in code.co_consts:
            if isinstance(const, types.CodeType):
                visit(const, scope, None, depth)

    try:
        for klass in cls.__mro__:
            if klass in (nn.Module, object):
                continue
            for v in vars(klass).values():
                fs = (v.fget, v.fset) if isinstance(v, property) else (v,)
                for f in fs:
                    if callable(f) or isinstance(f, (staticmethod, classmethod)):
                        visit(*code_of(f), 0)
    except Exception:
        return None
    if names & _DYNAMIC_READS or any("__getattr__" in vars(k) for k in cls.__mro__
                                     if k is not nn.Module):
        return None
    return frozenset(names)


@functools.lru_cache(maxsize=256)
def _classes_read(classes):
    """The union of _names_read over `classes` (a frozenset): a forward
    reads its submodules' attributes too (self.attn.temperature)."""
    out = set()
    for cls in classes:
        names = _names_read(cls)
        if names is None:
            return None
        out |= names
    return frozenset(out)


def _plain_attributes(m, read=None):
    """A module's attributes that are Python scalars (or tuples of them),
    which a trace reads as constants; on 1.13 also the plain fields of
    configuration objects it holds and the plain globals its forward names.
    Only attributes the model's code names (`read`, from _classes_read;
    None: all)."""
    out = []
    for k, v in vars(m).items():
        if k in _NOT_STATE or k.startswith("__"):
            continue
        # (lists and dicts only: what a loop appends to between steps)
        if read is not None and k not in read and isinstance(v, (list, dict)):
            continue
        value = _plain_value(v)
        if value is not _MISSING:
            out.append((k, value))
        elif not _TORCH2 and not k.startswith("_") and \
                (hasattr(v, "__dict__") or hasattr(type(v), "__slots__")):
            _config_fields(v, k, out)
    if not _TORCH2:
        out.extend(_forward_globals(m))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _value_sized_ops():
    """The aten ops (overload packets) whose output's size is a count of
    their input's values, with a name for messages."""
    aten = torch.ops.aten
    names = {aten.masked_select: "masked_select", aten.nonzero: "nonzero (torch.where(cond))",
             aten.bincount: "bincount"}
    for name in ("_unique", "_unique2", "unique_dim", "unique_consecutive", "argwhere"):
        if hasattr(aten, name):
            names[getattr(aten, name)] = name
    return names


def _data_dependent_op(node):
    """What `node` of a joint graph is when its output's size depends on
    values (x[mask], masked_select, nonzero, unique, repeat_interleave by a
    tensor, bincount), as a short description; None otherwise."""
    if node.op != "call_function":
        return None
    aten = torch.ops.aten
    packet = getattr(node.target, "overloadpacket", None)
    names = _value_sized_ops()
    # (A size taken from constants alone, GQA's repeat_interleave of
    # expanded head counts, is the same in every step.)
    if packet in names:
        # (masked_select's count comes from its mask, the others' from
        # their first argument)
        counted = node.args[1] if packet is aten.masked_select else node.args[0]
        return None if _from_constants(counted) else "aten.%s" % names[packet]
    if packet is aten.repeat_interleave and node.target is not aten.repeat_interleave.self_int:
        repeats = node.args[0] if node.target is aten.repeat_interleave.Tensor else \
            (node.args[1] if len(node.args) > 1 else node.kwargs.get("repeats"))
        if not _from_constants(repeats):
            return "aten.repeat_interleave by a tensor of counts"
    if packet is aten.index and len(node.args) > 1:
        for index in node.args[1] or ():
            if _meta_dtype(index) in (torch.bool, torch.uint8) and not _from_constants(index):
                return "aten.index with a boolean mask (x[mask])"
    return None


def _meta(node):
    meta = getattr(node, "meta", {})
    return meta.get("val", meta.get("tensor_meta"))


def _meta_dtype(node):
    return getattr(_meta(node), "dtype", None)


def _from_constants(node, limit=64):
    """Whether FX `node` is computed from graph constants alone (no
    placeholder among its inputs): the same value in every step."""
    seen, work = set(), [node]
    while work:
        n = work.pop()
        if not hasattr(n, "op") or n in seen:
            continue
        seen.add(n)
        if n.op == "placeholder" or len(seen) > limit:
            return False
        work.extend(a for a in list(n.args) + list(n.kwargs.values()) if hasattr(a, "op"))
        for a in list(n.args) + list(n.kwargs.values()):
            if isinstance(a, (list, tuple)):
                work.extend(x for x in a if hasattr(x, "op"))
    return True


def _mask_guard(node):
    """For a value-dependent op of the backward only: (the mask whose count
    sets its size, the shape the mask counts over, the count traced), when
    it is masked_select, x[mask] with one mask or nonzero; else None."""
    aten = torch.ops.aten
    packet = getattr(node.target, "overloadpacket", None)
    out = _meta(node)
    if out is None:
        return None
    if packet is aten.masked_select:
        x, mask = node.args[:2]
        if _meta(x) is None or _meta(mask) is None:
            return None
        shape = tuple(torch.broadcast_shapes(tuple(_meta(x).shape), tuple(_meta(mask).shape)))
        return mask, shape, math.prod(out.shape)
    if packet is aten.index and len(node.args) > 1 and len(node.args[1]) == 1 and \
            node.args[1][0] is not None and _meta(node.args[1][0]) is not None:
        mask = node.args[1][0]
        return mask, tuple(_meta(mask).shape), out.shape[0]
    if packet is aten.nonzero and _meta(node.args[0]) is not None:
        return node.args[0], tuple(_meta(node.args[0]).shape), out.shape[0]
    return None


class SizesChanged(RuntimeError):
    """A step's value-dependent size differs from the one its graph was
    traced with (_GuardingSizes)."""


def _check_size(t, shape, what):
    if tuple(t.shape) != shape:
        raise SizesChanged("%s has shape %s in this step, %s when the step was traced"
                           % (what, tuple(t.shape), shape))


def _check_count(mask, shape, count, what):
    got = int((mask != 0).expand(shape).sum())
    if got != count:
        raise SizesChanged("%s selects %d elements in this step, %d when the step was traced"
                           % (what, got, count))


class _GuardingSizes:
    """`partition_fn` for 1.13's aot_module, for joint graphs whose sizes
    depend on values (x[mask], masked_select, nonzero, ...): that
    AOTAutograd traces on real tensors and bakes the sizes it saw into the
    backward (the expand of a mean's gradient over x[mask], say), so a later
    batch selecting another count would fail in backward, or worse. Each
    such op is guarded in the forward graph: a step whose size differs
    raises SizesChanged before anything is saved, and RematModule runs it,
    and that input signature from then on, eagerly. (Sizes that never vary,
    F.cross_entropy's label smoothing over the targets not ignored, keep
    remat's partition.) An op only in the backward, whose forward has no
    size to check, is refused: the step runs eagerly from the start. 2.x's
    torch.compile breaks the graph at such ops instead."""

    def __init__(self, partition_fn):
        self.partition_fn = partition_fn
        self.guarded = False  # whether the last graph got a guard

    def __call__(self, gm, joint_inputs, **kwargs):
        dependent = [(n, what) for n, what in
                     ((n, _data_dependent_op(n)) for n in gm.graph.nodes) if what]
        fw, bw = self.partition_fn(gm, joint_inputs, **kwargs)
        self.guarded = False
        if not dependent:
            return fw, bw
        in_fw = {n.name: n for n in fw.graph.nodes}
        for node, what in dependent:
            copy = in_fw.get(node.name)
            value = _meta(copy) if copy is not None else None
            if copy is not None and copy.target == node.target and value is not None:
                with fw.graph.inserting_after(copy):
                    fw.graph.call_function(_check_size, (copy, tuple(value.shape), what))
                continue
            # Only in the backward (masked_scatter's gradient selects by
            # its mask): the forward checks the mask's count instead.
            guard = _mask_guard(node)
            mask = in_fw.get(guard[0].name) if guard else None
            if mask is None or _meta(mask) is None or \
                    tuple(_meta(mask).shape) != tuple(_meta(guard[0]).shape):
                raise ImporterError("the step's sizes depend on values (%s, in its backward only): "
                                    "this PyTorch's AOTAutograd would bake the traced sizes into "
                                    "the backward, and a batch selecting another count would fail"
                                    % what)
            with fw.graph.inserting_after(mask):
                fw.graph.call_function(_check_count, (mask, guard[1], guard[2], what))
        fw.recompile()
        self.guarded = True
        return fw, bw


class RematModule(nn.Module):
    """`module` run through AOTAutograd with remat's partition. One graph
    per input signature (shapes, dtypes, devices, non-tensor values,
    train/eval); `stats` holds one record per graph remat decided on."""

    def __init__(self, module, policy="peak", budget=None, remat_opt=None, compiler="none",
                 **options):
        super().__init__()
        if compiler not in ("none", "inductor"):
            raise ValueError("compiler must be 'none' or 'inductor', got %r" % (compiler,))
        if compiler == "inductor" and not _inductor_partition_hook():
            raise ValueError("compiler='inductor' needs PyTorch 2.x with "
                             "torch._inductor.config.custom_partitioner_fn (this is %s)"
                             % torch.__version__)
        self.module = module
        self.compiler = compiler
        # What compile() was given: a copy or an unpickled module compiles
        # its own graphs from it (the graphs close over this module).
        self._arguments = dict(policy=policy, budget=budget, remat_opt=remat_opt,
                               compiler=compiler, **options)
        # The wrapped module's state_dict keys, without a "module." prefix:
        # checkpoints load into and from the plain model.
        self._register_state_dict_hook(_strip_wrapper_prefix)
        self._register_load_state_dict_pre_hook(_add_wrapper_prefix)
        self.partition_fn = partition(policy, budget=budget, remat_opt=remat_opt, **options)
        self.partition_fn.partitioner.eager_on_untrusted = True
        if compiler == "inductor":
            self._key = _decision_key(policy, budget, remat_opt, options)
        self._graphs = {}
        self._failed = set()
        # 2.x: graphs dynamo gave the backend (its recompiles included).
        self._backend_calls = 0
        # 1.13: per signature at offset 0, the argument offsets it came with.
        self._offsets = {}
        # (module name, attribute) of tensors a forward sets on its module
        # (1.13: left out of the signature, see _tensor_attributes), and
        # the fallback warnings already given (each said once).
        self._volatile = set()
        self._warned = set()
        # 1.13: the partition with size guards, and the input signatures
        # whose graphs got one (their steps keep the random state to put it
        # back when a guard fails).
        self._guarding = _GuardingSizes(self.partition_fn)
        self._guarded = set()
        # Per signature (1.13): how often each batch norm's forward counted a
        # batch (num_batches_tracked.add_(1)), which 1.13's AOTAutograd drops.
        self._batches = {}

    @property
    def stats(self):
        return self.partition_fn.stats

    def __getattr__(self, name):
        # The wrapped module's attributes and methods (model.config,
        # model.generate(...)) through the wrapper.
        try:
            return super().__getattr__(name)
        except AttributeError:
            module = self.__dict__.get("_modules", {}).get("module")
            if module is None:
                raise
            return getattr(module, name)

    def __reduce_ex__(self, protocol):
        # copy.deepcopy, pickle and torch.save: the module and compile()'s
        # arguments; the copy compiles its own graphs (1.13's compiled
        # graphs close over the original module: a deep copy trained the
        # original's parameters).
        return (_rebuild, (self.module, self._arguments))

    def _compile(self):
        if self.compiler == "inductor":
            # Inductor compiles both graphs (fused kernels); remat decides
            # what its forward saves, through Inductor's own partitioner
            # hook, on the joint graph after Inductor's decompositions.
            return torch.compile(self.module, dynamic=False,
                                 options={"custom_partitioner_fn":
                                          _InductorPartitioner.make(self.partition_fn,
                                                                    self._key)})
        if _TORCH2:
            from torch._dynamo.backends.common import aot_autograd
            from functorch.compile import make_boxed_func

            def nop(gm, _inputs):
                return make_boxed_func(gm.forward)
            backend = aot_autograd(fw_compiler=nop, bw_compiler=nop,
                                   partition_fn=self.partition_fn)

            def counting(gm, example_inputs):
                self._backend_calls += 1
                return backend(gm, example_inputs)
            return torch.compile(self.module, backend=counting, dynamic=False)
        from functorch.compile import aot_module, nop
        return aot_module(self.module, fw_compiler=nop, bw_compiler=nop,
                          partition_fn=self._guarding)

    def _trace_on_copies(self, fn, args, kwargs):
        """1.13's aot_module traces its first call on the real tensors, which
        runs the step's forward once more: a batch norm's running statistics
        (and any input written in place) would be updated twice. So the first
        call, which traces and decides, runs on copies of the buffers and
        tensor arguments (one more forward per input signature), its result
        dropped and the random state put back; the step then runs as every
        later one."""
        saved = []
        for m in self.module.modules():
            for name, b in m._buffers.items():
                if isinstance(b, torch.Tensor):
                    saved.append((m, name, b))
                    m._buffers[name] = b.detach().clone()
        # The module's Python state and the Python random state, restored
        # after the trace (its side effects must not count twice).
        attributes = [(m, dict(vars(m))) for m in self.module.modules()]
        before = _module_state(self.module)
        tensors_before = _stored_tensors(self.module)
        randoms = _random_states()

        copies = []

        def copy_tensor(v):
            # Same strides and offset: the trace bakes them into its views
            # (_reshape_alias), so a contiguous copy of tgt[:, 1:] would
            # give a graph that reads the real, strided input wrongly.
            storage = v.detach().storage().clone()
            c = torch.empty(0, dtype=v.dtype, device=v.device).set_(
                storage, v.storage_offset(), v.size(), v.stride())
            copies.append((c, c._version))
            return c.requires_grad_(v.requires_grad)

        def copy(v):
            return _map_tensors(v, copy_tensor)
        devices = sorted({t.device.index or 0 for t in list(self.module.parameters()) +
                          [a for a in args if isinstance(a, torch.Tensor)] if t.is_cuda})
        try:
            with torch.random.fork_rng(devices=devices):
                fn(*copy(args), **copy(kwargs))
            # 1.13's compiled graph drops a forward's writes into its
            # arguments (x.mul_(2) left the caller's x as it was).
            if any(c._version != v for c, v in copies):
                raise InputWritten()
            if _state_changed(before, _module_state(self.module)) or \
                    _random_drawn(randoms, _random_states()):
                raise ForwardSideEffects()
            tensors_after = _stored_tensors(self.module)
            self._note_volatile(tensors_before, tensors_after)
            changed = [name for (name, a), (_, b) in zip(tensors_before, tensors_after) if a != b]
            if changed and not getattr(self, "_stored_warned", False):
                # (Reading them inside the forward is fine: the graph does.)
                self._stored_warned = True
                # (The trace's own values are put back after it: the compiled
                # steps run no Python, so the attributes keep what they held
                # before the first step; the warning said "the traced call's
                # values", a tester found None.)
                warnings.warn("remat_torch: module '%s' stores tensors on itself in its forward; "
                              "under PyTorch 1.13 the compiled steps do not set them (they keep "
                              "what they held before the first step: read them inside the "
                              "forward, or return them)"
                              % (changed[0] or type(self.module).__name__), RuntimeWarning,
                              stacklevel=4)
        finally:
            for m, name, b in saved:
                m._buffers[name] = b
            for m, state in attributes:
                for k in [k for k in vars(m) if k not in state]:
                    delattr(m, k)
                vars(m).update(state)
            _set_random_states(randoms)

    def _warn_hooks(self):
        """1.13 runs module hooks while it traces the step, not at each
        step: what they compute is in the graph, what they do besides
        (logging, collecting activations) happens only then. Said once;
        spectral and weight norm's own pre-hooks only compute."""
        if getattr(self, "_hooks_warned", False):
            return
        for name, m in self.module.named_modules():
            hooks = list(m._forward_hooks.values()) + list(m._backward_hooks.values()) + \
                _user_pre_hooks(m)
            if hooks:
                self._hooks_warned = True
                warnings.warn("remat_torch: module '%s' has hooks; under PyTorch 1.13 they run "
                              "while the step is traced, not at every step (what they compute is "
                              "part of the graph, their side effects happen only then)"
                              % (name or type(m).__name__), RuntimeWarning, stacklevel=3)
                return

    def _counted(self, key, out):
        """`out`, after counting the step's batches in each batch norm as
        its forward would have (1.13's compiled step leaves the count)."""
        with torch.no_grad():
            for bn, n in self._batches.get(key, {}).items():
                bn.num_batches_tracked.add_(n)
        return _no_double_backward(out)

    def _warn_once(self, message, category, stacklevel=2):
        if message not in self._warned:
            self._warned.add(message)
            warnings.warn(message, category, stacklevel=stacklevel + 1)

    def _eager(self, *args, **kwargs):
        """The module run eagerly; on 1.13 the tensor attributes its
        forward sets are noted, so that they stay out of the signature."""
        if _TORCH2:
            return self.module(*args, **kwargs)
        before = _stored_tensors(self.module)
        try:
            return self.module(*args, **kwargs)
        finally:
            self._note_volatile(before, _stored_tensors(self.module))

    def _note_volatile(self, before, after):
        for (name, a), (_, b) in zip(before, after):
            if a != b:
                a, b = dict(a), dict(b)
                self._volatile.update((name, k) for k in set(a) | set(b) if a.get(k) != b.get(k))

    def forward(self, *args, **kwargs):
        if not torch.is_grad_enabled() or not any(p.requires_grad for p in self.module.parameters()):
            return self.module(*args, **kwargs)  # nothing to save for a backward
        if not _TORCH2:
            holder = _object_with_tensors((args, kwargs))
            if holder:
                if not getattr(self, "_holder_warned", False):
                    self._holder_warned = True
                    warnings.warn("remat_torch: an argument of type %s holds tensors, which "
                                  "PyTorch 1.13's AOTAutograd would bake into the graph as "
                                  "constants (every later batch would see the first); it runs "
                                  "eagerly (pass the tensors themselves, or a tuple, list, dict "
                                  "or namedtuple of them)" % holder, RuntimeWarning, stacklevel=2)
                return self.module(*args, **kwargs)
        if not _TORCH2:
            sparse = next((t.layout for t in _tensors((args, kwargs))
                           if t.layout != torch.strided), None)
            if sparse is not None:
                # (AOTAutograd failed on it: "Cannot access storage of
                # SparseTensorImpl", which said nothing of the cause)
                self._warn_once("remat_torch: an argument is a %s tensor, which PyTorch 1.13's "
                                "AOTAutograd cannot trace; this step runs eagerly (pass it dense, "
                                "or use PyTorch 2.x)" % str(sparse).replace("torch.", ""),
                                RuntimeWarning, stacklevel=2)
                return self.module(*args, **kwargs)
        given = (args, kwargs)  # (what eager steps run on)
        key = _signature(args, kwargs, self.module, self._volatile)
        if not _TORCH2:
            # 1.13's graphs bake each argument's storage offset into their
            # views, so batches taken from one preloaded tensor (data[i])
            # were a new graph at every step, decided again, until the
            # 64-graph cap ran them eagerly. Where a signature comes with a
            # second set of offsets, its arguments go to the graph as copies
            # at offset 0 (same strides; autograd flows back): one more
            # graph at most. (Always copying held the copy of a saved input,
            # tgt[:, 1:], beside the user's tensor, for nothing.)
            offsets = [t.storage_offset() for t in _tensors((args, kwargs))]
            if any(offsets):
                normal = (_at_offset_zero(args), _at_offset_zero(kwargs))
                shared = _signature(normal[0], normal[1], self.module, self._volatile)
                seen = self._offsets.setdefault(shared, set())
                seen.add(tuple(offsets))
                if len(seen) > 1:
                    (args, kwargs), key = normal, shared
        if key in self._failed:
            return self._eager(*given[0], **given[1])
        fn = self._graphs.get(key)
        first = fn is None
        if first and len(self._graphs) >= _MAX_GRAPHS:
            # A step that changes at every call (a sequence length per
            # batch, a counter attribute) would compile forever.
            self._failed.add(key)
            warnings.warn("remat_torch: %d graphs compiled for this module (one per input "
                          "shapes, parameter and module state); this step and later new ones "
                          "run eagerly" % _MAX_GRAPHS, RuntimeWarning, stacklevel=2)
            return self.module(*given[0], **given[1])
        if first:
            fn = self._graphs[key] = self._compile()
        # (the stats of graphs decided for a step that then runs eagerly go)
        decided = len(getattr(self.partition_fn, "stats", ()))
        try:
            if _TORCH2:
                calls = self._backend_calls
                with _dynamo_patches(self.module):
                    out = fn(*args, **kwargs)
                if first and self._backend_calls == calls:
                    # Dynamo ran the whole forward itself (a frame it skips:
                    # torch.autograd.grad inside, a branch on a random draw):
                    # nothing reached remat, and nothing said so.
                    self._warn_once("remat_torch: torch.compile found no graph to compile in "
                                    "this step (dynamo ran the forward as Python: a graph break "
                                    "such as torch.autograd.grad or a branch on a tensor's value "
                                    "in the forward); it runs eagerly, remat decides nothing",
                                    RuntimeWarning, stacklevel=2)
                elif self._backend_calls > _MAX_GRAPHS >= calls:
                    # Dynamo recompiles when a value its guards read changes
                    # (np.random in the forward): a graph per step, each
                    # decided again, past RematModule's own signature cap.
                    self._warn_once("remat_torch: torch.compile compiled %d graphs for this "
                                    "module (dynamo compiles again when a value it reads in "
                                    "the forward changes, such as a Python or NumPy random "
                                    "draw or a step counter); later steps keep compiling, each "
                                    "decided by remat" % self._backend_calls,
                                    RuntimeWarning, stacklevel=2)
                return out
            # F.one_hot's kernel reads values to check them, `p.data` is
            # not traced, 1.13's functional_call leaves module.parameters()
            # alone, torch.utils.checkpoint cannot be traced (its calls run
            # directly, their nodes tagged for the partition to recompute):
            # each traced in a form that follows it
            # (capture.py). PyTorch's own argument checks read values there
            # as in the importer.
            if first:  # (the trace; later steps run the compiled graphs as they are)
                self._warn_hooks()
                backward_calls = []
                with TraceHelpers(data_writes="refuse"), stateless_as_2x(), \
                        checkpoint_as_call(no_grad_calls=True), aot_reads_library_checks(), \
                        _counting_batches(self.module) as batches, \
                        _noting_backward_calls(backward_calls, self.module):
                    self._trace_on_copies(fn, args, kwargs)
                if backward_calls:
                    for p, grad in backward_calls:  # (what the trace accumulated)
                        p.grad = grad
                    raise BackwardInBackward()
                self._batches[key] = batches
                if self._guarding.guarded:
                    self._guarded.add(key)
            if key not in self._guarded:
                return self._counted(key, fn(*args, **kwargs))
            devices = sorted({t.device.index or 0 for t in list(self.module.parameters()) +
                              [a for a in args if isinstance(a, torch.Tensor)] if t.is_cuda})
            state = (torch.get_rng_state(), [torch.cuda.get_rng_state(d) for d in devices])
            try:
                return self._counted(key, fn(*args, **kwargs))
            except SizesChanged as e:
                # Raised in the forward before anything was saved: the step
                # runs eagerly from the same random state, and so does every
                # later step of this signature.
                torch.set_rng_state(state[0])
                for d, s in zip(devices, state[1]):
                    torch.cuda.set_rng_state(s, d)
                self._failed.add(key)
                del self._graphs[key]
                warnings.warn("remat_torch: a size that depends on values changed between "
                              "steps (%s); this step and the later ones with these input shapes "
                              "run eagerly" % e, RuntimeWarning, stacklevel=2)
                return self.module(*given[0], **given[1])
        except Exception as e:  # tracing failed: train eagerly, say so once
            if fn is not self._graphs.get(key) or key in self._failed:
                raise
            self._failed.add(key)
            del self._graphs[key]
            if isinstance(getattr(self.partition_fn, "stats", None), list):
                del self.partition_fn.stats[decided:]
            if isinstance(e, ForwardSideEffects):
                self._warn_once("remat_torch: this step's forward changes the module's plain "
                                "attributes (a step counter) or draws from Python's or NumPy's "
                                "random generator, which PyTorch 1.13's compiled graph would not "
                                "replay; it runs eagerly", RuntimeWarning, stacklevel=2)
            elif isinstance(e, BackwardInBackward):
                self._warn_once("remat_torch: this step's backward calls torch.autograd.backward "
                                "itself (an autograd.Function recomputing a block: reversible "
                                "layers), whose gradients PyTorch 1.13's traced graph would drop; "
                                "it runs eagerly (PyTorch 2.x compiles it)",
                                RuntimeWarning, stacklevel=2)
            elif isinstance(e, InputWritten):
                self._warn_once("remat_torch: this step's forward writes into one of its tensor "
                                "arguments in place, which PyTorch 1.13's compiled graph would "
                                "not do; it runs eagerly", RuntimeWarning, stacklevel=2)
            elif isinstance(e, EagerStep):
                self._warn_once("remat_torch: this step writes into a slice in place and reads "
                                "it through another view, which PyTorch 1.13's AOTAutograd "
                                "differentiates wrongly (as_strided over another tensor's storage); "
                                "it runs eagerly", RuntimeWarning, stacklevel=2)
            else:
                site = _user_site(e.__traceback__)
                self._warn_once("remat_torch: AOTAutograd could not trace this step (%s: %s%s); "
                                "it runs eagerly" % (type(e).__name__, str(e).split("\n")[0],
                                                     ", at " + site if site else ""),
                                RuntimeWarning, stacklevel=2)
            return self._eager(*given[0], **given[1])


@contextlib.contextmanager
def _counting_batches(module):
    """Counts, while the step is traced, the batches each batch norm of
    `module` adds to its num_batches_tracked (one per call in training with
    running statistics, as _BatchNorm.forward does): 1.13's AOTAutograd
    drops that in-place write from the compiled step (the running mean and
    variance are carried). AOTAutograd runs the forward more than once
    while tracing: the counts are those of its first run. Yields {module:
    count}."""
    counts, runs = {}, []

    def start(_module, _inputs):
        runs.append(None)

    def hook(bn, _inputs):
        if len(runs) == 1 and bn.training and bn.track_running_stats and \
                bn.num_batches_tracked is not None:
            counts[bn] = counts.get(bn, 0) + 1
    handles = [module.register_forward_pre_hook(start)]
    handles += [m.register_forward_pre_hook(hook) for m in module.modules()
                if isinstance(m, nn.modules.batchnorm._BatchNorm)]
    try:
        yield counts
    finally:
        for h in handles:
            h.remove()


def _dynamo_patches(module):
    """Dynamo's defaults on 2.x break the graph at nn.LSTM, GRU and RNN
    (allow_rnn=False: 2.15): the recurrence then runs eagerly, outside the
    partition, holding what autograd saves there. Traced whole instead, as
    1.13's AOTAutograd traces it, except where a stacked one has dropout
    between its layers in training: dynamo's trace of it drops the dropout
    (2.15; found with nn.GRU(num_layers=2, dropout=0.2): outputs were eval
    mode's), so that one keeps the graph break."""
    try:
        import torch._dynamo.config as config
    except ImportError:
        return contextlib.nullcontext()
    patches = {}
    if hasattr(config, "allow_rnn") and not any(
            isinstance(m, torch.nn.RNNBase) and m.training and m.dropout > 0 and m.num_layers > 1
            for m in module.modules()):
        patches["allow_rnn"] = True
    # Each signature is its own torch.compile of the one forward, whose
    # code object dynamo limits to 8 graphs (2.15: recompile_limit), shared
    # by every instance of the module's class: past it every new shape ran
    # eagerly, with only dynamo's log to say so. RematModule has its own
    # limit (_MAX_GRAPHS), which warns.
    for name, least in (("recompile_limit", 4 * _MAX_GRAPHS), ("cache_size_limit", 4 * _MAX_GRAPHS),
                        ("accumulated_recompile_limit", 16 * _MAX_GRAPHS),
                        ("accumulated_cache_size_limit", 16 * _MAX_GRAPHS)):
        value = getattr(config, name, None)
        if isinstance(value, int) and value < least:
            patches[name] = least
    return config.patch(**patches) if patches else contextlib.nullcontext()


def _inductor_partition_hook():
    try:
        from torch._inductor import config
        from torch._inductor.custom_graph_pass import CustomPartitionerFn  # noqa: F401
    except Exception:  # noqa: BLE001 - 1.13, or a 2.x before the hook
        return False
    return hasattr(config, "custom_partitioner_fn")


class _InductorPartitioner:
    """Adapts a partition function to Inductor's CustomPartitionerFn."""

    @staticmethod
    def make(partition_fn, key):
        cls = globals().get("RematInductorPartitioner")
        if cls is None:
            from torch._inductor.custom_graph_pass import CustomPartitionerFn

            class RematInductorPartitioner(CustomPartitionerFn):
                def __init__(self, fn, key):
                    self.fn, self.key = fn, key

                def __call__(self, gm, joint_inputs, **kwargs):
                    return self.fn(gm, joint_inputs, **kwargs)

                def uuid(self):
                    return self.key

                def __getstate__(self):  # Inductor's cache keys pickle the config
                    return {"key": self.key}

            # Module level, so that pickle finds the class by name.
            RematInductorPartitioner.__qualname__ = "RematInductorPartitioner"
            cls = globals()["RematInductorPartitioner"] = RematInductorPartitioner
        return cls(partition_fn, key)


def _decision_key(policy, budget, remat_opt, options):
    """What remat's decision on a joint graph depends on beyond the graph:
    the policy and options, this package's sources and remat-opt. Inductor's
    caches (AOTAutograd's and the FX graph cache, on disk) key compiled
    graphs by it, so a change of any of them decides again."""
    import hashlib
    import os
    from .partition import find_remat_opt
    h = hashlib.sha256(repr((policy, budget, sorted(options.items()))).encode())
    here = os.path.dirname(os.path.abspath(__file__))
    for root, _dirs, files in sorted(os.walk(here)):
        for f in sorted(files):
            if f.endswith(".py"):
                with open(os.path.join(root, f), "rb") as fh:
                    h.update(fh.read())
    exe = find_remat_opt(remat_opt)
    if exe and os.path.exists(exe):
        st = os.stat(exe)
        h.update(repr((os.path.realpath(exe), st.st_size, st.st_mtime_ns)).encode())
    return "remat-" + h.hexdigest()


def _refuse_double_backward(grad_inputs, grad_outputs):
    """A hook on the compiled step's backward node: grad mode is on in a
    backward only with create_graph=True. 1.13's compiled backward is not
    differentiable, and a gradient penalty taken through it (WGAN-GP's
    autograd.grad(..., create_graph=True) on a compiled critic) got wrong
    parameter gradients without an error."""
    if torch.is_grad_enabled():
        raise RuntimeError(
            "remat_torch.compile: a double backward (create_graph=True) through a step "
            "compiled by PyTorch 1.13's AOTAutograd is not supported (its gradients would be "
            "wrong); call the module eagerly for that pass (the RematModule's .module)")


def _no_double_backward(out):
    """`out`, its backward nodes refusing create_graph=True (1.13)."""
    nodes = {}

    def visit(v):
        if isinstance(v, torch.Tensor):
            if v.grad_fn is not None:
                nodes.setdefault(id(v.grad_fn), v.grad_fn)
        elif isinstance(v, (list, tuple)):
            for x in v:
                visit(x)
        elif isinstance(v, dict):
            for x in v.values():
                visit(x)
    visit(out)
    for node in nodes.values():
        node.register_hook(_refuse_double_backward)
    return out


def _rebuild(module, arguments):
    return RematModule(module, **arguments)


def _strip_wrapper_prefix(module, state_dict, prefix, local_metadata):
    inner = prefix + "module."
    for key in [k for k in state_dict if k.startswith(inner)]:
        state_dict[prefix + key[len(inner):]] = state_dict.pop(key)


def _add_wrapper_prefix(state_dict, prefix, local_metadata, strict, missing_keys,
                        unexpected_keys, error_msgs):
    inner = prefix + "module."
    for key in [k for k in state_dict if k.startswith(prefix) and not k.startswith(inner)]:
        state_dict[inner + key[len(prefix):]] = state_dict.pop(key)


def compile(module, policy="peak", budget=None, remat_opt=None, compiler="none", **options):
    """An nn.Module that shares `module`'s parameters and trains like it,
    with remat's rematerialization decisions (see remat_torch.partition for
    policy, budget and options). compiler: "none" runs both graphs with
    PyTorch's kernels (AOTAutograd, no compiler); "inductor" (PyTorch 2.x)
    compiles them with torch.compile's Inductor, remat deciding what the
    forward saves through Inductor's custom_partitioner_fn."""
    return RematModule(module, policy=policy, budget=budget, remat_opt=remat_opt,
                       compiler=compiler, **options)


def held_bytes(outputs, exclude=()):
    """Bytes of the distinct storages autograd holds for the backward of
    `outputs`: the saved tensors of every node of the autograd graph
    (`_saved_*` attributes of built-in nodes, `saved_tensors` of custom
    Function nodes such as AOTAutograd's), less the storages of `exclude`
    (parameters, inputs). Call before backward(). Reading a saved tensor
    runs its unpack hook: eager's non-reentrant torch.utils.checkpoint
    then counts as uncheckpointed, and selective checkpointing (context_fn)
    fails in the backward that follows; measure eager checkpointing with
    use_reentrant=True."""
    def key(t):
        if t.layout != torch.strided:
            # A sparse tensor has no storage of its own (raised: a tester's
            # GCN adjacency): its values' and indices' bytes, by identity.
            parts = (t._values(), t._indices()) if t.layout == torch.sparse_coo else ()
            return ("sparse", id(t)), sum(p.numel() * p.element_size() for p in parts)
        try:
            s = t.untyped_storage()
        except AttributeError:
            s = t.storage()
        return s.data_ptr(), s.nbytes() if hasattr(s, "nbytes") else s.size() * t.element_size()

    excluded = set()
    for t in exclude:
        if isinstance(t, torch.Tensor):
            excluded.add(key(t)[0])
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    stack = [o.grad_fn for o in outputs if isinstance(o, torch.Tensor)]
    seen_fns, storages = set(), {}

    def collect(v):
        if isinstance(v, torch.Tensor):
            ptr, nbytes = key(v)
            if ptr not in excluded and ptr != 0:
                storages[ptr] = max(storages.get(ptr, 0), nbytes)
        elif isinstance(v, (list, tuple)):
            for x in v:
                collect(x)

    while stack:
        fn = stack.pop()
        if fn is None or fn in seen_fns:
            continue
        seen_fns.add(fn)
        for name in dir(fn):
            if name.startswith("_saved_"):
                try:
                    collect(getattr(fn, name))
                except RuntimeError:  # freed already
                    pass
        if hasattr(fn, "saved_tensors"):
            try:
                collect(fn.saved_tensors)
            except RuntimeError:
                pass
        stack.extend(f for f, _ in fn.next_functions)
    return sum(storages.values())
