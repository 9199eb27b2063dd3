-- reports/analysis/90-cache.sql: the report reads a snapshot that does not
-- change while it renders, and many sections and figures read the same
-- views (every configuration's trials and interval, the latest results).
-- `make report` computes those once here, after every other analysis file
-- and after the report's own tables are filled (Makefile: the last step of
-- the snapshot before the figures), into tables cache_<view>, and points
-- each view of that name at its table. The definitions stay where they
-- live (10-results.sql, 20-trials.sql, ...). Only views of measured values
-- and keys are cached, none that writes markup (mdquery marks the text of
-- every table but the report's own, as it marks the measurements').
-- Each: CREATE TABLE cache_V AS SELECT * FROM V; the view V replaced by
-- SELECT * FROM cache_V; an index where sections look rows up.
CREATE TABLE cache_result_bw AS SELECT * FROM result_bw;
DROP VIEW result_bw;
CREATE VIEW result_bw AS SELECT * FROM cache_result_bw;
CREATE INDEX cache_result_bw_key ON cache_result_bw(device_id, study, config_key);

CREATE TABLE cache_latest AS SELECT * FROM latest;
DROP VIEW latest;
CREATE VIEW latest AS SELECT * FROM cache_latest;
CREATE INDEX cache_latest_key ON cache_latest(study, device_id, config_key);
CREATE INDEX cache_latest_n ON cache_latest(study, dtype, n, device_id);

CREATE TABLE cache_trial AS SELECT * FROM trial;
DROP VIEW trial;
CREATE VIEW trial AS SELECT * FROM cache_trial;
CREATE INDEX cache_trial_key ON cache_trial(device_id, study, config_key, flush, mode);

CREATE TABLE cache_trial_dev AS SELECT * FROM trial_dev;
DROP VIEW trial_dev;
CREATE VIEW trial_dev AS SELECT * FROM cache_trial_dev;
CREATE INDEX cache_trial_dev_key ON cache_trial_dev(device_id, study, config_key);

CREATE TABLE cache_trial_h AS SELECT * FROM trial_h;
DROP VIEW trial_h;
CREATE VIEW trial_h AS SELECT * FROM cache_trial_h;
CREATE INDEX cache_trial_h_key ON cache_trial_h(device_id, band, grp, part);

CREATE TABLE cache_config_stats AS SELECT * FROM config_stats;
DROP VIEW config_stats;
CREATE VIEW config_stats AS SELECT * FROM cache_config_stats;
CREATE INDEX cache_config_stats_key ON cache_config_stats(study, config_key, device_id);

CREATE TABLE cache_trial_coverage AS SELECT * FROM trial_coverage;
DROP VIEW trial_coverage;
CREATE VIEW trial_coverage AS SELECT * FROM cache_trial_coverage;

CREATE TABLE cache_trial_agreement AS SELECT * FROM trial_agreement;
DROP VIEW trial_agreement;
CREATE VIEW trial_agreement AS SELECT * FROM cache_trial_agreement;

CREATE TABLE cache_counter_latest AS SELECT * FROM counter_latest;
DROP VIEW counter_latest;
CREATE VIEW counter_latest AS SELECT * FROM cache_counter_latest;

CREATE TABLE cache_counter_config AS SELECT * FROM counter_config;
DROP VIEW counter_config;
CREATE VIEW counter_config AS SELECT * FROM cache_counter_config;

CREATE TABLE cache_stencil_counter AS SELECT * FROM stencil_counter;
DROP VIEW stencil_counter;
CREATE VIEW stencil_counter AS SELECT * FROM cache_stencil_counter;

CREATE TABLE cache_run_agreement AS SELECT * FROM run_agreement;
DROP VIEW run_agreement;
CREATE VIEW run_agreement AS SELECT * FROM cache_run_agreement;

CREATE TABLE cache_session_value AS SELECT * FROM session_value;
DROP VIEW session_value;
CREATE VIEW session_value AS SELECT * FROM cache_session_value;

CREATE TABLE cache_model_stats AS SELECT * FROM model_stats;
DROP VIEW model_stats;
CREATE VIEW model_stats AS SELECT * FROM cache_model_stats;
CREATE INDEX cache_model_stats_key ON cache_model_stats(study, mord);

-- (the rows the pairs are taken from, indexed where pair_run_all joins
-- them; the pairs of every kind, *_all, then the views of the pooled kinds
-- over them, as 26-pairs.sql defines them)
CREATE TABLE cache_pair_trial_rows AS SELECT * FROM pair_trial_rows;
DROP VIEW pair_trial_rows;
CREATE VIEW pair_trial_rows AS SELECT * FROM cache_pair_trial_rows;
CREATE INDEX cache_pair_trial_rows_key ON cache_pair_trial_rows(device_id, study, config_key);

CREATE TABLE cache_reduce_block_pick AS SELECT * FROM reduce_block_pick;
DROP VIEW reduce_block_pick;
CREATE VIEW reduce_block_pick AS SELECT * FROM cache_reduce_block_pick;
CREATE INDEX cache_reduce_block_pick_key ON cache_reduce_block_pick(device_id, dtype, n, variant);

CREATE TABLE cache_reduce_ladder_pair AS SELECT * FROM reduce_ladder_pair;
DROP VIEW reduce_ladder_pair;
CREATE VIEW reduce_ladder_pair AS SELECT * FROM cache_reduce_ladder_pair;
CREATE INDEX cache_reduce_ladder_pair_key ON cache_reduce_ladder_pair(device_id, config_key);

CREATE TABLE cache_pair_trial_later AS SELECT * FROM pair_trial_later;
DROP VIEW pair_trial_later;
CREATE VIEW pair_trial_later AS SELECT * FROM cache_pair_trial_later;
CREATE INDEX cache_pair_trial_later_proc ON cache_pair_trial_later(proc, study, config_key);
CREATE INDEX cache_pair_trial_later_key ON cache_pair_trial_later(device_id, study, config_key);
CREATE INDEX cache_pair_trial_later_var ON cache_pair_trial_later(proc, variant, dtype, n, block);

CREATE TABLE cache_pair_ref_rows AS SELECT * FROM pair_ref_rows;
DROP VIEW pair_ref_rows;
CREATE VIEW pair_ref_rows AS SELECT * FROM cache_pair_ref_rows;
CREATE INDEX cache_pair_ref_rows_key ON cache_pair_ref_rows(proc, variant, dtype, n, flush, mode);

CREATE TABLE cache_pair_run AS SELECT * FROM pair_run_all;
DROP VIEW pair_run_all;
CREATE VIEW pair_run_all AS SELECT * FROM cache_pair_run;

CREATE TABLE cache_pair_h AS SELECT * FROM pair_h_all;
DROP VIEW pair_h_all;
CREATE VIEW pair_h_all AS SELECT * FROM cache_pair_h;

CREATE TABLE cache_pair_stats AS SELECT * FROM pair_stats_all;
DROP VIEW pair_stats_all;
CREATE VIEW pair_stats_all AS SELECT * FROM cache_pair_stats;
CREATE INDEX cache_pair_stats_key ON cache_pair_stats(kind, device_id, config_key);

CREATE TABLE cache_pair_coverage AS SELECT * FROM pair_coverage_all;
DROP VIEW pair_coverage_all;
CREATE VIEW pair_coverage_all AS SELECT * FROM cache_pair_coverage;

-- The runs' results, looked up by run (the provenance's run table).
CREATE INDEX cache_result_run ON result(run_id, status);

ANALYZE;
