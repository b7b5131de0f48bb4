"""A twelfth set of models (session 31, 2026-12-05): forms found refused
or broken by testers who had not seen the code, and the known items of
session 30's note.

- Sizes halved with torch.div on Python ints (`torch.div(h, 2,
  rounding_mode="trunc")`, older Hugging Face code): PyTorch returns a 0-d
  tensor, which slicing reads. 1.13's trace failed on the read, 2.x gave
  "an elementwise op on scalars only is not supported"; --fake lost the
  value (1.13: a size-0 slice).
- F.hardswish's gradient at exactly +-3 (MobileNetV3 inputs after a
  ReLU6-quantized layer hit the kinks): remat took the middle formula at
  +3 where PyTorch gives the gradient, and at -3 where 2.x gives 0.
- A select of a zero-size batch (`lin(x)[:, 0]` for x of 0 rows) wrote a
  tensor.extract_slice that does not verify (offset 0 of a 0-size dim).
- Outputs returned beside several scalars that no parameter reaches
  (`x.sum()` as a metric) failed with PyTorch's "element 2 of tensors does
  not require grad": their cotangents stay unread now.
- A complex tensor times a complex Python number (`z * 1j`, `w / (2 -
  1j)`, a real Linear's output times `0.5 + 0.25j`) was an internal error
  (float() of a complex); 2.x only: 1.13's own trace cannot differentiate
  it (its error now says so).
- Swin's pooler, AdaptiveAvgPool1d(1) of a transposed output: PyTorch
  restrides the mean in place (as_strided_), refused as an in-place write.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class HalfSplit(nn.Module):
    """GLU-style split at a size computed with torch.div, and a scale made
    with torch.true_divide of two ints multiplied into the activation."""
    def __init__(s):
        super().__init__()
        s.l = nn.Linear(8, 8)

    def forward(s, x):
        h = x.size(-1)
        half = torch.div(h, 2, rounding_mode="trunc")
        y = s.l(x)
        scale = torch.true_divide(1, torch.floor_divide(h, 4))
        return (y[:, :half] * torch.sigmoid(y[:, half:]) * scale).pow(2).sum()


def half_split():
    torch.manual_seed(0)
    return HalfSplit(), (torch.randn(4, 8),)


class HardSwish(nn.Module):
    def __init__(s):
        super().__init__()
        s.w = nn.Parameter(torch.ones(16))

    def forward(s, x):
        return F.hardswish(x * s.w).sum()


def hardswish_kinks():
    # 16 elements: all in the vector body of 1.13's kernel (8 or 16 lanes)
    return HardSwish(), (torch.tensor([-4., -3., -2.5, -1., 0., 1., 2.5, 3.] * 2),)


class EmptySelect(nn.Module):
    def __init__(s):
        super().__init__()
        s.l = nn.Linear(3, 3)

    def forward(s, x):
        return s.l(x)[:, 0].sum() + s.l.weight.sum()


def empty_select():
    torch.manual_seed(0)
    return EmptySelect(), (torch.randn(0, 3),)


class Metrics(nn.Module):
    def __init__(s):
        super().__init__()
        s.l = nn.Linear(3, 3)

    def forward(s, x):
        return s.l(x), s.l(x).sum(), x.sum()


def metrics():
    torch.manual_seed(0)
    return Metrics(), (torch.randn(2, 3),)


class ComplexScalars(nn.Module):
    def __init__(s):
        super().__init__()
        s.fc, s.g = nn.Linear(6, 6), nn.Linear(3, 3)

    def forward(s, x):
        z = torch.view_as_complex(s.fc(x).view(4, 3, 2))
        w = (z * 1j) / (2 - 1j) + (1 + 2j) * z
        r = s.g(x[:, :3]) * (0.5 + 0.25j)
        return torch.view_as_real(w).pow(2).sum() + torch.view_as_real(r).pow(2).sum()


def complex_scalars():
    torch.manual_seed(0)
    return ComplexScalars(), (torch.randn(4, 6),)


class Kwargs(nn.Module):
    """Called with keyword arguments, as Hugging Face models are."""
    def __init__(s):
        super().__init__()
        s.emb, s.head = nn.Embedding(10, 8), nn.Linear(8, 10)

    def forward(s, input_ids=None, labels=None):
        return F.cross_entropy(s.head(s.emb(input_ids)).flatten(0, 1), labels.flatten())


def kwargs_dict():
    """A dict of example inputs is one positional argument (a batch): the
    error says how to pass keyword arguments."""
    x = torch.randint(0, 10, (2, 5))
    return Kwargs(), {"input_ids": x, "labels": x}


class SwinPooler(nn.Module):
    """Swin's (and Donut's) pooler: AdaptiveAvgPool1d(1) over a transposed
    (B, L, C) output; PyTorch restrides the mean in place (as_strided_ on
    its size-1 dim), which was refused as an in-place write with a view."""
    def __init__(s):
        super().__init__()
        s.lin, s.pool = nn.Linear(8, 8), nn.AdaptiveAvgPool1d(1)

    def forward(s, x):
        return s.pool(s.lin(x).transpose(1, 2)).flatten(1).pow(2).sum()


def swin_pooler():
    torch.manual_seed(0)
    return SwinPooler(), (torch.randn(2, 5, 8),)


class Predictions(nn.Module):
    """Logits returned with their predictions and a count of positives
    (session 32: "output 1 has dtype torch.int64, which has no gradient"):
    the integer outputs are results without a cotangent."""
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 4)

    def forward(self, x):
        logits = self.fc(x).tanh()
        return logits, logits.argmax(-1), (logits > 0).sum()


def predictions():
    torch.manual_seed(0)
    return Predictions(), (torch.randn(3, 6),)


MODELS = ["half_split", "hardswish_kinks", "empty_select", "metrics", "swin_pooler",
          "predictions"]
MODELS_2X = MODELS + ["complex_scalars"]  # (make check-torch2)


def ls_ignore():
    """Cross-entropy with both label_smoothing and ignore_index: PyTorch
    1.13 writes a real tensor into a fake one under --fake, and the error
    printed both tensors and named no fix (session 33)."""
    class Net(nn.Module):
        def __init__(s):
            super().__init__(); s.fc = nn.Linear(8, 10)

        def forward(s, x, y):
            return F.cross_entropy(s.fc(x), y, ignore_index=-100, label_smoothing=0.1)
    torch.manual_seed(0)
    return Net(), (torch.randn(4, 8), torch.tensor([1, 2, -100, 3]))


def mixed_dtype():
    """A sinusoidal timestep embedding made in f32 inside forward meets
    bf16 weights under --dtype bf16: the hint said "try --fake", which
    fails the same way (session 33)."""
    class Net(nn.Module):
        def __init__(s):
            super().__init__(); s.fc = nn.Linear(8, 8)

        def forward(s, t):
            freqs = torch.exp(-torch.arange(0, 4, dtype=torch.float32) / 4)
            args = t[:, None].float() * freqs[None]
            return s.fc(torch.cat([torch.cos(args), torch.sin(args)], dim=-1)).pow(2).mean()
    torch.manual_seed(0)
    return Net(), (torch.tensor([3, 7]),)


def gru2():
    """A 2-layer nn.GRU regressor (6 steps): its importer's destinations are
    shared, and remat-run's pipeline figure under policy=none, built on the
    unsplit IR, said 24,276 B where -remat-report and the measurement say
    24,532 B (session 33)."""
    class Net(nn.Module):
        def __init__(s):
            super().__init__(); s.gru = nn.GRU(8, 16, num_layers=2, batch_first=True)
            s.out = nn.Linear(16, 4)

        def forward(s, x, y):
            o, _ = s.gru(x)
            return F.mse_loss(s.out(o), y)
    torch.manual_seed(0)
    return Net(), (torch.randn(2, 6, 8), torch.randn(2, 6, 4))
