"""A small GPT-2 (4 layers, d=128, 4 heads, 128 tokens, dropout on) for
remat-import-torch:

  build/bin/remat-import-torch examples/torch/gpt2_small.py:make -o gpt2.mlir --inputs-dir gpt2-in
  build/bin/remat-opt gpt2.mlir -remat-report                       # as PyTorch would keep it
  build/bin/remat-opt gpt2.mlir -remat-pipeline -remat-report       # after rematerialization
  build/bin/remat-run gpt2.mlir --inputs gpt2-in --policy=selective --compare-policy=none

`make()` returns (model, example_inputs); the import traces one training
step (forward, cross-entropy loss, backward) with the example inputs.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, d, heads, seq, dropout):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d)
        self.c_attn = nn.Linear(d, 3 * d)
        self.c_proj = nn.Linear(d, d)
        self.ln_2 = nn.LayerNorm(d)
        self.c_fc = nn.Linear(d, 4 * d)
        self.mlp_proj = nn.Linear(4 * d, d)
        self.drop = nn.Dropout(dropout)
        self.heads = heads
        self.register_buffer("causal", torch.tril(torch.ones(seq, seq, dtype=torch.bool)))

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.c_attn(self.ln_1(x)).split(c, dim=2)
        q, k, v = (z.view(b, t, self.heads, c // self.heads).transpose(1, 2) for z in (q, k, v))
        att = (q @ k.transpose(-2, -1)) * (1.0 / (c // self.heads) ** 0.5)
        att = self.drop(F.softmax(att.masked_fill(~self.causal[:t, :t], float("-inf")), dim=-1))
        y = (att @ v).transpose(1, 2).contiguous().view(b, t, c)
        x = x + self.drop(self.c_proj(y))
        return x + self.drop(self.mlp_proj(F.gelu(self.c_fc(self.ln_2(x)))))


class GPT2(nn.Module):
    def __init__(self, vocab=512, d=128, heads=4, seq=128, layers=4, dropout=0.1):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.wpe = nn.Embedding(seq, d)
        self.h = nn.ModuleList(Block(d, heads, seq, dropout) for _ in range(layers))
        self.ln_f = nn.LayerNorm(d)
        self.lm_head = nn.Linear(d, vocab, bias=False)

    def forward(self, idx, targets):
        x = self.wte(idx) + self.wpe(torch.arange(idx.shape[1], device=idx.device))
        for block in self.h:
            x = block(x)
        logits = self.lm_head(self.ln_f(x))
        return F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.view(-1))


def make():
    torch.manual_seed(0)
    model = GPT2()
    idx = torch.randint(0, 512, (2, 128))
    return model, (idx, torch.roll(idx, -1, dims=1))


def make_124m(batch=8, seq=1024, dropout=0.0):
    """GPT-2 small as nanoGPT trains it (12 layers, d=768, 12 heads, 1024
    tokens, the vocabulary padded to 50304, dropout 0): the GPU check's bf16
    model (`--fake --dtype bf16`: traced on meta tensors)."""
    torch.manual_seed(0)
    model = GPT2(vocab=50304, d=768, heads=12, seq=seq, layers=12, dropout=dropout)
    idx = torch.randint(0, 50304, (batch, seq))
    return model, (idx, torch.roll(idx, -1, dims=1))


class Autocast(nn.Module):
    """Runs `module` under bf16 autocast: f32 parameters, bf16 GEMMs, as
    mixed-precision training does (traced on the CPU: CPU autocast's op
    lists)."""

    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *args):
        with torch.autocast("cpu", dtype=torch.bfloat16):
            return self.module(*args)


def make_124m_autocast(batch=8, seq=1024):
    model, inputs = make_124m(batch, seq)
    return Autocast(model), inputs


def make_autocast():
    """The 4-layer GPT-2 of make() under bf16 autocast: the GPU check's
    bf16 comparison against the CPU path (f32 parameters and gradients,
    bf16 GEMMs)."""
    model, inputs = make()
    return Autocast(model), inputs
