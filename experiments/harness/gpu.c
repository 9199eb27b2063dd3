/*
** experiments/harness/gpu.c: device facts, L2 flush, sampling, copy probe (see gpu.h).
*/
#include "experiments/harness/gpu.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "experiments/harness/sampler.h"
#include "kernels/timing.h"

/* Windows (one blocking kernel and one sample behind it) the stream holds at
** once, at most: the schedule is experiments/harness/sampler.c's. */
#define GPU_SLOTS SAMPLER_SLOTS
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
  size_t nFlushBytes;    /* its size: the larger flush, GPU_FLUSH_CLEAN_L2S x L2 */
  size_t nMemsetBytes;   /* what the memset flush writes of it: GPU_FLUSH_MEMSET_L2S x L2 */
  unsigned long long *d_sink; /* the read flush's (never written) result */
  int nSm;               /* multiprocessors: sizes the flush and stamp grids */
  volatile int *hFlag, *dFlag;         /* per slot: the blocking kernel's release flag, then
                                       ** its timed-out flag (set if it gave up); mapped */
  timing_stamp_t *hStamp, *dStamp;     /* per slot: the sample's 2 clock stamps (mapped) */
  cudaEvent_t aStart[GPU_SLOTS], aStop[GPU_SLOTS]; /* per slot: around the sample */
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
  const size_t nL2 = (size_t)(p->nL2Bytes > 0 ? p->nL2Bytes : (64 << 20));
  g.nFlushBytes = nL2 * (GPU_FLUSH_CLEAN_L2S > GPU_FLUSH_MEMSET_L2S ? GPU_FLUSH_CLEAN_L2S : GPU_FLUSH_MEMSET_L2S);
  g.nMemsetBytes = nL2 * GPU_FLUSH_MEMSET_L2S;
  if ((e = cudaMalloc(&g.d_flush, g.nFlushBytes)) != cudaSuccess) return (int)e;
  if ((e = cudaMemset(g.d_flush, 0x5a, g.nFlushBytes)) != cudaSuccess) return (int)e;
  if ((e = cudaMalloc((void **)&g.d_sink, sizeof(*g.d_sink))) != cudaSuccess) return (int)e;
  /* The flags and stamps live in mapped host memory: the host writes the
  ** flag while the GPU spins on it, the GPU writes stamps the host reads. */
  if ((e = cudaHostAlloc((void **)&g.hFlag, 2 * GPU_SLOTS * sizeof(int), cudaHostAllocMapped)) != cudaSuccess)
    return (int)e;
  if ((e = cudaHostGetDevicePointer((void **)&g.dFlag, (void *)g.hFlag, 0)) != cudaSuccess) return (int)e;
  const size_t nStampBytes = GPU_SLOTS * 2 * sizeof(timing_stamp_t);
  if ((e = cudaHostAlloc((void **)&g.hStamp, nStampBytes, cudaHostAllocMapped)) != cudaSuccess) return (int)e;
  memset(g.hStamp, 0, nStampBytes);
  if ((e = cudaHostGetDevicePointer((void **)&g.dStamp, g.hStamp, 0)) != cudaSuccess) return (int)e;
  for (int k = 0; k < GPU_SLOTS; k++) {
    if ((e = cudaEventCreate(&g.aStart[k])) != cudaSuccess) return (int)e;
    if ((e = cudaEventCreate(&g.aStop[k])) != cudaSuccess) return (int)e;
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
    if (g.aStart[k]) cudaEventDestroy(g.aStart[k]);
    if (g.aStop[k]) cudaEventDestroy(g.aStop[k]);
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
  if (!g.d_flush) return (int)cudaErrorInvalidValue; /* freed (gpu_free_flush) or never opened */
  if (eFlush == GPU_FLUSH_MEMSET) return (int)cudaMemsetAsync(g.d_flush, iFill++, g.nMemsetBytes, g.stream);
  /* The key never equals a 32-bit XOR, but the compiler cannot know it. */
  return timing_flush_read(g.d_flush, g.nFlushBytes, g.d_sink, 1ull << 63, g.nSm, g.stream);
}

int gpu_flush_l2(void) { return gpu_flush(GPU_FLUSH_CLEAN); }

void gpu_free_flush(void) {
  if (g.d_flush) cudaFree(g.d_flush); /* never touches CUDA in a host-only process */
  g.d_flush = NULL;
  g.nFlushBytes = g.nMemsetBytes = 0;
}

/* The studies' host buffers (gpu_host_alloc): a file-level pair, apart
** from g, which gpu_close() clears while buffers may outlive it. */
static int bHostPageable; /* 1: malloc (a profile child: ncu need not back them up) */
static long nHostLive;    /* buffers of gpu_host_alloc not yet freed */

int gpu_host_set_pageable(int bPageable) {
  if (nHostLive > 0 && !bPageable != !bHostPageable) return -1; /* a free must match its allocator */
  bHostPageable = bPageable != 0;
  return 0;
}

int gpu_host_pageable(void) { return bHostPageable; }

int gpu_host_alloc(void **pp, size_t nBytes) {
  int rc = 0;
  *pp = NULL;
  if (bHostPageable) {
    if (!(*pp = malloc(nBytes ? nBytes : 1))) rc = (int)cudaErrorMemoryAllocation;
  } else if ((rc = (int)cudaMallocHost(pp, nBytes)) != 0) {
    *pp = NULL;
  }
  if (rc == 0) nHostLive++;
  return rc;
}

void gpu_host_free(void *p) {
  if (!p) return;
  if (bHostPageable) free(p);
  else cudaFreeHost(p);
  nHostLive--;
}

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

/* qsort comparator for doubles. */
static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* One configuration's sampling on the stream: what the windows enqueue (the
** sampler_ops context). */
typedef struct gpu_windows {
  const gpu_sampling *t;
  gpu_fn xRun, xRestore;
  void *pCtx;
  int nPerSample;          /* launches per sample (batch, graph) */
  cudaGraphExec_t exec;    /* graph mode: the launches, captured once */
  unsigned int aSeq[GPU_SLOTS][2]; /* per slot: the sequence numbers its stamps expect */
} gpu_windows;

/* sampler_ops.xEnqueue: into slot iSlot, the blocking kernel (held) and one
** sample behind it: restore (in-place kernels), the flush, a clock stamp, the
** start event, nPerSample calls of xRun (graph mode: one launch of exec,
** which holds them), the stop event, a clock stamp, the done event. The bare
** harness takes no stamps (stamp_mhz() then sees stale sequence numbers:
** clock 0). */
static int window_enqueue(void *p, int iSlot) {
  gpu_windows *w = p;
  const gpu_sampling *t = w->t;
  volatile int *hFlag = &g.hFlag[2 * iSlot], *dFlag = &g.dFlag[2 * iSlot];
  timing_stamp_t *dStamp = &g.dStamp[2 * iSlot];
  int rc, nStampBlocks = 2 * (g.nSm > 0 ? g.nSm : 1);
  hFlag[0] = 0;
  hFlag[1] = 0;
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  if ((rc = timing_block(dFlag, dFlag + 1, GPU_BLOCK_TIMEOUT_NS, g.stream)) != 0) return rc;
  if (w->xRestore && (rc = w->xRestore(w->pCtx, g.stream)) != 0) return rc;
  if ((rc = gpu_flush(t->eFlush)) != 0) return rc;
  w->aSeq[iSlot][0] = ++g.iSeq;
  if (!t->bBare && (rc = timing_stamp(&dStamp[0], w->aSeq[iSlot][0], nStampBlocks, g.stream)) != 0) return rc;
  if ((rc = (int)cudaEventRecord(g.aStart[iSlot], g.stream)) != 0) return rc;
  if (w->exec) {
    if ((rc = (int)cudaGraphLaunch(w->exec, g.stream)) != 0) return rc;
  } else {
    for (int k = 0; k < w->nPerSample; k++)
      if ((rc = w->xRun(w->pCtx, g.stream)) != 0) return rc;
  }
  if ((rc = (int)cudaEventRecord(g.aStop[iSlot], g.stream)) != 0) return rc;
  w->aSeq[iSlot][1] = ++g.iSeq;
  if (!t->bBare && (rc = timing_stamp(&dStamp[1], w->aSeq[iSlot][1], nStampBlocks, g.stream)) != 0) return rc;
  return (int)cudaEventRecord(g.aDone[iSlot], g.stream);
}

/* sampler_ops.xRelease: let slot iSlot's blocking kernel end. */
static void window_release(void *p, int iSlot) {
  (void)p;
  __atomic_store_n(&g.hFlag[2 * iSlot], 1, __ATOMIC_SEQ_CST);
}

/* sampler_ops.xRead: wait for slot iSlot's window and read its sample (ms
** per launch), its SM clock (0 unknown; bMhzOk: long enough to judge) and
** whether its block gave up before it was released. */
static int window_read(void *p, int iSlot, sampler_read *pRead) {
  const gpu_windows *w = p;
  const timing_stamp_t *hStamp = &g.hStamp[2 * iSlot];
  const unsigned int *aSeq = w->aSeq[iSlot];
  float ms = 0;
  int rc;
  if ((rc = (int)cudaEventSynchronize(g.aDone[iSlot])) != 0) return rc;
  pRead->bTimedOut = __atomic_load_n(&g.hFlag[2 * iSlot + 1], __ATOMIC_SEQ_CST) != 0;
  if ((rc = (int)cudaEventElapsedTime(&ms, g.aStart[iSlot], g.aStop[iSlot])) != 0) return rc;
  pRead->ms = ms / w->nPerSample;
  pRead->mhz = stamp_mhz(&hStamp[0], &hStamp[1], aSeq[0], aSeq[1], 2000);
  pRead->bMhzOk = stamp_mhz(&hStamp[0], &hStamp[1], aSeq[0], aSeq[1], GPU_CLOCK_MIN_NS) > 0;
  return 0;
}

/* sampler_ops.xAbort: after an error, release every block and drain the stream. */
static void window_abort(void *p) {
  (void)p;
  for (int k = 0; k < GPU_SLOTS; k++) __atomic_store_n(&g.hFlag[2 * k], 1, __ATOMIC_SEQ_CST);
  cudaStreamSynchronize(g.stream);
}

/* sampler_ops.xNow. */
static double window_now(void *p) {
  (void)p;
  return now_ms();
}

int gpu_sample(const gpu_sampling *t, gpu_fn xRun, gpu_fn xRestore, void *pCtx, gpu_samples *pOut) {
  double t0 = now_ms();
  int rc = 0, nPer = 1;
  cudaGraphExec_t exec = NULL;
  g.bCaptureFailed = 0;
  pOut->nMs = pOut->nClockDiscarded = pOut->nWindowTimeouts = 0;
  pOut->nPerSample = 1;
  pOut->clockMhz = 0;
  pOut->eStop = STATS_GO_ON;
  if (t->rule.nMax < 1) return (int)cudaErrorInvalidValue;
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
  /* One sample a window; the bare harness (the minimal one) never has a
  ** window queued behind its sample. */
  gpu_windows w = {t, xRun, xRestore, pCtx, nPer, exec, {{0}}};
  const sampler_ops ops = {&w, window_enqueue, window_release, window_read, window_abort, window_now};
  const sampler_plan plan = {t->rule, t->bBare ? 0 : t->clockKeep, t->bBare ? 0 : t->nAhead};
  sampler_out so = {pOut->aMs, 0, 0, 0, 0, 0, 0, STATS_GO_ON};
  rc = sampler_run(&plan, &ops, t0, &so);
  if (rc == SAMPLER_NOMEM) rc = (int)cudaErrorMemoryAllocation;
  else if (rc < 0) rc = (int)cudaErrorUnknown;
  if (exec) cudaGraphExecDestroy(exec);
  pOut->nMs = so.nMs;
  pOut->clockMhz = so.clockMhz;
  pOut->nClockDiscarded = so.nClockDiscarded;
  pOut->nWindowTimeouts = so.nWindowTimeouts;
  pOut->eStop = so.eStop;
  pOut->msSpent = now_ms() - t0;
  g.msSampling += pOut->msSpent;
  return rc;
}

int gpu_time(const gpu_timing *t, gpu_fn xRun, gpu_fn xRestore, void *pCtx, double *aMs, int *pnRep) {
  gpu_sampling s = {t->nWarmup, t->bFlushL2 ? GPU_FLUSH_CLEAN : GPU_FLUSH_NONE, 0, 0,
                    {0.005, t->nRepMin, t->nRepMax, 0, t->msBudget}, 0.95, 0, 0};
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
  gpu_sampling t = {0, GPU_FLUSH_CLEAN, 0, 0, {0.005, 10, 200, 0, 100}, 0, 0, 0};
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
