/*
** tests/fuzz/fuzz_dump.c: libFuzzer entry over the dump reader of
** experiments/tools/dumpfile.c (compiled in here: `dbtool load` and `dbtool
** snapshot` of an untrusted .sql). The input is the dump's text. Beyond not
** crashing (AddressSanitizer, UndefinedBehaviorSanitizer), the reader must
** keep the promises of dumpfile.h, else abort(): it returns 0, DUMP_FAILED
** or DUMP_REFUSED; a refusal is one non-empty line; nothing but the
** project's tables gains a row, and no schema object appears; the rows hold
** no more bytes of text than the dump (nothing it reads grows: nested
** replace() once made 865 MB of 3.3 KB); every text is one dump_text_problem
** allows; a dump it accepts, written again by dump_write and read back, gives
** the same rows. tests/fuzz/corpus/dump holds dumps of more than 1 KB
** (nested replace(), rows of every kind) so the fuzzer starts from them.
** Built by `make fuzz` and replayed over tests/fuzz/regressions/dump and
** tests/fuzz/corpus/dump by tests/fuzz/replay.c.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/tools/dumpfile.c"

/* Abort (a finding) unless c holds. */
static void require(int c) {
  if (!c) abort();
}

/* An in-memory database with the project's schema. */
static sqlite3 *schema_db(void) {
  sqlite3 *p = NULL;
  require(sqlite3_open(":memory:", &p) == SQLITE_OK);
  require(sqlite3_exec(p, db_schema_sql, NULL, NULL, NULL) == SQLITE_OK);
  return p;
}

/* One integer from a query. */
static long long one(sqlite3 *p, const char *zSql) {
  sqlite3_stmt *s = NULL;
  long long v = -1;
  if (sqlite3_prepare_v2(p, zSql, -1, &s, NULL) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
    v = sqlite3_column_int64(s, 0);
  sqlite3_finalize(s);
  return v;
}

/* Every row of the project's tables, as one text (for comparing two databases). */
static char *content(sqlite3 *p) {
  char *zAll = sqlite3_mprintf("");
  for (int t = 0; t < nTable; t++) {
    char *zSql = sqlite3_mprintf("SELECT * FROM \"%w\"", azTable[t]); /* both loaded in one order */
    sqlite3_stmt *s = NULL;
    require(zSql && sqlite3_prepare_v2(p, zSql, -1, &s, NULL) == SQLITE_OK);
    while (sqlite3_step(s) == SQLITE_ROW)
      for (int i = 0; i < sqlite3_column_count(s); i++) {
        const char *z = (const char *)sqlite3_column_text(s, i);
        char *zNew = sqlite3_mprintf("%s%d:%s\037", zAll, sqlite3_column_type(s, i), z ? z : "");
        sqlite3_free(zAll);
        zAll = zNew;
      }
    sqlite3_finalize(s);
    sqlite3_free(zSql);
  }
  return zAll;
}

/* The bytes of text in the project's tables of p; every text must be one
** the project's tables may hold. */
static long long text_bytes(sqlite3 *p) {
  long long n = 0;
  for (int t = 0; t < nTable; t++) {
    char *zSql = sqlite3_mprintf("SELECT * FROM \"%w\"", azTable[t]);
    sqlite3_stmt *s = NULL;
    require(zSql && sqlite3_prepare_v2(p, zSql, -1, &s, NULL) == SQLITE_OK);
    while (sqlite3_step(s) == SQLITE_ROW)
      for (int i = 0; i < sqlite3_column_count(s); i++)
        if (sqlite3_column_type(s, i) == SQLITE_TEXT) {
          const unsigned char *z = sqlite3_column_text(s, i);
          int k = sqlite3_column_bytes(s, i);
          require(dump_text_problem(z, (size_t)k) == NULL);
          n += k;
        }
    sqlite3_finalize(s);
    sqlite3_free(zSql);
  }
  return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *aData, size_t nData) {
  char zErr[400];
  long long nRow = -1;
  sqlite3 *p = schema_db();
  long long nObj = one(p, "SELECT count(*) FROM sqlite_schema");
  int rc = dump_load(p, (const char *)aData, nData, &nRow, zErr, sizeof(zErr));
  require(rc == 0 || rc == DUMP_FAILED || rc == DUMP_REFUSED);
  if (rc) require(zErr[0] && !strchr(zErr, '\n'));
  require(one(p, "SELECT count(*) FROM sqlite_schema") == nObj);
  require(one(p, "SELECT count(*) FROM live_run") == 0 && one(p, "SELECT count(*) FROM claim") == 0);
  require(text_bytes(p) <= (long long)nData);
  if (rc == 0 && nRow > 0) {
    /* Written and read again: the same rows. */
    char *zBuf = NULL;
    size_t nBuf = 0;
    FILE *f = open_memstream(&zBuf, &nBuf);
    require(f && dump_write(p, f, "out", "in", zErr, sizeof(zErr)) == 0);
    fclose(f);
    sqlite3 *q = schema_db();
    long long nRow2 = -1;
    require(dump_load(q, zBuf, nBuf, &nRow2, zErr, sizeof(zErr)) == 0 && nRow2 == nRow);
    char *zA = content(p), *zB = content(q);
    require(zA && zB && !strcmp(zA, zB));
    sqlite3_free(zA);
    sqlite3_free(zB);
    sqlite3_close(q);
    free(zBuf);
  }
  sqlite3_close(p);
  return 0;
}
