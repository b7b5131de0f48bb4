"""Small dense linear algebra: torch.slogdet / torch.linalg.slogdet and the
LU solve its backward makes (Glow's invertible 1x1 convolution, a flow's
log-determinant), and diag_embed.

`_linalg_slogdet(A)` returns (sign, logabsdet, LU, pivots) where LU and
pivots are LAPACK getrf's of A^T (what ATen factors; pivots 1-based, row
interchanges in order), and its backward is `linalg_lu_solve(LU, pivots,
diag(g))`, A^-T g. Both are unrolled over the n columns: partial pivoting
picks the first largest |a| of the column (LAPACK's idamax), the
multipliers are the column times the pivot's reciprocal (dgetf2), the
trailing rows are updated one rank at a time; the solve applies the
interchanges, then L (unit) forward and U backward. ATen's LAPACK may block
these (OpenBLAS): the results agree up to rounding. Meant for the small
matrices of those models (n up to a few dozen: O(n) ops of n^2 elements
each), single matrices only.

Cholesky (`linalg_cholesky_ex`), triangular solves
(`linalg_solve_triangular`) and `cholesky_solve`, what
torch.distributions.MultivariateNormal and Gaussian processes call, are
batched over leading dims and unrolled the same way (a generic per column
or row).
"""

from .core import compute_elem, extract, handles, index_i64, rounded, to_index
from .views import _on_diagonal


def _square(L, a, what):
    if len(a.shape) != 2 or a.shape[0] != a.shape[1]:
        L.error("%s is supported for one square matrix (got %s)" % (what, list(a.shape)))
    return a.shape[0]


def _const_index(bd, k):
    return bd.const(k, "index")


def _interchanged(bd, i, k, p):
    """The row that row i reads once rows k and p (i64) are interchanged."""
    kk = bd.const(k, "i64")
    return bd.select(bd.cmp("eq", i, kk, "i64"), p,
                     bd.select(bd.cmp("eq", i, p, "i64"), kk, i, "i64"), "i64")


def _lu(L, a, c):
    """getrf of square `a`: the packed LU (in `c`) and the pivot row of
    each column (0-d i64 tensors, 0-based)."""
    n = a.shape[0]
    m = L.fn.materialize(a)
    if m.elem != c:
        m = L.ew([m], lambda bd, e: e[0], shape=(n, n), elem=c)
    pivots = []
    for k in range(n):
        # p = the first i >= k with the largest |m[i, k]|
        def pick(bd, args, k=k):
            i = index_i64(bd, 0)
            v = bd.unary("math.absf", bd.cast(args[0], c, c), c)
            best, at = args[1], args[2]
            take = bd.binary("and", bd.cmp("ge", i, bd.const(k, "i64"), "i64"),
                             bd.cmp("gt", v, best, c), "i1")
            return [bd.select(take, v, best, c), bd.select(take, i, at, "i64")]
        _, p = L.fn.generic([((), c), ((), "i64")], [(m, ["d0", str(k)])], pick,
                            reduce_dims=[n], inits=[L.fn.filled((), c, -1.0),
                                                    L.fn.filled((), "i64", k)])
        pivots.append(p)

        def step(bd, args, k=k, m=m, p=p):
            i, j = index_i64(bd, 0), index_i64(bd, 1)
            kk = bd.const(k, "i64")
            piv = extract(bd, p, [])
            src = _interchanged(bd, i, k, piv)
            at = lambda r, col: extract(bd, m, [to_index(bd, r, "i64", n), col])  # noqa: E731
            x = at(src, bd.index(1))
            x_ik = at(src, _const_index(bd, k))
            u_kj = at(piv, bd.index(1))
            u_kk = at(piv, _const_index(bd, k))
            inv = bd.binary("div", bd.const(1.0, c), u_kk, c)
            l_ik = bd.binary("mul", x_ik, inv, c)
            below = bd.cmp("gt", i, kk, "i64")
            upd = bd.select(bd.cmp("gt", j, kk, "i64"),
                            bd.binary("sub", x, bd.binary("mul", l_ik, u_kj, c), c),
                            bd.select(bd.cmp("eq", j, kk, "i64"), l_ik, x, c), c)
            return [bd.select(below, upd, x, c)]
        m = L.fn.generic([((n, n), c)], [], step)[0]
    return m, pivots


def _pivot_vector(L, pivots, elem):
    """The 0-based pivot rows as LAPACK's 1-based vector of `elem`."""
    n = len(pivots)

    def body(bd, args):
        k = index_i64(bd, 0)
        v = bd.const(0, "i64")
        for q, p in enumerate(pivots):
            v = bd.select(bd.cmp("eq", k, bd.const(q, "i64"), "i64"), extract(bd, p, []), v, "i64")
        return [bd.cast(bd.binary("add", v, bd.const(1, "i64"), "i64"), "i64", elem)]
    return L.fn.generic([((n,), elem)], [], body)[0]


@handles("_linalg_slogdet")
def h_linalg_slogdet(L, a):
    _square(L, a, "slogdet")
    (_, s_elem), (_, l_elem), (_, lu_elem), (_, p_elem) = \
        L.out(0), L.out(1), L.out(2), L.out(3)
    c = compute_elem(lu_elem)
    lu, pivots = _lu(L, a.permuted([1, 0]), c)

    def det(bd, args):
        # log|u_kk| summed, and the sign of the u_kk times (-1)^interchanges
        total, neg = bd.const(0.0, c), bd.const(False, "i1")
        zero = bd.const(0.0, c)
        for k, p in enumerate(pivots):
            u = extract(bd, lu, [_const_index(bd, k), _const_index(bd, k)])
            total = bd.binary("add", total, bd.unary("math.log", bd.unary("math.absf", u, c), c), c)
            neg = bd.binary("xor", neg, bd.cmp("lt", u, zero, c), "i1")
            swapped = bd.cmp("ne", extract(bd, p, []), bd.const(k, "i64"), "i64")
            neg = bd.binary("xor", neg, swapped, "i1")
        sign = bd.select(neg, bd.const(-1.0, c), bd.const(1.0, c), c)
        singular = bd.cmp("eq", total, bd.const(float("-inf"), c), c)
        sign = bd.select(singular, zero, sign, c)
        return [bd.cast(sign, c, s_elem), bd.cast(total, c, l_elem)]
    sign, logabs = L.fn.generic([((), s_elem), ((), l_elem)], [], det)
    return sign, logabs, rounded(L, lu, lu_elem), _pivot_vector(L, pivots, p_elem)


@handles("linalg_lu_solve")
def h_linalg_lu_solve(L, lu, pivots, b, left=True, adjoint=False):
    """X with A X = B, or A^T X = B with adjoint (real matrices), where
    A = P L U is what getrf's LU and pivots describe."""
    if not left:
        L.error("linalg.lu_solve is supported with left=True")
    n = _square(L, lu, "linalg.lu_solve")
    if len(b.shape) != 2 or b.shape[0] != n:
        L.error("linalg.lu_solve is supported for one (n, k) right-hand side (got %s)" % list(b.shape))
    shape, elem = L.out()
    c = compute_elem(elem)
    lu = L.fn.materialize(lu)
    piv = L.fn.materialize(pivots)
    y = L.fn.materialize(b)
    if y.elem != c:
        y = L.ew([y], lambda bd, e: e[0], shape=shape, elem=c)

    def lu_at(bd, i, k):
        return bd.cast(extract(bd, lu, [i, k]), lu.elem, c)

    def swap(y, k):
        """y with rows k and pivots[k] - 1 interchanged."""
        def body(bd, args):
            p = bd.binary("sub", bd.cast(extract(bd, piv, [_const_index(bd, k)]), piv.elem, "i64"),
                          bd.const(1, "i64"), "i64")
            src = _interchanged(bd, index_i64(bd, 0), k, p)
            return [extract(bd, y, [to_index(bd, src, "i64", n), bd.index(1)])]
        return L.fn.generic([(shape, c)], [], body)[0]

    def eliminate(y, k, coef, divide):
        """Row k of y divided by lu[k, k] when `divide`, then rows below
        (coef "below": lu[i, k], or "right": lu[k, i], as a column of
        L or U^T) or above ("above": lu[i, k] of U, "left": lu[k, i] of
        L^T) less coefficient x row k."""
        def body(bd, args):
            i = index_i64(bd, 0)
            x = args[0]
            kk = _const_index(bd, k)
            y_k = extract(bd, y, [kk, bd.index(1)])
            if divide:
                y_k = bd.binary("div", y_k, lu_at(bd, kk, kk), c)
            a = lu_at(bd, bd.index(0), kk) if coef in ("below", "above") else lu_at(bd, kk, bd.index(0))
            upd = bd.binary("sub", x, bd.binary("mul", a, y_k, c), c)
            k64 = bd.const(k, "i64")
            rest = bd.cmp("gt" if coef in ("below", "right") else "lt", i, k64, "i64")
            r = bd.select(rest, upd, x, c)
            return [bd.select(bd.cmp("eq", i, k64, "i64"), y_k, r, c)]
        return L.fn.generic([(shape, c)], [y], body)[0]

    if not adjoint:
        for k in range(n):            # P^T b
            y = swap(y, k)
        for k in range(n):            # L (unit diagonal)
            y = eliminate(y, k, "below", False)
        for k in reversed(range(n)):  # U
            y = eliminate(y, k, "above", True)
    else:
        for k in range(n):            # U^T
            y = eliminate(y, k, "right", True)
        for k in reversed(range(n)):  # L^T (unit diagonal)
            y = eliminate(y, k, "left", False)
        for k in reversed(range(n)):  # P
            y = swap(y, k)
    return rounded(L, y, elem)


@handles("diag_embed")
def h_diag_embed(L, a, offset=0, dim1=-2, dim2=-1):
    shape, elem = L.out()
    r = len(shape)
    d1, d2 = dim1 % r, dim2 % r
    if (d1, d2) != (r - 2, r - 1):
        L.error("diag_embed is supported into the last two dims")
    return _on_diagonal(L, a, shape, elem, offset, d1, d2)


@handles("linalg_lu_factor_ex")
def h_linalg_lu_factor_ex(L, a, pivot=True, check_errors=False):
    if not pivot:
        L.error("linalg.lu_factor is supported with pivot=True")
    n = _square(L, a, "linalg.lu_factor")
    (_, lu_elem), (_, p_elem), (_, i_elem) = L.out(0), L.out(1), L.out(2)
    c = compute_elem(lu_elem)
    lu, pivots = _lu(L, a, c)

    def info_body(bd, args):
        # LAPACK's info: the first zero pivot, 1-based, else 0
        info = bd.const(0, "i64")
        for k in reversed(range(n)):
            u = extract(bd, lu, [_const_index(bd, k), _const_index(bd, k)])
            info = bd.select(bd.cmp("eq", u, bd.const(0.0, c), c), bd.const(k + 1, "i64"), info, "i64")
        return [bd.cast(info, "i64", i_elem)]
    info = L.fn.generic([((), i_elem)], [], info_body)[0]
    return rounded(L, lu, lu_elem), _pivot_vector(L, pivots, p_elem), info


@handles("_linalg_check_errors")
def h_linalg_check_errors(L, info, api_name, is_matrix):
    # A raise on a singular matrix: checked when the step is traced (the
    # example inputs), not in the graph, as PyTorch's argument checks are.
    return None


@handles("linalg_cholesky_ex")
def h_linalg_cholesky_ex(L, a, upper=False, check_errors=False):
    """Cholesky (LAPACK potf2's order, left-looking, batched over leading
    dims): column j's diagonal sqrt(a_jj - sum_k<j l_jk^2), below it
    (a_ij - sum_k<j l_ik l_jk) times the diagonal's reciprocal. A matrix
    that is not positive definite gives NaN where LAPACK stops with info >
    0 (info is 0 here). torch.distributions.MultivariateNormal calls it."""
    (shape, elem), (ishape, ielem) = L.out(0), L.out(1)
    if len(shape) < 2 or shape[-1] != shape[-2]:
        L.error("linalg.cholesky is supported for square matrices (got %s)" % list(shape))
    n, nb = shape[-1], len(shape) - 2
    c = compute_elem(elem)
    b = ["d%d" % i for i in range(nb)]
    i_, k_ = "d%d" % nb, "d%d" % (nb + 1)
    lm = L.fn.filled(shape, c, 0.0)
    for j in range(n):
        ins = [(a, a.base_exprs(b + [i_, str(j)])), (a, a.base_exprs(b + [str(j), str(j)]))]
        if j > 0:  # s[b, i] = sum_{k < j} l[b, i, k] l[b, j, k]
            def dot(bd, e, j=j):
                k = index_i64(bd, nb + 1)
                new = bd.binary("add", e[2], bd.binary("mul", e[0], e[1], c), c)
                return [bd.select(bd.cmp("lt", k, bd.const(j, "i64"), "i64"), new, e[2], c)]
            s = L.fn.generic([(shape[:-1], c)], [(lm, lm.base_exprs(b + [i_, k_])),
                                                 (lm, lm.base_exprs(b + [str(j), k_]))],
                             dot, reduce_dims=[n], inits=[L.fn.filled(shape[:-1], c, 0.0)])[0]
            ins += [(s, s.base_exprs(b + [i_])), (s, s.base_exprs(b + [str(j)]))]

        def body(bd, e, j=j):
            aij, ajj = bd.cast(e[0], a.elem, c), bd.cast(e[1], a.elem, c)
            si, sj = (e[2], e[3]) if j > 0 else (bd.const(0.0, c), bd.const(0.0, c))
            cur = e[-2]  # the factor so far (e[-1] is the output's own element)
            d = bd.unary("math.sqrt", bd.binary("sub", ajj, sj, c), c)
            below = bd.binary("mul", bd.binary("sub", aij, si, c), bd.binary("div", bd.const(1.0, c), d, c), c)
            i, col = index_i64(bd, nb), index_i64(bd, nb + 1)
            jj = bd.const(j, "i64")
            v = bd.select(bd.cmp("eq", i, jj, "i64"), d,
                          bd.select(bd.cmp("gt", i, jj, "i64"), below, bd.const(0.0, c), c), c)
            return [bd.select(bd.cmp("eq", col, jj, "i64"), v, cur, c)]
        par = b + [i_, k_]
        lm = L.fn.generic([(shape, c)], ins + [(lm, lm.base_exprs(par))], body)[0]
    out = rounded(L, lm, elem)
    if upper:
        out = out.permuted(list(range(nb)) + [nb + 1, nb])
    return out, L.fn.filled(ishape, ielem, 0)


@handles("linalg_solve_triangular")
def h_linalg_solve_triangular(L, a, b, upper, left=True, unitriangular=False):
    """X with A X = B (left) or X A = B, A triangular (the other triangle
    is never read), batched and broadcast over leading dims: substitution
    row by row in BLAS trsm's order (b_i minus each solved row's term in
    turn, then divided by a_ii). MultivariateNormal's log_prob calls it,
    and its backward."""
    shape, elem = L.out()
    if len(shape) < 2 or len(a.shape) < 2 or a.shape[-1] != a.shape[-2]:
        L.error("linalg.solve_triangular needs a square A and a matrix B (got %s, %s)"
                % (list(a.shape), list(b.shape)))
    nb = len(shape) - 2
    if not left:  # X A = B  <=>  A^T X^T = B^T
        at = a.permuted(list(range(len(a.shape) - 2)) + [len(a.shape) - 1, len(a.shape) - 2])
        bt = b.permuted(list(range(len(b.shape) - 2)) + [len(b.shape) - 1, len(b.shape) - 2])
        tshape = tuple(shape[:nb]) + (shape[-1], shape[-2])
        x = _trsm(L, at, bt, not upper, unitriangular, tshape, elem)
        return x.permuted(list(range(nb)) + [nb + 1, nb])
    return _trsm(L, a, b, upper, unitriangular, tuple(shape), elem)


def _trsm(L, a, b, upper, unit, shape, elem):
    nb = len(shape) - 2
    n, m = shape[-2], shape[-1]
    c = compute_elem(elem)
    a = a.broadcast_to(tuple(shape[:nb]) + (n, n))
    b = b.broadcast_to(shape)
    bd_ = ["d%d" % i for i in range(nb)]
    col, k_ = "d%d" % nb, "d%d" % (nb + 1)
    x = L.fn.filled(shape, c, 0.0)
    for i in (range(n - 1, -1, -1) if upper else range(n)):
        done = (n - 1 - i) if upper else i  # rows solved before row i
        first = i + 1 if upper else 0
        row_b = L.fn.generic([(shape[:nb] + (m,), c)], [(b, b.base_exprs(bd_ + [str(i), col]))],
                             lambda bd, e: [bd.cast(e[0], b.elem, c)])[0]
        if done:
            # over every k, the rows not solved yet skipped: the other
            # triangle of A is never read (it may hold anything)
            def sub(bd, e, first=first, done=done):
                k = index_i64(bd, nb + 1)
                inside = bd.binary("and", bd.cmp("ge", k, bd.const(first, "i64"), "i64"),
                                   bd.cmp("lt", k, bd.const(first + done, "i64"), "i64"), "i1")
                new = bd.binary("sub", e[2], bd.binary("mul", bd.cast(e[0], a.elem, c), e[1], c), c)
                return [bd.select(inside, new, e[2], c)]
            r = L.fn.generic([(shape[:nb] + (m,), c)],
                             [(a, a.base_exprs(bd_ + [str(i), k_])), (x, x.base_exprs(bd_ + [k_, col]))],
                             sub, reduce_dims=[n], inits=[row_b])[0]
        else:
            r = row_b

        def body(bd, e, i=i):
            v = e[0] if unit else bd.binary("div", e[0], bd.cast(e[1], a.elem, c), c)
            row = index_i64(bd, nb)
            return [bd.select(bd.cmp("eq", row, bd.const(i, "i64"), "i64"), v, e[-2], c)]
        par = bd_ + ["d%d" % nb, "d%d" % (nb + 1)]
        ins = [(r, r.base_exprs(bd_ + [par[-1]]))]
        if not unit:
            ins.append((a, a.base_exprs(bd_ + [str(i), str(i)])))
        x = L.fn.generic([(shape, c)], ins + [(x, x.base_exprs(par))], body)[0]
    return rounded(L, x, elem)


@handles("cholesky_solve")
def h_cholesky_solve(L, b, l, upper=False):
    """X with A X = B where A = l l^T (or u^T u with upper): two triangular
    solves, as LAPACK's potrs (a Gaussian process's alpha = K^-1 y)."""
    shape, elem = L.out()
    nb = len(shape) - 2
    lt = l.permuted(list(range(len(l.shape) - 2)) + [len(l.shape) - 1, len(l.shape) - 2])
    first, second = (lt, l) if upper else (l, lt)  # lower factor first
    y = _trsm(L, first, b, False, False, tuple(shape), elem)
    return _trsm(L, second, y, True, False, tuple(shape), elem)


@handles("_assert_async")
def h_assert_async(L, cond, msg=None):
    # A check of values PyTorch asserts at run time (2.x's F.one_hot: every
    # index in range; was refused, and the whole graph kept PyTorch's
    # default partition). remat's graph does not carry it; in
    # remat_torch.compile the step PyTorch runs still raises on an index
    # out of range (tried, 2.15).
    return None
