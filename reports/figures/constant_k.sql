-- Distance field (seed 000), the serialisation curve: median time against k,
-- the distinct points the lanes of a warp read per step, one series per
-- memory space, at 2048 x 2048 with 1024 points (16x16 blocks), with the
-- first and third quartile times; then the line of ideal k-fold
-- serialisation from the constant variant's time at k = 1; one panel per GPU.
WITH t AS (SELECT device_id, variant, k, ms AS median_ms, q1_ms, q3_ms FROM distance_t
      WHERE grid = 2048 AND p = 1024)
SELECT series, k, ms, lo, hi, v.label AS panel FROM (
  SELECT device_id, variant AS series, k, median_ms AS ms, q1_ms AS lo, q3_ms AS hi,
         CASE variant WHEN 'global' THEN 1 WHEN 'constant' THEN 2 WHEN 'readonly' THEN 3 ELSE 4 END AS ord
  FROM t
  UNION ALL
  SELECT t.device_id, 'k x constant at k = 1', t.k, t.k * c.median_ms, t.k * c.median_ms, t.k * c.median_ms, 5
  FROM t JOIN t c ON c.device_id = t.device_id AND c.variant = 'constant' AND c.k = 1
  WHERE t.variant = 'constant') x JOIN report_devices v USING (device_id)
ORDER BY v.ord, x.ord, k;
