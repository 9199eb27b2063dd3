/*
** kernels/variant.h: what every kernel family's variant registry has in
** common, and the one lookup over any of them. Plain C, included by the
** families' .cu files (nvcc) and by the studies and tests (gcc).
**
** A family's registry is one array in kernels/<family>.cu, one entry per
** variant, whose first member is a kernel_variant. Everything a variant is
** (key, text, flags, family-specific facts, launcher) hangs off that one
** entry: no enum, no switch, no parallel table. The harness stores the
** registry in the database (table variant, data/schema.sql) at the start of
** each run, and the report reads variant order and text from there.
**
** Adding a variant = its kernel + its launcher + one registry line (+ a
** matrix entry if it needs special axes). The key is what SQLite stores and
** figures show: never rename or reuse a key once data has shipped with it.
** A matrix line meant for every variant of a study names none: it selects
** `--variant all,-FLAG,...` (experiments/harness/args.c), every variant less
** those with one of the flags, so a new variant joins it by its registry
** line alone (VARIANT_OWN_SWEEP and VARIANT_NO_BATCH exist for that).
*/
#ifndef KERNELS_VARIANT_H
#define KERNELS_VARIANT_H

#include <stddef.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Flags of a variant (kernel_variant.mFlags). */
#define VARIANT_IN_PLACE 0x1u    /* overwrites its input: restored before every launch */
#define VARIANT_HOPPER_ONLY 0x2u /* needs compute capability 9.0 or newer */
#define VARIANT_NO_BLOCK 0x4u    /* ignores the block size: swept at one block size */
#define VARIANT_CONSTANT 0x8u    /* reads __constant__ memory: the device's constant limit applies */
#define VARIANT_TEXTURE 0x10u    /* reads through texture objects: the texture width limit applies */
#define VARIANT_SHARED 0x20u     /* stages data in shared memory: the per-block limit applies */
#define VARIANT_HOST 0x40u       /* runs on the host, not a kernel (a study's CPU baseline) */
#define VARIANT_TUNED 0x80u      /* takes the family's tuning axes (reduce: loads, grid factor) */
#define VARIANT_BOUND 0x100u     /* a lower bound, not a ladder step: part of a kernel's work only,
                                 ** so its result is wrong by design (the family says how it is
                                 ** verified); never a "best" or "fastest" variant */
#define VARIANT_OFFSET32 0x200u  /* indexes its input with 32-bit offsets (an int count): runs only
                                 ** where n fits an int, n <= INT32_MAX (the family refuses more) */
#define VARIANT_OWN_SWEEP 0x400u /* swept over the block size (and its tuning) by matrix lines of
                                 ** its own: the every-variant block sweep leaves it out
                                 ** (`--variant all,...,-own-sweep`) */
#define VARIANT_NO_BATCH 0x800u  /* left out of the every-variant batch line
                                 ** (`--mode batch --variant all,...,-no-batch`) */

/* The head of every registry entry (its first member). */
typedef struct kernel_variant {
  const char *zKey;        /* stable key, e.g. "interleaved" */
  const char *zDesc;       /* one line: what this variant does */
  const char *zBottleneck; /* one line: what it removes relative to the
                           ** variant before it (the report's ladder
                           ** table); "" for a baseline; a step that
                           ** changes a second thing says so after
                           ** "; and " (the report states it) */
  const char *zOrigin;     /* where it comes from: a seed step ("seed 2"),
                           ** a seed ("seed 004"), "modern", "reference" */
  unsigned mFlags;         /* VARIANT_* bits */
  const char *zLauncher;   /* the launcher's name, spelt from the same token as
                           ** the entry's function pointer (see VARIANT_LAUNCHER
                           ** in each family): <family>_<key, '-' as '_'> */
} kernel_variant;

/* The kernel_variant of entry i of a registry of entries nStride bytes apart. */
static inline const kernel_variant *variant_at(const void *aRegistry, size_t nStride, int i) {
  return (const kernel_variant *)((const char *)aRegistry + (size_t)i * nStride);
}

/* Index of the entry with key zKey in a registry of nEntry entries nStride
** bytes apart, or -1 (also for zKey NULL). The one lookup of every family. */
static inline int variant_find(const void *aRegistry, int nEntry, size_t nStride, const char *zKey) {
  if (zKey == NULL) return -1;
  for (int i = 0; i < nEntry; i++)
    if (strcmp(variant_at(aRegistry, nStride, i)->zKey, zKey) == 0) return i;
  return -1;
}

/* Every flag's name, as the database stores it (table variant, column
** flags) and as a matrix line leaves variants out (`--variant all,-host`):
** entry i for i in [0, VARIANT_NFLAG), NULL past the end. */
#define VARIANT_NFLAG 12
static inline const char *variant_flag_name(int i, unsigned *pmBit) {
  static const struct { unsigned m; const char *zName; } aFlag[VARIANT_NFLAG] = {
      {VARIANT_IN_PLACE, "in-place"}, {VARIANT_HOPPER_ONLY, "hopper-only"},
      {VARIANT_NO_BLOCK, "no-block-axis"}, {VARIANT_CONSTANT, "constant-memory"},
      {VARIANT_TEXTURE, "texture"}, {VARIANT_SHARED, "shared-memory"}, {VARIANT_HOST, "host"},
      {VARIANT_TUNED, "tuned"}, {VARIANT_BOUND, "bound"}, {VARIANT_OFFSET32, "offset32"},
      {VARIANT_OWN_SWEEP, "own-sweep"}, {VARIANT_NO_BATCH, "no-batch"}};
  if (i < 0 || i >= VARIANT_NFLAG) return NULL;
  if (pmBit) *pmBit = aFlag[i].m;
  return aFlag[i].zName;
}

/* The bit of the flag named zName (variant_flag_name), or 0. */
static inline unsigned variant_flag_bit(const char *zName) {
  unsigned m = 0;
  for (int i = 0; zName && i < VARIANT_NFLAG; i++)
    if (strcmp(variant_flag_name(i, &m), zName) == 0) return m;
  return 0;
}

/* The flags as stored in the database: names joined by ',' ("in-place,
** hopper-only"), "" for none. Returns z. */
static inline const char *variant_flags_text(unsigned mFlags, char *z, size_t nz) {
  size_t nUsed = 0;
  if (nz == 0) return z;
  z[0] = 0;
  for (int i = 0; i < VARIANT_NFLAG; i++) {
    unsigned m = 0;
    const char *zName = variant_flag_name(i, &m);
    if (!(mFlags & m)) continue;
    size_t nName = strlen(zName);
    if (nUsed + (nUsed > 0) + nName + 1 > nz) break;
    if (nUsed > 0) z[nUsed++] = ',';
    memcpy(z + nUsed, zName, nName + 1);
    nUsed += nName;
  }
  return z;
}

/* Element count of a registry array (compile-time). */
#define VARIANT_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

#ifdef __cplusplus
}
#endif
#endif
