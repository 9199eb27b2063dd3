/*
** tests/gpu/test_reduce_gpu.c: every variant of kernels/reduce.h against the
** CPU references, one cmocka test per entry of the registry (built at run
** time from reduce_variants[], so a new variant is tested without naming it
** here). Each test covers dtype
** {int32, float32} x n {1, 31, 1000, 2^20+1, 2^24+7} x block {32, 64, 256,
** 1024} (blocks below the variant's nMinBlock skipped; a variant without a
** block axis runs at its first valid block only). int32 inputs are in [-8,7]
** (negatives covered) and must match the exact sum wrapped to 32 bits; float32
** inputs are in [-1,1) and must be within ref_reduce_f32_tolerance(). Every
** configuration is launched TWICE on the same workspace (initialised once),
** so single-pass's counter must reset itself; in-place variants get their
** input uploaded again before the second launch. After the first launch at
** n = 1000 the input must be changed if and only if the entry is flagged
** VARIANT_IN_PLACE (the study restores the input only for those, so a
** launcher behind the wrong key or flag fails here). Without a GPU every test
** prints 'SKIP: <reason>' and calls skip(); so does a VARIANT_HOPPER_ONLY
** entry (tma-bulk) on a GPU before compute capability 9.0.
** VARIANT_TUNED entries are also checked at n = 2^28 (block 256) and, at
** sizes up to 2^20+1, with every other loads/grid tuning of anTuneLoads x
** anTuneGrid. With BENCH_SMALL set (make sanitize) sizes above 2^20+1 are
** left out. One more test, "grid of several waves", runs vectorized and
** single-pass on a grid more than twice what the GPU holds at once
** (test_waves, below; device memory only, so BENCH_SMALL keeps it). And one,
** "small-n: ...", checks that variant's packed 64-bit atomic, tails and
** workspace reset harder (test_small_n, below); "graph mode: ..." the
** harness's CUDA-graph timing on real reductions (test_graph_mode);
** "no-combine: ..." the bound's grid and block sums (test_no_combine). A
** VARIANT_BOUND entry (no-combine) writes no sum: it is checked by the sum
** of the block sums it leaves in its workspace, its output untouched
** (check_bound).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/harness/bench.h"
#include "experiments/harness/gpu.h"
#include "tests/gpu/require_gpu.h"
#include "kernels/reduce.h"
#include "experiments/reduce/ref_reduce.h"
#include "experiments/harness/rng.h"

#define NSIZE 6
static const size_t anSize[NSIZE] = {1, 31, 1000, ((size_t)1 << 20) + 1, ((size_t)1 << 24) + 7,
                                     (size_t)1 << 28};
/* Sizes from this index on run for the tuned variants only, at block 256. */
#define JSIZE_TUNED_ONLY 5
/* Tunings every tuned variant is checked with besides its default (block
** 256, sizes up to 2^20+1). */
static const int anTuneLoads[] = {1, 2, 4, 16}, anTuneGrid[] = {1, 3};
static const int anBlock[] = {32, 64, 256, 1024};

/* Host inputs and references, made once per process on first use. */
static struct {
  int bReady;
  int32_t *aI32[NSIZE];
  float *aF32[NSIZE];
  int64_t iRef[NSIZE];
  double dRef[NSIZE], dSumAbs[NSIZE];
} h;

/* Fill the inputs with fixed seeds and compute their references. */
static void make_inputs(void) {
  if (h.bReady) return;
  const int bSmall = getenv("BENCH_SMALL") != NULL;
  for (int j = 0; j < NSIZE; j++) {
    size_t n = anSize[j];
    if (bSmall && n > ((size_t)1 << 20) + 1) continue;
    uint64_t iSeed = 0x7e57u + (uint64_t)j;
    h.aI32[j] = malloc(n * sizeof(int32_t));
    h.aF32[j] = malloc(n * sizeof(float));
    assert_non_null(h.aI32[j]);
    assert_non_null(h.aF32[j]);
    for (size_t i = 0; i < n; i++) {
      h.aI32[j][i] = (int32_t)(rng_next(&iSeed) & 15) - 8;
      h.aF32[j][i] = 2.0f * rng_float(&iSeed) - 1.0f;
    }
    h.iRef[j] = ref_reduce_i32(h.aI32[j], n);
    h.dRef[j] = ref_reduce_f32(h.aF32[j], n, &h.dSumAbs[j]);
  }
  h.bReady = 1;
}

/* A VARIANT_BOUND variant (no-combine) writes no sum: check what it wrote
** instead. Its workspace (nWs bytes, poisoned with 0x7f before the launch)
** holds its block sums, every slot written, and they add up to the input's
** sum (int32: wrapped to 32 bits, want; float32: within tol of dWant); the
** output (poisoned with 0x7f) is untouched. 0, or a CUDA error, or -1 with
** the reason in zErr. */
static int check_bound(reduce_dtype eType, const void *d_ws, size_t nWs, const void *d_out, int32_t want,
                       double dWant, double tol, char *zErr, size_t nErr) {
  const size_t nPart = nWs / 4;
  uint32_t out = 0;
  void *pPart = malloc(nWs);
  int rc;
  if (!pPart) {
    snprintf(zErr, nErr, "host memory for %zu block sums", nPart);
    return -1;
  }
  if ((rc = (int)cudaMemcpy(pPart, d_ws, nWs, cudaMemcpyDeviceToHost)) ||
      (rc = (int)cudaMemcpy(&out, d_out, 4, cudaMemcpyDeviceToHost))) {
    free(pPart);
    return rc;
  }
  uint32_t uSum = 0;
  double dSum = 0;
  for (size_t i = 0; i < nPart; i++) {
    if (eType == REDUCE_I32) uSum += ((const uint32_t *)pPart)[i];
    else dSum += ((const float *)pPart)[i];
  }
  free(pPart);
  if (nWs == 0 || nWs % 4 != 0) snprintf(zErr, nErr, "workspace of %zu bytes is no array of block sums", nWs);
  else if (out != 0x7f7f7f7fu) snprintf(zErr, nErr, "the output was written (0x%08x): a bound must not combine", out);
  else if (eType == REDUCE_I32 && (int32_t)uSum != want)
    snprintf(zErr, nErr, "its %zu block sums add up to %d, want %d", nPart, (int32_t)uSum, want);
  else if (eType == REDUCE_F32 && !(fabs(dSum - dWant) <= tol))
    snprintf(zErr, nErr, "its %zu block sums add up to %.9g, want %.9g (bound %.3g)", nPart, dSum, dWant, tol);
  else return 0;
  return -1;
}

/* Run one configuration (both launches). Returns 0, or -1 with the reason in
** zErr; device memory is freed either way. */
static int run_config(int iVar, reduce_dtype eType, int jSize, int nBlock, char *zErr, size_t nErr) {
  static unsigned char aBack[1000 * 4];
  const reduce_variant *v = &reduce_variants[iVar];
  const size_t n = anSize[jSize];
  const void *pHost = eType == REDUCE_I32 ? (const void *)h.aI32[jSize] : (const void *)h.aF32[jSize];
  const size_t nBytes = n * 4;
  void *d_in = NULL, *d_ws = NULL, *d_out = NULL;
  int rc = 0, iStep = 0;
  const char *zStage = "";
  size_t nWs = reduce_workspace_bytes(iVar, eType, n, nBlock);
  if (nWs == 0) {
    snprintf(zErr, nErr, "reduce_workspace_bytes returned 0");
    return -1;
  }
#define STEP(what, call) \
  do {                   \
    zStage = (what);     \
    rc = (int)(call);    \
    if (rc) goto done;   \
  } while (0)
  STEP("cudaMalloc input", cudaMalloc(&d_in, nBytes));
  STEP("cudaMalloc workspace", cudaMalloc(&d_ws, nWs));
  STEP("cudaMalloc output", cudaMalloc(&d_out, 16));
  STEP("reduce_workspace_init", reduce_workspace_init(d_ws, nWs, 0));
  for (iStep = 1; iStep <= 2; iStep++) {
    /* The first launch needs the input; in-place variants need it again. */
    if (iStep == 1 || (v->v.mFlags & VARIANT_IN_PLACE)) STEP("upload input", cudaMemcpy(d_in, pHost, nBytes, cudaMemcpyHostToDevice));
    /* 0x7f7f7f7f is no possible sum: a launch that writes nothing fails. */
    STEP("poison output", cudaMemset(d_out, 0x7f, 16));
    if (v->v.mFlags & VARIANT_BOUND) STEP("poison block sums", cudaMemset(d_ws, 0x7f, nWs));
    STEP("reduce_launch", reduce_launch(iVar, eType, d_in, n, nBlock, d_ws, nWs, d_out, 0));
    STEP("synchronize", cudaDeviceSynchronize());
    if (iStep == 1 && n == 1000) {
      STEP("copy input back", cudaMemcpy(aBack, d_in, nBytes, cudaMemcpyDeviceToHost));
      const int bChanged = memcmp(aBack, pHost, nBytes) != 0;
      if (bChanged != ((v->v.mFlags & VARIANT_IN_PLACE) != 0)) {
        snprintf(zErr, nErr, "input %s, but the entry is%s flagged in-place", bChanged ? "changed" : "unchanged",
                 bChanged ? " not" : "");
        rc = -1;
        goto done;
      }
    }
    if (v->v.mFlags & VARIANT_BOUND) {
      const double tol = ref_reduce_f32_tolerance(n, h.dSumAbs[jSize]);
      zStage = "check block sums";
      rc = check_bound(eType, d_ws, nWs, d_out, (int32_t)(uint32_t)h.iRef[jSize], h.dRef[jSize], tol, zErr, nErr);
      if (rc < 0 && zErr[0]) {
        char zWhy[256];
        snprintf(zWhy, sizeof(zWhy), "%s", zErr);
        snprintf(zErr, nErr, "launch %d: %s", iStep, zWhy);
      }
      if (rc) goto done;
    } else if (eType == REDUCE_I32) {
      int32_t got = 0;
      const int32_t want = (int32_t)(uint32_t)h.iRef[jSize];
      STEP("copy result", cudaMemcpy(&got, d_out, 4, cudaMemcpyDeviceToHost));
      if (got != want) {
        snprintf(zErr, nErr, "launch %d: got %d, want %d", iStep, got, want);
        rc = -1;
        goto done;
      }
    } else {
      float got = 0;
      const double tol = ref_reduce_f32_tolerance(n, h.dSumAbs[jSize]);
      STEP("copy result", cudaMemcpy(&got, d_out, 4, cudaMemcpyDeviceToHost));
      if (!(fabs((double)got - h.dRef[jSize]) <= tol)) {
        snprintf(zErr, nErr, "launch %d: got %.9g, want %.9g (error %.3g > bound %.3g)", iStep, got,
                 h.dRef[jSize], fabs((double)got - h.dRef[jSize]), tol);
        rc = -1;
        goto done;
      }
    }
  }
#undef STEP
done:
  if (rc > 0)
    snprintf(zErr, nErr, "%s (launch %d): %s (%s)", zStage, iStep, cudaGetErrorString((cudaError_t)rc),
             cudaGetErrorName((cudaError_t)rc));
  cudaGetLastError();
  if (d_in) cudaFree(d_in);
  if (d_ws) cudaFree(d_ws);
  if (d_out) cudaFree(d_out);
  return rc ? -1 : 0;
}

/* Every (dtype, n, block) of the variant in *state (a reduce_variant) sums
** correctly, twice on one workspace; the message names the first failing
** configuration. */
static void test_variant(void **state) {
  REQUIRE_GPU();
  const reduce_variant *v = *state;
  const int iVar = (int)(v - reduce_variants);
  const char *zKey = v->v.zKey;
  const int bTuned = (v->v.mFlags & VARIANT_TUNED) != 0;
  int iDev = 0, nMajor = 0, nMinor = 0;
  if (cudaGetDevice(&iDev) || cudaDeviceGetAttribute(&nMajor, cudaDevAttrComputeCapabilityMajor, iDev) ||
      cudaDeviceGetAttribute(&nMinor, cudaDevAttrComputeCapabilityMinor, iDev))
    fail_msg("cannot read the compute capability");
  if ((v->v.mFlags & VARIANT_HOPPER_ONLY) && nMajor < 9) {
    print_message("SKIP: %s is Hopper-only: needs compute capability 9.0, this GPU has %d.%d\n", zKey, nMajor,
                  nMinor);
    skip();
  }
  make_inputs();
  char zFirst[512] = "", zErr[384];
  int nFail = 0, nRun = 0;
  const int bSmall = getenv("BENCH_SMALL") != NULL; /* make sanitize: sizes up to 2^20+1 only */
  for (int t = 0; t < 2; t++) {
    const reduce_dtype eType = t ? REDUCE_F32 : REDUCE_I32;
    for (int j = 0; j < NSIZE; j++) {
      if (bSmall && anSize[j] > ((size_t)1 << 20) + 1) continue;
      if (j >= JSIZE_TUNED_ONLY && !bTuned) continue;
      for (size_t k = 0; k < sizeof(anBlock) / sizeof(anBlock[0]); k++) {
        const int nBlock = anBlock[k];
        if (nBlock < v->nMinBlock) continue;
        if (j >= JSIZE_TUNED_ONLY && nBlock != 256) continue;
        nRun++;
        zErr[0] = 0;
        if (run_config(iVar, eType, j, nBlock, zErr, sizeof(zErr))) {
          if (nFail++ == 0)
            snprintf(zFirst, sizeof(zFirst), "variant=%s dtype=%s n=%zu block=%d: %s", zKey,
                     t ? "float32" : "int32", anSize[j], nBlock, zErr);
          print_message("FAIL variant=%s dtype=%s n=%zu block=%d: %s\n", zKey, t ? "float32" : "int32",
                        anSize[j], nBlock, zErr);
        }
        if (v->v.mFlags & VARIANT_NO_BLOCK) break; /* the block size is ignored: one is enough */
      }
      /* The tuned variants again with the other loads/grid factors. */
      for (size_t a = 0; bTuned && anSize[j] <= ((size_t)1 << 20) + 1 && a < sizeof(anTuneLoads) / sizeof(int); a++)
        for (size_t b = 0; b < sizeof(anTuneGrid) / sizeof(int); b++) {
          assert_int_equal(reduce_tune(anTuneLoads[a], anTuneGrid[b]), 0);
          nRun++;
          zErr[0] = 0;
          if (run_config(iVar, eType, j, 256, zErr, sizeof(zErr))) {
            if (nFail++ == 0)
              snprintf(zFirst, sizeof(zFirst), "variant=%s dtype=%s n=%zu loads=%d grid=%d: %s", zKey,
                       t ? "float32" : "int32", anSize[j], anTuneLoads[a], anTuneGrid[b], zErr);
            print_message("FAIL variant=%s dtype=%s n=%zu loads=%d grid=%d: %s\n", zKey,
                          t ? "float32" : "int32", anSize[j], anTuneLoads[a], anTuneGrid[b], zErr);
          }
          assert_int_equal(reduce_tune(0, 0), 0);
        }
    }
  }
  if (nFail) fail_msg("%d of %d configurations failed; first: %s", nFail, nRun, zFirst);
}

/* The grid-stride variants on a grid the GPU cannot hold at once. stride_grid
** (kernels/reduce.cu) raises the grid to ceil(n / (nBlock * REDUCE_CHAIN_MAX))
** so no thread adds more than REDUCE_CHAIN_MAX (2048) elements; at block 32
** and n = 2 x (the most blocks of 32 threads the GPU holds at once) x 32 x 2048
** + 7 the grid is more than two waves and every thread adds about 2048
** elements (512 16-byte vectors). The other sizes give every thread a vector
** or a few on one wave of blocks, where two bugs cannot show:
** - the 4-loads-in-flight loop of thread_sum_vec4 stepping 3 strides instead
**   of 4 (adds some vectors twice; needs two trips through that loop);
** - single-pass taking the FIRST block to finish as the last (it adds the
**   partials before the others wrote theirs; with every block resident and
**   finishing together it still summed right). Here that block finishes
**   before any block of the later waves starts, and the partial slots hold
**   0x7f7f7f7f before every launch, so it adds garbage.
** The input is 0x01010101 in every int32 (cudaMemset, no host copy); the sum
** wraps to 32 bits, as int32 sums do. Three launches per variant on one
** workspace, single-pass's counter back at 0 after each. */
#define WAVES_BLOCK 32
#define WAVES_CHAIN 2048 /* REDUCE_CHAIN_MAX of kernels/reduce.cu */
static void test_waves(void **state) {
  (void)state;
  REQUIRE_GPU();
  static const char *azKey[] = {"vectorized", "single-pass"};
  int iDev = 0, nSm = 0, nThreadsPerSm = 0, nBlocksPerSm = 0;
  if (cudaGetDevice(&iDev) || cudaDeviceGetAttribute(&nSm, cudaDevAttrMultiProcessorCount, iDev) ||
      cudaDeviceGetAttribute(&nThreadsPerSm, cudaDevAttrMaxThreadsPerMultiProcessor, iDev) ||
      cudaDeviceGetAttribute(&nBlocksPerSm, cudaDevAttrMaxBlocksPerMultiprocessor, iDev))
    fail_msg("cannot read the device's multiprocessor limits");
  size_t nPerSm = (size_t)nThreadsPerSm / WAVES_BLOCK;
  if ((size_t)nBlocksPerSm < nPerSm) nPerSm = (size_t)nBlocksPerSm;
  const size_t n = 2 * (size_t)nSm * nPerSm * WAVES_BLOCK * WAVES_CHAIN + 7;
  const int32_t want = (int32_t)((uint32_t)n * 0x01010101u);
  size_t nFree = 0, nTotal = 0;
  if (cudaMemGetInfo(&nFree, &nTotal)) fail_msg("cudaMemGetInfo failed");
  if (n * 4 + ((size_t)64 << 20) > nFree) {
    print_message("SKIP: n=%zu needs %zu MiB of device memory, %zu MiB free\n", n, (n * 4) >> 20, nFree >> 20);
    skip();
  }
  void *d_in = NULL, *d_out = NULL, *d_ws = NULL;
  char zErr[384] = "";
  int rc = 0;
  const char *zStage = "";
#define WSTEP(what, call) \
  do {                    \
    zStage = (what);      \
    rc = (int)(call);     \
    if (rc) goto done;    \
  } while (0)
  WSTEP("cudaMalloc input", cudaMalloc(&d_in, n * 4));
  WSTEP("cudaMalloc output", cudaMalloc(&d_out, 16));
  WSTEP("fill input", cudaMemset(d_in, 1, n * 4));
  for (size_t k = 0; k < sizeof(azKey) / sizeof(azKey[0]) && !zErr[0]; k++) {
    const int iVar = reduce_find(azKey[k]);
    if (iVar < 0) fail_msg("no variant '%s' in the registry", azKey[k]);
    const size_t nWs = reduce_workspace_bytes(iVar, REDUCE_I32, n, WAVES_BLOCK);
    if (nWs <= 16) fail_msg("%s: reduce_workspace_bytes returned %zu", azKey[k], nWs);
    WSTEP("cudaMalloc workspace", cudaMalloc(&d_ws, nWs));
    WSTEP("reduce_workspace_init", reduce_workspace_init(d_ws, nWs, 0));
    for (int iStep = 1; iStep <= 3 && !zErr[0]; iStep++) {
      /* Garbage in every partial slot; the first 16 bytes are single-pass's counter. */
      WSTEP("poison partials", cudaMemset((char *)d_ws + 16, 0x7f, nWs - 16));
      WSTEP("poison output", cudaMemset(d_out, 0x7f, 16));
      WSTEP("reduce_launch", reduce_launch(iVar, REDUCE_I32, d_in, n, WAVES_BLOCK, d_ws, nWs, d_out, 0));
      WSTEP("synchronize", cudaDeviceSynchronize());
      int32_t got = 0;
      uint32_t nCount = 0;
      WSTEP("copy result", cudaMemcpy(&got, d_out, 4, cudaMemcpyDeviceToHost));
      WSTEP("copy counter", cudaMemcpy(&nCount, d_ws, 4, cudaMemcpyDeviceToHost));
      if (got != want)
        snprintf(zErr, sizeof(zErr), "variant=%s n=%zu block=%d launch %d: got %d, want %d", azKey[k], n,
                 WAVES_BLOCK, iStep, got, want);
      else if (!strcmp(azKey[k], "single-pass") && nCount != 0)
        snprintf(zErr, sizeof(zErr), "variant=single-pass n=%zu launch %d: the counter is %u after the launch, not 0",
                 n, iStep, nCount);
    }
    cudaFree(d_ws);
    d_ws = NULL;
  }
#undef WSTEP
done:
  if (rc)
    snprintf(zErr, sizeof(zErr), "n=%zu: %s: %s (%s)", n, zStage, cudaGetErrorString((cudaError_t)rc),
             cudaGetErrorName((cudaError_t)rc));
  cudaGetLastError();
  if (d_ws) cudaFree(d_ws);
  if (d_in) cudaFree(d_in);
  if (d_out) cudaFree(d_out);
  if (zErr[0]) fail_msg("%s", zErr);
}

/* small-n (issue 22) beyond the registry-wide test: int32 inputs over the
** whole int32 range (every block sum wraps, so the packed 64-bit atomic's low
** field gets 32-bit values near 2^32 from every block) and float32 in [-1,1);
** sizes around the powers of two of the small-n sweep and not multiples of 4;
** inputs starting 0..3 elements past a 16-byte boundary (scalar head and
** tail); the workspace 4 bytes past cudaMalloc's alignment (the launcher
** rounds it up to 8 for the 64-bit word); blocks 32, 256, 1024, and at block
** 32 a size whose grid reaches the packed atomic's cap of 4096 blocks (on a
** GPU of 128 SMs or more: 1024 threads per SM / 32 x SMs > 4096). Three
** launches per configuration on one workspace, the output poisoned before
** each; after each the workspace must be all zero again (int32: the packed
** word reset; float32: the counter and accumulator).
** The one-block path (issue 47): where the input fits one block's loads,
** n <= block x 4 loads x 4 elements (SMALL_ONE_BLOCK_ELEMS per thread; sizes
** on both sides of it for every block: 512/513, 4096/4097, 16384/16385), the
** grid is one block that combines nothing, so it must sum right with its
** workspace POISONED (0x7f, never zeroed: any atomic or combine would read
** garbage) and leave that workspace untouched. */
#define SMALL_OFF_MAX 3
#define SMALL_ONE_BLOCK_ELEMS 16 /* elements a thread loads on small-n's one-block path */
static void test_small_n(void **state) {
  (void)state;
  REQUIRE_GPU();
  static const size_t anN[] = {1, 2, 3, 4, 5, 7, 511, 512, 513, 1023, 1024, 1025, 4095, 4096, 4097, 16384, 16385,
                               ((size_t)1 << 16) - 1, (size_t)1 << 16, ((size_t)1 << 16) + 3, ((size_t)1 << 18) + 1,
                               ((size_t)1 << 20) + 1, ((size_t)1 << 20) + 2, ((size_t)1 << 22) + 3};
  static const int anB[] = {32, 256, 1024};
  const size_t nMax = ((size_t)1 << 22) + 3 + SMALL_OFF_MAX;
  const int iVar = reduce_find("small-n");
  if (iVar < 0) fail_msg("no variant 'small-n' in the registry");
  int32_t *aI = malloc(nMax * 4);
  float *aF = malloc(nMax * 4);
  assert_non_null(aI);
  assert_non_null(aF);
  uint64_t iSeed = 0x5a11u;
  for (size_t i = 0; i < nMax; i++) {
    aI[i] = (int32_t)(uint32_t)rng_next(&iSeed);
    aF[i] = 2.0f * rng_float(&iSeed) - 1.0f;
  }
  char *d_in = NULL, *d_ws = NULL;
  void *d_out = NULL;
  unsigned char aWs[1024]; /* small-n needs 280 bytes with its alignment slack */
  char zErr[384] = "";
  int rc = 0, nRun = 0;
  const char *zStage = "";
#define SSTEP(what, call) \
  do {                    \
    zStage = (what);      \
    rc = (int)(call);     \
    if (rc) goto done;    \
  } while (0)
  SSTEP("cudaMalloc input", cudaMalloc((void **)&d_in, nMax * 4));
  SSTEP("cudaMalloc workspace", cudaMalloc((void **)&d_ws, sizeof(aWs) + 4));
  SSTEP("cudaMalloc output", cudaMalloc(&d_out, 16));
  for (int t = 0; t < 2 && !zErr[0]; t++) {
    const reduce_dtype eType = t ? REDUCE_F32 : REDUCE_I32;
    SSTEP("upload input", cudaMemcpy(d_in, t ? (const void *)aF : (const void *)aI, nMax * 4, cudaMemcpyHostToDevice));
    for (size_t j = 0; j < sizeof(anN) / sizeof(anN[0]) && !zErr[0]; j++)
      for (int iOff = 0; iOff <= SMALL_OFF_MAX && !zErr[0]; iOff++)
        for (size_t k = 0; k < sizeof(anB) / sizeof(anB[0]) && !zErr[0]; k++) {
          const size_t n = anN[j];
          const int nBlock = anB[k];
          if (n > ((size_t)1 << 20) + 2 && nBlock != 32) continue; /* the big size: the grid cap only */
          const size_t nWs = reduce_workspace_bytes(iVar, eType, n, nBlock);
          if (nWs == 0 || nWs > sizeof(aWs)) {
            snprintf(zErr, sizeof(zErr), "n=%zu block=%d: workspace %zu bytes (want 1..%zu)", n, nBlock, nWs,
                     sizeof(aWs));
            break;
          }
          const int32_t wantI = (int32_t)(uint32_t)ref_reduce_i32(aI + iOff, n);
          double sumAbs = 0;
          const double wantF = ref_reduce_f32(aF + iOff, n, &sumAbs);
          const double tol = ref_reduce_f32_tolerance(n, sumAbs);
          /* One block: a poisoned workspace, which must stay as it is. */
          const int bOne = n <= (size_t)nBlock * SMALL_ONE_BLOCK_ELEMS;
          const unsigned char iWsWant = bOne ? 0x7f : 0;
          if (bOne) SSTEP("poison workspace", cudaMemset(d_ws + 4, 0x7f, nWs));
          else SSTEP("reduce_workspace_init", reduce_workspace_init(d_ws + 4, nWs, 0));
          for (int iStep = 1; iStep <= 3 && !zErr[0]; iStep++) {
            nRun++;
            SSTEP("poison output", cudaMemset(d_out, 0x7f, 16));
            SSTEP("reduce_launch", reduce_launch(iVar, eType, d_in + 4 * (size_t)iOff, n, nBlock, d_ws + 4, nWs,
                                                 d_out, 0));
            SSTEP("synchronize", cudaDeviceSynchronize());
            SSTEP("copy workspace", cudaMemcpy(aWs, d_ws + 4, nWs, cudaMemcpyDeviceToHost));
            if (t == 0) {
              int32_t got = 0;
              SSTEP("copy result", cudaMemcpy(&got, d_out, 4, cudaMemcpyDeviceToHost));
              if (got != wantI)
                snprintf(zErr, sizeof(zErr), "int32 n=%zu offset=%d block=%d launch %d: got %d, want %d", n, iOff,
                         nBlock, iStep, got, wantI);
            } else {
              float got = 0;
              SSTEP("copy result", cudaMemcpy(&got, d_out, 4, cudaMemcpyDeviceToHost));
              if (!(fabs((double)got - wantF) <= tol))
                snprintf(zErr, sizeof(zErr), "float32 n=%zu offset=%d block=%d launch %d: got %.9g, want %.9g (bound %.3g)",
                         n, iOff, nBlock, iStep, got, wantF, tol);
            }
            for (size_t b = 0; b < nWs && !zErr[0]; b++)
              if (aWs[b] != iWsWant)
                snprintf(zErr, sizeof(zErr), "%s n=%zu offset=%d block=%d launch %d: workspace byte %zu is %u after the launch, not %u%s",
                         t ? "float32" : "int32", n, iOff, nBlock, iStep, b, aWs[b], iWsWant,
                         bOne ? " (one block: poisoned before, must be untouched)" : "");
          }
        }
  }
#undef SSTEP
done:
  if (rc)
    snprintf(zErr, sizeof(zErr), "%s: %s (%s)", zStage, cudaGetErrorString((cudaError_t)rc),
             cudaGetErrorName((cudaError_t)rc));
  cudaGetLastError();
  if (d_in) cudaFree(d_in);
  if (d_ws) cudaFree(d_ws);
  if (d_out) cudaFree(d_out);
  free(aI);
  free(aF);
  if (zErr[0]) fail_msg("%s", zErr);
  assert_true(nRun > 0);
}

/* no-combine (issue 36), the bound of small-n, beyond the registry-wide test:
** test_small_n's inputs (int32 over the whole range, so the block sums wrap
** and only their 32-bit sum is right), sizes, input offsets 0..3 and blocks;
** two launches per configuration, the block sums and the output poisoned
** before each (check_bound). Its grid is small-n's, worked out here apart
** from the kernels: one 16-byte vector per thread, at least one block, at
** most 1024 threads per SM, int32 at most 4096 blocks (float32's chain rule
** raises no grid at these sizes), so it has as many block sums as that;
** where the input fits one block's loads (n <= block x 16, issue 47: sizes
** on both sides of it) one block, one block sum. */
static void test_no_combine(void **state) {
  (void)state;
  REQUIRE_GPU();
  static const size_t anN[] = {1, 2, 3, 5, 7, 512, 513, 1023, 1024, 1025, 4096, 4097, 16384, 16385,
                               ((size_t)1 << 16) - 1, (size_t)1 << 16, ((size_t)1 << 16) + 3, ((size_t)1 << 18) + 1,
                               ((size_t)1 << 20) + 1, ((size_t)1 << 22) + 3};
  static const int anB[] = {32, 256, 1024};
  const size_t nMax = ((size_t)1 << 22) + 3 + SMALL_OFF_MAX;
  const int iVar = reduce_find("no-combine");
  if (iVar < 0) fail_msg("no variant 'no-combine' in the registry");
  int iDev = 0, nSm = 0;
  if (cudaGetDevice(&iDev) || cudaDeviceGetAttribute(&nSm, cudaDevAttrMultiProcessorCount, iDev))
    fail_msg("cannot read the SM count");
  int32_t *aI = malloc(nMax * 4);
  float *aF = malloc(nMax * 4);
  assert_non_null(aI);
  assert_non_null(aF);
  uint64_t iSeed = 0xb0a7u;
  for (size_t i = 0; i < nMax; i++) {
    aI[i] = (int32_t)(uint32_t)rng_next(&iSeed);
    aF[i] = 2.0f * rng_float(&iSeed) - 1.0f;
  }
  char *d_in = NULL, *d_ws = NULL;
  void *d_out = NULL;
  const size_t nWsMax = ((size_t)nSm * 1024 / 32 > 4096 ? (size_t)nSm * 1024 / 32 : 4096) * 4; /* block 32 */
  char zErr[384] = "";
  int rc = 0, nRun = 0;
  const char *zStage = "";
#define BSTEP(what, call) \
  do {                    \
    zStage = (what);      \
    rc = (int)(call);     \
    if (rc) goto done;    \
  } while (0)
  BSTEP("cudaMalloc input", cudaMalloc((void **)&d_in, nMax * 4));
  BSTEP("cudaMalloc workspace", cudaMalloc((void **)&d_ws, nWsMax));
  BSTEP("cudaMalloc output", cudaMalloc(&d_out, 16));
  for (int t = 0; t < 2 && !zErr[0]; t++) {
    const reduce_dtype eType = t ? REDUCE_F32 : REDUCE_I32;
    BSTEP("upload input", cudaMemcpy(d_in, t ? (const void *)aF : (const void *)aI, nMax * 4, cudaMemcpyHostToDevice));
    for (size_t j = 0; j < sizeof(anN) / sizeof(anN[0]) && !zErr[0]; j++)
      for (int iOff = 0; iOff <= SMALL_OFF_MAX && !zErr[0]; iOff++)
        for (size_t k = 0; k < sizeof(anB) / sizeof(anB[0]) && !zErr[0]; k++) {
          const size_t n = anN[j];
          const int nBlock = anB[k];
          if (n > ((size_t)1 << 20) + 1 && nBlock != 32) continue; /* the big size: the grid cap only */
          size_t nGrid = ((n + 3) / 4 + (size_t)nBlock - 1) / (size_t)nBlock;
          size_t nCap = (size_t)nSm * 1024 / (size_t)nBlock;
          if (nCap < 1) nCap = 1;
          if (nGrid > nCap) nGrid = nCap;
          if (!t && nGrid > 4096) nGrid = 4096;
          if (n <= (size_t)nBlock * SMALL_ONE_BLOCK_ELEMS) nGrid = 1; /* small-n's one-block path */
          const size_t nWs = reduce_workspace_bytes(iVar, eType, n, nBlock);
          if (nWs != nGrid * 4) {
            snprintf(zErr, sizeof(zErr), "%s n=%zu block=%d: workspace %zu bytes, want one block sum for each of "
                     "small-n's %zu blocks", t ? "float32" : "int32", n, nBlock, nWs, nGrid);
            break;
          }
          const int32_t wantI = (int32_t)(uint32_t)ref_reduce_i32(aI + iOff, n);
          double sumAbs = 0;
          const double wantF = ref_reduce_f32(aF + iOff, n, &sumAbs);
          const double tol = ref_reduce_f32_tolerance(n, sumAbs);
          for (int iStep = 1; iStep <= 2 && !zErr[0]; iStep++) {
            nRun++;
            BSTEP("poison output", cudaMemset(d_out, 0x7f, 16));
            BSTEP("poison block sums", cudaMemset(d_ws, 0x7f, nWsMax));
            BSTEP("reduce_launch", reduce_launch(iVar, eType, d_in + 4 * (size_t)iOff, n, nBlock, d_ws, nWs, d_out, 0));
            BSTEP("synchronize", cudaDeviceSynchronize());
            char zWhy[256] = "";
            const int rcCheck = check_bound(eType, d_ws, nWs, d_out, wantI, wantF, tol, zWhy, sizeof(zWhy));
            if (rcCheck > 0) BSTEP("check block sums", rcCheck);
            if (zWhy[0])
              snprintf(zErr, sizeof(zErr), "%s n=%zu offset=%d block=%d launch %d: %s", t ? "float32" : "int32", n,
                       iOff, nBlock, iStep, zWhy);
          }
        }
  }
#undef BSTEP
done:
  if (rc)
    snprintf(zErr, sizeof(zErr), "%s: %s (%s)", zStage, cudaGetErrorString((cudaError_t)rc),
             cudaGetErrorName((cudaError_t)rc));
  cudaGetLastError();
  if (d_in) cudaFree(d_in);
  if (d_ws) cudaFree(d_ws);
  if (d_out) cudaFree(d_out);
  free(aI);
  free(aF);
  if (zErr[0]) fail_msg("%s", zErr);
  assert_true(nRun > 0);
}

/* The harness's graph mode (gpu_sample with GPU_MODE_GRAPH, --mode graph)
** on real reductions at 2^16 (small-n also at 2^12, its one-block path, and
** 2^12 + 4, its packed atomic; block 256): the batch's launches are captured once and
** replayed, so xRun is called only for the warm-ups and the capture (batch
** mode calls it for every launch of every sample), GPU_BATCH_LAUNCHES times
** per sample in both modes; gpu_count_launches() counts the variant's
** launches (one-launch variants 1, two-launch 2); the restore callback poisons the output before every
** sample, so the right sum at the end shows the last replay ran the
** reduction. A launcher that synchronises inside the capture fails with a
** capture error that is not fatal (bench_cuda_fail), leaves the stream out
** of capture, and the next graph sampling on that stream works. */
#define GRAPH_N ((size_t)1 << 16)
#define GRAPH_REPS 8
#define GRAPH_WARMUP 2
typedef struct graph_ctx {
  int iVar;
  size_t n;   /* elements summed (GRAPH_N at most) */
  void *d_in, *d_ws, *d_out;
  size_t nWs;
  int nCall;  /* xRun calls */
  int bSync;  /* 1: synchronise the stream before the launch in the calls after
              ** the warm-ups, i.e. in the capture */
} graph_ctx;
static int graph_run(void *p, cudaStream_t s) {
  graph_ctx *c = p;
  c->nCall++;
  if (c->bSync && c->nCall > GRAPH_WARMUP) {
    int rc = (int)cudaStreamSynchronize(s);
    if (rc) return rc;
  }
  return reduce_launch(c->iVar, REDUCE_I32, c->d_in, c->n, 256, c->d_ws, c->nWs, c->d_out, s);
}
static int graph_poison(void *p, cudaStream_t s) {
  graph_ctx *c = p;
  return (int)cudaMemsetAsync(c->d_out, 0x7f, 16, s);
}
static void test_graph_mode(void **state) {
  (void)state;
  REQUIRE_GPU();
  static const char *azKey[] = {"small-n", "small-n", "small-n", "one-launch", "vectorized", "cub", "cub32"};
  static const size_t anN[] = {GRAPH_N, 4096, 4100, GRAPH_N, GRAPH_N, GRAPH_N, GRAPH_N};
  static const int anLaunch[] = {1, 1, 1, 1, 2, 2, 2}; /* at 2^16: vectorized + finish; CUB's two passes */
  static bench_out out;
  gpu_info info;
  double aMs[GRAPH_REPS];
  int32_t *aIn = malloc(GRAPH_N * 4);
  assert_non_null(aIn);
  uint64_t iSeed = 0x9a4f;
  for (size_t i = 0; i < GRAPH_N; i++) aIn[i] = (int32_t)(rng_next(&iSeed) & 15) - 8;
  const int32_t want = (int32_t)(uint32_t)ref_reduce_i32(aIn, GRAPH_N);
  assert_int_equal(gpu_open(&info), 0);
  graph_ctx c = {0};
  assert_cuda(cudaMalloc(&c.d_in, GRAPH_N * 4));
  assert_cuda(cudaMalloc(&c.d_out, 16));
  assert_int_equal(gpu_upload(c.d_in, aIn, GRAPH_N * 4), 0);
  for (size_t k = 0; k < sizeof(azKey) / sizeof(azKey[0]); k++) {
    c.iVar = reduce_find(azKey[k]);
    if (c.iVar < 0) fail_msg("no variant '%s' in the registry", azKey[k]);
    c.n = anN[k];
    const int32_t wantK = (int32_t)(uint32_t)ref_reduce_i32(aIn, c.n);
    c.nWs = reduce_workspace_bytes(c.iVar, REDUCE_I32, c.n, 256);
    assert_true(c.nWs > 0);
    assert_cuda(cudaMalloc(&c.d_ws, c.nWs));
    assert_int_equal(reduce_workspace_init(c.d_ws, c.nWs, gpu_stream()), 0);
    for (int eMode = GPU_MODE_BATCH; eMode <= GPU_MODE_GRAPH; eMode++) {
      const gpu_sampling t = {GRAPH_WARMUP, GPU_FLUSH_NONE, eMode, GPU_BATCH_LAUNCHES, {0, GRAPH_REPS, GRAPH_REPS, 0, 0}, 0, 0, 0};
      gpu_samples o = {aMs, 0, 1, 0, 0, 0, STATS_GO_ON, 0};
      c.nCall = 0;
      c.bSync = 0;
      const int rc = gpu_sample(&t, graph_run, graph_poison, &c, &o);
      if (rc)
        fail_msg("%s n=%zu mode %s: gpu_sample: %s (%s)", azKey[k], c.n, bench_mode_name(eMode),
                 cudaGetErrorString((cudaError_t)rc), cudaGetErrorName((cudaError_t)rc));
      assert_int_equal(o.nMs, GRAPH_REPS);
      assert_int_equal(o.nPerSample, GPU_BATCH_LAUNCHES); /* fixed: the same in every trial */
      for (int i = 0; i < o.nMs; i++)
        if (!(aMs[i] > 0)) fail_msg("%s mode %s: sample %d is %g ms", azKey[k], bench_mode_name(eMode), i, aMs[i]);
      const int nWant = GRAPH_WARMUP + o.nPerSample * (eMode == GPU_MODE_GRAPH ? 1 : GRAPH_REPS);
      if (c.nCall != nWant)
        fail_msg("%s mode %s: %d calls of the launcher, want %d (%d per sample)", azKey[k], bench_mode_name(eMode),
                 c.nCall, nWant, o.nPerSample);
      int32_t got = 0;
      assert_int_equal(gpu_download(&got, c.d_out, 4), 0);
      if (got != wantK)
        fail_msg("%s n=%zu mode %s: after sampling the output is %d, want %d", azKey[k], c.n, bench_mode_name(eMode),
                 got, wantK);
    }
    const int nLaunch = gpu_count_launches(graph_run, &c);
    if (nLaunch != anLaunch[k])
      fail_msg("%s n=%zu: gpu_count_launches gives %d, want %d", azKey[k], c.n, nLaunch, anLaunch[k]);
    cudaFree(c.d_ws);
    c.d_ws = NULL;
  }
  /* Not capturable: a capture error, not fatal; the stream goes on. */
  c.iVar = reduce_find("small-n");
  c.n = GRAPH_N;
  c.nWs = reduce_workspace_bytes(c.iVar, REDUCE_I32, GRAPH_N, 256);
  assert_cuda(cudaMalloc(&c.d_ws, c.nWs));
  assert_int_equal(reduce_workspace_init(c.d_ws, c.nWs, gpu_stream()), 0);
  const gpu_sampling tGraph = {GRAPH_WARMUP, GPU_FLUSH_NONE, GPU_MODE_GRAPH, GPU_BATCH_LAUNCHES, {0, GRAPH_REPS, GRAPH_REPS, 0, 0}, 0, 0, 0};
  gpu_samples o = {aMs, 0, 1, 0, 0, 0, STATS_GO_ON, 0};
  c.bSync = 1;
  const int rc = gpu_sample(&tGraph, graph_run, graph_poison, &c, &o);
  if (rc == 0) fail_msg("a launcher that synchronises was captured into a graph");
  assert_true(gpu_capture_failed());
  memset(&out, 0, sizeof(out));
  bench_cuda_fail(&out, "CUDA graph capture", rc);
  if (out.bFatal) fail_msg("capture error %s counted as fatal", cudaGetErrorName((cudaError_t)rc));
  assert_non_null(strstr(out.zError, "CUDA graph capture: "));
  enum cudaStreamCaptureStatus eCapture = cudaStreamCaptureStatusActive;
  assert_cuda(cudaStreamIsCapturing(gpu_stream(), &eCapture));
  assert_int_equal(eCapture, cudaStreamCaptureStatusNone);
  assert_cuda(cudaGetLastError());
  assert_int_equal(gpu_count_launches(graph_run, &c), 0); /* not capturable: no count, stream usable */
  assert_cuda(cudaStreamIsCapturing(gpu_stream(), &eCapture));
  assert_int_equal(eCapture, cudaStreamCaptureStatusNone);
  c.bSync = 0;
  o = (gpu_samples){aMs, 0, 1, 0, 0, 0, STATS_GO_ON, 0};
  const int rcAfter = gpu_sample(&tGraph, graph_run, graph_poison, &c, &o);
  if (rcAfter) fail_msg("graph sampling after a failed capture: %s", cudaGetErrorName((cudaError_t)rcAfter));
  assert_false(gpu_capture_failed());
  int32_t got = 0;
  assert_int_equal(gpu_download(&got, c.d_out, 4), 0);
  assert_int_equal(got, want);
  cudaFree(c.d_ws);
  cudaFree(c.d_in);
  cudaFree(c.d_out);
  gpu_close();
  free(aIn);
}

/* One test per registry entry, named by its key. */
int main(void) {
  struct CMUnitTest *aTest = calloc((size_t)reduce_nvariant + 4, sizeof(*aTest));
  if (!aTest) return 1;
  for (int i = 0; i < reduce_nvariant; i++) {
    aTest[i].name = reduce_variants[i].v.zKey;
    aTest[i].test_func = test_variant;
    aTest[i].initial_state = (void *)&reduce_variants[i];
  }
  aTest[reduce_nvariant].name = "grid of several waves (vectorized, single-pass)";
  aTest[reduce_nvariant].test_func = test_waves;
  aTest[reduce_nvariant + 1].name = "small-n: full-range int32, odd sizes, unaligned input and workspace";
  aTest[reduce_nvariant + 1].test_func = test_small_n;
  aTest[reduce_nvariant + 2].name = "graph mode: captured once, replayed, capture errors not fatal";
  aTest[reduce_nvariant + 2].test_func = test_graph_mode;
  aTest[reduce_nvariant + 3].name = "no-combine: small-n's grid, full-range int32, unaligned input, output untouched";
  aTest[reduce_nvariant + 3].test_func = test_no_combine;
  int rc = _cmocka_run_group_tests("test_reduce_gpu", aTest, (size_t)reduce_nvariant + 4, NULL, NULL);
  free(aTest);
  for (int j = 0; j < NSIZE; j++) {
    free(h.aI32[j]);
    free(h.aF32[j]);
  }
  return rc;
}
