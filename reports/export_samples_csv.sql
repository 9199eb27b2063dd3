-- reports/export_samples_csv.sql: samples.csv for `make export EXPORT_SAMPLES=1`
-- (reports/export.sh runs it by sqlite3 on the report's snapshot after
-- reports/export_samples.sql, which defines view export_sample): every stored
-- sample (ms) with its GPU (name, uuid and the report's label), study,
-- configuration, run and repetition; a header line even when there are no
-- rows; CSV with newline row ends, ordered so that two exports of one
-- database are identical. A text cell that a spreadsheet would read as a
-- formula (first character = + - @, a tab or a carriage return) gets a
-- leading '.
.mode csv
.separator , "\n"
.headers off
.print device,device_uuid,gpu,study,config_key,run_uuid,rep,ms
SELECT iif(unicode(d.name) IN (9, 13, 43, 45, 61, 64), '''' || d.name, d.name),
       iif(unicode(s.device_uuid) IN (9, 13, 43, 45, 61, 64), '''' || s.device_uuid, s.device_uuid),
       iif(unicode(l.label) IN (9, 13, 43, 45, 61, 64), '''' || l.label, l.label),
       iif(unicode(s.study) IN (9, 13, 43, 45, 61, 64), '''' || s.study, s.study),
       iif(unicode(s.config_key) IN (9, 13, 43, 45, 61, 64), '''' || s.config_key, s.config_key),
       iif(unicode(s.run_uuid) IN (9, 13, 43, 45, 61, 64), '''' || s.run_uuid, s.run_uuid), s.rep, s.ms
FROM export_sample s JOIN device d ON d.device_id = s.device_id JOIN device_label l ON l.device_id = s.device_id
ORDER BY d.name, s.device_id, s.study, s.config_key, s.run_id, s.rep;
