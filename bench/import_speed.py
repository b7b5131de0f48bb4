#!/usr/bin/env python3
"""Import speed: remat-import-torch's import of a GPT stack against
PyTorch's own AOTAutograd joint-graph trace of the same model.

  import_speed.py --what import|aot --layers N [--profile FILE]

Runs one measurement in this process and prints one JSON line: seconds,
peak resident memory (ru_maxrss) and, for the import, the seconds of its
phases. The model: N GPT-2 blocks (models.Block) at C=256, 4 heads, T=128,
batch 2, dropout 0.1, f32, real tensors. `aot` times the first call of
functorch.compile.aot_module with no-op compilers and the default
partition, which traces the joint graph (forward and backward) with
make_fx and partitions it.
"""
import argparse
import json
import os
import resource
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "test", "Integration", "Torch", "Inputs"))

import torch  # noqa: E402


def gpt_stack(layers, d=256, heads=4, seq=128, batch=2, dropout=0.1):
    import models

    class Stack(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.h = torch.nn.ModuleList(models.Block(d, heads, seq, dropout) for _ in range(layers))

        def forward(self, x):
            for block in self.h:
                x = block(x)
            return x

    torch.manual_seed(0)
    return Stack(), (torch.randn(batch, seq, d),)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--what", choices=("import", "aot"), required=True)
    ap.add_argument("--layers", type=int, required=True)
    ap.add_argument("--remat-opt", default=os.path.join(ROOT, "build", "bin", "remat-opt"))
    ap.add_argument("--profile", help="write a cProfile of the measured call to FILE")
    ap.add_argument("--no-verify", action="store_true", help="do not parse the output with remat-opt")
    args = ap.parse_args()
    model, inputs = gpt_stack(args.layers)
    base_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    prof = None
    if args.profile:
        import cProfile
        prof = cProfile.Profile()
    phases = {}
    start = time.perf_counter()
    if prof:
        prof.enable()
    if args.what == "aot":
        from functorch.compile import aot_module, default_partition, nop
        compiled = aot_module(model, fw_compiler=nop, bw_compiler=nop, partition_fn=default_partition)
        compiled(*inputs)
    else:
        from remat_torch import import_model
        from remat_torch.mlir import ImporterError
        import subprocess
        import tempfile
        graph = import_model(model, inputs, timings=phases)
        phases["traced on " + graph.traced_on] = 0.0
        t = time.perf_counter()
        path = os.path.join(tempfile.mkdtemp(prefix="remat-import-speed-"), "g.mlir")
        with open(path, "w") as f:
            f.write(graph.mlir)
        if not args.no_verify:
            r = subprocess.run([args.remat_opt, path, "-o", os.devnull], capture_output=True, text=True)
            if r.returncode != 0:
                raise ImporterError("the import does not verify: " + r.stderr[:500])
        phases["write" + ("" if args.no_verify else " + verify")] = time.perf_counter() - t
    seconds = time.perf_counter() - start
    if prof:
        prof.disable()
        prof.dump_stats(args.profile)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    print(json.dumps(dict(what=args.what, layers=args.layers, seconds=round(seconds, 2),
                          peak_rss_mib=round(rss / 1024, 1), model_rss_mib=round(base_rss / 1024, 1),
                          phases={k: round(v, 2) for k, v in phases.items()})))


if __name__ == "__main__":
    main()
