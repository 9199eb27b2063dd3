/*
** experiments/harness/args.c: the command line of every study binary (see
** bench.h): the usage text, the shared options and the axis lists. Parsing
** writes only into the caller's bench_args; the study's axis descriptions are
** read, never changed (except by bench_variant_axis(), at start-up).
**
** The variant axis also takes a selector (select_variants()): `all` alone is
** every variant in registry order, and `all,-FLAG,...` every variant less
** those with one of the flags (kernels/variant.h: variant_flag_name), so a
** matrix line meant for every variant names none and picks up a new one by
** its registry line.
*/
#include "experiments/harness/bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/harness/parse.h"

/* The registry bench_variant_axis() was given, for bench_variant_registry()
** and the variant selector. */
static struct {
  const char *const *azChoice; /* the variant axis's choices: how that axis is known */
  const void *aRegistry;
  int nEntry;
  size_t nStride;
  const kernel_variant *pExtra;
} gRegistry;

/* The options' defaults (also printed by --help). The GPU-timed rule is a
** trial's (issue 47): `make measure` takes six trials and the report's centre
** is over them, so one trial's median need not be precise (a short kernel's
** time moves about 1.2% from process to process, more than a 2% interval of
** one process's median adds): 2%, at least 2 ms, at most 10 ms, and never
** fewer than STATS_MIN_SAMPLES samples. Host-timed loops (reduce's
** cpu-serial) keep the rule they had, 1%, 5 ms, 30 ms: about a second a
** trial. --target, --min-ms and --budget-ms set both. */
static const bench_opts oDefault = {
    .zDb = "data/measurements.db", .nRepMax = BENCH_MAX_REPS, .nRepMin = STATS_MIN_SAMPLES, .nWarmup = 3, .msBudget = 10.0,
    .msMin = 2.0, .target = 0.02, .msHostBudget = 30.0, .msHostMin = 5.0, .hostTarget = 0.01,
    .aeFlush = {GPU_FLUSH_CLEAN}, .nFlush = 1, .abBatch = {0}, .nMode = 1,
    .iRepeat = 1, .bWarm = 0, .bResume = 1, .bList = 0, .nTimeoutS = 60};

void bench_usage(const bench_study *s, FILE *f) {
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
    if (a->azChoice && a->azChoice == gRegistry.azChoice) {
      fprintf(f, "               or all (every variant), then -FLAG items leaving out the variants\n"
                 "               with that flag (all,-host,-bound); FLAG one of:");
      for (int j = 0; variant_flag_name(j, NULL); j++) fprintf(f, " %s", variant_flag_name(j, NULL));
      fprintf(f, "\n");
    }
  }
  fprintf(f,
      "\nOptions:\n"
      "  --list         print the configurations this command would run, and exit\n"
      "  --db PATH      database to write (default %s)\n"
      "  --reps N       at most N samples per configuration (default %d)\n"
      "  --min-reps N   at least N samples (default %d)\n"
      "  --warmup N     untimed launches before timing (default %d)\n"
      "  --budget-ms X  stop sampling a configuration after X ms (wall clock; default %g,\n"
      "                 host-timed loops %g)\n"
      "  --min-ms X     sample at least X ms before convergence counts (default %g,\n"
      "                 host-timed loops %g)\n"
      "  --target PCT   stop once the median's %d%% interval is within +-PCT%% (default %g,\n"
      "                 host-timed loops %g; 0: exactly --reps samples)\n"
      "  --flush LIST   L2 flush before every sample, each a configuration of its own:\n"
      "                 clean (read %dx L2; default), memset (write %dx L2: dirty lines), none (warm)\n"
      "  --warm         the same as --flush none\n"
      "  --mode LIST    single (one launch per sample; default), batch (back-to-back launches\n"
      "                 per sample, time / count; no flush), graph (batch's launches captured\n"
      "                 once into a CUDA graph, one graph launch per sample, time / count)\n"
      "  --batch        the same as --mode batch\n"
      "  --repeat I     this is independent run I of a repeated matrix (make measure RUNS=N):\n"
      "                 resume counts only runs with the same I (default 1)\n"
      "  --no-resume    measure configurations this build already measured on this GPU\n"
      "  --timeout-s N  a configuration still running after N s (a hung kernel) is stored\n"
      "                 failed 'timeout' and the process exits 5; 0: no limit (default %d)\n"
      "  --matrix FILE  run every line of FILE that names this binary ('BINARY ARGS...' a line,\n"
      "                 blank lines and '#' comments skipped), in order, in this one process: each\n"
      "                 line a run of its own, as if it were the command line with the other\n"
      "                 options given here; every line is checked before anything runs (with\n"
      "                 --list: every line's configurations); lines with --profile SET (a\n"
      "                 .profile file) are profile runs, every line's under one ncu process\n"
      "  --build-id     print the build id (hash of sources and flags) and exit\n"
      "  --profile SET  Nsight Compute counters instead of timings (run of kind 'profile';\n"
      "                 ncu: $NCU, PATH or /usr/local/cuda/bin); --profile list: the sets\n"
      "  --resources    store the compiler's resource report of this binary's kernels\n"
      "  --help         this text\n"
      "\nExit status: 0 ok, 1 a configuration failed, 2 bad arguments, 3 no GPU (or no code\n"
      "for it in this build), 4 database error, 5 a configuration timed out (run again\n"
      "to go on), 130 interrupted (finished configurations are kept).\n",
      oDefault.zDb, oDefault.nRepMax, oDefault.nRepMin, oDefault.nWarmup, oDefault.msBudget, oDefault.msHostBudget,
      oDefault.msMin, oDefault.msHostMin, STATS_STOP_PCT, 100 * oDefault.target, 100 * oDefault.hostTarget, GPU_FLUSH_CLEAN_L2S, GPU_FLUSH_MEMSET_L2S, oDefault.nTimeoutS);
}

/* Write "zWhat: zWhy" into zErr, control characters escaped (they come from
** the user), and return BENCH_ARGS_ERROR. */
static int arg_error(char *zErr, size_t nErr, const char *zWhat, const char *zWhy) {
  char zRaw[1024];
  snprintf(zRaw, sizeof(zRaw), "%s: %s", zWhat, zWhy);
  parse_escape(zErr, nErr, zRaw);
  return BENCH_ARGS_ERROR;
}

/* The registry's entry i (the extra variant last). */
static const kernel_variant *registry_at(int i) {
  return i < gRegistry.nEntry ? variant_at(gRegistry.aRegistry, gRegistry.nStride, i) : gRegistry.pExtra;
}

/* The variant axis's selector: v holds `all` followed by `-FLAG` items;
** replace them by every variant of the registry (in its order) that has
** none of those flags. A key beside `all`, an unknown or repeated flag, or
** nothing left is an error. */
static int select_variants(bench_axis_vals *v, char *zErr, size_t nErr) {
  unsigned mOut = 0;
  const int nAll = gRegistry.nEntry + (gRegistry.pExtra != NULL);
  if (strcmp(v->azVal[0], "all") != 0) {
    snprintf(zErr, nErr, "'all' comes first (all,-FLAG,...)");
    return -1;
  }
  for (int i = 1; i < v->nVal; i++) {
    unsigned m = v->azVal[i][0] == '-' ? variant_flag_bit(v->azVal[i] + 1) : 0;
    if (m == 0) {
      snprintf(zErr, nErr, "'%s': after 'all' only -FLAG items leave variants out (--help lists the flags)",
               v->azVal[i]);
      return -1;
    }
    if (mOut & m) {
      snprintf(zErr, nErr, "'%s' appears twice in the list", v->azVal[i]);
      return -1;
    }
    mOut |= m;
  }
  v->nVal = 0;
  for (int i = 0; i < nAll; i++)
    if (!(registry_at(i)->mFlags & mOut)) v->azVal[v->nVal++] = registry_at(i)->zKey;
  if (v->nVal == 0) {
    snprintf(zErr, nErr, "the selector leaves no variant");
    return -1;
  }
  return 0;
}

/* Parse one axis list into v. A value given twice is an error: it would
** measure one configuration twice. */
static int parse_axis(const bench_axis *a, bench_axis_vals *v, const char *zList, char *zErr, size_t nErr) {
  free(v->zBuf);
  v->zBuf = NULL;
  if (a->bInt) {
    if (parse_int_list(zList, a->iMin, a->iMax, v->aiVal, BENCH_MAX_VALS, &v->nVal, zErr, nErr)) return -1;
    for (int i = 0; i < v->nVal; i++) {
      /* An integer axis with choices takes only those (reduce's --loads). */
      char zVal[32];
      snprintf(zVal, sizeof(zVal), "%lld", v->aiVal[i]);
      int bFound = a->azChoice == NULL;
      for (int j = 0; a->azChoice && a->azChoice[j]; j++) bFound |= strcmp(a->azChoice[j], zVal) == 0;
      if (!bFound) {
        snprintf(zErr, nErr, "%lld is not one of the values it takes (--help lists them)", v->aiVal[i]);
        return -1;
      }
    }
    for (int i = 0; i < v->nVal; i++)
      for (int j = 0; j < i; j++)
        if (v->aiVal[i] == v->aiVal[j]) {
          snprintf(zErr, nErr, "%lld appears twice in the list", v->aiVal[i]);
          return -1;
        }
    return 0;
  }
  if (parse_name_list(zList, &v->zBuf, v->azVal, BENCH_MAX_VALS, &v->nVal, zErr, nErr)) return -1;
  if (a->azChoice && a->azChoice == gRegistry.azChoice)
    for (int i = 0; i < v->nVal; i++)
      if (!strcmp(v->azVal[i], "all")) return select_variants(v, zErr, nErr);
  for (int i = 0; i < v->nVal; i++) {
    int bFound = a->azChoice == NULL;
    for (int j = 0; a->azChoice && a->azChoice[j]; j++) bFound |= strcmp(a->azChoice[j], v->azVal[i]) == 0;
    if (!bFound) {
      snprintf(zErr, nErr, "unknown value '%s'", v->azVal[i]);
      return -1;
    }
    for (int j = 0; j < i; j++)
      if (!strcmp(v->azVal[i], v->azVal[j])) {
        snprintf(zErr, nErr, "'%s' appears twice in the list", v->azVal[i]);
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

/* Parse a list of names from azName[0..nName) into ai (their indices); a
** name given twice or not in the list is an error. */
static int opt_names(const char *zList, const char *const *azName, int nName, int *ai, int *pn, char *zErr,
                     size_t nErr) {
  const char *z = zList;
  *pn = 0;
  for (;;) {
    size_t n = strcspn(z, ",");
    int k = -1;
    for (int j = 0; j < nName; j++)
      if (strlen(azName[j]) == n && !strncmp(azName[j], z, n)) k = j;
    if (k < 0) {
      snprintf(zErr, nErr, "unknown value '%.*s'", (int)(n < 40 ? n : 40), z);
      return -1;
    }
    for (int j = 0; j < *pn; j++)
      if (ai[j] == k) {
        snprintf(zErr, nErr, "'%s' appears twice in the list", azName[k]);
        return -1;
      }
    ai[(*pn)++] = k;
    if (!z[n]) return 0;
    z += n + 1;
  }
}

/* Parse a decimal number in [lo, hi]. */
static int opt_real(const char *z, double lo, double hi, double *pOut, char *zErr, size_t nErr) {
  char *zEnd = NULL;
  double v = strtod(z, &zEnd);
  if (!*z || !zEnd || *zEnd || !(v >= lo && v <= hi)) {
    snprintf(zErr, nErr, "'%.40s' is not a number from %g to %g", z, lo, hi);
    return -1;
  }
  *pOut = v;
  return 0;
}

/* Parse the value of option zName (not an axis) into o. 1 if zName is not
** such an option, 0 if parsed, -1 with the reason in zWhy. */
static int parse_option(bench_opts *o, const char *zName, const char *zVal, char *zWhy, size_t nWhy) {
  if (!strcmp(zName, "db")) {
    if (!*zVal) {
      snprintf(zWhy, nWhy, "empty path");
      return -1;
    }
    o->zDb = zVal;
    return 0;
  }
  if (!strcmp(zName, "reps")) return opt_int(zVal, 1, BENCH_MAX_REPS, &o->nRepMax, zWhy, nWhy);
  if (!strcmp(zName, "min-reps")) return opt_int(zVal, 1, BENCH_MAX_REPS, &o->nRepMin, zWhy, nWhy);
  if (!strcmp(zName, "warmup")) return opt_int(zVal, 0, 1000, &o->nWarmup, zWhy, nWhy);
  if (!strcmp(zName, "timeout-s")) return opt_int(zVal, 0, 86400, &o->nTimeoutS, zWhy, nWhy);
  if (!strcmp(zName, "budget-ms")) {
    int ms;
    if (opt_int(zVal, 1, 3600000, &ms, zWhy, nWhy)) return -1;
    o->msBudget = o->msHostBudget = ms;
    return 0;
  }
  if (!strcmp(zName, "min-ms")) {
    int ms;
    if (opt_int(zVal, 0, 3600000, &ms, zWhy, nWhy)) return -1;
    o->msMin = o->msHostMin = ms;
    return 0;
  }
  if (!strcmp(zName, "target")) {
    double pct;
    if (opt_real(zVal, 0, 100, &pct, zWhy, nWhy)) return -1;
    o->target = o->hostTarget = pct / 100;
    return 0;
  }
  if (!strcmp(zName, "flush")) {
    static const char *const az[] = {"clean", "memset", "none"}; /* GPU_FLUSH_* order */
    return opt_names(zVal, az, 3, o->aeFlush, &o->nFlush, zWhy, nWhy);
  }
  if (!strcmp(zName, "mode")) {
    static const char *const az[] = {"single", "batch", "graph"}; /* GPU_MODE_* order */
    return opt_names(zVal, az, 3, o->abBatch, &o->nMode, zWhy, nWhy);
  }
  if (!strcmp(zName, "repeat")) return opt_int(zVal, 1, 1000, &o->iRepeat, zWhy, nWhy);
  if (!strcmp(zName, "matrix")) {
    if (!*zVal) {
      snprintf(zWhy, nWhy, "empty path");
      return -1;
    }
    o->zMatrix = zVal;
    return 0;
  }
  return 1;
}

/* Every shared option (parse_option() parses those that take a value). */
static const struct {
  const char *zName;
  int bFlag;           /* 1: takes no value */
} aOption[] = {
    {"list", 1}, {"warm", 1}, {"no-resume", 1}, {"db", 0}, {"reps", 0}, {"min-reps", 0}, {"warmup", 0},
    {"budget-ms", 0}, {"min-ms", 0}, {"target", 0}, {"flush", 0}, {"mode", 0}, {"batch", 1}, {"repeat", 0},
    {"timeout-s", 0}, {"matrix", 0},
};
#define N_OPTION ((int)(sizeof(aOption) / sizeof(aOption[0])))

/* Index of option zName in aOption[], or -1. */
static int find_option(const char *zName) {
  for (int i = 0; i < N_OPTION; i++)
    if (!strcmp(aOption[i].zName, zName)) return i;
  return -1;
}

void bench_args_free(bench_args *pArgs) {
  for (int i = 0; i < BENCH_MAX_AXES; i++) {
    free(pArgs->aVals[i].zBuf);
    pArgs->aVals[i].zBuf = NULL;
  }
}

/* Fill the axes not given on the command line from their defaults and check
** the size of the matrix. */
static int finish_axes(const bench_study *s, bench_args *pArgs, char *zErr, size_t nErr) {
  char zWhy[256];
  long long nProduct = (long long)pArgs->opts.nFlush * pArgs->opts.nMode; /* each its own configuration */
  for (int i = 0; i < s->nAxis; i++) {
    bench_axis_vals *v = &pArgs->aVals[i];
    if (v->nVal < 0 && parse_axis(&s->aAxis[i], v, s->aAxis[i].zDefault, zWhy, sizeof(zWhy)))
      return arg_error(zErr, nErr, s->aAxis[i].zName, zWhy); /* a bad default is a bug: say so */
    nProduct *= v->nVal; /* at most BENCH_MAX_VALS: no overflow before the check */
    if (nProduct > BENCH_MAX_CONFIGS) {
      snprintf(zWhy, sizeof(zWhy), "more than %d configurations", BENCH_MAX_CONFIGS);
      return arg_error(zErr, nErr, "matrix", zWhy);
    }
  }
  return BENCH_ARGS_RUN;
}

/* Checks across options, after all are read. */
static int check_options(bench_opts *o, const int *abOptSeen, char *zErr, size_t nErr) {
  /* --warm and --batch are --flush none and --mode batch: one of each pair. */
  if (abOptSeen[find_option("warm")] && abOptSeen[find_option("flush")])
    return arg_error(zErr, nErr, "--warm", "is --flush none: give one of them");
  if (abOptSeen[find_option("batch")] && abOptSeen[find_option("mode")])
    return arg_error(zErr, nErr, "--batch", "is --mode batch: give one of them");
  if (o->bWarm) { o->aeFlush[0] = GPU_FLUSH_NONE; o->nFlush = 1; }
  if (abOptSeen[find_option("batch")]) { o->abBatch[0] = 1; o->nMode = 1; }
  if (o->nRepMin > o->nRepMax) {
    char zWhy[128];
    snprintf(zWhy, sizeof(zWhy), "%d is above --reps (%d): at most %d repetitions are timed", o->nRepMin,
             o->nRepMax, o->nRepMax);
    return arg_error(zErr, nErr, "--min-reps", zWhy);
  }
  return BENCH_ARGS_RUN;
}

int bench_parse_args(const bench_study *s, int argc, char **argv, bench_args *pArgs, char *zErr, size_t nErr) {
  char zWhy[256];
  int abOptSeen[N_OPTION] = {0};
  memset(pArgs, 0, sizeof(*pArgs));
  pArgs->opts = oDefault;
  bench_opts *o = &pArgs->opts;
  if (s->nAxis > BENCH_MAX_AXES) return arg_error(zErr, nErr, "study", "too many axes");
  for (int i = 0; i < s->nAxis; i++) pArgs->aVals[i].nVal = -1;
  for (int i = 1; i < argc; i++) {
    const char *zOpt = argv[i], *zVal = NULL;
    char zName[64];
    if (!strcmp(zOpt, "--help") || !strcmp(zOpt, "-h")) return BENCH_ARGS_HELP;
    /* --build-id prints one line and runs nothing: with anything else given
    ** it would ignore it silently. */
    if (!strcmp(zOpt, "--build-id"))
      return argc == 2 ? BENCH_ARGS_BUILD_ID : arg_error(zErr, nErr, zOpt, "takes no other argument");
    if (strncmp(zOpt, "--", 2) != 0) return arg_error(zErr, nErr, zOpt, "unexpected argument");
    const char *zEq = strchr(zOpt, '=');
    size_t nName = zEq ? (size_t)(zEq - zOpt - 2) : strlen(zOpt + 2);
    if (nName >= sizeof(zName)) return arg_error(zErr, nErr, zOpt, "unknown option");
    memcpy(zName, zOpt + 2, nName);
    zName[nName] = 0;
    int iAxis = -1, iOpt = find_option(zName);
    for (int j = 0; j < s->nAxis; j++)
      if (!strcmp(s->aAxis[j].zName, zName)) iAxis = j;
    if (iAxis < 0 && iOpt < 0) return arg_error(zErr, nErr, zOpt, "unknown option");
    /* A repeated option would silently take one of its values. */
    if (iAxis >= 0 ? pArgs->aVals[iAxis].nVal >= 0 : abOptSeen[iOpt]++) {
      snprintf(zWhy, sizeof(zWhy), "given twice (give it once%s)", iAxis >= 0 ? ", with a list" : "");
      return arg_error(zErr, nErr, zOpt, zWhy);
    }
    if (iOpt >= 0 && aOption[iOpt].bFlag) {
      if (zEq) return arg_error(zErr, nErr, zOpt, "takes no value");
      if (!strcmp(zName, "list")) o->bList = 1;
      else if (!strcmp(zName, "warm")) o->bWarm = 1;
      else if (!strcmp(zName, "batch")) continue; /* check_options() */
      else o->bResume = 0;
      continue;
    }
    if (zEq) zVal = zEq + 1;
    else if (i + 1 < argc) zVal = argv[++i];
    else return arg_error(zErr, nErr, zOpt, "needs a value");
    if (iAxis < 0) {
      if (parse_option(o, zName, zVal, zWhy, sizeof(zWhy))) return arg_error(zErr, nErr, zOpt, zWhy);
      continue;
    }
    if (parse_axis(&s->aAxis[iAxis], &pArgs->aVals[iAxis], zVal, zWhy, sizeof(zWhy)))
      return arg_error(zErr, nErr, zOpt, zWhy);
  }
  if (check_options(o, abOptSeen, zErr, nErr) != BENCH_ARGS_RUN) return BENCH_ARGS_ERROR;
  return finish_axes(s, pArgs, zErr, nErr);
}


int bench_variant_registry(const void **paRegistry, size_t *pnStride, const kernel_variant **ppExtra) {
  *paRegistry = gRegistry.aRegistry;
  *pnStride = gRegistry.nStride;
  *ppExtra = gRegistry.pExtra;
  return gRegistry.nEntry;
}

int bench_variant_axis(bench_axis *pAxis, const void *aRegistry, int nEntry, size_t nStride,
                       const kernel_variant *pExtra, char *zAbout, size_t nAbout) {
  static const char *azChoice[BENCH_MAX_VALS + 1];
  static char zDefault[4096];
  const int nAll = nEntry + (pExtra != NULL);
  size_t nDefault = 0, nAboutUsed = strlen(zAbout);
  int nWidth = 0;
  if (nAll > BENCH_MAX_VALS) return -1;
  gRegistry.azChoice = azChoice;
  gRegistry.aRegistry = aRegistry;
  gRegistry.nEntry = nEntry;
  gRegistry.nStride = nStride;
  gRegistry.pExtra = pExtra;
  for (int i = 0; i < nAll; i++) {
    const kernel_variant *p = i < nEntry ? variant_at(aRegistry, nStride, i) : pExtra;
    azChoice[i] = p->zKey;
    if ((int)strlen(p->zKey) > nWidth) nWidth = (int)strlen(p->zKey);
    nDefault += (size_t)snprintf(zDefault + nDefault, nDefault < sizeof(zDefault) ? sizeof(zDefault) - nDefault : 0,
                                 "%s%s", i ? "," : "", p->zKey);
  }
  azChoice[nAll] = NULL;
  for (int i = 0; i < nAll; i++) {
    const kernel_variant *p = i < nEntry ? variant_at(aRegistry, nStride, i) : pExtra;
    nAboutUsed += (size_t)snprintf(zAbout + nAboutUsed, nAboutUsed < nAbout ? nAbout - nAboutUsed : 0,
                                   "%s  %-*s  %s", i ? "\n" : "", nWidth, azChoice[i], p->zDesc);
  }
  pAxis->azChoice = azChoice;
  pAxis->zDefault = zDefault;
  return nDefault < sizeof(zDefault) && nAboutUsed < nAbout ? 0 : -1;
}
