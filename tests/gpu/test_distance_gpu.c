/*
** tests/gpu/test_distance_gpu.c: every variant of the distance study's
** kernels (kernels/distance.cu) against its CPU reference on awkward shapes
** (skipped, visibly, without a GPU): every variant, every k in 1..32, on
** 1x1, 17x33, 1000x3 with P = 1 and P = DISTANCE_MAX_POINTS, plus the seed's
** 256x256 with 20 points, with 16x16 and 7x5 blocks; each value within
** ref_distance_tolerance() of ref_distance(). The output starts as NaN and a
** second launch must give the same bits: written, not accumulated.
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

#include "kernels/distance.h"
#include "experiments/harness/gpu.h"
#include "tests/gpu/require_gpu.h"
#include "experiments/distance/ref_distance.h"
#include "experiments/harness/rng.h"

/* Thread-block shapes every case runs with: the seed's, and an odd one. */
static const int aBlock[][2] = {{16, 16}, {7, 5}};
/* ------------------------------------------------------ distance field -- */
/* One launch of every variant, k and block shape on a W x H field of P
** points, each checked against ref (the full CPU field). */
static void check_distance(const float *d_xy, int P, int W, int H, const float *ref) {
  size_t nCell = (size_t)W * H;
  float *d_out, *got = malloc(nCell * sizeof(float)), *again = malloc(nCell * sizeof(float));
  assert_non_null(got);
  assert_non_null(again);
  assert_cuda(cudaMalloc((void **)&d_out, nCell * sizeof(float)));
  for (int v = 0; v < distance_nvariant; v++)
    for (int k = 1; k <= 32; k *= 2)
      for (int b = 0; b < 2; b++) {
        assert_cuda(cudaMemset(d_out, 0xff, nCell * sizeof(float)));
        assert_cuda(distance_launch(v, d_xy, P, k, d_out, W, H, aBlock[b][0], aBlock[b][1], 0));
        assert_cuda(cudaDeviceSynchronize());
        assert_cuda(cudaMemcpy(got, d_out, nCell * sizeof(float), cudaMemcpyDeviceToHost));
        assert_cuda(distance_launch(v, d_xy, P, k, d_out, W, H, aBlock[b][0], aBlock[b][1], 0));
        assert_cuda(cudaMemcpy(again, d_out, nCell * sizeof(float), cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < nCell; i++) {
          double err = fabs((double)got[i] - ref[i]);
          if (!(err <= ref_distance_tolerance(P, ref[i])))
            fail_msg("%s k=%d %dx%d P=%d block %dx%d: cell (%zu,%zu) = %.9g, want %.9g (bound %.3g)",
                     distance_variants[v].v.zKey, k, W, H, P, aBlock[b][0], aBlock[b][1], i % W, i / W,
                     (double)got[i], (double)ref[i], ref_distance_tolerance(P, ref[i]));
        }
        if (memcmp(got, again, nCell * sizeof(float)))
          fail_msg("%s k=%d %dx%d P=%d: a second launch changed the field (accumulated?)",
                   distance_variants[v].v.zKey, k, W, H, P);
      }
  cudaFree(d_out);
  free(got);
  free(again);
}

/* Every distance variant on the awkward shapes and the seed's. */
static void test_distance(void **state) {
  (void)state;
  REQUIRE_GPU();
  static const int aCase[][3] = {{1, 1, 1},     {1, 1, DISTANCE_MAX_POINTS},    {17, 33, 1},
                                 {17, 33, DISTANCE_MAX_POINTS}, {1000, 3, 1}, {1000, 3, DISTANCE_MAX_POINTS},
                                 {256, 256, 20}};
  float *xy = malloc(2 * sizeof(float) * DISTANCE_MAX_POINTS), *d_xy;
  assert_non_null(xy);
  uint64_t s = 0x5eed0000u;
  for (int i = 0; i < 2 * DISTANCE_MAX_POINTS; i++) xy[i] = 5.0f * rng_float(&s);
  assert_cuda(cudaSetDevice(0));
  assert_cuda(cudaMalloc((void **)&d_xy, 2 * sizeof(float) * DISTANCE_MAX_POINTS));
  assert_cuda(cudaMemcpy(d_xy, xy, 2 * sizeof(float) * DISTANCE_MAX_POINTS, cudaMemcpyHostToDevice));
  assert_cuda(distance_set_constant(xy, DISTANCE_MAX_POINTS));
  for (size_t c = 0; c < sizeof(aCase) / sizeof(aCase[0]); c++) {
    int W = aCase[c][0], H = aCase[c][1], P = aCase[c][2];
    float *ref = malloc((size_t)W * H * sizeof(float));
    assert_non_null(ref);
    ref_distance(xy, P, ref, W, H);
    check_distance(d_xy, P, W, H, ref);
    free(ref);
  }
  cudaFree(d_xy);
  free(xy);
}
int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_distance),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
