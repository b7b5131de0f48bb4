//===- Cublas.cpp - f32 GEMMs through a dlopen'ed cuBLAS ------------------===//
//
// remat_cublas_sgemm* are what -remat-lower-to-nvvm turns linalg.matmul,
// linalg.batch_matmul and transposed matmul generics into. Row-major
// operands are handed to column-major cuBLAS as their transposes:
// C^T = op(B)^T * op(A)^T, so B comes first.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"
#include "remat-cuda/CudaRuntime.h"

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
  const char *(*statusString)(CublasStatus) = nullptr;
  HandleT handle = nullptr;
  bool tried = false;
};
} // namespace

/// Column-major C = op(A) op(B) + beta C on the host, as cuBLAS defines it:
/// the GEMM of the fake driver (REMAT_CUDA_DRIVER=fake), whose "device"
/// memory is host memory.
static CublasStatus hostSgemm(HandleT, int opA, int opB, int m, int n, int k,
                              const float *alpha, const float *a, int lda,
                              const float *b, int ldb, const float *beta,
                              float *c, int ldc) {
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      double sum = 0;
      for (int l = 0; l < k; ++l) {
        float x = opA ? a[l + size_t(i) * lda] : a[i + size_t(l) * lda];
        float y = opB ? b[j + size_t(l) * ldb] : b[l + size_t(j) * ldb];
        sum += double(x) * y;
      }
      float &out = c[i + size_t(j) * ldc];
      out = float(*alpha * sum + *beta * out);
    }
  return 0;
}

static CublasStatus
hostSgemmStridedBatched(HandleT h, int opA, int opB, int m, int n, int k,
                        const float *alpha, const float *a, int lda,
                        long long strideA, const float *b, int ldb,
                        long long strideB, const float *beta, float *c, int ldc,
                        long long strideC, int batch) {
  for (int i = 0; i < batch; ++i)
    hostSgemm(h, opA, opB, m, n, k, alpha, a + i * strideA, lda,
              b + i * strideB, ldb, beta, c + i * strideC, ldc);
  return 0;
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

static void gemm(int32_t transA, int32_t transB, int64_t batch, int64_t m,
                 int64_t n, int64_t k, uint64_t a, int64_t lda, int64_t strideA,
                 uint64_t b, int64_t ldb, int64_t strideB, float beta,
                 uint64_t c, int64_t ldc, int64_t strideC) {
  if (hasError())
    return;
  if (!fitsInt(m) || !fitsInt(n) || !fitsInt(k) || !fitsInt(lda) ||
      !fitsInt(ldb) || !fitsInt(ldc) || !fitsInt(batch)) {
    recordError("remat_cublas_sgemm: sizes exceed cuBLAS's int range (m=" +
                std::to_string(m) + " n=" + std::to_string(n) +
                " k=" + std::to_string(k) + ")");
    return;
  }
  if (m == 0 || n == 0 || batch == 0)
    return;
  CublasApi *api = cublas();
  if (!api)
    return;
  const float alpha = 1.0f;
  auto *pa = reinterpret_cast<const float *>(a);
  auto *pb = reinterpret_cast<const float *>(b);
  auto *pc = reinterpret_cast<float *>(c);
  int opB = transB ? 1 : 0, opA = transA ? 1 : 0; // CUBLAS_OP_N/T
  CublasStatus s;
  const char *call;
  void *start = profileBegin(nullptr); // cuBLAS runs on the legacy stream
  if (batch == 1) {
    call = "cublasSgemm_v2";
    s = api->sgemm(api->handle, opB, opA, n, m, k, &alpha, pb, ldb, pa, lda,
                   &beta, pc, ldc);
  } else {
    call = "cublasSgemmStridedBatched";
    s = api->sgemmStridedBatched(api->handle, opB, opA, n, m, k, &alpha, pb,
                                 ldb, strideB, pa, lda, strideA, &beta, pc, ldc,
                                 strideC, batch);
  }
  profileEnd(start, nullptr,
             std::string(call) + " " + (transA ? "T" : "N") +
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
  gemm(trans_a, trans_b, 1, m, n, k, a, lda, 0, b, ldb, 0, beta, c, ldc, 0);
}

extern "C" void remat_cublas_sgemm_batched(int32_t trans_a, int32_t trans_b,
                                           int64_t batch, int64_t m, int64_t n,
                                           int64_t k, uint64_t a, int64_t lda,
                                           int64_t stride_a, uint64_t b,
                                           int64_t ldb, int64_t stride_b,
                                           float beta, uint64_t c, int64_t ldc,
                                           int64_t stride_c) {
  gemm(trans_a, trans_b, batch, m, n, k, a, lda, stride_a, b, ldb, stride_b,
       beta, c, ldc, stride_c);
}
