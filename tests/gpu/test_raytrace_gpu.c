/*
** tests/gpu/test_raytrace_gpu.c: every variant of the raytrace study's
** kernels (kernels/raytrace.cu) against its CPU reference on awkward shapes
** (skipped, visibly, without a GPU): every variant on 17x33, 1x1, 64x64 with
** 1 and RAYTRACE_MAX_SPHERES spheres, and the report's 1024x1024 with 100,
** with 16x16 and 7x5 blocks; each image must pass ref_raytrace_compare()
** against ref_raytrace() of the study's scene.
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
#include "tests/gpu/require_gpu.h"
#include "kernels/raytrace.h"
#include "experiments/raytrace/raytrace_scene.h"
#include "experiments/raytrace/ref_raytrace.h"

/* Thread-block shapes every case runs with: the seed's, and an odd one. */
static const int aBlock[][2] = {{16, 16}, {7, 5}};
/* ---------------------------------------------------------- ray tracer -- */
/* Every raytrace variant and block shape on the study's W x H scene of n
** spheres against the CPU render. Returns the render's lit pixels (so a
** caller can tell a real picture from an all-black one). */
static long check_raytrace(int W, int H, int n) {
  size_t nBytes = 4 * (size_t)W * H;
  raytrace_sphere *sph = malloc(sizeof(raytrace_sphere) * (size_t)n), *d_sph;
  unsigned char *ref = malloc(nBytes), *got = malloc(nBytes), *d_rgba;
  assert_non_null(sph);
  assert_non_null(ref);
  assert_non_null(got);
  ref_raytrace_scene(sph, n, RAYTRACE_SCENE_SEED, W, H);
  ref_raytrace(sph, n, ref, W, H);
  long nLit = 0;
  for (size_t i = 0; i < nBytes; i += 4) nLit += (ref[i] | ref[i + 1] | ref[i + 2]) != 0;
  assert_cuda(cudaMalloc((void **)&d_sph, sizeof(raytrace_sphere) * (size_t)n));
  assert_cuda(cudaMalloc((void **)&d_rgba, nBytes));
  assert_cuda(cudaMemcpy(d_sph, sph, sizeof(raytrace_sphere) * (size_t)n, cudaMemcpyHostToDevice));
  assert_cuda(raytrace_set_constant(sph, n));
  for (int v = 0; v < raytrace_nvariant; v++)
    for (int b = 0; b < 2; b++) {
      int maxDiff;
      long nDiffer;
      assert_cuda(cudaMemset(d_rgba, 0xff, nBytes));
      assert_cuda(raytrace_launch(v, d_sph, n, d_rgba, W, H, aBlock[b][0], aBlock[b][1], 0));
      assert_cuda(cudaDeviceSynchronize());
      assert_cuda(cudaMemcpy(got, d_rgba, nBytes, cudaMemcpyDeviceToHost));
      if (ref_raytrace_compare(got, ref, W, H, &maxDiff, &nDiffer))
        fail_msg("%s %dx%d, %d spheres, block %dx%d: largest channel difference %d, %ld pixels differ",
                 raytrace_variants[v].v.zKey, W, H, n, aBlock[b][0], aBlock[b][1], maxDiff, nDiffer);
    }
  cudaFree(d_sph);
  cudaFree(d_rgba);
  free(sph);
  free(ref);
  free(got);
  return nLit;
}

/* Every ray-tracer variant on the awkward shapes and the report's image. */
static void test_raytrace(void **state) {
  (void)state;
  REQUIRE_GPU();
  assert_cuda(cudaSetDevice(0));
  static const int aCase[][2] = {{17, 33}, {1, 1}, {64, 64}};
  for (size_t c = 0; c < sizeof(aCase) / sizeof(aCase[0]); c++) {
    check_raytrace(aCase[c][0], aCase[c][1], 1);
    check_raytrace(aCase[c][0], aCase[c][1], RAYTRACE_MAX_SPHERES);
  }
  assert_true(check_raytrace(64, 64, RAYTRACE_MAX_SPHERES) > 64 * 64 / 2);
  assert_true(check_raytrace(1024, 1024, 100) > 1024 * 1024 / 10);
}
int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_raytrace),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
