//===- RandomGraph.cpp - seeded random training graphs --------------------===//

#include "RandomGraph.h"

#include <random>
#include <sstream>
#include <vector>

using namespace remat_difftest;

namespace {
/// Emits ops with fresh SSA names.
class Writer {
public:
  Writer(unsigned m, unsigned n) : m(m), n(n) {}

  std::string fresh() { return "%v" + std::to_string(counter++); }
  std::string mat() const {
    return "tensor<" + std::to_string(m) + "x" + std::to_string(n) + "xf32>";
  }
  std::string sq() const {
    return "tensor<" + std::to_string(n) + "x" + std::to_string(n) + "xf32>";
  }
  std::string vec() const { return "tensor<" + std::to_string(m) + "xf32>"; }

  std::string unary(const std::string &op, const std::string &x,
                    const std::string &attrs = "") {
    std::string r = fresh();
    os << "  " << r << " = " << op << " " << x << attrs << " : " << mat()
       << "\n";
    return r;
  }
  std::string binary(const std::string &op, const std::string &a,
                     const std::string &b, const std::string &attrs = "") {
    std::string r = fresh();
    os << "  " << r << " = " << op << " " << a << ", " << b << attrs << " : "
       << mat() << "\n";
    return r;
  }
  /// a (rows x k) @ b (k x cols) with optional transposes via indexing maps.
  std::string matmul(const std::string &a, const std::string &aType,
                     const std::string &b, const std::string &bType,
                     const std::string &outType, const std::string &maps,
                     const std::string &attrs = "") {
    std::string e = fresh(), f = fresh(), r = fresh();
    os << "  " << e << " = tensor.empty() : " << outType << "\n";
    os << "  " << f << " = linalg.fill ins(%zero : f32) outs(" << e << " : "
       << outType << ") -> " << outType << "\n";
    os << "  " << r << " = linalg.matmul " << maps << attrs << " ins(" << a
       << ", " << b << " : " << aType << ", " << bType << ") outs(" << f
       << " : " << outType << ") -> " << outType << "\n";
    return r;
  }
  std::string reduceBroadcast(const std::string &x, const std::string &attrs) {
    std::string e = fresh(), f = fresh(), red = fresh(), e2 = fresh(),
                r = fresh();
    os << "  " << e << " = tensor.empty() : " << vec() << "\n";
    os << "  " << f << " = linalg.fill ins(%zero : f32) outs(" << e << " : "
       << vec() << ") -> " << vec() << "\n";
    os << "  " << red << " = linalg.reduce ins(" << x << " : " << mat()
       << ") outs(" << f << " : " << vec() << ") dimensions = [1]" << attrs
       << "\n    (%in: f32, %acc: f32) {\n      %s = arith.addf %in, %acc : "
          "f32\n      linalg.yield %s : f32\n    }\n";
    os << "  " << e2 << " = tensor.empty() : " << mat() << "\n";
    os << "  " << r << " = linalg.broadcast ins(" << red << " : " << vec()
       << ") outs(" << e2 << " : " << mat() << ") dimensions = [1]" << "\n";
    return r;
  }
  std::string view(const std::string &x) {
    std::string flat = fresh(), r = fresh();
    os << "  " << flat << " = tensor.collapse_shape " << x << " [[0, 1]] : "
       << mat() << " into tensor<" << m * n << "xf32>\n";
    os << "  " << r << " = tensor.expand_shape " << flat
       << " [[0, 1]] output_shape [" << m << ", " << n << "] : tensor<"
       << m * n << "xf32> into " << mat() << "\n";
    return r;
  }
  std::string mask(const std::string &attrs) {
    std::string e = fresh(), r = fresh();
    os << "  " << e << " = tensor.empty() : " << mat() << "\n";
    os << "  " << r
       << " = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], "
          "iterator_types = [\"parallel\", \"parallel\"]} outs("
       << e << " : " << mat() << ")"
       << (attrs.empty() ? "" : " attrs = " + attrs.substr(1)) << " {\n"
       << "  ^bb0(%o: f32):\n"
       << "    %i = linalg.index 0 : index\n    %j = linalg.index 1 : index\n"
       << "    %ii = arith.index_cast %i : index to i32\n"
       << "    %jj = arith.index_cast %j : index to i32\n"
       << "    %h0 = arith.muli %ii, %c977 : i32\n"
       << "    %h1 = arith.addi %h0, %jj : i32\n"
       << "    %h2 = arith.xori %h1, %seed : i32\n"
       << "    %h3 = arith.muli %h2, %prime : i32\n"
       << "    %h4 = arith.shrui %h3, %c13 : i32\n"
       << "    %h5 = arith.andi %h4, %c255 : i32\n"
       << "    %keep = arith.cmpi uge, %h5, %c51 : i32\n"
       << "    %m = arith.select %keep, %scale, %zero : f32\n"
       << "    linalg.yield %m : f32\n  } -> " << mat() << "\n";
    return r;
  }
  std::string copy(const std::string &x, const std::string &attrs) {
    std::string r = fresh();
    os << "  " << r << " = bufferization.alloc_tensor() copy(" << x << ")"
       << attrs << " : " << mat() << "\n";
    return r;
  }

  std::ostringstream os;
  unsigned m, n;

private:
  unsigned counter = 0;
};

/// One forward step, remembered for the backward.
struct Step {
  std::string kind;
  std::vector<std::string> inputs;
  std::string output;
  int weight = -1;
};
} // namespace

std::string remat_difftest::randomGraph(uint64_t seed, unsigned minOps,
                                        unsigned maxOps, bool withPolicies,
                                        GraphStats *stats) {
  std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull + 12345);
  auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
  unsigned m = 4u << pick(2), n = 8u << pick(2);
  unsigned numWeights = 1 + pick(3);
  unsigned steps = minOps + pick(maxOps - minOps + 1);
  Writer w(m, n);

  auto policyAttr = [&](bool allowed) -> std::string {
    if (!withPolicies || !allowed || pick(3) != 0)
      return "";
    return pick(2) ? " {remat.policy = \"recompute\"}"
                   : " {remat.policy = \"save\"}";
  };
  // linalg named ops take their attribute dictionary before ins().
  auto dictOnly = [](const std::string &attr) { return attr; };

  std::vector<std::string> values{"%x"};
  std::vector<Step> forward;
  static const char *unaries[] = {"math.tanh", "math.sin", "arith.negf",
                                  "math.exp"};
  static const char *binaries[] = {"arith.addf", "arith.mulf", "arith.subf"};
  for (unsigned s = 0; s < steps; ++s) {
    std::string a = values[pick(values.size())];
    Step step;
    switch (pick(8)) {
    case 0:
    case 1: {
      // exp is rare: chains of exp overflow to inf, which is legal but dull.
      const char *op = unaries[pick(8) == 0 ? 3 : pick(3)];
      step = {op, {a}, w.unary(op, a, policyAttr(true))};
      break;
    }
    case 2: {
      const char *op = binaries[pick(3)];
      std::string b = values[pick(values.size())];
      step = {op, {a, b}, w.binary(op, a, b, policyAttr(true))};
      break;
    }
    case 3: {
      int k = pick(numWeights);
      step = {"matmul", {a}, "", k};
      step.output = w.matmul(a, w.mat(), "%w" + std::to_string(k), w.sq(),
                             w.mat(), "", dictOnly(policyAttr(true)));
      break;
    }
    case 4:
      step = {"reduce", {a}, w.reduceBroadcast(a, policyAttr(true))};
      break;
    case 5:
      step = {"view", {a}, w.view(a)};
      break;
    case 6: {
      std::string mk = w.mask(policyAttr(true));
      step = {"dropout", {a, mk}, w.binary("arith.mulf", a, mk)};
      break;
    }
    default:
      // Side effects: never recomputed, even when marked.
      step = {"side_effect", {a}, w.copy(a, policyAttr(true))};
      break;
    }
    if (stats) {
      ++stats->kinds[step.kind];
      ++stats->forwardOps;
    }
    values.push_back(step.output);
    forward.push_back(step);
  }

  // Backward: reverse order, reading what each VJP reads.
  std::string g = "%dy";
  std::vector<std::string> weightGrads(numWeights);
  for (auto it = forward.rbegin(); it != forward.rend(); ++it) {
    const Step &step = *it;
    if (step.kind == "matmul") {
      std::string wt = "%w" + std::to_string(step.weight);
      std::string dw = w.matmul(
          step.inputs[0], w.mat(), g, w.mat(), w.sq(),
          "indexing_maps = [affine_map<(p, q, r) -> (r, p)>, affine_map<(p, "
          "q, r) -> (r, q)>, affine_map<(p, q, r) -> (p, q)>]");
      std::string &acc = weightGrads[step.weight];
      if (acc.empty()) {
        acc = dw;
      } else {
        std::string r = w.fresh();
        w.os << "  " << r << " = arith.addf " << acc << ", " << dw << " : "
             << w.sq() << "\n";
        acc = r;
      }
      g = w.matmul(g, w.mat(), wt, w.sq(), w.mat(),
                   "indexing_maps = [affine_map<(p, q, r) -> (p, r)>, "
                   "affine_map<(p, q, r) -> (q, r)>, affine_map<(p, q, r) -> "
                   "(p, q)>]");
    } else if (step.kind == "reduce") {
      g = w.binary("arith.mulf", w.reduceBroadcast(g, ""), step.inputs[0]);
    } else if (step.kind == "view") {
      g = w.view(g);
    } else if (step.kind == "dropout") {
      g = w.binary("arith.mulf", g, step.inputs[1]);
    } else if (step.kind == "side_effect") {
      g = w.binary("arith.addf", g, step.output);
    } else {
      // Elementwise: the VJP reads an input and the output.
      g = w.binary("arith.mulf", g, step.output);
      g = w.binary("arith.addf", g, step.inputs.back());
    }
  }
  for (unsigned k = 0; k < numWeights; ++k)
    if (weightGrads[k].empty())
      weightGrads[k] = "%w" + std::to_string(k);

  std::ostringstream out;
  out << "// remat-difftest graph, seed " << seed << "\n";
  out << "func.func @graph(%x: " << w.mat();
  for (unsigned k = 0; k < numWeights; ++k)
    out << ", %w" << k << ": " << w.sq();
  out << ", %seed: i32, %dy: " << w.mat() << " {remat.cotangent}) -> ("
      << w.mat() << ", " << w.mat();
  for (unsigned k = 0; k < numWeights; ++k)
    out << ", " << w.sq();
  out << ") {\n";
  out << "  %zero = arith.constant 0.0 : f32\n"
      << "  %scale = arith.constant 1.25 : f32\n"
      << "  %c977 = arith.constant 977 : i32\n"
      << "  %prime = arith.constant 16777619 : i32\n"
      << "  %c13 = arith.constant 13 : i32\n"
      << "  %c255 = arith.constant 255 : i32\n"
      << "  %c51 = arith.constant 51 : i32\n";
  out << w.os.str();
  out << "  return " << values.back() << ", " << g;
  for (const std::string &dw : weightGrads)
    out << ", " << dw;
  out << " : " << w.mat() << ", " << w.mat();
  for (unsigned k = 0; k < numWeights; ++k)
    out << ", " << w.sq();
  out << "\n}\n";
  return out.str();
}
