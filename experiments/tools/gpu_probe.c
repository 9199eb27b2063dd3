/*
** experiments/tools/gpu_probe.c: exit 0 if a CUDA GPU is usable here, else print
** why on stderr and exit 1. Make uses it to choose between measuring and
** rendering from the shipped data.
*/
#include <stdio.h>

#include "experiments/harness/env.h"

/* Probe the device count. */
int main(void) {
  char zWhy[512];
  if (env_gpu_usable(zWhy, sizeof(zWhy))) return 0;
  fprintf(stderr, "gpu-probe: %s\n", zWhy);
  return 1;
}
