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
** tables as ordinary tables with no generated columns, and values they may
** hold: no BLOB, text that is UTF-8 without a NUL or the report's escaping
** marks (U+E000-U+E07F: marked text would collide with them), no run naming
** a device the file lacks, every sample text possible (merge_check_samples:
** no 0, negative, non-whole or absurd nanoseconds). An input made before
** every sample was stored (a result table without result_sample: frozen
** statistics and thinned samples) is refused as such. Only those tables'
** known columns are read; its views are never read. An input whose schema
** is newer than this build's (PRAGMA user_version; a negative one is no
** schema of ours), or whose tables have columns this build does not know,
** is refused (exit 4): merging it would drop those columns silently;
** --drop-unknown says to. An input is
** opened immutable (nothing made beside it) unless a -wal is beside it; one
** whose rollback journal holds a transaction is refused (immutable would
** read past it, and a killed writer's uncommitted rows with it).
**
** OUT, if it exists, is read the same way as one more input; the result is
** built in a temporary file beside it and renamed over it at the end. One
** merge into OUT at a time: a lock file beside it (OUT.merge-lock, removed
** at the end) makes a second merge wait and then read what the first wrote.
** A write-ahead log beside OUT (a killed writer's) is checkpointed into OUT
** first and removed, and a hot rollback journal rolled back and removed, so
** that SQLite never replays either onto the renamed file; one that a live
** writer holds is refused. OUT changed by another process while the merge
** ran (a row committed meanwhile) is refused before the rename (exit 3),
** and an OUT that did not exist is never renamed over one made meanwhile.
** An OUT whose temporary name would not fit is refused before anything is
** touched. The temporary files of a merge killed before it could remove
** them (its PID gone) are removed by the next. Messages escape every
** control character of what they quote (merge_escape).
*/
#define _GNU_SOURCE /* realpath, flock, syscall */
#include "experiments/tools/merge.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#include <sqlite3.h>

#include "experiments/harness/db.h"
#include "experiments/tools/dumpfile.h"
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

/* See merge.h. */
int merge_is_format_char(unsigned cp) {
  return cp == 0x061C || cp == 0x180E || (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202E) ||
         (cp >= 0x2060 && cp <= 0x206F) || cp == 0xFEFF || (cp >= 0xFFF9 && cp <= 0xFFFB) || cp == 0xE0001 ||
         (cp >= 0xE0020 && cp <= 0xE007F);
}

/* See merge.h. */
void merge_escape(char *zOut, size_t nOut, const char *zIn) {
  const unsigned char *z = (const unsigned char *)zIn;
  size_t n = strlen(zIn), j = 0;
  if (nOut == 0) return;
  for (size_t i = 0; i < n;) {
    unsigned cp = 0;
    int k = dump_utf8_char(z + i, n - i, &cp);
    char zEsc[16];
    if (k == 0) snprintf(zEsc, sizeof(zEsc), "\\x%02x", z[i]), k = 1; /* not UTF-8 */
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) snprintf(zEsc, sizeof(zEsc), "\\x%02x", cp);
    else if (merge_is_format_char(cp)) snprintf(zEsc, sizeof(zEsc), "\\u%04x", cp);
    else zEsc[0] = 0;
    size_t nAdd = zEsc[0] ? strlen(zEsc) : (size_t)k;
    if (j + nAdd >= nOut) break;
    memcpy(zOut + j, zEsc[0] ? zEsc : (const char *)z + i, nAdd);
    j += nAdd;
    i += (size_t)k;
  }
  zOut[j] = 0;
}

/* Record a failure (the first one wins), every control character escaped
** (one line, and nothing a terminal would act on: the names in it may come
** from a hostile file). */
static int fail(merge *m, int bRefused, const char *zFmt, const char *zA, const char *zB) {
  if (!m->zErr[0]) {
    char z[400];
    snprintf(z, sizeof(z), zFmt, zA ? zA : "", zB ? zB : "");
    merge_escape(m->zErr, m->nErr, z);
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

/* SQL function merge_value_problem(x): why x may not be in the project's
** tables (a BLOB; a text dump_text_problem refuses), or NULL. */
static void value_problem_func(sqlite3_context *ctx, int nArg, sqlite3_value **apArg) {
  (void)nArg;
  int eType = sqlite3_value_type(apArg[0]);
  if (eType == SQLITE_BLOB) sqlite3_result_text(ctx, "a BLOB value", -1, SQLITE_STATIC);
  else if (eType == SQLITE_TEXT) {
    const unsigned char *z = sqlite3_value_text(apArg[0]);
    const char *zWhy = z ? dump_text_problem(z, (size_t)sqlite3_value_bytes(apArg[0])) : NULL;
    if (zWhy) sqlite3_result_text(ctx, zWhy, -1, SQLITE_STATIC);
  }
}

/* Whether every value of the project's tables of the input is one they
** may hold: no BLOB (the project writes none, and a BLOB is not text:
** mdquery's escaping, the exports' JSON), and text that is UTF-8 without a
** NUL or a character of the report's escaping marks (dump_text_problem):
** such text would collide with other text once the report marks it. 0, or
** -1 (refused) naming the table and column. */
static int check_values(merge *m) {
  if (sqlite3_create_function(m->pIn, "merge_value_problem", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY,
                              NULL, value_problem_func, NULL, NULL) != SQLITE_OK)
    return fail(m, 0, "%s: %s", m->zIn, sqlite3_errmsg(m->pIn));
  for (int i = 0; i < N_TABLE; i++) {
    sqlite3_stmt *s = NULL;
    char *zSel = NULL, *zWhere = NULL;
    int rc = 0;
    if (sqlite3_prepare_v2(m->pIn, "SELECT name FROM pragma_table_info(?1)", -1, &s, NULL) != SQLITE_OK)
      return fail(m, 1, "%s: %s", m->zIn, sqlite3_errmsg(m->pIn));
    sqlite3_bind_text(s, 1, azTable[i], -1, SQLITE_STATIC);
    while (sqlite3_step(s) == SQLITE_ROW) {
      const char *zCol = (const char *)sqlite3_column_text(s, 0);
      char *zA = sqlite3_mprintf("%s%smerge_value_problem(\"%w\") AS \"%w\"", zSel ? zSel : "", zSel ? ", " : "",
                                 zCol, zCol);
      char *zB = sqlite3_mprintf("%s%smerge_value_problem(\"%w\") IS NOT NULL", zWhere ? zWhere : "",
                                 zWhere ? " OR " : "", zCol);
      sqlite3_free(zSel);
      sqlite3_free(zWhere);
      zSel = zA;
      zWhere = zB;
    }
    sqlite3_finalize(s);
    s = NULL;
    if (zSel && zWhere) {
      char *zSql = sqlite3_mprintf("SELECT %s FROM main.\"%w\" WHERE %s LIMIT 1", zSel, azTable[i], zWhere);
      if (!zSql || sqlite3_prepare_v2(m->pIn, zSql, -1, &s, NULL) != SQLITE_OK)
        rc = fail(m, 1, "%s: %s", m->zIn, sqlite3_errmsg(m->pIn));
      else if (sqlite3_step(s) == SQLITE_ROW) {
        for (int c = 0; c < sqlite3_column_count(s) && !rc; c++) {
          const char *zWhy = (const char *)sqlite3_column_text(s, c);
          if (!zWhy) continue;
          char zWhat[400];
          snprintf(zWhat, sizeof(zWhat), "%s.%.150s holds %s%s", azTable[i], sqlite3_column_name(s, c),
                   strcmp(zWhy, "a BLOB value") ? "text with " : "", zWhy);
          rc = fail(m, 1, "%s: column %s, which the project's databases never do", m->zIn, zWhat);
        }
      }
      sqlite3_finalize(s);
      sqlite3_free(zSql);
    }
    sqlite3_free(zSel);
    sqlite3_free(zWhere);
    if (rc) return rc;
  }
  return 0;
}

/* Whether the input's schema is one this build knows: its user_version no
** newer, no column of the project's tables that the output lacks. 0, or -1
** (refused) unless m->bDropUnknown. */
static int check_known(merge *m) {
  sqlite3_stmt *s0 = NULL;
  long long iVersion = 0;
  if (sqlite3_prepare_v2(m->pIn, "PRAGMA user_version", -1, &s0, NULL) != SQLITE_OK || sqlite3_step(s0) != SQLITE_ROW) {
    sqlite3_finalize(s0);
    return fail(m, 1, "%s: %s", m->zIn, sqlite3_errmsg(m->pIn));
  }
  iVersion = sqlite3_column_int64(s0, 0);
  sqlite3_finalize(s0);
  /* (user_version is a signed 32-bit number: no schema of ours is below 0) */
  if (iVersion < 0) {
    char zV[32];
    snprintf(zV, sizeof(zV), "%lld", iVersion);
    return fail(m, 1, "%s: its user_version is %s, which no schema of this project has", m->zIn, zV);
  }
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

/* Whether a rollback journal beside zDb (zDb-journal) holds a transaction:
** its header is a journal's (not zeroed, not empty, as a committed one of
** journal_mode PERSIST or TRUNCATE is). Without a writer holding zDb's
** lock (merge_in_use) it is hot: a writer was killed inside a transaction,
** whose changes the file may already hold. */
static int journal_open(const char *zDb) {
  static const unsigned char aMagic[8] = {0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7};
  unsigned char a[8];
  char zJournal[4200];
  snprintf(zJournal, sizeof(zJournal), "%s-journal", zDb);
  FILE *f = fopen(zJournal, "rb");
  if (!f) return 0;
  int b = fread(a, 1, sizeof(a), f) == sizeof(a) && !memcmp(a, aMagic, sizeof(a));
  fclose(f);
  return b;
}

/* Whether this process may create a file in the directory of zPath. */
static int dir_writable(const char *zPath) {
  char zDir[4200];
  const char *zSlash = strrchr(zPath, '/');
  if (!zSlash) snprintf(zDir, sizeof(zDir), ".");
  else snprintf(zDir, sizeof(zDir), "%.*s", zSlash == zPath ? 1 : (int)(zSlash - zPath), zPath);
  return access(zDir, W_OK | X_OK) == 0;
}

/* See merge.h. */
void merge_source_uri(const char *zPath, char *zUri, size_t nUri) {
  char zWal[4200];
  snprintf(zWal, sizeof(zWal), "%s-wal", zPath);
  int bWal = access(zWal, F_OK) == 0;
  char *u = zUri + snprintf(zUri, nUri, "file:");
  for (const unsigned char *c = (const unsigned char *)zPath; *c && u < zUri + nUri - 32; c++) {
    if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || strchr("/._-~", *c))
      *u++ = (char)*c;
    else u += snprintf(u, 4, "%%%02X", *c);
  }
  snprintf(u, 32, "%s", bWal ? "?mode=ro" : "?mode=ro&immutable=1");
}

/* Open the input read-only and defensively, and check that it is one of ours. */
static int open_input(merge *m) {
  if (access(m->zIn, R_OK) != 0) return fail(m, 1, "%s: cannot read it", m->zIn, NULL);
  /* A file without a write-ahead log beside it is opened immutable, so that
  ** reading it creates nothing beside it; one with a log (a shard still being
  ** written, or left by a killed run) is opened so that the log is read.
  ** Immutable skips a rollback journal: one holding a transaction (a writer
  ** in one, or killed in one: the file may hold its uncommitted rows) is
  ** refused, never read past. */
  char zUri[4200], zWal[4200], zShm[4200];
  snprintf(zWal, sizeof(zWal), "%s-wal", m->zIn);
  snprintf(zShm, sizeof(zShm), "%s-shm", m->zIn);
  int bWal = access(zWal, F_OK) == 0;
  if (!bWal && journal_open(m->zIn)) {
    if (merge_in_use(m->zIn))
      return fail(m, 1, "%s: a process is writing it (its rollback journal is open): try again when it has ended%s",
                  m->zIn, NULL);
    return fail(m, 1, "%s: its rollback journal (-journal) holds an interrupted transaction: open it once with"
                " sqlite3, which rolls it back, then try again%s", m->zIn, NULL);
  }
  /* A log without its index (-shm) is read only where SQLite may make one. */
  if (bWal && access(zShm, F_OK) != 0 && !dir_writable(m->zIn))
    return fail(m, 1, "%s: its write-ahead log (-wal) has no -shm beside it, and this user cannot create one in its"
                " directory: let its owner open it once (sqlite3 DB 'PRAGMA wal_checkpoint'), or copy DB and DB-wal"
                " to a directory this user can write%s", m->zIn, NULL);
  merge_source_uri(m->zIn, zUri, sizeof(zUri));
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
  if (check_values(m)) return -1;
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
    /* A run naming a device the file lacks would be merged without one. */
    if (iNewDev < 0 && sqlite3_column_type(pSel, iDev) != SQLITE_NULL) {
      char zWhat[200];
      snprintf(zWhat, sizeof(zWhat), "run %s names device_id %.40s", zUuid,
               (const char *)sqlite3_column_text(pSel, iDev));
      fail(m, 1, "%s: %s, which its table device lacks (a damaged file)", m->zIn, zWhat);
      goto done;
    }
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

/* Roll back a transaction a killed writer left in OUT's rollback journal
** (opening OUT as SQLite does: it rolls back a hot journal before the first
** read), and remove what is left of the journal, so that no old journal is
** played back onto the file renamed over OUT. 0, or -1 with the reason (a
** live writer is inside a transaction, or the rollback failed). */
static int settle_journal(merge *m, const char *zOut) {
  char zJournal[4200];
  snprintf(zJournal, sizeof(zJournal), "%s-journal", zOut);
  if (access(zJournal, F_OK) != 0) return 0;
  if (merge_in_use(zOut))
    return fail(m, 0, "%s: a process is writing it (its rollback journal is open): merge when it has ended,"
                " or into another file%s", zOut, NULL);
  if (journal_open(zOut) && access(zOut, F_OK) == 0) {
    sqlite3 *pDb = NULL;
    int bOk = sqlite3_open_v2(zOut, &pDb, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK;
    if (bOk) {
      sqlite3_db_config(pDb, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
      sqlite3_db_config(pDb, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
      sqlite3_db_config(pDb, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, (int *)0);
      bOk = sqlite3_exec(pDb, "SELECT count(*) FROM sqlite_schema", NULL, NULL, NULL) == SQLITE_OK;
    }
    char zWhy[200];
    snprintf(zWhy, sizeof(zWhy), "%s", pDb ? sqlite3_errmsg(pDb) : "out of memory");
    if (sqlite3_close(pDb) != SQLITE_OK) bOk = 0;
    if (!bOk || journal_open(zOut))
      return fail(m, 0, "%s: its rollback journal holds an interrupted transaction that could not be rolled back"
                  " (%s)", zOut, zWhy);
  }
  /* Rolled back (or beside no database, or a committed one's): it holds nothing. */
  unlink(zJournal);
  return 0;
}

/* A file's identity and last change, to tell whether another process
** wrote it (a change rewrites its ctime, which no process can set back). */
typedef struct file_id {
  int bExists;
  struct stat st;
} file_id;

static void file_id_of(const char *zPath, file_id *p) {
  memset(p, 0, sizeof(*p));
  p->bExists = stat(zPath, &p->st) == 0;
}

static int file_id_same(const file_id *a, const file_id *b) {
  if (a->bExists != b->bExists) return 0;
  if (!a->bExists) return 1;
  return a->st.st_dev == b->st.st_dev && a->st.st_ino == b->st.st_ino && a->st.st_size == b->st.st_size &&
         a->st.st_mtim.tv_sec == b->st.st_mtim.tv_sec && a->st.st_mtim.tv_nsec == b->st.st_mtim.tv_nsec &&
         a->st.st_ctim.tv_sec == b->st.st_ctim.tv_sec && a->st.st_ctim.tv_nsec == b->st.st_ctim.tv_nsec;
}

/* See merge.h. */
int merge_rename_noreplace(const char *zFrom, const char *zTo) {
#ifdef SYS_renameat2
  if (syscall(SYS_renameat2, AT_FDCWD, zFrom, AT_FDCWD, zTo, 1 /* RENAME_NOREPLACE */) == 0) return 0;
  if (errno != ENOSYS && errno != EINVAL) return -1;
#endif
  /* A file system without renameat2: a link fails where zTo exists. */
  if (link(zFrom, zTo) != 0) return -1;
  unlink(zFrom);
  return 0;
}

/* Take the merge lock of OUT: an exclusive flock() on OUT.merge-lock,
** waiting (and saying so) while another merge into OUT holds it. The file is
** removed by its holder at the end: a lock taken on a file removed meanwhile
** is dropped and taken again on the new one. The descriptor, or -1 with the
** reason. */
static int lock_output(merge *m, const char *zOut, const char *zLock) {
  for (int bSaid = 0;;) {
    int fd = open(zLock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return fail(m, 0, "%s: cannot create the merge's lock file (%s)", zLock, strerror(errno));
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
      if (!bSaid) {
        char z[4400];
        merge_escape(z, sizeof(z), zOut);
        fprintf(stderr, "merge: another merge into %s is running: waiting for it\n", z);
        bSaid = 1;
      }
      if (flock(fd, LOCK_EX) != 0) {
        close(fd);
        return fail(m, 0, "%s: cannot lock it (%s)", zLock, strerror(errno));
      }
    }
    struct stat a, b;
    if (fstat(fd, &a) == 0 && stat(zLock, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino) return fd;
    close(fd);
  }
}

/* The merge itself, OUT locked (merge_main). */
static int merge_locked(merge *m, const char *const *azIn, int nIn, const char *zOut, const char *zTmp) {
  char *zErr = m->zErr;
  size_t nErr = m->nErr;
  /* Another connection on OUT (a measurement still writing into it) would
  ** lose what it writes after the merge renames the result over OUT. */
  if (merge_in_use(zOut)) {
    fail(m, 0, "%s: another process has it open (a measurement still writing?): merge when it has ended,"
         " or into another file", zOut, NULL);
    return MERGE_BUSY;
  }
  remove_stale_temps(zOut);
  if (settle_journal(m, zOut) || settle_wal(m, zOut)) return MERGE_FAILED;
  /* OUT as it is read: before the rename it must be the same file, unchanged. */
  file_id idOut;
  file_id_of(zOut, &idOut);
  unlink(zTmp);
  /* The schema through the harness, then the rows on a plain connection. */
  db *p = db_open(zTmp, zErr, nErr);
  if (!p) {
    unlink(zTmp);
    return MERGE_FAILED;
  }
  db_close(p);
  int rc = sqlite3_open_v2(zTmp, &m->pOut, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK;
  if (rc) fail(m, 0, "output: %s%s", m->pOut ? sqlite3_errmsg(m->pOut) : "out of memory", NULL);
  if (!rc) rc = out_exec(m, "PRAGMA foreign_keys = ON; BEGIN IMMEDIATE;"
                            " CREATE TEMP TABLE map_device(old INTEGER PRIMARY KEY, new INTEGER);"
                            " CREATE TEMP TABLE map_run(old INTEGER PRIMARY KEY, new INTEGER);"
                            " CREATE TEMP TABLE map_result(old INTEGER PRIMARY KEY, new INTEGER);") != 0;
  /* What OUT holds already comes first, read like any input. */
  for (int i = idOut.bExists ? -1 : 0; !rc && i < nIn; i++) {
    m->zIn = i < 0 ? zOut : azIn[i];
    m->nAdded = m->nPresent = m->nUnfinished = 0;
    rc = merge_one(m) != 0;
    sqlite3_close(m->pIn);
    m->pIn = NULL;
    if (!rc && i < 0) printf("merge: %s: %lld runs kept\n", m->zIn, m->nAdded);
    else if (!rc)
      printf("merge: %s: %lld runs added, %lld already there, %lld unfinished left out\n", m->zIn, m->nAdded,
             m->nPresent, m->nUnfinished);
  }
  if (!rc) rc = out_exec(m, "COMMIT;") != 0;
  if (!rc && sqlite3_close(m->pOut) != SQLITE_OK) rc = fail(m, 0, "output: cannot close it%s%s", NULL, NULL) != 0;
  else if (rc) sqlite3_close(m->pOut);
  m->pOut = NULL;
  /* The temporary file is whole (its own log checkpointed at close), and no
  ** writer has left a log or a journal beside OUT, or changed OUT, since it
  ** was read: then it is renamed in (over the OUT that was read, or where
  ** none was, never over one made meanwhile). */
  char zTmpWal[4200], zOutWal[4200];
  snprintf(zTmpWal, sizeof(zTmpWal), "%s-wal", zTmp);
  snprintf(zOutWal, sizeof(zOutWal), "%s-wal", zOut);
  if (!rc && access(zTmpWal, F_OK) == 0) rc = fail(m, 0, "output: its log was not checkpointed at close%s%s", NULL, NULL) != 0;
  file_id idNow;
  file_id_of(zOut, &idNow);
  if (!rc && (access(zOutWal, F_OK) == 0 || journal_open(zOut) || merge_in_use(zOut) || !file_id_same(&idOut, &idNow))) {
    fail(m, 0, "%s: another process wrote to it during the merge (what it wrote would be lost): merge again%s",
         zOut, NULL);
    merge_remove_db(zTmp);
    return MERGE_BUSY;
  }
  if (!rc && (idOut.bExists ? rename(zTmp, zOut) : merge_rename_noreplace(zTmp, zOut)) != 0) {
    if (errno == EEXIST) {
      fail(m, 0, "%s: another process made it during the merge: merge again%s", zOut, NULL);
      merge_remove_db(zTmp);
      return MERGE_BUSY;
    }
    rc = fail(m, 0, "cannot rename the result to %s (%s)", zOut, strerror(errno)) != 0;
  }
  if (rc) {
    merge_remove_db(zTmp);
    return m->bRefused ? MERGE_REFUSED : MERGE_FAILED;
  }
  return 0;
}

int merge_main(const char *const *azIn, int nIn, const char *zOut, int bDropUnknown, char *zErr, size_t nErr) {
  char zTmp[4096], zLock[4200];
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
  /* The temporary name, and its -wal and -shm, must fit, or the truncated
  ** name could be OUT itself. */
  if ((size_t)snprintf(zTmp, sizeof(zTmp), "%s.merge-%ld.tmp", zOut, (long)getpid()) >= sizeof(zTmp) - 8) {
    snprintf(zErr, nErr, "output path too long (%zu bytes; at most %zu)", strlen(zOut), sizeof(zTmp) - 40);
    return MERGE_FAILED;
  }
  /* One merge into OUT at a time: a second waits, then reads what the
  ** first wrote (two merges read one OUT and the last rename kept only its
  ** own runs). */
  snprintf(zLock, sizeof(zLock), "%s.merge-lock", zOut);
  int fdLock = lock_output(&m, zOut, zLock);
  if (fdLock < 0) return MERGE_FAILED;
  int rc = merge_locked(&m, azIn, nIn, zOut, zTmp);
  unlink(zLock);
  close(fdLock);
  return rc;
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
