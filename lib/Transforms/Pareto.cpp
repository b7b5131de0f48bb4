//===- Pareto.cpp - -remat-pareto: the budget policy swept over budgets -----===//
//
// One point per distinct outcome of the budget policy, written as JSON or
// CSV and drawn as SVG (remat/Support/SVG.h). Same solvers, same choice
// rule as -remat-mark policy=budget (BudgetPolicy.cpp), so every point is
// what that budget gives.
//
//===----------------------------------------------------------------------===//

#include "OutputFile.h"
#include "Policies.h"
#include "remat/Analysis/MemoryReport.h"
#include "remat/Analysis/MemoryTimeline.h"
#include "remat/Support/SVG.h"
#include "remat/Transforms/Passes.h"
#include "remat/Transforms/Rematerialize.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <limits>

namespace mlir::remat {
#define GEN_PASS_DEF_REMATPARETO
#include "remat/Transforms/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;
using namespace mlir::remat::policies;

namespace {
struct ParetoPoint {
  int64_t budget, peak, flops;
};

struct FunctionCurve {
  std::string name;
  int64_t unrematerialized;
  std::vector<ParetoPoint> points;
};
} // namespace

/// One point per distinct outcome of the budget policy, from the
/// unrematerialized peak down to the smallest reachable one.
static FailureOr<FunctionCurve> sweep(const TrainingGraph &graph,
                                      BudgetSolver solver, double timeLimit) {
  FunctionCurve curve;
  if (auto sym = graph.getFunction()->getAttrOfType<StringAttr>("sym_name"))
    curve.name = sym.getValue().str();
  curve.unrematerialized = MemoryTimeline::build(graph.getBody()).getPeakBytes();
  ExactProof proof;
  FailureOr<std::vector<Evaluation>> solved =
      budgetFamily(graph, solver, /*measure=*/true, timeLimit,
                   /*stopAt=*/std::numeric_limits<int64_t>::min(), &proof);
  if (failed(solved))
    return failure();
  std::vector<Evaluation> &family = *solved;
  std::vector<int64_t> budgets{curve.unrematerialized};
  for (const Evaluation &e : family)
    if (e.peak <= curve.unrematerialized)
      budgets.push_back(e.peak);
  llvm::sort(budgets, std::greater<int64_t>());
  budgets.erase(std::unique(budgets.begin(), budgets.end()), budgets.end());
  for (int64_t budget : budgets) {
    int64_t smallest;
    FailureOr<const Evaluation *> best = chooseForBudget(family, budget, smallest);
    if (failed(best))
      break;
    if (!curve.points.empty() && curve.points.back().peak == (*best)->peak &&
        curve.points.back().flops == (*best)->flops)
      continue;
    curve.points.push_back({budget, (*best)->peak, (*best)->flops});
  }
  // An unfinished MILP: the curve is the best found, and says how far from
  // proven its worst point is.
  if (solver == BudgetSolver::Milp && !proof.complete) {
    const ParetoPoint *worst = nullptr;
    double worstGap = -1;
    for (const ParetoPoint &p : curve.points) {
      double gap = proof.gapAt(p.budget, p.flops).value_or(1.0);
      if (gap > worstGap) {
        worstGap = gap;
        worst = &p;
      }
    }
    if (worst)
      graph.getFunction()->emitWarning()
          << "remat-pareto: the exact solver did not finish within "
          << "time-limit: the curve is not proven optimal, its largest gap "
          << "at budget " << worst->budget << " bytes: "
          << describeGap(proof, worst->budget, worst->flops);
  }
  return curve;
}

/// `text` as one CSV field: quoted, with quotes doubled, when it holds a
/// comma, a quote or a line break (function names may).
static std::string csvField(StringRef text) {
  if (text.find_first_of(",\"\r\n") == StringRef::npos)
    return text.str();
  std::string out = "\"";
  for (char c : text)
    out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

static void writeCurveSVG(ArrayRef<FunctionCurve> curves, raw_ostream &os) {
  const double width = 700, height = 360, left = 90, right = 30, top = 40,
               bottom = 50;
  double plotW = width - left - right, plotH = height - top - bottom;
  SVGWriter svg(os, width, height * std::max<size_t>(curves.size(), 1));
  for (auto [n, curve] : llvm::enumerate(curves)) {
    double y0 = n * height;
    int64_t maxPeak = std::max<int64_t>(curve.unrematerialized, 1);
    int64_t maxFlops = 1;
    for (const ParetoPoint &p : curve.points)
      maxFlops = std::max(maxFlops, p.flops);
    auto x = [&](double peak) { return left + plotW * peak / maxPeak; };
    auto y = [&](double flops) {
      return y0 + top + plotH * (1.0 - flops / maxFlops);
    };
    svg.beginGroup("curve", curve.name);
    svg.text(left, y0 + 22,
             "@" + curve.name + ": recompute FLOPs against peak memory",
             "font-size=\"15\" font-weight=\"bold\"");
    svg.axes(left, y0 + top, plotW, plotH);
    for (int tick = 0; tick <= 4; ++tick) {
      svg.text(x(maxPeak * tick / 4.0), y0 + top + plotH + 16,
               formatBytes(static_cast<int64_t>(maxPeak * tick / 4.0)),
               "text-anchor=\"middle\"");
      svg.text(left - 6, y(maxFlops * tick / 4.0) + 4,
               formatFlops(static_cast<int64_t>(maxFlops * tick / 4.0)),
               "text-anchor=\"end\"");
    }
    svg.text(left + plotW / 2, y0 + height - 10,
             "peak bytes after the pipeline", "text-anchor=\"middle\"");
    std::vector<std::pair<double, double>> points;
    for (const ParetoPoint &p : curve.points)
      points.push_back({x(p.peak), y(p.flops)});
    svg.polyline("pareto", points, "#1f4e9c");
    for (auto [px, py] : points)
      svg.circle("point", px, py, 3.5, "#c0392b");
    svg.endGroup();
  }
}

namespace {
struct RematParetoPass
    : public mlir::remat::impl::RematParetoBase<RematParetoPass> {
  using Base::Base;

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    if (failed(Base::initializeOptions(options,
                                       skipPrintedErrors(errorHandler))))
      return failure();
    if (file.empty())
      return errorHandler("remat-pareto: file=PATH is required");
    if (std::optional<std::string> error =
            checkTimeLimit("remat-pareto", timeLimit))
      return errorHandler(*error);
    return success();
  }

  void runOnOperation() override {
    std::vector<FunctionCurve> curves;
    bool failedSolver = false;
    // The curve of what -remat-pipeline gives, which splits shared
    // destinations first: on a copy (this pass writes a file, not IR). On
    // the graph as written, a conv net's backward fill shared with a pad
    // made the curve start at 17,968 B where the pipeline's peak is
    // 15,616 B with nothing recomputed.
    OwningOpRef<ModuleOp> copy(cast<ModuleOp>(getOperation()->clone()));
    for (auto func : copy->getOps<func::FuncOp>())
      remat::splitDestinations(func);
    if (failed(forEachTrainingGraph(
            *copy,
            [&](TrainingGraph &graph) {
              FailureOr<FunctionCurve> curve = sweep(
                  graph, chooseSolver(graph, solver, exactLimit, timeLimit),
                  timeLimit);
              if (failed(curve)) {
                failedSolver = true;
                return;
              }
              curves.push_back(std::move(*curve));
            })) ||
        failedSolver)
      return signalPassFailure();

    bool csv = format == ParetoFormat::Csv ||
               (format == ParetoFormat::Auto &&
                StringRef(file).ends_with(".csv"));
    LogicalResult written = writeOutputFile(getOperation(), "remat-pareto", file, [&](raw_ostream &os) {
      if (csv) {
        os << "function,budget_bytes,peak_bytes,recompute_flops\n";
        for (const FunctionCurve &c : curves)
          for (const ParetoPoint &p : c.points)
            os << csvField(c.name) << "," << p.budget << "," << p.peak << "," << p.flops
               << "\n";
        return;
      }
      llvm::json::Array functions;
      for (const FunctionCurve &c : curves) {
        llvm::json::Array points;
        for (const ParetoPoint &p : c.points)
          points.push_back(llvm::json::Object{{"budget_bytes", p.budget},
                                              {"peak_bytes", p.peak},
                                              {"recompute_flops", p.flops}});
        functions.push_back(llvm::json::Object{
            {"name", c.name},
            {"unrematerialized_peak_bytes", c.unrematerialized},
            {"points", std::move(points)}});
      }
      os << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                       {"functions", std::move(functions)}}))
         << "\n";
    });
    SmallString<128> svg(file);
    llvm::sys::path::replace_extension(svg, "svg");
    if (failed(written) ||
        failed(writeOutputFile(getOperation(), "remat-pareto", svg,
                               [&](raw_ostream &os) {
                                 writeCurveSVG(curves, os);
                               })))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace
