//===- Mark.cpp - decide what to save and what to recompute ---------------===//
//
// Each policy turns a training graph into per-op decisions, written as
// `remat.policy` attributes that -remat-materialize acts on. User-written
// `remat.policy` attributes are overrides in every policy. Whatever the
// policy, an op that is not recomputable (memory effects, unknown effects,
// no cost model) is saved: the RNG-replay class of bugs, where recomputing a
// stateful random op silently changes the gradients, cannot happen.
//
// Selective policy, as a min-cut (the formulation of PyTorch's partitioner):
// every forward value v becomes an edge v_in -> v_out whose capacity is the
// cost of saving v. Data dependences u_out -> v_in, requirements
// v_out -> sink (v is read by backward) and bans source -> v_in (v cannot be
// recomputed) are infinite. A cut then separates values computed in forward
// only (source side) from values recomputed in backward (sink side), and
// the cut edges v_in -> v_out are exactly the saved values. Capacities are
// bytes * W, and a recomputable value also gets source -> v_in = its FLOPs,
// with W larger than all FLOPs together: the cut minimises saved bytes
// first and recompute FLOPs second.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/MinCut.h"
#include "remat/Analysis/TrainingGraph.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Analysis/MemoryReport.h"
#include "remat/Analysis/MemoryTimeline.h"
#include "remat/Transforms/BudgetModel.h"
#include "remat/Transforms/Passes.h"
#include "remat/Transforms/Rematerialize.h"
#include "OutputFile.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ToolOutputFile.h"

#include <cmath>
#include <limits>

namespace mlir::remat {
#define GEN_PASS_DEF_REMATMARK
#define GEN_PASS_DEF_REMATPARETO
#include "remat/Transforms/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

int64_t mlir::remat::BudgetSpec::resolve(int64_t peak) const {
  return isFraction ? static_cast<int64_t>(value * static_cast<double>(peak))
                    : static_cast<int64_t>(value);
}

std::optional<BudgetSpec> mlir::remat::parseBudget(StringRef text) {
  text = text.trim();
  static const std::pair<const char *, double> units[] = {
      {"KiB", 1024.0},         {"MiB", 1024.0 * 1024},
      {"GiB", 1024.0 * 1024 * 1024}, {"TiB", 1024.0 * 1024 * 1024 * 1024},
      {"KB", 1e3},             {"MB", 1e6},
      {"GB", 1e9},             {"TB", 1e12},
      {"B", 1.0}};
  double scale = 0;
  for (auto [suffix, factor] : units)
    if (text.consume_back(suffix)) {
      scale = factor;
      break;
    }
  double number;
  if (text.trim().getAsDouble(number) || !(number >= 0) || std::isinf(number))
    return std::nullopt;
  BudgetSpec spec;
  if (scale) {
    spec.value = number * scale;
  } else if (text.contains('.') || text.contains('e')) {
    // A plain non-integer is a fraction of the unrematerialized peak.
    if (!(number > 0 && number <= 1))
      return std::nullopt;
    spec.isFraction = true;
    spec.value = number;
  } else {
    spec.value = number;
  }
  if (!spec.isFraction && spec.value > 9.0e18)
    return std::nullopt;
  return spec;
}

static bool isKnownSolver(StringRef solver) {
  return solver == "auto" || solver == "exact" || solver == "fast";
}

std::optional<std::string>
mlir::remat::validateMarkOptions(StringRef policy, double flopsPerByte,
                                 StringRef segments, StringRef group,
                                 unsigned every, StringRef budget,
                                 StringRef solver, double maxRecompute,
                                 double maxGrowth) {
  std::string prefix = "remat: ";
  if (policy != "peak" && policy != "none" && policy != "manual" &&
      policy != "selective" && policy != "segments" && policy != "budget")
    return prefix + "unknown policy '" + policy.str() +
           "'; accepted policies: peak, none, manual, selective, segments, "
           "budget";
  if (!(maxRecompute >= 0) || std::isinf(maxRecompute))
    return prefix + "max-recompute must be a finite fraction >= 0, got " +
           std::to_string(maxRecompute);
  if (!(maxGrowth >= 1) || std::isinf(maxGrowth))
    return prefix + "max-growth must be a finite number >= 1, got " +
           std::to_string(maxGrowth);
  if (policy != "peak" && (maxRecompute != kDefaultMaxRecompute ||
                           maxGrowth != kDefaultMaxGrowth))
    return prefix + "max-recompute= and max-growth= apply only to policy=peak";
  if (!(flopsPerByte >= 0) || std::isinf(flopsPerByte))
    return prefix + "flops-per-byte must be a finite number >= 0, got " +
           std::to_string(flopsPerByte);
  if (every == 0)
    return prefix + "every must be at least 1";
  if (!segments.empty()) {
    unsigned n = 0;
    if (segments != "sqrt" && (segments.getAsInteger(10, n) || n == 0))
      return prefix + "segments must be a positive number or 'sqrt', got '" +
             segments.str() + "'";
  }
  if (!group.empty()) {
    llvm::Regex regex(group);
    std::string error;
    if (!regex.isValid(error))
      return prefix + "invalid group regex '" + group.str() + "': " + error;
  }
  if (policy == "segments" && segments.empty() == group.empty())
    return prefix + "policy 'segments' needs exactly one of segments=N|sqrt "
                    "and group=REGEX";
  if (policy != "segments" && (!segments.empty() || !group.empty()))
    return prefix + "segments= and group= apply only to policy=segments";
  if (policy == "budget" && budget.empty())
    return prefix + "policy 'budget' needs budget=SIZE: bytes (12000, 16MiB, "
                    "2.5GiB) or a fraction of the unrematerialized peak (0.5)";
  if (policy != "budget" && !budget.empty())
    return prefix + "budget= applies only to policy=budget";
  if (!budget.empty() && !parseBudget(budget))
    return prefix + "invalid budget '" + budget.str() +
           "': expected bytes (12000, 16MiB, 2.5GiB) or a fraction in "
           "(0, 1] of the unrematerialized peak (0.5)";
  if (!isKnownSolver(solver))
    return prefix + "unknown solver '" + solver.str() +
           "'; accepted: auto, exact, fast";
  return std::nullopt;
}

/// Why `op` cannot be recomputed, or null if it can.
static const char *whyNotRecomputable(Operation *op) {
  if (!op->isRegistered())
    return "it is an unregistered op with unknown effects";
  if (!isMemoryEffectFree(op))
    return "it has memory effects";
  if (!hasCostModel(op))
    return "it has no cost model";
  if (!isRecomputable(op))
    return "its cost model says it is not recomputable";
  return nullptr;
}

/// Forward ops may be recomputed only if the op allows it; a user's
/// "recompute" on an op that does not is turned into "save", loudly.
static void demoteUnrecomputableOverrides(const TrainingGraph &graph) {
  MLIRContext *ctx = graph.getFunction()->getContext();
  for (Operation *op : graph.getOps()) {
    if (graph.isBackward(op) || getPolicy(op) != Policy::Recompute)
      continue;
    if (const char *why = whyNotRecomputable(op)) {
      op->emitWarning() << "cannot be recomputed because " << why
                        << "; saving it instead of 'remat.policy = "
                        << "\"recompute\"'";
      op->setAttr(RematDialect::kPolicyAttrName,
                  StringAttr::get(ctx, "save"));
    }
  }
}

/// Leaves (constants, tensor.empty) cost nothing to recompute and are
/// cloned wherever needed; no decision is recorded for them.
static bool isLeaf(Operation *op) {
  return op->getNumOperands() == 0 && op->getNumRegions() == 0;
}

/// Forward tensors read by a backward op (the terminator excluded).
/// Scalars cost nothing to keep.
static llvm::SetVector<Value> getRequiredValues(const TrainingGraph &graph) {
  llvm::SetVector<Value> required;
  for (Operation *op : graph.getOps()) {
    if (!graph.isBackward(op) || op->hasTrait<OpTrait::IsTerminator>())
      continue;
    for (Value input : getOpInputs(op)) {
      Operation *def = input.getDefiningOp();
      if (def && def->getBlock() == &graph.getBody() &&
          !graph.isBackward(def) && isa<RankedTensorType>(input.getType()))
        required.insert(input);
    }
  }
  return required;
}

using Decisions = DenseMap<Operation *, Policy>;

/// FLOPs per byte of tensor output, the quantity the selective threshold
/// compares; none for an op without tensor output.
static std::optional<double> flopsPerOutputByte(Operation *op) {
  int64_t bytesOut = 0;
  for (Type type : op->getResultTypes())
    bytesOut += getTensorBytes(type);
  if (bytesOut <= 0)
    return std::nullopt;
  return double(getOpCost(op).flops) / double(bytesOut);
}

static void selectiveDecisions(const TrainingGraph &graph, double flopsPerByte,
                               Decisions &decisions) {
  using Capacity = MinCut::Capacity;
  MinCut cut(2);
  const unsigned source = 0, sink = 1;
  struct Nodes {
    unsigned in, out;
  };
  DenseMap<Value, Nodes> nodes;
  auto addValue = [&](Value value) {
    Nodes n{cut.addNode(), cut.addNode()};
    nodes[value] = n;
    return n;
  };

  // Which ops may be recomputed, and the FLOPs weight W.
  DenseMap<Operation *, bool> canRecompute;
  Capacity totalFlops = 0;
  for (Operation *op : graph.getOps()) {
    if (graph.isBackward(op))
      continue;
    bool ok = !whyNotRecomputable(op) && getPolicy(op) != Policy::Save;
    OpCost cost = getOpCost(op);
    // An op that does much work per byte it produces (a large GEMM) is
    // cheaper to keep than to redo.
    if (ok && cost.flops > 0 && getPolicy(op) != Policy::Recompute) {
      std::optional<double> ratio = flopsPerOutputByte(op);
      ok = ratio && *ratio < flopsPerByte;
    }
    canRecompute[op] = ok;
    if (ok)
      totalFlops += cost.flops;
  }
  Capacity weight = totalFlops + 1;

  for (BlockArgument arg : graph.getBody().getArguments()) {
    // Arguments are always available: free to "save".
    Nodes n = addValue(arg);
    cut.addEdge(source, n.in, MinCut::kInfinity);
    cut.addEdge(n.in, n.out, 0);
  }
  llvm::SetVector<Value> required = getRequiredValues(graph);
  for (Operation *op : graph.getOps()) {
    if (graph.isBackward(op))
      continue;
    bool recomputable = canRecompute.lookup(op);
    bool mustRecompute = recomputable && getPolicy(op) == Policy::Recompute;
    bool constant = op->hasTrait<OpTrait::ConstantLike>();
    int64_t flops = getOpCost(op).flops;
    SmallVector<Value> inputs = getOpInputs(op);
    for (Value result : op->getResults()) {
      Nodes n = addValue(result);
      Capacity saveCost =
          mustRecompute ? MinCut::kInfinity
                        : Capacity(constant ? 0 : getTensorBytes(
                                                      result.getType())) *
                              weight;
      cut.addEdge(n.in, n.out, saveCost);
      cut.addEdge(source, n.in,
                  recomputable ? Capacity(flops) : MinCut::kInfinity);
      for (Value input : inputs) {
        auto it = nodes.find(input);
        if (it != nodes.end())
          cut.addEdge(it->second.out, n.in, MinCut::kInfinity);
      }
      if (required.contains(result))
        cut.addEdge(n.out, sink, MinCut::kInfinity);
    }
  }
  cut.solve(source, sink);

  // Walk back from what backward reads: a value whose in-node is on the
  // sink side is recomputed (and so are the values it needs); otherwise it
  // is saved.
  SmallVector<Value> worklist(required.begin(), required.end());
  DenseSet<Value> visited;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!visited.insert(value).second || isa<BlockArgument>(value))
      continue;
    Operation *def = value.getDefiningOp();
    if (cut.isOnSourceSide(nodes.lookup(value).in)) {
      if (!isLeaf(def))
        decisions.try_emplace(def, Policy::Save);
      continue;
    }
    if (!isLeaf(def))
      decisions[def] = Policy::Recompute;
    for (Value input : getOpInputs(def))
      if (nodes.count(input))
        worklist.push_back(input);
  }
}

/// All names in a location: NameLocs anywhere in fused or call-site trees.
static void collectLocationNames(Location loc,
                                 SmallVectorImpl<StringRef> &names) {
  if (auto name = dyn_cast<NameLoc>(loc)) {
    names.push_back(name.getName().getValue());
    collectLocationNames(name.getChildLoc(), names);
  } else if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location inner : fused.getLocations())
      collectLocationNames(inner, names);
  } else if (auto callsite = dyn_cast<CallSiteLoc>(loc)) {
    collectLocationNames(callsite.getCallee(), names);
    collectLocationNames(callsite.getCaller(), names);
  }
}

static void segmentDecisions(const TrainingGraph &graph, StringRef segments,
                             StringRef group, unsigned every,
                             Decisions &decisions) {
  SmallVector<Operation *> forward;
  for (Operation *op : graph.getOps())
    if (!graph.isBackward(op))
      forward.push_back(op);
  if (forward.empty())
    return;

  // Segment (or group) index per forward op; -1: in no group.
  DenseMap<Operation *, int64_t> segmentOf;
  if (!group.empty()) {
    llvm::Regex regex(group);
    llvm::StringMap<int64_t> groupIds;
    // Groups partition the forward pass as written: an op placed after the
    // backward pass has started (seed-independent, e.g. a layer norm's
    // normalized input rebuilt inside its gradient, named after the layer's
    // gradient) belongs to no group, whatever its name.
    DenseSet<Operation *> late;
    bool backwardStarted = false;
    for (Operation *op : graph.getOps()) {
      // The backward pass starts at the first op reading a gradient (not at
      // a backward-only constant hoisted above the forward ops).
      backwardStarted |=
          graph.isBackward(op) &&
          llvm::any_of(op->getOperands(), [&](Value v) {
            return graph.isBackwardValue(v);
          });
      if (backwardStarted && !graph.isBackward(op))
        late.insert(op);
    }
    for (Operation *op : forward) {
      if (late.contains(op))
        continue;
      SmallVector<StringRef> names;
      collectLocationNames(op->getLoc(), names);
      for (StringRef name : names) {
        SmallVector<StringRef> matches;
        if (!regex.match(name, &matches))
          continue;
        auto [it, inserted] = groupIds.try_emplace(matches[0], groupIds.size());
        segmentOf[op] = it->second;
        break;
      }
    }
  } else {
    size_t count = 0;
    if (segments == "sqrt")
      count = std::max<size_t>(
          1, std::llround(std::sqrt(static_cast<double>(forward.size()))));
    else
      segments.getAsInteger(10, count);
    count = std::min(count, forward.size());
    // Equal FLOPs per segment (equal op counts when nothing costs FLOPs).
    SmallVector<double> weights;
    double total = 0;
    for (Operation *op : forward) {
      weights.push_back(static_cast<double>(getOpCost(op).flops));
      total += weights.back();
    }
    if (total == 0) {
      llvm::fill(weights, 1.0);
      total = forward.size();
    }
    double running = 0;
    for (auto [op, w] : llvm::zip(forward, weights)) {
      // An op belongs to the segment its FLOPs' midpoint falls into.
      double mid = running + w / 2;
      segmentOf[op] = std::min<int64_t>(count - 1, mid * count / total);
      running += w;
    }
  }

  for (Operation *op : forward) {
    auto it = segmentOf.find(op);
    if (it == segmentOf.end() || it->second % every != 0)
      continue;
    int64_t segment = it->second;
    // A value used by a forward op outside its segment is a segment
    // output: the next segment starts from it, so it is saved.
    bool isOutput = llvm::any_of(op->getUsers(), [&](Operation *user) {
      Operation *top = graph.getTopLevelOp(user);
      if (graph.isBackward(top))
        return false;
      auto other = segmentOf.find(top);
      return other == segmentOf.end() || other->second != segment;
    });
    if (!isLeaf(op))
      decisions[op] = (isOutput || whyNotRecomputable(op)) ? Policy::Save
                                                           : Policy::Recompute;
  }
}

/// The marks a decision leads to: user overrides win.
static std::optional<Policy> finalPolicy(Operation *op,
                                         const Decisions &decisions) {
  if (std::optional<Policy> user = getPolicy(op))
    return user;
  auto it = decisions.find(op);
  if (it == decisions.end())
    return std::nullopt;
  return it->second;
}

static void writeMarks(ArrayRef<Operation *> ops, const Decisions &decisions,
                       ArrayRef<Operation *> targets) {
  for (auto [op, target] : llvm::zip(ops, targets))
    if (std::optional<Policy> final = finalPolicy(op, decisions))
      target->setAttr(RematDialect::kPolicyAttrName,
                      StringAttr::get(target->getContext(),
                                      *final == Policy::Save ? "save"
                                                             : "recompute"));
}

namespace {
/// What a decision gives after the rest of the pipeline.
struct Evaluation {
  int64_t peak = 0;
  int64_t flops = 0;
  Decisions decisions;
  /// Whether `peak` was measured with the real pipeline (else: predicted
  /// by the model, an upper bound).
  bool measured = true;
  /// Measured only: ops cloned into recomputations.
  int64_t clonedOps = 0;
};
} // namespace

/// Runs materialize and schedule on a copy of the function marked with
/// `decisions` and measures the peak and the recompute FLOPs: the real
/// outcome of the decision, not an estimate.
static Evaluation evaluate(const TrainingGraph &graph, Decisions decisions) {
  SmallVector<Operation *> recompute;
  for (Operation *op : graph.getOps())
    if (finalPolicy(op, decisions) == Policy::Recompute && !getPolicy(op))
      recompute.push_back(op);
  BudgetOutcome outcome = measureBudgetDecision(graph, recompute);
  return Evaluation{outcome.peak, outcome.flops, std::move(decisions),
                    /*measured=*/true, outcome.clonedOps};
}

SmallVector<Operation *>
mlir::remat::getBudgetCandidates(const TrainingGraph &graph) {
  DenseSet<Operation *> cone;
  SmallVector<Value> worklist(getRequiredValues(graph).takeVector());
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
    if (cone.contains(op) && !isLeaf(op) && !whyNotRecomputable(op) &&
        !getPolicy(op))
      candidates.push_back(op);
  return candidates;
}

/// The decisions of a set of candidates: those in `recompute` recomputed,
/// the others saved.
static Decisions toDecisions(const BudgetModel &model,
                             const llvm::BitVector &recompute) {
  Decisions decisions;
  for (unsigned i = 0; i < model.getNumCandidates(); ++i)
    decisions[model.getCandidate(i)] =
        recompute.test(i) ? Policy::Recompute : Policy::Save;
  return decisions;
}

/// Functions with at most this many top-level ops have every member of the
/// fast solver's family measured with the real pipeline (at most
/// kMeasuredMembers of them); larger ones are chosen on the model and only
/// the choice is measured.
static constexpr unsigned kMeasuredOps = 2000;
static constexpr size_t kMeasuredMembers = 64;

/// The time one pipeline evaluation (materialize, schedule, timeline) is
/// estimated to take, per top-level op: about 22-36 us on the reference
/// machine (2 cores, 2026-11-29; docs/Budget.md). `time-limit` is turned
/// into counts of evaluations with this fixed rate, not with a clock, so
/// that the same graph, options and budget get the same decisions on every
/// machine and under any load (a budget sweep stays monotone); the real
/// time scales with the machine's speed.
static constexpr double kSecondsPerOpEvaluation = 30e-6;

/// The error for a negative (or NaN) `time-limit` of pass `pass`, if any.
static std::optional<std::string> checkTimeLimit(StringRef pass,
                                                 double timeLimit) {
  if (timeLimit >= 0)
    return std::nullopt;
  return (pass + ": time-limit must be >= 0 seconds, got " +
          llvm::formatv("{0}", timeLimit).str())
      .str();
}

/// How many runs over `ops` top-level ops, each estimated at `secondsPerOp`
/// per op, fit in `timeLimit` seconds (no limit when it is 0).
static uint64_t runsWithin(size_t ops, double timeLimit, double secondsPerOp) {
  if (timeLimit <= 0)
    return std::numeric_limits<uint64_t>::max();
  return static_cast<uint64_t>(timeLimit /
                               (std::max<size_t>(ops, 1) * secondsPerOp));
}

/// How many pipeline evaluations of `graph` fit in `timeLimit` seconds.
static size_t evaluationsWithin(const TrainingGraph &graph, double timeLimit) {
  return std::min<uint64_t>(
      runsWithin(graph.getOps().size(), timeLimit, kSecondsPerOpEvaluation),
      std::numeric_limits<size_t>::max());
}

/// The k-th of `count` picks spread evenly over `size` items, both ends
/// kept (k < count <= size).
static size_t spreadIndex(size_t k, size_t count, size_t size) {
  return count == size || count < 2 ? k : k * (size - 1) / (count - 1);
}

/// On small functions, a greedy path measured with the real pipeline (the
/// model leaves out the schedule, which can make other decisions pay off):
/// from nothing recomputed, add the candidate that lowers the measured peak
/// most per added FLOP, until none does or `maxEvaluations` ran out.
static void measuredGreedy(const TrainingGraph &graph,
                           ArrayRef<Operation *> candidates,
                           size_t maxEvaluations,
                           std::vector<Evaluation> &family) {
  size_t evaluations = 0;
  Evaluation last = evaluate(graph, Decisions());
  DenseSet<Operation *> taken;
  while (evaluations < maxEvaluations) {
    std::optional<Evaluation> bestStep;
    Operation *bestOp = nullptr;
    double bestScore = 0;
    for (Operation *op : candidates) {
      if (taken.contains(op) || evaluations >= maxEvaluations)
        continue;
      Decisions trial = last.decisions;
      trial[op] = Policy::Recompute;
      Evaluation e = evaluate(graph, std::move(trial));
      ++evaluations;
      if (e.peak >= last.peak)
        continue;
      double score = double(last.peak - e.peak) /
                     double(std::max<int64_t>(e.flops - last.flops, 0) + 1);
      if (!bestStep || score > bestScore) {
        bestScore = score;
        bestStep = std::move(e);
        bestOp = op;
      }
    }
    if (!bestStep)
      break;
    taken.insert(bestOp);
    last = *bestStep;
    family.push_back(std::move(*bestStep));
  }
}

/// Functions with at most this many top-level ops also get the measured
/// greedy path, with at most kMeasuredGreedyEvaluations pipeline runs.
static constexpr unsigned kMeasuredGreedyOps = 400;
static constexpr size_t kMeasuredGreedyEvaluations = 400;

/// How the budget solver searches.
enum class BudgetSolver {
  /// Every subset of the candidates, measured with the real pipeline.
  Exhaustive,
  /// The model's exact frontier by branch and bound (budgetFrontier), every
  /// member measured.
  Frontier,
  /// The fast solver's family (fastBudgetFamily).
  Fast,
};

/// The exhaustive search when there are at most `exactLimit` candidates and
/// their 2^k pipeline runs fit `timeLimit` (estimated at the fixed rate
/// above); otherwise `exact` takes the branch and bound over the model and
/// `auto` the fast solver.
static BudgetSolver chooseSolver(const TrainingGraph &graph, StringRef solver,
                                 unsigned exactLimit, double timeLimit) {
  if (solver == "fast")
    return BudgetSolver::Fast;
  size_t candidates = getBudgetCandidates(graph).size();
  if (candidates <= std::min(exactLimit, 16u) &&
      (uint64_t(1) << candidates) <= evaluationsWithin(graph, timeLimit))
    return BudgetSolver::Exhaustive;
  return solver == "exact" ? BudgetSolver::Frontier : BudgetSolver::Fast;
}

/// The time one model evaluation of the branch and bound is estimated to
/// take, per top-level op (0.21-0.24 us measured on the reference machine,
/// 2026-11-29, on random graphs of 152 and 170 ops; docs/Budget.md). Like
/// kSecondsPerOpEvaluation, a fixed rate: the same search everywhere.
static constexpr double kSecondsPerOpModelNode = 0.25e-6;

/// The exact solver beyond the exhaustive search: the model's frontier
/// from the unrematerialized peak down to the first member whose predicted
/// peak fits `stopAt` (all of it for the Pareto curve), by branch and bound
/// started from the fast family; every member measured. The members do
/// not depend on `stopAt` other than by where they end, so the choice
/// stays monotone in the budget. Fails, with a diagnostic, when a search
/// does not finish within `timeLimit`.
static FailureOr<std::vector<Evaluation>>
exactFrontier(const TrainingGraph &graph, const BudgetModel &model,
              ArrayRef<ModelDecision> incumbents, double timeLimit,
              int64_t stopAt) {
  uint64_t nodes =
      runsWithin(model.getNumOps(), timeLimit, kSecondsPerOpModelNode);
  FrontierResult frontier = budgetFrontier(model, incumbents, stopAt, nodes);
  if (!frontier.complete)
    return graph.getFunction()->emitError()
           << "remat: the exact solver did not finish within time-limit="
           << llvm::formatv("{0}", timeLimit).str() << " (" << frontier.nodes
           << " branch-and-bound nodes over " << model.getNumCandidates()
           << " candidate ops); raise time-limit or use solver=fast";
  // The fast family too (it does not depend on the budget either): its
  // members can tie a frontier member's FLOPs at a lower measured peak, or
  // fit by measurement where the model predicted more. The frontier often
  // holds the same decisions: each is measured once.
  std::vector<llvm::BitVector> measured;
  std::vector<Evaluation> family;
  auto measure = [&](const llvm::BitVector &recompute) {
    if (llvm::is_contained(measured, recompute))
      return;
    measured.push_back(recompute);
    family.push_back(evaluate(graph, toDecisions(model, recompute)));
  };
  for (const ModelDecision &member : frontier.members)
    measure(member.recompute);
  size_t count = std::min(incumbents.size(), kMeasuredMembers);
  for (size_t k = 0; k < count; ++k)
    measure(incumbents[spreadIndex(k, count, incumbents.size())].recompute);
  return family;
}

/// The selective min-cut at up to `maxPoints` FLOPs-per-byte thresholds
/// (every one that changes what may be recomputed, evenly spread, 0 and
/// the largest kept), as sets of `candidates` recomputed.
static std::vector<llvm::BitVector>
selectiveCutPoints(const TrainingGraph &graph, ArrayRef<Operation *> candidates,
                   size_t maxPoints) {
  DenseMap<Operation *, unsigned> index;
  for (auto [i, op] : llvm::enumerate(candidates))
    index[op] = i;
  SmallVector<double> thresholds{0.0};
  for (Operation *op : candidates)
    if (std::optional<double> ratio = flopsPerOutputByte(op))
      thresholds.push_back(std::nextafter(*ratio, HUGE_VAL));
  llvm::sort(thresholds);
  thresholds.erase(std::unique(thresholds.begin(), thresholds.end()),
                   thresholds.end());
  std::vector<llvm::BitVector> points;
  size_t count = std::min(maxPoints, thresholds.size());
  for (size_t k = 0; k < count; ++k) {
    Decisions decisions;
    selectiveDecisions(graph, thresholds[spreadIndex(k, count, thresholds.size())],
                       decisions);
    llvm::BitVector set(candidates.size());
    for (auto [op, policy] : decisions)
      if (policy == Policy::Recompute)
        if (auto it = index.find(op); it != index.end())
          set.set(it->second);
    points.push_back(std::move(set));
  }
  return points;
}

/// The decisions the budget solver chooses among, the same for every
/// budget (the frontier: the same up to where `stopAt` ends it). Exhaustive:
/// every subset of the candidates, measured. Frontier: exactFrontier. Fast: the
/// model's family (greedy path refined, selective min-cut at every
/// FLOPs-per-byte threshold that changes what may be recomputed), measured
/// when `measure` or the function is small enough, else as predicted.
/// `timeLimit` (seconds, 0: none) caps the fast solver's pipeline
/// evaluations: the measured greedy path first, then the measured members;
/// when fewer than two members can be measured, the family stays as
/// predicted and only the choice is measured.
static FailureOr<std::vector<Evaluation>>
budgetFamily(const TrainingGraph &graph, BudgetSolver solver, bool measure,
             double timeLimit, int64_t stopAt) {
  std::vector<Evaluation> family;
  SmallVector<Operation *> candidates = getBudgetCandidates(graph);
  if (solver == BudgetSolver::Exhaustive) {
    for (uint64_t mask = 0; mask < (uint64_t(1) << candidates.size()); ++mask) {
      Decisions decisions;
      for (auto [i, op] : llvm::enumerate(candidates))
        decisions[op] = (mask >> i) & 1 ? Policy::Recompute : Policy::Save;
      family.push_back(evaluate(graph, std::move(decisions)));
    }
    return family;
  }
  BudgetModel model(graph, candidates);
  // At most 48 thresholds, evenly spread, the largest (everything) kept.
  std::vector<llvm::BitVector> extra =
      selectiveCutPoints(graph, candidates, /*maxPoints=*/48);
  std::vector<ModelDecision> members = fastBudgetFamily(model, extra);
  if (solver == BudgetSolver::Frontier)
    return exactFrontier(graph, model, members, timeLimit, stopAt);
  measure |= graph.getOps().size() <= kMeasuredOps;
  size_t affordable = evaluationsWithin(graph, timeLimit);
  if (graph.getOps().size() <= kMeasuredGreedyOps) {
    size_t greedy = std::min(kMeasuredGreedyEvaluations, affordable / 2);
    measuredGreedy(graph, candidates, greedy, family);
    affordable -= std::min(affordable, greedy);
  }
  // Measured: at most kMeasuredMembers (and what the time limit affords),
  // evenly spread over the family (ordered by FLOPs), both ends kept.
  // (A family of one member is measured whole when the limit affords it.)
  if (measure && affordable < std::min<size_t>(members.size(), 2)) {
    measure = false;
    family.clear(); // all of the family as predicted
  }
  size_t count = measure ? std::min({members.size(), kMeasuredMembers,
                                     affordable})
                         : members.size();
  for (size_t k = 0; k < count; ++k) {
    size_t at = spreadIndex(k, count, members.size());
    Decisions decisions = toDecisions(model, members[at].recompute);
    if (measure) {
      family.push_back(evaluate(graph, std::move(decisions)));
    } else {
      family.push_back(Evaluation{members[at].outcome.peak,
                                  members[at].outcome.flops,
                                  std::move(decisions), /*measured=*/false});
    }
  }
  return family;
}

/// The decision with the fewest recompute FLOPs whose peak fits `budget`
/// (ties: the lower peak, then the first found). Choosing this way over a
/// fixed family makes the result monotone in the budget: a smaller budget
/// never gets a higher peak nor fewer FLOPs. Fails with the smallest peak
/// reachable if nothing fits.
static FailureOr<const Evaluation *>
chooseForBudget(const std::vector<Evaluation> &family, int64_t budget,
                int64_t &smallestPeak) {
  const Evaluation *best = nullptr;
  smallestPeak = std::numeric_limits<int64_t>::max();
  for (const Evaluation &e : family) {
    smallestPeak = std::min(smallestPeak, e.peak);
    if (e.peak > budget)
      continue;
    if (!best || e.flops < best->flops ||
        (e.flops == best->flops && e.peak < best->peak))
      best = &e;
  }
  if (!best)
    return failure();
  return best;
}

/// On a family chosen on the model: measures the choice for `budget` with
/// the real pipeline, and if it misses (the model is an upper bound, so it
/// should not), moves on to the members with more recomputation, at most
/// kRepairs more measurements. Fails with the smallest measured peak.
static FailureOr<Evaluation> chooseAndCheck(const TrainingGraph &graph,
                                            std::vector<Evaluation> &family,
                                            int64_t budget,
                                            int64_t &smallestPeak) {
  const unsigned kRepairs = 8;
  FailureOr<const Evaluation *> choice =
      chooseForBudget(family, budget, smallestPeak);
  if (failed(choice)) {
    // Nothing fits by prediction; the member with the most recomputation
    // may still fit by measurement (the model is an upper bound). Else
    // state the smallest peak measured, not predicted.
    Evaluation last = evaluate(graph, family.back().decisions);
    smallestPeak = last.peak;
    if (last.peak <= budget)
      return last;
    return failure();
  }
  // The family is ordered by FLOPs (and so by decreasing predicted peak).
  size_t at = *choice - family.data();
  for (unsigned tries = 0; at < family.size() && tries <= kRepairs;
       ++at, ++tries) {
    Evaluation measured = evaluate(graph, family[at].decisions);
    smallestPeak = std::min(smallestPeak, measured.peak);
    if (measured.peak <= budget)
      return measured;
  }
  return failure();
}

//===----------------------------------------------------------------------===//
// The default policy: the lowest peak within a cost cap
//===----------------------------------------------------------------------===//

/// GEMMs and convolutions: each output element sums over a reduction
/// dimension of two operands. Their recomputation costs a large share of
/// the step; the default policy leaves them to budgets and users.
static bool isContractionLike(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp)
    return false;
  if (linalg::isaContractionOpInterface(linalgOp) ||
      linalg::isaConvolutionOpInterface(linalgOp))
    return true;
  // A generic with a reduction over two or more inputs (an einsum, a
  // hand-written matmul) is one too.
  return linalgOp.getNumReductionLoops() > 0 &&
         linalgOp.getNumDpsInputs() >= 2;
}

/// On graphs with more top-level ops than this, the peak policy measures
/// at most kPeakLargeMeasurements choices with the real pipeline (each
/// measurement is a materialize and schedule of the whole function).
static constexpr unsigned kPeakLargeOps = 2000;
static constexpr unsigned kPeakLargeMeasurements = 3;
static constexpr unsigned kPeakMeasurements = 16;

/// The default policy. Recomputation is spent only where it lowers the
/// step's peak: among decisions over the cheap ops (pure, not GEMMs or
/// convolutions, under `flops-per-byte`), the lowest peak after the whole
/// pipeline whose recompute FLOPs stay within `maxRecompute` of the step's
/// FLOPs and whose cloned ops grow the function at most `maxGrowth` times;
/// ties: the fewest FLOPs. Nothing is recomputed when no such decision
/// lowers the peak. The decisions searched are the budget solver's fast
/// family (a peak-directed greedy path, the selective min-cut at every
/// threshold up to `flops-per-byte`, each refined on the model), and the
/// choice is measured with the real pipeline: a decision that does not
/// lower the measured peak is never taken.
static void peakDecisions(const TrainingGraph &graph, double flopsPerByte,
                          double maxRecompute, double maxGrowth,
                          Decisions &decisions) {
  SmallVector<Operation *> candidates;
  for (Operation *op : getBudgetCandidates(graph)) {
    if (isContractionLike(op))
      continue;
    std::optional<double> ratio = flopsPerOutputByte(op);
    if (getOpCost(op).flops > 0 && (!ratio || *ratio >= flopsPerByte))
      continue;
    candidates.push_back(op);
  }
  if (candidates.empty())
    return;
  int64_t stepFlops = 0;
  for (Operation *op : graph.getOps())
    stepFlops += getOpCost(op).flops;
  int64_t flopsCap = int64_t(std::floor(maxRecompute * double(stepFlops)));
  int64_t numOps = 0;
  graph.getFunction()->walk([&](Operation *) { ++numOps; });
  int64_t cloneCap = int64_t(std::floor((maxGrowth - 1.0) * double(numOps)));

  BudgetModel model(graph, candidates);
  // The selective min-cut at up to 16 thresholds, as the budget solver
  // seeds its family.
  std::vector<llvm::BitVector> extra =
      selectiveCutPoints(graph, candidates, /*maxPoints=*/16);
  int64_t base = model.evaluate(llvm::BitVector(candidates.size())).peak;
  std::vector<ModelDecision> members = fastBudgetFamily(model, extra);
  // Lowest predicted peak first, then fewest FLOPs; only those within the
  // FLOPs cap that the model says lower the peak.
  std::vector<const ModelDecision *> order;
  for (const ModelDecision &member : members)
    if (member.outcome.peak < base && member.outcome.flops <= flopsCap)
      order.push_back(&member);
  llvm::stable_sort(order, [](const ModelDecision *a, const ModelDecision *b) {
    return std::make_pair(a->outcome.peak, a->outcome.flops) <
           std::make_pair(b->outcome.peak, b->outcome.flops);
  });
  // The unrematerialized peak as the pipeline measures it (the schedule can
  // lower it on its own; recomputation must beat that).
  int64_t measuredBase =
      measureBudgetDecision(graph, ArrayRef<Operation *>()).peak;
  unsigned budget = graph.getOps().size() > kPeakLargeOps
                        ? kPeakLargeMeasurements
                        : kPeakMeasurements;
  std::optional<Evaluation> best;
  for (const ModelDecision *member : order) {
    if (budget-- == 0)
      break;
    Evaluation e = evaluate(graph, toDecisions(model, member->recompute));
    if (e.peak >= measuredBase || e.flops > flopsCap || e.clonedOps > cloneCap)
      continue;
    if (!best || e.peak < best->peak ||
        (e.peak == best->peak && e.flops < best->flops))
      best = std::move(e);
  }
  if (!best)
    return;
  // Only the recomputations: the rest stays unmarked, as written.
  for (auto [op, policy] : best->decisions)
    if (policy == Policy::Recompute)
      decisions[op] = Policy::Recompute;
}

namespace {
struct RematMarkPass : public mlir::remat::impl::RematMarkBase<RematMarkPass> {
  using Base::Base;

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    if (failed(Base::initializeOptions(options, errorHandler)))
      return failure();
    if (std::optional<std::string> error =
            validateMarkOptions(policy, flopsPerByte, segments, group, every,
                                budget, solver, maxRecompute, maxGrowth))
      return errorHandler(*error);
    if (std::optional<std::string> error =
            checkTimeLimit("remat-mark", timeLimit))
      return errorHandler(*error);
    return success();
  }

  void runOnOperation() override {
    // Options set programmatically (the pipeline) are validated here.
    if (std::optional<std::string> error =
            validateMarkOptions(policy, flopsPerByte, segments, group, every,
                                budget, solver, maxRecompute, maxGrowth)) {
      emitError(getOperation()->getLoc()) << *error;
      return signalPassFailure();
    }
    if (std::optional<std::string> error =
            checkTimeLimit("remat-mark", timeLimit)) {
      emitError(getOperation()->getLoc()) << *error;
      return signalPassFailure();
    }
    if (policy == "none")
      return markAllAnalysesPreserved();

    bool budgetFailed = false;
    LogicalResult result =
        forEachTrainingGraph(getOperation(), [&](TrainingGraph &graph) {
          demoteUnrecomputableOverrides(graph);
          Decisions decisions;
          if (policy == "peak")
            peakDecisions(graph, flopsPerByte, maxRecompute, maxGrowth,
                          decisions);
          else if (policy == "selective")
            selectiveDecisions(graph, flopsPerByte, decisions);
          else if (policy == "segments")
            segmentDecisions(graph, segments, group, every, decisions);
          else if (policy == "budget" &&
                   failed(budgetDecisions(graph, decisions))) {
            budgetFailed = true;
            return;
          }
          // User overrides win over every policy's own decisions.
          writeMarks(graph.getOps(), decisions, graph.getOps());
          for (Operation *op : graph.getOps())
            if (std::optional<Policy> final = getPolicy(op))
              ++(*final == Policy::Save ? numSave : numRecompute);
        });
    if (failed(result) || budgetFailed)
      signalPassFailure();
  }

  LogicalResult budgetDecisions(const TrainingGraph &graph,
                                Decisions &decisions) {
    int64_t unrematerialized =
        MemoryTimeline::build(graph.getBody()).getPeakBytes();
    int64_t bytes = parseBudget(budget)->resolve(unrematerialized);
    FailureOr<std::vector<Evaluation>> solved =
        budgetFamily(graph, chooseSolver(graph, solver, exactLimit, timeLimit),
                     /*measure=*/false, timeLimit, /*stopAt=*/bytes);
    if (failed(solved))
      return failure();
    std::vector<Evaluation> &family = *solved;
    int64_t smallest;
    FailureOr<Evaluation> best = failure();
    if (!family.empty() && !family.front().measured) {
      best = chooseAndCheck(graph, family, bytes, smallest);
    } else if (FailureOr<const Evaluation *> choice =
                   chooseForBudget(family, bytes, smallest);
               succeeded(choice)) {
      best = **choice;
    }
    if (failed(best))
      return graph.getFunction()->emitError()
             << "remat-mark: budget of " << bytes << " bytes ("
             << formatBytes(bytes) << ") is below the smallest peak remat "
             << "reaches for this function: " << smallest << " bytes ("
             << formatBytes(smallest) << ")";
    decisions = best->decisions;
    return success();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// The Pareto curve
//===----------------------------------------------------------------------===//

namespace {
struct ParetoPoint {
  int64_t budget, peak, flops;
};

struct FunctionCurve {
  std::string name;
  int64_t unrematerialized;
  std::vector<ParetoPoint> points;
};
} // namespace

/// One point per distinct outcome of the budget policy, from the
/// unrematerialized peak down to the smallest reachable one.
static FailureOr<FunctionCurve> sweep(const TrainingGraph &graph,
                                      BudgetSolver solver, double timeLimit) {
  FunctionCurve curve;
  if (auto sym = graph.getFunction()->getAttrOfType<StringAttr>("sym_name"))
    curve.name = sym.getValue().str();
  curve.unrematerialized = MemoryTimeline::build(graph.getBody()).getPeakBytes();
  FailureOr<std::vector<Evaluation>> solved =
      budgetFamily(graph, solver, /*measure=*/true, timeLimit,
                   /*stopAt=*/std::numeric_limits<int64_t>::min());
  if (failed(solved))
    return failure();
  std::vector<Evaluation> &family = *solved;
  std::vector<int64_t> budgets{curve.unrematerialized};
  for (const Evaluation &e : family)
    if (e.peak <= curve.unrematerialized)
      budgets.push_back(e.peak);
  llvm::sort(budgets, std::greater<int64_t>());
  budgets.erase(std::unique(budgets.begin(), budgets.end()), budgets.end());
  for (int64_t budget : budgets) {
    int64_t smallest;
    FailureOr<const Evaluation *> best = chooseForBudget(family, budget, smallest);
    if (failed(best))
      break;
    if (!curve.points.empty() && curve.points.back().peak == (*best)->peak &&
        curve.points.back().flops == (*best)->flops)
      continue;
    curve.points.push_back({budget, (*best)->peak, (*best)->flops});
  }
  return curve;
}

static void writeCurveSVG(ArrayRef<FunctionCurve> curves, raw_ostream &os) {
  const double width = 700, height = 360, left = 90, right = 30, top = 40,
               bottom = 50;
  double plotW = width - left - right, plotH = height - top - bottom;
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width
     << "\" height=\"" << height * std::max<size_t>(curves.size(), 1)
     << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
     << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  for (auto [n, curve] : llvm::enumerate(curves)) {
    double y0 = n * height;
    int64_t maxPeak = std::max<int64_t>(curve.unrematerialized, 1);
    int64_t maxFlops = 1;
    for (const ParetoPoint &p : curve.points)
      maxFlops = std::max(maxFlops, p.flops);
    auto x = [&](double peak) { return left + plotW * peak / maxPeak; };
    auto y = [&](double flops) {
      return y0 + top + plotH * (1.0 - flops / maxFlops);
    };
    os << "<g class=\"curve\" id=\"" << curve.name << "\">\n"
       << "<text x=\"" << left << "\" y=\"" << y0 + 22
       << "\" font-size=\"15\" font-weight=\"bold\">@" << curve.name
       << ": recompute FLOPs against peak memory</text>\n"
       << "<line x1=\"" << left << "\" y1=\"" << y0 + top + plotH << "\" x2=\""
       << left + plotW << "\" y2=\"" << y0 + top + plotH
       << "\" stroke=\"black\"/>\n<line x1=\"" << left << "\" y1=\"" << y0 + top
       << "\" x2=\"" << left << "\" y2=\"" << y0 + top + plotH
       << "\" stroke=\"black\"/>\n";
    for (int tick = 0; tick <= 4; ++tick) {
      os << "<text x=\"" << x(maxPeak * tick / 4.0) << "\" y=\""
         << y0 + top + plotH + 16 << "\" text-anchor=\"middle\">"
         << formatBytes(static_cast<int64_t>(maxPeak * tick / 4.0)) << "</text>\n"
         << "<text x=\"" << left - 6 << "\" y=\"" << y(maxFlops * tick / 4.0) + 4
         << "\" text-anchor=\"end\">"
         << formatFlops(static_cast<int64_t>(maxFlops * tick / 4.0)) << "</text>\n";
    }
    os << "<text x=\"" << left + plotW / 2 << "\" y=\"" << y0 + height - 10
       << "\" text-anchor=\"middle\">peak bytes after the pipeline</text>\n"
       << "<polyline class=\"pareto\" fill=\"none\" stroke=\"#1f4e9c\" "
       << "stroke-width=\"1.5\" points=\"";
    for (const ParetoPoint &p : curve.points)
      os << x(p.peak) << "," << y(p.flops) << " ";
    os << "\"/>\n";
    for (const ParetoPoint &p : curve.points)
      os << "<circle class=\"point\" cx=\"" << x(p.peak) << "\" cy=\""
         << y(p.flops) << "\" r=\"3.5\" fill=\"#c0392b\"/>\n";
    os << "</g>\n";
  }
  os << "</svg>\n";
}

namespace {
struct RematParetoPass
    : public mlir::remat::impl::RematParetoBase<RematParetoPass> {
  using Base::Base;

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    if (failed(Base::initializeOptions(options, errorHandler)))
      return failure();
    if (file.empty())
      return errorHandler("remat-pareto: file=PATH is required");
    if (!format.empty() && format != "json" && format != "csv")
      return errorHandler("remat-pareto: unknown format '" + format +
                          "'; expected json or csv");
    if (!isKnownSolver(solver))
      return errorHandler("remat-pareto: unknown solver '" + solver +
                          "'; accepted: auto, exact, fast");
    if (std::optional<std::string> error =
            checkTimeLimit("remat-pareto", timeLimit))
      return errorHandler(*error);
    return success();
  }

  void runOnOperation() override {
    std::vector<FunctionCurve> curves;
    bool failedSolver = false;
    if (failed(forEachTrainingGraph(
            getOperation(),
            [&](TrainingGraph &graph) {
              FailureOr<FunctionCurve> curve = sweep(
                  graph, chooseSolver(graph, solver, exactLimit, timeLimit),
                  timeLimit);
              if (failed(curve)) {
                failedSolver = true;
                return;
              }
              curves.push_back(std::move(*curve));
            })) ||
        failedSolver)
      return signalPassFailure();

    bool csv = format == "csv" ||
               (format.empty() && StringRef(file).ends_with(".csv"));
    LogicalResult written = writeOutputFile(getOperation(), "remat-pareto", file, [&](raw_ostream &os) {
      if (csv) {
        os << "function,budget_bytes,peak_bytes,recompute_flops\n";
        for (const FunctionCurve &c : curves)
          for (const ParetoPoint &p : c.points)
            os << c.name << "," << p.budget << "," << p.peak << "," << p.flops
               << "\n";
        return;
      }
      llvm::json::Array functions;
      for (const FunctionCurve &c : curves) {
        llvm::json::Array points;
        for (const ParetoPoint &p : c.points)
          points.push_back(llvm::json::Object{{"budget_bytes", p.budget},
                                              {"peak_bytes", p.peak},
                                              {"recompute_flops", p.flops}});
        functions.push_back(llvm::json::Object{
            {"name", c.name},
            {"unrematerialized_peak_bytes", c.unrematerialized},
            {"points", std::move(points)}});
      }
      os << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                       {"functions", std::move(functions)}}))
         << "\n";
    });
    SmallString<128> svg(file);
    llvm::sys::path::replace_extension(svg, "svg");
    if (failed(written) ||
        failed(writeOutputFile(getOperation(), "remat-pareto", svg,
                               [&](raw_ostream &os) {
                                 writeCurveSVG(curves, os);
                               })))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace
