#!/usr/bin/env python3
"""policy=budget at the peak policy=peak reaches must not cost more FLOPs
than policy=peak (session 32: a fresh user's ViT took 84.46 KFLOP where the
default took 49.67 KFLOP for a peak that fits; 1.4x on a GPT, 7.6x on a
LLaMA block). Imports a small ViT, then compares the two -remat-report's.

  budget_at_peak.py REMAT_OPT
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


class ViT(nn.Module):
    def __init__(self, d=32, layers=2, classes=10):
        super().__init__()
        self.pe = nn.Conv2d(3, d, 4, 4)
        self.cls = nn.Parameter(torch.zeros(1, 1, d))
        self.pos = nn.Parameter(torch.randn(1, 17, d) * .02)
        # (pre-norm blocks with a GELU MLP, as the tester wrote them by hand)
        self.blocks = nn.Sequential(*[nn.TransformerEncoderLayer(
            d, 4, 2 * d, dropout=0.0, activation="gelu", batch_first=True, norm_first=True)
            for _ in range(layers)])
        self.norm, self.head = nn.LayerNorm(d), nn.Linear(d, classes)

    def forward(self, x, y):
        x = self.pe(x).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls.expand(x.shape[0], -1, -1), x], 1) + self.pos
        return F.cross_entropy(self.head(self.norm(self.blocks(x))[:, 0]), y)


def report(tool, path, pipeline):
    run = subprocess.run([tool, path, "-remat-pipeline=" + pipeline, "-remat-report",
                          "-o", os.devnull], capture_output=True, text=True, check=True)
    out = run.stdout + run.stderr
    flops = re.search(r"recompute ([0-9.]+ [KMG]?FLOP)", out).group(1)
    peak = int(re.search(r"peak: .*?\(([0-9]+) B\)", out).group(1))
    return flops, peak


def flop_count(text):
    value, unit = text.split()
    return float(value) * {"FLOP": 1, "KFLOP": 1e3, "MFLOP": 1e6, "GFLOP": 1e9}[unit]


def main():
    torch.manual_seed(0)
    model, inputs = ViT(), (torch.randn(2, 3, 16, 16), torch.tensor([1, 3]))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "vit.mlir")
        with open(path, "w") as f:
            f.write(import_model(model, inputs).mlir)
        flops, peak = report(sys.argv[1], path, "policy=peak")
        budget_flops, budget_peak = report(sys.argv[1], path, "policy=budget budget=%d" % peak)
    ok = budget_peak <= peak and flop_count(budget_flops) <= flop_count(flops)
    print("%s: vit: policy=peak %s at %d B; policy=budget budget=%d: %s at %d B" % (
        "ok" if ok else "FAIL", flops, peak, peak, budget_flops, budget_peak))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
