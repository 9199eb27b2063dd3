-- reports/export_samples.sql: samples.csv for `make export` (run by sqlite3
-- on the report's snapshot, build/report.db): every stored sample (ms) with
-- its device, study, configuration, run and repetition, a header line even
-- when there are no rows; CSV with newline row ends, ordered so that two
-- exports of one database are identical.
.mode csv
.separator , "\n"
.headers off
.print device,study,config_key,run_uuid,rep,ms
SELECT r.device, r.study, r.config_key, u.run_uuid, s.rep, s.ms
FROM result_bw r JOIN run u USING (run_id) JOIN sample s USING (result_id)
ORDER BY r.device, r.study, r.config_key, r.run_id, s.rep;
