/*
** experiments/harness/watchdog.h: a configuration that never returns (a
** kernel that hangs) must not hang the run for ever. A watchdog thread
** waits beside each measure; once the configuration has run for longer than
** --timeout-s it stores the configuration as failed with the reason
** "timeout" on its own database connection, ends the run 'failed', and
** ends the process with BENCH_EXIT_TIMEOUT (a hung CUDA context cannot be
** recovered in-process). The next run resumes after that configuration (a
** failed one is done); experiments/tools/run-matrix runs the line again.
*/
#ifndef HARNESS_WATCHDOG_H
#define HARNESS_WATCHDOG_H

#include "experiments/harness/db.h"

/* The exit status of a process the watchdog ended. */
#define BENCH_EXIT_TIMEOUT 5

/* Start the thread for run iRun of zBinary/zStudy writing to zDb, with a limit
** of nTimeoutS seconds per configuration (0: no watchdog). 0 or -1. */
int watchdog_start(const char *zDb, long long iRun, const char *zBinary, const char *zStudy, int nTimeoutS);

/* A configuration starts: the result to store if it times out (copied), its
** progress line's prefix ("[3/7] reduce int32 n=2^20 ..."). */
void watchdog_arm(const db_result *pResult, const char *zProgress);

/* The configuration returned in time. */
void watchdog_disarm(void);

/* Stop the thread (the run ended). */
void watchdog_stop(void);

#endif
