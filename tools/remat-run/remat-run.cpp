//===- remat-run.cpp - run a training graph on the CPU and measure it -----===//
//
//   remat-run graph.mlir --entry train --policy=selective --compare-policy=none
//
// Compiles the graph in-process (remat pipeline, -remat-lower-to-llvm, MLIR's
// ExecutionEngine), runs it on deterministic random inputs or .npy files,
// and reports the compiled code's measured peak heap next to the memory
// timeline's prediction, and, with --compare-policy, whether the outputs are
// bitwise identical to another policy's.
//
//===----------------------------------------------------------------------===//

#include "remat/ExecutionEngine/CpuRunner.h"
#ifdef REMAT_ENABLE_CUDA
#include "remat/ExecutionEngine/GpuRunner.h"
#endif
#include "remat/Analysis/MemoryReport.h"
#include "remat/Conversion/Passes.h"
#include "remat/InitRemat.h"
#include "remat/Support/InputGuard.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include <cmath>
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

namespace {
/// --backend.
enum class Backend { Cpu, Cuda };
} // namespace

REMAT_ENUM_OPTION(Backend,
                  clEnumValN(Backend::Cpu, "cpu", "the CPU, JIT-compiled"),
                  clEnumValN(Backend::Cuda, "cuda",
                             "the GPU lowering (-remat-lower-to-nvvm) and "
                             "remat's CUDA runtime"))

using namespace mlir;
using namespace mlir::remat;
namespace cl = llvm::cl;

static cl::OptionCategory category("remat-run options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<graph.mlir>"),
                                      cl::Required, cl::cat(category));
static cl::opt<std::string> entryName(
    "entry", cl::desc("The function to run (default: the only one with a body)"),
    cl::cat(category));
static cl::opt<MarkPolicy> policy("policy",
                                  cl::desc("Rematerialization policy "
                                           "(default: none)"),
                                  cl::init(MarkPolicy::None), cl::cat(category));
static cl::opt<double> flopsPerByte("flops-per-byte",
                                    cl::desc("As in -remat-pipeline"),
                                    cl::init(200.0), cl::cat(category));
static cl::opt<std::string> segments("segments",
                                     cl::desc("As in -remat-pipeline"),
                                     cl::cat(category));
static cl::opt<std::string> group("group", cl::desc("As in -remat-pipeline"),
                                  cl::cat(category));
static cl::opt<unsigned> every("every", cl::desc("As in -remat-pipeline"),
                               cl::init(1), cl::cat(category));
static cl::opt<double> maxRecompute("max-recompute",
                                    cl::desc("As in -remat-pipeline (policy=peak)"),
                                    cl::init(remat::kDefaultMaxRecompute),
                                    cl::cat(category));
static cl::opt<double> maxGrowth("max-growth",
                                 cl::desc("As in -remat-pipeline (policy=peak)"),
                                 cl::init(remat::kDefaultMaxGrowth),
                                 cl::cat(category));
static cl::opt<PeakPreference> prefer(
    "prefer", cl::desc("As in -remat-pipeline (policy=peak; default: flops)"),
    cl::init(PeakPreference::Flops), cl::cat(category));
static cl::opt<std::string> budget("budget",
                                   cl::desc("As in -remat-pipeline (policy=budget)"),
                                   cl::cat(category));
static cl::opt<SolverChoice> solver(
    "solver", cl::desc("As in -remat-pipeline (policy=budget; default: auto)"),
    cl::init(SolverChoice::Auto), cl::cat(category));
static cl::opt<double> timeLimit("time-limit",
                                 cl::desc("As in -remat-pipeline (policy=budget)"),
                                 cl::init(0), cl::cat(category));
static cl::opt<AttentionMode> attention(
    "attention",
    cl::desc("Whether to tile attention first (default: untiled; "
             "--compare-policy runs untiled)"),
    cl::init(AttentionMode::Untiled), cl::cat(category));
static cl::opt<int64_t> attentionBlockQ(
    "attention-block-q", cl::desc("--attention=tiled: query rows per tile"),
    cl::init(64), cl::cat(category));
static cl::opt<int64_t> attentionBlockK(
    "attention-block-k", cl::desc("--attention=tiled: key columns per tile"),
    cl::init(64), cl::cat(category));
static cl::opt<AccumulatorMode> accumulators(
    "accumulators",
    cl::desc("Whether to tile 16-bit products' f32 accumulators first "
             "(default: whole; --compare-policy runs whole)"),
    cl::init(AccumulatorMode::Whole), cl::cat(category));
static cl::opt<uint64_t> seed("seed",
                              cl::desc("Seed of the random inputs (default 0)"),
                              cl::init(0), cl::cat(category));
static cl::opt<std::string> inputsDir(
    "inputs", cl::desc("Read argument N from DIR/argN.npy instead"),
    cl::cat(category));
static cl::opt<std::string> outputsDir(
    "outputs", cl::desc("Write result N to DIR/outN.npy"), cl::cat(category));
static cl::opt<bool> overwrite(
    "overwrite",
    cl::desc("With --outputs: write into a non-empty folder, first removing "
             "the outN.npy files of an earlier run"),
    cl::cat(category));
static cl::opt<MarkPolicy> comparePolicy(
    "compare-policy",
    cl::desc("Also run with this policy and compare outputs bitwise"),
    cl::cat(category));

/// --compare-policy, if given.
static std::optional<MarkPolicy> comparedPolicy() {
  if (!comparePolicy.getNumOccurrences())
    return std::nullopt;
  return comparePolicy.getValue();
}
static cl::opt<int> optLevel(
    "opt-level",
    cl::desc("LLVM optimization level of the compiled code, 0-3 (default: 2 "
             "for graphs of at most 1000 ops after rematerialization, 0 "
             "above: -O1/-O2 compile times grow superlinearly, 470 s at 11k "
             "ops, while -O0 takes seconds)"),
    cl::init(-1), cl::cat(category));
static cl::opt<Backend> backend("backend",
                                cl::desc("Where to run (default: cpu)"),
                                cl::init(Backend::Cpu), cl::cat(category));
static cl::opt<std::string> compileOnly(
    "compile-only",
    cl::desc("With --backend=cuda: write DIR/<entry>.o (host code, kernels "
             "embedded) and DIR/<entry>_graph.cpp (its aot/remat-graph.h "
             "wrapper) instead of running"),
    cl::cat(category));
static cl::opt<std::string> writeInputs(
    "write-inputs", cl::desc("Write argument N to DIR/argN.npy"),
    cl::cat(category));
static cl::opt<std::string> chip("chip", cl::desc("--backend=cuda: sm_XX"),
                                 cl::init("sm_90"), cl::cat(category));
static cl::opt<std::string> features(
    "features", cl::desc("--backend=cuda: PTX features"), cl::init("+ptx80"),
    cl::cat(category));
static cl::opt<GpuBinaryFormat> gpuFormat(
    "gpu-format",
    cl::desc("--backend=cuda: what gpu.binary holds (default: auto)"),
    cl::init(GpuBinaryFormat::Auto), cl::cat(category));
static cl::opt<int64_t> blockSize("block-size",
                                  cl::desc("--backend=cuda: threads per block"),
                                  cl::init(256), cl::cat(category));
static cl::opt<int64_t> vectorWidth(
    "vector-width",
    cl::desc("--backend=cuda: elements per thread of elementwise kernels "
             "with contiguous accesses (vector loads; 1, 2, 4 or 8)"),
    cl::init(4), cl::cat(category));
static cl::opt<bool> cublas("cublas",
                            cl::desc("--backend=cuda: matmuls with cuBLAS"),
                            cl::init(true), cl::cat(category));
static cl::opt<bool> fuseElementwise(
    "fuse-elementwise",
    cl::desc("Fuse elementwise producers into their only consumer where the "
             "predicted peak allows (-remat-fuse-elementwise); default: on "
             "with --backend=cuda, off on the CPU"),
    cl::cat(category));
static cl::opt<bool> json("json", cl::desc("Print one JSON object"),
                          cl::cat(category));
static cl::opt<bool> printOutputs(
    "print-outputs", cl::desc("Print the first 16 elements of each output"),
    cl::cat(category));

/// Pipeline options (not copyable) for policy `name`, from the flags.
static std::unique_ptr<remat::RematPipelineOptions>
pipelineOptions(MarkPolicy name) {
  auto options = std::make_unique<remat::RematPipelineOptions>();
  options->policy = name;
  options->flopsPerByte = flopsPerByte;
  if (name == MarkPolicy::Peak) {
    options->maxRecompute = maxRecompute;
    options->maxGrowth = maxGrowth;
    options->prefer = prefer;
  }
  if (name == MarkPolicy::Segments) {
    options->segments = segments;
    options->group = group;
  }
  if (name == MarkPolicy::Budget) {
    options->budget = budget;
    options->solver = solver;
    options->timeLimit = timeLimit;
  }
  options->every = every;
  return options;
}

/// The options of --policy: the flags, with --attention and --accumulators.
static std::unique_ptr<remat::RematPipelineOptions>
mainPipelineOptions(MarkPolicy name) {
  std::unique_ptr<remat::RematPipelineOptions> options = pipelineOptions(name);
  options->attention = attention;
  options->attentionBlockQ = attentionBlockQ;
  options->attentionBlockK = attentionBlockK;
  options->accumulators = accumulators;
  return options;
}

#ifdef REMAT_ENABLE_CUDA
static std::unique_ptr<remat::RematLowerToNVVMOptions> loweringOptions() {
  auto options = std::make_unique<remat::RematLowerToNVVMOptions>();
  options->chip = chip;
  options->features = features;
  options->format = gpuFormat;
  options->blockSize = blockSize;
  options->vectorWidth = vectorWidth;
  options->cublas = cublas;
  options->fuse = fuseElementwise.getNumOccurrences() ? fuseElementwise : true;
  return options;
}

#endif // REMAT_ENABLE_CUDA

/// Compiles or runs on the GPU, as the flags say.
/// `tiled`: with --attention (the compared run never has it).
static FailureOr<RunResult> compileOrRun(ModuleOp module, StringRef name,
                                         MarkPolicy policyName,
                                         const std::vector<HostArray> &inputs,
                                         bool tiled = false) {
  if (backend == Backend::Cpu)
    return compileAndRun(module, name,
                         tiled ? *mainPipelineOptions(policyName)
                               : *pipelineOptions(policyName),
                         inputs,
                         optLevel < 0 ? kAutoOptLevel
                                      : unsigned(optLevel),
                         fuseElementwise);
#ifdef REMAT_ENABLE_CUDA
  return compileAndRunOnGpu(module, name,
                            tiled ? *mainPipelineOptions(policyName)
                                  : *pipelineOptions(policyName),
                            *loweringOptions(), inputs);
#else
  return emitError(module.getLoc())
         << "--backend=cuda: remat was built without REMAT_ENABLE_CUDA";
#endif
}

/// --backend=cuda --compile-only=DIR.
static int writeAheadOfTime(ModuleOp module, StringRef name) {
#ifndef REMAT_ENABLE_CUDA
  llvm::errs() << "remat-run: error: --compile-only: remat was built without "
                  "REMAT_ENABLE_CUDA\n";
  return 1;
#else
  FailureOr<GpuCompileResult> compiled = compileForGpu(
      module, name, *mainPipelineOptions(policy), *loweringOptions());
  if (failed(compiled))
    return 1;
  if (std::error_code ec = llvm::sys::fs::create_directories(compileOnly)) {
    llvm::errs() << "remat-run: error: cannot create '" << compileOnly
                 << "': " << ec.message() << "\n";
    return 1;
  }
  SmallString<128> object(compileOnly), wrapper(compileOnly);
  llvm::sys::path::append(object, name + ".o");
  llvm::sys::path::append(wrapper, name + "_graph.cpp");
  std::string error;
  if (failed(emitObjectFile(*compiled->module, object, error))) {
    llvm::errs() << "remat-run: error: " << error << "\n";
    return 1;
  }
  std::error_code ec;
  llvm::raw_fd_ostream out(wrapper, ec);
  if (ec) {
    llvm::errs() << "remat-run: error: cannot write '" << wrapper
                 << "': " << ec.message() << "\n";
    return 1;
  }
  out << generateWrapper(name, llvm::sys::path::filename(inputFile),
                         enumName(policy.getValue()), chip, *compiled);
  llvm::outs() << "wrote " << object << " and " << wrapper
               << " (predicted peak " << compiled->predictedPeakBytes
               << " B)\n";
  return 0;
#endif
}

static std::string typeText(const HostArray &array) {
  std::string s = "tensor<";
  for (int64_t d : array.shape)
    s += std::to_string(d) + "x";
  return s + remat_runtime::npy::mlirName(array.dtype) + ">";
}

static llvm::json::Object runJSON(const RunResult &run) {
  llvm::json::Array outputs;
  for (const HostArray &out : run.outputs) {
    llvm::json::Array shape;
    for (int64_t d : out.shape)
      shape.push_back(d);
    outputs.push_back(llvm::json::Object{{"shape", std::move(shape)},
                                         {"dtype", remat_runtime::npy::mlirName(out.dtype)},
                                         {"checksum", checksum(out)},
                                         {"sum", std::isfinite(elementSum(out))
                                                     ? llvm::json::Value(elementSum(out))
                                                     : llvm::json::Value(nullptr)}});
  }
  return llvm::json::Object{
      {"policy", enumName(run.policy)},
      {"opt_level", int64_t(run.optLevel)},
      {"measured_peak_bytes", static_cast<int64_t>(run.measuredPeakBytes)},
      {"predicted_peak_bytes", run.predictedPeakBytes},
      {"pipeline_peak_bytes", run.pipelinePeakBytes},
      {"time_s", run.seconds},
      {"num_allocs", static_cast<int64_t>(run.numAllocs)},
      {"num_frees", static_cast<int64_t>(run.numFrees)},
      {"bad_frees", static_cast<int64_t>(run.badFrees)},
      {"outputs", std::move(outputs)},
  };
}

static bool bitwiseEqual(const RunResult &a, const RunResult &b) {
  if (a.outputs.size() != b.outputs.size())
    return false;
  for (auto [x, y] : llvm::zip(a.outputs, b.outputs))
    if (x.dtype != y.dtype || x.shape != y.shape || x.data != y.data)
      return false;
  return true;
}

static int fail(const llvm::Twine &message) {
  llvm::errs() << "remat-run: error: " << message << "\n";
  return 1;
}

/// Flags that contradict each other or are out of range; nothing is read
/// or written before they are all accepted.
static std::optional<std::string> checkFlags() {
  if (optLevel.getNumOccurrences() && (optLevel < 0 || optLevel > 3))
    return "--opt-level must be 0, 1, 2 or 3, got " + std::to_string(optLevel);
  if (!compileOnly.empty() && backend != Backend::Cuda)
    return std::string("--compile-only needs --backend=cuda");
  // A flag that only one policy reads is an error under the others, not
  // silently ignored (as -remat-pipeline does).
  auto usedBy = [&](MarkPolicy flagPolicy) {
    return policy == flagPolicy || comparedPolicy() == flagPolicy;
  };
  for (auto [flag, flagPolicy] :
       {std::pair<cl::Option *, MarkPolicy>{&budget, MarkPolicy::Budget},
        {&solver, MarkPolicy::Budget},
        {&timeLimit, MarkPolicy::Budget},
        {&segments, MarkPolicy::Segments},
        {&maxRecompute, MarkPolicy::Peak},
        {&maxGrowth, MarkPolicy::Peak},
        {&prefer, MarkPolicy::Peak},
        {&group, MarkPolicy::Segments}})
    if (flag->getNumOccurrences() && !usedBy(flagPolicy)) {
      std::string name = enumName(flagPolicy).str();
      return "--" + flag->ArgStr.str() + " only applies to --policy=" + name +
             " (or --compare-policy=" + name + "), got --policy=" +
             enumName(policy.getValue()).str();
    }
  if (overwrite && outputsDir.empty())
    return std::string("--overwrite only applies with --outputs");
  if (attentionBlockQ < 1 || attentionBlockK < 1)
    return std::string("--attention-block-q and --attention-block-k must be "
                       "at least 1");
  SmallVector<MarkPolicy, 2> runPolicies = {policy.getValue()};
  if (std::optional<MarkPolicy> compared = comparedPolicy())
    runPolicies.push_back(*compared);
  for (MarkPolicy name : runPolicies) {
    bool segmented = name == MarkPolicy::Segments;
    bool peak = name == MarkPolicy::Peak;
    if (std::optional<std::string> error = remat::validateMarkOptions(
            name, flopsPerByte, segmented ? StringRef(segments) : "",
            segmented ? StringRef(group) : "", every,
            name == MarkPolicy::Budget ? StringRef(budget) : "",
            peak ? double(maxRecompute) : remat::kDefaultMaxRecompute,
            peak ? double(maxGrowth) : remat::kDefaultMaxGrowth,
            peak ? prefer.getValue() : PeakPreference::Flops))
      return error;
  }
  return std::nullopt;
}

/// Results must not mix with an earlier run's: refuses a folder with
/// anything in it, unless told to replace what remat-run wrote there.
static std::optional<std::string> prepareOutputsDir() {
  if (outputsDir.empty() || !llvm::sys::fs::is_directory(outputsDir))
    return std::nullopt;
  std::error_code ec;
  SmallVector<std::string> ours;
  bool others = false;
  for (llvm::sys::fs::directory_iterator it(outputsDir, ec), end;
       it != end && !ec; it.increment(ec)) {
    StringRef file = llvm::sys::path::filename(it->path());
    StringRef digits = file;
    if (digits.consume_front("out") && digits.consume_back(".npy") &&
        !digits.empty() && llvm::all_of(digits, llvm::isDigit))
      ours.push_back(it->path());
    else
      others = true;
  }
  if (ec)
    return "cannot read '" + outputsDir + "': " + ec.message();
  if ((others || !ours.empty()) && !overwrite)
    return "--outputs folder '" + outputsDir +
           "' is not empty (pass --overwrite to replace the outN.npy files of "
           "an earlier run)";
  for (const std::string &path : ours)
    if (std::error_code rm = llvm::sys::fs::remove(path))
      return "cannot remove '" + path + "': " + rm.message();
  if (!ours.empty())
    llvm::errs() << "remat-run: removed " << ours.size()
                 << " outN.npy file(s) of an earlier run from '" << outputsDir
                 << "'\n";
  return std::nullopt;
}

/// The entry: named, or the only function with a body that no other calls
/// (helpers are not entries). Errors are printed.
static FailureOr<func::FuncOp> findEntry(ModuleOp module) {
  if (!entryName.empty()) {
    auto entry = module.lookupSymbol<func::FuncOp>(entryName);
    if (!entry || entry.isExternal()) {
      fail("no function @" + entryName + " with a body in " + inputFile);
      return failure();
    }
    return entry;
  }
  DenseSet<Operation *> called;
  if (failed(remat::checkCallGraph(module, &called)))
    return failure();
  SmallVector<func::FuncOp> candidates;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal() && !called.contains(func))
      candidates.push_back(func);
  if (candidates.size() != 1) {
    fail("the module has " + llvm::Twine(candidates.size()) +
         " functions with a body that no other calls; choose one with "
         "--entry");
    return failure();
  }
  return candidates.front();
}

/// `arrays` as DIR/<prefix>N.npy, when `dir` is set. Errors are printed.
static LogicalResult writeArrays(StringRef dir, StringRef prefix,
                                 ArrayRef<HostArray> arrays) {
  if (dir.empty())
    return success();
  if (std::error_code ec = llvm::sys::fs::create_directories(dir)) {
    fail("cannot create '" + dir + "': " + ec.message());
    return failure();
  }
  for (auto [i, array] : llvm::enumerate(arrays)) {
    SmallString<128> path(dir);
    llvm::sys::path::append(path, prefix + llvm::Twine(i) + ".npy");
    std::string error;
    if (!remat_runtime::npy::write(std::string(path), array, error)) {
      fail(error);
      return failure();
    }
  }
  return success();
}

/// The entry's inputs: the .npy files of --inputs, or seeded random
/// values; written to --write-inputs when asked. Errors are printed.
static FailureOr<std::vector<HostArray>> loadInputs(func::FuncOp entry) {
  std::string name = entry.getSymName().str();
  std::vector<HostArray> inputs;
  if (!inputsDir.empty()) {
    for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
      SmallString<128> path(inputsDir);
      llvm::sys::path::append(path, "arg" + std::to_string(i) + ".npy");
      HostArray array;
      std::string error;
      if (!remat_runtime::npy::read(std::string(path), array, error)) {
        fail(error);
        return failure();
      }
      // A bf16 argument comes as f32 (NumPy has no bf16), rounded here;
      // any other dtype, or a shape that differs (the error then names the
      // file's f32, not a bf16 it never held), is named by the input check.
      auto argType =
          dyn_cast<RankedTensorType>(entry.getArgumentTypes()[i]);
      if (argType && argType.getElementType().isBF16() &&
          array.dtype == remat_runtime::npy::DType::F32 &&
          llvm::equal(array.shape, argType.getShape()))
        (void)remat_runtime::npy::toBF16(array, error);
      inputs.push_back(std::move(array));
    }
  } else {
    for (auto [i, type] : llvm::enumerate(entry.getArgumentTypes())) {
      HostArray layout;
      std::string error;
      if (failed(describeType(type, layout, error)))
        return entry.emitError() << "argument #" << i << " of @" << name
                                 << ": " << error;
    }
    inputs = makeRandomInputs(entry, seed);
  }
  if (failed(writeArrays(writeInputs, "arg", inputs)))
    return failure();
  return inputs;
}

static double peakRatio(const RunResult &run, const RunResult &other) {
  return other.measuredPeakBytes
             ? double(run.measuredPeakBytes) / double(other.measuredPeakBytes)
             : 0.0;
}

static void printJSON(StringRef name, const RunResult &run,
                      const std::optional<RunResult> &other, bool equal) {
  llvm::json::Object object = runJSON(run);
  object["entry"] = name;
  if (other) {
    llvm::json::Object compare = runJSON(*other);
    compare["bitwise_equal"] = equal;
    compare["peak_ratio"] = peakRatio(run, *other);
    compare.erase("outputs");
    object["compare"] = std::move(compare);
  }
  llvm::outs() << llvm::formatv("{0:2}", llvm::json::Value(std::move(object)))
               << "\n";
}

static void printText(StringRef name, const RunResult &run,
                      const std::optional<RunResult> &other, bool equal) {
  auto describe = [&](const RunResult &r) {
    llvm::outs() << "@" << name << " with policy=" << enumName(r.policy)
                 << "\n"
                 << "  measured peak:  " << r.measuredPeakBytes << " B ("
                 << remat::formatBytes(r.measuredPeakBytes) << ")\n"
                 << "  predicted peak: " << r.predictedPeakBytes << " B ("
                 << remat::formatBytes(r.predictedPeakBytes) << ")\n"
                 << "  allocations:    " << r.numAllocs << ", frees "
                 << r.numFrees << "\n"
                 << "  time:           " << llvm::formatv("{0:f4}", r.seconds)
                 << " s\n";
  };
  describe(run);
  for (auto [i, out] : llvm::enumerate(run.outputs)) {
    llvm::outs() << "  out" << i << ": " << typeText(out) << " checksum "
                 << checksum(out) << " sum " << llvm::formatv("{0:e}", elementSum(out))
                 << "\n";
    if (printOutputs) {
      llvm::outs() << "    [";
      llvm::interleaveComma(elements(out, 16), llvm::outs(),
                            [&](double v) { llvm::outs() << llvm::format("%g", v); });
      llvm::outs() << (out.numElements() > 16 ? ", ...]\n" : "]\n");
    }
  }
  if (other) {
    describe(*other);
    llvm::outs() << "outputs " << (equal ? "bitwise identical" : "DIFFER")
                 << "; peak ratio " << enumName(policy.getValue()) << "/"
                 << enumName(comparePolicy.getValue()) << " = "
                 << llvm::formatv("{0:f4}", peakRatio(run, *other)) << "\n";
  }
}

static int compileAndRunInput();

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "remat-run: compile a training graph, run it on the CPU, measure its "
      "peak memory\n");
  if (std::optional<std::string> error = checkFlags())
    return fail(*error);
  if (std::optional<std::string> error = prepareOutputsDir())
    return fail(*error);
  // A large stack, so that no input within the nesting limit exhausts it
  // (remat/Support/InputGuard.h).
  return runWithLargeStack(compileAndRunInput);
}

static int compileAndRunInput() {
  DialectRegistry registry;
  initializeRunner(registry);
#ifdef REMAT_ENABLE_CUDA
  initializeGpuRunner(registry);
#endif
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // A diagnostic's location says where; the op itself printed after it (a
  // whole training graph for an input that does not match) buries it.
  context.printOpOnDiagnostic(false);

  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  std::string openError;
  auto file = openInputFile(inputFile, &openError);
  if (!file)
    return fail(openError);
  OwningOpRef<ModuleOp> module =
      parseGuardedModule(std::move(file), sourceMgr, context);
  if (!module)
    return 1;

  FailureOr<func::FuncOp> entry = findEntry(*module);
  if (failed(entry))
    return 1;
  std::string name = entry->getSymName().str();
  FailureOr<std::vector<HostArray>> inputs = loadInputs(*entry);
  if (failed(inputs))
    return 1;
  if (!compileOnly.empty())
    return writeAheadOfTime(*module, name);

  FailureOr<RunResult> run =
      compileOrRun(*module, name, policy, *inputs, /*tiled=*/true);
  if (failed(run))
    return 1;
  std::optional<RunResult> other;
  if (comparedPolicy()) {
    FailureOr<RunResult> second =
        compileOrRun(*module, name, comparePolicy, *inputs);
    if (failed(second))
      return 1;
    other = std::move(*second);
  }
  if (failed(writeArrays(outputsDir, "out", run->outputs)))
    return 1;

  bool equal = other && bitwiseEqual(*run, *other);
  if (json)
    printJSON(name, *run, other, equal);
  else
    printText(name, *run, other, equal);
  // Outputs that differ between two policies are what remat must never
  // cause: a script checking the exit status saw 0. (Tiled attention sums
  // in another order: its last bits differ by design.)
  if (other && !equal && attention != AttentionMode::Tiled) {
    llvm::errs() << "remat-run: the outputs of policy="
                 << enumName(policy.getValue()) << " and policy="
                 << enumName(comparePolicy.getValue())
                 << " differ (exit status 2)\n";
    return 2;
  }
  return 0;
}
