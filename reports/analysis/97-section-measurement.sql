-- reports/analysis/97-section-measurement.sql: the views the method and
-- measurement sections (reports/sections/80-method.md, 85-measurement.md)
-- read, one line a query. Applied in file-name order before 90-cache.sql;
-- they write markup around measured values, so nothing here is cached there.

-- The agreement of trials pooled over every GPU (trial_agreement): one
-- sentence, with the shortest band's share and the share without the
-- launch-floor correction.
CREATE VIEW measurement_trial_agreement_text AS
SELECT printf('Over every GPU, two trials of one configuration agree within 2%% on %.1f%% of %d pairs (%s under 20 us) after the launch-floor correction of the Method section, %.1f%% without it%s.',
  100.0 * sum(within2) / sum(pairs), sum(pairs),
  CASE WHEN sum(CASE WHEN band = 1 THEN pairs END) > 0 THEN printf('%.1f%%', 100.0 * sum(CASE WHEN band = 1 THEN within2 END) / sum(CASE WHEN band = 1 THEN pairs END)) ELSE 'none' END,
  sum(pct_raw * pairs) / sum(pairs),
  CASE WHEN (SELECT count(*) FROM trial_coverage) = 0 THEN '; no configuration has the three trials a leave-one-out check of the intervals needs' ELSE '' END) AS text
FROM trial_agreement;

-- The flush bias in one sentence: the largest loss of measured throughput
-- after the memset flush instead of the clean one, over the GPUs (the GPU,
-- variant and size of the largest), and CUB's at its largest size.
CREATE VIEW flush_bias_text AS
WITH RECURSIVE p(k, v) AS (SELECT 0, 1 UNION ALL SELECT k + 1, v * 2 FROM p WHERE k < 40),
b AS (SELECT fb.*, dl.label, p.k FROM flush_bias fb JOIN device_label dl USING (device_id) JOIN p ON p.v = fb.n),
w AS (SELECT * FROM (SELECT b.*, row_number() OVER (PARTITION BY device_id ORDER BY bias DESC) AS rk FROM b) WHERE rk = 1),
c AS (SELECT * FROM (SELECT b.*, row_number() OVER (PARTITION BY device_id ORDER BY n DESC) AS rk FROM b WHERE variant = 'cub') WHERE rk = 1),
top AS (SELECT * FROM w ORDER BY bias DESC LIMIT 1)
SELECT 'Timed after the memset flush instead of the clean one, '
  || CASE WHEN count(*) = 1 THEN printf('the %s loses up to %.0f%% of the measured throughput (%s, n = 2^%d^', max(w.label), 100 * max(w.bias), (SELECT variant FROM top), (SELECT k FROM top))
          ELSE printf('a kernel loses up to %.0f%% to %.0f%% of the measured throughput, by GPU (the most on the %s: %s, n = 2^%d^', 100 * min(w.bias), 100 * max(w.bias), (SELECT label FROM top), (SELECT variant FROM top), (SELECT k FROM top)) END
  || coalesce((SELECT CASE WHEN count(*) = 1 THEN printf('; CUB at 2^%d^: %.1f%%', max(k), 100 * max(bias)) ELSE printf('; CUB at its largest n: %.1f%% to %.1f%%', 100 * min(bias), 100 * max(bias)) END FROM c HAVING count(*) > 0), '')
  || ') (@fig:flush_bias).' AS text
FROM w;

-- The SM clock over the kept samples in one sentence: its range over every
-- GPU and the samples discarded for a low clock (gpu_fold).
CREATE VIEW clock_text AS
SELECT printf('The SM clock over the kept samples (mean per configuration) ranged from %.0f to %.0f MHz over the GPUs (@tbl:run_env gives each run''s state); ', min(l.clock_mhz), max(l.clock_mhz))
  || CASE WHEN sum(l.clock_discarded) = 0 THEN 'no sample was discarded on any GPU'
          ELSE 'samples discarded: ' || (SELECT text FROM gpu_fold WHERE topic = 'clock_discarded') END
  || '; a sample is discarded, and taken again, when its clock is below 95% of the highest seen.' AS text
FROM latest l WHERE l.clock_mhz IS NOT NULL;

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
CREATE VIEW harness_offset_text AS
WITH lo AS (SELECT * FROM harness_offset_gpu ORDER BY offset_us LIMIT 1), hi AS (SELECT * FROM harness_offset_gpu ORDER BY offset_us DESC LIMIT 1)
SELECT CASE WHEN count(*) = 1 THEN printf('Sampled less minimal, the mean difference is %+.2f us on the %s (%.2f us against %.2f us over %d runs).', max(g.offset_us), max(g.label), max(g.launch_us), max(g.bare_us), max(g.runs))
  ELSE printf('Sampled less minimal, the mean difference per GPU runs from %+.2f us (the %s: %.2f us against %.2f us) to %+.2f us (the %s: %.2f us against %.2f us), over %d to %d runs each; machines of one model on other hosts differ in it, as in their launch floors (@tbl:software).',
    (SELECT offset_us FROM lo), (SELECT label FROM lo), (SELECT launch_us FROM lo), (SELECT bare_us FROM lo),
    (SELECT offset_us FROM hi), (SELECT label FROM hi), (SELECT launch_us FROM hi), (SELECT bare_us FROM hi), min(g.runs), max(g.runs)) END AS text
FROM harness_offset_gpu g;

-- Noisy configurations: in their latest trial (latest) and in any trial
-- (every complete run's result), above the noisy_rsd setting.
CREATE VIEW noisy_text AS
SELECT printf('Of %d timed configurations, %d (%.1f%%) have an rsd above %g%% in their latest trial, and %d in some trial; the latest ones are listed in @tbl:noisy and flagged in the HTML report''s compact tables. Most are kernels of a few microseconds, where launch jitter is a large share of the time.',
  count(*), sum(rsd > s.noisy_rsd), 100.0 * sum(rsd > s.noisy_rsd) / count(*), 100 * s.noisy_rsd,
  (SELECT count(*) FROM (SELECT DISTINCT u.device_id, r.study, r.config_key FROM result r JOIN run u USING (run_id)
                         WHERE r.status = 'ok' AND u.status = 'complete' AND r.rsd > s.noisy_rsd))) AS text
FROM latest, setting s;

-- The launch-floor correction's size in one sentence (80-method.md): the
-- largest and the median correction of a trial median, in microseconds.
CREATE VIEW method_floor_correction_text AS
WITH a AS (SELECT abs(floor_adj_ms) * 1000 AS us FROM trial WHERE floor_adj_ms <> 0)
SELECT printf('The correction is at most %.2f us on this data (median %.2f us).', max(us), (SELECT us FROM a ORDER BY us LIMIT 1 OFFSET (SELECT count(*) / 2 FROM a))) AS text
FROM a;

-- What a configuration's interval holds, by its trials per GPU, in one
-- sentence (80-method.md; config_stats).
CREATE VIEW method_trials_text AS
SELECT CASE WHEN sum(runs < 2) = count(*) THEN 'In this database every configuration was measured in one trial per GPU, so its interval is that run''s bootstrap interval of the median: it holds the run''s sampling noise only, not the run-to-run variation.'
  WHEN sum(runs < 2) > 0 THEN printf('In this database %d of %d configurations (GPUs with a single trial) have only one run''s bootstrap interval of the median: it holds that run''s sampling noise, not the run-to-run variation.', sum(runs < 2), count(*))
  ELSE printf('Every one of the %d configurations in this database has at least %d trials per GPU.', count(*), min(runs)) END AS text
FROM config_stats;

-- The HTML's table "noisy" (80-method.md): the latest results whose rsd
-- exceeds the noisy_rsd setting, or one row '(none)'; ord: the table's
-- order (GPU, study, variant; the section shows the first 40).
CREATE VIEW method_noisy_table AS
SELECT "GPU", "study", "variant", "n", "block", "median ms", "quartiles ms", "rsd", row_number() OVER (ORDER BY "GPU", "study", "variant") AS ord FROM (
  SELECT (SELECT dl.label FROM device_label dl WHERE dl.device_id = latest.device_id) AS "GPU", study AS "study", variant AS "variant", n AS "n", block AS "block",
    printf('%.4f', median_ms) AS "median ms", printf('%.4f .. %.4f', q1_ms, q3_ms) AS "quartiles ms", printf('%.0f%%', 100 * rsd) AS "rsd"
  FROM latest WHERE rsd > (SELECT noisy_rsd FROM setting)
  UNION ALL SELECT '(none)', '', '', NULL, NULL, '', '', '' WHERE NOT EXISTS (SELECT 1 FROM latest WHERE rsd > (SELECT noisy_rsd FROM setting)));
