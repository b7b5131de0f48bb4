//===- MemoryReport.cpp - per-function memory report ----------------------===//

#include "remat/Analysis/MemoryReport.h"
#include "remat/Support/SVG.h"
#include "remat/Analysis/CostModel.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Format.h"

using namespace mlir;
using namespace mlir::remat;

std::string mlir::remat::formatLocation(Location loc) {
  std::string str;
  llvm::raw_string_ostream os(str);
  if (auto file = dyn_cast<FileLineColLoc>(loc)) {
    os << file.getFilename().getValue() << ":" << file.getLine() << ":"
       << file.getColumn();
  } else if (auto name = dyn_cast<NameLoc>(loc)) {
    os << name.getName().getValue();
    if (!isa<UnknownLoc>(name.getChildLoc()))
      os << "(" << formatLocation(name.getChildLoc()) << ")";
  } else if (auto fused = dyn_cast<FusedLoc>(loc)) {
    llvm::interleave(
        fused.getLocations(), os,
        [&](Location inner) { os << formatLocation(inner); }, ", ");
  } else if (auto callsite = dyn_cast<CallSiteLoc>(loc)) {
    os << formatLocation(callsite.getCallee());
  } else if (isa<UnknownLoc>(loc)) {
    os << "unknown";
  } else {
    loc.print(os);
  }
  return str;
}

/// `value` divided by `base` until under it, with its unit; plain integers
/// below the first step.
static std::string formatScaled(int64_t value, double base,
                                ArrayRef<const char *> units,
                                const char *format) {
  double scaled = value;
  unsigned unit = 0;
  while (scaled >= base && unit + 1 < units.size()) {
    scaled /= base;
    ++unit;
  }
  std::string str;
  llvm::raw_string_ostream os(str);
  if (unit == 0)
    os << value << " " << units[0];
  else
    os << llvm::format(format, scaled, units[unit]);
  return str;
}

std::string mlir::remat::formatBytes(int64_t bytes) {
  return formatScaled(bytes, 1024.0, {"B", "KiB", "MiB", "GiB", "TiB"},
                      "%.1f %s");
}

std::string mlir::remat::formatFlops(int64_t flops) {
  return formatScaled(flops, 1000.0,
                      {"FLOP", "KFLOP", "MFLOP", "GFLOP", "TFLOP", "PFLOP"},
                      "%.2f %s");
}

static OpRef makeOpRef(const TrainingGraph &graph, Operation *op) {
  return OpRef{graph.getIndex(op), op->getName().getStringRef().str(),
               formatLocation(op->getLoc())};
}

FunctionReport mlir::remat::buildFunctionReport(const TrainingGraph &graph,
                                                const MemoryTimeline &timeline) {
  FunctionReport report;
  Operation *funcOp = graph.getFunction();
  if (auto sym = funcOp->getAttrOfType<StringAttr>("sym_name"))
    report.name = sym.getValue().str();
  report.forwardOps = graph.getNumForwardOps();
  report.backwardOps = graph.getNumBackwardOps();
  for (Operation *op : graph.getOps()) {
    bool backward = graph.isBackward(op);
    report.phases.push_back(backward ? 'B' : 'F');
    int64_t flops = getOpCost(op).flops;
    if (isa<RecomputeOp>(op)) {
      report.recomputeFlops += flops;
      ++report.recomputeOps;
    } else if (backward) {
      report.backwardFlops += flops;
    } else {
      report.forwardFlops += flops;
    }
  }
  report.peakBytes = timeline.getPeakBytes();
  if (Operation *peak = timeline.getPeakOp())
    report.peakOp = makeOpRef(graph, peak);
  report.liveBytes.assign(timeline.getLiveBytes().begin(),
                          timeline.getLiveBytes().end());
  {
    auto [bytes, index] = timeline.getPeakBeyondResults();
    report.nonResultPeakBytes = bytes;
    if (bytes > 0)
      report.nonResultPeakOp = makeOpRef(graph, timeline.getOps()[index]);
  }

  // Name values as the printed function would.
  AsmState state(funcOp);
  for (const SavedValue &saved : graph.getSaved()) {
    std::optional<unsigned> id = timeline.getBufferId(saved.value);
    // Views of arguments and constants are not activations: they cost
    // nothing to keep.
    if (!id || timeline.getBuffers()[*id].kind != StorageKind::Heap)
      continue;
    SavedEntry entry;
    llvm::raw_string_ostream valueOs(entry.value);
    saved.value.printAsOperand(valueOs, state);
    llvm::raw_string_ostream typeOs(entry.type);
    saved.value.getType().print(typeOs);
    entry.op = makeOpRef(graph, saved.producer);
    entry.bytes = timeline.getBuffers()[*id].bytes;
    entry.buffer = *id;
    entry.usedBy = makeOpRef(graph, saved.backwardUsers.front());
    entry.backwardUses = saved.backwardUsers.size();
    report.saved.push_back(std::move(entry));
  }
  report.savedBytes = getSavedBytes(graph, timeline);
  return report;
}

int64_t mlir::remat::getSavedBytes(const TrainingGraph &graph,
                                   const MemoryTimeline &timeline) {
  SmallVector<Value> values;
  for (const SavedValue &saved : graph.getSaved())
    values.push_back(saved.value);
  return timeline.getDistinctHeapBytes(values);
}

void mlir::remat::printTextReport(const FunctionReport &r,
                                  llvm::raw_ostream &os) {
  os << "remat report for @" << r.name << "\n";
  os << "  ops:     " << r.forwardOps << " forward, " << r.backwardOps
     << " backward";
  if (r.recomputeOps)
    os << " (" << r.recomputeOps << " recomputations)";
  os << "\n";
  os << "  FLOPs:   forward " << formatFlops(r.forwardFlops) << ", backward "
     << formatFlops(r.backwardFlops) << ", recompute "
     << formatFlops(r.recomputeFlops) << "\n";
  os << "  peak:    " << formatBytes(r.peakBytes) << " (" << r.peakBytes
     << " B) at op #" << r.peakOp.index << " " << r.peakOp.name << " ("
     << r.peakOp.loc << ")\n";
  os << "  saved:   " << r.saved.size() << " activations, "
     << formatBytes(r.savedBytes) << " (" << r.savedBytes << " B)\n";
  for (const SavedEntry &e : r.saved) {
    os << "    " << e.value << " = " << e.op.name << " #" << e.op.index
       << " : " << e.type << ", " << formatBytes(e.bytes) << " ("
       << e.op.loc << ")\n"
       << "        saved for " << e.usedBy.name << " #" << e.usedBy.index
       << " (" << e.usedBy.loc << ")";
    if (e.backwardUses > 1)
      os << " and " << e.backwardUses - 1 << " later backward op"
         << (e.backwardUses > 2 ? "s" : "");
    os << "\n";
  }
  // The step's peak less its results (weight gradients, outputs), which any
  // schedule must hold at the end.
  os << "  peak beyond results: " << formatBytes(r.nonResultPeakBytes) << " ("
     << r.nonResultPeakBytes << " B) at op #" << r.nonResultPeakOp.index
     << " " << r.nonResultPeakOp.name << " (" << r.nonResultPeakOp.loc
     << ")\n";
  if (r.attentions.empty())
    return;
  unsigned tiled = llvm::count_if(r.attentions, [](const AttentionEntry &e) {
    return e.tiled;
  });
  os << "  attention: " << tiled << " tiled, " << r.attentions.size() - tiled
     << " not\n";
  for (const AttentionEntry &e : r.attentions)
    os << "    " << (e.tiled ? "tiled " : "not tiled: ") << e.detail << " ("
       << e.loc << ")\n";
}

static llvm::json::Object toJSON(const OpRef &ref) {
  return llvm::json::Object{
      {"index", ref.index}, {"op", ref.name}, {"loc", ref.loc}};
}

llvm::json::Value mlir::remat::toJSON(const FunctionReport &r) {
  llvm::json::Array saved;
  for (const SavedEntry &e : r.saved)
    saved.push_back(llvm::json::Object{
        {"value", e.value},
        {"type", e.type},
        {"op", e.op.name},
        {"index", e.op.index},
        {"loc", e.op.loc},
        {"bytes", e.bytes},
        {"buffer", e.buffer},
        {"used_by", ::toJSON(e.usedBy)},
        {"backward_uses", e.backwardUses},
    });
  llvm::json::Array live;
  for (int64_t bytes : r.liveBytes)
    live.push_back(bytes);
  llvm::json::Array attentions;
  for (const AttentionEntry &e : r.attentions)
    attentions.push_back(llvm::json::Object{
        {"tiled", e.tiled}, {"detail", e.detail}, {"loc", e.loc}});
  return llvm::json::Object{
      {"name", r.name},
      {"forward_ops", r.forwardOps},
      {"backward_ops", r.backwardOps},
      {"recompute_ops", r.recomputeOps},
      {"saved_bytes", r.savedBytes},
      {"peak_bytes", r.peakBytes},
      {"peak_op", ::toJSON(r.peakOp)},
      {"peak_beyond_results_bytes", r.nonResultPeakBytes},
      {"peak_beyond_results_op", ::toJSON(r.nonResultPeakOp)},
      {"forward_flops", r.forwardFlops},
      {"backward_flops", r.backwardFlops},
      {"recompute_flops", r.recomputeFlops},
      {"saved", std::move(saved)},
      {"phases", r.phases},
      {"live_bytes", std::move(live)},
      {"attentions", std::move(attentions)},
  };
}

void mlir::remat::writeSVGPlot(ArrayRef<FunctionReport> reports,
                               llvm::raw_ostream &os) {
  const double width = 900, chartHeight = 320, left = 90, right = 20,
               top = 40, bottom = 50;
  SVGWriter svg(os, width, std::max<size_t>(reports.size(), 1) * chartHeight);
  for (auto [n, r] : llvm::enumerate(reports)) {
    double y0 = n * chartHeight;
    double plotW = width - left - right, plotH = chartHeight - top - bottom;
    size_t count = std::max<size_t>(r.liveBytes.size(), 1);
    int64_t maxBytes = std::max<int64_t>(r.peakBytes, 1);
    auto xOf = [&](double i) { return left + plotW * i / count; };
    auto yOf = [&](double b) { return y0 + top + plotH * (1.0 - b / maxBytes); };
    svg.beginGroup("function", r.name);
    svg.text(left, y0 + 22,
             "@" + r.name + ": live tensor bytes over program order",
             "font-size=\"15\" font-weight=\"bold\"");
    // Shade each run of forward or backward ops.
    for (size_t i = 0; i < r.phases.size();) {
      size_t j = i;
      while (j < r.phases.size() && r.phases[j] == r.phases[i])
        ++j;
      bool fwd = r.phases[i] == 'F';
      svg.rect(fwd ? "forward" : "backward", xOf(i), y0 + top,
               xOf(j) - xOf(i), plotH, fwd ? "#dbe9f6" : "#fbe3d0");
      i = j;
    }
    svg.axes(left, y0 + top, plotW, plotH);
    for (int tick = 0; tick <= 4; ++tick) {
      double bytes = maxBytes * tick / 4.0;
      svg.text(left - 6, yOf(bytes) + 4,
               formatBytes(static_cast<int64_t>(bytes)),
               "text-anchor=\"end\"");
    }
    for (int tick = 0; tick <= 4; ++tick) {
      size_t op = (count - 1) * tick / 4;
      svg.text(xOf(op + 0.5), y0 + top + plotH + 16, "#" + std::to_string(op),
               "text-anchor=\"middle\"");
    }
    svg.text(left + plotW / 2, y0 + chartHeight - 12,
             "op index (program order); blue: forward, orange: backward",
             "text-anchor=\"middle\"");
    // Live bytes as a step line: op i spans [i, i+1).
    std::vector<std::pair<double, double>> points;
    points.reserve(2 * r.liveBytes.size());
    for (auto [i, bytes] : llvm::enumerate(r.liveBytes)) {
      points.push_back({xOf(i), yOf(bytes)});
      points.push_back({xOf(i + 1), yOf(bytes)});
    }
    svg.polyline("live", points, "#1f4e9c");
    double px = xOf(r.peakOp.index + 0.5), py = yOf(r.peakBytes);
    svg.circle("peak", px, py, 5, "#c0392b");
    svg.text(std::min(px + 8, width - 260), y0 + top - 6,
             "peak " + formatBytes(r.peakBytes) + " at #" +
                 std::to_string(r.peakOp.index) + " " + r.peakOp.name,
             "class=\"peak-label\" fill=\"#c0392b\"");
    svg.endGroup();
  }
}
