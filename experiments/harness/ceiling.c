/*
** experiments/harness/ceiling.c: the read ceiling (see ceiling.h).
*/
#include <stdlib.h>

#include "experiments/harness/stats.h"

#include "experiments/harness/ceiling.h"
#include "experiments/harness/gpu.h"
#include "kernels/ceiling.h"

#define CEILING_REPS 5

/* Order of doubles for qsort. */
static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Median GB/s of one read kernel over the buffer with blocks of nBlock
** threads, resident blocks x nFactor of them, or 0 on error. */
static double kernel_gbps(int nWidth, int nInFlight, int nBlock, int nFactor, const void *d_buf, size_t nBytes,
                          int nSm, unsigned *d_sink, cudaEvent_t e0, cudaEvent_t e1) {
  int nPerSm = 0;
  if (ceiling_occupancy(nWidth, nInFlight, nBlock, &nPerSm) || nPerSm < 1) return 0;
  const int nGrid = nSm * nPerSm * nFactor;
  cudaStream_t s = gpu_stream();
  double aMs[CEILING_REPS];
  if (ceiling_read_launch(nWidth, nInFlight, d_buf, nBytes, nGrid, nBlock, d_sink, s)) return 0;
  for (int r = 0; r < CEILING_REPS; r++) {
    float ms = 0;
    if (cudaEventRecord(e0, s) ||
        ceiling_read_launch(nWidth, nInFlight, d_buf, nBytes, nGrid, nBlock, d_sink, s) ||
        cudaEventRecord(e1, s) || cudaEventSynchronize(e1) || cudaEventElapsedTime(&ms, e0, e1) || ms <= 0)
      return 0;
    aMs[r] = ms;
  }
  qsort(aMs, CEILING_REPS, sizeof(double), cmp_double);
  return (double)nBytes / (aMs[CEILING_REPS / 2] * 1e6);
}

/* See ceiling.h. */
double gpu_read_ceiling_gbps(void) {
  static const int anWidth[] = {4, 8, 16}, anInFlight[] = {1, 2, 4, 8}, anBlock[] = {256, 1024},
                   anFactor[] = {1, 2, 4};
  int iDev = 0, nSm = 0, nL2 = 0;
  if (cudaGetDevice(&iDev) || cudaDeviceGetAttribute(&nSm, cudaDevAttrMultiProcessorCount, iDev) ||
      cudaDeviceGetAttribute(&nL2, cudaDevAttrL2CacheSize, iDev))
    return 0;
  size_t nBytes = (size_t)1 << 30;
  const size_t nMin = 8 * (size_t)nL2, nFree = gpu_free_bytes();
  if (nBytes > nFree / 2) nBytes = nFree / 2 / 16 * 16;
  if (nBytes < nMin || nBytes < 16) return 0;
  void *d_buf = NULL;
  unsigned *d_sink = NULL;
  cudaEvent_t e0 = NULL, e1 = NULL;
  double best = 0;
  /* The fill runs on the study stream (non-blocking: a legacy-stream memset
  ** could still be running under the first timed reads). */
  if (!cudaMalloc(&d_buf, nBytes) && !cudaMalloc((void **)&d_sink, 16) &&
      !cudaMemsetAsync(d_buf, 0x5a, nBytes, gpu_stream()) && !cudaStreamSynchronize(gpu_stream()) &&
      !cudaEventCreate(&e0) && !cudaEventCreate(&e1)) {
    for (size_t i = 0; i < sizeof(anWidth) / sizeof(int); i++)
      for (size_t j = 0; j < sizeof(anInFlight) / sizeof(int); j++)
        for (size_t k = 0; k < sizeof(anBlock) / sizeof(int); k++)
          for (size_t f = 0; f < sizeof(anFactor) / sizeof(int); f++) {
            double g = kernel_gbps(anWidth[i], anInFlight[j], anBlock[k], anFactor[f], d_buf, nBytes, nSm, d_sink,
                                   e0, e1);
            if (g > best) best = g;
          }
  }
  if (e0) cudaEventDestroy(e0);
  if (e1) cudaEventDestroy(e1);
  if (d_sink) cudaFree(d_sink);
  if (d_buf) cudaFree(d_buf);
  cudaGetLastError();
  return best;
}

/* One launch of the empty kernel, as gpu_sample() calls it. */
static int empty_once(void *pCtx, cudaStream_t s) {
  (void)pCtx;
  return ceiling_empty_launch(s);
}

/* The median microseconds of the empty kernel sampled in mode eMode
** (GPU_MODE_SINGLE: one launch a sample, clean flush; GPU_MODE_BATCH:
** GPU_BATCH_LAUNCHES back to back a sample, per launch, no flush) with bBare,
** nMin to nMax samples (CEILING_FLOOR_REPS at most), or 0. */
static double floor_us(int eMode, int bBare, int nMin, int nMax) {
  double aMs[CEILING_FLOOR_REPS];
  gpu_sampling t = {3, eMode == GPU_MODE_BATCH ? GPU_FLUSH_NONE : GPU_FLUSH_CLEAN, eMode,
                    eMode == GPU_MODE_BATCH ? GPU_BATCH_LAUNCHES : 0, {0.005, nMin, nMax, 0, 100}, 0, bBare, 0};
  gpu_samples o = {aMs, 0, 1, 0, 0, 0, STATS_GO_ON, 0};
  double us = 0;
  if (gpu_sample(&t, empty_once, NULL, NULL, &o) == 0 && o.nMs > 0) {
    qsort(aMs, (size_t)o.nMs, sizeof(double), cmp_double);
    us = stats_quantile_sorted(aMs, o.nMs, 0.5) * 1e3;
  }
  cudaGetLastError();
  return us;
}

/* See ceiling.h. */
double gpu_launch_floor_us(void) { return floor_us(GPU_MODE_SINGLE, 0, CEILING_FLOOR_REPS / 2, CEILING_FLOOR_REPS); }

/* See ceiling.h. */
double gpu_launch_floor_config_us(int eMode) {
  return floor_us(eMode == GPU_MODE_BATCH ? GPU_MODE_BATCH : GPU_MODE_SINGLE, 0, CEILING_CONFIG_FLOOR_REPS,
                  CEILING_CONFIG_FLOOR_REPS);
}

/* See ceiling.h. */
double gpu_launch_floor_bare_us(void) { return floor_us(GPU_MODE_SINGLE, 1, CEILING_FLOOR_REPS / 2, CEILING_FLOOR_REPS); }

/* See ceiling.h. */
int gpu_cub_version(void) { return ceiling_cub_version(); }
