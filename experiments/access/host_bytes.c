/*
** experiments/access/host_bytes.c: memset and memcmp on OpenMP threads, a
** fixed block per loop step; see host_bytes.h. Either result is the same for
** any thread count (every byte is written, every block compared).
*/
#include <string.h>

#include "experiments/access/host_bytes.h"

/* Bytes of block b of an nBytes buffer. */
static size_t block_len(size_t b, size_t nBytes) {
  const size_t iFrom = b * HOST_BYTES_BLOCK;
  return nBytes - iFrom < HOST_BYTES_BLOCK ? nBytes - iFrom : HOST_BYTES_BLOCK;
}

/* memset(p, c, nBytes), a block per loop step. */
void host_fill_bytes(void *p, int c, size_t nBytes) {
  const size_t nBlock = (nBytes + HOST_BYTES_BLOCK - 1) / HOST_BYTES_BLOCK;
#pragma omp parallel for schedule(static)
  for (size_t b = 0; b < nBlock; b++) memset((char *)p + b * HOST_BYTES_BLOCK, c, block_len(b, nBytes));
}

/* memcmp(a, b, nBytes) == 0, a block per loop step. */
int host_same_bytes(const void *a, const void *b, size_t nBytes) {
  const size_t nBlock = (nBytes + HOST_BYTES_BLOCK - 1) / HOST_BYTES_BLOCK;
  int bDiffer = 0;
#pragma omp parallel for schedule(static) reduction(| : bDiffer)
  for (size_t k = 0; k < nBlock; k++)
    bDiffer |= memcmp((const char *)a + k * HOST_BYTES_BLOCK, (const char *)b + k * HOST_BYTES_BLOCK,
                      block_len(k, nBytes)) != 0;
  return !bDiffer;
}
