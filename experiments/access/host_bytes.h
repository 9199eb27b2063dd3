/*
** experiments/access/host_bytes.h: memset and memcmp == 0 over large host
** buffers on the host's cores (OpenMP; OMP_NUM_THREADS applies), for the
** access study's verification: one core's memory bandwidth made the sentinel
** fill and the bitwise comparison of 2^26 floats a large part of every
** verification. Plain C11, no CUDA.
*/
#ifndef EXPERIMENTS_HOST_BYTES_H
#define EXPERIMENTS_HOST_BYTES_H

#include <stddef.h>

/* Bytes per loop step (the last step takes the rest). */
#define HOST_BYTES_BLOCK ((size_t)1 << 20)

/* memset(p, c, nBytes), HOST_BYTES_BLOCK bytes per loop step. */
void host_fill_bytes(void *p, int c, size_t nBytes);

/* 1 if memcmp(a, b, nBytes) == 0, else 0; HOST_BYTES_BLOCK bytes per step. */
int host_same_bytes(const void *a, const void *b, size_t nBytes);

#endif
