/*
** experiments/tools/merge.c: `dbtool merge A.db B.db ... -o OUT.db`: the runs of
** several measurement databases (a cluster's shards, a colleague's mail) in
** one, every id renumbered, every run once.
**
** A run is known by run.run_uuid (random, set by db_begin_run); a run stored
** before runs had one gets a UUID derived from its content (study, binary,
** device UUID, start time, host, command line, build id), so merging the same
** file twice, or a file with its own merge, adds nothing. Devices are matched
** by UUID. A run still 'running' (in progress, or killed) is left out: merge
** it once it has ended. Provenance columns are copied as they are; process
** state (live_run, claim) is not.
**
** Every input is untrusted: it is opened read-only with SQLite's defensive
** settings (SQLITE_DBCONFIG_DEFENSIVE, trusted_schema off, triggers and views
** disabled), and refused, with one line and nothing written, unless it is the
** project's (PRAGMA application_id, or an unmarked file of the project's
** tables), passes PRAGMA quick_check, has no trigger, and holds the project's
** tables as ordinary tables with no generated columns, every sample text
** possible (merge_check_samples: no 0, negative, non-whole or absurd
** nanoseconds). An input made before every sample was stored (a result
** table without result_sample: frozen statistics and thinned samples) is
** refused as such. Only those tables'
** known columns are read; its views are never read. An input whose schema
** is newer than this build's (PRAGMA user_version), or whose tables have
** columns this build does not know, is refused (exit 4): merging it would
** drop those columns silently; --drop-unknown says to. OUT, if it exists, is
** read the same way as one more input; the result is built in a temporary
** file beside it and renamed over it at the end. A write-ahead log beside
** OUT (a killed writer's) is checkpointed into OUT first and removed, so
** that SQLite never replays an old log onto the renamed file; one that a
** live writer holds is refused. An OUT whose temporary name would not fit
** is refused before anything is touched. The temporary files of a merge
** killed before it could remove them (its PID gone) are removed by the next.
*/
#define _XOPEN_SOURCE 700 /* realpath */
#include "experiments/tools/merge.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <sqlite3.h>

#include "experiments/harness/db.h"
#include "reports/sqlstats.h"

/* Tables copied, in dependency order; the first four must exist. */
static const char *const azTable[] = {"device", "run", "result", "result_sample", "counter", "kernel_resource", "run_env",
                                      "variant", "measure_phase", "reference_timing"};
#define N_TABLE (int)(sizeof(azTable) / sizeof(azTable[0]))
#define N_REQUIRED 4

/* The merge's state: the output connection and what one input adds. */
typedef struct merge {
  sqlite3 *pOut;        /* the temporary output */
  const char *zIn;      /* the input being read (for messages) */
  sqlite3 *pIn;         /* its read-only connection */
  char *zErr;           /* one-line reason of a failure */
  size_t nErr;
  int bRefused;         /* the failure is the input's (exit MERGE_REFUSED) */
  int bDropUnknown;     /* leave out columns this build does not know */
  int bAllowTrigger;    /* a trigger is no reason to refuse (the caller drops it) */
  long long nAdded, nPresent, nUnfinished; /* runs of this input */
} merge;

/* Record a failure (the first one wins). */
static int fail(merge *m, int bRefused, const char *zFmt, const char *zA, const char *zB) {
  if (!m->zErr[0]) {
    char z[400];
    snprintf(z, sizeof(z), zFmt, zA ? zA : "", zB ? zB : "");
    for (char *c = z; *c; c++)
      if (*c == '\n' || *c == '\r') *c = ' '; /* one line */
    snprintf(m->zErr, m->nErr, "%s", z);
    m->bRefused = bRefused;
  }
  return -1;
}

/* One integer from a query on the input, or -1 with the failure recorded. */
static long long in_int(merge *m, const char *zSql) {
  sqlite3_stmt *s = NULL;
  long long v = -1;
  if (sqlite3_prepare_v2(m->pIn, zSql, -1, &s, NULL) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
    v = sqlite3_column_int64(s, 0);
  else fail(m, 1, "%s: %s", m->zIn, sqlite3_errmsg(m->pIn));
  sqlite3_finalize(s);
  return v;
}

/* The project's schema (data/schema.sql) built in memory, once: what an
** input's columns are checked against; NULL if it cannot be built. */
static sqlite3 *reference_schema(void) {
  static sqlite3 *pRef;
  if (!pRef && (sqlite3_open(":memory:", &pRef) != SQLITE_OK ||
                sqlite3_exec(pRef, db_schema_sql, NULL, NULL, NULL) != SQLITE_OK)) {
    sqlite3_close(pRef);
    pRef = NULL;
  }
  return pRef;
}

/* Whether any of the project's tables of the input holds a BLOB value: the
** project writes none, and a BLOB is not text (mdquery's escaping, the
** exports' JSON). 0, or -1 (refused) naming the table and column. */
static int check_no_blob(merge *m) {
  for (int i = 0; i < N_TABLE; i++) {
    sqlite3_stmt *s = NULL;
    char *zCase = NULL, *zWhere = NULL;
    int rc = 0;
    if (sqlite3_prepare_v2(m->pIn, "SELECT name FROM pragma_table_info(?1)", -1, &s, NULL) != SQLITE_OK)
      return fail(m, 1, "%s: %s", m->zIn, sqlite3_errmsg(m->pIn));
    sqlite3_bind_text(s, 1, azTable[i], -1, SQLITE_STATIC);
    while (sqlite3_step(s) == SQLITE_ROW) {
      const char *zCol = (const char *)sqlite3_column_text(s, 0);
      char *zA = sqlite3_mprintf("%s WHEN typeof(\"%w\") = 'blob' THEN %Q", zCase ? zCase : "", zCol, zCol);
      char *zB = sqlite3_mprintf("%s%stypeof(\"%w\") = 'blob'", zWhere ? zWhere : "", zWhere ? " OR " : "", zCol);
      sqlite3_free(zCase);
      sqlite3_free(zWhere);
      zCase = zA;
      zWhere = zB;
    }
    sqlite3_finalize(s);
    s = NULL;
    if (zCase && zWhere) {
      char *zSql = sqlite3_mprintf("SELECT CASE%s END FROM main.\"%w\" WHERE %s LIMIT 1", zCase, azTable[i], zWhere);
      if (!zSql || sqlite3_prepare_v2(m->pIn, zSql, -1, &s, NULL) != SQLITE_OK)
        rc = fail(m, 1, "%s: %s", m->zIn, sqlite3_errmsg(m->pIn));
      else if (sqlite3_step(s) == SQLITE_ROW) {
        char zCol[200];
        snprintf(zCol, sizeof(zCol), "%s.%.150s", azTable[i], (const char *)sqlite3_column_text(s, 0));
        rc = fail(m, 1, "%s: column %s holds a BLOB value, which the project's databases never do", m->zIn, zCol);
      }
      sqlite3_finalize(s);
      sqlite3_free(zSql);
    }
    sqlite3_free(zCase);
    sqlite3_free(zWhere);
    if (rc) return rc;
  }
  return 0;
}

/* Whether the input's schema is one this build knows: its user_version no
** newer, no column of the project's tables that the output lacks. 0, or -1
** (refused) unless m->bDropUnknown. */
static int check_known(merge *m) {
  long long iVersion = in_int(m, "PRAGMA user_version");
  if (iVersion < 0) return -1;
  if (m->bDropUnknown) return 0;
  if (iVersion > DB_SCHEMA_VERSION) {
    char zV[64];
    snprintf(zV, sizeof(zV), "%lld, this dbtool knows %d", iVersion, DB_SCHEMA_VERSION);
    return fail(m, 1, "%s: its schema is newer (user_version %s); update this checkout, or --drop-unknown to"
                " leave out what it does not know", m->zIn, zV);
  }
  for (int i = 0; i < N_TABLE; i++) {
    char zSql[300];
    sqlite3_stmt *s = NULL, *q = NULL;
    snprintf(zSql, sizeof(zSql), "SELECT name FROM pragma_table_info('%s')", azTable[i]);
    if (sqlite3_prepare_v2(m->pIn, zSql, -1, &s, NULL) != SQLITE_OK)
      return fail(m, 1, "%s: %s", m->zIn, sqlite3_errmsg(m->pIn));
    snprintf(zSql, sizeof(zSql), "SELECT 1 FROM pragma_table_info('%s', 'main') WHERE name = ?1", azTable[i]);
    sqlite3 *pRef = reference_schema();
    if (!pRef || sqlite3_prepare_v2(pRef, zSql, -1, &q, NULL) != SQLITE_OK) {
      sqlite3_finalize(s);
      return fail(m, 0, "the compiled-in schema: %s%s", pRef ? sqlite3_errmsg(pRef) : "out of memory", NULL);
    }
    while (sqlite3_step(s) == SQLITE_ROW) {
      sqlite3_bind_value(q, 1, sqlite3_column_value(s, 0));
      int bKnown = sqlite3_step(q) == SQLITE_ROW;
      sqlite3_reset(q);
      if (!bKnown) {
        char zCol[200];
        snprintf(zCol, sizeof(zCol), "%s.%.150s", azTable[i], (const char *)sqlite3_column_text(s, 0));
        sqlite3_finalize(s);
        sqlite3_finalize(q);
        return fail(m, 1, "%s: column %s is unknown to this dbtool (a newer schema?); update this checkout,"
                    " or --drop-unknown to leave it out", m->zIn, zCol);
      }
    }
    sqlite3_finalize(s);
    sqlite3_finalize(q);
  }
  return 0;
}

/* Open the input read-only and defensively, and check that it is one of ours. */
static int open_input(merge *m) {
  if (access(m->zIn, R_OK) != 0) return fail(m, 1, "%s: cannot read it", m->zIn, NULL);
  /* A file without a write-ahead log beside it is opened immutable, so that
  ** reading it creates nothing beside it; one with a log (a shard still being
  ** written, or left by a killed run) is opened so that the log is read. */
  char zUri[4200], zWal[4200];
  snprintf(zWal, sizeof(zWal), "%s-wal", m->zIn);
  int bWal = access(zWal, F_OK) == 0;
  char *u = zUri + snprintf(zUri, sizeof(zUri), "file:");
  for (const unsigned char *c = (const unsigned char *)m->zIn; *c && u < zUri + sizeof(zUri) - 32; c++) {
    if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || strchr("/._-~", *c))
      *u++ = (char)*c;
    else u += snprintf(u, 4, "%%%02X", *c);
  }
  snprintf(u, 32, "%s", bWal ? "?mode=ro" : "?mode=ro&immutable=1");
  if (sqlite3_open_v2(zUri, &m->pIn, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL) != SQLITE_OK)
    return fail(m, 1, "%s: %s", m->zIn, m->pIn ? sqlite3_errmsg(m->pIn) : "out of memory");
  sqlite3_db_config(m->pIn, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
  sqlite3_db_config(m->pIn, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
  sqlite3_db_config(m->pIn, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, (int *)0);
  sqlite3_db_config(m->pIn, SQLITE_DBCONFIG_ENABLE_VIEW, 0, (int *)0);
  sqlite3_db_config(m->pIn, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, (int *)0);
  sqlite3_busy_timeout(m->pIn, 10000);
  if (sqlite3_exec(m->pIn, "PRAGMA trusted_schema = OFF", NULL, NULL, NULL) != SQLITE_OK)
    return fail(m, 1, "%s: not a SQLite database (%s)", m->zIn, sqlite3_errmsg(m->pIn));
  /* The mark first: it is in the header, read without the schema. */
  long long iApp = in_int(m, "PRAGMA application_id");
  if (iApp < 0) return -1;
  /* Then the file's integrity, then what its schema holds. */
  sqlite3_stmt *s = NULL;
  if (sqlite3_prepare_v2(m->pIn, "PRAGMA quick_check", -1, &s, NULL) != SQLITE_OK)
    return fail(m, 1, "%s: %s", m->zIn, sqlite3_errmsg(m->pIn));
  int rc = sqlite3_step(s);
  if (rc != SQLITE_ROW || strcmp((const char *)sqlite3_column_text(s, 0), "ok")) {
    char zWhy[160];
    snprintf(zWhy, sizeof(zWhy), "%s", rc == SQLITE_ROW ? (const char *)sqlite3_column_text(s, 0)
                                                          : sqlite3_errmsg(m->pIn));
    sqlite3_finalize(s);
    return fail(m, 1, "%s: fails PRAGMA quick_check (%s)", m->zIn, zWhy);
  }
  sqlite3_finalize(s);
  long long nTrigger = in_int(m, "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'");
  if (nTrigger < 0) return -1;
  if (nTrigger > 0 && !m->bAllowTrigger) return fail(m, 1, "%s: holds triggers, which the project's databases never do", m->zIn, NULL);
  int nOurs = 0, bSamples = 0;
  for (int i = 0; i < N_TABLE; i++) {
    char zSql[300];
    snprintf(zSql, sizeof(zSql), "SELECT count(*) FROM sqlite_schema WHERE name = '%s' AND (type <> 'table'"
             " OR sql NOT LIKE 'CREATE TABLE%%')", azTable[i]);
    long long nOdd = in_int(m, zSql);
    snprintf(zSql, sizeof(zSql), "SELECT count(*) FROM sqlite_schema WHERE name = '%s' AND type = 'table'",
             azTable[i]);
    long long nHave = in_int(m, zSql);
    if (nOdd < 0 || nHave < 0) return -1;
    if (nOdd > 0) return fail(m, 1, "%s: '%s' is not an ordinary table", m->zIn, azTable[i]);
    if (nHave && i < N_REQUIRED - 1) nOurs++;
    if (nHave && !strcmp(azTable[i], "result_sample")) bSamples = 1;
    snprintf(zSql, sizeof(zSql), "SELECT count(*) FROM pragma_table_xinfo('%s') WHERE hidden <> 0", azTable[i]);
    long long nHidden = nHave ? in_int(m, zSql) : 0;
    if (nHidden < 0) return -1;
    if (nHidden > 0) return fail(m, 1, "%s: table '%s' has generated or hidden columns", m->zIn, azTable[i]);
  }
  if (iApp != DB_APPLICATION_ID && !(iApp == 0 && nOurs == N_REQUIRED - 1)) {
    char zApp[64];
    snprintf(zApp, sizeof(zApp), "%lld", iApp);
    return fail(m, 1, "%s: not a measurement database of this project (application_id %s)", m->zIn, zApp);
  }
  if (nOurs == N_REQUIRED - 1 && !bSamples) {
    char zV[40];
    snprintf(zV, sizeof(zV), "%lld", in_int(m, "PRAGMA user_version"));
    return fail(m, 1, "%s: " DB_OLD_SAMPLES_WHY " (schema %s): its results hold frozen statistics and at most"
                " 256 samples each, which this dbtool neither reads nor writes (re-measure, or use a checkout of"
                " that time)", m->zIn, zV);
  }
  if (nOurs < N_REQUIRED - 1 || !bSamples)
    return fail(m, 1, "%s: lacks the project's tables (device, run, result, result_sample)", m->zIn, NULL);
  if (check_known(m)) return -1;
  if (check_no_blob(m)) return -1;
  return merge_check_samples(m->pIn, m->zIn, m->zErr, m->nErr) ? (m->bRefused = 1, -1) : 0;
}

/* See merge.h. */
int merge_check_samples(sqlite3 *pDb, const char *zName, char *zErr, size_t nErr) {
  static const char *const azSql[] = {
    "SELECT printf('result %d: its samples', result_id), ns FROM main.result_sample",
    "SELECT printf('reference_timing %s, trial %d, %s n=%d, repeat %d: its samples', bench_uuid, trial, what, n,"
    " repeat), ns FROM main.reference_timing"};
  for (size_t i = 0; i < sizeof(azSql) / sizeof(azSql[0]); i++) {
    sqlite3_stmt *s = NULL;
    int rc;
    if (i == 1 && sqlite3_table_column_metadata(pDb, "main", "reference_timing", "ns", NULL, NULL, NULL, NULL, NULL) != SQLITE_OK)
      continue; /* an input of before the minimal harness: no such table */
    if (sqlite3_prepare_v2(pDb, azSql[i], -1, &s, NULL) != SQLITE_OK) {
      snprintf(zErr, nErr, "%s: %s", zName, sqlite3_errmsg(pDb));
      return -1;
    }
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
      double *a = NULL;
      int nNs = 0;
      char zWhy[200];
      const char *z = (const char *)sqlite3_column_text(s, 1);
      if (sqlite3_column_type(s, 1) != SQLITE_TEXT) {
        snprintf(zWhy, sizeof(zWhy), "not a text of nanoseconds");
      } else if (!sqlstats_samples_decode(z, sqlite3_column_bytes(s, 1), &a, &nNs, zWhy, sizeof(zWhy))) {
        free(a);
        continue;
      }
      snprintf(zErr, nErr, "%s%s%.200s: %s", zName ? zName : "", zName ? ": " : "",
               (const char *)sqlite3_column_text(s, 0), zWhy);
      for (char *c = zErr; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f) *c = '?'; /* one line */
      sqlite3_finalize(s);
      return -1;
    }
    sqlite3_finalize(s);
    if (rc != SQLITE_DONE) {
      snprintf(zErr, nErr, "%s: %s", zName, sqlite3_errmsg(pDb));
      return -1;
    }
  }
  return 0;
}

/* See merge.h. */
int merge_open_checked(const char *zPath, int mFlags, sqlite3 **ppDb, char *zErr, size_t nErr) {
  merge m;
  memset(&m, 0, sizeof(m));
  m.zErr = zErr;
  m.nErr = nErr;
  m.zIn = zPath;
  m.bDropUnknown = (mFlags & MERGE_OPEN_DROP_UNKNOWN) != 0;
  m.bAllowTrigger = (mFlags & MERGE_OPEN_ALLOW_TRIGGER) != 0;
  zErr[0] = 0;
  *ppDb = NULL;
  if (open_input(&m)) {
    sqlite3_close(m.pIn);
    return m.bRefused ? MERGE_REFUSED : MERGE_FAILED;
  }
  *ppDb = m.pIn;
  return 0;
}

/* The columns of TABLE in the output that the input has too, as a quoted
** list, leaving out zSkip (a column renumbered by the merge; NULL: none).
** Names come from the output's schema, so they are ours; returns the count. */
static int common_columns(merge *m, const char *zTable, char *zList, size_t nList) {
  sqlite3_stmt *s = NULL;
  char zSql[300];
  int n = 0;
  zList[0] = 0;
  snprintf(zSql, sizeof(zSql), "SELECT name FROM pragma_table_info('%s')", zTable);
  if (sqlite3_prepare_v2(m->pOut, zSql, -1, &s, NULL) != SQLITE_OK) return -1;
  while (sqlite3_step(s) == SQLITE_ROW) {
    const char *zCol = (const char *)sqlite3_column_text(s, 0);
    sqlite3_stmt *q = NULL;
    snprintf(zSql, sizeof(zSql), "SELECT 1 FROM pragma_table_info('%s') WHERE name = ?1", zTable);
    int bHave = sqlite3_prepare_v2(m->pIn, zSql, -1, &q, NULL) == SQLITE_OK &&
                sqlite3_bind_text(q, 1, zCol, -1, SQLITE_STATIC) == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW;
    sqlite3_finalize(q);
    if (!bHave) continue;
    size_t nUsed = strlen(zList);
    snprintf(zList + nUsed, nList - nUsed, "%s\"%s\"", n ? ", " : "", zCol);
    n++;
  }
  sqlite3_finalize(s);
  return n;
}

/* A UUID-shaped 128-bit FNV-1a hash of a run's identifying content. */
static void derived_uuid(sqlite3_stmt *s, int iFirst, int nCol, char *zOut) {
  uint64_t h1 = 0xcbf29ce484222325ULL, h2 = 0x84222325cbf29ce4ULL;
  for (int i = iFirst; i < iFirst + nCol; i++) {
    const unsigned char *z = sqlite3_column_text(s, i);
    int n = sqlite3_column_bytes(s, i);
    for (int j = 0; j <= n; j++) { /* the NUL separates the fields */
      unsigned c = j < n && z ? z[j] : 0u;
      h1 = (h1 ^ c) * 0x100000001b3ULL;
      h2 = (h2 ^ c ^ 0x5a) * 0x100000001b3ULL;
    }
  }
  snprintf(zOut, 40, "%08x-%04x-%04x-%04x-%012llx", (unsigned)(h1 >> 32), (unsigned)(h1 >> 16) & 0xffff,
           (unsigned)h1 & 0xffff, (unsigned)(h2 >> 48), (unsigned long long)(h2 & 0xffffffffffffULL));
}

/* Run zSql on the output; 0 or -1 with the failure recorded. */
static int out_exec(merge *m, const char *zSql) {
  if (sqlite3_exec(m->pOut, zSql, NULL, NULL, NULL) == SQLITE_OK) return 0;
  return fail(m, 0, "output: %s (%s)", sqlite3_errmsg(m->pOut), NULL);
}

/* Copy the rows of TABLE whose zKey column (NULL: every row) maps through
** temp table zKeyMap (the key takes the mapped value), giving each a new zId
** (NULL: none) recorded in temp table zIdMap (NULL: not recorded). */
static int copy_table(merge *m, const char *zTable, const char *zId, const char *zIdMap, const char *zKey,
                      const char *zKeyMap, int bOrIgnore) {
  char zCols[2000], zSql[4400];
  int nCol = common_columns(m, zTable, zCols, sizeof(zCols));
  if (nCol <= 0) return fail(m, 1, "%s: table '%s' has none of the project's columns", m->zIn, zTable);
  sqlite3_stmt *pSel = NULL, *pIns = NULL, *pMap = NULL, *pKey = NULL;
  int rc = -1;
  snprintf(zSql, sizeof(zSql), "SELECT %s FROM \"%s\"%s%s%s", zCols, zTable, zId ? " ORDER BY \"" : "",
           zId ? zId : "", zId ? "\"" : "");
  if (sqlite3_prepare_v2(m->pIn, zSql, -1, &pSel, NULL) != SQLITE_OK) {
    fail(m, 1, "%s: %s", m->zIn, sqlite3_errmsg(m->pIn));
    goto done;
  }
  char zQ[1200] = "";
  for (int i = 0; i < nCol; i++) strcat(zQ, i ? ",?" : "?");
  snprintf(zSql, sizeof(zSql), "INSERT %sINTO main.\"%s\"(%s) VALUES(%s)", bOrIgnore ? "OR IGNORE " : "", zTable,
           zCols, zQ);
  if (sqlite3_prepare_v2(m->pOut, zSql, -1, &pIns, NULL) != SQLITE_OK) goto out_fail;
  if (zIdMap) {
    snprintf(zSql, sizeof(zSql), "INSERT INTO temp.%s(old, new) VALUES(?1, ?2)", zIdMap);
    if (sqlite3_prepare_v2(m->pOut, zSql, -1, &pMap, NULL) != SQLITE_OK) goto out_fail;
  }
  if (zKeyMap) {
    snprintf(zSql, sizeof(zSql), "SELECT new FROM temp.%s WHERE old = ?1", zKeyMap);
    if (sqlite3_prepare_v2(m->pOut, zSql, -1, &pKey, NULL) != SQLITE_OK) goto out_fail;
  }
  /* Where the id and key columns are in the list. */
  int iId = -1, iKey = -1;
  for (int i = 0; i < nCol; i++) {
    const char *z = sqlite3_column_name(pSel, i);
    if (zId && !strcmp(z, zId)) iId = i;
    if (zKey && !strcmp(z, zKey)) iKey = i;
  }
  if ((zId && iId < 0) || (zKey && iKey < 0)) {
    fail(m, 1, "%s: table '%s' lacks its key columns", m->zIn, zTable);
    goto done;
  }
  int rcSel;
  while ((rcSel = sqlite3_step(pSel)) == SQLITE_ROW) {
    long long iNewKey = 0;
    if (pKey) {
      sqlite3_bind_value(pKey, 1, sqlite3_column_value(pSel, iKey));
      int bMapped = sqlite3_step(pKey) == SQLITE_ROW;
      if (bMapped) iNewKey = sqlite3_column_int64(pKey, 0);
      sqlite3_reset(pKey);
      if (!bMapped) continue; /* its run was present already, unfinished, or is missing */
    }
    for (int i = 0; i < nCol; i++) {
      if (i == iId) sqlite3_bind_null(pIns, i + 1); /* a new id */
      else if (i == iKey) sqlite3_bind_int64(pIns, i + 1, iNewKey);
      else sqlite3_bind_value(pIns, i + 1, sqlite3_column_value(pSel, i));
    }
    if (sqlite3_step(pIns) != SQLITE_DONE) goto out_fail;
    sqlite3_reset(pIns);
    if (pMap) {
      sqlite3_bind_value(pMap, 1, sqlite3_column_value(pSel, iId));
      sqlite3_bind_int64(pMap, 2, sqlite3_last_insert_rowid(m->pOut));
      if (sqlite3_step(pMap) != SQLITE_DONE) goto out_fail;
      sqlite3_reset(pMap);
    }
  }
  if (rcSel != SQLITE_DONE) {
    fail(m, 1, "%s: %s", m->zIn, sqlite3_errmsg(m->pIn));
    goto done;
  }
  rc = 0;
  goto done;
out_fail:
  fail(m, 0, "output: %s%s", sqlite3_errmsg(m->pOut), NULL);
done:
  sqlite3_finalize(pSel);
  sqlite3_finalize(pIns);
  sqlite3_finalize(pMap);
  sqlite3_finalize(pKey);
  return rc;
}

/* Devices the output lacks (by UUID, which is UNIQUE: OR IGNORE). */
static int merge_devices(merge *m) {
  return copy_table(m, "device", "device_id", NULL, NULL, NULL, 1);
}

/* Map the input's device ids to the output's through their UUIDs. */
static int map_devices(merge *m) {
  sqlite3_stmt *pSel = NULL, *pIns = NULL;
  int rc = -1, rcSel;
  if (sqlite3_prepare_v2(m->pIn, "SELECT device_id, uuid FROM device", -1, &pSel, NULL) != SQLITE_OK)
    return fail(m, 1, "%s: %s", m->zIn, sqlite3_errmsg(m->pIn));
  if (sqlite3_prepare_v2(m->pOut, "INSERT OR REPLACE INTO temp.map_device(old, new)"
                         " SELECT ?1, device_id FROM main.device WHERE uuid = ?2", -1, &pIns, NULL) != SQLITE_OK) {
    fail(m, 0, "output: %s%s", sqlite3_errmsg(m->pOut), NULL);
    goto done;
  }
  while ((rcSel = sqlite3_step(pSel)) == SQLITE_ROW) {
    sqlite3_bind_value(pIns, 1, sqlite3_column_value(pSel, 0));
    sqlite3_bind_value(pIns, 2, sqlite3_column_value(pSel, 1));
    if (sqlite3_step(pIns) != SQLITE_DONE) {
      fail(m, 0, "output: %s%s", sqlite3_errmsg(m->pOut), NULL);
      goto done;
    }
    sqlite3_reset(pIns);
  }
  if (rcSel != SQLITE_DONE) fail(m, 1, "%s: %s", m->zIn, sqlite3_errmsg(m->pIn));
  else rc = 0;
done:
  sqlite3_finalize(pSel);
  sqlite3_finalize(pIns);
  return rc;
}

/* Runs: the finished ones whose UUID (or derived UUID) the output lacks, each
** with a new run_id and its device mapped; temp.map_run maps the added ones. */
static int merge_runs(merge *m) {
  char zCols[2000], zSql[4400], zQ[400] = "";
  int nCol = common_columns(m, "run", zCols, sizeof(zCols));
  if (nCol <= 0) return fail(m, 1, "%s: table 'run' has none of the project's columns", m->zIn, NULL);
  /* The listed columns, then what identifies a run without a UUID. */
  char zSel[4400];
  snprintf(zSel, sizeof(zSel), "SELECT c.*, (SELECT uuid FROM device d WHERE d.device_id = c.device_id)"
           " FROM (SELECT %s, study AS k1, binary AS k2, started_utc AS k3, host AS k4, argv AS k5,"
           " build_id AS k6 FROM run ORDER BY run_id) c", zCols);
  sqlite3_stmt *pSel = NULL, *pIns = NULL, *pHave = NULL, *pMap = NULL, *pDev = NULL;
  int rc = -1, rcSel;
  if (sqlite3_prepare_v2(m->pIn, zSel, -1, &pSel, NULL) != SQLITE_OK) {
    fail(m, 1, "%s: %s", m->zIn, sqlite3_errmsg(m->pIn));
    goto done;
  }
  int iId = -1, iUuid = -1, iDev = -1, iStatus = -1;
  for (int i = 0; i < nCol; i++) {
    const char *z = sqlite3_column_name(pSel, i);
    if (!strcmp(z, "run_id")) iId = i;
    if (!strcmp(z, "run_uuid")) iUuid = i;
    if (!strcmp(z, "device_id")) iDev = i;
    if (!strcmp(z, "status")) iStatus = i;
    strcat(zQ, i ? ",?" : "?");
  }
  if (iId < 0 || iDev < 0 || iStatus < 0) {
    fail(m, 1, "%s: table 'run' lacks run_id, device_id or status", m->zIn, NULL);
    goto done;
  }
  /* The output always has run_uuid; add it where the input lacks the column. */
  snprintf(zSql, sizeof(zSql), "INSERT INTO main.run(%s%s) VALUES(%s%s)", zCols, iUuid < 0 ? ", run_uuid" : "", zQ,
           iUuid < 0 ? ",?" : "");
  if (sqlite3_prepare_v2(m->pOut, zSql, -1, &pIns, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2(m->pOut, "SELECT 1 FROM main.run WHERE run_uuid = ?1", -1, &pHave, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2(m->pOut, "INSERT INTO temp.map_run(old, new) VALUES(?1, ?2)", -1, &pMap, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2(m->pOut, "SELECT new FROM temp.map_device WHERE old = ?1", -1, &pDev, NULL) != SQLITE_OK) {
    fail(m, 0, "output: %s%s", sqlite3_errmsg(m->pOut), NULL);
    goto done;
  }
  while ((rcSel = sqlite3_step(pSel)) == SQLITE_ROW) {
    const char *zStatus = (const char *)sqlite3_column_text(pSel, iStatus);
    if (!zStatus || !strcmp(zStatus, "running")) {
      m->nUnfinished++;
      continue;
    }
    char zUuid[48];
    const char *zHave = iUuid >= 0 ? (const char *)sqlite3_column_text(pSel, iUuid) : NULL;
    if (zHave && zHave[0]) snprintf(zUuid, sizeof(zUuid), "%s", zHave);
    else derived_uuid(pSel, nCol, 7, zUuid); /* k1..k6 and the device's UUID */
    sqlite3_bind_text(pHave, 1, zUuid, -1, SQLITE_STATIC);
    int bPresent = sqlite3_step(pHave) == SQLITE_ROW;
    sqlite3_reset(pHave);
    if (bPresent) {
      m->nPresent++;
      continue;
    }
    long long iNewDev = -1;
    sqlite3_bind_value(pDev, 1, sqlite3_column_value(pSel, iDev));
    if (sqlite3_step(pDev) == SQLITE_ROW) iNewDev = sqlite3_column_int64(pDev, 0);
    sqlite3_reset(pDev);
    for (int i = 0; i < nCol; i++) {
      if (i == iId) sqlite3_bind_null(pIns, i + 1);
      else if (i == iDev) {
        if (iNewDev < 0) sqlite3_bind_null(pIns, i + 1);
        else sqlite3_bind_int64(pIns, i + 1, iNewDev);
      } else if (i == iUuid) sqlite3_bind_text(pIns, i + 1, zUuid, -1, SQLITE_TRANSIENT);
      else sqlite3_bind_value(pIns, i + 1, sqlite3_column_value(pSel, i));
    }
    if (iUuid < 0) sqlite3_bind_text(pIns, nCol + 1, zUuid, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(pIns) != SQLITE_DONE) {
      fail(m, 0, "output: %s%s", sqlite3_errmsg(m->pOut), NULL);
      goto done;
    }
    sqlite3_reset(pIns);
    sqlite3_bind_value(pMap, 1, sqlite3_column_value(pSel, iId));
    sqlite3_bind_int64(pMap, 2, sqlite3_last_insert_rowid(m->pOut));
    if (sqlite3_step(pMap) != SQLITE_DONE) {
      fail(m, 0, "output: %s%s", sqlite3_errmsg(m->pOut), NULL);
      goto done;
    }
    sqlite3_reset(pMap);
    m->nAdded++;
  }
  if (rcSel != SQLITE_DONE) fail(m, 1, "%s: %s", m->zIn, sqlite3_errmsg(m->pIn));
  else rc = 0;
done:
  sqlite3_finalize(pSel);
  sqlite3_finalize(pIns);
  sqlite3_finalize(pHave);
  sqlite3_finalize(pMap);
  sqlite3_finalize(pDev);
  return rc;
}

/* Everything one input adds to the output. */
static int merge_one(merge *m) {
  if (open_input(m)) return -1;
  if (out_exec(m, "DELETE FROM temp.map_device; DELETE FROM temp.map_run; DELETE FROM temp.map_result;"))
    return -1;
  if (merge_devices(m) || map_devices(m) || merge_runs(m)) return -1;
  if (copy_table(m, "result", "result_id", "map_result", "run_id", "map_run", 0)) return -1;
  if (copy_table(m, "result_sample", NULL, NULL, "result_id", "map_result", 0)) return -1;
  long long nCounter = in_int(m, "SELECT count(*) FROM sqlite_schema WHERE name = 'counter'");
  if (nCounter < 0 || (nCounter && copy_table(m, "counter", NULL, NULL, "run_id", "map_run", 1))) return -1;
  long long nRes = in_int(m, "SELECT count(*) FROM sqlite_schema WHERE name = 'kernel_resource'");
  if (nRes < 0 || (nRes && copy_table(m, "kernel_resource", NULL, NULL, NULL, NULL, 1))) return -1;
  long long nEnv = in_int(m, "SELECT count(*) FROM sqlite_schema WHERE name = 'run_env'");
  if (nEnv < 0 || (nEnv && copy_table(m, "run_env", NULL, NULL, "run_id", "map_run", 1))) return -1;
  /* The registries: the first database to describe a variant keeps it. */
  long long nVar = in_int(m, "SELECT count(*) FROM sqlite_schema WHERE name = 'variant'");
  if (nVar < 0 || (nVar && copy_table(m, "variant", NULL, NULL, NULL, NULL, 1))) return -1;
  /* Where each `make measure` spent its time (keyed by its session). */
  long long nPhase = in_int(m, "SELECT count(*) FROM sqlite_schema WHERE name = 'measure_phase'");
  if (nPhase < 0 || (nPhase && copy_table(m, "measure_phase", NULL, NULL, NULL, NULL, 1))) return -1;
  /* The minimal harness's sample sets, under their device (keyed by their invocation). */
  long long nRef = in_int(m, "SELECT count(*) FROM sqlite_schema WHERE name = 'reference_timing'");
  if (nRef < 0 || (nRef && copy_table(m, "reference_timing", NULL, NULL, "device_id", "map_device", 1))) return -1;
  return 0;
}

/* Fold a write-ahead log left beside OUT into OUT and remove it (and the
** -shm), so that no old log is replayed onto the file renamed over OUT; a
** log beside no OUT is removed. 0, or -1 with the reason (a live writer
** holds it, or it cannot be checkpointed). */
static int settle_wal(merge *m, const char *zOut) {
  char zWal[4200], zShm[4200];
  snprintf(zWal, sizeof(zWal), "%s-wal", zOut);
  snprintf(zShm, sizeof(zShm), "%s-shm", zOut);
  if (access(zWal, F_OK) != 0 && access(zShm, F_OK) != 0) return 0;
  if (access(zOut, F_OK) == 0) {
    sqlite3 *pDb = NULL;
    sqlite3_stmt *s = NULL;
    int bBusy = 1;
    if (sqlite3_open_v2(zOut, &pDb, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK) {
      sqlite3_busy_timeout(pDb, 2000);
      if (sqlite3_prepare_v2(pDb, "PRAGMA main.wal_checkpoint(TRUNCATE)", -1, &s, NULL) == SQLITE_OK &&
          sqlite3_step(s) == SQLITE_ROW)
        bBusy = sqlite3_column_int(s, 0);
      sqlite3_finalize(s);
    }
    if (bBusy) {
      char zWhy[200];
      snprintf(zWhy, sizeof(zWhy), "%s", pDb ? sqlite3_errmsg(pDb) : "out of memory");
      sqlite3_close(pDb);
      return fail(m, 0, "%s: its write-ahead log cannot be checkpointed (a writer still running? %s)", zOut, zWhy);
    }
    if (sqlite3_close(pDb) != SQLITE_OK) return fail(m, 0, "%s: cannot close it after its checkpoint%s", zOut, NULL);
  }
  /* Checkpointed (or beside no database): what is left holds nothing. */
  unlink(zWal);
  unlink(zShm);
  return 0;
}

/* See merge.h. */
int merge_in_use(const char *zDb) {
  /* Every connection in WAL mode holds a read lock on the -shm's lock
  ** bytes (120..135) while it is open; one in a transaction of a rollback
  ** journal holds the lock bytes of the database file (at 1 GiB). */
  static const struct { const char *zSuffix; off_t iStart, nLen; } aLock[] = {
    {"-shm", 120, 16}, {"", 0x40000000, 512}};
  for (size_t i = 0; i < sizeof(aLock) / sizeof(aLock[0]); i++) {
    char zPath[4200];
    snprintf(zPath, sizeof(zPath), "%s%s", zDb, aLock[i].zSuffix);
    int fd = open(zPath, O_RDONLY);
    if (fd < 0) continue;
    struct flock lk;
    memset(&lk, 0, sizeof(lk));
    lk.l_type = F_WRLCK;
    lk.l_whence = SEEK_SET;
    lk.l_start = aLock[i].iStart;
    lk.l_len = aLock[i].nLen;
    int bHeld = fcntl(fd, F_GETLK, &lk) == 0 && lk.l_type != F_UNLCK;
    close(fd);
    if (bHeld) return 1;
  }
  return 0;
}

/* Remove the temporary files (OUT.merge-PID.tmp and its -wal, -shm,
** -journal) of merges killed before they could: those whose PID is gone. */
static void remove_stale_temps(const char *zOut) {
  merge_remove_stale(zOut, "merge");
}

/* See merge.h. */
void merge_remove_stale(const char *zOut, const char *zTag) {
  const char *zBase = strrchr(zOut, '/');
  char zDir[4096];
  if (zBase) snprintf(zDir, sizeof(zDir), "%.*s", (int)(zBase - zOut) + 1, zOut), zBase++;
  else snprintf(zDir, sizeof(zDir), "./"), zBase = zOut;
  size_t nBase = strlen(zBase);
  DIR *pDir = opendir(zDir);
  if (!pDir) return;
  struct dirent *e;
  while ((e = readdir(pDir)) != NULL) {
    const char *z = e->d_name;
    size_t nTag = strlen(zTag);
    if (strncmp(z, zBase, nBase) || z[nBase] != '.' || strncmp(z + nBase + 1, zTag, nTag) || z[nBase + 1 + nTag] != '-')
      continue;
    const char *zPid = z + nBase + nTag + 2;
    char *zEnd;
    long iPid = strtol(zPid, &zEnd, 10);
    if (zEnd == zPid || strncmp(zEnd, ".tmp", 4) || iPid <= 0) continue;
    if (strcmp(zEnd + 4, "") && strcmp(zEnd + 4, "-wal") && strcmp(zEnd + 4, "-shm") && strcmp(zEnd + 4, "-journal"))
      continue;
    if (iPid == (long)getpid() || kill((pid_t)iPid, 0) == 0 || errno != ESRCH) continue;
    char zPath[8200];
    snprintf(zPath, sizeof(zPath), "%s%s", zDir, z);
    unlink(zPath);
  }
  closedir(pDir);
}

int merge_main(const char *const *azIn, int nIn, const char *zOut, int bDropUnknown, char *zErr, size_t nErr) {
  char zTmp[4096];
  merge m;
  memset(&m, 0, sizeof(m));
  m.zErr = zErr;
  m.nErr = nErr;
  m.bDropUnknown = bDropUnknown;
  zErr[0] = 0;
  struct stat st;
  if (!zOut[0]) {
    fail(&m, 0, "the output name is empty%s%s", NULL, NULL);
    return MERGE_FAILED;
  }
  if (stat(zOut, &st) == 0 && !S_ISREG(st.st_mode)) {
    fail(&m, 0, "%s: not a regular file (a directory?)%s", zOut, NULL);
    return MERGE_FAILED;
  }
  /* A symbolic link: the file it names is the output (the link stays). */
  char zReal[4096];
  if (lstat(zOut, &st) == 0 && S_ISLNK(st.st_mode)) {
    char *z = realpath(zOut, NULL);
    if (!z) {
      fail(&m, 0, "%s: a symbolic link to nothing: name its target, or remove it%s", zOut, NULL);
      return MERGE_FAILED;
    }
    if (strlen(z) >= sizeof(zReal)) {
      free(z);
      fail(&m, 0, "%s: its target's path is too long%s", zOut, NULL);
      return MERGE_FAILED;
    }
    snprintf(zReal, sizeof(zReal), "%s", z);
    free(z);
    zOut = zReal;
  }
  /* Another connection on OUT (a measurement still writing into it) would
  ** lose what it writes after the merge renames the result over OUT. */
  if (merge_in_use(zOut)) {
    fail(&m, 0, "%s: another process has it open (a measurement still writing?): merge when it has ended,"
         " or into another file", zOut, NULL);
    return MERGE_BUSY;
  }
  /* The temporary name, and its -wal and -shm, must fit, or the truncated
  ** name could be OUT itself. */
  if ((size_t)snprintf(zTmp, sizeof(zTmp), "%s.merge-%ld.tmp", zOut, (long)getpid()) >= sizeof(zTmp) - 8) {
    snprintf(zErr, nErr, "output path too long (%zu bytes; at most %zu)", strlen(zOut), sizeof(zTmp) - 40);
    return MERGE_FAILED;
  }
  remove_stale_temps(zOut);
  if (settle_wal(&m, zOut)) return MERGE_FAILED;
  unlink(zTmp);
  /* The schema through the harness, then the rows on a plain connection. */
  db *p = db_open(zTmp, zErr, nErr);
  if (!p) {
    unlink(zTmp);
    return MERGE_FAILED;
  }
  db_close(p);
  int rc = sqlite3_open_v2(zTmp, &m.pOut, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK;
  if (rc) fail(&m, 0, "output: %s%s", m.pOut ? sqlite3_errmsg(m.pOut) : "out of memory", NULL);
  if (!rc) rc = out_exec(&m, "PRAGMA foreign_keys = ON; BEGIN IMMEDIATE;"
                             " CREATE TEMP TABLE map_device(old INTEGER PRIMARY KEY, new INTEGER);"
                             " CREATE TEMP TABLE map_run(old INTEGER PRIMARY KEY, new INTEGER);"
                             " CREATE TEMP TABLE map_result(old INTEGER PRIMARY KEY, new INTEGER);") != 0;
  /* What OUT holds already comes first, read like any input. */
  int bHaveOut = access(zOut, F_OK) == 0;
  for (int i = bHaveOut ? -1 : 0; !rc && i < nIn; i++) {
    m.zIn = i < 0 ? zOut : azIn[i];
    m.nAdded = m.nPresent = m.nUnfinished = 0;
    rc = merge_one(&m) != 0;
    sqlite3_close(m.pIn);
    m.pIn = NULL;
    if (!rc && i < 0) printf("merge: %s: %lld runs kept\n", m.zIn, m.nAdded);
    else if (!rc)
      printf("merge: %s: %lld runs added, %lld already there, %lld unfinished left out\n", m.zIn, m.nAdded,
             m.nPresent, m.nUnfinished);
  }
  if (!rc) rc = out_exec(&m, "COMMIT;") != 0;
  if (!rc && sqlite3_close(m.pOut) != SQLITE_OK) rc = fail(&m, 0, "output: cannot close it%s%s", NULL, NULL) != 0;
  else if (rc) sqlite3_close(m.pOut);
  m.pOut = NULL;
  /* The temporary file is whole (its own log checkpointed at close), and no
  ** writer has left a log beside OUT since: then it is renamed in. */
  char zTmpWal[4200], zOutWal[4200];
  snprintf(zTmpWal, sizeof(zTmpWal), "%s-wal", zTmp);
  snprintf(zOutWal, sizeof(zOutWal), "%s-wal", zOut);
  if (!rc && access(zTmpWal, F_OK) == 0) rc = fail(&m, 0, "output: its log was not checkpointed at close%s%s", NULL, NULL) != 0;
  if (!rc && (access(zOutWal, F_OK) == 0 || merge_in_use(zOut))) {
    fail(&m, 0, "%s: a writer opened it during the merge (merge again when it has ended)%s", zOut, NULL);
    merge_remove_db(zTmp);
    return MERGE_BUSY;
  }
  if (!rc && rename(zTmp, zOut) != 0) rc = fail(&m, 0, "cannot rename the result to %s%s", zOut, NULL) != 0;
  if (rc) {
    merge_remove_db(zTmp);
    return m.bRefused ? MERGE_REFUSED : MERGE_FAILED;
  }
  return 0;
}

/* See merge.h. */
void merge_remove_db(const char *zDb) {
  static const char *const azSide[] = {"", "-wal", "-shm", "-journal"};
  char z[4200];
  for (size_t i = 0; i < sizeof(azSide) / sizeof(azSide[0]); i++) {
    snprintf(z, sizeof(z), "%s%s", zDb, azSide[i]);
    unlink(z);
  }
}
