/*
** experiments/tools/gpu_probe.c: exit 0 if a CUDA GPU is usable here, else print
** why on stderr and exit 1. Make uses it to choose between measuring and
** rendering from the shipped data.
*/
#include <stdio.h>
#include <string.h>

#include "experiments/harness/env.h"

static const char zHelp[] =
    "Usage: gpu-probe\n"
    "Exit 0 if a CUDA GPU is usable here; else print why (one line) and exit 1.\n";

/* Probe the device count. */
int main(int argc, char **argv) {
  char zWhy[512];
  if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    fputs(zHelp, stdout);
    return 0;
  }
  if (argc > 1) {
    fprintf(stderr, "gpu-probe: takes no arguments (gpu-probe --help)\n");
    return 2;
  }
  if (env_gpu_usable(zWhy, sizeof(zWhy))) return 0;
  fprintf(stderr, "gpu-probe: %s\n", zWhy);
  return 1;
}
