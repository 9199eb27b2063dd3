-- experiments/tools/compare-host-side.sql: what `make compare`
-- (experiments/tools/compare) takes from one side about the hosts its GPUs
-- ran on (issue 36 item 4): per finished measure run, its launch floor and
-- what else the run recorded of its host and GPU state. Run like
-- compare-trials.sql, after it: in the comparison's output database, the
-- side's `dbtool snapshot` attached read-only as `src` (its tables migrated
-- to the current columns), temp table cur(side). What the facts become is
-- experiments/tools/compare-host.sql's.
CREATE TABLE IF NOT EXISTS side_run (
  side             TEXT NOT NULL CHECK (side IN ('base', 'new')),
  uuid             TEXT NOT NULL,        -- device.uuid
  run_uuid         TEXT,                 -- run.run_uuid: matches side_trial.run_uuid
  host             TEXT,                 -- run.host (counted, never printed)
  launch_us        REAL,                 -- run.launch_us: the empty kernel timed as samples are
  launch_bare_us   REAL,                 -- run.launch_bare_us: the same, timed the minimal way
  driver_version   INTEGER,              -- run.driver_version (cudaDriverGetVersion)
  runtime_version  INTEGER,
  cccl_version     TEXT,
  cpu_model        TEXT,
  os_name          TEXT,
  clock_lock       TEXT,
  sm_clock_mhz     REAL,                 -- run_env at the run's start (NVML)
  mem_clock_mhz    REAL,
  power_limit_w    REAL,
  ecc              INTEGER,
  persistence      INTEGER,
  pstate           INTEGER,
  max_sm_clock_mhz REAL,                 -- device.sm_clock_khz / 1000
  memory_gib       REAL                  -- device.global_mem_bytes / 2^30
);

INSERT INTO side_run
SELECT (SELECT side FROM cur), d.uuid, u.run_uuid, u.host, u.launch_us, u.launch_bare_us, u.driver_version,
       u.runtime_version, u.cccl_version, u.cpu_model, u.os_name, u.clock_lock,
       e.sm_clock_mhz, e.mem_clock_mhz, e.power_limit_w, e.ecc, e.persistence, e.pstate,
       d.sm_clock_khz / 1000.0, d.global_mem_bytes / 1073741824.0
FROM src.run u JOIN src.device d ON d.device_id = u.device_id
LEFT JOIN src.run_env e ON e.run_id = u.run_id AND e.phase = 'start'
WHERE u.kind = 'measure' AND u.status = 'complete';
