/*
** tests/unit/test_cuda_error.c: the stored text of a CUDA error
** (bench_cuda_error_text and bench_cuda_fail, experiments/harness/bench.c),
** given the code alone: the runtime's tables need no GPU, so these run here
** and hold after a sticky error (a __trap() gives 719) on the GPU machine.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "experiments/harness/bench.h"

/* The sticky error of __trap(): its text and name, fatal, not environmental. */
static void test_trap_error(void **state) {
  (void)state;
  static bench_out out;
  memset(&out, 0, sizeof(out));
  bench_cuda_fail(&out, "injected __trap()", cudaErrorLaunchFailure);
  assert_string_equal(out.zError, "injected __trap(): unspecified launch failure (cudaErrorLaunchFailure)");
  assert_true(out.bFailed);
  assert_true(out.bFatal);
  assert_false(out.bEnvError);
}

/* The out-of-bounds write's error. */
static void test_oob_error(void **state) {
  (void)state;
  char z[256];
  bench_cuda_error_text(z, sizeof(z), "injected out-of-bounds write", cudaErrorIllegalAddress);
  assert_string_equal(z, "injected out-of-bounds write: an illegal memory access was encountered "
                         "(cudaErrorIllegalAddress)");
}

/* A code the runtime does not know is named by its number. */
static void test_unknown_code(void **state) {
  (void)state;
  char z[256];
  bench_cuda_error_text(z, sizeof(z), "timing", 12345);
  assert_string_equal(z, "timing: unrecognized error code (cudaError_t 12345)");
}

/* No zWhat, a short buffer: still text, cut to the buffer. */
static void test_never_empty(void **state) {
  (void)state;
  char z[8];
  bench_cuda_error_text(z, sizeof(z), NULL, cudaErrorLaunchFailure);
  assert_string_equal(z, "CUDA ca");
  bench_cuda_error_text(z, sizeof(z), "", cudaErrorLaunchFailure);
  assert_string_equal(z, "CUDA ca");
}

/* Recoverable errors leave the context usable. */
static void test_not_fatal(void **state) {
  (void)state;
  static bench_out out;
  memset(&out, 0, sizeof(out));
  bench_cuda_fail(&out, "launch", cudaErrorInvalidConfiguration);
  assert_true(out.bFailed);
  assert_false(out.bFatal);
  assert_string_equal(out.zError, "launch: invalid configuration argument (cudaErrorInvalidConfiguration)");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_trap_error),  cmocka_unit_test(test_oob_error),
      cmocka_unit_test(test_unknown_code), cmocka_unit_test(test_never_empty),
      cmocka_unit_test(test_not_fatal),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
