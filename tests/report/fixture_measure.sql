-- tests/report/fixture_measure.sql: SYNTHETIC rows for the report's
-- measurement section (reports/sections/85-measurement.md). Apply after
-- tests/report/fixture_two_devices.sql. Every number is made up by a formula;
-- none is a measurement.
-- 1. The reduction rows of both devices are new-harness rows: clean flush,
--    converged, with an SM clock (their intervals stay the quartiles).
UPDATE result SET flush = CASE cache WHEN 'warm' THEN 'none' ELSE 'clean' END, stop_reason = 'converged',
       clock_mhz = 1755, clock_discarded = 0
WHERE study = 'reduce' AND timer = 'cuda-event';
-- 2. The flush bias on A: vectorized and CUB under the memset flush (slower by
--    20% x 2^24 / n, at most 50%) and warm (as fast as clean, so no best or
--    fastest time the other report checks compute changes), one run of its own.
INSERT INTO run (study, binary, device_id, status, started_utc, finished_utc, argv, host, git_commit, git_dirty,
                 build_id, nvcc_version, nvcc_flags, driver_version, runtime_version, copy_gbps_start,
                 copy_gbps_end, warmups, max_reps, note)
VALUES ('reduce', 'reduce', (SELECT device_id FROM device WHERE uuid = 'fixture-gpu-a'), 'complete',
        '2000-01-04T00:00:00Z', '2000-01-04T00:10:00Z', 'fixture flush', 'fixture-host', 'fixture', 0,
        'fixture-reduce', 'release 0.0, V0.0.0', '-O3', 13000, 13000, 2500.0, 2500.0, 3, 20000, 'synthetic fixture');
WITH g(fl, ca) AS (VALUES ('memset', 'cold'), ('none', 'warm')),
s AS (SELECT r.*, g.fl, g.ca, CASE g.fl WHEN 'memset' THEN 1 + min(0.5, 0.2 * 16777216.0 / r.n) ELSE 1.0 END AS x
      FROM result r JOIN run u USING (run_id), g
      WHERE u.argv = 'fixture reduce' AND r.study = 'reduce' AND r.dtype = 'int32' AND coalesce(r.block, 256) = 256
        AND r.variant IN ('vectorized', 'cub') AND r.n >= 1048576)
INSERT INTO result (run_id, study, config_key, variant, dtype, n, block, params, cache, timer, status, max_err, tolerance,
                    reps, median_ms, min_ms, max_ms, q1_ms, q3_ms, mean_ms, rsd, bytes_read, bytes_written, created_utc,
                    flush, mode, stop_reason, clock_mhz, clock_discarded, ci_lo_ms, ci_hi_ms)
SELECT (SELECT run_id FROM run WHERE argv = 'fixture flush'), 'reduce',
       CASE fl WHEN 'memset' THEN config_key || ' flush=memset' ELSE replace(config_key, 'cache=cold', 'cache=warm') END,
       variant, dtype, n, block, params, ca, 'cuda-event', 'ok', 0, 0, 500, median_ms * x, min_ms * x, max_ms * x,
       q1_ms * x, q3_ms * x, mean_ms * x, rsd, bytes_read, bytes_written, '2000-01-04T00:05:00Z',
       fl, 'single', 'converged', 1755, 0, median_ms * x * 0.99, median_ms * x * 1.01
FROM s;
-- One noisy row that hit the time cap.
UPDATE result SET rsd = 0.03, stop_reason = 'time-cap'
WHERE result_id = (SELECT min(result_id) FROM result WHERE run_id = (SELECT run_id FROM run WHERE argv = 'fixture flush'));
-- NVML readings of the flush run.
INSERT INTO run_env (run_id, phase, utc, sm_clock_mhz, mem_clock_mhz, temp_c, power_w, power_limit_w, ecc, persistence,
                     throttle_reasons, pstate)
SELECT run_id, 'start', '2000-01-04T00:00:00Z', 1980, 2619, 35, 90.5, 700, 1, 1, 1, 0 FROM run WHERE argv = 'fixture flush'
UNION ALL
SELECT run_id, 'end', '2000-01-04T00:10:00Z', 1755, 2619, 52, 120.25, 700, 1, 1, 4, 0 FROM run WHERE argv = 'fixture flush';
-- 3. A repeat run on A of the small reductions (n <= 2^16, all under 20 us):
--    1% faster, except n = 1024, 5% faster (outside 2%).
INSERT INTO run (study, binary, device_id, status, started_utc, finished_utc, argv, host, git_commit, git_dirty,
                 build_id, nvcc_version, nvcc_flags, driver_version, runtime_version, copy_gbps_start,
                 copy_gbps_end, warmups, max_reps, note, repeat_index)
VALUES ('reduce', 'reduce', (SELECT device_id FROM device WHERE uuid = 'fixture-gpu-a'), 'complete',
        '2000-01-05T00:00:00Z', '2000-01-05T00:10:00Z', 'fixture repeat', 'fixture-host', 'fixture', 0,
        'fixture-reduce', 'release 0.0, V0.0.0', '-O3', 13000, 13000, 2500.0, 2500.0, 3, 20000, 'synthetic fixture', 2);
INSERT INTO result (run_id, study, config_key, variant, dtype, n, block, params, cache, timer, status, max_err, tolerance,
                    reps, median_ms, min_ms, max_ms, q1_ms, q3_ms, mean_ms, rsd, bytes_read, bytes_written, created_utc,
                    flush, mode, stop_reason, clock_mhz, clock_discarded, ci_lo_ms, ci_hi_ms)
SELECT (SELECT run_id FROM run WHERE argv = 'fixture repeat'), r.study, r.config_key, r.variant, r.dtype, r.n, r.block,
       r.params, r.cache, r.timer, r.status, r.max_err, r.tolerance, r.reps, r.median_ms * f.x, r.min_ms * f.x,
       r.max_ms * f.x, r.q1_ms * f.x, r.q3_ms * f.x, r.mean_ms * f.x, r.rsd, r.bytes_read, r.bytes_written,
       '2000-01-05T00:05:00Z', r.flush, r.mode, r.stop_reason, r.clock_mhz, r.clock_discarded, r.ci_lo_ms * f.x,
       r.ci_hi_ms * f.x
FROM result r JOIN run u USING (run_id), (SELECT result_id AS id, CASE n WHEN 1024 THEN 0.95 ELSE 0.99 END AS x FROM result) f
WHERE f.id = r.result_id AND u.argv = 'fixture reduce' AND r.study = 'reduce' AND r.timer = 'cuda-event' AND r.n <= 65536;
