/*
** tests/unit/test_raytrace_ref.c: what the raytrace study relies on without a
** GPU: the CPU reference of the ray tracer
** (experiments/raytrace/ref_raytrace.c), the image comparison and its bounds,
** the scene generator's determinism, the PNG writer (experiments/tools/png.c,
** read back and checked chunk by chunk with an independent CRC-32 and
** Adler-32), and the argument checks of raytrace_launch(), which returns
** cudaErrorInvalidValue before any CUDA call.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/unit/check_registry.h"
#include "experiments/tools/png.h"
#include "kernels/raytrace.h"
#include "experiments/raytrace/ref_raytrace.h"

/* |a - b| <= tol for doubles (cmocka 1.1 only compares floats). */
#define assert_near(a, b, tol)                                                               \
  do {                                                                                       \
    double a_ = (a), b_ = (b), t_ = (tol);                                                   \
    if (!(fabs(a_ - b_) <= t_)) fail_msg("%s = %.17g, want %.17g (+/- %g)", #a, a_, b_, t_); \
  } while (0)

/* ---------------------------------------------------------- ray tracer -- */
/* One sphere straight ahead and one behind it: the nearer (larger z + dz)
** colours the pixel, shaded by dz / radius; misses are opaque black. */
static void test_raytrace_hand(void **state) {
  (void)state;
  raytrace_sphere a[2] = {
      {1.0f, 0.5f, 0.25f, 4.0f, 0.0f, 0.0f, 10.0f}, /* r g b radius x y z */
      {0.0f, 1.0f, 0.0f, 8.0f, 0.0f, 0.0f, 0.0f},
  };
  unsigned char img[4 * 16 * 16];
  ref_raytrace(a, 2, img, 16, 16);
  const unsigned char *c = img + 4 * (8 * 16 + 8); /* ox = oy = 0 */
  assert_int_equal(c[0], 255);
  assert_int_equal(c[1], 127);
  assert_int_equal(c[2], 63);
  assert_int_equal(c[3], 255);
  /* (ox, oy) = (-6, 0): only the big sphere, dz = sqrt(64 - 36). */
  const unsigned char *e = img + 4 * (8 * 16 + 2);
  assert_int_equal(e[0], 0);
  assert_int_equal(e[1], (int)(float)(sqrtf(28.0f) / 8.0f * 255.0f));
  assert_int_equal(e[2], 0);
  const unsigned char *m = img; /* (-8, -8): outside both */
  assert_int_equal(m[0] | m[1] | m[2], 0);
  assert_int_equal(m[3], 255);
  /* Swapping the depth order swaps the winner. */
  a[1].z = 100.0f;
  ref_raytrace(a, 2, img, 16, 16);
  assert_int_equal(c[0], 0);
  assert_int_equal(c[1], 255);
}

/* The scene is a pure function of (seed, n, W, H): equal on repeat, a prefix
** of a larger scene, different for another seed, inside the documented
** ranges (the 1024 x 1024 scene is the book's, unscaled). */
static void test_raytrace_scene(void **state) {
  (void)state;
  raytrace_sphere a[RAYTRACE_MAX_SPHERES], b[RAYTRACE_MAX_SPHERES], c[100];
  ref_raytrace_scene(a, RAYTRACE_MAX_SPHERES, 2002u, 1024, 1024);
  ref_raytrace_scene(b, RAYTRACE_MAX_SPHERES, 2002u, 1024, 1024);
  assert_memory_equal(a, b, sizeof(a));
  ref_raytrace_scene(c, 100, 2002u, 1024, 1024);
  assert_memory_equal(a, c, sizeof(c));
  ref_raytrace_scene(c, 100, 2003u, 1024, 1024);
  assert_true(memcmp(a, c, sizeof(c)) != 0);
  for (int i = 0; i < RAYTRACE_MAX_SPHERES; i++) {
    assert_true(a[i].r >= 0 && a[i].r < 1 && a[i].g >= 0 && a[i].g < 1 && a[i].b >= 0 && a[i].b < 1);
    assert_true(a[i].x >= -500 && a[i].x < 500 && a[i].y >= -500 && a[i].y < 500);
    assert_true(a[i].z >= -500 && a[i].z < 500);
    assert_true(a[i].radius >= 20 && a[i].radius < 120);
  }
  /* A 512 x 512 scene is the 1024 one at half scale. */
  ref_raytrace_scene(c, 100, 2002u, 512, 512);
  for (int i = 0; i < 100; i++) {
    assert_near(c[i].x, a[i].x * 0.5, 0); /* scaling by 0.5 is exact */
    assert_near(c[i].radius, a[i].radius * 0.5, 0);
    assert_near(c[i].r, a[i].r, 0);
  }
}

static void compare_cases(void);

/* ref_raytrace_compare: identical images pass; a difference of 1 in up to
** W*H/1000 pixels passes; one pixel off by 2, or W*H/1000 + 1 pixels off by
** 1, fails; alpha counts; the counts come back. On 1, 2, 3 and 7 OpenMP
** threads (the pixels are split between them). */
static void test_raytrace_compare(void **state) {
  (void)state;
  const int anThread[] = {1, 2, 3, 7};
  for (int t = 0; t < 4; t++) {
    omp_set_dynamic(0);
    omp_set_num_threads(anThread[t]);
    compare_cases();
  }
}

/* The cases of test_raytrace_compare, on the current thread count. */
static void compare_cases(void) {
  enum { W = 100, H = 100 };
  static unsigned char a[4 * W * H], b[4 * W * H];
  for (int i = 0; i < 4 * W * H; i++) a[i] = b[i] = (unsigned char)(i * 7 + 3);
  int maxDiff = -1;
  long nDiffer = -1;
  assert_int_equal(ref_raytrace_compare(a, b, W, H, &maxDiff, &nDiffer), 0);
  assert_int_equal(maxDiff, 0);
  assert_int_equal(nDiffer, 0);
  for (int p = 0; p < W * H / 1000; p++) b[4 * p * 37 + p % 4] ^= 1; /* 10 pixels, one channel by 1 */
  assert_int_equal(ref_raytrace_compare(a, b, W, H, &maxDiff, &nDiffer), 0);
  assert_int_equal(maxDiff, 1);
  assert_int_equal(nDiffer, W * H / 1000);
  b[4 * 9999 + 3] ^= 1; /* an eleventh pixel, in alpha */
  assert_int_equal(ref_raytrace_compare(a, b, W, H, &maxDiff, &nDiffer), 1);
  assert_int_equal(nDiffer, W * H / 1000 + 1);
  memcpy(b, a, sizeof(a));
  b[4 * 500 + 1] = (unsigned char)(a[4 * 500 + 1] + 2);
  assert_int_equal(ref_raytrace_compare(a, b, W, H, &maxDiff, &nDiffer), 1);
  assert_int_equal(maxDiff, 2);
  assert_int_equal(nDiffer, 1);
  assert_int_equal(ref_raytrace_compare(b, a, W, H, NULL, NULL), 1);
  /* A 10 x 10 image allows no differing pixel at all (100 / 1000 = 0). */
  b[4 * 500 + 1] = a[4 * 500 + 1];
  b[0] ^= 1;
  assert_int_equal(ref_raytrace_compare(a, b, 10, 10, &maxDiff, &nDiffer), 1);
  assert_int_equal(maxDiff, 1);
}

/* raytrace_launch() and raytrace_set_constant() reject bad arguments before
** any CUDA call. */
static void test_raytrace_args(void **state) {
  (void)state;
  static raytrace_sphere aFake[4];
  static uint32_t aImg[64];
  unsigned char *pImg = (unsigned char *)aImg;
  const int eInv = (int)cudaErrorInvalidValue;
  check_registry(raytrace_variants, raytrace_nvariant, sizeof(raytrace_variants[0]), "raytrace");
  for (int i = 0; i < raytrace_nvariant; i++)
    for (int j = 0; j < i; j++)
      if (raytrace_variants[i].xLaunch == raytrace_variants[j].xLaunch)
        fail_msg("%s and %s share one launcher", raytrace_variants[j].v.zKey, raytrace_variants[i].v.zKey);
  assert_int_equal(raytrace_launch(-1, aFake, 1, pImg, 4, 4, 16, 16, 0), eInv);
  assert_int_equal(raytrace_launch(raytrace_nvariant, aFake, 1, pImg, 4, 4, 16, 16, 0), eInv);
  assert_int_equal(raytrace_launch(0, aFake, 0, pImg, 4, 4, 16, 16, 0), eInv);
  assert_int_equal(raytrace_launch(0, aFake, 1, NULL, 4, 4, 16, 16, 0), eInv);
  assert_int_equal(raytrace_launch(0, aFake, 1, pImg + 1, 4, 4, 16, 16, 0), eInv);
  assert_int_equal(raytrace_launch(0, aFake, 1, pImg, 0, 4, 16, 16, 0), eInv);
  assert_int_equal(raytrace_launch(0, aFake, 1, pImg, 4, 0, 16, 16, 0), eInv);
  assert_int_equal(raytrace_launch(0, aFake, 1, pImg, 4, 4, 33, 32, 0), eInv);
  assert_int_equal(raytrace_launch(0, aFake, 1, pImg, 4, 70000, 1, 1, 0), eInv);
  assert_int_equal(raytrace_launch(0, NULL, 1, pImg, 4, 4, 16, 16, 0), eInv);
  assert_int_equal(raytrace_launch(1, NULL, 1, pImg, 4, 4, 16, 16, 0), eInv); /* constant bank empty */
  assert_int_equal(raytrace_set_constant(NULL, 1), eInv);
  assert_int_equal(raytrace_set_constant(aFake, 0), eInv);
  assert_int_equal(raytrace_set_constant(aFake, RAYTRACE_MAX_SPHERES + 1), eInv);
}

/* ----------------------------------------------------------------- PNG -- */
/* Big-endian 32-bit value at p. */
static uint32_t be32(const unsigned char *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* CRC-32 of p[0..n), bit by bit (independent of png.c's table). */
static uint32_t crc32_bits(const unsigned char *p, size_t n) {
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; i++) {
    c ^= p[i];
    for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
  }
  return c ^ 0xFFFFFFFFu;
}

/* Write a W x H image with png_write_rgba and check the file: signature,
** IHDR (size, RGBA8, no interlace), every chunk's CRC, IDAT data as a zlib
** stream of stored blocks that inflates to filter-0 rows of the pixels, its
** Adler-32, and a final IEND. */
static void check_png_roundtrip(int W, int H) {
  char zPath[] = "/tmp/test_raytrace_ref_XXXXXX";
  int fd = mkstemp(zPath);
  assert_true(fd >= 0);
  close(fd);
  size_t nPix = 4 * (size_t)W * H;
  unsigned char *rgba = malloc(nPix);
  assert_non_null(rgba);
  for (size_t i = 0; i < nPix; i++) rgba[i] = (unsigned char)(i * 31 + i / 7);
  assert_int_equal(png_write_rgba(zPath, rgba, W, H), 0);
  FILE *f = fopen(zPath, "rb");
  assert_non_null(f);
  fseek(f, 0, SEEK_END);
  long nFile = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *z = malloc((size_t)nFile), *zlib = malloc((size_t)nFile);
  assert_non_null(z);
  assert_non_null(zlib);
  assert_int_equal(fread(z, 1, (size_t)nFile, f), (size_t)nFile);
  fclose(f);
  unlink(zPath);
  static const unsigned char aSig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  assert_memory_equal(z, aSig, 8);
  /* IHDR first, 13 bytes */
  assert_int_equal(be32(z + 8), 13);
  assert_memory_equal(z + 12, "IHDR", 4);
  assert_int_equal(be32(z + 16), W);
  assert_int_equal(be32(z + 20), H);
  assert_int_equal(z[24], 8);
  assert_int_equal(z[25], 6);
  assert_int_equal(z[26] | z[27] | z[28], 0);
  /* walk the chunks */
  size_t off = 8, nZlib = 0;
  int bEnd = 0;
  while (off + 12 <= (size_t)nFile && !bEnd) {
    uint32_t n = be32(z + off);
    assert_true(off + 12 + n <= (size_t)nFile);
    assert_int_equal(crc32_bits(z + off + 4, 4 + n), be32(z + off + 8 + n));
    if (!memcmp(z + off + 4, "IDAT", 4)) {
      memcpy(zlib + nZlib, z + off + 8, n);
      nZlib += n;
    }
    bEnd = !memcmp(z + off + 4, "IEND", 4);
    off += 12 + n;
  }
  assert_true(bEnd);
  assert_int_equal(off, (size_t)nFile);
  /* inflate the stored blocks */
  size_t nRow = 1 + 4 * (size_t)W, nRaw = nRow * H, iRaw = 0, i = 2;
  unsigned char *raw = malloc(nRaw);
  assert_non_null(raw);
  assert_int_equal(zlib[0], 0x78);
  assert_int_equal((zlib[0] * 256 + zlib[1]) % 31, 0);
  int bFinal = 0;
  while (!bFinal) {
    assert_true(i + 5 <= nZlib);
    bFinal = zlib[i] & 1;
    assert_int_equal(zlib[i] & 6, 0); /* stored */
    unsigned len = zlib[i + 1] | zlib[i + 2] << 8, nlen = zlib[i + 3] | zlib[i + 4] << 8;
    assert_int_equal(len ^ nlen, 0xFFFF);
    assert_true(iRaw + len <= nRaw);
    memcpy(raw + iRaw, zlib + i + 5, len);
    iRaw += len;
    i += 5 + len;
  }
  assert_int_equal(iRaw, nRaw);
  assert_int_equal(i + 4, nZlib);
  uint32_t a = 1, b = 0;
  for (size_t j = 0; j < nRaw; j++) {
    a = (a + raw[j]) % 65521u;
    b = (b + a) % 65521u;
  }
  assert_int_equal(be32(zlib + i), (b << 16) | a);
  for (int y = 0; y < H; y++) {
    assert_int_equal(raw[y * nRow], 0);
    assert_memory_equal(raw + y * nRow + 1, rgba + 4 * (size_t)W * y, 4 * (size_t)W);
  }
  free(raw);
  free(zlib);
  free(z);
  free(rgba);
}

/* PNGs of one pixel, of an odd shape, and of more than one 64 KiB stored
** block; bad arguments are refused. */
static void test_png(void **state) {
  (void)state;
  check_png_roundtrip(1, 1);
  check_png_roundtrip(17, 3);
  check_png_roundtrip(130, 200); /* 104200 bytes: two stored blocks */
  unsigned char px[4] = {1, 2, 3, 4};
  assert_int_not_equal(png_write_rgba(NULL, px, 1, 1), 0);
  assert_int_not_equal(png_write_rgba("/tmp/x.png", NULL, 1, 1), 0);
  assert_int_not_equal(png_write_rgba("/tmp/x.png", px, 0, 1), 0);
  assert_int_not_equal(png_write_rgba("/nonexistent-dir/x.png", px, 1, 1), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_raytrace_hand),    cmocka_unit_test(test_raytrace_scene),
      cmocka_unit_test(test_raytrace_compare), cmocka_unit_test(test_raytrace_args),
      cmocka_unit_test(test_png),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
