//===- MemrefCopy.cpp - strided memref copy for compiled code -------------===//

#include "remat-runtime/MemrefCopy.h"

#include <cstring>
#include <vector>

namespace {
struct View {
  char *base;
  int64_t offset;
  const int64_t *sizes;
  const int64_t *strides;
};

View viewOf(const remat_unranked_memref *m, int64_t elementSize) {
  // {allocated, aligned, offset, sizes[rank], strides[rank]}
  auto *fields = static_cast<int64_t *>(m->descriptor);
  char *aligned = reinterpret_cast<char *>(fields[1]);
  return {aligned, fields[2] * elementSize, fields + 3, fields + 3 + m->rank};
}
} // namespace

extern "C" void memrefCopy(int64_t elementSize, remat_unranked_memref *src,
                           remat_unranked_memref *dst) {
  int64_t rank = src->rank;
  View s = viewOf(src, elementSize), d = viewOf(dst, elementSize);
  for (int64_t i = 0; i < rank; ++i)
    if (s.sizes[i] == 0)
      return;
  if (rank == 0) {
    std::memcpy(d.base + d.offset, s.base + s.offset, elementSize);
    return;
  }
  // Walk the index space with a counter; the innermost dimension is copied
  // as one block when both sides are contiguous in it.
  int64_t inner = rank - 1;
  bool block = s.strides[inner] == 1 && d.strides[inner] == 1;
  std::vector<int64_t> index(rank, 0);
  for (;;) {
    int64_t so = s.offset, dof = d.offset;
    for (int64_t i = 0; i < inner; ++i) {
      so += index[i] * s.strides[i] * elementSize;
      dof += index[i] * d.strides[i] * elementSize;
    }
    if (block) {
      std::memcpy(d.base + dof, s.base + so, s.sizes[inner] * elementSize);
    } else {
      for (int64_t j = 0; j < s.sizes[inner]; ++j)
        std::memcpy(d.base + dof + j * d.strides[inner] * elementSize,
                    s.base + so + j * s.strides[inner] * elementSize,
                    elementSize);
    }
    int64_t i = inner - 1;
    for (; i >= 0; --i) {
      if (++index[i] < s.sizes[i])
        break;
      index[i] = 0;
    }
    if (i < 0)
      return;
  }
}
