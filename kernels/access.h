/*
** kernels/access.h: the global-access-pattern family (seeds 004 and 001),
** C interface.
**
** float32 kernels over arrays of exactly n elements (1 <= n <= ACCESS_MAX_N).
** Every index is bounds-checked: nothing outside [0, n) of A, B or C is ever
** read or written. Outputs are written (=), never accumulated; elements of C
** a variant does not write are left untouched (the caller fills C with a
** sentinel if it wants to check that). The written elements, with
** m = the number of outputs:
**
**   read-offset, read-offset-ldg, read-offset-tex, read-offset-unroll4
**       (axis k = offset, 0 <= k < n), m = n - k:
**       C[i] = A[i+k] + B[i+k]  for i in [0, n-k);   C[n-k .. n) untouched
**   write-offset  (axis k = offset, 0 <= k < n), m = n - k:
**       C[i+k] = A[i] + B[i]    for i in [0, n-k);   C[0 .. k) untouched
**   read-stride   (axis k = stride s >= 1), m = ceil(n/s):
**       C[i] = A[i*s] + B[i*s]  for i in [0, ceil(n/s)), i.e. every i with
**       i*s < n;                                     C[m .. n) untouched
**   local-dynamic, local-static  (no axis, k ignored), m = n, B not read:
**       C[i] = sum over j = 0..31, in this order, of
**              A[i] + (float)((r + j) & 31),   r = (i*7) & 31,
**       summed left to right from 0.0f in float (the two variants do the same
**       float additions in the same order; they differ only in where the
**       32-element per-thread array lives: local memory vs registers).
**
** All arithmetic is float additions only (no multiply, so -fmad cannot
** contract anything), each rounded to float: ref_access() reproduces every
** variant bitwise.
**
** The table access_variants[] is the registry (kernels/variant.h): its key is
** what SQLite stores and the report shows; never rename or reuse a key once
** data has shipped with it.
**
** The same access.cu is built twice, with -Xptxas -dlcm=ca (global loads
** cached in L1) and -Xptxas -dlcm=cg (L2 only), and -DACCESS_DLCM=\"ca\" or
** \"cg\" so that access_build_dlcm() says which build is running.
*/
#ifndef KERNELS_ACCESS_H
#define KERNELS_ACCESS_H

#include <stddef.h>
#include <cuda_runtime_api.h>

#include "kernels/variant.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest n any launcher accepts (2^31 - 1). The "-tex" variant has a lower
** limit: see access_texture_create(). */
#define ACCESS_MAX_N ((size_t)2147483647)

/* Elements of the per-thread array of the local-* variants. */
#define ACCESS_LOCAL_LEN 32

/* What the launcher argument k means for a variant (the sweep axis). */
typedef enum {
  ACCESS_AXIS_NONE = 0,    /* k ignored (pass 0) */
  ACCESS_AXIS_OFFSET = 1,  /* k = element offset, 0 <= k < n */
  ACCESS_AXIS_STRIDE = 2   /* k = element stride, k >= 1 */
} access_axis;

/* Which elements a variant writes, and from what: the rows of the table at
** the top of this file. Several variants share a pattern (the read-offset
** ones differ only in the load path); ref_access() computes a pattern. */
typedef enum {
  ACCESS_READ_OFFSET = 0,  /* C[i] = A[i+k] + B[i+k], i < n-k */
  ACCESS_WRITE_OFFSET = 1, /* C[i+k] = A[i] + B[i], i < n-k */
  ACCESS_READ_STRIDE = 2,  /* C[i] = A[i*k] + B[i*k], i < ceil(n/k) */
  ACCESS_LOCAL = 3         /* C[i] = the 32-term local-array sum, i < n */
} access_pattern;

/* The meaning of k for a pattern. */
static inline access_axis access_pattern_axis(access_pattern e) {
  return e == ACCESS_LOCAL ? ACCESS_AXIS_NONE : e == ACCESS_READ_STRIDE ? ACCESS_AXIS_STRIDE : ACCESS_AXIS_OFFSET;
}

/* What a launcher gets: validated arguments (m outputs, see the table). */
typedef struct access_args {
  const float *d_A, *d_B;          /* inputs (device), n floats each */
  float *d_C;                      /* output (device), n floats */
  size_t n, m, k;                  /* elements, outputs, offset or stride */
  unsigned long long texA, texB;   /* texture objects over d_A, d_B (VARIANT_TEXTURE) */
} access_args;

/* A variant's launcher: one kernel launch of nGrid blocks of nBlock threads. */
typedef void (*access_launcher)(const access_args *pArgs, unsigned nGrid, int nBlock, cudaStream_t s);

/* One registered variant (see kernels/variant.h). Flag used:
** VARIANT_TEXTURE (reads A and B through texA/texB, not d_A/d_B). */
typedef struct access_variant {
  kernel_variant v;        /* key, description, bottleneck, flags, launcher name */
  access_pattern ePattern; /* what it writes (and so the meaning of k) */
  int nElemPerThread;      /* outputs per thread (grid = ceil(m / (nBlock*this))) */
  access_launcher xLaunch; /* its launcher */
} access_variant;

extern const access_variant access_variants[];
extern const int access_nvariant;

/* Index of the variant with key zKey, or -1 (variant_find over the registry). */
#define access_find(zKey) variant_find(access_variants, access_nvariant, sizeof(access_variant), (zKey))

/* The -dlcm value this object was compiled for: the string macro ACCESS_DLCM
** ("ca" or "cg"), or "default" when the build line did not define it. */
const char *access_build_dlcm(void);

/* Create a texture object (returned in *pTex as an unsigned long long, i.e. a
** cudaTextureObject_t) reading the n floats at d_buf (device) as a 1D linear
** texture, point sampling, element read mode, for the "read-offset-tex"
** variant. A setup call, not to be timed; pair with access_texture_destroy().
** Returns a cudaError_t as int: cudaErrorInvalidValue when n == 0, when n
** exceeds the device's cudaDevAttrMaxTexture1DLinearWidth (queried at run
** time; the programming guide lists 2^27 elements = 512 MiB of floats, some
** recent GPUs report 2^28) or when d_buf is not
** aligned to cudaDevAttrTextureAlignment (cudaMalloc pointers are). */
int access_texture_create(const float *d_buf, size_t n, unsigned long long *pTex);

/* Destroy a texture object made by access_texture_create(); 0 is a no-op. */
int access_texture_destroy(unsigned long long tex);

/* Run variant iVar once over arrays of n elements on stream s with blocks of
** nBlock threads (a multiple of 32 in [32, 1024]); k is the offset or stride
** (see ePattern; ignored for ACCESS_LOCAL). d_A, d_B, d_C are device
** pointers to n floats; texA and texB are texture objects over d_A and d_B
** (same n) for a VARIANT_TEXTURE variant and are ignored (pass 0) otherwise; a texture
** variant does not read d_A/d_B, and the local-* variants do not read d_B.
** Returns a cudaError_t as int: cudaErrorInvalidValue for a bad variant, n,
** k, nBlock, a NULL pointer the variant needs or a zero texture. Only one
** kernel is launched: no allocation, no copy, no synchronisation. */
int access_launch(int iVar, const float *d_A, const float *d_B, float *d_C,
                  size_t n, int k, unsigned long long texA,
                  unsigned long long texB, int nBlock, cudaStream_t s);

/* Useful bytes one launch of iVar reads and writes (what GB/s is computed
** from): 4 bytes per element the kernel needs, counted once; the extra
** sectors/lines fetched by misaligned or strided access and the local-memory
** traffic of "local-dynamic" are not counted. With m as in the table above:
** offset and stride variants read 2*4*m and write 4*m; local-* read 4*n and
** write 4*n. Both are 0 for a bad variant, n or k. */
void access_traffic(int iVar, size_t n, int k, unsigned long long *pBytesRead,
                    unsigned long long *pBytesWritten);

#ifdef __cplusplus
}
#endif
#endif
