//===- BudgetModel.h - a cheap peak model for the budget solvers -*- C++ -*-===//
//
// The budget policy chooses which forward ops to recompute. Measuring a
// decision for real (copy the function, materialize, schedule, build the
// memory timeline) costs a pipeline run per decision, which is fine for a
// few hundred decisions on small graphs and hopeless on graphs of tens of
// thousands of ops. BudgetModel predicts the same outcome from flat arrays
// extracted once from the function:
//
// - it replays materialize's region construction (the chain of marked
//   producers cloned before the first backward consumer, in both sharing
//   modes, the lower peak kept), the redirection of backward uses to the
//   recomputed values and the erasure of forward producers left unused;
// - it runs MemoryTimeline's rules (views, in-place destinations, deferred
//   tensor.empty, copies of returned arguments, a region's transient body
//   peak) on the resulting op sequence.
//
// What it leaves out: the memory-aware list schedule and materialize's peak
// guard. Both only ever lower the peak, so the model is an upper bound of
// the real peak whenever it is exact for materialize (the unit tests measure
// how often it is exact, and check the bound). The solvers search with the
// model; the pass measures what it chooses with the real pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_TRANSFORMS_BUDGETMODEL_H
#define REMAT_TRANSFORMS_BUDGETMODEL_H

#include "remat/Analysis/TrainingGraph.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include "llvm/ADT/BitVector.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace mlir::remat {

/// A decision's outcome: peak bytes after the pipeline and recompute FLOPs.
struct BudgetOutcome {
  int64_t peak = 0;
  int64_t flops = 0;
  /// The model only: FLOPs of the distinct ops recomputed, a lower bound of
  /// `flops` for every decision that recomputes a superset.
  int64_t distinctFlops = 0;
  /// Measured only (measureBudgetDecision): ops cloned into recomputations.
  int64_t clonedOps = 0;
  /// Measured only: the peak of the function's copy before materialize
  /// (its inputPeak, for the next measurement of the same function).
  int64_t inputPeak = 0;
  /// Measured with `countSaved` only: the distinct heap bytes of the forward
  /// values backward reads (the report's saved bytes), -1 otherwise.
  int64_t savedBytes = -1;
  /// Measured with `countSaved` only: the peak when the saved values stay
  /// live until backward ends (MemoryTimeline::getPeakHolding), -1
  /// otherwise.
  int64_t heldPeak = -1;
};

/// Forward ops whose recomputation the budget solver may decide: pure,
/// recomputable, not leaves, not overridden by the user, and on a path to
/// a value backward reads. In program order.
SmallVector<Operation *> getBudgetCandidates(const TrainingGraph &graph);

/// The real outcome of recomputing `recompute` (a subset of the candidates;
/// user overrides kept): materialize and schedule on a copy of the function.
/// Without `schedule`, materialize only (what the model predicts).
/// `inputPeak`: the copy's peak before materialize, when an earlier
/// measurement of the same function returned it (BudgetOutcome::inputPeak).
/// `countSaved`: also measure BudgetOutcome::savedBytes (one more analysis
/// of the copy). `keep` (with `schedule`): where to keep the copy,
/// materialized and scheduled exactly as -remat-materialize and
/// -remat-schedule would leave the function marked so (a module holding it).
/// `maxFlops`: materializeRecomputations's.
BudgetOutcome measureBudgetDecision(const TrainingGraph &graph,
                                    ArrayRef<Operation *> recompute,
                                    bool schedule = true,
                                    std::optional<int64_t> inputPeak = {},
                                    bool countSaved = false,
                                    OwningOpRef<ModuleOp> *keep = nullptr,
                                    std::optional<int64_t> maxFlops = {});

/// See BudgetModel::evaluateAgainst.
struct BudgetConstraint {
  int64_t excess = 0;
  SmallVector<unsigned, 8> candidates;
  SmallVector<int64_t, 8> bytes;
};

class BudgetModel {
public:
  /// `candidates` are the ops decisions are made over (bit i: candidate i).
  BudgetModel(const TrainingGraph &graph, ArrayRef<Operation *> candidates);
  ~BudgetModel();
  BudgetModel(BudgetModel &&);

  unsigned getNumCandidates() const;
  Operation *getCandidate(unsigned i) const;
  /// FLOPs of recomputing candidate i once.
  int64_t getCandidateFlops(unsigned i) const;
  /// Top-level ops of the function (the size the solvers scale with).
  unsigned getNumOps() const;

  /// The predicted outcome of recomputing the candidates set in `recompute`.
  /// With `relevant`, also the candidates not in `recompute` whose forward
  /// value is live at the predicted peak (the only ones whose recomputation
  /// can lower the memory at that point).
  BudgetOutcome evaluate(const llvm::BitVector &recompute,
                         SmallVectorImpl<unsigned> *relevant = nullptr) const;

  /// evaluate(), and when the predicted peak exceeds `budget`, constraints
  /// that every superset of `recompute` fitting `budget` meets (under the
  /// assumption of the exact solver, see solveBudgetExactly): at a step
  /// over the budget (the peak, the one with the least freeable slack, the
  /// one with the fewest freeable buffers), the candidates live there must
  /// free `excess` bytes, each at most `bytes` of its own. Empty when the
  /// peak fits. With `everyStep`, one constraint per distinct row at every
  /// step over the budget (the MILP's cuts), not only at those three.
  BudgetOutcome
  evaluateAgainst(const llvm::BitVector &recompute, int64_t budget,
                  std::vector<BudgetConstraint> &constraints,
                  bool everyStep = false) const;

  /// The greatest common divisor of the ops' FLOPs (at least 1): every
  /// decision's FLOPs are a multiple of it.
  int64_t getFlopsGranularity() const;

  /// Number of evaluate() calls so far (for measurements).
  uint64_t getNumEvaluations() const;

  struct Impl;

private:
  std::unique_ptr<Impl> impl;
};

/// One decision and its predicted outcome.
struct ModelDecision {
  llvm::BitVector recompute;
  BudgetOutcome outcome;
};

/// The fast solver: a family of decisions that does not depend on the
/// budget. A peak-aware greedy path (the candidate live at the peak, alone
/// or with the FLOP-free candidates it reads, that lowers it most per added
/// FLOP; batched on large graphs) and the `extra` decisions given (the
/// selective min-cut points), each refined by reverse deletion and swaps
/// under its own peak, then the frontier sweep (budgetFrontier) with the
/// work left, each level's branch and bound getting a share of it.
/// Pareto-filtered on the model's (peak, FLOPs), ordered by FLOPs. Spends
/// about `workLimit` op-evaluations of the model at most (the frontier
/// sweep takes what the rest leaves, so small graphs spend all of it).
/// Op-evaluations are model evaluations times the ops of the function;
/// the default is about half a second of model time on this project's
/// 2-core CPU machine.
constexpr uint64_t kFastWork = 4'000'000;
std::vector<ModelDecision>
fastBudgetFamily(const BudgetModel &model,
                 ArrayRef<llvm::BitVector> extra = {},
                 uint64_t workLimit = kFastWork);

/// The member of `family` with the fewest FLOPs whose predicted peak fits
/// `budget` (ties: lower peak); none if nothing fits.
const ModelDecision *chooseModelDecision(ArrayRef<ModelDecision> family,
                                         int64_t budget);

/// The exact solver over the model: the fewest recompute FLOPs whose
/// predicted peak fits `budget`, by branch and bound. Each node that
/// misses the budget branches on the candidates that can free memory at
/// its peak (one of them must be recomputed to lower it), cheapest first,
/// with the candidates tried in earlier siblings excluded. Bounds: at each
/// step evaluateAgainst names, the excess must be freed by the candidates
/// named there, each at most its bytes; the cheapest fractional cover of
/// it, plus the FLOPs already recomputed (recomputed again by every
/// superset), is a lower bound, and a subtree whose candidates cannot
/// cover it has no solution. Costs are multiples of the model's FLOPs
/// granularity, so a subtree is cut when its bound is above the best found
/// minus one granule. `complete` is false when `nodeLimit` evaluations ran
/// out (the result is then the best found, not proven optimal). An
/// `incumbent` that fits (the fast solver's choice) starts the search as
/// the best known.
struct ExactModelResult {
  std::optional<ModelDecision> best;
  bool complete = true;
  uint64_t nodes = 0;
  /// No decision fitting the budget has fewer FLOPs (the best's FLOPs when
  /// complete; INT64_MAX when complete and nothing fits). The branch and
  /// bound proves none when it does not finish (0).
  int64_t lowerBound = 0;
};
ExactModelResult solveBudgetExactly(const BudgetModel &model, int64_t budget,
                                    uint64_t nodeLimit = 2000000,
                                    const ModelDecision *incumbent = nullptr);

/// A combinatorial Benders cut of the MILP, read from the evaluation of
/// `set` (see solveBudgetMilp): at a step where that decision keeps
/// `memory` bytes live, the unmarked candidates named free at most their
/// `bytes` each. It holds for every budget below `memory` (re-derived with
/// that budget's excess), so a frontier sweep keeps its cuts across levels.
struct BudgetCut {
  llvm::BitVector set;
  int64_t memory = 0;
  SmallVector<unsigned, 8> candidates;
  SmallVector<int64_t, 8> bytes;
};

/// Whether remat was built with CBC (solveBudgetMilp may be called).
bool isBudgetMilpAvailable();

/// The exact solver through a MILP solver (CBC): the fewest recompute FLOPs
/// whose predicted peak fits `budget`. A 0-1 master problem over the
/// candidates, min sum FLOPs_c x_c, with one row per cut: for a decision S
/// evaluated over the budget by E_t at step t,
///   sum_{c not in S} min(bytes_t(c), E_t) x_c + E_t sum_{c in S} (1 - x_c)
///     >= E_t,
/// slack when a member of S is dropped, else evaluateAgainst's covering
/// constraint (so valid for every decision under the same assumption as
/// solveBudgetExactly). CBC solves the master, the model evaluates its
/// solutions (cuts at every step over the budget), until the master's
/// proven optimum fits. The additive objective is a lower bound of the
/// model's FLOPs (an op the model clones twice counts once; a marked op no
/// region clones can be dropped without changing the outcome); a solution
/// it undercounts is excluded once its real cost is known. `nodeLimit`
/// bounds CBC's nodes plus evaluations; when it runs out the result has the
/// best found and the proven `lowerBound` (complete false). `cuts` (may be
/// null) is a pool kept across calls. `deadline`, when given, stops it by
/// the clock too (CBC's own limit, and no master solved past it), with the
/// same kind of result. Only when isBudgetMilpAvailable().
ExactModelResult
solveBudgetMilp(const BudgetModel &model, int64_t budget, uint64_t nodeLimit,
                const ModelDecision *incumbent = nullptr,
                std::vector<BudgetCut> *cuts = nullptr,
                std::optional<std::chrono::steady_clock::time_point> deadline =
                    std::nullopt);

/// The Pareto frontier of the model, swept from the top: starting from
/// nothing recomputed, each next member is the fewest-FLOPs decision whose
/// predicted peak is below the last member's (solveBudgetExactly at that
/// peak minus one byte, started from the best of `incumbents` and of the
/// members so far that fits), until one fits `stopAt` or nothing is below.
/// Ordered by FLOPs; each member is the optimum for every budget from its
/// peak up to the next higher member's peak (exclusive) when `complete`.
/// The sweep depends on `stopAt` only in where it ends: a lower `stopAt`
/// gives the same members and more.
///
/// `nodeLimit` bounds the evaluations of the whole sweep. With `splitNodes`
/// (the fast solver) each level gets a share of what is left and a search
/// that runs out keeps its best found; without it (the exact solver) a
/// level may use everything left, and the sweep stops at the first search
/// that does not finish (`complete` false).
///
/// With `milp`, each level is solved by solveBudgetMilp (one pool of cuts
/// for the whole sweep), and a level that does not finish keeps its best
/// found and the sweep goes on (later levels, out of nodes, get CBC's root
/// only), so the result always reaches `stopAt` when anything known does.
struct FrontierResult {
  std::vector<ModelDecision> members;
  /// Per member: a proven lower bound of the model's FLOPs at every budget
  /// it is chosen for (from its peak up to the next higher member's peak,
  /// exclusive); its own FLOPs when its level finished.
  std::vector<int64_t> lowerBounds;
  bool complete = true;
  uint64_t nodes = 0;
};
FrontierResult budgetFrontier(
    const BudgetModel &model, ArrayRef<ModelDecision> incumbents,
    int64_t stopAt, uint64_t nodeLimit, bool splitNodes = false,
    bool milp = false,
    std::optional<std::chrono::steady_clock::time_point> deadline =
        std::nullopt);

} // namespace mlir::remat

#endif // REMAT_TRANSFORMS_BUDGETMODEL_H
