"""More models as their communities write them, beside community.py: each
FUNCTION() returns (model, example_inputs) for compare.py and the importer.

- gqa: a Mistral-style block: grouped-query attention through
  repeat_interleave, einsum scores and context, an additive triu(-inf)
  mask buffer, RMSNorm with rsqrt, SwiGLU.
- swin: Swin's window attention: window partition and reverse by view and
  permute, a relative-position bias table indexed by a buffer.
- mixer: an MLP-Mixer block: token mixing through transposes,
  label-smoothed cross-entropy.
- mha: nn.MultiheadAttention (batch_first) with a key padding mask,
  GELU(tanh), Mish and Softplus.
- misc: class and distillation tokens (DeiT), F.normalize, cumsum, gather,
  masked_fill, log_softmax.
- lstm: nn.LSTM over embeddings.
- encoder_layer: nn.TransformerEncoder (norm_first, GELU), no dropout.
- efficientnet: MBConv blocks: depthwise convolution, batch norm, SiLU,
  squeeze-excitation, stochastic depth (bernoulli_ on a new_empty tensor).
- checkpointed: torch.utils.checkpoint(use_reentrant=False) around blocks.
- nograd_target: a BYOL-style target network under torch.no_grad(),
  frozen parameters, cosine similarity.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.utils.checkpoint as cp


# Mistral-style block: GQA via repeat_interleave, RMSNorm with rsqrt, SwiGLU,
# additive triu mask, einsum attention.
class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class GQABlock(nn.Module):
    def __init__(self, d=32, heads=4, kv_heads=2, seq=8):
        super().__init__()
        self.h, self.kvh, self.hd = heads, kv_heads, d // heads
        self.wq = nn.Linear(d, d, bias=False)
        self.wk = nn.Linear(d, kv_heads * self.hd, bias=False)
        self.wv = nn.Linear(d, kv_heads * self.hd, bias=False)
        self.wo = nn.Linear(d, d, bias=False)
        self.n1, self.n2 = RMSNorm(d), RMSNorm(d)
        self.w1 = nn.Linear(d, 64, bias=False)
        self.w3 = nn.Linear(d, 64, bias=False)
        self.w2 = nn.Linear(64, d, bias=False)
        mask = torch.full((seq, seq), float("-inf")).triu(1)
        self.register_buffer("mask", mask)

    def forward(self, x):
        B, T, _ = x.shape
        h = self.n1(x)
        q = self.wq(h).view(B, T, self.h, self.hd).transpose(1, 2)
        k = self.wk(h).view(B, T, self.kvh, self.hd).transpose(1, 2)
        v = self.wv(h).view(B, T, self.kvh, self.hd).transpose(1, 2)
        k = k.repeat_interleave(self.h // self.kvh, dim=1)
        v = v.repeat_interleave(self.h // self.kvh, dim=1)
        s = torch.einsum("bhid,bhjd->bhij", q, k) / math.sqrt(self.hd) + self.mask[:T, :T]
        a = torch.einsum("bhij,bhjd->bhid", s.softmax(-1), v)
        x = x + self.wo(a.transpose(1, 2).reshape(B, T, -1))
        h = self.n2(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


def gqa():
    torch.manual_seed(0)
    return GQABlock(), (torch.randn(2, 8, 32),)


# Swin-style window attention with a relative position bias table.
class WindowAttention(nn.Module):
    def __init__(self, dim=16, window=4, heads=2):
        super().__init__()
        self.window, self.heads = window, heads
        self.scale = (dim // heads) ** -0.5
        self.table = nn.Parameter(torch.randn((2 * window - 1) ** 2, heads) * 0.02)
        coords = torch.stack(torch.meshgrid(torch.arange(window), torch.arange(window), indexing="ij"))
        flat = torch.flatten(coords, 1)
        rel = (flat[:, :, None] - flat[:, None, :]).permute(1, 2, 0).contiguous()
        rel[:, :, 0] += window - 1
        rel[:, :, 1] += window - 1
        rel[:, :, 0] *= 2 * window - 1
        self.register_buffer("index", rel.sum(-1))
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))
        self.norm2 = nn.LayerNorm(dim)

    def forward(self, x):
        B, H, W, C = x.shape
        w = self.window
        shortcut = x
        x = self.norm(x)
        x = x.view(B, H // w, w, W // w, w, C).permute(0, 1, 3, 2, 4, 5).reshape(-1, w * w, C)
        Bw, N, _ = x.shape
        qkv = self.qkv(x).reshape(Bw, N, 3, self.heads, C // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        attn = (q * self.scale) @ k.transpose(-2, -1)
        bias = self.table[self.index.view(-1)].view(N, N, -1).permute(2, 0, 1).contiguous()
        attn = (attn + bias.unsqueeze(0)).softmax(dim=-1)
        x = (attn @ v).transpose(1, 2).reshape(Bw, N, C)
        x = self.proj(x)
        x = x.view(B, H // w, W // w, w, w, C).permute(0, 1, 3, 2, 4, 5).reshape(B, H, W, C)
        x = shortcut + x
        return (x + self.mlp(self.norm2(x))).mean()


def swin():
    torch.manual_seed(0)
    return WindowAttention(), (torch.randn(2, 8, 8, 16),)


# MLP-Mixer block: token mixing through transposes.
class MixerBlock(nn.Module):
    def __init__(self, tokens=16, dim=16):
        super().__init__()
        self.n1, self.n2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.tok = nn.Sequential(nn.Linear(tokens, 32), nn.GELU(), nn.Linear(32, tokens))
        self.ch = nn.Sequential(nn.Linear(dim, 32), nn.GELU(), nn.Linear(32, dim))
        self.head = nn.Linear(dim, 10)

    def forward(self, x, y):
        x = x + self.tok(self.n1(x).transpose(1, 2)).transpose(1, 2)
        x = x + self.ch(self.n2(x))
        return F.cross_entropy(self.head(x.mean(1)), y, label_smoothing=0.1)


def mixer():
    torch.manual_seed(0)
    return MixerBlock(), (torch.randn(2, 16, 16), torch.tensor([3, 7]))


# nn.MultiheadAttention (batch_first) with key padding mask, as PyTorch's own
# TransformerEncoderLayer would use, plus GELU(tanh) and Mish/Softplus.
class MHAEncoder(nn.Module):
    def __init__(self, d=16, heads=2):
        super().__init__()
        self.mha = nn.MultiheadAttention(d, heads, batch_first=True)
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.ff1, self.ff2 = nn.Linear(d, 32), nn.Linear(32, d)

    def forward(self, x, pad):
        a, _ = self.mha(x, x, x, key_padding_mask=pad, need_weights=False)
        x = self.ln1(x + a)
        x = self.ln2(x + self.ff2(F.gelu(self.ff1(x), approximate="tanh")))
        return F.mish(x).sum() + F.softplus(x).mean()


def mha():
    torch.manual_seed(0)
    pad = torch.zeros(2, 8, dtype=torch.bool)
    pad[1, 6:] = True
    return MHAEncoder(), (torch.randn(2, 8, 16), pad)


# DeiT-ish: class and distillation tokens, F.normalize, cumsum, gather.
class Misc(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.cls = nn.Parameter(torch.zeros(1, 1, d))
        self.dist = nn.Parameter(torch.zeros(1, 1, d))
        self.lin = nn.Linear(d, d)
        self.head = nn.Linear(d, 5)

    def forward(self, x, idx):
        B = x.shape[0]
        x = torch.cat([self.cls.expand(B, -1, -1), self.dist.expand(B, -1, -1), x], dim=1)
        x = F.normalize(self.lin(x), dim=-1)
        x = torch.cumsum(x, dim=1)
        g = torch.gather(x, 1, idx[:, :, None].expand(-1, -1, x.shape[-1]))
        logits = self.head((g.sum(1) + x[:, 0] + x[:, 1]) / 2)
        return F.log_softmax(logits, -1).mean() + logits.masked_fill(logits > 0.5, 0.0).pow(2).mean()


def misc():
    torch.manual_seed(0)
    return Misc(), (torch.randn(2, 6, 16), torch.tensor([[0, 3], [2, 7]]))


def lstm():
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(20, 8)
            self.lstm = nn.LSTM(8, 16, batch_first=True)
            self.out = nn.Linear(16, 20)
        def forward(self, x, y):
            h, _ = self.lstm(self.emb(x))
            return F.cross_entropy(self.out(h).reshape(-1, 20), y.reshape(-1))
    torch.manual_seed(0)
    return M(), (torch.randint(0, 20, (2, 5)), torch.randint(0, 20, (2, 5)))


def encoder_layer():
    torch.manual_seed(0)
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(16, 2, 32, dropout=0.0, activation="gelu", batch_first=True, norm_first=True), 2)
        def forward(self, x):
            return self.enc(x).pow(2).mean()
    return M(), (torch.randn(2, 6, 16),)


class SE(nn.Module):
    def __init__(self, c, r=4):
        super().__init__()
        self.fc1 = nn.Conv2d(c, c // r, 1)
        self.fc2 = nn.Conv2d(c // r, c, 1)
    def forward(self, x):
        s = F.adaptive_avg_pool2d(x, 1)
        return x * torch.sigmoid(self.fc2(F.silu(self.fc1(s))))


def drop_path(x, p, training):
    if p == 0.0 or not training:
        return x
    keep = 1 - p
    mask = x.new_empty((x.shape[0],) + (1,) * (x.ndim - 1)).bernoulli_(keep)
    return x * mask / keep


class MBConv(nn.Module):
    def __init__(self, c=8):
        super().__init__()
        self.expand = nn.Conv2d(c, 4 * c, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(4 * c)
        self.dw = nn.Conv2d(4 * c, 4 * c, 3, padding=1, groups=4 * c, bias=False)
        self.bn2 = nn.BatchNorm2d(4 * c)
        self.se = SE(4 * c)
        self.project = nn.Conv2d(4 * c, c, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(c)
    def forward(self, x):
        h = F.silu(self.bn1(self.expand(x)))
        h = F.silu(self.bn2(self.dw(h)))
        h = self.bn3(self.project(self.se(h)))
        return x + drop_path(h, 0.2, self.training)


def efficientnet():
    torch.manual_seed(0)
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Conv2d(3, 8, 3, stride=2, padding=1)
            self.blocks = nn.Sequential(MBConv(), MBConv())
            self.head = nn.Linear(8, 4)
        def forward(self, x, y):
            h = self.blocks(F.silu(self.stem(x)))
            return F.cross_entropy(self.head(h.mean((2, 3))), y)
    return M(), (torch.randn(2, 3, 16, 16), torch.tensor([1, 3]))


def checkpointed():
    torch.manual_seed(0)
    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln = nn.LayerNorm(16)
            self.fc1, self.fc2 = nn.Linear(16, 64), nn.Linear(64, 16)
        def forward(self, x):
            return x + self.fc2(F.gelu(self.fc1(self.ln(x))))
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.blocks = nn.ModuleList([Block() for _ in range(3)])
        def forward(self, x):
            for b in self.blocks:
                x = cp.checkpoint(b, x, use_reentrant=False)
            return x.pow(2).mean()
    return M(), (torch.randn(4, 8, 16),)


def nograd_target():
    torch.manual_seed(0)
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.online = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 16))
            self.target = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 16))
            for p in self.target.parameters():
                p.requires_grad_(False)
        def forward(self, x):
            with torch.no_grad():
                t = self.target(x).detach()
            o = self.online(x)
            return 2 - 2 * F.cosine_similarity(o, t, dim=-1).mean()
    return M(), (torch.randn(4, 16),)
