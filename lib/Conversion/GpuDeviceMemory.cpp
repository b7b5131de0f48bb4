//===- GpuDeviceMemory.cpp - buffers on the device --------------------------===//
//
// Buffers on the device (gpu.alloc, gpu.dealloc, gpu.memcpy), then the
// stage's contract: no op outside a kernel touches a buffer's contents.
// Ops whose results the host needs (a scalar read back into control flow)
// are rejected, with the op named.
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"
#include "GpuUtils.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace mlir::remat {
#define GEN_PASS_DEF_REMATGPUDEVICEMEMORY
#include "remat/Conversion/Passes.h.inc"
} // namespace mlir::remat

using namespace mlir;
using namespace mlir::remat;

namespace {
struct RematGpuDeviceMemoryPass
    : mlir::remat::impl::RematGpuDeviceMemoryBase<RematGpuDeviceMemoryPass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    // Constant launch sizes (affine.apply of constants after
    // -convert-parallel-loops-to-gpu) let outlining record the block size,
    // which becomes the kernel's launch bounds (.reqntid).
    SmallVector<Operation *> launches;
    func.walk([&](gpu::LaunchOp launch) { launches.push_back(launch); });
    foldOperands(launches);

    SmallVector<Operation *> ops;
    func.walk([&](Operation *op) {
      if (!op->getParentOfType<gpu::LaunchOp>())
        ops.push_back(op);
    });
    SmallVector<Value> constantCopies;
    for (Operation *op : ops) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        auto dev = gpu::AllocOp::create(
            b, loc, alloc.getType(), /*asyncToken=*/Type(),
            /*asyncDependencies=*/ValueRange(), alloc.getDynamicSizes(),
            alloc.getSymbolOperands(), /*hostShared=*/false);
        alloc.replaceAllUsesWith(dev.getMemref());
        alloc.erase();
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        gpu::DeallocOp::create(b, loc, /*asyncToken=*/Type(), ValueRange(),
                               dealloc.getMemref());
        dealloc.erase();
      } else if (auto copy = dyn_cast<memref::CopyOp>(op)) {
        if (!isIdentityLayout(copy.getSource()) ||
            !isIdentityLayout(copy.getTarget())) {
          copy.emitOpError("copies between non-contiguous buffers are not "
                           "supported on the GPU path");
          return signalPassFailure();
        }
        gpu::MemcpyOp::create(b, loc, /*asyncToken=*/Type(), ValueRange(),
                              copy.getTarget(), copy.getSource());
        copy.erase();
      } else if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
        // A device copy of the host constant, freed before each return.
        b.setInsertionPointAfter(global);
        auto dev =
            gpu::AllocOp::create(b, loc, global.getType(), Type(), ValueRange(),
                                 ValueRange(), ValueRange(), false);
        global.getResult().replaceAllUsesWith(dev.getMemref());
        gpu::MemcpyOp::create(b, loc, Type(), ValueRange(), dev.getMemref(),
                              global.getResult());
        constantCopies.push_back(dev.getMemref());
      }
    }
    func.walk([&](func::ReturnOp ret) {
      OpBuilder b(ret);
      for (Value copy : constantCopies)
        gpu::DeallocOp::create(b, ret.getLoc(), Type(), ValueRange(), copy);
    });

    // The contract of this stage: the host touches no buffer's contents.
    WalkResult result = func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<gpu::LaunchOp>(op))
        return WalkResult::skip();
      if (isa<memref::LoadOp, memref::StoreOp, memref::AtomicRMWOp,
              memref::CopyOp>(op) ||
          isa<linalg::LinalgOp>(op)) {
        op->emitOpError("would access device memory on the host: it is "
                        "outside every GPU kernel after mapping (its result "
                        "is needed on the host, or it is not a parallel "
                        "loop)");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
