"""Small models for the PyTorch front end's tests: FUNCTION() -> (model, inputs)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def causal_attention(qkv, heads, mask, drop):
    """Multi-head causal self-attention from the packed q, k, v projection
    (b, t, 3c), dropout `drop` on the probabilities, as nanoGPT writes it."""
    b, t, c3 = qkv.shape
    c = c3 // 3
    q, k, v = qkv.split(c, dim=2)
    q = q.view(b, t, heads, c // heads).transpose(1, 2)
    k = k.view(b, t, heads, c // heads).transpose(1, 2)
    v = v.view(b, t, heads, c // heads).transpose(1, 2)
    a = (q @ k.transpose(-2, -1)) * (1.0 / (c // heads) ** 0.5)
    a = a.masked_fill(~mask[:t, :t], float("-inf"))
    a = drop(F.softmax(a, dim=-1))
    return (a @ v).transpose(1, 2).contiguous().view(b, t, c)


class Block(nn.Module):
    """A GPT-2 block: pre-layernorm causal self-attention and a GELU MLP."""

    def __init__(self, d, heads, seq, dropout):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d)
        self.attn_qkv = nn.Linear(d, 3 * d)
        self.attn_proj = nn.Linear(d, d)
        self.ln_2 = nn.LayerNorm(d)
        self.fc = nn.Linear(d, 4 * d)
        self.proj = nn.Linear(4 * d, d)
        self.drop = nn.Dropout(dropout)
        self.heads = heads
        self.register_buffer("mask", torch.tril(torch.ones(seq, seq, dtype=torch.bool)))

    def forward(self, x):
        y = causal_attention(self.attn_qkv(self.ln_1(x)), self.heads, self.mask, self.drop)
        x = x + self.drop(self.attn_proj(y))
        return x + self.drop(self.proj(F.gelu(self.fc(self.ln_2(x)))))


class GPT(nn.Module):
    def __init__(self, vocab=32, d=16, heads=2, seq=8, layers=2, dropout=0.1):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.wpe = nn.Embedding(seq, d)
        self.h = nn.ModuleList([Block(d, heads, seq, dropout) for _ in range(layers)])
        self.ln_f = nn.LayerNorm(d)
        self.lm_head = nn.Linear(d, vocab, bias=False)
        self.vocab = vocab

    def forward(self, idx, targets):
        pos = torch.arange(idx.shape[1], device=idx.device)
        x = self.wte(idx) + self.wpe(pos)
        for block in self.h:
            x = block(x)
        logits = self.lm_head(self.ln_f(x))
        return F.cross_entropy(logits.view(-1, self.vocab), targets.view(-1))


def mlp():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(16, 32), nn.GELU(), nn.Linear(32, 32), nn.Tanh(),
                          nn.Linear(32, 8), nn.ReLU())
    return model, (torch.randn(4, 16),)


def gpt():
    torch.manual_seed(0)
    return GPT(), (torch.randint(0, 32, (2, 8)), torch.randint(0, 32, (2, 8)))


def gpt_no_dropout():
    torch.manual_seed(0)
    return GPT(dropout=0.0), (torch.randint(0, 32, (2, 8)), torch.randint(0, 32, (2, 8)))


def resnet():
    from torchvision.models.resnet import BasicBlock, ResNet
    torch.manual_seed(0)
    return ResNet(BasicBlock, [1, 1, 1, 1], num_classes=4), (torch.randn(2, 3, 64, 64),)


def gpt3_layer():
    """One GPT-3 175B layer (s=2048, h=12288, a=96, b=1): import with --fake."""
    return Block(12288, 96, 2048, 0.1), (torch.randn(1, 2048, 12288),)


def not_a_pair():
    return 3


def unsupported_op():
    class Median(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(4, 4)

        def forward(self, x):
            return torch.median(self.lin(x), dim=1).values

    return Median(), (torch.randn(2, 4),)


class _LinearThen(nn.Module):
    """then(Linear(n, n)(x)): one model for the view tests below."""
    def __init__(self, n, then):
        super().__init__()
        self.lin = nn.Linear(n, n)
        self.then = then

    def forward(self, x):
        return self.then(self.lin(x))


def strided_window():
    """as_strided over part of a storage (a sliding window): not a reshape,
    read through one affine map (its backward writes the window into zeros)."""
    torch.manual_seed(0)
    return _LinearThen(8, lambda y: (y.as_strided((2, 4), (8, 2), 1) * torch.arange(4.0)).sum()), \
        (torch.randn(2, 8),)


def strided_of_view():
    """as_strided of a slice: the storage is larger than its argument."""
    torch.manual_seed(0)
    return _LinearThen(8, lambda y: y[:, 2:].as_strided((2, 2), (8, 1), 3).sum()), (torch.randn(2, 8),)


def f32_mask_in_bf16():
    """A mask made in f32 inside a model imported with --dtype bf16: the
    scores become f32 and meet bf16 values in a matmul, which eager PyTorch
    refuses as well."""
    class Masked(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(4, 4)

        def forward(self, x):
            h = self.lin(x)
            mask = torch.zeros(4, 4, dtype=torch.float32)
            probs = torch.softmax(h @ h.transpose(0, 1) + mask, dim=-1)
            return probs @ h

    return Masked(), (torch.randn(4, 4),)


def no_parameters():
    return nn.ReLU(), (torch.randn(2, 4),)


def _write_column(y):
    y = y * 2
    y[:, 0].mul_(3)  # writes through a view into y
    return y


def _write_stale(y):
    y = y * 2
    b = y[:, 1:]
    y[:, 0:2].mul_(3)  # b, read below, would have to see this write
    return (b * y[:, :3]).sum()


def in_place_on_view():
    torch.manual_seed(0)
    return _LinearThen(4, _write_column), (torch.randn(2, 4),)


def in_place_stale_view():
    """A write into one view of y while another view of it is read later:
    that view would need to see the write (aliasing)."""
    torch.manual_seed(0)
    return _LinearThen(4, _write_stale), (torch.randn(2, 4),)


def dropout_half():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(64, 64), nn.Dropout(0.5))
    return model, (torch.randn(64, 64) + 10.0,)


class ScaleInput(nn.Module):
    """Writes into its input in place, as some forward functions do."""

    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 3)

    def forward(self, x):
        x.mul_(3)
        return self.lin(x).tanh()


def in_place_input():
    torch.manual_seed(0)
    return ScaleInput(), (torch.randn(2, 4),)


def make_raises_runtime_error():
    raise RuntimeError("no GPU here")


def make_raises_type_error():
    return nn.Linear(4, 4, bad_argument=1), (torch.randn(2, 4),)


def frozen():
    """A frozen embedding and first layer (fine-tuning): arguments without gradients."""
    torch.manual_seed(0)

    class Head(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(10, 8)
            self.body = nn.Linear(8, 8)
            self.head = nn.Linear(8, 3)
            for p in list(self.emb.parameters()) + list(self.body.parameters()):
                p.requires_grad_(False)

        def forward(self, ids, y):
            return F.cross_entropy(self.head(torch.relu(self.body(self.emb(ids)))), y)

    return Head(), (torch.randint(0, 10, (6,)), torch.randint(0, 3, (6,)))


def all_frozen():
    model = nn.Linear(4, 4)
    model.requires_grad_(False)
    return model, (torch.randn(2, 4),)


def several_unsupported():
    """Ops without a lowering in two modules, forward and backward."""
    class Median(nn.Module):
        def forward(self, x):
            return torch.median(x, dim=1, keepdim=True).values * x

    class LogGamma(nn.Module):  # (lgamma is lowered since session 19: i0, whose backward is i1)
        def forward(self, x):
            return torch.i0(x)

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.net = nn.Sequential(nn.Linear(4, 4), Median(), nn.Linear(4, 4), LogGamma(), nn.Linear(4, 2))

        def forward(self, x):
            return self.net(x)

    return Net(), (torch.randn(2, 4),)


def tensor_attribute():
    """A plain tensor attribute (not a parameter or buffer) in the forward:
    the fast path cannot trace it on fake copies; the importer traces on
    the real tensors instead."""
    class Scaled(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(4, 4)
            self.scale = torch.tensor([2.0, 0.5, 1.0, 3.0])
            self.drop = nn.Dropout(0.5)

        def forward(self, x):
            return F.mse_loss(self.drop(self.lin(x) * self.scale), torch.zeros(3, 4))

    torch.manual_seed(0)
    return Scaled(), (torch.randn(3, 4),)


class Attention(nn.Module):
    """GPT-2-style causal self-attention alone, dropout on the probabilities
    (test/Transforms/Inputs/attention-importer-bf16.mlir is its bf16 import)."""

    def __init__(self, d=16, heads=2, seq=16, dropout=0.1):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d, bias=False)
        self.drop = nn.Dropout(dropout)
        self.heads = heads
        self.register_buffer("mask", torch.tril(torch.ones(seq, seq, dtype=torch.bool)))

    def forward(self, x):
        return causal_attention(self.qkv(x), self.heads, self.mask, self.drop)


def attention():
    torch.manual_seed(0)
    return Attention(), (torch.randn(2, 16, 16),)


def block():
    torch.manual_seed(0)
    return Block(32, 2, 16, 0.1), (torch.randn(1, 16, 32),)


class _SqueezeInPlace(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 1)

    def forward(self, x):
        y = self.fc(x) * 1.0
        y.squeeze_(1)  # whether it dropped a dimension is not known afterwards
        return y.pow(2).sum()


def squeeze_inplace():
    torch.manual_seed(0)
    return _SqueezeInPlace(), (torch.randn(4, 8),)


class _OhemLoss(nn.Module):
    """BiSeNet's OhemCELoss pattern: a Python branch on the size of a
    selection (`loss[loss > t].numel()`), traced with the example's count."""

    def __init__(self):
        super().__init__()
        self.l = nn.Linear(4, 8)

    def forward(self, x, y):
        loss = ((self.l(x) - y) ** 2).view(-1)
        hard = loss[loss > 0.5]
        if hard.numel() < 4:
            hard, _ = loss.topk(4)
        return hard.mean()


def ohem_numel():
    torch.manual_seed(0)
    return _OhemLoss(), (torch.randn(2, 4), torch.randn(2, 8))


class _MaskedMeanNoRead(nn.Module):
    """A selection whose size Python never reads (only fixed sizes are)."""

    def __init__(self):
        super().__init__()
        self.l = nn.Linear(4, 8)

    def forward(self, x, y):
        loss = (self.l(x) - y) ** 2
        hard = F.relu(loss[loss > 0.5])
        return hard.mean() * loss.shape[-1] + hard.sum() / loss.numel()


def masked_mean_no_read():
    torch.manual_seed(0)
    return _MaskedMeanNoRead(), (torch.randn(2, 4), torch.randn(2, 8))


class _LegacyCtor(nn.Module):
    """nerf-pytorch's raw2outputs: torch.Tensor([1e10]) inside forward."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        h = self.fc(x)
        return torch.cat([h, torch.Tensor([1e10]).expand(h[..., :1].shape)], -1).clamp(max=5).sum()


def legacy_ctor():
    torch.manual_seed(0)
    return _LegacyCtor(), (torch.randn(2, 4),)


def _chunk(h):
    # a size made of Python ints by torch.div (a 0-d tensor): followed
    return h.view(h.size(0), torch.div(h.size(1), 4, rounding_mode="trunc"), 4, h.size(2))


class _ReadAfterFollowed(nn.Module):
    """Hugging Face Longformer's shape: _chunk's view (followed), then a
    new_zeros sized by a 0-d tensor + 1 (the read that fails): the error
    named _chunk's line, the first read, not this one (a tester's report,
    session 37)."""

    def __init__(self):
        super().__init__()
        self.l = nn.Linear(8, 8)

    def forward(self, x):
        h = _chunk(self.l(x))
        c = torch.div(x.size(1), 4, rounding_mode="trunc") - 1
        z = h.new_zeros((h.size(0), c + 1, 4, 8))  # the failing read
        return (z + h).pow(2).mean()


def read_after_followed():
    torch.manual_seed(0)
    return _ReadAfterFollowed(), (torch.randn(2, 8, 8),)


class _SparseGCN(nn.Module):
    """Kipf's pygcn: a sparse COO adjacency as an input, torch.spmm (a
    tester's model, session 37: imported as a dense argument, then saving
    the example failed)."""

    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(8, 3) * 0.3)

    def forward(self, x, adj):
        return torch.spmm(adj, x @ self.w).square().mean()


def sparse_input():
    torch.manual_seed(0)
    idx = torch.tensor([[0, 1, 1, 2, 3], [1, 0, 2, 1, 3]])
    adj = torch.sparse_coo_tensor(idx, torch.full((5,), 0.5), (4, 4)).coalesce()
    return _SparseGCN(), (torch.randn(4, 8), adj)
