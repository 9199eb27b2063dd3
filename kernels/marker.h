/*
** kernels/marker.h: the marker a profile child launches before each
** configuration of a multi-configuration profile run (--profile-child-keys,
** experiments/harness/profile.c): a kernel that does nothing, whose grid size
** tells, in Nsight Compute's output, which configuration the launches after
** it belong to.
*/
#ifndef KERNELS_MARKER_H
#define KERNELS_MARKER_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The marker kernel's name as ncu prints it (--print-kernel-base function). */
#define PROFILE_MARKER_KERNEL "profile_marker_kernel"

/* Launch the marker for configuration index (0-based) on stream s: a grid of
** index + 1 blocks of one thread (ncu's "Grid Size" column "(index+1, 1, 1)").
** Does not wait. Returns the cudaError_t (as int) of the launch;
** cudaErrorInvalidValue for an index below 0 or past the largest grid. */
int profile_marker_launch(int index, cudaStream_t s);

#ifdef __cplusplus
}
#endif

#endif
