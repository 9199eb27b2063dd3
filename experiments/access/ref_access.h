/*
** experiments/access/ref_access.h: CPU reference of the access family
** (kernels/access.h), plain C11. Host code only: it reads the variant's
** pattern from its registry entry and launches nothing.
*/
#ifndef EXPERIMENTS_REF_ACCESS_H
#define EXPERIMENTS_REF_ACCESS_H

#include <stddef.h>

#include "kernels/access.h"

/* Compute on the host exactly the elements of C that the access variant
** pVar (an entry of access_variants[]) writes for arrays A, B, C of n floats and offset/stride k (k ignored
** by the local-* variants, which do not read B), and leave every other
** element of C untouched: see the table in kernels/access.h. Fill C and the
** device output with the same sentinel first, then compare all n elements.
**
** The comparison is exact (bitwise, memcmp or ==): every variant does only
** float additions, each rounded to float in the same order as the kernel, so
** this must be built without -ffast-math / -fassociative-math on a target
** with FLT_EVAL_METHOD == 0 (checked at compile time). Inputs should be
** finite normal numbers (NaN payloads and flushed denormals under
** -ftz=true could differ).
**
** Returns 0, or -1 (C untouched) for a NULL or unknown pattern, n == 0 or a
** k the launcher would reject (offset: 0 <= k < n; stride: k >= 1). */
int ref_access(const access_variant *pVar, const float *A, const float *B, float *C, size_t n, int k);

#endif
