/*
** tests/unit/test_host_alloc.c: the allocator of the studies' host buffers
** (gpu_host_alloc, experiments/harness/gpu.h) without a GPU: a process
** starts pinning; gpu_host_set_pageable(1) (what a profile child calls at its
** entry) makes buffers malloc'd, usable and freed by free (AddressSanitizer
** sees a leak or a wrong free); the mode cannot change while a buffer is
** live, so every free matches its allocator; freeing NULL counts nothing.
** Pinned buffers need a GPU: tests/gpu/test_timing_gpu.c checks them. The
** tests share the process's mode, so they run in order.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "experiments/harness/gpu.h"

/* A process starts pinning; the setter switches while nothing is live. */
static void test_default_pinned(void **state) {
  (void)state;
  assert_int_equal(gpu_host_pageable(), 0);
  assert_int_equal(gpu_host_set_pageable(1), 0);
  assert_int_equal(gpu_host_pageable(), 1);
  assert_int_equal(gpu_host_set_pageable(0), 0);
  assert_int_equal(gpu_host_pageable(), 0);
  gpu_host_free(NULL); /* pinned mode: touches no CUDA, counts nothing */
}

/* Pageable buffers are usable; the mode holds while any is live. */
static void test_pageable_locked_while_live(void **state) {
  (void)state;
  void *p = NULL, *q = NULL;
  assert_int_equal(gpu_host_set_pageable(1), 0);
  assert_int_equal(gpu_host_alloc(&p, 1 << 20), 0);
  assert_int_equal(gpu_host_alloc(&q, 0), 0);
  assert_non_null(p);
  assert_non_null(q);
  memset(p, 0x5a, 1 << 20);
  assert_int_equal(gpu_host_set_pageable(0), -1);
  assert_int_equal(gpu_host_pageable(), 1);
  assert_int_equal(gpu_host_set_pageable(1), 0); /* no change: allowed */
  gpu_host_free(p);
  assert_int_equal(gpu_host_set_pageable(0), -1); /* q is live */
  gpu_host_free(q);
  assert_int_equal(gpu_host_set_pageable(0), 0);
  assert_int_equal(gpu_host_pageable(), 0);
}

/* Freeing NULL counts nothing: a buffer made after it still locks the mode. */
static void test_free_null(void **state) {
  (void)state;
  void *p = NULL;
  assert_int_equal(gpu_host_set_pageable(1), 0);
  gpu_host_free(NULL);
  gpu_host_free(NULL);
  assert_int_equal(gpu_host_alloc(&p, 64), 0);
  assert_int_equal(gpu_host_set_pageable(0), -1);
  gpu_host_free(p);
  assert_int_equal(gpu_host_set_pageable(0), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_default_pinned),
      cmocka_unit_test(test_pageable_locked_while_live),
      cmocka_unit_test(test_free_null),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
