//===- BudgetSolvers.cpp - the budget policy's searches over the model ---===//
//
// See BudgetModel.h: the fast solver (greedy path, refinement, a capped
// frontier sweep), the branch and bound that proves the model's optimum,
// and the frontier sweep built on it. They see the model only through
// BudgetModel's public interface (evaluate, evaluateAgainst), so the model
// can change without touching them.
//
//===----------------------------------------------------------------------===//

#include "remat/Transforms/BudgetModel.h"
#include "remat/Analysis/CostModel.h"

#include <algorithm>
#include <limits>
#include <numeric>

using namespace mlir;
using namespace mlir::remat;

//===----------------------------------------------------------------------===//
// The fast solver
//===----------------------------------------------------------------------===//

namespace {
struct FastSearch {
  const BudgetModel &model;
  uint64_t work = 0, workLimit;
  std::vector<ModelDecision> family;

  /// Per candidate: the candidates with no FLOPs it reads, transitively
  /// (views, broadcasts, fills). Recomputing an op without them keeps their
  /// buffers alive for the recomputation; with them, they are recomputed
  /// too, for free.
  std::vector<SmallVector<unsigned, 2>> freeInputs;

  FastSearch(const BudgetModel &model, uint64_t workLimit)
      : model(model), workLimit(workLimit) {
    DenseMap<Operation *, unsigned> index;
    for (unsigned i = 0; i < model.getNumCandidates(); ++i)
      index[model.getCandidate(i)] = i;
    freeInputs.resize(model.getNumCandidates());
    for (unsigned i = 0; i < model.getNumCandidates(); ++i) {
      SmallVector<unsigned> worklist{i};
      llvm::BitVector seen(model.getNumCandidates());
      while (!worklist.empty()) {
        unsigned c = worklist.pop_back_val();
        for (Value input : getOpInputs(model.getCandidate(c))) {
          auto it = index.find(input.getDefiningOp());
          if (it == index.end() || seen.test(it->second) ||
              model.getCandidateFlops(it->second) != 0)
            continue;
          seen.set(it->second);
          freeInputs[i].push_back(it->second);
          worklist.push_back(it->second);
        }
      }
    }
  }

  /// The moves that recompute c: c alone, and c with its free inputs.
  SmallVector<llvm::BitVector, 2> moves(const llvm::BitVector &current,
                                        unsigned c) const {
    SmallVector<llvm::BitVector, 2> result;
    llvm::BitVector alone = current;
    alone.set(c);
    result.push_back(alone);
    llvm::BitVector closed = alone;
    for (unsigned f : freeInputs[c])
      closed.set(f);
    if (closed != alone)
      result.push_back(closed);
    return result;
  }

  bool exhausted() const { return work >= workLimit; }
  BudgetOutcome eval(const llvm::BitVector &set,
                     SmallVectorImpl<unsigned> *relevant = nullptr) {
    work += model.getNumOps() + 1;
    return model.evaluate(set, relevant);
  }
  /// bytes of candidate c's results per FLOP, the static preference.
  double ratio(unsigned c) const {
    int64_t bytes = 0;
    for (Value result : model.getCandidate(c)->getResults())
      bytes += getTensorBytes(result.getType());
    return double(bytes) / double(model.getCandidateFlops(c) + 1);
  }

  void greedy();
  ModelDecision refine(ModelDecision decision, int64_t budget);
};
} // namespace

/// From nothing recomputed: repeatedly recompute what is live at the
/// predicted peak. With few enough candidates, every one live at the peak
/// is tried and the best peak reduction per added FLOP taken (or, when
/// none lowers the peak because others share it, the one freeing the most
/// bytes per FLOP that does not raise it); on large graphs a batch of the
/// best bytes-per-FLOP ones, halved until it does not raise the peak.
void FastSearch::greedy() {
  unsigned n = model.getNumCandidates();
  llvm::BitVector current(n);
  SmallVector<unsigned> relevant, scratch;
  BudgetOutcome now = eval(current, &relevant);
  family.push_back({current, now});
  while (!relevant.empty() && !exhausted()) {
    bool tryAll =
        uint64_t(relevant.size()) * (model.getNumOps() + 1) * n <= workLimit / 4;
    llvm::sort(relevant, [&](unsigned a, unsigned b) {
      return ratio(a) > ratio(b);
    });
    std::optional<llvm::BitVector> next;
    BudgetOutcome nextOutcome;
    // A batch trial is evaluated with its relevant list: when it is taken,
    // that evaluation is the next step's own (counted as work again, so
    // that the search spends its work as before).
    std::optional<SmallVector<unsigned>> nextRelevant;
    if (tryAll) {
      double bestLower = -1, bestFlat = -1;
      for (unsigned c : relevant)
        for (llvm::BitVector &trial : moves(current, c)) {
        BudgetOutcome o = eval(trial);
        if (o.peak > now.peak)
          continue;
        double added = double(std::max<int64_t>(o.flops - now.flops, 0) + 1);
        if (o.peak < now.peak) {
          double score = double(now.peak - o.peak) / added;
          if (score > bestLower) {
            bestLower = score;
            next = trial;
            nextOutcome = o;
          }
        } else if (bestLower < 0 && ratio(c) > bestFlat) {
          bestFlat = ratio(c);
          next = trial;
          nextOutcome = o;
        }
        }
    } else {
      size_t batch = std::max<size_t>(1, relevant.size() / 8);
      while (!next && !exhausted()) {
        llvm::BitVector trial = current;
        for (size_t k = 0; k < batch && k < relevant.size(); ++k) {
          trial.set(relevant[k]);
          for (unsigned f : freeInputs[relevant[k]])
            trial.set(f);
        }
        BudgetOutcome o = eval(trial, &scratch);
        if (o.peak <= now.peak) {
          next = trial;
          nextOutcome = o;
          nextRelevant = scratch;
        } else if (batch == 1) {
          break;
        } else {
          batch /= 2;
        }
      }
    }
    if (!next)
      break;
    current = *next;
    if (nextRelevant) {
      work += model.getNumOps() + 1;
      now = nextOutcome;
      relevant.assign(nextRelevant->begin(), nextRelevant->end());
    } else {
      now = eval(current, &relevant);
    }
    family.push_back({current, now});
  }
}

/// Lowers the FLOPs of `decision` without letting its predicted peak
/// exceed `budget`: drops recomputations that are not needed, most
/// expensive first, then swaps one for a cheaper one live at the peak
/// without it, until neither helps.
ModelDecision FastSearch::refine(ModelDecision decision, int64_t budget) {
  auto byFlopsDesc = [&](const llvm::BitVector &set) {
    SmallVector<unsigned> members(set.set_bits_begin(), set.set_bits_end());
    llvm::stable_sort(members, [&](unsigned a, unsigned b) {
      return model.getCandidateFlops(a) > model.getCandidateFlops(b);
    });
    return members;
  };
  bool improved = true;
  SmallVector<unsigned> relevant;
  while (improved && !exhausted()) {
    improved = false;
    for (unsigned c : byFlopsDesc(decision.recompute)) {
      if (exhausted())
        break;
      llvm::BitVector trial = decision.recompute;
      trial.reset(c);
      BudgetOutcome o = eval(trial, &relevant);
      if (o.peak <= budget) {
        if (o.flops <= decision.outcome.flops) {
          decision = {trial, o};
          improved = true;
        }
        continue;
      }
      // Without c the peak is too high: is a cheaper candidate live at
      // that peak enough instead?
      llvm::sort(relevant, [&](unsigned a, unsigned b) {
        return model.getCandidateFlops(a) < model.getCandidateFlops(b);
      });
      for (unsigned u : relevant) {
        if (u == c || model.getCandidateFlops(u) >= model.getCandidateFlops(c) ||
            exhausted())
          break;
        llvm::BitVector swapped = trial;
        swapped.set(u);
        BudgetOutcome s = eval(swapped);
        if (s.peak <= budget && s.flops < decision.outcome.flops) {
          decision = {swapped, s};
          improved = true;
          break;
        }
      }
    }
  }
  return decision;
}

/// Keeps the decisions no other one beats on both peak and FLOPs (one per
/// outcome), by increasing FLOPs.
static void paretoFilter(std::vector<ModelDecision> &family) {
  llvm::stable_sort(family, [](const ModelDecision &a, const ModelDecision &b) {
    return a.outcome.flops != b.outcome.flops
               ? a.outcome.flops < b.outcome.flops
               : a.outcome.peak < b.outcome.peak;
  });
  std::vector<ModelDecision> kept;
  for (ModelDecision &d : family)
    if (kept.empty() || d.outcome.peak < kept.back().outcome.peak)
      kept.push_back(std::move(d));
  family = std::move(kept);
}

std::vector<ModelDecision>
mlir::remat::fastBudgetFamily(const BudgetModel &model,
                              ArrayRef<llvm::BitVector> extra,
                              uint64_t workLimit) {
  FastSearch search(model, workLimit);
  search.greedy();
  for (const llvm::BitVector &set : extra)
    search.family.push_back({set, search.eval(set)});
  paretoFilter(search.family);
  // Refine each member under its own peak: the family stays independent of
  // the budget, and each member becomes the best found for that peak.
  std::vector<ModelDecision> refined = search.family;
  for (ModelDecision &d : refined) {
    if (search.exhausted())
      break;
    d = search.refine(d, d.outcome.peak);
  }
  refined.insert(refined.end(), search.family.begin(), search.family.end());
  paretoFilter(refined);
  // The frontier sweep (budgetFrontier) with the work left, the family so
  // far as incumbents: each level's search gets a share, and where they
  // all finish the family holds the exact frontier of the model. Still
  // independent of the budget.
  if (!search.exhausted()) {
    uint64_t nodes = (search.workLimit - search.work) / (model.getNumOps() + 1);
    FrontierResult frontier = budgetFrontier(
        model, refined, std::numeric_limits<int64_t>::min(), nodes,
        /*splitNodes=*/true);
    refined.insert(refined.end(), frontier.members.begin(),
                   frontier.members.end());
    paretoFilter(refined);
  }
  return refined;
}

const ModelDecision *
mlir::remat::chooseModelDecision(ArrayRef<ModelDecision> family,
                                 int64_t budget) {
  const ModelDecision *best = nullptr;
  for (const ModelDecision &d : family) {
    if (d.outcome.peak > budget)
      continue;
    if (!best || d.outcome.flops < best->outcome.flops ||
        (d.outcome.flops == best->outcome.flops &&
         d.outcome.peak < best->outcome.peak))
      best = &d;
  }
  return best;
}

//===----------------------------------------------------------------------===//
// The exact solver over the model
//===----------------------------------------------------------------------===//

namespace {
struct BranchAndBound {
  const BudgetModel &model;
  int64_t budget;
  uint64_t nodeLimit;
  ExactModelResult result;
  int64_t bestFlops = std::numeric_limits<int64_t>::max();
  llvm::BitVector excluded;
  int64_t granularity = model.getFlopsGranularity();

  void search(llvm::BitVector &set) {
    if (result.nodes >= nodeLimit) {
      result.complete = false;
      return;
    }
    ++result.nodes;
    std::vector<BudgetConstraint> constraints;
    BudgetOutcome o = model.evaluateAgainst(set, budget, constraints);
    if (o.peak <= budget) {
      if (o.flops < bestFlops ||
          (o.flops == bestFlops && o.peak < result.best->outcome.peak)) {
        bestFlops = o.flops;
        result.best = ModelDecision{set, o};
      }
      return;
    }
    // Every constraint, less the excluded candidates: each step it names
    // must lose `excess` bytes, and recomputing a candidate frees at most
    // its buffers there. Cheapest first.
    struct Branch {
      unsigned candidate;
      int64_t flops, bytes;
    };
    SmallVector<SmallVector<Branch>, 3> lists;
    SmallVector<int64_t, 3> excess;
    for (const BudgetConstraint &c : constraints) {
      SmallVector<Branch> &list = lists.emplace_back();
      for (auto [cand, bytes] : llvm::zip_equal(c.candidates, c.bytes))
        if (!excluded.test(cand))
          list.push_back({cand, model.getCandidateFlops(cand), bytes});
      llvm::stable_sort(list, [](const Branch &a, const Branch &b) {
        return a.flops < b.flops;
      });
      excess.push_back(c.excess);
    }
    // The cheapest fractional cover of `need` bytes by list[from..], none
    // if they free too little.
    SmallVector<unsigned> byRatio;
    auto cover = [&](ArrayRef<Branch> list, size_t from,
                     int64_t need) -> std::optional<double> {
      if (need <= 0)
        return 0.0;
      byRatio.clear();
      for (size_t k = from; k < list.size(); ++k)
        if (list[k].bytes > 0)
          byRatio.push_back(k);
      llvm::sort(byRatio, [&](unsigned a, unsigned b) {
        // flops_a / bytes_a < flops_b / bytes_b, without division.
        return (__int128)list[a].flops * list[b].bytes <
               (__int128)list[b].flops * list[a].bytes;
      });
      double cost = 0;
      for (unsigned k : byRatio) {
        if (list[k].bytes >= need)
          return cost +
                 double(list[k].flops) * double(need) / double(list[k].bytes);
        cost += double(list[k].flops);
        need -= list[k].bytes;
      }
      return std::nullopt;
    };
    // Every cost is a multiple of `granularity`: a better decision costs at
    // most bestFlops - granularity.
    auto canImprove = [&](double bound) {
      return bound * (1 - 1e-12) <= double(bestFlops) - double(granularity);
    };
    // The node's bound, the largest over the constraints.
    for (size_t k = 0; k < lists.size(); ++k) {
      std::optional<double> rest = cover(lists[k], 0, excess[k]);
      if (!rest || !canImprove(double(o.distinctFlops) + *rest))
        return;
    }
    if (lists.empty())
      return;
    // Branching is on the peak's constraint (the first; of the three, the
    // one that measured the smallest trees). A child recomputes its branch
    // and possibly later siblings (earlier ones are excluded from it): its
    // branch's FLOPs plus the cheapest cover of the rest of the excess by
    // the later siblings.
    ArrayRef<Branch> branches = lists.front();
    const int64_t deficit = excess.front();
    SmallVector<unsigned> added;
    for (size_t i = 0; i < branches.size(); ++i) {
      const Branch &br = branches[i];
      std::optional<double> rest = cover(branches, i + 1, deficit - br.bytes);
      if (!rest)
        break; // later children have even fewer candidates to free it with
      if (canImprove(double(o.distinctFlops + br.flops) + *rest)) {
        set.set(br.candidate);
        search(set);
        set.reset(br.candidate);
        if (!result.complete)
          break;
      }
      // Every set with this candidate is in its subtree (or cannot win).
      excluded.set(br.candidate);
      added.push_back(br.candidate);
    }
    for (unsigned c : added)
      excluded.reset(c);
  }
};
} // namespace

ExactModelResult
mlir::remat::solveBudgetExactly(const BudgetModel &model, int64_t budget,
                                uint64_t nodeLimit,
                                const ModelDecision *incumbent) {
  BranchAndBound bb{model, budget, nodeLimit, {},
                    std::numeric_limits<int64_t>::max(),
                    llvm::BitVector(model.getNumCandidates())};
  if (incumbent && incumbent->outcome.peak <= budget) {
    bb.result.best = *incumbent;
    bb.bestFlops = incumbent->outcome.flops;
  }
  llvm::BitVector set(model.getNumCandidates());
  bb.search(set);
  if (bb.result.complete)
    bb.result.lowerBound = bb.result.best
                               ? bb.result.best->outcome.flops
                               : std::numeric_limits<int64_t>::max();
  return bb.result;
}

FrontierResult mlir::remat::budgetFrontier(
    const BudgetModel &model, ArrayRef<ModelDecision> incumbents,
    int64_t stopAt, uint64_t nodeLimit, bool splitNodes, bool milp,
    std::optional<std::chrono::steady_clock::time_point> deadline) {
  FrontierResult frontier;
  std::vector<ModelDecision> known(incumbents.begin(), incumbents.end());
  llvm::BitVector none(model.getNumCandidates());
  frontier.members.push_back({none, model.evaluate(none)});
  frontier.lowerBounds.push_back(0);
  ++frontier.nodes;
  std::vector<BudgetCut> cuts; // the MILP's, valid at every level
  while (frontier.members.back().outcome.peak > stopAt) {
    int64_t level = frontier.members.back().outcome.peak - 1;
    uint64_t left = nodeLimit - std::min(nodeLimit, frontier.nodes);
    // Out of nodes, the MILP still solves each level's root (a bound and
    // the best known), so the sweep reaches the budget with a gap.
    if (left == 0 && !milp) {
      frontier.complete = false;
      break;
    }
    uint64_t cap = left;
    if (splitNodes) {
      // About half as many levels are expected as there are known
      // decisions below this one; easy levels finish early and leave their
      // share to the later ones.
      SmallVector<int64_t> below;
      for (const ModelDecision &d : known)
        if (d.outcome.peak <= level)
          below.push_back(d.outcome.peak);
      llvm::sort(below);
      below.erase(std::unique(below.begin(), below.end()), below.end());
      cap = std::max<uint64_t>(left / (below.size() / 2 + 1),
                               std::min<uint64_t>(left, 32));
    }
    const ModelDecision *incumbent = chooseModelDecision(known, level);
    ExactModelResult r =
        milp ? solveBudgetMilp(model, level, cap, incumbent, &cuts, deadline)
             : solveBudgetExactly(model, level, cap, incumbent);
    frontier.nodes += r.nodes;
    frontier.complete &= r.complete;
    if (!r.best)
      break; // nothing reaches this level (proven when complete)
    if (!splitNodes && !r.complete && !milp)
      break;
    // The best at a level may tie a higher member's FLOPs with a lower
    // peak: it dominates that member, and takes over its budgets (so the
    // smaller of the two bounds).
    int64_t bound = r.lowerBound;
    while (!frontier.members.empty() &&
           frontier.members.back().outcome.flops >= r.best->outcome.flops) {
      frontier.members.pop_back();
      bound = std::min(bound, frontier.lowerBounds.back());
      frontier.lowerBounds.pop_back();
    }
    frontier.members.push_back(*r.best);
    frontier.lowerBounds.push_back(std::min(bound, r.best->outcome.flops));
    known.push_back(*r.best);
  }
  return frontier;
}
