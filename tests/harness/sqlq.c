/*
** tests/harness/sqlq.c: run one SQL text on a database and print every row,
** columns separated by '|', NULL as empty: what the tests need from the
** sqlite3 shell on machines that have only the SQLite library (the GPU one).
** The analysis's statistics functions (reports/sqlstats.c: samples_median()
** and the others) are registered, as the report's tools register them.
**
**   build/cuda-KEY/tests/sqlq DB SQL     exit 0, or 1 with the error on stderr
*/
#include <sqlite3.h>
#include <stdio.h>

#include "reports/sqlstats.h"

/* Print one row of a result. */
static int print_row(void *pArg, int nCol, char **azVal, char **azCol) {
  (void)pArg;
  (void)azCol;
  for (int i = 0; i < nCol; i++) printf("%s%s", i ? "|" : "", azVal[i] ? azVal[i] : "");
  printf("\n");
  return 0;
}

/* Open DB (it must exist), run SQL, print the rows. */
int main(int argc, char **argv) {
  sqlite3 *pDb = NULL;
  char *zErr = NULL;
  if (argc != 3) {
    fprintf(stderr, "usage: sqlq DB SQL\n");
    return 2;
  }
  int rc = sqlite3_open_v2(argv[1], &pDb, SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI, NULL);
  if (rc == SQLITE_OK) sqlite3_busy_timeout(pDb, 30000);
  if (rc == SQLITE_OK) rc = sqlstats_register(pDb);
  if (rc == SQLITE_OK) rc = sqlite3_exec(pDb, argv[2], print_row, NULL, &zErr);
  if (rc != SQLITE_OK) fprintf(stderr, "sqlq: %s: %s\n", argv[1], zErr ? zErr : sqlite3_errmsg(pDb));
  sqlite3_free(zErr);
  sqlite3_close(pDb);
  return rc == SQLITE_OK ? 0 : 1;
}
