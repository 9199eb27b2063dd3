-- reports/analysis/75-agreement.sql: the measurement method: agreement of runs and invocations, flush bias.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).

-- ---------------------------------------------------- measurement method --
-- Agreement of repeat runs: per GPU (each card on its own: two cards of one
-- model differ by more than trials of one card, which machine_agreement
-- shows), build and configuration measured by two or more runs (the trials of
-- `make measure RUNS=N`, or several measures), the relative difference of the
-- trial medians as the report uses them (view trial: single launches
-- corrected for their run's launch floor), (largest - smallest) / smallest:
-- every run within 2% of every other.
CREATE VIEW run_agreement AS
SELECT dl.label AS device, b.device_id, u.build_id, max(u.git_commit) AS git_commit, b.study, b.config_key, b.variant,
       b.dtype, b.n, b.block, b.flush, b.mode,
       count(DISTINCT b.run_id) AS runs, count(DISTINCT b.device_id) AS devices,
       min(b.median_ms) AS min_ms, max(b.median_ms) AS max_ms,
       (max(b.median_ms) - min(b.median_ms)) / min(b.median_ms) AS rel_diff, max(b.run_id) AS last_run_id
FROM trial b JOIN run u USING (run_id) JOIN device_label dl ON dl.device_id = b.device_id
WHERE b.timer = 'cuda-event'
GROUP BY b.device_id, u.build_id, b.study, b.config_key, b.flush, b.mode
HAVING count(DISTINCT b.run_id) >= 2;

-- Its summary per GPU and commit: configurations compared, the share
-- within 2%, and the same for configurations under 20 us; latest = 1 for
-- the commit of the newest such runs of each GPU (what the report quotes).
INSERT OR REPLACE INTO report_setting VALUES
  ('agree_rel', 0.02, 'repeat runs agree on a configuration when their medians differ by at most this fraction'),
  ('agree_short_ms', 0.020, 'configurations under this median time (ms) get an agreement share of their own'),
  ('agree_target_pct', 95, 'the share (%) of configurations on which repeat runs should agree'),
  ('agree_target_short_pct', 90, 'the same target for the configurations under agree_short_ms'),
  ('trial_agree_target_pct', 90, 'the share (%) of pairs of trials of one configuration that should agree within agree_rel'),
  ('listed_rsd', 0.01, 'relative standard deviation above which the measurement section lists a configuration');
CREATE VIEW run_agreement_summary AS
SELECT a.device, a.git_commit, max(a.runs) AS runs, max(a.devices) AS devices, count(*) AS configs,
       avg(a.rel_diff <= (SELECT value FROM report_setting WHERE key = 'agree_rel')) AS share_2pct,
       sum(a.min_ms < (SELECT value FROM report_setting WHERE key = 'agree_short_ms')) AS configs_u20,
       avg(CASE WHEN a.min_ms < (SELECT value FROM report_setting WHERE key = 'agree_short_ms')
                THEN a.rel_diff <= (SELECT value FROM report_setting WHERE key = 'agree_rel') END) AS share_2pct_u20,
       a.git_commit IS (SELECT a2.git_commit FROM run_agreement a2 WHERE a2.device_id = a.device_id
                        ORDER BY a2.last_run_id DESC LIMIT 1) AS latest, a.device_id
FROM run_agreement a GROUP BY a.device_id, a.git_commit;

-- The worst offenders: the five configurations per GPU kind (newest build)
-- whose run medians differ most.
CREATE VIEW run_agreement_worst AS
SELECT * FROM (SELECT a.*, row_number() OVER (PARTITION BY a.device_id ORDER BY a.rel_diff DESC) AS rk
               FROM run_agreement a JOIN run_agreement_summary s ON s.device_id = a.device_id
                 AND s.git_commit IS a.git_commit AND s.latest)
WHERE rk <= 5;

-- Agreement of invocations (issue 19 item 3): two `make measure`
-- invocations on one GPU (run.session) each give a configuration the median
-- of its own trials' values (view trial: corrected for the launch floor;
-- the median, as the report's centre is, 20-trials.sql: trial_dev),
-- from two trials or more; a pair of invocations agrees on it when those
-- values differ by at most agree_rel ((larger - smaller) / smaller, as
-- run_agreement). session_value: per GPU, build, invocation and configuration.
CREATE VIEW session_value AS
SELECT b.device_id, u.build_id, u.git_commit, u.session, b.study, b.config_key, b.flush, b.mode, b.timer,
       count(*) AS trials, median(b.median_ms) AS median_ms
FROM trial b JOIN run u USING (run_id)
WHERE u.kind = 'measure' AND u.session IS NOT NULL
GROUP BY b.device_id, u.build_id, u.git_commit, u.session, b.study, b.config_key, b.flush, b.mode;

-- Every pair of invocations of one build on one GPU, per configuration.
CREATE VIEW session_agreement AS
SELECT a.device_id, a.git_commit, a.session AS session_a, b.session AS session_b, a.study, a.config_key, a.flush,
       a.mode, a.timer, a.median_ms AS a_ms, b.median_ms AS b_ms, min(a.median_ms, b.median_ms) AS min_ms,
       abs(a.median_ms - b.median_ms) / min(a.median_ms, b.median_ms) AS rel_diff
FROM session_value a JOIN session_value b ON b.device_id = a.device_id AND b.build_id = a.build_id
  AND b.study = a.study AND b.config_key = a.config_key AND b.flush IS a.flush AND b.mode = a.mode
  AND b.session > a.session
WHERE a.trials >= 2 AND b.trials >= 2 AND a.median_ms > 0 AND b.median_ms > 0;

-- Its summary per GPU and commit: the GPU-timed comparisons (configuration x
-- pair of invocations), the share that agrees with its Wilson interval (stat_level(.share.)),
-- the same under agree_short_ms, and the host-timed ones apart. A target
-- (agree_target_pct, agree_target_short_pct) is met when the interval's low
-- end reaches it, missed when its high end stays under it.
CREATE VIEW session_agreement_summary AS
WITH k AS (SELECT (SELECT value FROM report_setting WHERE key = 'agree_rel') AS rel,
                  (SELECT value FROM report_setting WHERE key = 'agree_short_ms') AS short_ms,
                  (SELECT value FROM report_setting WHERE key = 'agree_target_pct') AS target,
                  (SELECT value FROM report_setting WHERE key = 'agree_target_short_pct') AS target_short),
s AS (SELECT a.device_id, a.git_commit, count(DISTINCT a.session_a || ' ' || a.session_b) AS pairs,
             sum(a.timer = 'cuda-event') AS n, sum(a.timer = 'cuda-event' AND a.rel_diff <= k.rel) AS x,
             sum(a.timer = 'cuda-event' AND a.min_ms < k.short_ms) AS n_short,
             sum(a.timer = 'cuda-event' AND a.min_ms < k.short_ms AND a.rel_diff <= k.rel) AS x_short,
             sum(a.timer <> 'cuda-event') AS n_host, sum(a.timer <> 'cuda-event' AND a.rel_diff <= k.rel) AS x_host
      FROM session_agreement a, k GROUP BY a.device_id, a.git_commit),
w AS (SELECT s.*, CAST(x AS REAL) / nullif(n, 0) AS p, CAST(x_short AS REAL) / nullif(n_short, 0) AS p_short
      FROM s)
SELECT dl.label AS device, w.device_id, w.git_commit, w.pairs, w.n AS configs, w.p AS share_2pct,
       wilson_lo(w.x, w.n) AS share_lo, wilson_hi(w.x, w.n) AS share_hi,
       w.n_short AS configs_u20, w.p_short AS share_2pct_u20,
       wilson_lo(w.x_short, w.n_short) AS share_u20_lo, wilson_hi(w.x_short, w.n_short) AS share_u20_hi,
       w.n_host AS host_configs, CAST(w.x_host AS REAL) / nullif(w.n_host, 0) AS host_share,
       k.target, k.target_short,
       w.git_commit IS (SELECT u.git_commit FROM run u WHERE u.device_id = w.device_id AND u.session IS NOT NULL
                          AND u.kind = 'measure' ORDER BY u.run_id DESC LIMIT 1) AS latest
FROM w JOIN device_label dl ON dl.device_id = w.device_id, k;

-- The verdicts of those targets, per GPU (newest commit).
CREATE VIEW session_agreement_verdict AS
SELECT s.*,
       CASE WHEN s.configs = 0 THEN 'not measured' ELSE target_at_least(100 * s.share_lo, 100 * s.share_hi, s.target) END
         AS verdict,
       CASE WHEN s.configs_u20 = 0 THEN 'not measured'
            ELSE target_at_least(100 * s.share_u20_lo, 100 * s.share_u20_hi, s.target_short) END AS verdict_u20
FROM session_agreement_summary s WHERE s.latest;

-- The flush bias: per device and reduction configuration (int32, block 256,
-- one launch per sample) measured under both cold flushes, the throughput
-- after the memset flush (dirty L2) relative to the clean one: 1 - memset / clean,
-- paired within each run (26-pairs.sql, kind flush: the clean time over the
-- memset time of one run), with its interval bias_lo .. bias_hi.
-- GB/s at the mean of the run medians (config_stats).
CREATE VIEW flush_bias AS
SELECT c.device_id, c.variant, c.n, c.gbps AS gbps_clean, m.gbps AS gbps_memset,
       1 - coalesce(x.ratio, m.gbps / c.gbps) AS bias, 1 - x.hi AS bias_lo, 1 - x.lo AS bias_hi
FROM config_stats c JOIN config_stats m ON m.device_id = c.device_id AND m.study = c.study
  AND m.variant = c.variant AND m.dtype IS c.dtype AND m.n = c.n AND m.block IS c.block
  AND m.params = c.params AND m.mode = c.mode AND m.flush = 'memset'
  AND m.config_key LIKE '% flush=memset%' -- measured as such, not a row from before flushes were recorded
  LEFT JOIN pair_stats x ON x.kind = 'flush' AND x.device_id = m.device_id AND x.study = m.study
                        AND x.config_key = m.config_key AND x.mode = m.mode
WHERE c.study = 'reduce' AND c.flush = 'clean' AND c.mode = 'single' AND c.dtype = 'int32';

-- Issue 47's measurement targets as rows, per GPU (the measurement section
-- prints them): key, band (the size band for coverage, else NULL), n (what
-- is counted), value (the share that meets the tolerance), lo, hi (its
-- Wilson interval), raw (the same share without the launch-floor
-- correction, NULL where none applies), threshold (%) and the verdict, met
-- on the interval (target_at_least):
--   invocations       two `make measure` invocations of the newest commit
--                     measured so agree within agree_rel (each invocation's
--                     value the median of its trials), GPU-timed
--                     configurations; threshold agree_target_pct
--   invocations_short the same under agree_short_ms; agree_target_short_pct
--   trial_pairs       two trials of one configuration agree within
--                     agree_rel (trial_agreement); trial_agree_target_pct
--   coverage          a held-out trial's value falls inside the interval of
--                     the other trials (trial_coverage), per size band; the
--                     threshold is the interval's level; conformal: the
--                     share covered by the split-conformal half-width
--                     alone, before it is widened to the other trials'
--                     range (trial_coverage covers with the wider of the two)
CREATE VIEW measure_target AS
WITH k AS (SELECT (SELECT value FROM report_setting WHERE key = 'agree_rel') AS rel,
                  (SELECT value FROM report_setting WHERE key = 'agree_short_ms') AS short_ms,
                  (SELECT value FROM report_setting WHERE key = 'agree_target_pct') AS target,
                  (SELECT value FROM report_setting WHERE key = 'agree_target_short_pct') AS target_short,
                  (SELECT value FROM report_setting WHERE key = 'trial_agree_target_pct') AS target_trials),
newest AS (SELECT device_id, (SELECT u.git_commit FROM run u WHERE u.device_id = d.device_id AND u.session IS NOT NULL
                               AND u.kind = 'measure' ORDER BY u.run_id DESC LIMIT 1) AS git_commit
           FROM report_devices d),
sv AS (SELECT b.device_id, u.build_id, u.session, b.study, b.config_key, b.flush, b.mode, b.timer, count(*) AS trials,
              median(b.median_ms) AS ms, median(b.raw_median_ms) AS raw_ms
       FROM trial b JOIN run u USING (run_id) JOIN newest w ON w.device_id = b.device_id AND w.git_commit IS u.git_commit
       WHERE u.kind = 'measure' AND u.session IS NOT NULL
       GROUP BY b.device_id, u.build_id, u.session, b.study, b.config_key, b.flush, b.mode),
pr AS (SELECT a.device_id, min(a.ms, b.ms) AS min_ms, abs(a.ms - b.ms) / min(a.ms, b.ms) <= k.rel AS ok,
              abs(a.raw_ms - b.raw_ms) / min(a.raw_ms, b.raw_ms) <= k.rel AS ok_raw
       FROM sv a JOIN sv b ON b.device_id = a.device_id AND b.build_id = a.build_id AND b.study = a.study
         AND b.config_key = a.config_key AND b.flush IS a.flush AND b.mode = a.mode AND b.session > a.session, k
       WHERE a.trials >= 2 AND b.trials >= 2 AND a.ms > 0 AND b.ms > 0 AND a.timer = 'cuda-event'),
r AS (SELECT device_id, 'invocations' AS key, 1 AS ord, NULL AS band, count(*) AS n, sum(ok) AS x, sum(ok_raw) AS x_raw,
             (SELECT target FROM k) AS threshold FROM pr GROUP BY device_id
      UNION ALL
      SELECT device_id, 'invocations_short', 2, NULL, count(*), sum(ok), sum(ok_raw), (SELECT target_short FROM k)
      FROM pr WHERE min_ms < (SELECT short_ms FROM k) GROUP BY device_id
      UNION ALL
      SELECT device_id, 'trial_pairs', 3, NULL, sum(pairs), sum(within2), round(sum(pct_raw * pairs) / 100), (SELECT target_trials FROM k)
      FROM trial_agreement GROUP BY device_id HAVING sum(pairs) > 0
      UNION ALL
      SELECT device_id, 'coverage', 3 + band, band, held_out, covered, NULL, stat_level('interval') FROM trial_coverage),
cc AS (SELECT d.device_id, d.band, sum(d.dev <= h.h * (1 + 1e-9)) AS x_conf
       FROM trial_dev d JOIN trial_h h ON h.device_id = d.device_id AND h.band = d.band AND h.part = 1 - d.half
         AND h.grp = d.study || ' ' || d.variant || ' ' || d.mode
       WHERE d.k > 1 AND h.part < 2 GROUP BY d.device_id, d.band)
SELECT v.device_id, v.ord AS gord, v.label, r.key, r.ord, r.band, r.n, 1.0 * r.x / r.n AS value, wilson_lo(r.x, r.n) AS lo,
       wilson_hi(r.x, r.n) AS hi, 1.0 * r.x_raw / r.n AS raw, 1.0 * cc.x_conf / r.n AS conformal, r.threshold,
       target_at_least(100 * wilson_lo(r.x, r.n), 100 * wilson_hi(r.x, r.n), r.threshold) AS verdict
FROM r JOIN report_devices v USING (device_id) LEFT JOIN cc ON cc.device_id = r.device_id AND cc.band = r.band AND r.key = 'coverage'
WHERE r.n > 0;
