/*
** experiments/ref_access.c: CPU reference of the access family; rules in
** kernels/access.h, contract in ref_access.h.
*/
#include <float.h>
#include <string.h>

#include "ref_access.h"

#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "ref_access needs FLT_EVAL_METHOD == 0 (float adds rounded to float, as on the GPU)"
#endif

/* Elements of the per-thread array of the local-* variants (ACCESS_LOCAL_LEN). */
#define REF_LOCAL_LEN 32

/* C[i] = A[i+k] + B[i+k] for i < n-k (all read-offset* variants). */
static void ref_read_offset(const float *A, const float *B, float *C, size_t n,
                            size_t k) {
  for (size_t i = 0; i + k < n; i++) C[i] = A[i + k] + B[i + k];
}

/* C[i+k] = A[i] + B[i] for i < n-k. */
static void ref_write_offset(const float *A, const float *B, float *C, size_t n,
                             size_t k) {
  for (size_t i = 0; i + k < n; i++) C[i + k] = A[i] + B[i];
}

/* C[i] = A[i*s] + B[i*s] for every i with i*s < n (i < ceil(n/s)). */
static void ref_read_stride(const float *A, const float *B, float *C, size_t n,
                            size_t s) {
  for (size_t i = 0, j = 0; j < n; i++, j += s) C[i] = A[j] + B[j];
}

/* C[i] = sum over j = 0..31, in order, from 0.0f, of A[i] + (float)((r+j)&31)
** with r = (i*7) & 31 (both local-* variants). */
static void ref_local(const float *A, float *C, size_t n) {
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

/* Dispatch on the variant key; see ref_access.h. */
int ref_access(const char *zKey, const float *A, const float *B, float *C,
               size_t n, int k) {
  if (zKey == NULL || n == 0) return -1;
  int bOffsetOk = k >= 0 && (size_t)k < n;
  if (strcmp(zKey, "read-offset") == 0 || strcmp(zKey, "read-offset-ldg") == 0 ||
      strcmp(zKey, "read-offset-tex") == 0 ||
      strcmp(zKey, "read-offset-unroll4") == 0) {
    if (!bOffsetOk) return -1;
    ref_read_offset(A, B, C, n, (size_t)k);
  } else if (strcmp(zKey, "write-offset") == 0) {
    if (!bOffsetOk) return -1;
    ref_write_offset(A, B, C, n, (size_t)k);
  } else if (strcmp(zKey, "read-stride") == 0) {
    if (k < 1) return -1;
    ref_read_stride(A, B, C, n, (size_t)k);
  } else if (strcmp(zKey, "local-dynamic") == 0 || strcmp(zKey, "local-static") == 0) {
    ref_local(A, C, n);
  } else {
    return -1;
  }
  return 0;
}
