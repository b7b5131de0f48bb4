"""A fifth set of models written the way their communities write them,
none seen by remat before (session 18): each FUNCTION() returns
(model, example_inputs) for compare.py, the importer and train.py.

Self-supervised: barlow (Barlow Twins' cross-correlation with the
off-diagonal through a flatten/view trick), vicreg (variance, invariance,
covariance terms), swav (Sinkhorn-Knopp iterations under no_grad, a
swapped prediction loss).

Recurrent and state-space: mlstm (xLSTM's mLSTM cell: exponential gates
stabilised by a running max, a matrix memory), rglru (Griffin's RG-LRU:
a = sigmoid(L)^(c r), sqrt(1 - a^2) input scaling, a Python loop), ntm
(an NTM read head: cosine content addressing, interpolation, a circular
shift through torch.roll, sharpening).

Recommendation and tabular: sasrec (causal self-attention over item
embeddings with a padding mask, positive/negative logits by a row-wise
dot), tabnet (TabNet's attentive transformer: sparsemax by sort and
cumsum, a prior updated by (gamma - mask)), kan (a KAN layer: B-spline
bases by the Cox-de Boor recursion on a grid buffer, SiLU base branch).

Geometry and graphs: egnn (E(n)-equivariant layer: squared distances,
coordinate updates by mean of weighted differences), dgcnn (EdgeConv: a
k-NN graph by topk on pairwise distances, gather of neighbours, max over
them), schnet (continuous-filter convolution with Gaussian RBF
expansion and a cosine cutoff).

Sequence: rnnt (RNN-T's joint network: broadcast add of encoder and
predictor outputs, log_softmax over 4-D), settrans (Set Transformer's
ISAB with inducing points via nn.MultiheadAttention), softsort
(a NeuralSort-style relaxed permutation matrix), llama3 (Llama 3's RoPE
frequency scaling computed at init, tied embeddings, SwiGLU, RMSNorm in
float32 then cast back).

Boolean-mask selections, x[mask] (a size that depends on the data), as
losses are written: masked_mse (loss[mask].mean() and a sum), mlm_flat
(BERT's MLM loss on the flattened positions whose label is not -100),
mlm_2d (the same with a 2-D mask), masked_rows (a softmax over the rows
x[mask] keeps, a sum over them), masked_bce (BCE-with-logits and smooth L1
on the valid targets); sasrec above is one too.

Writes into a diagonal view (Barlow Twins' torch.diagonal(c).add_(-1)):
diag_write goes back into its base; diag_view_of_view and
diag_offset_zero (a diagonal of a reshaped matmul, read afterwards) are
refused with a clear error (before 2026-12-03 all three imported with
the write silently lost).
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


# -- self-supervised ---------------------------------------------------------
def _off_diagonal(x):
    n, m = x.shape
    assert n == m
    return x.flatten()[:-1].view(n - 1, n + 1)[:, 1:].flatten()


class Barlow(nn.Module):
    def __init__(s, d=8, p=6, lambd=5e-3):
        super().__init__()
        s.backbone = nn.Sequential(nn.Linear(d, 12), nn.ReLU(), nn.Linear(12, 10))
        s.projector = nn.Sequential(nn.Linear(10, 12), nn.BatchNorm1d(12), nn.ReLU(),
                                    nn.Linear(12, p, bias=False))
        s.bn = nn.BatchNorm1d(p, affine=False)
        s.lambd = lambd

    def forward(s, y1, y2):
        z1 = s.projector(s.backbone(y1))
        z2 = s.projector(s.backbone(y2))
        c = s.bn(z1).T @ s.bn(z2)
        c.div_(y1.shape[0])
        on_diag = torch.diagonal(c).add_(-1).pow_(2).sum()
        off_diag = _off_diagonal(c).pow_(2).sum()
        return on_diag + s.lambd * off_diag


def barlow():
    torch.manual_seed(0)
    return Barlow(), (torch.randn(6, 8), torch.randn(6, 8))


class VICReg(nn.Module):
    def __init__(s, d=8, e=10):
        super().__init__()
        s.expander = nn.Sequential(nn.Linear(d, e), nn.BatchNorm1d(e), nn.ReLU(), nn.Linear(e, e))

    def forward(s, x, y):
        x = s.expander(x)
        y = s.expander(y)
        repr_loss = F.mse_loss(x, y)
        x = x - x.mean(dim=0)
        y = y - y.mean(dim=0)
        std_x = torch.sqrt(x.var(dim=0) + 0.0001)
        std_y = torch.sqrt(y.var(dim=0) + 0.0001)
        std_loss = torch.mean(F.relu(1 - std_x)) / 2 + torch.mean(F.relu(1 - std_y)) / 2
        n, e = x.shape
        cov_x = (x.T @ x) / (n - 1)
        cov_y = (y.T @ y) / (n - 1)
        cov_loss = _off_diagonal(cov_x).pow_(2).sum().div(e) + _off_diagonal(cov_y).pow_(2).sum().div(e)
        return 25.0 * repr_loss + 25.0 * std_loss + cov_loss


def vicreg():
    torch.manual_seed(0)
    return VICReg(), (torch.randn(7, 8), torch.randn(7, 8))


class SwAV(nn.Module):
    def __init__(s, d=8, f=6, k=5, temp=0.1, eps=0.05, iters=3):
        super().__init__()
        s.net = nn.Sequential(nn.Linear(d, 10), nn.ReLU(), nn.Linear(10, f))
        s.prototypes = nn.Linear(f, k, bias=False)
        s.temp, s.eps, s.iters = temp, eps, iters

    @torch.no_grad()
    def sinkhorn(s, out):
        Q = torch.exp(out / s.eps).t()
        B = Q.shape[1]
        K = Q.shape[0]
        Q /= torch.sum(Q)
        for _ in range(s.iters):
            Q /= torch.sum(Q, dim=1, keepdim=True)
            Q /= K
            Q /= torch.sum(Q, dim=0, keepdim=True)
            Q /= B
        Q *= B
        return Q.t()

    def forward(s, x1, x2):
        with torch.no_grad():
            w = s.prototypes.weight.data.clone()
            w = F.normalize(w, dim=1, p=2)
            s.prototypes.weight.copy_(w)
        z1 = F.normalize(s.net(x1), dim=1)
        z2 = F.normalize(s.net(x2), dim=1)
        p1, p2 = s.prototypes(z1), s.prototypes(z2)
        q1, q2 = s.sinkhorn(p1.detach()), s.sinkhorn(p2.detach())
        l1 = -torch.mean(torch.sum(q1 * F.log_softmax(p2 / s.temp, dim=1), dim=1))
        l2 = -torch.mean(torch.sum(q2 * F.log_softmax(p1 / s.temp, dim=1), dim=1))
        return (l1 + l2) / 2


def swav():
    torch.manual_seed(0)
    return SwAV(), (torch.randn(6, 8), torch.randn(6, 8))


# -- recurrent and state-space -----------------------------------------------
class MLSTM(nn.Module):
    """xLSTM's mLSTM, recurrent form, over T steps."""
    def __init__(s, d=6, h=4):
        super().__init__()
        s.q = nn.Linear(d, h); s.k = nn.Linear(d, h); s.v = nn.Linear(d, h)
        s.i = nn.Linear(d, 1); s.f = nn.Linear(d, 1); s.o = nn.Linear(d, h)
        s.h = h

    def forward(s, x):
        B, T, _ = x.shape
        C = x.new_zeros(B, s.h, s.h)
        n = x.new_zeros(B, s.h)
        m = x.new_zeros(B, 1)
        outs = []
        for t in range(T):
            xt = x[:, t]
            q, k, v = s.q(xt), s.k(xt) / math.sqrt(s.h), s.v(xt)
            i_til, f_til = s.i(xt), s.f(xt)
            log_f = F.logsigmoid(f_til)
            m_new = torch.maximum(log_f + m, i_til)
            i = torch.exp(i_til - m_new)
            f = torch.exp(log_f + m - m_new)
            C = f.unsqueeze(-1) * C + i.unsqueeze(-1) * (v.unsqueeze(-1) @ k.unsqueeze(1))
            n = f * n + i * k
            num = (C @ q.unsqueeze(-1)).squeeze(-1)
            den = torch.maximum((n * q).sum(-1, keepdim=True).abs(), torch.exp(-m_new))
            outs.append(torch.sigmoid(s.o(xt)) * num / den)
            m = m_new
        return torch.stack(outs, 1).pow(2).mean()


def mlstm():
    torch.manual_seed(0)
    return MLSTM(), (torch.randn(2, 5, 6),)


class RGLRU(nn.Module):
    """Griffin's real-gated linear recurrent unit, with its conv1d and gate."""
    def __init__(s, d=6, c=8.0):
        super().__init__()
        s.inp = nn.Linear(d, 2 * d)
        s.conv = nn.Conv1d(d, d, 3, padding=2, groups=d)
        s.wa = nn.Linear(d, d); s.wx = nn.Linear(d, d)
        s.a_param = nn.Parameter(torch.linspace(0.5, 2.0, d))
        s.out = nn.Linear(d, d)
        s.c = c

    def forward(s, x):
        B, T, D = x.shape
        y, gate = s.inp(x).chunk(2, -1)
        y = s.conv(y.transpose(1, 2))[..., :T].transpose(1, 2)
        r = torch.sigmoid(s.wa(y))
        i = torch.sigmoid(s.wx(y))
        log_a = -s.c * r * F.softplus(s.a_param)
        a = torch.exp(log_a)
        mult = torch.sqrt(1 - torch.exp(2 * log_a))
        xs = mult * (i * y)
        h = x.new_zeros(B, D)
        hs = []
        for t in range(T):
            h = a[:, t] * h + xs[:, t]
            hs.append(h)
        h = torch.stack(hs, 1) * F.gelu(gate, approximate="tanh")
        return s.out(h).square().mean()


def rglru():
    torch.manual_seed(0)
    return RGLRU(), (torch.randn(2, 6, 6),)


class NTMHead(nn.Module):
    """A Neural Turing Machine read head over a fixed memory."""
    def __init__(s, ctrl=6, n=7, m=5, shifts=3):
        super().__init__()
        s.fc = nn.Linear(ctrl, m + 1 + 1 + shifts + 1)
        s.mem = nn.Parameter(torch.randn(n, m) * 0.3)
        s.m, s.shifts = m, shifts
        s.ctrl = nn.LSTMCell(m, ctrl)

    def address(s, o, w_prev):
        k, beta, g, sh, gamma = torch.split(o, [s.m, 1, 1, s.shifts, 1], dim=-1)
        beta, g = F.softplus(beta), torch.sigmoid(g)
        sh, gamma = F.softmax(sh, -1), 1 + F.softplus(gamma)
        sim = F.cosine_similarity(s.mem.unsqueeze(0) + 1e-16, k.unsqueeze(1) + 1e-16, dim=-1)
        wc = F.softmax(beta * sim, dim=1)
        wg = g * wc + (1 - g) * w_prev
        ws = sum(sh[:, j:j + 1] * torch.roll(wg, j - 1, dims=1) for j in range(s.shifts))
        w = ws ** gamma
        return w / (w.sum(1, keepdim=True) + 1e-16)

    def forward(s, x):
        B, T, _ = x.shape
        h = x.new_zeros(B, s.ctrl.hidden_size); c = torch.zeros_like(h)
        w = x.new_full((B, s.mem.shape[0]), 1.0 / s.mem.shape[0])
        r = x.new_zeros(B, s.m)
        total = 0
        for t in range(T):
            h, c = s.ctrl(r + x[:, t], (h, c))
            w = s.address(s.fc(h), w)
            r = w @ s.mem
            total = total + r.pow(2).sum()
        return total


def ntm():
    torch.manual_seed(0)
    return NTMHead(), (torch.randn(3, 4, 5),)


# -- recommendation and tabular ----------------------------------------------
class SASRec(nn.Module):
    def __init__(s, items=20, d=8, L=6, heads=2):
        super().__init__()
        s.item_emb = nn.Embedding(items + 1, d, padding_idx=0)
        s.pos_emb = nn.Embedding(L, d)
        s.drop = nn.Dropout(0.0)
        s.ln1 = nn.LayerNorm(d, eps=1e-8)
        s.attn = nn.MultiheadAttention(d, heads, dropout=0.0)
        s.ln2 = nn.LayerNorm(d, eps=1e-8)
        s.ff = nn.Sequential(nn.Conv1d(d, d, 1), nn.ReLU(), nn.Conv1d(d, d, 1))
        s.last = nn.LayerNorm(d, eps=1e-8)

    def log2feats(s, seq):
        x = s.item_emb(seq) * s.item_emb.embedding_dim ** 0.5
        pos = torch.arange(seq.shape[1]).unsqueeze(0).expand(seq.shape[0], -1)
        x = s.drop(x + s.pos_emb(pos))
        pad = (seq == 0)
        x = x * ~pad.unsqueeze(-1)
        L = x.shape[1]
        mask = ~torch.tril(torch.ones((L, L), dtype=torch.bool))
        x = x.transpose(0, 1)
        q = s.ln1(x)
        out, _ = s.attn(q, x, x, attn_mask=mask)
        x = (q + out).transpose(0, 1)
        x = s.ln2(x)
        x = x + s.ff(x.transpose(-1, -2)).transpose(-1, -2)
        x = x * ~pad.unsqueeze(-1)
        return s.last(x)

    def forward(s, seq, pos, neg):
        f = s.log2feats(seq)
        pl = (f * s.item_emb(pos)).sum(-1)
        nl = (f * s.item_emb(neg)).sum(-1)
        valid = (pos != 0)
        loss = F.binary_cross_entropy_with_logits(pl[valid], torch.ones_like(pl[valid]))
        return loss + F.binary_cross_entropy_with_logits(nl[valid], torch.zeros_like(nl[valid]))


def sasrec():
    torch.manual_seed(0)
    seq = torch.tensor([[0, 0, 3, 5, 7, 2], [1, 4, 9, 11, 6, 8]])
    pos = torch.tensor([[0, 0, 5, 7, 2, 13], [4, 9, 11, 6, 8, 10]])
    neg = torch.tensor([[0, 0, 1, 17, 3, 19], [2, 14, 16, 18, 12, 15]])
    return SASRec(), (seq, pos, neg)


def _sparsemax(z, dim=-1):
    zs, _ = torch.sort(z, dim=dim, descending=True)
    rng = torch.arange(1, z.shape[dim] + 1, dtype=z.dtype)
    view = [1] * z.dim(); view[dim] = -1
    rng = rng.view(view)
    cs = zs.cumsum(dim)
    support = (1 + rng * zs) > cs
    k = support.sum(dim=dim, keepdim=True)
    tau = (cs.gather(dim, k - 1) - 1) / k.to(z.dtype)
    return torch.clamp(z - tau, min=0)


class TabNet(nn.Module):
    """Two decision steps of TabNet: an attentive transformer with a prior,
    sparsemax masks, GLU feature transformers with ghost-free batch norm."""
    def __init__(s, f=7, nd=4, na=4, steps=2, gamma=1.3):
        super().__init__()
        s.bn = nn.BatchNorm1d(f)
        s.shared = nn.Linear(f, 2 * (nd + na))
        s.steps = nn.ModuleList(nn.Linear(f, 2 * (nd + na)) for _ in range(steps))
        s.att = nn.ModuleList(nn.Sequential(nn.Linear(na, f), nn.BatchNorm1d(f)) for _ in range(steps))
        s.head = nn.Linear(nd, 1)
        s.nd, s.gamma = nd, gamma

    def forward(s, x, y):
        x = s.bn(x)
        prior = torch.ones_like(x)
        a = F.glu(s.shared(x))[:, s.nd:]
        out, sparsity = 0, 0
        for lin, att in zip(s.steps, s.att):
            mask = _sparsemax(att(a) * prior)
            sparsity = sparsity + (-mask * torch.log(mask + 1e-10)).sum(1).mean()
            prior = prior * (s.gamma - mask)
            h = F.glu(s.shared(mask * x)) * math.sqrt(0.5) + F.glu(lin(mask * x))
            d, a = h[:, :s.nd], h[:, s.nd:]
            out = out + F.relu(d)
        return F.mse_loss(s.head(out).squeeze(-1), y) + 1e-3 * sparsity


def tabnet():
    torch.manual_seed(0)
    return TabNet(), (torch.randn(6, 7), torch.randn(6))


class KANLayer(nn.Module):
    """efficient-kan's KANLinear: B-spline bases on a grid buffer."""
    def __init__(s, i, o, grid=4, k=3):
        super().__init__()
        h = 2.0 / grid
        g = (torch.arange(-k, grid + k + 1) * h - 1.0).expand(i, -1).contiguous()
        s.register_buffer("grid", g)
        s.base = nn.Parameter(torch.randn(o, i) * 0.3)
        s.spline = nn.Parameter(torch.randn(o, i, grid + k) * 0.1)
        s.k = k

    def b_splines(s, x):
        g = s.grid
        x = x.unsqueeze(-1)
        bases = ((x >= g[:, :-1]) & (x < g[:, 1:])).to(x.dtype)
        for k in range(1, s.k + 1):
            bases = ((x - g[:, :-(k + 1)]) / (g[:, k:-1] - g[:, :-(k + 1)]) * bases[:, :, :-1]) + (
                (g[:, k + 1:] - x) / (g[:, k + 1:] - g[:, 1:(-k)]) * bases[:, :, 1:])
        return bases.contiguous()

    def forward(s, x):
        base = F.linear(F.silu(x), s.base)
        spl = F.linear(s.b_splines(x).view(x.size(0), -1), s.spline.view(s.spline.size(0), -1))
        return base + spl


class KAN(nn.Module):
    def __init__(s):
        super().__init__()
        s.l1 = KANLayer(3, 5); s.l2 = KANLayer(5, 2)

    def forward(s, x):
        return s.l2(torch.tanh(s.l1(x))).pow(2).mean()


def kan():
    torch.manual_seed(0)
    return KAN(), (torch.rand(6, 3) * 1.8 - 0.9,)


# -- geometry and graphs -------------------------------------------------------
class EGNN(nn.Module):
    def __init__(s, d=6, hidden=8):
        super().__init__()
        s.edge = nn.Sequential(nn.Linear(2 * d + 1, hidden), nn.SiLU(), nn.Linear(hidden, hidden), nn.SiLU())
        s.node = nn.Sequential(nn.Linear(d + hidden, hidden), nn.SiLU(), nn.Linear(hidden, d))
        s.coord = nn.Sequential(nn.Linear(hidden, hidden), nn.SiLU(), nn.Linear(hidden, 1, bias=False))

    def forward(s, h, x, row, col):
        diff = x[row] - x[col]
        radial = (diff ** 2).sum(-1, keepdim=True)
        m = s.edge(torch.cat([h[row], h[col], radial], -1))
        trans = diff * s.coord(m)
        agg = torch.zeros_like(x).index_add_(0, row, trans)
        cnt = torch.zeros(x.shape[0], 1).index_add_(0, row, torch.ones(row.shape[0], 1)).clamp(min=1)
        x = x + agg / cnt
        mh = torch.zeros(h.shape[0], m.shape[1]).index_add_(0, row, m)
        h = h + s.node(torch.cat([h, mh], -1))
        return h.pow(2).mean() + x.pow(2).mean()


def egnn():
    torch.manual_seed(0)
    n = 5
    row = torch.tensor([i for i in range(n) for j in range(n) if i != j])
    col = torch.tensor([j for i in range(n) for j in range(n) if i != j])
    return EGNN(), (torch.randn(n, 6), torch.randn(n, 3), row, col)


def _knn(x, k):
    inner = -2 * torch.matmul(x.transpose(2, 1), x)
    xx = torch.sum(x ** 2, dim=1, keepdim=True)
    pairwise = -xx - inner - xx.transpose(2, 1)
    return pairwise.topk(k=k, dim=-1)[1]


class DGCNN(nn.Module):
    def __init__(s, k=3):
        super().__init__()
        s.k = k
        s.conv1 = nn.Sequential(nn.Conv2d(6, 8, 1, bias=False), nn.BatchNorm2d(8), nn.LeakyReLU(0.2))
        s.conv2 = nn.Sequential(nn.Conv1d(8, 10, 1, bias=False), nn.BatchNorm1d(10), nn.LeakyReLU(0.2))
        s.fc = nn.Linear(20, 4)

    def graph_feature(s, x):
        B, C, N = x.shape
        idx = _knn(x, s.k)
        base = torch.arange(0, B).view(-1, 1, 1) * N
        idx = (idx + base).view(-1)
        xt = x.transpose(2, 1).contiguous()
        feat = xt.view(B * N, -1)[idx, :].view(B, N, s.k, C)
        xt = xt.view(B, N, 1, C).repeat(1, 1, s.k, 1)
        return torch.cat((feat - xt, xt), dim=3).permute(0, 3, 1, 2).contiguous()

    def forward(s, x, y):
        f = s.conv1(s.graph_feature(x)).max(dim=-1, keepdim=False)[0]
        f = s.conv2(f)
        f = torch.cat((F.adaptive_max_pool1d(f, 1).view(x.shape[0], -1),
                       F.adaptive_avg_pool1d(f, 1).view(x.shape[0], -1)), 1)
        return F.cross_entropy(s.fc(f), y)


def dgcnn():
    torch.manual_seed(0)
    return DGCNN(), (torch.randn(2, 3, 7), torch.tensor([1, 3]))


class SchNet(nn.Module):
    def __init__(s, atoms=6, d=8, rbf=10, cutoff=5.0):
        super().__init__()
        s.emb = nn.Embedding(atoms, d)
        s.register_buffer("offsets", torch.linspace(0, cutoff, rbf))
        s.coeff = -0.5 / (cutoff / (rbf - 1)) ** 2
        s.filt = nn.Sequential(nn.Linear(rbf, d), nn.Softplus(), nn.Linear(d, d))
        s.lin1 = nn.Linear(d, d, bias=False); s.lin2 = nn.Linear(d, d)
        s.out = nn.Linear(d, 1)
        s.cutoff = cutoff

    def forward(s, z, pos, src, dst, energy):
        h = s.emb(z)
        dist = (pos[src] - pos[dst]).norm(dim=-1)
        rbf = torch.exp(s.coeff * (dist.unsqueeze(-1) - s.offsets) ** 2)
        C = 0.5 * (torch.cos(dist * math.pi / s.cutoff) + 1.0) * (dist < s.cutoff).float()
        W = s.filt(rbf) * C.view(-1, 1)
        msg = s.lin1(h)[src] * W
        agg = torch.zeros_like(h).index_add(0, dst, msg)
        h = h + s.lin2(F.softplus(agg) - math.log(2.0))
        return (s.out(h).sum() - energy) ** 2


def schnet():
    torch.manual_seed(0)
    n = 5
    src = torch.tensor([i for i in range(n) for j in range(n) if i != j])
    dst = torch.tensor([j for i in range(n) for j in range(n) if i != j])
    return SchNet(), (torch.tensor([0, 1, 1, 3, 5]), torch.randn(n, 3) * 2, src, dst,
                      torch.tensor(1.5))


# -- sequence --------------------------------------------------------------------
class RNNT(nn.Module):
    def __init__(s, feat=5, vocab=6, d=8):
        super().__init__()
        s.enc = nn.LSTM(feat, d, batch_first=True)
        s.emb = nn.Embedding(vocab, d)
        s.pred = nn.LSTM(d, d, batch_first=True)
        s.joint_enc = nn.Linear(d, d); s.joint_pred = nn.Linear(d, d, bias=False)
        s.out = nn.Linear(d, vocab)

    def forward(s, x, y):
        enc, _ = s.enc(x)
        blank = torch.zeros(y.shape[0], 1, dtype=y.dtype)
        pred, _ = s.pred(s.emb(torch.cat([blank, y], 1)))
        j = torch.tanh(s.joint_enc(enc).unsqueeze(2) + s.joint_pred(pred).unsqueeze(1))
        logp = F.log_softmax(s.out(j), dim=-1)  # B, T, U+1, V
        # a stand-in for the transducer loss: the blank and label paths'
        # log-probabilities, summed
        lab = logp[:, :, :-1, :].gather(3, y.unsqueeze(1).unsqueeze(-1).expand(-1, x.shape[1], -1, 1))
        return -(logp[..., 0].logsumexp(1).sum() + lab.squeeze(-1).logsumexp(1).sum())


def rnnt():
    torch.manual_seed(0)
    return RNNT(), (torch.randn(2, 4, 5), torch.tensor([[1, 2, 3], [4, 5, 1]]))


class MAB(nn.Module):
    def __init__(s, dq, dk, dv, heads=2, ln=True):
        super().__init__()
        s.fc_q = nn.Linear(dq, dv); s.fc_k = nn.Linear(dk, dv); s.fc_v = nn.Linear(dk, dv)
        s.ln0 = nn.LayerNorm(dv) if ln else nn.Identity()
        s.ln1 = nn.LayerNorm(dv) if ln else nn.Identity()
        s.fc_o = nn.Linear(dv, dv)
        s.heads, s.dv = heads, dv

    def forward(s, Q, K):
        Q = s.fc_q(Q)
        K, V = s.fc_k(K), s.fc_v(K)
        ds = s.dv // s.heads
        Q_ = torch.cat(Q.split(ds, 2), 0)
        K_ = torch.cat(K.split(ds, 2), 0)
        V_ = torch.cat(V.split(ds, 2), 0)
        A = torch.softmax(Q_.bmm(K_.transpose(1, 2)) / math.sqrt(s.dv), 2)
        O = torch.cat((Q_ + A.bmm(V_)).split(Q.size(0), 0), 2)
        O = s.ln0(O)
        O = O + F.relu(s.fc_o(O))
        return s.ln1(O)


class SetTransformer(nn.Module):
    def __init__(s, d_in=3, d=8, m=4):
        super().__init__()
        s.I = nn.Parameter(torch.empty(1, m, d)); nn.init.xavier_uniform_(s.I)
        s.mab0 = MAB(d, d_in, d); s.mab1 = MAB(d_in, d, d)
        s.S = nn.Parameter(torch.empty(1, 1, d)); nn.init.xavier_uniform_(s.S)
        s.pma = MAB(d, d, d)
        s.out = nn.Linear(d, 1)

    def forward(s, X, y):
        H = s.mab0(s.I.repeat(X.size(0), 1, 1), X)
        X = s.mab1(X, H)
        z = s.pma(s.S.repeat(X.size(0), 1, 1), X)
        return F.mse_loss(s.out(z).view(-1), y)


def settrans():
    torch.manual_seed(0)
    return SetTransformer(), (torch.randn(2, 6, 3), torch.randn(2))


class SoftSort(nn.Module):
    """NeuralSort's relaxed permutation matrix, trained to sort scores."""
    def __init__(s, d=4, tau=0.5):
        super().__init__()
        s.score = nn.Sequential(nn.Linear(d, 6), nn.ReLU(), nn.Linear(6, 1))
        s.tau = tau

    def forward(s, x, target):
        sc = s.score(x)  # B, n, 1
        n = sc.shape[1]
        one = torch.ones(n, 1)
        A = torch.abs(sc - sc.permute(0, 2, 1))
        B = torch.matmul(A, torch.matmul(one, one.t()))
        scaling = (n + 1 - 2 * (torch.arange(n) + 1)).float()
        C = torch.matmul(sc, scaling.unsqueeze(0))
        P_max = (C - B).permute(0, 2, 1)
        P_hat = F.softmax(P_max / s.tau, dim=-1)
        return -(target * torch.log(P_hat + 1e-9)).sum(-1).mean()


def softsort():
    torch.manual_seed(0)
    x = torch.randn(2, 5, 4)
    target = torch.eye(5)[torch.tensor([[2, 0, 4, 1, 3], [1, 3, 0, 2, 4]])]
    return SoftSort(), (x, target)


class RMSNorm(nn.Module):
    def __init__(s, d, eps=1e-5):
        super().__init__()
        s.eps = eps
        s.weight = nn.Parameter(torch.ones(d))

    def forward(s, x):
        xf = x.float()
        out = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + s.eps)
        return out.type_as(x) * s.weight


def _llama3_freqs(dim, end, theta=500000.0, factor=8.0, low=1.0, high=4.0, old_ctx=8192):
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2)[: dim // 2].float() / dim))
    low_wl, high_wl = old_ctx / low, old_ctx / high
    new = []
    for f in freqs.tolist():
        wl = 2 * math.pi / f
        if wl < high_wl:
            new.append(f)
        elif wl > low_wl:
            new.append(f / factor)
        else:
            sm = (old_ctx / wl - low) / (high - low)
            new.append((1 - sm) * f / factor + sm * f)
    freqs = torch.tensor(new)
    t = torch.arange(end).float()
    ang = torch.outer(t, freqs)
    return ang.cos(), ang.sin()


class Llama3Block(nn.Module):
    def __init__(s, d=16, heads=4, kv=2, hidden=24):
        super().__init__()
        s.wq = nn.Linear(d, d, bias=False); s.wk = nn.Linear(d, d // heads * kv, bias=False)
        s.wv = nn.Linear(d, d // heads * kv, bias=False); s.wo = nn.Linear(d, d, bias=False)
        s.w1 = nn.Linear(d, hidden, bias=False); s.w2 = nn.Linear(hidden, d, bias=False)
        s.w3 = nn.Linear(d, hidden, bias=False)
        s.n1 = RMSNorm(d); s.n2 = RMSNorm(d)
        s.heads, s.kv = heads, kv

    def rope(s, x, cos, sin):
        x1, x2 = x[..., 0::2], x[..., 1::2]
        return torch.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], -1).flatten(-2)

    def forward(s, x, cos, sin):
        B, T, D = x.shape
        hd = D // s.heads
        h = s.n1(x)
        q = s.wq(h).view(B, T, s.heads, hd)
        k = s.wk(h).view(B, T, s.kv, hd)
        v = s.wv(h).view(B, T, s.kv, hd)
        c, sn = cos[:T].view(1, T, 1, -1), sin[:T].view(1, T, 1, -1)
        q, k = s.rope(q, c, sn), s.rope(k, c, sn)
        rep = s.heads // s.kv
        k = k[:, :, :, None, :].expand(B, T, s.kv, rep, hd).reshape(B, T, s.heads, hd)
        v = v[:, :, :, None, :].expand(B, T, s.kv, rep, hd).reshape(B, T, s.heads, hd)
        q, k, v = (t.transpose(1, 2) for t in (q, k, v))
        att = (q @ k.transpose(-2, -1)) / math.sqrt(hd)
        mask = torch.full((T, T), float("-inf")).triu(1)
        att = F.softmax((att + mask).float(), dim=-1).type_as(q)
        o = (att @ v).transpose(1, 2).contiguous().view(B, T, D)
        x = x + s.wo(o)
        h = s.n2(x)
        return x + s.w2(F.silu(s.w1(h)) * s.w3(h))


class Llama3(nn.Module):
    def __init__(s, vocab=32, d=16, layers=2, T=8):
        super().__init__()
        s.tok = nn.Embedding(vocab, d)
        s.layers = nn.ModuleList(Llama3Block(d) for _ in range(layers))
        s.norm = RMSNorm(d)
        s.out = nn.Linear(d, vocab, bias=False)
        s.out.weight = s.tok.weight
        cos, sin = _llama3_freqs(d // 4, T * 2)
        s.register_buffer("cos", cos, persistent=False)
        s.register_buffer("sin", sin, persistent=False)

    def forward(s, idx, tgt):
        x = s.tok(idx)
        for l in s.layers:
            x = l(x, s.cos, s.sin)
        logits = s.out(s.norm(x)).float()
        return F.cross_entropy(logits.view(-1, logits.size(-1)), tgt.view(-1), ignore_index=-1)


def llama3():
    torch.manual_seed(0)
    idx = torch.randint(0, 32, (2, 8))
    tgt = torch.randint(0, 32, (2, 8))
    tgt[0, :2] = -1
    return Llama3(), (idx, tgt)


# -- boolean-mask selections ------------------------------------------------
class MaskedMSE(nn.Module):
    def __init__(s):
        super().__init__(); s.l = nn.Linear(4, 3)
    def forward(s, x, y, mask):
        loss = (s.l(x) - y) ** 2
        return loss[mask].mean() + 0.1 * torch.tanh(s.l(x))[mask].sum()
def masked_mse():
    torch.manual_seed(0)
    return MaskedMSE(), (torch.randn(5, 4), torch.randn(5, 3), torch.rand(5, 3) > 0.4)
class MLMHead(nn.Module):
    """BERT pretraining: logits of the masked positions only, flattened first."""
    def __init__(s, V=11, d=6):
        super().__init__(); s.emb = nn.Embedding(V, d); s.ln = nn.LayerNorm(d); s.dec = nn.Linear(d, V)
    def forward(s, ids, labels):
        h = s.ln(torch.relu(s.emb(ids)))
        logits = s.dec(h).view(-1, 11)
        lab = labels.view(-1)
        keep = lab != -100
        return F.cross_entropy(logits[keep], lab[keep])
def mlm_flat():
    torch.manual_seed(0)
    ids = torch.randint(0, 11, (2, 5)); lab = torch.full((2, 5), -100); lab[0, 1] = 3; lab[1, 3] = 7; lab[1, 0] = 2
    return MLMHead(), (ids, lab)
class MLM2D(nn.Module):
    def __init__(s, V=11, d=6):
        super().__init__(); s.emb = nn.Embedding(V, d); s.dec = nn.Linear(d, V)
    def forward(s, ids, labels):
        logits = s.dec(torch.tanh(s.emb(ids)))
        keep = labels != -100
        return F.cross_entropy(logits[keep], labels[keep])
def mlm_2d():
    torch.manual_seed(0)
    ids = torch.randint(0, 11, (2, 5)); lab = torch.full((2, 5), -100); lab[0, 1] = 3; lab[1, 3] = 7
    return MLM2D(), (ids, lab)
class RowNorm(nn.Module):
    def __init__(s):
        super().__init__(); s.l = nn.Linear(4, 4)
    def forward(s, x, mask):
        h = s.l(x)[mask]           # rows
        p = torch.softmax(h, -1)
        return (p * h).sum(-1).mean() + h.pow(2).sum(0).sum()
def masked_rows():
    torch.manual_seed(0)
    return RowNorm(), (torch.randn(3, 5, 4), torch.rand(3, 5) > 0.5)
class Bce(nn.Module):
    def __init__(s):
        super().__init__(); s.l = nn.Linear(4, 1)
    def forward(s, x, y):
        z = s.l(x).squeeze(-1)
        v = y >= 0
        return F.binary_cross_entropy_with_logits(z[v], y[v].float(), reduction="sum") + F.smooth_l1_loss(z[v], y[v].float())
def masked_bce():
    torch.manual_seed(0)
    return Bce(), (torch.randn(7, 4), torch.tensor([1, -1, 0, 1, -1, 1, 0]))


# -- writes into a diagonal view ---------------------------------------------
class DiagViewOfView(nn.Module):
    def __init__(s):
        super().__init__(); s.l = nn.Linear(4, 4)
    def forward(s, x):
        d = s.l(x).view(2, 3, 4)
        torch.diagonal(d, 1, 1, 2).mul_(3.0)
        return d.pow(2).sum()
class DiagOffsetZero(nn.Module):
    def __init__(s):
        super().__init__(); s.l = nn.Linear(4, 4)
    def forward(s, x):
        d = s.l(x).view(2, 3, 4)
        torch.diagonal(d, -1, 1, 2).zero_()
        return d.pow(2).sum()
class DiagWrite(nn.Module):
    def __init__(s):
        super().__init__(); s.l = nn.Linear(4, 4)
    def forward(s, x):
        d = s.l(x) * 1.0
        torch.diagonal(d).mul_(3.0)
        return d.pow(2).sum()
def diag_view_of_view(): torch.manual_seed(0); return DiagViewOfView(), (torch.randn(6, 4),)
def diag_offset_zero(): torch.manual_seed(0); return DiagOffsetZero(), (torch.randn(6, 4),)
def diag_write(): torch.manual_seed(0); return DiagWrite(), (torch.randn(4, 4),)


MODELS = ["barlow", "vicreg", "swav", "mlstm", "rglru", "ntm", "sasrec", "tabnet", "kan", "egnn",
          "dgcnn", "schnet", "rnnt", "settrans", "softsort", "llama3", "masked_mse", "mlm_flat",
          "mlm_2d", "masked_rows", "masked_bce", "diag_write", "smooth_ce"]


# -- refused: what x[mask] cannot flow into ------------------------------------
class MaskedOut(nn.Module):
    def __init__(s):
        super().__init__(); s.l = nn.Linear(4, 3)
    def forward(s, x, mask):
        return s.l(x)[mask]


def masked_out():
    torch.manual_seed(0)
    return MaskedOut(), (torch.randn(5, 4), torch.rand(5, 3) > 0.4)


class MaskedMM(nn.Module):
    def __init__(s):
        super().__init__(); s.l = nn.Linear(4, 3); s.w = nn.Parameter(torch.randn(3, 2))
    def forward(s, x, mask):
        return (s.l(x)[mask] @ s.w).sum()


def masked_mm():
    torch.manual_seed(0)
    return MaskedMM(), (torch.randn(5, 4), torch.rand(5) > 0.4)


# -- label smoothing with ignored targets (1.13: masked_select) ---------------
class SmoothCE(nn.Module):
    def __init__(s):
        super().__init__(); s.l = nn.Linear(6, 5)
    def forward(s, x, t):
        return F.cross_entropy(s.l(torch.tanh(x)), t, label_smoothing=0.1, ignore_index=-1)


def smooth_ce():
    torch.manual_seed(0)
    return SmoothCE(), (torch.randn(7, 6), torch.tensor([1, -1, 2, 4, -1, 0, 3]))
