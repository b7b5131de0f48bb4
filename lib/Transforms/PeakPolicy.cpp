//===- PeakPolicy.cpp - the default policy: the lowest peak within a cost cap ---===//
//
// See peakDecisions below and docs/Passes.md (policy=peak).
//
//===----------------------------------------------------------------------===//

#include "Policies.h"

using namespace mlir;
using namespace mlir::remat;
using namespace mlir::remat::policies;

#include "remat/Analysis/CostModel.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"

#include <cmath>

/// GEMMs and convolutions: each output element sums over a reduction
/// dimension of two operands. Their recomputation costs a large share of
/// the step; the default policy leaves them to budgets and users.
bool policies::isContractionLike(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp)
    return false;
  if (linalg::isaContractionOpInterface(linalgOp) ||
      linalg::isaConvolutionOpInterface(linalgOp))
    return true;
  // A generic with a reduction over two or more inputs (an einsum, a
  // hand-written matmul) is one too.
  return linalgOp.getNumReductionLoops() > 0 &&
         linalgOp.getNumDpsInputs() >= 2;
}

/// On graphs with more top-level ops than this, the peak policy measures
/// at most kPeakLargeMeasurements choices with the real pipeline (each
/// measurement is a materialize and schedule of the whole function).
static constexpr unsigned kPeakLargeOps = 2000;
static constexpr unsigned kPeakLargeMeasurements = 3;
static constexpr unsigned kPeakMeasurements = 16;

/// The default policy. Recomputation is spent only where it lowers the
/// step's peak: among decisions over the cheap ops (pure, not GEMMs or
/// convolutions, under `flops-per-byte`), the lowest peak after the whole
/// pipeline whose recompute FLOPs stay within `maxRecompute` of the step's
/// FLOPs and whose cloned ops grow the function at most `maxGrowth` times;
/// ties: the fewest FLOPs. Nothing is recomputed when no such decision
/// lowers the peak. The decisions searched are the budget solver's fast
/// family (a peak-directed greedy path, the selective min-cut at every
/// threshold up to `flops-per-byte`, each refined on the model), and the
/// choice is measured with the real pipeline: a decision that does not
/// lower the measured peak is never taken.
void policies::peakDecisions(const TrainingGraph &graph, double flopsPerByte,
                          double maxRecompute, double maxGrowth,
                          Decisions &decisions) {
  SmallVector<Operation *> candidates;
  for (Operation *op : getBudgetCandidates(graph)) {
    if (isContractionLike(op))
      continue;
    if (overFlopsPerByte(op, flopsPerByte))
      continue;
    candidates.push_back(op);
  }
  if (candidates.empty())
    return;
  int64_t stepFlops = 0;
  for (Operation *op : graph.getOps())
    stepFlops += getOpCost(op).flops;
  int64_t flopsCap = int64_t(std::floor(maxRecompute * double(stepFlops)));
  int64_t numOps = 0;
  graph.getFunction()->walk([&](Operation *) { ++numOps; });
  int64_t cloneCap = int64_t(std::floor((maxGrowth - 1.0) * double(numOps)));

  BudgetModel model(graph, candidates);
  // The selective min-cut at up to 16 thresholds, as the budget solver
  // seeds its family.
  std::vector<llvm::BitVector> extra =
      selectiveCutPoints(graph, candidates, /*maxPoints=*/16);
  int64_t base = model.evaluate(llvm::BitVector(candidates.size())).peak;
  std::vector<ModelDecision> members = fastBudgetFamily(model, extra);
  // Lowest predicted peak first, then fewest FLOPs; only those within the
  // FLOPs cap that the model says lower the peak.
  std::vector<const ModelDecision *> order;
  for (const ModelDecision &member : members)
    if (member.outcome.peak < base && member.outcome.flops <= flopsCap)
      order.push_back(&member);
  llvm::stable_sort(order, [](const ModelDecision *a, const ModelDecision *b) {
    return std::make_pair(a->outcome.peak, a->outcome.flops) <
           std::make_pair(b->outcome.peak, b->outcome.flops);
  });
  // The unrematerialized peak as the pipeline measures it (the schedule can
  // lower it on its own; recomputation must beat that). The copy's peak
  // before materialize is the same in every measurement: measured once.
  BudgetOutcome unmarked = measureBudgetDecision(graph, ArrayRef<Operation *>());
  int64_t measuredBase = unmarked.peak, inputPeak = unmarked.inputPeak;
  unsigned budget = graph.getOps().size() > kPeakLargeOps
                        ? kPeakLargeMeasurements
                        : kPeakMeasurements;
  std::optional<Evaluation> best;
  for (const ModelDecision *member : order) {
    if (budget-- == 0)
      break;
    Evaluation e =
        evaluate(graph, toDecisions(model, member->recompute), inputPeak);
    if (e.peak >= measuredBase || e.flops > flopsCap || e.clonedOps > cloneCap)
      continue;
    if (!best || e.peak < best->peak ||
        (e.peak == best->peak && e.flops < best->flops))
      best = std::move(e);
  }
  if (!best)
    return;
  // Only the recomputations: the rest stays unmarked, as written.
  for (auto [op, policy] : best->decisions)
    if (policy == Policy::Recompute)
      decisions[op] = Policy::Recompute;
}
