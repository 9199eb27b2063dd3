/*
** tests/unit/test_reduce_input.c: the reduction study's kept inputs
** (experiments/reduce/reduce_input.c): each input holds the seed's values and
** its references; a second request is answered from what was kept; under a
** small cap the least recently used input is dropped first (a use counts),
** and one made
** again (also into a dropped buffer of the other dtype) has the same values
** and references; an input above the cap is still made, and held alone; the
** default cap of machines of 8 to 512 GiB and of unknown memory; the
** references are computed only when asked (a verification), once per input
** kept, and a trial that asks for none computes none (the counter).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "experiments/harness/rng.h"
#include "experiments/reduce/reduce_input.h"
#include "experiments/reduce/ref_reduce.h"
#include "kernels/reduce.h"

/* Inputs made, kept-answers and references computed so far. */
static long long made(void) {
  long long n = -1;
  reduce_input_counts(&n, NULL, NULL);
  return n;
}
static long long kept(void) {
  long long n = -1;
  reduce_input_counts(NULL, &n, NULL);
  return n;
}
static long long refs(void) {
  long long n = -1;
  reduce_input_counts(NULL, NULL, &n);
  return n;
}

/* p is the input of (eType, n): the seed's values written out here, and
** the references of ref_reduce.h over them (computed: p->bRef). */
static void assert_input(const reduce_input *p, int eType, size_t n) {
  assert_non_null(p);
  assert_int_equal(p->eType, eType);
  assert_int_equal(p->n, n);
  assert_int_equal(p->bRef, 1);
  const uint64_t iSeed = 0x5eed0003u + n * 2 + (uint64_t)eType;
  if (eType == REDUCE_I32) {
    const int32_t *a = p->pHost;
    for (size_t i = 0; i < n; i++)
      if (a[i] != (int32_t)(rng_at(iSeed, i) & 7)) fail_msg("int32 n=%zu: element %zu is %d", n, i, (int)a[i]);
    assert_true(p->iRef == ref_reduce_i32(a, n));
  } else {
    const float *a = p->pHost;
    for (size_t i = 0; i < n; i++) {
      const float want = 2.0f * rng_float_at(iSeed, i) - 1.0f;
      if (memcmp(&a[i], &want, 4)) fail_msg("float32 n=%zu: element %zu is %.9g", n, i, a[i]);
    }
    double sumAbs;
    const double sum = ref_reduce_f32(a, n, &sumAbs);
    assert_memory_equal(&p->dRef, &sum, sizeof(double));
    assert_memory_equal(&p->dSumAbs, &sumAbs, sizeof(double));
  }
}

/* Reset to an empty store under cap nBytes. */
static int fresh(void **state) {
  (void)state;
  reduce_input_clear();
  reduce_input_set_cap(0);
  return 0;
}

/* Values and references; the second request is answered from the store. */
static void test_values_and_keep(void **state) {
  (void)state;
  const size_t an[] = {1, 7, 1000, 70000};
  for (int e = REDUCE_I32; e <= REDUCE_F32; e++)
    for (size_t k = 0; k < sizeof(an) / sizeof(an[0]); k++) {
      const long long nMade = made(), nKept = kept();
      assert_input(reduce_input_get(e, an[k], 1), e, an[k]);
      assert_int_equal(made(), nMade + 1);
      const reduce_input *p = reduce_input_get(e, an[k], 1);
      assert_input(p, e, an[k]);
      assert_int_equal(made(), nMade + 1);
      assert_int_equal(kept(), nKept + 1);
    }
}

/* Under a cap of three 4096-element inputs: the least recently used goes
** first, and what is made again is the same. */
static void test_drop_and_remake(void **state) {
  (void)state;
  const size_t N = 4096;
  reduce_input_set_cap(3 * N * 4);
  assert_input(reduce_input_get(REDUCE_I32, N, 1), REDUCE_I32, N);     /* A */
  assert_input(reduce_input_get(REDUCE_F32, N, 1), REDUCE_F32, N);     /* B */
  assert_input(reduce_input_get(REDUCE_I32, N + 1, 1), REDUCE_I32, N + 1); /* C */
  /* C is 4 bytes over the room left: A (least recently used) was dropped to
  ** fit it; B and C stay. */
  long long nMade = made();
  assert_input(reduce_input_get(REDUCE_F32, N, 1), REDUCE_F32, N);
  assert_input(reduce_input_get(REDUCE_I32, N + 1, 1), REDUCE_I32, N + 1);
  assert_int_equal(made(), nMade);
  /* A again: made anew (B is now the oldest and goes), same values. */
  assert_input(reduce_input_get(REDUCE_I32, N, 1), REDUCE_I32, N);
  assert_int_equal(made(), nMade + 1);
  assert_input(reduce_input_get(REDUCE_F32, N, 1), REDUCE_F32, N);
  assert_int_equal(made(), nMade + 2);
  /* Under a cap of one input, the two dtypes of one n take turns in one
  ** buffer: each is made again with its own values. */
  reduce_input_set_cap(N * 4);
  for (int r = 0; r < 3; r++) {
    assert_input(reduce_input_get(REDUCE_I32, N, 1), REDUCE_I32, N);
    assert_input(reduce_input_get(REDUCE_F32, N, 1), REDUCE_F32, N);
  }
}

/* A request answered from the store makes that input the most recently used:
** under a cap of two, A, B, A again, then C drops B, not A. */
static void test_use_refreshes(void **state) {
  (void)state;
  const size_t N = 1024;
  reduce_input_set_cap(2 * N * 4);
  assert_input(reduce_input_get(REDUCE_I32, N, 1), REDUCE_I32, N);
  assert_input(reduce_input_get(REDUCE_F32, N, 1), REDUCE_F32, N);
  const long long nTwo = made(); /* A and B fill the cap exactly: both kept */
  assert_input(reduce_input_get(REDUCE_I32, N, 1), REDUCE_I32, N);
  assert_int_equal(made(), nTwo);
  assert_input(reduce_input_get(REDUCE_I32, N - 1, 1), REDUCE_I32, N - 1);
  const long long nMade = made();
  assert_input(reduce_input_get(REDUCE_I32, N, 1), REDUCE_I32, N);
  assert_int_equal(made(), nMade);
  assert_input(reduce_input_get(REDUCE_F32, N, 1), REDUCE_F32, N);
  assert_int_equal(made(), nMade + 1);
  /* Kept now: I32 N and F32 N. Used in the order F32 N, I32 N, a new I32
  ** N-1 drops F32 N (the least recently used, though both were used again
  ** and again); F32 N again drops I32 N, not the newer I32 N-1. */
  assert_input(reduce_input_get(REDUCE_F32, N, 1), REDUCE_F32, N);
  assert_input(reduce_input_get(REDUCE_I32, N, 1), REDUCE_I32, N);
  assert_input(reduce_input_get(REDUCE_I32, N - 1, 1), REDUCE_I32, N - 1);
  const long long nLater = made();
  assert_input(reduce_input_get(REDUCE_I32, N - 1, 1), REDUCE_I32, N - 1);
  assert_int_equal(made(), nLater);
  assert_input(reduce_input_get(REDUCE_F32, N, 1), REDUCE_F32, N);
  assert_int_equal(made(), nLater + 1);
}

/* A cap one byte short of two inputs holds one; reduce_input_clear() drops
** every kept input (each is made again after it). */
static void test_cap_and_clear(void **state) {
  (void)state;
  const size_t N = 512;
  reduce_input_set_cap(2 * N * 4 - 1);
  assert_input(reduce_input_get(REDUCE_I32, N, 1), REDUCE_I32, N);
  assert_input(reduce_input_get(REDUCE_F32, N, 1), REDUCE_F32, N);
  long long nMade = made();
  assert_input(reduce_input_get(REDUCE_I32, N, 1), REDUCE_I32, N);
  assert_int_equal(made(), nMade + 1);
  reduce_input_set_cap(0);
  for (size_t n = 1; n <= 5; n++) assert_input(reduce_input_get(REDUCE_F32, n, 1), REDUCE_F32, n);
  reduce_input_clear();
  nMade = made();
  for (size_t n = 1; n <= 5; n++) assert_input(reduce_input_get(REDUCE_F32, n, 1), REDUCE_F32, n);
  assert_int_equal(made(), nMade + 5);
}

/* The default cap: positive, at most REDUCE_INPUT_CAP_MAX and at most an
** eighth of this machine's memory. */
static void test_default_cap(void **state) {
  (void)state;
  const size_t nCap = reduce_input_default_cap();
  const long nPages = sysconf(_SC_PHYS_PAGES), nPage = sysconf(_SC_PAGESIZE);
  assert_true(nCap > 0);
  assert_true(nCap <= REDUCE_INPUT_CAP_MAX);
  if (nPages > 0 && nPage > 0) {
    const size_t nEighth = (size_t)nPages / 8 * (size_t)nPage;
    assert_true(nCap <= nEighth);
    assert_true(nCap == nEighth || nCap == REDUCE_INPUT_CAP_MAX);
    assert_int_equal(nCap, reduce_input_cap_for((unsigned long long)nPages / 8 * 8 * (unsigned long long)nPage));
  } else {
    assert_int_equal(nCap, reduce_input_cap_for(0));
  }
}

/* The cap of a machine of a given memory: an eighth of it below 48 GiB, 6 GiB
** (REDUCE_INPUT_CAP_MAX) from there on, 1 GiB when the memory is unknown (0),
** whatever this machine has. */
static void test_cap_for(void **state) {
  (void)state;
  const unsigned long long nGiB = 1ull << 30;
  assert_int_equal(REDUCE_INPUT_CAP_MAX, 6 * nGiB);
  assert_int_equal(reduce_input_cap_for(8 * nGiB), nGiB);
  const unsigned long long n4799 = 4799 * nGiB / 100; /* 47.99 GiB */
  assert_int_equal(reduce_input_cap_for(n4799), n4799 / 8);
  assert_true(n4799 / 8 < 6 * nGiB);
  assert_int_equal(reduce_input_cap_for(48 * nGiB - 8), 6 * nGiB - 1);
  assert_int_equal(reduce_input_cap_for(48 * nGiB), 6 * nGiB);
  assert_int_equal(reduce_input_cap_for(49 * nGiB), 6 * nGiB);
  assert_int_equal(reduce_input_cap_for(512 * nGiB), 6 * nGiB);
  assert_int_equal(reduce_input_cap_for(0), nGiB);
  assert_int_equal(reduce_input_cap_for(8), 1);
}

/* An input larger than the cap is made and held alone; the next small one
** drops it. */
static void test_over_cap(void **state) {
  (void)state;
  reduce_input_set_cap(1000 * 4);
  assert_input(reduce_input_get(REDUCE_F32, 10, 1), REDUCE_F32, 10);
  assert_input(reduce_input_get(REDUCE_I32, 5000, 1), REDUCE_I32, 5000);
  const long long nMade = made();
  assert_input(reduce_input_get(REDUCE_F32, 10, 1), REDUCE_F32, 10);
  assert_int_equal(made(), nMade + 1);
  assert_input(reduce_input_get(REDUCE_I32, 5000, 1), REDUCE_I32, 5000);
  assert_int_equal(made(), nMade + 2);
}

/* More distinct inputs than the store has slots: each still correct, the
** last REDUCE_INPUT_NSLOT of them kept (every slot used), the one before
** them not. */
static void test_many(void **state) {
  (void)state;
  const size_t nLast = 200, nFirstKept = nLast - REDUCE_INPUT_NSLOT + 1;
  for (size_t n = 1; n <= nLast; n++) assert_input(reduce_input_get(REDUCE_I32, n, 1), REDUCE_I32, n);
  const long long nMade = made();
  for (size_t n = nFirstKept; n <= nLast; n++) assert_input(reduce_input_get(REDUCE_I32, n, 1), REDUCE_I32, n);
  assert_int_equal(made(), nMade);
  assert_input(reduce_input_get(REDUCE_I32, nFirstKept - 1, 1), REDUCE_I32, nFirstKept - 1);
  assert_int_equal(made(), nMade + 1);
}

/* p holds the seed's values of (eType, n) and no references yet (bRef 0,
** the sums untouched: zero). */
static void assert_values_only(const reduce_input *p, int eType, size_t n) {
  assert_non_null(p);
  assert_int_equal(p->eType, eType);
  assert_int_equal(p->n, n);
  assert_int_equal(p->bRef, 0);
  assert_true(p->iRef == 0 && p->dRef == 0 && p->dSumAbs == 0);
  const uint64_t iSeed = 0x5eed0003u + n * 2 + (uint64_t)eType;
  for (size_t i = 0; i < n; i++) {
    if (eType == REDUCE_I32 && ((const int32_t *)p->pHost)[i] != (int32_t)(rng_at(iSeed, i) & 7))
      fail_msg("int32 n=%zu: element %zu", n, i);
    const float want = 2.0f * rng_float_at(iSeed, i) - 1.0f;
    if (eType == REDUCE_F32 && memcmp(&((const float *)p->pHost)[i], &want, 4))
      fail_msg("float32 n=%zu: element %zu", n, i);
  }
}

/* References on demand: an input asked for without them has none and
** computes none; the first request that asks computes them (exact, as
** ref_reduce.h's), once; a later request without them keeps them; an input
** dropped and made again has none until asked. A trial that verifies nothing
** (every request without references, as reduce.c makes them when
** bench_config.bVerified) computes no reference at all. */
static void test_reference_on_demand(void **state) {
  (void)state;
  const size_t an[] = {1, 1000, 70000};
  for (int e = REDUCE_I32; e <= REDUCE_F32; e++)
    for (size_t k = 0; k < sizeof(an) / sizeof(an[0]); k++) {
      const size_t n = an[k];
      const long long nRef = refs(), nMade = made();
      assert_values_only(reduce_input_get(e, n, 0), e, n);
      assert_values_only(reduce_input_get(e, n, 0), e, n);
      assert_int_equal(refs(), nRef);
      assert_int_equal(made(), nMade + 1);
      assert_input(reduce_input_get(e, n, 1), e, n); /* kept: the same input, now summed */
      assert_int_equal(made(), nMade + 1);
      assert_int_equal(refs(), nRef + 1);
      assert_input(reduce_input_get(e, n, 1), e, n);
      assert_input(reduce_input_get(e, n, 0), e, n);
      assert_int_equal(refs(), nRef + 1);
    }
  /* Dropped and made again: no references until asked. */
  const size_t N = 4096;
  reduce_input_set_cap(N * 4);
  assert_input(reduce_input_get(REDUCE_I32, N, 1), REDUCE_I32, N);
  assert_values_only(reduce_input_get(REDUCE_F32, N, 0), REDUCE_F32, N);
  assert_values_only(reduce_input_get(REDUCE_I32, N, 0), REDUCE_I32, N);
  long long nRef = refs();
  assert_input(reduce_input_get(REDUCE_I32, N, 1), REDUCE_I32, N);
  assert_int_equal(refs(), nRef + 1);
  /* A later trial's process: every input of reduce.matrix's sizes, none verified. */
  reduce_input_clear();
  reduce_input_set_cap(0);
  nRef = refs();
  const long long nMade = made();
  for (int e = REDUCE_I32; e <= REDUCE_F32; e++)
    for (size_t n = 1024; n <= (size_t)1 << 18; n *= 2) assert_values_only(reduce_input_get(e, n, 0), e, n);
  assert_int_equal(made(), nMade + 18);
  assert_int_equal(refs(), nRef);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(test_values_and_keep, fresh),
      cmocka_unit_test_setup(test_drop_and_remake, fresh),
      cmocka_unit_test_setup(test_use_refreshes, fresh),
      cmocka_unit_test_setup(test_cap_and_clear, fresh),
      cmocka_unit_test_setup(test_over_cap, fresh),
      cmocka_unit_test_setup(test_many, fresh),
      cmocka_unit_test_setup(test_default_cap, fresh),
      cmocka_unit_test_setup(test_cap_for, fresh),
      cmocka_unit_test_setup(test_reference_on_demand, fresh),
  };
  const int rc = cmocka_run_group_tests(tests, NULL, NULL);
  reduce_input_clear();
  return rc;
}
