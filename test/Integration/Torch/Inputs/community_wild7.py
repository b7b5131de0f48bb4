"""A seventh set of models written the way their communities write them
(session 19, after community_wild6): each FUNCTION() returns (model,
example_inputs) for compare.py, the importer and train.py.

awd (AWD-LSTM's WeightDrop: the raw hidden-to-hidden weight dropped out and
set back on the nn.LSTM before each call), bert_chunk (Hugging Face BERT's
extended attention mask by finfo.min and apply_chunking_to_forward over the
feed-forward), convnext_ln2d (ConvNeXt's channels-first LayerNorm written
out: mean, variance, sqrt, per-channel affine), masked_rows_nan (a query
row that sees no key: softmax of -inf is NaN, cleaned by nan_to_num),
sparse_emb and sparse_bag (nn.Embedding / DLRM's EmbeddingBag with
sparse=True: imported with the dense gradient; remat_torch.compile leaves
them to PyTorch's partition), resizes (nearest-exact and area
interpolation), ckpt_seq (torch.utils.checkpoint.checkpoint_sequential),
fno (the Fourier Neural Operator's SpectralConv2d as written: complex
parameters, rfft2, a complex einsum, writes into slices of a complex
zeros tensor, irfft2; tanh in place of F.gelu after the permute, whose
1.13 CPU backward returns garbage for a permuted gradient).
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class WeightDrop(nn.Module):
    """AWD-LSTM's WeightDrop as written (salesforce/awd-lstm-lm): the raw
    hidden-to-hidden weight is a parameter, dropped out and set back on the
    LSTM before each call."""
    def __init__(s, module, weights, dropout=0.3):
        super().__init__()
        s.module, s.weights, s.dropout = module, weights, dropout
        for name_w in s.weights:
            w = getattr(s.module, name_w)
            del s.module._parameters[name_w]
            s.module.register_parameter(name_w + '_raw', nn.Parameter(w.data))
    def _setweights(s):
        for name_w in s.weights:
            raw_w = getattr(s.module, name_w + '_raw')
            w = F.dropout(raw_w, p=s.dropout, training=s.training)
            setattr(s.module, name_w, w)
    def forward(s, *args):
        s._setweights()
        return s.module.forward(*args)

class AWD(nn.Module):
    def __init__(s):
        super().__init__()
        s.emb = nn.Embedding(11, 6)
        s.rnn = WeightDrop(nn.LSTM(6, 6, batch_first=True), ["weight_hh_l0"])
        s.out = nn.Linear(6, 11)
    def forward(s, ids, y):
        h, _ = s.rnn(s.emb(ids))
        return F.cross_entropy(s.out(h).flatten(0, 1), y.flatten())
def awd():
    torch.manual_seed(0); return AWD(), (torch.randint(0, 11, (2, 5)), torch.randint(0, 11, (2, 5)))

def apply_chunking_to_forward(forward_fn, chunk_size, chunk_dim, *input_tensors):
    if chunk_size > 0:
        num_chunks = input_tensors[0].shape[chunk_dim] // chunk_size
        input_tensors_chunks = tuple(t.chunk(num_chunks, dim=chunk_dim) for t in input_tensors)
        output_chunks = tuple(forward_fn(*c) for c in zip(*input_tensors_chunks))
        return torch.cat(output_chunks, dim=chunk_dim)
    return forward_fn(*input_tensors)

class BertChunk(nn.Module):
    def __init__(s, d=8):
        super().__init__()
        s.qkv = nn.Linear(d, 3 * d); s.o = nn.Linear(d, d); s.ln1 = nn.LayerNorm(d, eps=1e-12)
        s.i = nn.Linear(d, 16); s.out = nn.Linear(16, d); s.ln2 = nn.LayerNorm(d, eps=1e-12); s.h = 2
    def ff(s, x):
        return s.ln2(s.out(F.gelu(s.i(x), approximate="tanh")) + x)
    def forward(s, x, attention_mask):
        ext = attention_mask[:, None, None, :].to(dtype=x.dtype)
        ext = (1.0 - ext) * torch.finfo(x.dtype).min
        B, T, C = x.shape
        q, k, v = s.qkv(x).view(B, T, 3, s.h, C // s.h).permute(2, 0, 3, 1, 4)
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(C // s.h) + ext
        probs = nn.functional.softmax(scores, dim=-1)
        ctx = torch.matmul(probs, v).permute(0, 2, 1, 3).contiguous().view(B, T, C)
        h = s.ln1(s.o(ctx) + x)
        return apply_chunking_to_forward(s.ff, 2, 1, h).pow(2).mean()
def bert_chunk():
    torch.manual_seed(0)
    return BertChunk(), (torch.randn(2, 4, 8), torch.tensor([[1, 1, 1, 0], [1, 1, 0, 0]]))

class LayerNorm2d(nn.Module):
    def __init__(s, c, eps=1e-6):
        super().__init__(); s.weight = nn.Parameter(torch.ones(c)); s.bias = nn.Parameter(torch.zeros(c)); s.eps = eps
    def forward(s, x):
        u = x.mean(1, keepdim=True)
        v = (x - u).pow(2).mean(1, keepdim=True)
        x = (x - u) / torch.sqrt(v + s.eps)
        return s.weight[:, None, None] * x + s.bias[:, None, None]
class ConvNeXtDown(nn.Module):
    def __init__(s):
        super().__init__()
        s.stem = nn.Sequential(nn.Conv2d(3, 8, 4, 4), LayerNorm2d(8))
        s.dw = nn.Conv2d(8, 8, 7, padding=3, groups=8)
        s.down = nn.Sequential(LayerNorm2d(8), nn.Conv2d(8, 12, 2, 2))
        s.head = nn.Linear(12, 3)
    def forward(s, x, y):
        x = s.stem(x); x = x + s.dw(x); x = s.down(x)
        return F.cross_entropy(s.head(x.mean([-2, -1])), y)
def convnext_ln2d():
    torch.manual_seed(0); return ConvNeXtDown(), (torch.randn(2, 3, 16, 16), torch.tensor([0, 2]))

class MaskedRows(nn.Module):
    """Left padding with a row that sees no key: softmax of all -inf is NaN
    in PyTorch, cleaned by nan_to_num (as some inference-ready code does)."""
    def __init__(s):
        super().__init__(); s.qk = nn.Linear(4, 8); s.v = nn.Linear(4, 4)
    def forward(s, x, keep):
        q, k = s.qk(x).chunk(2, -1)
        att = q @ k.transpose(-1, -2)
        att = att.masked_fill(~keep[:, None, :], float("-inf"))
        att = torch.nan_to_num(att.softmax(-1), nan=0.0)
        return (att @ s.v(x)).pow(2).sum()
def masked_rows_nan():
    torch.manual_seed(0)
    return MaskedRows(), (torch.randn(2, 3, 4), torch.tensor([[False, False, False], [True, True, False]]))

class SparseEmb(nn.Module):
    def __init__(s):
        super().__init__(); s.e = nn.Embedding(10, 4, sparse=True); s.l = nn.Linear(4, 1)
    def forward(s, ids):
        return s.l(s.e(ids)).sum()
def sparse_emb():
    torch.manual_seed(0); return SparseEmb(), (torch.randint(0, 10, (3, 4)),)

class Resizes(nn.Module):
    def __init__(s):
        super().__init__(); s.c = nn.Conv2d(2, 2, 1)
    def forward(s, x):
        x = s.c(x)
        a = F.interpolate(x, size=(5, 7), mode="nearest-exact")
        b = F.interpolate(x, size=(3, 2), mode="area")
        return a.pow(2).sum() + b.sum()
def resizes():
    torch.manual_seed(0); return Resizes(), (torch.randn(2, 2, 6, 4),)

class CkptSeq(nn.Module):
    def __init__(s):
        super().__init__()
        s.seq = nn.Sequential(*[nn.Sequential(nn.Linear(6, 6), nn.GELU()) for _ in range(4)])
    def forward(s, x):
        return torch.utils.checkpoint.checkpoint_sequential(s.seq, 2, x).pow(2).sum()
def ckpt_seq():
    torch.manual_seed(0); return CkptSeq(), (torch.randn(3, 6, requires_grad=True),)

class SpectralConv2d(nn.Module):
    """FNO's spectral convolution (neuraloperator's original fourier_2d.py)."""
    def __init__(self, in_channels, out_channels, modes1, modes2):
        super().__init__()
        self.in_channels, self.out_channels = in_channels, out_channels
        self.modes1, self.modes2 = modes1, modes2
        self.scale = (1 / (in_channels * out_channels))
        self.weights1 = nn.Parameter(self.scale * torch.rand(in_channels, out_channels, self.modes1, self.modes2, dtype=torch.cfloat))
        self.weights2 = nn.Parameter(self.scale * torch.rand(in_channels, out_channels, self.modes1, self.modes2, dtype=torch.cfloat))
    def compl_mul2d(self, input, weights):
        return torch.einsum("bixy,ioxy->boxy", input, weights)
    def forward(self, x):
        batchsize = x.shape[0]
        x_ft = torch.fft.rfft2(x)
        out_ft = torch.zeros(batchsize, self.out_channels, x.size(-2), x.size(-1) // 2 + 1, dtype=torch.cfloat, device=x.device)
        out_ft[:, :, :self.modes1, :self.modes2] = self.compl_mul2d(x_ft[:, :, :self.modes1, :self.modes2], self.weights1)
        out_ft[:, :, -self.modes1:, :self.modes2] = self.compl_mul2d(x_ft[:, :, -self.modes1:, :self.modes2], self.weights2)
        return torch.fft.irfft2(out_ft, s=(x.size(-2), x.size(-1)))
class FNO(nn.Module):
    def __init__(s):
        super().__init__(); s.p = nn.Linear(3, 4); s.conv = SpectralConv2d(4, 4, 2, 2); s.w = nn.Conv2d(4, 4, 1); s.q = nn.Linear(4, 1)
    def forward(s, x, y):
        x = s.p(x).permute(0, 3, 1, 2)
        x = torch.tanh(s.conv(x) + s.w(x))
        return F.mse_loss(s.q(x.permute(0, 2, 3, 1)), y)
def fno():
    torch.manual_seed(0); return FNO(), (torch.randn(2, 8, 8, 3), torch.randn(2, 8, 8, 1))

MODELS = ["awd", "bert_chunk", "convnext_ln2d", "masked_rows_nan", "resizes", "ckpt_seq", "fno",
          "sparse_emb", "sparse_bag"]


class SparseBag(nn.Module):
    """DLRM's embedding tables as its reference code builds them:
    nn.EmbeddingBag(mode="sum", sparse=True) over offsets."""
    def __init__(s):
        super().__init__()
        s.tables = nn.ModuleList([nn.EmbeddingBag(12, 4, mode="sum", sparse=True) for _ in range(2)])
        s.top = nn.Sequential(nn.Linear(8, 6), nn.ReLU(), nn.Linear(6, 1))

    def forward(s, idx, offsets, y):
        z = torch.cat([t(idx[k], offsets[k]) for k, t in enumerate(s.tables)], 1)
        return F.binary_cross_entropy_with_logits(s.top(z).squeeze(1), y)


def sparse_bag():
    torch.manual_seed(0)
    return SparseBag(), (torch.randint(0, 12, (2, 7)), torch.tensor([[0, 2, 5], [0, 1, 3]]),
                         torch.tensor([1.0, 0.0, 1.0]))
