//===- GpuStreamOrderLibraryCalls.cpp - no host wait per cuBLAS call ------===//
//
// See the pass description in Passes.td. A host round trip before each of
// the 75 cuBLAS calls of the GPT-2 example left the GPU idle between
// microsecond kernels; stream order (the legacy default stream against
// blocking streams) already gives the call its place.
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATGPUSTREAMORDERLIBRARYCALLS
#include "remat/Conversion/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;

/// A call of remat's runtime that runs on the legacy default stream.
static bool isLibraryCall(Operation *op) {
  auto call = dyn_cast<func::CallOp>(op);
  return call && call.getCallee().starts_with("remat_cublas_");
}

namespace {
struct RematGpuStreamOrderLibraryCallsPass
    : mlir::remat::impl::RematGpuStreamOrderLibraryCallsBase<
          RematGpuStreamOrderLibraryCallsPass> {
  void runOnOperation() override {
    SmallVector<gpu::WaitOp> hostWaits;
    getOperation().walk([&](gpu::WaitOp wait) {
      if (!wait.getAsyncToken() && !wait.getAsyncDependencies().empty())
        hostWaits.push_back(wait);
    });
    for (gpu::WaitOp wait : hostWaits) {
      // wait [%t]; (library calls | pure ops)+; %u = gpu.wait async
      bool calls = false;
      gpu::WaitOp restart;
      for (Operation *op = wait->getNextNode(); op; op = op->getNextNode()) {
        auto next = dyn_cast<gpu::WaitOp>(op);
        if (next && next.getAsyncToken() &&
            next.getAsyncDependencies().empty()) {
          restart = next;
          break;
        }
        if (isLibraryCall(op)) {
          calls = true;
          continue;
        }
        if (!isMemoryEffectFree(op) || op->getNumRegions())
          break;
      }
      if (!calls || !restart)
        continue;
      ValueRange tokens = wait.getAsyncDependencies();
      if (tokens.size() == 1) {
        restart.getAsyncToken().replaceAllUsesWith(tokens.front());
        restart.erase();
      } else {
        restart.getAsyncDependenciesMutable().assign(tokens);
      }
      wait.erase();
      ++numWaits;
    }
  }
};
} // namespace
