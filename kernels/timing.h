/*
** kernels/timing.h: the kernels the harness's timing uses (experiments/harness/gpu.c),
** none of them measured itself:
**   timing_flush_read  read a buffer (3 x the L2: GPU_FLUSH_CLEAN_L2S, experiments/
**                      harness/gpu.h) so the L2 holds only clean lines
**   timing_block       one thread spinning on a host-released flag: holds the stream
**                      while a batch of repetitions is enqueued (bounded spin)
**   timing_stamp       record clock64() and %globaltimer on SM 0 (the SM clock
**                      over a sample is dclock / dns)
*/
#ifndef KERNELS_TIMING_H
#define KERNELS_TIMING_H

#include <stddef.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One clock stamp, written by timing_stamp() from SM 0. */
typedef struct timing_stamp_t {
  unsigned long long clk;   /* clock64() of SM 0 */
  unsigned long long ns;    /* %globaltimer, nanoseconds */
  unsigned int seq;         /* the sequence number the launch passed: a stamp is valid
                            ** only if it matches (no block ran on SM 0 otherwise) */
  unsigned int pad;
} timing_stamp_t;

/* Read nBytes (a multiple of 16) of d_buf with ordinary (L2-allocating) loads,
** on nSm x 4 blocks; the XOR of what was read goes to *d_sink only if it equals
** key (never, in practice), so nothing is written and the loads cannot be
** elided. Returns the launch's cudaError_t as int. */
int timing_flush_read(const void *d_buf, size_t nBytes, unsigned long long *d_sink,
                      unsigned long long key, int nSm, cudaStream_t s);

/* One thread that spins until *pFlag (mapped host memory) is nonzero, or until
** nsTimeout nanoseconds of %globaltimer have passed, in which case it sets
** *pTimedOut (mapped host memory) to 1. Returns the launch's status. */
int timing_block(volatile int *pFlag, volatile int *pTimedOut, unsigned long long nsTimeout,
                 cudaStream_t s);

/* nBlocks blocks of one warp; the first thread of a block that runs on SM 0
** writes clock64(), %globaltimer and seq to *pStamp (mapped host memory).
** Returns the launch's status. */
int timing_stamp(timing_stamp_t *pStamp, unsigned int seq, int nBlocks, cudaStream_t s);

#ifdef __cplusplus
}
#endif

#endif
