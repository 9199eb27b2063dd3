-- reports/analysis/96-section-provenance.sql: the views the provenance
-- section (reports/sections/82-provenance.md) reads, one line a query.
-- Applied in file-name order before 90-cache.sql; not cached there.

-- The host of each GPU (gpu_provenance), as the section prints it.
CREATE VIEW provenance_hosts AS
SELECT v.ord, v.label AS "GPU", p.host AS "host", p.beside AS "measured beside", p.cpu AS "host CPU", p.os AS "operating system"
FROM report_devices v JOIN gpu_provenance p USING (device_id);
-- The GPUs no other GPU's runs overlapped (the table leaves its '-' column
-- out where none was measured beside another), in the caption's words.
CREATE VIEW provenance_alone_text AS
SELECT CASE WHEN count(*) = (SELECT count(*) FROM provenance_hosts) THEN '; no other GPU was measured at the same time on the host of any of them'
            ELSE '; no other GPU was measured at the same time on the host of the ' || group_concat("GPU", ', the ') END AS text
FROM (SELECT * FROM provenance_hosts WHERE "measured beside" = '-' ORDER BY ord);

-- The compiler and its flags in one sentence: per nvcc version, the flags
-- every binary shares (the shortest set that begins every binary's) and
-- what each binary adds to them; where no binary's flags begin all the
-- others', each set of flags with its binaries.
CREATE VIEW provenance_nvcc_text AS
WITH f AS (SELECT DISTINCT nvcc_version AS ver, nvcc_flags AS flags, binary FROM run WHERE status = 'complete'),
fl AS (SELECT ver, flags, group_concat(binary, ', ') AS bins FROM (SELECT * FROM f ORDER BY binary) GROUP BY ver, flags),
base AS (SELECT a.ver, a.flags FROM fl a
         WHERE NOT EXISTS (SELECT 1 FROM fl b WHERE b.ver = a.ver AND substr(b.flags, 1, length(a.flags)) <> a.flags)),
code(ver, flags, bins, c) AS (SELECT ver, flags, bins, '`' || replace(replace(flags, ' ', '` `'), ',', ',`\allowbreak{}`') || '`' FROM fl),
per AS (SELECT c.ver, CASE WHEN b.flags IS NULL
                 THEN group_concat(c.c || ' (' || c.bins || ')', '; ')
                 ELSE max(CASE WHEN c.flags = b.flags THEN c.c END)
                      || coalesce(', adding ' || group_concat(CASE WHEN c.flags <> b.flags
                           THEN '`' || replace(trim(substr(c.flags, length(b.flags) + 1)), ' ', '` `') || '` for ' || c.bins END, ' and '), '')
               END AS t
        FROM code c LEFT JOIN base b USING (ver) GROUP BY c.ver)
SELECT 'Kernels were compiled by nvcc ' || group_concat(ver || ' with ' || t, '; ') || '.' AS text FROM per;

-- Software and GPU state per GPU (gpu_provenance), with NVML's enforced
-- power limit over the complete measure runs (W; a range where it moved)
-- and the readings (start and end of every run) with a throttle reason
-- other than idle, of how many (table run_env).
CREATE VIEW provenance_software AS
WITH e AS (SELECT u.device_id, min(e.power_limit_w) AS lim_lo, max(e.power_limit_w) AS lim_hi, count(e.power_limit_w) AS n_lim,
                  sum(e.throttle_reasons > 1) AS throttled, count(e.throttle_reasons) AS n_thr
           FROM run_env e JOIN run u USING (run_id) WHERE u.status = 'complete' AND u.kind = 'measure' GROUP BY u.device_id)
SELECT v.ord, v.label AS "GPU", CASE WHEN p.driver_release = 'not recorded' THEN 'API ' || p.driver ELSE p.driver_release || ' (API ' || p.driver || ')' END AS "driver", p.runtime AS "CUDA runtime", p.cccl AS "CCCL", p.ecc AS "ECC",
  p.persistence AS "persistence", replace(replace(p.clock_lock, 'application clocks at default', 'default'), 'application clocks set:', 'set:') AS "clock lock",
  CASE WHEN coalesce(e.n_lim, 0) = 0 THEN 'not recorded' WHEN round(e.lim_lo) = round(e.lim_hi) THEN printf('%.0f', e.lim_hi)
       ELSE printf('%.0f..%.0f', e.lim_lo, e.lim_hi) END AS "power limit (W)",
  CASE WHEN coalesce(e.n_thr, 0) = 0 THEN 'not recorded' ELSE printf('%d of %d', e.throttled, e.n_thr) END AS "throttled readings",
  p.launch_us AS "launch floor (us)"
FROM report_devices v JOIN gpu_provenance p USING (device_id) LEFT JOIN e USING (device_id);

-- The table "devices" (82-provenance.md): every GPU measured, its label and
-- properties, and its copy bandwidth (device_copy: the median over the
-- complete measure runs that measured it).
CREATE VIEW provenance_devices AS
SELECT v.ord, d.name AS "GPU", (SELECT dl.label FROM device_label dl WHERE dl.device_id = d.device_id) AS "label", d.cc AS "CC", d.sm_count AS "SMs",
  printf('%d MiB', d.l2_bytes / 1048576) AS "L2",
  printf('%.0f GiB', d.global_mem_bytes / 1073741824.0) AS "mem.",
  printf('%d / %d', d.sm_clock_khz / 1000, d.mem_clock_khz / 1000) AS "SM / mem. MHz",
  printf('%d bit', d.bus_width_bits) AS "bus",
  printf('%.0f', d.peak_gbps) AS "peak GB/s",
  coalesce(printf('%.0f', (SELECT k.copy_gbps FROM device_copy k WHERE k.device_id = d.device_id)), 'not measured') AS "copy GB/s"
FROM device d JOIN report_devices v USING (device_id);

-- The commits of the binaries measured and of the report, in one sentence
-- (82-provenance.md; run, report_build).
CREATE VIEW provenance_commit_text AS
WITH m AS (SELECT DISTINCT substr(git_commit, 1, 8) || CASE WHEN git_dirty THEN ' (with uncommitted changes)' ELSE '' END AS c
           FROM run WHERE status = 'complete' AND kind = 'measure')
SELECT printf('The measurements were taken by the binaries of commit%s %s (the title page names the commit of the newest run); the report was rendered from commit %s%s.',
  CASE WHEN (SELECT count(*) FROM m) > 1 THEN 's' ELSE '' END, (SELECT group_concat(c, ', ') FROM (SELECT c FROM m ORDER BY c)),
  substr(b.git_commit, 1, 8), CASE WHEN b.git_dirty THEN ' (with uncommitted changes)' ELSE '' END) AS text
FROM report_build b;

-- The pivot "runcounts" (82-provenance.md): complete runs per GPU and study,
-- measure runs plus profile runs where there are any; ord: the GPU's.
CREATE VIEW provenance_run_count_cell AS
SELECT v.ord, v.label AS "GPU", u.study, printf('%d%s', sum(u.kind = 'measure'), CASE WHEN sum(u.kind = 'profile') THEN printf(' + %d profile', sum(u.kind = 'profile')) ELSE '' END) AS cell
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

-- The metrics the incomplete profile runs lack, per set, in one sentence
-- (82-provenance.md; profile_run_gap).
CREATE VIEW provenance_missing_metrics_text AS
SELECT 'The metrics missing, per set: ' || group_concat(x, '; ') || '.' AS text FROM (SELECT printf('%s: %s', metric_set,
  '`' || replace(replace(replace(missing, ' ', '`, `'), '_', '_`\allowbreak{}`'), '.', '`\allowbreak{}`.') || '`') AS x
  FROM (SELECT DISTINCT metric_set, missing FROM profile_run_gap WHERE missing IS NOT NULL) ORDER BY metric_set);
