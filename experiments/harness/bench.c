/*
** experiments/harness/bench.c: what a study's callbacks call (see bench.h):
** the values of a configuration, its timing settings, GPU and host timing,
** and how a CUDA error is recorded. The command line is args.c; the run
** driver is run.c.
*/
#include "bench.h"

#include <stdio.h>
#include <time.h>

#include "env.h"
#include "profile.h"

long long bench_int(const bench_config *c, int i) { return c->aiVal[i]; }
const char *bench_str(const bench_config *c, int i) { return c->azVal[i]; }
long long bench_first_int(const bench_config *c, int i) { return c->pArgs->aVals[i].aiVal[0]; }

gpu_timing bench_timing(const bench_config *c) {
  const bench_opts *o = &c->pArgs->opts;
  gpu_timing t = {o->nWarmup, o->nRepMax, o->nRepMin < o->nRepMax ? o->nRepMin : o->nRepMax, o->msBudget,
                  !c->bWarm};
  if (profile_in_child()) t = (gpu_timing){0, 1, 1, 0, 0}; /* one run (host work) under ncu */
  return t;
}

void bench_cuda_fail(bench_out *pOut, const char *zWhat, int err) {
  pOut->bFailed = 1;
  /* Errors other than these leave the context unusable. */
  pOut->bFatal = !(err == cudaErrorInvalidValue || err == cudaErrorMemoryAllocation ||
                   err == cudaErrorInvalidConfiguration);
  pOut->bEnvError = env_error(err);
  snprintf(pOut->zError, sizeof(pOut->zError), "%s: %s (%s)", zWhat, gpu_error_string(err),
           cudaGetErrorName((cudaError_t)err));
}

int bench_time_gpu(const bench_config *c, gpu_fn xRun, gpu_fn xRestore, void *pCtx, bench_out *pOut) {
  if (profile_in_child()) return profile_launch(xRun, xRestore, pCtx, pOut); /* one launch for ncu */
  gpu_timing t = bench_timing(c);
  int rc = gpu_time(&t, xRun, xRestore, pCtx, pOut->aMs, &pOut->nRep);
  if (rc) bench_cuda_fail(pOut, "timing", rc);
  return rc;
}

/* Monotonic clock in milliseconds. */
static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

void bench_time_host(const bench_config *c, void (*xRun)(void *), void *pCtx, bench_out *pOut) {
  gpu_timing t = bench_timing(c);
  double msTotal = 0;
  for (int i = 0; i < t.nWarmup; i++) xRun(pCtx);
  pOut->nRep = 0;
  while (pOut->nRep < t.nRepMax && (pOut->nRep < t.nRepMin || msTotal < t.msBudget)) {
    double t0 = now_ms();
    xRun(pCtx);
    double ms = now_ms() - t0;
    pOut->aMs[pOut->nRep++] = ms;
    msTotal += ms;
  }
  pOut->bHostTimer = 1;
}
