/*
** tests/unit/test_sampler.c: the schedule of gpu_sample()
** (experiments/harness/sampler.c) driven by a simulated stream and clock, no
** GPU. The simulated stream checks, as the schedule calls it:
**   - a slot is refilled only after its window was read; a window is read
**     only after it was released, in the order enqueued;
**   - nothing is enqueued while a released window is still unread (the host
**     never appends behind a sample that may be running);
**   - at its release, how many windows stand complete behind each window.
** The tests then check that every kept sample came from a window with exactly
** nAhead windows behind it (one by default: none), kept in the order taken;
** that with one window ahead the last window is the only one discarded; the
** stop rule's check points (every 25% more samples), the time cap and the
** minimum count on a simulated clock; the clock and time-out discards and
** their bounds; an error's abort.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "experiments/harness/sampler.h"

#define MAXW 4096 /* windows one test may enqueue */

/* The simulated stream and clock. */
static struct {
  int nEnq, nRead, nAbort;          /* windows enqueued, read; aborts */
  int aSlot[SAMPLER_SLOTS];         /* the window a slot holds; -1: free */
  int abReleased[MAXW];             /* per window: released */
  int anBehind[MAXW];               /* per window: windows enqueued after it when released */
  int abDisturbed[MAXW];            /* per window: something enqueued while it was released, unread */
  double aMs[MAXW];                 /* per window: the sample it returns (distinct values) */
  double aMhz[MAXW];                /* per window: its clock (0 unknown) */
  int abTimedOut[MAXW];             /* per window: its block timed out */
  double now, msPerWindow;          /* the clock, and how far reading a window moves it */
  int iFailEnqueue, iFailRead;      /* fail the enqueue / read of this window (-1: never) */
} f;

/* A fresh stream; window i returns ms = 1 + i * 1e-6 (distinct, nearly equal). */
static void fake_reset(void) {
  memset(&f, 0, sizeof(f));
  for (int k = 0; k < SAMPLER_SLOTS; k++) f.aSlot[k] = -1;
  for (int i = 0; i < MAXW; i++) f.aMs[i] = 1.0 + i * 1e-6;
  f.msPerWindow = 0.05;
  f.iFailEnqueue = f.iFailRead = -1;
}

/* sampler_ops.xEnqueue. */
static int fake_enqueue(void *p, int iSlot) {
  (void)p;
  assert_true(iSlot >= 0 && iSlot < SAMPLER_SLOTS);
  if (f.aSlot[iSlot] != -1) fail_msg("window %d enqueued into slot %d, which holds window %d", f.nEnq, iSlot, f.aSlot[iSlot]);
  assert_true(f.nEnq < MAXW);
  for (int i = f.nRead; i < f.nEnq; i++)
    if (f.abReleased[i]) f.abDisturbed[i] = 1;
  if (f.nEnq == f.iFailEnqueue) return 700;
  f.aSlot[iSlot] = f.nEnq++;
  return 0;
}

/* sampler_ops.xRelease. */
static void fake_release(void *p, int iSlot) {
  (void)p;
  int i = f.aSlot[iSlot];
  if (i < 0) fail_msg("slot %d released empty", iSlot);
  if (f.abReleased[i]) fail_msg("window %d released twice", i);
  f.abReleased[i] = 1;
  f.anBehind[i] = f.nEnq - 1 - i;
}

/* sampler_ops.xRead: the oldest window, released. */
static int fake_read(void *p, int iSlot, sampler_read *pRead) {
  (void)p;
  int i = f.aSlot[iSlot];
  if (i < 0) fail_msg("slot %d read empty", iSlot);
  if (i != f.nRead) fail_msg("window %d read before window %d", i, f.nRead);
  if (!f.abReleased[i]) fail_msg("window %d read while its block is held (a deadlock)", i);
  if (i == f.iFailRead) return 701;
  f.aSlot[iSlot] = -1;
  f.nRead++;
  f.now += f.msPerWindow;
  pRead->ms = f.aMs[i];
  pRead->mhz = f.aMhz[i];
  pRead->bMhzOk = f.aMhz[i] > 0;
  pRead->bTimedOut = f.abTimedOut[i];
  return 0;
}

/* sampler_ops.xAbort: every block released, the stream drained. */
static void fake_abort(void *p) {
  (void)p;
  f.nAbort++;
  for (int k = 0; k < SAMPLER_SLOTS; k++) f.aSlot[k] = -1;
}

/* sampler_ops.xNow. */
static double fake_now(void *p) {
  (void)p;
  return f.now;
}

static const sampler_ops ops = {NULL, fake_enqueue, fake_release, fake_read, fake_abort, fake_now};

/* The window a kept value came from (values are distinct), or -1. */
static int window_of(double ms) {
  for (int i = 0; i < f.nEnq; i++)
    if (f.aMs[i] == ms) return i;
  return -1;
}

/* Run the schedule; then check what holds for every run: every window
** enqueued was read (nothing left running or held), and every kept sample
** came, in the order taken, from a window with exactly nAhead windows
** behind it at its release and none enqueued while it ran. */
static int run(const sampler_plan *pPlan, sampler_out *o) {
  int rc = sampler_run(pPlan, &ops, 0, o);
  if (rc == 0) {
    assert_int_equal(f.nRead, f.nEnq);
    assert_int_equal(o->nWindows, f.nEnq);
    assert_int_equal(f.nAbort, 0);
  }
  int iLast = -1;
  for (int k = 0; k < o->nMs; k++) {
    int i = window_of(o->aMs[k]);
    if (i < 0) fail_msg("kept sample %d (%.9g) came from no window", k, o->aMs[k]);
    if (i <= iLast) fail_msg("kept sample %d (window %d) after window %d: not in the order taken", k, i, iLast);
    if (f.anBehind[i] != pPlan->nAhead)
      fail_msg("kept window %d had %d windows behind it, not %d", i, f.anBehind[i], pPlan->nAhead);
    if (f.abDisturbed[i]) fail_msg("kept window %d: the host enqueued while it ran", i);
    iLast = i;
  }
  return rc;
}

/* A fixed count with one window ahead: every kept sample had exactly one
** complete window behind it; the last window enqueued (none behind it) is
** the one discarded; 50 kept from 51 windows. */
static void test_one_window_ahead(void **state) {
  (void)state;
  fake_reset();
  double aMs[50];
  sampler_plan plan = {{0, 1, 50, 0, 0}, 0, 1};
  sampler_out o = {aMs, 0, 0, 0, 0, 0, 0, STATS_GO_ON};
  assert_int_equal(run(&plan, &o), 0);
  assert_int_equal(o.nMs, 50);
  assert_int_equal(o.eStop, STATS_FIXED);
  assert_int_equal(o.nWindows, 51);
  assert_int_equal(o.nTail, 1);
  assert_int_equal(f.anBehind[50], 0);
  assert_int_equal(window_of(aMs[49]), 49);
}

/* The default (nothing ahead): one window at a time, nothing enqueued while
** a sample runs, no window discarded. */
static void test_nothing_ahead(void **state) {
  (void)state;
  fake_reset();
  double aMs[40];
  sampler_plan plan = {{0, 1, 40, 0, 0}, 0, 0};
  sampler_out o = {aMs, 0, 0, 0, 0, 0, 0, STATS_GO_ON};
  assert_int_equal(run(&plan, &o), 0);
  assert_int_equal(o.nMs, 40);
  assert_int_equal(o.nWindows, 40);
  assert_int_equal(o.nTail, 0);
  for (int i = 0; i < 40; i++) assert_int_equal(f.anBehind[i], 0);
  /* an nAhead beyond the maximum is clamped to it */
  fake_reset();
  sampler_plan big = {{0, 1, 40, 0, 0}, 0, 7};
  assert_int_equal(sampler_run(&big, &ops, 0, &o), 0);
  assert_int_equal(o.nWindows, 40 + SAMPLER_AHEAD_MAX);
}

/* The noise is computed at rule.nMin and then every 25% more samples: noisy
** samples (1.0 and 1.5 alternating) for the first 14 windows, equal ones
** after. The noise of all kept samples first falls to the target at some
** count; the rule stops at the first check point at or past it (10, 12, 15,
** 18, 22, ...), not before, not later. */
static void test_check_points(void **state) {
  (void)state;
  for (int nAhead = 0; nAhead <= 1; nAhead++) {
    fake_reset();
    for (int i = 0; i < 14; i++) f.aMs[i] = (i % 2 ? 1.5 : 1.0) + i * 1e-9;
    for (int i = 14; i < MAXW; i++) f.aMs[i] = 1.0 + i * 1e-9;
    double aMs[1000], aSort[1000];
    sampler_plan plan = {{0.01, 10, 1000, 0, 1e9}, 0, nAhead};
    sampler_out o = {aMs, 0, 0, 0, 0, 0, 0, STATS_GO_ON};
    assert_int_equal(run(&plan, &o), 0);
    assert_int_equal(o.eStop, STATS_CONVERGED);
    int nWant = 10;
    for (;;) { /* the check points, by their definition */
      memcpy(aSort, f.aMs, sizeof(double) * (size_t)nWant);
      for (int a = 1; a < nWant; a++) /* insertion sort */
        for (int b = a; b > 0 && aSort[b - 1] > aSort[b]; b--) {
          double x = aSort[b]; aSort[b] = aSort[b - 1]; aSort[b - 1] = x;
        }
      if (stats_median_noise_sorted(aSort, nWant) <= 0.01) break;
      nWant += nWant / 4 > 1 ? nWant / 4 : 1;
    }
    assert_true(nWant > 14); /* the test's own premise: the noisy start delays it */
    assert_int_equal(o.nMs, nWant);
    assert_int_equal(o.nWindows, nWant + nAhead);
  }
}

/* The time cap on the simulated clock: 1 ms a window, 30 ms of budget,
** samples that never converge: stops with 'time-cap' at 30 samples; 10 ms a
** window: the minimum count (10) still holds. */
static void test_time_cap(void **state) {
  (void)state;
  for (int nAhead = 0; nAhead <= 1; nAhead++) {
    fake_reset();
    for (int i = 0; i < MAXW; i++) f.aMs[i] = (i % 2 ? 2.0 : 1.0) + i * 1e-9;
    f.msPerWindow = 1.0;
    double aMs[1000];
    sampler_plan plan = {{0.01, 10, 1000, 0, 30}, 0, nAhead};
    sampler_out o = {aMs, 0, 0, 0, 0, 0, 0, STATS_GO_ON};
    assert_int_equal(run(&plan, &o), 0);
    assert_int_equal(o.eStop, STATS_TIME_CAP);
    assert_int_equal(o.nMs, 30);
    fake_reset();
    for (int i = 0; i < MAXW; i++) f.aMs[i] = (i % 2 ? 2.0 : 1.0) + i * 1e-9;
    f.msPerWindow = 10.0;
    assert_int_equal(run(&plan, &o), 0);
    assert_int_equal(o.eStop, STATS_TIME_CAP);
    assert_int_equal(o.nMs, 10);
  }
}

/* The plateau rule on the schedule: samples alternating 1.00 and 1.03 hold
** the noise at 1.48% (under 2x the 1% target) at every check, so sampling
** stops 'plateau' at the third check (10, 12, 15 samples); 1.00 and 1.05
** (2.4%, above 2x) run to the time cap; it waits for the minimum time and
** count as convergence does; a fixed count never stops on it. */
static void test_plateau(void **state) {
  (void)state;
  double aMs[1000];
  sampler_out o = {aMs, 0, 0, 0, 0, 0, 0, STATS_GO_ON};
  for (int nAhead = 0; nAhead <= 1; nAhead++) {
    sampler_plan plan = {{0.01, 10, 1000, 0, 30}, 0, nAhead};
    fake_reset();
    for (int i = 0; i < MAXW; i++) f.aMs[i] = (i % 2 ? 1.03 : 1.0) + i * 1e-9;
    f.msPerWindow = 0.1;
    assert_int_equal(run(&plan, &o), 0);
    assert_int_equal(o.eStop, STATS_PLATEAU);
    assert_int_equal(o.nMs, 15);
    fake_reset();
    for (int i = 0; i < MAXW; i++) f.aMs[i] = (i % 2 ? 1.05 : 1.0) + i * 1e-9;
    f.msPerWindow = 0.1;
    assert_int_equal(run(&plan, &o), 0);
    assert_int_equal(o.eStop, STATS_TIME_CAP);
    assert_int_equal(o.nMs, 300);
    fake_reset(); /* the minimum time: 2.5 ms, the 27th sample's check is the first past it */
    for (int i = 0; i < MAXW; i++) f.aMs[i] = (i % 2 ? 1.03 : 1.0) + i * 1e-9;
    f.msPerWindow = 0.1;
    plan.rule.msMin = 2.5;
    assert_int_equal(run(&plan, &o), 0);
    assert_int_equal(o.eStop, STATS_PLATEAU);
    assert_int_equal(o.nMs, 27);
    fake_reset(); /* the minimum count: checks at every window past the time cap, no plateau before 20 */
    for (int i = 0; i < MAXW; i++) f.aMs[i] = (i % 2 ? 1.03 : 1.0) + i * 1e-9;
    f.msPerWindow = 0.1;
    sampler_plan few = {{0.01, 20, 1000, 0, 1}, 0, nAhead};
    assert_int_equal(run(&few, &o), 0);
    assert_int_equal(o.eStop, STATS_TIME_CAP);
    assert_int_equal(o.nMs, 20);
    fake_reset();
    for (int i = 0; i < MAXW; i++) f.aMs[i] = (i % 2 ? 1.03 : 1.0) + i * 1e-9;
    sampler_plan fixed = {{0, 1, 40, 0, 0}, 0, nAhead};
    assert_int_equal(run(&fixed, &o), 0);
    assert_int_equal(o.eStop, STATS_FIXED);
    assert_int_equal(o.nMs, 40);
  }
}

/* Samples below 0.95 x the highest clock are discarded and taken again:
** every 4th window at 1500 MHz among 1980; the count asked is still kept and
** the mean clock is the kept samples'. All low after the first: at most 64
** discarded (the bound), then kept. */
static void test_clock_discard(void **state) {
  (void)state;
  fake_reset();
  for (int i = 0; i < MAXW; i++) f.aMhz[i] = i % 4 == 3 ? 1500 : 1980;
  double aMs[100];
  sampler_plan plan = {{0, 1, 100, 0, 0}, 0.95, 0};
  sampler_out o = {aMs, 0, 0, 0, 0, 0, 0, STATS_GO_ON};
  assert_int_equal(run(&plan, &o), 0);
  assert_int_equal(o.nMs, 100);
  assert_int_equal(o.nClockDiscarded, 33); /* windows 3, 7, ..., 131 of 133 */
  for (int k = 0; k < o.nMs; k++) assert_true(window_of(aMs[k]) % 4 != 3);
  assert_true(fabs(o.clockMhz - 1980) < 1e-9);
  fake_reset();
  for (int i = 1; i < MAXW; i++) f.aMhz[i] = 1000;
  f.aMhz[0] = 2000;
  assert_int_equal(run(&plan, &o), 0);
  assert_int_equal(o.nMs, 100);
  assert_int_equal(o.nClockDiscarded, 64);
  assert_int_equal(o.nWindows, 164);
  /* clockKeep 0 keeps them all */
  fake_reset();
  for (int i = 0; i < MAXW; i++) f.aMhz[i] = i % 4 == 3 ? 1500 : 1980;
  plan.clockKeep = 0;
  assert_int_equal(run(&plan, &o), 0);
  assert_int_equal(o.nClockDiscarded, 0);
  assert_int_equal(o.nWindows, 100);
}

/* A window whose block timed out is discarded and taken again, the first
** SAMPLER_TIMEOUTS_MAX of a configuration; later ones are kept (counted). */
static void test_timeouts(void **state) {
  (void)state;
  fake_reset();
  f.abTimedOut[2] = f.abTimedOut[5] = 1;
  double aMs[20];
  sampler_plan plan = {{0, 1, 20, 0, 0}, 0, 1};
  sampler_out o = {aMs, 0, 0, 0, 0, 0, 0, STATS_GO_ON};
  assert_int_equal(run(&plan, &o), 0);
  assert_int_equal(o.nMs, 20);
  assert_int_equal(o.nWindowTimeouts, 2);
  for (int k = 0; k < o.nMs; k++) assert_true(window_of(aMs[k]) != 2 && window_of(aMs[k]) != 5);
  fake_reset();
  for (int i = 0; i < MAXW; i++) f.abTimedOut[i] = 1;
  assert_int_equal(run(&plan, &o), 0);
  assert_int_equal(o.nMs, 20);
  assert_int_equal(o.nWindowTimeouts, 20 + SAMPLER_TIMEOUTS_MAX);
  assert_int_equal(window_of(aMs[0]), SAMPLER_TIMEOUTS_MAX);
}

/* An enqueue or read error ends sampling with that error after one abort
** (which releases the held block and drains); nothing is enqueued or read
** after it. Bad arguments enqueue nothing. */
static void test_errors(void **state) {
  (void)state;
  double aMs[50];
  sampler_out o = {aMs, 0, 0, 0, 0, 0, 0, STATS_GO_ON};
  for (int nAhead = 0; nAhead <= 1; nAhead++) {
    sampler_plan plan = {{0, 1, 50, 0, 0}, 0, nAhead};
    fake_reset();
    f.iFailEnqueue = 7;
    assert_int_equal(sampler_run(&plan, &ops, 0, &o), 700);
    assert_int_equal(f.nAbort, 1);
    assert_int_equal(f.nEnq, 7);
    fake_reset();
    f.iFailRead = 5;
    assert_int_equal(sampler_run(&plan, &ops, 0, &o), 701);
    assert_int_equal(f.nAbort, 1);
    assert_int_equal(f.nRead, 5);
    assert_int_equal(f.nEnq, 6 + nAhead);
    fake_reset();
    f.iFailEnqueue = 0;
    assert_int_equal(sampler_run(&plan, &ops, 0, &o), 700);
    assert_int_equal(f.nAbort, 1);
    assert_int_equal(f.nRead, 0);
  }
  fake_reset();
  sampler_plan none = {{0, 1, 0, 0, 0}, 0, 0};
  assert_int_equal(sampler_run(&none, &ops, 0, &o), SAMPLER_BADARG);
  assert_int_equal(f.nEnq, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_one_window_ahead), cmocka_unit_test(test_nothing_ahead),
      cmocka_unit_test(test_check_points),     cmocka_unit_test(test_time_cap),
      cmocka_unit_test(test_clock_discard),    cmocka_unit_test(test_timeouts),
      cmocka_unit_test(test_errors),           cmocka_unit_test(test_plateau),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
