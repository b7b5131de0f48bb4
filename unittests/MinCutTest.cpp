//===- MinCutTest.cpp - max flow / min cut --------------------------------===//

#include "remat/Analysis/MinCut.h"

#include "gtest/gtest.h"
#include <random>

using namespace mlir::remat;

namespace {

TEST(MinCut, ClassicExample) {
  // CLRS figure 26.1: max flow 23.
  MinCut cut(6);
  cut.addEdge(0, 1, 16);
  cut.addEdge(0, 2, 13);
  cut.addEdge(1, 3, 12);
  cut.addEdge(2, 1, 4);
  cut.addEdge(2, 4, 14);
  cut.addEdge(3, 2, 9);
  cut.addEdge(3, 5, 20);
  cut.addEdge(4, 3, 7);
  cut.addEdge(4, 5, 4);
  EXPECT_EQ(static_cast<int64_t>(cut.solve(0, 5)), 23);
  EXPECT_TRUE(cut.isOnSourceSide(0));
  EXPECT_FALSE(cut.isOnSourceSide(5));
}

TEST(MinCut, InfiniteEdgesAreNeverCut) {
  // s -inf-> a -3-> b -inf-> t and s -5-> b: the cut is {a->b, s->b}.
  MinCut cut(4);
  cut.addEdge(0, 1, MinCut::kInfinity);
  cut.addEdge(1, 2, 3);
  cut.addEdge(0, 2, 5);
  cut.addEdge(2, 3, MinCut::kInfinity);
  EXPECT_EQ(static_cast<int64_t>(cut.solve(0, 3)), 8);
  EXPECT_TRUE(cut.isOnSourceSide(1));
  EXPECT_FALSE(cut.isOnSourceSide(2));
}

TEST(MinCut, WideCapacitiesDoNotOverflow) {
  MinCut::Capacity big = MinCut::Capacity(1) << 100;
  MinCut cut(3);
  cut.addEdge(0, 1, big);
  cut.addEdge(1, 2, big + 7);
  EXPECT_TRUE(cut.solve(0, 2) == big);
}

// The cut value equals the sum of capacities crossing from the source side
// to the sink side, on random graphs: max-flow = min-cut.
TEST(MinCut, FlowEqualsCutOnRandomGraphs) {
  std::mt19937 rng(42);
  for (int trial = 0; trial < 200; ++trial) {
    unsigned n = 2 + rng() % 30;
    MinCut cut(n);
    std::vector<std::tuple<unsigned, unsigned, int64_t>> edges;
    unsigned m = rng() % (4 * n);
    for (unsigned i = 0; i < m; ++i) {
      unsigned a = rng() % n, b = rng() % n;
      int64_t c = rng() % 20;
      cut.addEdge(a, b, c);
      edges.emplace_back(a, b, c);
    }
    int64_t flow = static_cast<int64_t>(cut.solve(0, n - 1));
    int64_t crossing = 0;
    for (auto [a, b, c] : edges)
      if (cut.isOnSourceSide(a) && !cut.isOnSourceSide(b))
        crossing += c;
    EXPECT_EQ(flow, crossing) << "trial " << trial;
    // A maximum flow leaves no augmenting path: the sink is unreachable.
    EXPECT_FALSE(cut.isOnSourceSide(n - 1)) << "trial " << trial;
  }
}

} // namespace
