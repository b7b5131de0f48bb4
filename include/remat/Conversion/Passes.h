//===- Passes.h - remat's lowering passes and pipelines ---------*- C++ -*-===//
//
// What remat adds to the upstream lowerings: the passes of
// remat/Conversion/Passes.td and the pipelines -remat-lower-to-llvm (CPU)
// and -remat-lower-to-nvvm (NVIDIA GPUs).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_CONVERSION_PASSES_H
#define REMAT_CONVERSION_PASSES_H

#include "remat/Dialect/Remat/IR/RematDialect.h"
#include "remat/Support/EnumOption.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"
#include <string>

namespace mlir::remat {
/// format= of -remat-lower-to-nvvm, --gpu-format of remat-run: what
/// gpu.binary holds.
enum class GpuBinaryFormat { Bin, Isa, Fatbin, Auto };
} // namespace mlir::remat

// The names are those of upstream's -gpu-module-to-binary, which is given
// the chosen one.
REMAT_ENUM_OPTION(
    ::mlir::remat::GpuBinaryFormat,
    clEnumValN(::mlir::remat::GpuBinaryFormat::Bin, "bin",
               "cubin (needs CUDA's ptxas on PATH)"),
    clEnumValN(::mlir::remat::GpuBinaryFormat::Isa, "isa",
               "PTX, JIT-compiled by the driver at load"),
    clEnumValN(::mlir::remat::GpuBinaryFormat::Fatbin, "fatbin",
               "a fat binary: cubin and PTX (needs ptxas)"),
    clEnumValN(::mlir::remat::GpuBinaryFormat::Auto, "auto",
               "bin when ptxas is on PATH, else isa"))

namespace mlir::remat {

/// Names the pipeline, as its other errors do (remat-run's --gpu-format
/// names itself).
template <>
inline std::string unknownEnumValue<GpuBinaryFormat>(llvm::StringRef option,
                                                     llvm::StringRef value) {
  return (option.starts_with("--") ? "" : "remat-lower-to-nvvm: ") +
         mustBeOneOf<GpuBinaryFormat>(option, value);
}

#define GEN_PASS_DECL
#include "remat/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "remat/Conversion/Passes.h.inc"

/// Options of -remat-lower-to-nvvm.
struct RematLowerToNVVMOptions
    : public PassPipelineOptions<RematLowerToNVVMOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("The GPU architecture (sm_XX)"),
                           llvm::cl::init("sm_90")};
  Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features; sm_90 needs +ptx80 or later"),
      llvm::cl::init("+ptx80")};
  Option<GpuBinaryFormat> format{*this, "format",
                                 llvm::cl::desc("What gpu.binary holds"),
                                 llvm::cl::init(GpuBinaryFormat::Auto)};
  Option<unsigned> optLevel{*this, "opt-level",
                            llvm::cl::desc("LLVM optimization level of the "
                                           "kernels"),
                            llvm::cl::init(3)};
  Option<int64_t> blockSize{*this, "block-size",
                            llvm::cl::desc("Threads per block of the "
                                           "elementwise and reduction kernels"),
                            llvm::cl::init(256)};
  Option<int64_t> vectorWidth{
      *this, "vector-width",
      llvm::cl::desc("Elements per thread of elementwise kernels whose "
                     "accesses are contiguous and aligned (vector loads and "
                     "stores); 1, 2, 4 or 8"),
      llvm::cl::init(4)};
  Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("The CUDA toolkit (libdevice, ptxas); default: "
                     "$CUDA_HOME, $CUDA_PATH, the folder above ptxas on "
                     "PATH, or /usr/local/cuda"),
      llvm::cl::init("")};
  Option<bool> cublas{*this, "cublas",
                      llvm::cl::desc("Run f32 (batched) matmuls with cuBLAS "
                                     "through the runtime; otherwise as loop "
                                     "kernels"),
                      llvm::cl::init(true)};
  Option<bool> fuse{*this, "fuse",
                    llvm::cl::desc("Fuse elementwise producers into their "
                                   "only consumer where the predicted peak "
                                   "allows (-remat-fuse-elementwise), then "
                                   "accumulator fills and neighbouring "
                                   "elementwise loops "
                                   "(-remat-fuse-parallel-loops): fewer "
                                   "kernels, fewer intermediate buffers"),
                    llvm::cl::init(true)};
};

/// The textual pipeline of -remat-lower-to-nvvm for `options`, as the
/// contents of a builtin.module(...) pipeline, or fails with a message in
/// `error`: all of it, and the part after getLowerToLLVMPreparePipeline()
/// (the IR in between is what the memory timeline predicts against).
FailureOr<std::string>
getLowerToNVVMPipeline(const RematLowerToNVVMOptions &options,
                       std::string &error);
FailureOr<std::string>
getLowerToNVVMFinishPipeline(const RematLowerToNVVMOptions &options,
                             std::string &error);

/// The textual pass pipelines of -remat-lower-to-llvm, as the contents of
/// a builtin.module(...) pipeline: the part that prepares the tensor
/// program for bufferization (its result is what the memory timeline
/// predicts against), and the rest, down to the LLVM dialect.
/// `fuseElementwise` ends the preparation with -remat-fuse-elementwise
/// (always on the GPU unless disabled; on the CPU when asked); `gpuLoops`
/// lowers linalg to the GPU lowering's fused parallel loops
/// (-remat-fuse-parallel-loops), run sequentially, instead of plain loops.
std::string getLowerToLLVMPreparePipeline(bool fuseElementwise = false);
std::string getLowerToLLVMFinishPipeline(bool gpuLoops = false);

/// Adds -remat-lower-to-llvm to `pm` (on a module); fails, writing why to
/// `errors`, if an upstream pass it needs is not registered.
LogicalResult buildLowerToLLVMPipeline(OpPassManager &pm,
                                       llvm::raw_ostream &errors);


/// Registers -remat-lower-to-llvm and -remat-lower-to-nvvm.
void registerRematLoweringPipelines();

} // namespace mlir::remat

#endif // REMAT_CONVERSION_PASSES_H
