/*
** experiments/harness/bench.h: the driver every study binary is built on.
**
** A study declares its axes (nvbench style: apart from the body), a skip rule
** for invalid combinations, the device memory a configuration needs, and a
** measure callback that verifies one configuration against its CPU reference
** and then times it with bench_time_gpu() or bench_time_host(). bench_main()
** does the rest: --help, --list, axis filters, argument errors (exit 2, nothing
** written), the provenance of the run, resume (configurations already
** measured by this build on this device are not measured again), a progress
** line per configuration, one transaction per configuration, and SIGINT/SIGTERM
** (stop at the next configuration boundary, mark the run incomplete).
**
** Exit status: 0 all configurations ok; 1 a configuration failed or a CUDA
** error ended the run; 2 bad arguments; 3 no GPU; 4 database error; 130
** interrupted.
*/
#ifndef HARNESS_BENCH_H
#define HARNESS_BENCH_H

#include <stddef.h>
#include "gpu.h"

#define BENCH_MAX_AXES 8
#define BENCH_MAX_VALS 256
#define BENCH_MAX_REPS 1000

/* One axis of a study's matrix. Axes named variant, dtype, n and block are
** stored in result columns of those names; the others go into result.params. */
typedef struct bench_axis {
  const char *zName;            /* option --<zName>, e.g. "n" */
  const char *zHelp;            /* one line for --help */
  const char *zDefault;         /* default list */
  int bInt;                     /* 1: integer list, 0: names */
  long long iMin, iMax;         /* integer range */
  const char *const *azChoice;  /* allowed names, NULL-terminated (NULL: any) */
  /* Filled by parsing: */
  int nVal;
  long long aiVal[BENCH_MAX_VALS];
  const char *azVal[BENCH_MAX_VALS];
  char *zBuf;                   /* storage behind azVal */
} bench_axis;

/* One configuration: the chosen value of every axis. */
typedef struct bench_config {
  const struct bench_study *pStudy;
  long long aiVal[BENCH_MAX_AXES];   /* integer axes */
  const char *azVal[BENCH_MAX_AXES]; /* name axes */
  int bWarm;                         /* warm-cache timing requested */
} bench_config;

/* What a measure callback reports. */
typedef struct bench_out {
  int bFailed;                 /* verification or CUDA failure */
  int bFatal;                  /* CUDA context is unusable: end the run */
  int bSkipped;                /* could not be run (e.g. too little memory) */
  char zError[512];            /* why */
  double maxErr, tolerance;    /* verification: largest error, bound (0 exact) */
  long long nBytesRead, nBytesWritten; /* useful bytes of one launch */
  int bHostTimer;              /* samples are host-clock times */
  int nRep;
  double aMs[BENCH_MAX_REPS];
} bench_out;

/* A study. */
typedef struct bench_study {
  const char *zStudy;          /* 'reduce', ...: stored in run.study */
  const char *zBinary;         /* executable name: stored in run.binary */
  const char *zAbout;          /* paragraph for --help */
  bench_axis *aAxis;
  int nAxis;
  /* NULL if the combination is valid, else why it is not run (--list shows it). */
  const char *(*xSkip)(const bench_config *);
  /* Device bytes the configuration needs (checked against free memory). */
  size_t (*xDeviceBytes)(const bench_config *);
  /* Verify, then time, one configuration. */
  void (*xMeasure)(const bench_config *, bench_out *);
  /* Free whatever the study cached between configurations (may be NULL). */
  void (*xCleanup)(void);
} bench_study;

/* Parse, list or run. Returns the process exit status. */
int bench_main(const bench_study *pStudy, int argc, char **argv);

/* Value of integer axis i / name axis i of a configuration. */
long long bench_int(const bench_config *c, int iAxis);
const char *bench_str(const bench_config *c, int iAxis);

/* The run's timing settings (cache state from the configuration). */
gpu_timing bench_timing(const bench_config *c);

/* Time xRun on the GPU into pOut (see gpu_time). On a CUDA error fills
** pOut's failure fields (bFatal for sticky errors) and returns nonzero. */
int bench_time_gpu(const bench_config *c, gpu_fn xRun, gpu_fn xRestore, void *pCtx, bench_out *pOut);

/* Time a host function with the monotonic clock (the CPU baselines). */
void bench_time_host(const bench_config *c, void (*xRun)(void *), void *pCtx, bench_out *pOut);

/* Record a CUDA error code in pOut: failed, fatal if the context is lost. */
void bench_cuda_fail(bench_out *pOut, const char *zWhat, int err);

/* 1 once SIGINT/SIGTERM has been received. */
int bench_interrupted(void);

/* The GPU facts of the current run (valid inside xMeasure). */
const gpu_info *bench_gpu(void);

#endif
