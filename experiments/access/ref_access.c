/*
** experiments/access/ref_access.c: CPU reference of the access family; rules in
** kernels/access.h, contract in ref_access.h.
*/
#include <float.h>

#include "experiments/access/ref_access.h"

#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "ref_access needs FLT_EVAL_METHOD == 0 (float adds rounded to float, as on the GPU)"
#endif

/* Every reference is element-wise (OpenMP over elements, OMP_NUM_THREADS
** applies): each output element's value does not depend on the thread count. */

/* Elements of the per-thread array of the local-* variants (ACCESS_LOCAL_LEN). */
#define REF_LOCAL_LEN 32

/* C[i] = A[i+k] + B[i+k] for i < n-k (all read-offset* variants). */
static void ref_read_offset(const float *A, const float *B, float *C, size_t n,
                            size_t k) {
  if (k >= n) return;
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < n - k; i++) C[i] = A[i + k] + B[i + k];
}

/* C[i+k] = A[i] + B[i] for i < n-k. */
static void ref_write_offset(const float *A, const float *B, float *C, size_t n,
                             size_t k) {
  if (k >= n) return;
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < n - k; i++) C[i + k] = A[i] + B[i];
}

/* C[i] = A[i*s] + B[i*s] for every i with i*s < n (i < ceil(n/s)). */
static void ref_read_stride(const float *A, const float *B, float *C, size_t n,
                            size_t s) {
  const size_t nOut = n / s + (n % s != 0);
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < nOut; i++) C[i] = A[i * s] + B[i * s];
}

/* C[i] = sum over j = 0..31, in order, from 0.0f, of A[i] + (float)((r+j)&31)
** with r = (i*7) & 31 (both local-* variants). */
static void ref_local(const float *A, float *C, size_t n) {
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < n; i++) {
    unsigned r = (unsigned)(i * 7u) & 31u;
    float x = A[i];
    float sum = 0.0f;
    for (unsigned j = 0; j < REF_LOCAL_LEN; j++) {
      float v = x + (float)((r + j) & 31u);
      sum = sum + v;
    }
    C[i] = sum;
  }
}

/* Reference of one pattern: writes what that pattern writes (k checked). */
typedef void (*ref_fn)(const float *A, const float *B, float *C, size_t n, size_t k);

/* ref_local with the shared signature (B and k unused). */
static void ref_local_any(const float *A, const float *B, float *C, size_t n, size_t k) {
  (void)B;
  (void)k;
  ref_local(A, C, n);
}

/* The reference of each access_pattern (kernels/access.h). */
static const ref_fn axPattern[] = {
    [ACCESS_READ_OFFSET] = ref_read_offset,
    [ACCESS_WRITE_OFFSET] = ref_write_offset,
    [ACCESS_READ_STRIDE] = ref_read_stride,
    [ACCESS_LOCAL] = ref_local_any,
};

/* The reference of the variant's pattern; see ref_access.h. */
int ref_access(const access_variant *pVar, const float *A, const float *B, float *C, size_t n, int k) {
  if (pVar == NULL || n == 0) return -1;
  const unsigned iPattern = (unsigned)pVar->ePattern;
  if (iPattern >= sizeof(axPattern) / sizeof(axPattern[0]) || axPattern[iPattern] == NULL) return -1;
  switch (access_pattern_axis(pVar->ePattern)) {
    case ACCESS_AXIS_OFFSET:
      if (k < 0 || (size_t)k >= n) return -1;
      break;
    case ACCESS_AXIS_STRIDE:
      if (k < 1) return -1;
      break;
    case ACCESS_AXIS_NONE:
      break;
  }
  axPattern[iPattern](A, B, C, n, (size_t)(k > 0 ? k : 0));
  return 0;
}
