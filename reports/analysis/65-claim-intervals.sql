-- reports/analysis/65-claim-intervals.sql: the intervals the seeds' claims are judged on.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).

-- ---------------------------------------------- claims from intervals --
-- The time-based claims of the constant-memory and access studies are judged
-- like the ladder's: from config_stats' 95% intervals (stats_default, the
-- default cold configurations over all runs). A ratio of two times a / b
-- runs from a_lo / b_hi to a_hi / b_lo; a threshold is met when the whole
-- interval is on its side, missed when the whole interval is on the other,
-- and the comparison is inconclusive otherwise. A claim over several
-- configurations holds when every one meets it, does not hold when every one
-- misses it, holds in part when some meet and some miss, and is inconclusive
-- otherwise. Thresholds: report_setting.
INSERT OR REPLACE INTO report_setting VALUES
  ('serialise_lo', 8, 'claim 000-serialise: the least slowdown of constant reads at k = 16 over k = 1 of the seed''s magnitude (half its 16x)'),
  ('serialise_hi', 32, 'claim 000-serialise: the largest slowdown of the seed''s magnitude (a warp''s 32 lanes serialised)'),
  ('serialise_min', 2, 'claim 000-serialise: a slowdown of at least this, and this times global memory''s, is serialisation of another magnitude'),
  ('flat_tol', 0.10, 'claim 004-flat: times within this fraction of offset 0''s show no trend'),
  ('sector_tol', 5, 'claim 004-sector: percentage points within which the bytes used per sector match the seed''s'),
  ('l2seg_tol', 0.1, 'claim 004-l2seg: sectors per request within this of the seed''s 5 segments'),
  ('l1trans_holds', 11.5, 'claim 004-l1trans: sectors per load request with L1 on from which 3 lines of 128 bytes are moved'),
  ('l1trans_part', 7.5, 'claim 004-l1trans: sectors per load request from which 2 lines are moved (holds in part)'),
  ('cached_hit_min', 0.95, 'claim 000-cached: the least share of the constant kernel''s indexed-constant-cache (IDC) requests at k = 1 that hit, over the whole range of the profiled passes, for repeated reads to cost no extra traffic');

-- The distance field's default configurations (16 x 16 tiles) with their
-- interval, over all runs.
CREATE VIEW distance_ci AS
SELECT device_id, variant, json_extract(params, '$.grid') AS grid, json_extract(params, '$.points') AS p,
       json_extract(params, '$.k') AS k, median_ms AS ms, lo_ms, hi_ms
FROM stats_default WHERE study = 'distance' AND json_extract(params, '$.tile') = 16;

-- Uniform access (k = 1) per device and (grid, P): constant over global
-- (global time / constant time) and its interval; fastest = 1 where
-- constant's whole interval is below every other space's, 0 where another
-- space's whole interval is below constant's, NULL otherwise.
CREATE VIEW const_uniform_ci AS
WITH d AS MATERIALIZED (SELECT * FROM distance_ci WHERE k = 1),
o AS (SELECT device_id, grid, p, min(lo_ms) AS lo_ms, min(hi_ms) AS hi_ms FROM d WHERE variant <> 'constant'
      GROUP BY device_id, grid, p)
SELECT c.device_id, c.grid, c.p, g.ms / c.ms AS x, g.lo_ms / c.hi_ms AS x_lo, g.hi_ms / c.lo_ms AS x_hi,
  CASE WHEN c.hi_ms < o.lo_ms THEN 1 WHEN c.lo_ms > o.hi_ms THEN 0 END AS fastest
FROM d c JOIN d g ON g.device_id = c.device_id AND g.grid = c.grid AND g.p = c.p AND g.variant = 'global'
  JOIN o ON o.device_id = c.device_id AND o.grid = c.grid AND o.p = c.p
WHERE c.variant = 'constant';

-- The serialisation curve at 2048 x 2048, 1024 points, per device and k:
-- each memory space's median and interval.
CREATE VIEW const_k_ci AS
SELECT device_id, k,
  max(CASE WHEN variant = 'global' THEN ms END) AS g, max(CASE WHEN variant = 'global' THEN lo_ms END) AS g_lo,
  max(CASE WHEN variant = 'global' THEN hi_ms END) AS g_hi,
  max(CASE WHEN variant = 'constant' THEN ms END) AS c, max(CASE WHEN variant = 'constant' THEN lo_ms END) AS c_lo,
  max(CASE WHEN variant = 'constant' THEN hi_ms END) AS c_hi,
  max(CASE WHEN variant = 'readonly' THEN ms END) AS r, max(CASE WHEN variant = 'readonly' THEN lo_ms END) AS r_lo,
  max(CASE WHEN variant = 'readonly' THEN hi_ms END) AS r_hi
FROM distance_ci, size z WHERE grid = z.dist_grid AND p = z.dist_points GROUP BY device_id, k;

-- The ratios the divergent-access claims read, per device, with intervals:
-- constant at k = 16 (and 32) over constant at k = 1, the same for global,
-- constant over global at k = 16, constant over read-only at k = 32.
CREATE VIEW const_slow_ci AS
SELECT a.device_id,
  b16.c / a.c AS c16, b16.c_lo / a.c_hi AS c16_lo, b16.c_hi / a.c_lo AS c16_hi, b32.c / a.c AS c32,
  b16.g / a.g AS g16, b16.g_lo / a.g_hi AS g16_lo, b16.g_hi / a.g_lo AS g16_hi,
  b16.c / b16.g AS cg16, b16.c_lo / b16.g_hi AS cg16_lo, b16.c_hi / b16.g_lo AS cg16_hi,
  b32.c / b32.r AS cr32, b32.c_lo / b32.r_hi AS cr32_lo, b32.c_hi / b32.r_lo AS cr32_hi
FROM const_k_ci a JOIN const_k_ci b16 ON b16.device_id = a.device_id AND b16.k = 16
  JOIN const_k_ci b32 ON b32.device_id = a.device_id AND b32.k = 32 WHERE a.k = 1;

-- Ray tracer: constant over global per (size, spheres), with its interval.
CREATE VIEW rt_pair_ci AS
SELECT g.device_id, json_extract(g.params, '$.size') AS size, json_extract(g.params, '$.spheres') AS spheres,
       g.median_ms / c.median_ms AS x, g.lo_ms / c.hi_ms AS x_lo, g.hi_ms / c.lo_ms AS x_hi
FROM stats_default g JOIN stats_default c ON c.device_id = g.device_id AND c.study = g.study
  AND c.config_key = replace(g.config_key, 'variant=global', 'variant=constant')
WHERE g.study = 'raytrace' AND g.variant = 'global';

-- Seed 004's configuration (offset read, 2^20 floats, block 512): the time
-- at offsets 11 and 128 over offset 0's, per device and L1 mode, with intervals.
CREATE VIEW access_flat_ci AS
WITH a AS (SELECT device_id, CAST(json_extract(params, '$.k') AS INTEGER) AS k, json_extract(params, '$.l1') AS l1,
                  median_ms AS ms, lo_ms, hi_ms
           FROM stats_default WHERE study = 'access' AND variant = 'read-offset' AND n = (SELECT n_access_seed FROM size) AND block = 512)
SELECT t.device_id, t.l1, t.k, z.ms AS ms0, t.ms, t.ms / z.ms AS x, t.lo_ms / z.hi_ms AS x_lo, t.hi_ms / z.lo_ms AS x_hi
FROM a t JOIN a z ON z.device_id = t.device_id AND z.l1 = t.l1 AND z.k = 0 WHERE t.k IN (11, 128);
