/*
** experiments/raytrace/raytrace.c: the constant-memory ray-tracer study (seed 002).
**
** Renders the book's random sphere scene (ref_raytrace_scene() with the fixed
** RAYTRACE_SCENE_SEED, scaled to the image) into a size x size RGBA8 image
** with the spheres read from __constant__ memory, global memory or the
** read-only path (kernels/raytrace.cu). The timed region is the kernel only:
** scene upload, cudaMemcpyToSymbol and the image download happen outside it.
**
** Each configuration is verified before it is timed: the image is filled
** with 0xff, one launch writes it, and the whole image is compared with the
** CPU ray tracer ref_raytrace() by ref_raytrace_compare() (8-bit channels may
** differ by at most 1, in at most 0.1% of the pixels). max_err is the largest
** channel difference, tolerance 1. The reference costs size^2 * spheres host
** operations (about 2 ns each) and is computed once per (size, spheres).
**
**   build/studies/raytrace --help
**   build/studies/raytrace --size 512:4096 --spheres 20,100,2340 --variant constant,global
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/harness/bench.h"
#include "experiments/harness/device_limits.h"
#include "kernels/raytrace.h"
#include "experiments/raytrace/raytrace_scene.h"
#include "experiments/raytrace/ref_raytrace.h"

/* --------------------------------------------------------------- axes -- */
/* The variant axis comes last so that it varies fastest: the scene and its
** reference render are made once per (size, spheres). */
enum { AX_SIZE, AX_SPHERES, AX_TILE, AX_VARIANT, NAXIS };


static bench_axis aAxis[NAXIS] = {
    {.zName = "size", .zHelp = "image side: a size x size image (the book: 1024)", .zDefault = "1024", .bInt = 1,
     .iMin = 1, .iMax = 16384},
    {.zName = "spheres", .zHelp = "number of spheres (the book: 100; at most 2340 = 64 KB of constant memory)",
     .zDefault = "100", .bInt = 1, .iMin = 1, .iMax = RAYTRACE_MAX_SPHERES},
    {.zName = "tile", .zHelp = "thread block side: tile x tile threads (the book: 16)", .zDefault = "16", .bInt = 1,
     .iMin = 1, .iMax = 32},
    {.zName = "variant", .zHelp = "memory space the spheres are read from"},
};

/* ------------------------------------------------------------- state -- */
/* The scene, its reference image and the device buffers, cached. */
static struct {
  int nSize, nSph;             /* the scene below: size, sphere count (0: none) */
  int bRef;                    /* pRef holds its reference render */
  raytrace_sphere *pScene;     /* host spheres */
  unsigned char *pRef;         /* CPU render of the scene */
  unsigned char *pGot;         /* host copy of the device image */
  int bUploaded;               /* d_spheres holds the scene */
  int bConstSet;               /* the constant bank holds the scene */
  raytrace_sphere *d_spheres;  /* device spheres (RAYTRACE_MAX_SPHERES) */
  unsigned char *d_rgba;       /* device image */
  size_t nImgCap;              /* bytes d_rgba, pGot and pRef can hold */
} g;

/* Arguments of one launch, for the timing callback. */
typedef struct launch_ctx {
  int iVar, nSph, nSize, nTile;
} launch_ctx;

/* ------------------------------------------------------------ matrix -- */
/* Device bytes a configuration needs: the image and the spheres. */
static size_t device_bytes(const bench_config *c) {
  size_t nSize = (size_t)bench_int(c, AX_SIZE);
  return 4 * nSize * nSize + sizeof(raytrace_sphere) * RAYTRACE_MAX_SPHERES + 256;
}

/* Which configurations are not run, and why: what the open GPU cannot run
** (experiments/harness/device_limits.h). */
static const char *skip(const bench_config *c) {
  static char zWhy[256];
  long long nTile = bench_int(c, AX_TILE);
  const unsigned mFlags = raytrace_variants[raytrace_find(bench_str(c, AX_VARIANT))].v.mFlags;
  const device_need need = {
      .nGlobalBytes = (long long)device_bytes(c),
      .nThreadsPerBlock = (int)(nTile * nTile),
      .nConstBytes = (mFlags & VARIANT_CONSTANT) ? (long long)(sizeof(raytrace_sphere) * RAYTRACE_MAX_SPHERES) : 0,
      .mFlags = mFlags};
  return device_skip(bench_gpu(), &need, zWhy, sizeof(zWhy));
}

/* ------------------------------------------------------------- setup -- */
/* Grow the image buffers (device, host copy, reference) to nBytes. */
static int prepare_images(size_t nBytes, bench_out *pOut) {
  int rc;
  if (g.nImgCap >= nBytes) return 0;
  if (g.d_rgba) cudaFree(g.d_rgba);
  free(g.pGot);
  free(g.pRef);
  g.d_rgba = NULL;
  g.nImgCap = 0;
  g.nSize = 0;  /* the reference image is gone */
  g.pGot = malloc(nBytes);
  g.pRef = malloc(nBytes);
  if (!g.pGot || !g.pRef) {
    pOut->bSkipped = 1;
    snprintf(pOut->zError, sizeof(pOut->zError), "host memory for two %zu-byte images", nBytes);
    return -1;
  }
  if ((rc = cudaMalloc((void **)&g.d_rgba, nBytes))) {
    bench_cuda_fail(pOut, "cudaMalloc image", rc);
    return -1;
  }
  g.nImgCap = nBytes;
  return 0;
}

/* Make the scene of (nSize, nSph) once, and its reference render once when
** bRef (a configuration to verify) asks for it. */
static int prepare_scene(int nSize, int nSph, int bRef, bench_out *pOut) {
  if (g.nSize == nSize && g.nSph == nSph) {
    if (bRef && !g.bRef) {
      ref_raytrace(g.pScene, nSph, g.pRef, nSize, nSize);
      g.bRef = 1;
    }
    return 0;
  }
  if (!g.pScene) g.pScene = malloc(sizeof(raytrace_sphere) * RAYTRACE_MAX_SPHERES);
  if (!g.pScene) {
    pOut->bSkipped = 1;
    snprintf(pOut->zError, sizeof(pOut->zError), "host memory for the scene");
    return -1;
  }
  ref_raytrace_scene(g.pScene, nSph, RAYTRACE_SCENE_SEED, nSize, nSize);
  g.bRef = bRef;
  if (bRef) ref_raytrace(g.pScene, nSph, g.pRef, nSize, nSize);
  g.nSize = nSize;
  g.nSph = nSph;
  g.bUploaded = g.bConstSet = 0;
  return 0;
}

/* Put the scene where variant iVar reads it (untimed). */
static int upload_scene(int bConst, bench_out *pOut) {
  int rc;
  if (!g.d_spheres && (rc = cudaMalloc((void **)&g.d_spheres, sizeof(raytrace_sphere) * RAYTRACE_MAX_SPHERES))) {
    bench_cuda_fail(pOut, "cudaMalloc spheres", rc);
    return -1;
  }
  if (!g.bUploaded) {
    if ((rc = gpu_upload(g.d_spheres, g.pScene, sizeof(raytrace_sphere) * g.nSph))) {
      bench_cuda_fail(pOut, "upload spheres", rc);
      return -1;
    }
    g.bUploaded = 1;
  }
  if (bConst && !g.bConstSet) {
    if ((rc = raytrace_set_constant(g.pScene, g.nSph))) {
      bench_cuda_fail(pOut, "cudaMemcpyToSymbol spheres", rc);
      return -1;
    }
    g.bConstSet = 1;
  }
  return 0;
}

/* ------------------------------------------------------------ launch -- */
/* The timed work: one image. */
static int run(void *pCtx, cudaStream_t s) {
  launch_ctx *p = pCtx;
  return raytrace_launch(p->iVar, g.d_spheres, p->nSph, g.d_rgba, p->nSize, p->nSize, p->nTile, p->nTile, s);
}

/* ----------------------------------------------------------- measure -- */
/* Verify one configuration, then time it. */
static void measure(const bench_config *c, bench_out *pOut) {
  launch_ctx ctx = {raytrace_find(bench_str(c, AX_VARIANT)), (int)bench_int(c, AX_SPHERES),
                    (int)bench_int(c, AX_SIZE), (int)bench_int(c, AX_TILE)};
  size_t nBytes = 4 * (size_t)ctx.nSize * ctx.nSize;
  int rc, maxDiff;
  long nDiffer;
  pOut->nBytesRead = (long long)(sizeof(raytrace_sphere) * (size_t)ctx.nSph);
  pOut->nBytesWritten = (long long)nBytes;
  if (prepare_images(nBytes, pOut) || prepare_scene(ctx.nSize, ctx.nSph, !c->bVerified, pOut) ||
      upload_scene((raytrace_variants[ctx.iVar].v.mFlags & VARIANT_CONSTANT) != 0, pOut))
    return;
  /* Verify (once per build and GPU: not in a later trial of a configuration
  ** verified before): 0xff everywhere, one launch, the whole image back. */
  if (c->bVerified) {
    bench_time_gpu(c, run, NULL, &ctx, pOut);
    return;
  }
  if ((rc = cudaMemsetAsync(g.d_rgba, 0xff, nBytes, gpu_stream())) || (rc = run(&ctx, gpu_stream())) ||
      (rc = cudaStreamSynchronize(gpu_stream()))) {
    bench_cuda_fail(pOut, "verification launch", rc);
    return;
  }
  if ((rc = gpu_download(g.pGot, g.d_rgba, nBytes))) {
    bench_cuda_fail(pOut, "copy image", rc);
    return;
  }
  int bBad = ref_raytrace_compare(g.pGot, g.pRef, ctx.nSize, ctx.nSize, &maxDiff, &nDiffer);
  pOut->maxErr = maxDiff;
  pOut->tolerance = 1;
  if (bBad) {
    pOut->bFailed = 1;
    snprintf(pOut->zError, sizeof(pOut->zError),
             "image differs from the CPU render: largest channel difference %d, %ld of %zu pixels differ",
             maxDiff, nDiffer, nBytes / 4);
    return;
  }
  bench_time_gpu(c, run, NULL, &ctx, pOut);
}

/* Free the cached buffers. */
static void cleanup(void) {
  free(g.pScene);
  free(g.pRef);
  free(g.pGot);
  if (g.d_spheres) cudaFree(g.d_spheres);
  if (g.d_rgba) cudaFree(g.d_rgba);
  memset(&g, 0, sizeof(g));
}

/* -------------------------------------------------------------- main -- */
int main(int argc, char **argv) {
  static char zAbout[4096] =
      "The constant-memory sphere ray tracer (seed 002, \"CUDA by Example\" ch. 6):\n"
      "render the fixed-seed random scene into a size x size RGBA8 image, verify it\n"
      "against the CPU ray tracer, then time the kernel alone with CUDA events (L2\n"
      "flushed before every repetition unless --warm). Variants:\n";
  bench_variant_axis(&aAxis[AX_VARIANT], raytrace_variants, raytrace_nvariant, sizeof(raytrace_variants[0]),
                     NULL, zAbout, sizeof(zAbout));
  bench_study study = {"raytrace", "raytrace", zAbout, aAxis, NAXIS, skip, device_bytes, measure, cleanup};
  return bench_main(&study, argc, argv);
}
