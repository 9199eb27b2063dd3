/*
** experiments/harness/gpu.h: the GPU side of the harness, in C11 over the
** CUDA runtime API: device facts, the L2 flush, event timing and the copy
** bandwidth probe. Kernels themselves live in kernels/.
*/
#ifndef HARNESS_GPU_H
#define HARNESS_GPU_H

#include <stddef.h>
#include <cuda_runtime_api.h>

/* Facts about the device a run measures on (stored in the device table). */
typedef struct gpu_info {
  char zName[256];          /* marketing name */
  char zUuid[40];           /* 32 hex digits */
  int ccMajor, ccMinor;     /* compute capability */
  int nSm;                  /* multiprocessors */
  long long nL2Bytes;       /* L2 size */
  long long nGlobalBytes;   /* device memory */
  int smClockKhz;           /* maximum SM clock */
  int memClockKhz;          /* maximum memory clock */
  int busWidthBits;         /* memory bus width */
  double peakGbps;          /* 2 x memClock x bus width / 8, in GB/s */
  int driverVersion, runtimeVersion;
} gpu_info;

/* How one configuration is timed. */
typedef struct gpu_timing {
  int nWarmup;        /* untimed launches first */
  int nRepMax;        /* at most this many timed repetitions */
  int nRepMin;        /* at least this many */
  double msBudget;    /* stop adding repetitions past this much kernel time */
  int bFlushL2;       /* 1: overwrite the L2 before every repetition (cold cache) */
} gpu_timing;

/* The work of one configuration: returns a cudaError_t as int. */
typedef int (*gpu_fn)(void *pCtx, cudaStream_t s);

/* 1 if a CUDA device is usable; otherwise 0 with the reason in zWhy. */
int gpu_available(char *zWhy, size_t nWhy);

/* Select device 0, fill *p, create the stream and the L2-flush buffer.
** Returns a cudaError_t as int. */
int gpu_open(gpu_info *p);

/* The stream every study launches on. */
cudaStream_t gpu_stream(void);

/* Free the flush buffer and stream. */
void gpu_close(void);

/* Overwrite the whole L2 (a memset of a buffer of twice its size) on the stream. */
int gpu_flush_l2(void);

/* Time xRun: warm-ups, then repetitions each bracketed by CUDA events. xRestore
** (may be NULL) runs before every launch outside the timed region (in-place
** kernels), then the L2 is flushed if asked. The samples go to aMs (room for
** t->nRepMax); *pnRep gets how many. Returns a cudaError_t as int. */
int gpu_time(const gpu_timing *t, gpu_fn xRun, gpu_fn xRestore, void *pCtx,
             double *aMs, int *pnRep);

/* Measure device-to-device copy bandwidth (GB/s, read+write) on nBytes. */
double gpu_copy_gbps(size_t nBytes);

/* Bytes of device memory free now. */
size_t gpu_free_bytes(void);

/* Text of a CUDA error code. */
const char *gpu_error_string(int err);

#endif
