"""Trains examples/torch/gpt2_small.py for a few SGD steps eagerly and with
remat_torch.compile, and prints the bytes autograd holds for backward
(activations only) next to PyTorch's own partitions:

  /usr/bin/python3 examples/torch/train_gpt2.py [--steps 4]
"""
import argparse
import copy
import os
import sys
import time
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
sys.path.insert(0, HERE)

import torch  # noqa: E402

import remat_torch  # noqa: E402
from gpt2_small import make  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=4)
    args = p.parse_args()
    warnings.filterwarnings("ignore", message=".*boxed.*")
    from functorch.compile import (aot_module, default_partition,
                                   min_cut_rematerialization_partition, nop)
    base, inputs = make()
    exclude = list(inputs)
    runs = [("eager", lambda m: m),
            ("default_partition", lambda m: aot_module(m, fw_compiler=nop, partition_fn=default_partition)),
            ("min_cut_rematerialization_partition",
             lambda m: aot_module(m, fw_compiler=nop, partition_fn=min_cut_rematerialization_partition)),
            ("remat peak (the default)", lambda m: remat_torch.compile(m)),
            ("remat selective flops-per-byte=16",
             lambda m: remat_torch.compile(m, policy="selective", flops_per_byte=16)),
            ("remat selective", lambda m: remat_torch.compile(m, policy="selective")),
            ("remat budget 8MiB", lambda m: remat_torch.compile(m, policy="budget", budget="8MiB"))]
    reference = None
    for name, make_model in runs:
        model = copy.deepcopy(base)
        wrapped = make_model(model)
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        losses, held = [], None
        start = time.perf_counter()
        for s in range(args.steps):
            torch.manual_seed(100 + s)
            loss = wrapped(*inputs)
            if held is None:
                held = remat_torch.held_bytes(loss, list(model.parameters()) +
                                              list(model.buffers()) + exclude)
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(loss.item())
        took = time.perf_counter() - start
        reference = reference or losses
        rel = max(abs(a - b) / abs(b) for a, b in zip(losses, reference))
        line = "%-38s holds %9d B (%5.1f MiB)  losses %s (vs eager %.1e)  %.2f s" % (
            name, held, held / 2 ** 20, " ".join("%.4f" % v for v in losses), rel, took)
        print(line)
        for st in getattr(wrapped, "stats", []):
            print("    decided in %.2f s: %d ops, predicted %d B (%d B of dropout draws; remat's "
                  "report: %s B saved), %d recompute FLOPs (%.3f%% of the step's)%s" % (
                      st["decide_s"], st["ops"], st["saved_bytes"], st["draw_bytes"],
                      st["remat_saved_bytes"], st["recompute_flops"],
                      100.0 * st["recompute_flops"] / max(1, st["step_flops"] or 0),
                      "; fallback: " + st["fallback"] if st["fallback"] else ""))


if __name__ == "__main__":
    main()
