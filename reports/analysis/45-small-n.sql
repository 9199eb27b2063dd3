-- reports/analysis/45-small-n.sql: small n: the launch floor and paired ratios.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).

-- ------------------------------------------------------- small n: the floor --
-- machine_floor: each machine's launch floor (the mean run.launch_us of its
-- complete measure runs: an empty kernel timed as samples are), its read
-- ceiling (the median of run.read_gbps) and how many runs; reduce_floor
-- (per model), reduce_floor_gpu and machine_pair_agreement read it.
CREATE VIEW machine_floor AS
SELECT u.device_id, avg(u.launch_us) AS floor_us, median(u.read_gbps) AS read_gbps, count(*) AS runs
FROM run u
WHERE u.kind = 'measure' AND u.status = 'complete' AND u.launch_us > 0 AND u.read_gbps > 0
GROUP BY u.device_id;

-- The one-launch steps (small-n, one-launch) and CUB at its best against the
-- floor model of each GPU (issue 22): t = launch floor + bytes / read
-- reference stream, both the machine's own (machine_floor: the mean
-- run.launch_us of its runs, an empty kernel timed as samples are; the
-- median run.read_gbps, the fastest read-only stream measured at the start
-- of every run). Per GPU, line and power-of-two n (int32, block 256, the
-- default loads and grid, cold, the default flush and mode: stats_default):
-- the time, its interval, the model's time and their ratio (x_model, with
-- the interval's ends over the model's time, x_lo .. x_hi), the bytes it
-- reads, and launches, the kernel launches of one timed call
-- (result.launches). line: the variant,
-- or 'cub' for CUB at its best: the reference (reduce_role) of the least
-- trial-1 time there (reduce_ref_pick; variant names it). One configuration
-- per GPU, line and size: where two time it (a key of before the loads and
-- grid axes beside today's, or one key under two flushes), the one of the
-- most trials, then the one whose key names its loads (today's), then the
-- first by key, flush and mode. Machines of one model on other hosts differ
-- in their launch floor by up to a microsecond (issue 43 item 3), so every
-- value under 20 us is the host's own, beside its floor; mord and model are
-- the GPU's order and label.
CREATE VIEW reduce_floor_gpu AS
WITH c AS (SELECT s.*, r.role, r.ord AS vord,
                  CASE WHEN r.role = 'reference' THEN 'cub' ELSE s.variant END AS line,
                  json_extract(s.params, '$.loads') IS NOT NULL AS names_loads,
                  (SELECT max(t.launches) FROM trial t WHERE t.device_id = s.device_id AND t.study = s.study
                     AND t.config_key = s.config_key AND t.flush = s.flush AND t.mode = s.mode) AS launches
           FROM stats_default s JOIN reduce_role r USING (variant)
                LEFT JOIN reduce_ref_pick p ON p.device_id = s.device_id AND p.dtype = s.dtype AND p.n = s.n
                                           AND p.flush = s.flush AND p.mode = s.mode
           WHERE s.study = 'reduce' AND s.dtype = 'int32' AND s.block = 256 AND s.timer = 'cuda-event'
             AND coalesce(json_extract(s.params, '$.loads'), 8) = 8 AND coalesce(json_extract(s.params, '$.grid'), 1) = 1
             AND (s.n & (s.n - 1)) = 0
             AND (s.variant IN ('small-n', 'one-launch') OR (r.role = 'reference' AND s.variant = p.variant))),
k AS (SELECT c.*, row_number() OVER (PARTITION BY c.device_id, c.line, c.n ORDER BY c.runs DESC, c.names_loads DESC,
                                                c.config_key, c.flush, c.mode) AS rk FROM c)
SELECT v.ord AS mord, v.label AS model, k.device_id, k.variant, k.line, k.vord AS ord, k.n, k.median_ms * 1e3 AS us,
       k.lo_ms * 1e3 AS lo, k.hi_ms * 1e3 AS hi, fl.floor_us,
       fl.floor_us + (k.bytes_read + k.bytes_written) / (fl.read_gbps * 1e3) AS model_us,
       k.median_ms * 1e3 / (fl.floor_us + (k.bytes_read + k.bytes_written) / (fl.read_gbps * 1e3)) AS x_model,
       k.lo_ms * 1e3 / (fl.floor_us + (k.bytes_read + k.bytes_written) / (fl.read_gbps * 1e3)) AS x_lo,
       k.hi_ms * 1e3 / (fl.floor_us + (k.bytes_read + k.bytes_written) / (fl.read_gbps * 1e3)) AS x_hi,
       k.bytes_read + k.bytes_written AS bytes, k.launches, k.config_key, k.flush, k.mode, k.runs, k.names_loads
FROM k JOIN report_devices v USING (device_id) JOIN machine_floor fl USING (device_id)
WHERE k.rk = 1;

-- reduce_floor_gpu per GPU model (figure reduce_roofline, the summary): a
-- model's value is the median over its machines of each machine's own
-- (issue 43 item 3), a ratio taken per machine first: us, the time; floor_us,
-- the median of its machines' launch floors (machine_floor); model_us and
-- x_model, the medians of the machines' own floor-model times and ratios.
-- Its bracket: measured on one machine, that machine's interval (bracket
-- 'interval': lo .. hi, x_lo .. x_hi); on several, the range of the
-- machines' values (bracket 'range', never an interval); gpus: how many
-- machines measured it. variant: the line (small-n, one-launch, or cub for
-- CUB at its best, whichever reference each machine chose).
CREATE VIEW reduce_floor AS
WITH g AS (SELECT f.*, d.name FROM reduce_floor_gpu f JOIN report_devices d USING (device_id)),
mf AS (SELECT d.name, median(m.floor_us) AS floor_us FROM machine_floor m JOIN report_devices d USING (device_id)
       GROUP BY d.name)
SELECT m.mord, m.panel, m.model, g.line AS variant, min(g.ord) AS ord, g.n, count(*) AS gpus,
       CASE WHEN count(*) = 1 THEN 'interval' ELSE 'range' END AS bracket,
       median(g.us) AS us, CASE WHEN count(*) = 1 THEN min(g.lo) ELSE min(g.us) END AS lo,
       CASE WHEN count(*) = 1 THEN max(g.hi) ELSE max(g.us) END AS hi, mf.floor_us, median(g.model_us) AS model_us,
       median(g.x_model) AS x_model, CASE WHEN count(*) = 1 THEN min(g.x_lo) ELSE min(g.x_model) END AS x_lo,
       CASE WHEN count(*) = 1 THEN max(g.x_hi) ELSE max(g.x_model) END AS x_hi
FROM g JOIN report_models m ON m.name = g.name JOIN mf ON mf.name = g.name
GROUP BY m.mord, g.line, g.n;

-- The largest n small-n sums in one block, per block size: a thread's
-- loads (SMALL_LOADS = 4 16-byte vectors, kernels/reduce_top.cuh,
-- small_one_block_max) times the block, in int32 elements: up to it small-n
-- runs one block and combines nothing, so it is its own bound there.
CREATE VIEW small_one_block AS
SELECT block, block * 16 AS n_max FROM (SELECT DISTINCT block FROM stats_default
                                                 WHERE study = 'reduce' AND variant = 'small-n' AND block IS NOT NULL);

-- Machines of one model, pair by pair (machine_agreement pools the pairs):
-- both machines' launch floors (machine_floor) and, per size band (1, 2, 3
-- as config_stats.band), the
-- configurations both measured, the share whose centres agree within 2%,
-- the share of the two directions in which one machine's interval holds the
-- other's median, and the mean of the second machine's centre over the
-- first's. Machines on other hosts can differ in launch floor, which every
-- launch pays.
INSERT OR REPLACE INTO report_setting VALUES
  ('floor_match_us', 0.25, 'two machines'' launch floors agree when they differ by at most this (us): the measurement section splits machine pairs by it');
CREATE VIEW machine_pair_agreement AS
WITH cs AS MATERIALIZED (SELECT device_id, device, study, config_key, flush, mode, band, median_ms, lo_ms, hi_ms
                         FROM config_stats)
SELECT a.device AS model, va.label AS gpu_a, vb.label AS gpu_b, va.ord AS ord_a, vb.ord AS ord_b,
       fa.floor_us AS floor_a, fb.floor_us AS floor_b, a.band, count(*) AS configs,
       100.0 * sum(abs(b.median_ms / a.median_ms - 1) <= 0.02) / count(*) AS pct_within2,
       100.0 * (sum(b.median_ms BETWEEN a.lo_ms AND a.hi_ms) + sum(a.median_ms BETWEEN b.lo_ms AND b.hi_ms))
         / (2.0 * count(*)) AS pct_covered,
       avg(b.median_ms / a.median_ms) AS ratio
FROM cs a JOIN cs b ON b.device = a.device AND b.device_id > a.device_id AND b.study = a.study
                       AND b.config_key = a.config_key AND b.flush = a.flush AND b.mode = a.mode
     JOIN report_devices va ON va.device_id = a.device_id JOIN report_devices vb ON vb.device_id = b.device_id
     LEFT JOIN machine_floor fa ON fa.device_id = a.device_id LEFT JOIN machine_floor fb ON fb.device_id = b.device_id
GROUP BY a.device_id, b.device_id, a.band;

-- Paired ratios to CUB (issue 22): pair_stats' kind cub (26-pairs.sql: CUB
-- at its best's time over the configuration's within each run), at the default loads and
-- grid, one launch a sample, cold, the default flush; ratio_coverage: the
-- check of those intervals (pair_coverage).
CREATE VIEW ratio_stats AS
SELECT device_id, variant, dtype, n, block, band, k, ratio, lo, hi FROM pair_stats
WHERE kind = 'cub' AND config_key NOT LIKE '% flush=%' AND config_key NOT LIKE '% mode=%'
  AND coalesce(json_extract(params, '$.loads'), 8) = 8 AND coalesce(json_extract(params, '$.grid'), 1) = 1;
CREATE VIEW ratio_coverage AS
SELECT device_id, band, band_label, held_out, covered, pct FROM pair_coverage WHERE kind = 'cub';
