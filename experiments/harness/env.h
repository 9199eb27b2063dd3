/*
** experiments/harness/env.h: errors that are about the environment (no
** driver, no device, a driver too old, a build without code for this GPU),
** not about a configuration: such an error is never stored as a failed
** configuration; the run says what to do in one line and exits 3.
*/
#ifndef HARNESS_ENV_H
#define HARNESS_ENV_H

#include <stddef.h>

#include "experiments/harness/gpu.h"

/* 1 if a CUDA GPU is usable; otherwise 0 with one line in zWhy: "no NVIDIA
** driver or GPU" where there is none, else what is wrong. */
int env_gpu_usable(char *zWhy, size_t nWhy);

/* 1 if the cudaError_t err is about the environment. */
int env_error(int err);

/* One line for environment error err on the GPU g (may be NULL): for a build
** without code the GPU can run, its name, compute capability and the
** `make CUDA_ARCH=sm_XY` to use. */
void env_describe(int err, const gpu_info *g, char *zWhy, size_t nWhy);

#endif
