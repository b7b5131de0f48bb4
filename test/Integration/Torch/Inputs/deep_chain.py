#!/usr/bin/env python3
"""A deep, narrow chain of elementwise layers (x = tanh(x * a_i + b_i)),
imported and run through `remat-opt -remat-pipeline=policy=P`: prints the
ops materialize cloned into recomputations against the layers. Under
policy=selective the cut keeps only the input, and recomputing each value
again for each backward consumer cloned a quadratic number of ops (300
layers: 64 MB of IR, remat-run did not finish in 280 s).

  deep_chain.py REMAT_OPT LAYERS POLICY
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "python"))

import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
from remat_torch import import_model  # noqa: E402


class Chain(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.a = nn.Parameter(torch.randn(n, 4))
        self.b = nn.Parameter(torch.randn(n, 4))

    def forward(self, x):
        for i in range(self.a.shape[0]):
            x = torch.tanh(x * self.a[i] + self.b[i])
        return x.pow(2).sum()


def main():
    tool, layers, policy = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    torch.manual_seed(0)
    graph = import_model(Chain(layers), (torch.randn(2, 4),))
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(graph.mlir)
    try:
        out = subprocess.run([tool, f.name, "-remat-pipeline=policy=%s" % policy],
                             capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(f.name)
    # The ops inside remat.recompute regions (up to each remat.yield).
    cloned, inside = 0, False
    for line in out.splitlines():
        if "remat.recompute" in line:
            inside = True
        elif "remat.yield" in line:
            inside = False
        elif inside and re.match(r"\s*%\S+ = ", line):
            cloned += 1
    # Each layer's ops once, with what they read (slices of a and b): a
    # few ops a layer, not a number growing with the depth.
    print("%d layers, policy=%s: %d ops cloned, %.1f a layer: %s" % (
        layers, policy, cloned, cloned / layers, "ok" if 0 <= cloned <= 8 * layers else "FAIL"))


if __name__ == "__main__":
    main()


class LinearStack(nn.Module):
    """32 x (Linear(8, 8) + tanh) at batch 64: budgets below the
    unrematerialized peak need GEMM chains recomputed (checkpoint
    segments); the budget solver's family had none of them."""

    def __init__(self, n=32):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(8, 8) for _ in range(n)])

    def forward(self, x):
        for layer in self.layers:
            x = torch.tanh(layer(x))
        return x.sum()


def linear_stack():
    torch.manual_seed(0)
    return LinearStack(), (torch.randn(64, 8),)
