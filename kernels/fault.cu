/*
** kernels/fault.cu: test-only faulting kernels (see fault.h).
*/
#include "kernels/fault.h"

#include <cuda_runtime.h>

/* Write one value 2^36 elements (256 GiB) past p: far beyond any allocation,
** so the address is unmapped and the write faults. */
__global__ void fault_oob_kernel(volatile int *p) { p[(size_t)1 << 36] = 42; }

/* Abort the kernel. */
__global__ void fault_trap_kernel(void) { __trap(); }

/* Launch status, else the status of waiting for the stream. */
static int wait_for(cudaStream_t s) {
  cudaError_t e = cudaGetLastError();
  if (e == cudaSuccess) e = cudaStreamSynchronize(s);
  return (int)e;
}

extern "C" int fault_launch_oob(cudaStream_t s) {
  int *d_p = NULL;
  cudaError_t e = cudaMalloc(&d_p, sizeof(int));
  if (e != cudaSuccess) return (int)e;
  fault_oob_kernel<<<1, 1, 0, s>>>(d_p);
  int rc = wait_for(s);
  cudaFree(d_p); /* fails once the context is lost; the fault is what counts */
  return rc;
}

extern "C" int fault_launch_trap(cudaStream_t s) {
  fault_trap_kernel<<<1, 1, 0, s>>>();
  return wait_for(s);
}
