/*
** experiments/harness/bench.c: the study driver (see bench.h).
*/
#include "bench.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "buildinfo.h"
#include "db.h"
#include "fault.h"
#include "parse.h"

/* Options shared by every study. */
typedef struct bench_opts {
  const char *zDb;     /* --db */
  int nRepMax;         /* --reps */
  int nRepMin;         /* --min-reps */
  int nWarmup;         /* --warmup */
  double msBudget;     /* --budget-ms: kernel time per configuration */
  int bWarm;           /* --warm: no L2 flush */
  int bResume;         /* 0 with --no-resume */
  int bList;           /* --list */
} bench_opts;
static const bench_opts oDefault = {"data/measurements.db", 30, 5, 3, 300.0, 0, 1, 0};
static bench_opts o = {"data/measurements.db", 30, 5, 3, 300.0, 0, 1, 0};

static volatile sig_atomic_t bStop = 0; /* set by SIGINT/SIGTERM */
static gpu_info gInfo;                  /* the run's device */

/* Signal handler: finish the current configuration, then stop. */
static void on_signal(int sig) {
  (void)sig;
  bStop = 1;
}

int bench_interrupted(void) { return bStop != 0; }
const gpu_info *bench_gpu(void) { return &gInfo; }
long long bench_int(const bench_config *c, int i) { return c->aiVal[i]; }
const char *bench_str(const bench_config *c, int i) { return c->azVal[i]; }

/* Print the usage text of a study. */
static void usage(const bench_study *s, FILE *f) {
  fprintf(f, "Usage: %s [options]\n\n%s\n\nAxes (each takes a comma-separated list; integers accept\n"
             "2^24, 1e6, 2^24+7, 64Ki and ranges LO:HI over powers of two or LO..HI):\n",
          s->zBinary, s->zAbout);
  for (int i = 0; i < s->nAxis; i++) {
    const bench_axis *a = &s->aAxis[i];
    fprintf(f, "  --%-10s %s\n               default: %s\n", a->zName, a->zHelp, a->zDefault);
    if (a->azChoice) {
      fprintf(f, "               one of:");
      for (int j = 0; a->azChoice[j]; j++) fprintf(f, " %s", a->azChoice[j]);
      fprintf(f, "\n");
    }
  }
  fprintf(f,
      "\nOptions:\n"
      "  --list         print the configurations this command would run, and exit\n"
      "  --db PATH      database to write (default %s)\n"
      "  --reps N       at most N timed repetitions per configuration (default %d)\n"
      "  --min-reps N   at least N timed repetitions (default %d)\n"
      "  --warmup N     untimed launches before timing (default %d)\n"
      "  --budget-ms X  stop adding repetitions after X ms of kernel time (default %g)\n"
      "  --warm         do not flush the L2 before repetitions (warm-cache numbers)\n"
      "  --no-resume    measure configurations this build already measured on this GPU\n"
      "  --build-id     print the build id (hash of sources and flags) and exit\n"
      "  --help         this text\n"
      "\nExit status: 0 ok, 1 a configuration failed, 2 bad arguments, 3 no GPU,\n"
      "4 database error, 130 interrupted (finished configurations are kept).\n",
      oDefault.zDb, oDefault.nRepMax, oDefault.nRepMin, oDefault.nWarmup, oDefault.msBudget);
}

/* Report a bad argument on one line and return exit status 2. */
static int bad_arg(const bench_study *s, const char *zWhat, const char *zWhy) {
  fprintf(stderr, "%s: %s: %s (see --help)\n", s->zBinary, zWhat, zWhy);
  return 2;
}

/* Write "zWhat: zWhy" into zErr and return BENCH_ARGS_ERROR. */
static int arg_error(char *zErr, size_t nErr, const char *zWhat, const char *zWhy) {
  snprintf(zErr, nErr, "%s: %s", zWhat, zWhy);
  return BENCH_ARGS_ERROR;
}

/* Parse one axis list into a. A value given twice is an error: it would
** measure one configuration twice. */
static int parse_axis(bench_axis *a, const char *zList, char *zErr, size_t nErr) {
  free(a->zBuf);
  a->zBuf = NULL;
  if (a->bInt) {
    if (parse_int_list(zList, a->iMin, a->iMax, a->aiVal, BENCH_MAX_VALS, &a->nVal, zErr, nErr)) return -1;
    for (int i = 0; i < a->nVal; i++)
      for (int j = 0; j < i; j++)
        if (a->aiVal[i] == a->aiVal[j]) {
          snprintf(zErr, nErr, "%lld appears twice in the list", a->aiVal[i]);
          return -1;
        }
    return 0;
  }
  if (parse_name_list(zList, &a->zBuf, a->azVal, BENCH_MAX_VALS, &a->nVal, zErr, nErr)) return -1;
  for (int i = 0; i < a->nVal; i++) {
    int bFound = a->azChoice == NULL;
    for (int j = 0; a->azChoice && a->azChoice[j]; j++) bFound |= strcmp(a->azChoice[j], a->azVal[i]) == 0;
    if (!bFound) {
      snprintf(zErr, nErr, "unknown value '%s'", a->azVal[i]);
      return -1;
    }
    for (int j = 0; j < i; j++)
      if (!strcmp(a->azVal[i], a->azVal[j])) {
        snprintf(zErr, nErr, "'%s' appears twice in the list", a->azVal[i]);
        return -1;
      }
  }
  return 0;
}

/* Parse a positive integer option value. */
static int opt_int(const char *z, long long iMin, long long iMax, int *pOut, char *zErr, size_t nErr) {
  long long v;
  if (parse_int(z, iMax, &v, zErr, nErr)) return -1;
  if (v < iMin) {
    snprintf(zErr, nErr, "'%s' is below %lld", z, iMin);
    return -1;
  }
  *pOut = (int)v;
  return 0;
}

/* 1 if the axis name is one of the promoted result columns. */
static int is_column(const char *z) {
  return !strcmp(z, "variant") || !strcmp(z, "dtype") || !strcmp(z, "n") || !strcmp(z, "block");
}

/* Format an integer, as 2^k when it is a power of two >= 1024. */
static void fmt_int(char *z, size_t n, long long v) {
  if (v >= 1024 && (v & (v - 1)) == 0) {
    int k = 0;
    while ((1LL << k) < v) k++;
    snprintf(z, n, "2^%d", k);
  } else {
    snprintf(z, n, "%lld", v);
  }
}

/* Build the canonical key, the params JSON and a short label of c. */
static void describe(const bench_config *c, char *zKey, size_t nKey, char *zParams, size_t nParams,
                     char *zLabel, size_t nLabel) {
  const bench_study *s = c->pStudy;
  size_t k = 0, p = 0, l = 0;
  p += (size_t)snprintf(zParams + p, nParams - p, "{");
  for (int i = 0; i < s->nAxis; i++) {
    const bench_axis *a = &s->aAxis[i];
    char zVal[64], zShort[64];
    if (a->bInt) {
      snprintf(zVal, sizeof(zVal), "%lld", c->aiVal[i]);
      fmt_int(zShort, sizeof(zShort), c->aiVal[i]);
    } else {
      snprintf(zVal, sizeof(zVal), "%s", c->azVal[i]);
      snprintf(zShort, sizeof(zShort), "%s", c->azVal[i]);
    }
    k += (size_t)snprintf(zKey + k, k < nKey ? nKey - k : 0, "%s%s=%s", i ? " " : "", a->zName, zVal);
    int bBare = !strcmp(a->zName, "variant") || !strcmp(a->zName, "dtype");
    l += (size_t)snprintf(zLabel + l, l < nLabel ? nLabel - l : 0, " %s%s%s", bBare ? "" : a->zName,
                          bBare ? "" : "=", zShort);
    if (!is_column(a->zName))
      p += (size_t)snprintf(zParams + p, p < nParams ? nParams - p : 0, "%s\"%s\":%s%s%s",
                            p > 1 ? "," : "", a->zName, a->bInt ? "" : "\"", zVal, a->bInt ? "" : "\"");
  }
  snprintf(zKey + k, k < nKey ? nKey - k : 0, " cache=%s", c->bWarm ? "warm" : "cold");
  snprintf(zParams + p, p < nParams ? nParams - p : 0, "}");
}

/* Advance the odometer ai over the axes; 0 when it wraps around. */
static int next_config(const bench_study *s, int *ai) {
  for (int i = s->nAxis - 1; i >= 0; i--) {
    if (++ai[i] < s->aAxis[i].nVal) return 1;
    ai[i] = 0;
  }
  return 0;
}

/* Fill c from odometer ai. */
static void make_config(const bench_study *s, const int *ai, bench_config *c) {
  memset(c, 0, sizeof(*c));
  c->pStudy = s;
  c->bWarm = o.bWarm;
  for (int i = 0; i < s->nAxis; i++) {
    c->aiVal[i] = s->aAxis[i].aiVal[ai[i]];
    c->azVal[i] = s->aAxis[i].azVal[ai[i]];
  }
}

int bench_variant_axis(bench_axis *pAxis, const void *aRegistry, int nEntry, size_t nStride,
                       const char *zExtraKey, const char *zExtraDesc, char *zAbout, size_t nAbout) {
  static const char *azChoice[BENCH_MAX_VALS + 1];
  static char zDefault[4096];
  const int nAll = nEntry + (zExtraKey != NULL);
  size_t nDefault = 0, nAboutUsed = strlen(zAbout);
  int nWidth = 0;
  if (nAll > BENCH_MAX_VALS) return -1;
  for (int i = 0; i < nAll; i++) {
    const bench_registry_head *p = (const void *)((const char *)aRegistry + (size_t)i * nStride);
    const char *zKey = i < nEntry ? p->zKey : zExtraKey;
    azChoice[i] = zKey;
    if ((int)strlen(zKey) > nWidth) nWidth = (int)strlen(zKey);
    nDefault += (size_t)snprintf(zDefault + nDefault, nDefault < sizeof(zDefault) ? sizeof(zDefault) - nDefault : 0,
                                 "%s%s", i ? "," : "", zKey);
  }
  azChoice[nAll] = NULL;
  for (int i = 0; i < nAll; i++) {
    const bench_registry_head *p = (const void *)((const char *)aRegistry + (size_t)i * nStride);
    nAboutUsed += (size_t)snprintf(zAbout + nAboutUsed, nAboutUsed < nAbout ? nAbout - nAboutUsed : 0,
                                   "%s  %-*s  %s", i ? "\n" : "", nWidth, azChoice[i],
                                   i < nEntry ? p->zDesc : zExtraDesc);
  }
  pAxis->azChoice = azChoice;
  pAxis->zDefault = zDefault;
  return nDefault < sizeof(zDefault) && nAboutUsed < nAbout ? 0 : -1;
}

gpu_timing bench_timing(const bench_config *c) {
  gpu_timing t = {o.nWarmup, o.nRepMax, o.nRepMin < o.nRepMax ? o.nRepMin : o.nRepMax, o.msBudget, !c->bWarm};
  return t;
}

void bench_cuda_fail(bench_out *pOut, const char *zWhat, int err) {
  pOut->bFailed = 1;
  /* Errors other than these leave the context unusable. */
  pOut->bFatal = !(err == cudaErrorInvalidValue || err == cudaErrorMemoryAllocation ||
                   err == cudaErrorInvalidConfiguration);
  snprintf(pOut->zError, sizeof(pOut->zError), "%s: %s (%s)", zWhat, gpu_error_string(err),
           cudaGetErrorName((cudaError_t)err));
}

int bench_time_gpu(const bench_config *c, gpu_fn xRun, gpu_fn xRestore, void *pCtx, bench_out *pOut) {
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

/* Join argv into one string for the run table. */
static char *join_argv(int argc, char **argv) {
  size_t n = 1;
  for (int i = 0; i < argc; i++) n += strlen(argv[i]) + 1;
  char *z = malloc(n), *p = z;
  if (!z) return NULL;
  for (int i = 0; i < argc; i++) p += sprintf(p, "%s%s", i ? " " : "", argv[i]);
  *p = 0;
  return z;
}

/* Collect the configurations to run into *paCfg; returns the count or -1. */
static int enumerate(const bench_study *s, bench_config **paCfg) {
  int ai[BENCH_MAX_AXES] = {0}, n = 0, nAlloc = 0;
  bench_config *a = NULL;
  for (int i = 0; i < s->nAxis; i++)
    if (s->aAxis[i].nVal == 0) return 0;
  do {
    if (n == nAlloc) {
      nAlloc = nAlloc ? 2 * nAlloc : 256;
      bench_config *aNew = realloc(a, sizeof(*a) * (size_t)nAlloc);
      if (!aNew) { free(a); return -1; }
      a = aNew;
    }
    make_config(s, ai, &a[n++]);
  } while (next_config(s, ai));
  *paCfg = a;
  return n;
}

int bench_parse_args(const bench_study *s, int argc, char **argv, char *zErr, size_t nErr) {
  char zWhy[256];
  o = oDefault;
  for (int i = 0; i < s->nAxis; i++) s->aAxis[i].nVal = -1;
  for (int i = 1; i < argc; i++) {
    const char *zOpt = argv[i], *zVal = NULL;
    char zName[64];
    if (!strcmp(zOpt, "--help") || !strcmp(zOpt, "-h")) return BENCH_ARGS_HELP;
    if (!strcmp(zOpt, "--build-id")) return BENCH_ARGS_BUILD_ID;
    if (strncmp(zOpt, "--", 2) != 0) return arg_error(zErr, nErr, zOpt, "unexpected argument");
    const char *zEq = strchr(zOpt, '=');
    size_t nName = zEq ? (size_t)(zEq - zOpt - 2) : strlen(zOpt + 2);
    if (nName >= sizeof(zName)) return arg_error(zErr, nErr, zOpt, "unknown option");
    memcpy(zName, zOpt + 2, nName);
    zName[nName] = 0;
    int bFlag = !strcmp(zName, "list") || !strcmp(zName, "warm") || !strcmp(zName, "no-resume");
    if (bFlag) {
      if (zEq) return arg_error(zErr, nErr, zOpt, "takes no value");
      if (!strcmp(zName, "list")) o.bList = 1;
      else if (!strcmp(zName, "warm")) o.bWarm = 1;
      else o.bResume = 0;
      continue;
    }
    int iAxis = -1;
    for (int j = 0; j < s->nAxis; j++)
      if (!strcmp(s->aAxis[j].zName, zName)) iAxis = j;
    int bOption = !strcmp(zName, "db") || !strcmp(zName, "reps") || !strcmp(zName, "min-reps") ||
                  !strcmp(zName, "warmup") || !strcmp(zName, "budget-ms");
    if (iAxis < 0 && !bOption) return arg_error(zErr, nErr, zOpt, "unknown option");
    if (zEq) zVal = zEq + 1;
    else if (i + 1 < argc) zVal = argv[++i];
    else return arg_error(zErr, nErr, zOpt, "needs a value");
    int bDone = 1;
    if (!strcmp(zName, "db")) {
      if (!*zVal) return arg_error(zErr, nErr, zOpt, "empty path");
      o.zDb = zVal;
    } else if (!strcmp(zName, "reps")) {
      if (opt_int(zVal, 1, BENCH_MAX_REPS, &o.nRepMax, zWhy, sizeof(zWhy))) return arg_error(zErr, nErr, zOpt, zWhy);
    } else if (!strcmp(zName, "min-reps")) {
      if (opt_int(zVal, 1, BENCH_MAX_REPS, &o.nRepMin, zWhy, sizeof(zWhy))) return arg_error(zErr, nErr, zOpt, zWhy);
    } else if (!strcmp(zName, "warmup")) {
      if (opt_int(zVal, 0, 1000, &o.nWarmup, zWhy, sizeof(zWhy))) return arg_error(zErr, nErr, zOpt, zWhy);
    } else if (!strcmp(zName, "budget-ms")) {
      int ms;
      if (opt_int(zVal, 1, 3600000, &ms, zWhy, sizeof(zWhy))) return arg_error(zErr, nErr, zOpt, zWhy);
      o.msBudget = ms;
    } else {
      bDone = 0;
    }
    if (bDone) continue;
    if (parse_axis(&s->aAxis[iAxis], zVal, zWhy, sizeof(zWhy))) return arg_error(zErr, nErr, zOpt, zWhy);
  }
  long long nProduct = 1;
  for (int i = 0; i < s->nAxis; i++) {
    if (s->aAxis[i].nVal < 0 && parse_axis(&s->aAxis[i], s->aAxis[i].zDefault, zWhy, sizeof(zWhy)))
      return arg_error(zErr, nErr, s->aAxis[i].zName, zWhy); /* a bad default is a bug: say so */
    nProduct *= s->aAxis[i].nVal; /* at most BENCH_MAX_VALS: no overflow before the check */
    if (nProduct > BENCH_MAX_CONFIGS) {
      snprintf(zWhy, sizeof(zWhy), "more than %d configurations", BENCH_MAX_CONFIGS);
      return arg_error(zErr, nErr, "matrix", zWhy);
    }
  }
  return BENCH_ARGS_RUN;
}

/* Sleep about ms milliseconds (a signal cuts it short). */
static void sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}

/* The host CPU as the device of a host-only run (no GPU facts, peak 0). */
static void host_info(gpu_info *p) {
  char zHost[128] = "unknown";
  memset(p, 0, sizeof(*p));
  gethostname(zHost, sizeof(zHost) - 1);
  zHost[sizeof(zHost) - 1] = 0;
  snprintf(p->zName, sizeof(p->zName), "host CPU (%s)", zHost);
  snprintf(p->zUuid, sizeof(p->zUuid), "host-%s", zHost);
}

/* Test-only fault injection (BENCH_INJECT_FAULT=[trap:]SUBSTRING): instead of
** measuring the configuration, launch a kernel that writes far out of bounds
** (or executes __trap() with 'trap:') and record what CUDA says; a host-only
** run launches nothing and records a fatal failure naming the injection. */
static void inject_fault(int bTrap, int bHostOnly, bench_out *pOut) {
  if (bHostOnly) {
    pOut->bFailed = pOut->bFatal = 1;
    snprintf(pOut->zError, sizeof(pOut->zError), "injected fault (host-only run: no kernel launched)");
    return;
  }
  int rc = bTrap ? fault_launch_trap(gpu_stream()) : fault_launch_oob(gpu_stream());
  if (rc) {
    bench_cuda_fail(pOut, bTrap ? "injected __trap()" : "injected out-of-bounds write", rc);
  } else {
    pOut->bFailed = 1;
    snprintf(pOut->zError, sizeof(pOut->zError), "injected fault: CUDA reported no error");
  }
}

/* Parse, list or run; bHostOnly: see bench_main_host(). */
static int bench_run(const bench_study *s, int argc, char **argv, int bHostOnly) {
  char zErr[256], zWhy[256];
  /* 1. Arguments and test switches: any error exits 2 before anything is written. */
  int rcArgs = bench_parse_args(s, argc, argv, zErr, sizeof(zErr));
  if (rcArgs == BENCH_ARGS_HELP) { usage(s, stdout); return 0; }
  if (rcArgs == BENCH_ARGS_BUILD_ID) { printf("%s\n", buildinfo_id); return 0; }
  if (rcArgs == BENCH_ARGS_ERROR) {
    fprintf(stderr, "%s: %s (see --help)\n", s->zBinary, zErr);
    return 2;
  }
  const char *zInject = getenv("BENCH_INJECT_FAULT");
  int bTrap = zInject && !strncmp(zInject, "trap:", 5);
  if (zInject && bTrap) zInject += 5;
  if (zInject && !*zInject) zInject = NULL;
  const char *zFree = getenv("BENCH_FREE_BYTES");
  long long nFreeOverride = -1;
  if (zFree && parse_int(zFree, 1LL << 62, &nFreeOverride, zWhy, sizeof(zWhy)))
    return bad_arg(s, "BENCH_FREE_BYTES", zWhy);
  bench_config *aCfg = NULL;
  int nCfg = enumerate(s, &aCfg);
  if (nCfg < 0) return bad_arg(s, "matrix", "out of memory");
  /* 2. --list: every configuration and whether it would be skipped. */
  int nRun = 0;
  for (int i = 0; i < nCfg; i++) {
    char zKey[512], zParams[512], zLabel[512];
    const char *zSkip = s->xSkip ? s->xSkip(&aCfg[i]) : NULL;
    nRun += zSkip == NULL;
    if (o.bList) {
      describe(&aCfg[i], zKey, sizeof(zKey), zParams, sizeof(zParams), zLabel, sizeof(zLabel));
      printf("%s%s%s\n", zKey, zSkip ? "  # not run: " : "", zSkip ? zSkip : "");
    }
  }
  if (o.bList) {
    printf("# %d configurations, %d to run\n", nCfg, nRun);
    free(aCfg);
    return 0;
  }
  if (nRun == 0) {
    free(aCfg);
    return bad_arg(s, "matrix", "no valid configuration to run");
  }
  /* 3. The GPU: none is exit 3; a configuration larger than the device is exit 2. */
  if (bHostOnly) {
    host_info(&gInfo);
  } else {
    if (!gpu_available(zWhy, sizeof(zWhy))) {
      fprintf(stderr, "%s: %s: nothing measured\n", s->zBinary, zWhy);
      free(aCfg);
      return 3;
    }
    int rc = gpu_open(&gInfo);
    if (rc) {
      fprintf(stderr, "%s: cannot open the GPU: %s\n", s->zBinary, gpu_error_string(rc));
      free(aCfg);
      return 3;
    }
  }
  for (int i = 0; i < nCfg && s->xDeviceBytes && !bHostOnly; i++) {
    if (s->xSkip && s->xSkip(&aCfg[i])) continue;
    size_t nNeed = s->xDeviceBytes(&aCfg[i]);
    if ((long long)nNeed > gInfo.nGlobalBytes) {
      char zKey[512], zParams[512], zLabel[512];
      describe(&aCfg[i], zKey, sizeof(zKey), zParams, sizeof(zParams), zLabel, sizeof(zLabel));
      snprintf(zErr, sizeof(zErr), "needs %.2f GiB, the %s has %.2f GiB", nNeed / 1073741824.0,
               gInfo.zName, gInfo.nGlobalBytes / 1073741824.0);
      free(aCfg);
      return bad_arg(s, zKey, zErr);
    }
  }
  /* 4. The run. */
  db *pDb = db_open(o.zDb, zErr, sizeof(zErr));
  if (!pDb) {
    fprintf(stderr, "%s: %s\n", s->zBinary, zErr);
    free(aCfg);
    return 4;
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = on_signal;
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  char *zArgv = join_argv(argc, argv);
  db_run_info info = {s->zStudy, s->zBinary, zArgv ? zArgv : "", buildinfo_id, buildinfo_git_commit,
                      buildinfo_git_dirty, buildinfo_nvcc_version, buildinfo_nvcc_flags,
                      o.nWarmup, o.nRepMax, 0};
  info.copyGbps = bHostOnly ? 0 : gpu_copy_gbps((size_t)256 << 20);
  long long iRun = db_begin_run(pDb, &gInfo, &info);
  if (iRun < 0) {
    fprintf(stderr, "%s: cannot start a run in '%s': %s\n", s->zBinary, o.zDb, db_errmsg(pDb));
    db_close(pDb);
    free(aCfg);
    free(zArgv);
    return 4;
  }
  if (bHostOnly)
    fprintf(stderr, "%s: run %lld on %s (host-only test run) into %s\n", s->zBinary, iRun, gInfo.zName, o.zDb);
  else
    fprintf(stderr, "%s: run %lld on %s (%d SMs, peak %.0f GB/s, copy %.0f GB/s) into %s\n", s->zBinary,
            iRun, gInfo.zName, gInfo.nSm, gInfo.peakGbps, info.copyGbps, o.zDb);
  /* The configurations to run, in order, with their progress numbers. One
  ** that another live run is measuring is taken up again after the others,
  ** until that run has stored it (or died). */
  int *aiTodo = malloc(sizeof(int) * (size_t)nRun), *aiSeq = malloc(sizeof(int) * (size_t)nCfg);
  int nTodo = 0, nDone = 0, nFailed = 0, nSkipped = 0, bFatal = 0, bDbError = 0;
  if (!aiTodo || !aiSeq) {
    fprintf(stderr, "%s: out of memory\n", s->zBinary);
    bDbError = 1;
  }
  for (int i = 0; i < nCfg && !bDbError; i++) {
    if (s->xSkip && s->xSkip(&aCfg[i])) continue;
    aiSeq[i] = nTodo + 1;
    aiTodo[nTodo++] = i;
  }
  static bench_out out;
  for (int iPass = 0; nTodo > 0 && !bStop && !bFatal && !bDbError; iPass++) {
    int nKeep = 0, bProgress = 0;
    for (int t = 0; t < nTodo && !bStop && !bFatal && !bDbError; t++) {
      int i = aiTodo[t], iSeq = aiSeq[i];
      char zKey[512], zParams[512], zLabel[512];
      long long iHolder = 0;
      describe(&aCfg[i], zKey, sizeof(zKey), zParams, sizeof(zParams), zLabel, sizeof(zLabel));
      int rcClaim = db_claim(pDb, iRun, gInfo.zUuid, s->zStudy, s->zBinary, buildinfo_id, zKey, o.bResume,
                             &iHolder);
      if (rcClaim < 0) {
        fprintf(stderr, "%s: cannot claim %s: %s\n", s->zBinary, zKey, db_errmsg(pDb));
        bDbError = 1;
        break;
      }
      if (rcClaim == DB_DONE) {
        fprintf(stderr, "[%d/%d] %s%s ... already measured\n", iSeq, nRun, s->zStudy, zLabel);
        bProgress = 1;
        continue;
      }
      if (rcClaim == DB_HELD) {
        if (iPass == 0)
          fprintf(stderr, "[%d/%d] %s%s ... being measured by run %lld: later\n", iSeq, nRun, s->zStudy,
                  zLabel, iHolder);
        aiTodo[nKeep++] = i;
        continue;
      }
      bProgress = 1;
      memset(&out, 0, sizeof(out));
      size_t nNeed = s->xDeviceBytes ? s->xDeviceBytes(&aCfg[i]) : 0;
      size_t nFree = nFreeOverride >= 0 ? (size_t)nFreeOverride : bHostOnly ? (size_t)-1 : gpu_free_bytes();
      if (nNeed > nFree) {
        out.bSkipped = 1;
        snprintf(out.zError, sizeof(out.zError), "needs %zu bytes, %zu free", nNeed, nFree);
      } else if (zInject && strstr(zKey, zInject)) {
        inject_fault(bTrap, bHostOnly, &out);
      } else {
        s->xMeasure(&aCfg[i], &out);
      }
      const char *zStatus = out.bSkipped ? "skipped" : out.bFailed ? "failed" : "ok";
      db_result r = {zKey, NULL, NULL, -1, 0, zParams, aCfg[i].bWarm, out.bHostTimer, zStatus,
                     out.bFailed || out.bSkipped ? out.zError : NULL, out.maxErr, out.tolerance,
                     out.nBytesRead, out.nBytesWritten, out.aMs, out.nRep};
      for (int a = 0; a < s->nAxis; a++) {
        const char *zName = s->aAxis[a].zName;
        if (!strcmp(zName, "variant")) r.zVariant = aCfg[i].azVal[a];
        if (!strcmp(zName, "dtype")) r.zDtype = aCfg[i].azVal[a];
        if (!strcmp(zName, "n")) r.n = aCfg[i].aiVal[a];
        if (!strcmp(zName, "block")) r.nBlock = (int)aCfg[i].aiVal[a];
      }
      if (!r.zVariant) r.zVariant = s->zStudy;
      if (db_add_result(pDb, iRun, s->zStudy, &r)) {
        fprintf(stderr, "%s: cannot store %s: %s\n", s->zBinary, zKey, db_errmsg(pDb));
        bDbError = 1;
        break;
      }
      if (out.bSkipped) {
        nSkipped++;
        fprintf(stderr, "[%d/%d] %s%s ... skipped: %s\n", iSeq, nRun, s->zStudy, zLabel, out.zError);
      } else if (out.bFailed) {
        nFailed++;
        bFatal = out.bFatal;
        fprintf(stderr, "[%d/%d] %s%s ... FAILED: %s\n", iSeq, nRun, s->zStudy, zLabel, out.zError);
      } else {
        stats st;
        stats_compute(out.aMs, out.nRep, &st);
        double gbps = (double)(out.nBytesRead + out.nBytesWritten) / (st.median * 1e6);
        nDone++;
        fprintf(stderr, "[%d/%d] %s%s ... %.4f ms, %.0f GB/s%s (rsd %.1f%%, %d reps)\n", iSeq, nRun,
                s->zStudy, zLabel, st.median, gbps, out.bHostTimer ? " [host CPU]" : "", 100 * st.rsd,
                out.nRep);
      }
    }
    nTodo = nKeep;
    if (nTodo > 0 && !bProgress) sleep_ms(200);
  }
  if (s->xCleanup) s->xCleanup();
  double copyEnd = bFatal || bHostOnly ? 0 : gpu_copy_gbps((size_t)256 << 20);
  const char *zEnd = bFatal || bDbError ? "failed" : bStop ? "incomplete" : "complete";
  char zNote[600] = "";
  if (bFatal) snprintf(zNote, sizeof(zNote), "ended after a CUDA error: %s", out.zError);
  else if (bStop) snprintf(zNote, sizeof(zNote), "interrupted by a signal");
  /* After a database error, one line has said why; the run stays 'running'
  ** if this fails too (never shown, never resumed from). */
  if (db_end_run(pDb, iRun, zEnd, zNote[0] ? zNote : NULL, copyEnd) && !bDbError)
    fprintf(stderr, "%s: cannot close run %lld: %s\n", s->zBinary, iRun, db_errmsg(pDb));
  fprintf(stderr, "%s: run %lld %s: %d measured, %d failed, %d skipped\n", s->zBinary, iRun, zEnd,
          nDone, nFailed, nSkipped);
  db_close(pDb);
  if (!bFatal && !bHostOnly) gpu_close();
  free(aCfg);
  free(aiTodo);
  free(aiSeq);
  free(zArgv);
  for (int i = 0; i < s->nAxis; i++) {
    free(s->aAxis[i].zBuf);
    s->aAxis[i].zBuf = NULL;
  }
  if (bDbError) return 4;
  if (bStop) return 130;
  return nFailed || bFatal ? 1 : 0;
}

int bench_main(const bench_study *s, int argc, char **argv) { return bench_run(s, argc, argv, 0); }

int bench_main_host(const bench_study *s, int argc, char **argv) { return bench_run(s, argc, argv, 1); }
