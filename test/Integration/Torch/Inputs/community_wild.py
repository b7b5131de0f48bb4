"""Models written the way their communities write them, none of them
seen by remat before (2026-12-03): each FUNCTION() returns (model,
example_inputs) for compare.py, the importer and train.py.

- whisper: Whisper's audio encoder: Conv1d stem with GELU, a sinusoidal
  position buffer, q and k scaled by hd^-0.25, k without bias, softmax in
  float then back. Its GELU backward reads a transposed gradient, where
  Debian's PyTorch 1.13 f32 kernel is wrong (compare.py checks against
  f64 then); gelu_t is that op alone.
- neox: GPT-NeoX / Pythia: parallel residual, partial rotary on the first
  dims, fused qkv split by slicing, torch.where with a bool tril buffer.
- falcon: multi-query attention (k and v expanded over heads), dropout
  after softmax, masked_fill with -inf from a triu mask built in forward.
- distilbert: DistilBERT: padding mask (mask == 0).view().expand_as,
  finfo.min fill, dropout, tanh pooler on the first token, cross-entropy.
- gemma: Gemma: RMSNorm with (1 + weight) in float, GeGLU (tanh GELU),
  embedding scaled by sqrt(d), tied output embedding, logit soft-capping.
- yolo: YOLOv5's C3 and SPPF (max pooling k5 s1 three times), nearest
  upsampling, Conv-BN-SiLU.
- densenet: DenseNet-BC: BN-ReLU-Conv on concatenated features, average
  pooling transition, adaptive average pooling.
- wavenet: WaveNet: dilated causal Conv1d with a left F.pad, gated
  tanh * sigmoid on chunks, skip and residual 1x1 convolutions.
- ssm: a Mamba-style selective scan unrolled over 12 steps (deep and
  narrow: 3,300 ops for 12 x 8 values).
- perceiver: latents (an expanded parameter) cross-attending to the
  inputs with nn.MultiheadAttention (8 x 20 scores), logsumexp.
- gat: a graph attention network on a dense adjacency: LeakyReLU, -9e15
  through torch.where, softmax, dropout, ELU, NLL of log_softmax.
- vae: a VAE: randn_like reparameterization, BCE with logits, KL.
- dcgan: DCGAN's generator: ConvTranspose2d, BatchNorm, Tanh, MSE.
- seq2seq: nn.GRU with cross-entropy using ignore_index and
  label_smoothing.
- view_inplace: t_, unsqueeze_ and transpose_ in user code.
- bilstm: nn.LSTM, 2 layers, bidirectional, batch_first.
"""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


# --- Whisper-style audio encoder: conv1d stem, sinusoidal buffer, pre-LN, k_proj without bias
def sinusoids(length, channels, max_timescale=10000):
    inc = math.log(max_timescale) / (channels // 2 - 1)
    inv = torch.exp(-inc * torch.arange(channels // 2))
    t = torch.arange(length)[:, None] * inv[None, :]
    return torch.cat([torch.sin(t), torch.cos(t)], dim=1)


class WhisperAttn(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.h = h
        self.q = nn.Linear(d, d); self.k = nn.Linear(d, d, bias=False); self.v = nn.Linear(d, d); self.o = nn.Linear(d, d)

    def forward(self, x):
        B, T, C = x.shape
        scale = (C // self.h) ** -0.25
        q = self.q(x).view(B, T, self.h, -1).permute(0, 2, 1, 3) * scale
        k = self.k(x).view(B, T, self.h, -1).permute(0, 2, 3, 1) * scale
        v = self.v(x).view(B, T, self.h, -1).permute(0, 2, 1, 3)
        w = (q @ k).float().softmax(dim=-1).to(q.dtype)
        return self.o((w @ v).permute(0, 2, 1, 3).flatten(start_dim=2))


class WhisperEnc(nn.Module):
    def __init__(self, mels=8, d=32, h=4, T=16, layers=2):
        super().__init__()
        self.conv1 = nn.Conv1d(mels, d, 3, padding=1)
        self.conv2 = nn.Conv1d(d, d, 3, stride=2, padding=1)
        self.register_buffer("pos", sinusoids(T // 2, d))
        self.blocks = nn.ModuleList()
        for _ in range(layers):
            self.blocks.append(nn.ModuleDict(dict(ln1=nn.LayerNorm(d), attn=WhisperAttn(d, h), ln2=nn.LayerNorm(d),
                                                  mlp=nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d)))))
        self.ln = nn.LayerNorm(d)

    def forward(self, x):
        x = F.gelu(self.conv1(x))
        x = F.gelu(self.conv2(x))
        x = x.permute(0, 2, 1)
        x = (x + self.pos).to(x.dtype)
        for b in self.blocks:
            x = x + b["attn"](b["ln1"](x))
            x = x + b["mlp"](b["ln2"](x))
        return self.ln(x).pow(2).mean()


def whisper():
    torch.manual_seed(0)
    return WhisperEnc(), (torch.randn(2, 8, 16),)


# --- GPT-NeoX / Pythia: parallel residual, partial rotary, fused qkv split by view
class NeoXBlock(nn.Module):
    def __init__(self, d=32, h=4, rot=4):
        super().__init__()
        self.h, self.hd, self.rot = h, d // h, rot
        self.ln1 = nn.LayerNorm(d); self.ln2 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d); self.dense = nn.Linear(d, d)
        self.fc1 = nn.Linear(d, 4 * d); self.fc2 = nn.Linear(4 * d, d)
        inv = 1.0 / (10000 ** (torch.arange(0, rot, 2).float() / rot))
        t = torch.arange(16).float()
        f = torch.einsum("i,j->ij", t, inv)
        emb = torch.cat((f, f), dim=-1)
        self.register_buffer("cos", emb.cos()[None, None])
        self.register_buffer("sin", emb.sin()[None, None])
        self.register_buffer("bias", torch.tril(torch.ones(16, 16, dtype=torch.bool)).view(1, 1, 16, 16))

    def forward(self, x):
        B, T, C = x.shape
        qkv = self.qkv(self.ln1(x)).view(B, T, self.h, 3 * self.hd).permute(0, 2, 1, 3)
        q, k, v = qkv[..., :self.hd], qkv[..., self.hd:2 * self.hd], qkv[..., 2 * self.hd:]
        def rope(t):
            tr, tp = t[..., :self.rot], t[..., self.rot:]
            x1, x2 = tr[..., : tr.shape[-1] // 2], tr[..., tr.shape[-1] // 2:]
            rh = torch.cat((-x2, x1), dim=-1)
            return torch.cat((tr * self.cos[:, :, :T] + rh * self.sin[:, :, :T], tp), dim=-1)
        q, k = rope(q), rope(k)
        s = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.hd)
        mask_value = torch.finfo(s.dtype).min
        s = torch.where(self.bias[:, :, :T, :T], s, torch.tensor(mask_value, dtype=s.dtype))
        p = F.softmax(s, dim=-1)
        a = torch.matmul(p, v).permute(0, 2, 1, 3).contiguous().view(B, T, C)
        return x + self.dense(a) + self.fc2(F.gelu(self.fc1(self.ln2(x))))


class NeoX(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, 32)
        self.blocks = nn.Sequential(NeoXBlock(), NeoXBlock())
        self.out = nn.Linear(32, 50, bias=False)

    def forward(self, idx, tgt):
        return F.cross_entropy(self.out(self.blocks(self.emb(idx))).view(-1, 50), tgt.view(-1))


def neox():
    torch.manual_seed(0)
    idx = torch.randint(0, 50, (2, 16))
    return NeoX(), (idx, torch.roll(idx, 1, 1))


# --- Falcon-style multi-query attention with expand, dropout after softmax, bf16-free
class MQA(nn.Module):
    def __init__(self, d=32, h=4):
        super().__init__()
        self.h, self.hd = h, d // h
        self.q = nn.Linear(d, d, bias=False); self.kv = nn.Linear(d, 2 * self.hd, bias=False)
        self.o = nn.Linear(d, d, bias=False); self.drop = nn.Dropout(0.1)
        self.ln = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d, bias=False), nn.GELU(), nn.Linear(4 * d, d, bias=False))

    def forward(self, x):
        B, T, C = x.shape
        y = self.ln(x)
        q = self.q(y).view(B, T, self.h, self.hd).transpose(1, 2)
        k, v = self.kv(y).split(self.hd, dim=-1)
        k = k.unsqueeze(1).expand(B, self.h, T, self.hd)
        v = v.unsqueeze(1).expand(B, self.h, T, self.hd)
        s = q @ k.transpose(-2, -1) * (1.0 / math.sqrt(self.hd))
        causal = torch.ones(T, T, dtype=torch.bool).triu(1)
        s = s.masked_fill(causal, float("-inf"))
        p = self.drop(s.softmax(-1))
        a = (p @ v).transpose(1, 2).reshape(B, T, C)
        return x + self.o(a) + self.mlp(y)


def falcon():
    torch.manual_seed(0)
    m = nn.Sequential(MQA(), MQA())
    return m, (torch.randn(2, 16, 32),)


# --- DistilBERT with padding mask via (mask == 0).view(...).expand_as and finfo.min
class DistilAttn(nn.Module):
    def __init__(self, d=32, h=4):
        super().__init__()
        self.h = h
        self.q_lin = nn.Linear(d, d); self.k_lin = nn.Linear(d, d); self.v_lin = nn.Linear(d, d); self.out_lin = nn.Linear(d, d)
        self.dropout = nn.Dropout(0.1)

    def forward(self, x, mask):
        bs, ql, dim = x.shape
        dph = dim // self.h
        shape = lambda t: t.view(bs, -1, self.h, dph).transpose(1, 2)
        q = shape(self.q_lin(x)) / math.sqrt(dph)
        k = shape(self.k_lin(x)); v = shape(self.v_lin(x))
        scores = torch.matmul(q, k.transpose(2, 3))
        m = (mask == 0).view(bs, 1, 1, ql).expand_as(scores)
        scores = scores.masked_fill(m, torch.tensor(torch.finfo(scores.dtype).min))
        w = self.dropout(nn.functional.softmax(scores, dim=-1))
        ctx = torch.matmul(w, v).transpose(1, 2).contiguous().view(bs, -1, self.h * dph)
        return self.out_lin(ctx)


class DistilLayer(nn.Module):
    def __init__(self, d=32):
        super().__init__()
        self.attention = DistilAttn(d)
        self.sa_layer_norm = nn.LayerNorm(d, eps=1e-12)
        self.ffn = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d), nn.Dropout(0.1))
        self.output_layer_norm = nn.LayerNorm(d, eps=1e-12)

    def forward(self, x, mask):
        x = self.sa_layer_norm(self.attention(x, mask) + x)
        return self.output_layer_norm(self.ffn(x) + x)


class DistilBert(nn.Module):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(40, 32); self.pos = nn.Embedding(16, 32)
        self.ln = nn.LayerNorm(32, eps=1e-12)
        self.layers = nn.ModuleList([DistilLayer(), DistilLayer()])
        self.cls = nn.Linear(32, 3)

    def forward(self, ids, mask, labels):
        pos = torch.arange(ids.size(1), dtype=torch.long, device=ids.device).unsqueeze(0).expand_as(ids)
        x = self.ln(self.word(ids) + self.pos(pos))
        for l in self.layers:
            x = l(x, mask)
        logits = self.cls(torch.tanh(x[:, 0]))
        return F.cross_entropy(logits, labels)


def distilbert():
    torch.manual_seed(0)
    ids = torch.randint(0, 40, (2, 16))
    mask = torch.ones(2, 16, dtype=torch.long); mask[1, 10:] = 0
    return DistilBert(), (ids, mask, torch.tensor([0, 2]))


# --- Gemma: RMSNorm with (1 + weight) in float, GeGLU tanh, embedding * sqrt(d)
class GemmaRMS(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.eps = eps; self.weight = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        o = x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + self.eps)
        return (o * (1.0 + self.weight.float())).type_as(x)


class GemmaMLP(nn.Module):
    def __init__(self, d=32, f=64):
        super().__init__()
        self.gate_proj = nn.Linear(d, f, bias=False); self.up_proj = nn.Linear(d, f, bias=False); self.down_proj = nn.Linear(f, d, bias=False)

    def forward(self, x):
        return self.down_proj(F.gelu(self.gate_proj(x), approximate="tanh") * self.up_proj(x))


class Gemma(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(60, 32)
        self.n1 = GemmaRMS(32); self.m1 = GemmaMLP(); self.n2 = GemmaRMS(32); self.m2 = GemmaMLP(); self.nf = GemmaRMS(32)

    def forward(self, idx, tgt):
        h = self.emb(idx) * torch.tensor(32 ** 0.5, dtype=torch.float32)
        h = h + self.m1(self.n1(h))
        h = h + self.m2(self.n2(h))
        logits = self.nf(h) @ self.emb.weight.t()
        logits = torch.tanh(logits / 30.0) * 30.0  # soft-capping
        return F.cross_entropy(logits.view(-1, 60), tgt.view(-1))


def gemma():
    torch.manual_seed(0)
    idx = torch.randint(0, 60, (2, 12))
    return Gemma(), (idx, torch.roll(idx, -1, 1))


# --- YOLO-style CSP + SPPF
class ConvBNSiLU(nn.Module):
    def __init__(self, c1, c2, k=1, s=1):
        super().__init__()
        self.conv = nn.Conv2d(c1, c2, k, s, k // 2, bias=False); self.bn = nn.BatchNorm2d(c2); self.act = nn.SiLU()

    def forward(self, x):
        return self.act(self.bn(self.conv(x)))


class C3(nn.Module):
    def __init__(self, c1, c2):
        super().__init__()
        c_ = c2 // 2
        self.cv1 = ConvBNSiLU(c1, c_); self.cv2 = ConvBNSiLU(c1, c_); self.cv3 = ConvBNSiLU(2 * c_, c2)
        self.m = nn.Sequential(ConvBNSiLU(c_, c_, 1), ConvBNSiLU(c_, c_, 3))

    def forward(self, x):
        return self.cv3(torch.cat((self.m(self.cv1(x)) + self.cv1(x), self.cv2(x)), 1))


class SPPF(nn.Module):
    def __init__(self, c1, c2, k=5):
        super().__init__()
        c_ = c1 // 2
        self.cv1 = ConvBNSiLU(c1, c_); self.cv2 = ConvBNSiLU(c_ * 4, c2); self.m = nn.MaxPool2d(k, 1, k // 2)

    def forward(self, x):
        x = self.cv1(x); y1 = self.m(x); y2 = self.m(y1)
        return self.cv2(torch.cat((x, y1, y2, self.m(y2)), 1))


class YoloTiny(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = ConvBNSiLU(3, 8, 3, 2); self.c3 = C3(8, 16); self.sppf = SPPF(16, 16)
        self.up = nn.Upsample(scale_factor=2, mode="nearest"); self.head = nn.Conv2d(16 + 8, 6, 1)

    def forward(self, x):
        a = self.stem(x); b = self.sppf(self.c3(a))
        y = self.head(torch.cat((F.max_pool2d(self.up(b), 2), a), 1))
        return y.sigmoid().mean() + y.pow(2).mean()


def yolo():
    torch.manual_seed(0)
    return YoloTiny(), (torch.randn(2, 3, 16, 16),)


# --- DenseNet-BC tiny: BN-ReLU-Conv, concat growth, avgpool transition
class DenseLayer(nn.Module):
    def __init__(self, c, g):
        super().__init__()
        self.norm1 = nn.BatchNorm2d(c); self.conv1 = nn.Conv2d(c, 4 * g, 1, bias=False)
        self.norm2 = nn.BatchNorm2d(4 * g); self.conv2 = nn.Conv2d(4 * g, g, 3, padding=1, bias=False)

    def forward(self, feats):
        x = torch.cat(feats, 1)
        x = self.conv1(F.relu(self.norm1(x)))
        return self.conv2(F.relu(self.norm2(x)))


class DenseNetTiny(nn.Module):
    def __init__(self, g=4):
        super().__init__()
        self.conv0 = nn.Conv2d(3, 8, 3, padding=1, bias=False)
        self.layers = nn.ModuleList([DenseLayer(8 + i * g, g) for i in range(3)])
        self.trans = nn.Sequential(nn.BatchNorm2d(8 + 3 * g), nn.ReLU(), nn.Conv2d(8 + 3 * g, 8, 1, bias=False), nn.AvgPool2d(2))
        self.fc = nn.Linear(8, 5)

    def forward(self, x, y):
        feats = [self.conv0(x)]
        for l in self.layers:
            feats.append(l(feats))
        x = self.trans(torch.cat(feats, 1))
        x = F.adaptive_avg_pool2d(x, (1, 1)).flatten(1)
        return F.cross_entropy(self.fc(x), y)


def densenet():
    torch.manual_seed(0)
    return DenseNetTiny(), (torch.randn(2, 3, 8, 8), torch.tensor([1, 4]))


# --- WaveNet: dilated causal conv1d with left F.pad, gated tanh*sigmoid, skip sum
class WaveNet(nn.Module):
    def __init__(self, c=8, layers=6):
        super().__init__()
        self.inp = nn.Conv1d(1, c, 1)
        self.dil = nn.ModuleList([nn.Conv1d(c, 2 * c, 2, dilation=2 ** i) for i in range(layers)])
        self.res = nn.ModuleList([nn.Conv1d(c, c, 1) for _ in range(layers)])
        self.skip = nn.ModuleList([nn.Conv1d(c, c, 1) for _ in range(layers)])
        self.out = nn.Conv1d(c, 4, 1)

    def forward(self, x, tgt):
        h = self.inp(x); skip = 0
        for i, (d, r, s) in enumerate(zip(self.dil, self.res, self.skip)):
            z = d(F.pad(h, (2 ** i, 0)))
            a, b = z.chunk(2, dim=1)
            g = torch.tanh(a) * torch.sigmoid(b)
            skip = skip + s(g)
            h = h + r(g)
        logits = self.out(F.relu(skip))
        return F.cross_entropy(logits, tgt)


def wavenet():
    torch.manual_seed(0)
    return WaveNet(), (torch.randn(2, 1, 32), torch.randint(0, 4, (2, 32)))


# --- Mamba-ish selective scan unrolled over time (deep, narrow)
class TinySSM(nn.Module):
    def __init__(self, d=8, n=4):
        super().__init__()
        self.in_proj = nn.Linear(d, 2 * d); self.dt = nn.Linear(d, d); self.B = nn.Linear(d, n); self.C = nn.Linear(d, n)
        self.A_log = nn.Parameter(torch.log(torch.arange(1, n + 1).float()).repeat(d, 1)); self.D = nn.Parameter(torch.ones(d))
        self.out = nn.Linear(d, d); self.norm = nn.LayerNorm(d)

    def forward(self, x):
        Bsz, T, d = x.shape
        xz = self.in_proj(self.norm(x)); u, z = xz.chunk(2, -1)
        u = F.silu(u)
        delta = F.softplus(self.dt(u)); Bm = self.B(u); Cm = self.C(u)
        A = -torch.exp(self.A_log)
        h = torch.zeros(Bsz, d, A.shape[1])
        ys = []
        for t in range(T):
            dA = torch.exp(delta[:, t, :, None] * A)
            h = dA * h + delta[:, t, :, None] * Bm[:, t, None, :] * u[:, t, :, None]
            ys.append((h * Cm[:, t, None, :]).sum(-1))
        y = torch.stack(ys, 1) + u * self.D
        return x + self.out(y * F.silu(z))


def ssm():
    torch.manual_seed(0)
    return nn.Sequential(TinySSM(), TinySSM()), (torch.randn(2, 12, 8),)


# --- Perceiver: latents cross-attend to inputs (non-square attention), expand param over batch
class Perceiver(nn.Module):
    def __init__(self, d=32, n_lat=8, h=2):
        super().__init__()
        self.latents = nn.Parameter(torch.randn(n_lat, d))
        self.ca = nn.MultiheadAttention(d, h, batch_first=True)
        self.ln_q = nn.LayerNorm(d); self.ln_kv = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))
        self.head = nn.Linear(d, 2)

    def forward(self, x):
        lat = self.latents.unsqueeze(0).expand(x.shape[0], -1, -1)
        kv = self.ln_kv(x)
        a, _ = self.ca(self.ln_q(lat), kv, kv, need_weights=False)
        lat = lat + a
        lat = lat + self.ff(lat)
        return self.head(lat.mean(1)).logsumexp(-1).sum()


def perceiver():
    torch.manual_seed(0)
    return Perceiver(), (torch.randn(2, 20, 32),)


# --- GAT on a dense adjacency: leaky_relu, -9e15 masking with where, softmax, dropout, elu
class GATLayer(nn.Module):
    def __init__(self, fin, fout, alpha=0.2):
        super().__init__()
        self.W = nn.Parameter(torch.empty(fin, fout)); nn.init.xavier_uniform_(self.W, gain=1.414)
        self.a = nn.Parameter(torch.empty(2 * fout, 1)); nn.init.xavier_uniform_(self.a, gain=1.414)
        self.leakyrelu = nn.LeakyReLU(alpha); self.fout = fout

    def forward(self, h, adj):
        Wh = torch.mm(h, self.W)
        e = self.leakyrelu(torch.matmul(Wh, self.a[:self.fout, :]) + torch.matmul(Wh, self.a[self.fout:, :]).T)
        zero_vec = -9e15 * torch.ones_like(e)
        att = torch.where(adj > 0, e, zero_vec)
        att = F.dropout(F.softmax(att, dim=1), 0.2, training=self.training)
        return F.elu(torch.matmul(att, Wh))


class GAT(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = GATLayer(6, 8); self.l2 = GATLayer(8, 3)

    def forward(self, x, adj, y):
        x = F.dropout(x, 0.1, training=self.training)
        return F.nll_loss(F.log_softmax(self.l2(self.l1(x, adj), adj), dim=1), y)


def gat():
    torch.manual_seed(0)
    adj = (torch.rand(12, 12) > 0.6).float(); adj = adj + adj.t() + torch.eye(12)
    return GAT(), (torch.randn(12, 6), adj, torch.randint(0, 3, (12,)))


# --- VAE with reparameterization (randn_like), BCE with logits, KL
class VAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(20, 16), nn.ReLU()); self.mu = nn.Linear(16, 4); self.logvar = nn.Linear(16, 4)
        self.dec = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 20))

    def forward(self, x):
        h = self.enc(x); mu, logvar = self.mu(h), self.logvar(h)
        z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar)
        rec = F.binary_cross_entropy_with_logits(self.dec(z), x, reduction="sum")
        kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
        return rec + kld


def vae():
    torch.manual_seed(0)
    return VAE(), (torch.rand(4, 20),)


# --- DCGAN generator: ConvTranspose2d, BN, ReLU, Tanh, MSE to a target
class DCGen(nn.Module):
    def __init__(self):
        super().__init__()
        self.main = nn.Sequential(
            nn.ConvTranspose2d(8, 16, 4, 1, 0, bias=False), nn.BatchNorm2d(16), nn.ReLU(True),
            nn.ConvTranspose2d(16, 8, 4, 2, 1, bias=False), nn.BatchNorm2d(8), nn.ReLU(True),
            nn.ConvTranspose2d(8, 3, 4, 2, 1, bias=False), nn.Tanh())

    def forward(self, z, target):
        return F.mse_loss(self.main(z), target)


def dcgan():
    torch.manual_seed(0)
    return DCGen(), (torch.randn(2, 8, 1, 1), torch.rand(2, 3, 16, 16) * 2 - 1)


# --- Label-smoothing CE with ignore_index on padded tokens (seq2seq style)
class Seq2SeqHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(30, 16, padding_idx=0)
        self.gru = nn.GRU(16, 16, batch_first=True)
        self.proj = nn.Linear(16, 30)

    def forward(self, src, tgt):
        out, _ = self.gru(self.emb(src))
        return F.cross_entropy(self.proj(out).transpose(1, 2), tgt, ignore_index=0, label_smoothing=0.1)


def seq2seq():
    torch.manual_seed(0)
    src = torch.randint(1, 30, (2, 10)); tgt = torch.randint(1, 30, (2, 10)); tgt[1, 7:] = 0
    return Seq2SeqHead(), (src, tgt)


# --- The op Debian's PyTorch 1.13 gets wrong in f32: GELU's backward with a
# transposed gradient (the permute after it).
class GeluT(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(2, 4, 16))

    def forward(self, x):
        return F.gelu(x * self.w).permute(0, 2, 1).pow(2).mean()


def gelu_t():
    torch.manual_seed(0)
    return GeluT(), (torch.randn(2, 4, 16),)


# --- In-place view ops in user code: the tensor is seen through a new view.
class ViewInPlace(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x):
        y = self.lin(x)            # (4, 8)
        z = y * 2
        z.t_()                     # (8, 4)
        z.unsqueeze_(0)            # (1, 8, 4)
        z.transpose_(1, 2)         # (1, 4, 8)
        return (z.tanh() * torch.arange(8.0)).sum() + y.sum()


def view_inplace():
    torch.manual_seed(0)
    return ViewInPlace(), (torch.randn(4, 8),)


# --- nn.LSTM, 2 layers, bidirectional, batch_first (1.13 transposes in place).
class BiLSTM(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(6, 8, num_layers=2, batch_first=True, bidirectional=True)
        self.o = nn.Linear(16, 3)

    def forward(self, x):
        out, (h, c) = self.rnn(x)
        return self.o(out).pow(2).mean() + h.sum() * 0.1


def bilstm():
    torch.manual_seed(0)
    return BiLSTM(), (torch.randn(2, 5, 6),)
