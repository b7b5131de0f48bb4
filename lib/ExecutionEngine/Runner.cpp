//===- Runner.cpp - what the CPU and GPU runners share --------------------===//

#include "remat/ExecutionEngine/Runner.h"
#include "remat/Analysis/MemoryTimeline.h"
#include "remat/Analysis/TrainingGraph.h"
#include "remat/Conversion/Passes.h"
#include "remat/Transforms/Rematerialize.h"
#include "remat/InitRemat.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <unistd.h>

using namespace mlir;
using namespace mlir::remat;
using remat_runtime::npy::DType;

void mlir::remat::initializeRunner(DialectRegistry &registry) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  registerAllPasses();
  registerRematPassesAndPipelines();
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerRematDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

static std::optional<DType> toDType(Type type) {
  if (type.isF32())
    return DType::F32;
  if (type.isF64())
    return DType::F64;
  if (type.isF16())
    return DType::F16;
  if (type.isBF16())
    return DType::BF16;
  if (type.isSignlessInteger(1))
    return DType::Bool;
  if (type.isSignlessInteger(8))
    return DType::I8;
  if (type.isSignlessInteger(16))
    return DType::I16;
  if (type.isSignlessInteger(32))
    return DType::I32;
  if (type.isSignlessInteger(64))
    return DType::I64;
  return std::nullopt;
}

LogicalResult mlir::remat::describeType(Type type, HostArray &layout,
                                      std::string &error) {
  Type element = type;
  layout.shape.clear();
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    if (!tensor.hasStaticShape()) {
      error = "dynamic shapes are not supported";
      return failure();
    }
    element = tensor.getElementType();
    layout.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
  } else if (isa<ShapedType>(type)) {
    error = "only ranked tensors and scalars can be passed";
    return failure();
  }
  int64_t count = 1;
  for (int64_t dim : layout.shape)
    if (llvm::MulOverflow(count, dim, count) || count > (int64_t(1) << 36)) {
      error = "tensor too large to pass from the host";
      return failure();
    }
  std::optional<DType> dtype = toDType(element);
  if (!dtype) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << "unsupported element type " << element
       << " (supported: f16, bf16, f32, f64, i1, i8, i16, i32, i64)";
    error = s;
    return failure();
  }
  layout.dtype = *dtype;
  // A host array larger than the machine's memory would abort in the
  // allocator (a 100000 x 100000 f32 argument drawn by --seed): say so.
  uint64_t bytes = uint64_t(count) * remat_runtime::npy::elementSize(*dtype);
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && pageSize > 0 && bytes > uint64_t(pages) * uint64_t(pageSize)) {
    error = "tensor of " + std::to_string(bytes) +
            " bytes does not fit in this machine's memory (" +
            std::to_string(uint64_t(pages) * uint64_t(pageSize)) + " bytes)";
    return failure();
  }
  layout.data.assign(bytes, 0);
  return success();
}

std::vector<HostArray> mlir::remat::makeRandomInputs(func::FuncOp entry,
                                                   uint64_t seed) {
  std::vector<HostArray> inputs;
  for (auto [index, type] : llvm::enumerate(entry.getArgumentTypes())) {
    HostArray array;
    std::string error;
    if (failed(describeType(type, array, error)))
      continue; // reported by compileAndRun
    remat_runtime::npy::fillRandom(array, seed, index);
    inputs.push_back(std::move(array));
  }
  return inputs;
}

std::string mlir::remat::checksum(const HostArray &array) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (uint8_t byte : array.data)
    hash = (hash ^ byte) * 0x100000001b3ull;
  char buffer[17];
  std::snprintf(buffer, sizeof(buffer), "%016llx",
                static_cast<unsigned long long>(hash));
  return buffer;
}

std::vector<double> mlir::remat::elements(const HostArray &array, size_t limit) {
  std::vector<double> out;
  size_t n = std::min<size_t>(array.numElements(), limit);
  for (size_t i = 0; i < n; ++i)
    out.push_back(remat_runtime::npy::elementAsDouble(array, i));
  return out;
}

double mlir::remat::elementSum(const HostArray &array) {
  double sum = 0;
  for (double v : elements(array, array.numElements()))
    sum += v;
  return sum;
}

LogicalResult mlir::remat::runPipeline(ModuleOp module, StringRef text,
                                     StringRef what) {
  PassManager pm(module.getContext());
  std::string error;
  llvm::raw_string_ostream os(error);
  if (failed(parsePassPipeline(text, pm, os)))
    return emitError(module.getLoc()) << what << ": " << error;
  if (failed(pm.run(module)))
    return emitError(module.getLoc()) << what << " failed";
  return success();
}

LogicalResult mlir::remat::checkInputs(func::FuncOp entry,
                                     const std::vector<HostArray> &inputs) {
  if (inputs.size() != entry.getNumArguments())
    return entry.emitError() << "expected " << entry.getNumArguments()
                             << " inputs, got " << inputs.size();
  for (auto [index, type] : llvm::enumerate(entry.getArgumentTypes())) {
    HostArray layout;
    std::string error;
    if (failed(describeType(type, layout, error)))
      return entry.emitError() << "argument #" << index << " of type " << type
                               << ": " << error;
    const HostArray &in = inputs[index];
    // MLIR's integers are signless: an i8 argument takes uint8 data too
    // (torch.uint8; the graph's ops say how its bits are read).
    bool sameBits = in.dtype == layout.dtype ||
                    (layout.dtype == DType::I8 && in.dtype == DType::U8);
    if (!sameBits || in.shape != layout.shape) {
      auto shapeText = [](const std::vector<int64_t> &shape) {
        std::string s = "(";
        for (size_t i = 0; i < shape.size(); ++i)
          s += (i ? ", " : "") + std::to_string(shape[i]);
        return s + ")";
      };
      return entry.emitError()
             << "input #" << index << " has dtype "
             << remat_runtime::npy::mlirName(in.dtype) << " and shape "
             << shapeText(in.shape) << ", but argument #" << index
             << " is " << type;
    }
  }
  return success();
}

/// The host layouts of `types` (what #index of `entry` are), or a
/// diagnostic: results and, with TensorsOnly, arguments must be ranked
/// tensors.
static LogicalResult describeAll(func::FuncOp entry, TypeRange types,
                                 StringRef what, bool tensorsOnly,
                                 std::vector<HostArray> &layouts) {
  for (auto [index, type] : llvm::enumerate(types)) {
    HostArray layout;
    std::string error;
    if (tensorsOnly && !isa<RankedTensorType>(type))
      return entry.emitError()
             << what << " #" << index << " of type " << type
             << " cannot cross the host boundary: only ranked tensors can";
    if (failed(describeType(type, layout, error)))
      return entry.emitError()
             << what << " #" << index << " of type " << type << ": " << error;
    layout.data.clear();
    layouts.push_back(std::move(layout));
  }
  return success();
}

/// Erases the functions of `module` that `entry` does not reach through
/// symbol references: remat-run compiles the entry's call graph only, and
/// the pipeline's options (a byte budget) must not be judged on a
/// function it will not run (a budget another function cannot meet made
/// `--entry` fail).
static void keepReachable(ModuleOp module, func::FuncOp entry) {
  llvm::SmallPtrSet<Operation *, 8> reached{entry};
  SmallVector<Operation *> work{entry};
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(&op->getRegion(0));
    if (!uses)
      return; // unknown symbol uses: keep everything
    for (const SymbolTable::SymbolUse &use : *uses)
      if (Operation *target = SymbolTable::lookupNearestSymbolFrom(
              use.getUser(), use.getSymbolRef()))
        if (isa<func::FuncOp>(target) && reached.insert(target).second)
          work.push_back(target);
  }
  for (func::FuncOp func :
       llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    if (!reached.contains(func))
      func.erase();
}

FailureOr<PreparedGraph>
mlir::remat::prepareGraph(ModuleOp module, StringRef entryName,
                          const RematPipelineOptions &options,
                          HostArguments arguments,
                          const std::vector<HostArray> *inputs,
                          bool fuseElementwise) {
  PreparedGraph graph;
  graph.module = module.clone();
  graph.entryName = entryName.str();
  ModuleOp clone = *graph.module;
  func::FuncOp entry = graph.getEntry();
  if (!entry || entry.isExternal())
    return emitError(module.getLoc())
           << "no function @" << entryName << " with a body";
  if (failed(describeAll(entry, entry.getResultTypes(), "result",
                         /*tensorsOnly=*/true, graph.resultLayouts)) ||
      failed(describeAll(entry, entry.getArgumentTypes(), "argument",
                         arguments == HostArguments::TensorsOnly,
                         graph.argLayouts)) ||
      (inputs && failed(checkInputs(entry, *inputs))) ||
      failed(checkCallGraph(clone)))
    return failure();
  keepReachable(clone, entry);

  if (options.policy != MarkPolicy::None ||
      options.attention == AttentionMode::Tiled ||
      options.accumulators == AccumulatorMode::Tiled) {
    PassManager pm(clone.getContext());
    buildRematPipeline(pm, options);
    if (failed(pm.run(clone)))
      // At the entry (the module's own location is often file:0:0); the
      // pass said why just before.
      return emitError(entry.getLoc())
             << "the remat pipeline failed on @" << entryName;
  }
  // As -remat-report counts it: destinations shared by several users (an
  // importer's, CSE's) split as the lowering splits them. Without it, an
  // imported GRU under policy=none said 20,372 B here where the report and
  // the measurement say 20,500 B. (The prepare pipeline splits them anyway.)
  if (hasSharedDestination(graph.getEntry()))
    splitDestinations(graph.getEntry());
  graph.pipelinePeakBytes =
      MemoryTimeline::build(graph.getEntry().getBody().front()).getPeakBytes();
  if (failed(runPipeline(clone, getLowerToLLVMPreparePipeline(fuseElementwise),
                         "preparing for bufferization")))
    return failure();
  // The timeline (and so the prediction) is of one block: a body of
  // several (cf.cond_br) was run with a prediction of 0 B. The remat
  // passes refuse such functions; so does the runner, whatever the policy.
  entry = graph.getEntry();
  if (!entry.getBody().hasOneBlock())
    return entry.emitError()
           << "remat-run needs a function whose body is a single block (use "
              "scf.if or scf.for for control flow); @"
           << entryName << " has " << entry.getBody().getBlocks().size();
  // A call left after inlining is to a declaration: no body to compile
  // (the JIT said "Symbols not found" with no location).
  WalkResult external = entry.walk([&](func::CallOp call) {
    call.emitError() << "calls @" << call.getCallee()
                     << ", which has no body: remat-run compiles the whole "
                        "call graph and cannot call outside it";
    return WalkResult::interrupt();
  });
  if (external.wasInterrupted())
    return failure();
  graph.predictedPeakBytes =
      MemoryTimeline::build(entry.getBody().front()).getPeakBytes();
  return graph;
}

std::vector<int64_t> mlir::remat::denseDescriptor(void *data,
                                                  ArrayRef<int64_t> shape) {
  size_t rank = shape.size();
  std::vector<int64_t> d(3 + 2 * rank);
  d[0] = d[1] = reinterpret_cast<int64_t>(data);
  d[2] = 0;
  int64_t stride = 1;
  for (size_t i = rank; i-- > 0;) {
    d[3 + i] = shape[i];
    d[3 + rank + i] = stride;
    stride *= shape[i];
  }
  return d;
}

//===----------------------------------------------------------------------===//
// Soft-float conversions for the JIT
//===----------------------------------------------------------------------===//

/// Float bits to bf16 bits, rounding to nearest even once, as arith.truncf
/// is defined; NaNs stay quiet NaNs with their sign.
static uint32_t floatBitsToBFloat16(uint32_t bits) {
  if ((bits & 0x7FFFFFFFu) > 0x7F800000u)
    return ((bits >> 16) & 0x8000u) | 0x7FC0u;
  return (bits + 0x7FFFu + ((bits >> 16) & 1u)) >> 16;
}

/// The bf16 comes back in the low half of the float register, as the x86-64
/// ABI returns __bf16.
static float bfloat16Result(uint32_t bf16) {
  float out = 0.0f;
  std::memcpy(&out, &bf16, sizeof(bf16));
  return out;
}

static float truncFloatToBFloat16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bfloat16Result(floatBitsToBFloat16(bits));
}

/// f64 -> bf16 in one rounding: to float by rounding to odd (exact for the
/// later rounding: float keeps 16 more bits than bf16), then to bf16.
static float truncDoubleToBFloat16(double value) {
  if (value != value) {
    uint64_t raw;
    std::memcpy(&raw, &value, sizeof(raw));
    return bfloat16Result((uint32_t(raw >> 48) & 0x8000u) | 0x7FC0u);
  }
  float rounded = float(value);
  uint32_t bits;
  std::memcpy(&bits, &rounded, sizeof(bits));
  if (std::isfinite(rounded) && double(rounded) != value) {
    // Toward zero, then the last bit set: round to odd.
    if (std::fabs(double(rounded)) > std::fabs(value))
      --bits;
    bits |= 1u;
  }
  return bfloat16Result(floatBitsToBFloat16(bits));
}

void mlir::remat::addSoftFloatSymbols(llvm::orc::SymbolMap &map,
                                      llvm::orc::MangleAndInterner &interner) {
  auto add = [&](const char *name, void *fn) {
    map[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(fn),
                           llvm::JITSymbolFlags::Exported};
  };
  add("__truncsfbf2", reinterpret_cast<void *>(&truncFloatToBFloat16));
  add("__truncdfbf2", reinterpret_cast<void *>(&truncDoubleToBFloat16));
}
