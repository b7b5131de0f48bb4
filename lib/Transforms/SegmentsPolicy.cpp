//===- SegmentsPolicy.cpp - checkpoint segments, by count or by name --------===//
//
// PyTorch's checkpoint_sequential and Megatron's full recompute: the forward
// split into segments (N of equal FLOPs, sqrt(ops), or one per module whose
// location name matches group=REGEX, every Nth), each segment's inputs
// saved and everything inside recomputed.
//
//===----------------------------------------------------------------------===//

#include "Policies.h"

using namespace mlir;
using namespace mlir::remat;
using namespace mlir::remat::policies;

#include "remat/Analysis/CostModel.h"

#include "llvm/Support/Regex.h"

#include <cmath>

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

void policies::segmentDecisions(const TrainingGraph &graph, StringRef segments,
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
    // Groups partition the forward pass as written: an op placed after the
    // backward pass has started (seed-independent, e.g. a layer norm's
    // normalized input rebuilt inside its gradient, named after the layer's
    // gradient) belongs to no group, whatever its name.
    DenseSet<Operation *> late;
    bool backwardStarted = false;
    for (Operation *op : graph.getOps()) {
      // The backward pass starts at the first op reading a gradient (not at
      // a backward-only constant hoisted above the forward ops).
      backwardStarted |=
          graph.isBackward(op) &&
          llvm::any_of(op->getOperands(), [&](Value v) {
            return graph.isBackwardValue(v);
          });
      if (backwardStarted && !graph.isBackward(op))
        late.insert(op);
    }
    for (Operation *op : forward) {
      if (late.contains(op))
        continue;
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
