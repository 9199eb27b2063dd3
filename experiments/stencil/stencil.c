/*
** experiments/stencil/stencil.c: a 2-D stencil with reuse, read through plain global
** loads, the read-only path, a texture and a shared-memory tile (seed 001's
** claim "texture caching can exceed the global-memory bandwidth on reuse").
**
** A 5x5 box filter over a size x size float32 image with clamped borders
** (kernels/stencil.h). Every input pixel is read by 25 output pixels, so the
** bytes the threads request are 25x the bytes of the image. The study
** declares those *requested* bytes as bytes_read (25 taps x 4 bytes x
** pixels, counting every reuse) and 4 bytes per pixel written: its GB/s is
** requested GB/s, and a value above the device's DRAM (copy) bandwidth means
** a cache (L1/texture, L2) or the shared tile served the reuse.
**
** Every configuration is verified before it is timed: the output is filled
** with a sentinel, one launch runs, and all pixels are compared with
** ref_stencil() (experiments/stencil/ref_stencil.c) within an absolute bound of
** TOLERANCE (the kernels do the reference's float operations in its order,
** so the stored maxErr is 0 in practice; the bound is what two orderings of
** a 25-term float sum of values in [0,1), divided by 25, may differ by:
** 2 x 24 x 2^-24 plus the division's rounding, about 3e-6); once per build
** and GPU (bench_config.bVerified): a size's reference output is made at
** its first verification (experiments/stencil/stencil_image.h), so a later
** trial, which verifies nothing, makes none. The input lives in pitched
** memory (cudaMallocPitch), which the texture reads directly.
**
**   build/studies/stencil --help
**   build/studies/stencil --variant global,ldg,tex,shared --size 1024,4096,8192 --block 256
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "experiments/harness/bench.h"
#include "experiments/harness/device_limits.h"
#include "experiments/stencil/stencil_image.h"
#include "kernels/stencil.h"

/* Largest |GPU - reference| accepted, per pixel (see the header comment). */
#define TOLERANCE 3e-6

/* Byte the output is filled with before verification (about -1.0e5). */
#define SENTINEL_BYTE 0xC7

/* --------------------------------------------------------------- axes -- */
enum { AX_VARIANT, AX_SIZE, AX_BLOCK, NAXIS };

static bench_axis aAxis[NAXIS] = {
    {.zName = "variant", .zHelp = "kernel variant"},
    {.zName = "size", .zHelp = "image width = height in pixels (float32)", .zDefault = "1024,4096,8192",
     .bInt = 1, .iMin = 1, .iMax = STENCIL_MAX_DIM},
    {.zName = "block", .zHelp = "threads per block (a multiple of 32; blocks are 32 x block/32)",
     .zDefault = "256", .bInt = 1, .iMin = 32, .iMax = 1024},
};

/* ------------------------------------------------------------- state -- */
/* Buffers cached across configurations of one size (the host input and
** its reference output: stencil_image.h, kept for the process). */
static struct {
  int nSide;             /* size the buffers below hold (0: none) */
  const stencil_image *pImg; /* the host input of that size, and its reference once verified */
  float *hGot;           /* device output copy (made by the first verification) */
  size_t nGotCap;        /* its pixels */
  float *dIn;            /* device input, pitched */
  size_t nPitch;         /* its row pitch in floats */
  float *dOut;           /* device output, dense */
  unsigned long long tex;/* texture over dIn (0: not made yet) */
} g;

/* Arguments of one launch, for the timing callback. */
typedef struct launch_ctx {
  int iVar, nSide, nBlock;
} launch_ctx;

/* ------------------------------------------------------------ matrix -- */
static size_t device_bytes(const bench_config *c);

/* Which configurations are not run, and why (experiments/harness/device_limits.h). */
static const char *skip(const bench_config *c) {
  static char zWhy[256];
  const stencil_variant *pVar = &stencil_variants[stencil_find(bench_str(c, AX_VARIANT))];
  int nBlock = (int)bench_int(c, AX_BLOCK);
  if (nBlock % 32 != 0) return "block size is not a multiple of 32";
  const device_need need = {
      .nGlobalBytes = (long long)device_bytes(c),
      .nThreadsPerBlock = nBlock,
      .nSharedPerBlock = (pVar->v.mFlags & VARIANT_SHARED) ? (long long)stencil_shared_bytes(nBlock) : 0,
      .mFlags = pVar->v.mFlags};
  return device_skip(bench_gpu(), &need, zWhy, sizeof(zWhy));
}

/* Device bytes: the pitched input (rows padded to at most 512 bytes more)
** and the dense output. */
static size_t device_bytes(const bench_config *c) {
  size_t n = (size_t)bench_int(c, AX_SIZE);
  return n * (n * sizeof(float) + 512) + n * n * sizeof(float);
}

/* ------------------------------------------------------------- setup -- */
/* Free the device buffers of the current size and the output copy (the
** host input stays for the process: stencil_image.h). */
static void cleanup(void) {
  stencil_texture_destroy(g.tex);
  cudaFree(g.dIn);
  cudaFree(g.dOut);
  free(g.hGot);
  memset(&g, 0, sizeof(g));
}

/* Buffers and input (values in [0,1), fixed seed per pixel index) of an n x
** n image, made once per size; its reference output only with bRef (a
** configuration to verify). */
static int prepare(int n, int bRef, bench_out *pOut) {
  int rc;
  if (g.nSide == n) {
    if (bRef && !g.pImg->pWant && !(g.pImg = stencil_image_get(n, 1))) {
      cleanup();
      pOut->bFailed = 1;
      snprintf(pOut->zError, sizeof(pOut->zError), "out of host memory for a %d x %d reference", n, n);
      return -1;
    }
    return 0;
  }
  cleanup();
  size_t nPix = (size_t)n * (size_t)n, nPitchBytes = 0;
  if (!(g.pImg = stencil_image_get(n, bRef))) {
    pOut->bFailed = 1;
    snprintf(pOut->zError, sizeof(pOut->zError), "out of host memory for a %d x %d image", n, n);
    return -1;
  }
  if ((rc = cudaMallocPitch((void **)&g.dIn, &nPitchBytes, (size_t)n * sizeof(float), (size_t)n)) ||
      (rc = cudaMalloc((void **)&g.dOut, nPix * sizeof(float))) ||
      (rc = gpu_upload_2d(g.dIn, nPitchBytes, g.pImg->pIn, (size_t)n * sizeof(float), (size_t)n * sizeof(float),
                          (size_t)n))) {
    cleanup();
    bench_cuda_fail(pOut, "allocate and upload the image", rc);
    return -1;
  }
  g.nPitch = nPitchBytes / sizeof(float);
  g.nSide = n;
  return 0;
}

/* ------------------------------------------------------------ launch -- */
/* The timed work: one launch of the variant. */
static int run(void *pCtx, cudaStream_t s) {
  launch_ctx *p = pCtx;
  return stencil_launch(p->iVar, g.dIn, g.nPitch, g.tex, g.dOut, p->nSide, p->nSide, p->nBlock, s);
}

/* ----------------------------------------------------------- measure -- */
/* One launch on a sentinel-filled output, every pixel compared with the
** reference within TOLERANCE; 0 if all pass, else the failure is in pOut. */
static int verify(const char *zVar, launch_ctx *pCtx, bench_out *pOut) {
  size_t n = (size_t)pCtx->nSide, nPix = n * n, nBytes = nPix * sizeof(float);
  const float *hWant = g.pImg->pWant;
  int rc;
  if (g.nGotCap < nPix) {
    free(g.hGot);
    g.nGotCap = (g.hGot = malloc(nBytes)) ? nPix : 0;
    if (!g.hGot) {
      pOut->bFailed = 1;
      snprintf(pOut->zError, sizeof(pOut->zError), "out of host memory for a %zu x %zu image", n, n);
      return -1;
    }
  }
  if ((rc = cudaMemsetAsync(g.dOut, SENTINEL_BYTE, nBytes, gpu_stream())) || (rc = run(pCtx, gpu_stream())) ||
      (rc = gpu_download(g.hGot, g.dOut, nBytes))) {
    bench_cuda_fail(pOut, "verification launch", rc);
    return -1;
  }
  size_t iFirst = nPix, nBad = 0;
  double errMax = 0;
  for (size_t i = 0; i < nPix; i++) {
    double e = fabs((double)g.hGot[i] - (double)hWant[i]);
    if (!(e <= errMax)) errMax = e; /* a NaN difference becomes the maximum */
    if (!(e <= TOLERANCE) && nBad++ == 0) iFirst = i;
  }
  pOut->tolerance = TOLERANCE;
  pOut->maxErr = errMax;
  if (nBad == 0) return 0;
  pOut->bFailed = 1;
  snprintf(pOut->zError, sizeof(pOut->zError),
           "%s: %zu of %zu pixels beyond %g; first (x=%zu, y=%zu) = %.9g, want %.9g", zVar, nBad, nPix, TOLERANCE,
           iFirst % n, iFirst / n, g.hGot[iFirst], hWant[iFirst]);
  return -1;
}

/* Verify one configuration, then time it. */
static void measure(const bench_config *c, bench_out *pOut) {
  const char *zVar = bench_str(c, AX_VARIANT);
  launch_ctx ctx = {stencil_find(zVar), (int)bench_int(c, AX_SIZE), (int)bench_int(c, AX_BLOCK)};
  unsigned long long nRead, nWritten;
  stencil_traffic(ctx.iVar, ctx.nSide, ctx.nSide, &nRead, &nWritten);
  pOut->nBytesRead = (long long)nRead;
  pOut->nBytesWritten = (long long)nWritten;
  if (prepare(ctx.nSide, !c->bVerified, pOut)) return;
  if ((stencil_variants[ctx.iVar].v.mFlags & VARIANT_TEXTURE) && g.tex == 0) {
    int rc = stencil_texture_create(g.dIn, g.nPitch, ctx.nSide, ctx.nSide, &g.tex);
    if (rc) {
      g.tex = 0;
      bench_cuda_fail(pOut, "create the texture object", rc);
      return;
    }
  }
  if (!c->bVerified && verify(zVar, &ctx, pOut)) return; /* verified once per build and GPU */
  bench_time_gpu(c, run, NULL, &ctx, pOut);
}

/* -------------------------------------------------------------- main -- */
int main(int argc, char **argv) {
  static char zAbout[4096] =
      "2-D stencil with reuse (seed 001: texture caching on reuse): a 5x5 box\n"
      "filter on a size x size float32 image, clamped borders, each pixel read by\n"
      "25 outputs. Each configuration is verified on every pixel against a CPU\n"
      "reference (|error| <= 3e-6), then timed with CUDA events (L2 flushed before\n"
      "every repetition unless --warm). GB/s counts REQUESTED bytes: 25 taps x 4\n"
      "bytes per pixel read (every reuse counted) + 4 written, so GB/s above the\n"
      "DRAM bandwidth means a cache served the reuse. Variants:\n";
  bench_variant_axis(&aAxis[AX_VARIANT], stencil_variants, stencil_nvariant, sizeof(stencil_variants[0]), NULL,
                     zAbout, sizeof(zAbout));
  atexit(stencil_image_clear);
  bench_study study = {"stencil", "stencil", zAbout, aAxis, NAXIS, skip, device_bytes, measure, cleanup};
  return bench_main(&study, argc, argv);
}
