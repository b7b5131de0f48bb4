//===- MemoryReport.h - per-function memory report --------------*- C++ -*-===//
//
// Gathers the training-graph split, cost model and memory timeline of one
// function into a report, and renders it as text, JSON or an SVG plot.
// The JSON fields are documented in docs/Report.md.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_MEMORYREPORT_H
#define REMAT_ANALYSIS_MEMORYREPORT_H

#include "remat/Analysis/MemoryTimeline.h"
#include "remat/Analysis/TrainingGraph.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace mlir::remat {

struct OpRef {
  unsigned index = 0;
  std::string name;
  std::string loc;
};

struct SavedEntry {
  std::string value;
  std::string type;
  OpRef op;
  int64_t bytes = 0;
  unsigned buffer = 0;
  /// The first backward op that reads the value: why it is saved.
  OpRef usedBy;
  unsigned backwardUses = 0;
};

/// An attention of the function: tiled by -remat-tile-attention, or not
/// (and why).
struct AttentionEntry {
  bool tiled = false;
  /// The tile shape ("64x64") if tiled, otherwise why it is not (or
  /// "matches" when -remat-tile-attention would tile it).
  std::string detail;
  std::string loc;
};

struct FunctionReport {
  std::string name;
  unsigned forwardOps = 0, backwardOps = 0;
  int64_t savedBytes = 0;
  int64_t peakBytes = 0;
  OpRef peakOp;
  int64_t forwardFlops = 0, backwardFlops = 0, recomputeFlops = 0;
  unsigned recomputeOps = 0;
  std::vector<SavedEntry> saved;
  std::vector<int64_t> liveBytes;
  /// 'F' or 'B' per op, in program order.
  std::string phases;
  /// The peak of live bytes that are not the step's results (buffers the
  /// function returns), and where it is reached.
  int64_t nonResultPeakBytes = 0;
  OpRef nonResultPeakOp;
  /// Filled by the caller (-remat-report asks -remat-tile-attention).
  std::vector<AttentionEntry> attentions;
};

FunctionReport buildFunctionReport(const TrainingGraph &graph,
                                   const MemoryTimeline &timeline);

/// The report's saved bytes (FunctionReport::savedBytes): the distinct heap
/// buffers of the values backward reads. Views of arguments and constants
/// cost nothing to keep.
int64_t getSavedBytes(const TrainingGraph &graph,
                      const MemoryTimeline &timeline);

/// A source location as `file:line:col`, or `name(file:line:col)` for a
/// named location (how front ends record module paths).
std::string formatLocation(Location loc);
/// 1536 -> "1.5 KiB".
std::string formatBytes(int64_t bytes);
/// 2.5e9 -> "2.50 GFLOP".
std::string formatFlops(int64_t flops);

void printTextReport(const FunctionReport &report, llvm::raw_ostream &os);
llvm::json::Value toJSON(const FunctionReport &report);
/// One SVG document with a chart per function.
void writeSVGPlot(ArrayRef<FunctionReport> reports, llvm::raw_ostream &os);

} // namespace mlir::remat

#endif // REMAT_ANALYSIS_MEMORYREPORT_H
