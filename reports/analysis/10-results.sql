-- reports/analysis/10-results.sql: the results the analysis reads (the
-- measurement database's rows, data/schema.sql, as the runs left them).

-- Successful results of finished runs with throughput derived from the
-- declared bytes: GB/s = (bytes read + written) / median time. A run that
-- was interrupted or ended on a CUDA error counts once a later run of the
-- same binary and build on the same device completed (the resume that
-- finished the matrix), so the report after an interruption and a resume is
-- the report of one uninterrupted run; until then it is not shown, and a run
-- still 'running' (in progress or killed) never is. A profile run (which
-- stores no results) completes no measurement.
DROP VIEW IF EXISTS result_bw;
CREATE VIEW result_bw AS
SELECT r.*, u.device_id, d.name AS device, d.peak_gbps, u.copy_gbps_start AS copy_gbps,
       u.started_utc AS run_started,
       (r.bytes_read + r.bytes_written) / (r.median_ms * 1e6) AS gbps,
       100.0 * (r.bytes_read + r.bytes_written) / (r.median_ms * 1e6) / d.peak_gbps AS pct_peak,
       100.0 * (r.bytes_read + r.bytes_written) / (r.median_ms * 1e6) / u.copy_gbps_start AS pct_copy
FROM result r JOIN run u USING (run_id) JOIN device d ON d.device_id = u.device_id
WHERE r.status = 'ok'
  AND (u.status = 'complete'
       OR (u.status IN ('incomplete', 'failed')
           AND EXISTS (SELECT 1 FROM run u2 WHERE u2.device_id = u.device_id AND u2.binary = u.binary
                         AND u2.build_id = u.build_id AND u2.run_id > u.run_id
                         AND u2.status = 'complete' AND u2.kind = 'measure')));

-- The latest successful result per device and configuration: what figures use.
DROP VIEW IF EXISTS latest;
CREATE VIEW latest AS
SELECT * FROM result_bw b
WHERE b.result_id = (SELECT max(b2.result_id) FROM result_bw b2
                     WHERE b2.device_id = b.device_id AND b2.study = b.study
                       AND b2.config_key = b.config_key);
