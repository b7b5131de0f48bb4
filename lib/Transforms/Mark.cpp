//===- Mark.cpp - decide what to save and what to recompute ---------------===//
//
// Each policy turns a training graph into per-op decisions, written as
// `remat.policy` attributes that -remat-materialize acts on. User-written
// `remat.policy` attributes are overrides in every policy. Whatever the
// policy, an op that is not recomputable (memory effects, unknown effects,
// no cost model) is saved: the RNG-replay class of bugs, where recomputing a
// stateful random op silently changes the gradients, cannot happen.
//
// The policies live one per file (SelectivePolicy, SegmentsPolicy,
// BudgetPolicy, PeakPolicy; what they share in Policies.h); this file is
// the pass that runs one of them on every training graph.
//
//===----------------------------------------------------------------------===//

#include "Policies.h"
#include "remat/Analysis/MemoryReport.h"
#include "remat/Analysis/MemoryTimeline.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Transforms/Passes.h"
#include "remat/Transforms/Rematerialize.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATMARK
#include "remat/Transforms/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;
using namespace mlir::remat::policies;

namespace {
struct RematMarkPass : public mlir::remat::impl::RematMarkBase<RematMarkPass> {
  using Base::Base;

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    if (failed(Base::initializeOptions(options,
                                       skipPrintedErrors(errorHandler))))
      return failure();
    if (std::optional<std::string> error =
            validateMarkOptions(policy, flopsPerByte, segments, group, every,
                                budget, maxRecompute, maxGrowth, prefer))
      return errorHandler(*error);
    if (std::optional<std::string> error =
            checkTimeLimit("remat-mark", timeLimit))
      return errorHandler(*error);
    return success();
  }

  void runOnOperation() override {
    // Options set programmatically (the pipeline) are validated here.
    if (std::optional<std::string> error =
            validateMarkOptions(policy, flopsPerByte, segments, group, every,
                                budget, maxRecompute, maxGrowth, prefer)) {
      emitError(getOperation()->getLoc()) << *error;
      return signalPassFailure();
    }
    if (std::optional<std::string> error =
            checkTimeLimit("remat-mark", timeLimit)) {
      emitError(getOperation()->getLoc()) << *error;
      return signalPassFailure();
    }
    if (splitDestinations)
      for (auto func : getOperation().getOps<func::FuncOp>())
        remat::splitDestinations(func);
    if (policy == MarkPolicy::None) {
      if (!splitDestinations)
        markAllAnalysesPreserved();
      return;
    }

    bool budgetFailed = false;
    // With materialize=true, a function's own copy from the peak policy's
    // measurement is its result when functions do not call each other (a
    // copy is measured alone in a scratch module, and the passes would
    // materialize every function before scheduling any).
    DenseSet<Operation *> called;
    bool reuseCopies = materialize &&
                       succeeded(checkCallGraph(getOperation(), &called)) &&
                       called.empty() &&
                       llvm::none_of(getOperation()->getRegion(0).getOps(),
                                     [](Operation &op) {
                                       return op.getNumRegions() &&
                                              !isa<FunctionOpInterface>(op);
                                     });
    SmallVector<std::pair<Operation *, std::shared_ptr<OwningOpRef<ModuleOp>>>>
        copies;
    LogicalResult result =
        forEachTrainingGraph(getOperation(), [&](TrainingGraph &graph) {
          demoteUnrecomputableOverrides(graph);
          Decisions decisions;
          // The peak policy's choice as the pipeline makes it: measured on
          // a copy, materialized and scheduled there already.
          std::shared_ptr<OwningOpRef<ModuleOp>> scheduled;
          switch (policy) {
          case MarkPolicy::Peak:
            peakDecisions(graph, flopsPerByte, maxRecompute, maxGrowth,
                          prefer, decisions,
                          reuseCopies ? &scheduled : nullptr);
            break;
          case MarkPolicy::Selective:
            selectiveDecisions(graph, flopsPerByte, decisions);
            keepUserMarksAlone(graph, decisions);
            break;
          case MarkPolicy::Segments:
            segmentDecisions(graph, segments, group, every, decisions);
            keepUserMarksAlone(graph, decisions);
            break;
          case MarkPolicy::Budget:
            if (failed(budgetDecisions(graph, decisions))) {
              budgetFailed = true;
              return;
            }
            break;
          case MarkPolicy::None:
          case MarkPolicy::Manual:
            break;
          }
          // User overrides win over every policy's own decisions.
          DenseSet<Operation *> candidates;
          if (explain)
            for (Operation *op : getBudgetCandidates(graph))
              candidates.insert(op);
          writeMarks(graph.getOps(), decisions, graph.getOps());
          if (explain)
            explainDecisions(graph, policy, flopsPerByte, candidates);
          for (Operation *op : graph.getOps())
            if (std::optional<Policy> final = getPolicy(op))
              ++(*final == Policy::Save ? numSave : numRecompute);
          if (scheduled && *scheduled)
            copies.push_back({graph.getFunction(), scheduled});
        });
    if (failed(result) || budgetFailed)
      return signalPassFailure();
    if (materialize && failed(materializeAndSchedule(copies)))
      signalPassFailure();
  }

  /// Selective and segments decide without measuring. Beside the user's own
  /// recompute marks (torch.utils.checkpoint calls), their decisions can
  /// raise the peak, and materialize then undoes regions until it is back,
  /// the user's with the policy's (timm's ViT under selective, 3 blocks
  /// checkpointed: nothing recomputed, 2.3x the peak of the checkpoints
  /// alone). Both are measured as the pipeline makes them; where the marks
  /// alone reach a lower peak, the policy's recompute decisions are dropped.
  void keepUserMarksAlone(const TrainingGraph &graph, Decisions &decisions) {
    bool userMarks = false;
    SmallVector<Operation *> added;
    for (Operation *op : graph.getOps()) {
      if (graph.isBackward(op))
        continue;
      if (std::optional<Policy> user = getPolicy(op)) {
        userMarks |= *user == Policy::Recompute;
        continue;
      }
      auto it = decisions.find(op);
      if (it != decisions.end() && it->second == Policy::Recompute)
        added.push_back(op);
    }
    if (!userMarks || added.empty())
      return;
    BudgetOutcome both =
        measureBudgetDecision(graph, added, /*schedule=*/true);
    BudgetOutcome alone = measureBudgetDecision(graph, {}, /*schedule=*/true,
                                                both.inputPeak);
    if (alone.peak >= both.peak)
      return;
    for (Operation *op : added)
      decisions[op] = Policy::Save;
    graph.getFunction()->emitRemark()
        << "remat: policy=" << enumName(policy.getValue())
        << "'s decisions with the input's recompute marks peak at "
        << both.peak << " bytes once materialized, the marks alone at "
        << alone.peak << " bytes: only the marks are kept";
  }

  /// What -remat-materialize and then -remat-schedule do to the marked
  /// module (`materialize=true`): a function with a measured copy takes the
  /// copy's body as it is (the same function, marked the same, through the
  /// same two steps); the others go through the two steps here.
  LogicalResult materializeAndSchedule(
      ArrayRef<std::pair<Operation *, std::shared_ptr<OwningOpRef<ModuleOp>>>>
          copies) {
    DenseSet<Operation *> done;
    for (auto &[func, scheduled] : copies) {
      auto copy = cast<FunctionOpInterface>(
          &scheduled->get().getBody()->front());
      cast<FunctionOpInterface>(func).getFunctionBody().takeBody(
          copy.getFunctionBody());
      done.insert(func);
    }
    // Every function with a body took its copy: nothing left to do (the
    // walks below would build each function's graph again for nothing).
    if (llvm::all_of(getOperation().getOps<FunctionOpInterface>(),
                     [&](FunctionOpInterface f) {
                       return f.isExternal() || done.contains(f);
                     }))
      return success();
    MaterializeStats stats;
    if (failed(forEachTrainingGraph(getOperation(), [&](TrainingGraph &g) {
          if (done.contains(g.getFunction()))
            return;
          // The peak policy's FLOPs cap, as its measurements apply it.
          std::optional<int64_t> maxFlops;
          if (policy == MarkPolicy::Peak)
            maxFlops = policies::flopsWithin(maxRecompute,
                                             policies::stepFlops(g));
          materializeRecomputations(g, stats, /*inputPeak=*/{}, maxFlops);
        })))
      return failure();
    return forEachTrainingGraph(getOperation(), [&](TrainingGraph &g) {
      if (!done.contains(g.getFunction()))
        scheduleForMemory(g.getBody(), /*peak=*/nullptr,
                          /*beyondResults=*/true);
    });
  }

  LogicalResult budgetDecisions(const TrainingGraph &graph,
                                Decisions &decisions) {
    int64_t unrematerialized =
        MemoryTimeline::build(graph.getBody()).getPeakBytes();
    int64_t bytes = parseBudget(budget)->resolve(unrematerialized);
    BudgetSolver chosen = chooseSolver(graph, solver, exactLimit, timeLimit);
    ExactProof proof;
    FailureOr<std::vector<Evaluation>> solved =
        budgetFamily(graph, chosen, /*measure=*/false, timeLimit,
                     /*stopAt=*/bytes, &proof);
    if (failed(solved))
      return failure();
    std::vector<Evaluation> &family = *solved;
    int64_t smallest;
    FailureOr<Evaluation> best = failure();
    if (!family.empty() && !family.front().measured) {
      best = chooseAndCheck(graph, family, bytes, smallest);
    } else if (FailureOr<const Evaluation *> choice =
                   chooseForBudget(family, bytes, smallest);
               succeeded(choice)) {
      best = **choice;
    }
    if (failed(best)) {
      // budget=1 is one byte, budget=1.0 the whole peak: easy to misread.
      bool oneByte = StringRef(budget).trim() == "1";
      return graph.getFunction()->emitError()
             << "remat-mark: budget of " << bytes << " bytes ("
             << formatBytes(bytes) << ") is below the smallest peak remat "
             << "reaches for this function: " << smallest << " bytes ("
             << formatBytes(smallest) << ")"
             << (chosen == BudgetSolver::Fast
                     ? " with the fast solver; solver=exact searches the "
                       "model's whole frontier and may reach lower"
                     : "")
             << (oneByte ? " (budget=1 is one byte; the whole unrematerialized "
                           "peak is budget=1.0)"
                         : "");
    }
    decisions = best->decisions;
    // What the exact solvers proved about the answer (the exhaustive search
    // measures every decision: nothing to state).
    if (chosen == BudgetSolver::Milp || chosen == BudgetSolver::Frontier)
      graph.getFunction()->emitRemark()
          << "remat: solver=" << enumName(solver.getValue()) << " ("
          << (chosen == BudgetSolver::Milp ? "MILP, CBC" : "branch and bound")
          << "): " << best->flops << " FLOP recomputed, peak " << best->peak
          << " bytes; " << describeGap(proof, bytes, best->flops);
    return success();
  }
};
} // namespace
