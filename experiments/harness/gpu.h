/*
** experiments/harness/gpu.h: the GPU side of the harness, in C11 over the
** CUDA runtime API: device facts, the L2 flush, event timing and the copy
** bandwidth probe. Kernels themselves live in kernels/ (the timing's own in
** kernels/timing.cu).
**
** How a configuration is sampled (gpu_sample):
**   - warm-ups, then windows, each of ONE sample behind a kernel that spins
**     on a host-released flag (timing_block), so no host launch gap can fall
**     between a sample's events; the flag is released once the window is
**     enqueued. The spin is bounded (1 s): a window whose enqueueing outlasted
**     it is discarded and taken again (experiments/harness/sampler.h).
**   - every sample of a configuration has exactly the same commands queued
**     before and behind it: by default (nAhead 0, nvbench's cold measurement)
**     a window is enqueued, released and read before the next is enqueued;
**     the schedule, and nAhead 1 (one complete window behind every kept
**     sample), are experiments/harness/sampler.c's.
**   - a sample: restore (in-place kernels), the L2 flush, a clock stamp, event,
**     the kernel (batch mode: many back-to-back launches; graph mode: the same
**     launches captured once into a CUDA graph, one graph launch), event, a
**     clock stamp, the done event the host waits on.
**   - the flush: 'clean' reads a buffer of GPU_FLUSH_CLEAN_L2S (3) times the
**     L2 (leaves only clean lines: the timed kernel never pays for writing
**     back the flush's data, nor for lines the previous sample left dirty),
**     'memset' writes GPU_FLUSH_MEMSET_L2S (2) times the L2 (the old method:
**     leaves dirty lines), 'none' (warm cache).
**   - the SM clock over a sample from the stamps (clock64 and %globaltimer on
**     SM 0); a sample below clockKeep x the highest clock seen is discarded and
**     taken again (at most max(64, samples / 4) times per configuration).
**   - stop by the convergence rule (stats_stop_rule in stats.h).
*/
#ifndef HARNESS_GPU_H
#define HARNESS_GPU_H

#include <stddef.h>
#include <cuda_runtime_api.h>

#include "experiments/harness/stats.h"

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
  /* Limits the studies skip configurations by (experiments/harness/device_limits.h): */
  int maxThreadsPerBlock;   /* threads per block */
  long long nSharedPerBlock; /* shared memory per block without opt-in */
  long long nConstBytes;    /* __constant__ memory */
  long long nTex1DLinear;   /* elements of a 1D linear-memory texture */
} gpu_info;

/* How one configuration is timed by the old interface (gpu_time). */
typedef struct gpu_timing {
  int nWarmup;        /* untimed launches first */
  int nRepMax;        /* at most this many timed repetitions */
  int nRepMin;        /* at least this many */
  double msBudget;    /* stop adding repetitions past this much kernel time */
  int bFlushL2;       /* 1: flush the L2 (clean) before every repetition (cold cache) */
} gpu_timing;

/* How the L2 is emptied before a cold sample (result.flush). */
enum { GPU_FLUSH_CLEAN = 0, GPU_FLUSH_MEMSET = 1, GPU_FLUSH_NONE = 2 };

/* The flushes' sizes in L2 sizes (one buffer of the larger, allocated once).
** 'clean' reads 3 x L2 (issue 47): with 2 x L2 the lines the previous sample
** left dirty still changed the next sample's time by 1.2-3.7% (H100), with
** 3 x L2 not at all (tests/gpu/test_timing_gpu.c holds it within 0.5% and
** prints what each flush takes). It costs one read of 3 x L2 a sample,
** outside the timed events: 3 x L2 over the read bandwidth, an estimated
** 42 us on an H200 (180 MiB at its read ceiling of about 4.5 TB/s), 14 us
** more than 2 x L2. 'memset' is unchanged: nvbench's method, compared. */
#define GPU_FLUSH_CLEAN_L2S 3
#define GPU_FLUSH_MEMSET_L2S 2

/* 'clean', 'memset', 'none'; NULL for anything else. */
const char *gpu_flush_name(int eFlush);

/* Timing modes (gpu_sampling.bBatch; result.mode, --mode). */
enum { GPU_MODE_SINGLE = 0, GPU_MODE_BATCH = 1, GPU_MODE_GRAPH = 2 };

/* Launches per batch or graph sample: fixed, so that every trial of a
** configuration times the same thing. */
#define GPU_BATCH_LAUNCHES 32

/* How one configuration is sampled (gpu_sample). */
typedef struct gpu_sampling {
  int nWarmup;        /* untimed launches first */
  int eFlush;         /* GPU_FLUSH_* before every sample */
  int bBatch;         /* GPU_MODE_*: nonzero: a sample is nPerSample back-to-back launches,
                      ** time / count; GPU_MODE_GRAPH: those launches captured once into a
                      ** CUDA graph (stream capture, thread-local mode), one graph launch
                      ** per sample */
  int nBatch;         /* batch, graph: launches per sample (GPU_BATCH_LAUNCHES), the same in
                      ** every trial (once chosen from one timed launch: trials then differed) */
  stats_rule rule;    /* when to stop (rule.nMax: the room in the caller's array) */
  double clockKeep;   /* discard samples below this x the highest SM clock seen (0: keep all) */
  int bBare;          /* the minimal harness: no clock stamps around the sample (flush, start
                      ** event, launch, stop event); no clock, so clockKeep does not apply,
                      ** and nAhead is 0 (run.launch_bare_us) */
  int nAhead;         /* windows queued behind every kept sample: 0 (the default: nvbench's
                      ** protocol) or 1 (sampler.h; to compare the two on a GPU) */
} gpu_sampling;

/* What gpu_sample measured. */
typedef struct gpu_samples {
  double *aMs;        /* in: room for rule.nMax samples; out: ms per launch */
  int nMs;            /* samples kept */
  int nPerSample;     /* launches per sample (1 unless batch) */
  double clockMhz;    /* mean SM clock over the kept samples that have one; 0: none */
  int nClockDiscarded;/* samples discarded for a low clock and taken again */
  int nWindowTimeouts;/* windows whose enqueueing outlasted the block (the first
                      ** SAMPLER_TIMEOUTS_MAX discarded and taken again) */
  stats_stop eStop;   /* why sampling stopped */
  double msSpent;     /* wall-clock time of sampling (warm-ups included) */
} gpu_samples;

/* The work of one configuration: returns a cudaError_t as int. */
typedef int (*gpu_fn)(void *pCtx, cudaStream_t s);

/* 1 if a CUDA device is usable; otherwise 0 with the reason in zWhy. */
int gpu_available(char *zWhy, size_t nWhy);

/* Select device 0, fill *p, create the stream and the L2-flush buffer.
** Returns a cudaError_t as int. */
int gpu_open(gpu_info *p);

/* The stream every study launches on. */
cudaStream_t gpu_stream(void);

/* Copy nBytes from host to device (gpu_upload), device to host
** (gpu_download) or a pitched 2D host image to the device (gpu_upload_2d, as
** cudaMemcpy2D) on gpu_stream(), and wait for it: every copy a study makes
** goes through these. A plain cudaMemcpy runs on the legacy default stream,
** which the non-blocking study stream neither waits for nor is waited for
** by; from pageable memory it may return before its data lands (reduce once
** summed zeros). 0 or the cudaError_t. */
int gpu_upload(void *dDst, const void *hSrc, size_t nBytes);
int gpu_download(void *hDst, const void *dSrc, size_t nBytes);
int gpu_upload_2d(void *dDst, size_t nDstPitch, const void *hSrc, size_t nSrcPitch, size_t nWidth, size_t nHeight);

/* Free the flush buffer and stream. */
void gpu_close(void);

/* Empty the L2 on the stream by eFlush (GPU_FLUSH_NONE: nothing). After
** gpu_free_flush(), 'clean' and 'memset' return cudaErrorInvalidValue. */
int gpu_flush(int eFlush);

/* Free the flush buffer (GPU_FLUSH_CLEAN_L2S x L2) for the rest of the process: a
** profile child (experiments/harness/profile.c) never flushes (ncu controls
** the caches itself), and ncu's kernel replay saves and restores every
** allocation a kernel could reach, this one included. No-op if none. */
void gpu_free_flush(void);

/* A study's host data buffers (inputs, references, output copies): pinned
** (cudaMallocHost) normally; pageable (malloc) once gpu_host_set_pageable(1)
** has been called, which a profile child does at its entry, before any
** study allocates. ncu's kernel replay saves and restores, on every replay
** pass, all memory a kernel could reach, pinned host memory included: on an
** H100 the access study at 2^24 had ncu back up about 170 bytes per element
** (6 passes x its 12 B of device and 16 B of pinned host memory). Copies
** (gpu_upload, gpu_download) wait for their data either way; nothing of a
** study maps these buffers. The harness's own flag and stamp buffers stay
** mapped (gpu_open). The mode is one-way in practice: the setter refuses
** (-1, the mode unchanged) while any buffer of gpu_host_alloc is live, so
** gpu_host_free always matches the allocator that made the buffer. */
int gpu_host_set_pageable(int bPageable);

/* 1 when gpu_host_alloc allocates pageable memory (a profile child), else 0. */
int gpu_host_pageable(void);

/* nBytes of host memory for a study's data into *pp, pinned or pageable as
** above. 0, or a cudaError_t (cudaErrorMemoryAllocation when malloc fails)
** with *pp NULL. */
int gpu_host_alloc(void **pp, size_t nBytes);

/* Free a buffer of gpu_host_alloc; NULL does nothing (and touches no CUDA). */
void gpu_host_free(void *p);

/* The old interface: a clean flush (GPU_FLUSH_CLEAN). */
int gpu_flush_l2(void);

/* Sample xRun as described at the top of this file into pOut. xRestore (may
** be NULL) runs before every sample outside the timed region (in batch and
** graph mode once per sample: the launches after the first run on their own
** output, which moves the same bytes). In graph mode xRun must only enqueue
** work on the stream it is given (no allocation, synchronisation or copy to
** the host: stream capture refuses those), and is called nWarmup + the
** launches per sample times in all. Returns a cudaError_t as int; after a
** failed capture the stream is usable (gpu_capture_failed() says so). */
int gpu_sample(const gpu_sampling *t, gpu_fn xRun, gpu_fn xRestore, void *pCtx, gpu_samples *pOut);

/* How many launches (kernel, memset and copy nodes) one call of xRun makes:
** xRun is captured once into a CUDA graph (nothing runs) and its nodes are
** counted (result.launches: each launch pays the process's launch-path cost,
** which view trial corrects). 0 if the capture fails (the stream is usable). */
int gpu_count_launches(gpu_fn xRun, void *pCtx);

/* 1 if the last gpu_sample failed in capturing, instantiating or uploading
** its CUDA graph (graph mode): nothing of the graph ran. */
int gpu_capture_failed(void);

/* Wall-clock milliseconds this process has spent in gpu_sample (what
** convergence costs). */
double gpu_sampling_ms_total(void);

/* The old interface, kept for callers not yet moved to gpu_sample: between
** nRepMin and nRepMax samples, stopping past msBudget of sampling time, with a
** clean flush if bFlushL2. The samples go to aMs (room for t->nRepMax); *pnRep
** gets how many. Returns a cudaError_t as int. */
int gpu_time(const gpu_timing *t, gpu_fn xRun, gpu_fn xRestore, void *pCtx,
             double *aMs, int *pnRep);

/* Measure device-to-device copy bandwidth (GB/s, read+write) on nBytes: at
** least 50 ms of copies first (so clocks that idled come back up), then
** converged samples after clean flushes; the median. */
double gpu_copy_gbps(size_t nBytes);

/* Bytes of device memory free now. */
size_t gpu_free_bytes(void);

/* Text of a CUDA error code. */
const char *gpu_error_string(int err);

#endif
