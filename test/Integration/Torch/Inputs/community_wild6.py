"""A sixth set of models written the way their communities write them,
none seen by remat before (session 19): each FUNCTION() returns
(model, example_inputs) for compare.py, the importer and train.py.

State space and recurrence: mamba (mamba-minimal's block: a depthwise
causal conv1d sliced back to L, softplus'd delta, a selective scan as a
Python loop over einsums), ssd (Mamba-2's segsum: cumsum, a lower
triangle filled with -inf, exp, chunked einsums), elman (nn.RNN, tanh,
2 layers, bidirectional).

Language models and fine-tuning: switch (Switch Transformer top-1
routing with expert capacity by cumsum of one_hot and an auxiliary
load-balancing loss), electra (a generator's MLM loss, Gumbel-max
sampling under no_grad, a discriminator's replaced-token BCE), dpo (the
DPO loss: per-token log-probabilities gathered where labels != -100,
a frozen reference under no_grad), megatron_gelu (Megatron's
torch.jit.script'd bias-GeLU inside a torch.autograd.Function with its
own backward), prefix (prefix tuning: learned key/value prefixes
expanded over the batch and concatenated), mod (Mixture-of-Depths: top-k
tokens routed through a block, scattered back).

Meta-learning and implicit layers: maml (an inner SGD step through
torch.autograd.grad(create_graph=True), the query loss on the fast
weights: second order), deq (fixed-point iterations under no_grad, one
step with gradient).

Vision: segnet (max_pool2d(return_indices=True) then max_unpool2d),
resize (bicubic interpolation, adaptive average and max pooling to sizes
that do not divide), repvgg (3x3, 1x1 and identity branches with batch
norm), poolformer (pooling as token mixer, GroupNorm(1), layer scale),
maxvit (block and grid attention by view/permute).

Losses and probabilistic models: losses2 (kl_div, poisson_nll_loss,
cosine_embedding_loss, margin_ranking_loss, multilabel_soft_margin_loss,
hinge_embedding_loss, multi_margin_loss, huber_loss), evidential (a
Dirichlet evidential loss: lgamma, digamma), sinkhorn (entropic optimal
transport in the log domain, differentiated through its iterations),
bayes (Bayes-by-backprop: weight = mu + softplus(rho) * randn_like), pna
(PNA's mean/max/min/std aggregators by scatter_reduce, degree scalers),
rvq (EnCodec's residual vector quantizer: a loop over codebooks, argmin
of cdist, straight-through), siglip (SigLIP's pairwise sigmoid loss with
a learnt temperature and bias), cfg (classifier-free guidance's label
dropout by torch.rand and torch.where), dists (torch.distributions: a
Beta policy's log-probability and entropy, Student-t, Gamma, a Dirichlet
KL, Poisson).

Complex numbers: llama_meta (Meta's llama/model.py as written: RoPE by
view_as_complex and a complex freqs_cis from torch.polar kept as a plain
attribute, repeat_kv, RMSNorm in float, the causal mask by torch.full /
triu / hstack), complex_zoo (polar in forward, conj, complex add / sub,
real scaling, cat and slices of complex tensors); complex_plus_one and
complex_div are refused with the op's name. FFTs: fnet (Hugging Face's
FNet: fftn's real part over tokens and hidden), gfnet (GFNet's global
filter: rfft2, a learnable complex weight, irfft2), logmel (a log-mel
front end inside the model: torch.stft, |.|^2, a filterbank).

special: lgamma, digamma and polygamma over tiny, huge and negative
arguments; polygamma7 is refused.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


# -- state space and recurrence ----------------------------------------------
class RMSNorm(nn.Module):
    def __init__(self, d_model, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d_model))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class MambaBlock(nn.Module):
    def __init__(self, d_model=8, d_state=4, expand=2, d_conv=4, dt_rank=2):
        super().__init__()
        d_inner = expand * d_model
        self.d_inner, self.dt_rank = d_inner, dt_rank
        self.in_proj = nn.Linear(d_model, d_inner * 2, bias=False)
        self.conv1d = nn.Conv1d(d_inner, d_inner, kernel_size=d_conv, groups=d_inner,
                                padding=d_conv - 1, bias=True)
        self.x_proj = nn.Linear(d_inner, dt_rank + d_state * 2, bias=False)
        self.dt_proj = nn.Linear(dt_rank, d_inner, bias=True)
        A = torch.arange(1, d_state + 1).float().repeat(d_inner, 1)
        self.A_log = nn.Parameter(torch.log(A))
        self.D = nn.Parameter(torch.ones(d_inner))
        self.out_proj = nn.Linear(d_inner, d_model, bias=False)

    def forward(self, x):
        (b, l, d) = x.shape
        x_and_res = self.in_proj(x)
        (x, res) = x_and_res.split(split_size=[self.d_inner, self.d_inner], dim=-1)
        x = x.transpose(1, 2)
        x = self.conv1d(x)[:, :, :l]
        x = x.transpose(1, 2)
        x = F.silu(x)
        y = self.ssm(x)
        y = y * F.silu(res)
        return self.out_proj(y)

    def ssm(self, x):
        (d_in, n) = self.A_log.shape
        A = -torch.exp(self.A_log.float())
        D = self.D.float()
        x_dbl = self.x_proj(x)
        (delta, B, C) = x_dbl.split(split_size=[self.dt_rank, n, n], dim=-1)
        delta = F.softplus(self.dt_proj(delta))
        return self.selective_scan(x, delta, A, B, C, D)

    def selective_scan(self, u, delta, A, B, C, D):
        (b, l, d_in) = u.shape
        n = A.shape[1]
        deltaA = torch.exp(torch.einsum('b l d, d n -> b l d n', delta, A))
        deltaB_u = torch.einsum('b l d, b l n, b l d -> b l d n', delta, B, u)
        x = torch.zeros((b, d_in, n), device=deltaA.device)
        ys = []
        for i in range(l):
            x = deltaA[:, i] * x + deltaB_u[:, i]
            y = torch.einsum('b d n, b n -> b d', x, C[:, i, :])
            ys.append(y)
        y = torch.stack(ys, dim=1)
        return y + u * D


class Mamba(nn.Module):
    def __init__(self, vocab=11, d_model=8, n_layer=2):
        super().__init__()
        self.embedding = nn.Embedding(vocab, d_model)
        self.layers = nn.ModuleList([MambaBlock(d_model) for _ in range(n_layer)])
        self.norms = nn.ModuleList([RMSNorm(d_model) for _ in range(n_layer)])
        self.norm_f = RMSNorm(d_model)
        self.lm_head = nn.Linear(d_model, vocab, bias=False)
        self.lm_head.weight = self.embedding.weight

    def forward(self, input_ids, targets):
        x = self.embedding(input_ids)
        for norm, layer in zip(self.norms, self.layers):
            x = layer(norm(x)) + x
        logits = self.lm_head(self.norm_f(x))
        return F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))


def mamba():
    torch.manual_seed(0)
    return Mamba(), (torch.randint(0, 11, (2, 6)), torch.randint(0, 11, (2, 6)))


def segsum(x):
    T = x.size(-1)
    x = x[..., None].repeat(*([1] * x.dim()), T)
    mask = torch.tril(torch.ones(T, T, dtype=torch.bool, device=x.device), diagonal=-1)
    x = x.masked_fill(~mask, 0)
    x_segsum = torch.cumsum(x, dim=-2)
    mask = torch.tril(torch.ones(T, T, dtype=torch.bool, device=x.device), diagonal=0)
    x_segsum = x_segsum.masked_fill(~mask, -torch.inf)
    return x_segsum


class SSD(nn.Module):
    """Mamba-2's ssd_minimal_discrete, one chunk size, with projections."""
    def __init__(s, d=6, h=2, p=3, n=4, chunk=4):
        super().__init__()
        s.h, s.p, s.n, s.chunk = h, p, n, chunk
        s.inp = nn.Linear(d, h * p + 2 * n + h)
        s.A_log = nn.Parameter(torch.zeros(h))
        s.out = nn.Linear(h * p, d)

    def forward(s, u):
        b, L, _ = u.shape
        z = s.inp(u)
        X, B, C, dt = torch.split(z, [s.h * s.p, s.n, s.n, s.h], dim=-1)
        dt = F.softplus(dt)
        X = X.reshape(b, L, s.h, s.p) * dt.unsqueeze(-1)
        A = -torch.exp(s.A_log) * dt                      # (b, L, h)
        B = B.unsqueeze(2).expand(b, L, s.h, s.n)
        C = C.unsqueeze(2).expand(b, L, s.h, s.n)
        c = L // s.chunk
        X, A, B, C = [t.reshape(b, c, s.chunk, *t.shape[2:]) for t in (X, A, B, C)]
        A = A.permute(0, 3, 1, 2)                         # b h c l
        A_cumsum = torch.cumsum(A, dim=-1)
        Lm = torch.exp(segsum(A))
        Y_diag = torch.einsum("bclhn,bcshn,bhcls,bcshp->bclhp", C, B, Lm, X)
        decay_states = torch.exp(A_cumsum[:, :, :, -1:] - A_cumsum)
        states = torch.einsum("bclhn,bhcl,bclhp->bchpn", B, decay_states, X)
        initial_states = torch.zeros_like(states[:, :1])
        states = torch.cat([initial_states, states], dim=1)
        decay_chunk = torch.exp(segsum(F.pad(A_cumsum[:, :, :, -1], (1, 0))))
        new_states = torch.einsum("bhzc,bchpn->bzhpn", decay_chunk, states)
        states = new_states[:, :-1]
        state_decay_out = torch.exp(A_cumsum)
        Y_off = torch.einsum('bclhn,bchpn,bhcl->bclhp', C, states, state_decay_out)
        Y = (Y_diag + Y_off).reshape(b, L, s.h * s.p)
        return s.out(Y).pow(2).mean()


def ssd():
    torch.manual_seed(0)
    return SSD(), (torch.randn(2, 8, 6),)


class Elman(nn.Module):
    def __init__(s):
        super().__init__()
        s.rnn = nn.RNN(5, 6, num_layers=2, nonlinearity="tanh", bidirectional=True,
                       batch_first=True)
        s.head = nn.Linear(12, 3)

    def forward(s, x, h0):
        out, hn = s.rnn(x, h0)
        return s.head(out[:, -1]).logsumexp(-1).mean() + hn.pow(2).mean()


def elman():
    torch.manual_seed(0)
    return Elman(), (torch.randn(3, 4, 5), torch.randn(4, 3, 6))


# -- language models and fine-tuning ------------------------------------------
class SwitchFFN(nn.Module):
    def __init__(s, d=8, n_experts=4, capacity_factor=1.25, d_ff=12):
        super().__init__()
        s.n_experts, s.capacity_factor = n_experts, capacity_factor
        s.switch = nn.Linear(d, n_experts)
        s.experts = nn.ModuleList([nn.Sequential(nn.Linear(d, d_ff), nn.ReLU(),
                                                 nn.Linear(d_ff, d)) for _ in range(n_experts)])

    def forward(s, x):
        b, t, d = x.shape
        x = x.reshape(-1, d)
        n = x.shape[0]
        route_prob = torch.softmax(s.switch(x), dim=-1)
        route_prob_max, routes = torch.max(route_prob, dim=-1)
        capacity = int(s.capacity_factor * n / s.n_experts)
        one_hot = F.one_hot(routes, s.n_experts)
        position = torch.cumsum(one_hot, dim=0) * one_hot
        keep = (position.sum(-1) <= capacity) & (position.sum(-1) > 0)
        final = torch.zeros_like(x)
        for i in range(s.n_experts):
            sel = (one_hot[:, i] > 0) & keep
            final = final + torch.where(sel[:, None], s.experts[i](x), torch.zeros_like(x))
        final = torch.where(keep[:, None], final, x)  # dropped tokens pass through
        final = final * route_prob_max.view(-1, 1)
        counts = one_hot.sum(0).float()
        load_balancing = s.n_experts * (counts / n * route_prob.mean(0)).sum()
        return final.view(b, t, d), load_balancing


class Switch(nn.Module):
    def __init__(s, vocab=13, d=8):
        super().__init__()
        s.emb = nn.Embedding(vocab, d)
        s.ln1, s.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        s.attn = nn.MultiheadAttention(d, 2, batch_first=True)
        s.ffn = SwitchFFN(d)
        s.head = nn.Linear(d, vocab)

    def forward(s, idx, targets):
        x = s.emb(idx)
        h = s.ln1(x)
        T = idx.shape[1]
        mask = torch.triu(torch.ones(T, T, dtype=torch.bool), 1)
        x = x + s.attn(h, h, h, attn_mask=mask, need_weights=False)[0]
        f, aux = s.ffn(s.ln2(x))
        x = x + f
        logits = s.head(x)
        return F.cross_entropy(logits.flatten(0, 1), targets.flatten()) + 0.01 * aux


def switch():
    torch.manual_seed(0)
    return Switch(), (torch.randint(0, 13, (2, 5)), torch.randint(0, 13, (2, 5)))


class Electra(nn.Module):
    def __init__(s, vocab=12, dg=6, dd=8, mask_id=1):
        super().__init__()
        s.mask_id = mask_id
        s.emb = nn.Embedding(vocab, dd)
        s.gen = nn.TransformerEncoderLayer(dd, 2, dim_feedforward=dg * 2, dropout=0.0,
                                           batch_first=True)
        s.gen_head = nn.Linear(dd, vocab)
        s.disc = nn.TransformerEncoderLayer(dd, 2, dim_feedforward=16, dropout=0.0,
                                            batch_first=True, norm_first=True)
        s.disc_head = nn.Linear(dd, 1)

    def forward(s, input_ids, mlm_mask, noise):
        masked = input_ids.masked_fill(mlm_mask, s.mask_id)
        gen_logits = s.gen_head(s.gen(s.emb(masked)))
        labels = input_ids.masked_fill(~mlm_mask, -100)
        gen_loss = F.cross_entropy(gen_logits.transpose(1, 2), labels, ignore_index=-100)
        with torch.no_grad():
            gumbel = -torch.log(-torch.log(noise.clamp(1e-9, 1.0)))
            sampled = (gen_logits + gumbel).argmax(dim=-1)
            corrupted = torch.where(mlm_mask, sampled, input_ids)
            is_replaced = (corrupted != input_ids).float()
        disc_logits = s.disc_head(s.disc(s.emb(corrupted))).squeeze(-1)
        disc_loss = F.binary_cross_entropy_with_logits(disc_logits, is_replaced)
        return gen_loss + 50.0 * disc_loss


def electra():
    torch.manual_seed(0)
    ids = torch.randint(2, 12, (2, 6))
    mask = torch.tensor([[1, 0, 0, 1, 0, 0], [0, 1, 0, 0, 0, 1]], dtype=torch.bool)
    return Electra(), (ids, mask, torch.rand(2, 6, 12))


class TinyLM(nn.Module):
    def __init__(s, vocab=10, d=8):
        super().__init__()
        s.emb = nn.Embedding(vocab, d)
        s.block = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 16), nn.GELU(), nn.Linear(16, d))
        s.head = nn.Linear(d, vocab, bias=False)

    def forward(s, ids):
        x = s.emb(ids)
        return s.head(x + s.block(x))


def _get_batch_logps(logits, labels):
    labels = labels[:, 1:].clone()
    logits = logits[:, :-1, :]
    loss_mask = labels != -100
    labels[labels == -100] = 0
    per_token_logps = torch.gather(logits.log_softmax(-1), dim=2,
                                   index=labels.unsqueeze(2)).squeeze(2)
    return (per_token_logps * loss_mask).sum(-1)


class DPO(nn.Module):
    def __init__(s, beta=0.1):
        super().__init__()
        s.policy = TinyLM()
        s.ref = TinyLM()
        s.ref.requires_grad_(False)
        s.beta = beta

    def forward(s, chosen, chosen_labels, rejected, rejected_labels):
        ids = torch.cat([chosen, rejected], dim=0)
        labels = torch.cat([chosen_labels, rejected_labels], dim=0)
        logps = _get_batch_logps(s.policy(ids), labels)
        pc, pr = logps[:chosen.shape[0]], logps[chosen.shape[0]:]
        with torch.no_grad():
            ref = _get_batch_logps(s.ref(ids), labels)
        rc, rr = ref[:chosen.shape[0]], ref[chosen.shape[0]:]
        logits = (pc - pr) - (rc - rr)
        losses = -F.logsigmoid(s.beta * logits)
        chosen_rewards = s.beta * (pc - rc).detach()
        return losses.mean(), chosen_rewards


def dpo():
    torch.manual_seed(0)
    c = torch.randint(0, 10, (2, 6))
    r = torch.randint(0, 10, (2, 6))
    cl = c.clone(); cl[:, :3] = -100
    rl = r.clone(); rl[:, :2] = -100
    return DPO(), (c, cl, r, rl)


@torch.jit.script
def bias_gelu(bias, y):
    x = bias + y
    return x * 0.5 * (1.0 + torch.tanh(0.79788456 * x * (1 + 0.044715 * x * x)))


@torch.jit.script
def bias_gelu_back(g, bias, y):
    x = bias + y
    tanh_out = torch.tanh(0.79788456 * x * (1 + 0.044715 * x * x))
    ff = 0.5 * x * ((1 - tanh_out * tanh_out) * (0.79788456 + 0.1070322243 * x * x)) + \
        0.5 * (1 + tanh_out)
    return ff * g


class GeLUFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input, bias):
        ctx.save_for_backward(input, bias)
        return bias_gelu(bias, input)

    @staticmethod
    def backward(ctx, grad_output):
        input, bias = ctx.saved_tensors
        tmp = bias_gelu_back(grad_output, bias, input)
        return tmp, tmp


class MegatronMLP(nn.Module):
    def __init__(s, d=8, ff=16):
        super().__init__()
        s.ln = nn.LayerNorm(d)
        s.fc1 = nn.Linear(d, ff, bias=False)
        s.fc1_bias = nn.Parameter(torch.randn(ff) * 0.1)
        s.fc2 = nn.Linear(ff, d)

    def forward(s, x):
        h = GeLUFunction.apply(s.fc1(s.ln(x)), s.fc1_bias)
        return x + s.fc2(h)


class MegatronGelu(nn.Module):
    def __init__(s):
        super().__init__()
        s.mlps = nn.Sequential(MegatronMLP(), MegatronMLP())

    def forward(s, x):
        return s.mlps(x).pow(2).mean()


def megatron_gelu():
    torch.manual_seed(0)
    return MegatronGelu(), (torch.randn(2, 5, 8),)


class PrefixAttention(nn.Module):
    def __init__(s, d=8, heads=2, n_prefix=3):
        super().__init__()
        s.h, s.dh = heads, d // heads
        s.qkv = nn.Linear(d, 3 * d)
        s.proj = nn.Linear(d, d)
        s.prefix_k = nn.Parameter(torch.randn(n_prefix, d) * 0.1)
        s.prefix_v = nn.Parameter(torch.randn(n_prefix, d) * 0.1)

    def forward(s, x):
        B, T, C = x.shape
        q, k, v = s.qkv(x).split(C, dim=2)
        k = torch.cat([s.prefix_k.unsqueeze(0).expand(B, -1, -1), k], dim=1)
        v = torch.cat([s.prefix_v.unsqueeze(0).expand(B, -1, -1), v], dim=1)
        q = q.view(B, T, s.h, s.dh).transpose(1, 2)
        k = k.view(B, -1, s.h, s.dh).transpose(1, 2)
        v = v.view(B, -1, s.h, s.dh).transpose(1, 2)
        P = k.shape[2] - T
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(s.dh))
        causal = torch.ones(T, T + P, dtype=torch.bool).tril(diagonal=P)
        att = att.masked_fill(~causal, float("-inf"))
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return s.proj(y)


class Prefix(nn.Module):
    def __init__(s):
        super().__init__()
        s.backbone = nn.Linear(8, 8)
        s.backbone.requires_grad_(False)  # frozen, as in prefix tuning
        s.attn = PrefixAttention()

    def forward(s, x):
        return s.attn(torch.tanh(s.backbone(x))).pow(2).sum()


def prefix():
    torch.manual_seed(0)
    return Prefix(), (torch.randn(2, 5, 8),)


class MoDBlock(nn.Module):
    """Mixture-of-Depths: the top-k tokens by a router go through the block."""
    def __init__(s, d=8, capacity=0.5):
        super().__init__()
        s.router = nn.Linear(d, 1)
        s.capacity = capacity
        s.block = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 16), nn.SiLU(), nn.Linear(16, d))

    def forward(s, x):
        b, t, d = x.shape
        k = max(1, int(s.capacity * t))
        weights = s.router(x).squeeze(-1)
        top_w, top_i = torch.topk(weights, k, dim=1, sorted=False)
        top_i, order = torch.sort(top_i, dim=1)
        top_w = torch.gather(top_w, 1, order)
        idx = top_i.unsqueeze(-1).expand(-1, -1, d)
        sel = torch.gather(x, 1, idx)
        out = sel + s.block(sel) * torch.sigmoid(top_w).unsqueeze(-1)
        return torch.scatter(x, 1, idx, out)


class MoD(nn.Module):
    def __init__(s):
        super().__init__()
        s.layers = nn.Sequential(MoDBlock(), MoDBlock())

    def forward(s, x):
        return s.layers(x).pow(2).mean()


def mod():
    torch.manual_seed(0)
    return MoD(), (torch.randn(2, 6, 8),)


# -- meta-learning and implicit layers ----------------------------------------
class MAML(nn.Module):
    def __init__(s, inner_lr=0.4):
        super().__init__()
        s.net = nn.Sequential(nn.Linear(1, 16), nn.ReLU(), nn.Linear(16, 16), nn.ReLU(),
                              nn.Linear(16, 1))
        s.inner_lr = inner_lr

    def functional(s, x, params):
        x = F.relu(F.linear(x, params[0], params[1]))
        x = F.relu(F.linear(x, params[2], params[3]))
        return F.linear(x, params[4], params[5])

    def forward(s, xs, ys, xq, yq):
        params = list(s.net.parameters())
        support_loss = F.mse_loss(s.functional(xs, params), ys)
        grads = torch.autograd.grad(support_loss, params, create_graph=True)
        fast = [p - s.inner_lr * g for p, g in zip(params, grads)]
        return F.mse_loss(s.functional(xq, fast), yq)


def maml():
    torch.manual_seed(0)
    xs, xq = torch.randn(5, 1), torch.randn(6, 1)
    return MAML(), (xs, torch.sin(xs), xq, torch.sin(xq))


class DEQ(nn.Module):
    def __init__(s, d=6, iters=8):
        super().__init__()
        s.W = nn.Linear(d, d, bias=False)
        s.U = nn.Linear(d, d)
        s.iters = iters
        with torch.no_grad():
            s.W.weight.mul_(0.3)

    def f(s, z, x):
        return torch.tanh(s.W(z) + s.U(x))

    def forward(s, x):
        with torch.no_grad():
            z = torch.zeros_like(x)
            for _ in range(s.iters):
                z = s.f(z, x)
        z = s.f(z, x)   # one step with gradient (the 1-step "phantom" gradient)
        return z.pow(2).sum()


def deq():
    torch.manual_seed(0)
    return DEQ(), (torch.randn(4, 6),)


# -- vision -------------------------------------------------------------------
class SegNet(nn.Module):
    def __init__(s):
        super().__init__()
        s.enc1 = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU())
        s.enc2 = nn.Sequential(nn.Conv2d(4, 6, 3, padding=1), nn.BatchNorm2d(6), nn.ReLU())
        s.dec2 = nn.Sequential(nn.Conv2d(6, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU())
        s.dec1 = nn.Conv2d(4, 3, 3, padding=1)

    def forward(s, x, target):
        x = s.enc1(x)
        x, i1 = F.max_pool2d(x, 2, 2, return_indices=True)
        s1 = x.size()
        x = s.enc2(x)
        x, i2 = F.max_pool2d(x, 2, 2, return_indices=True)
        x = F.max_unpool2d(x, i2, 2, 2, output_size=s1[2:])
        x = s.dec2(x)
        x = F.max_unpool2d(x, i1, kernel_size=2, stride=2)
        return F.cross_entropy(s.dec1(x), target)


def segnet():
    torch.manual_seed(0)
    return SegNet(), (torch.randn(2, 3, 8, 8), torch.randint(0, 3, (2, 8, 8)))


class Resize(nn.Module):
    def __init__(s):
        super().__init__()
        s.pre = nn.Conv2d(3, 3, 1)
        s.conv = nn.Conv2d(3, 4, 3, padding=1)
        s.fc = nn.Linear(4 * 7 + 4 * 9, 2)

    def forward(s, x):
        x = s.pre(x)
        h = F.interpolate(x, scale_factor=1.5, mode="bicubic", align_corners=False)
        small = F.interpolate(x, size=(4, 5), mode="bicubic", align_corners=True)
        h = h + F.interpolate(small, size=h.shape[-2:], mode="bicubic", align_corners=False)
        h = F.gelu(s.conv(h))
        a = F.adaptive_avg_pool2d(h, (7, 1)).flatten(1)
        m = F.adaptive_max_pool2d(h, 3).flatten(1)
        return s.fc(torch.cat([a, m], 1)).logsumexp(1).mean()


def resize():
    torch.manual_seed(0)
    return Resize(), (torch.randn(2, 3, 6, 6),)


class RepVGGBlock(nn.Module):
    def __init__(s, c):
        super().__init__()
        s.dense = nn.Sequential(nn.Conv2d(c, c, 3, padding=1, bias=False), nn.BatchNorm2d(c))
        s.one = nn.Sequential(nn.Conv2d(c, c, 1, bias=False), nn.BatchNorm2d(c))
        s.identity = nn.BatchNorm2d(c)

    def forward(s, x):
        return F.relu(s.dense(x) + s.one(x) + s.identity(x))


class RepVGG(nn.Module):
    def __init__(s):
        super().__init__()
        s.stem = nn.Conv2d(3, 6, 3, stride=2, padding=1)
        s.blocks = nn.Sequential(RepVGGBlock(6), RepVGGBlock(6))
        s.head = nn.Linear(6, 4)

    def forward(s, x, y):
        x = s.blocks(F.relu(s.stem(x)))
        return F.cross_entropy(s.head(x.mean((2, 3))), y)


def repvgg():
    torch.manual_seed(0)
    return RepVGG(), (torch.randn(2, 3, 8, 8), torch.tensor([1, 3]))


class Pooling(nn.Module):
    def __init__(s, pool_size=3):
        super().__init__()
        s.pool = nn.AvgPool2d(pool_size, stride=1, padding=pool_size // 2,
                              count_include_pad=False)

    def forward(s, x):
        return s.pool(x) - x


class PoolFormerBlock(nn.Module):
    def __init__(s, dim, layer_scale_init_value=1e-5):
        super().__init__()
        s.norm1 = nn.GroupNorm(1, dim)
        s.token_mixer = Pooling()
        s.norm2 = nn.GroupNorm(1, dim)
        s.mlp = nn.Sequential(nn.Conv2d(dim, dim * 4, 1), nn.GELU(), nn.Conv2d(dim * 4, dim, 1))
        s.layer_scale_1 = nn.Parameter(layer_scale_init_value * torch.ones(dim))
        s.layer_scale_2 = nn.Parameter(layer_scale_init_value * torch.ones(dim))

    def forward(s, x):
        x = x + s.layer_scale_1.unsqueeze(-1).unsqueeze(-1) * s.token_mixer(s.norm1(x))
        x = x + s.layer_scale_2.unsqueeze(-1).unsqueeze(-1) * s.mlp(s.norm2(x))
        return x


class PoolFormer(nn.Module):
    def __init__(s):
        super().__init__()
        s.patch = nn.Conv2d(3, 6, 4, stride=4)
        s.blocks = nn.Sequential(PoolFormerBlock(6), PoolFormerBlock(6))
        s.head = nn.Linear(6, 5)

    def forward(s, x, y):
        x = s.blocks(s.patch(x))
        return F.cross_entropy(s.head(x.mean([-2, -1])), y)


def poolformer():
    torch.manual_seed(0)
    return PoolFormer(), (torch.randn(2, 3, 16, 16), torch.tensor([0, 4]))


def block_partition(x, p):
    B, H, W, C = x.shape
    x = x.view(B, H // p, p, W // p, p, C).permute(0, 1, 3, 2, 4, 5)
    return x.reshape(-1, p * p, C)


def block_unpartition(x, p, B, H, W):
    C = x.shape[-1]
    x = x.view(B, H // p, W // p, p, p, C).permute(0, 1, 3, 2, 4, 5)
    return x.reshape(B, H, W, C)


def grid_partition(x, g):
    B, H, W, C = x.shape
    x = x.view(B, g, H // g, g, W // g, C).permute(0, 2, 4, 1, 3, 5)
    return x.reshape(-1, g * g, C)


def grid_unpartition(x, g, B, H, W):
    C = x.shape[-1]
    x = x.view(B, H // g, W // g, g, g, C).permute(0, 3, 1, 4, 2, 5)
    return x.reshape(B, H, W, C)


class MaxViTAttn(nn.Module):
    def __init__(s, d=8, heads=2):
        super().__init__()
        s.norm = nn.LayerNorm(d)
        s.qkv = nn.Linear(d, 3 * d, bias=False)
        s.proj = nn.Linear(d, d)
        s.h = heads
        s.scale = (d // heads) ** -0.5

    def forward(s, x):
        B, N, C = x.shape
        qkv = s.qkv(s.norm(x)).reshape(B, N, 3, s.h, C // s.h).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        attn = (q * s.scale) @ k.transpose(-2, -1)
        x2 = (attn.softmax(dim=-1) @ v).transpose(1, 2).reshape(B, N, C)
        return x + s.proj(x2)


class MaxViT(nn.Module):
    def __init__(s, p=2):
        super().__init__()
        s.p = p
        s.stem = nn.Conv2d(3, 8, 3, padding=1)
        s.block_attn = MaxViTAttn()
        s.grid_attn = MaxViTAttn()
        s.head = nn.Linear(8, 3)

    def forward(s, x, y):
        x = s.stem(x).permute(0, 2, 3, 1)
        B, H, W, C = x.shape
        x = block_unpartition(s.block_attn(block_partition(x, s.p)), s.p, B, H, W)
        x = grid_unpartition(s.grid_attn(grid_partition(x, s.p)), s.p, B, H, W)
        return F.cross_entropy(s.head(x.mean((1, 2))), y)


def maxvit():
    torch.manual_seed(0)
    return MaxViT(), (torch.randn(2, 3, 4, 4), torch.tensor([2, 0]))


# -- losses and probabilistic models -------------------------------------------
class Losses2(nn.Module):
    def __init__(s):
        super().__init__()
        s.a = nn.Linear(5, 4)
        s.b = nn.Linear(5, 4)
        s.register_buffer("class_weight", torch.tensor([0.5, 1.0, 2.0, 1.5]))

    def forward(s, x, cls, sign, multi):
        a, b = s.a(x), s.b(x)
        l1 = F.kl_div(F.log_softmax(a, -1), F.softmax(b, -1), reduction="batchmean")
        l2 = F.kl_div(F.log_softmax(a, -1), F.log_softmax(b.detach(), -1), reduction="sum",
                      log_target=True)
        l3 = F.poisson_nll_loss(a, b.exp().detach(), log_input=True)
        l4 = F.poisson_nll_loss(F.softplus(a), b.abs(), log_input=False, full=True)
        l5 = F.cosine_embedding_loss(a, b, sign, margin=0.1)
        l6 = F.margin_ranking_loss(a[:, 0], b[:, 0], sign, margin=0.2)
        l7 = F.multilabel_soft_margin_loss(a, multi)
        l8 = F.hinge_embedding_loss(a - b, sign[:, None].expand_as(a), margin=0.5)
        l9 = F.multi_margin_loss(a, cls, p=1, margin=1.0)
        l10 = F.huber_loss(a, b, delta=0.3)
        l11 = F.multi_margin_loss(b, cls, p=2, margin=0.5, weight=s.class_weight,
                                  reduction="none")
        l12 = F.multi_margin_loss(a * b, cls, reduction="sum")
        return l1 + l2 + l3 + l4 + l5 + l6 + l7 + l8 + l9 + l10 + (l11 * sign).sum() + l12


def losses2():
    torch.manual_seed(0)
    return Losses2(), (torch.randn(6, 5), torch.tensor([0, 3, 1, 2, 3, 0]),
                       torch.tensor([1., -1., 1., 1., -1., -1.]),
                       (torch.rand(6, 4) > 0.5).float())


class Evidential(nn.Module):
    def __init__(s, k=4, annealing=0.5):
        super().__init__()
        s.net = nn.Sequential(nn.Linear(6, 10), nn.ReLU(), nn.Linear(10, k))
        s.k, s.annealing = k, annealing

    def kl_divergence(s, alpha):
        ones = torch.ones([1, s.k], dtype=torch.float32)
        sum_alpha = torch.sum(alpha, dim=1, keepdim=True)
        first = (torch.lgamma(sum_alpha) - torch.lgamma(alpha).sum(dim=1, keepdim=True)
                 + torch.lgamma(ones).sum(dim=1, keepdim=True)
                 - torch.lgamma(ones.sum(dim=1, keepdim=True)))
        second = ((alpha - ones).mul(torch.digamma(alpha) - torch.digamma(sum_alpha))
                  .sum(dim=1, keepdim=True))
        return first + second

    def forward(s, x, y):
        evidence = F.softplus(s.net(x))
        alpha = evidence + 1
        y1 = F.one_hot(y, s.k).float()
        S = torch.sum(alpha, dim=1, keepdim=True)
        loglik = torch.sum(y1 * (torch.digamma(S) - torch.digamma(alpha)), dim=1, keepdim=True)
        kl_alpha = (alpha - 1) * (1 - y1) + 1
        return torch.mean(loglik + s.annealing * s.kl_divergence(kl_alpha))


def evidential():
    torch.manual_seed(0)
    return Evidential(), (torch.randn(5, 6), torch.tensor([0, 1, 3, 2, 1]))


class Sinkhorn(nn.Module):
    def __init__(s, eps=0.1, iters=5):
        super().__init__()
        s.f = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 3))
        s.eps, s.iters = eps, iters

    def forward(s, x, y):
        x = s.f(x)
        C = torch.cdist(x, y) ** 2
        n, m = C.shape
        log_mu = torch.full((n,), -math.log(n))
        log_nu = torch.full((m,), -math.log(m))
        u = torch.zeros(n)
        v = torch.zeros(m)
        for _ in range(s.iters):
            u = s.eps * (log_mu - torch.logsumexp((-C + v[None, :]) / s.eps, dim=1))
            v = s.eps * (log_nu - torch.logsumexp((-C + u[:, None]) / s.eps, dim=0))
        pi = torch.exp((-C + u[:, None] + v[None, :]) / s.eps)
        return torch.sum(pi * C)


def sinkhorn():
    torch.manual_seed(0)
    return Sinkhorn(), (torch.randn(5, 3), torch.randn(4, 3))


class BayesLinear(nn.Module):
    def __init__(s, i, o, prior_sigma=1.0):
        super().__init__()
        s.w_mu = nn.Parameter(torch.randn(o, i) * 0.1)
        s.w_rho = nn.Parameter(torch.full((o, i), -3.0))
        s.b_mu = nn.Parameter(torch.zeros(o))
        s.b_rho = nn.Parameter(torch.full((o,), -3.0))
        s.prior_sigma = prior_sigma

    def kl(s, mu, sigma):
        return (torch.log(s.prior_sigma / sigma) + (sigma ** 2 + mu ** 2)
                / (2 * s.prior_sigma ** 2) - 0.5).sum()

    def forward(s, x):
        w_sigma = F.softplus(s.w_rho)
        b_sigma = F.softplus(s.b_rho)
        w = s.w_mu + w_sigma * torch.randn_like(w_sigma)
        b = s.b_mu + b_sigma * torch.randn_like(b_sigma)
        s.kl_term = s.kl(s.w_mu, w_sigma) + s.kl(s.b_mu, b_sigma)
        return F.linear(x, w, b)


class Bayes(nn.Module):
    def __init__(s):
        super().__init__()
        s.l1, s.l2 = BayesLinear(4, 8), BayesLinear(8, 3)

    def forward(s, x, y):
        out = s.l2(F.relu(s.l1(x)))
        return F.cross_entropy(out, y) + 1e-3 * (s.l1.kl_term + s.l2.kl_term)


def bayes():
    torch.manual_seed(0)
    return Bayes(), (torch.randn(5, 4), torch.tensor([0, 2, 1, 1, 0]))


class PNA(nn.Module):
    def __init__(s, d=4, avg_log_deg=1.0):
        super().__init__()
        s.pre = nn.Linear(2 * d, d)
        s.post = nn.Linear(d + 4 * d * 3, d)
        s.avg_log_deg = avg_log_deg

    def forward(s, x, edge_index):
        src, dst = edge_index
        n, d = x.shape
        msg = s.pre(torch.cat([x[dst], x[src]], dim=-1))
        idx = dst.unsqueeze(-1).expand(-1, d)
        deg = torch.zeros(n).index_add_(0, dst, torch.ones(dst.shape[0])).clamp(min=1)
        mean = torch.zeros(n, d).scatter_reduce(0, idx, msg, reduce="mean", include_self=False)
        mx = torch.zeros(n, d).scatter_reduce(0, idx, msg, reduce="amax", include_self=False)
        mn = torch.zeros(n, d).scatter_reduce(0, idx, msg, reduce="amin", include_self=False)
        sq = torch.zeros(n, d).scatter_reduce(0, idx, msg * msg, reduce="mean",
                                              include_self=False)
        std = torch.sqrt(torch.relu(sq - mean * mean) + 1e-5)
        agg = torch.cat([mean, mx, mn, std], dim=-1)
        log_deg = torch.log(deg + 1).unsqueeze(-1)
        scaled = torch.cat([agg, agg * (log_deg / s.avg_log_deg),
                            agg * (s.avg_log_deg / log_deg)], dim=-1)
        return s.post(torch.cat([x, scaled], dim=-1)).relu().sum()


def pna():
    torch.manual_seed(0)
    ei = torch.tensor([[0, 1, 2, 3, 4, 0, 2, 1], [1, 2, 3, 4, 0, 2, 0, 0]])
    return PNA(), (torch.randn(5, 4), ei)


class ResidualVQ(nn.Module):
    def __init__(s, d=4, codebook_size=6, n_q=3, commitment=0.25):
        super().__init__()
        s.enc = nn.Sequential(nn.Conv1d(2, 8, 3, padding=1), nn.ELU(), nn.Conv1d(8, d, 1))
        s.dec = nn.Sequential(nn.Conv1d(d, 8, 3, padding=1), nn.ELU(), nn.Conv1d(8, 2, 1))
        s.codebooks = nn.ParameterList([nn.Parameter(torch.randn(codebook_size, d))
                                        for _ in range(n_q)])
        s.commitment = commitment

    def forward(s, x):
        z = s.enc(x).transpose(1, 2)          # b t d
        residual = z
        quantized_out = torch.zeros_like(z)
        loss = 0.0
        for cb in s.codebooks:
            flat = residual.reshape(-1, residual.shape[-1])
            dist = torch.cdist(flat, cb)
            ind = dist.argmin(dim=-1)
            q = F.embedding(ind, cb).view_as(residual)
            loss = loss + F.mse_loss(q, residual.detach()) + s.commitment * F.mse_loss(
                residual, q.detach())
            q = residual + (q - residual).detach()
            residual = residual - q.detach()
            quantized_out = quantized_out + q
        recon = s.dec(quantized_out.transpose(1, 2))
        return F.l1_loss(recon, x) + loss


def rvq():
    torch.manual_seed(0)
    return ResidualVQ(), (torch.randn(2, 2, 6),)


class SigLIP(nn.Module):
    def __init__(s):
        super().__init__()
        s.img = nn.Sequential(nn.Linear(6, 8), nn.GELU(), nn.Linear(8, 5))
        s.txt = nn.Sequential(nn.Embedding(10, 5), nn.Flatten(), nn.Linear(15, 5))
        s.t_prime = nn.Parameter(torch.tensor(math.log(10.0)))
        s.b = nn.Parameter(torch.tensor(-10.0))

    def forward(s, img, txt):
        zimg = F.normalize(s.img(img), dim=-1)
        ztxt = F.normalize(s.txt(txt), dim=-1)
        logits = zimg @ ztxt.t() * s.t_prime.exp() + s.b
        n = img.shape[0]
        labels = 2 * torch.eye(n) - torch.ones(n, n)
        return -torch.sum(F.logsigmoid(labels * logits)) / n


def siglip():
    torch.manual_seed(0)
    return SigLIP(), (torch.randn(4, 6), torch.randint(0, 10, (4, 3)))


class CFG(nn.Module):
    def __init__(s, n_classes=5, d=6, p_uncond=0.3):
        super().__init__()
        s.label_emb = nn.Embedding(n_classes + 1, d)  # the last: "no class"
        s.null = n_classes
        s.p = p_uncond
        s.net = nn.Sequential(nn.Linear(2 * d + 1, 16), nn.SiLU(), nn.Linear(16, d))

    def forward(s, x0, labels, t, noise):
        drop = torch.rand(labels.shape[0]) < s.p
        labels = torch.where(drop, torch.full_like(labels, s.null), labels)
        alpha = torch.cos(t * math.pi / 2)[:, None]
        sigma = torch.sin(t * math.pi / 2)[:, None]
        xt = alpha * x0 + sigma * noise
        h = torch.cat([xt, s.label_emb(labels), t[:, None]], dim=-1)
        return F.mse_loss(s.net(h), noise)


def cfg():
    torch.manual_seed(0)
    return CFG(), (torch.randn(6, 6), torch.randint(0, 5, (6,)), torch.rand(6),
                   torch.randn(6, 6))


class Dists(nn.Module):
    """A probabilistic head as torch.distributions users write it: a Beta
    policy (PPO on a bounded action) with its entropy, a Student-t and a
    Gamma likelihood, a Dirichlet KL to a flat prior, Poisson counts."""
    def __init__(s):
        super().__init__()
        s.net = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 8))

    def forward(s, x, action, y, counts):
        h = s.net(x)
        alpha = F.softplus(h[:, 0:2]) + 1.0
        beta = F.softplus(h[:, 2:4]) + 1.0
        policy = torch.distributions.Beta(alpha, beta)
        logp = policy.log_prob(action).sum(-1)
        entropy = policy.entropy().sum(-1)
        st = torch.distributions.StudentT(df=F.softplus(h[:, 4]) + 2.0, loc=h[:, 5],
                                          scale=F.softplus(h[:, 6]) + 0.1)
        gamma = torch.distributions.Gamma(F.softplus(h[:, 7]) + 0.5, torch.tensor(1.0))
        dirichlet = torch.distributions.Dirichlet(F.softplus(h[:, :3]) + 0.5)
        kl = torch.distributions.kl_divergence(dirichlet, torch.distributions.Dirichlet(torch.ones(3)))
        pois = torch.distributions.Poisson(F.softplus(h[:, 1]) + 0.1).log_prob(counts)
        return (-(logp + 0.01 * entropy).mean() - st.log_prob(y).mean()
                - gamma.log_prob(counts + 0.5).mean() + kl.mean() - pois.mean())


def dists():
    torch.manual_seed(0)
    return Dists(), (torch.randn(5, 4), torch.rand(5, 2) * 0.9 + 0.05, torch.randn(5),
                     torch.tensor([0., 2., 1., 5., 3.]))


MODELS = ["mamba", "ssd", "elman", "switch", "electra", "dpo", "megatron_gelu", "prefix", "mod",
          "maml", "deq", "segnet", "resize", "repvgg", "poolformer", "maxvit", "losses2",
          "evidential", "sinkhorn", "bayes", "pna", "rvq", "siglip", "cfg", "dists", "llama_meta",
          "complex_zoo", "fnet", "gfnet", "logmel"]


# -- Meta's LLaMA reference code: rotary embeddings through complex numbers ----
def precompute_freqs_cis(dim: int, end: int, theta: float = 10000.0):
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
    t = torch.arange(end, device=freqs.device)  # type: ignore
    freqs = torch.outer(t, freqs).float()  # type: ignore
    freqs_cis = torch.polar(torch.ones_like(freqs), freqs)  # complex64
    return freqs_cis


def reshape_for_broadcast(freqs_cis: torch.Tensor, x: torch.Tensor):
    ndim = x.ndim
    assert 0 <= 1 < ndim
    assert freqs_cis.shape == (x.shape[1], x.shape[-1])
    shape = [d if i == 1 or i == ndim - 1 else 1 for i, d in enumerate(x.shape)]
    return freqs_cis.view(*shape)


def apply_rotary_emb(xq, xk, freqs_cis):
    xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))
    xk_ = torch.view_as_complex(xk.float().reshape(*xk.shape[:-1], -1, 2))
    freqs_cis = reshape_for_broadcast(freqs_cis, xq_)
    xq_out = torch.view_as_real(xq_ * freqs_cis).flatten(3)
    xk_out = torch.view_as_real(xk_ * freqs_cis).flatten(3)
    return xq_out.type_as(xq), xk_out.type_as(xk)


def repeat_kv_meta(x: torch.Tensor, n_rep: int) -> torch.Tensor:
    bs, slen, n_kv_heads, head_dim = x.shape
    if n_rep == 1:
        return x
    return (x[:, :, :, None, :].expand(bs, slen, n_kv_heads, n_rep, head_dim)
            .reshape(bs, slen, n_kv_heads * n_rep, head_dim))


class MetaRMSNorm(torch.nn.Module):
    def __init__(self, dim: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def _norm(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)

    def forward(self, x):
        output = self._norm(x.float()).type_as(x)
        return output * self.weight


class MetaAttention(nn.Module):
    def __init__(self, dim, n_heads, n_kv_heads):
        super().__init__()
        self.n_local_heads, self.n_local_kv_heads = n_heads, n_kv_heads
        self.n_rep = n_heads // n_kv_heads
        self.head_dim = dim // n_heads
        self.wq = nn.Linear(dim, n_heads * self.head_dim, bias=False)
        self.wk = nn.Linear(dim, n_kv_heads * self.head_dim, bias=False)
        self.wv = nn.Linear(dim, n_kv_heads * self.head_dim, bias=False)
        self.wo = nn.Linear(n_heads * self.head_dim, dim, bias=False)

    def forward(self, x, start_pos, freqs_cis, mask):
        bsz, seqlen, _ = x.shape
        xq, xk, xv = self.wq(x), self.wk(x), self.wv(x)
        xq = xq.view(bsz, seqlen, self.n_local_heads, self.head_dim)
        xk = xk.view(bsz, seqlen, self.n_local_kv_heads, self.head_dim)
        xv = xv.view(bsz, seqlen, self.n_local_kv_heads, self.head_dim)
        xq, xk = apply_rotary_emb(xq, xk, freqs_cis=freqs_cis)
        keys = repeat_kv_meta(xk, self.n_rep)
        values = repeat_kv_meta(xv, self.n_rep)
        xq = xq.transpose(1, 2)
        keys = keys.transpose(1, 2)
        values = values.transpose(1, 2)
        scores = torch.matmul(xq, keys.transpose(2, 3)) / math.sqrt(self.head_dim)
        if mask is not None:
            scores = scores + mask
        scores = F.softmax(scores.float(), dim=-1).type_as(xq)
        output = torch.matmul(scores, values)
        output = output.transpose(1, 2).contiguous().view(bsz, seqlen, -1)
        return self.wo(output)


class MetaFeedForward(nn.Module):
    def __init__(self, dim, hidden_dim, multiple_of, ffn_dim_multiplier=None):
        super().__init__()
        hidden_dim = int(2 * hidden_dim / 3)
        if ffn_dim_multiplier is not None:
            hidden_dim = int(ffn_dim_multiplier * hidden_dim)
        hidden_dim = multiple_of * ((hidden_dim + multiple_of - 1) // multiple_of)
        self.w1 = nn.Linear(dim, hidden_dim, bias=False)
        self.w2 = nn.Linear(hidden_dim, dim, bias=False)
        self.w3 = nn.Linear(dim, hidden_dim, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class MetaBlock(nn.Module):
    def __init__(self, dim, n_heads, n_kv_heads):
        super().__init__()
        self.attention = MetaAttention(dim, n_heads, n_kv_heads)
        self.feed_forward = MetaFeedForward(dim, 4 * dim, multiple_of=8)
        self.attention_norm = MetaRMSNorm(dim)
        self.ffn_norm = MetaRMSNorm(dim)

    def forward(self, x, start_pos, freqs_cis, mask):
        h = x + self.attention(self.attention_norm(x), start_pos, freqs_cis, mask)
        return h + self.feed_forward(self.ffn_norm(h))


class MetaLlama(nn.Module):
    """Meta's llama/model.py (Llama 2) for training: freqs_cis a plain
    complex attribute moved in forward, the causal mask by torch.full /
    triu / hstack, logits in float, then cross-entropy."""
    def __init__(self, vocab=19, dim=16, n_layers=2, n_heads=4, n_kv_heads=2, max_seq_len=8):
        super().__init__()
        self.tok_embeddings = nn.Embedding(vocab, dim)
        self.layers = torch.nn.ModuleList([MetaBlock(dim, n_heads, n_kv_heads) for _ in range(n_layers)])
        self.norm = MetaRMSNorm(dim)
        self.output = nn.Linear(dim, vocab, bias=False)
        self.freqs_cis = precompute_freqs_cis(dim // n_heads, max_seq_len * 2)

    def forward(self, tokens, targets, start_pos=0):
        _bsz, seqlen = tokens.shape
        h = self.tok_embeddings(tokens)
        self.freqs_cis = self.freqs_cis.to(h.device)
        freqs_cis = self.freqs_cis[start_pos: start_pos + seqlen]
        mask = None
        if seqlen > 1:
            mask = torch.full((seqlen, seqlen), float("-inf"), device=tokens.device)
            mask = torch.triu(mask, diagonal=1)
            mask = torch.hstack([torch.zeros((seqlen, start_pos), device=tokens.device), mask]).type_as(h)
        for layer in self.layers:
            h = layer(h, start_pos, freqs_cis, mask)
        h = self.norm(h)
        output = self.output(h).float()
        return F.cross_entropy(output.view(-1, output.size(-1)), targets.view(-1), ignore_index=-1)


def llama_meta():
    torch.manual_seed(0)
    return MetaLlama(), (torch.randint(0, 19, (2, 8)), torch.randint(0, 19, (2, 8)))


class ComplexZoo(nn.Module):
    """Complex arithmetic beyond RoPE: a buffer of unit phases, polar in
    forward, conj, add / sub of complex values, scaling by a real tensor,
    cat and slices of complex tensors, back to real by view_as_real."""
    def __init__(s, d=8):
        super().__init__()
        s.lin = nn.Linear(d, d)
        s.register_buffer("phase", torch.polar(torch.ones(d // 2), torch.linspace(0, 3, d // 2)))

    def forward(s, x):
        z = torch.view_as_complex(s.lin(x).reshape(*x.shape[:-1], -1, 2))
        rot = torch.polar(torch.full((z.shape[-1],), 0.5), torch.arange(z.shape[-1]).float())
        w = z * s.phase + z.conj() * rot - 0.5 * z
        w = torch.cat([w[:, :2] * torch.tensor([2.0, 3.0]), w[:, 2:].conj()], dim=1)
        w = w.unsqueeze(1).expand(-1, 2, -1)
        return torch.view_as_real(w).flatten(1).pow(2).sum()


def complex_zoo():
    torch.manual_seed(0)
    return ComplexZoo(), (torch.randn(3, 8),)


# -- FFTs: token mixing, global filters, spectrogram front ends ---------------
class FNetBasicFourierTransform(nn.Module):
    def forward(self, hidden_states):
        return torch.fft.fftn(hidden_states, dim=(1, 2)).real


class FNetLayer(nn.Module):
    """Hugging Face's FNet layer: Fourier mixing over (tokens, hidden) with
    fftn's real part, post-LN residuals, a GELU feed-forward."""
    def __init__(s, d=8):
        super().__init__()
        s.fourier = FNetBasicFourierTransform()
        s.mixing_ln = nn.LayerNorm(d)
        s.ff = nn.Sequential(nn.Linear(d, 16), nn.GELU(), nn.Linear(16, d))
        s.out_ln = nn.LayerNorm(d)

    def forward(s, x):
        x = s.mixing_ln(s.fourier(x) + x)
        return s.out_ln(s.ff(x) + x)


class FNet(nn.Module):
    def __init__(s, vocab=13, d=8):
        super().__init__()
        s.emb = nn.Embedding(vocab, d)
        s.pos = nn.Parameter(torch.randn(1, 6, d) * 0.02)
        s.layers = nn.Sequential(FNetLayer(d), FNetLayer(d))
        s.head = nn.Linear(d, 2)

    def forward(s, ids, y):
        h = s.layers(s.emb(ids) + s.pos)
        return F.cross_entropy(s.head(h[:, 0]), y)


def fnet():
    torch.manual_seed(0)
    return FNet(), (torch.randint(0, 13, (3, 6)), torch.tensor([0, 1, 1]))


class GlobalFilter(nn.Module):
    """GFNet's global filter layer as written: rfft2 over the token grid
    (norm="ortho"), a learnable complex weight kept as a real parameter
    and view_as_complex'ed, irfft2 back to the grid's size."""
    def __init__(s, dim=6, h=4, w=3):
        super().__init__()
        s.complex_weight = nn.Parameter(torch.randn(h, w, dim, 2, dtype=torch.float32) * 0.02)
        s.w, s.h = w, h

    def forward(s, x, spatial_size=None):
        B, N, C = x.shape
        a = b = int(math.sqrt(N))
        x = x.view(B, a, b, C).to(torch.float32)
        x = torch.fft.rfft2(x, dim=(1, 2), norm="ortho")
        weight = torch.view_as_complex(s.complex_weight)
        x = x * weight
        x = torch.fft.irfft2(x, s=(a, b), dim=(1, 2), norm="ortho")
        return x.reshape(B, N, C)


class GFNet(nn.Module):
    def __init__(s, dim=6):
        super().__init__()
        s.patch = nn.Conv2d(3, dim, 4, stride=4)
        s.norm1, s.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        s.filter = GlobalFilter(dim)
        s.mlp = nn.Sequential(nn.Linear(dim, 12), nn.GELU(), nn.Linear(12, dim))
        s.head = nn.Linear(dim, 3)

    def forward(s, img, y):
        x = s.patch(img).flatten(2).transpose(1, 2)
        x = x + s.mlp(s.norm2(s.filter(s.norm1(x))))
        return F.cross_entropy(s.head(x.mean(1)), y)


def gfnet():
    torch.manual_seed(0)
    return GFNet(), (torch.randn(2, 3, 16, 16), torch.tensor([2, 0]))


class LogMel(nn.Module):
    """An ASR front end inside the model (torchaudio's MelSpectrogram
    written out): pre-emphasis, a reflect-padded torch.stft with a Hann
    window, power, a mel filterbank, log; SpecAugment-free; a conv encoder."""
    def __init__(s, n_fft=32, hop=8, mels=8):
        super().__init__()
        s.n_fft, s.hop = n_fft, hop
        s.register_buffer("window", torch.hann_window(n_fft))
        s.register_buffer("mel_fb", torch.rand(n_fft // 2 + 1, mels))
        s.preemph = nn.Parameter(torch.tensor(0.97))
        s.enc = nn.Sequential(nn.Conv1d(mels, 12, 3, padding=1), nn.GELU(), nn.Conv1d(12, 12, 3, stride=2))
        s.head = nn.Linear(12, 5)

    def forward(s, wav, y):
        wav = torch.cat([wav[:, :1], wav[:, 1:] - s.preemph * wav[:, :-1]], dim=1)
        spec = torch.stft(wav, s.n_fft, hop_length=s.hop, window=s.window, center=True,
                          pad_mode="reflect", return_complex=True)
        power = spec.abs().pow(2)
        mel = torch.matmul(power.transpose(-1, -2), s.mel_fb).transpose(-1, -2)
        logmel = torch.log(torch.clamp(mel, min=1e-10))
        h = s.enc(logmel).mean(-1)
        return F.cross_entropy(s.head(h), y)


def logmel():
    torch.manual_seed(0)
    return LogMel(), (torch.randn(2, 128), torch.tensor([1, 4]))


# -- lgamma, digamma, polygamma over their domain ------------------------------
class Special(nn.Module):
    def __init__(s):
        super().__init__()
        s.w = nn.Parameter(torch.ones(1))

    def forward(s, x):
        y = x * s.w
        return (torch.lgamma(y), torch.digamma(y), torch.polygamma(1, y), torch.polygamma(2, y),
                torch.special.polygamma(3, y))


def special():
    """Tiny, moderate, huge and negative arguments, 0 (a pole: inf / -inf).
    Not the negative integers: there PyTorch's polygamma returns a large
    finite value from its Hurwitz zeta, remat +-inf."""
    xs = [1e-6, 1e-3, 0.1, 0.3, 0.5, 0.7, 1.0, 1.5, 2.0, 2.5, 3.7, 7.9, 8.0, 8.1, 12.5, 100.3,
          1e4 + 0.3, 1e7, 3e30, -0.1, -0.5, -0.9, -1.5, -2.3, -7.7, -20.25, -1e4 - 0.3, 0.0]
    return Special(), (torch.tensor(xs),)


class Polygamma7(nn.Module):
    def __init__(s):
        super().__init__()
        s.l = nn.Linear(3, 3)

    def forward(s, x):
        return torch.polygamma(7, F.softplus(s.l(x)) + 1).sum()


def polygamma7():
    torch.manual_seed(0)
    return Polygamma7(), (torch.randn(2, 3),)


class ComplexPlusOne(nn.Module):
    """z + 1 adds to the real part only: refused, not lowered as a real add."""
    def __init__(s):
        super().__init__()
        s.l = nn.Linear(4, 4)

    def forward(s, x):
        z = torch.view_as_complex(s.l(x).reshape(-1, 2, 2))
        return torch.view_as_real(z + 1).sum()


def complex_plus_one():
    torch.manual_seed(0)
    return ComplexPlusOne(), (torch.randn(3, 4),)


class ComplexDiv(nn.Module):
    def __init__(s):
        super().__init__()
        s.l = nn.Linear(4, 4)

    def forward(s, x):
        z = torch.view_as_complex(s.l(x).reshape(-1, 2, 2))
        return torch.view_as_real(z / (z.conj() + z)).sum()


def complex_div():
    torch.manual_seed(0)
    return ComplexDiv(), (torch.randn(3, 4),)


class ComplexParam(nn.Module):
    """FNO's spectral weights as written there: an nn.Parameter of dtype
    cfloat, whose gradient is a complex result (view_as_real)."""
    def __init__(s):
        super().__init__()
        s.w = nn.Parameter(torch.rand(4, dtype=torch.cfloat))

    def forward(s, x):
        return torch.view_as_real(torch.fft.fft(x) * s.w).sum()


def complex_param():
    torch.manual_seed(0)
    return ComplexParam(), (torch.randn(3, 4),)


class IrfftN(nn.Module):
    """irfft with n above and below 2 (k - 1): PyTorch pads the half
    spectrum with zeros (constant_pad_nd of a complex tensor) or cuts it."""
    def __init__(s):
        super().__init__()
        s.l = nn.Linear(6, 6)

    def forward(s, y):
        h = s.l(y)
        z = torch.view_as_complex(torch.stack([h[:, :3], h[:, 3:]], -1))
        return (torch.fft.irfft(z, n=10, dim=1) ** 2).sum() + (torch.fft.irfft(z, n=3, dim=1) ** 2).sum()


def irfft_n():
    torch.manual_seed(0)
    return IrfftN(), (torch.randn(4, 6),)
