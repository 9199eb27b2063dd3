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

/* The largest dump dump_load reads (bytes): the shipped one is about 90 MB. */
#define DUMP_MAX_BYTES (1024LL * 1024 * 1024)

/* Load the dump z (n bytes, at most DUMP_MAX_BYTES) into pDb, which holds
** the project's schema, inside the caller's transaction. The text is
** parsed, never executed: it may hold only comments, BEGIN [TRANSACTION],
** COMMIT / END and
**   INSERT INTO table [(column, ...)] VALUES (value, ...), ... ;
** into the project's tables (of data/schema.sql, not live_run or claim),
** where a value is a literal: NULL, a number, a 'string' (no X'blob': the
** project's tables hold none), or a string holding a newline or carriage
** return as this project's writer and sqlite3's insert mode write it:
**   replace('string', 'marker', char(10))   and
**   replace(replace('string', 'marker', char(13)), 'marker', char(10))
** where a marker is at least two characters: every value is shorter than
** its text in the dump, so the rows never outgrow the dump. A string must
** be text the project's tables may hold (dump_text_problem). A dump made
** before every sample was stored (table sample, or the statistics result
** and reference_timing kept) is refused as such. 0, or DUMP_* with one line
** (naming the dump's line) in zErr. *pnRow counts the rows inserted. */
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

/* The name of table i (0-based) of those a dump holds, in the schema's
** order, or NULL past the last. */
const char *dump_table_name(int i);

/* The length (1-4) of the UTF-8 character at z (n bytes left), its code
** point in *pCp; 0 if the bytes there are not UTF-8 (an overlong form, a
** surrogate, past U+10FFFF, or cut short). */
int dump_utf8_char(const unsigned char *z, size_t n, unsigned *pCp);

/* Why the n bytes at z are not text the project's tables may hold, or NULL
** if they are: UTF-8, no NUL, and none of U+E000-U+E07F, the characters
** the report's escaping (reports/mdquery.c) marks database text with: text
** holding them would read as marked and collide with what it marks. */
const char *dump_text_problem(const unsigned char *z, size_t n);

#endif
