-- Distance field (seed 000) on every device: speedup of __constant__ over
-- global memory (global median / constant median) against k, the distinct
-- points the lanes of a warp read per step (2048 x 2048, 1024 points, 16x16
-- blocks), one series per device in the report's order (colour: its
-- position), with the speedup's interval from the two times' 95% intervals
-- (global lo / constant hi .. global hi / constant lo).
WITH t AS (SELECT device_id, variant, json_extract(params, '$.grid') AS grid, json_extract(params, '$.points') AS p,
                  json_extract(params, '$.k') AS k, median_ms, lo_ms, hi_ms
           FROM stats_default WHERE study = 'distance' AND json_extract(params, '$.tile') = 16)
SELECT v.label AS series, g.k, g.median_ms / c.median_ms AS speedup, g.lo_ms / c.hi_ms AS lo, g.hi_ms / c.lo_ms AS hi, v.ord AS colour
FROM t g JOIN t c ON c.device_id = g.device_id AND c.grid = g.grid AND c.p = g.p AND c.k = g.k AND c.variant = 'constant'
JOIN report_devices v ON v.device_id = g.device_id
WHERE g.variant = 'global' AND g.grid = (SELECT dist_grid FROM size) AND g.p = (SELECT dist_points FROM size)
ORDER BY v.ord, g.k;
