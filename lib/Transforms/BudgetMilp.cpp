//===- BudgetMilp.cpp - the model's optimum through a MILP solver (CBC) ---===//
//
// See solveBudgetMilp in BudgetModel.h and docs/Budget.md ("The MILP").
// The master problem is a 0-1 program over the candidates: least additive
// FLOPs subject to combinatorial Benders cuts read from the model; CBC
// solves it, the model evaluates its solutions, and cuts are added until
// the master's optimum fits the budget. Built only with CBC (REMAT_HAVE_CBC);
// without it the solver reports itself unavailable.
//
//===----------------------------------------------------------------------===//

#include "remat/Transforms/BudgetModel.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <limits>

#ifdef REMAT_HAVE_CBC
#include "CbcModel.hpp"
#include "CglKnapsackCover.hpp"
#include "CoinPackedMatrix.hpp"
#include "CoinPackedVector.hpp"
#include "OsiClpSolverInterface.hpp"
#endif

using namespace mlir;
using namespace mlir::remat;

#ifndef REMAT_HAVE_CBC

bool mlir::remat::isBudgetMilpAvailable() { return false; }

ExactModelResult mlir::remat::solveBudgetMilp(
    const BudgetModel &, int64_t, uint64_t, const ModelDecision *,
    std::vector<BudgetCut> *,
    std::optional<std::chrono::steady_clock::time_point>) {
  llvm::report_fatal_error("remat was built without CBC: check "
                           "isBudgetMilpAvailable() first");
}

#else

bool mlir::remat::isBudgetMilpAvailable() { return true; }

namespace {
/// Most rounds (master solve, evaluation, cuts) of one budget; a safety
/// net, the node limit is what normally ends an unfinished search.
constexpr unsigned kMaxRounds = 2000;
/// Solutions of one master solve evaluated for cuts (CBC keeps the best).
constexpr int kSavedSolutions = 8;

struct Master {
  const BudgetModel &model;
  int64_t budget, granularity;
  unsigned n;
  OsiClpSolverInterface lp;

  Master(const BudgetModel &model, int64_t budget)
      : model(model), budget(budget),
        granularity(model.getFlopsGranularity()),
        n(model.getNumCandidates()) {
    // min sum FLOPs_c / granularity * x_c, x binary: integer costs, so CBC
    // may cut at "one less than the best known".
    CoinPackedMatrix matrix(false, 0, 0);
    matrix.setDimensions(0, n);
    std::vector<double> lower(n, 0.0), upper(n, 1.0), cost(n);
    for (unsigned c = 0; c < n; ++c)
      cost[c] = double(model.getCandidateFlops(c) / granularity);
    lp.loadProblem(matrix, lower.data(), upper.data(), cost.data(), nullptr,
                   nullptr);
    for (unsigned c = 0; c < n; ++c)
      lp.setInteger(c);
    lp.messageHandler()->setLogLevel(0);
  }

  /// The cut of `cut` at this budget, if its step is over it:
  ///   sum_{c not in S} min(bytes_c, E) / E x_c + sum_{c in S} (1 - x_c) >= 1
  /// with E the excess. Returns false when no decision can meet it (S
  /// empty and its candidates free less than E together).
  bool addCut(const BudgetCut &cut) {
    int64_t excess = cut.memory - budget;
    if (excess <= 0)
      return true;
    CoinPackedVector row;
    double freeable = 0;
    for (auto [c, bytes] : llvm::zip_equal(cut.candidates, cut.bytes)) {
      double a = double(std::min(bytes, excess)) / double(excess);
      row.insert(c, a);
      freeable += a;
    }
    unsigned members = cut.set.count();
    for (unsigned c : cut.set.set_bits())
      row.insert(c, -1.0);
    if (members == 0 && freeable < 1.0 - 1e-9)
      return false;
    lp.addRow(row, 1.0 - double(members), lp.getInfinity());
    return true;
  }

  /// Excludes exactly `set` (a decision already evaluated whose model FLOPs
  /// are above the master's additive ones).
  void addNoGood(const llvm::BitVector &set) {
    CoinPackedVector row;
    for (unsigned c = 0; c < n; ++c)
      row.insert(c, set.test(c) ? -1.0 : 1.0);
    lp.addRow(row, 1.0 - double(set.count()), lp.getInfinity());
  }

  int64_t additiveFlops(const llvm::BitVector &set) const {
    int64_t f = 0;
    for (unsigned c : set.set_bits())
      f += model.getCandidateFlops(c);
    return f;
  }

  struct Solve {
    std::vector<llvm::BitVector> solutions; // best first
    bool proven = false;  // optimal or infeasible under the cutoff
    double bound = 0;     // in granules
    uint64_t nodes = 0;
  };

  /// CBC on the master, looking only for solutions of at most `cutoff`
  /// granules, with at most `maxNodes` branch-and-bound nodes.
  Solve solve(double cutoff, uint64_t maxNodes, double maxSeconds) {
    Solve result;
    // Plain branch and bound with CBC's knapsack covers (the rows are
    // covers): the masters are small and solved hundreds of times, where
    // CbcMain's preprocessing and heuristics cost more than they save.
    CbcModel cbc(lp);
    cbc.setLogLevel(0);
    cbc.messageHandler()->setLogLevel(0);
    cbc.solver()->messageHandler()->setLogLevel(0);
    cbc.setMaximumSavedSolutions(kSavedSolutions);
    cbc.setCutoff(cutoff + 0.5);
    cbc.setMaximumNodes(
        int(std::min<uint64_t>(maxNodes, std::numeric_limits<int>::max())));
    if (maxSeconds > 0)
      cbc.setMaximumSeconds(maxSeconds);
    CglKnapsackCover knapsack;
    cbc.addCutGenerator(&knapsack, -1, "knapsack");
    cbc.initialSolve();
    cbc.branchAndBound();
    result.nodes = cbc.getNodeCount();
    result.proven = cbc.isProvenOptimal() || cbc.isProvenInfeasible();
    result.bound = cbc.getBestPossibleObjValue();
    for (int k = 0; k < cbc.numberSavedSolutions(); ++k) {
      const double *x = cbc.savedSolution(k);
      llvm::BitVector set(n);
      for (unsigned c = 0; c < n; ++c)
        if (x[c] > 0.5)
          set.set(c);
      if (!llvm::is_contained(result.solutions, set))
        result.solutions.push_back(std::move(set));
    }
    if (result.solutions.empty() && cbc.bestSolution() &&
        cbc.getMinimizationObjValue() <= cutoff + 0.5) {
      llvm::BitVector set(n);
      for (unsigned c = 0; c < n; ++c)
        if (cbc.bestSolution()[c] > 0.5)
          set.set(c);
      result.solutions.push_back(std::move(set));
    }
    return result;
  }
};
} // namespace

/// Evaluates `set` and, when it misses `budget`, adds the cuts of every
/// step over it to `pool`; returns the outcome.
static BudgetOutcome evaluateWithCuts(const BudgetModel &model,
                                      const llvm::BitVector &set,
                                      int64_t budget,
                                      std::vector<BudgetCut> &pool,
                                      size_t &added) {
  std::vector<BudgetConstraint> constraints;
  BudgetOutcome o =
      model.evaluateAgainst(set, budget, constraints, /*everyStep=*/true);
  for (BudgetConstraint &c : constraints) {
    pool.push_back(BudgetCut{set, budget + c.excess, std::move(c.candidates),
                             std::move(c.bytes)});
    ++added;
  }
  return o;
}

ExactModelResult mlir::remat::solveBudgetMilp(
    const BudgetModel &model, int64_t budget, uint64_t nodeLimit,
    const ModelDecision *incumbent, std::vector<BudgetCut> *cuts,
    std::optional<std::chrono::steady_clock::time_point> deadline) {
  // Seconds left before `deadline` (0: none set; negative: past it).
  auto secondsLeft = [&]() -> double {
    if (!deadline)
      return 0;
    double left = std::chrono::duration<double>(
                      *deadline - std::chrono::steady_clock::now())
                      .count();
    return left > 0 ? left : -1;
  };
  std::vector<BudgetCut> ownCuts;
  std::vector<BudgetCut> &pool = cuts ? *cuts : ownCuts;
  ExactModelResult result;
  result.complete = false;
  const int64_t g = model.getFlopsGranularity();
  int64_t bestFlops = std::numeric_limits<int64_t>::max();
  if (incumbent && incumbent->outcome.peak <= budget) {
    result.best = *incumbent;
    bestFlops = incumbent->outcome.flops;
  }
  auto offer = [&](const llvm::BitVector &set, const BudgetOutcome &o) {
    if (o.peak <= budget &&
        (o.flops < bestFlops ||
         (o.flops == bestFlops && o.peak < result.best->outcome.peak))) {
      bestFlops = o.flops;
      result.best = ModelDecision{set, o};
    }
  };
  // The plain covering rows: the cuts of nothing recomputed.
  size_t added = 0;
  llvm::BitVector none(model.getNumCandidates());
  offer(none, evaluateWithCuts(model, none, budget, pool, added));
  ++result.nodes;

  int64_t lowerBound = 0;
  auto finish = [&](bool proven) {
    result.complete = proven;
    result.lowerBound = proven && result.best ? bestFlops
                        : proven              ? std::numeric_limits<int64_t>::max()
                                              : lowerBound;
    return result;
  };
  // Past the deadline: the incumbent and nothing recomputed, unproven
  // (a sweep of many levels then costs one evaluation per level).
  if (secondsLeft() < 0)
    return finish(false);
  Master master(model, budget);
  size_t inMaster = 0;
  auto sync = [&]() {
    for (; inMaster < pool.size(); ++inMaster)
      if (!master.addCut(pool[inMaster]))
        return false;
    return true;
  };
  if (!sync())
    return finish(/*proven=*/true); // nothing can cover a step: infeasible
  for (unsigned round = 0; round < kMaxRounds; ++round) {
    if (bestFlops <= lowerBound)
      return finish(true);
    uint64_t left = nodeLimit - std::min(nodeLimit, result.nodes);
    double seconds = secondsLeft();
    if (seconds < 0)
      return finish(false);
    // Solutions must beat the best known by a granule (all costs are
    // multiples of it).
    double cutoff = bestFlops == std::numeric_limits<int64_t>::max()
                        ? 1e30
                        : double(bestFlops / g - 1);
    Master::Solve s = master.solve(cutoff, left, seconds);
    result.nodes += s.nodes + 1;
    if (s.proven && s.solutions.empty())
      return finish(true); // nothing under the cutoff satisfies the cuts
    // The master is a relaxation: its bound is a lower bound (ceiled to a
    // granule), and when proven, its optimum is.
    double bound = s.proven && !s.solutions.empty()
                       ? double(master.additiveFlops(s.solutions.front()) / g)
                       : s.bound;
    if (std::isfinite(bound))
      lowerBound = std::max(
          lowerBound,
          int64_t(std::ceil(std::min(bound, cutoff + 1) - 1e-6)) * g);
    if (s.solutions.empty())
      return finish(false); // out of nodes before a solution
    bool newCuts = false;
    for (const llvm::BitVector &set : s.solutions) {
      size_t before = added;
      BudgetOutcome o = evaluateWithCuts(model, set, budget, pool, added);
      ++result.nodes;
      offer(set, o);
      if (o.peak <= budget && o.flops > master.additiveFlops(set)) {
        // Cloned more than once: the master undercounts it. Its true cost
        // is known now; the master must look past it.
        master.addNoGood(set);
        newCuts = true;
      }
      newCuts |= added != before;
    }
    if (!sync())
      return finish(true);
    if (!s.proven && result.nodes >= nodeLimit)
      return finish(false);
    if (!newCuts)
      return finish(s.proven); // the proven master optimum fits as counted
  }
  return finish(false);
}

#endif
