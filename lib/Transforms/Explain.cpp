//===- Explain.cpp - why each op is recomputed or saved -------------------===//
//
// -remat-mark="explain=true" (also -remat-pipeline="explain=true"): one
// remark per forward op, after the policy has written its marks. Debian's
// LLVM is built without assertions, so -debug-only does not exist there;
// remarks work with every LLVM and can be checked with FileCheck.
//
//===----------------------------------------------------------------------===//

#include "Policies.h"
#include "remat/Analysis/CostModel.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::remat;
using namespace mlir::remat::policies;

/// Why flops-per-byte rules `op` out (overFlopsPerByte).
static std::string overThresholdReason(Operation *op, double flopsPerByte) {
  if (std::optional<double> ratio = flopsPerOutputByte(op))
    return llvm::formatv("{0:F1} FLOPs per output byte, not below "
                         "flops-per-byte={1}",
                         *ratio, flopsPerByte);
  return "it does work but has no tensor output to weigh it by";
}

/// Why `policy` left a recomputable candidate saved.
static std::string whySaved(Operation *op, MarkPolicy policy,
                            double flopsPerByte) {
  bool peak = policy == MarkPolicy::Peak;
  if (peak && isContractionLike(op))
    return "a GEMM or convolution: the default policy leaves them to "
           "policy=budget";
  if ((peak || policy == MarkPolicy::Selective) && overFlopsPerByte(op, flopsPerByte))
    return overThresholdReason(op, flopsPerByte);
  if (peak)
    return "recomputing it does not lower the measured peak within "
           "max-recompute and max-growth";
  if (policy == MarkPolicy::Selective)
    return "the min-cut saves it: saving it costs fewer bytes than what "
           "recomputing it would keep alive for backward";
  if (policy == MarkPolicy::Budget)
    return "the budget is met without recomputing it";
  if (policy == MarkPolicy::Segments)
    return "a segment boundary (or outside every checkpointed segment)";
  return "no policy marks it (policy=" + enumName(policy).str() + ")";
}

void policies::explainDecisions(const TrainingGraph &graph, MarkPolicy policy,
                                double flopsPerByte,
                                const DenseSet<Operation *> &candidates) {
  llvm::SetVector<Value> required = getRequiredValues(graph);
  for (Operation *op : graph.getOps()) {
    if (graph.isBackward(op) || isLeaf(op) ||
        op->hasTrait<OpTrait::IsTerminator>())
      continue;
    bool readByBackward = llvm::any_of(op->getResults(), [&](Value v) {
      return required.contains(v);
    });
    std::optional<Policy> mark = getPolicy(op);
    if (mark == Policy::Recompute) {
      op->emitRemark() << "remat: recompute ("
                       << (candidates.contains(op) ? "policy=" + enumName(policy).str()
                                                   : "the user's mark")
                       << ")";
      continue;
    }
    if (const char *why = whyNotRecomputable(op)) {
      op->emitRemark() << "remat: save: it cannot be recomputed because "
                       << why;
      continue;
    }
    if (!candidates.contains(op)) {
      if (mark == Policy::Save)
        op->emitRemark() << "remat: save (the user's mark)";
      else if (!readByBackward)
        op->emitRemark()
            << "remat: not a decision: backward reads nothing it leads to";
      continue;
    }
    op->emitRemark() << "remat: save: " << whySaved(op, policy, flopsPerByte);
  }
}
