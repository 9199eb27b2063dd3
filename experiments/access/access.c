/*
** experiments/access/access.c: the global-access-pattern study (seed 004, and the
** texture and local-memory part of seed 001).
**
** One source, two binaries: access-ca and access-cg link the same kernels
** (kernels/access.cu) compiled with -Xptxas -dlcm=ca (global loads cached in
** L1) and -Xptxas -dlcm=cg (L2 only). The build's own setting is the only
** value of the axis l1, so the configuration key and result.params say which
** caching a result was measured with.
**
** Every configuration is verified before it is timed: the output array C is
** filled with a sentinel on the device and on the host, one launch runs, and
** all n elements of C are compared bitwise with ref_access() (the elements a
** variant must not write have to keep the sentinel). The texture objects of
** read-offset-tex are made outside the timed region and kept while n stays.
** Inputs are a function of the element index only, so a larger n extends the
** same data: A[i] in [1,2), B[i] in [2,3).
**
**   build/studies/access-ca --help
**   build/studies/access-cg --variant read-offset,write-offset --n 2^26 --k 0..33,64,128
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "kernels/access.h"
#include "experiments/harness/bench.h"
#include "experiments/harness/device_limits.h"
#include "experiments/access/host_bytes.h"
#include "experiments/access/ref_access.h"
#include "experiments/harness/rng.h"

/* --------------------------------------------------------------- axes -- */
enum { AX_VARIANT, AX_N, AX_BLOCK, AX_K, AX_L1, NAXIS };

/* Byte the output array is filled with before a verification launch:
** 0xC7C7C7C7 is about -1.0e5, a value no variant produces from these inputs. */
#define SENTINEL_BYTE 0xC7
#define SENTINEL_WORD 0xC7C7C7C7u

static const char *azL1[2];

static bench_axis aAxis[NAXIS] = {
    {.zName = "variant", .zHelp = "kernel variant"},
    {.zName = "n", .zHelp = "number of float elements of each array A, B, C", .zDefault = "2^20", .bInt = 1,
     .iMin = 1, .iMax = (long long)ACCESS_MAX_N},
    {.zName = "block", .zHelp = "threads per block (a multiple of 32)", .zDefault = "256", .bInt = 1, .iMin = 32,
     .iMax = 1024},
    {.zName = "k", .zHelp = "offset, or stride for read-stride (local-* variants run at k=0 only)",
     .zDefault = "0..33,64,128", .bInt = 1, .iMax = 2147483647LL},
    {.zName = "l1",
     .zHelp = "L1 caching of global loads this binary was built with (-Xptxas -dlcm): its own value only",
     .azChoice = azL1},
};

/* ------------------------------------------------------------- state -- */
/* Buffers cached across configurations; they only grow. The host ones come
** from gpu_host_alloc: pinned, but pageable in a profile child, where ncu
** would back pinned memory up on every replay pass (experiments/harness/gpu.h);
** they are kept across the runs of one process (a matrix's lines: 7 a
** binary), freed at its exit: pinning, filling and freeing 512 MiB of
** inputs (1 GiB with the verification's) again at every line cost most of a
** later trial's non-sampling time. The device arrays are a run's. */
static struct {
  float *hA, *hB;          /* host inputs, nHostCap elements */
  size_t nHostCap;
  float *hWant, *hGot;     /* host reference output and device output copy, */
  size_t nCheckCap;        /* nCheckCap elements: made at the first verification only */
  float *dA, *dB, *dC;     /* device arrays, nDevCap elements */
  size_t nDevCap;
  int bUploaded;           /* dA/dB hold hA/hB for all nDevCap elements */
  unsigned long long texA, texB; /* texture objects over dA/dB ... */
  size_t nTex;             /* ... of this width (0: none) */
} g;

/* Arguments of one launch, for the timing callback. */
typedef struct launch_ctx {
  int iVar;
  size_t n;
  int k;
  int nBlock;
} launch_ctx;

/* ------------------------------------------------------------ matrix -- */
static size_t device_bytes(const bench_config *c);

/* Which configurations are not run, and why: k outside the variant's axis,
** then what the open GPU cannot run (experiments/harness/device_limits.h). */
static const char *skip(const bench_config *c) {
  static char zWhy[256];
  const access_variant *pVar = &access_variants[access_find(bench_str(c, AX_VARIANT))];
  long long n = bench_int(c, AX_N), k = bench_int(c, AX_K);
  if (bench_int(c, AX_BLOCK) % 32 != 0) return "block size is not a multiple of 32";
  switch (access_pattern_axis(pVar->ePattern)) {
    case ACCESS_AXIS_NONE:
      if (k != 0) return "no offset axis (runs at k=0 only)";
      break;
    case ACCESS_AXIS_STRIDE:
      if (k < 1) return "stride k must be at least 1";
      break;
    case ACCESS_AXIS_OFFSET:
      if (k >= n) return "offset k must be below n";
      break;
  }
  const device_need need = {.nGlobalBytes = (long long)device_bytes(c),
                            .nThreadsPerBlock = (int)bench_int(c, AX_BLOCK),
                            .nTex1DElems = (pVar->v.mFlags & VARIANT_TEXTURE) ? n : 0,
                            .mFlags = pVar->v.mFlags};
  return device_skip(bench_gpu(), &need, zWhy, sizeof(zWhy));
}

/* Device bytes a configuration needs: A, B and C (textures alias A and B). */
static size_t device_bytes(const bench_config *c) {
  return 3 * (size_t)bench_int(c, AX_N) * sizeof(float) + 256;
}

/* ------------------------------------------------------------- setup -- */
/* Input values as a function of the element index alone: A in [1,2), B in
** [2,3), finite and normal, so sums are exact to reproduce on the host. */
static void fill_inputs(float *hA, float *hB, size_t iFrom, size_t iTo) {
#pragma omp parallel for schedule(static) /* each element from its index: any thread count */
  for (size_t i = iFrom; i < iTo; i++) {
    const uint64_t iSeed = 0x5eed0004u ^ ((uint64_t)i << 1);
    hA[i] = 1.0f + rng_float_at(iSeed, 0);
    hB[i] = 2.0f + rng_float_at(iSeed, 1);
  }
}

/* Free the texture objects, if any. */
static void drop_textures(void) {
  access_texture_destroy(g.texA);
  access_texture_destroy(g.texB);
  g.texA = g.texB = 0;
  g.nTex = 0;
}

/* Grow the host input buffers to n elements; inputs keep their values. */
static int prepare_host(size_t n, bench_out *pOut) {
  if (g.nHostCap >= n) return 0;
  float *ap[2] = {NULL, NULL};
  int rc = 0;
  for (int i = 0; i < 2 && !rc; i++) rc = gpu_host_alloc((void **)&ap[i], n * sizeof(float));
  if (rc) {
    for (int i = 0; i < 2; i++) gpu_host_free(ap[i]);
    bench_cuda_fail(pOut, "gpu_host_alloc", rc);
    return -1;
  }
  if (g.nHostCap) {
    memcpy(ap[0], g.hA, g.nHostCap * sizeof(float));
    memcpy(ap[1], g.hB, g.nHostCap * sizeof(float));
  }
  fill_inputs(ap[0], ap[1], g.nHostCap, n);
  gpu_host_free(g.hA);
  gpu_host_free(g.hB);
  g.hA = ap[0];
  g.hB = ap[1];
  g.nHostCap = n;
  return 0;
}

/* Grow the verification buffers (reference and device output) to n
** elements. Made by the first verification: a run whose configurations were
** all verified by an earlier trial allocates only the inputs. */
static int prepare_check(size_t n, bench_out *pOut) {
  if (g.nCheckCap >= n) return 0;
  gpu_host_free(g.hWant);
  gpu_host_free(g.hGot);
  g.hWant = g.hGot = NULL;
  g.nCheckCap = 0;
  int rc;
  if ((rc = gpu_host_alloc((void **)&g.hWant, n * sizeof(float))) ||
      (rc = gpu_host_alloc((void **)&g.hGot, n * sizeof(float)))) {
    bench_cuda_fail(pOut, "gpu_host_alloc", rc);
    return -1;
  }
  g.nCheckCap = n;
  return 0;
}

/* Grow the device arrays to n elements and upload the inputs. */
static int prepare_device(size_t n, bench_out *pOut) {
  int rc;
  if (g.nDevCap < n) {
    drop_textures();
    cudaFree(g.dA);
    cudaFree(g.dB);
    cudaFree(g.dC);
    g.dA = g.dB = g.dC = NULL;
    g.nDevCap = 0;
    g.bUploaded = 0;
    if ((rc = cudaMalloc((void **)&g.dA, n * sizeof(float))) ||
        (rc = cudaMalloc((void **)&g.dB, n * sizeof(float))) ||
        (rc = cudaMalloc((void **)&g.dC, n * sizeof(float)))) {
      bench_cuda_fail(pOut, "cudaMalloc arrays", rc);
      return -1;
    }
    g.nDevCap = n;
  }
  if (!g.bUploaded) {
    if ((rc = gpu_upload(g.dA, g.hA, g.nDevCap * sizeof(float))) ||
        (rc = gpu_upload(g.dB, g.hB, g.nDevCap * sizeof(float)))) {
      bench_cuda_fail(pOut, "upload inputs", rc);
      return -1;
    }
    g.bUploaded = 1;
  }
  return 0;
}

/* Texture objects over the first n elements of dA and dB (made once per n);
** a width beyond the device's limit is skipped before (skip()). */
static int prepare_textures(size_t n, bench_out *pOut) {
  int rc;
  if (g.nTex == n) return 0;
  drop_textures();
  if ((rc = access_texture_create(g.dA, n, &g.texA)) || (rc = access_texture_create(g.dB, n, &g.texB))) {
    drop_textures();
    bench_cuda_fail(pOut, "create texture objects", rc);
    return -1;
  }
  g.nTex = n;
  return 0;
}

/* ------------------------------------------------------------ launch -- */
/* The timed work: one launch of the variant. */
static int run(void *pCtx, cudaStream_t s) {
  launch_ctx *p = pCtx;
  return access_launch(p->iVar, g.dA, g.dB, g.dC, p->n, p->k, g.texA, g.texB, p->nBlock, s);
}

/* ----------------------------------------------------------- measure -- */
/* One launch on a sentinel-filled C, then all n elements compared bitwise with
** the reference; 0 if they match, else the failure is in pOut. */
static int verify(const char *zVar, launch_ctx *pCtx, bench_out *pOut) {
  size_t n = pCtx->n, nBytes = n * sizeof(float);
  int rc;
  if (prepare_check(n, pOut)) return -1;
  if ((rc = cudaMemsetAsync(g.dC, SENTINEL_BYTE, nBytes, gpu_stream())) || (rc = run(pCtx, gpu_stream())) ||
      (rc = gpu_download(g.hGot, g.dC, nBytes))) {
    bench_cuda_fail(pOut, "verification launch", rc);
    return -1;
  }
  host_fill_bytes(g.hWant, SENTINEL_BYTE, nBytes);
  if (ref_access(&access_variants[pCtx->iVar], g.hA, g.hB, g.hWant, n, pCtx->k)) {
    pOut->bFailed = 1;
    snprintf(pOut->zError, sizeof(pOut->zError), "ref_access rejected %s n=%zu k=%d", zVar, n, pCtx->k);
    return -1;
  }
  pOut->tolerance = 0;
  if (host_same_bytes(g.hGot, g.hWant, nBytes)) return 0;
  size_t iFirst = n, nBad = 0;
  uint32_t uFirstGot = 0, uFirstWant = 0;
  double errMax = 0;
  for (size_t i = 0; i < n; i++) {
    uint32_t uGot, uWant;
    memcpy(&uGot, &g.hGot[i], 4);
    memcpy(&uWant, &g.hWant[i], 4);
    if (uGot == uWant) continue;
    if (nBad++ == 0) {
      iFirst = i;
      uFirstGot = uGot;
      uFirstWant = uWant;
    }
    double e = fabs((double)g.hGot[i] - (double)g.hWant[i]);
    if (!(e <= errMax)) errMax = e; /* a NaN difference becomes the maximum */
  }
  pOut->bFailed = 1;
  pOut->maxErr = errMax;
  snprintf(pOut->zError, sizeof(pOut->zError),
           "%zu of %zu elements differ; first C[%zu] = %.9g (0x%08x), want %.9g (0x%08x)%s", nBad, n, iFirst,
           g.hGot[iFirst], (unsigned)uFirstGot, g.hWant[iFirst], (unsigned)uFirstWant,
           uFirstWant == SENTINEL_WORD ? " (must stay the sentinel)" : "");
  return -1;
}

/* Verify one configuration, then time it. */
static void measure(const bench_config *c, bench_out *pOut) {
  const char *zVar = bench_str(c, AX_VARIANT);
  launch_ctx ctx = {access_find(zVar), (size_t)bench_int(c, AX_N), (int)bench_int(c, AX_K),
                    (int)bench_int(c, AX_BLOCK)};
  unsigned long long nRead, nWritten;
  access_traffic(ctx.iVar, ctx.n, ctx.k, &nRead, &nWritten);
  pOut->nBytesRead = (long long)nRead;
  pOut->nBytesWritten = (long long)nWritten;
  if (prepare_host(ctx.n, pOut) || prepare_device(ctx.n, pOut)) return;
  if ((access_variants[ctx.iVar].v.mFlags & VARIANT_TEXTURE) && prepare_textures(ctx.n, pOut)) return;
  if (!c->bVerified && verify(zVar, &ctx, pOut)) return; /* verified once per build and GPU */
  bench_time_gpu(c, run, NULL, &ctx, pOut);
}

/* Free the device arrays at the end of a run; the host buffers stay for the
** process's next run (--matrix) and are freed at its exit (free_host). */
static void cleanup(void) {
  drop_textures();
  cudaFree(g.dA);
  cudaFree(g.dB);
  cudaFree(g.dC);
  g.dA = g.dB = g.dC = NULL;
  g.nDevCap = 0;
  g.bUploaded = 0;
}

/* Free the host buffers (at the process's exit). */
static void free_host(void) {
  gpu_host_free(g.hA);
  gpu_host_free(g.hB);
  gpu_host_free(g.hWant);
  gpu_host_free(g.hGot);
  g.hA = g.hB = g.hWant = g.hGot = NULL;
  g.nHostCap = g.nCheckCap = 0;
}

/* -------------------------------------------------------------- main -- */
int main(int argc, char **argv) {
  static char zBinary[32], zAbout[4096];
  const char *zDlcm = access_build_dlcm();
  azL1[0] = zDlcm;
  azL1[1] = NULL;
  aAxis[AX_L1].zDefault = zDlcm;
  snprintf(zBinary, sizeof(zBinary), "access-%s", zDlcm);
  snprintf(zAbout, sizeof(zAbout),
      "Global access patterns (seed 004; texture and local memory of seed 001),\n"
      "kernels built with -Xptxas -dlcm=%s (%s). Each configuration is\n"
      "verified bitwise on all n outputs against a CPU reference, then timed with\n"
      "CUDA events (L2 flushed before every repetition unless --warm); GB/s counts\n"
      "the useful bytes only. Variants:\n",
      zDlcm, !strcmp(zDlcm, "ca") ? "global loads cached in L1" : "global loads cached in L2 only");
  bench_variant_axis(&aAxis[AX_VARIANT], access_variants, access_nvariant, sizeof(access_variants[0]),
                     NULL, zAbout, sizeof(zAbout));
  atexit(free_host);
  bench_study study = {"access", zBinary, zAbout, aAxis, NAXIS, skip, device_bytes, measure, cleanup};
  return bench_main(&study, argc, argv);
}
