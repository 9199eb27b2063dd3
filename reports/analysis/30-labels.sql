-- reports/analysis/30-labels.sql: labels, orders, sizes and settings every section reads.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).

-- Order, origin and text of every study's variants, from table variant (what
-- the binaries' registries recorded; data/schema.sql). A variant that has
-- results but no row there (data from before the table, or a registry that
-- dropped it) follows the recorded ones in name order with empty text, so it
-- never drops out of a figure.
CREATE VIEW variant_order AS
SELECT study, variant, ord, description, bottleneck, flags, origin FROM variant
UNION ALL
SELECT x.study, x.variant,
       (SELECT coalesce(max(v.ord), 0) FROM variant v WHERE v.study = x.study)
         + row_number() OVER (PARTITION BY x.study ORDER BY x.variant),
       '', '', '', ''
FROM (SELECT DISTINCT study, variant FROM result r
      WHERE NOT EXISTS (SELECT 1 FROM variant v WHERE v.study = r.study AND v.variant = r.variant)) x;

-- Order and seed step of the reduction variants (the registry's order).
-- The reduction's variants in ladder order, without a bound (flag 'bound':
-- a lower bound, wrong by design, no step; reports/analysis/46-timing-protocol.sql
-- sets it beside small-n), so no ladder, figure or table lists it as a step.
CREATE VIEW reduce_order AS
SELECT variant, ord, origin AS step, bottleneck FROM variant_order
WHERE study = 'reduce' AND (',' || flags || ',') NOT LIKE '%,bound,%';

-- Short device labels for tables and figure keys: 'NVIDIA H100 80GB HBM3'
-- -> 'H100' (the first word after 'NVIDIA '); a name without that prefix is
-- kept whole, and where two devices would share a label the name is kept
-- (less 'NVIDIA '). Presentation only: the full names are in the provenance.
CREATE VIEW device_label AS
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
CREATE VIEW report_devices AS
SELECT device_id, name, peak_gbps, label, row_number() OVER (ORDER BY name, device_id) AS ord
FROM (SELECT DISTINCT d.device_id, d.name, d.peak_gbps, dl.label FROM run u JOIN device d USING (device_id)
      JOIN device_label dl USING (device_id) WHERE u.status = 'complete');

-- Every GPU model (device.name) of the report, in the report's order: its
-- short name (as device_label, without the UUID), how many machines (cards)
-- measured it, its panel title in the figures ('H100, 2 machines') and mord
-- 1, 2, ... The summary and every figure group GPUs of one model.
CREATE VIEW report_models AS
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

-- Whether some GPU model of the report was measured on two or more machines
-- (several = 1): where none was, a model's value is its one machine's, and
-- the sections leave out what they say of a model's machines (the median
-- over them, the interval spanning theirs, a machine whose own differs).
CREATE VIEW report_several_machines AS
SELECT coalesce(max(machines), 0) > 1 AS several FROM report_models;

-- What the harness adds to every sample, per GPU model: the empty kernel as
-- samples are timed (run.launch_us: clock-stamp kernels around each sample,
-- windows of samples behind the blocking kernel) against the minimal way
-- (run.launch_bare_us: flush, events around one launch, one sample per
-- window); runs that timed both, their mean and the runs' range of the
-- difference.
CREATE VIEW harness_offset AS
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
CREATE VIEW size AS
SELECT 16777216 AS n_seed, 268435456 AS n_large, 1048576 AS n_small, 67108864 AS n_access, 16777216 AS n_profile,
       65536 AS n_smallest, 1024 AS n_tiny, 1048576 AS n_access_seed, 2048 AS dist_grid, 1024 AS dist_points,
       1024 AS rt_side;

-- Every threshold of the report, in one table: the views and the text read
-- them from report_setting (no view or section types one; the analysis files
-- after this one add the rows of their own thresholds).
--   noisy_rsd        a result whose relative standard deviation exceeds this is flagged
--   faster           a ratio of times counts as a difference from this factor on
--   seed_tolerance   a seed's claim has its stated magnitude from the
--                    magnitude less this fraction of it on (claim_rule)
INSERT OR REPLACE INTO report_setting VALUES
  ('noisy_rsd', 0.10, 'relative standard deviation above which a result is flagged noisy'),
  ('faster', 1.05, 'a ratio of median times counts as faster or slower from this factor on'),
  ('seed_tolerance', 0.25, 'a seed''s claim has the magnitude it states where the whole interval is at or above that magnitude less this fraction of it');
CREATE VIEW setting AS
SELECT (SELECT value FROM report_setting WHERE key = 'noisy_rsd') AS noisy_rsd,
       (SELECT value FROM report_setting WHERE key = 'faster') AS faster,
       (SELECT value FROM report_setting WHERE key = 'seed_tolerance') AS seed_tolerance;

-- The default configurations: cold cache (L2 flushed before every sample),
-- one launch per sample, the flush a configuration key does not name. The
-- studies, figures and claims read these; the other flush methods and
-- batch mode are the measurement section's (views flush_bias, run_agreement).
CREATE VIEW stats_default AS
SELECT * FROM config_stats WHERE cache = 'cold' AND config_key NOT LIKE '% flush=%' AND config_key NOT LIKE '% mode=%';
CREATE VIEW latest_default AS
SELECT * FROM latest WHERE cache = 'cold' AND config_key NOT LIKE '% flush=%' AND config_key NOT LIKE '% mode=%';

-- Per GPU model and default configuration (the figures' panels): the
-- model's value, the median over its machines of each one's centre
-- (config_stats: statistic 'model value' of reports/sqlstats.c), and its
-- bracket lo_ms .. hi_ms: measured on one machine, that machine's interval
-- (bracket 'interval'); on several, the range of their centres, lowest to
-- highest (bracket 'range': statistic 'model range', never an interval);
-- gpus: how many machines measured it.
CREATE VIEW model_stats AS
SELECT m.model, m.panel, m.mord, m.machines, x.study, x.config_key, x.variant, x.dtype, x.n, x.block, x.params,
  x.timer, x.flush, x.mode, count(*) AS gpus,
  median(x.median_ms) AS median_ms,
  CASE WHEN count(*) = 1 THEN min(x.lo_ms) ELSE min(x.median_ms) END AS lo_ms,
  CASE WHEN count(*) = 1 THEN max(x.hi_ms) ELSE max(x.median_ms) END AS hi_ms,
  CASE WHEN count(*) = 1 THEN 'interval' ELSE 'range' END AS bracket,
  max(x.bytes_read + x.bytes_written) AS bytes, max(x.peak_gbps) AS peak_gbps
FROM (SELECT c.*, d.name FROM stats_default c JOIN report_devices d USING (device_id)) x
JOIN report_models m ON m.name = x.name
GROUP BY m.name, x.study, x.config_key, x.flush, x.mode;
CREATE VIEW model_gbps AS
SELECT s.*, bytes / (median_ms * 1e6) AS gbps, bytes / (hi_ms * 1e6) AS gbps_lo, bytes / (lo_ms * 1e6) AS gbps_hi,
  100.0 * bytes / (median_ms * 1e6) / peak_gbps AS pct_peak
FROM model_stats s;

-- One cell of the appendix's compact tables: every latest result with its
-- GPU's label and order, its size n as the tables print it (2^k^ for a power
-- of two from 1024 on) and its median time, starred when noisy.
CREATE VIEW report_cell AS
SELECT l.*, v.label AS gpu, v.ord AS gpu_ord,
       CASE WHEN l.n >= 1024 AND (l.n & (l.n - 1)) = 0 THEN printf('2^%d^', CAST(round(log2(l.n)) AS INTEGER))
            ELSE CAST(l.n AS TEXT) END AS n_cell,
       printf('%.4f%s', l.median_ms, CASE WHEN l.rsd > s.noisy_rsd THEN '*' ELSE '' END) AS ms_cell
FROM latest_default l JOIN report_devices v USING (device_id), setting s
-- the reduction tuning sweep's other loads/grid values are not cells of the
-- tables (one cell per key); distance's grid is the field's side
WHERE l.study <> 'reduce'
   OR (coalesce(json_extract(l.params, '$.loads'), 8) = 8 AND coalesce(json_extract(l.params, '$.grid'), 1) = 1);
