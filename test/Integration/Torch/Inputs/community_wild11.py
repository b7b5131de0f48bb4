"""An eleventh set of models (session 30, 2026-12-05), written by testers
who had not seen the code: the forms that found defects.

- EnCodec/SoundStream's SConv1d pads by (0, 0) with mode="reflect" before a
  1x1 conv: the backward of a zero-width reflection or replication pad
  was written as `arith.select None, ...` (invalid IR).
- A write into a slice of a Linear's 3-D output (`h = proj(x); h[:, 0] +=
  cls`: on both PyTorch versions h is a view of addmm's 2-D result), and
  into a slice of a flat view of it (`h.view(-1)[3:5] = 0`, h read after),
  were refused as writes into views of another tensor.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SConv1d(nn.Module):
    """EnCodec's padded conv: reflect padding of (k - 1) * dilation split
    around the input, (0, 0) for a 1x1 conv."""
    def __init__(s, cin, cout, k, mode="reflect"):
        super().__init__()
        s.conv = nn.utils.weight_norm(nn.Conv1d(cin, cout, k)) if hasattr(nn.utils, "weight_norm") else nn.Conv1d(cin, cout, k)
        s.k, s.mode = k, mode

    def forward(s, x):
        total = s.k - 1
        return s.conv(F.pad(x, (total - total // 2, total // 2), mode=s.mode))


class EncodecBlock(nn.Module):
    def __init__(s, mode):
        super().__init__()
        s.a = SConv1d(4, 8, 3, mode)
        s.b = SConv1d(8, 4, 1, mode)   # pads by (0, 0)
        s.c = SConv1d(4, 4, 1, mode)

    def forward(s, x):
        return (x + s.b(F.elu(s.a(F.elu(x))))).pow(2).mean() + s.c(x).sum()


def encodec_reflect():
    torch.manual_seed(0)
    return EncodecBlock("reflect"), (torch.randn(2, 4, 16),)


def encodec_replicate():
    torch.manual_seed(0)
    return EncodecBlock("replicate"), (torch.randn(2, 4, 16),)


class Pad2dZero(nn.Module):
    def __init__(s):
        super().__init__()
        s.a = nn.Conv2d(2, 2, 1)

    def forward(s, x):
        return F.pad(s.a(x), (0, 0, 0, 0), mode="reflect").pow(2).sum()


def pad2d_zero():
    torch.manual_seed(0)
    return Pad2dZero(), (torch.randn(1, 2, 4, 5),)


class ClsWrite(nn.Module):
    """A token written into a Linear's 3-D output in place."""
    def __init__(s):
        super().__init__()
        s.proj = nn.Linear(6, 8)
        s.cls = nn.Parameter(torch.randn(8))
        s.head = nn.Linear(8, 3)

    def forward(s, x):
        h = s.proj(x)
        h[:, 0] += s.cls
        h[:, 1:3] *= 2.0
        h[1, :, 4:] = 0.5
        return s.head(F.gelu(h)).logsumexp(-1).mean()


def cls_write():
    torch.manual_seed(0)
    return ClsWrite(), (torch.randn(2, 5, 6),)


class FlatWrite(nn.Module):
    """A slice of a flat view of a Linear's 3-D output zeroed, the output
    read afterwards through its own view."""
    def __init__(s):
        super().__init__()
        s.proj = nn.Linear(4, 4)

    def forward(s, x):
        h = s.proj(x)
        y = h.view(-1)
        y[3:5] = 0
        return (h.sin() * x).sum()


def flat_write():
    torch.manual_seed(0)
    return FlatWrite(), (torch.randn(2, 3, 4),)


class StaleView(nn.Module):
    """A view taken before the write and read after it: still refused
    (it would need aliasing), with the same one-line error."""
    def __init__(s):
        super().__init__()
        s.proj = nn.Linear(4, 4)

    def forward(s, x):
        h = s.proj(x)
        g = h[:, 2]
        h[:, 0] += 1.0
        return (g * h[:, 0]).sum()


def stale_view():
    torch.manual_seed(0)
    return StaleView(), (torch.randn(2, 3, 4),)


MODELS = ["encodec_reflect", "encodec_replicate", "pad2d_zero", "cls_write", "flat_write"]


class LengthRegulator(nn.Module):
    """FastSpeech2's length regulator written with repeat_interleave by the
    durations (an input): the output's length is this trace's sum of them,
    fixed in the graph, which the import now says."""
    def __init__(s):
        super().__init__()
        s.enc, s.dec = nn.Linear(8, 8), nn.Linear(8, 4)

    def forward(s, x, dur):
        h = s.enc(x)
        outs = [torch.repeat_interleave(h[b], dur[b], dim=0) for b in range(h.size(0))]
        return s.dec(nn.utils.rnn.pad_sequence(outs, batch_first=True)).pow(2).mean()


def length_regulator():
    torch.manual_seed(0)
    return LengthRegulator(), (torch.randn(2, 5, 8), torch.tensor([[1, 2, 3, 0, 2], [3, 3, 1, 1, 0]]))


class ComplexBuffer(nn.Module):
    """A complex buffer (torchtitan's freqs_cis): --dtype bf16 cast it to a
    real bf16 tensor (model.to(dtype) drops the imaginary part), and the
    step computed something else, silently. Floating tensors only now."""
    def __init__(s):
        super().__init__()
        s.w = nn.Linear(4, 4, bias=False)
        s.register_buffer("rot", torch.polar(torch.ones(2), torch.tensor([0.5, 1.0])))

    def forward(s, x):
        z = torch.view_as_complex(s.w(x).float().reshape(-1, 2, 2))
        return torch.view_as_real(z * s.rot)[..., 0].sum()


def complex_buffer():
    torch.manual_seed(0)
    return ComplexBuffer(), (torch.randn(3, 4),)


class CatMixed(nn.Module):
    """A ViT under CPU bf16 autocast: the f32 cls token concatenated with
    bf16 patches (PyTorch promotes to f32); tensor.concat of mixed element
    types was invalid IR. And a stack of f32 with bf16."""
    def __init__(s):
        super().__init__()
        s.patch, s.cls = nn.Conv2d(3, 8, 4, 4), nn.Parameter(torch.randn(1, 1, 8))
        s.head, s.b = nn.Linear(8, 3), nn.Linear(8, 8).bfloat16()

    def forward(s, x):
        with torch.autocast("cpu", dtype=torch.bfloat16):
            p = s.patch(x).flatten(2).transpose(1, 2)
            h = torch.cat([s.cls.expand(x.shape[0], -1, -1), p], dim=1)
            out = s.head(h[:, 0]).float().pow(2).mean()
        c = h[:, 0].float()
        return out + torch.stack([c, s.b(c.bfloat16())]).pow(2).mean()


def cat_mixed():
    torch.manual_seed(0)
    return CatMixed(), (torch.randn(2, 3, 8, 8),)
