/*
** experiments/harness/resources.h: the compiler's resource report of a
** binary's kernels (registers, stack frame, spills, static shared and user
** constant memory) parsed and stored in table kernel_resource through
** db_add_resource. Two sources:
**   cuobjdump --dump-resource-usage BINARY   (`<binary> --resources`,
**       experiments/harness/profile.c): no spill bytes;
**   nvcc -Xptxas -v                           (`dbtool resources`, run by
**       `make measure` through experiments/tools/resources.mk): spill bytes.
** A kernel listed several times (one block per architecture) keeps the last.
*/
#ifndef HARNESS_RESOURCES_H
#define HARNESS_RESOURCES_H

struct db;

/* Store the kernels of cuobjdump's resource report zText under zBuildId and
** zBinary, in one transaction. 0, or -1 on a database error (nothing
** stored); *pnKernel gets the kernel lines stored. */
int resources_store_cuobjdump(const char *zText, const char *zBuildId, const char *zBinary, struct db *pDb,
                              int *pnKernel);

/* Store the kernels (entry functions) of ptxas's verbose report zText under
** zBuildId and zBinary, in one transaction. 0, or -1 on a database error
** (nothing stored); *pnKernel gets the kernel reports stored. */
int resources_store_ptxas(const char *zText, const char *zBuildId, const char *zBinary, struct db *pDb,
                          int *pnKernel);

#endif
