#!/usr/bin/env python3
"""torch-mlir (PyPI's torch-mlir, with PyTorch 2.x) as the lowering of the
joint graph, against remat's hand-written lowering: docs/PyTorch.md,
"torch-mlir".

  torch_mlir_eval.py rows [ROW...]   every conformance row: the joint graph
                                     the importer traces, functionalized with
                                     torch-mlir's decompositions, lowered to
                                     linalg-on-tensors, parsed by MLIR 22
  torch_mlir_eval.py extra           the same for ops remat does not lower
  torch_mlir_eval.py speed LAYERS    a GPT stack (bench/import_speed.py, no
                                     dropout): seconds of each step, and the
                                     locations torch-mlir writes

Needs a Python with PyTorch 2.x and torch-mlir (not part of any make
target); MLIR 22's mlir-opt in /usr/lib/llvm-22/bin. A row that crashes
torch-mlir is reported as such (rows run in child processes).
"""
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "test", "Integration", "Torch", "Inputs"))
sys.path.insert(0, os.path.join(ROOT, "bench"))
MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"

import torch  # noqa: E402
import remat_torch.capture as capture  # noqa: E402


def joint_graph(model, inputs, **kw):
    """(the make_fx joint graph the importer lowers, the import)."""
    seen = {}
    trace = capture.make_fx

    def spy(f):
        traced = trace(f)

        def run(*a):
            seen["gm"] = traced(*a)
            return seen["gm"]
        return run
    capture.make_fx = spy
    try:
        graph = capture.import_model(model, inputs, **kw)
    except capture.ImporterError:  # remat cannot lower it: the traced graph still serves
        if "gm" not in seen:
            raise
        graph = None
    finally:
        capture.make_fx = trace
    return seen["gm"], graph


def functional(gm):
    """The joint graph with flat arguments, functionalized and decomposed
    with torch-mlir's table (its FX importer takes no in-place ops), on the
    fake values the trace left."""
    from torch.fx.experimental.proxy_tensor import make_fx
    from torch_mlir import fx as tmfx
    args = [n.meta["val"] for n in gm.graph.nodes if n.op == "placeholder"]
    gm.graph._codegen = torch.fx.graph.CodeGen()
    gm.recompile()
    with args[0].fake_mode:
        return make_fx(torch.func.functionalize(gm, remove="mutations"),
                       decomposition_table=tmfx.get_decomposition_table())(*args)


def to_linalg(gm, path):
    from torch_mlir import fx as tmfx
    module = tmfx.stateless_fx_import(gm, output_type="linalg-on-tensors")
    text = module.operation.get_asm(enable_debug_info=True)
    with open(path, "w") as f:
        f.write(text)
    return text


def parses(path):
    r = subprocess.run([MLIR_OPT, path, "-o", os.devnull], capture_output=True, text=True)
    return None if r.returncode == 0 else re.sub(r"^\S+:\d+:\d+: ", "", r.stderr.strip().splitlines()[0])


def extra_rows():
    """Rows for ops remat's lowering lacks (docs/PyTorch.md, "Not covered")."""
    import torch.nn.functional as F
    return {
        "median": (["median"], (3, 5), lambda p: p.median(1).values, ()),
        "lgamma (digamma)": (["lgamma"], (3, 4), lambda p: torch.lgamma(p * p + 1), ()),
        "upsample_bilinear2d": (["upsample_bilinear2d"], (1, 2, 3, 4),
                                lambda p: F.interpolate(p, scale_factor=2, mode="bilinear", align_corners=True), ()),
        "conv3d": (["convolution"], (2, 1, 2, 2, 2), lambda p, x: F.conv3d(x, p), (torch.randn(1, 1, 3, 3, 3),)),
        "adaptive_max_pool2d": (["adaptive_max_pool2d"], (1, 2, 4, 4), lambda p: F.adaptive_max_pool2d(p, 2), ()),
        "mish": (["mish"], (3, 4), F.mish, ()),
        "one_hot": (["one_hot"], (3, 5), lambda p, i: p * F.one_hot(i, 5), (torch.tensor([0, 4, 2]),)),
    }


def rows_child(names):
    import conformance
    conformance.TABLE.update(extra_rows())
    path = "/tmp/torch-mlir-row-%d.mlir" % os.getpid()
    for name in names:
        print("row", name, flush=True)
        model, consts = conformance.make([name])
        try:
            gm, _ = joint_graph(model, consts, cotangents="all")
            to_linalg(functional(gm), path)
            err = parses(path)
            print("  FAIL MLIR 22 cannot parse it: " + err if err else "  ok", flush=True)
        except Exception as e:
            lines = str(e).strip().splitlines()
            first = "lowering to linalg-on-tensors failed" if "Linalg-on-Tensors" in str(e) else \
                type(e).__name__ + ": " + (lines[0] if lines else "")
            print("  FAIL " + first[:200], flush=True)


def rows(names, table=None):
    import conformance
    todo = names or list(table or conformance.TABLE)
    result = {}
    while todo:
        r = subprocess.run([sys.executable, __file__, "rows-child"] + todo, capture_output=True, text=True)
        cur = None
        for line in r.stdout.splitlines():
            if line.startswith("row "):
                cur = line[4:]
            elif cur and line.startswith("  "):
                result[cur] = line.strip()
        if r.returncode < 0 and cur and cur not in result:
            result[cur] = "FAIL torch-mlir crashed (signal %d)" % -r.returncode
        todo = [n for n in todo if n not in result]
        if r.returncode >= 0:
            for n in todo:
                result[n] = "FAIL not run: " + (r.stderr.strip().splitlines() or ["?"])[-1][:200]
            break
    ok = [n for n, v in result.items() if v == "ok"]
    print("torch %s: %d of %d rows lower to linalg-on-tensors that MLIR 22 parses" % (
        torch.__version__, len(ok), len(result)))
    for n, v in result.items():
        if v != "ok":
            print("  %s: %s" % (n, v[5:]))


def speed(layers):
    import import_speed
    model, inputs = import_speed.gpt_stack(layers, dropout=0.0)
    t = time.perf_counter()
    gm, graph = joint_graph(model, inputs)
    ours = time.perf_counter() - t
    t = time.perf_counter()
    fgm = functional(gm)
    tf = time.perf_counter() - t
    t = time.perf_counter()
    path = "/tmp/torch-mlir-stack-%d.mlir" % os.getpid()
    text = to_linalg(fgm, path)
    tl = time.perf_counter() - t
    t = time.perf_counter()
    err = parses(path)
    tp = time.perf_counter() - t
    aliases = dict(re.findall(r"^(#loc\d*) = loc\((.*)\)$", text, re.M))
    locs = [aliases.get(x, x) for x in re.findall(r"loc\(([^)]*)\)", text.split("\n#loc")[0])]
    known = [x for x in locs if x != "unknown"]
    print("%d layers: remat's import %.2f s (traced on %s); torch-mlir: functionalize + decompose %.2f s, "
          "FX import + lowering to linalg-on-tensors %.2f s; MLIR 22 parses it in %.2f s: %s; "
          "locations: %d, %d of them known%s" % (layers, ours, graph.traced_on, tf, tl, tp,
                                                 "ok" if err is None else err, len(locs), len(known),
                                                 (" (e.g. %s)" % known[0]) if known else ""))


if __name__ == "__main__":
    if sys.argv[1] == "rows-child":
        rows_child(sys.argv[2:])
    elif sys.argv[1] == "rows":
        rows(sys.argv[2:])
    elif sys.argv[1] == "extra":
        rows([], extra_rows())
    else:
        speed(int(sys.argv[2]))
