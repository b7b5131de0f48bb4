"""Models written for the tests the way their communities write them, none
of them seen by remat before (2026-12-02): each FUNCTION() returns (model,
example_inputs) for compare.py, the importer and train.py.

- hfgpt2: Hugging Face's GPT-2: Conv1D through addmm, split qkv, the
  bool causal-mask buffer with torch.where and finfo.min, gelu_new (tanh,
  pow 3), tied embeddings, shifted cross-entropy.
- t5: a T5 encoder: T5LayerNorm (no mean, no bias, float32 variance),
  relative position buckets through an embedding, unscaled scores,
  softmax in float then type_as.
- vitcls: ViT with a class token and nn.TransformerEncoder (norm_first,
  GELU), patch embedding by a strided Conv2d.
- deepnarrow: 24 residual pre-norm SwiGLU blocks of width 32 (deep and
  narrow).
- llama_complex: Meta's LLaMA reference RoPE through complex numbers
  (torch.polar, view_as_complex, view_as_real): not supported, the
  partition leaves the graph to PyTorch.
- einsum_alibi: BLOOM-style ALiBi bias through baddbmm on a
  torch.tensor([...]) built in forward, masked_fill, einsum context,
  GELU(tanh).
- gnconv: a diffusion UNet ResBlock: GroupNorm, SiLU, a time embedding's
  scale and shift by chunk, F.pad.
- inplace_mlp: in-place ops users write: ReLU(inplace=True), y.mul_(0.5)
  on a Linear's reshaped output, y += x.
- clip: CLIP's contrastive loss: QuickGELU, the EOT token gathered by
  argmax, x / x.norm and F.normalize, logit_scale.exp(), cross-entropy both
  ways.
- retention: RetNet-style parallel retention: a decay mask from log,
  exp and a comparison, GroupNorm over heads.
- upnet: F.interpolate (nearest), a skip concatenation, Dropout2d,
  LeakyReLU.
- lora: LoRA adapters on frozen Linear layers, a frozen embedding and
  feed-forward, dropout on the adapter path.
- autocast_mlp: a block under torch.autocast("cpu", dtype=torch.bfloat16).
"""
import math, torch, torch.nn as nn, torch.nn.functional as F

class Conv1D(nn.Module):  # HF GPT-2
    def __init__(self, nf, nx):
        super().__init__(); self.nf = nf
        self.weight = nn.Parameter(torch.randn(nx, nf) * 0.02); self.bias = nn.Parameter(torch.zeros(nf))
    def forward(self, x):
        size_out = x.size()[:-1] + (self.nf,)
        x = torch.addmm(self.bias, x.view(-1, x.size(-1)), self.weight)
        return x.view(size_out)

def gelu_new(x):
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))

class HFBlock(nn.Module):
    def __init__(self, d, h, T, p):
        super().__init__(); self.h = h
        self.ln_1 = nn.LayerNorm(d); self.c_attn = Conv1D(3 * d, d); self.c_proj = Conv1D(d, d)
        self.ln_2 = nn.LayerNorm(d); self.c_fc = Conv1D(4 * d, d); self.c_proj2 = Conv1D(d, 4 * d)
        self.attn_dropout = nn.Dropout(p); self.resid_dropout = nn.Dropout(p)
        self.register_buffer("bias", torch.tril(torch.ones((T, T), dtype=torch.bool)).view(1, 1, T, T), persistent=False)
    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.c_attn(self.ln_1(x)).split(C, dim=2)
        sh = lambda t: t.view(B, T, self.h, C // self.h).permute(0, 2, 1, 3)
        q, k, v = sh(q), sh(k), sh(v)
        w = torch.matmul(q, k.transpose(-1, -2)) / torch.full([], v.size(-1) ** 0.5, dtype=q.dtype)
        mask = self.bias[:, :, :T, :T]
        w = torch.where(mask, w, torch.full([], torch.finfo(w.dtype).min, dtype=w.dtype))
        w = self.attn_dropout(nn.functional.softmax(w, dim=-1))
        a = torch.matmul(w, v).permute(0, 2, 1, 3).contiguous().view(B, T, C)
        x = x + self.resid_dropout(self.c_proj(a))
        return x + self.resid_dropout(self.c_proj2(gelu_new(self.c_fc(self.ln_2(x)))))

class HFGPT2(nn.Module):
    def __init__(self, V=128, d=64, h=4, T=32, L=2, p=0.1):
        super().__init__()
        self.wte = nn.Embedding(V, d); self.wpe = nn.Embedding(T, d); self.drop = nn.Dropout(p)
        self.h = nn.ModuleList([HFBlock(d, h, T, p) for _ in range(L)]); self.ln_f = nn.LayerNorm(d)
        self.lm_head = nn.Linear(d, V, bias=False); self.lm_head.weight = self.wte.weight
    def forward(self, ids, labels):
        pos = torch.arange(0, ids.size(-1), dtype=torch.long).unsqueeze(0)
        x = self.drop(self.wte(ids) + self.wpe(pos))
        for b in self.h: x = b(x)
        logits = self.lm_head(self.ln_f(x))
        sl = logits[..., :-1, :].contiguous(); lb = labels[..., 1:].contiguous()
        return F.cross_entropy(sl.view(-1, sl.size(-1)), lb.view(-1))

def hfgpt2():
    torch.manual_seed(0); m = HFGPT2(); ids = torch.randint(0, 128, (2, 32)); return m, (ids, ids)

class T5LayerNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__(); self.weight = nn.Parameter(torch.ones(d)); self.eps = eps
    def forward(self, x):
        var = x.to(torch.float32).pow(2).mean(-1, keepdim=True)
        return self.weight * (x * torch.rsqrt(var + self.eps))

class T5Block(nn.Module):
    def __init__(self, d=64, h=4, ff=128, buckets=8, p=0.1):
        super().__init__(); self.h = h; self.d = d
        self.q = nn.Linear(d, d, bias=False); self.k = nn.Linear(d, d, bias=False); self.v = nn.Linear(d, d, bias=False); self.o = nn.Linear(d, d, bias=False)
        self.rel = nn.Embedding(buckets, h); self.buckets = buckets
        self.ln1 = T5LayerNorm(d); self.ln2 = T5LayerNorm(d)
        self.wi = nn.Linear(d, ff, bias=False); self.wo = nn.Linear(ff, d, bias=False); self.drop = nn.Dropout(p)
    def bias(self, T):
        ctx = torch.arange(T)[:, None]; mem = torch.arange(T)[None, :]
        rp = (mem - ctx).abs().clamp(max=self.buckets - 1)
        return self.rel(rp).permute(2, 0, 1).unsqueeze(0)
    def forward(self, x):
        B, T, _ = x.shape
        hdn = self.ln1(x)
        sh = lambda t: t.view(B, T, self.h, -1).transpose(1, 2)
        q, k, v = sh(self.q(hdn)), sh(self.k(hdn)), sh(self.v(hdn))
        scores = torch.matmul(q, k.transpose(3, 2)) + self.bias(T)
        attn = self.drop(F.softmax(scores.float(), dim=-1).type_as(scores))
        out = torch.matmul(attn, v).transpose(1, 2).contiguous().view(B, T, self.d)
        x = x + self.drop(self.o(out))
        return x + self.drop(self.wo(self.drop(F.relu(self.wi(self.ln2(x))))))

class T5Enc(nn.Module):
    def __init__(s):
        super().__init__(); s.emb = nn.Embedding(100, 64); s.blocks = nn.ModuleList([T5Block() for _ in range(2)]); s.ln = T5LayerNorm(64)
    def forward(s, ids, y):
        x = s.emb(ids)
        for b in s.blocks: x = b(x)
        return F.mse_loss(s.ln(x).mean(1), y)

def t5():
    torch.manual_seed(0); return T5Enc(), (torch.randint(0, 100, (2, 24)), torch.randn(2, 64))

class ViTCls(nn.Module):
    def __init__(s, img=32, patch=8, d=64, L=2, h=4, n=10):
        super().__init__()
        s.proj = nn.Conv2d(3, d, patch, patch); N = (img // patch) ** 2
        s.cls = nn.Parameter(torch.zeros(1, 1, d)); s.pos = nn.Parameter(torch.randn(1, N + 1, d) * .02)
        layer = nn.TransformerEncoderLayer(d, h, 4 * d, dropout=0.0, activation="gelu", batch_first=True, norm_first=True)
        s.enc = nn.TransformerEncoder(layer, L); s.norm = nn.LayerNorm(d); s.head = nn.Linear(d, n)
    def forward(s, x, y):
        x = s.proj(x).flatten(2).transpose(1, 2)
        x = torch.cat([s.cls.expand(x.shape[0], -1, -1), x], dim=1) + s.pos
        x = s.norm(s.enc(x))
        return F.cross_entropy(s.head(x[:, 0]), y)

def vitcls():
    torch.manual_seed(0); return ViTCls(), (torch.randn(2, 3, 32, 32), torch.tensor([1, 7]))

class SwiGLUFFN(nn.Module):
    def __init__(s, d=64, hdim=172):
        super().__init__(); s.w1 = nn.Linear(d, hdim, bias=False); s.w2 = nn.Linear(hdim, d, bias=False); s.w3 = nn.Linear(d, hdim, bias=False)
    def forward(s, x): return s.w2(F.silu(s.w1(x)) * s.w3(x))

class DeepNarrow(nn.Module):  # deep and narrow residual MLP stack
    def __init__(s, d=32, L=24):
        super().__init__(); s.layers = nn.ModuleList([nn.Sequential(nn.LayerNorm(d), SwiGLUFFN(d, 3 * d)) for _ in range(L)])
    def forward(s, x):
        for l in s.layers: x = x + l(x)
        return x.pow(2).mean()

def deepnarrow():
    torch.manual_seed(0); return DeepNarrow(), (torch.randn(8, 16, 32),)

class LlamaComplexRoPE(nn.Module):  # Meta's reference: RoPE through complex numbers
    def __init__(s, d=64, h=4, T=16):
        super().__init__(); s.h = h; s.wq = nn.Linear(d, d, bias=False); s.wk = nn.Linear(d, d, bias=False); s.wv = nn.Linear(d, d, bias=False); s.wo = nn.Linear(d, d, bias=False)
        hd = d // h; freqs = 1.0 / (10000 ** (torch.arange(0, hd, 2).float() / hd)); t = torch.arange(T).float()
        s.register_buffer("fc", torch.polar(torch.ones(T, hd // 2), torch.outer(t, freqs)), persistent=False)
    def forward(s, x):
        B, T, D = x.shape; hd = D // s.h
        q, k, v = s.wq(x).view(B, T, s.h, hd), s.wk(x).view(B, T, s.h, hd), s.wv(x).view(B, T, s.h, hd)
        qc = torch.view_as_complex(q.float().reshape(B, T, s.h, -1, 2)); kc = torch.view_as_complex(k.float().reshape(B, T, s.h, -1, 2))
        fc = s.fc[:T].view(1, T, 1, hd // 2)
        q = torch.view_as_real(qc * fc).flatten(3).type_as(x); k = torch.view_as_real(kc * fc).flatten(3).type_as(x)
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        sc = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(hd)
        sc = sc + torch.triu(torch.full((T, T), float("-inf")), diagonal=1)
        o = torch.matmul(F.softmax(sc.float(), dim=-1).type_as(q), v).transpose(1, 2).contiguous().view(B, T, -1)
        return s.wo(o).pow(2).sum()

def llama_complex():
    torch.manual_seed(0); return LlamaComplexRoPE(), (torch.randn(2, 16, 64),)

class EinsumAlibi(nn.Module):  # BLOOM-ish: baddbmm with alibi, masked_fill, einsum
    def __init__(s, d=64, h=4):
        super().__init__(); s.h = h; s.qkv = nn.Linear(d, 3 * d); s.dense = nn.Linear(d, d); s.ln = nn.LayerNorm(d)
        s.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(approximate="tanh"), nn.Linear(4 * d, d))
    def forward(s, x):
        B, T, D = x.shape; hd = D // s.h
        slopes = torch.tensor([2 ** (-8 * (i + 1) / s.h) for i in range(s.h)])
        alibi = (slopes[:, None] * torch.arange(T)[None, :]).repeat(B, 1, 1).view(B * s.h, 1, T)
        q, k, v = s.qkv(s.ln(x)).view(B, T, s.h, 3, hd).unbind(3)
        q = q.transpose(1, 2).reshape(B * s.h, T, hd); k = k.permute(0, 2, 3, 1).reshape(B * s.h, hd, T)
        scores = torch.baddbmm(alibi, q, k, beta=1.0, alpha=1.0 / math.sqrt(hd)).view(B, s.h, T, T)
        mask = torch.triu(torch.ones(T, T, dtype=torch.bool), 1)
        scores = scores.masked_fill(mask, torch.finfo(scores.dtype).min)
        p = F.softmax(scores, dim=-1)
        ctx = torch.einsum("bhqk,bkhd->bqhd", p, v).reshape(B, T, D)
        x = x + s.dense(ctx)
        return (x + s.mlp(x)).square().mean()

def einsum_alibi():
    torch.manual_seed(0); return EinsumAlibi(), (torch.randn(2, 16, 64),)

class GNConvNet(nn.Module):  # diffusion-UNet-style ResBlock: GroupNorm, SiLU, time embedding, F.pad, chunk
    def __init__(s, c=32):
        super().__init__(); s.inp = nn.Conv2d(3, c, 3, padding=1); s.t = nn.Linear(16, 2 * c)
        s.n1 = nn.GroupNorm(8, c); s.c1 = nn.Conv2d(c, c, 3, padding=1); s.n2 = nn.GroupNorm(8, c); s.c2 = nn.Conv2d(c, c, 3); s.out = nn.Conv2d(c, 3, 1)
    def forward(s, x, temb):
        h0 = s.inp(x)
        h = s.c1(F.silu(s.n1(h0)))
        scale, shift = s.t(F.silu(temb))[:, :, None, None].chunk(2, dim=1)
        h = s.n2(h) * (1 + scale) + shift
        h = s.c2(F.pad(F.silu(h), (1, 1, 1, 1), mode="constant"))
        h = h0 + h
        return F.mse_loss(s.out(h), x)

def gnconv():
    torch.manual_seed(0); return GNConvNet(), (torch.randn(2, 3, 16, 16), torch.randn(2, 16))

class InplaceMLP(nn.Module):  # in-place ops users write
    def __init__(s, d=64):
        super().__init__(); s.a = nn.Linear(d, 4 * d); s.b = nn.Linear(4 * d, d); s.act = nn.ReLU(inplace=True); s.drop = nn.Dropout(0.1)
    def forward(s, x):
        y = s.a(x); y = s.act(y); y = s.drop(y); y = s.b(y)
        y.mul_(0.5); y += x
        return y.pow(2).mean()

def inplace_mlp():
    torch.manual_seed(0); return InplaceMLP(), (torch.randn(4, 8, 64),)


class QuickGELU(nn.Module):
    def forward(self, x): return x * torch.sigmoid(1.702 * x)

class CLIPTiny(nn.Module):
    def __init__(s, d=32, V=50, T=12):
        super().__init__()
        s.tok = nn.Embedding(V, d); s.pos = nn.Parameter(torch.randn(T, d) * .01)
        s.txt = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 4 * d), QuickGELU(), nn.Linear(4 * d, d))
        s.img = nn.Sequential(nn.Conv2d(3, d, 4, 4), nn.Flatten(2))
        s.logit_scale = nn.Parameter(torch.ones([]) * math.log(1 / 0.07))
    def forward(s, ids, img):
        t = s.tok(ids) + s.pos
        t = t + s.txt(t)
        t = t[torch.arange(t.shape[0]), ids.argmax(dim=-1)]
        i = s.img(img).mean(-1)
        t = t / t.norm(dim=1, keepdim=True); i = F.normalize(i, dim=-1)
        logits = s.logit_scale.exp() * i @ t.t()
        labels = torch.arange(ids.shape[0])
        return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.t(), labels)) / 2

def clip():
    torch.manual_seed(0); return CLIPTiny(), (torch.randint(0, 50, (4, 12)), torch.randn(4, 3, 16, 16))

class Retention(nn.Module):  # RetNet-ish parallel retention: decay mask from exp/cumsum-free arange
    def __init__(s, d=32, h=4):
        super().__init__(); s.h = h; s.qkv = nn.Linear(d, 3 * d, bias=False); s.o = nn.Linear(d, d, bias=False); s.gn = nn.GroupNorm(h, d)
        s.gamma = 1 - 2 ** (-5 - torch.arange(h, dtype=torch.float))
    def forward(s, x):
        B, T, D = x.shape
        q, k, v = s.qkv(x).view(B, T, 3, s.h, D // s.h).permute(2, 0, 3, 1, 4)
        n = torch.arange(T)
        decay = torch.log(s.gamma)[:, None, None] * (n[:, None] - n[None, :]).clamp(min=0)
        mask = torch.exp(decay) * (n[:, None] >= n[None, :])
        r = (q @ k.transpose(-1, -2)) * mask
        r = r / r.abs().sum(-1, keepdim=True).clamp(min=1)
        o = (r @ v).transpose(1, 2).reshape(B * T, D)
        return s.o(s.gn(o).view(B, T, D)).pow(2).mean()

def retention():
    torch.manual_seed(0); return Retention(), (torch.randn(2, 10, 32),)

class UpNet(nn.Module):  # interpolate up, skip cat, dropout2d, leaky relu
    def __init__(s):
        super().__init__(); s.d = nn.Conv2d(3, 16, 3, 2, 1); s.u = nn.Conv2d(16 + 3, 8, 3, padding=1); s.drop = nn.Dropout2d(0.1); s.o = nn.Conv2d(8, 1, 1)
    def forward(s, x):
        h = F.leaky_relu(s.d(x), 0.2)
        h = F.interpolate(h, scale_factor=2, mode="nearest")
        h = s.drop(F.leaky_relu(s.u(torch.cat([h, x], 1)), 0.2))
        return torch.sigmoid(s.o(h)).mean()

def upnet():
    torch.manual_seed(0); return UpNet(), (torch.randn(2, 3, 16, 16),)

class LoRALinear(nn.Module):
    def __init__(s, i, o, r=4, alpha=8):
        super().__init__(); s.base = nn.Linear(i, o); s.base.weight.requires_grad_(False); s.base.bias.requires_grad_(False)
        s.A = nn.Parameter(torch.randn(r, i) * 0.01); s.B = nn.Parameter(torch.zeros(o, r)); s.scale = alpha / r; s.drop = nn.Dropout(0.05)
    def forward(s, x): return s.base(x) + (s.drop(x) @ s.A.t() @ s.B.t()) * s.scale

class LoRAModel(nn.Module):
    def __init__(s, d=64):
        super().__init__(); s.emb = nn.Embedding(100, d); s.emb.weight.requires_grad_(False)
        s.q = LoRALinear(d, d); s.v = LoRALinear(d, d); s.ff = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
        for p in s.ff.parameters(): p.requires_grad_(False)
        s.ln = nn.LayerNorm(d); s.head = nn.Linear(d, 100)
    def forward(s, ids):
        x = s.emb(ids)
        a = F.softmax(s.q(x) @ x.transpose(1, 2) / 8.0, -1) @ s.v(x)
        x = s.ln(x + a); x = x + s.ff(x)
        logits = s.head(x)
        loss = F.cross_entropy(logits[:, :-1].reshape(-1, 100), ids[:, 1:].reshape(-1))
        return loss

def lora():
    torch.manual_seed(0); return LoRAModel(), (torch.randint(0, 100, (4, 16)),)

class AutocastMLP(nn.Module):
    def __init__(s, d=64):
        super().__init__(); s.l1 = nn.Linear(d, 4 * d); s.l2 = nn.Linear(4 * d, d); s.ln = nn.LayerNorm(d)
    def forward(s, x):
        with torch.autocast("cpu", dtype=torch.bfloat16):
            h = s.l2(F.gelu(s.l1(s.ln(x))))
        return (x + h.float()).pow(2).mean()

def autocast_mlp():
    torch.manual_seed(0); return AutocastMLP(), (torch.randn(4, 16, 64),)
