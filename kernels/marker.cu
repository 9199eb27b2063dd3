/*
** kernels/marker.cu: the marker of a multi-configuration profile run (see
** marker.h). Built with the same -gencode flags as every study kernel.
*/
#include "kernels/marker.h"

#include <cuda_runtime.h>

/* Nothing: only the launch's grid size matters (ncu records it). */
__global__ void profile_marker_kernel(void) {}

extern "C" int profile_marker_launch(int index, cudaStream_t s) {
  if (index < 0 || index >= 2147483647) return (int)cudaErrorInvalidValue;
  profile_marker_kernel<<<(unsigned)index + 1u, 1, 0, s>>>();
  return (int)cudaGetLastError();
}
