//===- TileAttention.cpp - FlashAttention as a compiler transformation ----===//
//
// Recognizes attention, forward and backward, in a training graph and
// rewrites it into loops over tiles (FlashAttention 2's algorithm on
// linalg/tensor inside scf.for), so that no sequence x sequence matrix is
// ever materialized: forward keeps only the output O and the per-row
// maximum M and log-sum log L; backward recomputes each probability tile
// P_ij = exp((chain(Q_i K_j^T) - M_i) - log L_i) just before its gradients
// consume it. (FlashAttention saves M + log L in one; with a finite mask
// value such as finfo.min that masks a whole row, M + log L rounds to M.)
//
// What is matched (in "bmm space", rank 2 for linalg.matmul or 3 for
// linalg.batch_matmul; the softmax may run on a reshape of it that splits
// the batch, "chain space"):
//
//   S   = Q K^T            a contraction into a zero fill, any operand layout
//   X   = steps(S)         each a linalg.generic: x * c, x / c,
//                          select(m, c, x) / select(m, x, c) with m an i1
//                          mask or a predicate of linalg.index (causal),
//                          x + m with m a float mask (no gradient
//                          step), or any pure function of x alone (tanh
//                          soft-capping; its gradient reads its result);
//                          a mask's dims are query, key, batch dims
//                          or unit dims read at 0; masks may follow
//                          each other (a causal and a padding mask)
//   P   = linalg.softmax(X) over the last (key) dimension; beside it the
//         rows' statistics of PyTorch 2.x's fused CPU attention (m =
//         rowmax X, lse = m + log rowsum exp(X - m)), read only by the
//         backward's recomputation P' = exp(X' - lse) of the same X: P' is
//         folded into P; and Pz = select(rowmax X == -inf, 0, P)
//         (_safe_softmax: rows masked whole give 0)
//   Pm  = select(m, 0, P)  optional mask on the probabilities (ESPnet)
//   Pd  = Pm * D           optional dropout (D: any tensor of P's shape)
//   O   = Pd V
//   dV  = Pd^T dO,   dPd = dO V^T,   dP = select(m, 0, dPd * D)
//   g   = P * (dP - rowsum(dP * P))   [* c]   (fused or split reduction;
//         or rowsum(dO * O), FlashAttention's D)
//   dS  = the steps' gradients in reverse order (x * c, x / c,
//         select(m, 0, g) with the forward's mask and polarity; none for
//         x + m, nor, optionally, for a select filling -inf)
//   dQ  = dS K,   dK = dS^T Q          (in Q's and K's layouts)
//
// A softmax written out (exp(x - rowmax x) / rowsum, its gradient t - p *
// rowsum t with t = dP * p: torch-mlir's and JAX's decompositions) is
// raised to these forms where the attention then tiles (tried on a copy);
// so are products written as linalg.generic contractions with several
// batch dims (JAX's dot_general through StableHLO), rewritten as
// linalg.batch_matmul over transposed, collapsed operands.
//
// Every intermediate must have no other user (looking through reshapes
// that only regroup batch dimensions); anything else is left untiled with
// a remark at the softmax. Element types f32, bf16 and f16, one for the
// whole attention; the tiles compute in it, as the untiled graph does.
// Importers write 16-bit attention "widened": each product accumulates in
// f32 and is narrowed by a truncf-only generic, each step is extf, the f32
// op, truncf. The matcher looks through those conversions (every product
// must have the same form) and the tiles then compute in f32, narrowing
// where the untiled graph stores 16-bit values. A softmax computed in f32
// on the widened scores (LLaMA's softmax(scores.float()).type_as(q)) is
// matched with its conversions (P narrowed, dP widened, g narrowed).
//
// Produced (B: batch dims of bmm space, if any):
//
//   forward, at O's position:
//     scf.for qi (O, L) { m, l, acc = -inf, 0, 0
//       scf.for kj (m, l, acc) { S_ij; X_ij = steps(S_ij) (bodies cloned)
//         mn = max(m, rowmax X_ij); p = exp(X_ij - mn); a = exp(m - mn)
//         l = a l + rowsum p; acc = a acc + (p * D_ij) V_j; m = mn }
//       O_i = acc / l;  M_i = m;  logL_i = log l }
//   backward, before the first of dV, dPd:
//     Dr = rowsum(dO * O)
//     scf.for kj (dQ, dK, dV) { dK_j, dV_j = 0
//       scf.for qi (dQ, dK_j, dV_j) { P_ij = exp((steps(Q_i K_j^T) - M_i) - logL_i)
//         dV_j += (P_ij * D_ij)^T dO_i; dP = (dO_i V_j^T) * D_ij
//         dS = steps'(P_ij * (dP - Dr_i)); dQ_i += dS K_j; dK_j += dS^T Q_i }
//       insert dK_j, dV_j }
//
// A row whose scores are all masked so far has m = -inf: exp(x - m) uses 0
// in place of m there, as FlashAttention does. A dropout mask whose
// producer is an elementwise linalg.generic over identity maps is re-drawn
// per tile (linalg.index offset by the tile's origin), through a chain of
// such producers (a draw, then its scaling); any other mask is sliced.
// Block sizes that do not divide the sequence are evened out over it: equal
// tiles and a smaller last one (the loop body emitted once more, after the
// loop, with the remainder's static shape), or the largest divisor when it
// is at least half the evened size.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/MemoryReport.h"
#include "remat/Transforms/Passes.h"
#include "remat/Transforms/Rematerialize.h"

#include "TilingUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <functional>

namespace mlir::remat {
#define GEN_PASS_DEF_REMATTILEATTENTION
#include "remat/Transforms/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

namespace {

/// What a dimension of an attention tensor stands for.
enum Label : int { kQuery, kKey, kHead, kValue };
using Labels = std::array<Label, 2>;

/// A contraction C = A B over dims (batch?, m, n, k): which iteration dim
/// (0 m, 1 n, 2 k) each of the last two dims of A and B is.
struct Contraction {
  Operation *op = nullptr;
  Value a, b;
  std::array<int, 2> aDims, bDims;
  /// The truncf-only generic after a product accumulated in a wider type
  /// (bf16 x bf16 -> f32 -> bf16, as importers write 16-bit products).
  Operation *narrow = nullptr;
  /// What the attention's other ops read: the narrowed value, if any.
  Value result() const {
    return (narrow ? narrow : op)->getResult(0);
  }
};

/// One elementwise step of the score chain.
struct Step {
  linalg::GenericOp op;
  /// Add: x + m with m a float mask (LLaMA's -inf/0 causal mask), which
  /// has no gradient step: the gradient passes through unchanged.
  /// Unary: any other function of x alone (Gemma 2's tanh soft-capping);
  /// its gradient reads the step's result (`gradReader`) and is matched
  /// as a generic of (gradient, result): `fwdInput` is the result's input.
  enum Kind { Mul, Div, Select, Add, Unary } kind = Mul;
  Operation *gradReader = nullptr;
  std::optional<unsigned> fwdInput;
  unsigned fwdIndex = 0; // the forward step whose result fwdInput reads
  unsigned xInput = 0;
  std::optional<unsigned> maskInput;
  /// A rank-0 tensor input holding the constant (Hugging Face's
  /// `torch.full([], c)`): the tiles use a constant tensor of it instead.
  std::optional<unsigned> scalarInput;
  APFloat constant = APFloat(0.0f);
  bool fillWhenTrue = true; // select(m, c, x) rather than select(m, x, c)
  /// A select whose condition the body computes from linalg.index alone
  /// (the importer's is_causal: select(key > query, -inf, x)); the tiles
  /// offset the indices by the tile's origin.
  bool indexMask = false;
};

/// A matched attention.
struct Attention {
  int nb = 0; // batch dims in bmm space
  int64_t batch = 1, sq = 0, sk = 0, hd = 0, vd = 0;
  Contraction scores, context, gradV, gradProbs, gradQ, gradK;
  /// dQ or dK computed in the transposed layout (head dim first: PyTorch
  /// 1.13's einsum backward computes Q^T dS, then transposes it): the tiles
  /// write Q's or K's layout and a transposing copy gives the product's.
  bool gradQTransposed = false, gradKTransposed = false;
  SmallVector<Step> steps, gradSteps;
  /// The gradient of a score step x * c applied to dQ's and dK's products
  /// (baddbmm's alpha) rather than to dS: the ops dQ and dK are read from.
  linalg::GenericOp postQ, postK;
  /// Readers of the scores' gradient besides dQ and dK, each read after
  /// the first `after` gradient steps: the gradients of learned biases
  /// added to the scores (T5's relative position bias, Swin's and BEiT's
  /// tables), sums of it over the dims the bias is broadcast along, or a
  /// copy of it where nothing is (batch 1). The tiles accumulate them.
  struct Reader {
    linalg::GenericOp op;
    unsigned after = 0;
    bool sum = false;
  };
  SmallVector<Reader, 2> readers;
  linalg::SoftmaxOp softmax;
  /// Pm = select(m, 0, P): probabilities zeroed after the softmax where a
  /// mask says (ESPnet's `softmax(scores).masked_fill(mask, 0.0)`), and
  /// its gradient select(m, 0, dPm). Like dropout, a multiplicative mask:
  /// rowsum(dP * P) is still rowsum(dO * O).
  std::optional<Step> postMask, postMaskGrad;
  /// Pz = select(rowmax(X) == -inf, 0, P): rows masked whole give 0, not
  /// NaN (PyTorch 2.5+'s _safe_softmax, the fused CPU kernel with a mask).
  bool safeRows = false;
  /// The backward recomputed P' = exp(X' - lse) from a log-sum-exp (2.x's
  /// fused CPU attention): the tiles recompute P as exp(x - (m + log l)),
  /// not exp((x - m) - log l), so that a row whose m swallows log l
  /// (masked whole by Hugging Face's finfo.min: P' = 1, not 1/sk) gets
  /// PyTorch's gradient.
  bool lseForm = false;
  linalg::GenericOp dropout;  // Pd = P * D (or Pm * D)
  linalg::GenericOp dropGrad; // dP = dPd * D
  Value drop;                 // D
  unsigned dropPInput = 0, dropGradInput = 0;
  bool fusedScale = false; // g's body ends with * c (the last step's gradient)
  int fusedStep = -1;       // which step that is (the last one not an Add)
  Value q, k, v, dO;
  Labels ql, kl, vl;
  /// Whether the products accumulate in a wider type `ct` than the element
  /// type (each followed by a truncf): the tiles then compute in `ct`.
  bool widened = false;
  Type ct;
  /// The softmax computes in ct on the widened scores and its probabilities
  /// are narrowed back (LLaMA's `softmax(scores.float()).type_as(q)`): the
  /// widening, the narrowing, dP's widening and g's narrowing.
  Operation *softmaxWiden = nullptr, *probsNarrow = nullptr;
  SetVector<Operation *> ops; // every matched op and view, erased after
};

} // namespace

//===----------------------------------------------------------------------===//
// Matching helpers
//===----------------------------------------------------------------------===//

/// A reshape that regroups only batch dimensions: its last two dimensions
/// are groups of their own.
static bool isBatchView(Operation *op) {
  SmallVector<ReassociationIndices> groups;
  ArrayRef<int64_t> wide; // the shape of the side with more dims
  if (auto c = dyn_cast_or_null<tensor::CollapseShapeOp>(op)) {
    groups = c.getReassociationIndices();
    wide = c.getSrcType().getShape();
  } else if (auto e = dyn_cast_or_null<tensor::ExpandShapeOp>(op)) {
    groups = e.getReassociationIndices();
    wide = e.getResultType().getShape();
  } else {
    return false;
  }
  // The last two groups hold one dim each, besides unit dims (einsum's
  // bmm viewed with a unit dim, as PyTorch 1.13 decomposes it).
  auto oneDim = [&](const ReassociationIndices &group) {
    return llvm::count_if(group, [&](int64_t d) { return wide[d] != 1; }) <= 1;
  };
  return groups.size() >= 3 && oneDim(groups[groups.size() - 1]) &&
         oneDim(groups[groups.size() - 2]);
}

/// The reassociation between a rank-`r` chain space and bmm space: the
/// leading r - 2 (batch) dims in one group, query and key alone.
static SmallVector<ReassociationIndices> batchGroups(int64_t r) {
  ReassociationIndices lead;
  for (int64_t i = 0; i + 2 < r; ++i)
    lead.push_back(i);
  return {lead, {r - 2}, {r - 1}};
}

/// Any reshape: row vectors (the statistics below) are reshaped freely.
static bool isReshape(Operation *op) {
  return isa_and_nonnull<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op);
}

/// `value` without the views (batch-regrouping reshapes, by default) above
/// it.
static Value stripViews(Value value,
                        bool (*isView)(Operation *) = isBatchView) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isView(def))
      break;
    value = def->getOperand(0);
  }
  return value;
}

static Value stripReshapes(Value value) { return stripViews(value, isReshape); }

/// The uses of `value` and of the views of it, recording the views.
static SmallVector<OpOperand *>
getUsesThroughViews(Value value, SetVector<Operation *> &views,
                    bool (*isView)(Operation *) = isBatchView) {
  SmallVector<OpOperand *> uses;
  SmallVector<Value> work{value};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      if (isView(use.getOwner())) {
        views.insert(use.getOwner());
        work.push_back(use.getOwner()->getResult(0));
        continue;
      }
      uses.push_back(&use);
    }
  }
  return uses;
}

static bool isZeroFill(Value value) {
  auto fill = value.getDefiningOp<linalg::FillOp>();
  if (!fill || !fill.getOutputs()[0].getDefiningOp<tensor::EmptyOp>())
    return false;
  APFloat zero(0.0f);
  return matchPattern(fill.getInputs()[0], m_ConstantFloat(&zero)) &&
         zero.isZero() && !zero.isNegative();
}

/// The contraction of a linalg.matmul / linalg.batch_matmul into a zero fill,
/// in one element type, or accumulated in a wider one and narrowed by its
/// only user.
static FailureOr<Contraction> getContraction(Operation *op, int nb) {
  if (!op || (nb == 0 && !isa<linalg::MatmulOp>(op)) ||
      (nb == 1 && !isa<linalg::BatchMatmulOp>(op)))
    return failure();
  auto linalgOp = cast<linalg::LinalgOp>(op);
  if (!linalgOp.hasPureTensorSemantics() ||
      !isZeroFill(linalgOp.getDpsInits()[0]))
    return failure();
  // One element type throughout, or inputs of one type accumulated in a
  // wider one and narrowed back to it right after.
  Type elementType = getElementTypeOrSelf(op->getOperand(0).getType());
  Type accType = getElementTypeOrSelf(op->getResult(0).getType());
  if (getElementTypeOrSelf(op->getOperand(1).getType()) != elementType)
    return failure();
  Operation *narrow = nullptr;
  if (accType != elementType) {
    Value r = op->getResult(0);
    if (!r.hasOneUse() || !isNarrowing(*r.getUsers().begin()) ||
        getElementTypeOrSelf(r.getUsers().begin()->getResult(0).getType()) !=
            elementType ||
        !isa<FloatType>(accType) || !isa<FloatType>(elementType) ||
        cast<FloatType>(accType).getWidth() <=
            cast<FloatType>(elementType).getWidth())
      return failure();
    narrow = *r.getUsers().begin();
  }
  SmallVector<AffineMap> maps = linalgOp.getIndexingMapsArray();
  auto dimsOf = [&](AffineMap map, std::array<int, 2> &dims) {
    if (map.getNumResults() != unsigned(nb + 2))
      return false;
    if (nb && map.getDimPosition(0) != 0)
      return false;
    for (int i = 0; i < 2; ++i)
      dims[i] = int(map.getDimPosition(nb + i)) - nb;
    return true;
  };
  Contraction c;
  c.op = op;
  c.narrow = narrow;
  c.a = op->getOperand(0);
  c.b = op->getOperand(1);
  std::array<int, 2> out;
  if (!dimsOf(maps[0], c.aDims) || !dimsOf(maps[1], c.bDims) ||
      !dimsOf(maps[2], out) || out != std::array<int, 2>{0, 1})
    return failure();
  auto isPair = [](std::array<int, 2> d, int x, int y) {
    return (d[0] == x && d[1] == y) || (d[0] == y && d[1] == x);
  };
  if (!isPair(c.aDims, 0, 2) || !isPair(c.bDims, 2, 1))
    return failure();
  return c;
}

/// The labels A and B must have for `c` to compute out labels (m, n) with
/// label `k` contracted.
static std::pair<Labels, Labels> deriveLabels(const Contraction &c, Label m,
                                              Label n, Label k) {
  auto label = [&](int dim) { return dim == 0 ? m : dim == 1 ? n : k; };
  return {Labels{label(c.aDims[0]), label(c.aDims[1])},
          Labels{label(c.bDims[0]), label(c.bDims[1])}};
}

/// For a pure copy (a linalg.generic whose body yields its one input, as
/// importers write transpositions), its source and, per result dimension,
/// the source dimension it reads.
static std::optional<std::pair<Value, SmallVector<unsigned>>>
getCopySource(Value value) {
  // linalg.transpose: result dim i reads source dim permutation[i].
  if (auto transpose = value.getDefiningOp<linalg::TransposeOp>()) {
    if (!transpose.hasPureTensorSemantics())
      return std::nullopt;
    SmallVector<unsigned> srcDim;
    for (int64_t d : transpose.getPermutation())
      srcDim.push_back(unsigned(d));
    return std::make_pair(transpose.getInput(), srcDim);
  }
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic.getNumDpsInputs() != 1 ||
      generic.getNumDpsInits() != 1 || !generic.hasPureTensorSemantics() ||
      generic.getNumLoops() != generic.getNumParallelLoops() ||
      !generic.getIndexingMapsArray().back().isIdentity())
    return std::nullopt;
  Block *body = generic.getBody();
  if (body->getOperations().size() != 1 ||
      body->getTerminator()->getOperand(0) != body->getArgument(0))
    return std::nullopt;
  AffineMap map = generic.getIndexingMapsArray()[0];
  SmallVector<unsigned> srcDim(generic.getNumLoops(), ~0u);
  for (auto [r, expr] : llvm::enumerate(map.getResults())) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr))
      srcDim[dim.getPosition()] = r;
    else if (!isa<AffineConstantExpr>(expr) ||
             cast<AffineConstantExpr>(expr).getValue() != 0 ||
             cast<ShapedType>(generic.getDpsInputs()[0].getType())
                     .getDimSize(r) != 1)
      return std::nullopt; // a slice, not a copy
  }
  if (llvm::is_contained(srcDim, ~0u))
    return std::nullopt;
  return std::make_pair(generic.getDpsInputs()[0], srcDim);
}

/// What a product's operand holds: for a copy (of rank nb + 2), the copied
/// value, what is under its batch views, and per dimension of the operand
/// the dimension of the copied value it reads; otherwise the operand itself,
/// its batch dims first and its last two.
struct Holding {
  Value input, source;
  SmallVector<int> dims;
};
static Holding getHolding(Value operand, int nb) {
  Holding h;
  auto copy = getCopySource(stripViews(operand));
  if (copy && copy->second.size() == size_t(nb + 2)) {
    h.input = copy->first;
    for (unsigned d : copy->second)
      h.dims.push_back(int(d));
  } else {
    // The last two dims are the operand's last two (it may be a value
    // with more batch dims under batch views, as dS is).
    h.input = operand;
    int64_t lead = cast<ShapedType>(operand.getType()).getRank() - (nb + 2);
    for (int i = 0; i < nb + 2; ++i)
      h.dims.push_back(i < nb ? i : int(lead) + i);
  }
  h.source = stripViews(h.input);
  return h;
}

/// Whether `a` and `b` are computed by the same pure ops from the same
/// values (the fused backward's recomputed scores and its own copies of Q,
/// K and V: copied and multiplied again, the same steps), to `depth` ops.
static bool isSameComputation(Value a, Value b, int depth = 12) {
  if (a == b)
    return true;
  Operation *da = a.getDefiningOp(), *db = b.getDefiningOp();
  if (!da || !db || depth == 0 || da->getName() != db->getName() ||
      cast<OpResult>(a).getResultNumber() !=
          cast<OpResult>(b).getResultNumber() ||
      !isMemoryEffectFree(da) || !isMemoryEffectFree(db))
    return false;
  // Values inside the two ops' regions correspond as the walk pairs them.
  DenseMap<Value, Value> inside;
  return OperationEquivalence::isEquivalentTo(
      da, db,
      [&](Value x, Value y) {
        auto it = inside.find(x);
        if (it != inside.end())
          return success(it->second == y);
        return success(isSameComputation(x, y, depth - 1));
      },
      [&](Value x, Value y) { inside[x] = y; },
      OperationEquivalence::IgnoreLocations);
}

/// Whether `operand` (labels `lo`) holds tensor `x` (labels `lx`), each of
/// its dims carrying the same label (the batch first when `nb`): the same
/// value, or copies (transpositions, as importers write them before
/// products) of one value, or of two batch views of one value (PyTorch's
/// bmm backward views and copies dO and dS once per product). Batch views
/// keep the last two dims in place, so across them dims are compared by
/// their place among the last two.
static bool isSameTensor(Value operand, Labels lo, Value x, Labels lx, int nb) {
  // A copy made again (the fused backward's own Q, K, V in bmm layout).
  if (operand != x && isSameComputation(operand, x, 8))
    operand = x;
  Holding ho = getHolding(operand, nb), hx = getHolding(x, nb);
  if (ho.source != hx.source)
    return false;
  auto rank = [](Value v) {
    return int(cast<ShapedType>(v.getType()).getRank());
  };
  bool sameInput = ho.input == hx.input;
  // The place of each dim read: the dim itself for one input, else its place
  // among the input's last two (-1 before them).
  auto place = [&](const Holding &h, int i) {
    if (sameInput)
      return h.dims[i];
    int p = h.dims[i] - (rank(h.input) - 2);
    return p < 0 ? -1 : p;
  };
  DenseMap<int, int> labelOf;
  for (int i = 0; i < nb + 2; ++i) {
    int p = place(hx, i);
    if (!sameInput && (i < nb) != (p < 0))
      return false; // a batch dim read as query or key, or back
    labelOf[p] = i < nb ? -1 : int(lx[i - nb]);
  }
  for (int i = 0; i < nb + 2; ++i) {
    auto it = labelOf.find(place(ho, i));
    if (it == labelOf.end() || it->second != (i < nb ? -1 : int(lo[i - nb])))
      return false;
  }
  return true;
}

/// Whether `c` computes out labels (m, n) contracting `k` from operands x
/// (labels lx) and y (labels ly), in either order.
static bool computes(const Contraction &c, Label m, Label n, Label k, Value x,
                     Labels lx, Value y, Labels ly) {
  auto [la, lb] = deriveLabels(c, m, n, k);
  int nb = isa<linalg::BatchMatmulOp>(c.op) ? 1 : 0;
  return (isSameTensor(c.a, la, x, lx, nb) &&
          isSameTensor(c.b, lb, y, ly, nb)) ||
         (isSameTensor(c.a, la, y, ly, nb) && isSameTensor(c.b, lb, x, lx, nb));
}

/// Block argument index of `value` in `generic`'s body, if it is one or its
/// extf (a 16-bit input computed in f32, as importers write bf16 and f16).
static std::optional<unsigned> argNumber(linalg::GenericOp generic,
                                         Value value) {
  if (auto ext = value.getDefiningOp<arith::ExtFOp>())
    value = ext.getIn();
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || arg.getOwner() != generic.getBody())
    return std::nullopt;
  return arg.getArgNumber();
}

/// The value the body yields, for a generic with one init the body does not
/// read (a map over its inputs).
static Value getYielded(linalg::GenericOp generic) {
  if (generic.getNumDpsInits() != 1 || !generic.hasPureTensorSemantics())
    return nullptr;
  return generic.getBody()->getTerminator()->getOperand(0);
}

/// The value the body computes before a final truncf, if any (a 16-bit
/// result computed in f32).
static Value getComputed(linalg::GenericOp generic) {
  Value y = getYielded(generic);
  if (auto trunc = y ? y.getDefiningOp<arith::TruncFOp>() : nullptr)
    return trunc.getIn();
  return y;
}

/// The body's op count with its yield, not counting precision conversions.
static size_t numComputeOps(linalg::GenericOp generic) {
  return llvm::count_if(generic.getBody()->getOperations(), [](Operation &op) {
    return !isa<arith::ExtFOp, arith::TruncFOp>(op);
  });
}

static bool isIdentityOn(linalg::GenericOp generic, unsigned input) {
  return generic.getIndexingMapsArray()[input].isIdentity();
}

static bool allParallel(linalg::GenericOp generic) {
  return generic.getNumLoops() == generic.getNumParallelLoops();
}

/// Matches `lhs op rhs` (either order when `commutative`) with lhs, rhs
/// block arguments `x`, `y` of the body.
template <typename OpTy>
static bool isBinaryOfArgs(Value value, linalg::GenericOp generic, unsigned x,
                           unsigned y, bool commutative) {
  auto op = value.getDefiningOp<OpTy>();
  if (!op)
    return false;
  auto l = argNumber(generic, op.getLhs()), r = argNumber(generic, op.getRhs());
  if (l == x && r == y)
    return true;
  return commutative && l == y && r == x;
}

/// Whether `input`, read through `map` in a rank-`rank` iteration space
/// (the chain's: batch dims, then query and key), is a mask, i1 (for a
/// select) or float (added): each dimension is the query's, the key's, a
/// batch dimension, or a unit dimension read at 0. So a T x T causal mask,
/// nanoGPT's 1 x 1 x T x T `bias[:, :, :T, :T] == 0`, and BERT's per-sequence
/// padding mask B x 1 x 1 x T all are; the tiles slice its query and key
/// dimensions.
static bool isMask(Value input, AffineMap map, unsigned rank, int64_t sq,
                   int64_t sk) {
  auto type = dyn_cast<RankedTensorType>(input.getType());
  if (!type || !type.hasStaticShape() ||
      !(type.getElementType().isInteger(1) ||
        isa<FloatType>(type.getElementType())) ||
      map.getNumResults() != unsigned(type.getRank()))
    return false;
  llvm::SmallBitVector seen(rank);
  for (auto [i, expr] : llvm::enumerate(map.getResults())) {
    int64_t size = type.getDimSize(i);
    if (auto c = dyn_cast<AffineConstantExpr>(expr)) {
      if (c.getValue() != 0 || size != 1)
        return false;
      continue;
    }
    auto d = dyn_cast<AffineDimExpr>(expr);
    if (!d || seen.test(d.getPosition()))
      return false;
    seen.set(d.getPosition());
    if ((d.getPosition() == rank - 2 && size != sq) ||
        (d.getPosition() == rank - 1 && size != sk))
      return false;
  }
  // It masks keys or queries (a scalar is a constant, not a mask).
  return seen.test(rank - 2) || seen.test(rank - 1);
}

/// `v` in float type `t`.
static APFloat convertTo(APFloat v, Type t) {
  bool lost;
  v.convert(cast<FloatType>(t).getFloatSemantics(),
            APFloat::rmNearestTiesToEven, &lost);
  return v;
}

/// Whether `value` is a rank-0 float tensor holding a constant: a fill of
/// one, or a splat constant.
static bool isConstantScalar(Value value, APFloat &c) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getRank() != 0 || !isa<FloatType>(type.getElementType()))
    return false;
  if (auto fill = value.getDefiningOp<linalg::FillOp>())
    return matchPattern(fill.getInputs()[0], m_ConstantFloat(&c));
  DenseFPElementsAttr attr;
  if (matchPattern(value, m_Constant(&attr)) && attr.isSplat()) {
    c = attr.getSplatValue<APFloat>();
    return true;
  }
  return false;
}

/// Whether `value`, in `generic`'s body, is computed from the loop indices
/// and constants alone (integer arithmetic and comparisons on linalg.index),
/// counting those ops into `count`.
static bool isIndexPredicate(Value value, linalg::GenericOp generic,
                             size_t &count) {
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != generic.getBody() || def->getNumResults() != 1)
    return false;
  if (isa<linalg::IndexOp>(def)) {
    ++count;
    return true;
  }
  if (!isa<arith::CmpIOp, arith::AddIOp, arith::SubIOp, arith::MulIOp,
           arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::IndexCastOp,
           arith::ConstantOp>(def) ||
      isa<FloatType>(getElementTypeOrSelf(def->getResult(0).getType())))
    return false;
  ++count;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isIndexPredicate(operand, generic, count);
  });
}

/// Matches a score-chain step on input value `x` (stripped of views).
static std::optional<Step> matchStep(linalg::GenericOp generic, int64_t sq,
                                     int64_t sk) {
  Value yielded = getComputed(generic);
  // The ops of an index predicate (a causal select's) are not counted.
  size_t indexOps = 0;
  if (auto sel = yielded ? yielded.getDefiningOp<arith::SelectOp>() : nullptr;
      sel && sel->getBlock() == generic.getBody() &&
      !isIndexPredicate(sel.getCondition(), generic, indexOps))
    indexOps = 0;
  if (!yielded || !allParallel(generic) ||
      !generic.getIndexingMapsArray().back().isIdentity() ||
      generic.getNumDpsInputs() < 1 || generic.getNumDpsInputs() > 3 ||
      numComputeOps(generic) - indexOps > 3)
    return std::nullopt;
  unsigned rank = generic.getNumLoops();
  APFloat scalar(0.0f);
  Type resultType = generic.getResult(0).getType();
  Step step;
  step.op = generic;
  bool haveX = false;
  for (unsigned i = 0; i < generic.getNumDpsInputs(); ++i) {
    Value input = generic.getDpsInputs()[i];
    AffineMap map = generic.getIndexingMapsArray()[i];
    if (input.getType() == resultType && map.isIdentity() && !haveX) {
      step.xInput = i;
      haveX = true;
      continue;
    }
    if (isMask(input, map, rank, sq, sk) && !step.maskInput) {
      step.maskInput = i;
      continue;
    }
    if (map.getNumResults() == 0 && !step.scalarInput &&
        isConstantScalar(input, scalar)) {
      step.scalarInput = i;
      continue;
    }
    return std::nullopt;
  }
  if (!haveX)
    return std::nullopt;
  Operation *def = yielded.getDefiningOp();
  if (!def || def->getBlock() != generic.getBody())
    return std::nullopt;
  auto isX = [&](Value v) { return argNumber(generic, v) == step.xInput; };
  auto isConst = [&](Value v) {
    if (step.scalarInput && argNumber(generic, v) == step.scalarInput) {
      step.constant = scalar;
      return true;
    }
    return matchPattern(v, m_ConstantFloat(&step.constant));
  };
  if (auto mul = dyn_cast<arith::MulFOp>(def); mul && !step.maskInput) {
    step.kind = Step::Mul;
    if ((isX(mul.getLhs()) && isConst(mul.getRhs())) ||
        (isX(mul.getRhs()) && isConst(mul.getLhs())))
      return step;
  } else if (auto div = dyn_cast<arith::DivFOp>(def); div && !step.maskInput) {
    step.kind = Step::Div;
    if (isX(div.getLhs()) && isConst(div.getRhs()))
      return step;
  } else if (auto add = dyn_cast<arith::AddFOp>(def); add && step.maskInput) {
    step.kind = Step::Add;
    auto isMaskArg = [&](Value v) {
      return argNumber(generic, v) == step.maskInput;
    };
    if (isa<FloatType>(getElementTypeOrSelf(
            generic.getDpsInputs()[*step.maskInput].getType())) &&
        ((isX(add.getLhs()) && isMaskArg(add.getRhs())) ||
         (isX(add.getRhs()) && isMaskArg(add.getLhs()))))
      return step;
  } else if (auto sel = dyn_cast<arith::SelectOp>(def);
             sel && (step.maskInput || indexOps)) {
    step.kind = Step::Select;
    step.indexMask = !step.maskInput;
    if (step.maskInput &&
        argNumber(generic, sel.getCondition()) != step.maskInput)
      return std::nullopt;
    if (isConst(sel.getTrueValue()) && isX(sel.getFalseValue())) {
      step.fillWhenTrue = true;
      return step;
    }
    if (isX(sel.getTrueValue()) && isConst(sel.getFalseValue())) {
      step.fillWhenTrue = false;
      return step;
    }
    return std::nullopt;
  }
  // Any other pure function of x alone, cloned as it is.
  if (!step.maskInput && !step.scalarInput &&
      generic.getNumDpsInputs() == 1 &&
      llvm::all_of(generic.getBody()->without_terminator(), [](Operation &op) {
        return isa<arith::ArithDialect, math::MathDialect>(op.getDialect()) &&
               isPure(&op);
      })) {
    step.kind = Step::Unary;
    return step;
  }
  return std::nullopt;
}

/// Whether `grad` is the gradient step of forward step `fwd`: the same
/// multiplication or division, or select(m, 0, g) with the forward step's
/// mask and polarity.
static bool isGradientOf(Step grad, Step fwd) {
  if (grad.kind != fwd.kind || grad.kind == Step::Add ||
      grad.kind == Step::Unary)
    return false;
  if (grad.kind != Step::Select)
    return grad.constant.bitwiseIsEqual(fwd.constant);
  if (grad.indexMask || fwd.indexMask) {
    // The same predicate of the indices, op for op.
    auto condition = [](Step s) {
      return cast<arith::SelectOp>(getComputed(s.op).getDefiningOp())
          .getCondition();
    };
    return grad.indexMask && fwd.indexMask &&
           grad.fillWhenTrue == fwd.fillWhenTrue && grad.constant.isZero() &&
           isSameComputation(condition(grad), condition(fwd));
  }
  return grad.fillWhenTrue == fwd.fillWhenTrue && grad.constant.isZero() &&
         stripViews(grad.op.getDpsInputs()[*grad.maskInput]) ==
             stripViews(fwd.op.getDpsInputs()[*fwd.maskInput]);
}

/// Whether `step` sets scores to -inf (a mask before the softmax).
static bool fillsNegInf(const Step &step) {
  return step.kind == Step::Select && step.constant.isInfinity() &&
         step.constant.isNegative();
}

/// The single user of `value` (through batch views), or null.
static Operation *getSingleUser(Value value, SetVector<Operation *> &views) {
  SmallVector<OpOperand *> uses = getUsesThroughViews(value, views);
  return uses.size() == 1 ? uses.front()->getOwner() : nullptr;
}

/// The elementwise product generic `a * b` over identity maps: which input
/// is `x` (stripped), and the other input.
static std::optional<std::pair<unsigned, Value>> matchProductWith(Operation *op,
                                                                  Value x) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic)
    return std::nullopt;
  Value yielded = getComputed(generic);
  if (!yielded || !allParallel(generic) || generic.getNumDpsInputs() != 2 ||
      !isIdentityOn(generic, 0) || !isIdentityOn(generic, 1) ||
      !generic.getIndexingMapsArray().back().isIdentity() ||
      numComputeOps(generic) != 2 ||
      !isBinaryOfArgs<arith::MulFOp>(yielded, generic, 0, 1, true))
    return std::nullopt;
  // The same shape; the result may be wider (computed in f32).
  auto shape = cast<ShapedType>(generic.getResult(0).getType()).getShape();
  for (unsigned i = 0; i < 2; ++i)
    if (stripViews(generic.getDpsInputs()[i]) == x &&
        cast<ShapedType>(generic.getDpsInputs()[1 - i].getType()).getShape() ==
            shape)
      return std::make_pair(i, Value(generic.getDpsInputs()[1 - i]));
  return std::nullopt;
}

/// `value` without batch views and precision conversions: what a widened
/// copy of a narrowed value holds (O, as the fused backward reads it).
static Value stripConversions(Value value) {
  while (true) {
    value = stripViews(value);
    Operation *def = value.getDefiningOp();
    if (!def || !(isWidening(def) || isNarrowing(def)))
      return value;
    value = def->getOperand(0);
  }
}

/// Matches the row reduction r = rowsum(a * b) in one generic (reading
/// `x` and `y`), or rowsum(t) of t = x * y in two. Adds the ops to `ops`.
static bool isRowSumOfProduct(Value r, Value x, Value y,
                              SetVector<Operation *> &ops,
                              Value (*stripYWith)(Value) = nullptr) {
  // How y's operand is stripped (batch views, or conversions too).
  auto stripY = [&](Value v) {
    return stripYWith ? stripYWith(v) : stripViews(v);
  };
  auto red = r.getDefiningOp<linalg::GenericOp>();
  if (!red || red.getNumDpsInits() != 1 || !red.hasPureTensorSemantics() ||
      !isZeroFill(red.getDpsInits()[0]) || red.getNumReductionLoops() != 1 ||
      red.getIteratorTypesArray().back() != utils::IteratorType::reduction)
    return false;
  unsigned rank = red.getNumLoops();
  AffineMap outMap = red.getIndexingMapsArray().back();
  if (outMap != AffineMap::getMultiDimIdentityMap(rank, red.getContext())
                    .getMajorSubMap(rank - 1))
    return false;
  Value yielded = red.getBody()->getTerminator()->getOperand(0);
  auto add = yielded.getDefiningOp<arith::AddFOp>();
  if (!add)
    return false;
  unsigned acc = red.getNumDpsInputs();
  auto isAcc = [&](Value v) { return argNumber(red, v) == acc; };
  Value other = isAcc(add.getLhs())   ? add.getRhs()
                : isAcc(add.getRhs()) ? add.getLhs()
                                      : Value();
  if (!other)
    return false;
  for (unsigned i = 0; i < red.getNumDpsInputs(); ++i)
    if (!isIdentityOn(red, i))
      return false;
  if (red.getNumDpsInputs() == 1) {
    if (argNumber(red, other) != 0 || numComputeOps(red) != 2)
      return false;
    auto t = red.getDpsInputs()[0].getDefiningOp<linalg::GenericOp>();
    SetVector<Operation *> views;
    if (!t || getSingleUser(t.getResult(0), views) != red.getOperation())
      return false;
    std::optional<std::pair<unsigned, Value>> prod = matchProductWith(t, x);
    if (!prod || stripY(prod->second) != y)
      return false;
    ops.insert(t);
    ops.insert_range(views);
    ops.insert(red);
    return true;
  }
  if (red.getNumDpsInputs() != 2 ||
      numComputeOps(red) != 3 ||
      !isBinaryOfArgs<arith::MulFOp>(other, red, 0, 1, true))
    return false;
  Value a = red.getDpsInputs()[0], b = red.getDpsInputs()[1];
  if (!((stripViews(a) == x && stripY(b) == y) ||
        (stripY(a) == y && stripViews(b) == x)))
    return false;
  ops.insert(red);
  return true;
}

//===----------------------------------------------------------------------===//
// Matching
//===----------------------------------------------------------------------===//

/// Whether `op` reads its one input, in the chain's space (the last two
/// dims query and key), as a learned bias's gradient: a sum over some of
/// its dims into a zero fill (`out + in`, the output a projection of the
/// input's dims), or a copy (`in`, the dims permuted); `sum` says which.
static bool isGradientReader(Operation *op, ArrayRef<int64_t> chainShape,
                             bool &sum) {
  auto reader = dyn_cast<linalg::GenericOp>(op);
  if (!reader || reader.getNumDpsInputs() != 1 ||
      reader.getNumDpsInits() != 1 || !reader.hasPureTensorSemantics() ||
      cast<ShapedType>(reader.getDpsInputs()[0].getType()).getShape() !=
          chainShape ||
      reader.getResult(0).getType() != reader.getDpsInits()[0].getType())
    return false;
  // The input read whole, each loop once (unit dims may be read at 0, as
  // the importer writes batch 1), the output a projection of the loops.
  SmallVector<AffineMap> maps = reader.getIndexingMapsArray();
  llvm::SmallBitVector loops(reader.getNumLoops());
  for (auto [expr, size] : llvm::zip(maps[0].getResults(), chainShape)) {
    if (auto d = dyn_cast<AffineDimExpr>(expr)) {
      if (loops.test(d.getPosition()))
        return false;
      loops.set(d.getPosition());
    } else if (!(size == 1 && isa<AffineConstantExpr>(expr) &&
                 cast<AffineConstantExpr>(expr).getValue() == 0)) {
      return false;
    }
  }
  if (!loops.all() || !maps[1].isProjectedPermutation())
    return false;
  Value yielded = getComputed(reader);
  if (!yielded)
    return false;
  if (allParallel(reader) && argNumber(reader, yielded) == 0 &&
      numComputeOps(reader) == 1 && maps[1].isPermutation()) {
    // A copy: every output element written once.
    sum = false;
    return true;
  }
  sum = true;
  return isZeroFill(reader.getDpsInits()[0]) &&
         numComputeOps(reader) == 2 && // the add and the yield
         isBinaryOfArgs<arith::AddFOp>(yielded, reader, 0, 1, true);
}

/// Whether `op`'s result has the scores' last two dims (query, key): steps
/// run in such a space (batch views may add unit dims there, steps not).
static bool endsWithScores(linalg::GenericOp op, const Attention &att) {
  auto shape = cast<ShapedType>(op.getResult(0).getType()).getShape();
  return shape.size() >= 2 && shape[shape.size() - 2] == att.sq &&
         shape.back() == att.sk;
}

//===----------------------------------------------------------------------===//
// Row statistics beside the softmax
//===----------------------------------------------------------------------===//
//
// PyTorch 2.x's fused CPU attention (_scaled_dot_product_flash_attention_
// for_cpu), as the importer writes it, computes the rows' log-sum-exp
// beside the softmax, lse = m + log(rowsum(exp(X - m))) with m = rowmax X,
// and its backward recomputes X' (the same ops on the same Q and K) and
// P' = exp(X' - lse) from it; _safe_softmax zeroes the probabilities of
// rows masked whole, select(rowmax X == -inf, 0, P). The tiles compute both
// themselves: P' is P, so its readers read P, and the statistics go.

static bool isFillOf(Value value, double c) {
  auto fill = value.getDefiningOp<linalg::FillOp>();
  APFloat v(0.0f);
  return fill && matchPattern(fill.getInputs()[0], m_ConstantFloat(&v)) &&
         v.convertToDouble() == c;
}

/// Whether `red` reduces its one input, read whole, over the last dim into
/// a fill of `init` with `CombineOp` (maximumf or addf of the two).
template <typename... CombineOps>
static bool isRowReduction(linalg::GenericOp red, double init) {
  if (!red || red.getNumDpsInputs() != 1 || red.getNumDpsInits() != 1 ||
      !red.hasPureTensorSemantics() || red.getNumReductionLoops() != 1 ||
      red.getIteratorTypesArray().back() != utils::IteratorType::reduction ||
      !isIdentityOn(red, 0) || !isFillOf(red.getDpsInits()[0], init) ||
      numComputeOps(red) != 2)
    return false;
  unsigned rank = red.getNumLoops();
  if (red.getIndexingMapsArray().back() !=
      AffineMap::getMultiDimIdentityMap(rank, red.getContext())
          .getMajorSubMap(rank - 1))
    return false;
  Value y = red.getBody()->getTerminator()->getOperand(0);
  return (isBinaryOfArgs<CombineOps>(y, red, 0, 1, true) || ...);
}

/// Whether input `i` of `generic` is a row vector broadcast along the last
/// loop: read by the leading loops only, or by them and a unit dim at 0.
static bool isRowBroadcast(linalg::GenericOp generic, unsigned i) {
  unsigned rank = generic.getNumLoops();
  AffineMap map = generic.getIndexingMapsArray()[i];
  AffineMap lead = AffineMap::getMultiDimIdentityMap(rank, generic.getContext())
                       .getMajorSubMap(rank - 1);
  if (map == lead)
    return true;
  auto type = cast<ShapedType>(generic.getDpsInputs()[i].getType());
  auto last = map.getNumResults() == rank
                  ? dyn_cast<AffineConstantExpr>(map.getResults().back())
                  : nullptr;
  return last && last.getValue() == 0 && type.getShape().back() == 1 &&
         map.getMajorSubMap(rank - 1) == lead;
}

/// `cmpf oeq, m, -inf` (either order) with `m` block argument `mIn`.
static bool isNegInfTest(Value cond, linalg::GenericOp generic, unsigned mIn) {
  auto cmp = cond.getDefiningOp<arith::CmpFOp>();
  if (!cmp || cmp.getPredicate() != arith::CmpFPredicate::OEQ)
    return false;
  APFloat c(0.0f);
  auto isNegInf = [&](Value v) {
    return matchPattern(v, m_ConstantFloat(&c)) && c.isInfinity() &&
           c.isNegative();
  };
  return (argNumber(generic, cmp.getLhs()) == mIn && isNegInf(cmp.getRhs())) ||
         (argNumber(generic, cmp.getRhs()) == mIn && isNegInf(cmp.getLhs()));
}

/// Whether `value` is the constant 0.
static bool isZeroConstant(Value value) {
  APFloat c(1.0f);
  return matchPattern(value, m_ConstantFloat(&c)) && c.isZero();
}

/// Whether `generic` is elementwise over two inputs, `x` read whole and a
/// row vector `m`: which input is which. Its result has x's type.
static bool isRowwise(linalg::GenericOp generic, unsigned &xIn, unsigned &mIn) {
  if (!generic || !getYielded(generic) || !allParallel(generic) ||
      generic.getNumDpsInputs() != 2 ||
      !generic.getIndexingMapsArray().back().isIdentity())
    return false;
  for (unsigned i = 0; i < 2; ++i)
    if (isIdentityOn(generic, i) && isRowBroadcast(generic, 1 - i) &&
        generic.getDpsInputs()[i].getType() == generic.getResult(0).getType()) {
      xIn = i;
      mIn = 1 - i;
      return true;
    }
  return false;
}

/// exp(x - m), or select(m == -inf, 0, exp(x - m)) (a row masked whole
/// gives 0), of x read whole and a row vector m: x's input number.
static std::optional<unsigned> matchExpMinusRow(linalg::GenericOp generic) {
  unsigned xIn, mIn;
  if (!isRowwise(generic, xIn, mIn))
    return std::nullopt;
  Value y = getYielded(generic);
  if (auto sel = y.getDefiningOp<arith::SelectOp>()) {
    if (!isNegInfTest(sel.getCondition(), generic, mIn) ||
        !isZeroConstant(sel.getTrueValue()))
      return std::nullopt;
    y = sel.getFalseValue();
  }
  auto exp = y.getDefiningOp<math::ExpOp>();
  if (!exp || !isBinaryOfArgs<arith::SubFOp>(exp.getOperand(), generic, xIn,
                                             mIn, false))
    return std::nullopt;
  size_t expected = y == getYielded(generic) ? 3 : 7;
  if (generic.getBody()->getOperations().size() != expected)
    return std::nullopt;
  return xIn;
}

/// select(m == -inf, 0, p) of p read whole and a row vector m: p's input.
static std::optional<unsigned> matchZeroRows(linalg::GenericOp generic) {
  unsigned pIn, mIn;
  if (!isRowwise(generic, pIn, mIn))
    return std::nullopt;
  auto sel = getYielded(generic).getDefiningOp<arith::SelectOp>();
  if (!sel || !isNegInfTest(sel.getCondition(), generic, mIn) ||
      !isZeroConstant(sel.getTrueValue()) ||
      argNumber(generic, sel.getFalseValue()) != pIn ||
      generic.getBody()->getOperations().size() != 5)
    return std::nullopt;
  return pIn;
}

/// The row statistics computed from the scores X beside the softmax.
struct RowStats {
  SmallVector<linalg::GenericOp> rowMaxes, exps, sums, lses;
  SetVector<Operation *> ops; // all of them and their views
  bool contains(Operation *op) const { return ops.contains(op); }
};

/// Matches the users of `x` that compute row statistics: rowmax m, exp(x -
/// m), its row sum l and lse = m + log l. Users of those outside the set
/// are checked by the caller (P' readers of lse, the zeroing of P).
static RowStats matchRowStats(Value x) {
  RowStats stats;
  SetVector<Operation *> views;
  for (OpOperand *use : getUsesThroughViews(x, views, isReshape)) {
    auto generic = dyn_cast<linalg::GenericOp>(use->getOwner());
    if (isRowReduction<arith::MaximumFOp, arith::MaxNumFOp>(
            generic, -std::numeric_limits<double>::infinity()))
      stats.rowMaxes.push_back(generic);
  }
  auto isRowMax = [&](Value v) {
    return llvm::is_contained(stats.rowMaxes,
                              stripReshapes(v).getDefiningOp<linalg::GenericOp>());
  };
  for (OpOperand *use : getUsesThroughViews(x, views, isReshape)) {
    auto generic = dyn_cast<linalg::GenericOp>(use->getOwner());
    std::optional<unsigned> xIn = matchExpMinusRow(generic);
    if (!xIn || use->getOperandNumber() != *xIn ||
        !isRowMax(generic.getDpsInputs()[1 - *xIn]))
      continue;
    // l = rowsum(e), lse = m + log l
    SetVector<Operation *> sumViews;
    auto singleUser = [&](Value v) -> Operation * {
      SmallVector<OpOperand *> uses = getUsesThroughViews(v, sumViews, isReshape);
      return uses.size() == 1 ? uses.front()->getOwner() : nullptr;
    };
    auto sum = dyn_cast_or_null<linalg::GenericOp>(
        singleUser(generic.getResult(0)));
    if (!isRowReduction<arith::AddFOp>(sum, 0.0))
      continue;
    auto lse =
        dyn_cast_or_null<linalg::GenericOp>(singleUser(sum.getResult(0)));
    if (!lse || !getYielded(lse) || !allParallel(lse) ||
        lse.getNumDpsInputs() != 2 || !isIdentityOn(lse, 0) ||
        !isIdentityOn(lse, 1) ||
        !lse.getIndexingMapsArray().back().isIdentity() ||
        lse.getBody()->getOperations().size() != 3)
      continue;
    auto add = getYielded(lse).getDefiningOp<arith::AddFOp>();
    if (!add)
      continue;
    unsigned lIn = stripReshapes(lse.getDpsInputs()[0]) == sum.getResult(0) ? 0 : 1;
    if (stripReshapes(lse.getDpsInputs()[lIn]) != sum.getResult(0) ||
        !isRowMax(lse.getDpsInputs()[1 - lIn]))
      continue;
    auto log = [&](Value v) {
      auto op = v.getDefiningOp<math::LogOp>();
      return op && argNumber(lse, op.getOperand()) == lIn;
    };
    if (!((argNumber(lse, add.getLhs()) == 1 - lIn && log(add.getRhs())) ||
          (argNumber(lse, add.getRhs()) == 1 - lIn && log(add.getLhs()))))
      continue;
    stats.exps.push_back(generic);
    stats.sums.push_back(sum);
    stats.lses.push_back(lse);
    stats.ops.insert_range(sumViews);
  }
  for (auto list : {&stats.rowMaxes, &stats.exps, &stats.sums, &stats.lses})
    for (linalg::GenericOp op : *list)
      stats.ops.insert(op);
  for (Operation *view : views) {
    // Views of x read only by the statistics.
    SetVector<Operation *> unused;
    if (llvm::all_of(getUsesThroughViews(view->getResult(0), unused, isReshape),
                     [&](OpOperand *u) { return stats.contains(u->getOwner()); }))
      stats.ops.insert(view);
  }
  return stats;
}

/// Matches the attention around `softmax`; the reason it does not match in
/// `why` otherwise.
static std::optional<Attention>
matchAttention(linalg::SoftmaxOp softmax, std::string &why,
               SmallVectorImpl<std::pair<OpOperand *, Value>> &folded) {
  Attention att;
  att.softmax = softmax;
  auto fail = [&](const Twine &reason) -> std::optional<Attention> {
    why = reason.str();
    return std::nullopt;
  };
  auto chainType = dyn_cast<RankedTensorType>(softmax.getInput().getType());
  if (!chainType || !chainType.hasStaticShape() || chainType.getRank() < 2 ||
      softmax.getDimension() != uint64_t(chainType.getRank() - 1))
    return fail("the softmax is not over the last dimension of a static "
                "tensor");
  Type elementType = chainType.getElementType();
  if (!elementType.isF32() && !elementType.isBF16() && !elementType.isF16()) {
    std::string type;
    llvm::raw_string_ostream os(type);
    os << elementType;
    return fail("element type " + type + " (f32, bf16 and f16 are tiled)");
  }
  att.sq = chainType.getDimSize(chainType.getRank() - 2);
  att.sk = chainType.getDimSize(chainType.getRank() - 1);

  // Up from the softmax: the steps, then S = Q K^T.
  Value x = stripViews(softmax.getInput());
  SetVector<Operation *> views;
  if (isWidening(x.getDefiningOp())) {
    att.softmaxWiden = x.getDefiningOp();
    x = stripViews(att.softmaxWiden->getOperand(0));
    elementType = getElementTypeOrSelf(x.getType());
  }
  while (true) {
    Operation *def = x.getDefiningOp();
    if (isa_and_nonnull<linalg::MatmulOp, linalg::BatchMatmulOp>(def))
      break;
    // A product accumulated in a wider type, then narrowed.
    if (isNarrowing(def) &&
        isa_and_nonnull<linalg::MatmulOp, linalg::BatchMatmulOp>(
            def->getOperand(0).getDefiningOp())) {
      x = def->getOperand(0);
      break;
    }
    auto generic = dyn_cast_or_null<linalg::GenericOp>(def);
    std::optional<Step> step;
    if (generic && endsWithScores(generic, att))
      step = matchStep(generic, att.sq, att.sk);
    if (!step && generic &&
        llvm::any_of(generic.getBody()->getOperations(), [](Operation &op) {
          return isa<arith::ExtFOp, arith::TruncFOp>(op);
        }))
      return fail("the scores pass through precision conversions (extf / "
                  "truncf) in a step that is not x * c, x / c, a select "
                  "with an i1 mask or x + a float mask");
    if (!step)
      return fail("the softmax input is not Q K^T through scaling and "
                  "masking steps (x * c, x / c, select with an i1 mask, x + "
                  "a float mask)");
    att.steps.insert(att.steps.begin(), *step);
    x = stripViews(generic.getDpsInputs()[step->xInput]);
  }
  Operation *scoresOp = x.getDefiningOp();
  att.nb = isa<linalg::BatchMatmulOp>(scoresOp) ? 1 : 0;
  FailureOr<Contraction> scores = getContraction(scoresOp, att.nb);
  if (failed(scores))
    return fail("the scores are not a matmul/batch_matmul into a zero fill");
  att.scores = *scores;
  // Accumulated in a wider type: so must every product of the attention be,
  // and the tiles compute in that type.
  att.widened = att.scores.narrow != nullptr;
  att.ct = getElementTypeOrSelf(scoresOp->getResult(0).getType());
  if (getElementTypeOrSelf(att.scores.result().getType()) != elementType)
    return fail("the scores' element type is not the softmax's");
  if (att.softmaxWiden && (!att.widened || getElementTypeOrSelf(
                                               softmax.getType(0)) != att.ct))
    return fail("the softmax computes in a wider type than the products "
                "accumulate in");
  std::tie(att.ql, att.kl) = deriveLabels(att.scores, kQuery, kKey, kHead);
  att.q = att.scores.a;
  att.k = att.scores.b;
  auto sType = cast<RankedTensorType>(scoresOp->getResult(0).getType());
  if (att.nb == 0 && chainType.getRank() != 2)
    return fail("the softmax splits a batch the scores do not have");
  if (att.nb == 1) {
    int64_t prod = 1;
    for (int64_t i = 0; i + 2 < chainType.getRank(); ++i)
      prod *= chainType.getDimSize(i);
    att.batch = sType.getDimSize(0);
    if (prod != att.batch)
      return fail("the softmax's batch dimensions are not the scores'");
  }
  // Each step and S itself: no user outside the chain, but for the row
  // statistics of the softmax's input.
  RowStats stats;
  {
    Value cur = att.scores.result();
    att.ops.insert(scoresOp);
    if (att.scores.narrow)
      att.ops.insert(att.scores.narrow);
    // The user of `cur` besides the gradient of the unary step `producer`
    // that made it (which is recorded), if that is `next`.
    auto onlyUser = [&](Value cur, Step *producer, Operation *next) {
      SmallVector<OpOperand *> uses = getUsesThroughViews(cur, views);
      llvm::erase_if(uses, [&](OpOperand *use) {
        return stats.contains(use->getOwner());
      });
      if (producer && producer->kind == Step::Unary && uses.size() == 2) {
        if (llvm::none_of(uses,
                          [&](OpOperand *u) { return u->getOwner() == next; }))
          return false;
        for (OpOperand *use : uses)
          if (use->getOwner() != next &&
              isa<linalg::GenericOp>(use->getOwner()) &&
              use->getOwner()->getNumOperands() == 3)
            producer->gradReader = use->getOwner();
        return producer->gradReader != nullptr;
      }
      return uses.size() == 1 && uses.front()->getOwner() == next;
    };
    Step *producer = nullptr;
    for (Step &step : att.steps) {
      if (!onlyUser(cur, producer, step.op.getOperation()))
        return fail("the scores have users besides the next step");
      att.ops.insert(step.op);
      cur = step.op.getResult(0);
      producer = &step;
    }
    if (att.softmaxWiden) {
      if (!onlyUser(cur, producer, att.softmaxWiden))
        return fail("the scores have users besides the softmax");
      att.ops.insert(att.softmaxWiden);
      cur = att.softmaxWiden->getResult(0);
      producer = nullptr;
    }
    if (!att.softmaxWiden)
      stats = matchRowStats(cur);
    if (!onlyUser(cur, producer, softmax.getOperation()))
      return fail("the scores have users besides the softmax");
    att.ops.insert(softmax);
  }
  auto qType = cast<RankedTensorType>(att.q.getType());
  att.hd = qType.getDimSize(att.nb + (att.ql[0] == kHead ? 0 : 1));

  // P's users: the context (or dropout) and the softmax backward. With a
  // wide softmax, the forward reads P narrowed (pf), the backward P itself.
  Value p = softmax->getResult(0);
  SmallVector<OpOperand *> pUses = getUsesThroughViews(p, views);
  Value pf = p;
  SmallVector<Operation *> pBackward;
  if (att.softmaxWiden) {
    for (OpOperand *use : pUses) {
      if (!att.probsNarrow && isNarrowing(use->getOwner()))
        att.probsNarrow = use->getOwner();
      else
        pBackward.push_back(use->getOwner());
    }
    if (!att.probsNarrow)
      return fail("the wide softmax's probabilities are not narrowed back");
    att.ops.insert(att.probsNarrow);
    pf = att.probsNarrow->getResult(0);
    pUses = getUsesThroughViews(pf, views);
  }
  if (!stats.ops.empty()) {
    // Rows masked whole zeroed: what everything else reads is Pz.
    for (OpOperand *use : pUses) {
      auto generic = dyn_cast<linalg::GenericOp>(use->getOwner());
      std::optional<unsigned> pIn = matchZeroRows(generic);
      if (!pIn || use->getOperandNumber() != *pIn ||
          !llvm::is_contained(stats.rowMaxes,
                              stripReshapes(generic.getDpsInputs()[1 - *pIn])
                                  .getDefiningOp<linalg::GenericOp>()))
        continue;
      if (pUses.size() != 1)
        return fail("the probabilities are read besides the zeroing of rows "
                    "masked whole");
      att.safeRows = true;
      att.ops.insert(generic);
      p = pf = generic.getResult(0);
      pUses = getUsesThroughViews(pf, views);
      break;
    }
    // The backward's P' = exp(X' - lse), X' computed as X is: P itself.
    for (linalg::GenericOp lse : stats.lses) {
      SetVector<Operation *> lseViews;
      for (OpOperand *use : getUsesThroughViews(lse.getResult(0), lseViews, isReshape)) {
        auto generic = dyn_cast<linalg::GenericOp>(use->getOwner());
        std::optional<unsigned> xIn = matchExpMinusRow(generic);
        if (!xIn || use->getOperandNumber() == *xIn ||
            generic.getResult(0).getType() != p.getType() ||
            !isSameComputation(generic.getDpsInputs()[*xIn],
                               softmax.getInput()))
          return fail("the log-sum-exp of the scores is read by something "
                      "other than exp(scores - lse) recomputed");
        for (OpOperand &reader :
             llvm::make_early_inc_range(generic.getResult(0).getUses())) {
          folded.push_back({&reader, reader.get()});
          reader.set(p);
        }
        att.ops.insert(generic);
        att.lseForm = true;
      }
      att.ops.insert_range(lseViews);
    }
    // Every statistic is read by the statistics, the zeroing or P' only.
    SetVector<Operation *> statViews;
    for (Operation *op : stats.ops)
      for (Value result : op->getResults())
        for (OpOperand *use : getUsesThroughViews(result, statViews, isReshape))
          if (!stats.contains(use->getOwner()) &&
              !att.ops.contains(use->getOwner()))
            return fail("the scores' row statistics have another reader ('" +
                        use->getOwner()->getName().getStringRef() + "')");
    att.ops.insert_range(stats.ops);
    att.ops.insert_range(statViews);
    pUses = getUsesThroughViews(pf, views);
  }
  // A mask applied to the probabilities themselves (select(m, 0, P)).
  Value pc = pf; // what the dropout or the context reads
  for (OpOperand *use : pUses) {
    auto generic = dyn_cast<linalg::GenericOp>(use->getOwner());
    if (!generic || att.widened || att.softmaxWiden ||
        !endsWithScores(generic, att))
      continue;
    std::optional<Step> step = matchStep(generic, att.sq, att.sk);
    if (!step || step->kind != Step::Select || !step->constant.isZero() ||
        stripViews(generic.getDpsInputs()[step->xInput]) != pf ||
        generic.getResult(0).getType() != pf.getType())
      continue;
    att.postMask = step;
    att.ops.insert(generic);
    pc = generic.getResult(0);
    llvm::erase_if(pUses, [&](OpOperand *u) { return u == use; });
    break;
  }
  if (att.postMask) {
    // P's other users are backward's; the masked probabilities' users are
    // the dropout or the products.
    for (OpOperand *use : pUses)
      pBackward.push_back(use->getOwner());
    pUses = getUsesThroughViews(pc, views);
  }
  Value pd = pc;
  for (OpOperand *use : pUses) {
    Operation *user = use->getOwner();
    if (std::optional<std::pair<unsigned, Value>> prod =
            matchProductWith(user, pc);
        prod && !att.dropout && user->getResult(0).getType() == pc.getType()) {
      // Dropout if it feeds the context matmul, checked below.
      auto generic = cast<linalg::GenericOp>(user);
      SetVector<Operation *> dviews;
      bool feedsContext = llvm::any_of(
          getUsesThroughViews(generic.getResult(0), dviews), [](OpOperand *u) {
            return isa<linalg::MatmulOp, linalg::BatchMatmulOp>(u->getOwner());
          });
      if (feedsContext) {
        att.dropout = generic;
        att.dropPInput = prod->first;
        att.drop = prod->second;
        pd = generic.getResult(0);
        continue;
      }
    }
    if (att.postMask && !isa<linalg::MatmulOp, linalg::BatchMatmulOp>(user))
      return fail("the masked probabilities have another consumer ('" +
                  user->getName().getStringRef() + "')");
    pBackward.push_back(user);
  }
  // The context: O = Pd V, and dV = Pd^T dO.
  SmallVector<OpOperand *> pdUses =
      pd == pc ? SmallVector<OpOperand *>() : getUsesThroughViews(pd, views);
  // A transposed copy of Pd read only by products (P^T copied before dV =
  // P^T dO, as torch-mlir writes it): the products read Pd through it.
  auto copyForProducts = [&](Operation *op) {
    if (!op || op->getNumResults() != 1)
      return false;
    auto copy = getCopySource(op->getResult(0));
    SetVector<Operation *> copyViews;
    SmallVector<OpOperand *> uses =
        getUsesThroughViews(op->getResult(0), copyViews);
    return copy && stripViews(copy->first) == stripViews(pd) &&
           !uses.empty() && llvm::all_of(uses, [](OpOperand *use) {
             return isa<linalg::MatmulOp, linalg::BatchMatmulOp>(
                 use->getOwner());
           });
  };
  auto expandCopies = [&](SmallVector<OpOperand *> uses) {
    SmallVector<OpOperand *> expanded;
    for (OpOperand *use : uses) {
      if (!copyForProducts(use->getOwner())) {
        expanded.push_back(use);
        continue;
      }
      att.ops.insert(use->getOwner());
      llvm::append_range(expanded, getUsesThroughViews(
                                       use->getOwner()->getResult(0), views));
    }
    return expanded;
  };
  pdUses = expandCopies(pdUses);
  if (pd == pc) {
    // Without dropout the contractions are among P's (or Pm's) users.
    SmallVector<Operation *> rest;
    for (Operation *user : pBackward) {
      if (copyForProducts(user)) {
        att.ops.insert(user);
        llvm::append_range(pdUses,
                           getUsesThroughViews(user->getResult(0), views));
        continue;
      }
      if (isa<linalg::MatmulOp, linalg::BatchMatmulOp>(user))
        for (OpOperand &operand : user->getOpOperands())
          if (operand.getOperandNumber() < 2 &&
              stripViews(operand.get()) == stripViews(pc)) {
            pdUses.push_back(&operand);
            goto next;
          }
      rest.push_back(user);
    next:;
    }
    pBackward = rest;
  }
  if (pdUses.size() != 2)
    return fail("the probabilities feed " + Twine(pdUses.size()) +
                " products (expected O = P V and dV = P^T dO)");
  // Every product accumulates as the scores do (narrowed or not).
  auto sameForm = [&](const Contraction &c) {
    return (c.narrow != nullptr) == att.widened &&
           getElementTypeOrSelf(c.op->getResult(0).getType()) == att.ct;
  };
  auto record = [&](const Contraction &c) {
    att.ops.insert(c.op);
    if (c.narrow)
      att.ops.insert(c.narrow);
  };
  const char *mixedForms = "the attention's products do not all accumulate "
                           "in the same type";
  Value pdBase = stripViews(pd);
  for (OpOperand *use : pdUses) {
    FailureOr<Contraction> c = getContraction(use->getOwner(), att.nb);
    if (failed(c))
      return fail("the probabilities have a user that is not a contraction "
                  "into a zero fill");
    if (!sameForm(*c))
      return fail(mixedForms);
    auto [la, lb] = deriveLabels(*c, kQuery, kValue, kKey);
    if (stripViews(c->a) == pdBase && la == Labels{kQuery, kKey} &&
        !att.context.op) {
      att.context = *c;
      att.v = c->b;
      att.vl = lb;
      continue;
    }
    if (!att.gradV.op) {
      att.gradV = *c;
      continue;
    }
    return fail("the probabilities feed two contractions neither of which "
                "is O = P V");
  }
  if (!att.context.op)
    return fail("no context product O = P V");
  {
    auto vType = cast<RankedTensorType>(att.v.getType());
    att.vd = vType.getDimSize(att.nb + (att.vl[0] == kValue ? 0 : 1));
  }
  // dV = Pd^T dO: dO's labels are (query, value) in O's layout.
  {
    auto [la, lb] = deriveLabels(att.gradV, kKey, kValue, kQuery);
    // Pd itself or a transposed copy of it (its dims read as Pd's).
    auto isPd = [&](Value operand, Labels l) {
      return isSameTensor(operand, l, pd, Labels{kQuery, kKey}, att.nb);
    };
    if (isPd(att.gradV.a, la) && lb == Labels{kQuery, kValue})
      att.dO = att.gradV.b;
    else if (isPd(att.gradV.b, lb) && la == Labels{kQuery, kValue})
      att.dO = att.gradV.a;
    else
      return fail("the probabilities' second product is not dV = P^T dO");
    if (att.dO.getType() != att.context.result().getType())
      return fail("dO does not have O's type");
  }
  record(att.context);
  record(att.gradV);
  if (att.dropout)
    att.ops.insert(att.dropout);

  // Softmax backward: g = P * (dP - r), r = rowsum(dP * P).
  linalg::GenericOp g;
  for (Operation *user : pBackward) {
    auto generic = dyn_cast<linalg::GenericOp>(user);
    if (generic && getYielded(generic) && generic.getNumDpsInputs() == 3 &&
        llvm::any_of(generic.getBody()->getOperations(),
                     [](Operation &op) { return isa<arith::SubFOp>(op); })) {
      if (g)
        return fail("two softmax gradients read the probabilities");
      g = generic;
    }
  }
  if (!g)
    return fail("no softmax gradient P * (dP - rowsum(dP * P)) reads the "
                "probabilities");
  if (!allParallel(g) || !isIdentityOn(g, 0) || !isIdentityOn(g, 1) ||
      !g.getIndexingMapsArray().back().isIdentity())
    return fail("the softmax gradient is not elementwise");
  Value dP;
  Value rowSum;
  unsigned pIn = 0, dpIn = 0, rIn = 0;
  {
    // Find which input is P, which is the row vector.
    for (unsigned i = 0; i < 3; ++i) {
      Value in = g.getDpsInputs()[i];
      if (stripViews(in) == p && in.getType() == p.getType())
        pIn = i;
    }
    for (unsigned i = 0; i < 3; ++i) {
      if (i == pIn)
        continue;
      Value in = g.getDpsInputs()[i];
      if (cast<RankedTensorType>(in.getType()).getRank() ==
          chainType.getRank() - 1) {
        rIn = i;
        rowSum = in;
      } else {
        dpIn = i;
        dP = stripViews(in);
      }
    }
    if (!rowSum || !dP || pIn == dpIn)
      return fail("the softmax gradient does not read P, dP and a row sum");
    AffineMap rMap = g.getIndexingMapsArray()[rIn];
    unsigned rank = g.getNumLoops();
    if (rMap != AffineMap::getMultiDimIdentityMap(rank, g.getContext())
                    .getMajorSubMap(rank - 1))
      return fail("the softmax gradient's row sum is not broadcast along rows");
    // Body: mulf(p, subf(dp, r)) [then mulf by a constant].
    Value y = getComputed(g);
    Step fused;
    if (auto mul = y.getDefiningOp<arith::MulFOp>()) {
      APFloat c(0.0f);
      Value other;
      if (matchPattern(mul.getRhs(), m_ConstantFloat(&c)))
        other = mul.getLhs();
      else if (matchPattern(mul.getLhs(), m_ConstantFloat(&c)))
        other = mul.getRhs();
      if (other && other.getDefiningOp<arith::MulFOp>()) {
        att.fusedScale = true;
        fused.kind = Step::Mul;
        fused.constant = c;
        y = other;
      }
    }
    auto mul = y.getDefiningOp<arith::MulFOp>();
    Value sub;
    if (mul && argNumber(g, mul.getLhs()) == pIn)
      sub = mul.getRhs();
    else if (mul && argNumber(g, mul.getRhs()) == pIn)
      sub = mul.getLhs();
    if (!sub || !isBinaryOfArgs<arith::SubFOp>(sub, g, dpIn, rIn, false) ||
        numComputeOps(g) > size_t(att.fusedScale ? 5 : 3))
      return fail("the softmax gradient is not P * (dP - r)");
    if (att.fusedScale) {
      // Additive masks have no gradient step: the factor undoes the last
      // step that has one.
      att.fusedStep = int(att.steps.size()) - 1;
      while (att.fusedStep >= 0 &&
             (att.steps[att.fusedStep].kind == Step::Add ||
              (fillsNegInf(att.steps[att.fusedStep]) &&
               !isGradientOf(fused, att.steps[att.fusedStep]))))
        --att.fusedStep;
      if (att.fusedStep < 0 ||
          !isGradientOf(fused, att.steps[att.fusedStep]))
        return fail("the softmax gradient's factor is not the gradient of "
                    "the last score step");
    }
    // rowsum(dP * P), or rowsum(dO * O), equal to it, as FlashAttention's
    // backward computes it (PyTorch 2.x's fused CPU kernel).
    SetVector<Operation *> sumOps;
    if (!isRowSumOfProduct(rowSum, dP, p, sumOps) &&
        !isRowSumOfProduct(rowSum, stripViews(att.dO),
                           stripConversions(att.context.result()), sumOps,
                           stripConversions))
      return fail("the softmax gradient's row sum is not rowsum(dP * P) "
                  "nor rowsum(dO * O)");
    SetVector<Operation *> rviews;
    if (getSingleUser(rowSum, rviews) != g.getOperation())
      return fail("the softmax gradient's row sum has other users");
    att.ops.insert_range(sumOps);
    // P's backward users are exactly g and the row sum's reader.
    for (Operation *user : pBackward)
      if (user != g.getOperation() && !sumOps.contains(user))
        return fail("the probabilities have another consumer ('" +
                    user->getName().getStringRef() + "')");
    att.ops.insert(g);
  }
  // A wide softmax's gradient reads dP widened: dP is its input.
  if (att.softmaxWiden) {
    Operation *widen = dP.getDefiningOp();
    if (!isWidening(widen))
      return fail("the wide softmax's gradient does not read dP widened");
    for (OpOperand *use : getUsesThroughViews(dP, views))
      if (!att.ops.contains(use->getOwner()))
        return fail("the probabilities' gradient has another consumer");
    att.ops.insert(widen);
    dP = stripViews(widen->getOperand(0));
  }
  // dP = select(m, 0, dPm) (the mask on the probabilities), dPm = dPd * D
  // (dropout), dPd = dO V^T.
  if (att.postMask) {
    auto generic = dP.getDefiningOp<linalg::GenericOp>();
    std::optional<Step> step;
    if (generic && endsWithScores(generic, att))
      step = matchStep(generic, att.sq, att.sk);
    if (!step || !isGradientOf(*step, *att.postMask))
      return fail("the mask on the probabilities has no gradient "
                  "select(m, 0, dP) with its mask");
    for (OpOperand *use : getUsesThroughViews(dP, views))
      if (!att.ops.contains(use->getOwner()))
        return fail("the probabilities' gradient has another consumer");
    att.postMaskGrad = step;
    att.ops.insert(generic);
    dP = stripViews(generic.getDpsInputs()[step->xInput]);
    if (getSingleUser(dP, views) != generic.getOperation())
      return fail("the masked probabilities' gradient has other users");
  }
  Value dPd = dP;
  if (att.dropout) {
    auto generic = dP.getDefiningOp<linalg::GenericOp>();
    std::optional<std::pair<unsigned, Value>> prod;
    if (generic)
      for (unsigned i = 0; i < 2 && !prod; ++i)
        if (stripViews(generic.getDpsInputs()[1 - i]) == stripViews(att.drop))
          prod =
              matchProductWith(generic, stripViews(generic.getDpsInputs()[i]));
    if (!prod || stripViews(prod->second) != stripViews(att.drop))
      return fail("the dropout has no gradient dP * mask");
    att.dropGrad = generic;
    att.dropGradInput = prod->first;
    dPd = stripViews(generic.getDpsInputs()[prod->first]);
    // dP feeds only g and the row sum.
    for (OpOperand *use : getUsesThroughViews(dP, views))
      if (!att.ops.contains(use->getOwner()))
        return fail("the probabilities' gradient has another consumer");
    att.ops.insert(generic);
  } else {
    for (OpOperand *use : getUsesThroughViews(dP, views))
      if (!att.ops.contains(use->getOwner()))
        return fail("the probabilities' gradient has another consumer");
  }
  {
    Operation *def = dPd.getDefiningOp();
    if (att.widened && isNarrowing(def))
      def = def->getOperand(0).getDefiningOp();
    FailureOr<Contraction> c = getContraction(def, att.nb);
    if (failed(c) || c->result() != dPd ||
        !computes(*c, kQuery, kKey, kValue, att.dO, Labels{kQuery, kValue},
                  att.v, att.vl))
      return fail("the probabilities' gradient is not dO V^T");
    if (!sameForm(*c))
      return fail(mixedForms);
    att.gradProbs = *c;
    if (att.dropout) {
      if (getSingleUser(dPd, views) != att.dropGrad.getOperation())
        return fail("dO V^T has other users");
    }
    record(*c);
  }
  // The steps' gradients, in reverse (after g's narrowing, if wide).
  Value cur = g.getResult(0);
  if (att.softmaxWiden) {
    Operation *narrow = getSingleUser(cur, views);
    if (!isNarrowing(narrow))
      return fail("the wide softmax's gradient is not narrowed back");
    att.ops.insert(narrow);
    cur = narrow->getResult(0);
  }
  // Whether no step before `i` has a gradient op of its own.
  auto firstWithGradient = [&](int i) {
    for (int j = 0; j < i; ++j)
      if (att.steps[j].kind != Step::Add && j != att.fusedStep)
        return false;
    return true;
  };
  // The uses of the gradient at `cur` but the learned biases' gradients
  // reading it, which are recorded (anywhere along the chain).
  // A copy of the gradient whose only readers are products (PyTorch's bmm
  // backward copies dS once per product, as it copies dO): the products
  // read the gradient itself.
  auto feedsProducts = [&](Operation *op) {
    if (!op || op->getNumResults() != 1 ||
        !getCopySource(op->getResult(0)))
      return false;
    SetVector<Operation *> copyViews;
    SmallVector<OpOperand *> uses =
        getUsesThroughViews(op->getResult(0), copyViews);
    return !uses.empty() && llvm::all_of(uses, [&](OpOperand *use) {
      return succeeded(getContraction(use->getOwner(), att.nb));
    });
  };
  auto usesBut = [&](Value cur) {
    SmallVector<OpOperand *> uses = getUsesThroughViews(cur, views);
    llvm::erase_if(uses, [&](OpOperand *use) {
      auto shape = cast<ShapedType>(use->get().getType()).getShape();
      bool sum = false;
      if (feedsProducts(use->getOwner()))
        return false;
      if (shape.size() < 2 ||
          shape.take_back(2) != ArrayRef<int64_t>{att.sq, att.sk} ||
          !isGradientReader(use->getOwner(), shape, sum))
        return false;
      // Recorded once (a skipped step looks at the same gradient again).
      if (att.ops.insert(use->getOwner()))
        att.readers.push_back({cast<linalg::GenericOp>(use->getOwner()),
                               unsigned(att.gradSteps.size()), sum});
      return true;
    });
    return uses;
  };
  int postScale = -1;
  for (int i = int(att.steps.size()) - 1; i >= 0; --i) {
    // No gradient op of its own: an additive mask, the step whose gradient
    // g's factor is, and the -inf selects after it (see below).
    if (att.steps[i].kind == Step::Add || i == att.fusedStep ||
        (att.fusedStep >= 0 && i > att.fusedStep))
      continue;
    SmallVector<OpOperand *> uses = usesBut(cur);
    auto generic = dyn_cast_or_null<linalg::GenericOp>(
        uses.size() == 1 ? uses.front()->getOwner() : nullptr);
    if (fillsNegInf(att.steps[i])) {
      // A score set to -inf has P = 0, so g = P * (dP - r) is 0 there
      // already: the fused backward (PyTorch 2.x's CPU flash kernel) has
      // no select(m, 0, g). Skipped when its gradient is not next.
      std::optional<Step> step;
      if (generic && endsWithScores(generic, att))
        step = matchStep(generic, att.sq, att.sk);
      if (!step || !isGradientOf(*step, att.steps[i]) ||
          stripViews(generic.getDpsInputs()[step->xInput]) != stripViews(cur))
        continue;
    }
    if (att.steps[i].kind == Step::Unary) {
      // A generic of the gradient and the step's result, elementwise.
      if (!generic || generic.getOperation() != att.steps[i].gradReader ||
          !allParallel(generic) || generic.getNumDpsInputs() != 2 ||
          !isIdentityOn(generic, 0) || !isIdentityOn(generic, 1) ||
          !generic.getIndexingMapsArray().back().isIdentity() ||
          generic.getResult(0).getType() != att.steps[i].op.getResult(0).getType())
        return fail("the scores' gradient does not undo score step #" +
                    Twine(i) + " from its result");
      Step grad;
      grad.op = generic;
      grad.kind = Step::Unary;
      grad.xInput = uses.front()->getOperandNumber();
      grad.fwdInput = 1 - grad.xInput;
      grad.fwdIndex = i;
      if (stripViews(generic.getDpsInputs()[*grad.fwdInput]) !=
          att.steps[i].op.getResult(0))
        return fail("the scores' gradient does not undo score step #" +
                    Twine(i) + " from its result");
      att.gradSteps.push_back(grad);
      att.ops.insert(generic);
      cur = generic.getResult(0);
      continue;
    }
    std::optional<Step> step;
    if (generic && endsWithScores(generic, att))
      step = matchStep(generic, att.sq, att.sk);
    if (!step ||
        stripViews(generic.getDpsInputs()[step->xInput]) != stripViews(cur) ||
        !isGradientOf(*step, att.steps[i])) {
      // baddbmm(bias, Q, K^T, alpha=c): PyTorch scales the products dS K
      // and dS^T Q by c instead of dS; matched below at the products.
      if ((att.steps[i].kind == Step::Mul || att.steps[i].kind == Step::Div) &&
          firstWithGradient(i)) {
        postScale = i;
        break;
      }
      return fail("the scores' gradient does not undo score step #" + Twine(i) +
                  " exactly");
    }
    att.gradSteps.push_back(*step);
    att.ops.insert(generic);
    cur = generic.getResult(0);
  }
  // dS feeds dQ = dS K and dK = dS^T Q.
  Value dS = stripViews(cur);
  SmallVector<OpOperand *> dsUses;
  for (OpOperand *use : usesBut(cur)) {
    if (!feedsProducts(use->getOwner())) {
      dsUses.push_back(use);
      continue;
    }
    Operation *copy = use->getOwner();
    att.ops.insert(copy);
    llvm::append_range(dsUses, getUsesThroughViews(copy->getResult(0), views));
  }
  if (dsUses.size() != 2)
    return fail("the scores' gradient has " + Twine(dsUses.size()) +
                " users (expected dQ and dK)");
  for (OpOperand *use : dsUses) {
    FailureOr<Contraction> c = getContraction(use->getOwner(), att.nb);
    if (failed(c))
      return fail("the scores' gradient feeds something other than dQ, dK");
    if (!sameForm(*c))
      return fail(mixedForms);
    auto isGrad = [&](Labels l, Label k, Value other, Labels lother,
                      bool &transposed) {
      for (bool t : {false, true})
        if (computes(*c, l[t ? 1 : 0], l[t ? 0 : 1], k, dS,
                     Labels{kQuery, kKey}, other, lother)) {
          transposed = t;
          return true;
        }
      return false;
    };
    if (!att.gradQ.op &&
        isGrad(att.ql, kKey, att.k, att.kl, att.gradQTransposed))
      att.gradQ = *c;
    else if (!att.gradK.op &&
             isGrad(att.kl, kQuery, att.q, att.ql, att.gradKTransposed))
      att.gradK = *c;
    else
      return fail("the scores' gradient feeds a product that is neither "
                  "dQ = dS K nor dK = dS^T Q");
    record(*c);
    if (postScale < 0)
      continue;
    auto scale = dyn_cast_or_null<linalg::GenericOp>(
        getSingleUser(c->result(), views));
    std::optional<Step> step;
    if (scale)
      step = matchStep(scale, att.sq, att.sk);
    if (!step || scale.getDpsInputs()[step->xInput] != c->result() ||
        !isGradientOf(*step, att.steps[postScale]))
      return fail("the scores' gradient does not undo score step #" +
                  Twine(postScale) + " exactly");
    att.ops.insert(scale);
    (c->op == att.gradQ.op ? att.postQ : att.postK) = scale;
    // The tiles scale dS, as the other steps' gradients do.
    if (c->op == att.gradQ.op)
      att.gradSteps.push_back(*step);
  }
  att.ops.insert_range(views);

  // Where the loops go: forward at O, backward before dV / dPd.
  Block *block = softmax->getBlock();
  for (Operation *op : att.ops)
    if (op->getBlock() != block)
      return fail("the attention spans several blocks");
  Operation *firstBackward = att.gradV.op->isBeforeInBlock(att.gradProbs.op)
                                 ? att.gradV.op
                                 : att.gradProbs.op;
  if (!att.context.op->isBeforeInBlock(firstBackward))
    return fail("the backward products come before the context product");
  for (Value v : {att.q, att.k, att.v})
    if (Operation *def = v.getDefiningOp())
      if (def->getBlock() == block && !def->isBeforeInBlock(att.context.op))
        return fail("Q, K or V is defined after the context product");
  if (att.dropout)
    if (Operation *def = att.drop.getDefiningOp())
      if (def->getBlock() == block && !def->isBeforeInBlock(att.context.op))
        return fail("the dropout mask is defined after the context product");
  if (Operation *def = att.dO.getDefiningOp())
    if (def->getBlock() == block && !def->isBeforeInBlock(firstBackward))
      return fail("dO is defined after the backward products");
  return att;
}

//===----------------------------------------------------------------------===//
// Emission
//===----------------------------------------------------------------------===//

namespace {
/// Builds the tiled loops of one attention.
class Emitter {
public:
  /// Tiles of bq x bk, and a remainder where they do not divide.
  Emitter(Attention &att, int64_t bq, int64_t bk)
      : att(att), fullQ(bq), fullK(bk), bq(bq), bk(bk),
        et(getElementTypeOrSelf(att.scores.result().getType())),
        ct(att.ct) {}

  /// Forward loops at the context product; returns (O, M, log L), and the
  /// outer loop in `loop`.
  std::array<Value, 3> emitForward(OpBuilder &b, Location loc,
                                   scf::ForOp &loop);
  /// Backward loops; returns dQ, dK, dV, then the readers' results.
  SmallVector<Value> emitBackward(OpBuilder &b, Location loc, Value o,
                                  Value rowMax, Value logSum);

private:
  using TileBody = function_ref<SmallVector<Value>(OpBuilder &, Location,
                                                   Value, ValueRange)>;
  /// Threads `inits` through `body` over tiles of `length` rows: an scf.for
  /// over the full blocks of size `block`, then, when `block` does not
  /// divide `length`, the body once more, straight-line, on the remainder.
  /// `size` (bq or bk, which every tile shape reads) is the block size while
  /// the loop's body is built and the remainder's while the last is.
  SmallVector<Value> tiles(OpBuilder &b, Location loc, int64_t length,
                           int64_t block, int64_t &size, ValueRange inits,
                           TileBody body, scf::ForOp *loop = nullptr);

  int rank() const { return att.nb + 2; }
  SmallVector<int64_t> shape(int64_t d0, int64_t d1) const {
    SmallVector<int64_t> s;
    if (att.nb)
      s.push_back(att.batch);
    s.append({d0, d1});
    return s;
  }
  SmallVector<int64_t> rowShape(int64_t d) const {
    SmallVector<int64_t> s;
    if (att.nb)
      s.push_back(att.batch);
    s.push_back(d);
    return s;
  }
  int64_t sizeOf(Label l) const {
    switch (l) {
    case kQuery:
      return att.sq;
    case kKey:
      return att.sk;
    case kHead:
      return att.hd;
    case kValue:
      return att.vd;
    }
    return 0;
  }
  Value cst(OpBuilder &b, Location loc, double v) {
    return arith::ConstantOp::create(b, loc, ct, FloatAttr::get(ct, v));
  }
  Value index(OpBuilder &b, Location loc, int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }
  /// An empty tile in the compute type, or in `type`.
  Value empty(OpBuilder &b, Location loc, ArrayRef<int64_t> s,
              Type type = nullptr) {
    return tensor::EmptyOp::create(b, loc, s, type ? type : ct);
  }
  /// `v` (a scalar in a body) in the compute type.
  Value widen(OpBuilder &b, Location loc, Value v) {
    return v.getType() == ct ? v : arith::ExtFOp::create(b, loc, ct, v);
  }
  /// Tile `x` converted elementwise to element type `type` (a no-op when it
  /// has it): the widened form narrows where the untiled graph does.
  Value convert(OpBuilder &b, Location loc, Value x, Type type);
  Value fill(OpBuilder &b, Location loc, ArrayRef<int64_t> s, double v) {
    return linalg::FillOp::create(b, loc, cst(b, loc, v), empty(b, loc, s))
        .getResult(0);
  }
  /// `x` (labels lx) restricted to rows [qOff, +bq) of its query dim and
  /// [kOff, +bk) of its key dim (null offsets: whole).
  Value slice(OpBuilder &b, Location loc, Value x, Labels lx, Value qOff,
              Value kOff);
  Value insert(OpBuilder &b, Location loc, Value tile, Value into, Labels l,
               Value qOff, Value kOff);
  /// A row vector (batch?, rows) slice / insert.
  Value sliceRow(OpBuilder &b, Location loc, Value x, Value off, int64_t size);
  Value insertRow(OpBuilder &b, Location loc, Value tile, Value into,
                  Value off);
  /// init += A B as a generic: out labels `out`, contracting `k`.
  Value contract(OpBuilder &b, Location loc, Value a, Labels la, Value bv,
                 Labels lb, Labels out, Label k, Value init);
  /// An elementwise generic over tile-rank iteration space.
  Value map(OpBuilder &b, Location loc, ValueRange ins,
            ArrayRef<AffineMap> inMaps, Value init,
            function_ref<Value(OpBuilder &, Location, ValueRange)> body);
  /// A reduction over the last dim into a row vector filled with `start`.
  Value reduceRows(OpBuilder &b, Location loc, Value x, double start, bool max);
  /// A copy of step `step`'s generic on tile `x`, body cloned (a unary
  /// step's gradient also reads `fwd`, the tile of the step's result).
  Value applyStep(OpBuilder &b, Location loc, Step step, Value x, Value qOff,
                  Value kOff, Value fwd = {});
  /// Reader `reader` of the scores' gradient applied to its tile `g` (bmm
  /// space) at (qOff, kOff), into its window of `acc`.
  Value accumulateReader(OpBuilder &b, Location loc, linalg::GenericOp reader,
                         Value g, Value acc, Value qOff, Value kOff);
  /// The dropout mask tile.
  Value dropTile(OpBuilder &b, Location loc, Value qOff, Value kOff);
  /// A copy of a two-input product generic (dropout or its gradient) with
  /// input `xIn` replaced by `x` and the other by `d`.
  Value applyProduct(OpBuilder &b, Location loc, linalg::GenericOp op,
                     unsigned xIn, Value x, Value d);
  /// The scores' tile through the steps; each step's result in `results`.
  Value scoresTile(OpBuilder &b, Location loc, Value qi, Value kj, Value qOff,
                   Value kOff, SmallVectorImpl<Value> *results = nullptr);
  AffineMap identity() const {
    return AffineMap::getMultiDimIdentityMap(rank(), et.getContext());
  }
  AffineMap rowMap() const { return identity().getMajorSubMap(rank() - 1); }
  AffineMap rowIdentity() const {
    return AffineMap::getMultiDimIdentityMap(rank() - 1, et.getContext());
  }

  Attention &att;
  /// The block sizes.
  int64_t fullQ, fullK;
  /// The shape of the tile being built: the block sizes, or a remainder.
  int64_t bq, bk;
  /// The attention's element type (of Q, K, V, the scores and the results).
  Type et;
  /// The type the tiles compute in: et, or the wider type the products
  /// accumulate in (f32 for the importer's bf16 and f16 graphs).
  Type ct;
};
} // namespace

namespace {
/// Offsets, sizes and strides of a slice; starts as the whole of a shape.
struct SliceRange {
  SmallVector<OpFoldResult> offsets, sizes, strides;
  SliceRange(OpBuilder &b, ArrayRef<int64_t> shape) {
    for (int64_t size : shape) {
      offsets.push_back(b.getIndexAttr(0));
      sizes.push_back(b.getIndexAttr(size));
      strides.push_back(b.getIndexAttr(1));
    }
  }
};
} // namespace

Value Emitter::slice(OpBuilder &b, Location loc, Value x, Labels lx, Value qOff,
                     Value kOff) {
  auto type = cast<RankedTensorType>(x.getType());
  SliceRange range(b, type.getShape());
  SmallVector<OpFoldResult> &offsets = range.offsets, &sizes = range.sizes,
                            &strides = range.strides;
  for (int i = 0; i < 2; ++i) {
    if (lx[i] == kQuery && qOff) {
      offsets[att.nb + i] = qOff;
      sizes[att.nb + i] = b.getIndexAttr(bq);
    }
    if (lx[i] == kKey && kOff) {
      offsets[att.nb + i] = kOff;
      sizes[att.nb + i] = b.getIndexAttr(bk);
    }
  }
  return tensor::ExtractSliceOp::create(b, loc, x, offsets, sizes, strides);
}

Value Emitter::insert(OpBuilder &b, Location loc, Value tile, Value into,
                      Labels l, Value qOff, Value kOff) {
  auto tileType = cast<RankedTensorType>(tile.getType());
  SliceRange range(b, tileType.getShape());
  SmallVector<OpFoldResult> &offsets = range.offsets, &sizes = range.sizes,
                            &strides = range.strides;
  for (int i = 0; i < 2; ++i) {
    if (l[i] == kQuery && qOff)
      offsets[att.nb + i] = qOff;
    if (l[i] == kKey && kOff)
      offsets[att.nb + i] = kOff;
  }
  return tensor::InsertSliceOp::create(b, loc, tile, into, offsets, sizes,
                                       strides);
}

Value Emitter::sliceRow(OpBuilder &b, Location loc, Value x, Value off,
                        int64_t size) {
  SmallVector<OpFoldResult> offsets, sizes, strides;
  if (att.nb) {
    offsets.push_back(b.getIndexAttr(0));
    sizes.push_back(b.getIndexAttr(att.batch));
    strides.push_back(b.getIndexAttr(1));
  }
  offsets.push_back(off);
  sizes.push_back(b.getIndexAttr(size));
  strides.push_back(b.getIndexAttr(1));
  return tensor::ExtractSliceOp::create(b, loc, x, offsets, sizes, strides);
}

Value Emitter::insertRow(OpBuilder &b, Location loc, Value tile, Value into,
                         Value off) {
  auto tileType = cast<RankedTensorType>(tile.getType());
  SliceRange range(b, tileType.getShape());
  SmallVector<OpFoldResult> &offsets = range.offsets, &sizes = range.sizes,
                            &strides = range.strides;
  offsets.back() = off;
  return tensor::InsertSliceOp::create(b, loc, tile, into, offsets, sizes,
                                       strides);
}

Value Emitter::contract(OpBuilder &b, Location loc, Value a, Labels la,
                        Value bv, Labels lb, Labels out, Label k, Value init) {
  MLIRContext *ctx = et.getContext();
  int n = att.nb + 3;
  auto dimOf = [&](Label l) {
    return l == out[0] ? att.nb : l == out[1] ? att.nb + 1 : att.nb + 2;
  };
  auto mapOf = [&](ArrayRef<Label> labels) {
    SmallVector<AffineExpr> exprs;
    if (att.nb)
      exprs.push_back(getAffineDimExpr(0, ctx));
    for (Label l : labels)
      exprs.push_back(getAffineDimExpr(dimOf(l), ctx));
    return AffineMap::get(n, 0, exprs, ctx);
  };
  (void)k;
  SmallVector<utils::IteratorType> iters(n - 1, utils::IteratorType::parallel);
  iters.push_back(utils::IteratorType::reduction);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, ValueRange{a, bv}, ValueRange{init},
      ArrayRef<AffineMap>{mapOf(la), mapOf(lb), mapOf(out)}, iters,
      [&](OpBuilder &nb, Location l, ValueRange args) {
        // Every accumulator is in ct: 16-bit inputs are widened to it.
        Value m = arith::MulFOp::create(nb, l, widen(nb, l, args[0]),
                                        widen(nb, l, args[1]));
        Value s = arith::AddFOp::create(nb, l, args[2], m);
        linalg::YieldOp::create(nb, l, s);
      });
  return generic.getResult(0);
}

Value Emitter::convert(OpBuilder &b, Location loc, Value x, Type type) {
  auto tt = cast<RankedTensorType>(x.getType());
  if (tt.getElementType() == type)
    return x;
  bool wider = cast<FloatType>(type).getWidth() >
               cast<FloatType>(tt.getElementType()).getWidth();
  return map(b, loc, {x}, {identity()}, empty(b, loc, tt.getShape(), type),
             [&](OpBuilder &b, Location l, ValueRange a) -> Value {
               if (wider)
                 return arith::ExtFOp::create(b, l, type, a[0]);
               return arith::TruncFOp::create(b, l, type, a[0]);
             });
}

Value Emitter::map(
    OpBuilder &b, Location loc, ValueRange ins, ArrayRef<AffineMap> inMaps,
    Value init, function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  auto initType = cast<RankedTensorType>(init.getType());
  SmallVector<AffineMap> maps(inMaps);
  maps.push_back(
      AffineMap::getMultiDimIdentityMap(initType.getRank(), et.getContext()));
  SmallVector<utils::IteratorType> iters(initType.getRank(),
                                         utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{initType}, ins, ValueRange{init}, maps, iters,
      [&](OpBuilder &nb, Location l, ValueRange args) {
        linalg::YieldOp::create(nb, l, body(nb, l, args));
      });
  return generic.getResult(0);
}

Value Emitter::reduceRows(OpBuilder &b, Location loc, Value x, double start,
                          bool max) {
  auto type = cast<RankedTensorType>(x.getType());
  SmallVector<int64_t> rows(type.getShape().drop_back());
  Value init = fill(b, loc, rows, start);
  SmallVector<utils::IteratorType> iters(type.getRank(),
                                         utils::IteratorType::parallel);
  iters.back() = utils::IteratorType::reduction;
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, ValueRange{x}, ValueRange{init},
      ArrayRef<AffineMap>{identity(), rowMap()}, iters,
      [&](OpBuilder &nb, Location l, ValueRange args) {
        Value r =
            max ? Value(arith::MaximumFOp::create(nb, l, args[1], args[0]))
                : Value(arith::AddFOp::create(nb, l, args[1], args[0]));
        linalg::YieldOp::create(nb, l, r);
      });
  return generic.getResult(0);
}

/// Makes the linalg.index ops of `tile`'s body (a body cloned from an op
/// over the whole chain) read the chain's indices: the query and key dims
/// (the last two loops) offset by the tile's origin.
static void offsetTileIndices(linalg::GenericOp tile, Value qOff, Value kOff) {
  int64_t r = tile.getNumLoops();
  SmallVector<linalg::IndexOp> indices;
  tile.getBody()->walk([&](linalg::IndexOp op) { indices.push_back(op); });
  for (linalg::IndexOp op : indices) {
    if (int64_t(op.getDim()) < r - 2)
      continue;
    OpBuilder ib(op->getContext());
    ib.setInsertionPointAfter(op);
    Value off = int64_t(op.getDim()) == r - 2 ? qOff : kOff;
    auto add = arith::AddIOp::create(ib, op.getLoc(), op.getResult(), off);
    op.getResult().replaceAllUsesExcept(add, add);
  }
}

Value Emitter::applyStep(OpBuilder &b, Location loc, Step step, Value x,
                         Value qOff, Value kOff, Value fwd) {
  // In the step's own iteration space (the chain's, which may split the
  // bmm batch into batch and heads), with its own maps, so a mask may vary
  // along any batch dimension; the tile is regrouped to it and back.
  auto type = cast<RankedTensorType>(x.getType());
  unsigned r = step.op.getNumLoops();
  auto outType = cast<RankedTensorType>(step.op.getResult(0).getType());
  SmallVector<int64_t> chainTile(outType.getShape());
  chainTile[r - 2] = bq;
  chainTile[r - 1] = bk;
  SmallVector<ReassociationIndices> groups;
  if (r != unsigned(rank())) {
    groups = batchGroups(r);
    auto regroup = [&](Value v) -> Value {
      return tensor::ExpandShapeOp::create(
          b, loc,
          RankedTensorType::get(chainTile,
                                cast<ShapedType>(v.getType()).getElementType()),
          v, groups);
    };
    x = regroup(x);
    if (fwd)
      fwd = regroup(fwd);
  }
  SmallVector<Value> ins(step.op.getNumDpsInputs());
  SmallVector<AffineMap> maps = step.op.getIndexingMapsArray();
  ins[step.xInput] = x;
  if (step.fwdInput)
    ins[*step.fwdInput] = fwd;
  if (step.scalarInput) {
    // The constant as a tensor here (the original may be defined later, as
    // the importer writes a backward step's zero right before it).
    Value orig = step.op.getDpsInputs()[*step.scalarInput];
    auto scalarType = cast<RankedTensorType>(orig.getType());
    ins[*step.scalarInput] = arith::ConstantOp::create(
        b, loc, scalarType,
        DenseElementsAttr::get(scalarType,
                               convertTo(step.constant,
                                         scalarType.getElementType())));
  }
  if (step.maskInput) {
    // The mask's (query, key) tile: its dimensions read by the last two
    // loops are sliced, the others (batch, unit) kept whole.
    Value mask = step.op.getDpsInputs()[*step.maskInput];
    auto maskType = cast<RankedTensorType>(mask.getType());
    SliceRange range(b, maskType.getShape());
    for (auto [i, expr] :
         llvm::enumerate(maps[*step.maskInput].getResults())) {
      auto d = dyn_cast<AffineDimExpr>(expr);
      if (d && d.getPosition() == r - 2) {
        range.offsets[i] = qOff;
        range.sizes[i] = b.getIndexAttr(bq);
      } else if (d && d.getPosition() == r - 1) {
        range.offsets[i] = kOff;
        range.sizes[i] = b.getIndexAttr(bk);
      }
    }
    ins[*step.maskInput] = tensor::ExtractSliceOp::create(
        b, loc, mask, range.offsets, range.sizes, range.strides);
  }
  SmallVector<utils::IteratorType> iters(r, utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{RankedTensorType::get(chainTile, type.getElementType())},
      ins, ValueRange{empty(b, loc, chainTile, type.getElementType())}, maps,
      iters);
  IRMapping mapping;
  step.op.getRegion().cloneInto(&generic.getRegion(), mapping);
  offsetTileIndices(generic, qOff, kOff);
  Value result = generic.getResult(0);
  if (!groups.empty())
    result = tensor::CollapseShapeOp::create(b, loc, type, result, groups);
  return result;
}

Value Emitter::applyProduct(OpBuilder &b, Location loc, linalg::GenericOp op,
                            unsigned xIn, Value x, Value d) {
  SmallVector<Value> ins(2);
  ins[xIn] = x;
  ins[1 - xIn] = d;
  auto type = cast<RankedTensorType>(x.getType());
  if (att.widened) {
    // In the compute type: the untiled body's conversions are where the
    // untiled graph stores 16-bit values, which the tiles do not.
    return map(b, loc, ins, {identity(), identity()},
               empty(b, loc, type.getShape()),
               [&](OpBuilder &b, Location l, ValueRange a) -> Value {
                 return arith::MulFOp::create(b, l, widen(b, l, a[0]),
                                              widen(b, l, a[1]));
               });
  }
  SmallVector<utils::IteratorType> iters(rank(), utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ins, ValueRange{empty(b, loc, type.getShape())},
      ArrayRef<AffineMap>{identity(), identity(), identity()}, iters);
  IRMapping mapping;
  op.getRegion().cloneInto(&generic.getRegion(), mapping);
  return generic.getResult(0);
}

/// Whether `value` can be re-drawn per tile: an elementwise generic over
/// identity maps (scalars broadcast allowed) that does not read its init,
/// such as a counter-based random draw (linalg.index) and its scaling.
static bool isRedrawable(Value value) {
  auto producer = value.getDefiningOp<linalg::GenericOp>();
  if (!producer || !getYielded(producer) || !allParallel(producer) ||
      !producer.getIndexingMapsArray().back().isIdentity())
    return false;
  if (!producer.getBody()->getArgument(producer.getNumDpsInputs()).use_empty())
    return false;
  SmallVector<AffineMap> maps = producer.getIndexingMapsArray();
  return llvm::all_of(ArrayRef(maps).drop_back(), [](AffineMap map) {
    return map.isIdentity() || map.getNumResults() == 0;
  });
}

Value Emitter::dropTile(OpBuilder &b, Location loc, Value qOff, Value kOff) {
  auto type = cast<RankedTensorType>(att.drop.getType());
  int64_t r = type.getRank();
  auto chainSlice = [&](OpBuilder &b, Value x) -> Value {
    SliceRange range(b, type.getShape());
    range.offsets[r - 2] = qOff;
    range.offsets[r - 1] = kOff;
    range.sizes[r - 2] = b.getIndexAttr(bq);
    range.sizes[r - 1] = b.getIndexAttr(bk);
    return tensor::ExtractSliceOp::create(b, loc, x, range.offsets, range.sizes,
                                          range.strides);
  };
  SmallVector<int64_t> tileShape(type.getShape());
  tileShape[r - 2] = bq;
  tileShape[r - 1] = bk;
  // Re-draw: each producer on the tile, its index ops offset, recursively
  // through producers of the same kind (the draw, then its scaling), so no
  // full-size mask stays alive; anything else is sliced.
  std::function<Value(Value, int)> tileOf = [&](Value value,
                                                int depth) -> Value {
    if (depth > 8 || !isRedrawable(value))
      return chainSlice(b, value);
    auto producer = value.getDefiningOp<linalg::GenericOp>();
    SmallVector<Value> ins;
    for (auto [in, map] : llvm::zip(producer.getDpsInputs(),
                                    producer.getIndexingMapsArray()))
      ins.push_back(map.getNumResults() == 0 ? in : tileOf(in, depth + 1));
    Type elementType = getElementTypeOrSelf(value.getType());
    auto tileType = RankedTensorType::get(tileShape, elementType);
    Value init = tensor::EmptyOp::create(b, loc, tileShape, elementType);
    auto generic = linalg::GenericOp::create(
        b, loc, TypeRange{tileType}, ins, ValueRange{init},
        producer.getIndexingMapsArray(), producer.getIteratorTypesArray());
    IRMapping mapping;
    producer.getRegion().cloneInto(&generic.getRegion(), mapping);
    offsetTileIndices(generic, qOff, kOff);
    return generic.getResult(0);
  };
  Value tile = tileOf(att.drop, 0);
  if (r == rank())
    return tile;
  return tensor::CollapseShapeOp::create(b, loc, tile, batchGroups(r));
}

Value Emitter::scoresTile(OpBuilder &b, Location loc, Value qi, Value kj,
                          Value qOff, Value kOff,
                          SmallVectorImpl<Value> *results) {
  Value s = contract(b, loc, qi, att.ql, kj, att.kl, Labels{kQuery, kKey},
                     kHead, fill(b, loc, shape(bq, bk), 0.0));
  // The steps run on what the untiled graph stores (the narrowed scores),
  // their bodies cloned; the softmax then computes in ct.
  s = convert(b, loc, s, et);
  for (const Step &step : att.steps) {
    s = applyStep(b, loc, step, s, qOff, kOff);
    if (results)
      results->push_back(s);
  }
  return convert(b, loc, s, ct);
}

/// 0 where the row maximum `m` is -inf (a row masked whole), else `x`.
static Value zeroWhereNegInf(OpBuilder &b, Location loc, Value m, Value x) {
  Value ninf = arith::ConstantOp::create(
      b, loc, m.getType(),
      FloatAttr::get(m.getType(), -std::numeric_limits<double>::infinity()));
  Value zero = arith::ConstantOp::create(b, loc, x.getType(),
                                         FloatAttr::get(x.getType(), 0.0));
  Value isInf =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, m, ninf);
  return arith::SelectOp::create(b, loc, isInf, zero, x);
}

/// x - m with m replaced by 0 where it is -inf (a row masked so far).
static Value subMax(OpBuilder &b, Location loc, Value x, Value m) {
  return arith::SubFOp::create(b, loc, x, zeroWhereNegInf(b, loc, m, m));
}

/// exp(x - m), as FlashAttention does for a row masked so far.
static Value expMinus(OpBuilder &b, Location loc, Value x, Value m) {
  return math::ExpOp::create(b, loc, subMax(b, loc, x, m));
}

SmallVector<Value> Emitter::tiles(OpBuilder &b, Location loc, int64_t length,
                                  int64_t block, int64_t &size,
                                  ValueRange inits, TileBody body,
                                  scf::ForOp *loop) {
  int64_t saved = size;
  int64_t rest = length % block, full = length - rest;
  size = block;
  auto forOp = scf::ForOp::create(
      b, loc, index(b, loc, 0), index(b, loc, full), index(b, loc, block),
      inits, [&](OpBuilder &b, Location loc, Value off, ValueRange st) {
        scf::YieldOp::create(b, loc, body(b, loc, off, st));
      });
  if (loop)
    *loop = forOp;
  SmallVector<Value> results(forOp.getResults());
  if (rest) {
    size = rest;
    results = body(b, loc, index(b, loc, full), results);
  }
  size = saved;
  return results;
}

std::array<Value, 3> Emitter::emitForward(OpBuilder &b, Location loc,
                                          scf::ForOp &loop) {
  const double ninf = -std::numeric_limits<float>::infinity();
  Labels ol{kQuery, kValue};
  Value oInit = empty(b, loc, shape(att.sq, att.vd), et);
  Value mInit = empty(b, loc, rowShape(att.sq));
  Value lInit = empty(b, loc, rowShape(att.sq));
  AffineMap id = identity(), row = rowMap(), rid = rowIdentity();
  SmallVector<Value> outer = tiles(
      b, loc, att.sq, fullQ, bq, ValueRange{oInit, mInit, lInit},
      [&](OpBuilder &b, Location loc, Value qOff,
          ValueRange outs) -> SmallVector<Value> {
        Value qi = slice(b, loc, att.q, att.ql, qOff, nullptr);
        Value m0 = fill(b, loc, rowShape(bq), ninf);
        Value l0 = fill(b, loc, rowShape(bq), 0.0);
        Value acc0 = fill(b, loc, shape(bq, att.vd), 0.0);
        SmallVector<Value> inner = tiles(
            b, loc, att.sk, fullK, bk, ValueRange{m0, l0, acc0},
            [&](OpBuilder &b, Location loc, Value kOff,
                ValueRange st) -> SmallVector<Value> {
              Value m = st[0], l = st[1], acc = st[2];
              Value kj = slice(b, loc, att.k, att.kl, nullptr, kOff);
              Value vj = slice(b, loc, att.v, att.vl, nullptr, kOff);
              Value x = scoresTile(b, loc, qi, kj, qOff, kOff);
              Value rmax = reduceRows(b, loc, x, ninf, /*max=*/true);
              // mn = max(m, rowmax x)
              Value mn = map(
                  b, loc, {m, rmax}, {rid, rid}, empty(b, loc, rowShape(bq)),
                  [](OpBuilder &b, Location l, ValueRange a) {
                    return Value(arith::MaximumFOp::create(b, l, a[0], a[1]));
                  });
              // p = exp(x - mn)
              Value p =
                  map(b, loc, {x, mn}, {id, row}, empty(b, loc, shape(bq, bk)),
                      [](OpBuilder &b, Location l, ValueRange a) {
                        return expMinus(b, l, a[0], a[1]);
                      });
              // alpha = exp(m - mn)
              Value alpha =
                  map(b, loc, {m, mn}, {rid, rid}, empty(b, loc, rowShape(bq)),
                      [](OpBuilder &b, Location l, ValueRange a) {
                        return expMinus(b, l, a[0], a[1]);
                      });
              Value rsum = reduceRows(b, loc, p, 0.0, /*max=*/false);
              // l = alpha l + rowsum p, in place
              Value ln =
                  map(b, loc, {l, alpha, rsum}, {rid, rid, rid}, l,
                      [](OpBuilder &b, Location l, ValueRange a) {
                        Value s = arith::MulFOp::create(b, l, a[1], a[0]);
                        return Value(arith::AddFOp::create(b, l, s, a[2]));
                      });
              // The row sum above is over every p: the mask on the
              // probabilities (as dropout) acts after the softmax.
              Value pd = att.postMask
                             ? applyStep(b, loc, *att.postMask, p, qOff, kOff)
                             : p;
              if (att.dropout)
                pd = applyProduct(b, loc, att.dropout, att.dropPInput, pd,
                                  dropTile(b, loc, qOff, kOff));
              // acc = alpha acc + pd V_j, in place
              Value accs =
                  map(b, loc, {acc, alpha}, {id, row}, acc,
                      [](OpBuilder &b, Location l, ValueRange a) {
                        return Value(arith::MulFOp::create(b, l, a[1], a[0]));
                      });
              Value accn = contract(b, loc, pd, Labels{kQuery, kKey}, vj,
                                    att.vl, ol, kKey, accs);
              // m = mn, in place
              Value mc =
                  map(b, loc, {mn}, {rid}, m,
                      [](OpBuilder &, Location, ValueRange a) { return a[0]; });
              return {mc, ln, accn};
            });
        Value m = inner[0], l = inner[1], acc = inner[2];
        // O_i = acc / l; rows masked whole 0 (safe rows: m is -inf there).
        SmallVector<Value> oIns{acc, l};
        SmallVector<AffineMap> oMaps{id, row};
        if (att.safeRows) {
          oIns.push_back(m);
          oMaps.push_back(row);
        }
        bool safe = att.safeRows;
        Value oi = map(b, loc, oIns, oMaps, empty(b, loc, shape(bq, att.vd)),
                       [&](OpBuilder &b, Location l, ValueRange a) {
                         Value o = arith::DivFOp::create(b, l, a[0], a[1]);
                         return safe ? zeroWhereNegInf(b, l, a[2], o) : o;
                       });
        // m and log l are saved apart: a row whose scores are all masked
        // by a finite minimum (Hugging Face's finfo.min) has m = finfo.min,
        // next to which m + log l loses log l.
        Value li = map(b, loc, {l}, {rid}, empty(b, loc, rowShape(bq)),
                       [](OpBuilder &b, Location l, ValueRange a) {
                         return Value(math::LogOp::create(b, l, a[0]));
                       });
        Value o = insert(b, loc, convert(b, loc, oi, et), outs[0], ol, qOff,
                         nullptr);
        Value ms = insertRow(b, loc, m, outs[1], qOff);
        Value ls = insertRow(b, loc, li, outs[2], qOff);
        return {o, ms, ls};
      },
      &loop);
  return {outer[0], outer[1], outer[2]};
}

Value Emitter::accumulateReader(OpBuilder &b, Location loc,
                                linalg::GenericOp sum, Value g, Value acc,
                                Value qOff, Value kOff) {
  auto inType = cast<RankedTensorType>(sum.getDpsInputs()[0].getType());
  unsigned r = inType.getRank();
  SmallVector<int64_t> inTile(inType.getShape());
  inTile[r - 2] = bq;
  inTile[r - 1] = bk;
  // The tile in the sum's (the chain's) space: batch dims regrouped.
  auto gType = cast<RankedTensorType>(g.getType());
  if (r != unsigned(rank()))
    g = tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get(inTile, gType.getElementType()), g,
        batchGroups(r));
  // The accumulator's window: the output dims that are the query's or the
  // key's loop are sliced, the others (heads, kept batch dims) whole.
  SmallVector<AffineMap> maps = sum.getIndexingMapsArray();
  auto accType = cast<RankedTensorType>(acc.getType());
  SliceRange range(b, accType.getShape());
  SmallVector<int64_t> accTile(accType.getShape());
  for (auto [j, expr] : llvm::enumerate(maps[1].getResults())) {
    std::optional<unsigned> in = maps[0].getResultPosition(expr);
    if (in && *in == r - 2) {
      range.offsets[j] = qOff;
      range.sizes[j] = b.getIndexAttr(bq);
      accTile[j] = bq;
    } else if (in && *in == r - 1) {
      range.offsets[j] = kOff;
      range.sizes[j] = b.getIndexAttr(bk);
      accTile[j] = bk;
    }
  }
  auto tileType = RankedTensorType::get(accTile, accType.getElementType());
  Value window = tensor::ExtractSliceOp::create(
      b, loc, tileType, acc, range.offsets, range.sizes, range.strides);
  auto tileSum = linalg::GenericOp::create(
      b, loc, TypeRange{tileType}, ValueRange{g}, ValueRange{window}, maps,
      sum.getIteratorTypesArray());
  IRMapping mapping;
  sum.getRegion().cloneInto(&tileSum.getRegion(), mapping);
  return tensor::InsertSliceOp::create(b, loc, tileSum.getResult(0), acc,
                                       range.offsets, range.sizes,
                                       range.strides);
}

SmallVector<Value> Emitter::emitBackward(OpBuilder &b, Location loc, Value o,
                                         Value rowMax, Value logSum) {
  Labels ol{kQuery, kValue}, dvl{kKey, kValue};
  AffineMap id = identity(), row = rowMap();
  // Dr = rowsum(dO * O)
  Value dr;
  {
    Value init = fill(b, loc, rowShape(att.sq), 0.0);
    SmallVector<utils::IteratorType> iters(rank(),
                                           utils::IteratorType::parallel);
    iters.back() = utils::IteratorType::reduction;
    dr = linalg::GenericOp::create(
             b, loc, TypeRange{init.getType()}, ValueRange{att.dO, o},
             ValueRange{init}, ArrayRef<AffineMap>{id, id, row}, iters,
             [&](OpBuilder &b, Location l, ValueRange a) {
               Value m = arith::MulFOp::create(b, l, widen(b, l, a[0]),
                                               widen(b, l, a[1]));
               linalg::YieldOp::create(
                   b, l, Value(arith::AddFOp::create(b, l, a[2], m)));
             })
             .getResult(0);
  }
  auto qType = cast<RankedTensorType>(att.q.getType());
  auto kType = cast<RankedTensorType>(att.k.getType());
  // dQ accumulates over key blocks in ct (as FlashAttention 2's dQaccum);
  // dK and dV tiles are final after each inner loop.
  Value dqInit = fill(b, loc, qType.getShape(), 0.0);
  Value dkInit = empty(b, loc, kType.getShape(), et);
  Value dvInit = empty(b, loc, shape(att.sk, att.vd), et);
  SmallVector<Value> inits{dqInit, dkInit, dvInit};
  // The readers' results: zero for sums; a copy writes each element once.
  for (Attention::Reader &reader : att.readers) {
    auto type = cast<RankedTensorType>(reader.op.getResult(0).getType());
    Type element = type.getElementType();
    Value init = empty(b, loc, type.getShape(), element);
    if (reader.sum)
      init = linalg::FillOp::create(
                 b, loc,
                 arith::ConstantOp::create(b, loc, element,
                                           FloatAttr::get(element, 0.0))
                     .getResult(),
                 ValueRange{init})
                 .getResult(0);
    inits.push_back(init);
  }
  SmallVector<Value> outer = tiles(
      b, loc, att.sk, fullK, bk, inits,
      [&](OpBuilder &b, Location loc, Value kOff,
          ValueRange outs) -> SmallVector<Value> {
        SmallVector<int64_t> kTile(kType.getShape());
        for (int i = 0; i < 2; ++i)
          if (att.kl[i] == kKey)
            kTile[att.nb + i] = bk;
        Value kj = slice(b, loc, att.k, att.kl, nullptr, kOff);
        Value vj = slice(b, loc, att.v, att.vl, nullptr, kOff);
        Value dk0 = fill(b, loc, kTile, 0.0);
        Value dv0 = fill(b, loc, shape(bk, att.vd), 0.0);
        SmallVector<Value> innerInits{outs[0], dk0, dv0};
        innerInits.append(outs.begin() + 3, outs.end());
        SmallVector<Value> inner = tiles(
            b, loc, att.sq, fullQ, bq, innerInits,
            [&](OpBuilder &b, Location loc, Value qOff,
                ValueRange st) -> SmallVector<Value> {
              Value dq = st[0], dkj = st[1], dvj = st[2];
              SmallVector<Value> read(st.begin() + 3, st.end());
              Value qi = slice(b, loc, att.q, att.ql, qOff, nullptr);
              Value doi = slice(b, loc, att.dO, ol, qOff, nullptr);
              Value mi = sliceRow(b, loc, rowMax, qOff, bq);
              Value li = sliceRow(b, loc, logSum, qOff, bq);
              Value dri = sliceRow(b, loc, dr, qOff, bq);
              SmallVector<Value> stepTiles;
              Value x = scoresTile(b, loc, qi, kj, qOff, kOff, &stepTiles);
              // P = exp((x - m) - log l), as forward's exp(x - m) / l;
              // from a log-sum-exp, exp(x - (m + log l)) as PyTorch's.
              bool safe = att.safeRows, lseForm = att.lseForm;
              Value p = map(
                  b, loc, {x, mi, li}, {id, row, row},
                  empty(b, loc, shape(bq, bk)),
                  [&](OpBuilder &b, Location l, ValueRange a) {
                    Value p;
                    if (lseForm) {
                      Value lse = arith::AddFOp::create(
                          b, l, zeroWhereNegInf(b, l, a[1], a[1]), a[2]);
                      p = math::ExpOp::create(
                          b, l, arith::SubFOp::create(b, l, a[0], lse));
                    } else {
                      Value d = subMax(b, l, a[0], a[1]);
                      p = math::ExpOp::create(
                          b, l, arith::SubFOp::create(b, l, d, a[2]));
                    }
                    return safe ? zeroWhereNegInf(b, l, a[1], p) : p;
                  });
              Value drop;
              if (att.dropout)
                drop = dropTile(b, loc, qOff, kOff);
              Value pm = att.postMask ? applyStep(b, loc, *att.postMask, p,
                                                  qOff, kOff)
                                      : p;
              Value pd = att.dropout ? applyProduct(b, loc, att.dropout,
                                                    att.dropPInput, pm, drop)
                                     : pm;
              Value dvn = contract(b, loc, pd, Labels{kQuery, kKey}, doi, ol,
                                   dvl, kQuery, dvj);
              Value dpd =
                  contract(b, loc, doi, ol, vj, att.vl, Labels{kQuery, kKey},
                           kValue, fill(b, loc, shape(bq, bk), 0.0));
              Value dp = att.dropout
                             ? applyProduct(b, loc, att.dropGrad,
                                            att.dropGradInput, dpd, drop)
                             : dpd;
              if (att.postMaskGrad)
                dp = applyStep(b, loc, *att.postMaskGrad, dp, qOff, kOff);
              // g = P * (dP - Dr) [* c]
              std::optional<APFloat> c;
              if (att.fusedScale)
                c = att.steps[att.fusedStep].constant;
              Value g = map(b, loc, {p, dp, dri}, {id, id, row},
                            empty(b, loc, shape(bq, bk)),
                            [&](OpBuilder &b, Location l, ValueRange a) {
                              Value d = arith::SubFOp::create(b, l, a[1], a[2]);
                              Value r = arith::MulFOp::create(b, l, a[0], d);
                              if (c)
                                r = arith::MulFOp::create(
                                    b, l, r,
                                    arith::ConstantOp::create(
                                        b, l, ct,
                                        FloatAttr::get(
                                            ct, c->convertToDouble())));
                              return r;
                            });
              // dS as the untiled graph stores it, steps' bodies cloned.
              g = convert(b, loc, g, et);
              auto readAt = [&](unsigned after) {
                for (auto [reader, acc] : llvm::zip(att.readers, read))
                  if (reader.after == after)
                    acc = accumulateReader(b, loc, reader.op, g, acc, qOff,
                                           kOff);
              };
              for (auto [i, step] : llvm::enumerate(att.gradSteps)) {
                readAt(i);
                g = applyStep(b, loc, step, g, qOff, kOff,
                              step.fwdInput ? stepTiles[step.fwdIndex]
                                            : Value());
              }
              readAt(att.gradSteps.size());
              // dQ_i += dS K_j, in place in dQ's slice
              Value dqi = slice(b, loc, dq, att.ql, qOff, nullptr);
              Value dqn = contract(b, loc, g, Labels{kQuery, kKey}, kj, att.kl,
                                   att.ql, kKey, dqi);
              Value dq2 = insert(b, loc, dqn, dq, att.ql, qOff, nullptr);
              // dK_j += dS^T Q_i
              Value dkn = contract(b, loc, g, Labels{kQuery, kKey}, qi, att.ql,
                                   att.kl, kQuery, dkj);
              SmallVector<Value> next{dq2, dkn, dvn};
              next.append(read);
              return next;
            });
        Value dk = insert(b, loc, convert(b, loc, inner[1], et), outs[1],
                          att.kl, nullptr, kOff);
        Value dv = insert(b, loc, convert(b, loc, inner[2], et), outs[2], dvl,
                          nullptr, kOff);
        SmallVector<Value> next{inner[0], dk, dv};
        next.append(inner.begin() + 3, inner.end());
        return next;
      });
  outer[0] = convert(b, loc, outer[0], et);
  return outer;
}

//===----------------------------------------------------------------------===//
// Contractions written as linalg.generic
//===----------------------------------------------------------------------===//

namespace {
/// A contraction written as a linalg.generic (StableHLO's dot_general with
/// two batch dimensions, as stablehlo-legalize-to-linalg writes it, or any
/// batched product written as a generic): acc + a * b into a zero fill,
/// each operand's dims a permutation of batch dims and one of m, n (free)
/// or k (contracted).
struct GenericContraction {
  linalg::GenericOp op;
  /// Loop dims: the batch ones in the order the result has them.
  SmallVector<unsigned> batch;
  unsigned m = 0, n = 0, k = 0;
};
} // namespace

/// The loop dims `map` reads, in its result order (a projected permutation).
static std::optional<SmallVector<unsigned>> loopDims(AffineMap map) {
  if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
    return std::nullopt;
  SmallVector<unsigned> dims;
  for (unsigned i = 0; i < map.getNumResults(); ++i)
    dims.push_back(map.getDimPosition(i));
  return dims;
}

static std::optional<GenericContraction>
matchGenericContraction(Operation *op) {
  auto g = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!g || g.getNumDpsInputs() != 2 || g.getNumDpsInits() != 1 ||
      !g.hasPureTensorSemantics() || !isZeroFill(g.getDpsInits()[0]) ||
      numComputeOps(g) != 3 ||
      !llvm::all_of(g->getOperandTypes(), [](Type t) {
        auto shaped = dyn_cast<ShapedType>(t);
        return shaped && shaped.hasStaticShape();
      }))
    return std::nullopt;
  // acc + a * b, the product in the accumulator's type (16-bit operands
  // widened first, as linalg.batch_matmul computes them).
  Block *body = g.getBody();
  Type accType = getElementTypeOrSelf(g.getResult(0).getType());
  Type inType = getElementTypeOrSelf(g.getDpsInputs()[0].getType());
  if (!isa<FloatType>(accType) || !isa<FloatType>(inType) ||
      getElementTypeOrSelf(g.getDpsInputs()[1].getType()) != inType ||
      cast<FloatType>(accType).getWidth() < cast<FloatType>(inType).getWidth())
    return std::nullopt;
  auto add = body->getTerminator()->getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add)
    return std::nullopt;
  Value acc = add.getLhs(), prod = add.getRhs();
  if (acc != body->getArgument(2))
    std::swap(acc, prod);
  auto mul = prod.getDefiningOp<arith::MulFOp>();
  if (acc != body->getArgument(2) || !mul || mul.getType() != accType)
    return std::nullopt;
  std::optional<unsigned> x = argNumber(g, mul.getLhs());
  std::optional<unsigned> y = argNumber(g, mul.getRhs());
  if (!x || !y || *x + *y != 1)
    return std::nullopt;
  // One m, n and k each, at least one batch dim, nothing else (upstream's
  // inference leaves out a dim of one operand only, or a reduction the
  // result keeps), every map a projected permutation.
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(cast<linalg::LinalgOp>(g.getOperation()));
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1 || dims->batch.empty() ||
      dims->batch.size() + 3 != g.getNumLoops() ||
      !llvm::all_of(g.getIndexingMapsArray(), [](AffineMap map) {
        return map.isProjectedPermutation(/*allowZeroInResults=*/false);
      }))
    return std::nullopt;
  SmallVector<utils::IteratorType> iters = g.getIteratorTypesArray();
  auto parallel = [&](unsigned d) {
    return iters[d] == utils::IteratorType::parallel;
  };
  if (!parallel(dims->m[0]) || !parallel(dims->n[0]) ||
      parallel(dims->k[0]) || !llvm::all_of(dims->batch, parallel))
    return std::nullopt;
  GenericContraction gc;
  gc.op = g;
  gc.m = dims->m[0];
  gc.n = dims->n[0];
  gc.k = dims->k[0];
  // The batch dims in the order the result has them (the dims held in a
  // local: a range-for over `*loopDims(...)` reads a destroyed temporary).
  SmallVector<unsigned> outDims = *loopDims(g.getIndexingMapsArray()[2]);
  for (unsigned d : outDims)
    if (d != gc.m && d != gc.n)
      gc.batch.push_back(d);
  return gc;
}

/// `value` (dims `dims`) with the batch dims `batch` first, in that order,
/// the others after them in their order: the value itself, or a
/// linalg.transpose. The order reached is appended to `order`.
static Value batchFirst(OpBuilder &b, Location loc, Value value,
                        ArrayRef<unsigned> dims, ArrayRef<unsigned> batch,
                        SmallVectorImpl<unsigned> &order) {
  order.assign(batch.begin(), batch.end());
  for (unsigned d : dims)
    if (!llvm::is_contained(batch, d))
      order.push_back(d);
  if (ArrayRef<unsigned>(order) == dims)
    return value;
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> perm, shape;
  for (unsigned d : order) {
    int64_t from = llvm::find(dims, d) - dims.begin();
    perm.push_back(from);
    shape.push_back(type.getDimSize(from));
  }
  Value init = tensor::EmptyOp::create(b, loc, shape, type.getElementType());
  return linalg::TransposeOp::create(b, loc, value, init, perm)->getResult(0);
}

/// Rewrites `gc` as linalg.batch_matmul: each operand with its batch dims
/// first (a transposed copy where they are not) and collapsed into one, the
/// last two read through the product's indexing maps; the result expanded
/// back and, if its layout differs, transposed to the generic's. The same
/// sums in the same order: acc + a * b over k, from zero.
static linalg::BatchMatmulOp normalizeContraction(GenericContraction &gc) {
  linalg::GenericOp g = gc.op;
  OpBuilder b(g);
  Location loc = g.getLoc();
  MLIRContext *ctx = g.getContext();
  SmallVector<AffineMap> maps = g.getIndexingMapsArray();
  int64_t nb = gc.batch.size();
  SmallVector<ReassociationIndices> groups;
  groups.emplace_back(llvm::to_vector(llvm::seq<int64_t>(0, nb)));
  groups.push_back({nb});
  groups.push_back({nb + 1});
  auto collapse = [&](Value v) -> Value {
    return nb == 1 ? v
                   : tensor::CollapseShapeOp::create(b, loc, v, groups)
                         ->getResult(0);
  };
  // Batch-matmul space (b, m, n, k): where each operand's last two dims go.
  auto bmmDim = [&](unsigned d) {
    return getAffineDimExpr(d == gc.m ? 1 : d == gc.n ? 2 : 3, ctx);
  };
  SmallVector<Value> operands;
  SmallVector<AffineMap> bmmMaps;
  for (unsigned i = 0; i < 2; ++i) {
    SmallVector<unsigned> order;
    Value v = batchFirst(b, loc, g.getDpsInputs()[i], *loopDims(maps[i]),
                         gc.batch, order);
    operands.push_back(collapse(v));
    bmmMaps.push_back(AffineMap::get(
        4, 0,
        {getAffineDimExpr(0, ctx), bmmDim(order[nb]), bmmDim(order[nb + 1])},
        ctx));
  }
  bmmMaps.push_back(AffineMap::get(
      4, 0,
      {getAffineDimExpr(0, ctx), getAffineDimExpr(1, ctx),
       getAffineDimExpr(2, ctx)},
      ctx));
  // The result: batch (in the generic's result order), m, n.
  auto resultType = cast<RankedTensorType>(g.getResult(0).getType());
  SmallVector<unsigned> outDims = *loopDims(maps[2]);
  auto sizeOf = [&](unsigned d) {
    return resultType.getDimSize(llvm::find(outDims, d) - outDims.begin());
  };
  SmallVector<int64_t> full;
  int64_t batchSize = 1;
  for (unsigned d : gc.batch) {
    full.push_back(sizeOf(d));
    batchSize *= sizeOf(d);
  }
  full.push_back(sizeOf(gc.m));
  full.push_back(sizeOf(gc.n));
  Type et = resultType.getElementType();
  auto fill = g.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  Value empty = tensor::EmptyOp::create(
      b, loc, ArrayRef<int64_t>{batchSize, full[nb], full[nb + 1]}, et);
  Value init = linalg::FillOp::create(b, loc, fill.getInputs()[0], empty)
                   ->getResult(0);
  auto bmm = linalg::BatchMatmulOp::create(b, loc, TypeRange{init.getType()},
                                           operands, ValueRange{init});
  bmm.setIndexingMapsAttr(b.getAffineMapArrayAttr(bmmMaps));
  Value result = bmm.getResult(0);
  if (nb > 1)
    result = tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get(full, et), result, groups);
  SmallVector<unsigned> order(gc.batch);
  order.push_back(gc.m);
  order.push_back(gc.n);
  if (ArrayRef<unsigned>(order) != ArrayRef<unsigned>(outDims)) {
    SmallVector<int64_t> perm;
    for (unsigned d : outDims)
      perm.push_back(llvm::find(order, d) - order.begin());
    Value out = tensor::EmptyOp::create(b, loc, resultType.getShape(), et);
    result = linalg::TransposeOp::create(b, loc, result, out, perm)
                 ->getResult(0);
  }
  g.getResult(0).replaceAllUsesWith(result);
  g.erase();
  if (fill->use_empty()) {
    Operation *fillEmpty = fill.getOutputs()[0].getDefiningOp();
    fill.erase();
    if (fillEmpty && fillEmpty->use_empty())
      fillEmpty->erase();
  }
  return bmm;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// Whether the softmax of `x` reads a product Q K^T through elementwise ops
/// (and batch views): attention, matched or not.
static bool looksLikeAttention(Value x) {
  for (int depth = 0; depth < 16; ++depth) {
    Operation *def = stripViews(x).getDefiningOp();
    if (isa_and_nonnull<linalg::MatmulOp, linalg::BatchMatmulOp>(def) ||
        matchGenericContraction(def))
      return true;
    auto generic = dyn_cast_or_null<linalg::GenericOp>(def);
    if (!generic || !allParallel(generic) || generic.getNumResults() != 1)
      return false;
    SmallVector<Value> inputs = generic.getDpsInputs();
    auto shape = cast<ShapedType>(generic.getResult(0).getType()).getShape();
    auto same = llvm::find_if(inputs, [&](Value in) {
      auto type = dyn_cast<ShapedType>(in.getType());
      return type && type.getShape() == shape;
    });
    if (same == inputs.end())
      return false;
    x = *same;
  }
  return false;
}

/// `grad` (batch dims, then two) with its last two dims swapped when
/// `transposed`: a copy, as importers write transpositions.
static Value inLayout(OpBuilder &b, Location loc, Value grad, bool transposed) {
  if (!transposed)
    return grad;
  auto type = cast<RankedTensorType>(grad.getType());
  int64_t rank = type.getRank();
  SmallVector<int64_t> shape(type.getShape());
  std::swap(shape[rank - 1], shape[rank - 2]);
  SmallVector<unsigned> perm = llvm::to_vector(llvm::seq<unsigned>(0, rank));
  std::swap(perm[rank - 1], perm[rank - 2]);
  MLIRContext *ctx = b.getContext();
  Value init = tensor::EmptyOp::create(b, loc, shape, type.getElementType());
  SmallVector<AffineMap> maps{AffineMap::getPermutationMap(perm, ctx),
                              AffineMap::getMultiDimIdentityMap(rank, ctx)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, init.getType(), ValueRange{grad}, ValueRange{init}, maps,
             iterators,
             [](OpBuilder &nb, Location nloc, ValueRange args) {
               linalg::YieldOp::create(nb, nloc, args[0]);
             })
      .getResult(0);
}

/// Erases the matched ops (all unused once their results are replaced) and
/// the destinations and constants only they used.
static void eraseMatched(Attention &att) {
  SmallVector<Operation *> order(att.ops.begin(), att.ops.end());
  Block *block = att.softmax->getBlock();
  llvm::sort(order,
             [](Operation *a, Operation *b) { return b->isBeforeInBlock(a); });
  SetVector<Operation *> producers;
  for (Operation *op : order) {
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        if (def->getBlock() == block && !att.ops.contains(def))
          producers.insert(def);
    op->erase();
  }
  // Zero fills, empties and constants feeding the matched ops.
  SmallVector<Operation *> work(producers.begin(), producers.end());
  // An op reached twice (two erased readers) is erased once.
  DenseSet<Operation *> erased;
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    if (erased.contains(op))
      continue;
    // Pure producers only they used: the dropout mask's when the tiles
    // re-draw it, copies of Q, K, V or dO made for the backward products.
    if (!op->use_empty() || !isMemoryEffectFree(op) || op->getNumRegions() > 1)
      continue;
    SmallVector<Operation *> defs;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        defs.push_back(def);
    erased.insert(op);
    op->erase();
    work.append(defs);
  }
}

namespace {
struct RematTileAttentionPass
    : mlir::remat::impl::RematTileAttentionBase<RematTileAttentionPass> {
  using Base::Base;
  void runOnOperation() override;
};
} // namespace

//===----------------------------------------------------------------------===//
// Softmax written out
//===----------------------------------------------------------------------===//
//
// Producers that decompose softmax (torch-mlir's DecomposeComplexOps, JAX's
// jax.nn.softmax through StableHLO) write
//   m = rowmax x; e = exp(x - m) (one generic, or x - m then exp);
//   s = rowsum e; p = e / s
// and its gradient (PyTorch's _softmax_backward_data decomposition, JAX's
// softmax JVP transposed)
//   t = dP * p; r = rowsum t; g = t - p * r (one generic, or u = p * r and
//   t - u).
// An attention written so is raised to linalg.softmax and g = p * (dP - r),
// the forms matched above, where the raised attention would then tile (tried
// first on a copy of the function): the tiles change the order of the sums
// anyway. A softmax that would not tile stays exactly as written.

namespace {
struct WrittenOutSoftmax {
  Value x;
  linalg::GenericOp div;
  SmallVector<Operation *> ops; // m, x - m, e, s and their reshapes
};
} // namespace

/// An elementwise generic over `n` inputs, every map the identity.
static bool isElementwiseOfIdentities(linalg::GenericOp generic, unsigned n) {
  return generic && getYielded(generic) && allParallel(generic) &&
         generic.getNumDpsInputs() == n &&
         llvm::all_of(generic.getIndexingMapsArray(),
                      [](AffineMap map) { return map.isIdentity(); });
}

/// `p = e / s` at `div`, with the rest of the written-out softmax above it.
static std::optional<WrittenOutSoftmax>
matchWrittenOutSoftmax(linalg::GenericOp div) {
  unsigned eIn, sIn;
  if (!isRowwise(div, eIn, sIn) || div.getBody()->getOperations().size() != 2 ||
      !isBinaryOfArgs<arith::DivFOp>(getYielded(div), div, eIn, sIn, false))
    return std::nullopt;
  WrittenOutSoftmax w;
  w.div = div;
  Value e = div.getDpsInputs()[eIn];
  auto sum = stripReshapes(div.getDpsInputs()[sIn])
                 .getDefiningOp<linalg::GenericOp>();
  if (!isRowReduction<arith::AddFOp>(sum, 0.0) || sum.getDpsInputs()[0] != e)
    return std::nullopt;
  auto exp = e.getDefiningOp<linalg::GenericOp>();
  Value m;
  Operation *mReader = exp;
  if (std::optional<unsigned> xIn = matchExpMinusRow(exp)) {
    w.x = exp.getDpsInputs()[*xIn];
    m = exp.getDpsInputs()[1 - *xIn];
  } else {
    // exp(d) of d = x - m
    if (!isElementwiseOfIdentities(exp, 1) ||
        exp.getBody()->getOperations().size() != 2)
      return std::nullopt;
    auto expOp = getYielded(exp).getDefiningOp<math::ExpOp>();
    auto sub = exp.getDpsInputs()[0].getDefiningOp<linalg::GenericOp>();
    unsigned subX, mIn;
    if (!expOp || argNumber(exp, expOp.getOperand()) != 0 ||
        !isRowwise(sub, subX, mIn) || sub.getBody()->getOperations().size() != 2 ||
        !isBinaryOfArgs<arith::SubFOp>(getYielded(sub), sub, subX, mIn, false) ||
        !sub.getResult(0).hasOneUse())
      return std::nullopt;
    w.x = sub.getDpsInputs()[subX];
    m = sub.getDpsInputs()[mIn];
    w.ops.push_back(sub);
    mReader = sub;
  }
  auto max = stripReshapes(m).getDefiningOp<linalg::GenericOp>();
  if (!isRowReduction<arith::MaximumFOp, arith::MaxNumFOp>(
          max, -std::numeric_limits<double>::infinity()) ||
      max.getDpsInputs()[0] != w.x)
    return std::nullopt;
  auto type = dyn_cast<RankedTensorType>(w.x.getType());
  if (!type || !type.hasStaticShape() || div.getResult(0).getType() != type)
    return std::nullopt;
  // Each part read only by the next.
  SetVector<Operation *> views;
  auto onlyReadBy = [&](Operation *op, ArrayRef<Operation *> readers) {
    return llvm::all_of(
        getUsesThroughViews(op->getResult(0), views, isReshape),
        [&](OpOperand *use) {
          return llvm::is_contained(readers, use->getOwner());
        });
  };
  if (!onlyReadBy(max, {mReader}) ||
      !onlyReadBy(exp, {sum.getOperation(), div.getOperation()}) ||
      !onlyReadBy(sum, {div.getOperation()}))
    return std::nullopt;
  w.ops.append({max, exp, sum});
  w.ops.append(views.begin(), views.end());
  return w;
}

/// Rewrites the written-out gradients of the softmax `p`, t = dP * p,
/// r = rowsum t, g = t - p * r, as g = p * (dP - r).
static void raiseSoftmaxGradients(Value p) {
  // The products t = dP * p (collected first: raising erases readers of p).
  SmallVector<linalg::GenericOp> products;
  for (Operation *user : p.getUsers())
    if (auto t = dyn_cast<linalg::GenericOp>(user);
        t && matchProductWith(t, p) && !llvm::is_contained(products, t))
      products.push_back(t);
  for (linalg::GenericOp t : products) {
    std::optional<std::pair<unsigned, Value>> prod = matchProductWith(t, p);
    if (!prod || t.getResult(0).getType() != p.getType())
      continue;
    Value dP = prod->second;
    linalg::GenericOp r, g, u;
    for (Operation *reader : t.getResult(0).getUsers()) {
      auto generic = dyn_cast<linalg::GenericOp>(reader);
      if (isRowReduction<arith::AddFOp>(generic, 0.0))
        r = generic;
      else
        g = generic;
    }
    if (!r || !g || !t.getResult(0).hasNUses(2))
      continue;
    SetVector<Operation *> views;
    SmallVector<OpOperand *> rUses =
        getUsesThroughViews(r.getResult(0), views, isReshape);
    if (rUses.size() != 1)
      continue;
    // g = t - p * r in one generic, or u = p * r and g = t - u.
    auto isProductOfPR = [&](linalg::GenericOp op, unsigned pIn,
                             unsigned rIn, Value y) {
      return isBinaryOfArgs<arith::MulFOp>(y, op, pIn, rIn, true) &&
             stripViews(op.getDpsInputs()[pIn]) == p;
    };
    Operation *rReader = rUses.front()->getOwner();
    unsigned rIn = rUses.front()->getOperandNumber();
    if (rReader == g.getOperation()) {
      // t, p read whole, r a row vector; t - p * r.
      if (g.getNumDpsInputs() != 3 || !allParallel(g) || !getYielded(g) ||
          !isRowBroadcast(g, rIn) ||
          g.getBody()->getOperations().size() != 3)
        continue;
      unsigned tIn = ~0u, pIn = ~0u;
      for (unsigned i = 0; i < 3; ++i)
        if (i != rIn && isIdentityOn(g, i))
          (g.getDpsInputs()[i] == t.getResult(0) ? tIn : pIn) = i;
      auto sub = getYielded(g).getDefiningOp<arith::SubFOp>();
      if (tIn == ~0u || pIn == ~0u || !sub ||
          argNumber(g, sub.getLhs()) != tIn ||
          !isProductOfPR(g, pIn, rIn, sub.getRhs()))
        continue;
    } else {
      u = dyn_cast<linalg::GenericOp>(rReader);
      unsigned pIn, uRIn;
      if (!isRowwise(u, pIn, uRIn) || uRIn != rIn ||
          u.getBody()->getOperations().size() != 2 ||
          !isProductOfPR(u, pIn, rIn, getYielded(u)) ||
          !u.getResult(0).hasOneUse() ||
          *u.getResult(0).getUsers().begin() != g.getOperation() ||
          !isElementwiseOfIdentities(g, 2) ||
          g.getBody()->getOperations().size() != 2 ||
          !isBinaryOfArgs<arith::SubFOp>(
              getYielded(g), g, g.getDpsInputs()[0] == t.getResult(0) ? 0 : 1,
              g.getDpsInputs()[0] == t.getResult(0) ? 1 : 0, false) ||
          g.getDpsInputs()[g.getDpsInputs()[0] == t.getResult(0) ? 1 : 0] !=
              u.getResult(0))
        continue;
    }
    if (g.getResult(0).getType() != p.getType())
      continue;
    // g = p * (dP - r).
    OpBuilder b(g);
    Location loc = g.getLoc();
    auto type = cast<RankedTensorType>(p.getType());
    Value init =
        tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType());
    // r itself, broadcast along rows (the matched form's row vector).
    AffineMap id = g.getIndexingMapsArray().back();
    SmallVector<AffineMap> maps{id, id, id.getMajorSubMap(type.getRank() - 1),
                                id};
    SmallVector<utils::IteratorType> iters(type.getRank(),
                                           utils::IteratorType::parallel);
    auto raised = linalg::GenericOp::create(
        b, loc, TypeRange{type},
        ValueRange{p, dP, r.getResult(0)}, ValueRange{init},
        maps, iters, [](OpBuilder &b, Location l, ValueRange a) {
          Value d = arith::SubFOp::create(b, l, a[1], a[2]);
          linalg::YieldOp::create(
              b, l, Value(arith::MulFOp::create(b, l, a[0], d)));
        });
    g.getResult(0).replaceAllUsesWith(raised.getResult(0));
    g.erase();
    if (u)
      u.erase();
    // r's reshapes, read by g or u only.
    for (Operation *view : llvm::reverse(views))
      if (view->use_empty())
        view->erase();
  }
}

/// Raises `w` to linalg.softmax (and its gradients, if written out too),
/// erasing the written-out ops.
static linalg::SoftmaxOp raiseSoftmax(WrittenOutSoftmax &w) {
  OpBuilder b(w.div);
  Location loc = w.div.getLoc();
  auto type = cast<RankedTensorType>(w.x.getType());
  Value init =
      tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType());
  auto softmax = linalg::SoftmaxOp::create(b, loc, TypeRange{type}, w.x, init,
                                           uint64_t(type.getRank() - 1));
  w.div.getResult(0).replaceAllUsesWith(softmax->getResult(0));
  raiseSoftmaxGradients(softmax->getResult(0));
  SmallVector<Operation *> dead(w.ops.begin(), w.ops.end());
  dead.push_back(w.div);
  llvm::sort(dead, [](Operation *a, Operation *b) {
    return b->isBeforeInBlock(a);
  });
  for (Operation *op : dead)
    op->erase();
  return softmax;
}

/// The written-out softmaxes of `func` that read Q K^T, in program order.
static SmallVector<WrittenOutSoftmax> findWrittenOutSoftmaxes(func::FuncOp func) {
  SmallVector<WrittenOutSoftmax> found;
  func.walk([&](linalg::GenericOp generic) {
    if (std::optional<WrittenOutSoftmax> w = matchWrittenOutSoftmax(generic);
        w && looksLikeAttention(w->x))
      found.push_back(std::move(*w));
  });
  return found;
}

namespace {
/// What tileAttentions did: how many attentions it tiled and not, and per
/// softmax (in program order) whether it was tiled, or why not.
struct AttentionTiling {
  unsigned tiled = 0, untiled = 0;
  SmallVector<bool> tiledAt;
  SmallVector<std::string> why;
};
} // namespace

static AttentionTiling tileAttentions(func::FuncOp func, int64_t blockQ,
                                      int64_t blockK);

/// A copy of `func` in a module of its own (`scratch`), for trials.
static func::FuncOp scratchCopy(func::FuncOp func,
                                OwningOpRef<ModuleOp> &scratch) {
  scratch = ModuleOp::create(func.getLoc());
  auto copy = cast<func::FuncOp>(func->clone());
  scratch->push_back(copy);
  return copy;
}

/// The generic contractions of `func`, in program order.
static SmallVector<GenericContraction>
findGenericContractions(func::FuncOp func) {
  SmallVector<GenericContraction> found;
  func.walk([&](linalg::GenericOp generic) {
    if (std::optional<GenericContraction> gc = matchGenericContraction(generic))
      found.push_back(std::move(*gc));
  });
  return found;
}

/// Raises the written-out softmaxes of attentions that then tile (tried on a
/// copy of the function, silently); the others get a remark and stay.
static void raiseWrittenOutSoftmaxes(func::FuncOp func, int64_t blockQ,
                                     int64_t blockK) {
  SmallVector<WrittenOutSoftmax> found = findWrittenOutSoftmaxes(func);
  if (found.empty())
    return;
  OwningOpRef<ModuleOp> scratch;
  func::FuncOp copy = scratchCopy(func, scratch);
  // Products written as generics are batch_matmuls on the copy, so that the
  // remark below says why an attention would not tile, not that its
  // products are generics (normalizeContractions keeps them where it does).
  for (GenericContraction &gc : findGenericContractions(copy))
    normalizeContraction(gc);
  SmallVector<WrittenOutSoftmax> copies = findWrittenOutSoftmaxes(copy);
  if (copies.size() != found.size())
    return;
  SmallVector<Operation *> raised;
  for (WrittenOutSoftmax &w : copies)
    raised.push_back(raiseSoftmax(w));
  SmallVector<Operation *> order;
  copy.walk([&](linalg::SoftmaxOp op) { order.push_back(op); });
  AttentionTiling trial;
  {
    ScopedDiagnosticHandler silence(func.getContext(),
                                    [](Diagnostic &) { return success(); });
    trial = tileAttentions(copy, blockQ, blockK);
  }
  for (auto [w, op] : llvm::zip(found, raised)) {
    size_t at = llvm::find(order, op) - order.begin();
    if (at < trial.tiledAt.size() && trial.tiledAt[at]) {
      raiseSoftmax(w);
      continue;
    }
    w.div.emitRemark() << "attention not tiled (its softmax written out, "
                          "raised on a copy): "
                       << (at < trial.why.size() ? trial.why[at] : "");
  }
}

/// Rewrites as linalg.batch_matmul the generic contractions (JAX's
/// dot_generals) that belong to an attention which then tiles: tried on a
/// copy of the function, silently, with the written-out softmaxes raised
/// there too; the contractions a tiled attention consumed are rewritten in
/// `func`, the others stay as written (bit for bit).
static void normalizeContractions(func::FuncOp func, int64_t blockQ,
                                  int64_t blockK) {
  SmallVector<GenericContraction> found = findGenericContractions(func);
  if (found.empty())
    return;
  OwningOpRef<ModuleOp> scratch;
  func::FuncOp copy = scratchCopy(func, scratch);
  SmallVector<GenericContraction> copies = findGenericContractions(copy);
  if (copies.size() != found.size())
    return;
  // Each rewritten product remembers which contraction it was.
  StringAttr tag = StringAttr::get(func.getContext(), "remat.contraction");
  for (auto [i, gc] : llvm::enumerate(copies))
    normalizeContraction(gc)->setAttr(
        tag, IntegerAttr::get(IntegerType::get(func.getContext(), 64), i));
  {
    ScopedDiagnosticHandler silence(func.getContext(),
                                    [](Diagnostic &) { return success(); });
    raiseWrittenOutSoftmaxes(copy, blockQ, blockK);
    tileAttentions(copy, blockQ, blockK);
  }
  llvm::SmallDenseSet<int64_t> left;
  copy.walk([&](linalg::BatchMatmulOp bmm) {
    if (auto i = bmm->getAttrOfType<IntegerAttr>(tag))
      left.insert(i.getInt());
  });
  for (auto [i, gc] : llvm::enumerate(found))
    if (!left.contains(i))
      normalizeContraction(gc);
}

/// Tiles every attention of `func` it matches, with remarks.
/// Undoes matchAttention's folding of P' into P.
static void restore(ArrayRef<std::pair<OpOperand *, Value>> folded) {
  for (auto [operand, value] : llvm::reverse(folded))
    operand->set(value);
}

std::vector<AttentionEntry> mlir::remat::describeAttentions(Block &body) {
  std::vector<AttentionEntry> entries;
  for (Operation &op : body) {
    if (auto shape =
            op.getAttrOfType<StringAttr>(RematDialect::kAttentionAttrName)) {
      entries.push_back({true, shape.str(), formatLocation(op.getLoc())});
      continue;
    }
    if (auto generic = dyn_cast<linalg::GenericOp>(op)) {
      if (std::optional<WrittenOutSoftmax> w = matchWrittenOutSoftmax(generic);
          w && looksLikeAttention(w->x))
        entries.push_back({false,
                           "softmax written out (-remat-tile-attention raises "
                           "it where the attention then tiles)",
                           formatLocation(op.getLoc())});
      continue;
    }
    auto softmax = dyn_cast<linalg::SoftmaxOp>(op);
    if (!softmax || !looksLikeAttention(softmax.getInput()))
      continue;
    std::string why;
    SmallVector<std::pair<OpOperand *, Value>> folded;
    if (matchAttention(softmax, why, folded))
      why = "matches";
    restore(folded);
    entries.push_back({false, why, formatLocation(softmax.getLoc())});
  }
  return entries;
}

static AttentionTiling tileAttentions(func::FuncOp func, int64_t blockQ,
                                      int64_t blockK) {
  AttentionTiling result;
  SmallVector<linalg::SoftmaxOp> softmaxes;
  func.walk([&](linalg::SoftmaxOp op) { softmaxes.push_back(op); });
  result.tiledAt.assign(softmaxes.size(), false);
  result.why.assign(softmaxes.size(), "");
  // Tiling must not raise the predicted peak (-remat-pipeline's guarantee):
  // one large tile can hold more than the untiled graph. Undone if it does.
  if (softmaxes.empty())
    return result;
  PeakGuard guard(func);
  SmallVector<unsigned> tiledIndices;
  SmallVector<std::pair<Location, std::string>> tiled;
  for (auto [index, softmax] : llvm::enumerate(softmaxes)) {
    std::string why;
    SmallVector<std::pair<OpOperand *, Value>> folded;
    std::optional<Attention> att = matchAttention(softmax, why, folded);
    if (!att)
      restore(folded);
    int64_t bq = 0, bk = 0;
    std::string last, adjusted;
    if (att) {
      // Tiles have static shapes. A block that does not divide its length
      // is evened out: as many tiles as the block needs, each as equal as
      // can be (ViT-B/16's 197 tokens in blocks of 64: 3 x 50 and a last
      // tile of 47, not 197 tiles of 1), or the largest divisor when it is
      // at least half that size (65 tokens in blocks of 16: 13).
      auto pickBlock = [](int64_t n, int64_t most) {
        int64_t count = llvm::divideCeil(n, std::min(most, n));
        int64_t even = llvm::divideCeil(n, count), d = even;
        while (n % d)
          --d;
        return 2 * d >= even ? d : even;
      };
      bq = pickBlock(att->sq, blockQ);
      bk = pickBlock(att->sk, blockK);
      if (att->sq % bq || att->sk % bk)
        last = llvm::formatv(", the last blocks {0} x {1}",
                             att->sq % bq ? att->sq % bq : bq,
                             att->sk % bk ? att->sk % bk : bk)
                   .str();
      if (bq != std::min<int64_t>(blockQ, att->sq) ||
          bk != std::min<int64_t>(blockK, att->sk))
        adjusted = llvm::formatv(" (block sizes {0} x {1} do not divide the "
                                 "sequence lengths: {2})",
                                 int64_t(blockQ), int64_t(blockK),
                                 last.empty() ? "the largest that do"
                                              : "evened out")
                       .str();
    }
    if (!att) {
      softmax.emitRemark() << "attention not tiled: " << why;
      result.why[index] = why;
      ++result.untiled;
      continue;
    }
    Emitter emitter(*att, bq, bk);
    OpBuilder b(att->context.op);
    Location loc = att->softmax.getLoc();
    scf::ForOp forwardLoop;
    auto [o, rowMax, logSum] = emitter.emitForward(b, loc, forwardLoop);
    forwardLoop->setAttr(
        RematDialect::kAttentionAttrName,
        b.getStringAttr(llvm::formatv("{0}x{1}", bq, bk)));
    Operation *firstBackward = att->gradV.op->isBeforeInBlock(att->gradProbs.op)
                                   ? att->gradV.op
                                   : att->gradProbs.op;
    b.setInsertionPoint(firstBackward);
    auto grads = emitter.emitBackward(b, firstBackward->getLoc(), o,
                                      rowMax, logSum);
    att->context.result().replaceAllUsesWith(o);
    (att->postQ ? att->postQ.getResult(0) : att->gradQ.result())
        .replaceAllUsesWith(
            inLayout(b, firstBackward->getLoc(), grads[0], att->gradQTransposed));
    (att->postK ? att->postK.getResult(0) : att->gradK.result())
        .replaceAllUsesWith(
            inLayout(b, firstBackward->getLoc(), grads[1], att->gradKTransposed));
    att->gradV.result().replaceAllUsesWith(grads[2]);
    for (auto [reader, result] :
         llvm::zip(att->readers, ArrayRef<Value>(grads).drop_front(3)))
      reader.op.getResult(0).replaceAllUsesWith(result);
    tiled.push_back(
        {softmax.getLoc(), llvm::formatv("{0} x {1} tiles over {2} x {3}{4}{5}",
                                         bq, bk, att->sq, att->sk, last,
                                         adjusted)
                               .str()});
    eraseMatched(*att);
    tiledIndices.push_back(index);
  }
  if (tiled.empty())
    return result;
  if (auto peaks = guard.undoIfPeakRose()) {
    for (auto [i, entry] : llvm::enumerate(tiled)) {
      auto &[loc, what] = entry;
      std::string why = llvm::formatv("{0} would raise the function's "
                                      "predicted peak from {1} to {2} B (try "
                                      "smaller blocks)",
                                      what, peaks->first, peaks->second);
      mlir::emitRemark(loc) << "attention not tiled: " << why;
      result.why[tiledIndices[i]] = why;
    }
    result.untiled += tiled.size();
    return result;
  }
  for (auto &[loc, what] : tiled)
    mlir::emitRemark(loc) << "attention tiled: " << what;
  for (unsigned i : tiledIndices)
    result.tiledAt[i] = true;
  result.tiled += tiled.size();
  return result;
}

void RematTileAttentionPass::runOnOperation() {
  func::FuncOp func = getOperation();
  if (blockQ < 1 || blockK < 1) {
    func.emitError() << "remat-tile-attention: block-q and block-k must be "
                        "at least 1, got "
                     << int64_t(blockQ) << " and " << int64_t(blockK);
    return signalPassFailure();
  }
  normalizeContractions(func, blockQ, blockK);
  raiseWrittenOutSoftmaxes(func, blockQ, blockK);
  AttentionTiling result = tileAttentions(func, blockQ, blockK);
  numTiled += result.tiled;
  numUntiled += result.untiled;
}
