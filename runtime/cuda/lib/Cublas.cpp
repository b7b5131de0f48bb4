//===- Cublas.cpp - GEMMs through a dlopen'ed cuBLAS ----------------------===//
//
// remat_cublas_sgemm* (f32) and remat_cublas_gemm_ex (bf16/f16 operands, f32
// accumulation) are what -remat-lower-to-nvvm turns linalg.matmul,
// linalg.batch_matmul and transposed matmul generics into. Row-major
// operands are handed to column-major cuBLAS as their transposes:
// C^T = op(B)^T * op(A)^T, so B comes first.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"
#include "remat-cuda/CudaRuntime.h"
#include "remat-runtime/Half.h"

#include <climits>
#include <cstdlib>
#include <dlfcn.h>
#include <mutex>
#include <string>

using namespace remat_cuda;

namespace {
using CublasStatus = int;
using HandleT = void *;
struct CublasApi {
  CublasStatus (*create)(HandleT *) = nullptr;
  CublasStatus (*sgemm)(HandleT, int, int, int, int, int, const float *,
                        const float *, int, const float *, int, const float *,
                        float *, int) = nullptr;
  CublasStatus (*sgemmStridedBatched)(HandleT, int, int, int, int, int,
                                      const float *, const float *, int,
                                      long long, const float *, int, long long,
                                      const float *, float *, int, long long,
                                      int) = nullptr;
  // cublasGemmEx / cublasGemmStridedBatchedEx: alpha and beta are floats
  // with CUBLAS_COMPUTE_32F.
  CublasStatus (*gemmEx)(HandleT, int, int, int, int, int, const void *,
                         const void *, int, int, const void *, int, int,
                         const void *, void *, int, int, int, int) = nullptr;
  CublasStatus (*gemmStridedBatchedEx)(HandleT, int, int, int, int, int,
                                       const void *, const void *, int, int,
                                       long long, const void *, int, int,
                                       long long, const void *, void *, int,
                                       int, long long, int, int,
                                       int) = nullptr;
  const char *(*statusString)(CublasStatus) = nullptr;
  HandleT handle = nullptr;
  bool tried = false;
};
} // namespace

// cudaDataType_t values remat passes (library_types.h).
enum : int { kR32F = 0, kR16F = 2, kR16BF = 14 };
constexpr int kCompute32F = 68; // CUBLAS_COMPUTE_32F
constexpr int kGemmDefault = -1; // CUBLAS_GEMM_DEFAULT

static float loadElement(const void *base, size_t i, int type) {
  if (type == kR32F)
    return static_cast<const float *>(base)[i];
  uint16_t h = static_cast<const uint16_t *>(base)[i];
  return type == kR16F ? float(remat_runtime::halfToDouble(h))
                       : remat_runtime::bf16ToFloat(h);
}

static void storeElement(void *base, size_t i, int type, float value) {
  if (type == kR32F) {
    static_cast<float *>(base)[i] = value;
    return;
  }
  static_cast<uint16_t *>(base)[i] = type == kR16F
                                         ? remat_runtime::floatToHalf(value)
                                         : remat_runtime::floatToBf16(value);
}

/// Column-major C = op(A) op(B) + beta C on the host, as
/// cublasGemmStridedBatchedEx defines it (f32 accumulation; C is not read
/// when beta = 0, so it may hold anything): the GEMM of the fake driver
/// (REMAT_CUDA_DRIVER=fake), whose "device" memory is host memory, for
/// every type remat passes (the SGEMMs below are its f32 case). Strides
/// and leading dimensions are in elements.
static CublasStatus
hostGemmStridedBatchedEx(HandleT, int opA, int opB, int m, int n, int k,
                         const void *alpha, const void *a, int aType, int lda,
                         long long strideA, const void *b, int bType, int ldb,
                         long long strideB, const void *beta, void *c,
                         int cType, int ldc, long long strideC, int batch, int,
                         int) {
  float al = *static_cast<const float *>(alpha),
        be = *static_cast<const float *>(beta);
  for (int p = 0; p < batch; ++p)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i) {
        double sum = 0;
        for (int l = 0; l < k; ++l) {
          float x = loadElement(a, p * strideA + (opA ? l + size_t(i) * lda
                                                      : i + size_t(l) * lda),
                                aType);
          float y = loadElement(b, p * strideB + (opB ? j + size_t(l) * ldb
                                                      : l + size_t(j) * ldb),
                                bType);
          sum += double(x) * y;
        }
        size_t at = p * strideC + i + size_t(j) * ldc;
        float out = be == 0.0f ? 0.0f : be * loadElement(c, at, cType);
        storeElement(c, at, cType, float(al * sum + out));
      }
  return 0;
}

static CublasStatus hostGemmEx(HandleT h, int opA, int opB, int m, int n,
                               int k, const void *alpha, const void *a,
                               int aType, int lda, const void *b, int bType,
                               int ldb, const void *beta, void *c, int cType,
                               int ldc, int compute, int algo) {
  return hostGemmStridedBatchedEx(h, opA, opB, m, n, k, alpha, a, aType, lda,
                                  0, b, bType, ldb, 0, beta, c, cType, ldc, 0,
                                  1, compute, algo);
}

static CublasStatus hostSgemm(HandleT h, int opA, int opB, int m, int n,
                              int k, const float *alpha, const float *a,
                              int lda, const float *b, int ldb,
                              const float *beta, float *c, int ldc) {
  return hostGemmEx(h, opA, opB, m, n, k, alpha, a, kR32F, lda, b, kR32F, ldb,
                    beta, c, kR32F, ldc, kCompute32F, kGemmDefault);
}

static CublasStatus
hostSgemmStridedBatched(HandleT h, int opA, int opB, int m, int n, int k,
                        const float *alpha, const float *a, int lda,
                        long long strideA, const float *b, int ldb,
                        long long strideB, const float *beta, float *c, int ldc,
                        long long strideC, int batch) {
  return hostGemmStridedBatchedEx(h, opA, opB, m, n, k, alpha, a, kR32F, lda,
                                  strideA, b, kR32F, ldb, strideB, beta, c,
                                  kR32F, ldc, strideC, batch, kCompute32F,
                                  kGemmDefault);
}

static CublasApi *cublas() {
  static CublasApi api;
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  if (api.tried)
    return api.handle ? &api : nullptr;
  api.tried = true;
  if (!ready())
    return nullptr;
  const char *driver = std::getenv("REMAT_CUDA_DRIVER");
  if (driver && std::string(driver) == "fake") {
    api.sgemm = hostSgemm;
    api.sgemmStridedBatched = hostSgemmStridedBatched;
    api.gemmEx = hostGemmEx;
    api.gemmStridedBatchedEx = hostGemmStridedBatchedEx;
    api.handle = &api;
    return &api;
  }
  const char *env = std::getenv("REMAT_CUBLAS");
  const char *names[] = {env, "libcublas.so.13", "libcublas.so.12",
                         "libcublas.so.11", "libcublas.so"};
  void *library = nullptr;
  std::string tried;
  for (const char *name : names) {
    if (!name || !*name)
      continue;
    if ((library = dlopen(name, RTLD_NOW | RTLD_LOCAL)))
      break;
    tried += std::string(tried.empty() ? "" : ", ") + name;
  }
  if (!library) {
    recordError("cannot load cuBLAS (tried " + tried +
                "; set REMAT_CUBLAS to its path or add CUDA's lib64 to "
                "LD_LIBRARY_PATH)");
    return nullptr;
  }
  api.create =
      reinterpret_cast<decltype(api.create)>(dlsym(library, "cublasCreate_v2"));
  api.sgemm =
      reinterpret_cast<decltype(api.sgemm)>(dlsym(library, "cublasSgemm_v2"));
  api.sgemmStridedBatched = reinterpret_cast<decltype(api.sgemmStridedBatched)>(
      dlsym(library, "cublasSgemmStridedBatched"));
  api.gemmEx =
      reinterpret_cast<decltype(api.gemmEx)>(dlsym(library, "cublasGemmEx"));
  api.gemmStridedBatchedEx =
      reinterpret_cast<decltype(api.gemmStridedBatchedEx)>(
          dlsym(library, "cublasGemmStridedBatchedEx"));
  api.statusString = reinterpret_cast<decltype(api.statusString)>(
      dlsym(library, "cublasGetStatusString"));
  if (!api.create || !api.sgemm || !api.sgemmStridedBatched) {
    recordError("cuBLAS lacks cublasCreate_v2, cublasSgemm_v2 or "
                "cublasSgemmStridedBatched");
    return nullptr;
  }
  CublasStatus s = api.create(&api.handle);
  if (s != 0) {
    recordError("cublasCreate_v2 failed: status " + std::to_string(s));
    api.handle = nullptr;
    return nullptr;
  }
  return &api;
}

static bool fitsInt(int64_t v) { return v >= 0 && v <= INT_MAX; }

static const char *typeName(int type) {
  return type == kR32F ? "f32" : type == kR16F ? "f16" : "bf16";
}

/// One (batched) GEMM: f32 through cublasSgemm (abType == cType == f32),
/// otherwise through cublasGemmEx with f32 accumulation.
static void gemm(int32_t transA, int32_t transB, int64_t batch, int64_t m,
                 int64_t n, int64_t k, int32_t abType, uint64_t a, int64_t lda,
                 int64_t strideA, uint64_t b, int64_t ldb, int64_t strideB,
                 float beta, int32_t cType, uint64_t c, int64_t ldc,
                 int64_t strideC) {
  if (hasError())
    return;
  if (!fitsInt(m) || !fitsInt(n) || !fitsInt(k) || !fitsInt(lda) ||
      !fitsInt(ldb) || !fitsInt(ldc) || !fitsInt(batch)) {
    recordError("remat_cublas_sgemm: sizes exceed cuBLAS's int range (m=" +
                std::to_string(m) + " n=" + std::to_string(n) +
                " k=" + std::to_string(k) + ")");
    return;
  }
  bool sixteen = abType == kR16F || abType == kR16BF;
  if (!(abType == kR32F && cType == kR32F) &&
      !(sixteen && (cType == kR32F || cType == abType))) {
    recordError("remat_cublas_gemm_ex: unsupported types (A and B " +
                std::to_string(abType) + ", C " + std::to_string(cType) +
                "): f32 x f32 -> f32, or bf16/f16 operands and an f32 or "
                "same-type result");
    return;
  }
  if (m == 0 || n == 0 || batch == 0)
    return;
  CublasApi *api = cublas();
  if (!api)
    return;
  if (sixteen && (!api->gemmEx || !api->gemmStridedBatchedEx)) {
    recordError("cuBLAS lacks cublasGemmEx or cublasGemmStridedBatchedEx");
    return;
  }
  const float alpha = 1.0f;
  auto *pa = reinterpret_cast<const void *>(a);
  auto *pb = reinterpret_cast<const void *>(b);
  auto *pc = reinterpret_cast<void *>(c);
  int opB = transB ? 1 : 0, opA = transA ? 1 : 0; // CUBLAS_OP_N/T
  CublasStatus s;
  const char *call;
  void *start = profileBegin(nullptr); // cuBLAS runs on the legacy stream
  if (!sixteen && batch == 1) {
    call = "cublasSgemm_v2";
    s = api->sgemm(api->handle, opB, opA, n, m, k, &alpha,
                   static_cast<const float *>(pb), ldb,
                   static_cast<const float *>(pa), lda, &beta,
                   static_cast<float *>(pc), ldc);
  } else if (!sixteen) {
    call = "cublasSgemmStridedBatched";
    s = api->sgemmStridedBatched(
        api->handle, opB, opA, n, m, k, &alpha, static_cast<const float *>(pb),
        ldb, strideB, static_cast<const float *>(pa), lda, strideA, &beta,
        static_cast<float *>(pc), ldc, strideC, batch);
  } else if (batch == 1) {
    call = "cublasGemmEx";
    s = api->gemmEx(api->handle, opB, opA, n, m, k, &alpha, pb, abType, ldb,
                    pa, abType, lda, &beta, pc, cType, ldc, kCompute32F,
                    kGemmDefault);
  } else {
    call = "cublasGemmStridedBatchedEx";
    s = api->gemmStridedBatchedEx(api->handle, opB, opA, n, m, k, &alpha, pb,
                                  abType, ldb, strideB, pa, abType, lda,
                                  strideA, &beta, pc, cType, ldc, strideC,
                                  batch, kCompute32F, kGemmDefault);
  }
  std::string types =
      sixteen ? std::string(" ") + typeName(abType) + "->" + typeName(cType)
              : "";
  profileEnd(start, nullptr,
             std::string(call) + types + " " + (transA ? "T" : "N") +
                 (transB ? "T" : "N") + " m=" + std::to_string(m) +
                 " n=" + std::to_string(n) + " k=" + std::to_string(k) +
                 (batch > 1 ? " batch=" + std::to_string(batch) : ""));
  if (s != 0) {
    recordError(std::string(call) + " failed: " +
                (api->statusString ? api->statusString(s)
                                   : "status " + std::to_string(s)) +
                " (m=" + std::to_string(m) + " n=" + std::to_string(n) +
                " k=" + std::to_string(k) + ")");
    return;
  }
  // cuBLAS ran on the legacy default stream; the compiled code's streams are
  // blocking, so their later work waits for it and the pool's free events
  // (recorded on those streams after this call) complete after it: no host
  // wait is needed. REMAT_CUBLAS_SYNC=1 waits anyway (for debugging); on an
  // H200 the wait cost 7% of the GPT-2 example's step (docs/GPU.md).
  static const bool sync = [] {
    const char *v = std::getenv("REMAT_CUBLAS_SYNC");
    return v && *v && *v != '0';
  }();
  if (sync)
    remat_cuda_synchronize();
}

extern "C" void remat_cublas_sgemm(int32_t trans_a, int32_t trans_b, int64_t m,
                                   int64_t n, int64_t k, uint64_t a,
                                   int64_t lda, uint64_t b, int64_t ldb,
                                   float beta, uint64_t c, int64_t ldc) {
  gemm(trans_a, trans_b, 1, m, n, k, kR32F, a, lda, 0, b, ldb, 0, beta, kR32F,
       c, ldc, 0);
}

extern "C" void remat_cublas_sgemm_batched(int32_t trans_a, int32_t trans_b,
                                           int64_t batch, int64_t m, int64_t n,
                                           int64_t k, uint64_t a, int64_t lda,
                                           int64_t stride_a, uint64_t b,
                                           int64_t ldb, int64_t stride_b,
                                           float beta, uint64_t c, int64_t ldc,
                                           int64_t stride_c) {
  gemm(trans_a, trans_b, batch, m, n, k, kR32F, a, lda, stride_a, b, ldb,
       stride_b, beta, kR32F, c, ldc, stride_c);
}

extern "C" void remat_cublas_gemm_ex(int32_t trans_a, int32_t trans_b,
                                     int64_t batch, int64_t m, int64_t n,
                                     int64_t k, int32_t ab_type, uint64_t a,
                                     int64_t lda, int64_t stride_a, uint64_t b,
                                     int64_t ldb, int64_t stride_b, float beta,
                                     int32_t c_type, uint64_t c, int64_t ldc,
                                     int64_t stride_c) {
  gemm(trans_a, trans_b, batch, m, n, k, ab_type, a, lda, stride_a, b, ldb,
       stride_b, beta, c_type, c, ldc, stride_c);
}
