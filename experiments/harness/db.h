/*
** experiments/harness/db.h: every write a study makes to the measurement
** database (schema: data/schema.sql). One transaction per configuration, so
** an interrupted run keeps every configuration it finished and none it did
** not; a busy timeout lets concurrent writers (make -j) wait instead of fail.
*/
#ifndef HARNESS_DB_H
#define HARNESS_DB_H

#include "experiments/harness/gpu.h"
#include "experiments/harness/nvml.h"
#include "experiments/harness/stats.h"

typedef struct db db;

/* Every database of this project carries these in its header (PRAGMA
** application_id: 'GPUm'; PRAGMA user_version: the schema's version), so
** db_open() can refuse a database that is not one of ours. */
#define DB_APPLICATION_ID 0x4750556d
#define DB_SCHEMA_VERSION 3
/* Databases of an older version (or unmarked) without table result_sample
** were made before every sample was stored: their results hold frozen
** statistics and at most 256 samples each. db_open(), dbtool merge and
** dbtool snapshot refuse them (DB_OLD_SAMPLES_WHY says why). */
#define DB_OLD_SAMPLES_WHY "made before every sample was stored"


/* Provenance of a run that is not a device fact. */
typedef struct db_run_info {
  const char *zStudy;      /* 'reduce', ... */
  const char *zBinary;     /* executable name */
  const char *zArgv;       /* the command line */
  const char *zBuildId;    /* hash of sources and flags */
  const char *zGitCommit;
  int bGitDirty;
  const char *zNvccVersion;
  const char *zNvccFlags;
  int nWarmup, nRepMax;
  double copyGbps;         /* measured copy bandwidth at the start */
} db_run_info;

/* One configuration's outcome. */
typedef struct db_result {
  const char *zConfigKey;  /* canonical key */
  const char *zVariant;
  const char *zDtype;      /* NULL where the study has no type axis */
  long long n;             /* problem size; < 0 for NULL */
  int nBlock;              /* threads per block; <= 0 for NULL */
  const char *zParams;     /* JSON object of the other axes */
  int bWarm;               /* 1: warm cache (no L2 flush) */
  int bHostTimer;          /* 1: timed with the host clock */
  const char *zStatus;     /* 'ok', 'failed', 'skipped' */
  const char *zError;      /* NULL unless failed/skipped */
  double maxErr, tolerance;
  long long nBytesRead, nBytesWritten;
  const double *aMs;       /* samples in milliseconds, in the order taken (ok only): every one */
  int nRep;                /* is stored (result_sample, whole nanoseconds) */
  const char *zFlush;      /* 'clean', 'memset', 'none'; NULL (host timing) */
  const char *zMode;       /* 'single' or 'batch' */
  const char *zStop;       /* stop reason (stats_stop_name), NULL if none */
  double clockMhz;         /* mean SM clock; <= 0 for NULL */
  int nClockDiscarded;     /* < 0 for NULL */
  int nLaunches;           /* launches one call makes (result.launches); <= 0 for NULL */
  double floorUs;          /* the launch floor timed just before (result.floor_us); <= 0 for NULL */
} db_result;

/* Open for writing (creating file and schema if needed) the database at
** zPath, which may be a SQLite URI ('file:m.db?mode=ro'). Refused before
** anything is written to or created beside it (no schema, no WAL switch, no
** -wal/-shm files): a directory that does not exist or is not writable, a
** read-only database, a file that fails PRAGMA quick_check, and a non-empty
** database that is not the project's (its application_id; one with the
** project's tables and no mark, from before the mark, is accepted and
** marked), and one made before every sample was stored (its result table
** without result_sample beside it: DB_OLD_SAMPLES_WHY). On error returns
** NULL with a one-line reason in zErr. */
db *db_open(const char *zPath, char *zErr, size_t nErr);

/* Close; safe on NULL. */
void db_close(db *p);

/* Insert the device (if new), a 'running' run with a random run_uuid and its live_run row (this
** host and process); returns the run id or -1. */
long long db_begin_run(db *p, const gpu_info *pGpu, const db_run_info *pInfo);

/* 1 if this device already has a finished (ok or failed) result for zConfigKey
** in the study from a binary with the same build id, in a run that ended or is
** live (has a live_run row); such a configuration is not measured again
** (resume). */
int db_have_result(db *p, const char *zUuid, const char *zStudy, const char *zBinary,
                   const char *zBuildId, const char *zConfigKey);

/* What db_claim() found. */
enum { DB_CLAIMED = 0, DB_DONE = 1, DB_HELD = 2 };

/* In one transaction: forget dead runs (their process is gone), then return
** DB_DONE if bResume and db_have_result() (finished results of live or ended
** runs count; those of dead runs do not), DB_HELD with the run id in
** *piHolder if another live run is measuring the configuration now, else
** record that run iRun measures it and return DB_CLAIMED. -1 on error. */
int db_claim(db *p, long long iRun, const char *zUuid, const char *zStudy, const char *zBinary,
             const char *zBuildId, const char *zConfigKey, int bResume, long long *piHolder);

/* Record run iRun as independent run iRepeat of a repeated matrix
** (run.repeat_index) and make resume count only results of runs with that
** index from now on. 0 or -1. */
int db_set_repeat(db *p, long long iRun, int iRepeat);

/* Store one result and all its samples (one result_sample row: r->aMs as
** whole nanoseconds, rounded; a sample under 0.5 ns, below any timer's
** resolution, is stored as 1 ns) in one transaction, which also releases
** the configuration's claim and renews the run's heartbeat. 0 or -1 (also,
** storing nothing, where a sample is no time: NaN, infinite, negative or
** over 1e13 ns). */
int db_add_result(db *p, long long iRun, const char *zStudy, const db_result *r);

/* One Nsight Compute value of one kernel of one configuration (table counter). */
typedef struct db_counter {
  const char *zConfigKey;  /* canonical key, as in db_result */
  const char *zVariant;
  const char *zDtype;      /* NULL where the study has no type axis */
  long long n;             /* < 0 for NULL */
  int nBlock;              /* <= 0 for NULL */
  const char *zParams;     /* JSON object of the other axes */
  const char *zKernel;     /* kernel function name */
  const char *zMetric;     /* ncu metric name */
  double value;            /* combined over the kernel's launches */
  const char *zUnit;       /* '' for none */
  int nLaunch;             /* launches of the kernel combined */
  const char *zCombine;    /* 'one', 'sum', 'max', 'min', 'mean' */
  const char *zSet;        /* metric set profiled */
  int nPass;               /* passes value is the median of (<= 0: NULL) */
  double minValue, maxValue; /* the passes' range (stored only with nPass > 0) */
} db_counter;

/* Store one counter value (replacing one of the same run, key, kernel and
** metric). Call inside db_begin()/db_commit() to store a configuration's
** values in one transaction. 0 or -1. */
int db_add_counter(db *p, long long iRun, const db_counter *c);

/* Mark run iRun as a profile run (run.kind 'profile'). 0 or -1. */
int db_set_profile_run(db *p, long long iRun);

/* 1 if this device already has counters of metric set zSet for zConfigKey
** from a profile run of the binary with the same build id that ended or is
** live (resume of profile runs); 0 if not; -1 on error. */
int db_have_counters(db *p, const char *zUuid, const char *zBinary, const char *zBuildId,
                     const char *zConfigKey, const char *zSet);

/* One kernel's line of the compiler's resource report (table kernel_resource). */
typedef struct db_resource {
  const char *zBuildId;    /* as in run.build_id */
  const char *zBinary;
  const char *zKernel;     /* mangled name */
  long long nReg;          /* registers per thread */
  long long nStack;        /* stack frame bytes per thread; < 0 for NULL */
  long long nSpillStore;   /* spill store bytes per thread; < 0 for NULL */
  long long nSpillLoad;    /* spill load bytes per thread; < 0 for NULL */
  long long nShared;       /* static shared bytes per block; < 0 for NULL */
  long long nConstant;     /* user constant bytes (bank 3); < 0 for NULL */
} db_resource;

/* Store (replace) one kernel's resources. 0 or -1. */
int db_add_resource(db *p, const db_resource *r);

/* BEGIN IMMEDIATE / COMMIT / ROLLBACK around a group of writes. 0 or -1. */
int db_begin(db *p);
int db_commit(db *p);
void db_rollback(db *p);

/* Store the NVML reading e of phase 'start' or 'end' of run iRun (table
** run_env; fields e does not have are NULL). 0 or -1. */
int db_add_run_env(db *p, long long iRun, const char *zPhase, const nvml_env *e);

/* Mark the run ended: status 'complete', 'incomplete' or 'failed', with an
** optional note and the closing copy bandwidth; drop its live_run row and
** claims. 0 or -1. */
int db_end_run(db *p, long long iRun, const char *zStatus, const char *zNote, double copyGbpsEnd);

/* The watchdog's first step when configuration zConfigKey of run iRun timed
** out: note it in the run ('timeout pending: KEY'), so that if the process
** dies before it stores the failure, the next db_claim() that finds the run
** dead stores it (failed, "timeout") and ends the run 'failed'. 0 or -1. */
int db_mark_timeout(db *p, long long iRun, const char *zConfigKey);

/* Store the run's read ceiling (GB/s, experiments/harness/ceiling.h) in
** run.read_gbps. 0 or -1. */
int db_set_read_gbps(db *p, long long iRun, double readGbps);

/* Facts of the run's machine, stored once at its start (NULL text: unknown). */
typedef struct db_run_facts {
  double launchUs;            /* the launch floor (ceiling.h); 0 stores 0 */
  const char *zCpuModel;      /* /proc/cpuinfo 'model name' */
  const char *zOsName;        /* /etc/os-release PRETTY_NAME and the kernel release */
  const char *zCcclVersion;   /* '3.0.0' */
  const char *zClockLock;     /* NVML's clock lock state (nvml.h) */
  double launchBareUs;        /* the launch floor timed the minimal way (ceiling.h); 0 stores 0 */
  const char *zDriverRelease; /* NVML's driver release ('580.95.05'; nvml.h), NULL unknown */
} db_run_facts;

/* Store f in run iRun (launch_us, cpu_model, os_name, cccl_version,
** clock_lock, launch_bare_us, driver_release). 0 or -1. */
int db_set_run_facts(db *p, long long iRun, const db_run_facts *f);

/* Store where run iRun's time went (run.setup_s, verify_s, sample_s). 0 or -1. */
int db_set_run_phases(db *p, long long iRun, double setupS, double verifyS, double sampleS);

/* Delete run iRun, which stored no result and no counter (a run that measured
** nothing), with its NVML readings, claims and live_run row, in one
** transaction. 0 or -1. */
int db_drop_run(db *p, long long iRun);

/* 1 if a measure run of this build and binary on device zUuid stored the
** configuration as 'ok' (verified against its CPU reference), in any trial;
** else 0 (also on error: verify again). */
int db_verified(db *p, const char *zUuid, const char *zStudy, const char *zBinary, const char *zBuildId,
                const char *zConfigKey);

/* One phase of a `make measure` on one GPU (table measure_phase; replaces the
** row of the same session, GPU and phase). 0 or -1. */
int db_add_phase(db *p, const char *zSession, const char *zUuid, const char *zPhase, double seconds,
                 int nTrials);

/* The last SQLite error message. */
const char *db_errmsg(db *p);

/* Execute SQL text (several statements); 0 or -1. Used by dbtool and tests. */
int db_exec(db *p, const char *zSql);

/* One row of table variant: a registry entry (kernels/variant.h) as stored. */
typedef struct db_variant {
  const char *zKey;        /* registry key = result.variant */
  const char *zDesc;       /* one line */
  const char *zBottleneck; /* what it removes ('' for a baseline) */
  const char *zFlags;      /* comma-separated flag names */
  const char *zOrigin;     /* seed step or origin */
} db_variant;

/* Record the nVar variants of study zStudy, ord = position (from 1), in one
** transaction (INSERT OR REPLACE: a run records its binary's registry). 0 or -1. */
int db_add_variants(db *p, const char *zStudy, const db_variant *aVar, int nVar);

/* One sample set of the minimal harness (experiments/tools/coldbench.c):
** a row of table reference_timing. */
typedef struct db_reference {
  const char *zBench;      /* random id of the invocation */
  int iTrial;              /* run-matrix's --repeat, else 1 */
  const char *zUtc;        /* when the invocation started */
  const char *zCccl;       /* CCCL version of the headers */
  const char *zGitCommit;
  const char *zWhat;       /* 'cub' or 'empty' */
  const char *zDtype;      /* 'int32', or NULL (empty) */
  long long n;             /* elements; 0 for the empty kernel */
  int iRepeat;             /* 1..R, in time order */
  int nSample, nDiscarded; /* samples kept, discarded for a throttled clock */
  long long nFlushBytes;   /* bytes the memset flush writes */
  const double *aUs;       /* the nSample kept samples, microseconds, in the order taken */
  double clockMhz;         /* mean SM clock; 0 for NULL */
} db_reference;

/* Store nRow sample sets of the GPU g (its device row as every writer
** stores it; the host name, driver and runtime from here, the session from
** MEASURE_SESSION; the samples as whole nanoseconds, as db_add_result's) in
** one transaction: all or none. 0 or -1. */
int db_add_reference(db *p, const gpu_info *g, const db_reference *r, int nRow);

/* The schema text (data/schema.sql, compiled in). */
extern const char db_schema_sql[];

#endif
