/*
** tests/gpu/test_access_gpu.c: every variant of kernels/access.h (the
** L1-cached build) against ref_access(), one cmocka test per variant. Each
** test covers n {1, 31, 1000, 2^20+1} x k {0..33, 64, 128} (offsets below n;
** strides from 1; the local-* variants at k=0 only) x block {32, 64, 1024}.
** The device output and the host reference start from the same sentinel and
** all n elements are compared bitwise, so an element written out of range or
** left unwritten fails. The texture variant reads through texture objects
** made over exactly n elements. Without a GPU every test prints
** 'SKIP: <reason>' and calls skip().
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/access.h"
#include "experiments/harness/gpu.h"
#include "tests/gpu/require_gpu.h"
#include "experiments/access/ref_access.h"
#include "experiments/harness/rng.h"

#define SENTINEL_BYTE 0xC7
static const size_t anSize[] = {1, 31, 1000, ((size_t)1 << 20) + 1};
static const int anBlock[] = {32, 64, 1024};
#define NSIZE (sizeof(anSize) / sizeof(anSize[0]))
#define NBLOCK (sizeof(anBlock) / sizeof(anBlock[0]))
#define NMAX (((size_t)1 << 20) + 1)

/* Fail the test with the CUDA error text when rc is not cudaSuccess. */
#define CUDA_OK(call)                                                              \
  do {                                                                             \
    int rc_ = (int)(call);                                                         \
    if (rc_ != 0) fail_msg("%s: %s", #call, cudaGetErrorString((cudaError_t)rc_)); \
  } while (0)

/* Host inputs (A in [1,2), B in [2,3)), device copies and output buffers. */
static struct {
  int bReady;
  float *hA, *hB, *hWant, *hGot;
  float *dA, *dB, *dC;
} h;

/* Make the inputs and device buffers once per process (NMAX elements). */
static void prepare(void) {
  if (h.bReady) return;
  uint64_t iSeed = 0xacce5u;
  h.hA = malloc(NMAX * sizeof(float));
  h.hB = malloc(NMAX * sizeof(float));
  h.hWant = malloc(NMAX * sizeof(float));
  h.hGot = malloc(NMAX * sizeof(float));
  assert_true(h.hA && h.hB && h.hWant && h.hGot);
  for (size_t i = 0; i < NMAX; i++) {
    h.hA[i] = 1.0f + rng_float(&iSeed);
    h.hB[i] = 2.0f + rng_float(&iSeed);
  }
  CUDA_OK(cudaMalloc((void **)&h.dA, NMAX * sizeof(float)));
  CUDA_OK(cudaMalloc((void **)&h.dB, NMAX * sizeof(float)));
  CUDA_OK(cudaMalloc((void **)&h.dC, NMAX * sizeof(float)));
  CUDA_OK(cudaMemcpy(h.dA, h.hA, NMAX * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(h.dB, h.hB, NMAX * sizeof(float), cudaMemcpyHostToDevice));
  h.bReady = 1;
}

/* Free what prepare() made. */
static int teardown(void **state) {
  (void)state;
  if (!h.bReady) return 0;
  cudaFree(h.dA);
  cudaFree(h.dB);
  cudaFree(h.dC);
  free(h.hA);
  free(h.hB);
  free(h.hWant);
  free(h.hGot);
  memset(&h, 0, sizeof(h));
  return 0;
}

/* Launch one configuration on a sentinel-filled output and compare all n
** elements bitwise with the reference. */
static void check_one(int iVar, size_t n, int k, int nBlock, unsigned long long texA, unsigned long long texB) {
  const char *zKey = access_variants[iVar].v.zKey;
  size_t nBytes = n * sizeof(float);
  CUDA_OK(cudaMemset(h.dC, SENTINEL_BYTE, nBytes));
  int rc = access_launch(iVar, h.dA, h.dB, h.dC, n, k, texA, texB, nBlock, 0);
  if (rc) fail_msg("%s n=%zu k=%d block=%d: launch: %s", zKey, n, k, nBlock, cudaGetErrorString((cudaError_t)rc));
  CUDA_OK(cudaDeviceSynchronize());
  CUDA_OK(cudaMemcpy(h.hGot, h.dC, nBytes, cudaMemcpyDeviceToHost));
  memset(h.hWant, SENTINEL_BYTE, nBytes);
  assert_int_equal(ref_access(&access_variants[iVar], h.hA, h.hB, h.hWant, n, k), 0);
  if (memcmp(h.hGot, h.hWant, nBytes) == 0) return;
  for (size_t i = 0; i < n; i++)
    if (memcmp(&h.hGot[i], &h.hWant[i], sizeof(float)) != 0)
      fail_msg("%s n=%zu k=%d block=%d: C[%zu] = %.9g, want %.9g", zKey, n, k, nBlock, i, h.hGot[i],
               h.hWant[i]);
}

/* One variant over every size, k and block of the matrix above. */
static void test_variant(void **state) {
  REQUIRE_GPU();
  int iVar = *(const int *)*state;
  const access_variant *v = &access_variants[iVar];
  prepare();
  int nChecked = 0;
  for (size_t s = 0; s < NSIZE; s++) {
    size_t n = anSize[s];
    unsigned long long texA = 0, texB = 0;
    if (v->v.mFlags & VARIANT_TEXTURE) {
      CUDA_OK(access_texture_create(h.dA, n, &texA));
      CUDA_OK(access_texture_create(h.dB, n, &texB));
    }
    for (int k = 0; k <= 128; k++) {
      if (k > 33 && k != 64 && k != 128) continue;
      const access_axis eAxis = access_pattern_axis(v->ePattern);
      if (eAxis == ACCESS_AXIS_NONE && k != 0) continue;
      if (eAxis == ACCESS_AXIS_STRIDE && k < 1) continue;
      if (eAxis == ACCESS_AXIS_OFFSET && (size_t)k >= n) continue;
      for (size_t b = 0; b < NBLOCK; b++) {
        check_one(iVar, n, k, anBlock[b], texA, texB);
        nChecked++;
      }
    }
    CUDA_OK(access_texture_destroy(texA));
    CUDA_OK(access_texture_destroy(texB));
  }
  print_message("%s: %d configurations bitwise equal to ref_access\n", v->v.zKey, nChecked);
  assert_true(nChecked > 0);
}

/* The launcher rejects an offset past the end, a bad block and a missing
** texture on the GPU too, and launches nothing (C keeps the sentinel). */
static void test_rejects(void **state) {
  REQUIRE_GPU();
  (void)state;
  prepare();
  const int inval = (int)cudaErrorInvalidValue;
  CUDA_OK(cudaMemset(h.dC, SENTINEL_BYTE, 64 * sizeof(float)));
  for (int i = 0; i < access_nvariant; i++) {
    const access_variant *v = &access_variants[i];
    if (access_pattern_axis(v->ePattern) == ACCESS_AXIS_OFFSET)
      assert_int_equal(access_launch(i, h.dA, h.dB, h.dC, 64, 64, 0, 0, 64, 0), inval);
    assert_int_equal(access_launch(i, h.dA, h.dB, h.dC, 64, 0, 0, 0, 97, 0), inval);
    if (v->v.mFlags & VARIANT_TEXTURE)
      assert_int_equal(access_launch(i, h.dA, h.dB, h.dC, 64, 0, 0, 0, 64, 0), inval);
  }
  CUDA_OK(cudaDeviceSynchronize());
  CUDA_OK(cudaMemcpy(h.hGot, h.dC, 64 * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 64; i++) {
    uint32_t u;
    memcpy(&u, &h.hGot[i], 4);
    assert_true(u == 0xC7C7C7C7u);
  }
}

int main(void) {
  static int aiVar[64];
  struct CMUnitTest aTest[65];
  int n = 0;
  for (int i = 0; i < access_nvariant && i < 64; i++) {
    aiVar[i] = i;
    aTest[n].name = access_variants[i].v.zKey;
    aTest[n].test_func = test_variant;
    aTest[n].setup_func = NULL;
    aTest[n].teardown_func = NULL;
    aTest[n].initial_state = &aiVar[i];
    n++;
  }
  aTest[n].name = "launcher rejects bad arguments";
  aTest[n].test_func = test_rejects;
  aTest[n].setup_func = NULL;
  aTest[n].teardown_func = NULL;
  aTest[n].initial_state = NULL;
  n++;
  return _cmocka_run_group_tests("test_access_gpu", aTest, (size_t)n, NULL, teardown);
}
