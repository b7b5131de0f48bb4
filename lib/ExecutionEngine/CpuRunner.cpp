//===- CpuRunner.cpp - compile and run a training graph on the CPU --------===//

#include "remat/ExecutionEngine/CpuRunner.h"
#include "remat-runtime/Allocator.h"
#include "remat-runtime/MemrefCopy.h"
#include "remat/Analysis/MemoryTimeline.h"
#include "remat/Analysis/TrainingGraph.h"
#include "remat/InitRemat.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/Support/TargetSelect.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <set>

using namespace mlir;
using namespace remat_run;
using remat_runtime::npy::DType;

void remat_run::initializeRunner(DialectRegistry &registry) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  registerAllPasses();
  remat::registerRematPassesAndPipelines();
  registerAllDialects(registry);
  registerAllExtensions(registry);
  remat::registerRematDialects(registry);
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

LogicalResult remat_run::describeType(Type type, HostArray &layout,
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
       << " (supported: f16, f32, f64, i1, i8, i16, i32, i64)";
    error = s;
    return failure();
  }
  layout.dtype = *dtype;
  layout.data.assign(layout.numElements() * remat_runtime::npy::elementSize(*dtype),
                     0);
  return success();
}

std::vector<HostArray> remat_run::makeRandomInputs(func::FuncOp entry,
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

std::string remat_run::checksum(const HostArray &array) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (uint8_t byte : array.data)
    hash = (hash ^ byte) * 0x100000001b3ull;
  char buffer[17];
  std::snprintf(buffer, sizeof(buffer), "%016llx",
                static_cast<unsigned long long>(hash));
  return buffer;
}

std::vector<double> remat_run::elements(const HostArray &array, size_t limit) {
  std::vector<double> out;
  size_t n = std::min<size_t>(array.numElements(), limit);
  for (size_t i = 0; i < n; ++i)
    out.push_back(remat_runtime::npy::elementAsDouble(array, i));
  return out;
}

double remat_run::elementSum(const HostArray &array) {
  double sum = 0;
  for (double v : elements(array, array.numElements()))
    sum += v;
  return sum;
}

LogicalResult remat_run::runPipeline(ModuleOp module, StringRef text,
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

LogicalResult remat_run::checkInputs(func::FuncOp entry,
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
    if (in.dtype != layout.dtype || in.shape != layout.shape) {
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

namespace {
/// Host memory for one argument: the data and its memref descriptor.
struct ArgumentBuffer {
  void *data = nullptr;
  std::vector<int64_t> descriptor; // allocated, aligned, offset, sizes, strides
  int64_t scalar[1] = {0};         // scalar arguments, by value
  ~ArgumentBuffer() { std::free(data); }
};
} // namespace

FailureOr<RunResult>
remat_run::compileAndRun(ModuleOp module, StringRef entryName,
                         const remat::RematPipelineOptions &options,
                         const std::vector<HostArray> &inputs,
                         unsigned optLevel) {
  MLIRContext *ctx = module.getContext();
  OwningOpRef<ModuleOp> clone = module.clone();
  auto entry = clone->lookupSymbol<func::FuncOp>(entryName);
  if (!entry || entry.isExternal())
    return emitError(module.getLoc())
           << "no function @" << entryName << " with a body";

  // Argument and result layouts.
  std::vector<HostArray> resultLayouts;
  for (auto [index, type] : llvm::enumerate(entry.getResultTypes())) {
    HostArray layout;
    std::string error;
    if (!isa<RankedTensorType>(type) ||
        failed(describeType(type, layout, error)))
      return entry.emitError() << "result #" << index << " of type " << type
                               << " cannot be returned to the host: "
                               << (error.empty() ? "only ranked tensors are"
                                                 : error);
    resultLayouts.push_back(std::move(layout));
  }
  if (failed(checkInputs(entry, inputs)) ||
      failed(remat::checkCallGraph(*clone)))
    return failure();

  std::vector<bool> argIsTensor;
  for (Type type : entry.getArgumentTypes())
    argIsTensor.push_back(isa<RankedTensorType>(type));

  RunResult result;
  result.policy = options.policy;
  if (options.policy != "none") {
    PassManager pm(ctx);
    remat::buildRematPipeline(pm, options);
    if (failed(pm.run(*clone)))
      return emitError(module.getLoc()) << "the remat pipeline failed";
  }
  result.pipelinePeakBytes =
      remat::MemoryTimeline::build(
          clone->lookupSymbol<func::FuncOp>(entryName).getBody().front())
          .getPeakBytes();
  if (failed(runPipeline(*clone, remat::getLowerToLLVMPreparePipeline(),
                         "preparing for bufferization")))
    return failure();
  entry = clone->lookupSymbol<func::FuncOp>(entryName);
  result.predictedPeakBytes =
      remat::MemoryTimeline::build(entry.getBody().front()).getPeakBytes();
  if (optLevel == kAutoOptLevel) {
    int64_t ops = 0;
    entry->walk([&](Operation *) { ++ops; });
    optLevel = ops <= kAutoOptLevelMaxOps ? 2 : 0;
  }
  if (failed(runPipeline(*clone, remat::getLowerToLLVMFinishPipeline(),
                         "lowering to LLVM")))
    return failure();

  result.optLevel = std::min(optLevel, 3u);
  auto transformer = makeOptimizingTransformer(result.optLevel,
                                               /*sizeLevel=*/0, nullptr);
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  auto engineOr = ExecutionEngine::create(*clone, engineOptions);
  if (!engineOr)
    return emitError(module.getLoc())
           << "JIT compilation failed: " << llvm::toString(engineOr.takeError());
  std::unique_ptr<ExecutionEngine> engine = std::move(*engineOr);
  engine->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap map;
    auto add = [&](const char *name, void *fn) {
      map[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(fn),
                             llvm::JITSymbolFlags::Exported};
    };
    add("_mlir_memref_to_llvm_alloc",
        reinterpret_cast<void *>(&_mlir_memref_to_llvm_alloc));
    add("_mlir_memref_to_llvm_aligned_alloc",
        reinterpret_cast<void *>(&_mlir_memref_to_llvm_aligned_alloc));
    add("_mlir_memref_to_llvm_free",
        reinterpret_cast<void *>(&_mlir_memref_to_llvm_free));
    add("memrefCopy", reinterpret_cast<void *>(&memrefCopy));
    return map;
  });
  engine->initialize();

  // Pack the arguments: memref descriptors expand into their fields.
  std::vector<std::unique_ptr<ArgumentBuffer>> buffers;
  std::vector<void *> packed;
  for (const HostArray &in : inputs) {
    auto buffer = std::make_unique<ArgumentBuffer>();
    if (!argIsTensor[buffers.size()]) {
      std::memcpy(buffer->scalar, in.data.data(), in.data.size());
      packed.push_back(buffer->scalar);
      buffers.push_back(std::move(buffer));
      continue;
    }
    size_t bytes = std::max<size_t>(in.data.size(), 1);
    if (posix_memalign(&buffer->data, 64, (bytes + 63) / 64 * 64) != 0)
      return emitError(module.getLoc()) << "out of host memory for inputs";
    std::memcpy(buffer->data, in.data.data(), in.data.size());
    size_t rank = in.shape.size();
    std::vector<int64_t> &d = buffer->descriptor;
    d.resize(3 + 2 * rank);
    d[0] = reinterpret_cast<int64_t>(buffer->data);
    d[1] = d[0];
    d[2] = 0;
    int64_t stride = 1;
    for (size_t i = rank; i-- > 0;) {
      d[3 + i] = in.shape[i];
      d[3 + rank + i] = stride;
      stride *= in.shape[i];
    }
    for (int64_t &field : d)
      packed.push_back(&field);
    buffers.push_back(std::move(buffer));
  }
  size_t resultFields = 0;
  for (const HostArray &layout : resultLayouts)
    resultFields += 3 + 2 * layout.shape.size();
  std::vector<int64_t> resultStorage(std::max<size_t>(resultFields, 1), 0);
  if (!resultLayouts.empty())
    packed.push_back(resultStorage.data());

  remat_alloc_reset_stats();
  auto start = std::chrono::steady_clock::now();
  if (llvm::Error error = engine->invokePacked(entryName, packed))
    return emitError(module.getLoc())
           << "running @" << entryName << " failed: "
           << llvm::toString(std::move(error));
  auto stop = std::chrono::steady_clock::now();
  remat_alloc_stats stats = remat_alloc_get_stats();
  result.seconds = std::chrono::duration<double>(stop - start).count();
  result.measuredPeakBytes = stats.peak_bytes;
  result.numAllocs = stats.num_allocs;

  // Copy every result out (any strides) before freeing anything: results
  // may alias one another (a result that is a view of another one).
  std::vector<void *> toFree;
  size_t field = 0;
  for (HostArray layout : resultLayouts) {
    size_t rank = layout.shape.size();
    auto *allocated = reinterpret_cast<void *>(resultStorage[field]);
    auto *aligned = reinterpret_cast<uint8_t *>(resultStorage[field + 1]);
    int64_t offset = resultStorage[field + 2];
    std::vector<int64_t> strides(resultStorage.begin() + field + 3 + rank,
                                 resultStorage.begin() + field + 3 + 2 * rank);
    size_t width = remat_runtime::npy::elementSize(layout.dtype);
    int64_t n = layout.numElements();
    std::vector<int64_t> index(rank, 0);
    for (int64_t i = 0; i < n; ++i) {
      int64_t linear = offset;
      for (size_t d = 0; d < rank; ++d)
        linear += index[d] * strides[d];
      std::memcpy(layout.data.data() + i * width, aligned + linear * width,
                  width);
      for (size_t d = rank; d-- > 0;) {
        if (++index[d] < layout.shape[d])
          break;
        index[d] = 0;
      }
    }
    toFree.push_back(allocated);
    result.outputs.push_back(std::move(layout));
    field += 3 + 2 * rank;
  }
  std::set<void *> freed;
  for (void *allocated : toFree)
    if (remat_alloc_owns(allocated) && freed.insert(allocated).second)
      _mlir_memref_to_llvm_free(allocated);
  remat_alloc_stats after = remat_alloc_get_stats();
  result.numFrees = after.num_frees;
  result.badFrees = remat_alloc_bad_frees();
  if (after.live_bytes != 0)
    return emitError(module.getLoc())
           << "the compiled code leaked " << after.live_bytes << " bytes";
  return result;
}
