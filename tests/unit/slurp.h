/*
** tests/unit/slurp.h: read a file of test data whole, for the unit tests
** that parse a tool's saved output (test_resources.c: ptxas reports;
** test_profile_csv.c: ncu CSV). Include after <cmocka.h>.
*/
#ifndef TESTS_UNIT_SLURP_H
#define TESTS_UNIT_SLURP_H

#include <stdio.h>

/* The file zPath (from the repository root) as one string, in a static
** buffer of 64 KiB that the next call overwrites; fails the test if it
** cannot be opened. */
static char *slurp(const char *zPath) {
  FILE *f = fopen(zPath, "rb");
  assert_non_null(f);
  static char zBuf[1 << 16];
  size_t n = fread(zBuf, 1, sizeof(zBuf) - 1, f);
  fclose(f);
  zBuf[n] = 0;
  return zBuf;
}

#endif
