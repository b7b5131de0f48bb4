//===- LoweringPipelines.cpp - -remat-lower-to-llvm and -nvvm -------------===//
//
// Both lowerings share their first half: remat's IR to plain upstream IR,
// then bufferization with a free after each buffer's last use. The IR
// between the two halves is what the memory timeline predicts against, so
// the CPU and the GPU allocate exactly what remat's report says.
//
//===----------------------------------------------------------------------===//

#include "remat/Conversion/Passes.h"
#include "GpuUtils.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <cstdlib>

using namespace mlir;
using namespace mlir::remat;

std::string mlir::remat::getLowerToLLVMPreparePipeline(bool fuseElementwise) {
  // Callees are inlined: bufferizing calls adds ownership bookkeeping
  // (allocated flag arrays) the timeline does not model, and inlined ops
  // are predicted exactly. Fusion comes last: it decides on the timeline
  // of the IR as bufferization will see it.
  return std::string("remat-prepare-lowering,inline{default-pipeline=},"
                     "func.func(remat-split-destinations,"
                     "convert-elementwise-to-linalg") +
         (fuseElementwise ? ",remat-fuse-elementwise)" : ")");
}

/// Bufferize with function boundaries and identity layouts (callers pass
/// plain descriptors); free each buffer right after its last use
/// (-remat-deallocate-buffers: linear on straight-line functions, else
/// upstream's ownership-based deallocation and
/// -optimize-allocation-liveness). Shared by the CPU and GPU lowerings, so
/// both allocate exactly what the timeline predicts.
static std::string getBufferizeAndFreePipeline() {
  return "one-shot-bufferize{bufferize-function-boundaries buffer-alignment=0 analysis-heuristic=top-down "
         "function-boundary-type-conversion=identity-layout-map},"
         "remat-deallocate-buffers,convert-bufferization-to-memref,";
}

std::string mlir::remat::getLowerToLLVMFinishPipeline(bool gpuLoops) {
  // Lower linalg to loops, which LLVM vectorizes; reach the LLVM dialect.
  // Allocation goes through _mlir_memref_to_llvm_* so a runtime can count
  // every byte. `gpuLoops` runs the GPU lowering's fused, vectorized and
  // mapped parallel loops (sequentially) instead, so that they are checked
  // on the CPU.
  return getBufferizeAndFreePipeline() + "func.func(" +
         (gpuLoops ? "convert-linalg-to-parallel-loops,"
                     "remat-fuse-parallel-loops,"
                     "remat-scatter-index-matches,"
                     "remat-vectorize-elementwise{aligned=0},"
                     // The GPU mapping's loop rewrites (strided copies,
                     // reduction nests, collapsed dimensions, tiles with
                     // guards), run sequentially: blocks under a warp,
                     // so no shuffles.
                     "remat-gpu-map-parallel-loops{block-size=16},"
                   : "convert-linalg-to-loops,") +
         "remat-split-blocks-at-loops),"
         "expand-strided-metadata,lower-affine,convert-scf-to-cf," +
         (gpuLoops ? "convert-vector-to-llvm," : "") +
         "convert-math-to-llvm,convert-math-to-libm,convert-arith-to-llvm,"
         "convert-index-to-llvm,"
         "finalize-memref-to-llvm{use-generic-functions=1},"
         "convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts";
}

/// The CUDA toolkit: $CUDA_HOME, $CUDA_PATH, the folder above the ptxas on
/// PATH, or /usr/local/cuda; empty if none exists.
static std::string findCudaToolkit() {
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *value = std::getenv(var))
      if (*value && llvm::sys::fs::is_directory(value))
        return value;
  if (llvm::ErrorOr<std::string> ptxas = llvm::sys::findProgramByName("ptxas"))
    return llvm::sys::path::parent_path(llvm::sys::path::parent_path(*ptxas))
        .str();
  if (llvm::sys::fs::is_directory("/usr/local/cuda"))
    return "/usr/local/cuda";
  return "";
}

FailureOr<std::string>
mlir::remat::getLowerToNVVMPipeline(const RematLowerToNVVMOptions &options,
                                    std::string &error) {
  FailureOr<std::string> finish = getLowerToNVVMFinishPipeline(options, error);
  if (failed(finish))
    return failure();
  return getLowerToLLVMPreparePipeline(options.fuse) + "," + *finish;
}

FailureOr<std::string> mlir::remat::getLowerToNVVMFinishPipeline(
    const RematLowerToNVVMOptions &options, std::string &error) {
  StringRef chip = options.chip;
  // sm_ and a compute capability (sm_90, sm_90a, sm_100): said here, not
  // by ptxas after the whole lowering.
  StringRef capability = chip.drop_front(std::min<size_t>(3, chip.size()));
  capability.consume_back("a");
  if (!chip.starts_with("sm_") || capability.size() < 2 ||
      !llvm::all_of(capability, llvm::isDigit)) {
    error = "chip must be sm_XX (e.g. sm_90), got '" + options.chip + "'";
    return failure();
  }
  GpuBinaryFormat format = options.format;
  bool hasPtxas = static_cast<bool>(llvm::sys::findProgramByName("ptxas"));
  if (format == GpuBinaryFormat::Auto)
    format = hasPtxas ? GpuBinaryFormat::Bin : GpuBinaryFormat::Isa;
  if (format != GpuBinaryFormat::Isa && !hasPtxas) {
    error = "format=" + enumName(format).str() +
            " needs CUDA's ptxas on PATH (e.g. /usr/local/cuda/bin); "
            "format=isa gives PTX without it";
    return failure();
  }
  if (!isValidVectorWidth(options.vectorWidth)) {
    error = "vector-width must be 1, 2, 4 or 8, got " +
            std::to_string(options.vectorWidth);
    return failure();
  }
  std::string toolkit = options.toolkit;
  if (toolkit.empty())
    toolkit = findCudaToolkit();
  if (options.blockSize < 1 || options.blockSize > 1024) {
    error = "block-size must be in [1, 1024], got " +
            std::to_string(options.blockSize);
    return failure();
  }
  // Prepare and bufferize exactly as on the CPU; GEMMs to cuBLAS; the
  // remaining linalg ops to parallel loops, tiled into thread blocks and
  // mapped; buffers on the device; kernels outlined; host GPU ops made
  // asynchronous (gpu-to-llvm lowers only async ones); then upstream's
  // NVVM lowering and serialization into gpu.binary.
  std::string pipeline = getBufferizeAndFreePipeline();
  if (options.cublas)
    pipeline += "remat-gpu-gemm-to-library,";
  pipeline += std::string("func.func(convert-linalg-to-parallel-loops,") +
              (options.fuse ? "remat-fuse-parallel-loops," : "") +
              "remat-scatter-index-matches,remat-vectorize-elementwise{width=" +
              std::to_string(options.vectorWidth) +
              "},remat-gpu-map-parallel-loops{block-size=" +
              std::to_string(options.blockSize) +
              "},convert-parallel-loops-to-gpu,remat-gpu-device-memory),"
              "gpu-kernel-outlining,func.func(gpu-async-region,"
              "remat-gpu-stream-order-library-calls),";
  // Upstream's -gpu-lower-to-nvvm-pipeline, spelled out so that the CUDA
  // toolkit (libdevice for math functions, ptxas) can be named.
  pipeline += "convert-nvgpu-to-nvvm,convert-vector-to-scf,convert-scf-to-cf,"
              "convert-nvvm-to-llvm,convert-func-to-llvm,"
              "expand-strided-metadata,nvvm-attach-target{chip=" +
              options.chip + " features=" + options.features +
              " O=" + std::to_string(options.optLevel) +
              "},lower-affine,convert-arith-to-llvm,convert-index-to-llvm,"
              "canonicalize,cse,"
              "gpu.module(convert-gpu-to-nvvm,canonicalize,cse,"
              "reconcile-unrealized-casts),"
              "gpu-to-llvm,gpu-module-to-binary{format=" +
              enumName(format).str() + (toolkit.empty() ? "" : " toolkit=" + toolkit) +
              "},convert-math-to-llvm,canonicalize,cse,"
              "reconcile-unrealized-casts";
  return pipeline;
}

LogicalResult mlir::remat::buildLowerToLLVMPipeline(OpPassManager &pm,
                                                    raw_ostream &errors) {
  if (failed(parsePassPipeline(getLowerToLLVMPreparePipeline(), pm, errors)) ||
      failed(parsePassPipeline(getLowerToLLVMFinishPipeline(), pm, errors)))
    return failure();
  return success();
}

void mlir::remat::registerRematLoweringPipelines() {
  registerPassPipeline(
      "remat-lower-to-llvm",
      "Lower a (rematerialized) training graph to the LLVM dialect for the "
      "CPU: inline recomputations in place, bufferize, free each buffer "
      "after its last use, lower to loops and LLVM",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        if (!text.empty())
          return errorHandler("remat-lower-to-llvm takes no options");
        std::string error;
        llvm::raw_string_ostream os(error);
        if (failed(buildLowerToLLVMPipeline(pm, os)))
          return errorHandler("remat-lower-to-llvm: " + error);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)>) {});
  registerPassPipeline(
      "remat-lower-to-nvvm",
      "Lower a (rematerialized) training graph for NVIDIA GPUs: prepare and "
      "bufferize as -remat-lower-to-llvm, matmuls to cuBLAS calls, the rest "
      "to tiled GPU kernels, buffers on the device, NVVM, and a gpu.binary "
      "(cubin or PTX); the host code calls remat's CUDA runtime",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        RematLowerToNVVMOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        std::string error;
        FailureOr<std::string> pipeline =
            getLowerToNVVMPipeline(options, error);
        if (failed(pipeline))
          return errorHandler("remat-lower-to-nvvm: " + error);
        llvm::raw_string_ostream os(error);
        if (failed(parsePassPipeline(*pipeline, pm, os)))
          return errorHandler("remat-lower-to-nvvm: " + error);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optHandler) {
        optHandler(RematLowerToNVVMOptions());
      });
}
