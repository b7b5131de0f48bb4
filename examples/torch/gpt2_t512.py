"""GPT-2 with 2 layers, d=128, 4 heads and 512 tokens (batch 2, dropout on),
the CPU target of tiled attention (docs/Passes.md, -remat-tile-attention):

  build/bin/remat-import-torch examples/torch/gpt2_t512.py:make -o gpt.mlir --inputs-dir gpt-in
  build/bin/remat-run gpt.mlir --inputs gpt-in --attention=tiled --outputs tiled
  build/bin/remat-run gpt.mlir --inputs gpt-in --outputs untiled

Each layer's attention scores are 2 x 4 x 512 x 512 f32 = 8 MiB.
`make_nodrop()` is the same model without dropout.
"""
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpt2_small import GPT2  # noqa: E402


def _make(dropout):
    torch.manual_seed(0)
    model = GPT2(vocab=512, d=128, heads=4, seq=512, layers=2, dropout=dropout)
    idx = torch.randint(0, 512, (2, 512))
    return model, (idx, torch.roll(idx, -1, dims=1))


def make():
    return _make(0.1)


def make_nodrop():
    return _make(0.0)


def make_small_b1():
    """A one-layer GPT-2 (d=32, 2 heads, 32 tokens) on one sequence: with
    batch 1 the importer gives backward's products their own transposed
    copies of V and dO, which -remat-tile-attention recognizes."""
    torch.manual_seed(0)
    model = GPT2(vocab=64, d=32, heads=2, seq=32, layers=1, dropout=0.1)
    idx = torch.randint(0, 64, (1, 32))
    return model, (idx, torch.roll(idx, -1, dims=1))
