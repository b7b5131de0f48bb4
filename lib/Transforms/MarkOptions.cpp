//===- MarkOptions.cpp - the options of -remat-mark and the pipeline --------===//
//
// Parsed and checked once, here, for -remat-mark, -remat-pipeline,
// -remat-pareto and the tools that forward them (remat-run, remat-difftest):
// every bad value gets the same message wherever it was typed.
//
//===----------------------------------------------------------------------===//

#include "Policies.h"

using namespace mlir;
using namespace mlir::remat;
using namespace mlir::remat::policies;

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"

#include <cmath>

int64_t mlir::remat::BudgetSpec::resolve(int64_t peak) const {
  return isFraction ? static_cast<int64_t>(value * static_cast<double>(peak))
                    : static_cast<int64_t>(value);
}

std::optional<BudgetSpec> mlir::remat::parseBudget(StringRef text) {
  text = text.trim();
  static const std::pair<const char *, double> units[] = {
      {"KiB", 1024.0},         {"MiB", 1024.0 * 1024},
      {"GiB", 1024.0 * 1024 * 1024}, {"TiB", 1024.0 * 1024 * 1024 * 1024},
      {"KB", 1e3},             {"MB", 1e6},
      {"GB", 1e9},             {"TB", 1e12},
      {"B", 1.0}};
  double scale = 0;
  for (auto [suffix, factor] : units)
    if (text.consume_back(suffix)) {
      scale = factor;
      break;
    }
  double number;
  if (text.trim().getAsDouble(number) || !(number >= 0) || std::isinf(number))
    return std::nullopt;
  BudgetSpec spec;
  if (scale) {
    spec.value = number * scale;
  } else if (text.contains('.') || text.contains('e')) {
    // A plain non-integer is a fraction of the unrematerialized peak.
    if (!(number > 0 && number <= 1))
      return std::nullopt;
    spec.isFraction = true;
    spec.value = number;
  } else {
    spec.value = number;
  }
  if (!spec.isFraction && spec.value > 9.0e18)
    return std::nullopt;
  return spec;
}

std::optional<std::string>
mlir::remat::validateMarkOptions(MarkPolicy policy, double flopsPerByte,
                                 StringRef segments, StringRef group,
                                 unsigned every, StringRef budget,
                                 double maxRecompute, double maxGrowth,
                                 PeakPreference prefer) {
  std::string prefix = "remat: ";
  if (!(maxRecompute >= 0) || std::isinf(maxRecompute))
    return prefix + "max-recompute must be a finite fraction >= 0, got " +
           std::to_string(maxRecompute);
  if (!(maxGrowth >= 1) || std::isinf(maxGrowth))
    return prefix + "max-growth must be a finite number >= 1, got " +
           std::to_string(maxGrowth);
  if (policy != MarkPolicy::Peak && (maxRecompute != kDefaultMaxRecompute ||
                           maxGrowth != kDefaultMaxGrowth))
    return prefix + "max-recompute= and max-growth= apply only to policy=peak";
  if (policy != MarkPolicy::Peak && prefer != PeakPreference::Flops)
    return prefix + "prefer= applies only to policy=peak";
  if (!(flopsPerByte >= 0) || std::isinf(flopsPerByte))
    return prefix + "flops-per-byte must be a finite number >= 0, got " +
           std::to_string(flopsPerByte);
  if (every == 0)
    return prefix + "every must be at least 1";
  if (!segments.empty()) {
    unsigned n = 0;
    if (segments != "sqrt" && (segments.getAsInteger(10, n) || n == 0))
      return prefix + "segments must be a positive number or 'sqrt', got '" +
             segments.str() + "'";
  }
  if (!group.empty()) {
    llvm::Regex regex(group);
    std::string error;
    if (!regex.isValid(error))
      return prefix + "invalid group regex '" + group.str() + "': " + error;
  }
  if (policy == MarkPolicy::Segments && segments.empty() == group.empty())
    return prefix + "policy 'segments' needs exactly one of segments=N|sqrt "
                    "and group=REGEX";
  if (policy != MarkPolicy::Segments && (!segments.empty() || !group.empty()))
    return prefix + "segments= and group= apply only to policy=segments";
  if (policy == MarkPolicy::Budget && budget.empty())
    return prefix + "policy 'budget' needs budget=SIZE: bytes (12000, 16MiB, "
                    "2.5GiB) or a fraction of the unrematerialized peak (0.5)";
  if (policy != MarkPolicy::Budget && !budget.empty())
    return prefix + "budget= applies only to policy=budget";
  if (!budget.empty() && !parseBudget(budget))
    return prefix + "invalid budget '" + budget.str() +
           "': expected bytes (12000, 16MiB, 2.5GiB) or a fraction in "
           "(0, 1] of the unrematerialized peak (0.5)";
  return std::nullopt;
}


/// The error for a negative (or NaN) `time-limit` of pass `pass`, if any.
std::optional<std::string> policies::checkTimeLimit(StringRef pass,
                                                 double timeLimit) {
  if (timeLimit >= 0)
    return std::nullopt;
  return (pass + ": time-limit must be >= 0 seconds, got " +
          formatSeconds(timeLimit))
      .str();
}

std::string policies::formatSeconds(double seconds) {
  std::string text;
  llvm::raw_string_ostream(text) << llvm::format("%g", seconds);
  return text;
}

