/*===- MemrefCopy.h - strided memref copy for compiled code -------*- C -*-===*\
|*                                                                            *|
|* MLIR's memref-to-LLVM lowering turns a memref.copy whose operands are not  *|
|* both contiguous (a strided insert_slice, a padded or concatenated tensor)  *|
|* into a call to `memrefCopy`. Debian ships it only inside                   *|
|* libmlir_c_runner_utils; remat's runner provides its own so compiled graphs *|
|* link against remat's runtime alone.                                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef REMAT_RUNTIME_MEMREFCOPY_H
#define REMAT_RUNTIME_MEMREFCOPY_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An unranked memref as compiled code passes it: the rank and a pointer to
 * the ranked descriptor {allocated, aligned, offset, sizes[rank],
 * strides[rank]}. */
typedef struct remat_unranked_memref {
  int64_t rank;
  void *descriptor;
} remat_unranked_memref;

/* Copies every element of `src` into `dst` (same shape, any strides);
 * elements are `element_size` bytes. */
void memrefCopy(int64_t element_size, remat_unranked_memref *src,
                remat_unranked_memref *dst);

#ifdef __cplusplus
}
#endif

#endif /* REMAT_RUNTIME_MEMREFCOPY_H */
