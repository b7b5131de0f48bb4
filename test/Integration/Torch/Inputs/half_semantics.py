"""Half-precision semantics (session 29, from a tester hunting for wrong
numbers in f16 and bf16): PyTorch converts a Python scalar to a half
tensor's dtype before add, sub, comparisons, pow, fmod and remainder (and,
on 1.x, before mul, div and floor_divide too; 2.x keeps those in float),
and converts f64 and wide integers to f16 and bf16 through float. Each
case must match PyTorch exactly; `compare.py FILE:@CASES`.

Found (fixed): bf16 x = 1000 gave x - 1000.3 = -0.30 (PyTorch: 0.0, as
1000.3 is 1000 in bf16) and x >= 1000.3 False; f64 -> bf16 failed in the
JIT (no __truncdfbf2); f64 -> f16 rounded once (1 + 2^-11 + 2^-40 is 1.0
through float).

Known, not matched: torch.add(x, y, alpha=a) on half tensors with a != 1
may differ in the last place (1.13 rounds alpha * y to the half type,
2.15 rounds alpha but not the product; remat computes x + alpha * y in
float)."""
import torch
import torch.nn as nn

VALUES = [1000.0, 255.0, 1.0, 0.1, -3.7, 2.5, -0.3, 7.0]


class M(nn.Module):
    def __init__(self, fn, dtype):
        super().__init__()
        self.p = nn.Parameter(torch.tensor(VALUES, dtype=torch.float32).to(dtype))
        self.fn = fn

    def forward(self, *xs):
        outs = self.fn(self.p, *xs)
        outs = outs if isinstance(outs, tuple) else (outs,)
        loss = sum((o.float() * (k + 1)).sum() for k, o in enumerate(outs))
        return (loss,) + outs


def _case(fn, dtype, *inputs):
    def make():
        return M(fn, dtype), tuple(inputs)
    return make


_ops = {
    "sub": lambda x: x - 1000.3,
    "add": lambda x: x + 0.001,
    "add_int": lambda x: x + 1001,
    "rsub": lambda x: 1000.3 - x,
    "ge": lambda x: torch.where(x >= 1000.3, x, -x),
    "eq": lambda x: torch.where(x == 255.4, x, x * 2),
    "mul": lambda x: x * 1.001,
    "div": lambda x: x / 1.003,
    "floor_divide": lambda x: x + torch.floor_divide(x.detach(), 0.3),
    "pow": lambda x: x.abs() ** 1.3,
    "fmod": lambda x: torch.fmod(x, 0.7),
    "remainder": lambda x: torch.remainder(x, 0.7),
}
CASES = []
# (1.13 has no f16 log on the CPU: bf16 only.)
rpow_bf16 = _case(lambda x: 1.3 ** (x / 300), torch.bfloat16)
CASES.append("rpow_bf16")
for _name, _fn in _ops.items():
    for _dtype, _tag in ((torch.bfloat16, "bf16"), (torch.float16, "f16")):
        globals()["%s_%s" % (_name, _tag)] = _case(_fn, _dtype)
        CASES.append("%s_%s" % (_name, _tag))


# f64 and int64 to half types, through float as c10 converts.
_F64 = torch.tensor([1 + 2 ** -8 + 2 ** -40, 1 + 2 ** -11 + 2 ** -40, 1 + 2 ** -8, 3.0e38, -1e-40,
                     65519.0, 0.1, -2.5], dtype=torch.float64)
_I64 = torch.tensor([2 ** 24 + 2 ** 16 + 1, 2 ** 11 + 1, 70000, -3, 2 ** 40 + 2 ** 32 + 1, 0, 1, 255])


def f64_to_bf16():
    return M(lambda p, d: (p + d.to(torch.bfloat16),), torch.bfloat16), (_F64,)


def f64_to_f16():
    return M(lambda p, d: (p.float() + d.to(torch.float16).float(),), torch.float32), (_F64,)


def i64_to_bf16():
    return M(lambda p, i: (p + i.to(torch.bfloat16),), torch.bfloat16), (_I64,)


def i64_to_f16():
    return M(lambda p, i: (p.float() + i.to(torch.float16).float(),), torch.float32), (_I64,)


def f64_param_to_bf16():
    return M(lambda p: (p.to(torch.bfloat16) * 3,), torch.float64), ()


CASES += ["f64_to_bf16", "f64_to_f16", "i64_to_bf16", "i64_to_f16", "f64_param_to_bf16"]


# 1.13's trace dropped the dtype torch.full infers from an int or bool
# fill: the importer made floats (7 + 2^40 times 2^30 did not wrap).
def full_int():
    return M(lambda p: ((torch.full((8,), 7) + 2 ** 40) * 2 ** 30, torch.full((8,), 7) // 2 * p),
             torch.float32), ()


def full_bool():
    return M(lambda p: (p * (torch.full((8,), True) & (p > 0)),), torch.float32), ()


CASES += ["full_int", "full_bool"]


# Empty pieces of torch.cat (not half types: the same tester's shape
# corners): tensor.concat failed to place a size-0 piece at the end.
def _cat(fn, x):
    def make():
        return M(lambda p, x: fn(p.reshape(2, 4), x), torch.float32), (x,)
    return make


cat_empty_1d = _cat(lambda p, x: torch.cat([p[0], x]), torch.zeros(0))
cat_empty_end = _cat(lambda p, x: torch.cat([p, x], 0), torch.zeros(0, 4))
cat_empty_both = _cat(lambda p, x: torch.cat([x, p, x], 1) * 2, torch.zeros(2, 0))
cat_empty_promoted = _cat(lambda p, x: torch.cat([p, x.double()], 1), torch.zeros(2, 0))
CASES += ["cat_empty_1d", "cat_empty_end", "cat_empty_both", "cat_empty_promoted"]


# 1.13's backward of an in-place write into a row of an intermediate
# (z[0].add_(1)) reads the row through as_strided over the flat storage:
# the generic read a 12-element tensor over 4 iterations (invalid IR).
class _RowWrite(nn.Module):
    def __init__(self, how):
        super().__init__()
        self.p = nn.Parameter(torch.arange(12.0).reshape(3, 4) - 6)  # sums exact
        self.how = how

    def forward(self, x):
        z = self.p * x
        if self.how == "row":
            z[0].add_(1.0)
        elif self.how == "last_row":
            z[2].mul_(3.0)
        else:
            z[:, 1].add_(2.0)
        return (z * z).sum(), z


def row_write():
    return _RowWrite("row"), (torch.arange(4.0),)


def last_row_write():
    return _RowWrite("last_row"), (torch.arange(4.0),)


def column_write():
    return _RowWrite("column"), (torch.ones(3, 4),)


# (Checked at the default opt level: the error came after canonicalization.)
ROWS = ["row_write", "last_row_write", "column_write"]
