//===- ScatterIndexMatches.cpp - one-hot reductions to scatters ------------===//
//
// An embedding's gradient, as importers write it, is a reduction that
// compares every token's id with every row's index: for each output
// element (v, c), over all tokens t, out[v, c] = ids[t] == v ? out[v, c] +
// g[t, c] : out[v, c]. That visits V x T x D elements for T x D additions
// (GPT-2 small: 316 G iterations, one 355 ms kernel on an H200). The same
// additions in the same order per element, token by token, are a scatter:
// for each c, for t in order, out[ids[t], c] += g[t, c].
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"
#include "GpuUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATSCATTERINDEXMATCHES
#include "remat/Conversion/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

namespace {
/// A matched one-hot reduction (see the file comment).
struct IndexMatch {
  scf::ParallelOp loop;
  memref::StoreOp init;  // the accumulator's fill, if fused into the loop
  scf::ForOp red;        // over the tokens
  memref::StoreOp store; // out[ivs] = select(eq, new, acc)
  arith::SelectOp select;
  memref::LoadOp id;     // ids[...], free of the loop's variables
  Operation *eq, *cast;  // id == index_cast(v)
  unsigned row;          // the loop dimension compared with the id
  int64_t rows;          // its trip count (from 0 by 1)
};
} // namespace

static std::optional<IndexMatch> matchIndexMatch(scf::ParallelOp loop) {
  if (!loop.getInitVals().empty() || loop.getNumLoops() < 2)
    return std::nullopt;
  Block *body = loop.getBody();
  auto it = body->begin();
  memref::StoreOp init = dyn_cast<memref::StoreOp>(*it);
  if (init)
    ++it;
  auto red = dyn_cast<scf::ForOp>(*it);
  if (!red || !red.getInitArgs().empty() ||
      std::next(it) != body->getTerminator()->getIterator())
    return std::nullopt;
  auto inLoop = [&](Value v) {
    return loop.getRegion().isAncestor(v.getParentRegion());
  };
  if (init && inLoop(init.getValue()))
    return std::nullopt;
  // One store, of select(eq, new, acc) with acc = load out[same indices],
  // the indices all of the loop's variables; pure ops and loads otherwise.
  memref::StoreOp store;
  bool ok = true;
  red.getBody()->walk([&](Operation *op) {
    if (op->getNumRegions() && op != red)
      ok = false;
    else if (auto s = dyn_cast<memref::StoreOp>(op))
      ok &= !store && (store = s, true);
    else if (!isa<memref::LoadOp>(op) && !isMemoryEffectFree(op))
      ok = false;
  });
  if (!ok || !store || store->getBlock() != red.getBody())
    return std::nullopt;
  SmallVector<Value> ivs(loop.getInductionVars());
  if (store.getIndices().size() != ivs.size() ||
      !llvm::all_of(ivs, [&](Value iv) {
        return llvm::count(store.getIndices(), iv) == 1;
      }) ||
      inLoop(store.getMemRef()))
    return std::nullopt;
  if (init && (init.getMemRef() != store.getMemRef() ||
               init.getIndices() != store.getIndices()))
    return std::nullopt;
  auto select = store.getValue().getDefiningOp<arith::SelectOp>();
  if (!select || select->getBlock() != red.getBody())
    return std::nullopt;
  auto acc = select.getFalseValue().getDefiningOp<memref::LoadOp>();
  if (!acc || acc.getMemRef() != store.getMemRef() ||
      acc.getIndices() != store.getIndices())
    return std::nullopt;
  // The loop reads the buffer it writes only as that accumulator.
  bool otherRead = false;
  red.getBody()->walk([&](memref::LoadOp load) {
    if (load != acc && load.getMemRef() == store.getMemRef())
      otherRead = true;
  });
  if (otherRead)
    return std::nullopt;
  auto eq = select.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!eq || eq.getPredicate() != arith::CmpIPredicate::eq)
    return std::nullopt;
  for (unsigned side = 0; side < 2; ++side) {
    auto cast = eq->getOperand(side).getDefiningOp<arith::IndexCastOp>();
    auto id = eq->getOperand(1 - side).getDefiningOp<memref::LoadOp>();
    if (!cast || !id || id->getBlock() != red.getBody() ||
        !isa<IntegerType>(id.getType()))
      continue;
    auto pos = llvm::find(ivs, cast.getIn());
    if (pos == ivs.end())
      continue;
    unsigned row = pos - ivs.begin();
    // The id depends on the token alone, not on the output element: read
    // at the token variable or at values from outside the loop.
    if (!llvm::all_of(id.getIndices(), [&](Value i) {
          return i == red.getInductionVar() || !inLoop(i);
        }))
      continue;
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()[row]);
    std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound()[row]);
    std::optional<int64_t> step = getConstantIntValue(loop.getStep()[row]);
    if (lb != 0 || step != 1 || !ub)
      continue;
    // The compared variable may appear only in the store's and the
    // accumulator's indices and in the comparison's cast.
    Value v = ivs[row];
    bool used = llvm::any_of(v.getUsers(), [&](Operation *user) {
      return user != store && user != acc && user != cast &&
             !(init && user == init);
    });
    if (used || !cast->hasOneUse())
      continue;
    return IndexMatch{loop, init, red, store, select, id, eq, cast, row, *ub};
  }
  return std::nullopt;
}

/// Rewrites `m`: the fill (if fused) as its own loop, then a parallel loop
/// over the other dimensions running the tokens in order, each adding into
/// the row its id names (ids outside the rows add nowhere, as no row
/// matched them before).
static void rewriteAsScatter(IndexMatch m) {
  OpBuilder b(m.loop);
  Location loc = m.loop.getLoc();
  if (m.init) {
    auto fill = scf::ParallelOp::create(b, loc, m.loop.getLowerBound(),
                                        m.loop.getUpperBound(),
                                        m.loop.getStep());
    OpBuilder fb = OpBuilder::atBlockBegin(fill.getBody());
    IRMapping map;
    map.map(m.loop.getInductionVars(), fill.getInductionVars());
    fb.clone(*m.init, map);
  }
  SmallVector<Value> lbs, ubs, steps, ivs;
  for (unsigned d = 0; d < m.loop.getNumLoops(); ++d) {
    if (d == m.row)
      continue;
    lbs.push_back(m.loop.getLowerBound()[d]);
    ubs.push_back(m.loop.getUpperBound()[d]);
    steps.push_back(m.loop.getStep()[d]);
    ivs.push_back(m.loop.getInductionVars()[d]);
  }
  auto scatter = scf::ParallelOp::create(b, loc, lbs, ubs, steps);
  b.setInsertionPoint(scatter.getBody()->getTerminator());
  IRMapping map;
  map.map(ivs, scatter.getInductionVars());
  auto tokens = scf::ForOp::create(
      b, loc, m.red.getLowerBound(), m.red.getUpperBound(), m.red.getStep());
  map.map(m.red.getInductionVar(), tokens.getInductionVar());
  b.setInsertionPoint(tokens.getBody()->getTerminator());
  // The id first (its indices are free of the row), then the guard.
  Value id = b.clone(*m.id, map)->getResult(0);
  auto type = cast<IntegerType>(id.getType());
  Value zero = arith::ConstantIntOp::create(b, loc, type, 0);
  Value rows = arith::ConstantIntOp::create(b, loc, type, m.rows);
  Value notBelow =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, id, zero);
  Value below =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, id, rows);
  Value inRange = arith::AndIOp::create(b, loc, notBelow, below);
  auto guard = scf::IfOp::create(b, loc, inRange, /*withElseRegion=*/false);
  b.setInsertionPoint(guard.thenBlock()->getTerminator());
  map.map(m.loop.getInductionVars()[m.row],
          arith::IndexCastOp::create(b, loc, b.getIndexType(), id));
  map.map(m.id.getResult(), id);
  for (Operation &op : m.red.getBody()->without_terminator()) {
    // The comparison, its cast and the select: the guard decides.
    if (&op == m.id.getOperation() || &op == m.select.getOperation() ||
        &op == m.eq || &op == m.cast)
      continue;
    if (&op == m.store.getOperation())
      map.map(m.select.getResult(),
              map.lookupOrDefault(m.select.getTrueValue()));
    b.clone(op, map);
  }
  m.loop.erase();
}

namespace {
struct RematScatterIndexMatchesPass
    : mlir::remat::impl::RematScatterIndexMatchesBase<
          RematScatterIndexMatchesPass> {
  void runOnOperation() override {
    for (scf::ParallelOp loop : getOutermostParallelLoops(getOperation()))
      if (std::optional<IndexMatch> m = matchIndexMatch(loop)) {
        rewriteAsScatter(*m);
        ++numScatters;
      }
  }
};
} // namespace
