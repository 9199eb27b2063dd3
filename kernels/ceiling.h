/*
** kernels/ceiling.h: read-only streaming kernels that find the best read
** bandwidth a device gives (the "read ceiling" stored in run.read_gbps), C
** interface. Each reads a buffer once with W-byte loads (W = 4, 8 or 16), K
** independent loads in flight per thread (K = 1, 2, 4 or 8), over
** block-contiguous tiles of K*blockDim loads; what it reads is folded into a
** value that decides a store, so the loads cannot be elided.
*/
#ifndef KERNELS_CEILING_H
#define KERNELS_CEILING_H

#include <stddef.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Resident blocks per SM of the (nWidth, nInFlight) kernel at nBlock
** threads, in *pnPerSM. Returns a cudaError_t (cudaErrorInvalidValue for a
** width or in-flight count not listed above). */
int ceiling_occupancy(int nWidth, int nInFlight, int nBlock, int *pnPerSM);

/* Read d_buf[0..nBytes) once (nBytes a multiple of 16, d_buf 16-byte
** aligned) with nGrid blocks of nBlock threads on stream s; d_sink is one
** device word the kernel writes only if the data fold to a value it never
** does. Returns the launch's cudaError_t. */
int ceiling_read_launch(int nWidth, int nInFlight, const void *d_buf, size_t nBytes, int nGrid,
                        int nBlock, unsigned *d_sink, cudaStream_t s);

/* Launch an empty kernel (one block of 32 threads) on stream s: the launch
** floor. Returns the launch's cudaError_t. */
int ceiling_empty_launch(cudaStream_t s);

/* CUB_VERSION of the headers the kernels were compiled with (CCCL major x
** 100000 + minor x 100 + patch, e.g. 300000 for 3.0.0). */
int ceiling_cub_version(void);

#ifdef __cplusplus
}
#endif
#endif
