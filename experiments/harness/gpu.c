/*
** experiments/harness/gpu.c: device facts, L2 flush, sampling, copy probe (see gpu.h).
*/
#include "experiments/harness/gpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernels/timing.h"

/* Samples enqueued behind one blocking kernel, at most. A window is a few
** hundred operations, well inside the launch queue: a full queue would block
** the host while the GPU waits for the host (until the spin's bound). */
#define GPU_WINDOW 16
/* How long the blocking kernel waits for the host at most. */
#define GPU_BLOCK_TIMEOUT_NS 1000000000ull
/* Launches per batch sample, at most (a window of one sample in batch mode). */
#define GPU_BATCH_MAX 128
/* A sample's clock decides a discard only if its span is this long (the
** resolution of %globaltimer is 32 ns to 1 us). */
#define GPU_CLOCK_MIN_NS 10000ull

/* State shared by one process's measurements. */
static struct {
  cudaStream_t stream;   /* every launch goes here */
  void *d_flush;         /* L2-flush buffer, allocated once */
  size_t nFlushBytes;    /* its size: twice the L2 */
  unsigned long long *d_sink; /* the read flush's (never written) result */
  int nSm;               /* multiprocessors: sizes the flush and stamp grids */
  volatile int *hFlag, *dFlag;         /* blocking kernel's release flag (mapped) */
  volatile int *hTimedOut, *dTimedOut; /* set by the blocking kernel if it gave up */
  timing_stamp_t *hStamp, *dStamp;     /* 2 x GPU_WINDOW clock stamps (mapped) */
  cudaEvent_t aStart[GPU_WINDOW], aStop[GPU_WINDOW];
  unsigned int iSeq;     /* stamp sequence number */
  int bCaptureFailed;    /* the last gpu_sample failed in its graph capture */
  double msSampling;     /* wall time spent in gpu_sample */
} g;

const char *gpu_flush_name(int e) {
  return e == GPU_FLUSH_CLEAN ? "clean" : e == GPU_FLUSH_MEMSET ? "memset" : e == GPU_FLUSH_NONE ? "none" : NULL;
}

double gpu_sampling_ms_total(void) { return g.msSampling; }

int gpu_capture_failed(void) { return g.bCaptureFailed; }

/* Monotonic clock in milliseconds. */
static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

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
  p->maxThreadsPerBlock = prop.maxThreadsPerBlock;
  p->nSharedPerBlock = (long long)prop.sharedMemPerBlock;
  p->nConstBytes = (long long)prop.totalConstMem;
  p->nTex1DLinear = attr(cudaDevAttrMaxTexture1DLinearWidth);
  /* No persisting-L2 set-aside survives from an earlier process: its limit
  ** to zero, its lines back to normal (devices without it say no: ignored). */
  cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 0);
  cudaCtxResetPersistingL2Cache();
  cudaGetLastError();
  g.nSm = p->nSm;
  if ((e = cudaStreamCreateWithFlags(&g.stream, cudaStreamNonBlocking)) != cudaSuccess) return (int)e;
  g.nFlushBytes = (size_t)(p->nL2Bytes > 0 ? p->nL2Bytes : (64 << 20)) * 2;
  if ((e = cudaMalloc(&g.d_flush, g.nFlushBytes)) != cudaSuccess) return (int)e;
  if ((e = cudaMemset(g.d_flush, 0x5a, g.nFlushBytes)) != cudaSuccess) return (int)e;
  if ((e = cudaMalloc((void **)&g.d_sink, sizeof(*g.d_sink))) != cudaSuccess) return (int)e;
  /* The flags and stamps live in mapped host memory: the host writes the
  ** flag while the GPU spins on it, the GPU writes stamps the host reads. */
  if ((e = cudaHostAlloc((void **)&g.hFlag, 2 * sizeof(int), cudaHostAllocMapped)) != cudaSuccess) return (int)e;
  g.hTimedOut = g.hFlag + 1;
  if ((e = cudaHostGetDevicePointer((void **)&g.dFlag, (void *)g.hFlag, 0)) != cudaSuccess) return (int)e;
  g.dTimedOut = g.dFlag + 1;
  if ((e = cudaHostAlloc((void **)&g.hStamp, 2 * GPU_WINDOW * sizeof(timing_stamp_t), cudaHostAllocMapped)) !=
      cudaSuccess) return (int)e;
  memset(g.hStamp, 0, 2 * GPU_WINDOW * sizeof(timing_stamp_t));
  if ((e = cudaHostGetDevicePointer((void **)&g.dStamp, g.hStamp, 0)) != cudaSuccess) return (int)e;
  for (int i = 0; i < GPU_WINDOW; i++) {
    if ((e = cudaEventCreate(&g.aStart[i])) != cudaSuccess) return (int)e;
    if ((e = cudaEventCreate(&g.aStop[i])) != cudaSuccess) return (int)e;
  }
  return 0;
}

cudaStream_t gpu_stream(void) { return g.stream; }

/* The status of a copy just enqueued on the stream, else of waiting for it. */
static int copy_wait(cudaError_t e) {
  if (e == cudaSuccess) e = cudaStreamSynchronize(g.stream);
  return (int)e;
}

int gpu_upload(void *dDst, const void *hSrc, size_t nBytes) {
  return copy_wait(cudaMemcpyAsync(dDst, hSrc, nBytes, cudaMemcpyHostToDevice, g.stream));
}

int gpu_download(void *hDst, const void *dSrc, size_t nBytes) {
  return copy_wait(cudaMemcpyAsync(hDst, dSrc, nBytes, cudaMemcpyDeviceToHost, g.stream));
}

int gpu_upload_2d(void *dDst, size_t nDstPitch, const void *hSrc, size_t nSrcPitch, size_t nWidth, size_t nHeight) {
  return copy_wait(
      cudaMemcpy2DAsync(dDst, nDstPitch, hSrc, nSrcPitch, nWidth, nHeight, cudaMemcpyHostToDevice, g.stream));
}

void gpu_close(void) {
  for (int i = 0; i < GPU_WINDOW; i++) {
    if (g.aStart[i]) cudaEventDestroy(g.aStart[i]);
    if (g.aStop[i]) cudaEventDestroy(g.aStop[i]);
  }
  if (g.hStamp) cudaFreeHost(g.hStamp);
  if (g.hFlag) cudaFreeHost((void *)g.hFlag);
  if (g.d_sink) cudaFree(g.d_sink);
  if (g.d_flush) cudaFree(g.d_flush);
  if (g.stream) cudaStreamDestroy(g.stream);
  double ms = g.msSampling;
  memset(&g, 0, sizeof(g));
  g.msSampling = ms;
}

int gpu_flush(int eFlush) {
  static unsigned char iFill = 0;
  if (eFlush == GPU_FLUSH_NONE) return 0;
  if (eFlush == GPU_FLUSH_MEMSET) return (int)cudaMemsetAsync(g.d_flush, iFill++, g.nFlushBytes, g.stream);
  /* The key never equals a 32-bit XOR, but the compiler cannot know it. */
  return timing_flush_read(g.d_flush, g.nFlushBytes, g.d_sink, 1ull << 63, g.nSm, g.stream);
}

int gpu_flush_l2(void) { return gpu_flush(GPU_FLUSH_CLEAN); }

size_t gpu_free_bytes(void) {
  size_t nFree = 0, nTotal = 0;
  if (cudaMemGetInfo(&nFree, &nTotal) != cudaSuccess) return 0;
  return nFree;
}

/* The SM clock (MHz) between two stamps, 0 if either is not valid (no block
** ran on SM 0) or the span is shorter than nsMin. */
static double stamp_mhz(const timing_stamp_t *a, const timing_stamp_t *b, unsigned int seqA,
                        unsigned int seqB, unsigned long long nsMin) {
  if (a->seq != seqA || b->seq != seqB || b->ns <= a->ns || b->clk <= a->clk) return 0;
  if (b->ns - a->ns < nsMin) return 0;
  return (double)(b->clk - a->clk) / (double)(b->ns - a->ns) * 1e3;
}

/* Capture nPer calls of xRun on the stream into a graph, instantiate it into
** *pExec and upload it. The capture is always ended, so on an error the
** stream is out of capture mode and *pExec is NULL. 0 or the cudaError_t. */
static int graph_capture(gpu_fn xRun, void *pCtx, int nPer, cudaGraphExec_t *pExec) {
  cudaGraph_t graph = NULL;
  size_t nNode = 0;
  *pExec = NULL;
  int rc = (int)cudaStreamBeginCapture(g.stream, cudaStreamCaptureModeThreadLocal);
  if (rc) return rc;
  for (int k = 0; k < nPer && rc == 0; k++) rc = xRun(pCtx, g.stream);
  const int rcEnd = (int)cudaStreamEndCapture(g.stream, &graph);
  if (rc == 0) rc = rcEnd;
  /* Every call must have put work into the graph (a launch on another
  ** stream would run at capture time instead). */
  if (rc == 0 && (graph == NULL || cudaGraphGetNodes(graph, NULL, &nNode) != cudaSuccess || nNode < (size_t)nPer))
    rc = (int)cudaErrorStreamCaptureIsolation;
  if (rc == 0) rc = (int)cudaGraphInstantiate(pExec, graph, 0);
  if (graph) cudaGraphDestroy(graph);
  if (rc == 0) rc = (int)cudaGraphUpload(*pExec, g.stream);
  if (rc) {
    if (*pExec) cudaGraphExecDestroy(*pExec);
    *pExec = NULL;
    cudaGetLastError(); /* capture errors are not sticky: clear, the stream goes on */
  }
  return rc;
}

int gpu_count_launches(gpu_fn xRun, void *pCtx) {
  cudaGraph_t graph = NULL;
  size_t nNode = 0;
  int nLaunch = 0;
  int rc = (int)cudaStreamBeginCapture(g.stream, cudaStreamCaptureModeThreadLocal);
  if (rc == 0) {
    rc = xRun(pCtx, g.stream);
    const int rcEnd = (int)cudaStreamEndCapture(g.stream, &graph);
    if (rc == 0) rc = rcEnd;
  }
  if (rc == 0 && graph && cudaGraphGetNodes(graph, NULL, &nNode) == cudaSuccess && nNode > 0) {
    cudaGraphNode_t *aNode = malloc(sizeof(*aNode) * nNode);
    if (aNode && cudaGraphGetNodes(graph, aNode, &nNode) == cudaSuccess)
      for (size_t i = 0; i < nNode; i++) {
        enum cudaGraphNodeType e;
        if (cudaGraphNodeGetType(aNode[i], &e) == cudaSuccess &&
            (e == cudaGraphNodeTypeKernel || e == cudaGraphNodeTypeMemset || e == cudaGraphNodeTypeMemcpy))
          nLaunch++;
      }
    free(aNode);
  }
  if (graph) cudaGraphDestroy(graph);
  cudaGetLastError(); /* capture errors are not sticky: clear, the stream goes on */
  return rc == 0 ? nLaunch : 0;
}

/* Enqueue one sample at window slot w: nPerSample calls of xRun, or one
** launch of exec (graph mode) that holds them. */
static int enqueue_sample(const gpu_sampling *t, gpu_fn xRun, gpu_fn xRestore, void *pCtx, int w,
                          int nPerSample, cudaGraphExec_t exec, unsigned int *aSeq) {
  int rc, nStampBlocks = 2 * (g.nSm > 0 ? g.nSm : 1);
  if (xRestore && (rc = xRestore(pCtx, g.stream)) != 0) return rc;
  if ((rc = gpu_flush(t->eFlush)) != 0) return rc;
  aSeq[2 * w] = ++g.iSeq;
  if (!t->bBare && (rc = timing_stamp(&g.dStamp[2 * w], aSeq[2 * w], nStampBlocks, g.stream)) != 0) return rc;
  if ((rc = (int)cudaEventRecord(g.aStart[w], g.stream)) != 0) return rc;
  if (exec) {
    if ((rc = (int)cudaGraphLaunch(exec, g.stream)) != 0) return rc;
  } else {
    for (int k = 0; k < nPerSample; k++)
      if ((rc = xRun(pCtx, g.stream)) != 0) return rc;
  }
  if ((rc = (int)cudaEventRecord(g.aStop[w], g.stream)) != 0) return rc;
  aSeq[2 * w + 1] = ++g.iSeq;
  if (t->bBare) return 0; /* no stamps: stamp_mhz() sees stale sequence numbers, clock 0 */
  return timing_stamp(&g.dStamp[2 * w + 1], aSeq[2 * w + 1], nStampBlocks, g.stream);
}

/* Time nWin samples enqueued behind the blocking kernel into aMs (ms per
** launch) and aMhz (SM clock, 0 unknown; aMhzOk: long enough to judge).
** *pbTimedOut: the block gave up before the window was enqueued. */
static int run_window(const gpu_sampling *t, gpu_fn xRun, gpu_fn xRestore, void *pCtx, int nWin,
                      int nPerSample, cudaGraphExec_t exec, double *aMs, double *aMhz, int *aMhzOk,
                      int *pbTimedOut) {
  unsigned int aSeq[2 * GPU_WINDOW];
  int rc;
  *g.hFlag = 0;
  *g.hTimedOut = 0;
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  if ((rc = timing_block(g.dFlag, g.dTimedOut, GPU_BLOCK_TIMEOUT_NS, g.stream)) != 0) return rc;
  for (int w = 0; w < nWin; w++) {
    rc = enqueue_sample(t, xRun, xRestore, pCtx, w, nPerSample, exec, aSeq);
    if (rc) {
      __atomic_store_n(g.hFlag, 1, __ATOMIC_SEQ_CST); /* never leave the block spinning */
      cudaStreamSynchronize(g.stream);
      return rc;
    }
  }
  __atomic_store_n(g.hFlag, 1, __ATOMIC_SEQ_CST);
  if ((rc = (int)cudaStreamSynchronize(g.stream)) != 0) return rc;
  *pbTimedOut = __atomic_load_n(g.hTimedOut, __ATOMIC_SEQ_CST) != 0;
  for (int w = 0; w < nWin; w++) {
    float ms = 0;
    if ((rc = (int)cudaEventElapsedTime(&ms, g.aStart[w], g.aStop[w])) != 0) return rc;
    aMs[w] = ms / nPerSample;
    aMhz[w] = stamp_mhz(&g.hStamp[2 * w], &g.hStamp[2 * w + 1], aSeq[2 * w], aSeq[2 * w + 1], 2000);
    aMhzOk[w] = stamp_mhz(&g.hStamp[2 * w], &g.hStamp[2 * w + 1], aSeq[2 * w], aSeq[2 * w + 1],
                          GPU_CLOCK_MIN_NS) > 0;
  }
  return 0;
}

/* qsort comparator for doubles. */
static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int gpu_sample(const gpu_sampling *t, gpu_fn xRun, gpu_fn xRestore, void *pCtx, gpu_samples *pOut) {
  const stats_rule *r = &t->rule;
  double t0 = now_ms(), aMs[GPU_WINDOW], aMhz[GPU_WINDOW], mhzMax = 0, mhzSum = 0;
  int aMhzOk[GPU_WINDOW], rc = 0, nMhz = 0, nWin = 1, nPer = 1, nCheckAt = r->nMin > 2 ? r->nMin : 2;
  double *aSort = NULL;
  cudaGraphExec_t exec = NULL;
  g.bCaptureFailed = 0;
  pOut->nMs = pOut->nClockDiscarded = pOut->nWindowTimeouts = 0;
  pOut->nPerSample = 1;
  pOut->clockMhz = 0;
  pOut->eStop = STATS_GO_ON;
  if (r->nMax < 1) return (int)cudaErrorInvalidValue;
  for (int i = 0; i < t->nWarmup; i++) {
    if (xRestore && (rc = xRestore(pCtx, g.stream)) != 0) return rc;
    if ((rc = xRun(pCtx, g.stream)) != 0) return rc;
  }
  if ((rc = (int)cudaStreamSynchronize(g.stream)) != 0) return rc;
  if (t->bBatch) nPer = t->nBatch < 1 ? 1 : t->nBatch > GPU_BATCH_MAX ? GPU_BATCH_MAX : t->nBatch;
  if (t->bBatch == GPU_MODE_GRAPH) {
    /* The batch's launches in one graph, captured once; one untimed replay
    ** (the first launch of a graph costs more than the later ones). */
    if ((rc = graph_capture(xRun, pCtx, nPer, &exec)) != 0) {
      g.bCaptureFailed = 1;
      return rc;
    }
    if ((xRestore && (rc = xRestore(pCtx, g.stream)) != 0) || (rc = (int)cudaGraphLaunch(exec, g.stream)) != 0 ||
        (rc = (int)cudaStreamSynchronize(g.stream)) != 0) {
      cudaGraphExecDestroy(exec);
      return rc;
    }
  }
  pOut->nPerSample = nPer;
  aSort = malloc(sizeof(double) * (size_t)r->nMax);
  if (!aSort) {
    if (exec) cudaGraphExecDestroy(exec);
    return (int)cudaErrorMemoryAllocation;
  }
  double noise = 1.0;
  while (pOut->eStop == STATS_GO_ON) {
    int bTimedOut = 0, nRoom = r->nMax - pOut->nMs;
    if (nWin > nRoom) nWin = nRoom;
    double tw = now_ms();
    if ((rc = run_window(t, xRun, xRestore, pCtx, nWin, nPer, exec, aMs, aMhz, aMhzOk, &bTimedOut)) != 0) break;
    double msWin = now_ms() - tw;
    if (bTimedOut && nWin > 1) {
      /* The host took longer than the block waits: a gap may be inside. */
      pOut->nWindowTimeouts++;
      nWin = nWin / 2;
    } else {
      int nDiscardMax = pOut->nMs / 4 > 64 ? pOut->nMs / 4 : 64;
      for (int w = 0; w < nWin; w++) {
        if (aMhzOk[w] && aMhz[w] > mhzMax) mhzMax = aMhz[w];
        if (t->clockKeep > 0 && aMhzOk[w] && aMhz[w] < t->clockKeep * mhzMax &&
            pOut->nClockDiscarded < nDiscardMax) {
          pOut->nClockDiscarded++;
          continue;
        }
        if (aMhz[w] > 0) { mhzSum += aMhz[w]; nMhz++; }
        pOut->aMs[pOut->nMs++] = aMs[w];
      }
      /* Grow the window while a window takes under 1/8 of the cap. */
      double msPerSample = msWin / nWin;
      int nWant = msPerSample > 0 && r->msCap > 0 ? (int)(r->msCap / 8 / msPerSample) : GPU_WINDOW;
      nWin = t->bBatch || t->bBare ? 1 : nWant < 1 ? 1 : nWant > GPU_WINDOW ? GPU_WINDOW : nWant;
    }
    double msSpent = now_ms() - t0;
    /* The noise is checked every ~25% more samples (a sort each time). */
    int bCheck = pOut->nMs >= nCheckAt || msSpent >= r->msCap || pOut->nMs >= r->nMax;
    if (bCheck && r->target > 0 && pOut->nMs > 0) {
      memcpy(aSort, pOut->aMs, sizeof(double) * (size_t)pOut->nMs);
      qsort(aSort, (size_t)pOut->nMs, sizeof(double), cmp_double);
      noise = stats_median_noise_sorted(aSort, pOut->nMs);
      nCheckAt = pOut->nMs + (pOut->nMs / 4 > 1 ? pOut->nMs / 4 : 1);
    }
    pOut->eStop = stats_stop_rule(r, pOut->nMs, msSpent, bCheck ? noise : 1.0);
    if (pOut->eStop == STATS_GO_ON && msSpent >= r->msCap * 4 + 1000 && pOut->nMs == 0) {
      rc = (int)cudaErrorUnknown; /* every sample discarded: cannot happen; never loop forever */
      break;
    }
  }
  free(aSort);
  if (exec) cudaGraphExecDestroy(exec);
  pOut->clockMhz = nMhz ? mhzSum / nMhz : 0;
  pOut->msSpent = now_ms() - t0;
  g.msSampling += pOut->msSpent;
  return rc;
}

int gpu_time(const gpu_timing *t, gpu_fn xRun, gpu_fn xRestore, void *pCtx, double *aMs, int *pnRep) {
  gpu_sampling s = {t->nWarmup, t->bFlushL2 ? GPU_FLUSH_CLEAN : GPU_FLUSH_NONE, 0, 0,
                    {0.005, t->nRepMin, t->nRepMax, 0, t->msBudget}, 0.95, 0};
  gpu_samples o = {aMs, 0, 1, 0, 0, 0, STATS_GO_ON, 0};
  int rc = gpu_sample(&s, xRun, xRestore, pCtx, &o);
  *pnRep = o.nMs;
  return rc;
}

/* One timed copy for the probe. */
static int copy_once(void *pCtx, cudaStream_t s) {
  void **ap = pCtx;
  return (int)cudaMemcpyAsync(ap[0], ap[1], (size_t)ap[2], cudaMemcpyDeviceToDevice, s);
}

double gpu_copy_gbps(size_t nBytes) {
  void *ap[3] = {NULL, NULL, (void *)nBytes};
  double aMs[200];
  gpu_sampling t = {0, GPU_FLUSH_CLEAN, 0, 0, {0.005, 10, 200, 0, 100}, 0, 0};
  gpu_samples o = {aMs, 0, 1, 0, 0, 0, STATS_GO_ON, 0};
  double gbps = 0, msSampled = g.msSampling;
  if (cudaMalloc(&ap[0], nBytes) == cudaSuccess && cudaMalloc(&ap[1], nBytes) == cudaSuccess &&
      cudaMemsetAsync(ap[0], 2, nBytes, g.stream) == cudaSuccess &&
      cudaMemsetAsync(ap[1], 1, nBytes, g.stream) == cudaSuccess) {
    /* At least 50 ms of copies first: an idle GPU (the end of a run whose
    ** last configurations ran on the host) lowers its clocks, and a handful
    ** of 0.2 ms warm-ups does not bring them back. */
    double t0 = now_ms();
    int rc = 0;
    while (rc == 0 && now_ms() - t0 < 50) {
      for (int i = 0; i < 8 && rc == 0; i++) rc = copy_once(ap, g.stream);
      if (rc == 0) rc = (int)cudaStreamSynchronize(g.stream);
    }
    if (rc == 0 && gpu_sample(&t, copy_once, NULL, ap, &o) == 0 && o.nMs > 0) {
      qsort(aMs, (size_t)o.nMs, sizeof(double), cmp_double);
      gbps = 2.0 * (double)nBytes / (stats_quantile_sorted(aMs, o.nMs, 0.5) * 1e6);
    }
  }
  g.msSampling = msSampled; /* the probe is not a configuration's sampling */
  cudaGetLastError();
  if (ap[0]) cudaFree(ap[0]);
  if (ap[1]) cudaFree(ap[1]);
  return gbps;
}
