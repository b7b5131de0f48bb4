//===- Policies.h - what -remat-mark's policies share -------------*- C++ -*-===//
//
// Internal to lib/Transforms: the pieces of -remat-mark and -remat-pareto,
// one policy per file. Each function is documented where it is defined.
//
//   Policies.cpp         recomputability, overrides, writing the marks
//   MarkOptions.cpp      option checks shared by the passes and the tools
//   SelectivePolicy.cpp  the min-cut (policy=selective)
//   SegmentsPolicy.cpp   checkpoint segments (policy=segments)
//   BudgetPolicy.cpp     solver choice, measurement, choice for a budget
//   PeakPolicy.cpp       the default (policy=peak)
//   BudgetSolvers.cpp    the searches over the model (BudgetModel.h)
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_TRANSFORMS_POLICIES_H
#define REMAT_LIB_TRANSFORMS_POLICIES_H

#include "remat/Analysis/TrainingGraph.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Transforms/BudgetModel.h"
#include "remat/Transforms/Passes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::remat::policies {

/// A policy's decisions: ops without an entry stay unmarked.
using Decisions = DenseMap<Operation *, Policy>;

// Policies.cpp
const char *whyNotRecomputable(Operation *op);
void demoteUnrecomputableOverrides(const TrainingGraph &graph);
bool isLeaf(Operation *op);
llvm::SetVector<Value> getRequiredValues(const TrainingGraph &graph);
/// `flops`: getOpCost(op).flops, when the caller has it.
std::optional<double> flopsPerOutputByte(Operation *op,
                                         std::optional<int64_t> flops = {});
bool overFlopsPerByte(Operation *op, double flopsPerByte,
                      std::optional<int64_t> flops = {});
std::optional<Policy> finalPolicy(Operation *op, const Decisions &decisions);
void writeMarks(ArrayRef<Operation *> ops, const Decisions &decisions,
                ArrayRef<Operation *> targets);

// MarkOptions.cpp
std::optional<std::string> checkTimeLimit(StringRef pass, double timeLimit);
/// `seconds` as given (0.001, 1e-05, 2): messages quote time-limit back.
std::string formatSeconds(double seconds);

// SelectivePolicy.cpp, SegmentsPolicy.cpp, PeakPolicy.cpp
/// `contractions`: whether GEMMs and convolutions under `flopsPerByte` may
/// be recomputed (the peak policy's cuts leave them saved).
void selectiveDecisions(const TrainingGraph &graph, double flopsPerByte,
                        Decisions &decisions, bool contractions = true);
void segmentDecisions(const TrainingGraph &graph, StringRef segments,
                      StringRef group, unsigned every, Decisions &decisions);
/// `scheduled`: where to put the measured choice's copy of the function,
/// materialized and scheduled (null when nothing is recomputed).
void peakDecisions(const TrainingGraph &graph, double flopsPerByte,
                   double maxRecompute, double maxGrowth,
                   PeakPreference prefer, Decisions &decisions,
                   std::shared_ptr<OwningOpRef<ModuleOp>> *scheduled =
                       nullptr);
bool isContractionLike(Operation *op);

// Explain.cpp
/// A remark on every forward op that is not a leaf: what the marks say
/// about it (recompute or save) and why, for `explain=true`. `candidates`
/// are getBudgetCandidates() before the policy wrote its marks (ops the
/// user marked are not among them).
void explainDecisions(const TrainingGraph &graph, MarkPolicy policy,
                      double flopsPerByte,
                      const DenseSet<Operation *> &candidates);

// BudgetPolicy.cpp

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
  /// Measured with `countSaved` only: BudgetOutcome::savedBytes and
  /// BudgetOutcome::heldPeak.
  int64_t savedBytes = -1;
  int64_t heldPeak = -1;
  /// Measured with `keep` only: the function's copy, materialized and
  /// scheduled (measureBudgetDecision's `keep`).
  std::shared_ptr<OwningOpRef<ModuleOp>> scheduled;
};

/// How the budget solver searches.
enum class BudgetSolver {
  /// Every subset of the candidates, measured with the real pipeline.
  Exhaustive,
  /// The model's exact frontier by branch and bound (budgetFrontier), every
  /// member measured (solver=exact).
  Frontier,
  /// The same frontier, each level solved by the MILP (solveBudgetMilp,
  /// CBC): solver=milp.
  Milp,
  /// The fast solver's family (fastBudgetFamily).
  Fast,
};

/// The step's forward and backward FLOPs (no recomputation).
int64_t stepFlops(const TrainingGraph &graph);

/// `fraction` of `flops`, rounded down; saturated where it would not fit
/// (max-recompute is any finite fraction: 1e300 means no cap).
int64_t flopsWithin(double fraction, int64_t flops);

/// `inputPeak`, `countSaved`: as measureBudgetDecision's; `keep`: keep the
/// materialized and scheduled copy in Evaluation::scheduled; `maxFlops`:
/// materializeRecomputations's.
Evaluation evaluate(const TrainingGraph &graph, Decisions decisions,
                    std::optional<int64_t> inputPeak = {},
                    bool countSaved = false, bool keep = false,
                    std::optional<int64_t> maxFlops = {});
Decisions toDecisions(const BudgetModel &model,
                      const llvm::BitVector &recompute);
BudgetSolver chooseSolver(const TrainingGraph &graph, SolverChoice solver,
                          unsigned exactLimit, double timeLimit);
std::vector<llvm::BitVector>
selectiveCutPoints(const TrainingGraph &graph, ArrayRef<Operation *> candidates,
                   size_t maxPoints, bool contractions = true);
/// The exact solvers' proof, per model frontier member (ordered by FLOPs):
/// its predicted peak and a proven lower bound of the model's FLOPs at the
/// budgets it is chosen for (FrontierResult::lowerBounds).
struct ExactProof {
  std::vector<std::pair<int64_t, int64_t>> members;
  bool complete = true;
  /// The lower bound at `budget`, none when no member fits it.
  std::optional<int64_t> lowerBoundAt(int64_t budget) const;
  /// (flops - bound) / flops at `budget`, 0 when proven; none without a
  /// bound there.
  std::optional<double> gapAt(int64_t budget, int64_t flops) const;
};
FailureOr<std::vector<Evaluation>>
budgetFamily(const TrainingGraph &graph, BudgetSolver solver, bool measure,
             double timeLimit, int64_t stopAt, ExactProof *proof = nullptr);
/// `flops` against the proof's bound at `budget`: "gap=G%" and what it
/// rests on, for the exact solver's remark.
std::string describeGap(const ExactProof &proof, int64_t budget,
                        int64_t flops);
FailureOr<const Evaluation *>
chooseForBudget(const std::vector<Evaluation> &family, int64_t budget,
                int64_t &smallestPeak);
FailureOr<Evaluation> chooseAndCheck(const TrainingGraph &graph,
                                     std::vector<Evaluation> &family,
                                     int64_t budget, int64_t &smallestPeak);

} // namespace mlir::remat::policies

#endif // REMAT_LIB_TRANSFORMS_POLICIES_H
