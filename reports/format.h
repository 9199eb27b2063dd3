/*
** reports/format.h: the report's one formatter (reports/format.c says what
** each function prints).
*/
#ifndef REPORTS_FORMAT_H
#define REPORTS_FORMAT_H

/* Registers fmt(), fmt_ci(), fmt_range(), fmt_level() and fmt_fold() on db: SQLITE_OK
** or an error. mdquery, the template layer, calls it on its connection. */
int format_register(sqlite3 *db);

/* v of kind zKind into z (nZ bytes), with its unit if bUnit; nDigits < 0:
** the kind's own digits for v. Returns the digits used, or -1 for an unknown
** kind. */
int format_value(char *z, int nZ, const char *zKind, double v, int nDigits, int bUnit);

#endif
