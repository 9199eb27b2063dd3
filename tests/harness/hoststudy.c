/*
** tests/harness/hoststudy.c: a study of the real harness that runs on the
** host only (bench_main_host), so the whole run path (arguments, database,
** resume, claims, signals, per-configuration transactions, exit status) is
** tested on machines without a GPU. It is a fixture of the tests, not a
** measurement: build/cuda-KEY/tests/hoststudy.
**
** Axes: n (elements summed) and variant:
**   sum    sum i % 7 over i < n, verified against the closed form
**   sleep  the same after sleeping HOSTSTUDY_SLEEP_MS (default 20) ms per
**          repetition, so that a test can interrupt a run mid-way
**   wrong  the same, verified against a wrong expectation: always fails
**   skip   never run (the skip rule says why), for the nothing-to-run tests
**   hang   never returns (a hung kernel), for the watchdog tests
** Device bytes are 8 n, so BENCH_FREE_BYTES can make a configuration skip.
** With HOSTSTUDY_HOSTMEM=FILE, every measurement and the cleanup append to
** FILE which host memory a study's data buffers get in this process
** (gpu_host_alloc): "measure pinned", or "measure pageable" in a profile
** child, then "cleanup ..."; a pageable buffer of 8 n bytes is made,
** written and freed (AddressSanitizer sees a leak or a wrong free). Pinned
** memory needs a GPU: it is not made here.
** Started by a name hoststudy-X (a link to it), it is binary hoststudy-X of
** the same study: a second binary for the matrix tests.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "experiments/harness/bench.h"
#include "experiments/harness/parse.h"

enum { AX_N, AX_VARIANT, NAXIS };

static const char *const azVariant[] = {"sum", "sleep", "wrong", "skip", "hang", NULL};

static bench_axis aAxis[NAXIS] = {
    {.zName = "n", .zHelp = "elements summed", .zDefault = "1..4", .bInt = 1, .iMin = 1, .iMax = 1LL << 31},
    {.zName = "variant",
     .zHelp = "sum, sleep (HOSTSTUDY_SLEEP_MS per repetition), wrong (fails verification), skip (never run), "
              "hang (never returns)",
     .zDefault = "sum", .azChoice = azVariant},
};

/* One repetition's work. */
typedef struct work {
  long long n;          /* elements */
  long msSleep;         /* sleep first (variant sleep) */
  long long iSum;       /* the result */
} work;

/* Sleep ms milliseconds in full: a signal does not cut a repetition short. */
static void sleep_full(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L}, rem;
  while (nanosleep(&ts, &rem) != 0 && errno == EINTR) ts = rem;
}

/* Sum i % 7 over i < n (after the sleep, if any). */
static void run_work(void *pCtx) {
  work *w = pCtx;
  volatile long long iSum = 0;
  if (w->msSleep > 0) sleep_full(w->msSleep);
  for (long long i = 0; i < w->n; i++) iSum += i % 7;
  w->iSum = iSum;
}

/* The closed form of the sum. */
static long long expected_sum(long long n) {
  long long r = n % 7;
  return n / 7 * 21 + r * (r - 1) / 2;
}

/* Which configurations are not run, and why. */
static const char *skip(const bench_config *c) {
  return strcmp(bench_str(c, AX_VARIANT), "skip") ? NULL : "variant skip is never run";
}

/* Device bytes a configuration claims to need. */
static size_t device_bytes(const bench_config *c) { return (size_t)bench_int(c, AX_N) * 8; }

/* HOSTSTUDY_HOSTMEM=FILE: append "zWhen pinned|pageable" to FILE; when
** pageable, make, write and free nBytes through gpu_host_alloc. 0, or -1
** (the allocation failed: the line says so). */
static int note_host_memory(const char *zWhen, size_t nBytes) {
  const char *zFile = getenv("HOSTSTUDY_HOSTMEM");
  FILE *f = zFile && *zFile ? fopen(zFile, "a") : NULL;
  if (!f) return 0;
  int rc = 0;
  if (gpu_host_pageable()) {
    void *p = NULL;
    rc = gpu_host_alloc(&p, nBytes);
    if (rc == 0) memset(p, 0x5a, nBytes);
    gpu_host_free(p);
  }
  fprintf(f, "%s %s%s\n", zWhen, gpu_host_pageable() ? "pageable" : "pinned", rc ? " (allocation failed)" : "");
  fclose(f);
  return rc ? -1 : 0;
}

/* Verify, then time, one configuration. */
static void measure(const bench_config *c, bench_out *pOut) {
  const char *zVar = bench_str(c, AX_VARIANT);
  if (note_host_memory("measure", (size_t)bench_int(c, AX_N) * 8)) {
    pOut->bFailed = 1;
    snprintf(pOut->zError, sizeof(pOut->zError), "gpu_host_alloc failed");
    return;
  }
  const char *zSleep = getenv("HOSTSTUDY_SLEEP_MS");
  work w = {bench_int(c, AX_N), 0, 0};
  if (!strcmp(zVar, "sleep")) w.msSleep = zSleep && *zSleep ? atol(zSleep) : 20;
  while (!strcmp(zVar, "hang")) sleep_full(1000);
  run_work(&w);
  long long iWant = expected_sum(w.n) + !strcmp(zVar, "wrong");
  pOut->maxErr = (double)llabs(w.iSum - iWant);
  pOut->tolerance = 0;
  if (w.iSum != iWant) {
    pOut->bFailed = 1;
    snprintf(pOut->zError, sizeof(pOut->zError), "wrong sum: got %lld, want %lld", w.iSum, iWant);
    return;
  }
  pOut->nBytesRead = w.n * 4;
  bench_time_host(c, run_work, &w, pOut);
}

/* Free the cached buffers: there are none (HOSTSTUDY_HOSTMEM: noted). */
static void cleanup(void) { note_host_memory("cleanup", 8); }

/* Entry point. */
int main(int argc, char **argv) {
  const char *zName = strrchr(argv[0], '/');
  zName = zName ? zName + 1 : argv[0];
  bench_study study = {"hoststudy", strncmp(zName, "hoststudy-", 10) ? "hoststudy" : zName,
                       "A host-only study of the harness's own tests: sums i % 7 over i < n.", aAxis, NAXIS,
                       skip, device_bytes, measure, cleanup};
  return bench_main_host(&study, argc, argv);
}
