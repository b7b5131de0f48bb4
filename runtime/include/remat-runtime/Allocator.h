/*===- Allocator.h - remat's counting host allocator --------------*- C -*-===*\
|*                                                                            *|
|* The allocation entry points that MLIR's memref-to-LLVM lowering calls with *|
|* `use-generic-functions=true`, implemented over malloc with exact           *|
|* accounting: live bytes, their high-water mark, and allocation counts.      *|
|* Sizes are the bytes the compiled code asks for, before any alignment       *|
|* padding, so that they compare directly with remat's predicted peak.        *|
|*                                                                            *|
|* No MLIR in this header: C linkage, standard types only.                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef REMAT_RUNTIME_ALLOCATOR_H
#define REMAT_RUNTIME_ALLOCATOR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct remat_alloc_stats {
  uint64_t live_bytes;  /* bytes currently allocated */
  uint64_t peak_bytes;  /* high-water mark of live_bytes since the last reset */
  uint64_t num_allocs;  /* allocations since the last reset */
  uint64_t num_frees;   /* frees since the last reset */
  uint64_t total_bytes; /* bytes allocated since the last reset */
} remat_alloc_stats;

/* Entry points called by compiled code. */
void *_mlir_memref_to_llvm_alloc(size_t size);
void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size);
void _mlir_memref_to_llvm_free(void *ptr);

/* Counters. A reset keeps live allocations live: peak restarts at the
 * current live bytes, counts restart at zero. */
remat_alloc_stats remat_alloc_get_stats(void);
void remat_alloc_reset_stats(void);

/* Whether `ptr` is a live allocation of this allocator (the pointer that
 * an alloc entry point returned). */
int remat_alloc_owns(const void *ptr);

/* The number of failed frees (of pointers this allocator does not own)
 * since the last reset; such frees are ignored, not passed to free(). */
uint64_t remat_alloc_bad_frees(void);

#ifdef __cplusplus
}
#endif

#endif /* REMAT_RUNTIME_ALLOCATOR_H */
