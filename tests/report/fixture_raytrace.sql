-- tests/report/fixture_raytrace.sql: a SYNTHETIC database for the report test
-- of the raytrace study (reports/sections/30-constant.md and the raytrace_*
-- figures). Apply after data/schema.sql, fixture_distance.sql before
-- fixture_raytrace.sql (both add the one 'Fixture GPU'), before
-- the analysis (reports/analysis/*.sql) or after. Every number below is made up by a formula to
-- exercise the queries; none is a measurement. Rows cover the
-- configurations of experiments/raytrace/raytrace.matrix.
INSERT OR IGNORE INTO device (uuid, name, cc, sm_count, l2_bytes, global_mem_bytes, sm_clock_khz,
                              mem_clock_khz, bus_width_bits, peak_gbps)
VALUES ('fixture-gpu', 'Fixture GPU', '9.0', 100, 50331648, 85899345920, 1500000, 2500000, 5120, 3200.0);

-- The study's registry as its binary records it at a run's start (table
-- variant): the report orders the variants by it.
INSERT OR REPLACE INTO variant (study, variant, ord, description, bottleneck, flags, origin) VALUES
  ('raytrace', 'global', 1, 'spheres in global memory, plain loads (book''s commented-out version)', '', '', 'seed 002'),
  ('raytrace', 'constant', 2, 'spheres in __constant__ memory via cudaMemcpyToSymbol (book''s version)',
   'per-thread loads of warp-uniform spheres (one broadcast per warp)', 'constant-memory', 'seed 002'),
  ('raytrace', 'readonly', 3, 'spheres in global memory via const __restrict__ + __ldg (read-only cache)',
   'the coherent load path (read-only cache)', '', 'seed 002');

INSERT INTO run (study, binary, device_id, status, started_utc, finished_utc, argv, host, git_commit, git_dirty,
                 build_id, nvcc_version, nvcc_flags, driver_version, runtime_version, copy_gbps_start,
                 copy_gbps_end, warmups, max_reps, note)
SELECT s, s, (SELECT device_id FROM device WHERE uuid = 'fixture-gpu'), 'complete', '2000-01-01T00:00:00Z',
       '2000-01-01T00:10:00Z', 'fixture ' || s, 'fixture-host', 'fixture', 0, 'fixture-' || s,
       'release 0.0, V0.0.0', '-O3', 13000, 13000, 2500.0, 2500.0, 3, 30, 'synthetic fixture'
FROM (SELECT 'raytrace' AS s);

-- Ray tracer: synthetic time = 0.003 ms + size^2 * spheres * 1.5e-8 us * factor(variant).
WITH v(variant) AS (VALUES ('global'), ('constant'), ('readonly')),
nn(n) AS (VALUES (20), (100), (200), (500), (1000), (2340)),
z(size) AS (VALUES (512), (1024), (2048), (4096)),
cfg(size, n, variant) AS (
  SELECT 1024, n, variant FROM nn, v
  UNION SELECT size, n, variant FROM z, nn, v WHERE n <= 100),
t AS (SELECT *, 0.003 + size * size * n * 1.5e-11 *
        CASE variant WHEN 'global' THEN 1.4 WHEN 'constant' THEN 1.0 ELSE 1.2 END AS ms FROM cfg)
INSERT INTO result (run_id, study, config_key, variant, params, cache, timer, status, max_err, tolerance, reps,
                    median_ms, min_ms, max_ms, q1_ms, q3_ms, mean_ms, rsd, bytes_read, bytes_written, created_utc)
SELECT (SELECT run_id FROM run WHERE argv = 'fixture raytrace'), 'raytrace',
       printf('size=%d spheres=%d tile=16 variant=%s cache=cold', size, n, variant), variant,
       printf('{"size":%d,"spheres":%d,"tile":16}', size, n), 'cold', 'cuda-event', 'ok',
       0, 1, 10, ms, ms * 0.98, ms * 1.05, ms * 0.99, ms * 1.01, ms, 0.01,
       n * 28, size * size * 4, '2000-01-01T00:06:00Z'
FROM t;
