/*
** experiments/tools/dumpfile.c: the shipped dump, written (`make dump`,
** experiments/tools/dump-db through `dbtool dump`) and read (`dbtool load`,
** `dbtool snapshot` of a .sql, `make compare`'s sides) without executing
** SQL. A dump is untrusted: anyone may mail one, and a commit's
** data/measurements.sql.gz is whatever that commit holds. Executed, its text
** could ATTACH and change another database, call writefile() or
** load_extension(), or create a trigger; parsed, it can only add rows to the
** project's tables. The reader accepts what the writer writes (and what
** sqlite3's insert mode wrote for older dumps), and no more: see dumpfile.h.
** Nothing it accepts grows: a value is never longer than its text in the
** dump, so a dump of n bytes makes rows of at most n bytes of text.
*/
#include "experiments/tools/dumpfile.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "experiments/harness/db.h"

/* Why a dump of before result_sample is refused. */
#define DUMP_OLD_SAMPLES DB_OLD_SAMPLES_WHY " (schema 2): its results hold frozen statistics and thinned" \
  " samples; re-measure, or load it with a checkout of that time"

/* ------------------------------------------------------------ the tables -- */

/* The tables of data/schema.sql that a dump holds, in the schema's order:
** read once from the schema built in memory; live_run and claim are the
** state of running processes and never shipped. */
#define MAX_TABLE 32
static char azTable[MAX_TABLE][64];
static int nTable = -1;

/* Fill azTable (once). 0, or -1 if the schema cannot be built. */
static int load_tables(void) {
  if (nTable >= 0) return 0;
  sqlite3 *pRef = NULL;
  sqlite3_stmt *s = NULL;
  int n = 0, rc = -1;
  if (sqlite3_open(":memory:", &pRef) == SQLITE_OK && sqlite3_exec(pRef, db_schema_sql, NULL, NULL, NULL) == SQLITE_OK &&
      sqlite3_prepare_v2(pRef, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%'"
                         " AND name NOT IN ('live_run', 'claim') ORDER BY rowid", -1, &s, NULL) == SQLITE_OK) {
    while (sqlite3_step(s) == SQLITE_ROW && n < MAX_TABLE)
      snprintf(azTable[n++], sizeof(azTable[0]), "%s", (const char *)sqlite3_column_text(s, 0));
    rc = 0;
  }
  sqlite3_finalize(s);
  sqlite3_close(pRef);
  if (rc == 0) nTable = n;
  return rc;
}

int dump_table_ok(const char *zTable) {
  if (load_tables()) return 0;
  for (int i = 0; i < nTable; i++)
    if (!strcmp(azTable[i], zTable)) return 1;
  return 0;
}

const char *dump_table_name(int i) {
  if (load_tables() || i < 0 || i >= nTable) return NULL;
  return azTable[i];
}

/* ------------------------------------------------------------------ text -- */

int dump_utf8_char(const unsigned char *z, size_t n, unsigned *pCp) {
  unsigned c = z[0], cp;
  int k;
  if (c < 0x80) {
    *pCp = c;
    return 1;
  }
  if (c >= 0xC2 && c <= 0xDF) k = 2, cp = c & 0x1F;
  else if (c >= 0xE0 && c <= 0xEF) k = 3, cp = c & 0x0F;
  else if (c >= 0xF0 && c <= 0xF4) k = 4, cp = c & 0x07;
  else return 0;
  if ((size_t)k > n) return 0;
  for (int j = 1; j < k; j++) {
    if ((z[j] & 0xC0) != 0x80) return 0;
    cp = cp << 6 | (z[j] & 0x3F);
  }
  if ((k == 3 && cp < 0x800) || (k == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;
  *pCp = cp;
  return k;
}

const char *dump_text_problem(const unsigned char *z, size_t n) {
  for (size_t i = 0; i < n;) {
    unsigned cp;
    int k = dump_utf8_char(z + i, n - i, &cp);
    if (k == 0) return "bytes that are not UTF-8";
    if (cp == 0) return "a NUL character";
    if (cp >= 0xE000 && cp <= 0xE07F) return "a character of U+E000-U+E07F (the report's escaping marks)";
    i += (size_t)k;
  }
  return NULL;
}

/* ---------------------------------------------------------------- reader -- */

/* The reader's state: the text, where it is, and the statements prepared
** per table and column list. */
#define MAX_COL 128
#define MAX_STMT 32
typedef struct reader {
  const char *z;        /* the dump */
  size_t n, i;          /* its length, the position */
  int iLine;            /* the line of the position (1-based) */
  sqlite3 *pDb;
  char *zErr;
  size_t nErr;
  int rc;               /* DUMP_REFUSED or DUMP_FAILED once failed */
  struct {
    char *zKey;         /* "table\037col\037col..." */
    sqlite3_stmt *pIns;
    int nCol;
  } aStmt[MAX_STMT];
  int nStmt;
} reader;

/* Record a failure (the first wins): DUMP_REFUSED for the text's, with the
** line; -1. */
static int rfail(reader *r, int rc, const char *zWhat, const char *zArg) {
  if (!r->rc) {
    char z[300];
    snprintf(z, sizeof(z), "line %d: %s%s%.80s%s", r->iLine, zWhat, zArg ? " '" : "", zArg ? zArg : "",
             zArg ? "'" : "");
    for (char *c = z; *c; c++)
      if ((unsigned char)*c < 0x20 || *c == 0x7f) *c = '?'; /* one line */
    snprintf(r->zErr, r->nErr, "%s", z);
    r->rc = rc;
  }
  return -1;
}

/* Skip white space and comments (-- to the line's end, C style). */
static void skip_space(reader *r) {
  while (r->i < r->n) {
    char c = r->z[r->i];
    if (c == '\n') r->iLine++, r->i++;
    else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') r->i++;
    else if (c == '-' && r->i + 1 < r->n && r->z[r->i + 1] == '-') {
      while (r->i < r->n && r->z[r->i] != '\n') r->i++;
    } else if (c == '/' && r->i + 1 < r->n && r->z[r->i + 1] == '*') {
      r->i += 2;
      while (r->i < r->n && !(r->z[r->i] == '*' && r->i + 1 < r->n && r->z[r->i + 1] == '/')) {
        if (r->z[r->i] == '\n') r->iLine++;
        r->i++;
      }
      r->i = r->i + 2 <= r->n ? r->i + 2 : r->n;
    } else break;
  }
}

/* Whether c may continue a bare word. */
static int is_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Consume the keyword zKw (any case, a whole word) if it comes next. */
static int keyword(reader *r, const char *zKw) {
  skip_space(r);
  size_t k = strlen(zKw);
  if (r->i + k > r->n || strncasecmp(r->z + r->i, zKw, k) || (r->i + k < r->n && is_word(r->z[r->i + k]))) return 0;
  r->i += k;
  return 1;
}

/* Consume the character c if it comes next. */
static int punct(reader *r, char c) {
  skip_space(r);
  if (r->i < r->n && r->z[r->i] == c) {
    r->i++;
    return 1;
  }
  return 0;
}

/* An identifier (bare, or "double-quoted" with "" for a quote) into zOut
** (nOut bytes). 0, or -1 (refused). */
static int identifier(reader *r, char *zOut, size_t nOut) {
  size_t j = 0;
  skip_space(r);
  if (r->i < r->n && r->z[r->i] == '"') {
    for (r->i++;; r->i++) {
      if (r->i >= r->n) return rfail(r, DUMP_REFUSED, "unterminated quoted name", NULL);
      if (r->z[r->i] == '"') {
        if (r->i + 1 < r->n && r->z[r->i + 1] == '"') r->i++;
        else break;
      }
      if (r->z[r->i] == '\n') r->iLine++;
      if (j + 1 >= nOut) return rfail(r, DUMP_REFUSED, "a name too long", NULL);
      zOut[j++] = r->z[r->i];
    }
    r->i++;
  } else {
    while (r->i < r->n && is_word(r->z[r->i])) {
      if (j + 1 >= nOut) return rfail(r, DUMP_REFUSED, "a name too long", NULL);
      zOut[j++] = r->z[r->i++];
    }
  }
  zOut[j] = 0;
  if (j == 0) return rfail(r, DUMP_REFUSED, "a table or column name expected", NULL);
  return 0;
}

/* A value being read: the bytes of a string (malloc'ed), a number, or
** NULL. */
typedef struct value {
  int eType;            /* SQLITE_NULL, _INTEGER, _FLOAT or _TEXT */
  long long i;
  double d;
  char *z;              /* the text (eType TEXT), n bytes */
  size_t n;
} value;

/* A 'string' literal ('' for a quote) into v as text. */
static int string_lit(reader *r, value *v) {
  skip_space(r);
  if (r->i >= r->n || r->z[r->i] != '\'') return rfail(r, DUMP_REFUSED, "a 'string' expected", NULL);
  size_t iStart = ++r->i, nQuote = 0;
  for (;; r->i++) {
    if (r->i >= r->n) return rfail(r, DUMP_REFUSED, "unterminated string", NULL);
    if (r->z[r->i] == '\n') r->iLine++;
    if (r->z[r->i] == '\'') {
      if (r->i + 1 < r->n && r->z[r->i + 1] == '\'') r->i++, nQuote++;
      else break;
    }
  }
  size_t nRaw = r->i - iStart;
  v->eType = SQLITE_TEXT;
  v->z = malloc(nRaw - nQuote + 1);
  if (!v->z) return rfail(r, DUMP_FAILED, "out of memory", NULL);
  size_t j = 0;
  for (size_t k = iStart; k < r->i; k++) {
    v->z[j++] = r->z[k];
    if (r->z[k] == '\'') k++;
  }
  v->z[j] = 0;
  v->n = j;
  r->i++;
  return 0;
}

/* A number: [+-] digits [. digits] [e [+-] digits], or .digits. */
static int number_lit(reader *r, value *v) {
  size_t iStart = r->i, k = r->i;
  int bFloat = 0, nDigit = 0;
  if (k < r->n && (r->z[k] == '-' || r->z[k] == '+')) k++;
  while (k < r->n && r->z[k] >= '0' && r->z[k] <= '9') k++, nDigit++;
  if (k < r->n && r->z[k] == '.') {
    bFloat = 1;
    for (k++; k < r->n && r->z[k] >= '0' && r->z[k] <= '9'; k++) nDigit++;
  }
  if (nDigit && k < r->n && (r->z[k] == 'e' || r->z[k] == 'E')) {
    size_t e = k + 1;
    if (e < r->n && (r->z[e] == '-' || r->z[e] == '+')) e++;
    if (e < r->n && r->z[e] >= '0' && r->z[e] <= '9') {
      bFloat = 1;
      for (k = e; k < r->n && r->z[k] >= '0' && r->z[k] <= '9'; k++) {}
    }
  }
  if (!nDigit || (k < r->n && is_word(r->z[k]))) return rfail(r, DUMP_REFUSED, "not a literal value:", NULL);
  char zNum[400];
  if (k - iStart >= sizeof(zNum)) return rfail(r, DUMP_REFUSED, "a number too long", NULL);
  memcpy(zNum, r->z + iStart, k - iStart);
  zNum[k - iStart] = 0;
  r->i = k;
  if (!bFloat) {
    char *zEnd;
    errno = 0;
    long long i = strtoll(zNum, &zEnd, 10);
    if (errno == 0 && *zEnd == 0) {
      v->eType = SQLITE_INTEGER;
      v->i = i;
      return 0;
    }
  }
  v->eType = SQLITE_FLOAT;
  v->d = strtod(zNum, NULL);
  return 0;
}

static int value_lit(reader *r, value *v, int nDepth);

/* replace(value, 'marker', char(N)) after "replace": the value with every
** marker replaced by the character N, 10 (a newline) or 13 (a carriage
** return): what this project's writer (put_text) and sqlite3's insert mode
** write for a string holding one. The value is a 'string' or, once, such a
** replace() itself; the marker is at least two characters, so the result is
** shorter than the value (nothing a dump holds grows when it is read). */
static int replace_call(reader *r, value *v, int nDepth) {
  value vFrom = {0}, vIn = {0}, c = {0};
  if (!punct(r, '(') || value_lit(r, &vIn, nDepth + 1)) goto bad;
  if (vIn.eType != SQLITE_TEXT || !punct(r, ',') || string_lit(r, &vFrom) || !punct(r, ',') || !keyword(r, "char") ||
      !punct(r, '('))
    goto bad;
  skip_space(r);
  if (number_lit(r, &c) || c.eType != SQLITE_INTEGER || (c.i != 10 && c.i != 13)) goto bad;
  if (!punct(r, ')') || !punct(r, ')') || vFrom.n < 2) goto bad;
  /* Every occurrence of vFrom in vIn becomes the one character (shorter). */
  size_t j = 0;
  char *zOut = malloc(vIn.n + 1);
  if (!zOut) {
    rfail(r, DUMP_FAILED, "out of memory", NULL);
    goto bad;
  }
  for (size_t k = 0; k < vIn.n;) {
    if (k + vFrom.n <= vIn.n && !memcmp(vIn.z + k, vFrom.z, vFrom.n)) {
      zOut[j++] = (char)c.i;
      k += vFrom.n;
    } else zOut[j++] = vIn.z[k++];
  }
  zOut[j] = 0;
  free(vIn.z);
  free(vFrom.z);
  v->eType = SQLITE_TEXT;
  v->z = zOut;
  v->n = j;
  return 0;
bad:
  free(vIn.z);
  free(vFrom.z);
  return rfail(r, DUMP_REFUSED, "replace() other than a dump's replace('string', 'marker', char(10 or 13))", NULL);
}

/* One literal value into v. */
static int value_lit(reader *r, value *v, int nDepth) {
  memset(v, 0, sizeof(*v));
  skip_space(r);
  if (r->i >= r->n) return rfail(r, DUMP_REFUSED, "a value expected", NULL);
  char c = r->z[r->i];
  if (c == '\'') return string_lit(r, v);
  if ((c == 'x' || c == 'X') && r->i + 1 < r->n && r->z[r->i + 1] == '\'')
    return rfail(r, DUMP_REFUSED, "a BLOB value (X'...'), which the project's tables never hold", NULL);
  if (keyword(r, "NULL")) {
    v->eType = SQLITE_NULL;
    return 0;
  }
  if (keyword(r, "replace")) {
    if (nDepth < 2) return replace_call(r, v, nDepth);
    return rfail(r, DUMP_REFUSED, "replace() nested deeper than a dump's (two levels)", NULL);
  }
  if (c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9')) return number_lit(r, v);
  char zWord[40];
  size_t k = 0;
  while (r->i + k < r->n && k + 1 < sizeof(zWord) && (is_word(r->z[r->i + k]) || k == 0)) {
    zWord[k] = r->z[r->i + k];
    k++;
  }
  zWord[k] = 0;
  return rfail(r, DUMP_REFUSED, "not a literal value:", zWord);
}

/* The INSERT statement for the table and columns (nCol of azCol; 0: every
** column in order), prepared once; NULL on failure (recorded). */
static sqlite3_stmt *insert_stmt(reader *r, const char *zTable, char azCol[][128], int nCol, int *pnCol) {
  char *zKey = sqlite3_mprintf("%s", zTable);
  for (int i = 0; zKey && i < nCol; i++) {
    char *z = sqlite3_mprintf("%s\037%s", zKey, azCol[i]);
    sqlite3_free(zKey);
    zKey = z;
  }
  if (!zKey) {
    rfail(r, DUMP_FAILED, "out of memory", NULL);
    return NULL;
  }
  for (int i = 0; i < r->nStmt; i++)
    if (!strcmp(r->aStmt[i].zKey, zKey)) {
      sqlite3_free(zKey);
      *pnCol = r->aStmt[i].nCol;
      return r->aStmt[i].pIns;
    }
  if (r->nStmt == MAX_STMT) {
    sqlite3_free(zKey);
    rfail(r, DUMP_REFUSED, "too many different column lists", NULL);
    return NULL;
  }
  /* The SQL is built here from names quoted with %w: the dump's names are
  ** identifiers, never SQL. */
  char *zSql = sqlite3_mprintf("INSERT INTO main.\"%w\"", zTable), *zQ = sqlite3_mprintf("");
  int n = nCol;
  if (nCol == 0) {
    sqlite3_stmt *s = NULL;
    n = 0;
    if (sqlite3_prepare_v2(r->pDb, "SELECT count(*) FROM pragma_table_info(?1)", -1, &s, NULL) == SQLITE_OK &&
        sqlite3_bind_text(s, 1, zTable, -1, SQLITE_STATIC) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
      n = sqlite3_column_int(s, 0);
    sqlite3_finalize(s);
  }
  for (int i = 0; zSql && zQ && i < n; i++) {
    char *zA = nCol ? sqlite3_mprintf("%s%s\"%w\"%s", zSql, i ? "," : "(", azCol[i], i == nCol - 1 ? ")" : "")
                    : sqlite3_mprintf("%s", zSql);
    char *zB = sqlite3_mprintf("%s%s?", zQ, i ? "," : "");
    sqlite3_free(zSql);
    sqlite3_free(zQ);
    zSql = zA;
    zQ = zB;
  }
  char *zFull = zSql && zQ ? sqlite3_mprintf("%s VALUES(%s)", zSql, zQ) : NULL;
  sqlite3_free(zSql);
  sqlite3_free(zQ);
  sqlite3_stmt *pIns = NULL;
  if (!zFull || n == 0 || sqlite3_prepare_v2(r->pDb, zFull, -1, &pIns, NULL) != SQLITE_OK) {
    char zWhy[200];
    snprintf(zWhy, sizeof(zWhy), "%s", n == 0 ? "no such table" : sqlite3_errmsg(r->pDb));
    rfail(r, DUMP_REFUSED, zWhy, NULL);
    sqlite3_free(zFull);
    sqlite3_free(zKey);
    return NULL;
  }
  sqlite3_free(zFull);
  r->aStmt[r->nStmt].zKey = zKey;
  r->aStmt[r->nStmt].pIns = pIns;
  r->aStmt[r->nStmt].nCol = n;
  r->nStmt++;
  *pnCol = n;
  return pIns;
}

/* Bind v as parameter i of s (the value's bytes are copied). */
static int bind_value(sqlite3_stmt *s, int i, const value *v) {
  switch (v->eType) {
    case SQLITE_INTEGER: return sqlite3_bind_int64(s, i, v->i);
    case SQLITE_FLOAT: return sqlite3_bind_double(s, i, v->d);
    case SQLITE_TEXT: return sqlite3_bind_text64(s, i, v->z, v->n, SQLITE_TRANSIENT, SQLITE_UTF8);
    default: return sqlite3_bind_null(s, i);
  }
}

/* Whether column zCol of zTable (NULL: the table itself) is one a dump made
** before every sample was stored holds: table sample, and the statistics
** result and reference_timing kept. */
static int old_samples_schema(const char *zTable, const char *zCol) {
  static const char *const azResult[] = {"median_ms", "min_ms", "max_ms", "q1_ms", "q3_ms", "mean_ms", "rsd",
                                         "ci_lo_ms", "ci_hi_ms"};
  static const char *const azRef[] = {"median_us", "q1_us", "q3_us", "min_us", "max_us", "mean_us"};
  if (!zCol) return !strcmp(zTable, "sample");
  int bResult = !strcmp(zTable, "result"), bRef = !strcmp(zTable, "reference_timing");
  for (size_t i = 0; bResult && i < sizeof(azResult) / sizeof(azResult[0]); i++)
    if (!strcmp(zCol, azResult[i])) return 1;
  for (size_t i = 0; bRef && i < sizeof(azRef) / sizeof(azRef[0]); i++)
    if (!strcmp(zCol, azRef[i])) return 1;
  return 0;
}

/* INSERT INTO ... after "INSERT": its rows inserted. */
static int insert_stmt_rows(reader *r, long long *pnRow) {
  char zTable[128], (*azCol)[128] = NULL;
  int nCol = 0, rc = -1;
  if (!keyword(r, "INTO")) return rfail(r, DUMP_REFUSED, "INSERT without INTO (INSERT OR ... is not a dump's)", NULL);
  if (identifier(r, zTable, sizeof(zTable))) return -1;
  if (old_samples_schema(zTable, NULL))
    return rfail(r, DUMP_REFUSED, DUMP_OLD_SAMPLES, NULL);
  if (!dump_table_ok(zTable)) return rfail(r, DUMP_REFUSED, "not one of the project's tables:", zTable);
  if (punct(r, '(')) {
    azCol = malloc(sizeof(*azCol) * MAX_COL);
    if (!azCol) return rfail(r, DUMP_FAILED, "out of memory", NULL);
    do {
      if (nCol == MAX_COL) {
        rfail(r, DUMP_REFUSED, "too many columns", NULL);
        goto done;
      }
      if (identifier(r, azCol[nCol], sizeof(azCol[0]))) goto done;
      if (old_samples_schema(zTable, azCol[nCol])) {
        rfail(r, DUMP_REFUSED, DUMP_OLD_SAMPLES, NULL);
        goto done;
      }
      nCol++;
    } while (punct(r, ','));
    if (!punct(r, ')')) {
      rfail(r, DUMP_REFUSED, "')' expected after the column names", NULL);
      goto done;
    }
  }
  if (!keyword(r, "VALUES")) {
    rfail(r, DUMP_REFUSED, "VALUES expected (only literal rows: no SELECT)", NULL);
    goto done;
  }
  int nBind = 0;
  sqlite3_stmt *pIns = insert_stmt(r, zTable, azCol, nCol, &nBind);
  if (!pIns) goto done;
  do {
    int iLine = r->iLine, n = 0;
    if (!punct(r, '(')) {
      rfail(r, DUMP_REFUSED, "'(' expected before a row", NULL);
      goto done;
    }
    do {
      value v;
      if (value_lit(r, &v, 0)) goto done;
      const char *zBad = v.eType == SQLITE_TEXT ? dump_text_problem((const unsigned char *)v.z, v.n) : NULL;
      int rcBind = zBad || n >= nBind ? SQLITE_OK : bind_value(pIns, n + 1, &v);
      free(v.z);
      if (zBad) {
        char z[160];
        snprintf(z, sizeof(z), "a string holding %s", zBad);
        rfail(r, DUMP_REFUSED, z, NULL);
        goto done;
      }
      if (rcBind != SQLITE_OK) {
        /* (a value too long for SQLite is the dump's; anything else the machine's) */
        rfail(r, rcBind == SQLITE_TOOBIG || rcBind == SQLITE_RANGE ? DUMP_REFUSED : DUMP_FAILED, sqlite3_errstr(rcBind),
              NULL);
        goto done;
      }
      n++;
    } while (punct(r, ','));
    if (!punct(r, ')')) {
      rfail(r, DUMP_REFUSED, "')' expected after a row (a value is a literal: no expression)", NULL);
      goto done;
    }
    if (n != nBind) {
      char z[80];
      snprintf(z, sizeof(z), "a row of %d values for %d columns of", n, nBind);
      rfail(r, DUMP_REFUSED, z, zTable);
      goto done;
    }
    int rcStep = sqlite3_step(pIns);
    sqlite3_reset(pIns);
    sqlite3_clear_bindings(pIns);
    if (rcStep != SQLITE_DONE) {
      char z[200];
      int iErr = sqlite3_errcode(r->pDb);
      snprintf(z, sizeof(z), "%s", sqlite3_errmsg(r->pDb));
      r->iLine = iLine;
      /* A constraint the row breaks is the dump's; anything else the disk's. */
      rfail(r, (iErr & 0xff) == SQLITE_CONSTRAINT || (iErr & 0xff) == SQLITE_MISMATCH ? DUMP_REFUSED : DUMP_FAILED, z,
            NULL);
      goto done;
    }
    (*pnRow)++;
  } while (punct(r, ','));
  if (!punct(r, ';')) {
    rfail(r, DUMP_REFUSED, "';' expected after the rows", NULL);
    goto done;
  }
  rc = 0;
done:
  free(azCol);
  return rc;
}

int dump_load(sqlite3 *pDb, const char *z, size_t n, long long *pnRow, char *zErr, size_t nErr) {
  reader r;
  memset(&r, 0, sizeof(r));
  r.z = z;
  r.n = n;
  r.iLine = 1;
  r.pDb = pDb;
  r.zErr = zErr;
  r.nErr = nErr;
  zErr[0] = 0;
  *pnRow = 0;
  if (load_tables()) {
    snprintf(zErr, nErr, "the compiled-in schema does not build");
    return DUMP_FAILED;
  }
  if ((long long)n > DUMP_MAX_BYTES) {
    snprintf(zErr, nErr, "larger than %lld MiB: not a dump of this project", DUMP_MAX_BYTES >> 20);
    return DUMP_REFUSED;
  }
  if (memchr(z, 0, n)) {
    snprintf(zErr, nErr, "a NUL byte: not an SQL text dump");
    return DUMP_REFUSED;
  }
  for (;;) {
    skip_space(&r);
    if (r.i >= r.n) break;
    if (keyword(&r, "INSERT")) {
      if (insert_stmt_rows(&r, pnRow)) break;
    } else if (keyword(&r, "BEGIN")) {
      keyword(&r, "TRANSACTION");
      if (!punct(&r, ';')) rfail(&r, DUMP_REFUSED, "';' expected after BEGIN", NULL);
    } else if (keyword(&r, "COMMIT") || keyword(&r, "END")) {
      keyword(&r, "TRANSACTION");
      if (!punct(&r, ';')) rfail(&r, DUMP_REFUSED, "';' expected after COMMIT", NULL);
    } else {
      char zWord[40];
      size_t k = 0;
      while (r.i + k < r.n && k + 1 < sizeof(zWord) && (is_word(r.z[r.i + k]) || k == 0)) {
        zWord[k] = r.z[r.i + k];
        k++;
      }
      zWord[k] = 0;
      rfail(&r, DUMP_REFUSED, "not a dump's statement (only INSERT INTO a project table ... VALUES):", zWord);
    }
    if (r.rc) break;
  }
  for (int i = 0; i < r.nStmt; i++) {
    sqlite3_finalize(r.aStmt[i].pIns);
    sqlite3_free(r.aStmt[i].zKey);
  }
  return r.rc;
}

/* ---------------------------------------------------------------- writer -- */

/* The first of zA, zB (or "(zA<k>)") that z does not hold. */
static const char *unused_marker(const char *z, const char *zA, const char *zB, char *zBuf, size_t nBuf) {
  if (!strstr(z, zA)) return zA;
  if (!strstr(z, zB)) return zB;
  for (unsigned k = 0;; k++) {
    snprintf(zBuf, nBuf, "(%s%u)", zA, k);
    if (!strstr(z, zBuf)) return zBuf;
  }
}

/* Write text z as a literal: 'z' with '' for a quote; a newline or carriage
** return as a marker restored by replace(..., char(10)), as sqlite3's insert
** mode does, so that a row stays one line. */
static void put_text(FILE *f, const char *z) {
  char zNl[40], zCr[40];
  const char *zN = strchr(z, '\n') ? unused_marker(z, "\\n", "\\012", zNl, sizeof(zNl)) : NULL;
  const char *zR = strchr(z, '\r') ? unused_marker(z, "\\r", "\\015", zCr, sizeof(zCr)) : NULL;
  if (zN) fputs("replace(", f);
  if (zR) fputs("replace(", f);
  fputc('\'', f);
  for (const char *c = z; *c; c++) {
    if (*c == '\'') fputs("''", f);
    else if (*c == '\n' && zN) fputs(zN, f);
    else if (*c == '\r' && zR) fputs(zR, f);
    else fputc(*c, f);
  }
  fputc('\'', f);
  if (zR) fprintf(f, ",'%s',char(13))", zR);
  if (zN) fprintf(f, ",'%s',char(10))", zN);
}

/* Write column i of the row of s as a literal (as sqlite3's insert mode:
** a float with 20 significant digits, an integral one as N.0); -1 (nothing
** written) for a text holding a NUL, which a dump's literal cannot hold. */
static int put_value(FILE *f, sqlite3_stmt *s, int i) {
  switch (sqlite3_column_type(s, i)) {
    case SQLITE_INTEGER: fprintf(f, "%lld", (long long)sqlite3_column_int64(s, i)); break;
    case SQLITE_FLOAT: {
      double r = sqlite3_column_double(s, i);
      char z[64];
      if (isinf(r)) snprintf(z, sizeof(z), "%s", r > 0 ? "1e999" : "-1e999");
      else if (isnan(r)) snprintf(z, sizeof(z), "NULL");
      else if (fabs(r) < 9.0e18 && r == (double)(long long)r) snprintf(z, sizeof(z), "%lld.0", (long long)r);
      else sqlite3_snprintf((int)sizeof(z), z, "%!.20g", r);
      fputs(z, f);
      break;
    }
    case SQLITE_TEXT: {
      const char *z = (const char *)sqlite3_column_text(s, i);
      if (z && strlen(z) != (size_t)sqlite3_column_bytes(s, i)) return -1;
      put_text(f, z ? z : "");
      break;
    }
    default: fputs("NULL", f);
  }
  return 0;
}

/* Write the printable bytes of z (a path in a comment: no newline). */
static void put_comment_text(FILE *f, const char *z) {
  for (; *z; z++) fputc((unsigned char)*z < 0x20 || *z == 0x7f ? '?' : *z, f);
}

int dump_write(sqlite3 *pIn, FILE *f, const char *zOut, const char *zFrom, char *zErr, size_t nErr) {
  sqlite3_stmt *pList = NULL;
  int rc = -1;
  zErr[0] = 0;
  if (load_tables()) {
    snprintf(zErr, nErr, "the compiled-in schema does not build");
    return -1;
  }
  fputs("-- ", f);
  put_comment_text(f, zOut);
  fputs(": the shipped measurements, rows only (the schema is\n-- data/schema.sql). Written by `make dump` from ", f);
  put_comment_text(f, zFrom);
  fputs(".\n-- Samples: every stored sample of every result (table result_sample, whole nanoseconds;\n"
        "-- result.reps says how many were taken).\n", f);
  /* The project's tables in the order the database made them. */
  if (sqlite3_prepare_v2(pIn, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY rowid", -1, &pList,
                         NULL) != SQLITE_OK) {
    snprintf(zErr, nErr, "%s", sqlite3_errmsg(pIn));
    return -1;
  }
  while (sqlite3_step(pList) == SQLITE_ROW) {
    const char *zTable = (const char *)sqlite3_column_text(pList, 0);
    if (!dump_table_ok(zTable)) continue;
    int bGroup = !strcmp(zTable, "result_sample") || !strcmp(zTable, "counter");
    char *zSql = sqlite3_mprintf("SELECT * FROM main.\"%w\"", zTable);
    sqlite3_stmt *s = NULL;
    if (!zSql || sqlite3_prepare_v2(pIn, zSql, -1, &s, NULL) != SQLITE_OK) {
      snprintf(zErr, nErr, "reading table '%s': %s", zTable, sqlite3_errmsg(pIn));
      sqlite3_free(zSql);
      goto done;
    }
    sqlite3_free(zSql);
    int nCol = sqlite3_column_count(s), nInStmt = 0, rcStep;
    char *zHead = sqlite3_mprintf("INSERT INTO %s(", zTable);
    for (int i = 0; zHead && i < nCol; i++) {
      char *z = sqlite3_mprintf("%s%s%s", zHead, i ? "," : "", sqlite3_column_name(s, i));
      sqlite3_free(zHead);
      zHead = z;
    }
    if (!zHead) {
      snprintf(zErr, nErr, "out of memory");
      sqlite3_finalize(s);
      goto done;
    }
    while ((rcStep = sqlite3_step(s)) == SQLITE_ROW) {
      if (!bGroup) fprintf(f, "%s) VALUES(", zHead);
      else {
        if (nInStmt == 500) fputs(";\n", f), nInStmt = 0;
        if (nInStmt == 0) fprintf(f, "%s) VALUES\n(", zHead);
        else fputs(",\n(", f);
        nInStmt++;
      }
      for (int i = 0; i < nCol; i++) {
        if (i) fputc(',', f);
        if (put_value(f, s, i)) {
          snprintf(zErr, nErr, "column %s.%s holds a text with a NUL character, which a dump cannot hold", zTable,
                   sqlite3_column_name(s, i));
          sqlite3_free(zHead);
          sqlite3_finalize(s);
          goto done;
        }
      }
      fputs(bGroup ? ")" : ");\n", f);
    }
    if (bGroup && nInStmt) fputs(";\n", f);
    sqlite3_free(zHead);
    if (rcStep != SQLITE_DONE) {
      snprintf(zErr, nErr, "reading table '%s': %s", zTable, sqlite3_errmsg(pIn));
      sqlite3_finalize(s);
      goto done;
    }
    sqlite3_finalize(s);
  }
  rc = 0;
done:
  sqlite3_finalize(pList);
  if (!rc && (fflush(f) || ferror(f))) {
    snprintf(zErr, nErr, "writing the dump failed (disk full?)");
    rc = -1;
  }
  return rc;
}
