-- reports/report_cache.sql: the report's views that many sections read,
-- each computed once into a table (mdquery --cache, Makefile): run by
-- mdquery on its copy of the snapshot after the database's text is marked
-- (reports/mdquery.c), so every table holds what the view would give the
-- sections, markup of the report's own and marked database text alike. The
-- definitions stay in reports/analysis/. In dependency order: a view is
-- cached after those it reads.
CREATE TABLE rc_reduce_best AS SELECT * FROM reduce_best; DROP VIEW reduce_best; CREATE VIEW reduce_best AS SELECT * FROM rc_reduce_best;
CREATE TABLE rc_reduce_pick AS SELECT * FROM reduce_pick; DROP VIEW reduce_pick; CREATE VIEW reduce_pick AS SELECT * FROM rc_reduce_pick;
CREATE TABLE rc_reduce_top_target AS SELECT * FROM reduce_top_target; DROP VIEW reduce_top_target; CREATE VIEW reduce_top_target AS SELECT * FROM rc_reduce_top_target;
CREATE TABLE rc_reduce_cub_every AS SELECT * FROM reduce_cub_every; DROP VIEW reduce_cub_every; CREATE VIEW reduce_cub_every AS SELECT * FROM rc_reduce_cub_every;
CREATE TABLE rc_summary_metric AS SELECT * FROM summary_metric; DROP VIEW summary_metric; CREATE VIEW summary_metric AS SELECT * FROM rc_summary_metric;
CREATE TABLE rc_summary_model AS SELECT * FROM summary_model; DROP VIEW summary_model; CREATE VIEW summary_model AS SELECT * FROM rc_summary_model;
CREATE TABLE rc_target_model AS SELECT * FROM target_model; DROP VIEW target_model; CREATE VIEW target_model AS SELECT * FROM rc_target_model;
CREATE TABLE rc_reduce_cold AS SELECT * FROM reduce_cold; DROP VIEW reduce_cold; CREATE VIEW reduce_cold AS SELECT * FROM rc_reduce_cold;
CREATE TABLE rc_ratio_stats AS SELECT * FROM ratio_stats; DROP VIEW ratio_stats; CREATE VIEW ratio_stats AS SELECT * FROM rc_ratio_stats;
CREATE TABLE rc_ratio_coverage AS SELECT * FROM ratio_coverage; DROP VIEW ratio_coverage; CREATE VIEW ratio_coverage AS SELECT * FROM rc_ratio_coverage;
CREATE TABLE rc_machine_floor AS SELECT * FROM machine_floor; DROP VIEW machine_floor; CREATE VIEW machine_floor AS SELECT * FROM rc_machine_floor;
CREATE TABLE rc_reduce_floor AS SELECT * FROM reduce_floor; DROP VIEW reduce_floor; CREATE VIEW reduce_floor AS SELECT * FROM rc_reduce_floor;
CREATE TABLE rc_reduce_floor_gpu AS SELECT * FROM reduce_floor_gpu; DROP VIEW reduce_floor_gpu; CREATE VIEW reduce_floor_gpu AS SELECT * FROM rc_reduce_floor_gpu;
CREATE TABLE rc_claim_part_verdict AS SELECT * FROM claim_part_verdict; DROP VIEW claim_part_verdict; CREATE VIEW claim_part_verdict AS SELECT * FROM rc_claim_part_verdict;
CREATE TABLE rc_claim_verdict AS SELECT * FROM claim_verdict; DROP VIEW claim_verdict; CREATE VIEW claim_verdict AS SELECT * FROM rc_claim_verdict;
CREATE TABLE rc_machine_pair_agreement AS SELECT * FROM machine_pair_agreement; DROP VIEW machine_pair_agreement; CREATE VIEW machine_pair_agreement AS SELECT * FROM rc_machine_pair_agreement;
CREATE TABLE rc_machine_agreement AS SELECT * FROM machine_agreement; DROP VIEW machine_agreement; CREATE VIEW machine_agreement AS SELECT * FROM rc_machine_agreement;
CREATE TABLE rc_session_agreement AS SELECT * FROM session_agreement; DROP VIEW session_agreement; CREATE VIEW session_agreement AS SELECT * FROM rc_session_agreement;
CREATE TABLE rc_session_agreement_summary AS SELECT * FROM session_agreement_summary; DROP VIEW session_agreement_summary; CREATE VIEW session_agreement_summary AS SELECT * FROM rc_session_agreement_summary;
CREATE TABLE rc_run_agreement_summary AS SELECT * FROM run_agreement_summary; DROP VIEW run_agreement_summary; CREATE VIEW run_agreement_summary AS SELECT * FROM rc_run_agreement_summary;
CREATE TABLE rc_flush_bias AS SELECT * FROM flush_bias; DROP VIEW flush_bias; CREATE VIEW flush_bias AS SELECT * FROM rc_flush_bias;
CREATE TABLE rc_stats_default AS SELECT * FROM stats_default; DROP VIEW stats_default; CREATE VIEW stats_default AS SELECT * FROM rc_stats_default;
CREATE TABLE rc_latest_default AS SELECT * FROM latest_default; DROP VIEW latest_default; CREATE VIEW latest_default AS SELECT * FROM rc_latest_default;
CREATE TABLE rc_report_cell AS SELECT * FROM report_cell; DROP VIEW report_cell; CREATE VIEW report_cell AS SELECT * FROM rc_report_cell;
CREATE TABLE rc_device_label AS SELECT * FROM device_label; DROP VIEW device_label; CREATE VIEW device_label AS SELECT * FROM rc_device_label;
CREATE TABLE rc_report_devices AS SELECT * FROM report_devices; DROP VIEW report_devices; CREATE VIEW report_devices AS SELECT * FROM rc_report_devices;
CREATE TABLE rc_report_models AS SELECT * FROM report_models; DROP VIEW report_models; CREATE VIEW report_models AS SELECT * FROM rc_report_models;
CREATE TABLE rc_floor_beta AS SELECT * FROM floor_beta; DROP VIEW floor_beta; CREATE VIEW floor_beta AS SELECT * FROM rc_floor_beta;
CREATE TABLE rc_counter_reduce_step AS SELECT * FROM counter_reduce_step; DROP VIEW counter_reduce_step; CREATE VIEW counter_reduce_step AS SELECT * FROM rc_counter_reduce_step;
CREATE TABLE rc_reduce_ladder AS SELECT * FROM reduce_ladder; DROP VIEW reduce_ladder; CREATE VIEW reduce_ladder AS SELECT * FROM rc_reduce_ladder;
CREATE TABLE rc_reduce_ladder_step AS SELECT * FROM reduce_ladder_step; DROP VIEW reduce_ladder_step; CREATE VIEW reduce_ladder_step AS SELECT * FROM rc_reduce_ladder_step;
CREATE TABLE rc_reduce_ladder_gpu AS SELECT * FROM reduce_ladder_gpu; DROP VIEW reduce_ladder_gpu; CREATE VIEW reduce_ladder_gpu AS SELECT * FROM rc_reduce_ladder_gpu;
CREATE TABLE rc_reduce_step_model AS SELECT * FROM reduce_step_model; DROP VIEW reduce_step_model; CREATE VIEW reduce_step_model AS SELECT * FROM rc_reduce_step_model;
CREATE TABLE rc_measure_target AS SELECT * FROM measure_target; DROP VIEW measure_target; CREATE VIEW measure_target AS SELECT * FROM rc_measure_target;
CREATE TABLE rc_summary_ladder_fact AS SELECT * FROM summary_ladder_fact; DROP VIEW summary_ladder_fact; CREATE VIEW summary_ladder_fact AS SELECT * FROM rc_summary_ladder_fact;
CREATE TABLE rc_stencil_shape AS SELECT * FROM stencil_shape; DROP VIEW stencil_shape; CREATE VIEW stencil_shape AS SELECT * FROM rc_stencil_shape;
CREATE TABLE rc_stencil_across AS SELECT * FROM stencil_across; DROP VIEW stencil_across; CREATE VIEW stencil_across AS SELECT * FROM rc_stencil_across;
CREATE TABLE rc_stencil_largest AS SELECT * FROM stencil_largest; DROP VIEW stencil_largest; CREATE VIEW stencil_largest AS SELECT * FROM rc_stencil_largest;
CREATE TABLE rc_stencil_counter_fact AS SELECT * FROM stencil_counter_fact; DROP VIEW stencil_counter_fact; CREATE VIEW stencil_counter_fact AS SELECT * FROM rc_stencil_counter_fact;
CREATE TABLE rc_reduce_finding AS SELECT * FROM reduce_finding; DROP VIEW reduce_finding; CREATE VIEW reduce_finding AS SELECT * FROM rc_reduce_finding;
CREATE TABLE rc_floor_correction_fact AS SELECT * FROM floor_correction_fact; DROP VIEW floor_correction_fact; CREATE VIEW floor_correction_fact AS SELECT * FROM rc_floor_correction_fact;
ANALYZE;
