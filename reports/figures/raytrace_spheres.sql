-- Ray tracer (seed 002): median kernel time against the number of spheres at
-- the book's 1024 x 1024 (16x16 blocks), one series per memory space, with
-- the first and third quartile times.
WITH d AS (SELECT device_id FROM report_device)
SELECT variant AS series, json_extract(params, '$.spheres') AS spheres, median_ms AS ms, q1_ms, q3_ms FROM latest
WHERE study = 'raytrace' AND json_extract(params, '$.size') = 1024 AND json_extract(params, '$.tile') = 16
  AND device_id = (SELECT device_id FROM d)
ORDER BY CASE variant WHEN 'global' THEN 1 WHEN 'constant' THEN 2 ELSE 3 END, spheres;
