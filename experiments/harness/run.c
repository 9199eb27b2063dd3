/*
** experiments/harness/run.c: the run driver of every study binary (see
** bench.h): parse, list, open the GPU, check sizes, open the database, then
** claim, measure and store each configuration with a progress line, and end
** the run. Each step is one function below, in the order a run takes them.
**
** With --matrix FILE one process makes a run of every line of FILE that names
** this binary, in order: every line is parsed, enumerated and listed (step
** 1b) and checked against the device (step 4) before the first run opens the
** database; the GPU is opened once, the read ceiling measured once, and the
** copy probe that ends one run starts the next (hand_on()). Lines with
** --profile SET (a .profile file) are profile runs instead: profile_step()
** hands every line to experiments/harness/profile.c as a sweep, all under
** one ncu process.
*/
#include "experiments/harness/bench.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "experiments/harness/buildinfo.h"
#include "experiments/harness/ceiling.h"
#include "experiments/harness/db.h"
#include "experiments/harness/env.h"
#include "experiments/harness/nvml.h"
#include "experiments/harness/parse.h"
#include "kernels/probe.h"
#include "experiments/harness/profile.h"
#include "experiments/harness/watchdog.h"

static volatile sig_atomic_t bStop = 0; /* set by SIGINT/SIGTERM */
static gpu_info gInfo;                  /* the run's device */
static bench_test_hooks testHooks;      /* set by test builds only */

int bench_interrupted(void) { return bStop != 0; }
const gpu_info *bench_gpu(void) { return &gInfo; }
void bench_set_test_hooks(const bench_test_hooks *pHooks) { testHooks = *pHooks; }

/* Everything one run holds, passed to each step. */
typedef struct run_state {
  const bench_study *s;
  int bHostOnly;             /* see bench_main_host() */
  const char *zMatrix;       /* --matrix FILE, taken out of the command line (matrix_take_arg()) */
  char zWhere[300];          /* "FILE:LINE: " of a --matrix line (its errors name it), else "" */
  char *zLine;               /* a --matrix line's words, NUL-separated (azArgv points into it) */
  char **azArgv;             /* a --matrix line's command line: argv[0], its words, the other options */
  int nArgv;                 /* its length (the profile options taken out) */
  profile_opts prof;         /* a --matrix line's profile options (--profile SET) */
  bench_args args;           /* options and axis lists */
  long long nFreeOverride;   /* BENCH_FREE_BYTES, or -1 */
  bench_config *aCfg;        /* every configuration of the matrix */
  int nCfg;
  int nRun;                  /* how many of them are not skipped */
  unsigned char *abListed;   /* per configuration: 1 if not skipped before the GPU was open */
  db *pDb;
  long long iRun;            /* run id */
  char *zArgv;               /* the command line, for the run table */
  int bReadTaken;            /* the read ceiling was measured (by this process's first run) */
  double readGbps;           /* the read ceiling: 0 unknown */
  double copyStart;          /* the copy probe the previous run of this process ended with; 0: take one */
  double copyEnd;            /* the copy probe this run ended with; 0: none */
  int *aiTodo, nTodo;        /* configurations still to do, in order */
  int *aiSeq;                /* progress number of each configuration */
  int nDone, nFailed, nSkipped;
  int anStop[6];             /* configurations per stop reason (STATS_*) */
  double msSampling;         /* wall time spent sampling (what convergence costs) */
  double msMeasure;          /* wall time of every configuration's measure (sampling included) */
  double sStart, sMatrix;    /* monotonic seconds at the start and at the first configuration */
  nvml_env envStart;         /* NVML at the start (before the copy probe) */
  int bFatal;                /* a CUDA error made the context unusable */
  int bDbError;              /* a database error ended the run */
  int bEnvError;             /* an environment error ended the run (not stored) */
  bench_out out;             /* the last configuration's outcome */
} run_state;

/* Monotonic clock in seconds. */
static double mono_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The first line of FILE that starts with zKey, its value after the first
** zSep into z (quotes and surrounding blanks dropped); "" if none. */
static void file_value(const char *zFile, const char *zKey, char cSep, char *z, size_t n) {
  char zLine[512];
  FILE *f = fopen(zFile, "r");
  z[0] = 0;
  if (!f) return;
  while (fgets(zLine, sizeof(zLine), f)) {
    char *p = strchr(zLine, cSep);
    if (strncmp(zLine, zKey, strlen(zKey)) || !p) continue;
    p++;
    while (*p == ' ' || *p == '\t' || *p == '"') p++;
    size_t k = strcspn(p, "\"\n");
    snprintf(z, n, "%.*s", (int)k, p);
    break;
  }
  fclose(f);
}

/* The run's machine facts (run.launch_us, launch_bare_us, cpu_model, os_name,
** cccl_version, clock_lock, driver_release) into the database; a host-only run has no GPU facts. 0 or -1. */
static int store_facts(run_state *r) {
  char zCpu[256], zOs[256], zOsFull[400], zCccl[32] = "", zLock[128] = "", zDriver[96] = "";
  struct utsname u;
  file_value("/proc/cpuinfo", "model name", ':', zCpu, sizeof(zCpu));
  file_value("/etc/os-release", "PRETTY_NAME", '=', zOs, sizeof(zOs));
  if (uname(&u) == 0) snprintf(zOsFull, sizeof(zOsFull), "%s%s%s %s", zOs, zOs[0] ? ", " : "", u.sysname, u.release);
  else snprintf(zOsFull, sizeof(zOsFull), "%s", zOs);
  db_run_facts f = {0, zCpu[0] ? zCpu : NULL, zOsFull[0] ? zOsFull : NULL, NULL, NULL, 0, NULL};
  if (!r->bHostOnly) {
    int v = gpu_cub_version();
    snprintf(zCccl, sizeof(zCccl), "%d.%d.%d", v / 100000, v / 100 % 1000, v % 100);
    f.zCcclVersion = zCccl;
    if (nvml_clock_lock(gInfo.zUuid, zLock, sizeof(zLock)) == 0) f.zClockLock = zLock;
    if (nvml_driver_release(zDriver, sizeof(zDriver)) == 0) f.zDriverRelease = zDriver;
    f.launchUs = gpu_launch_floor_us();
    f.launchBareUs = gpu_launch_floor_bare_us();
  }
  return db_set_run_facts(r->pDb, r->iRun, &f);
}

/* Signal handler: finish the current configuration, then stop. */
static void on_signal(int sig) {
  (void)sig;
  bStop = 1;
}

/* Report a bad argument on one line (control characters escaped; a
** --matrix line named by file and number) and return exit status 2. */
static int bad_arg(const run_state *r, const char *zWhat, const char *zWhy) {
  char zRaw[1024], zLine[2048];
  snprintf(zRaw, sizeof(zRaw), "%s: %s", zWhat, zWhy);
  parse_escape(zLine, sizeof(zLine), zRaw);
  fprintf(stderr, "%s: %s%s (see --help)\n", r->s->zBinary, r->zWhere, zLine);
  return 2;
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

/* The canonical key, the params JSON and a short label of a configuration. */
typedef struct config_text {
  char zKey[512], zParams[512], zLabel[512];
} config_text;

/* Describe c into t. */
static void describe(const bench_config *c, config_text *t) {
  const bench_study *s = c->pStudy;
  const size_t nKey = sizeof(t->zKey), nParams = sizeof(t->zParams), nLabel = sizeof(t->zLabel);
  size_t k = 0, p = 0, l = 0;
  p += (size_t)snprintf(t->zParams + p, nParams - p, "{");
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
    k += (size_t)snprintf(t->zKey + k, k < nKey ? nKey - k : 0, "%s%s=%s", i ? " " : "", a->zName, zVal);
    int bBare = !strcmp(a->zName, "variant") || !strcmp(a->zName, "dtype");
    l += (size_t)snprintf(t->zLabel + l, l < nLabel ? nLabel - l : 0, " %s%s%s", bBare ? "" : a->zName,
                          bBare ? "" : "=", zShort);
    if (!is_column(a->zName))
      p += (size_t)snprintf(t->zParams + p, p < nParams ? nParams - p : 0, "%s\"%s\":%s%s%s",
                            p > 1 ? "," : "", a->zName, a->bInt ? "" : "\"", zVal, a->bInt ? "" : "\"");
  }
  /* The default (clean flush, one launch a sample) keeps the key it always
  ** had; another flush or the batch or graph mode is a configuration of its own. */
  k += (size_t)snprintf(t->zKey + k, k < nKey ? nKey - k : 0, " cache=%s%s%s%s", c->bWarm ? "warm" : "cold",
                        c->eFlush == GPU_FLUSH_MEMSET ? " flush=memset" : "", c->bBatch ? " mode=" : "",
                        c->bBatch ? bench_mode_name(c->bBatch) : "");
  snprintf(t->zLabel + l, l < nLabel ? nLabel - l : 0, "%s%s%s%s", c->eFlush == GPU_FLUSH_MEMSET ? " flush=memset" : "",
           c->bWarm && !c->bBatch ? " warm" : "", c->bBatch ? " " : "", c->bBatch ? bench_mode_name(c->bBatch) : "");
  snprintf(t->zParams + p, p < nParams ? nParams - p : 0, "}");
}

void bench_describe(const bench_config *c, bench_desc *d) {
  const bench_study *s = c->pStudy;
  config_text t;
  describe(c, &t);
  memcpy(d->zKey, t.zKey, sizeof(d->zKey));
  memcpy(d->zParams, t.zParams, sizeof(d->zParams));
  memcpy(d->zLabel, t.zLabel, sizeof(d->zLabel));
  d->zVariant = s->zStudy;
  d->zDtype = NULL;
  d->n = -1;
  d->nBlock = 0;
  for (int a = 0; a < s->nAxis; a++) {
    const char *zName = s->aAxis[a].zName;
    if (!strcmp(zName, "variant")) d->zVariant = c->azVal[a];
    if (!strcmp(zName, "dtype")) d->zDtype = c->azVal[a];
    if (!strcmp(zName, "n")) d->n = c->aiVal[a];
    if (!strcmp(zName, "block")) d->nBlock = (int)c->aiVal[a];
  }
}

/* Why configuration i is not run, or NULL. */
static const char *skip_reason(const run_state *r, int i) {
  return r->s->xSkip ? r->s->xSkip(&r->aCfg[i]) : NULL;
}

/* Collect every configuration into r->aCfg: for each mode and flush (batch
** and graph samples take no flush: once, as 'none'), the odometer over the axes. */
static int enumerate(run_state *r) {
  const bench_study *s = r->s;
  const bench_opts *o = &r->args.opts;
  int nAlloc = 0;
  r->nCfg = 0;
  for (int i = 0; i < s->nAxis; i++)
    if (r->args.aVals[i].nVal == 0) return 0;
  for (int iMode = 0; iMode < o->nMode; iMode++) {
    for (int iFlush = 0; iFlush < o->nFlush; iFlush++) {
      int bBatch = o->abBatch[iMode];
      if (bBatch && iFlush > 0) break;
      int ai[BENCH_MAX_AXES] = {0};
      for (;;) {
        if (r->nCfg == nAlloc) {
          nAlloc = nAlloc ? 2 * nAlloc : 256;
          bench_config *aNew = realloc(r->aCfg, sizeof(*aNew) * (size_t)nAlloc);
          if (!aNew) return -1;
          r->aCfg = aNew;
        }
        bench_config *c = &r->aCfg[r->nCfg++];
        memset(c, 0, sizeof(*c));
        c->pStudy = s;
        c->pArgs = &r->args;
        c->bBatch = bBatch;
        c->eFlush = bBatch ? GPU_FLUSH_NONE : o->aeFlush[iFlush];
        c->bWarm = c->eFlush == GPU_FLUSH_NONE;
        for (int i = 0; i < s->nAxis; i++) {
          c->aiVal[i] = r->args.aVals[i].aiVal[ai[i]];
          c->azVal[i] = r->args.aVals[i].azVal[ai[i]];
        }
        int i = s->nAxis - 1;
        for (; i >= 0; i--) {
          if (++ai[i] < r->args.aVals[i].nVal) break;
          ai[i] = 0;
        }
        if (i < 0) break;
      }
    }
  }
  return 0;
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

/* Step 1: arguments and test switches. -1 to go on, else the exit status
** (any error exits 2 before anything is written). A --matrix line
** (r->zWhere set) takes neither --help, --build-id nor --matrix. */
static int parse_step(run_state *r, int argc, char **argv) {
  char zErr[256];
  int rc = bench_parse_args(r->s, argc, argv, &r->args, zErr, sizeof(zErr));
  if (r->zWhere[0] && rc == BENCH_ARGS_RUN && r->args.opts.zMatrix)
    return bad_arg(r, "--matrix", "not in a matrix line");
  if (r->zWhere[0] && (rc == BENCH_ARGS_HELP || rc == BENCH_ARGS_BUILD_ID))
    return bad_arg(r, "--help, --build-id", "not in a matrix line");
  if (rc == BENCH_ARGS_HELP) { bench_usage(r->s, stdout); return 0; }
  if (rc == BENCH_ARGS_BUILD_ID) { printf("%s\n", buildinfo_id); return 0; }
  if (rc == BENCH_ARGS_ERROR) {
    fprintf(stderr, "%s: %s%s (see --help)\n", r->s->zBinary, r->zWhere, zErr);
    return 2;
  }
  /* The session id is stored whole (run.session): letters, digits, '.',
  ** '_' and '-', at most 64 (as `make measure` checks it). */
  const char *zSession = getenv("MEASURE_SESSION");
  if (zSession && (strlen(zSession) > 64 || strspn(zSession, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                                "0123456789._-") != strlen(zSession)))
    return bad_arg(r, "MEASURE_SESSION", "at most 64 letters, digits, '.', '_' and '-'");
  const char *zFree = getenv("BENCH_FREE_BYTES");
  r->nFreeOverride = -1;
  if (zFree && parse_int(zFree, 1LL << 62, &r->nFreeOverride, zErr, sizeof(zErr)))
    return bad_arg(r, "BENCH_FREE_BYTES", zErr);
  if (enumerate(r)) return bad_arg(r, "matrix", "out of memory");
  r->zArgv = join_argv(argc, argv);
  return -1;
}

/* Exit status 2 for a matrix with nothing to run, naming every distinct
** reason (with how many configurations it rules out), so the command line
** can be mended. */
static int nothing_to_run(run_state *r) {
  const char *azWhy[4];
  int anWhy[4] = {0}, nWhy = 0, nOther = 0;
  for (int i = 0; i < r->nCfg; i++) {
    const char *zSkip = skip_reason(r, i);
    int j = 0;
    while (j < nWhy && strcmp(azWhy[j], zSkip)) j++;
    if (j == nWhy && nWhy < 4) azWhy[nWhy++] = zSkip;
    if (j < nWhy) anWhy[j]++;
    else nOther++;
  }
  char zWhy[1024];
  size_t k = (size_t)snprintf(zWhy, sizeof(zWhy), "nothing to run: every configuration is skipped (");
  for (int j = 0; j < nWhy && k < sizeof(zWhy); j++)
    k += (size_t)snprintf(zWhy + k, sizeof(zWhy) - k, "%s%d: %s", j ? "; " : "", anWhy[j], azWhy[j]);
  if (k < sizeof(zWhy)) snprintf(zWhy + k, sizeof(zWhy) - k, "%s)", nOther ? "; ..." : "");
  return bad_arg(r, "matrix", zWhy);
}

/* Step 2: count what is run; with --list print every configuration and
** whether it would be skipped. -1 to go on, else the exit status: a matrix
** with nothing to run is exit 2, listed or not. */
static int list_step(run_state *r) {
  config_text t;
  r->nRun = 0;
  r->abListed = calloc((size_t)r->nCfg + 1, 1);
  for (int i = 0; i < r->nCfg; i++) {
    const char *zSkip = skip_reason(r, i);
    r->nRun += zSkip == NULL;
    if (r->abListed) r->abListed[i] = zSkip == NULL;
    if (r->args.opts.bList) {
      describe(&r->aCfg[i], &t);
      printf("%s%s%s\n", t.zKey, zSkip ? "  # not run: " : "", zSkip ? zSkip : "");
    }
  }
  if (r->args.opts.bList && !r->bHostOnly)
    printf("# not checked here: device limits (memory, block, shared/constant memory, texture, Hopper-only)\n");
  if (r->args.opts.bList) printf("# %d configurations, %d to run\n", r->nCfg, r->nRun);
  if (r->nRun == 0) return nothing_to_run(r);
  return r->args.opts.bList ? 0 : -1;
}

/* 1 if a --matrix line is skipped: blank, or a '#' comment (what
** experiments/tools/run-matrix's grep leaves out). */
static int skipped_line(const char *z) {
  while (isspace((unsigned char)*z)) z++;
  return *z == 0 || *z == '#';
}

/* The length of zLine's first word, *pzWord set to it. */
static size_t first_word(const char *zLine, const char **pzWord) {
  const char *z = zLine + strspn(zLine, " \t");
  *pzWord = z;
  return strcspn(z, " \t\n");
}

/* Make r a run of zLine, line iLine of zFile (its first word is this
** binary): its command line is argv[0], the line's other words (split on
** blanks, as run-matrix's shell splits a line), then azOther[0..nOther) (the
** command line's options but --matrix FILE); parse and list it. r owns zLine.
** -1 to go on, else the exit status (2: the line is bad; the message names it). */
static int matrix_line(run_state *r, const run_state *pHead, const char *zFile, int iLine, char *zLine,
                       char **azOther, int nOther, const char *zArgv0) {
  char zRaw[600];
  memset(r, 0, sizeof(*r));
  r->s = pHead->s;
  r->bHostOnly = pHead->bHostOnly;
  r->zLine = zLine;
  snprintf(zRaw, sizeof(zRaw), "%s:%d", zFile, iLine);
  parse_escape(r->zWhere, sizeof(r->zWhere) - 2, zRaw);
  strcat(r->zWhere, ": ");
  int argc = 0;
  r->azArgv = malloc(sizeof(char *) * (strlen(zLine) / 2 + 2 + (size_t)nOther));
  if (!r->azArgv) return bad_arg(r, "--matrix", "out of memory");
  r->azArgv[argc++] = (char *)zArgv0;
  strtok(zLine, " \t\n"); /* the binary's name */
  for (char *z = strtok(NULL, " \t\n"); z; z = strtok(NULL, " \t\n")) r->azArgv[argc++] = z;
  for (int i = 0; i < nOther; i++) r->azArgv[argc++] = azOther[i];
  r->azArgv[argc] = NULL;
  /* A line of a .profile file names its metric set (profile.h). */
  char zErr[256];
  if (profile_take_args(&argc, r->azArgv, &r->prof, zErr, sizeof(zErr))) return bad_arg(r, "profile", zErr);
  r->nArgv = argc;
  if (r->prof.zChildKey || r->prof.zChildKeys || r->prof.bResources || (r->prof.zSet && !strcmp(r->prof.zSet, "list")))
    return bad_arg(r, "--profile list, --profile-child(-keys), --resources", "not in a matrix line");
  int rc = parse_step(r, argc, r->azArgv);
  if (rc < 0 && r->args.opts.bList) printf("# %s%s\n", r->zWhere, r->zArgv ? r->zArgv : "");
  if (rc < 0) rc = list_step(r);
  return rc == 0 && r->args.opts.bList ? -1 : rc; /* --list: on to the next line */
}

/* The lines of zFile (blank lines and '#' comments left out, as run-matrix
** does) whose first word is zBinary: malloc'ed copies into *pazLine, their
** numbers into *paiLine. How many, or -1 with errno set. */
static int read_matrix(const char *zFile, const char *zBinary, char ***pazLine, int **paiLine) {
  FILE *f = fopen(zFile, "r");
  char *zBuf = NULL;
  size_t nBuf = 0;
  int n = 0, nAlloc = 0, iLine = 0, bErr = f == NULL;
  *pazLine = NULL;
  *paiLine = NULL;
  while (!bErr && getline(&zBuf, &nBuf, f) >= 0) {
    const char *zWord;
    size_t nWord = first_word(zBuf, &zWord);
    iLine++;
    if (skipped_line(zBuf) || nWord != strlen(zBinary) || strncmp(zWord, zBinary, nWord)) continue;
    if (n == nAlloc) {
      nAlloc = nAlloc ? 2 * nAlloc : 16;
      char **azNew = realloc(*pazLine, sizeof(char *) * (size_t)nAlloc);
      int *aiNew = azNew ? realloc(*paiLine, sizeof(int) * (size_t)nAlloc) : NULL;
      if (azNew) *pazLine = azNew;
      if (aiNew) *paiLine = aiNew;
      if (!azNew || !aiNew) { bErr = 1; break; }
    }
    (*paiLine)[n] = iLine;
    if (!((*pazLine)[n] = strdup(zBuf))) { bErr = 1; break; }
    n++;
  }
  if (f && ferror(f)) bErr = 1;
  int iErrno = errno;
  if (f) fclose(f);
  free(zBuf);
  if (!bErr) return n;
  for (int i = 0; i < n; i++) free((*pazLine)[i]);
  free(*pazLine);
  free(*paiLine);
  *pazLine = NULL;
  *paiLine = NULL;
  errno = iErrno;
  return -1;
}

/* Take --matrix FILE (or --matrix=FILE) out of argv (*pArgc updated) into
** r->zMatrix, as the profile options are taken out (profile_take_args()).
** -1 to go on, else exit status 2 (no value, an empty one, given twice). */
static int matrix_take_arg(run_state *r, int *pArgc, char **argv) {
  int j = 1;
  for (int i = 1; i < *pArgc; i++) {
    const char *zVal = !strncmp(argv[i], "--matrix=", 9) ? argv[i] + 9 : NULL;
    if (!zVal && strcmp(argv[i], "--matrix")) {
      argv[j++] = argv[i];
      continue;
    }
    if (!zVal && i + 1 >= *pArgc) return bad_arg(r, "--matrix", "needs a value");
    if (!zVal) zVal = argv[++i];
    if (r->zMatrix) return bad_arg(r, "--matrix", "given twice (give it once)");
    if (!*zVal) return bad_arg(r, "--matrix", "empty path");
    r->zMatrix = zVal;
  }
  *pArgc = j;
  argv[j] = NULL;
  return -1;
}

/* Step 2 with --matrix FILE (pHead->zMatrix; argv: the other options):
** every line of FILE whose first word is this binary becomes a run of its
** own in *paRun (*pnRun of them, in file order), its command line the line's
** words and the other options, each parsed, enumerated and, with --list,
** listed; nothing is opened. Lines of other binaries are left alone. The
** other options are checked with each line (alone they may not hold:
** --reps 5 needs a line's --min-reps). -1 to go on, 0 after --help or
** --list, else the exit status: 2 for a bad line (one line naming FILE and
** the line's number), a FILE that cannot be read or names this binary
** nowhere, --build-id, and --profile, --profile-child or --resources given
** here. A profile matrix (a .profile file: lines with --profile SET) is all
** profile lines for this binary or none (exit 2 naming the first line that
** differs), and its lines write one database. */
static int matrix_file_step(run_state *pHead, const profile_opts *pProf, int argc, char **argv,
                            run_state **paRun, int *pnRun) {
  const char *zFile = pHead->zMatrix;
  char zWhy[300], zErr[256];
  if (pProf->zSet || pProf->zChildKey || pProf->bResources)
    return bad_arg(pHead, "--matrix", "not with --profile, --profile-child or --resources (a profile matrix's lines name their sets)");
  int rcArgs = bench_parse_args(pHead->s, argc, argv, &pHead->args, zErr, sizeof(zErr));
  if (rcArgs == BENCH_ARGS_HELP) { bench_usage(pHead->s, stdout); return 0; }
  if (rcArgs == BENCH_ARGS_BUILD_ID) return bad_arg(pHead, "--build-id", "takes no other argument");
  char **azLine;
  int *aiLine;
  int nLine = read_matrix(zFile, pHead->s->zBinary, &azLine, &aiLine);
  if (nLine < 0) {
    snprintf(zWhy, sizeof(zWhy), "cannot read '%.200s': %s", zFile, strerror(errno));
    return bad_arg(pHead, "--matrix", zWhy);
  }
  if (nLine == 0) {
    snprintf(zWhy, sizeof(zWhy), "'%.200s' has no line for %s", zFile, pHead->s->zBinary);
    return bad_arg(pHead, "--matrix", zWhy);
  }
  /* Allocated once: a run's configurations point at its arguments. */
  *paRun = calloc((size_t)nLine, sizeof(run_state));
  int rc = *paRun ? -1 : bad_arg(pHead, "--matrix", "out of memory");
  *pnRun = 0;
  for (int i = 0; i < nLine; i++) {
    if (rc < 0) {
      rc = matrix_line(&(*paRun)[(*pnRun)++], pHead, zFile, aiLine[i], azLine[i], argv + 1, argc - 1, argv[0]);
    } else {
      free(azLine[i]); /* not made a run */
    }
  }
  if (*pnRun > 0) (*paRun)[0].sStart = pHead->sStart; /* the first run's setup began with the process */
  /* Profile lines and timing lines are not mixed; profile lines write one database. */
  for (int i = 1; rc < 0 && i < *pnRun; i++) {
    const run_state *r = &(*paRun)[i], *r0 = &(*paRun)[0];
    if ((r->prof.zSet != NULL) != (r0->prof.zSet != NULL))
      rc = bad_arg(r, "--profile", "every line of a matrix for this binary names a metric set, or none does");
    else if (r->prof.zSet && strcmp(r->args.opts.zDb, r0->args.opts.zDb))
      rc = bad_arg(r, "--db", "every profile line of a matrix writes one database");
  }
  free(azLine);
  free(aiLine);
  if (rc < 0 && (*paRun)[0].args.opts.bList) rc = 0;
  return rc;
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

/* Whether this build holds code the GPU can run: a probe launch (or what
** the test hook simulates). 0, or the cudaError_t. */
static int probe_code(const run_state *r) {
  int rc = testHooks.xProbe ? testHooks.xProbe(r->bHostOnly) : -1;
  if (rc >= 0) return rc;
  return r->bHostOnly ? 0 : probe_launch(gpu_stream());
}

/* Step 3: the device, and a probe launch on it. -1 to go on, 3 without a
** GPU or when this build cannot run on it (nothing written). */
static int device_step(run_state *r) {
  char zWhy[512];
  if (r->bHostOnly) {
    host_info(&gInfo);
  } else {
    if (!env_gpu_usable(zWhy, sizeof(zWhy))) {
      fprintf(stderr, "%s: %s: nothing measured\n", r->s->zBinary, zWhy);
      return 3;
    }
    int rc = gpu_open(&gInfo);
    if (rc) {
      fprintf(stderr, "%s: cannot open the GPU: %s\n", r->s->zBinary, gpu_error_string(rc));
      return 3;
    }
  }
  int rc = probe_code(r);
  if (rc) {
    env_describe(rc, &gInfo, zWhy, sizeof(zWhy));
    fprintf(stderr, "%s: %s: nothing measured\n", r->s->zBinary, zWhy);
    return 3;
  }
  return -1;
}

/* Step 4: a configuration larger than the whole device is a bad argument
** (exit 2). -1 to go on. */
static int size_step(run_state *r) {
  const bench_study *s = r->s;
  for (int i = 0; i < r->nCfg && s->xDeviceBytes && !r->bHostOnly; i++) {
    if (skip_reason(r, i)) continue;
    size_t nNeed = s->xDeviceBytes(&r->aCfg[i]);
    if ((long long)nNeed > gInfo.nGlobalBytes) {
      char zWhy[512];
      config_text t;
      describe(&r->aCfg[i], &t);
      snprintf(zWhy, sizeof(zWhy), "needs %.2f GiB, the %s has %.2f GiB", nNeed / 1073741824.0, gInfo.zName,
               gInfo.nGlobalBytes / 1073741824.0);
      return bad_arg(r, t.zKey, zWhy);
    }
  }
  return -1;
}

/* The study's variant registry (bench_variant_axis()) into table variant:
** order, text and flags the report reads. 0 or -1. */
static int record_variants(run_state *r) {
  const void *aRegistry = NULL;
  size_t nStride = 0;
  const kernel_variant *pExtra = NULL;
  const int nEntry = bench_variant_registry(&aRegistry, &nStride, &pExtra);
  const int nAll = nEntry + (pExtra != NULL);
  if (nAll == 0) return 0;
  db_variant *aRow = calloc((size_t)nAll, sizeof(*aRow));
  char(*azFlags)[128] = calloc((size_t)nAll, sizeof(*azFlags));
  int rc = -1;
  if (aRow && azFlags) {
    for (int i = 0; i < nAll; i++) {
      const kernel_variant *p = i < nEntry ? variant_at(aRegistry, nStride, i) : pExtra;
      aRow[i] = (db_variant){p->zKey, p->zDesc, p->zBottleneck, variant_flags_text(p->mFlags, azFlags[i], 128),
                             p->zOrigin};
    }
    rc = db_add_variants(r->pDb, r->s->zStudy, aRow, nAll);
  }
  free(aRow);
  free(azFlags);
  return rc;
}

/* Step 5: open the database (unless the previous run handed it on) and
** begin the run (its provenance). -1 to go on, 4 on a database error. */
static int db_step(run_state *r) {
  const bench_study *s = r->s;
  const char *zDb = r->args.opts.zDb;
  char zErr[256];
  if (!r->pDb) r->pDb = db_open(zDb, zErr, sizeof(zErr));
  if (!r->pDb) {
    fprintf(stderr, "%s: %s\n", s->zBinary, zErr);
    return 4;
  }
  db_run_info info = {s->zStudy, s->zBinary, r->zArgv ? r->zArgv : "", buildinfo_id, buildinfo_git_commit,
                      buildinfo_git_dirty, buildinfo_nvcc_version, buildinfo_nvcc_flags,
                      r->args.opts.nWarmup, r->args.opts.nRepMax, 0};
  if (!r->bHostOnly) nvml_read(gInfo.zUuid, &r->envStart); /* before the probe: the state the run found */
  /* The probe the previous run ended with is this one's start (--matrix). */
  info.copyGbps = r->bHostOnly ? 0 : r->copyStart > 0 ? r->copyStart : gpu_copy_gbps((size_t)256 << 20);
  if (!r->bReadTaken) r->readGbps = r->bHostOnly ? 0 : gpu_read_ceiling_gbps(); /* once a process */
  r->bReadTaken = 1;
  const double readGbps = r->readGbps;
  r->iRun = db_begin_run(r->pDb, &gInfo, &info);
  if (r->iRun >= 0 && readGbps > 0 && db_set_read_gbps(r->pDb, r->iRun, readGbps)) r->iRun = -1;
  if (r->iRun < 0 || db_set_repeat(r->pDb, r->iRun, r->args.opts.iRepeat) || store_facts(r) ||
      (r->envStart.mValid && db_add_run_env(r->pDb, r->iRun, "start", &r->envStart))) {
    fprintf(stderr, "%s: cannot start a run in '%s': %s\n", s->zBinary, zDb, db_errmsg(r->pDb));
    return 4;
  }
  if (record_variants(r)) {
    fprintf(stderr, "%s: cannot record the variants in '%s': %s\n", s->zBinary, zDb, db_errmsg(r->pDb));
    return 4;
  }
  if (r->bHostOnly)
    fprintf(stderr, "%s: run %lld on %s (host-only test run) into %s\n", s->zBinary, r->iRun, gInfo.zName, zDb);
  else
    fprintf(stderr, "%s: run %lld on %s (%d SMs, peak %.0f GB/s, copy %.0f GB/s, read %.0f GB/s) into %s\n",
            s->zBinary, r->iRun, gInfo.zName, gInfo.nSm, gInfo.peakGbps, info.copyGbps, readGbps, zDb);
  return -1;
}

/* Step 6: SIGINT and SIGTERM stop the run at the next configuration boundary. */
static void signal_step(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = on_signal;
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
}

/* The configurations to run, in order, with their progress numbers. */
static int plan_todo(run_state *r) {
  r->aiTodo = malloc(sizeof(int) * (size_t)r->nRun);
  r->aiSeq = malloc(sizeof(int) * (size_t)r->nCfg);
  if (!r->aiTodo || !r->aiSeq) {
    fprintf(stderr, "%s: out of memory\n", r->s->zBinary);
    r->bDbError = 1;
    return -1;
  }
  for (int i = 0; i < r->nCfg; i++) {
    const char *zSkip = skip_reason(r, i);
    if (zSkip) {
      /* Runnable before the GPU was open, ruled out by its limits now. */
      if (r->abListed && r->abListed[i]) {
        config_text t;
        describe(&r->aCfg[i], &t);
        fprintf(stderr, "%s%s ... not run on this GPU: %s\n", r->s->zStudy, t.zLabel, zSkip);
      }
      continue;
    }
    r->aiSeq[i] = r->nTodo + 1;
    r->aiTodo[r->nTodo++] = i;
  }
  r->nRun = r->nTodo;
  return 0;
}

/* Measure configuration i into r->out: skipped if the device lacks the
** memory, the test hook's outcome in test builds, else the study's measure. */
static void measure_config(run_state *r, int i, const char *zKey) {
  const bench_study *s = r->s;
  bench_out *pOut = &r->out;
  memset(pOut, 0, sizeof(*pOut));
  size_t nNeed = s->xDeviceBytes ? s->xDeviceBytes(&r->aCfg[i]) : 0;
  size_t nFree = r->nFreeOverride >= 0 ? (size_t)r->nFreeOverride
                 : r->bHostOnly       ? (size_t)-1
                                      : gpu_free_bytes();
  if (nNeed > nFree) {
    pOut->bSkipped = 1;
    snprintf(pOut->zError, sizeof(pOut->zError), "needs %zu bytes, %zu free", nNeed, nFree);
  } else if (!testHooks.xMeasure || !testHooks.xMeasure(&r->aCfg[i], zKey, r->bHostOnly, pOut)) {
    /* A configuration an earlier trial of this build verified on this GPU
    ** is not checked against its CPU reference again (bench_config.bVerified). */
    r->aCfg[i].bVerified = db_verified(r->pDb, gInfo.zUuid, s->zStudy, s->zBinary, buildinfo_id, zKey);
    double t0 = mono_s();
    s->xMeasure(&r->aCfg[i], pOut);
    r->msMeasure += (mono_s() - t0) * 1e3;
  }
}

/* The stored form of configuration i with the outcome r->out. */
static db_result result_of(const run_state *r, int i, const config_text *t) {
  const bench_study *s = r->s;
  const bench_config *c = &r->aCfg[i];
  const bench_out *pOut = &r->out;
  const char *zStatus = pOut->bSkipped ? "skipped" : pOut->bFailed ? "failed" : "ok";
  /* A failed or skipped result always says why. */
  const char *zWhy = !pOut->bFailed && !pOut->bSkipped ? NULL
                     : pOut->zError[0]                 ? pOut->zError
                                                       : "no reason recorded (a harness bug)";
  db_result res = {t->zKey, NULL, NULL, -1, 0, t->zParams, c->bWarm, pOut->bHostTimer, zStatus,
                   zWhy, pOut->maxErr, pOut->tolerance,
                   pOut->nBytesRead, pOut->nBytesWritten, pOut->aMs, pOut->nRep,
                   pOut->bHostTimer ? NULL : gpu_flush_name(c->eFlush), bench_mode_name(c->bBatch),
                   pOut->zStop, pOut->clockMhz, pOut->bHostTimer ? -1 : pOut->nClockDiscarded,
                   pOut->bHostTimer ? 0 : pOut->nLaunches, pOut->bHostTimer ? 0 : pOut->floorUs};
  for (int a = 0; a < s->nAxis; a++) {
    const char *zName = s->aAxis[a].zName;
    if (!strcmp(zName, "variant")) res.zVariant = c->azVal[a];
    if (!strcmp(zName, "dtype")) res.zDtype = c->azVal[a];
    if (!strcmp(zName, "n")) res.n = c->aiVal[a];
    if (!strcmp(zName, "block")) res.nBlock = (int)c->aiVal[a];
  }
  if (!res.zVariant) res.zVariant = s->zStudy;
  return res;
}

/* Store r->out for configuration i in one transaction. 0 or -1. */
static int store_config(run_state *r, int i, const config_text *t) {
  const bench_study *s = r->s;
  db_result res = result_of(r, i, t);
  if (db_add_result(r->pDb, r->iRun, s->zStudy, &res)) {
    fprintf(stderr, "%s: cannot store %s: %s\n", s->zBinary, t->zKey, db_errmsg(r->pDb));
    return -1;
  }
  return 0;
}

/* Count the stored outcome and print its progress line. */
static void progress(run_state *r, int iSeq, const char *zLabel) {
  const bench_out *pOut = &r->out;
  const char *zStudy = r->s->zStudy;
  if (pOut->bSkipped) {
    r->nSkipped++;
    fprintf(stderr, "[%d/%d] %s%s ... skipped: %s\n", iSeq, r->nRun, zStudy, zLabel, pOut->zError);
  } else if (pOut->bFailed) {
    r->nFailed++;
    r->bFatal = pOut->bFatal;
    fprintf(stderr, "[%d/%d] %s%s ... FAILED: %s\n", iSeq, r->nRun, zStudy, zLabel, pOut->zError);
  } else {
    stats st;
    stats_compute(pOut->aMs, pOut->nRep, &st);
    double gbps = (double)(pOut->nBytesRead + pOut->nBytesWritten) / (st.median * 1e6);
    char zClock[64] = "";
    r->nDone++;
    r->msSampling += pOut->msSampling;
    for (int e = 1; e < 6; e++)
      if (pOut->zStop && !strcmp(pOut->zStop, stats_stop_name((stats_stop)e))) r->anStop[e]++;
    if (pOut->clockMhz > 0)
      snprintf(zClock, sizeof(zClock), ", %.0f MHz%s", pOut->clockMhz, pOut->nClockDiscarded ? " (re-taken)" : "");
    fprintf(stderr, "[%d/%d] %s%s ... %.4f ms, %.0f GB/s%s (rsd %.1f%%, %d samples, %s%s)\n", iSeq, r->nRun,
            zStudy, zLabel, st.median, gbps, pOut->bHostTimer ? " [host CPU]" : "", 100 * st.rsd, pOut->nRep,
            pOut->zStop ? pOut->zStop : "-", zClock);
  }
}

/* What one_config() did with a configuration. */
enum { ONE_DONE, ONE_LATER, ONE_ERROR, ONE_ENV_ERROR };

/* Claim, measure, store and report configuration i (pass iPass).
** *pbProgress is set when something moved on. */
static int one_config(run_state *r, int i, int iPass, int *pbProgress) {
  const bench_study *s = r->s;
  int iSeq = r->aiSeq[i];
  long long iHolder = 0;
  config_text t;
  describe(&r->aCfg[i], &t);
  int rcClaim = db_claim(r->pDb, r->iRun, gInfo.zUuid, s->zStudy, s->zBinary, buildinfo_id, t.zKey,
                         r->args.opts.bResume, &iHolder);
  if (rcClaim < 0) {
    fprintf(stderr, "%s: cannot claim %s: %s\n", s->zBinary, t.zKey, db_errmsg(r->pDb));
    return ONE_ERROR;
  }
  if (rcClaim == DB_DONE) {
    fprintf(stderr, "[%d/%d] %s%s ... already measured\n", iSeq, r->nRun, s->zStudy, t.zLabel);
    *pbProgress = 1;
    return ONE_DONE;
  }
  if (rcClaim == DB_HELD) {
    if (iPass == 0)
      fprintf(stderr, "[%d/%d] %s%s ... being measured by run %lld: later\n", iSeq, r->nRun, s->zStudy,
              t.zLabel, iHolder);
    return ONE_LATER;
  }
  *pbProgress = 1;
  char zProgress[640];
  snprintf(zProgress, sizeof(zProgress), "[%d/%d] %s%s ...", iSeq, r->nRun, s->zStudy, t.zLabel);
  memset(&r->out, 0, sizeof(r->out));
  db_result resTimeout = result_of(r, i, &t);
  watchdog_arm(&resTimeout, zProgress);
  measure_config(r, i, t.zKey);
  watchdog_disarm();
  if (r->out.bEnvError) { /* about the machine, not the configuration: not stored */
    fprintf(stderr, "[%d/%d] %s%s ... not stored: environment error: %s\n", iSeq, r->nRun, s->zStudy, t.zLabel,
            r->out.zError);
    return ONE_ENV_ERROR;
  }
  if (store_config(r, i, &t)) return ONE_ERROR;
  progress(r, iSeq, t.zLabel);
  return ONE_DONE;
}

/* Sleep about ms milliseconds (a signal cuts it short). */
static void sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}

/* Step 7: every configuration in turn. One that another live run is
** measuring is taken up again after the others, until that run has stored
** it (or died). */
static void matrix_step(run_state *r) {
  r->sMatrix = mono_s();
  if (plan_todo(r)) return;
  if (watchdog_start(r->args.opts.zDb, r->iRun, r->s->zBinary, r->s->zStudy, r->args.opts.nTimeoutS)) {
    fprintf(stderr, "%s: cannot start the watchdog thread\n", r->s->zBinary);
    r->bDbError = 1;
    return;
  }
  for (int iPass = 0; r->nTodo > 0 && !bStop && !r->bFatal && !r->bDbError && !r->bEnvError; iPass++) {
    int nKeep = 0, bProgress = 0;
    for (int t = 0; t < r->nTodo && !bStop && !r->bFatal && !r->bDbError && !r->bEnvError; t++) {
      int i = r->aiTodo[t];
      int rc = one_config(r, i, iPass, &bProgress);
      if (rc == ONE_LATER) r->aiTodo[nKeep++] = i;
      if (rc == ONE_ERROR) r->bDbError = 1;
      if (rc == ONE_ENV_ERROR) r->bEnvError = 1;
    }
    r->nTodo = nKeep;
    if (r->nTodo > 0 && !bProgress) sleep_ms(200);
  }
  watchdog_stop();
}

/* Step 8: end the run in the database and say how it went. */
static void end_step(run_state *r) {
  const bench_study *s = r->s;
  if (s->xCleanup) s->xCleanup();
  nvml_env envEnd;
  memset(&envEnd, 0, sizeof(envEnd));
  if (!r->bFatal && !r->bEnvError && !r->bHostOnly) nvml_read(gInfo.zUuid, &envEnd); /* before the probe, as at the start */
  double copyEnd = r->bFatal || r->bEnvError || r->bHostOnly ? 0 : gpu_copy_gbps((size_t)256 << 20);
  r->copyEnd = copyEnd;
  if (envEnd.mValid && db_add_run_env(r->pDb, r->iRun, "end", &envEnd) && !r->bDbError)
    fprintf(stderr, "%s: cannot store the NVML reading: %s\n", s->zBinary, db_errmsg(r->pDb));
  const char *zEnd = r->bFatal || r->bDbError ? "failed" : bStop || r->bEnvError ? "incomplete" : "complete";
  char zNote[600] = "";
  if (r->bFatal) snprintf(zNote, sizeof(zNote), "ended after a CUDA error: %s", r->out.zError);
  else if (r->bEnvError) snprintf(zNote, sizeof(zNote), "ended by an environment error: %s", r->out.zError);
  else if (bStop) snprintf(zNote, sizeof(zNote), "interrupted by a signal");
  /* After a database error, one line has said why; the run stays 'running'
  ** if this fails too (never shown, never resumed from). */
  /* A run that measured nothing (every configuration was already measured)
  ** is not stored. */
  if (!strcmp(zEnd, "complete") && r->nDone == 0 && r->nFailed == 0 && r->nSkipped == 0) {
    if (db_drop_run(r->pDb, r->iRun))
      fprintf(stderr, "%s: cannot remove the empty run %lld: %s\n", s->zBinary, r->iRun, db_errmsg(r->pDb));
    else
      fprintf(stderr, "%s: nothing left to measure: no run stored\n", s->zBinary);
    return;
  }
  double msAll = r->msSampling > r->msMeasure ? r->msSampling : r->msMeasure;
  if (db_set_run_phases(r->pDb, r->iRun, r->sMatrix > r->sStart ? r->sMatrix - r->sStart : 0,
                        (msAll - r->msSampling) / 1e3, r->msSampling / 1e3) && !r->bDbError)
    fprintf(stderr, "%s: cannot store the run's phases: %s\n", s->zBinary, db_errmsg(r->pDb));
  if (db_end_run(r->pDb, r->iRun, zEnd, zNote[0] ? zNote : NULL, copyEnd) && !r->bDbError)
    fprintf(stderr, "%s: cannot close run %lld: %s\n", s->zBinary, r->iRun, db_errmsg(r->pDb));
  fprintf(stderr, "%s: run %lld %s: %d measured, %d failed, %d skipped\n", s->zBinary, r->iRun, zEnd, r->nDone,
          r->nFailed, r->nSkipped);
  /* What convergence cost: run-matrix sums these lines over a matrix. */
  fprintf(stderr, "%s: run %lld sampling took %.1f s over %d configurations (%d converged, %d time-cap, %d max-reps, %d fixed, %d plateau)\n",
          s->zBinary, r->iRun, r->msSampling / 1e3, r->nDone, r->anStop[STATS_CONVERGED], r->anStop[STATS_TIME_CAP],
          r->anStop[STATS_MAX_REPS], r->anStop[STATS_FIXED], r->anStop[STATS_PLATEAU]);
  fprintf(stderr, "%s: run %lld phases: setup %.1f s, verify %.1f s, sample %.1f s\n", s->zBinary, r->iRun,
          r->sMatrix > r->sStart ? r->sMatrix - r->sStart : 0, (msAll - r->msSampling) / 1e3, r->msSampling / 1e3);
  if (!r->bHostOnly && !r->envStart.mValid && r->envStart.zError[0])
    fprintf(stderr, "%s: no NVML readings: %s\n", s->zBinary, r->envStart.zError);
}

/* Free what one run holds (its database, unless it handed it on). */
static void run_free(run_state *r) {
  db_close(r->pDb);
  r->pDb = NULL;
  free(r->aCfg);
  free(r->aiTodo);
  free(r->aiSeq);
  free(r->abListed);
  free(r->zArgv);
  free(r->azArgv);
  free(r->zLine);
  bench_args_free(&r->args);
}

/* What a run hands on to the next run of its process (--matrix): the
** database (if the next writes the same one), the read ceiling, the copy
** probe it ended with (the next one's start); the next run's setup starts now. */
static void hand_on(run_state *pPrev, run_state *r) {
  r->sStart = mono_s();
  r->bReadTaken = pPrev->bReadTaken;
  r->readGbps = pPrev->readGbps;
  r->copyStart = pPrev->copyEnd;
  if (pPrev->pDb && !strcmp(pPrev->args.opts.zDb, r->args.opts.zDb)) {
    r->pDb = pPrev->pDb;
    pPrev->pDb = NULL;
  }
}

/* Steps 5 to 8, one run: begin it, then its configurations and its end
** (pPrev: the process's previous run, NULL for the first). -1 to go on to
** the next run, else the exit status (a run that did not end well, or a
** signal, stops every later run). */
static int run_step(run_state *r, run_state *pPrev) {
  if (pPrev) hand_on(pPrev, r);
  if (bStop) return 130;
  int rc = db_step(r);
  if (rc >= 0) return rc;
  signal_step();
  matrix_step(r);
  end_step(r);
  rc = r->bDbError ? 4 : r->bEnvError ? 3 : bStop ? 130 : r->nFailed || r->bFatal ? 1 : 0;
  return rc ? rc : -1;
}

/* The profile modes, once the device is open (experiments/harness/profile.h):
** the command line's --profile SET, --profile-child KEY or
** --profile-child-keys FILE, or a --matrix file's profile lines, each a
** sweep. -1 when none is asked for (a timing run), else the exit status. */
static int profile_step(const run_state *pHead, const run_state *aRun, int nRun, const profile_opts *pProf, int argc,
                        char **argv) {
  int bLines = pHead->zMatrix && nRun > 0 && aRun[0].prof.zSet;
  if (!pProf->zSet && !pProf->zChildKey && !pProf->zChildKeys && !bLines) return -1;
  profile_sweep *aSweep = calloc(pHead->zMatrix && nRun > 0 ? (size_t)nRun : 1, sizeof(profile_sweep));
  if (!aSweep) {
    fprintf(stderr, "%s: out of memory\n", pHead->s->zBinary);
    return 4;
  }
  int nSweep = 0;
  if (pHead->zMatrix) {
    for (int i = 0; i < nRun; i++) {
      const run_state *r = &aRun[i];
      aSweep[nSweep++] = (profile_sweep){r->prof.zSet, r->aCfg, r->nCfg, r->args.opts.zDb, r->args.opts.bResume,
                                         r->nArgv, r->azArgv};
    }
  } else {
    aSweep[nSweep++] = (profile_sweep){pProf->zSet, pHead->aCfg, pHead->nCfg, pHead->args.opts.zDb,
                                       pHead->args.opts.bResume, argc, argv};
  }
  int rc = profile_main(pProf, pHead->s, aSweep, nSweep, &gInfo, pHead->zMatrix, argc, argv);
  free(aSweep);
  return rc;
}

/* Parse, list or run; bHostOnly: see bench_main_host(). Without --matrix
** the command line is the one run; with it, each line of the file is. */
static int bench_run(const bench_study *s, int argc, char **argv, int bHostOnly) {
  static run_state head; /* large (the axis lists, the last outcome): not on the stack */
  memset(&head, 0, sizeof(head));
  head.sStart = mono_s();
  head.s = s;
  head.bHostOnly = bHostOnly;
  run_state *aRun = &head;
  int nRun = 1;
  /* The profile modes (experiments/harness/profile.c) take their options
  ** out of argv first and take over once the device is open. */
  static profile_opts prof;
  char zErr[256];
  int rc = profile_take_args(&argc, argv, &prof, zErr, sizeof(zErr)) ? bad_arg(&head, "profile", zErr) : -1;
  if (rc < 0) rc = matrix_take_arg(&head, &argc, argv);
  if (rc < 0 && head.zMatrix) {
    rc = matrix_file_step(&head, &prof, argc, argv, &aRun, &nRun);
  } else {
    if (rc < 0) rc = parse_step(&head, argc, argv);
    if (rc < 0) rc = list_step(&head);
  }
  if (rc < 0) rc = profile_before_gpu(&prof, s, head.args.opts.zDb, argv);
  if (rc < 0) rc = device_step(&head);
  int bGpuOpen = rc < 0, bFatal = 0;
  for (int i = 0; rc < 0 && i < nRun; i++) rc = size_step(&aRun[i]);
  if (rc < 0) rc = profile_step(&head, aRun, nRun, &prof, argc, argv);
  for (int i = 0; rc < 0 && i < nRun; i++) rc = run_step(&aRun[i], i ? &aRun[i - 1] : NULL);
  if (rc < 0) rc = 0;
  for (int i = 0; aRun && i < nRun; i++) {
    bFatal |= aRun[i].bFatal;
    run_free(&aRun[i]);
  }
  if (aRun != &head) {
    run_free(&head);
    free(aRun);
  }
  if (bGpuOpen && !bFatal && !bHostOnly) gpu_close();
  nvml_close();
  return rc;
}

int bench_main(const bench_study *s, int argc, char **argv) { return bench_run(s, argc, argv, 0); }

int bench_main_host(const bench_study *s, int argc, char **argv) { return bench_run(s, argc, argv, 1); }
