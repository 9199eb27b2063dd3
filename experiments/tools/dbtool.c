/*
** experiments/tools/dbtool.c: database chores where no sqlite3 command exists (the
** GPU machine has the SQLite library but not the shell).
**
**   dbtool load SQLFILE DB     create DB with the schema and execute SQLFILE in it
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
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "experiments/harness/db.h"
#include "experiments/harness/resources.h"
#include "experiments/tools/merge.h"

static const char zHelp[] =
    "Usage: dbtool load SQLFILE DB   create DB (schema) and execute SQLFILE in it\n"
    "       dbtool exec DB SQL       execute SQL text in DB\n"
    "       dbtool resources DB BINARY BUILD_ID LOG\n"
    "                                store the kernels of LOG (`nvcc -Xptxas -v` output of BINARY's\n"
    "                                kernels) in table kernel_resource under BUILD_ID\n"
    "       dbtool merge [--drop-unknown] A.db [B.db ...] -o OUT.db\n"
    "                                add every finished run of the inputs that OUT lacks (by run\n"
    "                                UUID), ids renumbered; OUT's own runs are kept. Inputs are\n"
    "                                untrusted: read-only, defensive, checked. Exit 0; 1 writing\n"
    "                                failed; 2 usage; 4 an input refused (one line, nothing written):\n"
    "                                one with a newer schema or unknown columns too, unless\n"
    "                                --drop-unknown (which leaves those columns out)\n"
    "       dbtool snapshot SRC OUT   OUT: a copy of SRC (a database, or a dump ending in .sql)\n"
    "                                holding only the project's tables and views; exit 4 if SRC\n"
    "                                fails its integrity check or holds no complete run\n";

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

/* Read a whole file into a NUL-terminated buffer, or NULL. */
static char *read_file(const char *zPath) {
  FILE *f = fopen(zPath, "rb");
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
  fclose(f);
  if (z) z[n] = 0;
  return z;
}

/* `dbtool resources DB BINARY BUILD_ID LOG`. */
static int resources_cmd(int argc, char **argv) {
  if (argc != 6) {
    fputs(zHelp, stderr);
    return 2;
  }
  char zErr[256];
  char *zText = read_file(argv[5]);
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

/* Create DB with the schema and run the SQL text zSql in it, all or
** nothing; 0, or 1 with one line printed. */
static int load_sql(const char *zDb, const char *zSql) {
  char zErr[256];
  /* Create the file and the schema through the harness, then load on a
  ** plain connection: all or nothing, so a dump that fails part-way leaves
  ** the database as it was. */
  db *p = db_open(zDb, zErr, sizeof(zErr));
  if (!p) {
    fprintf(stderr, "dbtool: %s\n", zErr);
    return 1;
  }
  db_close(p);
  sqlite3 *pDb = NULL;
  int rc = sqlite3_open_v2(zDb, &pDb, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK;
  if (!rc) sqlite3_busy_timeout(pDb, 60000);
  if (!rc) rc = sqlite3_exec(pDb, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK;
  if (!rc) rc = sqlite3_exec(pDb, zSql, NULL, NULL, NULL) != SQLITE_OK;
  if (!rc) rc = sqlite3_exec(pDb, "COMMIT", NULL, NULL, NULL) != SQLITE_OK;
  if (rc) {
    fprintf(stderr, "dbtool: %s: %s (SQLite %s)\n", zDb, pDb ? sqlite3_errmsg(pDb) : "cannot open",
            sqlite3_libversion());
    if (pDb && !sqlite3_get_autocommit(pDb)) sqlite3_exec(pDb, "ROLLBACK", NULL, NULL, NULL);
  }
  sqlite3_close(pDb);
  return rc ? 1 : 0;
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

/* One-line result of PRAGMA quick_check on pDb ("ok" when sound). */
static void check_db(sqlite3 *pDb, char *zCheck, size_t nCheck) {
  sqlite3_stmt *s = NULL;
  if (sqlite3_prepare_v2(pDb, "PRAGMA quick_check", -1, &s, NULL) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
    snprintf(zCheck, nCheck, "%s", (const char *)sqlite3_column_text(s, 0));
  else snprintf(zCheck, nCheck, "%s", sqlite3_errmsg(pDb));
  sqlite3_finalize(s);
  for (char *c = zCheck; *c; c++)
    if (*c == '\n') *c = ' ';
}

/* `dbtool snapshot SRC OUT`: the report's copy. 0; 1 failed; 4 refused. */
static int snapshot_cmd(const char *zSrc, const char *zOut) {
  size_t nSrc = strlen(zSrc);
  sqlite3 *pSrc = NULL, *pDb = NULL;
  char zCheck[200];
  int rc = 1;
  merge_remove_db(zOut);
  if (nSrc > 4 && !strcmp(zSrc + nSrc - 4, ".sql")) {
    char *zSql = read_file(zSrc);
    if (!zSql) {
      fprintf(stderr, "dbtool snapshot: cannot read '%s'\n", zSrc);
      return 1;
    }
    rc = load_sql(zOut, zSql);
    free(zSql);
    if (rc) goto done;
    rc = 1;
  } else {
    if (access(zSrc, R_OK) != 0) {
      fprintf(stderr, "dbtool snapshot: cannot read '%s'\n", zSrc);
      return 1;
    }
    sqlite3_backup *pBk = NULL;
    if (sqlite3_open_v2(zSrc, &pSrc, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
        sqlite3_open_v2(zOut, &pDb, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK ||
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
    check_db(pDb, zCheck, sizeof(zCheck));
    if (strcmp(zCheck, "ok")) {
      fprintf(stderr, "dbtool snapshot: '%s' fails its integrity check (%s)\n", zSrc, zCheck);
      rc = 4;
      goto done;
    }
  }
  /* Nothing of the copy's own runs: its views, triggers and other tables
  ** are dropped before anything else reads or writes it. */
  if (!pDb && sqlite3_open_v2(zOut, &pDb, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
    fprintf(stderr, "dbtool snapshot: %s: %s\n", zOut, sqlite3_errmsg(pDb));
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
  char zErr[300];
  db *p = db_open(zOut, zErr, sizeof(zErr));
  if (!p) {
    fprintf(stderr, "dbtool snapshot: %s\n", zErr);
    if (strstr(zErr, "refusing") || strstr(zErr, "corrupt")) rc = 4;
    goto done;
  }
  db_close(p);
  long long nComplete = -1;
  sqlite3_stmt *s = NULL;
  if (sqlite3_open_v2(zOut, &pDb, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
      sqlite3_exec(pDb, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL) == SQLITE_OK &&
      sqlite3_prepare_v2(pDb, "SELECT count(*) FROM run WHERE status = 'complete'", -1, &s, NULL) == SQLITE_OK &&
      sqlite3_step(s) == SQLITE_ROW)
    nComplete = sqlite3_column_int64(s, 0);
  sqlite3_finalize(s);
  if (nComplete < 0) {
    fprintf(stderr, "dbtool snapshot: %s: %s\n", zOut, sqlite3_errmsg(pDb));
    goto done;
  }
  if (nComplete == 0) {
    fprintf(stderr, "dbtool snapshot: '%s' holds no complete run: nothing to report (measure first,"
            " or name another DB)\n", zSrc);
    rc = 4;
    goto done;
  }
  rc = 0;
done:
  sqlite3_close(pSrc);
  sqlite3_close(pDb);
  if (rc) merge_remove_db(zOut);
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
  if (argc >= 2 && !strcmp(argv[1], "snapshot")) {
    if (argc != 4) {
      fputs("dbtool snapshot: usage: dbtool snapshot SRC OUT (dbtool --help)\n", stderr);
      return 2;
    }
    return snapshot_cmd(argv[2], argv[3]);
  }
  if (argc != 4 || (strcmp(argv[1], "load") && strcmp(argv[1], "exec"))) {
    fputs(zHelp, stderr);
    return 2;
  }
  int bLoad = !strcmp(argv[1], "load");
  const char *zDb = bLoad ? argv[3] : argv[2];
  char *zSql = bLoad ? read_file(argv[2]) : strdup(argv[3]);
  if (!zSql) {
    fprintf(stderr, "dbtool: cannot read '%s'\n", argv[2]);
    return 1;
  }
  int rc = load_sql(zDb, zSql);
  free(zSql);
  return rc;
}
