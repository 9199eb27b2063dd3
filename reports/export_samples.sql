-- reports/export_samples.sql: samples.csv for `make export` (run by sqlite3
-- on the report's snapshot, build/report.db, with reports/sqlstats.c loaded):
-- every sample (ms, exact: the stored nanoseconds over 1e6; samples_json)
-- with its device, study, configuration, run and repetition (its place in
-- the order taken, from 0), a header line even
-- when there are no rows; CSV with newline row ends, ordered so that two
-- exports of one database are identical. A text cell that a spreadsheet
-- would read as a formula (first character = + - @, a tab or a carriage
-- return) gets a leading '.
.mode csv
.separator , "\n"
.headers off
.print device,study,config_key,run_uuid,rep,ms
SELECT iif(unicode(r.device) IN (9, 13, 43, 45, 61, 64), '''' || r.device, r.device), iif(unicode(r.study) IN (9, 13, 43, 45, 61, 64), '''' || r.study, r.study),
       iif(unicode(r.config_key) IN (9, 13, 43, 45, 61, 64), '''' || r.config_key, r.config_key), iif(unicode(u.run_uuid) IN (9, 13, 43, 45, 61, 64), '''' || u.run_uuid, u.run_uuid), j.key, j.value
FROM result_bw r JOIN run u USING (run_id) JOIN result_sample s USING (result_id), json_each(samples_json(s.ns)) j
ORDER BY r.device, r.study, r.config_key, r.run_id, j.key;
