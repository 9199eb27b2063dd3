-- reports/analysis/97-section-measurement.sql: the views the method and
-- measurement sections (reports/sections/80-method.md, 85-measurement.md)
-- read: facts (numbers, labels), which the sections word. Applied in
-- file-name order before 90-cache.sql.

-- The agreement of trials pooled over every GPU (trial_agreement): pairs,
-- those within 2%, the same in the shortest band, and the share within 2%
-- without the launch-floor correction.
CREATE VIEW trial_agreement_pooled AS
SELECT sum(pairs) AS pairs, sum(within2) AS within2, sum(CASE WHEN band = 1 THEN pairs END) AS short_pairs,
       sum(CASE WHEN band = 1 THEN within2 END) AS short_within2, sum(pct_raw * pairs) / sum(pairs) / 100 AS raw
FROM trial_agreement;

-- The flush bias as facts (85-measurement.md words them): the largest
-- loss of measured throughput (a fraction) after the memset flush instead
-- of the clean one, per GPU: over the GPUs, how many (gpus), the lowest
-- and highest such loss, and the GPU, variant and size of the highest;
-- CUB's loss at each GPU's largest CUB size: how many GPUs (cub_gpus, 0
-- without CUB), that size (the largest), the lowest and highest loss.
CREATE VIEW flush_bias_fact AS
WITH b AS (SELECT fb.*, dl.label FROM flush_bias fb JOIN device_label dl USING (device_id)),
w AS (SELECT * FROM (SELECT b.*, row_number() OVER (PARTITION BY device_id ORDER BY bias DESC) AS rk FROM b) WHERE rk = 1),
c AS (SELECT * FROM (SELECT b.*, row_number() OVER (PARTITION BY device_id ORDER BY n DESC) AS rk FROM b WHERE variant = 'cub') WHERE rk = 1),
top AS (SELECT * FROM w ORDER BY bias DESC LIMIT 1)
SELECT count(*) AS gpus, min(w.bias) AS bias_lo, max(w.bias) AS bias_hi,
       (SELECT label FROM top) AS top_label, (SELECT variant FROM top) AS top_variant, (SELECT n FROM top) AS top_n,
       (SELECT count(*) FROM c) AS cub_gpus, (SELECT max(n) FROM c) AS cub_n,
       (SELECT min(bias) FROM c) AS cub_lo, (SELECT max(bias) FROM c) AS cub_hi
FROM w;

-- The SM clock, per GPU (latest trial of every configuration with a clock):
-- the maximum SM clock CUDA reports (device.sm_clock_khz), the
-- configurations, those whose clock reads above it, the same under
-- agree_short_ms, the lowest and highest clock read (the mean over a
-- configuration's kept samples), and the samples discarded for a low clock.
CREATE VIEW clock_fact AS
WITH k AS (SELECT value AS short_ms FROM report_setting WHERE key = 'agree_short_ms')
SELECT v.device_id, v.ord, v.label, d.sm_clock_khz / 1000.0 AS max_mhz, count(*) AS configs,
       min(l.clock_mhz) AS low_mhz, sum(l.clock_discarded) AS discarded,
       sum(l.clock_mhz > d.sm_clock_khz / 1000.0) AS above, sum(l.median_ms < k.short_ms) AS short,
       sum(l.median_ms < k.short_ms AND l.clock_mhz > d.sm_clock_khz / 1000.0) AS above_short, max(l.clock_mhz) AS top_mhz
FROM latest l JOIN report_devices v USING (device_id) JOIN device d USING (device_id), k
WHERE l.clock_mhz IS NOT NULL GROUP BY v.ord;

-- The harness's own offset per GPU (each machine on its own host, not the
-- model's average over hosts): the empty kernel as samples are timed
-- (run.launch_us) against the minimal way (run.launch_bare_us), mean over
-- the complete measure runs; folded into one sentence with its range.
CREATE VIEW harness_offset_gpu AS
SELECT v.ord, v.label, count(*) AS runs, avg(u.launch_us) AS launch_us, avg(u.launch_bare_us) AS bare_us,
  avg(u.launch_us - u.launch_bare_us) AS offset_us
FROM run u JOIN report_devices v USING (device_id)
WHERE u.kind = 'measure' AND u.status = 'complete' AND u.launch_us > 0 AND u.launch_bare_us > 0
GROUP BY v.ord;
-- Noisy configurations: the timed configurations (latest trial), those
-- with an rsd above the noisy_rsd setting in it, and those above it in
-- some trial (every complete run's result).
CREATE VIEW noisy_fact AS
SELECT count(*) AS configs, sum(rsd > s.noisy_rsd) AS noisy, s.noisy_rsd,
  (SELECT count(*) FROM (SELECT DISTINCT u.device_id, r.study, r.config_key FROM result r JOIN run u USING (run_id)
                         JOIN result_stat t USING (result_id)
                         WHERE r.status = 'ok' AND u.status = 'complete' AND t.rsd > s.noisy_rsd)) AS noisy_any
FROM latest, setting s;

-- The launch-floor correction's size (80-method.md): the largest and the
-- median correction of a trial's value, in milliseconds.
CREATE VIEW floor_correction_fact AS
WITH a AS (SELECT abs(floor_adj_ms) AS ms FROM trial WHERE floor_adj_ms <> 0)
SELECT max(ms) AS max_ms, (SELECT ms FROM a ORDER BY ms LIMIT 1 OFFSET (SELECT count(*) / 2 FROM a)) AS median_ms FROM a;

-- Trials per GPU of the configurations (config_stats): how many, how many
-- with a single trial, the fewest trials.
CREATE VIEW trials_fact AS
SELECT count(*) AS configs, sum(runs < 2) AS single, min(runs) AS min_runs FROM config_stats;

-- The HTML's table "noisy" (80-method.md): the latest results whose rsd
-- exceeds the noisy_rsd setting, or one row '(none)'; ord: the table's
-- order (GPU, study, variant; the section shows the first 40).
CREATE VIEW method_noisy_table AS
SELECT "GPU", "study", "variant", "n", "block", "median ms", "quartiles ms", "rsd", row_number() OVER (ORDER BY "GPU", "study", "variant") AS ord FROM (
  SELECT (SELECT dl.label FROM device_label dl WHERE dl.device_id = latest.device_id) AS "GPU", study AS "study", variant AS "variant", n AS "n", block AS "block",
    printf('%.4f', median_ms) AS "median ms", printf('%.4f .. %.4f', q1_ms, q3_ms) AS "quartiles ms", printf('%.0f%%', 100 * rsd) AS "rsd"
  FROM latest WHERE rsd > (SELECT noisy_rsd FROM setting)
  UNION ALL SELECT '(none)', '', '', NULL, NULL, '', '', '' WHERE NOT EXISTS (SELECT 1 FROM latest WHERE rsd > (SELECT noisy_rsd FROM setting)));

-- The pivot "coverage" (85-measurement.md): leave-one-trial-out coverage per
-- GPU and size band (trial_coverage); ord: the GPU's.
CREATE VIEW measurement_coverage_cell AS
SELECT v.ord, c.band, v.label AS "GPU", c.band_label, printf('%.1f%% of %d', c.pct, c.held_out) AS cell
FROM trial_coverage c JOIN report_devices v USING (device_id);

-- The pivot "agreement_trials" (85-measurement.md): trials of one
-- configuration agreeing within 2% per GPU and size band, with and without
-- the launch-floor correction (trial_agreement); ord: the GPU's.
CREATE VIEW measurement_agreement_cell AS
SELECT v.ord, a.band, v.label AS "GPU", a.band_label, printf('%.1f%% (%.1f%%) of %d', a.pct, a.pct_raw, a.pairs) AS cell
FROM trial_agreement a JOIN report_devices v USING (device_id);

-- The table "machines" (85-measurement.md): machines of one GPU model per
-- size band (machine_agreement); ord: the table's order (model, band).
CREATE VIEW measurement_machines_table AS
SELECT m.panel AS "GPU model", a.band_label AS "band", a.pairs AS "pairs",
  printf('%.1f%%', a.pct_within2) AS "centres within 2%", printf('%.1f%%', a.pct_covered) AS "interval holds the other's median",
  row_number() OVER (ORDER BY m.mord, a.band) AS ord
FROM machine_agreement a JOIN report_models m ON m.name = a.model;

-- The table "machine_pairs" (85-measurement.md): machines of one model pair
-- by pair, their launch floors and per size band their agreement
-- (machine_pair_agreement); gpu_a, gpu_b: the pair's labels (the section
-- names the pair); ord: the table's order (the pair's GPUs).
CREATE VIEW measurement_machine_pairs_table AS
SELECT gpu_a, gpu_b, printf('%.2f / %.2f', floor_a, floor_b) AS "launch floors (us)",
  max(CASE WHEN band = 1 THEN printf('%.1f%% / %.1f%% of %d', pct_within2, pct_covered, configs) END) AS "under 20 us",
  max(CASE WHEN band = 2 THEN printf('%.1f%% / %.1f%% of %d', pct_within2, pct_covered, configs) END) AS "20-100 us",
  max(CASE WHEN band = 3 THEN printf('%.1f%% / %.1f%% of %d', pct_within2, pct_covered, configs) END) AS "100 us or more",
  printf('%.3f', max(CASE WHEN band = 1 THEN ratio END)) AS "ratio under 20 us",
  row_number() OVER (ORDER BY ord_a, ord_b) AS ord
FROM machine_pair_agreement GROUP BY ord_a, ord_b;

-- The pivot "phases" (85-measurement.md): where the wall time of each make
-- measure went (measure_phase), seconds per GPU, session and phase (the
-- section names a row by gpu, day, trials, session); ord:
-- the order of first appearance (session, the phases in their order).
CREATE VIEW measurement_phase_cell AS
SELECT coalesce((SELECT v.label FROM device d JOIN report_devices v USING (device_id) WHERE d.uuid = p.device_uuid), p.device_uuid) AS gpu,
  substr(min(p.utc), 1, 10) AS day, max(p.trials) AS trials, substr(p.session, 1, 8) AS session,
  p.phase, CASE WHEN sum(p.seconds) < 1 THEN printf('%.1f', sum(p.seconds)) ELSE printf('%.0f', sum(p.seconds)) END AS seconds,
  row_number() OVER (ORDER BY p.session, CASE p.phase WHEN 'build' THEN 1 WHEN 'verify' THEN 2 WHEN 'sample' THEN 3 WHEN 'other' THEN 4 WHEN 'trials' THEN 5 WHEN 'resources' THEN 6 WHEN 'profile' THEN 7 ELSE 8 END) AS ord
FROM measure_phase p GROUP BY p.session, p.device_uuid, p.phase;

-- The repeat runs as facts (85-measurement.md words them): over the GPUs,
-- the share (pct, 0-100) of configurations whose runs all agree
-- (run_agreement_summary, the newest commit of each GPU), lowest and
-- highest, all (lo, hi) and short ones (slo, shi: NULL where none was
-- measured), how many GPUs meet each target (n_met, n_met_short), the
-- fewest and most configurations, the settings it is judged on, and how
-- many pairs of invocations were compared (sessions: the targets are
-- judged on the runs only where there are none, session_agreement_verdict).
CREATE VIEW measurement_repeat_fact AS
WITH k AS (SELECT (SELECT value FROM report_setting WHERE key = 'agree_rel') AS rel,
  (SELECT value FROM report_setting WHERE key = 'agree_short_ms') AS short_ms,
  (SELECT value FROM report_setting WHERE key = 'agree_target_pct') AS target,
  (SELECT value FROM report_setting WHERE key = 'agree_target_short_pct') AS target_short),
a AS (SELECT min(100 * s.share_2pct) AS lo, max(100 * s.share_2pct) AS hi, min(100 * s.share_2pct_u20) AS slo,
        max(100 * s.share_2pct_u20) AS shi, count(*) AS gpus, sum(100 * s.share_2pct >= k.target) AS n_met,
        sum(100 * s.share_2pct_u20 >= k.target_short) AS n_met_short, min(s.configs) AS c_lo, max(s.configs) AS c_hi
      FROM run_agreement_summary s, k WHERE s.latest)
SELECT a.gpus, a.lo, a.hi, a.slo, a.shi, a.n_met, a.n_met_short, a.c_lo, a.c_hi,
       k.rel, k.short_ms, k.target, k.target_short, v.n AS sessions
FROM a, k, (SELECT count(*) AS n FROM session_agreement_verdict) v;

-- The table "invocations" (85-measurement.md): two make measure
-- invocations per GPU, the shares that agree with their intervals and
-- verdicts (session_agreement_verdict); ord: the GPU's name.
CREATE VIEW measurement_invocations_table AS
SELECT device AS "GPU", pairs AS "pairs", configs AS "configurations",
  printf('%.1f%% [%.1f, %.1f]', 100 * share_2pct, 100 * share_lo, 100 * share_hi) AS "agree", verdict AS "verdict",
  configs_u20 AS "short ones", coalesce(printf('%.1f%% [%.1f, %.1f]', 100 * share_2pct_u20, 100 * share_u20_lo, 100 * share_u20_hi), '-') AS "of those agree",
  verdict_u20 AS "verdict ",
  CASE WHEN host_configs > 0 THEN printf('%.0f%% of %d', 100 * host_share, host_configs) ELSE '-' END AS "host-timed agree",
  row_number() OVER (ORDER BY device) AS ord
FROM session_agreement_verdict;

-- The table "agreement" (85-measurement.md): repeat runs of one build per
-- GPU and commit (run_agreement_summary); ord: the table's order (GPU, the
-- newest commit last).
CREATE VIEW measurement_agreement_table AS
SELECT device AS "GPU", substr(git_commit, 1, 12) AS "commit", runs AS "runs", configs AS "configurations",
  printf('%.1f%%', 100 * share_2pct) AS "agree", configs_u20 AS "short ones",
  coalesce(printf('%.1f%%', 100 * share_2pct_u20), '-') AS "of those agree",
  row_number() OVER (ORDER BY device, latest, git_commit) AS ord
FROM run_agreement_summary;

-- The HTML's table "agreement_worst" (85-measurement.md): per GPU, the
-- configurations whose run medians differ most (run_agreement_worst); ord:
-- the table's order (GPU, rank).
CREATE VIEW measurement_agreement_worst_table AS
SELECT device AS "GPU", study AS "study", variant AS "variant", dtype AS "type", n AS "n", block AS "block", flush AS "flush", mode AS "mode",
  printf('%.4f', min_ms) AS "fastest run ms", printf('%.4f', max_ms) AS "slowest run ms", printf('%.1f%%', 100 * rel_diff) AS "difference",
  row_number() OVER (ORDER BY device, rk) AS ord
FROM run_agreement_worst;

-- The table "stop" (85-measurement.md): why sampling stopped, a row per GPU
-- (the latest result of every GPU-timed configuration), a column per stop
-- reason: how many configurations stopped so and their fewest and most
-- samples; reasons other than the four named (fixed, not recorded) in
-- "other"; the mean rsd over all and how many are listed (rsd above
-- listed_rsd); ord: the table's order (GPU).
CREATE VIEW measurement_stop_table AS
WITH r AS (SELECT device_id, coalesce(stop_reason, 'not recorded') AS reason, count(*) AS k, min(reps) AS lo,
                  max(reps) AS hi, sum(rsd) AS rsd_sum,
                  sum(rsd > (SELECT value FROM report_setting WHERE key = 'listed_rsd')) AS listed
           FROM latest WHERE timer = 'cuda-event' GROUP BY 1, 2),
c AS (SELECT r.*, printf('%d (%d-%d)', k, lo, hi) AS cell FROM r)
SELECT *, row_number() OVER (ORDER BY "GPU") AS ord FROM (
  SELECT (SELECT dl.label FROM device_label dl WHERE dl.device_id = c.device_id) AS "GPU", sum(k) AS "configurations",
    coalesce(max(CASE WHEN reason = 'converged' THEN cell END), '-') AS "converged",
    coalesce(max(CASE WHEN reason = 'plateau' THEN cell END), '-') AS "plateau",
    coalesce(max(CASE WHEN reason = 'time-cap' THEN cell END), '-') AS "time-cap",
    coalesce(max(CASE WHEN reason = 'max-reps' THEN cell END), '-') AS "max-reps",
    coalesce(group_concat(CASE WHEN reason NOT IN ('converged', 'plateau', 'time-cap', 'max-reps')
                               THEN reason || ' ' || cell END, '; '), '-') AS "other",
    printf('%.2f%%', 100 * sum(rsd_sum) / sum(k)) AS "mean rsd", sum(listed) AS "listed"
  FROM c GROUP BY device_id);

-- The HTML's table "rsd1" (85-measurement.md): the GPU-timed configurations
-- whose rsd exceeds the listed_rsd setting, or one row '(none)'; ord: the
-- table's order (the noisiest first; the section shows the first 40).
CREATE VIEW measurement_rsd_table AS
SELECT "GPU", "study", "variant", "type", "n", "block", "flush, mode", "median ms", "rsd", "samples", "stop reason",
  row_number() OVER (ORDER BY k DESC, "GPU", "study", "variant") AS ord FROM (
  SELECT (SELECT dl.label FROM device_label dl WHERE dl.device_id = l.device_id) AS "GPU", study AS "study", variant AS "variant", coalesce(dtype, '-') AS "type",
  n AS "n", block AS "block", coalesce(flush, '-') || ', ' || mode AS "flush, mode", printf('%.4f', median_ms) AS "median ms", printf('%.1f%%', 100 * rsd) AS "rsd",
  reps AS "samples", coalesce(stop_reason, 'not recorded') AS "stop reason", rsd AS k
FROM latest l WHERE timer = 'cuda-event' AND rsd > (SELECT value FROM report_setting WHERE key = 'listed_rsd')
UNION ALL SELECT '(none)', '', '', '', NULL, NULL, '', '', '', NULL, '', 0 WHERE NOT EXISTS (SELECT 1 FROM latest WHERE timer = 'cuda-event' AND rsd > (SELECT value FROM report_setting WHERE key = 'listed_rsd')));

-- The HTML's table "run_env" (85-measurement.md): NVML's readings at the
-- start and the end of the complete runs, ranges per GPU, study and phase
-- (run_env), with the copy probe beside each; ord: the table's order (GPU,
-- study, start before end).
CREATE VIEW measurement_run_env_table AS
SELECT *, row_number() OVER (ORDER BY "GPU", "study", "phase" DESC) AS ord FROM (
  SELECT (SELECT dl.label FROM device_label dl WHERE dl.device_id = u.device_id) AS "GPU", u.study AS "study", e.phase AS "phase",
    count(*) AS "runs", printf('%d..%d', min(e.sm_clock_mhz), max(e.sm_clock_mhz)) AS "SM MHz", printf('%d..%d', min(e.mem_clock_mhz), max(e.mem_clock_mhz)) AS "memory MHz",
    printf('%d..%d', min(e.temp_c), max(e.temp_c)) AS "temperature C", printf('%.0f..%.0f', min(e.power_w), max(e.power_w)) AS "power W",
    printf('%.0f', max(e.power_limit_w)) AS "limit W", sum(e.throttle_reasons > 1) AS "throttled",
    printf('%.0f..%.0f', min(CASE e.phase WHEN 'start' THEN u.copy_gbps_start ELSE u.copy_gbps_end END), max(CASE e.phase WHEN 'start' THEN u.copy_gbps_start ELSE u.copy_gbps_end END)) AS "copy GB/s"
  FROM run_env e JOIN run u USING (run_id) WHERE u.status = 'complete' GROUP BY 1, 2, 3);

-- Machine pairs by their launch floors, as facts (85-measurement.md words
-- them under the table "machines"): the short configurations' agreement
-- (pct, 0-100) of the pairs whose floors differ by floor_match_us or less
-- and of the others, and how many configurations each share is over (0:
-- no such pair).
CREATE VIEW measurement_floor_match AS
WITH k AS (SELECT value AS us FROM report_setting WHERE key = 'floor_match_us')
SELECT k.us AS match_us,
       1.0 * sum(CASE WHEN abs(floor_a - floor_b) <= k.us THEN pct_within2 * configs END)
         / nullif(sum(CASE WHEN abs(floor_a - floor_b) <= k.us THEN configs END), 0) AS pct_match,
       coalesce(sum(CASE WHEN abs(floor_a - floor_b) <= k.us THEN configs END), 0) AS configs_match,
       1.0 * sum(CASE WHEN abs(floor_a - floor_b) > k.us THEN pct_within2 * configs END)
         / nullif(sum(CASE WHEN abs(floor_a - floor_b) > k.us THEN configs END), 0) AS pct_other,
       coalesce(sum(CASE WHEN abs(floor_a - floor_b) > k.us THEN configs END), 0) AS configs_other
FROM machine_pair_agreement, k WHERE band = 1;

-- Where no measure_phase row says where a make measure's time went, the
-- measure runs' own seconds per GPU (85-measurement.md words them): i (1,
-- 2, ... in the GPUs' order), the GPU's label, its complete measure runs'
-- setup, inputs and verification, and sampling seconds summed, and the
-- span from the first run's start to the last one's end, in seconds.
CREATE VIEW measurement_run_phase AS
SELECT row_number() OVER (ORDER BY v.ord) AS i, v.ord, v.label, sum(u.setup_s) AS setup_s, sum(u.verify_s) AS verify_s,
       sum(u.sample_s) AS sample_s, (julianday(max(u.finished_utc)) - julianday(min(u.started_utc))) * 86400 AS span_s
FROM run u JOIN report_devices v USING (device_id)
WHERE u.kind = 'measure' AND u.status = 'complete' AND u.sample_s IS NOT NULL GROUP BY v.ord;

-- The GPU-timed configurations (latest trial), those above the listed_rsd
-- setting (85-measurement.md, before the table "rsd1") and those of them
-- that predate stop reasons.
CREATE VIEW listed_rsd_fact AS
SELECT count(*) AS configs, sum(rsd > k.value) AS listed, k.value AS listed_rsd, sum(rsd > k.value AND stop_reason IS NULL) AS no_reason
FROM latest, (SELECT value FROM report_setting WHERE key = 'listed_rsd') k WHERE timer = 'cuda-event';
