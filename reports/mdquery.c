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
** A query that fails, returns no row, or returns NULL in a scalar stops the
** build with the file and line: a report never shows an empty number.
*/
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char zHelp[] =
    "Usage: mdquery DB SECTION.md... > report.md\n"
    "Expands {{= SQL }} (a scalar) and {{table: SQL }} (a pipe table) in each\n"
    "section against DB, opened read-only, and prints the sections in order.\n";

/* Print a fatal error naming the place and exit 1. */
static void fatal(const char *zFile, int iLine, const char *zWhat, const char *zSql, const char *zMsg) {
  fprintf(stderr, "mdquery: %s:%d: %s: %s\n  query: %.300s\n", zFile, iLine, zWhat, zMsg, zSql);
  exit(1);
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
    if (*z == '|') fputs("\\|", stdout);
    else if (*z == '\n') fputc(' ', stdout);
    else fputc(*z, stdout);
  }
}

/* Print a query's result as a pipe table. The dashes under each header are
** as many as the column's longest cell (at least 3, at most 60): when a
** table is wider than the page, pandoc sizes its columns in that proportion
** and wraps the cells, so long text gets the room and short numbers do not. */
static void emit_table(sqlite3 *pDb, const char *zSql, const char *zFile, int iLine) {
  sqlite3_stmt *pStmt;
  if (sqlite3_prepare_v2(pDb, zSql, -1, &pStmt, NULL) != SQLITE_OK)
    fatal(zFile, iLine, "table query failed", zSql, sqlite3_errmsg(pDb));
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
  for (int i = 0; i < nCol; i++) {
    int w = (int)strlen(sqlite3_column_name(pStmt, i));
    for (int r = 0; r < nRow; r++) {
      int n = (int)strlen(azCell[(size_t)r * (size_t)nCol + (size_t)i]);
      if (n > w) w = n;
    }
    aWidth[i] = w < 3 ? 3 : w > 60 ? 60 : w;
  }
  fputs("\n|", stdout);
  for (int i = 0; i < nCol; i++) {
    fputc(' ', stdout);
    put_cell(sqlite3_column_name(pStmt, i));
    fputs(" |", stdout);
  }
  fputs("\n|", stdout);
  for (int i = 0; i < nCol; i++) {
    if (!aNum[i]) fputc(':', stdout);
    for (int k = 0; k < aWidth[i]; k++) fputc('-', stdout);
    fputs(aNum[i] ? ":|" : "|", stdout);
  }
  fputc('\n', stdout);
  for (int r = 0; r < nRow; r++) {
    fputc('|', stdout);
    for (int i = 0; i < nCol; i++) {
      char *z = azCell[(size_t)r * (size_t)nCol + (size_t)i];
      fputc(' ', stdout);
      put_cell(z);
      fputs(" |", stdout);
      free(z);
    }
    fputc('\n', stdout);
  }
  fputc('\n', stdout);
  free(azCell);
  free(aNum);
  free(aWidth);
  sqlite3_finalize(pStmt);
}

/* Print a query's scalar. */
static void emit_scalar(sqlite3 *pDb, const char *zSql, const char *zFile, int iLine) {
  sqlite3_stmt *pStmt;
  if (sqlite3_prepare_v2(pDb, zSql, -1, &pStmt, NULL) != SQLITE_OK)
    fatal(zFile, iLine, "query failed", zSql, sqlite3_errmsg(pDb));
  int rc = sqlite3_step(pStmt);
  if (rc != SQLITE_ROW) fatal(zFile, iLine, "query returned no row", zSql, sqlite3_errmsg(pDb));
  if (sqlite3_column_type(pStmt, 0) == SQLITE_NULL) fatal(zFile, iLine, "query returned NULL", zSql, "NULL");
  if (sqlite3_column_type(pStmt, 0) == SQLITE_FLOAT) printf("%.4g", sqlite3_column_double(pStmt, 0));
  else fputs((const char *)sqlite3_column_text(pStmt, 0), stdout);
  sqlite3_finalize(pStmt);
}

/* Truth of a query's first value (0 for no row or NULL). */
static int eval_cond(sqlite3 *pDb, const char *zSql, const char *zFile, int iLine) {
  sqlite3_stmt *pStmt;
  if (sqlite3_prepare_v2(pDb, zSql, -1, &pStmt, NULL) != SQLITE_OK)
    fatal(zFile, iLine, "condition failed", zSql, sqlite3_errmsg(pDb));
  int rc = sqlite3_step(pStmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) fatal(zFile, iLine, "condition failed", zSql, sqlite3_errmsg(pDb));
  int bTrue = rc == SQLITE_ROW && sqlite3_column_type(pStmt, 0) != SQLITE_NULL && sqlite3_column_double(pStmt, 0) != 0;
  sqlite3_finalize(pStmt);
  return bTrue;
}

/* Expand one section file. */
static void expand(sqlite3 *pDb, const char *zFile) {
  char *zText = slurp(zFile), *p = zText;
  int iLine = 1;
  /* {{if:}} nesting: per level, whether output was already suppressed
  ** outside it and whether its condition held. */
  int nDepth = 0, bSkip = 0, abOuterSkip[16], abCond[16];
  while (*p) {
    char *zOpen = strstr(p, "{{");
    if (!zOpen) {
      if (!bSkip) fputs(p, stdout);
      break;
    }
    if (!bSkip) fwrite(p, 1, (size_t)(zOpen - p), stdout);
    for (char *q = p; q < zOpen; q++) iLine += *q == '\n';
    char *zClose = strstr(zOpen, "}}");
    if (!zClose) fatal(zFile, iLine, "unclosed {{", zOpen, "missing }}");
    *zClose = 0;
    if (strncmp(zOpen, "{{if:", 5) == 0) {
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
    } else if (strncmp(zOpen, "{{=", 3) == 0) emit_scalar(pDb, zOpen + 3, zFile, iLine);
    else if (strncmp(zOpen, "{{table:", 8) == 0) emit_table(pDb, zOpen + 8, zFile, iLine);
    else fatal(zFile, iLine, "unknown directive", zOpen, "use {{= SQL}}, {{table: SQL}} or {{if: SQL}}");
    for (char *q = zOpen; q < zClose; q++) iLine += *q == '\n';
    p = zClose + 2;
  }
  if (nDepth) fatal(zFile, iLine, "{{if:}} without {{end}}", "", "unclosed");
  fputc('\n', stdout);
  free(zText);
}

/* Open the database read-only and expand every section in order. */
int main(int argc, char **argv) {
  sqlite3 *pDb;
  if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    fputs(zHelp, stdout);
    return 0;
  }
  if (argc < 3) {
    fputs(zHelp, stderr);
    return 2;
  }
  if (sqlite3_open_v2(argv[1], &pDb, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
    fprintf(stderr, "mdquery: cannot open %s: %s\n", argv[1], sqlite3_errmsg(pDb));
    return 1;
  }
  for (int i = 2; i < argc; i++) expand(pDb, argv[i]);
  sqlite3_close(pDb);
  return 0;
}
