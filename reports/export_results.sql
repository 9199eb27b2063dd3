-- reports/export_results.sql: results.csv for `make export` (reports/export.sh
-- runs it by sqlite3 on the report's snapshot, build/report.db): one row per
-- GPU and configuration of view config_stats (median over complete runs, its
-- interval (at the engine's level), throughput and % of peak), each GPU named by its model
-- (device), its uuid (device_uuid: three GPUs of one model are three
-- machines) and the report's label for it (gpu: 'H200 #cf33'), with a header
-- line even when there are no rows; CSV with newline row ends, ordered so
-- that two exports of one database are identical. A text cell that a
-- spreadsheet would read as a formula (its first character = + - @, a tab or
-- a carriage return) gets a leading ' (an =HYPERLINK(...) GPU name stays text).
.mode csv
.separator , "\n"
.headers off
.print device,device_uuid,gpu,study,config_key,variant,dtype,n,block,params,cache,flush,mode,timer,runs,median_ms,lo_ms,hi_ms,rsd_max,bytes_read,bytes_written,gbps,gbps_lo,gbps_hi,pct_peak
SELECT iif(unicode(c.device) IN (9, 13, 43, 45, 61, 64), '''' || c.device, c.device),
       iif(unicode(d.uuid) IN (9, 13, 43, 45, 61, 64), '''' || d.uuid, d.uuid),
       iif(unicode(l.label) IN (9, 13, 43, 45, 61, 64), '''' || l.label, l.label),
       iif(unicode(c.study) IN (9, 13, 43, 45, 61, 64), '''' || c.study, c.study), iif(unicode(c.config_key) IN (9, 13, 43, 45, 61, 64), '''' || c.config_key, c.config_key),
       iif(unicode(c.variant) IN (9, 13, 43, 45, 61, 64), '''' || c.variant, c.variant), iif(unicode(c.dtype) IN (9, 13, 43, 45, 61, 64), '''' || c.dtype, c.dtype), c.n, c.block, iif(unicode(c.params) IN (9, 13, 43, 45, 61, 64), '''' || c.params, c.params),
       iif(unicode(c.cache) IN (9, 13, 43, 45, 61, 64), '''' || c.cache, c.cache), iif(unicode(c.flush) IN (9, 13, 43, 45, 61, 64), '''' || c.flush, c.flush), iif(unicode(c.mode) IN (9, 13, 43, 45, 61, 64), '''' || c.mode, c.mode),
       iif(unicode(c.timer) IN (9, 13, 43, 45, 61, 64), '''' || c.timer, c.timer), c.runs, c.median_ms, c.lo_ms, c.hi_ms, c.rsd_max, c.bytes_read, c.bytes_written, c.gbps, c.gbps_lo,
       c.gbps_hi, c.pct_peak
FROM config_stats c JOIN device d ON d.device_id = c.device_id JOIN device_label l ON l.device_id = c.device_id
ORDER BY c.device, c.device_id, c.study, c.config_key;
