-- reports/export.sql: the results as JSON for `make export` (run by sqlite3
-- on the report's snapshot, build/report.db, with reports/sqlstats.c
-- loaded): one object per device and configuration (view config_stats:
-- median over complete runs, its 95% interval, throughput and % of peak)
-- with its parameters and every sample (ms, exact: samples_json; by run and
-- repetition, its place in the order taken from 0), ordered so that two
-- exports of one database are identical.
.mode list
.headers off
SELECT json_group_array(json(o)) FROM (
  SELECT json_object(
    'device', c.device, 'study', c.study, 'config_key', c.config_key, 'variant', c.variant,
    'dtype', c.dtype, 'n', c.n, 'block', c.block, 'params', json(coalesce(c.params, '{}')),
    'cache', c.cache, 'flush', c.flush, 'mode', c.mode, 'timer', c.timer, 'runs', c.runs,
    'median_ms', c.median_ms, 'lo_ms', c.lo_ms, 'hi_ms', c.hi_ms, 'rsd_max', c.rsd_max,
    'bytes_read', c.bytes_read, 'bytes_written', c.bytes_written,
    'gbps', c.gbps, 'gbps_lo', c.gbps_lo, 'gbps_hi', c.gbps_hi, 'pct_peak', c.pct_peak,
    'samples', (SELECT json_group_array(json_object('run_uuid', s.run_uuid, 'rep', s.rep, 'ms', s.ms))
                FROM (SELECT u.run_uuid, j.key AS rep, j.value AS ms FROM result_bw r JOIN run u USING (run_id)
                      JOIN result_sample sm USING (result_id), json_each(samples_json(sm.ns)) j
                      WHERE r.device_id = c.device_id AND r.study = c.study AND r.config_key = c.config_key
                      ORDER BY r.run_id, j.key) s)) AS o
  FROM config_stats c ORDER BY c.device, c.study, c.config_key);
