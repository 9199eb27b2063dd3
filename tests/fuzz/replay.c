/*
** tests/fuzz/replay.c: run a libFuzzer entry (LLVMFuzzerTestOneInput of
** tests/fuzz/fuzz_*.c) over files without libFuzzer, so every input a fuzzer
** found (tests/fuzz/regressions/<name>/) and the seed corpus stay tested in
** `make test` under AddressSanitizer and UndefinedBehaviorSanitizer.
**
**   replay_NAME FILE...   exit 0 if every file ran; a finding aborts
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *aData, size_t nData);

/* Read a whole file; NULL on error. */
static uint8_t *read_all(const char *zPath, size_t *pn) {
  FILE *f = fopen(zPath, "rb");
  if (!f) return NULL;
  size_t n = 0, nAlloc = 4096;
  uint8_t *a = malloc(nAlloc);
  while (a) {
    n += fread(a + n, 1, nAlloc - n, f);
    if (n < nAlloc) break;
    uint8_t *aNew = realloc(a, nAlloc *= 2);
    if (!aNew) free(a);
    a = aNew;
  }
  fclose(f);
  *pn = n;
  return a;
}

/* Feed every file named on the command line to the entry point. */
int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    size_t n = 0;
    uint8_t *a = read_all(argv[i], &n);
    if (!a) {
      fprintf(stderr, "replay: cannot read %s\n", argv[i]);
      return 1;
    }
    LLVMFuzzerTestOneInput(a, n);
    free(a);
  }
  return 0;
}
