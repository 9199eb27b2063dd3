-- Distance field (seed 000), uniform access (k = 1, 16x16 blocks): speedup of
-- __constant__ over global memory (global median / constant median) against
-- the grid side, one series per point count P, one panel per GPU.
WITH t AS (SELECT device_id, variant, json_extract(params, '$.grid') AS grid, json_extract(params, '$.points') AS p, median_ms
      FROM latest_default WHERE study = 'distance' AND json_extract(params, '$.k') = 1
        AND json_extract(params, '$.tile') = 16)
SELECT printf('P = %d', g.p) AS series, g.grid AS grid, g.median_ms / c.median_ms AS speedup, v.label AS panel
FROM t g JOIN report_devices v USING (device_id) JOIN t c ON c.device_id = g.device_id AND c.grid = g.grid AND c.p = g.p AND c.variant = 'constant'
WHERE g.variant = 'global'
ORDER BY v.ord, g.p, g.grid;
