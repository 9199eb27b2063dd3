/*
** experiments/distance/distance.c: the constant-memory distance-field study (seed 000).
**
** Every point of a grid x grid field sums the squared distances to P points
** (kernels/distance.cu), with the points read from one memory space per
** variant: global, __constant__, the read-only path, shared-memory tiles.
** The axis k sets how many distinct points the lanes of a warp read at each
** step (k = 1: the seed's uniform broadcast; neighbouring points otherwise),
** which isolates the serialisation of divergent constant reads. The points
** come from a fixed seed: the first P of DISTANCE_MAX_POINTS points in
** [0,5)^2, so every P sees a prefix of the same set.
**
** Each configuration is verified before it is timed: the output buffer is
** filled with NaN, one launch writes it, and every value must lie within
** ref_distance_tolerance() of the CPU reference. The whole field is compared
** with ref_distance() when grid^2 * P <= 2^30 host operations (about a second
** of CPU), else FULL_CHECK_SAMPLES sampled points plus the whole last row and
** last column against ref_distance_point(). max_err and tolerance are
** relative (|gpu - ref| / ref, bound (P + 2) * FLT_EPSILON).
**
**   build/studies/distance --help
**   build/studies/distance --grid 256:4096 --points 20,1024 --k 1:32 --variant global,constant
*/
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/harness/bench.h"
#include "experiments/harness/device_limits.h"
#include "kernels/distance.h"
#include "experiments/distance/ref_distance.h"
#include "experiments/harness/rng.h"

/* --------------------------------------------------------------- axes -- */
/* The variant axis comes last so that it varies fastest: the reference of a
** (grid, points) pair is computed once for every k, tile and variant. */
enum { AX_GRID, AX_POINTS, AX_K, AX_TILE, AX_VARIANT, NAXIS };


static bench_axis aAxis[NAXIS] = {
    {.zName = "grid", .zHelp = "field side: a grid x grid field (the seed: 256)", .zDefault = "256", .bInt = 1,
     .iMin = 1, .iMax = 16384},
    {.zName = "points", .zHelp = "number of points P (the seed: 20; at most 8192 = 64 KB of constant memory)",
     .zDefault = "20", .bInt = 1, .iMin = 1, .iMax = DISTANCE_MAX_POINTS},
    {.zName = "k", .zHelp = "distinct points read by the lanes of a warp per step (powers of two; 1 = uniform)",
     .zDefault = "1", .bInt = 1, .iMin = 1, .iMax = 32},
    {.zName = "tile", .zHelp = "thread block side: tile x tile threads (the seed: 16)", .zDefault = "16", .bInt = 1,
     .iMin = 1, .iMax = 32},
    {.zName = "variant", .zHelp = "memory space the points are read from"},
};

/* Fields of at most this many point evaluations are compared in full. */
#define FULL_CHECK_OPS (1LL << 30)
/* Sampled points of a larger field (plus its last row and last column). */
#define FULL_CHECK_SAMPLES 256
/* The points' fixed seed (seed 000). */
#define POINTS_SEED 0x5eed0000u

/* ------------------------------------------------------------- state -- */
/* Buffers cached across configurations. */
static struct {
  float *pPoints;        /* host: DISTANCE_MAX_POINTS points, x0,y0,x1,y1,.. */
  float *d_points;       /* device copy of all of them */
  int bConstSet;         /* the constant bank holds all of them */
  float *d_out;          /* device field */
  size_t nOutCap;        /* floats d_out can hold */
  float *pGot;           /* host copy of the device field */
  size_t nGotCap;        /* floats pGot can hold */
  float *pRef;           /* full CPU reference of (nRefGrid, nRefP), or NULL */
  int nRefGrid, nRefP;
} g;

/* Arguments of one launch, for the timing callback. */
typedef struct launch_ctx {
  int iVar, P, k, nGrid, nTile;
} launch_ctx;

/* ------------------------------------------------------------ matrix -- */
/* Which configurations are not run, and why. */
static size_t device_bytes(const bench_config *c);
static const char *skip(const bench_config *c) {
  static char zWhy[256];
  long long k = bench_int(c, AX_K), nTile = bench_int(c, AX_TILE);
  if ((k & (k - 1)) != 0) return "k is not a power of two (1, 2, 4, 8, 16, 32)";
  const unsigned mFlags = distance_variants[distance_find(bench_str(c, AX_VARIANT))].v.mFlags;
  const device_need need = {
      .nGlobalBytes = (long long)device_bytes(c),
      .nThreadsPerBlock = (int)(nTile * nTile),
      .nSharedPerBlock = (mFlags & VARIANT_SHARED) ? (long long)distance_shared_bytes(nTile * nTile) : 0,
      .nConstBytes = (mFlags & VARIANT_CONSTANT) ? (long long)(2 * sizeof(float) * DISTANCE_MAX_POINTS) : 0,
      .mFlags = mFlags};
  return device_skip(bench_gpu(), &need, zWhy, sizeof(zWhy));
}

/* Device bytes a configuration needs: the field and every point. */
static size_t device_bytes(const bench_config *c) {
  size_t nGrid = (size_t)bench_int(c, AX_GRID);
  return nGrid * nGrid * sizeof(float) + 2 * sizeof(float) * DISTANCE_MAX_POINTS + 256;
}

/* ------------------------------------------------------------- setup -- */
/* Make the points (host and device, and the constant bank when bConst) once. */
static int prepare_points(int bConst, bench_out *pOut) {
  int rc;
  if (!g.pPoints) {
    g.pPoints = malloc(2 * sizeof(float) * DISTANCE_MAX_POINTS);
    if (!g.pPoints) {
      pOut->bSkipped = 1;
      snprintf(pOut->zError, sizeof(pOut->zError), "host memory for the points");
      return -1;
    }
    uint64_t iSeed = POINTS_SEED;
    for (int i = 0; i < 2 * DISTANCE_MAX_POINTS; i++) g.pPoints[i] = 5.0f * rng_float(&iSeed);
  }
  if (!g.d_points) {
    if ((rc = cudaMalloc((void **)&g.d_points, 2 * sizeof(float) * DISTANCE_MAX_POINTS))) {
      bench_cuda_fail(pOut, "cudaMalloc points", rc);
      return -1;
    }
    if ((rc = gpu_upload(g.d_points, g.pPoints, 2 * sizeof(float) * DISTANCE_MAX_POINTS))) {
      bench_cuda_fail(pOut, "upload points", rc);
      return -1;
    }
  }
  if (bConst && !g.bConstSet) {
    if ((rc = distance_set_constant(g.pPoints, DISTANCE_MAX_POINTS))) {
      bench_cuda_fail(pOut, "cudaMemcpyToSymbol points", rc);
      return -1;
    }
    g.bConstSet = 1;
  }
  return 0;
}

/* Grow the device field and its host copy to nCell floats. */
static int prepare_field(size_t nCell, bench_out *pOut) {
  int rc;
  if (g.nOutCap < nCell) {
    if (g.d_out) cudaFree(g.d_out);
    g.d_out = NULL;
    g.nOutCap = 0;
    if ((rc = cudaMalloc((void **)&g.d_out, nCell * sizeof(float)))) {
      bench_cuda_fail(pOut, "cudaMalloc field", rc);
      return -1;
    }
    g.nOutCap = nCell;
  }
  if (g.nGotCap < nCell) {
    free(g.pGot);
    g.pGot = malloc(nCell * sizeof(float));
    g.nGotCap = g.pGot ? nCell : 0;
    if (!g.pGot) {
      pOut->bSkipped = 1;
      snprintf(pOut->zError, sizeof(pOut->zError), "host memory for %zu floats", nCell);
      return -1;
    }
  }
  return 0;
}

/* The full reference of (nGrid, P), computed once for every k, tile, variant. */
static int prepare_reference(int nGrid, int P, bench_out *pOut) {
  if (g.pRef && g.nRefGrid == nGrid && g.nRefP == P) return 0;
  free(g.pRef);
  g.pRef = malloc((size_t)nGrid * nGrid * sizeof(float));
  if (!g.pRef) {
    pOut->bSkipped = 1;
    snprintf(pOut->zError, sizeof(pOut->zError), "host memory for the %dx%d reference", nGrid, nGrid);
    return -1;
  }
  ref_distance(g.pPoints, P, g.pRef, nGrid, nGrid);
  g.nRefGrid = nGrid;
  g.nRefP = P;
  return 0;
}

/* ------------------------------------------------------------ launch -- */
/* The timed work: one field. */
static int run(void *pCtx, cudaStream_t s) {
  launch_ctx *p = pCtx;
  return distance_launch(p->iVar, g.d_points, p->P, p->k, g.d_out, p->nGrid, p->nGrid, p->nTile, p->nTile, s);
}

/* ----------------------------------------------------------- measure -- */
/* Check the device value at (x, y) against ref; track the largest relative
** error in *pMax. Returns 0 if within the bound, else fills pOut's error. */
static int check_cell(int x, int y, double ref, const launch_ctx *p, double *pMax, bench_out *pOut) {
  float got = g.pGot[(size_t)y * p->nGrid + x];
  double err = fabs((double)got - ref);
  double rel = err / (ref > FLT_MIN ? ref : FLT_MIN);
  if (rel > *pMax || isnan(err)) *pMax = isnan(err) ? HUGE_VAL : rel;
  if (err <= ref_distance_tolerance(p->P, ref)) return 0;
  pOut->bFailed = 1;
  snprintf(pOut->zError, sizeof(pOut->zError), "wrong value at (%d,%d): got %.9g, want %.9g (bound %.3g)", x,
           y, (double)got, ref, ref_distance_tolerance(p->P, ref));
  return -1;
}

/* Compare the downloaded field with the reference: all of it, or a sample.
** Returns 0 if every checked value is within the bound. */
static int verify(const launch_ctx *p, bench_out *pOut) {
  int n = p->nGrid, rc = 0;
  double maxRel = 0;
  pOut->tolerance = ((double)p->P + 2.0) * (double)FLT_EPSILON;
  if ((long long)n * n * p->P <= FULL_CHECK_OPS) {
    if (prepare_reference(n, p->P, pOut)) return -1;
    /* Every cell, on the host's cores; the first failing one reported as
    ** check_cell() words it (maxRel already covers it). */
    long long iBad = ref_distance_compare(g.pGot, g.pRef, p->P, n, n, &maxRel);
    if (iBad >= 0) {
      double dIgnore = 0;
      rc = check_cell((int)(iBad % n), (int)(iBad / n), g.pRef[iBad], p, &dIgnore, pOut);
    }
  } else {
    uint64_t iSeed = POINTS_SEED + (uint64_t)n;
    for (int i = 0; i < FULL_CHECK_SAMPLES + 2 * n && !rc; i++) {
      int x, y;
      if (i < FULL_CHECK_SAMPLES) {
        x = (int)(rng_next(&iSeed) % (uint64_t)n);
        y = (int)(rng_next(&iSeed) % (uint64_t)n);
      } else if (i < FULL_CHECK_SAMPLES + n) {
        x = i - FULL_CHECK_SAMPLES;  /* last row */
        y = n - 1;
      } else {
        x = n - 1;                   /* last column */
        y = i - FULL_CHECK_SAMPLES - n;
      }
      rc = check_cell(x, y, ref_distance_point(g.pPoints, p->P, x, y, n, n), p, &maxRel, pOut);
    }
  }
  pOut->maxErr = maxRel;
  return rc;
}

/* Verify one configuration, then time it. */
static void measure(const bench_config *c, bench_out *pOut) {
  launch_ctx ctx = {distance_find(bench_str(c, AX_VARIANT)), (int)bench_int(c, AX_POINTS),
                    (int)bench_int(c, AX_K), (int)bench_int(c, AX_GRID), (int)bench_int(c, AX_TILE)};
  size_t nCell = (size_t)ctx.nGrid * ctx.nGrid;
  int rc;
  pOut->nBytesRead = (long long)ctx.P * 2 * (long long)sizeof(float);
  pOut->nBytesWritten = (long long)(nCell * sizeof(float));
  if (prepare_points((distance_variants[ctx.iVar].v.mFlags & VARIANT_CONSTANT) != 0, pOut)) return;
  if (prepare_field(nCell, pOut)) return;
  /* Verify (once per build and GPU: not in a later trial of a configuration
  ** verified before): NaN everywhere, one launch, the whole field back. */
  if (c->bVerified) {
    bench_time_gpu(c, run, NULL, &ctx, pOut);
    return;
  }
  if ((rc = cudaMemsetAsync(g.d_out, 0xff, nCell * sizeof(float), gpu_stream())) ||
      (rc = run(&ctx, gpu_stream())) || (rc = cudaStreamSynchronize(gpu_stream()))) {
    bench_cuda_fail(pOut, "verification launch", rc);
    return;
  }
  if ((rc = gpu_download(g.pGot, g.d_out, nCell * sizeof(float)))) {
    bench_cuda_fail(pOut, "copy field", rc);
    return;
  }
  if (verify(&ctx, pOut)) return;
  bench_time_gpu(c, run, NULL, &ctx, pOut);
}

/* Free the cached buffers. */
static void cleanup(void) {
  free(g.pPoints);
  free(g.pGot);
  free(g.pRef);
  if (g.d_points) cudaFree(g.d_points);
  if (g.d_out) cudaFree(g.d_out);
  memset(&g, 0, sizeof(g));
}

/* -------------------------------------------------------------- main -- */
int main(int argc, char **argv) {
  static char zAbout[4096] =
      "The constant-memory distance field (seed 000): every point of a grid x grid\n"
      "field sums the squared distances to P points read from one memory space,\n"
      "with k distinct points per warp and step. Verified against the CPU\n"
      "reference, then timed with CUDA events (L2 flushed before every repetition\n"
      "unless --warm). Variants:\n";
  bench_variant_axis(&aAxis[AX_VARIANT], distance_variants, distance_nvariant, sizeof(distance_variants[0]),
                     NULL, zAbout, sizeof(zAbout));
  bench_study study = {"distance", "distance", zAbout, aAxis, NAXIS, skip, device_bytes, measure, cleanup};
  return bench_main(&study, argc, argv);
}
