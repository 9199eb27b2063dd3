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
#include "kernels/marker.h"

/* ------------------------------------------------------------ metric sets --
** The metric sets of `--profile SET`: the only place they are defined. Every
** set also collects gpu__time_duration.sum (the profiled kernel's duration,
** the weight when the report averages rates over kernels). The views in
** reports/analysis/60-counters.sql (counter_*) read these names. Set 'constant' holds the
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
     "l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum", 1},
    {"local", "local memory: L1 sectors of local loads and stores, L2 sectors from L1, DRAM bytes",
     "gpu__time_duration.sum,"
     "l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum,"
     "lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,"
     "l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum", 1},
    {"reduce", "a reduction step: branch uniformity, divergence, shared bank conflicts, occupancy, DRAM",
     "gpu__time_duration.sum,"
     "smsp__sass_average_branch_targets_threads_uniform.pct,smsp__sass_branch_targets_threads_divergent.sum,"
     "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,"
     "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,"
     "sm__warps_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,"
     "dram__bytes_read.sum,dram__bytes_write.sum", PROFILE_PASSES},
    {"constant", "constant-memory kernels: constant-cache (IDC) requests and hits, L1 global-load requests, stalls",
     "gpu__time_duration.sum,"
     "idc__requests.sum,idc__requests_lookup_hit.sum,idc__requests_lookup_miss.sum,"
     "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,"
     "smsp__average_warps_issue_stalled_imc_miss_per_issue_active.ratio,"
     "smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio,"
     "smsp__issue_active.avg.pct_of_peak_sustained_active,sm__throughput.avg.pct_of_peak_sustained_elapsed,"
     "sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,dram__bytes_read.sum", PROFILE_PASSES},
};
#define N_SETS ((int)(sizeof(profile_sets) / sizeof(profile_sets[0])))

const profile_set *profile_find_set(const char *zName) {
  for (int i = 0; i < N_SETS; i++)
    if (!strcmp(profile_sets[i].zName, zName)) return &profile_sets[i];
  return NULL;
}

/* ---------------------------------------------------------- command line -- */
static int bChild = 0; /* inside --profile-child or --profile-child-keys */
static int nChildPasses = PROFILE_PASSES; /* the passes of the configuration being launched */

int profile_in_child(void) { return bChild; }

int profile_launch(gpu_fn xRun, gpu_fn xRestore, void *pCtx, bench_out *pOut) {
  cudaStream_t st = gpu_stream();
  int rc = 0;
  for (int k = 0; k < nChildPasses && rc == 0; k++) { /* the passes: profile_parse_csv_passes() */
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
    const char **pzVal = !strcmp(z, "--profile")            ? &p->zSet
                         : !strcmp(z, "--profile-child")      ? &p->zChildKey
                         : !strcmp(z, "--profile-child-keys") ? &p->zChildKeys
                                                              : NULL;
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
  if ((p->zSet != NULL) + (p->zChildKey != NULL) + (p->zChildKeys != NULL) + p->bResources > 1) {
    snprintf(zErr, nErr, "--profile, --profile-child, --profile-child-keys and --resources: one at a time");
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

/* A growing text (profile_split_csv's segments). */
typedef struct text_buf {
  char *z;
  size_t n, nAlloc;
} text_buf;

/* Append n bytes of z to b, and a newline if bLine and they do not end in
** one. 0, or -1 out of memory. */
static int text_add(text_buf *b, const char *z, size_t n, int bLine) {
  if (b->n + n + 2 > b->nAlloc) {
    size_t nNew = 2 * b->nAlloc + n + 2 + 4096;
    char *zNew = realloc(b->z, nNew);
    if (!zNew) return -1;
    b->z = zNew;
    b->nAlloc = nNew;
  }
  memcpy(b->z + b->n, z, n);
  b->n += n;
  if (bLine && (n == 0 || z[n - 1] != '\n')) b->z[b->n++] = '\n';
  b->z[b->n] = 0;
  return 0;
}

/* Whether kernel name zName is the marker zMarker (function name alone, or
** demangled with its parameters). */
static int is_marker(const char *zName, const char *zMarker) {
  size_t n = strlen(zMarker);
  return !strncmp(zName, zMarker, n) && (zName[n] == 0 || zName[n] == '(');
}

int profile_split_csv(const char *zText, const char *zMarker, int nSeg, char **azSeg, int *anRow, char *zErr,
                      size_t nErr) {
  size_t nBuf = strlen(zText) + 1;
  int nCols = 1;
  for (const char *c = zText; *c; c++) nCols += *c == ',';
  char *zRow = malloc(nBuf);
  char **azRow = malloc(sizeof(char *) * (size_t)nCols);
  text_buf *aSeg = calloc(nSeg > 0 ? (size_t)nSeg : 1, sizeof(text_buf));
  const char *z = zText, *zNext, *zHead = NULL, *zHeadEnd = NULL, *zUnit = NULL, *zUnitEnd = NULL;
  int nHead = 0, iKernel = -1, iGrid = -1, iCur = -1, nFound = 0, nLaunch = 0, rc = -1;
  for (int i = 0; i < nSeg; i++) {
    azSeg[i] = NULL;
    anRow[i] = 0;
  }
  if (!zRow || !azRow || !aSeg) { snprintf(zErr, nErr, "out of memory"); goto done; }
  /* The header, as profile_parse_csv_passes() finds it. */
  while (*z && iKernel < 0) {
    const char *zRec = z;
    nHead = profile_csv_record(z, &zNext, zRow, nBuf, azRow, nCols);
    z = zNext;
    if (nHead > 1 && !strcmp(azRow[0], "ID")) {
      iGrid = -1;
      for (int i = 0; i < nHead; i++) {
        if (!strcmp(azRow[i], "Kernel Name")) iKernel = i;
        if (!strcmp(azRow[i], "Grid Size")) iGrid = i;
      }
      zHead = zRec;
      zHeadEnd = z;
    }
  }
  if (iKernel < 0) { rc = 0; goto done; }
  if (iGrid < 0) { snprintf(zErr, nErr, "no \"Grid Size\" column in ncu's CSV: the markers cannot be read"); goto done; }
  while (*z) {
    const char *zRec = z;
    int nRow = profile_csv_record(z, &zNext, zRow, nBuf, azRow, nCols);
    z = zNext;
    if (nRow < nHead) continue; /* blank, ==PROF== or ==WARNING== lines */
    if (azRow[0][0] == 0 && nLaunch == 0 && !zUnit) { zUnit = zRec; zUnitEnd = z; continue; }
    double id;
    if (parse_value(azRow[0], &id)) continue; /* not a launch row */
    nLaunch++;
    if (is_marker(azRow[iKernel], zMarker)) {
      const char *zGrid = azRow[iGrid] + strspn(azRow[iGrid], "( ");
      char *zEnd;
      long k = strtol(zGrid, &zEnd, 10);
      iCur = zEnd > zGrid && k >= 1 && k <= nSeg ? (int)k - 1 : -1;
      if (iCur >= 0 && !aSeg[iCur].z) {
        nFound++;
        if (text_add(&aSeg[iCur], zHead, (size_t)(zHeadEnd - zHead), 1) ||
            (zUnit && text_add(&aSeg[iCur], zUnit, (size_t)(zUnitEnd - zUnit), 1))) {
          snprintf(zErr, nErr, "out of memory");
          goto done;
        }
      }
      continue;
    }
    if (iCur < 0) continue; /* before the first marker, or after one of no configuration */
    if (text_add(&aSeg[iCur], zRec, (size_t)(z - zRec), 1)) { snprintf(zErr, nErr, "out of memory"); goto done; }
    anRow[iCur]++;
  }
  for (int i = 0; i < nSeg; i++) {
    azSeg[i] = aSeg[i].z;
    aSeg[i].z = NULL;
  }
  rc = nFound;
done:
  for (int i = 0; aSeg && i < nSeg; i++) free(aSeg[i].z);
  if (rc < 0)
    for (int i = 0; i < nSeg; i++) anRow[i] = 0;
  free(aSeg);
  free(zRow);
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

/* A profile child's entry, before any study allocates: ncu's kernel replay
** saves and restores, on every replay pass, all memory a kernel could reach,
** so the child keeps none it need not. The L2 flush buffer goes (twice the
** L2, 100-120 MB; nothing here flushes, ncu controls the caches), and the
** studies' host buffers are pageable (gpu_host_alloc): pinned host memory
** is backed up too (on an H100, access at 2^24: about 170 B per element,
** 6 passes x its 12 B of device and 16 B of pinned host memory). */
static void child_enter(void) {
  gpu_free_flush();
  gpu_host_set_pageable(1); /* nothing is allocated yet, so never refused */
}

/* --profile-child KEY: verify, then launch the configuration once inside the
** profiler window; nothing is stored. Exit 0, 1 (failed), or 2 (no such key). */
static int profile_child(const profile_opts *p, const bench_study *s, const bench_config *aCfg, int nCfg) {
  child_enter();
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

/* The marker of configuration i (kernels/marker.h) alone in a profiler
** window of its own. Returns a cudaError_t as int. */
static int marker_window(int i) {
  cudaStream_t st = gpu_stream();
  int rc = (int)cudaStreamSynchronize(st);
  if (rc) return rc;
  cudaProfilerStart();
  rc = profile_marker_launch(i, st);
  if (rc == 0) rc = (int)cudaStreamSynchronize(st);
  cudaProfilerStop();
  return rc;
}

/* The configuration of key line zLine ("S P KEY": sweep S's configuration
** KEY, launched P times, its set's passes) of aSweep[0..nSweep): its index in
** the sweep, *piSweep its sweep, *pnPasses P; -1 if there is none. */
static int find_key(const profile_sweep *aSweep, int nSweep, const char *zLine, int *piSweep, int *pnPasses) {
  char *zEnd, *zKey;
  long iSweep = strtol(zLine, &zEnd, 10);
  if (zEnd == zLine || *zEnd != ' ' || iSweep < 0 || iSweep >= nSweep) return -1;
  long nPass = strtol(zEnd + 1, &zKey, 10);
  if (zKey == zEnd + 1 || *zKey != ' ' || nPass < 1 || nPass > PROFILE_MAX_PASSES) return -1;
  const profile_sweep *w = &aSweep[iSweep];
  for (int i = 0; i < w->nCfg; i++) {
    bench_desc d;
    bench_describe(&w->aCfg[i], &d);
    if (!strcmp(d.zKey, zKey + 1)) {
      *piSweep = (int)iSweep;
      *pnPasses = (int)nPass;
      return i;
    }
  }
  return -1;
}

/* --profile-child-keys FILE: for each line "S KEY" of FILE in order, the
** marker (on a GPU), then sweep S's configuration KEY verified and launched
** as profile_child() does; one line per key in FILE.status ("ok" or "failed
** WHY"), written as it is known. The study cleans up when the sweep changes,
** as a --matrix process does between its runs. Stops at a CUDA error that
** leaves the context unusable. Exit 0, 1 (a configuration failed), or 2
** (FILE unreadable, a key unknown). */
static int profile_child_keys(const profile_opts *p, const bench_study *s, const profile_sweep *aSweep, int nSweep,
                              const gpu_info *pInfo) {
  char *zKeys = read_file(p->zChildKeys), zStatus[1100];
  snprintf(zStatus, sizeof(zStatus), "%s.status", p->zChildKeys);
  FILE *fStatus = zKeys ? fopen(zStatus, "w") : NULL;
  if (!fStatus) {
    fprintf(stderr, "%s: --profile-child-keys: cannot %s '%s': %s\n", s->zBinary, zKeys ? "write" : "read",
            zKeys ? zStatus : p->zChildKeys, strerror(errno));
    free(zKeys);
    return 2;
  }
  int bGpu = pInfo->ccMajor > 0; /* a host-only study launches no marker */
  int rc = 0, iKey = 0, bFatal = 0, iPrev = -1;
  child_enter();
  for (char *zLine = zKeys; *zLine && !bFatal; iKey++) {
    char *zEol = strchr(zLine, '\n');
    char *zNextLine = zEol ? zEol + 1 : zLine + strlen(zLine);
    if (zEol) *zEol = 0;
    int iSweep = -1, nPass = PROFILE_PASSES;
    int i = find_key(aSweep, nSweep, zLine, &iSweep, &nPass);
    static bench_out out;
    memset(&out, 0, sizeof(out));
    if (i < 0) {
      snprintf(out.zError, sizeof(out.zError), "no configuration '%.200s' in the child's command line", zLine);
      out.bFailed = 1;
      rc = 2;
    } else {
      if (iPrev >= 0 && iSweep != iPrev && s->xCleanup) s->xCleanup();
      iPrev = iSweep;
      int e = bGpu ? marker_window(iKey) : 0;
      if (e) {
        snprintf(out.zError, sizeof(out.zError), "the marker launch failed: %s", cudaGetErrorString((cudaError_t)e));
        out.bFailed = out.bFatal = 1;
      } else {
        bench_config c = aSweep[iSweep].aCfg[i];
        bChild = 1;
        nChildPasses = nPass;
        s->xMeasure(&c, &out);
        bChild = 0;
      }
    }
    if (out.bFailed || out.bSkipped) {
      for (char *z = out.zError; *z; z++)
        if (*z == '\n' || *z == '\r') *z = ' ';
      fprintf(stderr, "%s: %s: %s\n", s->zBinary, zLine, out.zError);
      fprintf(fStatus, "failed %s\n", out.zError[0] ? out.zError : "(no reason given)");
      if (rc == 0) rc = 1;
      bFatal = out.bFatal;
    } else {
      fprintf(fStatus, "ok\n");
    }
    fflush(fStatus);
    zLine = zNextLine;
  }
  if (s->xCleanup && !bFatal) s->xCleanup();
  if (fclose(fStatus) && rc == 0) rc = 2;
  free(zKeys);
  return rc;
}

/* Line k (0-based) of text z, copied into zOut (NULL if there is none). */
static const char *nth_line(const char *z, int k, char *zOut, size_t nOut) {
  for (; z && *z && k > 0; k--) {
    z = strchr(z, '\n');
    if (z) z++;
  }
  if (!z || !*z) return NULL;
  size_t n = strcspn(z, "\n");
  snprintf(zOut, nOut, "%.*s", (int)(n < nOut - 1 ? n : nOut - 1), z);
  return zOut;
}

/* 1 if metric zMetric is an entry of the comma-separated list zList. */
static int metric_in(const char *zList, const char *zMetric) {
  size_t n = strlen(zMetric);
  for (const char *z = zList; n > 0 && z; z = strchr(z, ',') ? strchr(z, ',') + 1 : NULL)
    if (!strncmp(z, zMetric, n) && (z[n] == ',' || z[n] == 0)) return 1;
  return 0;
}

/* The union of the sweeps' sets' metrics, each once, in the order the sets
** list them (ncu's --metrics): malloc'ed, NULL out of memory. */
static char *union_metrics(const profile_set *const *apSet, int nSweep) {
  size_t n = 1;
  for (int i = 0; i < nSweep; i++) n += strlen(apSet[i]->zMetrics) + 1;
  char *z = malloc(n), zMetric[256];
  if (!z) return NULL;
  size_t k = 0;
  z[0] = 0;
  for (int i = 0; i < nSweep; i++) {
    for (const char *m = apSet[i]->zMetrics; *m;) {
      size_t nm = strcspn(m, ",");
      snprintf(zMetric, sizeof(zMetric), "%.*s", (int)nm, m);
      if (!metric_in(z, zMetric)) k += (size_t)snprintf(z + k, n - k, "%s%s", k ? "," : "", zMetric);
      m += nm + (m[nm] == ',');
    }
  }
  return z;
}

/* A sweep in the parent: its set, its run and what became of its configurations. */
typedef struct sweep_state {
  const profile_set *pSet;
  long long iRun;            /* its run; 0: none begun (nothing to profile) */
  int nRun;                  /* its configurations not skipped by the study */
  int nTodo, nDone, nFailed; /* to profile, stored, not profiled */
} sweep_state;

/* A configuration to profile: its sweep, its index there, its progress number. */
typedef struct todo_cfg {
  int iSweep, iCfg, iSeq;
  char *zKey;
} todo_cfg;

/* The command line of sweep w as run, for run.argv (malloc'ed, NULL out of memory). */
static char *sweep_argv(const profile_sweep *w) {
  size_t nArgv = 32 + strlen(w->zSet);
  for (int i = 0; i < w->argc; i++) nArgv += strlen(w->argv[i]) + 1;
  char *zArgv = malloc(nArgv);
  if (zArgv) {
    size_t k = 0;
    for (int i = 0; i < w->argc; i++) k += (size_t)snprintf(zArgv + k, nArgv - k, "%s ", w->argv[i]);
    snprintf(zArgv + k, nArgv - k, "--profile %s", w->zSet);
  }
  return zArgv;
}

/* --profile SET, or a --matrix file's profile lines: one run of kind
** 'profile' per sweep, every sweep under one ncu process. */
static int profile_run(const bench_study *s, const profile_sweep *aSweep, int nSweep, const gpu_info *pInfo,
                       const char *zMatrix, int argc, char **argv) {
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
  char zLog[sizeof(zTmp) + 16], zOut[sizeof(zTmp) + 16], zKeys[sizeof(zTmp) + 16], zStatus[sizeof(zTmp) + 24];
  snprintf(zLog, sizeof(zLog), "%s/ncu.csv", zTmp);
  snprintf(zOut, sizeof(zOut), "%s/out", zTmp);
  snprintf(zKeys, sizeof(zKeys), "%s/keys", zTmp);
  snprintf(zStatus, sizeof(zStatus), "%s.status", zKeys);
  const char *zDb = aSweep[0].zDb;
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
  int nAll = 0;
  for (int w = 0; w < nSweep; w++) nAll += aSweep[w].nCfg;
  sweep_state *aSt = calloc((size_t)nSweep, sizeof(sweep_state));
  const profile_set **apSet = calloc((size_t)nSweep, sizeof(profile_set *));
  todo_cfg *aTodo = calloc((size_t)nAll + 1, sizeof(todo_cfg));
  char **azSeg = calloc((size_t)nAll + 1, sizeof(char *));
  int *anRow = calloc((size_t)nAll + 1, sizeof(int));
  char **azCmd = calloc((size_t)argc + 26, sizeof(char *));
  char *zUnion = NULL, *zText = NULL, *zStatusText = NULL;
  int nTodo = 0, bDbError = 0, bFailed = 0;
  FILE *fKeys = NULL;
  if (aSt && apSet && aTodo && azSeg && anRow && azCmd) {
    for (int w = 0; w < nSweep; w++) apSet[w] = aSt[w].pSet = profile_find_set(aSweep[w].zSet);
    zUnion = union_metrics(apSet, nSweep);
  }
  if (zUnion) {
    /* ncu's command line: ncu OPTIONS SELF [--matrix FILE] ARGS --profile-child-keys FILE. */
    const char *azOpt[] = {zNcu, "--csv", "--page", "raw", "--print-units", "base", "--clock-control", "none",
                           "--profile-from-start", "off", "--print-kernel-base", "function", "--log-file", zLog,
                           "--metrics", zUnion, zSelf};
    int nFixed = 0;
    for (size_t j = 0; j < sizeof(azOpt) / sizeof(azOpt[0]); j++) azCmd[nFixed++] = (char *)azOpt[j];
    if (zMatrix) {
      azCmd[nFixed++] = "--matrix";
      azCmd[nFixed++] = (char *)zMatrix;
    }
    for (int i = 1; i < argc; i++) azCmd[nFixed++] = argv[i];
    azCmd[nFixed] = "--profile-child-keys";
    azCmd[nFixed + 1] = zKeys;
    azCmd[nFixed + 2] = NULL;
    fKeys = fopen(zKeys, "w");
    if (!fKeys) fprintf(stderr, "%s: cannot write '%s': %s\n", s->zBinary, zKeys, strerror(errno));
  } else {
    fprintf(stderr, "%s: out of memory\n", s->zBinary);
  }
  if (!fKeys) bDbError = 1;
  /* Per sweep, the configurations still to profile, in order, into the key
  ** file ("S KEY"); its run begins if it has any. A configuration an earlier
  ** sweep of the same set profiles in this process is not profiled twice. */
  for (int w = 0; w < nSweep && !bStop && !bDbError; w++) {
    const profile_sweep *pW = &aSweep[w];
    sweep_state *st = &aSt[w];
    int iSeq = 0, nPrev = nTodo;
    for (int i = 0; i < pW->nCfg; i++) st->nRun += !(s->xSkip && s->xSkip(&pW->aCfg[i]));
    for (int i = 0; i < pW->nCfg && !bDbError; i++) {
      if (s->xSkip && s->xSkip(&pW->aCfg[i])) continue;
      bench_desc d;
      bench_describe(&pW->aCfg[i], &d);
      iSeq++;
      int rcHave = pW->bResume ? db_have_counters(pDb, pInfo->zUuid, s->zBinary, buildinfo_id, d.zKey, pW->zSet) : 0;
      for (int t = 0; t < nPrev && rcHave == 0; t++)
        rcHave = !strcmp(aTodo[t].zKey, d.zKey) && !strcmp(aSweep[aTodo[t].iSweep].zSet, pW->zSet) ? 2 : 0;
      if (rcHave < 0) { bDbError = 1; break; }
      if (rcHave) {
        fprintf(stderr, "[%d/%d] %s%s ... already profiled%s\n", iSeq, st->nRun, s->zStudy, d.zLabel,
                rcHave == 2 ? " (by an earlier line of this process)" : "");
        continue;
      }
      todo_cfg *pT = &aTodo[nTodo];
      pT->zKey = strdup(d.zKey);
      if (!pT->zKey) { bDbError = 1; break; }
      fprintf(fKeys, "%d %d %s\n", w, st->pSet->nPasses, d.zKey);
      pT->iSweep = w;
      pT->iCfg = i;
      pT->iSeq = iSeq;
      nTodo++;
      st->nTodo++;
    }
    if (bDbError || st->nTodo == 0) continue;
    char *zArgv = sweep_argv(pW);
    db_run_info info = {s->zStudy, s->zBinary, zArgv ? zArgv : "", buildinfo_id, buildinfo_git_commit,
                        buildinfo_git_dirty, buildinfo_nvcc_version, buildinfo_nvcc_flags, 0, 1, 0};
    st->iRun = db_begin_run(pDb, pInfo, &info);
    free(zArgv);
    if (st->iRun < 0 || db_set_profile_run(pDb, st->iRun)) {
      fprintf(stderr, "%s: cannot start a run in '%s': %s\n", s->zBinary, zDb, db_errmsg(pDb));
      if (st->iRun < 0) st->iRun = 0;
      bDbError = 1;
      break;
    }
    fprintf(stderr, "%s: profile run %lld (set %s) on %s with %s into %s\n", s->zBinary, st->iRun, pW->zSet,
            pInfo->zName, zNcu, zDb);
  }
  if (fKeys && fclose(fKeys)) {
    fprintf(stderr, "%s: cannot write '%s': %s\n", s->zBinary, zKeys, strerror(errno));
    bDbError = 1;
  }
  int rc = 0, nSeg = 0, nSweepRun = 0;
  char zWhy[256] = "";
  for (int w = 0; w < nSweep; w++) nSweepRun += aSt && aSt[w].nTodo > 0;
  if (nTodo > 0 && !bStop && !bDbError) {
    /* One ncu process for every configuration of every sweep; its CSV split at the markers. */
    if (nSweepRun > 1)
      fprintf(stderr, "%s: %d configurations of %d sweeps under one ncu process\n", s->zBinary, nTodo, nSweepRun);
    else
      fprintf(stderr, "%s: %d configurations under one ncu process\n", s->zBinary, nTodo);
    rc = run_command(azCmd, zOut);
    zText = read_file(zLog);
    zStatusText = read_file(zStatus);
    ncu_error(zText, zWhy, sizeof(zWhy));
    nSeg = zText ? profile_split_csv(zText, PROFILE_MARKER_KERNEL, nTodo, azSeg, anRow, zErr, sizeof(zErr)) : 0;
  }
  /* ncu saw no kernel at all, not even a marker: the child ran host code only. */
  int bNoKernel = zText && nSeg == 0 && !strstr(zText, "\"Kernel Name\"");
  for (int t = 0; t < nTodo && !bDbError; t++) { /* after a signal too: what ncu wrote is kept */
    const profile_sweep *pW = &aSweep[aTodo[t].iSweep];
    sweep_state *st = &aSt[aTodo[t].iSweep];
    bench_desc d;
    bench_describe(&pW->aCfg[aTodo[t].iCfg], &d);
    char zLine[600], zLead[700];
    const char *zSt = nth_line(zStatusText, t, zLine, sizeof(zLine));
    snprintf(zLead, sizeof(zLead), "[%d/%d] %s%s ...", aTodo[t].iSeq, st->nRun, s->zStudy, d.zLabel);
    if (zWhy[0]) {
      /* ncu itself refused: every configuration of every sweep would fail the same way; one line. */
      fprintf(stderr, "%s NOT PROFILED: %s\n", zLead, zWhy);
      if (nTodo - t > 1)
        fprintf(stderr, "%s: the %d configuration%s after it were not profiled either\n", s->zBinary, nTodo - t - 1,
                nTodo - t - 1 == 1 ? "" : "s");
      for (int u = t; u < nTodo; u++) aSt[aTodo[u].iSweep].nFailed++;
      break;
    }
    const char *zNot = NULL;
    char zNotBuf[300];
    if (!zSt && bStop) break; /* interrupted: the rest is not a failure */
    if (!zSt) {
      snprintf(zNotBuf, sizeof(zNotBuf), "not reached: ncu or the child ended before it (exit %d)", rc);
      zNot = zNotBuf;
    } else if (strcmp(zSt, "ok")) {
      zNot = strncmp(zSt, "failed ", 7) ? zSt : zSt + 7;
    } else if (bNoKernel || (azSeg[t] && anRow[t] == 0)) {
      fprintf(stderr, "%s skipped: no kernel launched (host code), nothing to profile\n", zLead);
      continue;
    } else if (nSeg < 0) {
      zNot = zErr;
    } else if (!azSeg[t]) {
      snprintf(zNotBuf, sizeof(zNotBuf), "%s (ncu exit %d)",
               zText ? "its marker is not in ncu's output" : "ncu wrote no log", rc);
      zNot = zNotBuf;
    }
    profile_value *aVal = NULL;
    int nLaunch = 0, nVal = 0, nStored = 0;
    if (!zNot) {
      nVal = profile_parse_csv_passes(azSeg[t], st->pSet->nPasses, &aVal, &nLaunch, zErr, sizeof(zErr));
      if (nVal <= 0) zNot = nVal < 0 ? zErr : "no metric values in ncu's output";
    }
    if (zNot) {
      st->nFailed++;
      fprintf(stderr, "%s NOT PROFILED: %s\n", zLead, zNot);
      free(aVal);
      continue;
    }
    if (db_begin(pDb)) { bDbError = 1; free(aVal); break; }
    for (int j = 0; j < nVal && !bDbError; j++) {
      /* Another sweep's metric (the union ncu collected) is not this configuration's. */
      if (metric_in(zUnion, aVal[j].zMetric) && !metric_in(st->pSet->zMetrics, aVal[j].zMetric)) continue;
      db_counter c = {d.zKey, d.zVariant, d.zDtype, d.n, d.nBlock, d.zParams, aVal[j].zKernel, aVal[j].zMetric,
                      aVal[j].value, aVal[j].zUnit, aVal[j].nLaunch, aVal[j].zCombine, pW->zSet,
                      aVal[j].nPass, aVal[j].minValue, aVal[j].maxValue};
      if (db_add_counter(pDb, st->iRun, &c)) bDbError = 1;
      nStored++;
    }
    if (bDbError || db_commit(pDb)) {
      bDbError = 1;
      db_rollback(pDb);
      fprintf(stderr, "%s: cannot store the counters of %s: %s\n", s->zBinary, d.zKey, db_errmsg(pDb));
    } else {
      st->nDone++;
      fprintf(stderr, "%s %d values, %d launches (%d passes)\n", zLead, nStored, nLaunch, nVal > 0 ? aVal[0].nPass : 0);
    }
    free(aVal);
  }
  for (int t = 0; azSeg && t < nTodo; t++) free(azSeg[t]);
  for (int t = 0; aTodo && t < nTodo; t++) free(aTodo[t].zKey);
  free(azSeg);
  free(anRow);
  free(aTodo);
  free(zText);
  free(zStatusText);
  remove(zLog);
  remove(zOut);
  remove(zKeys);
  remove(zStatus);
  rmdir(zTmp);
  /* Each sweep's run ends; one that holds nothing (everything was profiled
  ** before, or is host code) is not stored. */
  for (int w = 0; aSt && w < nSweep; w++) {
    sweep_state *st = &aSt[w];
    char zWhich[160] = "";
    if (nSweep > 1) snprintf(zWhich, sizeof(zWhich), " in sweep %d of %d (set %s)", w + 1, nSweep, aSweep[w].zSet);
    if (st->iRun <= 0) {
      if (!bDbError && !bStop) fprintf(stderr, "%s: nothing left to profile%s: no run stored\n", s->zBinary, zWhich);
      continue;
    }
    if (!bDbError && st->nDone == 0 && st->nFailed == 0) {
      if (db_drop_run(pDb, st->iRun)) {
        fprintf(stderr, "%s: cannot remove the empty run %lld: %s\n", s->zBinary, st->iRun, db_errmsg(pDb));
        bDbError = 1;
      } else {
        fprintf(stderr, "%s: nothing left to profile%s: no run stored\n", s->zBinary, zWhich);
        continue;
      }
    }
    const char *zEnd = bDbError || st->nFailed ? "failed" : bStop ? "incomplete" : "complete";
    if (db_end_run(pDb, st->iRun, zEnd,
                   bStop ? "interrupted by a signal" : st->nFailed ? "configurations not profiled" : NULL, 0) &&
        !bDbError)
      fprintf(stderr, "%s: cannot close run %lld: %s\n", s->zBinary, st->iRun, db_errmsg(pDb));
    fprintf(stderr, "%s: profile run %lld %s: %d profiled, %d not\n", s->zBinary, st->iRun, zEnd, st->nDone,
            st->nFailed);
    bFailed |= st->nFailed > 0;
  }
  db_close(pDb);
  free(aSt);
  free(apSet);
  free(azCmd);
  free(zUnion);
  if (bDbError) return 4;
  if (bStop) return 130;
  return bFailed ? 1 : 0;
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

int profile_main(const profile_opts *p, const bench_study *s, const profile_sweep *aSweep, int nSweep,
                 const gpu_info *pInfo, const char *zMatrix, int argc, char **argv) {
  if (p->zChildKeys) return profile_child_keys(p, s, aSweep, nSweep, pInfo);
  if (p->zChildKey) return profile_child(p, s, aSweep[0].aCfg, aSweep[0].nCfg);
  return profile_run(s, aSweep, nSweep, pInfo, zMatrix, argc, argv);
}
