"""CTC loss (F.ctc_loss, nn.CTCLoss): `_ctc_loss` and its backward, as
speech models train (wav2vec 2.0 / DeepSpeech heads over a GRU or
convolutions), with PyTorch's CPU algorithm (ATen's LossCTC.cpp).

The forward variables alpha (N, 2S+1 extended labels: blank, target,
blank, ...) are computed one frame at a time, unrolled over the T frames
of log_probs (T, N, C); the backward computes beta the same way from the
last frame down and, per frame, the log-sum over the extended labels of
each class of alpha + beta. Every length comes from the lengths' values at
run time (a frame past a sequence's input length keeps its alpha, a label
past its target length never enters), so the graph is right for any
lengths within the traced shapes, not only the traced ones. The extended
labels are read from the padded (N, S) targets: S is the targets' width,
and log_alpha (N, T, 2S+1) is saved as PyTorch's is (its width is
2 * max(target_lengths) + 1 there: the same when the targets are padded to
their longest, as collate functions do). Concatenated 1-D targets are
refused: their longest target is a value, not a shape.
"""

from ..mlir import Tensor
from .core import compute_elem, extract, handles, index_i64, index_table, rounded, to_index
from .views import stacked

_NEG_INF = float("-inf")


def _lengths(L, v):
    """Lengths as a tensor, or a list (the IntArrayRef overload)."""
    return L.fn.materialize(v) if isinstance(v, Tensor) else index_table(L, list(v))


class _Ctx:
    """What every frame's body reads: the inputs (dense), the sizes."""

    def __init__(self, L, log_probs, targets, input_lengths, target_lengths, blank):
        if len(targets.shape) != 2:
            L.error("ctc_loss with concatenated 1-D targets is not supported: pass them padded, "
                    "(batch, longest target), with target_lengths")
        self.L = L
        self.lp = L.fn.materialize(log_probs)
        self.tg = L.fn.materialize(targets)
        self.il = _lengths(L, input_lengths)
        self.tl = _lengths(L, target_lengths)
        self.T, self.N, self.C = log_probs.shape
        self.S = targets.shape[1]
        self.W = 2 * self.S + 1
        self.blank = blank
        self.c = compute_elem(log_probs.elem)

    def ints(self, bd, n):
        """(input length, target length) of sequence n, i64."""
        il = bd.cast(extract(bd, self.il, [n]), self.il.elem, "i64")
        tl = bd.cast(extract(bd, self.tl, [n]), self.tl.elem, "i64")
        return il, tl

    def label(self, bd, n, j):
        """The extended label at position j (i64): blank at even j, else
        targets[n, (j - 1) / 2]."""
        one = bd.const(1, "i64")
        odd = bd.cmp("eq", bd.emit("arith.remsi %s, %s : i64" % (j, bd.const(2, "i64"))), one, "i64")
        s = bd.emit("arith.divsi %s, %s : i64" % (bd.binary("sub", j, one, "i64"), bd.const(2, "i64")))
        t = bd.cast(extract(bd, self.tg, [n, to_index(bd, s, "i64", self.S)]), self.tg.elem, "i64")
        return bd.select(odd, t, bd.const(self.blank, "i64"), "i64")

    def frame(self, bd, t):
        """What a frame's body over (n, j) starts from: n, j (i64), the
        lengths, j's extended label, log_probs[t, n, label] and -inf."""
        n, j = bd.index(0), index_i64(bd, 1)
        il, tl = self.ints(bd, n)
        lab = self.label(bd, n, j)
        return n, j, il, tl, lab, self.lp_at(bd, t, n, lab), bd.const(_NEG_INF, self.c)

    def lp_at(self, bd, t, n, lab):
        """log_probs[t, n, lab] in the compute type."""
        v = extract(bd, self.lp, [bd.const(t, "index"), n, to_index(bd, lab, "i64", self.C)])
        return bd.cast(v, self.lp.elem, self.c)

    def at(self, bd, prev, n, j):
        """prev[n, j] for an i64 j clamped into the row (the caller masks
        what is out of it)."""
        return extract(bd, prev, [n, to_index(bd, j, "i64", self.W)])

    def lse(self, bd, xs):
        """log(sum exp xs), shifted by their max as ATen does (0 when the
        max is -inf, so that all -inf gives -inf, not NaN)."""
        c = self.c
        m = xs[0]
        for x in xs[1:]:
            m = bd.binary("max", m, x, c)
        ninf = bd.const(_NEG_INF, c)
        m = bd.select(bd.cmp("eq", m, ninf, c), bd.const(0.0, c), m, c)
        total = None
        for x in xs:
            e = bd.unary("math.exp", bd.binary("sub", x, m, c), c)
            total = e if total is None else bd.binary("add", total, e, c)
        return bd.binary("add", bd.unary("math.log", total, c), m, c)


@handles("_ctc_loss")
def h_ctc_loss(L, log_probs, targets, input_lengths, target_lengths, blank=0, zero_infinity=False):
    # zero_infinity is applied by ctc_loss around this op (a where); the
    # backward gets it too.
    x = _Ctx(L, log_probs, targets, input_lengths, target_lengths, blank)
    c, N, W = x.c, x.N, x.W
    i64 = "i64"
    (_, nll_elem), (la_shape, la_elem) = L.out(0), L.out(1)
    if tuple(la_shape) != (N, x.T, W):
        L.error("ctc_loss: log_alpha is %s where the padded targets give %s: pad the targets "
                "to their longest (2-D, width max(target_lengths))" % (list(la_shape), [N, x.T, W]))
    alphas = []
    prev = None
    for t in range(x.T):
        def body(bd, args, t=t, prev=prev):
            n, j, il, tl, lab, lp, ninf = x.frame(bd, t)
            if t == 0:
                first = bd.cmp("eq", j, bd.const(0, i64), i64)
                second = bd.binary("and", bd.cmp("eq", j, bd.const(1, i64), i64),
                                   bd.cmp("gt", tl, bd.const(0, i64), i64), "i1")
                return [bd.select(bd.binary("or", first, second, "i1"), lp, ninf, c)]
            a0 = args[0]
            one, two = bd.const(1, i64), bd.const(2, i64)
            jm1, jm2 = bd.binary("sub", j, one, i64), bd.binary("sub", j, two, i64)
            a1 = bd.select(bd.cmp("ge", j, one, i64), x.at(bd, prev, n, jm1), ninf, c)
            skip = bd.binary("and", bd.cmp("ge", j, two, i64),
                             bd.cmp("ne", x.label(bd, n, jm2), lab, i64), "i1")
            a2 = bd.select(skip, x.at(bd, prev, n, jm2), ninf, c)
            v = bd.binary("add", x.lse(bd, [a0, a1, a2]), lp, c)
            # frames past the input length keep the last alpha
            live = bd.cmp("lt", bd.const(t, i64), il, i64)
            return [bd.select(live, v, a0, c)]
        prev = L.fn.generic([((N, W), c)], [prev] if prev is not None else [], body)[0]
        alphas.append(prev)
    last = prev

    def nll_body(bd, args):
        n = bd.index(0)
        il, tl = x.ints(bd, n)
        two_tl = bd.binary("mul", tl, bd.const(2, i64), i64)
        ninf = bd.const(_NEG_INF, c)
        l1 = x.at(bd, last, n, two_tl)
        l2 = bd.select(bd.cmp("gt", tl, bd.const(0, i64), i64),
                       x.at(bd, last, n, bd.binary("sub", two_tl, bd.const(1, i64), i64)), ninf, c)
        ll = x.lse(bd, [l1, l2])
        empty = bd.select(bd.cmp("eq", tl, bd.const(0, i64), i64), bd.const(0.0, c), ninf, c)
        ll = bd.select(bd.cmp("eq", il, bd.const(0, i64), i64), empty, ll, c)
        return [bd.cast(bd.unary("arith.negf", ll, c), c, nll_elem)]
    nll = L.fn.generic([((N,), nll_elem)], [], nll_body)[0]
    return nll, rounded(L, stacked(L, alphas, 1, (N, x.T, W), c), la_elem)


@handles("_ctc_loss_backward")
def h_ctc_loss_backward(L, grad, log_probs, targets, input_lengths, target_lengths,
                        neg_log_likelihood, log_alpha, blank, zero_infinity=False):
    x = _Ctx(L, log_probs, targets, input_lengths, target_lengths, blank)
    c, N, C, W, T = x.c, x.N, x.C, x.W, x.T
    i64 = "i64"
    la = L.fn.materialize(log_alpha)
    nll = L.fn.materialize(neg_log_likelihood)
    gr = L.fn.materialize(grad)
    shape, elem = L.out()
    grads = [None] * T
    nxt = None
    for t in reversed(range(T)):
        def beta_body(bd, args, t=t, nxt=nxt):
            n, j, il, tl, lab, lp, ninf = x.frame(bd, t)
            one, two = bd.const(1, i64), bd.const(2, i64)
            end = bd.binary("mul", tl, two, i64)      # the last extended label
            tt = bd.const(t, i64)
            last = bd.cmp("eq", tt, bd.binary("sub", il, one, i64), i64)
            init = bd.binary("or", bd.cmp("eq", j, end, i64),
                             bd.binary("and", bd.cmp("eq", j, bd.binary("sub", end, one, i64), i64),
                                       bd.cmp("gt", tl, bd.const(0, i64), i64), "i1"), "i1")
            v = bd.select(bd.binary("and", last, init, "i1"), lp, ninf, c)
            if nxt is not None:
                jp1, jp2 = bd.binary("add", j, one, i64), bd.binary("add", j, two, i64)
                b0 = args[0]
                b1 = bd.select(bd.cmp("lt", j, end, i64), x.at(bd, nxt, n, jp1), ninf, c)
                skip = bd.binary("and", bd.cmp("lt", j, bd.binary("sub", end, one, i64), i64),
                                 bd.cmp("ne", x.label(bd, n, jp2), lab, i64), "i1")
                b2 = bd.select(skip, x.at(bd, nxt, n, jp2), ninf, c)
                rec = bd.binary("add", x.lse(bd, [b0, b1, b2]), lp, c)
                inner = bd.cmp("lt", tt, bd.binary("sub", il, one, i64), i64)
                v = bd.select(inner, rec, v, c)
            return [v]
        beta = L.fn.generic([((N, W), c)], [nxt] if nxt is not None else [], beta_body)[0]
        nxt = beta

        # log sum over the extended labels of class k of alpha + beta
        def lcab_body(bd, args):
            n, k, s = bd.index(0), index_i64(bd, 1), index_i64(bd, 2)
            a, b, acc = bd.cast(args[0], la.elem, c), args[1], args[2]
            ninf = bd.const(_NEG_INF, c)
            v = bd.select(bd.cmp("eq", x.label(bd, n, s), k, i64), bd.binary("add", a, b, c), ninf, c)
            # log(exp(v) + exp(acc)); exactly v where acc is -inf, and back
            return [x.lse(bd, [v, acc])]
        init = L.fn.filled((N, C), c, _NEG_INF)
        lcab = L.fn.generic([((N, C), c)], [(la, ["d0", str(t), "d2"]), (beta, ["d0", "d2"])],
                            lcab_body, reduce_dims=[W], inits=[init])[0]

        def grad_body(bd, args, t=t):
            n, k = bd.index(0), bd.index(1)
            il, _ = x.ints(bd, n)
            lcab_v = args[0]
            lp = bd.cast(extract(bd, x.lp, [bd.const(t, "index"), n, k]), x.lp.elem, c)
            nl = bd.cast(extract(bd, nll, [n]), nll.elem, c)
            g = bd.cast(extract(bd, gr, [n]), gr.elem, c)
            r = bd.binary("mul", bd.binary(
                "sub", bd.unary("math.exp", lp, c),
                bd.unary("math.exp", bd.binary("sub", bd.binary("add", lcab_v, nl, c), lp, c), c), c),
                g, c)
            zero = bd.const(0.0, c)
            r = bd.select(bd.cmp("lt", bd.const(t, i64), il, i64), r, zero, c)
            if zero_infinity:
                r = bd.select(bd.cmp("eq", nl, bd.const(float("inf"), c), c), zero, r, c)
            return [bd.cast(r, c, elem)]
        g = L.fn.generic([((N, C), elem)], [lcab], grad_body)[0]
        grads[t] = g
    return stacked(L, grads, 0, (T, N, C), elem)
