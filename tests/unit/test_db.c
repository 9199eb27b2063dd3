/*
** tests/unit/test_db.c: the measurement database writer
** (experiments/harness/db.c) against a fresh temporary file per test. The
** device facts are filled in by hand, so no GPU is needed; the rows are read
** back with plain SQLite.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "experiments/harness/db.h"
#include "experiments/harness/stats.h"
#include "reports/sqlstats.h"
#include "tests/unit/slurp.h"

/* |a - b| <= tol for doubles (cmocka 1.1 only compares floats). */
#define assert_near(a, b, tol)                                                               \
  do {                                                                                       \
    double a_ = (a), b_ = (b), t_ = (tol);                                                   \
    if (!(fabs(a_ - b_) <= t_)) fail_msg("%s = %.17g, want %.17g (+/- %g)", #a, a_, b_, t_); \
  } while (0)

/* Per-test fixture: a temporary directory and a database path inside it. */
typedef struct fixture {
  char zDir[256];
  char zPath[300];
} fixture;

static int setup(void **state) {
  fixture *f = calloc(1, sizeof(*f));
  const char *zTmp = getenv("TMPDIR");
  snprintf(f->zDir, sizeof(f->zDir), "%s/test_db.XXXXXX", zTmp && *zTmp ? zTmp : "/tmp");
  if (!mkdtemp(f->zDir)) return -1;
  snprintf(f->zPath, sizeof(f->zPath), "%s/m.db", f->zDir);
  *state = f;
  return 0;
}

static int teardown(void **state) {
  fixture *f = *state;
  char zCmd[400];
  snprintf(zCmd, sizeof(zCmd), "rm -rf '%s'", f->zDir);
  int rc = system(zCmd);
  free(f);
  return rc == 0 ? 0 : -1;
}

/* A device described by hand. */
static gpu_info fake_gpu(const char *zUuid) {
  gpu_info g;
  memset(&g, 0, sizeof(g));
  snprintf(g.zName, sizeof(g.zName), "Test GPU %s", zUuid);
  snprintf(g.zUuid, sizeof(g.zUuid), "%s", zUuid);
  g.ccMajor = 9;
  g.ccMinor = 0;
  g.nSm = 132;
  g.nL2Bytes = 50LL << 20;
  g.nGlobalBytes = 80LL << 30;
  g.smClockKhz = 1980000;
  g.memClockKhz = 2619000;
  g.busWidthBits = 5120;
  g.peakGbps = 2.0 * g.memClockKhz * 1e3 * (g.busWidthBits / 8.0) / 1e9;
  g.driverVersion = 13000;
  g.runtimeVersion = 13000;
  return g;
}

/* Run provenance with a given build id. */
static db_run_info fake_run(const char *zBuildId) {
  db_run_info r = {"reduce", "reduce", "reduce --n 2^10", zBuildId, "abc123", 0,
                   "release 13.0, V13.0.88", "-O3", 3, 30, 1234.5};
  return r;
}

/* An ok result with samples aMs[0..nRep). */
static db_result ok_result(const char *zKey, const double *aMs, int nRep) {
  db_result r = {zKey, "cub", "int32", 1024, 256, "{}", 0, 0, "ok", NULL, 0.0, 0.0,
                 4096, 4, aMs, nRep, "clean", "single", "converged", 0, 0, 2, 4.5};
  return r;
}

/* First column of the first row of zSql as int64 (-999 if no row). */
static long long q_int(const char *zPath, const char *zSql) {
  sqlite3 *pDb = NULL;
  sqlite3_stmt *pStmt = NULL;
  long long v = -999;
  if (sqlite3_open_v2(zPath, &pDb, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
    fail_msg("open %s: %s", zPath, sqlite3_errmsg(pDb));
  if (sqlite3_prepare_v2(pDb, zSql, -1, &pStmt, NULL) != SQLITE_OK)
    fail_msg("prepare '%s': %s", zSql, sqlite3_errmsg(pDb));
  if (sqlite3_step(pStmt) == SQLITE_ROW) v = sqlite3_column_int64(pStmt, 0);
  sqlite3_finalize(pStmt);
  sqlite3_close(pDb);
  return v;
}

/* First column of the first row of zSql as double; *pbNull set if SQL NULL. */
static double q_real(const char *zPath, const char *zSql, int *pbNull) {
  sqlite3 *pDb = NULL;
  sqlite3_stmt *pStmt = NULL;
  double v = NAN;
  *pbNull = 1;
  if (sqlite3_open_v2(zPath, &pDb, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
    fail_msg("open %s: %s", zPath, sqlite3_errmsg(pDb));
  if (sqlite3_prepare_v2(pDb, zSql, -1, &pStmt, NULL) != SQLITE_OK)
    fail_msg("prepare '%s': %s", zSql, sqlite3_errmsg(pDb));
  if (sqlite3_step(pStmt) == SQLITE_ROW && sqlite3_column_type(pStmt, 0) != SQLITE_NULL) {
    v = sqlite3_column_double(pStmt, 0);
    *pbNull = 0;
  }
  sqlite3_finalize(pStmt);
  sqlite3_close(pDb);
  return v;
}

/* First column of the first row of zSql as text into z ("<null>" / "<none>"). */
static const char *q_text(const char *zPath, const char *zSql, char *z, size_t n) {
  sqlite3 *pDb = NULL;
  sqlite3_stmt *pStmt = NULL;
  snprintf(z, n, "<none>");
  if (sqlite3_open_v2(zPath, &pDb, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
    fail_msg("open %s: %s", zPath, sqlite3_errmsg(pDb));
  if (sqlite3_prepare_v2(pDb, zSql, -1, &pStmt, NULL) != SQLITE_OK)
    fail_msg("prepare '%s': %s", zSql, sqlite3_errmsg(pDb));
  if (sqlite3_step(pStmt) == SQLITE_ROW) {
    const unsigned char *zV = sqlite3_column_text(pStmt, 0);
    snprintf(z, n, "%s", zV ? (const char *)zV : "<null>");
  }
  sqlite3_finalize(pStmt);
  sqlite3_close(pDb);
  return z;
}

/* Open the fixture's database or fail the test. */
static db *open_ok(fixture *f) {
  char zErr[256] = "";
  db *p = db_open(f->zPath, zErr, sizeof(zErr));
  if (!p) fail_msg("db_open(%s): %s", f->zPath, zErr);
  return p;
}

/* db_open on a new file creates every table of data/schema.sql, and no
** view: the schema holds what the binaries write, no statistics (those are
** the report's analysis, reports/analysis/, outside every build id). */
static void test_open_creates_schema(void **state) {
  fixture *f = *state;
  db *p = open_ok(f);
  const char *azTable[] = {"device", "run", "result", "result_sample", "counter", "kernel_resource"};
  char zSql[200];
  for (size_t i = 0; i < sizeof(azTable) / sizeof(azTable[0]); i++) {
    snprintf(zSql, sizeof(zSql), "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='%s'",
             azTable[i]);
    if (q_int(f->zPath, zSql) != 1) fail_msg("table %s missing", azTable[i]);
  }
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM sqlite_master WHERE type IN ('view', 'trigger')"), 0);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result"), 0);
  db_close(p);
  /* Re-opening an existing database keeps it (CREATE ... IF NOT EXISTS). */
  p = open_ok(f);
  db_close(p);
  db_close(NULL); /* safe on NULL */
}

/* db_begin_run stores the device once (by uuid) and a 'running' run with its
** provenance and no finish time. */
static void test_begin_run(void **state) {
  fixture *f = *state;
  char z[256];
  db *p = open_ok(f);
  gpu_info g = fake_gpu("00112233445566778899aabbccddeeff");
  db_run_info ri = fake_run("build-A");
  long long iRun = db_begin_run(p, &g, &ri);
  assert_true(iRun > 0);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM device"), 1);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM run"), 1);
  assert_string_equal(q_text(f->zPath, "SELECT status FROM run", z, sizeof z), "running");
  assert_string_equal(q_text(f->zPath, "SELECT finished_utc FROM run", z, sizeof z), "<null>");
  assert_string_equal(q_text(f->zPath, "SELECT build_id FROM run", z, sizeof z), "build-A");
  assert_string_equal(q_text(f->zPath, "SELECT argv FROM run", z, sizeof z), "reduce --n 2^10");
  assert_string_equal(q_text(f->zPath, "SELECT cc FROM device", z, sizeof z), "9.0");
  assert_string_equal(q_text(f->zPath, "SELECT uuid FROM device", z, sizeof z),
                      "00112233445566778899aabbccddeeff");
  assert_int_equal(q_int(f->zPath, "SELECT sm_count FROM device"), 132);
  assert_int_equal(q_int(f->zPath, "SELECT l2_bytes FROM device"), 50LL << 20);
  assert_int_equal(q_int(f->zPath, "SELECT max_reps FROM run"), 30);
  int bNull;
  assert_near(q_real(f->zPath, "SELECT copy_gbps_start FROM run", &bNull), 1234.5, 1e-9);
  assert_near(q_real(f->zPath, "SELECT peak_gbps FROM device", &bNull), g.peakGbps, 1e-6);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM run r JOIN device d USING (device_id)"), 1);
  /* A second run on the same device reuses its row. */
  long long iRun2 = db_begin_run(p, &g, &ri);
  assert_true(iRun2 > iRun);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM device"), 1);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM run"), 2);
  /* Another device gets its own row. */
  gpu_info g2 = fake_gpu("ffeeddccbbaa99887766554433221100");
  assert_true(db_begin_run(p, &g2, &ri) > iRun2);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM device"), 2);
  /* run.session: MEASURE_SESSION when set (make measure sets it), else NULL. */
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM run WHERE session IS NULL"), 3);
  setenv("MEASURE_SESSION", "0123abcd", 1);
  long long iRun4 = db_begin_run(p, &g, &ri);
  unsetenv("MEASURE_SESSION");
  assert_string_equal(q_text(f->zPath, "SELECT session FROM run ORDER BY run_id DESC LIMIT 1", z, sizeof z),
                      "0123abcd");
  assert_true(db_begin_run(p, &g, &ri) > iRun4);
  assert_string_equal(q_text(f->zPath, "SELECT session FROM run ORDER BY run_id DESC LIMIT 1", z, sizeof z),
                      "<null>");
  db_close(p);
}

/* An ok result stores every sample, in the order taken, as one text of whole
** nanoseconds (result_sample), and no statistic: the result row has no
** column for one. */
static void test_add_ok_result(void **state) {
  fixture *f = *state;
  char z[256];
  db *p = open_ok(f);
  gpu_info g = fake_gpu("u1");
  db_run_info ri = fake_run("build-A");
  long long iRun = db_begin_run(p, &g, &ri);
  assert_true(iRun > 0);
  /* 0.0000004 ms is under half a nanosecond: stored as 1 ns, never 0 */
  const double aMs[] = {0.50, 0.40, 0.45, 0.70, 0.41, 0.43, 0.44, 0.0020479, 0.0000004, 1234.5678904};
  const int nRep = (int)(sizeof(aMs) / sizeof(aMs[0]));
  db_result r = ok_result("variant=cub dtype=int32 n=1024 block=256 cache=cold", aMs, nRep);
  assert_int_equal(db_add_result(p, iRun, "reduce", &r), 0);
  int bNull;
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result"), 1);
  assert_int_equal(q_int(f->zPath, "SELECT reps FROM result"), nRep);
  assert_string_equal(q_text(f->zPath, "SELECT ns FROM result_sample JOIN result USING (result_id)", z, sizeof z),
                      "500000 400000 450000 700000 410000 430000 440000 2048 1 1234567890");
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM pragma_table_info('result') WHERE name IN ('median_ms',"
                                   " 'min_ms', 'max_ms', 'q1_ms', 'q3_ms', 'mean_ms', 'rsd', 'ci_lo_ms', 'ci_hi_ms')"), 0);
  assert_near(q_real(f->zPath, "SELECT max_err FROM result", &bNull), 0.0, 0);
  assert_false(bNull);
  assert_string_equal(q_text(f->zPath, "SELECT status FROM result", z, sizeof z), "ok");
  assert_string_equal(q_text(f->zPath, "SELECT error FROM result", z, sizeof z), "<null>");
  assert_string_equal(q_text(f->zPath, "SELECT cache || ' ' || timer FROM result", z, sizeof z),
                      "cold cuda-event");
  assert_string_equal(q_text(f->zPath, "SELECT variant || ' ' || dtype || ' ' || n || ' ' || block FROM result",
                             z, sizeof z),
                      "cub int32 1024 256");
  assert_int_equal(q_int(f->zPath, "SELECT bytes_read FROM result"), 4096);
  assert_int_equal(q_int(f->zPath, "SELECT bytes_written FROM result"), 4);
  assert_int_equal(q_int(f->zPath, "SELECT launches FROM result"), 2);
  assert_near(q_real(f->zPath, "SELECT floor_us FROM result", &bNull), 4.5, 0);
  assert_false(bNull);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result_sample"), 1);
  /* NULL columns: dtype NULL, n < 0, block <= 0; host timer and warm cache. */
  db_result r2 = ok_result("k2", aMs, 1);
  r2.zDtype = NULL;
  r2.n = -1;
  r2.nBlock = 0;
  r2.bWarm = 1;
  r2.bHostTimer = 1;
  r2.nLaunches = 0;   /* unknown: NULL */
  r2.floorUs = 0;     /* not timed: NULL */
  assert_int_equal(db_add_result(p, iRun, "reduce", &r2), 0);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result WHERE config_key='k2' AND launches IS NULL"
                                   " AND floor_us IS NULL"), 1);
  db_result r3 = ok_result("k3", aMs, 1); /* a floor under a microsecond is a floor */
  r3.floorUs = 0.5;
  r3.nLaunches = 1;
  assert_int_equal(db_add_result(p, iRun, "reduce", &r3), 0);
  assert_near(q_real(f->zPath, "SELECT floor_us FROM result WHERE config_key='k3'", &bNull), 0.5, 0);
  assert_false(bNull);
  assert_int_equal(q_int(f->zPath, "SELECT launches FROM result WHERE config_key='k3'"), 1);
  assert_string_equal(q_text(f->zPath, "SELECT coalesce(dtype,'N') || coalesce(n,'N') || coalesce(block,'N')"
                             " || ' ' || cache || ' ' || timer FROM result WHERE config_key='k2'", z, sizeof z),
                      "NNN warm host-clock");
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result_sample"), 3);
  assert_string_equal(q_text(f->zPath, "SELECT group_concat(ns, '|') FROM (SELECT ns FROM result_sample JOIN result"
                             " USING (result_id) WHERE config_key IN ('k2', 'k3') ORDER BY config_key)", z, sizeof z),
                      "500000|500000");
  db_close(p);
}

/* A sample that is no time (NaN, infinite, negative, over 1e13 ns: the
** reader refuses each) stores nothing, says which, and the handle keeps
** working. */
static void test_add_impossible_sample(void **state) {
  fixture *f = *state;
  db *p = open_ok(f);
  gpu_info g = fake_gpu("u1");
  db_run_info ri = fake_run("build-A");
  long long iRun = db_begin_run(p, &g, &ri);
  const double aBad[][3] = {{1, NAN, 2}, {1, 2, INFINITY}, {1, -0.5, 2}, {1, 2, 1e8}};
  for (int i = 0; i < 4; i++) {
    db_result r = ok_result("k", aBad[i], 3);
    assert_int_equal(db_add_result(p, iRun, "reduce", &r), -1);
    if (!strstr(db_errmsg(p), "is no time")) fail_msg("error: %s", db_errmsg(p));
  }
  assert_int_equal(q_int(f->zPath, "SELECT (SELECT count(*) FROM result) + (SELECT count(*) FROM result_sample)"), 0);
  const double aGood[] = {1, 2, 9999999};   /* 9999999 ms = 1e13 ns: the largest possible */
  db_result r = ok_result("k", aGood, 3);
  assert_int_equal(db_add_result(p, iRun, "reduce", &r), 0);
  char z[64];
  assert_string_equal(q_text(f->zPath, "SELECT ns FROM result_sample", z, sizeof z), "1000000 2000000 9999999000000");
  db_close(p);
}

/* A failed result keeps its error text and verification numbers, has NULL
** timing columns (clock, stop reason and interval too) and no samples, even
** when samples and a clock are passed. A skipped one
** also has NULL max_err/tolerance. */
static void test_add_failed_result(void **state) {
  fixture *f = *state;
  char z[256];
  db *p = open_ok(f);
  gpu_info g = fake_gpu("u1");
  db_run_info ri = fake_run("build-A");
  long long iRun = db_begin_run(p, &g, &ri);
  const double aMs[] = {1, 2, 3};
  db_result r = ok_result("kf", aMs, 3);
  r.zStatus = "failed";
  r.zError = "wrong sum: got 3, want 4";
  r.maxErr = 1.0;
  r.tolerance = 0.0;
  r.clockMhz = 1500;
  r.nClockDiscarded = 2;
  assert_int_equal(db_add_result(p, iRun, "reduce", &r), 0);
  assert_string_equal(q_text(f->zPath, "SELECT status FROM result", z, sizeof z), "failed");
  assert_string_equal(q_text(f->zPath, "SELECT error FROM result", z, sizeof z), "wrong sum: got 3, want 4");
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result WHERE reps IS NULL"
                                   " AND stop_reason IS NULL AND clock_mhz IS NULL"
                                   " AND clock_discarded IS NULL AND launches IS NULL AND floor_us IS NULL"), 1);
  int bNull;
  assert_near(q_real(f->zPath, "SELECT max_err FROM result", &bNull), 1.0, 0);
  assert_false(bNull);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result_sample"), 0);
  db_result s = ok_result("ks", NULL, 0);
  s.zStatus = "skipped";
  s.zError = "needs 9 GiB";
  assert_int_equal(db_add_result(p, iRun, "reduce", &s), 0);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result WHERE config_key='ks' AND status='skipped'"
                                   " AND max_err IS NULL AND tolerance IS NULL AND reps IS NULL"), 1);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result_sample"), 0);
  db_close(p);
}

/* db_have_result: true for ok and failed results of the same device, study,
** binary, build id and key; false for a skipped result and for any other
** device, binary, build id or key. */
static void test_have_result(void **state) {
  fixture *f = *state;
  db *p = open_ok(f);
  gpu_info g = fake_gpu("u1");
  db_run_info ri = fake_run("build-A");
  long long iRun = db_begin_run(p, &g, &ri);
  const double aMs[] = {1, 2};
  db_result r = ok_result("key-ok", aMs, 2);
  assert_int_equal(db_add_result(p, iRun, "reduce", &r), 0);
  r.zConfigKey = "key-failed";
  r.zStatus = "failed";
  r.zError = "boom";
  assert_int_equal(db_add_result(p, iRun, "reduce", &r), 0);
  r.zConfigKey = "key-skipped";
  r.zStatus = "skipped";
  assert_int_equal(db_add_result(p, iRun, "reduce", &r), 0);
  assert_int_equal(db_have_result(p, "u1", "reduce", "reduce", "build-A", "key-ok"), 1);
  assert_int_equal(db_have_result(p, "u1", "reduce", "reduce", "build-A", "key-failed"), 1);
  assert_int_equal(db_have_result(p, "u1", "reduce", "reduce", "build-A", "key-skipped"), 0);
  assert_int_equal(db_have_result(p, "u1", "reduce", "reduce", "build-B", "key-ok"), 0);
  assert_int_equal(db_have_result(p, "u1", "reduce", "reduce", "build-B", "key-failed"), 0);
  assert_int_equal(db_have_result(p, "u2", "reduce", "reduce", "build-A", "key-ok"), 0);
  assert_int_equal(db_have_result(p, "u1", "distance", "reduce", "build-A", "key-ok"), 0);
  assert_int_equal(db_have_result(p, "u1", "reduce", "access-ca", "build-A", "key-ok"), 0);
  assert_int_equal(db_have_result(p, "u1", "reduce", "reduce", "build-A", "key-other"), 0);
  /* Repeated lookups give the same answer (the statement is reset). */
  assert_int_equal(db_have_result(p, "u1", "reduce", "reduce", "build-A", "key-ok"), 1);
  db_close(p);
}

/* db_end_run sets status, note, finish time and closing bandwidth; a status
** outside the CHECK list is refused and changes nothing. */
static void test_end_run(void **state) {
  fixture *f = *state;
  char z[256];
  db *p = open_ok(f);
  gpu_info g = fake_gpu("u1");
  db_run_info ri = fake_run("build-A");
  long long iRun = db_begin_run(p, &g, &ri);
  assert_int_equal(db_end_run(p, iRun, "bogus", NULL, 0), -1);
  assert_string_equal(q_text(f->zPath, "SELECT status FROM run", z, sizeof z), "running");
  assert_int_equal(db_end_run(p, iRun, "incomplete", "interrupted by a signal", 1000.25), 0);
  assert_string_equal(q_text(f->zPath, "SELECT status FROM run", z, sizeof z), "incomplete");
  assert_string_equal(q_text(f->zPath, "SELECT note FROM run", z, sizeof z), "interrupted by a signal");
  q_text(f->zPath, "SELECT finished_utc FROM run", z, sizeof z);
  assert_int_equal(strlen(z), 20); /* 2025-01-02T03:04:05Z */
  assert_true(z[4] == '-' && z[10] == 'T' && z[19] == 'Z');
  int bNull;
  assert_near(q_real(f->zPath, "SELECT copy_gbps_end FROM run", &bNull), 1000.25, 0);
  assert_int_equal(db_end_run(p, iRun, "complete", NULL, 0), 0);
  assert_string_equal(q_text(f->zPath, "SELECT status FROM run", z, sizeof z), "complete");
  assert_string_equal(q_text(f->zPath, "SELECT note FROM run", z, sizeof z), "<null>");
  db_close(p);
}

/* The analysis file of the results views (reports/analysis/10-results.sql)
** applied to the database at zPath. */
static void apply_results_views(const char *zPath) {
  sqlite3 *pDb = NULL;
  char *zErr = NULL;
  if (sqlite3_open(zPath, &pDb) != SQLITE_OK) fail_msg("open %s: %s", zPath, sqlite3_errmsg(pDb));
  if (sqlstats_register(pDb) != SQLITE_OK) fail_msg("sqlstats_register: %s", sqlite3_errmsg(pDb));
  if (sqlite3_exec(pDb, slurp("reports/analysis/10-results.sql"), NULL, NULL, &zErr) != SQLITE_OK)
    fail_msg("reports/analysis/10-results.sql: %s", zErr);
  sqlite3_close(pDb);
}

/* The latest view (reports/analysis/10-results.sql) shows only ok results
** of complete runs, the newest per device and key. */
static void test_latest_view(void **state) {
  fixture *f = *state;
  db *p = open_ok(f);
  gpu_info g = fake_gpu("u1");
  db_run_info ri = fake_run("build-A");
  const double a1[] = {1.0}, a2[] = {2.0}, a3[] = {3.0}, a4[] = {4.0};
  long long iComplete1 = db_begin_run(p, &g, &ri);
  db_result r = ok_result("k", a1, 1);
  assert_int_equal(db_add_result(p, iComplete1, "reduce", &r), 0);
  db_result rf = ok_result("kfail", NULL, 0);
  rf.zStatus = "failed";
  rf.zError = "x";
  assert_int_equal(db_add_result(p, iComplete1, "reduce", &rf), 0);
  assert_int_equal(db_end_run(p, iComplete1, "complete", NULL, 0), 0);
  long long iComplete2 = db_begin_run(p, &g, &ri);
  r.aMs = a2;
  assert_int_equal(db_add_result(p, iComplete2, "reduce", &r), 0);
  assert_int_equal(db_end_run(p, iComplete2, "complete", NULL, 0), 0);
  long long iIncomplete = db_begin_run(p, &g, &ri);
  r.aMs = a3;
  assert_int_equal(db_add_result(p, iIncomplete, "reduce", &r), 0);
  r.zConfigKey = "only-incomplete";
  assert_int_equal(db_add_result(p, iIncomplete, "reduce", &r), 0);
  assert_int_equal(db_end_run(p, iIncomplete, "incomplete", "stopped", 0), 0);
  long long iRunning = db_begin_run(p, &g, &ri);
  r.zConfigKey = "k";
  r.aMs = a4;
  assert_int_equal(db_add_result(p, iRunning, "reduce", &r), 0);
  /* Only the newest complete ok row for 'k' survives. */
  apply_results_views(f->zPath);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM latest"), 1);
  char zSql[128];
  snprintf(zSql, sizeof(zSql), "SELECT run_id FROM latest WHERE config_key='k'");
  assert_int_equal(q_int(f->zPath, zSql), iComplete2);
  int bNull;
  assert_near(q_real(f->zPath, "SELECT median_ms FROM latest", &bNull), 2.0, 0);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM latest WHERE config_key IN ('kfail','only-incomplete')"), 0);
  /* result_bw derives GB/s from the declared bytes: (4096+4) B / 2 ms. */
  assert_near(q_real(f->zPath, "SELECT gbps FROM latest", &bNull), 4100.0 / 2e6, 1e-12);
  db_close(p);
}

/* A result refused by the database (status outside the CHECK list, or a run
** id that does not exist) leaves no result and no samples row, and the
** handle keeps working. */
static void test_rollback_on_refused_result(void **state) {
  fixture *f = *state;
  db *p = open_ok(f);
  gpu_info g = fake_gpu("u1");
  db_run_info ri = fake_run("build-A");
  long long iRun = db_begin_run(p, &g, &ri);
  const double aMs[] = {1, 2, 3, 4};
  db_result r = ok_result("k", aMs, 4);
  r.zStatus = "bogus";
  r.zError = "x";
  assert_int_equal(db_add_result(p, iRun, "reduce", &r), -1);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result"), 0);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result_sample"), 0);
  r = ok_result("k", aMs, 4);
  assert_int_equal(db_add_result(p, iRun + 1000, "reduce", &r), -1); /* foreign key */
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result"), 0);
  /* The handle still works: no transaction was left open. */
  assert_int_equal(db_add_result(p, iRun, "reduce", &r), 0);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result"), 1);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result_sample WHERE ns = '1000000 2000000 3000000 4000000'"), 1);
  assert_int_equal(db_end_run(p, iRun, "complete", NULL, 0), 0);
  db_close(p);
}

/* A failure after the result row was inserted (the samples' row refused: a
** trigger the test adds raises on one text) rolls back the result row; the
** handle keeps working and a reader sees nothing of it. */
static void test_rollback_mid_way(void **state) {
  fixture *f = *state;
  db *p = open_ok(f);
  gpu_info g = fake_gpu("u1");
  db_run_info ri = fake_run("build-A");
  long long iRun = db_begin_run(p, &g, &ri);
  const double aGood[] = {1, 2};
  db_result r0 = ok_result("before", aGood, 2);
  assert_int_equal(db_add_result(p, iRun, "reduce", &r0), 0);
  assert_int_equal(db_exec(p, "CREATE TRIGGER refuse BEFORE INSERT ON result_sample WHEN NEW.ns LIKE '% 5000000'"
                              " BEGIN SELECT RAISE(ABORT, 'refused by the test'); END;"), 0);
  const double aMs[] = {1.0, 2.0, 3.0, 4.0, 5.0};
  db_result r = ok_result("k", aMs, 5);
  assert_int_equal(db_add_result(p, iRun, "reduce", &r), -1);
  assert_non_null(strstr(db_errmsg(p), "refused by the test"));
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result"), 1);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result WHERE config_key='k'"), 0);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result_sample"), 1);
  const double aAfter[] = {1, 2, 3};
  db_result r2 = ok_result("after", aAfter, 3);
  assert_int_equal(db_add_result(p, iRun, "reduce", &r2), 0);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result"), 2);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result_sample"), 2);
  assert_int_equal(db_end_run(p, iRun, "complete", NULL, 0), 0);
  db_close(p);
}

/* db_open of a path in a directory that does not exist fails with a one-line
** message naming the path, returns NULL and creates nothing. */
static void test_open_missing_dir(void **state) {
  fixture *f = *state;
  char zPath[400], zErr[256] = "";
  snprintf(zPath, sizeof(zPath), "%s/no/such/dir/m.db", f->zDir);
  db *p = db_open(zPath, zErr, sizeof(zErr));
  assert_null(p);
  assert_true(zErr[0] != 0);
  assert_non_null(strstr(zErr, zPath));
  assert_null(strchr(zErr, '\n'));
  struct stat sb;
  char zSub[300];
  snprintf(zSub, sizeof(zSub), "%s/no", f->zDir);
  assert_int_equal(stat(zSub, &sb), -1);
}

/* db_open of a file that is not a database fails with a message, returns NULL
** and leaves the file's bytes as they were. */
static void test_open_garbage_file(void **state) {
  fixture *f = *state;
  unsigned char aGarbage[4096];
  for (size_t i = 0; i < sizeof(aGarbage); i++) aGarbage[i] = (unsigned char)(i * 7 + 13);
  FILE *fp = fopen(f->zPath, "wb");
  assert_non_null(fp);
  assert_int_equal(fwrite(aGarbage, 1, sizeof(aGarbage), fp), sizeof(aGarbage));
  fclose(fp);
  char zErr[256] = "";
  db *p = db_open(f->zPath, zErr, sizeof(zErr));
  assert_null(p);
  assert_true(zErr[0] != 0);
  assert_null(strchr(zErr, '\n'));
  unsigned char aBack[sizeof(aGarbage) + 1];
  fp = fopen(f->zPath, "rb");
  assert_non_null(fp);
  assert_int_equal(fread(aBack, 1, sizeof(aBack), fp), sizeof(aGarbage));
  fclose(fp);
  assert_memory_equal(aBack, aGarbage, sizeof(aGarbage));
  /* A text file is no database either. */
  fp = fopen(f->zPath, "w");
  assert_non_null(fp);
  fputs("this is not a database\n", fp);
  fclose(fp);
  zErr[0] = 0;
  assert_null(db_open(f->zPath, zErr, sizeof(zErr)));
  assert_true(zErr[0] != 0);
}

/* Two handles on one file can both write; each sees the other's rows. */
static void test_two_handles(void **state) {
  fixture *f = *state;
  db *pA = open_ok(f);
  db *pB = open_ok(f);
  gpu_info g = fake_gpu("u1");
  db_run_info ri = fake_run("build-A");
  long long iRunA = db_begin_run(pA, &g, &ri);
  long long iRunB = db_begin_run(pB, &g, &ri);
  assert_true(iRunA > 0 && iRunB > 0 && iRunA != iRunB);
  const double aMs[] = {1, 2, 3};
  char zKey[32];
  for (int i = 0; i < 10; i++) {
    snprintf(zKey, sizeof(zKey), "k%d", i);
    db_result r = ok_result(zKey, aMs, 3);
    assert_int_equal(db_add_result(i % 2 ? pB : pA, i % 2 ? iRunB : iRunA, "reduce", &r), 0);
  }
  assert_int_equal(db_have_result(pA, "u1", "reduce", "reduce", "build-A", "k1"), 1);
  assert_int_equal(db_have_result(pB, "u1", "reduce", "reduce", "build-A", "k0"), 1);
  assert_int_equal(db_end_run(pA, iRunA, "complete", NULL, 0), 0);
  assert_int_equal(db_end_run(pB, iRunB, "complete", NULL, 0), 0);
  db_close(pA);
  db_close(pB);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM device"), 1);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result"), 10);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result_sample WHERE ns = '1000000 2000000 3000000'"), 10);
  apply_results_views(f->zPath);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM latest"), 10);
}

/* Monotonic milliseconds. */
static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* A writer that finds the database locked by another process waits (busy
** timeout) and succeeds once the lock is released, instead of failing. */
static void test_busy_timeout_waits(void **state) {
  fixture *f = *state;
  db *p = open_ok(f);
  gpu_info g = fake_gpu("u1");
  db_run_info ri = fake_run("build-A");
  long long iRun = db_begin_run(p, &g, &ri);
  int aPipe[2];
  assert_int_equal(pipe(aPipe), 0);
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    /* Child: hold the write lock for 400 ms, then commit. */
    sqlite3 *pDb = NULL;
    close(aPipe[0]);
    if (sqlite3_open(f->zPath, &pDb) != SQLITE_OK) _exit(10);
    if (sqlite3_exec(pDb, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) _exit(11);
    if (write(aPipe[1], "L", 1) != 1) _exit(12);
    struct timespec ts = {0, 400 * 1000 * 1000};
    nanosleep(&ts, NULL);
    if (sqlite3_exec(pDb, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) _exit(13);
    sqlite3_close(pDb);
    _exit(0);
  }
  close(aPipe[1]);
  char c = 0;
  assert_int_equal(read(aPipe[0], &c, 1), 1);
  close(aPipe[0]);
  const double aMs[] = {1};
  db_result r = ok_result("k", aMs, 1);
  double t0 = now_ms();
  int rc = db_add_result(p, iRun, "reduce", &r);
  double msWaited = now_ms() - t0;
  int status = 0;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  assert_true(WIFEXITED(status));
  assert_int_equal(WEXITSTATUS(status), 0);
  if (rc != 0) fail_msg("db_add_result under a held lock failed: %s", db_errmsg(p));
  assert_true(msWaited >= 200); /* it did wait for the lock */
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result"), 1);
  db_close(p);
}

/* db_add_counter stores one value per (run, key, kernel, metric) with the
** configuration's columns, replacing a repeat; db_have_counters finds them
** only for the same set, build and device, and only in a profile run. */
static void test_add_counter(void **state) {
  fixture *f = *state;
  db *p = open_ok(f);
  gpu_info g = fake_gpu("u1");
  db_run_info ri = fake_run("build-A");
  long long iRun = db_begin_run(p, &g, &ri);
  db_counter c = {"k", "v1", NULL, 1024, 256, "{\"k\":3}", "kern", "dram__bytes_read.sum", 100, "byte",
                  2, "sum", "set1", 3, 90, 260};
  assert_int_equal(db_have_counters(p, "u1", ri.zBinary, "build-A", "k", "set1"), 0);
  assert_int_equal(db_begin(p), 0);
  assert_int_equal(db_add_counter(p, iRun, &c), 0);
  c.value = 200;
  assert_int_equal(db_add_counter(p, iRun, &c), 0);
  c.zMetric = "sm__throughput";
  c.value = 50;
  c.n = -1;
  c.nBlock = 0;
  assert_int_equal(db_add_counter(p, iRun, &c), 0);
  c.zKernel = "kern2";
  assert_int_equal(db_add_counter(p, iRun, &c), 0);
  assert_int_equal(db_commit(p), 0);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM counter"), 3);
  assert_int_equal(q_int(f->zPath, "SELECT value FROM counter WHERE metric='dram__bytes_read.sum'"), 200);
  assert_int_equal(q_int(f->zPath, "SELECT n + block + launches + json_extract(params, '$.k') FROM counter"
                                   " WHERE metric='dram__bytes_read.sum' AND variant = 'v1' AND dtype IS NULL"
                                   " AND combine = 'sum' AND kernel = 'kern' AND unit = 'byte'"), 1024 + 256 + 2 + 3);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM counter WHERE n IS NULL AND block IS NULL"), 2);
  /* The passes and their range. */
  assert_int_equal(q_int(f->zPath, "SELECT passes * 1000000 + min_value * 1000 + max_value FROM counter"
                                   " WHERE metric='dram__bytes_read.sum'"), 3 * 1000000 + 90 * 1000 + 260);
  /* A measure run's counters do not count as profiled. */
  assert_int_equal(db_have_counters(p, "u1", ri.zBinary, "build-A", "k", "set1"), 0);
  assert_int_equal(db_set_profile_run(p, iRun), 0);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM run WHERE kind = 'profile'"), 1);
  assert_int_equal(db_have_counters(p, "u1", ri.zBinary, "build-A", "k", "set1"), 1);
  assert_int_equal(db_have_counters(p, "u1", ri.zBinary, "build-A", "k", "set2"), 0);
  assert_int_equal(db_have_counters(p, "u1", ri.zBinary, "build-B", "k", "set1"), 0);
  assert_int_equal(db_have_counters(p, "u2", ri.zBinary, "build-A", "k", "set1"), 0);
  assert_int_equal(db_have_counters(p, "u1", ri.zBinary, "build-A", "k2", "set1"), 0);
  db_close(p);
}

/* db_exec runs several statements and reports a syntax error as -1 with a message. */
static void test_exec(void **state) {
  fixture *f = *state;
  db *p = open_ok(f);
  assert_int_equal(db_exec(p, "CREATE TABLE t(x); INSERT INTO t VALUES(1); INSERT INTO t VALUES(2);"), 0);
  assert_int_equal(q_int(f->zPath, "SELECT sum(x) FROM t"), 3);
  assert_int_equal(db_exec(p, "INSERT INTO nope VALUES(1)"), -1);
  assert_non_null(strstr(db_errmsg(p), "nope"));
  assert_string_equal(db_errmsg(NULL), "no database");
  db_close(p);
}

/* db_open's connection syncs at WAL checkpoints only (synchronous NORMAL = 1),
** not at every commit. */
static void test_open_synchronous_normal(void **state) {
  fixture *f = *state;
  db *p = open_ok(f);
  assert_int_equal(db_exec(p, "CREATE TABLE s AS SELECT synchronous AS v FROM pragma_synchronous"), 0);
  assert_int_equal(q_int(f->zPath, "SELECT v FROM s"), 1);
  db_close(p);
}

/* db_add_variants stores a registry in order (ord from 1) and a second call
** replaces the text of a key instead of adding a row; a study's rows leave
** another study's alone. */
static void test_add_variants(void **state) {
  fixture *f = *state;
  char z[256];
  db *p = open_ok(f);
  const db_variant aVar[] = {{"a", "first", "", "in-place", "seed 2"}, {"b", "second", "warp divergence", "", "modern"}};
  assert_int_equal(db_add_variants(p, "reduce", aVar, 2), 0);
  assert_int_equal(db_add_variants(p, "access", aVar, 1), 0);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM variant"), 3);
  assert_int_equal(q_int(f->zPath, "SELECT ord FROM variant WHERE study = 'reduce' AND variant = 'b'"), 2);
  assert_string_equal(q_text(f->zPath, "SELECT bottleneck FROM variant WHERE variant = 'b'", z, sizeof z),
                      "warp divergence");
  const db_variant aNew[] = {{"b", "second, renamed", "", "hopper-only", "modern"}};
  assert_int_equal(db_add_variants(p, "reduce", aNew, 1), 0);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM variant WHERE study = 'reduce'"), 2);
  assert_string_equal(q_text(f->zPath, "SELECT flags FROM variant WHERE variant = 'b'", z, sizeof z), "hopper-only");
  assert_int_equal(q_int(f->zPath, "SELECT ord FROM variant WHERE study = 'reduce' AND variant = 'b'"), 1);
  db_close(p);
}

/* Problem size and block size as db.h states: stored as given (n from 0,
** block from 1), NULL for n < 0 and block <= 0. */
static void test_n_and_block_columns(void **state) {
  fixture *f = *state;
  db *p = open_ok(f);
  gpu_info g = fake_gpu("u1");
  db_run_info ri = fake_run("build-A");
  long long iRun = db_begin_run(p, &g, &ri);
  const double aMs[] = {1, 2};
  db_result r = ok_result("k-small", aMs, 2);
  r.n = 0;
  r.nBlock = 1;
  assert_int_equal(db_add_result(p, iRun, "reduce", &r), 0);
  r = ok_result("k-none", aMs, 2);
  r.n = -1;
  r.nBlock = 0;
  assert_int_equal(db_add_result(p, iRun, "reduce", &r), 0);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM result WHERE config_key='k-small' AND n=0 AND block=1"), 1);
  assert_int_equal(
      q_int(f->zPath, "SELECT count(*) FROM result WHERE config_key='k-none' AND n IS NULL AND block IS NULL"), 1);
  db_close(p);
}

/* db_add_counter returns -1 when its INSERT cannot be prepared (here a TEMP
** table of that name, on this handle only, hides table counter). */
static void test_add_counter_fails(void **state) {
  fixture *f = *state;
  db *p = open_ok(f);
  gpu_info g = fake_gpu("u1");
  db_run_info ri = fake_run("build-A");
  long long iRun = db_begin_run(p, &g, &ri);
  db_counter c = {"k", "v1", NULL, 1024, 256, "{}", "kern", "dram__bytes_read.sum", 100, "byte", 1, "sum", "set1",
                  0, 0, 0};
  assert_int_equal(db_exec(p, "CREATE TEMP TABLE counter(x)"), 0);
  assert_int_equal(db_add_counter(p, iRun, &c), -1);
  assert_int_equal(db_exec(p, "DROP TABLE temp.counter"), 0);
  assert_int_equal(db_add_counter(p, iRun, &c), 0);
  db_close(p);
}

/* The trials' support: the run's facts and phases are stored; a run is
** dropped whole; db_verified() finds an ok result of the same build, binary
** and GPU in any trial, and nothing else; db_add_phase() replaces a phase. */
static void test_trial_support(void **state) {
  fixture *f = *state;
  db *p = open_ok(f);
  gpu_info g = fake_gpu("u1");
  db_run_info ri = fake_run("build-A");
  char z[256];
  int bNull = 0;
  long long iRun = db_begin_run(p, &g, &ri);
  db_run_facts facts = {3.25, "CPU X", "OS Y", "3.0.1", "application clocks at default (SM 1980 MHz)", 2.5, "580.95.05"};
  assert_int_equal(db_set_run_facts(p, iRun, &facts), 0);
  assert_int_equal(db_set_run_phases(p, iRun, 1.5, 2.5, 4.0), 0);
  assert_true(fabs(q_real(f->zPath, "SELECT launch_us FROM run", &bNull) - 3.25) < 1e-12);
  assert_true(fabs(q_real(f->zPath, "SELECT launch_bare_us FROM run", &bNull) - 2.5) < 1e-12);
  assert_string_equal(q_text(f->zPath, "SELECT cpu_model || '|' || os_name || '|' || cccl_version || '|' || clock_lock"
                                       " || '|' || driver_release FROM run", z, sizeof(z)),
                      "CPU X|OS Y|3.0.1|application clocks at default (SM 1980 MHz)|580.95.05");
  assert_true(fabs(q_real(f->zPath, "SELECT setup_s * 100 + verify_s * 10 + sample_s FROM run", &bNull) - 179.0) < 1e-9);
  assert_int_equal(db_set_run_facts(p, 9999, &facts), -1); /* no such run */
  assert_int_equal(db_set_run_phases(p, 9999, 1, 1, 1), -1);
  /* Verified: an ok result of this build, binary and GPU, whatever the trial. */
  double aMs[3] = {1, 2, 3};
  db_result r = ok_result("key-ok", aMs, 3);
  assert_int_equal(db_add_result(p, iRun, "reduce", &r), 0);
  assert_int_equal(db_end_run(p, iRun, "complete", NULL, 0), 0);
  assert_int_equal(db_verified(p, "u1", "reduce", "reduce", "build-A", "key-ok"), 1);
  assert_int_equal(db_verified(p, "u2", "reduce", "reduce", "build-A", "key-ok"), 0);
  assert_int_equal(db_verified(p, "u1", "reduce", "reduce", "build-B", "key-ok"), 0);
  assert_int_equal(db_verified(p, "u1", "reduce", "other", "build-A", "key-ok"), 0);
  assert_int_equal(db_verified(p, "u1", "reduce", "reduce", "build-A", "key-other"), 0);
  db_result rf = ok_result("key-failed", aMs, 3);
  rf.zStatus = "failed";
  rf.zError = "mismatch";
  assert_int_equal(db_add_result(p, iRun, "reduce", &rf), 0);
  assert_int_equal(db_verified(p, "u1", "reduce", "reduce", "build-A", "key-failed"), 0);
  /* A copy probe of 0 (not measured) is stored as NULL. */
  assert_int_equal(q_int(f->zPath, "SELECT copy_gbps_end IS NULL FROM run"), 1);
  /* An empty run goes whole, with its readings; the other stays. */
  long long iEmpty = db_begin_run(p, &g, &ri);
  nvml_env e;
  memset(&e, 0, sizeof(e));
  e.mValid = NVML_HAVE_TEMP;
  e.tempC = 40;
  assert_int_equal(db_add_run_env(p, iEmpty, "start", &e), 0);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM run"), 2);
  assert_int_equal(db_drop_run(p, iEmpty), 0);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM run"), 1);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM run_env"), 0);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM live_run"), 0);
  assert_int_equal(q_int(f->zPath, "SELECT run_id FROM run"), iRun);
  /* Phases of a measure: one row per session, GPU and phase, replaced. */
  assert_int_equal(db_add_phase(p, "s1", "u1", "sample", 10.0, 3), 0);
  assert_int_equal(db_add_phase(p, "s1", "u1", "sample", 12.0, 3), 0);
  assert_int_equal(db_add_phase(p, "s1", "u1", "build", 5.0, 3), 0);
  assert_int_equal(db_add_phase(p, "s1", "u1", "nonsense", 5.0, 3), -1); /* not a phase */
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM measure_phase"), 2);
  assert_int_equal(q_int(f->zPath, "SELECT sum(seconds) + 100 * max(trials) FROM measure_phase"), 317);
  db_close(p);
}

/* A database made before the run and counter columns of the trials exists
** (with table result_sample: of this schema otherwise) gains them on open,
** its rows kept. */
static void test_new_columns_added(void **state) {
  fixture *f = *state;
  sqlite3 *pDb = NULL;
  assert_int_equal(sqlite3_open(f->zPath, &pDb), SQLITE_OK);
  assert_int_equal(sqlite3_exec(pDb,
      "PRAGMA application_id = 1196447085; PRAGMA user_version = 3;" /* DB_APPLICATION_ID */
      "CREATE TABLE run (run_id INTEGER PRIMARY KEY, study TEXT NOT NULL, binary TEXT NOT NULL,"
      " device_id INTEGER, status TEXT NOT NULL, started_utc TEXT NOT NULL, finished_utc TEXT, argv TEXT NOT NULL,"
      " host TEXT, git_commit TEXT, git_dirty INTEGER, build_id TEXT NOT NULL, nvcc_version TEXT, nvcc_flags TEXT,"
      " driver_version INTEGER, runtime_version INTEGER, copy_gbps_start REAL, copy_gbps_end REAL,"
      " warmups INTEGER, max_reps INTEGER, note TEXT, run_uuid TEXT, kind TEXT NOT NULL DEFAULT 'measure',"
      " read_gbps REAL, repeat_index INTEGER);"
      "INSERT INTO run(study, binary, status, started_utc, argv, build_id) VALUES('reduce','reduce','complete',"
      " '2026-01-01T00:00:00Z', 'reduce', 'b');"
      "CREATE TABLE counter (run_id INTEGER NOT NULL, config_key TEXT NOT NULL, metric TEXT NOT NULL, value REAL,"
      " unit TEXT, variant TEXT, dtype TEXT, n INTEGER, block INTEGER, params TEXT NOT NULL DEFAULT '{}',"
      " kernel TEXT NOT NULL DEFAULT '', launches INTEGER, combine TEXT, metric_set TEXT,"
      " PRIMARY KEY (run_id, config_key, kernel, metric));"
      /* table result before launches and floor_us, its samples beside it */
      "CREATE TABLE result ( result_id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL REFERENCES run(run_id), "
      "study TEXT NOT NULL, config_key TEXT NOT NULL, variant TEXT NOT NULL, dtype TEXT, n INTEGER, block "
      "INTEGER, params TEXT NOT NULL DEFAULT '{}', cache TEXT NOT NULL CHECK (cache IN ('cold','warm')), "
      "timer TEXT NOT NULL CHECK (timer IN ('cuda-event','host-clock')), status TEXT NOT NULL CHECK (status "
      "IN ('ok','failed','skipped')), error TEXT, max_err REAL, tolerance REAL, reps INTEGER, bytes_read INTEGER, "
      "bytes_written INTEGER, created_utc TEXT NOT NULL, flush TEXT, mode TEXT NOT NULL DEFAULT 'single' "
      "CHECK (mode IN ('single','batch','graph')), stop_reason TEXT, clock_mhz REAL, clock_discarded INTEGER);"
      "CREATE TABLE result_sample (result_id INTEGER PRIMARY KEY REFERENCES result(result_id), ns TEXT NOT NULL);",
      NULL, NULL, NULL), SQLITE_OK);
  sqlite3_close(pDb);
  db *p = open_ok(f);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM pragma_table_info('run') WHERE name IN ('launch_us',"
                                   " 'cpu_model', 'os_name', 'cccl_version', 'clock_lock', 'setup_s', 'verify_s',"
                                   " 'sample_s', 'launch_bare_us')"), 9);
  /* Added with their declared types (an untyped column would take any text). */
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM pragma_table_info('run') WHERE name IN ('launch_us',"
                                   " 'setup_s', 'verify_s', 'sample_s', 'launch_bare_us') AND type = 'REAL'"), 5);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM pragma_table_info('counter') WHERE name IN ('passes',"
                                   " 'min_value', 'max_value')"), 3);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM pragma_table_info('result') WHERE (name, type) IN"
                                   " (VALUES ('launches', 'INTEGER'), ('floor_us', 'REAL'))"), 2);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM pragma_table_info('run') WHERE name = 'session'"
                                   " AND type = 'TEXT'"), 1);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM pragma_table_info('run') WHERE name = 'driver_release'"
                                   " AND type = 'TEXT'"), 1);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM run WHERE launch_us IS NULL"), 1);
  db_close(p);
  p = open_ok(f); /* a second open adds nothing and fails nothing */
  db_close(p);
}

/* A database made before every sample was stored (schema 2: frozen
** statistics in result, table sample; or unmarked, as before the mark) is
** refused with one line that says so, and left as it was; a database of
** today's schema that lacks only result_sample (a hand-made one) too. */
static void test_old_schema_refused(void **state) {
  fixture *f = *state;
  static const char *const azMark[] = {"PRAGMA application_id = 1196447085; PRAGMA user_version = 2;", ""};
  for (int i = 0; i < 2; i++) {
    sqlite3 *pDb = NULL;
    unlink(f->zPath);
    assert_int_equal(sqlite3_open(f->zPath, &pDb), SQLITE_OK);
    assert_int_equal(sqlite3_exec(pDb, azMark[i], NULL, NULL, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_exec(pDb,
        "CREATE TABLE device (device_id INTEGER PRIMARY KEY, uuid TEXT NOT NULL UNIQUE, name TEXT NOT NULL);"
        "CREATE TABLE run (run_id INTEGER PRIMARY KEY, study TEXT NOT NULL, binary TEXT NOT NULL,"
        " device_id INTEGER, status TEXT NOT NULL, started_utc TEXT NOT NULL, argv TEXT NOT NULL,"
        " build_id TEXT NOT NULL);"
        "CREATE TABLE result (result_id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL, study TEXT NOT NULL,"
        " config_key TEXT NOT NULL, reps INTEGER, median_ms REAL, ci_lo_ms REAL, ci_hi_ms REAL);"
        "CREATE TABLE sample (result_id INTEGER NOT NULL, rep INTEGER NOT NULL, ms REAL NOT NULL,"
        " PRIMARY KEY (result_id, rep)) WITHOUT ROWID;"
        "INSERT INTO result VALUES (1, 1, 'reduce', 'k', 300, 0.5, 0.49, 0.51);", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(pDb);
    char zErr[400] = "";
    assert_null(db_open(f->zPath, zErr, sizeof(zErr)));
    if (!strstr(zErr, "made before every sample was stored (schema ") || strchr(zErr, '\n'))
      fail_msg("error: %s", zErr);
    assert_non_null(strstr(zErr, i == 0 ? "(schema 2)" : "(schema 0)"));
    assert_non_null(strstr(zErr, "nothing changed"));
    char z[64];
    assert_string_equal(q_text(f->zPath, "SELECT count(*) || ' ' || median_ms FROM result", z, sizeof z), "1 0.5");
    assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM sqlite_master WHERE name = 'result_sample'"), 0);
    assert_int_equal(q_int(f->zPath, "PRAGMA user_version"), i == 0 ? 2 : 0);
  }
}

/* db_add_reference (the minimal harness, table reference_timing): the
** device row is the one a run of the same GPU uses (one row, one id), the
** rows read back as stored with host, driver and MEASURE_SESSION filled in
** and a zero clock stored NULL; a set with one bad row ('bogus' breaks the
** CHECK on what) stores nothing. */
static void test_add_reference(void **state) {
  fixture *f = *state;
  db *p = open_ok(f);
  gpu_info g = fake_gpu("00112233445566778899aabbccddeeff");
  db_run_info ri = fake_run("b1");
  assert_true(db_begin_run(p, &g, &ri) > 0);
  const double aCub[] = {7.25, 7.0, 7.5, 9.0}, aEmpty[] = {3.5, 3.4};   /* microseconds */
  db_reference a[2] = {
      {"bench-1", 2, "2026-01-01T00:00:00Z", "3.0.0", "abc", "cub", "int32", 65536, 1, 4, 3, 50LL << 20,
       aCub, 1980.0},
      {"bench-1", 2, "2026-01-01T00:00:00Z", "3.0.0", "abc", "empty", NULL, 0, 1, 2, 0, 50LL << 20,
       aEmpty, 0.0}};
  setenv("MEASURE_SESSION", "sess-x", 1);
  assert_int_equal(db_add_reference(p, &g, a, 2), 0);
  unsetenv("MEASURE_SESSION");
  char z[128];
  int bNull = 0;
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM device"), 1);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM reference_timing r JOIN run u USING (device_id)"), 2);
  assert_string_equal(q_text(f->zPath, "SELECT group_concat(what || ':' || n || ':' || repeat || ':' || trial"
                                       " || ':' || samples || ':' || discarded, ' ') FROM (SELECT * FROM"
                                       " reference_timing ORDER BY what)", z, sizeof z),
                      "cub:65536:1:2:4:3 empty:0:1:2:2:0");
  assert_string_equal(q_text(f->zPath, "SELECT session || ' ' || driver_version || ' ' || cccl_version || ' '"
                                       " || coalesce(dtype, '-') || ' ' || (host = (SELECT host FROM run))"
                                       " FROM reference_timing WHERE what = 'cub'", z, sizeof z),
                      "sess-x 13000 3.0.0 int32 1");
  /* every kept sample, whole nanoseconds, in the order taken; no statistic */
  assert_string_equal(q_text(f->zPath, "SELECT group_concat(ns, '|') FROM (SELECT ns FROM reference_timing"
                                       " ORDER BY what)", z, sizeof z), "7250 7000 7500 9000|3500 3400");
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM pragma_table_info('reference_timing') WHERE name LIKE"
                                   " '%\\_us' ESCAPE '\\'"), 0);
  q_real(f->zPath, "SELECT clock_mhz FROM reference_timing WHERE what = 'empty'", &bNull);
  assert_true(bNull);
  assert_near(q_real(f->zPath, "SELECT clock_mhz FROM reference_timing WHERE what = 'cub'", &bNull), 1980.0, 0);
  /* All or none: the second row is refused, so the first is not kept either. */
  db_reference b[2] = {a[0], a[1]};
  b[0].zBench = b[1].zBench = "bench-2";
  b[1].zWhat = "bogus";
  assert_int_equal(db_add_reference(p, &g, b, 2), -1);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM reference_timing WHERE bench_uuid = 'bench-2'"), 0);
  /* A new GPU gets its device row here. */
  gpu_info g2 = fake_gpu("ffeeddccbbaa99887766554433221100");
  b[1].zWhat = "empty";
  assert_int_equal(db_add_reference(p, &g2, b, 2), 0);
  assert_int_equal(q_int(f->zPath, "SELECT count(DISTINCT device_id) FROM reference_timing"), 2);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM device WHERE uuid = 'ffeeddccbbaa99887766554433221100'"
                                   " AND sm_count = 132 AND l2_bytes = 52428800"), 1);
  db_close(p);
}

/* reference_timing's what took 'cub' and 'empty' until CUB with 32-bit
** offsets ('cub32', issue 47) joined them: a fresh database takes all three
** and still refuses others; a schema-3 database made with the old CHECK (by
** a build from before cub32: schema 3 kept its number) gets the table made
** again on open (the schema's statement), its rows kept as they were, and
** then takes 'cub32' too; a second open changes nothing. */
static void test_reference_cub32(void **state) {
  fixture *f = *state;
  db *p = open_ok(f);
  gpu_info g = fake_gpu("00112233445566778899aabbccddeeff");
  const double aCub[] = {7.25, 7.0, 7.5}, aCub32[] = {7.0, 6.9}; /* microseconds */
  db_reference a[3] = {
      {"bench-1", 1, "2026-01-01T00:00:00Z", "3.0.0", "abc", "cub", "int32", 65536, 1, 3, 0, 50LL << 20,
       aCub, 1980.0},
      {"bench-1", 1, "2026-01-01T00:00:00Z", "3.0.0", "abc", "cub32", "int32", 65536, 1, 2, 0, 50LL << 20,
       aCub32, 1980.0},
      {"bench-2", 1, "2026-01-01T00:00:00Z", "3.0.0", "abc", "cub64", "int32", 65536, 1, 2, 0, 50LL << 20,
       aCub32, 1980.0}};
  char z[128];
  assert_int_equal(db_add_reference(p, &g, a, 2), 0);
  assert_int_equal(db_add_reference(p, &g, &a[2], 1), -1); /* the CHECK still holds */
  db_close(p);
  /* The table as schema 3 first made it (its CHECK without 'cub32'), holding the cub row. */
  sqlite3 *pDb = NULL;
  assert_int_equal(sqlite3_open(f->zPath, &pDb), SQLITE_OK);
  assert_int_equal(sqlite3_exec(pDb,
      "DELETE FROM reference_timing WHERE what = 'cub32';"
      "ALTER TABLE reference_timing RENAME TO rt_new;"
      "CREATE TABLE reference_timing (bench_uuid TEXT NOT NULL, device_id INTEGER NOT NULL REFERENCES"
      " device(device_id), session TEXT, trial INTEGER NOT NULL, started_utc TEXT NOT NULL, host TEXT,"
      " driver_version INTEGER, runtime_version INTEGER, cccl_version TEXT, git_commit TEXT,"
      " what TEXT NOT NULL CHECK (what IN ('cub','empty')), dtype TEXT, n INTEGER NOT NULL,"
      " repeat INTEGER NOT NULL, samples INTEGER NOT NULL, discarded INTEGER NOT NULL, flush_bytes INTEGER NOT NULL,"
      " ns TEXT NOT NULL, clock_mhz REAL,"
      " PRIMARY KEY (bench_uuid, trial, what, n, repeat));"
      "INSERT INTO reference_timing SELECT * FROM rt_new; DROP TABLE rt_new;", NULL, NULL, NULL), SQLITE_OK);
  sqlite3_close(pDb);
  const char *zHasCub32 = "SELECT instr(sql, '''cub32''') > 0 FROM sqlite_master WHERE name = 'reference_timing'";
  assert_int_equal(q_int(f->zPath, zHasCub32), 0);
  p = open_ok(f);
  assert_int_equal(q_int(f->zPath, zHasCub32), 1);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM sqlite_master WHERE name LIKE 'reference_timing%'"), 1);
  assert_int_equal(q_int(f->zPath, "SELECT count(*) FROM reference_timing WHERE what = 'cub' AND n = 65536"
                                   " AND ns = '7250 7000 7500' AND clock_mhz = 1980 AND bench_uuid = 'bench-1'"
                                   " AND device_id = (SELECT device_id FROM device)"), 1);
  a[1].zBench = "bench-3";
  assert_int_equal(db_add_reference(p, &g, &a[1], 1), 0);
  assert_int_equal(db_add_reference(p, &g, &a[2], 1), -1);
  db_close(p);
  p = open_ok(f);
  db_close(p);
  assert_string_equal(q_text(f->zPath, "SELECT group_concat(bench_uuid || ':' || what, ' ') FROM"
                                       " (SELECT * FROM reference_timing ORDER BY what)", z, sizeof z),
                      "bench-1:cub bench-3:cub32");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_add_reference, setup, teardown),
      cmocka_unit_test_setup_teardown(test_reference_cub32, setup, teardown),
      cmocka_unit_test_setup_teardown(test_open_creates_schema, setup, teardown),
      cmocka_unit_test_setup_teardown(test_begin_run, setup, teardown),
      cmocka_unit_test_setup_teardown(test_add_ok_result, setup, teardown),
      cmocka_unit_test_setup_teardown(test_add_failed_result, setup, teardown),
      cmocka_unit_test_setup_teardown(test_have_result, setup, teardown),
      cmocka_unit_test_setup_teardown(test_end_run, setup, teardown),
      cmocka_unit_test_setup_teardown(test_latest_view, setup, teardown),
      cmocka_unit_test_setup_teardown(test_rollback_on_refused_result, setup, teardown),
      cmocka_unit_test_setup_teardown(test_rollback_mid_way, setup, teardown),
      cmocka_unit_test_setup_teardown(test_open_missing_dir, setup, teardown),
      cmocka_unit_test_setup_teardown(test_open_garbage_file, setup, teardown),
      cmocka_unit_test_setup_teardown(test_two_handles, setup, teardown),
      cmocka_unit_test_setup_teardown(test_busy_timeout_waits, setup, teardown),
      cmocka_unit_test_setup_teardown(test_add_counter, setup, teardown),
      cmocka_unit_test_setup_teardown(test_exec, setup, teardown),
      cmocka_unit_test_setup_teardown(test_open_synchronous_normal, setup, teardown),
      cmocka_unit_test_setup_teardown(test_add_variants, setup, teardown),
      cmocka_unit_test_setup_teardown(test_n_and_block_columns, setup, teardown),
      cmocka_unit_test_setup_teardown(test_add_counter_fails, setup, teardown),
      cmocka_unit_test_setup_teardown(test_trial_support, setup, teardown),
      cmocka_unit_test_setup_teardown(test_new_columns_added, setup, teardown),
      cmocka_unit_test_setup_teardown(test_old_schema_refused, setup, teardown),
      cmocka_unit_test_setup_teardown(test_add_impossible_sample, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
