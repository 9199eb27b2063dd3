/*
** kernels/raytrace.h: the sphere ray-tracer family (seed 002, "CUDA by
** Example" ch. 6), C interface.
**
** Every variant renders nSpheres spheres into a W x H RGBA8 image (any W,
** H >= 1; row y at byte offset 4*W*y): one orthographic ray along z per
** pixel from (ox, oy) = (x - W/2, y - H/2) (integer division, as the book),
** nearest hit = largest dz + z, colour = sphere colour * dz / radius, alpha
** 255, background black. The variants differ only in the memory space the
** spheres are read from. The hit arithmetic is explicitly rounded
** (__fmul_rn/__fadd_rn/__fsub_rn, IEEE sqrtf and division), so the C
** reference ref_raytrace() (experiments/raytrace/ref_raytrace.c) reproduces it bit
** for bit. The table raytrace_variants[] is the registry (kernels/variant.h):
** its key is what SQLite stores and the report shows; never rename or reuse a key once data
** has shipped with it.
*/
#ifndef KERNELS_RAYTRACE_H
#define KERNELS_RAYTRACE_H

#include <cuda_runtime_api.h>

#include "kernels/variant.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One sphere, 7 floats = 28 bytes, in the book's field order. */
typedef struct raytrace_sphere {
  float r, g, b;    /* colour, each in [0,1) */
  float radius;
  float x, y, z;    /* centre */
} raytrace_sphere;

/* Spheres that fit in the __constant__ array: floor(65536 / 28) = 2340
** (65520 bytes); the limit of the "constant" variant only. raytrace.cu must
** be its own module (no -rdc linking with another file that declares
** __constant__ data). */
#define RAYTRACE_MAX_SPHERES 2340

/* What a launcher gets: arguments raytrace_launch() validated. */
typedef struct raytrace_args {
  const void *d_spheres;    /* spheres (device), ignored by VARIANT_CONSTANT */
  int nSpheres;
  unsigned char *d_rgba;    /* W x H RGBA8 output (device) */
  int W, H;
  unsigned gx, gy, bx, by;  /* grid and block shape */
} raytrace_args;

/* A variant's launcher: one kernel launch. */
typedef void (*raytrace_launcher)(const raytrace_args *pArgs, cudaStream_t s);

/* One registered variant (see kernels/variant.h). Flag used:
** VARIANT_CONSTANT (reads the spheres set by raytrace_set_constant()). */
typedef struct raytrace_variant {
  kernel_variant v;          /* key, description, bottleneck, flags, launcher name */
  raytrace_launcher xLaunch; /* its launcher */
} raytrace_variant;

extern const raytrace_variant raytrace_variants[];
extern const int raytrace_nvariant;

/* Index of the variant with key zKey, or -1 (variant_find over the registry). */
#define raytrace_find(zKey) variant_find(raytrace_variants, raytrace_nvariant, sizeof(raytrace_variant), (zKey))

/* Copy nSpheres raytrace_sphere records (host) into the __constant__ array
** of the current device for the "constant" variant. A setup call
** (synchronous cudaMemcpyToSymbol), not to be timed. Returns a cudaError_t as
** int; cudaErrorInvalidValue for nSpheres outside 1..RAYTRACE_MAX_SPHERES. */
int raytrace_set_constant(const void *hostSpheres, int nSpheres);

/* Render nSpheres spheres into d_rgba (device, 4*W*H bytes) with variant
** iVar on stream s, with (bx, by) thread blocks and a ceil(W/bx) x
** ceil(H/by) grid. d_spheres (device, 4-byte aligned raytrace_sphere array)
** is read by "global" and "readonly"; "constant" reads the spheres set by
** raytrace_set_constant() (nSpheres must not exceed that count) and ignores
** d_spheres. d_rgba must be 4-byte aligned. Returns a cudaError_t as int:
** cudaErrorInvalidValue for a bad variant, nSpheres (< 1), W, H or block
** shape (bx, by >= 1, bx*by <= 1024, grid y <= 65535). Only a kernel is launched: no
** allocation, no copy, no synchronisation. */
int raytrace_launch(int iVar, const void *d_spheres, int nSpheres, unsigned char *d_rgba,
                    int W, int H, int bx, int by, cudaStream_t s);

#ifdef __cplusplus
}
#endif
#endif
