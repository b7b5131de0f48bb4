//===- RematOps.cpp - remat operations ------------------------------------===//

#include "remat/Dialect/Remat/IR/RematDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::remat;

#define GET_OP_CLASSES
#include "remat/Dialect/Remat/IR/RematOps.cpp.inc"

LogicalResult RecomputeOp::verify() {
  Block &body = getBodyBlock();
  if (body.getNumArguments() != getInputs().size())
    return emitOpError() << "has " << getInputs().size()
                         << " inputs but its body has "
                         << body.getNumArguments() << " arguments";
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(getInputs(), body.getArguments()))) {
    auto [input, arg] = pair;
    if (input.getType() != arg.getType())
      return emitOpError() << "input #" << index << " has type "
                           << input.getType() << " but body argument #"
                           << index << " has type " << arg.getType();
  }
  return success();
}

LogicalResult RecomputeOp::verifyRegions() {
  auto yield = cast<YieldOp>(getBodyBlock().getTerminator());
  if (yield.getValues().size() != getNumResults())
    return emitOpError() << "has " << getNumResults()
                         << " results but its body yields "
                         << yield.getValues().size() << " values";
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(getResultTypes(), yield.getValues()))) {
    auto [type, value] = pair;
    if (type != value.getType())
      return emitOpError() << "result #" << index << " has type " << type
                           << " but the body yields " << value.getType();
  }
  // Recomputing an op with side effects (a write, a stateful RNG draw) would
  // change the program; refuse it here so no pass can build one.
  WalkResult walk = getBody().walk([&](Operation *nested) {
    if (isa<YieldOp>(nested) || isMemoryEffectFree(nested))
      return WalkResult::advance();
    nested->emitOpError() << "has side effects and cannot be recomputed "
                          << "inside 'remat.recompute'";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}
