/*
** reports/sqlstats_ext.c: reports/sqlstats.c as a loadable SQLite extension
** (build/lib/sqlstats.so), for the sqlite3 command: `.load build/lib/sqlstats`.
** Every sqlite3_* call of the included file goes through the routines the
** loading program hands over (sqlite3ext.h).
*/
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1
#define SQLSTATS_EXTENSION
#include "reports/sqlstats.c"

int sqlite3_sqlstats_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi) {
  (void)pzErrMsg;
  SQLITE_EXTENSION_INIT2(pApi);
  return sqlstats_register(db);
}
