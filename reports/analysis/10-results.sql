-- reports/analysis/10-results.sql: the results the analysis reads (the
-- measurement database's rows, data/schema.sql, as the runs left them) and
-- each result's statistics, computed from its samples.

-- Every result's statistics from all its samples (table result_sample),
-- computed once when the analysis is applied (the report's snapshot, each
-- side of `make compare`), by reports/sqlstats.c's samples_* functions:
-- value_ms, the result's value as the engine declares it (statistic 'trial
-- value': the interquartile mean, samples_iqm: the mean of the middle half,
-- which does not jump between the two levels a two-launch kernel's samples
-- alternate between, as the median does, nor follows a stray slow sample,
-- as the mean does), value_se_ms its standard error (samples_iqm_se), and
-- ci_lo_ms, ci_hi_ms its interval within the run at the level of statistic
-- 'one-run interval' (value -/+ the normal quantile x the standard error:
-- the basis of a configuration measured once); then the samples (how many),
-- their median, smallest and largest, quartiles (linear interpolation),
-- mean and rsd (sample standard deviation over the mean). Milliseconds. A
-- samples text that is not whole nanoseconds, or holds an impossible sample,
-- stops the analysis with the function's error (dbtool merge and snapshot
-- refuse it before). The view result_stat_of says what they are; table
-- result_stat holds them.
DROP VIEW IF EXISTS result_stat_of;
CREATE VIEW result_stat_of AS
SELECT result_id, value_ms, se_ms AS value_se_ms, value_ms - z * se_ms AS ci_lo_ms, value_ms + z * se_ms AS ci_hi_ms,
       samples, median_ms, min_ms, max_ms, q1_ms, q3_ms, mean_ms, rsd
FROM (SELECT result_id, samples_iqm(ns) AS value_ms, samples_iqm_se(ns) AS se_ms,
             stat_z(stat_level('one-run interval')) AS z, samples_count(ns) AS samples,
             samples_median(ns) AS median_ms, samples_min(ns) AS min_ms, samples_max(ns) AS max_ms,
             samples_quantile(ns, 0.25) AS q1_ms, samples_quantile(ns, 0.75) AS q3_ms, samples_mean(ns) AS mean_ms,
             samples_rsd(ns) AS rsd
      FROM result_sample);
DROP TABLE IF EXISTS main.result_stat;
CREATE TABLE main.result_stat (
  result_id INTEGER PRIMARY KEY, value_ms REAL, value_se_ms REAL, ci_lo_ms REAL, ci_hi_ms REAL, samples INTEGER,
  median_ms REAL, min_ms REAL, max_ms REAL, q1_ms REAL, q3_ms REAL, mean_ms REAL, rsd REAL);
INSERT INTO main.result_stat SELECT * FROM result_stat_of;

-- Successful results of finished runs, each with its statistics
-- (result_stat; a result without samples has none and is not here), with
-- throughput derived from the declared bytes: GB/s = (bytes read + written)
-- / the result's value (value_ms). A run that
-- was interrupted or ended on a CUDA error counts once a later run of the
-- same binary and build on the same device completed (the resume that
-- finished the matrix), so the report after an interruption and a resume is
-- the report of one uninterrupted run; until then it is not shown, and a run
-- still 'running' (in progress or killed) never is. A profile run (which
-- stores no results) completes no measurement.
DROP VIEW IF EXISTS result_bw;
CREATE VIEW result_bw AS
SELECT r.*, s.value_ms, s.value_se_ms, s.samples, s.median_ms, s.min_ms, s.max_ms, s.q1_ms, s.q3_ms, s.mean_ms, s.rsd,
       s.ci_lo_ms, s.ci_hi_ms,
       u.device_id, d.name AS device, d.peak_gbps, u.copy_gbps_start AS copy_gbps,
       u.started_utc AS run_started,
       (r.bytes_read + r.bytes_written) / (s.value_ms * 1e6) AS gbps,
       100.0 * (r.bytes_read + r.bytes_written) / (s.value_ms * 1e6) / d.peak_gbps AS pct_peak,
       100.0 * (r.bytes_read + r.bytes_written) / (s.value_ms * 1e6) / u.copy_gbps_start AS pct_copy
FROM result r JOIN result_stat s USING (result_id) JOIN run u USING (run_id) JOIN device d ON d.device_id = u.device_id
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
