/*
** experiments/harness/gpu.c: device facts, L2 flush, sampling, copy probe (see gpu.h).
*/
#include "experiments/harness/gpu.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernels/timing.h"

/* Samples enqueued behind one blocking kernel, at most. A window is a few
** hundred operations, well inside the launch queue: a full queue would block
** the host while the GPU waits for the host (until the spin's bound). */
#define GPU_WINDOW 16
/* Windows in flight: the host enqueues the next window (behind its own
** blocking kernel) while the GPU runs the current one, so the host's
** enqueueing no longer adds to the GPU's time per sample. */
#define GPU_SLOTS 2
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
  volatile int *hFlag, *dFlag;         /* per slot: the blocking kernel's release flag, then
                                       ** its timed-out flag (set if it gave up); mapped */
  timing_stamp_t *hStamp, *dStamp;     /* per slot: 2 x GPU_WINDOW clock stamps (mapped) */
  cudaEvent_t aStart[GPU_SLOTS][GPU_WINDOW], aStop[GPU_SLOTS][GPU_WINDOW];
  cudaEvent_t aDone[GPU_SLOTS];        /* after a slot's window: the host waits on it */
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
  if ((e = cudaHostAlloc((void **)&g.hFlag, 2 * GPU_SLOTS * sizeof(int), cudaHostAllocMapped)) != cudaSuccess)
    return (int)e;
  if ((e = cudaHostGetDevicePointer((void **)&g.dFlag, (void *)g.hFlag, 0)) != cudaSuccess) return (int)e;
  const size_t nStampBytes = GPU_SLOTS * 2 * GPU_WINDOW * sizeof(timing_stamp_t);
  if ((e = cudaHostAlloc((void **)&g.hStamp, nStampBytes, cudaHostAllocMapped)) != cudaSuccess) return (int)e;
  memset(g.hStamp, 0, nStampBytes);
  if ((e = cudaHostGetDevicePointer((void **)&g.dStamp, g.hStamp, 0)) != cudaSuccess) return (int)e;
  for (int k = 0; k < GPU_SLOTS; k++) {
    for (int i = 0; i < GPU_WINDOW; i++) {
      if ((e = cudaEventCreate(&g.aStart[k][i])) != cudaSuccess) return (int)e;
      if ((e = cudaEventCreate(&g.aStop[k][i])) != cudaSuccess) return (int)e;
    }
    if ((e = cudaEventCreateWithFlags(&g.aDone[k], cudaEventDisableTiming)) != cudaSuccess) return (int)e;
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
  for (int k = 0; k < GPU_SLOTS; k++) {
    for (int i = 0; i < GPU_WINDOW; i++) {
      if (g.aStart[k][i]) cudaEventDestroy(g.aStart[k][i]);
      if (g.aStop[k][i]) cudaEventDestroy(g.aStop[k][i]);
    }
    if (g.aDone[k]) cudaEventDestroy(g.aDone[k]);
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

/* One window of samples: where it lives (slot), how many, and the stamp
** sequence numbers its samples expect. */
typedef struct gpu_window {
  int iSlot, nWin;
  unsigned int aSeq[2 * GPU_WINDOW];
} gpu_window;

/* Enqueue sample w of window *pW: nPerSample calls of xRun, or one launch of
** exec (graph mode) that holds them. */
static int enqueue_sample(const gpu_sampling *t, gpu_fn xRun, gpu_fn xRestore, void *pCtx, gpu_window *pW, int w,
                          int nPerSample, cudaGraphExec_t exec) {
  int rc, nStampBlocks = 2 * (g.nSm > 0 ? g.nSm : 1);
  timing_stamp_t *dStamp = &g.dStamp[pW->iSlot * 2 * GPU_WINDOW];
  unsigned int *aSeq = pW->aSeq;
  if (xRestore && (rc = xRestore(pCtx, g.stream)) != 0) return rc;
  if ((rc = gpu_flush(t->eFlush)) != 0) return rc;
  aSeq[2 * w] = ++g.iSeq;
  if (!t->bBare && (rc = timing_stamp(&dStamp[2 * w], aSeq[2 * w], nStampBlocks, g.stream)) != 0) return rc;
  if ((rc = (int)cudaEventRecord(g.aStart[pW->iSlot][w], g.stream)) != 0) return rc;
  if (exec) {
    if ((rc = (int)cudaGraphLaunch(exec, g.stream)) != 0) return rc;
  } else {
    for (int k = 0; k < nPerSample; k++)
      if ((rc = xRun(pCtx, g.stream)) != 0) return rc;
  }
  if ((rc = (int)cudaEventRecord(g.aStop[pW->iSlot][w], g.stream)) != 0) return rc;
  aSeq[2 * w + 1] = ++g.iSeq;
  if (t->bBare) return 0; /* no stamps: stamp_mhz() sees stale sequence numbers, clock 0 */
  return timing_stamp(&dStamp[2 * w + 1], aSeq[2 * w + 1], nStampBlocks, g.stream);
}

/* Enqueue window *pW (its slot and size set) behind its slot's blocking
** kernel, then release the block: returns once the whole window is in the
** stream, while the GPU may still run an earlier window. On an error the
** block is released and the stream drained. */
static int window_start(const gpu_sampling *t, gpu_fn xRun, gpu_fn xRestore, void *pCtx, gpu_window *pW,
                        int nPerSample, cudaGraphExec_t exec) {
  volatile int *hFlag = &g.hFlag[2 * pW->iSlot], *dFlag = &g.dFlag[2 * pW->iSlot];
  int rc;
  hFlag[0] = 0;
  hFlag[1] = 0;
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  if ((rc = timing_block(dFlag, dFlag + 1, GPU_BLOCK_TIMEOUT_NS, g.stream)) != 0) return rc;
  for (int w = 0; w < pW->nWin && rc == 0; w++)
    rc = enqueue_sample(t, xRun, xRestore, pCtx, pW, w, nPerSample, exec);
  if (rc == 0) rc = (int)cudaEventRecord(g.aDone[pW->iSlot], g.stream);
  __atomic_store_n(hFlag, 1, __ATOMIC_SEQ_CST); /* never leave the block spinning */
  if (rc) cudaStreamSynchronize(g.stream);
  return rc;
}

/* Wait for window *pW and read its samples into aMs (ms per launch) and
** aMhz (SM clock, 0 unknown; aMhzOk: long enough to judge). *pbTimedOut:
** its block gave up before the window was enqueued. */
static int window_finish(const gpu_window *pW, int nPerSample, double *aMs, double *aMhz, int *aMhzOk,
                         int *pbTimedOut) {
  const timing_stamp_t *hStamp = &g.hStamp[pW->iSlot * 2 * GPU_WINDOW];
  const unsigned int *aSeq = pW->aSeq;
  int rc;
  if ((rc = (int)cudaEventSynchronize(g.aDone[pW->iSlot])) != 0) return rc;
  *pbTimedOut = __atomic_load_n(&g.hFlag[2 * pW->iSlot + 1], __ATOMIC_SEQ_CST) != 0;
  for (int w = 0; w < pW->nWin; w++) {
    float ms = 0;
    if ((rc = (int)cudaEventElapsedTime(&ms, g.aStart[pW->iSlot][w], g.aStop[pW->iSlot][w])) != 0) return rc;
    aMs[w] = ms / nPerSample;
    aMhz[w] = stamp_mhz(&hStamp[2 * w], &hStamp[2 * w + 1], aSeq[2 * w], aSeq[2 * w + 1], 2000);
    aMhzOk[w] = stamp_mhz(&hStamp[2 * w], &hStamp[2 * w + 1], aSeq[2 * w], aSeq[2 * w + 1], GPU_CLOCK_MIN_NS) > 0;
  }
  return 0;
}

/* qsort comparator for doubles. */
static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Whether the stop rule could stop sampling once the windows in flight are
** read: nAfter samples in all, about msAfter ms spent. A second window is
** enqueued only where it could not (it would be taken past the stop): below
** the next noise check (nCheckAt), the minimum count or time, or where the
** last noise (nNoise samples; 0: never checked), shrunk as 1/sqrt(n), stays
** above 1.25 x the target. Errs towards 1: a wrong 1 only forgoes the overlap. */
static int gpu_may_stop(const stats_rule *r, int nAfter, double msAfter, int nCheckAt, double noise, int nNoise) {
  if (nAfter >= r->nMax || msAfter >= r->msCap) return 1;
  if (r->target <= 0) return 0; /* a fixed count stops at nMax only */
  if (nAfter < nCheckAt || nAfter < r->nMin || msAfter < r->msMin) return 0;
  if (nNoise < 1) return 1;
  return noise * sqrt((double)nNoise / nAfter) <= 1.25 * r->target;
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
  /* Two windows in flight (one in the bare harness, which must stay the
  ** minimal one): the next is enqueued before the current one is read. A
  ** window enqueued before the rule said stop is still waited for and kept:
  ** its samples were decided on before any was seen, so they bias nothing,
  ** and rule.nMax bounds every window (nMax is the caller's array). */
  const int nSlots = t->bBare ? 1 : GPU_SLOTS;
  gpu_window aW[GPU_SLOTS];
  int iCur = 0, nFlight = 0, nQueued = 0, nNoise = 0; /* nQueued: samples in windows in flight */
  double noise = 1.0, tLast = now_ms(), msPerSample = 0;
  while (rc == 0) {
    /* Fill the slots while the rule goes on, the array has room and the
    ** windows already in flight cannot end sampling. */
    while (pOut->eStop == STATS_GO_ON && nFlight < nSlots && pOut->nMs + nQueued < r->nMax &&
           (nFlight == 0 || !gpu_may_stop(r, pOut->nMs + nQueued, now_ms() - t0 + nQueued * msPerSample, nCheckAt,
                                          noise, nNoise))) {
      gpu_window *pW = &aW[(iCur + nFlight) % nSlots];
      int nRoom = r->nMax - pOut->nMs - nQueued;
      pW->iSlot = (iCur + nFlight) % nSlots;
      pW->nWin = nWin < nRoom ? nWin : nRoom;
      if ((rc = window_start(t, xRun, xRestore, pCtx, pW, nPer, exec)) != 0) break;
      nQueued += pW->nWin;
      nFlight++;
    }
    if (rc != 0 || nFlight == 0) break;
    gpu_window *pW = &aW[iCur];
    int bTimedOut = 0;
    if ((rc = window_finish(pW, nPer, aMs, aMhz, aMhzOk, &bTimedOut)) != 0) break;
    iCur = (iCur + 1) % nSlots;
    nFlight--;
    nQueued -= pW->nWin;
    double tNow = now_ms(), msWin = tNow - tLast;
    tLast = tNow;
    if (bTimedOut && pW->nWin > 1) {
      /* The host took longer than the block waits: a gap may be inside. */
      pOut->nWindowTimeouts++;
      nWin = pW->nWin / 2;
    } else {
      int nDiscardMax = pOut->nMs / 4 > 64 ? pOut->nMs / 4 : 64;
      for (int w = 0; w < pW->nWin; w++) {
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
      msPerSample = msWin / pW->nWin;
      int nWant = msPerSample > 0 && r->msCap > 0 ? (int)(r->msCap / 8 / msPerSample) : GPU_WINDOW;
      nWin = t->bBatch || t->bBare ? 1 : nWant < 1 ? 1 : nWant > GPU_WINDOW ? GPU_WINDOW : nWant;
    }
    if (pOut->eStop != STATS_GO_ON) continue; /* a window enqueued before the stop: kept, not judged */
    double msSpent = now_ms() - t0;
    /* The noise is checked every ~25% more samples (a sort each time). */
    int bCheck = pOut->nMs >= nCheckAt || msSpent >= r->msCap || pOut->nMs >= r->nMax;
    if (bCheck && r->target > 0 && pOut->nMs > 0) {
      memcpy(aSort, pOut->aMs, sizeof(double) * (size_t)pOut->nMs);
      qsort(aSort, (size_t)pOut->nMs, sizeof(double), cmp_double);
      noise = stats_median_noise_sorted(aSort, pOut->nMs);
      nNoise = pOut->nMs;
      nCheckAt = pOut->nMs + (pOut->nMs / 4 > 1 ? pOut->nMs / 4 : 1);
    }
    pOut->eStop = stats_stop_rule(r, pOut->nMs, msSpent, bCheck ? noise : 1.0);
    if (pOut->eStop == STATS_GO_ON && msSpent >= r->msCap * 4 + 1000 && pOut->nMs == 0) {
      rc = (int)cudaErrorUnknown; /* every sample discarded: cannot happen; never loop forever */
      break;
    }
  }
  if (rc != 0) cudaStreamSynchronize(g.stream); /* nothing of this configuration left running */
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
