/*
** tests/gpu/require_gpu.h: the visible-skip rule of every GPU suite. Include
** after <cmocka.h>. REQUIRE_GPU() at the top of a test skips it, printing
** why, when no CUDA device is usable, so a machine without a GPU shows
** SKIPPED lines instead of passing silently. With the environment variable
** REQUIRE_GPU=1 (the GPU machine: `make test REQUIRE_GPU=1`) the same test
** fails instead, so a broken driver cannot pass as a skip. assert_cuda(call)
** fails the test when a CUDA call does not return cudaSuccess.
*/
#ifndef TESTS_GPU_REQUIRE_GPU_H
#define TESTS_GPU_REQUIRE_GPU_H

#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "experiments/harness/env.h"

/* Whether REQUIRE_GPU=1 is set: a GPU skip is then a failure. */
static inline int require_gpu_strict(void) {
  const char *z = getenv("REQUIRE_GPU");
  return z != NULL && strcmp(z, "1") == 0;
}

/* Skip the calling test, visibly, when no GPU is usable (fail under
** REQUIRE_GPU=1). */
#define REQUIRE_GPU()                                                       \
  do {                                                                      \
    char zWhy[256];                                                         \
    if (!env_gpu_usable(zWhy, sizeof zWhy)) {                               \
      if (require_gpu_strict()) fail_msg("REQUIRE_GPU=1 but %s", zWhy);     \
      print_message("SKIP: %s\n", zWhy);                                    \
      skip();                                                               \
    }                                                                       \
  } while (0)

/* Fail the test when a CUDA call does not return cudaSuccess. */
#define assert_cuda(call)                                                          \
  do {                                                                             \
    int rc_ = (int)(call);                                                         \
    if (rc_ != 0) fail_msg("%s: %s", #call, cudaGetErrorString((cudaError_t)rc_)); \
  } while (0)

#endif
