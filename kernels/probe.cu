/*
** kernels/probe.cu: the probe launch before the first configuration (see
** probe.h). Built with the same -gencode flags as every study kernel, so it
** runs exactly where they can.
*/
#include "kernels/probe.h"

#include <cuda_runtime.h>

/* Write 1 through p. */
__global__ void probe_kernel(int *p) { *p = 1; }

extern "C" int probe_launch(cudaStream_t s) {
  int *d_p = NULL, h = 0;
  cudaError_t e = cudaMalloc(&d_p, sizeof(int));
  if (e != cudaSuccess) return (int)e;
  e = cudaMemsetAsync(d_p, 0, sizeof(int), s);
  if (e == cudaSuccess) {
    probe_kernel<<<1, 1, 0, s>>>(d_p);
    e = cudaGetLastError();
  }
  if (e == cudaSuccess) e = cudaMemcpyAsync(&h, d_p, sizeof(int), cudaMemcpyDeviceToHost, s);
  if (e == cudaSuccess) e = cudaStreamSynchronize(s);
  cudaFree(d_p);
  if (e == cudaSuccess && h != 1) e = cudaErrorUnknown;
  return (int)e;
}
