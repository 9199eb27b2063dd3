-- reports/export.sql: results.json for `make export` (reports/export.sh runs
-- it by sqlite3 on the report's snapshot, with reports/sqlstats.c loaded,
-- after reports/export_samples.sql): an array of one object per GPU and
-- configuration (view config_stats: median over complete runs, its interval (at stat_level('interval'))
-- interval, throughput and % of peak), the GPU named by its model, uuid and
-- the report's label, with its parameters; with the parameter :samples 1
-- (EXPORT_SAMPLES=1) each object also holds "samples", every stored sample
-- (view export_sample: run_uuid, rep, ms exact). Ordered so that two exports
-- of one database are identical.
.mode list
.headers off
SELECT json_group_array(json(o)) FROM (
  SELECT CASE WHEN :samples THEN json_set(o, '$.samples', json(
           (SELECT json_group_array(json_object('run_uuid', s.run_uuid, 'rep', s.rep, 'ms', s.ms))
            FROM (SELECT run_uuid, rep, ms FROM export_sample x
                  WHERE x.device_id = c.device_id AND x.study = c.study AND x.config_key = c.config_key
                  ORDER BY x.run_id, x.rep) s))) ELSE o END AS o
  FROM (SELECT c.device, c.device_id, c.study, c.config_key, json_object(
    'device', c.device, 'device_uuid', d.uuid, 'gpu', l.label, 'study', c.study, 'config_key', c.config_key,
    'variant', c.variant, 'dtype', c.dtype, 'n', c.n, 'block', c.block, 'params', json(coalesce(c.params, '{}')),
    'cache', c.cache, 'flush', c.flush, 'mode', c.mode, 'timer', c.timer, 'runs', c.runs,
    'median_ms', c.median_ms, 'lo_ms', c.lo_ms, 'hi_ms', c.hi_ms, 'rsd_max', c.rsd_max,
    'bytes_read', c.bytes_read, 'bytes_written', c.bytes_written,
    'gbps', c.gbps, 'gbps_lo', c.gbps_lo, 'gbps_hi', c.gbps_hi, 'pct_peak', c.pct_peak) AS o
    FROM config_stats c JOIN device d ON d.device_id = c.device_id JOIN device_label l ON l.device_id = c.device_id) c
  ORDER BY c.device, c.device_id, c.study, c.config_key);
