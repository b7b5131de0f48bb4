//===- MinCut.cpp - s-t minimum cut by max flow ---------------------------===//
//
// Dinic: BFS levels, then blocking flows by DFS along increasing levels.
// O(V^2 E) in general and much faster on the shallow, layered graphs that
// training graphs give. The DFS is iterative so that deep forward graphs
// (tens of thousands of ops) cannot overflow the stack.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/MinCut.h"

#include <algorithm>
#include <cassert>
#include <deque>

using namespace mlir::remat;

void MinCut::addEdge(unsigned from, unsigned to, Capacity capacity) {
  assert(capacity >= 0 && "negative capacity");
  unsigned fromIndex = adjacency[from].size();
  unsigned toIndex = adjacency[to].size() + (from == to ? 1 : 0);
  adjacency[from].push_back(Edge{to, toIndex, capacity});
  adjacency[to].push_back(Edge{from, fromIndex, 0});
}

bool MinCut::buildLevels(unsigned source, unsigned sink) {
  level.assign(adjacency.size(), -1);
  std::deque<unsigned> queue{source};
  level[source] = 0;
  while (!queue.empty()) {
    unsigned node = queue.front();
    queue.pop_front();
    for (const Edge &edge : adjacency[node]) {
      if (edge.capacity > 0 && level[edge.to] < 0) {
        level[edge.to] = level[node] + 1;
        queue.push_back(edge.to);
      }
    }
  }
  return level[sink] >= 0;
}

MinCut::Capacity MinCut::augment(unsigned source, unsigned sink,
                                 Capacity limit) {
  // Iterative DFS: `path` holds the edges taken from the source.
  std::vector<std::pair<unsigned, unsigned>> path; // (node, edge index)
  unsigned node = source;
  while (true) {
    if (node == sink) {
      Capacity pushed = limit;
      for (auto [n, e] : path)
        pushed = std::min(pushed, adjacency[n][e].capacity);
      for (auto [n, e] : path) {
        Edge &edge = adjacency[n][e];
        edge.capacity -= pushed;
        adjacency[edge.to][edge.reverse].capacity += pushed;
      }
      return pushed;
    }
    bool advanced = false;
    for (unsigned &i = cursor[node]; i < adjacency[node].size(); ++i) {
      const Edge &edge = adjacency[node][i];
      if (edge.capacity > 0 && level[edge.to] == level[node] + 1) {
        path.emplace_back(node, i);
        node = edge.to;
        advanced = true;
        break;
      }
    }
    if (advanced)
      continue;
    // Dead end: retreat and skip the edge that led here.
    level[node] = -1;
    if (path.empty())
      return 0;
    node = path.back().first;
    path.pop_back();
    ++cursor[node];
  }
}

MinCut::Capacity MinCut::solve(unsigned source, unsigned sink) {
  Capacity flow = 0;
  while (buildLevels(source, sink)) {
    cursor.assign(adjacency.size(), 0);
    while (Capacity pushed = augment(source, sink, kInfinity))
      flow += pushed;
  }
  // The source side: nodes reachable through residual capacity.
  sourceSide.assign(adjacency.size(), false);
  std::deque<unsigned> queue{source};
  sourceSide[source] = true;
  while (!queue.empty()) {
    unsigned node = queue.front();
    queue.pop_front();
    for (const Edge &edge : adjacency[node])
      if (edge.capacity > 0 && !sourceSide[edge.to]) {
        sourceSide[edge.to] = true;
        queue.push_back(edge.to);
      }
  }
  return flow;
}
