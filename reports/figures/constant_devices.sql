-- Distance field (seed 000) on every device: speedup of __constant__ over
-- global memory (global median / constant median) against k, the distinct
-- points the lanes of a warp read per step (2048 x 2048, 1024 points, 16x16
-- blocks), one series per device; then the spread: the speedup from the
-- quartiles (global q1 / constant q3 .. global q3 / constant q1).
SELECT (SELECT dl.label FROM device_label dl WHERE dl.device_id = v.device_id) AS series, g.k, g.ms / c.ms AS speedup, g.q1_ms / c.q3_ms AS lo, g.q3_ms / c.q1_ms AS hi
FROM distance_t g JOIN distance_t c ON c.device_id = g.device_id AND c.grid = g.grid AND c.p = g.p AND c.k = g.k
  AND c.variant = 'constant'
JOIN report_devices v ON v.device_id = g.device_id
WHERE g.variant = 'global' AND g.grid = 2048 AND g.p = 1024
ORDER BY v.name, g.k;
