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
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    "       dbtool merge A.db [B.db ...] -o OUT.db\n"
    "                                add every finished run of the inputs that OUT lacks (by run\n"
    "                                UUID), ids renumbered; OUT's own runs are kept. Inputs are\n"
    "                                untrusted: read-only, defensive, checked. Exit 0; 1 writing\n"
    "                                failed; 2 usage; 4 an input refused (one line, nothing written)\n";

/* `dbtool merge A.db ... -o OUT`. */
static int merge_cmd(int argc, char **argv) {
  const char *zOut = NULL;
  const char **azIn = calloc((size_t)argc, sizeof(*azIn));
  int nIn = 0;
  for (int i = 2; azIn && i < argc; i++) {
    if (!strcmp(argv[i], "-o") && i + 1 < argc && !zOut) zOut = argv[++i];
    else if (argv[i][0] == '-' && argv[i][1]) { zOut = NULL; break; }
    else azIn[nIn++] = argv[i];
  }
  if (!azIn || !zOut || nIn == 0) {
    fputs(zHelp, stderr);
    free(azIn);
    return 2;
  }
  char zErr[512];
  int rc = merge_main(azIn, nIn, zOut, zErr, sizeof(zErr));
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

/* Dispatch the subcommand. */
int main(int argc, char **argv) {
  char zErr[256];
  if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    fputs(zHelp, stdout);
    return 0;
  }
  if (argc >= 2 && !strcmp(argv[1], "merge")) return merge_cmd(argc, argv);
  if (argc >= 2 && !strcmp(argv[1], "resources")) return resources_cmd(argc, argv);
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
  /* Create the file and the schema through the harness, then load on a
  ** plain connection: all or nothing, so a dump that fails part-way leaves
  ** the database as it was. */
  db *p = db_open(zDb, zErr, sizeof(zErr));
  if (!p) {
    fprintf(stderr, "dbtool: %s\n", zErr);
    free(zSql);
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
  free(zSql);
  return rc ? 1 : 0;
}
