-- tests/report/fixture_two_devices.sql: a SYNTHETIC two-GPU database for the
-- report test (tests/report/test_report.sh). Apply after data/schema.sql,
-- tests/report/fixture_distance.sql, fixture_raytrace.sql and fixture_access.sql
-- (which fill one 'Fixture GPU'). This file renames that device to 'Fixture
-- GPU A', adds reduction results (the top steps too) and a read ceiling for
-- it, and copies the reduction and constant-memory runs to a second device, 'Fixture GPU B' (peak 4800 GB/s),
-- with other timings; B has no access-study runs, so its access claims must
-- read 'not measured'. Every number is made up by a formula; none is a
-- measurement.
UPDATE device SET uuid = 'fixture-gpu-a', name = 'Fixture GPU A' WHERE uuid = 'fixture-gpu';
INSERT INTO device (uuid, name, cc, sm_count, l2_bytes, global_mem_bytes, sm_clock_khz, mem_clock_khz,
                    bus_width_bits, peak_gbps)
VALUES ('fixture-gpu-b', 'Fixture GPU B', '9.0', 132, 62914560, 150323855360, 1980000, 3750000, 5120, 4800.0);

-- Reduction on A: each variant reaches a fixed fraction of A's 3200 GB/s;
-- time = 4n / GB/s + 5 us; block 64 is slower, block 1024 slightly so.
INSERT INTO run (study, binary, device_id, status, started_utc, finished_utc, argv, host, git_commit, git_dirty,
                 build_id, nvcc_version, nvcc_flags, driver_version, runtime_version, copy_gbps_start,
                 copy_gbps_end, warmups, max_reps, note)
VALUES ('reduce', 'reduce', (SELECT device_id FROM device WHERE uuid = 'fixture-gpu-a'), 'complete',
        '2000-01-03T00:00:00Z', '2000-01-03T00:10:00Z', 'fixture reduce', 'fixture-host', 'fixture', 0,
        'fixture-reduce', 'release 0.0, V0.0.0', '-O3', 13000, 13000, 2500.0, 2500.0, 3, 30, 'synthetic fixture');
WITH RECURSIVE
nn(n) AS (SELECT 1024 UNION ALL SELECT n * 4 FROM nn WHERE n < 268435456),
v(variant, frac) AS (VALUES ('neighbored', 0.10), ('neighbored-less-divergence', 0.18), ('interleaved', 0.25),
  ('unroll2', 0.45), ('unroll4', 0.70), ('unroll8', 0.80), ('unroll-warps8', 0.81), ('complete-unroll-warps8', 0.86),
  ('complete-unroll-template', 0.86), ('warp-shuffle', 0.88), ('vectorized', 0.93), ('single-pass', 0.92),
  ('inflight', 0.94), ('tma-bulk', 0.935), ('one-launch', 0.95), ('one-launch-det', 0.945), ('cub', 0.91)),
bb(block) AS (VALUES (64), (128), (256), (512), (1024)),
dt(dtype) AS (VALUES ('int32'), ('float32')),
cfg(variant, frac, dtype, n, block) AS (
  SELECT variant, frac, dtype, n, 256 FROM v, dt, nn WHERE variant <> 'cub'
  UNION SELECT variant, frac, dtype, n, block FROM v, dt, bb, (SELECT 1048576 AS n UNION ALL SELECT 16777216 UNION ALL SELECT 268435456)
    WHERE variant <> 'cub'
  UNION SELECT 'cub', 0.91, dtype, n, NULL FROM dt, nn),
t AS (SELECT *, 4.0 * n / (3200.0 * frac * CASE block WHEN 64 THEN 0.7 WHEN 1024 THEN 0.97 ELSE 1.0 END * 1e6) + 0.005 AS ms FROM cfg)
INSERT INTO result (run_id, study, config_key, variant, dtype, n, block, params, cache, timer, status, max_err, tolerance,
                    reps, median_ms, min_ms, max_ms, q1_ms, q3_ms, mean_ms, rsd, bytes_read, bytes_written, created_utc)
SELECT (SELECT run_id FROM run WHERE argv = 'fixture reduce'), 'reduce',
       printf('variant=%s dtype=%s n=%d block=%s cache=cold', variant, dtype, n, coalesce(block, '-')), variant, dtype, n, block,
       '{}', 'cold', 'cuda-event', 'ok', 0, 0, 20, ms, ms * 0.97, ms * 1.2, ms * 0.98, ms * 1.03, ms,
       CASE WHEN n <= 4096 THEN 0.15 ELSE 0.02 END, 4 * n, 0, '2000-01-03T00:05:00Z'
FROM t;
INSERT INTO result (run_id, study, config_key, variant, dtype, n, block, params, cache, timer, status, max_err, tolerance,
                    reps, median_ms, min_ms, max_ms, q1_ms, q3_ms, mean_ms, rsd, bytes_read, bytes_written, created_utc)
SELECT (SELECT run_id FROM run WHERE argv = 'fixture reduce'), 'reduce',
       printf('variant=cpu-serial dtype=%s n=16777216 cache=warm', dtype), 'cpu-serial', dtype, 16777216, NULL, '{}', 'warm',
       'host-clock', 'ok', 0, 0, 5, 8.0, 7.9, 8.3, 7.95, 8.1, 8.0, 0.01, 67108864, 0, '2000-01-03T00:05:00Z'
FROM (SELECT 'int32' AS dtype UNION ALL SELECT 'float32');

-- Device B: the reduction and constant-memory runs again, later. Reduction
-- 1.3x faster except warp-unrolled last warp, which gains 10% more (so its
-- claim holds on B); constant reads at k > 1 cost a tenth of A's extra.
INSERT INTO run (study, binary, device_id, status, started_utc, finished_utc, argv, host, git_commit, git_dirty,
                 build_id, nvcc_version, nvcc_flags, driver_version, runtime_version, copy_gbps_start,
                 copy_gbps_end, warmups, max_reps, note)
SELECT study, binary, (SELECT device_id FROM device WHERE uuid = 'fixture-gpu-b'), status,
       replace(started_utc, '2000-01', '2000-02'), replace(finished_utc, '2000-01', '2000-02'), argv || ' B', host,
       git_commit, git_dirty, build_id, nvcc_version, nvcc_flags, driver_version, runtime_version, 4000.0, 3990.0,
       warmups, max_reps, note
FROM run WHERE argv IN ('fixture reduce', 'fixture distance', 'fixture raytrace');
INSERT INTO result (run_id, study, config_key, variant, dtype, n, block, params, cache, timer, status, error, max_err,
                    tolerance, reps, median_ms, min_ms, max_ms, q1_ms, q3_ms, mean_ms, rsd, bytes_read, bytes_written,
                    created_utc)
SELECT (SELECT b.run_id FROM run b WHERE b.argv = a.argv || ' B'), r.study, r.config_key, r.variant, r.dtype, r.n, r.block,
       r.params, r.cache, r.timer, r.status, r.error, r.max_err, r.tolerance, r.reps,
       r.median_ms * f.x, r.min_ms * f.x, r.max_ms * f.x, r.q1_ms * f.x, r.q3_ms * f.x, r.mean_ms * f.x, r.rsd,
       r.bytes_read, r.bytes_written, replace(r.created_utc, '2000-01', '2000-02')
FROM result r JOIN run a USING (run_id),
     (SELECT r2.result_id AS id,
        CASE WHEN r2.study = 'reduce' AND r2.variant = 'unroll-warps8' THEN 1 / 1.3 / 1.1
             WHEN r2.study = 'reduce' THEN 1 / 1.3
             WHEN r2.study = 'distance' AND r2.variant = 'constant' AND json_extract(r2.params, '$.k') > 1
               THEN (1.0 + 0.07 * (min(json_extract(r2.params, '$.k'), json_extract(r2.params, '$.points')) - 1))
                    / (1.0 + 0.7 * (min(json_extract(r2.params, '$.k'), json_extract(r2.params, '$.points')) - 1))
             ELSE 1.0 END AS x
      FROM result r2) f
WHERE f.id = r.result_id AND a.argv IN ('fixture reduce', 'fixture distance', 'fixture raytrace');

-- The read ceiling of each device's reduction run (run.read_gbps): A's is
-- 93.75% of its 3200 GB/s, B's 92% of its 4800 GB/s (below the 93% target).
UPDATE run SET read_gbps = 3000.0 WHERE argv = 'fixture reduce';
UPDATE run SET read_gbps = 4416.0 WHERE argv = 'fixture reduce B';

-- The launch floor of every measure run (run.launch_us): A's 3.75 us, B's
-- 4 us, so the reduction's floor model (view reduce_floor) has both GPUs.
UPDATE run SET launch_us = 3.5 + 0.25 * device_id WHERE kind = 'measure';
