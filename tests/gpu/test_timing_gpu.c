/*
** tests/gpu/test_timing_gpu.c: the harness's sampling (experiments/harness/gpu.c)
** on the GPU. Without a GPU every test prints 'SKIP: <reason>' and calls skip().
**   - the clean flush leaves no dirty lines: a read-only kernel's cold time
**     after a clean flush is the same whether the L2 was full of dirty lines
**     before the flush or not (a write-back would land in the flush, not in the
**     timed kernel); and the test can see a write-back: after the memset
**     flush, which leaves dirty lines, the same kernel is measurably slower.
**   - a host thread stalled between enqueueing the start event and the kernel
**     does not change a cold timing (the blocking kernel holds the stream).
**   - the minimal ('bare') sampling of the launch floors takes no clock
**     stamps (no SM clock), the default sampling does; both floors are a few
**     microseconds (run.launch_us, run.launch_bare_us).
**   - a sample's place no longer moves it (issue 36): the empty kernel's
**     median over each quarter of 800 samples in the order taken is within
**     2% of the others (one sample a window, the same queue around each);
**     the default sampling is at most 0.4 us slower than the bare one (only
**     the two clock stamps differ; the old 16-sample windows were 0.7 us
**     slower on one-GPU hosts). It prints the quarters, the offset, one
**     window ahead (gpu_sampling.nAhead 1) beside them, and samples/s.
**   - the studies' host buffers (gpu_host_alloc) are pinned in a process,
**     pageable after gpu_host_set_pageable(1) (what a profile child calls:
**     ncu backs pinned memory up on every replay pass), as the runtime sees
**     them (cudaPointerGetAttributes); 16 MiB go up and come back bit for
**     bit through gpu_upload and gpu_download from either.
**   - gpu_free_flush() (what a profile child calls) gives the flush buffer's
**     twice the L2 back to the device, and a flush after it is refused
**     rather than run on freed memory (runs last: it reopens the GPU).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "experiments/harness/ceiling.h"
#include "experiments/harness/gpu.h"
#include "tests/gpu/require_gpu.h"
#include "kernels/ceiling.h"
#include "kernels/timing.h"

#define NSAMPLE 400

/* The device, opened once. */
static struct {
  int bOpen;
  gpu_info info;
  void *d_read;          /* the read-only kernel's input: a quarter of the L2 less than it */
  size_t nRead;
  void *d_dirty;         /* twice the L2: written to fill it with dirty lines */
  size_t nDirty;
  unsigned long long *d_sink;
  int bStall;            /* 1: the kernel's launcher sleeps first */
} t;

/* Open the GPU and the buffers. */
static void open_gpu(void) {
  if (t.bOpen) return;
  assert_int_equal(gpu_open(&t.info), 0);
  t.nRead = (size_t)t.info.nL2Bytes * 3 / 4 / 16 * 16;
  t.nDirty = (size_t)t.info.nL2Bytes * 2;
  assert_int_equal(cudaMalloc(&t.d_read, t.nRead), cudaSuccess);
  assert_int_equal(cudaMalloc(&t.d_dirty, t.nDirty), cudaSuccess);
  assert_int_equal(cudaMalloc((void **)&t.d_sink, sizeof(*t.d_sink)), cudaSuccess);
  assert_int_equal(cudaMemset(t.d_read, 7, t.nRead), cudaSuccess);
  t.bOpen = 1;
}

/* The read-only kernel: reads d_read (writes nothing). */
static int read_kernel(void *pCtx, cudaStream_t s) {
  (void)pCtx;
  if (t.bStall) {
    struct timespec ts = {0, 2000000}; /* 2 ms: far longer than the kernel */
    nanosleep(&ts, NULL);
  }
  return timing_flush_read(t.d_read, t.nRead, t.d_sink, 1ull << 63, t.info.nSm, s);
}

/* Before the flush: fill the L2 with dirty lines. */
static int dirty_l2(void *pCtx, cudaStream_t s) {
  (void)pCtx;
  return (int)cudaMemsetAsync(t.d_dirty, 3, t.nDirty, s);
}

/* Before the flush: fill the L2 with clean lines. */
static int clean_l2(void *pCtx, cudaStream_t s) {
  (void)pCtx;
  return timing_flush_read(t.d_dirty, t.nDirty, t.d_sink, 1ull << 63, t.info.nSm, s);
}

/* Median of NSAMPLE fixed samples of the read kernel after xBefore and a flush. */
static double median_ms(int eFlush, gpu_fn xBefore) {
  static double aMs[NSAMPLE];
  gpu_sampling s = {3, eFlush, 0, 0, {0, 1, NSAMPLE, 0, 0}, 0, 0, 0};
  gpu_samples o = {aMs, 0, 1, 0, 0, 0, STATS_GO_ON, 0};
  assert_int_equal(gpu_sample(&s, read_kernel, xBefore, NULL, &o), 0);
  assert_int_equal(o.nMs, NSAMPLE);
  assert_int_equal(o.eStop, STATS_FIXED);
  stats st;
  assert_int_equal(stats_compute(aMs, o.nMs, &st), 0);
  return st.median;
}

/* Clean flush: the same cold time whatever was dirty before; memset: slower. */
static void test_clean_flush_no_writeback(void **state) {
  (void)state;
  REQUIRE_GPU();
  open_gpu();
  double msAfterClean = median_ms(GPU_FLUSH_CLEAN, clean_l2);
  double msAfterDirty = median_ms(GPU_FLUSH_CLEAN, dirty_l2);
  double msMemset = median_ms(GPU_FLUSH_MEMSET, clean_l2);
  print_message("read %.1f MiB: clean flush %.4f ms (L2 clean before) %.4f ms (dirty before); memset flush %.4f ms\n",
                t.nRead / 1048576.0, msAfterClean, msAfterDirty, msMemset);
  assert_true(msAfterDirty < msAfterClean * 1.03 && msAfterClean < msAfterDirty * 1.03);
  assert_true(msMemset > msAfterClean * 1.05); /* the test sees a write-back when there is one */
}

/* A 2 ms host stall before every kernel launch does not reach the timing. */
static void test_host_stall_not_timed(void **state) {
  (void)state;
  REQUIRE_GPU();
  open_gpu();
  t.bStall = 0;
  double msPlain = median_ms(GPU_FLUSH_CLEAN, NULL);
  t.bStall = 1;
  double msStalled = median_ms(GPU_FLUSH_CLEAN, NULL);
  t.bStall = 0;
  print_message("cold read: %.4f ms, with a 2 ms host stall before each launch %.4f ms\n", msPlain, msStalled);
  assert_true(msStalled < msPlain * 1.03 + 0.002);
  assert_true(msStalled < 0.5); /* nowhere near the 2 ms stall */
}

/* The read kernel sampled with bBare: no clock stamps, so no SM clock. */
static void test_bare_takes_no_stamps(void **state) {
  (void)state;
  REQUIRE_GPU();
  open_gpu();
  static double aMs[NSAMPLE];
  for (int bBare = 0; bBare <= 1; bBare++) {
    gpu_sampling s = {3, GPU_FLUSH_CLEAN, 0, 0, {0, 1, 64, 0, 0}, 0, bBare, 0};
    gpu_samples o = {aMs, 0, 1, 0, 0, 0, STATS_GO_ON, 0};
    assert_int_equal(gpu_sample(&s, read_kernel, NULL, NULL, &o), 0);
    assert_int_equal(o.nMs, 64);
    print_message("%s sampling: SM clock %.0f MHz\n", bBare ? "bare" : "default", o.clockMhz);
    if (bBare) assert_true(o.clockMhz == 0);
    else assert_true(o.clockMhz > 100);
  }
  double us = gpu_launch_floor_us(), usBare = gpu_launch_floor_bare_us();
  print_message("launch floor: %.3f us as samples are timed, %.3f us the minimal way\n", us, usBare);
  assert_true(us > 0.5 && us < 50);
  assert_true(usBare > 0.5 && usBare < 50);
}

/* The empty kernel, one launch. */
static int empty_kernel(void *pCtx, cudaStream_t s) {
  (void)pCtx;
  return ceiling_empty_launch(s);
}

/* qsort comparator for doubles. */
static int cmp_ms(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Median microseconds of a[0..n) (a copy is sorted). */
static double median_us(const double *a, int n) {
  static double aSort[2 * NSAMPLE];
  memcpy(aSort, a, sizeof(double) * (size_t)n);
  qsort(aSort, (size_t)n, sizeof(double), cmp_ms);
  return stats_quantile_sorted(aSort, n, 0.5) * 1e3;
}

/* The empty kernel: every quarter of the sample sequence has the same
** median, and the default sampling costs only the stamps over the bare one. */
static void test_place_independent(void **state) {
  (void)state;
  REQUIRE_GPU();
  open_gpu();
  static double aMs[2 * NSAMPLE];
  double aUs[3] = {0, 0, 0};
  const char *azName[3] = {"default (nothing ahead)", "one window ahead", "bare"};
  for (int k = 0; k < 3; k++) {
    gpu_sampling s = {10, GPU_FLUSH_CLEAN, 0, 0, {0, 1, 2 * NSAMPLE, 0, 0}, 0.95, k == 2, k == 1};
    gpu_samples o = {aMs, 0, 1, 0, 0, 0, STATS_GO_ON, 0};
    assert_int_equal(gpu_sample(&s, empty_kernel, NULL, NULL, &o), 0);
    assert_int_equal(o.nMs, 2 * NSAMPLE);
    double aQ[4], qMin = 1e30, qMax = 0;
    for (int q = 0; q < 4; q++) {
      aQ[q] = median_us(aMs + q * NSAMPLE / 2, NSAMPLE / 2);
      if (aQ[q] < qMin) qMin = aQ[q];
      if (aQ[q] > qMax) qMax = aQ[q];
    }
    aUs[k] = median_us(aMs, o.nMs);
    print_message("empty kernel, %s: median %.3f us; by quarter %.3f %.3f %.3f %.3f us (spread %.2f%%); "
                  "%.0f samples/s; %d clock discards\n", azName[k], aUs[k], aQ[0], aQ[1], aQ[2], aQ[3],
                  100 * (qMax / qMin - 1), o.nMs / (o.msSpent / 1e3), o.nClockDiscarded);
    assert_true(qMax <= qMin * 1.02);
  }
  print_message("harness offset (default - bare): %.3f us; one window ahead - bare: %.3f us\n", aUs[0] - aUs[2],
                aUs[1] - aUs[2]);
  assert_true(aUs[0] - aUs[2] < 0.4);
  assert_true(aUs[0] - aUs[2] > -0.2);
}

/* One host buffer of gpu_host_alloc in the current mode: the memory type
** the runtime sees is eType, and nBytes of it go to the device and back
** unchanged through gpu_upload and gpu_download. */
static void host_round_trip(enum cudaMemoryType eType, size_t nBytes) {
  unsigned char *hSrc = NULL, *hDst = NULL, *d = NULL;
  struct cudaPointerAttributes a;
  assert_int_equal(gpu_host_alloc((void **)&hSrc, nBytes), 0);
  assert_int_equal(gpu_host_alloc((void **)&hDst, nBytes), 0);
  assert_cuda(cudaPointerGetAttributes(&a, hSrc));
  assert_int_equal(a.type, eType);
  for (size_t i = 0; i < nBytes; i++) hSrc[i] = (unsigned char)(i * 2654435761u >> 13);
  memset(hDst, 0, nBytes);
  assert_cuda(cudaMalloc((void **)&d, nBytes));
  assert_int_equal(gpu_upload(d, hSrc, nBytes), 0);
  assert_int_equal(gpu_download(hDst, d, nBytes), 0);
  assert_memory_equal(hDst, hSrc, nBytes);
  assert_cuda(cudaFree(d));
  gpu_host_free(hSrc);
  gpu_host_free(hDst);
}

/* Pinned by default, pageable in a profile child's mode; copies work from both. */
static void test_host_alloc(void **state) {
  (void)state;
  REQUIRE_GPU();
  open_gpu();
  assert_int_equal(gpu_host_pageable(), 0);
  host_round_trip(cudaMemoryTypeHost, 16 << 20);
  assert_int_equal(gpu_host_set_pageable(1), 0);
  host_round_trip(cudaMemoryTypeUnregistered, 16 << 20);
  assert_int_equal(gpu_host_set_pageable(0), 0);
}

/* The flush buffer freed: its bytes are free again, 'clean' and 'memset'
** are refused, 'none' still does nothing. */
static void test_free_flush(void **state) {
  (void)state;
  REQUIRE_GPU();
  open_gpu();
  size_t nBefore = gpu_free_bytes();
  gpu_free_flush();
  size_t nAfter = gpu_free_bytes();
  print_message("free device memory: %.1f MiB before gpu_free_flush(), %.1f MiB after\n", nBefore / 1048576.0,
                nAfter / 1048576.0);
  assert_true(nAfter >= nBefore + (size_t)t.info.nL2Bytes * 2 * 9 / 10);
  assert_int_equal(gpu_flush(GPU_FLUSH_CLEAN), cudaErrorInvalidValue);
  assert_int_equal(gpu_flush(GPU_FLUSH_MEMSET), cudaErrorInvalidValue);
  assert_int_equal(gpu_flush(GPU_FLUSH_NONE), 0);
  gpu_free_flush(); /* twice: nothing */
  gpu_close();
  assert_int_equal(gpu_open(&t.info), 0); /* the flush buffer again, for any later test */
  assert_int_equal(gpu_flush(GPU_FLUSH_CLEAN), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_bare_takes_no_stamps),
      cmocka_unit_test(test_clean_flush_no_writeback),
      cmocka_unit_test(test_host_stall_not_timed),
      cmocka_unit_test(test_place_independent),
      cmocka_unit_test(test_host_alloc),
      cmocka_unit_test(test_free_flush),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
