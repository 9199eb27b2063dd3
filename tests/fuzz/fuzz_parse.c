/*
** tests/fuzz/fuzz_parse.c: libFuzzer entry over the number and list parsers
** of experiments/harness/parse.c. The first byte picks the function (and the
** bounds); the rest, up to the first NUL, is the text. Beyond not crashing
** (AddressSanitizer, UndefinedBehaviorSanitizer), the results must keep the
** promises of parse.h, else abort(): values inside [iMin, iMax], at most
** nMax of them, no empty or comma-holding name, and decimal text agreeing
** with strtoull. Built by `make fuzz` (clang -fsanitize=fuzzer,...) and
** replayed over tests/fuzz/regressions/parse by tests/fuzz/replay.c.
*/
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/harness/parse.h"

#define NMAX 256

/* Abort (a finding) unless c holds. */
static void require(int c) {
  if (!c) abort();
}

/* 1 if z is 1 to 18 decimal digits (no overflow in strtoull). */
static int is_plain_decimal(const char *z) {
  size_t n = strlen(z);
  if (n == 0 || n > 18) return 0;
  for (size_t i = 0; i < n; i++)
    if (z[i] < '0' || z[i] > '9') return 0;
  return 1;
}

/* Check one input against the parser chosen by its first byte. */
int LLVMFuzzerTestOneInput(const uint8_t *aData, size_t nData) {
  char zErr[256];
  long long aVal[NMAX], v;
  const char *azName[NMAX];
  char *zBuf = NULL;
  int n = -1;
  if (nData < 1) return 0;
  char *z = malloc(nData);
  if (!z) return 0;
  memcpy(z, aData + 1, nData - 1);
  z[nData - 1] = 0;
  unsigned iSel = aData[0];
  long long iMax = (iSel & 0x40) ? LLONG_MAX : (1LL << 31);
  long long iMin = (iSel & 0x80) ? 0 : 1;
  int nMax = (iSel & 0x20) ? 3 : NMAX;
  switch (iSel % 3) {
    case 0:
      if (parse_int(z, iMax, &v, zErr, sizeof(zErr)) == 0) {
        require(v >= 0 && v <= iMax);
        if (is_plain_decimal(z)) require((unsigned long long)v == strtoull(z, NULL, 10));
      } else {
        require(zErr[0] != 0);
        if (is_plain_decimal(z)) require(strtoull(z, NULL, 10) > (unsigned long long)iMax);
      }
      break;
    case 1:
      if (parse_int_list(z, iMin, iMax, aVal, nMax, &n, zErr, sizeof(zErr)) == 0) {
        require(n >= 1 && n <= nMax);
        for (int i = 0; i < n; i++) require(aVal[i] >= iMin && aVal[i] <= iMax);
      } else {
        require(zErr[0] != 0);
      }
      break;
    default:
      if (parse_name_list(z, &zBuf, azName, nMax, &n, zErr, sizeof(zErr)) == 0) {
        require(n >= 1 && n <= nMax && zBuf != NULL);
        for (int i = 0; i < n; i++) require(azName[i][0] != 0 && strchr(azName[i], ',') == NULL);
        free(zBuf);
      } else {
        require(zErr[0] != 0 && zBuf == NULL);
      }
      break;
  }
  free(z);
  return 0;
}
