-- tests/report/fixture_five_devices.sql: three more SYNTHETIC GPUs for the
-- report test, applied after tests/report/fixture_two_devices.sql: 'Fixture
-- GPU C', 'D' and 'E' get a copy of every run of 'Fixture GPU A' (timings,
-- counters) with all times scaled by 0.9, 1.1 and 1.2, so the report must
-- show five GPUs in every section, figure and table. Made-up numbers only.
INSERT INTO device (uuid, name, cc, sm_count, l2_bytes, global_mem_bytes, sm_clock_khz, mem_clock_khz,
                    bus_width_bits, peak_gbps)
SELECT 'fixture-gpu-' || c.s, 'Fixture GPU ' || upper(c.s), cc, sm_count, l2_bytes, global_mem_bytes, sm_clock_khz,
       mem_clock_khz, bus_width_bits, peak_gbps * c.x
FROM device, (SELECT 'c' AS s, 1 / 0.9 AS x UNION ALL SELECT 'd', 1 / 1.1 UNION ALL SELECT 'e', 1 / 1.2) c
WHERE uuid = 'fixture-gpu-a';
CREATE TEMP TABLE copy_scale AS
SELECT d.device_id, 1 / (d.peak_gbps / a.peak_gbps) AS x, upper(substr(d.uuid, 13)) AS s
FROM device d, device a WHERE a.uuid = 'fixture-gpu-a' AND d.uuid IN ('fixture-gpu-c', 'fixture-gpu-d', 'fixture-gpu-e');
INSERT INTO run (study, binary, device_id, status, started_utc, finished_utc, argv, host, git_commit, git_dirty,
                 build_id, nvcc_version, nvcc_flags, driver_version, runtime_version, copy_gbps_start,
                 copy_gbps_end, warmups, max_reps, note)
SELECT study, binary, c.device_id, status, started_utc, finished_utc, argv || ' ' || c.s, host,
       git_commit, git_dirty, build_id, nvcc_version, nvcc_flags, driver_version, runtime_version,
       copy_gbps_start / c.x, copy_gbps_end / c.x, warmups, max_reps, note
FROM run, copy_scale c WHERE run.device_id = (SELECT device_id FROM device WHERE uuid = 'fixture-gpu-a');
INSERT INTO result (run_id, study, config_key, variant, dtype, n, block, params, cache, timer, status, error, max_err,
                    tolerance, reps, median_ms, min_ms, max_ms, q1_ms, q3_ms, mean_ms, rsd, bytes_read, bytes_written,
                    created_utc)
SELECT (SELECT b.run_id FROM run b WHERE b.argv = a.argv || ' ' || c.s), r.study, r.config_key, r.variant, r.dtype, r.n,
       r.block, r.params, r.cache, r.timer, r.status, r.error, r.max_err, r.tolerance, r.reps,
       r.median_ms * c.x, r.min_ms * c.x, r.max_ms * c.x, r.q1_ms * c.x, r.q3_ms * c.x, r.mean_ms * c.x, r.rsd,
       r.bytes_read, r.bytes_written, r.created_utc
FROM result r JOIN run a USING (run_id), copy_scale c
WHERE a.device_id = (SELECT device_id FROM device WHERE uuid = 'fixture-gpu-a');
INSERT INTO counter (run_id, config_key, metric, value, unit)
SELECT (SELECT b.run_id FROM run b WHERE b.argv = a.argv || ' ' || c.s), k.config_key, k.metric, k.value, k.unit
FROM counter k JOIN run a USING (run_id), copy_scale c
WHERE a.device_id = (SELECT device_id FROM device WHERE uuid = 'fixture-gpu-a');
