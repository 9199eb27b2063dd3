-- Ray tracer (seed 002): median kernel time against the number of spheres at
-- the book's 1024 x 1024 (16x16 blocks), one series per memory space, with
-- the 95% interval (config_stats); one panel per GPU.
SELECT variant AS series, json_extract(params, '$.spheres') AS spheres, median_ms AS ms, lo_ms, hi_ms, v.label AS panel
FROM stats_default JOIN report_devices v USING (device_id)
WHERE study = 'raytrace' AND json_extract(params, '$.size') = 1024 AND json_extract(params, '$.tile') = 16
ORDER BY v.ord, CASE variant WHEN 'global' THEN 1 WHEN 'constant' THEN 2 ELSE 3 END, spheres;
