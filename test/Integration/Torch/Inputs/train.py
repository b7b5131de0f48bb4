#!/usr/bin/env python3
"""Training with remat_torch.compile / remat_torch.partition on the CPU.

  train.py steps      4 SGD steps: remat's losses and parameters against eager's
  train.py memory     bytes autograd holds for backward: eager, PyTorch's
                      partitions, remat (predicted and measured)
  train.py budget F   policy=budget at F x what the default partition holds
  train.py fallback   unsupported ops, a missing or failing remat-opt
  train.py cache      one decision per input signature
  train.py state      module state changed between steps (frozen layers,
                      eval submodules, swapped heads, attributes), arguments
                      that are not tensors, writes into arguments
  train.py ddp        2 processes (gloo), averaged gradients against eager's
  train.py fsdp       the same under FSDP2 (fully_shard; PyTorch 2.x only)
  train.py community  the community models (community.py): steps, running
                      statistics and held bytes
  train.py fresh      community_fresh.py's models: steps and held bytes
  train.py wild       community_wild.py's models: steps and held bytes
  train.py wild2      community_wild2.py's models: the same
  train.py wild3      community_wild3.py's models: the same
  train.py wild4      community_wild4.py's models: the same
  train.py models M:a,b   models a and b of module M (community_wild3, _wild4): the same
  train.py bnsplit    batch norm's batch statistics without running statistics
                      are bitwise PyTorch's (what the partition's rewrite rests on)

Each prints facts and 'ok' or 'FAIL: ...'; exits 1 on any FAIL.
"""
import copy
import math
import dataclasses
import importlib
import os
import sys
import tempfile
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "python"))
sys.path.insert(0, HERE)

import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402

import remat_torch  # noqa: E402
from remat_torch.capture import TraceHelpers, aot_reads_library_checks, checkpoint_as_call  # noqa: E402
from models import GPT  # noqa: E402

FAILED = []


def check(cond, what):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        FAILED.append(what)


def gpt(dropout=0.1):
    torch.manual_seed(0)
    model = GPT(vocab=64, d=32, heads=2, seq=16, layers=2, dropout=dropout)
    idx = torch.randint(0, 64, (2, 16))
    return model, (idx, torch.roll(idx, -1, dims=1))


def train(model, wrapped, inputs, steps=4, lr=0.1, loss_of=lambda out: out):
    """SGD steps with a fixed seed per step; losses, and the bytes autograd
    holds for the first step's backward (activations only). `loss_of` makes
    the loss of what `wrapped` returns (the GPT returns its loss)."""
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    losses, held = [], None
    for s in range(steps):
        torch.manual_seed(100 + s)
        loss = loss_of(wrapped(*inputs))
        if held is None:
            held = remat_torch.held_bytes(
                loss, list(model.parameters()) + list(model.buffers()) +
                torch.utils._pytree.tree_flatten(list(inputs))[0])
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return losses, held


def aot(partition_fn, dynamo=False):
    """AOTAutograd with `partition_fn` and no compiler: aot_module, or (2.x,
    `dynamo`) torch.compile's aot_autograd backend, which 2.15's
    aot_module cannot replace for tied weights (nanoGPT's lm_head)."""
    from functorch.compile import aot_module, nop
    if dynamo:
        from torch._dynamo.backends.common import aot_autograd
        backend = aot_autograd(fw_compiler=nop, bw_compiler=nop, partition_fn=partition_fn)
        return lambda m: torch.compile(m, backend=backend, dynamic=False)
    return lambda m: aot_module(m, fw_compiler=nop, bw_compiler=nop, partition_fn=partition_fn)


def steps():
    base, inputs = gpt()
    eager = copy.deepcopy(base)
    want, _ = train(eager, eager, inputs)
    model = copy.deepcopy(base)
    wrapped = remat_torch.compile(model)
    got, _ = train(model, wrapped, inputs)
    print("eager losses:", " ".join("%.6f" % v for v in want))
    print("remat losses:", " ".join("%.6f" % v for v in got))
    rel = max(abs(a - b) / abs(b) for a, b in zip(got, want))
    check(rel <= 1e-4, "4 SGD steps, worst relative loss difference %.1e <= 1e-4" % rel)
    drift = max(((p - q).abs().max() / (1 + q.abs().max())).item()
                for p, q in zip(model.parameters(), eager.parameters()))
    check(drift <= 1e-4, "parameters after 4 steps, worst difference %.1e <= 1e-4" % drift)
    st = wrapped.stats
    check(len(st) == 1 and st[0]["fallback"] is None and st[0]["recomputed"],
          "one graph decided by remat, %d FX nodes recomputed in backward" %
          (len(st[0]["recomputed"]) if st else 0))


def placement():
    """Each op the backward recomputes runs just before a backward consumer
    of it: between a recomputed node and the next node that is neither
    recomputed nor a view, that node reads it (directly or through
    recomputed nodes and views)."""
    part = sys.modules["remat_torch.partition"]
    base, inputs = gpt()
    pf = remat_torch.partition(policy="selective", flops_per_byte=16)
    modules = {}

    def capture(jm, ji, **kw):  # 2.x passes num_fwd_outputs (and more)
        modules["fw"], modules["bw"] = pf(jm, ji, **kw)
        return modules["fw"], modules["bw"]
    aot(capture)(base)(*inputs).backward()
    recomputed = set(pf.stats[0]["recomputed"])

    def free(n):
        return n.name in recomputed or part._packet(n) in part.VIEW_OPS or \
            part._packet(n) == "getitem"
    nodes = [n for n in modules["bw"].graph.nodes if n.op == "call_function"]
    far = []
    for i, n in enumerate(nodes):
        if n.name not in recomputed or part._packet(n) in part.VIEW_OPS or \
                part._packet(n) == "getitem":
            continue
        j = i + 1
        while j < len(nodes) and free(nodes[j]):
            j += 1
        readers, work = set(), [n]
        while work:
            for u in work.pop().users:
                if u not in readers:
                    readers.add(u)
                    if free(u):
                        work.append(u)
        if j < len(nodes) and nodes[j] not in readers:
            far.append(n.name)
    ops = sum(1 for n in nodes if n.name in recomputed and part._packet(n) not in part.VIEW_OPS
              and part._packet(n) != "getitem")
    check(ops > 0 and not far, "%d recomputed ops, each just before a backward consumer%s" % (
        ops, "; not: " + ", ".join(far) if far else ""))


def memory():
    from functorch.compile import default_partition, min_cut_rematerialization_partition
    base, inputs = gpt()
    rows = {}
    for name, make in [("eager", lambda m: m),
                       ("default_partition", aot(default_partition)),
                       ("min_cut_rematerialization_partition", aot(min_cut_rematerialization_partition)),
                       ("remat peak (the default)", lambda m: remat_torch.compile(m)),
                       ("remat selective flops-per-byte=16",
                        lambda m: remat_torch.compile(m, policy="selective", flops_per_byte=16)),
                       ("remat selective",
                        lambda m: remat_torch.compile(m, policy="selective"))]:
        model = copy.deepcopy(base)
        wrapped = make(model)
        losses, held = train(model, wrapped, inputs, steps=1)
        rows[name] = (held, getattr(wrapped, "stats", None))
        line = "%s: holds %d B" % (name, held)
        if rows[name][1]:
            s = rows[name][1][0]
            line += " (predicted %d B; remat's saved %d B + %d B of dropout draws; %d ops, %.2f s)" % (
                s["saved_bytes"], s["remat_saved_bytes"], s["draw_bytes"], s["ops"], s["decide_s"])
        print(line)
    eager = rows["eager"][0]
    mincut = rows["min_cut_rematerialization_partition"][0]
    for name in ("remat peak (the default)", "remat selective flops-per-byte=16",
                 "remat selective"):
        held, st = rows[name]
        check(held <= 0.8 * eager, "%s holds %.2fx eager's bytes (<= 0.8)" % (name, held / eager))
        check(held <= mincut, "%s holds %.2fx min-cut's bytes (<= 1)" % (name, held / mincut))
        check(st[0]["saved_bytes"] == held, "%s: predicted = measured (%d B)" % (name, held))
        check(st[0]["remat_saved_bytes"] + st[0]["draw_bytes"] == held,
              "%s: measured = remat's saved bytes + dropout draws" % name)


def inductor():
    """remat_torch.compile(compiler="inductor") (2.x): remat decides what the
    forward saves through Inductor's custom_partitioner_fn, on the joint
    graph after Inductor's decompositions (prims.iota, convert_element_type,
    fma, Inductor's seeded dropout); Inductor compiles both graphs. Against
    torch.compile's own partition (min-cut) on the same model, with and
    without dropout, under bf16 autocast once."""
    if not remat_torch.training._inductor_partition_hook():
        try:
            remat_torch.compile(gpt()[0], compiler="inductor")
            check(False, "compiler='inductor' refused on PyTorch %s" % torch.__version__)
        except ValueError as e:
            check("custom_partitioner_fn" in str(e),
                  "compiler='inductor' refused on PyTorch %s: %s" % (torch.__version__, e))
        return
    # Every graph decided here, not served from Inductor's on-disk caches.
    torch._inductor.config.force_disable_caches = True
    for dropout, autocast in ((0.0, False), (0.1, False), (0.0, True)):
        base, inputs = gpt(dropout)

        def run(make):
            model = copy.deepcopy(base)
            wrapped = make(model)
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=autocast):
                losses, held = train(model, wrapped, inputs)
            return losses, held, wrapped
        what = "dropout %.1f%s" % (dropout, ", bf16 autocast" if autocast else "")
        want, want_held, _ = run(lambda m: torch.compile(m, dynamic=False))
        got, held, wrapped = run(lambda m: remat_torch.compile(m, compiler="inductor"))
        st = wrapped.stats
        check(len(st) == 1 and st[0]["fallback"] is None,
              "%s: one graph decided by remat inside Inductor (%s)" %
              (what, st[0]["fallback"] if st else "no graph"))
        # Inductor's seeded dropout draws the same numbers under either
        # partition: the losses agree as closely as Inductor's fusions allow.
        tol = 2e-2 if autocast else 1e-4
        rel = max(abs(a - b) / abs(b) for a, b in zip(got, want))
        check(rel <= tol, "%s: 4 SGD steps as torch.compile's, worst relative loss difference "
              "%.1e <= %g" % (what, rel, tol))
        check(held <= want_held, "%s: holds %d B, torch.compile's partition %d B" %
              (what, held, want_held))
        if st and st[0]["fallback"] is None:
            check(st[0]["saved_bytes"] == held, "%s: predicted = measured (%d B)" % (what, held))
    # Community models: batch norm (Inductor decomposes it; its running
    # statistics are computed in the forward), convolutions (Inductor holds
    # saved weights and inputs as channels-last copies: predicted since
    # 2026-12-04), max pooling (Inductor's offsets form), RMSNorm and RoPE.
    import community
    for name in ("nanogpt", "llama", "resnet", "convnext"):
        made = getattr(community, name)()
        model, inputs = made[0], made[1]
        inputs = inputs if isinstance(inputs, tuple) else (inputs,)

        def run2(make):
            m = copy.deepcopy(model)
            w = make(m)
            losses, held = train(m, w, inputs, steps=2, lr=0.01, loss_of=lambda out: (
                out[-1] if isinstance(out, tuple) else out).sum())
            return losses, held, w, m
        want, want_held, _, ref = run2(lambda m: torch.compile(m, dynamic=False))
        got, held, wrapped, mine = run2(lambda m: remat_torch.compile(m, compiler="inductor"))
        st = wrapped.stats
        ok = len(st) == 1 and st[0]["fallback"] is None
        check(ok, "%s: decided by remat inside Inductor (%s)" % (name, st[0]["fallback"] if st else "no graph"))
        rel = max(abs(a - b) / (1e-6 + abs(b)) for a, b in zip(got, want))
        check(rel <= 1e-4, "%s: 2 SGD steps as torch.compile's (losses %.1e)" % (name, rel))
        check(held <= want_held, "%s: holds %d B, torch.compile's partition %d B" % (name, held, want_held))
        if ok:
            check(st[0]["saved_bytes"] == held, "%s: predicted = measured (%d B)" % (name, held))
        drift = max([((a - b).abs().max() / (1 + b.abs().max())).item()
                     for (k, a), (_, b) in zip(mine.named_buffers(), ref.named_buffers())
                     if a.dtype.is_floating_point] or [0.0])
        check(drift <= 1e-6, "%s: buffers as torch.compile's (%.1e; fusions sum in their own order)"
              % (name, drift))


def budget(fraction):
    from functorch.compile import default_partition
    base, inputs = gpt()
    model = copy.deepcopy(base)
    _, default = train(model, aot(default_partition)(model), inputs, steps=1)
    limit = int(fraction * default)
    model = copy.deepcopy(base)
    wrapped = remat_torch.compile(model, policy="budget", budget=limit)
    eager = copy.deepcopy(base)
    want, _ = train(eager, eager, inputs, steps=2)
    got, held = train(model, wrapped, inputs, steps=2)
    st = wrapped.stats[0]
    print("default partition holds %d B; budget %d B; remat holds %d B (predicted %d B), "
          "recompute %d FLOPs" % (default, limit, held, st["saved_bytes"], st["recompute_flops"]))
    check(st["fallback"] is None, "decided by remat")
    check(held <= limit, "held %d B <= budget %d B" % (held, limit))
    rel = max(abs(a - b) / abs(b) for a, b in zip(got, want))
    check(rel <= 1e-4, "losses equal eager's (%.1e)" % rel)


def budget_monotone():
    """policy="budget" on the bytes autograd holds: a larger budget never
    recomputes more (session 33: a bisection towards each budget gave a
    tied LM 120% of the step's FLOPs at 65,536 B where 40,000 B had found
    49,152 B for 33%). One step per budget of a small pre-norm block."""
    class Block(nn.Module):
        def __init__(self, d=16, h=2):
            super().__init__()
            self.ln1, self.ln2, self.h = nn.LayerNorm(d), nn.LayerNorm(d), h
            self.qkv, self.proj = nn.Linear(d, 3 * d), nn.Linear(d, d)
            self.fc, self.out = nn.Linear(d, 4 * d), nn.Linear(4 * d, d)

        def forward(self, x):
            B, T, C = x.shape
            q, k, v = self.qkv(self.ln1(x)).split(C, dim=2)
            q, k, v = [t.view(B, T, self.h, C // self.h).transpose(1, 2) for t in (q, k, v)]
            att = ((q @ k.transpose(-2, -1)) / (C // self.h) ** 0.5).softmax(-1)
            x = x + self.proj((att @ v).transpose(1, 2).reshape(B, T, C))
            return (x + self.out(F.gelu(self.fc(self.ln2(x))))).pow(2).mean()
    torch.manual_seed(0)
    base, x = Block(), torch.randn(2, 8, 16)
    rows = []
    for fraction in (0.2, 0.4, 0.6, 0.8, 1.0):
        model = copy.deepcopy(base)
        wrapped = remat_torch.compile(model, policy="budget", budget=fraction)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            wrapped(x).backward()
        st = wrapped.stats[0]
        rows.append((fraction, st["budget"], st["saved_bytes"], st["recompute_flops"]))
        print("budget %.1f (%d B): holds %d B, recomputes %d FLOPs" % rows[-1])
    check(all(a[3] >= b[3] for a, b in zip(rows, rows[1:])),
          "a larger budget never recomputes more")
    least = min(held for _, _, held, _ in rows)
    check(all(held <= limit for _, limit, held, _ in rows if limit >= least),
          "every budget at or above the fewest bytes held is met")


class Unsupported(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x):
        return torch.i0(torch.median(self.lin(x), dim=1).values).sum()


class SliceWrite(nn.Module):
    """A channel rewritten in place, then read through a transposed copy
    (PWC-Net's warp writes its flow channels so): 1.13's AOTAutograd
    traces it through as_strided over another tensor's storage and gets
    the convolution's gradient wrong, with any partition."""
    def __init__(self):
        super().__init__()
        self.c = nn.Conv2d(2, 2, 1)

    def forward(self, x):
        v = self.c(x) + 1.0
        v[:, 0] = v[:, 0].clone() / 3
        return (v.transpose(2, 3).contiguous() * torch.arange(16.).view(4, 4)).sum()


def _warned(fn):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        out = fn()
    msgs = [str(x.message) for x in w if "remat_torch" in str(x.message) and
            INFORMATIONAL not in str(x.message)]
    return out, msgs


# A warning that says what the step does, not that remat did not decide it
# (1.13: tensors a forward stores on its module hold the traced values).
INFORMATIONAL = "stores tensors on itself"


class _StateNet(nn.Module):
    """Two layers, a batch norm, a dropout and a temperature: state a
    training loop changes between steps."""

    def __init__(self, classes=3):
        super().__init__()
        self.a, self.bn, self.drop = nn.Linear(6, 8), nn.BatchNorm1d(8), nn.Dropout(0.5)
        self.head, self.temp = nn.Linear(8, classes), 1.0

    def forward(self, x, mask=None, scale=1.0):
        h = F.gelu(self.bn(self.a(x))) * scale
        if mask is not None:
            h = h * mask
        return (self.head(self.drop(h)) / self.temp).pow(2).mean()


def _same_steps(what, eager, wrapped, compiled, steps):
    """Runs each step (a function of the model and the callable to train,
    returning the loss) on both; checks losses, gradients and buffers."""
    ok, worst = True, 0.0
    for i, step in enumerate(steps):
        for m in (eager, compiled):
            m.zero_grad(set_to_none=True)
        torch.manual_seed(i)
        want = step(eager, eager)
        torch.manual_seed(i)
        got = step(compiled, wrapped)
        want.backward()
        got.backward()
        worst = max(worst, abs(want.item() - got.item()))
        for (n, p), q in zip(eager.named_parameters(), compiled.parameters()):
            if (p.grad is None) != (q.grad is None):
                ok = False
            elif p.grad is not None:
                worst = max(worst, (p.grad - q.grad).abs().max().item())
        for b, c in zip(eager.buffers(), compiled.buffers()):
            worst = max(worst, (b.double() - c.double()).abs().max().item())
    check(ok and worst <= 1e-6, "%s: losses, gradients and buffers equal eager's (worst %.1e)"
          % (what, worst))


def state():
    """What a training loop changes between steps is part of the graph's
    signature: which parameters train, a submodule's eval mode, a swapped
    head, plain attributes; arguments that are not tensors; writes into
    arguments; more signatures than dynamo's default limit (2.x); dropout
    in bf16 (2.x); a stacked GRU's dropout (2.x)."""
    torch.manual_seed(0)
    x, mask = torch.randn(4, 6), (torch.rand(4, 8) > 0.5).float()

    def fresh(make=_StateNet):
        torch.manual_seed(0)
        base = make()
        eager, compiled = copy.deepcopy(base), copy.deepcopy(base)
        return eager, compiled, remat_torch.compile(compiled)

    def freeze(flag):
        def step(m, f):
            m.a.requires_grad_(flag)
            return f(x)
        return step

    def bn_eval(m, f):
        m.bn.eval()
        return f(x)

    def wider(m, f):
        torch.manual_seed(5)
        m.head = nn.Linear(8, 5)
        return f(x)

    def attrs(p, temp):
        def step(m, f):
            m.drop.p, m.temp = p, temp
            return f(x)
        return step

    eager, compiled, wrapped = fresh()
    _, msgs = _warned(lambda: _same_steps(
        "frozen then unfrozen layer, frozen batch norm", eager, wrapped, compiled,
        [freeze(False), freeze(True), bn_eval]))
    eager, compiled, wrapped = fresh()
    _same_steps("head swapped for a wider one", eager, wrapped, compiled,
                [lambda m, f: f(x), wider, wider])
    eager, compiled, wrapped = fresh()
    _same_steps("dropout p and temperature changed", eager, wrapped, compiled,
                [lambda m, f: f(x), attrs(0.0, 1.0), attrs(0.0, 4.0)])
    eager, compiled, wrapped = fresh()
    _same_steps("arguments that are not tensors", eager, wrapped, compiled,
                [lambda m, f: f(x, None), lambda m, f: f(x, mask=None, scale=0.5),
                 lambda m, f: f(x, mask, 2.0)])
    check(all(s["fallback"] is None for s in wrapped.stats),
          "arguments that are not tensors: every graph decided by remat (%d)" % len(wrapped.stats))

    class Writes(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = nn.Linear(3, 3)

        def forward(self, x):
            x.mul_(2)
            return self.a(x).sum()
    torch.manual_seed(0)
    model = Writes()
    got, want = torch.ones(2, 3), torch.ones(2, 3)
    copy.deepcopy(model)(want).backward()
    wrapped = remat_torch.compile(model)
    _, msgs = _warned(lambda: wrapped(got).backward())
    check(torch.equal(got, want), "a forward writing into its argument: the caller's tensor "
          "is written as eager writes it%s" % ("" if TORCH2 else " (1.13: eagerly, with a warning: %d)"
                                               % len(msgs)))

    # Session 30: state a training loop keeps outside parameters and
    # buffers. A plain tensor attribute reassigned per epoch (class
    # weights) and a list of loss weights annealed in place: 1.13 baked
    # both into its first graph; a batch object holding tensors (a frozen
    # dataclass): 1.13 baked its tensors in (every batch was the first).
    import dataclasses

    class Weighted(_StateNet):
        def __init__(self):
            super().__init__()
            self.class_weight = torch.ones(3)
            self.mix = [1.0, 1.0]

        def forward(self, x, mask=None, scale=1.0):
            logits = self.head(F.gelu(self.bn(self.a(x))))
            y = torch.arange(x.shape[0]) % 3
            return self.mix[0] * F.cross_entropy(logits, y, weight=self.class_weight) + \
                self.mix[1] * logits.pow(2).mean()
    eager, compiled, wrapped = fresh(Weighted)

    def epoch(k):
        def step(m, f):
            m.class_weight = torch.tensor([1.0, 1.0 + k, 1.0 + 3 * k])
            m.mix[1] = 1.0 / (1 + k)
            return f(x)
        return step
    _same_steps("a tensor attribute and a list attribute changed per epoch", eager, wrapped,
                compiled, [epoch(0), epoch(1), epoch(2)])

    @dataclasses.dataclass(frozen=True)
    class Batch:
        x: torch.Tensor

    class TakesBatch(_StateNet):
        def forward(self, b, mask=None, scale=1.0):
            return super().forward(b.x)
    eager, compiled, wrapped = fresh(TakesBatch)
    batches = [torch.randn(4, 6) for _ in range(3)]
    _, msgs = _warned(lambda: _same_steps("a dataclass batch holding tensors", eager, wrapped,
                                          compiled, [(lambda b: lambda m, f: f(Batch(b)))(b)
                                                     for b in batches]))
    if not TORCH2:
        check(any("holds tensors" in str(w) for w in msgs),
              "1.13: a dataclass batch holding tensors runs eagerly, with a warning")

    # Micro-batches sliced from one batch: one graph (2.x; 1.13's views
    # bake the storage offset in).
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(6, 8), nn.GELU(), nn.Linear(8, 3))
    wrapped = remat_torch.compile(net)
    big = torch.randn(16, 6)
    for k in range(4):
        wrapped(big[4 * k:4 * k + 4]).pow(2).mean().backward()
    if TORCH2:
        check(len(wrapped.stats) == 1, "2.x: four micro-batches sliced from one batch: one graph "
              "decided (%d)" % len(wrapped.stats))

    # A ReLU(inplace=True) first in a compiled block writes into the
    # block's input: 2.x recomputed from the input, which AOTAutograd
    # overwrites after the forward (backward failed on the version counter).
    torch.manual_seed(0)
    stem = nn.Conv2d(3, 4, 3, padding=1)
    head = nn.Sequential(nn.ReLU(inplace=True), nn.Conv2d(4, 6, 3, stride=2, padding=1))
    xi = torch.randn(2, 3, 8, 8)
    e_stem, e_head = copy.deepcopy(stem), copy.deepcopy(head)
    e_head(e_stem(xi)).square().mean().backward()
    _, msgs = _warned(lambda: remat_torch.compile(head)(stem(xi)).square().mean().backward())
    check(torch.equal(stem.weight.grad, e_stem.weight.grad) and
          torch.equal(head[1].weight.grad, e_head[1].weight.grad),
          "a compiled block writing into its input in place: eager's gradients%s"
          % ("" if TORCH2 else " (1.13: eagerly)"))

    # Bad policies, budgets and options are errors at compile().
    bad = 0
    for kwargs in (dict(policy="bogus"), dict(policy="budget", budget=1.5),
                   dict(policy="budget", budget=-1), dict(policy="budget", budget=True),
                   dict(policy="budget", budget="lots"), dict(policy="budget", budget=float("nan")),
                   dict(nonsense_option=3)):
        try:
            remat_torch.compile(nn.Linear(2, 2), **kwargs)
        except ValueError:
            bad += 1
    check(bad == 7, "bad policy, budget and option values: ValueError at compile() (%d of 7)" % bad)

    # Variable sequence lengths: 12 signatures, past 2.15 dynamo's 8.
    torch.manual_seed(0)
    lm = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 8))
    wrapped = remat_torch.compile(lm)
    for t in range(1, 13):
        wrapped(torch.randn(2, t, 8)).pow(2).mean().backward()
    check(len(wrapped.stats) == 12, "12 sequence lengths: 12 graphs decided (%d)" % len(wrapped.stats))

    # Autocast on, then off: two graphs (1.13 reused the bf16 one).
    eager, compiled, wrapped = fresh()

    def autocast(on):
        def step(m, f):
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=on):
                return f(x).float()
        return step
    _same_steps("bf16 autocast, then none", eager, wrapped, compiled, [autocast(True), autocast(False)])

    # A forward that advances a counter, stores tensors on the module and
    # draws from Python's random (LayerDrop): on 1.13 eagerly, with a
    # warning (the compiled graph would replay none of it).
    class Stateful(_StateNet):
        def forward(self, x, mask=None, scale=1.0):
            import random
            self.calls = getattr(self, "calls", 0) + 1
            self.last = x.detach()
            drop = random.random() < 0.5
            return super().forward(x) * (0.5 if drop else 1.0) / self.calls
    import random
    eager, compiled, wrapped = fresh(Stateful)

    def seeded(m, f):
        random.seed(len(m.__dict__.get("seen", "")))
        m.__dict__.setdefault("seen", "")
        m.__dict__["seen"] += "x"
        return f(x)
    _, msgs = _warned(lambda: _same_steps("a counter, a stored tensor, random.random()", eager,
                                          wrapped, compiled, [seeded] * 3))
    check(eager.calls == compiled.calls == 3, "the counter advanced once a step (%d, %d)"
          % (eager.calls, compiled.calls))

    # The wrapper stands for the module: attributes, state_dict keys,
    # deepcopy and torch.save.
    import io
    eager, compiled, wrapped = fresh()
    wrapped(x).backward()
    clone = copy.deepcopy(wrapped)
    compiled.zero_grad(set_to_none=True)
    clone(x).backward()
    check(all(p.grad is not None for p in clone.module.parameters()) and
          all(p.grad is None for p in compiled.parameters()),
          "a deep copy trains its own parameters")
    check(list(wrapped.state_dict()) == list(eager.state_dict()) and wrapped.temp == 1.0 and
          wrapped.head is compiled.head, "state_dict keys and attributes as the module's")
    wrapped.load_state_dict(eager.state_dict())
    buf = io.BytesIO()
    torch.save(wrapped, buf)
    buf.seek(0)
    again = torch.load(buf, weights_only=False) if TORCH2 else torch.load(buf)
    outs = []
    for m in (again, wrapped):
        torch.manual_seed(0)
        outs.append(m(x))
    check(type(again).__name__ == "RematModule" and torch.equal(*outs),
          "torch.save and torch.load of a RematModule")

    # Batches taken from one preloaded tensor (data[i]) differ by storage
    # offset alone: 1.13 decided a graph per step until its 64-graph cap
    # (a tester's report, session 37); two graphs now (offset 0, and the
    # first other offset before a second one shows the loop), and the
    # gradient of such a view (of a tensor that needs one) reaches its base.
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(16, 32), nn.GELU(), nn.Linear(32, 1))
    data, target = torch.randn(6, 2, 16), torch.randn(6, 2, 1)
    eager, compiled = copy.deepcopy(net), copy.deepcopy(net)
    wrapped = remat_torch.compile(compiled)
    _same_steps("batches as views of one tensor (data[i])", eager, wrapped, compiled,
                [lambda m, f, i=i: F.mse_loss(f(data[i]), target[i]) for i in range(6)])
    check(len(wrapped.stats) <= 2, "batches as views of one tensor: %d graphs decided for 6 "
          "steps" % len(wrapped.stats))
    base = data.clone().requires_grad_(True)
    got = [None, None]
    for k, f in enumerate((eager, wrapped)):
        base.grad = None
        f(base[3]).sum().backward()
        got[k] = base.grad
    check(torch.equal(got[0], got[1]) and got[0][3].abs().sum() > 0 and got[0][:3].abs().sum() == 0,
          "a view at an offset that needs a gradient: its base's gradient as eager's")

    # A forward that reads values into Python (.numpy(), .tolist(): a DETR
    # matcher's assignment) chose by the traced step's values at every
    # later 1.13 step, silently (a tester's report, session 37): it runs
    # eagerly there, with a warning; 2.x's dynamo breaks the graph.
    class Reads(nn.Module):
        def __init__(self, how):
            super().__init__()
            self.l, self.how = nn.Linear(4, 6), how

        def forward(self, x):
            h = self.l(x)
            with torch.no_grad():
                v = h.detach().numpy() if self.how == "numpy" else h.detach().tolist()
                k = int(v.argmax()) if self.how == "numpy" else v.index(max(v))
            return h[k] * 2 + h.sum()
    for how in ("numpy", "tolist"):
        torch.manual_seed(0)
        base = Reads(how)
        eager, compiled = copy.deepcopy(base), copy.deepcopy(base)
        wrapped = remat_torch.compile(compiled)
        xs = [torch.randn(4) for _ in range(4)]
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            _same_steps("values read with .%s() in the forward" % how, eager, wrapped, compiled,
                        [lambda m, f, x=x: f(x) for x in xs])
        said = [str(w.message) for w in caught if "reads a tensor's values" in str(w.message)]
        check(TORCH2 or len(said) == 1, "1.13: .%s() in the forward runs eagerly, said once (%s)"
              % (how, said[:1]))

    # A sparse input (pygcn's adjacency): 1.13 runs the step eagerly and
    # says why; held_bytes excludes it (it raised on its storage).
    from models import sparse_input
    gcn, (xg, adj) = sparse_input()
    eager, compiled = copy.deepcopy(gcn), copy.deepcopy(gcn)
    wrapped = remat_torch.compile(compiled)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _same_steps("a sparse adjacency as an input", eager, wrapped, compiled,
                    [lambda m, f: f(xg, adj)] * 2)
    said = [str(w.message) for w in caught if "sparse_coo tensor" in str(w.message)]
    check(TORCH2 or len(said) == 1, "1.13: a sparse input runs eagerly, said once (%s)" % said[:1])
    held = remat_torch.held_bytes(eager(xg, adj), list(eager.parameters()) + [xg, adj])
    check(held >= 0, "held_bytes with a sparse tensor excluded: %d B" % held)

    if TORCH2:
        # A forward dynamo runs as Python throughout (a WGAN-GP critic's
        # penalty, torch.autograd.grad inside): nothing reached remat, and
        # nothing said so (a tester's report, session 37).
        class Penalty(nn.Module):
            def __init__(self):
                super().__init__()
                self.d = nn.Sequential(nn.Linear(8, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))

            def forward(self, real):
                x = real.detach().requires_grad_(True)
                g = torch.autograd.grad(self.d(x).sum(), x, create_graph=True)[0]
                return self.d(real).mean() + ((g.norm(2, dim=1) - 1) ** 2).mean()
        torch.manual_seed(0)
        base = Penalty()
        eager, compiled = copy.deepcopy(base), copy.deepcopy(base)
        wrapped = remat_torch.compile(compiled)
        xp = torch.randn(4, 8)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            _same_steps("2.x: a gradient penalty in the forward", eager, wrapped, compiled,
                        [lambda m, f: f(xp)] * 2)
        said = [str(w.message) for w in caught if "found no graph" in str(w.message)]
        check(len(said) == 1 and not wrapped.stats,
              "2.x: a forward dynamo runs as Python: said once (%s)" % said[:1])

    if not TORCH2:
        # A gradient penalty through a 1.13 compiled step: an error, not
        # wrong gradients.
        eager, compiled, wrapped = fresh()
        xg = x.clone().requires_grad_(True)
        try:
            g, = torch.autograd.grad(wrapped(xg), xg, create_graph=True)
            g.pow(2).sum().backward()
            raised = ""
        except RuntimeError as e:
            raised = str(e)
        check("double backward" in raised, "1.13: create_graph=True through a compiled step raises")

    if TORCH2:
        torch.manual_seed(0)
        net = nn.Sequential(nn.Linear(64, 256), nn.Dropout(0.1), nn.Linear(256, 4)).bfloat16()
        xb = torch.randn(32, 64).bfloat16()
        eager, compiled = copy.deepcopy(net), copy.deepcopy(net)
        torch.manual_seed(1)
        want = eager(xb)
        torch.manual_seed(1)
        got = remat_torch.compile(compiled)(xb)
        check(torch.equal(want, got), "bf16 dropout: the output equals eager's bit for bit "
              "(the scale in bf16, as native_dropout)")
        eager, compiled, wrapped = fresh(lambda: nn.GRU(4, 6, num_layers=2, batch_first=True,
                                                        dropout=0.2))
        xs = torch.randn(2, 3, 4)
        _same_steps("stacked GRU with dropout between layers", eager, wrapped, compiled,
                    [lambda m, f: f(xs)[0].pow(2).sum()] * 2)
        eager, compiled, _ = fresh()
        wrapped = remat_torch.compile(compiled, policy="budget", budget=0.5)
        _same_steps("policy=budget at a fraction", eager, wrapped, compiled, [lambda m, f: f(x)])
        check(wrapped.stats[0]["fallback"] is None, "policy=budget at a fraction: decided by remat")


def fallback():
    torch.manual_seed(0)
    model = Unsupported()
    x = torch.randn(4, 8)
    ref = copy.deepcopy(model)
    wrapped = remat_torch.compile(model)

    def two_steps():
        for _ in range(2):
            wrapped(x).backward()
        return model.lin.weight.grad
    grad, msgs = _warned(two_steps)
    ref(x).backward()
    ref(x).backward()
    for m in msgs:
        print("warning:", m)
    check(len(msgs) == 1 and "aten.median" in msgs[0] and "aten.i0" in msgs[0],
          "unsupported ops: one warning naming them")
    check(torch.allclose(grad, ref.lin.weight.grad), "the step still trains (default partition)")
    check(wrapped.stats[0]["fallback"] is not None, "stats record the fallback")

    torch.manual_seed(0)
    model, x = SliceWrite(), torch.randn(2, 2, 4, 4)
    ref = copy.deepcopy(model)
    wrapped = remat_torch.compile(model)
    _, msgs = _warned(lambda: wrapped(x).backward())
    ref(x).backward()
    for m in msgs:
        print("warning:", m)
    if not TORCH2:
        check(len(msgs) == 1 and "runs eagerly" in msgs[0], "slice write on 1.13: one warning, eager")
    check(torch.allclose(model.c.weight.grad, ref.c.weight.grad, atol=1e-5, rtol=1e-5),
          "slice write: gradients equal eager's")

    for tool, what in (("/nonexistent/remat-opt", "missing remat-opt"), ("/bin/false", "failing remat-opt")):
        base, inputs = gpt()
        eager = copy.deepcopy(base)
        want, _ = train(eager, eager, inputs, steps=2)
        model = copy.deepcopy(base)
        wrapped = remat_torch.compile(model, remat_opt=tool)
        (got, _), msgs = _warned(lambda: train(model, wrapped, inputs, steps=2))
        for m in msgs:
            print("warning:", m)
        check(len(msgs) == 1, "%s: one warning" % what)
        check(max(abs(a - b) / abs(b) for a, b in zip(got, want)) <= 1e-4,
              "%s: losses equal eager's" % what)

    # Where remat finds no decision within min-cut's bytes, the graph takes
    # min-cut's partition with one warning. No community model needs it
    # since session 20 (ConvNeXt's LayerNorm2d, nograd_mix and evidential
    # hold less than min-cut now): flops_per_byte=0 forbids remat's
    # recomputation of cheap ops here to reach that path.
    import community_wild7
    make = community_wild7.convnext_ln2d
    want, _, _, _ = _two_steps(make, lambda m: m)
    got, held, stats, said = _two_steps(make, lambda m: remat_torch.compile(m, flops_per_byte=0))
    for m in said:
        print("warning:", m)
    st = stats[0]
    if TORCH2 and "mincut_fallback" not in st:
        # 2.x's joint graph of this model leaves remat within min-cut's
        # bytes even so: the path is 1.13's here; the invariant still holds.
        print("skipped: above min-cut: remat holds %d B, min-cut %s B on PyTorch %s" %
              (held, st.get("mincut_saved_bytes", "-"), torch.__version__))
        check(not said and held <= st.get("mincut_saved_bytes", held),
              "above min-cut: not reached on this PyTorch, and remat holds at most min-cut's bytes")
    else:
        check(len(said) == 1 and "uses min-cut's partition" in said[0] and st.get("mincut_fallback"),
              "above min-cut: one warning")
        check(held == st["saved_bytes"] == st["mincut_saved_bytes"] < st["mincut_fallback"],
              "above min-cut: holds min-cut's %d B, not remat's %d B" % (held, st["mincut_fallback"]))
    check(max(abs(a - b) / abs(b) for a, b in zip(got, want)) <= 1e-4,
          "above min-cut: losses equal eager's")


def cache():
    base, inputs = gpt(dropout=0.0)
    wrapped = remat_torch.compile(base, flops_per_byte=16)
    idx, tgt = inputs
    for _ in range(3):
        wrapped(idx, tgt).backward()
    print("after 3 steps of batch 2: %d graphs" % len(wrapped.stats))
    wrapped(idx[:1], tgt[:1]).backward()
    wrapped(idx[:1], tgt[:1]).backward()
    print("after 2 steps of batch 1: %d graphs" % len(wrapped.stats))
    with torch.no_grad():
        wrapped(idx, tgt)
    print("after a no_grad forward: %d graphs" % len(wrapped.stats))
    check([s["fallback"] for s in wrapped.stats] == [None, None],
          "one decision per input signature")
    for s in wrapped.stats:
        print("decided in %.3f s: %d ops, %d B saved, %d recompute FLOPs" % (
            s["decide_s"], s["ops"], s["saved_bytes"], s["recompute_flops"]))


class _MaskedMSE(nn.Module):
    """A loss over x[mask], the mask an input (its count varies by batch)."""

    def __init__(self):
        super().__init__()
        self.l = nn.Linear(4, 3)

    def forward(self, x, y, mask):
        return ((self.l(x) - y) ** 2)[mask].mean()


class _MaskedFill(nn.Module):
    """masked_scatter of a GELU's output, selected, into the masked
    positions (masked_scatter's gradient selects by the mask again)."""

    def __init__(self):
        super().__init__()
        self.l = nn.Linear(4, 12)

    def forward(self, x, y, mask):
        h = F.gelu(self.l(x)).reshape(y.shape)
        return (torch.zeros_like(h).masked_scatter(mask, h[mask] * 2) ** 2).sum()


class _SmoothedCE(nn.Module):
    """Label smoothing (F.cross_entropy's masked_select over the targets not
    ignored: the same count in every batch, so the graph is kept)."""

    def __init__(self):
        super().__init__()
        self.l = nn.Linear(4, 5)

    def forward(self, x, y, mask):
        return F.cross_entropy(F.gelu(self.l(x)), y, label_smoothing=0.1)


def masks():
    """Steps whose sizes depend on values (x[mask], masked_select): 1.13's
    AOTAutograd bakes the traced sizes into the backward. Three batches each
    with other masks: a changed count runs eagerly from that step (with the
    random state of the step), an unchanged one keeps remat's graph; the
    losses and gradients are eager's either way."""
    torch.manual_seed(0)
    cases = [("masked_mse", _MaskedMSE, lambda: (torch.randn(5, 4), torch.randn(5, 3),
                                                  torch.rand(5, 3) > 0.5)),
             ("masked_fill", _MaskedFill, lambda: (torch.randn(2, 4), torch.randn(4, 6),
                                                    torch.rand(4, 6) > 0.5)),
             ("smoothed_ce", _SmoothedCE, lambda: (torch.randn(6, 4), torch.randint(0, 5, (6,)),
                                                    torch.ones(1, dtype=torch.bool)))]
    for name, cls, batch in cases:
        torch.manual_seed(1)
        model = cls()
        eager = copy.deepcopy(model)
        wrapped = remat_torch.compile(model)
        batches = [batch() for _ in range(3)]
        worst, msgs = 0.0, []
        for x, y, mask in batches:
            (loss, m) = _warned(lambda: wrapped(x, y, mask))
            msgs += m
            loss.backward()
            want = eager(x, y, mask)
            want.backward()
            worst = max(worst, abs(loss.item() - want.item()))
            for p, q in zip(model.parameters(), eager.parameters()):
                worst = max(worst, (p.grad - q.grad).abs().max().item())
        counts = [int(b[2].sum()) for b in batches]
        print("%s: counts %s: %s" % (name, counts, msgs[0] if msgs else "no warning"))
        check(worst == 0.0, "%s: 3 steps as eager (losses and gradients %.1e)" % (name, worst))
        # (1.13: one graph, traced at the first step; 2.x: dynamo's graphs
        # around the value-dependent op)
        decided = [s for s in wrapped.stats if s["fallback"] is None]
        check(len(decided) >= 1, "%s: decided by remat at the first step" % name)


class _CoTeaching(nn.Module):
    """Co-teaching's step as its authors wrote it: a global pool sized by
    `h.data.shape[2]`, the small-loss samples picked by `argsort(loss.data)`
    (reads of activations' `.data`, not writes into parameters)."""

    def __init__(self):
        super().__init__()
        self.c = nn.Conv2d(1, 4, 3, padding=1)
        self.fc = nn.Linear(4, 3)

    def forward(self, x, y):
        h = torch.relu(self.c(x))
        h = F.avg_pool2d(h, kernel_size=h.data.shape[2]).flatten(1)
        loss = F.cross_entropy(self.fc(h), y, reduction="none")
        keep = torch.argsort(loss.data)[: loss.shape[0] // 2]
        return loss[keep].mean()


def data_reads():
    """`.data` of an activation is traced as a detached alias under
    remat_torch.compile (only a parameter's or buffer's is refused)."""
    torch.manual_seed(0)
    model = _CoTeaching()
    eager = copy.deepcopy(model)
    wrapped = remat_torch.compile(model)
    worst, msgs = 0.0, []
    for _ in range(3):
        x, y = torch.randn(6, 1, 6, 6), torch.randint(0, 3, (6,))
        loss, m = _warned(lambda: wrapped(x, y))
        msgs += m
        loss.backward()
        eager(x, y).backward()
        worst = max([worst] + [(p.grad - q.grad).abs().max().item()
                               for p, q in zip(model.parameters(), eager.parameters())])
    check(worst == 0.0 and not msgs, "co-teaching: 3 steps as eager, no warning (%.1e %s)"
          % (worst, msgs))
    check([s["fallback"] for s in wrapped.stats] == [None], "co-teaching: decided by remat")

    class WritesThroughData(nn.Module):
        def __init__(self):
            super().__init__()
            self.l = nn.Linear(4, 4)

        def forward(self, x):
            h = torch.tanh(self.l(x))
            h.data.clamp_(min=0)  # behind autograd's back: eagerly
            return (h * h).sum()
    torch.manual_seed(0)
    model = WritesThroughData()
    eager = copy.deepcopy(model)
    x = torch.randn(2, 4)
    loss, msgs = _warned(lambda: remat_torch.compile(model)(x))
    loss.backward()
    eager(x).backward()
    same = all(torch.equal(p.grad, q.grad) for p, q in zip(model.parameters(), eager.parameters()))
    print("write through .data: %s" % (msgs[0] if msgs else "no warning"))
    check(same, "write through .data: gradients as eager")


def loop():
    """A user's loop around remat_torch.compile: AdamW, a LR schedule,
    gradient clipping, accumulation over 2 micro-batches, CPU bf16
    autocast or not, an eval pass under no_grad in between, a last batch of
    another size: the losses are eager's."""
    def run(model, step, batches, autocast):
        opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.1)
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
        losses = []
        for i, (idx, tgt) in enumerate(batches):
            opt.zero_grad(set_to_none=True)
            half = idx.shape[0] // 2
            for micro in range(2):
                part = slice(micro * half, (micro + 1) * half)
                with torch.autocast("cpu", dtype=torch.bfloat16, enabled=autocast):
                    loss = step(idx[part], tgt[part])
                (loss / 2).backward()
                losses.append(loss.item())
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            sched.step()
            if i == 1:
                model.eval()
                with torch.no_grad():
                    losses.append(step(idx[:2], tgt[:2]).item())
                model.train()
        return losses

    for autocast in (False, True):
        base, _ = gpt(dropout=0.0)
        torch.manual_seed(1)
        batches = [(torch.randint(0, 64, (4, 16)), torch.randint(0, 64, (4, 16)))
                   for _ in range(3)]
        batches.append((batches[0][0][:2], batches[0][1][:2]))
        eager, model = copy.deepcopy(base), copy.deepcopy(base)
        want = run(eager, eager, batches, autocast)
        wrapped = remat_torch.compile(model)
        got = run(model, wrapped, batches, autocast)
        rel = max(abs(a - b) / (1e-6 + abs(b)) for a, b in zip(got, want))
        check(rel <= 1e-4 and len(got) == len(want),
              "autocast=%s: %d losses as eager's (worst %.1e)" % (autocast, len(got), rel))
        check(all(s["fallback"] is None for s in wrapped.stats),
              "autocast=%s: %d graphs, all decided by remat" % (autocast, len(wrapped.stats)))


def _ddp_worker(rank, world, init, results):
    import torch.distributed as dist
    from torch.nn.parallel import DistributedDataParallel as DDP
    dist.init_process_group("gloo", init_method=init, rank=rank, world_size=world)
    torch.set_num_threads(1)
    base, (idx, tgt) = gpt(dropout=0.0)
    model = copy.deepcopy(base)
    wrapped = remat_torch.compile(model, flops_per_byte=16)
    # gloo cannot broadcast bool buffers (the causal masks): DDP leaves them.
    DDP._set_params_and_buffers_to_ignore_for_model(
        wrapped, [n for n, b in wrapped.named_buffers() if b.dtype == torch.bool])
    ddp = DDP(wrapped)
    ddp(idx[rank:rank + 1], tgt[rank:rank + 1]).backward()
    grads = [p.grad.clone() for p in model.parameters()]
    torch.save({"grads": grads, "stats": wrapped.stats}, results % rank)
    dist.destroy_process_group()


def ddp():
    _distributed(_ddp_worker)


def community():
    """The community models (nanoGPT, LLaMA, BERT, ViT, ConvNeXt, GRU,
    MobileNet, UNet, ResNet as found in the wild, community.py) and some of
    community_more.py (grouped-query attention, nn.LSTM,
    nn.TransformerEncoderLayer, Swin windows, a BYOL target under no_grad)
    through remat_torch.compile: 2 SGD steps against eager, the batch norms'
    running statistics against eager's, bitwise, and the bytes autograd
    holds against eager's, min-cut's and remat's prediction. ViT's label
    smoothing on 1.13 has a data-dependent shape (masked_select): the
    partition shapes it by a real run. A graph remat cannot take trains with
    PyTorch's partition for a known reason."""
    import community
    import community_more
    for models, name in [(community, n) for n in (
            "nanogpt", "llama", "bert", "vit", "convnext", "gru", "mobilenet", "unet", "resnet")] + [
            # x.repeat_interleave(2, dim): its repeats are a constant the
            # joint graph builds, folded for the fake run's shapes
            (community_more, n) for n in (
                "gqa", "lstm", "encoder_layer", "swin", "nograd_target")]:
        made = getattr(models, name)()
        model, inputs = made[0], made[1]
        inputs = inputs if isinstance(inputs, tuple) else (inputs,)

        def run(wrap):
            m = copy.deepcopy(model)
            w = wrap(m)
            # nanoGPT returns (logits, loss); a sum's backward holds no tensor
            losses, held = train(m, w, inputs, steps=2, lr=0.01, loss_of=lambda out: (
                out[-1] if isinstance(out, tuple) else out).sum())
            return losses, held, getattr(w, "stats", None), m
        want, eager_held, _, eager = run(lambda m: m)
        got, held, stats, mine = run(lambda m: remat_torch.compile(m))
        rel = max(abs(a - b) / (1e-6 + abs(b)) for a, b in zip(got, want))
        drift = max(((p - q).abs().max() / (1 + q.abs().max())).item()
                    for p, q in zip(mine.parameters(), eager.parameters()))
        st = stats[0]
        check(rel <= 1e-4 and drift <= 1e-4, "%s: 2 SGD steps as eager (losses %.1e, parameters "
              "%.1e)" % (name, rel, drift))
        # (1.13's aot_module drops num_batches_tracked's add_, with its own
        # partition too: remat_torch.compile counts the batches itself since
        # session 28.)
        stats_ = [(k, a, b) for (k, a), (_, b) in zip(mine.named_buffers(), eager.named_buffers())
                  if k.endswith(("running_mean", "running_var", "num_batches_tracked"))]
        if stats_:
            off = [k for k, a, b in stats_ if not torch.equal(a, b)]
            check(not off, "%s: running statistics after 2 steps equal eager's, bitwise (%d "
                  "buffers)%s" % (name, len(stats_), "; not: " + ", ".join(off) if off else ""))
        if st["fallback"]:  # PyTorch's own partition: its bytes, not remat's
            check(any(r in st["fallback"] for r in FALLBACKS),
                  "%s: PyTorch's partition: %s" % (name, st["fallback"]))
            continue
        check(held <= eager_held, "%s: holds %d B, eager %d B (%.2fx)" % (
            name, held, eager_held, held / max(1, eager_held)))
        check(st["saved_bytes"] == held, "%s: predicted = measured (%d B)" % (name, held))
        check_mincut(name, model, inputs, held, loss_of=lambda out: (
            out[-1] if isinstance(out, tuple) else out).sum())


def check_mincut(name, model, inputs, held, loss_of=lambda out: out):
    """`held` (what remat_torch.compile's step held) at most what
    min_cut_rematerialization_partition holds on a copy of `model`."""
    from functorch.compile import min_cut_rematerialization_partition
    try:
        m = copy.deepcopy(model)
    except RuntimeError:  # weight_norm on 1.13: the caller passes a fresh model
        m = model
    # The same graph as remat's: F.one_hot traced without reading values,
    # torch.utils.checkpoint as a call, PyTorch's argument checks read.
    with TraceHelpers(), checkpoint_as_call(), aot_reads_library_checks():
        try:
            try:
                _, mincut = train(m, aot(min_cut_rematerialization_partition)(m), inputs, steps=1,
                                  lr=0.01, loss_of=loss_of)
            except ValueError as e:
                if "tie" not in str(e):
                    raise
                m = copy.deepcopy(model)
                _, mincut = train(m, aot(min_cut_rematerialization_partition, dynamo=True)(m), inputs,
                                  steps=1, lr=0.01, loss_of=loss_of)
        except NotImplementedError as e:
            # 1.13's min-cut sizes values by dtype and knows no complex
            # one (Meta's LLaMA RoPE): there is no min-cut to compare with.
            check("complex" in str(e), "%s: holds %d B, min-cut cannot partition it (%s)" % (
                name, held, e))
            return
    check(held <= mincut, "%s: holds %d B, min-cut %d B (%.2fx)" % (
        name, held, mincut, held / max(1, mincut)))


def _two_steps(make, wrap, loss_of=lambda out: out, counters=None):
    """2 SGD steps of wrap(a fresh model from make()): losses, held bytes,
    the wrapper's stats and remat's warnings; the batch norms'
    num_batches_tracked appended to `counters` if given. (A fresh model, not
    a deepcopy: 1.13 cannot deepcopy a weight_norm module.)"""
    m, inputs = make()
    w = wrap(m)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        losses, held = train(m, w, inputs, steps=2, lr=0.01, loss_of=loss_of)
    said = [str(c.message) for c in caught if "remat" in str(c.message) and
            INFORMATIONAL not in str(c.message)]
    if counters is not None:
        counters += [int(b) for k, b in m.named_buffers() if k.endswith("num_batches_tracked")]
    return losses, held, getattr(w, "stats", None), said


def fresh():
    """community_fresh.py, models remat had not seen: through
    remat_torch.compile, 2 SGD steps with eager's losses, and the bytes
    autograd holds at most eager's and min-cut's (where min-cut can
    partition the graph), equal to the prediction, every graph decided by
    remat (the complex-number RoPE too, since session 19; 1.13's min-cut
    cannot partition its complex values)."""
    import community_fresh
    for name in ("hfgpt2", "t5", "vitcls", "deepnarrow", "einsum_alibi", "gnconv",
                 "inplace_mlp", "llama_complex", "clip", "retention", "upnet", "lora",
                 "autocast_mlp"):
        model, inputs = getattr(community_fresh, name)()
        make = getattr(community_fresh, name)
        want, eager_held, _, _ = _two_steps(make, lambda m: m)
        got, held, stats, said = _two_steps(make, remat_torch.compile)
        rel = max(abs(a - b) / (1e-6 + abs(b)) for a, b in zip(got, want))
        check(rel <= 1e-4, "%s: 2 SGD steps as eager (losses %.1e)" % (name, rel))
        st = stats[0]
        # (llama_complex, Meta's complex RoPE, took PyTorch's partition with
        # one warning naming view_as_complex until session 19)
        check(not st["fallback"] and not said, "%s: decided by remat%s" % (
            name, ": " + "; ".join(said) if said else ""))
        if st["fallback"]:
            continue
        check(st["saved_bytes"] == held, "%s: predicted = measured (%d B)" % (name, held))
        check(held <= eager_held, "%s: holds %d B, eager %d B (%.2fx)" % (
            name, held, eager_held, held / eager_held))
        check_mincut(name, model, inputs, held)


def _train_set(module, names, loss_of, eager=()):
    """Each model of `module` through remat_torch.compile: 2 SGD steps with
    eager's losses, the bytes autograd holds at most eager's and min-cut's,
    equal to the prediction, and no graph left to PyTorch (but
    ABOVE_DEFAULT, and MINCUT_PARTITION: min-cut's partition, said once;
    `eager`: AOTAutograd cannot trace it, it trains eagerly with one
    warning)."""
    for name in names:
        model, inputs = getattr(module, name)()
        make = getattr(module, name)
        counted, eager_counted = [], []
        want, eager_held, _, _ = _two_steps(make, lambda m: m, loss_of, eager_counted)
        got, held, stats, said = _two_steps(make, remat_torch.compile, loss_of, counted)
        rel = max(abs(a - b) / (1e-6 + abs(b)) for a, b in zip(got, want))
        check(rel <= 1e-4, "%s: 2 SGD steps as eager (losses %.1e)" % (name, rel))
        if eager_counted:  # (1.13's compiled step dropped them until session 28)
            check(counted == eager_counted, "%s: batch norms counted %s batches, eager %s" % (
                name, sorted(set(counted)), sorted(set(eager_counted))))
        if name in eager:
            check(not stats and len(said) == 1 and "runs eagerly" in said[0],
                  "%s: eager with one warning: %s" % (name, said[0] if said else "none"))
            continue
        check(bool(stats), "%s: traced by AOTAutograd%s" % (name, ": " + "; ".join(said) if said else ""))
        if not stats:
            continue
        st = stats[0]
        if name in ABOVE_DEFAULT:  # PyTorch's default partition, said once
            check(len(said) == 1 and "default partition" in said[0],
                  "%s: %s" % (name, said[0] if said else "no warning"))
        elif name in MINCUT_PARTITION:  # min-cut's partition, said once
            check(len(said) == 1 and "uses min-cut's partition" in said[0] and
                  st.get("mincut_fallback"), "%s: %s" % (name, said[0] if said else "no warning"))
        else:
            check(not st["fallback"] and not said, "%s: decided by remat%s" % (
                name, ": " + "; ".join(said) if said else ""))
        if st["fallback"]:
            continue
        check(st["saved_bytes"] == held, "%s: predicted = measured (%d B)" % (name, held))
        check(held <= eager_held, "%s: holds %d B, eager %d B (%.2fx)" % (
            name, held, eager_held, held / eager_held))
        check_mincut(name, model, inputs, held, loss_of=loss_of)


def _sum_loss(out):
    """Non-scalar outputs are summed (sum's backward holds nothing); a dict
    of outputs (Hugging Face's) trains on its "loss", a tuple on its first."""
    if isinstance(out, dict):
        out = out["loss"]
    if isinstance(out, (tuple, list)):  # (loss, predictions): the loss
        out = out[0]
    return out if out.dim() == 0 else out.sum()


def wild():
    """community_wild.py (2026-12-03), see _train_set: seq2seq's nn.GRU
    (1.13 transposes its output stack in place) and label-smoothed
    cross-entropy with ignore_index (a data-dependent masked_select) are
    decided by remat too. whisper and gelu_t are left out: their GELU
    backward reads a transposed gradient, where Debian's PyTorch 1.13 f32
    kernel returns garbage (eager and any partition alike; compare.py
    checks them against f64). Then the guard: with policy="none" (nothing
    recomputed) Swin V2's saved set holds more than PyTorch's default
    partition (52,872 B against 46,728 B), and remat_torch.compile takes
    the default, once. (The guard was tested with partition._backward_side
    off until session 20, when TrainingGraph learnt the same rule.)"""
    import community_wild
    _train_set(community_wild, (
        "neox", "falcon", "distilbert", "gemma", "yolo",
        "densenet", "wavenet", "ssm", "perceiver", "gat", "vae", "dcgan", "seq2seq",
        "view_inplace", "bilstm", "hfbert", "moe", "rwkv", "mixer", "effnet",
        "conformer", "distill", "focal", "espcn", "layerscale", "miscact", "wnorm",
        "gumbel", "instnorm", "reflect2d", "replicate2d", "mae", "gcn", "triplet",
        "mixup", "protonet", "framer", "tcn", "slice_writes", "gptj", "relshift", "dqn",
        "realnvp", "simclr", "siamese", "nerf", "capsule", "dlrm", "ppo", "ppo_novalidate",
        "litllama", "hfllama", "convnextv2", "swinv2", "bertmlm", "deit", "sliding",
        "bilinear", "transformer", "charrnn", "wordlm", "meanpool", "upsample",
        "inplace", "deep", "tiny", "constfwd", "dynt"), _sum_loss)
    _, held, stats, said = _two_steps(
        community_wild.swinv2, lambda m: remat_torch.compile(m, policy="none"), _sum_loss)
    check(len(said) == 1 and "uses the default partition" in said[0] and
          stats[0]["above_default"] > held == stats[0]["saved_bytes"],
          "swinv2 with policy=none: the default partition, said once (%s)" % (
              said[0] if said else "no warning"))


def wild2():
    """community_wild2.py (2026-12-03, session 15), see _train_set: 3-D
    convolution and pooling, grid_sample, one_hot traced without reading
    values, T5, ALiBi, CLIP, PointNet, a diffusion U-Net, a neural ODE,
    GraphSAGE, a loss zoo (1.13's AOTAutograd traces on fake tensors and
    cannot pass F.gaussian_nll_loss's check of values: eager), ..."""
    import community_wild2
    _train_set(community_wild2, [m for m in community_wild2.MODELS if m not in NOT_TRAINED_WILD2],
               _sum_loss, eager=EAGER_WILD2)


def wild3():
    """community_wild3.py (session 17), see _train_set: Mistral, Qwen2, Phi-2,
    MPT, GPT-BigCode, DeBERTa, BEiT, DINO, MobileNetV3, DiT, Informer,
    Tacotron, a gated delta rule, GIN, Graphormer, PatchTST, ..."""
    import community_wild3
    _train_set(community_wild3, [m for m in community_wild3.MODELS if m not in NOT_TRAINED_WILD3],
               _sum_loss, eager=EAGER_WILD3)


def wild4():
    """community_wild4.py (session 17), see _train_set: HiFi-GAN, Demucs,
    RetinaNet and FCOS heads, DeepLabV3's ASPP, PSPNet, FPN, SegFormer,
    UNet++, SAC, TD3, DIN, xDeepFM, N-HiTS, TFT, GATv2, an MPNN, DDPM, a
    BiLSTM-CRF, a pointer network, BART, and hostile patterns (strided and
    channels-last inputs, outputs sharing storage, detach and no_grad in
    the middle, 64 narrow layers, float64, CPU bf16 autocast)."""
    import community_wild4
    _train_set(community_wild4, [m for m in community_wild4.MODELS if m not in NOT_TRAINED_WILD4],
               _sum_loss, eager=EAGER_WILD4)


def wild5():
    """community_wild5.py (session 18), see _train_set: Barlow Twins,
    VICReg, SwAV, xLSTM's mLSTM, Griffin's RG-LRU, an NTM head, SASRec,
    TabNet, KAN, EGNN, DGCNN, SchNet, an RNN-T joint, a Set Transformer,
    NeuralSort, Llama 3; losses over x[mask], a write into a diagonal."""
    import community_wild5
    _train_set(community_wild5, community_wild5.MODELS, _sum_loss, eager=EAGER_WILD5)


def wild6():
    """community_wild6.py (session 19), see _train_set: Mamba, Mamba-2's
    SSD, nn.RNN, a Switch Transformer, ELECTRA, DPO, Megatron's bias-GeLU
    Function, prefix tuning, Mixture-of-Depths, MAML, a DEQ, SegNet's
    max_unpool2d, bicubic resizing, RepVGG, PoolFormer, MaxViT, a loss zoo,
    an evidential (lgamma, digamma) loss, Sinkhorn, Bayes-by-backprop, PNA,
    a residual VQ, SigLIP, classifier-free guidance's label dropout."""
    import community_wild6
    _train_set(community_wild6, community_wild6.MODELS, _sum_loss, eager=EAGER_WILD6)


def wild8():
    """community_wild8.py (session 21), see _train_set: KAN, Mixture-of-
    Depths, DropPath, a Set Transformer, a spiking network with a surrogate
    gradient, CIoU, ghost batch norm, registers, Sinkhorn routing,
    FocalNet, ConvLSTM, Deformable DETR's sampling, a masked-LM loss over
    logits[mask], CTC losses (shapes from the real run: log_alpha's width
    is a value), F.unfold, scans, masked writes. Hyena trains eagerly
    (EAGER_WILD8: 1.13's AOTAutograd cannot trace slice_scatter of a
    complex tensor)."""
    import community_wild8
    _train_set(community_wild8, community_wild8.MODELS, _sum_loss, eager=EAGER_WILD8)


def wild7():
    """community_wild7.py (session 19), see _train_set: AWD-LSTM's
    WeightDrop, Hugging Face BERT's chunked feed-forward, ConvNeXt's
    LayerNorm2d, a fully masked attention row, nearest-exact and area
    resizing, checkpoint_sequential, FNO (eager: EAGER_WILD7)."""
    import community_wild7
    sparse = ("sparse_emb", "sparse_bag")
    _train_set(community_wild7, [m for m in community_wild7.MODELS if m not in sparse], _sum_loss,
               eager=EAGER_WILD7)
    # Sparse gradients (nn.Embedding / EmbeddingBag(sparse=True)): the graph
    # makes a sparse tensor, which remat does not lower; it goes to PyTorch's
    # default partition with one warning, and trains as eager (its sparse
    # gradients kept for the user's optimizer).
    for name in sparse:
        make = getattr(community_wild7, name)
        want, _, _, _ = _two_steps(make, lambda m: m, _sum_loss)
        got, _, stats, said = _two_steps(make, remat_torch.compile, _sum_loss)
        rel = max(abs(a - b) / (1e-6 + abs(b)) for a, b in zip(got, want))
        check(rel <= 1e-4, "%s: 2 SGD steps as eager (losses %.1e)" % (name, rel))
        check(len(said) == 1 and "_sparse_coo_tensor" in said[0] and stats[0]["fallback"],
              "%s: PyTorch's partition, one warning: %s" % (name, said[0] if said else "none"))


def bnsplit():
    """What the partition's batch norm rewrite rests on: PyTorch's CPU kernel
    computes results 0-2 (output, batch mean, inverse std) bitwise the same
    without the running statistics (2.x: _native_batch_norm_legit.no_stats
    against _native_batch_norm_legit_functional; 1.13: native_batch_norm
    without and with them), wherever the partition's predicate says so:
    contiguous, channels-last and strided inputs, 2-D to 4-D, f32, f64 and
    bf16, with and without weight and bias."""
    part = sys.modules["remat_torch.partition"]
    aten = torch.ops.aten
    torch.manual_seed(0)
    cases = exact = same = 0
    wrong = []
    for shape in [(2, 8, 5, 5), (4, 3, 16, 16), (2, 16, 1, 1), (3, 7, 9), (5, 6), (2, 32, 33, 7)]:
        for layout in ("contiguous", "channels_last", "strided"):
            for dtype in (torch.float32, torch.float64, torch.bfloat16):
                x = torch.randn(*shape).to(dtype) * 3 + 1
                if layout == "channels_last" and x.dim() == 4:
                    x = x.contiguous(memory_format=torch.channels_last)
                elif layout == "strided":
                    x = x.transpose(0, -1).contiguous().transpose(0, -1)
                c = shape[1]
                pdt = torch.float32 if dtype == torch.bfloat16 else dtype
                w, b = torch.randn(c, dtype=pdt), torch.randn(c, dtype=pdt)
                rm, rv = torch.randn(c, dtype=pdt), torch.rand(c, dtype=pdt) + 0.5
                for wb in ((w, b), (None, None)):
                    if TORCH2:
                        full = aten._native_batch_norm_legit_functional(x, *wb, rm, rv, True, 0.1, 1e-5)
                        part_ = aten._native_batch_norm_legit.no_stats(x, *wb, True, 0.1, 1e-5)
                    else:
                        full = aten.native_batch_norm(x, *wb, rm.clone(), rv.clone(), True, 0.1, 1e-5)
                        part_ = aten.native_batch_norm(x, *wb, None, None, True, 0.1, 1e-5)
                    equal = all(torch.equal(full[i], part_[i]) and full[i].stride() == part_[i].stride()
                                for i in range(3))
                    args = {"input": x, "weight": wb[0], "bias": wb[1], "running_mean": rm,
                            "running_var": rv}
                    said = part._bn_batch_stats_exact(args, lambda t: t)
                    cases += 1
                    exact += said
                    same += equal
                    if said and not equal:
                        wrong.append("%s %s %s%s" % (shape, layout, dtype, "" if wb[0] is not None
                                                     else " no affine"))
    print("%d cases: %d bitwise the same, %d said exact by the partition" % (cases, same, exact))
    check(exact > 0 and not wrong, "batch statistics without running statistics: bitwise the "
          "same wherever the partition recomputes them%s" % ("; not: " + ", ".join(wrong) if wrong else ""))
    meta = {k: torch.empty(4, device="meta") for k in ("weight", "bias", "running_mean", "running_var")}
    meta["input"] = torch.empty(2, 4, 3, 3, device="meta")
    check(not part._bn_batch_stats_exact(meta, lambda t: t), "not checked, so not recomputed that "
          "way, on another device than the CPU")
    # Where they are not (a bf16 input, float statistics, no weight or
    # bias), the batch norm is saved, not recomputed: 2 steps as eager.
    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv2d(3, 4, 3).bfloat16(), nn.BatchNorm2d(4, affine=False), nn.ReLU(),
                          nn.Conv2d(4, 4, 3).bfloat16())
    x = torch.randn(2, 3, 8, 8).bfloat16()
    mine, eager = copy.deepcopy(model), copy.deepcopy(model)
    wrapped = remat_torch.compile(mine, policy="selective")
    for _ in range(2):
        wrapped(x).float().pow(2).sum().backward()
        eager(x).float().pow(2).sum().backward()
    st = wrapped.stats[0]
    norms = [n for n in st["recomputed"] if "batch_norm" in n]
    same = all(torch.equal(a, b) for a, b in zip(mine.buffers(), eager.buffers()) if a.is_floating_point()) \
        and all(torch.equal(p.grad, q.grad) for p, q in zip(mine.parameters(), eager.parameters()))
    check(st["fallback"] is None and not norms and same, "mixed-type batch norm: decided by remat, not "
          "recomputed (%s), gradients and running statistics as eager's" % (", ".join(norms) or "none"))


# Graphs remat leaves to PyTorch, knowingly: a data-dependent shape where
# the joint inputs are fake (2.x).
FALLBACKS = ("cannot run on fake tensors",)
# Where remat's saved set would hold more than PyTorch's default partition:
# the partition takes the default's then (and says so).
# Graphs where remat's saved set would hold more than PyTorch's default
# partition: remat_torch.compile takes the default and says so. (Swin V2
# was one until 2026-12-03: F.normalize's x / norm, the gradient-free
# part of its backward formula, is now computed in backward as PyTorch
# does, see partition._backward_side.)
ABOVE_DEFAULT = {"refused_ops"}  # (community_wild13: addmv, addbmm)

# Models 1.13's AOTAutograd cannot trace: remat_torch.compile trains them
# eagerly and says so once. (The loss zoo was one until 2026-12-03, session
# 19: F.gaussian_nll_loss's argument check reads a value, which AOTAutograd's
# first trace failed on; compile now reads it there as the importer does,
# capture.aot_reads_library_checks.)
EAGER_WILD2 = {"moco", "moco_inplace", "maxnorm_emb", "vqvae"}
# (moco, moco_inplace: the momentum encoder's update through `.data`, which
# 1.13's AOTAutograd does not carry back into the parameters: refused, the
# step runs eagerly; the importer traces it. maxnorm_emb: nn.Embedding's
# max_norm renormalizes the weight in place, which 1.13's AOTAutograd
# refuses on a parameter; vqvae: its EMA codebook updates buffers in place
# in Python, which 1.13's AOTAutograd drops (its own default partition
# fails the step); the importer traces both.)

# Models whose step 1.13's AOTAutograd itself gets wrong (its own default
# partition too), so no partition can train them: left out, with the reason.
NOT_TRAINED_WILD2 = {
    "wav2vec": "weight_norm over dim 2 (the positional conv): AOTAutograd's "
               "default partition gives NaN at the second step, eager does not",
}
# community_wild3.py's models 1.13's AOTAutograd cannot trace (eager, one
# warning) and those no partition can train, with the reason.
# (dino: DINO's update_center assigns its buffer anew, self.center = ...,
# which 1.13's AOTAutograd drops, its default partition too: the importer
# writes it into the buffer, which compile on 1.13 refuses; pixelcnn: the
# mask applied in place through weight.data; informer: 1.13's AOTAutograd
# fails an internal assert (as_strided_scatter of a non-contiguous input)
# on its index_put_ into a slice.)
EAGER_WILD3 = {"dino", "pixelcnn", "informer"}
NOT_TRAINED_WILD3 = {}
# community_wild4.py's: the same two tables. (dlinear: its per-channel writes
# so[:, i, :] = ... into a zeros tensor fail 1.13's AOTAutograd internal
# assert (as_strided_scatter of a non-contiguous input), as informer's; the
# importer traces it: compare.py checks it. sac was one until session 19:
# torch.distributions.Normal's argument check, as community_wild's ppo, and
# then its rsample's normal_functional, now a random draw like dropout's.)
EAGER_WILD4 = {"dlinear"}
# community_wild5: swav writes its prototypes through `.data` (as MoCo does),
# which 1.13's AOTAutograd does not carry: it trains eagerly with one warning.
# community_wild6: gfnet and logmel (rfft2 / stft with a onesided output)
# fail 1.13's AOTAutograd itself ("slice_scatter does not support automatic
# differentiation for outputs with complex dtype"): eager, one warning; the
# importer traces both.
EAGER_WILD6 = {"gfnet", "logmel"}
# community_wild7: fno writes into slices of a complex tensor, which 1.13's
# AOTAutograd cannot differentiate (slice_scatter of complex outputs).
EAGER_WILD7 = {"fno"}
EAGER_WILD8 = {"hyena"}
# parametrizations.spectral_norm's power iteration writes its _u buffer in
# place (F.normalize(out=...)), which 1.13's AOTAutograd does not carry.
EAGER_WILD9 = {"sn_param"}
# pwc: 1.13's AOTAutograd asserts in as_strided_scatter (a channel written in
# place, then permuted for grid_sample); centernet, lovasz and act branch on
# values; mos draws its embedding mask with .data.new().resize_().
# 1.13's AOTAutograd drops what a backward accumulates into .grad itself
# (reversible blocks), `.data` writes (MoCo's momentum encoder) and writes
# into buffers: trained eagerly, said once.
EAGER_WILD13 = () if torch.__version__ >= "2" else ("revnet", "revnet_tensor_backward",
                                                     "moco_noptr", "size1_write")
EAGER_WILD10 = {"pwc", "centernet", "lovasz", "act", "mos"}
EAGER_WILD5 = {"swav"}
NOT_TRAINED_WILD4 = {}
# Where remat's default partition finds no decision within min-cut's bytes
# and 100% recomputation, and so uses min-cut's partition (with one
# warning). Before 2026-12-03 (session 18) the default could hold more than
# min-cut: gru, detach_mid and nograd_mix did; the partition then also tried
# remat's budget policy at min-cut's bytes and its selective policy. Until
# session 20, nograd_mix, evidential (lgamma / digamma) and convnext_ln2d
# (ConvNeXt's LayerNorm2d written out) still took min-cut's partition; since
# the gradient-free parts of backward formulas are backward ops in remat's
# training-graph split and prefer=saved takes peaks within 1% as ties, all
# three hold less than min-cut (320 / 384 B, 460 / 556 B, 2,168 / 2,684 B).
# train.py fallback forces the path (flops_per_byte=0). fixup_deep
# (community_wild10, session 28: 42 Fixup blocks, a 4,925-op joint graph)
# took min-cut's partition in session 28: remat's prefer=saved search on
# graphs of more than 2,000 ops holds 126,120 B, min-cut 104,108 B, and
# the selective policy at min-cut's bytes recomputed each block's chain
# again for every backward consumer (quadratic, over the step's FLOPs).
# Since session 29 materialize yields such values instead (each op once):
# selective holds 0 B, recomputing the forward once (33% of the step's
# FLOPs), at the unrematerialized peak.
MINCUT_PARTITION = set()
TORCH2 = int(torch.__version__.split(".")[0]) >= 2


def _fsdp_worker(rank, world, init, results):
    import torch.distributed as dist
    from torch.distributed.fsdp import fully_shard
    dist.init_process_group("gloo", init_method=init, rank=rank, world_size=world)
    torch.set_num_threads(1)
    base, (idx, tgt) = gpt(dropout=0.0)
    model = copy.deepcopy(base)
    fully_shard(model)  # FSDP2: parameters sharded across the two ranks
    wrapped = remat_torch.compile(model)
    wrapped(idx[rank:rank + 1], tgt[rank:rank + 1]).backward()
    grads = [p.grad.full_tensor().clone() for p in model.parameters()]
    torch.save({"grads": grads, "stats": wrapped.stats}, results % rank)
    dist.destroy_process_group()


def _distributed(worker):
    """Runs `worker` on 2 gloo processes; their gradients against eager's
    average of the two shards' gradients."""
    import torch.multiprocessing as mp
    with tempfile.TemporaryDirectory() as d:
        init = "file://" + os.path.join(d, "init")
        results = os.path.join(d, "rank%d.pt")
        mp.spawn(worker, args=(2, init, results), nprocs=2, join=True)
        load = torch.load
        if "weights_only" in load.__code__.co_varnames:
            got = [load(results % r, weights_only=False) for r in range(2)]
        else:
            got = [load(results % r) for r in range(2)]
    base, (idx, tgt) = gpt(dropout=0.0)
    want = None
    for r in range(2):  # eager: the average of the two shards' gradients
        m = copy.deepcopy(base)
        m(idx[r:r + 1], tgt[r:r + 1]).backward()
        g = [p.grad / 2 for p in m.parameters()]
        want = g if want is None else [a + b for a, b in zip(want, g)]
    for r in range(2):
        st = got[r]["stats"]
        check(len(st) == 1 and st[0]["fallback"] is None, "rank %d: decided by remat" % r)
        err = max(((a - b).abs().max() / (1 + b.abs().max())).item()
                  for a, b in zip(got[r]["grads"], want))
        check(err <= 1e-5, "rank %d: averaged gradients equal eager's (worst %.1e)" % (r, err))


def fsdp():
    """FSDP2 (fully_shard, PyTorch 2.x) on 2 gloo processes."""
    try:
        from torch.distributed.fsdp import fully_shard  # noqa: F401
    except Exception as e:  # 1.13 has none (and its fsdp fails to import on 3.11)
        print("skipped: this PyTorch (%s) has no torch.distributed.fsdp.fully_shard (%s)" %
              (torch.__version__, type(e).__name__))
        return
    _distributed(_fsdp_worker)


class _EncBlock(nn.Module):
    def __init__(self, d=32):
        super().__init__()
        self.ln1, self.qkv, self.o = nn.LayerNorm(d), nn.Linear(d, 3 * d), nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x, mask):
        B, T, C = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(C, 2)
        q, k, v = [t.view(B, T, 4, C // 4).transpose(1, 2) for t in (q, k, v)]
        a = (q @ k.transpose(-1, -2) / 2.83).masked_fill(mask[:, None, None, :] == 0,
                                                          float("-inf")).softmax(-1)
        x = x + self.o((a @ v).transpose(1, 2).reshape(B, T, C))
        return x + self.ff(self.ln2(x))


class _Encoder(nn.Module):
    """A 2-block encoder with a padding mask (a tester's, session 31)."""

    def __init__(self):
        super().__init__()
        self.emb, self.blocks = nn.Embedding(30, 32), nn.ModuleList([_EncBlock(), _EncBlock()])
        self.cls = nn.Linear(32, 3)

    def forward(self, ids, mask, labels):
        x = self.emb(ids)
        for b in self.blocks:
            x = b(x, mask)
        pooled = (x * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)
        return F.cross_entropy(self.cls(pooled), labels)


def round31():
    """Session 31's tester (training inside PyTorch): a string or dtype
    argument made 1.13's partition fail (every graph PyTorch's); selective
    recomputed nothing on a 2-block encoder and policy=budget missed a
    budget selective meets; 2.x's non-reentrant checkpoint around a batch
    norm failed in backward under min-cut's partition; policy='segments'
    without segments= or group= failed at every step instead of at
    compile()."""
    class Heads(nn.Module):
        def __init__(self):
            super().__init__()
            self.l = nn.Linear(4, 4)
            self.heads = nn.ModuleDict({"a": nn.Linear(4, 2), "b": nn.Linear(4, 3)})

        def forward(self, x, task, dtype):
            return self.heads[task](self.l(x).to(dtype).tanh().float()).pow(2).sum()
    torch.manual_seed(0)
    base, x = Heads(), torch.randn(3, 4)
    eager, compiled = copy.deepcopy(base), copy.deepcopy(base)
    wrapped = remat_torch.compile(compiled)
    _same_steps("a task name and a dtype as arguments", eager, wrapped, compiled,
                [lambda m, f: f(x, "a", torch.float64), lambda m, f: f(x, "b", torch.float32)])
    check(all(s["fallback"] is None for s in wrapped.stats),
          "a task name and a dtype as arguments: every graph decided by remat (%d)"
          % len(wrapped.stats))

    torch.manual_seed(0)
    base = _Encoder()
    ids, labels = torch.randint(0, 30, (3, 7)), torch.randint(0, 3, (3,))
    mask = (torch.rand(3, 7) > 0.3).float()
    mask[:, 0] = 1
    held = {}
    for policy, kw in (("none", {}), ("selective", {}), ("budget", {"budget": 0.5})):
        m = remat_torch.compile(copy.deepcopy(base), policy=policy, **kw)
        loss, msgs = _warned(lambda: m(ids, mask, labels))
        held[policy] = remat_torch.held_bytes(loss, list(m.parameters()) + [ids, mask, labels])
        loss.backward()
    check(held["selective"] < held["none"] // 2,
          "2-block encoder: selective holds less than half of none's bytes")
    check(held["budget"] <= held["none"] // 2, "2-block encoder: budget=0.5 met")

    from torch.utils.checkpoint import checkpoint

    class Checkpointed(nn.Module):
        def __init__(self):
            super().__init__()
            self.c, self.bn, self.fc = nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.Linear(8, 3)

        def body(self, x):
            return F.relu(self.bn(self.c(x)))

        def forward(self, x, y):
            h = checkpoint(self.body, x, use_reentrant=False)
            return F.cross_entropy(self.fc(h.mean((2, 3))), y)
    torch.manual_seed(0)
    model, xs, ys = Checkpointed(), torch.randn(4, 3, 6, 6), torch.randint(0, 3, (4,))
    eager = copy.deepcopy(model)
    eager(xs, ys).backward()
    wrapped = remat_torch.compile(model)
    _warned(lambda: wrapped(xs, ys).backward())
    check(all(torch.allclose(p.grad, q.grad, atol=1e-6)
              for p, q in zip(eager.parameters(), model.parameters())),
          "a checkpointed batch norm: trains, eager's gradients")

    class GradCam(nn.Module):
        """Grad-CAM's hook on an activation, set in forward: 1.13's compiled
        backward never called it (the attribute stayed None)."""
        def __init__(self):
            super().__init__()
            self.a, self.b, self.act_grad = nn.Linear(4, 8), nn.Linear(8, 2), None

        def save(self, g):
            self.act_grad = g.detach().clone()

        def forward(self, x, y):
            h = torch.relu(self.a(x))
            h.register_hook(self.save)
            return F.cross_entropy(self.b(h), y)
    torch.manual_seed(0)
    model = GradCam()
    eager, wrapped = copy.deepcopy(model), remat_torch.compile(model)
    same = True
    for _ in range(2):
        xs, ys = torch.randn(5, 4), torch.randint(0, 2, (5,))
        eager(xs, ys).backward()
        _warned(lambda: wrapped(xs, ys).backward())
        same = same and model.act_grad is not None and torch.equal(model.act_grad, eager.act_grad)
    check(same, "a hook registered on an activation in forward: called every step as in eager")

    class Constants(nn.Module):
        """Constant tensors made in forward (Hugging Face's attention:
        torch.tensor(8), torch.tensor([])): 2.x's partition failed reading
        them inside AOTAutograd's fake mode (every graph PyTorch's)."""
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(8, 8)

        def forward(self, x):
            w = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0])
            h = torch.tanh(self.lin(x)) * w * torch.tensor(8.0)
            return h.sum() + torch.cat([torch.tensor([]), h[0]]).sum()
    torch.manual_seed(0)
    base, x8 = Constants(), torch.randn(4, 8)
    eager, compiled = copy.deepcopy(base), copy.deepcopy(base)
    wrapped = remat_torch.compile(compiled)
    _same_steps("constant tensors made in forward", eager, wrapped, compiled,
                [lambda m, f: f(x8), lambda m, f: f(x8)])
    check(all(s["fallback"] is None for s in wrapped.stats),
          "constant tensors made in forward: every graph decided by remat (%d)"
          % len(wrapped.stats))

    bad = 0
    for kwargs in (dict(policy="segments"), dict(policy="segments", segments=2, group="x"),
                   dict(policy="peak", group="blocks")):
        try:
            remat_torch.compile(nn.Linear(2, 2), **kwargs)
        except ValueError:
            bad += 1
    check(bad == 3, "segments without segments= or group=: ValueError at compile() (%d of 3)"
          % bad)


_ROUND32_TEMPERATURE = 1.0  # a training script's module-level schedule value


def round32():
    """Session 32's tester: on 1.13 a temperature changed between steps
    through a configuration object on the module (`self.cfg.temperature`)
    or a module-level global trained with the first step's value, silently;
    on 2.x a buffer updated under no_grad and read by the loss (a step
    counter, an EMA centre) failed in backward under remat's partition
    (recomputed from the input AOTAutograd writes after the forward)."""
    global _ROUND32_TEMPERATURE

    @dataclasses.dataclass
    class Cfg:
        temperature: float = 1.0

    class Tempered(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc, self.cfg = nn.Linear(4, 3), Cfg()

        def forward(self, x, y):
            return F.cross_entropy(self.fc(x) / self.cfg.temperature / _ROUND32_TEMPERATURE, y)
    torch.manual_seed(0)
    base, x, y = Tempered(), torch.randn(2, 4), torch.tensor([0, 2])
    eager, compiled = copy.deepcopy(base), copy.deepcopy(base)
    wrapped = remat_torch.compile(compiled)

    def cfg_step(t):
        def step(m, f):
            m.cfg.temperature = t
            return f(x, y)
        return step

    def global_step(t):
        def step(m, f):
            global _ROUND32_TEMPERATURE
            _ROUND32_TEMPERATURE = t
            return f(x, y)
        return step
    _same_steps("a temperature annealed through self.cfg", eager, wrapped, compiled,
                [cfg_step(t) for t in (1.0, 0.5, 0.1)])
    _same_steps("a temperature annealed through a global", eager, wrapped, compiled,
                [global_step(t) for t in (1.0, 0.5, 0.1)])
    _ROUND32_TEMPERATURE = 1.0

    class Counted(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc, self.out = nn.Linear(4, 6), nn.Linear(6, 3)
            self.register_buffer("center", torch.zeros(6))
            self.register_buffer("steps", torch.zeros((), dtype=torch.long))

        def forward(self, x, y):
            h = torch.tanh(self.fc(x))
            with torch.no_grad():
                self.center.mul_(0.9).add_(0.1 * h.mean(0))
                self.steps += 1
            warm = torch.clamp(self.steps.float() / 10.0, max=1.0)
            return F.cross_entropy(self.out(h - self.center) * warm, y)
    for policy in ("peak", "selective"):
        torch.manual_seed(0)
        base = Counted()
        eager, compiled = copy.deepcopy(base), copy.deepcopy(base)
        wrapped = remat_torch.compile(compiled, policy=policy)
        xs, ys = torch.randn(4, 4), torch.tensor([0, 1, 2, 0])
        _warned(lambda: _same_steps(
            "buffers updated under no_grad and read by the loss, policy=%s" % policy,
            eager, wrapped, compiled, [lambda m, f: f(xs, ys)] * 3))

    class ComplexRope(nn.Module):
        """Meta's LLaMA rotary embedding: a complex buffer from torch.polar
        (2.x: "Mixing fake modes NYI" while lowering it; every graph took
        PyTorch's partition)."""
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(8, 8)
            self.register_buffer("freqs", torch.polar(torch.ones(4, 4), torch.randn(4, 4)))

        def forward(self, x):
            z = torch.view_as_complex(self.fc(x).reshape(2, 4, 4, 2)) * self.freqs
            return torch.view_as_real(z).pow(2).sum()
    torch.manual_seed(0)
    base, xs = ComplexRope(), torch.randn(2, 4, 8)
    eager, compiled = copy.deepcopy(base), copy.deepcopy(base)
    wrapped = remat_torch.compile(compiled)
    _same_steps("a complex RoPE buffer", eager, wrapped, compiled, [lambda m, f: f(xs)] * 2)
    check(all(s["fallback"] is None for s in wrapped.stats),
          "a complex RoPE buffer: every graph decided by remat (%d)" % len(wrapped.stats))

def round33():
    """Session 33's tester: a Python list on the module that the training
    loop appends to (model.history.append(loss.item())) and no forward
    reads made every step another graph (re-traced and re-decided), and
    after 64 steps remat ran every step eagerly, silently. Plain attributes
    the model's code never reads are not in the signature now; one that a
    parent's forward reads from a child (self.head.scale) still is."""
    class Logged(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc1, self.fc2, self.history = nn.Linear(8, 16), nn.Linear(16, 3), []

        def forward(self, x, y):
            return F.cross_entropy(self.fc2(torch.relu(self.fc1(x))), y)
    torch.manual_seed(0)
    base, x, y = Logged(), torch.randn(4, 8), torch.tensor([0, 1, 2, 0])
    eager, compiled = copy.deepcopy(base), copy.deepcopy(base)
    wrapped = remat_torch.compile(compiled)

    def logged_step(m, f):
        loss = f(x, y)
        m.history.append(loss.item())
        return loss
    _same_steps("a loss history the loop appends to", eager, wrapped, compiled,
                [logged_step] * 5)
    check(len(wrapped.stats) == 1,
          "a loss history the loop appends to: one graph for 5 steps (%d)" % len(wrapped.stats))

    class Head(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc, self.scale = nn.Linear(8, 3), [1.0]

        def forward(self, x):
            return self.fc(x)

    class Scaled(nn.Module):
        def __init__(self):
            super().__init__()
            self.head = Head()

        def forward(self, x, y):
            return F.cross_entropy(self.head(x) * self.head.scale[0], y)
    torch.manual_seed(0)
    base = Scaled()
    eager, compiled = copy.deepcopy(base), copy.deepcopy(base)
    wrapped = remat_torch.compile(compiled)

    def scaled_step(t):
        def step(m, f):
            m.head.scale[0] = t  # (a list edited in place)
            return f(x, y)
        return step
    _same_steps("a child's attribute its parent reads, changed between steps", eager, wrapped,
                compiled, [scaled_step(t) for t in (1.0, 0.5, 2.0)])


def checkpoints():
    """torch.utils.checkpoint is honoured (session 35): 1.13 traced a
    checkpointed call through and held what the model holds without
    checkpoints (346,628 B against eager's 84,484 B on the 4-block MLP
    below), silently. The ops traced inside a call are recomputed for
    backward (`remat.policy = "recompute"`), its results kept where a later
    op saves them, as eager does; recomputed once each, not again per
    consumer. A reentrant call whose inputs need no gradient trains
    nothing inside it, as in eager (1.13)."""
    from torch.utils.checkpoint import checkpoint

    class Block(nn.Module):
        def __init__(self, d):
            super().__init__()
            self.ln, self.fc1, self.fc2 = nn.LayerNorm(d), nn.Linear(d, 4 * d), nn.Linear(4 * d, d)

        def forward(self, x):
            return x + self.fc2(F.gelu(self.fc1(self.ln(x))))

    class Net(nn.Module):
        def __init__(self, reentrant, d=64):
            super().__init__()
            self.inp, self.head = nn.Linear(d, d), nn.Linear(d, 10)
            self.blocks = nn.ModuleList([Block(d) for _ in range(4)])
            self.reentrant = reentrant

        def forward(self, x):
            x = self.inp(x)
            for b in self.blocks:
                x = checkpoint(b, x, use_reentrant=self.reentrant)
            return self.head(x)
    torch.manual_seed(0)
    x, y = torch.randn(64, 64), torch.randint(0, 10, (64,))

    def held(m, f):
        loss = F.cross_entropy(f(x), y)
        return loss, remat_torch.held_bytes(loss, list(m.parameters()) + [x, y])
    for reentrant in (True, False):
        what = "%s checkpoint per block" % ("reentrant" if reentrant else "non-reentrant")
        torch.manual_seed(0)
        base = Net(reentrant)
        eager, compiled = copy.deepcopy(base), copy.deepcopy(base)
        wrapped = remat_torch.compile(compiled)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for step in range(2):
                want, want_held = held(eager, eager)
                got, got_held = held(compiled, wrapped)
                want.backward()
                got.backward()
        same = torch.equal(want, got) and all(
            torch.equal(p.grad, q.grad) for p, q in zip(eager.parameters(), compiled.parameters()))
        check(same, "%s: loss and gradients bitwise eager's" % what)
        # (eager's non-reentrant form holds through saved-tensor hooks that
        # held_bytes does not follow: the reentrant figure is eager's)
        if reentrant:
            eager_held = want_held
        s = wrapped.stats[-1]
        share = s["recompute_flops"] / s["step_flops"]
        check(got_held <= eager_held and share <= 0.4 and
              not [w for w in caught if "remat_torch" in str(w.message)],
              "%s: holds %d B, eager %d B; recomputes %.0f%% of the step, no warning"
              % (what, got_held, eager_held, 100 * share))
    torch.manual_seed(0)
    base = Net(True)
    compiled = copy.deepcopy(base)
    wrapped = remat_torch.compile(compiled, checkpoints=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _, ignored = held(compiled, wrapped)
    # (2.x: remat alone then holds more than min-cut, which follows dynamo's
    # checkpoint tags: min-cut's partition is taken, with a warning)
    check(ignored > 3 * eager_held or (TORCH2 and wrapped.stats[-1].get("mincut_fallback")),
          "checkpoints=False: remat decides alone (holds %d B)" % ignored)
    try:
        remat_torch.compile(copy.deepcopy(base), checkpoints="yes")
        check(False, "checkpoints='yes' is refused")
    except ValueError as e:
        check("checkpoints must be True or False" in str(e), "checkpoints='yes' is refused")

    # Hugging Face's form: checkpoint(custom_forward, hidden, mask, None),
    # a post-LN layer returning a tuple. Its result is an item of the last
    # LayerNorm's node: that node was recomputed too, so each call's region
    # reached back through all earlier calls (one region, 594% of the step
    # recomputed per consumer).
    class PostLN(nn.Module):
        def __init__(self, d=32):
            super().__init__()
            self.qkv, self.o, self.ln1, self.ln2 = (nn.Linear(d, 3 * d), nn.Linear(d, d),
                                                    nn.LayerNorm(d), nn.LayerNorm(d))
            self.up, self.gate, self.down = nn.Linear(d, 2 * d), nn.Linear(d, 2 * d), \
                nn.Linear(2 * d, d)

        def forward(self, h, mask, head_mask=None):
            B, T, C = h.shape
            q, k, v = (t.view(B, T, 4, C // 4).transpose(1, 2)
                       for t in self.qkv(h).split(C, -1))
            p = (q @ k.transpose(-1, -2) / math.sqrt(C // 4) + mask).softmax(-1)
            h = self.ln1(h + self.o((p @ v).transpose(1, 2).reshape(B, T, C)))
            return (self.ln2(h + self.down(F.silu(self.gate(h)) * self.up(h))),)

    class Encoder(nn.Module):
        def __init__(self, checkpointed):
            super().__init__()
            self.emb, self.cls = nn.Embedding(50, 32), nn.Linear(32, 5)
            self.layers = nn.ModuleList([PostLN() for _ in range(3)])
            self.checkpointed = checkpointed

        def forward(self, ids, am):
            mask = (1.0 - am[:, None, None, :].float()) * -1e4
            h = self.emb(ids)
            for layer in self.layers:
                if self.checkpointed:
                    def custom_forward(*inputs, layer=layer):
                        return layer(*inputs)
                    h = checkpoint(custom_forward, h, mask, None, use_reentrant=True)[0]
                else:
                    h = layer(h, mask)[0]
            return self.cls(h[:, 0])
    torch.manual_seed(0)
    ids, am, labels = torch.randint(0, 50, (4, 16)), torch.ones(4, 16, dtype=torch.long), \
        torch.randint(0, 5, (4,))
    am[:, 12:] = 0
    base = Encoder(True)
    eager, compiled = copy.deepcopy(base), copy.deepcopy(base)
    wrapped = remat_torch.compile(compiled)
    _same_steps("Hugging Face's checkpoint form", eager, wrapped, compiled,
                [lambda m, f: F.cross_entropy(f(ids, am), labels)] * 2)
    loss = F.cross_entropy(eager(ids, am), labels)
    eager_held = remat_torch.held_bytes(loss, list(eager.parameters()) + [ids, am, labels])
    loss = F.cross_entropy(wrapped(ids, am), labels)
    got_held = remat_torch.held_bytes(loss, list(compiled.parameters()) + [ids, am, labels])
    s = wrapped.stats[-1]
    share = s["recompute_flops"] / s["step_flops"]
    check(got_held <= eager_held and share <= 0.5,
          "Hugging Face's checkpoint form: holds %d B, eager %d B; recomputes %.0f%% of the step"
          % (got_held, eager_held, 100 * share))

    # A batch norm inside the calls (a ResNet stage): 2.x's graph split it
    # into nodes without dynamo's checkpoint tags, so the checkpoint was
    # dropped (a fresh user's 4-stage ResNet: 491,680 B held, 2.5x eager's).
    # Its running statistics are updated once per step, as without
    # checkpoints (eager checkpointing updates them again when it
    # recomputes the call).
    class Stage(nn.Module):
        def __init__(self, c=8):
            super().__init__()
            self.conv1, self.bn1 = nn.Conv2d(c, c, 3, padding=1, bias=False), nn.BatchNorm2d(c)
            self.conv2, self.bn2 = nn.Conv2d(c, c, 3, padding=1, bias=False), nn.BatchNorm2d(c)

        def forward(self, x):
            return F.relu(x + self.bn2(self.conv2(F.relu(self.bn1(self.conv1(x))))))

    class ConvNet(nn.Module):
        def __init__(self, checkpointed):
            super().__init__()
            self.stem, self.head = nn.Conv2d(3, 8, 3, padding=1), nn.Linear(8, 5)
            self.stages = nn.ModuleList([Stage() for _ in range(3)])
            self.checkpointed = checkpointed

        def forward(self, x):
            x = self.stem(x)
            for s in self.stages:
                x = checkpoint(s, x, use_reentrant=True) if self.checkpointed else s(x)
            return self.head(x.mean((2, 3)))
    torch.manual_seed(0)
    images, classes = torch.randn(4, 3, 12, 12), torch.randint(0, 5, (4,))
    base = ConvNet(True)
    plain, compiled, eager = copy.deepcopy(base), copy.deepcopy(base), copy.deepcopy(base)
    plain.checkpointed = False
    wrapped = remat_torch.compile(compiled)
    _same_steps("a batch norm inside checkpoint (against eager without checkpoints)", plain,
                wrapped, compiled, [lambda m, f: F.cross_entropy(f(images), classes)] * 2)
    loss = F.cross_entropy(eager(images), classes)
    eager_held = remat_torch.held_bytes(loss, list(eager.parameters()) + [images, classes])
    loss = F.cross_entropy(wrapped(images), classes)
    got_held = remat_torch.held_bytes(loss, list(compiled.parameters()) + [images, classes])
    check(got_held <= eager_held, "a batch norm inside checkpoint: holds %d B, eager %d B"
          % (got_held, eager_held))

    # Dropout inside the calls (nanoGPT's blocks): eager checkpointing
    # holds the random state and re-draws the masks; so does remat on the
    # CPU (session 36: it held them, 4 B per element on 1.13, with a
    # warning). Masks smaller than the generator's state are held, said
    # only where a call's masks take more than that state (session 37).
    class Dropped(Net):
        def __init__(self, reentrant, drop=None):
            super().__init__(reentrant)
            self.drop = drop or nn.Dropout(0.1)

        def forward(self, x):
            x = self.inp(x)
            for b in self.blocks:
                x = checkpoint(lambda t, b=b: self.drop(b(t)), x, use_reentrant=self.reentrant)
            return self.head(x)
    state_bytes = torch.get_rng_state().numel()
    # (nn.Dropout()'s p = 0.5 is left out of 1.13's trace; 2.x traces
    # in-place dropout as bernoulli.p)
    for rows, replayed, drop in ((128, True, None), (4, False, None), (128, True, nn.Dropout()),
                                 (128, True, nn.Dropout(0.2, inplace=True))):
        what = "dropout inside checkpoint (%d-row batch%s)" % (
            rows, ", %r" % drop if drop is not None else "")
        torch.manual_seed(0)
        xd, yd = torch.randn(rows, 64), torch.randint(0, 10, (rows,))
        base = Dropped(False, drop)
        eager, compiled, measured = copy.deepcopy(base), copy.deepcopy(base), copy.deepcopy(base)
        measured.reentrant = True
        wrapped = remat_torch.compile(compiled)
        same = True
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for step in range(2):
                torch.manual_seed(step)
                want = F.cross_entropy(eager(xd), yd)
                want.backward()
                after_eager = torch.get_rng_state()
                torch.manual_seed(step)
                got = F.cross_entropy(wrapped(xd), yd)
                got_held = remat_torch.held_bytes(got, list(compiled.parameters()) + [xd, yd])
                got.backward()
                same = same and torch.equal(want, got) and torch.equal(after_eager,
                                                                       torch.get_rng_state())
        same = same and all(torch.equal(p.grad, q.grad)
                            for p, q in zip(eager.parameters(), compiled.parameters()))
        check(same, "%s: losses, gradients and the generator's state after each step bitwise "
              "eager's" % what)
        torch.manual_seed(0)
        loss = F.cross_entropy(measured(xd), yd)
        eager_held = remat_torch.held_bytes(loss, list(measured.parameters()) + [xd, yd])
        said = [str(w.message) for w in caught if "random draws made inside" in str(w.message)]
        masks = 4 * rows * 64 * 4  # 4 blocks, f32 masks on 1.13, bool on 2.x
        if replayed:
            # (eager's reentrant calls keep the random state too, outside
            # its saved tensors: held_bytes counts remat's copies only)
            # (a state is saved with the 2 strides of its mask: 16 B more)
            check(not said and got_held <= eager_held + 4 * (state_bytes + 16) and
                  got_held < eager_held + masks // (1 if not TORCH2 else 4),
                  "%s: masks re-drawn in backward, not held: %d B held, eager %d B + 4 random "
                  "states of %d B (%s)" % (what, got_held, eager_held, state_bytes, said[:1]))
        else:
            # (one mask per call, holding it costs less than eager's random
            # state per call: not said)
            check(not said and got_held < eager_held + 4 * state_bytes,
                  "%s: masks smaller than the random state are held, less than eager's "
                  "states, not said: %d B held, eager %d B + 4 random states of %d B (%s)"
                  % (what, got_held, eager_held, state_bytes, said[:1]))

    # Several masks smaller than the state in one call, more than it
    # together (1.13's f32 masks): held, and said with their bytes.
    class ManyDrops(nn.Module):
        def __init__(self):
            super().__init__()
            self.layers = nn.ModuleList(nn.Linear(64, 64) for _ in range(6))
            self.drop = nn.Dropout(0.1)

        def call(self, x):
            for layer in self.layers:
                x = self.drop(torch.tanh(layer(x)))
            return x

        def forward(self, x):
            return checkpoint(self.call, x, use_reentrant=False).square().mean()
    torch.manual_seed(0)
    many = ManyDrops()
    xm = torch.randn(4, 64)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.manual_seed(0)
        remat_torch.compile(many)(xm).backward()
    said = [str(w.message) for w in caught if "random draws made inside" in str(w.message)]
    per_call = 6 * 4 * 64 * (1 if TORCH2 else 4)
    if per_call > state_bytes:
        check(len(said) == 1 and (" %d B of dropout masks" % per_call) in said[0],
              "6 masks of %d B in one call, more than a random state: held, said (%s)"
              % (per_call // 6, said[:1]))
    else:
        check(not said, "6 masks of %d B in one call, less than a random state: held, not said"
              % (per_call // 6))

    # A draw shaped like a layout 1.13's fake tensors get wrong (layer_norm
    # of a transposed input: fake strides (1, 32), real (64, 1)); the CPU
    # generator fills in memory order, so the re-draw takes the strides the
    # forward saw as it ran.
    class Noisy(nn.Module):
        def __init__(self):
            super().__init__()
            self.l, self.head = nn.Linear(64, 64), nn.Linear(128, 10)

        def forward(self, x):
            def f(t):
                h = F.layer_norm(self.l(t).t(), (128,))
                return h * torch.rand_like(h)
            return self.head(checkpoint(f, x, use_reentrant=False))
    torch.manual_seed(0)
    base, xn = Noisy(), torch.randn(128, 64)
    eager, compiled = copy.deepcopy(base), copy.deepcopy(base)
    wrapped = remat_torch.compile(compiled)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        same = True
        for step in range(2):
            torch.manual_seed(step)
            want = eager(xn).square().mean()
            want.backward()
            torch.manual_seed(step)
            got = wrapped(xn).square().mean()
            got.backward()
            same = same and torch.equal(want, got)
    same = same and all(torch.equal(p.grad, q.grad)
                        for p, q in zip(eager.parameters(), compiled.parameters()))
    said = [str(w.message) for w in caught if "random draws made inside" in str(w.message)]
    check(same and not said, "rand_like of a transposed layer norm inside checkpoint: re-drawn, "
          "bitwise eager's (%s)" % said[:1])
    # policy="selective" on timm's ViT, checkpointed per block, dropout on
    # the positions and the projections: selective's decisions raised the
    # peak, materialize undid every region, the checkpointed calls' with
    # them, and 1.13 held 1,958,592 B against eager checkpointing's 210,308
    # (a fresh user's report, session 36): the checkpoints alone now.
    class Attention(nn.Module):
        def __init__(self, dim=64, heads=4):
            super().__init__()
            self.heads, self.qkv, self.proj = heads, nn.Linear(dim, 3 * dim), nn.Linear(dim, dim)
            self.attn_drop, self.proj_drop = nn.Dropout(0.0), nn.Dropout(0.1)

        def forward(self, x):
            B, N, C = x.shape
            q, k, v = self.qkv(x).reshape(B, N, 3, self.heads, C // self.heads) \
                .permute(2, 0, 3, 1, 4).unbind(0)
            a = self.attn_drop(((q @ k.transpose(-2, -1)) * (C // self.heads) ** -0.5).softmax(-1))
            return self.proj_drop(self.proj((a @ v).transpose(1, 2).reshape(B, N, C)))

    class ViTBlock(nn.Module):
        def __init__(self, dim=64):
            super().__init__()
            self.norm1, self.attn, self.norm2 = nn.LayerNorm(dim), Attention(dim), nn.LayerNorm(dim)
            # (timm's drop1 and drop2 at their default 0.0)
            self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Dropout(0.0),
                                     nn.Linear(4 * dim, dim), nn.Dropout(0.0))

        def forward(self, x):
            x = x + self.attn(self.norm1(x))
            return x + self.mlp(self.norm2(x))

    class ViT(nn.Module):
        def __init__(self, dim=64):
            super().__init__()
            self.patch = nn.Conv2d(3, dim, 8, 8)
            self.cls, self.pos = nn.Parameter(torch.zeros(1, 1, dim)), \
                nn.Parameter(torch.randn(1, 17, dim) * 0.02)
            self.pos_drop, self.blocks = nn.Dropout(0.1), nn.ModuleList([ViTBlock() for _ in range(3)])
            self.norm, self.head = nn.LayerNorm(dim), nn.Linear(dim, 10)

        def forward(self, x, y):  # (timm's training loop's loss, in the module)
            x = self.patch(x).flatten(2).transpose(1, 2)
            x = self.pos_drop(torch.cat((self.cls.expand(x.shape[0], -1, -1), x), 1) + self.pos)
            for b in self.blocks:
                x = checkpoint(b, x, use_reentrant=True)
            return F.cross_entropy(self.head(self.norm(x)[:, 0]), y)
    torch.manual_seed(0)
    base, xv, yv = ViT(), torch.randn(8, 3, 32, 32), torch.randint(0, 10, (8,))
    eager, compiled, measured = copy.deepcopy(base), copy.deepcopy(base), copy.deepcopy(base)
    wrapped = remat_torch.compile(compiled, policy="selective")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _same_steps("selective on a checkpointed ViT", eager, wrapped, compiled,
                    [lambda m, f: f(xv, yv)] * 2)
        torch.manual_seed(0)
        loss = wrapped(xv, yv)
        got_held = remat_torch.held_bytes(loss, list(compiled.parameters()) + [xv, yv])

    class Reentrant(nn.Module):  # eager's checkpointing, measurable (use_reentrant=True)
        def __init__(self, block):
            super().__init__()
            self.block = block

        def forward(self, x):
            return self.block(x)
    measured.blocks = nn.ModuleList([Reentrant(b) for b in measured.blocks])
    for b in measured.blocks:
        b.forward = (lambda x, b=b: checkpoint(b.block, x, use_reentrant=True))
    torch.manual_seed(0)
    loss = measured(xv, yv)
    eager_held = remat_torch.held_bytes(loss, list(measured.parameters()) + [xv, yv])
    check(got_held <= eager_held, "selective on a checkpointed ViT: holds %d B, eager "
          "checkpointing %d B" % (got_held, eager_held))

    if TORCH2:
        return

    class Frozen(nn.Module):
        # eager: "None of the inputs have requires_grad=True", no gradient
        # reaches the block
        def __init__(self):
            super().__init__()
            self.block, self.head = Block(8), nn.Linear(8, 3)

        def forward(self, x):
            return self.head(checkpoint(self.block, x, use_reentrant=True))
    torch.manual_seed(0)
    base, xs, ys = Frozen(), torch.randn(4, 8), torch.tensor([0, 1, 2, 0])
    eager, compiled = copy.deepcopy(base), copy.deepcopy(base)
    wrapped = remat_torch.compile(compiled)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _same_steps("a reentrant call whose input needs no gradient", eager, wrapped, compiled,
                    [lambda m, f: F.cross_entropy(f(xs), ys)] * 2)
    check(compiled.block.fc1.weight.grad is None,
          "a reentrant call whose input needs no gradient: its block gets no gradient")


if __name__ == "__main__":
    warnings.filterwarnings("ignore", message=".*boxed.*")
    cmd = sys.argv[1]
    if cmd == "budget":
        budget(float(sys.argv[2]))
    elif cmd == "models":  # train.py models community_wild3:xpos,dino
        module, names = sys.argv[2].split(":")
        module = importlib.import_module(module)
        names = list(getattr(module, names[1:])) if names.startswith("@") else names.split(",")
        _train_set(module, names, _sum_loss,
                   eager={"community_wild3": EAGER_WILD3,
                          "community_wild4": EAGER_WILD4,
                          "community_wild5": EAGER_WILD5,
                          "community_wild6": EAGER_WILD6,
                          "community_wild7": EAGER_WILD7,
                          "community_wild8": EAGER_WILD8,
                          "community_wild9": EAGER_WILD9,
                          "community_wild10": EAGER_WILD10,
                          "community_wild13": EAGER_WILD13}.get(module.__name__, ()))
    else:
        {"steps": steps, "placement": placement, "memory": memory, "fallback": fallback, "cache": cache, "masks": masks, "data_reads": data_reads,
         "loop": loop, "ddp": ddp,
         "fsdp": fsdp, "inductor": inductor, "community": community, "bnsplit": bnsplit, "fresh": fresh, "wild": wild,
         "wild2": wild2, "wild3": wild3, "wild4": wild4, "wild5": wild5, "wild6": wild6,
         "wild7": wild7, "wild8": wild8, "state": state, "round31": round31,
         "round32": round32, "round33": round33, "checkpoints": checkpoints,
         "budget_monotone": budget_monotone}[cmd]()
    sys.exit(1 if FAILED else 0)
