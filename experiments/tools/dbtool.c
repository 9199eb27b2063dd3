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
**                              a dump (SRC.sql): only the measurement tables
**                              of data/schema.sql are kept (no view, trigger
**                              or other table of SRC's), its views re-made,
**                              checked (integrity, a complete run)
**   dbtool dump DB OUT         the rows of DB as the dump `make dump` ships
**                              (every sample)
*/
#include <errno.h>
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
    "                                of literals; built beside DB and renamed in when whole. Exit 0; 1\n"
    "                                failed; 2 usage or DB exists; 4 not a dump, or an impossible\n"
    "                                sample in it (one line, nothing made)\n"
    "       dbtool exec DB SQL       execute SQL text in DB\n"
    "       dbtool resources DB BINARY BUILD_ID LOG\n"
    "                                store the kernels of LOG (`nvcc -Xptxas -v` output of BINARY's\n"
    "                                kernels) in table kernel_resource under BUILD_ID\n"
    "       dbtool merge [--drop-unknown] A.db [B.db ...] -o OUT.db\n"
    "                                add every finished run of the inputs that OUT lacks (by run\n"
    "                                UUID), ids renumbered; OUT's own runs are kept. Inputs are\n"
    "                                untrusted: read-only, defensive, checked. Exit 0; 1 writing\n"
    "                                failed; 2 usage; 3 another process has OUT open (a run still\n"
    "                                writing); 4 an input refused (one line, nothing written):\n"
    "                                one with a newer schema or unknown columns too, unless\n"
    "                                --drop-unknown (which leaves those columns out), a BLOB value,\n"
    "                                an impossible sample (0, negative, over 1e13 ns, not a whole\n"
    "                                number), or one made before every sample was stored\n"
    "       dbtool snapshot SRC OUT   OUT: a copy of SRC (a database, or a dump ending in .sql)\n"
    "                                holding only the project's tables and views, renamed over OUT\n"
    "                                when whole; exit 1 SRC unreadable, 2 SRC is OUT, 4 SRC refused\n"
    "                                (as merge refuses an input, or no complete run)\n"
    "       dbtool dump [--against OLD.sql] [--name NAME] DB OUT\n"
    "                                OUT: the rows of DB's project tables as a dump, every sample\n"
    "                                (one read transaction); exit 1 writing failed, 2 usage, 4 DB\n"
    "                                refused or without a complete run, 5 it lacks runs OLD holds\n";

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
      fprintf(stderr, "dbtool merge: unknown option '%s' (dbtool merge --help)\n", argv[i]);
      free(azIn);
      return 2;
    } else azIn[nIn++] = argv[i];
  }
  if (!zWhy && !zOut) zWhy = "no output given: add -o OUT.db";
  if (!zWhy && !zOut[0]) zWhy = "-o '': the output's name is empty";
  if (!zWhy && nIn == 0) zWhy = "no input database given";
  if (!zWhy && stat(zOut, &st) == 0 && S_ISDIR(st.st_mode)) zWhy = "-o names a directory: give a file name (-o DIR/OUT.db)";
  if (zWhy) {
    fprintf(stderr, "dbtool merge: %s (dbtool merge --help)\n", zWhy);
    free(azIn);
    return 2;
  }
  char zErr[512];
  int rc = merge_main(azIn, nIn, zOut, bDrop, zErr, sizeof(zErr));
  if (rc) fprintf(stderr, "dbtool merge: %s; nothing written\n", zErr);
  free(azIn);
  return rc;
}

/* Read a whole file ("-": standard input) into a NUL-terminated buffer
** (its length in *pn unless NULL), or NULL. */
static char *read_file(const char *zPath, size_t *pn) {
  FILE *f = strcmp(zPath, "-") ? fopen(zPath, "rb") : stdin;
  if (!f) return NULL;
  size_t n = 0, nAlloc = 1 << 16;
  char *z = malloc(nAlloc);
  while (z) {
    n += fread(z + n, 1, nAlloc - n - 1, f);
    if (n < nAlloc - 1) break;
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
    fprintf(stderr, "dbtool resources: cannot read '%s'\n", argv[5]);
    return 1;
  }
  db *p = db_open(argv[2], zErr, sizeof(zErr));
  if (!p) {
    fprintf(stderr, "dbtool resources: %s\n", zErr);
    free(zText);
    return 1;
  }
  int nKernel = 0, rc = resources_store_ptxas(zText, argv[4], argv[3], p, &nKernel);
  if (rc) fprintf(stderr, "dbtool resources: %s: %s; nothing stored\n", argv[2], db_errmsg(p));
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
    fprintf(stderr, "dbtool %s: %s\n", zCmd, zErr);
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
    if (rc) fprintf(stderr, "dbtool %s: %s: %s; nothing loaded\n", zCmd, zName, zErr);
    else if (sqlite3_exec(pDb, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) rc = DUMP_FAILED;
  }
  if (rc == DUMP_FAILED && !zErr[0])
    fprintf(stderr, "dbtool %s: %s: %s (SQLite %s)\n", zCmd, zDb, pDb ? sqlite3_errmsg(pDb) : "cannot open",
            sqlite3_libversion());
  if (rc == DUMP_FAILED && zErr[0] && pDb && sqlite3_errcode(pDb) == SQLITE_FULL) zErr[0] = 0;
  if (sqlite3_close(pDb) != SQLITE_OK && !rc) rc = DUMP_FAILED;
  return rc;
}

/* `dbtool load SQLFILE DB`: DB made from the dump SQLFILE ("-": standard
** input), built beside it as DB.load-PID.tmp and renamed in only once whole,
** so that a killed load leaves no database a later `make` would trust. 0;
** 1 failed; 2 usage or DB exists; 4 the text is not a dump. */
static int load_cmd(const char *zSqlFile, const char *zDb) {
  struct stat st;
  char zTmp[4200];
  if (!zDb[0] || lstat(zDb, &st) == 0) {
    fprintf(stderr, "dbtool load: '%s' %s: load makes a new database (dbtool merge adds to one)\n", zDb,
            zDb[0] ? "exists" : "is no name");
    return 2;
  }
  if (temp_name(zDb, "load", zTmp, sizeof(zTmp))) {
    fprintf(stderr, "dbtool load: '%.100s...': path too long\n", zDb);
    return 2;
  }
  size_t n = 0;
  char *z = read_file(zSqlFile, &n);
  if (!z) {
    fprintf(stderr, "dbtool load: cannot read '%s'\n", zSqlFile);
    return 1;
  }
  merge_remove_stale(zDb, "load");
  merge_remove_db(zTmp);
  int rc = load_into(zTmp, z, n, "load", zSqlFile);
  free(z);
  if (!rc && rename(zTmp, zDb) != 0) {
    fprintf(stderr, "dbtool load: cannot rename the database to '%s': %s\n", zDb, strerror(errno));
    rc = 1;
  }
  merge_remove_db(zTmp);
  return rc;
}

/* SQL that drops every view, every trigger and every table of pDb that is
** not one of data/schema.sql's (the schema built in memory), or NULL. */
static char *foreign_objects_sql(sqlite3 *pDb) {
  sqlite3 *pRef = NULL;
  sqlite3_stmt *s = NULL;
  char *zDrop = NULL, *zTables = NULL;
  if (sqlite3_open(":memory:", &pRef) != SQLITE_OK || sqlite3_exec(pRef, db_schema_sql, NULL, NULL, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2(pRef, "SELECT json_group_array(name) FROM sqlite_schema WHERE type = 'table'", -1, &s,
                         NULL) != SQLITE_OK || sqlite3_step(s) != SQLITE_ROW) {
    fprintf(stderr, "dbtool snapshot: the schema: %s\n", sqlite3_errmsg(pRef));
    goto done;
  }
  zTables = strdup((const char *)sqlite3_column_text(s, 0));
  sqlite3_finalize(s);
  s = NULL;
  if (!zTables ||
      sqlite3_prepare_v2(pDb, "SELECT coalesce(group_concat(printf('DROP %s IF EXISTS main.\"%w\";',"
                         " upper(type), name), ' '), '') FROM sqlite_schema WHERE type IN ('view', 'trigger')"
                         " OR (type = 'table' AND name NOT LIKE 'sqlite%' AND name NOT IN (SELECT value FROM"
                         " json_each(?1)))", -1, &s, NULL) != SQLITE_OK ||
      sqlite3_bind_text(s, 1, zTables, -1, SQLITE_STATIC) != SQLITE_OK || sqlite3_step(s) != SQLITE_ROW) {
    fprintf(stderr, "dbtool snapshot: cannot read its schema: %s\n", sqlite3_errmsg(pDb));
    goto done;
  }
  zDrop = strdup((const char *)sqlite3_column_text(s, 0));
done:
  sqlite3_finalize(s);
  sqlite3_close(pRef);
  free(zTables);
  return zDrop;
}


/* `dbtool snapshot SRC OUT`: the report's copy, built as OUT.snapshot-PID.tmp
** and renamed over OUT only when whole and checked (OUT is untouched
** otherwise). 0; 1 failed; 2 usage (SRC and OUT one file); 4 refused. */
static int snapshot_cmd(const char *zSrc, const char *zOut) {
  size_t nSrc = strlen(zSrc);
  sqlite3 *pSrc = NULL, *pDb = NULL;
  char zTmp[4200], zErr[400];
  struct stat stSrc, stOut;
  int rc = 1;
  if (stat(zSrc, &stSrc) != 0 || access(zSrc, R_OK) != 0) {
    fprintf(stderr, "dbtool snapshot: cannot read '%s'\n", zSrc);
    return 1;
  }
  if (stat(zOut, &stOut) == 0 && stOut.st_dev == stSrc.st_dev && stOut.st_ino == stSrc.st_ino) {
    fprintf(stderr, "dbtool snapshot: '%s' and '%s' are one file: the copy needs another name\n", zSrc, zOut);
    return 2;
  }
  if (!zOut[0] || temp_name(zOut, "snapshot", zTmp, sizeof(zTmp))) {
    fprintf(stderr, "dbtool snapshot: '%.100s': no name, or too long\n", zOut);
    return 2;
  }
  merge_remove_stale(zOut, "snapshot");
  merge_remove_db(zTmp);
  if (nSrc > 4 && !strcmp(zSrc + nSrc - 4, ".sql")) {
    size_t n = 0;
    char *zSql = read_file(zSrc, &n);
    if (!zSql) {
      fprintf(stderr, "dbtool snapshot: cannot read '%s'\n", zSrc);
      return 1;
    }
    rc = load_into(zTmp, zSql, n, "snapshot", zSrc);
    free(zSql);
    if (rc) goto done;
    rc = 1;
  } else {
    /* Read as merge reads an input (read-only, defensive, checked), then
    ** copied page by page. */
    rc = merge_open_checked(zSrc, MERGE_OPEN_ALLOW_TRIGGER, &pSrc, zErr, sizeof(zErr));
    if (rc) {
      fprintf(stderr, "dbtool snapshot: %s\n", zErr);
      goto done;
    }
    rc = 1;
    sqlite3_backup *pBk = NULL;
    if (sqlite3_open_v2(zTmp, &pDb, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK ||
        !(pBk = sqlite3_backup_init(pDb, "main", pSrc, "main")) || sqlite3_backup_step(pBk, -1) != SQLITE_DONE) {
      fprintf(stderr, "dbtool snapshot: cannot copy '%s': %s\n", zSrc,
              pBk ? sqlite3_errmsg(pDb) : sqlite3_errcode(pSrc) ? sqlite3_errmsg(pSrc) : sqlite3_errmsg(pDb));
      sqlite3_backup_finish(pBk);
      if (pBk) rc = 4; /* the source could not be read through */
      goto done;
    }
    sqlite3_backup_finish(pBk);
    sqlite3_close(pSrc);
    pSrc = NULL;
  }
  /* Nothing of the copy's own runs: its views, triggers and other tables
  ** are dropped before anything else reads or writes it. */
  if (!pDb && sqlite3_open_v2(zTmp, &pDb, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
    fprintf(stderr, "dbtool snapshot: %s: %s\n", zTmp, sqlite3_errmsg(pDb));
    goto done;
  }
  sqlite3_db_config(pDb, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
  sqlite3_db_config(pDb, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, (int *)0);
  sqlite3_db_config(pDb, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
  char *zDrop = foreign_objects_sql(pDb);
  if (!zDrop) goto done;
  if (sqlite3_exec(pDb, "BEGIN", NULL, NULL, NULL) != SQLITE_OK || sqlite3_exec(pDb, zDrop, NULL, NULL, NULL) != SQLITE_OK ||
      sqlite3_exec(pDb, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
    fprintf(stderr, "dbtool snapshot: cannot drop the views and tables not the project's: %s\n", sqlite3_errmsg(pDb));
    free(zDrop);
    goto done;
  }
  free(zDrop);
  sqlite3_close(pDb);
  pDb = NULL;
  /* The schema's tables and views, as data/schema.sql makes them. */
  db *p = db_open(zTmp, zErr, sizeof(zErr));
  if (!p) {
    fprintf(stderr, "dbtool snapshot: %s\n", zErr);
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
    fprintf(stderr, "dbtool snapshot: %s: %s\n", zTmp, sqlite3_errmsg(pDb));
    goto done;
  }
  if (nComplete == 0) {
    fprintf(stderr, "dbtool snapshot: '%s' holds no complete run: nothing to report (measure first,"
            " or name another DB)\n", zSrc);
    rc = 4;
    goto done;
  }
  if (sqlite3_close(pDb) != SQLITE_OK) goto done;
  pDb = NULL;
  if (rename(zTmp, zOut) != 0) {
    fprintf(stderr, "dbtool snapshot: cannot rename the copy to '%s': %s\n", zOut, strerror(errno));
    goto done;
  }
  rc = 0;
done:
  sqlite3_close(pSrc);
  sqlite3_close(pDb);
  merge_remove_db(zTmp);
  return rc;
}

/* The runs of the dump zOld (a previous `make dump`) that pIn lacks (by
** run_uuid, or study, binary, start and host where a run has none): none
** is 0; some are exit 5 with one line naming them; a zOld that is not a
** dump is 4. */
static int dump_check_kept(sqlite3 *pIn, const char *zOld) {
  size_t n = 0;
  char *z = read_file(zOld, &n), zErr[400];
  sqlite3 *pMem = NULL;
  sqlite3_stmt *s = NULL, *pIns = NULL;
  long long nRow = 0;
  int rc = 1;
  if (!z) {
    fprintf(stderr, "dbtool dump: cannot read '%s'\n", zOld);
    return 1;
  }
  if (sqlite3_open(":memory:", &pMem) != SQLITE_OK || sqlite3_exec(pMem, db_schema_sql, NULL, NULL, NULL) != SQLITE_OK ||
      sqlite3_exec(pMem, "BEGIN; CREATE TEMP TABLE have(k TEXT PRIMARY KEY)", NULL, NULL, NULL) != SQLITE_OK) {
    fprintf(stderr, "dbtool dump: the compiled-in schema: %s\n", sqlite3_errmsg(pMem));
    goto done;
  }
  rc = dump_load(pMem, z, n, &nRow, zErr, sizeof(zErr));
  if (rc) {
    fprintf(stderr, "dbtool dump: the dump it would replace is not one (FORCE=1 replaces it): %s\n", zErr);
    goto done;
  }
  rc = 1;
  static const char zKey[] = "coalesce(run_uuid, printf('%s|%s|%s|%s', study, binary, started_utc, host))";
  char zSql[300];
  snprintf(zSql, sizeof(zSql), "SELECT %s FROM main.run", zKey);
  if (sqlite3_prepare_v2(pIn, zSql, -1, &s, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2(pMem, "INSERT OR IGNORE INTO temp.have VALUES(?1)", -1, &pIns, NULL) != SQLITE_OK) {
    fprintf(stderr, "dbtool dump: reading its runs: %s\n", sqlite3_errmsg(s ? pMem : pIn));
    goto done;
  }
  while (sqlite3_step(s) == SQLITE_ROW) {
    sqlite3_bind_value(pIns, 1, sqlite3_column_value(s, 0));
    sqlite3_step(pIns);
    sqlite3_reset(pIns);
  }
  sqlite3_finalize(s);
  s = NULL;
  char *zQ = sqlite3_mprintf(
      "SELECT count(*), group_concat(what, '; ') FROM (SELECT printf('%%s on %%s, started %%s', r.study,"
      " coalesce(d.name, '?'), r.started_utc) AS what FROM run r LEFT JOIN device d USING (device_id)"
      " WHERE %s NOT IN (SELECT k FROM temp.have) ORDER BY r.run_id)", zKey);
  if (!zQ || sqlite3_prepare_v2(pMem, zQ, -1, &s, NULL) != SQLITE_OK || sqlite3_step(s) != SQLITE_ROW) {
    fprintf(stderr, "dbtool dump: comparing the runs: %s\n", sqlite3_errmsg(pMem));
    sqlite3_free(zQ);
    goto done;
  }
  sqlite3_free(zQ);
  long long nDrop = sqlite3_column_int64(s, 0);
  rc = 0;
  if (nDrop > 0) {
    const char *zWhat = (const char *)sqlite3_column_text(s, 1);
    fprintf(stderr, "dbtool dump: it would drop %lld runs that the dump it replaces holds (FORCE=1 replaces it"
            " anyway): %.300s%s\n", nDrop, zWhat ? zWhat : "", zWhat && strlen(zWhat) > 300 ? " ..." : "");
    rc = 5;
  }
done:
  sqlite3_finalize(s);
  sqlite3_finalize(pIns);
  sqlite3_close(pMem);
  free(z);
  return rc;
}

/* `dbtool dump [--against OLD.sql] [--name NAME] DB OUT`: the rows of DB's
** project tables as a dump (experiments/tools/dumpfile.c), every sample,
** read as merge reads an input and inside one read transaction, so that a
** run writing meanwhile is in it whole or not at all. 0; 1 writing failed;
** 2 usage; 4 DB refused (not the project's, corrupt, hostile, no complete
** run); 5 the dump would drop runs of OLD. */
static int dump_cmd(int argc, char **argv) {
  const char *zOld = NULL, *zName = NULL, *zDb = NULL, *zOut = NULL;
  for (int i = 2; i < argc; i++) {
    if (!strcmp(argv[i], "--samples")) {
      fputs("dbtool dump: --samples is gone: a dump holds every sample (table result_sample)\n", stderr);
      return 2;
    } else if (!strcmp(argv[i], "--against") && i + 1 < argc) zOld = argv[++i];
    else if (!strcmp(argv[i], "--name") && i + 1 < argc) zName = argv[++i];
    else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "dbtool dump: unknown option '%s' (dbtool --help)\n", argv[i]);
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
    fprintf(stderr, "dbtool dump: %s\n", zErr);
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
    if (nComplete < 0) fprintf(stderr, "dbtool dump: %s: %s\n", zDb, sqlite3_errmsg(pIn));
    else fprintf(stderr, "dbtool dump: '%s' holds no complete run\n", zDb);
    sqlite3_close(pIn);
    return nComplete < 0 ? 1 : 4;
  }
  rc = zOld ? dump_check_kept(pIn, zOld) : 0;
  if (!rc) {
    FILE *f = fopen(zOut, "w");
    if (!f || dump_write(pIn, f, zName ? zName : zOut, zDb, zErr, sizeof(zErr)) || fclose(f) != 0) {
      fprintf(stderr, "dbtool dump: %s: %s\n", zOut, f ? zErr[0] ? zErr : "cannot write it" : strerror(errno));
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
    fprintf(stderr, "dbtool: %s\n", zErr);
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
    fprintf(stderr, "dbtool: %s: %s (SQLite %s)\n", argv[2], pDb ? sqlite3_errmsg(pDb) : "cannot open",
            sqlite3_libversion());
    if (pDb && !sqlite3_get_autocommit(pDb)) sqlite3_exec(pDb, "ROLLBACK", NULL, NULL, NULL);
  }
  sqlite3_close(pDb);
  return rc ? 1 : 0;
}

