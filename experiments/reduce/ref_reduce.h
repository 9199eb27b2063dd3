/*
** experiments/reduce/ref_reduce.h: CPU references for the reduction study (seed 003).
**
** Plain C11, no CUDA. The exact/compensated references check the GPU
** variants of kernels/reduce.h; the serial loops are the timed "cpu-serial"
** baseline. The seed's code as written (for the errata) is reports/seed_reduce.h.
*/
#ifndef EXPERIMENTS_REF_REDUCE_H
#define EXPERIMENTS_REF_REDUCE_H

#include <stddef.h>
#include <stdint.h>

/* Exact sum of x[0..n) in int64 (no overflow for n < 2^32). An int32 GPU
** result is correct when it equals (int32_t)(uint32_t) of this value, i.e.
** the same sum wrapped to 32 bits. */
int64_t ref_reduce_i32(const int32_t *x, size_t n);

/* Sum of x[0..n) in double with compensated (Kahan-Babuska/Neumaier)
** summation; stores the sum of |x[i]| in *pSumAbs when pSumAbs is not NULL. */
double ref_reduce_f32(const float *x, size_t n, double *pSumAbs);

/* Largest |gpu - ref| accepted for a float32 sum of n elements whose
** absolute values add up to sumAbs:
** (ceil(log2 n) + 2048) * FLT_EPSILON * sumAbs. */
double ref_reduce_f32_tolerance(size_t n, double sumAbs);

/* The seed's single-thread CPU loop in float: the "cpu-serial" baseline. */
float ref_reduce_f32_serial(const float *x, size_t n);

/* The seed's single-thread CPU loop in int32 (wraps on overflow like the
** GPU's int adds): the "cpu-serial" baseline. */
int32_t ref_reduce_i32_serial(const int32_t *x, size_t n);

#endif
