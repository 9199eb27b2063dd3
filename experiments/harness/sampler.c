/*
** experiments/harness/sampler.c: the schedule of gpu_sample() over callbacks
** (see sampler.h).
*/
#include "experiments/harness/sampler.h"

#include <stdlib.h>
#include <string.h>

/* qsort comparator for doubles. */
static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The state of one sampler_run() between windows. */
typedef struct sampler_state {
  const sampler_plan *pPlan;
  sampler_out *pOut;
  double *aSort;      /* room for rule.nMax: the kept samples sorted at a check */
  double mhzMax;      /* highest SM clock seen (of samples long enough to judge) */
  double mhzSum;      /* sum of the kept samples' clocks that are known */
  int nMhz;           /* how many */
  int nCheckAt;       /* the noise is computed next at this many kept samples */
  double noise;       /* the last noise computed (1.0: none yet) */
  double aNoise[2];   /* the two checks' noises before it (the older first) */
  int nNoise;         /* how many of aNoise hold one (0-2) */
} sampler_state;

/* Take the sample of one complete window: discard it (timed out, low clock)
** or keep it. */
static void take(sampler_state *s, const sampler_read *pRead) {
  sampler_out *o = s->pOut;
  if (pRead->bTimedOut && ++o->nWindowTimeouts <= SAMPLER_TIMEOUTS_MAX) return;
  int nDiscardMax = o->nMs / 4 > 64 ? o->nMs / 4 : 64;
  if (pRead->bMhzOk && pRead->mhz > s->mhzMax) s->mhzMax = pRead->mhz;
  if (s->pPlan->clockKeep > 0 && pRead->bMhzOk && pRead->mhz < s->pPlan->clockKeep * s->mhzMax &&
      o->nClockDiscarded < nDiscardMax) {
    o->nClockDiscarded++;
    return;
  }
  if (pRead->mhz > 0) {
    s->mhzSum += pRead->mhz;
    s->nMhz++;
  }
  o->aMs[o->nMs++] = pRead->ms;
}

/* Whether to go on after msSpent of sampling: the noise is computed at the
** check points (a sort each time), the stop rule decides, then the plateau
** rule (stats_plateau; past the minimum count and time, as convergence). */
static stats_stop judge(sampler_state *s, double msSpent) {
  const stats_rule *r = &s->pPlan->rule;
  sampler_out *o = s->pOut;
  int bCheck = o->nMs >= s->nCheckAt || msSpent >= r->msCap || o->nMs >= r->nMax;
  int bNoise = bCheck && r->target > 0 && o->nMs > 0;
  if (bNoise) {
    memcpy(s->aSort, o->aMs, sizeof(double) * (size_t)o->nMs);
    qsort(s->aSort, (size_t)o->nMs, sizeof(double), cmp_double);
    s->noise = stats_median_noise_sorted(s->aSort, o->nMs);
    s->nCheckAt = o->nMs + (o->nMs / 4 > 1 ? o->nMs / 4 : 1);
  }
  stats_stop e = stats_stop_rule(r, o->nMs, msSpent, bCheck ? s->noise : 1.0);
  if (e == STATS_GO_ON && bNoise && o->nMs >= r->nMin && o->nMs >= STATS_MIN_SAMPLES && msSpent >= r->msMin &&
      stats_plateau(r->target, s->noise, s->aNoise, s->nNoise))
    e = STATS_PLATEAU;
  if (bNoise) { /* this check's noise joins the history */
    s->aNoise[0] = s->aNoise[1];
    s->aNoise[1] = s->noise;
    if (s->nNoise < 2) s->nNoise++;
  }
  return e;
}

int sampler_run(const sampler_plan *pPlan, const sampler_ops *x, double t0, sampler_out *pOut) {
  const stats_rule *r = &pPlan->rule;
  const int nAhead = pPlan->nAhead < 0 ? 0 : pPlan->nAhead > SAMPLER_AHEAD_MAX ? SAMPLER_AHEAD_MAX : pPlan->nAhead;
  const int nSlot = nAhead + 1;
  int aFull[SAMPLER_SLOTS] = {0}; /* per slot: nAhead windows were enqueued behind it at its release */
  long long iEnq = 0, iRead = 0;  /* windows enqueued, read */
  int rc = 0;
  sampler_state s = {pPlan, pOut, NULL, 0, 0, 0, r->nMin > 2 ? r->nMin : 2, 1.0, {0, 0}, 0};
  pOut->nMs = pOut->nClockDiscarded = pOut->nWindowTimeouts = pOut->nTail = pOut->nWindows = 0;
  pOut->clockMhz = 0;
  pOut->eStop = STATS_GO_ON;
  if (r->nMax < 1 || !pOut->aMs) return SAMPLER_BADARG;
  if (!(s.aSort = malloc(sizeof(double) * (size_t)r->nMax))) return SAMPLER_NOMEM;
  /* The first window and the nAhead behind it; then release the first. */
  while (rc == 0 && iEnq <= nAhead)
    if ((rc = x->xEnqueue(x->p, (int)(iEnq % nSlot))) == 0) iEnq++;
  if (rc == 0) {
    aFull[0] = 1;
    x->xRelease(x->p, 0);
  }
  while (rc == 0 && iRead < iEnq) {
    const int iSlot = (int)(iRead % nSlot);
    sampler_read rd = {0, 0, 0, 0};
    if ((rc = x->xRead(x->p, iSlot, &rd)) != 0) break;
    iRead++;
    if (!aFull[iSlot]) {
      pOut->nTail++; /* fewer than nAhead windows behind it (enqueued before the stop): never kept */
    } else { /* (a full window was released while the rule went on) */
      take(&s, &rd);
      double msSpent = x->xNow(x->p) - t0;
      pOut->eStop = judge(&s, msSpent);
      if (pOut->eStop == STATS_GO_ON && pOut->nMs == 0 && msSpent >= r->msCap * 4 + 1000) {
        rc = SAMPLER_STUCK; /* every sample discarded: cannot happen; never loop forever */
        break;
      }
    }
    /* Going on: the next window goes in behind the unreleased ones (into the
    ** slot just read), then the oldest unreleased window is let go: it is
    ** kept only if nAhead windows now stand complete behind it. */
    if (pOut->eStop == STATS_GO_ON) {
      if ((rc = x->xEnqueue(x->p, (int)(iEnq % nSlot))) != 0) break;
      iEnq++;
    }
    if (iRead < iEnq) {
      aFull[iRead % nSlot] = iEnq - 1 - iRead == nAhead;
      x->xRelease(x->p, (int)(iRead % nSlot));
    }
  }
  if (rc != 0) x->xAbort(x->p); /* nothing of this configuration left held or running */
  pOut->nWindows = (int)iEnq;
  pOut->clockMhz = s.nMhz ? s.mhzSum / s.nMhz : 0;
  free(s.aSort);
  return rc;
}
