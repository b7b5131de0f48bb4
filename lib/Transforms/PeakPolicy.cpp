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
#include "remat/Analysis/MemoryTimeline.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/Support/ThreadPool.h"

#include <cmath>
#include <limits>

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
/// When none of the members measured so far may be taken (each clones more
/// ops than max-growth allows, or does not lower the measured peak), large
/// graphs measure further members, a round at a time, up to this many in
/// all: on an imported 2-layer GRU the two lowest predicted peaks recompute
/// the recurrence (7,460 cloned ops, over the growth cap) and the member
/// after them lowers the peak by 3.5% for 0.03% of the step's FLOPs.
static constexpr unsigned kPeakLargeFallbackMeasurements = 8;
static constexpr unsigned kPeakMeasurements = 16;
/// Of those, how many are measured before the model's exactness is judged.
static constexpr size_t kPeakLargeFirstRound = 2;
/// The fast family's work for the peak policy on graphs over
/// kPeakLargeOps, a quarter of the budget solver's: the frontier sweep
/// spends whatever the greedy path and the refinements leave (0.25 to 0.5 s
/// at the full work), and on GPT-2 stacks of 12 and 48 blocks the quarter
/// finds the same peaks. Smaller graphs keep the full work, where it
/// matters: nn.MultiheadAttention's step (community_more.py) peaks 4.6%
/// higher with a quarter.
static constexpr uint64_t kPeakLargeFastWork = kFastWork / 4;
/// How many selective min-cuts the peak policy measures for the saved
/// bytes (large graphs: one, joined with the choice so far).
static constexpr unsigned kPeakSavedCuts = 3;
/// With prefer=flops, the absorbable chains are taken only when they lower
/// the choice's measured peak by at least this fraction (see below).
static constexpr double kPeakChainMinGain = 0.01;
/// How many subsets of the chains taken are measured to drop those that do
/// not lower the peak.
static constexpr unsigned kPeakChainPrunes = 8;

/// prefer=saved: per value backward reads whose producer is a candidate,
/// the candidates that recompute it from values backward reads anyway
/// (arguments, leaves, other such values): recomputing them adds nothing
/// to what is saved and drops the value (a GELU from its saved input, with
/// the view backward reads). Chains through an op that is not a candidate,
/// or longer than 16 ops, are left out. Largest values first.
static std::vector<std::pair<int64_t, llvm::BitVector>>
absorbableChains(const TrainingGraph &graph, ArrayRef<Operation *> candidates) {
  DenseMap<Operation *, unsigned> index;
  for (auto [i, op] : llvm::enumerate(candidates))
    index[op] = i;
  llvm::SetVector<Value> required = getRequiredValues(graph);
  DenseSet<Value> kept(required.begin(), required.end());
  std::vector<std::pair<int64_t, llvm::BitVector>> chains;
  for (Value value : required) {
    Operation *def = value.getDefiningOp();
    if (!def || !index.count(def))
      continue;
    llvm::BitVector chain(candidates.size());
    SmallVector<Operation *> work{def};
    bool ok = true;
    while (ok && !work.empty()) {
      Operation *op = work.pop_back_val();
      auto it = index.find(op);
      if (it == index.end() || chain.count() >= 16) {
        ok = false;
        break;
      }
      if (chain.test(it->second))
        continue;
      chain.set(it->second);
      for (Value input : getOpInputs(op)) {
        Operation *inputDef = input.getDefiningOp();
        if (kept.contains(input) || !inputDef ||
            inputDef->getBlock() != &graph.getBody() || isLeaf(inputDef))
          continue;
        work.push_back(inputDef);
      }
    }
    if (ok)
      chains.emplace_back(getTensorBytes(value.getType()), std::move(chain));
  }
  llvm::stable_sort(chains, [](const auto &a, const auto &b) {
    return a.first > b.first;
  });
  return chains;
}

int64_t policies::stepFlops(const TrainingGraph &graph) {
  int64_t flops = 0;
  for (Operation *op : graph.getOps())
    flops += getOpCost(op).flops;
  return flops;
}

int64_t policies::flopsWithin(double fraction, int64_t flops) {
  double within = std::floor(fraction * double(flops));
  // (converting a double past int64's range is undefined behaviour)
  if (within >= double(std::numeric_limits<int64_t>::max()))
    return std::numeric_limits<int64_t>::max();
  return int64_t(within);
}

/// The default policy. Recomputation is spent only where it lowers the
/// step's peak: among decisions over the cheap ops (pure, not GEMMs or
/// convolutions, under `flops-per-byte`), the lowest peak after the whole
/// pipeline whose recompute FLOPs stay within `maxRecompute` of the step's
/// FLOPs and whose cloned ops grow the function at most `maxGrowth` times;
/// ties: the fewest FLOPs (prefer=flops), or the fewest bytes saved for
/// backward, then FLOPs (prefer=saved, where the peak is the one with the
/// saved values held until backward ends). Nothing is recomputed when no
/// such decision lowers the peak (prefer=saved: the peak or the saved
/// bytes).
/// The decisions searched are the budget solver's fast family (a
/// peak-directed greedy path, the selective min-cut over the cheap ops at
/// every threshold up to `flops-per-byte`, each refined on the model; with
/// prefer=saved also min-cuts that keep the GEMMs saved and the absorbable
/// chains), and the choice is measured with the real pipeline: a decision
/// that does not lower the measured peak (or saved bytes) is never taken.
void policies::peakDecisions(const TrainingGraph &graph, double flopsPerByte,
                          double maxRecompute, double maxGrowth,
                          PeakPreference prefer, Decisions &decisions,
                          std::shared_ptr<OwningOpRef<ModuleOp>> *scheduled) {
  // Each measured copy is kept while it may be the choice.
  bool keep = scheduled != nullptr;
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
  int64_t flopsCap = flopsWithin(maxRecompute, stepFlops(graph));
  int64_t numOps = 0;
  graph.getFunction()->walk([&](Operation *) { ++numOps; });
  int64_t cloneCap = int64_t(std::floor((maxGrowth - 1.0) * double(numOps)));

  bool saved = prefer == PeakPreference::Saved;
  // The unrematerialized peak as the pipeline measures it (the schedule can
  // lower it on its own; recomputation must beat that). The copy's peak
  // before materialize is the same in every measurement: measured once.
  // With prefer=saved, the peak is the one of a framework that holds every
  // saved value until its backward returns (PyTorch's AOTAutograd, whose
  // partition is this preference's user): a value recomputed in backward
  // lives only from its recomputation to its last use, a saved one from the
  // forward to the end. Under remat's own lifetimes (a saved value dies at
  // its last backward use) the two can come out the other way: a top-2 MoE
  // whose SiLUs are recomputed peaks 3% higher there, and 5% lower held.
  // Measured on a copy, beside the family's search where threads are
  // allowed: both only read the function. (Started after the selective
  // cuts, which take both threads themselves: so it overlaps the family's
  // serial search and the first measurement of a member, not the cuts.)
  MLIRContext *ctx = graph.getFunction()->getContext();
  BudgetModel model(graph, candidates);
  // The selective min-cut at up to 16 thresholds, as the budget solver
  // seeds its family.
  std::vector<llvm::BitVector> extra =
      selectiveCutPoints(graph, candidates, /*maxPoints=*/16);
  BudgetOutcome unmarked;
  auto measureUnmarked = [&] {
    unmarked = measureBudgetDecision(graph, ArrayRef<Operation *>(),
                                     /*schedule=*/true, /*inputPeak=*/{},
                                     /*countSaved=*/saved, /*keep=*/nullptr,
                                     flopsCap);
  };
  // The peak before materialize, which every measurement starts from: the
  // unmarked measurement's (on its copy), or, when no call in the body
  // would resolve differently from a scratch module, the same timeline of
  // the function itself, built beside the search so that the members need
  // not wait for the unmarked measurement.
  bool calls = graph.getBody().walk([](CallOpInterface) {
                 return WalkResult::interrupt();
               }).wasInterrupted();
  std::optional<int64_t> inputPeak;
  auto buildInputPeak = [&] {
    inputPeak = MemoryTimeline::build(graph.getBody()).getPeakBytes();
  };
  std::shared_future<void> unmarkedDone, inputPeakDone;
  if (ctx->isMultithreadingEnabled()) {
    unmarkedDone = ctx->getThreadPool().async(measureUnmarked);
    if (!calls)
      inputPeakDone = ctx->getThreadPool().async(buildInputPeak);
  } else {
    measureUnmarked();
  }
  int64_t base = model.evaluate(llvm::BitVector(candidates.size())).peak;
  bool large = graph.getOps().size() > kPeakLargeOps;
  std::vector<ModelDecision> members = fastBudgetFamily(
      model, extra, large ? kPeakLargeFastWork : kFastWork);
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
  if (inputPeakDone.valid())
    inputPeakDone.wait();
  else if (unmarkedDone.valid())
    unmarkedDone.wait();
  if (!inputPeak)
    inputPeak = unmarked.inputPeak;
  auto peakOf = [&](int64_t peak, int64_t heldPeak) {
    return saved ? heldPeak : peak;
  };
  // The unrematerialized measured peak: known once the unmarked
  // measurement is waited for, after the members' (admissible reads it).
  int64_t measuredBase = 0;
  unsigned budget = large ? kPeakLargeMeasurements : kPeakMeasurements;
  // Peak first; then, with prefer=saved, the bytes saved for backward (what
  // autograd will hold between the passes, exactly); then FLOPs.
  auto key = [&](const Evaluation &e) {
    return std::make_tuple(peakOf(e.peak, e.heldPeak),
                           saved ? e.savedBytes : 0, e.peak, e.flops);
  };
  auto admissible = [&](const Evaluation &e) {
    if (e.flops > flopsCap || e.clonedOps > cloneCap ||
        (saved && (e.savedBytes < 0 || e.heldPeak < 0)))
      return false;
    int64_t peak = peakOf(e.peak, e.heldPeak);
    return peak < measuredBase ||
           (saved && peak == measuredBase &&
            e.savedBytes < unmarked.savedBytes);
  };
  std::optional<Evaluation> best;
  // Whether `e` became the choice.
  auto consider = [&](Evaluation e) {
    if (!admissible(e) || (best && !(key(e) < key(*best))))
      return false;
    best = std::move(e);
    return true;
  };
  // The candidates the choice so far recomputes.
  auto chosen = [&] {
    llvm::BitVector set(candidates.size());
    if (best)
      for (auto [i, op] : llvm::enumerate(candidates))
        if (best->decisions.lookup(op) == Policy::Recompute)
          set.set(i);
    return set;
  };
  // Each measurement on its own copy, in parallel where threads are
  // allowed; considered in order, so the choice is the same either way.
  size_t limit = large ? kPeakLargeFallbackMeasurements : budget;
  if (order.size() > limit)
    order.resize(limit);
  std::vector<std::optional<Evaluation>> measured(order.size());
  size_t done = 0;
  auto measureMembers = [&](size_t end) {
    end = std::min(end, order.size());
    if (end <= done)
      return;
    parallelFor(ctx, done, end, [&](size_t i) {
      measured[i] = evaluate(graph, toDecisions(model, order[i]->recompute),
                             inputPeak, /*countSaved=*/saved, keep, flopsCap);
    });
    done = end;
  };
  auto waitUnmarked = [&] {
    if (unmarkedDone.valid())
      unmarkedDone.wait();
    measuredBase = peakOf(unmarked.peak, unmarked.heldPeak);
  };
  // Large graphs: the first kPeakLargeFirstRound members (one round on two
  // threads), and the rest (up to kPeakLargeMeasurements) only when the
  // model missed the measured peak of one of them. Where it predicted them
  // exactly, its ranking stands: the rest it predicts no lower, and only a
  // schedule the model cannot see would bring one of them below the first.
  // (GPT-2 stacks of 12 and 48 blocks and Fixup's ResNet: the first always
  // won.) But the model does not see the growth cap: when no member
  // measured so far may be taken, the next ones are measured, a round at a
  // time, up to kPeakLargeFallbackMeasurements. The same members are
  // measured with threads or without, so the output does not depend on it.
  if (!large) {
    measureMembers(order.size());
    waitUnmarked();
  } else {
    measureMembers(kPeakLargeFirstRound);
    waitUnmarked();
    auto anyAdmissible = [&] {
      return llvm::any_of(llvm::seq<size_t>(0, done), [&](size_t i) {
        return admissible(*measured[i]);
      });
    };
    bool exact = llvm::all_of(llvm::seq<size_t>(0, done), [&](size_t i) {
      return measured[i]->peak == order[i]->outcome.peak;
    });
    if (!exact)
      measureMembers(budget);
    while (done < order.size() && !anyAdmissible())
      measureMembers(done + kPeakLargeFirstRound);
    order.resize(done);
    measured.resize(done);
  }
  for (std::optional<Evaluation> &e : measured)
    consider(std::move(*e));
  // Each set measured once.
  llvm::SmallVector<llvm::BitVector> tried;
  auto measure = [&](const llvm::BitVector &set) -> std::optional<Evaluation> {
    if (llvm::is_contained(tried, set))
      return std::nullopt;
    tried.push_back(set);
    return evaluate(graph, toDecisions(model, set), inputPeak,
                    /*countSaved=*/saved, keep, flopsCap);
  };
  if (saved) {
    // The selective min-cuts save the fewest bytes but rarely lower the
    // peak on their own, so the family above (Pareto on peak and FLOPs)
    // drops them. Measured here, the most recomputing first within the
    // FLOPs cap, alone and joined with the choice so far (large graphs:
    // joined only). They keep the GEMMs saved, as the candidates do (the
    // family's seeds allow them and then drop them from the set).
    unsigned cuts = large ? 1 : kPeakSavedCuts;
    std::vector<llvm::BitVector> cutPoints = selectiveCutPoints(
        graph, candidates, /*maxPoints=*/16, /*contractions=*/false);
    for (const llvm::BitVector &cut : llvm::reverse(cutPoints)) {
      if (cuts == 0)
        break;
      if (cut.none() || model.evaluate(cut).flops > flopsCap)
        continue;
      --cuts;
      llvm::BitVector joined = chosen() |= cut;
      if (!large || !best)
        if (std::optional<Evaluation> e = measure(cut))
          consider(std::move(*e));
      if (best)
        if (std::optional<Evaluation> e = measure(joined))
          consider(std::move(*e));
    }
  }
  // The values that can be recomputed from what is saved anyway, joined
  // with the choice so far: all of them, the half with the most bytes, the
  // largest one (large graphs: all of them only). The model can see no
  // gain in them where the schedule finds one: on a residual GELU MLP whose
  // blocks compute the input gradient before the weight gradients, the
  // family recomputes one GELU of three (33,476 B) where all three measure
  // 30,660 B for 3.9% of the step. With prefer=flops (graphs of at most
  // kPeakLargeOps) they are taken only when they lower the choice's
  // measured peak by kPeakChainMinGain: on the 4-layer GPT-2 example all
  // 55 chains lower it by 0.16% and clone 505 ops where the choice clones
  // 210, one GPU kernel each (issue 17: at most 1.3x policy none's
  // launches).
  if (saved || !large) {
    std::vector<std::pair<int64_t, llvm::BitVector>> chains =
        absorbableChains(graph, candidates);
    llvm::BitVector start = chosen();
    tried.push_back(start);
    SmallVector<size_t, 3> counts{chains.size()};
    if (!large)
      counts.append({(chains.size() + 1) / 2, std::min<size_t>(1, chains.size())});
    // The chains of the best set taken (prefer=flops), to prune below.
    SmallVector<size_t> taken;
    for (size_t count : counts) {
      if (count == 0)
        continue;
      llvm::BitVector set = start;
      for (size_t k = 0; k < count; ++k)
        set |= chains[k].second;
      if (model.evaluate(set).flops > flopsCap)
        continue;
      std::optional<Evaluation> e = measure(set);
      if (!e)
        continue;
      if (!saved) {
        int64_t reference = best ? best->peak : measuredBase;
        if (double(e->peak) > (1.0 - kPeakChainMinGain) * double(reference))
          continue;
      }
      if (consider(std::move(*e)) && !saved)
        taken.assign(llvm::seq<size_t>(0, count).begin(),
                     llvm::seq<size_t>(0, count).end());
    }
    // Joined whole, a chain can add FLOPs and no gain: on a 4-block
    // residual GELU MLP all four GELUs measure 39,172 B, and so do the
    // first three for 25% fewer FLOPs. Each chain taken is dropped in turn,
    // smallest first, where the peak stays (at most kPeakChainPrunes
    // measurements).
    unsigned prunes = kPeakChainPrunes;
    SmallVector<size_t> tries = taken; // (taken shrinks in the loop)
    for (size_t k : llvm::reverse(tries)) {
      if (prunes == 0 || taken.size() < 2)
        break;
      llvm::BitVector set = start;
      for (size_t j : taken)
        if (j != k)
          set |= chains[j].second;
      std::optional<Evaluation> e = measure(set);
      if (!e)
        continue;
      --prunes;
      if (e->peak <= best->peak && e->flops < best->flops &&
          consider(std::move(*e)))
        llvm::erase(taken, k);
    }
  }
  if (!best)
    return;
  // Only the recomputations: the rest stays unmarked, as written.
  for (auto [op, policy] : best->decisions)
    if (policy == Policy::Recompute)
      decisions[op] = Policy::Recompute;
  if (scheduled)
    *scheduled = best->scheduled;
}
