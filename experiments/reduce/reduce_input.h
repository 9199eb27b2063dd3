/*
** experiments/reduce/reduce_input.h: the reduction study's host inputs and
** their CPU references, kept across configurations and across the runs of one
** process (--matrix lines), within REDUCE_INPUT_CAP bytes. The matrix sweeps
** the same (dtype, n) again and again (reduce.matrix: line after line up to
** 2^28 elements); each was generated and summed anew. An input's references
** are computed only when a caller asks for them (a verification): a later
** trial, whose configurations were verified before, sums nothing. Plain
** C11, no CUDA.
*/
#ifndef EXPERIMENTS_REDUCE_INPUT_H
#define EXPERIMENTS_REDUCE_INPUT_H

#include <stddef.h>
#include <stdint.h>

/* Default bytes of host memory the kept inputs may take: an eighth of the
** machine's memory (sysconf), at most REDUCE_INPUT_CAP_MAX (6 GiB: the
** matrix's inputs of 2^26 elements and up, both dtypes, with room: about
** 2.3x less generated than under 2 GiB, per the order reduce.matrix asks
** them), 1 GiB where the memory is unknown. An input larger than the cap is
** still made, and held alone. A build can fix the cap with
** -DREDUCE_INPUT_CAP=bytes. */
#ifndef REDUCE_INPUT_CAP_MAX
#define REDUCE_INPUT_CAP_MAX ((size_t)6 << 30)
#endif

/* The cap a store set to 0 uses (above). */
size_t reduce_input_default_cap(void);

/* The default cap of a machine of nPhysBytes bytes of memory (0: unknown):
** nPhysBytes / 8, at most REDUCE_INPUT_CAP_MAX; 1 GiB for 0. Pure; not
** affected by -DREDUCE_INPUT_CAP. reduce_input_default_cap() passes it this
** machine's memory (sysconf), in whole eighths of its pages. */
size_t reduce_input_cap_for(unsigned long long nPhysBytes);

/* Most inputs kept at once (reduce.matrix has about 50 distinct ones). */
#define REDUCE_INPUT_NSLOT 64

/* One input and its references. */
typedef struct reduce_input {
  int eType;            /* REDUCE_I32 or REDUCE_F32 (kernels/reduce.h) */
  size_t n;             /* elements */
  void *pHost;          /* the n elements (int32_t or float) */
  int bRef;             /* 1: the references below are computed; 0: not (yet) */
  int64_t iRef;         /* int32: exact sum (ref_reduce_i32) */
  double dRef, dSumAbs; /* float32: ref_reduce_f32 and its sum of |x| */
} reduce_input;

/* The input of (eType, n): element i is the i-th draw of the splitmix64
** stream seeded 0x5eed0003 + 2n + eType (int32: its low 3 bits, in [0,7];
** float32: 2 rng_float_at - 1, in [-1,1)), filled on OpenMP threads. With
** bRef its references too (computed once, at the first call that asks, and
** kept with the input); without, none is computed (bRef 0 unless an earlier
** call asked). Kept when memory allows; otherwise made, the least recently
** used inputs dropped first (a dropped input's references go with it). NULL
** if there is no host memory for it. Valid until the next call or
** reduce_input_clear(). */
const reduce_input *reduce_input_get(int eType, size_t n, int bRef);

/* Drop every kept input (free their memory). */
void reduce_input_clear(void);

/* Set the cap in bytes (tests; drops nothing until the next get). */
void reduce_input_set_cap(size_t nBytes);

/* Inputs made (generated), calls answered from what was kept, and
** references computed (one per input made or kept that a call asked them
** of), since the start of the process; NULL for any not wanted. */
void reduce_input_counts(long long *pnMade, long long *pnKept, long long *pnRef);

#endif
