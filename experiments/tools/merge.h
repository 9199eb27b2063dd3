/*
** experiments/tools/merge.h: `dbtool merge` (experiments/tools/merge.c): several
** measurement databases into one, each run once, ids renumbered.
*/
#ifndef EXPERIMENTS_MERGE_H
#define EXPERIMENTS_MERGE_H

#include <stddef.h>

/* Exit statuses besides 0. */
enum { MERGE_FAILED = 1,  /* writing the output failed */
       MERGE_REFUSED = 4  /* an input is unreadable, corrupt, not the project's or hostile */ };

/* Merge the nIn databases azIn, and OUT's own runs if it exists, into OUT
** (built in a temporary file beside it, renamed over it at the end); prints
** one line per input. An input with a newer schema (user_version) or with
** columns this build does not know in the project's tables is refused
** unless bDropUnknown, which leaves those columns out. 0, or MERGE_* with a
** one-line reason in zErr and nothing written. */
int merge_main(const char *const *azIn, int nIn, const char *zOut, int bDropUnknown, char *zErr, size_t nErr);

/* Remove database file zDb and the -wal, -shm and -journal SQLite keeps
** beside it (each may be missing). */
void merge_remove_db(const char *zDb);

#endif
