-- reports/analysis/85-summary.sql: the summary's values, per GPU and per model.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).

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
CREATE VIEW summary_metric AS
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
CREATE VIEW summary_model AS
WITH x AS (SELECT m.*, v.name, v.label, v.ord FROM summary_metric m JOIN report_devices v USING (device_id)),
g AS (SELECT name, metric, count(*) AS gpus, median(value) AS value, min(lo) AS lo, max(hi) AS hi
      FROM x GROUP BY name, metric)
SELECT m.mord, m.model, m.machines, m.panel, g.metric, g.gpus, g.value, g.lo, g.hi,
       (SELECT group_concat(x.label, ', ') FROM x WHERE x.name = g.name AND x.metric = g.metric
          AND (x.lo > g.value OR x.hi < g.value)) AS odd
FROM g JOIN report_models m USING (name);

-- A verdict per target and GPU model: the one verdict of all its machines, or
-- 'mixed' (each machine's is in the targets table).
CREATE VIEW target_model AS
WITH x AS (SELECT t.*, m.mord, m.model, m.machines
           FROM reduce_top_target t JOIN report_devices v USING (device_id) JOIN report_models m ON m.name = v.name)
SELECT key, mord, model, machines, dtype, n, max(threshold) AS threshold,
       CASE WHEN count(DISTINCT verdict) = 1 THEN max(verdict) ELSE 'mixed' END AS verdict,
       group_concat(DISTINCT verdict) AS verdicts,
       median(value) AS value,
       min(lo) AS lo, max(hi) AS hi
FROM x GROUP BY key, mord, dtype, n;
