/*
** kernels/reduce.h: the parallel-reduction family (seed 003), C interface.
**
** Every variant computes the sum of n >= 1 elements of type int32 or float32
** from device memory into one device scalar of the same type, for any n (a
** variant flagged VARIANT_OFFSET32: n <= INT32_MAX) and any power-of-two
** block size in [variant.nMinBlock, 1024]. The table
** reduce_variants[] is the registry (kernels/variant.h): its key is what
** SQLite stores and the report shows; never rename or reuse a key once data
** has shipped with it.
*/
#ifndef KERNELS_REDUCE_H
#define KERNELS_REDUCE_H

#include <stddef.h>
#include <cuda_runtime_api.h>

#include "kernels/variant.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Element types of the reduction study. */
typedef enum { REDUCE_I32 = 0, REDUCE_F32 = 1 } reduce_dtype;

/* A variant's launcher (kernels/reduce.cu). Works like CUB: with d_ws NULL
** it only stores the workspace bytes it needs in *pnWsBytes; otherwise it
** requires *pnWsBytes to be enough and launches. Called through
** reduce_launch() and reduce_workspace_bytes(), which check the arguments. */
typedef int (*reduce_launcher)(reduce_dtype eType, void *d_in, size_t n, int nBlock, void *d_ws,
                               size_t *pnWsBytes, void *d_out, cudaStream_t s);

/* One registered variant (see kernels/variant.h). Flags used: VARIANT_IN_PLACE
** (the caller restores the input before every launch), VARIANT_NO_BLOCK
** (CUB: the block size is ignored, so it is swept once), VARIANT_HOPPER_ONLY,
** VARIANT_TUNED, VARIANT_BOUND (no-combine: a lower bound that computes the
** block sums and never writes *d_out; see reduce_launch), VARIANT_OFFSET32
** (cub32: CUB with an int count, 32-bit offsets; n <= INT32_MAX). */
typedef struct reduce_variant {
  kernel_variant v;         /* key, description, bottleneck, flags, launcher name */
  int nMinBlock;            /* smallest block size it accepts (power of two) */
  int nFold;                /* in-place ladder: data blocks of nBlock elements one
                            ** thread block sums into one partial; 0 for the
                            ** grid-stride variants (grid sized from the device) */
  reduce_launcher xLaunch;  /* its launcher */
} reduce_variant;

/* The registry, in ladder order (the order of the report's tables). */
extern const reduce_variant reduce_variants[];
extern const int reduce_nvariant;

/* Index of the variant with key zKey, or -1 (variant_find over the registry). */
#define reduce_find(zKey) variant_find(reduce_variants, reduce_nvariant, sizeof(reduce_variant), (zKey))

/* Bytes of device workspace variant iVar needs for n elements and block size
** nBlock (0 if the arguments are invalid; every valid call needs some). Call
** once at setup, not in the timed region. The grid-stride variants size
** their grid from the SM count and occupancy of the current device, so query
** on the device that will run the launches. */
size_t reduce_workspace_bytes(int iVar, reduce_dtype eType, size_t n, int nBlock);

/* Zero the workspace: call ONCE after allocating it, before the first
** reduce_launch on it (cudaMemsetAsync on stream s). "single-pass" (and the
** one-launch steps and "small-n") keep a block counter or accumulator in it
** that must start at 0; the kernel resets it to 0 at the end of every launch,
** so later launches need no re-initialisation (as long as launches on one
** workspace are not run concurrently). Returns a cudaError_t. */
int reduce_workspace_init(void *d_ws, size_t nWsBytes, cudaStream_t s);

/* Sum d_in[0..n) into *d_out (device pointer, one element of eType) on stream
** s. d_ws must hold reduce_workspace_bytes() bytes. Returns a cudaError_t as
** int: cudaErrorInvalidValue for a bad block size, n == 0, or n > INT32_MAX
** for a VARIANT_OFFSET32 variant (its workspace query gives 0 there). In-place
** variants modify d_in. Only kernels are launched: no allocation, no copy to
** the host, no synchronisation. Variants flagged VARIANT_NO_BLOCK ignore nBlock.
** Float sums are accurate to ref_reduce_f32_tolerance() (experiments/
** ref_reduce.h): no thread adds more than 2048 elements in a row.
** A VARIANT_BOUND variant is the exception: it leaves *d_out as it was and
** writes its block sums into the workspace, which is exactly those sums
** (reduce_workspace_bytes() / 4 elements of eType, every one written by every
** launch); their sum is the input's sum (float32: within the tolerance). */
int reduce_launch(int iVar, reduce_dtype eType, void *d_in, size_t n, int nBlock,
                  void *d_ws, size_t nWsBytes, void *d_out, cudaStream_t s);

/* Tuning of the VARIANT_TUNED entries (inflight, tma-bulk, one-launch,
** one-launch-det), process-wide: nLoads independent 16-byte loads per thread
** per tile (1, 2, 4, 8 or 16; tma-bulk ignores it) and the grid factor
** (resident blocks x nGridFactor, 1..64); 0 keeps the default (8 loads,
** factor 1). Call before reduce_workspace_bytes(): the grid, and so the
** workspace, depends on it. Returns cudaErrorInvalidValue for other values. */
int reduce_tune(int nLoads, int nGridFactor);

#ifdef __cplusplus
}
#endif
#endif
