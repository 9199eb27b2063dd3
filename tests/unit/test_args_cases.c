/*
** tests/unit/test_args_cases.c: bench_parse_args() (experiments/harness/args.c)
** on a small study of its own, on cases `make mutate` found unchecked: the
** documented defaults, an axis given once, a value repeated anywhere in a list
** (and only then), -h and --help, an empty argument, an unknown option, a
** shared option, names that are not choices, the usage text.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/harness/bench.h"

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

/* --help lists every axis with its help, default and choices. */
static void test_usage_lists_axes(void **state) {
  (void)state;
  char *z = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&z, &n);
  assert_non_null(f);
  bench_usage(&study, f);
  fclose(f);
  const char *azWant[] = {"Usage: t [options]", "a test study", "--n", "size", "default: 4,8", "--v", "variant",
                          "default: a", "one of: a b c", "--reps"};
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

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_defaults),
      cmocka_unit_test(test_axis_once),
      cmocka_unit_test(test_repeated_value),
      cmocka_unit_test(test_help_and_empty),
      cmocka_unit_test(test_unknown_and_choices),
      cmocka_unit_test(test_usage_lists_axes),
      cmocka_unit_test(test_flags),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
