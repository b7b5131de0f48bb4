"""A second set of models written the way their communities write them,
none seen by remat before (2026-12-03, session 15): each FUNCTION()
returns (model, example_inputs) for compare.py, the importer and train.py.

- c3d: a C3D / R(2+1)D-style video classifier: Conv3d, BatchNorm3d,
  MaxPool3d with a (1, 2, 2) window, AdaptiveAvgPool3d(1).
- unet3d: a 3-D U-Net for volumes: Conv3d with padding, MaxPool3d(2),
  ConvTranspose3d(2, stride 2), a skip concatenation, a soft Dice loss.
- avgpool3d: AvgPool3d with padding and count_include_pad=False, and
  F.local_response_norm (AlexNet; it pads and average-pools in 3-D).
- mha_kpm: nn.MultiheadAttention with a key padding mask (a BERT-style
  classifier written against torch.nn directly).
- t5: T5's relative position bias (log-spaced buckets from integer
  positions), T5LayerNorm (no mean, no bias), gated-GELU feed-forward,
  no scaling of the scores.
- alibi: BLOOM's ALiBi: per-head slopes times key positions added to
  the scores, a causal mask through masked_fill, a baddbmm.
- clip: CLIP's contrastive loss: normalized embeddings, a learned
  logit_scale.exp(), symmetric cross-entropy over the batch.
- pointnet: PointNet: a T-Net (bmm with a predicted 3x3 transform plus
  identity), 1x1 Conv1d, max over points, a feature-transform
  regularizer ||I - A A^T||.
- unet2d: a diffusion U-Net block: sinusoidal time embedding, GroupNorm,
  SiLU, the time projection broadcast over H and W, a down and up path
  with nearest upsampling and a skip concatenation.
- resnet: a ResNet bottleneck stem: Conv 7x7 s2, BatchNorm, MaxPool
  k3 s2 p1, a downsampling shortcut, zero-init of the last BN.
- gpt2hf: Hugging Face GPT-2: Conv1D (addmm over a transposed weight
  layout), split of qkv, a bool bias buffer through torch.where with a
  finfo.min mask value, scores divided by sqrt(head dim) as a tensor.
- ste: quantization-aware training by hand: a straight-through round
  (x + (q - x).detach()), clamp to the int8 range, per-channel scales.
- ode: a neural ODE by fixed-step RK4 (8 steps over the same MLP: deep
  and narrow, every stage feeding the next).
- sage: GraphSAGE's mean aggregation through index_add_ and a degree
  count, L2-normalized layers, the loss over a train index (a boolean
  train mask, out[data.train_mask], has a value-dependent shape: a clear
  error, errors.test).
- nbeats: N-BEATS: stacks of MLP blocks with backcast subtracted from
  the residual and forecasts summed.
- losses: a loss zoo: CosineEmbedding, MarginRanking, Hinge, Huber,
  SoftMargin, MultiLabelSoftMargin, PoissonNLL, GaussianNLL, KLDiv with
  log_target.
- maxout: Maxout units (max over a reshaped group), a highway layer.
- stn: a spatial transformer: F.affine_grid and F.grid_sample.
- convmixer: ConvMixer: patch Conv2d, depthwise Conv2d in a residual,
  GELU, BatchNorm, a pointwise Conv2d.
- pixelunshuffle: PixelUnshuffle, Softmax2d and AdaptiveMaxPool1d.

The rest are described at their definitions. Added 2026-12-03 (session
16), mostly attention as written in the wild, for -remat-tile-attention:
bert_emptyseq (an all-padding sequence under finfo.min), swin_shifted,
swin_b1, t5_b1 and keybias (learned biases on the scores), tdecoder and
einsum_xattn (cross-attention; einsum), qknorm (timm's qk_norm), espnet
(ESPnet's MultiHeadedAttention: softmax(...).masked_fill(mask, 0.0)),
gemma2 (Gemma 2's tanh soft-capping of the scores); and
convnextv2 (GRN, DropPath's in-place bernoulli_), relattn (Transformer-XL's
relative shift), topkmoe (top-2 routing), reflectconv (reflect and
replicate padding, weight standardization, GLU), focal (focal loss).
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class C3D(nn.Module):
    def __init__(s):
        super().__init__()
        s.conv1 = nn.Conv3d(3, 8, kernel_size=(3, 3, 3), padding=(1, 1, 1)); s.bn1 = nn.BatchNorm3d(8)
        s.pool1 = nn.MaxPool3d(kernel_size=(1, 2, 2), stride=(1, 2, 2))
        s.conv2 = nn.Conv3d(8, 16, kernel_size=(3, 1, 1), padding=(1, 0, 0), bias=False); s.bn2 = nn.BatchNorm3d(16)
        s.conv3 = nn.Conv3d(16, 16, kernel_size=(1, 3, 3), padding=(0, 1, 1), stride=(1, 2, 2))
        s.pool = nn.AdaptiveAvgPool3d(1); s.fc = nn.Linear(16, 5); s.drop = nn.Dropout(0.2)
    def forward(s, clip, label):
        x = s.pool1(F.relu(s.bn1(s.conv1(clip))))
        x = F.relu(s.bn2(s.conv2(x)))
        x = s.pool(F.relu(s.conv3(x))).flatten(1)
        return F.cross_entropy(s.fc(s.drop(x)), label)
def c3d():
    torch.manual_seed(0); return C3D(), (torch.randn(2, 3, 4, 8, 8), torch.tensor([1, 4]))


class DoubleConv3d(nn.Sequential):
    def __init__(s, i, o):
        super().__init__(nn.Conv3d(i, o, 3, padding=1, bias=False), nn.InstanceNorm3d(o, affine=True), nn.LeakyReLU(0.01, inplace=True))
class UNet3D(nn.Module):
    def __init__(s):
        super().__init__(); s.enc1 = DoubleConv3d(1, 4); s.down = nn.MaxPool3d(2); s.enc2 = DoubleConv3d(4, 8)
        s.up = nn.ConvTranspose3d(8, 4, kernel_size=2, stride=2); s.dec = DoubleConv3d(8, 4); s.out = nn.Conv3d(4, 2, 1)
    def forward(s, vol, target):
        e1 = s.enc1(vol); e2 = s.enc2(s.down(e1))
        d = s.dec(torch.cat([s.up(e2), e1], dim=1))
        probs = torch.softmax(s.out(d), dim=1)
        onehot = F.one_hot(target, 2).permute(0, 4, 1, 2, 3).float()
        inter = (probs * onehot).sum(dim=(2, 3, 4)); union = probs.sum(dim=(2, 3, 4)) + onehot.sum(dim=(2, 3, 4))
        return 1 - ((2 * inter + 1e-5) / (union + 1e-5)).mean()
def unet3d():
    torch.manual_seed(0); return UNet3D(), (torch.randn(2, 1, 4, 6, 6), torch.randint(0, 2, (2, 4, 6, 6)))


class AvgPool3dNet(nn.Module):
    def __init__(s):
        super().__init__(); s.c = nn.Conv2d(3, 8, 3, padding=1); s.p = nn.AvgPool3d((2, 3, 3), stride=(1, 2, 2), padding=(0, 1, 1), count_include_pad=False); s.fc = nn.Linear(7 * 3 * 3, 2)
    def forward(s, x):
        h = F.local_response_norm(F.relu(s.c(x)), size=3)
        h = s.p(h.unsqueeze(1).expand(-1, 2, -1, -1, -1)).mean(1)
        return s.fc(h.flatten(1)).pow(2).mean()
def avgpool3d():
    torch.manual_seed(0); return AvgPool3dNet(), (torch.randn(2, 3, 6, 6),)


class MHAClassifier(nn.Module):
    def __init__(s, V=40, d=32, h=4):
        super().__init__(); s.emb = nn.Embedding(V, d, padding_idx=0); s.pos = nn.Parameter(torch.randn(1, 12, d) * 0.02)
        s.attn = nn.MultiheadAttention(d, h, dropout=0.1, batch_first=True); s.ln1 = nn.LayerNorm(d); s.ff = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d)); s.ln2 = nn.LayerNorm(d)
        s.cls = nn.Linear(d, 3)
    def forward(s, ids, labels):
        pad = ids == 0
        x = s.emb(ids) + s.pos[:, :ids.size(1)]
        a, _ = s.attn(x, x, x, key_padding_mask=pad, need_weights=False)
        x = s.ln1(x + a)
        x = s.ln2(x + s.ff(x))
        keep = (~pad).unsqueeze(-1).float()
        return F.cross_entropy(s.cls((x * keep).sum(1) / keep.sum(1)), labels)
def mha_kpm():
    torch.manual_seed(0); ids = torch.randint(1, 40, (3, 12)); ids[0, 9:] = 0; ids[2, 5:] = 0
    return MHAClassifier(), (ids, torch.tensor([0, 2, 1]))


class T5LayerNorm(nn.Module):
    def __init__(s, d, eps=1e-6):
        super().__init__(); s.weight = nn.Parameter(torch.ones(d)); s.variance_epsilon = eps
    def forward(s, x):
        variance = x.to(torch.float32).pow(2).mean(-1, keepdim=True)
        return s.weight * (x * torch.rsqrt(variance + s.variance_epsilon))
class T5Block(nn.Module):
    def __init__(s, d=32, h=4, buckets=8, max_distance=16):
        super().__init__(); s.h, s.buckets, s.maxd = h, buckets, max_distance
        s.q = nn.Linear(d, d, bias=False); s.k = nn.Linear(d, d, bias=False); s.v = nn.Linear(d, d, bias=False); s.o = nn.Linear(d, d, bias=False)
        s.relative_attention_bias = nn.Embedding(buckets, h); s.ln1 = T5LayerNorm(d); s.ln2 = T5LayerNorm(d)
        s.wi_0 = nn.Linear(d, 64, bias=False); s.wi_1 = nn.Linear(d, 64, bias=False); s.wo = nn.Linear(64, d, bias=False); s.drop = nn.Dropout(0.1)
    def _bucket(s, rel):
        nb = s.buckets // 2
        ret = (rel > 0).to(torch.long) * nb
        n = torch.abs(rel)
        max_exact = nb // 2
        is_small = n < max_exact
        large = max_exact + (torch.log(n.float() / max_exact) / math.log(s.maxd / max_exact) * (nb - max_exact)).to(torch.long)
        large = torch.min(large, torch.full_like(large, nb - 1))
        return ret + torch.where(is_small, n, large)
    def forward(s, x):
        B, T, C = x.shape
        ctx = torch.arange(T, dtype=torch.long)[:, None]; mem = torch.arange(T, dtype=torch.long)[None, :]
        bias = s.relative_attention_bias(s._bucket(mem - ctx)).permute([2, 0, 1]).unsqueeze(0)
        h = s.ln1(x)
        q, k, v = (f(h).view(B, -1, s.h, C // s.h).transpose(1, 2) for f in (s.q, s.k, s.v))
        scores = torch.matmul(q, k.transpose(3, 2)) + bias
        w = s.drop(F.softmax(scores.float(), dim=-1).type_as(scores))
        x = x + s.drop(s.o(torch.matmul(w, v).transpose(1, 2).contiguous().view(B, -1, C)))
        h = s.ln2(x)
        x = x + s.drop(s.wo(s.drop(F.gelu(s.wi_0(h), approximate="tanh") * s.wi_1(h))))
        return x.pow(2).mean()
def t5():
    torch.manual_seed(0); return T5Block(), (torch.randn(2, 10, 32),)


class AlibiAttn(nn.Module):
    def __init__(s, d=32, h=4):
        super().__init__(); s.h = h; s.qkv = nn.Linear(d, 3 * d); s.dense = nn.Linear(d, d); s.ln = nn.LayerNorm(d)
        closest = 2 ** math.floor(math.log2(h)); base = torch.tensor(2 ** (-(2 ** -(math.log2(closest) - 3))), dtype=torch.float32)
        s.register_buffer("slopes", torch.pow(base, torch.arange(1, 1 + closest, dtype=torch.int32)), persistent=False)
    def forward(s, x, attention_mask):
        B, T, C = x.shape; hd = C // s.h
        arange_tensor = ((attention_mask.cumsum(dim=-1) - 1) * attention_mask)[:, None, :]
        alibi = (s.slopes[..., None] * arange_tensor).reshape(B * s.h, 1, T)
        q, k, v = s.qkv(s.ln(x)).view(B, T, s.h, 3, hd).unbind(3)
        q = q.transpose(1, 2).reshape(B * s.h, T, hd); k = k.permute(0, 2, 3, 1).reshape(B * s.h, hd, T); v = v.transpose(1, 2).reshape(B * s.h, T, hd)
        scores = alibi.baddbmm(batch1=q, batch2=k, beta=1.0, alpha=1.0 / math.sqrt(hd)).view(B, s.h, T, T)
        causal = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
        mask = causal[None, None] | (attention_mask[:, None, None, :] == 0)
        probs = F.softmax(scores.masked_fill(mask, torch.finfo(scores.dtype).min), dim=-1, dtype=torch.float32)
        ctx = torch.bmm(probs.view(B * s.h, T, T), v).view(B, s.h, T, hd).permute(0, 2, 1, 3).reshape(B, T, C)
        return (x + s.dense(ctx)).pow(2).mean()
def alibi():
    torch.manual_seed(0); m = torch.ones(2, 9, dtype=torch.long); m[1, :2] = 0
    return AlibiAttn(), (torch.randn(2, 9, 32), m)


class CLIPLoss(nn.Module):
    def __init__(s):
        super().__init__(); s.img = nn.Sequential(nn.Conv2d(3, 8, 4, 4), nn.GELU(), nn.Flatten(), nn.Linear(8 * 4 * 4, 16))
        s.txt_emb = nn.Embedding(20, 16); s.txt = nn.TransformerEncoderLayer(16, 2, 32, 0.0, activation="gelu", batch_first=True, norm_first=True)
        s.txt_proj = nn.Parameter(torch.randn(16, 16) * 16 ** -0.5); s.logit_scale = nn.Parameter(torch.ones([]) * math.log(1 / 0.07))
    def forward(s, images, text):
        i = s.img(images)
        t = s.txt(s.txt_emb(text))
        t = t[torch.arange(t.shape[0]), text.argmax(dim=-1)] @ s.txt_proj
        i = i / i.norm(dim=1, keepdim=True); t = t / t.norm(dim=1, keepdim=True)
        logits_per_image = s.logit_scale.exp() * i @ t.t()
        labels = torch.arange(len(logits_per_image))
        return (F.cross_entropy(logits_per_image, labels) + F.cross_entropy(logits_per_image.t(), labels)) / 2
def clip():
    torch.manual_seed(0); return CLIPLoss(), (torch.randn(4, 3, 16, 16), torch.randint(0, 20, (4, 6)))


class TNet(nn.Module):
    def __init__(s, k):
        super().__init__(); s.k = k; s.c1 = nn.Conv1d(k, 16, 1); s.c2 = nn.Conv1d(16, 32, 1); s.bn1 = nn.BatchNorm1d(16); s.bn2 = nn.BatchNorm1d(32); s.fc = nn.Linear(32, k * k)
    def forward(s, x):
        x = F.relu(s.bn2(s.c2(F.relu(s.bn1(s.c1(x))))))
        x = torch.max(x, 2, keepdim=True)[0].view(-1, 32)
        iden = torch.eye(s.k).flatten().view(1, s.k * s.k).repeat(x.size(0), 1)
        return (s.fc(x) + iden).view(-1, s.k, s.k)
class PointNet(nn.Module):
    def __init__(s):
        super().__init__(); s.stn = TNet(3); s.fstn = TNet(8); s.c1 = nn.Conv1d(3, 8, 1); s.c2 = nn.Conv1d(8, 32, 1); s.bn = nn.BatchNorm1d(32); s.fc = nn.Linear(32, 4)
    def forward(s, pts, y):
        trans = s.stn(pts)
        x = torch.bmm(pts.transpose(2, 1), trans).transpose(2, 1)
        x = F.relu(s.c1(x))
        trans_feat = s.fstn(x)
        x = torch.bmm(x.transpose(2, 1), trans_feat).transpose(2, 1)
        x = torch.max(s.bn(s.c2(x)), 2, keepdim=False)[0]
        I = torch.eye(8)[None, :, :]
        reg = torch.mean(torch.norm(torch.bmm(trans_feat, trans_feat.transpose(2, 1)) - I, dim=(1, 2)))
        return F.nll_loss(F.log_softmax(s.fc(x), dim=1), y) + 0.001 * reg
def pointnet():
    torch.manual_seed(0); return PointNet(), (torch.randn(3, 3, 20), torch.tensor([0, 3, 1]))


def timestep_embedding(t, dim, max_period=10000):
    half = dim // 2
    freqs = torch.exp(-math.log(max_period) * torch.arange(start=0, end=half, dtype=torch.float32) / half)
    args = t[:, None].float() * freqs[None]
    return torch.cat([torch.cos(args), torch.sin(args)], dim=-1)
class ResBlock(nn.Module):
    def __init__(s, i, o, tdim):
        super().__init__(); s.n1 = nn.GroupNorm(4, i); s.c1 = nn.Conv2d(i, o, 3, padding=1); s.t = nn.Linear(tdim, o); s.n2 = nn.GroupNorm(4, o); s.c2 = nn.Conv2d(o, o, 3, padding=1)
        s.skip = nn.Conv2d(i, o, 1) if i != o else nn.Identity(); s.drop = nn.Dropout(0.1)
    def forward(s, x, emb):
        h = s.c1(F.silu(s.n1(x)))
        h = h + s.t(F.silu(emb))[:, :, None, None]
        h = s.c2(s.drop(F.silu(s.n2(h))))
        return s.skip(x) + h
class TinyUNet(nn.Module):
    def __init__(s):
        super().__init__(); s.inc = nn.Conv2d(3, 8, 3, padding=1); s.temb = nn.Sequential(nn.Linear(8, 16), nn.SiLU(), nn.Linear(16, 16))
        s.d1 = ResBlock(8, 8, 16); s.down = nn.Conv2d(8, 8, 3, stride=2, padding=1); s.mid = ResBlock(8, 16, 16); s.u1 = ResBlock(24, 8, 16); s.out = nn.Sequential(nn.GroupNorm(4, 8), nn.SiLU(), nn.Conv2d(8, 3, 3, padding=1))
    def forward(s, x0, t, noise):
        a = (1 - t.float() / 1000)[:, None, None, None]
        x = a.sqrt() * x0 + (1 - a).sqrt() * noise
        emb = s.temb(timestep_embedding(t, 8))
        h1 = s.d1(s.inc(x), emb)
        h = s.mid(s.down(h1), emb)
        h = F.interpolate(h, scale_factor=2, mode="nearest")
        h = s.u1(torch.cat([h, h1], dim=1), emb)
        return F.mse_loss(s.out(h), noise)
def unet2d():
    torch.manual_seed(0); return TinyUNet(), (torch.randn(2, 3, 8, 8), torch.tensor([10, 500]), torch.randn(2, 3, 8, 8))


class Bottleneck(nn.Module):
    expansion = 4
    def __init__(s, inplanes, planes, stride=1, downsample=None):
        super().__init__(); s.conv1 = nn.Conv2d(inplanes, planes, 1, bias=False); s.bn1 = nn.BatchNorm2d(planes)
        s.conv2 = nn.Conv2d(planes, planes, 3, stride, 1, bias=False); s.bn2 = nn.BatchNorm2d(planes)
        s.conv3 = nn.Conv2d(planes, planes * 4, 1, bias=False); s.bn3 = nn.BatchNorm2d(planes * 4); nn.init.zeros_(s.bn3.weight)
        s.relu = nn.ReLU(inplace=True); s.downsample = downsample
    def forward(s, x):
        identity = x
        out = s.relu(s.bn1(s.conv1(x))); out = s.relu(s.bn2(s.conv2(out))); out = s.bn3(s.conv3(out))
        if s.downsample is not None:
            identity = s.downsample(x)
        out += identity
        return s.relu(out)
class ResNetStem(nn.Module):
    def __init__(s):
        super().__init__(); s.conv1 = nn.Conv2d(3, 8, 7, 2, 3, bias=False); s.bn1 = nn.BatchNorm2d(8); s.relu = nn.ReLU(inplace=True); s.maxpool = nn.MaxPool2d(3, 2, 1)
        s.layer = nn.Sequential(Bottleneck(8, 4, 2, nn.Sequential(nn.Conv2d(8, 16, 1, 2, bias=False), nn.BatchNorm2d(16))), Bottleneck(16, 4))
        s.avgpool = nn.AdaptiveAvgPool2d((1, 1)); s.fc = nn.Linear(16, 10)
    def forward(s, x, y):
        x = s.maxpool(s.relu(s.bn1(s.conv1(x))))
        x = torch.flatten(s.avgpool(s.layer(x)), 1)
        return F.cross_entropy(s.fc(x), y)
def resnet():
    torch.manual_seed(0); return ResNetStem(), (torch.randn(2, 3, 20, 20), torch.tensor([3, 7]))


class Conv1D(nn.Module):
    def __init__(s, nf, nx):
        super().__init__(); s.nf = nf; s.weight = nn.Parameter(torch.randn(nx, nf) * 0.02); s.bias = nn.Parameter(torch.zeros(nf))
    def forward(s, x):
        size_out = x.size()[:-1] + (s.nf,)
        return torch.addmm(s.bias, x.view(-1, x.size(-1)), s.weight).view(size_out)
class GPT2Attention(nn.Module):
    def __init__(s, d=32, h=4, maxT=16):
        super().__init__(); s.h = h; s.c_attn = Conv1D(3 * d, d); s.c_proj = Conv1D(d, d); s.attn_dropout = nn.Dropout(0.1); s.resid_dropout = nn.Dropout(0.1)
        s.register_buffer("bias", torch.tril(torch.ones((maxT, maxT), dtype=torch.bool)).view(1, 1, maxT, maxT), persistent=False)
        s.ln_1 = nn.LayerNorm(d); s.ln_2 = nn.LayerNorm(d); s.c_fc = Conv1D(4 * d, d); s.c_proj2 = Conv1D(d, 4 * d)
    def _split_heads(s, t):
        return t.view(t.size()[:-1] + (s.h, t.size(-1) // s.h)).permute(0, 2, 1, 3)
    def forward(s, hidden, labels_in):
        res = hidden
        q, k, v = s.c_attn(s.ln_1(hidden)).split(hidden.size(-1), dim=2)
        q, k, v = s._split_heads(q), s._split_heads(k), s._split_heads(v)
        w = torch.matmul(q, k.transpose(-1, -2))
        w = w / torch.full([], v.size(-1) ** 0.5, dtype=w.dtype, device=w.device)
        T = q.size(-2)
        causal_mask = s.bias[:, :, :T, :T]
        mask_value = torch.full([], torch.finfo(w.dtype).min, dtype=w.dtype)
        w = torch.where(causal_mask, w.to(w.dtype), mask_value)
        w = s.attn_dropout(nn.functional.softmax(w, dim=-1))
        a = torch.matmul(w, v).permute(0, 2, 1, 3).contiguous()
        a = a.view(a.size()[:-2] + (a.size(-2) * a.size(-1),))
        hidden = res + s.resid_dropout(s.c_proj(a))
        hidden = hidden + s.c_proj2(F.gelu(s.c_fc(s.ln_2(hidden)), approximate="tanh"))
        logits = hidden @ s.c_attn.weight[:, :8].t()[None].transpose(1, 2)
        shift_logits = logits[..., :-1, :].contiguous(); shift_labels = labels_in[..., 1:].contiguous()
        return F.cross_entropy(shift_logits.view(-1, shift_logits.size(-1)), shift_labels.view(-1))
def gpt2hf():
    torch.manual_seed(0); return GPT2Attention(), (torch.randn(2, 9, 32), torch.randint(0, 8, (2, 9)))


class GPT2Padded(GPT2Attention):
    """Hugging Face GPT-2 with an attention_mask for left padding: the causal
    torch.where, then + (1 - mask) * finfo.min (two masks on the scores)."""
    def forward(s, hidden, labels_in, attention_mask):
        q, k, v = s.c_attn(s.ln_1(hidden)).split(hidden.size(-1), dim=2)
        q, k, v = s._split_heads(q), s._split_heads(k), s._split_heads(v)
        w = torch.matmul(q, k.transpose(-1, -2)) / torch.full([], v.size(-1) ** 0.5, dtype=q.dtype)
        T = q.size(-2)
        w = torch.where(s.bias[:, :, :T, :T], w, torch.full([], torch.finfo(w.dtype).min, dtype=w.dtype))
        w = w + (1.0 - attention_mask[:, None, None, :].to(w.dtype)) * torch.finfo(w.dtype).min
        a = torch.matmul(s.attn_dropout(F.softmax(w, dim=-1)), v).permute(0, 2, 1, 3).contiguous()
        hidden = hidden + s.c_proj(a.view(a.size()[:-2] + (a.size(-2) * a.size(-1),)))
        logits = hidden @ s.c_attn.weight[:, :8]
        return F.cross_entropy(logits[:, :-1].reshape(-1, 8), labels_in[:, 1:].reshape(-1))
def gpt2_padded():
    torch.manual_seed(0); m = torch.ones(2, 8, dtype=torch.long); m[0, :3] = 0
    return GPT2Padded(), (torch.randn(2, 8, 32), torch.randint(0, 8, (2, 8)), m)


class BertEmptySeq(nn.Module):
    """Hugging Face BertSelfAttention + BertSelfOutput with its extended mask
    (1 - mask) * finfo.min, on a batch holding an all-padding sequence: each
    query row of it is masked whole by a finite value."""
    def __init__(s, hidden=32, heads=4):
        super().__init__(); s.h = heads; s.d = hidden // heads
        s.query = nn.Linear(hidden, hidden); s.key = nn.Linear(hidden, hidden); s.value = nn.Linear(hidden, hidden)
        s.dropout = nn.Dropout(0.1); s.dense = nn.Linear(hidden, hidden); s.LayerNorm = nn.LayerNorm(hidden, eps=1e-12)
    def transpose_for_scores(s, x):
        return x.view(x.size()[:-1] + (s.h, s.d)).permute(0, 2, 1, 3)
    def forward(s, hidden_states, attention_mask, labels):
        ext = (1.0 - attention_mask[:, None, None, :].to(hidden_states.dtype)) * torch.finfo(hidden_states.dtype).min
        q = s.transpose_for_scores(s.query(hidden_states))
        k = s.transpose_for_scores(s.key(hidden_states))
        v = s.transpose_for_scores(s.value(hidden_states))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(s.d) + ext
        ctx = torch.matmul(s.dropout(nn.functional.softmax(scores, dim=-1)), v).permute(0, 2, 1, 3).contiguous()
        ctx = ctx.view(ctx.size()[:-2] + (s.h * s.d,))
        return F.mse_loss(s.LayerNorm(s.dense(ctx) + hidden_states), labels)
def bert_emptyseq():
    torch.manual_seed(0); m = torch.ones(3, 10, dtype=torch.long); m[1] = 0; m[2, 6:] = 0
    return BertEmptySeq(), (torch.randn(3, 10, 32), m, torch.randn(3, 10, 32))


class SwinWindowAttention(nn.Module):
    """The official Swin Transformer's WindowAttention (a learned relative
    position bias table gathered per window, then the shifted windows'
    -100 mask), in a shifted-window block over an 8 x 8 map."""
    def __init__(self, dim=32, window_size=(4, 4), num_heads=4, qkv_bias=True, qk_scale=None, attn_drop=0.):
        super().__init__()
        self.dim = dim; self.window_size = window_size; self.num_heads = num_heads
        head_dim = dim // num_heads
        self.scale = qk_scale or head_dim ** -0.5
        self.relative_position_bias_table = nn.Parameter(torch.zeros((2 * window_size[0] - 1) * (2 * window_size[1] - 1), num_heads))
        coords_h = torch.arange(self.window_size[0]); coords_w = torch.arange(self.window_size[1])
        coords = torch.stack(torch.meshgrid([coords_h, coords_w], indexing="ij"))
        coords_flatten = torch.flatten(coords, 1)
        relative_coords = coords_flatten[:, :, None] - coords_flatten[:, None, :]
        relative_coords = relative_coords.permute(1, 2, 0).contiguous()
        relative_coords[:, :, 0] += self.window_size[0] - 1
        relative_coords[:, :, 1] += self.window_size[1] - 1
        relative_coords[:, :, 0] *= 2 * self.window_size[1] - 1
        self.register_buffer("relative_position_index", relative_coords.sum(-1))
        self.qkv = nn.Linear(dim, dim * 3, bias=qkv_bias)
        self.attn_drop = nn.Dropout(attn_drop)
        self.proj = nn.Linear(dim, dim)
        nn.init.trunc_normal_(self.relative_position_bias_table, std=.02)
        self.softmax = nn.Softmax(dim=-1)
    def forward(self, x, mask=None):
        B_, N, C = x.shape
        qkv = self.qkv(x).reshape(B_, N, 3, self.num_heads, C // self.num_heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        q = q * self.scale
        attn = (q @ k.transpose(-2, -1))
        relative_position_bias = self.relative_position_bias_table[self.relative_position_index.view(-1)].view(
            self.window_size[0] * self.window_size[1], self.window_size[0] * self.window_size[1], -1)
        relative_position_bias = relative_position_bias.permute(2, 0, 1).contiguous()
        attn = attn + relative_position_bias.unsqueeze(0)
        if mask is not None:
            nW = mask.shape[0]
            attn = attn.view(B_ // nW, nW, self.num_heads, N, N) + mask.unsqueeze(1).unsqueeze(0)
            attn = attn.view(-1, self.num_heads, N, N)
        attn = self.attn_drop(self.softmax(attn))
        return self.proj((attn @ v).transpose(1, 2).reshape(B_, N, C))
def _window_partition(x, ws):
    B, H, W, C = x.shape
    x = x.view(B, H // ws, ws, W // ws, ws, C)
    return x.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, ws, ws, C)
def _window_reverse(windows, ws, H, W):
    B = int(windows.shape[0] / (H * W / ws / ws))
    x = windows.view(B, H // ws, W // ws, ws, ws, -1)
    return x.permute(0, 1, 3, 2, 4, 5).contiguous().view(B, H, W, -1)
class SwinBlock(nn.Module):
    def __init__(self, dim=32, res=8, ws=4, shift=2, heads=4):
        super().__init__(); self.res, self.ws, self.shift = res, ws, shift
        self.norm1 = nn.LayerNorm(dim); self.attn = SwinWindowAttention(dim, (ws, ws), heads, attn_drop=0.1)
        self.norm2 = nn.LayerNorm(dim); self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))
        img_mask = torch.zeros((1, res, res, 1))
        cnt = 0
        for h in (slice(0, -ws), slice(-ws, -shift), slice(-shift, None)):
            for w in (slice(0, -ws), slice(-ws, -shift), slice(-shift, None)):
                img_mask[:, h, w, :] = cnt; cnt += 1
        mask_windows = _window_partition(img_mask, ws).view(-1, ws * ws)
        attn_mask = mask_windows.unsqueeze(1) - mask_windows.unsqueeze(2)
        self.register_buffer("attn_mask", attn_mask.masked_fill(attn_mask != 0, float(-100.0)).masked_fill(attn_mask == 0, float(0.0)))
    def forward(self, x, target):
        B, L, C = x.shape; H = W = self.res
        shortcut = x
        x = self.norm1(x).view(B, H, W, C)
        x = torch.roll(x, shifts=(-self.shift, -self.shift), dims=(1, 2))
        x_windows = _window_partition(x, self.ws).view(-1, self.ws * self.ws, C)
        attn_windows = self.attn(x_windows, mask=self.attn_mask).view(-1, self.ws, self.ws, C)
        x = torch.roll(_window_reverse(attn_windows, self.ws, H, W), shifts=(self.shift, self.shift), dims=(1, 2))
        x = shortcut + x.view(B, H * W, C)
        x = x + self.mlp(self.norm2(x))
        return F.mse_loss(x, target)
def swin_shifted():
    torch.manual_seed(0); return SwinBlock(), (torch.randn(2, 64, 32), torch.randn(2, 64, 32))


class KeyBias(nn.Module):
    """Two learned biases broadcast onto the scores: one per key, one per
    head and query (their gradients: two sums of the scores' gradient)."""
    def __init__(s, d=32, h=4, T=12):
        super().__init__(); s.h = h; s.qkv = nn.Linear(d, 3 * d); s.o = nn.Linear(d, d)
        s.kb = nn.Parameter(torch.randn(T) * 0.1); s.hq = nn.Parameter(torch.randn(h, T, 1) * 0.1)
    def forward(s, x):
        B, T, C = x.shape
        q, k, v = s.qkv(x).view(B, T, 3, s.h, C // s.h).permute(2, 0, 3, 1, 4)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(C // s.h))
        att = att + s.kb + s.hq
        y = (F.softmax(att, dim=-1) @ v).transpose(1, 2).reshape(B, T, C)
        return s.o(y).pow(2).mean()
def keybias():
    torch.manual_seed(0); return KeyBias(), (torch.randn(3, 12, 32),)
def t5_b1():
    """T5 at batch 1: the bias's gradient is the scores' gradient itself."""
    torch.manual_seed(0); return T5Block(), (torch.randn(1, 10, 32),)
def swin_b1():
    """Swin at batch 1, one 4 x 4 window, no shift (its mask all zeros)."""
    torch.manual_seed(0); return SwinBlock(res=4, shift=0), (torch.randn(1, 16, 32), torch.randn(1, 16, 32))


class TDecoder(nn.Module):
    """nn.TransformerDecoderLayer: causal self-attention, then cross-attention
    to a longer memory with a memory key padding mask."""
    def __init__(s):
        super().__init__(); s.l = nn.TransformerDecoderLayer(32, 4, 64, 0.1, batch_first=True)
    def forward(s, tgt, mem, mem_pad):
        T = tgt.shape[1]
        causal = torch.triu(torch.full((T, T), float("-inf")), diagonal=1)
        return s.l(tgt, mem, tgt_mask=causal, memory_key_padding_mask=mem_pad).pow(2).mean()
def tdecoder():
    torch.manual_seed(0); pad = torch.zeros(2, 12, dtype=torch.bool); pad[1, 9:] = True
    return TDecoder(), (torch.randn(2, 8, 32), torch.randn(2, 12, 32), pad)
class EinsumCrossAttn(nn.Module):
    """Latents cross-attend to inputs with einsum (lucidrains' style; 1.13
    decomposes einsum into bmm, a view with a unit dim, a permute of it and
    a view)."""
    def __init__(s, d=32, h=4, n=6):
        super().__init__(); s.h = h; s.scale = (d // h) ** -0.5
        s.lat = nn.Parameter(torch.randn(n, d)); s.q = nn.Linear(d, d, bias=False); s.kv = nn.Linear(d, 2 * d, bias=False); s.o = nn.Linear(d, d)
    def forward(s, x):
        B = x.shape[0]; lat = s.lat.expand(B, -1, -1)
        q = s.q(lat); k, v = s.kv(x).chunk(2, dim=-1)
        q, k, v = (t.reshape(B, -1, s.h, t.shape[-1] // s.h).transpose(1, 2) for t in (q, k, v))
        sim = torch.einsum('b h i d, b h j d -> b h i j', q, k) * s.scale
        attn = sim.softmax(dim=-1)
        out = torch.einsum('b h i j, b h j d -> b h i d', attn, v)
        return s.o(out.transpose(1, 2).reshape(B, -1, 32)).pow(2).mean()
def einsum_xattn():
    torch.manual_seed(0); return EinsumCrossAttn(), (torch.randn(2, 64, 32),)
class QKNormAttn(nn.Module):
    """timm-style Attention with qk_norm and fused scale into q."""
    def __init__(s, d=32, h=4):
        super().__init__(); s.h = h; s.qkv = nn.Linear(d, 3 * d); s.qn = nn.LayerNorm(d // h); s.kn = nn.LayerNorm(d // h); s.proj = nn.Linear(d, d); s.scale = (d // h) ** -0.5
    def forward(s, x):
        B, N, C = x.shape
        q, k, v = s.qkv(x).reshape(B, N, 3, s.h, C // s.h).permute(2, 0, 3, 1, 4).unbind(0)
        q, k = s.qn(q), s.kn(k)
        q = q * s.scale
        attn = (q @ k.transpose(-2, -1)).softmax(dim=-1)
        return s.proj((attn @ v).transpose(1, 2).reshape(B, N, C)).pow(2).mean()
def qknorm():
    torch.manual_seed(0); return QKNormAttn(), (torch.randn(2, 16, 32),)


class GRN(nn.Module):
    """ConvNeXt-V2 Global Response Normalization (channels last)."""
    def __init__(self, dim):
        super().__init__(); self.gamma = nn.Parameter(torch.zeros(1, 1, 1, dim)); self.beta = nn.Parameter(torch.zeros(1, 1, 1, dim))
    def forward(self, x):
        Gx = torch.norm(x, p=2, dim=(1, 2), keepdim=True)
        Nx = Gx / (Gx.mean(dim=-1, keepdim=True) + 1e-6)
        return self.gamma * (x * Nx) + self.beta + x
class DropPath(nn.Module):
    def __init__(self, p): super().__init__(); self.p = p
    def forward(self, x):
        if self.p == 0. or not self.training: return x
        keep = 1 - self.p
        shape = (x.shape[0],) + (1,) * (x.ndim - 1)
        random_tensor = x.new_empty(shape).bernoulli_(keep)
        if keep > 0.0: random_tensor.div_(keep)
        return x * random_tensor
class ConvNeXtV2Block(nn.Module):
    def __init__(self, dim=16, drop_path=0.1):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, kernel_size=7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim, eps=1e-6); self.pwconv1 = nn.Linear(dim, 4 * dim); self.act = nn.GELU(); self.grn = GRN(4 * dim); self.pwconv2 = nn.Linear(4 * dim, dim)
        self.drop_path = DropPath(drop_path)
    def forward(self, x, y):
        inp = x
        x = self.dwconv(x).permute(0, 2, 3, 1)
        x = self.pwconv2(self.grn(self.act(self.pwconv1(self.norm(x))))).permute(0, 3, 1, 2)
        return F.mse_loss(inp + self.drop_path(x), y)
def convnextv2():
    torch.manual_seed(0); return ConvNeXtV2Block(), (torch.randn(2, 16, 8, 8), torch.randn(2, 16, 8, 8))

def _rel_shift(x):
    """Transformer-XL's relative shift: pad a zero column, view, drop a row."""
    zero_pad = torch.zeros((x.size(0), x.size(1), x.size(2), 1), dtype=x.dtype)
    x_padded = torch.cat([zero_pad, x], dim=-1)
    x_padded = x_padded.view(x.size(0), x.size(1), x.size(3) + 1, x.size(2))
    return x_padded[:, :, 1:].view_as(x)
class RelAttn(nn.Module):
    def __init__(self, d=32, h=4):
        super().__init__(); self.h = h; self.qkv = nn.Linear(d, 3 * d); self.r = nn.Linear(d, d, bias=False)
        self.u = nn.Parameter(torch.randn(h, d // h) * 0.02); self.v = nn.Parameter(torch.randn(h, d // h) * 0.02); self.o = nn.Linear(d, d)
    def forward(self, x, pos):
        B, T, C = x.shape; d = C // self.h
        q, k, v = self.qkv(x).view(B, T, 3, self.h, d).unbind(2)
        r = self.r(pos).view(T, self.h, d)
        ac = torch.einsum("bihd,bjhd->bhij", q + self.u, k)
        bd = _rel_shift(torch.einsum("bihd,jhd->bhij", q + self.v, r))
        att = F.softmax((ac + bd) / math.sqrt(d), dim=-1)
        return self.o(torch.einsum("bhij,bjhd->bihd", att, v).reshape(B, T, C)).pow(2).mean()
def relattn():
    torch.manual_seed(0); return RelAttn(), (torch.randn(2, 8, 32), torch.randn(8, 32))

class TopKMoE(nn.Module):
    """Top-2 routing with index_add_ back into the tokens (Mixtral-style loop over experts)."""
    def __init__(self, d=16, e=4):
        super().__init__(); self.gate = nn.Linear(d, e, bias=False); self.experts = nn.ModuleList([nn.Sequential(nn.Linear(d, 32), nn.SiLU(), nn.Linear(32, d)) for _ in range(e)])
    def forward(self, x):
        B, T, D = x.shape; x = x.view(-1, D)
        logits = self.gate(x)
        w, idx = torch.topk(F.softmax(logits, dim=-1), 2, dim=-1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(x)
        onehot = F.one_hot(idx, num_classes=len(self.experts)).float()  # (N, 2, E)
        for e, expert in enumerate(self.experts):
            we = (w * onehot[..., e]).sum(-1, keepdim=True)
            out = out + we * expert(x)
        return out.view(B, T, D).pow(2).mean()
def topkmoe():
    torch.manual_seed(0); return TopKMoE(), (torch.randn(2, 6, 16),)

class ReflectConv(nn.Module):
    """Audio-style conv with reflect padding, weight standardization and GLU."""
    def __init__(self):
        super().__init__(); self.c1 = nn.Conv1d(4, 16, 5); self.c2 = nn.Conv1d(8, 8, 3, padding=1, padding_mode="reflect")
    def forward(self, x):
        x = F.glu(self.c1(F.pad(x, (2, 2), mode="reflect")), dim=1)
        w = self.c2.weight; w = (w - w.mean(dim=(1, 2), keepdim=True)) / (w.std(dim=(1, 2), keepdim=True) + 1e-5)
        x = F.conv1d(F.pad(x, (1, 1), mode="replicate"), w, self.c2.bias)
        return x.abs().mean()
def reflectconv():
    torch.manual_seed(0); return ReflectConv(), (torch.randn(2, 4, 20),)

class FocalLoss(nn.Module):
    def __init__(self):
        super().__init__(); self.l = nn.Linear(8, 5)
    def forward(self, x, y):
        logp = F.log_softmax(self.l(x), dim=-1)
        logpt = logp.gather(1, y.unsqueeze(1)).squeeze(1)
        pt = logpt.exp()
        alpha = torch.tensor([0.25, 0.75, 0.5, 0.5, 0.5])[y]
        return (-alpha * (1 - pt) ** 2 * logpt).mean()
def focal():
    torch.manual_seed(0); return FocalLoss(), (torch.randn(6, 8), torch.tensor([0, 1, 4, 2, 3, 1]))


class ESPnetMHA(nn.Module):
    """ESPnet's MultiHeadedAttention (espnet/nets/pytorch_backend/transformer/attention.py)."""
    def __init__(self, n_head, n_feat, dropout_rate):
        super().__init__()
        assert n_feat % n_head == 0
        self.d_k = n_feat // n_head
        self.h = n_head
        self.linear_q = nn.Linear(n_feat, n_feat)
        self.linear_k = nn.Linear(n_feat, n_feat)
        self.linear_v = nn.Linear(n_feat, n_feat)
        self.linear_out = nn.Linear(n_feat, n_feat)
        self.attn = None
        self.dropout = nn.Dropout(p=dropout_rate)
    def forward_qkv(self, query, key, value):
        n_batch = query.size(0)
        q = self.linear_q(query).view(n_batch, -1, self.h, self.d_k)
        k = self.linear_k(key).view(n_batch, -1, self.h, self.d_k)
        v = self.linear_v(value).view(n_batch, -1, self.h, self.d_k)
        return q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
    def forward_attention(self, value, scores, mask):
        n_batch = value.size(0)
        if mask is not None:
            mask = mask.unsqueeze(1).eq(0)  # (batch, 1, *, time2)
            min_value = torch.finfo(scores.dtype).min
            scores = scores.masked_fill(mask, min_value)
            self.attn = torch.softmax(scores, dim=-1).masked_fill(mask, 0.0)
        else:
            self.attn = torch.softmax(scores, dim=-1)
        p_attn = self.dropout(self.attn)
        x = torch.matmul(p_attn, value)
        x = x.transpose(1, 2).contiguous().view(n_batch, -1, self.h * self.d_k)
        return self.linear_out(x)
    def forward(self, query, key, value, mask):
        q, k, v = self.forward_qkv(query, key, value)
        scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(self.d_k)
        return self.forward_attention(v, scores, mask)
class ESPnetEncoderLayer(nn.Module):
    def __init__(self, d=32, h=4):
        super().__init__(); self.self_attn = ESPnetMHA(h, d, 0.1); self.n1 = nn.LayerNorm(d); self.n2 = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 64), nn.ReLU(), nn.Dropout(0.1), nn.Linear(64, d))
    def forward(self, x, lengths, y):
        mask = (torch.arange(x.shape[1])[None, :] < lengths[:, None]).unsqueeze(1)  # (B, 1, T)
        h = self.n1(x)
        x = x + self.self_attn(h, h, h, mask)
        x = x + self.ff(self.n2(x))
        return F.mse_loss(x, y)
def espnet():
    """The third utterance is empty (length 0): its rows are masked whole."""
    torch.manual_seed(0); return ESPnetEncoderLayer(), (torch.randn(3, 14, 32), torch.tensor([14, 9, 0]), torch.randn(3, 14, 32))


class Gemma2Attn(nn.Module):
    """Gemma 2's attention logit soft-capping: tanh(scores / cap) * cap, then causal mask."""
    def __init__(s, d=32, h=4, cap=50.0):
        super().__init__(); s.h, s.cap = h, cap; s.qkv = nn.Linear(d, 3 * d, bias=False); s.o = nn.Linear(d, d, bias=False)
    def forward(s, x):
        B, T, C = x.shape
        q, k, v = s.qkv(x).view(B, T, 3, s.h, C // s.h).permute(2, 0, 3, 1, 4)
        w = torch.matmul(q, k.transpose(2, 3)) * (C // s.h) ** -0.5
        w = w / s.cap
        w = torch.tanh(w)
        w = w * s.cap
        causal = torch.full((T, T), float("-inf")).triu(1)
        w = w + causal
        w = F.softmax(w, dim=-1, dtype=torch.float32).to(q.dtype)
        return s.o(torch.matmul(w, v).transpose(1, 2).reshape(B, T, C)).pow(2).mean()
def gemma2():
    torch.manual_seed(0); return Gemma2Attn(), (torch.randn(2, 12, 32) * 4,)


class FakeQuant(nn.Module):
    def __init__(s):
        super().__init__(); s.l1 = nn.Linear(8, 16); s.l2 = nn.Linear(16, 4)
    @staticmethod
    def quant(w, dim):
        scale = w.abs().amax(dim=dim, keepdim=True).clamp(min=1e-8) / 127
        q = torch.clamp(torch.round(w / scale), -128, 127) * scale
        return w + (q - w).detach()
    def forward(s, x, y):
        h = F.linear(x, s.quant(s.l1.weight, 1), s.l1.bias)
        h = s.quant(F.relu(h), -1)
        return F.mse_loss(F.linear(h, s.quant(s.l2.weight, 1), s.l2.bias), y)
def ste():
    torch.manual_seed(0); return FakeQuant(), (torch.randn(6, 8), torch.randn(6, 4))


class ODEFunc(nn.Module):
    def __init__(s, d=6):
        super().__init__(); s.net = nn.Sequential(nn.Linear(d + 1, 16), nn.Tanh(), nn.Linear(16, d))
    def forward(s, t, y):
        return s.net(torch.cat([y, t.expand(y.shape[0], 1)], dim=1))
class NeuralODE(nn.Module):
    def __init__(s):
        super().__init__(); s.f = ODEFunc()
    def forward(s, y0, target):
        y, dt = y0, 0.125
        for i in range(8):
            t = torch.tensor([[i * dt]])
            k1 = s.f(t, y); k2 = s.f(t + dt / 2, y + dt / 2 * k1); k3 = s.f(t + dt / 2, y + dt / 2 * k2); k4 = s.f(t + dt, y + dt * k3)
            y = y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        return F.mse_loss(y, target)
def ode():
    torch.manual_seed(0); return NeuralODE(), (torch.randn(4, 6), torch.randn(4, 6))


class SAGEConv(nn.Module):
    def __init__(s, i, o):
        super().__init__(); s.lin_l = nn.Linear(i, o); s.lin_r = nn.Linear(i, o, bias=False)
    def forward(s, x, edge_index):
        src, dst = edge_index
        agg = torch.zeros_like(x).index_add_(0, dst, x[src])
        deg = torch.zeros(x.size(0)).index_add_(0, dst, torch.ones(dst.size(0))).clamp(min=1)
        out = s.lin_l(agg / deg.unsqueeze(-1)) + s.lin_r(x)
        return F.normalize(out, p=2., dim=-1)
class GraphSAGE(nn.Module):
    def __init__(s):
        super().__init__(); s.c1 = SAGEConv(5, 16); s.c2 = SAGEConv(16, 3)
    def forward(s, x, edge_index, y, train_idx):
        h = F.dropout(F.relu(s.c1(x, edge_index)), p=0.5, training=s.training)
        out = F.log_softmax(s.c2(h, edge_index), dim=1)
        return F.nll_loss(out[train_idx], y[train_idx])
def sage():
    torch.manual_seed(0); ei = torch.randint(0, 7, (2, 16))
    return GraphSAGE(), (torch.randn(7, 5), ei, torch.randint(0, 3, (7,)), torch.tensor([0, 1, 3, 5, 6]))


class NBeatsBlock(nn.Module):
    def __init__(s, back=12, fore=4, units=32):
        super().__init__(); s.fc = nn.Sequential(*[m for _ in range(3) for m in (nn.Linear(back if _ == 0 else units, units), nn.ReLU())])
        s.theta_b = nn.Linear(units, back, bias=False); s.theta_f = nn.Linear(units, fore, bias=False)
    def forward(s, x):
        h = s.fc(x); return s.theta_b(h), s.theta_f(h)
class NBeats(nn.Module):
    def __init__(s):
        super().__init__(); s.blocks = nn.ModuleList([NBeatsBlock() for _ in range(4)])
    def forward(s, x, y):
        residuals = x.flip(dims=(1,)); forecast = 0
        for b in s.blocks:
            back, f = b(residuals)
            residuals = residuals - back
            forecast = forecast + f
        return torch.mean(torch.abs(forecast - y) / (torch.abs(y) + torch.abs(forecast) + 1e-8)) * 200
def nbeats():
    torch.manual_seed(0); return NBeats(), (torch.randn(5, 12), torch.randn(5, 4))


class LossZoo(nn.Module):
    def __init__(s):
        super().__init__(); s.a = nn.Linear(6, 6); s.b = nn.Linear(6, 6)
    def forward(s, x, x2, lbl, multi, counts):
        u, v = s.a(x), s.b(x2)
        l = F.cosine_embedding_loss(u, v, lbl, margin=0.1)
        l = l + F.margin_ranking_loss(u[:, 0], v[:, 0], lbl, margin=0.2)
        l = l + F.hinge_embedding_loss(u.abs().sum(1), lbl, margin=1.5)
        l = l + F.huber_loss(u, v, delta=0.5) + F.soft_margin_loss(u[:, 1], lbl)
        l = l + F.multilabel_soft_margin_loss(u, multi)
        l = l + F.poisson_nll_loss(v, counts, log_input=True)
        l = l + F.gaussian_nll_loss(u, v.detach(), F.softplus(v) + 1e-3)
        l = l + F.kl_div(F.log_softmax(u, -1), F.log_softmax(v, -1), reduction="batchmean", log_target=True)
        return l
def losses():
    torch.manual_seed(0); lbl = torch.tensor([1., -1., 1., -1.])
    return LossZoo(), (torch.randn(4, 6), torch.randn(4, 6), lbl, (torch.rand(4, 6) > 0.5).float(), torch.poisson(torch.ones(4, 6) * 2))


class Maxout(nn.Module):
    def __init__(s, i, o, pieces=3):
        super().__init__(); s.o, s.k = o, pieces; s.lin = nn.Linear(i, o * pieces)
    def forward(s, x):
        return s.lin(x).view(*x.shape[:-1], s.o, s.k).max(-1)[0]
class Highway(nn.Module):
    def __init__(s, d):
        super().__init__(); s.h = nn.Linear(d, d); s.t = nn.Linear(d, d); nn.init.constant_(s.t.bias, -1.0)
    def forward(s, x):
        t = torch.sigmoid(s.t(x)); return t * F.relu(s.h(x)) + (1 - t) * x
class MaxoutNet(nn.Module):
    def __init__(s):
        super().__init__(); s.m1 = Maxout(8, 12); s.hw = Highway(12); s.m2 = Maxout(12, 4, 2)
    def forward(s, x, y):
        return F.cross_entropy(s.m2(s.hw(s.m1(x))), y)
def maxout():
    torch.manual_seed(0); return MaxoutNet(), (torch.randn(5, 8), torch.tensor([0, 1, 2, 3, 1]))


class STN(nn.Module):
    def __init__(s):
        super().__init__(); s.loc = nn.Sequential(nn.Conv2d(1, 4, 3), nn.MaxPool2d(2, 2), nn.ReLU(True))
        s.fc_loc = nn.Sequential(nn.Linear(4 * 3 * 3, 8), nn.ReLU(True), nn.Linear(8, 6))
        s.fc_loc[2].weight.data.zero_(); s.fc_loc[2].bias.data.copy_(torch.tensor([1, 0, 0, 0, 1, 0], dtype=torch.float))
        s.cls = nn.Linear(64, 3)
    def forward(s, x, y):
        theta = s.fc_loc(s.loc(x).view(-1, 36)).view(-1, 2, 3)
        grid = F.affine_grid(theta, x.size(), align_corners=False)
        x = F.grid_sample(x, grid, align_corners=False)
        return F.cross_entropy(s.cls(x.view(-1, 64)), y)
def stn():
    torch.manual_seed(0); return STN(), (torch.randn(2, 1, 8, 8), torch.tensor([0, 2]))


class Residual(nn.Module):
    def __init__(s, fn):
        super().__init__(); s.fn = fn
    def forward(s, x):
        return s.fn(x) + x
def ConvMixer(dim=16, depth=2, kernel_size=3, patch_size=2, n_classes=4):
    return nn.Sequential(nn.Conv2d(3, dim, kernel_size=patch_size, stride=patch_size), nn.GELU(), nn.BatchNorm2d(dim),
                         *[nn.Sequential(Residual(nn.Sequential(nn.Conv2d(dim, dim, kernel_size, groups=dim, padding="same"), nn.GELU(), nn.BatchNorm2d(dim))),
                                         nn.Conv2d(dim, dim, kernel_size=1), nn.GELU(), nn.BatchNorm2d(dim)) for i in range(depth)],
                         nn.AdaptiveAvgPool2d((1, 1)), nn.Flatten(), nn.Linear(dim, n_classes))
class ConvMixerLoss(nn.Module):
    def __init__(s):
        super().__init__(); s.net = ConvMixer()
    def forward(s, x, y):
        return F.cross_entropy(s.net(x), y, label_smoothing=0.1)
def convmixer():
    torch.manual_seed(0); return ConvMixerLoss(), (torch.randn(2, 3, 8, 8), torch.tensor([1, 3]))


class UnshuffleNet(nn.Module):
    def __init__(s):
        super().__init__(); s.un = nn.PixelUnshuffle(2); s.c = nn.Conv2d(12, 6, 1); s.sm = nn.Softmax2d(); s.amp = nn.AdaptiveMaxPool1d(3); s.fc = nn.Linear(18, 2)
    def forward(s, x):
        h = s.sm(s.c(s.un(x)))
        return s.fc(s.amp(h.flatten(2)).flatten(1)).pow(2).mean()
def pixelunshuffle():
    torch.manual_seed(0); return UnshuffleNet(), (torch.randn(2, 3, 8, 8),)




class MathZoo(nn.Module):
    """Elementwise functions users reach for: rounding, integer division
    and modulo on positions, inverse trig, logit, nan_to_num, any/all."""
    def __init__(s):
        super().__init__(); s.l = nn.Linear(6, 6)
    def forward(s, x, pos):
        h = torch.tanh(s.l(x)) * 0.9
        a = torch.asin(h) + torch.acos(h) * 0.5 + torch.atanh(h) + torch.atan2(h, h.flip(0) + 2)
        b = torch.log2(h.abs() + 1) + torch.log10(h.abs() + 2) + torch.exp2(h) + torch.sinh(h) + torch.cosh(h) + torch.tan(h)
        c = torch.asinh(h) + torch.acosh(h.abs() + 1.5) + torch.logit(h.abs() * 0.5 + 0.25, eps=1e-3) + torch.hypot(h, b)
        q = torch.round(h * 4) + torch.floor(h * 3) + torch.ceil(h * 2) + torch.trunc(h * 5) + torch.frac(h * 3) + torch.round(h, decimals=1)
        half = torch.div(pos, 2, rounding_mode="floor") + pos // 3 + torch.remainder(pos, 4) + pos % -3 + torch.fmod(pos, 3) + torch.div(pos, 2, rounding_mode="trunc")
        fhalf = torch.div(h * 7, 2, rounding_mode="floor") + torch.remainder(h * 5, 1.5) + torch.fmod(h * 5, 1.5)
        bad = torch.nan_to_num(torch.log(h), nan=0.0, neginf=-5.0)
        flag = (h > 0).any(dim=1, keepdim=True).float() + (h > -1).all().float() + torch.heaviside(h.detach(), torch.tensor(0.5))
        return (a + b + c + q + half.float()[:, None] * h + fhalf + bad + flag).pow(2).mean()
def mathzoo():
    torch.manual_seed(0); return MathZoo(), (torch.randn(4, 6), torch.tensor([-7, -2, 5, 9]))


class Conv3dOps(nn.Module):
    """3-D variants: grouped dilated Conv3d, MaxPool3d with padding and
    ceil_mode, ConvTranspose3d with output_padding, AvgPool3d with
    ceil_mode, a 1-D conv next to them."""
    def __init__(s):
        super().__init__(); s.a = nn.Conv3d(4, 6, 3, padding=2, dilation=2, groups=2); s.p = nn.MaxPool3d(3, 2, 1, ceil_mode=True)
        s.t = nn.ConvTranspose3d(6, 4, 3, stride=2, padding=1, output_padding=1, groups=2); s.q = nn.AvgPool3d(2, ceil_mode=True); s.c1 = nn.Conv1d(4, 4, 3, padding=1)
    def forward(s, x):
        h = s.q(s.t(F.gelu(s.p(s.a(x)))))
        return s.c1(h.flatten(2)).pow(2).mean()
def conv3dops():
    torch.manual_seed(0); return Conv3dOps(), (torch.randn(2, 4, 5, 6, 7),)


class FlowWarp(nn.Module):
    """Optical-flow style backward warping (RAFT / PWC-Net): a predicted
    flow added to a meshgrid, normalized to [-1, 1], grid_sample of a
    feature map that needs its gradient (border padding, align_corners),
    and a nearest-mode sample of the same features."""
    def __init__(s):
        super().__init__(); s.feat = nn.Conv2d(3, 4, 3, padding=1); s.flow = nn.Conv2d(6, 2, 3, padding=1)
    def forward(s, im1, im2):
        f2 = s.feat(im2)
        flow = s.flow(torch.cat([im1, im2], 1)) * 2
        B, _, H, W = im1.shape
        yy, xx = torch.meshgrid(torch.arange(H), torch.arange(W), indexing="ij")
        grid = torch.stack((xx, yy), 0).float()[None] + flow
        gx = 2.0 * grid[:, 0] / max(W - 1, 1) - 1.0; gy = 2.0 * grid[:, 1] / max(H - 1, 1) - 1.0
        g = torch.stack((gx, gy), dim=3)
        warped = F.grid_sample(f2, g, mode="bilinear", padding_mode="border", align_corners=True)
        near = F.grid_sample(f2, g * 0.9, mode="nearest", padding_mode="zeros", align_corners=False)
        return (s.feat(im1) - warped).abs().mean() + near.pow(2).mean() + flow.pow(2).mean() * 0.01
def warp():
    torch.manual_seed(0); return FlowWarp(), (torch.randn(2, 3, 6, 7), torch.randn(2, 3, 6, 7))


# Inputs that must stay clear errors (community-wild2.test):
class Branchy(nn.Module):
    """The model's own control flow on a value: not traceable."""
    def __init__(s):
        super().__init__(); s.l = nn.Linear(4, 4)
    def forward(s, x):
        h = s.l(x)
        if h.sum() > 0:
            h = h * 2
        return h.pow(2).mean()
def branchy():
    torch.manual_seed(0); return Branchy(), (torch.randn(3, 4),)


class OneHotAuto(nn.Module):
    """F.one_hot without num_classes: the number of classes (a shape) comes
    from the values."""
    def __init__(s):
        super().__init__(); s.l = nn.Linear(3, 3)
    def forward(s, x, t):
        return (s.l(x) * F.one_hot(t).float()).sum()
def onehot_auto():
    torch.manual_seed(0); return OneHotAuto(), (torch.randn(4, 3), torch.tensor([0, 2, 1, 2]))


class TrainMask(GraphSAGE):
    """PyG's usual loss over a boolean train mask: a value-dependent shape."""
    def forward(s, x, edge_index, y, train_mask):
        out = F.log_softmax(s.c2(F.relu(s.c1(x, edge_index)), edge_index), dim=1)
        return F.nll_loss(out[train_mask], y[train_mask])
def trainmask():
    torch.manual_seed(0); m = torch.tensor([True, True, False, True, False, True, True])
    return TrainMask(), (torch.randn(7, 5), torch.randint(0, 7, (2, 16)), torch.randint(0, 3, (7,)), m)


# -- a third round (session 15), written after the first two passed ----------

class ArcFace(nn.Module):
    """ArcFace (insightface's margin head): normalized features and
    weights, sqrt(1 - cos^2), cos(theta + m) by identities, easy margin
    through torch.where, the one-hot by scatter_ into zeros."""
    def __init__(s, d=16, classes=6, scale=30.0, m=0.5):
        super().__init__(); s.body = nn.Sequential(nn.Linear(8, d), nn.BatchNorm1d(d), nn.PReLU()); s.weight = nn.Parameter(torch.randn(classes, d) * 0.1)
        s.s, s.cos_m, s.sin_m = scale, math.cos(m), math.sin(m); s.th = math.cos(math.pi - m); s.mm = math.sin(math.pi - m) * m
    def forward(s, x, label):
        cosine = F.linear(F.normalize(s.body(x)), F.normalize(s.weight))
        sine = torch.sqrt((1.0 - torch.pow(cosine, 2)).clamp(0, 1))
        phi = cosine * s.cos_m - sine * s.sin_m
        phi = torch.where(cosine > s.th, phi, cosine - s.mm)
        one_hot = torch.zeros(cosine.size()); one_hot.scatter_(1, label.view(-1, 1).long(), 1)
        output = (one_hot * phi) + ((1.0 - one_hot) * cosine)
        return F.cross_entropy(output * s.s, label)
def arcface():
    torch.manual_seed(0); return ArcFace(), (torch.randn(5, 8), torch.tensor([0, 3, 5, 1, 3]))


class WGANGP(nn.Module):
    """WGAN-GP's critic loss: the gradient penalty takes
    torch.autograd.grad(create_graph=True) of the critic at interpolates
    inside the forward (a double backward in the training step)."""
    def __init__(s):
        super().__init__(); s.D = nn.Sequential(nn.Linear(6, 16), nn.LeakyReLU(0.2), nn.Linear(16, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))
    def forward(s, real, fake, alpha):
        interp = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
        d_interp = s.D(interp)
        grads = torch.autograd.grad(outputs=d_interp, inputs=interp, grad_outputs=torch.ones_like(d_interp),
                                    create_graph=True, retain_graph=True, only_inputs=True)[0]
        gp = ((grads.norm(2, dim=1) - 1) ** 2).mean()
        return s.D(fake).mean() - s.D(real).mean() + 10 * gp
def wgan_gp():
    torch.manual_seed(0); return WGANGP(), (torch.randn(4, 6), torch.randn(4, 6), torch.rand(4, 1))


class EmbBag(nn.Module):
    """A recommender with nn.EmbeddingBag (mean and sum bags from flat
    indices and offsets) and a wide & deep head."""
    def __init__(s):
        super().__init__(); s.bag = nn.EmbeddingBag(20, 8, mode="mean"); s.bag2 = nn.EmbeddingBag(12, 8, mode="sum")
        s.deep = nn.Sequential(nn.Linear(16 + 3, 16), nn.ReLU(), nn.Linear(16, 1)); s.wide = nn.Linear(3, 1)
    def forward(s, idx, offsets, idx2, offsets2, dense, y):
        h = torch.cat([s.bag(idx, offsets), s.bag2(idx2, offsets2), dense], 1)
        return F.binary_cross_entropy_with_logits((s.deep(h) + s.wide(dense)).squeeze(1), y)
def embbag():
    torch.manual_seed(0)
    return EmbBag(), (torch.tensor([1, 4, 7, 2, 9, 9, 3, 15]), torch.tensor([0, 3, 5, 6]), torch.tensor([0, 5, 11, 2, 2]),
                      torch.tensor([0, 2, 3, 4]), torch.randn(4, 3), torch.tensor([1., 0., 1., 1.]))


class EmbBagPad(nn.Module):
    """EmbeddingBag with padding_idx (left out of the mean), an empty bag,
    include_last_offset=True, and a sum bag from 2-D input (no offsets)."""
    def __init__(s):
        super().__init__(); s.bag = nn.EmbeddingBag(10, 4, mode="mean", padding_idx=0, include_last_offset=True); s.bag2 = nn.EmbeddingBag(10, 4, mode="sum"); s.o = nn.Linear(8, 1)
    def forward(s, idx, offsets, idx2d):
        return s.o(torch.cat([s.bag(idx, offsets), s.bag2(idx2d)], 1)).pow(2).mean()
def embbag_pad():
    torch.manual_seed(0)
    return EmbBagPad(), (torch.tensor([3, 0, 5, 7, 0, 2, 9]), torch.tensor([0, 3, 3, 5, 7]), torch.randint(0, 10, (4, 3)))


class LSTMProj(nn.Module):
    """nn.LSTM with proj_size (LSTMP, speech recognition) and an
    initial state of the projected size."""
    def __init__(s):
        super().__init__(); s.lstm = nn.LSTM(6, 16, num_layers=2, proj_size=8, batch_first=True); s.fc = nn.Linear(8, 3)
    def forward(s, x, y):
        out, _ = s.lstm(x)
        return F.cross_entropy(s.fc(out[:, -1]), y)
def lstmproj():
    torch.manual_seed(0); return LSTMProj(), (torch.randn(3, 5, 6), torch.tensor([0, 2, 1]))


class ChannelsLast(nn.Module):
    """A conv block run in channels_last memory format (input and weights),
    as NVIDIA's training recipes do."""
    def __init__(s):
        super().__init__(); s.c1 = nn.Conv2d(3, 8, 3, padding=1, bias=False); s.bn = nn.BatchNorm2d(8); s.c2 = nn.Conv2d(8, 8, 3, stride=2, padding=1); s.fc = nn.Linear(8, 4)
        s.to(memory_format=torch.channels_last)
    def forward(s, x, y):
        x = x.contiguous(memory_format=torch.channels_last)
        h = F.relu(s.bn(s.c1(x)))
        h = F.silu(s.c2(h)).mean((2, 3))
        return F.cross_entropy(s.fc(h), y)
def channels_last():
    torch.manual_seed(0); return ChannelsLast(), (torch.randn(2, 3, 8, 8), torch.tensor([1, 3]))


def sparsemax(z, dim=-1):
    """Sparsemax (Martins & Astudillo) as TabNet's code writes it: sort,
    cumsum, support size, threshold tau."""
    z = z - z.max(dim=dim, keepdim=True)[0]
    zs = torch.sort(z, dim=dim, descending=True)[0]
    k = torch.arange(1, z.size(dim) + 1, dtype=z.dtype).view(1, -1)
    bound = 1 + k * zs > zs.cumsum(dim)
    kz = bound.sum(dim=dim, keepdim=True)
    tau = (zs * bound).sum(dim=dim, keepdim=True).sub(1) / kz.to(z.dtype)
    return torch.clamp(z - tau, min=0)
class SparseAttnNet(nn.Module):
    def __init__(s):
        super().__init__(); s.att = nn.Linear(6, 6); s.bn = nn.BatchNorm1d(6); s.fc = nn.Linear(6, 2)
    def forward(s, x, y):
        mask = sparsemax(s.bn(s.att(x)))
        return F.mse_loss(s.fc(mask * x), y)
def sparsemax_net():
    torch.manual_seed(0); return SparseAttnNet(), (torch.randn(5, 6), torch.randn(5, 2))


def box_cxcywh_to_xyxy(x):
    x_c, y_c, w, h = x.unbind(-1)
    return torch.stack([(x_c - 0.5 * w), (y_c - 0.5 * h), (x_c + 0.5 * w), (y_c + 0.5 * h)], dim=-1)
def generalized_box_iou(b1, b2):
    area1 = (b1[:, 2] - b1[:, 0]) * (b1[:, 3] - b1[:, 1]); area2 = (b2[:, 2] - b2[:, 0]) * (b2[:, 3] - b2[:, 1])
    lt = torch.max(b1[:, None, :2], b2[:, :2]); rb = torch.min(b1[:, None, 2:], b2[:, 2:])
    wh = (rb - lt).clamp(min=0); inter = wh[:, :, 0] * wh[:, :, 1]
    union = area1[:, None] + area2 - inter; iou = inter / union
    lt2 = torch.min(b1[:, None, :2], b2[:, :2]); rb2 = torch.max(b1[:, None, 2:], b2[:, 2:])
    wh2 = (rb2 - lt2).clamp(min=0); area = wh2[:, :, 0] * wh2[:, :, 1]
    return iou - (area - union) / area
class DETRHead(nn.Module):
    """DETR's box head and loss: sigmoid boxes in (cx, cy, w, h), L1 plus
    1 - diag(GIoU), class cross-entropy with a down-weighted no-object
    class (empty_weight)."""
    def __init__(s, d=16, nq=5, classes=3):
        super().__init__(); s.query = nn.Embedding(nq, d); s.dec = nn.TransformerDecoderLayer(d, 2, 32, 0.1, batch_first=True)
        s.class_embed = nn.Linear(d, classes + 1); s.bbox = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, 4))
        w = torch.ones(classes + 1); w[-1] = 0.1; s.register_buffer("empty_weight", w)
    def forward(s, memory, tgt_cls, tgt_box):
        B = memory.shape[0]
        h = s.dec(s.query.weight.unsqueeze(0).repeat(B, 1, 1), memory)
        logits, boxes = s.class_embed(h), s.bbox(h).sigmoid()
        loss_ce = F.cross_entropy(logits.transpose(1, 2), tgt_cls, s.empty_weight)
        src, tgt = boxes.flatten(0, 1), tgt_box.flatten(0, 1)
        loss_bbox = F.l1_loss(src, tgt, reduction="none").sum() / src.shape[0]
        loss_giou = (1 - torch.diag(generalized_box_iou(box_cxcywh_to_xyxy(src), box_cxcywh_to_xyxy(tgt)))).sum() / src.shape[0]
        return loss_ce + 5 * loss_bbox + 2 * loss_giou
def detr():
    torch.manual_seed(0); tb = torch.rand(2, 5, 4) * 0.5 + 0.25
    return DETRHead(), (torch.randn(2, 7, 16), torch.randint(0, 4, (2, 5)), tb)


class MDN(nn.Module):
    """A mixture density network: softmax mixing weights, exp of log
    sigmas, the negative log-likelihood through logsumexp."""
    def __init__(s, k=4):
        super().__init__(); s.k = k; s.h = nn.Sequential(nn.Linear(3, 24), nn.Tanh()); s.pi = nn.Linear(24, k); s.mu = nn.Linear(24, k * 2); s.ls = nn.Linear(24, k * 2)
    def forward(s, x, y):
        h = s.h(x); log_pi = F.log_softmax(s.pi(h), -1)
        mu = s.mu(h).view(-1, s.k, 2); log_sigma = s.ls(h).view(-1, s.k, 2).clamp(-5, 5)
        z = (y.unsqueeze(1) - mu) / torch.exp(log_sigma)
        log_prob = -0.5 * (z ** 2).sum(-1) - log_sigma.sum(-1) - math.log(2 * math.pi)
        return -torch.logsumexp(log_pi + log_prob, dim=-1).mean()
def mdn():
    torch.manual_seed(0); return MDN(), (torch.randn(6, 3), torch.randn(6, 2))


class ModulatedConv(nn.Module):
    """StyleGAN2's modulated convolution: per-sample weights from a style,
    demodulation by rsqrt, the batch folded into groups of one conv."""
    def __init__(s, cin=4, cout=6, k=3, wdim=8):
        super().__init__(); s.weight = nn.Parameter(torch.randn(1, cout, cin, k, k)); s.affine = nn.Linear(wdim, cin); s.cout, s.k = cout, k
        s.mapping = nn.Sequential(nn.Linear(wdim, wdim), nn.LeakyReLU(0.2), nn.Linear(wdim, wdim))
    def forward(s, x, z):
        B, C, H, W = x.shape
        style = s.affine(s.mapping(F.normalize(z, dim=1))).view(B, 1, C, 1, 1) + 1
        w = s.weight * style
        demod = torch.rsqrt(w.pow(2).sum([2, 3, 4]) + 1e-8)
        w = w * demod.view(B, s.cout, 1, 1, 1)
        out = F.conv2d(x.reshape(1, B * C, H, W), w.view(B * s.cout, C, s.k, s.k), padding=1, groups=B)
        out = F.leaky_relu(out.view(B, s.cout, H, W), 0.2) * math.sqrt(2)
        return F.softplus(-out.mean((1, 2, 3))).mean()
def modconv():
    torch.manual_seed(0); return ModulatedConv(), (torch.randn(3, 4, 6, 6), torch.randn(3, 8))


class Wav2VecFE(nn.Module):
    """wav2vec 2.0's feature encoder: strided Conv1d stack without bias,
    GroupNorm with one group per channel on the first layer, GELU; a
    LayerNorm'd projection; the positional conv (weight_norm over dim 2,
    padding, the last frame removed)."""
    def __init__(s, d=16):
        super().__init__()
        s.convs = nn.ModuleList([nn.Conv1d(1, d, 10, 5, bias=False), nn.Conv1d(d, d, 3, 2, bias=False), nn.Conv1d(d, d, 2, 2, bias=False)])
        s.gn = nn.GroupNorm(d, d, affine=True); s.ln = nn.LayerNorm(d); s.proj = nn.Linear(d, 24)
        s.pos_conv = nn.utils.weight_norm(nn.Conv1d(24, 24, 4, padding=2, groups=4), name="weight", dim=2)
    def forward(s, wav):
        x = wav[:, None]
        for i, c in enumerate(s.convs):
            x = c(x)
            x = F.gelu(s.gn(x) if i == 0 else x)
        x = s.proj(s.ln(x.transpose(1, 2)))
        p = s.pos_conv(x.transpose(1, 2))[:, :, :-1]
        x = x + F.gelu(p).transpose(1, 2)
        return x.pow(2).mean()
def wav2vec():
    torch.manual_seed(0); return Wav2VecFE(), (torch.randn(2, 160),)


class Bahdanau(nn.Module):
    """A GRUCell decoder in a Python loop with Bahdanau (additive)
    attention and teacher forcing (the PyTorch seq2seq tutorial)."""
    def __init__(s, V=12, h=16):
        super().__init__(); s.emb = nn.Embedding(V, h); s.enc = nn.GRU(h, h, batch_first=True); s.Wa = nn.Linear(h, h); s.Ua = nn.Linear(h, h); s.Va = nn.Linear(h, 1)
        s.cell = nn.GRUCell(2 * h, h); s.out = nn.Linear(h, V)
    def forward(s, src, tgt):
        keys, hid = s.enc(s.emb(src)); h = hid[0]; loss = 0
        for t in range(tgt.shape[1] - 1):
            scores = s.Va(torch.tanh(s.Wa(h).unsqueeze(1) + s.Ua(keys))).squeeze(2)
            ctx = torch.bmm(F.softmax(scores, dim=-1).unsqueeze(1), keys).squeeze(1)
            h = s.cell(torch.cat([s.emb(tgt[:, t]), ctx], 1), h)
            loss = loss + F.nll_loss(F.log_softmax(s.out(h), -1), tgt[:, t + 1])
        return loss / (tgt.shape[1] - 1)
def bahdanau():
    torch.manual_seed(0); return Bahdanau(), (torch.randint(0, 12, (2, 6)), torch.randint(0, 12, (2, 5)))


class ScatterSoftmax(nn.Module):
    """A graph transformer's edge softmax as PyG writes it without
    torch_scatter: scatter_reduce(amax) of the scores per target node,
    exp, index_add of the denominators, messages summed by index_add_."""
    def __init__(s, d=8):
        super().__init__(); s.q = nn.Linear(d, d); s.k = nn.Linear(d, d); s.v = nn.Linear(d, d); s.o = nn.Linear(d, 2)
    def forward(s, x, edge_index, y):
        src, dst = edge_index; N = x.size(0)
        score = (s.q(x)[dst] * s.k(x)[src]).sum(-1) / math.sqrt(x.size(1))
        smax = torch.full((N,), float("-inf")).scatter_reduce(0, dst, score, reduce="amax", include_self=True)
        e = torch.exp(score - smax[dst])
        denom = torch.zeros(N).index_add(0, dst, e)
        alpha = e / (denom[dst] + 1e-16)
        out = torch.zeros_like(x).index_add_(0, dst, alpha.unsqueeze(-1) * s.v(x)[src])
        return F.cross_entropy(s.o(out + x), y)
def scatter_softmax():
    torch.manual_seed(0); ei = torch.tensor([[0, 1, 2, 3, 4, 0, 2, 4, 1], [1, 2, 3, 4, 0, 0, 0, 1, 1]])
    return ScatterSoftmax(), (torch.randn(5, 8), ei, torch.tensor([0, 1, 1, 0, 1]))


class BNVariants(nn.Module):
    """Batch norm written three more ways: momentum=0.3,
    track_running_stats=False, and affine=False."""
    def __init__(s, momentum=0.3):
        super().__init__(); s.l = nn.Linear(5, 8); s.b1 = nn.BatchNorm1d(8, momentum=momentum); s.b2 = nn.BatchNorm1d(8, track_running_stats=False); s.b3 = nn.BatchNorm1d(8, affine=False); s.o = nn.Linear(8, 1)
    def forward(s, x):
        return s.o(s.b3(torch.tanh(s.b2(F.relu(s.b1(s.l(x))))))).pow(2).mean()
def bn_variants():
    torch.manual_seed(0); return BNVariants(), (torch.randn(6, 5),)
def bn_cumulative():
    """momentum=None: the factor 1 / num_batches_tracked is read in Python
    (batchnorm.py): a clear error naming the line."""
    torch.manual_seed(0); return BNVariants(momentum=None), (torch.randn(6, 5),)


class NCF(nn.Module):
    """Neural collaborative filtering (NeuMF): a GMF branch (user * item
    embeddings) and an MLP branch, concatenated, BCE on implicit labels."""
    def __init__(s, users=10, items=15, d=8):
        super().__init__(); s.ug = nn.Embedding(users, d); s.ig = nn.Embedding(items, d); s.um = nn.Embedding(users, d); s.im = nn.Embedding(items, d)
        s.mlp = nn.Sequential(nn.Linear(2 * d, 16), nn.ReLU(), nn.Dropout(0.1), nn.Linear(16, 8), nn.ReLU()); s.pred = nn.Linear(d + 8, 1)
        for e in (s.ug, s.ig, s.um, s.im):
            nn.init.normal_(e.weight, std=0.01)
    def forward(s, u, i, label):
        gmf = s.ug(u) * s.ig(i)
        mlp = s.mlp(torch.cat([s.um(u), s.im(i)], -1))
        return F.binary_cross_entropy(torch.sigmoid(s.pred(torch.cat([gmf, mlp], -1))).view(-1), label)
def ncf():
    torch.manual_seed(0); return NCF(), (torch.randint(0, 10, (8,)), torch.randint(0, 15, (8,)), torch.randint(0, 2, (8,)).float())


class MoCo(nn.Module):
    """MoCo's InfoNCE loss: a momentum encoder updated under no_grad in
    forward, a negatives queue buffer read by einsum and written in place
    (enqueue) after the loss."""
    def __init__(s, d=8, K=12, m=0.99, T=0.07):
        super().__init__(); s.q = nn.Linear(6, d); s.k = nn.Linear(6, d); s.m, s.T = m, T
        for pq, pk in zip(s.q.parameters(), s.k.parameters()):
            pk.data.copy_(pq.data); pk.requires_grad = False
        s.register_buffer("queue", F.normalize(torch.randn(d, K), dim=0)); s.register_buffer("ptr", torch.zeros(1, dtype=torch.long))
    def forward(s, x_q, x_k):
        q = F.normalize(s.q(x_q), dim=1)
        with torch.no_grad():
            for pq, pk in zip(s.q.parameters(), s.k.parameters()):
                pk.data = pk.data * s.m + pq.data * (1.0 - s.m)
            k = F.normalize(s.k(x_k), dim=1)
        l_pos = torch.einsum("nc,nc->n", [q, k]).unsqueeze(-1)
        l_neg = torch.einsum("nc,ck->nk", [q, s.queue.clone().detach()])
        logits = torch.cat([l_pos, l_neg], dim=1) / s.T
        loss = F.cross_entropy(logits, torch.zeros(logits.shape[0], dtype=torch.long))
        with torch.no_grad():
            s.queue[:, :k.shape[0]] = k.T
        return loss
class MoCoInplace(MoCo):
    """MoCo's momentum update as its repository writes it: in place on
    .data (param_k.data.mul_(m).add_(param_q.data, alpha=1 - m))."""
    def forward(s, x_q, x_k):
        q = F.normalize(s.q(x_q), dim=1)
        with torch.no_grad():
            for pq, pk in zip(s.q.parameters(), s.k.parameters()):
                pk.data.mul_(s.m).add_(pq.data, alpha=1.0 - s.m)
            k = F.normalize(s.k(x_k), dim=1)
        logits = torch.cat([torch.einsum("nc,nc->n", [q, k]).unsqueeze(-1), torch.einsum("nc,ck->nk", [q, s.queue.clone().detach()])], dim=1) / s.T
        return F.cross_entropy(logits, torch.zeros(logits.shape[0], dtype=torch.long))
def moco_inplace():
    torch.manual_seed(0); m = MoCoInplace()
    with torch.no_grad():
        m.k.weight.add_(0.5 * torch.randn_like(m.k.weight))
    return m, (torch.randn(4, 6), torch.randn(4, 6))


def moco():
    torch.manual_seed(0); m = MoCo()
    with torch.no_grad():  # a key encoder some steps behind the query encoder
        m.k.weight.add_(0.5 * torch.randn_like(m.k.weight))
    return m, (torch.randn(4, 6), torch.randn(4, 6))


class LabelSmoothCE(nn.Module):
    """Label smoothing written by hand (timm's LabelSmoothingCrossEntropy):
    log_softmax, gather of the target, the mean over classes."""
    def __init__(s, smoothing=0.1):
        super().__init__(); s.net = nn.Sequential(nn.Linear(7, 12), nn.Hardswish(), nn.Linear(12, 5)); s.confidence = 1. - smoothing; s.smoothing = smoothing
    def forward(s, x, target):
        logprobs = F.log_softmax(s.net(x), dim=-1)
        nll_loss = -logprobs.gather(dim=-1, index=target.unsqueeze(1)).squeeze(1)
        smooth_loss = -logprobs.mean(dim=-1)
        return (s.confidence * nll_loss + s.smoothing * smooth_loss).mean()
def labelsmooth():
    torch.manual_seed(0); return LabelSmoothCE(), (torch.randn(6, 7), torch.tensor([0, 4, 2, 1, 3, 4]))


class IndexZoo(nn.Module):
    """diagonal with offsets and batched dims, diag of a vector, trace (of a
    square and of a tall matrix), scatter_reduce (sum, mean, amax, amin)
    with and without include_self."""
    def __init__(s):
        super().__init__(); s.l = nn.Linear(5, 5); s.v = nn.Parameter(torch.randn(4))
    def forward(s, x, idx):
        m = s.l(x)                                   # (4, 5)
        a = torch.diagonal(m, 1).sum() + m.diagonal(offset=-1).pow(2).sum() + torch.trace(m[:, :4]) + torch.trace(m.t())
        b = (torch.diag(s.v) @ m).sum() + torch.diag(torch.diag(m[:, :4], 0)).sum()
        bat = m.view(2, 2, 5)[:, :, :2].diagonal(dim1=-2, dim2=-1).sum()
        t = torch.tanh(m)
        r = 0
        for mode in ("sum", "mean", "amax", "amin"):  # (prod's backward reads values)
            for inc in (True, False):
                r = r + torch.zeros(3, 5).scatter_reduce(0, idx, t, reduce=mode, include_self=inc).pow(2).sum()
        return a + b + bat + r
def indexzoo():
    torch.manual_seed(0); return IndexZoo(), (torch.randn(4, 5), torch.tensor([[0, 2, 2, 0, 1], [1, 1, 0, 0, 0], [2, 0, 0, 0, 1], [0, 0, 2, 2, 2]]))



# -- a fourth round: what users wrap around their models ----------------------

class DictOut(nn.Module):
    """Hugging Face style: forward returns a dict with the loss first."""
    def __init__(s):
        super().__init__(); s.l = nn.Linear(6, 4)
    def forward(s, x, labels):
        logits = s.l(x)
        return {"loss": F.cross_entropy(logits, labels), "logits": logits}
def dictout():
    torch.manual_seed(0); return DictOut(), (torch.randn(5, 6), torch.tensor([0, 1, 2, 3, 0]))


class Ckpt(nn.Module):
    """Blocks already wrapped in torch.utils.checkpoint, as HF's
    gradient_checkpointing_enable() does (reentrant and not)."""
    def __init__(s):
        super().__init__(); s.blocks = nn.ModuleList([nn.Sequential(nn.LayerNorm(8), nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 8)) for _ in range(3)])
    def forward(s, x):
        import torch.utils.checkpoint as cp
        for i, b in enumerate(s.blocks):
            x = x + cp.checkpoint(b, x, use_reentrant=(i == 1))
        return x.pow(2).mean()
def ckpt():
    torch.manual_seed(0); return Ckpt(), (torch.randn(4, 8, requires_grad=True),)


class GradReverse(torch.autograd.Function):
    """DANN's gradient reversal layer: a custom autograd.Function."""
    @staticmethod
    def forward(ctx, x, alpha):
        ctx.alpha = alpha
        return x.view_as(x)
    @staticmethod
    def backward(ctx, g):
        return g.neg() * ctx.alpha, None
class DANN(nn.Module):
    def __init__(s):
        super().__init__(); s.feat = nn.Sequential(nn.Linear(6, 12), nn.ReLU()); s.cls = nn.Linear(12, 3); s.dom = nn.Sequential(nn.Linear(12, 8), nn.ReLU(), nn.Linear(8, 1))
    def forward(s, x, y, d):
        f = s.feat(x)
        return F.cross_entropy(s.cls(f), y) + F.binary_cross_entropy_with_logits(s.dom(GradReverse.apply(f, 0.3)).squeeze(1), d)
def dann():
    torch.manual_seed(0); return DANN(), (torch.randn(6, 6), torch.tensor([0, 1, 2, 0, 1, 2]), torch.tensor([0., 1., 0., 1., 1., 0.]))


class HookClip(nn.Module):
    """A gradient hook on an activation (clamping its gradient)."""
    def __init__(s):
        super().__init__(); s.a = nn.Linear(5, 8); s.b = nn.Linear(8, 1)
    def forward(s, x):
        h = torch.tanh(s.a(x))
        if h.requires_grad:
            h.register_hook(lambda g: g.clamp(-0.01, 0.01))
        return s.b(h).pow(2).mean()
def hookclip():
    torch.manual_seed(0); return HookClip(), (torch.randn(4, 5),)


class Symmetric(nn.Module):
    def forward(s, X):
        return X.triu() + X.triu(1).transpose(-1, -2)
class Parametrized(nn.Module):
    """torch.nn.utils.parametrize: symmetric weights on two layers.
    (orthogonal()'s default map is linalg_matrix_exp, not supported: a
    clear error naming it.)"""
    def __init__(s):
        super().__init__(); import torch.nn.utils.parametrize as P
        s.a = nn.Linear(6, 6); P.register_parametrization(s.a, "weight", Symmetric())
        s.b = nn.Linear(6, 6); P.register_parametrization(s.b, "weight", Symmetric()); s.c = nn.Linear(6, 2)
    def forward(s, x):
        return s.c(torch.relu(s.b(torch.relu(s.a(x))))).pow(2).mean()
def parametrized():
    torch.manual_seed(0); return Parametrized(), (torch.randn(3, 6),)


class TensorClamp(nn.Module):
    """clamp with tensor bounds, torch.where with 0-d tensors, F.unfold
    (im2col) for a local attention, F.fold of a strided dilated unfold,
    trilinear and linear upsampling."""
    def __init__(s):
        super().__init__(); s.c = nn.Conv2d(2, 4, 1); s.lo = nn.Parameter(torch.full((4, 1, 1), -0.5)); s.c3 = nn.Conv3d(1, 2, 1)
    def forward(s, x, v):
        h = s.c(x)
        h = torch.clamp(h, min=s.lo, max=s.lo + 1.0)
        cols = F.unfold(h, kernel_size=3, padding=1)                 # (N, 4*9, H*W)
        local = cols.view(h.shape[0], 4, 9, -1).softmax(2).mean(2)
        u = F.interpolate(s.c3(v), scale_factor=2, mode="trilinear", align_corners=False)
        u1 = F.interpolate(v.flatten(2), size=11, mode="linear", align_corners=True)
        folded = F.fold(F.unfold(h, kernel_size=2, dilation=2, stride=2), output_size=(5, 5), kernel_size=2, dilation=2, stride=2)
        return local.pow(2).mean() + torch.where(h > 0, h, torch.tensor(0.1) * h).mean() + u.pow(2).mean() + \
            u1.pow(2).mean() + folded.pow(2).mean()
def tensorclamp():
    torch.manual_seed(0); return TensorClamp(), (torch.randn(2, 2, 5, 5), torch.randn(1, 1, 2, 3, 3))


class MaxNormEmb(nn.Module):
    """nn.Embedding(max_norm=1): forward renormalizes the looked-up rows of
    the weight in place (embedding_renorm_)."""
    def __init__(s):
        super().__init__(); s.e = nn.Embedding(10, 4, max_norm=1.0); s.o = nn.Linear(4, 1)
    def forward(s, ids):
        return s.o(s.e(ids)).pow(2).mean()
def maxnorm_emb():
    torch.manual_seed(0); return MaxNormEmb(), (torch.tensor([[1, 4, 4], [7, 2, 9]]),)



# -- a fifth round: state, soft targets, odd outputs --------------------------

class VQVAE(nn.Module):
    """VQ-VAE with an EMA codebook (Oord et al.; the sonnet/PyTorch
    ports): argmin of distances, one_hot assignments, the straight-through
    estimator, commitment loss, in-place EMA updates of the cluster sizes
    and sums (buffers) under no_grad."""
    def __init__(s, K=6, d=4, decay=0.9, eps=1e-5):
        super().__init__(); s.enc = nn.Conv2d(3, d, 3, padding=1); s.dec = nn.Conv2d(d, 3, 3, padding=1); s.K, s.decay, s.eps = K, decay, eps
        embed = torch.randn(K, d)
        s.register_buffer("embed", embed); s.register_buffer("cluster_size", torch.zeros(K)); s.register_buffer("embed_avg", embed.clone())
    def forward(s, x):
        z = s.enc(x).permute(0, 2, 3, 1)
        flat = z.reshape(-1, z.shape[-1])
        dist = flat.pow(2).sum(1, keepdim=True) - 2 * flat @ s.embed.t() + s.embed.pow(2).sum(1)[None]
        ind = dist.argmin(1)
        onehot = F.one_hot(ind, s.K).type(flat.dtype)
        zq = F.embedding(ind, s.embed).view_as(z)
        if s.training:
            with torch.no_grad():
                s.cluster_size.mul_(s.decay).add_(onehot.sum(0), alpha=1 - s.decay)
                s.embed_avg.mul_(s.decay).add_(onehot.t() @ flat, alpha=1 - s.decay)
                n = s.cluster_size.sum()
                size = (s.cluster_size + s.eps) / (n + s.K * s.eps) * n
                s.embed.copy_(s.embed_avg / size.unsqueeze(1))
        commit = F.mse_loss(z, zq.detach())
        zq = z + (zq - z).detach()
        return F.mse_loss(s.dec(zq.permute(0, 3, 1, 2)), x) + 0.25 * commit
def vqvae():
    torch.manual_seed(0); return VQVAE(), (torch.randn(2, 3, 4, 4),)


class SoftTargets(nn.Module):
    """Cross-entropy against probabilities (mixup/cutmix's soft labels,
    PyTorch >= 1.10) with label smoothing, and predictions returned beside
    the loss (an integer output)."""
    def __init__(s):
        super().__init__(); s.net = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 4))
    def forward(s, x, y_soft):
        logits = s.net(x)
        return F.cross_entropy(logits, y_soft, label_smoothing=0.05), logits.argmax(-1)
def soft_targets():
    torch.manual_seed(0); y = torch.softmax(torch.randn(6, 4), -1)
    return SoftTargets(), (torch.randn(6, 5), y)


class ScatterAdd(nn.Module):
    """Tensor.scatter_ with reduce="add" and "multiply" (the older API), and
    an input normalized in place in forward."""
    def __init__(s):
        super().__init__(); s.l = nn.Linear(4, 4)
    def forward(s, x, idx):
        x = x.clone()
        x.sub_(x.mean(0)).div_(x.std(0) + 1e-5)
        h = torch.sigmoid(s.l(x))
        # (scatter_ with reduce has no derivative in PyTorch: on detached values)
        acc = torch.zeros(3, 4).scatter_(0, idx, h.detach(), reduce="add")
        prod = torch.ones(3, 4).scatter_(0, idx, h.detach() + 0.5, reduce="multiply")
        ones = torch.zeros(3, 4).scatter_(0, idx, 1.0, reduce="add")
        return (acc.pow(2).sum() + prod.sum() + ones.sum()) * h.mean()
def scatter_add_api():
    torch.manual_seed(0); return ScatterAdd(), (torch.randn(5, 4), torch.tensor([[0, 1, 2, 0], [1, 1, 0, 2], [2, 0, 1, 1], [0, 2, 2, 0], [1, 0, 0, 2]]))


class Norms(nn.Module):
    """Norms written the ways users write them: F.normalize(p=1),
    torch.linalg.norm (Frobenius), torch.linalg.vector_norm over a dim
    tuple, torch.norm(p=inf), and a noise injection (randn_like)."""
    def __init__(s):
        super().__init__(); s.l = nn.Linear(6, 6)
    def forward(s, x):
        h = s.l(x + 0.1 * torch.randn_like(x))
        a = F.normalize(h, p=1, dim=-1)
        b = torch.linalg.norm(h.view(2, 3, 6), dim=(1, 2))
        c = torch.linalg.vector_norm(h.view(2, 3, 6), ord=3, dim=(0, 2))
        d = torch.norm(h, p=float("inf"), dim=1)
        return a.pow(2).sum() + b.sum() + c.sum() + d.sum()
def norms():
    torch.manual_seed(0); return Norms(), (torch.randn(6, 6),)


MODELS = ["c3d", "unet3d", "avgpool3d", "mha_kpm", "t5", "alibi", "clip", "pointnet", "unet2d", "resnet",
          "gpt2hf", "ste", "ode", "sage", "nbeats", "losses", "maxout", "stn", "convmixer", "pixelunshuffle", "mathzoo", "conv3dops", "warp",
          "arcface", "wgan_gp", "embbag", "embbag_pad", "lstmproj", "channels_last", "sparsemax_net", "detr", "mdn",
          "modconv", "wav2vec", "bahdanau", "scatter_softmax", "bn_variants", "ncf", "moco", "moco_inplace", "labelsmooth", "indexzoo", "gpt2_padded", "bert_emptyseq", "swin_shifted", "keybias", "t5_b1", "swin_b1", "tdecoder", "einsum_xattn", "qknorm", "convnextv2", "relattn", "topkmoe", "reflectconv", "focal", "espnet", "gemma2",
          "dictout", "ckpt", "dann", "hookclip", "parametrized", "tensorclamp", "maxnorm_emb",
          "vqvae", "soft_targets", "scatter_add_api", "norms"]
