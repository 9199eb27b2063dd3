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

-- The one-launch reductions and CUB against the floor model of their GPU
-- model (issue 22): t = launch floor + bytes / read ceiling, the launch floor
-- averaged over the model's complete measure runs (run.launch_us: an empty
-- kernel timed as samples are), the read ceiling the median run.read_gbps
-- of its machines. Per model, variant and power-of-two n (int32, block 256,
-- the default loads and grid): the median time over the model's machines and
-- its interval (model_stats) in microseconds, the model's time, their ratio.
-- Read by figure reduce_roofline and the reduction section's text.
CREATE VIEW reduce_floor AS
WITH fl AS (SELECT d.name, sum(m.floor_us * m.runs) / sum(m.runs) AS floor_us, median(m.read_gbps) AS read_gbps
            FROM machine_floor m JOIN device d USING (device_id)
            GROUP BY d.name)
SELECT s.mord, s.panel, s.model, s.variant, o.ord, s.n, s.median_ms * 1e3 AS us, s.lo_ms * 1e3 AS lo,
       s.hi_ms * 1e3 AS hi, fl.floor_us, fl.floor_us + s.bytes / (fl.read_gbps * 1e3) AS model_us,
       s.median_ms * 1e3 / (fl.floor_us + s.bytes / (fl.read_gbps * 1e3)) AS x_model
FROM model_stats s JOIN reduce_order o USING (variant) JOIN report_models rm ON rm.model = s.model
     JOIN fl ON fl.name = rm.name
WHERE s.study = 'reduce' AND s.dtype = 'int32' AND s.block = 256 AND s.timer = 'cuda-event'
  AND coalesce(json_extract(s.params, '$.loads'), 8) = 8 AND coalesce(json_extract(s.params, '$.grid'), 1) = 1
  AND (s.n & (s.n - 1)) = 0 AND s.variant IN ('small-n', 'one-launch', 'cub');

-- reduce_floor per GPU (machine) instead of per model: the machine's own
-- launch floor (the mean run.launch_us of its runs), read ceiling and
-- configuration intervals (stats_default). Machines of one model on other
-- hosts differ in their launch floor by up to a microsecond, which the
-- model's pooled interval (model_stats) would fold into every small-n value;
-- mord and model are the GPU's order and label.
CREATE VIEW reduce_floor_gpu AS
SELECT v.ord AS mord, v.label AS model, s.device_id, s.variant, s.n, s.median_ms * 1e3 AS us, s.lo_ms * 1e3 AS lo,
       s.hi_ms * 1e3 AS hi, fl.floor_us, fl.floor_us + (s.bytes_read + s.bytes_written) / (fl.read_gbps * 1e3) AS model_us,
       s.median_ms * 1e3 / (fl.floor_us + (s.bytes_read + s.bytes_written) / (fl.read_gbps * 1e3)) AS x_model,
       s.config_key, s.flush, s.mode, s.runs, json_extract(s.params, '$.loads') IS NOT NULL AS names_loads
FROM stats_default s JOIN report_devices v USING (device_id) JOIN machine_floor fl USING (device_id)
WHERE s.study = 'reduce' AND s.dtype = 'int32' AND s.block = 256 AND s.timer = 'cuda-event'
  AND coalesce(json_extract(s.params, '$.loads'), 8) = 8 AND coalesce(json_extract(s.params, '$.grid'), 1) = 1
  AND (s.n & (s.n - 1)) = 0 AND s.variant IN ('small-n', 'cub');

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

-- Paired ratios to CUB (issue 22): pair_stats' kind cub (26-pairs.sql: CUB's
-- time over the configuration's within each run), at the default loads and
-- grid, one launch a sample, cold, the default flush; ratio_coverage: the
-- check of those intervals (pair_coverage).
CREATE VIEW ratio_stats AS
SELECT device_id, variant, dtype, n, block, band, k, ratio, lo, hi FROM pair_stats
WHERE kind = 'cub' AND config_key NOT LIKE '% flush=%' AND config_key NOT LIKE '% mode=%'
  AND coalesce(json_extract(params, '$.loads'), 8) = 8 AND coalesce(json_extract(params, '$.grid'), 1) = 1;
CREATE VIEW ratio_coverage AS
SELECT device_id, band, band_label, held_out, covered, pct FROM pair_coverage WHERE kind = 'cub';

-- The small-n step per GPU at n = 2^16^, 2^18^ and 2^20^ (int32, block 256,
-- cold; reduce_floor_gpu's rows), one configuration per GPU and size: where
-- two time it (a key of before the loads and grid axes beside today's, or
-- one key under two flushes), the one of the most trials, then the one whose
-- key names its loads (today's), then the first key. Beside its time over
-- the floor model, its throughput over CUB's: CUB's time over small-n's run
-- by run (pair_stats' kind cub of that configuration, issue 22), whose
-- interval holds a further run's ratio 95% of the time; reported per GPU,
-- no target (issue 36).
CREATE VIEW small_n_gpu AS
WITH s AS (SELECT f.*, row_number() OVER (PARTITION BY f.device_id, f.n ORDER BY f.runs DESC, f.names_loads DESC,
                                                     f.config_key, f.flush, f.mode) AS rk
           FROM reduce_floor_gpu f, size z
           WHERE f.variant = 'small-n' AND f.n IN (z.n_smallest, 4 * z.n_smallest, z.n_small))
SELECT s.mord, s.model, s.device_id, s.n, s.config_key, s.flush, s.mode, s.runs, s.us, s.lo, s.hi, s.model_us,
       s.x_model, c.ratio AS cub_x, c.lo AS cub_lo, c.hi AS cub_hi, c.k AS cub_runs, c.basis AS cub_basis
FROM s LEFT JOIN pair_stats c ON c.kind = 'cub' AND c.device_id = s.device_id AND c.config_key = s.config_key
                             AND c.flush = s.flush AND c.mode = s.mode
WHERE s.rk = 1;

-- The small-n step's target (issue 22), per GPU and size of small_n_gpu:
-- its time over the floor model (lo .. hi: its interval over the model's
-- time), at most small_model. Met when the whole interval is at or under the
-- threshold, missed when it is wholly above, inconclusive otherwise; not
-- judged without an interval. Its throughput over CUB's is no target (issue
-- 36): small_n_gpu reports it.
INSERT OR REPLACE INTO report_setting VALUES
  ('small_model', 1.5, 'the small-n step: its time over the floor model at n = 2^16^, 2^18^ and 2^20^ (int32), at most');
INSERT OR REPLACE INTO report_target VALUES
  ('small_model', 'small-n over the floor model');
CREATE VIEW small_n_target AS
WITH t AS (SELECT s.mord, s.model, s.n, 'small_model' AS key, s.x_model AS value, s.lo / s.model_us AS lo,
                  s.hi / s.model_us AS hi
           FROM small_n_gpu s)
SELECT t.*, r.value AS threshold, g.name AS target,
       CASE WHEN t.lo IS NULL THEN 'not judged' ELSE target_at_most(t.lo, t.hi, r.value) END AS verdict
FROM t JOIN report_setting r ON r.key = t.key JOIN report_target g ON g.key = t.key;
