/*
** tests/unit/test_db_claim.c: db_claim() (experiments/harness/db.c) between
** runs, on cases `make mutate` found unchecked: a configuration claimed by a
** live run is held for the other (with the holder's id), a run on another
** host counts as alive while its heartbeat is younger than 10 minutes and as
** dead after, a run on this host as dead once its process is gone; a dead
** run's claim and live_run row are forgotten; storing a result releases its
** claim and renews the run's heartbeat.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "db.h"

/* A temporary directory, its database path and two handles with a run each. */
typedef struct fixture {
  char zDir[256];
  char zPath[300];
  db *pA, *pB;
  long long iA, iB;
} fixture;

#define UUID "GPU-claim-test"

/* Open the database and begin a run on it. */
static db *open_run(const char *zPath, long long *piRun) {
  char zErr[256] = "";
  db *p = db_open(zPath, zErr, sizeof zErr);
  if (!p) fail_msg("db_open: %s", zErr);
  gpu_info g;
  memset(&g, 0, sizeof g);
  snprintf(g.zName, sizeof g.zName, "Claim test GPU");
  snprintf(g.zUuid, sizeof g.zUuid, UUID);
  g.ccMajor = 9;
  db_run_info r = {.zStudy = "reduce", .zBinary = "reduce", .zArgv = "reduce", .zBuildId = "b1",
                   .zGitCommit = "abc", .zNvccVersion = "13.0", .zNvccFlags = "-O3", .nWarmup = 1,
                   .nRepMax = 3, .copyGbps = 1.0};
  *piRun = db_begin_run(p, &g, &r);
  if (*piRun <= 0) fail_msg("db_begin_run: %s", db_errmsg(p));
  return p;
}

static int setup(void **state) {
  fixture *f = calloc(1, sizeof(*f));
  const char *zTmp = getenv("TMPDIR");
  snprintf(f->zDir, sizeof f->zDir, "%s/test_db_claim.XXXXXX", zTmp && *zTmp ? zTmp : "/tmp");
  if (!mkdtemp(f->zDir)) return -1;
  snprintf(f->zPath, sizeof f->zPath, "%s/m.db", f->zDir);
  f->pA = open_run(f->zPath, &f->iA);
  f->pB = open_run(f->zPath, &f->iB);
  *state = f;
  return 0;
}

static int teardown(void **state) {
  fixture *f = *state;
  char zCmd[400];
  db_close(f->pA);
  db_close(f->pB);
  snprintf(zCmd, sizeof zCmd, "rm -rf '%s'", f->zDir);
  int rc = system(zCmd);
  free(f);
  return rc == 0 ? 0 : -1;
}

/* db_claim of configuration zKey by run iRun through p. */
static int claim(db *p, long long iRun, const char *zKey, long long *piHolder) {
  return db_claim(p, iRun, UUID, "reduce", "reduce", "b1", zKey, 1, piHolder);
}

/* Run SQL through p or fail. */
static void exec_ok(db *p, const char *zFmt, long long i) {
  char zSql[400];
  snprintf(zSql, sizeof zSql, zFmt, i);
  if (db_exec(p, zSql)) fail_msg("%s: %s", zSql, db_errmsg(p));
}

/* Rows of a count query. */
static long long count(const char *zPath, const char *zFmt, long long i) {
  char zSql[300];
  sqlite3 *pDb = NULL;
  sqlite3_stmt *pStmt = NULL;
  long long v = -1;
  snprintf(zSql, sizeof zSql, zFmt, i);
  if (sqlite3_open_v2(zPath, &pDb, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2(pDb, zSql, -1, &pStmt, NULL) != SQLITE_OK)
    fail_msg("%s: %s", zSql, sqlite3_errmsg(pDb));
  if (sqlite3_step(pStmt) == SQLITE_ROW) v = sqlite3_column_int64(pStmt, 0);
  sqlite3_finalize(pStmt);
  sqlite3_close(pDb);
  return v;
}

/* Two live runs: the second is told who holds a configuration, and gets
** the others. */
static void test_held_by_live_run(void **state) {
  fixture *f = *state;
  long long iHolder = -1;
  assert_int_equal(claim(f->pA, f->iA, "k1", &iHolder), DB_CLAIMED);
  assert_int_equal(claim(f->pB, f->iB, "k1", &iHolder), DB_HELD);
  assert_true(iHolder == f->iA);
  assert_int_equal(claim(f->pB, f->iB, "k2", &iHolder), DB_CLAIMED);
  assert_int_equal(claim(f->pA, f->iA, "k2", &iHolder), DB_HELD);
  assert_true(iHolder == f->iB);
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM claim WHERE run_id=%lld", f->iA), 1);
}

/* Another host: alive with a fresh heartbeat, dead after 10 minutes without. */
static void test_other_host_heartbeat(void **state) {
  fixture *f = *state;
  long long iHolder = -1;
  assert_int_equal(claim(f->pA, f->iA, "k1", &iHolder), DB_CLAIMED);
  exec_ok(f->pB, "UPDATE live_run SET host='elsewhere.invalid', pid=1, "
                 "heartbeat_utc=strftime('%%Y-%%m-%%dT%%H:%%M:%%SZ','now','-60 seconds') WHERE run_id=%lld", f->iA);
  assert_int_equal(claim(f->pB, f->iB, "k1", &iHolder), DB_HELD);
  assert_true(iHolder == f->iA);
  exec_ok(f->pB, "UPDATE live_run SET heartbeat_utc=strftime('%%Y-%%m-%%dT%%H:%%M:%%SZ','now','-660 seconds') "
                 "WHERE run_id=%lld", f->iA);
  assert_int_equal(claim(f->pB, f->iB, "k1", &iHolder), DB_CLAIMED);
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM live_run WHERE run_id=%lld", f->iA), 0);
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM claim WHERE run_id=%lld", f->iA), 0);
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM claim WHERE run_id=%lld", f->iB), 1);
}

/* This host: dead once the process is gone, whatever its heartbeat. */
static void test_this_host_dead_pid(void **state) {
  fixture *f = *state;
  long long iHolder = -1;
  pid_t pid = fork();
  if (pid == 0) _exit(0);
  assert_true(pid > 0);
  assert_int_equal(waitpid(pid, NULL, 0), pid);
  assert_int_equal(claim(f->pA, f->iA, "k1", &iHolder), DB_CLAIMED);
  char zSql[200];
  snprintf(zSql, sizeof zSql, "UPDATE live_run SET pid=%lld WHERE run_id=%lld", (long long)pid, f->iA);
  if (db_exec(f->pB, zSql)) fail_msg("%s: %s", zSql, db_errmsg(f->pB));
  assert_int_equal(count(f->zPath, "SELECT pid FROM live_run WHERE run_id=%lld", f->iA), pid);
  assert_int_equal(claim(f->pB, f->iB, "k1", &iHolder), DB_CLAIMED);
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM live_run WHERE run_id=%lld", f->iA), 0);
  /* The living run (this process) is kept. */
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM live_run WHERE run_id=%lld", f->iB), 1);
}

/* Storing a result releases its claim and renews the run's heartbeat. */
static void test_result_releases_and_renews(void **state) {
  fixture *f = *state;
  long long iHolder = -1;
  assert_int_equal(claim(f->pA, f->iA, "k1", &iHolder), DB_CLAIMED);
  exec_ok(f->pA, "UPDATE live_run SET heartbeat_utc='2000-01-01T00:00:00Z' WHERE run_id=%lld", f->iA);
  const double aMs[] = {1.0, 2.0, 3.0};
  db_result r = {.zConfigKey = "k1", .zVariant = "cub", .zDtype = "int32", .n = 1024, .nBlock = 256,
                 .zParams = "{}", .zStatus = "ok", .nBytesRead = 4096, .nBytesWritten = 4, .aMs = aMs,
                 .nRep = 3};
  if (db_add_result(f->pA, f->iA, "reduce", &r)) fail_msg("db_add_result: %s", db_errmsg(f->pA));
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM claim WHERE run_id=%lld", f->iA), 0);
  assert_int_equal(count(f->zPath,
                         "SELECT count(*) FROM live_run WHERE run_id=%lld AND heartbeat_utc > "
                         "strftime('%%Y-%%m-%%dT%%H:%%M:%%SZ','now','-60 seconds')", f->iA), 1);
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM sample JOIN result USING (result_id) WHERE run_id=%lld",
                         f->iA), 3);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_held_by_live_run, setup, teardown),
      cmocka_unit_test_setup_teardown(test_other_host_heartbeat, setup, teardown),
      cmocka_unit_test_setup_teardown(test_this_host_dead_pid, setup, teardown),
      cmocka_unit_test_setup_teardown(test_result_releases_and_renews, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
