//===- Runner.h - what the CPU and GPU runners share -----------*- C++ -*-===//
//
// remat-run's two back ends (CpuRunner.h, GpuRunner.h) take the same steps
// before they lower: find the entry, check that its arguments and results
// can cross the host boundary, check the call graph, rematerialize with a
// policy, and predict the peak twice (right after the remat pipeline, and
// on the IR just before bufferization). prepareGraph does them once, so
// that the two back ends cannot drift; so do the host-array helpers.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_EXECUTIONENGINE_RUNNER_H
#define REMAT_EXECUTIONENGINE_RUNNER_H

#include "remat-runtime/Npy.h"
#include "remat/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"

#include <string>
#include <vector>

namespace mlir::remat {


/// The host value of one argument or result: an array (a 0-d array for a
/// scalar) in its NumPy form.
using HostArray = remat_runtime::npy::Array;

struct RunResult {
  MarkPolicy policy = MarkPolicy::None;
  uint64_t measuredPeakBytes = 0;
  int64_t predictedPeakBytes = 0;
  /// The memory timeline's peak right after the remat pipeline, on the
  /// tensor IR (what -remat-report says and what policy=budget bounds);
  /// predictedPeakBytes is the same analysis on the IR just before
  /// bufferization, after the lowering's own canonicalizing conversions.
  int64_t pipelinePeakBytes = 0;
  uint64_t numAllocs = 0, numFrees = 0, badFrees = 0;
  /// The LLVM optimization level the code was compiled at.
  unsigned optLevel = 0;
  double seconds = 0;
  std::vector<HostArray> outputs;
};

/// Prepares a process to use compileAndRun: initializes the native target,
/// registers every upstream and remat pass (the lowering is a textual
/// pipeline) and fills `registry` with every dialect, extension and LLVM IR
/// translation it needs. Call once, before creating the MLIRContext.
void initializeRunner(mlir::DialectRegistry &registry);

/// Describes `type` as a host array layout, or fails with a message.
mlir::LogicalResult describeType(mlir::Type type, HostArray &layout,
                                 std::string &error);

/// Checks that `inputs` match the arguments of `entry` one for one (dtype
/// and shape); emits a diagnostic naming the first that does not.
mlir::LogicalResult checkInputs(mlir::func::FuncOp entry,
                                const std::vector<HostArray> &inputs);

/// Deterministic pseudo-random inputs for the entry's arguments: uniform in
/// [-1, 1) for floats, [0, 100) for integers, fair coins for i1.
std::vector<HostArray> makeRandomInputs(mlir::func::FuncOp entry,
                                        uint64_t seed);

/// The optimization level chosen by the size of the graph: LLVM's loop
/// and scalar passes are superlinear in the size of the one function the
/// graph becomes. Measured on an imported 4-layer GPT-2 (2026-12-01, 2
/// cores): 2,755 ops compile in 0.6 s at -O0 and 9.5 s at -O2; 11,056 ops
/// (default-policy recomputations of an earlier release) in 3.5 s at -O0
/// and 470 s at -O1. Graphs of at most this many ops (nested ops counted,
/// after rematerialization) get -O2, larger ones -O0.
constexpr unsigned kAutoOptLevel = ~0u;
constexpr int64_t kAutoOptLevelMaxOps = 1000;

/// Runs a textual pipeline (the contents of builtin.module(...)) on
/// `module`; emits "<what>: ..." and fails if it does not parse or fails.
mlir::LogicalResult runPipeline(mlir::ModuleOp module, llvm::StringRef text,
                                llvm::StringRef what);

/// FNV-1a over the bytes of `array`, as 16 hex digits.
std::string checksum(const HostArray &array);
/// The sum of the elements, as doubles (for a human glance).
double elementSum(const HostArray &array);
/// The elements, for printing (first `limit`).
std::vector<double> elements(const HostArray &array, size_t limit);

/// A graph ready to be lowered: a clone of the caller's module whose entry
/// has been checked, rematerialized and prepared for bufferization
/// (getLowerToLLVMPreparePipeline).
struct PreparedGraph {
  OwningOpRef<ModuleOp> module;
  std::string entryName;
  /// Host layouts of the entry's arguments and results (data left empty).
  std::vector<HostArray> argLayouts, resultLayouts;
  /// The memory timeline's peak right after the remat pipeline, and on the
  /// IR just before bufferization (see RunResult).
  int64_t pipelinePeakBytes = 0, predictedPeakBytes = 0;

  func::FuncOp getEntry() {
    return module->lookupSymbol<func::FuncOp>(entryName);
  }
};

/// Which values may cross the host boundary: the CPU passes scalars by
/// value, the GPU path only ranked tensors. Results are ranked tensors on
/// both.
enum class HostArguments { TensorsAndScalars, TensorsOnly };

/// Clones `module` and prepares `entry`: checks its arguments and results
/// (and `inputs`, when given, against the arguments), the call graph,
/// rematerializes with `options` (nothing for policy=none) and runs the
/// lowering's preparation (with -remat-fuse-elementwise when
/// `fuseElementwise`). Emits a diagnostic and fails on any error.
FailureOr<PreparedGraph> prepareGraph(ModuleOp module, StringRef entry,
                                      const RematPipelineOptions &options,
                                      HostArguments arguments,
                                      const std::vector<HostArray> *inputs,
                                      bool fuseElementwise = false);

/// The expanded memref descriptor of a dense row-major buffer at `data`:
/// allocated, aligned, offset 0, sizes, strides.
std::vector<int64_t> denseDescriptor(void *data, ArrayRef<int64_t> shape);

/// Adds to a JIT's symbol table the soft-float conversions that LLVM calls
/// for `arith.truncf` to bf16 (`__truncsfbf2`, `__truncdfbf2`): compiler-rt
/// has them, but GCC 12's libgcc does not (GCC 13's does), so without them
/// any f32 -> bf16 conversion fails to link on such a host.
void addSoftFloatSymbols(llvm::orc::SymbolMap &map,
                         llvm::orc::MangleAndInterner &interner);

} // namespace mlir::remat

#endif // REMAT_EXECUTIONENGINE_RUNNER_H
