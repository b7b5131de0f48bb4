//===- Mark.cpp - decide what to save and what to recompute ---------------===//
//
// Each policy turns a training graph into per-op decisions, written as
// `remat.policy` attributes that -remat-materialize acts on. User-written
// `remat.policy` attributes are overrides in every policy. Whatever the
// policy, an op that is not recomputable (memory effects, unknown effects,
// no cost model) is saved: the RNG-replay class of bugs, where recomputing a
// stateful random op silently changes the gradients, cannot happen.
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

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/MinCut.h"
#include "remat/Analysis/TrainingGraph.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Transforms/Passes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

#include <cmath>

namespace mlir::remat {
#define GEN_PASS_DEF_REMATMARK
#include "remat/Transforms/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

std::optional<std::string>
mlir::remat::validateMarkOptions(StringRef policy, double flopsPerByte,
                                 StringRef segments, StringRef group,
                                 unsigned every) {
  std::string prefix = "remat: ";
  if (policy == "budget")
    return prefix + "policy 'budget' needs the memory-budget solver, which "
                    "is not available yet; accepted policies: none, "
                    "manual, selective, segments";
  if (policy != "none" && policy != "manual" && policy != "selective" &&
      policy != "segments")
    return prefix + "unknown policy '" + policy.str() +
           "'; accepted policies: none, manual, selective, segments";
  if (!(flopsPerByte >= 0) || std::isinf(flopsPerByte))
    return prefix + "flops-per-byte must be a finite number >= 0, got " +
           std::to_string(flopsPerByte);
  if (every == 0)
    return prefix + "every must be at least 1";
  if (!segments.empty()) {
    unsigned n = 0;
    if (segments != "sqrt" && (segments.getAsInteger(10, n) || n == 0))
      return prefix + "segments must be a positive number or 'sqrt', got '" +
             segments.str() + "'";
  }
  if (!group.empty()) {
    llvm::Regex regex(group);
    std::string error;
    if (!regex.isValid(error))
      return prefix + "invalid group regex '" + group.str() + "': " + error;
  }
  if (policy == "segments" && segments.empty() == group.empty())
    return prefix + "policy 'segments' needs exactly one of segments=N|sqrt "
                    "and group=REGEX";
  if (policy != "segments" && (!segments.empty() || !group.empty()))
    return prefix + "segments= and group= apply only to policy=segments";
  return std::nullopt;
}

/// Why `op` cannot be recomputed, or null if it can.
static const char *whyNotRecomputable(Operation *op) {
  if (!op->isRegistered())
    return "it is an unregistered op with unknown effects";
  if (!isMemoryEffectFree(op))
    return "it has memory effects";
  if (!hasCostModel(op))
    return "it has no cost model";
  if (!isRecomputable(op))
    return "its cost model says it is not recomputable";
  return nullptr;
}

/// Forward ops may be recomputed only if the op allows it; a user's
/// "recompute" on an op that does not is turned into "save", loudly.
static void demoteUnrecomputableOverrides(const TrainingGraph &graph) {
  MLIRContext *ctx = graph.getFunction()->getContext();
  for (Operation *op : graph.getOps()) {
    if (graph.isBackward(op) || getPolicy(op) != Policy::Recompute)
      continue;
    if (const char *why = whyNotRecomputable(op)) {
      op->emitWarning() << "cannot be recomputed because " << why
                        << "; saving it instead of 'remat.policy = "
                        << "\"recompute\"'";
      op->setAttr(RematDialect::kPolicyAttrName,
                  StringAttr::get(ctx, "save"));
    }
  }
}

/// Leaves (constants, tensor.empty) cost nothing to recompute and are
/// cloned wherever needed; no decision is recorded for them.
static bool isLeaf(Operation *op) {
  return op->getNumOperands() == 0 && op->getNumRegions() == 0;
}

/// Forward tensors read by a backward op (the terminator excluded).
/// Scalars cost nothing to keep.
static llvm::SetVector<Value> getRequiredValues(const TrainingGraph &graph) {
  llvm::SetVector<Value> required;
  for (Operation *op : graph.getOps()) {
    if (!graph.isBackward(op) || op->hasTrait<OpTrait::IsTerminator>())
      continue;
    for (Value input : getOpInputs(op)) {
      Operation *def = input.getDefiningOp();
      if (def && def->getBlock() == &graph.getBody() &&
          !graph.isBackward(def) && isa<RankedTensorType>(input.getType()))
        required.insert(input);
    }
  }
  return required;
}

using Decisions = DenseMap<Operation *, Policy>;

static void selectiveDecisions(const TrainingGraph &graph, double flopsPerByte,
                               Decisions &decisions) {
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

  // Which ops may be recomputed, and the FLOPs weight W.
  DenseMap<Operation *, bool> canRecompute;
  Capacity totalFlops = 0;
  for (Operation *op : graph.getOps()) {
    if (graph.isBackward(op))
      continue;
    bool ok = !whyNotRecomputable(op) && getPolicy(op) != Policy::Save;
    OpCost cost = getOpCost(op);
    int64_t bytesOut = 0;
    for (Type type : op->getResultTypes())
      bytesOut += getTensorBytes(type);
    // FLOPs per byte of output: an op that does much work per byte it
    // produces (a large GEMM) is cheaper to keep than to redo.
    if (ok && cost.flops > 0 && getPolicy(op) != Policy::Recompute)
      ok = bytesOut > 0 && double(cost.flops) / double(bytesOut) < flopsPerByte;
    canRecompute[op] = ok;
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
    bool recomputable = canRecompute.lookup(op);
    bool mustRecompute = recomputable && getPolicy(op) == Policy::Recompute;
    bool constant = op->hasTrait<OpTrait::ConstantLike>();
    int64_t flops = getOpCost(op).flops;
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

/// All names in a location: NameLocs anywhere in fused or call-site trees.
static void collectLocationNames(Location loc,
                                 SmallVectorImpl<StringRef> &names) {
  if (auto name = dyn_cast<NameLoc>(loc)) {
    names.push_back(name.getName().getValue());
    collectLocationNames(name.getChildLoc(), names);
  } else if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location inner : fused.getLocations())
      collectLocationNames(inner, names);
  } else if (auto callsite = dyn_cast<CallSiteLoc>(loc)) {
    collectLocationNames(callsite.getCallee(), names);
    collectLocationNames(callsite.getCaller(), names);
  }
}

static void segmentDecisions(const TrainingGraph &graph, StringRef segments,
                             StringRef group, unsigned every,
                             Decisions &decisions) {
  SmallVector<Operation *> forward;
  for (Operation *op : graph.getOps())
    if (!graph.isBackward(op))
      forward.push_back(op);
  if (forward.empty())
    return;

  // Segment (or group) index per forward op; -1: in no group.
  DenseMap<Operation *, int64_t> segmentOf;
  if (!group.empty()) {
    llvm::Regex regex(group);
    llvm::StringMap<int64_t> groupIds;
    for (Operation *op : forward) {
      SmallVector<StringRef> names;
      collectLocationNames(op->getLoc(), names);
      for (StringRef name : names) {
        SmallVector<StringRef> matches;
        if (!regex.match(name, &matches))
          continue;
        auto [it, inserted] = groupIds.try_emplace(matches[0], groupIds.size());
        segmentOf[op] = it->second;
        break;
      }
    }
  } else {
    size_t count = 0;
    if (segments == "sqrt")
      count = std::max<size_t>(
          1, std::llround(std::sqrt(static_cast<double>(forward.size()))));
    else
      segments.getAsInteger(10, count);
    count = std::min(count, forward.size());
    // Equal FLOPs per segment (equal op counts when nothing costs FLOPs).
    SmallVector<double> weights;
    double total = 0;
    for (Operation *op : forward) {
      weights.push_back(static_cast<double>(getOpCost(op).flops));
      total += weights.back();
    }
    if (total == 0) {
      llvm::fill(weights, 1.0);
      total = forward.size();
    }
    double running = 0;
    for (auto [op, w] : llvm::zip(forward, weights)) {
      // An op belongs to the segment its FLOPs' midpoint falls into.
      double mid = running + w / 2;
      segmentOf[op] = std::min<int64_t>(count - 1, mid * count / total);
      running += w;
    }
  }

  for (Operation *op : forward) {
    auto it = segmentOf.find(op);
    if (it == segmentOf.end() || it->second % every != 0)
      continue;
    int64_t segment = it->second;
    // A value used by a forward op outside its segment is a segment
    // output: the next segment starts from it, so it is saved.
    bool isOutput = llvm::any_of(op->getUsers(), [&](Operation *user) {
      Operation *top = graph.getTopLevelOp(user);
      if (graph.isBackward(top))
        return false;
      auto other = segmentOf.find(top);
      return other == segmentOf.end() || other->second != segment;
    });
    if (!isLeaf(op))
      decisions[op] = (isOutput || whyNotRecomputable(op)) ? Policy::Save
                                                           : Policy::Recompute;
  }
}

namespace {
struct RematMarkPass : public mlir::remat::impl::RematMarkBase<RematMarkPass> {
  using Base::Base;

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    if (failed(Base::initializeOptions(options, errorHandler)))
      return failure();
    if (std::optional<std::string> error = validateMarkOptions(
            policy, flopsPerByte, segments, group, every))
      return errorHandler(*error);
    return success();
  }

  void runOnOperation() override {
    // Options set programmatically (the pipeline) are validated here.
    if (std::optional<std::string> error = validateMarkOptions(
            policy, flopsPerByte, segments, group, every)) {
      emitError(getOperation()->getLoc()) << *error;
      return signalPassFailure();
    }
    if (policy == "none")
      return markAllAnalysesPreserved();

    MLIRContext *ctx = &getContext();
    LogicalResult result =
        forEachTrainingGraph(getOperation(), [&](TrainingGraph &graph) {
          demoteUnrecomputableOverrides(graph);
          Decisions decisions;
          if (policy == "selective")
            selectiveDecisions(graph, flopsPerByte, decisions);
          else if (policy == "segments")
            segmentDecisions(graph, segments, group, every, decisions);
          // User overrides win over every policy's own decisions.
          for (Operation *op : graph.getOps()) {
            std::optional<Policy> user = getPolicy(op);
            std::optional<Policy> decided;
            auto it = decisions.find(op);
            if (it != decisions.end())
              decided = it->second;
            Policy final;
            if (user)
              final = *user;
            else if (decided)
              final = *decided;
            else
              continue;
            op->setAttr(RematDialect::kPolicyAttrName,
                        StringAttr::get(ctx, final == Policy::Save
                                                 ? "save"
                                                 : "recompute"));
            ++(final == Policy::Save ? numSave : numRecompute);
          }
        });
    if (failed(result))
      signalPassFailure();
  }
};
} // namespace
