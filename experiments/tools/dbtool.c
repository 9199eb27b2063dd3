/*
** experiments/tools/dbtool.c: database chores where no sqlite3 command exists (the
** GPU machine has the SQLite library but not the shell).
**
**   dbtool load SQLFILE DB     create DB with the schema and load the dump
**                              SQLFILE into it (parsed, never executed:
**                              experiments/tools/dumpfile.c)
**   dbtool exec DB SQL         execute SQL text
**   dbtool resources DB BINARY BUILD_ID LOG
**                              store the kernels of LOG, the `nvcc -Xptxas -v`
**                              report of BINARY's kernels, in kernel_resource
**                              (experiments/harness/resources.c)
**   dbtool merge A.db ... -o OUT.db   every run of the inputs in OUT once
**                              (experiments/tools/merge.c)
**   dbtool snapshot SRC OUT    the report's copy of a database (SRC.db) or of
**                              a dump (SRC.sql): the rows of the measurement
**                              tables, in tables, indexes and views made from
**                              data/schema.sql (nothing of SRC's own schema),
**                              text cleaned for the report (controls, format
**                              characters, length), checked (integrity, a
**                              complete run)
**   dbtool dump DB OUT         the rows of DB as the dump `make dump` ships
**                              (every sample)
*/
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "experiments/harness/db.h"
#include "experiments/harness/resources.h"
#include "experiments/tools/dumpfile.h"
#include "experiments/tools/merge.h"

static const char zHelp[] =
    "Usage: dbtool load SQLFILE DB   make the new database DB (schema) from the dump SQLFILE ('-': stdin),\n"
    "                                parsed, never executed: only INSERT INTO a project table ... VALUES\n"
    "                                of literals; built beside DB and renamed in when whole, never over\n"
    "                                a DB made meanwhile. Exit 0; 1 failed; 2 usage or DB exists (or was\n"
    "                                made meanwhile); 4 not a dump, or an impossible sample in it (one\n"
    "                                line, nothing made)\n"
    "       dbtool exec DB SQL       execute SQL text in DB\n"
    "       dbtool resources DB BINARY BUILD_ID LOG\n"
    "                                store the kernels of LOG (`nvcc -Xptxas -v` output of BINARY's\n"
    "                                kernels) in table kernel_resource under BUILD_ID\n"
    "       dbtool merge [--drop-unknown] A.db [B.db ...] -o OUT.db\n"
    "                                add every finished run of the inputs that OUT lacks (by run\n"
    "                                UUID), ids renumbered; OUT's own runs are kept. One merge into\n"
    "                                OUT at a time (a second waits). Inputs are untrusted: read-only,\n"
    "                                defensive, checked. Exit 0; 1 writing failed; 2 usage; 3 another\n"
    "                                process has OUT open (a run still writing) or wrote to it during\n"
    "                                the merge; 4 an input refused (one line, nothing written): one\n"
    "                                with a newer schema or unknown columns too, unless --drop-unknown\n"
    "                                (which leaves those columns out), a BLOB value, text that is not\n"
    "                                UTF-8 or holds a NUL, an interrupted transaction in its journal,\n"
    "                                an impossible sample (0, negative, over 1e13 ns, not a whole\n"
    "                                number), or one made before every sample was stored\n"
    "       dbtool snapshot SRC OUT   OUT: a copy of SRC (a database, or a dump ending in .sql): the\n"
    "                                rows of the project's tables in the tables and views of\n"
    "                                data/schema.sql, control characters made '?', format and\n"
    "                                bidirectional ones dropped, text cut at 1000 characters (not the\n"
    "                                samples, which must be whole nanoseconds); renamed over OUT when\n"
    "                                whole; exit 1 SRC unreadable, 2 SRC is OUT, 4 SRC refused (as\n"
    "                                merge refuses an input, or no complete run)\n"
    "       dbtool dump [--against OLD.sql] [--name NAME] DB OUT\n"
    "                                OUT: the rows of DB's project tables as a dump, every sample\n"
    "                                (one read transaction); exit 1 writing failed, 2 usage, 4 DB\n"
    "                                refused or without a complete run, 5 it would hold less than OLD:\n"
    "                                a run dropped, a finished run's status changed, or fewer results,\n"
    "                                samples, counters (rows of a run, or samples of its results) than\n"
    "                                OLD holds\n";

/* Print a message on stderr with every control character escaped
** (merge_escape): messages quote names and text of untrusted files, which
** must not reach the terminal as escape sequences. */
static void eprintf(const char *zFmt, ...) {
  char z[2048], zEsc[4096];
  va_list ap;
  va_start(ap, zFmt);
  vsnprintf(z, sizeof(z), zFmt, ap);
  va_end(ap);
  size_t n = strlen(z);
  int bNl = n > 0 && z[n - 1] == '\n';
  if (bNl) z[n - 1] = 0;
  merge_escape(zEsc, sizeof(zEsc), z);
  fprintf(stderr, "%s%s", zEsc, bNl ? "\n" : "");
}

/* `dbtool merge [--drop-unknown] A.db ... -o OUT`; a usage error is one line (exit 2). */
static int merge_cmd(int argc, char **argv) {
  const char *zOut = NULL, *zWhy = NULL;
  const char **azIn = calloc((size_t)argc, sizeof(*azIn));
  int nIn = 0, bDrop = 0;
  struct stat st;
  if (!azIn) return 1;
  for (int i = 2; i < argc && !zWhy; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      fputs(zHelp, stdout);
      free(azIn);
      return 0;
    }
    if (!strcmp(argv[i], "-o")) {
      if (i + 1 >= argc) zWhy = "-o needs the output database's name";
      else if (zOut) zWhy = "-o given twice";
      else zOut = argv[++i];
    } else if (!strcmp(argv[i], "--drop-unknown")) bDrop = 1;
    else if (argv[i][0] == '-' && argv[i][1]) {
      eprintf("dbtool merge: unknown option '%s' (dbtool merge --help)\n", argv[i]);
      free(azIn);
      return 2;
    } else azIn[nIn++] = argv[i];
  }
  if (!zWhy && !zOut) zWhy = "no output given: add -o OUT.db";
  if (!zWhy && !zOut[0]) zWhy = "-o '': the output's name is empty";
  if (!zWhy && nIn == 0) zWhy = "no input database given";
  if (!zWhy && stat(zOut, &st) == 0 && S_ISDIR(st.st_mode)) zWhy = "-o names a directory: give a file name (-o DIR/OUT.db)";
  if (zWhy) {
    eprintf("dbtool merge: %s (dbtool merge --help)\n", zWhy);
    free(azIn);
    return 2;
  }
  char zErr[512];
  int rc = merge_main(azIn, nIn, zOut, bDrop, zErr, sizeof(zErr));
  if (rc) eprintf("dbtool merge: %s; nothing written\n", zErr);
  free(azIn);
  return rc;
}

/* Read a whole file ("-": standard input) into a NUL-terminated buffer
** (its length in *pn unless NULL), or NULL. Past DUMP_MAX_BYTES it stops
** reading (one byte more: what reads it refuses it), so that no input can
** fill the memory. */
static char *read_file(const char *zPath, size_t *pn) {
  FILE *f = strcmp(zPath, "-") ? fopen(zPath, "rb") : stdin;
  if (!f) return NULL;
  size_t n = 0, nAlloc = 1 << 16;
  char *z = malloc(nAlloc);
  while (z) {
    n += fread(z + n, 1, nAlloc - n - 1, f);
    if (n < nAlloc - 1 || (long long)n > DUMP_MAX_BYTES) break;
    char *zNew = realloc(z, nAlloc *= 2);
    if (!zNew) { free(z); z = NULL; }
    else z = zNew;
  }
  if (z && ferror(f)) {
    free(z);
    z = NULL;
  }
  if (f != stdin) fclose(f);
  if (z) z[n] = 0;
  if (pn) *pn = n;
  return z;
}

/* `dbtool resources DB BINARY BUILD_ID LOG`. */
static int resources_cmd(int argc, char **argv) {
  if (argc != 6) {
    fputs(zHelp, stderr);
    return 2;
  }
  char zErr[256];
  char *zText = read_file(argv[5], NULL);
  if (!zText) {
    eprintf("dbtool resources: cannot read '%s'\n", argv[5]);
    return 1;
  }
  db *p = db_open(argv[2], zErr, sizeof(zErr));
  if (!p) {
    eprintf("dbtool resources: %s\n", zErr);
    free(zText);
    return 1;
  }
  int nKernel = 0, rc = resources_store_ptxas(zText, argv[4], argv[3], p, &nKernel);
  if (rc) eprintf("dbtool resources: %s: %s; nothing stored\n", argv[2], db_errmsg(p));
  db_close(p);
  free(zText);
  return rc ? 1 : 0;
}

/* The temporary name beside zPath for TAG (zPath.TAG-PID.tmp) in zTmp
** (nTmp bytes); -1 if it does not fit. */
static int temp_name(const char *zPath, const char *zTag, char *zTmp, size_t nTmp) {
  return (size_t)snprintf(zTmp, nTmp, "%s.%s-%ld.tmp", zPath, zTag, (long)getpid()) < nTmp - 16 ? 0 : -1;
}

/* Create database zDb (a new file) with the schema and load the dump z (n
** bytes, named zName in messages) into it, all or nothing. 0, or a
** DUMP_* status with one line printed. */
static int load_into(const char *zDb, const char *z, size_t n, const char *zCmd, const char *zName) {
  char zErr[400];
  db *p = db_open(zDb, zErr, sizeof(zErr));
  if (!p) {
    eprintf("dbtool %s: %s\n", zCmd, zErr);
    return DUMP_FAILED;
  }
  db_close(p);
  sqlite3 *pDb = NULL;
  long long nRow = 0;
  int rc = DUMP_FAILED;
  if (sqlite3_open_v2(zDb, &pDb, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
      sqlite3_exec(pDb, "PRAGMA synchronous = OFF; BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK) {
    rc = dump_load(pDb, z, n, &nRow, zErr, sizeof(zErr));
    if (!rc && merge_check_samples(pDb, NULL, zErr, sizeof(zErr))) rc = DUMP_REFUSED;
    if (rc) eprintf("dbtool %s: %s: %s; nothing loaded\n", zCmd, zName, zErr);
    else if (sqlite3_exec(pDb, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) rc = DUMP_FAILED;
  }
  if (rc == DUMP_FAILED && !zErr[0])
    eprintf("dbtool %s: %s: %s (SQLite %s)\n", zCmd, zDb, pDb ? sqlite3_errmsg(pDb) : "cannot open",
            sqlite3_libversion());
  if (rc == DUMP_FAILED && zErr[0] && pDb && sqlite3_errcode(pDb) == SQLITE_FULL) zErr[0] = 0;
  if (sqlite3_close(pDb) != SQLITE_OK && !rc) rc = DUMP_FAILED;
  return rc;
}

/* `dbtool load SQLFILE DB`: DB made from the dump SQLFILE ("-": standard
** input), built beside it as DB.load-PID.tmp and renamed in only once whole,
** so that a killed load leaves no database a later `make` would trust, and
** never over a DB made meanwhile (a rename that does not replace). 0; 1
** failed; 2 usage or DB exists (or was made meanwhile); 4 the text is not a
** dump. */
static int load_cmd(const char *zSqlFile, const char *zDb) {
  struct stat st;
  char zTmp[4200];
  if (!zDb[0] || lstat(zDb, &st) == 0) {
    eprintf("dbtool load: '%s' %s: load makes a new database (dbtool merge adds to one)\n", zDb,
            zDb[0] ? "exists" : "is no name");
    return 2;
  }
  if (temp_name(zDb, "load", zTmp, sizeof(zTmp))) {
    eprintf("dbtool load: '%.100s...': path too long\n", zDb);
    return 2;
  }
  size_t n = 0;
  char *z = read_file(zSqlFile, &n);
  if (!z) {
    eprintf("dbtool load: cannot read '%s'\n", zSqlFile);
    return 1;
  }
  merge_remove_stale(zDb, "load");
  merge_remove_db(zTmp);
  int rc = load_into(zTmp, z, n, "load", zSqlFile);
  free(z);
  /* Never over a database made meanwhile (another load, a measurement). */
  if (!rc && merge_rename_noreplace(zTmp, zDb) != 0) {
    if (errno == EEXIST) {
      eprintf("dbtool load: '%s' was made by another process meanwhile: it is kept as it is, nothing loaded\n", zDb);
      rc = 2;
    } else {
      eprintf("dbtool load: cannot rename the database to '%s': %s\n", zDb, strerror(errno));
      rc = 1;
    }
  }
  merge_remove_db(zTmp);
  return rc;
}

/* The longest text a report's copy keeps of a value (characters): the
** project's longest is a command line of about 300; a longer one (a 300 KB
** GPU name) is cut, with an ellipsis, so that it cannot stall every table
** and figure the report makes of it. */
#define SNAPSHOT_MAX_CHARS 1000

/* The text z (n bytes) as a report's copy holds it into zOut (NULL: only
** whether it differs), its length in *pnOut: every control character but
** tab, newline and carriage return (C0, DEL, C1: figure data separates its
** fields with some) made '?', every bidirectional or invisible format
** character (merge_is_format_char) dropped, and cut after nCap characters
** (0: no cap) with an ellipsis. Bytes that are not UTF-8 (which the checks
** before refuse) are made '?'. Whether it differs from z. */
static int clean_text(const unsigned char *z, size_t n, int nCap, unsigned char *zOut, size_t *pnOut) {
  size_t j = 0;
  int bDiffer = 0, nChar = 0;
  for (size_t i = 0; i < n;) {
    unsigned cp = '?';
    int k = dump_utf8_char(z + i, n - i, &cp);
    if (nCap && nChar == nCap) {
      if (zOut) memcpy(zOut + j, "\xe2\x80\xa6", 3); /* U+2026 */
      j += 3;
      bDiffer = 1;
      break;
    }
    if (k == 0 || (cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') || (cp >= 0x7f && cp < 0xa0)) {
      if (zOut) zOut[j] = '?';
      j++;
      nChar++;
      bDiffer = 1;
    } else if (merge_is_format_char(cp)) {
      bDiffer = 1;
    } else {
      if (zOut) memcpy(zOut + j, z + i, (size_t)k);
      j += (size_t)k;
      nChar++;
    }
    i += k ? (size_t)k : 1;
  }
  if (pnOut) *pnOut = j;
  return bDiffer;
}

/* SQL functions snapshot_text(x, cap) (x as clean_text makes it) and
** snapshot_text_differs(x, cap); a value other than text is as it is. */
static void snapshot_text_func(sqlite3_context *ctx, int nArg, sqlite3_value **apArg) {
  (void)nArg;
  int bDiffers = sqlite3_user_data(ctx) != NULL;
  if (sqlite3_value_type(apArg[0]) != SQLITE_TEXT) {
    if (bDiffers) sqlite3_result_int(ctx, 0);
    else sqlite3_result_value(ctx, apArg[0]);
    return;
  }
  const unsigned char *z = sqlite3_value_text(apArg[0]);
  size_t n = (size_t)sqlite3_value_bytes(apArg[0]), nOut = 0;
  int nCap = sqlite3_value_int(apArg[1]);
  if (bDiffers) {
    sqlite3_result_int(ctx, clean_text(z, n, nCap, NULL, NULL));
    return;
  }
  unsigned char *zOut = sqlite3_malloc64(n + 4);
  if (!zOut) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  clean_text(z, n, nCap, zOut, &nOut);
  sqlite3_result_text64(ctx, (const char *)zOut, nOut, sqlite3_free, SQLITE_UTF8);
}

/* The text of every table of the copy pDb as clean_text makes it; the
** samples texts (result_sample.ns, reference_timing.ns: hundreds of KB of
** digits and spaces, checked before by merge_check_samples) never cut. 0, or
** an exit status with one line printed: 4 where two values of a UNIQUE
** column become one. */
static int clean_copy(sqlite3 *pDb, const char *zSrc) {
/* The cap of column c of table t: none for a samples text. */
#define CAP "CASE WHEN c.name = 'ns' AND t.name IN ('result_sample', 'reference_timing') THEN 0 ELSE ?1 END"
  sqlite3_stmt *s = NULL;
  int rc = 1;
  if (sqlite3_create_function(pDb, "snapshot_text", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, snapshot_text_func,
                              NULL, NULL) != SQLITE_OK ||
      sqlite3_create_function(pDb, "snapshot_text_differs", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, (void *)1,
                              snapshot_text_func, NULL, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2(pDb,
                         "SELECT printf('UPDATE main.\"%w\" SET %s WHERE %s', t.name,"
                         "  group_concat(printf('\"%w\" = snapshot_text(\"%w\", %d)', c.name, c.name, " CAP "), ', '),"
                         "  group_concat(printf('(typeof(\"%w\") = ''text'' AND snapshot_text_differs(\"%w\", %d))',"
                         "    c.name, c.name, " CAP "), ' OR '))"
                         " FROM (SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%') t,"
                         "  pragma_table_info(t.name) c"
                         " GROUP BY t.name", -1, &s, NULL) != SQLITE_OK) {
    eprintf("dbtool snapshot: %s\n", sqlite3_errmsg(pDb));
    sqlite3_finalize(s);
    return 1;
  }
  sqlite3_bind_int(s, 1, SNAPSHOT_MAX_CHARS);
  int rcExec = sqlite3_exec(pDb, "BEGIN", NULL, NULL, NULL);
  while (rcExec == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
    rcExec = sqlite3_exec(pDb, (const char *)sqlite3_column_text(s, 0), NULL, NULL, NULL);
  sqlite3_finalize(s);
  if (rcExec == SQLITE_OK) rcExec = sqlite3_exec(pDb, "COMMIT", NULL, NULL, NULL);
  if (rcExec == SQLITE_OK) return 0;
  if ((sqlite3_extended_errcode(pDb) & 0xff) == SQLITE_CONSTRAINT) {
    eprintf("dbtool snapshot: '%s': two texts differ only in control or format characters, or past %d characters"
            " (%s): refused\n", zSrc, SNAPSHOT_MAX_CHARS, sqlite3_errmsg(pDb));
    rc = 4;
  } else eprintf("dbtool snapshot: cannot clean the copy's text: %s\n", sqlite3_errmsg(pDb));
  if (!sqlite3_get_autocommit(pDb)) sqlite3_exec(pDb, "ROLLBACK", NULL, NULL, NULL);
  return rc;
}

/* The rows of the tables a dump holds (the project's measurement tables)
** of the checked source zSrc (merge_open_checked passed it) into pDb, which
** holds the schema as data/schema.sql makes it: the columns both have, ids
** kept, values as they are; the source attached read-only (as merge opens
** it) to a connection that runs none of its triggers or views. 0, or an
** exit status with one line printed: 4 where the rows break the schema's
** constraints (the source's own tables allowed them). */
static int copy_rows(const char *zSrc, sqlite3 *pDb) {
  char zUri[4200];
  sqlite3_stmt *pAttach = NULL;
  merge_source_uri(zSrc, zUri, sizeof(zUri));
  sqlite3_db_config(pDb, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
  sqlite3_db_config(pDb, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
  sqlite3_db_config(pDb, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, (int *)0);
  sqlite3_db_config(pDb, SQLITE_DBCONFIG_ENABLE_VIEW, 0, (int *)0);
  if (sqlite3_prepare_v2(pDb, "ATTACH ?1 AS src", -1, &pAttach, NULL) != SQLITE_OK ||
      sqlite3_bind_text(pAttach, 1, zUri, -1, SQLITE_STATIC) != SQLITE_OK || sqlite3_step(pAttach) != SQLITE_DONE) {
    eprintf("dbtool snapshot: cannot read '%s': %s\n", zSrc, sqlite3_errmsg(pDb));
    sqlite3_finalize(pAttach);
    return 1;
  }
  sqlite3_finalize(pAttach);
  int rc = sqlite3_exec(pDb, "BEGIN", NULL, NULL, NULL) == SQLITE_OK ? 0 : 1;
  for (int t = 0; !rc && dump_table_name(t); t++) {
    const char *zTable = dump_table_name(t);
    sqlite3_stmt *s = NULL;
    /* The columns of the schema's table that the source's has too. */
    if (sqlite3_prepare_v2(pDb, "SELECT group_concat(printf('\"%w\"', m.name), ', ') FROM pragma_table_info(?1, 'main') m"
                           " WHERE m.name IN (SELECT name FROM pragma_table_info(?1, 'src'))", -1, &s, NULL) != SQLITE_OK ||
        sqlite3_bind_text(s, 1, zTable, -1, SQLITE_STATIC) != SQLITE_OK || sqlite3_step(s) != SQLITE_ROW) {
      eprintf("dbtool snapshot: '%s': table '%s': %s\n", zSrc, zTable, sqlite3_errmsg(pDb));
      rc = 1;
    }
    const char *zCols = rc ? NULL : (const char *)sqlite3_column_text(s, 0);
    if (zCols) {
      char *zCopy = sqlite3_mprintf("INSERT INTO main.\"%w\"(%s) SELECT %s FROM src.\"%w\"", zTable, zCols, zCols, zTable);
      if (!zCopy || sqlite3_exec(pDb, zCopy, NULL, NULL, NULL) != SQLITE_OK) {
        int bConstraint = (sqlite3_extended_errcode(pDb) & 0xff) == SQLITE_CONSTRAINT;
        eprintf("dbtool snapshot: '%s': the rows of table '%s' %s (%s)\n", zSrc, zTable,
                bConstraint ? "break data/schema.sql's constraints" : "cannot be copied", sqlite3_errmsg(pDb));
        rc = bConstraint ? 4 : 1;
      }
      sqlite3_free(zCopy);
    }
    sqlite3_finalize(s);
  }
  if (!rc && sqlite3_exec(pDb, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
    eprintf("dbtool snapshot: %s\n", sqlite3_errmsg(pDb));
    rc = 1;
  }
  if (rc && !sqlite3_get_autocommit(pDb)) sqlite3_exec(pDb, "ROLLBACK", NULL, NULL, NULL);
  if (sqlite3_exec(pDb, "DETACH src", NULL, NULL, NULL) != SQLITE_OK && !rc) {
    eprintf("dbtool snapshot: %s\n", sqlite3_errmsg(pDb));
    rc = 1;
  }
  return rc;
}

/* `dbtool snapshot SRC OUT`: the report's copy, built as OUT.snapshot-PID.tmp
** and renamed over OUT only when whole and checked (OUT is untouched
** otherwise). The copy is made from data/schema.sql (its tables, indexes and
** views, whatever SRC defines) and holds SRC's rows of the project's
** measurement tables, their text cleaned (clean_text). 0; 1 failed; 2 usage
** (SRC and OUT one file); 4 refused. */
static int snapshot_cmd(const char *zSrc, const char *zOut) {
  size_t nSrc = strlen(zSrc);
  sqlite3 *pSrc = NULL, *pDb = NULL;
  char zTmp[4200], zErr[400];
  struct stat stSrc, stOut;
  int rc = 1;
  if (stat(zSrc, &stSrc) != 0 || access(zSrc, R_OK) != 0) {
    eprintf("dbtool snapshot: cannot read '%s'\n", zSrc);
    return 1;
  }
  if (stat(zOut, &stOut) == 0 && stOut.st_dev == stSrc.st_dev && stOut.st_ino == stSrc.st_ino) {
    eprintf("dbtool snapshot: '%s' and '%s' are one file: the copy needs another name\n", zSrc, zOut);
    return 2;
  }
  if (!zOut[0] || temp_name(zOut, "snapshot", zTmp, sizeof(zTmp))) {
    eprintf("dbtool snapshot: '%.100s': no name, or too long\n", zOut);
    return 2;
  }
  merge_remove_stale(zOut, "snapshot");
  merge_remove_db(zTmp);
  if (nSrc > 4 && !strcmp(zSrc + nSrc - 4, ".sql")) {
    size_t n = 0;
    char *zSql = read_file(zSrc, &n);
    if (!zSql) {
      eprintf("dbtool snapshot: cannot read '%s'\n", zSrc);
      return 1;
    }
    rc = load_into(zTmp, zSql, n, "snapshot", zSrc);
    free(zSql);
    if (rc) goto done;
    rc = 1;
  } else {
    /* Read as merge reads an input (read-only, defensive, checked); its rows
    ** copied into a new file with the schema: nothing of SRC's own
    ** definitions (tables, indexes, views, triggers) comes with them. */
    rc = merge_open_checked(zSrc, MERGE_OPEN_ALLOW_TRIGGER, &pSrc, zErr, sizeof(zErr));
    if (rc) {
      eprintf("dbtool snapshot: %s\n", zErr);
      goto done;
    }
    db *p = db_open(zTmp, zErr, sizeof(zErr));
    if (!p) {
      eprintf("dbtool snapshot: %s\n", zErr);
      rc = 1;
      goto done;
    }
    db_close(p);
    sqlite3_close(pSrc);
    pSrc = NULL;
    if (sqlite3_open_v2(zTmp, &pDb, SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI, NULL) != SQLITE_OK) {
      eprintf("dbtool snapshot: %s: %s\n", zTmp, sqlite3_errmsg(pDb));
      rc = 1;
      goto done;
    }
    rc = copy_rows(zSrc, pDb);
    if (rc) goto done;
    rc = 1;
  }
  if (!pDb && sqlite3_open_v2(zTmp, &pDb, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
    eprintf("dbtool snapshot: %s: %s\n", zTmp, sqlite3_errmsg(pDb));
    goto done;
  }
  sqlite3_db_config(pDb, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
  sqlite3_db_config(pDb, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, (int *)0);
  sqlite3_db_config(pDb, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
  rc = clean_copy(pDb, zSrc);
  if (rc) goto done;
  rc = 1;
  sqlite3_close(pDb);
  pDb = NULL;
  /* The schema's tables and views, as data/schema.sql makes them. */
  db *p = db_open(zTmp, zErr, sizeof(zErr));
  if (!p) {
    eprintf("dbtool snapshot: %s\n", zErr);
    if (strstr(zErr, "refusing") || strstr(zErr, "corrupt")) rc = 4;
    goto done;
  }
  db_close(p);
  long long nComplete = -1;
  sqlite3_stmt *s = NULL;
  if (sqlite3_open_v2(zTmp, &pDb, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
      sqlite3_exec(pDb, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL) == SQLITE_OK &&
      sqlite3_prepare_v2(pDb, "SELECT count(*) FROM run WHERE status = 'complete'", -1, &s, NULL) == SQLITE_OK &&
      sqlite3_step(s) == SQLITE_ROW)
    nComplete = sqlite3_column_int64(s, 0);
  sqlite3_finalize(s);
  if (nComplete < 0) {
    eprintf("dbtool snapshot: %s: %s\n", zTmp, sqlite3_errmsg(pDb));
    goto done;
  }
  if (nComplete == 0) {
    eprintf("dbtool snapshot: '%s' holds no complete run: nothing to report (measure first,"
            " or name another DB)\n", zSrc);
    rc = 4;
    goto done;
  }
  if (sqlite3_close(pDb) != SQLITE_OK) goto done;
  pDb = NULL;
  if (rename(zTmp, zOut) != 0) {
    eprintf("dbtool snapshot: cannot rename the copy to '%s': %s\n", zOut, strerror(errno));
    goto done;
  }
  rc = 0;
done:
  sqlite3_close(pSrc);
  sqlite3_close(pDb);
  merge_remove_db(zTmp);
  return rc;
}

/* A run's key across databases: its run_uuid, or where it has none its
** study, binary, start and host (SQL over a row of run named r). */
#define RUN_KEY "coalesce(r.run_uuid, printf('%s|%s|%s|%s', r.study, r.binary, r.started_utc, r.host))"

/* The samples in a result_sample.ns text (SQL over a row named x): its
** space-separated values, as samples_count() counts those of a sound text. */
#define NS_COUNT "(length(x.ns) - length(replace(x.ns, ' ', '')) + 1)"

/* Per run of p (by RUN_KEY): its status into pMem's temp.zStatus(k, status),
** and its rows in every table the dump holds that names a run or a result
** (results, result_sample, counters, ...) into pMem's temp.zCount(k, what,
** n), what being 'TABLE rows'; for result_sample also the samples its texts
** hold ('result_sample samples'), so that a text cut short counts as less.
** 0, or -1 with one line printed. */
static int run_facts(sqlite3 *p, sqlite3 *pMem, const char *zStatus, const char *zCount) {
  sqlite3_stmt *s = NULL, *pIns = NULL;
  int rc = 0;
  char *zIns = sqlite3_mprintf("INSERT OR IGNORE INTO temp.\"%w\" VALUES(?1, ?2)", zStatus);
  if (!zIns || sqlite3_prepare_v2(pMem, zIns, -1, &pIns, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2(p, "SELECT " RUN_KEY ", r.status FROM main.run r ORDER BY r.run_id", -1, &s, NULL) != SQLITE_OK)
    rc = -1;
  while (!rc && sqlite3_step(s) == SQLITE_ROW) {
    if (sqlite3_bind_value(pIns, 1, sqlite3_column_value(s, 0)) != SQLITE_OK ||
        sqlite3_bind_value(pIns, 2, sqlite3_column_value(s, 1)) != SQLITE_OK || sqlite3_step(pIns) != SQLITE_DONE)
      rc = -1;
    sqlite3_reset(pIns);
  }
  sqlite3_finalize(s);
  sqlite3_finalize(pIns);
  sqlite3_free(zIns);
  s = pIns = NULL;
  zIns = sqlite3_mprintf("INSERT INTO temp.\"%w\" VALUES(?1, ?2, ?3)", zCount);
  if (!rc && (!zIns || sqlite3_prepare_v2(pMem, zIns, -1, &pIns, NULL) != SQLITE_OK)) rc = -1;
  for (int t = 0; !rc && dump_table_name(t); t++) {
    const char *zTable = dump_table_name(t);
    if (!strcmp(zTable, "run")) continue;
    /* How its rows name their run: run_id, or result_id through result. */
    sqlite3_stmt *q = NULL;
    int bRun = 0, bResult = 0;
    if (sqlite3_prepare_v2(pMem, "SELECT name FROM pragma_table_info(?1)", -1, &q, NULL) == SQLITE_OK &&
        sqlite3_bind_text(q, 1, zTable, -1, SQLITE_STATIC) == SQLITE_OK)
      while (sqlite3_step(q) == SQLITE_ROW) {
        const char *zCol = (const char *)sqlite3_column_text(q, 0);
        bRun |= !strcmp(zCol, "run_id");
        bResult |= !strcmp(zCol, "result_id") && strcmp(zTable, "result");
      }
    sqlite3_finalize(q);
    if (!bRun && !bResult) continue;
    /* A table the database lacks has no rows. */
    sqlite3_stmt *e = NULL;
    int bHave = sqlite3_prepare_v2(p, "SELECT 1 FROM main.sqlite_schema WHERE type = 'table' AND name = ?1", -1, &e,
                                   NULL) == SQLITE_OK && sqlite3_bind_text(e, 1, zTable, -1, SQLITE_STATIC) ==
                SQLITE_OK && sqlite3_step(e) == SQLITE_ROW;
    sqlite3_finalize(e);
    if (!bHave) continue;
    const int bSamples = !strcmp(zTable, "result_sample");
    char *zSql = sqlite3_mprintf("SELECT %s, count(*), %s FROM main.\"%w\" x %s GROUP BY 1", RUN_KEY,
                                 bSamples ? "sum(" NS_COUNT ")" : "NULL", zTable,
                                 bRun ? "JOIN main.run r ON r.run_id = x.run_id"
                                      : "JOIN main.result s ON s.result_id = x.result_id"
                                        " JOIN main.run r ON r.run_id = s.run_id");
    char *zRows = sqlite3_mprintf("%s rows", zTable), *zNs = sqlite3_mprintf("%s samples", zTable);
    if (!zSql || !zRows || !zNs || sqlite3_prepare_v2(p, zSql, -1, &s, NULL) != SQLITE_OK) rc = -1;
    while (!rc && sqlite3_step(s) == SQLITE_ROW)
      for (int c = 1; !rc && c <= 1 + bSamples; c++) {
        if (sqlite3_bind_value(pIns, 1, sqlite3_column_value(s, 0)) != SQLITE_OK ||
            sqlite3_bind_text(pIns, 2, c == 1 ? zRows : zNs, -1, SQLITE_STATIC) != SQLITE_OK ||
            sqlite3_bind_value(pIns, 3, sqlite3_column_value(s, c)) != SQLITE_OK || sqlite3_step(pIns) != SQLITE_DONE)
          rc = -1;
        sqlite3_reset(pIns);
      }
    sqlite3_finalize(s);
    s = NULL;
    sqlite3_free(zSql);
    sqlite3_free(zRows);
    sqlite3_free(zNs);
  }
  if (rc) eprintf("dbtool dump: comparing the runs: %s\n", sqlite3_errmsg(sqlite3_errcode(p) ? p : pMem));
  sqlite3_finalize(pIns);
  sqlite3_free(zIns);
  return rc;
}

/* Whether the dump about to be written (the rows of pIn) keeps what the dump
** zOld (a previous `make dump`) holds: every run (by RUN_KEY), a finished
** run's status unchanged, and no fewer rows per run in any table that names
** a run or a result (results, result_sample, counters), nor fewer samples in
** a run's result_sample texts. 0 if so; exit 5 with one line naming the runs
** if not (runs dropped first); a zOld that is not a dump is 4. */
static int dump_check_kept(sqlite3 *pIn, const char *zOld) {
  size_t n = 0;
  char *z = read_file(zOld, &n), zErr[400];
  sqlite3 *pMem = NULL;
  sqlite3_stmt *s = NULL;
  long long nRow = 0;
  int rc = 1;
  if (!z) {
    eprintf("dbtool dump: cannot read '%s'\n", zOld);
    return 1;
  }
  if (sqlite3_open(":memory:", &pMem) != SQLITE_OK || sqlite3_exec(pMem, db_schema_sql, NULL, NULL, NULL) != SQLITE_OK ||
      sqlite3_exec(pMem, "BEGIN; CREATE TEMP TABLE old_run(k TEXT PRIMARY KEY, status TEXT);"
                         " CREATE TEMP TABLE new_run(k TEXT PRIMARY KEY, status TEXT);"
                         " CREATE TEMP TABLE old_n(k TEXT, what TEXT, n INTEGER);"
                         " CREATE TEMP TABLE new_n(k TEXT, what TEXT, n INTEGER)", NULL, NULL, NULL) != SQLITE_OK) {
    eprintf("dbtool dump: the compiled-in schema: %s\n", sqlite3_errmsg(pMem));
    goto done;
  }
  rc = dump_load(pMem, z, n, &nRow, zErr, sizeof(zErr));
  if (rc) {
    eprintf("dbtool dump: the dump it would replace is not one (FORCE=1 replaces it): %s\n", zErr);
    goto done;
  }
  rc = 1;
  if (run_facts(pMem, pMem, "old_run", "old_n") || run_facts(pIn, pMem, "new_run", "new_n")) goto done;
  /* Runs dropped. */
  if (sqlite3_prepare_v2(pMem,
      "SELECT count(*), group_concat(what, '; ') FROM (SELECT printf('%s on %s, started %s', r.study,"
      " coalesce(d.name, '?'), r.started_utc) AS what FROM run r LEFT JOIN device d USING (device_id)"
      " WHERE " RUN_KEY " NOT IN (SELECT k FROM temp.new_run) ORDER BY r.run_id)", -1, &s, NULL) != SQLITE_OK ||
      sqlite3_step(s) != SQLITE_ROW) {
    eprintf("dbtool dump: comparing the runs: %s\n", sqlite3_errmsg(pMem));
    goto done;
  }
  long long nDrop = sqlite3_column_int64(s, 0);
  if (nDrop > 0) {
    const char *zWhat = (const char *)sqlite3_column_text(s, 1);
    eprintf("dbtool dump: it would drop %lld runs that the dump it replaces holds (FORCE=1 replaces it"
            " anyway): %.300s%s\n", nDrop, zWhat ? zWhat : "", zWhat && strlen(zWhat) > 300 ? " ..." : "");
    rc = 5;
    goto done;
  }
  sqlite3_finalize(s);
  s = NULL;
  /* Runs kept with less: a finished run's status changed, fewer rows. */
  if (sqlite3_prepare_v2(pMem,
      "WITH loss(k, what) AS ("
      "  SELECT k, printf('status %s -> %s', o.status, w.status) FROM temp.old_run o JOIN temp.new_run w USING (k)"
      "  WHERE o.status <> 'running' AND w.status IS NOT o.status"
      "  UNION ALL"
      "  SELECT o.k, printf('%s %d -> %d', o.what, o.n, coalesce(w.n, 0))"
      "  FROM (SELECT k, what, sum(n) AS n FROM temp.old_n GROUP BY k, what) o"
      "  LEFT JOIN (SELECT k, what, sum(n) AS n FROM temp.new_n GROUP BY k, what) w USING (k, what)"
      "  WHERE coalesce(w.n, 0) < o.n),"
      " per_run AS (SELECT r.run_id, printf('run %s (%s on %s, started %s): %s', l.k, r.study, coalesce(d.name, '?'),"
      "  r.started_utc, group_concat(l.what, ', ')) AS what FROM loss l JOIN run r ON " RUN_KEY " = l.k"
      "  LEFT JOIN device d USING (device_id) GROUP BY l.k)"
      " SELECT count(*), group_concat(what, '; ') FROM (SELECT what FROM per_run ORDER BY run_id)", -1, &s, NULL)
      != SQLITE_OK || sqlite3_step(s) != SQLITE_ROW) {
    eprintf("dbtool dump: comparing the runs: %s\n", sqlite3_errmsg(pMem));
    goto done;
  }
  long long nLess = sqlite3_column_int64(s, 0);
  rc = 0;
  if (nLess > 0) {
    const char *zWhat = (const char *)sqlite3_column_text(s, 1);
    eprintf("dbtool dump: it would keep less of %lld runs than the dump it replaces holds (FORCE=1 replaces it"
            " anyway): %.300s%s\n", nLess, zWhat ? zWhat : "", zWhat && strlen(zWhat) > 300 ? " ..." : "");
    rc = 5;
  }
done:
  sqlite3_finalize(s);
  sqlite3_close(pMem);
  free(z);
  return rc;
}

/* `dbtool dump [--against OLD.sql] [--name NAME] DB OUT`: the rows of DB's
** project tables as a dump (experiments/tools/dumpfile.c), every sample,
** read as merge reads an input and inside one read transaction, so that a
** run writing meanwhile is in it whole or not at all. 0; 1 writing failed;
** 2 usage; 4 DB refused (not the project's, corrupt, hostile, no complete
** run); 5 the dump would hold less than OLD (dump_check_kept: a run dropped,
** a finished run's status changed, fewer rows or samples of a run). */
static int dump_cmd(int argc, char **argv) {
  const char *zOld = NULL, *zName = NULL, *zDb = NULL, *zOut = NULL;
  for (int i = 2; i < argc; i++) {
    if (!strcmp(argv[i], "--samples")) {
      fputs("dbtool dump: --samples is gone: a dump holds every sample (table result_sample)\n", stderr);
      return 2;
    } else if (!strcmp(argv[i], "--against") && i + 1 < argc) zOld = argv[++i];
    else if (!strcmp(argv[i], "--name") && i + 1 < argc) zName = argv[++i];
    else if (argv[i][0] == '-' && argv[i][1]) {
      eprintf("dbtool dump: unknown option '%s' (dbtool --help)\n", argv[i]);
      return 2;
    } else if (!zDb) zDb = argv[i];
    else if (!zOut) zOut = argv[i];
    else {
      fputs("dbtool dump: usage: dbtool dump [--against OLD.sql] [--name NAME] DB OUT (dbtool --help)\n", stderr);
      return 2;
    }
  }
  if (!zDb || !zOut) {
    fputs("dbtool dump: usage: dbtool dump [--against OLD.sql] [--name NAME] DB OUT (dbtool --help)\n", stderr);
    return 2;
  }
  char zErr[400];
  sqlite3 *pIn = NULL;
  int rc = merge_open_checked(zDb, 0, &pIn, zErr, sizeof(zErr));
  if (rc) {
    eprintf("dbtool dump: %s\n", zErr);
    return rc == MERGE_REFUSED ? 4 : 1;
  }
  sqlite3_stmt *s = NULL;
  long long nComplete = -1;
  if (sqlite3_exec(pIn, "BEGIN", NULL, NULL, NULL) == SQLITE_OK &&
      sqlite3_prepare_v2(pIn, "SELECT count(*) FROM main.run WHERE status = 'complete'", -1, &s, NULL) == SQLITE_OK &&
      sqlite3_step(s) == SQLITE_ROW)
    nComplete = sqlite3_column_int64(s, 0);
  sqlite3_finalize(s);
  if (nComplete <= 0) {
    if (nComplete < 0) eprintf("dbtool dump: %s: %s\n", zDb, sqlite3_errmsg(pIn));
    else eprintf("dbtool dump: '%s' holds no complete run\n", zDb);
    sqlite3_close(pIn);
    return nComplete < 0 ? 1 : 4;
  }
  rc = zOld ? dump_check_kept(pIn, zOld) : 0;
  if (!rc) {
    FILE *f = fopen(zOut, "w");
    if (!f || dump_write(pIn, f, zName ? zName : zOut, zDb, zErr, sizeof(zErr)) || fclose(f) != 0) {
      eprintf("dbtool dump: %s: %s\n", zOut, f ? zErr[0] ? zErr : "cannot write it" : strerror(errno));
      rc = 1;
    }
  }
  sqlite3_exec(pIn, "COMMIT", NULL, NULL, NULL);
  sqlite3_close(pIn);
  return rc;
}

/* Dispatch the subcommand. */
int main(int argc, char **argv) {
  if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    fputs(zHelp, stdout);
    return 0;
  }
  if (argc >= 2 && !strcmp(argv[1], "merge")) return merge_cmd(argc, argv);
  if (argc >= 2 && !strcmp(argv[1], "resources")) return resources_cmd(argc, argv);
  if (argc >= 2 && !strcmp(argv[1], "dump")) return dump_cmd(argc, argv);
  if (argc >= 2 && !strcmp(argv[1], "snapshot")) {
    if (argc != 4) {
      fputs("dbtool snapshot: usage: dbtool snapshot SRC OUT (dbtool --help)\n", stderr);
      return 2;
    }
    return snapshot_cmd(argv[2], argv[3]);
  }
  if (argc == 4 && !strcmp(argv[1], "load")) return load_cmd(argv[2], argv[3]);
  if (argc != 4 || strcmp(argv[1], "exec")) {
    fputs(zHelp, stderr);
    return 2;
  }
  /* exec: SQL text from the command line (the caller's own), in DB. */
  char zErr[400];
  db *p = db_open(argv[2], zErr, sizeof(zErr));
  if (!p) {
    eprintf("dbtool: %s\n", zErr);
    return 1;
  }
  db_close(p);
  sqlite3 *pDb = NULL;
  int rc = sqlite3_open_v2(argv[2], &pDb, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK;
  if (!rc) sqlite3_busy_timeout(pDb, 60000);
  if (!rc) rc = sqlite3_exec(pDb, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK;
  if (!rc) rc = sqlite3_exec(pDb, argv[3], NULL, NULL, NULL) != SQLITE_OK;
  if (!rc) rc = sqlite3_exec(pDb, "COMMIT", NULL, NULL, NULL) != SQLITE_OK;
  if (rc) {
    eprintf("dbtool: %s: %s (SQLite %s)\n", argv[2], pDb ? sqlite3_errmsg(pDb) : "cannot open",
            sqlite3_libversion());
    if (pDb && !sqlite3_get_autocommit(pDb)) sqlite3_exec(pDb, "ROLLBACK", NULL, NULL, NULL);
  }
  sqlite3_close(pDb);
  return rc ? 1 : 0;
}

