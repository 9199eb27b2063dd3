/*
** reports/seed_reduce.h: the reduction seed's (003) code as written, run on
** the CPU by the errata (reports/errata.c) to show where it fails. Not a
** reference: the study's references are experiments/reduce/ref_reduce.h.
*/
#ifndef REPORTS_SEED_REDUCE_H
#define REPORTS_SEED_REDUCE_H

#include <stddef.h>
#include <stdint.h>

/* What the seed's reduceUnrolling8 (and its warp-unrolled successors) sum
** AS WRITTEN, launched like the seed with grid = ceil(n/block)/8 (integer
** division) blocks of `block` threads: whole 8*block chunks only, so the
** tail is dropped (see the .c file for the exact rule). Exact int64 sum of
** the elements it includes. Returns 0 for n == 0 or block < 1. */
int64_t seed_unroll8_as_written(const int32_t *x, size_t n, int block);

#endif
