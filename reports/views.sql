-- reports/views.sql: report-only views and labels, applied to the report's
-- snapshot of the database (build/report.db) after reports/schema.sql (the
-- report's own tables, filled here and by the report build). No measurement
-- is typed here: only names and the seeds' own published claims; the order
-- of the ladder comes from table variant.

-- Order, origin and text of every study's variants, from table variant (what
-- the binaries' registries recorded; data/schema.sql). A variant that has
-- results but no row there (data from before the table, or a registry that
-- dropped it) follows the recorded ones in name order with empty text, so it
-- never drops out of a figure.
CREATE VIEW IF NOT EXISTS variant_order AS
SELECT study, variant, ord, description, bottleneck, flags, origin FROM variant
UNION ALL
SELECT x.study, x.variant,
       (SELECT coalesce(max(v.ord), 0) FROM variant v WHERE v.study = x.study)
         + row_number() OVER (PARTITION BY x.study ORDER BY x.variant),
       '', '', '', ''
FROM (SELECT DISTINCT study, variant FROM result r
      WHERE NOT EXISTS (SELECT 1 FROM variant v WHERE v.study = r.study AND v.variant = r.variant)) x;

-- Order and seed step of the reduction variants (the registry's order).
CREATE VIEW IF NOT EXISTS reduce_order AS
SELECT variant, ord, origin AS step, bottleneck FROM variant_order WHERE study = 'reduce';

-- Short device labels for tables and figure keys: 'NVIDIA H100 80GB HBM3'
-- -> 'H100' (the first word after 'NVIDIA '); a name without that prefix is
-- kept whole, and where two devices would share a label the name is kept
-- (less 'NVIDIA '). Presentation only: the full names are in the provenance.
CREATE VIEW IF NOT EXISTS device_label AS
WITH s AS (SELECT device_id, name, uuid,
             CASE WHEN name LIKE 'NVIDIA %' THEN
               CASE WHEN instr(substr(name, 8), ' ') > 0 THEN substr(substr(name, 8), 1, instr(substr(name, 8), ' ') - 1)
                    ELSE substr(name, 8) END
             ELSE name END AS short FROM device)
SELECT device_id, name,
  CASE WHEN (SELECT count(*) FROM s s2 WHERE s2.name = s.name) > 1   -- two cards of one model: their UUIDs tell them apart
       THEN short || ' #' || substr(replace(uuid, 'GPU-', ''), 1, 4)
       WHEN (SELECT count(*) FROM s s2 WHERE s2.short = s.short) > 1 THEN replace(name, 'NVIDIA ', '') ELSE short END AS label
FROM s;

-- Every device with a complete run, in the report's order (by name): the
-- GPUs every section, figure and table shows. label: the short name tables,
-- keys and sentences use (view device_label above); ord: 1, 2, ... in order.
CREATE VIEW IF NOT EXISTS report_devices AS
SELECT device_id, name, peak_gbps, label, row_number() OVER (ORDER BY name, device_id) AS ord
FROM (SELECT DISTINCT d.device_id, d.name, d.peak_gbps, dl.label FROM run u JOIN device d USING (device_id)
      JOIN device_label dl USING (device_id) WHERE u.status = 'complete');

-- Every GPU model (device.name) of the report, in the report's order: its
-- short name (as device_label, without the UUID), how many machines (cards)
-- measured it, its panel title in the figures ('H100, 2 machines') and mord
-- 1, 2, ... The summary and every figure group GPUs of one model.
CREATE VIEW IF NOT EXISTS report_models AS
WITH m AS (SELECT name, min(ord) AS first_ord, count(*) AS machines FROM report_devices GROUP BY name),
s AS (SELECT m.*, CASE WHEN name LIKE 'NVIDIA %' THEN
        CASE WHEN instr(substr(name, 8), ' ') > 0 THEN substr(substr(name, 8), 1, instr(substr(name, 8), ' ') - 1)
             ELSE substr(name, 8) END ELSE name END AS short FROM m)
SELECT name, machines,
  CASE WHEN (SELECT count(*) FROM s s2 WHERE s2.short = s.short) > 1 THEN replace(name, 'NVIDIA ', '') ELSE short END AS model,
  CASE WHEN (SELECT count(*) FROM s s2 WHERE s2.short = s.short) > 1 THEN replace(name, 'NVIDIA ', '') ELSE short END
    || CASE WHEN machines > 1 THEN printf(', %d machines', machines) ELSE '' END AS panel,
  row_number() OVER (ORDER BY first_ord) AS mord
FROM s;

-- What the harness adds to every sample, per GPU model: the empty kernel as
-- samples are timed (run.launch_us: clock-stamp kernels around each sample,
-- windows of samples behind the blocking kernel) against the minimal way
-- (run.launch_bare_us: flush, events around one launch, one sample per
-- window); runs that timed both, their mean and the runs' range of the
-- difference.
CREATE VIEW IF NOT EXISTS harness_offset AS
SELECT m.mord, m.model, count(*) AS runs, avg(u.launch_us) AS launch_us, avg(u.launch_bare_us) AS bare_us,
  avg(u.launch_us - u.launch_bare_us) AS offset_us, min(u.launch_us - u.launch_bare_us) AS offset_lo,
  max(u.launch_us - u.launch_bare_us) AS offset_hi
FROM run u JOIN device d USING (device_id) JOIN report_models m ON m.name = d.name
WHERE u.kind = 'measure' AND u.status = 'complete' AND u.launch_us > 0 AND u.launch_bare_us > 0
GROUP BY m.mord, m.model;

-- The report's sizes, named once: the views, figures and sections read them
-- from here (n_seed: the seed's 2^24; n_large: 2^28; n_small: 2^20; n_access:
-- the access study's 2^26 floats; n_profile: the profiled 2^24; n_smallest:
-- 2^16, where the small-n range of the CUB target starts (up to n_small);
-- n_tiny: 2^10, the launch-bound end of the floor table; n_access_seed:
-- seed 004's 2^20 floats; dist_grid, dist_points: the distance field's
-- 2048 x 2048 grid and 1024 points; rt_side: the ray tracer's 1024 x 1024
-- image, the book's). The published reference points (published_ref) keep
-- the sizes their sources measured at.
CREATE VIEW IF NOT EXISTS size AS
SELECT 16777216 AS n_seed, 268435456 AS n_large, 1048576 AS n_small, 67108864 AS n_access, 16777216 AS n_profile,
       65536 AS n_smallest, 1024 AS n_tiny, 1048576 AS n_access_seed, 2048 AS dist_grid, 1024 AS dist_points,
       1024 AS rt_side;

-- Every threshold of the report, in one place: the views and the text read
-- them from here (nothing else in views.sql or the sections types one).
--   noisy_rsd        a result whose relative standard deviation exceeds this is flagged
--   faster           a ratio of times counts as a difference from this factor on
--   target_pct_peak  the ladder's target: % of the theoretical DRAM bandwidth
--   saturated_pct_copy  a kernel at or above this % of the measured copy
--                    bandwidth has saturated memory throughput (claim 003-unroll)
INSERT OR REPLACE INTO report_setting VALUES
  ('noisy_rsd', 0.10, 'relative standard deviation above which a result is flagged noisy'),
  ('faster', 1.05, 'a ratio of median times counts as faster or slower from this factor on'),
  ('target_pct_peak', 90, 'the reduction ladder''s target, % of the theoretical DRAM bandwidth'),
  ('saturated_pct_copy', 90, 'a kernel at or above this % of the measured copy bandwidth has saturated memory throughput'),
  ('interleaved_min', 1.1, 'claim 003-interleaved: the least speedup of interleaved over neighbored pairs'),
  ('seed_tolerance', 0.25, 'a measured ratio within this fraction of the seed''s own number has the seed''s magnitude');
CREATE VIEW IF NOT EXISTS setting AS
SELECT (SELECT value FROM report_setting WHERE key = 'noisy_rsd') AS noisy_rsd,
       (SELECT value FROM report_setting WHERE key = 'faster') AS faster,
       (SELECT value FROM report_setting WHERE key = 'target_pct_peak') AS target_pct_peak,
       (SELECT value FROM report_setting WHERE key = 'saturated_pct_copy') AS saturated_pct_copy,
       (SELECT value FROM report_setting WHERE key = 'interleaved_min') AS interleaved_min,
       (SELECT value FROM report_setting WHERE key = 'seed_tolerance') AS seed_tolerance;

-- The default configurations: cold cache (L2 flushed before every sample),
-- one launch per sample, the flush a configuration key does not name. The
-- studies, figures and claims read these; the other flush methods and
-- batch mode are the measurement section's (views flush_bias, run_agreement).
CREATE VIEW IF NOT EXISTS stats_default AS
SELECT * FROM config_stats WHERE cache = 'cold' AND config_key NOT LIKE '% flush=%' AND config_key NOT LIKE '% mode=%';
CREATE VIEW IF NOT EXISTS latest_default AS
SELECT * FROM latest WHERE cache = 'cold' AND config_key NOT LIKE '% flush=%' AND config_key NOT LIKE '% mode=%';

-- Per GPU model and default configuration (the figures' panels): the median
-- over the model's machines of their centres (config_stats), and an interval
-- from the lowest low end to the highest high end of theirs, so that it holds
-- every machine's interval; gpus: how many machines measured it.
CREATE VIEW IF NOT EXISTS model_stats AS
SELECT m.model, m.panel, m.mord, m.machines, x.study, x.config_key, x.variant, x.dtype, x.n, x.block, x.params,
  x.timer, x.flush, x.mode, count(*) AS gpus,
  (max(CASE WHEN x.rn = (x.cnt + 1) / 2 THEN x.median_ms END) + max(CASE WHEN x.rn = x.cnt / 2 + 1 THEN x.median_ms END)) / 2 AS median_ms,
  min(x.lo_ms) AS lo_ms, max(x.hi_ms) AS hi_ms, max(x.bytes_read + x.bytes_written) AS bytes, max(x.peak_gbps) AS peak_gbps
FROM (SELECT c.*, d.name, row_number() OVER w AS rn, count(*) OVER w AS cnt
      FROM stats_default c JOIN report_devices d USING (device_id)
      WINDOW w AS (PARTITION BY d.name, c.study, c.config_key, c.flush, c.mode ORDER BY c.median_ms)) x
JOIN report_models m ON m.name = x.name
GROUP BY m.name, x.study, x.config_key, x.flush, x.mode;
CREATE VIEW IF NOT EXISTS model_gbps AS
SELECT s.*, bytes / (median_ms * 1e6) AS gbps, bytes / (hi_ms * 1e6) AS gbps_lo, bytes / (lo_ms * 1e6) AS gbps_hi,
  100.0 * bytes / (median_ms * 1e6) / peak_gbps AS pct_peak
FROM model_stats s;

-- One cell of the appendix's compact tables: every latest result with its
-- GPU's label and order, its size n as the tables print it (2^k^ for a power
-- of two from 1024 on) and its median time, starred when noisy.
CREATE VIEW IF NOT EXISTS report_cell AS
SELECT l.*, v.label AS gpu, v.ord AS gpu_ord,
       CASE WHEN l.n >= 1024 AND (l.n & (l.n - 1)) = 0 THEN printf('2^%d^', CAST(round(log2(l.n)) AS INTEGER))
            ELSE CAST(l.n AS TEXT) END AS n_cell,
       printf('%.4f%s', l.median_ms, CASE WHEN l.rsd > s.noisy_rsd THEN '*' ELSE '' END) AS ms_cell
FROM latest_default l JOIN report_devices v USING (device_id), setting s
-- the reduction tuning sweep's other loads/grid values are not cells of the
-- tables (one cell per key); distance's grid is the field's side
WHERE l.study <> 'reduce'
   OR (coalesce(json_extract(l.params, '$.loads'), 8) = 8 AND coalesce(json_extract(l.params, '$.grid'), 1) = 1);

-- ------------------------------------------------------------ reduction --
-- Every reduction variant at its fastest block, per device, type and size,
-- over all complete runs (config_stats: median and 95% interval).
CREATE VIEW IF NOT EXISTS reduce_best AS
SELECT * FROM (SELECT c.*, row_number() OVER (PARTITION BY c.device_id, c.dtype, c.n, c.variant
                                              ORDER BY c.median_ms, c.block) AS rk
               FROM stats_default c WHERE c.study = 'reduce') WHERE rk = 1;

-- The ladder per device at one (dtype, n), each variant at its best block,
-- in ladder order: the time and its interval, throughput, the step speedup
-- (over the previous hand-written step, whose interval it also gives) and the
-- cumulative speedup over the first step.
CREATE VIEW IF NOT EXISTS reduce_ladder AS
WITH b AS (SELECT r.*, o.ord, o.step, o.bottleneck FROM reduce_best r JOIN reduce_order o USING (variant)),
p AS (SELECT b.*, lag(median_ms) OVER w AS prev_ms, lag(lo_ms) OVER w AS prev_lo, lag(hi_ms) OVER w AS prev_hi,
             lag(variant) OVER w AS prev_variant,
             first_value(median_ms) OVER w AS first_ms
      FROM b WHERE timer = 'cuda-event' AND variant <> 'cub'
      WINDOW w AS (PARTITION BY device_id, dtype, n ORDER BY ord))
SELECT b.device_id, b.dtype, b.n, b.ord, b.step, b.bottleneck, b.variant, b.block, b.timer, b.median_ms, b.lo_ms, b.hi_ms,
       b.gbps, b.pct_peak, b.rsd_max, p.prev_variant, p.prev_ms / b.median_ms AS step_x,
       p.prev_lo / b.hi_ms AS step_x_lo, p.prev_hi / b.lo_ms AS step_x_hi,
       (SELECT f.median_ms FROM b f WHERE f.device_id = b.device_id AND f.dtype = b.dtype AND f.n = b.n
          AND f.variant = 'neighbored') / b.median_ms AS total_x
FROM b LEFT JOIN p ON p.device_id = b.device_id AND p.dtype = b.dtype AND p.n = b.n AND p.variant = b.variant;

-- The seed's configuration (float32, n = 2^24, 1024-thread blocks), one row
-- per device, one column per ladder step (median ms and interval).
CREATE VIEW IF NOT EXISTS reduce_seedcfg AS
SELECT device_id,
  max(CASE WHEN variant = 'neighbored' THEN median_ms END) AS nb,
  max(CASE WHEN variant = 'neighbored' THEN lo_ms END) AS nb_lo, max(CASE WHEN variant = 'neighbored' THEN hi_ms END) AS nb_hi,
  max(CASE WHEN variant = 'neighbored-less-divergence' THEN median_ms END) AS nld,
  max(CASE WHEN variant = 'neighbored-less-divergence' THEN lo_ms END) AS nld_lo,
  max(CASE WHEN variant = 'neighbored-less-divergence' THEN hi_ms END) AS nld_hi,
  max(CASE WHEN variant = 'interleaved' THEN median_ms END) AS il,
  max(CASE WHEN variant = 'interleaved' THEN lo_ms END) AS il_lo, max(CASE WHEN variant = 'interleaved' THEN hi_ms END) AS il_hi,
  max(CASE WHEN variant = 'unroll2' THEN median_ms END) AS u2,
  max(CASE WHEN variant = 'unroll2' THEN lo_ms END) AS u2_lo, max(CASE WHEN variant = 'unroll2' THEN hi_ms END) AS u2_hi,
  max(CASE WHEN variant = 'unroll4' THEN median_ms END) AS u4,
  max(CASE WHEN variant = 'unroll4' THEN lo_ms END) AS u4_lo, max(CASE WHEN variant = 'unroll4' THEN hi_ms END) AS u4_hi,
  max(CASE WHEN variant = 'unroll8' THEN median_ms END) AS u8,
  max(CASE WHEN variant = 'unroll8' THEN lo_ms END) AS u8_lo, max(CASE WHEN variant = 'unroll8' THEN hi_ms END) AS u8_hi,
  max(CASE WHEN variant = 'unroll-warps8' THEN median_ms END) AS uw8,
  max(CASE WHEN variant = 'unroll-warps8' THEN lo_ms END) AS uw8_lo, max(CASE WHEN variant = 'unroll-warps8' THEN hi_ms END) AS uw8_hi,
  max(CASE WHEN variant = 'complete-unroll-warps8' THEN median_ms END) AS cu8,
  max(CASE WHEN variant = 'complete-unroll-warps8' THEN lo_ms END) AS cu8_lo,
  max(CASE WHEN variant = 'complete-unroll-warps8' THEN hi_ms END) AS cu8_hi,
  -- unroll8's throughput against the measured copy bandwidth of its run
  -- (the interval: at the interval's ends of the time)
  max(CASE WHEN variant = 'unroll8' THEN 100.0 * (bytes_read + bytes_written) / (median_ms * 1e6) / copy_gbps END) AS u8_copy,
  max(CASE WHEN variant = 'unroll8' THEN 100.0 * (bytes_read + bytes_written) / (hi_ms * 1e6) / copy_gbps END) AS u8_copy_lo,
  max(CASE WHEN variant = 'unroll8' THEN 100.0 * (bytes_read + bytes_written) / (lo_ms * 1e6) / copy_gbps END) AS u8_copy_hi
FROM (SELECT c.*, (SELECT max(l.copy_gbps) FROM latest_default l WHERE l.device_id = c.device_id AND l.study = 'reduce'
                     AND l.config_key = c.config_key) AS copy_gbps
      FROM stats_default c WHERE c.study = 'reduce' AND c.dtype = 'float32' AND c.n = (SELECT n_seed FROM size) AND c.block = 1024)
GROUP BY device_id;

-- The headline of the ladder per device: total speedup at n = 2^24 (int32,
-- each variant at its best block) of the fastest hand-written GPU variant over
-- the first step, and at 2^28 the fastest hand-written variant and CUB with
-- their % of peak and its interval, and the verdicts of the two targets
-- (interval rule: met only if the whole interval is on the right side,
-- missed only if it is wholly on the wrong side, else inconclusive).
CREATE VIEW IF NOT EXISTS reduce_headline AS
WITH h AS (SELECT v.device_id, v.name AS device, v.label, v.ord,
  (SELECT median_ms FROM reduce_best b WHERE b.device_id = v.device_id AND dtype = 'int32' AND n = (SELECT n_seed FROM size) AND variant = 'neighbored') AS first_ms,
  (SELECT variant FROM reduce_best b WHERE b.device_id = v.device_id AND dtype = 'int32' AND n = (SELECT n_seed FROM size)
     AND timer = 'cuda-event' AND variant <> 'cub' ORDER BY median_ms, variant LIMIT 1) AS best24_variant,
  (SELECT min(median_ms) FROM reduce_best b WHERE b.device_id = v.device_id AND dtype = 'int32' AND n = (SELECT n_seed FROM size)
     AND timer = 'cuda-event' AND variant <> 'cub') AS best24_ms,
  (SELECT variant FROM reduce_best b WHERE b.device_id = v.device_id AND dtype = 'int32' AND n = (SELECT n_large FROM size)
     AND timer = 'cuda-event' AND variant <> 'cub' ORDER BY median_ms, variant LIMIT 1) AS best28_variant
FROM report_devices v)
SELECT h.*, b.block AS best28_block, b.median_ms AS best28_ms, b.lo_ms AS best28_lo_ms, b.hi_ms AS best28_hi_ms,
  b.gbps AS best28_gbps, b.gbps_lo AS best28_gbps_lo, b.gbps_hi AS best28_gbps_hi,
  b.pct_peak AS best28_pct, b.pct_peak * b.gbps_lo / b.gbps AS best28_pct_lo, b.pct_peak * b.gbps_hi / b.gbps AS best28_pct_hi,
  c.median_ms AS cub28_ms, c.lo_ms AS cub28_lo_ms, c.hi_ms AS cub28_hi_ms, c.gbps AS cub28_gbps,
  c.pct_peak AS cub28_pct, c.pct_peak * c.gbps_lo / c.gbps AS cub28_pct_lo, c.pct_peak * c.gbps_hi / c.gbps AS cub28_pct_hi,
  CASE WHEN b.hi_ms <= c.lo_ms THEN 'met' WHEN b.lo_ms > c.hi_ms THEN 'missed' ELSE 'inconclusive' END AS cub_target,
  CASE WHEN b.pct_peak * b.gbps_lo / b.gbps >= s.target_pct_peak THEN 'met'
       WHEN b.pct_peak * b.gbps_hi / b.gbps < s.target_pct_peak THEN 'missed' ELSE 'inconclusive' END AS peak_target
FROM h JOIN setting s JOIN size z LEFT JOIN reduce_best b ON b.device_id = h.device_id AND b.dtype = 'int32' AND b.n = z.n_large
  AND b.variant = h.best28_variant
LEFT JOIN reduce_best c ON c.device_id = h.device_id AND c.dtype = 'int32' AND c.n = z.n_large AND c.variant = 'cub';

-- The top of the ladder (issue 12): its targets, judged per device, type
-- and size from config_stats' intervals (gbps_lo..gbps_hi, all runs). The
-- best hand-written configuration is the GPU variant other than CUB with the
-- highest median throughput there (any block size and tuning). A ratio's
-- interval runs from the worst to the best combination of the two intervals.
-- Verdict: met when the whole interval is at or above the threshold, missed
-- when it is wholly below, inconclusive otherwise. Thresholds: report_setting.
INSERT OR REPLACE INTO report_setting VALUES
  ('top_cub_large', 1.02, 'the top of the ladder: best hand-written / CUB at n = 2^28^, int32 and float32'),
  ('top_peak_large', 93.0, 'the top of the ladder: best hand-written % of theoretical DRAM bandwidth at 2^28^'),
  ('top_cub_small', 1.2, 'the top of the ladder: best hand-written / CUB at n = 2^16^ .. 2^20^');
INSERT OR REPLACE INTO report_target VALUES
  ('top_cub_large', 'best over CUB, large n'),
  ('top_peak_large', 'best, % of theoretical'),
  ('top_cub_small', 'best over CUB, small n');
-- The reduction rows the top of the ladder is judged on: GPU-timed, one
-- launch per sample (mode single), cold, at each device's preferred flush
-- ('clean' where it has such rows, else 'memset': data from before the clean
-- flush), so hand-written and CUB rows compare like with like.
CREATE VIEW IF NOT EXISTS reduce_cold AS
WITH s AS MATERIALIZED (SELECT * FROM config_stats WHERE study = 'reduce' AND timer = 'cuda-event' AND mode = 'single'
                          AND flush IN ('clean', 'memset')),
f AS (SELECT device_id, CASE WHEN max(flush = 'clean') THEN 'clean' ELSE 'memset' END AS flush FROM s GROUP BY device_id)
SELECT s.* FROM s JOIN f USING (device_id, flush);
-- Every trial's median of the reduction rows reduce_cold judges (a trial is
-- run.repeat_index, NULL = 1): the best hand-written configuration is chosen
-- on trial 1 and judged on the other trials, so that a minimum over many
-- noisy configurations does not judge itself (the winner's curse).
CREATE VIEW IF NOT EXISTS reduce_trial AS
SELECT u.device_id, r.config_key, coalesce(r.flush, CASE r.cache WHEN 'warm' THEN 'none' ELSE 'memset' END) AS flush,
       r.mode, coalesce(u.repeat_index, 1) AS trial, r.median_ms
FROM result r JOIN run u USING (run_id)
WHERE r.study = 'reduce' AND r.status = 'ok' AND u.status = 'complete' AND u.kind = 'measure' AND r.median_ms > 0;
-- Per configuration, the trials other than trial 1: how many, and the median
-- of their medians.
CREATE VIEW IF NOT EXISTS reduce_heldout AS
SELECT device_id, config_key, flush, mode, max(cnt) AS k,
       (max(CASE WHEN rn = (cnt + 1) / 2 THEN median_ms END) + max(CASE WHEN rn = cnt / 2 + 1 THEN median_ms END)) / 2 AS ms
FROM (SELECT t.*, row_number() OVER w AS rn, count(*) OVER w AS cnt FROM reduce_trial t WHERE t.trial > 1
      WINDOW w AS (PARTITION BY device_id, config_key, flush, mode ORDER BY median_ms))
GROUP BY device_id, config_key, flush, mode;
-- Per device, type and size: the best hand-written configuration on trial 1
-- and CUB, each with its time on the other trials (held_ms, NULL where there
-- is no other trial) and that time's interval: config_stats' relative
-- half-width around it.
CREATE VIEW IF NOT EXISTS reduce_pick AS
WITH s AS MATERIALIZED (SELECT c.*, t.median_ms AS t1_ms FROM reduce_cold c JOIN reduce_trial t
                          ON t.device_id = c.device_id AND t.config_key = c.config_key AND t.flush = c.flush
                         AND t.mode = c.mode AND t.trial = 1),
p AS (SELECT * FROM (SELECT s.*, row_number() OVER (PARTITION BY device_id, dtype, n, variant = 'cub' ORDER BY t1_ms, variant) AS rk
                     FROM s) WHERE rk = 1)
SELECT p.device_id, p.device, p.dtype, p.n, p.variant, p.block, p.params, p.variant = 'cub' AS is_cub,
       p.bytes_read + p.bytes_written AS bytes, p.peak_gbps, p.t1_ms, h.k AS held_trials, h.ms AS held_ms,
       h.ms * (1 - (p.hi_ms - p.lo_ms) / (2 * p.median_ms)) AS held_lo_ms,
       h.ms * (1 + (p.hi_ms - p.lo_ms) / (2 * p.median_ms)) AS held_hi_ms
FROM p LEFT JOIN reduce_heldout h ON h.device_id = p.device_id AND h.config_key = p.config_key AND h.flush = p.flush
  AND h.mode = p.mode;
-- The targets, judged on the held-out trials: a ratio of the best
-- hand-written configuration to CUB (throughputs: CUB time / hand time) or a
-- % of theoretical; lo .. hi from the times' intervals. With one trial the
-- target is 'not judged' (value: trial 1's, no interval).
CREATE VIEW IF NOT EXISTS reduce_top_target AS
WITH hand AS (SELECT * FROM reduce_pick WHERE NOT is_cub), cub AS (SELECT * FROM reduce_pick WHERE is_cub),
t AS (SELECT h.device_id, h.device, h.dtype, h.n, h.variant, h.block, h.params, 'top_cub_large' AS key,
             'x CUB' AS what, coalesce(c.held_ms / h.held_ms, c.t1_ms / h.t1_ms) AS value,
             c.held_lo_ms / h.held_hi_ms AS lo, c.held_hi_ms / h.held_lo_ms AS hi, h.held_trials
      FROM hand h JOIN cub c USING (device_id, dtype, n) WHERE h.n = (SELECT n_large FROM size)
      UNION ALL
      SELECT h.device_id, h.device, h.dtype, h.n, h.variant, h.block, h.params, 'top_peak_large',
             '% of theoretical', 100.0 * h.bytes / (coalesce(h.held_ms, h.t1_ms) * 1e6) / h.peak_gbps,
             100.0 * h.bytes / (h.held_hi_ms * 1e6) / h.peak_gbps, 100.0 * h.bytes / (h.held_lo_ms * 1e6) / h.peak_gbps,
             h.held_trials
      FROM hand h WHERE h.n = (SELECT n_large FROM size)
      UNION ALL
      SELECT h.device_id, h.device, h.dtype, h.n, h.variant, h.block, h.params, 'top_cub_small', 'x CUB',
             coalesce(c.held_ms / h.held_ms, c.t1_ms / h.t1_ms), c.held_lo_ms / h.held_hi_ms, c.held_hi_ms / h.held_lo_ms,
             h.held_trials
      FROM hand h JOIN cub c USING (device_id, dtype, n) WHERE h.n BETWEEN (SELECT n_smallest FROM size) AND (SELECT n_small FROM size) AND (h.n & (h.n - 1)) = 0)
SELECT t.*, r.value AS threshold, r.why AS target,
       CASE WHEN t.lo >= r.value THEN 'met' WHEN t.hi < r.value THEN 'missed' WHEN t.lo IS NULL THEN 'not judged'
            ELSE 'inconclusive' END AS verdict
FROM t JOIN report_setting r ON r.key = t.key;

-- The read ceiling per device (best read-only streaming GB/s of any run, see
-- experiments/harness/ceiling.h) beside the theoretical peak.
CREATE VIEW IF NOT EXISTS read_ceiling AS
SELECT d.device_id, d.name AS device, d.peak_gbps, max(u.read_gbps) AS read_gbps,
       100.0 * max(u.read_gbps) / d.peak_gbps AS pct_peak
FROM run u JOIN device d USING (device_id) WHERE u.status = 'complete' AND u.read_gbps > 0
GROUP BY d.device_id;

-- ------------------------------------------------------------- constant --
CREATE VIEW IF NOT EXISTS distance_t AS
SELECT device_id, variant, json_extract(params, '$.grid') AS grid, json_extract(params, '$.points') AS p,
       json_extract(params, '$.k') AS k, median_ms AS ms, q1_ms, q3_ms, rsd
FROM latest_default WHERE study = 'distance' AND json_extract(params, '$.tile') = 16;

-- The serialisation curve at 2048 x 2048, 1024 points: one row per device
-- and k, median ms per memory space.
CREATE VIEW IF NOT EXISTS const_k AS
SELECT device_id, k,
  max(CASE WHEN variant = 'global' THEN ms END) AS g, max(CASE WHEN variant = 'constant' THEN ms END) AS c,
  max(CASE WHEN variant = 'readonly' THEN ms END) AS r, max(CASE WHEN variant = 'shared' THEN ms END) AS s
FROM distance_t, size z WHERE grid = z.dist_grid AND p = z.dist_points GROUP BY device_id, k;

CREATE VIEW IF NOT EXISTS const_slow AS
SELECT a.device_id, b16.c / a.c AS c16, b32.c / a.c AS c32, b16.g / a.g AS g16, b16.c / b16.g AS cg16,
       b32.c / b32.g AS cg32, b32.c / b32.r AS cr32, a.g / a.c AS gc1
FROM const_k a JOIN const_k b16 ON b16.device_id = a.device_id AND b16.k = 16
  JOIN const_k b32 ON b32.device_id = a.device_id AND b32.k = 32 WHERE a.k = 1;

-- --------------------------------------------------------------- access --
CREATE VIEW IF NOT EXISTS access_t AS
SELECT device_id, variant, n, block, json_extract(params, '$.k') AS k, json_extract(params, '$.l1') AS l1,
       median_ms AS ms, gbps, pct_peak
FROM latest_default WHERE study = 'access';

-- The costs the summary quotes, per device and L1 mode: time of offset 1
-- over offset 0 (read-offset) and of stride 32 over stride 1 (read-stride),
-- in useful throughput (n = 2^26, block 256).
CREATE VIEW IF NOT EXISTS access_cost AS
SELECT a.device_id, a.l1,
  a.gbps / (SELECT b.gbps FROM access_t b WHERE b.device_id = a.device_id AND b.l1 = a.l1 AND b.variant = 'read-offset'
            AND b.n = a.n AND b.block = 256 AND b.k = 1) AS offset1,
  (SELECT s1.gbps / s32.gbps FROM access_t s1 JOIN access_t s32 ON s32.device_id = s1.device_id AND s32.l1 = s1.l1
     AND s32.variant = 'read-stride' AND s32.n = s1.n AND s32.block = s1.block AND s32.k = 32
   WHERE s1.device_id = a.device_id AND s1.l1 = a.l1 AND s1.variant = 'read-stride' AND s1.n = a.n
     AND s1.block = 256 AND s1.k = 1) AS stride32
FROM access_t a WHERE a.variant = 'read-offset' AND a.n = (SELECT n_access FROM size) AND a.block = 256 AND a.k = 0;

-- ------------------------------------------------------------ counters --
-- Counter rows stored before table counter had configuration columns (the
-- access study's first ncu runs) get them here, on the report's copy, from
-- their config_key ('variant=read-offset n=16777216 ... cache=cold': names
-- and values without spaces): the one place a key is taken apart. Axis
-- values in params stay text in such rows; views CAST them.
UPDATE counter SET (variant, dtype, n, block, params) =
  (SELECT json_extract(j, '$.variant'), json_extract(j, '$.dtype'), CAST(json_extract(j, '$.n') AS INTEGER),
          CAST(json_extract(j, '$.block') AS INTEGER),
          json_remove(j, '$.variant', '$.dtype', '$.n', '$.block', '$.cache')
   FROM (SELECT '{"' || replace(replace(counter.config_key, '=', '":"'), ' ', '","') || '"}' AS j))
WHERE variant IS NULL AND config_key LIKE 'variant=%' AND config_key NOT LIKE '%"%';

-- The counters the report reads: per device, binary, configuration and
-- metric, the values (one per kernel) of the latest run that profiled it (a
-- run still 'running' is shown too: each configuration's counters are stored
-- in one transaction, so what is there is whole).
CREATE VIEW IF NOT EXISTS counter_latest AS
SELECT u.device_id, u.study, u.binary, c.*
FROM counter c JOIN run u USING (run_id)
WHERE c.run_id = (SELECT max(c2.run_id) FROM counter c2 JOIN run u2 USING (run_id)
                  WHERE u2.device_id = u.device_id AND u2.binary = u.binary AND c2.config_key = c.config_key
                    AND c2.metric = c.metric);

-- One value per device, binary, configuration and metric over the kernels
-- that configuration launched (reduce's second pass, CUB's kernels): counts
-- (.sum) add up, .max and .min take the extreme, and the rest (rates,
-- percentages, ratios) are averaged weighted by each kernel's duration
-- (gpu__time_duration.sum, where profiled; else a plain mean). value is the
-- median of the profiled passes (counter.value); lo_value and hi_value
-- combine the passes' smallest and largest values (counter.min_value,
-- max_value) the same way: the range a claim's threshold must not straddle
-- (rows stored before passes were recorded: one pass, lo = hi = value).
CREATE VIEW IF NOT EXISTS counter_config AS
SELECT l.device_id, l.study, l.binary, l.config_key, l.variant, l.dtype, l.n, l.block, l.params, l.metric,
       max(l.unit) AS unit, count(*) AS kernels,
       CASE WHEN l.metric LIKE '%.sum' THEN sum(l.value) WHEN l.metric LIKE '%.max' THEN max(l.value)
            WHEN l.metric LIKE '%.min' THEN min(l.value)
            ELSE coalesce(sum(l.value * d.value) / nullif(sum(d.value), 0), avg(l.value)) END AS value,
       CASE WHEN l.metric LIKE '%.sum' THEN sum(coalesce(l.min_value, l.value))
            WHEN l.metric LIKE '%.max' THEN max(coalesce(l.min_value, l.value))
            WHEN l.metric LIKE '%.min' THEN min(coalesce(l.min_value, l.value))
            ELSE coalesce(sum(coalesce(l.min_value, l.value) * d.value) / nullif(sum(d.value), 0),
                          avg(coalesce(l.min_value, l.value))) END AS lo_value,
       CASE WHEN l.metric LIKE '%.sum' THEN sum(coalesce(l.max_value, l.value))
            WHEN l.metric LIKE '%.max' THEN max(coalesce(l.max_value, l.value))
            WHEN l.metric LIKE '%.min' THEN min(coalesce(l.max_value, l.value))
            ELSE coalesce(sum(coalesce(l.max_value, l.value) * d.value) / nullif(sum(d.value), 0),
                          avg(coalesce(l.max_value, l.value))) END AS hi_value
FROM counter_latest l
LEFT JOIN counter_latest d ON d.device_id = l.device_id AND d.binary = l.binary AND d.config_key = l.config_key
  AND d.kernel = l.kernel AND d.metric = 'gpu__time_duration.sum'
GROUP BY l.device_id, l.binary, l.config_key, l.metric;

-- Nsight Compute counters of the access study, per device (latest run per
-- key): the sector, request and hit-rate counters of set 'sectors' (value:
-- the passes' median; lo, hi: their range).
CREATE VIEW IF NOT EXISTS access_counter AS
SELECT c.device_id, c.config_key, c.metric, c.value, c.lo_value AS lo, c.hi_value AS hi, c.variant, c.n, c.block,
       CAST(json_extract(c.params, '$.k') AS INTEGER) AS k, json_extract(c.params, '$.l1') AS l1
FROM counter_config c WHERE c.study = 'access';

-- Each reduction step's counters (set 'reduce'), one row per device and
-- configuration: how uniform its branches are (branch efficiency, %), its
-- divergent branch targets, shared-memory bank conflicts (loads + stores),
-- achieved occupancy (% of the SM's warps), DRAM throughput (% of peak) and
-- bytes (read + written), and the profiled duration (ns) of all its kernels.
CREATE VIEW IF NOT EXISTS counter_reduce_step AS
SELECT device_id, variant, dtype, n, block, params, config_key,
  max(CASE WHEN metric = 'smsp__sass_average_branch_targets_threads_uniform.pct' THEN value END) AS branch_uniform_pct,
  max(CASE WHEN metric = 'smsp__sass_branch_targets_threads_divergent.sum' THEN value END) AS divergent_branches,
  sum(CASE WHEN metric IN ('l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum',
                           'l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum') THEN value END) AS bank_conflicts,
  max(CASE WHEN metric = 'sm__warps_active.avg.pct_of_peak_sustained_active' THEN value END) AS occupancy_pct,
  max(CASE WHEN metric = 'dram__throughput.avg.pct_of_peak_sustained_elapsed' THEN value END) AS dram_pct,
  sum(CASE WHEN metric IN ('dram__bytes_read.sum', 'dram__bytes_write.sum') THEN value END) AS dram_bytes,
  max(CASE WHEN metric = 'gpu__time_duration.sum' THEN value END) AS duration_ns
FROM counter_config WHERE study = 'reduce'
GROUP BY device_id, config_key;

-- Constant-memory kernels of the distance study and the ray tracer (set
-- 'constant'), one row per device and configuration: warps stalled on a
-- constant-cache miss and with no instruction (per issued instruction),
-- issue slots used (% of active cycles: the rest is idle), SM throughput (%
-- of peak), achieved occupancy, instructions executed, DRAM bytes read, and
-- the profiled duration (ns); the indexed constant cache's (IDC: LDC with a
-- register address, the distance kernel's c_points[i]) requests and lookup
-- hits and misses, and the L1 global-load requests and sectors (the global
-- kernel's points). Each value is the passes' median; _lo and _hi columns
-- are the passes' range of the counters a claim reads.
CREATE VIEW IF NOT EXISTS counter_constant AS
SELECT device_id, study, variant, n, block, params, config_key,
  max(CASE WHEN metric = 'idc__requests.sum' THEN value END) AS idc_requests,
  max(CASE WHEN metric = 'idc__requests.sum' THEN lo_value END) AS idc_requests_lo,
  max(CASE WHEN metric = 'idc__requests.sum' THEN hi_value END) AS idc_requests_hi,
  max(CASE WHEN metric = 'idc__requests_lookup_hit.sum' THEN value END) AS idc_hits,
  max(CASE WHEN metric = 'idc__requests_lookup_hit.sum' THEN lo_value END) AS idc_hits_lo,
  max(CASE WHEN metric = 'idc__requests_lookup_hit.sum' THEN hi_value END) AS idc_hits_hi,
  max(CASE WHEN metric = 'idc__requests_lookup_miss.sum' THEN value END) AS idc_misses,
  max(CASE WHEN metric = 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum' THEN value END) AS l1_ld_requests,
  max(CASE WHEN metric = 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum' THEN lo_value END) AS l1_ld_requests_lo,
  max(CASE WHEN metric = 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum' THEN hi_value END) AS l1_ld_requests_hi,
  max(CASE WHEN metric = 'l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum' THEN value END) AS l1_ld_sectors,
  max(CASE WHEN metric = 'dram__bytes_read.sum' THEN lo_value END) AS dram_read_bytes_lo,
  max(CASE WHEN metric = 'dram__bytes_read.sum' THEN hi_value END) AS dram_read_bytes_hi,
  max(CASE WHEN metric = 'smsp__issue_active.avg.pct_of_peak_sustained_active' THEN lo_value END) AS issue_active_pct_lo,
  max(CASE WHEN metric = 'smsp__issue_active.avg.pct_of_peak_sustained_active' THEN hi_value END) AS issue_active_pct_hi,
  max(CASE WHEN metric = 'smsp__average_warps_issue_stalled_imc_miss_per_issue_active.ratio' THEN value END) AS stall_const_miss,
  max(CASE WHEN metric = 'smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio' THEN value END) AS stall_no_instruction,
  max(CASE WHEN metric = 'smsp__issue_active.avg.pct_of_peak_sustained_active' THEN value END) AS issue_active_pct,
  max(CASE WHEN metric = 'sm__throughput.avg.pct_of_peak_sustained_elapsed' THEN value END) AS sm_pct,
  max(CASE WHEN metric = 'sm__warps_active.avg.pct_of_peak_sustained_active' THEN value END) AS occupancy_pct,
  max(CASE WHEN metric = 'smsp__inst_executed.sum' THEN value END) AS instructions,
  max(CASE WHEN metric = 'dram__bytes_read.sum' THEN value END) AS dram_read_bytes,
  max(CASE WHEN metric = 'gpu__time_duration.sum' THEN value END) AS duration_ns
FROM counter_config WHERE study IN ('distance', 'raytrace')
GROUP BY device_id, binary, config_key;

-- Local-memory traffic of the access study (set 'local'), one row per device
-- and configuration: the L1 sectors of local loads and stores, the L2 sectors
-- read and written on behalf of L1 (local and global), and the DRAM bytes
-- read and written (dram_bytes_lo, _hi: the passes' range of their sum):
-- local memory is DRAM if its spills reach DRAM, i.e.
-- dram bytes beyond the useful global traffic.
CREATE VIEW IF NOT EXISTS counter_local AS
SELECT device_id, variant, n, block, params, config_key, json_extract(params, '$.l1') AS l1,
  max(CASE WHEN metric = 'l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum' THEN value END) AS local_ld_sectors,
  max(CASE WHEN metric = 'l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum' THEN value END) AS local_st_sectors,
  max(CASE WHEN metric = 'lts__t_sectors_srcunit_tex_op_read.sum' THEN value END) AS l2_read_sectors,
  max(CASE WHEN metric = 'lts__t_sectors_srcunit_tex_op_write.sum' THEN value END) AS l2_write_sectors,
  max(CASE WHEN metric = 'dram__bytes_read.sum' THEN value END) AS dram_read_bytes,
  max(CASE WHEN metric = 'dram__bytes_write.sum' THEN value END) AS dram_write_bytes,
  sum(CASE WHEN metric IN ('dram__bytes_read.sum', 'dram__bytes_write.sum') THEN lo_value END) AS dram_bytes_lo,
  sum(CASE WHEN metric IN ('dram__bytes_read.sum', 'dram__bytes_write.sum') THEN hi_value END) AS dram_bytes_hi,
  max(CASE WHEN metric = 'lts__t_sector_hit_rate.pct' THEN value END) AS l2_hit_pct
FROM counter_config WHERE study = 'access' AND variant LIKE 'local-%'
GROUP BY device_id, binary, config_key;

-- ---------------------------------------------- claims from intervals --
-- The time-based claims of the constant-memory and access studies are judged
-- like the ladder's: from config_stats' 95% intervals (stats_default, the
-- default cold configurations over all runs). A ratio of two times a / b
-- runs from a_lo / b_hi to a_hi / b_lo; a threshold is met when the whole
-- interval is on its side, missed when the whole interval is on the other,
-- and the comparison is inconclusive otherwise. A claim over several
-- configurations holds when every one meets it, does not hold when every one
-- misses it, holds in part when some meet and some miss, and is inconclusive
-- otherwise. Thresholds: report_setting.
INSERT OR REPLACE INTO report_setting VALUES
  ('serialise_lo', 8, 'claim 000-serialise: the least slowdown of constant reads at k = 16 over k = 1 of the seed''s magnitude (half its 16x)'),
  ('serialise_hi', 32, 'claim 000-serialise: the largest slowdown of the seed''s magnitude (a warp''s 32 lanes serialised)'),
  ('serialise_min', 2, 'claim 000-serialise: a slowdown of at least this, and this times global memory''s, is serialisation of another magnitude'),
  ('flat_tol', 0.10, 'claim 004-flat: times within this fraction of offset 0''s show no trend'),
  ('sector_tol', 5, 'claim 004-sector: percentage points within which the bytes used per sector match the seed''s'),
  ('l2seg_tol', 0.1, 'claim 004-l2seg: sectors per request within this of the seed''s 5 segments'),
  ('l1trans_holds', 11.5, 'claim 004-l1trans: sectors per load request with L1 on from which 3 lines of 128 bytes are moved'),
  ('l1trans_part', 7.5, 'claim 004-l1trans: sectors per load request from which 2 lines are moved (holds in part)'),
  ('cached_hit_min', 0.95, 'claim 000-cached: the least share of the constant kernel''s indexed-constant-cache (IDC) requests at k = 1 that hit, over the whole range of the profiled passes, for repeated reads to cost no extra traffic');

-- The distance field's default configurations (16 x 16 tiles) with their
-- interval, over all runs.
CREATE VIEW IF NOT EXISTS distance_ci AS
SELECT device_id, variant, json_extract(params, '$.grid') AS grid, json_extract(params, '$.points') AS p,
       json_extract(params, '$.k') AS k, median_ms AS ms, lo_ms, hi_ms
FROM stats_default WHERE study = 'distance' AND json_extract(params, '$.tile') = 16;

-- Uniform access (k = 1) per device and (grid, P): constant over global
-- (global time / constant time) and its interval; fastest = 1 where
-- constant's whole interval is below every other space's, 0 where another
-- space's whole interval is below constant's, NULL otherwise.
CREATE VIEW IF NOT EXISTS const_uniform_ci AS
WITH d AS MATERIALIZED (SELECT * FROM distance_ci WHERE k = 1),
o AS (SELECT device_id, grid, p, min(lo_ms) AS lo_ms, min(hi_ms) AS hi_ms FROM d WHERE variant <> 'constant'
      GROUP BY device_id, grid, p)
SELECT c.device_id, c.grid, c.p, g.ms / c.ms AS x, g.lo_ms / c.hi_ms AS x_lo, g.hi_ms / c.lo_ms AS x_hi,
  CASE WHEN c.hi_ms < o.lo_ms THEN 1 WHEN c.lo_ms > o.hi_ms THEN 0 END AS fastest
FROM d c JOIN d g ON g.device_id = c.device_id AND g.grid = c.grid AND g.p = c.p AND g.variant = 'global'
  JOIN o ON o.device_id = c.device_id AND o.grid = c.grid AND o.p = c.p
WHERE c.variant = 'constant';

-- The serialisation curve at 2048 x 2048, 1024 points, per device and k:
-- each memory space's median and interval.
CREATE VIEW IF NOT EXISTS const_k_ci AS
SELECT device_id, k,
  max(CASE WHEN variant = 'global' THEN ms END) AS g, max(CASE WHEN variant = 'global' THEN lo_ms END) AS g_lo,
  max(CASE WHEN variant = 'global' THEN hi_ms END) AS g_hi,
  max(CASE WHEN variant = 'constant' THEN ms END) AS c, max(CASE WHEN variant = 'constant' THEN lo_ms END) AS c_lo,
  max(CASE WHEN variant = 'constant' THEN hi_ms END) AS c_hi,
  max(CASE WHEN variant = 'readonly' THEN ms END) AS r, max(CASE WHEN variant = 'readonly' THEN lo_ms END) AS r_lo,
  max(CASE WHEN variant = 'readonly' THEN hi_ms END) AS r_hi
FROM distance_ci, size z WHERE grid = z.dist_grid AND p = z.dist_points GROUP BY device_id, k;

-- The ratios the divergent-access claims read, per device, with intervals:
-- constant at k = 16 (and 32) over constant at k = 1, the same for global,
-- constant over global at k = 16, constant over read-only at k = 32.
CREATE VIEW IF NOT EXISTS const_slow_ci AS
SELECT a.device_id,
  b16.c / a.c AS c16, b16.c_lo / a.c_hi AS c16_lo, b16.c_hi / a.c_lo AS c16_hi, b32.c / a.c AS c32,
  b16.g / a.g AS g16, b16.g_lo / a.g_hi AS g16_lo, b16.g_hi / a.g_lo AS g16_hi,
  b16.c / b16.g AS cg16, b16.c_lo / b16.g_hi AS cg16_lo, b16.c_hi / b16.g_lo AS cg16_hi,
  b32.c / b32.r AS cr32, b32.c_lo / b32.r_hi AS cr32_lo, b32.c_hi / b32.r_lo AS cr32_hi
FROM const_k_ci a JOIN const_k_ci b16 ON b16.device_id = a.device_id AND b16.k = 16
  JOIN const_k_ci b32 ON b32.device_id = a.device_id AND b32.k = 32 WHERE a.k = 1;

-- Ray tracer: constant over global per (size, spheres), with its interval.
CREATE VIEW IF NOT EXISTS rt_pair_ci AS
SELECT g.device_id, json_extract(g.params, '$.size') AS size, json_extract(g.params, '$.spheres') AS spheres,
       g.median_ms / c.median_ms AS x, g.lo_ms / c.hi_ms AS x_lo, g.hi_ms / c.lo_ms AS x_hi
FROM stats_default g JOIN stats_default c ON c.device_id = g.device_id AND c.study = g.study
  AND c.config_key = replace(g.config_key, 'variant=global', 'variant=constant')
WHERE g.study = 'raytrace' AND g.variant = 'global';

-- Seed 004's configuration (offset read, 2^20 floats, block 512): the time
-- at offsets 11 and 128 over offset 0's, per device and L1 mode, with intervals.
CREATE VIEW IF NOT EXISTS access_flat_ci AS
WITH a AS (SELECT device_id, CAST(json_extract(params, '$.k') AS INTEGER) AS k, json_extract(params, '$.l1') AS l1,
                  median_ms AS ms, lo_ms, hi_ms
           FROM stats_default WHERE study = 'access' AND variant = 'read-offset' AND n = (SELECT n_access_seed FROM size) AND block = 512)
SELECT t.device_id, t.l1, t.k, z.ms AS ms0, t.ms, t.ms / z.ms AS x, t.lo_ms / z.hi_ms AS x_lo, t.hi_ms / z.lo_ms AS x_hi
FROM a t JOIN a z ON z.device_id = t.device_id AND z.l1 = t.l1 AND z.k = 0 WHERE t.k IN (11, 128);

-- ------------------------------------------------------- profile runs --
-- Profile runs that are not whole: a run of kind 'profile' that did not
-- complete (interrupted, failed, or left 'running': killed), or whose
-- counters lack metrics of its set (table profile_set_metric, from
-- experiments/harness/profile.c): ncu refused them, or they were cut off
-- (before commit baf2c81 the harness kept only ncu's first 256 CSV
-- columns). The set is the one its counters name, else the one its command
-- line names.
CREATE VIEW IF NOT EXISTS profile_run_gap AS
WITH u AS (SELECT u.*, substr(u.argv, instr(u.argv, '--profile ') + 10) || ' ' AS tail FROM run u WHERE u.kind = 'profile'),
r AS (SELECT u.run_id, u.device_id, u.binary, u.status, u.note, u.started_utc,
             coalesce((SELECT max(c.metric_set) FROM counter c WHERE c.run_id = u.run_id),
                      substr(u.tail, 1, instr(u.tail, ' ') - 1)) AS metric_set,
             (SELECT count(DISTINCT c.config_key) FROM counter c WHERE c.run_id = u.run_id) AS configs
      FROM u),
m AS (SELECT r.run_id, count(*) AS n_missing, group_concat(p.metric, ' ') AS missing
      FROM r JOIN profile_set_metric p ON p.metric_set = r.metric_set
      WHERE NOT EXISTS (SELECT 1 FROM counter c WHERE c.run_id = r.run_id AND c.metric = p.metric)
      GROUP BY r.run_id)
SELECT r.*, (SELECT count(*) FROM profile_set_metric p WHERE p.metric_set = r.metric_set) AS n_metrics,
       coalesce(m.n_missing, 0) AS n_missing, m.missing
FROM r LEFT JOIN m USING (run_id)
WHERE r.status <> 'complete' OR m.n_missing > 0;

-- ------------------------------------------------------- seeds' claims --
-- Every claim of the five seed documents (/work/shared/seeds/README.md): its
-- id, seed, wording, the seed's own number where it gives one, and the rule
-- that turns the measurements into a verdict (the thresholds are stated here
-- and printed in the report). claim_verdict below applies the rules.
DELETE FROM seed_claim;
INSERT INTO seed_claim VALUES
 ('000-broadcast', 1, '000, 002', 'a constant read is broadcast to a half-warp, so its traffic is about 1/16 of global reads', 0.0625,
  'Nsight Compute (set constant, distance field at k = 1, every lane of a warp reading one point): on-chip requests per warp-level load, the constant kernel''s indexed-constant-cache (IDC) requests over the global kernel''s L1 global-load requests, from the passes'' range (lowest over highest to highest over lowest): holds if within seed_tolerance of the seed''s 1/16; does not hold if constant makes no fewer requests by the ''faster'' factor (a uniform global load is one request too); other magnitude if fewer, outside seed_tolerance; else inconclusive. Evidence: the global loads'' sectors per request, and the IDC requests at k = 32 over k = 1 (serialisation)'),
 ('000-cached', 2, '000', 'constant data is cached: repeated reads of one address cost no extra traffic', NULL,
  'Nsight Compute (set constant, distance field at k = 1): the constant kernel''s IDC lookup hits over its IDC requests (every thread reads every point, so all but the first reads can hit): holds if at least cached_hit_min over the passes'' whole range, does not hold if wholly below, else inconclusive'),
 ('000-faster', 3, '000, 002', 'hence __constant__ beats global memory when all threads read one point (distance field, k = 1)', NULL,
  'constant over global at k = 1, in every (grid, P) configuration: holds if the whole 95% interval of the ratio is at least the ''faster'' factor in all; does not hold if wholly below in all; in part if some are and some are not; else inconclusive'),
 ('000-serialise', 4, '000, 001', 'divergent constant reads serialise: up to 16x slower when a half-warp reads 16 addresses', 16,
  'constant time at k = 16 over k = 1 (2048 x 2048, 1024 points), 95% interval: holds if within serialise_lo to serialise_hi; other magnitude if wholly outside them, at least serialise_min and serialise_min times global''s ratio; does not hold if wholly below serialise_min (or its multiple of global''s); else inconclusive'),
 ('000-hurts', 5, '000', 'then constant memory hurts: slower than global memory', NULL,
  'constant over global at k = 16 (2048 x 2048, 1024 points): holds if the whole 95% interval is at least the ''faster'' factor, does not hold if wholly below, else inconclusive'),
 ('001-uniform', 6, '001', 'constant memory is the fastest space when all threads read one address', NULL,
  'at k = 1 in every configuration: constant is fastest where its whole 95% interval is below every other space''s, not where another''s is wholly below it; holds if fastest in all, does not hold if in none, in part if in some and not in others, else inconclusive'),
 ('001-64k', 7, '001', 'constant memory holds 64 KB', 65536,
  'holds if the configurations that fill 64 KB (8192 points, 2340 spheres) ran and were verified'),
 ('001-readonly', 8, '001', 'read-only arrays read at different addresses belong in the texture/read-only path, not in constant memory', NULL,
  'constant over read-only at k = 32 (2048 x 2048, 1024 points): holds if the whole 95% interval is at least the ''faster'' factor, does not hold if wholly below, else inconclusive'),
 ('001-texture', 9, '001', 'texture caching can exceed the global-memory bandwidth on reuse', NULL,
  'stencil study at its largest image, the texture path against the global-load path of the same kernel on the same card (requested-bytes GB/s, 25 taps x 4 bytes per pixel): holds if the whole 95% interval of the texture path is above the global path''s, does not hold if wholly below, else inconclusive'),
 ('001-local', 10, '001', 'local memory is DRAM: register spills and run-time indexed arrays can cause a sudden slowdown', NULL,
  'Nsight Compute (set local): holds if the run-time indexed array (local-dynamic) moves more DRAM bytes than the register version (local-static) by the ''faster'' factor, does not hold if not; time alone cannot tell DRAM from the L1 and L2'),
 ('002-faster', 11, '002', 'spheres in constant memory make the ray tracer faster than spheres in global memory', NULL,
  'global over constant in every (size, spheres) configuration: holds if the whole 95% interval of the ratio is at least the ''faster'' factor in all; does not hold if wholly below in all; in part if some are and some are not; else inconclusive'),
 ('002-idle', 12, '002', 'constant memory reduces the bandwidth used and the idle time of the arithmetic units', NULL,
  'Nsight Compute (set constant, ray tracer at each profiled sphere count): bandwidth: the global kernel reads at least the ''faster'' factor more DRAM bytes; idle: its share of issue slots left idle (100% less issue active) is at least the ''faster'' factor the constant kernel''s; holds if both, in part if one, does not hold if neither'),
 ('003-divergence', 13, '003', 'warp divergence matters: remapping the neighbored index makes it faster', NULL,
  'seed''s configuration (float32, 2^24^, block 1024): holds if faster by the ''faster'' factor over the whole 95% interval of the ratio'),
 ('003-interleaved', 14, '003', 'interleaved pairs are faster than neighbored pairs (2.48 ms -> 1.36 ms)', 1.8,
  'seed''s configuration: holds if the ratio''s interval is above interleaved_min and the ratio within seed_tolerance of the seed''s 1.8x; other magnitude if above interleaved_min only'),
 ('003-unroll', 15, '003', 'more data blocks per thread block hide latency until memory throughput saturates', NULL,
  'seed''s configuration: holds if unroll2, unroll4 and unroll8 are each faster than the step before (interval ratio above ''faster'') until one reaches saturated_pct_copy of the measured copy bandwidth, and one does; in part if every step is faster but none saturates'),
 ('003-lastwarp', 16, '003', 'unrolling the last warp helps further', NULL,
  'seed''s configuration: holds if unroll-warps8 is faster than unroll8 by the ''faster'' factor over the whole interval'),
 ('003-complete', 17, '003', 'completely unrolling the in-block loop helps further', NULL,
  'seed''s configuration: holds if complete-unroll-warps8 is faster than unroll-warps8 by the ''faster'' factor over the whole interval'),
 ('004-flat', 18, '004', 'the time shows no clear trend with the offset (0.090 / 0.084 / 0.083 ms at offsets 0 / 11 / 128)', NULL,
  'seed''s configuration (2^20^ floats, block 512): holds if the 95% intervals of the times at offsets 11 and 128 over offset 0''s lie within 1 +/- flat_tol, L1 on and off; does not hold if one lies wholly outside; else inconclusive'),
 ('004-sector', 19, '004', 'bytes used per 32-byte sector: 100% / 80% / 100% at offsets 0 / 11 / 128', 80,
  'Nsight Compute, offset read loads (2^24^, block 512): holds if within sector_tol points of the seed''s 100 / 80 / 100, L1 on and off'),
 ('004-l2seg', 20, '004', 'misaligned L2-only loads need up to 5 segments (at least 80% bus use)', 5,
  'Nsight Compute, L2-only (cg) loads of the offset read: holds if the most 32-byte sectors per warp request over all offsets is within l2seg_tol of the seed''s 5 (4 aligned)'),
 ('004-l1trans', 21, '004', 'with L1 (128-byte) loads a misaligned access needs up to 3 transactions', 3,
  'Nsight Compute sectors and requests: holds if a load request with L1 on moves at least l1trans_holds sectors (3 lines of 128 bytes), in part from l1trans_part (2 lines)');

-- The verdict of every claim on every device with a complete run. Verdicts:
-- 'holds', 'other magnitude' (the effect is there, its size differs from the
-- seed's), 'holds in part', 'does not hold', 'inconclusive' (a 95% interval
-- straddles the threshold, or for a claim on Nsight Compute counters the
-- range of the profiled passes does: such a claim reads each counter's
-- median, value, and its range, lo_value..hi_value of counter_config; a
-- ratio a / b of counters runs from a_lo / b_hi to a_hi / b_lo, so two
-- identical GPUs cannot get opposite verdicts from the passes' noise
-- alone), 'not measured' (the study has no results on this
-- device), 'not profiled on <GPU>' (the Nsight Compute counters the rule
-- needs were not stored for this device: `make profile`, or a set cut off,
-- see view profile_run_gap), 'not tested' (the data to judge it is missing).
CREATE VIEW IF NOT EXISTS claim_verdict AS
WITH dv AS (SELECT device_id, name, label FROM report_devices),
-- the counter views, evaluated once
cc AS MATERIALIZED (SELECT * FROM counter_constant), cl AS MATERIALIZED (SELECT * FROM counter_local),
ac AS MATERIALIZED (SELECT * FROM access_counter), slow AS MATERIALIZED (SELECT * FROM const_slow_ci),
has AS (SELECT dv.device_id, dv.name, 'not profiled on ' || dv.label AS unprofiled,
          (SELECT count(*) FROM latest_default l WHERE l.device_id = dv.device_id AND l.study = 'distance') AS n_dist,
          (SELECT count(*) FROM latest_default l WHERE l.device_id = dv.device_id AND l.study = 'raytrace') AS n_rt,
          (SELECT count(*) FROM latest_default l WHERE l.device_id = dv.device_id AND l.study = 'access') AS n_acc,
          (SELECT count(*) FROM cc c WHERE c.device_id = dv.device_id AND c.study = 'distance') AS n_cdist,
          (SELECT count(*) FROM cc c WHERE c.device_id = dv.device_id AND c.study = 'raytrace') AS n_crt,
          (SELECT count(*) FROM cl c WHERE c.device_id = dv.device_id) AS n_cloc,
          (SELECT count(*) FROM ac a WHERE a.device_id = dv.device_id) AS n_actr
        FROM dv),
-- the verdict over several configurations from the counts met / missed of n
cu AS (SELECT u.device_id, count(*) AS n, sum(u.x_lo >= s.faster) AS nf, sum(u.x_hi < s.faster) AS nn, min(u.x) AS lo,
              max(u.x) AS hi, sum(u.fastest = 1) AS nc, sum(u.fastest = 0) AS nnc
       FROM const_uniform_ci u, setting s GROUP BY u.device_id),
rt AS (SELECT r.device_id, count(*) AS n, sum(r.x_lo >= s.faster) AS nf, sum(r.x_hi < s.faster) AS nn, min(r.x) AS lo,
              max(r.x) AS hi FROM rt_pair_ci r, setting s GROUP BY r.device_id),
k64 AS (SELECT device_id, sum(study = 'distance' AND json_extract(params, '$.points') = 8192) AS nd,
               sum(study = 'raytrace' AND json_extract(params, '$.spheres') = 2340) AS nr
        FROM latest_default WHERE study IN ('distance', 'raytrace') GROUP BY device_id),
-- 000-broadcast, 000-cached: the distance kernels' on-chip counters (set
-- constant) at k = 1, where all 32 lanes of a warp read one point: the
-- constant kernel's IDC requests and lookup hits, the global kernel's L1
-- global-load requests and sectors (same grid, points and tile), with the
-- passes' range; x: IDC over L1 requests, x_lo..x_hi its range; hit: the
-- IDC hit share, hit_lo..hit_hi. loads: the warp-level loads of the points
-- either kernel issues (grid^2 / 32 warps x P points: one float2 load per
-- point), to print requests per load; c32_req: the constant kernel's IDC
-- requests at k = 32 (every lane another point), the serialisation.
cdr AS (SELECT c.device_id, json_extract(c.params, '$.grid') AS grid, json_extract(c.params, '$.points') AS p,
               c.idc_requests AS c_req, c.idc_misses AS c_miss, g.l1_ld_requests AS g_req, g.l1_ld_sectors AS g_sec,
               c.idc_requests / g.l1_ld_requests AS x, c.idc_requests_lo / g.l1_ld_requests_hi AS x_lo,
               c.idc_requests_hi / g.l1_ld_requests_lo AS x_hi, c.idc_hits / c.idc_requests AS hit,
               c.idc_hits_lo / c.idc_requests_hi AS hit_lo, min(1.0, c.idc_hits_hi / c.idc_requests_lo) AS hit_hi,
               1.0 * json_extract(c.params, '$.grid') * json_extract(c.params, '$.grid') / 32
                 * json_extract(c.params, '$.points') AS loads,
               (SELECT max(c32.idc_requests) FROM cc c32 WHERE c32.device_id = c.device_id AND c32.study = 'distance'
                  AND c32.variant = 'constant' AND json_extract(c32.params, '$.k') = 32
                  AND json_extract(c32.params, '$.grid') = json_extract(c.params, '$.grid')
                  AND json_extract(c32.params, '$.points') = json_extract(c.params, '$.points')
                  AND json_extract(c32.params, '$.tile') IS json_extract(c.params, '$.tile')) AS c32_req
        FROM cc c JOIN cc g ON g.device_id = c.device_id AND g.study = 'distance'
          AND g.variant = 'global' AND g.params = c.params
        WHERE c.study = 'distance' AND c.variant = 'constant' AND json_extract(c.params, '$.k') = 1
          AND c.config_key = (SELECT max(c2.config_key) FROM cc c2 WHERE c2.device_id = c.device_id
                AND c2.study = 'distance' AND c2.variant = 'constant' AND json_extract(c2.params, '$.k') = 1)),
-- 002-idle: the ray tracer's DRAM bytes and idle issue slots (set constant),
-- global over constant, per profiled sphere count
-- (bw_lo, idle_lo: the least lower end over the sphere counts of each
-- ratio's range over the passes; bw_hi, idle_hi: the least upper end)
cri AS (SELECT c.device_id, count(*) AS n,
               min(g.dram_read_bytes_lo / c.dram_read_bytes_hi) AS bw_lo,
               min(g.dram_read_bytes_hi / c.dram_read_bytes_lo) AS bw_hi,
               min((100 - g.issue_active_pct_hi) / (100 - c.issue_active_pct_lo)) AS idle_lo,
               min((100 - g.issue_active_pct_lo) / (100 - c.issue_active_pct_hi)) AS idle_hi,
               sum(c.issue_active_pct IS NULL OR g.issue_active_pct IS NULL) AS idle_missing,
               sum(c.dram_read_bytes IS NULL OR g.dram_read_bytes IS NULL) AS bw_missing,
               group_concat(printf('%.2fx [%.2f, %.2f] at %d spheres', g.dram_read_bytes / c.dram_read_bytes,
                                   g.dram_read_bytes_lo / c.dram_read_bytes_hi, g.dram_read_bytes_hi / c.dram_read_bytes_lo,
                                   json_extract(c.params, '$.spheres')), ', ') AS bw_text,
               group_concat(printf('%.2fx [%.2f, %.2f]', (100 - g.issue_active_pct) / (100 - c.issue_active_pct),
                                   (100 - g.issue_active_pct_hi) / (100 - c.issue_active_pct_lo),
                                   (100 - g.issue_active_pct_lo) / (100 - c.issue_active_pct_hi)), ', ') AS idle_text
        FROM cc c JOIN cc g ON g.device_id = c.device_id AND g.study = 'raytrace'
          AND g.variant = 'global' AND g.params = c.params
        WHERE c.study = 'raytrace' AND c.variant = 'constant' GROUP BY c.device_id),
-- 001-texture: the stencil's tex variant at the largest size it ran (cold,
-- single launches), its requested-bytes GB/s interval against that of the
-- global-load variant of the same kernel, size and block on the same card
-- (thr: the global path's upper end, thr_lo its lower end)
tex AS (SELECT s.device_id, s.gbps, s.gbps_lo, s.gbps_hi, json_extract(s.params, '$.size') AS size,
               g.gbps AS g_gbps, g.gbps_hi AS thr, g.gbps_lo AS thr_lo
        FROM config_stats s JOIN config_stats g ON g.device_id = s.device_id AND g.study = s.study AND g.variant = 'global'
          AND g.params = s.params AND g.block = s.block AND g.flush = s.flush AND g.mode = s.mode AND g.cache = s.cache
        WHERE s.study = 'stencil' AND s.variant = 'tex' AND s.flush = 'clean' AND s.mode = 'single'
          AND json_extract(s.params, '$.size') = (SELECT max(json_extract(s2.params, '$.size')) FROM config_stats s2
                WHERE s2.device_id = s.device_id AND s2.study = 'stencil' AND s2.variant = 'tex'
                  AND s2.flush = 'clean' AND s2.mode = 'single')
          AND s.block = (SELECT min(s3.block) FROM config_stats s3 WHERE s3.device_id = s.device_id
                AND s3.study = 'stencil' AND s3.variant = 'tex' AND s3.params = s.params
                AND s3.flush = 'clean' AND s3.mode = 'single')),
loc AS (SELECT d.device_id, d.ms / s.ms AS x FROM access_t d JOIN access_t s ON s.device_id = d.device_id
          AND s.variant = 'local-static' AND s.n = d.n AND s.block = d.block AND s.l1 = d.l1
        WHERE d.variant = 'local-dynamic' AND d.n = (SELECT n_access FROM size) AND d.block = 256 AND d.l1 = 'ca'),
fl AS (SELECT f.device_id, count(*) AS n,
          sum(f.x_lo >= 1 - s.flat_tol AND f.x_hi <= 1 + s.flat_tol) AS n_in,
          sum(f.x_hi < 1 - s.flat_tol OR f.x_lo > 1 + s.flat_tol) AS n_out,
          max(CASE WHEN f.l1 = 'ca' THEN f.ms0 END) AS ca0, max(CASE WHEN f.l1 = 'ca' AND f.k = 11 THEN f.ms END) AS ca11,
          max(CASE WHEN f.l1 = 'ca' AND f.k = 128 THEN f.ms END) AS ca128, max(CASE WHEN f.l1 = 'cg' THEN f.ms0 END) AS cg0,
          max(CASE WHEN f.l1 = 'cg' AND f.k = 11 THEN f.ms END) AS cg11, max(CASE WHEN f.l1 = 'cg' AND f.k = 128 THEN f.ms END) AS cg128,
          min(f.x_lo) AS x_lo, max(f.x_hi) AS x_hi
        FROM access_flat_ci f, (SELECT value AS flat_tol FROM report_setting WHERE key = 'flat_tol') s GROUP BY f.device_id),
sec AS (SELECT device_id,
          max(CASE WHEN l1 = 'ca' AND k = 0 THEN value END) AS ca0, max(CASE WHEN l1 = 'ca' AND k = 11 THEN value END) AS ca11,
          max(CASE WHEN l1 = 'ca' AND k = 128 THEN value END) AS ca128, max(CASE WHEN l1 = 'cg' AND k = 0 THEN value END) AS cg0,
          max(CASE WHEN l1 = 'cg' AND k = 11 THEN value END) AS cg11, max(CASE WHEN l1 = 'cg' AND k = 128 THEN value END) AS cg128,
          -- the distance from the seed's value (tgt: offset 11's is the claim's, the others' 100%) over the
          -- passes' range: dev_hi its largest, dev_lo its least (0 where the range takes the seed's value in)
          max(max(abs(lo - tgt), abs(hi - tgt))) AS dev_hi,
          max(CASE WHEN tgt BETWEEN lo AND hi THEN 0 ELSE min(abs(lo - tgt), abs(hi - tgt)) END) AS dev_lo
        FROM (SELECT a.*, CASE WHEN a.k = 11 THEN (SELECT c.value FROM seed_claim c WHERE c.claim_id = '004-sector')
                               ELSE 100 END AS tgt
              FROM ac a WHERE a.variant = 'read-offset' AND a.k IN (0, 11, 128)
                AND a.metric = 'smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct')
        GROUP BY device_id),
-- sectors per request (mx_lo, mx_hi: the largest over the passes' range)
spr AS (SELECT s.device_id, max(s.value / r.value) AS mx, min(s.value / r.value) AS mn,
               max(s.lo / r.hi) AS mx_lo, max(s.hi / r.lo) AS mx_hi
        FROM ac s JOIN ac r ON r.device_id = s.device_id AND r.config_key = s.config_key
          AND r.metric = 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum'
        WHERE s.metric = 'l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum' AND s.variant = 'read-offset' AND s.l1 = 'cg'
        GROUP BY s.device_id),
spr_ca AS (SELECT s.device_id, max(s.value / r.value) AS mx, max(s.lo / r.hi) AS mx_lo, max(s.hi / r.lo) AS mx_hi
        FROM ac s JOIN ac r ON r.device_id = s.device_id AND r.config_key = s.config_key
          AND r.metric = 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum'
        WHERE s.metric = 'l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum' AND s.variant = 'read-offset' AND s.l1 = 'ca'
        GROUP BY s.device_id),
-- the thresholds of report_setting by name
st AS (SELECT (SELECT value FROM report_setting WHERE key = 'serialise_lo') AS serialise_lo,
              (SELECT value FROM report_setting WHERE key = 'serialise_hi') AS serialise_hi,
              (SELECT value FROM report_setting WHERE key = 'serialise_min') AS serialise_min,
              (SELECT value FROM report_setting WHERE key = 'sector_tol') AS sector_tol,
              (SELECT value FROM report_setting WHERE key = 'l2seg_tol') AS l2seg_tol,
              (SELECT value FROM report_setting WHERE key = 'l1trans_holds') AS l1trans_holds,
              (SELECT value FROM report_setting WHERE key = 'l1trans_part') AS l1trans_part,
              (SELECT value FROM report_setting WHERE key = 'cached_hit_min') AS cached_hit_min)
SELECT '000-broadcast' AS claim_id, h.device_id, h.name AS device,
  CASE WHEN h.n_dist = 0 THEN 'no distance results'
       WHEN b.x IS NULL THEN 'IDC requests of the constant kernel and L1 global-load requests of the global kernel at k = 1 not stored (make profile, set constant)'
       ELSE printf('at k = 1 (%d x %d, %d points), per warp-level load: constant %.3g IDC requests, global %.3g L1 requests of %.3g sectors each; IDC over L1 requests %.4f [%.4f, %.4f] over the passes (seed %.4f)',
                   b.grid, b.grid, b.p, b.c_req / b.loads, b.g_req / b.loads, b.g_sec / b.g_req, b.x, b.x_lo, b.x_hi, c.value)
            || CASE WHEN b.c32_req IS NULL THEN '' ELSE printf('; at k = 32 the constant kernel makes %.1fx its IDC requests of k = 1', b.c32_req / b.c_req) END
       END AS evidence,
  CASE WHEN h.n_dist = 0 THEN 'not measured' WHEN b.x IS NULL THEN h.unprofiled
       WHEN b.x_lo >= c.value * (1 - t.seed_tolerance) AND b.x_hi <= c.value * (1 + t.seed_tolerance) THEN 'holds'
       WHEN b.x_lo >= 1 / t.faster THEN 'does not hold'
       WHEN b.x_hi < 1 / t.faster AND (b.x_hi < c.value * (1 - t.seed_tolerance) OR b.x_lo > c.value * (1 + t.seed_tolerance))
         THEN 'other magnitude'
       ELSE 'inconclusive' END AS verdict
FROM has h, setting t JOIN seed_claim c ON c.claim_id = '000-broadcast' LEFT JOIN cdr b ON b.device_id = h.device_id
UNION ALL
SELECT '000-cached', h.device_id, h.name,
  CASE WHEN h.n_dist = 0 THEN 'no distance results'
       WHEN b.hit IS NULL THEN 'IDC requests and lookup hits of the constant kernel at k = 1 not stored (make profile, set constant)'
       ELSE printf('at k = 1 (%d x %d, %d points) %.2f%% [%.2f, %.2f] of the constant kernel''s IDC requests hit over the passes (%d misses in %d requests)',
                   b.grid, b.grid, b.p, 100 * b.hit, 100 * b.hit_lo, 100 * b.hit_hi, CAST(b.c_miss AS INTEGER),
                   CAST(b.c_req AS INTEGER)) END,
  CASE WHEN h.n_dist = 0 THEN 'not measured' WHEN b.hit IS NULL THEN h.unprofiled
       WHEN b.hit_lo >= st.cached_hit_min THEN 'holds' WHEN b.hit_hi < st.cached_hit_min THEN 'does not hold'
       ELSE 'inconclusive' END
FROM has h, st LEFT JOIN cdr b ON b.device_id = h.device_id
UNION ALL
SELECT '000-faster', h.device_id, h.name,
  CASE WHEN cu.n IS NULL THEN 'no distance results'
       ELSE printf('constant faster over the whole interval in %d of %d configurations, not in %d, inconclusive in %d; %.2fx to %.2fx',
                   cu.nf, cu.n, cu.nn, cu.n - cu.nf - cu.nn, cu.lo, cu.hi) END,
  CASE WHEN cu.n IS NULL THEN 'not measured' WHEN cu.nf = cu.n THEN 'holds' WHEN cu.nn = cu.n THEN 'does not hold'
       WHEN cu.nf > 0 AND cu.nn > 0 THEN 'holds in part' ELSE 'inconclusive' END
FROM has h LEFT JOIN cu USING (device_id)
UNION ALL
SELECT '000-serialise', h.device_id, h.name,
  CASE WHEN s.c16 IS NULL THEN 'no distance results'
       ELSE printf('constant %.2fx [%.2f, %.2f] slower at k = 16, %.2fx at k = 32; global %.2fx [%.2f, %.2f] at k = 16',
                   s.c16, s.c16_lo, s.c16_hi, s.c32, s.g16, s.g16_lo, s.g16_hi) END,
  CASE WHEN s.c16 IS NULL THEN 'not measured'
       WHEN s.c16_lo >= st.serialise_lo AND s.c16_hi <= st.serialise_hi THEN 'holds'
       WHEN s.c16_hi < st.serialise_min OR s.c16_hi < st.serialise_min * s.g16_lo THEN 'does not hold'
       WHEN s.c16_lo >= st.serialise_min AND s.c16_lo >= st.serialise_min * s.g16_hi
            AND (s.c16_hi < st.serialise_lo OR s.c16_lo > st.serialise_hi) THEN 'other magnitude'
       ELSE 'inconclusive' END
FROM has h, st LEFT JOIN slow s USING (device_id)
UNION ALL
SELECT '000-hurts', h.device_id, h.name,
  CASE WHEN s.cg16 IS NULL THEN 'no distance results'
       ELSE printf('at k = 16 constant takes %.2fx [%.2f, %.2f] the time of global', s.cg16, s.cg16_lo, s.cg16_hi) END,
  CASE WHEN s.cg16 IS NULL THEN 'not measured' WHEN s.cg16_lo >= t.faster THEN 'holds'
       WHEN s.cg16_hi < t.faster THEN 'does not hold' ELSE 'inconclusive' END
FROM has h, setting t LEFT JOIN slow s USING (device_id)
UNION ALL
SELECT '001-uniform', h.device_id, h.name,
  CASE WHEN cu.n IS NULL THEN 'no distance results'
       ELSE printf('constant fastest of the four spaces over the whole interval in %d of %d configurations, not in %d, inconclusive in %d',
                   cu.nc, cu.n, cu.nnc, cu.n - cu.nc - cu.nnc) END,
  CASE WHEN cu.n IS NULL THEN 'not measured' WHEN cu.nc = cu.n THEN 'holds' WHEN cu.nnc = cu.n THEN 'does not hold'
       WHEN cu.nc > 0 AND cu.nnc > 0 THEN 'holds in part' ELSE 'inconclusive' END
FROM has h LEFT JOIN cu USING (device_id)
UNION ALL
SELECT '001-64k', h.device_id, h.name,
  CASE WHEN k.device_id IS NULL THEN 'no constant-memory results'
       ELSE printf('%d verified distance configurations with 8192 points, %d ray tracer ones with 2340 spheres', k.nd, k.nr) END,
  CASE WHEN k.device_id IS NULL THEN 'not measured' WHEN k.nd > 0 AND k.nr > 0 THEN 'holds' ELSE 'not tested' END
FROM has h LEFT JOIN k64 k USING (device_id)
UNION ALL
SELECT '001-readonly', h.device_id, h.name,
  CASE WHEN s.cr32 IS NULL THEN 'no distance results'
       ELSE printf('at k = 32 constant takes %.2fx [%.2f, %.2f] the time of read-only', s.cr32, s.cr32_lo, s.cr32_hi) END,
  CASE WHEN s.cr32 IS NULL THEN 'not measured' WHEN s.cr32_lo >= t.faster THEN 'holds'
       WHEN s.cr32_hi < t.faster THEN 'does not hold' ELSE 'inconclusive' END
FROM has h, setting t LEFT JOIN slow s USING (device_id)
UNION ALL
SELECT '001-texture', h.device_id, h.name,
  CASE WHEN t.gbps IS NULL THEN 'no stencil results'
       ELSE printf('stencil at %d x %d: texture %.0f GB/s requested (95%%: %.0f to %.0f), global loads %.0f (%.0f to %.0f)', t.size, t.size,
                   t.gbps, t.gbps_lo, t.gbps_hi, t.g_gbps, t.thr_lo, t.thr) END,
  CASE WHEN t.gbps IS NULL THEN 'not measured' WHEN t.gbps_lo > t.thr THEN 'holds'
       WHEN t.gbps_hi < t.thr_lo THEN 'does not hold' ELSE 'inconclusive' END
FROM has h LEFT JOIN tex t USING (device_id)
UNION ALL
SELECT '001-local', h.device_id, h.name,
  CASE WHEN h.n_acc = 0 THEN 'no access results'
       WHEN l.dyn IS NULL THEN printf('local array %.2fx the time of registers; DRAM counters (make profile, set local) not stored', lt.x)
       ELSE printf('DRAM bytes of the local array %.3gx [%.3g, %.3g] those of the register version over the passes; time %.2fx',
                   l.dyn / l.stat, l.dyn_lo / l.stat_hi, l.dyn_hi / l.stat_lo, lt.x) END,
  CASE WHEN h.n_acc = 0 THEN 'not measured' WHEN l.dyn IS NULL THEN h.unprofiled
       WHEN l.dyn_lo >= t.faster * l.stat_hi THEN 'holds' WHEN l.dyn_hi < t.faster * l.stat_lo THEN 'does not hold'
       ELSE 'inconclusive' END
FROM has h, setting t LEFT JOIN loc lt USING (device_id)
LEFT JOIN (SELECT d.device_id, d.dram_read_bytes + d.dram_write_bytes AS dyn, s.dram_read_bytes + s.dram_write_bytes AS stat,
                  d.dram_bytes_lo AS dyn_lo, d.dram_bytes_hi AS dyn_hi, s.dram_bytes_lo AS stat_lo, s.dram_bytes_hi AS stat_hi
           FROM cl d JOIN cl s ON s.device_id = d.device_id AND s.variant = 'local-static'
             AND s.n = d.n AND s.block = d.block AND s.l1 = d.l1
           WHERE d.variant = 'local-dynamic' AND d.l1 = 'ca'
             AND d.n = (SELECT max(n) FROM cl c WHERE c.device_id = d.device_id AND c.variant = 'local-dynamic')) l
  ON l.device_id = h.device_id
UNION ALL
SELECT '002-faster', h.device_id, h.name,
  CASE WHEN r.n IS NULL THEN 'no ray tracer results'
       ELSE printf('constant faster over the whole interval in %d of %d configurations, not in %d, inconclusive in %d; %.2fx to %.2fx',
                   r.nf, r.n, r.nn, r.n - r.nf - r.nn, r.lo, r.hi) END,
  CASE WHEN r.n IS NULL THEN 'not measured' WHEN r.nf = r.n THEN 'holds' WHEN r.nn = r.n THEN 'does not hold'
       WHEN r.nf > 0 AND r.nn > 0 THEN 'holds in part' ELSE 'inconclusive' END
FROM has h LEFT JOIN rt r USING (device_id)
UNION ALL
SELECT '002-idle', h.device_id, h.name,
  CASE WHEN h.n_rt = 0 THEN 'no ray tracer results'
       WHEN i.n IS NULL OR i.bw_missing > 0 THEN 'DRAM bytes and issue activity of the ray tracer not stored (make profile, set constant)'
       WHEN i.idle_missing > 0 THEN printf('DRAM bytes read, global over constant: %s; idle issue slots not stored (set constant cut off, see the provenance)', i.bw_text)
       ELSE printf('DRAM bytes read, global over constant: %s; idle issue slots, global over constant: %s', i.bw_text, i.idle_text) END,
  CASE WHEN h.n_rt = 0 THEN 'not measured' WHEN i.n IS NULL OR i.bw_missing > 0 OR i.idle_missing > 0 THEN h.unprofiled
       WHEN i.bw_lo >= t.faster AND i.idle_lo >= t.faster THEN 'holds'
       WHEN (i.bw_lo >= t.faster AND i.idle_hi < t.faster) OR (i.idle_lo >= t.faster AND i.bw_hi < t.faster) THEN 'holds in part'
       WHEN i.bw_hi < t.faster AND i.idle_hi < t.faster THEN 'does not hold'
       ELSE 'inconclusive' END
FROM has h, setting t LEFT JOIN cri i USING (device_id)
UNION ALL
SELECT '003-divergence', h.device_id, h.name,
  CASE WHEN s.nld IS NULL OR s.nb IS NULL THEN 'no results in the seed''s configuration'
       ELSE printf('%.3f -> %.3f ms, %.2fx [%.2f, %.2f]', s.nb, s.nld, s.nb / s.nld, s.nb_lo / s.nld_hi, s.nb_hi / s.nld_lo) END,
  CASE WHEN s.nld IS NULL OR s.nb IS NULL THEN 'not measured' WHEN s.nb_lo / s.nld_hi >= t.faster THEN 'holds'
       WHEN s.nb_hi / s.nld_lo < t.faster THEN 'does not hold' ELSE 'inconclusive' END
FROM has h, setting t LEFT JOIN reduce_seedcfg s USING (device_id)
UNION ALL
SELECT '003-interleaved', h.device_id, h.name,
  CASE WHEN s.il IS NULL OR s.nb IS NULL THEN 'no results in the seed''s configuration'
       ELSE printf('%.3f -> %.3f ms, %.2fx [%.2f, %.2f] (seed: %.1fx)', s.nb, s.il, s.nb / s.il, s.nb_lo / s.il_hi, s.nb_hi / s.il_lo, c.value) END,
  CASE WHEN s.il IS NULL OR s.nb IS NULL THEN 'not measured'
       WHEN s.nb_lo / s.il_hi >= t.interleaved_min AND abs(s.nb / s.il / c.value - 1) <= t.seed_tolerance THEN 'holds'
       WHEN s.nb_lo / s.il_hi >= t.interleaved_min THEN 'other magnitude'
       WHEN s.nb_hi / s.il_lo < t.interleaved_min THEN 'does not hold' ELSE 'inconclusive' END
FROM has h, setting t LEFT JOIN reduce_seedcfg s USING (device_id) JOIN seed_claim c ON c.claim_id = '003-interleaved'
UNION ALL
SELECT '003-unroll', h.device_id, h.name,
  CASE WHEN s.u8 IS NULL OR s.il IS NULL THEN 'no results in the seed''s configuration'
       ELSE printf('step speedups %.2fx, %.2fx, %.2fx; unroll8 at %.0f%% [%.0f, %.0f] of the measured copy bandwidth', s.il / s.u2, s.u2 / s.u4, s.u4 / s.u8, s.u8_copy, s.u8_copy_lo, s.u8_copy_hi) END,
  CASE WHEN s.u8 IS NULL OR s.il IS NULL THEN 'not measured'
       WHEN s.il_hi / s.u2_lo < t.faster OR s.u2_hi / s.u4_lo < t.faster OR s.u4_hi / s.u8_lo < t.faster THEN
         CASE WHEN s.u8_copy_lo >= t.saturated_pct_copy THEN 'holds' ELSE 'does not hold' END
       WHEN s.il_lo / s.u2_hi >= t.faster AND s.u2_lo / s.u4_hi >= t.faster AND s.u4_lo / s.u8_hi >= t.faster THEN
         CASE WHEN s.u8_copy_lo >= t.saturated_pct_copy THEN 'holds' WHEN s.u8_copy_hi < t.saturated_pct_copy THEN 'holds in part'
              ELSE 'inconclusive' END
       ELSE 'inconclusive' END
FROM has h, setting t LEFT JOIN reduce_seedcfg s USING (device_id)
UNION ALL
SELECT '003-lastwarp', h.device_id, h.name,
  CASE WHEN s.uw8 IS NULL OR s.u8 IS NULL THEN 'no results in the seed''s configuration'
       ELSE printf('%.4f -> %.4f ms, %.2fx [%.2f, %.2f]', s.u8, s.uw8, s.u8 / s.uw8, s.u8_lo / s.uw8_hi, s.u8_hi / s.uw8_lo) END,
  CASE WHEN s.uw8 IS NULL OR s.u8 IS NULL THEN 'not measured' WHEN s.u8_lo / s.uw8_hi >= t.faster THEN 'holds'
       WHEN s.u8_hi / s.uw8_lo < t.faster THEN 'does not hold' ELSE 'inconclusive' END
FROM has h, setting t LEFT JOIN reduce_seedcfg s USING (device_id)
UNION ALL
SELECT '003-complete', h.device_id, h.name,
  CASE WHEN s.uw8 IS NULL OR s.cu8 IS NULL THEN 'no results in the seed''s configuration'
       ELSE printf('%.4f -> %.4f ms, %.2fx [%.2f, %.2f]', s.uw8, s.cu8, s.uw8 / s.cu8, s.uw8_lo / s.cu8_hi, s.uw8_hi / s.cu8_lo) END,
  CASE WHEN s.uw8 IS NULL OR s.cu8 IS NULL THEN 'not measured' WHEN s.uw8_lo / s.cu8_hi >= t.faster THEN 'holds'
       WHEN s.uw8_hi / s.cu8_lo < t.faster THEN 'does not hold' ELSE 'inconclusive' END
FROM has h, setting t LEFT JOIN reduce_seedcfg s USING (device_id)
UNION ALL
SELECT '004-flat', h.device_id, h.name,
  CASE WHEN f.ca0 IS NULL OR f.cg0 IS NULL THEN 'no results in the seed''s configuration'
       ELSE printf('L1 on %.4f / %.4f / %.4f ms, off %.4f / %.4f / %.4f ms; ratios to offset 0 within [%.3f, %.3f]',
                   f.ca0, f.ca11, f.ca128, f.cg0, f.cg11, f.cg128, f.x_lo, f.x_hi) END,
  CASE WHEN f.ca0 IS NULL OR f.cg0 IS NULL THEN 'not measured' WHEN f.n_in = f.n THEN 'holds'
       WHEN f.n_out > 0 THEN 'does not hold' ELSE 'inconclusive' END
FROM has h LEFT JOIN fl f USING (device_id)
UNION ALL
SELECT '004-sector', h.device_id, h.name,
  CASE WHEN h.n_acc = 0 THEN 'no access results' WHEN h.n_actr = 0 THEN 'Nsight Compute counters not stored (make profile, set sectors)'
       WHEN max(s.ca0, s.ca11, s.ca128, s.cg0, s.cg11, s.cg128) IS NULL
         THEN 'bytes used per sector not stored at every offset (set sectors cut off, see the provenance)'
       ELSE printf('L1 on %.0f / %.0f / %.0f%%, off %.0f / %.0f / %.0f%%', s.ca0, s.ca11, s.ca128, s.cg0, s.cg11, s.cg128) END,
  CASE WHEN h.n_acc = 0 THEN 'not measured' WHEN max(s.ca0, s.ca11, s.ca128, s.cg0, s.cg11, s.cg128) IS NULL THEN h.unprofiled
       WHEN s.dev_hi <= st.sector_tol THEN 'holds' WHEN s.dev_lo > st.sector_tol THEN 'does not hold'
       ELSE 'inconclusive' END
FROM has h, st JOIN seed_claim c ON c.claim_id = '004-sector' LEFT JOIN sec s ON s.device_id = h.device_id
UNION ALL
SELECT '004-l2seg', h.device_id, h.name,
  CASE WHEN h.n_acc = 0 THEN 'no access results' WHEN p.mx IS NULL THEN 'Nsight Compute counters not stored (make profile, set sectors)'
       ELSE printf('%.2f to %.2f sectors per request', p.mn, p.mx) END,
  CASE WHEN h.n_acc = 0 THEN 'not measured' WHEN p.mx IS NULL THEN h.unprofiled
       WHEN p.mx_lo >= c.value - st.l2seg_tol AND p.mx_hi <= c.value + st.l2seg_tol THEN 'holds'
       WHEN p.mx_hi < c.value - st.l2seg_tol OR p.mx_lo > c.value + st.l2seg_tol THEN 'does not hold'
       ELSE 'inconclusive' END
FROM has h, st JOIN seed_claim c ON c.claim_id = '004-l2seg' LEFT JOIN spr p ON p.device_id = h.device_id
UNION ALL
SELECT '004-l1trans', h.device_id, h.name,
  CASE WHEN h.n_acc = 0 THEN 'no access results' WHEN p.mx IS NULL THEN 'Nsight Compute counters not stored (make profile, set sectors)'
       ELSE printf('with L1 on, at most %.2f sectors (%.0f bytes) per load request over offsets 0..128', p.mx, 32 * p.mx) END,
  CASE WHEN h.n_acc = 0 THEN 'not measured' WHEN p.mx IS NULL THEN h.unprofiled
       WHEN p.mx_lo >= st.l1trans_holds THEN 'holds'
       WHEN p.mx_lo >= st.l1trans_part AND p.mx_hi < st.l1trans_holds THEN 'holds in part'
       WHEN p.mx_hi < st.l1trans_part THEN 'does not hold' ELSE 'inconclusive' END
FROM has h, st LEFT JOIN spr_ca p ON p.device_id = h.device_id;

-- ---------------------------------------------------- measurement method --
-- Agreement of repeat runs: per GPU (each card on its own: two cards of one
-- model differ by more than trials of one card, which machine_agreement
-- shows), build and configuration measured by two or more runs (the trials of
-- `make measure RUNS=N`, or several measures), the relative difference of the
-- trial medians as the report uses them (view trial: single launches
-- corrected for their run's launch floor), (largest - smallest) / smallest:
-- every run within 2% of every other.
CREATE VIEW IF NOT EXISTS run_agreement AS
SELECT dl.label AS device, b.device_id, u.build_id, max(u.git_commit) AS git_commit, b.study, b.config_key, b.variant,
       b.dtype, b.n, b.block, b.flush, b.mode,
       count(DISTINCT b.run_id) AS runs, count(DISTINCT b.device_id) AS devices,
       min(b.median_ms) AS min_ms, max(b.median_ms) AS max_ms,
       (max(b.median_ms) - min(b.median_ms)) / min(b.median_ms) AS rel_diff, max(b.run_id) AS last_run_id
FROM trial b JOIN run u USING (run_id) JOIN device_label dl ON dl.device_id = b.device_id
WHERE b.timer = 'cuda-event'
GROUP BY b.device_id, u.build_id, b.study, b.config_key, b.flush, b.mode
HAVING count(DISTINCT b.run_id) >= 2;

-- Its summary per GPU and commit: configurations compared, the share
-- within 2%, and the same for configurations under 20 us; latest = 1 for
-- the commit of the newest such runs of each GPU (what the report quotes).
INSERT OR REPLACE INTO report_setting VALUES
  ('agree_rel', 0.02, 'repeat runs agree on a configuration when their medians differ by at most this fraction'),
  ('agree_short_ms', 0.020, 'configurations under this median time (ms) get an agreement share of their own'),
  ('agree_target_pct', 95, 'the share (%) of configurations on which repeat runs should agree'),
  ('agree_target_short_pct', 90, 'the same target for the configurations under agree_short_ms'),
  ('listed_rsd', 0.01, 'relative standard deviation above which the measurement section lists a configuration');
CREATE VIEW IF NOT EXISTS run_agreement_summary AS
SELECT a.device, a.git_commit, max(a.runs) AS runs, max(a.devices) AS devices, count(*) AS configs,
       avg(a.rel_diff <= (SELECT value FROM report_setting WHERE key = 'agree_rel')) AS share_2pct,
       sum(a.min_ms < (SELECT value FROM report_setting WHERE key = 'agree_short_ms')) AS configs_u20,
       avg(CASE WHEN a.min_ms < (SELECT value FROM report_setting WHERE key = 'agree_short_ms')
                THEN a.rel_diff <= (SELECT value FROM report_setting WHERE key = 'agree_rel') END) AS share_2pct_u20,
       a.git_commit IS (SELECT a2.git_commit FROM run_agreement a2 WHERE a2.device_id = a.device_id
                        ORDER BY a2.last_run_id DESC LIMIT 1) AS latest, a.device_id
FROM run_agreement a GROUP BY a.device_id, a.git_commit;

-- The worst offenders: the five configurations per GPU kind (newest build)
-- whose run medians differ most.
CREATE VIEW IF NOT EXISTS run_agreement_worst AS
SELECT * FROM (SELECT a.*, row_number() OVER (PARTITION BY a.device_id ORDER BY a.rel_diff DESC) AS rk
               FROM run_agreement a JOIN run_agreement_summary s ON s.device_id = a.device_id
                 AND s.git_commit IS a.git_commit AND s.latest)
WHERE rk <= 5;

-- Agreement of invocations (issue 19 item 3): two `make measure`
-- invocations on one GPU (run.session) each give a configuration the median
-- of its own trials' medians (view trial: corrected for the launch floor),
-- from two trials or more; a pair of invocations agrees on it when those
-- values differ by at most agree_rel ((larger - smaller) / smaller, as
-- run_agreement). session_value: per GPU, build, invocation and configuration.
CREATE VIEW IF NOT EXISTS session_value AS
WITH t AS (SELECT b.device_id, u.build_id, u.git_commit, u.session, b.study, b.config_key, b.flush, b.mode, b.timer,
                  b.median_ms,
                  row_number() OVER w AS rn, count(*) OVER (PARTITION BY b.device_id, u.build_id, u.session, b.study,
                                                             b.config_key, b.flush, b.mode) AS k
           FROM trial b JOIN run u USING (run_id)
           WHERE u.kind = 'measure' AND u.session IS NOT NULL
           WINDOW w AS (PARTITION BY b.device_id, u.build_id, u.session, b.study, b.config_key, b.flush, b.mode
                        ORDER BY b.median_ms))
SELECT device_id, build_id, git_commit, session, study, config_key, flush, mode, timer, max(k) AS trials,
       avg(median_ms) AS median_ms
FROM t WHERE rn IN ((k + 1) / 2, (k + 2) / 2)
GROUP BY device_id, build_id, git_commit, session, study, config_key, flush, mode;

-- Every pair of invocations of one build on one GPU, per configuration.
CREATE VIEW IF NOT EXISTS session_agreement AS
SELECT a.device_id, a.git_commit, a.session AS session_a, b.session AS session_b, a.study, a.config_key, a.flush,
       a.mode, a.timer, a.median_ms AS a_ms, b.median_ms AS b_ms, min(a.median_ms, b.median_ms) AS min_ms,
       abs(a.median_ms - b.median_ms) / min(a.median_ms, b.median_ms) AS rel_diff
FROM session_value a JOIN session_value b ON b.device_id = a.device_id AND b.build_id = a.build_id
  AND b.study = a.study AND b.config_key = a.config_key AND b.flush IS a.flush AND b.mode = a.mode
  AND b.session > a.session
WHERE a.trials >= 2 AND b.trials >= 2 AND a.median_ms > 0 AND b.median_ms > 0;

-- Its summary per GPU and commit: the GPU-timed comparisons (configuration x
-- pair of invocations), the share that agrees with its 95% Wilson interval,
-- the same under agree_short_ms, and the host-timed ones apart. A target
-- (agree_target_pct, agree_target_short_pct) is met when the interval's low
-- end reaches it, missed when its high end stays under it.
CREATE VIEW IF NOT EXISTS session_agreement_summary AS
WITH k AS (SELECT (SELECT value FROM report_setting WHERE key = 'agree_rel') AS rel,
                  (SELECT value FROM report_setting WHERE key = 'agree_short_ms') AS short_ms,
                  (SELECT value FROM report_setting WHERE key = 'agree_target_pct') AS target,
                  (SELECT value FROM report_setting WHERE key = 'agree_target_short_pct') AS target_short),
s AS (SELECT a.device_id, a.git_commit, count(DISTINCT a.session_a || ' ' || a.session_b) AS pairs,
             sum(a.timer = 'cuda-event') AS n, sum(a.timer = 'cuda-event' AND a.rel_diff <= k.rel) AS x,
             sum(a.timer = 'cuda-event' AND a.min_ms < k.short_ms) AS n_short,
             sum(a.timer = 'cuda-event' AND a.min_ms < k.short_ms AND a.rel_diff <= k.rel) AS x_short,
             sum(a.timer <> 'cuda-event') AS n_host, sum(a.timer <> 'cuda-event' AND a.rel_diff <= k.rel) AS x_host
      FROM session_agreement a, k GROUP BY a.device_id, a.git_commit),
w AS (SELECT s.*, 1.96 AS z, CAST(x AS REAL) / nullif(n, 0) AS p, CAST(x_short AS REAL) / nullif(n_short, 0) AS p_short
      FROM s)
SELECT dl.label AS device, w.device_id, w.git_commit, w.pairs, w.n AS configs, w.p AS share_2pct,
       (w.p + w.z * w.z / (2 * w.n) - w.z * sqrt(w.p * (1 - w.p) / w.n + w.z * w.z / (4.0 * w.n * w.n)))
         / (1 + w.z * w.z / w.n) AS share_lo,
       (w.p + w.z * w.z / (2 * w.n) + w.z * sqrt(w.p * (1 - w.p) / w.n + w.z * w.z / (4.0 * w.n * w.n)))
         / (1 + w.z * w.z / w.n) AS share_hi,
       w.n_short AS configs_u20, w.p_short AS share_2pct_u20,
       (w.p_short + w.z * w.z / (2 * w.n_short) - w.z * sqrt(w.p_short * (1 - w.p_short) / w.n_short
         + w.z * w.z / (4.0 * w.n_short * w.n_short))) / (1 + w.z * w.z / w.n_short) AS share_u20_lo,
       (w.p_short + w.z * w.z / (2 * w.n_short) + w.z * sqrt(w.p_short * (1 - w.p_short) / w.n_short
         + w.z * w.z / (4.0 * w.n_short * w.n_short))) / (1 + w.z * w.z / w.n_short) AS share_u20_hi,
       w.n_host AS host_configs, CAST(w.x_host AS REAL) / nullif(w.n_host, 0) AS host_share,
       k.target, k.target_short,
       w.git_commit IS (SELECT u.git_commit FROM run u WHERE u.device_id = w.device_id AND u.session IS NOT NULL
                          AND u.kind = 'measure' ORDER BY u.run_id DESC LIMIT 1) AS latest
FROM w JOIN device_label dl ON dl.device_id = w.device_id, k;

-- The verdicts of those targets, per GPU (newest commit).
CREATE VIEW IF NOT EXISTS session_agreement_verdict AS
SELECT s.*,
       CASE WHEN s.configs = 0 THEN 'not measured' WHEN 100 * s.share_lo >= s.target THEN 'met'
            WHEN 100 * s.share_hi < s.target THEN 'missed' ELSE 'inconclusive' END AS verdict,
       CASE WHEN s.configs_u20 = 0 THEN 'not measured' WHEN 100 * s.share_u20_lo >= s.target_short THEN 'met'
            WHEN 100 * s.share_u20_hi < s.target_short THEN 'missed' ELSE 'inconclusive' END AS verdict_u20
FROM session_agreement_summary s WHERE s.latest;

-- The flush bias: per device and reduction configuration (int32, block 256,
-- one launch per sample) measured under both cold flushes, the throughput
-- after the memset flush (dirty L2) relative to the clean one: 1 - memset / clean.
-- GB/s at the median of the run medians (config_stats).
CREATE VIEW IF NOT EXISTS flush_bias AS
SELECT c.device_id, c.variant, c.n, c.gbps AS gbps_clean, m.gbps AS gbps_memset, 1 - m.gbps / c.gbps AS bias
FROM config_stats c JOIN config_stats m ON m.device_id = c.device_id AND m.study = c.study
  AND m.variant = c.variant AND m.dtype IS c.dtype AND m.n = c.n AND m.block IS c.block
  AND m.params = c.params AND m.mode = c.mode AND m.flush = 'memset'
  AND m.config_key LIKE '% flush=memset%' -- measured as such, not a row from before flushes were recorded
WHERE c.study = 'reduce' AND c.flush = 'clean' AND c.mode = 'single' AND c.dtype = 'int32';

-- -------------------------------------------------------------- stencil --
-- The stencil study (seed 001's texture claim), default configurations over
-- all runs (config_stats): per device, read path and image side, the median
-- time, the requested throughput and its interval, the bytes read and
-- written per pixel (taps x 4 and 4: what the GB/s counts), and the device's
-- copy bandwidth measured at run start (claim 001-texture's threshold).
CREATE VIEW IF NOT EXISTS stencil_t AS
SELECT c.device_id, c.variant, o.ord, CAST(json_extract(c.params, '$.size') AS INTEGER) AS side, c.block,
       c.median_ms, c.gbps, c.gbps_lo, c.gbps_hi,
       c.bytes_read / (1.0 * json_extract(c.params, '$.size') * json_extract(c.params, '$.size')) AS read_px,
       c.bytes_written / (1.0 * json_extract(c.params, '$.size') * json_extract(c.params, '$.size')) AS write_px,
       (SELECT max(u.copy_gbps_start) FROM run u WHERE u.device_id = c.device_id) AS copy_gbps
FROM stats_default c JOIN variant_order o ON o.study = c.study AND o.variant = c.variant
WHERE c.study = 'stencil';

-- Its Nsight Compute counters (set 'sectors'), one row per device, read path
-- and image side: DRAM bytes read over the image's bytes (1: every pixel
-- fetched from DRAM once), and the L1/texture sector hit rate (%).
CREATE VIEW IF NOT EXISTS stencil_counter AS
SELECT device_id, variant, CAST(json_extract(params, '$.size') AS INTEGER) AS side,
  max(CASE WHEN metric = 'dram__bytes_read.sum' THEN value END)
    / (4.0 * json_extract(params, '$.size') * json_extract(params, '$.size')) AS dram_per_image,
  max(CASE WHEN metric = 'l1tex__t_sector_hit_rate.pct' THEN value END) AS l1_hit_pct
FROM counter_config WHERE study = 'stencil'
GROUP BY device_id, config_key;

-- -------------------------------------------------------------- figures --
-- Which series of a figure coincide (its points: tables figure and
-- figure_point, reports/schema.sql, filled by reports/figure_points.sh):
-- two series of one panel coincide when they have the same x values and every y differs by at most
-- coincide_rel (relative to the larger). figure_coincide gives each
-- figure's caption note: the groups of coinciding series (each series joins
-- the first one it coincides with), and the panels (GPUs) where they do.
INSERT OR REPLACE INTO report_setting VALUES
  ('coincide_rel', 0.02, 'two series of a figure coincide (one hides the other) when every point differs by at most this fraction');
CREATE VIEW IF NOT EXISTS figure_series AS
SELECT figure, panel, series, min(id) AS ord, count(*) AS points FROM figure_point GROUP BY figure, panel, series;
CREATE VIEW IF NOT EXISTS figure_coincide_pair AS
SELECT a.figure, a.panel, a.series AS s1, b.series AS s2, sa.ord AS ord1, sb.ord AS ord2,
       max(abs(a.y - b.y) / nullif(max(abs(a.y), abs(b.y)), 0)) AS rel
FROM figure_point a JOIN figure_point b ON b.figure = a.figure AND b.panel = a.panel AND b.x = a.x AND b.series <> a.series
JOIN figure_series sa ON sa.figure = a.figure AND sa.panel = a.panel AND sa.series = a.series
JOIN figure_series sb ON sb.figure = b.figure AND sb.panel = b.panel AND sb.series = b.series AND sb.ord > sa.ord
GROUP BY a.figure, a.panel, a.series, b.series
HAVING count(*) = max(sa.points) AND count(*) = max(sb.points) AND count(*) >= 2
   AND coalesce(max(abs(a.y - b.y) / nullif(max(abs(a.y), abs(b.y)), 0)), 0)
       <= (SELECT value FROM report_setting WHERE key = 'coincide_rel');
-- The caption note of every figure: its groups of coinciding series (each
-- series joins the first one it coincides with; a list "a, b and c" in the
-- query's order) and the panels (GPUs) where each group coincides, or that
-- no two series coincide.
CREATE VIEW IF NOT EXISTS figure_coincide AS
WITH p AS MATERIALIZED (SELECT * FROM figure_coincide_pair),
ser AS MATERIALIZED (SELECT * FROM figure_series),
lead AS MATERIALIZED (SELECT figure, panel, s2 AS series, min(ord2) AS ord,
                             (SELECT q.s1 FROM p q WHERE q.figure = c.figure AND q.panel = c.panel AND q.s2 = c.s2
                              ORDER BY q.ord1 LIMIT 1) AS leader
                      FROM p c GROUP BY figure, panel, s2),
-- a series that coincides with an earlier one leads no group of its own
m AS MATERIALIZED (SELECT l.figure, l.panel, l.leader, l.series, l.ord FROM lead l
                   WHERE NOT EXISTS (SELECT 1 FROM lead l2 WHERE l2.figure = l.figure AND l2.panel = l.panel AND l2.series = l.leader)
                   UNION
                   SELECT l.figure, l.panel, l.leader, l.leader, s.ord FROM lead l JOIN ser s ON s.figure = l.figure
                     AND s.panel = l.panel AND s.series = l.leader
                   WHERE NOT EXISTS (SELECT 1 FROM lead l2 WHERE l2.figure = l.figure AND l2.panel = l.panel AND l2.series = l.leader)),
n AS (SELECT m.*, row_number() OVER (PARTITION BY figure, panel, leader ORDER BY ord) AS rn,
             count(*) OVER (PARTITION BY figure, panel, leader) AS cnt FROM m),
g AS MATERIALIZED (SELECT figure, panel, min(ord) AS ord, group_concat(item, '') AS what
                   FROM (SELECT n.*, '"' || series || '"' || CASE WHEN rn = cnt THEN '' WHEN rn = cnt - 1 THEN ' and ' ELSE ', ' END AS item
                         FROM n ORDER BY figure, panel, leader, rn)
                   GROUP BY figure, panel, leader),
np AS (SELECT f.name AS figure, (SELECT count(DISTINCT panel) FROM ser s WHERE s.figure = f.name) AS n FROM figure f),
pl AS (SELECT figure, what, min(ord) AS ord, count(*) AS n, group_concat(panel, ', ') AS panels
       FROM (SELECT g.*, (SELECT min(s.ord) FROM ser s WHERE s.figure = g.figure AND s.panel = g.panel) AS pord
             FROM g ORDER BY g.figure, pord)
       GROUP BY figure, what),
t AS (SELECT figure, group_concat(item, '; ') AS groups
      FROM (SELECT pl.figure, pl.what || CASE WHEN np.n <= 1 OR pl.panels = '' THEN ''
                                             WHEN pl.n = np.n THEN ' (on every GPU)'
                                             ELSE ' (on the ' || replace(pl.panels, ', ', ', the ') || ')' END AS item
            FROM pl JOIN np USING (figure) ORDER BY pl.figure, pl.ord)
      GROUP BY figure)
SELECT np.figure,
       CASE WHEN t.groups IS NULL THEN printf('No two series coincide within %g%% (setting `coincide_rel`).', 100 * s.value)
            ELSE printf('Series that coincide within %g%% (setting `coincide_rel`), drawn on top of each other: %s.', 100 * s.value, t.groups)
       END AS note
FROM np LEFT JOIN t USING (figure), (SELECT value FROM report_setting WHERE key = 'coincide_rel') s;

-- -------------------------------------------------------------- summary --
-- The summary's numbers, per GPU: one row per metric with its value and 95%
-- interval (a ratio of two times from the ends of their intervals):
--   ladder   fastest hand-written step over neighbored pairs, n = 2^24 int32
--   best     best hand-written % of theoretical at 2^28 int32 (chosen on
--            trial 1, judged on the others: reduce_top_target)
--   cub      CUB's % of theoretical at 2^28 int32
--   k1, k32  global / constant time at k = 1, constant / global at k = 32
--            (distance field 2048 x 2048, 1024 points)
--   off1, str32  useful throughput lost at offset 1 and stride 32 (2^26 floats, L1 on)
CREATE VIEW IF NOT EXISTS summary_metric AS
WITH rb AS (SELECT * FROM reduce_best WHERE dtype = 'int32' AND timer = 'cuda-event'),
dist AS (SELECT device_id, variant, json_extract(params, '$.k') AS k, median_ms, lo_ms, hi_ms FROM stats_default
         WHERE study = 'distance' AND json_extract(params, '$.grid') = (SELECT dist_grid FROM size)
           AND json_extract(params, '$.points') = (SELECT dist_points FROM size)
           AND json_extract(params, '$.tile') = 16),
acc AS (SELECT device_id, variant, CAST(json_extract(params, '$.k') AS INTEGER) AS k, gbps, gbps_lo, gbps_hi FROM stats_default
        WHERE study = 'access' AND n = (SELECT n_access FROM size) AND block = 256 AND json_extract(params, '$.l1') = 'ca')
SELECT f.device_id, 'ladder' AS metric, f.median_ms / b.median_ms AS value, f.lo_ms / b.hi_ms AS lo, f.hi_ms / b.lo_ms AS hi
FROM rb f JOIN (SELECT * FROM (SELECT rb.*, row_number() OVER (PARTITION BY device_id ORDER BY median_ms, variant) AS k1
                               FROM rb WHERE n = (SELECT n_seed FROM size) AND variant NOT IN ('cub', 'cpu-serial')) WHERE k1 = 1) b
  ON b.device_id = f.device_id
WHERE f.n = (SELECT n_seed FROM size) AND f.variant = 'neighbored'
UNION ALL SELECT device_id, 'best', value, lo, hi FROM reduce_top_target WHERE key = 'top_peak_large' AND dtype = 'int32'
UNION ALL SELECT device_id, 'cub', pct_peak, pct_peak * gbps_lo / gbps, pct_peak * gbps_hi / gbps FROM rb
  WHERE n = (SELECT n_large FROM size) AND variant = 'cub'
UNION ALL SELECT g.device_id, 'k1', g.median_ms / c.median_ms, g.lo_ms / c.hi_ms, g.hi_ms / c.lo_ms
  FROM dist g JOIN dist c ON c.device_id = g.device_id AND c.k = g.k AND c.variant = 'constant' WHERE g.variant = 'global' AND g.k = 1
UNION ALL SELECT g.device_id, 'k32', c.median_ms / g.median_ms, c.lo_ms / g.hi_ms, c.hi_ms / g.lo_ms
  FROM dist g JOIN dist c ON c.device_id = g.device_id AND c.k = g.k AND c.variant = 'constant' WHERE g.variant = 'global' AND g.k = 32
UNION ALL SELECT a.device_id, 'off1', a.gbps / b.gbps, a.gbps_lo / b.gbps_hi, a.gbps_hi / b.gbps_lo
  FROM acc a JOIN acc b ON b.device_id = a.device_id AND b.variant = a.variant AND b.k = 1 WHERE a.variant = 'read-offset' AND a.k = 0
UNION ALL SELECT a.device_id, 'str32', a.gbps / b.gbps, a.gbps_lo / b.gbps_hi, a.gbps_hi / b.gbps_lo
  FROM acc a JOIN acc b ON b.device_id = a.device_id AND b.variant = a.variant AND b.k = 32 WHERE a.variant = 'read-stride' AND a.k = 1;

-- The same per GPU model: the median of its machines' values, and an
-- interval from the lowest low end to the highest high end of theirs; odd:
-- the machines whose own interval leaves out the model's value, so the
-- summary names a single GPU only where it differs from its model.
CREATE VIEW IF NOT EXISTS summary_model AS
WITH x AS (SELECT m.*, v.name, v.label, v.ord, row_number() OVER w AS rn, count(*) OVER w AS cnt
           FROM summary_metric m JOIN report_devices v USING (device_id)
           WINDOW w AS (PARTITION BY v.name, m.metric ORDER BY m.value)),
g AS (SELECT name, metric, count(*) AS gpus,
             (max(CASE WHEN rn = (cnt + 1) / 2 THEN value END) + max(CASE WHEN rn = cnt / 2 + 1 THEN value END)) / 2 AS value,
             min(lo) AS lo, max(hi) AS hi
      FROM x GROUP BY name, metric)
SELECT m.mord, m.model, m.machines, m.panel, g.metric, g.gpus, g.value, g.lo, g.hi,
       (SELECT group_concat(x.label, ', ') FROM x WHERE x.name = g.name AND x.metric = g.metric
          AND (x.lo > g.value OR x.hi < g.value)) AS odd
FROM g JOIN report_models m USING (name);

-- A verdict per target and GPU model: the one verdict of all its machines, or
-- 'mixed' (each machine's is in the targets table).
CREATE VIEW IF NOT EXISTS target_model AS
WITH x AS (SELECT t.*, m.mord, m.model, m.machines, row_number() OVER w AS rn, count(*) OVER w AS cnt
           FROM reduce_top_target t JOIN report_devices v USING (device_id) JOIN report_models m ON m.name = v.name
           WINDOW w AS (PARTITION BY t.key, m.mord, t.dtype, t.n ORDER BY t.value))
SELECT key, mord, model, machines, dtype, n, max(threshold) AS threshold,
       CASE WHEN count(DISTINCT verdict) = 1 THEN max(verdict) ELSE 'mixed' END AS verdict,
       group_concat(DISTINCT verdict) AS verdicts,
       (max(CASE WHEN rn = (cnt + 1) / 2 THEN value END) + max(CASE WHEN rn = cnt / 2 + 1 THEN value END)) / 2 AS value,
       min(lo) AS lo, max(hi) AS hi
FROM x GROUP BY key, mord, dtype, n;

-- ------------------------------------------------------ published points --
-- Published reference points (table published_ref, reports/schema.sql): only
-- figures this project's sources quote, each with its source; the report
-- prints them beside its own numbers and judges no verdict against them.
-- device_name: the device.name a measured value is looked up for (NULL: the
-- source names no GPU); study, variant, dtype, n: the configuration it
-- matches (the measured value is the median over that model's machines).
DELETE FROM published_ref;
INSERT INTO published_ref (id, gpu, device_name, study, variant, dtype, n, value, unit, source) VALUES
  (1, 'H200', 'NVIDIA H200', 'reduce', 'cub', 'int32', 1048576, 7.13, 'us',
   'nvbench, CUB DeviceReduce::Sum int32, cold (memset flush), as quoted in the project''s issue 19'),
  (2, 'H200', 'NVIDIA H200', 'reduce', 'cub', 'int32', 16777216, 25.7, 'us',
   'nvbench, CUB DeviceReduce::Sum int32, cold (memset flush), as quoted in the project''s issue 19'),
  (3, 'H200', 'NVIDIA H200', 'reduce', 'cub', 'int32', 268435456, 249.3, 'us',
   'nvbench, CUB DeviceReduce::Sum int32, cold (memset flush), as quoted in the project''s issue 19'),
  (4, 'H200 NVL', 'NVIDIA H200 NVL', 'reduce', 'cub', 'int32', 1048576, 7.61, 'us',
   'nvbench, CUB DeviceReduce::Sum int32, cold (memset flush), as quoted in the project''s issue 19'),
  (5, 'H200 NVL', 'NVIDIA H200 NVL', 'reduce', 'cub', 'int32', 16777216, 27.3, 'us',
   'nvbench, CUB DeviceReduce::Sum int32, cold (memset flush), as quoted in the project''s issue 19'),
  (6, 'H200 NVL', 'NVIDIA H200 NVL', 'reduce', 'cub', 'int32', 268435456, 259.5, 'us',
   'nvbench, CUB DeviceReduce::Sum int32, cold (memset flush), as quoted in the project''s issue 19'),
  (7, 'the seed author''s (not named)', NULL, 'reduce', 'neighbored', NULL, 16777216, 2.48, 'ms',
   'seed 003 (003_7fcb9bbe6bf391e9.txt): the first step of its ladder'),
  (8, 'the seed author''s (not named)', NULL, 'reduce', 'interleaved', NULL, 16777216, 1.36, 'ms',
   'seed 003 (003_7fcb9bbe6bf391e9.txt): interleaved pairs, 1.8x over its first step'),
  (9, 'the seed author''s (not named)', NULL, 'access', 'read-offset k = 0', NULL, 1048576, 0.090112, 'ms',
   'seed 004 (004_6f5daea99985e621.txt): readOffset, 2048 blocks of 512'),
  (10, 'the seed author''s (not named)', NULL, 'access', 'read-offset k = 11', NULL, 1048576, 0.083968, 'ms',
   'seed 004 (004_6f5daea99985e621.txt): readOffset, 2048 blocks of 512'),
  (11, 'the seed author''s (not named)', NULL, 'access', 'read-offset k = 128', NULL, 1048576, 0.0832, 'ms',
   'seed 004 (004_6f5daea99985e621.txt): readOffset, 2048 blocks of 512');

-- ----------------------------------------------------------- provenance --
-- Per GPU, where and with what its complete measurement runs ran: host CPU
-- and OS, CUDA driver API and runtime, CCCL, ECC and persistence (NVML at
-- each run's start and end), SM clock lock, and the launch floor (mean of
-- the runs' launch_us). 'not recorded' where no run stored it, 'mixed'
-- where the runs of one GPU differ.
CREATE VIEW IF NOT EXISTS gpu_provenance AS
WITH u AS (SELECT * FROM run WHERE status = 'complete' AND kind = 'measure'),
e AS (SELECT u.device_id, min(e.ecc) AS ecc_lo, max(e.ecc) AS ecc_hi, min(e.persistence) AS per_lo, max(e.persistence) AS per_hi
      FROM run_env e JOIN u USING (run_id) GROUP BY u.device_id),
g AS (SELECT device_id,
        CASE WHEN count(DISTINCT cpu_model) > 1 THEN 'mixed' ELSE max(cpu_model) END AS cpu,
        CASE WHEN count(DISTINCT os_name) > 1 THEN 'mixed' ELSE max(os_name) END AS os,
        group_concat(DISTINCT printf('%d.%d', driver_version / 1000, driver_version % 1000 / 10)) AS driver,
        group_concat(DISTINCT printf('%d.%d', runtime_version / 1000, runtime_version % 1000 / 10)) AS runtime,
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
  coalesce(g.cccl, 'not recorded') AS cccl,
  CASE WHEN e.ecc_lo IS NULL THEN 'not recorded' WHEN e.ecc_lo <> e.ecc_hi THEN 'mixed' WHEN e.ecc_lo THEN 'on' ELSE 'off' END AS ecc,
  CASE WHEN e.per_lo IS NULL THEN 'not recorded' WHEN e.per_lo <> e.per_hi THEN 'mixed' WHEN e.per_lo THEN 'on' ELSE 'off' END AS persistence,
  coalesce(g.clock_lock, 'not recorded') AS clock_lock,
  CASE WHEN g.n_launch > 0 THEN g.launch_us ELSE 'not recorded' END AS launch_us
FROM report_devices v LEFT JOIN g USING (device_id) LEFT JOIN e USING (device_id) LEFT JOIN b USING (device_id);

-- ------------------------------------------------------- small n: the floor --
-- machine_floor: each machine's launch floor (the mean run.launch_us of its
-- complete measure runs: an empty kernel timed as samples are), its read
-- ceiling (the highest run.read_gbps) and how many runs; reduce_floor
-- (per model), reduce_floor_gpu and machine_pair_agreement read it.
CREATE VIEW IF NOT EXISTS machine_floor AS
SELECT u.device_id, avg(u.launch_us) AS floor_us, max(u.read_gbps) AS read_gbps, count(*) AS runs
FROM run u
WHERE u.kind = 'measure' AND u.status = 'complete' AND u.launch_us > 0 AND u.read_gbps > 0
GROUP BY u.device_id;

-- The one-launch reductions and CUB against the floor model of their GPU
-- model (issue 22): t = launch floor + bytes / read ceiling, the launch floor
-- averaged over the model's complete measure runs (run.launch_us: an empty
-- kernel timed as samples are), the read ceiling the highest run.read_gbps
-- of its machines. Per model, variant and power-of-two n (int32, block 256,
-- the default loads and grid): the median time over the model's machines and
-- its interval (model_stats) in microseconds, the model's time, their ratio.
-- Read by figure reduce_roofline and the reduction section's text.
CREATE VIEW IF NOT EXISTS reduce_floor AS
WITH fl AS (SELECT d.name, sum(m.floor_us * m.runs) / sum(m.runs) AS floor_us, max(m.read_gbps) AS read_gbps
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
CREATE VIEW IF NOT EXISTS reduce_floor_gpu AS
SELECT v.ord AS mord, v.label AS model, s.device_id, s.variant, s.n, s.median_ms * 1e3 AS us, s.lo_ms * 1e3 AS lo,
       s.hi_ms * 1e3 AS hi, fl.floor_us, fl.floor_us + (s.bytes_read + s.bytes_written) / (fl.read_gbps * 1e3) AS model_us,
       s.median_ms * 1e3 / (fl.floor_us + (s.bytes_read + s.bytes_written) / (fl.read_gbps * 1e3)) AS x_model
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
CREATE VIEW IF NOT EXISTS machine_pair_agreement AS
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

-- Paired ratios (issue 22): a configuration of the reduce study over CUB's
-- at the same dtype, n and block (cold, one launch a sample, the default
-- loads and grid), both timed in the same run (one process). A run's launch
-- path moves every time it takes, CUB's and the other's alike (the
-- launch-floor correction catches part of that), so the ratio within a run
-- moves less than the two configurations' intervals, which a_lo / b_hi ..
-- a_hi / b_lo adds up as if they moved apart. ratio_run: per pair (device,
-- variant, dtype, n, block) and run, CUB's trial median over the other's (a
-- configuration timed twice in one run: the mean of the two); band: from
-- CUB's mean time over the runs, with config_stats' limits; pair: the
-- pair's number; half: which half of the pairs, every other one (the
-- coverage check sizes on one half and tests on the other).
CREATE VIEW IF NOT EXISTS ratio_run AS
WITH t AS MATERIALIZED (SELECT run_id, device_id, variant, dtype, n, block, avg(median_ms) AS median_ms FROM trial_dev
                        WHERE study = 'reduce' AND mode = 'single' AND cache = 'cold' AND timer = 'cuda-event'
                          AND config_key NOT LIKE '% flush=%' AND config_key NOT LIKE '% mode=%'
                          AND coalesce(json_extract(params, '$.loads'), 8) = 8
                          AND coalesce(json_extract(params, '$.grid'), 1) = 1
                        GROUP BY run_id, device_id, variant, dtype, n, block)
SELECT x.*, x.pair % 2 AS half FROM (
SELECT h.device_id, h.variant, h.dtype, h.n, h.block, h.run_id, c.median_ms / h.median_ms AS ratio,
       CASE WHEN c.center_ms < 0.02 THEN 1 WHEN c.center_ms < 0.1 THEN 2 ELSE 3 END AS band,
       count(*) OVER (PARTITION BY h.device_id, h.variant, h.dtype, h.n, h.block) AS k,
       dense_rank() OVER (ORDER BY h.device_id, h.variant, h.dtype, h.n, h.block) AS pair
FROM t h JOIN (SELECT t.*, avg(median_ms) OVER (PARTITION BY device_id, dtype, n, block) AS center_ms
               FROM t WHERE variant = 'cub') c
     ON c.run_id = h.run_id AND c.dtype = h.dtype AND c.n = h.n AND c.block = h.block
WHERE h.variant <> 'cub') x;
-- Every run of a pair of two or more against the median of the pair's
-- other runs (rest_ratio): its deviation, and the other runs' range over it.
-- Window functions only (as trial_dev): with the pair's ratios ranked 1..k
-- and this run at rank rn, the others' median sits at their positions pa
-- and pb, which are ranks pa and pb of all where they fall below rn, else
-- one rank higher; xa, xa1, xa2: the ratios at ranks pa, pa + 1, pa + 2.
CREATE VIEW IF NOT EXISTS ratio_trial AS
SELECT r.*, abs(ratio / rest_ratio - 1) AS dev, (rest_max - rest_min) / rest_ratio AS rest_range
FROM (SELECT y.device_id, y.variant, y.dtype, y.n, y.block, y.run_id, y.band, y.half, y.k, y.ratio,
             (CASE WHEN pa < rn THEN xa ELSE xa1 END +
              CASE WHEN pb < rn THEN CASE pb - pa WHEN 0 THEN xa ELSE xa1 END
                   ELSE CASE pb - pa WHEN 0 THEN xa1 ELSE xa2 END END) / 2 AS rest_ratio,
             CASE WHEN rn = 1 THEN x2 ELSE x1 END AS rest_min, CASE WHEN rn = k THEN xk1 ELSE xk END AS rest_max
      FROM (SELECT z.*, max(CASE WHEN rn = pa THEN ratio END) OVER w AS xa,
                   max(CASE WHEN rn = pa + 1 THEN ratio END) OVER w AS xa1,
                   max(CASE WHEN rn = pa + 2 THEN ratio END) OVER w AS xa2,
                   min(ratio) OVER w AS x1, max(CASE WHEN rn = 2 THEN ratio END) OVER w AS x2,
                   max(CASE WHEN rn = k - 1 THEN ratio END) OVER w AS xk1, max(ratio) OVER w AS xk
            FROM (SELECT r.*, row_number() OVER (PARTITION BY pair ORDER BY ratio) AS rn, k / 2 AS pa,
                         (k - 1) / 2 + 1 AS pb
                  FROM ratio_run r WHERE k > 1) z
            WINDOW w AS (PARTITION BY pair)) y) r;
-- Per device, band (0: all bands) and part (0 and 1: the halves of the
-- pairs; 2: all), the ceil(0.95 (m + 1))-th smallest of the m deviations
-- (split conformal, as trial_halfwidth): a further run's ratio falls within
-- it 95% of the time. ratio_h: the band's where it holds 20 deviations or
-- more, else the device's all-band one (as trial_h).
CREATE VIEW IF NOT EXISTS ratio_halfwidth AS
WITH t AS MATERIALIZED (SELECT device_id, band, half, dev FROM ratio_trial),
d AS (SELECT device_id, band, half AS part, dev FROM t UNION ALL SELECT device_id, band, 2, dev FROM t
      UNION ALL SELECT device_id, 0, half, dev FROM t UNION ALL SELECT device_id, 0, 2, dev FROM t)
SELECT device_id, band, part, max(cnt) AS deviations,
       max(CASE WHEN rn = min(cnt, (95 * (cnt + 1) + 99) / 100) THEN dev END) AS h
FROM (SELECT d.*, row_number() OVER (w ORDER BY dev) AS rn, count(*) OVER w AS cnt FROM d
      WINDOW w AS (PARTITION BY device_id, band, part))
GROUP BY device_id, band, part;
CREATE VIEW IF NOT EXISTS ratio_h AS
WITH w AS MATERIALIZED (SELECT * FROM ratio_halfwidth)
SELECT a.device_id, k.band, a.part, CASE WHEN b.deviations >= 20 THEN b.h ELSE a.h END AS h
FROM w a JOIN (SELECT 1 AS band UNION ALL SELECT 2 UNION ALL SELECT 3) k
     LEFT JOIN w b ON b.device_id = a.device_id AND b.band = k.band AND b.part = a.part
WHERE a.band = 0;
-- The check, as trial_coverage: every held-out run's ratio against the
-- interval of the pair's other runs, its half-width sized on the other half.
CREATE VIEW IF NOT EXISTS ratio_coverage AS
SELECT d.device_id, d.band,
       CASE d.band WHEN 1 THEN 'under 20 us' WHEN 2 THEN '20-100 us' ELSE '100 us or more' END AS band_label,
       count(*) AS held_out, sum(d.dev <= max(h.h, d.rest_range)) AS covered,
       100.0 * sum(d.dev <= max(h.h, d.rest_range)) / count(*) AS pct
FROM ratio_trial d JOIN ratio_h h ON h.device_id = d.device_id AND h.band = d.band AND h.part = 1 - d.half
GROUP BY d.device_id, d.band;
-- Per pair: the median of its runs' ratios and the interval a further run's
-- ratio falls in 95% of the time, ratio x (1 -/+ max(h, the runs' own
-- relative range)), as config_stats; one run: no interval (lo, hi NULL).
CREATE VIEW IF NOT EXISTS ratio_stats AS
SELECT x.*, x.ratio * (1 - max(h.h, x.range_rel)) AS lo, x.ratio * (1 + max(h.h, x.range_rel)) AS hi
FROM (SELECT device_id, variant, dtype, n, block, max(band) AS band, max(k) AS k,
             avg(CASE WHEN rn IN ((k + 1) / 2, k / 2 + 1) THEN ratio END) AS ratio,
             (max(ratio) - min(ratio)) / avg(CASE WHEN rn IN ((k + 1) / 2, k / 2 + 1) THEN ratio END) AS range_rel
      FROM (SELECT r.*, row_number() OVER (PARTITION BY device_id, variant, dtype, n, block ORDER BY ratio) AS rn
            FROM ratio_run r)
      GROUP BY device_id, variant, dtype, n, block) x
     LEFT JOIN ratio_h h ON h.device_id = x.device_id AND h.band = x.band AND h.part = 2 AND x.k > 1;

-- The small-n step's targets (issue 22), per GPU at n = 2^16^, 2^18^
-- and 2^20^ (int32, block 256, cold; reduce_floor_gpu's rows): its throughput
-- over CUB's (CUB time / small-n time, run by run: ratio_stats, whose
-- interval holds a further run's ratio 95% of the time), at least
-- small_cub; its time over the floor model (lo .. hi: its interval over the
-- model's time), at most small_model. Met when the whole interval is on the
-- good side of the threshold, missed when it is wholly on the other,
-- inconclusive otherwise; not judged without an interval (one run).
INSERT OR REPLACE INTO report_setting VALUES
  ('small_cub', 1.3, 'the small-n step: its throughput over CUB''s at n = 2^16^, 2^18^ and 2^20^ (int32), at least'),
  ('small_model', 1.5, 'the small-n step: its time over the floor model at n = 2^16^, 2^18^ and 2^20^ (int32), at most');
INSERT OR REPLACE INTO report_target VALUES
  ('small_cub', 'small-n over CUB'),
  ('small_model', 'small-n over the floor model');
CREATE VIEW IF NOT EXISTS small_n_target AS
WITH s AS (SELECT f.* FROM reduce_floor_gpu f, size z WHERE f.variant = 'small-n'
             AND f.n IN (z.n_smallest, 4 * z.n_smallest, z.n_small)),
t AS (SELECT s.mord, s.model, s.n, 'small_cub' AS key, c.ratio AS value, c.lo, c.hi, 1 AS at_least
      FROM s LEFT JOIN ratio_stats c ON c.device_id = s.device_id AND c.n = s.n AND c.variant = 'small-n'
                                    AND c.dtype = 'int32' AND c.block = 256
      UNION ALL
      SELECT s.mord, s.model, s.n, 'small_model', s.x_model, s.lo / s.model_us, s.hi / s.model_us, 0 FROM s)
SELECT t.*, r.value AS threshold, g.name AS target,
       CASE WHEN t.lo IS NULL THEN 'not judged'
            WHEN t.at_least AND t.lo >= r.value OR NOT t.at_least AND t.hi <= r.value THEN 'met'
            WHEN t.at_least AND t.hi < r.value OR NOT t.at_least AND t.lo > r.value THEN 'missed'
            ELSE 'inconclusive' END AS verdict
FROM t JOIN report_setting r ON r.key = t.key JOIN report_target g ON g.key = t.key;
