/*
** experiments/harness/resources.c: the compiler's resource report parsed into
** kernel_resource rows (see resources.h).
*/
#include "experiments/harness/resources.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/harness/db.h"

/* Copy the line starting at *pz (without its newline, cut to nLine - 1
** bytes) into zLine and move *pz past it. 0 at the end of the text. */
static int next_line(const char **pz, char *zLine, size_t nLine) {
  const char *z = *pz;
  if (!*z) return 0;
  size_t n = strcspn(z, "\n");
  snprintf(zLine, nLine, "%.*s", (int)(n < nLine - 1 ? n : nLine - 1), z);
  *pz = z + n + (z[n] == '\n');
  return 1;
}

/* Store r inside the open transaction; on an error roll back. 0 or -1. */
static int add(db *pDb, const db_resource *r) {
  if (db_add_resource(pDb, r) == 0) return 0;
  db_rollback(pDb);
  return -1;
}

/* ------------------------------------------------------------- cuobjdump --
** `cuobjdump --dump-resource-usage BINARY` prints, per kernel:
**   Function _Z14reduce0_kernelPKiPim:
**   REG:16 STACK:0 SHARED:0 LOCAL:0 CONSTANT[0]:912 CONSTANT[3]:8 TEXTURE:0 ...
** It gives no spill bytes. */

/* The number after "zTag:" in zLine, or -1. */
static long long tag_value(const char *zLine, const char *zTag) {
  const char *z = zLine;
  size_t n = strlen(zTag);
  while ((z = strstr(z, zTag)) != NULL) {
    if ((z == zLine || z[-1] == ' ' || z[-1] == '\t') && z[n] == ':') return strtoll(z + n + 1, NULL, 10);
    z += n;
  }
  return -1;
}

int resources_store_cuobjdump(const char *zText, const char *zBuildId, const char *zBinary, db *pDb, int *pnKernel) {
  char zKernel[512] = "", zLine[1024];
  int nKernel = 0;
  if (db_begin(pDb)) return -1;
  for (const char *z = zText; next_line(&z, zLine, sizeof(zLine));) {
    const char *zFn = strstr(zLine, "Function ");
    if (zFn) {
      zFn += 9;
      size_t k = strcspn(zFn, ": \r");
      snprintf(zKernel, sizeof(zKernel), "%.*s", (int)k, zFn);
      continue;
    }
    long long nReg = tag_value(zLine, "REG");
    if (!zKernel[0] || nReg < 0) continue;
    db_resource r = {zBuildId, zBinary, zKernel, nReg, tag_value(zLine, "STACK"), -1, -1,
                     tag_value(zLine, "SHARED"), tag_value(zLine, "CONSTANT[3]")};
    if (add(pDb, &r)) return -1;
    nKernel++;
    zKernel[0] = 0;
  }
  if (db_commit(pDb)) { db_rollback(pDb); return -1; }
  *pnKernel = nKernel;
  return 0;
}

/* ----------------------------------------------------------------- ptxas --
** `nvcc -Xptxas -v` prints, per kernel (entry function) and architecture:
**   ptxas info    : Compiling entry function '_Z18read_offset_kernelPKfS0_Pfmm' for 'sm_90'
**   ptxas info    : Function properties for _Z18read_offset_kernelPKfS0_Pfmm
**       128 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
**   ptxas info    : Used 32 registers, used 1 barriers, 132 bytes smem, 8 bytes cmem[3]
** The "Used" line ends a kernel's report. Static shared memory is 0 where no
** smem is listed; constant memory is NULL where no cmem[3] is (CUDA 13 lists
** none). "Function properties" of other (device) functions are not the
** kernel's. */

/* The number before " bytes zWhat" in zLine (zWhat a prefix of the word
** after "bytes"), or -1. */
static long long bytes_value(const char *zLine, const char *zWhat) {
  char zPat[64];
  snprintf(zPat, sizeof(zPat), " bytes %s", zWhat);
  const char *z = strstr(zLine, zPat);
  if (!z) return -1;
  const char *zNum = z;
  while (zNum > zLine && zNum[-1] >= '0' && zNum[-1] <= '9') zNum--;
  return zNum == z ? -1 : strtoll(zNum, NULL, 10);
}

int resources_store_ptxas(const char *zText, const char *zBuildId, const char *zBinary, db *pDb, int *pnKernel) {
  static const char zEntry[] = "Compiling entry function '", zProps[] = "Function properties for ";
  char zKernel[512] = "", zLine[1024];
  long long nStack = 0, nSpillStore = 0, nSpillLoad = 0;
  int bProps = 0, nKernel = 0;
  if (db_begin(pDb)) return -1;
  for (const char *z = zText; next_line(&z, zLine, sizeof(zLine));) {
    const char *zHit;
    if ((zHit = strstr(zLine, zEntry)) != NULL) {
      zHit += sizeof(zEntry) - 1;
      snprintf(zKernel, sizeof(zKernel), "%.*s", (int)strcspn(zHit, "'"), zHit);
      nStack = nSpillStore = nSpillLoad = 0;
      bProps = 0;
    } else if (!zKernel[0]) {
      continue;
    } else if ((zHit = strstr(zLine, zProps)) != NULL) {
      zHit += sizeof(zProps) - 1;
      bProps = !strcmp(zHit, zKernel);
    } else if (bProps && strstr(zLine, " bytes stack frame")) {
      nStack = bytes_value(zLine, "stack frame");
      nSpillStore = bytes_value(zLine, "spill stores");
      nSpillLoad = bytes_value(zLine, "spill loads");
      bProps = 0;
    } else if ((zHit = strstr(zLine, "Used ")) != NULL && zHit[5] >= '0' && zHit[5] <= '9') {
      long long nShared = bytes_value(zLine, "smem");
      db_resource r = {zBuildId, zBinary, zKernel, strtoll(zHit + 5, NULL, 10), nStack, nSpillStore, nSpillLoad,
                       nShared < 0 ? 0 : nShared, bytes_value(zLine, "cmem[3]")};
      if (add(pDb, &r)) return -1;
      nKernel++;
      zKernel[0] = 0;
    }
  }
  if (db_commit(pDb)) { db_rollback(pDb); return -1; }
  *pnKernel = nKernel;
  return 0;
}
