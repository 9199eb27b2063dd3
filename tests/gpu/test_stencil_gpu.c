/*
** tests/gpu/test_stencil_gpu.c: every variant of kernels/stencil.h against
** ref_stencil(), one cmocka test per registry entry. Each test covers images
** of w x h in {1x1, 7x3, 33x31, 100x1, 1x100, 257x130} (borders on every side,
** partial blocks, one-row and one-column images) x block {32, 64, 256, 1024},
** the input in pitched memory (cudaMallocPitch) and the texture variant
** through a texture object over exactly that image. The output starts as a
** sentinel and every pixel is compared with the reference within the
** study's bound (3e-6); pixels past w*h must keep the sentinel. Without a
** GPU every test prints 'SKIP: <reason>' and calls skip().
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/harness/gpu.h"
#include "experiments/stencil/ref_stencil.h"
#include "tests/gpu/require_gpu.h"
#include "experiments/harness/rng.h"
#include "kernels/stencil.h"

#define SENTINEL_BYTE 0xC7
#define TOLERANCE 3e-6
static const int aSize[][2] = {{1, 1}, {7, 3}, {33, 31}, {100, 1}, {1, 100}, {257, 130}};
static const int anBlock[] = {32, 64, 256, 1024};
#define NSIZE (sizeof(aSize) / sizeof(aSize[0]))
#define NBLOCK (sizeof(anBlock) / sizeof(anBlock[0]))
#define NPIX_MAX (257 * 130)
#define NSLACK 64 /* output floats past w*h that must keep the sentinel */

/* Fail the test with the CUDA error text when rc is not cudaSuccess. */
#define CUDA_OK(call)                                                              \
  do {                                                                             \
    int rc_ = (int)(call);                                                         \
    if (rc_ != 0) fail_msg("%s: %s", #call, cudaGetErrorString((cudaError_t)rc_)); \
  } while (0)

/* One image: host input (dense), reference, device output copy. */
static float hIn[NPIX_MAX], hWant[NPIX_MAX], hGot[NPIX_MAX + NSLACK];

/* Launch one configuration and compare every pixel with the reference. */
static void check_one(int iVar, const float *dIn, size_t nPitch, unsigned long long tex, float *dOut, int w, int h,
                      int nBlock) {
  const char *zKey = stencil_variants[iVar].v.zKey;
  size_t nPix = (size_t)w * (size_t)h, nBytes = (nPix + NSLACK) * sizeof(float);
  CUDA_OK(cudaMemset(dOut, SENTINEL_BYTE, nBytes));
  int rc = stencil_launch(iVar, dIn, nPitch, tex, dOut, w, h, nBlock, 0);
  if (rc) fail_msg("%s %dx%d block=%d: launch: %s", zKey, w, h, nBlock, cudaGetErrorString((cudaError_t)rc));
  CUDA_OK(cudaDeviceSynchronize());
  CUDA_OK(cudaMemcpy(hGot, dOut, nBytes, cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < nPix; i++)
    if (!(fabs((double)hGot[i] - (double)hWant[i]) <= TOLERANCE))
      fail_msg("%s %dx%d block=%d: pixel (x=%zu, y=%zu) = %.9g, want %.9g", zKey, w, h, nBlock, i % (size_t)w,
               i / (size_t)w, hGot[i], hWant[i]);
  for (size_t i = nPix; i < nPix + NSLACK; i++) {
    uint32_t u;
    memcpy(&u, &hGot[i], 4);
    if (u != 0xC7C7C7C7u) fail_msg("%s %dx%d block=%d: out[%zu] past the image written", zKey, w, h, nBlock, i);
  }
}

/* One variant over every size and block above. */
static void test_variant(void **state) {
  REQUIRE_GPU();
  int iVar = *(const int *)*state;
  const stencil_variant *v = &stencil_variants[iVar];
  int nChecked = 0;
  uint64_t iSeed = 0x57e4c11u;
  float *dOut = NULL;
  CUDA_OK(cudaMalloc((void **)&dOut, (NPIX_MAX + NSLACK) * sizeof(float)));
  for (size_t s = 0; s < NSIZE; s++) {
    int w = aSize[s][0], h = aSize[s][1];
    for (int i = 0; i < w * h; i++) hIn[i] = rng_float(&iSeed);
    assert_int_equal(ref_stencil(hIn, (size_t)w, hWant, w, h), 0);
    float *dIn = NULL;
    size_t nPitchBytes = 0;
    unsigned long long tex = 0;
    CUDA_OK(cudaMallocPitch((void **)&dIn, &nPitchBytes, (size_t)w * sizeof(float), (size_t)h));
    CUDA_OK(cudaMemcpy2D(dIn, nPitchBytes, hIn, (size_t)w * sizeof(float), (size_t)w * sizeof(float), (size_t)h,
                         cudaMemcpyHostToDevice));
    size_t nPitch = nPitchBytes / sizeof(float);
    if (v->v.mFlags & VARIANT_TEXTURE) CUDA_OK(stencil_texture_create(dIn, nPitch, w, h, &tex));
    for (size_t b = 0; b < NBLOCK; b++) {
      check_one(iVar, dIn, nPitch, tex, dOut, w, h, anBlock[b]);
      nChecked++;
    }
    CUDA_OK(stencil_texture_destroy(tex));
    CUDA_OK(cudaFree(dIn));
  }
  CUDA_OK(cudaFree(dOut));
  print_message("%s: %d configurations within %g of ref_stencil\n", v->v.zKey, nChecked, TOLERANCE);
  assert_true(nChecked > 0);
}

int main(void) {
  static int aiVar[64];
  struct CMUnitTest aTest[64];
  int n = 0;
  for (int i = 0; i < stencil_nvariant && i < 64; i++) {
    aiVar[i] = i;
    aTest[n].name = stencil_variants[i].v.zKey;
    aTest[n].test_func = test_variant;
    aTest[n].setup_func = NULL;
    aTest[n].teardown_func = NULL;
    aTest[n].initial_state = &aiVar[i];
    n++;
  }
  return _cmocka_run_group_tests("test_stencil_gpu", aTest, (size_t)n, NULL, NULL);
}
