-- reports/analysis/65-claim-intervals.sql: the intervals the seeds' claims are judged on.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).

-- ---------------------------------------------- claims from intervals --
-- The time-based claims of the constant-memory and access studies are judged
-- like the ladder's: from config_stats' intervals (stats_default, the
-- default cold configurations over all runs). A ratio of two times a / b
-- runs from a_lo / b_hi to a_hi / b_lo; a threshold is met when the whole
-- interval is on its side, missed when the whole interval is on the other,
-- and the comparison is inconclusive otherwise. The claims' rows
-- (seed_claim, reports/schema.sql) name which of these they read; one
-- function judges them (claim_judge, 70-claims.sql).

-- The claims' ratios, each paired within a run (26-pairs.sql: pair_run's
-- rows of these kinds; the interval of a ratio is pair_stats'):
--   c-uniform  distance field, global over constant, per (grid, P, k), 16 x 16 tiles
--   cr         distance field, constant over read-only, per (grid, P, k)
--   c-k        distance field at dist_grid x dist_grid, dist_points: a space's
--              time at k over its time at k = 1 (constant and global)
--   rt         ray tracer, global over constant, per (size, spheres)
--   flat       access, read-offset at offset k over offset 0 (n_access_seed,
--              block 512), per L1 mode; also at n_access, block 256: what the
--              summary's offset-1 loss reads
--   stride     access, read-stride at stride s over stride 1 (n_access, block 256)
--   (flat and stride in useful throughput: the time at k (s) scaled by the
--   bytes at 0 (1) over the bytes at k (s), so the ratio is throughput at 0
--   (1) over throughput at k (s), the factor lost)
--   seed       reduction at the seed's configuration (float32, n_seed, block
--              1024): a ladder step's time over the next one's
DROP VIEW IF EXISTS pair_run_claim;
CREATE VIEW pair_run_claim AS
WITH t AS MATERIALIZED (SELECT * FROM pair_trial_rows WHERE config_key NOT LIKE '% flush=%' AND config_key NOT LIKE '% mode=%'),
d AS MATERIALIZED (SELECT t.*, json_extract(params, '$.grid') AS grid, json_extract(params, '$.points') AS p,
                          json_extract(params, '$.k') AS k FROM t WHERE study = 'distance'
                     AND json_extract(params, '$.tile') = 16),
a AS MATERIALIZED (SELECT t.*, CAST(json_extract(params, '$.k') AS INTEGER) AS k, json_extract(params, '$.l1') AS l1
                   FROM t WHERE study = 'access'),
seedcfg(num_v, den_v) AS (VALUES ('neighbored', 'neighbored-less-divergence'), ('neighbored', 'interleaved'),
                                 ('interleaved', 'unroll2'), ('unroll2', 'unroll4'), ('unroll4', 'unroll8'),
                                 ('unroll8', 'unroll-warps8'), ('unroll-warps8', 'complete-unroll-warps8'))
SELECT 'c-uniform' AS kind, c.device_id, c.config_key AS pair_key, c.study, c.config_key, c.variant, c.dtype, c.n,
       c.block, c.params, c.flush, c.mode, c.run_id, c.trial_index, g.ms AS num_ms, c.ms AS den_ms, g.lo_ms AS num_lo_ms, g.hi_ms AS num_hi_ms, c.lo_ms AS den_lo_ms, c.hi_ms AS den_hi_ms
FROM d c JOIN d g ON g.proc = c.proc AND g.grid = c.grid AND g.p = c.p AND g.k = c.k AND g.variant = 'global'
WHERE c.variant = 'constant'
UNION ALL
SELECT 'cr', r.device_id, r.config_key, r.study, r.config_key, r.variant, r.dtype, r.n, r.block, r.params, r.flush,
       r.mode, r.run_id, r.trial_index, c.ms, r.ms, c.lo_ms, c.hi_ms, r.lo_ms, r.hi_ms
FROM d r JOIN d c ON c.proc = r.proc AND c.grid = r.grid AND c.p = r.p AND c.k = r.k AND c.variant = 'constant'
WHERE r.variant = 'readonly'
UNION ALL
SELECT 'c-k', b.device_id, b.config_key || ' at k=' || x.k, b.study, b.config_key, b.variant, b.dtype, b.n, b.block, b.params, b.flush,
       b.mode, b.run_id, b.trial_index, x.ms, b.ms, x.lo_ms, x.hi_ms, b.lo_ms, b.hi_ms
FROM d b JOIN d x ON x.proc = b.proc AND x.grid = b.grid AND x.p = b.p AND x.variant = b.variant AND x.k > 1, size z
WHERE b.k = 1 AND b.grid = z.dist_grid AND b.p = z.dist_points AND b.variant IN ('constant', 'global')
UNION ALL
SELECT 'rt', c.device_id, c.config_key, c.study, c.config_key, c.variant, c.dtype, c.n, c.block, c.params, c.flush,
       c.mode, c.run_id, c.trial_index, g.ms, c.ms, g.lo_ms, g.hi_ms, c.lo_ms, c.hi_ms
FROM t c JOIN t g ON g.proc = c.proc AND g.study = 'raytrace' AND g.variant = 'global'
                 AND g.config_key = replace(c.config_key, 'variant=constant', 'variant=global')
WHERE c.study = 'raytrace' AND c.variant = 'constant'
UNION ALL
SELECT 'flat', z.device_id, z.config_key || ' at k=' || x.k, z.study, z.config_key, z.variant, z.dtype, z.n, z.block,
       z.params, z.flush, z.mode, z.run_id, z.trial_index, x.ms * z.bytes / x.bytes, z.ms, x.lo_ms * z.bytes / x.bytes,
       x.hi_ms * z.bytes / x.bytes, z.lo_ms, z.hi_ms
FROM a z JOIN a x ON x.proc = z.proc AND x.variant = z.variant AND x.n = z.n AND x.block = z.block
                 AND x.l1 = z.l1 AND x.k > 0
WHERE z.variant = 'read-offset' AND z.k = 0
UNION ALL
SELECT 'stride', o.device_id, o.config_key || ' at s=' || x.k, o.study, o.config_key, o.variant, o.dtype, o.n, o.block,
       o.params, o.flush, o.mode, o.run_id, o.trial_index, x.ms * o.bytes / x.bytes, o.ms, x.lo_ms * o.bytes / x.bytes,
       x.hi_ms * o.bytes / x.bytes, o.lo_ms, o.hi_ms
FROM a o JOIN a x ON x.proc = o.proc AND x.variant = o.variant AND x.n = o.n AND x.block = o.block
                 AND x.l1 = o.l1 AND x.k > 1
WHERE o.variant = 'read-stride' AND o.k = 1
UNION ALL
SELECT 'seed', e.device_id, s.num_v || ' over ' || s.den_v, e.study, e.config_key, e.variant, e.dtype, e.n, e.block,
       e.params, e.flush, e.mode, e.run_id, e.trial_index, m.ms, e.ms, m.lo_ms, m.hi_ms, e.lo_ms, e.hi_ms
FROM seedcfg s JOIN t e ON e.study = 'reduce' AND e.variant = s.den_v AND e.dtype = 'float32' AND e.block = 1024
     JOIN size z ON e.n = z.n_seed
     JOIN t m ON m.proc = e.proc AND m.study = 'reduce' AND m.variant = s.num_v AND m.dtype = 'float32'
              AND m.n = e.n AND m.block = 1024
              AND coalesce(json_extract(m.params, '$.loads'), 8) = coalesce(json_extract(e.params, '$.loads'), 8);

-- The distance field's default configurations (16 x 16 tiles) with their
-- interval, over all runs.
CREATE VIEW distance_ci AS
SELECT device_id, variant, json_extract(params, '$.grid') AS grid, json_extract(params, '$.points') AS p,
       json_extract(params, '$.k') AS k, median_ms AS ms, lo_ms, hi_ms
FROM stats_default WHERE study = 'distance' AND json_extract(params, '$.tile') = 16;

-- Uniform access (k = 1) per device and (grid, P): constant over global
-- (global time / constant time, paired: kind c-uniform) and its interval;
-- fastest = 1 where constant's whole interval is below every other space's,
-- 0 where another space's whole interval is below constant's, NULL otherwise.
CREATE VIEW const_uniform_ci AS
WITH d AS MATERIALIZED (SELECT * FROM distance_ci WHERE k = 1),
o AS (SELECT device_id, grid, p, min(lo_ms) AS lo_ms, min(hi_ms) AS hi_ms FROM d WHERE variant <> 'constant'
      GROUP BY device_id, grid, p)
SELECT c.device_id, c.grid, c.p, x.ratio AS x, x.lo AS x_lo, x.hi AS x_hi,
  CASE WHEN c.hi_ms < o.lo_ms THEN 1 WHEN c.lo_ms > o.hi_ms THEN 0 END AS fastest
FROM d c JOIN o ON o.device_id = c.device_id AND o.grid = c.grid AND o.p = c.p
  JOIN pair_stats x ON x.kind = 'c-uniform' AND x.device_id = c.device_id AND json_extract(x.params, '$.grid') = c.grid
                   AND json_extract(x.params, '$.points') = c.p AND json_extract(x.params, '$.k') = 1
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

-- The ratios the divergent-access claims read, per device, with paired
-- intervals: constant at k = 16 (and 32) over constant at k = 1, the same for
-- global, constant over global at k = 16, constant over read-only at k = 32.
CREATE VIEW const_slow_ci AS
WITH ck AS MATERIALIZED (SELECT device_id, variant, CAST(substr(pair_key, instr(pair_key, ' at k=') + 6) AS INTEGER) AS k,
                                ratio, lo, hi FROM pair_stats WHERE kind = 'c-k'),
z AS (SELECT * FROM size),
cg AS MATERIALIZED (SELECT device_id, json_extract(params, '$.k') AS k, ratio, lo, hi FROM pair_stats, z
                    WHERE kind = 'c-uniform' AND json_extract(params, '$.grid') = z.dist_grid
                      AND json_extract(params, '$.points') = z.dist_points),
cr AS MATERIALIZED (SELECT device_id, json_extract(params, '$.k') AS k, ratio, lo, hi FROM pair_stats, z
                    WHERE kind = 'cr' AND json_extract(params, '$.grid') = z.dist_grid
                      AND json_extract(params, '$.points') = z.dist_points)
SELECT a.device_id,
  c16.ratio AS c16, c16.lo AS c16_lo, c16.hi AS c16_hi, c32.ratio AS c32,
  g16.ratio AS g16, g16.lo AS g16_lo, g16.hi AS g16_hi,
  1 / x16.ratio AS cg16, 1 / x16.hi AS cg16_lo, 1 / x16.lo AS cg16_hi,
  r32.ratio AS cr32, r32.lo AS cr32_lo, r32.hi AS cr32_hi
FROM (SELECT DISTINCT device_id FROM ck) a
  LEFT JOIN ck c16 ON c16.device_id = a.device_id AND c16.variant = 'constant' AND c16.k = 16
  LEFT JOIN ck c32 ON c32.device_id = a.device_id AND c32.variant = 'constant' AND c32.k = 32
  LEFT JOIN ck g16 ON g16.device_id = a.device_id AND g16.variant = 'global' AND g16.k = 16
  LEFT JOIN cg x16 ON x16.device_id = a.device_id AND x16.k = 16
  LEFT JOIN cr r32 ON r32.device_id = a.device_id AND r32.k = 32;

-- Ray tracer: constant over global per (size, spheres), with its paired interval.
CREATE VIEW rt_pair_ci AS
SELECT device_id, json_extract(params, '$.size') AS size, json_extract(params, '$.spheres') AS spheres,
       ratio AS x, lo AS x_lo, hi AS x_hi
FROM pair_stats WHERE kind = 'rt';

-- Seed 004's configuration (offset read, 2^20 floats, block 512): the time
-- at offsets 11 and 128 over offset 0's, per device and L1 mode, with paired intervals.
CREATE VIEW access_flat_ci AS
SELECT x.device_id, json_extract(x.params, '$.l1') AS l1, CAST(substr(x.pair_key, instr(x.pair_key, ' at k=') + 6) AS INTEGER) AS k,
       s0.median_ms AS ms0, s0.median_ms * x.ratio AS ms, x.ratio AS x, x.lo AS x_lo, x.hi AS x_hi
FROM pair_stats x JOIN stats_default s0 ON s0.device_id = x.device_id AND s0.study = 'access' AND s0.config_key = x.config_key
WHERE x.kind = 'flat' AND x.n = (SELECT n_access_seed FROM size) AND x.block = 512
  AND CAST(substr(x.pair_key, instr(x.pair_key, ' at k=') + 6) AS INTEGER) IN (11, 128);
