//===- BudgetModelTest.cpp - the budget solvers' peak model ---------------===//
//
// On seeded random training graphs (remat-difftest's generator): the model
// against the real pipeline, the exact branch and bound against exhaustive
// search, and the fast solver against the exact one. Each test prints what
// it measured; docs/Budget.md records the figures.
//
//===----------------------------------------------------------------------===//

#include "TestUtils.h"
#include "RandomGraph.h"
#include "remat/Transforms/BudgetModel.h"
#include "remat/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdio>
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

} // namespace
