-- reports/report_cache.sql: the report reads a snapshot that does not change
-- while it renders, and every section and figure reads the trial statistics
-- (data/schema.sql: views trial_dev, trial_h and config_stats, a few seconds
-- each to compute). `make report` computes them once here, after the views,
-- into tables, and points the views of those names at the tables. The
-- definitions stay in data/schema.sql, the one place they live.
CREATE TABLE report_trial_dev AS SELECT * FROM trial_dev;
CREATE TABLE report_trial_h AS SELECT * FROM trial_h;
CREATE TABLE report_config_stats AS SELECT * FROM config_stats;
CREATE INDEX report_config_stats_key ON report_config_stats(study, config_key, device_id);
CREATE INDEX report_trial_dev_key ON report_trial_dev(device_id, study, config_key);
DROP VIEW trial_dev;
CREATE VIEW trial_dev AS SELECT * FROM report_trial_dev;
DROP VIEW trial_h;
CREATE VIEW trial_h AS SELECT * FROM report_trial_h;
DROP VIEW config_stats;
CREATE VIEW config_stats AS SELECT * FROM report_config_stats;
