/*
** tests/unit/test_profile_csv.c: the reader of Nsight Compute's
** `--csv --page raw` output (experiments/harness/profile.c) on recorded text
** (tests/profile/ncu-raw.csv and inline records): quoted commas, the units
** row, n/a, ==PROF== lines, several kernels and launches per configuration;
** the split of a multi-configuration log at its marker launches; and the
** metric sets and profile options.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "experiments/harness/profile.h"
#include "kernels/marker.h"
#include "tests/unit/slurp.h"

/* The value of kernel zKernel's metric zMetric in a, or NULL. */
static const profile_value *find(const profile_value *a, int n, const char *zKernel, const char *zMetric) {
  for (int i = 0; i < n; i++)
    if (!strcmp(a[i].zKernel, zKernel) && !strcmp(a[i].zMetric, zMetric)) return &a[i];
  return NULL;
}

/* One record: quoted fields with commas, doubled quotes, an empty field. */
static void test_record(void **state) {
  (void)state;
  char zBuf[256], *az[8];
  const char *zNext;
  const char *z = "\"void k<int>(const int *, int)\",\"say \"\"hi\"\"\",,plain\nnext";
  int n = profile_csv_record(z, &zNext, zBuf, sizeof(zBuf), az, 8);
  assert_int_equal(n, 4);
  assert_string_equal(az[0], "void k<int>(const int *, int)");
  assert_string_equal(az[1], "say \"hi\"");
  assert_string_equal(az[2], "");
  assert_string_equal(az[3], "plain");
  assert_string_equal(zNext, "next");
  /* CRLF ends a record; a newline inside quotes does not. */
  n = profile_csv_record("\"a\nb\",c\r\nx", &zNext, zBuf, sizeof(zBuf), az, 8);
  assert_int_equal(n, 2);
  assert_string_equal(az[0], "a\nb");
  assert_string_equal(az[1], "c");
  assert_string_equal(zNext, "x");
  /* A buffer too small is an error, not an overflow. */
  assert_int_equal(profile_csv_record("abcdef", &zNext, zBuf, 4, az, 8), -1);
}

/* The recorded file: two kernels, one launched twice; units; n/a; separators. */
static void test_recorded(void **state) {
  (void)state;
  profile_value *a = NULL;
  char zErr[128];
  int nLaunch = 0;
  int n = profile_parse_csv(slurp("tests/profile/ncu-raw.csv"), &a, &nLaunch, zErr, sizeof(zErr));
  assert_int_equal(nLaunch, 3);
  assert_int_equal(n, 9); /* 5 metrics x 2 kernels, fold_blocks' occupancy n/a */
  const profile_value *v = find(a, n, "reduce2_kernel", "dram__bytes_read.sum");
  assert_non_null(v);
  assert_true(v->value == 67108864.0 + 1048576.0); /* .sum: launches add up */
  assert_int_equal(v->nLaunch, 2);
  assert_string_equal(v->zCombine, "sum");
  assert_string_equal(v->zUnit, "byte");
  v = find(a, n, "reduce2_kernel", "sm__warps_active.avg.pct_of_peak_sustained_active");
  assert_non_null(v);
  assert_true(v->value > 70.49 && v->value < 70.51); /* the rest: mean */
  assert_string_equal(v->zCombine, "mean");
  assert_string_equal(v->zUnit, "%");
  v = find(a, n, "reduce2_kernel", "launch__grid_size.max");
  assert_true(v && v->value == 65536 && !strcmp(v->zCombine, "max"));
  v = find(a, n, "fold_blocks", "smsp__sass_branch_targets_threads_divergent.sum");
  assert_true(v && v->value == 12 && v->nLaunch == 1 && !strcmp(v->zCombine, "one") && !strcmp(v->zUnit, ""));
  assert_null(find(a, n, "fold_blocks", "sm__warps_active.avg.pct_of_peak_sustained_active")); /* n/a */
  v = find(a, n, "fold_blocks", "gpu__time_duration.sum");
  assert_true(v && v->value == 3008 && !strcmp(v->zUnit, "nsecond"));
  free(a);
}

/* A kernel name with commas (the demangled signature) stays one field. */
static void test_kernel_with_commas(void **state) {
  (void)state;
  const char *z = "\"ID\",\"Kernel Name\",\"dram__bytes_read.sum\"\n"
                  "\"\",\"\",\"byte\"\n"
                  "\"0\",\"void k<float, 4>(const float *, float *, unsigned long)\",\"1,024\"\n";
  profile_value *a = NULL;
  char zErr[128];
  int n = profile_parse_csv(z, &a, NULL, zErr, sizeof(zErr));
  assert_int_equal(n, 1);
  assert_string_equal(a[0].zKernel, "void k<float, 4>(const float *, float *, unsigned long)");
  assert_true(a[0].value == 1024);
  free(a);
}

/* A Hopper's raw page has about 250 columns of device attributes and launch
** statistics before the metrics sorted after them (lts__, sm__, smsp__): a
** metric in column 600 is read like one in column 3. */
static void test_many_columns(void **state) {
  (void)state;
  static char z[64 * 1024];
  size_t k = (size_t)snprintf(z, sizeof(z), "\"ID\",\"Kernel Name\"");
  for (int i = 0; i < 597; i++) k += (size_t)snprintf(z + k, sizeof(z) - k, ",\"device__attribute_%03d\"", i);
  k += (size_t)snprintf(z + k, sizeof(z) - k, ",\"smsp__inst_executed.sum\"\n\"\",\"\"");
  for (int i = 0; i < 597; i++) k += (size_t)snprintf(z + k, sizeof(z) - k, ",\"\"");
  k += (size_t)snprintf(z + k, sizeof(z) - k, ",\"inst\"\n\"0\",\"k\"");
  for (int i = 0; i < 597; i++) k += (size_t)snprintf(z + k, sizeof(z) - k, ",\"%d\"", i);
  snprintf(z + k, sizeof(z) - k, ",\"4,096\"\n");
  profile_value *a = NULL;
  char zErr[128];
  int n = profile_parse_csv(z, &a, NULL, zErr, sizeof(zErr));
  assert_int_equal(n, 598);
  const profile_value *v = find(a, n, "k", "smsp__inst_executed.sum");
  assert_non_null(v);
  assert_true(v->value == 4096);
  assert_string_equal(v->zUnit, "inst");
  free(a);
}

/* No header: -1 and a reason; a header and no launch: 0 values. */
static void test_no_data(void **state) {
  (void)state;
  profile_value *a = NULL;
  char zErr[128] = "";
  assert_int_equal(profile_parse_csv("==ERROR== the user does not have permission\n", &a, NULL, zErr, sizeof(zErr)), -1);
  assert_non_null(strstr(zErr, "header"));
  assert_int_equal(profile_parse_csv("\"ID\",\"Kernel Name\",\"a__b\"\n\"\",\"\",\"x\"\n", &a, NULL, zErr, sizeof(zErr)), 0);
  free(a);
}

/* A multi-configuration log (--profile-child-keys): the header and units
** row, then per configuration its marker (grid index + 1) and its launches. */
#define SPLIT_HEAD "==PROF== Connected to process 1\n" \
  "\"ID\",\"Kernel Name\",\"Grid Size\",\"dram__bytes_read.sum\"\n" \
  "\"\",\"\",\"\",\"byte\"\n"
#define MARK(id, k) "\"" #id "\",\"" PROFILE_MARKER_KERNEL "\",\"(" #k ", 1, 1)\",\"7\"\n"

/* Markers in index order: each configuration gets the launches after its
** marker, the header and units with them; the markers are no values. */
static void test_split(void **state) {
  (void)state;
  const char *z = SPLIT_HEAD MARK(0, 1) "\"1\",\"a\",\"(8, 1, 1)\",\"1,000\"\n"
                  MARK(2, 2) "\"3\",\"a\",\"(8, 1, 1)\",\"20\"\n\"4\",\"b\",\"(1, 1, 1)\",\"30\"\n"
                  MARK(5, 3);
  char *az[3], zErr[128];
  int an[3];
  assert_int_equal(profile_split_csv(z, PROFILE_MARKER_KERNEL, 3, az, an, zErr, sizeof(zErr)), 3);
  assert_int_equal(an[0], 1);
  assert_int_equal(an[1], 2);
  assert_int_equal(an[2], 0); /* a marker and no launch: host code */
  assert_non_null(az[2]);
  profile_value *a = NULL;
  int nLaunch = 0;
  int n = profile_parse_csv(az[0], &a, &nLaunch, zErr, sizeof(zErr));
  assert_int_equal(n, 1);
  assert_int_equal(nLaunch, 1);
  assert_true(a[0].value == 1000 && !strcmp(a[0].zKernel, "a") && !strcmp(a[0].zUnit, "byte"));
  free(a);
  n = profile_parse_csv(az[1], &a, &nLaunch, zErr, sizeof(zErr));
  assert_int_equal(n, 2);
  assert_int_equal(nLaunch, 2);
  assert_true(find(a, n, "a", "dram__bytes_read.sum")->value == 20);
  assert_true(find(a, n, "b", "dram__bytes_read.sum")->value == 30);
  assert_null(find(a, n, PROFILE_MARKER_KERNEL, "dram__bytes_read.sum"));
  free(a);
  assert_int_equal(profile_parse_csv(az[2], &a, &nLaunch, zErr, sizeof(zErr)), 0);
  free(a);
  for (int i = 0; i < 3; i++) free(az[i]);
}

/* A missing marker leaves its configuration NULL (its launches are nowhere);
** a marker of no configuration takes its launches with it; launches before
** the first marker belong to none; a demangled marker name counts; a marker
** seen again continues its segment. */
static void test_split_missing(void **state) {
  (void)state;
  const char *z = SPLIT_HEAD "\"0\",\"early\",\"(1, 1, 1)\",\"5\"\n"
                  "\"1\",\"" PROFILE_MARKER_KERNEL "()\",\"(1, 1, 1)\",\"7\"\n\"2\",\"a\",\"(8, 1, 1)\",\"1\"\n"
                  MARK(3, 9) "\"4\",\"stray\",\"(8, 1, 1)\",\"2\"\n"
                  MARK(5, 3) "\"6\",\"c\",\"(8, 1, 1)\",\"3\"\n"
                  MARK(7, 1) "\"8\",\"a2\",\"(8, 1, 1)\",\"4\"\n";
  char *az[3], zErr[128];
  int an[3];
  assert_int_equal(profile_split_csv(z, PROFILE_MARKER_KERNEL, 3, az, an, zErr, sizeof(zErr)), 2);
  assert_null(az[1]);
  assert_int_equal(an[1], 0);
  assert_int_equal(an[0], 2);
  assert_int_equal(an[2], 1);
  assert_null(strstr(az[0], "early"));
  assert_null(strstr(az[0], "stray"));
  assert_null(strstr(az[2], "stray"));
  assert_non_null(strstr(az[0], "a2"));
  assert_non_null(strstr(az[2], "\"c\""));
  free(az[0]);
  free(az[2]);
  /* No header: 0 (ncu profiled nothing); no Grid Size column: -1. */
  assert_int_equal(profile_split_csv("==WARNING== No kernels were profiled.\n", PROFILE_MARKER_KERNEL, 3, az, an,
                                     zErr, sizeof(zErr)), 0);
  assert_null(az[0]);
  assert_int_equal(profile_split_csv("\"ID\",\"Kernel Name\",\"a__b\"\n\"0\",\"k\",\"1\"\n", PROFILE_MARKER_KERNEL, 3,
                                     az, an, zErr, sizeof(zErr)), -1);
  assert_non_null(strstr(zErr, "Grid Size"));
}

/* Metric sets exist where the views expect them; options are taken out of argv. */
static void test_sets_and_args(void **state) {
  (void)state;
  const char *azSet[] = {"sectors", "local", "reduce", "constant"};
  for (size_t i = 0; i < sizeof(azSet) / sizeof(azSet[0]); i++) {
    const profile_set *p = profile_find_set(azSet[i]);
    assert_non_null(p);
    assert_non_null(strstr(p->zMetrics, "gpu__time_duration.sum"));
  }
  assert_null(profile_find_set("nope"));
  char *argv[] = {"x", "--n", "4", "--profile", "reduce", "--db", "d", NULL};
  int argc = 7;
  profile_opts o;
  char zErr[128];
  assert_int_equal(profile_take_args(&argc, argv, &o, zErr, sizeof(zErr)), 0);
  assert_int_equal(argc, 5);
  assert_string_equal(o.zSet, "reduce");
  assert_string_equal(argv[3], "--db");
  assert_null(argv[5]);
  char *argv2[] = {"x", "--profile", "nope", NULL};
  argc = 3;
  assert_int_equal(profile_take_args(&argc, argv2, &o, zErr, sizeof(zErr)), -1);
  char *argv3[] = {"x", "--profile", NULL};
  argc = 2;
  assert_int_equal(profile_take_args(&argc, argv3, &o, zErr, sizeof(zErr)), -1);
  char *argv4[] = {"x", "--resources", "--profile", "reduce", NULL};
  argc = 4;
  assert_int_equal(profile_take_args(&argc, argv4, &o, zErr, sizeof(zErr)), -1);
  /* --profile-child-keys FILE: a child, alone (zChildKey, another option, not set). */
  char *argv5[] = {"x", "--profile-child-keys", "/tmp/k", "--n", "1", NULL};
  argc = 5;
  assert_int_equal(profile_take_args(&argc, argv5, &o, zErr, sizeof(zErr)), 0);
  assert_int_equal(argc, 3);
  assert_string_equal(o.zChildKeys, "/tmp/k");
  assert_null(o.zChildKey);
  char *argv6[] = {"x", "--profile-child-keys", "/tmp/k", "--profile-child", "n=1", NULL};
  argc = 5;
  assert_int_equal(profile_take_args(&argc, argv6, &o, zErr, sizeof(zErr)), -1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_record),
      cmocka_unit_test(test_recorded),
      cmocka_unit_test(test_kernel_with_commas),
      cmocka_unit_test(test_many_columns),
      cmocka_unit_test(test_no_data),
      cmocka_unit_test(test_split),
      cmocka_unit_test(test_split_missing),
      cmocka_unit_test(test_sets_and_args),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
