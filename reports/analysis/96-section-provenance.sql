-- reports/analysis/96-section-provenance.sql: the views the provenance
-- section (reports/sections/82-provenance.md) reads, one line a query.
-- Applied in file-name order before 90-cache.sql; not cached there.

-- The host of each GPU (gpu_provenance), as the section prints it.
CREATE VIEW provenance_hosts AS
SELECT v.ord, v.label AS "GPU", p.host AS "host", p.beside AS "measured beside", p.cpu AS "host CPU", p.os AS "operating system"
FROM report_devices v JOIN gpu_provenance p USING (device_id);

-- Software and GPU state per GPU (gpu_provenance), with NVML's enforced
-- power limit over the complete measure runs (W; a range where it moved)
-- and the readings (start and end of every run) with a throttle reason
-- other than idle, of how many (table run_env).
CREATE VIEW provenance_software AS
WITH e AS (SELECT u.device_id, min(e.power_limit_w) AS lim_lo, max(e.power_limit_w) AS lim_hi, count(e.power_limit_w) AS n_lim,
                  sum(e.throttle_reasons > 1) AS throttled, count(e.throttle_reasons) AS n_thr
           FROM run_env e JOIN run u USING (run_id) WHERE u.status = 'complete' AND u.kind = 'measure' GROUP BY u.device_id)
SELECT v.ord, v.label AS "GPU", p.driver AS "driver API", p.runtime AS "CUDA runtime", p.cccl AS "CCCL", p.ecc AS "ECC",
  p.persistence AS "persistence", p.clock_lock AS "clock lock",
  CASE WHEN coalesce(e.n_lim, 0) = 0 THEN 'not recorded' WHEN round(e.lim_lo) = round(e.lim_hi) THEN printf('%.0f', e.lim_hi)
       ELSE printf('%.0f..%.0f', e.lim_lo, e.lim_hi) END AS "power limit (W)",
  CASE WHEN coalesce(e.n_thr, 0) = 0 THEN 'not recorded' ELSE printf('%d of %d', e.throttled, e.n_thr) END AS "throttled readings",
  p.launch_us AS "launch floor (us)"
FROM report_devices v JOIN gpu_provenance p USING (device_id) LEFT JOIN e USING (device_id);
