"""Integer and dtype semantics (session 28, written by a tester hunting
for wrong numbers after the uint8 fix): 148 tiny cases over int8..int64,
uint8 and bool (conversions with negative, fractional and out-of-range
values, wrapping arithmetic, division and remainder with negative
operands, promotion against Python scalars and mixed dtypes, bitwise ops
and shifts, integer reductions, indexing with int32 indices, creation ops).
Each function returns (model, inputs); forward computes outs = fn(p,
*inputs), mixes every output into a float loss and returns (loss, *outs),
so integer results are also compared exactly. EXACT lists the cases that
match PyTorch exactly (compare.py FILE:@EXACT); KNOWN says why the others
do not.

Found (all fixed, conformance row "integer semantics"): & and | on
integers computed logical and/or; int8 <-> uint8 casts and view(dtype)
kept the source's signedness; bool max/min compared signed; uint8 against
int8 did not promote to int16; int8 * -200 made an invalid constant;
shifts, integer pow with a tensor exponent, count_nonzero and x | 128 (on
1.13) were refused or failed."""
import torch
import torch.nn as nn
import torch.nn.functional as F

N = 8


class M(nn.Module):
    def __init__(self, fn, n=N, dtype=torch.float32):
        super().__init__()
        self.p = nn.Parameter(torch.linspace(-1.0, 1.0, n, dtype=dtype))
        self.fn = fn

    def forward(self, *xs):
        outs = self.fn(self.p, *xs)
        if isinstance(outs, torch.Tensor):
            outs = (outs,)
        loss = self.p.float().pow(2).sum()
        ret = []
        for k, o in enumerate(outs):
            loss = loss + (self.p[k % self.p.numel()].float() * o.float()).sum()
            ret.append(o.reshape(-1) if o.is_floating_point() else o)
        return (loss,) + tuple(ret)


CASES = {}


def case(*inputs):
    def deco(fn):
        name = fn.__name__
        CASES[name] = fn

        def make():
            return M(fn), tuple(i.clone() for i in inputs)
        make.__name__ = name
        return make
    return deco


def rt(p, t):
    """t as a runtime value (not a folded constant)."""
    return t + (p.detach().sum() * 0).to(t.dtype)


FIN = torch.tensor([-3.7, -2.5, -1.5, -0.5, -0.2, 0.0, 0.3, 0.5, 1.5, 2.5, 3.7, 99.9, -99.9, 126.6, -127.9, 12.01])
FOUT = torch.tensor([127.6, 128.4, 200.7, 255.9, 256.3, -128.9, -129.5, 300.0, 40000.5, -40000.5, 65535.9, 70000.2, -1.5, -255.5, -256.5, 3e9])
FHUGE = torch.tensor([3e9, -3e9, 1e10, -1e10, 2147483647.0, -2147483648.0, 1e19, -1e19])
I64 = torch.tensor([300, -129, 65537, 2**31 + 5, -2**31 - 7, 255, 256, -1, 128, -128, 2**40 + 3, 32768, -32769, 0, 1, 127])
I8 = torch.tensor([-128, -127, -1, 0, 1, 2, 126, 127], dtype=torch.int8)
U8 = torch.tensor([0, 1, 2, 127, 128, 200, 254, 255], dtype=torch.uint8)
I16 = torch.tensor([-32768, -32767, -300, -1, 0, 1, 300, 32767], dtype=torch.int16)
I32 = torch.tensor([-2**31, -2**31 + 1, -70000, -1, 0, 1, 70000, 2**31 - 1], dtype=torch.int32)
I64b = torch.tensor([-2**63, -2**40, -70000, -1, 0, 1, 2**40, 2**63 - 1])
B = torch.tensor([True, False, True, True, False, False, True, False])
A = torch.tensor([-7, -7, 7, 7, -6, 6, -1, 0])
D = torch.tensor([2, -2, 2, -2, 4, -4, 3, 5])

# ---------------- float -> int ----------------
for dt in ["int8", "uint8", "int16", "int32", "int64"]:
    d = getattr(torch, dt)
    exec("@case()\ndef f2%s_in(p):\n    return rt(p, FIN).to(torch.%s)\n" % (dt, dt))
    exec("@case()\ndef f2%s_out(p):\n    return rt(p, FOUT).to(torch.%s)\n" % (dt, dt))
    exec("@case(FIN.clone())\ndef f2%s_inp(p, x):\n    return (x * 2).to(torch.%s)\n" % (dt, dt))


@case()
def f2i32_huge(p):
    return rt(p, FHUGE).to(torch.int32)


@case()
def f2i64_huge(p):
    return rt(p, FHUGE).to(torch.int64) // 1000


@case()
def f2long_int(p):
    x = rt(p, FIN) * 10
    return x.long(), x.int(), x.short(), x.char(), x.byte()


@case()
def trunc_vs_cast(p):
    x = rt(p, FIN)
    return torch.trunc(x), x.long().float() - torch.trunc(x), torch.floor(x).long(), torch.ceil(x).long(), torch.round(x).long()


@case()
def f2bool(p):
    x = rt(p, torch.tensor([0.0, -0.0, 0.2, -1e-30, float('nan'), float('inf'), 1e-45, 2.0]))
    return x.bool(), x.to(torch.bool).long()


@case()
def f64_2int(p):
    x = rt(p, FOUT.double()) * 1.0
    return x.to(torch.int8), x.to(torch.uint8), x.to(torch.int16), x.to(torch.int64)


@case()
def f16_2int(p):
    x = rt(p, FIN).half() * 3
    return x.to(torch.int8), x.to(torch.uint8), x.to(torch.int32), x.bool()


@case()
def bf16_2int(p):
    x = rt(p, FOUT).bfloat16()
    return x.to(torch.int16), x.to(torch.uint8), x.to(torch.int64)


# ---------------- int -> float / int -> int ----------------
@case()
def i2f(p):
    return rt(p, I64).float(), rt(p, I64).double(), rt(p, I8).float(), rt(p, U8).float(), rt(p, I16).half(), rt(p, I32).double()


@case()
def i64_big2f(p):
    x = rt(p, torch.tensor([2**53 + 1, 2**24 + 1, -2**24 - 1, 2**62, -2**62, 2**63 - 1, -2**63, 12345678901]))
    return x.float() - 2**24, x.double(), (x.double() - x.float().double())


@case()
def u8_2f_half(p):
    return rt(p, U8).half(), rt(p, U8).bfloat16(), rt(p, U8).double()


@case()
def i64_narrow(p):
    x = rt(p, I64)
    return x.to(torch.int8), x.to(torch.uint8), x.to(torch.int16), x.to(torch.int32), x.bool()


@case()
def i8_widen(p):
    x = rt(p, I8)
    return x.to(torch.uint8), x.to(torch.int16), x.to(torch.int32), x.long(), x.bool()


@case()
def u8_widen(p):
    x = rt(p, U8)
    return x.to(torch.int8), x.to(torch.int16), x.to(torch.int32), x.long(), x.bool()


@case()
def i16_i32_conv(p):
    a, b = rt(p, I16), rt(p, I32)
    return a.to(torch.int8), a.to(torch.uint8), b.to(torch.int16), b.to(torch.uint8), b.to(torch.int8)


@case(U8.clone(), I8.clone(), I16.clone(), I32.clone())
def int_inputs_conv(p, u, i8, i16, i32):
    return u.long(), i8.to(torch.uint8), i16.to(torch.uint8), i32.to(torch.int8), u.float(), i8.float()


@case(B.clone())
def bool_conv(p, b):
    return b.to(torch.int8), b.to(torch.uint8), b.long(), b.float(), b.int() - 1, (~b).long()


# ---------------- wrapping arithmetic ----------------
@case()
def i8_wrap(p):
    x = rt(p, I8)
    return x + 1, x - 1, x * 2, x * x, x + x


@case()
def u8_wrap(p):
    x = rt(p, U8)
    return x - 1, x + 1, x * 2, x * x, x - x.flip(0)


@case()
def i16_wrap(p):
    x = rt(p, I16)
    return x + 1, x - 2, x * 3, x * x


@case()
def i32_wrap(p):
    x = rt(p, I32)
    y = rt(p, torch.tensor([50000, -50000, 46341, 65536, 3, 7, 100000, -100000], dtype=torch.int32))
    return x + 1, x - 1, y * y, x * 2, y * 65536


@case()
def i64_wrap(p):
    x = rt(p, I64b)
    return (x + 1) // 2**40, (x - 1) // 2**40, (x * 3) // 2**40, ((x * 3) - x * 3 + 5)


@case()
def scalar_big_add(p):
    x = rt(p, I32)
    return x + 2**31, x - 2**32 - 1, rt(p, I8) + 300, rt(p, U8) + 256 + 3


# ---------------- division & remainder ----------------
for dt in ["int8", "int16", "int32", "int64"]:
    exec("""@case()
def divmod_%s(p):
    a, b = rt(p, A.to(torch.%s)), rt(p, D.to(torch.%s))
    return a // b, a %% b, torch.div(a, b, rounding_mode='floor'), torch.div(a, b, rounding_mode='trunc'), torch.remainder(a, b), torch.fmod(a, b), a / b
""" % (dt, dt, dt))


@case()
def divmod_u8(p):
    a = rt(p, U8)
    b = rt(p, torch.tensor([3, 5, 7, 2, 9, 200, 255, 128], dtype=torch.uint8))
    return a // b, a % b, torch.div(a, b, rounding_mode='floor'), torch.div(a, b, rounding_mode='trunc'), torch.fmod(a, b), a / b


@case()
def divmod_scalar(p):
    a = rt(p, A)
    return a // 3, a // -3, a % 3, a % -3, torch.fmod(a, -3), torch.remainder(a, -4), a / 2, torch.div(a, -4, rounding_mode='trunc')


@case()
def divmod_u8_scalar(p):
    a = rt(p, U8)
    return a // 3, a % 7, a / 2, torch.fmod(a, 5), torch.remainder(a, 100)


@case()
def divmod_i8_min(p):
    a = rt(p, I8)
    return a // 3, a % 3, a // -3, a % -3, torch.fmod(a, -7)


@case()
def float_divmod(p):
    a = rt(p, torch.tensor([-7.5, -7.0, 7.5, 7.0, -0.5, 0.5, -6.0, 6.0]))
    b = rt(p, torch.tensor([2.0, -2.0, -2.0, 2.0, 3.0, -3.0, 4.0, -4.0]))
    return a // b, a % b, torch.fmod(a, b), torch.remainder(a, b), torch.div(a, b, rounding_mode='trunc')


@case()
def mixed_divmod(p):
    a = rt(p, A)
    return a // 2.5, a % 2.5, torch.fmod(a, 2.5), torch.div(a, 2.0, rounding_mode='floor')


# ---------------- pow, abs, neg, sign ----------------
@case()
def int_pow(p):
    a = rt(p, A)
    return a ** 2, a ** 3, torch.pow(a, rt(p, torch.tensor([0, 1, 2, 3, 4, 5, 6, 7]))), 2 ** rt(p, torch.tensor([0, 1, 2, 3, 10, 20, 40, 62]))


@case()
def int_pow_wrap(p):
    return rt(p, I8) ** 2, rt(p, U8) ** 2, rt(p, I32) ** 2, rt(p, I16) ** 3


@case()
def int_pow_float(p):
    a = rt(p, A)
    return a ** 0.5, a ** 2.0, torch.pow(a, 1.5), a.float() ** 2


@case()
def int_abs_neg(p):
    return rt(p, I8).abs(), -rt(p, I8), rt(p, I16).abs(), -rt(p, I32), rt(p, I32).abs(), -rt(p, U8), rt(p, U8).abs()


@case()
def int_abs_neg64(p):
    x = rt(p, I64b)
    return x.abs() // 2**40, (-x) // 2**40


@case()
def int_sign(p):
    return rt(p, I8).sign(), rt(p, U8).sign(), rt(p, I32).sign(), torch.sgn(rt(p, A)), rt(p, B).sign() if False else rt(p, A).sign()


# ---------------- comparisons & promotion ----------------
@case()
def cmp_scalar_oor(p):
    x = rt(p, I8)
    return x < 200, x > -200, x == 255, x < 127.5, rt(p, U8) < 300, rt(p, U8) > -1, rt(p, U8) == -1


@case()
def cmp_mixed(p):
    return rt(p, U8) < rt(p, I8), rt(p, U8) > rt(p, I8).long(), rt(p, I8) < rt(p, FIN[:8]), rt(p, U8) >= rt(p, I16), rt(p, U8) == rt(p, I8).to(torch.uint8)


@case()
def promo_scalar(p):
    x = rt(p, I8)
    return x * 0.5, x + 1.5, rt(p, U8) * 0.5, rt(p, U8) / 3, x * True, rt(p, A) - 2.25


@case()
def promo_tensor(p):
    return rt(p, U8) + rt(p, I8).long(), rt(p, U8) + rt(p, I8), rt(p, U8) * rt(p, I16), rt(p, I8) + rt(p, I32), rt(p, U8) - rt(p, I8)


@case()
def promo_bool(p):
    b = rt(p, B)
    c = b.flip(0)
    return b + c, b * c, b + 1, b * 2.5, b & c, b | c, b ^ c, b.long() - c.long()


@case()
def promo_bool_float(p):
    b = rt(p, B)
    return p * b, b * p, p + b, torch.where(b, p, 0.0)


@case(U8.clone(), I8.clone())
def promo_param_int(p, u, i):
    return p * u, p + i, u - p, p / (u.float() + 1)


@case()
def where_mixed(p):
    b = rt(p, B)
    return torch.where(b, rt(p, I8), rt(p, FIN[:8])), torch.where(b, rt(p, I8), rt(p, I64b)), torch.where(b, rt(p, U8), rt(p, I8)), torch.where(b, rt(p, U8), 2), torch.where(b, rt(p, I8), 2.5)


@case()
def clamp_int(p):
    x = rt(p, A)
    return x.clamp(-1.5, 2.5), x.clamp(min=-3), x.clamp(max=4), torch.clamp(x, -2, 2), rt(p, U8).clamp(100, 200)


@case()
def clamp_int_tensor(p):
    x = rt(p, U8)
    return torch.clamp(x, min=rt(p, torch.full((8,), 130, dtype=torch.uint8))), torch.maximum(x, rt(p, torch.full((8,), 129, dtype=torch.uint8))), torch.minimum(rt(p, I8), rt(p, U8).to(torch.int8))


# ---------------- bitwise ----------------
@case()
def bitwise_signed(p):
    a, b = rt(p, I8), rt(p, I8.flip(0))
    return a & b, a | b, a ^ b, ~a, ~rt(p, I32), ~rt(p, I64)


@case()
def bitwise_unsigned(p):
    a, b = rt(p, U8), rt(p, U8.flip(0))
    return a & b, a | b, a ^ b, ~a, a & 0x0F, a | 128


@case()
def bitwise_bool(p):
    b = rt(p, B)
    return ~b, b & b.flip(0), b | b.flip(0), b ^ b.flip(0), torch.bitwise_not(b)


@case()
def shift_signed(p):
    a = rt(p, I8)
    return a >> 1, a << 1, rt(p, I16) >> 3, rt(p, I32) >> 4, rt(p, I32) << 1, rt(p, I64) >> 2


@case()
def shift_unsigned(p):
    a = rt(p, U8)
    return a >> 1, a << 1, a >> 7, a << 7, rt(p, torch.ones(8, dtype=torch.uint8)) << 7


@case()
def shift_tensor_amt(p):
    a = rt(p, I8)
    s = rt(p, torch.tensor([0, 1, 2, 3, 7, 8, 9, 10], dtype=torch.int8))
    return a >> s, a << s, rt(p, U8) >> s.to(torch.uint8), rt(p, U8) << s.to(torch.uint8)


@case()
def shift_big_amt(p):
    s = rt(p, torch.tensor([0, 1, 31, 32, 33, 63, 64, 70]))
    x = rt(p, torch.full((8,), -5))
    return x >> s, (x << s) // 2**40, rt(p, torch.full((8,), 5, dtype=torch.int32)) << s.int(), rt(p, torch.full((8,), -5, dtype=torch.int32)) >> s.int()


@case()
def logical(p):
    x, y = rt(p, A), rt(p, FIN[:8])
    return torch.logical_and(x, y), torch.logical_or(x, y), torch.logical_not(x), torch.logical_xor(x, y), torch.logical_not(y), torch.logical_and(rt(p, U8), rt(p, B))


# ---------------- reductions ----------------
@case()
def int_sums(p):
    return rt(p, I8).sum(), rt(p, U8).sum(), rt(p, B).sum(), rt(p, I32).sum(), rt(p, I16).sum(), rt(p, I8).sum(dtype=torch.int8), rt(p, U8).sum(0, dtype=torch.uint8)


@case()
def int_sums_dim(p):
    x = rt(p, U8).reshape(2, 4)
    return x.sum(0), x.sum(1), rt(p, I8).reshape(2, 4).sum(1), rt(p, B).reshape(2, 4).sum(1), rt(p, I32).reshape(4, 2).sum(1)


@case()
def int_prod(p):
    return rt(p, I8).prod(), rt(p, U8[4:]).prod(), rt(p, torch.tensor([-3, 4, 5, -7, 100, 100, 100, 100], dtype=torch.int32)).prod(), rt(p, A).reshape(2, 4).prod(1), rt(p, B).prod()


@case()
def int_max_min(p):
    x = rt(p, torch.tensor([-5, 3, 3, -5, 0, 3, -5, 1], dtype=torch.int8))
    return x.max(), x.min(), x.amax(), x.amin(), x.argmax(), x.argmin(), rt(p, U8).max(), rt(p, U8).argmax(), rt(p, U8).argmin()


@case()
def int_max_dim(p):
    x = rt(p, torch.tensor([-5, 3, 3, -5, 0, 3, -5, 1], dtype=torch.int8)).reshape(2, 4)
    v, i = x.max(1)
    w, j = x.min(0)
    u = rt(p, U8).reshape(4, 2)
    return v, i, w, j, u.max(1)[0], u.max(1)[1], u.min(1)[1], u.amax(0)


@case()
def bool_max(p):
    b = rt(p, B)
    return b.max(), b.min(), b.amax(), b.reshape(2, 4).any(1), b.reshape(2, 4).all(1)


@case()
def int_cumsum(p):
    return rt(p, I8).cumsum(0), rt(p, U8).cumsum(0), rt(p, B).cumsum(0), rt(p, I8).cumprod(0), rt(p, U8[1:]).cumprod(0), rt(p, I32).cumsum(0), rt(p, U8).cumsum(0, dtype=torch.uint8)


@case()
def any_all_count(p):
    x = rt(p, A)
    return x.any(), x.all(), rt(p, FIN).any(), (rt(p, A) + 7).all(), torch.count_nonzero(x), torch.count_nonzero(rt(p, FIN).reshape(4, 4), dim=1), rt(p, U8).any(), rt(p, U8).all()


@case()
def int_sort_topk(p):
    x = rt(p, U8)
    v, i = torch.sort(x.flip(0) ^ 0x55)
    t, j = torch.topk(rt(p, I8), 3)
    return v, i, t, j, torch.sort(rt(p, I8), descending=True)[0]


# ---------------- indexing / creation ----------------
@case(torch.tensor([0, -1, 3, -8, 7], dtype=torch.int32), torch.tensor([0, -1, 3, -8, 7]))
def index_i32_i64(p, i32, i64):
    x = rt(p, U8)
    return x[i64], p[i64], torch.index_select(x, 0, ((i32 + 8) % 8)), torch.index_select(p, 0, ((i32 + 8) % 8)), x[i32.long()]


@case()
def gather_scatter_int(p):
    x = rt(p, U8).reshape(2, 4)
    idx = rt(p, torch.tensor([[3, 0], [1, 1]]))
    g = torch.gather(x, 1, idx)
    s = torch.zeros(2, 4, dtype=torch.int8).scatter(1, idx, rt(p, torch.tensor([[-128, 127], [5, 6]], dtype=torch.int8)))
    sa = torch.zeros(2, 4, dtype=torch.uint8).scatter_add(1, idx, rt(p, torch.tensor([[200, 100], [200, 100]], dtype=torch.uint8)))
    return g, s, sa


@case()
def one_hot_(p):
    i = rt(p, torch.tensor([0, 3, 2, 3, 1]))
    return F.one_hot(i, 5), F.one_hot(i, 4).float() * 0.5


@case()
def bincount_(p):
    i = rt(p, torch.tensor([0, 3, 2, 3, 1, 3]))
    return torch.bincount(i, minlength=5)


@case()
def histc_(p):
    return torch.histc(p.detach(), bins=4, min=-1, max=1)


@case()
def arange_(p):
    return (torch.arange(5), torch.arange(-5, 5, 3), torch.arange(0, 1, 0.1), torch.arange(10, dtype=torch.int8),
            torch.arange(0, 2.5, 0.5), torch.arange(250, 256, dtype=torch.uint8), torch.arange(3, -4, -2), torch.arange(1, 4, 1.5).long())


@case()
def arange_rt(p):
    return torch.arange(8) * rt(p, A), torch.arange(0.0, 8.0) * p, torch.arange(8, dtype=torch.uint8) + rt(p, U8)


@case()
def linspace_(p):
    return torch.linspace(-1, 1, 5), torch.linspace(0, 10, 4, dtype=torch.int64), torch.linspace(0, 255, 6, dtype=torch.uint8), torch.logspace(0, 2, 3) * p[0]


@case()
def full_int(p):
    return (torch.full((3,), 7, dtype=torch.int8) + rt(p, I8[:3]), torch.full((3,), 200, dtype=torch.uint8) + rt(p, U8[:3]),
            torch.zeros(3, dtype=torch.int16) - 1, torch.ones(3, dtype=torch.uint8) - 2, torch.full((3,), True) & rt(p, B[:3]),
            torch.full((3,), -1, dtype=torch.int64) * rt(p, A[:3]))


@case()
def full_like_int(p):
    x = rt(p, U8)
    return torch.full_like(x, 255) + x, torch.ones_like(x) * 200, torch.zeros_like(rt(p, I8)) - 128, torch.full_like(rt(p, I32), 2**31 - 1) + 1


@case()
def masked_fill_int(p):
    x = rt(p, U8)
    m = rt(p, B)
    return x.masked_fill(m, 255), rt(p, I8).masked_fill(m, -128), rt(p, A).masked_fill(m, 2.7) if False else rt(p, A).masked_fill(m, 3), x.masked_fill(m, 0)


@case()
def index_put_int(p):
    x = rt(p, U8).clone()
    x[torch.tensor([0, 2])] = rt(p, torch.tensor([250, 251], dtype=torch.uint8))
    y = rt(p, I8).clone()
    y[torch.tensor([1, -1])] = -100
    z = rt(p, A).clone()
    z.index_put_((torch.tensor([0, 0, 3]),), rt(p, torch.tensor([5, 6, 7])), accumulate=True)
    return x, y, z


@case()
def setitem_slice_int(p):
    x = rt(p, U8).clone()
    x[2:5] = 255
    x[0] = 1
    y = rt(p, I16).clone()
    y[::2] = -32768
    return x, y


@case(torch.tensor([0, 3, 2, 1], dtype=torch.int32))
def embedding_i32(p, i):
    w = p.reshape(4, 2)
    return F.embedding(i.long(), w), w[i.long()], torch.take(p, i.long()), F.embedding(i, w)


@case()
def int_mean_errors(p):
    # mean of ints errors in PyTorch; use mean with dtype instead
    return rt(p, I8).float().mean(), rt(p, U8).mean(dtype=torch.float32), rt(p, A).sum() / 8


# ---------------- float16 / bf16 / f64 mixes ----------------
def f64param():
    m = M(lambda p: (p * 3, p.float() * 2, (p.float() + 1e-9).double() - p))
    m.p = nn.Parameter(torch.linspace(-1, 1, 8, dtype=torch.float64) + 1e-10)
    return m, ()


def bf16_roundtrip():
    def fn(p):
        h = (p * 1.001).bfloat16()
        return h.float() * 3, (h * h).float(), (p.half() * 1000).float(), p.double() * 2
    return M(fn), ()


def f64_mix():
    def fn(p, x):
        return p * x, x + p.sum(), (x.float() - p), rt(p, A) * x
    return M(fn), (torch.linspace(0, 1, 8, dtype=torch.float64),)


def int_float64_promo():
    def fn(p):
        x = rt(p, A)
        return x * torch.tensor(0.1, dtype=torch.float64), x + rt(p, FIN[:8]).double(), rt(p, U8).double() / 3
    return M(fn), ()




# ---------------- minimized ----------------
@case()
def min_i8_to_u8_float(p):
    # int8 -> uint8 -> float: -1 must read as 255
    return rt(p, I8).to(torch.uint8).float()


@case()
def min_u8_to_i8_float(p):
    # uint8 -> int8 -> float: 255 must read as -1
    return rt(p, U8).to(torch.int8).float()


@case(I8.clone())
def min_i8_input_to_u8_float(p, x):
    return x.to(torch.uint8).float()


@case()
def min_u8_to_i8_long(p):
    return rt(p, U8).to(torch.int8).long(), rt(p, I8).to(torch.uint8).long()


@case()
def min_bool_max(p):
    b = rt(p, B)
    return b.max(), b.min(), b.amax(), b.amin()


@case()
def min_cmp_u8_i8(p):
    return rt(p, U8) < rt(p, I8)


@case()
def min_cmp_u8_i8_b(p):
    return rt(p, I8) > rt(p, U8), rt(p, U8) == rt(p, I8), torch.maximum(rt(p, U8), rt(p, I8)), torch.where(rt(p, B), rt(p, U8), rt(p, I8))


@case()
def min_f2i16_huge(p):
    return rt(p, torch.tensor([3e9, -3e9, 5e9, 1e10])).to(torch.int16)


@case()
def min_f64_2i8_huge(p):
    return rt(p, torch.tensor([3000000001.0, -3000000001.0, 5e9 + 3, 2**40 + 5.0], dtype=torch.float64)).to(torch.int8)


@case()
def min_cmp_scalar_oor(p):
    x = rt(p, I8)
    return x > -200


@case()
def min_cmp_scalar_oor_u8(p):
    return rt(p, U8) < 300, rt(p, U8) > -1


@case()
def min_int_pow_tensor(p):
    a = rt(p, A)
    return torch.pow(a, rt(p, torch.tensor([0, 1, 2, 3, 4, 5, 6, 7])))


@case()
def min_int_pow_scalar_base(p):
    return 2 ** rt(p, torch.tensor([0, 1, 2, 3, 10, 20, 40, 62]))


@case()
def min_i64_to_i32_float(p):
    return rt(p, I64).to(torch.int32)


@case()
def min_cmp_i8_lt200(p):
    return rt(p, I8) < 200


@case()
def min_cmp_i8_eq255(p):
    return rt(p, I8) == 255


@case()
def min_cmp_i8_ltf(p):
    return rt(p, I8) < 127.5, rt(p, I8) > -128.5


@case()
def min_u8_eq_m1(p):
    return rt(p, U8) == -1


@case()
def min_u8_or_int(p):
    return rt(p, U8) | 128


@case()
def min_u8_and_int(p):
    return rt(p, U8) & 15


@case()
def min_bool_add(p):
    b = rt(p, B)
    return b + b.flip(0)


@case()
def min_bool_mul(p):
    b = rt(p, B)
    return b * b.flip(0)


@case()
def min_bool_sub_int(p):
    b = rt(p, B)
    return b + 1, b * 3, b - 0, b.long() + b


@case()
def min_any_all(p):
    x = rt(p, A)
    return x.any(), x.all()


@case()
def min_count_nonzero(p):
    return torch.count_nonzero(rt(p, A))


@case()
def min_any_float(p):
    return rt(p, FIN).any(), rt(p, FIN).all()


@case()
def min_shift_r(p):
    return rt(p, I8) >> 1


@case()
def min_shift_l(p):
    return rt(p, I8) << 1


@case()
def min_bitwise_not_bool(p):
    return ~rt(p, B)


@case()
def min_bool_and(p):
    b = rt(p, B)
    return b & b.flip(0), b | b.flip(0), b ^ b.flip(0)


@case()
def min_logical_not_int(p):
    return torch.logical_not(rt(p, A))


@case()
def min_logical_xor(p):
    return torch.logical_xor(rt(p, A), rt(p, FIN[:8])), torch.logical_and(rt(p, A), rt(p, FIN[:8])), torch.logical_or(rt(p, U8), rt(p, B))


@case()
def min_linspace_int(p):
    return torch.linspace(0, 10, 4, dtype=torch.int64) + rt(p, A[:4])


@case()
def min_linspace_float(p):
    return torch.linspace(-1, 1, 5) * p[0]


@case()
def min_logspace(p):
    return torch.logspace(0, 2, 3) * p[0]


@case(torch.tensor([0, 3, 2, 1], dtype=torch.int32))
def min_embedding_i32(p, i):
    return F.embedding(i, p.reshape(4, 2))


@case()
def min_sort_int(p):
    v, i = torch.sort(rt(p, U8).flip(0))
    return v, i


@case()
def min_topk_int(p):
    t, j = torch.topk(rt(p, I8), 3)
    return t, j


@case()
def min_sort_u8_order(p):
    v, i = torch.sort(rt(p, torch.tensor([200, 3, 255, 0, 128, 127, 1, 129], dtype=torch.uint8)))
    return v, i


@case()
def min_and_tensor_int(p):
    return rt(p, U8) & rt(p, U8.flip(0)), rt(p, I8) & rt(p, I8.flip(0)), rt(p, A) & rt(p, D), rt(p, I32) | rt(p, I32.flip(0))


@case()
def min_and_scalar_i64(p):
    return rt(p, A) & 6


@case()
def min_and_scalar_i8(p):
    return rt(p, I8) & 3


@case()
def min_and_scalar_bool(p):
    return rt(p, B) & True, rt(p, B) & False


@case()
def min_u8_view_i8(p):
    return rt(p, U8).view(torch.int8).float()


@case()
def min_i8_u8_div(p):
    x = rt(p, I8).to(torch.uint8)
    return x // 3, x > 100, x.max()


@case()
def min_u8_i8_cmp_i16(p):
    return rt(p, U8) > rt(p, I16), rt(p, U8) < rt(p, I8).to(torch.int16)


@case()
def min_where_u8_scalar(p):
    return torch.where(rt(p, B), rt(p, U8), 300), torch.where(rt(p, B), rt(p, I8), -200)


@case()
def min_i8_add_big_scalar(p):
    return rt(p, I8) + 200, rt(p, U8) - 300, rt(p, I8) * -200


# min_bool_sub_int and min_where_u8_scalar raise in PyTorch itself (test mistakes, ignore).
ALL = list(CASES) + ["f64param", "bf16_roundtrip", "f64_mix", "int_float64_promo"]
# Cases that do not match exactly, and why.
KNOWN = {
    "i64_narrow": "int32 values near 2^31 summed in f32: the order of the sum (1e-5)",
    "min_i64_to_i32_float": "the same",
    "shift_big_amt": "shifts by the width or more: 1.13's kernel shifts modulo the width, remat as 2.x",
    "bincount_": "bincount is refused (the output's size is a value)",
    "histc_": "histc is refused",
    "linspace_": "logspace is refused",
    "min_logspace": "logspace is refused",
    "embedding_i32": "torch.take is refused",
    "min_bool_sub_int": "PyTorch refuses it (bool subtraction)",
    "min_where_u8_scalar": "PyTorch refuses it (300 into uint8)",
}
EXACT = [n for n in ALL if n not in KNOWN]

if __name__ == "__main__":
    print(",".join(ALL))
