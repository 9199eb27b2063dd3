/*
** experiments/harness/sampler.h: the schedule of gpu_sample() (gpu.c): in
** which order windows are enqueued, released and read, which samples are
** kept and when sampling stops. Plain C over callbacks (sampler_ops), no
** CUDA: gpu.c supplies the stream, and the unit test
** (tests/unit/test_sampler.c) a simulated stream and clock.
**
** A window is one blocking kernel (it spins on a host-released flag, so no
** host launch gap falls inside a sample) and the commands of ONE sample behind
** it: restore, flush, clock stamp, start event, the launch (batch, graph: the
** sample's launches), stop event, clock stamp, done event. Every sample of a
** configuration is timed with exactly the same commands queued before and
** behind it (issue 36: with 16 samples a window, a sample's time depended on
** its place in the window):
**   - nAhead 0 (the default; nvbench's cold measurement): a window is
**     enqueued, released and read before the next is enqueued. Behind a
**     sample lie only its own stop event, stamp and done event.
**   - nAhead 1: window k is released only once window k+1 is wholly enqueued
**     behind it, and window k+2 is enqueued only after window k is read
**     (while the GPU waits in k+1's blocking kernel). So every sample runs
**     with exactly one complete, unreleased window behind it. The last window
**     enqueued has none behind it: it is read and always discarded (sampling
**     stopped before any of its value was seen, so the discard biases
**     nothing).
** In neither does the host enqueue while a kept sample runs: the queue behind
** it would then depend on how far the host had come. So a second window buys
** no throughput (the GPU waits in the next blocking kernel while the host
** enqueues, as with one); nAhead 1 is kept to compare the two on a GPU.
**
** After each window is read:
**   - a window whose blocking kernel gave up waiting (the host took longer
**     than the spin's bound to enqueue it: a gap may lie inside the sample)
**     is discarded and taken again, at most SAMPLER_TIMEOUTS_MAX times per
**     configuration (later ones are kept and still counted);
**   - a sample whose SM clock is below clockKeep x the highest seen is
**     discarded and taken again, at most max(64, kept / 4) times;
**   - the noise (stats_median_noise_sorted) is computed when the kept samples
**     reach nCheckAt (rule.nMin, at least 2, at first; then 25% more each
**     time), at the time cap and at rule.nMax; the stop rule
**     (stats_stop_rule), then the plateau rule (stats_plateau: the noise at
**     most 2x the target and not narrowing over the last two checks; past
**     the minimum count and time), decide whether another window is
**     enqueued.
*/
#ifndef HARNESS_SAMPLER_H
#define HARNESS_SAMPLER_H

#include "experiments/harness/stats.h"

/* Windows a sample may have queued behind it, at most; slots of windows. */
#define SAMPLER_AHEAD_MAX 1
#define SAMPLER_SLOTS (SAMPLER_AHEAD_MAX + 1)
/* Timed-out windows discarded per configuration, at most. */
#define SAMPLER_TIMEOUTS_MAX 8

/* sampler_run()'s own errors (the callbacks' are positive). */
enum {
  SAMPLER_NOMEM = -1,  /* no memory for the sort buffer */
  SAMPLER_STUCK = -2,  /* every sample discarded for 4 x the time cap + 1 s */
  SAMPLER_BADARG = -3  /* rule.nMax < 1 or no sample array */
};

/* What one window measured (filled by sampler_ops.xRead). */
typedef struct sampler_read {
  double ms;          /* the sample: milliseconds per launch */
  double mhz;         /* the SM clock over it (stamps), 0 unknown */
  int bMhzOk;         /* its span is long enough for the clock to decide a discard */
  int bTimedOut;      /* its blocking kernel gave up before the host released it */
} sampler_read;

/* The stream, as the schedule sees it. Each returns 0 or a positive error
** (a cudaError_t in gpu.c). A slot holds one window from xEnqueue to xRead. */
typedef struct sampler_ops {
  void *p;                                       /* passed to every callback */
  int (*xEnqueue)(void *p, int iSlot);           /* a window into slot iSlot, its block held */
  void (*xRelease)(void *p, int iSlot);          /* release slot iSlot's blocking kernel */
  int (*xRead)(void *p, int iSlot, sampler_read *pRead); /* wait for the window, read it */
  void (*xAbort)(void *p);                       /* after an error: release every block, drain */
  double (*xNow)(void *p);                       /* a monotonic clock, milliseconds */
} sampler_ops;

/* How to sample. */
typedef struct sampler_plan {
  stats_rule rule;    /* when to stop (rule.nMax: the room in sampler_out.aMs) */
  double clockKeep;   /* discard samples below this x the highest SM clock seen (0: keep all) */
  int nAhead;         /* windows queued behind every kept sample: 0 or 1 (see above) */
} sampler_plan;

/* What sampler_run() did. */
typedef struct sampler_out {
  double *aMs;        /* in: room for rule.nMax; out: the kept samples, in the order taken */
  int nMs;            /* samples kept */
  double clockMhz;    /* mean SM clock over the kept samples that have one; 0: none */
  int nClockDiscarded;/* samples discarded for a low clock */
  int nWindowTimeouts;/* windows whose blocking kernel timed out (discarded or kept) */
  int nTail;          /* windows read but discarded for having fewer than nAhead behind them */
  int nWindows;       /* windows enqueued (each was read) */
  stats_stop eStop;   /* why sampling stopped (STATS_GO_ON after an error) */
} sampler_out;

/* Sample by *pPlan over *pOps into *pOut, as described at the top of this
** file; t0: the xNow() time sampling's budget counts from. Every window
** enqueued is read before it returns (after an error, xAbort() drains
** instead). Returns 0, a callback's error or a SAMPLER_* code. */
int sampler_run(const sampler_plan *pPlan, const sampler_ops *pOps, double t0, sampler_out *pOut);

#endif
