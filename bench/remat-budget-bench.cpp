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

#include "remat/Analysis/TrainingGraph.h"
#include "remat/InitRemat.h"
#include "remat/Transforms/BudgetModel.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

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

static double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::ParseCommandLineOptions(argc, argv, "time the fast budget solver\n");
  DialectRegistry registry;
  registerRematDialects(registry);
  registry.insert<bufferization::BufferizationDialect>();
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  llvm::SourceMgr sources;
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(input, sources, &ctx);
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
    if (!choice) {
      llvm::outs() << "  budget " << budget << " B: infeasible on the model\n";
      return;
    }
    llvm::outs() << llvm::formatv(
        "  budget {0} B ({1}% of {2} B): predicted peak {3} B, {4} FLOP\n",
        budget, budgetFraction * 100, unrematerialized, choice->outcome.peak,
        choice->outcome.flops);
    if (!measure)
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
