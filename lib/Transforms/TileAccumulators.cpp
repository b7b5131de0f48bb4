//===- TileAccumulators.cpp - narrowed products in row blocks -------------===//
//
// A 16-bit product as importers write it, C16 = truncf(A16 B16 + init32),
// materializes the f32 sum whole before narrowing it. Computed per block of
// C's rows instead,
//
//   scf.for i (C) { a = A[rows i]; acc = init on the block;
//                   acc = a B + acc; C[rows i] = truncf(acc) }
//
// only one block of the f32 sum is ever live. Every element is the same sum
// over k in the same order, so the results are bit-identical.
//
//===----------------------------------------------------------------------===//

#include "TilingUtils.h"

#include "remat/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATTILEACCUMULATORS
#include "remat/Transforms/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

namespace {
/// A product to compute in row blocks.
struct Candidate {
  linalg::MatmulOp matmul;
  Operation *narrow;
  Operation *init;  // fill or broadcast generic, cloned per block
  unsigned aRowDim; // the dim of A that holds C's rows
  int64_t rows, blockRows;
};
} // namespace

/// Whether `op` initialises the accumulator in a way a block can repeat
/// without reading the whole: a fill, or a generic whose inputs do not vary
/// along the result's rows (a bias broadcast) and that does not read its
/// init.
static bool isBlockInit(Operation *op) {
  if (auto fill = dyn_cast_or_null<linalg::FillOp>(op))
    return fill.hasPureTensorSemantics() &&
           fill.getOutputs()[0].getDefiningOp<tensor::EmptyOp>();
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic || generic.getNumDpsInits() != 1 ||
      !generic.hasPureTensorSemantics() ||
      generic.getNumLoops() != generic.getNumParallelLoops() ||
      !generic.getIndexingMapsArray().back().isIdentity() ||
      !generic.getDpsInits()[0].getDefiningOp<tensor::EmptyOp>() ||
      !generic.getBody()->getArgument(generic.getNumDpsInputs()).use_empty())
    return false;
  bool usesIndex = false;
  generic.getBody()->walk([&](linalg::IndexOp) { usesIndex = true; });
  if (usesIndex)
    return false;
  // A named copy: ArrayRef over the returned temporary would dangle.
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  for (AffineMap map : ArrayRef(maps).drop_back())
    if (map.isFunctionOfDim(0))
      return false;
  return true;
}

static std::optional<Candidate> getCandidate(linalg::MatmulOp matmul,
                                             int64_t minBlocks) {
  if (!matmul.hasPureTensorSemantics() || matmul->getNumResults() != 1)
    return std::nullopt;
  Value result = matmul->getResult(0);
  auto type = dyn_cast<RankedTensorType>(result.getType());
  if (!type || !type.hasStaticShape() || !result.hasOneUse() ||
      !isNarrowing(*result.getUsers().begin()))
    return std::nullopt;
  Candidate c;
  c.matmul = matmul;
  c.narrow = *result.getUsers().begin();
  Value init = matmul.getDpsInits()[0];
  c.init = init.getDefiningOp();
  if (!init.hasOneUse() || !isBlockInit(c.init))
    return std::nullopt;
  // Rows are iteration dim 0 (m): C's dim 0, and the dim of A reading it.
  SmallVector<AffineMap> maps = matmul.getIndexingMapsArray();
  AffineMap cMap = maps[2], aMap = maps[0];
  if (cMap.getNumResults() != 2 || cMap.getDimPosition(0) != 0 ||
      cMap.getDimPosition(1) != 1 || maps[1].isFunctionOfDim(0))
    return std::nullopt;
  std::optional<unsigned> aRow = aMap.getResultPosition(
      getAffineDimExpr(0, matmul.getContext()));
  if (!aRow || !aMap.isProjectedPermutation())
    return std::nullopt;
  c.aRowDim = *aRow;
  c.rows = type.getDimSize(0);
  // The fewest equal blocks that is at least minBlocks.
  int64_t blocks = minBlocks;
  while (blocks <= c.rows && c.rows % blocks)
    ++blocks;
  if (blocks > c.rows || blocks < 2)
    return std::nullopt;
  c.blockRows = c.rows / blocks;
  return c;
}

/// `x` restricted to [off, off + size) along `dim`.
static Value sliceDim(OpBuilder &b, Location loc, Value x, unsigned dim,
                      Value off, int64_t size) {
  auto type = cast<RankedTensorType>(x.getType());
  SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0)),
      sizes, strides(type.getRank(), b.getIndexAttr(1));
  for (int64_t s : type.getShape())
    sizes.push_back(b.getIndexAttr(s));
  offsets[dim] = off;
  sizes[dim] = b.getIndexAttr(size);
  return tensor::ExtractSliceOp::create(b, loc, x, offsets, sizes, strides);
}

/// A clone of `op` on `operands` whose one result has type `type`.
static Value cloneOn(OpBuilder &b, Operation *op, ValueRange operands,
                     Type type) {
  IRMapping mapping;
  mapping.map(op->getOperands(), operands);
  Operation *clone = b.clone(*op, mapping);
  clone->getResult(0).setType(type);
  return clone->getResult(0);
}

static void tileCandidate(Candidate &c) {
  OpBuilder b(c.matmul);
  Location loc = c.matmul.getLoc();
  auto wideType = cast<RankedTensorType>(c.matmul->getResult(0).getType());
  auto narrowType = cast<RankedTensorType>(c.narrow->getResult(0).getType());
  SmallVector<int64_t> blockShape(wideType.getShape());
  blockShape[0] = c.blockRows;
  auto wideBlock = wideType.clone(blockShape);
  auto narrowBlock = narrowType.clone(blockShape);
  Value out = tensor::EmptyOp::create(b, loc, narrowType.getShape(),
                                      narrowType.getElementType());
  auto index = [&](int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); };
  auto loop = scf::ForOp::create(
      b, loc, index(0), index(c.rows), index(c.blockRows), ValueRange{out},
      [&](OpBuilder &b, Location loc, Value off, ValueRange iter) {
        Value a = sliceDim(b, loc, c.matmul.getDpsInputs()[0], c.aRowDim, off,
                           c.blockRows);
        // The accumulator's initial block: the same fill or broadcast.
        Value dest = tensor::EmptyOp::create(b, loc, blockShape,
                                             wideType.getElementType());
        SmallVector<Value> initOperands(c.init->getOperands());
        initOperands.back() = dest;
        Value init = cloneOn(b, c.init, initOperands, wideBlock);
        Value acc = cloneOn(b, c.matmul,
                            {a, c.matmul.getDpsInputs()[1], init}, wideBlock);
        Value narrowDest = tensor::EmptyOp::create(
            b, loc, blockShape, narrowType.getElementType());
        Value narrowed = cloneOn(b, c.narrow, {acc, narrowDest}, narrowBlock);
        SmallVector<OpFoldResult> offsets(narrowType.getRank(),
                                          b.getIndexAttr(0)),
            sizes, strides(narrowType.getRank(), b.getIndexAttr(1));
        for (int64_t s : blockShape)
          sizes.push_back(b.getIndexAttr(s));
        offsets[0] = off;
        Value inserted = tensor::InsertSliceOp::create(
            b, loc, narrowed, iter[0], offsets, sizes, strides);
        scf::YieldOp::create(b, loc, inserted);
      });
  c.narrow->getResult(0).replaceAllUsesWith(loop.getResult(0));
  // The old ops and the destinations only they used.
  SmallVector<Operation *> dead{c.narrow, c.matmul, c.init};
  for (Operation *op : dead) {
    SmallVector<Operation *> defs;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp<tensor::EmptyOp>())
        defs.push_back(def);
    op->erase();
    for (Operation *def : defs)
      if (def->use_empty())
        def->erase();
  }
}

namespace {
struct RematTileAccumulatorsPass
    : mlir::remat::impl::RematTileAccumulatorsBase<RematTileAccumulatorsPass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (minBlocks < 2) {
      func.emitError() << "remat-tile-accumulators: min-blocks must be at "
                          "least 2, got "
                       << int64_t(minBlocks);
      return signalPassFailure();
    }
    SmallVector<Candidate> candidates;
    func.walk([&](linalg::MatmulOp op) {
      if (std::optional<Candidate> c = getCandidate(op, minBlocks))
        candidates.push_back(*c);
    });
    if (candidates.empty())
      return;
    // Blocks never raise the peak in the timeline's model; kept as a guard.
    PeakGuard guard(func);
    for (Candidate &c : candidates)
      tileCandidate(c);
    if (auto peaks = guard.undoIfPeakRose()) {
      func.emitRemark() << "products not computed in row blocks: the "
                           "predicted peak would rise from "
                        << peaks->first << " to " << peaks->second << " B";
      return;
    }
    numTiled += candidates.size();
  }
};
} // namespace
