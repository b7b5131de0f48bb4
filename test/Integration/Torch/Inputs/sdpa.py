"""Models that call F.scaled_dot_product_attention, as nanoGPT, Hugging Face
(attn_implementation="sdpa") and timm write them on PyTorch 2.x (these need
2.x: make check-torch2). On the CPU PyTorch runs its fused flash kernel
(_scaled_dot_product_flash_attention_for_cpu and its backward), or, with
dropout, the math path (_safe_softmax)."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    """nanoGPT's attention with its flash path."""
    def __init__(s, n_embd=32, n_head=4, dropout=0.0):
        super().__init__(); s.c_attn = nn.Linear(n_embd, 3 * n_embd); s.c_proj = nn.Linear(n_embd, n_embd)
        s.n_head = n_head; s.n_embd = n_embd; s.dropout = dropout
    def forward(s, x):
        B, T, C = x.size()
        q, k, v = s.c_attn(x).split(s.n_embd, dim=2)
        k = k.view(B, T, s.n_head, C // s.n_head).transpose(1, 2)
        q = q.view(B, T, s.n_head, C // s.n_head).transpose(1, 2)
        v = v.view(B, T, s.n_head, C // s.n_head).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=None, dropout_p=s.dropout if s.training else 0,
                                           is_causal=True)
        return s.c_proj(y.transpose(1, 2).contiguous().view(B, T, C))


class NanoGPT(nn.Module):
    def __init__(s, dropout=0.0, layers=2):
        super().__init__(); s.wte = nn.Embedding(50, 32); s.wpe = nn.Embedding(16, 32)
        s.ln1 = nn.ModuleList([nn.LayerNorm(32) for _ in range(layers)]); s.ln2 = nn.ModuleList([nn.LayerNorm(32) for _ in range(layers)])
        s.attn = nn.ModuleList([CausalSelfAttention(dropout=dropout) for _ in range(layers)])
        s.mlp = nn.ModuleList([nn.Sequential(nn.Linear(32, 128), nn.GELU(), nn.Linear(128, 32), nn.Dropout(dropout)) for _ in range(layers)])
        s.ln_f = nn.LayerNorm(32); s.head = nn.Linear(32, 50, bias=False); s.head.weight = s.wte.weight
    def forward(s, idx):
        x = s.wte(idx) + s.wpe(torch.arange(idx.shape[1]))
        for ln1, attn, ln2, mlp in zip(s.ln1, s.attn, s.ln2, s.mlp):
            x = x + attn(ln1(x)); x = x + mlp(ln2(x))
        logits = s.head(s.ln_f(x))
        return F.cross_entropy(logits[:, :-1].reshape(-1, 50), idx[:, 1:].reshape(-1))


def nanogpt_flash():
    torch.manual_seed(0); return NanoGPT(), (torch.randint(0, 50, (2, 16)),)


def nanogpt_flash_drop():
    torch.manual_seed(0); return NanoGPT(0.1), (torch.randint(0, 50, (2, 16)),)


class BertSdpaLayer(nn.Module):
    """Hugging Face BertSdpaSelfAttention: a padding mask expanded to
    (B, 1, T, T) as an additive float mask (finfo.min), explicit scale."""
    def __init__(s, d=32, h=4):
        super().__init__(); s.h = h; s.q = nn.Linear(d, d); s.k = nn.Linear(d, d); s.v = nn.Linear(d, d)
        s.o = nn.Linear(d, d); s.ln = nn.LayerNorm(d); s.ff = nn.Sequential(nn.Linear(d, 64), nn.GELU(), nn.Linear(64, d)); s.ln2 = nn.LayerNorm(d)
    def forward(s, x, mask):
        B, T, C = x.shape
        split = lambda t: t.view(B, T, s.h, C // s.h).permute(0, 2, 1, 3)
        ext = (1.0 - mask[:, None, None, :].to(x.dtype)) * torch.finfo(x.dtype).min
        a = F.scaled_dot_product_attention(split(s.q(x)), split(s.k(x)), split(s.v(x)),
                                           attn_mask=ext.expand(B, 1, T, T), scale=1.0 / math.sqrt(C // s.h))
        x = s.ln(x + s.o(a.transpose(1, 2).reshape(B, T, C)))
        return s.ln2(x + s.ff(x))


class BertSdpa(nn.Module):
    def __init__(s):
        super().__init__(); s.emb = nn.Embedding(40, 32); s.layers = nn.ModuleList([BertSdpaLayer(), BertSdpaLayer()]); s.cls = nn.Linear(32, 3)
    def forward(s, ids, mask, labels):
        x = s.emb(ids)
        for l in s.layers:
            x = l(x, mask)
        return F.cross_entropy(s.cls(x[:, 0]), labels)


def bert_sdpa():
    torch.manual_seed(0)
    mask = torch.ones(2, 12, dtype=torch.long); mask[1, 8:] = 0
    return BertSdpa(), (torch.randint(0, 40, (2, 12)), mask, torch.tensor([0, 2]))


class GQABlock(nn.Module):
    """LLaMA-style grouped-query attention through enable_gqa (4 query heads
    over 2 key/value heads), a boolean causal mask passed as attn_mask."""
    def __init__(s, d=32, hq=4, hkv=2):
        super().__init__(); s.hq, s.hkv, s.hd = hq, hkv, d // hq
        s.wq = nn.Linear(d, d, bias=False); s.wk = nn.Linear(d, hkv * s.hd, bias=False); s.wv = nn.Linear(d, hkv * s.hd, bias=False)
        s.wo = nn.Linear(d, d, bias=False); s.norm = nn.RMSNorm(d)
    def forward(s, x):
        B, T, _ = x.shape
        h = s.norm(x)
        q = s.wq(h).view(B, T, s.hq, s.hd).transpose(1, 2)
        k = s.wk(h).view(B, T, s.hkv, s.hd).transpose(1, 2)
        v = s.wv(h).view(B, T, s.hkv, s.hd).transpose(1, 2)
        causal = torch.ones(T, T, dtype=torch.bool).tril()
        a = F.scaled_dot_product_attention(q, k, v, attn_mask=causal, enable_gqa=True)
        return x + s.wo(a.transpose(1, 2).reshape(B, T, -1))


class GQANet(nn.Module):
    def __init__(s):
        super().__init__(); s.emb = nn.Embedding(30, 32); s.blocks = nn.ModuleList([GQABlock(), GQABlock()]); s.out = nn.Linear(32, 30)
    def forward(s, idx):
        x = s.emb(idx)
        for b in s.blocks:
            x = b(x)
        return F.cross_entropy(s.out(x[:, :-1]).reshape(-1, 30), idx[:, 1:].reshape(-1))


def gqa():
    torch.manual_seed(0); return GQANet(), (torch.randint(0, 30, (2, 10)),)


class MaskedRows(nn.Module):
    """A boolean mask with rows masked whole (a padded query attending to
    nothing): PyTorch 2.x gives those rows 0, and no NaN in the gradients."""
    def __init__(s):
        super().__init__(); s.l = nn.Linear(8, 24)
    def forward(s, x, mask):
        q, k, v = s.l(x).view(2, 5, 3, 2, 4).permute(2, 0, 3, 1, 4)
        return F.scaled_dot_product_attention(q, k, v, attn_mask=mask).pow(2).sum()


def masked_rows():
    torch.manual_seed(0)
    mask = torch.ones(2, 1, 5, 5, dtype=torch.bool); mask[1, :, 2, :] = False; mask[0, :, :, 3:] = False
    return MaskedRows(), (torch.randn(2, 5, 8), mask)


MODELS = ["nanogpt_flash", "nanogpt_flash_drop", "bert_sdpa", "gqa", "masked_rows"]
