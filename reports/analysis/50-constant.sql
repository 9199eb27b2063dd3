-- reports/analysis/50-constant.sql: constant memory.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).

-- ------------------------------------------------------------- constant --
CREATE VIEW distance_t AS
SELECT device_id, variant, json_extract(params, '$.grid') AS grid, json_extract(params, '$.points') AS p,
       json_extract(params, '$.k') AS k, median_ms AS ms, q1_ms, q3_ms, rsd
FROM latest_default WHERE study = 'distance' AND json_extract(params, '$.tile') = 16;

-- The serialisation curve at 2048 x 2048, 1024 points: one row per device
-- and k, median ms per memory space.
CREATE VIEW const_k AS
SELECT device_id, k,
  max(CASE WHEN variant = 'global' THEN ms END) AS g, max(CASE WHEN variant = 'constant' THEN ms END) AS c,
  max(CASE WHEN variant = 'readonly' THEN ms END) AS r, max(CASE WHEN variant = 'shared' THEN ms END) AS s
FROM distance_t, size z WHERE grid = z.dist_grid AND p = z.dist_points GROUP BY device_id, k;

CREATE VIEW const_slow AS
SELECT a.device_id, b16.c / a.c AS c16, b32.c / a.c AS c32, b16.g / a.g AS g16, b16.c / b16.g AS cg16,
       b32.c / b32.g AS cg32, b32.c / b32.r AS cr32, a.g / a.c AS gc1
FROM const_k a JOIN const_k b16 ON b16.device_id = a.device_id AND b16.k = 16
  JOIN const_k b32 ON b32.device_id = a.device_id AND b32.k = 32 WHERE a.k = 1;
