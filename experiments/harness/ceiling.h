/*
** experiments/harness/ceiling.h: the read ceiling of the current device, the
** best read-only streaming bandwidth of the kernels in kernels/ceiling.cu,
** measured once at a run's start and stored in run.read_gbps.
*/
#ifndef HARNESS_CEILING_H
#define HARNESS_CEILING_H

/* Best GB/s (bytes read / time) over every read kernel (4/8/16-byte loads,
** 1/2/4/8 in flight per thread, blocks of 256 or 1024 threads, grid =
** occupancy x SMs x 1, 2 or 4: 72 configurations, about 0.2 s) on a buffer of
** 1 GiB (less when free memory is short, never under 8x the L2), each the
** median of CEILING_REPS timed reads after one warm-up. 0 on any CUDA error
** or too little memory (the run then stores NULL). */
double gpu_read_ceiling_gbps(void);

/* The launch floor in microseconds: the median time of an empty kernel
** (kernels/ceiling.cu) timed exactly as every sample is (gpu_sample(): a clean
** L2 flush before each, enqueued behind the blocking kernel, CUDA events
** around the one launch), CEILING_FLOOR_REPS samples at most, 100 ms at
** most; stored in run.launch_us. 0 on a CUDA error. */
#define CEILING_FLOOR_REPS 200
double gpu_launch_floor_us(void);

/* The same floor, CEILING_CONFIG_FLOOR_REPS samples, timed just before each
** GPU-timed configuration's samples, in the configuration's mode
** (result.floor_us): the process's launch path cost moves a little over a
** run, and the correction in view trial wants it where and as the
** configuration was measured. eMode GPU_MODE_BATCH: per launch of
** GPU_BATCH_LAUNCHES empty kernels back to back, no flush, as batch samples
** are; any other mode: one launch a sample, as gpu_launch_floor_us(). 16
** samples, about 1.4 ms with the 3 x L2 flush (issue 47: the correction reads a
** run's mean of hundreds of them, so 32 bought nothing it needs). */
#define CEILING_CONFIG_FLOOR_REPS 16
double gpu_launch_floor_config_us(int eMode);

/* The same empty kernel timed the minimal way (an nvbench-style harness):
** behind the blocking kernel, after the clean flush, CUDA events around the
** one launch, one sample per window and no clock stamps (gpu_sampling.bBare).
** launch_us minus this is what the project's sampling adds to every sample
** (since every sample has a window of its own: the two clock stamps);
** stored in run.launch_bare_us. 0 on a CUDA error. */
double gpu_launch_floor_bare_us(void);

/* CUB_VERSION of the CUB headers the kernels were compiled with (run.cccl_version). */
int gpu_cub_version(void);

#endif
