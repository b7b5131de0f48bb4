//===- CostModel.cpp - FLOPs and bytes of training-graph ops --------------===//
//
// FLOPs are counted as scalar operations, uniformly: a linalg structured op
// costs its iteration space times the number of scalar ops in its body, so a
// matmul (mulf + addf per point) costs 2*M*N*K and a GELU written as a
// generic of tanh-form arithmetic costs its element count times its body
// size. Transcendentals count one, like any other op: simple, predictable,
// and good enough to tell a GEMM from an elementwise chain by orders of
// magnitude, which is all the policies need.
//
//===----------------------------------------------------------------------===//

#include "remat/Analysis/CostModel.h"
#include "remat/Dialect/Remat/IR/RematDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::remat;

int64_t mlir::remat::getElementBytes(Type elementType) {
  if (isa<IndexType>(elementType))
    return 8;
  if (auto complex = dyn_cast<ComplexType>(elementType))
    return 2 * getElementBytes(complex.getElementType());
  if (elementType.isIntOrFloat())
    return (elementType.getIntOrFloatBitWidth() + 7) / 8;
  return 8;
}

int64_t mlir::remat::getNumElements(Type type) {
  auto shaped = dyn_cast<RankedTensorType>(type);
  if (!shaped)
    return type.isIntOrIndexOrFloat() ? 1 : 0;
  return shaped.hasStaticShape() ? shaped.getNumElements() : 0;
}

int64_t mlir::remat::getTensorBytes(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return 0;
  return tensor.getNumElements() * getElementBytes(tensor.getElementType());
}

static int64_t sumTensorBytes(TypeRange types) {
  int64_t bytes = 0;
  for (Type type : types)
    bytes += getTensorBytes(type);
  return bytes;
}

/// One scalar op per result element, everything read and written.
static OpCost getConservativeCost(Operation *op) {
  OpCost cost;
  for (Type type : op->getResultTypes())
    cost.flops += getNumElements(type);
  cost.bytesRead = sumTensorBytes(op->getOperandTypes());
  cost.bytesWritten = sumTensorBytes(op->getResultTypes());
  return cost;
}

OpCost mlir::remat::getOpCost(Operation *op) {
  if (auto iface = dyn_cast<CostOpInterface>(op))
    return iface.getRematCost();
  return getConservativeCost(op);
}

bool mlir::remat::hasCostModel(Operation *op) {
  return isa<CostOpInterface>(op);
}

bool mlir::remat::areCostModelsRegistered(MLIRContext *ctx) {
  std::optional<RegisteredOperationName> ret =
      RegisteredOperationName::lookup("func.return", ctx);
  return !ret || ret->hasInterface<CostOpInterface>();
}

InFlightDiagnostic mlir::remat::emitNoCostModels(Operation *at) {
  return at->emitError()
         << "remat's cost models are not registered in this context (an "
         << "mlir-opt that loaded RematPassPlugin.so without "
         << "RematDialectPlugin.so?): load both plugins "
         << "(--load-dialect-plugin too), or call "
         << "mlir::remat::registerCostModelExternalModels on the registry";
}

bool mlir::remat::isRecomputable(Operation *op) {
  auto iface = dyn_cast<CostOpInterface>(op);
  if (!iface || !iface.isRematRecomputable())
    return false;
  // The interface speaks for the op's semantics; effects are checked too so
  // that a wrongly attached model cannot make a side effect recomputable.
  return isMemoryEffectFree(op);
}

bool mlir::remat::isInputFree(Operation *op,
                              llvm::DenseMap<Operation *, bool> *known) {
  if (!op || !isRecomputable(op))
    return false;
  if (known)
    if (auto it = known->find(op); it != known->end())
      return it->second;
  // Operands, and values that regions use from above.
  SmallVector<Value> inputs(op->getOperands());
  for (Region &region : op->getRegions())
    region.walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (!op->isAncestor(operand.getParentRegion()->getParentOp()))
          inputs.push_back(operand);
    });
  bool free = llvm::all_of(inputs, [&](Value input) {
    return isInputFree(input.getDefiningOp(), known);
  });
  if (known)
    (*known)[op] = free;
  return free;
}

std::optional<unsigned> mlir::remat::getAliasedOperand(Operation *op,
                                                       unsigned resultIndex) {
  if (auto iface = dyn_cast<CostOpInterface>(op))
    return iface.getRematAliasedOperand(resultIndex);
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// External models
//===----------------------------------------------------------------------===//

namespace {

/// Linalg structured ops: iteration space times the scalar ops of the body.
/// An init operand is read only when the body uses its value (a matmul
/// accumulates, a fill or an elementwise op does not).
template <typename OpTy>
struct LinalgStructuredCostModel
    : public CostOpInterface::ExternalModel<LinalgStructuredCostModel<OpTy>,
                                            OpTy> {
  OpCost getRematCost(Operation *op) const {
    auto linalgOp = cast<linalg::LinalgOp>(op);
    OpCost cost;
    int64_t points = 1;
    for (int64_t range : linalgOp.getStaticLoopRanges())
      points = OpCost::mul(points, ShapedType::isDynamic(range) ? 0 : range);
    int64_t bodyOps = 0;
    linalgOp.getBlock()->walk([&](Operation *nested) {
      if (!isa<linalg::YieldOp, linalg::IndexOp>(nested))
        ++bodyOps;
    });
    cost.flops = OpCost::mul(points, bodyOps);
    for (OpOperand *input : linalgOp.getDpsInputOperands())
      cost.bytesRead += getTensorBytes(input->get().getType());
    for (OpOperand &init : linalgOp.getDpsInitsMutable())
      if (linalgOp.payloadUsesValueFromOperand(&init))
        cost.bytesRead += getTensorBytes(init.get().getType());
    cost.bytesWritten = sumTensorBytes(op->getResultTypes());
    return cost;
  }
};

/// linalg.softmax: max, subtract, exp, sum and divide per element.
struct SoftmaxCostModel
    : public CostOpInterface::ExternalModel<SoftmaxCostModel,
                                            linalg::SoftmaxOp> {
  OpCost getRematCost(Operation *op) const {
    auto softmax = cast<linalg::SoftmaxOp>(op);
    OpCost cost;
    cost.flops = OpCost::mul(5, getNumElements(softmax.getInput().getType()));
    cost.bytesRead = getTensorBytes(softmax.getInput().getType());
    cost.bytesWritten = sumTensorBytes(op->getResultTypes());
    return cost;
  }
};

/// Reshapes and views: free, and the result aliases operand 0.
template <typename OpTy>
struct ViewCostModel
    : public CostOpInterface::ExternalModel<ViewCostModel<OpTy>, OpTy> {
  OpCost getRematCost(Operation *) const { return {}; }
  std::optional<unsigned> getRematAliasedOperand(Operation *,
                                                 unsigned) const {
    return 0;
  }
};

/// Ops that allocate or move data without arithmetic: tensor.empty (nothing
/// read or written until an op fills it), pads, concatenations, slices
/// inserted into a destination, constants.
template <typename OpTy>
struct DataMovementCostModel
    : public CostOpInterface::ExternalModel<DataMovementCostModel<OpTy>,
                                            OpTy> {
  OpCost getRematCost(Operation *op) const {
    OpCost cost;
    if (isa<tensor::EmptyOp>(op))
      return cost;
    cost.bytesRead = sumTensorBytes(op->getOperandTypes());
    cost.bytesWritten = sumTensorBytes(op->getResultTypes());
    return cost;
  }
};

/// Elementwise arith and math ops, on tensors or scalars: one scalar op per
/// result element.
template <typename OpTy>
struct ElementwiseCostModel
    : public CostOpInterface::ExternalModel<ElementwiseCostModel<OpTy>, OpTy> {
  OpCost getRematCost(Operation *op) const {
    if (isa<arith::ConstantOp>(op))
      return OpCost{0, 0, sumTensorBytes(op->getResultTypes())};
    return getConservativeCost(op);
  }
};

/// Terminators and other ops that do no work and are never recomputed.
template <typename OpTy>
struct FreeCostModel
    : public CostOpInterface::ExternalModel<FreeCostModel<OpTy>, OpTy> {
  OpCost getRematCost(Operation *) const { return {}; }
  bool isRematRecomputable(Operation *) const { return false; }
};

/// A recomputation costs what its body costs; it is itself never recomputed.
struct RecomputeCostModel
    : public CostOpInterface::ExternalModel<RecomputeCostModel,
                                            remat::RecomputeOp> {
  OpCost getRematCost(Operation *op) const {
    OpCost cost;
    for (Operation &nested : cast<RecomputeOp>(op).getBodyBlock())
      cost += getOpCost(&nested);
    return cost;
  }
  bool isRematRecomputable(Operation *) const { return false; }
};

/// A loop with constant bounds (the tiled attention's) costs its body times
/// its trip count; it is never recomputed.
struct ForCostModel
    : public CostOpInterface::ExternalModel<ForCostModel, scf::ForOp> {
  OpCost getRematCost(Operation *op) const {
    auto loop = cast<scf::ForOp>(op);
    std::optional<llvm::APInt> trips = loop.getStaticTripCount();
    OpCost body;
    for (Operation &nested : loop.getBody()->without_terminator())
      body += getOpCost(&nested);
    int64_t n = trips ? trips->getSExtValue() : 0;
    return OpCost{OpCost::mul(body.flops, n), OpCost::mul(body.bytesRead, n),
                  OpCost::mul(body.bytesWritten, n)};
  }
  bool isRematRecomputable(Operation *) const { return false; }
};

template <template <typename> class Model, typename... OpTys>
void attachAll(MLIRContext *ctx) {
  (OpTys::template attachInterface<Model<OpTys>>(*ctx), ...);
}
/// Strides, in elements, of the buffer a tensor value has after
/// bufferization when it is a chain of views (slices, expands, collapses)
/// of a buffer with the identity layout; nullopt when not static.
static std::optional<SmallVector<int64_t>> getViewStrides(Value value);

/// Whether bufferization can collapse `op`'s source in place: each merged
/// group must be contiguous in the source's layout (unit dims aside), as
/// memref::CollapseShapeOp::isGuaranteedCollapsible requires. A slice that
/// is not (the middle third of a row) is copied into a new buffer.
static bool isCollapsibleView(tensor::CollapseShapeOp op) {
  std::optional<SmallVector<int64_t>> strides = getViewStrides(op.getSrc());
  if (!strides)
    return true;
  ArrayRef<int64_t> shape = op.getSrcType().getShape();
  for (ReassociationIndices group : op.getReassociationIndices()) {
    int64_t expected = -1; // stride the next outer non-unit dim must have
    for (int64_t dim : llvm::reverse(group)) {
      if (shape[dim] == 1)
        continue;
      if (expected != -1 && (*strides)[dim] != expected)
        return false;
      expected = (*strides)[dim] * shape[dim];
    }
  }
  return true;
}

static std::optional<SmallVector<int64_t>> getViewStrides(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  auto identity = [&]() {
    SmallVector<int64_t> strides(type.getRank(), 1);
    for (int64_t i = type.getRank() - 2; i >= 0; --i)
      strides[i] = strides[i + 1] * type.getDimSize(i + 1);
    return strides;
  };
  Operation *def = value.getDefiningOp();
  if (auto slice = dyn_cast_or_null<tensor::ExtractSliceOp>(def)) {
    std::optional<SmallVector<int64_t>> src = getViewStrides(slice.getSource());
    if (!src || llvm::any_of(slice.getStaticStrides(), ShapedType::isDynamic))
      return std::nullopt;
    // A rank-reducing slice drops unit dims; keep the strides of the rest.
    SmallVector<int64_t> strides;
    llvm::SmallBitVector dropped = slice.getDroppedDims();
    for (auto [i, stride] : llvm::enumerate(slice.getStaticStrides()))
      if (!dropped.test(i))
        strides.push_back((*src)[i] * stride);
    return strides;
  }
  if (auto expand = dyn_cast_or_null<tensor::ExpandShapeOp>(def)) {
    std::optional<SmallVector<int64_t>> src = getViewStrides(expand.getSrc());
    if (!src)
      return std::nullopt;
    SmallVector<int64_t> strides(type.getRank(), 1);
    for (auto [srcDim, group] : llvm::enumerate(expand.getReassociationIndices())) {
      int64_t stride = (*src)[srcDim];
      for (int64_t dim : llvm::reverse(group)) {
        strides[dim] = stride;
        stride *= type.getDimSize(dim);
      }
    }
    return strides;
  }
  if (auto collapse = dyn_cast_or_null<tensor::CollapseShapeOp>(def)) {
    if (!isCollapsibleView(collapse))
      return identity(); // a fresh copy
    std::optional<SmallVector<int64_t>> src = getViewStrides(collapse.getSrc());
    if (!src)
      return std::nullopt;
    SmallVector<int64_t> strides;
    for (ReassociationIndices group : collapse.getReassociationIndices())
      strides.push_back((*src)[group.back()]);
    return strides;
  }
  if (auto cast = dyn_cast_or_null<tensor::CastOp>(def))
    return getViewStrides(cast.getSource());
  return identity();
}

/// tensor.collapse_shape: a free view when bufferization can collapse the
/// source in place, else a copy into a new buffer (see isCollapsibleView).
struct CollapseShapeCostModel
    : public CostOpInterface::ExternalModel<CollapseShapeCostModel,
                                            tensor::CollapseShapeOp> {
  OpCost getRematCost(Operation *op) const {
    OpCost cost;
    if (isCollapsibleView(cast<tensor::CollapseShapeOp>(op)))
      return cost;
    cost.bytesRead = sumTensorBytes(op->getOperandTypes());
    cost.bytesWritten = sumTensorBytes(op->getResultTypes());
    return cost;
  }
  std::optional<unsigned> getRematAliasedOperand(Operation *op,
                                                 unsigned) const {
    if (isCollapsibleView(cast<tensor::CollapseShapeOp>(op)))
      return 0;
    return std::nullopt;
  }
};

} // namespace

void mlir::remat::registerCostModelExternalModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, linalg::LinalgDialect *) {
    attachAll<LinalgStructuredCostModel,
#define GET_OP_LIST
#include "mlir/Dialect/Linalg/IR/LinalgStructuredOps.cpp.inc"
              >(ctx);
    linalg::SoftmaxOp::attachInterface<SoftmaxCostModel>(*ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, tensor::TensorDialect *) {
    attachAll<ViewCostModel, tensor::ExpandShapeOp, tensor::ExtractSliceOp, tensor::CastOp, tensor::ReshapeOp,
              tensor::BitcastOp>(ctx);
    tensor::CollapseShapeOp::attachInterface<CollapseShapeCostModel>(*ctx);
    attachAll<DataMovementCostModel, tensor::EmptyOp, tensor::PadOp,
              tensor::ConcatOp, tensor::InsertSliceOp, tensor::SplatOp,
              tensor::FromElementsOp, tensor::ExtractOp, tensor::InsertOp,
              tensor::DimOp>(ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, arith::ArithDialect *) {
    attachAll<ElementwiseCostModel,
#define GET_OP_LIST
#include "mlir/Dialect/Arith/IR/ArithOps.cpp.inc"
              >(ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, math::MathDialect *) {
    attachAll<ElementwiseCostModel,
#define GET_OP_LIST
#include "mlir/Dialect/Math/IR/MathOps.cpp.inc"
              >(ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, func::FuncDialect *) {
    attachAll<FreeCostModel, func::ReturnOp>(ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, scf::SCFDialect *) {
    scf::ForOp::attachInterface<ForCostModel>(*ctx);
    attachAll<FreeCostModel, scf::YieldOp>(ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, RematDialect *) {
    RecomputeOp::attachInterface<RecomputeCostModel>(*ctx);
    attachAll<FreeCostModel, remat::YieldOp>(ctx);
  });
}
