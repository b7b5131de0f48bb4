//===- remat-budget-bench.cpp - time the fast budget solver ---------------===//
//
//   remat-budget-bench GRAPH.mlir [--budget=0.7] [--measure]
//
// Prints, per function: its top-level ops and candidates, the seconds to
// build the model, to compute the fast solver's family (with the model
// evaluations it took) and to choose for the budget; with --measure, also
// the seconds of the one real check of the choice (materialize and
// schedule on a copy), and its measured peak. bench/budget_time.py runs it
// on generated MLPs.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/CostModel.h"
#include "remat/Analysis/TrainingGraph.h"
#include "remat/InitRemat.h"
#include "remat/Support/InputGuard.h"
#include "remat/Transforms/BudgetModel.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::remat;

static llvm::cl::opt<std::string> input(llvm::cl::Positional,
                                        llvm::cl::desc("<graph.mlir>"),
                                        llvm::cl::Required);
static llvm::cl::opt<double>
    budgetFraction("budget", llvm::cl::desc("Budget, as a fraction of the "
                                            "unrematerialized peak"),
                   llvm::cl::init(0.7));
static llvm::cl::opt<bool>
    measure("measure", llvm::cl::desc("Also time the real check of the choice"));

static llvm::cl::opt<bool> milp(
    "milp", llvm::cl::desc("Also solve the budget with the MILP (CBC), alone "
                           "and as solver=exact does (the frontier sweep), "
                           "and compare the fast solver's FLOPs"));
static llvm::cl::opt<uint64_t> milpNodes(
    "milp-nodes", llvm::cl::desc("The MILP's node limit (CBC nodes plus "
                                 "model evaluations)"),
    llvm::cl::init(std::numeric_limits<uint64_t>::max()));

static llvm::cl::opt<bool> listCandidates(
    "candidates",
    llvm::cl::desc("List the candidates (FLOPs, result bytes, op) and the "
                   "covering rows of nothing recomputed at the budget"));

static double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

static int benchInput();

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::ParseCommandLineOptions(argc, argv, "time the fast budget solver\n");
  // The same guards as remat-opt and remat-run (remat/Support/InputGuard.h):
  // a large stack, a nesting limit, and the parser's own crashes reported.
  return runWithLargeStack(benchInput);
}

static int benchInput() {
  // A fraction of the peak: -1 or nan gave a negative budget in bytes.
  if (!std::isfinite(budgetFraction) || budgetFraction <= 0 ||
      budgetFraction > 1e6) {
    llvm::errs() << "remat-budget-bench: --budget must be a positive fraction "
                    "of the unrematerialized peak, got "
                 << budgetFraction << "\n";
    return 1;
  }
  DialectRegistry registry;
  registerRematDialects(registry);
  registry.insert<bufferization::BufferizationDialect>();
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  llvm::SourceMgr sources;
  SourceMgrDiagnosticHandler handler(sources, &ctx);
  auto file = llvm::MemoryBuffer::getFileOrSTDIN(input);
  if (!file) {
    llvm::errs() << "remat-budget-bench: cannot read '" << input
                 << "': " << file.getError().message() << "\n";
    return 1;
  }
  OwningOpRef<ModuleOp> module =
      parseGuardedModule(std::move(*file), sources, ctx);
  if (!module)
    return 1;
  LogicalResult result = forEachTrainingGraph(*module, [&](TrainingGraph &graph) {
    using Clock = std::chrono::steady_clock;
    auto start = Clock::now();
    SmallVector<Operation *> candidates = getBudgetCandidates(graph);
    BudgetModel model(graph, candidates);
    double buildSeconds = secondsSince(start);
    int64_t unrematerialized =
        model.evaluate(llvm::BitVector(candidates.size())).peak;
    start = Clock::now();
    uint64_t before = model.getNumEvaluations();
    std::vector<ModelDecision> family = fastBudgetFamily(model);
    double familySeconds = secondsSince(start);
    uint64_t evaluations = model.getNumEvaluations() - before;
    int64_t budget = int64_t(budgetFraction * double(unrematerialized));
    if (listCandidates) {
      for (unsigned c = 0; c < candidates.size(); ++c) {
        int64_t bytes = 0;
        for (Type t : candidates[c]->getResultTypes())
          bytes += getTensorBytes(t);
        llvm::outs() << "  candidate " << c << ": " << model.getCandidateFlops(c)
                     << " FLOP, " << bytes << " B, "
                     << candidates[c]->getName() << " " << candidates[c]->getLoc()
                     << "\n";
      }
      std::vector<BudgetConstraint> rows;
      model.evaluateAgainst(llvm::BitVector(candidates.size()), budget, rows,
                            /*everyStep=*/true);
      for (const BudgetConstraint &row : rows) {
        llvm::outs() << "  row: excess " << row.excess << ":";
        for (auto [c, b] : llvm::zip_equal(row.candidates, row.bytes))
          llvm::outs() << " " << c << "=" << b;
        llvm::outs() << "\n";
      }
    }
    llvm::BitVector all(candidates.size(), true);
    llvm::outs() << "  model: " << unrematerialized
                 << " B with nothing recomputed, "
                 << model.evaluate(all).peak << " B with everything\n";
    for (const ModelDecision &d : family)
      llvm::outs() << "  family member: " << d.outcome.peak << " B, "
                   << d.outcome.flops << " FLOP\n";
    start = Clock::now();
    const ModelDecision *choice = chooseModelDecision(family, budget);
    double chooseSeconds = secondsSince(start);
    llvm::outs() << llvm::formatv(
        "{0}: {1} ops, {2} candidates; model {3:f3} s, family {4:f3} s "
        "({5} evaluations, {6} members), choice {7:f3} s; solver total "
        "{8:f3} s\n",
        cast<SymbolOpInterface>(graph.getFunction().getOperation()).getName(),
        graph.getOps().size(), candidates.size(), buildSeconds, familySeconds,
        evaluations, family.size(), chooseSeconds,
        buildSeconds + familySeconds + chooseSeconds);
    if (!choice)
      llvm::outs() << "  budget " << budget
                   << " B: no member of the fast family fits it\n";
    else
      llvm::outs() << llvm::formatv(
          "  budget {0} B ({1}% of {2} B): predicted peak {3} B, {4} FLOP\n",
          budget, budgetFraction * 100, unrematerialized, choice->outcome.peak,
          choice->outcome.flops);
    if (milp) {
      if (!isBudgetMilpAvailable()) {
        llvm::errs() << "remat-budget-bench: built without CBC\n";
        return;
      }
      auto gap = [](const ExactModelResult &r) {
        int64_t f = r.best->outcome.flops;
        return f ? 100.0 * double(f - std::min(f, r.lowerBound)) / double(f)
                 : 0.0;
      };
      start = Clock::now();
      ExactModelResult alone =
          solveBudgetMilp(model, budget, milpNodes, choice);
      if (!alone.best)
        llvm::outs() << llvm::formatv(
            "  MILP at the budget {0:f3} s ({1} nodes): nothing fits, {2}\n",
            secondsSince(start), alone.nodes,
            alone.complete ? "proven" : "not proven");
      else
        llvm::outs() << llvm::formatv(
            "  MILP at the budget {0:f3} s ({1} nodes): {2} FLOP, {3}, "
            "gap={4:f2}%; fast/MILP {5:f4}\n",
            secondsSince(start), alone.nodes, alone.best->outcome.flops,
            alone.complete ? "proven" : "not proven", gap(alone),
            !choice ? 0.0
            : alone.best->outcome.flops
                ? double(choice->outcome.flops) / alone.best->outcome.flops
                : 1.0);
      start = Clock::now();
      FrontierResult sweep = budgetFrontier(model, family, budget, milpNodes,
                                            false, /*milp=*/true);
      const ModelDecision *member = chooseModelDecision(sweep.members, budget);
      if (member) {
        int64_t bound = sweep.lowerBounds[member - sweep.members.data()];
        llvm::outs() << llvm::formatv(
            "  MILP frontier to the budget {0:f3} s ({1} nodes, {2} "
            "members): {3} FLOP, {4}, lower bound {5}\n",
            secondsSince(start), sweep.nodes, sweep.members.size(),
            member->outcome.flops, sweep.complete ? "proven" : "not proven",
            bound);
      }
    }
    if (!measure || !choice)
      return;
    SmallVector<Operation *> recompute;
    for (unsigned i : choice->recompute.set_bits())
      recompute.push_back(candidates[i]);
    start = Clock::now();
    BudgetOutcome real = measureBudgetDecision(graph, recompute);
    llvm::outs() << llvm::formatv(
        "  real check {0:f3} s: measured peak {1} B, {2} FLOP\n",
        secondsSince(start), real.peak, real.flops);
  });
  return failed(result) ? 1 : 0;
}
