/*
** tests/fuzz/fuzz_args.c: libFuzzer entry over the command line of a study:
** bench_main() of experiments/harness/bench.c with --list first (so it
** parses, validates, enumerates and prints the configurations, and never
** opens a GPU or a database), on a study whose axes have the shapes of the
** real ones (names with and without a fixed list, sizes up to 2^31, block
** sizes, offsets) and a skip rule. A matrix line of experiments/<study>/<study>.matrix is
** just such arguments, split into words by experiments/tools/run-matrix, so this
** covers the matrix files too: an even first byte splits the rest on blanks
** (as the shell does), an odd one on NUL bytes (any argument, spaces and
** '=' included). Built by `make fuzz`; replayed over
** tests/fuzz/regressions/args by tests/fuzz/replay.c.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/harness/bench.h"

#define NARG 64

enum { AX_DTYPE, AX_N, AX_BLOCK, AX_VARIANT, AX_K, AX_TAG, NAXIS };
static const char *const azDtype[] = {"int32", "float32", NULL};
static const char *const azVariant[] = {"plain", "vectorized", "cpu-serial", NULL};
static bench_axis aAxis[NAXIS] = {
    {.zName = "dtype", .zHelp = "element type", .zDefault = "int32", .azChoice = azDtype},
    {.zName = "n", .zHelp = "elements", .zDefault = "2^10", .bInt = 1, .iMin = 1, .iMax = 1LL << 31},
    {.zName = "block", .zHelp = "threads per block", .zDefault = "256", .bInt = 1, .iMin = 32, .iMax = 1024},
    {.zName = "variant", .zHelp = "variant", .zDefault = "plain", .azChoice = azVariant},
    {.zName = "k", .zHelp = "offset", .zDefault = "0", .bInt = 1, .iMax = 1 << 20},
    {.zName = "tag", .zHelp = "any name", .zDefault = "x"},
};

/* Block sizes that are not powers of two are not run (as in reduce). */
static const char *skip(const bench_config *c) {
  long long b = bench_int(c, AX_BLOCK);
  return (b & (b - 1)) ? "block size is not a power of two" : NULL;
}

/* Never called: --list measures nothing. */
static void measure(const bench_config *c, bench_out *pOut) {
  (void)c;
  (void)pOut;
  abort();
}

/* Split the input into arguments and run bench_main --list on them. */
int LLVMFuzzerTestOneInput(const uint8_t *aData, size_t nData) {
  static const bench_study study = {"fuzz", "fuzz", "fuzzed", aAxis, NAXIS, skip, NULL, measure, NULL};
  /* "fuzz", "--list", NARG arguments at most, and the NULL that ends argv. */
  char *azArg[NARG + 3] = {"fuzz", "--list"};
  int nArg = 2;
  if (nData < 1) return 0;
  int bNul = aData[0] & 1;
  char *z = malloc(nData);
  if (!z) return 0;
  memcpy(z, aData + 1, nData - 1);
  z[nData - 1] = 0;
  for (size_t i = 0; i < nData - 1; i++)
    if (bNul ? z[i] == 0 : (z[i] == ' ' || z[i] == '\t' || z[i] == '\n')) z[i] = 0;
  for (size_t i = 0; i < nData - 1 && nArg < NARG + 2; i++) {
    /* An argument starts after a separator (every one, with NUL splitting:
    ** empty arguments are arguments too; runs of blanks are one). */
    int bStart = i == 0 || z[i - 1] == 0;
    if (bStart && (bNul || z[i] != 0)) azArg[nArg++] = &z[i];
  }
  int rc = bench_main(&study, nArg, azArg);
  if (rc != 0 && rc != 2) abort(); /* --list: listed, or a bad argument */
  free(z);
  return 0;
}
