"""A ninth set of models written the way their communities write them
(session 27, by a tester who had not seen the code): each FUNCTION()
returns (model, example_inputs) for compare.py, the importer and train.py.

sn_param (torch.nn.utils.parametrizations.spectral_norm + a custom
register_parametrization, hinge GAN loss), adasoft (nn.AdaptiveLogSoftmaxWithLoss),
nystrom (Nystromformer with the iterative Moore-Penrose pinv), linformer
(lucidrains' Linformer: seq projections by einsum), nerf_pdf (nerf-pytorch's
raw2outputs + sample_pdf with torch.searchsorted, a fine pass), lista (LISTA
soft thresholding, F.softshrink), drawdown (portfolio Sharpe + max drawdown
through torch.cummax), coteaching (Co-teaching's small-loss selection by
argsort of loss.data), attn_distill (per-head attention maps from
nn.MultiheadAttention(average_attn_weights=False) distilled by KL/MSE),
tcn_same (Conv1d/Conv2d padding='same' with even kernels and dilation,
weight_norm), pillars (OpenPCDet's PointPillarsScatter), softdtw (soft-DTW
as a double Python loop writing R[:, i, j]), ohem (BiSeNet's OhemCELoss,
weighted CE with ignore_index=255), siamese (nn.ChannelShuffle, contrastive
loss on F.pairwise_distance, nn.CosineSimilarity).

Found (session 27): `.data` of an activation (coteaching: argsort of
loss.data) made remat_torch.compile run the step eagerly; a branch on
`loss[loss > t].numel()` (ohem) was traced silently with the example's
count (now a warning with the line); under remat_torch.compile on 1.13 a
loss over x[mask] failed at a batch selecting another count (train.py
masks); F.softshrink (lista), torch.searchsorted (nerf_pdf_t) and
torch.cummax (drawdown) were refused. Still refused by name:
nn.AdaptiveLogSoftmaxWithLoss (nonzero, index_copy_), `.item()` (pillars), x[mask] read
by a slice (pillars_b); the legacy torch.Tensor(data) in forward
(nerf_pdf) cannot be traced (the error says so, with the line).
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import parametrizations, parametrize


# ---------------------------------------------------------------- sn_param
class Positive(nn.Module):
    def forward(self, X):
        return F.softplus(X)


class SNParamDisc(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = parametrizations.spectral_norm(nn.Conv2d(3, 8, 4, 2, 1))
        self.c2 = parametrizations.spectral_norm(nn.Conv2d(8, 16, 3, 1, 1))
        self.fc = nn.Linear(16 * 4 * 4, 1)
        parametrize.register_parametrization(self.fc, "weight", Positive())

    def disc(self, x):
        h = F.leaky_relu(self.c1(x), 0.1)
        h = F.leaky_relu(self.c2(h), 0.1)
        return self.fc(h.flatten(1))

    def forward(self, real, fake):
        d_real = self.disc(real)
        d_fake = self.disc(fake)
        return F.relu(1.0 - d_real).mean() + F.relu(1.0 + d_fake).mean()


def sn_param():
    torch.manual_seed(0)
    return SNParamDisc(), (torch.randn(2, 3, 8, 8), torch.randn(2, 3, 8, 8))


# ---------------------------------------------------------------- adasoft
class AdaSoftLM(nn.Module):
    def __init__(self, vocab=40, d=16):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.proj = nn.Linear(d, d)
        self.asm = nn.AdaptiveLogSoftmaxWithLoss(d, vocab, cutoffs=[8, 20], div_value=2.0)

    def forward(self, x, y):
        h = torch.tanh(self.proj(self.emb(x)))
        out = self.asm(h.view(-1, h.size(-1)), y.view(-1))
        return out.loss


def adasoft():
    torch.manual_seed(0)
    x = torch.randint(0, 40, (2, 6))
    y = torch.tensor([[0, 3, 9, 15, 25, 39], [7, 8, 20, 1, 19, 30]])
    return AdaSoftLM(), (x, y)


# ---------------------------------------------------------------- nystrom
class NystromAttention(nn.Module):
    """mlpen/Nystromformer's NystromAttention."""
    def __init__(self, dim=16, num_head=2, seq_len=8, num_landmarks=4, conv_kernel_size=3):
        super().__init__()
        self.head_dim = dim // num_head
        self.num_head = num_head
        self.num_landmarks = num_landmarks
        self.seq_len = seq_len
        self.W_q = nn.Linear(dim, dim)
        self.W_k = nn.Linear(dim, dim)
        self.W_v = nn.Linear(dim, dim)
        self.ff = nn.Linear(dim, dim)
        self.conv = nn.Conv2d(in_channels=self.num_head, out_channels=self.num_head,
                              kernel_size=(conv_kernel_size, 1), padding=(conv_kernel_size // 2, 0),
                              bias=False, groups=self.num_head)

    def split_heads(self, X):
        X = X.reshape(X.size(0), X.size(1), self.num_head, self.head_dim)
        return X.transpose(1, 2)

    def combine_heads(self, X):
        X = X.transpose(1, 2)
        return X.reshape(X.size(0), X.size(1), self.num_head * self.head_dim)

    def iterative_inv(self, mat, n_iter=6):
        I = torch.eye(mat.size(-1), device=mat.device)
        K = mat
        V = 1 / (torch.max(torch.sum(torch.abs(K), dim=-2)) * torch.max(torch.sum(torch.abs(K), dim=-1))) * K.transpose(-1, -2)
        for _ in range(n_iter):
            KV = torch.matmul(K, V)
            V = torch.matmul(0.25 * V, 13 * I - torch.matmul(KV, 15 * I - torch.matmul(KV, 7 * I - KV)))
        return V

    def forward(self, X, mask):
        Q = self.split_heads(self.W_q(X))
        K = self.split_heads(self.W_k(X))
        V = self.split_heads(self.W_v(X))
        Q = Q * mask[:, None, :, None] / math.sqrt(math.sqrt(self.head_dim))
        K = K * mask[:, None, :, None] / math.sqrt(math.sqrt(self.head_dim))
        Q_landmarks = Q.reshape(-1, self.num_head, self.num_landmarks, self.seq_len // self.num_landmarks, self.head_dim).mean(dim=-2)
        K_landmarks = K.reshape(-1, self.num_head, self.num_landmarks, self.seq_len // self.num_landmarks, self.head_dim).mean(dim=-2)
        kernel_1 = F.softmax(torch.matmul(Q, K_landmarks.transpose(-1, -2)), dim=-1)
        kernel_2 = F.softmax(torch.matmul(Q_landmarks, K_landmarks.transpose(-1, -2)), dim=-1)
        kernel_3 = F.softmax(torch.matmul(Q_landmarks, K.transpose(-1, -2)) - 1e9 * (1 - mask[:, None, None, :]), dim=-1)
        attn = torch.matmul(torch.matmul(kernel_1, self.iterative_inv(kernel_2)), torch.matmul(kernel_3, V))
        attn += self.conv(V * mask[:, None, :, None])
        return self.ff(self.combine_heads(attn))


class NystromModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(20, 16)
        self.norm = nn.LayerNorm(16)
        self.attn = NystromAttention()
        self.head = nn.Linear(16, 3)

    def forward(self, ids, mask, y):
        x = self.emb(ids)
        x = x + self.attn(self.norm(x), mask)
        pooled = (x * mask[:, :, None]).sum(1) / mask.sum(1, keepdim=True)
        return F.cross_entropy(self.head(pooled), y)


def nystrom():
    torch.manual_seed(0)
    ids = torch.randint(0, 20, (2, 8))
    mask = torch.tensor([[1.] * 8, [1.] * 6 + [0.] * 2])
    return NystromModel(), (ids, mask, torch.tensor([0, 2]))


# ---------------------------------------------------------------- linformer
def init_(tensor):
    dim = tensor.shape[-1]
    std = 1 / math.sqrt(dim)
    tensor.uniform_(-std, std)
    return tensor


class LinformerSelfAttention(nn.Module):
    def __init__(self, dim, seq_len, k=4, heads=2, dim_head=None, dropout=0.1):
        super().__init__()
        self.seq_len, self.k, self.heads = seq_len, k, heads
        dim_head = dim_head if dim_head is not None else dim // heads
        self.dim_head = dim_head
        self.to_q = nn.Linear(dim, dim_head * heads, bias=False)
        self.to_k = nn.Linear(dim, dim_head * heads, bias=False)
        self.proj_k = nn.Parameter(init_(torch.zeros(seq_len, k)))
        self.to_v = nn.Linear(dim, dim_head * heads, bias=False)
        self.proj_v = nn.Parameter(init_(torch.zeros(seq_len, k)))
        self.dropout = nn.Dropout(dropout)
        self.to_out = nn.Linear(dim_head * heads, dim)

    def forward(self, x):
        b, n, d, d_h, h, k = *x.shape, self.dim_head, self.heads, self.k
        queries = self.to_q(x)
        proj_seq_len = lambda args: torch.einsum('bnd,nk->bkd', *args)
        keys = self.to_k(x)
        values = self.to_v(x)
        kv_projs = (self.proj_k, self.proj_v)
        kv_projs = map(lambda t: t[:n], kv_projs)
        keys, values = map(proj_seq_len, zip((keys, values), kv_projs))
        queries = queries.reshape(b, n, h, -1).transpose(1, 2)
        merge_key_values = lambda t: t.reshape(b, k, -1, d_h).transpose(1, 2).expand(-1, h, -1, -1)
        keys, values = map(merge_key_values, (keys, values))
        dots = torch.einsum('bhnd,bhkd->bhnk', queries, keys) * (d_h ** -0.5)
        attn = dots.softmax(dim=-1)
        attn = self.dropout(attn)
        out = torch.einsum('bhnk,bhkd->bhnd', attn, values)
        out = out.transpose(1, 2).reshape(b, n, -1)
        return self.to_out(out)


class LinformerLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(24, 16)
        self.pos = nn.Embedding(10, 16)
        self.layers = nn.ModuleList([nn.ModuleList([nn.LayerNorm(16), LinformerSelfAttention(16, 10),
                                                    nn.LayerNorm(16), nn.Sequential(nn.Linear(16, 32), nn.GELU(), nn.Linear(32, 16))])
                                     for _ in range(2)])
        self.out = nn.Linear(16, 24)

    def forward(self, x, y):
        h = self.emb(x) + self.pos(torch.arange(x.shape[1], device=x.device))
        for n1, attn, n2, ff in self.layers:
            h = attn(n1(h)) + h
            h = ff(n2(h)) + h
        return F.cross_entropy(self.out(h).transpose(1, 2), y)


def linformer():
    torch.manual_seed(0)
    return LinformerLM(), (torch.randint(0, 24, (2, 10)), torch.randint(0, 24, (2, 10)))


# ---------------------------------------------------------------- nerf_pdf
class Embedder:
    def __init__(self, multires):
        self.freq_bands = 2. ** torch.linspace(0., multires - 1, steps=multires)
        embed_fns = [lambda x: x]
        for freq in self.freq_bands:
            for p_fn in [torch.sin, torch.cos]:
                embed_fns.append(lambda x, p_fn=p_fn, freq=freq: p_fn(x * freq))
        self.embed_fns = embed_fns

    def embed(self, inputs):
        return torch.cat([fn(inputs) for fn in self.embed_fns], -1)


def sample_pdf(bins, weights, N_samples, det=False, search=torch.searchsorted):
    weights = weights + 1e-5
    pdf = weights / torch.sum(weights, -1, keepdim=True)
    cdf = torch.cumsum(pdf, -1)
    cdf = torch.cat([torch.zeros_like(cdf[..., :1]), cdf], -1)
    if det:
        u = torch.linspace(0., 1., steps=N_samples)
        u = u.expand(list(cdf.shape[:-1]) + [N_samples])
    else:
        u = torch.rand(list(cdf.shape[:-1]) + [N_samples])
    u = u.contiguous()
    inds = search(cdf, u, right=True)
    below = torch.max(torch.zeros_like(inds - 1), inds - 1)
    above = torch.min((cdf.shape[-1] - 1) * torch.ones_like(inds), inds)
    inds_g = torch.stack([below, above], -1)
    matched_shape = [inds_g.shape[0], inds_g.shape[1], cdf.shape[-1]]
    cdf_g = torch.gather(cdf.unsqueeze(1).expand(matched_shape), 2, inds_g)
    bins_g = torch.gather(bins.unsqueeze(1).expand(matched_shape), 2, inds_g)
    denom = (cdf_g[..., 1] - cdf_g[..., 0])
    denom = torch.where(denom < 1e-5, torch.ones_like(denom), denom)
    t = (u - cdf_g[..., 0]) / denom
    samples = bins_g[..., 0] + t * (bins_g[..., 1] - bins_g[..., 0])
    return samples


def raw2outputs(raw, z_vals, rays_d, tensor=torch.Tensor):
    # (nerf-pytorch writes the legacy constructor, torch.Tensor([1e10]))
    raw2alpha = lambda raw, dists, act_fn=F.relu: 1. - torch.exp(-act_fn(raw) * dists)
    dists = z_vals[..., 1:] - z_vals[..., :-1]
    dists = torch.cat([dists, tensor([1e10]).expand(dists[..., :1].shape)], -1)
    dists = dists * torch.norm(rays_d[..., None, :], dim=-1)
    rgb = torch.sigmoid(raw[..., :3])
    alpha = raw2alpha(raw[..., 3], dists)
    weights = alpha * torch.cumprod(torch.cat([torch.ones((alpha.shape[0], 1)), 1. - alpha + 1e-10], -1), -1)[:, :-1]
    rgb_map = torch.sum(weights[..., None] * rgb, -2)
    return rgb_map, weights


class TinyNeRF(nn.Module):
    def __init__(self, W=32, multires=3, tensor=torch.Tensor, search=torch.searchsorted):
        super().__init__()
        self.tensor, self.search = tensor, search
        self.embedder = Embedder(multires)
        in_ch = 3 * (1 + 2 * multires)
        self.coarse = nn.Sequential(nn.Linear(in_ch, W), nn.ReLU(), nn.Linear(W, W), nn.ReLU(), nn.Linear(W, 4))
        self.fine = nn.Sequential(nn.Linear(in_ch, W), nn.ReLU(), nn.Linear(W, W), nn.ReLU(), nn.Linear(W, 4))
        self.N_samples, self.N_importance = 8, 8

    def forward(self, rays_o, rays_d, target):
        N_rays = rays_o.shape[0]
        near, far = 2. * torch.ones_like(rays_d[..., :1]), 6. * torch.ones_like(rays_d[..., :1])
        t_vals = torch.linspace(0., 1., steps=self.N_samples)
        z_vals = near * (1. - t_vals) + far * (t_vals)
        z_vals = z_vals.expand([N_rays, self.N_samples])
        mids = .5 * (z_vals[..., 1:] + z_vals[..., :-1])
        upper = torch.cat([mids, z_vals[..., -1:]], -1)
        lower = torch.cat([z_vals[..., :1], mids], -1)
        t_rand = torch.rand(z_vals.shape)
        z_vals = lower + (upper - lower) * t_rand
        pts = rays_o[..., None, :] + rays_d[..., None, :] * z_vals[..., :, None]
        raw = self.coarse(self.embedder.embed(pts))
        rgb0, weights = raw2outputs(raw, z_vals, rays_d, self.tensor)
        z_vals_mid = .5 * (z_vals[..., 1:] + z_vals[..., :-1])
        z_samples = sample_pdf(z_vals_mid, weights[..., 1:-1], self.N_importance, det=False,
                               search=self.search)
        z_samples = z_samples.detach()
        z_vals, _ = torch.sort(torch.cat([z_vals, z_samples], -1), -1)
        pts = rays_o[..., None, :] + rays_d[..., None, :] * z_vals[..., :, None]
        raw = self.fine(self.embedder.embed(pts))
        rgb, _ = raw2outputs(raw, z_vals, rays_d, self.tensor)
        img2mse = lambda x, y: torch.mean((x - y) ** 2)
        return img2mse(rgb, target) + img2mse(rgb0, target)


def _nerf(**kw):
    torch.manual_seed(0)
    rays_o = torch.randn(6, 3) * 0.1
    rays_d = F.normalize(torch.randn(6, 3), dim=-1)
    return TinyNeRF(**kw), (rays_o, rays_d, torch.rand(6, 3))


def nerf_pdf():
    return _nerf()


# ---------------------------------------------------------------- lista
class LISTA(nn.Module):
    def __init__(self, n=12, m=20, T=6, lam=0.1):
        super().__init__()
        self.We = nn.Linear(n, m, bias=False)
        self.S = nn.Linear(m, m, bias=False)
        self.thr = nn.Parameter(lam * torch.ones(1, m))
        self.D = nn.Linear(m, n, bias=False)
        self.T = T

    def _shrink(self, x, theta):
        return torch.sign(x) * torch.maximum(torch.abs(x) - theta, torch.zeros_like(x))

    def _first_shrink(self, B):
        return F.softshrink(B, 0.1)

    def forward(self, y, x_true):
        B = self.We(y)
        Z = self._first_shrink(B)
        for t in range(self.T):
            Z = self._shrink(B + self.S(Z), self.thr)
        loss = F.mse_loss(Z, x_true, reduction='sum') / y.shape[0]
        loss = loss + 0.1 * F.mse_loss(self.D(Z), y) + 1e-3 * Z.abs().sum(1).mean()
        return loss


def lista():
    torch.manual_seed(0)
    x_true = F.softshrink(torch.randn(4, 20), 1.0)
    return LISTA(), (torch.randn(4, 12), x_true)


# ---------------------------------------------------------------- drawdown
class PortfolioNet(nn.Module):
    def __init__(self, n_feat=6, n_assets=4, hidden=16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_feat, hidden), nn.ReLU(), nn.Linear(hidden, n_assets))

    def _running_max(self, equity):
        return torch.cummax(equity, dim=1).values

    def forward(self, feats, returns):
        w = torch.softmax(self.net(feats), dim=-1)           # (B, T, A)
        port_ret = (w * returns).sum(-1)                       # (B, T)
        equity = torch.cumprod(1 + port_ret, dim=1)
        running_max = self._running_max(equity)
        drawdown = (running_max - equity) / running_max
        max_dd = drawdown.max(dim=1).values
        sharpe = port_ret.mean(1) / (port_ret.std(1) + 1e-8)
        downside = torch.clamp(port_ret, max=0).pow(2).mean(1).sqrt()
        sortino = port_ret.mean(1) / (downside + 1e-8)
        turnover = (w[:, 1:] - w[:, :-1]).abs().sum(-1).mean()
        return -(sharpe.mean() + 0.5 * sortino.mean()) + max_dd.mean() + 0.01 * turnover


def drawdown():
    torch.manual_seed(0)
    return PortfolioNet(), (torch.randn(2, 12, 6), 0.02 * torch.randn(2, 12, 4))


# ---------------------------------------------------------------- coteaching
class CNN(nn.Module):
    def __init__(self, n_out=4):
        super().__init__()
        self.c1 = nn.Conv2d(1, 8, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(8)
        self.l_c1 = nn.Linear(8, n_out)

    def forward(self, x):
        h = F.leaky_relu(self.bn1(self.c1(x)), negative_slope=0.01)
        h = F.avg_pool2d(h, kernel_size=h.data.shape[2])
        return self.l_c1(h.view(h.size(0), h.size(1)))


def loss_coteaching(y_1, y_2, t, forget_rate, values=lambda loss: loss.data):
    loss_1 = F.cross_entropy(y_1, t, reduction='none')
    ind_1_sorted = torch.argsort(values(loss_1))
    loss_1_sorted = loss_1[ind_1_sorted]
    loss_2 = F.cross_entropy(y_2, t, reduction='none')
    ind_2_sorted = torch.argsort(values(loss_2))
    remember_rate = 1 - forget_rate
    num_remember = int(remember_rate * len(loss_1_sorted))
    ind_1_update = ind_1_sorted[:num_remember]
    ind_2_update = ind_2_sorted[:num_remember]
    loss_1_update = F.cross_entropy(y_1[ind_2_update], t[ind_2_update])
    loss_2_update = F.cross_entropy(y_2[ind_1_update], t[ind_1_update])
    return torch.sum(loss_1_update) / num_remember, torch.sum(loss_2_update) / num_remember


class CoTeaching(nn.Module):
    def __init__(self, values=lambda loss: loss.data):
        super().__init__()
        self.model1, self.model2 = CNN(), CNN()
        self.values = values

    def forward(self, images, labels):
        logits1 = self.model1(images)
        logits2 = self.model2(images)
        loss_1, loss_2 = loss_coteaching(logits1, logits2, labels, forget_rate=0.25, values=self.values)
        return loss_1 + loss_2


def coteaching():
    torch.manual_seed(0)
    return CoTeaching(), (torch.randn(8, 1, 6, 6), torch.randint(0, 4, (8,)))


# ---------------------------------------------------------------- attn_distill
class AttnDistill(nn.Module):
    def __init__(self):
        super().__init__()
        self.t_emb = nn.Embedding(20, 32)
        self.teacher = nn.MultiheadAttention(32, 4, batch_first=True)
        self.s_emb = nn.Embedding(20, 16)
        self.student = nn.MultiheadAttention(16, 4, batch_first=True, dropout=0.1)
        self.proj = nn.Linear(16, 32)
        for p in list(self.teacher.parameters()) + list(self.t_emb.parameters()):
            p.requires_grad_(False)

    def forward(self, ids, pad):
        with torch.no_grad():
            xt = self.t_emb(ids)
            ht, at = self.teacher(xt, xt, xt, key_padding_mask=pad, need_weights=True, average_attn_weights=False)
        xs = self.s_emb(ids)
        hs, as_ = self.student(xs, xs, xs, key_padding_mask=pad, need_weights=True, average_attn_weights=False)
        loss_att = F.kl_div(as_.clamp_min(1e-9).log(), at, reduction='batchmean')
        loss_mse = F.mse_loss(as_, at)
        keep = (~pad).unsqueeze(-1).float()
        loss_hid = F.mse_loss(self.proj(hs) * keep, ht * keep)
        return loss_att + loss_mse + loss_hid


def attn_distill():
    torch.manual_seed(0)
    ids = torch.randint(0, 20, (2, 7))
    pad = torch.tensor([[False] * 7, [False] * 5 + [True] * 2])
    return AttnDistill(), (ids, pad)


# ---------------------------------------------------------------- tcn_same
class SameBlock(nn.Module):
    def __init__(self, c, k, d):
        super().__init__()
        self.conv1 = nn.utils.weight_norm(nn.Conv1d(c, c, kernel_size=k, padding='same', dilation=d))
        self.conv2 = nn.Conv1d(c, c, kernel_size=2, padding='same')
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        h = self.drop(F.relu(self.conv1(x)))
        h = F.relu(self.conv2(h))
        return F.relu(x + h)


class TCNSame(nn.Module):
    def __init__(self):
        super().__init__()
        self.inp = nn.Conv1d(3, 8, 1)
        self.blocks = nn.Sequential(SameBlock(8, 4, 1), SameBlock(8, 4, 2), SameBlock(8, 3, 4))
        self.c2d = nn.Conv2d(1, 2, kernel_size=(2, 4), padding='same')
        self.head = nn.Linear(8 * 2, 1)

    def forward(self, x, y):
        h = self.blocks(self.inp(x))                    # (B, 8, L)
        g = self.c2d(h.unsqueeze(1))                    # (B, 2, 8, L)
        g = g.mean(-1).flatten(1)
        return F.mse_loss(self.head(g).squeeze(-1), y)


def tcn_same():
    torch.manual_seed(0)
    return TCNSame(), (torch.randn(2, 3, 15), torch.randn(2))


# ---------------------------------------------------------------- pillars
class PFNLayer(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.linear = nn.Linear(in_channels, out_channels, bias=False)
        self.norm = nn.BatchNorm1d(out_channels, eps=1e-3, momentum=0.01)

    def forward(self, inputs):
        x = self.linear(inputs)
        x = self.norm(x.permute(0, 2, 1)).permute(0, 2, 1)
        x = F.relu(x)
        x_max = torch.max(x, dim=1, keepdim=True)[0]
        return x_max


class PointPillarsScatter(nn.Module):
    def __init__(self, num_bev_features, grid_size):
        super().__init__()
        self.num_bev_features = num_bev_features
        self.nx, self.ny, self.nz = grid_size
        assert self.nz == 1

    def forward(self, pillar_features, coords):
        batch_spatial_features = []
        batch_size = coords[:, 0].max().int().item() + 1
        for batch_idx in range(batch_size):
            spatial_feature = torch.zeros(
                self.num_bev_features, self.nz * self.nx * self.ny,
                dtype=pillar_features.dtype, device=pillar_features.device)
            batch_mask = coords[:, 0] == batch_idx
            this_coords = coords[batch_mask, :]
            indices = this_coords[:, 1] + this_coords[:, 2] * self.nx + this_coords[:, 3]
            indices = indices.type(torch.long)
            pillars = pillar_features[batch_mask, :]
            pillars = pillars.t()
            spatial_feature[:, indices] = pillars
            batch_spatial_features.append(spatial_feature)
        batch_spatial_features = torch.stack(batch_spatial_features, 0)
        batch_spatial_features = batch_spatial_features.view(batch_size, self.num_bev_features * self.nz, self.ny, self.nx)
        return batch_spatial_features


class TinyPointPillars(nn.Module):
    def __init__(self):
        super().__init__()
        self.pfn = PFNLayer(4, 8)
        self.scatter = PointPillarsScatter(8, (4, 4, 1))
        self.backbone = nn.Sequential(nn.Conv2d(8, 8, 3, padding=1, bias=False), nn.BatchNorm2d(8), nn.ReLU())
        self.cls = nn.Conv2d(8, 2, 1)

    def forward(self, voxels, coords, target):
        feats = self.pfn(voxels).squeeze(1)
        bev = self.scatter(feats, coords)
        out = self.cls(self.backbone(bev))
        return F.binary_cross_entropy_with_logits(out, target)


def pillars():
    torch.manual_seed(0)
    voxels = torch.randn(7, 5, 4)
    coords = torch.tensor([[0, 0, 0, 0], [0, 0, 1, 2], [0, 0, 3, 3], [0, 0, 2, 1],
                           [1, 0, 0, 1], [1, 0, 2, 2], [1, 0, 3, 0]], dtype=torch.int32)
    target = (torch.rand(2, 2, 4, 4) > 0.7).float()
    return TinyPointPillars(), (voxels, coords, target)


# ---------------------------------------------------------------- softdtw
def _soft_dtw(D, gamma):
    B, N, M = D.shape
    R = torch.ones((B, N + 2, M + 2), device=D.device, dtype=D.dtype) * math.inf
    R[:, 0, 0] = 0
    for j in range(1, M + 1):
        for i in range(1, N + 1):
            r0 = -R[:, i - 1, j - 1] / gamma
            r1 = -R[:, i - 1, j] / gamma
            r2 = -R[:, i, j - 1] / gamma
            rmax = torch.max(torch.max(r0, r1), r2)
            rsum = torch.exp(r0 - rmax) + torch.exp(r1 - rmax) + torch.exp(r2 - rmax)
            softmin = - gamma * (torch.log(rsum) + rmax)
            R[:, i, j] = D[:, i - 1, j - 1] + softmin
    return R[:, -2, -2]


class SoftDTW(nn.Module):
    def __init__(self, gamma=1.0):
        super().__init__()
        self.gamma = gamma

    def _calc_distance_matrix(self, x, y):
        n, m, d = x.size(1), y.size(1), x.size(2)
        x = x.unsqueeze(2).expand(-1, n, m, d)
        y = y.unsqueeze(1).expand(-1, n, m, d)
        return torch.pow(x - y, 2).sum(3)

    def forward(self, x, y):
        return _soft_dtw(self._calc_distance_matrix(x, y), self.gamma)


class DTWForecaster(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.GRU(2, 8, batch_first=True)
        self.dec = nn.Linear(8, 5 * 2)
        self.sdtw = SoftDTW(gamma=0.5)

    def forward(self, past, future):
        _, h = self.enc(past)
        pred = self.dec(h[-1]).view(-1, 5, 2)
        return self.sdtw(pred, future).mean()


def softdtw():
    torch.manual_seed(0)
    return DTWForecaster(), (torch.randn(2, 6, 2), torch.randn(2, 5, 2))


# ---------------------------------------------------------------- ohem
class OhemCELoss(nn.Module):
    def __init__(self, thresh, lb_ignore=255):
        super().__init__()
        self.thresh = -torch.log(torch.tensor(thresh, requires_grad=False, dtype=torch.float))
        self.lb_ignore = lb_ignore
        self.criteria = nn.CrossEntropyLoss(ignore_index=lb_ignore, reduction='none')

    def forward(self, logits, labels):
        n_min = labels[labels != self.lb_ignore].numel() // 16
        loss = self.criteria(logits, labels).view(-1)
        loss_hard = loss[loss > self.thresh]
        if loss_hard.numel() < n_min:
            loss_hard, _ = loss.topk(n_min)
        return torch.mean(loss_hard)


class TinySeg(nn.Module):
    def __init__(self, n_classes=3):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1, bias=False), nn.BatchNorm2d(8), nn.ReLU(inplace=True))
        self.head = nn.Conv2d(8, n_classes, 1)
        self.aux = nn.Conv2d(8, n_classes, 1)
        self.criteria_pre = OhemCELoss(0.7)
        self.register_buffer("class_w", torch.tensor([0.5, 1.0, 2.0]))

    def forward(self, x, labels):
        H, W = x.size()[2:]
        feat = self.stem(x)
        logits = F.interpolate(self.head(feat), size=(H, W), mode='bilinear', align_corners=False)
        aux = F.interpolate(self.aux(feat), size=(H, W), mode='bilinear', align_corners=True)
        loss = self.criteria_pre(logits, labels)
        loss = loss + 0.4 * F.cross_entropy(aux, labels, weight=self.class_w, ignore_index=255)
        return loss


def ohem():
    torch.manual_seed(0)
    labels = torch.randint(0, 3, (2, 8, 8))
    labels[:, :2, :] = 255
    return TinySeg(), (torch.randn(2, 3, 8, 8), labels)


def segce():
    """ohem without the OHEM part: weighted CE with ignore_index=255."""
    torch.manual_seed(0)
    m = TinySeg()
    m.criteria_pre = nn.CrossEntropyLoss(ignore_index=255)
    labels = torch.randint(0, 3, (2, 8, 8))
    labels[:, :2, :] = 255
    return m, (torch.randn(2, 3, 8, 8), labels)


# ---------------------------------------------------------------- siamese
class ChannelShuffle(nn.Module):
    """torchvision's channel_shuffle (nn.ChannelShuffle has no derivative in 1.13)."""
    def __init__(self, groups):
        super().__init__()
        self.groups = groups

    def forward(self, x):
        batchsize, num_channels, height, width = x.size()
        channels_per_group = num_channels // self.groups
        x = x.view(batchsize, self.groups, channels_per_group, height, width)
        x = torch.transpose(x, 1, 2).contiguous()
        return x.view(batchsize, -1, height, width)


class ContrastiveLoss(nn.Module):
    def __init__(self, margin=2.0):
        super().__init__()
        self.margin = margin

    def forward(self, output1, output2, label):
        euclidean_distance = F.pairwise_distance(output1, output2, keepdim=True)
        loss_contrastive = torch.mean((1 - label) * torch.pow(euclidean_distance, 2) +
                                      (label) * torch.pow(torch.clamp(self.margin - euclidean_distance, min=0.0), 2))
        return loss_contrastive


class SiameseNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.cnn1 = nn.Sequential(
            nn.ReflectionPad2d(1), nn.Conv2d(1, 4, kernel_size=3), nn.ReLU(inplace=True), nn.BatchNorm2d(4),
            nn.Conv2d(4, 8, kernel_size=3, padding=1, groups=2), ChannelShuffle(2), nn.ReLU(inplace=True),
            nn.Conv2d(8, 8, kernel_size=1, groups=2), nn.BatchNorm2d(8))
        self.fc1 = nn.Sequential(nn.Flatten(), nn.Linear(8 * 6 * 6, 32), nn.ReLU(inplace=True), nn.Linear(32, 8))
        self.criterion = ContrastiveLoss()
        self.cos = nn.CosineSimilarity(dim=1, eps=1e-6)

    def forward_once(self, x):
        return self.fc1(self.cnn1(x))

    def forward(self, input1, input2, label):
        output1 = self.forward_once(input1)
        output2 = self.forward_once(input2)
        cos_loss = (1 - self.cos(output1, output2)).mean()
        return self.criterion(output1, output2, label) + 0.1 * cos_loss


def siamese():
    torch.manual_seed(0)
    return SiameseNetwork(), (torch.randn(3, 1, 6, 6), torch.randn(3, 1, 6, 6), torch.tensor([[0.], [1.], [0.]]))


# nerf_pdf with torch.tensor([1e10]) instead of the legacy torch.Tensor([1e10])
def nerf_pdf_t():
    return _nerf(tensor=torch.tensor)


# pillars with the batch size known (no .item()): boolean selections + index_put
class PillarsScatterB(PointPillarsScatter):
    def forward(self, pillar_features, coords):
        batch_spatial_features = []
        batch_size = 2
        for batch_idx in range(batch_size):
            spatial_feature = torch.zeros(self.num_bev_features, self.nz * self.nx * self.ny,
                                          dtype=pillar_features.dtype, device=pillar_features.device)
            batch_mask = coords[:, 0] == batch_idx
            this_coords = coords[batch_mask, :]
            indices = this_coords[:, 1] + this_coords[:, 2] * self.nx + this_coords[:, 3]
            indices = indices.type(torch.long)
            pillars = pillar_features[batch_mask, :]
            pillars = pillars.t()
            spatial_feature[:, indices] = pillars
            batch_spatial_features.append(spatial_feature)
        batch_spatial_features = torch.stack(batch_spatial_features, 0)
        return batch_spatial_features.view(batch_size, self.num_bev_features * self.nz, self.ny, self.nx)


def pillars_b():
    m, inp = pillars()
    m.scatter = PillarsScatterB(8, (4, 4, 1))
    return m, inp


# variants that route around the refused ops, to test the rest of each model
class LISTANoSS(LISTA):
    def _first_shrink(self, B):  # the hand-written shrink, not F.softshrink
        return self._shrink(B, 0.1)


def lista_noss():
    m, inp = lista()
    torch.manual_seed(0)
    m2 = LISTANoSS()
    m2.load_state_dict(m.state_dict())
    return m2, inp


class PortfolioLoop(PortfolioNet):
    def _running_max(self, equity):  # by a loop, not torch.cummax
        peaks = [equity[:, 0]]
        for t in range(1, equity.shape[1]):
            peaks.append(torch.maximum(peaks[-1], equity[:, t]))
        return torch.stack(peaks, dim=1)


def drawdown_loop():
    m, inp = drawdown()
    m2 = PortfolioLoop()
    m2.load_state_dict(m.state_dict())
    return m2, inp


def _searchsorted_cmp(cdf, u, right):
    """searchsorted(cdf, u, right=True) written as a comparison and a sum."""
    assert right
    return (u[..., None] >= cdf[..., None, :]).sum(-1)


def nerf_cmp():
    return _nerf(tensor=torch.tensor, search=_searchsorted_cmp)


def coteaching_detach():  # the small-loss ranking by detach(), not .data
    m, inp = coteaching()
    m2 = CoTeaching(values=torch.Tensor.detach)
    m2.load_state_dict(m.state_dict())
    return m2, inp


ALL = ["sn_param", "adasoft", "nystrom", "linformer", "nerf_pdf", "lista", "drawdown", "coteaching",
       "attn_distill", "tcn_same", "pillars", "softdtw", "ohem", "siamese", "nerf_pdf_t", "pillars_b",
       "lista_noss", "drawdown_loop", "nerf_cmp", "coteaching_detach"]

if __name__ == "__main__":
    import sys
    for name in (sys.argv[1:] or ALL):
        m, inp = globals()[name]()
        out = m(*inp)
        out.backward()
        print(name, float(out))
