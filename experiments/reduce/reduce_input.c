/*
** experiments/reduce/reduce_input.c: the reduction study's kept host inputs,
** see reduce_input.h.
*/
#include <stdlib.h>
#include <unistd.h>

#include "experiments/harness/rng.h"
#include "experiments/reduce/reduce_input.h"
#include "experiments/reduce/ref_reduce.h"
#include "kernels/reduce.h"

#define NSLOT REDUCE_INPUT_NSLOT

/* A kept input. */
typedef struct slot {
  reduce_input in;         /* pHost NULL: slot free */
  size_t nBytes;           /* bytes of in.pHost */
  unsigned long long iUse; /* tick of its last use */
} slot;

/* The kept inputs and the counters. */
static struct {
  slot a[NSLOT];
  size_t nCap;             /* cap on the sum of nBytes (0: reduce_input_default_cap()) */
  unsigned long long iTick;
  long long nMade, nKept, nRef;
} gIn;

/* Sum of the kept inputs' bytes. */
static size_t kept_bytes(void) {
  size_t nSum = 0;
  for (int i = 0; i < NSLOT; i++) nSum += gIn.a[i].in.pHost ? gIn.a[i].nBytes : 0;
  return nSum;
}

/* The least recently used kept input, or -1 if none. */
static int oldest(void) {
  int iOld = -1;
  for (int i = 0; i < NSLOT; i++)
    if (gIn.a[i].in.pHost && (iOld < 0 || gIn.a[i].iUse < gIn.a[iOld].iUse)) iOld = i;
  return iOld;
}

/* Fill in->pHost with the input of (in->eType, in->n); no references yet. */
static void make_input(reduce_input *in) {
  const size_t n = in->n;
  /* Element i is the i-th draw of the seed's splitmix64 stream (rng_at):
  ** filled in parallel (OpenMP, OMP_NUM_THREADS applies), same values. */
  const uint64_t iSeed = 0x5eed0003u + n * 2 + (uint64_t)in->eType;
  if (in->eType == REDUCE_I32) {
    int32_t *a = in->pHost;
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < n; i++) a[i] = (int32_t)(rng_at(iSeed, i) & 7);
  } else {
    float *a = in->pHost;
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < n; i++) a[i] = 2.0f * rng_float_at(iSeed, i) - 1.0f;
  }
  in->bRef = 0;
  in->iRef = 0;
  in->dRef = in->dSumAbs = 0;
}

/* Compute in's references, unless they are. */
static void make_reference(reduce_input *in) {
  if (in->bRef) return;
  if (in->eType == REDUCE_I32) in->iRef = ref_reduce_i32(in->pHost, in->n);
  else in->dRef = ref_reduce_f32(in->pHost, in->n, &in->dSumAbs);
  in->bRef = 1;
  gIn.nRef++;
}

/* See reduce_input.h. */
size_t reduce_input_cap_for(unsigned long long nPhysBytes) {
  if (nPhysBytes == 0) return (size_t)1 << 30;
  const unsigned long long nEighth = nPhysBytes / 8;
  return nEighth < REDUCE_INPUT_CAP_MAX ? (size_t)nEighth : REDUCE_INPUT_CAP_MAX;
}

/* See reduce_input.h. */
size_t reduce_input_default_cap(void) {
#ifdef REDUCE_INPUT_CAP
  return (size_t)REDUCE_INPUT_CAP;
#else
  const long nPages = sysconf(_SC_PHYS_PAGES), nPage = sysconf(_SC_PAGESIZE);
  if (nPages <= 0 || nPage <= 0) return reduce_input_cap_for(0);
  /* Whole eighths of the pages, as before: the cap stays a whole number of
  ** pages. */
  return reduce_input_cap_for((unsigned long long)nPages / 8 * 8 * (unsigned long long)nPage);
#endif
}

/* See reduce_input.h. */
const reduce_input *reduce_input_get(int eType, size_t n, int bRef) {
  const size_t nCap = gIn.nCap ? gIn.nCap : reduce_input_default_cap();
  const size_t nBytes = n * 4; /* both dtypes are 4 bytes */
  for (int i = 0; i < NSLOT; i++) {
    slot *p = &gIn.a[i];
    if (p->in.pHost && p->in.eType == eType && p->in.n == n) {
      p->iUse = ++gIn.iTick;
      gIn.nKept++;
      if (bRef) make_reference(&p->in);
      return &p->in;
    }
  }
  /* Make room: drop the least recently used until it fits (or none is left)
  ** and a slot is free. A dropped buffer of exactly these bytes (the other
  ** dtype of the same n) is filled again rather than freed and allocated. */
  void *pReuse = NULL;
  int iFree = -1;
  for (;;) {
    for (int i = 0; i < NSLOT && iFree < 0; i++)
      if (!gIn.a[i].in.pHost) iFree = i;
    if (iFree >= 0 && kept_bytes() + nBytes <= nCap) break;
    const int iOld = oldest();
    if (iOld < 0) break;
    slot *p = &gIn.a[iOld];
    if (!pReuse && p->nBytes == nBytes) pReuse = p->in.pHost;
    else free(p->in.pHost);
    p->in.pHost = NULL; /* a free slot now: the next scan finds it */
  }
  slot *p = &gIn.a[iFree];
  p->in.pHost = pReuse ? pReuse : malloc(nBytes ? nBytes : 1);
  if (!p->in.pHost) return NULL;
  p->in.eType = eType;
  p->in.n = n;
  p->nBytes = nBytes;
  p->iUse = ++gIn.iTick;
  make_input(&p->in);
  gIn.nMade++;
  if (bRef) make_reference(&p->in);
  return &p->in;
}

/* See reduce_input.h. */
void reduce_input_clear(void) {
  for (int i = 0; i < NSLOT; i++) {
    free(gIn.a[i].in.pHost);
    gIn.a[i].in.pHost = NULL;
  }
}

/* See reduce_input.h. */
void reduce_input_set_cap(size_t nBytes) { gIn.nCap = nBytes; }

/* See reduce_input.h. */
void reduce_input_counts(long long *pnMade, long long *pnKept, long long *pnRef) {
  if (pnMade) *pnMade = gIn.nMade;
  if (pnKept) *pnKept = gIn.nKept;
  if (pnRef) *pnRef = gIn.nRef;
}
