-- data/schema.sql: the measurement database, shared by every study.
--
-- Data flows one way: experiment binaries INSERT rows here; the analysis
-- (reports/analysis/*.sql, applied to the report's snapshot) only SELECTs.
-- Rows from several runs and several GPUs coexist, keyed by run and device.
-- This file holds what the binaries write and nothing else: it is part of
-- every study binary's build id, so no statistic lives here (a statistics
-- fix must not make the shipped measurements another build's).
PRAGMA foreign_keys = ON;

-- One GPU (or, for host-timed baselines, the host CPU row with uuid 'host';
-- the harness's host-only test runs use 'host-<hostname>' with peak_gbps 0,
-- which makes pct_peak NULL: SQLite's x / 0 is NULL).
CREATE TABLE IF NOT EXISTS device (
  device_id        INTEGER PRIMARY KEY,
  uuid             TEXT NOT NULL UNIQUE, -- cudaDeviceProp.uuid as hex, or 'host'
  name             TEXT NOT NULL,        -- e.g. 'NVIDIA H100 80GB HBM3'
  cc               TEXT,                 -- compute capability, e.g. '9.0'
  sm_count         INTEGER,              -- multiprocessors
  l2_bytes         INTEGER,              -- L2 cache size in bytes
  global_mem_bytes INTEGER,              -- device memory in bytes
  sm_clock_khz     INTEGER,              -- maximum SM clock (cudaDevAttrClockRate)
  mem_clock_khz    INTEGER,              -- maximum memory clock (cudaDevAttrMemoryClockRate)
  bus_width_bits   INTEGER,              -- memory bus width
  peak_gbps        REAL                  -- theoretical DRAM GB/s = 2 x mem clock x bus width / 8
);

-- One execution of one study binary.
CREATE TABLE IF NOT EXISTS run (
  run_id           INTEGER PRIMARY KEY,
  study            TEXT NOT NULL,        -- 'reduce', 'distance', 'raytrace', 'access'
  binary           TEXT NOT NULL,        -- executable name (access-ca and access-cg differ)
  device_id        INTEGER REFERENCES device(device_id),
  status           TEXT NOT NULL CHECK (status IN ('running','complete','incomplete','failed')),
                                         -- 'running' left behind = killed; never used by the report
  started_utc      TEXT NOT NULL,        -- ISO 8601 UTC
  finished_utc     TEXT,                 -- NULL until the run ends
  argv             TEXT NOT NULL,        -- the exact command line
  host             TEXT,                 -- host name
  git_commit       TEXT,                 -- commit the binary was built from
  git_dirty        INTEGER,              -- 1 if the tree had uncommitted changes
  build_id         TEXT NOT NULL,        -- hash of the sources and flags of this binary
  nvcc_version     TEXT,                 -- 'release 13.0, V13.0.88'
  nvcc_flags       TEXT,                 -- flags the kernels were compiled with
  driver_version   INTEGER,              -- cudaDriverGetVersion
  runtime_version  INTEGER,              -- cudaRuntimeGetVersion
  copy_gbps_start  REAL,                 -- measured device-to-device copy GB/s (read+write) at start;
                                         -- NULL where not measured (profile and host-only runs)
  copy_gbps_end    REAL,                 -- the same at the end: a drop hints at throttling
  warmups          INTEGER,              -- warm-up launches per configuration
  max_reps         INTEGER,              -- timed repetitions per configuration (upper bound)
  note             TEXT,                 -- why the run ended early, if it did
  run_uuid         TEXT,                 -- random UUID of the run: merges never duplicate a run
  kind             TEXT NOT NULL DEFAULT 'measure' CHECK (kind IN ('measure','profile')),
                                         -- 'profile': counters only, never timing rows
  read_gbps        REAL,                 -- best read-only streaming GB/s measured at the run's start
  repeat_index     INTEGER,              -- which of `make measure RUNS=N`'s independent runs (--repeat):
                                         -- the trial; resume counts only runs with the same index; NULL = 1
  launch_us        REAL,                 -- the launch floor: median microseconds of an empty kernel timed
                                         -- as samples are (cold, behind the blocking kernel), at the start
  cpu_model        TEXT,                 -- the host CPU ('model name' of /proc/cpuinfo)
  os_name          TEXT,                 -- the host OS (PRETTY_NAME of /etc/os-release) and kernel release
  cccl_version     TEXT,                 -- CUB/CCCL headers the kernels were compiled with ('3.0.0')
  clock_lock       TEXT,                 -- SM clock lock state from NVML: 'none' (boost as the driver
                                         -- likes), 'locked MIN-MAX MHz', 'application N MHz'; NULL unknown
  setup_s          REAL,                 -- seconds from the process start to the first configuration
                                         -- (GPU open, copy probe, read ceiling, launch floor, database);
                                         -- a later run of a --matrix process: from the previous run's end
  verify_s         REAL,                 -- seconds of the configurations outside sampling: inputs,
                                         -- the verification launch and its CPU reference, uploads
  sample_s         REAL,                 -- seconds of sampling (the convergence rule's time)
  launch_bare_us   REAL,                 -- the same empty kernel timed the minimal way (behind the blocking
                                         -- kernel, clean flush, events around one launch, one sample per
                                         -- window, no clock stamps): launch_us - launch_bare_us is what the
                                         -- project's sampling adds to every sample
  session          TEXT,                 -- the `make measure` invocation the run was part of (its
                                         -- MEASURE_SESSION, as measure_phase.session); NULL: run by hand
  driver_release   TEXT                  -- the display driver's release from NVML ('580.95.05';
                                         -- driver_version is only the CUDA API it supports); NULL unknown
);

-- The phases of one `make measure` on one GPU (experiments/tools/measure-gpus):
-- where its wall time went. A session is one invocation; build is the
-- compile before it, trials the timed matrices (verify and sample are the
-- sums of their runs' verify_s and sample_s; other is the rest of the
-- trials: process starts, probes, database), resources the compiler's
-- resource report, profile the Nsight Compute counters, total the wall time.
CREATE TABLE IF NOT EXISTS measure_phase (
  session          TEXT NOT NULL,        -- random id of the `make measure` invocation
  device_uuid      TEXT NOT NULL,        -- device.uuid of the GPU ('default' when not known)
  phase            TEXT NOT NULL CHECK (phase IN ('build','verify','sample','other','trials',
                                                  'resources','profile','total')),
  seconds          REAL NOT NULL,
  trials           INTEGER,              -- RUNS of that invocation
  utc              TEXT NOT NULL,        -- when it was stored
  PRIMARY KEY (session, device_uuid, phase)
);

-- One configuration of one run: verified, then timed (or failed, or skipped).
CREATE TABLE IF NOT EXISTS result (
  result_id        INTEGER PRIMARY KEY,
  run_id           INTEGER NOT NULL REFERENCES run(run_id),
  study            TEXT NOT NULL,        -- copy of run.study, for simple queries
  config_key       TEXT NOT NULL,        -- canonical 'variant=.. dtype=.. n=..' string; resume key
  variant          TEXT NOT NULL,        -- registry key of the kernel variant
  dtype            TEXT,                 -- 'int32', 'float32', or NULL
  n                INTEGER,              -- problem size in elements (or pixels)
  block            INTEGER,              -- threads per block (NULL where it does not apply)
  params           TEXT NOT NULL DEFAULT '{}', -- JSON object of the study's other axes
  cache            TEXT NOT NULL CHECK (cache IN ('cold','warm')), -- L2 flushed before each rep or not
  timer            TEXT NOT NULL CHECK (timer IN ('cuda-event','host-clock')), -- how it was timed
  status           TEXT NOT NULL CHECK (status IN ('ok','failed','skipped')),
  error            TEXT,                 -- why it failed or was skipped (CUDA error text, mismatch)
  max_err          REAL,                 -- largest |gpu - reference| seen in verification
  tolerance        REAL,                 -- the bound it was checked against (0 = exact)
  reps             INTEGER,              -- timed samples taken: all of them are in result_sample
                                         -- (data converted from schema 2 holds fewer: see there)
  bytes_read       INTEGER,              -- useful bytes one launch reads (study stencil: the bytes
                                         -- its threads request, every reuse counted: 25 x 4 per pixel)
  bytes_written    INTEGER,              -- useful bytes one launch writes
  created_utc      TEXT NOT NULL,
  flush            TEXT,                 -- cold-cache method: 'clean' (read a 2xL2 buffer),
                                         -- 'memset' (write one: leaves dirty lines), 'none' (warm);
                                         -- NULL in rows measured before it was recorded ('memset')
  mode             TEXT NOT NULL DEFAULT 'single' CHECK (mode IN ('single','batch','graph')),
                                         -- 'single': one launch per timed sample; 'batch': many
                                         -- back-to-back launches per sample, time / count; 'graph':
                                         -- those launches captured in a CUDA graph, replayed per sample
  stop_reason      TEXT,                 -- why sampling stopped: 'converged', 'plateau', 'time-cap',
                                         -- 'max-reps', 'fixed' (NULL: before it was recorded)
  clock_mhz        REAL,                 -- mean SM clock over the kept samples (clock64 / %globaltimer on SM 0)
  clock_discarded  INTEGER,              -- samples discarded for a low SM clock and re-taken
  launches         INTEGER,              -- launches (kernels, memsets, copies) one call of the timed
                                         -- work makes, counted by capturing it into a CUDA graph
                                         -- (NULL: host-timed, or not capturable)
  floor_us         REAL                  -- the launch floor timed in the same process just before
                                         -- this configuration's samples, in its mode: single, one
                                         -- empty kernel as run.launch_us; batch, per launch of a
                                         -- batch of empty kernels back to back: a covariate of the
                                         -- run (the analysis corrects for it), not a statistic of them
);
CREATE INDEX IF NOT EXISTS result_by_key ON result(study, config_key);

-- The GPU's state from NVML at a run's start (before the copy probe) and end
-- (after the last configuration, before the closing probe). A field NVML
-- could not read is NULL; a run without NVML (missing or failing) has none.
CREATE TABLE IF NOT EXISTS run_env (
  run_id           INTEGER NOT NULL REFERENCES run(run_id),
  phase            TEXT NOT NULL CHECK (phase IN ('start','end')),
  utc              TEXT NOT NULL,        -- ISO 8601 UTC of the reading
  sm_clock_mhz     INTEGER,              -- current SM clock
  mem_clock_mhz    INTEGER,              -- current memory clock
  temp_c           INTEGER,              -- GPU temperature, Celsius
  power_w          REAL,                 -- power draw, watts
  power_limit_w    REAL,                 -- enforced power limit, watts
  ecc              INTEGER,              -- 1: ECC on
  persistence      INTEGER,              -- 1: persistence mode on
  throttle_reasons INTEGER,              -- NVML clock throttle (event) reason bits; 0 or 1 (idle) = none
  pstate           INTEGER,              -- performance state (0 = P0, the fastest)
  PRIMARY KEY (run_id, phase)
);

-- Every timed sample of a result ('ok' with reps), in the order taken: one
-- row per result, the samples as whole nanoseconds separated by single
-- spaces ('2048 2080 2048'), as many as result.reps (rows converted from a
-- database of schema 2, which kept at most 256 a result and shipped fewer,
-- hold the ones it kept, in order: fewer than reps). The CUDA event timer
-- ticks in 32 ns on Hopper (a single launch loses nothing); a batch or
-- graph sample is the time of one launch (the sample's time over its
-- launches), rounded to the nanosecond, and so is a host-clock one. No
-- statistic is stored: the analysis computes them from these
-- (reports/sqlstats.c, samples_median() and the others). Text that is not
-- such a list, or holds a sample of 0, a negative one or one over 1e13 ns,
-- is refused by the analysis, dbtool merge, snapshot and load.
CREATE TABLE IF NOT EXISTS result_sample (
  result_id        INTEGER PRIMARY KEY REFERENCES result(result_id),
  ns               TEXT NOT NULL         -- every sample, nanoseconds, in the order taken
);

-- Hardware counters from Nsight Compute, one row per configuration, kernel
-- and metric: written by a run of kind 'profile' (`<binary> --profile SET`,
-- experiments/harness/profile.c), which profiles one launch of each
-- configuration's measured work and stores no timing rows. The configuration
-- columns are those of result; rows stored before they existed hold NULL there
-- (reports/analysis/60-counters.sql fills them from config_key on its copy).
CREATE TABLE IF NOT EXISTS counter (
  run_id           INTEGER NOT NULL REFERENCES run(run_id),
  config_key       TEXT NOT NULL,        -- as in result.config_key
  metric           TEXT NOT NULL,        -- ncu metric name
  value            REAL,                 -- its value, combined over the kernel's launches (combine)
  unit             TEXT,                 -- ncu's unit ('byte', '%', 'sector', ...), '' for none
  variant          TEXT,                 -- as in result: registry key of the variant
  dtype            TEXT,                 -- as in result
  n                INTEGER,              -- as in result
  block            INTEGER,              -- as in result
  params           TEXT NOT NULL DEFAULT '{}', -- as in result: JSON of the other axes
  kernel           TEXT NOT NULL DEFAULT '', -- kernel function name as ncu prints it
                                         -- ('' in rows stored before it was recorded)
  launches         INTEGER,              -- launches of that kernel in the profiled work
  combine          TEXT,                 -- how the launches' values were combined: 'one'
                                         -- (a single launch), 'sum' (.sum metrics), 'max',
                                         -- 'min', or 'mean' (the rest: ratios, percentages)
  metric_set       TEXT,                 -- the set the run profiled (experiments/harness/profile.c)
  passes           INTEGER,              -- profiled passes (separate launches) the value is the median
                                         -- of (NULL in rows stored before passes: one)
  min_value        REAL,                 -- the smallest and largest value over the passes
  max_value        REAL,
  PRIMARY KEY (run_id, config_key, kernel, metric)
);
-- The report's latest-run-per-metric lookup (view counter_latest) searches by
-- configuration and metric: without this index it is quadratic in the rows.
CREATE INDEX IF NOT EXISTS counter_by_key ON counter(config_key, metric, run_id);

-- The compiler's resource report for every kernel of every binary.
CREATE TABLE IF NOT EXISTS kernel_resource (
  build_id         TEXT NOT NULL,        -- as in run.build_id
  binary           TEXT NOT NULL,        -- executable the kernel is linked into
  kernel           TEXT NOT NULL,        -- mangled kernel name
  registers        INTEGER,              -- registers per thread
  stack_bytes      INTEGER,              -- stack frame per thread (local memory)
  spill_store_bytes INTEGER,
  spill_load_bytes INTEGER,
  shared_bytes     INTEGER,              -- static shared memory per block
  constant_bytes   INTEGER,              -- user constant memory (bank 3)
  PRIMARY KEY (build_id, binary, kernel)
);

-- The process behind each run that is still 'running': a row is inserted
-- with the run and deleted when the run ends. A run still 'running' whose
-- process is gone (killed) loses its row at the next run's start, so 'running'
-- with a row here means live: its results count as measured (resume, and
-- concurrent runs do not measure them twice); without one they do not.
CREATE TABLE IF NOT EXISTS live_run (
  run_id           INTEGER PRIMARY KEY REFERENCES run(run_id),
  host             TEXT NOT NULL,        -- host name the process runs on
  pid              INTEGER NOT NULL,     -- its process id (alive: kill(pid, 0) succeeds)
  heartbeat_utc    TEXT NOT NULL         -- ISO 8601 UTC, renewed after every configuration;
                                         -- older than 10 minutes on another host = dead
);

-- A configuration a live run is measuring now, so that a concurrent run of
-- the same binary on the same device waits instead of measuring it twice.
-- Taken before measuring, deleted with the result's transaction (or when the
-- run ends); a claim of a run without a live_run row is stale and replaced.
CREATE TABLE IF NOT EXISTS claim (
  device_uuid      TEXT NOT NULL,        -- device.uuid of the run
  study            TEXT NOT NULL,        -- as in result.study
  binary           TEXT NOT NULL,        -- as in run.binary
  build_id         TEXT NOT NULL,        -- as in run.build_id
  config_key       TEXT NOT NULL,        -- as in result.config_key
  run_id           INTEGER NOT NULL REFERENCES run(run_id), -- the run measuring it
  PRIMARY KEY (device_uuid, study, binary, build_id, config_key)
);

-- The variants of each study as its binary's registry (kernels/<family>.cu,
-- one entry per variant, kernels/variant.h) had them at the start of the
-- latest run that recorded them (every run does, INSERT OR REPLACE). The
-- report reads variant order and text from here (reports/analysis/30-labels.sql), so a
-- new variant appears in every figure without a list to edit.
CREATE TABLE IF NOT EXISTS variant (
  study            TEXT NOT NULL,        -- as in run.study
  variant          TEXT NOT NULL,        -- the registry key, as in result.variant
  ord              INTEGER NOT NULL,     -- position in the registry, from 1 (the report's order)
  description      TEXT NOT NULL,        -- one line: what the variant does
  bottleneck       TEXT NOT NULL,        -- what it removes relative to the variant before it; '' for a baseline;
                                         -- a second change after '; and '
  flags            TEXT NOT NULL,        -- comma-separated: in-place, hopper-only, no-block-axis,
                                         -- constant-memory, texture, shared-memory, host
  origin           TEXT NOT NULL,        -- seed step ('seed 2'), seed ('seed 004'), 'modern', 'reference'
  PRIMARY KEY (study, variant)
);

-- ---------------------------------------------------------------------------
-- Tables of issue 36 item 2 (the minimal harness). Appended as one block.
-- ---------------------------------------------------------------------------

-- The minimal harness (experiments/tools/coldbench.c, `make measure` beside
-- the matrices): CUB's int32 DeviceReduce::Sum and an empty kernel timed as
-- nvbench's cold measurement times one launch (nvbench/detail/measure_cold*:
-- per sample a memset flush of an L2-sized buffer, a synchronize, the
-- blocking kernel, nvbench's timestamp kernel, the start event, ONE launch,
-- the stop event, the timestamp kernel again, the release, a synchronize;
-- a sample whose SM clock fell below 75% of the default one is discarded, as
-- nvbench does). One row per sample set (repeat) of one invocation: what the
-- project's own CUB under `--flush memset` is compared with. No run row: the
-- device row is the harness's (device.uuid), the rest of the provenance is
-- here.
CREATE TABLE IF NOT EXISTS reference_timing (
  bench_uuid       TEXT NOT NULL,        -- random id of the coldbench invocation (merges never duplicate it)
  device_id        INTEGER NOT NULL REFERENCES device(device_id),
  session          TEXT,                 -- the `make measure` invocation (MEASURE_SESSION); NULL by hand
  trial            INTEGER NOT NULL,     -- run-matrix's --repeat (the trial of `make measure`), else 1
  started_utc      TEXT NOT NULL,        -- when the invocation started (ISO 8601 UTC)
  host             TEXT,                 -- host name
  driver_version   INTEGER,              -- cudaDriverGetVersion
  runtime_version  INTEGER,              -- cudaRuntimeGetVersion
  cccl_version     TEXT,                 -- CUB/CCCL headers it was compiled with ('3.0.0')
  git_commit       TEXT,                 -- commit it was built from
  what             TEXT NOT NULL CHECK (what IN ('cub','cub32','empty')), -- CUB's sum with 64-bit offsets
                                         -- (a size_t count, as the reduce study's variant cub) or with
                                         -- 32-bit offsets (an int count, as its cub32), or the empty kernel
  dtype            TEXT,                 -- 'int32' for cub and cub32; NULL for empty
  n                INTEGER NOT NULL,     -- elements summed; 0 for the empty kernel
  repeat           INTEGER NOT NULL,     -- 1..R: separate sample sets of one invocation, in time order
  samples          INTEGER NOT NULL,     -- samples kept (all of them in ns)
  discarded        INTEGER NOT NULL,     -- samples discarded for a throttled SM clock
  flush_bytes      INTEGER NOT NULL,     -- bytes the memset flush writes before every sample (the L2 size)
  ns               TEXT NOT NULL,        -- the kept samples, whole nanoseconds in the order taken,
                                         -- single spaces (as result_sample.ns; no statistic stored)
  clock_mhz        REAL,                 -- mean SM clock over the kept samples (nvbench's timestamps)
  PRIMARY KEY (bench_uuid, trial, what, n, repeat)
);
