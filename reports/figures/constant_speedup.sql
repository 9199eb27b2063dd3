-- Distance field (seed 000), uniform access (k = 1, 16x16 blocks): speedup of
-- __constant__ over global memory (global median / constant median, each the
-- median over the model's machines) against the grid side, one series per
-- point count P, one panel per GPU model.
WITH t AS (SELECT mord, panel, variant, json_extract(params, '$.grid') AS grid, json_extract(params, '$.points') AS p, median_ms
      FROM model_stats WHERE study = 'distance' AND json_extract(params, '$.k') = 1
        AND json_extract(params, '$.tile') = 16)
SELECT printf('P = %d', g.p) AS series, g.grid AS grid, g.median_ms / c.median_ms AS speedup, g.panel AS panel
FROM t g JOIN t c ON c.mord = g.mord AND c.grid = g.grid AND c.p = g.p AND c.variant = 'constant'
WHERE g.variant = 'global'
ORDER BY g.mord, g.p, g.grid;
