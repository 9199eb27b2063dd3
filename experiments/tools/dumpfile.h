/*
** experiments/tools/dumpfile.h: the shipped dump (data/measurements.sql.gz),
** written and read without executing SQL (experiments/tools/dumpfile.c).
*/
#ifndef EXPERIMENTS_DUMPFILE_H
#define EXPERIMENTS_DUMPFILE_H

#include <stddef.h>
#include <stdio.h>

#include <sqlite3.h>

/* Results besides 0 (the exit statuses of `dbtool load`). */
enum { DUMP_FAILED = 1,  /* the database could not be written */
       DUMP_REFUSED = 4  /* the text is not a dump of the project's rows */ };

/* Load the dump z (n bytes) into pDb, which holds the project's schema,
** inside the caller's transaction. The text is parsed, never executed: it
** may hold only comments, BEGIN [TRANSACTION], COMMIT / END and
**   INSERT INTO table [(column, ...)] VALUES (value, ...), ... ;
** into the project's tables (of data/schema.sql, not live_run or claim),
** where a value is a literal: NULL, a number, a 'string' (no X'blob': the
** project's tables hold none), or
** replace(value, 'string', char(N, ...)) as sqlite3's insert mode writes a
** string holding a newline. A dump made before every sample was stored
** (table sample, or the statistics result and reference_timing kept) is
** refused as such. 0, or DUMP_* with one line (naming the dump's line) in
** zErr. *pnRow counts the rows inserted. */
int dump_load(sqlite3 *pDb, const char *z, size_t n, long long *pnRow, char *zErr, size_t nErr);

/* Write the rows of the project's tables of pIn (not live_run or claim) to
** f as a dump dump_load reads: one INSERT naming its columns per row, the
** rows of result_sample and counter 500 to an INSERT, a row a line (a
** result_sample line holds every sample of its result: lines of many
** kilobytes). zFrom names the source in the header comment. The caller
** holds the read transaction. 0, or -1 with one line in zErr. */
int dump_write(sqlite3 *pIn, FILE *f, const char *zOut, const char *zFrom, char *zErr, size_t nErr);

/* Whether zTable is one of the tables a dump holds. */
int dump_table_ok(const char *zTable);

#endif
