/*
** kernels/cuda_check.cuh: helpers shared by every kernel family (device side).
**
** Every launcher in kernels/ is an extern "C" function that returns the
** cudaError_t of its launch (cudaGetLastError() after the last launch) as an
** int, never exits and never allocates: workspace comes from the caller.
*/
#ifndef KERNELS_CUDA_CHECK_CUH
#define KERNELS_CUDA_CHECK_CUH

#include <cuda_runtime.h>

/* Return the error of the last launch from a launcher. */
#define LAUNCH_RETURN() return (int)cudaGetLastError()

/* Return early from a launcher when a CUDA call fails. */
#define TRY(call)                                  \
  do {                                             \
    cudaError_t e_ = (call);                       \
    if (e_ != cudaSuccess) return (int)e_;         \
  } while (0)

/* Precondition of a launcher: return cudaErrorInvalidValue when false. */
#define REQUIRE(cond)                                    \
  do {                                                   \
    if (!(cond)) return (int)cudaErrorInvalidValue;      \
  } while (0)

/* Ceiling division for grid sizes. */
static inline __host__ __device__ size_t ceil_div(size_t a, size_t b) {
  return (a + b - 1) / b;
}

#endif
