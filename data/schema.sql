-- data/schema.sql: the measurement database, shared by every study.
--
-- Data flows one way: experiment binaries INSERT rows here; report queries
-- (reports/*.sql, reports/report.md.in) only SELECT. Rows from several runs
-- and several GPUs coexist, keyed by run and device. GB/s and % of peak are
-- derived in the views below, never stored by a study.
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
  session          TEXT                  -- the `make measure` invocation the run was part of (its
                                         -- MEASURE_SESSION, as measure_phase.session); NULL: run by hand
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
  reps             INTEGER,              -- timed samples taken (statistics and interval use all of
                                         -- them; table sample holds at most 256, evenly spaced)
  median_ms        REAL,                 -- statistics of the repetitions, milliseconds
  min_ms           REAL,
  max_ms           REAL,
  q1_ms            REAL,                 -- first quartile
  q3_ms            REAL,                 -- third quartile
  mean_ms          REAL,
  rsd              REAL,                 -- relative standard deviation (stdev / mean): the noise
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
  stop_reason      TEXT,                 -- why sampling stopped: 'converged', 'time-cap',
                                         -- 'max-reps', 'fixed' (NULL: before it was recorded)
  clock_mhz        REAL,                 -- mean SM clock over the kept samples (clock64 / %globaltimer on SM 0)
  clock_discarded  INTEGER,              -- samples discarded for a low SM clock and re-taken
  ci_lo_ms         REAL,                 -- 95% bootstrap interval of the median, within the run
                                         -- (1000 resamples of all samples, fixed seed)
  ci_hi_ms         REAL,
  launches         INTEGER,              -- launches (kernels, memsets, copies) one call of the timed
                                         -- work makes, counted by capturing it into a CUDA graph
                                         -- (NULL: host-timed, or not capturable)
  floor_us         REAL                  -- the launch floor timed in the same process just before
                                         -- this configuration's samples, in its mode: single, one
                                         -- empty kernel as run.launch_us; batch, per launch of a
                                         -- batch of empty kernels back to back
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

-- Timed samples, for spreads and box plots: all of them up to 256 per
-- result, else 256 evenly spaced over those taken (result.reps says how many).
CREATE TABLE IF NOT EXISTS sample (
  result_id        INTEGER NOT NULL REFERENCES result(result_id),
  rep              INTEGER NOT NULL,     -- 0-based index of the sample in the order taken
  ms               REAL NOT NULL,        -- elapsed milliseconds of this repetition
  PRIMARY KEY (result_id, rep)
) WITHOUT ROWID;

-- Hardware counters from Nsight Compute, one row per configuration, kernel
-- and metric: written by a run of kind 'profile' (`<binary> --profile SET`,
-- experiments/harness/profile.c), which profiles one launch of each
-- configuration's measured work and stores no timing rows. The configuration
-- columns are those of result; rows stored before they existed hold NULL there
-- (reports/views.sql fills them from config_key on its copy).
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

-- The views are dropped and created again at every open, so a database
-- made by an older schema gets the current definitions.

-- Successful results of finished runs with throughput derived from the
-- declared bytes: GB/s = (bytes read + written) / median time. A run that
-- was interrupted or ended on a CUDA error counts once a later run of the
-- same binary and build on the same device completed (the resume that
-- finished the matrix), so the report after an interruption and a resume is
-- the report of one uninterrupted run; until then it is not shown, and a run
-- still 'running' (in progress or killed) never is. A profile run (which
-- stores no results) completes no measurement.
DROP VIEW IF EXISTS result_bw;
CREATE VIEW IF NOT EXISTS result_bw AS
SELECT r.*, u.device_id, d.name AS device, d.peak_gbps, u.copy_gbps_start AS copy_gbps,
       u.started_utc AS run_started,
       (r.bytes_read + r.bytes_written) / (r.median_ms * 1e6) AS gbps,
       100.0 * (r.bytes_read + r.bytes_written) / (r.median_ms * 1e6) / d.peak_gbps AS pct_peak,
       100.0 * (r.bytes_read + r.bytes_written) / (r.median_ms * 1e6) / u.copy_gbps_start AS pct_copy
FROM result r JOIN run u USING (run_id) JOIN device d ON d.device_id = u.device_id
WHERE r.status = 'ok'
  AND (u.status = 'complete'
       OR (u.status IN ('incomplete', 'failed')
           AND EXISTS (SELECT 1 FROM run u2 WHERE u2.device_id = u.device_id AND u2.binary = u.binary
                         AND u2.build_id = u.build_id AND u2.run_id > u.run_id
                         AND u2.status = 'complete' AND u2.kind = 'measure')));

-- The latest successful result per device and configuration: what figures use.
DROP VIEW IF EXISTS latest;
CREATE VIEW IF NOT EXISTS latest AS
SELECT * FROM result_bw b
WHERE b.result_id = (SELECT max(b2.result_id) FROM result_bw b2
                     WHERE b2.device_id = b.device_id AND b2.study = b.study
                       AND b2.config_key = b.config_key);

-- The fastest variant per device, study, dtype and size (GPU variants only).
DROP VIEW IF EXISTS best_variant;
CREATE VIEW IF NOT EXISTS best_variant AS
SELECT device, study, dtype, n, variant, block, median_ms, gbps, pct_peak
FROM latest l
WHERE timer = 'cuda-event' AND median_ms = (SELECT min(l2.median_ms) FROM latest l2
      WHERE l2.device_id = l.device_id AND l2.study = l.study AND l2.timer = 'cuda-event'
        AND l2.dtype IS l.dtype AND l2.n = l.n AND l2.params = l.params);

-- The uncertainty of a configuration is its run-to-run variation. A trial
-- is one independent run of the matrix (`make measure RUNS=N`, N = 3 by
-- default: separate processes, fresh allocations, the trials spread over the
-- whole measurement); a configuration (device, study, config_key, flush,
-- mode) has one result per trial. The views below, in order:
--   run_floor, gpu_floor  the mean launch floor of a run, of a GPU, per mode
--   floor_beta      per GPU, mode and launch count: how far a short time moves
--                   per microsecond of its run's floor offset (fitted)
--   trial           every trial's median of a configuration (old rows without
--                   a flush were measured with the memset flush under the same key),
--                   single and batch launches corrected by their process's
--                   launch floor (floor_adj_ms; raw_median_ms as measured)
--   trial_dev       every trial with its configuration's trials k, centre
--                   (median of the trial medians; the mean of the middle two
--                   for even k), range, size band of the centre (1: under
--                   20 us, 2: 20-100 us, 3: 100 us or more) and half
--                   (alternate configurations in key order: the two halves of
--                   the cross-fitted coverage check); and, held out in turn,
--                   the centre and range of the other trials
--                   (leave-one-trial-out) and its relative deviation from them
--   trial_halfwidth per device, band (0: all bands), group (the study,
--                   variant and mode: '' for all) and part (0 and 1: one half
--                   of the configurations, 2: both): the 95th percentile of
--                   those deviations, the interval's relative half-width
--   trial_h         the half-width a configuration uses: its group's in its
--                   band if that holds 20 deviations or more, else its band's,
--                   else the device's all-band value (kernels differ in how
--                   much a re-run moves them: a one-launch kernel less than a
--                   two-launch one, a batch of stream launches more)
--   config_stats    per configuration: the centre and its 95% interval,
--                   centre x (1 -/+ h), h = max(trial_h, the configuration's
--                   own relative range). The interval is meant to contain the median a
--                   re-run (one more trial) on this GPU gives, 95% of the time.
--                   A device with no configuration of two or more trials falls
--                   back to the one run's bootstrap interval (basis 'one run':
--                   that run's sampling noise only).
--   trial_coverage  the check: every held-out trial against the interval built
--                   from the other trials, with the half-width calibrated on
--                   the OTHER half of the configurations (so no trial judges
--                   an interval it helped to size)
--   trial_agreement pairs of trials of one configuration within 2% of each other
--                   (pct_raw: the same without the launch-floor correction)
--   machine_agreement  for a GPU model measured on two or more machines: the
--                   centres of two machines within 2%, and one machine's
--                   interval covering the other's centre
-- The launch-floor correction (a control variate): each process's launch
-- path costs its own fixed amount, and the times the process takes move
-- with it (the launch floor varies by a few percent from process to
-- process). Every configuration times the floor just before its samples, in
-- its mode (result.floor_us: one empty kernel for single, the per-launch
-- time of a batch of empty kernels for batch). One such floor (32 samples)
-- is noisier than the process offset it is meant to catch, so the offset x
-- of a row is its run's mean of them in that mode (run_floor) less the GPU's
-- mean in that mode (gpu_floor). How far a kernel's median moves per
-- microsecond of x is not its launch count: a one-launch kernel moves about
-- 0.8 as far as the empty kernel, a two-launch one 1.4 to 2.3 times, a
-- batch of two-launch calls up to 4.6 times (the shipped data of 3763536,
-- the same in either half of the configurations). So the coefficient beta
-- is fitted (floor_beta) per GPU, mode and launches one call makes
-- (result.launches, 1 where unknown): the pooled least-squares slope of the
-- trial medians on x within each configuration under short_us (its mean raw
-- median, 20 us), where the offset matters, from configurations of two or
-- more trials; at least min_configs (20) of them, else beta = launches (the
-- model of before); never below 0. Every event-timed single or batch trial median is
-- corrected by beta times x: floor_adj_ms. On the shipped data of 3763536
-- the pairs of trials within 2% go from 93.8 / 93.6 / 87.6% (beta =
-- launches) to 94.3 / 93.7 / 92.4% (two H100s, the H200), under 20 us on
-- the H200 from 78% to 88%.
-- Rows from before result.floor_us use the run's floor (run.launch_us,
-- single launches only, beta 1). Graph samples (launched from device memory:
-- no process offset) and host timings are not corrected. raw_median_ms
-- keeps the measured median (as table result has it).
DROP VIEW IF EXISTS run_floor;
CREATE VIEW IF NOT EXISTS run_floor AS
SELECT r.run_id, r.mode, avg(r.floor_us) AS floor_us FROM result r
WHERE r.status = 'ok' AND r.floor_us > 0 GROUP BY r.run_id, r.mode;
DROP VIEW IF EXISTS gpu_floor;
CREATE VIEW IF NOT EXISTS gpu_floor AS
SELECT u.device_id, r.mode, avg(r.floor_us) AS floor_us FROM result r JOIN run u USING (run_id)
WHERE u.kind = 'measure' AND r.status = 'ok' AND r.floor_us > 0 GROUP BY u.device_id, r.mode;
-- The fit's two settings: the configurations it reads (mean raw median
-- under short_us) and how many of them a class needs (min_configs).
DROP VIEW IF EXISTS floor_fit_setting;
CREATE VIEW IF NOT EXISTS floor_fit_setting AS SELECT 20 AS min_configs, 20.0 AS short_us;
DROP VIEW IF EXISTS floor_beta;
CREATE VIEW IF NOT EXISTS floor_beta AS
WITH k AS (SELECT * FROM floor_fit_setting),
x AS (SELECT u.device_id, r.study, r.config_key, coalesce(r.flush, '') AS flush, r.mode,
                  coalesce(nullif(r.launches, 0), 1) AS launches, r.median_ms * 1000 AS y,
                  q.floor_us - g.floor_us AS x
           FROM result r JOIN run u USING (run_id) JOIN run_floor q ON q.run_id = r.run_id AND q.mode = r.mode
                JOIN gpu_floor g ON g.device_id = u.device_id AND g.mode = r.mode
           WHERE u.kind = 'measure' AND r.status = 'ok' AND r.timer = 'cuda-event'
             AND r.mode IN ('single', 'batch') AND r.floor_us > 0),
c AS (SELECT x.*, avg(y) OVER w AS my, avg(x) OVER w AS mx, count(*) OVER w AS k FROM x
      WINDOW w AS (PARTITION BY device_id, study, config_key, flush, mode, launches)),
s AS (SELECT device_id, mode, launches, count(DISTINCT study || ' ' || config_key || ' ' || flush) AS configs,
             sum((y - my) * (x - mx)) AS sxy, sum((x - mx) * (x - mx)) AS sxx
      FROM c WHERE k > 1 AND my < (SELECT short_us FROM k) GROUP BY device_id, mode, launches)
SELECT device_id, mode, launches, configs, sxy, sxx,
       CASE WHEN configs >= k.min_configs AND sxx > 0 THEN max(0.0, sxy / sxx) ELSE launches END AS beta,
       CASE WHEN configs >= k.min_configs AND sxx > 0 THEN 'fitted' ELSE 'launches' END AS basis,
       k.min_configs, k.short_us
FROM s, k;
DROP VIEW IF EXISTS trial;
CREATE VIEW IF NOT EXISTS trial AS
WITH ref AS (SELECT device_id, avg(launch_us) AS run_floor_us FROM run
             WHERE kind = 'measure' AND status = 'complete' AND launch_us > 0 GROUP BY device_id),
     b AS MATERIALIZED (SELECT device_id, mode, launches, beta FROM floor_beta)
SELECT x.*, x.raw_median_ms - x.floor_adj_ms AS median_ms, x.raw_ci_lo_ms - x.floor_adj_ms AS ci_lo_ms,
       x.raw_ci_hi_ms - x.floor_adj_ms AS ci_hi_ms, x.raw_q1_ms - x.floor_adj_ms AS q1_ms,
       x.raw_q3_ms - x.floor_adj_ms AS q3_ms
FROM (SELECT r.result_id, r.run_id, coalesce(u.repeat_index, 1) AS trial_index, r.device_id, r.device, r.study,
             r.config_key, r.variant, r.dtype, r.n, r.block, r.params, r.cache, r.timer,
             coalesce(r.flush, CASE r.cache WHEN 'warm' THEN 'none' ELSE 'memset' END) AS flush, r.mode,
             r.median_ms AS raw_median_ms, r.ci_lo_ms AS raw_ci_lo_ms, r.ci_hi_ms AS raw_ci_hi_ms,
             r.q1_ms AS raw_q1_ms, r.q3_ms AS raw_q3_ms, r.rsd, r.reps,
             r.bytes_read, r.bytes_written, r.peak_gbps, r.launches, r.floor_us,
             CASE WHEN r.timer <> 'cuda-event' OR r.mode NOT IN ('single', 'batch') THEN 0
                  WHEN r.floor_us > 0 AND g.floor_us > 0 AND q.floor_us > 0
                  THEN coalesce(b.beta, coalesce(nullif(r.launches, 0), 1)) * (q.floor_us - g.floor_us) / 1000.0
                  WHEN r.floor_us IS NULL AND r.mode = 'single' AND u.launch_us > 0 AND f.run_floor_us > 0
                  THEN (u.launch_us - f.run_floor_us) / 1000.0
                  ELSE 0 END AS floor_adj_ms
      FROM result_bw r JOIN run u USING (run_id) LEFT JOIN ref f ON f.device_id = r.device_id
           LEFT JOIN gpu_floor g ON g.device_id = r.device_id AND g.mode = r.mode
           LEFT JOIN run_floor q ON q.run_id = r.run_id AND q.mode = r.mode
           LEFT JOIN b ON b.device_id = r.device_id AND b.mode = r.mode
                      AND b.launches = coalesce(nullif(r.launches, 0), 1)) x;

-- Window functions only (no self-join): every trial with its rank rn of k
-- in its configuration, the configuration's values at the ranks that the
-- median of all trials and the median of the others need, and from them the
-- centre, the leave-one-out centre and range, and the deviation.
DROP VIEW IF EXISTS trial_dev;
CREATE VIEW IF NOT EXISTS trial_dev AS
SELECT x.*,
       CASE WHEN center_ms < 0.02 THEN 1 WHEN center_ms < 0.1 THEN 2 ELSE 3 END AS band,
       abs(median_ms / rest_center_ms - 1) AS dev,
       (rest_max_ms - rest_min_ms) / rest_center_ms AS rest_range
FROM (SELECT y.*,
             (CASE (k + 1) / 2 - p WHEN 0 THEN xp ELSE xp1 END + xp1) / 2 AS center_ms,
             CASE WHEN k > 1 THEN
               (CASE WHEN p < rn THEN xp ELSE xp1 END + CASE WHEN (k + 1) / 2 < rn THEN
                  CASE (k + 1) / 2 - p WHEN 0 THEN xp ELSE xp1 END ELSE CASE (k + 1) / 2 - p WHEN 0 THEN xp1 ELSE xp2 END END) / 2
             END AS rest_center_ms,
             CASE WHEN k > 1 THEN CASE WHEN rn = 1 THEN x2 ELSE x1 END END AS rest_min_ms,
             CASE WHEN k > 1 THEN CASE WHEN rn = k THEN xk1 ELSE xk END END AS rest_max_ms
      FROM (SELECT t.*, k / 2 AS p,
                   max(CASE WHEN rn = k / 2 THEN median_ms END) OVER c AS xp,
                   max(CASE WHEN rn = k / 2 + 1 THEN median_ms END) OVER c AS xp1,
                   max(CASE WHEN rn = k / 2 + 2 THEN median_ms END) OVER c AS xp2,
                   min(median_ms) OVER c AS x1, max(CASE WHEN rn = 2 THEN median_ms END) OVER c AS x2,
                   max(CASE WHEN rn = k - 1 THEN median_ms END) OVER c AS xk1, max(median_ms) OVER c AS xk,
                   avg(median_ms) OVER c AS mean_ms,
                   sum(median_ms * median_ms) OVER c AS sum2_ms
            FROM (SELECT t.*, row_number() OVER (c ORDER BY median_ms) AS rn, count(*) OVER c AS k,
                         dense_rank() OVER (PARTITION BY device_id ORDER BY study, config_key, flush, mode) % 2 AS half
                  FROM trial t
                  WINDOW c AS (PARTITION BY device_id, study, config_key, flush, mode)) t
            WINDOW c AS (PARTITION BY device_id, study, config_key, flush, mode)) y) x;

DROP VIEW IF EXISTS trial_halfwidth;
CREATE VIEW IF NOT EXISTS trial_halfwidth AS
WITH v AS MATERIALIZED (SELECT device_id, band, 'v ' || study || ' ' || variant || ' ' || mode AS vg,
                               'c ' || study || ' ' || timer || ' ' || mode AS cg, half, dev
                        FROM trial_dev WHERE k > 1),
d AS (SELECT device_id, band, vg AS grp, cg AS cls, half AS part, dev FROM v
      UNION ALL SELECT device_id, band, vg, cg, 2, dev FROM v
      UNION ALL SELECT device_id, band, cg, NULL, half, dev FROM v UNION ALL SELECT device_id, band, cg, NULL, 2, dev FROM v
      UNION ALL SELECT device_id, band, '', NULL, half, dev FROM v UNION ALL SELECT device_id, band, '', NULL, 2, dev FROM v
      UNION ALL SELECT device_id, 0, '', NULL, half, dev FROM v UNION ALL SELECT device_id, 0, '', NULL, 2, dev FROM v)
SELECT device_id, band, grp, max(cls) AS cls, part, max(cnt) AS deviations,
       -- the ceil(0.95 (n + 1))-th smallest of n (split conformal: a new deviation
       -- exchangeable with these falls at or below it with probability >= 0.95)
       max(CASE WHEN rn = min(cnt, (95 * (cnt + 1) + 99) / 100) THEN dev END) AS h
FROM (SELECT d.*, row_number() OVER (w ORDER BY dev) AS rn, count(*) OVER w AS cnt
      FROM d WINDOW w AS (PARTITION BY device_id, band, grp, part)) x
GROUP BY device_id, band, grp, part;

-- The half-width a configuration uses, from part p: the first of its
-- variant's (study, variant, mode: grp), its class's (study, timer, mode) and
-- its band's with 20 deviations or more, else the device's all-band one. A
-- row for every variant the device measured, in every band and part (the
-- variants are read from table result: no second pass over the trials).
DROP VIEW IF EXISTS trial_h;
CREATE VIEW IF NOT EXISTS trial_h AS
WITH w AS MATERIALIZED (SELECT * FROM trial_halfwidth),
     a AS (SELECT * FROM w WHERE band = 0),
     k AS (SELECT DISTINCT u.device_id, x.band, r.study || ' ' || r.variant || ' ' || r.mode AS grp,
                  'c ' || r.study || ' ' || r.timer || ' ' || r.mode AS cls
           FROM result r JOIN run u USING (run_id)
                JOIN (SELECT 1 AS band UNION ALL SELECT 2 UNION ALL SELECT 3) x
           WHERE r.status = 'ok')
SELECT k.device_id, k.band, k.grp, a.part,
       CASE WHEN g.deviations >= 20 THEN g.h WHEN c.deviations >= 20 THEN c.h WHEN b.deviations >= 20 THEN b.h
            ELSE a.h END AS h,
       CASE WHEN g.deviations >= 20 THEN g.deviations WHEN c.deviations >= 20 THEN c.deviations
            WHEN b.deviations >= 20 THEN b.deviations ELSE a.deviations END AS deviations
FROM k JOIN a ON a.device_id = k.device_id
     LEFT JOIN w g ON g.device_id = k.device_id AND g.band = k.band AND g.grp = 'v ' || k.grp AND g.part = a.part
     LEFT JOIN w c ON c.device_id = k.device_id AND c.band = k.band AND c.grp = k.cls AND c.part = a.part
     LEFT JOIN w b ON b.device_id = k.device_id AND b.band = k.band AND b.grp = '' AND b.part = a.part;

DROP VIEW IF EXISTS config_stats;
CREATE VIEW IF NOT EXISTS config_stats AS
WITH h AS MATERIALIZED (SELECT device_id, band, grp, h FROM trial_h WHERE part = 2)
SELECT c.*,
       (hi_ms - lo_ms) / (2 * median_ms) AS half_rel,
       (bytes_read + bytes_written) / (median_ms * 1e6) AS gbps,
       (bytes_read + bytes_written) / (hi_ms * 1e6) AS gbps_lo,
       (bytes_read + bytes_written) / (lo_ms * 1e6) AS gbps_hi,
       100.0 * (bytes_read + bytes_written) / (median_ms * 1e6) / peak_gbps AS pct_peak,
       100.0 * (bytes_read + bytes_written) / (median_ms * 1e6) / read_gbps AS pct_read
FROM (SELECT y.device_id, y.device, y.study, y.config_key, y.variant, y.dtype, y.n, y.block, y.params, y.cache,
             y.timer, y.flush, y.mode, y.runs, y.median_ms,
             CASE WHEN y.hw IS NULL THEN y.run_lo_ms ELSE y.median_ms * (1 - max(y.hw, y.range_rel)) END AS lo_ms,
             CASE WHEN y.hw IS NULL THEN y.run_hi_ms ELSE y.median_ms * (1 + max(y.hw, y.range_rel)) END AS hi_ms,
             CASE WHEN y.hw IS NULL THEN 'one run' ELSE 'trials' END AS basis,
             y.sd_rel, y.band, y.rsd_max, y.reps_min, y.bytes_read, y.bytes_written, y.peak_gbps, y.read_gbps
      FROM (SELECT t.device_id, t.device, t.study, t.config_key, t.variant, t.dtype, t.n, t.block, t.params,
                   t.cache, t.timer, t.flush, t.mode, t.k AS runs, t.center_ms AS median_ms,
                   (t.xk - t.x1) / t.center_ms AS range_rel,
                   h.h AS hw,
                   min(coalesce(t.ci_lo_ms, t.q1_ms)) AS run_lo_ms, max(coalesce(t.ci_hi_ms, t.q3_ms)) AS run_hi_ms,
                   CASE WHEN t.k > 1 THEN sqrt(max(0, (t.sum2_ms - t.k * t.mean_ms * t.mean_ms) / (t.k - 1))) / t.mean_ms
                   END AS sd_rel,
                   t.band, max(t.rsd) AS rsd_max, min(t.reps) AS reps_min,
                   t.bytes_read, t.bytes_written, t.peak_gbps,
                   (SELECT max(u.read_gbps) FROM run u WHERE u.device_id = t.device_id AND u.kind = 'measure') AS read_gbps
            FROM trial_dev t
                 LEFT JOIN h ON h.device_id = t.device_id AND h.band = t.band
                            AND h.grp = t.study || ' ' || t.variant || ' ' || t.mode
            GROUP BY t.device_id, t.study, t.config_key, t.flush, t.mode) y) c;

DROP VIEW IF EXISTS trial_coverage;
CREATE VIEW IF NOT EXISTS trial_coverage AS
WITH h AS MATERIALIZED (SELECT device_id, band, grp, part, h FROM trial_h WHERE part < 2)
SELECT d.device_id, d.band,
       CASE d.band WHEN 1 THEN 'under 20 us' WHEN 2 THEN '20-100 us' ELSE '100 us or more' END AS band_label,
       count(DISTINCT d.study || ' ' || d.config_key || ' ' || d.flush || ' ' || d.mode) AS configs,
       count(*) AS held_out,
       sum(d.dev <= max(h.h, d.rest_range)) AS covered,
       100.0 * sum(d.dev <= max(h.h, d.rest_range)) / count(*) AS pct
FROM trial_dev d
     JOIN h ON h.device_id = d.device_id AND h.band = d.band AND h.part = 1 - d.half
           AND h.grp = d.study || ' ' || d.variant || ' ' || d.mode
WHERE d.k > 1
GROUP BY d.device_id, d.band;

DROP VIEW IF EXISTS trial_agreement;
CREATE VIEW IF NOT EXISTS trial_agreement AS
SELECT a.device_id, a.band,
       CASE a.band WHEN 1 THEN 'under 20 us' WHEN 2 THEN '20-100 us' ELSE '100 us or more' END AS band_label,
       count(*) AS pairs,
       sum(abs(b.median_ms / a.median_ms - 1) <= 0.02) AS within2,
       100.0 * sum(abs(b.median_ms / a.median_ms - 1) <= 0.02) / count(*) AS pct,
       100.0 * sum(abs(b.raw_median_ms / a.raw_median_ms - 1) <= 0.02) / count(*) AS pct_raw
FROM (SELECT * FROM trial_dev WHERE k > 1) a
     JOIN trial b ON b.study = a.study AND b.config_key = a.config_key AND b.device_id = a.device_id
                 AND b.flush = a.flush AND b.mode = a.mode AND b.result_id > a.result_id
GROUP BY a.device_id, a.band;

DROP VIEW IF EXISTS machine_agreement;
CREATE VIEW IF NOT EXISTS machine_agreement AS
WITH cs AS MATERIALIZED (SELECT device_id, device, study, config_key, flush, mode, band, median_ms, lo_ms, hi_ms
                         FROM config_stats)
SELECT a.device AS model, a.band,
       CASE a.band WHEN 1 THEN 'under 20 us' WHEN 2 THEN '20-100 us' ELSE '100 us or more' END AS band_label,
       count(*) AS pairs,
       sum(abs(b.median_ms / a.median_ms - 1) <= 0.02) AS within2,
       100.0 * sum(abs(b.median_ms / a.median_ms - 1) <= 0.02) / count(*) AS pct_within2,
       sum(b.median_ms BETWEEN a.lo_ms AND a.hi_ms) AS covered,
       100.0 * sum(b.median_ms BETWEEN a.lo_ms AND a.hi_ms) / count(*) AS pct_covered
FROM cs a JOIN cs b ON b.device = a.device AND b.device_id <> a.device_id AND b.study = a.study
                                        AND b.config_key = a.config_key AND b.flush = a.flush AND b.mode = a.mode
GROUP BY a.device, a.band;

-- The variants of each study as its binary's registry (kernels/<family>.cu,
-- one entry per variant, kernels/variant.h) had them at the start of the
-- latest run that recorded them (every run does, INSERT OR REPLACE). The
-- report reads variant order and text from here (reports/views.sql), so a
-- new variant appears in every figure without a list to edit.
CREATE TABLE IF NOT EXISTS variant (
  study            TEXT NOT NULL,        -- as in run.study
  variant          TEXT NOT NULL,        -- the registry key, as in result.variant
  ord              INTEGER NOT NULL,     -- position in the registry, from 1 (the report's order)
  description      TEXT NOT NULL,        -- one line: what the variant does
  bottleneck       TEXT NOT NULL,        -- what it removes relative to the variant before it; '' for a baseline
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
  what             TEXT NOT NULL CHECK (what IN ('cub','empty')), -- CUB's sum, or the empty kernel
  dtype            TEXT,                 -- 'int32' for cub; NULL for empty
  n                INTEGER NOT NULL,     -- elements summed; 0 for the empty kernel
  repeat           INTEGER NOT NULL,     -- 1..R: separate sample sets of one invocation, in time order
  samples          INTEGER NOT NULL,     -- samples kept
  discarded        INTEGER NOT NULL,     -- samples discarded for a throttled SM clock
  flush_bytes      INTEGER NOT NULL,     -- bytes the memset flush writes before every sample (the L2 size)
  median_us        REAL NOT NULL,        -- median of the kept samples, microseconds
  q1_us            REAL,                 -- quartiles, minimum, maximum, mean of the kept samples
  q3_us            REAL,
  min_us           REAL,
  max_us           REAL,
  mean_us          REAL,
  clock_mhz        REAL,                 -- mean SM clock over the kept samples (nvbench's timestamps)
  PRIMARY KEY (bench_uuid, trial, what, n, repeat)
);
