-- reports/analysis/67-profile-runs.sql: profile runs beside the timed runs.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).

-- ------------------------------------------------------- profile runs --
-- Profile runs that are not whole: a run of kind 'profile' that did not
-- complete (interrupted, failed, or left 'running': killed), or whose
-- counters lack metrics of its set (table profile_set_metric, from
-- experiments/harness/profile.c): ncu refused them, or they were cut off
-- (before commit baf2c81 the harness kept only ncu's first 256 CSV
-- columns). The set is the one its counters name, else the one its command
-- line names.
CREATE VIEW profile_run_gap AS
WITH u AS (SELECT u.*, substr(u.argv, instr(u.argv, '--profile ') + 10) || ' ' AS tail FROM run u WHERE u.kind = 'profile'),
r AS (SELECT u.run_id, u.device_id, u.binary, u.status, u.note, u.started_utc,
             coalesce((SELECT max(c.metric_set) FROM counter c WHERE c.run_id = u.run_id),
                      substr(u.tail, 1, instr(u.tail, ' ') - 1)) AS metric_set,
             (SELECT count(DISTINCT c.config_key) FROM counter c WHERE c.run_id = u.run_id) AS configs
      FROM u),
m AS (SELECT r.run_id, count(*) AS n_missing, group_concat(p.metric, ' ') AS missing
      FROM r JOIN profile_set_metric p ON p.metric_set = r.metric_set
      WHERE NOT EXISTS (SELECT 1 FROM counter c WHERE c.run_id = r.run_id AND c.metric = p.metric)
      GROUP BY r.run_id)
SELECT r.*, (SELECT count(*) FROM profile_set_metric p WHERE p.metric_set = r.metric_set) AS n_metrics,
       coalesce(m.n_missing, 0) AS n_missing, m.missing
FROM r LEFT JOIN m USING (run_id)
WHERE r.status <> 'complete' OR m.n_missing > 0;
