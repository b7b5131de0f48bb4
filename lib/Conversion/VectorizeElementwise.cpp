//===- VectorizeElementwise.cpp - several elements per iteration ----------===//
//
// Elementwise scf.parallel loops whose accesses are contiguous along the
// innermost index run `width` iterations per iteration, with vector loads
// and stores: 128-bit memory instructions on the GPU.
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"
#include "GpuUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATVECTORIZEELEMENTWISE
#include "remat/Conversion/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

/// The byte alignment of `width` consecutive elements of `memref` starting
/// at an innermost index that is a multiple of `width`, or 0 if they are not
/// contiguous or not so aligned. Assumes that every buffer starts 16-byte
/// aligned when `aligned` (the CUDA runtime's pool hands out cuMemAlloc's
/// 256-byte aligned blocks, and views keep their offset in the layout,
/// which must be static); else only the element's alignment is claimed.
static int64_t vectorAlignment(Value memref, int64_t width, bool aligned) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type || type.getRank() == 0 || !type.hasStaticShape())
    return 0;
  Type element = type.getElementType();
  if (!isa<FloatType, IntegerType>(element))
    return 0;
  unsigned bits = element.getIntOrFloatBitWidth();
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return 0;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(offset) || strides.back() != 1 ||
      offset % width || type.getShape().back() % width)
    return 0;
  for (int64_t stride : ArrayRef(strides).drop_back())
    if (ShapedType::isDynamic(stride) || stride % width)
      return 0;
  return aligned ? std::min<int64_t>(16, width * bits / 8) : bits / 8;
}

/// An elementwise loop moves each element once: one 32-bit load or store
/// per thread uses a quarter of what a load instruction can move (the
/// MLP's fused GELU kernels reached 58% of the H200's bandwidth so). A loop
/// whose every access that depends on its innermost index j is contiguous
/// and aligned along j (M[i..., j], M's innermost stride 1) gets `width`
/// iterations per thread: j steps by `width`, each such access becomes one
/// vector.load or vector.store (ld.global.v4.f32 for f32), the body's other
/// j-dependent ops are cloned once per element, the rest once. The body
/// must be straight-line. Iterations of an scf.parallel are independent,
/// so running `width` of them in one thread, each op in body order, keeps
/// the loop's meaning; each element's value is computed by the same ops.
/// Returns whether `loop` was rewritten.
static bool vectorizeElementwise(scf::ParallelOp loop, int64_t width,
                                 bool aligned) {
  if (width <= 1 || !loop.getInitVals().empty())
    return false;
  unsigned d = loop.getNumLoops() - 1;
  std::optional<int64_t> n = getConstantIntValue(loop.getUpperBound()[d]);
  if (getConstantIntValue(loop.getLowerBound()[d]) != 0 ||
      getConstantIntValue(loop.getStep()[d]) != 1 || !n || *n < width ||
      *n % width)
    return false;
  Block *body = loop.getBody();
  Value j = loop.getInductionVars()[d];
  DenseSet<Value> dependent{j};
  DenseSet<Operation *> perElement;
  DenseMap<Operation *, int64_t> vectorAccesses; // -> alignment
  for (Operation &op : body->without_terminator()) {
    if (op.getNumRegions())
      return false;
    bool dep = llvm::any_of(op.getOperands(),
                            [&](Value v) { return dependent.contains(v); });
    auto load = dyn_cast<memref::LoadOp>(op);
    auto store = dyn_cast<memref::StoreOp>(op);
    if (!load && !store && !isMemoryEffectFree(&op))
      return false;
    if (!dep)
      continue;
    perElement.insert(&op);
    dependent.insert(op.getResults().begin(), op.getResults().end());
    if (!load && !store)
      continue;
    Value memref = load ? load.getMemRef() : store.getMemRef();
    ValueRange indices = load ? load.getIndices() : store.getIndices();
    int64_t align = vectorAlignment(memref, width, aligned);
    if (!align || dependent.contains(memref) || indices.empty() ||
        indices.back() != j ||
        llvm::any_of(indices.drop_back(),
                     [&](Value v) { return dependent.contains(v); }))
      return false;
    vectorAccesses[&op] = align;
  }
  if (vectorAccesses.empty())
    return false;

  OpBuilder b(loop);
  Location loc = loop.getLoc();
  SmallVector<Value> ubs(loop.getUpperBound());
  ubs[d] = arith::ConstantIndexOp::create(b, loc, *n / width);
  auto wide = scf::ParallelOp::create(b, loc, loop.getLowerBound(), ubs,
                                      loop.getStep());
  b.setInsertionPoint(wide.getBody()->getTerminator());
  Value first = arith::MulIOp::create(
      b, loc, wide.getInductionVars()[d],
      arith::ConstantIndexOp::create(b, loc, width));
  SmallVector<IRMapping> lanes(width);
  for (int64_t u = 0; u < width; ++u) {
    for (auto [from, to] :
         llvm::zip(loop.getInductionVars(), wide.getInductionVars()))
      lanes[u].map(from, to);
    lanes[u].map(j, u == 0 ? first
                           : Value(arith::AddIOp::create(
                                 b, loc, first,
                                 arith::ConstantIndexOp::create(b, loc, u))));
  }
  auto mapped = [&](ValueRange values) {
    SmallVector<Value> result;
    for (Value v : values)
      result.push_back(lanes[0].lookupOrDefault(v));
    return result;
  };
  for (Operation &op : body->without_terminator()) {
    auto access = vectorAccesses.find(&op);
    if (access != vectorAccesses.end()) {
      llvm::MaybeAlign align(access->second);
      if (auto load = dyn_cast<memref::LoadOp>(op)) {
        auto type = VectorType::get({width}, load.getType());
        Value vec = vector::LoadOp::create(
            b, loc, type, lanes[0].lookupOrDefault(load.getMemRef()),
            mapped(load.getIndices()), /*nontemporal=*/false, align);
        for (int64_t u = 0; u < width; ++u)
          lanes[u].map(load.getResult(),
                       vector::ExtractOp::create(b, loc, vec, u).getResult());
        continue;
      }
      auto store = cast<memref::StoreOp>(op);
      SmallVector<Value> elements;
      for (int64_t u = 0; u < width; ++u)
        elements.push_back(lanes[u].lookupOrDefault(store.getValue()));
      auto type = VectorType::get({width}, store.getValue().getType());
      Value vec = vector::FromElementsOp::create(b, loc, type, elements);
      vector::StoreOp::create(b, loc, vec,
                              lanes[0].lookupOrDefault(store.getMemRef()),
                              mapped(store.getIndices()),
                              /*nontemporal=*/false, align);
      continue;
    }
    if (!perElement.contains(&op)) {
      Operation *once = b.clone(op, lanes[0]);
      for (int64_t u = 1; u < width; ++u)
        lanes[u].map(op.getResults(), once->getResults());
      continue;
    }
    for (int64_t u = 0; u < width; ++u)
      b.clone(op, lanes[u]);
  }
  loop.erase();
  return true;
}

namespace {
struct RematVectorizeElementwisePass
    : mlir::remat::impl::RematVectorizeElementwiseBase<
          RematVectorizeElementwisePass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!isValidVectorWidth(width)) {
      func.emitError() << "width must be 1, 2, 4 or 8, got "
                       << static_cast<int64_t>(width);
      return signalPassFailure();
    }
    for (scf::ParallelOp loop : getOutermostParallelLoops(func))
      if (vectorizeElementwise(loop, width, aligned))
        ++numVectorized;
  }
};
} // namespace
