/*
** tests/unit/test_args_cases.c: bench_parse_args() (experiments/harness/args.c)
** on a small study of its own, on cases `make mutate` found unchecked: the
** documented defaults, an axis given once, a value repeated anywhere in a list
** (and only then), -h and --help, an empty argument, an unknown option, a
** shared option, names that are not choices, the usage text, the sampling
** defaults README states (a GPU-timed configuration's and a host-timed
** loop's), the --flush and --mode lists, --matrix and a
** matrix of too many configurations, and
** bench_variant_axis() (bench.h: choices, default, --help lines, limits).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "experiments/harness/bench.h"
#include "experiments/harness/gpu.h"

static const char *const azV[] = {"a", "b", "c", NULL};
static bench_axis aAxis[] = {
    {.zName = "n", .zHelp = "size", .zDefault = "4,8", .bInt = 1, .iMin = 1, .iMax = 1000},
    {.zName = "v", .zHelp = "variant", .zDefault = "a", .bInt = 0, .azChoice = azV},
};
static const bench_study study = {.zStudy = "t", .zBinary = "t", .zAbout = "a test study", .aAxis = aAxis,
                                  .nAxis = 2};

/* Parse argv (NULL-terminated, argv[0] added) into *pA; returns the code. */
static int parse(bench_args *pA, char *zErr, size_t nErr, const char **az) {
  char *argv[16] = {"t"};
  int argc = 1;
  while (az[argc - 1]) argv[argc] = (char *)az[argc - 1], argc++;
  return bench_parse_args(&study, argc, argv, pA, zErr, nErr);
}

/* No arguments: the axes' defaults and the options' documented defaults
** (the sampling ones, which the measurement work tunes, are left to
** test_reduce_args and the --help text). */
static void test_defaults(void **state) {
  (void)state;
  bench_args a;
  char zErr[256] = "";
  const char *az[] = {NULL};
  assert_int_equal(parse(&a, zErr, sizeof zErr, az), BENCH_ARGS_RUN);
  assert_int_equal(a.aVals[0].nVal, 2);
  assert_true(a.aVals[0].aiVal[0] == 4 && a.aVals[0].aiVal[1] == 8);
  assert_int_equal(a.aVals[1].nVal, 1);
  assert_string_equal(a.aVals[1].azVal[0], "a");
  assert_string_equal(a.opts.zDb, "data/measurements.db");
  assert_int_equal(a.opts.nRepMax, BENCH_MAX_REPS);
  assert_int_equal(a.opts.nWarmup, 3);
  assert_int_equal(a.opts.bResume, 1);
  assert_int_equal(a.opts.bWarm, 0);
  assert_int_equal(a.opts.bList, 0);
  bench_args_free(&a);
}

/* Each axis once, as option and value or with '='. */
static void test_axis_once(void **state) {
  (void)state;
  bench_args a;
  char zErr[256] = "";
  const char *az[] = {"--n", "9,3,1", "--v=c,a", NULL};
  if (parse(&a, zErr, sizeof zErr, az) != BENCH_ARGS_RUN) fail_msg("refused: %s", zErr);
  assert_int_equal(a.aVals[0].nVal, 3);
  assert_true(a.aVals[0].aiVal[0] == 9 && a.aVals[0].aiVal[1] == 3 && a.aVals[0].aiVal[2] == 1);
  assert_int_equal(a.aVals[1].nVal, 2);
  assert_string_equal(a.aVals[1].azVal[0], "c");
  assert_string_equal(a.aVals[1].azVal[1], "a");
  bench_args_free(&a);
}

/* A value repeated anywhere in an integer list is refused, naming it. */
static void test_repeated_value(void **state) {
  (void)state;
  const char *aList[] = {"7,5,7", "5,7,7", "7,7", "1,2,3,4,1"};
  for (size_t i = 0; i < sizeof aList / sizeof aList[0]; i++) {
    bench_args a;
    char zErr[256] = "";
    const char *az[] = {"--n", aList[i], NULL};
    if (parse(&a, zErr, sizeof zErr, az) != BENCH_ARGS_ERROR) fail_msg("'%s' accepted", aList[i]);
    if (!strstr(zErr, "appears twice")) fail_msg("'%s': reason '%s'", aList[i], zErr);
    bench_args_free(&a);
  }
}

/* -h and --help ask for help; an empty argument is an error, not help. */
static void test_help_and_empty(void **state) {
  (void)state;
  bench_args a;
  char zErr[256] = "";
  const char *az1[] = {"-h", NULL}, *az2[] = {"--help", NULL}, *az3[] = {"", NULL};
  assert_int_equal(parse(&a, zErr, sizeof zErr, az1), BENCH_ARGS_HELP);
  bench_args_free(&a);
  assert_int_equal(parse(&a, zErr, sizeof zErr, az2), BENCH_ARGS_HELP);
  bench_args_free(&a);
  assert_int_equal(parse(&a, zErr, sizeof zErr, az3), BENCH_ARGS_ERROR);
  bench_args_free(&a);
}

/* An unknown option is refused naming it; a shared option is not an axis;
** every name of a list must be a choice, the first and the last too. */
static void test_unknown_and_choices(void **state) {
  (void)state;
  bench_args a;
  char zErr[256] = "";
  const char *az1[] = {"--bogus", "3", NULL};
  assert_int_equal(parse(&a, zErr, sizeof zErr, az1), BENCH_ARGS_ERROR);
  if (!strstr(zErr, "--bogus") || !strstr(zErr, "unknown option")) fail_msg("reason '%s'", zErr);
  bench_args_free(&a);
  const char *az2[] = {"--reps", "10", "--min-reps=4", NULL};
  if (parse(&a, zErr, sizeof zErr, az2) != BENCH_ARGS_RUN) fail_msg("refused: %s", zErr);
  assert_int_equal(a.opts.nRepMax, 10);
  assert_int_equal(a.opts.nRepMin, 4);
  assert_int_equal(a.aVals[1].nVal, 1);
  assert_string_equal(a.aVals[1].azVal[0], "a");
  bench_args_free(&a);
  const char *aList[] = {"zz", "zz,a", "a,zz", "a,b,zz"};
  for (size_t i = 0; i < sizeof aList / sizeof aList[0]; i++) {
    const char *az[] = {"--v", aList[i], NULL};
    if (parse(&a, zErr, sizeof zErr, az) != BENCH_ARGS_ERROR) fail_msg("'%s' accepted", aList[i]);
    bench_args_free(&a);
  }
}

/* The --help text of the test study (malloc'ed: the caller frees it). */
static char *usage_text(void) {
  char *z = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&z, &n);
  assert_non_null(f);
  bench_usage(&study, f);
  fclose(f);
  return z;
}

/* --help lists every axis with its help, default and choices. */
static void test_usage_lists_axes(void **state) {
  (void)state;
  char *z = usage_text();
  const char *azWant[] = {"Usage: t [options]", "a test study", "--n", "size", "default: 4,8", "--v", "variant",
                          "default: a", "one of: a b c", "--reps", "--repeat I", "--matrix FILE"};
  for (size_t i = 0; i < sizeof azWant / sizeof azWant[0]; i++)
    if (!strstr(z, azWant[i])) fail_msg("usage lacks '%s':\n%s", azWant[i], z);
  assert_true(strstr(z, "--n") < strstr(z, "--v"));
  free(z);
}

/* The flags set exactly their own option. */
static void test_flags(void **state) {
  (void)state;
  bench_args a;
  char zErr[256] = "";
  const char *az1[] = {"--list", NULL}, *az2[] = {"--warm", NULL}, *az3[] = {"--no-resume", NULL};
  if (parse(&a, zErr, sizeof zErr, az1) != BENCH_ARGS_RUN) fail_msg("--list: %s", zErr);
  assert_true(a.opts.bList == 1 && a.opts.bWarm == 0 && a.opts.bResume == 1);
  bench_args_free(&a);
  if (parse(&a, zErr, sizeof zErr, az2) != BENCH_ARGS_RUN) fail_msg("--warm: %s", zErr);
  assert_true(a.opts.bList == 0 && a.opts.bWarm == 1 && a.opts.bResume == 1);
  bench_args_free(&a);
  if (parse(&a, zErr, sizeof zErr, az3) != BENCH_ARGS_RUN) fail_msg("--no-resume: %s", zErr);
  assert_true(a.opts.bList == 0 && a.opts.bWarm == 0 && a.opts.bResume == 0);
  bench_args_free(&a);
}

/* --matrix FILE (a study binary runs every line of FILE naming it; run.c):
** unset by default, its path kept, an empty path and a second --matrix
** refused, naming the option. */
static void test_matrix_option(void **state) {
  (void)state;
  bench_args a;
  char zErr[256] = "";
  const char *azNone[] = {NULL};
  assert_int_equal(parse(&a, zErr, sizeof zErr, azNone), BENCH_ARGS_RUN);
  assert_null(a.opts.zMatrix);
  bench_args_free(&a);
  const char *azOne[] = {"--matrix", "m.matrix", NULL};
  if (parse(&a, zErr, sizeof zErr, azOne) != BENCH_ARGS_RUN) fail_msg("refused: %s", zErr);
  assert_string_equal(a.opts.zMatrix, "m.matrix");
  bench_args_free(&a);
  const char *azEmpty[] = {"--matrix=", NULL};
  zErr[0] = 0;
  assert_int_equal(parse(&a, zErr, sizeof zErr, azEmpty), BENCH_ARGS_ERROR);
  assert_non_null(strstr(zErr, "matrix"));
  assert_non_null(strstr(zErr, "empty path"));
  bench_args_free(&a);
  const char *azTwice[] = {"--matrix", "a", "--matrix", "b", NULL};
  zErr[0] = 0;
  assert_int_equal(parse(&a, zErr, sizeof zErr, azTwice), BENCH_ARGS_ERROR);
  assert_non_null(strstr(zErr, "matrix"));
  bench_args_free(&a);
  /* Its neighbour in the option table takes a value too. */
  const char *azTimeout[] = {"--timeout-s", "5", "--matrix", "m", NULL};
  if (parse(&a, zErr, sizeof zErr, azTimeout) != BENCH_ARGS_RUN) fail_msg("refused: %s", zErr);
  assert_int_equal(a.opts.nTimeoutS, 5);
  assert_string_equal(a.opts.zMatrix, "m");
  bench_args_free(&a);
}

/* A matrix of more than BENCH_MAX_CONFIGS configurations is refused, the
** error naming the matrix (a study of three integer axes to get there). */
static bench_axis aBig[] = {
    {.zName = "x", .zHelp = "x", .zDefault = "1", .bInt = 1, .iMin = 1, .iMax = 1000},
    {.zName = "y", .zHelp = "y", .zDefault = "1", .bInt = 1, .iMin = 1, .iMax = 1000},
    {.zName = "z", .zHelp = "z", .zDefault = "1", .bInt = 1, .iMin = 1, .iMax = 1000},
};
static const bench_study big = {.zStudy = "big", .zBinary = "big", .zAbout = "a large matrix", .aAxis = aBig,
                                .nAxis = 3};
static void test_matrix_too_large(void **state) {
  (void)state;
  bench_args a;
  char zErr[256] = "";
  char *argv[] = {"big", "--x", "1..256", "--y", "1..256", "--z", "1..2", NULL};
  assert_int_equal(bench_parse_args(&big, 7, argv, &a, zErr, sizeof zErr), BENCH_ARGS_ERROR);
  if (strncmp(zErr, "--matrix: more than", 19) && strncmp(zErr, "matrix: more than", 17))
    fail_msg("error: %s", zErr);
  bench_args_free(&a);
  char *argvOk[] = {"big", "--x", "1..256", "--y", "1..256", NULL};
  if (bench_parse_args(&big, 5, argvOk, &a, zErr, sizeof zErr) != BENCH_ARGS_RUN) fail_msg("refused: %s", zErr);
  bench_args_free(&a);
}

/* The sampling defaults README ("How a configuration is timed") and --help
** state: a GPU-timed configuration --target 2%, --min-ms 2, --budget-ms 10
** (issue 47: one of six trials), a host-timed loop 1%, 5 ms, 30 ms as
** before; --min-reps 10 (STATS_MIN_SAMPLES), --flush clean only, --mode
** single only, --repeat 1, --timeout-s 60. */
static void test_sampling_defaults(void **state) {
  (void)state;
  bench_args a;
  char zErr[256] = "";
  const char *az[] = {NULL};
  assert_int_equal(parse(&a, zErr, sizeof zErr, az), BENCH_ARGS_RUN);
  assert_true(a.opts.target == 0.02);
  assert_int_equal(a.opts.nRepMin, 10);
  assert_int_equal(a.opts.nRepMin, STATS_MIN_SAMPLES);
  assert_true(a.opts.msMin == 2.0);
  assert_true(a.opts.msBudget == 10.0);
  assert_true(a.opts.hostTarget == 0.01);
  assert_true(a.opts.msHostMin == 5.0);
  assert_true(a.opts.msHostBudget == 30.0);
  assert_int_equal(a.opts.nFlush, 1);
  assert_int_equal(a.opts.aeFlush[0], GPU_FLUSH_CLEAN);
  assert_int_equal(a.opts.nMode, 1);
  assert_int_equal(a.opts.abBatch[0], 0);
  assert_int_equal(a.opts.iRepeat, 1);
  assert_int_equal(a.opts.nTimeoutS, 60);
  bench_args_free(&a);
}

/* Each sampling option sets its own field, and --help prints the defaults
** the parser uses, each beside its own option. */
static void test_sampling_options(void **state) {
  (void)state;
  bench_args a;
  char zErr[256] = "";
  const char *az[] = {"--budget-ms", "45", "--min-ms", "7", "--target", "2", "--min-reps", "12", "--reps", "100",
                      "--warmup", "4", NULL};
  if (parse(&a, zErr, sizeof zErr, az) != BENCH_ARGS_RUN) fail_msg("sampling options: %s", zErr);
  assert_true(a.opts.msBudget == 45.0);
  assert_true(a.opts.msMin == 7.0);
  assert_true(a.opts.target == 0.02);
  /* An option given sets the host-timed loops' rule too. */
  assert_true(a.opts.msHostBudget == 45.0);
  assert_true(a.opts.msHostMin == 7.0);
  assert_true(a.opts.hostTarget == 0.02);
  assert_int_equal(a.opts.nRepMin, 12);
  assert_int_equal(a.opts.nRepMax, 100);
  assert_int_equal(a.opts.nWarmup, 4);
  bench_args_free(&a);
  /* At least one sample, and none below 1: 0 and -1 are refused, naming the option. */
  const char *azZero[] = {"--min-reps", "0", NULL}, *azNeg[] = {"--min-reps", "-1", NULL};
  assert_int_equal(parse(&a, zErr, sizeof zErr, azZero), BENCH_ARGS_ERROR);
  assert_non_null(strstr(zErr, "min-reps"));
  assert_int_equal(parse(&a, zErr, sizeof zErr, azNeg), BENCH_ARGS_ERROR);
  char *z = usage_text();
  char zWant[9][96];
  snprintf(zWant[0], sizeof zWant[0], "--reps N       at most N samples per configuration (default %d)", BENCH_MAX_REPS);
  snprintf(zWant[1], sizeof zWant[1], "--min-reps N   at least N samples (default %d)", STATS_MIN_SAMPLES);
  snprintf(zWant[2], sizeof zWant[2], "--warmup N     untimed launches before timing (default 3)");
  snprintf(zWant[3], sizeof zWant[3], "(wall clock; default 10,");
  snprintf(zWant[4], sizeof zWant[4], "convergence counts (default 2,");
  snprintf(zWant[5], sizeof zWant[5], "within +-PCT%% (default 2,");
  snprintf(zWant[6], sizeof zWant[6], "host-timed loops 30)");
  snprintf(zWant[7], sizeof zWant[7], "host-timed loops 5)");
  snprintf(zWant[8], sizeof zWant[8], "host-timed loops 1; 0: exactly --reps samples)");
  for (int i = 0; i < 9; i++)
    if (!strstr(z, zWant[i])) fail_msg("usage lacks '%s':\n%s", zWant[i], z);
  free(z);
}

/* Spin until the monotonic clock has moved 0.4 ms: a host sample of a
** steady time. */
static void spin_400us(void *pCtx) {
  (void)pCtx;
  struct timespec t0, t;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  do clock_gettime(CLOCK_MONOTONIC, &t);
  while ((t.tv_sec - t0.tv_sec) * 1e3 + (t.tv_nsec - t0.tv_nsec) / 1e6 < 0.4);
}

/* A host-timed loop (bench_time_host, bench_host_sampling) keeps its own
** rule, 1%, 5 ms, 30 ms, beside the GPU's 2%, 2 ms, 10 ms: by default it
** samples at least 5 ms (the GPU's 2 ms would stop a 0.4 ms loop at its 10
** samples, 4 ms, where they agree within 2%; a loaded machine only makes
** samples longer, so the 5 ms hold on any), and an option given (--min-ms 1
** --target 50) sets its rule too. */
static void test_host_rule(void **state) {
  (void)state;
  static bench_out out;
  bench_args a;
  char zErr[256] = "";
  const char *az[] = {NULL};
  assert_int_equal(parse(&a, zErr, sizeof zErr, az), BENCH_ARGS_RUN);
  bench_config c = {.pStudy = &study, .pArgs = &a};
  gpu_sampling tGpu = bench_sampling(&c), tHost = bench_host_sampling(&c);
  assert_true(tGpu.rule.target == 0.02 && tGpu.rule.msMin == 2.0 && tGpu.rule.msCap == 10.0);
  assert_true(tHost.rule.target == 0.01 && tHost.rule.msMin == 5.0 && tHost.rule.msCap == 30.0);
  assert_int_equal(tHost.rule.nMin, STATS_MIN_SAMPLES);
  memset(&out, 0, sizeof out);
  bench_time_host(&c, spin_400us, NULL, &out);
  if (!(out.msSampling >= 5.0 && out.nRep >= 10))
    fail_msg("host loop by default: %d samples in %.2f ms (%s), want 5 ms at least", out.nRep, out.msSampling,
             out.zStop ? out.zStop : "-");
  assert_int_equal(out.bHostTimer, 1);
  bench_args_free(&a);
  const char *azSet[] = {"--min-ms", "1", "--target", "50", NULL};
  assert_int_equal(parse(&a, zErr, sizeof zErr, azSet), BENCH_ARGS_RUN);
  tHost = bench_host_sampling(&c);
  assert_true(tHost.rule.target == 0.5 && tHost.rule.msMin == 1.0 && tHost.rule.msCap == 30.0);
  bench_args_free(&a);
}

/* --flush and --mode replace the default list (not add to it), in the order
** given; --warm is --flush none, --batch is --mode batch. */
static void test_flush_and_mode_lists(void **state) {
  (void)state;
  bench_args a;
  char zErr[256] = "";
  const char *az1[] = {"--flush", "memset", "--mode=batch", NULL};
  if (parse(&a, zErr, sizeof zErr, az1) != BENCH_ARGS_RUN) fail_msg("refused: %s", zErr);
  assert_int_equal(a.opts.nFlush, 1);
  assert_int_equal(a.opts.aeFlush[0], GPU_FLUSH_MEMSET);
  assert_int_equal(a.opts.nMode, 1);
  assert_int_equal(a.opts.abBatch[0], 1);
  bench_args_free(&a);
  const char *az2[] = {"--flush", "none,clean,memset", "--mode", "batch,single", NULL};
  if (parse(&a, zErr, sizeof zErr, az2) != BENCH_ARGS_RUN) fail_msg("refused: %s", zErr);
  assert_int_equal(a.opts.nFlush, 3);
  assert_true(a.opts.aeFlush[0] == GPU_FLUSH_NONE && a.opts.aeFlush[1] == GPU_FLUSH_CLEAN &&
              a.opts.aeFlush[2] == GPU_FLUSH_MEMSET);
  assert_int_equal(a.opts.nMode, 2);
  assert_true(a.opts.abBatch[0] == 1 && a.opts.abBatch[1] == 0);
  bench_args_free(&a);
  const char *az3[] = {"--warm", "--batch", NULL};
  if (parse(&a, zErr, sizeof zErr, az3) != BENCH_ARGS_RUN) fail_msg("refused: %s", zErr);
  assert_true(a.opts.nFlush == 1 && a.opts.aeFlush[0] == GPU_FLUSH_NONE);
  assert_true(a.opts.nMode == 1 && a.opts.abBatch[0] == 1);
  bench_args_free(&a);
}

/* A registry entry as the kernel families have them: kernel_variant first. */
typedef struct {
  kernel_variant v;
  int iPayload;
} test_variant;

/* bench_variant_axis(): every key (the extra one last) is a choice and the
** default list, one "  key  description" line per variant is appended to the
** about text, and bench_variant_registry() gives the registry back. */
static void test_variant_axis(void **state) {
  (void)state;
  static const test_variant aReg[] = {{{.zKey = "first", .zDesc = "one"}, 1},
                                      {{.zKey = "second-long", .zDesc = "two"}, 2}};
  static const kernel_variant extra = {.zKey = "host", .zDesc = "three"};
  bench_axis ax = {.zName = "variant", .zHelp = "kernel"};
  char zAbout[512] = "About.\n";
  assert_int_equal(bench_variant_axis(&ax, aReg, 2, sizeof aReg[0], &extra, zAbout, sizeof zAbout), 0);
  assert_string_equal(ax.zDefault, "first,second-long,host");
  assert_non_null(ax.azChoice);
  assert_string_equal(ax.azChoice[0], "first");
  assert_string_equal(ax.azChoice[1], "second-long");
  assert_string_equal(ax.azChoice[2], "host");
  assert_null(ax.azChoice[3]);
  assert_string_equal(zAbout, "About.\n"
                              "  first        one\n"
                              "  second-long  two\n"
                              "  host         three");
  const void *pReg = NULL;
  size_t nStride = 0;
  const kernel_variant *pExtra = NULL;
  assert_int_equal(bench_variant_registry(&pReg, &nStride, &pExtra), 2);
  assert_ptr_equal(pReg, aReg);
  assert_int_equal(nStride, sizeof aReg[0]);
  assert_ptr_equal(pExtra, &extra);
}

/* bench_variant_axis() returns -1 for a registry of more than BENCH_MAX_VALS
** variants (with or without the extra one), and for an about text that does
** not fit, writing nothing past nAbout. */
static void test_variant_axis_limits(void **state) {
  (void)state;
  static test_variant aReg[BENCH_MAX_VALS + 1];
  static char azKey[BENCH_MAX_VALS + 1][8];
  for (int i = 0; i <= BENCH_MAX_VALS; i++) {
    snprintf(azKey[i], sizeof azKey[i], "k%d", i);
    aReg[i].v.zKey = azKey[i];
    aReg[i].v.zDesc = "d";
  }
  static const kernel_variant extra = {.zKey = "host", .zDesc = "h"};
  bench_axis ax = {.zName = "variant"};
  static char zAbout[BENCH_MAX_VALS * 32];
  zAbout[0] = 0;
  assert_int_equal(bench_variant_axis(&ax, aReg, BENCH_MAX_VALS, sizeof aReg[0], NULL, zAbout, sizeof zAbout), 0);
  zAbout[0] = 0;
  assert_int_equal(bench_variant_axis(&ax, aReg, BENCH_MAX_VALS + 1, sizeof aReg[0], NULL, zAbout, sizeof zAbout),
                   -1);
  zAbout[0] = 0;
  assert_int_equal(bench_variant_axis(&ax, aReg, BENCH_MAX_VALS, sizeof aReg[0], &extra, zAbout, sizeof zAbout),
                   -1);
  /* An about buffer of 8 bytes inside a larger one: only those 8 are written. */
  char zBig[256];
  memset(zBig, 'x', sizeof zBig);
  zBig[0] = 0;
  assert_int_equal(bench_variant_axis(&ax, aReg, 8, sizeof aReg[0], NULL, zBig, 8), -1);
  assert_int_equal(strlen(zBig), 7);
  for (size_t i = 8; i < sizeof zBig; i++)
    if (zBig[i] != 'x') fail_msg("byte %zu past the 8-byte buffer was written", i);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_defaults),
      cmocka_unit_test(test_axis_once),
      cmocka_unit_test(test_repeated_value),
      cmocka_unit_test(test_help_and_empty),
      cmocka_unit_test(test_unknown_and_choices),
      cmocka_unit_test(test_usage_lists_axes),
      cmocka_unit_test(test_flags),
      cmocka_unit_test(test_matrix_option),
      cmocka_unit_test(test_matrix_too_large),
      cmocka_unit_test(test_sampling_defaults),
      cmocka_unit_test(test_sampling_options),
      cmocka_unit_test(test_host_rule),
      cmocka_unit_test(test_flush_and_mode_lists),
      cmocka_unit_test(test_variant_axis),
      cmocka_unit_test(test_variant_axis_limits),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
