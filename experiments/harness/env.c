/*
** experiments/harness/env.c: environment errors (see env.h).
*/
#include "experiments/harness/env.h"

#include <stdio.h>

int env_gpu_usable(char *zWhy, size_t nWhy) {
  int n = 0, iDriver = 0, iRuntime = 0;
  cudaError_t e = cudaGetDeviceCount(&n);
  if (e == cudaSuccess && n > 0) return 1;
  cudaDriverGetVersion(&iDriver);
  cudaRuntimeGetVersion(&iRuntime);
  if (iDriver == 0 || e == cudaErrorNoDevice || (e == cudaSuccess && n == 0))
    snprintf(zWhy, nWhy, "no NVIDIA driver or GPU");
  else if (e == cudaErrorInsufficientDriver)
    snprintf(zWhy, nWhy, "the NVIDIA driver (CUDA %d.%d) is older than this build's CUDA runtime (%d.%d): "
             "update the driver", iDriver / 1000, iDriver % 1000 / 10, iRuntime / 1000, iRuntime % 1000 / 10);
  else
    snprintf(zWhy, nWhy, "no usable NVIDIA GPU (%s)", cudaGetErrorString(e));
  return 0;
}

/* 1 if err says the build holds no code the device can run. */
static int no_code(int err) {
  return err == cudaErrorNoKernelImageForDevice || err == cudaErrorInvalidDeviceFunction ||
         err == cudaErrorUnsupportedPtxVersion || err == cudaErrorInvalidPtx ||
         err == cudaErrorJitCompilerNotFound || err == cudaErrorJitCompilationDisabled;
}

int env_error(int err) {
  return no_code(err) || err == cudaErrorInsufficientDriver || err == cudaErrorNoDevice ||
         err == cudaErrorStubLibrary || err == cudaErrorCallRequiresNewerDriver ||
         err == cudaErrorDevicesUnavailable || err == cudaErrorSystemDriverMismatch ||
         err == cudaErrorCompatNotSupportedOnDevice;
}

void env_describe(int err, const gpu_info *g, char *zWhy, size_t nWhy) {
  const char *zName = cudaGetErrorName((cudaError_t)err);
  if (no_code(err) && g)
    snprintf(zWhy, nWhy, "this build holds no code the %s (compute capability %d.%d) can run (%s): "
             "rebuild with make CUDA_ARCH=sm_%d%d", g->zName, g->ccMajor, g->ccMinor, zName, g->ccMajor,
             g->ccMinor);
  else
    snprintf(zWhy, nWhy, "%s (%s)", cudaGetErrorString((cudaError_t)err), zName);
}
