/*
** experiments/harness/device_limits.h: what one configuration needs of the device, and the
** one rule every study skips configurations by (issue 11): device memory,
** threads per block, shared and constant memory, texture width and
** Hopper-only variants, all against the properties of the GPU the run opened
** (gpu_info, filled by gpu_open()), never against numbers of one GPU.
**
** Without an open GPU (--list, or a host-only run) nothing is checked: the
** configuration is listed as run, and --list says that device limits are
** checked when a run opens the GPU.
*/
#ifndef EXPERIMENTS_DEVICE_LIMITS_H
#define EXPERIMENTS_DEVICE_LIMITS_H

#include <stdio.h>

#include "experiments/harness/gpu.h"
#include "kernels/variant.h"

/* What one configuration needs; 0 = nothing of that kind. */
typedef struct device_need {
  long long nGlobalBytes;    /* device memory */
  int nThreadsPerBlock;      /* threads of one block */
  long long nSharedPerBlock; /* dynamic shared memory of one block */
  long long nConstBytes;     /* __constant__ memory of the variant's module */
  long long nTex1DElems;     /* elements of a 1D linear texture */
  unsigned mFlags;           /* the variant's flags: VARIANT_HOPPER_ONLY */
} device_need;

/* NULL if the GPU g meets pNeed, else why not (written into z). NULL too
** when no GPU is open (g NULL or without multiprocessors). */
static inline const char *device_skip(const gpu_info *g, const device_need *pNeed, char *z, size_t nz) {
  const double GiB = 1073741824.0;
  if (g == NULL || g->nSm == 0) return NULL;
  if ((pNeed->mFlags & VARIANT_HOPPER_ONLY) && g->ccMajor < 9)
    snprintf(z, nz, "Hopper-only variant: needs compute capability 9.0, the %s has %d.%d", g->zName, g->ccMajor,
             g->ccMinor);
  else if (pNeed->nGlobalBytes > g->nGlobalBytes)
    snprintf(z, nz, "needs %.2f GiB of device memory, the %s has %.2f GiB", pNeed->nGlobalBytes / GiB, g->zName,
             g->nGlobalBytes / GiB);
  else if (pNeed->nThreadsPerBlock > g->maxThreadsPerBlock)
    snprintf(z, nz, "block of %d threads, the %s allows %d", pNeed->nThreadsPerBlock, g->zName,
             g->maxThreadsPerBlock);
  else if (pNeed->nSharedPerBlock > g->nSharedPerBlock)
    snprintf(z, nz, "needs %lld bytes of shared memory per block, the %s allows %lld", pNeed->nSharedPerBlock,
             g->zName, g->nSharedPerBlock);
  else if (pNeed->nConstBytes > g->nConstBytes)
    snprintf(z, nz, "needs %lld bytes of constant memory, the %s has %lld", pNeed->nConstBytes, g->zName,
             g->nConstBytes);
  else if (pNeed->nTex1DElems > g->nTex1DLinear)
    snprintf(z, nz, "n = %lld exceeds the %s's largest 1D linear texture (%lld elements)", pNeed->nTex1DElems,
             g->zName, g->nTex1DLinear);
  else
    return NULL;
  return z;
}

#endif
