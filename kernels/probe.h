/*
** kernels/probe.h: a trivial kernel the harness launches once before the
** first configuration, to learn whether this build holds code the GPU can
** run (machine code for its architecture, or PTX its driver can compile).
*/
#ifndef KERNELS_PROBE_H
#define KERNELS_PROBE_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Launch one thread that writes 1 into a cudaMalloc'd int on stream s, wait,
** and check the value. Returns the cudaError_t (as int) of the first step
** that failed: cudaErrorNoKernelImageForDevice when the build holds no code
** for the device; cudaErrorUnknown if the kernel ran but wrote nothing. */
int probe_launch(cudaStream_t s);

#ifdef __cplusplus
}
#endif

#endif
