//===- SelectivePolicy.cpp - the selective policy, as a min-cut -------------===//
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

#include "Policies.h"

using namespace mlir;
using namespace mlir::remat;
using namespace mlir::remat::policies;

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/MinCut.h"

void policies::selectiveDecisions(const TrainingGraph &graph, double flopsPerByte,
                               Decisions &decisions, bool contractions) {
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

  // Which ops may be recomputed (and their FLOPs), and the FLOPs weight W.
  DenseMap<Operation *, std::pair<bool, int64_t>> canRecompute;
  Capacity totalFlops = 0;
  for (Operation *op : graph.getOps()) {
    if (graph.isBackward(op))
      continue;
    bool ok = !whyNotRecomputable(op) && getPolicy(op) != Policy::Save;
    OpCost cost = getOpCost(op);
    // An op that does much work per byte it produces (a large GEMM) is
    // cheaper to keep than to redo.
    if (ok && getPolicy(op) != Policy::Recompute)
      ok = !overFlopsPerByte(op, flopsPerByte, cost.flops) &&
           (contractions || !isContractionLike(op));
    canRecompute[op] = {ok, cost.flops};
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
    auto [recomputable, flops] = canRecompute.lookup(op);
    bool mustRecompute = recomputable && getPolicy(op) == Policy::Recompute;
    bool constant = op->hasTrait<OpTrait::ConstantLike>();
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
