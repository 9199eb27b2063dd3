/*
** experiments/harness/buildinfo.h: facts fixed when a binary is built
** (written by the Makefile into build/gen/buildinfo_<binary>.c).
*/
#ifndef HARNESS_BUILDINFO_H
#define HARNESS_BUILDINFO_H

extern const char buildinfo_id[];           /* hash of the sources and flags */
extern const char buildinfo_git_commit[];   /* git commit, or 'unknown' */
extern const int buildinfo_git_dirty;       /* 1: uncommitted changes */
extern const char buildinfo_nvcc_version[]; /* nvcc's release line */
extern const char buildinfo_nvcc_flags[];   /* flags the kernels were built with */

#endif
