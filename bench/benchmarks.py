#!/usr/bin/env python3
"""remat's benchmarks: `make bench` runs this and prints the tables of
docs/Benchmarks.md, measured now, on this machine.

  benchmarks.py --build build --out build/bench [--quick] [--only NAME,...]

Sections (NAME): megatron, pytorch, baselines, optimum, compile, import, speed, default,
attention. Results go to
OUT/results.json; plots (SVG) next to it. Everything is recomputed: no
figure is copied from anywhere.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "test", "Integration", "Torch", "Inputs"))
sys.path.insert(0, os.path.join(ROOT, "examples", "torch"))
sys.path.insert(0, os.path.join(ROOT, "bench"))

import torch  # noqa: E402
from remat_torch import import_model  # noqa: E402
from remat_torch.capture import no_allocation  # noqa: E402

ARGS = None


def remat_opt(mlir_path, *passes, json_report=True):
    """Runs remat-opt with `passes` then -remat-report; returns (report, seconds)."""
    cmd = [os.path.join(ARGS.build, "bin", "remat-opt"), mlir_path, *passes]
    if json_report:
        cmd.append("-remat-report=format=json")
    start = time.perf_counter()
    r = subprocess.run(cmd + ["-o", os.devnull], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if r.returncode != 0:
        raise RuntimeError("remat-opt failed: %s\n%s" % (" ".join(cmd), r.stderr[:2000]))
    return (json.loads(r.stdout)["functions"][0] if json_report else None), seconds


def remat_run(mlir_path, inputs_dir, *options):
    cmd = [os.path.join(ARGS.build, "bin", "remat-run"), mlir_path, "--json", "--opt-level=0", *options]
    if inputs_dir:
        cmd.append("--inputs=" + inputs_dir)
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("remat-run failed: %s\n%s" % (" ".join(cmd), r.stderr[-3000:]))
    return json.loads(r.stdout)


def write_graph(model, inputs, name, **kw):
    graph = import_model(model, inputs, **kw)
    path = os.path.join(ARGS.out, name + ".mlir")
    with open(path, "w") as f:
        f.write(graph.mlir)
    return graph, path


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def mib(b):
    if b < 2**20:
        return "%.1f KiB" % (b / 2**10) if b >= 2**10 else "%d B" % b
    return "%.2f MiB" % (b / 2**20)


# ---------------------------------------------------------------------------
# Megatron-LM's table: one GPT-3 175B layer
# ---------------------------------------------------------------------------

def megatron():
    import models
    s, h, a, b = 2048, 12288, 96, 1
    sbh = s * b * h
    rows, results = [], []
    for dropout, mode in ((0.1, "inputs"), (0.1, "functional"), (0.0, "inputs")):
        with no_allocation():
            layer = models.Block(h, a, s, dropout)
            x = torch.randn(b, s, h)
        graph, path = write_graph(layer, (x,), "gpt3_layer_p%g_%s" % (dropout, mode), dtype="bf16",
                                  fake=True, dropout=mode)
        # Dropout masks are arguments (drawn outside the graph); Megatron
        # counts them at 1 byte per element, so do we.
        mask_elems = 0
        for name, kind, value in graph.args:
            if kind == "random":
                mask_elems += value.numel()
        for policy, passes in (("none", []), ("selective", ["-remat-pipeline"])):
            rep, sec = remat_opt(path, *passes)
            step = rep["forward_flops"] + rep["backward_flops"]
            saved = rep["saved_bytes"] + mask_elems
            results.append(dict(dropout=dropout, masks=mode, policy=policy, saved_bytes=rep["saved_bytes"],
                                mask_bytes=mask_elems, peak_bytes=rep["peak_bytes"],
                                recompute_flops=rep["recompute_flops"], step_flops=step, seconds=sec))
            label = "%.1f" % dropout + (", masks as inputs" if dropout and mode == "inputs" else
                                        ", functional RNG" if dropout else "")
            rows.append([label, policy, "%.1f" % (rep["saved_bytes"] / sbh),
                         "%.1f" % (mask_elems / sbh), "**%.1f**" % (saved / sbh),
                         "%.2f%%" % (100.0 * rep["recompute_flops"] / step), "%.2f" % sec])
            if policy == "none" and mode == "functional":
                remat_opt(path, "-remat-report=plot=" + os.path.join(ARGS.out, "gpt3_layer_before.svg"),
                          json_report=False)
            if policy == "selective" and mode == "functional":
                remat_opt(path, "-remat-pipeline", "-remat-report=plot=" + os.path.join(
                    ARGS.out, "gpt3_layer_after.svg"), json_report=False)
    megatron_none = 34 + 5 * a * s / h
    text = ("GPT-3 175B layer, s=%d h=%d a=%d b=%d, bf16, imported with --fake. "
            "Megatron-LM: no recompute %.0f sbh (34 + 5as/h), selective 34 sbh at 2.7%% extra FLOPs.\n\n" % (
                s, h, a, b, megatron_none))
    text += table(["dropout", "policy", "saved activations (sbh)", "dropout masks, 1 B (sbh)",
                   "total (sbh)", "recompute / step FLOPs", "remat-opt s"], rows)
    return text, results


# ---------------------------------------------------------------------------
# PyTorch's partitioners on the same models
# ---------------------------------------------------------------------------

VIEW_OPS = {"view", "_unsafe_view", "_reshape_alias", "reshape", "t", "transpose", "permute",
            "expand", "squeeze", "unsqueeze", "slice", "select", "alias", "detach", "split",
            "split_with_sizes", "as_strided"}


def _malloc_in_use():
    """Bytes glibc's malloc has handed out and not taken back (arenas + mmap)."""
    import ctypes

    class MallInfo2(ctypes.Structure):
        _fields_ = [(n, ctypes.c_size_t) for n in
                    "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost".split()]

    libc = ctypes.CDLL("libc.so.6")
    libc.mallinfo2.restype = MallInfo2
    m = libc.mallinfo2()
    return m.uordblks + m.hblkhd


def pytorch_measured_peak(step):
    """Peak bytes above the starting point while `step()` runs, sampled after
    every aten op (PyTorch's CPU tensors come from malloc). Temporaries that
    live only inside one op are missed; Python's own small objects add noise
    of a few KiB."""
    import gc
    from torch.utils._python_dispatch import TorchDispatchMode

    class Sampler(TorchDispatchMode):
        peak = 0

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            out = func(*args, **(kwargs or {}))
            Sampler.peak = max(Sampler.peak, _malloc_in_use())
            return out

    gc.collect()
    base = _malloc_in_use()
    Sampler.peak = base
    with Sampler():
        result = step()
    peak = Sampler.peak - base
    del result
    return peak


def pytorch_step(model, inputs, compiled=None):
    """One training step as remat's graph has it: outputs and parameter
    gradients, all alive at the end."""
    params = list(model.parameters())

    def step():
        torch.manual_seed(0)
        out = (compiled or model)(*inputs)
        outs = list(out) if isinstance(out, (tuple, list)) else [out]
        grads = torch.autograd.grad(outs, params, [torch.ones_like(o) for o in outs], allow_unused=True)
        return outs, grads
    return step


def pytorch_saved_bytes(make, partition, **kw):
    """Bytes of the distinct storages PyTorch's forward graph saves for the
    backward, parameters and inputs excluded (they are held anyway)."""
    from functorch.compile import aot_module, nop
    model, inputs = make()
    with torch.no_grad():
        out = model(*inputs)
    n_outputs = len(out) if isinstance(out, (tuple, list)) else 1
    info = {}

    def part(joint, joint_inputs, **k):
        # PyTorch 1.13 passes no num_fwd_outputs (it finds them itself);
        # later versions do.
        fw, bw = partition(joint, joint_inputs, **k, **kw)
        info["fw"], info["n"] = fw, k.get("num_fwd_outputs", n_outputs)
        return fw, bw

    compiled = aot_module(model, fw_compiler=nop, bw_compiler=nop, partition_fn=part)
    step = pytorch_step(model, inputs, compiled)
    step()  # traces and partitions
    measured = pytorch_measured_peak(step)
    fw = info["fw"]
    out = [n for n in fw.graph.nodes if n.op == "output"][0].args[0]
    saved = out[info["n"]:]

    def base(n):
        while n.op == "call_function" and hasattr(n.target, "overloadpacket") and \
                n.target.overloadpacket.__name__ in VIEW_OPS:
            n = n.args[0]
        return n

    total, seen = 0, set()
    for n in saved:
        if n is None:
            continue
        root = base(n)
        if root.op == "placeholder" or root in seen:
            continue
        seen.add(root)
        meta = root.meta.get("tensor_meta") or root.meta.get("val")
        if meta is None:
            continue
        numel = 1
        for d in meta.shape:
            numel *= d
        total += numel * torch.tensor([], dtype=meta.dtype).element_size()
    return total, measured


def pytorch():
    import gpt2_small
    import models
    from functorch.compile import default_partition, min_cut_rematerialization_partition

    def gpt2_nodrop():
        torch.manual_seed(0)
        m = gpt2_small.GPT2(dropout=0.0)
        idx = torch.randint(0, 512, (2, 128))
        return m, (idx, torch.roll(idx, -1, dims=1))

    cases = [("MLP", models.mlp, "", True), ("GPT-2 small (4 layers, d=128)", gpt2_nodrop, "h\\.[0-9]+", True),
             ("ResNet (BasicBlock [1,1,1,1], 64x64)", models.resnet, "", True)]
    if ARGS.quick:
        cases = cases[:2]
    rows, results = [], []
    for label, make, group, measure in cases:
        entry = {"model": label}
        model, inputs = make()
        eager = pytorch_measured_peak(pytorch_step(model, inputs))
        rows.append([label, "PyTorch eager", "", "", "%d B" % eager, ""])
        entry["PyTorch eager"] = dict(measured=eager)
        for name, fn, kw in (("PyTorch default_partition", default_partition, {}),
                             ("PyTorch min-cut (nvfuser)", min_cut_rematerialization_partition, {"compiler": "nvfuser"}),
                             ("PyTorch min-cut (inductor)", min_cut_rematerialization_partition, {"compiler": "inductor"})):
            try:
                saved, measured = pytorch_saved_bytes(make, fn, **kw)
                rows.append([label, name, mib(saved), "", "%d B" % measured, ""])
                entry[name] = dict(saved=saved, measured=measured)
            except Exception as e:  # report, don't hide
                rows.append([label, name, "failed: %s" % type(e).__name__, "", "", ""])
        model, inputs = make()
        graph, path = write_graph(model, inputs, re.sub(r"\W+", "_", label.split(" (")[0]).lower())
        in_dir = path[:-5] + "-in"
        graph.write_inputs(in_dir)
        policies = [("remat none", []), ("remat selective", ["-remat-pipeline"]),
                    ("remat selective, 16 FLOPs/B", ["-remat-pipeline=flops-per-byte=16"])]
        if group:
            policies.append(("remat checkpoint every layer", ["-remat-pipeline=policy=segments group=%s" % group]))
        for name, passes in policies:
            rep, _ = remat_opt(path, *passes)
            measured = ""
            if measure:
                # The same pipeline options through remat-run (LLVM -O0:
                # compile time dominates at these sizes).
                opts = []
                if passes:
                    spec = passes[0].partition("=")[2]
                    kv = dict(o.split("=", 1) for o in spec.split()) if spec else {}
                    opts = ["--policy=" + kv.pop("policy", "selective")] + ["--%s=%s" % i for i in kv.items()]
                run = remat_run(path, in_dir, *opts)
                measured = "%d B" % run["measured_peak_bytes"]
                if run["predicted_peak_bytes"] != run["measured_peak_bytes"]:
                    measured += " (predicted %d B)" % run["predicted_peak_bytes"]
            step = rep["forward_flops"] + rep["backward_flops"]
            rows.append([label, name, mib(rep["saved_bytes"]), "%d B" % rep["peak_bytes"], measured,
                         "%.2f%%" % (100.0 * rep["recompute_flops"] / step)])
            entry[name] = dict(saved=rep["saved_bytes"], peak=rep["peak_bytes"],
                               recompute=rep["recompute_flops"], step=step, measured=measured)
        if label.startswith("GPT-2"):
            remat_opt(path, "-remat-pareto=file=%s solver=fast" % os.path.join(ARGS.out, "pareto_gpt2_small.json"),
                      json_report=False)
        results.append(entry)
    text = table(["model", "method", "saved for backward", "simulated peak (report)",
                  "measured peak (CPU)", "recompute / step FLOPs"], rows)
    return text, results


# ---------------------------------------------------------------------------
# Classic baselines on a 12-layer GPT-2 at GPT-2 small widths (fake import)
# ---------------------------------------------------------------------------

def gpt_stack(layers):
    """`layers` GPT-2 blocks at GPT-2 small widths (d=768, 12 heads, 1024
    tokens, batch 1, no dropout), on meta tensors."""
    import models

    class Stack(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.h = torch.nn.ModuleList(models.Block(768, 12, 1024, 0.0) for _ in range(layers))

        def forward(self, x):
            for block in self.h:
                x = block(x)
            return x

    with no_allocation():
        model = Stack()
        x = torch.randn(1, 1024, 768)
    return model, (x,)


def baselines():
    model, inputs = gpt_stack(12)
    graph, path = write_graph(model, inputs, "gpt_stack_12", fake=True, dtype="bf16")
    rows, results = [], []
    for name, passes in (("none", []), ("checkpoint every layer", ["-remat-pipeline=policy=segments group=h\\.[0-9]+"]),
                         ("sqrt(n) segments", ["-remat-pipeline=policy=segments segments=sqrt"]),
                         ("selective", ["-remat-pipeline"]),
                         ("budget 50% (fast)", ["-remat-pipeline=policy=budget budget=0.5 solver=fast"])):
        try:
            rep, sec = remat_opt(path, *passes)
        except RuntimeError as e:
            rows.append([name, "failed", "", "", "", str(e).splitlines()[-1][:80]])
            continue
        step = rep["forward_flops"] + rep["backward_flops"]
        rows.append([name, mib(rep["saved_bytes"]), mib(rep["peak_bytes"]),
                     "%.2f%%" % (100.0 * rep["recompute_flops"] / step), rep["recompute_ops"], "%.2f" % sec])
        results.append(dict(policy=name, saved=rep["saved_bytes"], peak=rep["peak_bytes"],
                            recompute=rep["recompute_flops"], step=step, seconds=sec))
    text = ("12 GPT-2 blocks at GPT-2 small widths (d=768, 12 heads, 1024 tokens, batch 1, bf16, "
            "no dropout), imported with --fake.\n\n")
    text += table(["policy", "saved", "simulated peak", "recompute / step FLOPs", "recomputations",
                   "remat-opt s"], rows)
    return text, results


# ---------------------------------------------------------------------------
# Compile time on GPT stacks
# ---------------------------------------------------------------------------

def compile_time():
    rows, results = [], []
    for layers in ((1, 12) if ARGS.quick else (1, 12, 48, 96)):
        model, inputs = gpt_stack(layers)
        start = time.perf_counter()
        graph, path = write_graph(model, inputs, "gpt_stack_%d" % layers, fake=True, dtype="bf16")
        import_s = time.perf_counter() - start
        rep, none_s = remat_opt(path)
        ops = rep["forward_ops"] + rep["backward_ops"]
        rep2, sel_s = remat_opt(path, "-remat-pipeline")
        rows.append([layers, ops, "%.1f" % import_s, "%.2f" % none_s, "%.2f" % sel_s, rep2["recompute_ops"]])
        results.append(dict(layers=layers, ops=ops, import_s=import_s, report_s=none_s, pipeline_s=sel_s))
    text = table(["layers", "ops", "import (s)", "parse + report (s)", "-remat-pipeline + report (s)",
                  "recomputations"], rows)
    return text, results


# ---------------------------------------------------------------------------
# Import speed: remat-import-torch against AOTAutograd's own trace
# ---------------------------------------------------------------------------

def fresh_runs(name, layers, whats):
    """bench/NAME --what W --layers N, each W in a fresh process; its last
    stdout line (JSON) per W."""
    got = {}
    for what in whats:
        r = subprocess.run([sys.executable, os.path.join(ROOT, "bench", name), "--what", what,
                            "--layers", str(layers),
                            "--remat-opt", os.path.join(ARGS.build, "bin", "remat-opt")],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError("%s failed:\n%s" % (name, r.stderr[-2000:]))
        got[what] = json.loads(r.stdout.strip().splitlines()[-1])
    return got


def import_speed():
    """import_speed.py in fresh processes (peak RSS per run): the importer
    (trace, lowering, verification with remat-opt) and the first call of
    AOTAutograd's aot_module (its joint-graph trace and default partition)."""
    rows, results = [], []
    for layers in ((4,) if ARGS.quick else (12, 48)):
        got = fresh_runs("import_speed.py", layers, ("import", "aot"))
        imp, aot = got["import"], got["aot"]
        ph = imp["phases"]
        rows.append([layers, "%.1f" % imp["seconds"], "%.0f MiB" % imp["peak_rss_mib"],
                     "%.1f" % aot["seconds"], "%.0f MiB" % aot["peak_rss_mib"],
                     "%.2fx" % (imp["seconds"] / aot["seconds"]),
                     " / ".join("%.1f" % ph.get(k, 0.0) for k in ("probe", "trace", "values", "lower")) +
                     " / %.1f" % ph.get("write + verify", 0.0)])
        results.append(dict(layers=layers, import_=imp, aot=aot))
    text = ("GPT-2 blocks at C=256, 4 heads, T=128, batch 2, dropout 0.1, f32, real tensors; "
            "peak resident memory of each process (the model itself included).\n\n")
    text += table(["layers", "import (s)", "import peak RSS", "AOTAutograd first call (s)", "its peak RSS",
                   "import / AOT", "probe / trace / values / lower / write + verify (s)"], rows)
    return text, results


# ---------------------------------------------------------------------------
# Partition speed: remat-opt's whole process against PyTorch's min-cut
# ---------------------------------------------------------------------------

def passes_seconds(timing):
    """-mlir-timing's total less parsing and printing: the passes."""
    return timing.get("Total", 0.0) - timing.get("Parser", 0.0) - timing.get("Output", 0.0)


def partition_speed():
    """partition_speed.py in fresh processes: PyTorch 1.13's
    min_cut_rematerialization_partition on AOTAutograd's joint graph against
    `remat-opt -remat-pipeline` (the default policy) as a whole process on
    the same model imported; then the passes alone on GPT-2 small widths."""
    rows, results = [], []
    for layers in ((4,) if ARGS.quick else (12, 48)):
        got = fresh_runs("partition_speed.py", layers, ("mincut", "remat"))
        mc, rm = got["mincut"], got["remat"]
        t = rm["timing"]
        rows.append([layers, "%.2f / %.2f" % (mc["seconds"], mc["cpu"]),
                     "%.2f / %.2f" % (rm["seconds"], rm["cpu"]),
                     "%.1fx / %.1fx" % (mc["seconds"] / rm["seconds"], mc["cpu"] / rm["cpu"]),
                     " / ".join("%.3f" % t.get(k, 0.0) for k in
                                ("Parser", "RematMark", "RematMaterialize", "RematSchedule", "Output"))])
        results.append(dict(layers=layers, mincut=mc, remat=rm))
    text = ("GPT-2 blocks at C=256, 4 heads, T=128, batch 2, dropout 0.1, f32 (import_speed.py's model). "
            "min-cut: the partition_fn call alone (AOTAutograd's trace not counted); remat-opt: "
            "`remat-opt FILE -remat-pipeline -o /dev/null` as a process, the fastest of 3 "
            "(wall / CPU seconds: user + system, what a loaded machine distorts least).\n\n")
    text += table(["layers", "min-cut s (wall / CPU)", "remat-opt process s (wall / CPU)",
                   "min-cut / remat-opt", "parse / mark / materialize / schedule / print (s, -mlir-timing)"],
                  rows)
    layers = 12 if ARGS.quick else 96
    # GPT-2 small's widths with the speed section's batch 8 and dropout
    # (import_speed.py's stack; this file's gpt_stack is batch 1 without
    # dropout). The --fake import allocates no activations; the 96 blocks'
    # weights take 2.7 GB.
    from import_speed import gpt_stack as dropout_stack
    model, inputs = dropout_stack(layers, d=768, heads=12, seq=1024, batch=8)
    graph, path = write_graph(model, inputs, "gpt_stack_%d" % layers, fake=True, dtype="bf16")
    from partition_speed import mlir_timing
    cmd = [os.path.join(ARGS.build, "bin", "remat-opt"), path, "-remat-pipeline", "-mlir-timing",
           "-o", os.devnull]
    best = None
    for _ in range(3):
        r = subprocess.run(cmd, capture_output=True, text=True, check=True)
        t = mlir_timing(r.stderr)
        if best is None or passes_seconds(t) < passes_seconds(best):
            best = t
    text += ("\n\n%d GPT-2 blocks at GPT-2 small widths (d=768, 12 heads, 1024 tokens, batch 8, dropout 0.1, "
             "bf16, --fake import): "
             "the passes of -remat-pipeline take %.2f s (-mlir-timing, fastest of 3; parse %.2f s, "
             "print %.2f s)." % (layers, passes_seconds(best), best.get("Parser", 0.0), best.get("Output", 0.0)))
    results.append(dict(layers=layers, widths="gpt2-small", timing=best, passes_s=passes_seconds(best)))
    return text, results


# ---------------------------------------------------------------------------
# The optimum: exact budget solver vs fast solver vs selective at equal peak
# ---------------------------------------------------------------------------

def optimum():
    import models
    graphs = [("examples/mlp2_small.mlir", os.path.join(ROOT, "examples", "mlp2_small.mlir")),
              ("examples/mlp_gelu.mlir", os.path.join(ROOT, "examples", "mlp_gelu.mlir"))]
    for label, make in (("imported MLP", models.mlp), ("imported GPT-2, 2 layers, d=16", models.gpt_no_dropout)):
        model, inputs = make()
        graph, path = write_graph(model, inputs, re.sub(r"\W+", "_", label))
        graphs.append((label, path))
    rows, results = [], []
    for label, path in graphs:
        for fpb in (200, 16):
            sel, _ = remat_opt(path, "-remat-pipeline=flops-per-byte=%d" % fpb)
            entry = dict(graph=label, fpb=fpb, selective_peak=sel["peak_bytes"],
                         selective_flops=sel["recompute_flops"])
            row = [label, "selective fpb=%d" % fpb, "%d B" % sel["peak_bytes"], "%.0f" % sel["recompute_flops"]]
            # The exact solver's branch and bound can take hours at low
            # budgets: it gets a minute and reports when it did not finish.
            for solver in ("exact time-limit=60", "fast"):
                try:
                    rep, sec = remat_opt(path, "-remat-pipeline=policy=budget budget=%d solver=%s" % (
                        sel["peak_bytes"], solver))
                    entry[solver.split()[0]] = dict(flops=rep["recompute_flops"], peak=rep["peak_bytes"], seconds=sec)
                    row += ["%.0f (%.2f s)" % (rep["recompute_flops"], sec)]
                except RuntimeError as e:
                    msg = [l for l in str(e).splitlines() if "error" in l]
                    entry[solver.split()[0]] = dict(error=msg[0] if msg else str(e)[:200])
                    row += ["failed: %s" % (msg[0].split("error: ")[-1][:90] if msg else "?")]
            results.append(entry)
            rows.append(row)
    text = ("For each graph, selective's achieved peak becomes the budget; the exact and fast budget "
            "solvers then find the least recompute FLOPs that reach it.\n\n")
    text += table(["graph", "selective run", "its peak (= budget)", "selective recompute FLOPs",
                   "exact solver FLOPs (time; time-limit=60)", "fast solver FLOPs (time)"], rows)
    return text, results


def default_policy():
    """The default policy (peak) against selective, with and without GEMMs,
    on imported models and deep narrow MLPs: peak, recompute FLOPs as a
    share of the step's, IR growth (lines of the printed module)."""
    import peak_models
    from gpt2_small import make as gpt2
    graphs = []
    for name, make in (("GPT-2, 4 layers, d=128, T=128 (imported)", gpt2),
                       ("ResNet-18, 64x64, B=2 (imported)", peak_models.resnet),
                       ("one linear layer + tanh (imported)", peak_models.mlp1),
                       ("einsum chain (imported)", peak_models.einsum),
                       ("GRU cell unrolled 4 steps (imported)", peak_models.gru)):
        model, inputs = make()
        graphs.append((name, write_graph(model, inputs, "default-" + make.__module__ + "-" + make.__name__)[1]))
    blocks = 20 if ARGS.quick else 100
    narrow = os.path.join(ARGS.out, "default-narrow.mlir")
    with open(narrow, "w") as f:
        subprocess.run([sys.executable, os.path.join(ROOT, "examples", "gen_mlp.py"), "--blocks", str(blocks),
                        "--rows", "16", "--hidden", "16"], stdout=f, check=True)
    graphs.append(("narrow MLP, %d blocks, 16x16" % blocks, narrow))
    graphs.append(("two MLP blocks (mlp2_gelu.mlir)", os.path.join(ROOT, "examples", "mlp2_gelu.mlir")))
    configs = [("none", []), ("selective", ["-remat-pipeline=policy=selective"]),
               ("selective, 16 FLOPs/B", ["-remat-pipeline=policy=selective flops-per-byte=16"]),
               ("peak (default)", ["-remat-pipeline"])]
    rows, results = [], []
    for name, path in graphs:
        row, entry = [name], {"graph": name}
        base_lines = None
        for label, passes in configs:
            rep, sec = remat_opt(path, *passes)
            printed = subprocess.run([os.path.join(ARGS.build, "bin", "remat-opt"), path, *passes],
                                     capture_output=True, text=True, check=True).stdout.count("\n")
            base_lines = base_lines or printed
            step = rep["forward_flops"] + rep["backward_flops"]
            share = 100.0 * rep["recompute_flops"] / step if step else 0.0
            entry[label] = dict(peak=rep["peak_bytes"], recompute_share=share, lines=printed, seconds=sec)
            row.append("%s, %.2f%%, IR %.1fx" % (mib(rep["peak_bytes"]), share, printed / base_lines)
                       if passes else mib(rep["peak_bytes"]))
        rows.append(row)
        results.append(entry)
    text = ("Peak after the pipeline, recompute FLOPs as a share of the step's forward + backward FLOPs, "
            "and IR growth (printed lines against the input's).\n\n")
    text += table(["graph"] + [c[0] for c in configs], rows)
    return text, results


def attention():
    """Tiled attention (-remat-tile-attention, attention=tiled): the GPT-3
    175B layer predicted in f32 and bf16 (imported with --fake), and a
    2-layer GPT-2 at T=512 measured by remat-run, each beside the untiled
    figure."""
    import models
    s, h, a, b = (256, 1536, 12, 1) if ARGS.quick else (2048, 12288, 96, 1)
    sbh = s * b * h
    rows, results = [], []
    for dtype in ("f32", "bf16"):
        with no_allocation():
            layer = models.Block(h, a, s, 0.1)
            x = torch.randn(b, s, h)
        _, path = write_graph(layer, (x,), "gpt3_layer_%s_attention" % dtype, dtype=dtype,
                              fake=True, dropout="functional")
        for policy in ("none", "selective", "peak"):
            for tiled, acc in ((False, False), (True, False), (True, True)):
                if acc and dtype == "f32":
                    continue  # f32 products are not narrowed: nothing to tile
                opts = "policy=%s%s%s" % (policy, " attention=tiled" if tiled else "",
                                          " accumulators=tiled" if acc else "")
                rep, sec = remat_opt(path, "-remat-pipeline=" + opts)
                step = rep["forward_flops"] + rep["backward_flops"]
                att = rep.get("attentions", [])
                done = sum(1 for e in att if e.get("tiled"))
                why = next((e.get("detail", "") for e in att if not e.get("tiled")), "")
                results.append(dict(dtype=dtype, policy=policy, tiled=tiled, accumulators_tiled=acc,
                                    peak_bytes=rep["peak_bytes"],
                                    beyond_results_bytes=rep["peak_beyond_results_bytes"],
                                    saved_bytes=rep["saved_bytes"], step_flops=step,
                                    recompute_flops=rep["recompute_flops"], attentions=len(att),
                                    attentions_tiled=done, seconds=sec))
                rows.append([dtype, "`%s`" % opts, "%.0f sbh" % (rep["peak_bytes"] / sbh),
                             "**%.0f sbh**" % (rep["peak_beyond_results_bytes"] / sbh),
                             "%.0f sbh" % (rep["saved_bytes"] / sbh),
                             "%.3f T" % (step / 1e12), "%.3f T" % (rep["recompute_flops"] / 1e12),
                             ("%d of %d%s" % (done, len(att), "" if done == len(att) else
                                              " (" + why[:60] + ")")) if tiled else
                             "not asked (%s)" % why[:60], "%.1f" % sec])
    text = ("GPT-3 175B layer, s=%d h=%d a=%d b=%d, functional dropout, imported with --fake; "
            "predicted by -remat-report (sbh = %d elements; the issue's target: peak beyond "
            "results <= 40 sbh in bf16).\n\n" % (s, h, a, b, sbh))
    text += table(["dtype", "pipeline", "peak", "peak beyond results", "saved",
                   "step FLOPs", "recompute", "attentions tiled", "remat-opt s"], rows)
    if not ARGS.quick:
        import gpt2_t512
        graph, path = write_graph(*gpt2_t512.make(), "gpt2_t512")
        inputs = os.path.join(ARGS.out, "gpt2_t512_in")
        graph.write_inputs(inputs)
        run_rows = []
        for policy in ("none", "peak"):
            untiled = remat_run(path, inputs, "--policy=" + policy)
            tiled = remat_run(path, inputs, "--policy=" + policy, "--attention=tiled")
            results.append(dict(model="gpt2_t512", policy=policy,
                                untiled_measured=untiled["measured_peak_bytes"],
                                untiled_predicted=untiled["predicted_peak_bytes"],
                                tiled_measured=tiled["measured_peak_bytes"],
                                tiled_predicted=tiled["predicted_peak_bytes"]))
            run_rows.append(["`policy=%s`" % policy,
                             "%s (predicted %s)" % (mib(untiled["measured_peak_bytes"]),
                                                    mib(untiled["predicted_peak_bytes"])),
                             "%s (predicted %s)" % (mib(tiled["measured_peak_bytes"]),
                                                    mib(tiled["predicted_peak_bytes"])),
                             "%.1f / %.1f" % (untiled["time_s"], tiled["time_s"])])
        text += ("\n\nGPT-2, 2 layers, d=128, 4 heads, T=512, B=2, dropout "
                 "(examples/torch/gpt2_t512.py), measured by remat-run -O0 on the CPU:\n\n")
        text += table(["policy", "untiled peak", "tiled peak", "step s (untiled / tiled)"], run_rows)
    return text, results


def main():
    global ARGS
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--out", default=None)
    ap.add_argument("--quick", action="store_true", help="smaller sizes, for a smoke test")
    ap.add_argument("--only", default="megatron,pytorch,baselines,optimum,compile,import,speed,default,"
                    "attention")
    ARGS = ap.parse_args()
    ARGS.out = ARGS.out or os.path.join(ARGS.build, "bench")
    os.makedirs(ARGS.out, exist_ok=True)
    sections = {"megatron": ("Megatron-LM's table", megatron),
                "pytorch": ("PyTorch's partitioners on the same models", pytorch),
                "baselines": ("Classic baselines", baselines),
                "optimum": ("The optimum at equal peak", optimum),
                "compile": ("Compile time on GPT stacks", compile_time),
                "import": ("Import speed against AOTAutograd", import_speed),
                "speed": ("Partition speed against PyTorch's min-cut", partition_speed),
                "default": ("The default policy", default_policy),
                "attention": ("Tiled attention", attention)}
    results = {"date": time.strftime("%Y-%m-%d"), "torch": torch.__version__}
    for key in ARGS.only.split(","):
        title, fn = sections[key]
        start = time.perf_counter()
        text, data = fn()
        results[key] = data
        print("## %s\n\n%s\n\n(%.0f s)\n" % (title, text, time.perf_counter() - start), flush=True)
    with open(os.path.join(ARGS.out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    print("results: %s; plots: %s/*.svg" % (os.path.join(ARGS.out, "results.json"), ARGS.out))


if __name__ == "__main__":
    main()
