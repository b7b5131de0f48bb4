//===- BudgetModelTest.cpp - the budget solvers' peak model ---------------===//
//
// On seeded random training graphs (remat-difftest's generator): the model
// against the real pipeline, the exact branch and bound and the frontier
// sweep against exhaustive search, the branch and bound's optimality probed
// where enumeration is impossible, and the fast solver against the exact
// one. Each test prints what it measured; docs/Budget.md records the
// figures.
//
//===----------------------------------------------------------------------===//

#include "TestUtils.h"
#include "RandomGraph.h"
#include "remat/Analysis/MemoryReport.h"
#include "remat/Analysis/MemoryTimeline.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Transforms/BudgetModel.h"
#include "remat/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <random>

using namespace mlir;
using namespace mlir::remat;
using namespace remat_test;

namespace {

/// A random graph as the budget policy sees it (after split-destinations).
struct Graph {
  std::unique_ptr<MLIRContext> ctx;
  OwningOpRef<ModuleOp> module;
  std::optional<TrainingGraph> graph;
  SmallVector<Operation *> candidates;
};

std::unique_ptr<Graph> makeGraph(uint64_t seed, unsigned minOps,
                                 unsigned maxOps) {
  auto g = std::make_unique<Graph>();
  g->ctx = makeContext();
  // The generator writes side-effecting copies as alloc_tensor.
  g->ctx->getOrLoadDialect<bufferization::BufferizationDialect>();
  g->module = parse(*g->ctx, remat_difftest::randomGraph(seed, minOps, maxOps,
                                                         /*withPolicies=*/false));
  if (!g->module)
    return nullptr;
  PassManager pm(g->ctx.get());
  pm.addNestedPass<func::FuncOp>(createRematSplitDestinations());
  if (failed(pm.run(*g->module)))
    return nullptr;
  FailureOr<TrainingGraph> graph = TrainingGraph::build(firstFunc(*g->module));
  if (failed(graph))
    return nullptr;
  g->graph.emplace(std::move(*graph));
  g->candidates = getBudgetCandidates(*g->graph);
  return g;
}

llvm::BitVector randomSet(std::mt19937_64 &rng, unsigned n, double p) {
  llvm::BitVector set(n);
  std::bernoulli_distribution coin(p);
  for (unsigned i = 0; i < n; ++i)
    if (coin(rng))
      set.set(i);
  return set;
}

// The model predicts the peak of the real pipeline (materialize, schedule,
// memory timeline) for random decisions on random graphs. It leaves out the
// schedule and materialize's peak guard, which only lower the peak: it must
// never predict less than the real peak, and when the guard has nothing to
// undo (the predicted peak is not above the unrematerialized one) it must
// predict materialize's result exactly, peak and FLOPs.
TEST(BudgetModel, AgreesWithThePipeline) {
  unsigned cases = 0, samePeak = 0, guarded = 0, below = 0;
  double worst = 0, sumRel = 0;
  for (uint64_t seed = 0; seed < 60; ++seed) {
    auto g = makeGraph(seed, 4, 40);
    ASSERT_TRUE(g) << "seed " << seed;
    BudgetModel model(*g->graph, g->candidates);
    int64_t baseline = model.evaluate(llvm::BitVector(g->candidates.size())).peak;
    std::mt19937_64 rng(seed);
    for (double p : {0.0, 0.15, 0.4, 0.8}) {
      for (int k = 0; k < (p == 0.0 ? 1 : 3); ++k) {
        llvm::BitVector set = randomSet(rng, g->candidates.size(), p);
        BudgetOutcome predicted = model.evaluate(set);
        SmallVector<Operation *> ops;
        for (unsigned i : set.set_bits())
          ops.push_back(g->candidates[i]);
        BudgetOutcome real = measureBudgetDecision(*g->graph, ops);
        BudgetOutcome unscheduled =
            measureBudgetDecision(*g->graph, ops, /*schedule=*/false);
        ++cases;
        if (predicted.peak > baseline) {
          ++guarded;
        } else {
          EXPECT_EQ(predicted.peak, unscheduled.peak) << "seed " << seed;
          EXPECT_EQ(predicted.flops, unscheduled.flops) << "seed " << seed;
        }
        samePeak += predicted.peak == real.peak;
        if (predicted.peak < real.peak) {
          ++below;
          ADD_FAILURE() << "seed " << seed << ": model " << predicted.peak
                        << " below the real peak " << real.peak;
        }
        double rel =
            real.peak ? double(predicted.peak - real.peak) / real.peak : 0.0;
        worst = std::max(worst, rel);
        sumRel += rel;
      }
    }
  }
  std::printf("model vs pipeline: %u decisions (%u raise the peak, undone by "
              "the peak guard); peak equal to the real one in %u (%.1f%%), "
              "above by %.2f%% on average, %.2f%% at most, below in %u\n",
              cases, guarded, samePeak, 100.0 * samePeak / cases,
              100.0 * sumRel / cases, 100.0 * worst, below);
}

// What the peak policy's prefer=saved compares: the saved bytes a
// measurement reports are the ones -remat-report gives after running
// materialize and schedule with the same marks.
TEST(BudgetModel, SavedBytesAgreeWithTheReport) {
  unsigned cases = 0;
  for (uint64_t seed = 0; seed < 30; ++seed) {
    auto g = makeGraph(seed, 4, 40);
    ASSERT_TRUE(g) << "seed " << seed;
    std::mt19937_64 rng(seed);
    for (double p : {0.0, 0.3, 0.7}) {
      llvm::BitVector set = randomSet(rng, g->candidates.size(), p);
      SmallVector<Operation *> ops;
      for (unsigned i : set.set_bits())
        ops.push_back(g->candidates[i]);
      BudgetOutcome measured = measureBudgetDecision(
          *g->graph, ops, /*schedule=*/true, /*inputPeak=*/{},
          /*countSaved=*/true);
      OwningOpRef<ModuleOp> copy = g->module->clone();
      func::FuncOp func = firstFunc(*copy);
      DenseSet<Operation *> marked(ops.begin(), ops.end());
      for (auto [op, target] :
           llvm::zip(g->graph->getOps(), func.getBody().front().getOperations()))
        if (marked.contains(op))
          target.setAttr(RematDialect::kPolicyAttrName,
                         StringAttr::get(g->ctx.get(), "recompute"));
      PassManager pm(g->ctx.get());
      pm.addPass(createRematMaterialize());
      pm.addPass(createRematSchedule());
      ASSERT_TRUE(succeeded(pm.run(*copy))) << "seed " << seed;
      FailureOr<TrainingGraph> after = TrainingGraph::build(func);
      ASSERT_TRUE(succeeded(after)) << "seed " << seed;
      Block &body = func.getBody().front();
      FunctionReport report =
          buildFunctionReport(*after, MemoryTimeline::build(body));
      EXPECT_EQ(measured.savedBytes, report.savedBytes)
          << "seed " << seed << ", p " << p;
      ++cases;
    }
  }
  std::printf("saved bytes: %u decisions, each as -remat-report gives them\n",
              cases);
}

/// The model's outcome of every subset of the candidates.
std::vector<BudgetOutcome> everySubset(const BudgetModel &model) {
  unsigned n = model.getNumCandidates();
  std::vector<BudgetOutcome> outcomes;
  for (uint64_t mask = 0; mask < (uint64_t(1) << n); ++mask) {
    llvm::BitVector set(n);
    for (unsigned i = 0; i < n; ++i)
      if ((mask >> i) & 1)
        set.set(i);
    outcomes.push_back(model.evaluate(set));
  }
  return outcomes;
}

/// The fewest FLOPs among `outcomes` under `budget`.
std::optional<int64_t> fewestFlops(ArrayRef<BudgetOutcome> outcomes,
                                   int64_t budget) {
  std::optional<int64_t> best;
  for (const BudgetOutcome &o : outcomes)
    if (o.peak <= budget && (!best || o.flops < *best))
      best = o.flops;
  return best;
}

/// Every distinct peak among `outcomes`, ascending (budgets to test at).
std::vector<int64_t> distinctPeaks(ArrayRef<BudgetOutcome> outcomes) {
  std::vector<int64_t> peaks;
  for (const BudgetOutcome &o : outcomes)
    peaks.push_back(o.peak);
  llvm::sort(peaks);
  peaks.erase(std::unique(peaks.begin(), peaks.end()), peaks.end());
  return peaks;
}

/// The smallest peak any decision reaches on the model, over the fast
/// family (budgets are spread between it and the unrematerialized peak).
int64_t smallestPeak(ArrayRef<ModelDecision> family) {
  int64_t smallest = std::numeric_limits<int64_t>::max();
  for (const ModelDecision &d : family)
    smallest = std::min(smallest, d.outcome.peak);
  return smallest;
}

/// Budgets from the smallest peak the fast family reaches (first) up to the
/// unrematerialized one (last), at fixed fractions of the way.
std::vector<int64_t> spreadBudgets(const BudgetModel &model) {
  int64_t full = model.evaluate(llvm::BitVector(model.getNumCandidates())).peak;
  int64_t low = smallestPeak(fastBudgetFamily(model));
  std::vector<int64_t> budgets;
  for (double f : {0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0})
    budgets.push_back(low + int64_t(f * double(full - low)));
  return budgets;
}

/// Calls `fn(seed, graph, model, outcomes)` on the first `count` random
/// graphs small enough to enumerate (1 to 12 candidates), with the model's
/// outcome of every subset; returns how many graphs it found.
template <typename Fn> unsigned forEachEnumerableGraph(unsigned count, Fn fn) {
  unsigned graphs = 0;
  for (uint64_t seed = 0; seed < 400 && graphs < count; ++seed) {
    auto g = makeGraph(seed, 3, 12);
    EXPECT_TRUE(g) << "seed " << seed;
    if (!g)
      break;
    if (g->candidates.size() > 12 || g->candidates.empty())
      continue;
    ++graphs;
    BudgetModel model(*g->graph, g->candidates);
    fn(seed, *g, model, everySubset(model));
  }
  return graphs;
}

// The branch and bound finds what exhaustive search finds, on every graph
// small enough to enumerate (at most 12 candidates), at budgets spread
// from the unrematerialized peak down to the smallest reachable one.
TEST(BudgetModel, ExactMatchesExhaustiveSearch) {
  unsigned cases = 0;
  unsigned graphs = forEachEnumerableGraph(
      60, [&](uint64_t seed, Graph &, BudgetModel &model,
              ArrayRef<BudgetOutcome> outcomes) {
        for (int64_t budget : spreadBudgets(model)) {
          std::optional<int64_t> expected = fewestFlops(outcomes, budget);
          ExactModelResult exact = solveBudgetExactly(model, budget);
          ++cases;
          ASSERT_TRUE(exact.complete);
          ASSERT_EQ(expected.has_value(), exact.best.has_value())
              << "seed " << seed << " budget " << budget;
          if (expected) {
            EXPECT_EQ(*expected, exact.best->outcome.flops)
                << "seed " << seed << " budget " << budget;
          }
        }
      });
  std::printf("branch and bound vs exhaustive: %u graphs, %u budgets\n",
              graphs, cases);
  EXPECT_GE(graphs, 40u);
}

// The MILP (CBC) finds what exhaustive search finds, with a proof: complete
// and its lower bound equal to the optimum, on the same graphs and budgets
// as the branch and bound, one pool of cuts per graph (as the frontier
// sweep keeps it). Then its frontier against exhaustive search at every
// distinct peak.
TEST(BudgetModel, MilpMatchesExhaustiveSearch) {
  if (!isBudgetMilpAvailable())
    GTEST_SKIP() << "built without CBC";
  unsigned cases = 0, points = 0;
  unsigned graphs = forEachEnumerableGraph(
      12, [&](uint64_t seed, Graph &, BudgetModel &model,
              ArrayRef<BudgetOutcome> outcomes) {
        std::vector<BudgetCut> cuts;
        // From the top, as a sweep visits them (the pool is valid below).
        // A named vector: llvm::reverse of a temporary would not keep it.
        std::vector<int64_t> spread = spreadBudgets(model);
        for (int64_t budget : llvm::reverse(spread)) {
          std::optional<int64_t> expected = fewestFlops(outcomes, budget);
          ExactModelResult milp = solveBudgetMilp(
              model, budget, std::numeric_limits<uint64_t>::max(), nullptr,
              &cuts);
          ++cases;
          ASSERT_TRUE(milp.complete) << "seed " << seed << " budget " << budget;
          ASSERT_EQ(expected.has_value(), milp.best.has_value())
              << "seed " << seed << " budget " << budget;
          if (expected) {
            EXPECT_EQ(*expected, milp.best->outcome.flops)
                << "seed " << seed << " budget " << budget;
            EXPECT_LE(milp.best->outcome.peak, budget);
            EXPECT_EQ(milp.lowerBound, milp.best->outcome.flops);
          }
        }
        FrontierResult frontier = budgetFrontier(
            model, {}, std::numeric_limits<int64_t>::min(),
            std::numeric_limits<uint64_t>::max(), false, /*milp=*/true);
        ASSERT_TRUE(frontier.complete);
        std::vector<int64_t> budgets = distinctPeaks(outcomes);
        for (int64_t budget : budgets) {
          ++points;
          const ModelDecision *got =
              chooseModelDecision(frontier.members, budget);
          ASSERT_TRUE(got) << "seed " << seed << " budget " << budget;
          EXPECT_EQ(*fewestFlops(outcomes, budget), got->outcome.flops)
              << "seed " << seed << " budget " << budget;
        }
      });
  std::printf("MILP vs exhaustive: %u graphs, %u budgets, %u frontier "
              "points\n",
              graphs, cases, points);
  EXPECT_GE(graphs, 12u);
}

// With a node limit too small to finish, the MILP answers with the best
// found (at least the incumbent) and a lower bound at most the optimum and
// below what it found: never a claim.
TEST(BudgetModel, MilpOutOfNodesStatesItsGap) {
  if (!isBudgetMilpAvailable())
    GTEST_SKIP() << "built without CBC";
  unsigned open = 0;
  for (uint64_t seed = 0; seed < 10; ++seed) {
    auto g = makeGraph(seed, 10, 20);
    ASSERT_TRUE(g) << "seed " << seed;
    BudgetModel model(*g->graph, g->candidates);
    std::vector<ModelDecision> family = fastBudgetFamily(model);
    int64_t full = model.evaluate(llvm::BitVector(g->candidates.size())).peak;
    int64_t budget = smallestPeak(family) +
                     (full - smallestPeak(family)) / 10;
    const ModelDecision *fast = chooseModelDecision(family, budget);
    ASSERT_TRUE(fast);
    ExactModelResult tight = solveBudgetMilp(model, budget, 2, fast);
    // The reference optimum from the branch and bound (the MILP itself can
    // take long on these graphs, docs/Budget.md).
    ExactModelResult whole = solveBudgetExactly(model, budget);
    ASSERT_TRUE(whole.complete && whole.best && tight.best);
    EXPECT_LE(tight.best->outcome.flops, fast->outcome.flops);
    EXPECT_LE(tight.lowerBound, whole.best->outcome.flops) << "seed " << seed;
    if (!tight.complete) {
      ++open;
      EXPECT_LT(tight.lowerBound, tight.best->outcome.flops) << "seed " << seed;
    }
  }
  std::printf("MILP with 2 nodes: %u of 10 searches left open\n", open);
  EXPECT_GE(open, 1u);
}

// The fast solver's FLOPs against the exact solver's, on the model, on
// random graphs of up to a few hundred ops, at budgets spread between the
// smallest reachable peak and the unrematerialized one.
TEST(BudgetModel, FastIsCloseToExact) {
  // The mean excess must stay below 2%, and no budget may cost more than
  // 25% over the optimum.
  const double kTolerance = 0.02, kWorst = 1.25;
  const uint64_t kNodes = 5000;
#ifdef REMAT_SANITIZED
  // Instrumented, the 60 graphs take 5 minutes of CI's sanitizer suite; a
  // quarter of them reach the same code. The figures are the normal build's.
  const uint64_t kGraphs = 15;
#else
  const uint64_t kGraphs = 60;
#endif
  unsigned cases = 0, equal = 0, incomplete = 0, improved = 0, maxOps = 0;
  double sumRatio = 0, worst = 1, worstOpen = 1;
  for (uint64_t seed = 0; seed < kGraphs; ++seed) {
    auto g = makeGraph(seed, 10, 50);
    ASSERT_TRUE(g) << "seed " << seed;
    BudgetModel model(*g->graph, g->candidates);
    maxOps = std::max(maxOps, model.getNumOps());
    std::vector<ModelDecision> family = fastBudgetFamily(model);
    int64_t full = model.evaluate(llvm::BitVector(g->candidates.size())).peak;
    int64_t low = smallestPeak(family);
    for (double f : {0.1, 0.3, 0.5, 0.7, 0.9}) {
      int64_t budget = low + int64_t(f * double(full - low));
      const ModelDecision *fast = chooseModelDecision(family, budget);
      ASSERT_TRUE(fast) << "seed " << seed;
      ExactModelResult exact = solveBudgetExactly(model, budget, kNodes, fast);
      ASSERT_TRUE(exact.best);
      if (!exact.complete) {
        // The search started from the fast choice: did it improve on it?
        ++incomplete;
        improved += exact.best->outcome.flops < fast->outcome.flops;
        if (exact.best->outcome.flops)
          worstOpen = std::max(worstOpen, double(fast->outcome.flops) /
                                              exact.best->outcome.flops);
        continue;
      }
      ++cases;
      int64_t a = fast->outcome.flops, b = exact.best->outcome.flops;
      double ratio = b ? double(a) / double(b) : (a ? 2.0 : 1.0);
      equal += a == b;
      sumRatio += ratio;
      worst = std::max(worst, ratio);
    }
  }
  double mean = sumRatio / cases;
  std::printf("fast vs exact: %u budgets solved exactly on graphs of up to %u "
              "ops: equal FLOPs in %u (%.1f%%), fast/exact %.4f on average, "
              "%.3f at worst; %u more budgets where the exact search hit its "
              "node limit, where it improved on the fast solver in %u, "
              "fast/best found %.3f at worst\n",
              cases, maxOps, equal, 100.0 * equal / cases, mean, worst,
              incomplete, improved, worstOpen);
  EXPECT_LE(mean, 1.0 + kTolerance);
  EXPECT_LE(worst, kWorst);
  EXPECT_GE(cases, kGraphs * 10 / 3);
}

// The frontier sweep is the exact Pareto frontier of the model: for every
// budget, its best member has the FLOPs exhaustive search finds. And a sweep
// that stops early gives a prefix of the whole one (what makes the pass's
// choice monotone in the budget).
TEST(BudgetModel, FrontierMatchesExhaustiveSearch) {
  unsigned cases = 0;
  unsigned graphs =
      forEachEnumerableGraph(40, [&](uint64_t seed, Graph &, BudgetModel &model,
                                     ArrayRef<BudgetOutcome> outcomes) {
        std::vector<ModelDecision> family = fastBudgetFamily(model);
        FrontierResult frontier =
            budgetFrontier(model, family, std::numeric_limits<int64_t>::min(),
                           std::numeric_limits<uint64_t>::max());
        ASSERT_TRUE(frontier.complete);
        // Every distinct peak any subset reaches, as a budget.
        std::vector<int64_t> budgets = distinctPeaks(outcomes);
        budgets.push_back(budgets.front() - 1); // infeasible
        for (int64_t budget : budgets) {
          ++cases;
          std::optional<int64_t> expected = fewestFlops(outcomes, budget);
          const ModelDecision *got =
              chooseModelDecision(frontier.members, budget);
          ASSERT_EQ(expected.has_value(), got != nullptr)
              << "seed " << seed << " budget " << budget;
          if (expected) {
            EXPECT_EQ(*expected, got->outcome.flops)
                << "seed " << seed << " budget " << budget;
          }
        }
        // Stopping at each member's peak gives the members up to it.
        for (size_t i = 0; i < frontier.members.size(); ++i) {
          FrontierResult part =
              budgetFrontier(model, family, frontier.members[i].outcome.peak,
                             std::numeric_limits<uint64_t>::max());
          ASSERT_EQ(part.members.size(), i + 1) << "seed " << seed;
          for (size_t k = 0; k <= i; ++k)
            EXPECT_EQ(part.members[k].recompute, frontier.members[k].recompute)
                << "seed " << seed;
        }
      });
  std::printf("frontier vs exhaustive: %u graphs, %u budgets\n", graphs, cases);
  EXPECT_GE(graphs, 30u);
}

// Beyond what exhaustive search reaches, the branch and bound's claim of
// optimality rests on an assumption (only candidates that keep memory alive
// at a step over the budget can lower it, by at most their buffers). Try
// to refute it on larger graphs: no decision one or two flips away from a
// proven optimum (add, drop, swap, add two, drop two) may fit the budget
// with fewer FLOPs.
TEST(BudgetModel, ExactIsNotBeatenNearby) {
  const uint64_t kNodes = 3000;
  unsigned proven = 0, probes = 0, maxCandidates = 0;
  for (uint64_t seed = 0; seed < 12; ++seed) {
    auto g = makeGraph(seed, 10, 30);
    ASSERT_TRUE(g) << "seed " << seed;
    BudgetModel model(*g->graph, g->candidates);
    unsigned n = model.getNumCandidates();
    maxCandidates = std::max(maxCandidates, n);
    std::vector<ModelDecision> family = fastBudgetFamily(model);
    int64_t full = model.evaluate(llvm::BitVector(n)).peak;
    int64_t low = smallestPeak(family);
    for (double f : {0.2, 0.5, 0.8}) {
      int64_t budget = low + int64_t(f * double(full - low));
      ExactModelResult exact = solveBudgetExactly(
          model, budget, kNodes, chooseModelDecision(family, budget));
      if (!exact.complete || !exact.best)
        continue;
      ++proven;
      const llvm::BitVector &best = exact.best->recompute;
      for (unsigned i = 0; i < n; ++i)
        for (unsigned j = i; j < n; ++j) {
          llvm::BitVector near = best;
          near.flip(i);
          if (j != i)
            near.flip(j);
          BudgetOutcome o = model.evaluate(near);
          ++probes;
          if (o.peak <= budget) {
            EXPECT_GE(o.flops, exact.best->outcome.flops)
                << "seed " << seed << " budget " << budget;
          }
        }
    }
  }
  std::printf("%u proven optima (up to %u candidates), %u neighbours: none "
              "better\n",
              proven, maxCandidates, probes);
  EXPECT_GE(proven, 20u);
}

} // namespace
