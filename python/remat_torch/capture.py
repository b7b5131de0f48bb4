"""Capture of a module's joint forward+backward graph and its import.

The joint graph is traced with make_fx (the tracer behind AOTAutograd) of a
function that runs the module functionally (parameters and buffers as
inputs) and calls torch.autograd.grad with the output cotangents as inputs:
exactly what functorch.compile.aot_module traces before partitioning. The
aten graph is then lowered op by op (the lower package) to one func.func.
"""

import contextlib
import logging
import math
import functools
import copy
import operator
import os
import re
import sys
import time
import warnings
import weakref

import torch
import torch._decomp
import torch.fx
from torch.fx.experimental.proxy_tensor import disable_proxy_modes_tracing, make_fx
from torch.overrides import TorchFunctionMode
from torch.utils._mode_utils import no_dispatch

from . import lower
from .mlir import U8, Function, ImporterError, Tensor, fmt_const, ttype

_TORCH2 = int(torch.__version__.split(".")[0]) >= 2

try:  # PyTorch 2.x
    from torch.func import functional_call
except ImportError:  # PyTorch 1.13
    functional_call = None



def _warn_value_sized_repeats(gm, first_input, num_inputs):
    """repeat_interleave by a tensor computed from the step's inputs (a
    length regulator's durations): the output's size, the sum of the
    repeats, is this trace's, fixed in the graph. Said once, at import."""
    placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    # What the inputs reach, in graph order (operands come first): no
    # recursion, which a deep graph would exhaust.
    reach = set(placeholders[first_input:first_input + num_inputs])
    for n in gm.graph.nodes:
        if any(a in reach for a in n.all_input_nodes):
            reach.add(n)
    for n in gm.graph.nodes:
        if n.op == "call_function" and _packet(n.target)[0] == "repeat_interleave" and \
                n.args and isinstance(n.args[0], torch.fx.Node) and n.args[0] in reach:
            size = n.meta.get("val")
            size = (" (%d in this trace)" % size.shape[0]) if isinstance(size, torch.Tensor) and \
                size.dim() == 1 else ""
            warnings.warn("remat_torch: repeat_interleave by repeats computed from the inputs: "
                          "the output's size, the sum of the repeats%s, is fixed in the graph; "
                          "inputs whose repeats sum to another total run a different "
                          "computation than PyTorch would" % size, RuntimeWarning, stacklevel=3)
            return


@contextlib.contextmanager
def _quiet_fake_tensor_log():
    """PyTorch 2.x logs a whole traceback (fake_tensor.py: "failed while
    attempting to run meta for aten.mm") before raising a model's own error
    under fake tensors; that error is reported on one line instead."""
    log = logging.getLogger("torch._subclasses.fake_tensor")
    level = log.level
    log.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        log.setLevel(level)

def _call_with(model, tensors, args, kwargs=None):
    """model(*args) with its parameters and buffers replaced by `tensors`
    (by full name; every name of a tied tensor gets its replacement) in the
    modules' own dicts, so that module.parameters() yields them too, as
    torch.func.functional_call does on 2.x. 1.13's functional_call swaps
    attribute access only: a forward that walks .parameters() (MoCo's
    momentum update over zip(q.parameters(), k.parameters())) would write
    the model's real parameters, and the trace would read stale ones."""
    if functional_call is not None:
        return functional_call(model, tensors, args, kwargs)
    by_id = {}
    for name, t in list(model.named_parameters()) + list(model.named_buffers()):
        if name in tensors:
            by_id[id(t)] = tensors[name]
    saved = []
    swapped = {}  # (id(dict), name) -> (dict, name, full name, the tensor swapped in, a parameter)
    try:
        for mname, m in model.named_modules(remove_duplicate=False):
            for d in (m._parameters, m._buffers):
                for k, v in list(d.items()):
                    full = mname + "." + k if mname else k
                    new = tensors.get(full, by_id.get(id(v)) if v is not None else None)
                    if new is not None:
                        saved.append((d, k, v))
                        d[k] = new
                        swapped[(id(d), k)] = (d, k, full, new, d is m._parameters)
                        _STATE_IDS.add(id(new))
        out = model(*args, **(kwargs or {}))
        _assigned_state(swapped)
        return out
    finally:
        for d, k, v in reversed(saved):
            d[k] = v
        _STATE_IDS.clear()


_STATE_IDS = set()  # the parameters and buffers _call_with swapped in
_BATCHNORM = os.path.join("nn", "modules", "batchnorm.py")


def _assigned_state(swapped):
    """A forward that assigns a buffer anew (DINO's update_center:
    `self.center = self.center * m + batch_center * (1 - m)`) leaves the
    new tensor in the module's dict, where the restore after the call would
    drop it (the step's new buffer silently lost): it is written into the
    buffer swapped in, as `buf.copy_(new)` under no_grad (traced as the
    buffer's new value; refused as any in-place write where those are,
    TraceHelpers(data_writes="refuse")). A parameter assigned anew, or a
    buffer of another shape or dtype, is an error."""
    for d, k, full, new, param in swapped.values():
        cur = d.get(k)
        if cur is new:
            continue
        if param:
            raise ImporterError("the forward assigns parameter '%s' anew (module.%s = ...), which "
                                "a traced step cannot carry; write into it in place instead" % (full, k))
        if not isinstance(cur, torch.Tensor) or tuple(cur.shape) != tuple(new.shape) or \
                cur.dtype != new.dtype:
            got = "%s %s" % (tuple(cur.shape), cur.dtype) if isinstance(cur, torch.Tensor) else repr(cur)
            raise ImporterError("the forward assigns buffer '%s' anew with %s, not a tensor of its "
                                "shape %s and dtype %s, which a traced step cannot carry" % (
                                    full, got, tuple(new.shape), new.dtype))
        try:
            with torch.no_grad():
                new.copy_(cur)
        except ImporterError as e:  # refused (remat_torch.compile on 1.13)
            raise ImporterError("the forward assigns buffer '%s' anew (module.%s = ...): %s" % (
                full, k, e)) from None


# The checkpoint region being traced: (its number, regions started). The
# FX nodes made inside one carry `meta["remat_checkpoint"]` = its number
# (nested calls belong to the outermost), which the training partition
# turns into `remat.policy = "recompute"`, as PyTorch 2.x's dynamo tags
# them for its partitioner (`meta["recompute"]`, `meta["ac_graph_id"]`).
# Process-wide, as the patches of checkpoint_as_call are: one trace at a
# time (tracing is not thread-safe in PyTorch either).
_checkpoint_region = [None, 0]


@contextlib.contextmanager
def _checkpoint_call():
    """A checkpointed call's region, around the call (the outermost one)."""
    outermost = _checkpoint_region[0] is None
    if outermost:
        _checkpoint_region[1] += 1
        _checkpoint_region[0] = _checkpoint_region[1]
    try:
        yield
    finally:
        if outermost:
            _checkpoint_region[0] = None


def _in_checkpoint(function, *args, **kwargs):
    with _checkpoint_call():
        return function(*args, **kwargs)


# Whether a reentrant call whose inputs need no gradient runs without one,
# as in eager (remat_torch.compile's trace, whose inputs need a gradient
# where the user's do; the importer's need none).
_no_grad_calls = [False]


class _CallDirectly:
    """torch.utils.checkpoint's reentrant Function, replaced: run it."""
    @staticmethod
    def apply(function, preserve_rng_state, *args):
        if _no_grad_calls[0] and torch.is_grad_enabled() and not any(
                isinstance(a, torch.Tensor) and a.requires_grad for a in args):
            # The reentrant form gives no gradient to anything inside when
            # no input needs one (checkpoint() has warned "None of the
            # inputs have requires_grad=True"): neither does the trace. (No
            # region: without gradient nothing inside is saved.)
            with torch.no_grad():
                return function(*args)
        return _in_checkpoint(function, *args)


@contextlib.contextmanager
def checkpoint_as_call(no_grad_calls=False):
    """torch.utils.checkpoint.checkpoint (and checkpoint_sequential, and
    HF's gradient_checkpointing) runs its function directly while tracing:
    the values and gradients are the same, and the reentrant form cannot
    be traced at all (it refuses torch.autograd.grad). The nodes traced
    inside a call are tagged (meta["remat_checkpoint"]) for the training
    partition. `no_grad_calls`: a reentrant call whose inputs need no
    gradient runs without one (for a trace whose inputs need a gradient
    where the user's do)."""
    import torch.utils.checkpoint as cp

    def no_frame(*args, **kwargs):
        # The non-reentrant form's context (2.x): checkpoint() advances it
        # once before and once after calling the function itself. (Only
        # the importer traces 2.x's checkpoint here, and it reads no tags:
        # no region, which a call that raised would leave open.)
        yield

    # Whichever this PyTorch has: 1.13 calls _checkpoint_without_reentrant,
    # 2.x a generator around its own call of the function (renamed
    # ..._generator_impl in 2.15).
    replace = {"CheckpointFunction": _CallDirectly,
               "_checkpoint_without_reentrant": lambda function, preserve_rng_state=True, *args,
               **kwargs: _in_checkpoint(function, *args, **kwargs),
               "_checkpoint_without_reentrant_generator": no_frame,
               "_checkpoint_without_reentrant_generator_impl": no_frame}
    keep = {name: getattr(cp, name) for name in replace if hasattr(cp, name)}
    for name in keep:
        setattr(cp, name, replace[name])
    create_node = torch.fx.Graph.create_node

    def tagged(self, *args, **kwargs):
        n = create_node(self, *args, **kwargs)
        if _checkpoint_region[0] is not None:
            n.meta["remat_checkpoint"] = _checkpoint_region[0]
        return n
    run_node = torch.fx.Interpreter.run_node

    def run_node_in_region(self, n):
        # 1.13's AOTAutograd traces its joint graph a second time, through
        # an Interpreter, to functionalize it: the nodes that trace makes
        # belong to the region of the node they come from.
        region = n.meta.get("remat_checkpoint")
        if region is None or _checkpoint_region[0] is not None:
            return run_node(self, n)
        _checkpoint_region[0] = region
        try:
            return run_node(self, n)
        finally:
            _checkpoint_region[0] = None
    torch.fx.Graph.create_node = tagged
    torch.fx.Interpreter.run_node = run_node_in_region
    no_grad_before, _no_grad_calls[0] = _no_grad_calls[0], no_grad_calls
    region_before = _checkpoint_region[0]
    try:
        yield
    finally:
        torch.fx.Graph.create_node = create_node
        torch.fx.Interpreter.run_node = run_node
        _checkpoint_region[0] = region_before
        _no_grad_calls[0] = no_grad_before
        for name, value in keep.items():
            setattr(cp, name, value)


@contextlib.contextmanager
def _onednn_off():
    """oneDNN disabled (torch.backends.mkldnn.flags warns about TF32 on
    2.15; the switch itself does not)."""
    was = torch._C._get_mkldnn_enabled()
    torch._C._set_mkldnn_enabled(False)
    try:
        yield
    finally:
        torch._C._set_mkldnn_enabled(was)


@contextlib.contextmanager
def causal_hint_unread():
    """nn.TransformerEncoder and Decoder (2.x) read a mask's values to see
    whether it is causal (_detect_is_causal_mask), only to pass is_causal as
    a hint with the mask: while tracing, the hint is what the caller gave
    (False when not given), the mask is applied as given, and no value is
    read."""
    import torch.nn.modules.transformer as tr
    keep = getattr(tr, "_detect_is_causal_mask", None)
    if keep is None:
        yield
        return
    tr._detect_is_causal_mask = lambda mask, is_causal=None, size=None: bool(is_causal)
    try:
        yield
    finally:
        tr._detect_is_causal_mask = keep


@contextlib.contextmanager
def stateless_as_2x():
    """1.13's AOTAutograd (aot_module) calls torch.nn.utils.stateless's
    functional_call: within this, it calls _call_with instead, which also
    swaps what module.parameters() yields."""
    from torch.nn.utils import stateless
    keep = stateless.functional_call
    stateless.functional_call = _call_with
    try:
        yield
    finally:
        stateless.functional_call = keep

ELEM = {torch.float32: "f32", torch.float16: "f16", torch.bfloat16: "bf16",
        torch.float64: "f64", torch.int64: "i64", torch.int32: "i32", torch.int16: "i16",
        torch.int8: "i8", torch.uint8: U8, torch.bool: "i1"}

DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
          "f64": torch.float64}

# Keyword arguments that only describe placement or layout: a value-semantics
# graph on one device has no use for them (dtypes come from the traced values).
IGNORED_KWARGS = {"layout", "device", "pin_memory", "memory_format", "non_blocking", "dtype",
                  "generator"}


def elem_of(dtype):
    if dtype not in ELEM:
        raise ImporterError("unsupported dtype %s" % dtype)
    return ELEM[dtype]


# In-place ops that change only how a tensor is viewed, not its data.
METADATA_INPLACE = {"transpose", "t", "squeeze", "unsqueeze", "swapdims", "swapaxes"}

class ImportedGraph:
    """The result of an import: MLIR text plus what its arguments are."""

    def __init__(self, mlir, args, results):
        self.mlir = mlir
        # args: (name, kind, value or None); kind: param, frozen (requires_grad=False),
        # buffer, input, cotangent, random, seed
        self.args = args
        self.results = results      # (name, kind): output, grad, buffer
        self.seeded = None          # indices of the outputs the backward is seeded from
        self.note = None            # how the backward is seeded, in words
        self.aten_ops = set()       # the aten ops of the traced step (in-place ones without '_')

    def write_inputs(self, directory):
        """argN.npy for `remat-run --inputs=DIR`, in argument order."""
        import os
        os.makedirs(directory, exist_ok=True)
        for i, (name, kind, value) in enumerate(self.args):
            if not has_values(value):
                raise ImporterError("argument %s has no value (imported with fake tensors)" % name)
            save_npy(os.path.join(directory, "arg%d.npy" % i), value)


def save_npy(path, t):
    import numpy as np
    t = t.detach().cpu()
    if t.dtype.is_complex:  # as the graph takes it: view_as_real
        t = torch.view_as_real(t.resolve_conj())
    if t.dtype == torch.bfloat16:
        # NumPy has no bf16: widened to f32 (exact); remat-run rounds it back.
        t = t.float()
    np.save(path, t.contiguous().numpy())


@contextlib.contextmanager
def _module_paths(model):
    """Tags every FX node with the path of the module it belongs to.

    Forward: the module running when the node is created (module hooks).
    Backward: the module whose forward created the autograd node being run.
    Each module's forward post-hook tags the autograd nodes created inside
    it (walking back from its outputs to its inputs); a post-hook on each
    such autograd node then claims the FX nodes created since the previous
    autograd node finished (the CPU engine runs them one at a time)."""
    names = {id(m): n for n, m in model.named_modules()}
    stack = []
    entry_fns = []
    tagged = {}
    pending = []

    def grad_fns(values):
        out = []
        for v in values if isinstance(values, (list, tuple)) else [values]:
            if isinstance(v, torch.Tensor) and v.grad_fn is not None:
                out.append(v.grad_fn)
            elif isinstance(v, (list, tuple)):
                out.extend(grad_fns(v))
        return out

    def pre(module, inputs):
        if id(module) in names:
            stack.append(names[id(module)])
            entry_fns.append(set(grad_fns(inputs)))

    def claim(path, fn_name):
        for node in pending:
            node.meta["remat_module"] = path
            node.meta["remat_grad_fn"] = fn_name
        pending.clear()

    def post(module, inputs, outputs):
        if id(module) not in names or not stack:
            return
        path = stack.pop()
        stop = entry_fns.pop()
        work = grad_fns(outputs)
        seen = set()
        while work:
            fn = work.pop()
            if fn is None or fn in stop or fn in seen:
                continue
            seen.add(fn)
            if fn not in tagged:  # else an inner module's: keep its path, walk on
                tagged[fn] = path
                fn.register_hook(lambda grad_inputs, grad_outputs, path=path, fn_name=fn.name():
                                 claim(path, fn_name))
            work.extend(next_fn for next_fn, _ in fn.next_functions)

    original = torch.fx.Graph.create_node

    def create_node(self, *args, **kwargs):
        node = original(self, *args, **kwargs)
        node.meta["remat_module"] = stack[-1] if stack else None
        node.meta["remat_phase"] = "forward" if stack else "backward"
        if stack:
            # The model's own line, for messages about this op (a refusal
            # named only the module: "aten.view in the top-level module").
            node.meta["remat_site"] = _frame_site(sys._getframe(1))
        else:
            pending.append(node)
        return node

    from torch.nn.modules import module as module_mod
    h1 = module_mod.register_module_forward_pre_hook(pre)
    h2 = module_mod.register_module_forward_hook(post)
    torch.fx.Graph.create_node = create_node
    try:
        yield
    finally:
        torch.fx.Graph.create_node = original
        h1.remove()
        h2.remove()


def _fake_mode():
    from torch._subclasses.fake_tensor import FakeTensorMode
    return FakeTensorMode()


def _fake_like(mode, t):
    """A fake CPU tensor of t's shape and dtype: no storage."""
    with mode:
        return torch.empty(tuple(t.shape), dtype=t.dtype)


def has_values(t):
    from torch._subclasses.fake_tensor import FakeTensor
    return t is not None and t.device.type != "meta" and not isinstance(t, FakeTensor)


def _tied_aliases(model):
    """{other name: name in named_parameters()} for tied parameters."""
    canonical = {id(p): n for n, p in model.named_parameters()}
    aliases = {}
    for mname, m in model.named_modules(remove_duplicate=False):
        for pname, p in m._parameters.items():
            full = mname + "." + pname if mname else pname
            if p is not None and id(p) in canonical and canonical[id(p)] != full:
                aliases[full] = canonical[id(p)]
    return aliases


@contextlib.contextmanager
def no_allocation():
    """Builds modules without allocating their weights: a meta default
    device where PyTorch has one (2.x), fake tensors otherwise (1.13)."""
    if hasattr(torch, "get_default_device") or hasattr(torch.device, "__enter__"):
        with torch.device("meta"):
            yield
        return
    from torch._subclasses.fake_tensor import FakeTensorMode
    with FakeTensorMode(allow_non_fake_inputs=True) if "allow_non_fake_inputs" in \
            FakeTensorMode.__init__.__code__.co_varnames else FakeTensorMode():
        yield


def _flatten_outputs(out):
    if isinstance(out, torch.Tensor):
        return [out]
    if isinstance(out, (list, tuple)):
        r = []
        for o in out:
            r.extend(_flatten_outputs(o))
        return r
    if isinstance(out, dict):
        r = []
        for k in out:
            r.extend(_flatten_outputs(out[k]))
        return r
    raise ImporterError("the model returned a %s; only tensors (or tuples, lists, dicts of "
                       "them) can be outputs" % type(out).__name__)


# A function name the importer writes bare: MLIR's bare-identifier syntax.
NAME_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_$.]*$")


def _clone_inputs(inputs):
    """Private copies of the example inputs: a model that writes into its
    inputs in place (`x.mul_(3)`) must see the values as given at every
    trace and replay, and the written inputs must be those values."""
    return tuple(x.detach().clone() if isinstance(x, torch.Tensor) else x for x in inputs)


def _failure_hint(e, fake, one_dict, half):
    """A hint for the error `e` the model's forward raised while importing."""
    text = str(e)
    if fake and "non-Fake Tensor" in text:
        return " (import without --fake: an op of this model does not run on fake tensors)"
    if fake and "Dynamic" in type(e).__name__:
        return " (with --fake, ops whose output shape depends on values cannot run)"
    if half and not fake and "not implemented for" in text:
        return " (try --fake: PyTorch may lack CPU kernels for this dtype)"
    if half and ("same dtype" in text or "expected scalar type" in text or
                 "expected both" in text or "found BFloat16" in text or "found Half" in text):
        return (" (the model mixes dtypes: --dtype casts its parameters, buffers and floating "
                "inputs, not the tensors its forward creates, e.g. with torch.arange or "
                "torch.zeros without dtype=: give them the parameters' dtype)")
    if one_dict:
        return (" (a dict of example inputs is one positional argument, model(batch); for "
                "keyword arguments, as Hugging Face models take, wrap the model in a module "
                "whose forward passes them by name)")
    return ""


# The pre-hooks of torch.nn.utils' weight and spectral norm: they compute
# the weight inside the graph at every call (and set it as an attribute).
_NORM_HOOKS = ("WeightNorm", "SpectralNorm")


def _norm_hooked(m):
    """The attributes weight and spectral norm's pre-hooks set on `m`."""
    return {getattr(h, "name", None) for h in m._forward_pre_hooks.values()
            if type(h).__name__ in _NORM_HOOKS}


def _user_pre_hooks(m):
    """`m`'s forward pre-hooks other than weight and spectral norm's."""
    return [h for h in m._forward_pre_hooks.values() if type(h).__name__ not in _NORM_HOOKS]


def _copy_model(model):
    """copy.deepcopy(model), also when a module holds tensors computed from
    its parameters (weight_norm's and spectral_norm's `weight`, recomputed
    by a pre-forward hook before every call): deepcopy refuses non-leaf
    tensors. They are copied detached; the hook recomputes them."""
    # Only the tensors those hooks set: another computed attribute would
    # lose its gradient path silently (deepcopy's refusal is kept for it).
    computed = [(m, k, vars(m)[k]) for m in model.modules() for k in _norm_hooked(m)
                if isinstance(vars(m).get(k), torch.Tensor) and
                not isinstance(vars(m)[k], torch.nn.Parameter) and vars(m)[k].grad_fn is not None]
    try:
        for m, k, v in computed:
            setattr(m, k, v.detach())
        return copy.deepcopy(model)
    finally:
        for m, k, v in computed:
            setattr(m, k, v)


def import_model(model, example_inputs, *, dtype=None, fake=False, seed=0, name="train_step",
                 tangents=None, locations=True, dropout="inputs", cotangents="auto", timings=None):
    """Imports `model(*example_inputs)` with its backward.

    dtype: None (as is) or "f32" / "bf16" / "f16" / "f64" for parameters and
    floating inputs. fake: trace on meta tensors (no weights allocated).
    tangents: cotangents of the seeded outputs (default ones), used as
    example values.
    dropout: "inputs" (random draws become arguments holding PyTorch's own
    draws) or "functional" (a counter-based generator in the graph, seeded by
    one i64 argument: recomputable, but not PyTorch's numbers).
    cotangents: "auto" (when exactly one output is a floating scalar, the
    loss, only it is seeded, as loss.backward() does; else every output) or
    "all" (every output gets a cotangent argument).
    timings: a dict that receives the seconds of each phase (probe, trace,
    values, lower).
    Parameters with requires_grad=False (frozen) are arguments without a
    gradient result. The example inputs are not modified, even by a model
    that writes into them.
    Returns an ImportedGraph.
    """
    if dropout not in ("inputs", "functional"):
        raise ImporterError("unknown dropout mode '%s' (expected inputs or functional)" % dropout)
    if cotangents not in ("auto", "all"):
        raise ImporterError("unknown cotangents mode '%s' (expected auto or all)" % cotangents)
    if not isinstance(name, str) or not NAME_RE.match(name):
        raise ImporterError("invalid function name %r: use letters, digits, '_', '$' and '.', "
                           "starting with a letter or '_'" % (name,))
    if not isinstance(model, torch.nn.Module):
        raise ImporterError("expected a torch.nn.Module, got %s" % type(model).__name__)
    if not isinstance(example_inputs, (list, tuple)):
        example_inputs = (example_inputs,)
    # Nested inputs (an LSTM's (h, c) state) are flattened: the graph takes
    # the tensors, in order; the model is called with the structure rebuilt.
    example_inputs, input_spec = torch.utils._pytree.tree_flatten(tuple(example_inputs))
    example_inputs = tuple(example_inputs)
    for i, x in enumerate(example_inputs):
        if not isinstance(x, torch.Tensor):
            raise ImporterError("example inputs must be tensors (or tuples, lists and dicts of "
                                "them), got %s" % type(x).__name__)
        if x.layout != torch.strided:
            # (it was imported as a dense argument, then saving it failed:
            # "can't convert Sparse layout tensor to numpy")
            raise ImporterError("example input %d is a %s tensor: remat imports dense tensors; "
                                "pass it dense (x.to_dense()), which torch.spmm and torch.sparse.mm "
                                "accept too" % (i, str(x.layout).replace("torch.", "")))
    if dtype is not None:
        if dtype not in DTYPES:
            raise ImporterError("unknown dtype '%s' (expected f32, bf16, f16 or f64)" % dtype)
        model = _copy_model(model) if not fake else model
        # As model.bfloat16() does, not model.to(torch.bfloat16): floating
        # tensors only (a complex buffer, LLaMA's freqs_cis, lost its
        # imaginary part and the step its meaning, silently).
        target = DTYPES[dtype]
        model = model._apply(lambda t: t.to(target) if t.is_floating_point() else t)
        example_inputs = tuple(x.to(DTYPES[dtype]) if x.is_floating_point() else x
                               for x in example_inputs)
    kw = dict(seed=seed, name=name, tangents=tangents, locations=locations, dropout=dropout,
              cotangents=cotangents, timings=timings, input_spec=input_spec)
    if not fake:
        # The fast path traces on fake copies (no arithmetic) and draws only
        # the random ops for real; a model it cannot trace that way (values
        # read during tracing, real tensors kept outside parameters and
        # buffers) is traced on its real tensors.
        try:
            return _capture(model, example_inputs, fake=False, fast=True, **kw)
        except _FastPathFailed:
            if timings is not None:
                timings.clear()
    return _capture(model, example_inputs, fake=fake, fast=False, **kw)


_TORCH_DIR = os.path.dirname(torch.__file__) + os.sep
# 1.13's AOTAutograd lives beside torch, in the functorch package.
_FUNCTORCH_DIR = os.path.join(os.path.dirname(os.path.dirname(torch.__file__)), "functorch") + os.sep
# Torch's own machinery between a Python read of a value and its caller.
# (2.15 wraps some functions in torch._disable_dynamo: _dynamo/eval_frame.py
# and _compile.py sit between them and their callers.)
_TORCH_PLUMBING = tuple(_TORCH_DIR + p for p in (
    "fx" + os.sep, "utils" + os.sep, "_ops.py", "overrides.py", "_tensor.py", "_decomp" + os.sep,
    "_dynamo" + os.sep, "_compile.py"))
# Library code whose reads of values are argument checks (raise if
# invalid) and never choose a shape: F.gaussian_nll_loss's var < 0,
# torch.distributions' validate_args.
_LIBRARY_CHECKS = (_TORCH_DIR + "nn" + os.sep + "functional.py", _TORCH_DIR + "distributions" + os.sep)


def _library_check(x):
    """aten._local_scalar_dense (.item(), bool()) while tracing on real
    tensors: read from an argument check in PyTorch's own library, the
    value is read and the check passes as it did for the example inputs
    (the traced graph has no branch either way); anywhere else, tracing
    fails as before (the model's own control flow on values cannot be
    traced)."""
    frame = sys._getframe(1)
    while frame is not None and (frame.f_code.co_filename.startswith(_TORCH_PLUMBING)
                                 or frame.f_code is TraceHelpers.__torch_function__.__code__):
        frame = frame.f_back
    if frame is None or not frame.f_code.co_filename.startswith(_LIBRARY_CHECKS):
        if frame is not None:
            # (the last read: earlier ones, a 0-d size made of Python ints,
            # were followed; the one that fails the trace is the latest, and
            # the first was named instead: a tester's Longformer _chunk)
            path = frame.f_code.co_filename
            if path.startswith(_TORCH_DIR):
                path = "torch/" + path[len(_TORCH_DIR):]
            _READ_SITE[:] = ["%s:%d, in %s" % (path, frame.f_lineno, frame.f_code.co_name)]
        return NotImplemented
    with disable_proxy_modes_tracing():
        return torch.ops.aten._local_scalar_dense.default(x)


_HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep

# Reads of a tensor's values into Python objects (1.13's traced step would
# keep the values it read: TraceHelpers refuses them there).
_VALUE_READS = {torch.Tensor.numpy, torch.Tensor.tolist, torch.Tensor.__array__}

_BITWISE_DUNDERS = {torch.Tensor.__or__, torch.Tensor.__and__, torch.Tensor.__xor__,
                    torch.Tensor.__ror__, torch.Tensor.__rand__, torch.Tensor.__rxor__}


_USER_FILES = {}


def _user_file(path):
    """`path` made absolute (imported through a path with "..") if it is
    the user's code: not PyTorch's, functorch's or remat_torch's, not
    "<...>"; else None. Memoized: asked for every traced node."""
    if path not in _USER_FILES:
        full = path if path.startswith("<") else os.path.abspath(path)
        _USER_FILES[path] = None if full.startswith(
            ("<", _TORCH_DIR, _FUNCTORCH_DIR, _HERE)) else full
    return _USER_FILES[path]


def _user_site(tb):
    """The innermost frame of traceback `tb` in the user's code (not
    PyTorch's, not remat_torch's) below remat_torch's own frames (the
    model's, not its caller's), as "file:line, in function"; None."""
    site, inside = None, False
    while tb is not None:
        path = tb.tb_frame.f_code.co_filename
        if not path.startswith("<") and os.path.abspath(path).startswith(_HERE):
            inside = True
        elif inside and _user_file(path):
            site = "%s:%d, in %s" % (_user_file(path), tb.tb_lineno, tb.tb_frame.f_code.co_name)
        tb = tb.tb_next
    return site


def _frame_site(frame):
    """The innermost frame from `frame` outwards in the user's code, as
    "file:line, in function"; None."""
    while frame is not None:
        path = _user_file(frame.f_code.co_filename)
        if path:
            return "%s:%d, in %s" % (path, frame.f_lineno, frame.f_code.co_name)
        frame = frame.f_back
    return None


def _caller_file():
    """The file of the code that called into torch (its plumbing skipped)."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename.startswith(_TORCH_PLUMBING):
        frame = frame.f_back
    return frame.f_code.co_filename if frame is not None else ""


TRACE_DECOMPOSITIONS = {torch.ops.aten._local_scalar_dense.default: _library_check}


def _masked_scatter_backward(grad, mask, sizes):
    """2.15's masked_scatter_backward as 1.13 traces it (PyTorch's own
    formula): the selected gradient, zero-filled to the source's size."""
    picked = grad.masked_select(mask)
    rest = math.prod(sizes) - picked.numel()
    if rest > 0:
        picked = torch.cat([picked, picked.new_zeros(rest)])
    return picked.view(sizes)


if hasattr(torch.ops.aten, "masked_scatter_backward"):
    TRACE_DECOMPOSITIONS[torch.ops.aten.masked_scatter_backward.default] = _masked_scatter_backward


def _addmv(self, mat, vec, *, beta=1, alpha=1):
    out = torch.mv(mat, vec) if alpha == 1 else alpha * torch.mv(mat, vec)
    # (beta=0 ignores self, NaN and inf included, as PyTorch does)
    return out if beta == 0 else (self if beta == 1 else beta * self) + out


def _addbmm(self, batch1, batch2, *, beta=1, alpha=1):
    out = torch.bmm(batch1, batch2).sum(0)
    out = out if alpha == 1 else alpha * out
    return out if beta == 0 else (self if beta == 1 else beta * self) + out


def _block_diag(tensors):
    blocks = [t.view(1, -1) if t.dim() < 2 else t for t in tensors]
    cols = sum(b.shape[1] for b in blocks)
    dtype = functools.reduce(torch.promote_types, [b.dtype for b in blocks])
    rows, left = [], 0
    for b in blocks:
        pieces = [b.new_zeros((b.shape[0], left), dtype=dtype), b.to(dtype),
                  b.new_zeros((b.shape[0], cols - left - b.shape[1]), dtype=dtype)]
        rows.append(torch.cat(pieces, 1))
        left += b.shape[1]
    return torch.cat(rows, 0)


def _bucketize(x, boundaries, *, out_int32=False, right=False):
    # The index of x's bucket: how many boundaries lie below it (right:
    # at or below it); NaN sorts after every boundary.
    below = (x.unsqueeze(-1) >= boundaries) if right else (x.unsqueeze(-1) > boundaries)
    count = below.sum(-1)
    count = torch.where(torch.isnan(x), torch.full_like(count, boundaries.shape[-1]), count) \
        if x.is_floating_point() else count
    return count.to(torch.int32 if out_int32 else torch.int64)


def _tri_indices(upper):
    def indices(row, col, offset=0, *, dtype=torch.long, layout=None, device=None,
                pin_memory=False):
        # A constant of the sizes alone (PyTorch's own decomposition traces
        # through prims the importer does not lower)
        pairs = [(i, j) for i in range(row) for j in range(col)
                 if (j - i >= offset if upper else j - i <= offset)]
        return torch.tensor([[i for i, _ in pairs], [j for _, j in pairs]],
                            dtype=dtype, device=device).view(2, len(pairs))
    return indices


def _index_copy(self, dim, index, source):
    if self.dim() == 0:
        return source.reshape(()).clone()
    moved = self.movedim(dim, 0).index_put((index,), source.movedim(dim, 0))
    return moved.movedim(0, dim)


def _logaddexp(a, b):
    # ATen's formula: max + log1p(exp(-|a - b|)), equal infinities as they are
    m = torch.maximum(a, b)
    out = m + torch.log1p(torch.exp(-torch.abs(a - b)))
    return torch.where(torch.isinf(a) & (a == b), a, out)


def _sinc(x):
    px = x * math.pi
    return torch.where(x == 0, torch.ones_like(x), torch.sin(px) / px)


def _linalg_cross(a, b, *, dim=-1):
    a, b = torch.broadcast_tensors(a, b)

    def turn(t, k):  # (t_k, t_k+1, t_k+2) along dim, cyclically
        return torch.cat([t.narrow(dim, k, 3 - k), t.narrow(dim, 0, k)], dim)
    return turn(a, 1) * turn(b, 2) - turn(a, 2) * turn(b, 1)


def _rrelu_with_noise(x, noise, lower=0.125, upper=1.0 / 3, training=False, generator=None):
    if training:  # (random slopes: left to the refusal)
        return NotImplemented
    return torch.nn.functional.leaky_relu(x, (lower + upper) / 2)


def _rrelu_with_noise_backward(grad, x, noise, lower, upper, training, self_is_result):
    if training:
        return NotImplemented
    return torch.ops.aten.leaky_relu_backward(grad, x, (lower + upper) / 2, self_is_result)


# Ops with no lowering, traced as others (refused before session 37). These
# give PyTorch's own values bit for bit (selections, comparisons, zeros):
# remat_torch.compile's 1.13 trace gets them too, so that remat decides
# those graphs (nn.Threshold, block_diag, bucketize, triu_indices,
# index_copy) ...
EXACT_DECOMPOSITIONS = {
    torch.ops.aten.block_diag.default: _block_diag,
    torch.ops.aten.bucketize.Tensor: _bucketize,
    torch.ops.aten.triu_indices.default: _tri_indices(True),
    torch.ops.aten.tril_indices.default: _tri_indices(False),
    torch.ops.aten.index_copy.default: _index_copy,
}
if torch.ops.aten.threshold.default in torch._decomp.decomposition_table:
    EXACT_DECOMPOSITIONS[torch.ops.aten.threshold.default] = \
        torch._decomp.decomposition_table[torch.ops.aten.threshold.default]
# ... and these round differently from PyTorch's fused kernels (a product
# then a sum): the importer's alone; compiled steps keep PyTorch's kernels
# (and its default partition, with a warning).
IMPORT_DECOMPOSITIONS = {**EXACT_DECOMPOSITIONS,
                         torch.ops.aten.addmv.default: _addmv,
                         torch.ops.aten.addbmm.default: _addbmm,
                         torch.ops.aten.logaddexp.default: _logaddexp,
                         torch.ops.aten.sinc.default: _sinc,
                         torch.ops.aten.linalg_cross.default: _linalg_cross,
                         torch.ops.aten.rrelu_with_noise.default: _rrelu_with_noise,
                         torch.ops.aten.rrelu_with_noise_backward.default:
                             _rrelu_with_noise_backward}


@contextlib.contextmanager
def aot_reads_library_checks():
    """remat_torch.compile on 1.13: AOTAutograd traces its joint graph
    first with make_fx and no decomposition table (on the real tensors),
    where a read in PyTorch's own argument checks (torch.distributions'
    validate_args, F.gaussian_nll_loss's var < 0) fails the trace; this
    gives that trace the importer's table, so such a check reads the value
    and passes as it did (_library_check). The second trace, of the first's
    graph, has no Python left to read anything."""
    try:
        import functorch._src.aot_autograd as aot
    except ImportError:  # 2.x: dynamo breaks the graph there instead
        aot = None
    make = getattr(aot, "make_fx", None)  # (a shim without it on 2.15)
    if make is None:
        yield
        return

    def make_fx_reading(f, decomposition_table=None, *args, **kwargs):
        return make(f, decomposition_table or {**TRACE_DECOMPOSITIONS, **EXACT_DECOMPOSITIONS},
                    *args, **kwargs)
    aot.make_fx = make_fx_reading
    try:
        yield
    finally:
        aot.make_fx = make


_READ_SITE = []  # where the trace last read a value it may not follow


class TraceHelpers(TorchFunctionMode):
    """What a trace would otherwise miss or refuse, in the form it can follow:

    - F.one_hot with num_classes: its C++ kernel reads min and max with
      .item() only to check them; traced as a comparison with arange.
      Without num_classes the number of classes, a shape, comes from the
      values: an error saying so.
    - `p.data` (MoCo's momentum update `pk.data.mul_(m).add_(pq.data, ...)`):
      a detached alias made outside the dispatcher, so writes through it
      would not be traced (a silently stale value); traced as `p.detach()`,
      whose writes reach `p`. `p.data = x` is traced as `p.copy_(x)` under
      no_grad (same shape and dtype; else an error).

    With data_writes="refuse" (remat_torch.compile on 1.13, whose
    AOTAutograd drops what a step writes into its parameters and buffers),
    `.data` of and in-place writes into a parameter or buffer swapped in by
    _call_with (VQ-VAE's EMA `buf.mul_(decay)`, `out=` a buffer) are errors
    instead: that step then runs eagerly, with a warning. (Batch norm's
    running statistics are written by its kernel, not in Python: the
    partition carries them.)"""

    def __init__(self, data_writes="trace"):
        super().__init__()
        self.data_writes = data_writes
        # Tensors whose first dim is a count that depends on values (x[mask]
        # and what keeps its rows), and where Python first read such a size.
        # (by id, with a weak reference to tell a reused id: a WeakSet would
        # compare tensors with ==)
        self.dependent = {}
        self.size_read = None
        # (refuse mode) `.data` aliases of tensors that are not state.
        self.data_aliases = {}

    def __enter__(self):
        # x[mask] does not reach __torch_function__ on 1.13 (a C slot): a
        # Python __getitem__ marks its value-dependent results while tracing.
        self._getitem = torch.Tensor.__dict__.get("__getitem__")
        original = torch.Tensor.__getitem__
        helpers = self

        def getitem(t, index):
            out = original(t, index)
            if isinstance(out, torch.Tensor) and out.dim() >= 1 and _bool_index(index):
                helpers._mark_dependent(out)
            return out
        torch.Tensor.__getitem__ = getitem
        return super().__enter__()

    def __exit__(self, *exc):
        if self._getitem is None:
            del torch.Tensor.__getitem__
        else:
            torch.Tensor.__getitem__ = self._getitem
        return super().__exit__(*exc)

    def _is_dependent(self, t):
        ref = self.dependent.get(id(t))
        return ref is not None and ref() is t

    def _mark_dependent(self, t):
        self.dependent[id(t)] = weakref.ref(t)

    def _is_data_alias(self, t):
        ref = self.data_aliases.get(id(t))
        return ref is not None and ref() is t

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func in _SCALAR_MATH and all(_scalar_value(a) is not None
                                        for a in list(args) + list(kwargs.values())):
            # torch.div(n, 2, rounding_mode="trunc") on Python ints (sizes,
            # as older Hugging Face code halves them), and arithmetic on such
            # results, is a constant: made outside the trace (and outside
            # --fake's fake mode), so that slicing by it reads a value, not a
            # traced scalar (which fails on 1.13 and lowers to nothing on 2.x).
            with no_dispatch():
                out = func(*[_scalar_value(a) for a in args],
                           **{k: _scalar_value(v) for k, v in kwargs.items()})
            return _fake_constant(out)
        if _FAKE_CONSTANTS and _TORCH2 and any(_is_real_constant(a) for a in args):
            # Such a constant meeting traced tensors under 2.x's fake mode: a
            # fake of it (its value kept by id for the lowering's constant).
            # (1.13 lifts the real one; under --fake it refuses it, as
            # PyTorch's error says.)
            args = tuple(_as_fake_constant(a) for a in args)
        if func in _BITWISE_DUNDERS and len(args) == 2 and isinstance(args[0], torch.Tensor) and \
                isinstance(args[1], (int, bool)) and not isinstance(args[0], torch.nn.Parameter):
            # 1.13's AOTAutograd calls aten.bitwise_or.Tensor with the Python
            # int of `x | 128` and fails: a 0-d tensor of x's dtype is the
            # same operand (wrapped as PyTorch wraps the scalar).
            other = torch.tensor(args[1]).to(args[0].dtype)
            return func(args[0], other)
        if func is torch.full and "dtype" not in kwargs and len(args) >= 2 and \
                isinstance(args[1], (bool, int)) and not _TORCH2:
            # 1.13's trace drops the dtype torch.full infers from an int or
            # bool fill (aten.full without one makes floats): given here.
            return func(*args, dtype=torch.bool if isinstance(args[1], bool) else torch.int64,
                        **kwargs)
        if func is torch._C._nn.one_hot:
            x = args[0]
            n = args[1] if len(args) > 1 else kwargs.get("num_classes", -1)
            if n < 0:
                raise ImporterError("F.one_hot without num_classes takes the number of classes "
                                    "(a shape) from the values; pass num_classes")
            return (x.unsqueeze(-1) == torch.arange(n, device=x.device)).to(torch.long)
        if self.data_writes == "refuse" and func is torch.Tensor.register_hook and \
                not _TORCH2 and len(args) == 2 and callable(args[1]):
            # A hook on an activation runs once, while the backward is
            # traced. One that returns a gradient (a clamp) is traced into
            # the graph like any op; one that returns nothing acts only
            # outside it (Grad-CAM's save_grad sets an attribute), and 1.13's
            # compiled backward would never call it: the trace fails there and
            # the step runs eagerly, where it is called.
            hook = args[1]

            def traced_hook(grad):
                out = hook(grad)
                if out is None:
                    raise ImporterError(
                        "the forward registers a hook on a tensor (register_hook) that "
                        "returns nothing, which PyTorch 1.13's compiled backward would not call")
                return out
            return func(args[0], traced_hook, **kwargs)
        if self.data_writes == "refuse" and func in _VALUE_READS and \
                not os.path.abspath(_caller_file()).startswith(_HERE):  # (not remat_torch's own)
            # 1.13 traces on the real tensors, so the values read would be
            # the traced step's forever (a DETR matcher's .numpy(): every
            # later step matched as the first, losses silently wrong); such
            # a step runs eagerly.
            raise ImporterError("the forward reads a tensor's values into Python (%s), which "
                                "PyTorch 1.13's compiled graph would keep at the traced step's "
                                "values" % getattr(func, "__name__", func))
        if self.data_writes == "refuse":
            # `.data` of a parameter or buffer (a momentum encoder's update)
            # is refused; of any other tensor (`h.data.shape`,
            # `loss.data.argsort()`, co-teaching's and many training
            # scripts' reads) it is traced as below, as a detached alias.
            if (func == _DATA.__get__ or func == _DATA.__set__) and args and \
                    isinstance(args[0], torch.Tensor) and id(args[0]) in _STATE_IDS:
                raise ImporterError("the step uses `.data` of a parameter or buffer (a write "
                                    "outside autograd, such as a momentum encoder's update), which "
                                    "this PyTorch's AOTAutograd does not carry")
            name = getattr(func, "__name__", "")
            written = args[0] if args and ((name.endswith("_") and not name.startswith("__"))
                                           or name == "__setitem__") else kwargs.get("out")
            if isinstance(written, torch.Tensor) and id(written) in _STATE_IDS and \
                    not _caller_file().endswith(_BATCHNORM):
                # (nn.BatchNorm's num_batches_tracked.add_(1) is let through,
                # as before: it only counts, and momentum=None is refused)
                raise ImporterError("the step writes into a parameter or buffer in place (%s: an "
                                    "EMA or a codebook update), which this PyTorch's AOTAutograd "
                                    "does not carry" % name)
            if isinstance(written, torch.Tensor) and self._is_data_alias(written):
                # A write through an activation's `.data` changes a value
                # autograd may have saved, behind its back: not traced.
                raise ImporterError("the step writes in place through `.data` of a tensor (%s), "
                                    "which this PyTorch's AOTAutograd does not carry" % name)
        if self.data_writes == "trace" and func in _SPARSE_GRAD and _sparse_arg(func, args, kwargs):
            # nn.Embedding(sparse=True) / EmbeddingBag(sparse=True): the
            # gradient is a sparse tensor with the dense one's values; the
            # import takes the dense one (remat_torch.compile does not: the
            # user's optimizer may want the sparse one).
            args, kwargs = _dense_grad(func, args, kwargs)
        if func in _SIZE_READS and args and isinstance(args[0], torch.Tensor) and \
                self._is_dependent(args[0]) and self.size_read is None and \
                _reads_first_dim(func, args, kwargs):
            frame = sys._getframe(1)
            while frame is not None and (frame.f_code.co_filename.startswith(_TORCH_PLUMBING)
                                         or frame.f_code.co_filename == __file__):
                frame = frame.f_back
            if frame is not None:
                self.size_read = "%s:%d, in %s" % (frame.f_code.co_filename, frame.f_lineno,
                                                   frame.f_code.co_name)
        if func == _DATA.__get__ and isinstance(args[0], torch.Tensor):
            alias = args[0].detach()
            if self.data_writes == "refuse":
                self.data_aliases[id(alias)] = weakref.ref(alias)
            return alias
        if func == _DATA.__set__:
            dst, src = args[0], args[1]
            if tuple(dst.shape) != tuple(src.shape) or dst.dtype != src.dtype:
                raise ImporterError("`.data = ...` changing a tensor's shape or dtype (%s %s to %s %s) "
                                    "cannot be traced" % (tuple(dst.shape), dst.dtype, tuple(src.shape),
                                                          src.dtype))
            with torch.no_grad():
                dst.copy_(src)
            return None
        out = func(*args, **kwargs)
        if isinstance(out, torch.Tensor) and out.dim() >= 1 and func not in _SIZE_READS:
            if _selects_by_values(func, args, kwargs):
                self._mark_dependent(out)
            elif self.dependent:
                # What keeps the selection's rows (elementwise, row-wise ops)
                # keeps its value-dependent count.
                for a in list(args) + list(kwargs.values()):
                    if isinstance(a, torch.Tensor) and self._is_dependent(a) and a.dim() >= 1 \
                            and a.shape[0] == out.shape[0]:
                        self._mark_dependent(out)
                        break
        return out


_DATA = torch.Tensor.data
# Arithmetic PyTorch also does on two Python numbers (a 0-d tensor).
_SCALAR_MATH = {torch.div, torch.floor_divide, torch.true_divide, torch.mul, torch.add,
                torch.sub}


def _fake_constant(t):
    """`t` as a fake tensor that keeps its value (reads of it answer) when
    a fake mode runs the step (--fake), else `t`."""
    from torch.utils._python_dispatch import _get_current_dispatch_mode_stack
    from torch.fx.experimental.proxy_tensor import ProxyTorchDispatchMode
    out = t
    # (while tracing, a real tensor is what make_fx lifts as a constant; a
    # fake one carrying its value made 1.13's trace take what it reached as
    # constants too)
    mode = _fake_mode_running()
    if mode is not None and not any(isinstance(m, ProxyTorchDispatchMode)
                                    for m in _get_current_dispatch_mode_stack()):
        out = mode.fake_tensor_converter.from_real_tensor(mode, t, make_constant=True)
    _keep_constant(out, t)
    return out


def _fake_mode_running():
    """The fake mode on the dispatch stack (--fake, AOTAutograd's), or None."""
    from torch.utils._python_dispatch import _get_current_dispatch_mode_stack
    from torch._subclasses.fake_tensor import FakeTensorMode
    return next((m for m in _get_current_dispatch_mode_stack()
                 if isinstance(m, FakeTensorMode)), None)


def _keep_constant(t, value):
    """Records `value` as what tensor `t` stands for, until `t` dies."""
    key = id(t)
    _FAKE_CONSTANTS[key] = (weakref.ref(t, lambda _: _FAKE_CONSTANTS.pop(key, None)), value)


# id(tensor) -> (weak reference to it, the real value): _fake_constant's
# results, whose arithmetic stays constant too (1.13's trace lifts the
# fake result of an op on them without its value).
_FAKE_CONSTANTS = {}


def _is_real_constant(a):
    return isinstance(a, torch.Tensor) and has_values(a) and _kept_value(a) is not None


def _as_fake_constant(a):
    """A real constant of _fake_constant as a plain fake of the fake mode
    running (value kept in _FAKE_CONSTANTS), else `a`."""
    mode = _fake_mode_running() if _is_real_constant(a) else None
    if mode is None:
        return a
    fake = mode.fake_tensor_converter.from_real_tensor(mode, a)
    _keep_constant(fake, a)
    return fake


def _kept_value(t):
    """The real value _keep_constant recorded for tensor `t`, else None."""
    kept = _FAKE_CONSTANTS.get(id(t))
    return kept[1] if kept is not None and kept[0]() is t else None


def _scalar_value(a):
    """`a` if a Python number (or a string: rounding_mode), the real value
    of a tensor _fake_constant made, else None."""
    return a if isinstance(a, (bool, int, float, str)) else _kept_value(a)


# Python reads of a tensor's size (whole, or of its first dim).
_SIZE_READS = {torch.Tensor.numel, torch.numel, torch.Tensor.nelement, torch.Tensor.size,
               torch.Tensor.shape.__get__, torch.Tensor.__len__}


def _reads_first_dim(func, args, kwargs):
    """Whether size read `func` can see the first dim (not `size(d)` of
    another dim)."""
    if func is not torch.Tensor.size:
        return True
    d = args[1] if len(args) > 1 else kwargs.get("dim")
    return d is None or d == 0 or d == -args[0].dim()


# Functions whose result's first dim counts values of their input.
_SELECTING = {torch.masked_select, torch.Tensor.masked_select, torch.nonzero, torch.Tensor.nonzero,
              torch.argwhere, torch.Tensor.argwhere, torch.unique, torch.Tensor.unique,
              torch.unique_consecutive, torch.Tensor.unique_consecutive}


def _bool_index(index):
    """Whether a __getitem__ index selects by a boolean mask (x[mask])."""
    index = index if isinstance(index, tuple) else (index,)
    return any(isinstance(i, torch.Tensor) and i.dtype == torch.bool for i in index)


def _selects_by_values(func, args, kwargs):
    """Whether `func` returns a tensor whose first dim counts values of its
    input: masked_select, nonzero, argwhere, unique, where(cond). (x[mask]
    is seen by TraceHelpers' __getitem__.)"""
    return func in _SELECTING or (func is torch.where and len(args) + len(kwargs) == 1)
# F.embedding(input, weight, padding_idx, max_norm, norm_type, scale_grad_by_freq, sparse)
# F.embedding_bag(input, weight, offsets, max_norm, norm_type, scale_grad_by_freq, mode,
#                 sparse, ...): the position of `sparse`.
_SPARSE_GRAD = {torch.nn.functional.embedding: 6, torch.nn.functional.embedding_bag: 7}


def _sparse_arg(func, args, kwargs):
    i = _SPARSE_GRAD[func]
    return kwargs.get("sparse", args[i] if len(args) > i else False)


def _dense_grad(func, args, kwargs):
    i = _SPARSE_GRAD[func]
    if "sparse" in kwargs or len(args) <= i:
        return args, dict(kwargs, sparse=False)
    return tuple(args[:i]) + (False,) + tuple(args[i + 1:]), kwargs


# Ops whose output shapes depend on input values (not only their shapes)
# and which run on fake tensors anyway, with the shape of zeros: CTC's
# log_alpha is 2 * max(target_lengths) + 1 wide. The importer's fast path
# and the partition's shapes take them from the real tensors.
VALUE_SHAPED = {"_ctc_loss"}


class _FastPathFailed(Exception):
    pass


def _drop_identity_restrides(gm, values):
    """x.as_strided_(x.size(), strides) that moves no element (strides
    differing only on dims of size 1: adaptive_avg_pool1d of a transposed
    input, Swin's pooler, gives its mean the input's memory format) is x
    itself: the in-place view it makes would be refused."""
    for n in list(gm.graph.nodes):
        if n.op != "call_function" or n.target is not torch.ops.aten.as_strided_.default:
            continue
        x = n.args[0]
        v = values.get(x)
        size, stride = list(n.args[1]), list(n.args[2])
        offset = n.args[3] if len(n.args) > 3 else n.kwargs.get("storage_offset")
        # (x's value is the replay's, restrided already: the strides it
        # moves from are the row-major ones of a step's fresh result)
        dense = [math.prod(size[k + 1:]) for k in range(len(size))]
        if not isinstance(v, torch.Tensor) or list(v.shape) != size or offset not in (None, 0) \
                or any(d > 1 and s != t for d, s, t in zip(size, stride, dense)):
            continue
        n.replace_all_uses_with(x)
        gm.graph.erase_node(n)


def _one_dict(example_inputs, input_spec):
    """Whether the example inputs were one dict (a batch of named tensors)."""
    args = torch.utils._pytree.tree_unflatten(list(example_inputs), input_spec)
    return len(args) == 1 and isinstance(args[0], dict)


def _capture(model, example_inputs, *, fake, fast, seed, name, tangents, locations, dropout,
             cotangents, timings, input_spec):
    """The capture of import_model. fake: every value is a fake tensor (the
    user's --fake). fast: real values, traced on fake copies; the random
    draws are the only ops run for real (`_real_draws`)."""
    clock = [time.perf_counter()]

    def phase(label):
        if timings is not None:
            now = time.perf_counter()
            timings[label] = timings.get(label, 0.0) + now - clock[0]
            clock[0] = now

    # --fake: every value is a fake tensor on the CPU (shapes, no data),
    # and the step runs in the same fake mode, so that tensors the forward
    # creates without a device (torch.arange(t), torch.zeros(b, h)) meet the
    # parameters and inputs on one device, as in a real CPU run.
    fake_mode = _fake_mode() if fake or fast else None
    tracing = fake_mode if fake or fast else contextlib.nullcontext()
    real_inputs = None
    if fake:
        example_inputs = tuple(_fake_like(fake_mode, x) for x in example_inputs)
    elif fast:
        real_inputs = _clone_inputs(example_inputs)
        example_inputs = tuple(_fake_like(fake_mode, x) for x in example_inputs)
    else:
        example_inputs = _clone_inputs(example_inputs)

    all_params = dict(model.named_parameters())
    buffers = dict(model.named_buffers())
    real_params = real_buffers = None
    if fake or fast:
        # Nothing is allocated or computed.
        if fast:
            real_params = {k: (v if v.requires_grad else v.detach()) for k, v in all_params.items()}
            real_buffers = buffers
        all_params = {k: _fake_like(fake_mode, v).requires_grad_(v.requires_grad) for k, v in all_params.items()}
        buffers = {k: _fake_like(fake_mode, v) for k, v in buffers.items()}
    trainable = [k for k, v in all_params.items() if v.requires_grad]
    # Gradient hooks on parameters (p.register_hook(lambda g: g.clamp(...)),
    # per-parameter clipping or scaling) change what loss.backward() leaves in
    # p.grad; functional_call swaps the parameters for the traced ones, which
    # carry no hooks, so joint applies them (they were ignored: the
    # unhooked gradient, silently).
    hooks = {k: list(v._backward_hooks.values())
             for k, v in model.named_parameters() if v.requires_grad and v._backward_hooks}
    accumulated = [k for k, v in model.named_parameters()
                   if getattr(v, "_post_accumulate_grad_hooks", None)]
    if accumulated:
        raise ImporterError("parameter %s has a hook run after its gradient is accumulated "
                            "(register_post_accumulate_grad_hook: an optimizer step in "
                            "backward), which an imported step cannot run; remove it, or step "
                            "the optimizer after the import's gradients" % accumulated[0])
    if not all_params:
        raise ImporterError("the model has no parameters: there is no gradient to import")
    if not trainable:
        raise ImporterError("all %d parameters of the model are frozen (requires_grad=False): "
                           "there is no gradient to import" % len(all_params))
    # Frozen parameters are inputs of the step, not differentiated.
    params = {k: (v if v.requires_grad else v.detach()) for k, v in all_params.items()}
    # Tied weights (nanoGPT's wte.weight = lm_head.weight) appear once in
    # named_parameters; functional_call replaces by name, so every other
    # name of a tied tensor gets the same replacement.
    aliases = _tied_aliases(model) if fake or fast else {}

    def call(p, b, inputs):
        p = dict(p)
        for alias, canonical in aliases.items():
            if canonical in p:
                p[alias] = p[canonical]
        args = torch.utils._pytree.tree_unflatten(list(inputs), input_spec)
        return _call_with(model, {**p, **b}, tuple(args))

    def fast_failed(e):
        if fast and not isinstance(e, ImporterError):
            raise _FastPathFailed() from e

    # Output shapes for the cotangents, from a probe run that leaves no trace:
    # buffers and the random state are restored afterwards.
    rng = torch.get_rng_state()

    def run_probe(grad):
        saved = {k: v.clone() for k, v in buffers.items()}
        with torch.set_grad_enabled(grad), tracing, TraceHelpers(), checkpoint_as_call():
            return [o.detach() for o in _flatten_outputs(call(params, saved, _clone_inputs(example_inputs)))]
    try:
        try:
            with _quiet_fake_tensor_log():
                probe = run_probe(False)
        except RuntimeError as e:
            # A forward that differentiates itself (WGAN-GP's gradient
            # penalty: torch.autograd.grad inside forward) needs grad mode.
            if "does not require grad" not in str(e):
                raise
            torch.set_rng_state(rng)
            with _quiet_fake_tensor_log():
                probe = run_probe(True)
    except ImporterError:
        raise
    except Exception as e:
        fast_failed(e)
        found = re.search(r"Found in (aten\.[\w.]+)", str(e)) if fake else None
        if found and "non-Fake Tensor" in str(e):
            # (PyTorch 1.13: cross-entropy with both label_smoothing and
            # ignore_index writes a real tensor into a fake one; the error
            # printed both tensors and named no fix)
            raise ImporterError(
                "running the model failed: %s does not run on PyTorch %s's fake tensors "
                "(--fake): import without --fake" % (found.group(1),
                                                     torch.__version__.split("+")[0]))
        raise ImporterError("running the model failed: %s: %s%s" % (
            type(e).__name__, str(e).strip().split("\n")[0],
            _failure_hint(e, fake, _one_dict(example_inputs, input_spec),
                          any(x.dtype in (torch.float16, torch.bfloat16)
                              for x in all_params.values()))))
    torch.set_rng_state(rng)
    if not probe:
        raise ImporterError("the model returned no tensor")
    scalars = [i for i, o in enumerate(probe) if o.dim() == 0 and o.is_floating_point()]
    if cotangents == "auto" and len(scalars) == 1:
        seeded = scalars  # the loss: loss.backward()
    elif cotangents == "auto":
        # Integer and bool outputs (predictions: logits.argmax(-1), an
        # accuracy count) have no gradient: results without a cotangent.
        seeded = [i for i, o in enumerate(probe) if o.is_floating_point() or o.is_complex()]
        if not seeded:
            raise ImporterError("no output has a floating-point dtype, so none has a gradient "
                                "(outputs: %s)" % ", ".join(str(o.dtype) for o in probe))
    else:
        seeded = list(range(len(probe)))
    for i in seeded:
        if not probe[i].is_floating_point():
            raise ImporterError("output %d has dtype %s, which has no gradient" % (i, probe[i].dtype))
    real_tangents = None
    if tangents is None:
        if fast:
            real_tangents = [torch.ones(probe[i].shape, dtype=probe[i].dtype) for i in seeded]
        with tracing:
            tangents = [torch.ones(probe[i].shape, dtype=probe[i].dtype, device=probe[i].device)
                        for i in seeded]
    elif fast:
        real_tangents = list(tangents)
        tangents = [_fake_like(fake_mode, t) for t in tangents]
    tangents = list(tangents)
    if len(tangents) != len(seeded):
        raise ImporterError("%d cotangents given for %d seeded outputs" % (len(tangents), len(seeded)))

    def joint(p, b, inputs, cts):
        out = _flatten_outputs(call(p, b, inputs))
        # An output no parameter reaches (a metric: x.sum() returned beside
        # the losses) has no backward: its cotangent stays unread.
        live = [j for j, i in enumerate(seeded) if out[i].requires_grad]
        if not live:
            raise ImporterError("no output whose gradient is taken (%s) depends on a trainable "
                                "parameter" % ", ".join("output%d" % i for i in seeded))
        # What a backward accumulates into .grad itself: each
        # torch.autograd.backward (or Tensor.backward) called inside this one
        # (an autograd.Function's backward) runs on parameters with no .grad,
        # what it leaves there is summed here, and .grad is put back.
        nested = {}
        outer_backward = torch.autograd.backward

        def backward_in_backward(*args, **kwargs):
            saved = [p[k].grad for k in trainable]
            for k in trainable:
                p[k].grad = None
            try:
                outer_backward(*args, **kwargs)
            finally:
                for k, grad in zip(trainable, saved):
                    new = p[k].grad
                    if new is not None:
                        nested[k] = new if k not in nested else nested[k] + new
                    p[k].grad = grad
        torch.autograd.backward = backward_in_backward
        try:
            grads = list(torch.autograd.grad([out[seeded[j]] for j in live],
                                             [p[k] for k in trainable],
                                             [cts[j] for j in live], allow_unused=True))
        finally:
            torch.autograd.backward = outer_backward
        def hooked(k, grad):  # (a hook returning None leaves the gradient)
            for hook in hooks.get(k, ()):
                changed = hook(grad)
                grad = grad if changed is None else changed
            return grad
        for j, k in enumerate(trainable):
            if grads[j] is not None:
                grads[j] = hooked(k, grads[j])
            # A backward that accumulates into .grad itself (an
            # autograd.Function whose backward recomputes a block under
            # enable_grad and calls torch.autograd.backward: RevNet and
            # Reformer's reversible blocks) leaves its part of the gradient
            # there, not in what autograd.grad returns; loss.backward()
            # would add the two (those parameters got zeros, silently).
            # (Not .grad as the trace leaves it: a parameter added in place
            # into a view, `h[:, 0] += cls`, has one there too, spurious.)
            side = nested.get(k)
            if side is not None:
                side = hooked(k, side)
                grads[j] = side if grads[j] is None else side + grads[j]
        return out, grads

    def fresh_buffers():
        return {k: v.clone() for k, v in buffers.items()}

    phase("probe")
    torch.manual_seed(seed)
    with _module_paths(model) if locations else contextlib.nullcontext(), tracing:
        try:
            del _READ_SITE[:]
            # (oneDNN off: 2.15 traces nn.LSTM on the CPU as its fused
            # mkldnn_rnn_layer; without it, as the cell's products and
            # pointwise ops, as 1.13 does)
            helpers = TraceHelpers()
            with helpers, checkpoint_as_call(), causal_hint_unread(), _onednn_off():
                gm = make_fx(joint, decomposition_table={**TRACE_DECOMPOSITIONS,
                                                         **IMPORT_DECOMPOSITIONS})(
                    params, fresh_buffers(), list(_clone_inputs(example_inputs)), tangents)
        except ImporterError:
            raise
        except Exception as e:  # tracing failures name the PyTorch error
            fast_failed(e)
            text = str(e).strip().split("\n")[0]
            hint = ""
            if "value out of a tracing tensor" in text or "data-dependent" in text:
                hint = ("; the model reads a tensor's value in Python (if x.any(), .item(), "
                        "int(x)%s), which a traced graph cannot follow (PyTorch's own argument "
                        "checks, such as torch.distributions' validate_args, are traced past "
                        "without --fake)" % (": at " + _READ_SITE[0] if _READ_SITE else ""))
            elif "aten::_conj() Expected a value of type 'Tensor'" in text:
                hint = ("; PyTorch 1.13's trace cannot differentiate a product by a complex "
                        "Python number (z * 1j); PyTorch 2.x's can")
            elif "Creating a new Tensor subclass" in text:
                hint = ("; the model calls the legacy constructor torch.Tensor(data) (or "
                        "torch.FloatTensor(...)), which cannot be traced: write "
                        "torch.tensor(data)")
            site = _user_site(e.__traceback__)
            if site and not (_READ_SITE and hint.endswith("--fake)")):
                hint += " (at %s)" % site
            raise ImporterError("tracing the model failed: %s: %s%s" % (
                type(e).__name__, text.rstrip(".") if hint else text, hint))

    if helpers.size_read:
        # The selection itself is lowered for any mask; a size Python read
        # from it (a branch on x[mask].numel(), a division by it) is this
        # batch's, fixed in the graph.
        warnings.warn("remat_torch: the model reads the size of a selection that depends on "
                      "values (x[mask], nonzero, unique) in Python at %s: the graph is traced "
                      "with this batch's count there, so a batch selecting another count may "
                      "run a different computation than PyTorch would" % helpers.size_read,
                      RuntimeWarning, stacklevel=2)
    _warn_value_sized_repeats(gm, len(params) + len(buffers), len(example_inputs))
    phase("trace")
    # Values of every node, from a replay with the same seed: shapes and
    # dtypes for the lowering, and the random draws the graph takes as inputs.
    values = {}

    class Recorder(torch.fx.Interpreter):
        def run_node(self, n):
            r = super().run_node(n)
            # Shapes and dtypes never change, so a reference will do; but a
            # random draw is copied, since later in-place ops (div_ of a
            # dropout mask) overwrite the tensor the graph's argument holds.
            if n.op == "call_function" and _packet(n.target)[0].rstrip("_") in lower.RANDOM_OPS:
                values[n] = r.clone() if isinstance(r, torch.Tensor) else tuple(
                    x.clone() if isinstance(x, torch.Tensor) else x for x in r)
            else:
                values[n] = r
            return r

    # On fake tensors the trace itself left every value's shape and dtype
    # in node.meta, so only a real trace needs the replay.
    meta_values = _values_from_meta(gm) if fake or fast else None
    if meta_values is not None:
        values.update(meta_values)
    else:
        torch.manual_seed(seed)
        with torch.no_grad(), tracing:
            flat_args = (list(params.values()) + list(fresh_buffers().values()) +
                         list(_clone_inputs(example_inputs)) + tangents)
            try:
                Recorder(gm).run(*flat_args)
            except Exception as e:
                fast_failed(e)
                raise
    if fast:
        # An op whose output shape depends on its inputs' values (CTC's
        # log_alpha: 2 * max(target_lengths) + 1 wide) gets the shape of the
        # fake values' zeros here: traced on the real tensors instead.
        if any(n.op == "call_function" and _packet(n.target)[0] in VALUE_SHAPED
               for n in gm.graph.nodes):
            raise _FastPathFailed()
        _real_draws(gm, values, seed)  # raises _FastPathFailed for value-dependent draws
        params, buffers, example_inputs, tangents = real_params, real_buffers, real_inputs, real_tangents

    _unwind_metadata_inplace(gm, values)
    phase("values")
    arg_info = ([("p." + k, "param" if k in trainable else "frozen", v) for k, v in params.items()] +
                [("b." + k, "buffer", v) for k, v in buffers.items()] +
                [("input%d" % i, "input", v) for i, v in enumerate(example_inputs)] +
                [("grad_out%d" % i, "cotangent", v) for i, v in zip(seeded, tangents)])
    graph = _lower(gm, values, arg_info, name, len(probe), trainable, list(buffers),
                   functional_rng=dropout == "functional", seed=seed,
                   note=_seed_note(seeded, len(probe), cotangents, len(scalars) == 1))
    graph.seeded = seeded
    graph.traced_on = "fake tensors" if fake else "fake copies" if fast else "real tensors"
    phase("lower")
    return graph


def _unwind_metadata_inplace(gm, values):
    """The recorded values are references, and an in-place view op
    (transpose_, t_, unsqueeze_) changes the shape of
    the very tensor earlier nodes returned: nn.GRU's stack is recorded as
    the transposed tensor. Walking back from the end, each such op's effect
    is undone on what the nodes before it see."""
    def view_op(n):  # the packet of an in-place view op, else None
        packet = _packet(n.target)[0] if n.op == "call_function" else ""
        return packet if packet.endswith("_") and packet.rstrip("_") in METADATA_INPLACE else None

    if not any(view_op(n) for n in gm.graph.nodes):
        return
    state = {}  # id(tensor) -> how nodes at this point of the walk see it
    for n in reversed(list(gm.graph.nodes)):
        v = values.get(n)
        packet = view_op(n)
        if not isinstance(v, torch.Tensor) or (id(v) not in state and not packet):
            continue
        key = id(v)
        seen = state.get(key, v)
        values[n] = seen
        if not packet:
            continue
        args = n.args[1:]
        if packet in ("transpose_", "swapdims_", "swapaxes_"):
            before = seen.transpose(args[0], args[1])
        elif packet == "t_":
            before = seen.t() if seen.dim() == 2 else seen
        elif packet == "unsqueeze_":
            before = seen.squeeze(args[0])
        else:  # squeeze_: whether it dropped a dimension is not known afterwards
            raise ImporterError("aten.%s%s: in-place '%s' changes a tensor's shape in a way "
                                "remat cannot replay (whether it dropped a dimension is not "
                                "known afterwards); use '%s'" % (
                                    packet, _where(n), packet, packet[:-1]))
        state[key] = before


def _values_from_meta(gm):
    """{node: fake value} from the fake tensors make_fx leaves in
    node.meta["val"] (a tuple for multi-result ops, from their getitem
    nodes); None when a tensor-valued node has none (then the graph is
    replayed instead)."""
    values = {}
    for n in gm.graph.nodes:
        if n.op not in ("placeholder", "call_function"):
            continue
        if "val" in n.meta:
            values[n] = n.meta["val"]
            continue
        if n.op == "placeholder":
            return None
        if n.target is operator.getitem:  # an absent optional result (a bias gradient)
            values[n] = None
            continue
        schema = getattr(n.target, "_schema", None)
        if schema is None:
            return None
        if not any("Tensor" in str(r.type) for r in schema.returns):
            continue  # is_same_size and other non-tensor results
        items = {u.args[1]: u for u in n.users if u.target is operator.getitem}
        if not items or sorted(items) != list(range(len(items))):
            return None
        values[n] = tuple(items[i].meta.get("val") for i in range(len(items)))
    return values


def _real_draws(gm, values, seed):
    """The random draws of a graph traced on fake tensors, drawn for real:
    only the random ops run, in graph order after seeding as the trace did,
    on zero tensors of the fake values' shapes, dtypes and strides, so they
    consume the generator exactly as the real step does. A draw whose values
    depend on other values (bernoulli of a probability tensor) cannot be
    made this way."""
    torch.manual_seed(seed)

    def real(a):
        if isinstance(a, torch.fx.Node):
            v = values[a]
            if not isinstance(v, torch.Tensor):
                raise _FastPathFailed()
            return torch.empty_strided(tuple(v.shape), tuple(v.stride()), dtype=v.dtype).zero_()
        if isinstance(a, (list, tuple)):
            return type(a)(real(x) for x in a)
        return a

    for n in gm.graph.nodes:
        if n.op != "call_function":
            continue
        packet, overload = _packet(n.target)
        if packet.rstrip("_") not in lower.RANDOM_OPS:
            continue
        tensors = [a for a in n.args[1:] if isinstance(a, torch.fx.Node)] + \
            [a for a in n.kwargs.values() if isinstance(a, torch.fx.Node)]
        if tensors or packet in ("bernoulli", "multinomial", "normal") and overload != "float" and \
                not (packet == "bernoulli" and overload == "p"):
            raise _FastPathFailed()
        try:
            with torch.no_grad():
                r = n.target(*real(list(n.args)), **{k: real(v) for k, v in n.kwargs.items()})
        except RuntimeError as e:  # PyTorch's own (1.13: no f16 bernoulli on the CPU)
            raise ImporterError("running the model failed: RuntimeError: %s (PyTorch's own "
                                "error, drawing %s)" % (str(e).strip().split("\n")[0],
                                                        packet)) from None
        values[n] = r.clone() if isinstance(r, torch.Tensor) else tuple(
            x.clone() if isinstance(x, torch.Tensor) else x for x in r)


def _seed_note(seeded, num_outputs, mode, scalar_loss):
    if len(seeded) == num_outputs:
        if num_outputs == 1:
            return "backward seeded from output0"
        return "backward seeded from all %d outputs (a cotangent each)" % num_outputs
    if len(seeded) == 1 and mode == "auto" and scalar_loss:
        return ("backward seeded from output%d only, the scalar loss (loss.backward()); "
                "--cotangents=all seeds every output" % seeded[0])
    return ("backward seeded from the floating-point outputs (%s, a cotangent each); the "
            "others (integer, bool) have no gradient"
            % ", ".join("output%d" % i for i in seeded))


def _packet(target):
    if target is operator.getitem:
        return "getitem", ""
    if hasattr(target, "overloadpacket"):
        return target.overloadpacket.__name__, target._overloadname
    return getattr(target, "__name__", str(target)), ""


def _forward_op(grad_fn_name):
    """'aten.abs' for the autograd node 'AbsBackward0'."""
    base = re.sub(r"Backward\d*$", "", grad_fn_name or "")
    base = re.sub(r"(\d)D", r"\1d", base)
    return "aten." + re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", base).lower()


def _where(node):
    """' in module 'h.0.mlp'', ' in the backward of aten.abs, module 'net.3'', ..."""
    path = node.meta.get("remat_module")
    if "remat_module" not in node.meta:
        return ""
    module = "module '%s'" % path if path else "the top-level module"
    if node.meta.get("remat_phase") == "backward":
        if path is None:
            return " in the backward pass"
        fn = node.meta.get("remat_grad_fn")
        return " in the backward of %s, %s" % (_forward_op(fn), module) if fn else \
            " in the backward of %s" % module
    site = node.meta.get("remat_site")
    return " in %s%s" % (module, " (at %s)" % site if site else "")


def _unsupported(nodes):
    """A message listing all ops without a lowering, each with every place
    it comes from; None when every op has one."""
    places = {}
    for n in nodes:
        if n.op != "call_function":
            continue
        packet, overload = _packet(n.target)
        if packet == "getitem":
            continue
        inplace = packet.endswith("_") and not packet.startswith("__")
        if lower.HANDLERS.get(packet[:-1] if inplace else packet) is None:
            where = _where(n).strip() or "in the graph"
            seen = places.setdefault("aten.%s.%s" % (packet, overload or "default"), [])
            if where not in seen:
                seen.append(where)
    if not places:
        return None
    lines = []
    for op, where in places.items():
        more = " (and %d more places)" % (len(where) - 3) if len(where) > 3 else ""
        lines.append("  %s: %s%s" % (op, "; ".join(where[:3]), more))
    return "%d unsupported op%s, no lowering to MLIR yet (docs/PyTorch.md lists the supported " \
        "ones):\n%s" % (len(places), "s" if len(places) > 1 else "", "\n".join(lines))


def _loc(node, packet):
    """"path/aten.op" for forward ops, "path/aten.op.grad"-style
    "path.grad/aten.op" for backward ops of a known module."""
    path = node.meta.get("remat_module")
    op = "aten." + packet
    if path is not None and node.meta.get("remat_phase") == "backward":
        path = path + ".grad" if path else "grad"
    text = "%s/%s" % (path, op) if path else op
    return '"%s"' % text.replace('"', "'")


def _lower(gm, values, arg_info, name, num_outputs, param_names, buffer_names,
           functional_rng=False, seed=0, note=None, loc_of=None, result_nodes=None):
    """loc_of(node, packet): the location text of a node's ops (default:
    module path and aten op); result_nodes: (name, kind, node) of the results
    instead of outputs, gradients and updated buffers (the partitioner's)."""
    fn = Function(name)
    L = lower.Lowering(fn, values, elem_of)
    L.functional_rng = functional_rng
    _drop_identity_restrides(gm, values)
    nodes = list(gm.graph.nodes)
    for i, n in enumerate(nodes):
        L.order[n] = i
    placeholders = [n for n in nodes if n.op == "placeholder"]
    if len(placeholders) != len(arg_info):
        raise ImporterError("internal: %d placeholders for %d arguments" % (len(placeholders), len(arg_info)))
    # Every unsupported op is reported at once: the lowering skips them and
    # what depends on them, and raises the list at the end (or with the
    # first other error, which may come from a skipped op's consequences).
    missing = _unsupported(nodes)
    skipped = set()
    buffer_nodes = {}
    param_nodes = {}
    for n, (aname, kind, value) in zip(placeholders, arg_info):
        if kind in ("param", "frozen"):
            param_nodes[aname[2:]] = n
        v = values.get(n, value)
        if not isinstance(v, torch.Tensor):
            # A forward argument that is not a tensor (mask=None, scale=0.5,
            # task="cls", dtype=torch.float64): 1.13's joint graph keeps it
            # as a placeholder; its uses read the constant. Not an argument
            # of the MLIR function.
            L.env[n] = v
            continue
        attrs = "remat.cotangent" if kind == "cotangent" else None
        shape = tuple(v.shape)
        try:
            if v.dtype.is_complex:  # as view_as_real (lower/complexes.py)
                shape, elem = shape + (2,), elem_of(lower.core.complex_part(v.dtype))
            else:
                elem = elem_of(v.dtype)
        except ImporterError as e:
            raise ImporterError("%s '%s': %s (remat takes float, integer and bool tensors)%s" % (
                kind, aname[2:] if aname[:2] in ("p.", "b.") else aname, e,
                "\n" + missing if missing else ""))
        L.env[n] = fn.add_arg(aname, shape, elem, attrs)
        if kind == "buffer":
            buffer_nodes[n] = aname

    output_node = None
    for n in nodes:
        if n.op == "placeholder":
            continue
        if n.op == "output":
            output_node = n
            continue
        if n.op == "get_attr":
            fn.begin(None)
            L.node = n
            L.env[n] = _constant(L, getattr(gm, n.target), n.target)
            continue
        if n.op != "call_function":
            raise ImporterError("unsupported FX node %s (%s)" % (n.name, n.op))
        packet, overload = _packet(n.target)
        fn.begin((loc_of or _loc)(n, packet))
        L.node = n
        inplace = packet.endswith("_") and not packet.startswith("__")
        base = packet[:-1] if inplace else packet
        handler = lower.HANDLERS.get(base)
        if (handler is None and packet != "getitem") or any(
                a in skipped for a in n.all_input_nodes):
            skipped.add(n)
            if inplace and n.args:
                skipped.add(L.root.get(n.args[0], n.args[0]))
            continue
        if packet == "getitem":
            L.env[n] = L.value(n.args[0])[n.args[1]]
            continue
        args = [L.value(a) for a in n.args]
        kwargs = {k: L.value(v) for k, v in n.kwargs.items() if k not in IGNORED_KWARGS | {"out"}}
        out_node = n.kwargs.get("out")
        try:
            complex_op = lower.complexes.involved(L, n)
            if not complex_op and lower.masked.involved(args, kwargs):
                # x[mask] read (lower/masked.py)
                result = lower.masked.lower(L, n, base, handler, args, kwargs)
                if inplace:
                    target = L.root.get(n.args[0], n.args[0])
                    L.env[target] = result
                    L.root[n] = target
                else:
                    L.env[n] = result
                continue
            if complex_op:  # complex tensors (lower/complexes.py), then as any op
                result = lower.complexes.lower(L, n, base, handler, args, kwargs)
            else:
                result = handler(L, *args, **kwargs)
            if isinstance(out_node, torch.fx.Node):
                # torch.div(a, b, out=v) (spectral norm's power iteration):
                # an in-place write of the result into `out`.
                L.mutate(out_node, result)
                L.root[n] = L.root.get(out_node, out_node)
            elif inplace and base in METADATA_INPLACE:
                # The tensor is seen through a new view (nn.GRU's output
                # stack.transpose_(0, 1)); its data, and so every other view
                # of it, is unchanged. A later write into it is a write into
                # a view (mark_view made this node one): checked by mutate.
                target = L.root.get(n.args[0], n.args[0])
                L.env[target] = result
                L.root[n] = target
            elif inplace:
                L.mutate(n.args[0], result)
                L.root[n] = L.root.get(n.args[0], n.args[0])
            else:
                L.env[n] = result
        except ImporterError as e:
            raise ImporterError("aten.%s%s: %s%s" % (packet, _where(n), e,
                                                   "\n" + missing if missing else ""))
    if missing:
        raise ImporterError(missing)

    # Results: forward outputs, parameter gradients, updated buffers.
    fn.begin(None)
    results = []
    if result_nodes is not None:
        results = [(rname, kind, _result(L, o)) for rname, kind, o in result_nodes]
    else:
        flat = list(output_node.args[0])
        outs, grads = flat[:num_outputs], flat[num_outputs:]
        for i, o in enumerate(outs):
            results.append(("output%d" % i, "output", _result(L, o)))
        for pname, g in zip(param_names, grads):
            if g is None:
                p = L.env[param_nodes[pname]]
                t = fn.filled(p.shape, p.elem, 0.0)
            else:
                t = _result(L, g)
            results.append(("grad." + pname, "grad", t))
        for n, bname in buffer_nodes.items():
            if n in L.mutated:
                results.append(("new." + bname[2:], "buffer", fn.materialize(L.mutated[n])))
        # Parameters the step writes (MoCo's momentum encoder, updated under
        # no_grad in forward): their new values are results too.
        for pname, n in param_nodes.items():
            if n in L.mutated:
                results.append(("new." + pname, "buffer", fn.materialize(L.mutated[n])))
    fn.results = [(t.value, ttype(t.shape, t.elem)) for _, _, t in results]

    header = "// Imported from PyTorch %s by remat-import-torch.\n" % torch.__version__
    if note:
        header += "// %s%s.\n" % (note[0].upper(), note[1:])
    mlir = header + fn.text()
    # Random draws became arguments after the cotangents, in creation order.
    args = list(arg_info)
    for t, node, idx in L.random_inputs:
        v = values[node]
        if idx is not None:
            v = v[idx]
        args.append(("rng." + node.name, "random", v))
    if L.rng_seed is not None:
        args.append(("rng_seed", "seed", torch.tensor(seed, dtype=torch.int64)))
    graph = ImportedGraph(mlir, args, [(n, k) for n, k, _ in results])
    graph.note = note
    graph.lowering = L          # the FX nodes' values (L.env) and the emitted function (L.fn)
    graph.aten_ops = set(_packet(n.target)[0].rstrip("_") for n in nodes if n.op == "call_function")
    return graph


def _result(L, node):
    t = L.value(node)
    if isinstance(t, lower.masked.Masked):
        raise ImporterError("a graph output is x[mask], whose size depends on the data; "
                            "return a reduction of it, or torch.where(mask, x, 0)")
    if not isinstance(t, Tensor):
        raise ImporterError("a graph output is not a tensor: %r" % (t,))
    # A complex result (a complex parameter's gradient: FNO's spectral
    # weights) is written as its view_as_real, as the parameter is taken.
    return L.fn.materialize(t)


def _constant(L, t, name):
    if not has_values(t):  # a fake tensor may carry the constant it stands for
        kept = _kept_value(t)
        t = kept if kept is not None else getattr(t, "constant", None)
        if t is None or not has_values(t):
            raise ImporterError("constant tensor '%s' has no value (fake tensors)" % name)
    if t.numel() > 65536:
        raise ImporterError("constant tensor '%s' has %d elements; pass it as a buffer" % (name, t.numel()))
    # (read outside any fake mode: AOTAutograd calls the 2.x partition
    # function inside its own, and a constant made in forward,
    # torch.tensor(8) in Hugging Face's attention, is a real tensor)
    with no_dispatch():
        if t.dtype.is_complex:  # as view_as_real (lower/complexes.py)
            t = torch.view_as_real(t.detach().resolve_conj())
        flat = t.detach().reshape(-1).tolist()
    elem = elem_of(t.dtype)
    cname = L.fn.fresh("cst")
    ty = ttype(tuple(t.shape), elem)
    if len(set(flat)) == 1 and flat:
        L.fn.line("%s = arith.constant dense<%s> : %s" % (cname, fmt_const(flat[0], elem), ty))
    else:
        L.fn.line("%s = arith.constant dense<[%s]> : %s" % (
            cname, ", ".join(fmt_const(v, elem) for v in flat),
            ttype((t.numel(),), elem)))
        L.fn.current[1][-1] = (L.fn.current[1][-1][0], True)
        r = L.fn.reshape(Tensor(cname, (t.numel(),), elem), tuple(t.shape))
        return r
    return Tensor(cname, tuple(t.shape), elem)
