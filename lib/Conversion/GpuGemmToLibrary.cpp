//===- GpuGemmToLibrary.cpp - GEMMs to cuBLAS calls -------------------------===//
//
// Contractions with one m, n, k (and at most one batch) dimension become
// calls to the runtime's cuBLAS entry points, which take device addresses
// as integers, leading dimensions and transposition flags: f32 GEMMs
// remat_cublas_sgemm[_batched] (cublasSgemm, no TF32, as PyTorch), 16-bit
// ones (bf16 or f16 operands and an f32 result, as importers write
// mixed-precision products) remat_cublas_gemm_ex (cublasGemmEx with f32
// accumulation, on tensor cores). A zero fill of the output right
// before the GEMM becomes beta = 0 instead of a kernel of its own. Other
// element types and strided innermost dimensions stay linalg ops and run
// as loop kernels.
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"
#include "GpuUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATGPUGEMMTOLIBRARY
#include "remat/Conversion/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

namespace {
/// How one contraction maps onto a (batched) row-major GEMM.
struct GemmShape {
  bool batched = false;
  bool transA = false, transB = false;
};
} // namespace

/// Whether `map`'s results are exactly `dims` (loop dimension positions).
static bool resultsAre(AffineMap map, ArrayRef<unsigned> dims) {
  if (map.getNumResults() != dims.size())
    return false;
  for (auto [expr, dim] : llvm::zip(map.getResults(), dims)) {
    auto d = dyn_cast<AffineDimExpr>(expr);
    if (!d || d.getPosition() != dim)
      return false;
  }
  return true;
}

/// cudaDataType_t of an element type cuBLAS takes, or -1.
static int32_t cudaDataType(Type type) {
  if (type.isF32())
    return 0; // CUDA_R_32F
  if (type.isF16())
    return 2; // CUDA_R_16F
  if (type.isBF16())
    return 14; // CUDA_R_16BF
  return -1;
}

static Type elementType(Value value) {
  return cast<MemRefType>(value.getType()).getElementType();
}

/// Whether `value` is a memref of a type cuBLAS takes whose innermost
/// stride is statically 1.
static bool isRowMajorGemmOperand(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  if (!type || cudaDataType(type.getElementType()) < 0 || type.getRank() < 2)
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  return strides.back() == 1;
}

/// Recognizes `op` as C (+)= op(A) * op(B), possibly batched.
static std::optional<GemmShape> matchGemm(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || !linalg::isaContractionOpInterface(op))
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1 || dims->batch.size() > 1)
    return std::nullopt;
  for (OpOperand &operand : op->getOpOperands())
    if (!isRowMajorGemmOperand(operand.get()))
      return std::nullopt;
  // f32 x f32 -> f32, or 16-bit x the same 16-bit type -> f32 (products
  // accumulated in f32, as the op's payload does after widening). A 16-bit
  // result would mean 16-bit accumulation, which cuBLAS's f32 compute type
  // does not reproduce: those stay loop kernels.
  Type a = elementType(op.getDpsInputs()[0]),
       b = elementType(op.getDpsInputs()[1]),
       c = elementType(op.getDpsInits()[0]);
  if (a != b || !c.isF32())
    return std::nullopt;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<unsigned> prefix(dims->batch.begin(), dims->batch.end());
  auto with = [&](unsigned a, unsigned b) {
    SmallVector<unsigned> r = prefix;
    r.push_back(a);
    r.push_back(b);
    return r;
  };
  unsigned m = dims->m[0], n = dims->n[0], k = dims->k[0];
  GemmShape shape;
  shape.batched = !prefix.empty();
  if (resultsAre(maps[0], with(m, k)))
    shape.transA = false;
  else if (resultsAre(maps[0], with(k, m)))
    shape.transA = true;
  else
    return std::nullopt;
  if (resultsAre(maps[1], with(k, n)))
    shape.transB = false;
  else if (resultsAre(maps[1], with(n, k)))
    shape.transB = true;
  else
    return std::nullopt;
  if (!resultsAre(maps[2], with(m, n)))
    return std::nullopt;
  return shape;
}

/// The declaration of `name` in `module`, created if missing.
static func::FuncOp declare(ModuleOp module, StringRef name,
                            FunctionType type) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto decl = func::FuncOp::create(builder, module.getLoc(), name, type);
  decl.setPrivate();
  return decl;
}

namespace {
/// A memref operand as the runtime wants it: the address of its first
/// element, its leading dimension and its batch stride, all as i64.
struct Operand {
  Value address, ld, batchStride;
};
} // namespace

static Operand describeOperand(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value bytes = arith::ConstantIndexOp::create(
      b, loc, type.getElementTypeBitWidth() / 8);
  Value offsetBytes = arith::MulIOp::create(b, loc, meta.getOffset(), bytes);
  Value address = arith::AddIOp::create(b, loc, base, offsetBytes);
  auto i64 = b.getI64Type();
  auto cast = [&](Value v) {
    return arith::IndexCastOp::create(b, loc, i64, v).getResult();
  };
  int64_t rank = type.getRank();
  Operand result;
  result.address = cast(address);
  result.ld = cast(meta.getStrides()[rank - 2]);
  result.batchStride =
      rank >= 3 ? cast(meta.getStrides()[rank - 3])
                : arith::ConstantIntOp::create(b, loc, i64, 0).getResult();
  return result;
}

/// The buffer a whole-buffer reshape views, through any number of them.
static Value throughReshapes(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<memref::ExpandShapeOp, memref::CollapseShapeOp>(def))
      break;
    value = def->getOperand(0);
  }
  return value;
}

/// A `linalg.fill` of +-0 writing all of `op`'s output before it, with
/// nothing in between that may read or write that buffer: the GEMM may
/// then overwrite its output (beta = 0) and the fill can go.
static linalg::FillOp findZeroFill(linalg::LinalgOp op) {
  Value out = throughReshapes(op.getDpsInits()[0]);
  Value root = rootBuffer(out);
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (auto fill = dyn_cast<linalg::FillOp>(prev);
        fill && throughReshapes(fill.getOutputs()[0]) == out)
      return matchPattern(fill.getInputs()[0], m_AnyZeroFloat()) ? fill
                                                                 : nullptr;
    // Ops that do not touch memory contents (views, sizes, scalar
    // arithmetic, allocations), and ops that name their buffers (linalg
    // ops, copies, frees) and none of the output's; anything else (a call,
    // say) may touch it.
    if (isMemoryEffectFree(prev) ||
        isa<ViewLikeOpInterface, memref::AllocOp>(prev))
      continue;
    if (!isa<linalg::LinalgOp, memref::CopyOp, memref::DeallocOp>(prev) ||
        llvm::any_of(prev->getOperands(), [&](Value v) {
          return isa<MemRefType>(v.getType()) && rootBuffer(v) == root;
        }))
      return nullptr;
  }
  return nullptr;
}

/// Replaces `op` (matched as `shape`) by a runtime call.
static void rewriteGemm(ModuleOp module, linalg::LinalgOp op,
                        const GemmShape &shape) {
  // Before the call's own operands (views, sizes) are created.
  linalg::FillOp zeroFill = findZeroFill(op);
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value a = op.getDpsInputs()[0], bMat = op.getDpsInputs()[1],
        c = op.getDpsInits()[0];
  Type i64 = b.getI64Type(), i32 = b.getI32Type(), f32 = b.getF32Type();
  auto dim = [&](Value v, int64_t fromEnd) {
    int64_t rank = cast<MemRefType>(v.getType()).getRank();
    Value d = memref::DimOp::create(b, loc, v, rank - fromEnd);
    return arith::IndexCastOp::create(b, loc, i64, d).getResult();
  };
  Value m = dim(c, 2), n = dim(c, 1);
  Value k = shape.transA ? dim(a, 2) : dim(a, 1);
  Operand pa = describeOperand(b, loc, a), pb = describeOperand(b, loc, bMat),
          pc = describeOperand(b, loc, c);
  Value transA = arith::ConstantIntOp::create(b, loc, i32, shape.transA);
  Value transB = arith::ConstantIntOp::create(b, loc, i32, shape.transB);
  Value beta = arith::ConstantOp::create(
      b, loc, f32, b.getF32FloatAttr(zeroFill ? 0.0f : 1.0f));
  SmallVector<Value> args;
  StringRef name;
  Type inType = elementType(a);
  if (!inType.isF32()) {
    auto type = [&](Value v) {
      return arith::ConstantIntOp::create(b, loc, i32,
                                          cudaDataType(elementType(v)))
          .getResult();
    };
    Value batch = shape.batched
                      ? dim(c, 3)
                      : arith::ConstantIntOp::create(b, loc, i64, 1).getResult();
    name = "remat_cublas_gemm_ex";
    args = {transA,         transB,   batch,         m,        n,
            k,              type(a),  pa.address,    pa.ld,    pa.batchStride,
            pb.address,     pb.ld,    pb.batchStride, beta,    type(c),
            pc.address,     pc.ld,    pc.batchStride};
  } else if (shape.batched) {
    name = "remat_cublas_sgemm_batched";
    args = {transA,
            transB,
            dim(c, 3),
            m,
            n,
            k,
            pa.address,
            pa.ld,
            pa.batchStride,
            pb.address,
            pb.ld,
            pb.batchStride,
            beta,
            pc.address,
            pc.ld,
            pc.batchStride};
  } else {
    name = "remat_cublas_sgemm";
    args = {transA, transB,     m,     n,    k,          pa.address,
            pa.ld,  pb.address, pb.ld, beta, pc.address, pc.ld};
  }
  auto type =
      FunctionType::get(b.getContext(), ValueRange(args).getTypes(), {});
  func::FuncOp callee = declare(module, name, type);
  func::CallOp::create(b, loc, callee, args);
  op->erase();
  if (zeroFill)
    zeroFill->erase();
}

namespace {
struct RematGpuGemmToLibraryPass
    : mlir::remat::impl::RematGpuGemmToLibraryBase<RematGpuGemmToLibraryPass> {
  using Base::Base;
  void runOnOperation() override {
    SmallVector<std::pair<linalg::LinalgOp, GemmShape>> gemms;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (std::optional<GemmShape> shape = matchGemm(op))
        gemms.push_back({op, *shape});
    });
    for (auto &[op, shape] : gemms)
      rewriteGemm(getOperation(), op, shape);
    numGemms += gemms.size();
  }
};
} // namespace
