"""One causal self-attention layer (pre-norm, QKV and output projections, a
residual), trained under bf16 autocast: issue 21's GPU comparison of remat's
tiled attention with PyTorch's flash kernel (scripts/gpu-check.sh).

  make()          T=2048, batch 4, 16 heads of 64, F.scaled_dot_product_attention
                  (is_causal): what PyTorch runs on the GPU (bench/torch_gpt2.py)
  make_manual()   the same layer with the attention written out (q @ k^T,
                  masked_fill, softmax, @ v), as remat imports it on any
                  PyTorch (1.13 has no scaled_dot_product_attention)
  make_small()    make_manual() at T=128, batch 2: a quick import here

  build/bin/remat-import-torch examples/torch/attention_layer.py:make_small -o attn.mlir
  build/bin/remat-run attn.mlir --seed 0 --attention=tiled --compare-policy=none

The loss is the mean square of the layer's output, in f32.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class AttentionLayer(nn.Module):
    def __init__(self, d, heads, seq, sdpa):
        super().__init__()
        self.ln = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.heads = heads
        self.sdpa = sdpa
        if not sdpa:
            self.register_buffer("causal", torch.tril(torch.ones(seq, seq, dtype=torch.bool)))

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(self.ln(x)).split(c, dim=2)
        q, k, v = (z.view(b, t, self.heads, c // self.heads).transpose(1, 2) for z in (q, k, v))
        if self.sdpa:
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        else:
            att = (q @ k.transpose(-2, -1)) * (1.0 / (c // self.heads) ** 0.5)
            att = F.softmax(att.masked_fill(~self.causal[:t, :t], float("-inf")), dim=-1)
            y = att @ v
        y = y.transpose(1, 2).contiguous().view(b, t, c)
        return (x + self.proj(y)).float().pow(2).mean()


class Autocast(nn.Module):
    """Runs `module` under bf16 autocast on whatever device its input is on
    (f32 parameters, bf16 GEMMs and attention)."""

    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, x):
        with torch.autocast(x.device.type, dtype=torch.bfloat16):
            return self.module(x)


def _make(batch, seq, d, heads, sdpa):
    torch.manual_seed(0)
    model = AttentionLayer(d, heads, seq, sdpa)
    return Autocast(model), (torch.randn(batch, seq, d),)


def make(batch=4, seq=2048, d=1024, heads=16):
    return _make(batch, seq, d, heads, sdpa=True)


def make_manual(batch=4, seq=2048, d=1024, heads=16):
    return _make(batch, seq, d, heads, sdpa=False)


def make_small():
    return _make(2, 128, 128, 4, sdpa=False)
