#!/usr/bin/env python3
"""Imports FILE.py:FUNCTION, runs the graph with remat-run on the CPU and
compares outputs, gradients and updated buffers with PyTorch's own step.

  compare.py models.py:mlp --remat-run PATH [--policy P]... [--tol T]
  compare.py models.py:mlp,gpt,... ...   several models in one process

Both sides draw the same dropout masks: the importer replays the traced
step with the same seed and passes its draws as arguments. Prints one line
per policy: the worst error, |got - want| / (1 + |want|), over all results.
"""
import argparse
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "python"))

import numpy as np  # noqa: E402
import torch  # noqa: E402
from remat_torch import import_model  # noqa: E402
from remat_torch.capture import _flatten_outputs  # noqa: E402


def reference(model, inputs, seed, graph):
    """PyTorch's step: outputs, parameter gradients, updated buffers. The
    backward is seeded as the import seeded it: from the scalar loss alone
    (loss.backward()) or from every output with ones."""
    torch.manual_seed(seed)
    out = model(*inputs)
    outs = _flatten_outputs(out)  # as the importer flattens them (tuples, dicts)
    params = dict(model.named_parameters())
    trained = [name[5:] for name, kind in graph.results if kind == "grad"]  # grad.NAME
    seeded = [outs[i] for i in graph.seeded if outs[i].requires_grad]  # (a metric has no backward)
    # .backward(), as users train (torch.utils.checkpoint's reentrant form
    # refuses torch.autograd.grad)
    for p in params.values():
        p.grad = None
    torch.autograd.backward(seeded, [torch.ones_like(o) for o in seeded])
    # (a sparse gradient, nn.Embedding(sparse=True), as the dense one the
    # importer takes)
    grads = [params[n].grad.to_dense() if params[n].grad is not None and params[n].grad.is_sparse
             else params[n].grad for n in trained]
    values = [o.detach() for o in outs]
    values += [g if g is not None else torch.zeros_like(params[n]) for g, n in zip(grads, trained)]
    buffers = dict(model.named_buffers())
    state = dict(model.named_parameters(), **buffers)  # new.NAME: updated buffers and parameters
    values += [state[name[4:]].detach() for name, kind in graph.results if kind == "buffer"]
    return values


def error(got, ref):
    """|got - ref| / (1 + |ref|), the worst element; 0 where both are the
    same infinity or both NaN, infinite where only one is NaN or infinite
    (a NaN must not hide a mismatch: max() over NaN compares false)."""
    g, r = got.double(), ref.double()
    e = (g - r).abs() / (1 + r.abs())
    e = torch.where((g == r) | (g.isnan() & r.isnan()), torch.zeros_like(e), e)
    e = torch.where(e.isnan(), torch.full_like(e, float("inf")), e)
    return e.max().item()


def check_reference(models, func, args, graph, want):
    """PyTorch's f32 step checked against its f64 one. Some f32 kernels of
    Debian's PyTorch 1.13 are wrong: gelu_backward with a transposed
    gradient returns garbage (0 or 1e26; the f64 kernel is right). Where the
    f32 reference is off by more than --tol from the f64 one, say so and
    compare against the f64 reference instead: remat's step is then checked
    against right values, not against PyTorch's bug. Models that draw
    random numbers keep the f32 reference (f64 draws differ), and so do
    models with 16-bit values in their step (CPU bf16 autocast: in f64,
    autocast casts nothing, so that reference has no bf16 rounding at all)."""
    model, inputs = getattr(models, func)()
    if any(kind in ("random", "seed") for _, kind, _ in graph.args) or \
            re.search(r"[x<]b?f16>", graph.mlir) or any(t.dtype != torch.float32 for t in model.state_dict().values()
                           if t.is_floating_point()):
        return want
    model = model.double()
    inputs = torch.utils._pytree.tree_map(
        lambda x: x.double() if isinstance(x, torch.Tensor) and x.is_floating_point() else x,
        tuple(inputs))
    # Tensors the forward creates (torch.zeros(b, h)) in f64 too.
    default = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    try:
        exact = reference(model, inputs, args.seed, graph)
    except Exception:  # a model that pins f32 somewhere: no cross-check
        return want
    finally:
        torch.set_default_dtype(default)
    worst, where = 0.0, None
    for (name, _), ref, ref64 in zip(graph.results, want, exact):
        if ref.is_floating_point() and ref.numel() and ref.shape == ref64.shape:
            err = error(ref, ref64)
            if not err <= worst:  # NaN counts as worst
                worst, where = err, name
    if worst <= args.tol:
        return want
    print("reference: PyTorch's f32 step is off by %.2e from its f64 step (%s): "
          "compared against f64" % (worst, where))
    return [e.to(w.dtype) if w.is_floating_point() else w for w, e in zip(want, exact)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("source", help="FILE.py:FUNCTION, or FILE.py:F1,F2,... (one process, "
                                   "each model's lines after '== NAME'), or FILE.py:@LIST (the "
                                   "names in the module's list LIST)")
    ap.add_argument("--remat-run", required=True)
    ap.add_argument("--policy", action="append", default=[])
    ap.add_argument("--tol", type=float, default=1e-4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--opt-level", type=int, default=2, help="remat-run --opt-level")
    args = ap.parse_args()
    path, _, funcs = args.source.rpartition(":")
    spec = importlib.util.spec_from_file_location("models", path)
    models = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(models)
    # FILE.py:@LIST: the functions named in the module's list LIST.
    funcs = list(getattr(models, funcs[1:])) if funcs.startswith("@") else funcs.split(",")
    if len(funcs) == 1:
        sys.exit(0 if compare(models, funcs[0], args) else 1)
    ok = True
    for func in funcs:  # one failing model does not hide the others
        print("== %s" % func)
        try:
            ok = compare(models, func, args) and ok
        except Exception as e:
            print("FAIL: %s: %s" % (type(e).__name__, str(e).split("\n")[0]))
            ok = False
        sys.stdout.flush()
    sys.exit(0 if ok else 1)


def compare(models, func, args):
    """One model: import, PyTorch's step, remat-run per policy; prints the
    lines and returns whether all matched."""
    model, inputs = getattr(models, func)()
    graph = import_model(model, inputs, seed=args.seed)
    # The reference runs on a fresh copy: the import must not have changed
    # the model (its buffers) or the random state it starts from.
    model, inputs = getattr(models, func)()
    # nested inputs (an LSTM's (h, c)) as the importer flattens them
    given = [x.detach().clone() for x in torch.utils._pytree.tree_flatten(tuple(inputs))[0]]
    want = reference(model, inputs, args.seed, graph)
    want = check_reference(models, func, args, graph, want)

    work = tempfile.mkdtemp(prefix="remat-torch-")
    with open(os.path.join(work, "graph.mlir"), "w") as f:
        f.write(graph.mlir)
    graph.write_inputs(os.path.join(work, "in"))
    # The written inputs are the model's inputs as given, even when its
    # forward writes into them in place.
    written = [np.load(os.path.join(work, "in", "arg%d.npy" % i))
               for i, (_, kind, _) in enumerate(graph.args) if kind == "input"]
    # (NumPy has no bf16: bf16 inputs are written as f32, exactly)
    same = all(np.array_equal(w, (x.float() if x.dtype == torch.bfloat16 else x).numpy())
               for w, x in zip(written, given))
    print("inputs: %d written, %s" % (len(written), "as given" if same else "FAIL: not as given"))
    ok = same
    for k, text in enumerate(args.policy or ["none"]):
        # "budget --budget=0.8": a policy and more remat-run options.
        policy, *options = text.split()
        out_dir = os.path.join(work, "out-%d" % k)
        run = subprocess.run([args.remat_run, os.path.join(work, "graph.mlir"),
                              "--inputs=" + os.path.join(work, "in"), "--outputs=" + out_dir,
                              "--policy=" + policy, "--json", "--opt-level=%d" % args.opt_level] + options, capture_output=True, text=True)
        if run.returncode != 0:
            print("%s: remat-run failed:\n%s%s" % (policy, run.stdout, run.stderr))
            ok = False
            continue
        import json
        report = json.loads(run.stdout)
        worst, where = 0.0, None
        for i, ((name, _), ref) in enumerate(zip(graph.results, want)):
            got = torch.from_numpy(np.load(os.path.join(out_dir, "out%d.npy" % i)))
            if ref.is_complex():  # remat's layout for complex values: view_as_real
                ref = torch.view_as_real(ref.resolve_conj())
            ref = ref.to(got.dtype)
            if got.shape != ref.shape:
                print("%s: %s has shape %s, PyTorch %s" % (policy, name, tuple(got.shape), tuple(ref.shape)))
                ok = False
                continue
            if got.numel() == 0:
                continue
            err = error(got, ref)
            if err > worst:
                worst, where = err, name
        status = "ok" if worst <= args.tol else "FAIL"
        ok = ok and worst <= args.tol
        print("%s: %d results, worst error %.2e (%s) %s; peak measured %d predicted %d" % (
            text, len(graph.results), worst, where, status,
            report["measured_peak_bytes"], report["predicted_peak_bytes"]))
    return ok



if __name__ == "__main__":
    main()
