-- reports/export_samples.sql: the stored samples `make export` writes with
-- EXPORT_SAMPLES=1, as TEMP view export_sample over the report's snapshot
-- (with reports/sqlstats.c loaded: samples_json): the one place the export
-- reads samples (samples.csv through reports/export_samples_csv.sql,
-- results.json's "samples" through reports/export.sql), so a change of
-- where samples live is one query. A sample: its GPU (device_id, uuid),
-- configuration (study, config_key), run (run_id, run_uuid), repetition (its
-- place in the order taken, from 0) and time (ms, exact: the stored whole
-- nanoseconds over 1e6); every stored sample (table result_sample) of a
-- result view result_bw keeps (complete runs).
CREATE TEMP VIEW export_sample AS
SELECT r.device_id, d.uuid AS device_uuid, r.study, r.config_key, r.run_id, u.run_uuid, j.key AS rep, j.value AS ms
FROM result_bw r JOIN run u USING (run_id) JOIN device d ON d.device_id = r.device_id
     JOIN result_sample sm USING (result_id), json_each(samples_json(sm.ns)) j;
