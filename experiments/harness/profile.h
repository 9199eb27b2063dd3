/*
** experiments/harness/profile.h: the harness's profile and resource modes.
**
**   <binary> --profile SET [axis options] [--db PATH] [--no-resume]
**       A run of kind 'profile': every configuration's measured work is
**       launched under Nsight Compute, one ncu process for the whole sweep
**       (the binary runs itself again under `ncu --csv --page raw --metrics
**       <SET's metrics>` with the hidden option --profile-child-keys FILE:
**       FILE lists the configurations still to profile, one a line, "S KEY"
**       (S: the sweep's index, 0 here); for each, in order, the child
**       launches the marker kernel (kernels/marker.h: its grid size is the
**       line's index + 1) inside a profiler window of its own, verifies,
**       then launches the work PROFILE_PASSES times inside
**       cudaProfilerStart/Stop, no timing loop, no database, and writes one
**       line to FILE.status: "ok" or "failed WHY"; it stops at a CUDA error
**       that leaves the context unusable). The parent splits ncu's CSV at
**       the markers (profile_split_csv) and stores the metrics of every
**       kernel of each configuration in table counter, one transaction per
**       configuration. No result or sample row is written. Configurations
**       this build already profiled with SET on this device are skipped
**       (resume). ncu is $NCU, else `ncu` on PATH, else
**       /usr/local/cuda/bin/ncu; none: one line, exit 3, nothing written.
**       (--profile-child KEY, hidden too, launches one configuration the
**       same way, without a marker or a status file.)
**   <binary> --matrix FILE [--db PATH] [--no-resume]
**       FILE's lines for this binary all with --profile SET (a .profile
**       file; experiments/harness/run.c parses them): each line a sweep and
**       a profile run of its own, as if it were the command line, and every
**       sweep under ONE ncu process, which collects the union of the sweeps'
**       sets (the child is `<binary> --matrix FILE ... --profile-child-keys
**       KEYS`, each key with its sweep's index); each configuration keeps
**       only its own set's metrics, so its rows are those of a run of its
**       line alone. An ncu error (==ERROR==) leaves every configuration of
**       every sweep not profiled (each sweep's run failed).
**   <binary> --resources [--db PATH]
**       The compiler's resource report of the binary's own kernels
**       (`cuobjdump --dump-resource-usage`, cuobjdump found like ncu, $CUOBJDUMP
**       first) into table kernel_resource under its build id
**       (experiments/harness/resources.c parses it).
**
** The metric sets are the table in profile.c (profile_sets[]): the one place
** they are defined; `--profile list` prints them.
*/
#ifndef HARNESS_PROFILE_H
#define HARNESS_PROFILE_H

#include <stddef.h>
#include "experiments/harness/bench.h"

/* What the profile options of a command line asked for. */
typedef struct profile_opts {
  const char *zSet;       /* --profile SET: the metric set, else NULL */
  const char *zChildKey;  /* --profile-child KEY (hidden): the configuration to launch once */
  const char *zChildKeys; /* --profile-child-keys FILE (hidden): the configurations to launch, "S KEY" a line */
  int bResources;         /* --resources */
} profile_opts;

/* One sweep of a profile run: a command line's configurations (a --matrix
** line's, or the whole command line's) and its own options. */
typedef struct profile_sweep {
  const char *zSet;          /* its --profile SET (NULL in a child) */
  const bench_config *aCfg;  /* its configurations */
  int nCfg;
  const char *zDb;           /* --db (every sweep of a process writes one database) */
  int bResume;               /* 0 with --no-resume */
  int argc;                  /* its command line without the profile options (run.argv) */
  char **argv;
} profile_sweep;

/* A metric set: a name and the comma-separated ncu metrics it collects. */
typedef struct profile_set {
  const char *zName;
  const char *zAbout;     /* one line: what it is for */
  const char *zMetrics;
  int nPasses;            /* passes of a configuration (1..PROFILE_MAX_PASSES) */
} profile_set;

/* The set named zName, or NULL. */
const profile_set *profile_find_set(const char *zName);

/* Remove the profile options from argv (in place, *pArgc updated) into *p.
** 0, or -1 with "WHAT: WHY" in zErr (unknown set, missing value, twice). */
int profile_take_args(int *pArgc, char **argv, profile_opts *p, char *zErr, size_t nErr);

/* Passes of a profiled configuration: the child runs the measured work this
** many times, each a separate launch that ncu profiles; a counter is the
** median of the passes' values, with their range. Each set says how many
** (profile_set.nPasses): PROFILE_PASSES where passes differ (bank conflicts,
** constant-cache misses, DRAM bytes: up to 5x apart on the shipped H100),
** one where they do not (the access and stencil sets' sector and request
** counts are exact, their hit rates within 2.2%; ncu saves and restores
** every allocation the kernel could reach on each of its replays, 2.9 GB
** per access launch at 2^24, 11 GB at 2^26: a pass there costs about 0.5 s). */
#define PROFILE_PASSES 3
#define PROFILE_MAX_PASSES 16

/* One kernel's metric in a configuration, launches combined within a pass,
** the median over passes. */
typedef struct profile_value {
  char zKernel[256];
  char zMetric[128];
  char zUnit[32];
  double value;           /* the median of the passes' values */
  int nLaunch;            /* launches of the kernel (in one pass) */
  const char *zCombine;   /* 'one', 'sum', 'max', 'min', 'mean' */
  int nPass;              /* passes the value is the median of */
  double minValue, maxValue; /* the smallest and largest pass value */
  double aPass[PROFILE_MAX_PASSES]; /* each pass's value (parser's work space) */
  int anPassLaunch[PROFILE_MAX_PASSES];
} profile_value;

/* Parse ncu's `--csv --page raw` text (any lines before the header, such as
** ==PROF== messages, are skipped; a units row after the header is read; values
** "n/a" or not numbers are left out; thousands separators are dropped) into
** values per kernel name and metric, several launches of one kernel
** combined: .sum metrics summed, .max/.min the extreme, the rest averaged.
** *paOut is malloc'ed (free it). Returns the number of values, or -1 with
** the reason in zErr (no header, out of memory). */
int profile_parse_csv(const char *zText, profile_value **paOut, int *pnLaunch, char *zErr, size_t nErr);

/* profile_parse_csv() of the output of nPass passes of the same work: the
** launches, in ncu's order, fall into nPass equal groups (one per pass); each
** value is combined within its pass as above, then the median over the passes
** is taken (nPass, minValue, maxValue set). If the launches do not divide
** into nPass equal groups, they are one pass. nPass 1 is profile_parse_csv(). */
int profile_parse_csv_passes(const char *zText, int nPass, profile_value **paOut, int *pnLaunch, char *zErr,
                             size_t nErr);

/* Split the output of a multi-configuration child (--profile-child-keys) at
** its markers: a launch row whose "Kernel Name" is zMarker (or zMarker
** followed by "(") and whose "Grid Size" is "(K, 1, 1)" starts the segment
** of configuration K - 1. For each i < nSeg, azSeg[i] is set to a malloc'ed
** text for profile_parse_csv_passes(): the header, the units row and the
** launch rows between marker i and the next marker, markers left out; NULL
** if marker i is not in the text (free the others). anRow[i] is the count of
** its launch rows. Rows before the first marker, and a marker whose index is
** outside 0..nSeg-1 with the rows after it, belong to no segment; a marker
** seen again continues its segment. Returns the number of segments found, 0
** when the text has no header (ncu profiled no kernel at all), or -1 with the
** reason in zErr (no "Grid Size" column, out of memory). */
int profile_split_csv(const char *zText, const char *zMarker, int nSeg, char **azSeg, int *anRow, char *zErr,
                      size_t nErr);

/* Split one CSV record starting at z into fields (quotes, doubled quotes,
** commas and newlines inside quotes). Writes up to nMax field pointers into
** azField (into the buffer zBuf of nBuf bytes) and returns the count, with
** *pzNext after the record; -1 if the buffer is too small. */
int profile_csv_record(const char *z, const char **pzNext, char *zBuf, size_t nBuf, char **azField,
                       int nMax);

/* 1 inside --profile-child or --profile-child-keys: bench_time_gpu() calls profile_launch() instead
** of timing, and bench_timing() asks for one run without warm-up or flush. */
int profile_in_child(void);

/* The one launch ncu profiles: xRestore (may be NULL) first, then xRun
** alone inside cudaProfilerStart/Stop on the harness's stream, no timing,
** no flush, no other kernel (gpu_time's blocking and clock kernels would be
** profiled too). Fills pOut like bench_time_gpu (one sample of 0 ms, never
** stored). Returns a cudaError_t as int. */
int profile_launch(gpu_fn xRun, gpu_fn xRestore, void *pCtx, bench_out *pOut);

/* The modes that need no GPU, after the arguments are parsed: `--profile
** list` and --resources. Returns the exit status, or -1 when p asks for
** neither (go on). */
int profile_before_gpu(const profile_opts *p, const bench_study *s, const char *zDb, char **argv);

/* --profile SET, --profile-child KEY or --profile-child-keys FILE, once the
** device is open: aSweep[0..nSweep) the sweeps (one, or a --matrix file's
** lines, each with its set; a --profile-child has one), pInfo the device (a
** host-only study's has compute capability 0: no marker is launched);
** zMatrix the --matrix FILE the sweeps come from (NULL: the command line),
** given to the child again; argc/argv the process's command line without
** the profile options and --matrix. Returns the exit status. */
int profile_main(const profile_opts *p, const bench_study *s, const profile_sweep *aSweep, int nSweep,
                 const gpu_info *pInfo, const char *zMatrix, int argc, char **argv);

#endif
