"""Special functions with no math dialect op: lgamma, digamma, polygamma
(torch.distributions' Gamma, Beta, Dirichlet and Student-t log-densities,
evidential losses). Elementwise, in the compute type (f32 for f32, f16 and
bf16, as PyTorch's CPU kernels), from the recurrences and asymptotic
series (Abramowitz & Stegun 6.1.40, 6.3.18, 6.4.11):

  positive x: shift to s = x + 8 by the recurrence, then the series at s
              (its first omitted term is below 1e-10 there);
  x < 0:      the reflection formulas, with sin and cot of pi x taken at
              x - floor(x) (exact in floating point) so that large
              arguments do not lose the fraction.

The results are not bitwise PyTorch's (ATen uses glibc's lgamma and
Cephes' series) but within a few units in the last place of f32 away from
the zeros of lgamma, where the error is absolute, about 1e-6. Poles follow
PyTorch: lgamma = inf at 0, -1, -2, ...; digamma = -inf at 0 and NaN at
negative integers; polygamma(n, x) = +-inf there.
"""

import math

from fractions import Fraction

from .core import compute_elem, handles

_SHIFT = 8
_BERNOULLI = [Fraction(1, 6), Fraction(-1, 30), Fraction(1, 42), Fraction(-1, 30),
              Fraction(5, 66), Fraction(-691, 2730), Fraction(7, 6)]


def _cot_poly(n):
    """Coefficients (lowest first) of P_n with d^n/dx^n cot(pi x) =
    pi^n P_n(cot(pi x)): P_0 = c, P_{k+1} = -(1 + c^2) P_k'."""
    p = [0, 1]
    for _ in range(n):
        d = [i * p[i] for i in range(1, len(p))] or [0]
        q = [0] * (len(d) + 2)
        for i, v in enumerate(d):
            q[i] -= v
            q[i + 2] -= v
        p = q
    return p


class _Math:
    """Scalar arithmetic inside one linalg.generic body, in type c."""

    def __init__(self, bd, c):
        self.bd, self.c = bd, c

    def k(self, v):
        return self.bd.const(float(v), self.c)

    def add(self, a, b):
        return self.bd.binary("add", a, b, self.c)

    def sub(self, a, b):
        return self.bd.binary("sub", a, b, self.c)

    def mul(self, a, b):
        return self.bd.binary("mul", a, b, self.c)

    def div(self, a, b):
        return self.bd.binary("div", a, b, self.c)

    def fn(self, op, a):
        return self.bd.unary(op, a, self.c)

    def lt(self, a, b):
        return self.bd.cmp("lt", a, b, self.c)

    def eq(self, a, b):
        return self.bd.cmp("eq", a, b, self.c)

    def sel(self, cond, a, b):
        return self.bd.select(cond, a, b, self.c)

    def poly(self, coeffs, x):
        """sum coeffs[i] x^i by Horner."""
        acc = self.k(coeffs[-1])
        for v in reversed(coeffs[:-1]):
            acc = self.add(self.mul(acc, x), self.k(v))
        return acc

    def frac_pi(self, x):
        """pi (x - floor(x)): sin and cot of pi x have period 1 (cot) or
        keep their magnitude (sin)."""
        return self.mul(self.k(math.pi), self.sub(x, self.fn("math.floor", x)))


def _lgamma_pos(m, y):
    """lgamma(y), y >= 0.5: Stirling's series at s = y + 8 minus
    log(y (y + 1) ... (y + 7)) where y < 8 (no shift above: the product
    would overflow), at y where y >= 8."""
    small = m.lt(y, m.k(_SHIFT))
    prod = y
    for j in range(1, _SHIFT):
        prod = m.mul(prod, m.add(y, m.k(j)))
    s = m.sel(small, m.add(y, m.k(_SHIFT)), y)
    prod = m.sel(small, prod, m.k(1.0))
    r = m.div(m.k(1.0), s)
    r2 = m.mul(r, r)
    series = m.mul(r, m.poly([float(b / (2 * k * (2 * k - 1))) for k, b in
                              enumerate(_BERNOULLI[:4], start=1)], r2))
    log_s = m.fn("math.log", s)
    st = m.add(m.sub(m.mul(m.sub(s, m.k(0.5)), log_s), s), m.k(0.5 * math.log(2 * math.pi)))
    return m.sub(m.add(st, series), m.fn("math.log", prod))


def _psi_pos(m, n, y):
    """polygamma(n, y) for y > 0 (n = 0: digamma): the recurrence's terms
    for y .. y + 7, then the asymptotic series at s = y + 8."""
    s = m.add(y, m.k(_SHIFT))
    r = m.div(m.k(1.0), s)
    r2 = m.mul(r, r)
    if n == 0:
        tail = m.mul(r2, m.poly([float(b / (2 * k)) for k, b in enumerate(_BERNOULLI, start=1)], r2))
        asym = m.sub(m.sub(m.fn("math.log", s), m.mul(m.k(0.5), r)), tail)
    else:
        # (n-1)!/s^n + n!/(2 s^(n+1)) + sum B_2k (2k+n-1)!/(2k)! / s^(2k+n)
        coeffs = [float(b * math.factorial(2 * k + n - 1) / math.factorial(2 * k))
                  for k, b in enumerate(_BERNOULLI, start=1)]
        rn = r
        for _ in range(n - 1):
            rn = m.mul(rn, r)
        head = m.add(m.k(math.factorial(n - 1)), m.mul(m.k(math.factorial(n) / 2.0), r))
        asym = m.mul(rn, m.add(head, m.mul(r2, m.poly(coeffs, r2))))
        if n % 2 == 0:
            asym = m.fn("arith.negf", asym)
    total = None
    for j in range(_SHIFT):
        t = m.div(m.k(1.0), m.add(y, m.k(j)))
        tp = t
        for _ in range(n):
            tp = m.mul(tp, t)
        total = tp if total is None else m.add(total, tp)
    if n == 0:
        return m.sub(asym, total)
    sign = 1.0 if n % 2 == 1 else -1.0
    return m.add(asym, m.mul(m.k(sign * math.factorial(n)), total))


def _lgamma(bd, x, c):
    m = _Math(bd, c)
    neg = m.lt(x, m.k(0.5))
    y = m.sel(neg, m.sub(m.k(1.0), x), x)
    core = _lgamma_pos(m, y)
    # lgamma(x) = log(pi / |sin(pi x)|) - lgamma(1 - x)
    sin = m.fn("math.absf", m.fn("math.sin", m.frac_pi(x)))
    refl = m.sub(m.fn("math.log", m.div(m.k(math.pi), sin)), core)
    return m.sel(neg, refl, core)


def _polygamma(bd, n, x, c):
    m = _Math(bd, c)
    neg = m.lt(x, m.k(0.0))
    y = m.sel(neg, m.sub(m.k(1.0), x), x)
    core = _psi_pos(m, n, y)
    # psi^(n)(x) = -pi^(n+1) P_n(cot(pi x)) + (-1)^n psi^(n)(1 - x)
    a = m.frac_pi(x)
    cot = m.div(m.fn("math.cos", a), m.fn("math.sin", a))
    pole = m.mul(m.k(-math.pi ** (n + 1)), m.poly(_cot_poly(n), cot))
    refl = m.add(pole, core if n % 2 == 0 else m.fn("arith.negf", core))
    out = m.sel(neg, refl, core)
    if n == 0:  # digamma: NaN at the negative integers, as PyTorch
        at_int = m.eq(x, m.fn("math.floor", x))
        out = m.sel(bd.binary("and", neg, at_int, "i1"), m.k(float("nan")), out)
    return out


def _check_float(L):
    c = compute_elem(L.out()[1])
    if c not in ("f32", "f64"):
        L.error("%s of a %s tensor is not supported" % (L.node.target, L.out()[1]))
    return c


@handles("lgamma")
def h_lgamma(L, a):
    c = _check_float(L)
    return L.ew([a], lambda bd, e: _lgamma(bd, e[0], c))


@handles("digamma")
def h_digamma(L, a):
    c = _check_float(L)
    return L.ew([a], lambda bd, e: _polygamma(bd, 0, e[0], c))


@handles("polygamma")
def h_polygamma(L, n, a):
    c = _check_float(L)
    if not isinstance(n, int) or n < 0 or n > 6:
        L.error("polygamma of order %s is not supported (0 to 6 are)" % (n,))
    return L.ew([a], lambda bd, e: _polygamma(bd, n, e[0], c))
