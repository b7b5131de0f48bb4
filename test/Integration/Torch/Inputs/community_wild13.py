"""A thirteenth set of models (session 37, 2026-12-06), written by a tester
who had not seen the code: the forms that gave wrong gradients silently or
were refused.

- revnet: RevNet's / Reformer's reversible blocks: an autograd.Function
  whose backward recomputes each half under enable_grad and calls
  torch.autograd.backward, so the blocks' parameter gradients land in .grad
  as a side effect (the importer's torch.autograd.grad did not see them:
  zeros, silently).
- revnet_tensor_backward: the same written with `y.backward(dy)`, the
  parameters of f also used outside the Function (both parts add up).
- param_hook: per-parameter gradient clipping, `p.register_hook(lambda g:
  g.clamp(-c, c))` (some RL and GAN code): ignored, the unhooked gradient.
- hook_chain: two hooks on one parameter (a scale, then a hook that only
  records and returns None) on a weight read twice.
- moco_noptr: MoCo's queue with `self.queue_ptr[0] = ptr` on a (1,) buffer:
  the select of a size-1 dim was not recorded as a slice, and the write was
  refused as "a write into a view of another tensor".
- size1_write: that write alone, into a float (1,) buffer and a (1, 3) one.
- refused_ops: ops that were refused (nn.Threshold, addmv, addbmm, block_diag,
  bucketize, triu_indices / tril_indices, index_copy; a second tester's
  logaddexp, sinc, linalg.cross, rrelu in eval), traced as others.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ReversibleFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, f, g, *params):
        ctx.f, ctx.g = f, g
        x1, x2 = torch.chunk(x, 2, dim=-1)
        with torch.no_grad():
            y1 = x1 + f(x2)
            y2 = x2 + g(y1)
        out = torch.cat([y1, y2], dim=-1)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, dy):
        f, g = ctx.f, ctx.g
        y, = ctx.saved_tensors
        y1, y2 = torch.chunk(y, 2, dim=-1)
        dy1, dy2 = torch.chunk(dy, 2, dim=-1)
        with torch.enable_grad():
            y1 = y1.detach().requires_grad_(True)
            gy1 = g(y1)
            torch.autograd.backward(gy1, dy2)
        with torch.no_grad():
            x2 = y2 - gy1
            dx1 = dy1 + y1.grad
        with torch.enable_grad():
            x2 = x2.detach().requires_grad_(True)
            fx2 = f(x2)
            torch.autograd.backward(fx2, dx1)
        with torch.no_grad():
            dx2 = dy2 + x2.grad
        return (torch.cat([dx1, dx2], dim=-1), None, None) + (None,) * len(ctx.needs_input_grad[3:])


class RevBlock(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.f = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, d), nn.GELU())
        self.g = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, d), nn.GELU())

    def forward(self, x):
        return ReversibleFunction.apply(x, self.f, self.g, *self.parameters())


class RevNet(nn.Module):
    def __init__(self, d=8, n=3):
        super().__init__()
        self.inp = nn.Linear(4, 2 * d)
        self.blocks = nn.ModuleList([RevBlock(d) for _ in range(n)])
        self.out = nn.Linear(2 * d, 1)

    def forward(self, x, y):
        h = self.inp(x)
        for b in self.blocks:
            h = b(h)
        return F.mse_loss(self.out(h).squeeze(-1), y)


def revnet():
    torch.manual_seed(0)
    return RevNet(), (torch.randn(3, 4), torch.randn(3))


class Recompute(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, f):
        ctx.f = f
        ctx.save_for_backward(x)
        with torch.no_grad():
            return f(x)

    @staticmethod
    def backward(ctx, dy):
        x, = ctx.saved_tensors
        with torch.enable_grad():
            x = x.detach().requires_grad_(True)
            y = ctx.f(x)
            y.backward(dy)
        return x.grad, None


class Shared(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre = nn.Linear(3, 5)
        self.f = nn.Linear(5, 5)

    def forward(self, x):
        h = self.pre(x)
        # f is also applied outside the Function: autograd.grad's part and
        # the backward's own accumulation add up in f.weight.grad
        return (Recompute.apply(h, self.f).pow(2).sum() + self.f(h).tanh().sum()) / 4


def revnet_tensor_backward():
    torch.manual_seed(0)
    return Shared(), (torch.randn(2, 3),)


class ParamHook(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(6, 8)
        self.l2 = nn.Linear(8, 3)
        for p in self.l1.parameters():
            p.register_hook(lambda g: g.clamp(-0.01, 0.01))

    def forward(self, x, y):
        return F.cross_entropy(self.l2(torch.tanh(self.l1(x))), y)


def param_hook():
    torch.manual_seed(0)
    return ParamHook(), (torch.randn(4, 6), torch.tensor([0, 1, 2, 1]))


class HookChain(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(4, 4) * 0.3)
        self.norms = []
        self.w.register_hook(lambda g: g * 0.25)
        self.w.register_hook(lambda g: self.norms.append(g.norm()))  # returns None

    def forward(self, x):
        return (torch.relu(x @ self.w) @ self.w).square().mean()


def hook_chain():
    torch.manual_seed(0)
    return HookChain(), (torch.randn(3, 4),)


class MoCo(nn.Module):
    """He et al.'s MoCo, its official single-GPU form, the pointer kept at
    0 (the official `int(self.queue_ptr)` is a value read the trace cannot
    follow: refused with its line)."""

    def __init__(self, dim=8, K=12, m=0.999, T=0.07):
        super().__init__()
        self.K, self.m, self.T = K, m, T

        def enc():
            return nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, dim))
        self.encoder_q = enc()
        self.encoder_k = enc()
        for param_q, param_k in zip(self.encoder_q.parameters(), self.encoder_k.parameters()):
            param_k.data.copy_(param_q.data)
            param_k.requires_grad = False
        self.register_buffer("queue", torch.randn(dim, K))
        self.queue = nn.functional.normalize(self.queue, dim=0)
        self.register_buffer("queue_ptr", torch.zeros(1, dtype=torch.long))

    @torch.no_grad()
    def _momentum_update_key_encoder(self):
        for param_q, param_k in zip(self.encoder_q.parameters(), self.encoder_k.parameters()):
            param_k.data = param_k.data * self.m + param_q.data * (1. - self.m)

    @torch.no_grad()
    def _dequeue_and_enqueue(self, keys):
        batch_size = keys.shape[0]
        ptr = 0
        assert self.K % batch_size == 0
        self.queue[:, ptr:ptr + batch_size] = keys.T
        ptr = (ptr + batch_size) % self.K
        self.queue_ptr[0] = ptr

    def forward(self, im_q, im_k):
        q = nn.functional.normalize(self.encoder_q(im_q), dim=1)
        with torch.no_grad():
            self._momentum_update_key_encoder()
            k = nn.functional.normalize(self.encoder_k(im_k), dim=1)
        l_pos = torch.einsum('nc,nc->n', [q, k]).unsqueeze(-1)
        l_neg = torch.einsum('nc,ck->nk', [q, self.queue.clone().detach()])
        logits = torch.cat([l_pos, l_neg], dim=1)
        logits /= self.T
        labels = torch.zeros(logits.shape[0], dtype=torch.long)
        self._dequeue_and_enqueue(k)
        return F.cross_entropy(logits, labels)


def moco_noptr():
    torch.manual_seed(0)
    return MoCo(), (torch.randn(4, 10), torch.randn(4, 10))


class Size1Write(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 3)
        self.register_buffer("seen", torch.zeros(1))
        self.register_buffer("last", torch.zeros(1, 3))

    def forward(self, x):
        y = self.lin(x)
        self.seen[0] = 2.5
        self.last[0] = y.detach().mean(0)
        return y.square().sum() * self.seen[0]


def size1_write():
    torch.manual_seed(0)
    return Size1Write(), (torch.randn(2, 4),)


class Ops(nn.Module):
    """Ops the tester found refused, as models call them: nn.Threshold,
    torch.addmv and addbmm (with beta and alpha), block_diag of a vector
    and matrices, bucketize of a detached activation (both sides), triu and
    tril indices with offsets, index_copy along dims 0 and 1."""

    def __init__(self, fused=True):
        super().__init__()
        self.fused = fused
        self.l = nn.Linear(4, 4)
        self.act = nn.Threshold(0.1, -1.0)
        self.register_buffer("edges", torch.tensor([-0.5, 0.0, 0.5]))

    def forward(self, x):
        h = self.l(x)
        out = self.act(h).sum()
        if self.fused:  # (importer-only forms: products and sums in one kernel, ...)
            out = out + torch.logaddexp(h, h.flip(0) * 2).sum()
            out = out + torch.logaddexp(h, torch.full_like(h, float("-inf"))).mean()
            out = out + torch.sinc(h * torch.tensor([0., 1, 1, 1])).pow(2).sum()
            out = out + torch.linalg.cross(h[:, :3], h[:, 1:]).pow(2).sum()
            out = out + torch.linalg.cross(h[:3], h[1:], dim=0).exp().mean()
            out = out + F.rrelu(h, 0.1, 0.3, training=False).square().sum()
            out = out + torch.addmv(h[0], h, h[1], beta=0.5, alpha=2.0).sum()
            out = out + torch.addbmm(h, h.view(2, 4, 2), h.view(2, 2, 4)).square().mean()
            out = out + torch.addbmm(h, h.view(1, 4, 4), h.view(1, 4, 4), beta=0.0,
                                     alpha=0.5).sum()
        out = out + torch.block_diag(h[0], h[1:3, :3], h[3, 1]).pow(2).sum()
        out = out + (h * torch.bucketize(h.detach(), self.edges)).sum()
        out = out + (h * torch.bucketize(h.detach(), self.edges, right=True, out_int32=True)).sum()
        i = torch.triu_indices(4, 3, -1)
        out = out + h[i[0], i[1]].square().sum() + h[torch.tril_indices(3, 4, 1).unbind(0)].sum()
        out = out + h.index_copy(0, torch.tensor([3, 0]), h[1:3] * 2).sum()
        return out + h.index_copy(1, torch.tensor([2, 0]), h[:, 1:3].exp()).square().sum()


def refused_ops():
    torch.manual_seed(0)
    return Ops(), (torch.randn(4, 4),)


def refused_ops_exact():  # (no addmv, addbmm)
    torch.manual_seed(0)
    return Ops(fused=False), (torch.randn(4, 4),)


MODELS = ["revnet", "revnet_tensor_backward", "param_hook", "hook_chain", "moco_noptr",
          "size1_write", "refused_ops", "refused_ops_exact"]
