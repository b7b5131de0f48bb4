//===- Passes.h - remat passes ----------------------------------*- C++ -*-===//

#ifndef REMAT_TRANSFORMS_PASSES_H
#define REMAT_TRANSFORMS_PASSES_H

#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Transforms/Options.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"
#include <optional>
#include <string>

namespace mlir::remat {

/// Defaults of policy=peak's options (-remat-mark, -remat-pipeline,
/// remat-run): the other policies accept only these values.
constexpr double kDefaultMaxRecompute = 0.05;
constexpr double kDefaultMaxGrowth = 1.5;
/// flops-per-byte's default (peak and selective).
constexpr double kDefaultFlopsPerByte = 200.0;

#define GEN_PASS_DECL
#include "remat/Transforms/Passes.h.inc"

/// Checks the options of -remat-mark and -remat-pipeline together (each
/// enum's value is checked when it is parsed); returns the error message,
/// which says what is accepted, if they are wrong.
std::optional<std::string>
validateMarkOptions(MarkPolicy policy, double flopsPerByte, StringRef segments,
                    StringRef group, unsigned every, StringRef budget = "",
                    double maxRecompute = kDefaultMaxRecompute,
                    double maxGrowth = kDefaultMaxGrowth,
                    PeakPreference prefer = PeakPreference::Flops);

/// For a pass's initializeOptions override, around the errorHandler it
/// gives Base::initializeOptions: MLIR calls it with an empty message when
/// llvm::cl has already printed why a value does not parse (an enum's
/// unknown value, a number that is not one); only other messages are
/// forwarded, so llvm::cl's line is not followed by an empty "error:".
inline auto skipPrintedErrors(
    function_ref<LogicalResult(const Twine &)> errorHandler) {
  return [errorHandler](const Twine &message) -> LogicalResult {
    if (message.str().empty())
      return failure();
    return errorHandler(message);
  };
}

/// A parsed `budget=`: bytes, or a fraction of the unrematerialized peak.
struct BudgetSpec {
  bool isFraction = false;
  double value = 0;
  /// The budget in bytes for a graph whose unrematerialized peak is
  /// `peak`.
  int64_t resolve(int64_t peak) const;
};
/// Parses 12000, 16MiB, 2.5GiB, 3KB (bytes) or 0.5 (a fraction in (0, 1]).
std::optional<BudgetSpec> parseBudget(StringRef text);

#define GEN_PASS_REGISTRATION
#include "remat/Transforms/Passes.h.inc"

/// Options of -remat-pipeline: those of -remat-mark.
struct RematPipelineOptions
    : public PassPipelineOptions<RematPipelineOptions> {
  Option<MarkPolicy> policy{*this, "policy",
                            llvm::cl::desc("What to recompute"),
                            llvm::cl::init(MarkPolicy::Peak)};
  Option<double> maxRecompute{
      *this, "max-recompute",
      llvm::cl::desc("peak: the most recompute FLOPs, as a fraction of the "
                     "step's forward and backward FLOPs"),
      llvm::cl::init(kDefaultMaxRecompute)};
  Option<PeakPreference> prefer{
      *this, "prefer",
      llvm::cl::desc("peak: among the decisions of the lowest peak, the "
                     "fewest recompute FLOPs (flops) or the fewest saved "
                     "bytes (saved)"),
      llvm::cl::init(PeakPreference::Flops)};
  Option<double> maxGrowth{
      *this, "max-growth",
      llvm::cl::desc("peak: the most the function may grow by cloned ops "
                     "(1.5: by half)"),
      llvm::cl::init(kDefaultMaxGrowth)};
  Option<double> flopsPerByte{
      *this, "flops-per-byte",
      llvm::cl::desc("peak, selective: recompute only through ops with fewer "
                     "FLOPs per byte of output than this"),
      llvm::cl::init(kDefaultFlopsPerByte)};
  Option<std::string> segments{
      *this, "segments",
      llvm::cl::desc("segments: a number of segments, or 'sqrt'"),
      llvm::cl::init("")};
  Option<std::string> group{
      *this, "group",
      llvm::cl::desc("segments: a regex over location names"),
      llvm::cl::init("")};
  Option<unsigned> every{
      *this, "every",
      llvm::cl::desc("segments: checkpoint every K-th segment or group"),
      llvm::cl::init(1)};
  Option<std::string> budget{
      *this, "budget",
      llvm::cl::desc("budget: the peak to fit (bytes, 16MiB, or a fraction "
                     "of the unrematerialized peak)"),
      llvm::cl::init("")};
  Option<SolverChoice> solver{
      *this, "solver",
      llvm::cl::desc("budget: the search (all but fast search exhaustively "
                     "up to exact-limit candidate ops, when it fits "
                     "time-limit)"),
      llvm::cl::init(SolverChoice::Auto)};
  Option<unsigned> exactLimit{
      *this, "exact-limit",
      llvm::cl::desc("budget: the most candidate ops for the exhaustive "
                     "search"),
      llvm::cl::init(10)};
  Option<double> timeLimit{
      *this, "time-limit",
      llvm::cl::desc("budget: seconds the solver may take (estimated at "
                     "fixed rates; 0: no limit)"),
      llvm::cl::init(0)};
  Option<AttentionMode> attention{
      *this, "attention", llvm::cl::desc("Whether to tile attention first"),
      llvm::cl::init(AttentionMode::Untiled)};
  Option<int64_t> attentionBlockQ{
      *this, "attention-block-q",
      llvm::cl::desc("attention=tiled: query rows per tile"),
      llvm::cl::init(64)};
  Option<int64_t> attentionBlockK{
      *this, "attention-block-k",
      llvm::cl::desc("attention=tiled: key columns per tile"),
      llvm::cl::init(64)};
  Option<AccumulatorMode> accumulators{
      *this, "accumulators",
      llvm::cl::desc("Whether to tile 16-bit products' f32 accumulators "
                     "first"),
      llvm::cl::init(AccumulatorMode::Whole)};
  Option<bool> explain{
      *this, "explain",
      llvm::cl::desc("A remark on every forward op: recompute or save, and "
                     "why"),
      llvm::cl::init(false)};
};

/// Adds -remat-split-destinations, -remat-mark, -remat-materialize and
/// -remat-schedule to `pm` (on a module), configured by `options`; nothing
/// for policy=none. attention=tiled adds -remat-tile-attention first (after
/// -remat-split-destinations), with policy=none too.
void buildRematPipeline(OpPassManager &pm, const RematPipelineOptions &options);

/// Registers -remat-pipeline.
void registerRematPipeline();

} // namespace mlir::remat

#endif // REMAT_TRANSFORMS_PASSES_H
