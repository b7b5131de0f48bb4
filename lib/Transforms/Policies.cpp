//===- Policies.cpp - what every policy shares ------------------------------===//
//
// Whatever the policy, an op that is not recomputable (memory effects,
// unknown effects, no cost model) is saved: the RNG-replay class of bugs,
// where recomputing a stateful random op silently changes the gradients,
// cannot happen. User-written `remat.policy` attributes are overrides in
// every policy (finalPolicy).
//
//===----------------------------------------------------------------------===//

#include "Policies.h"

using namespace mlir;
using namespace mlir::remat;
using namespace mlir::remat::policies;

#include "remat/Analysis/CostModel.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

/// Why `op` cannot be recomputed, or null if it can.
const char *policies::whyNotRecomputable(Operation *op) {
  if (!op->isRegistered())
    return "it is an unregistered op with unknown effects";
  if (!isMemoryEffectFree(op))
    return "it has memory effects";
  if (!hasCostModel(op))
    return "it has no cost model";
  if (!isRecomputable(op))
    return "its cost model says it is not recomputable";
  return nullptr;
}

/// Forward ops may be recomputed only if the op allows it; a user's
/// "recompute" on an op that does not is turned into "save", loudly.
void policies::demoteUnrecomputableOverrides(const TrainingGraph &graph) {
  MLIRContext *ctx = graph.getFunction()->getContext();
  for (Operation *op : graph.getOps()) {
    // Only forward values are saved or recomputed: a mark on a backward op
    // (one reading a gradient seed, or after the backward starts) was
    // ignored silently.
    if (graph.isBackward(op) && !op->hasTrait<OpTrait::IsTerminator>() &&
        op->hasAttr(RematDialect::kPolicyAttrName)) {
      op->emitWarning() << "'" << RematDialect::kPolicyAttrName
                        << "' on a backward op has no effect: only forward "
                           "ops are saved or recomputed";
      continue;
    }
    if (graph.isBackward(op) || getPolicy(op) != Policy::Recompute)
      continue;
    if (const char *why = whyNotRecomputable(op)) {
      op->emitWarning() << "cannot be recomputed because " << why
                        << "; saving it instead of 'remat.policy = "
                        << "\"recompute\"'";
      op->setAttr(RematDialect::kPolicyAttrName,
                  StringAttr::get(ctx, "save"));
    }
  }
}

/// Leaves (constants, tensor.empty) cost nothing to recompute and are
/// cloned wherever needed; no decision is recorded for them.
bool policies::isLeaf(Operation *op) {
  return op->getNumOperands() == 0 && op->getNumRegions() == 0;
}

/// Forward tensors read by a backward op (the terminator excluded).
/// Scalars cost nothing to keep.
llvm::SetVector<Value> policies::getRequiredValues(const TrainingGraph &graph) {
  llvm::SetVector<Value> required;
  for (Operation *op : graph.getOps()) {
    if (!graph.isBackward(op) || op->hasTrait<OpTrait::IsTerminator>())
      continue;
    for (Value input : getOpInputs(op)) {
      Operation *def = input.getDefiningOp();
      if (def && def->getBlock() == &graph.getBody() &&
          !graph.isBackward(def) && isa<RankedTensorType>(input.getType()))
        required.insert(input);
    }
  }
  return required;
}


/// FLOPs per byte of tensor output, the quantity the selective threshold
/// compares; none for an op without tensor output.
std::optional<double>
policies::flopsPerOutputByte(Operation *op, std::optional<int64_t> flops) {
  int64_t bytesOut = 0;
  for (Type type : op->getResultTypes())
    bytesOut += getTensorBytes(type);
  if (bytesOut <= 0)
    return std::nullopt;
  return double(flops ? *flops : getOpCost(op).flops) / double(bytesOut);
}

/// Whether `flops-per-byte` rules `op` out of recomputation (selective and
/// peak): it does work, and as much per byte of output as the threshold,
/// or has no tensor output to measure it by.
bool policies::overFlopsPerByte(Operation *op, double flopsPerByte,
                                std::optional<int64_t> flops) {
  if (!flops)
    flops = getOpCost(op).flops;
  if (*flops <= 0)
    return false;
  std::optional<double> ratio = flopsPerOutputByte(op, flops);
  return !ratio || *ratio >= flopsPerByte;
}

/// The marks a decision leads to: user overrides win.
std::optional<Policy> policies::finalPolicy(Operation *op,
                                         const Decisions &decisions) {
  if (std::optional<Policy> user = getPolicy(op))
    return user;
  auto it = decisions.find(op);
  if (it == decisions.end())
    return std::nullopt;
  return it->second;
}

void policies::writeMarks(ArrayRef<Operation *> ops, const Decisions &decisions,
                       ArrayRef<Operation *> targets) {
  for (auto [op, target] : llvm::zip(ops, targets))
    if (std::optional<Policy> final = finalPolicy(op, decisions))
      target->setAttr(RematDialect::kPolicyAttrName,
                      StringAttr::get(target->getContext(),
                                      *final == Policy::Save ? "save"
                                                             : "recompute"));
}
