/*===- CudaRuntime.h - remat's small CUDA runtime ------------------*- C
-*-===*\
|*                                                                            *|
|* The entry points that MLIR 22's `gpu-to-llvm` lowering and the            *|
|* `gpu.binary` translation call (`mgpu*`), plus remat's own: driver status, *|
|* device pool statistics, host<->device copies for drivers, and the cuBLAS  *|
|* GEMM that `-remat-lower-to-nvvm` calls for matmuls.                       *|
|*                                                                            *|
|* The CUDA driver is loaded with dlopen("libcuda.so.1") on first use (the    *|
|* environment variable REMAT_CUDA_DRIVER names another file), so this       *|
|* library links and loads on machines without CUDA. Every failure is       *|
|* recorded as a message naming the driver call (remat_cuda_error()); after   *|
|* the first failure, launches, copies and GEMMs are skipped so that a       *|
|* compiled graph runs to its end and the caller reports the error instead   *|
|* of crashing. Messages also go to stderr unless REMAT_CUDA_QUIET is set.   *|
|*                                                                            *|
|* No MLIR and no CUDA headers in this file: C linkage, standard types.      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef REMAT_CUDA_CUDARUNTIME_H
#define REMAT_CUDA_CUDARUNTIME_H

#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Status --------------------------------------------------------------*/

/* Loads the driver, initializes it and makes device `device`'s primary
 * context current. Returns 0 on success; otherwise the message is in
 * remat_cuda_error(). Idempotent; every other entry point calls it. */
int remat_cuda_init(int device);
/* The first recorded error, or NULL. */
const char *remat_cuda_error(void);
/* Forgets the recorded error (the driver state is not reset). */
void remat_cuda_clear_error(void);
/* Name of the device, or "" before a successful init. */
const char *remat_cuda_device_name(void);
/* Waits for all work on the device. 0 on success. */
int remat_cuda_synchronize(void);

/* ---- Device pool ---------------------------------------------------------*/

typedef struct remat_cuda_pool_stats {
  uint64_t live_bytes;     /* requested bytes currently allocated */
  uint64_t peak_bytes;     /* high-water mark of live_bytes */
  uint64_t reserved_bytes; /* bytes held from the device */
  uint64_t peak_reserved_bytes;
  uint64_t cached_bytes;
  uint64_t num_allocs; /* requests served */
  uint64_t num_frees;
  uint64_t num_device_allocs; /* cuMemAlloc calls that succeeded */
  uint64_t num_cache_hits;
  uint64_t bad_frees;
  uint64_t failed_allocs;
} remat_cuda_pool_stats;

remat_cuda_pool_stats remat_cuda_get_pool_stats(void);
void remat_cuda_reset_pool_stats(void);

/* Device memory for drivers (through the pool, counted) and synchronous
 * copies. The copies return 0 on success. */
void *remat_cuda_alloc(size_t bytes);
void remat_cuda_free(void *ptr);
int remat_cuda_copy_to_device(void *dst, const void *src, size_t bytes);
int remat_cuda_copy_to_host(void *dst, const void *src, size_t bytes);

/* Wall-clock device time of the work queued between two calls, with
 * events on the default stream: start, then stop returns milliseconds
 * (negative on error). */
int remat_cuda_timer_start(void);
double remat_cuda_timer_stop(void);

/* ---- Kernel profile --------------------------------------------------------*/

/* While enabled, each kernel launch and each cuBLAS call is bracketed by
 * two CUDA events on its stream: it adds two event records per launch and
 * no synchronization. REMAT_CUDA_PROFILE=FILE enables it for the whole
 * process and writes the profile to FILE at exit. */
void remat_cuda_profile_enable(int on);
/* Waits for the device, then writes the recorded launches as JSON to `path`
 * ("-": stdout), grouped by kernel name (cuBLAS calls by shape) and sorted
 * by total time: {"total_ms", "launches", "kernels": [{"name", "count",
 * "total_ms", "max_ms"}]}; then forgets them. 0 on success. */
int remat_cuda_profile_write(const char *path);

/* ---- cuBLAS ---------------------------------------------------------------*/

/* C[m x n] = A[m x k] * B[k x n] + beta * C, row-major f32 device arrays
 * with leading dimensions lda, ldb, ldc (elements); trans_a/trans_b != 0
 * mean A is stored as k x m / B as n x k. Pointers are passed as integers
 * (the compiled code's `index` values). libcublas is loaded with dlopen on
 * first use. Runs on the legacy default stream, which the
 * runtime's blocking streams are ordered with; does not wait for it. */
void remat_cublas_sgemm(int32_t trans_a, int32_t trans_b, int64_t m, int64_t n,
                        int64_t k, uint64_t a, int64_t lda, uint64_t b,
                        int64_t ldb, float beta, uint64_t c, int64_t ldc);
/* The same, `batch` times, with element strides between the matrices. */
void remat_cublas_sgemm_batched(int32_t trans_a, int32_t trans_b, int64_t batch,
                                int64_t m, int64_t n, int64_t k, uint64_t a,
                                int64_t lda, int64_t stride_a, uint64_t b,
                                int64_t ldb, int64_t stride_b, float beta,
                                uint64_t c, int64_t ldc, int64_t stride_c);
/* Mixed precision: A and B of type `ab_type`, C of type `c_type`
 * (cudaDataType_t: 0 f32, 2 f16, 14 bf16; A and B 16-bit, C f32 or the
 * same 16-bit type), products accumulated in f32 (CUBLAS_COMPUTE_32F, on
 * tensor cores): cublasGemmEx, or cublasGemmStridedBatchedEx when
 * batch > 1. Strides, leading dimensions and beta as above. */
void remat_cublas_gemm_ex(int32_t trans_a, int32_t trans_b, int64_t batch,
                          int64_t m, int64_t n, int64_t k, int32_t ab_type,
                          uint64_t a, int64_t lda, int64_t stride_a,
                          uint64_t b, int64_t ldb, int64_t stride_b,
                          float beta, int32_t c_type, uint64_t c, int64_t ldc,
                          int64_t stride_c);

/* ---- MLIR's gpu-to-llvm entry points -------------------------------------*/

void *mgpuModuleLoad(void *data, size_t size);
void *mgpuModuleLoadJIT(void *data, int optLevel);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t paramsCount);
void *mgpuStreamCreate(void);
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
void *mgpuEventCreate(void);
void mgpuEventDestroy(void *event);
void mgpuEventSynchronize(void *event);
void mgpuEventRecord(void *event, void *stream);
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
void mgpuMemset32(void *dst, unsigned int value, size_t count, void *stream);
void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream);
void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes);
void mgpuMemHostUnregister(void *ptr);
void mgpuSetDefaultDevice(int32_t device);

#ifdef __cplusplus
}
#endif

#endif /* REMAT_CUDA_CUDARUNTIME_H */
