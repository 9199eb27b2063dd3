/*
** experiments/harness/watchdog.c: the per-configuration time limit (see
** watchdog.h).
*/
#include "experiments/harness/watchdog.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The watchdog's state; every field is guarded by mu. */
static struct {
  pthread_mutex_t mu;
  pthread_cond_t cv;
  pthread_t thread;
  int bRunning;                 /* the thread exists */
  int bQuit;                    /* watchdog_stop() asked it to end */
  char zDb[1024], zBinary[128], zStudy[128];
  long long iRun;
  int nTimeoutS;
  int bArmed;                   /* a configuration is being measured */
  struct timespec deadline;     /* CLOCK_MONOTONIC */
  db_result res;                /* what to store on a timeout (strings below) */
  char zKey[512], zVariant[128], zDtype[64], zParams[512], zProgress[640];
} w = {.mu = PTHREAD_MUTEX_INITIALIZER};

/* Store the timed-out configuration as failed and end the run, on a
** connection of its own; then end the process. Called with mu held. */
static void fire(void) {
  char zErr[300], zWhy[200], zNote[800];
  snprintf(zWhy, sizeof(zWhy), "timeout: no result after %d s (the watchdog ended the run)", w.nTimeoutS);
  snprintf(zNote, sizeof(zNote), "ended by the watchdog: %s took more than %d s (--timeout-s)", w.zKey,
           w.nTimeoutS);
  fprintf(stderr, "%s FAILED: %s\n", w.zProgress, zWhy);
  db *pDb = db_open(w.zDb, zErr, sizeof(zErr));
  if (pDb) db_mark_timeout(pDb, w.iRun, w.zKey); /* if the rest fails, the next run stores it */
  w.res.zStatus = "failed";
  w.res.zError = zWhy;
  w.res.nRep = 0;
  w.res.aMs = NULL;
  if (!pDb || db_add_result(pDb, w.iRun, w.zStudy, &w.res) || db_end_run(pDb, w.iRun, "failed", zNote, 0))
    fprintf(stderr, "%s: cannot store the timeout of %s: %s\n", w.zBinary, w.zKey, pDb ? db_errmsg(pDb) : zErr);
  else
    fprintf(stderr, "%s: run %lld failed: %s; exit %d (run it again to go on)\n", w.zBinary, w.iRun, zNote,
            BENCH_EXIT_TIMEOUT);
  fflush(stderr);
  _exit(BENCH_EXIT_TIMEOUT); /* no atexit handlers: the measuring thread may hold anything */
}

/* The thread: wait for the deadline of the armed configuration, or a change. */
static void *watch(void *pArg) {
  (void)pArg;
  pthread_mutex_lock(&w.mu);
  while (!w.bQuit) {
    if (!w.bArmed) {
      pthread_cond_wait(&w.cv, &w.mu);
      continue;
    }
    struct timespec deadline = w.deadline;
    if (pthread_cond_timedwait(&w.cv, &w.mu, &deadline) != 0 && w.bArmed && !w.bQuit) {
      struct timespec now;
      clock_gettime(CLOCK_MONOTONIC, &now);
      if (now.tv_sec > w.deadline.tv_sec || (now.tv_sec == w.deadline.tv_sec && now.tv_nsec >= w.deadline.tv_nsec))
        fire();
    }
  }
  pthread_mutex_unlock(&w.mu);
  return NULL;
}

int watchdog_start(const char *zDb, long long iRun, const char *zBinary, const char *zStudy, int nTimeoutS) {
  if (nTimeoutS <= 0) return 0;
  pthread_condattr_t attr;
  pthread_condattr_init(&attr);
  pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
  pthread_cond_init(&w.cv, &attr);
  pthread_condattr_destroy(&attr);
  snprintf(w.zDb, sizeof(w.zDb), "%s", zDb);
  snprintf(w.zBinary, sizeof(w.zBinary), "%s", zBinary);
  snprintf(w.zStudy, sizeof(w.zStudy), "%s", zStudy);
  w.iRun = iRun;
  w.nTimeoutS = nTimeoutS;
  w.bQuit = w.bArmed = 0;
  if (pthread_create(&w.thread, NULL, watch, NULL)) return -1;
  w.bRunning = 1;
  return 0;
}

void watchdog_arm(const db_result *pResult, const char *zProgress) {
  if (!w.bRunning) return;
  pthread_mutex_lock(&w.mu);
  w.res = *pResult;
  snprintf(w.zKey, sizeof(w.zKey), "%s", pResult->zConfigKey);
  snprintf(w.zVariant, sizeof(w.zVariant), "%s", pResult->zVariant);
  snprintf(w.zDtype, sizeof(w.zDtype), "%s", pResult->zDtype ? pResult->zDtype : "");
  snprintf(w.zParams, sizeof(w.zParams), "%s", pResult->zParams ? pResult->zParams : "{}");
  snprintf(w.zProgress, sizeof(w.zProgress), "%s", zProgress);
  w.res.zConfigKey = w.zKey;
  w.res.zVariant = w.zVariant;
  w.res.zDtype = pResult->zDtype ? w.zDtype : NULL;
  w.res.zParams = w.zParams;
  clock_gettime(CLOCK_MONOTONIC, &w.deadline);
  w.deadline.tv_sec += w.nTimeoutS;
  w.bArmed = 1;
  pthread_cond_signal(&w.cv);
  pthread_mutex_unlock(&w.mu);
}

void watchdog_disarm(void) {
  if (!w.bRunning) return;
  pthread_mutex_lock(&w.mu);
  w.bArmed = 0;
  pthread_cond_signal(&w.cv);
  pthread_mutex_unlock(&w.mu);
}

void watchdog_stop(void) {
  if (!w.bRunning) return;
  pthread_mutex_lock(&w.mu);
  w.bQuit = 1;
  pthread_cond_signal(&w.cv);
  pthread_mutex_unlock(&w.mu);
  pthread_join(w.thread, NULL);
  pthread_cond_destroy(&w.cv);
  w.bRunning = 0;
}
