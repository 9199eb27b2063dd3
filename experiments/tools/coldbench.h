/*
** experiments/tools/coldbench.h: the kernels of the minimal harness
** (experiments/tools/coldbench.c), C interface. Each returns a cudaError_t
** as int. They are nvbench's cold-measurement kernels written again (see
** coldbench.c for the protocol): no code of this project's harness.
*/
#ifndef TOOLS_COLDBENCH_H
#define TOOLS_COLDBENCH_H

#include <stddef.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* nvbench's blocking kernel: one thread spins until *dFlag (mapped host
** memory) is non-zero, or until nsTimeout of %globaltimer have passed; then
** it sets *dTimedOut to 1. */
int coldbench_block(const volatile int *dFlag, volatile int *dTimedOut, unsigned long long nsTimeout,
                    cudaStream_t s);

/* nvbench's timestamp kernel: nSm blocks of one thread; the block on SM 0
** writes %globaltimer to dStamp[0] and clock64() to dStamp[1]. */
int coldbench_stamp(unsigned long long *dStamp, int nSm, cudaStream_t s);

/* An empty kernel, one block of 32 threads (as the project's launch floor). */
int coldbench_empty(cudaStream_t s);

/* cub::DeviceReduce::Sum of the int32 d_in[0..n) into *d_out with a size_t
** count (CUB's 64-bit offsets, the reduce study's cub); with d_tmp NULL only
** *pnTmp is set (CUB's size query). */
int coldbench_cub_sum(const int *d_in, int *d_out, size_t n, void *d_tmp, size_t *pnTmp, cudaStream_t s);

/* The same with an int count (CUB's 32-bit offsets, the study's cub32);
** cudaErrorInvalidValue for n > INT_MAX. */
int coldbench_cub32_sum(const int *d_in, int *d_out, size_t n, void *d_tmp, size_t *pnTmp, cudaStream_t s);

/* The CCCL (CUB) version of the headers this was compiled with ("3.0.0"). */
const char *coldbench_cccl_version(void);

#ifdef __cplusplus
}
#endif
#endif
