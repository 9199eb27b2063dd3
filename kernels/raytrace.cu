/*
** kernels/raytrace.cu: orthographic sphere ray tracer (seed 002, "CUDA by
** Example" ch. 6), RGBA8 output.
**
** Variants (registry key: what it does), one per memory space the spheres
** come from:
**   global    plain loads through a const raytrace_sphere * (the book's commented-out version)
**   constant  __constant__ raytrace_sphere array set by cudaMemcpyToSymbol (the book's version)
**   readonly  const raytrace_sphere * __restrict__ loaded with __ldg (read-only path)
**
** Naming (every family): kernel <family>_<key>_kernel, launcher
** <family>_<key> ('-' in a key is '_'), one registry line per variant.
**
** Every thread of a warp reads the same sphere at the same loop step (the
** broadcast case of the seeds); colours are read only on a nearer hit.
** Float matching: hit() uses __fsub_rn/__fmul_rn/__fadd_rn/__fdiv_rn/
** __fsqrt_rn, which nvcc never contracts into FMA and which ignore
** -use_fast_math, in the C reference's operation order, so the image equals
** ref_raytrace() bit for bit whatever flags build this file (the C side is
** built with -std=c11, where gcc's default is -ffp-contract=off).
**
** Build:
**   nvcc -std=c++17 -O3 -gencode arch=compute_90,code=[sm_90,compute_90] \
**        -Xcompiler -Wall,-Wextra --Werror all-warnings -I. \
**        -c kernels/raytrace.cu -o raytrace.o
** The __constant__ array fills 65520 of the 65536 bytes of the bank: build
** without -rdc (each .cu its own module).
*/
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "kernels/cuda_check.cuh"
#include "kernels/raytrace.h"

// ----------------------------------------------------------------------------
// GPU kernels

// The spheres of the "constant" variant, and how many the host last set.
__constant__ raytrace_sphere c_spheres[RAYTRACE_MAX_SPHERES];
static int g_nConstSpheres = 0;

// Float index of each field inside raytrace_sphere.
enum { F_R = 0, F_G = 1, F_B = 2, F_RADIUS = 3, F_X = 4, F_Y = 5, F_Z = 6 };

// Colour of the pixel whose ray starts at (ox, oy): the book's loop over
// Sphere::hit(), reading field f of sphere i through ld(i, f).
template <class Loader>
__device__ __forceinline__ uchar4 trace_pixel(Loader ld, int nSpheres, float ox, float oy) {
  float r = 0.0f, g = 0.0f, b = 0.0f;
  float maxz = -INFINITY;
  for (int i = 0; i < nSpheres; i++) {
    float radius = ld(i, F_RADIUS);
    float dx = __fsub_rn(ox, ld(i, F_X));
    float dy = __fsub_rn(oy, ld(i, F_Y));
    float dx2 = __fmul_rn(dx, dx), dy2 = __fmul_rn(dy, dy);
    float r2 = __fmul_rn(radius, radius);
    if (__fadd_rn(dx2, dy2) < r2) {
      float dz = __fsqrt_rn(__fsub_rn(__fsub_rn(r2, dx2), dy2));
      float t = __fadd_rn(dz, ld(i, F_Z));
      if (t > maxz) {
        float fscale = __fdiv_rn(dz, radius);
        r = __fmul_rn(ld(i, F_R), fscale);
        g = __fmul_rn(ld(i, F_G), fscale);
        b = __fmul_rn(ld(i, F_B), fscale);
        maxz = t;
      }
    }
  }
  return make_uchar4((unsigned char)__float2int_rz(__fmul_rn(r, 255.0f)),
                     (unsigned char)__float2int_rz(__fmul_rn(g, 255.0f)),
                     (unsigned char)__float2int_rz(__fmul_rn(b, 255.0f)), 255);
}

// Spheres read with ordinary global loads.
__global__ void raytrace_global_kernel(const raytrace_sphere *spheres, int nSpheres,
                                       uchar4 *rgba, int W, int H) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;  // no barriers in this kernel
  float ox = (float)(x - W / 2), oy = (float)(y - H / 2);
  rgba[(size_t)y * W + x] = trace_pixel(
      [=](int i, int f) { return ((const float *)(spheres + i))[f]; }, nSpheres, ox, oy);
}

// Spheres read from the __constant__ array (one broadcast per field per step).
__global__ void raytrace_constant_kernel(int nSpheres, uchar4 *rgba, int W, int H) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  float ox = (float)(x - W / 2), oy = (float)(y - H / 2);
  rgba[(size_t)y * W + x] = trace_pixel(
      [](int i, int f) { return ((const float *)(c_spheres + i))[f]; }, nSpheres, ox, oy);
}

// Spheres read through the read-only data cache (__ldg).
__global__ void raytrace_readonly_kernel(const raytrace_sphere *__restrict__ spheres, int nSpheres,
                                         uchar4 *__restrict__ rgba, int W, int H) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  float ox = (float)(x - W / 2), oy = (float)(y - H / 2);
  rgba[(size_t)y * W + x] = trace_pixel(
      [=](int i, int f) { return __ldg((const float *)(spheres + i) + f); }, nSpheres, ox, oy);
}

// ----------------------------------------------------------------------------
// launchers
// Each launches its kernel once with arguments raytrace_launch() validated.

static void raytrace_global(const raytrace_args *a, cudaStream_t s) {
  raytrace_global_kernel<<<dim3(a->gx, a->gy), dim3(a->bx, a->by), 0, s>>>(
      (const raytrace_sphere *)a->d_spheres, a->nSpheres, (uchar4 *)a->d_rgba, a->W, a->H);
}

static void raytrace_constant(const raytrace_args *a, cudaStream_t s) {
  raytrace_constant_kernel<<<dim3(a->gx, a->gy), dim3(a->bx, a->by), 0, s>>>(a->nSpheres, (uchar4 *)a->d_rgba,
                                                                             a->W, a->H);
}

static void raytrace_readonly(const raytrace_args *a, cudaStream_t s) {
  raytrace_readonly_kernel<<<dim3(a->gx, a->gy), dim3(a->bx, a->by), 0, s>>>(
      (const raytrace_sphere *)a->d_spheres, a->nSpheres, (uchar4 *)a->d_rgba, a->W, a->H);
}

// ----------------------------------------------------------------------------
// variant registry
// One line per variant: key, description, bottleneck it removes relative to
// global (the baseline), origin, flags, launcher. RAYTRACE_VARIANT spells the
// launcher's name from the same token as its pointer
// (tests/unit/test_raytrace_ref.c checks it against the key).

#define RAYTRACE_VARIANT(zKey, zDesc, zBottleneck, zOrigin, mFlags, launcher) \
  { {zKey, zDesc, zBottleneck, zOrigin, mFlags, #launcher}, launcher }

extern "C" const raytrace_variant raytrace_variants[] = {
  RAYTRACE_VARIANT("global", "spheres in global memory, plain loads (book's commented-out version)",
                   "", "seed 002", 0, raytrace_global),
  RAYTRACE_VARIANT("constant", "spheres in __constant__ memory via cudaMemcpyToSymbol (book's version)",
                   "per-thread loads of warp-uniform spheres (one broadcast per warp)", "seed 002", VARIANT_CONSTANT,
                   raytrace_constant),
  RAYTRACE_VARIANT("readonly", "spheres in global memory via const __restrict__ + __ldg (read-only cache)",
                   "the coherent load path (read-only cache)", "seed 002", 0, raytrace_readonly),
};
extern "C" const int raytrace_nvariant = VARIANT_COUNT(raytrace_variants);

// ----------------------------------------------------------------------------
// dispatch

extern "C" int raytrace_set_constant(const void *hostSpheres, int nSpheres) {
  REQUIRE(hostSpheres != NULL && nSpheres >= 1 && nSpheres <= RAYTRACE_MAX_SPHERES);
  TRY(cudaMemcpyToSymbol(c_spheres, hostSpheres, (size_t)nSpheres * sizeof(raytrace_sphere)));
  TRY(cudaDeviceSynchronize()); /* landed before a launch on a non-blocking stream reads it */
  g_nConstSpheres = nSpheres;
  return (int)cudaSuccess;
}

extern "C" int raytrace_launch(int iVar, const void *d_spheres, int nSpheres, unsigned char *d_rgba,
                               int W, int H, int bx, int by, cudaStream_t s) {
  REQUIRE(iVar >= 0 && iVar < raytrace_nvariant);
  REQUIRE(nSpheres >= 1);
  REQUIRE(d_rgba != NULL && ((uintptr_t)d_rgba % sizeof(uchar4)) == 0 && W >= 1 && H >= 1);
  REQUIRE(bx >= 1 && by >= 1 && bx <= 1024 && by <= 1024 && bx * by <= 1024);
  size_t gx = ceil_div((size_t)W, (size_t)bx), gy = ceil_div((size_t)H, (size_t)by);
  REQUIRE(gy <= 65535);
  const raytrace_variant *pVar = &raytrace_variants[iVar];
  if (pVar->v.mFlags & VARIANT_CONSTANT) {
    REQUIRE(nSpheres <= g_nConstSpheres);
  } else {
    REQUIRE(d_spheres != NULL && ((uintptr_t)d_spheres % sizeof(float)) == 0);
  }
  const raytrace_args args = {d_spheres, nSpheres, d_rgba, W, H, (unsigned)gx, (unsigned)gy, (unsigned)bx,
                              (unsigned)by};
  pVar->xLaunch(&args, s);
  LAUNCH_RETURN();
}
