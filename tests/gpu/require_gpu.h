/*
** tests/gpu/require_gpu.h: the visible-skip rule of every GPU suite. Include
** after <cmocka.h>. REQUIRE_GPU() at the top of a test skips it, printing
** why, when no CUDA device is usable, so a machine without a GPU shows
** SKIPPED lines instead of passing silently.
*/
#ifndef TESTS_GPU_REQUIRE_GPU_H
#define TESTS_GPU_REQUIRE_GPU_H

#include "gpu.h"

/* Skip the calling test, visibly, when no GPU is usable. */
#define REQUIRE_GPU()                                  \
  do {                                                 \
    char zWhy[256];                                    \
    if (!gpu_available(zWhy, sizeof zWhy)) {           \
      print_message("SKIP: %s\n", zWhy);               \
      skip();                                          \
    }                                                  \
  } while (0)

#endif
