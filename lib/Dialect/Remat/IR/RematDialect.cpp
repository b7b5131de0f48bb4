//===- RematDialect.cpp - remat dialect and attribute verifiers -----------===//
//
// The dialect verifies its discardable attributes wherever they appear, so
// that a misplaced seed or a misspelled policy is caught when the IR is
// parsed, at the attribute's location, rather than producing a silently
// wrong forward/backward split later.
//
//===----------------------------------------------------------------------===//

#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Dialect/Remat/IR/RematInterfaces.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::remat;

#include "remat/Dialect/Remat/IR/RematDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "remat/Dialect/Remat/IR/RematAttrs.cpp.inc"

void RematDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "remat/Dialect/Remat/IR/RematOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "remat/Dialect/Remat/IR/RematAttrs.cpp.inc"
      >();
}

LogicalResult
CostAttr::verify(function_ref<InFlightDiagnostic()> emitError, int64_t flops,
                 int64_t bytesRead, int64_t bytesWritten, bool) {
  if (flops < 0 || bytesRead < 0 || bytesWritten < 0)
    return emitError() << "#remat.cost fields must be non-negative";
  return success();
}

LogicalResult RematDialect::verifyOperationAttribute(Operation *op,
                                                     NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == kSeedAttrName) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'" << name << "' must be a unit attribute";
    if (op->getNumResults() == 0)
      return op->emitError()
             << "'" << name << "' marks a gradient seed and needs an op with "
             << "a tensor result";
    for (Type type : op->getResultTypes())
      if (!isa<RankedTensorType>(type))
        return op->emitError()
               << "'" << name << "' must be on an op whose results are "
               << "ranked tensors, but a result has type " << type;
    return success();
  }
  if (name == kPolicyAttrName) {
    auto str = dyn_cast<StringAttr>(attr.getValue());
    if (!str || (str.getValue() != "save" && str.getValue() != "recompute"))
      return op->emitError() << "'" << name
                             << "' must be \"save\" or \"recompute\", got "
                             << attr.getValue();
    return success();
  }
  if (name == kCostAttrName) {
    if (!isa<CostAttr>(attr.getValue()))
      return op->emitError()
             << "'" << name << "' must be a #remat.cost attribute";
    return success();
  }
  if (name == kAttentionAttrName) {
    auto str = dyn_cast<StringAttr>(attr.getValue());
    int64_t bq = 0, bk = 0;
    auto [q, k] =
        str ? str.getValue().split('x') : std::pair<StringRef, StringRef>();
    if (op->getName().getStringRef() != "scf.for" || !str ||
        q.getAsInteger(10, bq) || k.getAsInteger(10, bk) || bq < 1 || bk < 1)
      return op->emitError()
             << "'" << name << "' must be a string \"BQxBK\" (the tile "
             << "shape, e.g. \"64x64\") on an scf.for, got " << attr.getValue();
    return success();
  }
  if (name == kCotangentAttrName)
    return op->emitError() << "'" << name
                           << "' belongs on a function argument; mark a "
                           << "seeding op with '" << kSeedAttrName << "'";
  return op->emitError() << "unknown remat attribute '" << name << "'";
}

LogicalResult RematDialect::verifyRegionArgAttribute(Operation *op,
                                                     unsigned regionIndex,
                                                     unsigned argIndex,
                                                     NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name != kCotangentAttrName)
    return op->emitError() << "unknown remat argument attribute '" << name
                           << "' on argument #" << argIndex;
  if (!isa<UnitAttr>(attr.getValue()))
    return op->emitError() << "'" << name << "' must be a unit attribute";
  Region &region = op->getRegion(regionIndex);
  // A declaration has no body: check the type through the function interface.
  Type type;
  if (!region.empty())
    type = region.getArgument(argIndex).getType();
  else if (auto func = dyn_cast<FunctionOpInterface>(op))
    type = func.getArgumentTypes()[argIndex];
  if (type && !isa<RankedTensorType>(type))
    return op->emitError() << "'" << name << "' on argument #" << argIndex
                           << " needs a ranked tensor, but the argument has "
                           << "type " << type;
  return success();
}

std::optional<Policy> mlir::remat::getPolicy(Operation *op) {
  auto str = op->getAttrOfType<StringAttr>(RematDialect::kPolicyAttrName);
  if (!str)
    return std::nullopt;
  if (str.getValue() == "save")
    return Policy::Save;
  if (str.getValue() == "recompute")
    return Policy::Recompute;
  return std::nullopt;
}
