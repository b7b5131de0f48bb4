#!/usr/bin/env python3
"""The lowering of scaled_dot_product_attention's GPU kernels, checked on
the CPU (PyTorch 2.x; make check-torch2). Each kernel and its backward is
traced on fake CUDA tensors (no GPU needed for a trace), lowered as the
partition lowers a joint graph, run by remat-run on the CPU, and compared
with the CPU kernel's forward and backward on the same values.

  sdpa_gpu_ops.py --remat-run PATH
"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "python"))

import numpy as np  # noqa: E402
import torch  # noqa: E402
from torch._subclasses.fake_tensor import FakeTensorMode  # noqa: E402
from torch.fx.experimental.proxy_tensor import make_fx  # noqa: E402
from remat_torch import capture  # noqa: E402

aten = torch.ops.aten


def flash(q, k, v, do, causal, mask):
    o, lse, cq, ck, mq, mk, rng, unused, dbg = aten._scaled_dot_product_flash_attention(
        q, k, v, 0.0, causal)
    return (o,) + aten._scaled_dot_product_flash_attention_backward(
        do, q, k, v, o, lse, cq, ck, mq, mk, 0.0, causal, rng, unused)


def efficient(q, k, v, do, causal, mask):
    o, lse, seed, offset = aten._scaled_dot_product_efficient_attention(q, k, v, mask, True, 0.0, causal)
    dq, dk, dv, _ = aten._scaled_dot_product_efficient_attention_backward(
        do, q, k, v, mask, o, lse, seed, offset, 0.0, [True, True, True, False], causal)
    return o, dq, dk, dv


def cudnn(q, k, v, do, causal, mask):
    o, lse, cq, ck, mq, mk, seed, offset, dbg = aten._scaled_dot_product_cudnn_attention(
        q, k, v, mask, True, 0.0, causal)
    return (o,) + aten._scaled_dot_product_cudnn_attention_backward(
        do, q, k, v, o, lse, seed, offset, mask, cq, ck, mq, mk, 0.0, causal)


def reference(q, k, v, do, causal, mask):
    o, lse = aten._scaled_dot_product_flash_attention_for_cpu(q, k, v, 0.0, causal, attn_mask=mask)
    return (o,) + aten._scaled_dot_product_flash_attention_for_cpu_backward(
        do, q, k, v, o, lse, 0.0, causal, attn_mask=mask)


def check(kernel, causal, with_mask, remat_run):
    torch.manual_seed(0)
    b, h, n, d = 2, 3, 40, 8  # 40: the efficient kernel pads its log-sum-exp to 64
    real = [torch.randn(b, h, n, d) for _ in range(4)]
    mask = torch.randn(b, 1, n, n) if with_mask else None
    args = real + ([mask] if with_mask else [])
    with FakeTensorMode(allow_non_fake_inputs=True) as mode:
        fake = [mode.from_tensor(t).to("cuda") for t in args]

        def f(*xs):
            return kernel(*xs[:4], causal, xs[4] if with_mask else None)
        gm = make_fx(f)(*fake)
    values = {n: n.meta.get("val") for n in gm.graph.nodes}
    placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    outs = list(gm.graph.output_node().args[0])
    g = capture._lower(gm, values, [(n.name, "input", values[n]) for n in placeholders],
                       "kernel", len(outs), [], [], result_nodes=[
                           ("out%d" % i, "output", o) for i, o in enumerate(outs)])
    work = tempfile.mkdtemp(prefix="remat-sdpa-gpu-")
    with open(os.path.join(work, "g.mlir"), "w") as fh:
        fh.write(g.mlir)
    os.makedirs(os.path.join(work, "in"))
    for i, t in enumerate(args):
        np.save(os.path.join(work, "in", "arg%d.npy" % i), t.numpy())
    run = subprocess.run([remat_run, os.path.join(work, "g.mlir"), "--inputs=" + os.path.join(work, "in"),
                          "--outputs=" + os.path.join(work, "out")], capture_output=True, text=True)
    if run.returncode:
        return "remat-run failed: " + (run.stderr or run.stdout).strip().split("\n")[0]
    want = reference(*real, causal, mask)
    worst = 0.0
    for i, w in enumerate(want):
        got = torch.from_numpy(np.load(os.path.join(work, "out", "out%d.npy" % i)))
        worst = max(worst, ((got - w).abs() / (1 + w.abs())).max().item())
    return worst


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--remat-run", required=True)
    args = ap.parse_args()
    ok = True
    for name, kernel, masks in (("flash", flash, (False,)), ("efficient", efficient, (False, True)),
                                ("cudnn", cudnn, (False, True))):
        for causal in (False, True):
            for with_mask in masks:
                err = check(kernel, causal, with_mask, args.remat_run)
                good = isinstance(err, float) and err <= 1e-5
                ok = ok and good
                print("%s: %s%s%s: %s" % ("ok" if good else "FAIL", name, ", causal" if causal else "",
                                          ", additive mask" if with_mask else "",
                                          "worst error %.1e against the CPU kernel" % err
                                          if isinstance(err, float) else err))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
