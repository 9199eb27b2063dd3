/*
** tests/unit/test_db_claim.c: db_claim() (experiments/harness/db.c) between
** runs, on cases `make mutate` found unchecked: a configuration claimed by a
** live run is held for the other (with the holder's id), a run on another
** host counts as alive while its heartbeat is younger than 10 minutes and as
** dead after, a run on this host as dead once its process is gone; a dead
** run's claim and live_run row are forgotten; storing a result releases its
** claim and renews the run's heartbeat; a finished result makes it done
** for a resuming run; the run's start time; the NVML reading's fields; a
** dead run found by a handle that has written nothing yet; a run the
** watchdog marked ('timeout pending') and that died, ended by the next claim
** with its timeout stored; a failure inside db_claim()'s or db_add_result()'s
** transaction (injected with a TEMP trigger on the failing handle) changes
** nothing.
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

#include "experiments/harness/db.h"
#include "experiments/harness/nvml.h"

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
  db_run_info r = {.zStudy = "reduce", .zBinary = "reduce-ca", .zArgv = "reduce", .zBuildId = "b1",
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
  if (f->pA) db_close(f->pA);
  if (f->pB) db_close(f->pB);
  snprintf(zCmd, sizeof zCmd, "rm -rf '%s'", f->zDir);
  int rc = system(zCmd);
  free(f);
  return rc == 0 ? 0 : -1;
}

/* db_claim of configuration zKey by run iRun through p. */
static int claim(db *p, long long iRun, const char *zKey, long long *piHolder) {
  return db_claim(p, iRun, UUID, "reduce", "reduce-ca", "b1", zKey, 1, piHolder);
}

/* Run SQL through p or fail. */
static void exec_ok(db *p, const char *zFmt, long long i) {
  char zSql[400];
  snprintf(zSql, sizeof zSql, zFmt, i);
  if (db_exec(p, zSql)) fail_msg("%s: %s", zSql, db_errmsg(p));
}

/* Rows of a count query. */
static long long count(const char *zPath, const char *zFmt, long long i) {
  char zSql[1000];
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
  /* The live run's host is this machine's name. */
  char zHost[256] = "", zSql[400];
  assert_int_equal(gethostname(zHost, sizeof zHost - 1), 0);
  snprintf(zSql, sizeof zSql, "SELECT count(*) FROM live_run WHERE run_id=%%lld AND host='%s'", zHost);
  assert_int_equal(count(f->zPath, zSql, f->iA), 1);
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
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM result_sample JOIN result USING (result_id) WHERE run_id=%lld"
                         " AND reps = 3 AND length(ns) - length(replace(ns, ' ', '')) = 2", f->iA), 1);
}

/* A finished result makes the configuration done for a resuming run of the
** same build (not for one that does not resume). */
static void test_done_when_resuming(void **state) {
  fixture *f = *state;
  long long iHolder = -1;
  const double aMs[] = {1.0};
  db_result r = {.zConfigKey = "k1", .zVariant = "cub", .zDtype = "int32", .n = 1024, .nBlock = 256,
                 .zParams = "{}", .zStatus = "ok", .nBytesRead = 4096, .nBytesWritten = 4, .aMs = aMs,
                 .nRep = 1};
  assert_int_equal(claim(f->pA, f->iA, "k1", &iHolder), DB_CLAIMED);
  if (db_add_result(f->pA, f->iA, "reduce", &r)) fail_msg("db_add_result: %s", db_errmsg(f->pA));
  assert_int_equal(claim(f->pB, f->iB, "k1", &iHolder), DB_DONE);
  assert_int_equal(db_claim(f->pB, f->iB, UUID, "reduce", "reduce-ca", "b1", "k1", 0, &iHolder), DB_CLAIMED);
  /* The run's start time is now (ISO 8601 UTC). */
  assert_int_equal(count(f->zPath,
                         "SELECT count(*) FROM run WHERE run_id=%lld AND started_utc BETWEEN "
                         "strftime('%%Y-%%m-%%dT%%H:%%M:%%SZ','now','-120 seconds') AND "
                         "strftime('%%Y-%%m-%%dT%%H:%%M:%%SZ','now','+1 seconds')", f->iA), 1);
}

/* db_add_run_env stores exactly the fields the reading has, NULL the others,
** one row per phase. */
static void test_run_env_fields(void **state) {
  fixture *f = *state;
  nvml_env e;
  memset(&e, 0, sizeof e);
  e.mValid = 0x1ff;
  e.smClockMhz = 1980;
  e.memClockMhz = 2619;
  e.tempC = 41;
  e.powerW = 123.5;
  e.powerLimitW = 700;
  e.bEcc = 1;
  e.bPersistence = 1;
  e.throttle = 4;
  e.pstate = 2;
  assert_int_equal(db_add_run_env(f->pA, f->iA, "start", &e), 0);
  assert_int_equal(count(f->zPath,
                         "SELECT count(*) FROM run_env WHERE run_id=%lld AND phase='start' AND sm_clock_mhz=1980 "
                         "AND mem_clock_mhz=2619 AND temp_c=41 AND power_w=123.5 AND power_limit_w=700 AND ecc=1 "
                         "AND persistence=1 AND throttle_reasons=4 AND pstate=2 AND utc >= "
                         "strftime('%%Y-%%m-%%dT%%H:%%M:%%SZ','now','-120 seconds')", f->iA), 1);
  /* Each field alone: only it is stored. */
  const char *azCol[] = {"sm_clock_mhz", "mem_clock_mhz", "temp_c", "power_w", "power_limit_w",
                         "ecc", "persistence", "throttle_reasons", "pstate"};
  for (int i = 0; i < 9; i++) {
    e.mValid = 1u << i;
    assert_int_equal(db_add_run_env(f->pA, f->iA, "end", &e), 0);
    char zSql[600];
    snprintf(zSql, sizeof zSql,
             "SELECT (sm_clock_mhz IS NOT NULL) + (mem_clock_mhz IS NOT NULL) + (temp_c IS NOT NULL) + "
             "(power_w IS NOT NULL) + (power_limit_w IS NOT NULL) + (ecc IS NOT NULL) + (persistence IS NOT NULL)"
             " + (throttle_reasons IS NOT NULL) + (pstate IS NOT NULL) + 10 * (%s IS NOT NULL) FROM run_env "
             "WHERE phase='end' AND run_id=%%lld", azCol[i]);
    if (count(f->zPath, zSql, f->iA) != 11) fail_msg("bit %d: not exactly %s stored", i, azCol[i]);
  }
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM run_env WHERE run_id=%lld", f->iA), 2);
}

/* A database damaged inside (a b-tree page overwritten) is refused by
** db_open() and left as it was. */
static void test_damaged_refused(void **state) {
  fixture *f = *state;
  db_close(f->pA);
  db_close(f->pB);
  f->pA = f->pB = NULL;
  FILE *fp = fopen(f->zPath, "r+b");
  assert_non_null(fp);
  assert_int_equal(fseek(fp, 0, SEEK_END), 0);
  long nSize = ftell(fp);
  assert_true(nSize >= 4 * 4096);
  unsigned char aJunk[4096];
  memset(aJunk, 0x5a, sizeof aJunk);
  assert_int_equal(fseek(fp, 2 * 4096, SEEK_SET), 0);
  assert_int_equal(fwrite(aJunk, 1, sizeof aJunk, fp), sizeof aJunk);
  fclose(fp);
  char zErr[256] = "";
  db *p = db_open(f->zPath, zErr, sizeof zErr);
  if (p) {
    db_close(p);
    fail_msg("a damaged database was opened");
  }
  assert_true(zErr[0] != 0);
}

/* Make run iRun's process a dead one of this host (a reaped child's pid). */
static void kill_run(fixture *f, long long iRun) {
  pid_t pid = fork();
  if (pid == 0) _exit(0);
  assert_true(pid > 0);
  assert_int_equal(waitpid(pid, NULL, 0), pid);
  char zSql[200];
  snprintf(zSql, sizeof zSql, "UPDATE live_run SET pid=%lld WHERE run_id=%lld", (long long)pid, iRun);
  if (db_exec(f->pB, zSql)) fail_msg("%s: %s", zSql, db_errmsg(f->pB));
}

/* A fresh handle, which has inserted nothing yet, reaps a dead run as its
** first write and begins its own run. */
static void test_reap_by_fresh_handle(void **state) {
  fixture *f = *state;
  long long iHolder = -1, iC = -1;
  assert_int_equal(claim(f->pA, f->iA, "k1", &iHolder), DB_CLAIMED);
  kill_run(f, f->iA);
  db *pC = open_run(f->zPath, &iC);
  assert_true(iC > f->iB);
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM live_run WHERE run_id=%lld", f->iA), 0);
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM claim WHERE run_id=%lld", f->iA), 0);
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM live_run WHERE run_id=%lld", iC), 1);
  db_close(pC);
}

/* A run the watchdog marked (db_mark_timeout) that died before storing the
** failure: the next db_claim() stores its claimed configuration as failed
** 'timeout' (variant from the key) and ends the run 'failed'; runs that are
** alive, or dead without the mark, get no such result. */
static void test_timeout_pending_recorded(void **state) {
  fixture *f = *state;
  long long iHolder = -1;
  const char *zKey = "n=1024 variant=cub dtype=int32";
  assert_int_equal(claim(f->pA, f->iA, zKey, &iHolder), DB_CLAIMED);
  assert_int_equal(claim(f->pB, f->iB, "n=8 variant=cub", &iHolder), DB_CLAIMED);
  assert_int_equal(db_mark_timeout(f->pA, f->iA, zKey), 0);
  assert_int_equal(db_mark_timeout(f->pB, f->iB, "n=8 variant=cub"), 0);
  /* Alive: nothing happens. */
  assert_int_equal(claim(f->pB, f->iB, "k2", &iHolder), DB_CLAIMED);
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM result", 0), 0);
  kill_run(f, f->iA);
  assert_int_equal(claim(f->pB, f->iB, "k3", &iHolder), DB_CLAIMED);
  assert_int_equal(count(f->zPath,
                         "SELECT count(*) FROM result WHERE run_id=%lld AND config_key='n=1024 variant=cub dtype=int32'"
                         " AND variant='cub' AND status='failed' AND cache='cold' AND error LIKE 'timeout:%%'",
                         f->iA), 1);
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM result", 0), 1);
  assert_int_equal(count(f->zPath,
                         "SELECT count(*) FROM run WHERE run_id=%lld AND status='failed' AND finished_utc IS NOT NULL"
                         " AND note='ended by the watchdog: n=1024 variant=cub dtype=int32 timed out"
                         " (recorded by a later run)'", f->iA), 1);
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM run WHERE run_id=%lld AND status='running'", f->iB), 1);
}

/* Create a TEMP trigger (this handle only) that makes zEvent fail. */
static void inject(db *p, const char *zName, const char *zEvent) {
  char zSql[300];
  snprintf(zSql, sizeof zSql, "CREATE TEMP TRIGGER %s %s BEGIN SELECT RAISE(ABORT, 'injected'); END;", zName,
           zEvent);
  if (db_exec(p, zSql)) fail_msg("%s: %s", zSql, db_errmsg(p));
}

/* A failure while reaping a dead run (storing its timeout) fails db_claim()
** with the cause and changes nothing: the dead run keeps its live_run row
** and claim, no claim is made. */
static void test_reap_failure_changes_nothing(void **state) {
  fixture *f = *state;
  long long iHolder = -1;
  assert_int_equal(claim(f->pA, f->iA, "k1 variant=cub", &iHolder), DB_CLAIMED);
  assert_int_equal(db_mark_timeout(f->pA, f->iA, "k1 variant=cub"), 0);
  kill_run(f, f->iA);
  inject(f->pB, "no_result", "BEFORE INSERT ON main.result");
  assert_int_equal(claim(f->pB, f->iB, "k2", &iHolder), -1);
  assert_non_null(strstr(db_errmsg(f->pB), "injected"));
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM live_run WHERE run_id=%lld", f->iA), 1);
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM claim WHERE run_id=%lld", f->iA), 1);
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM claim WHERE run_id=%lld", f->iB), 0);
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM run WHERE status='running'", 0), 2);
}

/* db_add_result is one transaction: if releasing the claim or renewing the
** heartbeat fails, it returns -1 and stores neither the result nor its
** samples, and the claim stays. */
static void test_add_result_all_or_nothing(void **state) {
  fixture *f = *state;
  long long iHolder = -1;
  const double aMs[] = {1.0, 2.0, 3.0};
  db_result r = {.zConfigKey = "k1", .zVariant = "cub", .zDtype = "int32", .n = 1024, .nBlock = 256,
                 .zParams = "{}", .zStatus = "ok", .nBytesRead = 4096, .nBytesWritten = 4, .aMs = aMs,
                 .nRep = 3};
  const char *azEvent[] = {"BEFORE DELETE ON main.claim", "BEFORE UPDATE ON main.live_run"};
  for (int i = 0; i < 2; i++) {
    assert_int_equal(claim(f->pA, f->iA, "k1", &iHolder), DB_CLAIMED);
    inject(f->pA, "fail_release", azEvent[i]);
    if (db_add_result(f->pA, f->iA, "reduce", &r) != -1) fail_msg("stored despite a failing '%s'", azEvent[i]);
    assert_non_null(strstr(db_errmsg(f->pA), "injected"));
    assert_int_equal(count(f->zPath, "SELECT count(*) FROM result", 0), 0);
    assert_int_equal(count(f->zPath, "SELECT count(*) FROM result_sample", 0), 0);
    assert_int_equal(count(f->zPath, "SELECT count(*) FROM claim WHERE run_id=%lld AND config_key='k1'", f->iA), 1);
    exec_ok(f->pA, "DROP TRIGGER temp.fail_release", 0);
  }
  if (db_add_result(f->pA, f->iA, "reduce", &r)) fail_msg("db_add_result: %s", db_errmsg(f->pA));
  assert_int_equal(count(f->zPath, "SELECT count(*) FROM result", 0), 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_held_by_live_run, setup, teardown),
      cmocka_unit_test_setup_teardown(test_other_host_heartbeat, setup, teardown),
      cmocka_unit_test_setup_teardown(test_this_host_dead_pid, setup, teardown),
      cmocka_unit_test_setup_teardown(test_result_releases_and_renews, setup, teardown),
      cmocka_unit_test_setup_teardown(test_done_when_resuming, setup, teardown),
      cmocka_unit_test_setup_teardown(test_run_env_fields, setup, teardown),
      cmocka_unit_test_setup_teardown(test_damaged_refused, setup, teardown),
      cmocka_unit_test_setup_teardown(test_reap_by_fresh_handle, setup, teardown),
      cmocka_unit_test_setup_teardown(test_timeout_pending_recorded, setup, teardown),
      cmocka_unit_test_setup_teardown(test_reap_failure_changes_nothing, setup, teardown),
      cmocka_unit_test_setup_teardown(test_add_result_all_or_nothing, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
