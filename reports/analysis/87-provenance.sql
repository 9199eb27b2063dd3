-- reports/analysis/87-provenance.sql: provenance per GPU.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).

-- ----------------------------------------------------------- provenance --
-- Per GPU, where and with what its complete measurement runs ran: host CPU
-- and OS, CUDA driver API and runtime, CCCL, ECC and persistence (NVML at
-- each run's start and end), SM clock lock, and the launch floor (mean of
-- the runs' launch_us). 'not recorded' where no run stored it, 'mixed'
-- where the runs of one GPU differ.
CREATE VIEW gpu_provenance AS
WITH u AS (SELECT * FROM run WHERE status = 'complete' AND kind = 'measure'),
e AS (SELECT u.device_id, min(e.ecc) AS ecc_lo, max(e.ecc) AS ecc_hi, min(e.persistence) AS per_lo, max(e.persistence) AS per_hi
      FROM run_env e JOIN u USING (run_id) GROUP BY u.device_id),
g AS (SELECT device_id,
        CASE WHEN count(DISTINCT cpu_model) > 1 THEN 'mixed' ELSE max(cpu_model) END AS cpu,
        CASE WHEN count(DISTINCT os_name) > 1 THEN 'mixed' ELSE max(os_name) END AS os,
        group_concat(DISTINCT printf('%d.%d', driver_version / 1000, driver_version % 1000 / 10)) AS driver,
        group_concat(DISTINCT printf('%d.%d', runtime_version / 1000, runtime_version % 1000 / 10)) AS runtime,
        CASE WHEN count(DISTINCT driver_release) > 1 THEN 'mixed' ELSE max(driver_release) END AS driver_release,
        CASE WHEN count(DISTINCT cccl_version) > 1 THEN 'mixed' ELSE max(cccl_version) END AS cccl,
        CASE WHEN count(DISTINCT clock_lock) > 1 THEN 'mixed' ELSE max(clock_lock) END AS clock_lock,
        printf('%.1f', avg(launch_us)) AS launch_us, count(launch_us) AS n_launch,
        CASE WHEN count(DISTINCT host) > 1 THEN 'mixed' ELSE max(host) END AS host,
        min(started_utc) AS t0, max(finished_utc) AS t1
      FROM u GROUP BY device_id),
-- the other GPUs of the same host name whose measure runs overlapped in time
-- with this GPU's: measured beside it (make measure GPUS=all)
b AS (SELECT g.device_id, group_concat(DISTINCT dl.label) AS beside
      FROM g JOIN g g2 ON g2.device_id <> g.device_id AND g2.host = g.host AND g2.t0 < g.t1 AND g2.t1 > g.t0
        JOIN device_label dl ON dl.device_id = g2.device_id
      GROUP BY g.device_id)
SELECT v.device_id, coalesce(g.host, 'not recorded') AS host, coalesce(b.beside, '-') AS beside,
  coalesce(g.cpu, 'not recorded') AS cpu, coalesce(g.os, 'not recorded') AS os,
  coalesce(g.driver, 'not recorded') AS driver, coalesce(g.runtime, 'not recorded') AS runtime,
  coalesce(g.driver_release, 'not recorded') AS driver_release,
  coalesce(g.cccl, 'not recorded') AS cccl,
  CASE WHEN e.ecc_lo IS NULL THEN 'not recorded' WHEN e.ecc_lo <> e.ecc_hi THEN 'mixed' WHEN e.ecc_lo THEN 'on' ELSE 'off' END AS ecc,
  CASE WHEN e.per_lo IS NULL THEN 'not recorded' WHEN e.per_lo <> e.per_hi THEN 'mixed' WHEN e.per_lo THEN 'on' ELSE 'off' END AS persistence,
  coalesce(g.clock_lock, 'not recorded') AS clock_lock,
  CASE WHEN g.n_launch > 0 THEN g.launch_us ELSE 'not recorded' END AS launch_us
FROM report_devices v LEFT JOIN g USING (device_id) LEFT JOIN e USING (device_id) LEFT JOIN b USING (device_id);
