/*
** experiments/harness/parse.h: strict parsing of command-line numbers and
** lists. Every function returns 0 on success or -1 with a one-line reason in
** zErr (no output, no exit), so callers decide how to fail.
*/
#ifndef HARNESS_PARSE_H
#define HARNESS_PARSE_H

#include <stddef.h>

/* Parse one non-negative integer term: decimal '1000000', '2^24', '1e6',
** '2^24+7', '2^24-1', 'Ki'/'Mi'/'Gi' suffixes ('64Ki'). Rejects garbage,
** negative values and anything above iMax. */
int parse_int(const char *z, long long iMax, long long *pOut, char *zErr, size_t nErr);

/* Parse a comma-separated list of integer terms into a[] (at most nMax),
** where a term may also be a power-of-two range 'LO:HI' (both powers of two,
** LO <= HI; expands to LO, 2LO, ..., HI) or a linear range 'LO..HI' (every
** integer). Values outside [iMin,iMax] are an error. *pn gets the count. */
int parse_int_list(const char *z, long long iMin, long long iMax, long long *a,
                   int nMax, int *pn, char *zErr, size_t nErr);

/* Split a comma-separated list of names into az[] (pointers into a copy
** owned by *pzBuf, which the caller frees). Empty names are an error. */
int parse_name_list(const char *z, char **pzBuf, const char **az, int nMax, int *pn,
                    char *zErr, size_t nErr);

/* Copy zIn into zOut (at most nOut bytes with the terminator), each control
** character written as \xNN, so a message echoing user text stays one line
** and shows what was typed. */
void parse_escape(char *zOut, size_t nOut, const char *zIn);

#endif
