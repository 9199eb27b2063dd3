/*
** experiments/harness/gpu.c: device facts, L2 flush, event timing, copy probe.
*/
#include "gpu.h"

#include <stdio.h>
#include <string.h>

/* State shared by one process's measurements. */
static struct {
  cudaStream_t stream;   /* every launch goes here */
  void *d_flush;         /* L2-flush buffer, allocated once */
  size_t nFlushBytes;    /* its size: twice the L2 */
} g;

const char *gpu_error_string(int err) { return cudaGetErrorString((cudaError_t)err); }

int gpu_available(char *zWhy, size_t nWhy) {
  int n = 0;
  cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) {
    snprintf(zWhy, nWhy, "no usable CUDA device (%s)", cudaGetErrorString(e));
    return 0;
  }
  if (n < 1) {
    snprintf(zWhy, nWhy, "no CUDA device found");
    return 0;
  }
  return 1;
}

/* Read one integer device attribute, 0 when unavailable. */
static int attr(enum cudaDeviceAttr a) {
  int v = 0;
  if (cudaDeviceGetAttribute(&v, a, 0) != cudaSuccess) v = 0;
  return v;
}

int gpu_open(gpu_info *p) {
  struct cudaDeviceProp prop;
  cudaError_t e;
  memset(p, 0, sizeof(*p));
  if ((e = cudaSetDevice(0)) != cudaSuccess) return (int)e;
  if ((e = cudaGetDeviceProperties(&prop, 0)) != cudaSuccess) return (int)e;
  snprintf(p->zName, sizeof(p->zName), "%s", prop.name);
  for (int i = 0; i < 16; i++)
    snprintf(p->zUuid + 2 * i, 3, "%02x", (unsigned char)prop.uuid.bytes[i]);
  p->ccMajor = prop.major;
  p->ccMinor = prop.minor;
  p->nSm = prop.multiProcessorCount;
  p->nL2Bytes = prop.l2CacheSize;
  p->nGlobalBytes = (long long)prop.totalGlobalMem;
  p->smClockKhz = attr(cudaDevAttrClockRate);
  p->memClockKhz = attr(cudaDevAttrMemoryClockRate);
  p->busWidthBits = attr(cudaDevAttrGlobalMemoryBusWidth);
  p->peakGbps = 2.0 * p->memClockKhz * 1e3 * (p->busWidthBits / 8.0) / 1e9;
  cudaDriverGetVersion(&p->driverVersion);
  cudaRuntimeGetVersion(&p->runtimeVersion);
  if ((e = cudaStreamCreateWithFlags(&g.stream, cudaStreamNonBlocking)) != cudaSuccess) return (int)e;
  g.nFlushBytes = (size_t)(p->nL2Bytes > 0 ? p->nL2Bytes : (64 << 20)) * 2;
  if ((e = cudaMalloc(&g.d_flush, g.nFlushBytes)) != cudaSuccess) return (int)e;
  return 0;
}

cudaStream_t gpu_stream(void) { return g.stream; }

void gpu_close(void) {
  if (g.d_flush) cudaFree(g.d_flush);
  if (g.stream) cudaStreamDestroy(g.stream);
  memset(&g, 0, sizeof(g));
}

int gpu_flush_l2(void) {
  static unsigned char iFill = 0;
  return (int)cudaMemsetAsync(g.d_flush, iFill++, g.nFlushBytes, g.stream);
}

size_t gpu_free_bytes(void) {
  size_t nFree = 0, nTotal = 0;
  if (cudaMemGetInfo(&nFree, &nTotal) != cudaSuccess) return 0;
  return nFree;
}

#define GPU_MAX_REPS 1000

int gpu_time(const gpu_timing *t, gpu_fn xRun, gpu_fn xRestore, void *pCtx,
             double *aMs, int *pnRep) {
  static cudaEvent_t aStart[GPU_MAX_REPS], aStop[GPU_MAX_REPS];
  static int nEvent = 0;
  int rc, nRep = 0;
  double msTotal = 0;
  if (t->nRepMax > GPU_MAX_REPS || t->nRepMax < 1) return (int)cudaErrorInvalidValue;
  for (; nEvent < t->nRepMax; nEvent++) {
    if ((rc = (int)cudaEventCreate(&aStart[nEvent])) != 0) return rc;
    if ((rc = (int)cudaEventCreate(&aStop[nEvent])) != 0) return rc;
  }
  for (int i = 0; i < t->nWarmup; i++) {
    if (xRestore && (rc = xRestore(pCtx, g.stream)) != 0) return rc;
    if ((rc = xRun(pCtx, g.stream)) != 0) return rc;
  }
  if ((rc = (int)cudaStreamSynchronize(g.stream)) != 0) return rc;
  /* Repetitions go in batches so a slow kernel stops early at the budget. */
  while (nRep < t->nRepMax) {
    int nBatch = nRep == 0 ? (t->nRepMin < t->nRepMax ? t->nRepMin : t->nRepMax) : 1;
    if (nRep > 0 && msTotal >= t->msBudget) break;
    if (nRep > 0) {
      double msEach = msTotal / nRep;
      int nLeft = (int)((t->msBudget - msTotal) / (msEach > 1e-6 ? msEach : 1e-6));
      nBatch = nLeft < 1 ? 1 : nLeft;
      if (nBatch > t->nRepMax - nRep) nBatch = t->nRepMax - nRep;
    }
    for (int i = nRep; i < nRep + nBatch; i++) {
      if (xRestore && (rc = xRestore(pCtx, g.stream)) != 0) return rc;
      if (t->bFlushL2 && (rc = gpu_flush_l2()) != 0) return rc;
      if ((rc = (int)cudaEventRecord(aStart[i], g.stream)) != 0) return rc;
      if ((rc = xRun(pCtx, g.stream)) != 0) return rc;
      if ((rc = (int)cudaEventRecord(aStop[i], g.stream)) != 0) return rc;
    }
    if ((rc = (int)cudaStreamSynchronize(g.stream)) != 0) return rc;
    for (int i = nRep; i < nRep + nBatch; i++) {
      float ms = 0;
      if ((rc = (int)cudaEventElapsedTime(&ms, aStart[i], aStop[i])) != 0) return rc;
      aMs[i] = ms;
      msTotal += ms;
    }
    nRep += nBatch;
  }
  *pnRep = nRep;
  return 0;
}

/* One timed copy for the probe. */
static int copy_once(void *pCtx, cudaStream_t s) {
  void **ap = pCtx;
  return (int)cudaMemcpyAsync(ap[0], ap[1], (size_t)ap[2], cudaMemcpyDeviceToDevice, s);
}

double gpu_copy_gbps(size_t nBytes) {
  void *ap[3] = {NULL, NULL, (void *)nBytes};
  double aMs[20];
  int nRep = 0;
  gpu_timing t = {3, 20, 20, 1e9, 1};
  double gbps = 0;
  if (cudaMalloc(&ap[0], nBytes) == cudaSuccess && cudaMalloc(&ap[1], nBytes) == cudaSuccess &&
      cudaMemsetAsync(ap[1], 1, nBytes, g.stream) == cudaSuccess &&
      gpu_time(&t, copy_once, NULL, ap, aMs, &nRep) == 0) {
    /* median of the repetitions */
    for (int i = 1; i < nRep; i++)
      for (int j = i; j > 0 && aMs[j - 1] > aMs[j]; j--) {
        double x = aMs[j]; aMs[j] = aMs[j - 1]; aMs[j - 1] = x;
      }
    gbps = 2.0 * (double)nBytes / (aMs[nRep / 2] * 1e6);
  }
  cudaGetLastError();
  if (ap[0]) cudaFree(ap[0]);
  if (ap[1]) cudaFree(ap[1]);
  return gbps;
}
