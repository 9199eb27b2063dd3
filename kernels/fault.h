/*
** kernels/fault.h: test-only kernels that fault on purpose, so the tests can
** check what the harness does when a kernel breaks the CUDA context (the
** BENCH_INJECT_FAULT switch of experiments/harness/testhook.c, linked into
** test builds only). No study measures them.
*/
#ifndef KERNELS_FAULT_H
#define KERNELS_FAULT_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Launch one thread that writes 256 GiB past a one-element cudaMalloc'd
** buffer, on stream s, and wait for it. Returns the cudaError_t (as int) of
** the launch or of the synchronization: cudaErrorIllegalAddress when the
** fault is caught, which leaves the context unusable. */
int fault_launch_oob(cudaStream_t s);

/* Launch one thread that executes __trap() on stream s and wait for it.
** Returns the cudaError_t (as int): cudaErrorLaunchFailure, sticky. */
int fault_launch_trap(cudaStream_t s);

#ifdef __cplusplus
}
#endif

#endif
