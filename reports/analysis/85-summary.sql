-- reports/analysis/85-summary.sql: the summary's values, per GPU and per model.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).

-- -------------------------------------------------------------- summary --
-- The summary's numbers, per GPU: one row per metric with its value and interval (at the engine's level)
-- interval (a ratio of two times paired within each run: 26-pairs.sql):
--   ladder   fastest hand-written step over neighbored pairs, n = 2^24 int32
--            (the step and the blocks chosen on trial 1, judged on the others)
--   best     best hand-written % of theoretical at 2^28 int32 (chosen on
--            trial 1, judged on the others: reduce_top_target)
--   cub      CUB at its best's % of theoretical at 2^28 int32 (of cub and
--            cub32, the one reduce_pick chose on trial 1)
--   k1, k32  global / constant time at k = 1, constant / global at k = 32
--            (distance field 2048 x 2048, 1024 points)
--   off1, str32  useful throughput lost at offset 1 and stride 32 (2^26 floats, L1 on)
CREATE VIEW summary_metric AS
WITH rb AS (SELECT * FROM reduce_best WHERE dtype = 'int32' AND timer = 'cuda-event'),
z AS (SELECT * FROM size),
-- the fastest hand-written step at n_seed, chosen on trial 1 (its block too:
-- reduce_best), judged on the other trials by its paired ratio to neighbored
top AS (SELECT * FROM (SELECT rb.*, row_number() OVER (PARTITION BY rb.device_id ORDER BY t.median_ms, rb.variant) AS k1
                       FROM rb JOIN reduce_trial t ON t.device_id = rb.device_id AND t.config_key = rb.config_key
                                                  AND t.flush = rb.flush AND t.mode = rb.mode AND t.trial = 1, z
                       WHERE rb.n = z.n_seed AND rb.variant IN (SELECT variant FROM reduce_step)) WHERE k1 = 1),
cu AS (SELECT x.device_id, json_extract(x.params, '$.k') AS k, x.ratio, x.lo, x.hi FROM pair_stats x, z
       WHERE x.kind = 'c-uniform' AND json_extract(x.params, '$.grid') = z.dist_grid
         AND json_extract(x.params, '$.points') = z.dist_points),
acc AS (SELECT x.* FROM pair_stats x, z WHERE x.kind IN ('flat', 'stride') AND x.n = z.n_access AND x.block = 256
          AND json_extract(x.params, '$.l1') = 'ca')
SELECT t.device_id, 'ladder' AS metric, x.ratio AS value, x.lo, x.hi
FROM top t JOIN pair_stats x ON x.kind = 'total' AND x.device_id = t.device_id AND x.config_key = t.config_key
UNION ALL SELECT device_id, 'best', value, lo, hi FROM reduce_top_target WHERE key = 'top_peak_large' AND dtype = 'int32'
UNION ALL SELECT device_id, 'cub', pct_peak, pct_peak * gbps_lo / gbps, pct_peak * gbps_hi / gbps FROM rb, z
  WHERE n = z.n_large AND variant = (SELECT p.variant FROM reduce_pick p WHERE p.device_id = rb.device_id
                                       AND p.dtype = rb.dtype AND p.n = rb.n AND p.is_cub)
UNION ALL SELECT device_id, 'k1', ratio, lo, hi FROM cu WHERE k = 1
UNION ALL SELECT device_id, 'k32', 1 / ratio, 1 / hi, 1 / lo FROM cu WHERE k = 32
UNION ALL SELECT device_id, 'off1', ratio, lo, hi FROM acc WHERE kind = 'flat' AND pair_key LIKE '% at k=1'
UNION ALL SELECT device_id, 'str32', ratio, lo, hi FROM acc WHERE kind = 'stride' AND pair_key LIKE '% at s=32';

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
