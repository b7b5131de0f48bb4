//===- remat-difftest.cpp - differential testing of rematerialization -----===//
//
// For each seed: a random training graph (RandomGraph.h), run on the CPU
// without rematerialization and with every policy. Rematerialization must
// not change a single bit of any output, must not raise the peak (predicted
// or measured), and the measured peak must equal the prediction. Every
// failure prints a reproducer.
//
//   remat-difftest --seeds 200              # seeds 0..199
//   remat-difftest --seed 17 --emit         # print the graph of seed 17
//
//===----------------------------------------------------------------------===//

#include "RandomGraph.h"
#include "remat/ExecutionEngine/CpuRunner.h"
#include "remat/InitRemat.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"

#include <chrono>

using namespace mlir;
using namespace remat_difftest;
using mlir::remat::BudgetSpec;
using mlir::remat::parseBudget;
namespace cl = llvm::cl;

static cl::opt<unsigned> numSeeds("seeds", cl::desc("How many seeds to run"),
                                  cl::init(100));
static cl::opt<uint64_t> firstSeed("first-seed", cl::desc("The first seed"),
                                   cl::init(0));
static cl::opt<int64_t> oneSeed("seed", cl::desc("Run (or emit) one seed"),
                                cl::init(-1));
static cl::opt<bool> emit("emit", cl::desc("Print the graph of --seed"));
static cl::opt<bool> manual("manual",
                            cl::desc("With --emit: the graph with random "
                                     "remat.policy marks"));
static cl::opt<unsigned> minOps("min-ops", cl::desc("Fewest forward steps"),
                                cl::init(3));
static cl::opt<unsigned> maxOps("max-ops", cl::desc("Most forward steps"),
                                cl::init(14));
static cl::opt<bool> verbose("v", cl::desc("A line per seed"));
static cl::opt<unsigned> optLevel(
    "opt-level",
    cl::desc("LLVM optimization level of the compiled graphs, 0-3 (default 2, "
             "as remat-run; 0 compiles several times faster for long sweeps)"),
    cl::init(2));
static cl::list<std::string> onlyConfigs(
    "configs", cl::CommaSeparated,
    cl::desc("Run only these configurations (peak, selective, selective-all, "
             "segments-2, segments-sqrt, manual, budget-0.9, budget-0.7, "
             "peak-fused)"));
static cl::opt<bool> allowOver(
    "allow-over",
    cl::desc("Count a measured peak below the prediction (over-prediction) "
             "instead of failing; a measurement above it always fails"));

namespace {
struct Config {
  const char *name;
  remat::MarkPolicy policy;
  double flopsPerByte;
  const char *segments;
  bool manualGraph;
  const char *flags; // for the reproducer
  const char *budget = "";
  /// Run the GPU lowering's fusions on the CPU (remat-run
  /// --fuse-elementwise): bit-identical, measured = predicted.
  bool fuse = false;
};
} // namespace

static const Config configs[] = {
    {"peak", remat::MarkPolicy::Peak, 200.0, "", false, "--policy=peak"},
    {"selective", remat::MarkPolicy::Selective, 200.0, "", false,
     "--policy=selective"},
    {"selective-all", remat::MarkPolicy::Selective, 1e9, "", false,
     "--policy=selective --flops-per-byte=1e9"},
    {"segments-2", remat::MarkPolicy::Segments, 200.0, "2", false,
     "--policy=segments --segments=2"},
    {"segments-sqrt", remat::MarkPolicy::Segments, 200.0, "sqrt", false,
     "--policy=segments --segments=sqrt"},
    {"manual", remat::MarkPolicy::Manual, 200.0, "", true, "--policy=manual"},
    {"budget-0.9", remat::MarkPolicy::Budget, 200.0, "", false,
     "--policy=budget --budget=0.9 --solver=fast", "0.9"},
    {"budget-0.7", remat::MarkPolicy::Budget, 200.0, "", false,
     "--policy=budget --budget=0.7", "0.7"},
    {"peak-fused", remat::MarkPolicy::Peak, 200.0, "", false,
     "--policy=peak --fuse-elementwise", "", /*fuse=*/true},
};

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "remat-difftest: differential testing of "
                              "rematerialization on random graphs\n");
  if (maxOps < minOps) {
    llvm::errs() << "remat-difftest: --max-ops must be >= --min-ops\n";
    return 2;
  }
  for (const std::string &name : onlyConfigs)
    if (llvm::none_of(configs, [&](const Config &c) { return name == c.name; })) {
      llvm::errs() << "remat-difftest: unknown configuration '" << name
                   << "' in --configs\n";
      return 2;
    }
  if (emit) {
    if (oneSeed < 0) {
      llvm::errs() << "remat-difftest: --emit needs --seed\n";
      return 2;
    }
    llvm::outs() << randomGraph(oneSeed, minOps, maxOps, manual);
    return 0;
  }
  DialectRegistry registry;
  mlir::remat::initializeRunner(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();

  uint64_t begin = oneSeed >= 0 ? oneSeed : firstSeed;
  uint64_t end = oneSeed >= 0 ? begin + 1 : begin + numSeeds;
  unsigned failures = 0, runs = 0, infeasible = 0, over = 0;
  GraphStats total;
  auto start = std::chrono::steady_clock::now();
  for (uint64_t seed = begin; seed < end; ++seed) {
    auto fail = [&](const Config &config, const std::string &why) {
      ++failures;
      llvm::outs() << "FAIL seed " << seed << " [" << config.name
                   << "]: " << why << "\n  reproduce: remat-difftest --seed "
                   << seed << " --min-ops " << minOps << " --max-ops " << maxOps
                   << " --emit" << (config.manualGraph ? " --manual" : "")
                   << " > graph.mlir && remat-run graph.mlir " << config.flags
                   << " --compare-policy=none\n";
    };
    // The measured peak must equal the prediction; with --allow-over, a
    // measurement below it is counted and listed, never one above it.
    auto checkPrediction = [&](const Config &config,
                               const mlir::remat::RunResult &r,
                               const std::string &what) {
      uint64_t predicted = r.predictedPeakBytes;
      if (r.measuredPeakBytes == predicted)
        return;
      std::string text = what + "measured peak " +
                         std::to_string(r.measuredPeakBytes) +
                         (r.measuredPeakBytes > predicted ? " > " : " < ") +
                         "predicted " + std::to_string(predicted);
      if (r.measuredPeakBytes > predicted || !allowOver)
        return fail(config, text);
      ++over;
      llvm::outs() << "over-prediction: seed " << seed << " [" << config.name
                   << "]: " << text << "\n";
    };
    GraphStats stats;
    std::string plain = randomGraph(seed, minOps, maxOps, false, &stats);
    std::string marked = randomGraph(seed, minOps, maxOps, true);
    total.forwardOps += stats.forwardOps;
    for (auto &[kind, count] : stats.kinds)
      total.kinds[kind] += count;

    std::optional<mlir::remat::RunResult> baseline[2];
    for (const Config &config : configs) {
      if (!onlyConfigs.empty() && !llvm::is_contained(onlyConfigs, config.name))
        continue;
      bool budgetInfeasible = false;
      ScopedDiagnosticHandler silence(&context, [&](Diagnostic &diag) {
        // A budget below what remat can reach is a correct refusal.
        if (*config.budget &&
            StringRef(diag.str()).contains("is below the smallest peak"))
          budgetInfeasible = true;
        else if (diag.getSeverity() == DiagnosticSeverity::Error &&
                 !budgetInfeasible) // then "the remat pipeline failed"
          fail(config, "diagnostic: " + diag.str());
        return success(); // warnings about unrecomputable marks are expected
      });
      const std::string &text = config.manualGraph ? marked : plain;
      OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
      if (!module) {
        fail(config, "the generated graph does not parse");
        continue;
      }
      auto entry = module->lookupSymbol<func::FuncOp>("graph");
      std::vector<mlir::remat::HostArray> inputs =
          mlir::remat::makeRandomInputs(entry, seed);
      std::optional<mlir::remat::RunResult> &base = baseline[config.manualGraph];
      if (!base) {
        remat::RematPipelineOptions none;
        none.policy = remat::MarkPolicy::None;
        FailureOr<mlir::remat::RunResult> r =
            mlir::remat::compileAndRun(*module, "graph", none, inputs,
                                     optLevel);
        ++runs;
        if (failed(r)) {
          fail(config, "policy=none failed to compile or run");
          continue;
        }
        checkPrediction(config, *r, "policy=none: ");
        base = std::move(*r);
      }
      remat::RematPipelineOptions options;
      options.policy = config.policy;
      options.flopsPerByte = config.flopsPerByte;
      options.segments = config.segments;
      options.budget = config.budget;
      if (*config.budget)
        options.solver = StringRef(config.flags).contains("fast")
                             ? remat::SolverChoice::Fast
                             : remat::SolverChoice::Auto;
      FailureOr<mlir::remat::RunResult> r =
          mlir::remat::compileAndRun(*module, "graph", options, inputs,
                                   optLevel, config.fuse);
      ++runs;
      if (failed(r)) {
        if (budgetInfeasible)
          ++infeasible;
        else
          fail(config, "failed to compile or run");
        continue;
      }
      if (*config.budget) {
        std::optional<BudgetSpec> spec = parseBudget(config.budget);
        // The budget bounds the pipeline's peak, as -remat-report shows it.
        if (r->pipelinePeakBytes > spec->resolve(base->pipelinePeakBytes))
          fail(config, "peak " + std::to_string(r->pipelinePeakBytes) +
                           " above the budget");
      }
      if (r->outputs.size() != base->outputs.size())
        fail(config, "different number of outputs");
      for (size_t i = 0; i < r->outputs.size() && i < base->outputs.size(); ++i)
        if (r->outputs[i].data != base->outputs[i].data)
          fail(config, "output " + std::to_string(i) +
                           " differs from policy=none");
      checkPrediction(config, *r, "");
      if (r->predictedPeakBytes > base->predictedPeakBytes ||
          r->measuredPeakBytes > base->measuredPeakBytes)
        fail(config, "peak " + std::to_string(r->measuredPeakBytes) +
                         " above policy=none's " +
                         std::to_string(base->measuredPeakBytes));
      if (r->badFrees)
        fail(config, "bad frees");
      if (verbose)
        llvm::outs() << "seed " << seed << " [" << config.name << "]: peak "
                     << r->measuredPeakBytes << " (none "
                     << base->measuredPeakBytes << ")\n";
    }
  }
  double seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - start)
                       .count();
  llvm::outs() << "remat-difftest: " << (end - begin) << " seeds, "
               << total.forwardOps << " forward steps (";
  bool first = true;
  for (auto &[kind, count] : total.kinds) {
    llvm::outs() << (first ? "" : ", ") << kind << " " << count;
    first = false;
  }
  llvm::outs() << "), " << runs << " compiled runs (" << infeasible
               << " infeasible budgets refused), " << failures
               << " failures, " << over << " over-predictions, "
               << llvm::formatv("{0:f1}", seconds) << " s\n";
  return failures ? 1 : 0;
}
