/*
** experiments/tools/merge.h: `dbtool merge` (experiments/tools/merge.c): several
** measurement databases into one, each run once, ids renumbered.
*/
#ifndef EXPERIMENTS_MERGE_H
#define EXPERIMENTS_MERGE_H

#include <stddef.h>

#include <sqlite3.h>

/* Exit statuses besides 0. */
enum { MERGE_FAILED = 1,  /* writing the output failed */
       MERGE_BUSY = 3,    /* another process has the output open (a live writer) */
       MERGE_REFUSED = 4  /* an input is unreadable, corrupt, not the project's or hostile */ };

/* Merge the nIn databases azIn, and OUT's own runs if it exists, into OUT
** (built in a temporary file beside it, renamed over it at the end); prints
** one line per input. An input with a newer schema (user_version) or with
** columns this build does not know in the project's tables is refused
** unless bDropUnknown, which leaves those columns out. 0, or MERGE_* with a
** one-line reason in zErr and nothing written. */
int merge_main(const char *const *azIn, int nIn, const char *zOut, int bDropUnknown, char *zErr, size_t nErr);

/* Open the database zPath read-only and defensively, checked as merge
** checks an input: the project's (application_id, or unmarked with its
** tables), not made before every sample was stored (result_sample), PRAGMA
** quick_check, no trigger, its tables ordinary ones, no BLOB value in them,
** every samples text possible (merge_check_samples), a schema no newer
** than this build's and no unknown
** column (unless mFlags has MERGE_OPEN_DROP_UNKNOWN), no trigger (unless
** MERGE_OPEN_ALLOW_TRIGGER: the caller drops them; they never run on this
** connection). A file with no -wal beside it is opened
** immutable (reading creates nothing beside it, and works where the file
** or its directory is read-only). 0 with *ppDb open, or MERGE_* with one
** line in zErr. */
enum { MERGE_OPEN_DROP_UNKNOWN = 1, MERGE_OPEN_ALLOW_TRIGGER = 2 };
int merge_open_checked(const char *zPath, int mFlags, sqlite3 **ppDb, char *zErr, size_t nErr);

/* Every samples text of pDb (result_sample.ns, reference_timing.ns) decoded
** as the analysis decodes it (reports/sqlstats.c): 0, or -1 with one line in
** zErr (zName unless NULL, the row, the sample and why: not a whole number
** of nanoseconds, 0, negative or over 1e13 ns). merge_open_checked() runs it on
** every input; dbtool load and snapshot on every dump they read. */
int merge_check_samples(sqlite3 *pDb, const char *zName, char *zErr, size_t nErr);

/* Whether another process has database zDb open: a connection in WAL mode
** (its -shm's locks), or one inside a transaction of a rollback journal. */
int merge_in_use(const char *zDb);

/* Remove the temporary files OUT.TAG-PID.tmp (and their -wal, -shm,
** -journal) left beside OUT by a process killed before it could: those
** whose PID is gone. */
void merge_remove_stale(const char *zOut, const char *zTag);

/* Remove database file zDb and the -wal, -shm and -journal SQLite keeps
** beside it (each may be missing). */
void merge_remove_db(const char *zDb);

#endif
