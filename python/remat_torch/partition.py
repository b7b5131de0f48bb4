"""remat's decisions as AOTAutograd's partition function.

    import remat_torch
    fn = remat_torch.partition()                   # policy="peak", remat's default
    fw, bw = fn(joint_module, joint_inputs)        # AOTAutograd's signature

The joint FX graph AOTAutograd traced is lowered with the importer's
lowering (capture._lower), every op located by the FX node it comes from.
remat-opt runs the pipeline (split-destinations, mark, materialize,
schedule) and reports the saved set; the saved MLIR values are mapped back
to FX nodes, and PyTorch's own _extract_fwd_bwd_modules builds the forward
(returning exactly those values) and the backward (recomputing everything
else it needs from them). The backward's nodes are then put in remat's
schedule: each recomputed node just before its first backward consumer.
Random ops are never recomputed (their draws are saved). Whatever goes
wrong (unsupported ops, no remat-opt, a remat-opt error) falls back to
PyTorch's default partition with one warning.
"""

import concurrent.futures
import copy
import inspect
import json
import operator
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import warnings

import torch
import torch.fx

from . import capture, lower
from .lower.views import FOREIGN_STORAGE
from .mlir import ImporterError, split_ops

try:  # PyTorch 2.x
    from torch._functorch import partitioners as _pt
except ImportError:  # 1.13
    from functorch._src import partitioners as _pt

__all__ = ["partition", "find_remat_opt", "RematFallback", "EagerStep"]

_TORCH2 = capture._TORCH2

# aten ops whose result shares its first operand's storage (for the bytes
# autograd holds: a saved view keeps its base alive).
VIEW_OPS = {"view", "_unsafe_view", "_reshape_alias", "reshape", "t", "transpose", "permute",
            "expand", "squeeze", "unsqueeze", "slice", "select", "alias", "detach",
            "as_strided", "diagonal", "split", "split_with_sizes", "chunk", "unbind",
            "unsafe_split", "view_as", "expand_as", "narrow", "unfold"}

# Views followed from an input the forward writes in place (_build): the
# storage-sharing ops, complex views of it, and the pieces of a split.
_MUTATED_VIEWS = VIEW_OPS | {"view_as_real", "view_as_complex", "getitem"}

_OPTION_RE = re.compile(r"^[A-Za-z0-9_.\-\\\[\]+*^$|(){}?]+$")


class RematFallback(Exception):
    """Why remat left a graph to PyTorch's default partition."""


class EagerStep(Exception):
    """Raised out of the partition, when `eager_on_untrusted` is set (by
    remat_torch.compile, which then trains the step eagerly), for a joint
    graph whose gradients PyTorch's own partition would get wrong: on 1.13,
    AOTAutograd's trace of an in-place write into a slice read later
    through another view (as_strided over another tensor's storage) gives
    wrong gradients (aot_module with no partition of remat's at all does
    too)."""


def find_remat_opt(path=None):
    """`path`, else $REMAT_OPT, else a bin beside this package, else PATH."""
    if path:
        return path
    if os.environ.get("REMAT_OPT"):
        return os.environ["REMAT_OPT"]
    here = os.path.dirname(os.path.abspath(__file__))
    # (the source tree's build, a bin beside python/, and an installed
    # PREFIX/lib/python/remat_torch beside PREFIX/bin as remat-import-torch
    # finds it)
    for cand in (os.path.join(here, "..", "..", "build", "bin", "remat-opt"),
                 os.path.join(here, "..", "..", "bin", "remat-opt"),
                 os.path.join(here, "..", "..", "..", "bin", "remat-opt")):
        if os.path.isfile(cand) and os.access(cand, os.X_OK):
            return os.path.normpath(cand)
    return shutil.which("remat-opt")


def _packet(node):
    return capture._packet(node.target)[0] if node.op == "call_function" else None


def _is_random(node):
    p = _packet(node)
    return p is not None and p.rstrip("_") in lower.RANDOM_OPS


def _is_tangent(node):
    return node.op == "placeholder" and "tangents" in str(node.target)


def _checkpointed(n):
    """Whether torch.utils.checkpoint asks that `n` be recomputed."""
    tag = n.meta.get("recompute")
    name = getattr(tag, "name", None)
    return "remat_checkpoint" in n.meta or name in ("MUST_RECOMPUTE", "PREFER_RECOMPUTE") or \
        (name is None and bool(tag))


def _copy_checkpoint_tags(src, dst):
    """A node made in place of part of `src` belongs to its checkpointed
    call (its meta says so)."""
    for key in ("remat_checkpoint", "recompute", "ac_graph_id"):
        if key in src.meta:
            dst.meta[key] = src.meta[key]


def _checkpoint_policies(jm, fwd_outs):
    """{FX node name: "recompute" | "save"}: what torch.utils.checkpoint
    asks of the joint graph's forward nodes. A node traced inside a
    checkpointed call (1.13: `meta["remat_checkpoint"]`, see
    capture.checkpoint_as_call; 2.x: `meta["recompute"]`, whose
    MUST_SAVE is a save) is recomputed for backward, as eager recomputes
    the call, unless a later checkpointed call reads it (or what it is an
    item or a view of): that is left to remat, as 2.x's partitioner saves
    region boundaries. Random draws stay saved."""
    forward = _forward_needed(fwd_outs)
    region, policy = {}, {}
    for n in jm.graph.nodes:
        if n.op != "call_function" or _is_random(n):
            continue
        if _checkpointed(n):
            region[n] = n.meta.get("remat_checkpoint", ("ac", n.meta.get("ac_graph_id")))
        elif getattr(n.meta.get("recompute"), "name", None) == "MUST_SAVE":
            policy[n.name] = "save"
    # What a later checkpointed call reads, and what that is a view or an
    # item of (a LayerNorm's output is an item of its node: the ops that
    # compute it are the node's), back to the op that computes it. (What
    # only other ops read is recomputed with its call, as 2.x's partitioner
    # does: the call is recomputed for its own backward anyway.)
    leaves = [n for n, r in region.items() if n in forward and any(
        u in forward and region.get(u, r) != r for u in n.users if u.op != "output")]
    kept = set()
    while leaves:
        n = leaves.pop()
        if n in kept:
            continue
        kept.add(n)
        base = n.args[0] if n.args else None
        if isinstance(base, torch.fx.Node) and region.get(base) == region[n] and \
                _packet(n) in _MUTATED_VIEWS:
            leaves.append(base)
    for n in region:
        if n in forward and n not in kept:
            policy[n.name] = "recompute"
    return policy


def _with_policy(line, policy, whole):
    """The first line of a lowered op (`whole`: the op's only line) with
    `remat.policy = "<policy>"` added, in that op's custom syntax; None
    where the form is not one known here (the op is then left to remat's
    policy)."""
    m = re.match(r"^(\s*%[A-Za-z_][A-Za-z0-9_]*(?::\d+)? = )([a-z_]+\.[a-z_0-9.]+)(.*)$", line)
    if not m:
        return None
    head, name, rest = m.groups()
    attr = 'remat.policy = "%s"' % policy
    if name == "linalg.generic" and rest.startswith(" {"):
        return head + name + " {" + attr + ", " + rest[2:]
    if name == "linalg.softmax":
        return head + name + " {" + attr + "}" + rest
    if name in ("linalg.fill", "linalg.matmul", "linalg.batch_matmul") or \
            name.startswith("linalg.conv_"):
        at = rest.find(" ins(")
        if at < 0:
            return None
        before = rest[:at]
        if before.endswith("}"):  # (a convolution's strides and dilations)
            return head + name + before[:-1] + ", " + attr + "}" + rest[at:]
        return head + name + before + " {" + attr + "}" + rest[at:]
    if name in ("tensor.expand_shape", "tensor.collapse_shape", "tensor.extract_slice",
                "tensor.insert_slice", "tensor.concat"):
        at = rest.rfind(" : ")
        if not whole or at < 0 or rest[:at].rstrip().endswith("}"):
            return None
        return head + name + rest[:at] + " {" + attr + "}" + rest[at:]
    return None


def _tensor_bytes(v):
    if not isinstance(v, torch.Tensor):
        return 0
    return v.numel() * v.element_size()


class _NotConstant(Exception):
    pass


def _constant_indices(gm):
    """repeat_interleave(repeats) has a length that depends on the repeats'
    values, which fake tensors do not hold. x.repeat_interleave(2, dim)
    traces its repeats as a constant the graph builds (empty, fill, reshape,
    expand, from no input): for those nodes, the indices computed for real,
    here, before the fake run."""
    cache = {}

    def real(n):
        if not isinstance(n, torch.fx.Node):
            return n
        if n not in cache:
            if n.op == "get_attr":
                v = gm
                for part in n.target.split("."):
                    v = getattr(v, part)
            elif n.op == "call_function":
                args = torch.fx.node.map_arg(n.args, real)
                kwargs = torch.fx.node.map_arg(n.kwargs, real)
                v = n.target(*args, **kwargs)
            else:
                raise _NotConstant()
            cache[n] = v
        return cache[n]

    found = {}
    for n in gm.graph.nodes:
        if n.op == "call_function" and n.target is torch.ops.aten.repeat_interleave.Tensor:
            try:
                found[n] = real(n)
            except _NotConstant:
                pass
    return found


_LIFTS = tuple(getattr(torch.ops.aten, name).default
               for name in ("lift_fresh_copy", "lift_fresh") if hasattr(torch.ops.aten, name))


def _fake_values(gm, joint_inputs):
    """Shapes and dtypes of every node: the joint graph run on fake tensors
    (no memory, no kernels); constants are read from the module."""
    from torch._subclasses import FakeTensorMode
    constants = _constant_indices(gm)
    flat = []
    for group in joint_inputs:
        flat.extend(group if isinstance(group, (list, tuple)) else [group])
    mode = FakeTensorMode()
    values = {}

    class Recorder(torch.fx.Interpreter):
        def run_node(self, n):
            if _packet(n) in capture.VALUE_SHAPED:
                # a shape from values that fake tensors get wrong, silently
                raise RuntimeError("%s: its output shape depends on values" % n.target)
            if n.op == "call_function" and n.target in _LIFTS:
                # 1.13's fake tensors recurse forever on lift_fresh_copy of a
                # graph constant (torch.tensor([...]) in forward): it is a copy
                r = values[n.args[0]]
                values[n] = r
                return r
            r = mode.from_tensor(constants[n]) if n in constants else super().run_node(n)
            if n.op == "get_attr" and isinstance(r, torch.Tensor) and \
                    not isinstance(r, torch._subclasses.FakeTensor):
                r = mode.from_tensor(r)  # a constant of the graph (ViT's index_put value)
            values[n] = r
            return r

    with mode:
        fake = [mode.from_tensor(t) if isinstance(t, torch.Tensor) else t for t in flat]
        try:
            Recorder(gm).run(*fake)
        except Exception as e:
            # masked_select, nonzero (a data-dependent shape); or an op whose
            # fake-tensor rule is wrong in this PyTorch (1.13's _cdist_forward
            # with compute_mode=None): shapes from a real run instead.
            dynamic = "%s: %s" % (type(e).__name__, str(e).split("\n")[0])
        else:
            return values
    return _real_values(gm, flat, dynamic)


def _real_values(gm, flat, dynamic):
    """The joint graph run on the real example inputs, where fake tensors
    cannot say a shape (masked_select of the non-ignored targets in 1.13's
    label-smoothed cross-entropy): the lowering keeps a selection at its
    full shape beside its mask (lower/masked.py), so the decision holds for
    every batch. The random state is restored: the step itself
    draws the same masks."""
    if any(isinstance(t, torch._subclasses.FakeTensor) for t in flat):
        raise RematFallback("the joint graph cannot run on fake tensors (%s); remat "
                            "needs its static shapes" % dynamic)
    values = {}

    class Recorder(torch.fx.Interpreter):
        def run_node(self, n):
            r = super().run_node(n)
            values[n] = r
            return r

    devices = [t.device for t in flat if isinstance(t, torch.Tensor) and t.is_cuda]
    with torch.random.fork_rng(devices=sorted({d.index or 0 for d in devices})), torch.no_grad():
        Recorder(gm).run(*[t.detach() if isinstance(t, torch.Tensor) else t for t in flat])
    return values


_POLICIES = ("peak", "none", "manual", "selective", "segments", "budget")
# remat-mark's options a partition may pass (-remat-pipeline's sub-options).
_OPTIONS = {"flops-per-byte", "max-recompute", "max-growth", "prefer", "segments", "group",
            "every", "solver", "time-limit", "exact-limit", "explain", "attention",
            "attention-block-q", "attention-block-k", "accumulators"}


# policy="budget": how many steps between the smallest peak remat reaches
# and the unrematerialized one are tried (remat-opt runs: this plus 5:
# the report, the probe for the smallest peak, the grid's last point and
# the two other policies).
_BUDGET_GRID = 8

# A budget in bytes as text: 12000, '16MiB', '2.5 GiB'.
_BUDGET_RE = re.compile(r"^\s*([0-9]+(?:\.[0-9]*)?)\s*([KMG]i?B|B)?\s*$")


def _check_budget(b):
    """A budget is bytes (an int >= 0, or '16MiB'), or a fraction of what
    PyTorch holds in (0, 1]."""
    if isinstance(b, bool) or not isinstance(b, (int, float, str)):
        raise ValueError("remat_torch.partition: budget must be bytes (an int, or a string like "
                         "'16MiB') or a fraction in (0, 1], got %r" % (b,))
    if isinstance(b, float) and not (0 < b <= 1):
        raise ValueError("remat_torch.partition: a float budget is a fraction in (0, 1] of what "
                         "PyTorch holds, got %r (bytes are an int or a string like '16MiB')" % b)
    if isinstance(b, int) and b < 0:
        raise ValueError("remat_torch.partition: budget of %d bytes: must be >= 0" % b)
    if isinstance(b, str) and not _BUDGET_RE.match(b):
        raise ValueError("remat_torch.partition: budget %r: bytes like 12000, '16MiB', or a "
                         "fraction" % b)


def _format_option(key, value):
    key = key.replace("_", "-")
    text = str(value)
    if not _OPTION_RE.match(key) or not _OPTION_RE.match(text):
        raise ValueError("remat_torch.partition: bad option %s=%r" % (key, value))
    return "%s=%s" % (key, text)


class _Partitioner:
    def __init__(self, policy, budget, remat_opt, options):
        # Bad values are errors here, not a warning at the first step and
        # PyTorch's partition after it.
        if policy not in _POLICIES:
            raise ValueError("remat_torch.partition: unknown policy %r; accepted: %s"
                             % (policy, ", ".join(_POLICIES)))
        unknown = sorted(k for k in options if k.replace("_", "-") not in _OPTIONS)
        if unknown:
            raise ValueError("remat_torch.partition: unknown option %s; accepted: %s" % (
                ", ".join(unknown), ", ".join(sorted(o.replace("-", "_") for o in _OPTIONS))))
        if budget is not None:
            _check_budget(budget)
        if budget is not None and policy not in ("budget",):
            raise ValueError("remat_torch.partition: budget= needs policy='budget'")
        if policy == "budget" and budget is None:
            raise ValueError("remat_torch.partition: policy='budget' needs budget= (bytes, or a "
                             "fraction of what PyTorch holds without rematerialization)")
        grouping = [k for k in ("segments", "group") if options.get(k) is not None]
        if policy == "segments" and len(grouping) != 1:
            raise ValueError("remat_torch.partition: policy='segments' needs exactly one of "
                             "segments= (a number, or 'sqrt') and group= (a regex)")
        if policy != "segments" and grouping:
            raise ValueError("remat_torch.partition: %s= applies only to policy='segments'"
                             % grouping[0])
        self.policy = policy
        self.budget = budget
        self.remat_opt = remat_opt
        self.options = dict(options)
        # PyTorch keeps the step's results (parameter gradients, .grad) and
        # the optimizer's state beside what autograd holds: at the lowest
        # peak, remat holds the fewest bytes (-remat-mark's prefer=saved).
        if policy == "peak":
            self.options.setdefault("prefer", "saved")
        for k, v in self.options.items():
            _format_option(k, v)  # reject bad options now, not at the first step
        self.stats = []
        self.eager_on_untrusted = False  # remat_torch.compile sets it (EagerStep)
        self.checkpoints = True  # honour torch.utils.checkpoint (partition() sets it)
        self._warned = set()
        self._mincut_kwargs = {}

    # -- entry point -------------------------------------------------------
    def __call__(self, joint_module, _joint_inputs, *, num_fwd_outputs=None, compiler=None, **_):
        start = time.perf_counter()
        # min-cut, remat's yardstick, recomputes more under Inductor
        # (compiler="inductor": fusible ops are nearly free there).
        self._mincut_kwargs = {"compiler": compiler} if compiler else {}
        try:
            fw, bw, record = self._partition(joint_module, _joint_inputs, num_fwd_outputs)
        except Exception as e:  # never fail the user's step
            if os.environ.get("REMAT_PARTITION_TRACEBACK") and not isinstance(e, RematFallback):
                import traceback
                traceback.print_exc()
            reason = str(e) if isinstance(e, RematFallback) else \
                "remat partition failed (%s: %s)" % (type(e).__name__, str(e).split("\n")[0])
            if self.eager_on_untrusted and not _TORCH2 and isinstance(e, RematFallback) and \
                    FOREIGN_STORAGE in reason:
                raise EagerStep(reason) from None
            # Under Inductor, PyTorch's own partition is its min-cut (what
            # torch.compile would have run), elsewhere the default partition.
            mincut = _mincut(joint_module, _joint_inputs, num_fwd_outputs,
                             **self._mincut_kwargs) if self._mincut_kwargs else None
            self._warn(reason + "; this graph uses PyTorch's %s partition" %
                       ("min-cut (Inductor's)" if mincut else "default"))
            if os.environ.get("REMAT_PARTITION_RAISE") and not isinstance(e, RematFallback):
                raise
            fw, bw = mincut[1:] if mincut else \
                _default_partition(joint_module, _joint_inputs, num_fwd_outputs)
            held, draws = self._held(fw, bw)
            record = {"policy": self.policy, "fallback": reason, "ops": 0,
                      "fx_nodes": sum(1 for n in joint_module.graph.nodes if n.op == "call_function"),
                      "recompute_regions": 0, "recompute_flops": 0, "step_flops": None,
                      "remat_saved_bytes": None,
                      "remat_peak_bytes": None, "saved_bytes": held, "draw_bytes": draws,
                      "recomputed": [], "approximated": []}
        else:
            if self.checkpoints and self.policy != "none":
                try:
                    draws = _checkpointed_draw_bytes(fw, bw)
                except Exception:  # (a report: never fail the step)
                    draws = 0
                if draws:
                    self._warn("random draws made inside torch.utils.checkpoint are held for "
                               "backward: %d B of dropout masks (a CPU draw is re-drawn from the "
                               "generator's state where its mask is saved; not on CUDA, under "
                               "Inductor, for a draw that reads values, a mask smaller than the "
                               "state, or a mask saved as a value computed from it; counted for "
                               "calls whose masks take more than a state)" % draws)
        record["decide_s"] = time.perf_counter() - start
        self.stats.append(record)
        return fw, bw

    def _held(self, fw, bw):
        return _held_bytes(fw, bw, inductor=self._mincut_kwargs.get("compiler") == "inductor")

    def _warn(self, message):
        key = message.split(":")[0] if "unsupported" not in message else message
        if key in self._warned:
            return
        self._warned.add(key)
        warnings.warn("remat_torch: " + message, RuntimeWarning, stacklevel=3)

    # -- the work ----------------------------------------------------------
    def _partition(self, jm, joint_inputs, num_fwd_outputs):
        tool = find_remat_opt(self.remat_opt)
        if not tool or not os.path.exists(tool):
            raise RematFallback("remat-opt not found (set REMAT_OPT or pass remat_opt=)")
        missing = capture._unsupported(list(jm.graph.nodes))
        if missing:
            ops = [line.strip().split(":")[0] for line in missing.split("\n")[1:]]
            raise RematFallback("unsupported ops in the joint graph: %s" % ", ".join(ops))
        # A copy: the fallback partitions the graph AOTAutograd gave.
        given = jm
        jm = _common_subexpressions(_split_batch_norms(_split_dropouts(jm)))
        graph = jm.graph
        nodes = list(graph.nodes)
        values = _fake_values(jm, joint_inputs)
        for n in graph.nodes:  # the nodes _split_dropouts made have no meta yet
            if "val" not in n.meta and n in values:
                n.meta["val"] = values[n]
        fwd_outs, bwd_outs = self._outputs(jm, num_fwd_outputs)

        # (policy="none" recomputes nothing, checkpoints included)
        text, ops, value_of, honoured = self._lower(jm, values, fwd_outs, bwd_outs,
                                                     self.checkpoints and self.policy != "none")
        if honoured:
            # (the policies are written into each op's own syntax: should
            # one not parse, the checkpoints are dropped, not the graph)
            try:
                self._run(tool, text, None, report=False)
            except RematFallback as e:
                self._warn("torch.utils.checkpoint regions not honoured, remat decides them: %s"
                           % e)
                text, ops, value_of, honoured = self._lower(jm, values, fwd_outs, bwd_outs,
                                                             False)
        # the order of this graph's nodes, and which are forward
        order = {n: i for i, n in enumerate(nodes)}

        budget_opt = None
        if self.policy == "budget":
            budget_opt = self._budget_bytes(jm, joint_inputs, values, num_fwd_outputs, tool, text)
        fw, bw, record = self._decide(jm, values, fwd_outs, tool, text, ops, value_of, order,
                                      num_fwd_outputs, budget_opt)
        if honoured and record["recompute_regions"] == 0 and self.policy in ("selective",
                                                                            "segments"):
            # Materialize undoes regions that raise the peak, the checkpointed
            # calls' with the policy's own (a 3-block ViT under selective:
            # nothing recomputed, 9x eager checkpointing's bytes). remat-mark
            # keeps the checkpoints alone where they reach a lower peak (a
            # remark, warned in _run); this guard stays behind it for bytes
            # held: the checkpoints alone, if they hold less.
            out, rep = self._run(tool, text, "policy=manual")
            alone = self._build(jm, values, out, rep, ops, value_of, order, num_fwd_outputs)
            if alone[2]["saved_bytes"] < record["saved_bytes"]:
                self._warn("policy=%s recomputed nothing: its decisions raised the peak and were "
                           "undone with the torch.utils.checkpoint regions; this graph recomputes "
                           "the checkpointed calls alone (policy=manual)" % self.policy)
                fw, bw, record = alone
        if self.policy == "peak" and "max_recompute" not in self.options:
            fw, bw, record = self._within_mincut(given, joint_inputs, num_fwd_outputs, fw, bw,
                                                 record, lambda: self._decide(
                                                     jm, values, fwd_outs, tool, text, ops,
                                                     value_of, order, num_fwd_outputs, None),
                                                 lambda held: self._decide(
                                                     jm, values, fwd_outs, tool, text, ops,
                                                     value_of, order, num_fwd_outputs, held,
                                                     warn=False))
        if _TORCH2 and _reads_mutated_input(given, bw):
            # (a buffer updated under no_grad, then read by the loss: the
            # backward would recompute from the input AOTAutograd writes
            # after the forward, and autograd refuses it)
            raise RematFallback("remat's backward would recompute from an input the forward "
                                "writes in place (a buffer updated under no_grad)")
        # Never hold more than PyTorch's own default partition (what eager
        # holds), whatever the policy and its options: policy="none" on
        # Swin V2 saves F.normalize's x / norm beside the contiguous copy
        # its product reads (52,872 B against 46,728 B).
        dfw, dbw = _default_partition(given, joint_inputs, num_fwd_outputs)
        default_held, default_draws = self._held(dfw, dbw)
        if self.policy != "budget" and record["saved_bytes"] > default_held and \
                not _reads_mutated_input(given, dbw):
            # (a default partition that recomputes a checkpointed batch
            # norm in backward fails there: remat's partition stays)
            self._warn("remat's saved set holds %d B, PyTorch's default partition %d B: "
                       "this graph uses the default partition" % (record["saved_bytes"], default_held))
            record.update({"above_default": record["saved_bytes"], "saved_bytes": default_held,
                           "draw_bytes": default_draws, "recomputed": [],
                           "recompute_regions": 0, "recompute_flops": 0})
            return dfw, dbw, record
        return fw, bw, record

    # The default policy caps recomputation at 5% of the step's FLOPs, where
    # min_cut_rematerialization_partition has no cap (it recomputes any
    # fusible op): on small models, whose elementwise ops are a large share
    # of the FLOPs, the cap alone can leave remat holding more. The
    # partition then raises it, in these steps, until remat holds at most
    # what min-cut does. Where the lowest peak itself needs more bytes held
    # (GRU: holding less raises the peak), the lower-peak of remat's budget
    # policy at min-cut's bytes and its selective policy is taken, of those
    # that fit; where neither does, min-cut's own partition: the default
    # never holds more than min-cut.
    _MINCUT_CAPS = (0.2, 1.0)

    def _within_mincut(self, given, joint_inputs, num_fwd_outputs, fw, bw, record, decide,
                       decide_budget):
        """remat's partition (fw, bw), or one decided with a higher FLOPs
        cap or within min-cut's bytes, holding at most what PyTorch's
        min-cut partition holds on the same joint graph (min-cut's own
        partition where remat finds none), when min-cut can partition it."""
        mincut = _mincut(given, joint_inputs, num_fwd_outputs, **self._mincut_kwargs)
        if mincut is None:
            return fw, bw, record
        held, mfw, mbw = mincut
        if record["saved_bytes"] <= held:
            return fw, bw, record
        first = record["saved_bytes"]
        options, policy = dict(self.options), self.policy
        try:
            for cap in self._MINCUT_CAPS:
                self.options["max_recompute"] = cap
                fw2, bw2, record2 = decide()
                if record2["saved_bytes"] < record["saved_bytes"]:
                    fw, bw, record = fw2, bw2, record2
                    record["max_recompute"] = cap
                if record["saved_bytes"] <= held:
                    break
            if record["saved_bytes"] > held:
                # Within min-cut's bytes: remat's budget policy at them, and
                # the selective policy (it holds the least); the lower
                # predicted peak of those that fit.
                self.options = {k: v for k, v in options.items()
                                if k not in ("prefer", "max_recompute")}
                fits = []
                for pol in ("budget", "selective"):
                    self.policy = pol
                    try:
                        got = decide_budget(held) if pol == "budget" else decide()
                    except RematFallback:
                        continue
                    r = got[2]
                    # Never more recomputation than the step's own FLOPs
                    # (the caps above stop there too): selective may redo
                    # every small GEMM, where min-cut's own partition is
                    # the better trade.
                    if r["saved_bytes"] <= held and (
                            not r.get("step_flops") or r["recompute_flops"] <= r["step_flops"]):
                        fits.append((r["remat_peak_bytes"], r["recompute_flops"], len(fits), got,
                                     pol))
                if fits:
                    _, _, _, (fw, bw, record), pol = min(fits)
                    record["policy"] = policy
                    record["within_mincut_by"] = pol
        finally:
            self.options, self.policy = options, policy
        if record["saved_bytes"] > held and _reads_mutated_input(given, mbw):
            # min-cut recomputes in backward from an input the forward
            # writes (a checkpointed BatchNorm's running statistics: 2.x
            # tags the checkpoint's nodes for recomputation, which min-cut
            # obeys), so its backward would fail on the version counter:
            # remat's own partition stays.
            self._warn("remat's saved set holds %d B, PyTorch's min-cut partition %d B, but "
                       "min-cut's backward reads an input the forward writes in place: this "
                       "graph keeps remat's partition" % (record["saved_bytes"], held))
            return fw, bw, record
        if record["saved_bytes"] > held:
            self._warn("remat's saved set holds %d B within 100%% recomputation, PyTorch's "
                       "min-cut partition %d B: this graph uses min-cut's partition"
                       % (record["saved_bytes"], held))
            _, draws = self._held(mfw, mbw)
            record.update({"mincut_fallback": record["saved_bytes"], "saved_bytes": held,
                           "draw_bytes": draws, "recomputed": [], "recompute_regions": 0,
                           "recompute_flops": 0, "remat_saved_bytes": None,
                           "remat_peak_bytes": None})
            record.pop("max_recompute", None)
            fw, bw = mfw, mbw
        record["above_mincut"] = first
        record["mincut_saved_bytes"] = held
        return fw, bw, record

    def _outputs(self, jm, num_fwd_outputs):
        out = [n for n in jm.graph.nodes if n.op == "output"][0]
        flat = torch.utils._pytree.tree_flatten(out.args)[0]
        if num_fwd_outputs is None:
            num_fwd_outputs = jm._out_spec.children_specs[0].num_leaves
        return flat[:num_fwd_outputs], flat[num_fwd_outputs:]

    def _lower(self, jm, values, fwd_outs, bwd_outs, checkpoints):
        placeholders = [n for n in jm.graph.nodes if n.op == "placeholder"]
        arg_info = [(n.name, "cotangent" if _is_tangent(n) else "input", values.get(n))
                    for n in placeholders]
        results = [("out%d" % i, "output", o) for i, o in enumerate(fwd_outs + bwd_outs)
                   if isinstance(o, torch.fx.Node)]
        if not any(_is_tangent(n) and n.users for n in placeholders):
            raise RematFallback("no gradient flows into this graph")
        try:
            g = capture._lower(jm, values, arg_info, "joint", len(fwd_outs), [], [],
                               loc_of=lambda n, packet: n.name, result_nodes=results)
        except ImporterError as e:
            raise RematFallback("the joint graph cannot be lowered: %s" % str(e).split("\n")[0])
        L = g.lowering
        fn = L.fn
        keep = fn.live_ops()
        policies = _checkpoint_policies(jm, fwd_outs) if checkpoints else {}
        honoured = 0
        # One location per op, "<fx node>|<group>.<op>", and what each op defines.
        ops = {}
        lines = []
        for gi, (loc, glines) in enumerate(fn.groups):
            for k, op in enumerate(split_ops(glines)):
                if (gi, k) not in keep:
                    continue
                key = "%s|%d.%d" % (loc or "", gi, k)
                defs = []
                for j, (text_, ends) in enumerate(op):
                    m = re.match(r"^\s*(%[A-Za-z_][A-Za-z0-9_]*)(?::(\d+))?\s*=", text_)
                    if m and not defs:
                        count = int(m.group(2) or 1)
                        defs = [m.group(1)] if count == 1 else \
                            ["%s#%d" % (m.group(1), r) for r in range(count)]
                    if j == 0 and loc in policies:
                        tagged = _with_policy(text_, policies[loc], ends)
                        honoured += tagged is not None
                        text_ = tagged or text_
                    lines.append("  " + text_ + (' loc("%s")' % key if ends else ""))
                ops[key] = (loc, defs)
        args = ",\n    ".join("%s: %s%s" % (s, t, " {%s}" % a if a else "") for s, t, a in fn.args)
        rtypes = ", ".join(t for _, t in fn.results)
        text = ("func.func @joint(%s)\n    -> (%s) {\n%s\n  return %s : %s\n}\n" % (
            args, rtypes, "\n".join(lines), ", ".join(s for s, _ in fn.results), rtypes))
        # SSA value -> the FX nodes whose value it is (views share it).
        value_of = {}
        for n in jm.graph.nodes:
            v = L.env.get(L.root.get(n, n))
            if isinstance(v, capture.Tensor) and n.op == "call_function":
                value_of.setdefault(v.value, []).append((v, n))
        return text, ops, value_of, honoured

    def _run(self, tool, text, pipeline, report=True):
        with tempfile.TemporaryDirectory(prefix="remat-partition-") as d:
            src = os.path.join(d, "joint.mlir")
            with open(src, "w") as f:
                f.write(text)
            cmd = [tool, src]
            if pipeline:
                cmd.append("-remat-pipeline=%s" % pipeline)
            if report:
                cmd.append("-remat-report=format=json file=%s" % os.path.join(d, "r.json"))
            cmd += ["-mlir-print-debuginfo", "-mlir-print-local-scope",
                    "-o", os.path.join(d, "out.mlir")]
            try:
                p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
            except (OSError, subprocess.TimeoutExpired) as e:
                raise RematFallback("remat-opt could not run (%s)" % e)
            if p.returncode != 0:
                first = next((l for l in p.stderr.splitlines() if "error" in l), p.stderr.strip())
                raise RematFallback("remat-opt failed (exit %d)%s" % (
                    p.returncode, ": " + first[:300] if first else ""))
            # remat-mark dropped selective's or segments' decisions for
            # raising the peak beside the checkpointed calls (a remark).
            kept = re.search(r"remark: remat: policy=(\w+)'s decisions with the input's recompute "
                             r"marks peak at (\d+) bytes once materialized, the marks alone at "
                             r"(\d+) bytes", p.stderr)
            if kept:
                self._warn("policy=%s's decisions raised the peak beside the "
                           "torch.utils.checkpoint regions (%s B against %s B): this graph "
                           "recomputes the checkpointed calls alone" % kept.groups())
            with open(os.path.join(d, "out.mlir")) as f:
                out = f.read()
            rep = None
            if report:
                with open(os.path.join(d, "r.json")) as f:
                    rep = json.load(f)["functions"][0]
        return out, rep

    def _run_all(self, tool, text, pipelines):
        """_run for each pipeline, as many at a time as there are CPUs:
        (out, report) or the exception each raised, in order."""
        def one(pipeline):
            try:
                return self._run(tool, text, pipeline, report=True)
            except Exception as e:  # (raised by the caller, in order)
                return e
        cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else \
            (os.cpu_count() or 1)
        workers = max(1, min(len(pipelines), cpus))
        if workers == 1:
            return [one(p) for p in pipelines]
        with concurrent.futures.ThreadPoolExecutor(workers) as pool:
            return list(pool.map(one, pipelines))

    def _pipeline(self, budget_peak=None):
        opts = ["policy=%s" % self.policy]
        for k, v in self.options.items():
            opts.append(_format_option(k, v))
        if budget_peak is not None:
            opts.append("budget=%d" % int(budget_peak))
        return " ".join(opts)

    def _decide(self, jm, values, fwd_outs, tool, text, ops, value_of, order, num_fwd_outputs,
                budget, warn=True):
        if budget is None:
            out, rep = self._run(tool, text, self._pipeline())
            return self._build(jm, values, out, rep, ops, value_of, order, num_fwd_outputs)
        # policy=budget: remat's budget is a peak; the user's is the bytes
        # autograd holds. The decisions tried do not depend on the bytes
        # asked for, so a larger budget never gets more recompute FLOPs (a
        # bisection towards each budget did: on a tied LM, 65,536 B took
        # 120% of the step's FLOPs where 40,000 B had found a decision
        # holding 49,152 B for 33%): remat's budget policy at peak budgets
        # evenly spread from the smallest peak it reaches to the
        # unrematerialized one, and the policies that hold fewer bytes (the
        # peak policy preferring saved bytes, selective: a min-cut on them;
        # held bytes are not monotone in the peak).
        # (the remat-opt runs of each round run side by side: 13 serial
        # runs took 30-45 s per graph on a 2-layer nanoGPT)
        first, probe = self._run_all(tool, text, [None, self._pipeline(1)])
        if isinstance(first, Exception):
            raise first
        top = first[1]["peak_bytes"]
        floor = None
        if isinstance(probe, RematFallback):
            m = re.search(r"smallest peak[^:]*:\s*([0-9]+)", str(probe))
            if m:
                floor = int(m.group(1))
        elif isinstance(probe, Exception):
            raise probe
        targets = [top] if floor is None or floor >= top else \
            sorted({floor + (top - floor) * i // _BUDGET_GRID for i in range(_BUDGET_GRID + 1)})
        tries = [(self.policy, self.options, t) for t in targets]
        kept = {k: v for k, v in self.options.items() if k == "flops_per_byte"}
        tries += [("peak", dict(kept, prefer="saved", max_recompute=1.0), None),
                  ("selective", kept, None)]
        best_fit, least = None, None
        policy, options = self.policy, self.options
        pipelines = []
        for pol, opts, target in tries:
            self.policy, self.options = pol, opts
            try:
                pipelines.append(self._pipeline(target))
            finally:
                self.policy, self.options = policy, options
        for (pol, opts, target), got in zip(tries, self._run_all(tool, text, pipelines)):
            if isinstance(got, RematFallback):
                continue
            if isinstance(got, Exception):
                raise got
            out, rep = got
            fw, bw, record = self._build(jm, values, out, rep, ops, value_of, order,
                                         num_fwd_outputs)
            if os.environ.get("REMAT_PARTITION_DEBUG"):
                print("remat_torch: %s%s: holds %d B, recompute %d FLOPs" % (
                    pol, "" if target is None else " peak budget %d" % target,
                    record["saved_bytes"], record["recompute_flops"]))
            key = (record["recompute_flops"], record["saved_bytes"])
            if record["saved_bytes"] <= budget and (
                    best_fit is None or key < (best_fit[2]["recompute_flops"],
                                               best_fit[2]["saved_bytes"])):
                best_fit = (fw, bw, record)
            if least is None or (record["saved_bytes"], record["recompute_flops"]) < \
                    (least[2]["saved_bytes"], least[2]["recompute_flops"]):
                least = (fw, bw, record)
        best = best_fit or least
        if best is None:
            raise RematFallback("policy=budget found no schedule")
        fw, bw, record = best
        record["budget"] = budget
        if record["saved_bytes"] > budget and warn:
            self._warn("budget of %d bytes not reached: this graph holds %d bytes for backward"
                       % (budget, record["saved_bytes"]))
        return fw, bw, record

    def _budget_bytes(self, jm, joint_inputs, values, num_fwd_outputs, tool, text):
        b = self.budget
        if isinstance(b, float) and 0 < b <= 1:
            fw, bw = _default_partition(jm, joint_inputs, num_fwd_outputs)
            return int(b * self._held(fw, bw)[0])
        if isinstance(b, str):
            m = _BUDGET_RE.match(b)
            if not m:
                raise ValueError("budget %r: bytes like 12000, '16MiB', or a fraction" % b)
            scale = {"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "KB": 1000, "MB": 10 ** 6,
                     "GB": 10 ** 9, "B": 1, None: 1}[m.group(2)]
            return int(float(m.group(1)) * scale)
        return int(b)

    def _build(self, jm, values, out, rep, ops, value_of, order, num_fwd_outputs):
        """The forward and backward modules for remat's saved set (rep)."""
        nodes = list(jm.graph.nodes)
        backward = set()  # what depends on a tangent cannot be saved by forward
        for n in nodes:
            if _is_tangent(n) or any(a in backward for a in n.all_input_nodes):
                backward.add(n)
        saved = set()
        approx = []
        # remat's saved bytes as PyTorch holds them: a backward FX node's
        # lowering can have parts that do not read a tangent (the normalized
        # input inside native_layer_norm_backward), which remat's analysis
        # calls forward and saved; PyTorch computes them inside that node.
        inside_backward = 0
        for entry in rep.get("saved", []):
            loc = entry.get("loc", "")
            m = re.search(r'([^"|()]*)\|(\d+\.\d+)', loc)
            if not m:
                continue
            key = "%s|%s" % (m.group(1), m.group(2))
            if key not in ops:
                continue
            fxname, defs = ops[key]
            idx = 0
            if "#" in entry.get("value", ""):
                idx = int(entry["value"].split("#")[1])
            ssa = defs[idx] if idx < len(defs) else None
            cands = [c for c in value_of.get(ssa, []) if c[1] not in backward]
            if cands:
                # the producer: an identity view, earliest in the graph
                cands.sort(key=lambda c: (not (c[0].dense and c[0].shape == c[0].base_shape),
                                          order[c[1]]))
                saved.add(cands[0][1])
            else:  # an intermediate of one node's lowering: save that node
                node = next((n for n in nodes if n.name == fxname), None)
                if node is None:
                    continue
                if node in backward:
                    inside_backward += entry.get("bytes", 0)
                    continue
                approx.append(node)
        # A node remat saves a part of (an intermediate of its lowering: the
        # normalized input inside a group norm) is saved whole, or its
        # inputs are saved and it is recomputed in backward, whichever
        # holds fewer new bytes (arguments and what is saved anyway are free).
        for node in approx:
            outs = [node] if isinstance(values.get(node), torch.Tensor) else [
                u for u in node.users if isinstance(values.get(u), torch.Tensor)]
            ins = [a for a in node.all_input_nodes if isinstance(values.get(a), torch.Tensor)
                   and a.op != "placeholder" and a not in saved]
            if (not _is_random(node) and all(a not in backward for a in node.all_input_nodes) and
                    sum(_tensor_bytes(values.get(a)) for a in ins) <
                    sum(_tensor_bytes(values.get(o)) for o in outs if o not in saved)):
                saved.update(ins)
            else:
                saved.update(outs)
        approx = [n.name for n in approx]
        needed = _forward_needed(self._outputs(jm, num_fwd_outputs)[0])
        _backward_side(nodes, saved, backward, values, needed)
        copies = _copy_saved_views(jm, saved, values, order, needed)
        nodes = list(jm.graph.nodes)
        # Arguments are free to keep; random draws are never recomputed.
        extra = [n for n in nodes if n.op == "placeholder" and not _is_tangent(n)]
        for n in nodes:
            if _is_random(n):
                if isinstance(values.get(n), torch.Tensor):
                    extra.append(n)
                else:
                    extra.extend(u for u in n.users if isinstance(values.get(u), torch.Tensor))
        candidates = (set(saved) | set(extra)) - backward
        # A batch norm that reads running statistics (see _split_batch_norms)
        # is recomputed without them when its results 0-2 stay bitwise the
        # same (1.13; 2.x's were split), else its results are saved.
        exact = set()
        for n in nodes:
            a = _bn_args(n)
            if a is None:
                continue
            if _packet(n) == "native_batch_norm" and _bn_batch_stats_exact(a, values.get):
                exact.add(n.name)
            elif _packet(n) == "native_batch_norm" or any(
                    _packet(u) == "getitem" and u.args[1] < 3 for u in n.users):
                # (2.x's functional node, not split: the new statistics too)
                candidates.update(u for u in n.users if _packet(u) == "getitem" and u not in backward)
        # An input the forward writes in place (PyTorch 2.x marks it:
        # AOTAutograd copies the new value into it after the forward) holds
        # the new value when backward runs, so it is never saved: what reads
        # its old value (through views of it) is saved instead. A ReLU
        # (inplace=True) first in a compiled block was recomputed from it
        # and backward failed on the version counter.
        mutated = {n.name for n in nodes if n.op == "placeholder" and
                   n.meta.get("aot_runtime_epilogue_input_mutation", False)}
        for p in (n for n in nodes if n.name in mutated):
            candidates.discard(p)
            todo = [p]
            while todo:
                for u in todo.pop().users:
                    if u in backward:
                        continue
                    if _packet(u) in _MUTATED_VIEWS:
                        todo.append(u)
                    elif isinstance(values.get(u), torch.Tensor):
                        candidates.add(u)
                    else:  # several results: their getitems
                        candidates.update(g for g in u.users if g not in backward and
                                          isinstance(values.get(g), torch.Tensor))
        # In-place ops (other than the draws) are never replayed in backward:
        # they would write into a saved tensor.
        for _ in range(len(nodes)):
            fw, bw = self._extract(jm, sorted(candidates, key=order.get), num_fwd_outputs)
            fw_names = {n.name for n in fw.graph.nodes if n.op == "call_function"}
            bad = [n for n in nodes if n.op == "call_function" and n.name in fw_names and
                   n not in candidates and isinstance(values.get(n), torch.Tensor) and
                   _packet(n).endswith("_") and not _packet(n).startswith("__") and
                   any(b.name == n.name for b in bw.graph.nodes)]
            if not bad:
                break
            candidates.update(bad)
        if any(n.op == "placeholder" and n.name in mutated for n in bw.graph.nodes):
            raise RematFallback("backward reads the old value of an input the forward writes "
                                "in place")
        _drop_dead_draws(bw)
        _recompute_without_stats(bw, exact)
        recomputed = sorted({n.name for n in bw.graph.nodes if n.op == "call_function"} &
                            {n.name for n in fw.graph.nodes if n.op == "call_function"})
        schedule = _schedule(out)
        for copy, base in copies:  # a copy runs where its storage is made
            if base.name in schedule[0]:
                schedule[0][copy.name] = schedule[0][base.name]
        phases = rep.get("phases", "")
        forward = {name for name, i in schedule[0].items() if i < len(phases) and phases[i] == "F"}
        _reorder(bw, schedule, forward | {n.name for n in nodes if n.name in fw_names})
        _reorder(fw, schedule)
        _merge_batch_norms(fw)
        if self._mincut_kwargs.get("compiler") != "inductor":  # (Inductor compiles aten only)
            _replay_draws(fw, bw, {n.name: n for n in nodes}, values)
        fw.recompile()
        bw.recompile()
        held, draws = self._held(fw, bw)
        record = {
            "policy": self.policy, "fallback": None,
            "ops": rep["forward_ops"] + rep["backward_ops"],
            "fx_nodes": sum(1 for n in nodes if n.op == "call_function"),
            "recompute_regions": rep["recompute_ops"],
            "recompute_flops": rep["recompute_flops"],
            "step_flops": rep["forward_flops"] + rep["backward_flops"],
            "remat_saved_bytes": rep["saved_bytes"] - inside_backward,
            "remat_peak_bytes": rep["peak_bytes"],
            "saved_bytes": held,
            "draw_bytes": draws,
            "recomputed": recomputed,
            "approximated": sorted(set(approx)),
        }
        return fw, bw, record

    def _extract(self, jm, saved, num_fwd_outputs):
        params = inspect.signature(_pt._extract_fwd_bwd_modules).parameters
        saved = list(saved)
        if "num_fwd_outputs" in params:  # PyTorch 2.x
            kwargs = {"num_fwd_outputs": num_fwd_outputs if num_fwd_outputs is not None else
                      jm._out_spec.children_specs[0].num_leaves}
            if "saved_sym_nodes" in params:
                kwargs["saved_sym_nodes"] = []
            return _pt._extract_fwd_bwd_modules(jm, saved, **kwargs)
        return _pt._extract_fwd_bwd_modules(jm, saved)


def _forward_needed(fwd_outs):
    """The nodes the forward outputs are computed from."""
    needed = set()
    stack = [n for n in fwd_outs if isinstance(n, torch.fx.Node)]
    while stack:
        n = stack.pop()
        if n not in needed:
            needed.add(n)
            stack.extend(n.all_input_nodes)
    return needed


def _backward_side(nodes, saved, backward, values, needed):
    """Moves the gradient-free parts of backward formulas out of `saved`.
    A node that no forward output needs and that reads no tangent
    (F.normalize's x / norm, asin's rsqrt(1 - x^2) in its backward) is
    backward to PyTorch, forward to remat's analysis (it does not depend on
    the seed), so remat may save it. Saving what it is computed from
    instead, as PyTorch's default partition does, is taken where that holds
    fewer new bytes (arguments and what is saved anyway are free); the node
    is then computed in backward, as in eager. `needed`: what the forward
    outputs are computed from (_forward_needed)."""
    side = {n for n in nodes if n.op == "call_function" and n not in needed and n not in backward
            and not _is_random(n) and not _packet(n).endswith("_")}

    def move(group):
        """Saves what `group` is computed from instead of it, if that holds
        fewer bytes (views are walked through to their base: recomputing
        a view is free)."""
        leaves, seen, stack = set(), set(), [a for n in group for a in n.all_input_nodes]
        while stack:
            a = stack.pop()
            if a in seen:
                continue
            seen.add(a)
            if (a in side and (a not in saved or a in group)) or (
                    a not in saved and a.op == "call_function" and _packet(a) in VIEW_OPS):
                stack.extend(a.all_input_nodes)
            elif a.op != "placeholder" and isinstance(values.get(a), torch.Tensor):
                leaves.add(a)
        after = (saved - set(group)) | leaves
        if _storage_bytes(after, values) < _storage_bytes(saved, values):
            saved.difference_update(group)
            saved.update(leaves)
    # All of them at once first (they often share their leaves), then each.
    move([n for n in nodes if n in saved and n in side])
    for n in reversed(nodes):
        if n in saved and n in side:
            move([n])


def _copy_saved_views(jm, saved, values, order, needed):
    """A saved view into a larger storage (v, a slice of a fused qkv
    projection's output) makes autograd hold all of that storage, where
    remat's analysis counted the view's own bytes. Where that holds fewer
    bytes, the view is saved as a copy: aten.clone in forward, run where
    the storage is made, and backward reads the copy (the same values).
    Returns the (copy, storage) pairs. Views of arguments are free; what
    the forward outputs need (`needed`) keeps reading the view."""
    copies = []
    for n in sorted(saved, key=lambda n: order.get(n, 0)):
        base = _storage_base(n)
        v = values.get(n)
        if (n.op != "call_function" or base is n or not isinstance(base, torch.fx.Node) or
                base.op == "placeholder" or not isinstance(v, torch.Tensor)):
            continue
        if _storage_bytes(saved, values) <= _storage_bytes(saved - {n}, values) + _tensor_bytes(v):
            continue
        # An earlier decision on this joint graph may have made the copy.
        copy = next((u for u in n.users if u.meta.get("remat_copy")), None)
        if copy is None:
            with jm.graph.inserting_after(n):
                copy = jm.graph.call_function(torch.ops.aten.clone.default, (n,))
            copy.meta.update({k: n.meta[k] for k in ("val", "tensor_meta") if k in n.meta})
            copy.meta["remat_copy"] = True
            # A fake value is only read for its bytes: a meta tensor then
            # (cloning it here would mix fake modes under 2.15's AOTAutograd).
            values[copy] = torch.empty(v.shape, dtype=v.dtype, device="meta") \
                if type(v).__name__ == "FakeTensor" else v.clone()
            order[copy] = order.get(n, 0) + 0.5
        for u in list(n.users):
            if u is not copy and u not in needed:
                u.replace_input_with(n, copy)
        saved.discard(n)
        saved.add(copy)
        copies.append((copy, base))
    if copies:
        jm.graph.lint()
        jm.recompile()
    return copies


def _split_dropouts(jm):
    """2.x traces F.dropout as native_dropout, whose one node returns both
    the output and the mask: saving the draw (never recomputed) would also
    save the output, an activation, and replaying the output would re-draw.
    Its output becomes x * mask * scale, PyTorch's own CPU formula
    (native_dropout_cpu: input.mul(mask).mul_(scale)), so the draw keeps
    only the mask and the product is an op like any other. Bitwise the
    same: the mask is 0 or 1, and the scale is rounded to the input's
    dtype first, as 2.x's kernel does for bf16 and f16 (its product of a
    bf16 tensor and a Python float rounds only the result: 1 / 0.9 unrounded
    gave outputs 2^-5 apart). Returns a rewritten copy of `jm`, or `jm`
    itself when it has no such dropout."""
    if not any(n.op == "call_function" and _packet(n) == "native_dropout"
               for n in jm.graph.nodes):
        return jm
    jm = _copy(jm)
    graph = jm.graph
    for n in list(graph.nodes):
        if n.op != "call_function" or _packet(n) != "native_dropout":
            continue
        train = n.args[2] if len(n.args) > 2 else n.kwargs.get("train", True)
        p = n.args[1] if len(n.args) > 1 else n.kwargs.get("p")
        if not train or not isinstance(p, (int, float)):
            continue
        outs = [u for u in n.users if _packet(u) == "getitem" and u.args[1] == 0]
        if not outs:
            continue
        masks = [u for u in n.users if _packet(u) == "getitem" and u.args[1] == 1]
        scale = 1.0 / (1.0 - p) if p < 1 else 0.0
        val = n.meta.get("val")
        dtype = getattr(val[0] if isinstance(val, (tuple, list)) else val, "dtype", None)
        if dtype is not None and dtype.is_floating_point:
            scale = float(torch.tensor(scale, dtype=dtype))
        # One mask right after the draw, so the product precedes every user.
        with graph.inserting_after(n):
            mask = graph.call_function(operator.getitem, (n, 1))
        for old in masks:
            old.replace_all_uses_with(mask)
            graph.erase_node(old)
        with graph.inserting_after(mask):
            kept = graph.call_function(torch.ops.aten.mul.Tensor, (n.args[0], mask))
        with graph.inserting_after(kept):
            out = graph.call_function(torch.ops.aten.mul.Tensor, (kept, scale))
        _copy_checkpoint_tags(n, kept)
        _copy_checkpoint_tags(n, out)
        for o in outs:
            o.replace_all_uses_with(out)
            graph.erase_node(o)
    graph.lint()
    jm.recompile()
    return jm


def _common_subexpressions(jm):
    """Each pure op computed once: a model that calls the same Linear on the
    same input twice (F.selu(l1(x)) + F.celu(l1(x))) has one matmul, as
    min_cut_rematerialization_partition's CSE gives it, so its result is
    saved once. Random draws, in-place ops, tensors an in-place op writes
    into (the empty_like a bernoulli_ fills) and ops that read a storage
    some in-place op writes are left alone (the same call before and after
    the write differs). Returns a rewritten copy of `jm`, or `jm` itself."""
    def inplace(n):
        p = _packet(n)
        return p is not None and p.endswith("_") and not p.startswith("__")

    def root(n):
        while isinstance(n, torch.fx.Node) and n.op == "call_function" and n.args and \
                isinstance(n.args[0], torch.fx.Node) and (_packet(n) in VIEW_OPS or inplace(n) or
                                                         _packet(n) == "getitem"):
            n = n.args[0]
        return n

    def freeze(a):
        if isinstance(a, (list, tuple)):
            return (type(a).__name__,) + tuple(freeze(x) for x in a)
        if isinstance(a, dict):
            return ("dict",) + tuple(sorted((k, freeze(v)) for k, v in a.items()))
        return a

    def plan(graph):
        written = {root(n.args[0]) for n in graph.nodes
                   if n.op == "call_function" and inplace(n) and n.args and
                   isinstance(n.args[0], torch.fx.Node)}
        seen, merge = {}, []
        for n in graph.nodes:
            # (a node some in-place op writes into, such as the empty_like
            # a dropout's bernoulli_ fills, is a distinct tensor too)
            if n.op != "call_function" or inplace(n) or _is_random(n) or root(n) in written or \
                    any(root(a) in written for a in n.all_input_nodes):
                continue
            key = (n.target, freeze(n.args), freeze(n.kwargs))
            try:
                hash(key)
            except TypeError:
                continue
            if key in seen:
                merge.append((n, seen[key]))
            else:
                seen[key] = n
        return merge

    if not plan(jm.graph):
        return jm
    jm = _copy(jm)
    # Merged nodes may make more keys equal (two adds of one merged
    # matmul): plan again until nothing merges.
    while True:
        merge = plan(jm.graph)
        if not merge:
            break
        for n, keep in merge:
            n.replace_all_uses_with(keep)
            jm.graph.erase_node(n)
    jm.graph.lint()
    jm.recompile()
    return jm


def _mincut(jm, joint_inputs, num_fwd_outputs, **kwargs):
    """PyTorch's min_cut_rematerialization_partition of a copy of `jm` (it
    rewrites its input): (bytes it holds for backward, forward, backward),
    or None where it cannot partition it (no networkx, an op it refuses)."""
    if num_fwd_outputs is not None and "num_fwd_outputs" in inspect.signature(
            _pt.min_cut_rematerialization_partition).parameters:
        kwargs["num_fwd_outputs"] = num_fwd_outputs
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fw, bw = _pt.min_cut_rematerialization_partition(_copy(jm), joint_inputs, **kwargs)
        return _held_bytes(fw, bw, inductor=kwargs.get("compiler") == "inductor")[0], fw, bw
    except Exception:  # noqa: BLE001 - min-cut is only a yardstick and a last resort
        return None


def _reads_mutated_input(jm, bw):
    """Whether backward module `bw` takes an input of joint graph `jm` that
    the forward writes in place: AOTAutograd copies the new value in after
    the forward, so backward would see it (autograd refuses). 2.x marks
    such inputs that require grad; batch norms' running statistics (which
    do not) are the inputs of its training-mode nodes. (1.13's batch norm
    writes them in place before anything saves them: its backward reads
    them as they are.)"""
    mutated = {n.name for n in jm.graph.nodes if n.op == "placeholder" and
               n.meta.get("aot_runtime_epilogue_input_mutation", False)}
    mutated |= _mutated_by_metadata(jm)
    for n in jm.graph.nodes:
        a = _bn_args(n) if _TORCH2 else None
        if a is not None:
            mutated.update(s.name for s in (a["running_mean"], a["running_var"])
                           if isinstance(s, torch.fx.Node) and s.op == "placeholder")
    return any(n.op == "placeholder" and n.name in mutated for n in bw.graph.nodes)


def _mutated_by_metadata(jm):
    """The placeholders of joint graph `jm` whose input AOTAutograd's
    epilogue writes after the forward (`self.steps += 1` under no_grad: no
    mark on the placeholder, no copy_ in the graph). 2.x only, read from
    the ViewAndMutationMeta of the AOTAutograd frame calling the
    partition (its input_info is in the order of the primals); empty where
    none is found."""
    if not _TORCH2:
        return set()
    frame = sys._getframe(1)
    meta = None
    while frame is not None and meta is None:
        m = frame.f_locals.get("fw_metadata")
        if type(m).__name__ == "ViewAndMutationMeta":
            meta = m
        frame = frame.f_back
    del frame
    if meta is None:
        return set()
    primals = [n for n in jm.graph.nodes if n.op == "placeholder" and not _is_tangent(n)]
    info = list(getattr(meta, "input_info", ()))
    if len(info) != len(primals):
        return set()
    return {p.name for p, i in zip(primals, info)
            if getattr(i, "mutates_data", False) or getattr(i, "mutates_metadata", False)}


def _default_partition(jm, joint_inputs, num_fwd_outputs):
    """PyTorch's default_partition (2.x takes num_fwd_outputs)."""
    kwargs = {}
    if num_fwd_outputs is not None and \
            "num_fwd_outputs" in inspect.signature(_pt.default_partition).parameters:
        kwargs["num_fwd_outputs"] = num_fwd_outputs
    return _pt.default_partition(jm, joint_inputs, **kwargs)


def _copy(jm):
    """A copy of the joint module to rewrite: the fallback partitions the
    graph AOTAutograd gave."""
    copy_ = torch.fx.GraphModule(jm, copy.deepcopy(jm.graph))
    for attr in ("_out_spec", "_in_spec"):
        if hasattr(jm, attr):
            setattr(copy_, attr, getattr(jm, attr))
    return copy_


# Batch norm in training mode reads the running statistics and updates
# them: 2.x's joint graph has _native_batch_norm_legit_functional, whose
# results 3 and 4 are the new statistics (AOTAutograd copies them into the
# buffers after the forward); 1.13's has native_batch_norm, which writes
# them in place. A backward that recomputed that node would read the
# statistics at their new version (2.x: autograd refuses) or update them a
# second time (1.13). Its results 0-2 (output, batch mean, inverse std)
# do not depend on the running statistics: PyTorch's CPU kernel
# (batch_norm_cpu_update_stats_template) computes them the same way without
# them, bitwise, unless dropping the statistics changes the kernel's mixed
# type (a half input with float statistics and no float weight or bias),
# where the node is saved rather than recomputed; so is one on another
# device than the CPU, where this is not checked.
_BN_ARGS = ("input", "weight", "bias", "running_mean", "running_var", "training", "momentum", "eps")


def _bn_args(n):
    """Batch norm node -> its arguments by name, for the overloads that read
    and update running statistics in training mode; else None."""
    if n.op != "call_function" or _packet(n) not in (
            "native_batch_norm", "_native_batch_norm_legit", "_native_batch_norm_legit_functional") \
            or getattr(n.target, "_overloadname", "default") != "default":
        return None
    a = dict(zip(_BN_ARGS, n.args))
    a.update(n.kwargs)
    if not a.get("training") or a.get("running_mean") is None or a.get("running_var") is None:
        return None
    return a


def _bn_batch_stats_exact(a, value_of):
    """Whether the kernel without running statistics computes the same
    results 0-2 (value_of: node -> its tensor or fake tensor). Checked on
    PyTorch's CPU kernel only (train.py bnsplit), so other devices save the
    node. And the mixed-type path (half input, float parameters) taken with
    the statistics must be taken without them too."""
    def meta(k):
        return value_of(a[k]) if a.get(k) is not None else None
    x, stats = meta("input"), [meta("running_mean"), meta("running_var")]
    affine = [meta(k) for k in ("weight", "bias") if a.get(k) is not None]
    if any(getattr(t, "dtype", None) is None for t in [x] + stats + affine) or \
            getattr(x, "device", None) != torch.device("cpu"):
        return False
    half = (torch.float16, torch.bfloat16)
    if x.dtype in half and any(t.dtype == torch.float32 for t in stats):
        return any(t.dtype == torch.float32 for t in affine)
    return True


def _meta_value(a):
    return a.meta.get("val") if isinstance(a, torch.fx.Node) else None


def _split_batch_norms(jm):
    """2.x: each _native_batch_norm_legit_functional in training mode
    becomes _native_batch_norm_legit.no_stats(input, weight, bias, True,
    momentum, eps) for its results 0-2, which a backward may recompute, and
    the functional node for the new running statistics alone (results 3
    and 4, forward outputs only). _merge_batch_norms makes them one node
    again in the forward module. Returns a rewritten copy of `jm`, or `jm`
    itself when there is nothing to split."""
    def stats_readers(n):  # the readers of the new running statistics
        return [r for u in n.users if _packet(u) == "getitem" and u.args[1] >= 3 for r in u.users]

    def todo(n):
        a = _bn_args(n)
        return a is not None and _packet(n) == "_native_batch_norm_legit_functional" and \
            _bn_batch_stats_exact(a, _meta_value) and \
            any(_packet(u) == "getitem" and u.args[1] < 3 for u in n.users) and \
            all(r.op == "output" or _train_bn_backward(r) for r in stats_readers(n))
    if not any(todo(n) for n in jm.graph.nodes):
        return jm
    jm = _copy(jm)
    graph = jm.graph
    no_stats = torch.ops.aten._native_batch_norm_legit.no_stats
    for n in list(graph.nodes):
        if not todo(n):
            continue
        a = _bn_args(n)
        with graph.inserting_before(n):
            stats = graph.call_function(no_stats, (a["input"], a.get("weight"), a.get("bias"), True,
                                                   a["momentum"], a["eps"]))
        if "val" in n.meta:
            stats.meta["val"] = tuple(n.meta["val"][:3])
        stats.meta["remat_running_stats"] = n.name
        _copy_checkpoint_tags(n, stats)
        for u in list(n.users):
            if _packet(u) == "getitem" and u.args[1] < 3:
                u.args = (stats, u.args[1])
        # The backward in training mode takes the running statistics but
        # reads only the batch's (batch_norm_backward_cpu_template).
        for r in stats_readers(n):
            if r.op != "output":
                r.args = r.args[:3] + (None, None) + r.args[5:]
    graph.lint()
    jm.recompile()
    return jm


def _train_bn_backward(n):
    return n.op == "call_function" and _packet(n) == "native_batch_norm_backward" and \
        len(n.args) >= 8 and n.args[7] is True and not n.kwargs


def _merge_batch_norms(fw):
    """In the forward module, the no_stats node _split_batch_norms made and
    the functional node it came from are one node again, as in eager: the
    functional node's results 0-2 are the same values, bitwise."""
    names = {n.name: n for n in fw.graph.nodes}
    for n in list(fw.graph.nodes):
        full = names.get(n.meta.get("remat_running_stats")) if n.op == "call_function" else None
        if full is None:
            continue
        n.prepend(full)  # its inputs are n's and graph inputs (the running statistics)
        for u in list(n.users):
            u.args = (full, u.args[1])
        fw.graph.erase_node(n)
    fw.graph.lint()


def _recompute_without_stats(bw, exact):
    """1.13: a batch norm the backward recomputes (one named in `exact`)
    reads no running statistics (its results 0-2 are the same) and so
    updates none."""
    for n in bw.graph.nodes:
        a = _bn_args(n)
        if a is not None and n.name in exact:
            n.args = tuple(None if k in ("running_mean", "running_var") else a.get(k)
                           for k in _BN_ARGS)
            n.kwargs = {}


_RNG_STATE_BYTES = None


def _rng_state_bytes():
    global _RNG_STATE_BYTES
    if _RNG_STATE_BYTES is None:
        _RNG_STATE_BYTES = torch.get_rng_state().numel()
    return _RNG_STATE_BYTES


_REDRAW_KWARGS = {"dtype", "layout", "device", "pin_memory", "memory_format"}


def _draw_form(node):
    """(kind, p, dtype, memory_format) of a draw whose values depend on the
    generator's state and its first argument's layout alone, else None:
    1.13's dropout, empty_like(x).bernoulli_(p) (p defaults to 0.5), and
    2.x's bernoulli.p(x, p) (in-place dropout, Dropout2d, AlphaDropout);
    rand_like and randn_like; 2.x's training native_dropout, whose mask
    (item 1) is the draw. A generator of the user's own is not the global
    one eager restores."""
    kind, args, kw = _packet(node), node.args, node.kwargs
    t = args[0] if args else None
    if not isinstance(t, torch.fx.Node) or kw.get("generator") is not None:
        return None
    # bernoulli_ into a fresh tensor no one else reads; bernoulli.p, 2.x's
    # functional form of it, reads its input's layout only
    if kind == "bernoulli_" or (kind == "bernoulli" and
                                getattr(node.target, "_overloadname", "") == "p"):
        p = args[1] if len(args) > 1 else kw.get("p", 0.5)
        if kind == "bernoulli_" and (_packet(t) not in ("empty_like", "empty") or
                                     len(t.users) != 1):
            return None
        if len(args) > 2 or set(kw) - {"p", "generator"} or not isinstance(p, (int, float)) or \
                isinstance(p, bool):
            return None
        return kind, float(p), None, None
    if kind in ("rand_like", "randn_like"):
        if len(args) != 1 or set(kw) - _REDRAW_KWARGS or kw.get("layout") not in (
                None, torch.strided) or kw.get("pin_memory") not in (None, False):
            return None
        return kind, None, kw.get("dtype"), kw.get("memory_format")
    if kind == "native_dropout":
        p = args[1] if len(args) > 1 else kw.get("p")
        train = args[2] if len(args) > 2 else kw.get("train")
        if train is not True or not isinstance(p, (int, float)) or isinstance(p, bool):
            return None
        return kind, float(p), None, None
    return None


def _replayable(node, value):
    """Whether a random draw traced inside torch.utils.checkpoint is
    re-drawn in backward from the generator state saved just before it, as
    eager checkpointing replays its call, instead of being held: a CPU draw
    of a form _draw_form knows, larger than the CPU generator's state, that
    nothing writes into afterwards. CUDA draws stay held: 2.x's fused
    dropout draws by the input's alignment, and no GPU here has checked a
    replay bitwise."""
    if node.op != "call_function" or not _is_random(node) or not _checkpointed(node):
        return False
    v = value[1] if isinstance(value, (tuple, list)) and len(value) > 1 else value
    if not isinstance(v, torch.Tensor) or v.device.type != "cpu" or \
            _tensor_bytes(v) <= _rng_state_bytes():
        return False
    if any(u.op == "call_function" and _packet(u).endswith("_") and not _packet(u).startswith("_")
           for u in node.users):
        return False
    return _draw_form(node) is not None


def _capture(x):
    """Forward, just before a replayed draw that reads `x` (the draw reads
    x through this node, so no reordering can put the draw first): `x`,
    and the CPU generator's state followed by x's strides as it runs (1.13's
    fake tensors get some strides wrong, and the CPU generators fill in
    memory order)."""
    stride = torch.tensor(list(x.stride()), dtype=torch.int64).view(torch.uint8)
    return x, torch.cat([torch.get_rng_state(), stride])


def _redraw(saved, kind, size, dtype, p, draw_dtype, memory_format, item):
    """Backward's copy of a forward draw (_draw_form), from what _capture
    saved: the generator set to the saved state, the draw made again on a
    fresh tensor of the saved layout (the draw reads no value of it), the
    generator restored."""
    n = _rng_state_bytes()
    stride = saved[n:].view(torch.int64).tolist()
    with torch.random.fork_rng(devices=[]):
        torch.set_rng_state(saved[:n])
        t = torch.empty_strided(size, stride, dtype=dtype)
        if kind == "bernoulli_":
            return t.bernoulli_(p)
        if kind == "bernoulli":
            return torch.bernoulli(t, p)
        if kind in ("rand_like", "randn_like"):
            kw = {k: v for k, v in (("dtype", draw_dtype), ("memory_format", memory_format))
                  if v is not None}
            return (torch.rand_like if kind == "rand_like" else torch.randn_like)(t, **kw)
        return torch.native_dropout(t, p, True)[item]


def _replay_draws(fw, bw, joint, values):
    """Saves the CPU generator's state before each replayable draw
    (_replayable) that backward reads, in place of the draw, and re-draws
    it in backward just before its first reader: eager
    torch.utils.checkpoint holds the random state, not the masks, where
    remat held the masks until session 36."""
    out, flat, spec, places = _saved_places(fw, bw)
    position = {n: k for k, n in enumerate(bw.graph.nodes)}
    changed = False
    for place, i in places:
        if not place.users:
            continue
        s = flat[i]
        draw, item = s, None
        if _packet(s) == "getitem" and isinstance(s.args[0], torch.fx.Node) and \
                _packet(s.args[0]) == "native_dropout":
            draw, item = s.args[0], s.args[1]
            if item != 1:  # (the output is not a draw)
                continue
        elif _packet(s) == "native_dropout":
            continue
        j = joint.get(draw.name)
        if j is None or not _replayable(j, values.get(j)) or \
                not isinstance(draw.args[0], torch.fx.Node):
            continue
        kind, p, draw_dtype, memory_format = _draw_form(j)
        x = values.get(j.args[0])
        if not isinstance(x, torch.Tensor):
            continue
        with fw.graph.inserting_before(draw):
            both = fw.graph.call_function(_capture, (draw.args[0],))
            passed = fw.graph.call_function(operator.getitem, (both, 0))
            state = fw.graph.call_function(operator.getitem, (both, 1))
        passed.meta = dict(draw.args[0].meta)
        draw.args = (passed,) + tuple(draw.args[1:])
        state.meta["val"] = torch.empty(_rng_state_bytes() + 8 * x.dim(), dtype=torch.uint8)
        flat[i], changed = state, True
        first = min(place.users, key=position.__getitem__)
        with bw.graph.inserting_before(first):
            again = bw.graph.call_function(_redraw, (place, kind, tuple(x.shape), x.dtype, p,
                                                     draw_dtype, memory_format, item))
        again.meta = dict(place.meta)
        place.replace_all_uses_with(again, delete_user_cb=lambda u: u is not again)
        place.meta = {"val": state.meta["val"]}
    if changed:
        out.args = torch.utils._pytree.tree_unflatten(flat, spec)
        fw.graph.lint()
        bw.graph.lint()


def _drop_dead_draws(gm):
    """A draw whose results nobody reads (the backward's copy of a forward
    dropout whose mask is saved) still runs, as FX keeps random ops: it
    would recompute its input for nothing and advance the generator."""
    changed = True
    while changed:
        changed = False
        for n in reversed(list(gm.graph.nodes)):
            # (an in-place draw, bernoulli_, acts through its argument)
            if n.op == "call_function" and not n.users and _is_random(n) and \
                    not _packet(n).endswith("_"):
                gm.graph.erase_node(n)
                changed = True
        gm.graph.eliminate_dead_code()


def _schedule(out):
    """FX node name -> index of its first top-level op in remat's final
    order; and, for nodes remat recomputes, the index of the first
    remat.recompute that clones one of their ops."""
    pos, recompute = {}, {}
    index = -1
    region = False
    loc = re.compile(r'loc\("([^"|]*)\|\d+\.\d+"\)\s*$')
    for line in out.splitlines():
        body = line.lstrip(" ")
        indent = len(line) - len(body)
        if not body or body.startswith("^"):
            continue
        if indent == 4 and not body.startswith("}"):
            index += 1  # a top-level op starts here
            region = body.split("=", 1)[-1].lstrip().startswith("remat.recompute")
        m = loc.search(line)
        if not m:
            continue
        if indent == 4:
            pos.setdefault(m.group(1), index)
        elif region and indent == 6:
            recompute.setdefault(m.group(1), index)
    return pos, recompute


def _reorder(gm, schedule, forward_names=None):
    """Order gm's nodes by remat's schedule, keeping dependencies. With
    forward_names (the backward module), a forward node is a recomputation:
    it runs where remat's first recomputation of it is, and a node without
    an op of its own (views, getitem) or without a recomputation in remat's
    output runs just before its first consumer."""
    import heapq
    pos, recompute = schedule
    nodes = list(gm.graph.nodes)
    orig = {n: i for i, n in enumerate(nodes)}
    want = {}
    inf = float("inf")
    for n in reversed(nodes):
        if n.op in ("placeholder", "output", "get_attr"):
            continue
        if forward_names is not None and n.name in forward_names:
            p = recompute.get(n.name)
        else:
            p = pos.get(n.name)
        users = [want.get(u, inf) for u in n.users if u.op != "output"]
        first = min(users) if users else inf
        want[n] = first if p is None else min(p, first)
    movable = [n for n in nodes if n in want]
    if not movable:
        return
    deps = {n: {a for a in n.all_input_nodes if a in want} for n in movable}
    users = {n: [u for u in n.users if u in want] for n in movable}
    # Random draws keep their order: the same seed gives the same masks.
    draws = [n for n in movable if _is_random(n)]
    for a, b in zip(draws, draws[1:]):
        if a not in deps[b]:  # (Inductor's draws read each other: one edge)
            deps[b].add(a)
            users[a].append(b)
    ready = [(want[n], orig[n], n.name) for n in movable if not deps[n]]
    byname = {n.name: n for n in movable}
    heapq.heapify(ready)
    result = []
    while ready:
        _, _, name = heapq.heappop(ready)
        n = byname[name]
        result.append(n)
        for u in users[n]:
            deps[u].discard(n)
            if not deps[u]:
                heapq.heappush(ready, (want[u], orig[u], u.name))
    if len(result) != len(movable):
        return  # a cycle cannot happen in a DAG; keep the graph as it is
    anchor = [n for n in nodes if n.op in ("placeholder", "get_attr")]
    prev = anchor[-1] if anchor else None
    for n in result:
        if prev is None:
            if nodes[0] is not n:
                nodes[0].prepend(n)
        elif prev.next is not n:
            prev.append(n)
        prev = n
    gm.graph.lint()


def _storage_base(n):
    """The node whose storage `n` lives in: through views and in-place ops."""
    while isinstance(n, torch.fx.Node) and n.op == "call_function":
        p = _packet(n)
        if p == "getitem":  # an output of a multi-output op: its own storage,
            src = n.args[0]  # unless the op splits a tensor into views
            if isinstance(src, torch.fx.Node) and _packet(src) in VIEW_OPS:
                n = src.args[0]
                continue
            break
        if p in VIEW_OPS or (p.endswith("_") and not p.startswith("__")):
            n = n.args[0]
            continue
        break
    return n


def _storage_bytes(nodes, values):
    """Bytes of the distinct storages of `nodes` (arguments are free), from
    the joint graph's values."""
    total, seen = 0, set()
    for n in nodes:
        b = _storage_base(n)
        if not isinstance(b, torch.fx.Node) or b.op == "placeholder" or b in seen:
            continue
        seen.add(b)
        v = values.get(b)
        total += _tensor_bytes(v if isinstance(v, torch.Tensor) else values.get(n))
    return total


def _inductor_copy(n, m):
    """Whether Inductor's layout optimization holds argument `n` (meta `m`)
    as a channels-last copy: it stores convolution operands channels-last,
    so a saved weight or input that a convolution reads is held as its
    converted copy (unless channels-last is the same layout: one channel or
    one pixel). Inductor may decline the optimization; counting the copy
    then over-predicts, never under."""
    shape = getattr(m, "shape", ())
    if len(shape) not in (4, 5) or not any(_packet(u) == "convolution" for u in n.users):
        return False
    spatial = 1
    for d in shape[2:]:
        spatial *= int(d)
    return int(shape[1]) > 1 and spatial > 1


def _node_meta(n):
    """A node's tensor_meta, else its value if that is a tensor."""
    tm = n.meta.get("tensor_meta")
    if tm is not None:
        return tm
    v = n.meta.get("val")
    return v if isinstance(v, torch.Tensor) else None


def _meta_bytes(m):
    numel = 1
    for d in m.shape:
        numel *= int(d)
    return numel * torch.empty((), dtype=m.dtype).element_size()


def _storage_meta_bytes(n, base):
    """Bytes of the storage a saved node `n` lives in (`base`, its
    _storage_base), from the base's meta where it has a shape, else n's;
    None when neither says."""
    m = _node_meta(base)
    if m is None or not hasattr(m, "shape"):
        m = _node_meta(n)
    return None if m is None else _meta_bytes(m)


def _saved_places(fw, bw):
    """The forward's output node, its flattened outputs and their spec, and
    (backward placeholder, index into the outputs) for each value backward
    receives from the forward: the forward's last output of the
    placeholder's name (a placeholder is named after what it receives)."""
    out = next(n for n in fw.graph.nodes if n.op == "output")
    flat, spec = torch.utils._pytree.tree_flatten(out.args)
    at = {a.name: i for i, a in enumerate(flat) if isinstance(a, torch.fx.Node)}
    places = [(n, at[n.name]) for n in bw.graph.nodes if n.op == "placeholder" and
              n.name in at and not str(n.target).startswith("tangents")]
    return out, flat, spec, places


def _held_bytes(fw, bw, inductor=False):
    """Bytes of the distinct storages the forward returns for backward,
    besides its inputs (parameters, inputs): what autograd holds, predicted
    from the graph (views share their base's storage); and how many of them
    are random draws (dropout masks), which remat's model does not count.
    With `inductor`, saved arguments held as Inductor's channels-last copies
    count too (_inductor_copy)."""
    out = [n for n in fw.graph.nodes if n.op == "output"][0]
    flat = torch.utils._pytree.tree_flatten(out.args)[0]
    n_saved = sum(1 for n in bw.graph.nodes if n.op == "placeholder" and
                  not str(n.target).startswith("tangents"))
    saved = flat[len(flat) - n_saved:] if n_saved else []
    total, draws, seen = 0, 0, set()
    for n in saved:
        if not isinstance(n, torch.fx.Node):
            continue
        b = _storage_base(n)
        if inductor and isinstance(b, torch.fx.Node) and b.op == "placeholder" and b not in seen \
                and _inductor_copy(b, _node_meta(b)):
            seen.add(b)
            total += _meta_bytes(_node_meta(b))
            continue
        if not isinstance(b, torch.fx.Node) or b.op == "placeholder" or b in seen:
            continue
        seen.add(b)
        size = _storage_meta_bytes(n, b)
        if size is None:
            continue
        total += size
        if _is_random(b) or (_packet(b) == "empty_like" and any(_is_random(u) for u in b.users)) or \
                (_packet(b) == "getitem" and isinstance(b.args[0], torch.fx.Node) and
                 _is_random(b.args[0])):
            draws += size
    return total, draws


def _checkpointed_draw_bytes(fw, bw):
    """Bytes of the storages the forward saves that are random draws made
    inside torch.utils.checkpoint, or values computed from such draws
    alone (a mask scaled by 1 / (1 - p)): what eager checkpointing would
    re-draw. Counted per checkpointed call, and only where a call's masks
    take more than the generator's state that eager checkpointing holds
    per call (a tester's ConvNeXt was warned about its DropPath's 8 B
    masks, which cost less than that state)."""
    _, flat, _, places = _saved_places(fw, bw)
    drawn = {}  # node -> the call it was drawn in (in graph order: inputs first)
    for n in fw.graph.nodes:
        ins = [a for a in n.all_input_nodes if a.op != "get_attr"]
        if n.op != "call_function":
            continue
        if _is_random(n) and _checkpointed(n):
            drawn[n] = n.meta.get("remat_checkpoint", ("ac", n.meta.get("ac_graph_id")))
        elif ins and all(a in drawn for a in ins):
            drawn[n] = drawn[ins[0]]
    per_call, seen = {}, set()
    for _, i in places:
        n = flat[i]
        b = _storage_base(n)
        if not isinstance(b, torch.fx.Node) or b in seen or n not in drawn:
            continue
        seen.add(b)
        per_call[drawn[n]] = per_call.get(drawn[n], 0) + (_storage_meta_bytes(n, b) or 0)
    return sum(held for held in per_call.values() if held > _rng_state_bytes())


def partition(policy="peak", budget=None, remat_opt=None, checkpoints=True, **pipeline_options):
    """A partition function for AOTAutograd that saves exactly remat's saved
    set and recomputes the rest in backward, in remat's schedule.

    policy: a remat-mark policy: peak (the default: the lowest peak within
    max_recompute of the step's FLOPs and, at that peak, the fewest bytes
    held for backward: -remat-pipeline's policy=peak prefer=saved; pass
    prefer='flops' for remat-opt's default), selective, budget, segments,
    none, manual;
    budget: for policy='budget', the bytes autograd may hold for backward
    (int or '16MiB'), or a fraction (0..1] of what PyTorch's default
    partition holds; pipeline_options: other -remat-pipeline options,
    underscores for dashes (flops_per_byte=16, group=r'h\\.[0-9]+');
    checkpoints: whether what the model runs under torch.utils.checkpoint
    is recomputed for backward whatever the policy decides (as eager does;
    the default), or left to the policy like the rest (False).
    The returned function has a `stats` list: one dict per graph decided."""
    if not isinstance(checkpoints, bool):
        raise ValueError("remat_torch.partition: checkpoints must be True or False, got %r"
                         % (checkpoints,))
    state = _Partitioner(policy, budget, remat_opt, pipeline_options)
    state.checkpoints = checkpoints

    def partition_fn(joint_module, _joint_inputs, *, num_fwd_outputs=None, **kwargs):
        return state(joint_module, _joint_inputs, num_fwd_outputs=num_fwd_outputs, **kwargs)

    partition_fn.stats = state.stats
    partition_fn.policy = policy
    partition_fn.partitioner = state  # (remat_torch.compile sets its eager_on_untrusted)
    return partition_fn
