/*
** experiments/tools/coldbench_gpu.cu: the kernels of the minimal harness;
** interface and purpose in experiments/tools/coldbench.h. Written after
** nvbench's nvbench/blocking_kernel.cu and
** nvbench/detail/timestamps_kernel.cu (Apache 2.0 with LLVM exception):
** the same launch shapes, no code copied.
*/
#include <limits.h>
#include <stdio.h>
#include <cub/device/device_reduce.cuh>
#include <cub/version.cuh>

#include "experiments/tools/coldbench.h"

/* %globaltimer in nanoseconds. */
__device__ inline unsigned long long global_ns(void) {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

/* Spin until *pFlag or the timeout (one thread). */
__global__ void coldbench_block_kernel(const volatile int *pFlag, volatile int *pTimedOut,
                                       unsigned long long nsTimeout) {
  const unsigned long long t0 = global_ns();
  while (!*pFlag) {
    if (global_ns() - t0 > nsTimeout) {
      *pTimedOut = 1;
      __threadfence_system();
      return;
    }
  }
}

/* The block that runs on SM 0 writes the global timer and its SM clock. */
__global__ void coldbench_stamp_kernel(unsigned long long *pStamp) {
  unsigned smid;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
  if (smid != 0) return;
  const unsigned long long ns = global_ns();
  const unsigned long long clk = (unsigned long long)clock64();
  pStamp[0] = ns;
  pStamp[1] = clk;
}

/* Nothing at all. */
__global__ void coldbench_empty_kernel(void) {}

extern "C" int coldbench_block(const volatile int *dFlag, volatile int *dTimedOut, unsigned long long nsTimeout,
                               cudaStream_t s) {
  coldbench_block_kernel<<<1, 1, 0, s>>>(dFlag, dTimedOut, nsTimeout);
  return (int)cudaGetLastError();
}

extern "C" int coldbench_stamp(unsigned long long *dStamp, int nSm, cudaStream_t s) {
  coldbench_stamp_kernel<<<(unsigned)(nSm > 0 ? nSm : 1), 1, 0, s>>>(dStamp);
  return (int)cudaGetLastError();
}

extern "C" int coldbench_empty(cudaStream_t s) {
  coldbench_empty_kernel<<<1, 32, 0, s>>>();
  return (int)cudaGetLastError();
}

extern "C" int coldbench_cub_sum(const int *d_in, int *d_out, size_t n, void *d_tmp, size_t *pnTmp,
                                 cudaStream_t s) {
  cudaError_t e = cub::DeviceReduce::Sum(d_tmp, *pnTmp, d_in, d_out, n, s);
  if (e == cudaSuccess && d_tmp) e = cudaGetLastError();
  return (int)e;
}

extern "C" int coldbench_cub32_sum(const int *d_in, int *d_out, size_t n, void *d_tmp, size_t *pnTmp,
                                   cudaStream_t s) {
  if (n > (size_t)INT_MAX) return (int)cudaErrorInvalidValue;
  cudaError_t e = cub::DeviceReduce::Sum(d_tmp, *pnTmp, d_in, d_out, (int)n, s);
  if (e == cudaSuccess && d_tmp) e = cudaGetLastError();
  return (int)e;
}

extern "C" const char *coldbench_cccl_version(void) {
  static char z[32];
  snprintf(z, sizeof(z), "%d.%d.%d", CUB_VERSION / 100000, CUB_VERSION / 100 % 1000, CUB_VERSION % 100);
  return z;
}
