/*
** kernels/distance.h: the distance-field family (seed 000), C interface.
**
** Every variant fills a W x H float grid (any W, H >= 1):
**
**   out[y*W + x] = sum over p < P of (fx - px)^2 + (fy - py)^2,
**   fx = x * 5.0f / W,  fy = y * 5.0f / H   (float arithmetic, correctly
**                                            rounded, as ref_distance()),
**
** from P points (x,y pairs of floats, 1 <= P <= DISTANCE_MAX_POINTS). The
** output is written (=), never accumulated. The variants differ only in the
** memory space the points are read from (global, constant, read-only/__ldg,
** shared tiles). The table distance_variants[] is the registry
** (kernels/variant.h): its key is what SQLite stores and the report shows; never rename or reuse a key once
** data has shipped with it.
**
** Access-pattern axis k (a power of two in 1..32): at loop step j the thread
** with lane l = (linear thread index in the block) % 32 reads point
**
**   i(j, l) = (j + o(l)) mod P,   o(l) = (l % k) mod P,
**
** so every thread visits every point exactly once over its P steps (the
** result does not depend on k beyond float summation order), and the lanes
** of a warp read exactly min(k, P) distinct points per step. k = 1 is the
** seed's uniform (broadcast) case. The k addresses of a step are neighbouring
** points (8*k contiguous bytes, two runs where they wrap at P): global and
** read-only loads stay coalesced (at most 256 bytes, a few 32-byte sectors)
** and shared-memory loads stay free of bank conflicts, while __constant__
** reads, which serve one address at a time, must serialise into min(k, P)
** requests. This isolates the constant-cache serialisation the seed claims.
** The "shared" variant applies the same formula inside each staged tile (P
** replaced by the tile length).
*/
#ifndef KERNELS_DISTANCE_H
#define KERNELS_DISTANCE_H

#include <cuda_runtime_api.h>

#include "kernels/variant.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Points that fit in the __constant__ array: 8192 float2 = 65536 bytes, the
** whole 64 KB user constant bank of one module. Because of that, distance.cu
** must be its own module (no -rdc linking with another file that also
** declares __constant__ data). */
#define DISTANCE_MAX_POINTS 8192

/* What a launcher gets: arguments distance_launch() validated. */
typedef struct distance_args {
  const float *d_pointsXY;  /* points (device), ignored by VARIANT_CONSTANT */
  int P, k;                 /* points, access pattern */
  float *d_out;             /* W x H output (device) */
  int W, H;
  unsigned gx, gy, bx, by;  /* grid and block shape */
} distance_args;

/* A variant's launcher: one kernel launch. */
typedef void (*distance_launcher)(const distance_args *pArgs, cudaStream_t s);

/* One registered variant (see kernels/variant.h). Flags used:
** VARIANT_CONSTANT (reads the points set by distance_set_constant()),
** VARIANT_SHARED (stages bx*by points, 8 bytes each, in dynamic shared
** memory per block: distance_shared_bytes()). */
typedef struct distance_variant {
  kernel_variant v;          /* key, description, bottleneck, flags, launcher name */
  distance_launcher xLaunch; /* its launcher */
} distance_variant;

extern const distance_variant distance_variants[];
extern const int distance_nvariant;

/* Index of the variant with key zKey, or -1 (variant_find over the registry). */
#define distance_find(zKey) variant_find(distance_variants, distance_nvariant, sizeof(distance_variant), (zKey))

/* Dynamic shared memory per block of a VARIANT_SHARED launch with nThreads
** threads per block (bx*by): one float2 per thread. */
#define distance_shared_bytes(nThreads) ((size_t)(nThreads) * 8u)

/* Copy P points (hostXY: x0,y0,x1,y1,.. on the host) into the __constant__
** array of the current device for the "constant" variant. A setup call
** (synchronous cudaMemcpyToSymbol), not to be timed. Returns a cudaError_t as
** int; cudaErrorInvalidValue for P outside 1..DISTANCE_MAX_POINTS. */
int distance_set_constant(const float *hostXY, int P);

/* Fill d_out[0..W*H) (device) with the distance field of P points using
** variant iVar and access pattern k on stream s, with (bx, by) thread blocks
** and a ceil(W/bx) x ceil(H/by) grid. d_pointsXY (device, 8-byte aligned,
** 2*P floats) is read by "global", "readonly" and "shared"; "constant" reads
** the points set by distance_set_constant() (P must not exceed that count)
** and ignores d_pointsXY. Returns a cudaError_t as int: cudaErrorInvalidValue
** for a bad variant, P, k (not a power of two in 1..32), W, H or block shape
** (bx, by >= 1, bx*by <= 1024, grid y <= 65535). Only a kernel is launched:
** no allocation, no copy, no synchronisation. */
int distance_launch(int iVar, const float *d_pointsXY, int P, int k, float *d_out,
                    int W, int H, int bx, int by, cudaStream_t s);

#ifdef __cplusplus
}
#endif
#endif
