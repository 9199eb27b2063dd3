/*
** experiments/harness/profile.c: the profile and resource modes (see
** profile.h): metric sets, ncu's CSV, the driver that runs each configuration
** under ncu, and the --resources mode (parser in resources.c).
*/
#include "experiments/harness/profile.h"

#include <cuda_profiler_api.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "experiments/harness/buildinfo.h"
#include "experiments/harness/db.h"
#include "experiments/harness/resources.h"

/* ------------------------------------------------------------ metric sets --
** The metric sets of `--profile SET`: the only place they are defined. Every
** set also collects gpu__time_duration.sum (the profiled kernel's duration,
** the weight when the report averages rates over kernels). The views in
** reports/views.sql (counter_*) read these names. Set 'constant' holds the
** IDC (indexed constant cache: LDC with a register address, what the distance
** kernel's c_points[j] compiles to) requests, hits and misses, and the L1
** global-load requests and sectors of the global kernel it is compared with
** (claims 000-broadcast, 000-cached). ncu rejects a whole set for one unknown
** name: check a new one with `ncu --query-metrics --chip gh100`. */
static const profile_set profile_sets[] = {
    {"sectors", "global loads and stores: bytes used per sector, sectors and requests, hit rates, DRAM bytes",
     "gpu__time_duration.sum,"
     "smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct,"
     "smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct,"
     "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,"
     "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,"
     "l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum"},
    {"local", "local memory: L1 sectors of local loads and stores, L2 sectors from L1, DRAM bytes",
     "gpu__time_duration.sum,"
     "l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum,"
     "lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,"
     "l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum"},
    {"reduce", "a reduction step: branch uniformity, divergence, shared bank conflicts, occupancy, DRAM",
     "gpu__time_duration.sum,"
     "smsp__sass_average_branch_targets_threads_uniform.pct,smsp__sass_branch_targets_threads_divergent.sum,"
     "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,"
     "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,"
     "sm__warps_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,"
     "dram__bytes_read.sum,dram__bytes_write.sum"},
    {"constant", "constant-memory kernels: constant-cache (IDC) requests and hits, L1 global-load requests, stalls",
     "gpu__time_duration.sum,"
     "idc__requests.sum,idc__requests_lookup_hit.sum,idc__requests_lookup_miss.sum,"
     "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,"
     "smsp__average_warps_issue_stalled_imc_miss_per_issue_active.ratio,"
     "smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio,"
     "smsp__issue_active.avg.pct_of_peak_sustained_active,sm__throughput.avg.pct_of_peak_sustained_elapsed,"
     "sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,dram__bytes_read.sum"},
};
#define N_SETS ((int)(sizeof(profile_sets) / sizeof(profile_sets[0])))

const profile_set *profile_find_set(const char *zName) {
  for (int i = 0; i < N_SETS; i++)
    if (!strcmp(profile_sets[i].zName, zName)) return &profile_sets[i];
  return NULL;
}

/* ---------------------------------------------------------- command line -- */
static int bChild = 0; /* inside --profile-child */

int profile_in_child(void) { return bChild; }

int profile_launch(gpu_fn xRun, gpu_fn xRestore, void *pCtx, bench_out *pOut) {
  cudaStream_t st = gpu_stream();
  int rc = 0;
  for (int k = 0; k < PROFILE_PASSES && rc == 0; k++) { /* the passes: profile_parse_csv_passes() */
    rc = xRestore ? xRestore(pCtx, st) : 0;
    if (rc == 0) rc = (int)cudaStreamSynchronize(st);
    if (rc == 0) {
      cudaProfilerStart();
      rc = xRun(pCtx, st);
      if (rc == 0) rc = (int)cudaStreamSynchronize(st);
      cudaProfilerStop();
    }
  }
  pOut->nRep = 1;
  pOut->aMs[0] = 0;
  if (rc) bench_cuda_fail(pOut, "profiled launch", rc);
  return rc;
}

int profile_take_args(int *pArgc, char **argv, profile_opts *p, char *zErr, size_t nErr) {
  int j = 1;
  memset(p, 0, sizeof(*p));
  for (int i = 1; i < *pArgc; i++) {
    const char *z = argv[i];
    const char **pzVal = !strcmp(z, "--profile") ? &p->zSet : !strcmp(z, "--profile-child") ? &p->zChildKey : NULL;
    if (pzVal) {
      if (*pzVal) { snprintf(zErr, nErr, "%s: given twice", z); return -1; }
      if (i + 1 >= *pArgc) { snprintf(zErr, nErr, "%s: needs a value", z); return -1; }
      *pzVal = argv[++i];
      continue;
    }
    if (!strcmp(z, "--resources")) {
      if (p->bResources) { snprintf(zErr, nErr, "%s: given twice", z); return -1; }
      p->bResources = 1;
      continue;
    }
    argv[j++] = argv[i];
  }
  *pArgc = j;
  argv[j] = NULL;
  if (p->zSet && strcmp(p->zSet, "list") && !profile_find_set(p->zSet)) {
    snprintf(zErr, nErr, "--profile: unknown metric set '%.60s' (--profile list shows them)", p->zSet);
    return -1;
  }
  if ((p->zSet != NULL) + (p->zChildKey != NULL) + p->bResources > 1) {
    snprintf(zErr, nErr, "--profile, --profile-child and --resources: one at a time");
    return -1;
  }
  return 0;
}

/* ------------------------------------------------------------------- CSV -- */
int profile_csv_record(const char *z, const char **pzNext, char *zBuf, size_t nBuf, char **azField, int nMax) {
  size_t k = 0;
  int n = 0, bQuoted = 0;
  if (nBuf == 0) return -1;
  if (nMax > 0) azField[n] = zBuf;
  n = 1;
  for (;; z++) {
    char c = *z;
    if (c == 0) break;
    if (bQuoted) {
      if (c == '"' && z[1] == '"') { c = '"'; z++; }
      else if (c == '"') { bQuoted = 0; continue; }
    } else if (c == '"') {
      bQuoted = 1;
      continue;
    } else if (c == ',') {
      if (k + 1 >= nBuf) return -1;
      zBuf[k++] = 0;
      if (n < nMax) azField[n] = zBuf + k;
      n++;
      continue;
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && z[1] == '\n') z++;
      z++;
      break;
    }
    if (k + 1 >= nBuf) return -1;
    zBuf[k++] = c;
  }
  zBuf[k] = 0;
  *pzNext = z;
  return n < nMax ? n : nMax;
}

/* Parse a metric value: digits with optional thousands separators, sign,
** fraction and exponent. 0 and *pOut, or -1 ("n/a", empty, text). */
static int parse_value(const char *z, double *pOut) {
  char zNum[64];
  size_t k = 0;
  for (; *z; z++) {
    if (*z == ',' || *z == ' ') continue;
    if (k + 1 >= sizeof(zNum)) return -1;
    zNum[k++] = *z;
  }
  zNum[k] = 0;
  if (k == 0) return -1;
  char *zEnd;
  errno = 0;
  double v = strtod(zNum, &zEnd);
  if (*zEnd || errno || v != v) return -1;
  *pOut = v;
  return 0;
}

/* How a metric's launches combine, from its name's suffix. */
static const char *combine_of(const char *zMetric) {
  size_t n = strlen(zMetric);
  if (n > 4 && !strcmp(zMetric + n - 4, ".sum")) return "sum";
  if (n > 4 && !strcmp(zMetric + n - 4, ".max")) return "max";
  if (n > 4 && !strcmp(zMetric + n - 4, ".min")) return "min";
  return "mean";
}

/* ncu's raw page has a column per device attribute and launch statistic
** before the metrics (about 250 on a Hopper, sorted by name): the field
** arrays hold every column the text can have (a record has at most one field
** more than the text has commas), so no metric is cut off at a fixed count. */
int profile_parse_csv(const char *zText, profile_value **paOut, int *pnLaunch, char *zErr, size_t nErr) {
  return profile_parse_csv_passes(zText, 1, paOut, pnLaunch, zErr, nErr);
}

/* Fold value v of one launch into pass slot k of a (its combine rule). */
static void fold_pass(profile_value *a, int k, double v) {
  const char *zC = a->zCombine;
  int n = a->anPassLaunch[k];
  if (n == 0) a->aPass[k] = v;
  else if (!strcmp(zC, "sum")) a->aPass[k] += v;
  else if (!strcmp(zC, "max")) a->aPass[k] = v > a->aPass[k] ? v : a->aPass[k];
  else if (!strcmp(zC, "min")) a->aPass[k] = v < a->aPass[k] ? v : a->aPass[k];
  else a->aPass[k] += (v - a->aPass[k]) / (n + 1); /* running mean */
  a->anPassLaunch[k] = n + 1;
}

/* Order of doubles for qsort. */
static int cmp_pass(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

/* The launch rows of ncu's CSV after the header (see profile_parse_csv_passes). */
static int count_launches(const char *z, int nHead, char *zRow, size_t nBuf, char **azRow, int nCols) {
  int n = 0, bUnits = 0;
  const char *zNext;
  while (*z) {
    int nRow = profile_csv_record(z, &zNext, zRow, nBuf, azRow, nCols);
    z = zNext;
    if (nRow < nHead) continue;
    if (azRow[0][0] == 0 && n == 0 && !bUnits) { bUnits = 1; continue; }
    double id;
    if (parse_value(azRow[0], &id)) continue;
    n++;
  }
  return n;
}

int profile_parse_csv_passes(const char *zText, int nPass, profile_value **paOut, int *pnLaunch, char *zErr,
                             size_t nErr) {
  size_t nBuf = strlen(zText) + 1;
  int nCols = 1;
  for (const char *c = zText; *c; c++) nCols += *c == ',';
  char *zHead = malloc(nBuf), *zUnits = malloc(nBuf), *zRow = malloc(nBuf);
  char **azHead = malloc(sizeof(char *) * (size_t)nCols), **azUnit = malloc(sizeof(char *) * (size_t)nCols);
  char **azRow = malloc(sizeof(char *) * (size_t)nCols);
  profile_value *a = NULL;
  int nHead = 0, nUnit = 0, nVal = 0, nAlloc = 0, nLaunch = 0, iKernel = -1, rc = -1;
  const char *z = zText, *zNext;
  *paOut = NULL;
  if (!zHead || !zUnits || !zRow || !azHead || !azUnit || !azRow) { snprintf(zErr, nErr, "out of memory"); goto done; }
  /* The header: the first record whose first field is "ID" and that names a "Kernel Name". */
  while (*z) {
    nHead = profile_csv_record(z, &zNext, zHead, nBuf, azHead, nCols);
    z = zNext;
    if (nHead > 1 && !strcmp(azHead[0], "ID")) {
      for (int i = 0; i < nHead; i++)
        if (!strcmp(azHead[i], "Kernel Name")) iKernel = i;
      if (iKernel >= 0) break;
    }
    nHead = 0;
  }
  if (iKernel < 0) { snprintf(zErr, nErr, "no ncu CSV header (\"ID\",...,\"Kernel Name\",...)"); goto done; }
  int nAll = count_launches(z, nHead, zRow, nBuf, azRow, nCols), nPerPass = 0;
  if (nPass < 1 || nPass > PROFILE_MAX_PASSES || nAll % nPass) nPass = 1;
  nPerPass = nAll / nPass > 0 ? nAll / nPass : 1;
  for (int i = 0; i < nCols; i++) azUnit[i] = "";
  while (*z) {
    int nRow = profile_csv_record(z, &zNext, zRow, nBuf, azRow, nCols);
    z = zNext;
    if (nRow < nHead) continue;          /* blank, ==PROF== or ==WARNING== lines */
    if (azRow[0][0] == 0 && nLaunch == 0 && nUnit == 0) { /* the units row */
      memcpy(zUnits, zRow, nBuf);
      for (int i = 0; i < nRow; i++) azUnit[i] = zUnits + (azRow[i] - zRow);
      nUnit = nRow;
      continue;
    }
    double idDummy;
    if (parse_value(azRow[0], &idDummy)) continue; /* not a launch row */
    int iPass = nLaunch / nPerPass < nPass ? nLaunch / nPerPass : nPass - 1;
    nLaunch++;
    for (int i = 0; i < nHead; i++) {
      double v;
      if (!strstr(azHead[i], "__") || parse_value(azRow[i], &v)) continue; /* not a metric, or n/a */
      int j = 0;
      while (j < nVal && (strcmp(a[j].zKernel, azRow[iKernel]) || strcmp(a[j].zMetric, azHead[i]))) j++;
      if (j == nVal) {
        if (nVal == nAlloc) {
          nAlloc = nAlloc ? 2 * nAlloc : 64;
          profile_value *aNew = realloc(a, sizeof(*a) * (size_t)nAlloc);
          if (!aNew) { snprintf(zErr, nErr, "out of memory"); goto done; }
          a = aNew;
        }
        memset(&a[nVal], 0, sizeof(a[nVal]));
        snprintf(a[nVal].zKernel, sizeof(a[nVal].zKernel), "%s", azRow[iKernel]);
        snprintf(a[nVal].zMetric, sizeof(a[nVal].zMetric), "%s", azHead[i]);
        snprintf(a[nVal].zUnit, sizeof(a[nVal].zUnit), "%s", i < nUnit ? azUnit[i] : "");
        a[nVal].zCombine = combine_of(azHead[i]);
        nVal++;
      }
      fold_pass(&a[j], iPass, v);
    }
  }
  /* Per value: the passes that saw its kernel, their median and range. */
  for (int j = 0; j < nVal; j++) {
    double aV[PROFILE_MAX_PASSES];
    int n = 0;
    for (int k = 0; k < nPass; k++)
      if (a[j].anPassLaunch[k] > 0) aV[n++] = a[j].aPass[k];
    qsort(aV, (size_t)n, sizeof(double), cmp_pass);
    a[j].nPass = n;
    a[j].value = n % 2 ? aV[n / 2] : (aV[n / 2 - 1] + aV[n / 2]) / 2;
    a[j].minValue = aV[0];
    a[j].maxValue = aV[n - 1];
    a[j].nLaunch = a[j].anPassLaunch[0] > 0 ? a[j].anPassLaunch[0] : 1;
    for (int k = 0; k < nPass; k++)
      if (a[j].anPassLaunch[k] > a[j].nLaunch) a[j].nLaunch = a[j].anPassLaunch[k];
    if (a[j].nLaunch == 1) a[j].zCombine = "one";
  }
  *paOut = a;
  a = NULL;
  rc = nVal;
done:
  if (pnLaunch) *pnLaunch = nLaunch;
  free(a);
  free(zHead);
  free(zUnits);
  free(zRow);
  free(azHead);
  free(azUnit);
  free(azRow);
  return rc;
}

/* ---------------------------------------------------------------- driver -- */
static volatile sig_atomic_t bStop = 0; /* SIGINT/SIGTERM in the parent */

static void on_signal(int sig) {
  (void)sig;
  bStop = 1;
}

/* Find a tool: $zEnv if set (must be executable), else zName on PATH, else
** zFallback. Writes the path into zOut; 0, or -1 if none is executable. */
static int find_tool(const char *zEnv, const char *zName, const char *zFallback, char *zOut, size_t nOut) {
  const char *zSet = getenv(zEnv);
  if (zSet && *zSet) {
    snprintf(zOut, nOut, "%s", zSet);
    return access(zOut, X_OK) == 0 ? 0 : -1;
  }
  const char *zPath = getenv("PATH");
  while (zPath && *zPath) {
    const char *zColon = strchr(zPath, ':');
    size_t n = zColon ? (size_t)(zColon - zPath) : strlen(zPath);
    snprintf(zOut, nOut, "%.*s/%s", (int)n, zPath, zName);
    if (n > 0 && access(zOut, X_OK) == 0) return 0;
    zPath += n + (zColon != NULL);
  }
  snprintf(zOut, nOut, "%s", zFallback);
  return access(zOut, X_OK) == 0 ? 0 : -1;
}

/* Read a whole file into a malloc'ed string (NULL on error). */
static char *read_file(const char *zPath) {
  FILE *f = fopen(zPath, "rb");
  if (!f) return NULL;
  size_t n = 0, nAlloc = 65536;
  char *z = malloc(nAlloc);
  while (z) {
    size_t k = fread(z + n, 1, nAlloc - n - 1, f);
    n += k;
    if (n + 1 < nAlloc) break;
    char *zNew = realloc(z, nAlloc *= 2);
    if (!zNew) { free(z); z = NULL; }
    else z = zNew;
  }
  fclose(f);
  if (z) z[n] = 0;
  return z;
}

/* Run argv (NULL-terminated) with stdin from /dev/null (a matrix runner's
** loop reads its lines from stdin) and stdout to zOut (NULL: inherited);
** returns the exit status, or -1 if it could not run. */
static int run_command(char **argv, const char *zOut) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    if (!freopen("/dev/null", "r", stdin) || (zOut && !freopen(zOut, "w", stdout))) _exit(127);
    execv(argv[0], argv);
    _exit(127);
  }
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

/* The path of this executable (for running it again under ncu). */
static void self_path(char *z, size_t n, const char *zArgv0) {
  ssize_t k = readlink("/proc/self/exe", z, n - 1);
  if (k > 0) z[k] = 0;
  else snprintf(z, n, "%s", zArgv0);
}

/* First "==ERROR==" line of ncu's log, or "". */
static void ncu_error(const char *zLog, char *zOut, size_t nOut) {
  const char *z = zLog ? strstr(zLog, "==ERROR==") : NULL;
  zOut[0] = 0;
  if (!z) return;
  z += 9;
  while (*z == ' ') z++;
  size_t n = strcspn(z, "\r\n");
  snprintf(zOut, nOut, "%.*s", (int)(n < 200 ? n : 200), z);
}

/* --profile-child KEY: verify, then launch the configuration once inside the
** profiler window; nothing is stored. Exit 0, 1 (failed), or 2 (no such key). */
static int profile_child(const profile_opts *p, const bench_study *s, const bench_config *aCfg, int nCfg) {
  for (int i = 0; i < nCfg; i++) {
    bench_desc d;
    bench_describe(&aCfg[i], &d);
    if (strcmp(d.zKey, p->zChildKey)) continue;
    static bench_out out;
    bench_config c = aCfg[i];
    memset(&out, 0, sizeof(out));
    bChild = 1;
    s->xMeasure(&c, &out);
    bChild = 0;
    if (s->xCleanup) s->xCleanup();
    if (out.bFailed || out.bSkipped) {
      fprintf(stderr, "%s: %s: %s\n", s->zBinary, d.zKey, out.zError);
      return 1;
    }
    return 0;
  }
  fprintf(stderr, "%s: --profile-child: no configuration '%s'\n", s->zBinary, p->zChildKey);
  return 2;
}

/* --profile SET: the run of kind 'profile'. */
static int profile_run(const profile_opts *p, const bench_study *s, const bench_config *aCfg, int nCfg,
                       const gpu_info *pInfo, const char *zDb, int bResume, int argc, char **argv) {
  const profile_set *pSet = profile_find_set(p->zSet);
  char zNcu[1024], zSelf[1024], zErr[256], zTmp[] = "/tmp/profile-XXXXXX";
  if (find_tool("NCU", "ncu", "/usr/local/cuda/bin/ncu", zNcu, sizeof(zNcu))) {
    fprintf(stderr, "%s: no Nsight Compute (set NCU, or put ncu on PATH): nothing profiled\n", s->zBinary);
    return 3;
  }
  self_path(zSelf, sizeof(zSelf), argv[0]);
  if (!mkdtemp(zTmp)) {
    fprintf(stderr, "%s: cannot make a temporary directory: %s\n", s->zBinary, strerror(errno));
    return 4;
  }
  char zLog[sizeof(zTmp) + 16], zOut[sizeof(zTmp) + 16];
  snprintf(zLog, sizeof(zLog), "%s/ncu.csv", zTmp);
  snprintf(zOut, sizeof(zOut), "%s/out", zTmp);
  db *pDb = db_open(zDb, zErr, sizeof(zErr));
  if (!pDb) {
    fprintf(stderr, "%s: %s\n", s->zBinary, zErr);
    rmdir(zTmp);
    return 4;
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = on_signal;
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  /* The command line as run, for run.argv. */
  size_t nArgv = 32;
  for (int i = 0; i < argc; i++) nArgv += strlen(argv[i]) + 1;
  char *zArgv = malloc(nArgv);
  if (zArgv) {
    size_t k = 0;
    for (int i = 0; i < argc; i++) k += (size_t)snprintf(zArgv + k, nArgv - k, "%s ", argv[i]);
    snprintf(zArgv + k, nArgv - k, "--profile %s", p->zSet);
  }
  db_run_info info = {s->zStudy, s->zBinary, zArgv ? zArgv : "", buildinfo_id, buildinfo_git_commit,
                      buildinfo_git_dirty, buildinfo_nvcc_version, buildinfo_nvcc_flags, 0, 1, 0};
  long long iRun = db_begin_run(pDb, pInfo, &info);
  if (iRun < 0 || db_set_profile_run(pDb, iRun)) {
    fprintf(stderr, "%s: cannot start a run in '%s': %s\n", s->zBinary, zDb, db_errmsg(pDb));
    db_close(pDb);
    free(zArgv);
    rmdir(zTmp);
    return 4;
  }
  fprintf(stderr, "%s: profile run %lld (set %s) on %s with %s into %s\n", s->zBinary, iRun, p->zSet,
          pInfo->zName, zNcu, zDb);
  /* ncu's command line: ncu OPTIONS SELF ARGS --profile-child KEY. */
  char **azCmd = calloc((size_t)argc + 24, sizeof(char *));
  int nFixed = 0, nRun = 0, iSeq = 0, nDone = 0, nFailed = 0, bDbError = 0;
  char zKeyArg[512];
  for (int i = 0; i < nCfg; i++) nRun += !(s->xSkip && s->xSkip(&aCfg[i]));
  if (azCmd) {
    const char *azOpt[] = {zNcu, "--csv", "--page", "raw", "--print-units", "base", "--clock-control", "none",
                           "--profile-from-start", "off", "--print-kernel-base", "function", "--log-file", zLog,
                           "--metrics", pSet->zMetrics, zSelf};
    for (size_t j = 0; j < sizeof(azOpt) / sizeof(azOpt[0]); j++) azCmd[nFixed++] = (char *)azOpt[j];
    for (int i = 1; i < argc; i++) azCmd[nFixed++] = argv[i];
    azCmd[nFixed] = "--profile-child";
    azCmd[nFixed + 1] = zKeyArg;
    azCmd[nFixed + 2] = NULL;
  } else {
    bDbError = 1;
  }
  for (int i = 0; i < nCfg && !bStop && !bDbError; i++) {
    if (s->xSkip && s->xSkip(&aCfg[i])) continue;
    bench_desc d;
    bench_describe(&aCfg[i], &d);
    iSeq++;
    int rcHave = bResume ? db_have_counters(pDb, pInfo->zUuid, s->zBinary, buildinfo_id, d.zKey, p->zSet) : 0;
    if (rcHave < 0) { bDbError = 1; break; }
    if (rcHave) {
      fprintf(stderr, "[%d/%d] %s%s ... already profiled\n", iSeq, nRun, s->zStudy, d.zLabel);
      continue;
    }
    snprintf(zKeyArg, sizeof(zKeyArg), "%s", d.zKey);
    remove(zLog);
    int rc = run_command(azCmd, zOut);
    char *zText = read_file(zLog);
    profile_value *aVal = NULL;
    int nLaunch = 0,
        nVal = zText ? profile_parse_csv_passes(zText, PROFILE_PASSES, &aVal, &nLaunch, zErr, sizeof(zErr)) : -1;
    char zWhy[256];
    ncu_error(zText, zWhy, sizeof(zWhy));
    if (rc == 0 && zText && !strstr(zText, "\"Kernel Name\"")) {
      /* ncu ran the configuration and saw no kernel: host code (a CPU baseline). */
      fprintf(stderr, "[%d/%d] %s%s ... skipped: no kernel launched (host code), nothing to profile\n", iSeq,
              nRun, s->zStudy, d.zLabel);
      free(zText);
      free(aVal);
      continue;
    }
    if (rc != 0 || nVal <= 0) {
      nFailed++;
      fprintf(stderr, "[%d/%d] %s%s ... NOT PROFILED: %s\n", iSeq, nRun, s->zStudy, d.zLabel,
              zWhy[0] ? zWhy : rc == 1 ? "verification failed (see above)"
              : rc ? "ncu or the launch failed" : nVal < 0 ? zErr : "no metric values in ncu's output");
      free(zText);
      free(aVal);
      if (zWhy[0] || rc > 1) break; /* ncu itself refused: the next would fail the same way */
      continue;
    }
    if (db_begin(pDb)) { bDbError = 1; free(zText); free(aVal); break; }
    for (int j = 0; j < nVal && !bDbError; j++) {
      db_counter c = {d.zKey, d.zVariant, d.zDtype, d.n, d.nBlock, d.zParams, aVal[j].zKernel, aVal[j].zMetric,
                      aVal[j].value, aVal[j].zUnit, aVal[j].nLaunch, aVal[j].zCombine, p->zSet,
                      aVal[j].nPass, aVal[j].minValue, aVal[j].maxValue};
      if (db_add_counter(pDb, iRun, &c)) bDbError = 1;
    }
    if (bDbError || db_commit(pDb)) {
      bDbError = 1;
      db_rollback(pDb);
      fprintf(stderr, "%s: cannot store the counters of %s: %s\n", s->zBinary, d.zKey, db_errmsg(pDb));
    } else {
      nDone++;
      fprintf(stderr, "[%d/%d] %s%s ... %d values, %d launches (%d passes)\n", iSeq, nRun, s->zStudy, d.zLabel,
              nVal, nLaunch, nVal > 0 ? aVal[0].nPass : 0);
    }
    free(zText);
    free(aVal);
  }
  remove(zLog);
  remove(zOut);
  rmdir(zTmp);
  if (!bDbError && nDone == 0 && nFailed == 0) {
    /* Everything was profiled before (or is host code): a run that holds
    ** nothing is not stored. */
    if (db_drop_run(pDb, iRun)) {
      fprintf(stderr, "%s: cannot remove the empty run %lld: %s\n", s->zBinary, iRun, db_errmsg(pDb));
      bDbError = 1;
    } else {
      fprintf(stderr, "%s: nothing left to profile: no run stored\n", s->zBinary);
      db_close(pDb);
      free(azCmd);
      free(zArgv);
      return bStop ? 130 : 0;
    }
  }
  const char *zEnd = bDbError || nFailed ? "failed" : bStop ? "incomplete" : "complete";
  if (db_end_run(pDb, iRun, zEnd, bStop ? "interrupted by a signal" : nFailed ? "configurations not profiled" : NULL,
                 0) && !bDbError)
    fprintf(stderr, "%s: cannot close run %lld: %s\n", s->zBinary, iRun, db_errmsg(pDb));
  fprintf(stderr, "%s: profile run %lld %s: %d profiled, %d not\n", s->zBinary, iRun, zEnd, nDone, nFailed);
  db_close(pDb);
  free(azCmd);
  free(zArgv);
  if (bDbError) return 4;
  if (bStop) return 130;
  return nFailed ? 1 : 0;
}

/* --resources: the compiler's resource report of this binary. */
static int resources_run(const bench_study *s, const char *zDb, char **argv) {
  char zTool[1024], zSelf[1024], zErr[256], zTmp[] = "/tmp/resources-XXXXXX";
  if (find_tool("CUOBJDUMP", "cuobjdump", "/usr/local/cuda/bin/cuobjdump", zTool, sizeof(zTool))) {
    fprintf(stderr, "%s: no cuobjdump (set CUOBJDUMP, or put it on PATH): nothing stored\n", s->zBinary);
    return 3;
  }
  self_path(zSelf, sizeof(zSelf), argv[0]);
  int fd = mkstemp(zTmp);
  if (fd < 0) {
    fprintf(stderr, "%s: cannot make a temporary file: %s\n", s->zBinary, strerror(errno));
    return 4;
  }
  close(fd);
  char *azCmd[] = {zTool, "--dump-resource-usage", zSelf, NULL};
  int rc = run_command(azCmd, zTmp);
  char *zText = read_file(zTmp);
  remove(zTmp);
  if (rc != 0 || !zText) {
    fprintf(stderr, "%s: %s --dump-resource-usage failed (exit %d)\n", s->zBinary, zTool, rc);
    free(zText);
    return 1;
  }
  db *pDb = db_open(zDb, zErr, sizeof(zErr));
  if (!pDb) {
    fprintf(stderr, "%s: %s\n", s->zBinary, zErr);
    free(zText);
    return 4;
  }
  int nKernel = 0;
  if (resources_store_cuobjdump(zText, buildinfo_id, s->zBinary, pDb, &nKernel)) {
    fprintf(stderr, "%s: cannot store the resource report: %s\n", s->zBinary, db_errmsg(pDb));
    db_close(pDb);
    free(zText);
    return 4;
  }
  fprintf(stderr, "%s: resource report of %d kernels (build %s) into %s\n", s->zBinary, nKernel, buildinfo_id, zDb);
  db_close(pDb);
  free(zText);
  return 0;
}

/* --profile list: the metric sets. */
static int list_sets(void) {
  for (int i = 0; i < N_SETS; i++)
    printf("%-9s %s\n          %s\n", profile_sets[i].zName, profile_sets[i].zAbout, profile_sets[i].zMetrics);
  return 0;
}

int profile_before_gpu(const profile_opts *p, const bench_study *s, const char *zDb, char **argv) {
  if (p->zSet && !strcmp(p->zSet, "list")) return list_sets();
  if (p->bResources) return resources_run(s, zDb, argv);
  return -1;
}

int profile_main(const profile_opts *p, const bench_study *s, const bench_config *aCfg, int nCfg,
                 const gpu_info *pInfo, const char *zDb, int bResume, int argc, char **argv) {
  if (p->zChildKey) return profile_child(p, s, aCfg, nCfg);
  return profile_run(p, s, aCfg, nCfg, pInfo, zDb, bResume, argc, argv);
}
