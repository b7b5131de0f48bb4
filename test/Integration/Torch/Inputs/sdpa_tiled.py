"""F.scaled_dot_product_attention at sequence lengths where tiling pays,
written as nanoGPT, Hugging Face LLaMA and BERT (attn_implementation="sdpa"),
timm's ViT (fused_attn) and Whisper's cross-attention write it (PyTorch 2.x:
make check-torch2). On the CPU PyTorch runs its fused flash kernel, or, with
dropout, the math path (_safe_softmax); -remat-tile-attention tiles both.
causal() and masked() are the sources of test/Transforms/Inputs/attention-
sdpa-{causal,masked}.mlir."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class Causal(nn.Module):
    """One causal attention (is_causal: the importer's index-based mask)."""
    def __init__(s):
        super().__init__(); s.l = nn.Linear(8, 24)
    def forward(s, x):
        q, k, v = s.l(x).view(2, 16, 3, 2, 4).permute(2, 0, 3, 1, 4)
        return F.scaled_dot_product_attention(q, k, v, is_causal=True).pow(2).sum()


class Masked(nn.Module):
    """A boolean mask made in the graph: batch 0 sees keys < 11, batch 1's
    query 2 sees nothing (a row masked whole: 0, not NaN)."""
    def __init__(s):
        super().__init__(); s.l = nn.Linear(8, 24)
    def forward(s, x):
        q, k, v = s.l(x).view(2, 16, 3, 2, 4).permute(2, 0, 3, 1, 4)
        qi = torch.arange(16).view(1, 1, 16, 1); ki = torch.arange(16).view(1, 1, 1, 16)
        b = torch.arange(2).view(2, 1, 1, 1)
        mask = ((b == 0) & (ki < 11)) | ((b == 1) & (qi != 2))
        return F.scaled_dot_product_attention(q, k, v, attn_mask=mask).pow(2).sum()


def causal():
    torch.manual_seed(0); return Causal(), (torch.randn(2, 16, 8),)


def masked():
    torch.manual_seed(0); return Masked(), (torch.randn(2, 16, 8),)


class NanoBlock(nn.Module):
    """nanoGPT's CausalSelfAttention (flash path) and MLP."""
    def __init__(s, c=32, h=4, dropout=0.0):
        super().__init__(); s.c_attn = nn.Linear(c, 3 * c); s.c_proj = nn.Linear(c, c); s.h = h; s.dropout = dropout
        s.ln_1 = nn.LayerNorm(c); s.ln_2 = nn.LayerNorm(c)
        s.mlp = nn.Sequential(nn.Linear(c, 4 * c), nn.GELU(), nn.Linear(4 * c, c))
    def attn(s, x):
        B, T, C = x.size()
        q, k, v = s.c_attn(x).split(C, dim=2)
        q, k, v = (t.view(B, T, s.h, C // s.h).transpose(1, 2) for t in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=None,
                                           dropout_p=s.dropout if s.training else 0, is_causal=True)
        return s.c_proj(y.transpose(1, 2).contiguous().view(B, T, C))
    def forward(s, x):
        x = x + s.attn(s.ln_1(x))
        return x + s.mlp(s.ln_2(x))


class NanoGPT(nn.Module):
    def __init__(s, T=64, dropout=0.0):
        super().__init__(); s.wte = nn.Embedding(40, 32); s.wpe = nn.Embedding(T, 32)
        s.h = nn.ModuleList([NanoBlock(dropout=dropout)]); s.ln_f = nn.LayerNorm(32); s.lm_head = nn.Linear(32, 40, bias=False)
    def forward(s, idx):
        x = s.wte(idx) + s.wpe(torch.arange(idx.shape[1]))
        for b in s.h:
            x = b(x)
        logits = s.lm_head(s.ln_f(x))
        return F.cross_entropy(logits.view(-1, 40), idx.roll(-1, 1).view(-1))


def nanogpt_t64():
    torch.manual_seed(1); return NanoGPT(), (torch.randint(0, 40, (2, 64)),)


def nanogpt_t64_drop():
    torch.manual_seed(1); return NanoGPT(dropout=0.1), (torch.randint(0, 40, (2, 64)),)


def rotate_half(x):
    x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


class LlamaSdpaAttention(nn.Module):
    """Hugging Face LlamaSdpaAttention: rotary embeddings, repeat_kv for
    grouped-query attention, is_causal when no mask is given."""
    def __init__(s, d=32, heads=4, kv_heads=2, T=64):
        super().__init__(); s.h, s.kv, s.hd = heads, kv_heads, d // heads
        s.q_proj = nn.Linear(d, d, bias=False); s.k_proj = nn.Linear(d, kv_heads * s.hd, bias=False)
        s.v_proj = nn.Linear(d, kv_heads * s.hd, bias=False); s.o_proj = nn.Linear(d, d, bias=False)
        inv = 1.0 / (10000 ** (torch.arange(0, s.hd, 2).float() / s.hd))
        freqs = torch.outer(torch.arange(T).float(), inv)
        emb = torch.cat((freqs, freqs), dim=-1)
        s.register_buffer("cos", emb.cos(), persistent=False); s.register_buffer("sin", emb.sin(), persistent=False)
    def forward(s, x):
        B, T, _ = x.shape
        q = s.q_proj(x).view(B, T, s.h, s.hd).transpose(1, 2)
        k = s.k_proj(x).view(B, T, s.kv, s.hd).transpose(1, 2)
        v = s.v_proj(x).view(B, T, s.kv, s.hd).transpose(1, 2)
        cos, sin = s.cos[:T][None, None], s.sin[:T][None, None]
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        rep = s.h // s.kv
        k = k[:, :, None].expand(B, s.kv, rep, T, s.hd).reshape(B, s.h, T, s.hd)
        v = v[:, :, None].expand(B, s.kv, rep, T, s.hd).reshape(B, s.h, T, s.hd)
        a = F.scaled_dot_product_attention(q, k, v, attn_mask=None, dropout_p=0.0, is_causal=T > 1)
        return s.o_proj(a.transpose(1, 2).reshape(B, T, -1))


class RMSNorm(nn.Module):
    def __init__(s, d, eps=1e-6):
        super().__init__(); s.weight = nn.Parameter(torch.ones(d)); s.eps = eps
    def forward(s, x):
        return s.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + s.eps))


class Llama(nn.Module):
    def __init__(s):
        super().__init__(); s.embed = nn.Embedding(40, 32); s.norm1 = RMSNorm(32); s.attn = LlamaSdpaAttention()
        s.norm2 = RMSNorm(32); s.gate = nn.Linear(32, 64, bias=False); s.up = nn.Linear(32, 64, bias=False)
        s.down = nn.Linear(64, 32, bias=False); s.norm = RMSNorm(32); s.lm_head = nn.Linear(32, 40, bias=False)
    def forward(s, idx):
        x = s.embed(idx)
        x = x + s.attn(s.norm1(x))
        h = s.norm2(x)
        x = x + s.down(F.silu(s.gate(h)) * s.up(h))
        return F.cross_entropy(s.lm_head(s.norm(x))[:, :-1].reshape(-1, 40), idx[:, 1:].reshape(-1))


def llama_t64():
    torch.manual_seed(2); return Llama(), (torch.randint(0, 40, (2, 64)),)


class BertSdpaSelfAttention(nn.Module):
    """Hugging Face BertSdpaSelfAttention with an extended padding mask
    (finfo.min where padded), as a float attn_mask."""
    def __init__(s, d=32, h=4):
        super().__init__(); s.h = h; s.query = nn.Linear(d, d); s.key = nn.Linear(d, d); s.value = nn.Linear(d, d)
        s.dense = nn.Linear(d, d); s.LayerNorm = nn.LayerNorm(d, eps=1e-12)
    def forward(s, x, ext):
        B, T, C = x.shape
        split = lambda t: t.view(B, T, s.h, C // s.h).permute(0, 2, 1, 3)
        a = F.scaled_dot_product_attention(split(s.query(x)), split(s.key(x)), split(s.value(x)), attn_mask=ext)
        return s.LayerNorm(x + s.dense(a.permute(0, 2, 1, 3).reshape(B, T, C)))


class Bert(nn.Module):
    def __init__(s):
        super().__init__(); s.word = nn.Embedding(50, 32); s.pos = nn.Embedding(48, 32); s.att = BertSdpaSelfAttention()
        s.inter = nn.Linear(32, 64); s.out = nn.Linear(64, 32); s.ln = nn.LayerNorm(32, eps=1e-12); s.cls = nn.Linear(32, 2)
    def forward(s, ids, attention_mask, labels):
        x = s.word(ids) + s.pos(torch.arange(ids.shape[1]))
        ext = (1.0 - attention_mask[:, None, None, :].to(x.dtype)) * torch.finfo(x.dtype).min
        x = s.att(x, ext)
        x = s.ln(x + s.out(F.gelu(s.inter(x))))
        return F.cross_entropy(s.cls(x[:, 0]), labels)


def bert_t48():
    torch.manual_seed(3)
    mask = torch.ones(2, 48, dtype=torch.long); mask[1, 30:] = 0
    return Bert(), (torch.randint(0, 50, (2, 48)), mask, torch.tensor([1, 0]))


class VitAttention(nn.Module):
    """timm's Attention with fused_attn: one qkv projection, no mask, 50
    tokens (7 x 7 patches and the class token): blocks of 16 are evened out."""
    def __init__(s, dim=32, heads=4):
        super().__init__(); s.h = heads; s.qkv = nn.Linear(dim, dim * 3); s.proj = nn.Linear(dim, dim)
    def forward(s, x):
        B, N, C = x.shape
        qkv = s.qkv(x).reshape(B, N, 3, s.h, C // s.h).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        x = F.scaled_dot_product_attention(q, k, v, dropout_p=0.0)
        return s.proj(x.transpose(1, 2).reshape(B, N, C))


class Vit(nn.Module):
    def __init__(s):
        super().__init__(); s.patch = nn.Conv2d(3, 32, 4, 4); s.cls_token = nn.Parameter(torch.zeros(1, 1, 32))
        s.pos = nn.Parameter(torch.randn(1, 50, 32) * 0.02); s.norm1 = nn.LayerNorm(32); s.attn = VitAttention()
        s.norm2 = nn.LayerNorm(32); s.mlp = nn.Sequential(nn.Linear(32, 64), nn.GELU(), nn.Linear(64, 32)); s.head = nn.Linear(32, 5)
    def forward(s, img, y):
        x = s.patch(img).flatten(2).transpose(1, 2)
        x = torch.cat([s.cls_token.expand(x.shape[0], -1, -1), x], dim=1) + s.pos
        x = x + s.attn(s.norm1(x))
        x = x + s.mlp(s.norm2(x))
        return F.cross_entropy(s.head(x[:, 0]), y)


def vit_t50():
    torch.manual_seed(4); return Vit(), (torch.randn(2, 3, 28, 28), torch.tensor([1, 3]))


class WhisperCross(nn.Module):
    """Whisper's decoder cross-attention through SDPA: 24 text queries over
    40 audio frames (query and key lengths differ), q scaled by Whisper's
    own factor."""
    def __init__(s, d=32, h=4):
        super().__init__(); s.h = h; s.q = nn.Linear(d, d); s.k = nn.Linear(d, d, bias=False); s.v = nn.Linear(d, d)
        s.out = nn.Linear(d, d); s.ln = nn.LayerNorm(d); s.enc = nn.Linear(16, d); s.head = nn.Linear(d, 10)
    def forward(s, text, audio):
        B, T, C = text.shape
        mem = F.gelu(s.enc(audio))
        q = s.q(s.ln(text)).view(B, T, s.h, -1).permute(0, 2, 1, 3)
        k = s.k(mem).view(B, mem.shape[1], s.h, -1).permute(0, 2, 1, 3)
        v = s.v(mem).view(B, mem.shape[1], s.h, -1).permute(0, 2, 1, 3)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=False)
        x = text + s.out(a.permute(0, 2, 1, 3).flatten(start_dim=2))
        return s.head(x).logsumexp(-1).mean()


def whisper_cross():
    torch.manual_seed(5); return WhisperCross(), (torch.randn(2, 24, 32), torch.randn(2, 40, 16))


# The models tiled in 16 x 16 blocks (causal and masked are 16 long: one
# block would raise their peak; the lit tests tile them in blocks of 4).
# More variants as their sources write them (2026-12-05): Mistral's sliding
# window as a bool mask, ALiBi's float bias with an explicit scale,
# enable_gqa=True, cross-attention with a key padding mask, Qwen3's
# per-head q/k RMS norm, a causal float mask from torch.triu.

FRESH_T = 64

def fresh_qkv(l, x, h, kvh=None):
    B, T_, C = x.shape
    d = C // h
    kvh = kvh or h
    y = l(x)
    q, k, v = y.split([h * d, kvh * d, kvh * d], dim=2)
    q = q.view(B, T_, h, d).transpose(1, 2)
    k = k.view(B, T_, kvh, d).transpose(1, 2)
    v = v.view(B, T_, kvh, d).transpose(1, 2)
    return q, k, v


class Mistral(nn.Module):
    """Sliding-window causal attention as a bool mask made from aranges."""
    def __init__(s, c=32, h=4, w=20):
        super().__init__(); s.l = nn.Linear(c, 3 * c); s.o = nn.Linear(c, c); s.h = h; s.w = w
    def forward(s, x):
        B, T_, C = x.shape
        q, k, v = fresh_qkv(s.l, x, s.h)
        i = torch.arange(T_).view(-1, 1); j = torch.arange(T_).view(1, -1)
        mask = (j <= i) & (i - j < s.w)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return s.o(y.transpose(1, 2).reshape(B, T_, C)).pow(2).mean()


class Alibi(nn.Module):
    """ALiBi: a float bias slopes * (j - i) plus a causal -inf, explicit scale."""
    def __init__(s, c=32, h=4):
        super().__init__(); s.l = nn.Linear(c, 3 * c); s.h = h
        s.register_buffer("slopes", torch.tensor([2 ** (-8 * (n + 1) / h) for n in range(h)]).view(1, h, 1, 1))
    def forward(s, x):
        B, T_, C = x.shape
        q, k, v = fresh_qkv(s.l, x, s.h)
        i = torch.arange(T_).view(-1, 1); j = torch.arange(T_).view(1, -1)
        bias = s.slopes * (j - i).float()
        bias = bias.masked_fill(j > i, float("-inf"))
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=bias, scale=0.3)
        return y.pow(2).sum()


class GQA(nn.Module):
    """enable_gqa=True (PyTorch 2.5+): 4 query heads share 2 key/value heads."""
    def __init__(s, c=32, h=4, kvh=2):
        super().__init__(); s.h = h; s.kvh = kvh; d = c // h
        s.l = nn.Linear(c, (h + 2 * kvh) * d)
    def forward(s, x):
        q, k, v = fresh_qkv(s.l, x, s.h, s.kvh)
        return F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True).pow(2).sum()


class CrossPad(nn.Module):
    """Cross-attention, 24 queries over 40 keys, a key padding mask (B,1,1,S)."""
    def __init__(s, c=32, h=4):
        super().__init__(); s.q = nn.Linear(c, c); s.kv = nn.Linear(c, 2 * c); s.h = h
    def forward(s, x, mem, keep):
        B, Tq, C = x.shape; S = mem.shape[1]; d = C // s.h
        q = s.q(x).view(B, Tq, s.h, d).transpose(1, 2)
        k, v = s.kv(mem).view(B, S, 2, s.h, d).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=keep.view(B, 1, 1, S))
        return y.pow(2).sum()


class QKNorm(nn.Module):
    """Qwen3/OLMo-2 style: RMS-normalized q and k per head, then causal SDPA."""
    def __init__(s, c=32, h=4):
        super().__init__(); s.l = nn.Linear(c, 3 * c); s.h = h
        s.qn = nn.Parameter(torch.ones(c // h)); s.kn = nn.Parameter(torch.ones(c // h))
    def rms(s, t, w):
        return t * torch.rsqrt(t.pow(2).mean(-1, keepdim=True) + 1e-6) * w
    def forward(s, x):
        q, k, v = fresh_qkv(s.l, x, s.h)
        q, k = s.rms(q, s.qn), s.rms(k, s.kn)
        return F.scaled_dot_product_attention(q, k, v, is_causal=True).pow(2).sum()


class TriuMask(nn.Module):
    """A causal float mask from torch.triu(full(-inf), 1), is_causal=False."""
    def __init__(s, c=32, h=4):
        super().__init__(); s.l = nn.Linear(c, 3 * c); s.h = h
    def forward(s, x):
        T_ = x.shape[1]
        q, k, v = fresh_qkv(s.l, x, s.h)
        m = torch.triu(torch.full((T_, T_), float("-inf")), diagonal=1)
        return F.scaled_dot_product_attention(q, k, v, attn_mask=m).pow(2).sum()


class PadRowFmin(nn.Module):
    """A float mask with a query row masked whole by finfo.min (Hugging
    Face's padding): the fused CPU kernel's backward recomputes P' = exp(x
    - lse), and lse = finfo.min + log l rounds to finfo.min, so that row's
    P' is 1, not 1/T. Tiled, it must give PyTorch's gradient (session 31:
    the tiles computed the exact softmax there, 50% off PyTorch)."""
    def __init__(s, c=32, h=4):
        super().__init__(); s.l = nn.Linear(c, 3 * c); s.h = h
    def forward(s, x, mask):
        q, k, v = fresh_qkv(s.l, x, s.h)
        return F.scaled_dot_product_attention(q, k, v, attn_mask=mask).pow(2).sum()


def padrow_fmin():
    torch.manual_seed(0)
    mask = torch.zeros(2, 1, FRESH_T, FRESH_T)
    mask[0, :, 0, :] = torch.finfo(torch.float32).min
    mask[1, :, :, FRESH_T - 5:] = torch.finfo(torch.float32).min
    return PadRowFmin(), (torch.randn(2, FRESH_T, 32), mask)


def mistral(): torch.manual_seed(0); return Mistral(), (torch.randn(2, FRESH_T, 32),)
def alibi(): torch.manual_seed(0); return Alibi(), (torch.randn(2, FRESH_T, 32),)
def gqa(): torch.manual_seed(0); return GQA(), (torch.randn(2, FRESH_T, 32),)
def crosspad():
    torch.manual_seed(0)
    keep = torch.ones(2, 40, dtype=torch.bool); keep[1, 30:] = False
    return CrossPad(), (torch.randn(2, 24, 32), torch.randn(2, 40, 32), keep)
def qknorm(): torch.manual_seed(0); return QKNorm(), (torch.randn(2, FRESH_T, 32),)
def triumask(): torch.manual_seed(0); return TriuMask(), (torch.randn(2, FRESH_T, 32),)

MODELS = ["nanogpt_t64", "nanogpt_t64_drop", "llama_t64", "bert_t48", "vit_t50", "whisper_cross",
          "mistral", "alibi", "gqa", "crosspad", "qknorm", "triumask", "padrow_fmin"]
