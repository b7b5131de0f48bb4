//===- driver.cpp - run an ahead-of-time compiled graph on the GPU --------===//
//
//   run-<graph> [--inputs DIR | --seed N [--init unit|fan-in]]
//               [--expect DIR [--rtol R] [--atol A]] [--outputs DIR]
//               [--repeat N] [--warmup N] [--profile FILE] [--json FILE]
//
// Links one graph (its object and wrapper, from `remat-run --backend=cuda
// --compile-only`), remat's CUDA runtime and the .npy reader; needs no
// MLIR. Reads argument i from DIR/arg<i>.npy (or makes the inputs
// `remat-run --seed N` makes; `--init fan-in` scales each of them by
// sqrt(3 / first dimension), a variance-preserving initialization, so that
// deep benchmark models neither overflow nor vanish), runs the graph once
// and reports the device pool's measured peak (live bytes above the inputs)
// next to the predicted peak, compares the results with DIR/out<i>.npy
// (the CPU path's outputs) within |got - want| <= atol + rtol * max|want|
// per element, max over the result tensor (GEMM outputs are sums whose
// elements cancel: an element near zero carries the rounding of its large
// terms, so a per-element relative test would fail on correct results),
// then times `repeat` further runs. `--profile FILE` adds one run with the
// runtime's kernel profile and writes it to FILE. Prints one JSON object
// (also to --json).
// Exit status: 0 all checks passed, 1 a check failed, 2 an error (no
// device, bad input files).
//
//===----------------------------------------------------------------------===//

#include "remat-cuda/CudaRuntime.h"
#include "remat-graph.h"
#include "remat-runtime/Half.h"
#include "remat-runtime/Npy.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace npy = remat_runtime::npy;

namespace {
struct Options {
  std::string inputs, expect, outputs, json;
  std::string profile;
  double rtol = 1e-4, atol = 0;
  int repeat = 20, warmup = 3;
  uint64_t seed = 0;
  bool fanIn = false;
};

std::string escape(const std::string &s) {
  std::string r;
  for (char c : s) {
    if (c == '"' || c == '\\')
      r += '\\';
    if (c == '\n') {
      r += "\\n";
      continue;
    }
    r += c;
  }
  return r;
}

int finish(const std::string &json, const Options &options, int status) {
  std::printf("%s\n", json.c_str());
  if (!options.json.empty()) {
    std::ofstream out(options.json);
    out << json << "\n";
  }
  return status;
}

int error(const Options &options, const std::string &message) {
  std::fprintf(stderr, "run-%s: error: %s\n", remat_graph.entry,
               message.c_str());
  std::ostringstream os;
  os << "{\"graph\": \"" << remat_graph.entry << "\", \"policy\": \""
     << remat_graph.policy << "\", \"ok\": false, \"error\": \""
     << escape(message) << "\"}";
  return finish(os.str(), options, 2);
}

bool matches(const npy::Array &array, const remat_graph_tensor &t) {
  if (npy::descr(array.dtype) != t.dtype ||
      array.shape.size() != static_cast<size_t>(t.rank))
    return false;
  for (int d = 0; d < t.rank; ++d)
    if (array.shape[d] != t.shape[d])
      return false;
  return true;
}

bool dtypeOf(const std::string &descr, npy::DType &dtype) {
  using D = npy::DType;
  for (D d :
       {D::Bool, D::I8, D::I16, D::I32, D::I64, D::U8, D::F16, D::F32, D::F64,
        D::BF16})
    if (npy::descr(d) == descr) {
      dtype = d;
      return true;
    }
  return false;
}

/// Multiplies a floating-point array by `factor` (other dtypes unchanged).
void scale(npy::Array &a, double factor) {
  for (int64_t e = 0; e < a.numElements(); ++e) {
    uint8_t *p = a.data.data() + e * npy::elementSize(a.dtype);
    switch (a.dtype) {
    case npy::DType::F32: { float v; std::memcpy(&v, p, 4); v *= factor; std::memcpy(p, &v, 4); break; }
    case npy::DType::F64: { double v; std::memcpy(&v, p, 8); v *= factor; std::memcpy(p, &v, 8); break; }
    case npy::DType::F16: { _Float16 v; std::memcpy(&v, p, 2); v = static_cast<_Float16>(v * factor); std::memcpy(p, &v, 2); break; }
    case npy::DType::BF16: { uint16_t v; std::memcpy(&v, p, 2); v = remat_runtime::floatToBf16(static_cast<float>(remat_runtime::bf16ToFloat(v) * factor)); std::memcpy(p, &v, 2); break; }
    default: return;
    }
  }
}

/// Frees results once each (two results may be one buffer).
void freeResults(std::vector<void *> &results) {
  std::vector<void *> seen;
  for (void *p : results)
    if (p && std::find(seen.begin(), seen.end(), p) == seen.end()) {
      seen.push_back(p);
      remat_cuda_free(p);
    }
  results.assign(results.size(), nullptr);
}
} // namespace

namespace {
/// Parses the command line into `options`; returns an exit status to stop
/// with (help, a bad argument), or -1 to go on.
int parseArguments(int argc, char **argv, Options &options) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "missing value after %s\n", arg.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (arg == "--inputs")
      options.inputs = value();
    else if (arg == "--expect")
      options.expect = value();
    else if (arg == "--outputs")
      options.outputs = value();
    else if (arg == "--json")
      options.json = value();
    else if (arg == "--rtol")
      options.rtol = std::atof(value().c_str());
    else if (arg == "--atol")
      options.atol = std::atof(value().c_str());
    else if (arg == "--repeat")
      options.repeat = std::atoi(value().c_str());
    else if (arg == "--warmup")
      options.warmup = std::atoi(value().c_str());
    else if (arg == "--seed")
      options.seed = std::strtoull(value().c_str(), nullptr, 10);
    else if (arg == "--profile")
      options.profile = value();
    else if (arg == "--init") {
      std::string init = value();
      if (init != "unit" && init != "fan-in")
        return error(options, "--init must be unit or fan-in, got '" + init + "'");
      options.fanIn = init == "fan-in";
    }
    else if (arg == "--help" || arg == "-h") {
      std::printf(
          "usage: %s [--inputs DIR] [--expect DIR] [--seed N] "
          "[--init unit|fan-in] [--rtol R] [--atol A] [--outputs DIR] "
          "[--repeat N] [--warmup N] [--profile FILE] [--json FILE]\n",
          argv[0]);
      return 0;
    } else {
      return error(options, "unknown argument '" + arg + "'");
    }
  }
  return -1;
}

/// Reads or makes argument i and copies it to the device (args[i]); an
/// error message on failure.
std::string loadArgument(const Options &options, int i, npy::Array &a,
                         void *&device) {
  const remat_graph_tensor &t = remat_graph.args[i];
  if (!options.inputs.empty()) {
    std::string why;
    std::string path = options.inputs + "/arg" + std::to_string(i) + ".npy";
    if (!npy::read(path, a, why))
      return why;
    // A bf16 argument comes as f32 (NumPy has no bf16), rounded here.
    if (std::string(t.dtype) == "bf16" && a.dtype == npy::DType::F32 &&
        !npy::toBF16(a, why))
      return why;
    if (!matches(a, t))
      return path + " does not match argument #" + std::to_string(i) + " (" +
             t.dtype + ")";
  } else {
    if (!dtypeOf(t.dtype, a.dtype))
      return std::string("unknown dtype ") + t.dtype;
    a.shape.assign(t.shape, t.shape + t.rank);
    npy::fillRandom(a, options.seed, i);
    if (options.fanIn && t.rank >= 1 && t.shape[0] > 0)
      scale(a, std::sqrt(3.0 / static_cast<double>(t.shape[0])));
  }
  device = remat_cuda_alloc(std::max<size_t>(a.data.size(), 1));
  if (!device || remat_cuda_copy_to_device(device, a.data.data(), a.data.size()))
    return remat_cuda_error() ? remat_cuda_error() : "copying inputs failed";
  return "";
}

/// How result i compares with the expected one.
struct Comparison {
  double maxAbs = 0, overMax = 0;
  int64_t nans = 0;
  bool close = true;
};

/// Copies result i back, writes it (--outputs) and compares it (--expect);
/// an error message on failure.
std::string checkResult(const Options &options, int i, void *device,
                        Comparison &c) {
  const remat_graph_tensor &t = remat_graph.results[i];
  npy::Array got;
  std::string why;
  if (!dtypeOf(t.dtype, got.dtype))
    return "result #" + std::to_string(i) + " has an unknown dtype " + t.dtype;
  got.shape.assign(t.shape, t.shape + t.rank);
  got.data.resize(got.numElements() * npy::elementSize(got.dtype));
  if (remat_cuda_copy_to_host(got.data.data(), device, got.data.size()))
    return remat_cuda_error() ? remat_cuda_error()
                              : "copying a result to the host failed";
  if (!options.outputs.empty() &&
      !npy::write(options.outputs + "/out" + std::to_string(i) + ".npy", got,
                  why))
    return why;
  if (options.expect.empty())
    return "";
  npy::Array want;
  std::string path = options.expect + "/out" + std::to_string(i) + ".npy";
  if (!npy::read(path, want, why))
    return why;
  if (want.dtype != got.dtype || want.shape != got.shape)
    return path + " does not match result #" + std::to_string(i);
  double largest = 0;
  for (int64_t e = 0; e < want.numElements(); ++e)
    largest = std::max(largest, std::fabs(npy::elementAsDouble(want, e)));
  for (int64_t e = 0; e < got.numElements(); ++e) {
    double a = npy::elementAsDouble(got, e), b = npy::elementAsDouble(want, e);
    double d = std::fabs(a - b);
    // NaN fails (the comparison is false), also NaN in both.
    if (!(d <= options.atol + options.rtol * largest))
      c.close = false;
    if (std::isnan(d))
      ++c.nans;
    else
      c.maxAbs = std::max(c.maxAbs, d);
  }
  c.overMax = largest > 0 ? c.maxAbs / largest : c.maxAbs;
  return "";
}

/// The median of `repeat` runs after `warmup` ones (ms), or an error.
std::string timeRuns(const Options &options, std::vector<void *> &args,
                     std::vector<void *> &results, std::vector<double> &times) {
  for (int r = 0; r < options.warmup + options.repeat; ++r) {
    remat_cuda_timer_start();
    remat_graph_call(args.data(), results.data());
    double ms = remat_cuda_timer_stop();
    freeResults(results);
    if (remat_cuda_error())
      return remat_cuda_error();
    if (r >= options.warmup)
      times.push_back(ms);
  }
  std::sort(times.begin(), times.end());
  if (!options.profile.empty()) {
    remat_cuda_profile_enable(1);
    remat_graph_call(args.data(), results.data());
    freeResults(results);
    remat_cuda_profile_enable(0);
    if (remat_cuda_profile_write(options.profile.c_str()) != 0 ||
        remat_cuda_error())
      return remat_cuda_error() ? remat_cuda_error()
                                : "writing the profile failed";
  }
  return "";
}
} // namespace

int main(int argc, char **argv) {
  Options options;
  if (int status = parseArguments(argc, argv, options); status >= 0)
    return status;

  // The kernels were loaded by the object's constructors, before main: a
  // missing driver or a bad cubin is already recorded.
  if (remat_cuda_init(0) != 0 || remat_cuda_error())
    return error(options, remat_cuda_error() ? remat_cuda_error()
                                             : "CUDA initialization failed");

  const remat_graph_info &g = remat_graph;
  std::vector<npy::Array> inputs(g.num_args);
  std::vector<void *> args(g.num_args, nullptr);
  for (int i = 0; i < g.num_args; ++i)
    if (std::string why = loadArgument(options, i, inputs[i], args[i]);
        !why.empty())
      return error(options, why);

  // One measured run.
  std::vector<void *> results(g.num_results, nullptr);
  remat_cuda_synchronize();
  remat_cuda_reset_pool_stats();
  remat_cuda_pool_stats before = remat_cuda_get_pool_stats();
  remat_cuda_timer_start();
  int status = remat_graph_call(args.data(), results.data());
  double firstMs = remat_cuda_timer_stop();
  remat_cuda_pool_stats stats = remat_cuda_get_pool_stats();
  if (remat_cuda_error())
    return error(options, remat_cuda_error());
  if (status != 0)
    return error(options, "a result is not a dense buffer");
  uint64_t measured = stats.peak_bytes - before.live_bytes;

  // Results: copy back, compare, write.
  bool allClose = true;
  double maxAbs = 0, maxRel = 0;
  std::ostringstream outs;
  for (int i = 0; i < g.num_results; ++i) {
    Comparison c;
    if (std::string why = checkResult(options, i, results[i], c); !why.empty())
      return error(options, why);
    allClose = allClose && c.close;
    maxAbs = std::max(maxAbs, c.maxAbs);
    maxRel = std::max(maxRel, c.overMax);
    outs << (i ? ", " : "") << "{\"max_abs_error\": " << c.maxAbs
         << ", \"error_over_max\": " << c.overMax
         << ", \"nan_elements\": " << c.nans
         << ", \"close\": " << (c.close ? "true" : "false") << "}";
  }
  freeResults(results);

  std::vector<double> times;
  if (std::string why = timeRuns(options, args, results, times); !why.empty())
    return error(options, why);
  double median = times.empty() ? firstMs : times[times.size() / 2];
  remat_cuda_pool_stats end = remat_cuda_get_pool_stats();
  for (void *p : args)
    remat_cuda_free(p);

  bool peakOk = measured <= static_cast<uint64_t>(g.predicted_peak_bytes +
                                                  g.constant_bytes);
  bool ok = allClose && peakOk && end.bad_frees == 0;
  std::ostringstream os;
  os << "{\"graph\": \"" << g.entry << "\", \"source\": \"" << g.source
     << "\", \"policy\": \"" << g.policy << "\", \"chip\": \"" << g.chip
     << "\", \"device\": \"" << escape(remat_cuda_device_name())
     << "\", \"ok\": " << (ok ? "true" : "false")
     << ", \"measured_peak_bytes\": " << measured
     << ", \"predicted_peak_bytes\": " << g.predicted_peak_bytes
     << ", \"pipeline_peak_bytes\": " << g.pipeline_peak_bytes
     << ", \"constant_bytes\": " << g.constant_bytes
     << ", \"measured_le_predicted_plus_constants\": "
     << (peakOk ? "true" : "false")
     << ", \"reserved_peak_bytes\": " << stats.peak_reserved_bytes
     << ", \"device_allocations\": " << stats.num_device_allocs
     << ", \"num_allocs\": " << stats.num_allocs
     << ", \"bad_frees\": " << end.bad_frees
     << ", \"first_run_ms\": " << firstMs << ", \"step_ms_median\": " << median
     << ", \"repeat\": " << times.size();
  if (!options.expect.empty())
    os << ", \"rtol\": " << options.rtol << ", \"atol\": " << options.atol
       << ", \"all_close\": " << (allClose ? "true" : "false")
       << ", \"max_abs_error\": " << maxAbs
       << ", \"max_error_over_max\": " << maxRel
       << ", \"results\": [" << outs.str() << "]";
  os << "}";
  return finish(os.str(), options, ok ? 0 : 1);
}
