//===- FuseParallelLoops.cpp - fewer GPU kernels, same elements, same bytes ===//
//
// After -convert-linalg-to-parallel-loops every outermost scf.parallel of
// the GPU lowering becomes one kernel launch. On an imported GPT-2 step a
// quarter of them only fill a reduction's accumulator, and many others are
// neighbours that tensor-level fusion cannot join (a producer with several
// consumers, siblings reading one input, a reduction and the elementwise
// loop reading its rows). The three rewrites here keep every element's
// operations and their order, so results stay bit-identical (checked on
// the CPU, which runs the same loops with `remat-run --fuse-elementwise`),
// and none lets the live bytes at any op pass the function's peak, so
// measured = predicted holds.
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"
#include "GpuUtils.h"
#include "remat/Analysis/CostModel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATFUSEPARALLELLOOPS
#include "remat/Conversion/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

/// Whether `v` is defined outside `loop`.
static bool definedOutside(Value v, scf::ParallelOp loop) {
  return !loop.getRegion().isAncestor(v.getParentRegion());
}

/// Constant bounds (0 to n, step 1) of `loop`, or nothing.
static std::optional<SmallVector<int64_t>> tripCounts(scf::ParallelOp loop) {
  if (!loop.getInitVals().empty())
    return std::nullopt;
  SmallVector<int64_t> counts;
  for (auto [lb, ub, step] : llvm::zip(loop.getLowerBound(),
                                       loop.getUpperBound(), loop.getStep())) {
    std::optional<int64_t> l = getConstantIntValue(lb);
    std::optional<int64_t> u = getConstantIntValue(ub);
    std::optional<int64_t> s = getConstantIntValue(step);
    if (!l || !u || !s || *l != 0 || *s != 1)
      return std::nullopt;
    counts.push_back(*u);
  }
  return counts;
}

/// Each memref.load / memref.store in `loop`, or nothing if the loop holds
/// any other op with memory effects (then nothing is known of it).
static std::optional<SmallVector<Operation *>> accesses(scf::ParallelOp loop) {
  SmallVector<Operation *> result;
  WalkResult walk = loop.getBody()->walk([&](Operation *op) {
    if (isa<memref::LoadOp, memref::StoreOp>(op)) {
      result.push_back(op);
      return WalkResult::advance();
    }
    if (op->getNumRegions() == 0 && !isMemoryEffectFree(op))
      return WalkResult::interrupt();
    if (op->getNumRegions() &&
        !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return std::nullopt;
  return result;
}

static Value accessedMemRef(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return load.getMemRef();
  return cast<memref::StoreOp>(op).getMemRef();
}

static ValueRange accessIndices(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return load.getIndices();
  return cast<memref::StoreOp>(op).getIndices();
}

/// An access's indices as positions of `loop`'s induction variables, or -1
/// for values defined outside the loop; nothing if an index is computed
/// inside it (then two loops cannot be compared element by element).
static std::optional<SmallVector<int64_t>> ivPositions(Operation *access,
                                                       scf::ParallelOp loop) {
  SmallVector<int64_t> positions;
  for (Value index : accessIndices(access)) {
    auto arg = dyn_cast<BlockArgument>(index);
    if (arg && arg.getOwner() == loop.getBody()) {
      positions.push_back(arg.getArgNumber());
      continue;
    }
    if (!definedOutside(index, loop))
      return std::nullopt;
    positions.push_back(-1);
  }
  return positions;
}

//===----------------------------------------------------------------------===//
// 1. Accumulator fills into their reduction.
//===----------------------------------------------------------------------===//

/// A loop storing one value defined outside it into every element of a
/// buffer, in order: `scf.parallel (ivs) = (0..) to (dims) { store %c,
/// %buf[ivs] }`.
static std::optional<memref::StoreOp> matchFill(scf::ParallelOp loop) {
  std::optional<SmallVector<int64_t>> counts = tripCounts(loop);
  Block *body = loop.getBody();
  if (!counts || body->getOperations().size() != 2)
    return std::nullopt;
  auto store = dyn_cast<memref::StoreOp>(body->front());
  if (!store || !definedOutside(store.getValue(), loop) ||
      !rootBuffer(store.getMemRef()).getDefiningOp<memref::AllocOp>())
    return std::nullopt;
  auto type = cast<MemRefType>(store.getMemRef().getType());
  if (!type.hasStaticShape() || type.getShape() != ArrayRef(*counts) ||
      store.getIndices() != ValueRange(loop.getInductionVars()))
    return std::nullopt;
  return store;
}

/// Whether `op` (or an op nested in it) uses a view of `root`.
static bool usesBuffer(Operation *op, Value root) {
  WalkResult walk = op->walk([&](Operation *nested) {
    for (Value operand : nested->getOperands())
      if (isa<BaseMemRefType>(operand.getType()) &&
          rootBuffer(operand) == root)
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// The indices at which `loop` reads and writes `memref`, if it touches it
/// only there and they give each element of `memref` to exactly one
/// iteration (a permutation of the induction variables over its shape),
/// and no other view of its buffer.
static std::optional<SmallVector<Value>>
bijectiveAccess(scf::ParallelOp loop, Value memref) {
  std::optional<SmallVector<int64_t>> counts = tripCounts(loop);
  std::optional<SmallVector<Operation *>> all = accesses(loop);
  if (!counts || !all)
    return std::nullopt;
  Value root = rootBuffer(memref);
  std::optional<SmallVector<Value>> indices;
  bool writes = false;
  for (Operation *access : *all) {
    if (rootBuffer(accessedMemRef(access)) != root)
      continue;
    if (accessedMemRef(access) != memref)
      return std::nullopt;
    SmallVector<Value> here(accessIndices(access));
    if (indices && *indices != here)
      return std::nullopt;
    indices = here;
    writes |= isa<memref::StoreOp>(access);
  }
  // Other uses of the buffer (a view handed to a nested op) are unknown.
  unsigned counted = 0;
  loop.getBody()->walk([&](Operation *op) {
    for (Value operand : op->getOperands())
      if (isa<BaseMemRefType>(operand.getType()) &&
          rootBuffer(operand) == root)
        ++counted;
  });
  unsigned direct = 0;
  for (Operation *access : *all)
    if (rootBuffer(accessedMemRef(access)) == root)
      ++direct;
  if (!indices || !writes || counted != direct)
    return std::nullopt;
  auto type = cast<MemRefType>(memref.getType());
  if (indices->size() != counts->size())
    return std::nullopt;
  SmallVector<bool> seen(counts->size(), false);
  for (auto [d, index] : llvm::enumerate(*indices)) {
    auto arg = dyn_cast<BlockArgument>(index);
    if (!arg || arg.getOwner() != loop.getBody())
      return std::nullopt;
    unsigned iv = arg.getArgNumber();
    if (seen[iv] || (*counts)[iv] != type.getDimSize(d))
      return std::nullopt;
    seen[iv] = true;
  }
  return indices;
}

/// Fuses each fill into the next loop that touches its buffer, when that
/// loop reads and writes each element of it in exactly one iteration and
/// nothing in between touches the buffer: that iteration stores the fill's
/// value first. Returns the number of fills fused.
static unsigned fuseFills(Block &block) {
  SmallVector<std::pair<scf::ParallelOp, memref::StoreOp>> fills;
  for (Operation &op : block)
    if (auto loop = dyn_cast<scf::ParallelOp>(op))
      if (std::optional<memref::StoreOp> store = matchFill(loop))
        fills.push_back({loop, *store});
  unsigned fused = 0;
  for (auto [fill, store] : fills) {
    Value root = rootBuffer(store.getMemRef());
    for (Operation *op = fill->getNextNode(); op; op = op->getNextNode()) {
      auto loop = dyn_cast<scf::ParallelOp>(op);
      // An op that may read memory through a pointer taken earlier (a
      // library call) ends the search, as does any use of the buffer.
      bool known = isMemoryEffectFree(op) ||
                   isa<memref::AllocOp, memref::DeallocOp>(op) ||
                   (loop && accesses(loop));
      if (known && !usesBuffer(op, root))
        continue;
      std::optional<SmallVector<Value>> indices;
      if (loop)
        indices = bijectiveAccess(loop, store.getMemRef());
      if (indices) {
        OpBuilder b = OpBuilder::atBlockBegin(loop.getBody());
        memref::StoreOp::create(b, store.getLoc(), store.getValue(),
                                store.getMemRef(), *indices);
        fill.erase();
        ++fused;
      }
      break;
    }
  }
  return fused;
}

//===----------------------------------------------------------------------===//
// 2. Neighbouring elementwise loops over one iteration space.
//===----------------------------------------------------------------------===//

/// Bytes of a statically shaped allocation, or nothing.
static std::optional<int64_t> allocBytes(memref::AllocOp alloc) {
  MemRefType type = alloc.getType();
  if (!type.hasStaticShape() || !type.getElementType().isIntOrFloat())
    return std::nullopt;
  return type.getNumElements() * getElementBytes(type.getElementType());
}

namespace {
/// Live bytes of the block's own allocations before each op, and their
/// peak; `exact` is false when some allocation is not counted (dynamic, or
/// inside a region), and then no free may be moved.
struct BlockMemory {
  DenseMap<Operation *, int64_t> before;
  int64_t peak = 0;
  bool exact = true;

  explicit BlockMemory(Block &block) {
    int64_t live = 0;
    DenseMap<Value, int64_t> bytes;
    for (Operation &op : block) {
      before[&op] = live;
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        std::optional<int64_t> size = allocBytes(alloc);
        exact &= size.has_value();
        bytes[alloc.getResult()] = size.value_or(0);
        live += size.value_or(0);
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        auto it = bytes.find(dealloc.getMemref());
        exact &= it != bytes.end();
        if (it != bytes.end())
          live -= it->second;
      } else if (op.getNumRegions()) {
        op.walk([&](Operation *nested) {
          if (isa<memref::AllocOp, memref::AllocaOp>(nested))
            exact = false;
        });
      }
      peak = std::max(peak, live);
    }
  }
};
} // namespace

/// Whether `loop` is one elementwise kernel: loads, stores and pure ops
/// without regions, constant bounds.
static bool isElementwiseLoop(scf::ParallelOp loop) {
  if (!tripCounts(loop))
    return false;
  for (Operation &op : loop.getBody()->without_terminator())
    if (op.getNumRegions() ||
        !(isa<memref::LoadOp, memref::StoreOp>(op) || isMemoryEffectFree(&op)))
      return false;
  return true;
}

/// Whether running `second`'s body right after `first`'s in each iteration
/// computes what running `first` then `second` did: every buffer one writes
/// and the other touches is accessed by both through the same view at the
/// same induction variables (each iteration depends only on itself); two
/// buffers are taken to be distinct only if one is a fresh allocation
/// (function arguments may be one buffer).
static bool canFuse(scf::ParallelOp first, scf::ParallelOp second) {
  std::optional<SmallVector<Operation *>> a = accesses(first);
  std::optional<SmallVector<Operation *>> b = accesses(second);
  if (!a || !b)
    return false;
  for (Operation *x : *a)
    for (Operation *y : *b) {
      bool writes = isa<memref::StoreOp>(x) || isa<memref::StoreOp>(y);
      if (!writes)
        continue;
      Value rx = rootBuffer(accessedMemRef(x));
      Value ry = rootBuffer(accessedMemRef(y));
      if (rx != ry) {
        // A fresh allocation is no other buffer; arguments (and anything
        // else) may be one.
        if (rx.getDefiningOp<memref::AllocOp>() ||
            ry.getDefiningOp<memref::AllocOp>())
          continue;
        return false;
      }
      if (accessedMemRef(x) != accessedMemRef(y))
        return false;
      std::optional<SmallVector<int64_t>> px = ivPositions(x, first);
      std::optional<SmallVector<int64_t>> py = ivPositions(y, second);
      if (!px || !py || *px != *py)
        return false;
      for (auto [ix, iy, p] :
           llvm::zip(accessIndices(x), accessIndices(y), *px))
        if (p < 0 && ix != iy)
          return false;
    }
  return true;
}

namespace {
/// The next loop after `first` and what stands between them (only
/// allocations, frees and pure ops may): allocations and pure ops move
/// before `first`, frees after the loop, when the two are fused.
struct Neighbour {
  scf::ParallelOp loop;
  SmallVector<Operation *> before, after;
};
} // namespace

static std::optional<Neighbour> nextLoop(scf::ParallelOp first) {
  Neighbour n;
  for (Operation *next = first->getNextNode(); next;
       next = next->getNextNode()) {
    if ((n.loop = dyn_cast<scf::ParallelOp>(next)))
      return n;
    if (isa<memref::DeallocOp>(next))
      n.after.push_back(next);
    else if ((isa<memref::AllocOp>(next) && next->getNumOperands() == 0) ||
             (isMemoryEffectFree(next) && next->getNumRegions() == 0))
      n.before.push_back(next);
    else
      return std::nullopt;
  }
  return std::nullopt;
}

/// Whether the fused pair stays within the block's peak: it runs with every
/// allocation in between made and none of the frees done yet. Without
/// frees in between that is what the second loop ran with.
static bool fitsPeak(Block &block, scf::ParallelOp first, const Neighbour &n,
                     std::optional<BlockMemory> &memory) {
  if (n.after.empty())
    return true;
  if (!memory)
    memory.emplace(block);
  if (!memory->exact)
    return false;
  int64_t live = memory->before.lookup(first);
  for (Operation *moved : n.before)
    if (auto alloc = dyn_cast<memref::AllocOp>(moved))
      live += *allocBytes(alloc);
  return live <= memory->peak;
}

/// Moves what stands between `first` and `n.loop` out of the way.
static void moveApart(scf::ParallelOp first, const Neighbour &n) {
  for (Operation *moved : n.before)
    moved->moveBefore(first);
  for (Operation *moved : llvm::reverse(n.after))
    moved->moveAfter(n.loop);
}

/// Clones the body of `loop` at `b` (its induction variables as `map`
/// says) and erases the loop.
static void absorb(OpBuilder &b, scf::ParallelOp loop, IRMapping &map) {
  for (Operation &inner : loop.getBody()->without_terminator())
    b.clone(inner, map);
  loop.erase();
}

/// Fuses neighbouring elementwise loops with equal bounds, where the live
/// bytes allow (fitsPeak). Returns the number of loops fused away.
static unsigned fuseNeighbours(Block &block) {
  unsigned fused = 0;
  std::optional<BlockMemory> memory;
  for (Operation *op = &block.front(); op; op = op->getNextNode()) {
    auto first = dyn_cast<scf::ParallelOp>(op);
    if (!first || !isElementwiseLoop(first))
      continue;
    while (true) {
      std::optional<Neighbour> n = nextLoop(first);
      if (!n || !isElementwiseLoop(n->loop) ||
          *tripCounts(first) != *tripCounts(n->loop) ||
          !canFuse(first, n->loop) || !fitsPeak(block, first, *n, memory))
        break;
      moveApart(first, *n);
      IRMapping map;
      map.map(n->loop.getInductionVars(), first.getInductionVars());
      OpBuilder b(first.getBody()->getTerminator());
      absorb(b, n->loop, map);
      memory.reset();
      ++fused;
    }
  }
  return fused;
}

//===----------------------------------------------------------------------===//
// 3. A row reduction's elementwise epilogue into its loop.
//===----------------------------------------------------------------------===//

namespace {
/// A reduction as fill fusion leaves it: `scf.parallel (ivs) { store %c,
/// %red[idx]; scf.for %k = 0 to K { ... } }`, writing nothing but %red.
struct RowReduction {
  memref::StoreOp init;
  scf::ForOp red;
  int64_t length;
};
} // namespace

static std::optional<RowReduction> matchReduction(scf::ParallelOp loop) {
  Block *body = loop.getBody();
  if (body->getOperations().size() != 3)
    return std::nullopt;
  auto init = dyn_cast<memref::StoreOp>(body->front());
  auto red = dyn_cast<scf::ForOp>(*std::next(body->begin()));
  if (!init || !red || !red.getInitArgs().empty() ||
      !definedOutside(init.getValue(), loop))
    return std::nullopt;
  std::optional<int64_t> length = unitTripCount(red);
  bool nested = false;
  red.getBody()->walk([&](Operation *op) {
    nested |= op->getNumRegions() > 0;
  });
  if (!length || nested)
    return std::nullopt;
  std::optional<SmallVector<Operation *>> all = accesses(loop);
  if (!all || !bijectiveAccess(loop, init.getMemRef()))
    return std::nullopt;
  for (Operation *access : *all)
    if (isa<memref::StoreOp>(access) &&
        accessedMemRef(access) != init.getMemRef())
      return std::nullopt;
  return RowReduction{init, red, *length};
}

/// For an elementwise loop `epilogue` after the reduction `loop`: which of
/// its induction variables is which of the reduction's (-1: one of the
/// epilogue's own dimensions), if it reads the reduction's result only at
/// the row it belongs to and nothing else stands in the way of running each
/// row's epilogue right after its reduction: it writes no buffer the
/// reduction touches (or may touch: arguments may be one buffer) and the
/// reduction writes nothing else it reads.
static std::optional<SmallVector<int64_t>>
epilogueMapping(scf::ParallelOp loop, RowReduction r,
                scf::ParallelOp epilogue) {
  std::optional<SmallVector<int64_t>> rowCounts = tripCounts(loop);
  std::optional<SmallVector<int64_t>> counts = tripCounts(epilogue);
  std::optional<SmallVector<Operation *>> mine = accesses(loop);
  std::optional<SmallVector<Operation *>> theirs = accesses(epilogue);
  if (!rowCounts || !counts || !mine || !theirs ||
      !isElementwiseLoop(epilogue))
    return std::nullopt;
  Value result = r.init.getMemRef();
  Value resultRoot = rootBuffer(result);
  SmallVector<int64_t> mapping(counts->size(), -1);
  bool reads = false;
  for (Operation *y : *theirs) {
    Value ry = rootBuffer(accessedMemRef(y));
    if (ry == resultRoot) {
      // A read of the reduction's result at its own row.
      if (!isa<memref::LoadOp>(y) || accessedMemRef(y) != result)
        return std::nullopt;
      for (auto [mine, theirs] :
           llvm::zip(r.init.getIndices(), accessIndices(y))) {
        auto iv = dyn_cast<BlockArgument>(mine);
        auto other = dyn_cast<BlockArgument>(theirs);
        if (!iv || !other || other.getOwner() != epilogue.getBody())
          return std::nullopt;
        int64_t &slot = mapping[other.getArgNumber()];
        if ((slot != -1 && slot != int64_t(iv.getArgNumber())) ||
            (*counts)[other.getArgNumber()] != (*rowCounts)[iv.getArgNumber()])
          return std::nullopt;
        slot = iv.getArgNumber();
      }
      reads = true;
      continue;
    }
    if (!isa<memref::StoreOp>(y))
      continue;
    for (Operation *x : *mine) {
      Value rx = rootBuffer(accessedMemRef(x));
      if (rx == ry || (!rx.getDefiningOp<memref::AllocOp>() &&
                       !ry.getDefiningOp<memref::AllocOp>()))
        return std::nullopt;
    }
  }
  // Every row index found, the epilogue's own dimensions innermost (a
  // warp's lanes then touch consecutive elements) and no longer than the
  // row.
  int64_t own = 1;
  unsigned rows = 0;
  for (auto [d, slot] : llvm::enumerate(mapping)) {
    if (slot == -1) {
      own *= (*counts)[d];
    } else {
      if (rows != d)
        return std::nullopt;
      ++rows;
    }
  }
  if (!reads || rows != rowCounts->size() || own > r.length)
    return std::nullopt;
  return mapping;
}

/// Fuses the elementwise loop right after a row reduction into it when it
/// reads the reduction's result only at its own row: each row's reduction
/// is followed by that row's epilogue (softmax's normalization, layer
/// norm's scaling), one kernel instead of two, and on the GPU the row's
/// warp runs both (-remat-gpu-map-parallel-loops). Returns the number of
/// loops fused away.
static unsigned fuseEpilogues(Block &block) {
  unsigned fused = 0;
  std::optional<BlockMemory> memory;
  for (Operation *op = &block.front(); op; op = op->getNextNode()) {
    auto loop = dyn_cast<scf::ParallelOp>(op);
    std::optional<RowReduction> r;
    if (!loop || !(r = matchReduction(loop)))
      continue;
    std::optional<Neighbour> n = nextLoop(loop);
    if (!n)
      continue;
    std::optional<SmallVector<int64_t>> mapping =
        epilogueMapping(loop, *r, n->loop);
    if (!mapping || !fitsPeak(block, loop, *n, memory))
      continue;
    moveApart(loop, *n);
    // The epilogue's own dimensions become a nest of loops after the
    // reduction, in the epilogue's order (bounds defined before the loop).
    Location loc = n->loop.getLoc();
    OpBuilder outside(loop);
    Value zero = arith::ConstantIndexOp::create(outside, loc, 0);
    Value one = arith::ConstantIndexOp::create(outside, loc, 1);
    OpBuilder b(loop.getBody()->getTerminator());
    IRMapping map;
    std::optional<SmallVector<int64_t>> counts = tripCounts(n->loop);
    for (auto [d, slot] : llvm::enumerate(*mapping)) {
      Value iv = n->loop.getInductionVars()[d];
      if (slot != -1) {
        map.map(iv, loop.getInductionVars()[slot]);
        continue;
      }
      Value ub = arith::ConstantIndexOp::create(outside, loc, (*counts)[d]);
      auto inner = scf::ForOp::create(b, loc, zero, ub, one);
      map.map(iv, inner.getInductionVar());
      b.setInsertionPoint(inner.getBody()->getTerminator());
    }
    // With no dimension of its own, a loop of one iteration: the GPU's
    // warp then runs it in one lane.
    if (llvm::all_of(*mapping, [](int64_t slot) { return slot != -1; })) {
      auto single = scf::ForOp::create(b, loc, zero, one, one);
      b.setInsertionPoint(single.getBody()->getTerminator());
    }
    absorb(b, n->loop, map);
    memory.reset();
    ++fused;
  }
  return fused;
}

namespace {
struct RematFuseParallelLoopsPass
    : mlir::remat::impl::RematFuseParallelLoopsBase<
          RematFuseParallelLoopsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // The function's blocks, and the bodies of its sequential loops around
    // kernels (the tile loops of attention=tiled): each body's kernels are
    // fused like the function's, within the body's own peak (so the loop
    // holds no more while it runs).
    SmallVector<Block *> blocks;
    for (Block &block : func.getBody())
      blocks.push_back(&block);
    func.walk([&](scf::ForOp loop) {
      if (!loop->getParentOfType<scf::ParallelOp>())
        blocks.push_back(loop.getBody());
    });
    for (Block *block : blocks) {
      numFills += fuseFills(*block);
      numFused += fuseNeighbours(*block);
      numEpilogues += fuseEpilogues(*block);
    }
  }
};
} // namespace
