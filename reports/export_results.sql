-- reports/export_results.sql: results.csv for `make export` (run by sqlite3
-- on the report's snapshot, build/report.db): one row per device and
-- configuration of view config_stats (median over complete runs, its 95%
-- interval, throughput and % of peak), with a header line even when there
-- are no rows; CSV with newline row ends, ordered so that two exports of one
-- database are identical. A text cell that a spreadsheet would read as a
-- formula (its first character = + - @, a tab or a carriage return) gets a
-- leading ' (an =HYPERLINK(...) GPU name stays text).
.mode csv
.separator , "\n"
.headers off
.print device,study,config_key,variant,dtype,n,block,params,cache,flush,mode,timer,runs,median_ms,lo_ms,hi_ms,rsd_max,bytes_read,bytes_written,gbps,gbps_lo,gbps_hi,pct_peak
SELECT iif(unicode(device) IN (9, 13, 43, 45, 61, 64), '''' || device, device), iif(unicode(study) IN (9, 13, 43, 45, 61, 64), '''' || study, study), iif(unicode(config_key) IN (9, 13, 43, 45, 61, 64), '''' || config_key, config_key),
       iif(unicode(variant) IN (9, 13, 43, 45, 61, 64), '''' || variant, variant), iif(unicode(dtype) IN (9, 13, 43, 45, 61, 64), '''' || dtype, dtype), n, block, iif(unicode(params) IN (9, 13, 43, 45, 61, 64), '''' || params, params),
       iif(unicode(cache) IN (9, 13, 43, 45, 61, 64), '''' || cache, cache), iif(unicode(flush) IN (9, 13, 43, 45, 61, 64), '''' || flush, flush), iif(unicode(mode) IN (9, 13, 43, 45, 61, 64), '''' || mode, mode),
       iif(unicode(timer) IN (9, 13, 43, 45, 61, 64), '''' || timer, timer), runs, median_ms, lo_ms, hi_ms, rsd_max, bytes_read, bytes_written, gbps, gbps_lo,
       gbps_hi, pct_peak
FROM config_stats ORDER BY device, study, config_key;
