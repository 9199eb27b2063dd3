-- Distance field (seed 000), the serialisation curve: median time against k,
-- the distinct points the lanes of a warp read per step, one series per
-- memory space, at 2048 x 2048 with 1024 points (16x16 blocks), one panel per
-- GPU model: the median over its machines and an interval holding every
-- machine's interval (model_stats); then the line of ideal k-fold
-- serialisation from the constant variant's time at k = 1.
WITH t AS (SELECT mord, panel, variant, json_extract(params, '$.k') AS k, median_ms, lo_ms, hi_ms FROM model_stats
           WHERE study = 'distance' AND json_extract(params, '$.grid') = (SELECT dist_grid FROM size)
             AND json_extract(params, '$.points') = (SELECT dist_points FROM size)
             AND json_extract(params, '$.tile') = 16)
SELECT series, k, ms, lo, hi, panel FROM (
  SELECT mord, panel, variant AS series, k, median_ms AS ms, lo_ms AS lo, hi_ms AS hi,
         CASE variant WHEN 'global' THEN 1 WHEN 'constant' THEN 2 WHEN 'readonly' THEN 3 ELSE 4 END AS ord
  FROM t
  UNION ALL
  SELECT t.mord, t.panel, 'k x constant at k = 1', t.k, t.k * c.median_ms, t.k * c.median_ms, t.k * c.median_ms, 5
  FROM t JOIN t c ON c.mord = t.mord AND c.variant = 'constant' AND c.k = 1
  WHERE t.variant = 'constant') x
ORDER BY mord, ord, k;
