//===- BudgetModel.cpp - a cheap peak model for the budget solvers --------===//
//
// See BudgetModel.h. The model mirrors Materialize.cpp (buildAll,
// buildRegion, the choice between the sharing modes, orphan erasure) and
// MemoryTimeline.cpp (buffer assignment and the live-bytes sweep) on flat
// arrays; keep them in step (both files say so too: a rule added to one
// and not the other makes the solvers search a different program than
// the one that runs; BudgetModel.AgreesWithThePipeline catches it).
//
//===----------------------------------------------------------------------===//

#include "remat/Transforms/BudgetModel.h"
#include "Policies.h"
#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/MemoryReport.h"
#include "remat/Analysis/MemoryTimeline.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Transforms/Rematerialize.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <algorithm>
#include <limits>
#include <numeric>

using namespace mlir;
using namespace mlir::remat;

//===----------------------------------------------------------------------===//
// The candidates
//===----------------------------------------------------------------------===//

SmallVector<Operation *>
mlir::remat::getBudgetCandidates(const TrainingGraph &graph) {
  DenseSet<Operation *> cone;
  SmallVector<Value> worklist(policies::getRequiredValues(graph).takeVector());
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || def->getBlock() != &graph.getBody() || graph.isBackward(def) ||
        !cone.insert(def).second)
      continue;
    for (Value input : getOpInputs(def))
      worklist.push_back(input);
  }
  SmallVector<Operation *> candidates;
  for (Operation *op : graph.getOps())
    if (cone.contains(op) && !policies::isLeaf(op) &&
        !policies::whyNotRecomputable(op) && !getPolicy(op))
      candidates.push_back(op);
  return candidates;
}

//===----------------------------------------------------------------------===//
// Measuring a decision for real
//===----------------------------------------------------------------------===//

/// The functions `func` calls, directly or not, cloned into `scratch`
/// beside its copy: a call's peak counts its callee's own temporaries
/// (MemoryTimeline), and a copy alone found no callee (a budget under a
/// function's reported peak was taken as met: the measurement counted
/// less than -remat-report).
static void copyCallees(Operation *func, ModuleOp scratch) {
  DenseSet<Operation *> copied{func};
  SmallVector<Operation *> work{func};
  while (!work.empty()) {
    Operation *caller = work.pop_back_val();
    caller->walk([&](CallOpInterface call) {
      Operation *callee = call.resolveCallable();
      if (!callee || !isa<FunctionOpInterface>(callee) ||
          !copied.insert(callee).second)
        return;
      scratch.push_back(callee->clone());
      work.push_back(callee);
    });
  }
}

BudgetOutcome mlir::remat::measureBudgetDecision(
    const TrainingGraph &graph, ArrayRef<Operation *> recompute,
    bool schedule, std::optional<int64_t> inputPeak, bool countSaved,
    OwningOpRef<ModuleOp> *keep, std::optional<int64_t> maxFlops) {
  Operation *func = graph.getFunction();
  OwningOpRef<ModuleOp> scratch = ModuleOp::create(func->getLoc());
  Operation *copy = func->clone();
  scratch->push_back(copy);
  copyCallees(func, *scratch);
  Block &body = cast<FunctionOpInterface>(copy).getFunctionBody().front();
  DenseSet<Operation *> marked(recompute.begin(), recompute.end());
  for (auto [op, target] : llvm::zip(graph.getOps(), body.getOperations()))
    if (marked.contains(op))
      target.setAttr(RematDialect::kPolicyAttrName,
                     StringAttr::get(target.getContext(), "recompute"));
  BudgetOutcome result;
  FailureOr<TrainingGraph> copyGraph =
      TrainingGraph::build(cast<FunctionOpInterface>(copy));
  if (failed(copyGraph)) {
    result.peak = std::numeric_limits<int64_t>::max();
    return result;
  }
  // Measured on the copy, its callees beside it (copyCallees).
  result.inputPeak =
      inputPeak ? *inputPeak : MemoryTimeline::build(body).getPeakBytes();
  MaterializeStats stats;
  materializeRecomputations(*copyGraph, stats, result.inputPeak, maxFlops);
  // Scheduled as -remat-schedule does, so the peak measured is the
  // pipeline's, and the copy is what the pipeline would make of the function.
  if (schedule)
    scheduleForMemory(body, &result.peak, /*beyondResults=*/true);
  else
    result.peak = MemoryTimeline::build(body).getPeakBytes();
  for (Operation &op : body)
    if (auto recompute = dyn_cast<RecomputeOp>(op)) {
      result.flops += getOpCost(&op).flops;
      // The body's ops, its terminator not counted.
      result.clonedOps += recompute.getBodyBlock().getOperations().size() - 1;
    }
  if (countSaved) {
    FailureOr<TrainingGraph> after =
        TrainingGraph::build(cast<FunctionOpInterface>(copy));
    if (succeeded(after)) {
      MemoryTimeline timeline = MemoryTimeline::build(body);
      SmallVector<Value> saved;
      for (const SavedValue &value : after->getSaved())
        saved.push_back(value.value);
      result.savedBytes = getSavedBytes(*after, timeline);
      result.heldPeak = timeline.getPeakHolding(saved);
    }
  }
  if (keep && schedule)
    *keep = std::move(scratch);
  return result;
}

//===----------------------------------------------------------------------===//
// The model
//===----------------------------------------------------------------------===//

namespace {
constexpr int32_t kNone = -1;
/// A use that never keeps its buffer alive (a write-only init whose tied
/// result is not a value of the body).
constexpr int32_t kAlwaysWriteOnly = -2;

struct MUse {
  uint32_t value;
  /// For a destination-style init the payload does not read: the tied
  /// result (kAlwaysWriteOnly if it is not a body value); else kNone.
  int32_t writeOnlyTied = kNone;
  /// For the source of a top-level view: the view's result (kNone
  /// otherwise). Such a use counts only through the view's own uses when
  /// the result shares the buffer (MemoryTimeline: dead views are erased).
  int32_t viewResult = kNone;
};

struct MValue {
  int64_t bytes = 0;
  bool tensor = false;
  int32_t def = kNone;   // top-level op, kNone for arguments
  int32_t alias = kNone; // value whose buffer a view shares
  int32_t tied = kNone;  // value whose buffer the result may be written into
  /// Operands that forbid the in-place write when they share tied's
  /// buffer (getInPlaceConflicts): `conflicts[conflictBegin, conflictEnd)`.
  uint32_t conflictBegin = 0, conflictEnd = 0;
};

struct MOp {
  SmallVector<MUse, 4> uses;       // every operand use, nested ones included
  SmallVector<uint32_t, 4> inputs; // getOpInputs, as value ids
  uint32_t resBegin = 0, resEnd = 0;
  int64_t flops = 0;
  int64_t callTransient = 0; // getHeldTransientBytes
  /// getDecompositionCredit: the input (a value id) whose death at this op
  /// gives back `dyingCredit` of callTransient.
  int32_t dyingInput = kNone;
  int64_t dyingCredit = 0;
  int32_t candidate = kNone;
  bool userRecompute = false, backward = false, terminator = false,
       funcReturn = false, empty = false, clonable = false,
       effectFree = false, constant = false;
};

/// One step of a simulated program: an op of the body or a region.
struct Step {
  uint32_t useBegin, useEnd; // into Program::uses
  uint32_t resBegin, resEnd; // into Program::results
  int64_t transient = 0;
  /// MOp::dyingInput (as the program names it) and MOp::dyingCredit.
  int32_t dyingInput = kNone;
  int64_t dyingCredit = 0;
  bool empty = false, funcReturn = false, constant = false;
  int32_t origin = kNone; // the body op, kNone for a region
};

struct PResult {
  uint32_t value;
  int32_t alias, tied;
  uint32_t conflictBegin = 0, conflictEnd = 0; // into Program::conflicts
};

struct Program {
  std::vector<Step> steps;
  std::vector<MUse> uses;
  std::vector<PResult> results;
  std::vector<uint32_t> conflicts;
  void clear() {
    steps.clear();
    uses.clear();
    results.clear();
    conflicts.clear();
  }
};

struct ModelRegion {
  uint32_t consumer;
  SmallVector<uint32_t, 4> chain;   // ops, in program order
  SmallVector<uint32_t, 4> inputs;  // value ids as read (copies mapped)
  SmallVector<uint32_t, 4> needed;  // forward values it yields
  SmallVector<uint32_t, 4> copies;  // the ids of its results
  int64_t flops = 0;
  bool extraYields = false; // shares values later consumers read
};

/// A value live at the peak, with the bytes of the buffer it keeps alive.
struct LiveValue {
  uint32_t value;
  int64_t bytes;
  uint32_t buffer;
};

/// A step whose memory exceeds a threshold: by how much, and the values
/// of unmarked candidates live there (`live[begin, end)` of the caller's
/// vector).
struct OverPoint {
  int64_t excess;
  uint32_t begin, end;
};

struct TimelineResult {
  int64_t peak = 0;
  uint32_t peakStep = 0;
};

/// MemoryTimeline::build over a Program (BudgetModel::Impl::runTimeline).
/// One run goes through phases that share a lot of state: a dense
/// numbering of the values the program touches, each value's uses, the
/// buffers and their members. That state lives here, between the phases
/// and between runs (its storage is reused: the solvers run millions of
/// timelines), and each phase is a member function.
class Timeline {
public:
  /// The peak of `prog`, whose values are ids below `totalValues` of
  /// `model`; with `livePeakValues`, the values live at the peak; with
  /// `overPoints`, the constraints of the steps over `threshold` (their
  /// values are in `overLive`).
  TimelineResult run(const BudgetModel::Impl &model, const Program &prog,
                     uint32_t totalValues,
                     std::vector<LiveValue> *livePeakValues, int64_t threshold,
                     std::vector<OverPoint> *overPoints);

  /// OverPoint ranges point here; valid until the next run.
  std::vector<LiveValue> overLive;

private:
  struct Buf {
    int64_t bytes;
    uint32_t def, last;
    StorageKind kind;
    uint32_t root;
    int32_t lastMember; // members: root, then nextMember links
    /// The last step of the members' uses that count whatever is assigned
    /// later (see fixedUses).
    uint32_t lastFixedUse;
  };
  /// A step and the bytes over the threshold there.
  using Excess = std::pair<uint32_t, int64_t>;

  // The phases, in order.
  void numberValues(uint32_t totalValues);
  void indexUses();
  void assignBuffers(bool recordDefSteps);
  TimelineResult sweep();
  void liveAt(uint32_t step, std::vector<LiveValue> &out) const;
  SmallVector<Excess, 3> hardestSteps(const TimelineResult &result,
                                      int64_t threshold) const;
  void blockingAt(uint32_t step, std::vector<LiveValue> &out) const;

  // Helpers of the phases.
  uint32_t local(uint32_t v);
  int32_t localIfAny(int32_t v) const { return v < 0 ? kNone : localOf[v]; }
  uint32_t fixedUses(uint32_t value, uint32_t last) const;
  void newBuffer(uint32_t root, StorageKind kind, uint32_t def);
  void join(uint32_t value, int32_t id);
  bool writeOnly(const MUse &use, int32_t id) const;
  uint32_t lastUseOf(int32_t id, bool viewsThrough = false) const;
  bool freeable(const Buf &buffer) const;

  // The run's inputs.
  const BudgetModel::Impl *model = nullptr;
  const Program *prog = nullptr;
  uint32_t n = 0;        // steps
  uint32_t numLocal = 0; // values the program touches

  /// Per value id: kNone, or its dense index during a run (all kNone
  /// between runs); localIds maps back.
  std::vector<int32_t> localOf;
  std::vector<uint32_t> localIds;
  // By dense index: uses (useList[useHead[v], useHead[v + 1]) are indices
  // into prog->uses), buffer, next member of the same buffer, whether
  // defined by a step, defining step (kept for overPoints only).
  std::vector<uint32_t> useHead, useList;
  std::vector<int32_t> bufferOf, nextMember;
  std::vector<uint8_t> defined;
  std::vector<uint32_t> defStep;
  std::vector<uint32_t> stepOfUse; // per use
  std::vector<Buf> buffers;
  // Per step: bytes besides the buffers (a region's or callee's body, a
  // returned argument), and the change of live buffer bytes.
  std::vector<int64_t> transient, delta;
};
} // namespace

struct BudgetModel::Impl {
  std::vector<MValue> values;
  std::vector<MOp> ops;
  std::vector<uint32_t> conflicts; // MValue::conflictBegin/End point here
  std::vector<uint32_t> candidates; // op index per candidate
  std::vector<Operation *> candidateOps;
  std::vector<uint8_t> hasBackwardUse;
  mutable uint64_t evaluations = 0;

  // Scratch, reused between evaluations.
  mutable std::vector<int32_t> copyOf, useCount;
  mutable std::vector<int64_t> extraBytes; // bytes of copy values
  mutable std::vector<uint8_t> marked, erased, orphaned, inChain;
  mutable Program program, inner;
  mutable Timeline timeline; // runTimeline's, its storage reused
  /// evaluate's regions of the two sharing modes, and the shared mode's
  /// copyOf/extraBytes while the separate mode is built: kept between
  /// evaluations so that their storage is reused.
  mutable std::vector<ModelRegion> sharedRegions, separateRegions;
  mutable std::vector<int32_t> sharedCopyOf;
  mutable std::vector<int64_t> sharedExtraBytes;
  /// evaluateAgainst(everyStep): a constraint at every step over the
  /// threshold, not only at the three hardest.
  mutable bool everyStep = false;
  /// The peak with nothing recomputed (user marks neither): materialize's
  /// baseline, which its choice of sharing mode consults. Set by the
  /// constructor, with `unmarked` set while it evaluates.
  int64_t unmarkedPeak = 0;
  mutable bool unmarked = false;

  int64_t bytesOf(uint32_t v) const {
    return v < values.size() ? values[v].bytes : extraBytes[v - values.size()];
  }
  bool isTensor(uint32_t v) const {
    return v >= values.size() || values[v].tensor;
  }
  /// The candidate defining body value `v` when this evaluation does not
  /// recompute it; kNone otherwise (also for copies and arguments).
  int32_t unmarkedCandidate(uint32_t v) const {
    if (v >= values.size() || values[v].def == kNone || marked[values[v].def])
      return kNone;
    return ops[values[v].def].candidate;
  }
  bool isMarkedValue(uint32_t v) const {
    if (v >= values.size() || !values[v].tensor || values[v].def == kNone)
      return false;
    const MOp &op = ops[values[v].def];
    return !op.backward && marked[values[v].def];
  }

  void buildRegions(bool share, std::vector<ModelRegion> &regions) const;
  void buildProgram(const std::vector<ModelRegion> &regions, bool erase) const;
  int64_t regionPeak(const ModelRegion &region) const;
  TimelineResult
  runTimeline(const Program &prog, uint32_t totalValues,
              std::vector<LiveValue> *livePeakValues, int64_t threshold = 0,
              std::vector<OverPoint> *overPoints = nullptr) const;
  BudgetOutcome
  evaluate(const llvm::BitVector &recompute,
           SmallVectorImpl<unsigned> *relevant, int64_t threshold = 0,
           std::vector<BudgetConstraint> *constraints = nullptr) const;
};

BudgetModel::BudgetModel(const TrainingGraph &graph,
                         ArrayRef<Operation *> candidates)
    : impl(std::make_unique<Impl>()) {
  Impl &m = *impl;
  DenseMap<Value, uint32_t> ids;
  auto addValue = [&](Value value, int32_t def) {
    ids[value] = m.values.size();
    MValue v;
    v.def = def;
    if (isa<RankedTensorType>(value.getType())) {
      v.tensor = true;
      v.bytes = getTensorBytes(value.getType());
    }
    m.values.push_back(v);
  };
  Block &body = graph.getBody();
  for (BlockArgument arg : body.getArguments())
    addValue(arg, kNone);
  DenseMap<Operation *, int32_t> candidateIndex;
  for (auto [i, op] : llvm::enumerate(candidates))
    candidateIndex[op] = i;
  ArrayRef<Operation *> topOps = graph.getOps();
  m.ops.resize(topOps.size());
  for (auto [i, op] : llvm::enumerate(topOps)) {
    MOp &mop = m.ops[i];
    mop.resBegin = m.values.size();
    for (Value result : op->getResults())
      addValue(result, i);
    mop.resEnd = m.values.size();
  }
  for (size_t i = 0; i < topOps.size(); ++i) {
    // A plain variable, not a structured binding: the lambdas below
    // capture it (C++20 only for bindings; clang 14 rejects it).
    Operation *op = topOps[i];
    MOp &mop = m.ops[i];
    mop.flops = getOpCost(op).flops;
    // A callee's peak, or a loop body's (the tiled attention's loops,
    // which the solvers never recompute: as the timeline counts them).
    mop.callTransient = getHeldTransientBytes(op);
    if (auto credit = getDecompositionCredit(op))
      if (auto it = ids.find(credit->first); it != ids.end()) {
        mop.dyingInput = it->second;
        mop.dyingCredit = credit->second;
      }
    mop.backward = graph.isBackward(op);
    mop.terminator = op->hasTrait<OpTrait::IsTerminator>();
    mop.funcReturn =
        op->hasTrait<OpTrait::ReturnLike>() && isa<func::FuncOp>(op->getParentOp());
    mop.empty = isa<tensor::EmptyOp>(op);
    mop.effectFree = isMemoryEffectFree(op);
    mop.constant = op->hasTrait<OpTrait::ConstantLike>();
    mop.userRecompute =
        getPolicy(op) == Policy::Recompute && isRecomputable(op);
    if (auto it = candidateIndex.find(op); it != candidateIndex.end())
      mop.candidate = it->second;
    // isInputFree, from the inputs' answers (it recurses otherwise).
    mop.clonable = isRecomputable(op);
    for (Value input : getOpInputs(op)) {
      auto it = ids.find(input);
      int32_t def = it == ids.end() ? kNone : m.values[it->second].def;
      mop.clonable &= def != kNone && m.ops[def].clonable;
      if (it != ids.end())
        mop.inputs.push_back(it->second);
    }
    // Every use of a body value by this op or an op nested in it.
    op->walk([&](Operation *user) {
      for (OpOperand &operand : user->getOpOperands()) {
        auto it = ids.find(operand.get());
        if (it == ids.end())
          continue;
        if (user != op && it->second >= mop.resBegin && it->second < mop.resEnd)
          continue;
        MUse use{it->second, kNone};
        auto linalgOp = dyn_cast<linalg::LinalgOp>(user);
        if (linalgOp && linalgOp.isDpsInit(&operand) &&
            !linalgOp.payloadUsesValueFromOperand(&operand)) {
          auto tied = ids.find(linalgOp.getTiedOpResult(&operand));
          use.writeOnlyTied =
              tied == ids.end() ? kAlwaysWriteOnly : int32_t(tied->second);
        }
        if (user == op &&
            isErasableViewSource(op, operand.getOperandNumber()))
          if (auto r = ids.find(op->getResult(0)); r != ids.end())
            use.viewResult = r->second;
        mop.uses.push_back(use);
      }
    });
    // Buffer rules for the results (MemoryTimeline::build).
    for (OpResult result : op->getResults()) {
      MValue &v = m.values[ids[result]];
      if (std::optional<unsigned> src =
              getAliasedOperand(op, result.getResultNumber()))
        if (auto it = ids.find(op->getOperand(*src)); it != ids.end())
          v.alias = it->second;
      std::optional<unsigned> tied =
          getInPlaceOperand(op, result.getResultNumber());
      auto it = tied ? ids.find(op->getOperand(*tied)) : ids.end();
      if (it == ids.end())
        continue;
      v.tied = it->second;
      v.conflictBegin = m.conflicts.size();
      for (unsigned k : getInPlaceConflicts(op, *tied))
        if (auto c = ids.find(op->getOperand(k)); c != ids.end())
          m.conflicts.push_back(c->second);
      v.conflictEnd = m.conflicts.size();
    }
  }
  m.hasBackwardUse.assign(m.values.size(), 0);
  for (const MOp &mop : m.ops)
    if (mop.backward && !mop.terminator)
      for (uint32_t v : mop.inputs)
        m.hasBackwardUse[v] = 1;
  for (Operation *op : candidates) {
    m.candidates.push_back(graph.getIndex(op));
    m.candidateOps.push_back(op);
  }
  m.unmarked = true;
  m.unmarkedPeak = m.evaluate(llvm::BitVector(m.candidates.size()), nullptr).peak;
  m.unmarked = false;
  m.evaluations = 0;
}

BudgetModel::~BudgetModel() = default;
BudgetModel::BudgetModel(BudgetModel &&) = default;

unsigned BudgetModel::getNumCandidates() const {
  return impl->candidates.size();
}
Operation *BudgetModel::getCandidate(unsigned i) const {
  return impl->candidateOps[i];
}
int64_t BudgetModel::getCandidateFlops(unsigned i) const {
  return impl->ops[impl->candidates[i]].flops;
}
unsigned BudgetModel::getNumOps() const { return impl->ops.size(); }
uint64_t BudgetModel::getNumEvaluations() const { return impl->evaluations; }
int64_t BudgetModel::getFlopsGranularity() const {
  int64_t g = 0;
  for (const MOp &op : impl->ops)
    g = std::gcd(g, op.flops);
  return std::max<int64_t>(g, 1);
}

BudgetOutcome BudgetModel::evaluate(const llvm::BitVector &recompute,
                                    SmallVectorImpl<unsigned> *relevant) const {
  return impl->evaluate(recompute, relevant);
}

BudgetOutcome
BudgetModel::evaluateAgainst(const llvm::BitVector &recompute, int64_t budget,
                             std::vector<BudgetConstraint> &constraints,
                             bool everyStep) const {
  impl->everyStep = everyStep;
  BudgetOutcome outcome =
      impl->evaluate(recompute, nullptr, budget, &constraints);
  impl->everyStep = false;
  return outcome;
}

/// Materialize's buildAll: regions before backward consumers, in program
/// order.
void BudgetModel::Impl::buildRegions(bool share,
                                     std::vector<ModelRegion> &regions) const {
  regions.clear();
  copyOf.assign(values.size(), kNone);
  extraBytes.clear();
  SmallVector<uint32_t, 8> worklist;
  SmallVector<uint32_t, 8> chainOps;
  for (uint32_t c = 0; c < ops.size(); ++c) {
    const MOp &consumer = ops[c];
    if (!consumer.backward || consumer.terminator)
      continue;
    ModelRegion region;
    for (uint32_t v : consumer.inputs)
      if (isMarkedValue(v) && copyOf[v] == kNone &&
          !llvm::is_contained(region.needed, v))
        region.needed.push_back(v);
    if (region.needed.empty())
      continue;
    region.consumer = c;
    // The chain of marked producers not yet recomputed, and the input-free
    // producers they read.
    chainOps.clear();
    worklist.clear();
    for (uint32_t v : region.needed)
      worklist.push_back(values[v].def);
    while (!worklist.empty()) {
      uint32_t op = worklist.pop_back_val();
      if (inChain[op])
        continue;
      inChain[op] = 1;
      chainOps.push_back(op);
      for (uint32_t input : ops[op].inputs) {
        int32_t def = values[input].def;
        if ((isMarkedValue(input) && copyOf[input] == kNone) ||
            (def != kNone && ops[def].clonable))
          worklist.push_back(def);
      }
    }
    llvm::sort(chainOps);
    if (share)
      for (uint32_t op : chainOps)
        for (uint32_t v = ops[op].resBegin; v < ops[op].resEnd; ++v)
          if (isMarkedValue(v) && hasBackwardUse[v] && copyOf[v] == kNone &&
              !llvm::is_contained(region.needed, v)) {
            region.needed.push_back(v);
            region.extraYields = true;
          }
    for (uint32_t op : chainOps) {
      region.flops += ops[op].flops;
      for (uint32_t input : ops[op].inputs) {
        int32_t def = values[input].def;
        if (def != kNone && inChain[def])
          continue;
        uint32_t read = copyOf[input] != kNone ? copyOf[input] : input;
        if (!llvm::is_contained(region.inputs, read))
          region.inputs.push_back(read);
      }
    }
    for (uint32_t op : chainOps)
      inChain[op] = 0;
    region.chain.assign(chainOps.begin(), chainOps.end());
    for (uint32_t v : region.needed) {
      uint32_t id = values.size() + extraBytes.size();
      extraBytes.push_back(values[v].bytes);
      copyOf[v] = id;
      region.copies.push_back(id);
    }
    regions.push_back(std::move(region));
  }
}

/// The op sequence after materialize: regions inserted, backward uses
/// redirected to the copies and, with `erase`, forward producers left
/// unused erased.
void BudgetModel::Impl::buildProgram(const std::vector<ModelRegion> &regions,
                                     bool erase) const {
  auto mapped = [&](uint32_t v, bool redirect) -> uint32_t {
    return redirect && v < values.size() && copyOf[v] != kNone ? copyOf[v] : v;
  };
  erased.assign(ops.size(), 0);
  if (erase) {
    uint32_t total = values.size() + extraBytes.size();
    useCount.assign(total, 0);
    for (const MOp &op : ops) {
      bool redirect = op.backward && !op.terminator;
      for (const MUse &use : op.uses)
        ++useCount[mapped(use.value, redirect)];
    }
    for (const ModelRegion &region : regions)
      for (uint32_t v : region.inputs)
        ++useCount[v];
    orphaned.assign(ops.size(), 0);
    for (const ModelRegion &region : regions)
      for (uint32_t v : region.needed)
        orphaned[values[v].def] = 1;
    for (uint32_t i = ops.size(); i-- > 0;) {
      const MOp &op = ops[i];
      if (!orphaned[i] || !op.effectFree)
        continue;
      bool unused = true;
      for (uint32_t v = op.resBegin; v < op.resEnd && unused; ++v)
        unused = useCount[v] == 0;
      if (!unused)
        continue;
      erased[i] = 1;
      bool redirect = op.backward && !op.terminator;
      for (const MUse &use : op.uses)
        --useCount[mapped(use.value, redirect)];
      for (uint32_t input : op.inputs) {
        int32_t def = values[input].def;
        if (def != kNone && !ops[def].backward)
          orphaned[def] = 1;
      }
    }
  }

  program.clear();
  size_t next = 0;
  for (uint32_t i = 0; i < ops.size(); ++i) {
    if (next < regions.size() && regions[next].consumer == i) {
      const ModelRegion &region = regions[next++];
      Step step{};
      step.useBegin = program.uses.size();
      for (uint32_t v : region.inputs)
        program.uses.push_back({v, kNone});
      step.useEnd = program.uses.size();
      step.resBegin = program.results.size();
      int64_t resultBytes = 0;
      for (uint32_t copy : region.copies) {
        program.results.push_back({copy, kNone, kNone});
        resultBytes += bytesOf(copy);
      }
      step.resEnd = program.results.size();
      step.transient = std::max<int64_t>(0, regionPeak(region) - resultBytes);
      program.steps.push_back(step);
    }
    if (erased[i])
      continue;
    const MOp &op = ops[i];
    bool redirect = op.backward && !op.terminator;
    Step step{};
    step.origin = i;
    step.transient = op.callTransient;
    if (op.dyingInput != kNone) {
      step.dyingInput = int32_t(mapped(op.dyingInput, redirect));
      step.dyingCredit = op.dyingCredit;
    }
    step.empty = op.empty;
    step.funcReturn = op.funcReturn;
    step.constant = op.constant;
    step.useBegin = program.uses.size();
    for (const MUse &use : op.uses)
      program.uses.push_back(
          {mapped(use.value, redirect), use.writeOnlyTied, use.viewResult});
    step.useEnd = program.uses.size();
    step.resBegin = program.results.size();
    for (uint32_t v = op.resBegin; v < op.resEnd; ++v)
      if (values[v].tensor) {
        PResult res{v,
                    values[v].alias == kNone
                        ? kNone
                        : int32_t(mapped(values[v].alias, redirect)),
                    values[v].tied == kNone
                        ? kNone
                        : int32_t(mapped(values[v].tied, redirect))};
        res.conflictBegin = program.conflicts.size();
        for (uint32_t k = values[v].conflictBegin; k < values[v].conflictEnd;
             ++k)
          program.conflicts.push_back(mapped(conflicts[k], redirect));
        res.conflictEnd = program.conflicts.size();
        program.results.push_back(res);
      }
    step.resEnd = program.results.size();
    program.steps.push_back(step);
  }
}

/// The peak of a region's body (its inputs are arguments), as
/// MemoryTimeline measures the body of a remat.recompute.
int64_t BudgetModel::Impl::regionPeak(const ModelRegion &region) const {
  inner.clear();
  for (uint32_t opIndex : region.chain) {
    const MOp &op = ops[opIndex];
    Step step{};
    step.origin = opIndex;
    step.transient = op.callTransient;
    step.dyingInput = op.dyingInput;
    step.dyingCredit = op.dyingCredit;
    step.empty = op.empty;
    step.constant = op.constant;
    step.useBegin = inner.uses.size();
    for (const MUse &use : op.uses)
      inner.uses.push_back(use);
    step.useEnd = inner.uses.size();
    step.resBegin = inner.results.size();
    for (uint32_t v = op.resBegin; v < op.resEnd; ++v)
      if (values[v].tensor) {
        PResult res{v, values[v].alias, values[v].tied};
        res.conflictBegin = inner.conflicts.size();
        inner.conflicts.insert(inner.conflicts.end(),
                               conflicts.begin() + values[v].conflictBegin,
                               conflicts.begin() + values[v].conflictEnd);
        res.conflictEnd = inner.conflicts.size();
        inner.results.push_back(res);
      }
    step.resEnd = inner.results.size();
    inner.steps.push_back(step);
  }
  Step yield{};
  yield.useBegin = inner.uses.size();
  for (uint32_t v : region.needed) {
    inner.uses.push_back({v, kNone});
    // A yielded view of part of a computed value, or of an input, is
    // copied out (MemoryTimeline, isYieldedAlias).
    int32_t root = int32_t(v);
    while (values[root].alias != kNone)
      root = values[root].alias;
    if (root != int32_t(v) &&
        (values[root].def == kNone ||
         !llvm::is_contained(region.chain, uint32_t(values[root].def)) ||
         values[root].bytes > values[v].bytes))
      yield.transient += values[v].bytes;
  }
  yield.useEnd = inner.uses.size();
  yield.resBegin = yield.resEnd = inner.results.size();
  inner.steps.push_back(yield);
  // Values defined outside the chain are the region's arguments.
  return runTimeline(inner, values.size(), nullptr).peak;
}

TimelineResult BudgetModel::Impl::runTimeline(
    const Program &prog, uint32_t totalValues,
    std::vector<LiveValue> *livePeakValues, int64_t threshold,
    std::vector<OverPoint> *overPoints) const {
  return timeline.run(*this, prog, totalValues, livePeakValues, threshold,
                      overPoints);
}

TimelineResult Timeline::run(const BudgetModel::Impl &model,
                             const Program &prog, uint32_t totalValues,
                             std::vector<LiveValue> *livePeakValues,
                             int64_t threshold,
                             std::vector<OverPoint> *overPoints) {
  this->model = &model;
  this->prog = &prog;
  n = prog.steps.size();
  numberValues(totalValues);
  indexUses();
  assignBuffers(/*recordDefSteps=*/overPoints != nullptr);
  TimelineResult result = sweep();
  if (livePeakValues) {
    livePeakValues->clear();
    liveAt(result.peakStep, *livePeakValues);
  }
  if (overPoints && result.peak > threshold) {
    overPoints->clear();
    overLive.clear();
    for (auto [step, excess] : hardestSteps(result, threshold)) {
      uint32_t begin = overLive.size();
      blockingAt(step, overLive);
      overPoints->push_back({excess, begin, uint32_t(overLive.size())});
    }
  }
  for (uint32_t v : localIds)
    localOf[v] = kNone;
  return result;
}

/// The values the program touches, numbered densely: a region's body
/// touches a handful of the function's values, and its timeline must not
/// cost a pass over all of them.
void Timeline::numberValues(uint32_t totalValues) {
  if (localOf.size() < totalValues)
    localOf.resize(totalValues, kNone);
  localIds.clear();
  for (const MUse &use : prog->uses)
    local(use.value);
  for (const PResult &r : prog->results)
    local(r.value);
  numLocal = localIds.size();
}

uint32_t Timeline::local(uint32_t v) {
  int32_t &l = localOf[v];
  if (l == kNone) {
    l = localIds.size();
    localIds.push_back(v);
  }
  return l;
}

/// The uses of each value, by step (tensors only), and the step of each use.
void Timeline::indexUses() {
  const std::vector<MUse> &uses = prog->uses;
  useHead.assign(numLocal + 1, 0);
  for (const MUse &use : uses)
    if (model->isTensor(use.value))
      ++useHead[localOf[use.value] + 1];
  for (uint32_t v = 0; v < numLocal; ++v)
    useHead[v + 1] += useHead[v];
  useList.resize(useHead[numLocal]);
  SmallVector<uint32_t> cursor(useHead.begin(), useHead.end() - 1);
  for (uint32_t u = 0; u < uses.size(); ++u)
    if (model->isTensor(uses[u].value))
      useList[cursor[localOf[uses[u].value]]++] = u;
  stepOfUse.resize(uses.size());
  for (uint32_t s = 0; s < n; ++s)
    for (uint32_t u = prog->steps[s].useBegin; u < prog->steps[s].useEnd; ++u)
      stepOfUse[u] = s;
}

/// The last use of a buffer that the in-place test needs, kept up to date
/// as members join: a write-only init only counts once its tied result
/// joins the same buffer, which happens at the use's own step, never after
/// the step being tested; so the uses that count for sure are enough.
uint32_t Timeline::fixedUses(uint32_t value, uint32_t last) const {
  for (uint32_t k = useHead[value]; k < useHead[value + 1]; ++k)
    if (prog->uses[useList[k]].writeOnlyTied == kNone)
      last = std::max(last, stepOfUse[useList[k]]);
  return last;
}

void Timeline::newBuffer(uint32_t root, StorageKind kind, uint32_t def) {
  bufferOf[root] = buffers.size();
  buffers.push_back(Buf{model->bytesOf(localIds[root]), def, def, kind, root,
                        int32_t(root), fixedUses(root, def)});
}

void Timeline::join(uint32_t value, int32_t id) {
  bufferOf[value] = id;
  nextMember[buffers[id].lastMember] = value;
  buffers[id].lastMember = value;
  buffers[id].lastFixedUse = fixedUses(value, buffers[id].lastFixedUse);
}

/// Buffers in program order: arguments first, then each result joins the
/// buffer it views or, in place, the one it is tied to, or gets its own;
/// with the bytes each step needs besides them.
void Timeline::assignBuffers(bool recordDefSteps) {
  bufferOf.assign(numLocal, kNone);
  nextMember.assign(numLocal, kNone);
  buffers.clear();
  // Arguments: tensors used before any definition.
  defined.assign(numLocal, 0);
  for (const PResult &r : prog->results)
    defined[localOf[r.value]] = 1;
  for (const MUse &use : prog->uses) {
    uint32_t v = localOf[use.value];
    if (!defined[v] && model->isTensor(use.value) && bufferOf[v] == kNone)
      newBuffer(v, StorageKind::Argument, 0);
  }

  transient.assign(n, 0);
  if (recordDefSteps)
    defStep.assign(numLocal, 0);
  for (uint32_t s = 0; s < n; ++s) {
    const Step &step = prog->steps[s];
    for (uint32_t r = step.resBegin; r < step.resEnd; ++r) {
      const PResult &res = prog->results[r];
      uint32_t value = localOf[res.value];
      if (recordDefSteps)
        defStep[value] = s;
      int32_t alias = localIfAny(res.alias), tied = localIfAny(res.tied);
      if (alias != kNone && bufferOf[alias] != kNone) {
        join(value, bufferOf[alias]);
        continue;
      }
      if (tied != kNone && bufferOf[tied] != kNone) {
        int32_t id = bufferOf[tied];
        bool conflict = false;
        for (uint32_t k = res.conflictBegin; k < res.conflictEnd && !conflict;
             ++k)
          if (int32_t c = localIfAny(prog->conflicts[k]); c != kNone)
            conflict = bufferOf[c] == id;
        if (buffers[id].kind == StorageKind::Heap &&
            buffers[id].lastFixedUse <= s && !conflict) {
          join(value, id);
          continue;
        }
      }
      newBuffer(value,
                step.constant ? StorageKind::Constant : StorageKind::Heap, s);
    }
    if (step.funcReturn)
      for (uint32_t u = step.useBegin; u < step.useEnd; ++u) {
        uint32_t v = prog->uses[u].value;
        int32_t id = bufferOf[localOf[v]];
        // Only direct operands count; the uses of a return are its operands.
        if (id != kNone && buffers[id].kind != StorageKind::Heap)
          transient[s] += model->bytesOf(v);
      }
    transient[s] += step.transient; // a region's body, or a callee's
  }
}

bool Timeline::writeOnly(const MUse &use, int32_t id) const {
  if (use.writeOnlyTied == kNone)
    return false;
  if (use.writeOnlyTied == kAlwaysWriteOnly)
    return true;
  int32_t tied = localIfAny(use.writeOnlyTied);
  int32_t b = tied == kNone ? kNone : bufferOf[tied];
  return b == kNone || b != id;
}

uint32_t Timeline::lastUseOf(int32_t id, bool viewsThrough) const {
  uint32_t last = buffers[id].def;
  for (int32_t member = buffers[id].root; member != kNone;
       member = nextMember[member])
    for (uint32_t k = useHead[member]; k < useHead[member + 1]; ++k) {
      uint32_t u = useList[k];
      const MUse &use = prog->uses[u];
      if (viewsThrough && use.viewResult != kNone)
        if (int32_t r = localIfAny(use.viewResult);
            r != kNone && bufferOf[r] == id)
          continue;
      if (!writeOnly(use, id))
        last = std::max(last, stepOfUse[u]);
    }
  return last;
}

/// Each heap buffer's lifetime (a tensor.empty's from its first use), and
/// the live bytes of each step: the peak and where it is.
TimelineResult Timeline::sweep() {
  delta.assign(n + 1, 0);
  for (auto [id, buffer] : llvm::enumerate(buffers)) {
    buffer.last = lastUseOf(id, /*viewsThrough=*/true);
    if (buffer.kind == StorageKind::Heap) {
      uint32_t root = localIds[buffer.root];
      int32_t def = root < model->values.size() ? model->values[root].def
                                                 : kNone;
      if (def != kNone && model->ops[def].empty) {
        uint32_t firstUse = buffer.last;
        for (int32_t member = buffer.root; member != kNone;
             member = nextMember[member])
          for (uint32_t k = useHead[member]; k < useHead[member + 1]; ++k)
            firstUse = std::min(firstUse, stepOfUse[useList[k]]);
        buffer.def = std::max(buffer.def, firstUse);
      }
    }
    if (buffer.kind != StorageKind::Heap)
      continue;
    delta[buffer.def] += buffer.bytes;
    delta[buffer.last + 1] -= buffer.bytes;
  }
  // A softmax's exponentials replace an input that dies there.
  for (uint32_t s = 0; s < n; ++s)
    if (int32_t input = prog->steps[s].dyingInput; input != kNone)
      if (int32_t v = localIfAny(input); v != kNone && bufferOf[v] != kNone)
        if (const Buf &b = buffers[bufferOf[v]];
            b.kind == StorageKind::Heap && b.last <= s)
          transient[s] -= prog->steps[s].dyingCredit;
  TimelineResult result;
  int64_t live = 0;
  for (uint32_t s = 0; s < n; ++s) {
    live += delta[s];
    int64_t bytes = live + transient[s];
    if (bytes > result.peak) {
      result.peak = bytes;
      result.peakStep = s;
    }
  }
  return result;
}

void Timeline::liveAt(uint32_t step, std::vector<LiveValue> &out) const {
  for (const Buf &buffer : buffers)
    if (buffer.kind == StorageKind::Heap && buffer.def <= step &&
        step <= buffer.last)
      for (int32_t member = buffer.root; member != kNone;
           member = nextMember[member])
        out.push_back({localIds[member], buffer.bytes,
                       uint32_t(&buffer - &buffers[0])});
}

/// Whether recomputing an unmarked candidate could free `buffer`.
bool Timeline::freeable(const Buf &buffer) const {
  if (buffer.kind != StorageKind::Heap)
    return false;
  for (int32_t member = buffer.root; member != kNone;
       member = nextMember[member])
    if (model->unmarkedCandidate(localIds[member]) != kNone)
      return true;
  return false;
}

/// Besides the peak, the steps over the threshold that are hardest to
/// bring under it: the least slack (bytes of buffers that recomputing an
/// unmarked candidate could free, minus the excess) and the fewest such
/// buffers. Each is a constraint every fitting superset meets. With
/// everyStep, every step over the threshold instead.
SmallVector<Timeline::Excess, 3>
Timeline::hardestSteps(const TimelineResult &result, int64_t threshold) const {
  std::vector<int64_t> freeCount(n + 1, 0), freeDelta(n + 1, 0);
  for (const Buf &buffer : buffers)
    if (freeable(buffer)) {
      freeDelta[buffer.def] += buffer.bytes;
      freeDelta[buffer.last + 1] -= buffer.bytes;
      ++freeCount[buffer.def];
      --freeCount[buffer.last + 1];
    }
  int64_t memory = 0, bytesFree = 0, count = 0;
  int64_t bestSlack = std::numeric_limits<int64_t>::max();
  int64_t fewest = std::numeric_limits<int64_t>::max();
  SmallVector<Excess, 3> steps{{result.peakStep, result.peak - threshold}};
  Excess slackStep = steps[0], fewestStep = steps[0];
  for (uint32_t s = 0; s < n; ++s) {
    memory += delta[s];
    bytesFree += freeDelta[s];
    count += freeCount[s];
    int64_t excess = memory + transient[s] - threshold;
    if (excess <= 0)
      continue;
    if (bytesFree - excess < bestSlack) {
      bestSlack = bytesFree - excess;
      slackStep = {s, excess};
    }
    if (count < fewest) {
      fewest = count;
      fewestStep = {s, excess};
    }
  }
  for (Excess step : {slackStep, fewestStep})
    if (llvm::none_of(steps, [&](Excess p) { return p.first == step.first; }))
      steps.push_back(step);
  if (model->everyStep) {
    steps.clear();
    memory = 0;
    for (uint32_t s = 0; s < n; ++s) {
      memory += delta[s];
      if (int64_t excess = memory + transient[s] - threshold; excess > 0)
        steps.push_back({s, excess});
    }
  }
  return steps;
}

/// What recomputing can free at `step`: a buffer only goes when every
/// member still in use there (defined by then, used at or after it) is
/// recomputed, so it is credited to one of them, the one with the most
/// FLOPs (a valid relaxation of "all of them"); to none when one of them
/// cannot be recomputed. A buffer no member holds is credited to each
/// candidate member, as a plain live value.
void Timeline::blockingAt(uint32_t step, std::vector<LiveValue> &out) const {
  const std::vector<MValue> &values = model->values;
  for (auto [id, buffer] : llvm::enumerate(buffers)) {
    if (buffer.kind != StorageKind::Heap || buffer.def > step ||
        step > buffer.last)
      continue;
    int32_t chosen = kNone;
    bool blocked = false, any = false;
    for (int32_t member = buffer.root; member != kNone;
         member = nextMember[member]) {
      if (member != int32_t(buffer.root) && defStep[member] > step)
        continue;
      uint32_t last = 0;
      bool used = false;
      for (uint32_t k = useHead[member]; k < useHead[member + 1]; ++k) {
        uint32_t u = useList[k];
        if (writeOnly(prog->uses[u], id))
          continue;
        used = true;
        last = std::max(last, stepOfUse[u]);
      }
      if (!used || last < step)
        continue;
      any = true;
      uint32_t v = localIds[member];
      if (model->unmarkedCandidate(v) == kNone) {
        blocked = true;
        break;
      }
      if (chosen == kNone ||
          model->ops[values[v].def].flops >
              model->ops[values[localIds[chosen]].def].flops)
        chosen = member;
    }
    if (blocked)
      continue;
    if (!any) {
      for (int32_t member = buffer.root; member != kNone;
           member = nextMember[member])
        out.push_back({localIds[member], buffer.bytes, uint32_t(id)});
      continue;
    }
    out.push_back({localIds[chosen], buffer.bytes, uint32_t(id)});
  }
}

BudgetOutcome BudgetModel::Impl::evaluate(
    const llvm::BitVector &recompute, SmallVectorImpl<unsigned> *relevant,
    int64_t threshold, std::vector<BudgetConstraint> *constraints) const {
  // The peak's union (two sharing modes) needs the relevant lists.
  SmallVector<unsigned> ownRelevant;
  SmallVector<int64_t> relevantBytes;
  if (constraints && !relevant)
    relevant = &ownRelevant;
  ++evaluations;
  marked.assign(ops.size(), 0);
  inChain.resize(ops.size(), 0);
  for (auto [i, op] : llvm::enumerate(ops))
    marked[i] = op.userRecompute && !unmarked;
  for (unsigned c : recompute.set_bits())
    marked[candidates[c]] = 1;

  std::vector<ModelRegion> &regions = sharedRegions;
  buildRegions(/*share=*/true, regions);
  // Without shared values both modes build the same regions.
  bool extraYields = llvm::any_of(
      regions, [](const ModelRegion &r) { return r.extraYields; });
  std::vector<LiveValue> live, otherLive;
  std::vector<LiveValue> *want = relevant ? &live : nullptr;
  if (extraYields) {
    // Both sharing modes, before erasure; the lower peak, then fewer FLOPs.
    auto flopsOf = [](const std::vector<ModelRegion> &rs) {
      int64_t f = 0;
      for (const ModelRegion &r : rs)
        f += r.flops;
      return f;
    };
    int64_t sharedFlops = flopsOf(regions);
    buildProgram(regions, /*erase=*/false);
    int64_t sharedPeak =
        runTimeline(program, values.size() + extraBytes.size(), nullptr).peak;
    std::vector<ModelRegion> &separate = separateRegions;
    // The shared mode's copies are set aside, not rebuilt, if it is kept.
    std::swap(copyOf, sharedCopyOf);
    std::swap(extraBytes, sharedExtraBytes);
    buildRegions(/*share=*/false, separate);
    buildProgram(separate, /*erase=*/false);
    int64_t separatePeak =
        runTimeline(program, values.size() + extraBytes.size(),
                    relevant ? &otherLive : nullptr)
            .peak;
    // Materialize's rule: past cloning 4 times the body's ops and the
    // shared mode's clones, shared; unless only the separate mode keeps the
    // unmarked peak, within 8 times the body's ops.
    size_t separateCloned = 0, sharedCloned = 0;
    for (const ModelRegion &r : separate)
      separateCloned += r.chain.size();
    for (const ModelRegion &r : regions)
      sharedCloned += r.chain.size();
    bool onlySeparateFits = sharedPeak > unmarkedPeak &&
                            separatePeak <= unmarkedPeak &&
                            separateCloned <= 8 * ops.size();
    bool quadratic = separateCloned > 4 * ops.size() &&
                     separateCloned > 4 * sharedCloned && !onlySeparateFits;
    bool share = quadratic || sharedPeak < separatePeak ||
                 (sharedPeak == separatePeak && sharedFlops <= flopsOf(separate));
    if (share) {
      std::swap(copyOf, sharedCopyOf);
      std::swap(extraBytes, sharedExtraBytes);
    } else {
      std::swap(regions, separate);
    }
  }
  buildProgram(regions, /*erase=*/true);
  // With two sharing modes in play, a superset may take either: only the
  // peaks' union is a constraint then (below).
  std::vector<OverPoint> points;
  bool overPoints = constraints && !extraYields;
  TimelineResult chosen =
      runTimeline(program, values.size() + extraBytes.size(), want, threshold,
                  overPoints ? &points : nullptr);
  BudgetOutcome outcome;
  outcome.peak = chosen.peak;
  for (const ModelRegion &r : regions)
    outcome.flops += r.flops;
  // Every op a region computes is computed again under any superset.
  std::vector<uint8_t> &seen = inChain;
  for (const ModelRegion &r : regions)
    for (uint32_t op : r.chain)
      if (!seen[op]) {
        seen[op] = 1;
        outcome.distinctFlops += ops[op].flops;
      }
  for (const ModelRegion &r : regions)
    for (uint32_t op : r.chain)
      seen[op] = 0;
  // Per unmarked candidate, the bytes of the distinct buffers its results
  // keep alive among `live` (several lists: the largest sum of one list).
  auto freeable = [&](ArrayRef<ArrayRef<LiveValue>> lists,
                      SmallVectorImpl<unsigned> &candidates,
                      SmallVectorImpl<int64_t> &bytes) {
    SmallVector<std::pair<unsigned, int64_t>> found;
    for (ArrayRef<LiveValue> list : lists) {
      SmallVector<std::tuple<unsigned, uint32_t, int64_t>> perBuffer;
      for (LiveValue lv : list)
        if (int32_t c = unmarkedCandidate(lv.value); c != kNone)
          perBuffer.push_back({unsigned(c), lv.buffer, lv.bytes});
      llvm::sort(perBuffer);
      perBuffer.erase(std::unique(perBuffer.begin(), perBuffer.end()),
                      perBuffer.end());
      size_t begin = found.size();
      for (auto [c, buffer, b] : perBuffer) {
        if (found.size() > begin && found.back().first == c)
          found.back().second += b;
        else
          found.push_back({c, b});
      }
    }
    llvm::sort(found, [](auto x, auto y) {
      return x.first < y.first || (x.first == y.first && x.second > y.second);
    });
    candidates.clear();
    bytes.clear();
    for (auto [c, b] : found) {
      if (!candidates.empty() && candidates.back() == c)
        continue;
      candidates.push_back(c);
      bytes.push_back(b);
    }
  };
  if (relevant)
    freeable({live, otherLive}, *relevant, relevantBytes);
  if (constraints) {
    constraints->clear();
    if (overPoints) {
      for (const OverPoint &p : points) {
        BudgetConstraint c;
        c.excess = p.excess;
        freeable({ArrayRef(timeline.overLive).slice(p.begin, p.end - p.begin)},
                 c.candidates, c.bytes);
        // Neighbouring steps often name the same buffers: the largest
        // excess of the same row is the only one that counts.
        auto same = llvm::find_if(*constraints, [&](const BudgetConstraint &d) {
          return d.candidates == c.candidates && d.bytes == c.bytes;
        });
        if (same == constraints->end())
          constraints->push_back(std::move(c));
        else
          same->excess = std::max(same->excess, c.excess);
      }
    } else if (outcome.peak > threshold) {
      BudgetConstraint &c = constraints->emplace_back();
      c.excess = outcome.peak - threshold;
      c.candidates.assign(relevant->begin(), relevant->end());
      c.bytes.assign(relevantBytes.begin(), relevantBytes.end());
    }
  }
  return outcome;
}
