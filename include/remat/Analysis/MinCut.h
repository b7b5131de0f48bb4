//===- MinCut.h - s-t minimum cut by max flow -------------------*- C++ -*-===//
//
// Dinic's max-flow algorithm on a directed graph with 128-bit capacities.
// Wide capacities let a caller combine two objectives lexicographically in
// one cut (bytes saved, then recompute FLOPs as a tie-breaker) without
// overflow. A pure data structure, tested by GoogleTest.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_MINCUT_H
#define REMAT_ANALYSIS_MINCUT_H

#include <cstdint>
#include <vector>

namespace mlir::remat {

class MinCut {
public:
  using Capacity = __int128;
  /// Larger than any finite cut a caller builds.
  static constexpr Capacity kInfinity = Capacity(1) << 120;

  explicit MinCut(unsigned numNodes) : adjacency(numNodes) {}

  unsigned addNode() {
    adjacency.emplace_back();
    return adjacency.size() - 1;
  }
  unsigned getNumNodes() const { return adjacency.size(); }

  void addEdge(unsigned from, unsigned to, Capacity capacity);

  /// Computes a maximum flow from `source` to `sink`; returns its value,
  /// which equals the capacity of a minimum cut.
  Capacity solve(unsigned source, unsigned sink);

  /// After solve(): whether `node` is on the source side of the minimum cut
  /// (reachable from the source in the residual graph).
  bool isOnSourceSide(unsigned node) const { return sourceSide[node]; }

private:
  struct Edge {
    unsigned to;
    unsigned reverse;
    Capacity capacity;
  };
  bool buildLevels(unsigned source, unsigned sink);
  Capacity augment(unsigned node, unsigned sink, Capacity limit);

  std::vector<std::vector<Edge>> adjacency;
  std::vector<int> level;
  std::vector<unsigned> cursor;
  std::vector<bool> sourceSide;
};

} // namespace mlir::remat

#endif // REMAT_ANALYSIS_MINCUT_H
