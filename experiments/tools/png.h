/*
** experiments/tools/png.h: a dependency-free PNG writer (C11) for RGBA8 images.
*/
#ifndef EXPERIMENTS_PNG_H
#define EXPERIMENTS_PNG_H

#ifdef __cplusplus
extern "C" {
#endif

/* Write the W x H RGBA8 image rgba (row y at rgba + 4*W*y, top row first)
** to zPath as an 8-bit RGBA PNG. Returns 0 on success, nonzero on a bad
** argument or an I/O error (the file may then be partial); never exits. */
int png_write_rgba(const char *zPath, const unsigned char *rgba, int W, int H);

#ifdef __cplusplus
}
#endif
#endif
