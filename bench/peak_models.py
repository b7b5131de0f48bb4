"""Models of the default-policy table (make bench, section `default`),
written the way their communities write them, at toy sizes."""
import torch, torch.nn as nn, torchvision

def resnet():
    torch.manual_seed(0)
    m = torchvision.models.resnet18(num_classes=10)
    x = torch.randn(2, 3, 64, 64); y = torch.randint(0, 10, (2,))
    class W(nn.Module):
        def __init__(s): super().__init__(); s.m = m
        def forward(s, x, y): return nn.functional.cross_entropy(s.m(x), y)
    return W(), (x, y)

def mlp1():
    torch.manual_seed(0)
    class M(nn.Module):
        def __init__(s): super().__init__(); s.fc = nn.Linear(64, 64)
        def forward(s, x): return torch.tanh(s.fc(x)).sum()
    return M(), (torch.randn(32, 64),)

def gru():
    torch.manual_seed(0)
    class G(nn.Module):
        def __init__(s, d=32, h=64):
            super().__init__(); s.cell = nn.GRUCell(d, h); s.out = nn.Linear(h, 8)
        def forward(s, xs, y):
            h = torch.zeros(xs.shape[1], 64)
            for t in range(xs.shape[0]):
                h = s.cell(xs[t], h)
            return nn.functional.mse_loss(s.out(h), y)
    return G(), (torch.randn(4, 16, 32), torch.randn(16, 8))

def einsum():
    torch.manual_seed(0)
    class E(nn.Module):
        def __init__(s):
            super().__init__(); s.w = nn.Parameter(torch.randn(32, 32) * 0.1); s.v = nn.Parameter(torch.randn(32, 32) * 0.1)
        def forward(s, x):
            a = torch.einsum("bij,jk->bik", x, s.w)
            b = torch.sin(a) * torch.exp(-a * a)
            c = torch.einsum("bik,kl->bil", b, s.v)
            d = torch.tanh(c) + b
            return (torch.einsum("bil,bjl->bij", d, d)).pow(2).mean()
    return E(), (torch.randn(4, 16, 32),)
