-- reports/analysis/20-trials.sql: one configuration's statistics over its
-- trials (the launch-floor correction, the centre and its interval (stat_level('interval')), the
-- interval's coverage check, the agreement of trials and of machines).
-- Applied to the report's snapshot after 10-results.sql (Makefile,
-- ANALYSIS_SQL); the functions median(), conformal(), size_band() and
-- size_band_label() are reports/sqlstats.c's.

-- The uncertainty of a configuration is its run-to-run variation. A trial
-- is one independent run of the matrix (`make measure RUNS=N`, N = 3 by
-- default: separate processes, fresh allocations, the trials spread over the
-- whole measurement); a configuration (device, study, config_key, flush,
-- mode) has one result per trial. The views below, in order:
--   run_floor, gpu_floor  the mean launch floor of a run, of a GPU, per mode
--   floor_beta      per GPU, mode and launch count: how far a short time moves
--                   per microsecond of its run's floor offset (fitted)
--   trial           every trial's value of a configuration (the interquartile
--                   mean of its samples: 10-results.sql; old rows without
--                   a flush were measured with the memset flush under the same key),
--                   single and batch launches corrected by their process's
--                   launch floor (floor_adj_ms; raw_median_ms as measured)
--   trial_dev       every trial with its configuration's trials k, centre
--                   (the median of the trial values, see below), range, size
--                   band of the centre (1: under
--                   20 us, 2: 20-100 us, 3: 100 us or more) and half
--                   (alternate configurations in key order: the two halves of
--                   the cross-fitted coverage check); and, held out in turn,
--                   the centre (median) and range of the other trials
--                   (leave-one-trial-out) and its relative deviation from them
--   trial_halfwidth per device, band (0: all bands), group (the study,
--                   variant and mode: '' for all) and part (0 and 1: one half
--                   of the configurations, 2: both): the interval's level's quantile
--                   of those deviations, the interval's relative half-width
--   trial_h         the half-width a configuration uses: its group's in its
--                   band if that holds 20 deviations or more, else its band's,
--                   else the device's all-band value (kernels differ in how
--                   much a re-run moves them: a one-launch kernel less than a
--                   two-launch one, a batch of stream launches more)
--   config_stats    per configuration: the centre and its interval (stat_level('interval')),
--                   centre x (1 -/+ h), h = max(trial_h, the configuration's
--                   own relative range); the low end no lower than 0 (a time
--                   is positive: with h over 1, as a host-clock loop that
--                   moves 2-3x from one process to the next, the interval
--                   has no lower end but 0). The interval is meant to contain the median a
--                   re-run (one more trial) on this GPU gives, at the interval's level.
--                   (median_ms keeps its name: it is the median of the
--                   trials' values, each trial's the interquartile mean of
--                   its samples.)
--                   A device with no configuration of two or more trials falls
--                   back to the one run's interval of its median (result_stat's
--                   ci_lo_ms, ci_hi_ms: the distribution-free interval (stat_level('one-run interval')) from
--                   its samples; basis 'one run': that run's sampling noise only).
--   trial_coverage  the check: every held-out trial against the interval built
--                   from the other trials, with the half-width calibrated on
--                   the OTHER half of the configurations (so no trial judges
--                   an interval it helped to size)
--   trial_agreement pairs of trials of one configuration within 2% of each other
--                   (the larger at most 1.02 x the smaller)
--                   (pct_raw: the same without the launch-floor correction)
--   machine_agreement  for a GPU model measured on two or more machines: the
--                   centres of two machines within 2%, and one machine's
--                   interval covering the other's centre
-- The launch-floor correction (a control variate): each process's launch
-- path costs its own fixed amount, and the times the process takes move
-- with it (the launch floor varies by a few percent from process to
-- process). Every configuration times the floor just before its samples, in
-- its mode (result.floor_us: one empty kernel for single, the per-launch
-- time of a batch of empty kernels for batch). One such floor (16 samples, experiments/harness/ceiling.h)
-- is noisier than the process offset it is meant to catch, so the offset x
-- of a row is its run's mean of them in that mode (run_floor) less the GPU's
-- mean in that mode (gpu_floor). How far a kernel's median moves per
-- microsecond of x is not its launch count: a one-launch kernel moves about
-- 0.8 as far as the empty kernel, a two-launch one 1.4 to 2.3 times, a
-- batch of two-launch calls up to 4.6 times (the shipped data of 3763536,
-- the same in either half of the configurations). So the coefficient beta
-- is fitted (floor_beta) per GPU, mode and launches one call makes
-- (result.launches, 1 where unknown): the pooled least-squares slope of the
-- trial medians on x within each configuration under short_us (its mean raw
-- median, 20 us), where the offset matters, from configurations of two or
-- more trials; at least min_configs (20) of them, else beta = launches (the
-- model of before); never below 0. Every event-timed single or batch trial median is
-- corrected by beta times x: floor_adj_ms. On the shipped data of 3763536
-- the pairs of trials within 2% go from 93.8 / 93.6 / 87.6% (beta =
-- launches) to 94.3 / 93.7 / 92.4% (two H100s, the H200), under 20 us on
-- the H200 from 78% to 88%.
-- Rows from before result.floor_us use the run's floor (run.launch_us,
-- single launches only, beta 1). Graph samples (launched from device memory:
-- no process offset) and host timings are not corrected. raw_median_ms
-- keeps the measured median (its samples', result_stat).
DROP VIEW IF EXISTS run_floor;
CREATE VIEW run_floor AS
SELECT r.run_id, r.mode, avg(r.floor_us) AS floor_us FROM result r
WHERE r.status = 'ok' AND r.floor_us > 0 GROUP BY r.run_id, r.mode;
DROP VIEW IF EXISTS gpu_floor;
CREATE VIEW gpu_floor AS
SELECT u.device_id, r.mode, avg(r.floor_us) AS floor_us FROM result r JOIN run u USING (run_id)
WHERE u.kind = 'measure' AND r.status = 'ok' AND r.floor_us > 0 GROUP BY u.device_id, r.mode;
-- The fit's two settings: the configurations it reads (mean raw median
-- under short_us) and how many of them a class needs (min_configs).
DROP VIEW IF EXISTS floor_fit_setting;
CREATE VIEW floor_fit_setting AS SELECT 20 AS min_configs, 20.0 AS short_us;
DROP VIEW IF EXISTS floor_beta;
CREATE VIEW floor_beta AS
WITH k AS (SELECT * FROM floor_fit_setting),
x AS (SELECT u.device_id, r.study, r.config_key, coalesce(r.flush, '') AS flush, r.mode,
                  coalesce(nullif(r.launches, 0), 1) AS launches, t.value_ms * 1000 AS y,
                  q.floor_us - g.floor_us AS x
           FROM result r JOIN result_stat t USING (result_id) JOIN run u USING (run_id)
                JOIN run_floor q ON q.run_id = r.run_id AND q.mode = r.mode
                JOIN gpu_floor g ON g.device_id = u.device_id AND g.mode = r.mode
           WHERE u.kind = 'measure' AND r.status = 'ok' AND r.timer = 'cuda-event'
             AND r.mode IN ('single', 'batch') AND r.floor_us > 0),
c AS (SELECT x.*, avg(y) OVER w AS my, avg(x) OVER w AS mx, count(*) OVER w AS k FROM x
      WINDOW w AS (PARTITION BY device_id, study, config_key, flush, mode, launches)),
s AS (SELECT device_id, mode, launches, count(DISTINCT study || ' ' || config_key || ' ' || flush) AS configs,
             sum((y - my) * (x - mx)) AS sxy, sum((x - mx) * (x - mx)) AS sxx
      FROM c WHERE k > 1 AND my < (SELECT short_us FROM k) GROUP BY device_id, mode, launches)
SELECT device_id, mode, launches, configs, sxy, sxx,
       CASE WHEN configs >= k.min_configs AND sxx > 0 THEN max(0.0, sxy / sxx) ELSE launches END AS beta,
       CASE WHEN configs >= k.min_configs AND sxx > 0 THEN 'fitted' ELSE 'launches' END AS basis,
       k.min_configs, k.short_us
FROM s, k;
DROP VIEW IF EXISTS trial;
CREATE VIEW trial AS
WITH ref AS (SELECT device_id, avg(launch_us) AS run_floor_us FROM run
             WHERE kind = 'measure' AND status = 'complete' AND launch_us > 0 GROUP BY device_id),
     b AS MATERIALIZED (SELECT device_id, mode, launches, beta FROM floor_beta)
SELECT x.*, x.raw_median_ms - x.floor_adj_ms AS median_ms, x.raw_ci_lo_ms - x.floor_adj_ms AS ci_lo_ms,
       x.raw_ci_hi_ms - x.floor_adj_ms AS ci_hi_ms, x.raw_q1_ms - x.floor_adj_ms AS q1_ms,
       x.raw_q3_ms - x.floor_adj_ms AS q3_ms
FROM (SELECT r.result_id, r.run_id, coalesce(u.repeat_index, 1) AS trial_index, r.device_id, r.device, r.study,
             r.config_key, r.variant, r.dtype, r.n, r.block, r.params, r.cache, r.timer,
             coalesce(r.flush, CASE r.cache WHEN 'warm' THEN 'none' ELSE 'memset' END) AS flush, r.mode,
             r.value_ms AS raw_median_ms, r.ci_lo_ms AS raw_ci_lo_ms, r.ci_hi_ms AS raw_ci_hi_ms,
             r.q1_ms AS raw_q1_ms, r.q3_ms AS raw_q3_ms, r.rsd, r.reps,
             r.bytes_read, r.bytes_written, r.peak_gbps, r.launches, r.floor_us,
             CASE WHEN r.timer <> 'cuda-event' OR r.mode NOT IN ('single', 'batch') THEN 0
                  WHEN r.floor_us > 0 AND g.floor_us > 0 AND q.floor_us > 0
                  THEN coalesce(b.beta, coalesce(nullif(r.launches, 0), 1)) * (q.floor_us - g.floor_us) / 1000.0
                  WHEN r.floor_us IS NULL AND r.mode = 'single' AND u.launch_us > 0 AND f.run_floor_us > 0
                  THEN (u.launch_us - f.run_floor_us) / 1000.0
                  ELSE 0 END AS floor_adj_ms
      FROM result_bw r JOIN run u USING (run_id) LEFT JOIN ref f ON f.device_id = r.device_id
           LEFT JOIN gpu_floor g ON g.device_id = r.device_id AND g.mode = r.mode
           LEFT JOIN run_floor q ON q.run_id = r.run_id AND q.mode = r.mode
           LEFT JOIN b ON b.device_id = r.device_id AND b.mode = r.mode
                      AND b.launches = coalesce(nullif(r.launches, 0), 1)) x;

-- Every trial with its rank rn of k in its configuration, the
-- configuration's centre (statistic 'centre' of reports/sqlstats.c: the
-- median of its trial values), smallest and largest, and, held out in turn,
-- the median and range of the other trials and the deviation from them.
-- The held-out values come from the whole configuration's order statistics,
-- not from a frame that leaves the row out (EXCLUDE CURRENT ROW is quadratic
-- in the trials: 65 s for 8000 trials of one configuration): x1 <= ... <= xk
-- the trial values, the others' median is their middle one (k - 1 odd) or
-- the mean of their middle two, where the others' i-th is x_i below the
-- row's rank and x_(i+1) from it on; so it needs only x_(k/2), x_(k/2+1) and
-- x_(k/2+2) (nth_value over the ordered configuration). Their smallest is
-- the configuration's smallest unless the row is it (rn = 1: the second
-- smallest), their largest likewise. NULL where the row is the only trial.
-- The centre is the median, not the mean, of the trial values (issue 47): a
-- trial is one process, and now and then a whole process runs a short
-- kernel slow (on a fresh H200, GPU-8dc8df9f, 2 of 16 processes ran every
-- 4-5 us distance configuration 0.4-0.5 us slow, their floor and clock as
-- the others'); with six trials the median stays with the others where the
-- mean moves a sixth of the way (simulated on those 16 processes, two
-- invocations of six agree within 2% on 95% of configurations under 20 us
-- with the median, 90% with the mean). Each trial's own value is the
-- interquartile mean of its samples (10-results.sql). The column names
-- median_ms (a trial's value, or the configuration's centre in center_ms and
-- config_stats.median_ms) are kept from when both were medians.
DROP VIEW IF EXISTS trial_dev;
CREATE VIEW trial_dev AS
SELECT x.*, size_band(center_ms) AS band,
       abs(median_ms / rest_center_ms - 1) AS dev,
       (rest_max_ms - rest_min_ms) / rest_center_ms AS rest_range
FROM (SELECT z.*, (m1 + m2) / 2 AS center_ms,
             CASE WHEN k < 2 THEN NULL
                  WHEN k % 2 = 0 THEN CASE WHEN k / 2 < rn THEN xa ELSE xb END
                  ELSE (CASE WHEN k / 2 < rn THEN xa ELSE xb END + CASE WHEN k / 2 + 1 < rn THEN xb ELSE xc END) / 2
             END AS rest_center_ms,
             CASE WHEN k < 2 THEN NULL WHEN rn = 1 THEN x2 ELSE x1 END AS rest_min_ms,
             CASE WHEN k < 2 THEN NULL WHEN rn = k THEN xk1 ELSE xk END AS rest_max_ms
      FROM (SELECT y.*,
                   nth_value(median_ms, (k + 1) / 2) OVER o AS m1, nth_value(median_ms, k / 2 + 1) OVER o AS m2,
                   nth_value(median_ms, max(1, k / 2)) OVER o AS xa, nth_value(median_ms, k / 2 + 1) OVER o AS xb,
                   nth_value(median_ms, min(k, k / 2 + 2)) OVER o AS xc,
                   nth_value(median_ms, 2) OVER o AS x2, nth_value(median_ms, max(1, k - 1)) OVER o AS xk1
            FROM (SELECT t.*, row_number() OVER (c ORDER BY median_ms) AS rn, count(*) OVER c AS k,
                         dense_rank() OVER (PARTITION BY device_id ORDER BY study, config_key, flush, mode) % 2 AS half,
                         min(median_ms) OVER c AS x1, max(median_ms) OVER c AS xk,
                         avg(median_ms) OVER c AS mean_ms, sum(median_ms * median_ms) OVER c AS sum2_ms
                  FROM trial t
                  WINDOW c AS (PARTITION BY device_id, study, config_key, flush, mode)) y
            WINDOW o AS (PARTITION BY device_id, study, config_key, flush, mode ORDER BY median_ms
                         ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)) z) x;

DROP VIEW IF EXISTS trial_halfwidth;
CREATE VIEW trial_halfwidth AS
WITH v AS MATERIALIZED (SELECT device_id, band, 'v ' || study || ' ' || variant || ' ' || mode AS vg,
                               'c ' || study || ' ' || timer || ' ' || mode AS cg, half, dev
                        FROM trial_dev WHERE k > 1),
d AS (SELECT device_id, band, vg AS grp, cg AS cls, half AS part, dev FROM v
      UNION ALL SELECT device_id, band, vg, cg, 2, dev FROM v
      UNION ALL SELECT device_id, band, cg, NULL, half, dev FROM v UNION ALL SELECT device_id, band, cg, NULL, 2, dev FROM v
      UNION ALL SELECT device_id, band, '', NULL, half, dev FROM v UNION ALL SELECT device_id, band, '', NULL, 2, dev FROM v
      UNION ALL SELECT device_id, 0, '', NULL, half, dev FROM v UNION ALL SELECT device_id, 0, '', NULL, 2, dev FROM v)
-- the split-conformal quantile (reports/sqlstats.c, conformal()): a new
-- deviation exchangeable with these falls at or below it with probability >= the level
SELECT device_id, band, grp, max(cls) AS cls, part, count(*) AS deviations, conformal(dev, stat_level('interval')) AS h
FROM d
GROUP BY device_id, band, grp, part;

-- The half-width a configuration uses, from part p: the first of its
-- variant's (study, variant, mode: grp), its class's (study, timer, mode) and
-- its band's with 20 deviations or more, else the device's all-band one. A
-- row for every variant the device measured, in every band and part (the
-- variants are read from table result: no second pass over the trials).
DROP VIEW IF EXISTS trial_h;
CREATE VIEW trial_h AS
WITH w AS MATERIALIZED (SELECT * FROM trial_halfwidth),
     a AS (SELECT * FROM w WHERE band = 0),
     k AS (SELECT DISTINCT u.device_id, x.band, r.study || ' ' || r.variant || ' ' || r.mode AS grp,
                  'c ' || r.study || ' ' || r.timer || ' ' || r.mode AS cls
           FROM result r JOIN run u USING (run_id)
                JOIN (SELECT 1 AS band UNION ALL SELECT 2 UNION ALL SELECT 3) x
           WHERE r.status = 'ok')
SELECT k.device_id, k.band, k.grp, a.part,
       CASE WHEN g.deviations >= min_deviations() THEN g.h WHEN c.deviations >= min_deviations() THEN c.h
            WHEN b.deviations >= min_deviations() THEN b.h ELSE a.h END AS h,
       CASE WHEN g.deviations >= min_deviations() THEN g.deviations WHEN c.deviations >= min_deviations() THEN c.deviations
            WHEN b.deviations >= min_deviations() THEN b.deviations ELSE a.deviations END AS deviations
FROM k JOIN a ON a.device_id = k.device_id
     LEFT JOIN w g ON g.device_id = k.device_id AND g.band = k.band AND g.grp = 'v ' || k.grp AND g.part = a.part
     LEFT JOIN w c ON c.device_id = k.device_id AND c.band = k.band AND c.grp = k.cls AND c.part = a.part
     LEFT JOIN w b ON b.device_id = k.device_id AND b.band = k.band AND b.grp = '' AND b.part = a.part;

DROP VIEW IF EXISTS config_stats;
CREATE VIEW config_stats AS
WITH h AS MATERIALIZED (SELECT device_id, band, grp, h FROM trial_h WHERE part = 2)
SELECT c.*,
       (hi_ms - lo_ms) / (2 * median_ms) AS half_rel,
       (bytes_read + bytes_written) / (median_ms * 1e6) AS gbps,
       (bytes_read + bytes_written) / (hi_ms * 1e6) AS gbps_lo,
       (bytes_read + bytes_written) / (lo_ms * 1e6) AS gbps_hi,
       100.0 * (bytes_read + bytes_written) / (median_ms * 1e6) / peak_gbps AS pct_peak,
       100.0 * (bytes_read + bytes_written) / (median_ms * 1e6) / read_gbps AS pct_read
FROM (SELECT y.device_id, y.device, y.study, y.config_key, y.variant, y.dtype, y.n, y.block, y.params, y.cache,
             y.timer, y.flush, y.mode, y.runs, y.median_ms,
             CASE WHEN y.hw IS NULL THEN y.run_lo_ms ELSE max(0, y.median_ms * (1 - max(y.hw, y.range_rel))) END AS lo_ms,
             CASE WHEN y.hw IS NULL THEN y.run_hi_ms ELSE y.median_ms * (1 + max(y.hw, y.range_rel)) END AS hi_ms,
             CASE WHEN y.hw IS NULL THEN 'one run' ELSE 'trials' END AS basis,
             y.sd_rel, y.band, y.rsd_max, y.reps_min, y.bytes_read, y.bytes_written, y.peak_gbps, y.read_gbps
      FROM (SELECT t.device_id, t.device, t.study, t.config_key, t.variant, t.dtype, t.n, t.block, t.params,
                   t.cache, t.timer, t.flush, t.mode, t.k AS runs, t.center_ms AS median_ms,
                   (t.xk - t.x1) / t.center_ms AS range_rel,
                   h.h AS hw,
                   min(coalesce(t.ci_lo_ms, t.q1_ms)) AS run_lo_ms, max(coalesce(t.ci_hi_ms, t.q3_ms)) AS run_hi_ms,
                   CASE WHEN t.k > 1 THEN sqrt(max(0, (t.sum2_ms - t.k * t.mean_ms * t.mean_ms) / (t.k - 1))) / t.mean_ms
                   END AS sd_rel,
                   t.band, max(t.rsd) AS rsd_max, min(t.reps) AS reps_min,
                   t.bytes_read, t.bytes_written, t.peak_gbps,
                   (SELECT median(u.read_gbps) FROM run u WHERE u.device_id = t.device_id AND u.kind = 'measure') AS read_gbps
            FROM trial_dev t
                 LEFT JOIN h ON h.device_id = t.device_id AND h.band = t.band
                            AND h.grp = t.study || ' ' || t.variant || ' ' || t.mode
            GROUP BY t.device_id, t.study, t.config_key, t.flush, t.mode) y) c;

-- A held-out trial is covered when its deviation is at most the half-width
-- (a tie counts, within 1e-9 of it: medians of whole nanoseconds make exact
-- ties, e.g. a deviation equal to the others' range, which two ways of
-- rounding could put on either side).
DROP VIEW IF EXISTS trial_coverage;
CREATE VIEW trial_coverage AS
SELECT d.device_id, d.band,
       size_band_label(d.band) AS band_label,
       count(DISTINCT d.study || ' ' || d.config_key || ' ' || d.flush || ' ' || d.mode) AS configs,
       count(*) AS held_out,
       sum(d.dev <= max(h.h, d.rest_range) * (1 + 1e-9)) AS covered,
       100.0 * sum(d.dev <= max(h.h, d.rest_range) * (1 + 1e-9)) / count(*) AS pct
FROM trial_dev d
     JOIN trial_h h ON h.device_id = d.device_id AND h.band = d.band AND h.part = 1 - d.half
           AND h.grp = d.study || ' ' || d.variant || ' ' || d.mode
WHERE d.k > 1
GROUP BY d.device_id, d.band;
-- (trial_h joined as it is, not as a materialized copy: the snapshot reads
-- it from its cached table through that table's index, 10 s -> 0.2 s on
-- the shipped data)

-- Two trials of a configuration agree when the larger median is at most
-- 2% above the smaller (ln(larger / smaller) <= ln 1.02, within 1e-12).
-- The pairs are counted, not joined (a join is quadratic in the trials:
-- 111 s for 8000 trials of one configuration): in each configuration
-- ordered by ln(median), a trial's frame up to ln 1.02 above it counts the
-- trials at or above it that agree with it (up: its equals too, but not
-- itself); a pair of unequal medians is counted once there, a pair of equal
-- ones twice (from either), so the agreeing pairs are sum(up) - sum(eq) / 2
-- (eq: the trial's equals but itself). pct_raw: the same on the raw medians.
DROP VIEW IF EXISTS trial_agreement;
CREATE VIEW trial_agreement AS
WITH t AS (SELECT device_id, study, config_key, flush, mode, band, k, ln(median_ms) AS l, ln(raw_median_ms) AS lr
           FROM trial_dev WHERE k > 1),
c AS (SELECT t.*,
             count(*) OVER (PARTITION BY device_id, study, config_key, flush, mode ORDER BY l
                            RANGE BETWEEN CURRENT ROW AND 0.0198026272971797 FOLLOWING) - 1 AS up,
             count(*) OVER (PARTITION BY device_id, study, config_key, flush, mode, l) - 1 AS eq,
             count(*) OVER (PARTITION BY device_id, study, config_key, flush, mode ORDER BY lr
                            RANGE BETWEEN CURRENT ROW AND 0.0198026272971797 FOLLOWING) - 1 AS up_raw,
             count(*) OVER (PARTITION BY device_id, study, config_key, flush, mode, lr) - 1 AS eq_raw
      FROM t)
SELECT device_id, band,
       size_band_label(band) AS band_label,
       CAST(round(sum(k - 1) / 2.0) AS INTEGER) AS pairs,
       CAST(round(sum(up) - sum(eq) / 2.0) AS INTEGER) AS within2,
       100.0 * (sum(up) - sum(eq) / 2.0) / (sum(k - 1) / 2.0) AS pct,
       100.0 * (sum(up_raw) - sum(eq_raw) / 2.0) / (sum(k - 1) / 2.0) AS pct_raw
FROM c
GROUP BY device_id, band;

DROP VIEW IF EXISTS machine_agreement;
CREATE VIEW machine_agreement AS
WITH cs AS MATERIALIZED (SELECT device_id, device, study, config_key, flush, mode, band, median_ms, lo_ms, hi_ms
                         FROM config_stats)
SELECT a.device AS model, a.band,
       size_band_label(a.band) AS band_label,
       count(*) AS pairs,
       sum(abs(b.median_ms / a.median_ms - 1) <= 0.02) AS within2,
       100.0 * sum(abs(b.median_ms / a.median_ms - 1) <= 0.02) / count(*) AS pct_within2,
       sum(b.median_ms BETWEEN a.lo_ms AND a.hi_ms) AS covered,
       100.0 * sum(b.median_ms BETWEEN a.lo_ms AND a.hi_ms) / count(*) AS pct_covered
FROM cs a JOIN cs b ON b.device = a.device AND b.device_id <> a.device_id AND b.study = a.study
                                        AND b.config_key = a.config_key AND b.flush = a.flush AND b.mode = a.mode
GROUP BY a.device, a.band;
