/*===- remat-graph.h - the interface of an ahead-of-time graph ----*- C -*-===*\
|*                                                                            *|
|* `remat-run --backend=cuda --compile-only` writes, per graph, an object     *|
|* file (host code with the GPU kernels embedded) and a wrapper source        *|
|* that implements this interface.                                            *|
|* The driver (aot/driver.cpp) runs any graph through it, with no MLIR.       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef REMAT_AOT_REMAT_GRAPH_H
#define REMAT_AOT_REMAT_GRAPH_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct remat_graph_tensor {
  const char *dtype; /* NumPy descr: "<f4", "<f8", "<f2", "|b1", "<i4", ... */
  int rank;
  const int64_t *shape;
  int64_t element_size;
} remat_graph_tensor;

typedef struct remat_graph_info {
  const char *entry;  /* the function compiled */
  const char *source; /* the .mlir file it came from */
  const char *policy; /* the remat policy applied */
  const char *chip;
  int num_args;
  int num_results;
  const remat_graph_tensor *args;
  const remat_graph_tensor *results;
  /* The memory timeline's peak on the prepared IR (what the device pool's
   * live-bytes high-water mark should reach), and right after the remat
   * pipeline (what -remat-report says). */
  int64_t predicted_peak_bytes;
  int64_t pipeline_peak_bytes;
  /* Bytes of dense tensor constants: each has a device copy for the whole
   * call, so the measured device peak may exceed the prediction by this. */
  int64_t constant_bytes;
} remat_graph_info;

extern const remat_graph_info remat_graph;

/* Runs the graph once. `args[i]` are device buffers holding the arguments
 * (dense, row-major); on return `results[i]` are device buffers the caller
 * owns (free them with remat_cuda_free). Returns 0, or 1 if a result is not
 * a dense buffer of its own (never expected). Errors of the device are in
 * remat_cuda_error(). */
int remat_graph_call(void *const *args, void **results);

#ifdef __cplusplus
}
#endif

#endif /* REMAT_AOT_REMAT_GRAPH_H */
