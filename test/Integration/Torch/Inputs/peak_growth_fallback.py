#!/usr/bin/env python3
"""The default policy on a graph over 2000 ops measures the members the
model ranks first; when those may not be taken (here: an imported 2-layer
GRU, whose two lowest predicted peaks recompute the recurrence and clone
7,460 ops, over max-growth), it measures the next ones instead of giving up
(session 33: the peak stayed at the unrematerialized 1,100,236 B where a
member of 7.9 KFLOP, 0.03% of the step, lowers it by 3.5%).

  peak_growth_fallback.py REMAT_OPT
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
import torch.nn.functional as F  # noqa: E402
from remat_torch import import_model  # noqa: E402


class GRULM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, 32)
        self.gru = nn.GRU(32, 64, num_layers=2, batch_first=True)
        self.fc = nn.Linear(64, 50)

    def forward(self, x, y):
        h, _ = self.gru(self.emb(x))
        return F.cross_entropy(self.fc(h).reshape(-1, 50), y.reshape(-1))


def report(tool, path, pipeline):
    run = subprocess.run([tool, path, "-remat-pipeline=" + pipeline, "-remat-report",
                          "-o", os.devnull], capture_output=True, text=True, check=True)
    out = run.stdout + run.stderr
    ops = re.search(r"ops: +([0-9]+) forward, ([0-9]+) backward", out)
    flops = re.search(r"forward ([0-9.]+ [KMG]?FLOP), backward ([0-9.]+ [KMG]?FLOP), "
                      r"recompute ([0-9.]+ [KMG]?FLOP)", out)
    peak = int(re.search(r"peak: .*?\(([0-9]+) B\)", out).group(1))
    return int(ops.group(1)) + int(ops.group(2)), [flop_count(f) for f in flops.groups()], peak


def flop_count(text):
    value, unit = text.split()
    return float(value) * {"FLOP": 1, "KFLOP": 1e3, "MFLOP": 1e6, "GFLOP": 1e9}[unit]


def main():
    torch.manual_seed(0)
    model = GRULM()
    inputs = (torch.randint(0, 50, (4, 24)), torch.randint(0, 50, (4, 24)))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "gru.mlir")
        with open(path, "w") as f:
            f.write(import_model(model, inputs).mlir)
        ops, (fwd, bwd, _), none_peak = report(sys.argv[1], path, "policy=none")
        _, (_, _, flops), peak = report(sys.argv[1], path, "policy=peak")
    share = flops / (fwd + bwd)
    # Over 2000 ops (the large-graph path), a lower peak within the 5% cap.
    ok = ops > 2000 and peak < none_peak and share <= 0.05
    print("%s: gru (%d ops): policy=none %d B; policy=peak %d B for %.3f%% of the step" % (
        "ok" if ok else "FAIL", ops, none_peak, peak, 100 * share))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
