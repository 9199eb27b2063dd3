-- reports/export_results.sql: results.csv for `make export` (run by sqlite3
-- on the report's snapshot, build/report.db): one row per device and
-- configuration of view config_stats (median over complete runs, its 95%
-- interval, throughput and % of peak), with a header line even when there
-- are no rows; CSV with newline row ends, ordered so that two exports of one
-- database are identical.
.mode csv
.separator , "\n"
.headers off
.print device,study,config_key,variant,dtype,n,block,params,cache,flush,mode,timer,runs,median_ms,lo_ms,hi_ms,rsd_max,bytes_read,bytes_written,gbps,gbps_lo,gbps_hi,pct_peak
SELECT device, study, config_key, variant, dtype, n, block, params, cache, flush, mode, timer, runs, median_ms, lo_ms,
       hi_ms, rsd_max, bytes_read, bytes_written, gbps, gbps_lo, gbps_hi, pct_peak
FROM config_stats ORDER BY device, study, config_key;
