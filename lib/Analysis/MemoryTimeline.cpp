//===- MemoryTimeline.cpp - program-order liveness and peak memory --------===//
//
// The budget solvers replay these rules on flat arrays
// (lib/Transforms/BudgetModel.cpp, runTimeline): a rule changed here must
// change there too, or the solvers search another program than the one
// that runs (the unit test BudgetModel.AgreesWithThePipeline catches it).
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/MemoryTimeline.h"
#include "remat/Analysis/CostModel.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::remat;

std::optional<unsigned> MemoryTimeline::getBufferId(Value value) const {
  auto it = bufferOf.find(value);
  if (it == bufferOf.end())
    return std::nullopt;
  return it->second;
}

int64_t MemoryTimeline::getDistinctHeapBytes(ArrayRef<Value> values) const {
  llvm::DenseSet<unsigned> seen;
  int64_t bytes = 0;
  for (Value value : values) {
    std::optional<unsigned> id = getBufferId(value);
    if (id && buffers[*id].kind == StorageKind::Heap && seen.insert(*id).second)
      bytes += buffers[*id].bytes;
  }
  return bytes;
}

SmallVector<unsigned> MemoryTimeline::getResultBuffers() const {
  SmallVector<unsigned> ids;
  if (ops.empty() || !ops.back()->hasTrait<OpTrait::IsTerminator>())
    return ids;
  llvm::DenseSet<unsigned> seen;
  for (Value v : ops.back()->getOperands())
    if (std::optional<unsigned> id = getBufferId(v))
      if (buffers[*id].kind == StorageKind::Heap && seen.insert(*id).second)
        ids.push_back(*id);
  return ids;
}

std::pair<int64_t, unsigned> MemoryTimeline::getPeakBeyondResults() const {
  SmallVector<int64_t> resultLive(ops.size() + 1, 0);
  for (unsigned id : getResultBuffers()) {
    resultLive[buffers[id].defIndex] += buffers[id].bytes;
    resultLive[buffers[id].lastUseIndex + 1] -= buffers[id].bytes;
  }
  int64_t held = 0, peak = 0;
  unsigned index = 0;
  for (size_t i = 0; i < ops.size(); ++i) {
    held += resultLive[i];
    if (liveBytes[i] - held > peak) {
      peak = liveBytes[i] - held;
      index = i;
    }
  }
  return {peak, index};
}

int64_t MemoryTimeline::getPeakHolding(ArrayRef<Value> held) const {
  // Each held buffer adds its bytes after its last use.
  SmallVector<int64_t> extra(ops.size() + 1, 0);
  llvm::DenseSet<unsigned> seen;
  for (Value value : held) {
    std::optional<unsigned> id = getBufferId(value);
    if (!id || buffers[*id].kind != StorageKind::Heap || !seen.insert(*id).second)
      continue;
    extra[buffers[*id].lastUseIndex + 1] += buffers[*id].bytes;
  }
  int64_t added = 0, peak = 0;
  for (size_t i = 0; i < ops.size(); ++i) {
    added += extra[i];
    peak = std::max(peak, liveBytes[i] + added);
  }
  return peak;
}

namespace {
/// What a timeline needs of a destination-style op, asked once per op and
/// timeline: the interface's init queries rebuild the operand-segment
/// attribute on every call (uniqued under the context's lock), and a
/// timeline asks for every use of every buffer (isWriteOnlyInit) and every
/// result (getInPlaceOperand).
struct InitFacts {
  bool dps = false;
  bool pure = false;   // hasPureTensorSemantics
  bool linalg = false;
  bool exact = true;   // false: more inits than `unread` holds, ask the op
  unsigned begin = 0;  // operand number of the first init
  unsigned count = 0;  // number of inits
  uint64_t unread = 0; // linalg: bit k, the payload does not read init k
};
using InitFactsCache = DenseMap<Operation *, InitFacts>;
} // namespace

struct mlir::remat::MemoryTimelineFacts::Impl {
  InitFactsCache init;
  /// getInPlaceConflicts per op and tied operand.
  DenseMap<std::pair<Operation *, unsigned>, SmallVector<unsigned, 2>>
      conflicts;
  /// Per op: the peak of a recomputation's body, and the transient bytes
  /// of a call or loop.
  DenseMap<Operation *, std::pair<int64_t, int64_t>> transient;
};

MemoryTimelineFacts::MemoryTimelineFacts() : impl(std::make_unique<Impl>()) {}
MemoryTimelineFacts::~MemoryTimelineFacts() = default;

static const InitFacts &getInitFacts(Operation *op, InitFactsCache &cache) {
  auto [it, inserted] = cache.try_emplace(op);
  if (!inserted)
    return it->second;
  InitFacts &facts = it->second;
  auto dps = dyn_cast<DestinationStyleOpInterface>(op);
  if (!dps)
    return facts;
  facts.dps = true;
  facts.pure = dps.hasPureTensorSemantics();
  MutableOperandRange inits = dps.getDpsInitsMutable();
  facts.count = inits.size();
  if (facts.count)
    facts.begin = OperandRange(inits).getBeginOperandIndex();
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp)
    return facts;
  facts.linalg = true;
  facts.exact = facts.count <= 64;
  if (!facts.exact)
    return facts;
  for (unsigned k = 0; k < facts.count; ++k)
    if (!linalgOp.payloadUsesValueFromOperand(&op->getOpOperand(facts.begin + k)))
      facts.unread |= uint64_t(1) << k;
  return facts;
}

/// Whether `use` is the init of a destination-style op that does not read
/// it (a fill, an elementwise op) and whose tied result was not placed in
/// buffer `id`: such an op writes a new buffer and does not need this one,
/// so the use does not keep it alive. This is what lets several ops share
/// one `tensor.empty` (as CSE leaves them) without extending its lifetime.
static bool isWriteOnlyInit(OpOperand &use, const DenseMap<Value, unsigned> &bufferOf,
                            unsigned id, InitFactsCache &cache) {
  const InitFacts &facts = getInitFacts(use.getOwner(), cache);
  if (!facts.linalg)
    return false;
  OpResult tiedResult;
  if (facts.exact) {
    unsigned n = use.getOperandNumber();
    if (n < facts.begin || n >= facts.begin + facts.count ||
        !(facts.unread >> (n - facts.begin) & 1) ||
        n - facts.begin >= use.getOwner()->getNumResults())
      return false;
    tiedResult = use.getOwner()->getResult(n - facts.begin);
  } else {
    auto linalgOp = cast<linalg::LinalgOp>(use.getOwner());
    if (!linalgOp.isDpsInit(&use) || linalgOp.payloadUsesValueFromOperand(&use))
      return false;
    tiedResult = linalgOp.getTiedOpResult(&use);
  }
  auto it = bufferOf.find(tiedResult);
  return it == bufferOf.end() || it->second != id;
}

/// getInPlaceOperand with the destination-style answer from `cache`.
static std::optional<unsigned>
inPlaceOperandOf(Operation *op, unsigned resultIndex, InitFactsCache &cache) {
  if (!isa<scf::ForOp>(op)) {
    const InitFacts &facts = getInitFacts(op, cache);
    if (facts.dps)
      return facts.pure ? std::optional<unsigned>(facts.begin + resultIndex)
                        : std::nullopt;
  }
  return getInPlaceOperand(op, resultIndex);
}

std::optional<unsigned> mlir::remat::getInPlaceOperand(Operation *op,
                                                      unsigned resultIndex) {
  OpResult result = op->getResult(resultIndex);
  // A loop's result is its init's buffer, which the body updates.
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return loop.getNumControlOperands() + resultIndex;
  if (auto dps = dyn_cast<DestinationStyleOpInterface>(op)) {
    if (!dps.hasPureTensorSemantics())
      return std::nullopt;
    return dps.getTiedOpOperand(result)->getOperandNumber();
  }
  // Elementwise ops on tensors (arith, math) are lowered by
  // convert-elementwise-to-linalg into generics whose init is the first
  // operand of the result's type, so they too can write in place.
  if (!op->hasTrait<OpTrait::Elementwise>())
    return std::nullopt;
  for (OpOperand &operand : op->getOpOperands())
    if (operand.get().getType() == result.getType())
      return operand.getOperandNumber();
  return std::nullopt;
}

SmallVector<unsigned, 2> mlir::remat::getInPlaceConflicts(Operation *op,
                                                          unsigned tied) {
  SmallVector<unsigned, 2> conflicts;
  Value dest = op->getOperand(tied);
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  bool parallel = !linalgOp || linalgOp.getNumLoops() ==
                                   linalgOp.getNumParallelLoops();
  auto identity = [&](OpOperand &operand) {
    return !linalgOp ||
           linalgOp.getMatchingIndexingMap(&operand).isIdentity();
  };
  bool elementwise = op->hasTrait<OpTrait::Elementwise>() ||
                     (linalgOp && parallel && identity(op->getOpOperand(tied)));
  for (OpOperand &operand : op->getOpOperands()) {
    if (operand.getOperandNumber() == tied ||
        !isa<RankedTensorType>(operand.get().getType()))
      continue;
    if (operand.get() == dest && elementwise && identity(operand))
      continue;
    conflicts.push_back(operand.getOperandNumber());
  }
  return conflicts;
}

bool mlir::remat::isErasableViewSource(Operation *op, unsigned operandNumber) {
  return op->getNumResults() == 1 &&
         isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp,
             tensor::ExtractSliceOp, tensor::CastOp, tensor::ReshapeOp>(op) &&
         getAliasedOperand(op, 0) == operandNumber;
}

bool mlir::remat::isYieldedAlias(Value value) {
  // The buffer a chain of views ends in: a view of the whole of a value the
  // region computes shares nothing else (no copy); a smaller one, or one
  // of the region's inputs, would keep that buffer alive.
  Value root = value;
  while (auto result = dyn_cast<OpResult>(root)) {
    std::optional<unsigned> source =
        getAliasedOperand(result.getOwner(), result.getResultNumber());
    if (!source)
      break;
    root = result.getOwner()->getOperand(*source);
  }
  if (root == value)
    return false;
  if (isa<BlockArgument>(root))
    return true;
  auto rootType = dyn_cast<RankedTensorType>(root.getType());
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return rootType && type && getTensorBytes(rootType) > getTensorBytes(type);
}

int64_t mlir::remat::getCallTransientBytes(Operation *op) {
  auto call = dyn_cast<CallOpInterface>(op);
  if (!call)
    return 0;
  auto callee = dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
  if (!callee || callee.isExternal() ||
      !callee.getFunctionBody().hasOneBlock())
    return 0;
  // Recursion is rejected before any timeline is built (forEachTrainingGraph);
  // this guard only keeps a direct caller of build() from looping.
  static thread_local llvm::SmallPtrSet<Operation *, 4> inProgress;
  if (!inProgress.insert(callee).second)
    return 0;
  int64_t peak =
      MemoryTimeline::build(callee.getFunctionBody().front()).getPeakBytes();
  inProgress.erase(callee);
  int64_t resultBytes = 0;
  for (Type type : op->getResultTypes())
    if (isa<RankedTensorType>(type))
      resultBytes += getTensorBytes(type);
  return std::max<int64_t>(0, peak - resultBytes);
}

int64_t mlir::remat::getRegionTransientBytes(Operation *op) {
  if (auto branch = dyn_cast<scf::IfOp>(op)) {
    // The larger branch's temporaries; what it yields is the op's results,
    // counted outside (a fresh value, or the destination from above that
    // -remat-prepare-lowering gives it).
    int64_t peak = 0;
    for (Region *region : {&branch.getThenRegion(), &branch.getElseRegion()})
      if (!region->empty())
        peak = std::max(peak, MemoryTimeline::build(region->front())
                                  .getPeakBeyondResults()
                                  .first);
    return peak;
  }
  if (auto loop = dyn_cast<scf::WhileOp>(op))
    return std::max(MemoryTimeline::build(*loop.getBeforeBody()).getPeakBytes(),
                    MemoryTimeline::build(*loop.getAfterBody()).getPeakBytes());
  auto loop = dyn_cast<scf::ForOp>(op);
  if (!loop)
    return 0;
  // The body's buffers are allocated and freed in each iteration; the
  // loop-carried ones are the loop's results, counted outside.
  return MemoryTimeline::build(*loop.getBody()).getPeakBytes();
}

int64_t mlir::remat::getDecompositionTransientBytes(Operation *op) {
  auto softmax = dyn_cast<linalg::SoftmaxOp>(op);
  if (!softmax)
    return 0;
  // -remat-prepare-lowering decomposes it (linalg's decomposition, then
  // split destinations): a row maximum, the exponentials in a fresh buffer
  // of the input's shape, a row sum, then the quotient into the result.
  // Beyond its operand and result: the exponentials and one reduced
  // buffer at a time (the maximum is dead once the exponentials are
  // written, before the sum is filled). MemoryTimeline::build takes the
  // exponentials off where the input dies at the softmax.
  auto type = dyn_cast<RankedTensorType>(softmax.getInput().getType());
  if (!type || !type.hasStaticShape() ||
      softmax.getDimension() >= uint64_t(type.getRank()))
    return 0;
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + softmax.getDimension());
  return getTensorBytes(type) +
         getTensorBytes(RankedTensorType::get(shape, type.getElementType()));
}

std::optional<std::pair<Value, int64_t>>
mlir::remat::getDecompositionCredit(Operation *op) {
  auto softmax = dyn_cast<linalg::SoftmaxOp>(op);
  if (!softmax)
    return std::nullopt;
  return std::make_pair(
      softmax.getInput(),
      std::min(getDecompositionTransientBytes(op),
               getTensorBytes(softmax.getInput().getType())));
}

int64_t mlir::remat::getHeldTransientBytes(Operation *op) {
  return getCallTransientBytes(op) + getRegionTransientBytes(op) +
         getDecompositionTransientBytes(op);
}

Value mlir::remat::getIfResultDestination(scf::IfOp op, unsigned index) {
  Value common;
  for (Region *region : {&op.getThenRegion(), &op.getElseRegion()}) {
    if (region->empty())
      return nullptr;
    Value value = region->front().getTerminator()->getOperand(index);
    // Back through the tied inits of destination-style ops of the branch.
    while (value.getParentRegion() == region) {
      auto result = dyn_cast<OpResult>(value);
      auto dps = result ? dyn_cast<DestinationStyleOpInterface>(result.getOwner())
                        : nullptr;
      if (!dps || !dps.hasPureTensorSemantics())
        return nullptr;
      value = dps.getTiedOpOperand(result)->get();
    }
    if (op->isAncestor(value.getParentBlock()->getParentOp()) ||
        (common && common != value))
      return nullptr;
    common = value;
  }
  return common;
}

MemoryTimeline MemoryTimeline::build(Block &block,
                                     MemoryTimelineFacts *shared) {
  MemoryTimeline timeline;
  // One build's own facts, unless the caller shares them between builds.
  std::optional<MemoryTimelineFacts> own;
  MemoryTimelineFacts::Impl &facts =
      shared ? shared->get() : own.emplace().get();
  InitFactsCache &initFacts = facts.init;
  DenseMap<Operation *, unsigned> index;
  for (Operation &op : block)
    timeline.ops.push_back(&op);
  index.reserve(timeline.ops.size());
  for (auto [i, op] : llvm::enumerate(timeline.ops))
    index[op] = i;
  // Most results get their own entry; views and in-place results join one.
  timeline.bufferOf.reserve(timeline.ops.size() + block.getNumArguments());
  // Values stored in each buffer, to find a buffer's last use.
  SmallVector<SmallVector<Value, 2>> members;
  auto newBuffer = [&](Value root, StorageKind kind, unsigned def) {
    timeline.bufferOf[root] = timeline.buffers.size();
    timeline.buffers.push_back(
        Buffer{root, getTensorBytes(root.getType()), kind, def, def});
    members.push_back({root});
  };
  auto join = [&](Value value, unsigned id) {
    timeline.bufferOf[value] = id;
    members[id].push_back(value);
  };
  // With `viewsThrough`, a use by a view of this block whose result shares
  // the buffer does not count by itself: the view's own uses do (it is a
  // member too). Bufferization erases a view nobody uses and frees the
  // buffer after its last real use. Only for the final sweep: while
  // results are still being placed, later views are not members yet.
  // Only a use after the last one found so far can move it: the tests of
  // whether a use counts (interface queries) run for those alone. The
  // search stops at the first counting use after `stopAfter`.
  auto lastUseOf = [&](unsigned id, bool viewsThrough = false,
                       unsigned stopAfter = ~0u) {
    unsigned last = timeline.buffers[id].defIndex;
    for (Value member : members[id])
      for (OpOperand &use : member.getUses()) {
        Operation *owner = use.getOwner();
        Operation *top = block.findAncestorOpInBlock(*owner);
        if (!top)
          continue;
        unsigned at = index.lookup(top);
        if (at <= last || isWriteOnlyInit(use, timeline.bufferOf, id, initFacts))
          continue;
        if (viewsThrough && owner->getBlock() == &block &&
            isErasableViewSource(owner, use.getOperandNumber()) &&
            timeline.getBufferId(owner->getResult(0)) == id)
          continue;
        last = at;
        if (last > stopAfter)
          return last;
      }
    return last;
  };

  for (BlockArgument arg : block.getArguments())
    if (isa<RankedTensorType>(arg.getType()))
      newBuffer(arg, StorageKind::Argument, 0);
  // In a loop body, the loop-carried tensors are buffers the body may
  // update in place (uncounted here: they are the loop's results), and
  // values from above are owned outside, like arguments.
  llvm::DenseSet<unsigned> writable;
  if (auto loop = dyn_cast_or_null<scf::ForOp>(block.getParentOp()))
    for (BlockArgument arg : loop.getRegionIterArgs())
      if (std::optional<unsigned> id = timeline.getBufferId(arg))
        writable.insert(*id);
  // So are an scf.while's, in both regions (-remat-prepare-lowering writes
  // what each region passes on into them).
  if (isa_and_nonnull<scf::WhileOp>(block.getParentOp()))
    for (BlockArgument arg : block.getArguments())
      if (std::optional<unsigned> id = timeline.getBufferId(arg))
        writable.insert(*id);
  for (Operation &op : block)
    for (Value operand : op.getOperands())
      if (operand.getParentBlock() != &block &&
          isa<RankedTensorType>(operand.getType()) &&
          !timeline.bufferOf.count(operand))
        newBuffer(operand, StorageKind::Argument, 0);

  // Whether `op` (at `i`) may write its result into the slice it was given
  // of loop-carried buffer `id` although the buffer is used later: when
  // that use is the insert_slice putting the result back at the same place
  // and nothing else reads the buffer after `op`. One-shot bufferization
  // then writes into a subview (the tiled loops' dQ_i += dS K_j). Loop
  // bodies only: the budget solvers replay top-level rules on flat arrays.
  // The insert_slice ops of such writes, whose source is then in place.
  llvm::SmallPtrSet<Operation *, 4> writtenBack;
  auto writesBackInPlace = [&](Operation *op, OpResult result, unsigned tied,
                               unsigned id, unsigned i) {
    auto extract = op->getOperand(tied).getDefiningOp<tensor::ExtractSliceOp>();
    if (!extract || !writable.contains(id) || !result.hasOneUse())
      return false;
    auto insert = dyn_cast<tensor::InsertSliceOp>(*result.getUsers().begin());
    if (!insert || insert.getSource() != result ||
        insert.getDest() != extract.getSource() ||
        insert->getBlock() != &block)
      return false;
    auto same = [](ArrayRef<OpFoldResult> a, ArrayRef<OpFoldResult> b) {
      return a.size() == b.size() &&
             llvm::all_of(llvm::zip(a, b), [](auto pair) {
               return isEqualConstantIntOrValue(std::get<0>(pair),
                                                std::get<1>(pair));
             });
    };
    if (!same(extract.getMixedOffsets(), insert.getMixedOffsets()) ||
        !same(extract.getMixedSizes(), insert.getMixedSizes()) ||
        !same(extract.getMixedStrides(), insert.getMixedStrides()))
      return false;
    for (Value member : members[id])
      for (OpOperand &use : member.getUses()) {
        Operation *top = block.findAncestorOpInBlock(*use.getOwner());
        if (top && index.lookup(top) > i && use.getOwner() != insert &&
            !isWriteOnlyInit(use, timeline.bufferOf, id, initFacts))
          return false;
      }
    writtenBack.insert(insert);
    return true;
  };

  auto conflictsOf = [&](Operation *op,
                         unsigned tied) -> ArrayRef<unsigned> {
    auto [it, inserted] = facts.conflicts.try_emplace({op, tied});
    if (inserted)
      it->second = getInPlaceConflicts(op, tied);
    return it->second;
  };

  SmallVector<int64_t> transient(timeline.ops.size(), 0);
  // Softmaxes (at, input buffer, credit) whose exponentials take their
  // input's place if it dies there.
  struct DyingInput {
    unsigned at, id;
    int64_t credit;
  };
  SmallVector<DyingInput> dyingInputs;
  for (size_t i = 0; i < timeline.ops.size(); ++i) {
    // Not a structured binding: a lambda below captures it (clang 14).
    Operation *op = timeline.ops[i];
    int64_t resultBytes = 0;
    for (OpResult result : op->getResults()) {
      if (!isa<RankedTensorType>(result.getType()))
        continue;
      if (std::optional<unsigned> src =
              getAliasedOperand(op, result.getResultNumber())) {
        if (std::optional<unsigned> id =
                timeline.getBufferId(op->getOperand(*src))) {
          join(result, *id);
          continue;
        }
      }
      // The insert_slice ending a write into a slice (writesBackInPlace):
      // its source is already in place. (Any other insert of a value that
      // shares the destination's buffer is a conflict, below.)
      if (auto insert = dyn_cast<tensor::InsertSliceOp>(op);
          insert && writtenBack.contains(op)) {
        std::optional<unsigned> id = timeline.getBufferId(insert.getDest());
        if (id && timeline.getBufferId(insert.getSource()) == id) {
          join(result, *id);
          continue;
        }
      }
      // An `scf.if` whose branches both write one buffer from above (as
      // -remat-prepare-lowering gives them) returns that buffer.
      if (auto branch = dyn_cast<scf::IfOp>(op)) {
        if (Value dest = getIfResultDestination(branch, result.getResultNumber()))
          if (std::optional<unsigned> id = timeline.getBufferId(dest);
              id && timeline.buffers[*id].kind == StorageKind::Heap &&
              lastUseOf(*id, /*viewsThrough=*/false, /*stopAfter=*/i) <= i) {
            join(result, *id);
            continue;
          }
      }
      // The operand whose buffer the result may be written into.
      if (std::optional<unsigned> tied =
              inPlaceOperandOf(op, result.getResultNumber(), initFacts)) {
        std::optional<unsigned> id =
            timeline.getBufferId(op->getOperand(*tied));
        if (id &&
            (timeline.buffers[*id].kind == StorageKind::Heap ||
             writable.contains(*id)) &&
            (lastUseOf(*id, /*viewsThrough=*/false, /*stopAfter=*/i) <= i ||
             writesBackInPlace(op, result, *tied, *id, i)) &&
            llvm::none_of(conflictsOf(op, *tied), [&](unsigned k) {
              return timeline.getBufferId(op->getOperand(k)) == id;
            })) {
          join(result, *id);
          continue;
        }
      }
      newBuffer(result,
                op->hasTrait<OpTrait::ConstantLike>() ? StorageKind::Constant
                                                      : StorageKind::Heap,
                i);
      resultBytes += getTensorBytes(result.getType());
    }
    // A function cannot hand the caller's own buffers (or static data)
    // back as results it owns: bufferization returns copies, allocated at
    // the return.
    if (op->hasTrait<OpTrait::ReturnLike>() && isa<func::FuncOp>(op->getParentOp()))
      for (Value operand : op->getOperands())
        if (std::optional<unsigned> id = timeline.getBufferId(operand))
          if (timeline.buffers[*id].kind != StorageKind::Heap)
            transient[i] += getTensorBytes(operand.getType());
    // A recomputation's yield: the copies of its views (isYieldedAlias).
    if (isa<remat::YieldOp>(op) && isa<RecomputeOp>(op->getParentOp()))
      for (Value yielded : op->getOperands())
        if (isa<RankedTensorType>(yielded.getType()) &&
            isYieldedAlias(yielded))
          transient[i] += getTensorBytes(yielded.getType());
    // A recomputation holds its body's temporaries while it runs, and so
    // do a call its callee's and a loop its body's.
    auto it = facts.transient.find(op);
    if (it == facts.transient.end()) {
      int64_t innerPeak = 0;
      if (auto recompute = dyn_cast<RecomputeOp>(op))
        innerPeak = build(recompute.getBodyBlock(), shared).getPeakBytes();
      int64_t held = getHeldTransientBytes(op);
      // Inserted after the inner build, which may grow the map.
      it = facts.transient.try_emplace(op, innerPeak, held).first;
    }
    auto [innerPeak, held] = it->second;
    if (isa<RecomputeOp>(op))
      transient[i] = std::max<int64_t>(0, innerPeak - resultBytes);
    transient[i] += held;
    // A softmax whose input dies here: its buffer is freed once the
    // exponentials are written, before the quotient's buffer is allocated,
    // so the exponentials cost nothing beyond the input and the result.
    // Whether it dies is known once every buffer is placed (a later
    // write-only init can join it): decided in the sweep.
    if (auto credit = getDecompositionCredit(op))
      if (std::optional<unsigned> id = timeline.getBufferId(credit->first))
        if (timeline.buffers[*id].kind == StorageKind::Heap)
          dyingInputs.push_back({unsigned(i), *id, credit->second});
  }

  // Sweep: +bytes at the definition, -bytes after the last use.
  SmallVector<int64_t> delta(timeline.ops.size() + 1, 0);
  for (auto [id, buffer] : llvm::enumerate(timeline.buffers)) {
    buffer.lastUseIndex = lastUseOf(id, /*viewsThrough=*/true);
    // tensor.empty only names a destination; its memory is first needed by
    // the op that writes it, which is where the peak should be attributed.
    // One nothing reads or writes is never allocated (bufferization erases
    // it): a destination left over once its writers were rewritten.
    if (buffer.kind == StorageKind::Heap &&
        isa_and_nonnull<tensor::EmptyOp>(buffer.root.getDefiningOp())) {
      unsigned firstUse = buffer.lastUseIndex;
      bool used = false;
      for (Value member : members[id])
        for (Operation *user : member.getUsers())
          if (Operation *top = block.findAncestorOpInBlock(*user)) {
            firstUse = std::min(firstUse, index.lookup(top));
            used = true;
          }
      if (!used)
        continue;
      buffer.defIndex = std::max(buffer.defIndex, firstUse);
    }
    if (buffer.kind != StorageKind::Heap)
      continue;
    delta[buffer.defIndex] += buffer.bytes;
    delta[buffer.lastUseIndex + 1] -= buffer.bytes;
  }
  for (const DyingInput &d : dyingInputs)
    if (timeline.buffers[d.id].lastUseIndex <= d.at)
      transient[d.at] -= d.credit;
  int64_t live = 0;
  timeline.liveBytes.resize(timeline.ops.size());
  for (size_t i = 0; i < timeline.ops.size(); ++i) {
    live += delta[i];
    timeline.liveBytes[i] = live + transient[i];
    if (timeline.liveBytes[i] > timeline.peakBytes) {
      timeline.peakBytes = timeline.liveBytes[i];
      timeline.peakIndex = i;
    }
  }
  return timeline;
}
