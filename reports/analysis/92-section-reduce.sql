-- reports/analysis/92-section-reduce.sql: the facts the reduction section
-- (reports/sections/20-reduce.md) words: typed numbers, keys and verdicts
-- only, no sentence (issue 46 item 1); the section formats every number
-- with reports/format.c (fmt, fmt_ci, fmt_range) and writes the words.
-- Applied in file-name order before 90-cache.sql.

-- Per GPU, the study's configurations: every one measured (any flush, one
-- launch a sample or many: config_stats) and those at the default flush and
-- mode (stats_default, what the ladder, the figures and the tables read).
CREATE VIEW reduce_count AS
SELECT v.device_id, v.ord, v.label,
       (SELECT count(*) FROM config_stats c WHERE c.device_id = v.device_id AND c.study = 'reduce') AS configs,
       (SELECT count(*) FROM stats_default c WHERE c.device_id = v.device_id AND c.study = 'reduce') AS default_configs
FROM report_devices v;

-- The reduction per GPU at n = 2^28 int32 (Table reduce_findings): the best
-- hand-written configuration (chosen on trial 1, valued on the others:
-- reduce_pick, the one reduce_top_target judges), its GB/s; x_cub: CUB at
-- its best over it (cub_ref: cub or cub32), value and interval as
-- reduce_top_target's top_cub_large (one fact: pair_stats' kind pick); the
-- GPU's read reference stream (read_ceiling: the fastest read-only stream
-- measured at the start of every run, the median over its runs) in GB/s and
-- as % of the theoretical DRAM bandwidth; the best as % of that stream, its
-- interval from the time's, and where the whole interval lies: 'above' the
-- stream, 'below' it, or 'at' it (holding 100); the host loop (cpu-serial,
-- host-clock timed: its centre, config_stats) at the seed's n, and the GPU's
-- speed over it: the loop's time over the best hand-written configuration's
-- at that n, paired within each held-out run (pair_stats' kind cpu), with
-- the variant it divides by (never a bound or a reference: reduce_pick).
CREATE VIEW reduce_finding AS
WITH big AS (SELECT * FROM reduce_pick WHERE NOT is_cub AND dtype = 'int32' AND n = (SELECT n_large FROM size)),
x AS (SELECT * FROM reduce_top_target WHERE key = 'top_cub_large' AND dtype = 'int32'),
seed AS (SELECT * FROM reduce_pick WHERE NOT is_cub AND dtype = 'int32' AND n = (SELECT n_seed FROM size)),
cpu AS (SELECT c.device_id, c.median_ms FROM stats_default c JOIN reduce_role r USING (variant)
        WHERE c.study = 'reduce' AND r.role = 'host' AND c.dtype = 'int32' AND c.n = (SELECT n_seed FROM size))
SELECT v.device_id, v.ord, v.label, b.variant, b.block, json_extract(b.params, '$.loads') AS loads, b.held_trials,
       b.bytes / (coalesce(b.held_ms, b.t1_ms) * 1e6) AS gbps,
       x.value AS x_cub, x.lo AS x_cub_lo, x.hi AS x_cub_hi, x.ref AS cub_ref,
       r.read_gbps AS stream_gbps, r.pct_peak AS stream_pct,
       100.0 * b.bytes / (coalesce(b.held_ms, b.t1_ms) * 1e6) / r.read_gbps AS pct_stream,
       100.0 * b.bytes / (b.held_hi_ms * 1e6) / r.read_gbps AS pct_stream_lo,
       100.0 * b.bytes / (b.held_lo_ms * 1e6) / r.read_gbps AS pct_stream_hi,
       CASE WHEN b.held_lo_ms IS NULL THEN NULL
            WHEN 100.0 * b.bytes / (b.held_hi_ms * 1e6) / r.read_gbps > 100 THEN 'above'
            WHEN 100.0 * b.bytes / (b.held_lo_ms * 1e6) / r.read_gbps < 100 THEN 'below' ELSE 'at' END AS stream_verdict,
       c.median_ms AS cpu_ms, s.variant AS cpu_over, s.block AS cpu_over_block,
       p.ratio AS cpu_x, CASE WHEN s.held_trials > 0 THEN p.lo END AS cpu_lo,
       CASE WHEN s.held_trials > 0 THEN p.hi END AS cpu_hi
FROM report_devices v LEFT JOIN big b ON b.device_id = v.device_id LEFT JOIN x ON x.device_id = v.device_id
     LEFT JOIN read_ceiling r ON r.device_id = v.device_id LEFT JOIN cpu c ON c.device_id = v.device_id
     LEFT JOIN seed s ON s.device_id = v.device_id
     LEFT JOIN pair_stats_all p ON p.kind = 'cpu' AND p.device_id = s.device_id AND p.config_key = s.config_key;

-- The seed's own configuration (float32, n = 2^24, 1024-thread blocks):
-- interleaved over neighbored pairs per GPU, paired within each run
-- (reduce_seedcfg: the ratio claim 003-interleaved is judged on, in the
-- claims section), and the seed's own number.
CREATE VIEW reduce_interleaved AS
SELECT v.device_id, v.ord, v.label, s.nb_il AS value, s.nb_il_lo AS lo, s.nb_il_hi AS hi,
       (SELECT value FROM seed_claim WHERE claim_id = '003-interleaved') AS seed_value
FROM reduce_seedcfg s JOIN report_devices v USING (device_id) WHERE s.nb_il IS NOT NULL;

-- The ladder per GPU model at each type and size (Table ladder at the
-- seed's int32 2^24): per step, the gain over the best step so far
-- (reduce_ladder_step) as a model's value: the median over its machines of
-- each machine's own ratio, its bracket that machine's interval where one
-- machine measured it ('interval'), else the range of the machines' ratios
-- ('range', never an interval); the verdict all its machines share, else
-- 'mixed' (gains, sames, losses: how many machines gave each); sofar, prev:
-- the step compared with where every machine chose the same (else NULL);
-- prev_x: the median over the machines of the gain over the step before,
-- prev_lo .. prev_hi: the lowest and highest end of the machines' intervals
-- of it (prev_lo > 1: every machine's lies above one);
-- changes, what: the registry's (reduce_role).
CREATE VIEW reduce_step_model AS
WITH l AS (SELECT l.*, m.mord, m.model, m.machines FROM reduce_ladder_step l JOIN report_devices v USING (device_id)
             JOIN report_models m ON m.name = v.name)
SELECT dtype, n, step_no, ord, variant, mord, model, count(*) AS gpus,
       CASE WHEN count(*) = 1 THEN 'interval' ELSE 'range' END AS bracket,
       median(x) AS x, CASE WHEN count(*) = 1 THEN min(lo) ELSE min(x) END AS lo,
       CASE WHEN count(*) = 1 THEN max(hi) ELSE max(x) END AS hi,
       CASE WHEN count(DISTINCT verdict) = 1 THEN max(verdict) ELSE 'mixed' END AS verdict,
       sum(verdict = 'gain') AS gains, sum(verdict = 'same') AS sames, sum(verdict = 'loss') AS losses,
       CASE WHEN count(DISTINCT sofar) = 1 THEN max(sofar) END AS sofar,
       CASE WHEN count(DISTINCT prev) = 1 THEN max(prev) END AS prev, median(step_x) AS prev_x,
       min(step_lo) AS prev_lo, max(step_hi) AS prev_hi,
       max(changes) AS changes, max(what) AS what
FROM l GROUP BY dtype, n, variant, mord;

-- The ladder on each GPU at each type and size (the HTML's tables): every
-- hand-written step, reference and host loop at its best block
-- (reduce_ladder: time, interval, throughput, % of theoretical, the
-- cumulative speedup over neighbored), with the step's gains and verdict
-- (reduce_ladder_step) and its role (reduce_role).
CREATE VIEW reduce_ladder_gpu AS
SELECT l.device_id, l.dtype, l.n, l.ord, l.variant, r.role, l.block, l.median_ms, l.lo_ms, l.hi_ms, l.gbps,
       l.pct_peak, l.total_x, s.prev, s.step_x, s.step_lo, s.step_hi, s.sofar, s.x, s.lo, s.hi, s.verdict, s.what
FROM reduce_ladder l JOIN reduce_role r USING (variant)
     LEFT JOIN reduce_ladder_step s ON s.device_id = l.device_id AND s.dtype = l.dtype AND s.n = l.n
                                   AND s.variant = l.variant;

-- The fastest float32 configuration per size and GPU, with its error and
-- the verification's bound (HTML): of the hand-written steps and the
-- references at the seed's, the small and the large n.
CREATE VIEW reduce_float32 AS
SELECT l.n, v.ord, v.label, l.variant, l.block, l.median_ms, l.gbps, l.max_err, l.tolerance
FROM latest_default l JOIN report_devices v USING (device_id) JOIN reduce_role r USING (variant), size z
WHERE l.study = 'reduce' AND l.dtype = 'float32' AND l.timer = 'cuda-event' AND l.n IN (z.n_small, z.n_seed, z.n_large)
  AND r.role IN ('step', 'reference')
  AND l.median_ms = (SELECT min(m.median_ms) FROM latest_default m JOIN reduce_role q USING (variant)
                     WHERE m.study = 'reduce' AND m.dtype = 'float32' AND m.n = l.n AND m.device_id = l.device_id
                       AND m.timer = 'cuda-event' AND q.role IN ('step', 'reference'));

-- The targets of the top of the ladder per GPU model (reduce_top_target):
-- the verdict all its machines share, else 'mixed' (met, missed,
-- inconclusive, not_judged: how many machines gave each), the model's value
-- (the median over its machines of each one's), its bracket (one machine:
-- its interval, 'interval'; several: the range of their values, 'range').
CREATE VIEW top_target_fact AS
WITH x AS (SELECT t.*, m.mord, m.model, m.machines
           FROM reduce_top_target t JOIN report_devices v USING (device_id) JOIN report_models m ON m.name = v.name)
SELECT key, what, dtype, n, mord, model, max(threshold) AS threshold, count(*) AS gpus,
       CASE WHEN count(*) = 1 THEN 'interval' ELSE 'range' END AS bracket,
       CASE WHEN count(DISTINCT verdict) = 1 THEN max(verdict) ELSE 'mixed' END AS verdict,
       sum(verdict = 'met') AS met, sum(verdict = 'missed') AS missed, sum(verdict = 'inconclusive') AS inconclusive,
       sum(verdict = 'not judged') AS not_judged,
       median(value) AS value, CASE WHEN count(*) = 1 THEN min(lo) ELSE min(value) END AS lo,
       CASE WHEN count(*) = 1 THEN max(hi) ELSE max(value) END AS hi
FROM x GROUP BY key, dtype, n, mord;

-- GPUs whose read reference stream lies below the top_peak_large target and
-- where no reduction met it (the target asks for more than any read-only
-- stream measured gave there).
CREATE VIEW reduce_stream_below AS
SELECT v.device_id, v.ord, v.label, r.pct_peak, s.value AS threshold
FROM read_ceiling r JOIN report_devices v USING (device_id) JOIN report_setting s ON s.key = 'top_peak_large'
WHERE r.pct_peak < s.value
  AND NOT EXISTS (SELECT 1 FROM reduce_top_target t WHERE t.device_id = r.device_id AND t.key = s.key AND t.verdict = 'met');

-- The steps figures reduce_gbps_n and reduce_block draw (a subset of the
-- ladder, at most 8 series a panel with CUB and the peak: the first step,
-- the seed's interleaved and unroll8, its last, two top steps; every step is
-- in the HTML's tables and `make export`), and those of them the block
-- figure leaves out: timed at one block size only at the seed's n (int32,
-- the default loads and grid), which would be a lone marker, not a line.
CREATE VIEW reduce_figure_step AS
SELECT o.variant, o.ord FROM reduce_order o
WHERE o.variant IN ('neighbored', 'interleaved', 'unroll8', 'complete-unroll-warps8', 'inflight', 'one-launch');
CREATE VIEW reduce_block_single AS
SELECT f.variant, f.ord FROM reduce_figure_step f
WHERE (SELECT count(DISTINCT c.block) FROM stats_default c
       WHERE c.study = 'reduce' AND c.variant = f.variant AND c.dtype = 'int32' AND c.n = (SELECT n_seed FROM size)
         AND coalesce(json_extract(c.params, '$.loads'), 8) = 8 AND coalesce(json_extract(c.params, '$.grid'), 1) = 1) = 1;

-- CUB at its best per GPU model and power-of-two n (int32, block 256, the
-- default flush and mode: reduce_floor_gpu's line cub): throughput, the
-- median over the model's machines of each one's, and its bracket (one
-- machine: its interval; several: the range of theirs), as model_gbps
-- gives every configuration's.
CREATE VIEW reduce_cub_model AS
SELECT m.mord, m.panel, f.n, count(*) AS gpus, median(f.bytes / (f.us * 1e3)) AS gbps,
       CASE WHEN count(*) = 1 THEN min(f.bytes / (f.hi * 1e3)) ELSE min(f.bytes / (f.us * 1e3)) END AS lo,
       CASE WHEN count(*) = 1 THEN max(f.bytes / (f.lo * 1e3)) ELSE max(f.bytes / (f.us * 1e3)) END AS hi
FROM reduce_floor_gpu f JOIN report_devices v USING (device_id) JOIN report_models m ON m.name = v.name
WHERE f.line = 'cub' GROUP BY m.mord, f.n;
