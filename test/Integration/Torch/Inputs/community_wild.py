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
- hfbert: Hugging Face BERT: token type embeddings, a position_ids
  buffer, the extended mask (1 - mask) * -10000 added to the scores.
- moe: a top-2 mixture of experts: softmax router, topk, scatter into a
  dense gate, expert weights through einsum, a load-balancing loss.
- rwkv: RWKV's token shift (nn.ZeroPad2d with a negative pad), a mix
  parameter, exp of a clamped key, cumsum-weighted averages.
- mixer: MLP-Mixer: token mixing through transposes, a patch Conv2d.
- effnet: EfficientNet's MBConv: depthwise Conv2d, squeeze-excitation,
  DropPath (new_empty().bernoulli_() and div_), Hardswish, label smoothing.
- conformer: the Conformer's convolution module: GLU, depthwise Conv1d,
  BatchNorm1d, a half-step feed-forward.
- distill: knowledge distillation: F.kl_div(log_softmax, softmax,
  "batchmean") (xlogy) against a frozen teacher under no_grad, Mish.
- focal: focal loss with gather and (1 - p) ** gamma; nn.PReLU.
- espcn: ESPCN super-resolution: PixelShuffle, bilinear interpolate, L1.
- layerscale: a ViT block with LayerScale, a class token and
  nn.MultiheadAttention with dropout.
- miscact: SELU, CELU, softsign, logsigmoid, hardtanh, ReLU6, softplus
  with beta, hardsigmoid, var_mean, flip, roll, F.normalize, std, cumsum.
- wnorm: nn.utils.weight_norm on a Linear, LeakyReLU, smooth L1.
- gumbel: F.gumbel_softmax (its exponential draws) into an MSE.
- instnorm: InstanceNorm2d and a Conv2d with padding_mode="reflect".
- reflect1d, reflect2d, replicate1d, replicate2d, reflect3d, replicate3d:
  F.pad in reflect and replicate modes on 1-D, 2-D and 3-D data.
- mae: MAE's random masking: argsort of torch.rand noise, gather of the
  kept patches, mask[:, :keep] = 0 on a tensor made in forward, mask tokens.
- gcn: a GCN written without PyG: x[src] and index_add_ into zeros.
- triplet: triplet margin and cosine embedding losses on normalized
  embeddings.
- mixup: mixup with soft one-hot targets (scatter_) into cross-entropy.
- protonet: a prototypical network: class means and torch.cdist.
- framer: audio framing with Tensor.unfold and a Hann window.
- tcn: a temporal convolutional network: weight-normed dilated Conv1d,
  chomped by slicing, dropout, a 1x1 downsampling residual.
- sndisc: a spectral-norm GAN discriminator (the power iteration's u and v
  buffers updated in place under no_grad, torch.dot, normalize(out=)).
- slice_writes: out[:, :4] = a(x), m[:, -1] = 0, h[:, 1:] += ... (writes
  into slices and selects of tensors made in forward and of activations).
- gptj: GPT-J: interleaved rotary (rotate_every_two: strided slices,
  stack, flatten; repeat_interleave'd sin/cos buffers), a -inf triu mask
  buffer, parallel attention and MLP.
- relshift: Transformer-XL's relative shift (F.pad, view to (R+1, T),
  drop a row, view_as) with an einsum position term.
- dqn: double DQN: gather of the taken action's Q, argmax of the online
  net and the frozen target's Q under no_grad, smooth L1.
- realnvp: RealNVP coupling layers: chunk, tanh scales, exp, log-det.
- simclr: SimCLR's NT-Xent: normalized embeddings with BatchNorm1d,
  z @ z.T / tau, the diagonal masked through torch.eye, cross-entropy.
- siamese: a contrastive loss on F.pairwise_distance with a clamped margin.
- nerf: NeRF's positional encoding and volume rendering (exclusive cumprod
  of 1 - alpha after a cat of ones).
- capsule: capsule routing by agreement: a 5-D broadcast matmul, squash,
  three routing iterations of softmax and agreement.
- dlrm: DLRM's feature interaction: embeddings stacked with the bottom MLP,
  bmm, the strictly lower triangle through tril_indices buffers
  (Z[:, li, lj]), BCE with logits.
- ppo_novalidate: PPO's clipped objective with torch.distributions'
  Categorical (log_prob, entropy), arg validation off; ppo: the same with
  it on (it reads values in Python: `if not valid.all()`; the importer
  traces past PyTorch's own checks since session 15).
- litllama: Lit-LLaMA: RoPE from a (T, hd/2, 2) cos/sin cache through
  reshape(..., -1, 2), stack and flatten(3); RMSNorm written inline.
- hfllama: Hugging Face's LLaMA: repeat_kv (expand + reshape), RMSNorm in
  float32, rotate_half RoPE from inv_freq @ position_ids, a finfo.min
  triu mask, softmax(dtype=float32), shifted labels with -100.
- convnextv2: ConvNeXt V2's GRN (torch.norm over dims (1, 2)).
- swinv2: Swin V2's cosine attention (F.normalize of q and k, a clamped
  exp logit scale), the continuous position bias MLP on a log2-spaced
  table, indexed by relative_position_index.
- bertmlm: BERT's MLM head tied to the word embeddings, token_type_ids and
  position_ids buffers, nn.TransformerEncoderLayer with a key padding
  mask, -100 labels.
- deit: DeiT's distillation token with two heads.
- sliding: Mistral-style sliding-window mask (log of tril/triu of ones).
- bilinear: nn.Bilinear on (B, T, F) inputs (aten._trilinear).
- transformer: nn.Transformer encoder-decoder with generate_square_subsequent_mask,
  its inputs tgt[:, :-1] and tgt[:, 1:] (strided views of one tensor:
  remat_torch.compile traced them on contiguous copies before 2026-12-03,
  and its graph then read the real inputs wrongly), ignore_index=0.
- charrnn: the char-RNN tutorial: nn.RNN (tanh, 2 layers, dropout), h0 input.
- wordlm: PyTorch's word_language_model: nn.LSTM with an (h, c) tuple
  input, tied encoder/decoder weights, dropout, NLL of log_softmax.
- meanpool: masked mean pooling over nn.TransformerEncoder with a key
  padding mask, F.cosine_similarity, BCE with logits.
- upsample: bilinear upsampling with align_corners=True, nearest
  interpolation to a non-integer size (11, 9).
- packed: pack_padded_sequence into nn.GRU: lengths read in Python, the
  importer says so.
- inplace: relu_, h += r, F.dropout(inplace=True), masked_fill_, chained
  mul_().add_(), out[:, 0] = out[:, 0] * 2 on activations.
- deep: 48 residual LayerNorm-Linear-GELU blocks of width 8.
- tiny: a one-token batch through nn.MultiheadAttention.
- constfwd: torch.tensor([...]) and new_tensor in forward, an f16 round
  trip, torch.where with zeros_like.
- dynt: a bool tril buffer sliced to the input's length, ~mask.
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



class HFBertSelfAttn(nn.Module):
    def __init__(s, d=32, h=4):
        super().__init__(); s.h = h; s.q = nn.Linear(d, d); s.k = nn.Linear(d, d); s.v = nn.Linear(d, d)
        s.drop = nn.Dropout(0.1); s.o = nn.Linear(d, d); s.ln = nn.LayerNorm(d, eps=1e-12)
    def t(s, x):
        B, T, C = x.shape
        return x.view(B, T, s.h, C // s.h).permute(0, 2, 1, 3)
    def forward(s, x, ext):
        q, k, v = s.t(s.q(x)), s.t(s.k(x)), s.t(s.v(x))
        sc = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(q.shape[-1]) + ext
        p = s.drop(nn.functional.softmax(sc, dim=-1))
        c = torch.matmul(p, v).permute(0, 2, 1, 3).contiguous()
        c = c.view(c.size()[:-2] + (x.shape[-1],))
        return s.ln(s.o(c) + x)
class HFBert(nn.Module):
    def __init__(s):
        super().__init__(); s.we = nn.Embedding(30, 32); s.pe = nn.Embedding(16, 32); s.te = nn.Embedding(2, 32)
        s.ln = nn.LayerNorm(32, eps=1e-12); s.a1 = HFBertSelfAttn(); s.a2 = HFBertSelfAttn(); s.pool = nn.Linear(32, 32); s.cls = nn.Linear(32, 2)
        s.register_buffer("position_ids", torch.arange(16).expand((1, -1)))
    def forward(s, ids, tt, mask, labels):
        x = s.ln(s.we(ids) + s.pe(s.position_ids[:, :ids.shape[1]]) + s.te(tt))
        ext = mask[:, None, None, :].to(dtype=x.dtype)
        ext = (1.0 - ext) * -10000.0
        x = s.a2(s.a1(x, ext), ext)
        return F.cross_entropy(s.cls(torch.tanh(s.pool(x[:, 0]))), labels)
def hfbert():
    torch.manual_seed(0); ids = torch.randint(0, 30, (2, 16)); mask = torch.ones(2, 16); mask[0, 12:] = 0
    return HFBert(), (ids, torch.zeros(2, 16, dtype=torch.long), mask, torch.tensor([1, 0]))


class MoE(nn.Module):
    def __init__(s, d=16, e=4, k=2):
        super().__init__(); s.k = k; s.gate = nn.Linear(d, e, bias=False)
        s.w1 = nn.Parameter(torch.randn(e, d, 32) * 0.1); s.w2 = nn.Parameter(torch.randn(e, 32, d) * 0.1)
    def forward(s, x):
        B, T, D = x.shape; x2 = x.reshape(-1, D)
        logits = s.gate(x2); probs = logits.softmax(-1)
        topv, topi = probs.topk(s.k, dim=-1)
        topv = topv / topv.sum(-1, keepdim=True)
        dense = torch.zeros_like(probs).scatter(1, topi, topv)        # (N, E)
        h = torch.einsum("nd,edf->nef", x2, s.w1)
        h = F.silu(h)
        y = torch.einsum("nef,efd->ned", h, s.w2)
        out = (y * dense.unsqueeze(-1)).sum(1)
        aux = (probs.mean(0) * (dense > 0).float().mean(0)).sum() * 4
        return (x2 + out).pow(2).mean() + 0.01 * aux
def moe():
    torch.manual_seed(0); return MoE(), (torch.randn(2, 6, 16),)


class RWKVTimeMix(nn.Module):
    def __init__(s, d=16):
        super().__init__(); s.shift = nn.ZeroPad2d((0, 0, 1, -1)); s.mix = nn.Parameter(torch.rand(1, 1, d))
        s.k = nn.Linear(d, d, bias=False); s.r = nn.Linear(d, d, bias=False); s.o = nn.Linear(d, d, bias=False); s.ln = nn.LayerNorm(d)
    def forward(s, x):
        y = s.ln(x)
        xx = s.shift(y)
        xk = y * s.mix + xx * (1 - s.mix)
        k = torch.clamp(s.k(xk), max=30).exp()
        kv = torch.cumsum(k * y, dim=1) / torch.cumsum(k, dim=1)
        return (x + s.o(torch.sigmoid(s.r(xk)) * kv)).pow(2).mean()
def rwkv():
    torch.manual_seed(0); return RWKVTimeMix(), (torch.randn(2, 8, 16),)


class MixerBlock(nn.Module):
    def __init__(s, tokens=16, d=16):
        super().__init__(); s.n1 = nn.LayerNorm(d); s.n2 = nn.LayerNorm(d)
        s.tok = nn.Sequential(nn.Linear(tokens, 32), nn.GELU(), nn.Linear(32, tokens))
        s.ch = nn.Sequential(nn.Linear(d, 32), nn.GELU(), nn.Linear(32, d))
    def forward(s, x):
        x = x + s.tok(s.n1(x).transpose(1, 2)).transpose(1, 2)
        return x + s.ch(s.n2(x))
class Mixer(nn.Module):
    def __init__(s):
        super().__init__(); s.stem = nn.Conv2d(3, 16, 4, 4); s.b = nn.Sequential(MixerBlock(), MixerBlock()); s.head = nn.Linear(16, 5)
    def forward(s, img, y):
        x = s.stem(img).flatten(2).transpose(1, 2)
        return F.cross_entropy(s.head(s.b(x).mean(1)), y)
def mixer():
    torch.manual_seed(0); return Mixer(), (torch.randn(2, 3, 16, 16), torch.tensor([0, 3]))


def drop_path(x, p, training):
    if p == 0. or not training:
        return x
    keep = 1 - p
    shape = (x.shape[0],) + (1,) * (x.ndim - 1)
    mask = x.new_empty(shape).bernoulli_(keep)
    return x * mask.div_(keep)
class MBConv(nn.Module):
    def __init__(s, c=16, e=4):
        super().__init__(); h = c * e
        s.exp = nn.Sequential(nn.Conv2d(c, h, 1, bias=False), nn.BatchNorm2d(h), nn.SiLU())
        s.dw = nn.Sequential(nn.Conv2d(h, h, 3, padding=1, groups=h, bias=False), nn.BatchNorm2d(h), nn.SiLU())
        s.se1 = nn.Conv2d(h, 4, 1); s.se2 = nn.Conv2d(4, h, 1)
        s.proj = nn.Sequential(nn.Conv2d(h, c, 1, bias=False), nn.BatchNorm2d(c))
    def forward(s, x):
        y = s.dw(s.exp(x))
        se = torch.sigmoid(s.se2(F.silu(s.se1(F.adaptive_avg_pool2d(y, 1)))))
        return x + drop_path(s.proj(y * se), 0.2, s.training)
class EffNet(nn.Module):
    def __init__(s):
        super().__init__(); s.stem = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1, bias=False), nn.BatchNorm2d(16), nn.Hardswish())
        s.b = nn.Sequential(MBConv(), MBConv()); s.fc = nn.Linear(16, 4)
    def forward(s, x, y):
        return F.cross_entropy(s.fc(s.b(s.stem(x)).mean((2, 3))), y, label_smoothing=0.1)
def effnet():
    torch.manual_seed(0); return EffNet(), (torch.randn(2, 3, 16, 16), torch.tensor([1, 2]))


class ConformerConv(nn.Module):
    def __init__(s, d=16):
        super().__init__(); s.ln = nn.LayerNorm(d); s.pw1 = nn.Conv1d(d, 2 * d, 1); s.dw = nn.Conv1d(d, d, 5, padding=2, groups=d)
        s.bn = nn.BatchNorm1d(d); s.pw2 = nn.Conv1d(d, d, 1); s.ff = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 64), nn.SiLU(), nn.Dropout(0.1), nn.Linear(64, d))
    def forward(s, x):
        x = x + 0.5 * s.ff(x)
        y = s.ln(x).transpose(1, 2)
        y = F.glu(s.pw1(y), dim=1)
        y = s.pw2(F.silu(s.bn(s.dw(y))))
        x = x + y.transpose(1, 2)
        return x.pow(2).mean()
def conformer():
    torch.manual_seed(0); return ConformerConv(), (torch.randn(2, 12, 16),)


class Distill(nn.Module):
    def __init__(s):
        super().__init__(); s.student = nn.Sequential(nn.Linear(10, 32), nn.Mish(), nn.Linear(32, 6))
        s.teacher = nn.Sequential(nn.Linear(10, 64), nn.ReLU(), nn.Linear(64, 6))
        for p in s.teacher.parameters(): p.requires_grad_(False)
    def forward(s, x, y, T=2.0):
        with torch.no_grad():
            t = s.teacher(x)
        o = s.student(x)
        kd = F.kl_div(F.log_softmax(o / T, -1), F.softmax(t / T, -1), reduction="batchmean") * T * T
        return kd + F.cross_entropy(o, y)
def distill():
    torch.manual_seed(0); return Distill(), (torch.randn(4, 10), torch.tensor([0, 5, 2, 1]))


class Focal(nn.Module):
    def __init__(s):
        super().__init__(); s.net = nn.Sequential(nn.Linear(8, 16), nn.PReLU(), nn.Linear(16, 5))
    def forward(s, x, y, gamma=2.0):
        logp = F.log_softmax(s.net(x), -1).gather(1, y[:, None]).squeeze(1)
        p = logp.exp()
        return (-(1 - p) ** gamma * logp).mean()
def focal():
    torch.manual_seed(0); return Focal(), (torch.randn(6, 8), torch.tensor([0, 1, 2, 3, 4, 0]))


class ESPCN(nn.Module):
    def __init__(s):
        super().__init__(); s.c1 = nn.Conv2d(1, 16, 5, padding=2); s.c2 = nn.Conv2d(16, 8, 3, padding=1); s.c3 = nn.Conv2d(8, 4, 3, padding=1); s.ps = nn.PixelShuffle(2)
    def forward(s, x, hr):
        y = s.ps(s.c3(torch.tanh(s.c2(torch.tanh(s.c1(x))))))
        up = F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=False)
        return F.l1_loss(torch.sigmoid(y + up), hr)
def espcn():
    torch.manual_seed(0); return ESPCN(), (torch.rand(2, 1, 8, 8), torch.rand(2, 1, 16, 16))


class LayerScaleViT(nn.Module):
    def __init__(s, d=32):
        super().__init__(); s.n1 = nn.LayerNorm(d); s.attn = nn.MultiheadAttention(d, 4, batch_first=True, dropout=0.1)
        s.g1 = nn.Parameter(1e-1 * torch.ones(d)); s.n2 = nn.LayerNorm(d); s.mlp = nn.Sequential(nn.Linear(d, 64), nn.GELU(), nn.Linear(64, d)); s.g2 = nn.Parameter(1e-1 * torch.ones(d))
        s.cls = nn.Parameter(torch.zeros(1, 1, d)); s.pos = nn.Parameter(torch.randn(1, 10, d) * .02); s.patch = nn.Conv2d(3, d, 4, 4); s.head = nn.Linear(d, 3)
    def forward(s, img, y):
        x = s.patch(img).flatten(2).transpose(1, 2)
        x = torch.cat([s.cls.expand(x.shape[0], -1, -1), x], 1) + s.pos
        h = s.n1(x)
        x = x + s.g1 * s.attn(h, h, h, need_weights=False)[0]
        x = x + s.g2 * s.mlp(s.n2(x))
        return F.cross_entropy(s.head(x[:, 0]), y)
def layerscale():
    torch.manual_seed(0); return LayerScaleViT(), (torch.randn(2, 3, 12, 12), torch.tensor([2, 0]))


class MiscAct(nn.Module):
    def __init__(s):
        super().__init__(); s.l1 = nn.Linear(8, 16); s.l2 = nn.Linear(16, 16); s.l3 = nn.Linear(16, 4)
    def forward(s, x):
        h = F.selu(s.l1(x)) + F.celu(s.l1(x)) + F.softsign(s.l1(x)) + F.logsigmoid(s.l1(x))
        h = F.hardtanh(s.l2(h)) * F.relu6(s.l2(h)) + F.softplus(s.l2(h), beta=2) + F.hardsigmoid(s.l2(h))
        v, m = torch.var_mean(h, dim=-1, keepdim=True)
        h = (h - m) / torch.sqrt(v + 1e-5)
        h = h + torch.flip(h, dims=[0]) * 0.1 + torch.roll(h, 1, dims=1) * 0.1
        return F.normalize(s.l3(h), dim=-1).std() + torch.cumsum(h, 0).mean()
def miscact():
    torch.manual_seed(0); return MiscAct(), (torch.randn(6, 8),)


class WNorm(nn.Module):
    def __init__(s):
        super().__init__(); s.l = nn.utils.weight_norm(nn.Linear(8, 16)); s.o = nn.Linear(16, 1)
    def forward(s, x, y):
        return F.smooth_l1_loss(s.o(F.leaky_relu(s.l(x), 0.1)).squeeze(-1), y)
def wnorm():
    torch.manual_seed(0); return WNorm(), (torch.randn(5, 8), torch.randn(5))


class Gumbel(nn.Module):
    def __init__(s):
        super().__init__(); s.enc = nn.Linear(8, 6); s.dec = nn.Linear(6, 8)
    def forward(s, x):
        z = F.gumbel_softmax(s.enc(x), tau=0.5, hard=False)
        return F.mse_loss(s.dec(z), x)
def gumbel():
    torch.manual_seed(0); return Gumbel(), (torch.randn(4, 8),)


class InstNorm(nn.Module):
    def __init__(s):
        super().__init__(); s.c = nn.Conv2d(3, 8, 3, padding=1); s.n = nn.InstanceNorm2d(8, affine=True); s.o = nn.Conv2d(8, 3, 3, padding=1, padding_mode="reflect")
    def forward(s, x):
        return (s.o(F.relu(s.n(s.c(x)))) - x).abs().mean()
def instnorm():
    torch.manual_seed(0); return InstNorm(), (torch.randn(2, 3, 8, 8),)


# --- Reflection and replication padding, 1-D to 3-D.
class Pad(nn.Module):
    def __init__(self, mode, pad, shape):
        super().__init__()
        self.mode, self.pad = mode, pad
        self.w = nn.Parameter(torch.randn(*shape))

    def forward(self, x):
        y = F.pad(x * self.w, self.pad, mode=self.mode)
        ramp = torch.linspace(0.5, 2.0, y.numel()).view(y.shape)
        return (y * ramp).pow(2).mean()


def _pad(mode, pad, shape):
    def make():
        torch.manual_seed(0)
        return Pad(mode, pad, shape), (torch.randn(*shape),)
    return make


reflect1d = _pad("reflect", (2, 3), (2, 2, 7))
replicate1d = _pad("replicate", (2, 3), (2, 2, 7))
reflect2d = _pad("reflect", (1, 2, 3, 1), (2, 2, 5, 6))
replicate2d = _pad("replicate", (1, 2, 3, 1), (2, 2, 5, 6))
reflect3d = _pad("reflect", (1, 1, 2, 0, 3, 1), (1, 2, 4, 5, 6))
replicate3d = _pad("replicate", (1, 1, 2, 0, 3, 1), (1, 2, 4, 5, 6))


class MAE(nn.Module):
    def __init__(s, d=16, L=16):
        super().__init__(); s.embed = nn.Linear(12, d); s.pos = nn.Parameter(torch.randn(1, L, d) * .02)
        s.enc = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, d), nn.GELU()); s.mask_token = nn.Parameter(torch.zeros(1, 1, d))
        s.dec = nn.Linear(d, 12)
    def forward(s, patches, ratio=0.75):
        x = s.embed(patches) + s.pos
        N, L, D = x.shape
        keep = int(L * (1 - ratio))
        noise = torch.rand(N, L, device=x.device)
        ids_shuffle = torch.argsort(noise, dim=1)
        ids_restore = torch.argsort(ids_shuffle, dim=1)
        ids_keep = ids_shuffle[:, :keep]
        x = torch.gather(x, 1, ids_keep.unsqueeze(-1).repeat(1, 1, D))
        mask = torch.ones([N, L]); mask[:, :keep] = 0
        mask = torch.gather(mask, 1, ids_restore)
        x = s.enc(x)
        toks = s.mask_token.repeat(N, L - keep, 1)
        x = torch.cat([x, toks], 1)
        x = torch.gather(x, 1, ids_restore.unsqueeze(-1).repeat(1, 1, D))
        pred = s.dec(x)
        loss = ((pred - patches) ** 2).mean(-1)
        return (loss * mask).sum() / mask.sum()


def mae():
    torch.manual_seed(0); return MAE(), (torch.randn(2, 16, 12),)


class GCN(nn.Module):
    def __init__(s):
        super().__init__(); s.l1 = nn.Linear(6, 16); s.l2 = nn.Linear(16, 3)
    def prop(s, x, src, dst, w):
        out = torch.zeros_like(x)
        return out.index_add_(0, dst, x[src] * w[:, None])
    def forward(s, x, src, dst, w, y):
        h = F.relu(s.prop(s.l1(x), src, dst, w))
        return F.cross_entropy(s.prop(s.l2(h), src, dst, w), y)


def gcn():
    torch.manual_seed(0); src = torch.randint(0, 10, (30,)); dst = torch.randint(0, 10, (30,))
    return GCN(), (torch.randn(10, 6), src, dst, torch.rand(30), torch.randint(0, 3, (10,)))


class Triplet(nn.Module):
    def __init__(s):
        super().__init__(); s.net = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 8))
    def forward(s, a, p, n):
        ea, ep, en = F.normalize(s.net(a)), F.normalize(s.net(p)), F.normalize(s.net(n))
        return F.triplet_margin_loss(ea, ep, en, margin=0.3) + F.cosine_embedding_loss(ea, ep, torch.ones(a.shape[0]))


def triplet():
    torch.manual_seed(0); return Triplet(), (torch.randn(4, 10), torch.randn(4, 10), torch.randn(4, 10))


class Mixup(nn.Module):
    def __init__(s):
        super().__init__(); s.net = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 5))
    def forward(s, x, y, lam=0.7):
        idx = torch.arange(x.shape[0] - 1, -1, -1)
        xm = lam * x + (1 - lam) * x[idx]
        t = torch.zeros(y.shape[0], 5).scatter_(1, y[:, None], 1.0)  # one-hot targets
        tm = lam * t + (1 - lam) * t[idx]
        return F.cross_entropy(s.net(xm), tm)


def mixup():
    torch.manual_seed(0); return Mixup(), (torch.randn(4, 3, 8, 8), torch.tensor([0, 4, 2, 1]))


class ProtoNet(nn.Module):
    def __init__(s):
        super().__init__(); s.enc = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 16))
    def forward(s, support, query, qy):
        z = s.enc(support).view(3, 4, -1).mean(1)
        d = torch.cdist(s.enc(query), z)
        return F.cross_entropy(-d, qy)


def protonet():
    torch.manual_seed(0); return ProtoNet(), (torch.randn(12, 12), torch.randn(6, 12), torch.tensor([0, 1, 2, 0, 1, 2]))


class Framer(nn.Module):
    def __init__(s):
        super().__init__(); s.proj = nn.Linear(16, 8); s.out = nn.Linear(8, 1)
    def forward(s, wav):
        frames = wav.unfold(-1, 16, 8)                 # (B, n, 16)
        win = torch.hann_window(16, periodic=True)
        h = torch.tanh(s.proj(frames * win))
        return s.out(h).mean()


def framer():
    torch.manual_seed(0); return Framer(), (torch.randn(2, 64),)


class Chomp(nn.Module):
    def __init__(s, n):
        super().__init__(); s.n = n
    def forward(s, x):
        return x[:, :, :-s.n].contiguous()


class TCN(nn.Module):
    def __init__(s):
        super().__init__()
        s.c1 = nn.utils.weight_norm(nn.Conv1d(4, 8, 3, padding=2, dilation=1)); s.c2 = nn.utils.weight_norm(nn.Conv1d(8, 8, 3, padding=4, dilation=2))
        s.ch1, s.ch2 = Chomp(2), Chomp(4); s.down = nn.Conv1d(4, 8, 1); s.fc = nn.Linear(8, 2)
    def forward(s, x, y):
        h = F.dropout(F.relu(s.ch1(s.c1(x))), 0.1, s.training)
        h = F.relu(s.ch2(s.c2(h)))
        h = F.relu(h + s.down(x))
        return F.cross_entropy(s.fc(h[:, :, -1]), y)


def tcn():
    torch.manual_seed(0); return TCN(), (torch.randn(2, 4, 20), torch.tensor([0, 1]))


class SNDisc(nn.Module):
    def __init__(s):
        super().__init__(); s.c1 = nn.utils.spectral_norm(nn.Conv2d(3, 8, 4, 2, 1)); s.c2 = nn.utils.spectral_norm(nn.Conv2d(8, 1, 4, 1, 0))
    def forward(s, x):
        return F.softplus(-s.c2(F.leaky_relu(s.c1(x), 0.2))).mean()


def sndisc():
    torch.manual_seed(0); return SNDisc(), (torch.randn(2, 3, 8, 8),)


class SliceWrites(nn.Module):
    def __init__(s):
        super().__init__(); s.a = nn.Linear(8, 4); s.b = nn.Linear(8, 4); s.c = nn.Linear(8, 8)
    def forward(s, x):
        B = x.shape[0]
        out = torch.zeros(B, 8)
        out[:, :4] = s.a(x)              # copy_ of a computed value into a slice
        out[:, 4:] = torch.tanh(s.b(x))
        m = torch.ones(B, 8)
        m[:, -1] = 0                     # select write of a scalar
        m[0, 2:5] = 0.5
        h = s.c(x)
        h[:, 1:] += out[:, :-1]          # in-place add into a slice of an activation
        y = h * m
        return y.pow(2).mean()
def slice_writes():
    torch.manual_seed(0); return SliceWrites(), (torch.randn(3, 8),)


def rotate_every_two(x):
    x1 = x[:, :, :, ::2]; x2 = x[:, :, :, 1::2]
    return torch.stack((-x2, x1), dim=-1).flatten(-2)
class GPTJAttn(nn.Module):
    def __init__(s, d=32, h=4, T=8):
        super().__init__(); s.h = h; s.hd = d // h; s.q = nn.Linear(d, d, bias=False); s.k = nn.Linear(d, d, bias=False); s.v = nn.Linear(d, d, bias=False); s.o = nn.Linear(d, d, bias=False)
        inv = 1.0 / (10000 ** (torch.arange(0, s.hd, 2).float() / s.hd))
        sinus = torch.einsum("i,j->ij", torch.arange(T).float(), inv)
        s.register_buffer("sin", torch.repeat_interleave(torch.sin(sinus), 2, dim=1)[None, :, None, :])
        s.register_buffer("cos", torch.repeat_interleave(torch.cos(sinus), 2, dim=1)[None, :, None, :])
        s.register_buffer("mask", torch.full((T, T), float("-inf")).triu(1))
        s.ln = nn.LayerNorm(d); s.fc = nn.Linear(d, 4 * d); s.proj = nn.Linear(4 * d, d)
    def forward(s, x):
        B, T, C = x.shape
        h = s.ln(x)
        q = s.q(h).view(B, T, s.h, s.hd); k = s.k(h).view(B, T, s.h, s.hd); v = s.v(h).view(B, T, s.h, s.hd)
        q = q * s.cos + rotate_every_two(q) * s.sin
        k = k * s.cos + rotate_every_two(k) * s.sin
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        att = (q @ k.transpose(-1, -2)) / math.sqrt(s.hd) + s.mask
        a = (att.softmax(-1) @ v).transpose(1, 2).reshape(B, T, C)
        return x + s.o(a) + s.proj(F.gelu(s.fc(h), approximate="tanh"))
class Mean(nn.Module):
    def forward(s, x):
        return x.pow(2).mean()
def gptj():
    torch.manual_seed(0); m = nn.Sequential(GPTJAttn(), GPTJAttn(), Mean()); return m, (torch.randn(2, 8, 32),)


class RelShift(nn.Module):
    def __init__(s, d=16, h=2, T=6):
        super().__init__(); s.h = h; s.qkv = nn.Linear(d, 3 * d); s.r = nn.Parameter(torch.randn(T, d) * 0.1); s.o = nn.Linear(d, d)
    @staticmethod
    def rel_shift(x):
        B, H, T, R = x.shape
        xp = F.pad(x, (1, 0))
        xp = xp.view(B, H, R + 1, T)
        return xp[:, :, 1:].view_as(x)
    def forward(s, x):
        B, T, C = x.shape
        q, k, v = s.qkv(x).view(B, T, 3, s.h, C // s.h).permute(2, 0, 3, 1, 4)
        r = s.r.view(T, s.h, C // s.h).permute(1, 0, 2)
        ac = q @ k.transpose(-1, -2)
        bd = torch.einsum("bhid,hjd->bhij", q, r)
        att = (ac + s.rel_shift(bd)) / math.sqrt(C // s.h)
        return s.o((att.softmax(-1) @ v).transpose(1, 2).reshape(B, T, C)).pow(2).mean()
def relshift():
    torch.manual_seed(0); return RelShift(), (torch.randn(2, 6, 16),)


class PPO(nn.Module):
    def __init__(s):
        super().__init__(); s.body = nn.Sequential(nn.Linear(6, 32), nn.Tanh(), nn.Linear(32, 32), nn.Tanh()); s.pi = nn.Linear(32, 4); s.vf = nn.Linear(32, 1)
    def forward(s, obs, act, old_logp, adv, ret, eps=0.2):
        h = s.body(obs)
        dist = torch.distributions.Categorical(logits=s.pi(h))
        logp = dist.log_prob(act)
        ratio = torch.exp(logp - old_logp)
        pg = -torch.min(ratio * adv, torch.clamp(ratio, 1 - eps, 1 + eps) * adv).mean()
        v = s.vf(h).squeeze(-1)
        vloss = F.smooth_l1_loss(v, ret)
        return pg + 0.5 * vloss - 0.01 * dist.entropy().mean()
def ppo():
    torch.manual_seed(0)
    return PPO(), (torch.randn(8, 6), torch.randint(0, 4, (8,)), torch.randn(8) - 1.4, torch.randn(8), torch.randn(8))


class DQN(nn.Module):
    def __init__(s):
        super().__init__(); s.q = nn.Sequential(nn.Linear(5, 32), nn.ReLU(), nn.Linear(32, 3)); s.target = nn.Sequential(nn.Linear(5, 32), nn.ReLU(), nn.Linear(32, 3))
        for p in s.target.parameters(): p.requires_grad_(False)
    def forward(s, obs, act, rew, nxt, done, gamma=0.99):
        q = s.q(obs).gather(1, act[:, None]).squeeze(1)
        with torch.no_grad():
            best = s.q(nxt).argmax(1, keepdim=True)
            tgt = rew + gamma * (1 - done) * s.target(nxt).gather(1, best).squeeze(1)
        return F.smooth_l1_loss(q, tgt.detach())
def dqn():
    torch.manual_seed(0)
    return DQN(), (torch.randn(8, 5), torch.randint(0, 3, (8,)), torch.randn(8), torch.randn(8, 5), (torch.rand(8) > 0.8).float())


class Coupling(nn.Module):
    def __init__(s, d=8, flip=False):
        super().__init__(); s.flip = flip; s.net = nn.Sequential(nn.Linear(d // 2, 32), nn.ReLU(), nn.Linear(32, d))
    def forward(s, x):
        a, b = x.chunk(2, -1)
        if s.flip: a, b = b, a
        st = s.net(a); sc, t = st.chunk(2, -1); sc = torch.tanh(sc)
        b = b * torch.exp(sc) + t
        out = torch.cat([b, a] if s.flip else [a, b], -1)
        return out, sc.sum(-1)
class RealNVP(nn.Module):
    def __init__(s):
        super().__init__(); s.layers = nn.ModuleList([Coupling(flip=i % 2 == 1) for i in range(4)])
    def forward(s, x):
        logdet = 0
        for l in s.layers:
            x, ld = l(x); logdet = logdet + ld
        logp = -0.5 * (x ** 2).sum(-1) - 0.5 * x.shape[-1] * math.log(2 * math.pi)
        return -(logp + logdet).mean()
def realnvp():
    torch.manual_seed(0); return RealNVP(), (torch.randn(16, 8),)


class SimCLR(nn.Module):
    def __init__(s):
        super().__init__(); s.enc = nn.Sequential(nn.Linear(12, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Linear(32, 16))
    def forward(s, x1, x2, tau=0.5):
        z = F.normalize(torch.cat([s.enc(x1), s.enc(x2)]), dim=1)
        n = x1.shape[0]
        sim = z @ z.t() / tau
        sim = sim.masked_fill(torch.eye(2 * n, dtype=torch.bool), float("-inf"))
        labels = torch.cat([torch.arange(n, 2 * n), torch.arange(0, n)])
        return F.cross_entropy(sim, labels)
def simclr():
    torch.manual_seed(0); return SimCLR(), (torch.randn(4, 12), torch.randn(4, 12))


class Siamese(nn.Module):
    def __init__(s):
        super().__init__(); s.net = nn.Sequential(nn.Linear(10, 16), nn.ELU(), nn.Linear(16, 8))
    def forward(s, a, b, same, margin=1.0):
        d = F.pairwise_distance(s.net(a), s.net(b))
        return (same * d.pow(2) + (1 - same) * torch.clamp(margin - d, min=0).pow(2)).mean()
def siamese():
    torch.manual_seed(0); return Siamese(), (torch.randn(6, 10), torch.randn(6, 10), torch.tensor([1., 0, 1, 0, 0, 1]))


class NeRF(nn.Module):
    def __init__(s, L=4):
        super().__init__(); s.L = L; s.mlp = nn.Sequential(nn.Linear(3 + 3 * 2 * L, 32), nn.ReLU(), nn.Linear(32, 4))
    def forward(s, pts, deltas, target):
        enc = [pts] + [f(2.0 ** k * pts) for k in range(s.L) for f in (torch.sin, torch.cos)]
        out = s.mlp(torch.cat(enc, -1))                    # (R, S, 4)
        rgb, sigma = torch.sigmoid(out[..., :3]), F.relu(out[..., 3])
        alpha = 1 - torch.exp(-sigma * deltas)
        trans = torch.cumprod(torch.cat([torch.ones_like(alpha[:, :1]), 1 - alpha + 1e-10], -1), -1)[:, :-1]
        w = alpha * trans
        return F.mse_loss((w[..., None] * rgb).sum(1), target)
def nerf():
    torch.manual_seed(0); return NeRF(), (torch.randn(4, 6, 3), torch.rand(4, 6) * 0.3, torch.rand(4, 3))


def squash(s, dim=-1):
    n2 = (s ** 2).sum(dim, keepdim=True)
    return n2 / (1 + n2) * s / torch.sqrt(n2 + 1e-8)
class Capsule(nn.Module):
    def __init__(s, nin=8, din=4, nout=3, dout=6, iters=3):
        super().__init__(); s.W = nn.Parameter(torch.randn(1, nin, nout, dout, din) * 0.1); s.iters = iters; s.pre = nn.Linear(10, nin * din); s.nin, s.din = nin, din
    def forward(s, x, y):
        u = squash(s.pre(x).view(-1, s.nin, s.din))
        uhat = (s.W @ u[:, :, None, :, None]).squeeze(-1)          # (B, nin, nout, dout)
        b = torch.zeros(uhat.shape[:3])
        for i in range(s.iters):
            c = b.softmax(2)
            v = squash((c[..., None] * uhat).sum(1))                # (B, nout, dout)
            if i < s.iters - 1:
                b = b + (uhat * v[:, None]).sum(-1)
        lengths = v.norm(dim=-1)
        t = torch.zeros_like(lengths).scatter_(1, y[:, None], 1.0)
        return (t * F.relu(0.9 - lengths) ** 2 + 0.5 * (1 - t) * F.relu(lengths - 0.1) ** 2).sum(1).mean()
def capsule():
    torch.manual_seed(0); return Capsule(), (torch.randn(4, 10), torch.tensor([0, 2, 1, 0]))


class DLRM(nn.Module):
    def __init__(s):
        super().__init__(); s.bot = nn.Sequential(nn.Linear(4, 8), nn.ReLU()); s.embs = nn.ModuleList([nn.Embedding(10, 8) for _ in range(3)])
        s.top = nn.Sequential(nn.Linear(8 + 6, 16), nn.ReLU(), nn.Linear(16, 1))
        li, lj = torch.tril_indices(4, 4, offset=-1)
        s.register_buffer("li", li); s.register_buffer("lj", lj)
    def forward(s, dense, sparse, y):
        x = s.bot(dense)
        T = torch.stack([x] + [e(sparse[:, i]) for i, e in enumerate(s.embs)], 1)   # (B, 4, 8)
        Z = torch.bmm(T, T.transpose(1, 2))
        inter = Z[:, s.li, s.lj]
        return F.binary_cross_entropy_with_logits(s.top(torch.cat([x, inter], 1)).squeeze(1), y)
def dlrm():
    torch.manual_seed(0); return DLRM(), (torch.randn(5, 4), torch.randint(0, 10, (5, 3)), torch.rand(5).round())


class PPONoValidate(PPO):
    def forward(s, *args, **kw):
        old = torch.distributions.Distribution._validate_args
        torch.distributions.Distribution.set_default_validate_args(False)
        try:
            return super().forward(*args, **kw)
        finally:
            torch.distributions.Distribution.set_default_validate_args(old)
def ppo_novalidate():
    torch.manual_seed(0)
    return PPONoValidate(), (torch.randn(8, 6), torch.randint(0, 4, (8,)), torch.randn(8) - 1.4, torch.randn(8), torch.randn(8))


def build_rope_cache(seq_len, n_elem, base=10000):
    theta = 1.0 / (base ** (torch.arange(0, n_elem, 2).float() / n_elem))
    seq_idx = torch.arange(seq_len).float()
    idx_theta = torch.outer(seq_idx, theta).float()
    return torch.stack([torch.cos(idx_theta), torch.sin(idx_theta)], dim=-1)
def apply_rope(x, rope_cache):
    T = x.size(1)
    rope_cache = rope_cache[:T]
    xshaped = x.float().reshape(*x.shape[:-1], -1, 2)
    rope_cache = rope_cache.view(1, xshaped.size(1), 1, xshaped.size(3), 2)
    x_out2 = torch.stack([xshaped[..., 0] * rope_cache[..., 0] - xshaped[..., 1] * rope_cache[..., 1],
                          xshaped[..., 1] * rope_cache[..., 0] + xshaped[..., 0] * rope_cache[..., 1]], -1)
    return x_out2.flatten(3).type_as(x)
class LitLlama(nn.Module):
    def __init__(s, d=32, h=4, T=8, V=40):
        super().__init__(); s.h = h; s.wte = nn.Embedding(V, d); s.c_attn = nn.Linear(d, 3 * d, bias=False); s.c_proj = nn.Linear(d, d, bias=False)
        s.register_buffer("rope", build_rope_cache(T, d // h)); s.lm = nn.Linear(d, V, bias=False)
        s.scale = nn.Parameter(torch.ones(d))
    def rms(s, x):
        return s.scale * (x * torch.rsqrt(torch.mean(x * x, dim=-1, keepdim=True) + 1e-5))
    def forward(s, idx, tgt):
        x = s.wte(idx); B, T, C = x.shape
        q, k, v = s.c_attn(s.rms(x)).split(C, dim=2)
        q = apply_rope(q.view(B, T, s.h, C // s.h), s.rope).transpose(1, 2)
        k = apply_rope(k.view(B, T, s.h, C // s.h), s.rope).transpose(1, 2)
        v = v.view(B, T, s.h, C // s.h).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        att = att.masked_fill(torch.ones(T, T, dtype=torch.bool).tril().logical_not(), float("-inf"))
        y = (att.softmax(-1) @ v).transpose(1, 2).contiguous().view(B, T, C)
        x = x + s.c_proj(y)
        return F.cross_entropy(s.lm(s.rms(x)).view(-1, 40), tgt.view(-1))
def litllama():
    torch.manual_seed(0); idx = torch.randint(0, 40, (2, 8)); return LitLlama(), (idx, torch.roll(idx, -1, 1))


def repeat_kv(hidden_states, n_rep):
    batch, num_key_value_heads, slen, head_dim = hidden_states.shape
    if n_rep == 1:
        return hidden_states
    hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
    return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)
class HFRMSNorm(nn.Module):
    def __init__(s, d, eps=1e-6):
        super().__init__(); s.weight = nn.Parameter(torch.ones(d)); s.variance_epsilon = eps
    def forward(s, hidden_states):
        input_dtype = hidden_states.dtype
        hidden_states = hidden_states.to(torch.float32)
        variance = hidden_states.pow(2).mean(-1, keepdim=True)
        hidden_states = hidden_states * torch.rsqrt(variance + s.variance_epsilon)
        return s.weight * hidden_states.to(input_dtype)
class HFLlama(nn.Module):
    def __init__(s, d=32, h=4, kvh=2, V=50):
        super().__init__(); s.h, s.kvh, s.hd = h, kvh, d // h
        s.embed_tokens = nn.Embedding(V, d); s.input_layernorm = HFRMSNorm(d); s.post = HFRMSNorm(d); s.norm = HFRMSNorm(d)
        s.q_proj = nn.Linear(d, h * s.hd, bias=False); s.k_proj = nn.Linear(d, kvh * s.hd, bias=False); s.v_proj = nn.Linear(d, kvh * s.hd, bias=False); s.o_proj = nn.Linear(d, d, bias=False)
        s.gate_proj = nn.Linear(d, 64, bias=False); s.up_proj = nn.Linear(d, 64, bias=False); s.down_proj = nn.Linear(64, d, bias=False); s.lm_head = nn.Linear(d, V, bias=False)
        inv_freq = 1.0 / (10000 ** (torch.arange(0, s.hd, 2).float() / s.hd)); s.register_buffer("inv_freq", inv_freq, persistent=False)
    @staticmethod
    def rotate_half(x):
        x1 = x[..., : x.shape[-1] // 2]; x2 = x[..., x.shape[-1] // 2:]
        return torch.cat((-x2, x1), dim=-1)
    def forward(s, input_ids, labels):
        B, T = input_ids.shape
        x = s.embed_tokens(input_ids)
        position_ids = torch.arange(T, dtype=torch.long).unsqueeze(0)
        freqs = (s.inv_freq[None, :, None].float().expand(1, -1, 1) @ position_ids[:, None, :].float()).transpose(1, 2)
        emb = torch.cat((freqs, freqs), dim=-1); cos, sin = emb.cos()[:, None], emb.sin()[:, None]
        h = s.input_layernorm(x)
        q = s.q_proj(h).view(B, T, s.h, s.hd).transpose(1, 2); k = s.k_proj(h).view(B, T, s.kvh, s.hd).transpose(1, 2); v = s.v_proj(h).view(B, T, s.kvh, s.hd).transpose(1, 2)
        q = q * cos + s.rotate_half(q) * sin; k = k * cos + s.rotate_half(k) * sin
        k = repeat_kv(k, s.h // s.kvh); v = repeat_kv(v, s.h // s.kvh)
        mask = torch.full((T, T), torch.finfo(x.dtype).min).triu(1)[None, None]
        w = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(s.hd) + mask
        w = nn.functional.softmax(w, dim=-1, dtype=torch.float32).to(q.dtype)
        a = torch.matmul(w, v).transpose(1, 2).contiguous().reshape(B, T, -1)
        x = x + s.o_proj(a)
        h = s.post(x); x = x + s.down_proj(F.silu(s.gate_proj(h)) * s.up_proj(h))
        logits = s.lm_head(s.norm(x)).float()
        shift_logits = logits[..., :-1, :].contiguous(); shift_labels = labels[..., 1:].contiguous()
        return nn.CrossEntropyLoss()(shift_logits.view(-1, 50), shift_labels.view(-1))
def hfllama():
    torch.manual_seed(0); ids = torch.randint(0, 50, (2, 8)); labels = ids.clone(); labels[1, 5:] = -100
    return HFLlama(), (ids, labels)


class GRN(nn.Module):
    def __init__(s, dim):
        super().__init__(); s.gamma = nn.Parameter(torch.zeros(1, 1, 1, dim) + 0.1); s.beta = nn.Parameter(torch.zeros(1, 1, 1, dim))
    def forward(s, x):
        Gx = torch.norm(x, p=2, dim=(1, 2), keepdim=True)
        Nx = Gx / (Gx.mean(dim=-1, keepdim=True) + 1e-6)
        return s.gamma * (x * Nx) + s.beta + x
class ConvNeXtV2Block(nn.Module):
    def __init__(s, dim=16):
        super().__init__(); s.dwconv = nn.Conv2d(dim, dim, 7, padding=3, groups=dim); s.norm = nn.LayerNorm(dim, eps=1e-6)
        s.pwconv1 = nn.Linear(dim, 4 * dim); s.act = nn.GELU(); s.grn = GRN(4 * dim); s.pwconv2 = nn.Linear(4 * dim, dim)
    def forward(s, x):
        inp = x
        x = s.dwconv(x).permute(0, 2, 3, 1)
        x = s.pwconv2(s.grn(s.act(s.pwconv1(s.norm(x))))).permute(0, 3, 1, 2)
        return inp + x
class ConvNeXtV2(nn.Module):
    def __init__(s):
        super().__init__(); s.stem = nn.Conv2d(3, 16, 4, 4); s.b = nn.Sequential(ConvNeXtV2Block(), ConvNeXtV2Block()); s.head = nn.Linear(16, 3)
    def forward(s, x, y):
        return F.cross_entropy(s.head(s.b(s.stem(x)).mean([-2, -1])), y)
def convnextv2():
    torch.manual_seed(0); return ConvNeXtV2(), (torch.randn(2, 3, 16, 16), torch.tensor([0, 2]))


class SwinV2Attn(nn.Module):
    def __init__(s, dim=16, ws=4, h=2):
        super().__init__(); s.h, s.ws = h, ws
        s.logit_scale = nn.Parameter(torch.log(10 * torch.ones((h, 1, 1))))
        s.cpb_mlp = nn.Sequential(nn.Linear(2, 32, bias=True), nn.ReLU(inplace=True), nn.Linear(32, h, bias=False))
        rh = torch.arange(-(ws - 1), ws, dtype=torch.float32); rw = torch.arange(-(ws - 1), ws, dtype=torch.float32)
        table = torch.stack(torch.meshgrid([rh, rw], indexing="ij")).permute(1, 2, 0).contiguous().unsqueeze(0)
        table[:, :, :, 0] /= (ws - 1); table[:, :, :, 1] /= (ws - 1); table *= 8
        table = torch.sign(table) * torch.log2(torch.abs(table) + 1.0) / math.log2(8)
        s.register_buffer("relative_coords_table", table, persistent=False)
        coords = torch.stack(torch.meshgrid([torch.arange(ws), torch.arange(ws)], indexing="ij")).flatten(1)
        rel = (coords[:, :, None] - coords[:, None, :]).permute(1, 2, 0).contiguous()
        rel[:, :, 0] += ws - 1; rel[:, :, 1] += ws - 1; rel[:, :, 0] *= 2 * ws - 1
        s.register_buffer("relative_position_index", rel.sum(-1), persistent=False)
        s.qkv = nn.Linear(dim, dim * 3, bias=False); s.q_bias = nn.Parameter(torch.zeros(dim)); s.v_bias = nn.Parameter(torch.zeros(dim)); s.proj = nn.Linear(dim, dim)
    def forward(s, x):
        B_, N, C = x.shape
        qkv_bias = torch.cat((s.q_bias, torch.zeros_like(s.v_bias, requires_grad=False), s.v_bias))
        qkv = F.linear(input=x, weight=s.qkv.weight, bias=qkv_bias).reshape(B_, N, 3, s.h, -1).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        attn = (F.normalize(q, dim=-1) @ F.normalize(k, dim=-1).transpose(-2, -1))
        logit_scale = torch.clamp(s.logit_scale, max=math.log(1. / 0.01)).exp()
        attn = attn * logit_scale
        table = s.cpb_mlp(s.relative_coords_table).view(-1, s.h)
        bias = table[s.relative_position_index.view(-1)].view(N, N, -1).permute(2, 0, 1).contiguous()
        attn = attn + (16 * torch.sigmoid(bias)).unsqueeze(0)
        x = (attn.softmax(-1) @ v).transpose(1, 2).reshape(B_, N, C)
        return s.proj(x).pow(2).mean()
def swinv2():
    torch.manual_seed(0); return SwinV2Attn(), (torch.randn(3, 16, 16),)


class BertMLM(nn.Module):
    def __init__(s, V=30, d=32):
        super().__init__(); s.word = nn.Embedding(V, d); s.pos = nn.Embedding(16, d); s.tt = nn.Embedding(2, d); s.ln = nn.LayerNorm(d, eps=1e-12)
        s.layer = nn.TransformerEncoderLayer(d, 4, 64, dropout=0.1, activation="gelu", batch_first=True)
        s.transform = nn.Linear(d, d); s.tln = nn.LayerNorm(d, eps=1e-12); s.bias = nn.Parameter(torch.zeros(V))
        s.register_buffer("position_ids", torch.arange(16).expand((1, -1))); s.register_buffer("token_type_ids", torch.zeros(1, 16, dtype=torch.long))
    def forward(s, ids, attn_mask, labels):
        T = ids.shape[1]
        x = s.ln(s.word(ids) + s.pos(s.position_ids[:, :T]) + s.tt(s.token_type_ids[:, :T].expand(ids.shape[0], T)))
        x = s.layer(x, src_key_padding_mask=attn_mask == 0)
        h = s.tln(F.gelu(s.transform(x)))
        logits = h @ s.word.weight.t() + s.bias
        return F.cross_entropy(logits.view(-1, logits.shape[-1]), labels.view(-1), ignore_index=-100)
def bertmlm():
    torch.manual_seed(0); ids = torch.randint(0, 30, (2, 12)); labels = torch.full((2, 12), -100); labels[0, 3] = ids[0, 3]; labels[1, 7] = ids[1, 7]; labels[1, 2] = ids[1, 2]
    mask = torch.ones(2, 12, dtype=torch.long); mask[1, 10:] = 0
    return BertMLM(), (ids, mask, labels)


class DeiT(nn.Module):
    def __init__(s, d=16):
        super().__init__(); s.patch = nn.Conv2d(3, d, 4, 4); s.cls = nn.Parameter(torch.zeros(1, 1, d)); s.dist = nn.Parameter(torch.zeros(1, 1, d)); s.pos = nn.Parameter(torch.randn(1, 18, d) * .02)
        s.blk = nn.TransformerEncoderLayer(d, 2, 32, dropout=0.0, batch_first=True, norm_first=True); s.norm = nn.LayerNorm(d); s.head = nn.Linear(d, 4); s.head_dist = nn.Linear(d, 4)
    def forward(s, img, y, teacher_labels):
        x = s.patch(img).flatten(2).transpose(1, 2); B = x.shape[0]
        x = torch.cat((s.cls.expand(B, -1, -1), s.dist.expand(B, -1, -1), x), dim=1) + s.pos
        x = s.norm(s.blk(x))
        out, out_d = s.head(x[:, 0]), s.head_dist(x[:, 1])
        return 0.5 * F.cross_entropy(out, y) + 0.5 * F.cross_entropy(out_d, teacher_labels)
def deit():
    torch.manual_seed(0); return DeiT(), (torch.randn(2, 3, 16, 16), torch.tensor([0, 3]), torch.tensor([1, 3]))


class SlidingWindow(nn.Module):
    def __init__(s, d=16, h=2, window=3):
        super().__init__(); s.h, s.w = h, window; s.qkv = nn.Linear(d, 3 * d); s.o = nn.Linear(d, d)
    def forward(s, x):
        B, T, C = x.shape
        q, k, v = s.qkv(x).view(B, T, 3, s.h, C // s.h).permute(2, 0, 3, 1, 4).unbind(0)
        mask = torch.full((T, T), fill_value=1.0)
        mask = torch.tril(mask, diagonal=0)
        mask = torch.triu(mask, diagonal=-s.w)
        mask = torch.log(mask)
        att = (q @ k.transpose(-1, -2)) * (C // s.h) ** -0.5 + mask
        return s.o((att.softmax(-1) @ v).transpose(1, 2).reshape(B, T, C)).pow(2).mean()
def sliding():
    torch.manual_seed(0); return SlidingWindow(), (torch.randn(2, 8, 16),)


class BilinearT(nn.Module):
    def __init__(s):
        super().__init__(); s.b = nn.Bilinear(6, 5, 4); s.o = nn.Linear(4, 1)

    def forward(s, a, b):
        return s.o(torch.relu(s.b(a, b))).pow(2).mean()


def bilinear():
    torch.manual_seed(0); return BilinearT(), (torch.randn(2, 3, 6), torch.randn(2, 3, 5))


class Seq2SeqTransformer(nn.Module):
    def __init__(s, V=20, d=16):
        super().__init__(); s.src = nn.Embedding(V, d); s.tgt = nn.Embedding(V, d)
        s.tf = nn.Transformer(d_model=d, nhead=2, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=32, dropout=0.1, batch_first=True)
        s.gen = nn.Linear(d, V)
    def forward(s, src, tgt_in, tgt_out):
        T = tgt_in.shape[1]
        mask = nn.Transformer.generate_square_subsequent_mask(T)
        out = s.tf(s.src(src) * math.sqrt(16), s.tgt(tgt_in) * math.sqrt(16), tgt_mask=mask)
        return F.cross_entropy(s.gen(out).reshape(-1, 20), tgt_out.reshape(-1), ignore_index=0)
def transformer():
    torch.manual_seed(0); src = torch.randint(1, 20, (2, 7)); tgt = torch.randint(1, 20, (2, 6)); tgt[1, 4:] = 0
    return Seq2SeqTransformer(), (src, tgt[:, :-1], tgt[:, 1:])


class CharRNN(nn.Module):
    def __init__(s, V=12, h=16):
        super().__init__(); s.emb = nn.Embedding(V, 8); s.rnn = nn.RNN(8, h, num_layers=2, nonlinearity="tanh", batch_first=True, dropout=0.1); s.fc = nn.Linear(h, V)
    def forward(s, x, y, h0):
        out, h = s.rnn(s.emb(x), h0)
        return F.cross_entropy(s.fc(out).transpose(1, 2), y)
def charrnn():
    torch.manual_seed(0); x = torch.randint(0, 12, (2, 9)); return CharRNN(), (x, torch.roll(x, -1, 1), torch.zeros(2, 2, 16))


class WordLM(nn.Module):
    def __init__(s, V=30, d=16):
        super().__init__(); s.drop = nn.Dropout(0.2); s.encoder = nn.Embedding(V, d); s.rnn = nn.LSTM(d, d, 2, dropout=0.2); s.decoder = nn.Linear(d, V)
        s.decoder.weight = s.encoder.weight
    def forward(s, inp, tgt, hidden):
        emb = s.drop(s.encoder(inp))
        output, hidden = s.rnn(emb, hidden)
        output = s.drop(output)
        decoded = s.decoder(output).view(-1, 30)
        return F.nll_loss(F.log_softmax(decoded, dim=1), tgt.view(-1))
def wordlm():
    torch.manual_seed(0); inp = torch.randint(0, 30, (7, 2))
    return WordLM(), (inp, torch.roll(inp, -1, 0), (torch.zeros(2, 2, 16), torch.zeros(2, 2, 16)))


class MeanPool(nn.Module):
    def __init__(s):
        super().__init__(); s.emb = nn.Embedding(25, 16, padding_idx=0); s.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(16, 2, 32, 0.0, batch_first=True), 1); s.fc = nn.Linear(16, 1)
    def forward(s, ids, y):
        mask = (ids != 0).float()
        x = s.enc(s.emb(ids), src_key_padding_mask=ids == 0)
        pooled = (x * mask[..., None]).sum(1) / mask.sum(1, keepdim=True).clamp(min=1)
        a, b = pooled[0::2], pooled[1::2]
        sim = F.cosine_similarity(a, b)
        return F.mse_loss(sim, y) + F.binary_cross_entropy_with_logits(s.fc(pooled).squeeze(-1), torch.ones(pooled.shape[0]))
def meanpool():
    torch.manual_seed(0); ids = torch.randint(1, 25, (4, 8)); ids[1, 6:] = 0; ids[3, 5:] = 0
    return MeanPool(), (ids, torch.tensor([0.5, -0.2]))


class UpsampleNet(nn.Module):
    def __init__(s):
        super().__init__(); s.c1 = nn.Conv2d(3, 8, 3, padding=1); s.up = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=True); s.c2 = nn.Conv2d(8, 3, 3, padding=1)
    def forward(s, x, t):
        y = s.c2(s.up(F.relu(s.c1(x))))
        z = F.interpolate(y, size=(11, 9), mode="nearest")
        return F.mse_loss(y, t) + z.pow(2).mean()
def upsample():
    torch.manual_seed(0); return UpsampleNet(), (torch.randn(2, 3, 6, 6), torch.randn(2, 3, 12, 12))


class Packed(nn.Module):
    def __init__(s):
        super().__init__(); s.gru = nn.GRU(4, 8, batch_first=True); s.fc = nn.Linear(8, 1)
    def forward(s, x, lengths):
        packed = nn.utils.rnn.pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
        _, h = s.gru(packed)
        return s.fc(h[-1]).pow(2).mean()
def packed():
    torch.manual_seed(0); return Packed(), (torch.randn(3, 5, 4), torch.tensor([5, 3, 2]))


class InplaceNet(nn.Module):
    def __init__(s):
        super().__init__(); s.l1 = nn.Linear(8, 16); s.l2 = nn.Linear(16, 16); s.l3 = nn.Linear(16, 8)
    def forward(s, x, mask):
        h = s.l1(x)
        h.relu_()
        r = h
        h = s.l2(h)
        h += r
        h = F.dropout(h, 0.2, training=True, inplace=True)
        h.masked_fill_(mask, 0.0)
        h.mul_(0.5).add_(1.0)
        out = s.l3(h)
        out[:, 0] = out[:, 0] * 2
        return out.pow(2).mean()
def inplace():
    torch.manual_seed(0); return InplaceNet(), (torch.randn(4, 8), torch.rand(4, 16) > 0.7)


class Deep(nn.Module):
    def __init__(s, n=48, d=8):
        super().__init__(); s.layers = nn.ModuleList([nn.Sequential(nn.LayerNorm(d), nn.Linear(d, d), nn.GELU()) for _ in range(n)])
    def forward(s, x):
        for l in s.layers:
            x = x + l(x)
        return x.pow(2).mean()
def deep():
    torch.manual_seed(0); return Deep(), (torch.randn(4, 8),)


class Tiny(nn.Module):
    def __init__(s):
        super().__init__(); s.emb = nn.Embedding(5, 4); s.att = nn.MultiheadAttention(4, 1, batch_first=True); s.o = nn.Linear(4, 5)
    def forward(s, ids, y):
        x = s.emb(ids); a, _ = s.att(x, x, x)
        return F.cross_entropy(s.o(a + x).view(-1, 5), y.view(-1))
def tiny():
    torch.manual_seed(0); return Tiny(), (torch.randint(0, 5, (1, 1)), torch.randint(0, 5, (1, 1)))


class ConstInForward(nn.Module):
    def __init__(s):
        super().__init__(); s.l = nn.Linear(3, 3)
    def forward(s, x):
        w = torch.tensor([0.2, 0.3, 0.5])
        scale = x.new_tensor(2.0)
        h = s.l(x) * w * scale
        return torch.where(h > 0, h, torch.zeros_like(h)).sum() + h.float().to(torch.float16).float().sum()
def constfwd():
    torch.manual_seed(0); return ConstInForward(), (torch.randn(5, 3),)


class DynT(nn.Module):
    def __init__(s, maxT=16):
        super().__init__(); s.register_buffer("mask", torch.tril(torch.ones(maxT, maxT)).bool()); s.q = nn.Linear(8, 8); s.o = nn.Linear(8, 8)
    def forward(s, x):
        T = x.size(1)
        att = s.q(x) @ x.transpose(1, 2)
        att = att.masked_fill(~s.mask[:T, :T], float("-inf")).softmax(-1)
        return s.o(att @ x).pow(2).mean()
def dynt():
    torch.manual_seed(0); return DynT(), (torch.randn(2, 5, 8),)
