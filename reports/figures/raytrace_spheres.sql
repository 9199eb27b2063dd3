-- Ray tracer (seed 002): median kernel time against the number of spheres at
-- the book's 1024 x 1024 (16x16 blocks), one series per memory space, one
-- panel per GPU model: the median over its machines and an interval holding
-- every machine's interval (model_stats).
SELECT variant AS series, json_extract(params, '$.spheres') AS spheres, median_ms AS ms, lo_ms, hi_ms, panel
FROM model_stats
WHERE study = 'raytrace' AND json_extract(params, '$.size') = (SELECT rt_side FROM size) AND json_extract(params, '$.tile') = 16
ORDER BY mord, CASE variant WHEN 'global' THEN 1 WHEN 'constant' THEN 2 ELSE 3 END, spheres;
