/*
** experiments/harness/bench.c: what a study's callbacks call (see bench.h):
** the values of a configuration, its timing settings, GPU and host timing,
** and how a CUDA error is recorded. The command line is args.c; the run
** driver is run.c.
*/
#include "experiments/harness/bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "experiments/harness/ceiling.h"
#include "experiments/harness/env.h"
#include "experiments/harness/profile.h"

long long bench_int(const bench_config *c, int i) { return c->aiVal[i]; }
const char *bench_str(const bench_config *c, int i) { return c->azVal[i]; }
long long bench_first_int(const bench_config *c, int i) { return c->pArgs->aVals[i].aiVal[0]; }

gpu_sampling bench_sampling(const bench_config *c) {
  const bench_opts *o = &c->pArgs->opts;
  gpu_sampling t = {o->nWarmup, c->bBatch ? GPU_FLUSH_NONE : c->eFlush, c->bBatch, GPU_BATCH_LAUNCHES,
                    {o->target, o->nRepMin, o->nRepMax, o->msMin, o->msBudget}, 0.95, 0, 0};
  if (profile_in_child()) t = (gpu_sampling){0, GPU_FLUSH_NONE, 0, 0, {0, 1, 1, 0, 0}, 0, 0, 0}; /* one run (host work) under ncu */
  return t;
}

const char *bench_mode_name(int eMode) {
  return eMode == GPU_MODE_SINGLE  ? "single"
         : eMode == GPU_MODE_BATCH ? "batch"
         : eMode == GPU_MODE_GRAPH ? "graph"
                                   : NULL;
}

void bench_cuda_error_text(char *zOut, size_t nOut, const char *zWhat, int err) {
  if (nOut == 0) return;
  /* The runtime's tables need no device or context; a code they do not know
  ** ("unrecognized error code", or nothing) is named by its number. */
  const char *zText = gpu_error_string(err);
  const char *zName = cudaGetErrorName((cudaError_t)err);
  char zNum[32];
  snprintf(zNum, sizeof(zNum), "cudaError_t %d", err);
  if (!zText || !*zText) zText = "unrecognized error code";
  if (!zName || strncmp(zName, "cuda", 4)) zName = zNum;
  snprintf(zOut, nOut, "%s: %s (%s)", zWhat && *zWhat ? zWhat : "CUDA call", zText, zName);
}

void bench_cuda_fail(bench_out *pOut, const char *zWhat, int err) {
  pOut->bFailed = 1;
  /* Errors other than these leave the context unusable (stream capture's
  ** are returned by the capturing calls themselves, nothing ran). */
  pOut->bFatal = !(err == cudaErrorInvalidValue || err == cudaErrorMemoryAllocation ||
                   err == cudaErrorInvalidConfiguration || err == cudaErrorStreamCaptureUnsupported ||
                   err == cudaErrorStreamCaptureInvalidated || err == cudaErrorStreamCaptureMerge ||
                   err == cudaErrorStreamCaptureUnmatched || err == cudaErrorStreamCaptureUnjoined ||
                   err == cudaErrorStreamCaptureIsolation || err == cudaErrorStreamCaptureImplicit ||
                   err == cudaErrorCapturedEvent || err == cudaErrorStreamCaptureWrongThread);
  pOut->bEnvError = env_error(err);
  bench_cuda_error_text(pOut->zError, sizeof(pOut->zError), zWhat, err);
}

int bench_time_gpu(const bench_config *c, gpu_fn xRun, gpu_fn xRestore, void *pCtx, bench_out *pOut) {
  if (profile_in_child()) return profile_launch(xRun, xRestore, pCtx, pOut); /* one launch for ncu */
  gpu_sampling t = bench_sampling(c);
  gpu_samples o = {pOut->aMs, 0, 1, 0, 0, 0, STATS_GO_ON, 0};
  if (t.bBatch == GPU_MODE_GRAPH) {
    /* A graph result must be stored apart from batch's: its key names the mode. */
    bench_desc d;
    bench_describe(c, &d);
    if (!strstr(d.zKey, "mode=graph")) {
      pOut->bSkipped = 1;
      snprintf(pOut->zError, sizeof(pOut->zError), "graph mode: this build's configuration key does not name it");
      return -1;
    }
  }
  /* The control variate's inputs (view trial): how many launches a call
  ** makes, and this process's launch floor now, timed as this mode's samples are. */
  pOut->nLaunches = gpu_count_launches(xRun, pCtx);
  pOut->floorUs = gpu_launch_floor_config_us(t.bBatch);
  int rc = gpu_sample(&t, xRun, xRestore, pCtx, &o);
  pOut->nRep = o.nMs;
  pOut->zStop = stats_stop_name(o.eStop);
  pOut->clockMhz = o.clockMhz;
  pOut->nClockDiscarded = o.nClockDiscarded;
  pOut->nPerSample = o.nPerSample;
  pOut->msSampling = o.msSpent;
  const int bCapture = rc && gpu_capture_failed();
  if (rc) bench_cuda_fail(pOut, bCapture ? "CUDA graph capture" : "timing", rc);
  if (bCapture) pOut->bFatal = 0; /* nothing ran; the stream is out of capture */
  return rc;
}

/* Monotonic clock in milliseconds. */
static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* qsort comparator for doubles. */
static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

gpu_sampling bench_host_sampling(const bench_config *c) {
  gpu_sampling t = bench_sampling(c);
  const bench_opts *o = &c->pArgs->opts;
  /* The host loop takes up to a quarter second a call: the floor of every
  ** result (STATS_MIN_SAMPLES), whatever higher --min-reps a line asks of the GPU. */
  if (t.rule.nMin > STATS_MIN_SAMPLES) t.rule.nMin = STATS_MIN_SAMPLES;
  /* Host loops keep their own convergence rule (bench_opts: msHost*,
  ** hostTarget); a profile child's one run stays one run (bench_sampling). */
  if (!profile_in_child()) {
    t.rule.target = o->hostTarget;
    t.rule.msMin = o->msHostMin;
    t.rule.msCap = o->msHostBudget;
  }
  return t;
}

void bench_time_host(const bench_config *c, void (*xRun)(void *), void *pCtx, bench_out *pOut) {
  gpu_sampling t = bench_host_sampling(c);
  static double aSort[BENCH_MAX_REPS];
  for (int i = 0; i < t.nWarmup; i++) xRun(pCtx);
  double t0 = now_ms();
  stats_stop e = STATS_GO_ON;
  pOut->nRep = 0;
  while (e == STATS_GO_ON) {
    double t1 = now_ms();
    xRun(pCtx);
    pOut->aMs[pOut->nRep++] = now_ms() - t1;
    memcpy(aSort, pOut->aMs, sizeof(double) * (size_t)pOut->nRep);
    qsort(aSort, (size_t)pOut->nRep, sizeof(double), cmp_double);
    e = stats_stop_rule(&t.rule, pOut->nRep, now_ms() - t0, stats_median_noise_sorted(aSort, pOut->nRep));
  }
  pOut->zStop = stats_stop_name(e);
  pOut->msSampling = now_ms() - t0;
  pOut->nPerSample = 1;
  pOut->bHostTimer = 1;
}
