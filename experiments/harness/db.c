/*
** experiments/harness/db.c: the measurement database writer.
*/
#include "experiments/harness/db.h"

#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <stdarg.h>
#include <errno.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

/* A heartbeat older than this marks a live_run of another host dead. */
#define DB_HEARTBEAT_TTL_S 600

/* An open database and its prepared statements. */
struct db {
  sqlite3 *pDb;
  sqlite3_stmt *pInsResult;   /* INSERT INTO result */
  sqlite3_stmt *pInsSample;   /* INSERT INTO result_sample */
  sqlite3_stmt *pHave;        /* resume lookup */
  int iRepeat;                /* resume counts only runs with this repeat index (1 by default) */
  char zFail[256];            /* the error a rollback() followed */
};

/* UTC time iAgo seconds ago as ISO 8601 into z (such strings sort by time). */
static void utc_ago(char *z, size_t n, long iAgo) {
  time_t t = time(NULL) - iAgo;
  struct tm tm;
  gmtime_r(&t, &tm);
  strftime(z, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* Current UTC time as ISO 8601 into z. */
static void utc_now(char *z, size_t n) { utc_ago(z, n, 0); }

/* This machine's host name into z. */
static void host_name(char *z, size_t n) {
  snprintf(z, n, "unknown");
  gethostname(z, n - 1);
  z[n - 1] = 0;
}

const char *db_errmsg(db *p) {
  if (!p || !p->pDb) return "no database";
  /* The cause of a rollback, not what SQLite says after it ("not an error"). */
  return p->zFail[0] ? p->zFail : sqlite3_errmsg(p->pDb);
}

/* Start of a writing call: no failure recorded yet, errno clear. */
static void begin_call(db *p) {
  p->zFail[0] = 0;
  errno = 0;
}

int db_exec(db *p, const char *zSql) {
  return sqlite3_exec(p->pDb, zSql, NULL, NULL, NULL) == SQLITE_OK ? 0 : -1;
}

/* PRAGMA quick_check: SQLITE_OK with z empty if the file is sound (or
** empty), with z holding the first problem if not; an error code if the
** file cannot be read as a database at all. */
static int quick_check(sqlite3 *pDb, char *z, size_t n) {
  sqlite3_stmt *pStmt = NULL;
  int rc = sqlite3_prepare_v2(pDb, "PRAGMA quick_check(1)", -1, &pStmt, NULL);
  if (rc == SQLITE_OK && (rc = sqlite3_step(pStmt)) == SQLITE_ROW) {
    const char *zRow = (const char *)sqlite3_column_text(pStmt, 0);
    if (zRow && strcmp(zRow, "ok") != 0) snprintf(z, n, "%s", zRow);
    rc = SQLITE_OK;
  }
  if (rc == SQLITE_DONE) rc = SQLITE_OK;
  sqlite3_finalize(pStmt);
  return rc;
}

/* Switch to WAL. Two processes creating one database at once can get
** SQLITE_BUSY here without the busy handler being asked, so retry for as
** long as the busy timeout (60 s) before giving up. */
static int set_wal(sqlite3 *pDb) {
  int rc = SQLITE_BUSY;
  for (int i = 0; i < 6000 && (rc == SQLITE_BUSY || rc == SQLITE_LOCKED); i++) {
    if (i) sqlite3_sleep(10);
    rc = sqlite3_exec(pDb, "PRAGMA journal_mode=WAL;", NULL, NULL, NULL);
  }
  return rc;
}

/* For a plain path (not a URI) to a file that does not exist yet: its
** directory must exist and be writable. 0, or -1 with the reason in zErr. */
static int check_directory(const char *zPath, char *zErr, size_t nErr) {
  struct stat st;
  if (!strncmp(zPath, "file:", 5) || !strcmp(zPath, ":memory:") || !stat(zPath, &st)) return 0;
  char zDir[4096];
  const char *zSlash = strrchr(zPath, '/');
  if (!zSlash) snprintf(zDir, sizeof(zDir), ".");
  else snprintf(zDir, sizeof(zDir), "%.*s", zSlash == zPath ? 1 : (int)(zSlash - zPath), zPath);
  if (stat(zDir, &st) || !S_ISDIR(st.st_mode)) {
    snprintf(zErr, nErr, "cannot create database '%s': directory '%s' does not exist (%s)", zPath, zDir,
             strerror(errno ? errno : ENOTDIR));
    return -1;
  }
  if (access(zDir, W_OK | X_OK)) {
    snprintf(zErr, nErr, "cannot create database '%s': directory '%s' is not writable (%s)", zPath, zDir,
             strerror(errno));
    return -1;
  }
  return 0;
}

/* The value of an integer PRAGMA or of a one-row query, or -1. */
static long long query_int(sqlite3 *pDb, const char *zSql) {
  sqlite3_stmt *pStmt = NULL;
  long long v = -1;
  if (sqlite3_prepare_v2(pDb, zSql, -1, &pStmt, NULL) == SQLITE_OK && sqlite3_step(pStmt) == SQLITE_ROW)
    v = sqlite3_column_int64(pStmt, 0);
  sqlite3_finalize(pStmt);
  return v;
}

/* Columns the schema gained after databases were made with it: CREATE TABLE
** IF NOT EXISTS leaves an older table as it is, so each is added where it is
** missing (a database without the table gets it whole from the schema). A
** database made before result_sample is refused before (check_ours); one
** with it that lacks a column here (copied or trimmed by hand, and the
** columns a later version adds) gains it. */
static const struct { const char *zTable, *zColumn, *zDecl; } aNewColumn[] = {
  {"run", "launch_us", "REAL"},      {"run", "cpu_model", "TEXT"},   {"run", "os_name", "TEXT"},
  {"run", "cccl_version", "TEXT"},   {"run", "clock_lock", "TEXT"},  {"run", "setup_s", "REAL"},
  {"run", "verify_s", "REAL"},       {"run", "sample_s", "REAL"},    {"counter", "passes", "INTEGER"},
  {"counter", "min_value", "REAL"},  {"counter", "max_value", "REAL"},  {"run", "launch_bare_us", "REAL"},
  {"result", "launches", "INTEGER"}, {"result", "floor_us", "REAL"},      {"run", "session", "TEXT"},
  {"run", "driver_release", "TEXT"},
};

/* Inside the schema's transaction: ALTER TABLE ADD COLUMN for every column of
** aNewColumn that its (existing) table lacks. An SQLite result code. */
static int add_new_columns(sqlite3 *pDb) {
  int rc = SQLITE_OK;
  for (size_t i = 0; rc == SQLITE_OK && i < sizeof(aNewColumn) / sizeof(aNewColumn[0]); i++) {
    sqlite3_stmt *s = NULL;
    int bTable = 0, bColumn = 0;
    rc = sqlite3_prepare_v2(pDb, "SELECT name FROM pragma_table_info(?1)", -1, &s, NULL);
    if (rc == SQLITE_OK) sqlite3_bind_text(s, 1, aNewColumn[i].zTable, -1, SQLITE_STATIC);
    while (rc == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW) {
      bTable = 1;
      if (!strcmp((const char *)sqlite3_column_text(s, 0), aNewColumn[i].zColumn)) bColumn = 1;
    }
    sqlite3_finalize(s);
    if (bTable && !bColumn) { /* bTable: the table was read, rc is SQLITE_OK */
      char *zSql = sqlite3_mprintf("ALTER TABLE \"%w\" ADD COLUMN \"%w\" %s", aNewColumn[i].zTable,
                                   aNewColumn[i].zColumn, aNewColumn[i].zDecl);
      rc = zSql ? sqlite3_exec(pDb, zSql, NULL, NULL, NULL) : SQLITE_NOMEM;
      sqlite3_free(zSql);
    }
  }
  return rc;
}

/* Tables whose CREATE statement changed in a way ALTER TABLE cannot make
** (a CHECK widened): where a database's stored statement lacks zMarker, the
** table is set aside under zTable "_rebuilt", made again by the schema, its
** rows copied back by column name, and the old one dropped, all inside the
** schema's transaction (nothing else references these tables). A database
** of schema 2 is refused before (check_ours: no result_sample), so what this
** still rebuilds is a schema-3 one made by a build from before 'cub32'
** joined the CHECK (schema 3 kept its version number when it did). */
static const struct { const char *zTable, *zMarker; } aRebuilt[] = {
  {"reference_timing", "'cub32'"}, /* what: CUB with 32-bit offsets too (issue 47) */
};

/* Step 1 of the rebuild, before the schema runs: rename every table of
** aRebuilt whose statement lacks its marker. An SQLite result code. */
static int rebuild_set_aside(sqlite3 *pDb) {
  int rc = SQLITE_OK;
  for (size_t i = 0; rc == SQLITE_OK && i < sizeof(aRebuilt) / sizeof(aRebuilt[0]); i++) {
    char *zSql = sqlite3_mprintf("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = %Q"
                                 " AND instr(sql, %Q) = 0", aRebuilt[i].zTable, aRebuilt[i].zMarker);
    const long long nOld = zSql ? query_int(pDb, zSql) : -1;
    sqlite3_free(zSql);
    if (nOld < 0) return SQLITE_ERROR;
    if (nOld == 0) continue;
    zSql = sqlite3_mprintf("ALTER TABLE \"%w\" RENAME TO \"%w_rebuilt\"", aRebuilt[i].zTable, aRebuilt[i].zTable);
    rc = zSql ? sqlite3_exec(pDb, zSql, NULL, NULL, NULL) : SQLITE_NOMEM;
    sqlite3_free(zSql);
  }
  return rc;
}

/* Step 2, after the schema made the tables again: copy the rows of every
** table set aside (the columns both have) and drop it. An SQLite result code. */
static int rebuild_copy_back(sqlite3 *pDb) {
  int rc = SQLITE_OK;
  for (size_t i = 0; rc == SQLITE_OK && i < sizeof(aRebuilt) / sizeof(aRebuilt[0]); i++) {
    const char *zNew = aRebuilt[i].zTable;
    char *zOld = sqlite3_mprintf("%s_rebuilt", zNew), *zCols = NULL, *zSql = NULL;
    sqlite3_stmt *s = NULL;
    /* The columns of the old table the new one has, quoted; NULL: no old table. */
    rc = zOld ? sqlite3_prepare_v2(pDb, "SELECT group_concat('\"' || replace(name, '\"', '\"\"') || '\"', ', ')"
                                        " FROM pragma_table_info(?1) WHERE name IN"
                                        " (SELECT name FROM pragma_table_info(?2))", -1, &s, NULL)
              : SQLITE_NOMEM;
    if (rc == SQLITE_OK) {
      sqlite3_bind_text(s, 1, zOld, -1, SQLITE_STATIC);
      sqlite3_bind_text(s, 2, zNew, -1, SQLITE_STATIC);
      if (sqlite3_step(s) != SQLITE_ROW) rc = sqlite3_errcode(pDb) != SQLITE_OK ? sqlite3_errcode(pDb) : SQLITE_ERROR;
      else if (sqlite3_column_text(s, 0) && !(zCols = sqlite3_mprintf("%s", (const char *)sqlite3_column_text(s, 0)))) rc = SQLITE_NOMEM;
    }
    sqlite3_finalize(s);
    if (rc == SQLITE_OK && zCols) {
      zSql = sqlite3_mprintf("INSERT INTO \"%w\"(%s) SELECT %s FROM \"%w\"; DROP TABLE \"%w\";", zNew, zCols, zCols,
                             zOld, zOld);
      rc = zSql ? sqlite3_exec(pDb, zSql, NULL, NULL, NULL) : SQLITE_NOMEM;
    }
    sqlite3_free(zSql);
    sqlite3_free(zCols);
    sqlite3_free(zOld);
  }
  return rc;
}

/* Whether the opened file may become or is one of the project's databases:
** empty, marked with DB_APPLICATION_ID, or unmarked with the project's
** tables (made before the mark); and not one made before every sample was
** stored (a result table without result_sample beside it: its samples are
** thinned and its statistics frozen, which this build neither reads nor
** writes). 0, or -1 with the reason in zErr. */
static int check_ours(sqlite3 *pDb, const char *zPath, char *zErr, size_t nErr) {
  long long iApp = query_int(pDb, "PRAGMA application_id");
  long long nObj = query_int(pDb, "SELECT count(*) FROM sqlite_master");
  long long nOurs = query_int(pDb, "SELECT count(*) FROM sqlite_master WHERE type = 'table'"
                                   " AND name IN ('device', 'run', 'result')");
  long long nSamples = query_int(pDb, "SELECT count(*) FROM sqlite_master WHERE type = 'table'"
                                      " AND name = 'result_sample'");
  long long bResult = query_int(pDb, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'result'");
  if (iApp < 0 || nObj < 0 || nOurs < 0 || nSamples < 0 || bResult < 0) {
    snprintf(zErr, nErr, "cannot open database '%s': %s", zPath, sqlite3_errmsg(pDb));
    return -1;
  }
  if (iApp != DB_APPLICATION_ID && nObj != 0 && !(iApp == 0 && nOurs == 3)) {
    snprintf(zErr, nErr, "refusing database '%s': not a measurement database of this project "
             "(application_id %lld, %lld schema objects): nothing changed", zPath, iApp, nObj);
    return -1;
  }
  if (bResult && !nSamples) {
    snprintf(zErr, nErr, "refusing database '%s': " DB_OLD_SAMPLES_WHY " (schema %lld): its results hold"
             " frozen statistics and at most 256 samples each; measure into a new database (remove it, or"
             " name another with --db); nothing changed", zPath, query_int(pDb, "PRAGMA user_version"));
    return -1;
  }
  return 0;
}

db *db_open(const char *zPath, char *zErr, size_t nErr) {
  if (check_directory(zPath, zErr, nErr)) return NULL;
  db *p = calloc(1, sizeof(*p));
  if (!p) {
    snprintf(zErr, nErr, "out of memory");
    return NULL;
  }
  /* URI names work too: 'file:m.db?mode=ro' opens read-only even for root. */
  int rc = sqlite3_open_v2(zPath, &p->pDb, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI, NULL);
  if (rc == SQLITE_OK) rc = sqlite3_busy_timeout(p->pDb, 60000);
  /* A read-only database is refused before it is read: reading one in WAL
  ** mode would leave -wal and -shm files that a read-only connection cannot
  ** remove. */
  if (rc == SQLITE_OK && sqlite3_db_readonly(p->pDb, "main") == 1) {
    snprintf(zErr, nErr, "cannot write database '%s': it is read-only (readonly): nothing changed", zPath);
    db_close(p);
    return NULL;
  }
  /* Check before the first write, which would change a damaged file. */
  char zCheck[200] = "";
  if (rc == SQLITE_OK) rc = quick_check(p->pDb, zCheck, sizeof(zCheck));
  if (rc == SQLITE_OK && zCheck[0]) {
    snprintf(zErr, nErr, "cannot open database '%s': corrupt file (%s)", zPath, zCheck);
    db_close(p);
    return NULL;
  }
  if (rc == SQLITE_OK && check_ours(p->pDb, zPath, zErr, nErr)) {
    db_close(p);
    return NULL;
  }
  /* A newer schema is refused, never marked as this build's (which would
  ** make `dbtool merge` take it as one it knows); so is a negative
  ** user_version (a signed 32-bit number), which no schema of ours has. */
  long long iVersion = 0;
  if (rc == SQLITE_OK) {
    sqlite3_stmt *pStmt = NULL;
    rc = sqlite3_prepare_v2(p->pDb, "PRAGMA user_version", -1, &pStmt, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_step(pStmt) == SQLITE_ROW ? SQLITE_OK : sqlite3_errcode(p->pDb);
    if (rc == SQLITE_OK) iVersion = sqlite3_column_int64(pStmt, 0);
    sqlite3_finalize(pStmt);
  }
  if (iVersion > DB_SCHEMA_VERSION) {
    snprintf(zErr, nErr, "refusing database '%s': its schema is newer (user_version %lld, this build knows %d):"
             " update this checkout; nothing changed", zPath, iVersion, DB_SCHEMA_VERSION);
    db_close(p);
    return NULL;
  }
  if (iVersion < 0) {
    snprintf(zErr, nErr, "refusing database '%s': its user_version is %lld, which no schema of this project has:"
             " nothing changed", zPath, iVersion);
    db_close(p);
    return NULL;
  }
  if (rc == SQLITE_OK) rc = set_wal(p->pDb);
  /* In WAL mode NORMAL syncs at checkpoints, not at every commit: a killed
  ** process loses nothing committed (only a power cut could lose the last
  ** commits), and a measure stops paying an fsync per configuration. */
  if (rc == SQLITE_OK) rc = sqlite3_exec(p->pDb, "PRAGMA synchronous = NORMAL;", NULL, NULL, NULL);
  /* Per connection, and a no-op inside a transaction: so before the schema's. */
  if (rc == SQLITE_OK) rc = sqlite3_exec(p->pDb, "PRAGMA foreign_keys = ON;", NULL, NULL, NULL);
  /* One transaction, so a concurrent reader never sees a view dropped and
  ** not yet re-created; BEGIN IMMEDIATE waits under the busy timeout. */
  if (rc == SQLITE_OK) rc = sqlite3_exec(p->pDb, "BEGIN IMMEDIATE", NULL, NULL, NULL);
  if (rc == SQLITE_OK) rc = add_new_columns(p->pDb);
  if (rc == SQLITE_OK) rc = rebuild_set_aside(p->pDb);
  if (rc == SQLITE_OK) {
    rc = sqlite3_exec(p->pDb, db_schema_sql, NULL, NULL, NULL);
    if (rc == SQLITE_OK) rc = rebuild_copy_back(p->pDb);
    char zMark[128];
    snprintf(zMark, sizeof(zMark), "PRAGMA application_id = %d; PRAGMA user_version = %d;", DB_APPLICATION_ID,
             DB_SCHEMA_VERSION);
    if (rc == SQLITE_OK) rc = sqlite3_exec(p->pDb, zMark, NULL, NULL, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_exec(p->pDb, "COMMIT", NULL, NULL, NULL);
  }
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2(p->pDb,
        "INSERT INTO result(run_id, study, config_key, variant, dtype, n, block, params, cache,"
        " timer, status, error, max_err, tolerance, reps, bytes_read, bytes_written, created_utc, flush, mode,"
        " stop_reason, clock_mhz, clock_discarded, launches, floor_us)"
        " VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18,?19,?20,?21,?22,?23,?24,?25)",
        -1, &p->pInsResult, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2(p->pDb, "INSERT INTO result_sample(result_id, ns) VALUES(?1,?2)", -1, &p->pInsSample,
                            NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2(p->pDb,
        "SELECT 1 FROM result r JOIN run u USING (run_id) JOIN device d USING (device_id)"
        " WHERE d.uuid = ?1 AND r.study = ?2 AND u.binary = ?3 AND u.build_id = ?4"
        " AND r.config_key = ?5 AND r.status IN ('ok','failed') AND coalesce(u.repeat_index, 1) = ?6"
        " AND (u.status <> 'running' OR u.run_id IN (SELECT run_id FROM live_run)) LIMIT 1",
        -1, &p->pHave, NULL);
  if (rc != SQLITE_OK) {
    int iErrno = p->pDb ? sqlite3_system_errno(p->pDb) : 0;
    snprintf(zErr, nErr, "cannot open database '%s': %s%s%s%s", zPath,
             p->pDb ? sqlite3_errmsg(p->pDb) : "out of memory", iErrno ? " (" : "",
             iErrno ? strerror(iErrno) : "", iErrno ? ")" : "");
    /* The message is kept: only now undo a half-applied schema. */
    if (p->pDb && !sqlite3_get_autocommit(p->pDb)) sqlite3_exec(p->pDb, "ROLLBACK", NULL, NULL, NULL);
    db_close(p);
    return NULL;
  }
  return p;
}

void db_close(db *p) {
  if (!p) return;
  sqlite3_finalize(p->pInsResult);
  sqlite3_finalize(p->pInsSample);
  sqlite3_finalize(p->pHave);
  sqlite3_close(p->pDb);
  free(p);
}

/* Roll back the open transaction, if SQLite has not already (it does on
** SQLITE_FULL, for one), keeping the error message that caused it, with the
** system's reason where there is one ('File too large'). Call it first
** thing after the failure. */
static void rollback(db *p) {
  int iErrnoNow = errno, iCode = sqlite3_errcode(p->pDb);
  int iErrno = sqlite3_system_errno(p->pDb);
  /* SQLite keeps no errno for a failed WAL write: begin_call() cleared
  ** errno, so what it holds now is this failure's. */
  if (!iErrno && (iCode == SQLITE_IOERR || iCode == SQLITE_FULL)) iErrno = iErrnoNow;
  snprintf(p->zFail, sizeof(p->zFail), "%s%s%s%s", sqlite3_errmsg(p->pDb), iErrno ? " (" : "",
           iErrno ? strerror(iErrno) : "", iErrno ? ")" : "");
  if (!sqlite3_get_autocommit(p->pDb)) sqlite3_exec(p->pDb, "ROLLBACK", NULL, NULL, NULL);
}

/* Run one statement with text/integer/real arguments given by a type string:
** 't' text, 'i' int64, 'r' double, 'n' NULL. Returns the last rowid or -1. */
static long long exec_bound(db *p, const char *zSql, const char *zTypes, ...) {
  sqlite3_stmt *pStmt = NULL;
  va_list ap;
  long long iRow = -1;
  if (sqlite3_prepare_v2(p->pDb, zSql, -1, &pStmt, NULL) != SQLITE_OK) return -1;
  va_start(ap, zTypes);
  for (int i = 0; zTypes[i]; i++) {
    switch (zTypes[i]) {
      case 't': { const char *z = va_arg(ap, const char *);
                  if (z) sqlite3_bind_text(pStmt, i + 1, z, -1, SQLITE_TRANSIENT);
                  else sqlite3_bind_null(pStmt, i + 1);
                  break; }
      case 'i': sqlite3_bind_int64(pStmt, i + 1, va_arg(ap, long long)); break;
      case 'r': sqlite3_bind_double(pStmt, i + 1, va_arg(ap, double)); break;
      default: sqlite3_bind_null(pStmt, i + 1); break;
    }
  }
  va_end(ap);
  int rc = sqlite3_step(pStmt);
  if (rc == SQLITE_DONE || rc == SQLITE_ROW) iRow = sqlite3_last_insert_rowid(p->pDb);
  sqlite3_finalize(pStmt);
  return iRow;
}

/* 1 if the process behind a live_run row still runs: on this host, kill(pid,
** 0) says so (pid reuse aside); on another host, a heartbeat younger than
** DB_HEARTBEAT_TTL_S does. */
static int run_alive(const char *zHost, long long iPid, const char *zHeartbeat) {
  char zMine[256], zCutoff[32];
  host_name(zMine, sizeof(zMine));
  if (!strcmp(zHost, zMine)) return iPid > 0 && (kill((pid_t)iPid, 0) == 0 || errno == EPERM);
  utc_ago(zCutoff, sizeof(zCutoff), DB_HEARTBEAT_TTL_S);
  return strcmp(zHeartbeat, zCutoff) >= 0;
}

/* Inside a write transaction: forget the runs whose process is gone (their
** live_run rows and claims; the run itself stays 'running', so its results
** count neither as measured nor in the report). 0 or -1. */
static int reap_dead_runs(db *p) {
  sqlite3_stmt *pStmt = NULL;
  long long aDead[64];
  int nDead = 0, rc;
  if (sqlite3_prepare_v2(p->pDb, "SELECT run_id, host, pid, heartbeat_utc FROM live_run", -1, &pStmt,
                         NULL) != SQLITE_OK) return -1;
  while ((rc = sqlite3_step(pStmt)) == SQLITE_ROW && nDead < 64) {
    const char *zHost = (const char *)sqlite3_column_text(pStmt, 1);
    const char *zBeat = (const char *)sqlite3_column_text(pStmt, 3);
    if (!run_alive(zHost ? zHost : "", sqlite3_column_int64(pStmt, 2), zBeat ? zBeat : ""))
      aDead[nDead++] = sqlite3_column_int64(pStmt, 0);
  }
  sqlite3_finalize(pStmt);
  if (rc != SQLITE_DONE && rc != SQLITE_ROW) return -1;
  char zNow[32];
  utc_now(zNow, sizeof(zNow));
  for (int i = 0; i < nDead; i++) {
    /* A run the watchdog marked (db_mark_timeout) but could not end: its
    ** claimed configuration timed out; store that and end the run. */
    if (exec_bound(p,
            "INSERT INTO result(run_id, study, config_key, variant, cache, timer, status, error, created_utc)"
            " SELECT c.run_id, c.study, c.config_key, coalesce(nullif(substr(v, 1, instr(v || ' ', ' ') - 1), ''),"
            " c.study), CASE WHEN c.config_key LIKE '% cache=warm%' THEN 'warm' ELSE 'cold' END, 'cuda-event',"
            " 'failed', 'timeout: the run died after its watchdog fired (recorded by a later run)', ?2"
            " FROM (SELECT *, CASE WHEN instr(' ' || config_key, ' variant=') > 0 THEN"
            " substr(' ' || config_key, instr(' ' || config_key, ' variant=') + 9) END AS v FROM claim) c"
            " JOIN run u USING (run_id) WHERE c.run_id = ?1 AND u.note = 'timeout pending: ' || c.config_key",
            "it", aDead[i], zNow) < 0)
      return -1;
    if (exec_bound(p, "UPDATE run SET status = 'failed', finished_utc = ?2, note = 'ended by the watchdog: ' ||"
                      " substr(note, 18) || ' timed out (recorded by a later run)'"
                      " WHERE run_id = ?1 AND note LIKE 'timeout pending: %'", "it", aDead[i], zNow) < 0)
      return -1;
    if (exec_bound(p, "DELETE FROM claim WHERE run_id=?", "i", aDead[i]) < 0) return -1;
    if (exec_bound(p, "DELETE FROM live_run WHERE run_id=?", "i", aDead[i]) < 0) return -1;
  }
  return 0;
}

/* Inside a write transaction: the device row of g (inserted if new, the one
** way every writer stores a device), its device_id or -1. */
static long long device_row(db *p, const gpu_info *g) {
  char zCc[16];
  long long iDev = -1;
  snprintf(zCc, sizeof(zCc), "%d.%d", g->ccMajor, g->ccMinor);
  exec_bound(p,
      "INSERT OR IGNORE INTO device(uuid, name, cc, sm_count, l2_bytes, global_mem_bytes,"
      " sm_clock_khz, mem_clock_khz, bus_width_bits, peak_gbps) VALUES(?,?,?,?,?,?,?,?,?,?)",
      "tttiiiiiir", g->zUuid, g->zName, zCc, (long long)g->nSm, g->nL2Bytes, g->nGlobalBytes,
      (long long)g->smClockKhz, (long long)g->memClockKhz, (long long)g->busWidthBits, g->peakGbps);
  sqlite3_stmt *pStmt = NULL;
  if (sqlite3_prepare_v2(p->pDb, "SELECT device_id FROM device WHERE uuid=?1", -1, &pStmt, NULL) == SQLITE_OK) {
    sqlite3_bind_text(pStmt, 1, g->zUuid, -1, SQLITE_STATIC);
    if (sqlite3_step(pStmt) == SQLITE_ROW) iDev = sqlite3_column_int64(pStmt, 0);
  }
  sqlite3_finalize(pStmt);
  return iDev;
}

long long db_begin_run(db *p, const gpu_info *g, const db_run_info *r) {
  char zNow[32], zHost[256];
  long long iDev, iRun;
  utc_now(zNow, sizeof(zNow));
  host_name(zHost, sizeof(zHost));
  begin_call(p);
  if (db_exec(p, "BEGIN IMMEDIATE")) return -1;
  if (reap_dead_runs(p)) {
    rollback(p);
    return -1;
  }
  iDev = device_row(p, g);
  iRun = iDev < 0 ? -1 : exec_bound(p,
      "INSERT INTO run(study, binary, device_id, status, started_utc, argv, host, git_commit,"
      " git_dirty, build_id, nvcc_version, nvcc_flags, driver_version, runtime_version,"
      " copy_gbps_start, warmups, max_reps) VALUES(?,?,?,'running',?,?,?,?,?,?,?,?,?,?,nullif(?,0),?,?)",
      "ttittttitttiirii", r->zStudy, r->zBinary, iDev, zNow, r->zArgv, zHost, r->zGitCommit,
      (long long)r->bGitDirty, r->zBuildId, r->zNvccVersion, r->zNvccFlags,
      (long long)g->driverVersion, (long long)g->runtimeVersion, r->copyGbps,
      (long long)r->nWarmup, (long long)r->nRepMax);
  /* A random (version 4) UUID: what `dbtool merge` knows the run by. */
  if (iRun >= 0 && exec_bound(p,
          "UPDATE run SET run_uuid = (SELECT substr(h,1,8) || '-' || substr(h,9,4) || '-4' || substr(h,14,3)"
          " || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(h,18,3) || '-' || substr(h,21,12)"
          " FROM (SELECT lower(hex(randomblob(16))) AS h)) WHERE run_id = ?", "i", iRun) < 0)
    iRun = -1;
  /* The `make measure` invocation the run is part of (run.session). */
  const char *zSession = getenv("MEASURE_SESSION");
  if (iRun >= 0 && zSession && *zSession &&
      exec_bound(p, "UPDATE run SET session = ? WHERE run_id = ?", "ti", zSession, iRun) < 0)
    iRun = -1;
  if (iRun < 0 || exec_bound(p, "INSERT INTO live_run(run_id, host, pid, heartbeat_utc) VALUES(?,?,?,?)",
                             "itit", iRun, zHost, (long long)getpid(), zNow) < 0 || db_exec(p, "COMMIT")) {
    rollback(p);
    return -1;
  }
  return iRun;
}

int db_claim(db *p, long long iRun, const char *zUuid, const char *zStudy, const char *zBinary,
             const char *zBuildId, const char *zConfigKey, int bResume, long long *piHolder) {
  int rc = DB_CLAIMED;
  begin_call(p);
  if (db_exec(p, "BEGIN IMMEDIATE")) return -1;
  if (reap_dead_runs(p)) goto fail;
  if (bResume && db_have_result(p, zUuid, zStudy, zBinary, zBuildId, zConfigKey)) {
    rc = DB_DONE;
  } else {
    sqlite3_stmt *pStmt = NULL;
    if (sqlite3_prepare_v2(p->pDb,
            "SELECT run_id FROM claim WHERE device_uuid=?1 AND study=?2 AND binary=?3 AND build_id=?4"
            " AND config_key=?5 AND run_id<>?6 AND run_id IN (SELECT run_id FROM live_run)",
            -1, &pStmt, NULL) != SQLITE_OK) goto fail;
    const char *az[] = {zUuid, zStudy, zBinary, zBuildId, zConfigKey};
    for (int i = 0; i < 5; i++) sqlite3_bind_text(pStmt, i + 1, az[i], -1, SQLITE_STATIC);
    sqlite3_bind_int64(pStmt, 6, iRun);
    int rcStep = sqlite3_step(pStmt);
    if (rcStep == SQLITE_ROW) {
      rc = DB_HELD;
      if (piHolder) *piHolder = sqlite3_column_int64(pStmt, 0);
    }
    sqlite3_finalize(pStmt);
    if (rcStep != SQLITE_ROW && rcStep != SQLITE_DONE) goto fail;
    if (rc == DB_CLAIMED &&
        exec_bound(p, "INSERT OR REPLACE INTO claim(device_uuid, study, binary, build_id, config_key, run_id)"
                      " VALUES(?,?,?,?,?,?)", "ttttti", zUuid, zStudy, zBinary, zBuildId, zConfigKey, iRun) < 0)
      goto fail;
  }
  if (db_exec(p, "COMMIT")) goto fail;
  return rc;
fail:
  rollback(p);
  return -1;
}

int db_have_result(db *p, const char *zUuid, const char *zStudy, const char *zBinary,
                   const char *zBuildId, const char *zConfigKey) {
  sqlite3_stmt *s = p->pHave;
  sqlite3_bind_text(s, 1, zUuid, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 2, zStudy, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 3, zBinary, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 4, zBuildId, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 5, zConfigKey, -1, SQLITE_STATIC);
  sqlite3_bind_int(s, 6, p->iRepeat > 0 ? p->iRepeat : 1);
  int bHave = sqlite3_step(s) == SQLITE_ROW;
  sqlite3_reset(s);
  return bHave;
}

/* Bind a double or NULL when it is not finite-positive-meaningful (flag). */
static void bind_opt_double(sqlite3_stmt *s, int i, int bHave, double v) {
  if (bHave) sqlite3_bind_double(s, i, v);
  else sqlite3_bind_null(s, i);
}

/* The samples a[0..n) (each nsPer nanoseconds a unit) as result_sample.ns
** text: whole nanoseconds, rounded, at least 1 (a sample under half a
** nanosecond is below any timer's resolution; 0 is refused on read as
** impossible), single spaces. A malloc'ed string; NULL with the reason in
** p->zFail where a sample is no time (NaN, infinite, negative, over 1e13 ns:
** the reader refuses those) or memory runs out. */
static char *ns_text(db *p, const double *a, int n, double nsPer) {
  char *z = malloc((size_t)n * 16 + 1), *e = z;
  if (!z) {
    snprintf(p->zFail, sizeof(p->zFail), "out of memory for %d samples", n);
    return NULL;
  }
  *e = 0;
  for (int i = 0; i < n; i++) {
    double v = a[i] * nsPer;
    if (!(v >= 0 && v <= 1e13)) {
      snprintf(p->zFail, sizeof(p->zFail), "sample %d of %d is no time (%g ns): nothing stored", i + 1, n, v);
      free(z);
      return NULL;
    }
    long long x = llround(v);
    e += sprintf(e, i ? " %lld" : "%lld", x < 1 ? 1 : x);
  }
  return z;
}

int db_add_result(db *p, long long iRun, const char *zStudy, const db_result *r) {
  char zNow[32];
  int bOk = strcmp(r->zStatus, "ok") == 0 && r->nRep > 0;
  begin_call(p);
  char *zNs = bOk ? ns_text(p, r->aMs, r->nRep, 1e6) : NULL;
  if (bOk && !zNs) return -1;
  utc_now(zNow, sizeof(zNow));
  if (db_exec(p, "BEGIN IMMEDIATE")) {
    free(zNs);
    return -1;
  }
  sqlite3_stmt *s = p->pInsResult;
  sqlite3_bind_int64(s, 1, iRun);
  sqlite3_bind_text(s, 2, zStudy, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 3, r->zConfigKey, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 4, r->zVariant, -1, SQLITE_STATIC);
  if (r->zDtype) sqlite3_bind_text(s, 5, r->zDtype, -1, SQLITE_STATIC); else sqlite3_bind_null(s, 5);
  if (r->n >= 0) sqlite3_bind_int64(s, 6, r->n); else sqlite3_bind_null(s, 6);
  if (r->nBlock > 0) sqlite3_bind_int(s, 7, r->nBlock); else sqlite3_bind_null(s, 7);
  sqlite3_bind_text(s, 8, r->zParams ? r->zParams : "{}", -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 9, r->bWarm ? "warm" : "cold", -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 10, r->bHostTimer ? "host-clock" : "cuda-event", -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 11, r->zStatus, -1, SQLITE_STATIC);
  if (r->zError) sqlite3_bind_text(s, 12, r->zError, -1, SQLITE_STATIC); else sqlite3_bind_null(s, 12);
  bind_opt_double(s, 13, strcmp(r->zStatus, "skipped") != 0, r->maxErr);
  bind_opt_double(s, 14, strcmp(r->zStatus, "skipped") != 0, r->tolerance);
  if (bOk) sqlite3_bind_int(s, 15, r->nRep); else sqlite3_bind_null(s, 15);
  sqlite3_bind_int64(s, 16, r->nBytesRead);
  sqlite3_bind_int64(s, 17, r->nBytesWritten);
  sqlite3_bind_text(s, 18, zNow, -1, SQLITE_STATIC);
  if (r->zFlush) sqlite3_bind_text(s, 19, r->zFlush, -1, SQLITE_STATIC); else sqlite3_bind_null(s, 19);
  sqlite3_bind_text(s, 20, r->zMode ? r->zMode : "single", -1, SQLITE_STATIC);
  if (bOk && r->zStop) sqlite3_bind_text(s, 21, r->zStop, -1, SQLITE_STATIC); else sqlite3_bind_null(s, 21);
  bind_opt_double(s, 22, bOk && r->clockMhz > 0, r->clockMhz);
  if (bOk && r->nClockDiscarded >= 0) sqlite3_bind_int(s, 23, r->nClockDiscarded); else sqlite3_bind_null(s, 23);
  if (bOk && r->nLaunches > 0) sqlite3_bind_int(s, 24, r->nLaunches); else sqlite3_bind_null(s, 24);
  bind_opt_double(s, 25, bOk && r->floorUs > 0, r->floorUs);
  int rc = sqlite3_step(s);
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  if (rc != SQLITE_DONE) goto fail;
  /* Every sample, one text, in the result's transaction. */
  if (bOk) {
    sqlite3_stmt *q = p->pInsSample;
    sqlite3_bind_int64(q, 1, sqlite3_last_insert_rowid(p->pDb));
    sqlite3_bind_text(q, 2, zNs, -1, SQLITE_STATIC);
    rc = sqlite3_step(q);
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    if (rc != SQLITE_DONE) goto fail;
  }
  /* The configuration is no longer being measured; the run is alive. */
  if (exec_bound(p, "DELETE FROM claim WHERE run_id=? AND config_key=?", "it", iRun, r->zConfigKey) < 0 ||
      exec_bound(p, "UPDATE live_run SET heartbeat_utc=? WHERE run_id=?", "ti", zNow, iRun) < 0)
    goto fail;
  if (db_exec(p, "COMMIT")) goto fail;
  free(zNs);
  return 0;
fail:
  rollback(p);
  free(zNs);
  return -1;
}

int db_add_counter(db *p, long long iRun, const db_counter *c) {
  sqlite3_stmt *pStmt = NULL;
  if (sqlite3_prepare_v2(p->pDb,
          "INSERT OR REPLACE INTO counter(run_id, config_key, metric, value, unit, variant, dtype, n, block,"
          " params, kernel, launches, combine, metric_set, passes, min_value, max_value)"
          " VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
          -1, &pStmt, NULL) != SQLITE_OK) return -1;
  sqlite3_bind_int64(pStmt, 1, iRun);
  sqlite3_bind_text(pStmt, 2, c->zConfigKey, -1, SQLITE_STATIC);
  sqlite3_bind_text(pStmt, 3, c->zMetric, -1, SQLITE_STATIC);
  sqlite3_bind_double(pStmt, 4, c->value);
  sqlite3_bind_text(pStmt, 5, c->zUnit ? c->zUnit : "", -1, SQLITE_STATIC);
  sqlite3_bind_text(pStmt, 6, c->zVariant, -1, SQLITE_STATIC);  /* NULL binds NULL */
  sqlite3_bind_text(pStmt, 7, c->zDtype, -1, SQLITE_STATIC);
  if (c->n >= 0) sqlite3_bind_int64(pStmt, 8, c->n);
  if (c->nBlock > 0) sqlite3_bind_int(pStmt, 9, c->nBlock);
  sqlite3_bind_text(pStmt, 10, c->zParams ? c->zParams : "{}", -1, SQLITE_STATIC);
  sqlite3_bind_text(pStmt, 11, c->zKernel ? c->zKernel : "", -1, SQLITE_STATIC);
  sqlite3_bind_int(pStmt, 12, c->nLaunch);
  sqlite3_bind_text(pStmt, 13, c->zCombine, -1, SQLITE_STATIC);
  sqlite3_bind_text(pStmt, 14, c->zSet, -1, SQLITE_STATIC);
  if (c->nPass > 0) {
    sqlite3_bind_int(pStmt, 15, c->nPass);
    sqlite3_bind_double(pStmt, 16, c->minValue);
    sqlite3_bind_double(pStmt, 17, c->maxValue);
  }
  int rc = sqlite3_step(pStmt);
  sqlite3_finalize(pStmt);
  return rc == SQLITE_DONE ? 0 : -1;
}

int db_add_resource(db *p, const db_resource *r) {
  sqlite3_stmt *pStmt = NULL;
  if (sqlite3_prepare_v2(p->pDb,
          "INSERT OR REPLACE INTO kernel_resource(build_id, binary, kernel, registers, stack_bytes,"
          " spill_store_bytes, spill_load_bytes, shared_bytes, constant_bytes) VALUES(?,?,?,?,?,?,?,?,?)",
          -1, &pStmt, NULL) != SQLITE_OK) return -1;
  sqlite3_bind_text(pStmt, 1, r->zBuildId, -1, SQLITE_STATIC);
  sqlite3_bind_text(pStmt, 2, r->zBinary, -1, SQLITE_STATIC);
  sqlite3_bind_text(pStmt, 3, r->zKernel, -1, SQLITE_STATIC);
  sqlite3_bind_int64(pStmt, 4, r->nReg);
  const long long aOpt[] = {r->nStack, r->nSpillStore, r->nSpillLoad, r->nShared, r->nConstant};
  for (int i = 0; i < 5; i++)
    if (aOpt[i] >= 0) sqlite3_bind_int64(pStmt, 5 + i, aOpt[i]);
  int rc = sqlite3_step(pStmt);
  sqlite3_finalize(pStmt);
  return rc == SQLITE_DONE ? 0 : -1;
}

int db_set_profile_run(db *p, long long iRun) {
  return exec_bound(p, "UPDATE run SET kind = 'profile' WHERE run_id = ?", "i", iRun) < 0 ? -1 : 0;
}

int db_have_counters(db *p, const char *zUuid, const char *zBinary, const char *zBuildId,
                     const char *zConfigKey, const char *zSet) {
  sqlite3_stmt *pStmt = NULL;
  int rc = -1;
  if (sqlite3_prepare_v2(p->pDb,
          "SELECT EXISTS (SELECT 1 FROM counter c JOIN run u USING (run_id) JOIN device d USING (device_id)"
          " WHERE d.uuid = ?1 AND u.binary = ?2 AND u.build_id = ?3 AND c.config_key = ?4"
          " AND c.metric_set = ?5 AND u.kind = 'profile'"
          " AND (u.status <> 'running' OR u.run_id IN (SELECT run_id FROM live_run)))",
          -1, &pStmt, NULL) != SQLITE_OK) return -1;
  sqlite3_bind_text(pStmt, 1, zUuid, -1, SQLITE_STATIC);
  sqlite3_bind_text(pStmt, 2, zBinary, -1, SQLITE_STATIC);
  sqlite3_bind_text(pStmt, 3, zBuildId, -1, SQLITE_STATIC);
  sqlite3_bind_text(pStmt, 4, zConfigKey, -1, SQLITE_STATIC);
  sqlite3_bind_text(pStmt, 5, zSet, -1, SQLITE_STATIC);
  if (sqlite3_step(pStmt) == SQLITE_ROW) rc = sqlite3_column_int(pStmt, 0);
  sqlite3_finalize(pStmt);
  return rc;
}

int db_begin(db *p) {
  begin_call(p);
  return db_exec(p, "BEGIN IMMEDIATE");
}
int db_commit(db *p) { return db_exec(p, "COMMIT"); }
void db_rollback(db *p) { rollback(p); }

int db_set_repeat(db *p, long long iRun, int iRepeat) {
  begin_call(p);
  p->iRepeat = iRepeat;
  return exec_bound(p, "UPDATE run SET repeat_index=? WHERE run_id=?", "ii", (long long)iRepeat, iRun) < 0 ? -1 : 0;
}

int db_add_run_env(db *p, long long iRun, const char *zPhase, const nvml_env *e) {
  char zNow[32];
  sqlite3_stmt *s = NULL;
  utc_now(zNow, sizeof(zNow));
  begin_call(p);
  if (sqlite3_prepare_v2(p->pDb,
        "INSERT OR REPLACE INTO run_env(run_id, phase, utc, sm_clock_mhz, mem_clock_mhz, temp_c, power_w,"
        " power_limit_w, ecc, persistence, throttle_reasons, pstate) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12)",
        -1, &s, NULL) != SQLITE_OK) return -1;
  sqlite3_bind_int64(s, 1, iRun);
  sqlite3_bind_text(s, 2, zPhase, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 3, zNow, -1, SQLITE_STATIC);
  if (e->mValid & NVML_HAVE_SM_CLOCK) sqlite3_bind_int64(s, 4, e->smClockMhz);
  if (e->mValid & NVML_HAVE_MEM_CLOCK) sqlite3_bind_int64(s, 5, e->memClockMhz);
  if (e->mValid & NVML_HAVE_TEMP) sqlite3_bind_int64(s, 6, e->tempC);
  if (e->mValid & NVML_HAVE_POWER) sqlite3_bind_double(s, 7, e->powerW);
  if (e->mValid & NVML_HAVE_POWER_LIMIT) sqlite3_bind_double(s, 8, e->powerLimitW);
  if (e->mValid & NVML_HAVE_ECC) sqlite3_bind_int(s, 9, e->bEcc);
  if (e->mValid & NVML_HAVE_PERSISTENCE) sqlite3_bind_int(s, 10, e->bPersistence);
  if (e->mValid & NVML_HAVE_THROTTLE) sqlite3_bind_int64(s, 11, (sqlite3_int64)e->throttle);
  if (e->mValid & NVML_HAVE_PSTATE) sqlite3_bind_int(s, 12, e->pstate);
  int rc = sqlite3_step(s);
  sqlite3_finalize(s);
  return rc == SQLITE_DONE ? 0 : -1;
}

int db_end_run(db *p, long long iRun, const char *zStatus, const char *zNote, double copyGbpsEnd) {
  char zNow[32];
  utc_now(zNow, sizeof(zNow));
  begin_call(p);
  if (db_exec(p, "BEGIN IMMEDIATE")) return -1;
  if (exec_bound(p, "UPDATE run SET status=?, note=?, finished_utc=?, copy_gbps_end=nullif(?,0) WHERE run_id=?",
                 "tttri", zStatus, zNote, zNow, copyGbpsEnd, iRun) < 0 || sqlite3_changes(p->pDb) != 1 ||
      exec_bound(p, "DELETE FROM claim WHERE run_id=?", "i", iRun) < 0 ||
      exec_bound(p, "DELETE FROM live_run WHERE run_id=?", "i", iRun) < 0 || db_exec(p, "COMMIT")) {
    rollback(p);
    return -1;
  }
  return 0;
}

int db_add_variants(db *p, const char *zStudy, const db_variant *aVar, int nVar) {
  begin_call(p);
  if (db_exec(p, "BEGIN IMMEDIATE")) return -1;
  for (int i = 0; i < nVar; i++) {
    const db_variant *v = &aVar[i];
    if (exec_bound(p, "INSERT OR REPLACE INTO variant(study, variant, ord, description, bottleneck, flags, origin)"
                      " VALUES(?,?,?,?,?,?,?)", "ttitttt", zStudy, v->zKey, (long long)(i + 1), v->zDesc,
                   v->zBottleneck, v->zFlags, v->zOrigin) < 0) {
      rollback(p);
      return -1;
    }
  }
  if (db_exec(p, "COMMIT")) {
    rollback(p);
    return -1;
  }
  return 0;
}

int db_mark_timeout(db *p, long long iRun, const char *zConfigKey) {
  begin_call(p);
  char zNote[600];
  snprintf(zNote, sizeof(zNote), "timeout pending: %s", zConfigKey);
  return exec_bound(p, "UPDATE run SET note = ? WHERE run_id = ?", "ti", zNote, iRun) < 0 ? -1 : 0;
}

int db_set_read_gbps(db *p, long long iRun, double readGbps) {
  begin_call(p);
  if (exec_bound(p, "UPDATE run SET read_gbps=? WHERE run_id=?", "ri", readGbps, iRun) < 0 ||
      sqlite3_changes(p->pDb) != 1)
    return -1;
  return 0;
}

int db_set_run_facts(db *p, long long iRun, const db_run_facts *f) {
  begin_call(p);
  if (exec_bound(p, "UPDATE run SET launch_us=?1, cpu_model=?2, os_name=?3, cccl_version=?4, clock_lock=?5,"
                 " launch_bare_us=?6, driver_release=?7 WHERE run_id=?8", "rttttrti", f->launchUs, f->zCpuModel,
                 f->zOsName, f->zCcclVersion, f->zClockLock, f->launchBareUs, f->zDriverRelease, iRun) < 0 ||
      sqlite3_changes(p->pDb) != 1)
    return -1;
  return 0;
}

int db_set_run_phases(db *p, long long iRun, double setupS, double verifyS, double sampleS) {
  begin_call(p);
  if (exec_bound(p, "UPDATE run SET setup_s=?1, verify_s=?2, sample_s=?3 WHERE run_id=?4", "rrri", setupS,
                 verifyS, sampleS, iRun) < 0 ||
      sqlite3_changes(p->pDb) != 1)
    return -1;
  return 0;
}

int db_drop_run(db *p, long long iRun) {
  begin_call(p);
  if (sqlite3_exec(p->pDb, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) return -1;
  static const char *azSql[] = {"DELETE FROM claim WHERE run_id=?", "DELETE FROM live_run WHERE run_id=?",
                                "DELETE FROM run_env WHERE run_id=?", "DELETE FROM run WHERE run_id=?"};
  for (size_t i = 0; i < sizeof(azSql) / sizeof(azSql[0]); i++)
    if (exec_bound(p, azSql[i], "i", iRun) < 0) {
      db_rollback(p);
      return -1;
    }
  if (sqlite3_exec(p->pDb, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
    db_rollback(p);
    return -1;
  }
  return 0;
}

int db_verified(db *p, const char *zUuid, const char *zStudy, const char *zBinary, const char *zBuildId,
                const char *zConfigKey) {
  sqlite3_stmt *s = NULL;
  int bFound = 0;
  begin_call(p);
  if (sqlite3_prepare_v2(p->pDb,
        "SELECT 1 FROM result r JOIN run u USING (run_id) JOIN device d USING (device_id)"
        " WHERE d.uuid = ?1 AND r.study = ?2 AND u.binary = ?3 AND u.build_id = ?4 AND r.config_key = ?5"
        " AND r.status = 'ok' AND u.kind = 'measure' LIMIT 1", -1, &s, NULL) != SQLITE_OK)
    return 0;
  sqlite3_bind_text(s, 1, zUuid, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 2, zStudy, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 3, zBinary, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 4, zBuildId, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 5, zConfigKey, -1, SQLITE_STATIC);
  bFound = sqlite3_step(s) == SQLITE_ROW;
  sqlite3_finalize(s);
  return bFound;
}

int db_add_phase(db *p, const char *zSession, const char *zUuid, const char *zPhase, double seconds,
                 int nTrials) {
  char zNow[32];
  utc_now(zNow, sizeof(zNow));
  begin_call(p);
  return exec_bound(p, "INSERT OR REPLACE INTO measure_phase(session, device_uuid, phase, seconds, trials, utc)"
                    " VALUES(?1,?2,?3,?4,?5,?6)", "tttrit", zSession, zUuid, zPhase, seconds,
                    (long long)nTrials, zNow) < 0 ? -1 : 0;
}

int db_add_reference(db *p, const gpu_info *g, const db_reference *r, int nRow) {
  char zHost[256];
  const char *zSession = getenv("MEASURE_SESSION");
  host_name(zHost, sizeof(zHost));
  begin_call(p);
  if (db_exec(p, "BEGIN IMMEDIATE")) return -1;
  const long long iDev = device_row(p, g);
  for (int i = 0; iDev >= 0 && i < nRow; i++) {
    const db_reference *x = &r[i];
    char *zNs = ns_text(p, x->aUs, x->nSample, 1e3);
    if (!zNs) {
      char zWhy[sizeof(p->zFail)];
      snprintf(zWhy, sizeof(zWhy), "%s", p->zFail);
      rollback(p);
      snprintf(p->zFail, sizeof(p->zFail), "%s", zWhy);
      return -1;
    }
    if (
        exec_bound(p,
            "INSERT INTO reference_timing(bench_uuid, device_id, session, trial, started_utc, host,"
            " driver_version, runtime_version, cccl_version, git_commit, what, dtype, n, repeat, samples,"
            " discarded, flush_bytes, ns, clock_mhz)"
            " VALUES(?,?,nullif(substr(?,1,64),''),?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,nullif(?,0))",
            "titittiittttiiiiitr", x->zBench, iDev, zSession, (long long)x->iTrial, x->zUtc, zHost,
            (long long)g->driverVersion, (long long)g->runtimeVersion, x->zCccl, x->zGitCommit, x->zWhat,
            x->zDtype, x->n, (long long)x->iRepeat, (long long)x->nSample, (long long)x->nDiscarded,
            x->nFlushBytes, zNs, x->clockMhz) < 0) {
      free(zNs);
      rollback(p);
      return -1;
    }
    free(zNs);
  }
  if (iDev < 0 || db_exec(p, "COMMIT")) {
    rollback(p);
    return -1;
  }
  return 0;
}
