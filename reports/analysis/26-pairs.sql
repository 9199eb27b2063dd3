-- reports/analysis/26-pairs.sql: paired ratios, the one interval method for
-- every ratio of two configurations the report prints.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).
--
-- A ratio a / b of two configurations timed in the same process (one trial
-- of one binary's matrix: the same launch path, the same warm-up of the
-- card) is taken within each process from the two trial medians (view trial:
-- launch-floor corrected), so a process's offset that moves both cancels. Its value is the median over runs
-- (median(), reports/sqlstats.c), and its interval holds a further run's
-- ratio at the paired ratio's level: value x (1 -/+ max(h, the runs' own relative
-- range)), h the split-conformal quantile (conformal()) of the
-- leave-one-run-out deviations of the GPU's pairs of that kind in the size
-- band of the numerator's time (the GPU's pairs of every kind in that band
-- where a kind holds fewer than min_deviations(), then the GPU's all-band
-- one): the method config_stats uses for one configuration's times. A pair
-- timed in one process only has its runs' intervals of the median combined
-- (basis 'one run'). Checked as
-- trial_coverage is (pair_coverage): each held-out run against the interval
-- of the pair's other runs, sized on the other half of the pairs.
--
-- pair_run: per kind, GPU, pair and run, num_ms / den_ms. The kinds:
--   cub    CUB at its best over a reduce configuration (its throughput over
--          CUB's), at the same dtype, n, flush and mode in the same run:
--          the reference variant (reduce_role: cub with 64-bit offsets,
--          cub32 with 32-bit ones) of the least trial-1 time there
--          (reduce_ref_pick), over trials 2.. where two were there to choose
--          from (a choice is judged on trials it did not see), else over
--          every trial; CUB chooses its own block, so any row of that
--          variant of the run at that size (their mean) is the partner: the
--          tuning lines' too
--   step   the previous hand-written ladder step's time (the one before it
--          that was measured at that size) over a step's, each at the block
--          picked on trial 1 (reduce_block_pick), over trials 2..
--          (the pick is judged on trials it did not see; a GPU measured in
--          one trial only: on that trial)
--   sofar  the best step so far's time over a step's: of the steps before
--          it at that size, the one of the least trial-1 time at its picked
--          block (ties: the earlier step), blocks and trials as for step;
--          where the step before is the best so far, sofar and step agree
--   total  neighbored's time over a step's, blocks as for step
--   pick   CUB at its best (the reference configuration of the least
--          trial-1 time: reduce_pick_t1) over the best hand-written
--          configuration chosen on trial 1 (reduce_pick), over trials 2..
--   cpu    the host loop's time (reduce_role 'host': cpu-serial, timed with
--          the host clock in the same process) over the best hand-written
--          configuration chosen on trial 1 (reduce_pick) at its dtype and n,
--          over trials 2..: how many times faster the GPU is
--   flush  a configuration's time after the clean flush over its time after
--          the memset flush (throughput after memset over after clean): the
--          memset row's key with ' flush=memset' is the clean row's without
--   bound  small-n's time over its bound's (no-combine, issue 36) at the
--          same dtype, n, block, loads, grid, flush and mode: small-n over
--          the bound, so that 46-timing-protocol.sql's small_n_bound takes
--          its difference in microseconds from this ratio; the key names
--          the bound's configuration, then small-n's
--   c-uniform, cr, c-k, rt, flat, stride, seed: the claims' ratios
--          (65-claim-intervals.sql says what each is)
-- The pair's key names it within its kind (the denominator's configuration
-- and what it is paired with); band is the numerator's size band.
-- pair_trial_rows: every cold, GPU-timed trial median with its process
-- (proc: the GPU, the make measure invocation, the trial and the binary: the
-- lines of a binary's matrix run as runs of one process, `--matrix`), which
-- pairs are taken within; a configuration timed twice in one process: the
-- mean of the two.
DROP VIEW IF EXISTS pair_trial_rows;
CREATE VIEW pair_trial_rows AS
SELECT t.device_id || '|' || coalesce(u.session, '') || '|' || t.trial_index || '|' || u.binary || '|' || u.build_id AS proc,
       min(t.run_id) AS run_id, t.trial_index, t.device_id, t.study, t.config_key, t.variant, t.dtype, t.n, t.block,
       t.params, t.flush, t.mode, max(t.bytes_read + t.bytes_written) AS bytes, avg(t.median_ms) AS ms,
       avg(coalesce(t.ci_lo_ms, t.q1_ms)) AS lo_ms,
       avg(coalesce(t.ci_hi_ms, t.q3_ms)) AS hi_ms
FROM trial t JOIN run u USING (run_id) WHERE t.cache = 'cold' AND t.timer = 'cuda-event'
GROUP BY proc, t.study, t.config_key, t.flush, t.mode;

-- What each reduction variant is, the one rule every step, pick, best and
-- divisor of the analysis reads (issue 46 item 5, issue 47 item 1), from
-- its registry entry (table variant: kernels/reduce.cu's registry as the
-- binary recorded it; view variant_order): 'bound' where it is flagged so
-- (no-combine: a lower bound, wrong by design), 'host' where it is flagged
-- a host loop (cpu-serial), 'reference' where its origin is (cub and cub32:
-- CUB with 64-bit and 32-bit offsets), else 'step': a hand-written step of
-- the ladder. A registry that records no reference at all (the oracle's
-- fixture, tests/report/oracle_fixture.py, registers every variant
-- 'modern') takes the keys cub and cub32 for its references: the registry
-- of every binary records them as 'reference' (kernels/reduce.cu), so
-- wherever it is there, the origin alone decides. changes: how many things
-- a step changes over the one before it, as its registry entry names them
-- (its bottleneck text, one per part separated by '; ').
DROP VIEW IF EXISTS reduce_role;
CREATE VIEW reduce_role AS
SELECT variant, ord, description, bottleneck, flags, origin,
       CASE WHEN (',' || flags || ',') LIKE '%,bound,%' THEN 'bound'
            WHEN (',' || flags || ',') LIKE '%,host,%' THEN 'host'
            WHEN origin = 'reference' THEN 'reference'
            WHEN variant IN ('cub', 'cub32') AND NOT EXISTS (SELECT 1 FROM variant_order r WHERE r.study = 'reduce'
                                                               AND r.origin = 'reference') THEN 'reference'
            ELSE 'step' END AS role,
       CASE WHEN bottleneck = '' THEN 0
            ELSE 1 + (length(bottleneck) - length(replace(bottleneck, '; ', ''))) / 2 END AS changes
FROM variant_order WHERE study = 'reduce';

-- The reduce study's hand-written steps in ladder order (reduce_role
-- 'step'): what a step, a pick, a best and a divisor are chosen among.
DROP VIEW IF EXISTS reduce_step;
CREATE VIEW reduce_step AS
SELECT variant, ord, row_number() OVER (ORDER BY ord) AS step_no FROM reduce_role WHERE role = 'step';

-- CUB at its best per GPU, dtype, n, flush and mode: of the reference
-- variants GPU-timed there (reduce_role 'reference'), the one of the least
-- trial-1 time (the mean of its trial medians of trial 1: view trial; ties:
-- the name), and how many references there were to choose from (refs).
DROP VIEW IF EXISTS reduce_ref_pick;
CREATE VIEW reduce_ref_pick AS
SELECT device_id, dtype, n, flush, mode, variant, t1_ms, refs FROM (
  SELECT t.device_id, t.dtype, t.n, t.flush, t.mode, t.variant, avg(t.median_ms) AS t1_ms,
         count(*) OVER (PARTITION BY t.device_id, t.dtype, t.n, t.flush, t.mode) AS refs,
         row_number() OVER (PARTITION BY t.device_id, t.dtype, t.n, t.flush, t.mode
                            ORDER BY avg(t.median_ms), t.variant) AS rk
  FROM trial t JOIN reduce_role r ON r.variant = t.variant AND r.role = 'reference'
  WHERE t.study = 'reduce' AND t.timer = 'cuda-event' AND t.trial_index = 1
  GROUP BY t.device_id, t.dtype, t.n, t.flush, t.mode, t.variant)
WHERE rk = 1;

-- Per GPU, dtype, n and step (default loads and grid, cold, the default
-- flush and mode: a key without ' flush=' or ' mode='): the block whose
-- trial-1 median is the least (ties: the smaller block, then the first by
-- key, flush and mode, so that every reader picks the same).
DROP VIEW IF EXISTS reduce_block_pick;
CREATE VIEW reduce_block_pick AS
SELECT * FROM (
  SELECT t.device_id, t.dtype, t.n, t.variant, t.block, t.config_key, t.ms AS t1_ms,
         row_number() OVER (PARTITION BY t.device_id, t.dtype, t.n, t.variant ORDER BY t.ms, t.block, t.config_key,
                                                                           t.flush, t.mode) AS rk
  FROM pair_trial_rows t JOIN reduce_step s USING (variant)
  WHERE t.study = 'reduce' AND t.config_key NOT LIKE '% flush=%' AND t.config_key NOT LIKE '% mode=%' AND t.trial_index = 1
    AND coalesce(json_extract(t.params, '$.loads'), 8) = 8 AND coalesce(json_extract(t.params, '$.grid'), 1) = 1)
WHERE rk = 1;

-- The ladder's pairs per GPU, type and size, each step at the block picked
-- on trial 1 (reduce_block_pick): kind step, the step before it (the one
-- before it measured at that size); kind sofar, the best step so far (of the
-- steps before it, the one of the least trial-1 time; ties: the earlier);
-- kind total, neighbored. partner_key, partner_variant: the numerator's
-- configuration and its variant.
DROP VIEW IF EXISTS reduce_ladder_pair;
CREATE VIEW reduce_ladder_pair AS
WITH pk AS MATERIALIZED (SELECT p.*, s.step_no FROM reduce_block_pick p JOIN reduce_step s USING (variant)),
q AS (SELECT q.device_id, q.dtype, q.n, q.variant, q.step_no, q.config_key,
             (SELECT b.config_key FROM pk b WHERE b.device_id = q.device_id AND b.dtype = q.dtype AND b.n = q.n
                AND b.step_no < q.step_no ORDER BY b.step_no DESC LIMIT 1) AS prev_key,
             (SELECT b.config_key FROM pk b WHERE b.device_id = q.device_id AND b.dtype = q.dtype AND b.n = q.n
                AND b.step_no < q.step_no ORDER BY b.t1_ms, b.step_no LIMIT 1) AS best_key
      FROM pk q),
x AS (SELECT 'step' AS kind, q.*, q.prev_key AS partner_key FROM q WHERE q.prev_key IS NOT NULL
      UNION ALL
      SELECT 'sofar', q.*, q.best_key FROM q WHERE q.prev_key IS NOT NULL
      UNION ALL
      SELECT 'total', q.*, n.config_key FROM q
      JOIN pk n ON n.device_id = q.device_id AND n.dtype = q.dtype AND n.n = q.n AND n.variant = 'neighbored')
SELECT x.kind, x.device_id, x.dtype, x.n, x.variant, x.step_no, x.config_key, x.partner_key, b.variant AS partner_variant
FROM x JOIN pk b ON b.device_id = x.device_id AND b.config_key = x.partner_key;

-- The kinds whose deviations stay out of the pools of every kind ('' in
-- pair_halfwidth; a kind's own quantile is still its own): cpu, timed by
-- the host clock, moves with the host (its loop's time from one process to
-- the next), which no GPU-timed ratio does; sofar repeats step's pairs
-- wherever the step before is the best so far, which pooled would count
-- twice. Their pairs rank after the pooled kinds' in pair_run's halves, so
-- the pooled kinds' halves are what they were before them.
DROP VIEW IF EXISTS pair_unpooled;
CREATE VIEW pair_unpooled AS SELECT 'cpu' AS kind UNION ALL SELECT 'sofar';

-- pair_trial_later: each row of pair_trial_rows with later, whether its
-- configuration has trials after the first (a pick is judged on trials 2..
-- where it has them, else on 1): a window over the rows, not a subquery per
-- row. pair_ref_rows: each reference variant's rows of a process at a size
-- (their mean). Views of their own, so that the snapshot keeps them as
-- indexed tables (90-cache.sql) that pair_run_all's joins look rows up in
-- (16 s -> 4 s on the shipped data's snapshot).
DROP VIEW IF EXISTS pair_trial_later;
CREATE VIEW pair_trial_later AS
SELECT p.*, max(p.trial_index) OVER (PARTITION BY p.device_id, p.study, p.config_key, p.flush, p.mode) > 1 AS later
FROM pair_trial_rows p;

DROP VIEW IF EXISTS pair_ref_rows;
CREATE VIEW pair_ref_rows AS
SELECT t.proc, t.variant, t.dtype, t.n, t.flush, t.mode, avg(t.ms) AS ms, avg(t.lo_ms) AS lo_ms, avg(t.hi_ms) AS hi_ms
FROM pair_trial_rows t JOIN reduce_role r ON r.variant = t.variant AND r.role = 'reference'
WHERE t.study = 'reduce' GROUP BY t.proc, t.variant, t.dtype, t.n, t.flush, t.mode;

DROP VIEW IF EXISTS pair_run_all;
CREATE VIEW pair_run_all AS
WITH t AS NOT MATERIALIZED (SELECT * FROM pair_trial_later),
cub AS NOT MATERIALIZED (SELECT * FROM pair_ref_rows),
-- the host loop's rows of a process at a size (host-clock timed: not in
-- pair_trial_rows), their mean
cpu AS MATERIALIZED (SELECT x.device_id || '|' || coalesce(u.session, '') || '|' || x.trial_index || '|' || u.binary
                              || '|' || u.build_id AS proc,
                            x.dtype, x.n, avg(x.median_ms) AS ms, avg(coalesce(x.ci_lo_ms, x.q1_ms)) AS lo_ms,
                            avg(coalesce(x.ci_hi_ms, x.q3_ms)) AS hi_ms
                     FROM trial x JOIN run u USING (run_id) JOIN reduce_role r ON r.variant = x.variant AND r.role = 'host'
                     WHERE x.study = 'reduce' AND x.timer = 'host-clock'
                     GROUP BY proc, x.dtype, x.n),
ladder AS (SELECT kind, device_id, config_key, partner_key FROM reduce_ladder_pair),
-- the best hand-written configuration of reduce_pick_t1 and the reference
-- picked beside it
hand AS (SELECT h.device_id, h.dtype, h.n, h.config_key, h.flush, h.mode, c.variant AS ref
         FROM reduce_pick_t1 h LEFT JOIN reduce_pick_t1 c ON c.device_id = h.device_id AND c.dtype = h.dtype
                                                         AND c.n = h.n AND c.is_cub
         WHERE NOT h.is_cub),
x AS (
  SELECT 'cub' AS kind, d.device_id, d.config_key || ' flush=' || d.flush || ' mode=' || d.mode AS pair_key,
         d.study, d.config_key, d.variant, d.dtype, d.n, d.block, d.params, d.flush, d.mode,
         d.run_id, d.trial_index, c.ms AS num_ms, d.ms AS den_ms, c.lo_ms AS num_lo_ms, c.hi_ms AS num_hi_ms, d.lo_ms AS den_lo_ms, d.hi_ms AS den_hi_ms
  FROM t d JOIN reduce_ref_pick r ON r.device_id = d.device_id AND r.dtype = d.dtype AND r.n = d.n
                                 AND r.flush = d.flush AND r.mode = d.mode
           JOIN cub c ON c.proc = d.proc AND c.variant = r.variant AND c.dtype = d.dtype AND c.n = d.n
                     AND c.flush = d.flush AND c.mode = d.mode
  WHERE d.study = 'reduce' AND d.variant NOT IN (SELECT variant FROM reduce_role WHERE role IN ('reference', 'host'))
    AND (r.refs = 1 OR d.trial_index > d.later)
  UNION ALL
  SELECT q.kind, d.device_id, d.config_key || ' over ' || q.partner_key, d.study, d.config_key, d.variant, d.dtype,
         d.n, d.block, d.params, d.flush, d.mode, d.run_id, d.trial_index, a.ms, d.ms, a.lo_ms, a.hi_ms, d.lo_ms, d.hi_ms
  FROM ladder q -- (CROSS JOIN: the pairs, then their rows, in this order whatever the tables' statistics say)
       CROSS JOIN t d ON d.device_id = q.device_id AND d.study = 'reduce' AND d.config_key = q.config_key
                AND d.config_key NOT LIKE '% flush=%' AND d.config_key NOT LIKE '% mode=%'
                AND d.trial_index > d.later
       CROSS JOIN t a ON a.proc = d.proc AND a.study = 'reduce' AND a.config_key = q.partner_key
                AND a.config_key NOT LIKE '% flush=%' AND a.config_key NOT LIKE '% mode=%'
  UNION ALL
  SELECT 'pick', d.device_id, d.config_key || ' flush=' || d.flush, d.study, d.config_key, d.variant, d.dtype, d.n,
         d.block, d.params, d.flush, d.mode, d.run_id, d.trial_index, c.ms, d.ms, c.lo_ms, c.hi_ms, d.lo_ms, d.hi_ms
  FROM (SELECT DISTINCT device_id, config_key, flush, mode, ref FROM hand) q
       JOIN t d ON d.device_id = q.device_id AND d.study = 'reduce' AND d.config_key = q.config_key
                AND d.flush = q.flush AND d.mode = q.mode
                AND d.trial_index > d.later
       JOIN cub c ON c.proc = d.proc AND c.variant = q.ref AND c.dtype = d.dtype AND c.n = d.n AND c.flush = d.flush
                 AND c.mode = d.mode
  UNION ALL
  SELECT 'cpu', d.device_id, d.config_key || ' flush=' || d.flush, d.study, d.config_key, d.variant, d.dtype, d.n,
         d.block, d.params, d.flush, d.mode, d.run_id, d.trial_index, c.ms, d.ms, c.lo_ms, c.hi_ms, d.lo_ms, d.hi_ms
  FROM (SELECT DISTINCT device_id, config_key, flush, mode FROM hand) q
       JOIN t d ON d.device_id = q.device_id AND d.study = 'reduce' AND d.config_key = q.config_key
                AND d.flush = q.flush AND d.mode = q.mode
                AND d.trial_index > d.later
       JOIN cpu c ON c.proc = d.proc AND c.dtype = d.dtype AND c.n = d.n
  UNION ALL
  SELECT 'flush', d.device_id, d.config_key || ' mode=' || d.mode, d.study, d.config_key, d.variant, d.dtype, d.n,
         d.block, d.params, d.flush, d.mode, d.run_id, d.trial_index, c.ms, d.ms, c.lo_ms, c.hi_ms, d.lo_ms, d.hi_ms
  FROM t d JOIN t c ON c.proc = d.proc AND c.study = d.study AND c.config_key = replace(d.config_key, ' flush=memset', '')
                   AND c.mode = d.mode AND c.flush = 'clean'
  WHERE d.flush = 'memset'
  UNION ALL
  SELECT 'bound', d.device_id, d.config_key || ' over ' || s.config_key || ' flush=' || d.flush || ' mode=' || d.mode,
         d.study, d.config_key, d.variant, d.dtype, d.n, d.block, d.params, d.flush, d.mode, d.run_id, d.trial_index,
         s.ms, d.ms, s.lo_ms, s.hi_ms, d.lo_ms, d.hi_ms
  FROM t d JOIN t s ON s.proc = d.proc AND s.study = 'reduce' AND s.variant = 'small-n' AND s.dtype = d.dtype
                   AND s.n = d.n AND s.block = d.block AND s.flush = d.flush AND s.mode = d.mode
                   AND coalesce(json_extract(s.params, '$.loads'), 8) = coalesce(json_extract(d.params, '$.loads'), 8)
                   AND coalesce(json_extract(s.params, '$.grid'), 1) = coalesce(json_extract(d.params, '$.grid'), 1)
  WHERE d.study = 'reduce' AND d.variant = 'no-combine'
  UNION ALL
  SELECT * FROM pair_run_claim)
SELECT x.*, median(x.num_ms) OVER (PARTITION BY x.kind, x.device_id, x.pair_key) AS num_center_ms,
       count(*) OVER (PARTITION BY x.kind, x.device_id, x.pair_key) AS k,
       dense_rank() OVER (ORDER BY x.kind IN (SELECT kind FROM pair_unpooled), x.kind, x.device_id, x.pair_key) % 2
         AS half
FROM x;

-- Every run of a pair of two or more against the median of the pair's other
-- runs (rest_ratio: median() over the frame without the run): its
-- deviation, and the other runs' range over it.
DROP VIEW IF EXISTS pair_trial_all;
CREATE VIEW pair_trial_all AS
SELECT r.*, abs(ratio / rest_ratio - 1) AS dev, (rest_max - rest_min) / rest_ratio AS rest_range
FROM (SELECT r.kind, r.device_id, r.pair_key, r.run_id, size_band(r.num_center_ms) AS band, r.half, r.k,
             r.num_ms / r.den_ms AS ratio,
             median(r.num_ms / r.den_ms) OVER o AS rest_ratio,
             min(r.num_ms / r.den_ms) OVER o AS rest_min, max(r.num_ms / r.den_ms) OVER o AS rest_max
      FROM pair_run_all r WHERE r.k > 1
      WINDOW o AS (PARTITION BY r.kind, r.device_id, r.pair_key
                   ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE CURRENT ROW)) r;

-- Per GPU, kind ('' for every kind pooled), band (0: every band) and part
-- (0 and 1: the halves of the pairs; 2: all): the split-conformal quantile
-- of the deviations and how many there are.
DROP VIEW IF EXISTS pair_halfwidth_all;
CREATE VIEW pair_halfwidth_all AS
WITH t AS MATERIALIZED (SELECT kind, device_id, band, half, dev FROM pair_trial_all),
p AS (SELECT * FROM t WHERE kind NOT IN (SELECT kind FROM pair_unpooled)),
d AS (SELECT kind, device_id, band, half AS part, dev FROM t UNION ALL SELECT kind, device_id, band, 2, dev FROM t
      UNION ALL SELECT '', device_id, band, half, dev FROM p UNION ALL SELECT '', device_id, band, 2, dev FROM p
      UNION ALL SELECT '', device_id, 0, half, dev FROM p UNION ALL SELECT '', device_id, 0, 2, dev FROM p)
SELECT kind, device_id, band, part, count(*) AS deviations, conformal(dev, stat_level('paired ratio')) AS h
FROM d GROUP BY kind, device_id, band, part;

-- The half-width a pair of a kind and band uses, from part p: its kind's in
-- its band where that holds min_deviations() or more, else every kind's in
-- the band, else the GPU's all-band one.
DROP VIEW IF EXISTS pair_h_all;
CREATE VIEW pair_h_all AS
WITH w AS MATERIALIZED (SELECT * FROM pair_halfwidth_all),
k AS (SELECT DISTINCT kind, device_id FROM w WHERE kind <> '')
SELECT k.kind, k.device_id, b.band, a.part,
       CASE WHEN g.deviations >= min_deviations() THEN g.h WHEN c.deviations >= min_deviations() THEN c.h
            ELSE a.h END AS h
FROM k JOIN (SELECT 1 AS band UNION ALL SELECT 2 UNION ALL SELECT 3) b
     JOIN w a ON a.kind = '' AND a.device_id = k.device_id AND a.band = 0
     LEFT JOIN w g ON g.kind = k.kind AND g.device_id = k.device_id AND g.band = b.band AND g.part = a.part
     LEFT JOIN w c ON c.kind = '' AND c.device_id = k.device_id AND c.band = b.band AND c.part = a.part;

-- The check, as trial_coverage: every held-out run's ratio against the
-- interval of the pair's other runs, its half-width sized on the other half
-- (a tie covered, within 1e-9).
DROP VIEW IF EXISTS pair_coverage_all;
CREATE VIEW pair_coverage_all AS
SELECT d.kind, d.device_id, d.band, size_band_label(d.band) AS band_label,
       count(*) AS held_out, sum(d.dev <= max(h.h, d.rest_range) * (1 + 1e-9)) AS covered,
       100.0 * sum(d.dev <= max(h.h, d.rest_range) * (1 + 1e-9)) / count(*) AS pct
FROM pair_trial_all d JOIN pair_h_all h ON h.kind = d.kind AND h.device_id = d.device_id AND h.band = d.band
                               AND h.part = 1 - d.half
GROUP BY d.kind, d.device_id, d.band;

-- Per pair: the median of its runs' ratios and the interval a further run's
-- ratio falls in at the paired ratio's level (basis 'runs'; its low end no
-- lower than 0, a ratio being positive); a pair timed in one process
-- only (one trial) falls back to its two intervals of the median combined from
-- the lowest to the highest ratio (basis 'one run': that run's sampling
-- noise only, as config_stats' one-run fallback). The denominator's
-- configuration is named by its columns.
DROP VIEW IF EXISTS pair_stats_all;
CREATE VIEW pair_stats_all AS
SELECT x.kind, x.device_id, x.pair_key, x.study, x.config_key, x.variant, x.dtype, x.n, x.block, x.params, x.flush,
       x.mode, x.band, x.k, x.ratio, x.range_rel,
       CASE WHEN x.k > 1 THEN max(0, x.ratio * (1 - max(h.h, x.range_rel))) ELSE x.one_lo END AS lo,
       CASE WHEN x.k > 1 THEN x.ratio * (1 + max(h.h, x.range_rel)) ELSE x.one_hi END AS hi,
       CASE WHEN x.k > 1 THEN 'runs' ELSE 'one run' END AS basis
FROM (SELECT kind, device_id, pair_key, max(study) AS study, max(config_key) AS config_key, max(variant) AS variant,
             max(dtype) AS dtype, max(n) AS n, max(block) AS block, max(params) AS params, max(flush) AS flush,
             max(mode) AS mode, size_band(max(num_center_ms)) AS band, count(*) AS k,
             median(num_ms / den_ms) AS ratio,
             (max(num_ms / den_ms) - min(num_ms / den_ms)) / median(num_ms / den_ms) AS range_rel,
             max(num_lo_ms / den_hi_ms) AS one_lo, max(num_hi_ms / den_lo_ms) AS one_hi
      FROM pair_run_all GROUP BY kind, device_id, pair_key) x
     LEFT JOIN pair_h_all h ON h.kind = x.kind AND h.device_id = x.device_id AND h.band = x.band AND h.part = 2
                       AND x.k > 1;

-- The views of the kinds pooled into every kind's quantile (all but
-- pair_unpooled's): what the oracle (tests/report/oracle.py) re-derives from
-- the raw rows; the *_all views above add the unpooled kinds (cpu, sofar),
-- whose own rows leave those of the pooled kinds as they are (their halves,
-- pools and half-widths), and are what reads kinds cpu and sofar.
DROP VIEW IF EXISTS pair_run;
CREATE VIEW pair_run AS SELECT * FROM pair_run_all WHERE kind NOT IN (SELECT kind FROM pair_unpooled);
DROP VIEW IF EXISTS pair_trial;
CREATE VIEW pair_trial AS SELECT * FROM pair_trial_all WHERE kind NOT IN (SELECT kind FROM pair_unpooled);
DROP VIEW IF EXISTS pair_halfwidth;
CREATE VIEW pair_halfwidth AS SELECT * FROM pair_halfwidth_all WHERE kind NOT IN (SELECT kind FROM pair_unpooled);
DROP VIEW IF EXISTS pair_h;
CREATE VIEW pair_h AS SELECT * FROM pair_h_all WHERE kind NOT IN (SELECT kind FROM pair_unpooled);
DROP VIEW IF EXISTS pair_coverage;
CREATE VIEW pair_coverage AS SELECT * FROM pair_coverage_all WHERE kind NOT IN (SELECT kind FROM pair_unpooled);
DROP VIEW IF EXISTS pair_stats;
CREATE VIEW pair_stats AS SELECT * FROM pair_stats_all WHERE kind NOT IN (SELECT kind FROM pair_unpooled);
