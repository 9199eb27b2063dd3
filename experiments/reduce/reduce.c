/*
** experiments/reduce/reduce.c: the parallel-reduction study (seed 003).
**
** Sums n int32 or float32 values with every variant of kernels/reduce.cu
** (the seed's ladder, modern steps, CUB with 64-bit and, where n fits an int,
** with 32-bit offsets), plus the seed's single-thread CPU
** loop timed on the host ("cpu-serial"). Each configuration is verified first:
** int32 sums exactly against an int64 reference, float32 within
** ref_reduce_f32_tolerance() of a compensated double sum; a bound
** (VARIANT_BOUND: no-combine), which writes no sum, by the host's sum of the
** block sums it stored, its output left untouched; once per build and GPU
** (bench_config.bVerified: a later trial neither checks nor computes the
** reference sums, reduce_input.h). In-place variants
** get their input restored from a pristine copy before every repetition,
** outside the timed region. Inputs come from a fixed seed: int32 in [0,7]
** (so 2^28 of them cannot overflow int32), float32 in [-1,1); an input is
** made once (its reference sums at its first verification) and kept, within
** a cap, for the configurations and --matrix runs of the process that use
** them again (reduce_input.h).
**
**   build/studies/reduce --help
**   build/studies/reduce --variant interleaved,cub --dtype int32 --n 2^24 --block 64:1024
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "experiments/harness/bench.h"
#include "experiments/harness/device_limits.h"
#include "kernels/reduce.h"
#include "experiments/reduce/reduce_input.h"
#include "experiments/reduce/ref_reduce.h"
#include "experiments/harness/rng.h"

/* --------------------------------------------------------------- axes -- */
/* Variant is the innermost axis, so one input serves every variant in turn. */
enum { AX_DTYPE, AX_N, AX_BLOCK, AX_LOADS, AX_GRID, AX_VARIANT, NAXIS };

#define CPU_SERIAL "cpu-serial"
/* The largest n the host loop is timed at: the seed's 2^24 and the default
** list's non-powers (1000000, 2^24+7); above it the loop costs 27-247 ms a
** sample, 10 samples at least, about 8 s of every trial on an H100's host,
** for sizes only the report's appendix lists. Configurations above it are
** not run (skip()): not measured, not stored, '# not run' in --list. */
#define CPU_SERIAL_MAX_N ((1LL << 24) + 7)
#define CPU_SERIAL_MAX_N_TEXT "2^24+7"
static const char *const azDtype[] = {"int32", "float32", NULL};
/* The loads per thread the tuned kernels are built for (reduce_tune). */
static const char *const azLoads[] = {"1", "2", "4", "8", "16", NULL};

static bench_axis aAxis[NAXIS] = {
    {.zName = "dtype", .zHelp = "element type", .zDefault = "int32,float32", .azChoice = azDtype},
    {.zName = "n", .zHelp = "number of elements", .zDefault = "2^10:2^28,1000000,2^24+7", .bInt = 1, .iMin = 1,
     .iMax = 1LL << 31},
    {.zName = "block",
     .zHelp = "threads per block (powers of two; variants without a block axis run at the first value only)",
     .zDefault = "256", .bInt = 1, .iMin = 32, .iMax = 1024},
    {.zName = "loads",
     .zHelp = "16-byte loads per thread in flight (1,2,4,8,16; tuned variants only, others at the first value)",
     .zDefault = "8", .bInt = 1, .iMin = 1, .iMax = 16, .azChoice = azLoads},
    {.zName = "grid", .zHelp = "grid factor: resident blocks x this (tuned variants only, others at the first value)",
     .zDefault = "1", .bInt = 1, .iMin = 1, .iMax = 64},
    {.zName = "variant", .zHelp = "kernel variant (cpu-serial: the seed's host loop, at n <= " CPU_SERIAL_MAX_N_TEXT " only)"},
};

/* ------------------------------------------------------------- state -- */
/* The configuration's input and the device buffers cached across
** configurations (n outermost changes least). Host inputs and their
** references are kept across configurations and runs (reduce_input.h). */
static struct {
  const reduce_input *pIn; /* this configuration's input, NULL none */
  int eDev;             /* dtype of the input d_pristine holds ... */
  size_t nDev;          /* ... and its length (0: none) */
  void *d_in;           /* device input (in-place variants overwrite it) */
  void *d_pristine;     /* device copy of the input, for restores */
  size_t nDevCap;       /* elements d_in/d_pristine can hold */
  void *d_ws;           /* workspace */
  size_t nWsCap;        /* its bytes */
  void *d_out;          /* the result scalar */
} g;

/* Arguments of one launch, for the timing callbacks. */
typedef struct launch_ctx {
  int iVar;
  reduce_dtype eType;
  size_t n;
  int nBlock;
  size_t nWs;
} launch_ctx;

/* ------------------------------------------------------------ matrix -- */
/* Element size of a dtype index. */
static size_t elem_size(int eType) { (void)eType; return 4; }

static size_t device_bytes(const bench_config *c);

/* What the open GPU cannot run of a kernel configuration, or NULL. */
static const char *device_limits(const bench_config *c, int iVar) {
  static char zWhy[256];
  const gpu_info *pGpu = bench_gpu();
  if (!pGpu || pGpu->nSm == 0) return NULL; /* no GPU open: --list (device_bytes would open one) */
  const device_need need = {.nGlobalBytes = (long long)device_bytes(c), .nThreadsPerBlock = (int)bench_int(c, AX_BLOCK),
                            .mFlags = reduce_variants[iVar].v.mFlags};
  return device_skip(pGpu, &need, zWhy, sizeof(zWhy));
}

/* Set the loads/grid tuning of configuration c (the variant's defaults for
** variants without tuning). */
static void tune(const bench_config *c) {
  int bTuned = (reduce_variants[reduce_find(bench_str(c, AX_VARIANT))].v.mFlags & VARIANT_TUNED) != 0;
  reduce_tune(bTuned ? (int)bench_int(c, AX_LOADS) : 0, bTuned ? (int)bench_int(c, AX_GRID) : 0);
}

/* Which configurations are not run, and why. */
static const char *skip(const bench_config *c) {
  const char *zVar = bench_str(c, AX_VARIANT);
  long long nBlock = bench_int(c, AX_BLOCK);
  int bFirstBlock = nBlock == bench_first_int(c, AX_BLOCK);
  if ((nBlock & (nBlock - 1)) != 0) return "block size is not a power of two";
  if (!strcmp(zVar, CPU_SERIAL) && c->bBatch == GPU_MODE_GRAPH) return "host loop: no kernel launches to capture in a CUDA graph";
  if (!strcmp(zVar, CPU_SERIAL) && bench_int(c, AX_N) > CPU_SERIAL_MAX_N)
    return "host loop: timed at n <= " CPU_SERIAL_MAX_N_TEXT " only";
  if (!strcmp(zVar, CPU_SERIAL)) return bFirstBlock ? NULL : "host loop: no block size (run at the first block only)";
  int iVar = reduce_find(zVar);
  if ((reduce_variants[iVar].v.mFlags & VARIANT_NO_BLOCK) && !bFirstBlock) return "ignores the block size (run at the first block only)";
  if ((reduce_variants[iVar].v.mFlags & VARIANT_OFFSET32) && bench_int(c, AX_N) > INT32_MAX)
    return "32-bit offsets: n above 2^31-1 does not fit its int count";
  if (nBlock < reduce_variants[iVar].nMinBlock) return "block size below this variant's minimum";
  long long nLoads = bench_int(c, AX_LOADS), nGrid = bench_int(c, AX_GRID);
  int bFirstTuning = nLoads == bench_first_int(c, AX_LOADS) && nGrid == bench_first_int(c, AX_GRID);
  if (!(reduce_variants[iVar].v.mFlags & VARIANT_TUNED) && !bFirstTuning) return "no loads/grid tuning (run at the first values only)";
  if (reduce_tune((int)nLoads, (int)nGrid) != 0) return "loads per thread is not 1, 2, 4, 8 or 16";
  return device_limits(c, iVar);
}

/* Device bytes a configuration needs: input, pristine copy, workspace. */
static size_t device_bytes(const bench_config *c) {
  const char *zVar = bench_str(c, AX_VARIANT);
  size_t n = (size_t)bench_int(c, AX_N);
  int eType = strcmp(bench_str(c, AX_DTYPE), "int32") ? REDUCE_F32 : REDUCE_I32;
  if (!strcmp(zVar, CPU_SERIAL)) return 0;
  tune(c);
  return 2 * n * elem_size(eType) +
         reduce_workspace_bytes(reduce_find(zVar), (reduce_dtype)eType, n, (int)bench_int(c, AX_BLOCK)) + 256;
}

/* ------------------------------------------------------------- setup -- */
/* Make the host input, its reference (bRef: for a verification) and the
** device copies for (eType, n). */
static int prepare_input(int eType, size_t n, int bDevice, int bRef, bench_out *pOut) {
  if (!(g.pIn = reduce_input_get(eType, n, bRef))) {
    pOut->bSkipped = 1;
    snprintf(pOut->zError, sizeof(pOut->zError), "host memory for %zu elements", n);
    return -1;
  }
  if (!bDevice) return 0;
  int rc;
  if (g.nDevCap < n) {
    if (g.d_in) cudaFree(g.d_in);
    if (g.d_pristine) cudaFree(g.d_pristine);
    g.d_in = g.d_pristine = NULL;
    g.nDevCap = 0;
    if ((rc = cudaMalloc(&g.d_in, n * 4)) || (rc = cudaMalloc(&g.d_pristine, n * 4))) {
      bench_cuda_fail(pOut, "cudaMalloc input", rc);
      return -1;
    }
    g.nDevCap = n;
    g.nDev = 0;
  }
  if (g.eDev != eType || g.nDev != n) {
    g.nDev = 0;
    if ((rc = gpu_upload(g.d_pristine, g.pIn->pHost, n * 4))) {
      bench_cuda_fail(pOut, "upload input", rc);
      return -1;
    }
    g.eDev = eType;
    g.nDev = n;
  }
  if (!g.d_out && (rc = cudaMalloc(&g.d_out, 16))) {
    bench_cuda_fail(pOut, "cudaMalloc result", rc);
    return -1;
  }
  return 0;
}

/* Grow the workspace to nBytes and zero it (single-pass needs a zero counter). */
static int prepare_workspace(size_t nBytes, bench_out *pOut) {
  int rc;
  if (nBytes > g.nWsCap) {
    if (g.d_ws) cudaFree(g.d_ws);
    g.d_ws = NULL;
    g.nWsCap = 0;
    if ((rc = cudaMalloc(&g.d_ws, nBytes))) {
      bench_cuda_fail(pOut, "cudaMalloc workspace", rc);
      return -1;
    }
    g.nWsCap = nBytes;
  }
  if (g.d_ws && (rc = reduce_workspace_init(g.d_ws, g.nWsCap, gpu_stream()))) {
    bench_cuda_fail(pOut, "workspace init", rc);
    return -1;
  }
  return 0;
}

/* ------------------------------------------------------------ launch -- */
/* Restore the input of an in-place variant (untimed). */
static int restore(void *pCtx, cudaStream_t s) {
  launch_ctx *p = pCtx;
  return (int)cudaMemcpyAsync(g.d_in, g.d_pristine, p->n * 4, cudaMemcpyDeviceToDevice, s);
}

/* The timed work: one reduction to a device scalar. */
static int run(void *pCtx, cudaStream_t s) {
  launch_ctx *p = pCtx;
  return reduce_launch(p->iVar, p->eType, g.d_in, p->n, p->nBlock, g.d_ws, p->nWs, g.d_out, s);
}

/* The seed's host loop over the cached input. */
static void run_host(void *pCtx) {
  volatile double *pSink = pCtx;
  if (g.pIn->eType == REDUCE_I32) *pSink = ref_reduce_i32_serial(g.pIn->pHost, g.pIn->n);
  else *pSink = ref_reduce_f32_serial(g.pIn->pHost, g.pIn->n);
}

/* ----------------------------------------------------------- measure -- */
/* Compare a result with the reference; fills max_err/tolerance, 0 if within. */
static int check(double got, double tolerance, bench_out *pOut) {
  double want = g.pIn->eType == REDUCE_I32 ? (double)g.pIn->iRef : g.pIn->dRef;
  pOut->maxErr = fabs(got - want);
  pOut->tolerance = tolerance;
  if (pOut->maxErr <= tolerance) return 0;
  pOut->bFailed = 1;
  snprintf(pOut->zError, sizeof(pOut->zError), "wrong sum: got %.17g, want %.17g (bound %.3g)", got, want,
           tolerance);
  return -1;
}

/* The "result" of a VARIANT_BOUND variant (no-combine), which writes no sum:
** the sum of the block sums it stored in the workspace (all of it: nWs / 4
** elements, poisoned before the launch, so a slot it did not write is
** garbage), into *pGot; and *d_out must still hold the 0xff bytes it was
** poisoned with (a bound that combined would be no bound). 0, or -1 with
** pOut failed. */
static int bound_sum(const launch_ctx *p, double *pGot, bench_out *pOut) {
  const size_t nPart = p->nWs / 4;
  uint32_t aOut[1] = {0};
  void *pPart = malloc(p->nWs ? p->nWs : 1);
  int rc;
  if (!pPart) {
    pOut->bFailed = 1;
    snprintf(pOut->zError, sizeof(pOut->zError), "host memory for %zu block sums", nPart);
    return -1;
  }
  if ((rc = gpu_download(pPart, g.d_ws, p->nWs)) || (rc = gpu_download(aOut, g.d_out, 4))) {
    free(pPart);
    bench_cuda_fail(pOut, "copy block sums", rc);
    return -1;
  }
  int64_t iSum = 0;
  double dSum = 0;
  for (size_t i = 0; i < nPart; i++) {
    if (p->eType == REDUCE_I32) iSum += ((const int32_t *)pPart)[i];
    else dSum += ((const float *)pPart)[i];
  }
  free(pPart);
  *pGot = p->eType == REDUCE_I32 ? (double)iSum : dSum;
  if (aOut[0] == 0xffffffffu) return 0;
  pOut->bFailed = 1;
  snprintf(pOut->zError, sizeof(pOut->zError), "a bound wrote the result (0x%08x): it must not combine", aOut[0]);
  return -1;
}

/* Verify one configuration (unless an earlier trial did), then time it. */
static void measure(const bench_config *c, bench_out *pOut) {
  const char *zVar = bench_str(c, AX_VARIANT);
  int eType = strcmp(bench_str(c, AX_DTYPE), "int32") ? REDUCE_F32 : REDUCE_I32;
  size_t n = (size_t)bench_int(c, AX_N);
  int nBlock = (int)bench_int(c, AX_BLOCK), rc;
  int bHost = !strcmp(zVar, CPU_SERIAL);
  /* Verified once per build and GPU (bench_config.bVerified): a later trial
  ** neither launches to check nor computes the input's reference sums. */
  const int bVerify = !c->bVerified;
  pOut->nBytesRead = (long long)(n * elem_size(eType));
  pOut->nBytesWritten = bHost ? 0 : (long long)elem_size(eType);
  if (prepare_input(eType, n, !bHost, bVerify, pOut)) return;
  if (bHost) {
    volatile double sink = 0;
    if (bVerify) {
      run_host((void *)&sink);
      /* A serial float loop carries an error bound of n ulps, not log n. */
      if (check(sink, eType == REDUCE_I32 ? 0 : (double)n * 1.2e-7 * g.pIn->dSumAbs, pOut)) return;
    }
    bench_time_host(c, run_host, (void *)&sink, pOut);
    return;
  }
  launch_ctx ctx = {reduce_find(zVar), (reduce_dtype)eType, n, nBlock, 0};
  tune(c);
  ctx.nWs = reduce_workspace_bytes(ctx.iVar, ctx.eType, n, nBlock);
  const int bBound = (reduce_variants[ctx.iVar].v.mFlags & VARIANT_BOUND) != 0;
  gpu_fn xRestore = (reduce_variants[ctx.iVar].v.mFlags & VARIANT_IN_PLACE) ? restore : NULL;
  if (bBound) pOut->nBytesWritten = (long long)ctx.nWs; /* its block sums */
  if (prepare_workspace(ctx.nWs, pOut)) return;
  if (!bVerify) {
    /* The fresh input a verification launch would have left in d_in. */
    if ((rc = restore(&ctx, gpu_stream())) || (rc = cudaStreamSynchronize(gpu_stream()))) {
      bench_cuda_fail(pOut, "restore input", rc);
      return;
    }
    bench_time_gpu(c, run, xRestore, &ctx, pOut);
    return;
  }
  /* Verify: a fresh input, one launch, the scalar back (a bound: its block sums). */
  if ((rc = restore(&ctx, gpu_stream())) || (rc = cudaMemsetAsync(g.d_out, 0xff, 16, gpu_stream())) ||
      (bBound && (rc = cudaMemsetAsync(g.d_ws, 0x7f, ctx.nWs, gpu_stream()))) ||
      (rc = run(&ctx, gpu_stream())) || (rc = cudaStreamSynchronize(gpu_stream()))) {
    bench_cuda_fail(pOut, "verification launch", rc);
    return;
  }
  double got;
  if (bBound) {
    if (bound_sum(&ctx, &got, pOut)) return;
  } else if (eType == REDUCE_I32) {
    int32_t v;
    rc = gpu_download(&v, g.d_out, 4);
    got = v;
  } else {
    float v;
    rc = gpu_download(&v, g.d_out, 4);
    got = v;
  }
  if (rc) {
    bench_cuda_fail(pOut, "copy result", rc);
    return;
  }
  if (check(got, eType == REDUCE_I32 ? 0 : ref_reduce_f32_tolerance(n, g.pIn->dSumAbs), pOut)) return;
  bench_time_gpu(c, run, xRestore, &ctx, pOut);
}

/* Free the device buffers at the end of a run; the host inputs stay for the
** process's next run (--matrix) and are freed at its exit. */
static void cleanup(void) {
  if (g.d_in) cudaFree(g.d_in);
  if (g.d_pristine) cudaFree(g.d_pristine);
  if (g.d_ws) cudaFree(g.d_ws);
  if (g.d_out) cudaFree(g.d_out);
  memset(&g, 0, sizeof(g));
}

/* -------------------------------------------------------------- main -- */
int main(int argc, char **argv) {
  static char zAbout[8192] =
      "The parallel-reduction ladder (seed 003): sum n int32/float32 values, verify\n"
      "against a CPU reference, then time with CUDA events (L2 flushed before every\n"
      "repetition unless --warm). Variants:\n";
  static const kernel_variant cpuSerial = {CPU_SERIAL, "the seed's single-thread host loop, timed with the host clock",
                                           "", "host baseline", VARIANT_HOST, "none"};
  bench_variant_axis(&aAxis[AX_VARIANT], reduce_variants, reduce_nvariant, sizeof(reduce_variants[0]), &cpuSerial,
                     zAbout, sizeof(zAbout));
  atexit(reduce_input_clear);
  bench_study study = {"reduce", "reduce", zAbout, aAxis, NAXIS, skip, device_bytes, measure, cleanup};
  return bench_main(&study, argc, argv);
}
