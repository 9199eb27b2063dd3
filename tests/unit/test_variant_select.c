/*
** tests/unit/test_variant_select.c: the variant axis's selector (`--variant
** all,-FLAG,...`, experiments/harness/args.c) and the reduction matrix's
** lines for every variant (experiments/reduce/reduce.matrix), which select
** by the registry's flags (kernels/reduce.cu) and name no variant:
**   - every line of the matrix that selects with `all` picks, from the
**     variants 9a648ea had (c6ebdf6's and cub32), exactly the ones its
**     explicit list named then (the measured set is unchanged), and every
**     later variant unless its flags leave it out;
**   - a test-only registry, the reduction's entries plus one new entry with
**     no flag, gets the new variant into the block sweep and the batch line
**     with no matrix edit; flagged own-sweep it leaves the block sweep,
**     flagged no-batch the batch line;
**   - the selector's refusals: a key beside `all`, `all` not first, an
**     unknown or repeated flag, nothing left; a flag name alone is no key.
** Runs from the repository root (make test does): it reads the matrix file.
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
#include "kernels/reduce.h"

#define MATRIX "experiments/reduce/reduce.matrix"

/* The reduction's host loop, as experiments/reduce/reduce.c registers it. */
static const kernel_variant cpuSerial = {"cpu-serial", "the seed's single-thread host loop", "", "host baseline",
                                         VARIANT_HOST, "none"};

/* The explicit lists 9a648ea's matrix named, for its lines 2 and 4 (the
** block sweep and the batch line: c6ebdf6's, cub32 added to the batch line
** beside cub), and every variant its registry had. */
static const char zOldBlock[] =
    ",neighbored,neighbored-less-divergence,interleaved,unroll2,unroll4,unroll8,unroll-warps8,complete-unroll-warps8,"
    "complete-unroll-template,warp-shuffle,vectorized,single-pass,tma-bulk,";
static const char zOldBatch[] =
    ",neighbored,neighbored-less-divergence,interleaved,unroll2,unroll4,unroll8,unroll-warps8,complete-unroll-warps8,"
    "complete-unroll-template,warp-shuffle,vectorized,single-pass,one-launch,small-n,cub,cub32,";
static const char zOldAll[] =
    ",neighbored,neighbored-less-divergence,interleaved,unroll2,unroll4,unroll8,unroll-warps8,complete-unroll-warps8,"
    "complete-unroll-template,warp-shuffle,vectorized,single-pass,inflight,tma-bulk,one-launch,one-launch-det,small-n,"
    "no-combine,cub,cub32,cpu-serial,";

static bench_axis aAxis[1];
static char zAbout[8192];
static const bench_study study = {.zStudy = "reduce", .zBinary = "reduce", .zAbout = zAbout, .aAxis = aAxis,
                                  .nAxis = 1};

/* Make the stand-in study's variant axis from a registry of n entries. */
static void use_registry(const reduce_variant *aReg, int n) {
  zAbout[0] = 0;
  aAxis[0] = (bench_axis){.zName = "variant", .zHelp = "kernel variant"};
  assert_int_equal(bench_variant_axis(&aAxis[0], aReg, n, sizeof(aReg[0]), &cpuSerial, zAbout, sizeof zAbout), 0);
}

/* `--variant zList` on the stand-in study: the selected keys as ",a,b,", or
** NULL with the reason in zErr. */
static char *select_list(const char *zList, char *zErr, size_t nErr) {
  static char zOut[4096];
  bench_args a;
  char *argv[] = {"reduce", "--variant", (char *)zList, NULL};
  if (bench_parse_args(&study, 3, argv, &a, zErr, nErr) != BENCH_ARGS_RUN) {
    bench_args_free(&a);
    return NULL;
  }
  size_t k = (size_t)snprintf(zOut, sizeof zOut, ",");
  for (int i = 0; i < a.aVals[0].nVal; i++) k += (size_t)snprintf(zOut + k, sizeof zOut - k, "%s,", a.aVals[0].azVal[i]);
  bench_args_free(&a);
  return zOut;
}

/* The --variant value of the matrix's line that holds zMark (its first
** such line), into z. */
static void matrix_selector(const char *zMark, char *z, size_t nz) {
  char zLine[4096];
  FILE *f = fopen(MATRIX, "r");
  if (!f) fail_msg("cannot open %s (run from the repository root)", MATRIX);
  z[0] = 0;
  while (fgets(zLine, sizeof zLine, f)) {
    if (zLine[0] == '#' || !strstr(zLine, zMark)) continue;
    const char *p = strstr(zLine, "--variant ");
    if (!p) break;
    p += strlen("--variant ");
    size_t n = strcspn(p, " \t\n");
    if (n >= nz) n = nz - 1;
    memcpy(z, p, n);
    z[n] = 0;
    break;
  }
  fclose(f);
  if (!z[0]) fail_msg("%s: no line with '%s' and --variant", MATRIX, zMark);
}

/* ",key," is in the list zList (",a,b,"). */
static int has(const char *zList, const char *zKey) {
  char z[256];
  snprintf(z, sizeof z, ",%s,", zKey);
  return strstr(zList, z) != NULL;
}

/* The two lines for every variant select with `all` and name no variant. */
static void test_matrix_names_none(void **state) {
  (void)state;
  char zBlock[512], zBatch[512];
  matrix_selector("--block 256,64,128,512,1024", zBlock, sizeof zBlock);
  matrix_selector("--mode batch", zBatch, sizeof zBatch);
  assert_int_equal(strncmp(zBlock, "all", 3), 0);
  assert_int_equal(strncmp(zBatch, "all", 3), 0);
  for (int i = 0; i < reduce_nvariant; i++) {
    char z[256];
    snprintf(z, sizeof z, ",%s", reduce_variants[i].v.zKey);
    if (strstr(zBlock, z) || strstr(zBatch, z)) fail_msg("%s names variant %s", MATRIX, reduce_variants[i].v.zKey);
  }
}

/* With the real registry the lines pick, of the variants 9a648ea had,
** exactly the ones 9a648ea listed, in registry order; a later variant is in
** unless its flags leave it out. */
static void test_matrix_same_set(void **state) {
  (void)state;
  char zErr[256] = "", zBlock[512], zBatch[512];
  use_registry(reduce_variants, reduce_nvariant);
  matrix_selector("--block 256,64,128,512,1024", zBlock, sizeof zBlock);
  matrix_selector("--mode batch", zBatch, sizeof zBatch);
  char *zGot = select_list(zBlock, zErr, sizeof zErr);
  if (!zGot) fail_msg("block sweep '%s' refused: %s", zBlock, zErr);
  char zGotBlock[4096];
  snprintf(zGotBlock, sizeof zGotBlock, "%s", zGot);
  zGot = select_list(zBatch, zErr, sizeof zErr);
  if (!zGot) fail_msg("batch line '%s' refused: %s", zBatch, zErr);
  char zGotBatch[4096];
  snprintf(zGotBatch, sizeof zGotBatch, "%s", zGot);
  for (int i = 0; i <= reduce_nvariant; i++) {
    const kernel_variant *v = i < reduce_nvariant ? &reduce_variants[i].v : &cpuSerial;
    int bOld = has(zOldAll, v->zKey);
    int bWantBlock = bOld ? has(zOldBlock, v->zKey)
                          : !(v->mFlags & (VARIANT_HOST | VARIANT_BOUND | VARIANT_NO_BLOCK | VARIANT_OWN_SWEEP));
    int bWantBatch = bOld ? has(zOldBatch, v->zKey) : !(v->mFlags & (VARIANT_HOST | VARIANT_BOUND | VARIANT_NO_BATCH));
    if (has(zGotBlock, v->zKey) != bWantBlock)
      fail_msg("block sweep: %s %s, want %s", v->zKey, bWantBlock ? "left out" : "selected", bWantBlock ? "in" : "out");
    if (has(zGotBatch, v->zKey) != bWantBatch)
      fail_msg("batch line: %s %s, want %s", v->zKey, bWantBatch ? "left out" : "selected", bWantBatch ? "in" : "out");
  }
  /* Registry order, as 9a648ea listed them (with no variant added since). */
  if (reduce_nvariant == 20) {
    assert_string_equal(zGotBlock, zOldBlock);
    assert_string_equal(zGotBatch, zOldBatch);
  }
}

/* A new variant is one registry line: it joins the block sweep and the batch
** line by itself; its flags take it out of one or the other. */
static void test_new_variant_joins(void **state) {
  (void)state;
  static reduce_variant aReg[64];
  char zErr[256] = "", zBlock[512], zBatch[512];
  assert_true(reduce_nvariant + 1 <= (int)(sizeof aReg / sizeof aReg[0]));
  matrix_selector("--block 256,64,128,512,1024", zBlock, sizeof zBlock);
  matrix_selector("--mode batch", zBatch, sizeof zBatch);
  const unsigned amFlags[] = {0, VARIANT_TUNED, VARIANT_OWN_SWEEP, VARIANT_NO_BATCH, VARIANT_NO_BLOCK, VARIANT_BOUND};
  for (size_t k = 0; k < sizeof amFlags / sizeof amFlags[0]; k++) {
    unsigned m = amFlags[k];
    memcpy(aReg, reduce_variants, (size_t)reduce_nvariant * sizeof aReg[0]);
    aReg[reduce_nvariant] = reduce_variants[0];
    aReg[reduce_nvariant].v.zKey = "test-new";
    aReg[reduce_nvariant].v.mFlags = m;
    use_registry(aReg, reduce_nvariant + 1);
    char *z = select_list(zBlock, zErr, sizeof zErr);
    if (!z) fail_msg("refused: %s", zErr);
    int bWant = !(m & (VARIANT_NO_BLOCK | VARIANT_BOUND | VARIANT_OWN_SWEEP));
    if (has(z, "test-new") != bWant) fail_msg("block sweep, flags 0x%x: test-new %s", m, bWant ? "missing" : "selected");
    z = select_list(zBatch, zErr, sizeof zErr);
    if (!z) fail_msg("refused: %s", zErr);
    bWant = !(m & (VARIANT_BOUND | VARIANT_NO_BATCH));
    if (has(z, "test-new") != bWant) fail_msg("batch line, flags 0x%x: test-new %s", m, bWant ? "missing" : "selected");
    /* A plain new variant comes last, after the registry's last entry. */
    char zTail[256];
    snprintf(zTail, sizeof zTail, ",%s,test-new,", reduce_variants[reduce_nvariant - 1].v.zKey);
    if (m == 0) assert_non_null(strstr(z, zTail));
  }
}

/* `all` alone is every variant in registry order, the host loop last. */
static void test_all(void **state) {
  (void)state;
  char zErr[256] = "";
  use_registry(reduce_variants, reduce_nvariant);
  char *z = select_list("all", zErr, sizeof zErr);
  if (!z) fail_msg("refused: %s", zErr);
  if (reduce_nvariant == 20) assert_string_equal(z, zOldAll);
  z = select_list("all,-host", zErr, sizeof zErr);
  assert_non_null(z);
  assert_false(has(z, "cpu-serial"));
  assert_true(has(z, "cub"));
}

/* Refusals, each with its reason; names without `all` stay keys. */
static void test_refusals(void **state) {
  (void)state;
  char zErr[256] = "";
  use_registry(reduce_variants, reduce_nvariant);
  const struct { const char *zList, *zWhy; } a[] = {
      {"all,cub", "only -FLAG"},          {"cub,all", "'all' comes first"},
      {"all,-nosuch", "only -FLAG"},      {"all,-host,-host", "twice"},
      {"all,-", "only -FLAG"},            {"-host", "unknown value"},
      {"all,-host,all", "only -FLAG"},    {"host", "unknown value"},
  };
  for (size_t i = 0; i < sizeof a / sizeof a[0]; i++) {
    zErr[0] = 0;
    if (select_list(a[i].zList, zErr, sizeof zErr)) fail_msg("'%s' accepted", a[i].zList);
    if (!strstr(zErr, a[i].zWhy)) fail_msg("'%s': '%s' does not say '%s'", a[i].zList, zErr, a[i].zWhy);
  }
  /* A selector that leaves nothing: a registry whose one entry is flagged. */
  static reduce_variant aOne[1];
  aOne[0] = reduce_variants[0];
  aOne[0].v.mFlags = VARIANT_OWN_SWEEP;
  zAbout[0] = 0;
  aAxis[0] = (bench_axis){.zName = "variant", .zHelp = "kernel variant"};
  assert_int_equal(bench_variant_axis(&aAxis[0], aOne, 1, sizeof aOne[0], NULL, zAbout, sizeof zAbout), 0);
  assert_null(select_list("all,-own-sweep", zErr, sizeof zErr));
  assert_non_null(strstr(zErr, "leaves no variant"));
}

/* Every flag has a name the selector takes, and no key is `all` or starts
** with '-' (either would read as a selector). */
static void test_flag_names(void **state) {
  (void)state;
  unsigned mAll = 0, m = 0;
  for (int i = 0; variant_flag_name(i, &m); i++) {
    assert_int_equal(variant_flag_bit(variant_flag_name(i, NULL)), m);
    assert_int_equal(mAll & m, 0);
    mAll |= m;
  }
  assert_int_equal(variant_flag_bit("no-such-flag"), 0);
  assert_int_equal(variant_flag_bit(NULL), 0);
  for (int i = 0; i < reduce_nvariant; i++) {
    assert_string_not_equal(reduce_variants[i].v.zKey, "all");
    assert_true(reduce_variants[i].v.zKey[0] != '-');
  }
}

/* --help names the selector and its flags. */
static void test_help(void **state) {
  (void)state;
  char *zBuf = NULL;
  size_t nBuf = 0;
  use_registry(reduce_variants, reduce_nvariant);
  FILE *f = open_memstream(&zBuf, &nBuf);
  assert_non_null(f);
  bench_usage(&study, f);
  fclose(f);
  assert_non_null(strstr(zBuf, "or all (every variant), then -FLAG"));
  assert_non_null(strstr(zBuf, " own-sweep"));
  assert_non_null(strstr(zBuf, " no-batch"));
  free(zBuf);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_matrix_names_none), cmocka_unit_test(test_matrix_same_set),
      cmocka_unit_test(test_new_variant_joins), cmocka_unit_test(test_all),
      cmocka_unit_test(test_refusals),          cmocka_unit_test(test_flag_names),
      cmocka_unit_test(test_help),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
