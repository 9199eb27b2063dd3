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
** Before measuring a configuration the run claims it in the database, so a
** concurrent run of the same binary on the same device waits for it instead
** of measuring it twice (db_claim()).
**
** The command line is parsed by args.c, the run driven by run.c; bench.c
** holds what the callbacks call.
**
** Test-only environment switches:
**   BENCH_INJECT_FAULT=[trap:]S  only in test builds (the hook of
**                      experiments/harness/testhook.c, linked with
**                      kernels/fault.cu into the test builds): a
**                      configuration whose key contains S launches a faulting
**                      kernel instead of its measure (an out-of-bounds write,
**                      or __trap() with 'trap:'), and is stored as failed with
**                      the CUDA error text; a host-only run records a fatal
**                      failure without a launch.
**   BENCH_FREE_BYTES=N free device memory is taken to be N bytes (2^30 etc.),
**                      so a configuration that needs more is stored as skipped.
**
** Before the first configuration the run launches a probe kernel
** (kernels/probe.cu): a build without code the GPU can run exits 3 with the
** `make CUDA_ARCH=sm_XY` to use, nothing written. An environment error in a
** configuration (env.h) is never stored: the run ends there, exit 3.
**
** A watchdog (watchdog.h) ends a configuration that runs for longer than
** --timeout-s: stored failed "timeout", run 'failed', exit 5.
**
** Exit status: 0 all configurations ok; 1 a configuration failed or a CUDA
** error ended the run; 2 bad arguments; 3 no GPU, or an environment error
** (driver, device, no code for this GPU); 4 database error; 5 a
** configuration timed out (the watchdog ended the process: run again to go
** on); 130 interrupted.
*/
#ifndef HARNESS_BENCH_H
#define HARNESS_BENCH_H

#include <stddef.h>
#include <stdio.h>
#include "experiments/harness/gpu.h"
#include "kernels/variant.h"

#define BENCH_MAX_AXES 8
#define BENCH_MAX_VALS 256
#define BENCH_MAX_REPS 20000 /* samples of one configuration, at most (--reps) */
#define BENCH_MAX_CONFIGS 65536 /* product of the axes' value counts */

/* What bench_parse_args() found. */
#define BENCH_ARGS_RUN 0        /* run (or --list) */
#define BENCH_ARGS_HELP 1       /* --help */
#define BENCH_ARGS_BUILD_ID 2   /* --build-id */
#define BENCH_ARGS_ERROR (-1)   /* bad argument: "WHAT: WHY" in zErr */

/* One axis of a study's matrix: its description only (parse results live in
** bench_args). Axes named variant, dtype, n and block are stored in result
** columns of those names; the others go into result.params. Studies declare
** them with designated initialisers. */
typedef struct bench_axis {
  const char *zName;            /* option --<zName>, e.g. "n" */
  const char *zHelp;            /* one line for --help */
  const char *zDefault;         /* default list */
  int bInt;                     /* 1: integer list, 0: names */
  long long iMin, iMax;         /* integer range */
  const char *const *azChoice;  /* allowed names, NULL-terminated (NULL: any) */
} bench_axis;

/* The values one axis takes in this run (parsed from its option or default). */
typedef struct bench_axis_vals {
  int nVal;                          /* how many; -1 before parsing */
  long long aiVal[BENCH_MAX_VALS];   /* integer axes */
  const char *azVal[BENCH_MAX_VALS]; /* name axes */
  char *zBuf;                        /* storage behind azVal */
} bench_axis_vals;

/* Options shared by every study. */
typedef struct bench_opts {
  const char *zDb;     /* --db */
  int nRepMax;         /* --reps: at most this many samples */
  int nRepMin;         /* --min-reps: at least this many */
  int nWarmup;         /* --warmup */
  double msBudget;     /* --budget-ms: sampling time cap per configuration (wall clock) */
  double msMin;        /* --min-ms: sampling time before convergence counts */
  double target;       /* --target: noise target, a fraction (0.005); 0: a fixed --reps samples */
  double msHostBudget, msHostMin, hostTarget; /* the same for host-timed loops (bench_time_host):
                       ** their own defaults (args.c), set by the same options */
  int aeFlush[3];      /* --flush list (GPU_FLUSH_*); --warm is --flush none */
  int nFlush;
  int abBatch[3];      /* --mode list: GPU_MODE_* (0 single, 1 batch, 2 graph);
                       ** --batch is --mode batch */
  int nMode;
  int iRepeat;         /* --repeat: which of RUNS=N independent runs this is (resume key) */
  int bWarm;           /* --warm given */
  int bResume;         /* 0 with --no-resume */
  int bList;           /* --list */
  int nTimeoutS;       /* --timeout-s: per configuration (watchdog.h); 0 none */
  const char *zMatrix; /* --matrix FILE: run every line of FILE for this binary (run.c) */
} bench_opts;

/* What the command line asked for: the options and every axis's values. */
typedef struct bench_args {
  bench_opts opts;
  bench_axis_vals aVals[BENCH_MAX_AXES];
} bench_args;

/* One configuration: the chosen value of every axis. */
typedef struct bench_config {
  const struct bench_study *pStudy;
  const bench_args *pArgs;           /* the run's options and axis lists */
  long long aiVal[BENCH_MAX_AXES];   /* integer axes */
  const char *azVal[BENCH_MAX_AXES]; /* name axes */
  int bWarm;                         /* warm cache: no flush (eFlush == GPU_FLUSH_NONE) */
  int eFlush;                        /* GPU_FLUSH_* before every sample */
  int bVerified;                     /* an earlier trial of this build verified it on this GPU
                                     ** (db_verified()): the measure may skip its CPU reference */
  int bBatch;                        /* GPU_MODE_*: nonzero (batch, graph) many
                                     ** launches per sample, no flush */
} bench_config;

/* What a measure callback reports. */
typedef struct bench_out {
  int bFailed;                 /* verification or CUDA failure */
  int bFatal;                  /* CUDA context is unusable: end the run */
  int bSkipped;                /* could not be run (e.g. too little memory) */
  int bEnvError;               /* the environment failed, not the configuration
                               ** (no kernel image, driver, device): never stored */
  char zError[512];            /* why */
  double maxErr, tolerance;    /* verification: largest error, bound (0 exact) */
  long long nBytesRead, nBytesWritten; /* useful bytes of one launch */
  int bHostTimer;              /* samples are host-clock times */
  int nRep;                    /* samples taken (ms per launch each) */
  double aMs[BENCH_MAX_REPS];
  const char *zStop;           /* why sampling stopped (stats_stop_name) */
  double clockMhz;             /* mean SM clock over the samples; 0: unknown */
  int nClockDiscarded;         /* samples discarded for a low clock */
  int nPerSample;              /* launches per sample (batch) */
  double msSampling;           /* wall time spent sampling */
  int nLaunches;               /* launches one call of the timed work makes (0: unknown) */
  double floorUs;              /* the launch floor timed just before the samples (0: none) */
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

/* Make pAxis the study's variant axis from a kernel registry of nEntry
** entries nStride bytes apart, each beginning with a kernel_variant
** (kernels/variant.h): every key is a choice and the default; pExtra (NULL
** for none) adds one variant that is not a kernel (reduce's host loop,
** flagged VARIANT_HOST). Appends a line "  key  description" per variant to
** zAbout (the --help text). The run records the registry, pExtra last, in
** table variant at its start. One variant axis per process. Returns 0, or
** -1 if the registry does not fit. */
int bench_variant_axis(bench_axis *pAxis, const void *aRegistry, int nEntry, size_t nStride,
                       const kernel_variant *pExtra, char *zAbout, size_t nAbout);

/* The registry given to bench_variant_axis(): its entry count (0 if none was
** given), the entries and their stride, and the extra variant (or NULL). */
int bench_variant_registry(const void **paRegistry, size_t *pnStride, const kernel_variant **ppExtra);

/* Parse, list or run. Returns the process exit status. */
int bench_main(const bench_study *pStudy, int argc, char **argv);

/* bench_main() for a study whose measure runs on the host only (the harness's
** own tests): no GPU is opened, probed or needed; the device recorded is the
** host CPU (uuid 'host-<hostname>', peak 0); free device memory is unlimited
** unless BENCH_FREE_BYTES says otherwise. Everything else (database, resume,
** claims, signals, transactions, exit status) is the same code path. */
int bench_main_host(const bench_study *pStudy, int argc, char **argv);

/* Parse and validate the command line (argv[0] is skipped) into *pArgs:
** the shared options and every axis's values, the axes' defaults for those
** not given; no output, no GPU, no database. Returns a BENCH_ARGS_ code
** (on BENCH_ARGS_ERROR "WHAT: WHY" is in zErr). Rejects unknown options and
** values, values out of range or given twice, and more than
** BENCH_MAX_CONFIGS configurations. Free with bench_args_free(). */
int bench_parse_args(const bench_study *pStudy, int argc, char **argv, bench_args *pArgs, char *zErr,
                     size_t nErr);

/* Free what bench_parse_args() allocated; safe to call twice. */
void bench_args_free(bench_args *pArgs);

/* Print the usage text of a study (--help). */
void bench_usage(const bench_study *pStudy, FILE *f);

/* A configuration as stored: its canonical key, params JSON, progress
** label and the promoted columns (variant: the study name if it has no
** variant axis). */
typedef struct bench_desc {
  char zKey[512], zParams[512], zLabel[512];
  const char *zVariant, *zDtype;  /* zDtype NULL without a dtype axis */
  long long n;                    /* -1 without an n axis */
  int nBlock;                     /* 0 without a block axis */
} bench_desc;
void bench_describe(const bench_config *c, bench_desc *d);

/* Value of integer axis i / name axis i of a configuration. */
long long bench_int(const bench_config *c, int iAxis);
const char *bench_str(const bench_config *c, int iAxis);

/* The first value of integer axis i in this run's list (e.g. the block size
** variants without a block axis run at). */
long long bench_first_int(const bench_config *c, int iAxis);

/* The run's sampling settings (flush and mode from the configuration). */
gpu_sampling bench_sampling(const bench_config *c);

/* The same for a host-timed loop (bench_time_host): the host loops' rule
** (bench_opts: hostTarget, msHostMin, msHostBudget) and at most
** STATS_MIN_SAMPLES as the minimum count. */
gpu_sampling bench_host_sampling(const bench_config *c);

/* The stored name of timing mode eMode (result.mode, config key 'mode=...'):
** 'single', 'batch', 'graph'; NULL for anything else. */
const char *bench_mode_name(int eMode);

/* Sample xRun on the GPU into pOut (see gpu_sample). On a CUDA error fills
** pOut's failure fields (bFatal for sticky errors) and returns nonzero; in
** graph mode a failed capture is stored failed, "CUDA graph capture: <the
** error>", and the run goes on (capture errors are not sticky). */
int bench_time_gpu(const bench_config *c, gpu_fn xRun, gpu_fn xRestore, void *pCtx, bench_out *pOut);

/* Time a host function with the monotonic clock (the CPU baselines), by
** bench_host_sampling()'s rule. */
void bench_time_host(const bench_config *c, void (*xRun)(void *), void *pCtx, bench_out *pOut);

/* The stored text of CUDA error err met by zWhat, into zOut (never empty):
** "zWhat: <cudaGetErrorString> (<cudaGetErrorName>)", e.g. "injected
** __trap(): unspecified launch failure (cudaErrorLaunchFailure)"; a code the
** runtime does not know is named "cudaError_t N". Needs no device, so it
** holds after a sticky error. */
void bench_cuda_error_text(char *zOut, size_t nOut, const char *zWhat, int err);

/* Record a CUDA error code in pOut: failed, fatal if the context is lost,
** an environment error (experiments/harness/env.h) if it is about the
** driver, the device or code for it. */
void bench_cuda_fail(bench_out *pOut, const char *zWhat, int err);

/* Test-only hooks (experiments/harness/testhook.c installs them in test
** builds; production binaries have none). */
typedef struct bench_test_hooks {
  /* Called instead of measuring each configuration, with its canonical key:
  ** 1 if it filled pOut (the configuration is then handled as pOut says),
  ** 0 to measure as usual. */
  int (*xMeasure)(const bench_config *c, const char *zKey, int bHostOnly, bench_out *pOut);
  /* Called in place of the probe launch before the first configuration: a
  ** cudaError_t to report as the probe's outcome, or -1 to probe as usual
  ** (a host-only run does not probe otherwise). */
  int (*xProbe)(int bHostOnly);
} bench_test_hooks;
void bench_set_test_hooks(const bench_test_hooks *pHooks);

/* 1 once SIGINT/SIGTERM has been received. */
int bench_interrupted(void);

/* The GPU facts of the current run (valid inside xMeasure). */
const gpu_info *bench_gpu(void);

#endif
