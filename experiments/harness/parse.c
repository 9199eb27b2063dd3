/*
** experiments/harness/parse.c: strict parsing of command-line numbers and lists.
*/
#include "experiments/harness/parse.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Write a formatted reason into zErr and return -1. */
static int fail(char *zErr, size_t nErr, const char *zFmt, ...) {
  va_list ap;
  va_start(ap, zFmt);
  vsnprintf(zErr, nErr, zFmt, ap);
  va_end(ap);
  return -1;
}

/* Parse an unsigned decimal integer at *pz, advancing *pz. -1 on none or overflow. */
static int read_uint(const char **pz, unsigned long long *pV) {
  const char *z = *pz;
  if (!isdigit((unsigned char)*z)) return -1;
  unsigned long long v = 0;
  while (isdigit((unsigned char)*z)) {
    unsigned d = (unsigned)(*z - '0');
    if (v > (~0ULL - d) / 10) return -1;
    v = v * 10 + d;
    z++;
  }
  *pz = z;
  *pV = v;
  return 0;
}

/* Parse a base term: N, N^E, NeE, with optional Ki/Mi/Gi suffix. */
static int read_base(const char **pz, unsigned long long *pV) {
  unsigned long long b, e, v;
  if (read_uint(pz, &b)) return -1;
  v = b;
  if (**pz == '^' || **pz == 'e' || **pz == 'E') {
    int bPow = **pz == '^';
    (*pz)++;
    if (read_uint(pz, &e) || e > 63) return -1;
    unsigned long long base = bPow ? b : 10;
    if (!bPow) v = b; else v = 1;
    for (unsigned long long i = 0; i < e; i++) {
      if (base != 0 && v > ~0ULL / base) return -1;
      v *= base;
    }
  }
  static const struct { const char *z; int sh; } aSuf[] = {{"Ki", 10}, {"Mi", 20}, {"Gi", 30}};
  for (size_t i = 0; i < sizeof(aSuf) / sizeof(aSuf[0]); i++) {
    if (strncmp(*pz, aSuf[i].z, 2) == 0) {
      if (v > (~0ULL >> aSuf[i].sh)) return -1;
      v <<= aSuf[i].sh;
      *pz += 2;
      break;
    }
  }
  *pV = v;
  return 0;
}

int parse_int(const char *z, long long iMax, long long *pOut, char *zErr, size_t nErr) {
  const char *p = z;
  unsigned long long v, w;
  if (!z || !*z) return fail(zErr, nErr, "empty number");
  if (*p == '-') {
    if (strspn(p + 1, "0") == strlen(p + 1) && p[1]) return fail(zErr, nErr, "'%s': write 0 without a sign", z);
    return fail(zErr, nErr, "'%s' is negative", z);
  }
  if (read_base(&p, &v)) return fail(zErr, nErr, "'%s' is not a number (or overflows)", z);
  while (*p == '+' || *p == '-') {
    char op = *p++;
    if (read_base(&p, &w)) return fail(zErr, nErr, "'%s' is not a number (or overflows)", z);
    if (op == '+') {
      if (v > ~0ULL - w) return fail(zErr, nErr, "'%s' overflows", z);
      v += w;
    } else {
      if (w > v) return fail(zErr, nErr, "'%s' is negative", z);
      v -= w;
    }
  }
  if (*p) return fail(zErr, nErr, "'%s' is not a number", z);
  if (v > (unsigned long long)iMax) return fail(zErr, nErr, "'%s' is larger than %lld", z, iMax);
  *pOut = (long long)v;
  return 0;
}

/* 1 if v is a power of two. */
static int is_pow2(long long v) { return v > 0 && (v & (v - 1)) == 0; }

int parse_int_list(const char *z, long long iMin, long long iMax, long long *a,
                   int nMax, int *pn, char *zErr, size_t nErr) {
  char zTerm[128];
  int n = 0;
  if (!z || !*z) return fail(zErr, nErr, "empty list");
  while (1) {
    const char *zEnd = strchr(z, ',');
    size_t len = zEnd ? (size_t)(zEnd - z) : strlen(z);
    if (len == 0) return fail(zErr, nErr, "empty item in list");
    if (len >= sizeof(zTerm)) return fail(zErr, nErr, "item too long in list");
    memcpy(zTerm, z, len);
    zTerm[len] = 0;
    long long lo, hi;
    char *zDots = strstr(zTerm, "..");
    char *zColon = strchr(zTerm, ':');
    if (zColon || zDots) {
      char *zSep = zColon ? zColon : zDots;
      *zSep = 0;
      if (parse_int(zTerm, iMax, &lo, zErr, nErr)) return -1;
      if (parse_int(zSep + (zColon ? 1 : 2), iMax, &hi, zErr, nErr)) return -1;
      if (lo > hi) return fail(zErr, nErr, "range %lld..%lld is empty", lo, hi);
      if (zColon && (!is_pow2(lo) || !is_pow2(hi)))
        return fail(zErr, nErr, "range LO:HI needs powers of two, got %lld:%lld", lo, hi);
      /* Stop at hi before stepping: v + 1 or 2v past hi could overflow. */
      for (long long v = lo;; v = zColon ? v * 2 : v + 1) {
        if (n >= nMax) return fail(zErr, nErr, "more than %d values in list", nMax);
        a[n++] = v;
        if (v >= hi) break;
      }
    } else {
      if (n >= nMax) return fail(zErr, nErr, "more than %d values in list", nMax);
      if (parse_int(zTerm, iMax, &a[n], zErr, nErr)) return -1;
      n++;
    }
    for (int i = 0; i < n; i++)
      if (a[i] < iMin) return fail(zErr, nErr, "%lld is below the minimum %lld", a[i], iMin);
    if (!zEnd) break;
    z = zEnd + 1;
  }
  *pn = n;
  return 0;
}

int parse_name_list(const char *z, char **pzBuf, const char **az, int nMax, int *pn,
                    char *zErr, size_t nErr) {
  int n = 0;
  *pzBuf = NULL;
  if (!z || !*z) return fail(zErr, nErr, "empty list");
  char *zBuf = strdup(z);
  if (!zBuf) return fail(zErr, nErr, "out of memory");
  for (char *p = zBuf;;) {
    char *zEnd = strchr(p, ',');
    if (zEnd) *zEnd = 0;
    if (!*p) { free(zBuf); return fail(zErr, nErr, "empty name in list '%s'", z); }
    if (n >= nMax) { free(zBuf); return fail(zErr, nErr, "more than %d names in list", nMax); }
    az[n++] = p;
    if (!zEnd) break;
    p = zEnd + 1;
  }
  *pzBuf = zBuf;
  *pn = n;
  return 0;
}

void parse_escape(char *zOut, size_t nOut, const char *zIn) {
  size_t k = 0;
  if (nOut == 0) return;
  for (const unsigned char *p = (const unsigned char *)zIn; *p && k + 1 < nOut; p++) {
    if (*p < 0x20 || *p == 0x7f) {
      if (k + 5 > nOut) break;
      k += (size_t)snprintf(zOut + k, nOut - k, "\\x%02x", *p);
    } else {
      zOut[k++] = (char)*p;
    }
  }
  zOut[k] = 0;
}
