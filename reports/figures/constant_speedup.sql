-- Distance field (seed 000), uniform access (k = 1, 16x16 blocks): speedup of
-- __constant__ over global memory (global median / constant median) against
-- the grid side, one series per point count P.
WITH d AS (SELECT device_id FROM report_device),
t AS (SELECT variant, json_extract(params, '$.grid') AS grid, json_extract(params, '$.points') AS p, median_ms
      FROM latest WHERE study = 'distance' AND json_extract(params, '$.k') = 1
        AND json_extract(params, '$.tile') = 16 AND device_id = (SELECT device_id FROM d))
SELECT printf('P = %d', g.p) AS series, g.grid AS grid, g.median_ms / c.median_ms AS speedup
FROM t g JOIN t c ON c.grid = g.grid AND c.p = g.p AND c.variant = 'constant'
WHERE g.variant = 'global'
ORDER BY g.p, g.grid;
