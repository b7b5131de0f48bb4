//===- GpuRunner.cpp - compile and run a training graph on NVIDIA GPUs ----===//

#include "remat/ExecutionEngine/GpuRunner.h"
#include "remat/Conversion/Passes.h"

#include "remat-cuda/CudaRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"
#include <set>

using namespace mlir;
using namespace mlir::remat;

void mlir::remat::initializeGpuRunner(DialectRegistry &registry) {
  registerAllToLLVMIRTranslations(registry);
}

FailureOr<GpuCompileResult>
mlir::remat::compileForGpu(ModuleOp module, StringRef entryName,
                           const RematPipelineOptions &remat,
                           const RematLowerToNVVMOptions &lowering,
                           const std::vector<HostArray> *inputs) {
  FailureOr<PreparedGraph> prepared =
      prepareGraph(module, entryName, remat, HostArguments::TensorsOnly,
                   inputs, lowering.fuse);
  if (failed(prepared))
    return failure();
  GpuCompileResult result;
  result.module = std::move(prepared->module);
  result.predictedPeakBytes = prepared->predictedPeakBytes;
  result.pipelinePeakBytes = prepared->pipelinePeakBytes;
  result.argLayouts = std::move(prepared->argLayouts);
  result.resultLayouts = std::move(prepared->resultLayouts);
  ModuleOp clone = *result.module;
  auto entry = clone.lookupSymbol<func::FuncOp>(entryName);
  entry.walk([&](arith::ConstantOp constant) {
    if (auto type = dyn_cast<RankedTensorType>(constant.getType()))
      if (type.hasStaticShape())
        result.constantBytes +=
            type.getNumElements() *
            llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  });
  entry->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                 UnitAttr::get(clone.getContext()));
  std::string error;
  FailureOr<std::string> finish =
      getLowerToNVVMFinishPipeline(lowering, error);
  if (failed(finish))
    return emitError(module.getLoc()) << "remat-lower-to-nvvm: " << error;
  if (failed(runPipeline(clone, *finish, "lowering to NVVM")))
    return failure();
  return result;
}

LogicalResult mlir::remat::emitObjectFile(ModuleOp lowered, StringRef path,
                                        std::string &error) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(lowered, context);
  if (!llvmModule) {
    error = "translation to LLVM IR failed";
    return failure();
  }
  llvm::Triple triple(llvm::sys::getDefaultTargetTriple());
  std::string lookupError;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, lookupError);
  if (!target) {
    error = "no LLVM target for " + triple.str() + ": " + lookupError;
    return failure();
  }
  // A generic CPU: the object runs on any x86-64 host of a GPU machine.
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, triple.isX86() ? "x86-64" : "generic", "", llvm::TargetOptions(),
      llvm::Reloc::PIC_));
  llvmModule->setTargetTriple(triple);
  llvmModule->setDataLayout(machine->createDataLayout());
  auto optimize = makeOptimizingTransformer(2, 0, machine.get());
  if (llvm::Error e = optimize(llvmModule.get())) {
    error = "optimizing the host code: " + llvm::toString(std::move(e));
    return failure();
  }
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    error = "cannot write " + path.str() + ": " + ec.message();
    return failure();
  }
  llvm::legacy::PassManager pm;
  if (machine->addPassesToEmitFile(pm, out, nullptr,
                                   llvm::CodeGenFileType::ObjectFile)) {
    error = "the target cannot emit object files";
    return failure();
  }
  pm.run(*llvmModule);
  out.flush();
  return success();
}

/// C string literal for `text`.
static std::string quote(StringRef text) {
  std::string s = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      s += '\\';
    s += c;
  }
  return s + "\"";
}

static std::string descriptorType(size_t rank) {
  return rank == 0 ? "Desc0" : "Desc<" + std::to_string(rank) + ">";
}

std::string mlir::remat::generateWrapper(StringRef entry, StringRef source,
                                       StringRef policy, StringRef chip,
                                       const GpuCompileResult &compiled) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "// Generated by remat-run --backend=cuda --compile-only from " << source << ": the wrapper of @"
     << entry << " (aot/remat-graph.h).\n"
     << "#include \"remat-graph.h\"\n#include <cstdint>\n\nnamespace {\n"
     << "template <int R> struct Desc {\n  void *allocated, *aligned;\n"
     << "  int64_t offset, sizes[R], strides[R];\n};\n"
     << "struct Desc0 {\n  void *allocated, *aligned;\n  int64_t offset;\n};\n";
  const auto &results = compiled.resultLayouts;
  os << "struct Results {\n";
  for (auto [i, layout] : llvm::enumerate(results))
    os << "  " << descriptorType(layout.shape.size()) << " r" << i << ";\n";
  os << "};\n} // namespace\n\n";
  os << "extern \"C\" void _mlir_ciface_" << entry << "(";
  bool first = true;
  auto sep = [&]() {
    if (!first)
      os << ", ";
    first = false;
  };
  if (results.size() == 1) {
    sep();
    os << descriptorType(results[0].shape.size()) << " *";
  } else if (!results.empty()) {
    sep();
    os << "Results *";
  }
  for (const HostArray &layout : compiled.argLayouts) {
    sep();
    os << descriptorType(layout.shape.size()) << " *";
  }
  os << ");\n\n";
  auto tensors = [&](StringRef name, const std::vector<HostArray> &layouts) {
    for (auto [i, layout] : llvm::enumerate(layouts)) {
      os << "static const int64_t " << name << "_shape" << i << "[] = {";
      for (int64_t d : layout.shape)
        os << d << ", ";
      os << "0};\n";
    }
    os << "static const remat_graph_tensor " << name << "[] = {\n";
    for (auto [i, layout] : llvm::enumerate(layouts))
      os << "    {" << quote(remat_runtime::npy::descr(layout.dtype)) << ", "
         << layout.shape.size() << ", " << name << "_shape" << i << ", "
         << remat_runtime::npy::elementSize(layout.dtype) << "},\n";
    if (layouts.empty())
      os << "    {\"\", 0, nullptr, 0},\n";
    os << "};\n";
  };
  tensors("args", compiled.argLayouts);
  tensors("results", results);
  os << "\nextern \"C\" const remat_graph_info remat_graph = {\n    "
     << quote(entry) << ", " << quote(source) << ", " << quote(policy) << ", "
     << quote(chip) << ",\n    " << compiled.argLayouts.size() << ", "
     << results.size() << ", args, results, " << compiled.predictedPeakBytes
     << ", " << compiled.pipelinePeakBytes << ", " << compiled.constantBytes
     << "};\n\n";
  os << "extern \"C\" int remat_graph_call(void *const *in, void **out) {\n";
  for (auto [i, layout] : llvm::enumerate(compiled.argLayouts)) {
    size_t rank = layout.shape.size();
    os << "  " << descriptorType(rank) << " a" << i << "{in[" << i << "], in["
       << i << "], 0";
    if (rank) {
      os << ", {";
      for (int64_t d : layout.shape)
        os << d << ", ";
      os << "}, {";
      int64_t stride = 1;
      std::vector<int64_t> strides(rank);
      for (size_t d = rank; d-- > 0;) {
        strides[d] = stride;
        stride *= layout.shape[d];
      }
      for (int64_t st : strides)
        os << st << ", ";
      os << "}";
    }
    os << "};\n";
  }
  os << "  Results r;\n  _mlir_ciface_" << entry << "(";
  first = true;
  if (results.size() == 1) {
    sep();
    os << "&r.r0";
  } else if (!results.empty()) {
    sep();
    os << "&r";
  }
  for (size_t i = 0; i < compiled.argLayouts.size(); ++i) {
    sep();
    os << "&a" << i;
  }
  os << ");\n  int status = 0;\n";
  for (auto [i, layout] : llvm::enumerate(results)) {
    size_t rank = layout.shape.size();
    os << "  out[" << i << "] = r.r" << i << ".allocated;\n";
    os << "  if (r.r" << i << ".aligned != r.r" << i << ".allocated || r.r" << i
       << ".offset != 0";
    int64_t stride = 1;
    for (size_t d = rank; d-- > 0;) {
      if (layout.shape[d] != 1)
        os << " || r.r" << i << ".strides[" << d << "] != " << stride;
      stride *= layout.shape[d];
    }
    os << ")\n    status = 1;\n";
  }
  os << "  return status;\n}\n";
  return s;
}

//===----------------------------------------------------------------------===//
// In-process runs
//===----------------------------------------------------------------------===//

/// The runtime's entry points, for the JIT's symbol table.
static llvm::orc::SymbolMap
runtimeSymbols(llvm::orc::MangleAndInterner interner) {
  llvm::orc::SymbolMap map;
  auto add = [&](const char *name, void *fn) {
    map[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(fn),
                           llvm::JITSymbolFlags::Exported};
  };
#define REMAT_ADD(fn) add(#fn, reinterpret_cast<void *>(&fn))
  REMAT_ADD(mgpuModuleLoad);
  REMAT_ADD(mgpuModuleLoadJIT);
  REMAT_ADD(mgpuModuleUnload);
  REMAT_ADD(mgpuModuleGetFunction);
  REMAT_ADD(mgpuLaunchKernel);
  REMAT_ADD(mgpuStreamCreate);
  REMAT_ADD(mgpuStreamDestroy);
  REMAT_ADD(mgpuStreamSynchronize);
  REMAT_ADD(mgpuStreamWaitEvent);
  REMAT_ADD(mgpuEventCreate);
  REMAT_ADD(mgpuEventDestroy);
  REMAT_ADD(mgpuEventSynchronize);
  REMAT_ADD(mgpuEventRecord);
  REMAT_ADD(mgpuMemAlloc);
  REMAT_ADD(mgpuMemFree);
  REMAT_ADD(mgpuMemcpy);
  REMAT_ADD(mgpuMemset32);
  REMAT_ADD(mgpuMemset16);
  REMAT_ADD(mgpuMemHostRegister);
  REMAT_ADD(mgpuMemHostUnregister);
  REMAT_ADD(mgpuSetDefaultDevice);
  REMAT_ADD(remat_cublas_sgemm);
  REMAT_ADD(remat_cublas_sgemm_batched);
  REMAT_ADD(remat_cublas_gemm_ex);
#undef REMAT_ADD
  addSoftFloatSymbols(map, interner); // host-side bf16 conversions
  return map;
}

static InFlightDiagnostic deviceError(ModuleOp module, StringRef what) {
  const char *error = remat_cuda_error();
  return emitError(module.getLoc())
         << what << ": " << (error ? error : "unknown CUDA error");
}

FailureOr<RunResult>
mlir::remat::compileAndRunOnGpu(ModuleOp module, StringRef entryName,
                                const RematPipelineOptions &remat,
                                const RematLowerToNVVMOptions &lowering,
                                const std::vector<HostArray> &inputs) {
  // No driver, no compilation: say so first.
  if (remat_cuda_init(0) != 0)
    return deviceError(module, "--backend=cuda needs a CUDA device");
  FailureOr<GpuCompileResult> compiled =
      compileForGpu(module, entryName, remat, lowering, &inputs);
  if (failed(compiled))
    return failure();

  // ExecutionEngineOptions::transformer is a function_ref: the function it
  // refers to must outlive ExecutionEngine::create.
  std::function<llvm::Error(llvm::Module *)> transformer =
      makeOptimizingTransformer(2, 0, nullptr);
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  auto engineOr = ExecutionEngine::create(*compiled->module, engineOptions);
  if (!engineOr)
    return emitError(module.getLoc()) << "JIT compilation failed: "
                                      << llvm::toString(engineOr.takeError());
  std::unique_ptr<ExecutionEngine> engine = std::move(*engineOr);
  engine->registerSymbols(runtimeSymbols);
  engine->initialize(); // loads the kernels (global constructors)
  if (remat_cuda_error())
    return deviceError(module, "loading the kernels");

  // Device copies of the inputs, as expanded memref descriptors.
  std::vector<void *> deviceInputs;
  std::vector<std::vector<int64_t>> descriptors;
  auto release = [&]() {
    for (void *p : deviceInputs)
      remat_cuda_free(p);
  };
  for (const HostArray &in : inputs) {
    void *p = remat_cuda_alloc(std::max<size_t>(in.data.size(), 1));
    if (!p || remat_cuda_copy_to_device(p, in.data.data(), in.data.size())) {
      release();
      return deviceError(module, "copying the inputs to the device");
    }
    deviceInputs.push_back(p);
    descriptors.push_back(denseDescriptor(p, in.shape));
  }
  std::vector<void *> packed;
  for (std::vector<int64_t> &d : descriptors)
    for (int64_t &field : d)
      packed.push_back(&field);
  size_t resultFields = 0;
  for (const HostArray &layout : compiled->resultLayouts)
    resultFields += 3 + 2 * layout.shape.size();
  std::vector<int64_t> resultStorage(std::max<size_t>(resultFields, 1), 0);
  if (!compiled->resultLayouts.empty())
    packed.push_back(resultStorage.data());

  RunResult result;
  result.policy = remat.policy;
  result.predictedPeakBytes = compiled->predictedPeakBytes;
  result.pipelinePeakBytes = compiled->pipelinePeakBytes;
  remat_cuda_reset_pool_stats();
  remat_cuda_pool_stats before = remat_cuda_get_pool_stats();
  if (remat_cuda_timer_start() != 0) {
    release();
    return deviceError(module, "starting the timer");
  }
  if (llvm::Error error = engine->invokePacked(entryName, packed)) {
    release();
    return emitError(module.getLoc())
           << "running @" << entryName
           << " failed: " << llvm::toString(std::move(error));
  }
  double ms = remat_cuda_timer_stop();
  remat_cuda_pool_stats stats = remat_cuda_get_pool_stats();
  if (remat_cuda_error()) {
    release();
    return deviceError(module, "running @" + entryName.str());
  }
  result.seconds = ms / 1000.0;
  result.measuredPeakBytes = stats.peak_bytes - before.live_bytes;
  result.numAllocs = stats.num_allocs;

  // Results: dense device buffers, copied back and freed (once: two
  // results may be one buffer).
  std::set<void *> freed;
  size_t field = 0;
  for (HostArray layout : compiled->resultLayouts) {
    size_t rank = layout.shape.size();
    void *allocated = reinterpret_cast<void *>(resultStorage[field]);
    layout.data.resize(layout.numElements() *
                       remat_runtime::npy::elementSize(layout.dtype));
    if (remat_cuda_copy_to_host(layout.data.data(), allocated,
                                layout.data.size())) {
      release();
      return deviceError(module, "copying a result to the host");
    }
    if (freed.insert(allocated).second)
      remat_cuda_free(allocated);
    result.outputs.push_back(std::move(layout));
    field += 3 + 2 * rank;
  }
  // Frees of the call and of its results, before the inputs (allocated
  // before the statistics were reset) are released: comparable with the
  // allocations counted above.
  remat_cuda_pool_stats after = remat_cuda_get_pool_stats();
  release();
  result.numFrees = after.num_frees;
  result.badFrees = remat_cuda_get_pool_stats().bad_frees;
  return result;
}
