-- reports/analysis/46-timing-protocol.sql: the microsecond timing protocol
-- (issue 36) checked: the harness's own offset, whether a sample's place in
-- the sampling order moves it, the project's CUB against the minimal
-- harness (build/studies/coldbench, table reference_timing), and small-n against
-- its lower bound (no-combine).
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).

INSERT OR REPLACE INTO report_setting VALUES
  ('offset_goal_us', 0.2, 'the harness''s offset (an empty kernel timed as samples are, less the minimal way) on every host, at most'),
  ('minimal_abs_us', 0.2, 'the project''s CUB under the memset flush against the minimal harness: agreement within this many microseconds'),
  ('minimal_rel', 0.02, 'the same: or within this fraction of the minimal harness''s time, whichever is larger'),
  ('bound_goal_us', 0.3, 'small-n over its bound (no-combine: loads and block sums only) at n = 2^16^, 2^18^ and 2^20^, at most this many microseconds'),
  ('place_goal', 0.01, 'the median of a short kernel''s samples in each quarter of the sampling order, within this fraction of the configuration''s median');

-- Per GPU: the launch floor as samples are timed (run.launch_us) and the
-- minimal way (run.launch_bare_us), the mean of their difference over the
-- GPU's measure runs and its range; the verdict against offset_goal_us on
-- that range (what a further run's offset falls in: of k runs, (k - 1) /
-- (k + 1) of the time), the offset's size at most the goal: met where every
-- run's offset is within +-goal, missed where none is (the range wholly
-- beyond it on one side), else inconclusive (target_at_most on the range of
-- |offset|: from 0 where the range holds 0).
CREATE VIEW protocol_offset AS
WITH o AS (SELECT u.device_id, count(*) AS runs, median(u.launch_us) AS floor_us, median(u.launch_bare_us) AS bare_us,
                  avg(u.launch_us - u.launch_bare_us) AS offset_us, min(u.launch_us - u.launch_bare_us) AS offset_min_us,
                  max(u.launch_us - u.launch_bare_us) AS offset_max_us
           FROM run u WHERE u.kind = 'measure' AND u.status = 'complete' AND u.launch_us > 0 AND u.launch_bare_us > 0
           GROUP BY u.device_id)
SELECT d.label, d.ord, o.device_id, o.runs, o.floor_us, o.bare_us, o.offset_us, o.offset_min_us, o.offset_max_us,
       target_at_most(CASE WHEN o.offset_min_us <= 0 AND o.offset_max_us >= 0 THEN 0
                           ELSE min(abs(o.offset_min_us), abs(o.offset_max_us)) END,
                      max(abs(o.offset_min_us), abs(o.offset_max_us)), s.value) AS verdict
FROM o JOIN report_devices d USING (device_id) JOIN report_setting s ON s.key = 'offset_goal_us';

-- Per GPU and quarter of the sampling order (the result's stored samples, in
-- the order taken, cut in four: samples_part_median, reports/sqlstats.c;
-- every sample the run took, where the database stores them all): the mean
-- over the GPU's configurations under 20 us (one launch a sample, GPU-timed,
-- 40 samples or more taken) of the quarter's median sample over the configuration's
-- median, less one (the mean, not the median: samples come in the timer's
-- 32 ns steps, so most quarters' medians equal the configuration's and a
-- median of them shows 0 whatever moves); quarter 0 is the first, and a
-- quarter holds the configurations with a sample in it (configs).
-- protocol_place: per GPU, the four and their spread (largest less
-- smallest), against place_goal.
CREATE VIEW protocol_quarter AS
WITH r AS MATERIALIZED (SELECT b.result_id, b.device_id, b.median_ms FROM result_bw b
                        WHERE b.timer = 'cuda-event' AND b.mode = 'single' AND b.median_ms < 0.02 AND b.reps >= 40),
q AS (SELECT r.device_id, r.result_id, p.k - 1 AS quarter,
             samples_part_median(s.ns, p.k, 4) / r.median_ms - 1 AS dev
      FROM r JOIN result_sample s USING (result_id)
           JOIN (SELECT 1 AS k UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4) p)
SELECT device_id, quarter, count(*) AS configs, avg(dev) AS dev FROM q WHERE dev IS NOT NULL
GROUP BY device_id, quarter;
CREATE VIEW protocol_place AS
SELECT d.label, d.ord, q.device_id, max(q.configs) AS configs,
       max(CASE WHEN q.quarter = 0 THEN q.dev END) AS q1, max(CASE WHEN q.quarter = 1 THEN q.dev END) AS q2,
       max(CASE WHEN q.quarter = 2 THEN q.dev END) AS q3, max(CASE WHEN q.quarter = 3 THEN q.dev END) AS q4,
       max(q.dev) - min(q.dev) AS spread,
       CASE WHEN max(q.dev) - min(q.dev) <= s.value THEN 'met' ELSE 'missed' END AS verdict
FROM protocol_quarter q JOIN report_devices d USING (device_id) JOIN report_setting s ON s.key = 'place_goal'
GROUP BY q.device_id;

-- Per GPU and n: CUB's int32 sum timed by this project under the memset
-- flush (nvbench's), one launch a sample, block 256, its trials' raw medians
-- (not floor-corrected: as a minimal harness times it) and their median (a
-- configuration's value over its trials, as config_stats' centre); the
-- minimal harness's (coldbench) likewise over its processes: the median of
-- each process's median of its sample sets' values, with the range of the
-- sets; like with like, as both sides take the same statistic of a sample
-- set (statistic 'trial value': the interquartile mean) and combine
-- processes the same way (a process's launch path costs its own
-- fixed amount, in either harness: Method section). The difference and the
-- verdict: agrees within max(minimal_abs_us, minimal_rel x the minimal
-- harness's time), else the difference is stated. trial_lo_us,
-- trial_hi_us: the lowest and highest of this project's trials (beside the
-- minimal harness's processes, proc_lo_us .. proc_hi_us).
CREATE VIEW minimal_harness AS
WITH rt AS MATERIALIZED (SELECT device_id, n, bench_uuid, samples_iqm(ns) * 1000 AS median_us FROM reference_timing
                         WHERE what = 'cub'),
cb AS (SELECT device_id, n, count(*) AS sets, min(median_us) AS lo_us,
              max(median_us) AS hi_us FROM rt GROUP BY device_id, n),
-- each minimal-harness process (bench_uuid: one invocation, its sets) as
-- the median of its sets; procs, us, proc_lo_us, proc_hi_us: how many,
-- their median, the lowest and the highest
cp AS (SELECT device_id, n, count(*) AS procs, median(us) AS us, min(us) AS proc_lo_us, max(us) AS proc_hi_us
       FROM (SELECT device_id, n, bench_uuid, median(median_us) AS us FROM rt GROUP BY device_id, n, bench_uuid)
       GROUP BY device_id, n),
pj AS (SELECT device_id, n, count(*) AS trials, median(raw_median_ms * 1000) AS us, min(raw_median_ms * 1000) AS lo_us,
              max(raw_median_ms * 1000) AS hi_us FROM trial
       WHERE study = 'reduce' AND variant = 'cub' AND dtype = 'int32' AND flush = 'memset' AND mode = 'single'
         AND block = 256 AND timer = 'cuda-event'
       GROUP BY device_id, n),
k AS (SELECT (SELECT value FROM report_setting WHERE key = 'minimal_abs_us') AS abs_us,
             (SELECT value FROM report_setting WHERE key = 'minimal_rel') AS rel)
SELECT d.label, d.ord, cb.device_id, cb.n, cb.sets, cp.us AS minimal_us, cb.lo_us, cb.hi_us, pj.trials,
       pj.us AS project_us, pj.us - cp.us AS diff_us, pj.us / cp.us - 1 AS diff_rel,
       max(k.abs_us, k.rel * cp.us) AS tol_us,
       CASE WHEN pj.us IS NULL THEN 'not measured' WHEN abs(pj.us - cp.us) <= max(k.abs_us, k.rel * cp.us) THEN 'agrees'
            ELSE 'differs' END AS verdict,
       cp.procs, cp.proc_lo_us, cp.proc_hi_us, pj.lo_us AS trial_lo_us, pj.hi_us AS trial_hi_us
FROM cb JOIN report_devices d USING (device_id) JOIN cp USING (device_id, n) LEFT JOIN pj USING (device_id, n), k;

-- Per GPU at n = 2^16^, 2^18^, 2^20^ (int32, block 256, the default loads
-- and grid, stats_default's configurations): small-n's centre and
-- no-combine's (config_stats) and small-n over the bound in microseconds
-- (over_us: the difference of the centres). One row per GPU and size: where
-- two configurations time small-n there (a key of before the loads and grid
-- axes beside today's, or one key under two flushes), the one of the most
-- trials, then the one whose key names its loads (today's), then the first
-- by key, flush and mode (small_n_gpu's rule, 45-small-n.sql); the bound
-- likewise, preferring first the one of small-n's flush and mode (like with
-- like). small_key .. bound_flush: the two configurations compared.
-- The verdict rests on a paired interval: the two are timed in the same
-- processes, so small-n's time over the bound's is taken within each process
-- (pair_stats' kind bound, 26-pairs.sql: the process's launch offset
-- cancels), its interval holding a further run's ratio at the paired ratio's level
-- (split-conformal, checked by pair_coverage). The difference's interval is
-- that ratio interval turned into microseconds at the bound's centre:
-- over_lo_us .. over_hi_us = bound_us x (lo - 1) .. bound_us x (hi - 1)
-- (over = bound x (ratio - 1); the bound's own run-to-run move, a few
-- percent of a difference of tenths of a microsecond, is left out). The
-- verdict against bound_goal_us (at most): met when the whole interval is at
-- or under it, missed when the whole interval is above it, else
-- inconclusive; also inconclusive where the two picked were never timed in
-- one process (no pair: pair_runs 0, no interval): target_at_most
-- (reports/sqlstats.c).
CREATE VIEW small_n_bound AS
WITH c AS (SELECT *, json_extract(params, '$.loads') IS NOT NULL AS names_loads FROM stats_default
           WHERE study = 'reduce' AND dtype = 'int32' AND block = 256 AND variant IN ('small-n', 'no-combine')
             AND coalesce(json_extract(params, '$.loads'), 8) = 8 AND coalesce(json_extract(params, '$.grid'), 1) = 1),
s AS (SELECT c.*, row_number() OVER (PARTITION BY c.device_id, c.n ORDER BY c.runs DESC, c.names_loads DESC,
                                                 c.config_key, c.flush, c.mode) AS rk
      FROM c, size z WHERE c.variant = 'small-n' AND c.n IN (z.n_smallest, 4 * z.n_smallest, z.n_small)),
b AS (SELECT c.*, row_number() OVER (PARTITION BY c.device_id, c.n ORDER BY c.flush IS s.flush AND c.mode IS s.mode DESC,
                                                 c.runs DESC, c.names_loads DESC, c.config_key, c.flush, c.mode) AS rk
      FROM s JOIN c ON c.device_id = s.device_id AND c.n = s.n AND c.variant = 'no-combine' WHERE s.rk = 1),
x AS (SELECT d.label, d.ord, s.device_id, s.n, 1000 * s.median_ms AS small_us, 1000 * s.lo_ms AS small_lo,
             1000 * s.hi_ms AS small_hi, 1000 * b.median_ms AS bound_us, 1000 * b.lo_ms AS bound_lo,
             1000 * b.hi_ms AS bound_hi, 1000 * (s.median_ms - b.median_ms) AS over_us,
             1000 * b.median_ms * (p.lo - 1) AS over_lo_us, 1000 * b.median_ms * (p.hi - 1) AS over_hi_us,
             coalesce(p.k, 0) AS pair_runs, g.value AS goal_us,
             s.config_key AS small_key, s.flush AS small_flush, b.config_key AS bound_key, b.flush AS bound_flush
      FROM s JOIN b ON b.device_id = s.device_id AND b.n = s.n AND b.rk = 1
           JOIN report_devices d ON d.device_id = s.device_id JOIN report_setting g ON g.key = 'bound_goal_us'
           LEFT JOIN pair_stats p ON p.kind = 'bound' AND p.device_id = s.device_id AND p.flush = s.flush
                                 AND p.mode = s.mode AND b.flush = s.flush AND b.mode = s.mode
                                 AND p.pair_key = b.config_key || ' over ' || s.config_key || ' flush=' || s.flush
                                                  || ' mode=' || s.mode
      WHERE s.rk = 1)
SELECT x.label, x.ord, x.device_id, x.n, x.small_us, x.small_lo, x.small_hi, x.bound_us, x.bound_lo, x.bound_hi,
       x.over_us, x.over_lo_us, x.over_hi_us, x.pair_runs,
       target_at_most(x.over_lo_us, x.over_hi_us, x.goal_us) AS verdict,
       x.small_key, x.small_flush, x.bound_key, x.bound_flush
FROM x;

-- The sections' rows of the three (one line each in reports/sections/85-measurement.md).
CREATE VIEW protocol_table AS
-- (the two floors as means over the runs, as the offset is and as the
-- summary, the method and the software table give the launch floor)
SELECT o.label AS "GPU",
       (SELECT printf('%.2f / %.2f', avg(u.launch_us), avg(u.launch_bare_us)) FROM run u
        WHERE u.device_id = o.device_id AND u.kind = 'measure' AND u.status = 'complete' AND u.launch_us > 0 AND u.launch_bare_us > 0)
         AS "launch floor: as sampled / minimal (us)",
       printf('%+.3f [%+.3f, %+.3f]', o.offset_us, o.offset_min_us, o.offset_max_us) AS "offset (us, runs' range)",
       o.verdict AS "offset",
       coalesce(printf('%+.2f%% %+.2f%% %+.2f%% %+.2f%% (%d)', 100 * p.q1, 100 * p.q2, 100 * p.q3, 100 * p.q4, p.configs), '-')
         AS "quarters of the sampling order (configurations)",
       coalesce(p.verdict, 'not measured') AS "place"
FROM protocol_offset o LEFT JOIN protocol_place p USING (device_id) ORDER BY o.ord;
-- (pivots: a row per n, a column per GPU)
CREATE VIEW minimal_harness_table AS
SELECT printf('2^%d^', CAST(round(log2(n)) AS INTEGER)) AS "n", label,
       coalesce(printf('%.2f / %.2f: %+.2f, %s', project_us, minimal_us, diff_us, verdict), '-') AS cell
FROM minimal_harness ORDER BY n, ord;
-- The comparison of the two harnesses as facts (85-measurement.md words
-- them): the GPU-timed comparisons, how many agree and how many differ, and
-- the largest difference (us, relative), its GPU, size and verdict.
CREATE VIEW protocol_fact AS
WITH w AS (SELECT * FROM minimal_harness WHERE project_us IS NOT NULL ORDER BY abs(diff_us) DESC LIMIT 1)
SELECT count(*) AS comparisons, sum(verdict = 'agrees') AS agree, sum(verdict = 'differs') AS differ,
       (SELECT diff_us FROM w) AS top_diff_us, (SELECT diff_rel FROM w) AS top_rel, (SELECT label FROM w) AS top_label,
       (SELECT n FROM w) AS top_n, (SELECT verdict FROM w) AS top_verdict
FROM minimal_harness WHERE project_us IS NOT NULL;
-- The sizes where the two harnesses differ, as facts (85-measurement.md
-- words them): a row per (GPU, n) that differs, i of k in (GPU, n) order,
-- with its difference and tolerance; that GPU's harness offset on the empty
-- kernel (protocol_offset; NULL where not timed) and gpu_i, the GPU's place
-- (1, 2, ...) where this is its first row, else NULL; beyond: 1 where some
-- GPU's largest difference exceeds its offset (the offset does not explain
-- the differences), else 0; then the range of each side's processes there
-- (this project's trials, trial_lo_us..trial_hi_us; the minimal harness's
-- processes, proc_lo_us..proc_hi_us) and overlap: 1 where the two ranges
-- overlap (the difference is within what one process of either harness
-- gives against another), 0 where every process of one harness took longer
-- than every process of the other (the difference is not explained).
CREATE VIEW protocol_diff AS
WITH x AS (SELECT m.label, m.ord, m.n, m.diff_us, m.diff_rel, m.tol_us, o.offset_us, m.procs,
                  m.proc_lo_us, m.proc_hi_us,
                  m.trials, m.trial_lo_us, m.trial_hi_us
           FROM minimal_harness m LEFT JOIN protocol_offset o USING (device_id) WHERE m.verdict = 'differs'),
g AS (SELECT label, ord, min(offset_us) AS offset_us, max(abs(diff_us)) AS worst_us FROM x GROUP BY label, ord)
SELECT row_number() OVER (ORDER BY x.ord, x.n) AS i, count(*) OVER () AS k, x.label, x.ord, x.n, x.diff_us, x.diff_rel, x.tol_us,
       g.offset_us, CASE WHEN row_number() OVER (PARTITION BY x.ord ORDER BY x.n) = 1 THEN dense_rank() OVER (ORDER BY x.ord) END AS gpu_i,
       coalesce((SELECT max(worst_us - abs(coalesce(offset_us, 0))) FROM g) > 0, 0) AS beyond,
       x.trials, x.trial_lo_us, x.trial_hi_us, x.procs, x.proc_lo_us, x.proc_hi_us,
       x.trial_lo_us <= x.proc_hi_us AND x.proc_lo_us <= x.trial_hi_us AS overlap
FROM x JOIN g USING (label, ord);

-- The published reference points (86-published.sql) beside this project's
-- measurement of the same configuration, like with like: CUB under the
-- memset flush (nvbench's), the median over the model's machines of each
-- machine's median of its trials' raw values (minimal_harness' project side);
-- the seed's rows at the seed's
-- configurations (reduction float32 at 2^24^ and 1024-thread blocks, the
-- offset read at 2^20^ floats, 512-thread blocks, L1 on), the default flush,
-- as config_stats gives them. measured_value: the number (us for CUB, ms
-- for the seed's rows; kind says which row it is: cub, seed-reduce,
-- seed-access), which 85-measurement.md formats and words.
CREATE VIEW published_measured AS
WITH cub AS (SELECT d.name, t.n, median(t.raw_median_ms) AS ms FROM trial t JOIN device d USING (device_id)
             WHERE t.study = 'reduce' AND t.variant = 'cub' AND t.dtype = 'int32' AND t.flush = 'memset'
               AND t.mode = 'single' AND t.block = 256 AND t.timer = 'cuda-event'
             GROUP BY t.device_id, t.n),
cm AS (SELECT name, n, median(ms) AS ms FROM cub GROUP BY name, n),
sd AS (SELECT variant, n, median(median_ms) AS ms FROM stats_default
       WHERE study = 'reduce' AND dtype = 'float32' AND block = 1024 AND variant IN ('neighbored', 'interleaved')
       GROUP BY variant, n),
so AS (SELECT CAST(json_extract(params, '$.k') AS INTEGER) AS k, n, median(median_ms) AS ms FROM stats_default
       WHERE study = 'access' AND variant = 'read-offset' AND block = 512 AND json_extract(params, '$.l1') = 'ca'
       GROUP BY k, n)
SELECT id, gpu, what, n, value, unit, source, kind,
       measured_value
FROM (SELECT p.id, p.gpu, p.variant || coalesce(' ' || p.dtype, '') AS what, p.n, p.value, p.unit, p.source,
             CASE WHEN p.study = 'reduce' AND p.variant = 'cub' THEN 'cub' WHEN p.study = 'reduce' THEN 'seed-reduce'
                  WHEN p.study = 'access' THEN 'seed-access' END AS kind,
             CASE WHEN p.study = 'reduce' AND p.variant = 'cub'
                  THEN (SELECT 1000 * ms FROM cm WHERE cm.name = p.device_name AND cm.n = p.n)
                  WHEN p.study = 'reduce'
                  THEN (SELECT ms FROM sd WHERE sd.variant = p.variant AND sd.n = p.n)
                  WHEN p.study = 'access'
                  THEN (SELECT ms FROM so WHERE so.n = p.n
                                             AND so.k = CAST(substr(p.variant, instr(p.variant, 'k = ') + 4) AS INTEGER))
             END AS measured_value
      FROM published_ref p);
CREATE VIEW published_table AS
SELECT gpu AS "GPU", what AS "what", printf('2^%d^', CAST(round(log2(n)) AS INTEGER)) AS "n",
       printf('%g %s', value, unit) AS "published", kind, measured_value,
       CASE WHEN instr(source, ',') > 0 AND source LIKE 'nvbench%' THEN 'nvbench'
            WHEN instr(source, ' (') > 0 THEN substr(source, 1, instr(source, ' (') - 1) ELSE source END AS "source"
FROM published_measured ORDER BY id;
-- The gap between nvbench's published CUB times and this project's, per
-- published GPU measured here and n, like with like (the memset flush, the
-- trials' raw medians: minimal_harness.project_us), and the same gap of the
-- minimal harness (coldbench, the call timed as nvbench does) on the same
-- GPU: where the minimal harness shows most of it, the gap lies outside
-- this harness (the machine, its clocks, its software), which neither
-- harness measures; a model's machines give their median. Facts a row per
-- (GPU, n), i of k in n's order on that GPU, and outside: the gap between the
-- harnesses is under half the gap to the published time at every n of the
-- GPU (85-measurement.md words it).
CREATE VIEW published_gap AS
WITH g AS (SELECT p.gpu, p.n, min(d.ord) AS ord, p.value * CASE p.unit WHEN 'ms' THEN 1000.0 WHEN 's' THEN 1e6 ELSE 1.0 END AS pub_us,
                  median(m.project_us) AS project_us, median(m.minimal_us) AS minimal_us
           FROM published_ref p JOIN report_devices d ON d.name = p.device_name
             JOIN minimal_harness m ON m.device_id = d.device_id AND m.n = p.n
           WHERE p.study = 'reduce' AND p.variant = 'cub' AND p.unit IN ('us', 'ms', 's') AND m.project_us IS NOT NULL
           GROUP BY p.gpu, p.n)
SELECT gpu, n, ord, pub_us, project_us, minimal_us,
       row_number() OVER (PARTITION BY gpu ORDER BY n) AS i, count(*) OVER (PARTITION BY gpu) AS k,
       max(abs(project_us - minimal_us)) OVER (PARTITION BY gpu) < max(abs(project_us - pub_us)) OVER (PARTITION BY gpu) / 2 AS outside
FROM g;

-- The sources in full, once each (the table names them short).
CREATE VIEW published_sources AS
SELECT group_concat(source, '; ') AS text FROM (SELECT DISTINCT source FROM published_ref ORDER BY min(id) OVER (PARTITION BY source));
