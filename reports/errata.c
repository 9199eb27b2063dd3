/*
** reports/errata.c: the seeds' bugs, shown by running their logic as written.
**
**   errata > errata.sql   (then: sqlite3 report.db < errata.sql, after
**                          reports/schema.sql, which creates table erratum)
**
** Host-only C (no GPU): each check below emulates, on the CPU, what a seed's
** code does as written on an input where it fails, next to what the correct
** code gives, and prints one row of table erratum. Bugs that cannot be shown
** by a CPU emulation (a race, a hang, a timing that depends on the machine)
** get a row that explains them, with no numbers. The report's errata section
** is a query over this table, so every number in it is computed here.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/reduce/ref_reduce.h"
#include "reports/seed_reduce.h"

/* Print a string as an SQL literal, or NULL. */
static void lit(const char *z) {
  if (!z) {
    fputs("NULL", stdout);
    return;
  }
  putchar('\'');
  for (; *z; z++) {
    if (*z == '\'') putchar('\'');
    putchar(*z);
  }
  putchar('\'');
}

static int nRow = 0;
static void row(const char *zId, const char *zSeed, const char *zWhat, const char *zInput, const char *zAsWritten,
                const char *zCorrect, const char *zFixedBy) {
  printf("INSERT INTO erratum VALUES (");
  lit(zId);
  printf(", %d, ", ++nRow);
  lit(zSeed), fputs(", ", stdout), lit(zWhat), fputs(", ", stdout), lit(zInput), fputs(", ", stdout);
  lit(zAsWritten), fputs(", ", stdout), lit(zCorrect), fputs(", ", stdout), lit(zFixedBy);
  printf(");\n");
}

/* Seed 000's rnd(5.0f): a fixed LCG here, so the rows are reproducible. */
static uint32_t uRng = 12345u;
static float rnd5(void) {
  uRng = uRng * 1664525u + 1013904223u;
  return 5.0f * (float)(uRng >> 8) / 16777216.0f;
}

/* The distance of seed 000: sum over the points of squared distances. */
typedef struct { float x, y; } Vec;
static float dist_sum(const Vec *p, int nP, int x, int y) {
  float s = 0;
  for (int i = 0; i < nP; i++) {
    float dx = p[i].x - (float)x, dy = p[i].y - (float)y;
    s += dx * dx + dy * dy;
  }
  return s;
}

/* Seed 003's in-place neighbored reduction (step 2) of one block, as written. */
static void neighbored_inplace(int32_t *g, size_t n, int block) {
  for (size_t b = 0; b * (size_t)block < n; b++) {
    int32_t *idata = g + b * (size_t)block;
    for (int stride = 1; stride < block; stride *= 2)
      for (int tid = 0; tid < block; tid++)
        if (tid % (2 * stride) == 0 && b * (size_t)block + (size_t)(tid + stride) < n) idata[tid] += idata[tid + stride];
  }
}

int main(void) {
  char zA[256], zC[256], zIn[256];
  puts("DELETE FROM erratum;");

  /* 003: unroll8 drops the tail when n is not a multiple of 8 * blockDim. */
  {
    const size_t n = (1u << 24) + 7;
    const int block = 1024;
    int32_t *a = malloc(n * sizeof *a);
    if (!a) return 1;
    for (size_t i = 0; i < n; i++) a[i] = 1;
    int64_t got = seed_unroll8_as_written(a, n, block), want = ref_reduce_i32(a, n);
    snprintf(zIn, sizeof zIn, "n = 2^24 + 7 = %zu ones, %d-thread blocks, grid = ceil(n / block) / 8", n, block);
    snprintf(zA, sizeof zA, "sum %lld (%lld elements dropped)", (long long)got, (long long)(want - got));
    snprintf(zC, sizeof zC, "sum %lld", (long long)want);
    row("003-unroll-tail", "003", "reduceUnrolling8 (and the warp-unrolled kernels after it) only sums whole chunks of 8 x blockDim elements",
        zIn, zA, zC, "the unrolled kernels of kernels/reduce.cu add the elements after the last whole chunk; every size is verified exactly (int32), including sizes that are not a multiple of 8 x blockDim");
    free(a);
  }

  /* 000: rslt[index] += ... into a buffer that is never zeroed. */
  {
    enum { W = 256, NP = 20 };
    Vec p[NP];
    for (int i = 0; i < NP; i++) p[i].x = rnd5(), p[i].y = rnd5();
    static float rslt[W * W];
    /* The buffer holds what it held before: here, the output of one earlier launch. */
    for (int pass = 0; pass < 2; pass++)
      for (int y = 0; y < W; y++)
        for (int x = 0; x < W; x++)
          for (int i = 0; i < NP; i++) rslt[x + y * W] += dist_sum(&p[i], 1, x, y);
    double got = 0, want = 0;
    for (int y = 0; y < W; y++)
      for (int x = 0; x < W; x++) got += rslt[x + y * W], want += dist_sum(p, NP, x, y);
    snprintf(zIn, sizeof zIn, "%d x %d grid, %d points; the buffer holds the output of one earlier launch", W, W, NP);
    snprintf(zA, sizeof zA, "field sum %.6g (%.2fx)", got, got / want);
    snprintf(zC, sizeof zC, "field sum %.6g", want);
    row("000-unzeroed", "000", "rslt[index] += ... accumulates into device memory that is never zeroed", zIn, zA, zC,
        "kernels/distance.cu writes each value once (=), and the study fills the output with a poison value before the verified launch");
  }

  /* 000: index = x + y * blockDim.x * gridDim.x on a grid that is not a
  ** multiple of the block (16 x 16 blocks, grid rounded up). */
  {
    enum { W = 17, H = 33, B = 16 };
    const int gx = (W + B - 1) / B, gy = (H + B - 1) / B, pitch = B * gx;
    int nOwn = 0, nOut = 0, nWrites = 0;
    for (int y = 0; y < gy * B; y++)
      for (int x = 0; x < gx * B; x++) {
        int idx = x + y * pitch;
        nWrites++;
        if (idx >= W * H) nOut++;
        else if (idx % W == x && idx / W == y) nOwn++;
      }
    snprintf(zIn, sizeof zIn, "%d x %d field, 16 x 16 blocks, %d x %d grid of blocks (row pitch %d, not %d)", W, H, gx, gy, pitch, W);
    snprintf(zA, sizeof zA, "%d of %d cells hold their own point; %d of %d writes land past the buffer", nOwn, W * H, nOut, nWrites);
    snprintf(zC, sizeof zC, "%d of %d cells", W * H, W * H);
    row("000-pitch", "000", "the index uses blockDim.x * gridDim.x as the row pitch and has no bounds check: right only when the launch covers the field exactly",
        zIn, zA, zC, "kernels/distance.cu uses the field width as the pitch and skips threads outside the field");
  }

  /* 003: the matrix-add warm-up indexes with ix + iy * ny. */
  {
    enum { NX = 33, NY = 17 };
    static float a[NX * NY], b[NX * NY], c[NX * NY];
    for (int i = 0; i < NX * NY; i++) a[i] = (float)i, b[i] = 1.0f, c[i] = 0.0f;
    int nOut = 0, nRight = 0;
    for (int iy = 0; iy < NY; iy++)
      for (int ix = 0; ix < NX; ix++) {
        int idx = ix + iy * NY; /* as written */
        if (idx >= NX * NY) nOut++;
        else c[idx] = a[idx] + b[idx];
      }
    for (int i = 0; i < NX * NY; i++) nRight += c[i] == a[i] + b[i];
    snprintf(zIn, sizeof zIn, "nx = %d columns, ny = %d rows", NX, NY);
    snprintf(zA, sizeof zA, "%d of %d elements hold A + B; %d accesses past the arrays", nRight, NX * NY, nOut);
    snprintf(zC, sizeof zC, "%d of %d elements", NX * NY, NX * NY);
    row("003-matrix-index", "003", "the matrix-add warm-up indexes element (ix, iy) as ix + iy * ny instead of ix + iy * nx", zIn, zA, zC,
        "not part of this project's studies (the warm-up kernel is not reimplemented)");
  }

  /* 003: the in-place kernels destroy their input. */
  {
    enum { N = 4096, B = 1024 };
    static int32_t g[N];
    for (int i = 0; i < N; i++) g[i] = 1;
    int64_t first = 0, second = 0;
    neighbored_inplace(g, N, B);
    for (int b = 0; b < N / B; b++) first += g[b * B];
    neighbored_inplace(g, N, B);
    for (int b = 0; b < N / B; b++) second += g[b * B];
    snprintf(zIn, sizeof zIn, "%d ones, %d-thread blocks, the neighbored kernel run twice on one buffer", N, B);
    snprintf(zA, sizeof zA, "first sum %lld, second sum %lld", (long long)first, (long long)second);
    snprintf(zC, sizeof zC, "%d both times", N);
    row("003-inplace", "003", "the in-place kernels overwrite their input, so a repeated launch (a second timing) sums garbage", zIn, zA, zC,
        "experiments/reduce/reduce.c restores the input from a pristine device copy before every repetition, outside the timed region");
  }

  /* 003: cudaEventElapsedTime's milliseconds divided by 1000 and printed as ms. */
  {
    const float fElapsedMs = 1.36f; /* an interval cudaEventElapsedTime reports */
    snprintf(zIn, sizeof zIn, "an event interval of %.2f ms", fElapsedMs);
    snprintf(zA, sizeof zA, "prints %f(ms)", fElapsedMs / 1000);
    snprintf(zC, sizeof zC, "%.2f ms", fElapsedMs);
    row("003-ms-unit", "003", "printf(\"%f(ms)\", time_GPU / 1000): the event time is already in ms", zIn, zA, zC,
        "the harness stores every cudaEventElapsedTime interval as it comes, converted once to whole nanoseconds; nothing divides it again");
  }

  /* Explained only: not reproducible by a CPU emulation. */
  row("003-clock-async", "003", "clock() around an asynchronous kernel launch measures the launch call (and the CPU loop after it), not the kernel; clock() is also process CPU time",
      NULL, NULL, NULL, "every GPU time is a pair of CUDA events around the kernel on its stream; the host clock is used only for the labelled CPU baseline");
  row("003-early-return", "003", "if (tid >= n) return; before __syncthreads(): threads that returned never reach the barrier (undefined behaviour, a hang on some GPUs)",
      NULL, NULL, NULL, "kernels/reduce.cu lets every thread reach every barrier and masks the loads instead");
  row("003-volatile-warp", "003", "the last-warp unrolling relies on implicit warp synchrony through volatile, which Volta and later do not guarantee",
      NULL, NULL, NULL, "__syncwarp() between the steps of the warp-synchronous code (unroll-warps8, complete-unroll-*)");
  row("000-check", "000", "CHECK prints a CUDA error and carries on", NULL, NULL, NULL,
      "every CUDA call is checked; an error ends the configuration as failed, and the run exits non-zero");
  row("000-one-launch", "000, 002", "a single launch is timed with no warm-up (000); the timed region includes allocation and copies (002)", NULL, NULL, NULL,
      "warm-up launches, then repeated launches each timed by its own events, with uploads outside the timed region; the median is reported");
  row("002-time-seed", "002", "the spheres are drawn with srand(time()), so no two runs render the same scene", NULL, NULL, NULL,
      "a fixed seed: the scene is the same in every run and in the CPU reference");
  return 0;
}
