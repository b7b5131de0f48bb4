//===- GpuMapParallelLoops.cpp - loops to GPU blocks and threads ------------===//
//
// Host-side memory accesses are wrapped into one-thread loops; row
// reductions get a warp per row; every outermost scf.parallel is tiled into
// blocks of up to `block-size` threads (innermost dimension first, constant
// bounds with guards) and mapped to blocks and threads, innermost
// dimension to x (coalesced accesses).
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"
#include "GpuUtils.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATGPUMAPPARALLELLOOPS
#include "remat/Conversion/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

/// Whether `op` reads or writes a buffer's contents (itself or in a region).
static bool touchesMemory(Operation *op) {
  if (isa<scf::ParallelOp>(op))
    return false;
  WalkResult r = op->walk([](Operation *inner) {
    if (isa<memref::LoadOp, memref::StoreOp, memref::AtomicRMWOp>(inner))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return r.wasInterrupted();
}

/// The static trip count of dimension `i` of `loop`, or nullopt.
static std::optional<int64_t> tripCount(scf::ParallelOp loop, unsigned i) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()[i]);
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound()[i]);
  std::optional<int64_t> step = getConstantIntValue(loop.getStep()[i]);
  if (!lb || !ub || !step || *step <= 0)
    return std::nullopt;
  return std::max<int64_t>(0, (*ub - *lb + *step - 1) / *step);
}


/// The identity of a floating-point combiner (x op identity == x for every
/// x, -0.0 included), or null if `op` is not one remat reduces by warps.
static TypedAttr combinerIdentity(Operation *op, FloatType type) {
  const llvm::fltSemantics &sem = type.getFloatSemantics();
  if (isa<arith::AddFOp>(op))
    return FloatAttr::get(type, llvm::APFloat::getZero(sem, /*Negative=*/true));
  if (isa<arith::MulFOp>(op))
    return FloatAttr::get(type, llvm::APFloat::getOne(sem));
  if (isa<arith::MaximumFOp, arith::MaxNumFOp>(op))
    return FloatAttr::get(type, llvm::APFloat::getInf(sem, /*Negative=*/true));
  if (isa<arith::MinimumFOp, arith::MinNumFOp>(op))
    return FloatAttr::get(type, llvm::APFloat::getInf(sem, /*Negative=*/false));
  return nullptr;
}

/// A row reduction as convert-linalg-to-parallel-loops leaves it:
///   scf.parallel (ivs) { scf.for %k = 0 to N step 1 {
///     ... = memref.load %in[..., %k]          (k innermost: rows)
///     %o = memref.load %out[idx]              (idx independent of %k)
///     %r = combine %o, %v   (or %v, %o)       (one use of %o)
///     memref.store %r, %out[idx] } }
/// (or with `memref.store %c, %out[idx]` before the scf.for, the
/// accumulator's fill fused by -remat-fuse-parallel-loops: then %c is the
/// value lane 0 combines with, instead of loading %out)
/// One thread per row reads addresses N elements apart: uncoalesced. This
/// gives each row a warp: a new innermost parallel dimension of 32 lanes
/// (thread x after mapping), lane l combining k = l, l + 32, ... into a
/// private accumulator, a butterfly of gpu.shuffle xor, and lane 0 combining
/// the row's result into %out. Whole warps share a row, so the tiling's
/// guards are uniform within a warp. The order of the additions changes
/// (as in cuBLAS and every GPU reduction), not the result's definition.
/// Returns the number of loops rewritten.
namespace {
/// A matched row reduction: `red` combines `acc` (load out[idx]) with
/// `other` by `combine` and stores the result back.
struct RowReduction {
  scf::ForOp red;
  memref::StoreOp store;
  Operation *combine;
  memref::LoadOp acc;
  Value other;
  FloatType type;
  /// The accumulator's initial value when the loop stores it first.
  Value init;
  /// Elementwise loops after the reduction (epilogues fused by
  /// -remat-fuse-parallel-loops), each one scf.for from 0 by 1 reading the
  /// result only as `load out[idx]`; they need `init`.
  SmallVector<scf::ForOp> epilogues;
};
} // namespace

static constexpr int64_t kWarp = 32;

/// Whether the lanes of a warp may share the iterations of `epilogue`
/// (after the reduction `red`, which stores `store`): every lane computes
/// the row's result, so the epilogue reads it from the register, never the
/// buffer lane 0 writes (it may touch it only as `load out[idx]`); each
/// iteration writes its own elements (the indices of a store are
/// loop-invariant values and the induction variable, or all the results
/// of one delinearization of it; or there is one iteration) into buffers
/// the reduction does not read,
/// and reads what the epilogue writes only at those indices.
static bool isLaneSafeEpilogue(scf::ForOp epilogue, scf::ForOp red,
                               memref::StoreOp store) {
  Value j = epilogue.getInductionVar();
  auto outside = [&](Value v) {
    return !epilogue.getRegion().isAncestor(v.getParentRegion());
  };
  DenseMap<Value, ValueRange> written;
  bool safe = true;
  epilogue.getBody()->walk([&](Operation *op) {
    if (auto load = dyn_cast<memref::LoadOp>(op);
        load && load.getMemRef() == store.getMemRef() &&
        load.getIndices() == store.getIndices())
      return;
    if (llvm::is_contained(op->getOperands(), store.getMemRef()))
      safe = false;
    auto write = dyn_cast<memref::StoreOp>(op);
    if (!write)
      return;
    Operation *delinearized = nullptr;
    bool own = false;
    for (Value index : write.getIndices()) {
      if (index == j) {
        own = true;
        continue;
      }
      if (outside(index))
        continue;
      auto d = index.getDefiningOp<affine::AffineDelinearizeIndexOp>();
      if (!d || d.getLinearIndex() != j ||
          (delinearized && delinearized != d))
        safe = false;
      delinearized = d;
    }
    if (delinearized &&
        !llvm::all_of(delinearized->getResults(), [&](Value r) {
          return llvm::is_contained(write.getIndices(), r);
        }))
      safe = false;
    // One iteration (an epilogue with no dimension of its own) runs in
    // lane 0 alone.
    if (!own && !delinearized &&
        getConstantIntValue(epilogue.getUpperBound()) != 1)
      safe = false;
    red.getBody()->walk([&](Operation *inner) {
      if (llvm::is_contained(inner->getOperands(), write.getMemRef()))
        safe = false;
    });
    written[write.getMemRef()] = write.getIndices();
  });
  epilogue.getBody()->walk([&](memref::LoadOp load) {
    auto it = written.find(load.getMemRef());
    if (it != written.end() && it->second != load.getIndices())
      safe = false;
  });
  return safe;
}

/// The row reduction `loop` is, if it is one worth a warp per output.
static std::optional<RowReduction> matchRowReduction(scf::ParallelOp loop) {
  Block *body = loop.getBody();
  size_t size = body->getOperations().size();
  if (size < 2 || !loop.getInitVals().empty())
    return std::nullopt;
  // -remat-fuse-parallel-loops may have put the accumulator's fill first,
  // and the reduction's elementwise epilogues after it.
  memref::StoreOp init = dyn_cast<memref::StoreOp>(body->front());
  if (init &&
      loop.getRegion().isAncestor(init.getValue().getParentRegion()))
    return std::nullopt;
  if (size > 2 && !init)
    return std::nullopt;
  auto red = dyn_cast<scf::ForOp>(init ? *std::next(body->begin())
                                       : body->front());
  if (!red || !red.getInitArgs().empty())
    return std::nullopt;
  SmallVector<scf::ForOp> epilogues;
  for (Operation *op = red->getNextNode(); op != body->getTerminator();
       op = op->getNextNode()) {
    auto epilogue = dyn_cast<scf::ForOp>(op);
    if (!epilogue || !epilogue.getInitArgs().empty() ||
        getConstantIntValue(epilogue.getLowerBound()) != 0 ||
        getConstantIntValue(epilogue.getStep()) != 1 ||
        epilogue.getBody()->walk([](Operation *nested) {
          return nested->getNumRegions() ? WalkResult::interrupt()
                                         : WalkResult::advance();
        }).wasInterrupted())
      return std::nullopt;
    epilogues.push_back(epilogue);
  }
  std::optional<int64_t> length = unitTripCount(red);
  if (!length || *length < 2 * kWarp)
    return std::nullopt;
  Value k = red.getInductionVar();
  // Exactly one store, of combine(load out[idx], v), idx free of k.
  SmallVector<memref::StoreOp> stores;
  bool nestedRegions = false;
  red.getBody()->walk([&](Operation *op) {
    if (auto store = dyn_cast<memref::StoreOp>(op))
      stores.push_back(store);
    if (op->getNumRegions() && op != red)
      nestedRegions = true;
  });
  if (stores.size() != 1 || nestedRegions)
    return std::nullopt;
  memref::StoreOp store = stores.front();
  if (store->getBlock() != red.getBody() ||
      (init && (init.getMemRef() != store.getMemRef() ||
                init.getIndices() != store.getIndices())))
    return std::nullopt;
  Operation *combine = store.getValue().getDefiningOp();
  auto type = dyn_cast<FloatType>(store.getValue().getType());
  // gpu.shuffle lowers to shfl.sync for 32- and 64-bit values.
  if (!combine || !type || (type.getWidth() != 32 && type.getWidth() != 64) ||
      combine->getBlock() != red.getBody() || combine->getNumOperands() != 2 ||
      !combinerIdentity(combine, type) || !combine->hasOneUse())
    return std::nullopt;
  // The row's result is stored after the loop: the buffer and indices
  // must be defined outside it.
  if (llvm::any_of(store->getOperands().drop_front(), [&](Value v) {
        return v.getParentRegion() == &red.getRegion();
      }))
    return std::nullopt;
  memref::LoadOp acc;
  Value other;
  for (unsigned i = 0; i < 2; ++i) {
    auto load = combine->getOperand(i).getDefiningOp<memref::LoadOp>();
    if (load && load.getMemRef() == store.getMemRef() &&
        load.getIndices() == store.getIndices() && load->hasOneUse()) {
      acc = load;
      other = combine->getOperand(1 - i);
    }
  }
  if (!acc || other.getDefiningOp() == acc.getOperation())
    return std::nullopt;
  for (scf::ForOp epilogue : epilogues)
    if (!isLaneSafeEpilogue(epilogue, red, store))
      return std::nullopt;
  // Worth it when some input is read along k (rows: the warp's reads
  // become coalesced), or when there are too few outputs to fill the GPU
  // with one thread each (a bias gradient: 128 sums over 256 rows ran as
  // one block of sequential loops, 28 us each on the H200); a column
  // reduction with many outputs is coalesced and parallel already.
  bool rowAccess = false;
  red.getBody()->walk([&](memref::LoadOp load) {
    if (!load.getIndices().empty() && load.getIndices().back() == k)
      rowAccess = true;
  });
  int64_t outputs = 1;
  bool known = true;
  for (unsigned d = 0; d < loop.getNumLoops() && known; ++d) {
    std::optional<int64_t> count = tripCount(loop, d);
    known = count.has_value();
    if (known)
      outputs *= *count;
  }
  constexpr int64_t kFewOutputs = 16384;
  if (!rowAccess && !(known && outputs <= kFewOutputs))
    return std::nullopt;
  return RowReduction{red,  store, combine, acc, other,
                      type, init ? init.getValue() : Value(),
                      std::move(epilogues)};
}

/// Rewrites `loop`, matched as `r`, into a warp per output.
static void rewriteAsWarps(scf::ParallelOp loop, RowReduction r) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  SmallVector<Value> lbs(loop.getLowerBound()), ubs(loop.getUpperBound()),
      steps(loop.getStep());
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
  Value warp = arith::ConstantIndexOp::create(b, loc, kWarp);
  lbs.push_back(c0);
  ubs.push_back(warp);
  steps.push_back(c1);
  auto warps = scf::ParallelOp::create(b, loc, lbs, ubs, steps);
  b.setInsertionPoint(warps.getBody()->getTerminator());
  IRMapping map;
  for (auto [from, to] :
       llvm::zip(loop.getInductionVars(), warps.getInductionVars()))
    map.map(from, to);
  Value lane = warps.getInductionVars().back();
  Value init =
      arith::ConstantOp::create(b, loc, combinerIdentity(r.combine, r.type));
  Value k = r.red.getInductionVar();
  auto partial = scf::ForOp::create(
      b, loc, lane, r.red.getUpperBound(), warp, ValueRange{init},
      [&](OpBuilder &fb, Location floc, Value kk, ValueRange iter) {
        IRMapping inner = map;
        inner.map(k, kk);
        for (Operation &op : r.red.getBody()->without_terminator()) {
          if (&op == r.acc.getOperation() || &op == r.combine ||
              &op == r.store.getOperation())
            continue;
          fb.clone(op, inner);
        }
        inner.map(r.acc.getResult(), iter[0]);
        Operation *c = fb.clone(*r.combine, inner);
        scf::YieldOp::create(fb, floc, c->getResult(0));
      });
  // combine(acc := a, other := b), a clone of the loop's combiner.
  auto combineValues = [&](Value a, Value bValue) {
    IRMapping m;
    m.map(r.acc.getResult(), a);
    m.map(r.other, bValue);
    return b.clone(*r.combine, m)->getResult(0);
  };
  // Butterfly across the warp: every lane ends with the whole row.
  Value v = partial.getResult(0);
  Value width = arith::ConstantIntOp::create(b, loc, b.getI32Type(), kWarp);
  for (int64_t offset = kWarp / 2; offset > 0; offset /= 2) {
    Value off = arith::ConstantIntOp::create(b, loc, b.getI32Type(), offset);
    auto shuffle =
        gpu::ShuffleOp::create(b, loc, v, off, width, gpu::ShuffleMode::XOR);
    v = combineValues(v, shuffle.getShuffleResult());
  }
  // The butterfly leaves every lane with the same bits (each step combines
  // the same two values in every lane of a pair), so with a known initial
  // value every lane has the row's result.
  Value total = r.init ? combineValues(map.lookupOrDefault(r.init), v)
                       : Value();
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, c0);
  auto ifOp = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  SmallVector<Value> idx;
  for (Value i : r.store.getIndices())
    idx.push_back(map.lookupOrDefault(i));
  Value memref = map.lookupOrDefault(r.store.getMemRef());
  Value result =
      total ? total
            : combineValues(memref::LoadOp::create(b, loc, memref, idx), v);
  memref::StoreOp::create(b, loc, result, memref, idx);
  // Each epilogue over the row's elements, lane l taking l, l + 32, ...
  // (coalesced), reading the row's result from the register.
  b.setInsertionPointAfter(ifOp);
  for (scf::ForOp epilogue : r.epilogues) {
    scf::ForOp::create(
        b, loc, lane, epilogue.getUpperBound(), warp, ValueRange(),
        [&](OpBuilder &eb, Location eloc, Value j, ValueRange) {
          IRMapping inner = map;
          inner.map(epilogue.getInductionVar(), j);
          for (Operation &op : epilogue.getBody()->without_terminator()) {
            auto load = dyn_cast<memref::LoadOp>(op);
            if (load && load.getMemRef() == r.store.getMemRef() &&
                load.getIndices() == r.store.getIndices()) {
              inner.map(load.getResult(), total);
              continue;
            }
            eb.clone(op, inner);
          }
          scf::YieldOp::create(eb, eloc);
        });
  }
  loop.erase();
}

/// A reduction over several dimensions (a bias gradient summing a 3-D
/// activation over batch and tokens) is a perfect nest of scf.for loops in
/// its parallel loop. One loop over the product of their trip counts
/// visits the same elements in the same order, and is then a reduction the
/// warp rewrite takes: before it, 128 outputs ran as one block of 128
/// sequential sums (the largest kernel time of the GPT-2 example on the
/// H200). Returns the number of nests collapsed.
static unsigned collapseReductionNests(func::FuncOp func) {
  SmallVector<SmallVector<scf::ForOp>> nests;
  func.walk([&](scf::ParallelOp loop) {
    if (loop->getParentOfType<scf::ParallelOp>())
      return;
    // [accumulator fill,] the reduction's loops[, epilogues' loops].
    Block *body = loop.getBody();
    for (Operation &op : body->without_terminator())
      if (!isa<scf::ForOp>(op) && &op != &body->front())
        return;
    for (Operation &op : body->without_terminator()) {
      auto outer = dyn_cast<scf::ForOp>(op);
      SmallVector<scf::ForOp> nest;
      for (scf::ForOp f = outer; f;) {
        if (!unitTripCount(f) || !f.getInitArgs().empty())
          break;
        nest.push_back(f);
        Block *inner = f.getBody();
        f = inner->getOperations().size() == 2
                ? dyn_cast<scf::ForOp>(inner->front())
                : scf::ForOp();
      }
      if (nest.size() >= 2)
        nests.push_back(std::move(nest));
    }
  });
  unsigned collapsed = 0;
  IRRewriter rewriter(func.getContext());
  for (SmallVector<scf::ForOp> &nest : nests) {
    auto loop = nest.front()->getParentOfType<scf::ParallelOp>();
    if (failed(coalesceLoops(rewriter, nest)))
      continue;
    // The new bounds are constants in the parallel body: hoisted, the body
    // is again [init store,] scf.for[, epilogue loops], as the warp
    // rewrite matches it.
    for (Operation &op :
         llvm::make_early_inc_range(loop.getBody()->without_terminator()))
      if (op.hasTrait<OpTrait::ConstantLike>())
        op.moveBefore(loop);
    ++collapsed;
  }
  return collapsed;
}

static unsigned rowReductionsToWarps(func::FuncOp func) {
  unsigned rewritten = 0;
  for (scf::ParallelOp loop : getOutermostParallelLoops(func))
    if (std::optional<RowReduction> r = matchRowReduction(loop)) {
      rewriteAsWarps(loop, *r);
      ++rewritten;
    }
  return rewritten;
}

/// A `memref.copy` with a strided side (a slice of a concatenation's
/// result, a transposed view) cannot be one `gpu.memcpy`: it becomes an
/// element-wise parallel loop, which is then tiled and mapped like any
/// other, so it runs as a coalesced kernel (consecutive threads read and
/// write consecutive innermost elements). Contiguous copies stay copies.
static unsigned stridedCopiesToLoops(func::FuncOp func) {
  SmallVector<memref::CopyOp> copies;
  func.walk([&](memref::CopyOp copy) {
    if (!copy->getParentOfType<scf::ParallelOp>() &&
        (!isIdentityLayout(copy.getSource()) ||
         !isIdentityLayout(copy.getTarget())))
      copies.push_back(copy);
  });
  for (memref::CopyOp copy : copies) {
    OpBuilder b(copy);
    Location loc = copy.getLoc();
    auto type = cast<MemRefType>(copy.getSource().getType());
    SmallVector<Value> lbs, ubs, steps;
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    for (int64_t d = 0; d < type.getRank(); ++d) {
      lbs.push_back(zero);
      steps.push_back(one);
      ubs.push_back(type.isDynamicDim(d)
                        ? Value(memref::DimOp::create(b, loc, copy.getSource(), d))
                        : Value(arith::ConstantIndexOp::create(
                              b, loc, type.getDimSize(d))));
    }
    if (type.getRank() == 0) {
      lbs.push_back(zero);
      ubs.push_back(one);
      steps.push_back(one);
    }
    auto loop = scf::ParallelOp::create(b, loc, lbs, ubs, steps);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    // getInductionVars() returns a vector: keep it, not a range into it.
    SmallVector<Value> ivs;
    if (type.getRank() != 0)
      ivs = loop.getInductionVars();
    Value element = memref::LoadOp::create(b, loc, copy.getSource(), ivs);
    memref::StoreOp::create(b, loc, element, copy.getTarget(), ivs);
    copy.erase();
  }
  return copies.size();
}

/// Wraps runs of consecutive device ops in `block` (ops touching memory,
/// and ops using their results) into one-iteration scf.parallel loops.
/// Returns the number of runs wrapped; leaves a run alone if one of its
/// results is used after it (the device-memory check reports it).
static unsigned wrapHostAccesses(Block &block) {
  llvm::DenseSet<Operation *> device;
  SmallVector<SmallVector<Operation *>> runs;
  SmallVector<Operation *> current;
  unsigned wrapped = 0;
  for (Operation &op : block) {
    // A sequential loop around kernels (the tile loops of
    // -remat-tile-attention and -remat-tile-accumulators) stays on the
    // host: its kernels are launched once per iteration, and the memory
    // accesses of its own body are wrapped like the function's.
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      bool hasKernels = false;
      loop.getBody()->walk([&](scf::ParallelOp) { hasKernels = true; });
      if (hasKernels) {
        if (!current.empty())
          runs.push_back(std::move(current));
        current.clear();
        wrapped += wrapHostAccesses(*loop.getBody());
        continue;
      }
    }
    bool isDevice =
        touchesMemory(&op) || llvm::any_of(op.getOperands(), [&](Value v) {
          Operation *def = v.getDefiningOp();
          return def && device.contains(def);
        });
    if (isDevice && !op.hasTrait<OpTrait::IsTerminator>()) {
      device.insert(&op);
      current.push_back(&op);
      continue;
    }
    if (!current.empty())
      runs.push_back(std::move(current));
    current.clear();
  }
  if (!current.empty())
    runs.push_back(std::move(current));
  for (SmallVector<Operation *> &run : runs) {
    llvm::DenseSet<Operation *> inRun(run.begin(), run.end());
    bool escapes = llvm::any_of(run, [&](Operation *op) {
      return llvm::any_of(op->getUsers(), [&](Operation *user) {
        return !inRun.contains(block.findAncestorOpInBlock(*user));
      });
    });
    if (escapes)
      continue;
    OpBuilder b(run.front());
    Location loc = run.front()->getLoc();
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    auto loop = scf::ParallelOp::create(b, loc, ValueRange{zero},
                                        ValueRange{one}, ValueRange{one});
    Operation *terminator = loop.getBody()->getTerminator();
    for (Operation *op : run)
      op->moveBefore(terminator);
    ++wrapped;
  }
  return wrapped;
}

/// A loop over more than three dimensions (attention's batch x heads x
/// queries x keys) maps only its three innermost to the grid; the others
/// ran sequentially in every thread (GPT-2 small's 8 x 12 x 1024 x 1024
/// score loops: 1024 iterations a thread, 2.2 ms a launch on the H200).
/// Its outer dimensions are collapsed into one (upstream's
/// collapseParallelLoops: the same iterations, indices recovered by
/// division), so all of it is parallel, when the collapsed extent fits a
/// grid dimension. Returns the loop that replaces `loop`.
static scf::ParallelOp collapseOuterDims(scf::ParallelOp loop) {
  unsigned rank = loop.getNumLoops();
  if (rank <= 3)
    return loop;
  int64_t outer = 1;
  std::vector<unsigned> front;
  for (unsigned d = 0; d + 2 < rank; ++d) {
    std::optional<int64_t> count = tripCount(loop, d);
    if (!count)
      return loop;
    outer *= *count;
    front.push_back(d);
  }
  if (outer > kMaxGridYZ)
    return loop;
  Block::iterator after = std::next(loop->getIterator());
  IRRewriter rewriter(loop.getContext());
  collapseParallelLoops(rewriter, loop, {front, {rank - 2}, {rank - 1}});
  // The new loop replaced the old one in place; its collapsed bound is a
  // product of constants, folded so that launch sizes stay constants.
  auto collapsed = cast<scf::ParallelOp>(*std::prev(after));
  foldOperands({collapsed});
  return collapsed;
}

/// Tile sizes giving at most `threads` threads per block, innermost
/// dimension first; dimensions past the third innermost get 1.
static SmallVector<int64_t> chooseTileSizes(scf::ParallelOp loop,
                                            int64_t threads) {
  unsigned rank = loop.getNumLoops();
  SmallVector<int64_t> sizes(rank, 1);
  int64_t remaining = threads;
  for (unsigned n = 0; n < std::min(rank, 3u) && remaining > 1; ++n) {
    unsigned i = rank - 1 - n;
    std::optional<int64_t> count = tripCount(loop, i);
    int64_t size =
        count ? std::max<int64_t>(1, std::min(*count, remaining)) : remaining;
    sizes[i] = size;
    remaining /= size;
  }
  return sizes;
}

/// Maps `loop`'s dimensions, innermost first, to `processors`; the others
/// (and y/z grid dimensions whose extent is unknown or over 65535) run
/// sequentially.
static LogicalResult mapLoop(scf::ParallelOp loop,
                             ArrayRef<gpu::Processor> processors,
                             bool limitYZ) {
  MLIRContext *ctx = loop.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(1, ctx);
  unsigned rank = loop.getNumLoops();
  SmallVector<gpu::ParallelLoopDimMappingAttr> mapping(
      rank, gpu::ParallelLoopDimMappingAttr::get(
                ctx, gpu::Processor::Sequential, identity, identity));
  for (unsigned n = 0; n < std::min<unsigned>(rank, processors.size()); ++n) {
    unsigned i = rank - 1 - n;
    if (limitYZ && n > 0) {
      std::optional<int64_t> count = tripCount(loop, i);
      if (!count || *count > kMaxGridYZ)
        continue;
    }
    mapping[i] = gpu::ParallelLoopDimMappingAttr::get(ctx, processors[n],
                                                      identity, identity);
  }
  return gpu::setMappingAttr(loop, mapping);
}


/// Maps every scf.parallel nested in `op` sequentially.
static LogicalResult mapNestedSequentially(Operation *op) {
  LogicalResult result = success();
  op->walk([&](scf::ParallelOp nested) {
    if (nested->hasAttr(gpu::getMappingAttrName()))
      return;
    if (failed(mapLoop(nested, {}, false)))
      result = failure();
  });
  return result;
}

namespace {
struct RematGpuMapParallelLoopsPass
    : mlir::remat::impl::RematGpuMapParallelLoopsBase<
          RematGpuMapParallelLoopsPass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    if (blockSize < 1 || blockSize > 1024) {
      func.emitError() << "block-size must be in [1, 1024], got "
                       << static_cast<int64_t>(blockSize);
      return signalPassFailure();
    }
    numStridedCopies += stridedCopiesToLoops(func);
    // A warp per row needs blocks of at least one warp on thread x.
    if (blockSize >= 32) {
      numCollapsed += collapseReductionNests(func);
      numWarpReductions += rowReductionsToWarps(func);
    }
    for (Block &block : func.getBody())
      numWrapped += wrapHostAccesses(block);

    SmallVector<scf::ParallelOp> outermost = getOutermostParallelLoops(func);
    for (scf::ParallelOp &loop : outermost) {
      scf::ParallelOp collapsed = collapseOuterDims(loop);
      if (collapsed != loop) {
        loop = collapsed;
        ++numCollapsedDims;
      }
    }
    for (scf::ParallelOp loop : outermost) {
      SmallVector<int64_t> sizes = chooseTileSizes(loop, blockSize);
      auto [tiles, inner] =
          scf::tileParallelLoop(loop, sizes, /*noMinMaxBounds=*/true);
      foldOperands({tiles, inner});
      using P = gpu::Processor;
      if (failed(mapLoop(tiles, {P::BlockX, P::BlockY, P::BlockZ},
                         /*limitYZ=*/true)) ||
          failed(mapLoop(inner, {P::ThreadX, P::ThreadY, P::ThreadZ},
                         /*limitYZ=*/false)) ||
          failed(mapNestedSequentially(inner))) {
        tiles.emitOpError("cannot be mapped to the GPU");
        return signalPassFailure();
      }
      ++numKernels;
    }
  }
};
} // namespace
