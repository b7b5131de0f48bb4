//===- Options.h - the enum options of remat's passes -----------*- C++ -*-===//
//
// The options of -remat-mark, -remat-pipeline, -remat-pareto,
// -remat-report and the tools
// (remat-run, remat-difftest) whose values are a fixed set. Each table is
// the one place naming its enum's values (EnumOption.h): --help lists them
// from it, parsing and printing go through it, and so does each error.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_TRANSFORMS_OPTIONS_H
#define REMAT_TRANSFORMS_OPTIONS_H

#include "remat/Support/EnumOption.h"

namespace mlir::remat {

/// policy= of -remat-mark and -remat-pipeline, --policy of remat-run: how
/// -remat-mark decides what to recompute (Passes.td describes each).
enum class MarkPolicy { Peak, None, Manual, Selective, Segments, Budget };

/// prefer= of policy=peak: what decides among the decisions of the lowest
/// peak.
enum class PeakPreference { Flops, Saved };

/// solver= of policy=budget and -remat-pareto: the search beyond the
/// exhaustive one (BudgetSolver is the one chosen per graph).
enum class SolverChoice { Auto, Exact, Milp, Fast };

/// attention= of -remat-pipeline, --attention of remat-run.
enum class AttentionMode { Untiled, Tiled };

/// accumulators= of -remat-pipeline, --accumulators of remat-run.
enum class AccumulatorMode { Whole, Tiled };

/// format= of -remat-report.
enum class ReportFormat { Text, Json };

/// format= of -remat-pareto.
enum class ParetoFormat { Auto, Json, Csv };

} // namespace mlir::remat

REMAT_ENUM_OPTION(
    ::mlir::remat::MarkPolicy,
    clEnumValN(::mlir::remat::MarkPolicy::Peak, "peak",
               "recompute only where it lowers the step's peak, within "
               "max-recompute and max-growth"),
    clEnumValN(::mlir::remat::MarkPolicy::None, "none", "change nothing"),
    clEnumValN(::mlir::remat::MarkPolicy::Manual, "manual",
               "only the user's remat.policy attributes; the rest is saved"),
    clEnumValN(::mlir::remat::MarkPolicy::Selective, "selective",
               "the fewest saved bytes (a min-cut), recomputing through ops "
               "under flops-per-byte"),
    clEnumValN(::mlir::remat::MarkPolicy::Segments, "segments",
               "checkpointing: segments=N|sqrt or group=REGEX"),
    clEnumValN(::mlir::remat::MarkPolicy::Budget, "budget",
               "the fewest recompute FLOPs whose peak fits budget=SIZE"))

REMAT_ENUM_OPTION(
    ::mlir::remat::PeakPreference,
    clEnumValN(::mlir::remat::PeakPreference::Flops, "flops",
               "the fewest recompute FLOPs: nothing is recomputed that does "
               "not lower the peak"),
    clEnumValN(::mlir::remat::PeakPreference::Saved, "saved",
               "the fewest bytes saved for backward, then FLOPs, within "
               "max-recompute (what a framework holding its own results, "
               "such as PyTorch, gets back)"))

REMAT_ENUM_OPTION(
    ::mlir::remat::SolverChoice,
    clEnumValN(::mlir::remat::SolverChoice::Auto, "auto",
               "beyond the exhaustive search, the fast solver"),
    clEnumValN(::mlir::remat::SolverChoice::Exact, "exact",
               "beyond the exhaustive search, remat's branch and bound over "
               "the model's exact frontier"),
    clEnumValN(::mlir::remat::SolverChoice::Milp, "milp",
               "beyond the exhaustive search, the MILP through CBC, with its "
               "proven gap (an error in a build without CBC)"),
    clEnumValN(::mlir::remat::SolverChoice::Fast, "fast",
               "the fast solver only (greedy path, min-cut points, capped "
               "frontier sweep)"))

REMAT_ENUM_OPTION(
    ::mlir::remat::AttentionMode,
    clEnumValN(::mlir::remat::AttentionMode::Untiled, "untiled",
               "attention as written"),
    clEnumValN(::mlir::remat::AttentionMode::Tiled, "tiled",
               "-remat-tile-attention first: FlashAttention's tiles "
               "(changes the summation order)"))

REMAT_ENUM_OPTION(
    ::mlir::remat::AccumulatorMode,
    clEnumValN(::mlir::remat::AccumulatorMode::Whole, "whole",
               "accumulators as written"),
    clEnumValN(::mlir::remat::AccumulatorMode::Tiled, "tiled",
               "-remat-tile-accumulators first: 16-bit products' f32 sums in "
               "row blocks (bit-identical)"))

REMAT_ENUM_OPTION(
    ::mlir::remat::ReportFormat,
    clEnumValN(::mlir::remat::ReportFormat::Text, "text",
               "a summary per function"),
    clEnumValN(::mlir::remat::ReportFormat::Json, "json",
               "one JSON document {\"functions\": [...]} (docs/Report.md)"))

REMAT_ENUM_OPTION(
    ::mlir::remat::ParetoFormat,
    clEnumValN(::mlir::remat::ParetoFormat::Auto, "auto",
               "csv when the file's name ends in .csv, else json"),
    clEnumValN(::mlir::remat::ParetoFormat::Json, "json",
               "one JSON document {\"functions\": [...]}, the points of "
               "each"),
    clEnumValN(::mlir::remat::ParetoFormat::Csv, "csv",
               "one row per point: function,budget_bytes,peak_bytes,"
               "recompute_flops"))

namespace mlir::remat {

template <>
inline std::string unknownEnumValue<MarkPolicy>(llvm::StringRef,
                                                llvm::StringRef value) {
  return "remat: unknown policy '" + value.str() +
         "'; accepted policies: " + enumNames<MarkPolicy>();
}

template <>
inline std::string unknownEnumValue<SolverChoice>(llvm::StringRef,
                                                  llvm::StringRef value) {
  return "remat: unknown solver '" + value.str() +
         "'; accepted: " + enumNames<SolverChoice>();
}

template <>
inline std::string unknownEnumValue<ReportFormat>(llvm::StringRef,
                                                  llvm::StringRef value) {
  return "remat-report: unknown format '" + value.str() + "'; expected " +
         enumNames<ReportFormat>(", ", " or ", /*quote=*/true);
}

template <>
inline std::string unknownEnumValue<ParetoFormat>(llvm::StringRef,
                                                  llvm::StringRef value) {
  return "remat-pareto: unknown format '" + value.str() + "'; expected " +
         enumNames<ParetoFormat>(", ", " or ");
}

} // namespace mlir::remat

#endif // REMAT_TRANSFORMS_OPTIONS_H
