/*
** tests/unit/test_stencil_ref.c: what the stencil study relies on without a
** GPU: ref_stencil() (experiments/stencil/ref_stencil.c) against values computed by
** hand (borders included), against a constant image, a pitch wider than the
** width, its rejection of bad arguments; the registry (check_registry.h),
** the requested bytes of stencil_traffic() and the argument checks of
** stencil_launch() and stencil_texture_create(), which return
** cudaErrorInvalidValue before any CUDA call; the study's host image
** (experiments/stencil/stencil_image.c): the seed's input, its reference made
** only when asked (once per image), none in a trial that verifies nothing.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/unit/check_registry.h"
#include "experiments/harness/rng.h"
#include "experiments/stencil/ref_stencil.h"
#include "experiments/stencil/stencil_image.h"
#include "kernels/stencil.h"

/* A 3x3 image in[y][x] = 3y + x. By hand, with rows and columns clamped:
** (0,0): rows {0,0,0,1,2}, cols {0,0,0,1,2}: sum = 15*(0+0+0+1+2) + 5*3 = 60
** (1,1): rows {0,0,1,2,2}, cols {0,0,1,2,2}: 15*5 + 5*5 = 100
** (2,0): cols {0,0,0,1,2} sum 3, rows {0,0,0,1,2} -> x=2: cols {0,1,2,2,2}
**        sum 7, rows {0,0,0,1,2} sum 3: 15*3 + 5*7 = 80
** (2,2): rows and cols {0,1,2,2,2}, sums 7: 15*7 + 5*7 = 140
** each divided by 25. */
static void test_hand_3x3(void **state) {
  (void)state;
  float in[9], out[9];
  for (int i = 0; i < 9; i++) in[i] = (float)i;
  assert_int_equal(ref_stencil(in, 3, out, 3, 3), 0);
  assert_true(out[0] == 60.0f / 25.0f);           /* (x=0, y=0) */
  assert_true(out[1 * 3 + 1] == 100.0f / 25.0f);  /* centre */
  assert_true(out[0 * 3 + 2] == 80.0f / 25.0f);   /* (x=2, y=0) */
  assert_true(out[2 * 3 + 2] == 140.0f / 25.0f);  /* (x=2, y=2) */
  /* symmetry of the rule: (x=0, y=2) has rows {0,1,2,2,2} (sum 7), cols {0,0,0,1,2} (sum 3) */
  assert_true(out[2 * 3 + 0] == (15.0f * 7 + 5.0f * 3) / 25.0f);
}

/* One row and one column: every tap of the other axis is the same pixel.
** in = {0, 1, 2, 3, 4, 5, 6}: out[x] = 5 * (sum of in[clamp(x+dx)]) / 25. */
static void test_hand_row(void **state) {
  (void)state;
  float in[7], out[7];
  for (int i = 0; i < 7; i++) in[i] = (float)i;
  assert_int_equal(ref_stencil(in, 7, out, 7, 1), 0);
  assert_true(out[0] == 5.0f * (0 + 0 + 0 + 1 + 2) / 25.0f);
  assert_true(out[1] == 5.0f * (0 + 0 + 1 + 2 + 3) / 25.0f);
  assert_true(out[3] == 5.0f * (1 + 2 + 3 + 4 + 5) / 25.0f);
  assert_true(out[6] == 5.0f * (4 + 5 + 6 + 6 + 6) / 25.0f);
  assert_int_equal(ref_stencil(in, 1, out, 1, 7), 0); /* the same numbers as a column */
  assert_true(out[0] == 5.0f * 3 / 25.0f);
  assert_true(out[6] == 5.0f * 27 / 25.0f);
}

/* A 1x1 image and a constant image give themselves back; a pitch wider than
** the width is honoured (the padding, NaN here, is never read). */
static void test_constant_and_pitch(void **state) {
  (void)state;
  float one = 0.75f, out1 = 0;
  assert_int_equal(ref_stencil(&one, 1, &out1, 1, 1), 0);
  assert_true(out1 == 0.75f);
  enum { W = 6, H = 5, P = 9 };
  float in[H * P], out[W * H];
  for (int i = 0; i < H * P; i++) in[i] = (i % P) < W ? 0.5f : __builtin_nanf("");
  assert_int_equal(ref_stencil(in, P, out, W, H), 0);
  for (int i = 0; i < W * H; i++)
    if (out[i] != 0.5f) fail_msg("out[%d] = %.9g, want 0.5", i, out[i]);
}

/* Bad arguments: -1 and the output untouched. */
static void test_ref_rejects(void **state) {
  (void)state;
  float in[4] = {1, 2, 3, 4}, out[4] = {-7, -7, -7, -7};
  assert_int_equal(ref_stencil(NULL, 2, out, 2, 2), -1);
  assert_int_equal(ref_stencil(in, 2, NULL, 2, 2), -1);
  assert_int_equal(ref_stencil(in, 2, out, 0, 2), -1);
  assert_int_equal(ref_stencil(in, 2, out, 2, 0), -1);
  assert_int_equal(ref_stencil(in, 1, out, 2, 2), -1);
  for (int i = 0; i < 4; i++) assert_true(out[i] == -7.0f);
}

/* The registry, the requested bytes and the launcher's argument checks. */
static void test_registry_and_traffic(void **state) {
  (void)state;
  check_registry(stencil_variants, stencil_nvariant, sizeof(stencil_variants[0]), "stencil");
  int nTex = 0;
  for (int i = 0; i < stencil_nvariant; i++) nTex += (stencil_variants[i].v.mFlags & VARIANT_TEXTURE) != 0;
  assert_int_equal(nTex, 1);
  assert_int_equal(STENCIL_TAPS, 25);
  unsigned long long r = 1, w = 1;
  stencil_traffic(stencil_find("tex"), 8192, 8192, &r, &w);
  assert_true(r == 25ull * 4 * 8192 * 8192);
  assert_true(w == 4ull * 8192 * 8192);
  stencil_traffic(stencil_find("global"), 3, 7, &r, &w);
  assert_true(r == 25ull * 4 * 21 && w == 4ull * 21);
  stencil_traffic(-1, 8, 8, &r, &w);
  assert_true(r == 0 && w == 0);
  stencil_traffic(0, 0, 8, &r, &w);
  assert_true(r == 0 && w == 0);
  stencil_traffic(0, STENCIL_MAX_DIM + 1, 8, &r, &w);
  assert_true(r == 0 && w == 0);
  assert_true(stencil_shared_bytes(256) == 36u * 12u * sizeof(float));

  const int inval = (int)cudaErrorInvalidValue;
  float *p = (float *)(uintptr_t)0x1000; /* never dereferenced: rejected first */
  assert_int_equal(stencil_launch(-1, p, 8, 0, p, 8, 8, 256, 0), inval);
  assert_int_equal(stencil_launch(stencil_nvariant, p, 8, 0, p, 8, 8, 256, 0), inval);
  assert_int_equal(stencil_launch(0, p, 8, 0, p, 8, 8, 48, 0), inval);
  assert_int_equal(stencil_launch(0, p, 8, 0, p, 8, 8, 2048, 0), inval);
  assert_int_equal(stencil_launch(0, p, 8, 0, p, 0, 8, 256, 0), inval);
  assert_int_equal(stencil_launch(0, p, 7, 0, p, 8, 8, 256, 0), inval);
  assert_int_equal(stencil_launch(0, p, 8, 0, NULL, 8, 8, 256, 0), inval);
  assert_int_equal(stencil_launch(stencil_find("global"), NULL, 8, 0, p, 8, 8, 256, 0), inval);
  assert_int_equal(stencil_launch(stencil_find("tex"), p, 8, 0, p, 8, 8, 256, 0), inval);
  unsigned long long tex = 99;
  assert_int_equal(stencil_texture_create(p, 7, 8, 8, &tex), inval);
  assert_true(tex == 0);
  assert_int_equal(stencil_texture_create(p, 8, 8, STENCIL_MAX_DIM + 1, &tex), inval);
  assert_int_equal(stencil_texture_create(NULL, 8, 8, 8, &tex), inval);
  assert_int_equal(stencil_texture_destroy(0), 0);
}

/* Images made and references computed so far. */
static long long images_made(void) {
  long long n = -1;
  stencil_image_counts(&n, NULL);
  return n;
}
static long long images_ref(void) {
  long long n = -1;
  stencil_image_counts(NULL, &n);
  return n;
}

/* p is the image of side n: the seed's pixels written out here; with its
** reference (bRef) ref_stencil's output over them, bit for bit. */
static void assert_image(const stencil_image *p, int n, int bRef) {
  assert_non_null(p);
  assert_int_equal(p->n, n);
  const size_t nPix = (size_t)n * (size_t)n;
  for (size_t i = 0; i < nPix; i++) {
    const float want = rng_float_at(0x5eed0001u ^ ((uint64_t)i << 1), 0);
    if (memcmp(&p->pIn[i], &want, 4)) fail_msg("n=%d: pixel %zu is %.9g, want %.9g", n, i, p->pIn[i], want);
  }
  if (!bRef) {
    assert_null(p->pWant);
    return;
  }
  assert_non_null(p->pWant);
  float *pWant = malloc(nPix * sizeof(float));
  assert_non_null(pWant);
  assert_int_equal(ref_stencil(p->pIn, (size_t)n, pWant, n, n), 0);
  assert_memory_equal(p->pWant, pWant, nPix * sizeof(float));
  free(pWant);
}

/* The reference on demand: an image asked for without it has none and
** computes none; the first request that asks computes it, once; a later
** request without keeps it; another size drops the image (made again, no
** reference until asked). A trial that verifies nothing (every request
** without the reference, as stencil.c makes them when bench_config.bVerified)
** computes no reference at all. */
static void test_image_reference_on_demand(void **state) {
  (void)state;
  stencil_image_clear();
  const long long nMade = images_made(), nRef = images_ref();
  assert_image(stencil_image_get(37, 0), 37, 0);
  assert_image(stencil_image_get(37, 0), 37, 0);
  assert_int_equal(images_made(), nMade + 1);
  assert_int_equal(images_ref(), nRef);
  assert_image(stencil_image_get(37, 1), 37, 1);
  assert_image(stencil_image_get(37, 1), 37, 1);
  assert_image(stencil_image_get(37, 0), 37, 1);
  assert_int_equal(images_made(), nMade + 1);
  assert_int_equal(images_ref(), nRef + 1);
  assert_image(stencil_image_get(64, 0), 64, 0); /* another size: made, no reference */
  assert_image(stencil_image_get(37, 0), 37, 0); /* made again: its reference went with it */
  assert_int_equal(images_made(), nMade + 3);
  assert_int_equal(images_ref(), nRef + 1);
  /* A later trial: the matrix's sizes (scaled down), none verified. */
  for (int k = 0; k < 3; k++) assert_image(stencil_image_get(16 << (2 * k), 0), 16 << (2 * k), 0);
  assert_int_equal(images_ref(), nRef + 1);
  assert_null(stencil_image_get(0, 1));
  stencil_image_clear();
}

int main(void) {
  const struct CMUnitTest aTest[] = {
      cmocka_unit_test(test_hand_3x3),         cmocka_unit_test(test_hand_row),
      cmocka_unit_test(test_constant_and_pitch), cmocka_unit_test(test_ref_rejects),
      cmocka_unit_test(test_registry_and_traffic),
      cmocka_unit_test(test_image_reference_on_demand),
  };
  return cmocka_run_group_tests(aTest, NULL, NULL);
}
