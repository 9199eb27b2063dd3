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
       MERGE_BUSY = 3,    /* another process has the output open (a live writer), or wrote to it during the merge */
       MERGE_REFUSED = 4  /* an input is unreadable, corrupt, not the project's or hostile */ };

/* Merge the nIn databases azIn, and OUT's own runs if it exists, into OUT
** (built in a temporary file beside it, renamed over it at the end); prints
** one line per input. One merge into OUT at a time (a lock file,
** OUT.merge-lock, while it runs): a second one waits for the first. A
** transaction a killed writer left in OUT's rollback journal is rolled back
** first. An input with a newer schema (user_version) or with columns this
** build does not know in the project's tables is refused unless
** bDropUnknown, which leaves those columns out. OUT changed by another
** process while the merge ran (its rows would be lost) is refused before the
** rename (MERGE_BUSY). 0, or MERGE_* with a one-line reason in zErr
** (control characters escaped) and nothing written. */
int merge_main(const char *const *azIn, int nIn, const char *zOut, int bDropUnknown, char *zErr, size_t nErr);

/* Open the database zPath read-only and defensively, checked as merge
** checks an input: the project's (application_id, or unmarked with its
** tables), not made before every sample was stored (result_sample), PRAGMA
** quick_check, its tables ordinary ones, a schema no newer than this
** build's and no unknown column (unless mFlags has
** MERGE_OPEN_DROP_UNKNOWN), no trigger (unless MERGE_OPEN_ALLOW_TRIGGER:
** the caller drops them; they never run on this connection), every value
** one the project's tables may hold (no BLOB; text as dump_text_problem
** allows), every samples text possible (merge_check_samples). A file with no -wal beside it is
** opened immutable (reading creates nothing beside it, and works where the
** file or its directory is read-only); one whose rollback journal holds a
** transaction (a writer in one, or killed in one) is refused, as is one
** with a -wal but no -shm where none can be made. 0 with *ppDb open, or
** MERGE_* with one line in zErr. */
enum { MERGE_OPEN_DROP_UNKNOWN = 1, MERGE_OPEN_ALLOW_TRIGGER = 2 };
int merge_open_checked(const char *zPath, int mFlags, sqlite3 **ppDb, char *zErr, size_t nErr);

/* The URI merge_open_checked opens zPath by (read-only; immutable where no
** -wal is beside it) into zUri (nUri bytes). */
void merge_source_uri(const char *zPath, char *zUri, size_t nUri);

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

/* Rename zFrom to zTo unless zTo exists (then -1 with errno EEXIST, and
** nothing renamed): renameat2(RENAME_NOREPLACE), or link() and unlink()
** where the file system lacks it. 0, or -1 with errno. */
int merge_rename_noreplace(const char *zFrom, const char *zTo);

/* zIn into zOut (nOut bytes, cut at a character), every character a
** terminal could act on escaped: a control character (C0, DEL, C1) or a
** byte that is not UTF-8 as \xHH, a bidirectional or invisible format
** character (merge_is_format_char) as \uHHHH. For messages that name what
** a hostile file holds. */
void merge_escape(char *zOut, size_t nOut, const char *zIn);

/* Whether code point cp is a bidirectional control or an invisible format
** character (U+061C, U+180E, U+200B-U+200F, U+2028-U+202E, U+2060-U+206F,
** U+FEFF, U+FFF9-U+FFFB, the tags U+E0001 and U+E0020-U+E007F): text that
** reorders or hides what a reader sees. */
int merge_is_format_char(unsigned cp);

#endif
