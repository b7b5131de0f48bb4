//===- Rematerialize.h - the rematerialization steps as functions -*- C++ -*-===//
//
// What -remat-materialize and -remat-schedule do to one training graph, as
// functions, so that a solver (the budget policy) can try a decision on a
// copy of a function and measure its real peak.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_TRANSFORMS_REMATERIALIZE_H
#define REMAT_TRANSFORMS_REMATERIALIZE_H

#include "remat/Analysis/MemoryReport.h"
#include "remat/Analysis/TrainingGraph.h"

#include <optional>

namespace mlir::remat {

struct MaterializeStats {
  unsigned regions = 0, cloned = 0, undone = 0;
};

/// -remat-split-destinations on the ops nested in `root`; returns the
/// number of destinations cloned (and adds those sunk to `sunk`).
unsigned splitDestinations(Operation *root, unsigned *sunk = nullptr);
/// Whether a destination in `root` has several users (as CSE leaves them).
bool hasSharedDestination(Operation *root);

/// -remat-materialize on one graph: recomputes the values of forward ops
/// marked `remat.policy = "recompute"` just before their first backward
/// consumers, never raising the peak over the input's. `inputPeak`, when
/// the caller knows it, is the graph's peak as given (MemoryTimeline): it
/// is not measured again. `maxFlops`, when the policy caps recomputation
/// (the peak policy's max-recompute): recomputing a value again for a later
/// consumer, where a region yielding it would keep it, is taken only within
/// that many recompute FLOPs or those of yielding, whichever is more.
void materializeRecomputations(TrainingGraph &graph, MaterializeStats &stats,
                               std::optional<int64_t> inputPeak = {},
                               std::optional<int64_t> maxFlops = {});

/// -remat-schedule on one block: reorders it by the memory-aware list
/// schedule if that lowers the peak; returns whether it did. With `peak`,
/// also the block's peak in the order it is left in. With `beyondResults`,
/// an order of the same peak and a lower peak beyond the step's results
/// (MemoryTimeline::getPeakBeyondResults) is kept too; callers that only
/// need the peak (the budget model) leave it off, which costs one list
/// schedule and one timeline less.
bool scheduleForMemory(Block &body, int64_t *peak = nullptr,
                       bool beyondResults = false);

/// The attentions of `body` as -remat-report lists them: each forward loop
/// -remat-tile-attention wrote (`remat.attention`), and each softmax over a
/// product Q K^T (through elementwise ops) it did not tile, with the reason
/// its matcher gives ("matches" if it would tile it, peak permitting).
std::vector<AttentionEntry> describeAttentions(Block &body);

} // namespace mlir::remat

#endif // REMAT_TRANSFORMS_REMATERIALIZE_H
