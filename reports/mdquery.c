/*
** reports/mdquery.c: expand the queries in the report's Markdown sections.
**
**   mdquery DB SECTION.md...  > report.md
**
** Every number in the report comes from the database through one of:
**   {{= SELECT ... }}       the first column of the first row, as text
**   {{table: SELECT ... }}  a Markdown pipe table, headers = column names
**                           (right-aligned where the first row holds a number)
**   {{if: SELECT ... }} A {{else}} B {{end}}
**                           A when the query's first value is true (non-zero,
**                           non-NULL), else B ({{else}} B is optional); used
**                           for what a database may lack (a study not measured);
**                           may nest
**   {{each: SELECT ... }} BODY {{end}}
**                           BODY once per row of the query (in its order),
**                           with every column bound as a named parameter
**                           (:device_id, :gpu, ...) in the queries of BODY:
**                           how a paragraph is written for every GPU; may nest
**   {{pivot: SELECT ..., HEADER, CELL }}
**                           a pipe table whose rows are the distinct values of
**                           the leading columns and whose columns are the
**                           distinct values of HEADER (both in order of first
**                           appearance): how a table gets one column per GPU;
**                           a missing cell is shown as '-'
** A query that fails, returns no row, returns NULL or an empty text in a
** scalar, or names a parameter no enclosing {{each:}} binds, stops the build
** with the file and line: a report never shows an empty number.
**
** Database text is text, never markup (a GPU name may come from anyone's
** database through `dbtool merge`). The database is read into memory and
** every text or BLOB value of its tables (a BLOB's bytes read as text), except the report's own tables written
** from this repository (azTrusted), has its Markdown metacharacters
** (zTaint) marked: each becomes a private-use character U+E000+c, which
** compares and sorts consistently, so the queries and views work unchanged.
** On output the marks are escaped for where they land, in one place
** (put_section): '\c' in Markdown text (pandoc then escapes the character
** for LaTeX and HTML itself), the character itself in a `code span` (a
** backtick as '), '\\c' in a double-quoted string of the YAML title
** block, where every character a query prints is also escaped for YAML;
** control characters become spaces. The text of the sections and the
** literals of the queries are the report's own markup and pass as they are.
*/
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "reports/format.h"
#include "reports/sqlstats.h"

static const char zHelp[] =
    "Usage: mdquery [--cache SQL] DB SECTION.md... > report.md\n"
    "Expands {{= SQL }} (a scalar), {{table: SQL }} and {{pivot: SQL }} (pipe\n"
    "tables), {{if: SQL }} and {{each: SQL }} blocks in each\n"
    "section against DB, opened read-only, and prints the sections in order.\n"
    "--cache SQL: a file of statements run once on the marked copy before the\n"
    "sections (the report's views the sections read often, made tables).\n"
    "The sections are expanded MDQUERY_JOBS at a time (default: the processors),\n"
    "each by a process forked from the one that read the database; the output\n"
    "is theirs in order, written only when every one succeeded.\n";

/* Named parameters bound by the enclosing {{each:}} blocks, innermost last. */
#define MAX_BIND 64
static int nBind;
static char *azBindName[MAX_BIND];          /* ":column" */
static sqlite3_value *apBindValue[MAX_BIND]; /* its value in the current row */

/* Where the expanded text of the section being read goes (a buffer that
** put_section escapes and writes to stdout). */
static FILE *pOut;

/* The report's own tables, filled from this repository's files (reports/
** schema.sql): their text is markup. Every other table's text is data (a
** table not listed here is escaped: safe, if plainer). The snapshot drops a
** database's own tables of these names before the report makes them. */
static const char *const azTrusted[] = {"report_setting", "seed_claim", "erratum", "matrix_line",
                                        "profile_set_metric", "report_build", "figure", "report_target",
                                        "published_ref", NULL};
/* The characters of database text that would be Markdown, raw TeX or HTML
** (with every control character): not '_', '{', '}', '"' or '-', which the
** project's own data holds (metric names, JSON parameters) and views match. */
static const char zTaint[] = "\\`$<>[]!*^~#|@&";

/* Marks around what a directive printed, in the section buffer. */
#define MARK_OPEN '\x01'
#define MARK_CLOSE '\x02'

/* Whether byte c of database text is marked. */
static int is_taint(unsigned char c) {
  return c < 0x20 || c == 0x7f || (c && strchr(zTaint, c));
}

/* The length of the valid UTF-8 sequence at z (n bytes left), or 0. */
static int utf8_len(const unsigned char *z, int n) {
  int k = z[0] >= 0xF0 && z[0] <= 0xF4 ? 4 : z[0] >= 0xE0 ? 3 : z[0] >= 0xC2 && z[0] <= 0xDF ? 2 : 0;
  if (z[0] >= 0xF5 || k > n) return 0;
  for (int i = 1; i < k; i++)
    if ((z[i] & 0xC0) != 0x80) return 0;
  return k;
}

/* SQL function mdq_taint(x): a text or a BLOB (whose bytes are read as
** text: it is data like any other) with its metacharacters marked (U+E000+c,
** UTF-8 EE 80|81 xx) and any byte that is not UTF-8 made '?', as a text;
** other values as they are. */
static void taint_func(sqlite3_context *ctx, int nArg, sqlite3_value **apArg) {
  (void)nArg;
  int eType = sqlite3_value_type(apArg[0]);
  if (eType != SQLITE_TEXT && eType != SQLITE_BLOB) {
    sqlite3_result_value(ctx, apArg[0]);
    return;
  }
  const unsigned char *z = eType == SQLITE_BLOB ? sqlite3_value_blob(apArg[0]) : sqlite3_value_text(apArg[0]);
  int n = sqlite3_value_bytes(apArg[0]);
  unsigned char *zOut = sqlite3_malloc64((sqlite3_uint64)n * 3 + 1);
  if (!zOut) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  int j = 0;
  for (int i = 0; i < n; i++) {
    int k = z[i] < 0x80 ? 1 : utf8_len(z + i, n - i);
    if (is_taint(z[i])) {
      zOut[j++] = 0xEE;
      zOut[j++] = (unsigned char)(0x80 | (z[i] >> 6));
      zOut[j++] = (unsigned char)(0x80 | (z[i] & 0x3F));
    } else if (k == 0) zOut[j++] = '?';
    else {
      memcpy(zOut + j, z + i, (size_t)k);
      j += k;
      i += k - 1;
    }
  }
  sqlite3_result_text(ctx, (const char *)zOut, j, sqlite3_free);
}

/* SQL function mdq_tainted(x, ...): whether any argument is a BLOB, or a
** text with a character to mark or a byte that is not UTF-8. */
static void tainted_func(sqlite3_context *ctx, int nArg, sqlite3_value **apArg) {
  int b = 0;
  for (int a = 0; a < nArg && !b; a++) {
    b = sqlite3_value_type(apArg[a]) == SQLITE_BLOB;
    if (sqlite3_value_type(apArg[a]) != SQLITE_TEXT) continue;
    const unsigned char *z = sqlite3_value_text(apArg[a]);
    int n = sqlite3_value_bytes(apArg[a]);
    for (int i = 0; i < n && !b; i++) {
      int k = z[i] < 0x80 ? 1 : utf8_len(z + i, n - i);
      b = is_taint(z[i]) || k == 0;
      if (k > 1) i += k - 1;
    }
  }
  sqlite3_result_int(ctx, b);
}

/* Read DB into memory (pMem) and mark the metacharacters of the text of
** every table but the report's own, or exit. */
static void load_marked(const char *zDb, sqlite3 *pMem) {
  sqlite3 *pSrc = NULL;
  if (sqlite3_open_v2(zDb, &pSrc, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
    fprintf(stderr, "mdquery: cannot open %s: %s\n", zDb, pSrc ? sqlite3_errmsg(pSrc) : "out of memory");
    exit(1);
  }
  sqlite3_backup *pBk = sqlite3_backup_init(pMem, "main", pSrc, "main");
  int rc = pBk ? sqlite3_backup_step(pBk, -1) : SQLITE_ERROR;
  if (pBk) sqlite3_backup_finish(pBk);
  if (rc != SQLITE_DONE) {
    fprintf(stderr, "mdquery: cannot read %s: %s\n", zDb, sqlite3_errmsg(pBk ? pMem : pSrc));
    exit(1);
  }
  sqlite3_close(pSrc);
  /* No trigger runs while the text is marked (the views are the report's own:
  ** the Makefile's snapshot drops any other). */
  sqlite3_db_config(pMem, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, (int *)0);
  sqlite3_db_config(pMem, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, (int *)0);
  sqlite3_create_function(pMem, "mdq_taint", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, taint_func, NULL, NULL);
  sqlite3_create_function(pMem, "mdq_tainted", -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, tainted_func, NULL,
                          NULL);
  sqlite3_exec(pMem, "PRAGMA ignore_check_constraints = ON", NULL, NULL, NULL);
  /* One UPDATE per table, built as SQL text by SQLite (names quoted). */
  sqlite3_stmt *pList = NULL;
  const char *zList =
      "SELECT printf('UPDATE \"%w\" SET %s WHERE mdq_tainted(%s)', t.name,"
      "  group_concat(printf('\"%w\" = mdq_taint(\"%w\")', c.name, c.name), ', '),"
      "  group_concat(printf('\"%w\"', c.name), ', '))"
      " FROM sqlite_schema t, pragma_table_xinfo(t.name) c"
      " WHERE t.type = 'table' AND t.name NOT LIKE 'sqlite%' AND t.sql LIKE 'CREATE TABLE%' AND c.hidden = 0"
      "   AND t.name NOT IN (SELECT value FROM json_each(?1))"
      " GROUP BY t.name";
  char zTrusted[400] = "[";
  for (int i = 0; azTrusted[i]; i++)
    snprintf(zTrusted + strlen(zTrusted), sizeof(zTrusted) - strlen(zTrusted), "%s\"%s\"", i ? "," : "",
             azTrusted[i]);
  strcat(zTrusted, "]");
  rc = sqlite3_prepare_v2(pMem, zList, -1, &pList, NULL);
  if (rc == SQLITE_OK) sqlite3_bind_text(pList, 1, zTrusted, -1, SQLITE_STATIC);
  if (rc == SQLITE_OK) rc = sqlite3_exec(pMem, "BEGIN", NULL, NULL, NULL);
  while (rc == SQLITE_OK && sqlite3_step(pList) == SQLITE_ROW) {
    char *zUpdate = sqlite3_mprintf("%s", (const char *)sqlite3_column_text(pList, 0));
    rc = zUpdate ? sqlite3_exec(pMem, zUpdate, NULL, NULL, NULL) : SQLITE_NOMEM;
    sqlite3_free(zUpdate);
  }
  if (rc == SQLITE_OK) rc = sqlite3_exec(pMem, "COMMIT", NULL, NULL, NULL);
  if (rc != SQLITE_OK) {
    fprintf(stderr, "mdquery: %s: cannot mark its text: %s\n", zDb, sqlite3_errmsg(pMem));
    exit(1);
  }
  sqlite3_finalize(pList);
  sqlite3_exec(pMem, "PRAGMA ignore_check_constraints = OFF", NULL, NULL, NULL);
  sqlite3_db_config(pMem, SQLITE_DBCONFIG_ENABLE_TRIGGER, 1, (int *)0);
  /* From here on the sections only read, as from the file opened read-only. */
  if (sqlite3_exec(pMem, "PRAGMA query_only = ON", NULL, NULL, NULL) != SQLITE_OK) {
    fprintf(stderr, "mdquery: %s: %s\n", zDb, sqlite3_errmsg(pMem));
    exit(1);
  }
}

/* The width of a cell as printed: a marked character counts as one. */
static int text_width(const char *z) {
  int n = 0;
  for (const unsigned char *c = (const unsigned char *)z; *c; c++, n++)
    if (c[0] == 0xEE && (c[1] & 0xFE) == 0x80 && (c[2] & 0xC0) == 0x80) c += 2;
  return n;
}

/* Write c in a double-quoted YAML string. */
static void put_yaml(int c) {
  if (c == '"' || c == '\\') fputc('\\', stdout);
  fputc(c, stdout);
}

/* Whether the run of k backticks that ends before z[i] opens a code span:
** a run of exactly k backticks follows before the paragraph ends (or, in a
** pipe-table row, before the line or the cell ends). Marks are skipped;
** marked characters never hold a backtick, '|' or a newline byte. */
static int span_closes(const unsigned char *z, size_t n, size_t i, int k, int bRow) {
  while (i < n) {
    unsigned char c = z[i];
    if (c == '\n') {
      size_t j = i + 1;
      while (j < n && (z[j] == MARK_OPEN || z[j] == MARK_CLOSE)) j++;
      if (bRow || j >= n || z[j] == '\n') return 0;
    } else if (bRow && c == '|' && z[i - 1] != '\\') return 0;
    else if (c == '`') {
      int r = 0;
      while (i < n && z[i] == '`') { i++; r++; }
      if (r == k) return 1;
      continue;
    }
    i++;
  }
  return 0;
}

/* Write an expanded section (n bytes of z) to stdout, every marked
** character of database text escaped for where it lands (see the head of
** this file): Markdown text, a code span, or a double-quoted string of the
** YAML block a section may open with. Exit on a query in that block
** outside double quotes. */
static void put_section(const char *zFile, const unsigned char *z, size_t n) {
  int bYaml = n >= 4 && !memcmp(z, "---\n", 4), bQuery = 0, bDq = 0, nTick = 0, bRow = 0, bLineStart = 1;
  size_t i = bYaml ? 4 : 0;
  if (bYaml) fputs("---\n", stdout);
  while (i < n) {
    unsigned char c = z[i];
    if (c == MARK_OPEN || c == MARK_CLOSE) {
      bQuery = c == MARK_OPEN;
      /* (marks do not end a line's start: a table begins after one) */
      if (bQuery && bYaml && !bDq) {
        fprintf(stderr, "mdquery: %s: a query in the YAML block must be inside double quotes\n", zFile);
        exit(1);
      }
      i++;
      continue;
    }
    if (c == 0xEE && i + 2 < n && (z[i + 1] & 0xFE) == 0x80 && (z[i + 2] & 0xC0) == 0x80) {
      int m = ((z[i + 1] & 1) << 6) | (z[i + 2] & 0x3F); /* a marked character */
      i += 3;
      if (bLineStart) bRow = 0;
      bLineStart = 0;
      if (m < 0x20 || m == 0x7f) fputc(' ', stdout);
      else if (bYaml) { put_yaml('\\'); put_yaml(m); }
      else if (nTick && m == '|' && bRow) fputs("\\|", stdout); /* a table cell ends at | even in code */
      else if (nTick) fputc(m == '`' ? '\'' : m, stdout);
      else { fputc('\\', stdout); fputc(m, stdout); }
      continue;
    }
    i++;
    if (bLineStart) bRow = c == '|';
    bLineStart = c == '\n';
    if (bYaml && bQuery) { /* what a query printed, inside "..." */
      if (c == '\n') c = ' ';
      put_yaml(c);
      continue;
    }
    fputc(c, stdout);
    if (bYaml) {
      if (c == '"' && !(i >= 2 && z[i - 2] == '\\')) bDq = !bDq;
      if (c == '\n') {
        bDq = 0;
        if (i + 4 <= n && (!memcmp(z + i, "---\n", 4) || !memcmp(z + i, "...\n", 4))) {
          fwrite(z + i, 1, 4, stdout);
          i += 4;
          bYaml = 0;
        }
      }
    } else if (c == '`') { /* a run of k backticks opens a code span (if one closes it) or closes one of k */
      int k = 1;
      while (i < n && z[i] == '`') { fputc('`', stdout); i++; k++; }
      if (nTick == 0) nTick = span_closes(z, n, i, k, bRow) ? k : 0;
      else if (nTick == k) nTick = 0;
    } else if (c == '\n' && (bRow || (i < n && z[i] == '\n'))) nTick = 0; /* a row or paragraph ends */
  }
}

/* Print a fatal error naming the place and exit 1. */
static void fatal(const char *zFile, int iLine, const char *zWhat, const char *zSql, const char *zMsg) {
  fprintf(stderr, "mdquery: %s:%d: %s: %s\n  query: %.300s\n", zFile, iLine, zWhat, zMsg, zSql);
  exit(1);
}

/* Prepare a query and bind its named parameters from the enclosing
** {{each:}} rows (the innermost binding of a name wins), or exit. */
static sqlite3_stmt *prepare(sqlite3 *pDb, const char *zSql, const char *zFile, int iLine, const char *zWhat) {
  sqlite3_stmt *pStmt;
  if (sqlite3_prepare_v2(pDb, zSql, -1, &pStmt, NULL) != SQLITE_OK)
    fatal(zFile, iLine, zWhat, zSql, sqlite3_errmsg(pDb));
  for (int i = 1; i <= sqlite3_bind_parameter_count(pStmt); i++) {
    const char *zName = sqlite3_bind_parameter_name(pStmt, i);
    int k = nBind - 1;
    while (k >= 0 && (!zName || strcmp(zName, azBindName[k]) != 0)) k--;
    if (k < 0) fatal(zFile, iLine, "parameter not bound by an enclosing {{each:}}", zSql, zName ? zName : "?");
    sqlite3_bind_value(pStmt, i, apBindValue[k]);
  }
  return pStmt;
}

/* Read a whole file, or exit. */
static char *slurp(const char *zPath) {
  FILE *f = fopen(zPath, "rb");
  if (!f) {
    fprintf(stderr, "mdquery: cannot open %s\n", zPath);
    exit(1);
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *z = malloc((size_t)n + 1);
  if (!z || fread(z, 1, (size_t)n, f) != (size_t)n) {
    fprintf(stderr, "mdquery: cannot read %s\n", zPath);
    exit(1);
  }
  z[n] = 0;
  fclose(f);
  return z;
}

/* Write a cell, escaping the pipe so it cannot break the table. */
static void put_cell(const char *z) {
  for (; z && *z; z++) {
    if (*z == '|') fputs("\\|", pOut);
    else if (*z == '\n') fputc(' ', pOut);
    else fputc(*z, pOut);
  }
}

/* Index of z in az[0..n-1], or -1. */
static int find_str(char **az, int n, const char *z) {
  for (int i = 0; i < n; i++)
    if (strcmp(az[i], z) == 0) return i;
  return -1;
}

/* Turn a table whose last two columns are (header, cell) into one with a
** column per distinct header and a row per distinct value of the leading
** columns (joined as one key), both in order of first appearance. A pivoted
** column is right-aligned when its first cell starts like a number. */
static void pivot(int *pnRow, int *pnCol, char ***pazCell, char ***pazHead, int **paNum, const char *zSql,
                  const char *zFile, int iLine) {
  int nRow = *pnRow, nCol = *pnCol, nKey = nCol - 2;
  char **azCell = *pazCell;
  if (nKey < 1) fatal(zFile, iLine, "pivot", zSql, "needs at least one row column, a header and a cell column");
  char **azKey = calloc((size_t)nRow, sizeof(char *)), **azNew = calloc((size_t)nRow, sizeof(char *));
  int *aRowOf = calloc((size_t)nRow, sizeof(int)), *aColOf = calloc((size_t)nRow, sizeof(int));
  int nOutRow = 0, nNew = 0;
  if (!azKey || !azNew || !aRowOf || !aColOf) fatal(zFile, iLine, "pivot", zSql, "out of memory");
  for (int r = 0; r < nRow; r++) {
    size_t n = 1;
    for (int i = 0; i < nKey; i++) n += strlen(azCell[(size_t)r * (size_t)nCol + (size_t)i]) + 1;
    char *zKey = malloc(n);
    if (!zKey) fatal(zFile, iLine, "pivot", zSql, "out of memory");
    zKey[0] = 0;
    for (int i = 0; i < nKey; i++) {
      strcat(zKey, azCell[(size_t)r * (size_t)nCol + (size_t)i]);
      strcat(zKey, "\x1f");
    }
    int k = find_str(azKey, nOutRow, zKey);
    if (k < 0) {
      azKey[nOutRow] = zKey;
      k = nOutRow++;
    } else {
      free(zKey);
    }
    aRowOf[r] = k;
    const char *zHead = azCell[(size_t)r * (size_t)nCol + (size_t)nKey];
    int c = find_str(azNew, nNew, zHead);
    if (c < 0) { azNew[nNew] = strdup(zHead); c = nNew++; }
    aColOf[r] = c;
  }
  int nOutCol = nKey + nNew;
  char **azOut = calloc((size_t)nOutRow * (size_t)nOutCol, sizeof(char *));
  char **azHead = malloc((size_t)nOutCol * sizeof(char *));
  int *aNum = calloc((size_t)nOutCol, sizeof(int));
  if (!azOut || !azHead || !aNum) fatal(zFile, iLine, "pivot", zSql, "out of memory");
  for (int i = 0; i < nKey; i++) { azHead[i] = (*pazHead)[i]; aNum[i] = (*paNum)[i]; }
  for (int c = 0; c < nNew; c++) azHead[nKey + c] = azNew[c];
  for (int i = nKey; i < nCol; i++) free((*pazHead)[i]);
  for (int r = 0; r < nRow; r++) {
    size_t o = (size_t)aRowOf[r] * (size_t)nOutCol;
    for (int i = 0; i < nKey; i++) {
      char *z = azCell[(size_t)r * (size_t)nCol + (size_t)i];
      if (!azOut[o + (size_t)i]) azOut[o + (size_t)i] = z; else free(z);
    }
    free(azCell[(size_t)r * (size_t)nCol + (size_t)nKey]);
    char *zVal = azCell[(size_t)r * (size_t)nCol + (size_t)nKey + 1];
    size_t j = o + (size_t)nKey + (size_t)aColOf[r];
    if (azOut[j]) fatal(zFile, iLine, "pivot", zSql, "two cells for one row and header");
    azOut[j] = zVal;
  }
  for (size_t j = 0; j < (size_t)nOutRow * (size_t)nOutCol; j++)
    if (!azOut[j]) azOut[j] = strdup("-");
  for (int c = 0; c < nNew; c++) {
    const char *z = azOut[(size_t)nKey + (size_t)c];
    aNum[nKey + c] = (z[0] >= '0' && z[0] <= '9') || (z[0] == '-' && z[1] >= '0' && z[1] <= '9');
  }
  for (int k = 0; k < nOutRow; k++) free(azKey[k]);
  free(azKey); free(azNew); free(aRowOf); free(aColOf); free(azCell); free(*pazHead); free(*paNum);
  *pnRow = nOutRow; *pnCol = nOutCol; *pazCell = azOut; *pazHead = azHead; *paNum = aNum;
}

/* Print a query's result as a pipe table. The dashes under each header are
** as many as the column's longest cell or header word (at least 3, at most 40
** characters, times 3 halves, plus 2 for the
** gap between columns): when a table is wider than the page, pandoc sizes its columns in that proportion
** and wraps the cells, so long text gets the room and short numbers do not. */
static void emit_table(sqlite3 *pDb, const char *zSql, const char *zFile, int iLine, int bPivot) {
  sqlite3_stmt *pStmt = prepare(pDb, zSql, zFile, iLine, "table query failed");
  int nCol = sqlite3_column_count(pStmt), nRow = 0, nAlloc = 0, rc;
  char **azCell = NULL;  /* nRow x nCol cells, row-major */
  int *aNum = calloc((size_t)nCol, sizeof(int)), *aWidth = calloc((size_t)nCol, sizeof(int));
  if (!aNum || !aWidth) fatal(zFile, iLine, "table", zSql, "out of memory");
  while ((rc = sqlite3_step(pStmt)) == SQLITE_ROW) {
    if (nRow == nAlloc) {
      nAlloc = nAlloc ? 2 * nAlloc : 64;
      azCell = realloc(azCell, (size_t)nAlloc * (size_t)nCol * sizeof(char *));
      if (!azCell) fatal(zFile, iLine, "table", zSql, "out of memory");
    }
    for (int i = 0; i < nCol; i++) {
      char zNum[64];
      const char *z;
      int t = sqlite3_column_type(pStmt, i);
      if (nRow == 0) aNum[i] = t == SQLITE_INTEGER || t == SQLITE_FLOAT;
      if (t == SQLITE_FLOAT) {
        snprintf(zNum, sizeof(zNum), "%.4g", sqlite3_column_double(pStmt, i));
        z = zNum;
      } else {
        z = (const char *)sqlite3_column_text(pStmt, i);
      }
      azCell[(size_t)nRow * (size_t)nCol + (size_t)i] = strdup(z ? z : "");
    }
    nRow++;
  }
  if (rc != SQLITE_DONE) fatal(zFile, iLine, "table query failed", zSql, sqlite3_errmsg(pDb));
  if (nRow == 0) fatal(zFile, iLine, "table query returned no rows", zSql, "empty");
  char **azHead = malloc((size_t)nCol * sizeof(char *));
  if (!azHead) fatal(zFile, iLine, "table", zSql, "out of memory");
  for (int i = 0; i < nCol; i++) azHead[i] = strdup(sqlite3_column_name(pStmt, i));
  if (bPivot) pivot(&nRow, &nCol, &azCell, &azHead, &aNum, zSql, zFile, iLine);
  aWidth = realloc(aWidth, (size_t)nCol * sizeof(int));
  if (!aWidth) fatal(zFile, iLine, "table", zSql, "out of memory");
  for (int i = 0; i < nCol; i++) {
    /* 40 characters at most, in units of half a character */
    int w = 0;
    for (int r = 0; r < nRow; r++) {
      int n = text_width(azCell[(size_t)r * (size_t)nCol + (size_t)i]);
      if (n > w) w = n;
    }
    w = (w > 40 ? 40 : w) * 3;
    /* a header wraps between words: its longest word must fit */
    for (const char *z = azHead[i]; *z;) {
      size_t nWord = strcspn(z, " ");
      if ((int)nWord * 3 > w) w = (int)nWord * 3;
      z += nWord;
      z += strspn(z, " ");
    }
    aWidth[i] = (w < 6 ? 6 : w) / 2 + 2; /* +2: room for the column gap */
  }
  fputs("\n|", pOut);
  for (int i = 0; i < nCol; i++) {
    fputc(' ', pOut);
    put_cell(azHead[i]);
    fputs(" |", pOut);
    free(azHead[i]);
  }
  fputs("\n|", pOut);
  for (int i = 0; i < nCol; i++) {
    if (!aNum[i]) fputc(':', pOut);
    for (int k = 0; k < aWidth[i]; k++) fputc('-', pOut);
    fputs(aNum[i] ? ":|" : "|", pOut);
  }
  fputc('\n', pOut);
  for (int r = 0; r < nRow; r++) {
    fputc('|', pOut);
    for (int i = 0; i < nCol; i++) {
      char *z = azCell[(size_t)r * (size_t)nCol + (size_t)i];
      fputc(' ', pOut);
      put_cell(z);
      fputs(" |", pOut);
      free(z);
    }
    fputc('\n', pOut);
  }
  fputc('\n', pOut);
  free(azCell);
  free(azHead);
  free(aNum);
  free(aWidth);
  sqlite3_finalize(pStmt);
}

/* Print a query's scalar. */
static void emit_scalar(sqlite3 *pDb, const char *zSql, const char *zFile, int iLine) {
  sqlite3_stmt *pStmt = prepare(pDb, zSql, zFile, iLine, "query failed");
  int rc = sqlite3_step(pStmt);
  if (rc != SQLITE_ROW) fatal(zFile, iLine, "query returned no row", zSql, sqlite3_errmsg(pDb));
  if (sqlite3_column_type(pStmt, 0) == SQLITE_NULL) fatal(zFile, iLine, "query returned NULL", zSql, "NULL");
  if (sqlite3_column_bytes(pStmt, 0) == 0) fatal(zFile, iLine, "query returned an empty text", zSql, "''");
  if (sqlite3_column_type(pStmt, 0) == SQLITE_FLOAT) fprintf(pOut, "%.4g", sqlite3_column_double(pStmt, 0));
  else fputs((const char *)sqlite3_column_text(pStmt, 0), pOut);
  sqlite3_finalize(pStmt);
}

/* Truth of a query's first value (0 for no row or NULL). */
static int eval_cond(sqlite3 *pDb, const char *zSql, const char *zFile, int iLine) {
  sqlite3_stmt *pStmt = prepare(pDb, zSql, zFile, iLine, "condition failed");
  int rc = sqlite3_step(pStmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) fatal(zFile, iLine, "condition failed", zSql, sqlite3_errmsg(pDb));
  int bTrue = rc == SQLITE_ROW && sqlite3_column_type(pStmt, 0) != SQLITE_NULL && sqlite3_column_double(pStmt, 0) != 0;
  sqlite3_finalize(pStmt);
  return bTrue;
}

/* The {{end}} that closes the block whose body starts at p ({{if:}} and
** {{each:}} open blocks), or exit. */
static char *find_end(char *p, const char *zFile, int iLine) {
  int nDepth = 0;
  for (char *q = strstr(p, "{{"); q; q = strstr(q + 2, "{{")) {
    if (strncmp(q, "{{if:", 5) == 0 || strncmp(q, "{{each:", 7) == 0) nDepth++;
    else if (strncmp(q, "{{end}}", 7) == 0 && nDepth-- == 0) return q;
  }
  fatal(zFile, iLine, "{{each:}} without {{end}}", "", "unclosed");
  return NULL;
}

static void expand_text(sqlite3 *pDb, char *zText, const char *zFile, int iLine);

/* Expand BODY once per row of the query, the row's columns bound as :name. */
static void expand_each(sqlite3 *pDb, const char *zSql, const char *zBody, const char *zFile, int iLine) {
  sqlite3_stmt *pStmt = prepare(pDb, zSql, zFile, iLine, "each query failed");
  int nCol = sqlite3_column_count(pStmt), rc;
  if (nBind + nCol > MAX_BIND) fatal(zFile, iLine, "{{each:}}", zSql, "too many bound columns");
  while ((rc = sqlite3_step(pStmt)) == SQLITE_ROW) {
    for (int i = 0; i < nCol; i++) {
      const char *zName = sqlite3_column_name(pStmt, i);
      azBindName[nBind] = malloc(strlen(zName) + 2);
      apBindValue[nBind] = sqlite3_value_dup(sqlite3_column_value(pStmt, i));
      if (!azBindName[nBind] || !apBindValue[nBind]) fatal(zFile, iLine, "{{each:}}", zSql, "out of memory");
      azBindName[nBind][0] = ':';
      strcpy(azBindName[nBind] + 1, zName);
      nBind++;
    }
    char *zCopy = strdup(zBody);
    if (!zCopy) fatal(zFile, iLine, "{{each:}}", zSql, "out of memory");
    expand_text(pDb, zCopy, zFile, iLine);
    free(zCopy);
    for (int i = 0; i < nCol; i++) {
      nBind--;
      free(azBindName[nBind]);
      sqlite3_value_free(apBindValue[nBind]);
    }
  }
  if (rc != SQLITE_DONE) fatal(zFile, iLine, "each query failed", zSql, sqlite3_errmsg(pDb));
  sqlite3_finalize(pStmt);
}

/* Expand a text (modified in place) that starts at line iLine of zFile. */
static void expand_text(sqlite3 *pDb, char *zText, const char *zFile, int iLine) {
  char *p = zText;
  /* {{if:}} nesting: per level, whether output was already suppressed
  ** outside it and whether its condition held. A skipped {{each:}} is a
  ** level whose condition is false. */
  int nDepth = 0, bSkip = 0, abOuterSkip[16], abCond[16];
  while (*p) {
    char *zOpen = strstr(p, "{{");
    if (!zOpen) {
      if (!bSkip) fputs(p, pOut);
      break;
    }
    if (!bSkip) fwrite(p, 1, (size_t)(zOpen - p), pOut);
    for (char *q = p; q < zOpen; q++) iLine += *q == '\n';
    char *zClose = strstr(zOpen, "}}");
    if (!zClose) fatal(zFile, iLine, "unclosed {{", zOpen, "missing }}");
    *zClose = 0;
    int bIf = strncmp(zOpen, "{{if:", 5) == 0, bEach = strncmp(zOpen, "{{each:", 7) == 0;
    if (bEach && !bSkip) {
      char *zEnd = find_end(zClose + 2, zFile, iLine);
      *zEnd = 0;
      int iBody = iLine;
      for (char *q = zOpen; q < zClose; q++) iBody += *q == '\n';
      expand_each(pDb, zOpen + 7, zClose + 2, zFile, iBody);
      for (char *q = zOpen; q < zEnd; q++) iLine += *q == '\n';
      p = zEnd + 7;
      continue;
    }
    if (bIf || bEach) {
      if (nDepth == 16) fatal(zFile, iLine, "{{if:}} nested too deep", zOpen, "16 levels at most");
      abOuterSkip[nDepth] = bSkip;
      abCond[nDepth] = bSkip ? 0 : eval_cond(pDb, zOpen + 5, zFile, iLine);
      bSkip = bSkip || !abCond[nDepth];
      nDepth++;
    } else if (strcmp(zOpen, "{{else") == 0) {
      if (nDepth == 0) fatal(zFile, iLine, "{{else}} without {{if:}}", zOpen, "stray");
      bSkip = abOuterSkip[nDepth - 1] || abCond[nDepth - 1];
    } else if (strcmp(zOpen, "{{end") == 0) {
      if (nDepth == 0) fatal(zFile, iLine, "{{end}} without {{if:}}", zOpen, "stray");
      nDepth--;
      bSkip = abOuterSkip[nDepth];
    } else if (bSkip) {
      /* inside the branch not taken: not evaluated */
    } else if (strncmp(zOpen, "{{=", 3) == 0) {
      fputc(MARK_OPEN, pOut);
      emit_scalar(pDb, zOpen + 3, zFile, iLine);
      fputc(MARK_CLOSE, pOut);
    } else if (strncmp(zOpen, "{{table:", 8) == 0 || strncmp(zOpen, "{{pivot:", 8) == 0) {
      fputc(MARK_OPEN, pOut);
      emit_table(pDb, zOpen + 8, zFile, iLine, zOpen[2] == 'p');
      fputc(MARK_CLOSE, pOut);
    } else fatal(zFile, iLine, "unknown directive", zOpen,
               "use {{= SQL}}, {{table: SQL}}, {{pivot: SQL}}, {{if: SQL}} or {{each: SQL}}");
    for (char *q = zOpen; q < zClose; q++) iLine += *q == '\n';
    p = zClose + 2;
  }
  if (nDepth) fatal(zFile, iLine, "{{if:}} without {{end}}", "", "unclosed");
}

/* Expand one section file into a buffer, then write it escaped. */
static void expand(sqlite3 *pDb, const char *zFile) {
  char *zText = slurp(zFile), *zBuf = NULL;
  size_t nBuf = 0;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  pOut = open_memstream(&zBuf, &nBuf);
  if (!pOut) {
    fprintf(stderr, "mdquery: out of memory\n");
    exit(1);
  }
  expand_text(pDb, zText, zFile, 1);
  fputc('\n', pOut);
  fclose(pOut);
  put_section(zFile, (const unsigned char *)zBuf, nBuf);
  free(zBuf);
  free(zText);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (getenv("MDQUERY_PROFILE"))
    fprintf(stderr, "%10.1f ms  (section %s, all of it)\n", (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6,
            zFile);
}

/* Read the database (marked, in memory) and expand every section in order. */
/* Run the statements of zFile on the marked copy (writable for them
** alone), or exit: views computed once from the marked text, as the
** sections would compute them. */
static void run_cache(sqlite3 *pDb, const char *zFile) {
  char *zSql = slurp(zFile), *zErr = NULL;
  if (sqlite3_exec(pDb, "PRAGMA query_only = OFF", NULL, NULL, NULL) != SQLITE_OK ||
      sqlite3_exec(pDb, zSql, NULL, NULL, &zErr) != SQLITE_OK ||
      sqlite3_exec(pDb, "PRAGMA query_only = ON", NULL, NULL, NULL) != SQLITE_OK) {
    fprintf(stderr, "mdquery: %s: %s\n", zFile, zErr ? zErr : sqlite3_errmsg(pDb));
    exit(1);
  }
  free(zSql);
}

/* Expand the nFile sections of azFile, in order, onto stdout. With more
** than one job (MDQUERY_JOBS, default the processors), the process that
** read and cached the database forks that many workers (each a copy of it,
** its in-memory database shared until written: they only read). A worker
** takes the next section from a pipe (one byte each: its index), writes its
** expansion to that section's temporary file and takes the next; the parent
** then copies the files to stdout in order, or, where a worker failed (its
** message on stderr, from fatal()), exits 1 having written nothing. */
static void expand_all(sqlite3 *pDb, char **azFile, int nFile) {
  long nJob = sysconf(_SC_NPROCESSORS_ONLN);
  const char *zJobs = getenv("MDQUERY_JOBS");
  if (zJobs && *zJobs) nJob = strtol(zJobs, NULL, 10);
  if (nJob > nFile) nJob = nFile;
  if (nJob <= 1 || nFile > 255) {
    for (int i = 0; i < nFile; i++) expand(pDb, azFile[i]);
    return;
  }
  FILE **apTmp = calloc((size_t)nFile, sizeof(FILE *));
  int aPipe[2];
  if (!apTmp || pipe(aPipe) != 0) {
    fprintf(stderr, "mdquery: cannot start its workers\n");
    exit(1);
  }
  for (int i = 0; i < nFile; i++) {
    unsigned char c = (unsigned char)i;
    if (!(apTmp[i] = tmpfile()) || write(aPipe[1], &c, 1) != 1) {
      fprintf(stderr, "mdquery: cannot start its workers\n");
      exit(1);
    }
  }
  close(aPipe[1]);
  fflush(stdout);
  fflush(stderr);
  pid_t *aPid = calloc((size_t)nJob, sizeof(pid_t));
  for (long j = 0; j < nJob; j++) {
    if (!aPid || (aPid[j] = fork()) < 0) {
      fprintf(stderr, "mdquery: cannot start its workers\n");
      exit(1);
    }
    if (aPid[j] == 0) {
      unsigned char c;
      while (read(aPipe[0], &c, 1) == 1) {
        if (dup2(fileno(apTmp[c]), STDOUT_FILENO) < 0) exit(1);
        expand(pDb, azFile[c]);
        if (fflush(stdout) != 0) exit(1);
      }
      exit(0);
    }
  }
  close(aPipe[0]);
  int bFailed = 0;
  for (long j = 0; j < nJob; j++) {
    int st = 0;
    if (waitpid(aPid[j], &st, 0) != aPid[j] || !WIFEXITED(st) || WEXITSTATUS(st) != 0) bFailed = 1;
  }
  if (bFailed) exit(1);
  for (int i = 0; i < nFile; i++) {
    char zBuf[65536];
    size_t n;
    if (fseek(apTmp[i], 0, SEEK_SET) != 0) exit(1);
    while ((n = fread(zBuf, 1, sizeof(zBuf), apTmp[i])) > 0) fwrite(zBuf, 1, n, stdout);
    fclose(apTmp[i]);
  }
  free(aPid);
  free(apTmp);
}

/* MDQUERY_PROFILE set: every statement's time on stderr, slowest first
** when sorted (`sort -rn`): what to look at when the report is slow. */
static int profile_cb(unsigned e, void *pCtx, void *pStmt, void *pNs) {
  (void)e;
  (void)pCtx;
  const char *z = sqlite3_sql((sqlite3_stmt *)pStmt);
  fprintf(stderr, "%10.1f ms  %.100s\n", *(sqlite3_int64 *)pNs / 1e6, z ? z : "?");
  return 0;
}

int main(int argc, char **argv) {
  sqlite3 *pDb;
  if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    fputs(zHelp, stdout);
    return 0;
  }
  const char *zCache = NULL;
  if (argc >= 3 && !strcmp(argv[1], "--cache")) {
    zCache = argv[2];
    argc -= 2;
    argv += 2;
  }
  if (argc < 3) {
    fputs(zHelp, stderr);
    return 2;
  }
  if (sqlite3_open(":memory:", &pDb) != SQLITE_OK || sqlstats_register(pDb) != SQLITE_OK ||
      format_register(pDb) != SQLITE_OK) {
    fprintf(stderr, "mdquery: out of memory\n");
    return 1;
  }
  load_marked(argv[1], pDb);
  if (getenv("MDQUERY_PROFILE")) sqlite3_trace_v2(pDb, SQLITE_TRACE_PROFILE, profile_cb, NULL);
  if (zCache) run_cache(pDb, zCache);
  expand_all(pDb, argv + 2, argc - 2);
  sqlite3_close(pDb);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "mdquery: cannot write the report\n");
    return 1;
  }
  return 0;
}
