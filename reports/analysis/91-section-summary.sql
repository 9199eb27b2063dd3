-- reports/analysis/91-section-summary.sql: the summary's facts (section
-- reports/sections/05-summary.md words them, one line a query, with the
-- formatter). Applied to the report's snapshot in file-name order
-- (Makefile, ANALYSIS_SQL), before 90-cache.sql, which runs last.

-- Per GPU model, each step of the ladder at the seed's size (n = 2^24 int32,
-- each at its best block) over the step before it: the median over the
-- model's machines and the interval from the lowest to the highest end of
-- theirs (as Table "ladder"); gain: the whole interval above one. A step is
-- named by the registry (table variant, kernels/reduce.cu): words, its key;
-- removes, the bottleneck its registry line says it removes ('' for none),
-- so a new variant is named without a list to edit here.
CREATE VIEW summary_step AS
SELECT m.mord, m.model, l.ord, l.variant, '**' || l.variant || '**' AS words, coalesce(l.bottleneck, '') AS removes,
       median(l.step_x) AS x, min(l.step_x_lo) AS lo, max(l.step_x_hi) AS hi, min(l.step_x_lo) > 1 AS gain
FROM reduce_ladder l JOIN report_devices v USING (device_id) JOIN report_models m ON m.name = v.name
WHERE l.dtype = 'int32' AND l.n = (SELECT n_seed FROM size) AND l.step_x IS NOT NULL
  AND l.variant NOT IN ('cub', 'cpu-serial')
GROUP BY m.mord, l.variant;

-- Per GPU, the smallest k (distinct points per warp, distance field at
-- 2048 x 2048, 1024 points) at which constant memory is slower than global
-- by the 'faster' factor, with global time / constant time there.
CREATE VIEW summary_const_loses AS
WITH m AS (SELECT k.device_id, min(k.k) AS k FROM const_k k, setting s WHERE k.g / k.c <= 1 / s.faster GROUP BY k.device_id)
SELECT m.device_id, m.k, k.g / k.c AS x FROM m JOIN const_k k USING (device_id, k);

-- The summary's facts (05-summary.md words them; no view here writes a
-- word). Its scope: GPUs, models, the most machines of a model, and the
-- span in minutes from the first start to the last end of each GPU's
-- complete measurement runs (all its trials), lowest and highest over the
-- GPUs: the uncertainty the intervals state is that of one machine within
-- those minutes.
CREATE VIEW summary_scope AS
WITH s AS (SELECT device_id, (julianday(max(finished_utc)) - julianday(min(started_utc))) * 1440 AS minutes
           FROM run WHERE status = 'complete' AND kind = 'measure' GROUP BY device_id)
SELECT (SELECT count(*) FROM report_devices) AS gpus, (SELECT count(*) FROM report_models) AS models,
       (SELECT max(machines) FROM report_models) AS most,
       (SELECT min(minutes) FROM s WHERE device_id IN (SELECT device_id FROM report_devices)) AS span_lo,
       (SELECT max(minutes) FROM s WHERE device_id IN (SELECT device_id FROM report_devices)) AS span_hi;

-- A headline metric per GPU model: the median of its machines' values; lo,
-- hi: for a model of several machines the RANGE over their values (bracket
-- 'range'), for one machine its interval (bracket 'interval'); kind: the
-- formatter's kind. Metrics: summary_metric's, and 'ceiling' (the best
-- hand-written kernel at 2^28 as a share of each machine's read ceiling,
-- summary_top_gpu) and 'cub_ceiling' (CUB's the same way).
CREATE VIEW summary_top_gpu AS
SELECT t.device_id, t.variant, t.block, json_extract(t.params, '$.loads') AS loads,
       100.0 * t.value / r.pct_peak AS x, 100.0 * t.lo / r.pct_peak AS lo, 100.0 * t.hi / r.pct_peak AS hi,
       100.0 * c.value / r.pct_peak AS cub, 100.0 * c.lo / r.pct_peak AS cub_lo, 100.0 * c.hi / r.pct_peak AS cub_hi
FROM reduce_top_target t LEFT JOIN read_ceiling r USING (device_id)
  LEFT JOIN summary_metric c ON c.device_id = t.device_id AND c.metric = 'cub'
WHERE t.key = 'top_peak_large' AND t.dtype = 'int32';

CREATE VIEW summary_fact AS
WITH g AS (SELECT device_id, metric, value, lo, hi FROM summary_metric
           UNION ALL SELECT device_id, 'ceiling', x, lo, hi FROM summary_top_gpu
           UNION ALL SELECT device_id, 'cub_ceiling', cub, cub_lo, cub_hi FROM summary_top_gpu WHERE cub IS NOT NULL)
SELECT m.mord, m.model, m.machines, g.metric,
       CASE WHEN g.metric IN ('best', 'cub', 'ceiling', 'cub_ceiling') THEN 'pct' ELSE 'x' END AS kind,
       median(g.value) AS value, CASE WHEN m.machines > 1 THEN min(g.value) ELSE min(g.lo) END AS lo,
       CASE WHEN m.machines > 1 THEN max(g.value) ELSE max(g.hi) END AS hi,
       CASE WHEN m.machines > 1 THEN 'range' ELSE 'interval' END AS bracket
FROM g JOIN report_devices v USING (device_id) JOIN report_models m ON m.name = v.name
GROUP BY m.mord, g.metric;

-- The shortest kernels, per GPU (machine): the fastest of small-n and CUB
-- at the smallest size of the floor model (n = 2^16, 256-thread blocks;
-- reduce_floor_gpu), its time and interval, and the launch floor of the
-- host it ran on (machine_floor) and the time over the floor model.
CREATE VIEW summary_short AS
SELECT * FROM (SELECT f.*, v.ord, m.mord AS model_ord, m.model AS model_name, m.machines,
                      row_number() OVER (PARTITION BY f.device_id ORDER BY f.us) AS rk
               FROM reduce_floor_gpu f JOIN report_devices v USING (device_id) JOIN report_models m ON m.name = v.name
               WHERE f.n = (SELECT n_smallest FROM size)) WHERE rk = 1;

-- Per GPU model of several machines: how far its machines' launch floors
-- (their hosts') and their shortest kernels' times (summary_short) differ,
-- the largest over the smallest, with the floors' lowest and highest.
CREATE VIEW summary_host_floor AS
SELECT model_ord AS mord, model_name AS model, machines, max(floor_us) / min(floor_us) AS floor_x, min(floor_us) AS floor_lo,
       max(floor_us) AS floor_hi, max(us) / min(us) AS short_x
FROM summary_short WHERE machines > 1 GROUP BY model_ord;

-- The ladder's steps above the seed's (after unroll8; never a reference
-- or a bound: origin 'reference' or 'bound' in the registry), per step: gain (whole interval above one on every
-- model), loss (whole interval below one on some model) or none; the
-- lowest and highest of the models' values; big: the step of the largest
-- gain; i, k: its place in its category's list and the list's length.
CREATE VIEW summary_ladder_fact AS
WITH st AS (SELECT variant, min(ord) AS ord, max(removes) AS removes, min(gain) AS all_gain, max(hi < 1) AS any_loss,
                   min(x) AS xmin, max(x) AS xmax
            FROM summary_step GROUP BY variant),
a AS (SELECT st.*, CASE WHEN all_gain THEN 'gain' WHEN any_loss THEN 'loss' ELSE 'none' END AS cat FROM st
      WHERE ord > (SELECT ord FROM reduce_order WHERE variant = 'unroll8')
        AND variant NOT IN (SELECT variant FROM variant WHERE study = 'reduce' AND origin IN ('reference', 'bound'))),
b AS (SELECT a.*, a.cat = 'gain' AND a.xmax = (SELECT max(xmax) FROM a WHERE cat = 'gain') AS big FROM a)
SELECT b.*, row_number() OVER (PARTITION BY cat, big ORDER BY ord) AS i, count(*) OVER (PARTITION BY cat, big) AS k FROM b;

-- Constant memory: per GPU, the fewest distinct points per warp at which
-- constant is slower than global (summary_const_loses) and constant's time
-- over global's there.
CREATE VIEW summary_const_fact AS
SELECT device_id, min(k) AS k, 1 / min(x) AS slower FROM summary_const_loses GROUP BY device_id;

-- The claims: how many, how many hold on every GPU, how many do not hold on
-- some GPU; held-out trials and the share inside the interval of the others.
CREATE VIEW summary_claim_fact AS
WITH cv AS (SELECT claim_id, min(verdict = 'holds') AS all_hold, max(verdict = 'does not hold') AS any_fail FROM claim_verdict GROUP BY claim_id)
SELECT (SELECT count(*) FROM cv) AS claims, (SELECT count(*) FROM cv WHERE all_hold) AS all_hold,
       (SELECT count(*) FROM cv WHERE any_fail) AS any_fail,
       (SELECT sum(held_out) FROM trial_coverage) AS held_out,
       (SELECT 1.0 * sum(covered) / sum(held_out) FROM trial_coverage) AS covered;

-- The summary's table: the headline numbers per GPU model (summary_model),
-- its columns as the report prints them; differs: a machine whose own
-- interval leaves out its model's value, and where.
CREATE VIEW summary_table AS
WITH v AS (SELECT mord, metric, printf(CASE WHEN metric IN ('best', 'cub') THEN '%.1f%%' ELSE '%.2fx' END, value) AS cell FROM summary_model)
SELECT m.mord, m.panel AS "GPU model",
  coalesce((SELECT cell FROM v WHERE v.mord = m.mord AND metric = 'ladder'), 'not measured') AS "ladder speedup",
  coalesce((SELECT cell FROM v WHERE v.mord = m.mord AND metric = 'best'), 'not measured') AS "best % peak",
  coalesce((SELECT cell FROM v WHERE v.mord = m.mord AND metric = 'cub'), 'not measured') AS "CUB % peak",
  coalesce((SELECT cell FROM v WHERE v.mord = m.mord AND metric = 'k1'), 'not measured') AS "k=1 speedup",
  coalesce((SELECT cell FROM v WHERE v.mord = m.mord AND metric = 'k32'), 'not measured') AS "k=32 slowdown",
  coalesce((SELECT cell FROM v WHERE v.mord = m.mord AND metric = 'off1'), 'not measured') AS "offset-1 loss",
  coalesce((SELECT cell FROM v WHERE v.mord = m.mord AND metric = 'str32'), 'not measured') AS "stride-32 loss",
  coalesce((SELECT group_concat(o.odd || ' (' || o.metric || ')', ', ') FROM summary_model o WHERE o.mord = m.mord AND o.odd IS NOT NULL), '-') AS "differs"
FROM report_models m;

-- The summary's numbers on every GPU with their intervals (the appendix's
-- table: a row per metric, a column per GPU): value, lo, hi (NULL with one
-- trial), kind.
CREATE VIEW summary_gpu_fact AS
WITH f(metric, ord, kind) AS (VALUES ('ladder', 1, 'x'), ('best', 2, 'pct'), ('cub', 3, 'pct'), ('k1', 4, 'x'), ('k32', 5, 'x'),
  ('off1', 6, 'x'), ('str32', 7, 'x'))
SELECT f.ord, f.metric, f.kind, v.ord AS gord, v.label AS gpu, m.value, m.lo, m.hi
FROM f CROSS JOIN report_devices v LEFT JOIN summary_metric m ON m.device_id = v.device_id AND m.metric = f.metric;
