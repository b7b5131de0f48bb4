//===- BudgetPolicy.cpp - the budget policy: which solver, which member -----===//
//
// The searches themselves are in BudgetSolvers.cpp (on the model) and
// Materialize/Schedule (measured): this file chooses between them under
// `solver` and `time-limit`, measures what they find, and picks the
// member for a budget so that the choice is monotone in the budget
// (docs/Budget.md).
//
//===----------------------------------------------------------------------===//

#include "Policies.h"

using namespace mlir;
using namespace mlir::remat;
using namespace mlir::remat::policies;

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/MemoryReport.h"
#include "remat/Analysis/MemoryTimeline.h"

#include "mlir/IR/Threading.h"
#include "llvm/Support/FormatVariadic.h"

#include <limits>


/// Runs materialize and schedule on a copy of the function marked with
/// `decisions` and measures the peak and the recompute FLOPs: the real
/// outcome of the decision, not an estimate.
Evaluation policies::evaluate(const TrainingGraph &graph, Decisions decisions,
                              std::optional<int64_t> inputPeak,
                              bool countSaved, bool keep,
                              std::optional<int64_t> maxFlops) {
  SmallVector<Operation *> recompute;
  for (Operation *op : graph.getOps())
    if (finalPolicy(op, decisions) == Policy::Recompute && !getPolicy(op))
      recompute.push_back(op);
  OwningOpRef<ModuleOp> copy;
  BudgetOutcome outcome =
      measureBudgetDecision(graph, recompute, /*schedule=*/true, inputPeak,
                            countSaved, keep ? &copy : nullptr, maxFlops);
  Evaluation e{outcome.peak,      outcome.flops,     std::move(decisions),
               /*measured=*/true, outcome.clonedOps, outcome.savedBytes,
               outcome.heldPeak};
  if (keep)
    e.scheduled = std::make_shared<OwningOpRef<ModuleOp>>(std::move(copy));
  return e;
}


/// The decisions of a set of candidates: those in `recompute` recomputed,
/// the others saved.
Decisions policies::toDecisions(const BudgetModel &model,
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
/// The selective cuts and segments measured beside the family's members.
static constexpr size_t kMeasuredExtras = 16;

/// The time one pipeline evaluation (materialize, schedule, timeline) is
/// estimated to take, per top-level op: about 22-36 us on the reference
/// machine (2 cores, 2026-11-29; docs/Budget.md). `time-limit` is turned
/// into counts of evaluations with this fixed rate, not with a clock, so
/// that the same graph, options and budget get the same decisions on every
/// machine and under any load (a budget sweep stays monotone); the real
/// time scales with the machine's speed.
static constexpr double kSecondsPerOpEvaluation = 30e-6;

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

/// The exhaustive search when there are at most `exactLimit` candidates and
/// their 2^k pipeline runs fit `timeLimit` (estimated at the fixed rate
/// above); otherwise `exact` takes the branch and bound over the model,
/// `milp` the MILP (CBC) and `auto` the fast solver.
BudgetSolver policies::chooseSolver(const TrainingGraph &graph,
                                    SolverChoice solver, unsigned exactLimit,
                                    double timeLimit) {
  if (solver == SolverChoice::Fast)
    return BudgetSolver::Fast;
  size_t candidates = getBudgetCandidates(graph).size();
  if (candidates <= std::min(exactLimit, 16u) &&
      (uint64_t(1) << candidates) <= evaluationsWithin(graph, timeLimit))
    return BudgetSolver::Exhaustive;
  if (solver == SolverChoice::Milp)
    return BudgetSolver::Milp;
  return solver == SolverChoice::Exact ? BudgetSolver::Frontier
                                       : BudgetSolver::Fast;
}

/// The time one model evaluation of the branch and bound is estimated to
/// take, per top-level op (0.21-0.24 us measured on the reference machine,
/// 2026-11-29, on random graphs of 152 and 170 ops; docs/Budget.md). Like
/// kSecondsPerOpEvaluation, a fixed rate: the same search everywhere.
static constexpr double kSecondsPerOpModelNode = 0.25e-6;

/// The time one unit of the MILP's work is estimated to take: a CBC node or
/// a model evaluation with its cuts (docs/Budget.md, "The MILP"). Fixed,
/// like the rates above, so that an unfinished search ends at the same
/// point on every machine.
static constexpr double kSecondsPerMilpNode = 0.5e-3;

std::optional<int64_t> ExactProof::lowerBoundAt(int64_t budget) const {
  // Members by FLOPs, so by decreasing peak: the first that fits is the
  // model's choice, and its bound covers the budget.
  for (auto [peak, bound] : members)
    if (peak <= budget)
      return bound;
  return std::nullopt;
}

std::optional<double> ExactProof::gapAt(int64_t budget, int64_t flops) const {
  // Nothing recomputed needs no bound: no decision costs less (the
  // schedule alone met the budget, where the model, which does not
  // reorder, saw no member fit).
  if (flops == 0)
    return 0.0;
  std::optional<int64_t> bound = lowerBoundAt(budget);
  if (!bound)
    return std::nullopt;
  if (*bound >= flops)
    return 0.0;
  return double(flops - *bound) / double(flops);
}

std::string policies::describeGap(const ExactProof &proof, int64_t budget,
                                  int64_t flops) {
  if (flops == 0)
    return "gap=0 (proven optimal: nothing recomputed)";
  std::optional<double> gap = proof.gapAt(budget, flops);
  if (!gap)
    return "no proof";
  if (*gap == 0)
    return "gap=0 (proven optimal for the peak model)";
  return llvm::formatv("gap={0:f2}% (not proven: the peak model needs at "
                       "least {1} FLOP)",
                       100.0 * *gap, *proof.lowerBoundAt(budget))
      .str();
}

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
              int64_t stopAt, bool milp, ExactProof *proof) {
  uint64_t nodes =
      milp ? runsWithin(1, timeLimit, kSecondsPerMilpNode)
           : runsWithin(model.getNumOps(), timeLimit, kSecondsPerOpModelNode);
  // The MILP's work is counted in fixed units (the same search on every
  // machine), but a CBC node on a large master can take far longer than
  // the rate assumes (a 149-op tied LM at budget 0.05: time-limit=30 ran
  // 167 s): the clock bounds it too.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  if (milp && timeLimit > 0)
    deadline = std::chrono::steady_clock::now() +
               std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                   std::chrono::duration<double>(timeLimit));
  FrontierResult frontier = budgetFrontier(model, incumbents, stopAt, nodes,
                                           false, milp, deadline);
  if (proof) {
    proof->complete = frontier.complete;
    for (auto [member, bound] :
         llvm::zip_equal(frontier.members, frontier.lowerBounds))
      proof->members.push_back({member.outcome.peak, bound});
  }
  if (!frontier.complete && !milp)
    return graph.getFunction()->emitError()
           << "remat: the exact solver did not finish within time-limit="
           << formatSeconds(timeLimit) << " (" << frontier.nodes
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
/// the largest kept), as sets of `candidates` recomputed. `contractions`:
/// as selectiveDecisions'.
std::vector<llvm::BitVector>
policies::selectiveCutPoints(const TrainingGraph &graph, ArrayRef<Operation *> candidates,
                   size_t maxPoints, bool contractions) {
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
  size_t count = std::min(maxPoints, thresholds.size());
  std::vector<llvm::BitVector> points(count);
  // Each cut is independent and only reads the function: in parallel where
  // threads are allowed, each into its own slot (the same points either way).
  parallelFor(graph.getFunction()->getContext(), 0, count, [&](size_t k) {
    Decisions decisions;
    selectiveDecisions(graph, thresholds[spreadIndex(k, count, thresholds.size())],
                       decisions, contractions);
    llvm::BitVector set(candidates.size());
    for (auto [op, policy] : decisions)
      if (policy == Policy::Recompute)
        if (auto it = index.find(op); it != index.end())
          set.set(it->second);
    points[k] = std::move(set);
  });
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
FailureOr<std::vector<Evaluation>>
policies::budgetFamily(const TrainingGraph &graph, BudgetSolver solver, bool measure,
             double timeLimit, int64_t stopAt, ExactProof *proof) {
  std::vector<Evaluation> family;
  ExactProof localProof;
  if (!proof)
    proof = &localProof;
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
  if (solver == BudgetSolver::Milp && !isBudgetMilpAvailable())
    return graph.getFunction()->emitError()
           << "remat: solver=milp needs the MILP solver CBC, and this build "
           << "of remat has none (apt-get install coinor-libcbc-dev, then "
           << "reconfigure); solver=exact is the branch and bound without it";
  BudgetModel model(graph, candidates);
  // At most 48 thresholds, evenly spread, the largest (everything) kept.
  std::vector<llvm::BitVector> extra =
      selectiveCutPoints(graph, candidates, /*maxPoints=*/48);
  // And checkpoint segments (2, 4, sqrt of the forward ops): on a stack of
  // 32 or more Linear + tanh layers none of the above recomputes the GEMM
  // chains that reach low budgets (0.7 was "below the smallest peak" at
  // 65,828 B where segments=2 measures 16,836 B).
  // And fine ones, a checkpoint every 2, 3, 4, 6 or 8 forward ops of
  // FLOPs: on a 200-layer elementwise chain the model's family went from
  // recomputing 44% of the forward (7,168 B) straight to recomputing all of
  // it (3,392 B for 6.27 KFLOP at any budget in between) where a
  // checkpoint every 2 layers holds 6,464 B for 3.2 KFLOP.
  size_t forwardWithFlops = llvm::count_if(graph.getOps(), [&](Operation *op) {
    return !graph.isBackward(op) && getOpCost(op).flops > 0;
  });
  SmallVector<std::string> segmentCounts{"2", "4", "sqrt"};
  for (size_t every : {2, 3, 4, 6, 8})
    if (forwardWithFlops / every > 4)
      segmentCounts.push_back(std::to_string(forwardWithFlops / every));
  for (StringRef segments : segmentCounts) {
    Decisions segmented;
    segmentDecisions(graph, segments, /*group=*/"", /*every=*/1, segmented);
    llvm::BitVector set(candidates.size());
    for (auto [i, op] : llvm::enumerate(candidates))
      if (segmented.lookup(op) == Policy::Recompute)
        set.set(i);
    if (set.any() && !llvm::is_contained(extra, set))
      extra.push_back(std::move(set));
  }
  std::vector<ModelDecision> members = fastBudgetFamily(model, extra);
  // And the default policy's own decision, measured: a budget at the peak
  // policy=peak reaches took 1.4x to 7.6x its FLOPs on imported GPT, LLaMA
  // and ViT blocks (the family's members near that peak cost more), and the
  // Pareto curve left the point out. A fixed point, so the choice stays
  // monotone.
  auto measurePeakPolicy = [&](std::vector<Evaluation> &into) {
    Decisions peak;
    peakDecisions(graph, kDefaultFlopsPerByte, kDefaultMaxRecompute,
                  kDefaultMaxGrowth, PeakPreference::Flops, peak);
    if (llvm::any_of(peak, [](const auto &d) {
          return d.second == Policy::Recompute;
        }))
      into.push_back(evaluate(graph, std::move(peak)));
  };
  // The selective cuts and segments themselves, measured, beside the
  // model's Pareto members: the model can rank them out where the schedule
  // lowers their peak (a layer norm + softmax graph: selective measures
  // 41,220 B, the model 49,156 B at best, and a budget of 45,967 B was
  // "below the smallest peak remat reaches"). At most kMeasuredExtras,
  // evenly spread; fixed points, so the choice stays monotone.
  auto measureExtras = [&](std::vector<Evaluation> &into, size_t affordable) {
    std::vector<const llvm::BitVector *> left;
    for (const llvm::BitVector &set : extra)
      if (!llvm::any_of(members, [&](const ModelDecision &m) {
            return m.recompute == set;
          }))
        left.push_back(&set);
    size_t count = std::min({left.size(), kMeasuredExtras, affordable});
    for (size_t k = 0; k < count; ++k)
      into.push_back(evaluate(
          graph, toDecisions(model, *left[spreadIndex(k, count, left.size())])));
  };
  if (solver == BudgetSolver::Frontier || solver == BudgetSolver::Milp) {
    FailureOr<std::vector<Evaluation>> exact =
        exactFrontier(graph, model, members, timeLimit, stopAt,
                      solver == BudgetSolver::Milp, proof);
    if (failed(exact))
      return failure();
    // And what the fast solver measures (the greedy path by measurement,
    // the extra points): the exact answer is never worse than fast's (it
    // chose 2,048 FLOP where fast measured 1,536 fitting on 12 parallel
    // branches whose model peaks the schedule halves).
    size_t affordable = evaluationsWithin(graph, timeLimit);
    if (graph.getOps().size() <= kMeasuredGreedyOps) {
      size_t greedy = std::min(kMeasuredGreedyEvaluations, affordable / 2);
      measuredGreedy(graph, candidates, greedy, *exact);
      affordable -= std::min(affordable, greedy);
    }
    measureExtras(*exact, affordable);
    measurePeakPolicy(*exact);
    // An unfinished MILP answers with the best decision found that fits,
    // by the model or measured (the fast solver's measured members count:
    // it erred where fast met the budget); when none fits and it could not
    // prove that none exists, that is no answer. (The Pareto curve, swept
    // to the end, just ends there.)
    bool fits = llvm::any_of(*exact, [&](const Evaluation &e) {
      return e.measured && e.peak <= stopAt;
    });
    if (solver == BudgetSolver::Milp && !proof->complete &&
        stopAt != std::numeric_limits<int64_t>::min() && !fits)
      return graph.getFunction()->emitError()
             << "remat: solver=milp found no decision under the budget "
             << "within time-limit=" << formatSeconds(timeLimit)
             << ", and did not prove that none exists; raise time-limit";
    return exact;
  }
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
  if (measure)
    measureExtras(family, affordable > count ? affordable - count : 0);
  measurePeakPolicy(family);
  return family;
}

/// The decision with the fewest recompute FLOPs whose peak fits `budget`
/// (ties: the lower peak, then the first found). Choosing this way over a
/// fixed family makes the result monotone in the budget: a smaller budget
/// never gets a higher peak nor fewer FLOPs. Fails with the smallest peak
/// reachable if nothing fits.
FailureOr<const Evaluation *>
policies::chooseForBudget(const std::vector<Evaluation> &family, int64_t budget,
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
FailureOr<Evaluation> policies::chooseAndCheck(const TrainingGraph &graph,
                                            std::vector<Evaluation> &family,
                                            int64_t budget,
                                            int64_t &smallestPeak) {
  const unsigned kRepairs = 8;
  FailureOr<const Evaluation *> choice =
      chooseForBudget(family, budget, smallestPeak);
  if (failed(choice)) {
    // Nothing fits by prediction; the member with the most recomputation
    // and the one with the smallest predicted peak may still fit by
    // measurement (the model is an upper bound). Else state the smaller of
    // their measured peaks: the last member's alone overstated it (an
    // imported 2-block SSM: "smallest peak 27,968 B" where a budget of
    // 19,264 B was met at 19,136 B, so remat_torch's budget grid, which
    // starts there, never tried the low peaks).
    const Evaluation *lowest = &family.back();
    for (const Evaluation &e : family)
      if (e.peak < lowest->peak)
        lowest = &e;
    Evaluation best = evaluate(graph, family.back().decisions);
    if (lowest != &family.back())
      if (Evaluation other = evaluate(graph, lowest->decisions);
          other.peak < best.peak)
        best = std::move(other);
    smallestPeak = best.peak;
    if (best.peak <= budget)
      return best;
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
