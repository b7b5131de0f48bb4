//===- GpuLowering.cpp - remat's steps of -remat-lower-to-nvvm ------------===//
//
// Three passes between bufferization and the upstream NVVM lowering:
//
// - -remat-gpu-gemm-to-library: contractions with one m, n, k (and at most
//   one batch) dimension on f32 memrefs become calls to the runtime's cuBLAS
//   entry points (remat_cublas_sgemm[_batched]), which take device
//   addresses as integers, leading dimensions and transposition flags.
// - -remat-gpu-map-parallel-loops: host-side memory accesses are wrapped into
//   one-thread loops; every outermost scf.parallel is tiled into blocks of
//   up to `block-size` threads (innermost dimension first, constant bounds
//   with guards) and mapped to blocks and threads, innermost dimension to x
//   (coalesced accesses).
// - -remat-gpu-device-memory: buffers on the device (gpu.alloc, gpu.dealloc,
//   gpu.memcpy), then a check that no op outside a kernel touches a
//   buffer's contents.
//
// Known limits: contractions over other element types or with strided
// innermost dimensions run as loop kernels (one thread per output element,
// k loop in the thread); ops whose results the host needs (a scalar read
// back into control flow) are rejected by the check, with the op named.
//
//===----------------------------------------------------------------------===//

#include "remat/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATGPUGEMMTOLIBRARY
#define GEN_PASS_DEF_REMATGPUMAPPARALLELLOOPS
#define GEN_PASS_DEF_REMATGPUDEVICEMEMORY
#include "remat/Transforms/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

//===----------------------------------------------------------------------===//
// -remat-gpu-gemm-to-library
//===----------------------------------------------------------------------===//

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

/// Whether `value` is an f32 memref whose innermost stride is statically 1.
static bool isRowMajorF32(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  if (!type || !type.getElementType().isF32() || type.getRank() < 2)
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
    if (!isRowMajorF32(operand.get()))
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
  Value bytes = arith::ConstantIndexOp::create(b, loc, 4);
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

/// Replaces `op` (matched as `shape`) by a runtime call.
static void rewriteGemm(ModuleOp module, linalg::LinalgOp op,
                        const GemmShape &shape) {
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
  Value beta = arith::ConstantOp::create(b, loc, f32, b.getF32FloatAttr(1.0f));
  SmallVector<Value> args;
  StringRef name;
  if (shape.batched) {
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

//===----------------------------------------------------------------------===//
// -remat-gpu-map-parallel-loops
//===----------------------------------------------------------------------===//

/// Whether `op` reads or writes a buffer's contents (itself or in a region).
static bool touchesMemory(Operation *op) {
  if (isa<scf::ParallelOp>(op))
    return false;
  WalkResult r = op->walk([](Operation *inner) {
    if (isa<memref::LoadOp, memref::StoreOp, memref::AtomicRMWOp>(inner))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return r.wasInterrupted();
}

/// The static trip count of dimension `i` of `loop`, or nullopt.
static std::optional<int64_t> tripCount(scf::ParallelOp loop, unsigned i) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()[i]);
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound()[i]);
  std::optional<int64_t> step = getConstantIntValue(loop.getStep()[i]);
  if (!lb || !ub || !step || *step <= 0)
    return std::nullopt;
  return std::max<int64_t>(0, (*ub - *lb + *step - 1) / *step);
}

static bool isIdentityLayout(Value v) {
  auto type = dyn_cast<MemRefType>(v.getType());
  return type && type.getLayout().isIdentity();
}

/// The identity of a floating-point combiner (x op identity == x for every
/// x, -0.0 included), or null if `op` is not one remat reduces by warps.
static TypedAttr combinerIdentity(Operation *op, FloatType type) {
  const llvm::fltSemantics &sem = type.getFloatSemantics();
  if (isa<arith::AddFOp>(op))
    return FloatAttr::get(type, llvm::APFloat::getZero(sem, /*Negative=*/true));
  if (isa<arith::MulFOp>(op))
    return FloatAttr::get(type, llvm::APFloat::getOne(sem));
  if (isa<arith::MaximumFOp, arith::MaxNumFOp>(op))
    return FloatAttr::get(type, llvm::APFloat::getInf(sem, /*Negative=*/true));
  if (isa<arith::MinimumFOp, arith::MinNumFOp>(op))
    return FloatAttr::get(type, llvm::APFloat::getInf(sem, /*Negative=*/false));
  return nullptr;
}

/// A row reduction as convert-linalg-to-parallel-loops leaves it:
///   scf.parallel (ivs) { scf.for %k = 0 to N step 1 {
///     ... = memref.load %in[..., %k]          (k innermost: rows)
///     %o = memref.load %out[idx]              (idx independent of %k)
///     %r = combine %o, %v   (or %v, %o)       (one use of %o)
///     memref.store %r, %out[idx] } }
/// One thread per row reads addresses N elements apart: uncoalesced. This
/// gives each row a warp: a new innermost parallel dimension of 32 lanes
/// (thread x after mapping), lane l combining k = l, l + 32, ... into a
/// private accumulator, a butterfly of gpu.shuffle xor, and lane 0 combining
/// the row's result into %out. Whole warps share a row, so the tiling's
/// guards are uniform within a warp. The order of the additions changes
/// (as in cuBLAS and every GPU reduction), not the result's definition.
/// Returns the number of loops rewritten.
static unsigned rowReductionsToWarps(func::FuncOp func) {
  constexpr int64_t kWarp = 32;
  SmallVector<scf::ParallelOp> candidates;
  func.walk([&](scf::ParallelOp loop) {
    if (!loop->getParentOfType<scf::ParallelOp>())
      candidates.push_back(loop);
  });
  unsigned rewritten = 0;
  for (scf::ParallelOp loop : candidates) {
    Block *body = loop.getBody();
    if (body->getOperations().size() != 2 || !loop.getInitVals().empty())
      continue;
    auto red = dyn_cast<scf::ForOp>(body->front());
    if (!red || !red.getInitArgs().empty())
      continue;
    std::optional<int64_t> lb = getConstantIntValue(red.getLowerBound());
    std::optional<int64_t> ub = getConstantIntValue(red.getUpperBound());
    std::optional<int64_t> step = getConstantIntValue(red.getStep());
    if (!lb || !ub || !step || *lb != 0 || *step != 1 || *ub < 2 * kWarp)
      continue;
    Value k = red.getInductionVar();
    // Exactly one store, of combine(load out[idx], v), idx free of k.
    SmallVector<memref::StoreOp> stores;
    bool nestedRegions = false;
    red.getBody()->walk([&](Operation *op) {
      if (auto store = dyn_cast<memref::StoreOp>(op))
        stores.push_back(store);
      if (op->getNumRegions() && op != red)
        nestedRegions = true;
    });
    if (stores.size() != 1 || nestedRegions)
      continue;
    memref::StoreOp store = stores.front();
    if (store->getBlock() != red.getBody())
      continue;
    Operation *combine = store.getValue().getDefiningOp();
    auto type = dyn_cast<FloatType>(store.getValue().getType());
    // gpu.shuffle lowers to shfl.sync for 32- and 64-bit values.
    if (!combine || !type ||
        (type.getWidth() != 32 && type.getWidth() != 64) ||
        combine->getBlock() != red.getBody() ||
        combine->getNumOperands() != 2 || !combinerIdentity(combine, type) ||
        !combine->hasOneUse())
      continue;
    // The row's result is stored after the loop: the buffer and indices
    // must be defined outside it.
    if (llvm::any_of(store->getOperands().drop_front(), [&](Value v) {
          return v.getParentRegion() == &red.getRegion();
        }))
      continue;
    memref::LoadOp acc;
    Value other;
    for (unsigned i = 0; i < 2; ++i) {
      auto load = combine->getOperand(i).getDefiningOp<memref::LoadOp>();
      if (load && load.getMemRef() == store.getMemRef() &&
          load.getIndices() == store.getIndices() && load->hasOneUse()) {
        acc = load;
        other = combine->getOperand(1 - i);
      }
    }
    if (!acc || other.getDefiningOp() == acc.getOperation())
      continue;
    // Worth it when some input is read along k (rows: the warp's reads
    // become coalesced), or when there are too few outputs to fill the GPU
    // with one thread each (a bias gradient: 128 sums over 256 rows ran as
    // one block of sequential loops, 28 us each on the H200); a column
    // reduction with many outputs is coalesced and parallel already.
    bool rowAccess = false;
    red.getBody()->walk([&](memref::LoadOp load) {
      if (!load.getIndices().empty() && load.getIndices().back() == k)
        rowAccess = true;
    });
    int64_t outputs = 1;
    bool known = true;
    for (unsigned d = 0; d < loop.getNumLoops() && known; ++d) {
      std::optional<int64_t> count = tripCount(loop, d);
      known = count.has_value();
      if (known)
        outputs *= *count;
    }
    constexpr int64_t kFewOutputs = 16384;
    if (!rowAccess && !(known && outputs <= kFewOutputs))
      continue;

    OpBuilder b(loop);
    Location loc = loop.getLoc();
    SmallVector<Value> lbs(loop.getLowerBound()), ubs(loop.getUpperBound()),
        steps(loop.getStep());
    Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
    Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
    Value warp = arith::ConstantIndexOp::create(b, loc, kWarp);
    lbs.push_back(c0);
    ubs.push_back(warp);
    steps.push_back(c1);
    auto warps = scf::ParallelOp::create(b, loc, lbs, ubs, steps);
    b.setInsertionPoint(warps.getBody()->getTerminator());
    IRMapping map;
    for (auto [from, to] :
         llvm::zip(loop.getInductionVars(), warps.getInductionVars()))
      map.map(from, to);
    Value lane = warps.getInductionVars().back();
    Value init = arith::ConstantOp::create(b, loc, combinerIdentity(combine, type));
    auto partial = scf::ForOp::create(
        b, loc, lane, red.getUpperBound(), warp, ValueRange{init},
        [&](OpBuilder &fb, Location floc, Value kk, ValueRange iter) {
          IRMapping inner = map;
          inner.map(k, kk);
          for (Operation &op : red.getBody()->without_terminator()) {
            if (&op == acc.getOperation() || &op == combine ||
                &op == store.getOperation())
              continue;
            fb.clone(op, inner);
          }
          inner.map(acc.getResult(), iter[0]);
          Operation *c = fb.clone(*combine, inner);
          scf::YieldOp::create(fb, floc, c->getResult(0));
        });
    // combine(acc := a, other := b), a clone of the loop's combiner.
    auto combineValues = [&](Value a, Value bValue) {
      IRMapping m;
      m.map(acc.getResult(), a);
      m.map(other, bValue);
      return b.clone(*combine, m)->getResult(0);
    };
    // Butterfly across the warp: every lane ends with the whole row.
    Value v = partial.getResult(0);
    Value width = arith::ConstantIntOp::create(b, loc, b.getI32Type(), kWarp);
    for (int64_t offset = kWarp / 2; offset > 0; offset /= 2) {
      Value off = arith::ConstantIntOp::create(b, loc, b.getI32Type(), offset);
      auto shuffle = gpu::ShuffleOp::create(b, loc, v, off, width,
                                            gpu::ShuffleMode::XOR);
      v = combineValues(v, shuffle.getShuffleResult());
    }
    Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, c0);
    auto ifOp = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    SmallVector<Value> idx;
    for (Value i : store.getIndices())
      idx.push_back(map.lookupOrDefault(i));
    Value memref = map.lookupOrDefault(store.getMemRef());
    Value old = memref::LoadOp::create(b, loc, memref, idx);
    memref::StoreOp::create(b, loc, combineValues(old, v), memref, idx);
    loop.erase();
    ++rewritten;
  }
  return rewritten;
}

/// A `memref.copy` with a strided side (a slice of a concatenation's
/// result, a transposed view) cannot be one `gpu.memcpy`: it becomes an
/// element-wise parallel loop, which is then tiled and mapped like any
/// other, so it runs as a coalesced kernel (consecutive threads read and
/// write consecutive innermost elements). Contiguous copies stay copies.
static unsigned stridedCopiesToLoops(func::FuncOp func) {
  SmallVector<memref::CopyOp> copies;
  func.walk([&](memref::CopyOp copy) {
    if (!copy->getParentOfType<scf::ParallelOp>() &&
        (!isIdentityLayout(copy.getSource()) ||
         !isIdentityLayout(copy.getTarget())))
      copies.push_back(copy);
  });
  for (memref::CopyOp copy : copies) {
    OpBuilder b(copy);
    Location loc = copy.getLoc();
    auto type = cast<MemRefType>(copy.getSource().getType());
    SmallVector<Value> lbs, ubs, steps;
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    for (int64_t d = 0; d < type.getRank(); ++d) {
      lbs.push_back(zero);
      steps.push_back(one);
      ubs.push_back(type.isDynamicDim(d)
                        ? Value(memref::DimOp::create(b, loc, copy.getSource(), d))
                        : Value(arith::ConstantIndexOp::create(
                              b, loc, type.getDimSize(d))));
    }
    if (type.getRank() == 0) {
      lbs.push_back(zero);
      ubs.push_back(one);
      steps.push_back(one);
    }
    auto loop = scf::ParallelOp::create(b, loc, lbs, ubs, steps);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    ValueRange ivs = type.getRank() == 0 ? ValueRange()
                                         : ValueRange(loop.getInductionVars());
    Value element = memref::LoadOp::create(b, loc, copy.getSource(), ivs);
    memref::StoreOp::create(b, loc, element, copy.getTarget(), ivs);
    copy.erase();
  }
  return copies.size();
}

/// Wraps runs of consecutive device ops in `block` (ops touching memory,
/// and ops using their results) into one-iteration scf.parallel loops.
/// Returns the number of runs wrapped; leaves a run alone if one of its
/// results is used after it (the device-memory check reports it).
static unsigned wrapHostAccesses(Block &block) {
  llvm::DenseSet<Operation *> device;
  SmallVector<SmallVector<Operation *>> runs;
  SmallVector<Operation *> current;
  for (Operation &op : block) {
    bool isDevice =
        touchesMemory(&op) || llvm::any_of(op.getOperands(), [&](Value v) {
          Operation *def = v.getDefiningOp();
          return def && device.contains(def);
        });
    if (isDevice && !op.hasTrait<OpTrait::IsTerminator>()) {
      device.insert(&op);
      current.push_back(&op);
      continue;
    }
    if (!current.empty())
      runs.push_back(std::move(current));
    current.clear();
  }
  unsigned wrapped = 0;
  for (SmallVector<Operation *> &run : runs) {
    llvm::DenseSet<Operation *> inRun(run.begin(), run.end());
    bool escapes = llvm::any_of(run, [&](Operation *op) {
      return llvm::any_of(op->getUsers(), [&](Operation *user) {
        return !inRun.contains(block.findAncestorOpInBlock(*user));
      });
    });
    if (escapes)
      continue;
    OpBuilder b(run.front());
    Location loc = run.front()->getLoc();
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    auto loop = scf::ParallelOp::create(b, loc, ValueRange{zero},
                                        ValueRange{one}, ValueRange{one});
    Operation *terminator = loop.getBody()->getTerminator();
    for (Operation *op : run)
      op->moveBefore(terminator);
    ++wrapped;
  }
  return wrapped;
}

/// Tile sizes giving at most `threads` threads per block, innermost
/// dimension first; dimensions past the third innermost get 1.
static SmallVector<int64_t> chooseTileSizes(scf::ParallelOp loop,
                                            int64_t threads) {
  unsigned rank = loop.getNumLoops();
  SmallVector<int64_t> sizes(rank, 1);
  int64_t remaining = threads;
  for (unsigned n = 0; n < std::min(rank, 3u) && remaining > 1; ++n) {
    unsigned i = rank - 1 - n;
    std::optional<int64_t> count = tripCount(loop, i);
    int64_t size =
        count ? std::max<int64_t>(1, std::min(*count, remaining)) : remaining;
    sizes[i] = size;
    remaining /= size;
  }
  return sizes;
}

/// Maps `loop`'s dimensions, innermost first, to `processors`; the others
/// (and y/z grid dimensions whose extent is unknown or over 65535) run
/// sequentially.
static LogicalResult mapLoop(scf::ParallelOp loop,
                             ArrayRef<gpu::Processor> processors,
                             bool limitYZ) {
  MLIRContext *ctx = loop.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(1, ctx);
  unsigned rank = loop.getNumLoops();
  SmallVector<gpu::ParallelLoopDimMappingAttr> mapping(
      rank, gpu::ParallelLoopDimMappingAttr::get(
                ctx, gpu::Processor::Sequential, identity, identity));
  for (unsigned n = 0; n < std::min<unsigned>(rank, processors.size()); ++n) {
    unsigned i = rank - 1 - n;
    if (limitYZ && n > 0) {
      std::optional<int64_t> count = tripCount(loop, i);
      if (!count || *count > 65535)
        continue;
    }
    mapping[i] = gpu::ParallelLoopDimMappingAttr::get(ctx, processors[n],
                                                      identity, identity);
  }
  return gpu::setMappingAttr(loop, mapping);
}

/// Folds the index arithmetic that tiling put in the loops' bounds and
/// steps (`arith.muli %c1, %c256`), so that trip counts and launch sizes
/// are constants. Only those ops are touched: a general canonicalization
/// would also collapse the one-iteration loops this pass creates.
static void foldOperands(ArrayRef<Operation *> users) {
  SmallVector<Operation *> ops;
  for (Operation *user : users)
    for (Value v : user->getOperands())
      if (Operation *def = v.getDefiningOp())
        if (isa<arith::ArithDialect, affine::AffineDialect>(def->getDialect()))
          ops.push_back(def);
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingOps);
  (void)applyOpPatternsGreedily(ops, FrozenRewritePatternSet(), config);
}

/// Maps every scf.parallel nested in `op` sequentially.
static LogicalResult mapNestedSequentially(Operation *op) {
  LogicalResult result = success();
  op->walk([&](scf::ParallelOp nested) {
    if (nested->hasAttr(gpu::getMappingAttrName()))
      return;
    if (failed(mapLoop(nested, {}, false)))
      result = failure();
  });
  return result;
}

namespace {
struct RematGpuMapParallelLoopsPass
    : mlir::remat::impl::RematGpuMapParallelLoopsBase<
          RematGpuMapParallelLoopsPass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    if (blockSize < 1 || blockSize > 1024) {
      func.emitError() << "block-size must be in [1, 1024], got "
                       << static_cast<int64_t>(blockSize);
      return signalPassFailure();
    }
    numStridedCopies += stridedCopiesToLoops(func);
    // A warp per row needs blocks of at least one warp on thread x.
    if (blockSize >= 32)
      numWarpReductions += rowReductionsToWarps(func);
    for (Block &block : func.getBody())
      numWrapped += wrapHostAccesses(block);

    SmallVector<scf::ParallelOp> outermost;
    func.walk([&](scf::ParallelOp loop) {
      if (!loop->getParentOfType<scf::ParallelOp>())
        outermost.push_back(loop);
    });
    for (scf::ParallelOp loop : outermost) {
      SmallVector<int64_t> sizes = chooseTileSizes(loop, blockSize);
      auto [tiles, inner] =
          scf::tileParallelLoop(loop, sizes, /*noMinMaxBounds=*/true);
      foldOperands({tiles, inner});
      using P = gpu::Processor;
      if (failed(mapLoop(tiles, {P::BlockX, P::BlockY, P::BlockZ},
                         /*limitYZ=*/true)) ||
          failed(mapLoop(inner, {P::ThreadX, P::ThreadY, P::ThreadZ},
                         /*limitYZ=*/false)) ||
          failed(mapNestedSequentially(inner))) {
        tiles.emitOpError("cannot be mapped to the GPU");
        return signalPassFailure();
      }
      ++numKernels;
    }
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// -remat-gpu-device-memory
//===----------------------------------------------------------------------===//

namespace {
struct RematGpuDeviceMemoryPass
    : mlir::remat::impl::RematGpuDeviceMemoryBase<RematGpuDeviceMemoryPass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    // Constant launch sizes (affine.apply of constants after
    // -convert-parallel-loops-to-gpu) let outlining record the block size,
    // which becomes the kernel's launch bounds (.reqntid).
    SmallVector<Operation *> launches;
    func.walk([&](gpu::LaunchOp launch) { launches.push_back(launch); });
    foldOperands(launches);

    SmallVector<Operation *> ops;
    func.walk([&](Operation *op) {
      if (!op->getParentOfType<gpu::LaunchOp>())
        ops.push_back(op);
    });
    SmallVector<Value> constantCopies;
    for (Operation *op : ops) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        auto dev = gpu::AllocOp::create(
            b, loc, alloc.getType(), /*asyncToken=*/Type(),
            /*asyncDependencies=*/ValueRange(), alloc.getDynamicSizes(),
            alloc.getSymbolOperands(), /*hostShared=*/false);
        alloc.replaceAllUsesWith(dev.getMemref());
        alloc.erase();
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        gpu::DeallocOp::create(b, loc, /*asyncToken=*/Type(), ValueRange(),
                               dealloc.getMemref());
        dealloc.erase();
      } else if (auto copy = dyn_cast<memref::CopyOp>(op)) {
        if (!isIdentityLayout(copy.getSource()) ||
            !isIdentityLayout(copy.getTarget())) {
          copy.emitOpError("copies between non-contiguous buffers are not "
                           "supported on the GPU path");
          return signalPassFailure();
        }
        gpu::MemcpyOp::create(b, loc, /*asyncToken=*/Type(), ValueRange(),
                              copy.getTarget(), copy.getSource());
        copy.erase();
      } else if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
        // A device copy of the host constant, freed before each return.
        b.setInsertionPointAfter(global);
        auto dev =
            gpu::AllocOp::create(b, loc, global.getType(), Type(), ValueRange(),
                                 ValueRange(), ValueRange(), false);
        global.getResult().replaceAllUsesWith(dev.getMemref());
        gpu::MemcpyOp::create(b, loc, Type(), ValueRange(), dev.getMemref(),
                              global.getResult());
        constantCopies.push_back(dev.getMemref());
      }
    }
    func.walk([&](func::ReturnOp ret) {
      OpBuilder b(ret);
      for (Value copy : constantCopies)
        gpu::DeallocOp::create(b, ret.getLoc(), Type(), ValueRange(), copy);
    });

    // The contract of this stage: the host touches no buffer's contents.
    WalkResult result = func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<gpu::LaunchOp>(op))
        return WalkResult::skip();
      if (isa<memref::LoadOp, memref::StoreOp, memref::AtomicRMWOp,
              memref::CopyOp>(op) ||
          isa<linalg::LinalgOp>(op)) {
        op->emitOpError("would access device memory on the host: it is "
                        "outside every GPU kernel after mapping (its result "
                        "is needed on the host, or it is not a parallel "
                        "loop)");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
