//===- RandomGraph.h - seeded random training graphs ------------*- C++ -*-===//
//
// Writes random training graphs as MLIR text: a forward DAG over small
// static tensors, of elementwise, reduction + broadcast, matmul, view,
// functional-RNG (a hashed-index dropout mask) and side-effecting ops
// (bufferization.alloc_tensor copies), followed by a backward part shaped
// like reverse-mode differentiation: each forward op, in reverse, reads the
// running gradient and the forward values its VJP would (its inputs, its
// output, its mask, its weight), accumulating weight gradients. The
// backward is not the true gradient; differential testing needs only that
// it reads forward values the way real backward passes do.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_TOOLS_REMAT_DIFFTEST_RANDOMGRAPH_H
#define REMAT_TOOLS_REMAT_DIFFTEST_RANDOMGRAPH_H

#include <cstdint>
#include <map>
#include <string>

namespace remat_difftest {

struct GraphStats {
  unsigned forwardOps = 0;
  std::map<std::string, unsigned> kinds; // op kind -> count
};

/// The graph for `seed`, with `minOps`..`maxOps` forward steps. With
/// `withPolicies`, some forward ops carry a random remat.policy (for the
/// manual policy).
std::string randomGraph(uint64_t seed, unsigned minOps, unsigned maxOps,
                        bool withPolicies, GraphStats *stats = nullptr);

} // namespace remat_difftest

#endif // REMAT_TOOLS_REMAT_DIFFTEST_RANDOMGRAPH_H
