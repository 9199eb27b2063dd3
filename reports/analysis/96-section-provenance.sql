-- reports/analysis/96-section-provenance.sql: the views the provenance
-- section (reports/sections/82-provenance.md) reads, one line a query: facts
-- and table cells of data; the section writes every word around them.
-- Applied in file-name order before 90-cache.sql; not cached there.

-- The host of each GPU (gpu_provenance), as the section prints it.
CREATE VIEW provenance_hosts AS
SELECT v.ord, v.label AS "GPU", p.host AS "host", p.beside AS "measured beside", p.cpu AS "host CPU", p.os AS "operating system"
FROM report_devices v JOIN gpu_provenance p USING (device_id);
-- The compiler and its flags, as facts (82-provenance.md words them): per
-- nvcc version (ver) and set of flags (flags), the binaries built so
-- (binaries, sorted, ', ' between); base: 1 for the version's shared set,
-- the shortest set that begins every binary's (none where no binary's
-- flags begin all the others'); added: what a set adds to the shared one
-- (NULL for the shared set itself or where there is none); has_base: 1
-- where the version has a shared set.
CREATE VIEW provenance_nvcc AS
WITH f AS (SELECT DISTINCT nvcc_version AS ver, nvcc_flags AS flags, binary FROM run WHERE status = 'complete'),
fl AS (SELECT ver, flags, group_concat(binary, ', ') AS binaries FROM (SELECT * FROM f ORDER BY binary) GROUP BY ver, flags),
base AS (SELECT a.ver, a.flags FROM fl a
         WHERE NOT EXISTS (SELECT 1 FROM fl b WHERE b.ver = a.ver AND substr(b.flags, 1, length(a.flags)) <> a.flags))
SELECT fl.ver, fl.flags, fl.binaries, b.flags IS NOT NULL AS has_base, coalesce(fl.flags = b.flags, 0) AS base,
       CASE WHEN fl.flags <> b.flags THEN trim(substr(fl.flags, length(b.flags) + 1)) END AS added
FROM fl LEFT JOIN base b USING (ver);

-- Software and GPU state per GPU (gpu_provenance; the driver's release and
-- its API version apart, 82-provenance.md words the cell), with NVML's enforced
-- power limit over the complete measure runs (W; a range where it moved)
-- and the readings (start and end of every run) with a throttle reason
-- other than idle, of how many (table run_env).
CREATE VIEW provenance_software AS
WITH e AS (SELECT u.device_id, min(e.power_limit_w) AS lim_lo, max(e.power_limit_w) AS lim_hi, count(e.power_limit_w) AS n_lim,
                  sum(e.throttle_reasons > 1) AS throttled, count(e.throttle_reasons) AS n_thr
           FROM run_env e JOIN run u USING (run_id) WHERE u.status = 'complete' AND u.kind = 'measure' GROUP BY u.device_id)
SELECT v.ord, v.label AS "GPU", p.driver_release, p.driver AS driver_api, p.runtime AS "CUDA runtime", p.cccl AS "CCCL", p.ecc AS "ECC",
  p.persistence AS "persistence", replace(replace(p.clock_lock, 'application clocks at default', 'default'), 'application clocks set:', 'set:') AS "clock lock",
  CASE WHEN coalesce(e.n_lim, 0) = 0 THEN 'not recorded' WHEN round(e.lim_lo) = round(e.lim_hi) THEN printf('%.0f', e.lim_hi)
       ELSE printf('%.0f..%.0f', e.lim_lo, e.lim_hi) END AS "power limit (W)",
  CASE WHEN coalesce(e.n_thr, 0) = 0 THEN 'not recorded' ELSE printf('%d of %d', e.throttled, e.n_thr) END AS "throttled readings",
  p.launch_us AS "launch floor (us)"
FROM report_devices v JOIN gpu_provenance p USING (device_id) LEFT JOIN e USING (device_id);

-- The table "devices" (82-provenance.md, which formats the cells): every
-- GPU measured, its label and properties (L2 in MiB, memory in GiB, clocks
-- in MHz, bus in bits, peak GB/s), and its copy bandwidth (device_copy: the
-- median over the complete measure runs that measured it; NULL where none).
CREATE VIEW provenance_devices AS
SELECT v.ord, d.name AS "GPU", (SELECT dl.label FROM device_label dl WHERE dl.device_id = d.device_id) AS "label", d.cc AS "CC", d.sm_count AS "SMs",
  d.l2_bytes / 1048576 AS l2_mib, d.global_mem_bytes / 1073741824.0 AS mem_gib,
  d.sm_clock_khz / 1000 AS sm_mhz, d.mem_clock_khz / 1000 AS mem_mhz, d.bus_width_bits AS bus_bits, d.peak_gbps,
  (SELECT k.copy_gbps FROM device_copy k WHERE k.device_id = d.device_id) AS copy_gbps
FROM device d JOIN report_devices v USING (device_id);

-- The commits of the binaries measured and of the report, as facts
-- (82-provenance.md words them; run, report_build): role 'measured' (every
-- commit of the complete measure runs, its hash's first eight digits) or
-- 'report' (the report's own), dirty: 1 where the tree had uncommitted
-- changes.
CREATE VIEW provenance_commit AS
SELECT DISTINCT 'measured' AS role, substr(git_commit, 1, 8) AS commit8, git_dirty <> 0 AS dirty
FROM run WHERE status = 'complete' AND kind = 'measure'
UNION ALL
SELECT 'report', substr(git_commit, 1, 8), git_dirty <> 0 FROM report_build;

-- The pivot "runcounts" (82-provenance.md, which words the cell): complete
-- runs per GPU and study, measure runs and profile runs; ord: the GPU's.
CREATE VIEW provenance_run_count AS
SELECT v.ord, v.label AS "GPU", u.study, sum(u.kind = 'measure') AS measure, sum(u.kind = 'profile') AS profile
FROM run u JOIN report_devices v USING (device_id) WHERE u.status = 'complete' GROUP BY v.ord, u.study;

-- The HTML's table "runs" (82-provenance.md): every complete run, with its
-- build, times and count of verified results.
CREATE VIEW provenance_runs_table AS
SELECT u.run_id AS "run", u.study AS "study", u.binary AS "binary", (SELECT dl.label FROM device_label dl WHERE dl.device_id = u.device_id) AS "GPU",
  u.kind AS "kind", coalesce(u.repeat_index, 1) AS "trial",
  replace(substr(u.started_utc, 1, 16), 'T', ' ') AS "started (UTC)", substr(u.git_commit, 1, 12) || CASE WHEN u.git_dirty THEN '+' ELSE '' END AS "commit",
  printf('%.1f', u.driver_version / 1000.0) AS "driver API", printf('%.1f', u.runtime_version / 1000.0) AS "runtime",
  (SELECT count(*) FROM result r WHERE r.run_id = u.run_id AND r.status = 'ok') AS "results",
  printf('%.0f / %.0f', u.copy_gbps_start, u.copy_gbps_end) AS "copy GB/s start / end"
FROM run u JOIN device d USING (device_id) WHERE u.status = 'complete';

-- The table "profilegaps" (82-provenance.md): the incomplete profile runs
-- (profile_run_gap) grouped per GPU, metric set, status and missing
-- metrics; ord: the table's order (GPU, set, first run).
CREATE VIEW provenance_profile_gap_table AS
SELECT (SELECT dl.label FROM device_label dl WHERE dl.device_id = g.device_id) AS "GPU", g.metric_set AS "set",
  group_concat(g.run_id, ', ') AS "runs", replace(group_concat(DISTINCT g.binary), ',', ', ') AS "binary", g.status AS "status",
  sum(g.configs) AS "configurations", printf('%d of %d', max(g.n_missing), max(g.n_metrics)) AS "metrics missing",
  row_number() OVER (ORDER BY (SELECT dl.label FROM device_label dl WHERE dl.device_id = g.device_id), g.metric_set, min(g.run_id)) AS ord
FROM profile_run_gap g GROUP BY g.device_id, g.metric_set, g.status, g.missing;

-- The metrics the incomplete profile runs lack, per set, as facts
-- (82-provenance.md lists them; profile_run_gap): missing is the
-- space-separated list of metric names.
CREATE VIEW provenance_missing_metrics AS
SELECT DISTINCT metric_set, missing FROM profile_run_gap WHERE missing IS NOT NULL;
