"""An eighth set of models written the way their communities write them
(session 21, after community_wild7): each FUNCTION() returns (model,
example_inputs) for compare.py, the importer and train.py.

kan (efficient-kan's KANLinear: B-spline bases by the Cox-de Boor
recursion over a grid buffer, comparisons cast to the input's dtype),
mod (Mixture-of-Depths: a router's top-k tokens gathered, processed and
scattered back with scatter_add), droppath (a ViT block with timm's
DropPath: per-sample keep masks from torch.rand, floor_), hyena (an FFT
long convolution: rfft of input and filter at 2L, irfft, the first L),
isab (Set Transformer's induced set attention with nn.MultiheadAttention,
batch_first), snn (a spiking network over time steps with a surrogate
gradient written as a torch.autograd.Function), ciou (YOLO's complete-IoU
box loss: atan of aspect ratios, enclosing box, no_grad alpha), ghostbn
(TabNet's ghost batch norm over virtual batches, chunk and cat, and its GLU
block), vit_reg (ViT with register tokens: cls and registers concatenated,
sliced off before the head), sinkhorn (MoE routing by Sinkhorn iterations
of logsumexp normalisation), focalnet (FocalNet's focal modulation:
hierarchical depthwise convolutions summed with gates, in place),
convlstm (a ConvLSTM cell unrolled over frames), deform (Deformable DETR's
multi-scale sampling written with grid_sample over two levels), mlm_boolidx
(BERT's masked-LM loss over logits[mask]), ctc, ctc_lists and w2v (CTC
losses: F.ctc_loss after a GRU, nn.CTCLoss with a custom blank, lengths as
lists, int32 targets, repeated labels, an empty target and an impossible
alignment with zero_infinity; a wav2vec 2.0-style head whose output
lengths come from the convolutions' arithmetic), involution (F.unfold),
cumstick (stick-breaking weights by cumprod, a cumsum), masked_writes
(h[h < 0] = 0 and masked_scatter under a mask written twice), lcse and
lcse_inf (torch.logcumsumexp, over -inf scores too), lrn (AlexNet's
LocalResponseNorm), periodic (atan2, hypot, fmod, remainder), drops
(dropout2d, SELU's alpha_dropout), circ (circular padding, flip), rep
(repeat_interleave by a count and by a tensor), mhakv (nn.MultiheadAttention
with add_bias_kv, add_zero_attn, kdim and vdim), dinopos (DINOv2's bicubic
interpolation of the position embeddings in every forward), freq and freq2 (nn.Embedding with
scale_grad_by_freq, with a padding_idx), chunky (uneven chunk,
tensor_split, new_tensor), lusolve (linalg.lu_factor, lu_solve, slogdet);
added in session 22: bert_masked_head, fairseq_mlm and simmim_head
(linear layers over a boolean-mask selection: Hugging Face BERT's head on
the masked positions with a tied decoder and compact labels, fairseq's
masked_lm criterion, a SimMIM-style decoder over a flattened mask),
ppo_mvn and gauss_policy (torch.distributions.MultivariateNormal: PPO's
actor-critic with a diagonal covariance as a full matrix, learned full
covariances; Cholesky and triangular solves were refused), weighted_bag
(nn.EmbeddingBag with per_sample_weights).

Found: CTC was refused (no lowering of _ctc_loss and its backward), and
its log_alpha, whose width is a value (2 * max(target_lengths) + 1), got
the width of zeros from fake tensors (the importer's fast path, the
partition's shapes); masked_scatter under the same mask written twice (x >
0, then x > 0 again) was refused, and its backward's view of the selection;
logcumsumexp, scale_grad_by_freq, slogdet, lu_factor and lu_solve were
refused. Left out, refused by name: F.pdist, F.rrelu in training
(rrelu_with_noise), the orthogonal parametrization (linalg_matrix_exp),
Cholesky (torch.linalg.cholesky, cholesky_solve: a Gaussian process).
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class KANLinear(nn.Module):
    """efficient-kan (Blealtan/efficient-kan) KANLinear, trimmed."""
    def __init__(self, in_features, out_features, grid_size=5, spline_order=3,
                 grid_range=(-1, 1)):
        super().__init__()
        self.in_features, self.out_features = in_features, out_features
        self.grid_size, self.spline_order = grid_size, spline_order
        h = (grid_range[1] - grid_range[0]) / grid_size
        grid = ((torch.arange(-spline_order, grid_size + spline_order + 1) * h + grid_range[0])
                .expand(in_features, -1).contiguous())
        self.register_buffer("grid", grid)
        self.base_weight = nn.Parameter(torch.randn(out_features, in_features) * 0.3)
        self.spline_weight = nn.Parameter(torch.randn(out_features, in_features, grid_size + spline_order) * 0.1)
        self.spline_scaler = nn.Parameter(torch.ones(out_features, in_features))
        self.base_activation = nn.SiLU()

    def b_splines(self, x):
        grid = self.grid
        x = x.unsqueeze(-1)
        bases = ((x >= grid[:, :-1]) & (x < grid[:, 1:])).to(x.dtype)
        for k in range(1, self.spline_order + 1):
            bases = (
                (x - grid[:, : -(k + 1)]) / (grid[:, k:-1] - grid[:, : -(k + 1)]) * bases[:, :, :-1]
            ) + (
                (grid[:, k + 1:] - x) / (grid[:, k + 1:] - grid[:, 1:(-k)]) * bases[:, :, 1:]
            )
        return bases.contiguous()

    @property
    def scaled_spline_weight(self):
        return self.spline_weight * self.spline_scaler.unsqueeze(-1)

    def forward(self, x):
        original_shape = x.shape
        x = x.reshape(-1, self.in_features)
        base_output = F.linear(self.base_activation(x), self.base_weight)
        spline_output = F.linear(
            self.b_splines(x).view(x.size(0), -1),
            self.scaled_spline_weight.view(self.out_features, -1),
        )
        output = base_output + spline_output
        return output.reshape(*original_shape[:-1], self.out_features)


class KAN(nn.Module):
    def __init__(self):
        super().__init__(); self.layers = nn.ModuleList([KANLinear(6, 8), KANLinear(8, 3)])
    def forward(self, x, y):
        for layer in self.layers:
            x = layer(x)
        return F.cross_entropy(x, y)
def kan():
    torch.manual_seed(0)
    return KAN(), (torch.rand(10, 6) * 1.8 - 0.9, torch.tensor([0, 1, 2, 1, 0, 2, 2, 1, 0, 1]))


class MoDBlock(nn.Module):
    """Mixture-of-Depths (Raposo et al. 2024) as community ports write it:
    the router's top-k tokens per sequence go through the block, the rest
    skip it; the block's output is scaled by the router weight."""
    def __init__(self, d=16, capacity=0.5):
        super().__init__()
        self.router = nn.Linear(d, 1); self.capacity = capacity
        self.ln = nn.LayerNorm(d); self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
    def forward(self, x):
        B, T, D = x.shape
        k = int(self.capacity * T)
        w = self.router(x).squeeze(-1)                       # (B, T)
        top_w, idx = torch.topk(w, k, dim=1, sorted=False)
        idx, order = torch.sort(idx, dim=1)
        top_w = torch.gather(top_w, 1, order)
        sel = torch.gather(x, 1, idx.unsqueeze(-1).expand(-1, -1, D))
        out = self.mlp(self.ln(sel)) * torch.sigmoid(top_w).unsqueeze(-1)
        return x.scatter_add(1, idx.unsqueeze(-1).expand(-1, -1, D), out)
class MoD(nn.Module):
    def __init__(self):
        super().__init__(); self.emb = nn.Embedding(20, 16); self.blocks = nn.Sequential(MoDBlock(), MoDBlock()); self.head = nn.Linear(16, 20)
    def forward(self, tok, tgt):
        return F.cross_entropy(self.head(self.blocks(self.emb(tok))).view(-1, 20), tgt.view(-1))
def mod():
    torch.manual_seed(0)
    return MoD(), (torch.randint(0, 20, (2, 8)), torch.randint(0, 20, (2, 8)))


def drop_path(x, drop_prob: float = 0., training: bool = False, scale_by_keep: bool = True):
    """timm's drop_path (timm/layers/drop.py)."""
    if drop_prob == 0. or not training:
        return x
    keep_prob = 1 - drop_prob
    shape = (x.shape[0],) + (1,) * (x.ndim - 1)
    random_tensor = x.new_empty(shape).bernoulli_(keep_prob)
    if keep_prob > 0.0 and scale_by_keep:
        random_tensor.div_(keep_prob)
    return x * random_tensor

def drop_path_floor(x, drop_prob, training):
    """The older form (DeiT, Swin's first release): rand + floor_."""
    if drop_prob == 0. or not training:
        return x
    keep_prob = 1 - drop_prob
    shape = (x.shape[0],) + (1,) * (x.ndim - 1)
    random_tensor = keep_prob + torch.rand(shape, dtype=x.dtype, device=x.device)
    random_tensor.floor_()
    return x.div(keep_prob) * random_tensor

class DropPathBlock(nn.Module):
    def __init__(self, d=16, heads=2, dp=0.3, floor=False):
        super().__init__()
        self.n1 = nn.LayerNorm(d); self.qkv = nn.Linear(d, 3 * d); self.proj = nn.Linear(d, d)
        self.n2 = nn.LayerNorm(d); self.fc1 = nn.Linear(d, 2 * d); self.fc2 = nn.Linear(2 * d, d)
        self.h, self.dp, self.floor = heads, dp, floor
    def dpath(self, x):
        return drop_path_floor(x, self.dp, self.training) if self.floor else drop_path(x, self.dp, self.training)
    def forward(self, x):
        B, N, C = x.shape
        qkv = self.qkv(self.n1(x)).reshape(B, N, 3, self.h, C // self.h).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        attn = (q @ k.transpose(-2, -1)) * (C // self.h) ** -0.5
        a = (attn.softmax(dim=-1) @ v).transpose(1, 2).reshape(B, N, C)
        x = x + self.dpath(self.proj(a))
        return x + self.dpath(self.fc2(F.gelu(self.fc1(self.n2(x)))))
class DropPathViT(nn.Module):
    def __init__(self):
        super().__init__(); self.blocks = nn.Sequential(DropPathBlock(), DropPathBlock(floor=True)); self.head = nn.Linear(16, 4)
    def forward(self, x, y):
        return F.cross_entropy(self.head(self.blocks(x).mean(1)), y)
def droppath():
    torch.manual_seed(0)
    return DropPathViT(), (torch.randn(4, 6, 16), torch.tensor([0, 3, 1, 2]))


def fftconv(u, k, D):
    """Hyena's fftconv_ref (HazyResearch/safari)."""
    seqlen = u.shape[-1]
    fft_size = 2 * seqlen
    k_f = torch.fft.rfft(k, n=fft_size) / fft_size
    u_f = torch.fft.rfft(u.to(dtype=k.dtype), n=fft_size)
    y = torch.fft.irfft(u_f * k_f, n=fft_size, norm="forward")[..., :seqlen]
    out = y + u * D.unsqueeze(-1)
    return out.to(dtype=u.dtype)
class Hyena(nn.Module):
    def __init__(self, d=8, L=16):
        super().__init__()
        self.in_proj = nn.Linear(d, 3 * d); self.out_proj = nn.Linear(d, d)
        self.short = nn.Conv1d(3 * d, 3 * d, 3, padding=2, groups=3 * d)
        self.filt = nn.Parameter(torch.randn(d, L) * 0.1); self.bias = nn.Parameter(torch.randn(d))
    def forward(self, u, y):
        L = u.size(1)
        z = self.in_proj(u).transpose(1, 2)
        z = self.short(z)[..., :L]
        x0, x1, v = z.split(z.size(1) // 3, dim=1)
        v = fftconv(v * x1, self.filt[:, :L], self.bias)
        out = self.out_proj((v * x0).transpose(1, 2))
        return F.mse_loss(out, y)
def hyena():
    torch.manual_seed(0)
    return Hyena(), (torch.randn(2, 16, 8), torch.randn(2, 16, 8))


class MAB(nn.Module):
    def __init__(self, d, heads):
        super().__init__(); self.att = nn.MultiheadAttention(d, heads, batch_first=True)
        self.ln0 = nn.LayerNorm(d); self.ln1 = nn.LayerNorm(d); self.ff = nn.Linear(d, d)
    def forward(self, Q, K):
        H = self.ln0(Q + self.att(Q, K, K, need_weights=False)[0])
        return self.ln1(H + F.relu(self.ff(H)))
class ISAB(nn.Module):
    """Set Transformer (juho-lee/set_transformer) induced set attention."""
    def __init__(self, d, heads, m):
        super().__init__(); self.I = nn.Parameter(torch.randn(1, m, d) * 0.2)
        self.mab0 = MAB(d, heads); self.mab1 = MAB(d, heads)
    def forward(self, X):
        H = self.mab0(self.I.repeat(X.size(0), 1, 1), X)
        return self.mab1(X, H)
class SetTransformer(nn.Module):
    def __init__(self):
        super().__init__(); self.enc = nn.Sequential(nn.Linear(3, 16), ISAB(16, 2, 4), ISAB(16, 2, 4))
        self.seed = nn.Parameter(torch.randn(1, 1, 16) * 0.2); self.pma = MAB(16, 2); self.out = nn.Linear(16, 1)
    def forward(self, X, y):
        Z = self.pma(self.seed.repeat(X.size(0), 1, 1), self.enc(X))
        return F.mse_loss(self.out(Z).squeeze(-1).squeeze(-1), y)
def isab():
    torch.manual_seed(0)
    return SetTransformer(), (torch.randn(3, 10, 3), torch.randn(3))


class SpikeFn(torch.autograd.Function):
    """snntorch-style Heaviside spike with a fast-sigmoid surrogate."""
    @staticmethod
    def forward(ctx, mem):
        ctx.save_for_backward(mem)
        return (mem > 0).float()
    @staticmethod
    def backward(ctx, grad_output):
        (mem,) = ctx.saved_tensors
        return grad_output / (1.0 + 10.0 * mem.abs()) ** 2
class SNN(nn.Module):
    def __init__(self, beta=0.9, steps=5):
        super().__init__(); self.fc1 = nn.Linear(8, 16); self.fc2 = nn.Linear(16, 3)
        self.beta, self.steps = beta, steps
    def forward(self, x, y):
        mem1 = torch.zeros(x.size(0), 16); mem2 = torch.zeros(x.size(0), 3)
        spk_rec = []
        for t in range(self.steps):
            mem1 = self.beta * mem1 + self.fc1(x[:, t])
            spk1 = SpikeFn.apply(mem1 - 1.0)
            mem1 = mem1 - spk1 * 1.0          # soft reset
            mem2 = self.beta * mem2 + self.fc2(spk1)
            spk_rec.append(mem2)
        return F.cross_entropy(torch.stack(spk_rec).sum(0), y)
def snn():
    torch.manual_seed(0)
    return SNN(), (torch.rand(4, 5, 8) * 2, torch.tensor([0, 2, 1, 2]))


def bbox_ciou(box1, box2, eps=1e-7):
    """YOLOv5's bbox_iou(..., xywh=True, CIoU=True)."""
    (x1, y1, w1, h1), (x2, y2, w2, h2) = box1.chunk(4, -1), box2.chunk(4, -1)
    w1_, h1_, w2_, h2_ = w1 / 2, h1 / 2, w2 / 2, h2 / 2
    b1_x1, b1_x2, b1_y1, b1_y2 = x1 - w1_, x1 + w1_, y1 - h1_, y1 + h1_
    b2_x1, b2_x2, b2_y1, b2_y2 = x2 - w2_, x2 + w2_, y2 - h2_, y2 + h2_
    inter = (torch.min(b1_x2, b2_x2) - torch.max(b1_x1, b2_x1)).clamp(0) * \
            (torch.min(b1_y2, b2_y2) - torch.max(b1_y1, b2_y1)).clamp(0)
    union = w1 * h1 + w2 * h2 - inter + eps
    iou = inter / union
    cw = torch.max(b1_x2, b2_x2) - torch.min(b1_x1, b2_x1)
    ch = torch.max(b1_y2, b2_y2) - torch.min(b1_y1, b2_y1)
    c2 = cw ** 2 + ch ** 2 + eps
    rho2 = ((b2_x1 + b2_x2 - b1_x1 - b1_x2) ** 2 + (b2_y1 + b2_y2 - b1_y1 - b1_y2) ** 2) / 4
    v = (4 / math.pi ** 2) * torch.pow(torch.atan(w2 / h2) - torch.atan(w1 / h1), 2)
    with torch.no_grad():
        alpha = v / (v - iou + (1 + eps))
    return iou - (rho2 / c2 + v * alpha)
class BoxHead(nn.Module):
    def __init__(self):
        super().__init__(); self.net = nn.Sequential(nn.Linear(6, 16), nn.SiLU(), nn.Linear(16, 4))
    def forward(self, x, tbox):
        p = self.net(x)
        pbox = torch.cat((p[:, :2].sigmoid() * 2 - 0.5, (p[:, 2:].sigmoid() * 2) ** 2), 1)
        return (1.0 - bbox_ciou(pbox, tbox).squeeze(-1)).mean()
def ciou():
    torch.manual_seed(0)
    return BoxHead(), (torch.randn(8, 6), torch.rand(8, 4) + 0.2)


class GBN(nn.Module):
    """TabNet's ghost batch norm (dreamquark-ai/tabnet)."""
    def __init__(self, input_dim, virtual_batch_size=4, momentum=0.01):
        super().__init__(); self.virtual_batch_size = virtual_batch_size
        self.bn = nn.BatchNorm1d(input_dim, momentum=momentum)
    def forward(self, x):
        chunks = x.chunk(int(math.ceil(x.shape[0] / self.virtual_batch_size)), 0)
        res = [self.bn(x_) for x_ in chunks]
        return torch.cat(res, dim=0)
class GLUBlock(nn.Module):
    def __init__(self, i, o):
        super().__init__(); self.fc = nn.Linear(i, 2 * o, bias=False); self.bn = GBN(2 * o); self.o = o
    def forward(self, x):
        x = self.bn(self.fc(x))
        return torch.mul(x[:, : self.o], torch.sigmoid(x[:, self.o:]))
class GhostTab(nn.Module):
    def __init__(self):
        super().__init__(); self.g1 = GLUBlock(5, 8); self.g2 = GLUBlock(8, 8); self.out = nn.Linear(8, 2)
    def forward(self, x, y):
        h = self.g1(x)
        h = (h + self.g2(h)) * math.sqrt(0.5)
        return F.cross_entropy(self.out(h), y)
def ghostbn():
    torch.manual_seed(0)
    return GhostTab(), (torch.randn(10, 5), torch.tensor([0, 1, 1, 0, 1, 0, 0, 1, 1, 0]))


class ViTReg(nn.Module):
    """Vision Transformers Need Registers: cls + 4 register tokens, dropped
    before the head; nn.TransformerEncoderLayer, norm_first."""
    def __init__(self, d=16, regs=4):
        super().__init__()
        self.patch = nn.Conv2d(3, d, 4, 4); self.cls = nn.Parameter(torch.zeros(1, 1, d))
        self.reg = nn.Parameter(torch.randn(1, regs, d) * 0.02); self.pos = nn.Parameter(torch.randn(1, 4, d) * 0.02)
        self.enc = nn.TransformerEncoderLayer(d, 2, 32, dropout=0.0, batch_first=True, norm_first=True)
        self.norm = nn.LayerNorm(d); self.head = nn.Linear(d, 5); self.regs = regs
    def forward(self, img, y):
        x = self.patch(img).flatten(2).transpose(1, 2) + self.pos
        B = x.shape[0]
        x = torch.cat((self.cls.expand(B, -1, -1), self.reg.expand(B, -1, -1), x), dim=1)
        x = self.norm(self.enc(x))
        x = torch.cat((x[:, :1], x[:, 1 + self.regs:]), dim=1)   # registers discarded
        return F.cross_entropy(self.head(x[:, 0]), y)
def vit_reg():
    torch.manual_seed(0)
    return ViTReg(), (torch.randn(2, 3, 8, 8), torch.tensor([1, 4]))


class SinkhornMoE(nn.Module):
    """Sinkhorn-balanced routing (BASE layers / Switch-style ports): the
    router logits normalised over experts and tokens in turn in log space,
    top-1 experts, outputs weighted by the original gate."""
    def __init__(self, d=8, e=3, iters=3):
        super().__init__(); self.gate = nn.Linear(d, e, bias=False); self.iters = iters
        self.experts = nn.ModuleList([nn.Sequential(nn.Linear(d, 16), nn.ReLU(), nn.Linear(16, d)) for _ in range(e)])
    def forward(self, x):
        logits = self.gate(x)
        with torch.no_grad():
            log_p = logits.detach()
            for _ in range(self.iters):
                log_p = log_p - torch.logsumexp(log_p, dim=0, keepdim=True)
                log_p = log_p - torch.logsumexp(log_p, dim=1, keepdim=True)
            choice = log_p.argmax(dim=1)
        gate = torch.softmax(logits, dim=-1).gather(1, choice.unsqueeze(1))
        out = torch.zeros_like(x)
        for i, expert in enumerate(self.experts):
            m = (choice == i).unsqueeze(1).to(x.dtype)
            out = out + m * expert(x)
        return out * gate
class Sinkhorn(nn.Module):
    def __init__(self):
        super().__init__(); self.moe = SinkhornMoE(); self.head = nn.Linear(8, 1)
    def forward(self, x, y):
        return F.mse_loss(self.head(x + self.moe(x)).squeeze(-1), y)
def sinkhorn():
    torch.manual_seed(0)
    return Sinkhorn(), (torch.randn(9, 8), torch.randn(9))


class FocalModulation(nn.Module):
    """FocalNet's focal modulation (microsoft/FocalNet), channels last."""
    def __init__(self, dim, focal_window=3, focal_level=2):
        super().__init__()
        self.focal_level = focal_level
        self.f = nn.Linear(dim, 2 * dim + (focal_level + 1), bias=True)
        self.h = nn.Conv2d(dim, dim, kernel_size=1, stride=1, bias=True)
        self.act = nn.GELU(); self.proj = nn.Linear(dim, dim)
        self.focal_layers = nn.ModuleList()
        for k in range(focal_level):
            kernel_size = 2 * k + focal_window
            self.focal_layers.append(nn.Sequential(
                nn.Conv2d(dim, dim, kernel_size=kernel_size, stride=1, groups=dim,
                          padding=kernel_size // 2, bias=False), nn.GELU()))
    def forward(self, x):
        C = x.shape[-1]
        x = self.f(x).permute(0, 3, 1, 2).contiguous()
        q, ctx, self.gates = torch.split(x, (C, C, self.focal_level + 1), 1)
        ctx_all = 0
        for l in range(self.focal_level):
            ctx = self.focal_layers[l](ctx)
            ctx_all = ctx_all + ctx * self.gates[:, l:l + 1]
        ctx_global = self.act(ctx.mean(2, keepdim=True).mean(3, keepdim=True))
        ctx_all = ctx_all + ctx_global * self.gates[:, self.focal_level:]
        self.modulator = self.h(ctx_all)
        x_out = q * self.modulator
        x_out = x_out.permute(0, 2, 3, 1).contiguous()
        return self.proj(x_out)
class FocalNet(nn.Module):
    def __init__(self):
        super().__init__(); self.embed = nn.Conv2d(3, 8, 2, 2); self.norm = nn.LayerNorm(8)
        self.mod = FocalModulation(8); self.head = nn.Linear(8, 3)
    def forward(self, img, y):
        x = self.embed(img).permute(0, 2, 3, 1)
        x = x + self.mod(self.norm(x))
        return F.cross_entropy(self.head(x.mean((1, 2))), y)
def focalnet():
    torch.manual_seed(0)
    return FocalNet(), (torch.randn(2, 3, 8, 8), torch.tensor([2, 0]))


class ConvLSTMCell(nn.Module):
    """ndrplz/ConvLSTM_pytorch's cell."""
    def __init__(self, input_dim, hidden_dim, kernel_size=3):
        super().__init__(); self.hidden_dim = hidden_dim
        self.conv = nn.Conv2d(input_dim + hidden_dim, 4 * hidden_dim, kernel_size, padding=kernel_size // 2)
    def forward(self, input_tensor, cur_state):
        h_cur, c_cur = cur_state
        combined = torch.cat([input_tensor, h_cur], dim=1)
        cc_i, cc_f, cc_o, cc_g = torch.split(self.conv(combined), self.hidden_dim, dim=1)
        i, f, o, g = torch.sigmoid(cc_i), torch.sigmoid(cc_f), torch.sigmoid(cc_o), torch.tanh(cc_g)
        c_next = f * c_cur + i * g
        return o * torch.tanh(c_next), c_next
class ConvLSTM(nn.Module):
    def __init__(self):
        super().__init__(); self.cell = ConvLSTMCell(2, 4); self.out = nn.Conv2d(4, 1, 1)
    def forward(self, frames, target):
        b, t, _, hh, ww = frames.size()
        h = torch.zeros(b, 4, hh, ww); c = torch.zeros(b, 4, hh, ww)
        for step in range(t):
            h, c = self.cell(frames[:, step], (h, c))
        return F.mse_loss(self.out(h), target)
def convlstm():
    torch.manual_seed(0)
    return ConvLSTM(), (torch.randn(2, 4, 2, 6, 6), torch.randn(2, 1, 6, 6))


def ms_deform_attn_core(value, value_spatial_shapes, sampling_locations, attention_weights):
    """Deformable DETR's ms_deform_attn_core_pytorch (the reference path)."""
    N_, S_, M_, D_ = value.shape
    _, Lq_, M_, L_, P_, _ = sampling_locations.shape
    value_list = value.split([H_ * W_ for H_, W_ in value_spatial_shapes], dim=1)
    sampling_grids = 2 * sampling_locations - 1
    sampling_value_list = []
    for lid_, (H_, W_) in enumerate(value_spatial_shapes):
        value_l_ = value_list[lid_].flatten(2).transpose(1, 2).reshape(N_ * M_, D_, H_, W_)
        sampling_grid_l_ = sampling_grids[:, :, :, lid_].transpose(1, 2).flatten(0, 1)
        sampling_value_l_ = F.grid_sample(value_l_, sampling_grid_l_, mode='bilinear',
                                          padding_mode='zeros', align_corners=False)
        sampling_value_list.append(sampling_value_l_)
    attention_weights = attention_weights.transpose(1, 2).reshape(N_ * M_, 1, Lq_, L_ * P_)
    output = (torch.stack(sampling_value_list, dim=-2).flatten(-2) * attention_weights).sum(-1).view(N_, M_ * D_, Lq_)
    return output.transpose(1, 2).contiguous()
class MSDeformAttn(nn.Module):
    def __init__(self, d_model=8, n_levels=2, n_heads=2, n_points=2):
        super().__init__()
        self.n_levels, self.n_heads, self.n_points = n_levels, n_heads, n_points
        self.sampling_offsets = nn.Linear(d_model, n_heads * n_levels * n_points * 2)
        self.attention_weights = nn.Linear(d_model, n_heads * n_levels * n_points)
        self.value_proj = nn.Linear(d_model, d_model); self.output_proj = nn.Linear(d_model, d_model)
    def forward(self, query, reference_points, input_flatten, shapes):
        N, Len_q, _ = query.shape
        N, Len_in, _ = input_flatten.shape
        value = self.value_proj(input_flatten).view(N, Len_in, self.n_heads, -1)
        sampling_offsets = self.sampling_offsets(query).view(N, Len_q, self.n_heads, self.n_levels, self.n_points, 2)
        attention_weights = self.attention_weights(query).view(N, Len_q, self.n_heads, self.n_levels * self.n_points)
        attention_weights = F.softmax(attention_weights, -1).view(N, Len_q, self.n_heads, self.n_levels, self.n_points)
        offset_normalizer = torch.tensor([[w, h] for h, w in shapes], dtype=query.dtype)
        sampling_locations = reference_points[:, :, None, :, None, :] \
            + sampling_offsets / offset_normalizer[None, None, None, :, None, :]
        output = ms_deform_attn_core(value, shapes, sampling_locations, attention_weights)
        return self.output_proj(output)
class Deform(nn.Module):
    def __init__(self):
        super().__init__(); self.attn = MSDeformAttn(); self.shapes = [(4, 4), (2, 2)]
    def forward(self, query, ref, src, y):
        return F.mse_loss(self.attn(query, ref, src, self.shapes), y)
def deform():
    torch.manual_seed(0)
    return Deform(), (torch.randn(2, 5, 8), torch.rand(2, 5, 2, 2), torch.randn(2, 20, 8), torch.randn(2, 5, 8))


class MLMHead(nn.Module):
    """BERT-style MLM loss over masked positions only: logits[mask]."""
    def __init__(s):
        super().__init__(); s.emb = nn.Embedding(30, 16); s.l = nn.Linear(16, 16); s.out = nn.Linear(16, 30)
    def forward(s, tok, labels):
        h = torch.tanh(s.l(s.emb(tok)))
        logits = s.out(h)
        mask = labels != -100
        return F.cross_entropy(logits[mask], labels[mask])


def mlm_boolidx():
    torch.manual_seed(0)
    lab = torch.full((2, 8), -100); lab[0, 1] = 3; lab[1, 4] = 7; lab[1, 6] = 2
    return MLMHead(), (torch.randint(0, 30, (2, 8)), lab)


class CTC(nn.Module):
    def __init__(s):
        super().__init__(); s.rnn = nn.GRU(8, 16, batch_first=True); s.out = nn.Linear(16, 6)
    def forward(s, x, targets, in_len, tgt_len):
        h, _ = s.rnn(x)
        lp = s.out(h).log_softmax(-1).transpose(0, 1)
        return F.ctc_loss(lp, targets, in_len, tgt_len, blank=0, zero_infinity=True)


def ctc():
    torch.manual_seed(0)
    return CTC(), (torch.randn(2, 10, 8), torch.tensor([[1, 2, 3], [4, 5, 0]]), torch.tensor([10, 9]), torch.tensor([3, 2]))


class Involution(nn.Module):
    """Involution (d-li14/involution) with F.unfold."""
    def __init__(s, c=4, k=3, g=2):
        super().__init__(); s.k, s.g, s.c = k, g, c
        s.reduce = nn.Conv2d(c, c // 2, 1); s.span = nn.Conv2d(c // 2, k * k * g, 1); s.out = nn.Linear(c, 2)
    def forward(s, x, y):
        b, c, h, w = x.shape
        weight = s.span(F.relu(s.reduce(x))).view(b, s.g, s.k * s.k, h, w).unsqueeze(2)
        out = F.unfold(x, s.k, 1, (s.k - 1) // 2, 1).view(b, s.g, c // s.g, s.k * s.k, h, w)
        out = (weight * out).sum(dim=3).view(b, c, h, w)
        return F.cross_entropy(s.out(out.mean((2, 3))), y)


def involution():
    torch.manual_seed(0)
    return Involution(), (torch.randn(2, 4, 5, 5), torch.tensor([0, 1]))


class CumStick(nn.Module):
    """cumsum / cumprod gating (a stick-breaking attention / xLSTM-ish decay)."""
    def __init__(s):
        super().__init__(); s.l = nn.Linear(6, 6); s.g = nn.Linear(6, 1)
    def forward(s, x, y):
        beta = torch.sigmoid(s.g(x)).squeeze(-1)            # (B, T)
        stick = torch.cumprod(1 - beta, dim=1)
        w = beta * torch.cat([torch.ones_like(stick[:, :1]), stick[:, :-1]], 1)
        h = torch.cumsum(w.unsqueeze(-1) * s.l(x), dim=1)
        return F.mse_loss(h[:, -1], y)


def cumstick():
    torch.manual_seed(0)
    return CumStick(), (torch.randn(2, 7, 6), torch.randn(2, 6))


class MaskedWrites(nn.Module):
    """x[mask] = 0 writes (index_put with a bool mask) and masked_scatter."""
    def __init__(s):
        super().__init__(); s.l = nn.Linear(5, 5)
    def forward(s, x):
        h = s.l(x)
        h = h.clone(); h[h < 0] = 0.0
        h2 = torch.zeros_like(h).masked_scatter(x > 0, h[x > 0] * 2)
        return (h + h2).pow(2).mean()


def masked_writes():
    torch.manual_seed(0)
    return MaskedWrites(), (torch.randn(4, 5),)


class CTC2(nn.Module):
    """nn.CTCLoss(reduction="sum", zero_infinity=True), lengths as lists,
    repeated labels, a zero-length target, an impossible alignment."""
    def __init__(s, red="sum", zi=True):
        super().__init__(); s.conv = nn.Conv1d(4, 8, 3, padding=1); s.out = nn.Linear(8, 5)
        s.loss = nn.CTCLoss(blank=4, reduction=red, zero_infinity=zi)
    def forward(s, x, targets):
        h = torch.tanh(s.conv(x)).transpose(1, 2)        # (N, T, 8)
        lp = F.log_softmax(s.out(h), dim=-1).permute(1, 0, 2)   # (T, N, C)
        return s.loss(lp, targets, [6, 4, 6, 2], [3, 2, 0, 3])


def ctc_lists():
    torch.manual_seed(0)
    return CTC2(), (torch.randn(4, 4, 6), torch.tensor([[1, 1, 2], [3, 3, 0], [0, 0, 0], [1, 2, 3]], dtype=torch.int32))


class W2V(nn.Module):
    """A wav2vec2-style CTC head: conv feature encoder, a transformer layer,
    lengths from the conv arithmetic. (Tanh, not GELU, before the
    transpose: 1.13's f32 GELU backward of a transposed gradient is wrong,
    see train.py wild.)"""
    def __init__(s):
        super().__init__()
        s.fe = nn.Sequential(nn.Conv1d(1, 8, 10, 5), nn.GELU(), nn.Conv1d(8, 8, 3, 2), nn.Tanh())
        s.proj = nn.Linear(8, 16); s.enc = nn.TransformerEncoderLayer(16, 2, 32, dropout=0.0, batch_first=True)
        s.lm = nn.Linear(16, 7)
    def forward(s, wav, wav_len, labels, label_len):
        h = s.fe(wav.unsqueeze(1)).transpose(1, 2)
        h = s.enc(s.proj(h))
        lp = F.log_softmax(s.lm(h), dim=-1, dtype=torch.float32).transpose(0, 1)
        out_len = torch.div(torch.div(wav_len - 10, 5, rounding_mode="floor") + 1 - 3, 2, rounding_mode="floor") + 1
        return F.ctc_loss(lp, labels, out_len, label_len, blank=0, reduction="mean", zero_infinity=True)


def w2v():
    torch.manual_seed(0)
    return W2V(), (torch.randn(2, 80), torch.tensor([80, 60]), torch.tensor([[1, 2, 3, 4], [5, 6, 6, 0]]), torch.tensor([4, 3]))


class LCSE(nn.Module):
    def __init__(s):
        super().__init__(); s.l = nn.Linear(6, 6)
    def forward(s, x):
        return torch.logcumsumexp(s.l(x), dim=1).pow(2).mean()


def lcse():
    torch.manual_seed(0); return LCSE(), (torch.randn(3, 5, 6),)


class AlexLRN(nn.Module):
    def __init__(s):
        super().__init__(); s.c = nn.Conv2d(3, 8, 3); s.lrn = nn.LocalResponseNorm(3); s.o = nn.Linear(8, 2)
    def forward(s, x, y):
        return F.cross_entropy(s.o(s.lrn(F.relu(s.c(x))).mean((2, 3))), y)


def lrn():
    torch.manual_seed(0); return AlexLRN(), (torch.randn(2, 3, 6, 6), torch.tensor([0, 1]))


class Periodic(nn.Module):
    def __init__(s):
        super().__init__(); s.l = nn.Linear(4, 4)
    def forward(s, x):
        h = s.l(x)
        a = torch.atan2(h[:, :2], h[:, 2:] + 0.1)
        r = torch.hypot(h[:, :2], h[:, 2:])
        f = torch.fmod(h * 3, 1.5) + torch.remainder(h * 2, 1.0)
        return (a.sin() * r).sum() + f.pow(2).mean()


def periodic():
    torch.manual_seed(0); return Periodic(), (torch.randn(5, 4),)


class Drops(nn.Module):
    def __init__(s):
        super().__init__(); s.c = nn.Conv2d(2, 6, 3, padding=1); s.l = nn.Linear(6, 6)
    def forward(s, x, z):
        h = F.dropout2d(F.relu(s.c(x)), 0.3, training=True).mean((2, 3))
        g = F.alpha_dropout(F.selu(s.l(z)), 0.2, training=True)
        return (h * g).sum()


def drops():
    torch.manual_seed(0); return Drops(), (torch.randn(2, 2, 5, 5), torch.randn(2, 6))


class Circ(nn.Module):
    def __init__(s):
        super().__init__(); s.c = nn.Conv2d(2, 3, 3, padding=1, padding_mode="circular"); s.d = nn.Conv1d(3, 3, 3)
    def forward(s, x):
        h = s.c(x).flatten(2)
        h = s.d(F.pad(h, (1, 1), mode="circular"))
        return (torch.flip(h, [2]) * h).mean()


def circ():
    torch.manual_seed(0); return Circ(), (torch.randn(2, 2, 4, 4),)


class Rep(nn.Module):
    def __init__(s):
        super().__init__(); s.l = nn.Linear(4, 4)
    def forward(s, x):
        h = s.l(x)
        a = h.repeat_interleave(2, dim=0)
        b = torch.repeat_interleave(h, torch.tensor([1, 2, 0, 3, 1]), dim=0)
        return a.pow(2).mean() + b.sum()


def rep():
    torch.manual_seed(0); return Rep(), (torch.randn(5, 4),)


class MHAKV(nn.Module):
    def __init__(s):
        super().__init__(); s.m = nn.MultiheadAttention(8, 2, add_bias_kv=True, add_zero_attn=True, kdim=6, vdim=5)
    def forward(s, q, k, v):
        o, w = s.m(q, k, v)
        return o.pow(2).mean() + w.mean()


def mhakv():
    torch.manual_seed(0); return MHAKV(), (torch.randn(3, 2, 8), torch.randn(4, 2, 6), torch.randn(4, 2, 5))


class Dinov2Pos(nn.Module):
    """DINOv2's interpolate_pos_encoding: bicubic resampling of the patch
    position embeddings in every forward."""
    def __init__(s):
        super().__init__(); s.pos = nn.Parameter(torch.randn(1, 1 + 16, 8) * 0.1); s.patch = nn.Conv2d(3, 8, 2, 2); s.h = nn.Linear(8, 2)
    def forward(s, img, y):
        x = s.patch(img).flatten(2).transpose(1, 2)
        N = s.pos.shape[1] - 1; M = int(math.sqrt(N)); w0 = h0 = int(math.sqrt(x.shape[1]))
        patch_pos = s.pos[:, 1:]
        pp = F.interpolate(patch_pos.reshape(1, M, M, 8).permute(0, 3, 1, 2), size=(w0, h0), mode="bicubic", antialias=False)
        pp = pp.permute(0, 2, 3, 1).view(1, -1, 8)
        x = torch.cat((s.pos[:, :1].expand(x.shape[0], -1, -1), x + pp), 1)
        return F.cross_entropy(s.h(x[:, 0] + x[:, 1:].mean(1)), y)


def dinopos():
    torch.manual_seed(0); return Dinov2Pos(), (torch.randn(2, 3, 6, 6), torch.tensor([0, 1]))


class LCSEInf(nn.Module):
    def __init__(s):
        super().__init__(); s.l = nn.Linear(6, 6)
    def forward(s, x, m):
        h = s.l(x).masked_fill(m, float("-inf"))
        r = torch.logcumsumexp(h, dim=-1)
        return r[..., -1].mean() + torch.logcumsumexp(s.l(x) * 3, dim=0).sum()


def lcse_inf():
    torch.manual_seed(0)
    m = torch.zeros(3, 5, 6, dtype=torch.bool); m[..., :2] = True; m[0, 0] = True
    m[0, 0] = False; m[1, 2, :] = False
    return LCSEInf(), (torch.randn(3, 5, 6), m)


class Freq(nn.Module):
    def __init__(s):
        super().__init__(); s.e = nn.Embedding(10, 4, scale_grad_by_freq=True); s.l = nn.Linear(4, 1)
    def forward(s, t):
        return s.l(s.e(t)).pow(2).mean()


def freq():
    torch.manual_seed(0); return Freq(), (torch.tensor([[1, 2, 2, 5], [5, 5, 5, 0]]),)


class Chunky(nn.Module):
    def __init__(s):
        super().__init__(); s.l = nn.Linear(7, 7)
    def forward(s, x):
        h = s.l(x)
        parts = torch.chunk(h, 3, dim=1)              # 3, 3, 1
        a = torch.tensor_split(h, [2, 5], dim=1)
        n = h.new_tensor([1.0, 2.0, 3.0])
        return sum(p.pow(2).mean() for p in parts) + sum(q.sum() for q in a) * 0.1 + (h[:, :3] * n).mean()


def chunky():
    torch.manual_seed(0); return Chunky(), (torch.randn(3, 7),)


class Freq2(nn.Module):
    """scale_grad_by_freq with a padding_idx (fastText-style bag of words)."""
    def __init__(s):
        super().__init__(); s.e = nn.Embedding(12, 5, padding_idx=0, scale_grad_by_freq=True); s.l = nn.Linear(5, 2)
    def forward(s, t, y):
        return F.cross_entropy(s.l(s.e(t).mean(1)), y)


def freq2():
    torch.manual_seed(0); return Freq2(), (torch.tensor([[3, 3, 3, 0, 0], [7, 3, 11, 11, 0]]), torch.tensor([1, 0]))


class LUSolve(nn.Module):
    """torch.linalg.lu_factor / lu_solve (a fixed factorization reused, as
    a preconditioner) and slogdet's sign and log-determinant."""
    def __init__(s):
        super().__init__(); s.a = nn.Parameter(torch.randn(5, 5) + 3 * torch.eye(5)); s.b = nn.Linear(3, 5)
    def forward(s, x):
        LU, piv = torch.linalg.lu_factor(s.a.detach())
        y = torch.linalg.lu_solve(LU, piv, s.b(x).t())
        sgn, la = torch.linalg.slogdet(s.a)
        return y.pow(2).mean() + la * sgn
def lusolve():
    torch.manual_seed(0)
    return LUSolve(), (torch.randn(4, 3),)


class GP(nn.Module):
    """An exact GP's marginal likelihood with an RBF kernel, by hand
    (Cholesky, cholesky_solve; refused until session 22)."""
    def __init__(s):
        super().__init__()
        s.log_ls = nn.Parameter(torch.tensor(0.0)); s.log_sf = nn.Parameter(torch.tensor(0.0))
        s.log_sn = nn.Parameter(torch.tensor(-1.0))
    def forward(s, x, y):
        d2 = torch.cdist(x, x) ** 2
        K = s.log_sf.exp() ** 2 * torch.exp(-0.5 * d2 / s.log_ls.exp() ** 2) + \
            (s.log_sn.exp() ** 2 + 1e-4) * torch.eye(x.shape[0])
        L = torch.linalg.cholesky(K)
        alpha = torch.cholesky_solve(y.unsqueeze(-1), L)
        return 0.5 * (y.unsqueeze(0) @ alpha).squeeze() + torch.log(torch.diagonal(L)).sum()
def gp():
    torch.manual_seed(0)
    return GP(), (torch.randn(6, 2), torch.randn(6))


class MatrixExpRefused(nn.Module):
    """An orthogonal weight by the matrix exponential of a skew-symmetric
    parameter (torch.linalg.matrix_exp): still refused, by name."""
    def __init__(s):
        super().__init__(); s.a = nn.Parameter(torch.randn(4, 4) * 0.1)
    def forward(s, x):
        return (x @ torch.linalg.matrix_exp(s.a - s.a.t())).pow(2).sum()
def mexp_refused():
    torch.manual_seed(0)
    return MatrixExpRefused(), (torch.randn(3, 4),)


# Session 22: matrix products over a boolean-mask selection (BEiT's
# lm_head(x[mask]) was refused).
class BertMaskedHead(nn.Module):
    """Hugging Face BERT's prediction head run on the masked positions only
    (transform: dense, GELU, LayerNorm; decoder tied to the word
    embeddings, its own bias), labels given compactly for those positions."""
    def __init__(s, vocab=40, d=16):
        super().__init__()
        s.emb = nn.Embedding(vocab, d); s.enc = nn.TransformerEncoderLayer(d, 2, 32, 0.0, batch_first=True)
        s.dense = nn.Linear(d, d); s.ln = nn.LayerNorm(d, eps=1e-12)
        s.bias = nn.Parameter(torch.zeros(vocab))
    def forward(s, ids, masked, labels):
        h = s.enc(s.emb(ids))
        h = h[masked]                                   # (n_masked, d)
        h = s.ln(F.gelu(s.dense(h)))
        logits = h @ s.emb.weight.t() + s.bias          # tied decoder
        return F.cross_entropy(logits, labels)
def bert_masked_head():
    torch.manual_seed(0)
    m = torch.zeros(3, 7, dtype=torch.bool); m[0, [1, 5]] = True; m[2, [0, 3, 6]] = True
    return BertMaskedHead(), (torch.randint(0, 40, (3, 7)), m, torch.randint(0, 40, (5,)))


class FairseqMLM(nn.Module):
    """fairseq's masked_lm criterion: the LM head on features[masked_tokens]
    only, targets = tokens[masked_tokens], log_softmax in float and a summed
    nll_loss divided by the sample size."""
    def __init__(s, vocab=24, d=12):
        super().__init__()
        s.emb = nn.Embedding(vocab, d); s.layer = nn.Sequential(nn.Linear(d, 2 * d), nn.ReLU(), nn.Linear(2 * d, d))
        s.lm_head = nn.Linear(d, vocab, bias=False)
    def forward(s, tokens, targets):
        masked_tokens = targets.ne(1)                   # padding_idx 1
        features = s.layer(s.emb(tokens))
        logits = s.lm_head(features[masked_tokens])
        t = targets[masked_tokens]
        lprobs = F.log_softmax(logits.float(), dim=-1)
        return F.nll_loss(lprobs, t, reduction="sum") / masked_tokens.sum()
def fairseq_mlm():
    torch.manual_seed(0)
    tokens = torch.randint(2, 24, (2, 9)); targets = torch.ones(2, 9, dtype=torch.long)
    targets[0, [2, 7]] = torch.tensor([5, 9]); targets[1, [0, 1, 8]] = torch.tensor([3, 3, 20])
    return FairseqMLM(), (tokens, targets)


class SimMIMHead(nn.Module):
    """A masked-image-modelling decoder (two linear layers with a GELU) on
    the masked patches only, a flattened 1-D mask, regression to the
    patches' normalised pixels with an L1 loss."""
    def __init__(s, d=16, p=12):
        super().__init__()
        s.embed = nn.Linear(p, d); s.dec = nn.Sequential(nn.Linear(d, 32), nn.GELU(), nn.Linear(32, p))
    def forward(s, patches, mask):
        B, N, P = patches.shape
        z = s.embed(patches).reshape(B * N, -1)
        pred = s.dec(z[mask.reshape(-1)])
        tgt = patches.reshape(B * N, P)[mask.reshape(-1)]
        tgt = (tgt - tgt.mean(-1, keepdim=True)) / (tgt.var(-1, keepdim=True) + 1e-6) ** 0.5
        return F.l1_loss(pred, tgt)
def simmim_head():
    torch.manual_seed(0)
    m = torch.zeros(2, 6, dtype=torch.bool); m[0, [0, 2, 3]] = True; m[1, [5]] = True
    return SimMIMHead(), (torch.randn(2, 6, 12), m)


# Session 22: torch.distributions.MultivariateNormal (Cholesky and
# triangular solves) as PPO implementations write it.
class PPOActorCritic(nn.Module):
    """nikhilbarhate99/PPO-PyTorch's continuous actor-critic: a diagonal
    covariance built as a full matrix, MultivariateNormal's log_prob and
    entropy, the clipped surrogate, the value loss."""
    def __init__(s, state_dim=6, action_dim=3, action_std=0.6):
        super().__init__()
        s.register_buffer("action_var", torch.full((action_dim,), action_std * action_std))
        s.actor = nn.Sequential(nn.Linear(state_dim, 32), nn.Tanh(), nn.Linear(32, 32), nn.Tanh(),
                                nn.Linear(32, action_dim), nn.Tanh())
        s.critic = nn.Sequential(nn.Linear(state_dim, 32), nn.Tanh(), nn.Linear(32, 1))
    def forward(s, state, action, old_logp, adv, ret):
        action_mean = s.actor(state)
        cov_mat = torch.diag_embed(s.action_var.expand_as(action_mean))
        dist = torch.distributions.MultivariateNormal(action_mean, cov_mat)
        logp, ent = dist.log_prob(action), dist.entropy()
        v = s.critic(state).squeeze(-1)
        ratio = torch.exp(logp - old_logp)
        s1, s2 = ratio * adv, torch.clamp(ratio, 0.8, 1.2) * adv
        return (-torch.min(s1, s2) + 0.5 * (v - ret) ** 2 - 0.01 * ent).mean()
def ppo_mvn():
    torch.manual_seed(0)
    return PPOActorCritic(), (torch.randn(5, 6), torch.randn(5, 3), torch.randn(5), torch.randn(5), torch.randn(5))


class GaussPolicy(nn.Module):
    """A Gaussian policy with learned full covariances: covariance_matrix=
    from a learned matrix (Cholesky's backward), scale_tril= from a learned
    factor, plus a right-sided and a unit-triangular solve."""
    def __init__(s):
        super().__init__()
        s.mu = nn.Linear(4, 3); s.f = nn.Parameter(torch.randn(3, 3) * 0.3); s.g = nn.Parameter(torch.randn(3, 3) * 0.3)
    def forward(s, x, a):
        m = s.mu(x)
        d1 = torch.distributions.MultivariateNormal(m, covariance_matrix=s.g @ s.g.t() + 0.5 * torch.eye(3))
        tril = torch.tril(s.f, -1) + torch.diag_embed(F.softplus(torch.diagonal(s.f)) + 0.1)
        d2 = torch.distributions.MultivariateNormal(m, scale_tril=tril)
        r = torch.linalg.solve_triangular(tril, m, upper=False, left=False)
        u = torch.linalg.solve_triangular(tril.t(), m.t(), upper=True, unitriangular=True)
        return -(d1.log_prob(a) + d2.log_prob(a)).mean() - d1.entropy() + r.pow(2).mean() + u.sum()
def gauss_policy():
    torch.manual_seed(0)
    return GaussPolicy(), (torch.randn(5, 4), torch.randn(5, 3))


class WeightedBag(nn.Module):
    """TorchRec-style weighted sparse features: nn.EmbeddingBag(mode='sum')
    with per_sample_weights from a small net on dense features, offsets
    with an empty bag, a padding index, then a top MLP (session 22:
    per_sample_weights were refused)."""
    def __init__(s):
        super().__init__(); s.bag = nn.EmbeddingBag(20, 6, mode="sum", padding_idx=0)
        s.wnet = nn.Linear(3, 1); s.top = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 1))
    def forward(s, ids, offsets, feats, y):
        w = torch.sigmoid(s.wnet(feats)).squeeze(-1)
        e = s.bag(ids, offsets, per_sample_weights=w)
        return F.binary_cross_entropy_with_logits(s.top(e).squeeze(-1), y)
def weighted_bag():
    torch.manual_seed(0)
    ids = torch.tensor([3, 0, 7, 7, 1, 19, 4, 0, 12])
    return WeightedBag(), (ids, torch.tensor([0, 3, 3, 6]), torch.randn(9, 3), torch.rand(4))


MODELS = ["kan", "mod", "droppath", "hyena", "isab", "snn", "ciou", "ghostbn", "vit_reg",
          "sinkhorn", "focalnet", "convlstm", "deform", "mlm_boolidx", "ctc", "ctc_lists", "w2v",
          "involution", "cumstick", "masked_writes", "lcse", "lcse_inf", "lrn", "periodic", "drops",
          "circ", "rep", "mhakv", "dinopos", "freq", "freq2", "chunky", "lusolve",
          "bert_masked_head", "fairseq_mlm", "simmim_head", "ppo_mvn", "gauss_policy", "gp",
          "weighted_bag"]
