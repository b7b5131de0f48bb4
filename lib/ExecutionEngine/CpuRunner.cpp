//===- CpuRunner.cpp - compile and run a training graph on the CPU --------===//

#include "remat/ExecutionEngine/CpuRunner.h"
#include "remat-runtime/Allocator.h"
#include "remat-runtime/MemrefCopy.h"
#include "remat/Conversion/Passes.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <set>
#include <sys/resource.h>
#include <sys/sysinfo.h>

using namespace mlir;
using namespace mlir::remat;

namespace {
/// Host memory for one argument: the data and its memref descriptor.
struct ArgumentBuffer {
  void *data = nullptr;
  std::vector<int64_t> descriptor; // allocated, aligned, offset, sizes, strides
  int64_t scalar[1] = {0};         // scalar arguments, by value
  ~ArgumentBuffer() { std::free(data); }
};
} // namespace

/// The JIT of the lowered module at `optLevel`, its allocations going to
/// remat's counting allocator (so that the peak is measured).
static FailureOr<std::unique_ptr<ExecutionEngine>>
createEngine(ModuleOp lowered, unsigned optLevel, Location loc) {
  auto transformer = makeOptimizingTransformer(optLevel,
                                               /*sizeLevel=*/0, nullptr);
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  auto engineOr = ExecutionEngine::create(lowered, engineOptions);
  if (!engineOr)
    return emitError(loc) << "JIT compilation failed: "
                          << llvm::toString(engineOr.takeError());
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
    addSoftFloatSymbols(map, interner);
    return map;
  });
  engine->initialize();
  return engine;
}

/// Copies of the inputs in `buffers`, and in `packed` a pointer to each
/// argument as invokePacked takes them: memref descriptors expand into
/// their fields, scalars are passed by value.
static LogicalResult packArguments(
    const std::vector<HostArray> &inputs, const std::vector<bool> &argIsTensor,
    std::vector<std::unique_ptr<ArgumentBuffer>> &buffers,
    std::vector<void *> &packed, Location loc) {
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
      return emitError(loc) << "out of host memory for inputs";
    // An empty input's vector may hold no storage at all (data() == null),
    // which memcpy may not be given even for zero bytes.
    if (!in.data.empty())
      std::memcpy(buffer->data, in.data.data(), in.data.size());
    buffer->descriptor = denseDescriptor(buffer->data, in.shape);
    std::vector<int64_t> &d = buffer->descriptor;
    for (int64_t &field : d)
      packed.push_back(&field);
    buffers.push_back(std::move(buffer));
  }
  return success();
}

/// Copies every result out of the descriptors the entry wrote to
/// `resultStorage` (any strides) into `outputs`, dense, and returns the
/// allocations to free. Nothing is freed here: results may alias one
/// another (a result that is a view of another one).
static std::vector<void *>
copyResults(const std::vector<int64_t> &resultStorage,
            const std::vector<HostArray> &resultLayouts,
            std::vector<HostArray> &outputs) {
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
    outputs.push_back(std::move(layout));
    field += 3 + 2 * rank;
  }
  return toFree;
}

/// What this process can allocate at most: physical memory and swap, or
/// the address-space or data limit if lower; none when unknown.
static std::optional<uint64_t> getHostMemoryLimit() {
  std::optional<uint64_t> limit;
  struct sysinfo info;
  if (sysinfo(&info) == 0)
    limit = (static_cast<uint64_t>(info.totalram) +
             static_cast<uint64_t>(info.totalswap)) *
            info.mem_unit;
  for (int resource : {RLIMIT_AS, RLIMIT_DATA}) {
    struct rlimit rl;
    if (getrlimit(resource, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
      limit = std::min<uint64_t>(limit.value_or(UINT64_MAX), rl.rlim_cur);
  }
  return limit;
}

FailureOr<RunResult>
mlir::remat::compileAndRun(ModuleOp module, StringRef entryName,
                         const RematPipelineOptions &options,
                         const std::vector<HostArray> &inputs,
                         unsigned optLevel, bool fuseElementwise) {
  FailureOr<PreparedGraph> prepared =
      prepareGraph(module, entryName, options,
                   HostArguments::TensorsAndScalars, &inputs, fuseElementwise);
  if (failed(prepared))
    return failure();
  OwningOpRef<ModuleOp> &clone = prepared->module;
  func::FuncOp entry = prepared->getEntry();
  std::vector<HostArray> resultLayouts = prepared->resultLayouts;
  for (HostArray &layout : resultLayouts)
    layout.data.assign(layout.numElements() *
                           remat_runtime::npy::elementSize(layout.dtype),
                       0);
  std::vector<bool> argIsTensor;
  for (Type type : entry.getArgumentTypes())
    argIsTensor.push_back(isa<RankedTensorType>(type));

  // A graph whose buffers cannot all be allocated here is refused before it
  // runs: the compiled code does not check for a failed allocation (an
  // 8 TiB fill crashed inside the JIT). The prediction is an upper bound
  // of what the run allocates.
  if (std::optional<uint64_t> limit = getHostMemoryLimit();
      limit && prepared->predictedPeakBytes > 0 &&
      static_cast<uint64_t>(prepared->predictedPeakBytes) > *limit)
    return emitError(entry.getLoc())
           << "@" << entryName << " needs up to "
           << prepared->predictedPeakBytes
           << " bytes of buffers (the predicted peak), more than this "
              "process can allocate ("
           << *limit << " bytes: memory and swap, or its address-space limit)";

  RunResult result;
  result.policy = options.policy;
  result.pipelinePeakBytes = prepared->pipelinePeakBytes;
  result.predictedPeakBytes = prepared->predictedPeakBytes;
  if (optLevel == kAutoOptLevel) {
    int64_t ops = 0;
    entry->walk([&](Operation *) { ++ops; });
    optLevel = ops <= kAutoOptLevelMaxOps ? 2 : 0;
  }
  if (failed(runPipeline(*clone, getLowerToLLVMFinishPipeline(fuseElementwise),
                         "lowering to LLVM")))
    return failure();

  result.optLevel = std::min(optLevel, 3u);
  FailureOr<std::unique_ptr<ExecutionEngine>> engine =
      createEngine(*clone, result.optLevel, module.getLoc());
  if (failed(engine))
    return failure();

  std::vector<std::unique_ptr<ArgumentBuffer>> buffers;
  std::vector<void *> packed;
  if (failed(packArguments(inputs, argIsTensor, buffers, packed,
                           module.getLoc())))
    return failure();
  size_t resultFields = 0;
  for (const HostArray &layout : resultLayouts)
    resultFields += 3 + 2 * layout.shape.size();
  std::vector<int64_t> resultStorage(std::max<size_t>(resultFields, 1), 0);
  if (!resultLayouts.empty())
    packed.push_back(resultStorage.data());

  remat_alloc_reset_stats();
  auto start = std::chrono::steady_clock::now();
  if (llvm::Error error = (*engine)->invokePacked(entryName, packed))
    return emitError(module.getLoc())
           << "running @" << entryName << " failed: "
           << llvm::toString(std::move(error));
  auto stop = std::chrono::steady_clock::now();
  remat_alloc_stats stats = remat_alloc_get_stats();
  result.seconds = std::chrono::duration<double>(stop - start).count();
  result.measuredPeakBytes = stats.peak_bytes;
  result.numAllocs = stats.num_allocs;

  std::vector<void *> toFree =
      copyResults(resultStorage, resultLayouts, result.outputs);
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
