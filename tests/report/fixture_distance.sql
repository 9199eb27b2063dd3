-- tests/report/fixture_distance.sql: a SYNTHETIC database for the report test
-- of the distance study (reports/sections/30-constant.md and the constant_*
-- figures). Apply after data/schema.sql, fixture_distance.sql before
-- fixture_raytrace.sql (both add the one 'Fixture GPU'), before
-- the analysis (reports/analysis/*.sql) or after. Every number below is made up by a formula to
-- exercise the queries; none is a measurement. Rows cover the
-- configurations of experiments/distance/distance.matrix.
INSERT OR IGNORE INTO device (uuid, name, cc, sm_count, l2_bytes, global_mem_bytes, sm_clock_khz,
                              mem_clock_khz, bus_width_bits, peak_gbps)
VALUES ('fixture-gpu', 'Fixture GPU', '9.0', 100, 50331648, 85899345920, 1500000, 2500000, 5120, 3200.0);

-- The study's registry as its binary records it at a run's start (table
-- variant): the report orders the variants by it.
INSERT OR REPLACE INTO variant (study, variant, ord, description, bottleneck, flags, origin) VALUES
  ('distance', 'global', 1, 'points in global memory, plain loads (seed version A)', '', '', 'seed 000'),
  ('distance', 'constant', 2, 'points in __constant__ memory via cudaMemcpyToSymbol (seed version B)',
   'per-thread loads of warp-uniform points (one broadcast per warp)', 'constant-memory', 'seed 000'),
  ('distance', 'readonly', 3, 'points in global memory via const __restrict__ + __ldg (read-only cache)',
   'the coherent load path (read-only cache)', '', 'seed 000'),
  ('distance', 'shared', 4, 'points staged per block in shared-memory tiles of blockDim points',
   'repeated global loads of every point by every block', 'shared-memory', 'seed 000');

INSERT INTO run (study, binary, device_id, status, started_utc, finished_utc, argv, host, git_commit, git_dirty,
                 build_id, nvcc_version, nvcc_flags, driver_version, runtime_version, copy_gbps_start,
                 copy_gbps_end, warmups, max_reps, note)
SELECT s, s, (SELECT device_id FROM device WHERE uuid = 'fixture-gpu'), 'complete', '2000-01-01T00:00:00Z',
       '2000-01-01T00:10:00Z', 'fixture ' || s, 'fixture-host', 'fixture', 0, 'fixture-' || s,
       'release 0.0, V0.0.0', '-O3', 13000, 13000, 2500.0, 2500.0, 3, 30, 'synthetic fixture'
FROM (SELECT 'distance' AS s);

-- Distance field: the matrix's configurations; synthetic time =
-- 0.004 ms + grid^2 * P * 3e-8 us * factor(variant, k).
WITH RECURSIVE
g(grid) AS (SELECT 256 UNION ALL SELECT grid * 2 FROM g WHERE grid < 4096),
kk(k) AS (SELECT 1 UNION ALL SELECT k * 2 FROM kk WHERE k < 32),
v(variant) AS (VALUES ('global'), ('constant'), ('readonly'), ('shared')),
pp(p) AS (VALUES (20), (128), (1024), (8192)),
cfg(grid, p, k, variant) AS (
  SELECT grid, p, 1, variant FROM g, pp, v
  UNION SELECT 256, 20, k, variant FROM kk, v
  UNION SELECT 2048, 1024, k, variant FROM kk, v),
t AS (SELECT *, 0.004 + grid * grid * p * 3e-11 *
        CASE variant WHEN 'global' THEN 1.3 WHEN 'constant' THEN 1.0 + 0.7 * (min(k, p) - 1)
                     WHEN 'readonly' THEN 1.2 ELSE 1.1 END AS ms FROM cfg)
INSERT INTO result (run_id, study, config_key, variant, params, cache, timer, status, max_err, tolerance, reps,
                    median_ms, min_ms, max_ms, q1_ms, q3_ms, mean_ms, rsd, bytes_read, bytes_written, created_utc)
SELECT (SELECT run_id FROM run WHERE argv = 'fixture distance'), 'distance',
       printf('grid=%d points=%d k=%d tile=16 variant=%s cache=cold', grid, p, k, variant), variant,
       printf('{"grid":%d,"points":%d,"k":%d,"tile":16}', grid, p, k), 'cold', 'cuda-event', 'ok',
       1e-7, (p + 2) * 1.1920929e-07, 10, ms, ms * 0.98, ms * 1.05, ms * 0.99, ms * 1.01, ms, 0.01,
       p * 8, grid * grid * 4, '2000-01-01T00:05:00Z'
FROM t;
