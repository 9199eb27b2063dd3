-- reports/analysis/91-section-summary.sql: the summary's sentences (section
-- reports/sections/05-summary.md reads them, one line a query). Applied to
-- the report's snapshot in file-name order (Makefile, ANALYSIS_SQL), before
-- 90-cache.sql, which runs last; the views here write the report's markup
-- (literals) around measured values and database text, so they are never
-- cached in 90-cache.sql (mdquery marks the database's text first).

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

-- Per GPU model, the best hand-written kernel at n = 2^28 int32 (chosen on
-- trial 1, valued on the others: reduce_top_target) as a share of the read
-- ceiling of each machine (read_ceiling: the fastest read-only stream
-- measured on it), CUB's the same way (summary_metric), and the variant,
-- block and loads per thread where the machines agree.
CREATE VIEW summary_top AS
WITH t AS (SELECT t.device_id, t.variant, t.block, json_extract(t.params, '$.loads') AS loads,
                  100.0 * t.value / r.pct_peak AS x, 100.0 * t.lo / r.pct_peak AS lo, 100.0 * t.hi / r.pct_peak AS hi,
                  100.0 * c.value / r.pct_peak AS cub
           FROM reduce_top_target t LEFT JOIN read_ceiling r USING (device_id)
             LEFT JOIN summary_metric c ON c.device_id = t.device_id AND c.metric = 'cub'
           WHERE t.key = 'top_peak_large' AND t.dtype = 'int32')
SELECT m.mord, m.model, m.machines, median(t.x) AS x, min(t.lo) AS lo, max(t.hi) AS hi, median(t.cub) AS cub,
       CASE WHEN count(DISTINCT t.variant) = 1 THEN max(t.variant) ELSE group_concat(DISTINCT t.variant) END AS variant,
       CASE WHEN count(DISTINCT t.block) = 1 THEN max(t.block) END AS block,
       CASE WHEN count(DISTINCT t.loads) = 1 THEN max(t.loads) END AS loads
FROM t JOIN report_devices v USING (device_id) JOIN report_models m ON m.name = v.name
GROUP BY m.mord;

-- Per GPU model, the fastest of the one-launch steps and CUB at the smallest
-- size of the floor model (reduce_floor: n = 2^16, block 256), its time and
-- interval, the model's launch floor and the time over the floor model.
CREATE VIEW summary_small AS
SELECT * FROM (SELECT f.*, row_number() OVER (PARTITION BY f.mord ORDER BY f.us) AS rk
               FROM reduce_floor f WHERE f.n = (SELECT n_smallest FROM size)) WHERE rk = 1;

-- Per GPU, the smallest k (distinct points per warp, distance field at
-- 2048 x 2048, 1024 points) at which constant memory is slower than global
-- by the 'faster' factor, with global time / constant time there.
CREATE VIEW summary_const_loses AS
WITH m AS (SELECT k.device_id, min(k.k) AS k FROM const_k k, setting s WHERE k.g / k.c <= 1 / s.faster GROUP BY k.device_id)
SELECT m.device_id, m.k, k.g / k.c AS x FROM m JOIN const_k k USING (device_id, k);

-- A summary metric (summary_model) per GPU model as 'V [LO, HI] on the
-- MODEL', with the number format of its kind; the summary joins them.
CREATE VIEW summary_phrase AS
SELECT metric, mord, model, val, val || ' on the ' || model AS phrase
FROM (SELECT metric, mord, model,
             printf(CASE WHEN metric IN ('best', 'cub') THEN '%.1f%% [%.1f, %.1f]' WHEN metric IN ('k32', 'str32') THEN '%.1fx [%.1f, %.1f]'
                         ELSE '%.2fx [%.2f, %.2f]' END, value, lo, hi) AS val
      FROM summary_model);

-- The summary, one row per paragraph (ord), each a text: the report's
-- scope, the three questions answered in at most three sentences each, the
-- claims and reproducibility in one sentence with pointers to their
-- tables. A paragraph whose study is absent says so.
CREATE VIEW summary_text AS
WITH gl AS (SELECT (SELECT count(*) FROM report_devices) AS gpus, count(*) AS models, max(machines) AS most,
                   group_concat(printf('the %s (%d machine%s)', model, machines, CASE WHEN machines > 1 THEN 's' ELSE '' END), ', ') AS list
            FROM (SELECT * FROM report_models ORDER BY mord)),
-- a metric's phrases joined; one value with its interval on every model
-- where they print alike (not the same sentence once per GPU)
ph AS (SELECT metric, CASE WHEN count(*) > 1 AND count(DISTINCT val) = 1 THEN max(val) || ' on every GPU' ELSE group_concat(phrase, ' and ') END AS t
       FROM (SELECT * FROM summary_phrase ORDER BY mord) GROUP BY metric),
top AS (SELECT group_concat(CASE WHEN x IS NULL THEN 'not measured on the ' || model ELSE printf('%.1f%% [%.1f, %.1f] on the %s', x, lo, hi, model) END, ' and ') AS t,
               group_concat(coalesce(printf('%.1f%%', cub), '-'), ' and ') AS cub,
               CASE WHEN count(DISTINCT variant) = 1 THEN max(variant) END AS variant,
               CASE WHEN count(DISTINCT coalesce(loads, -1)) = 1 THEN max(loads) END AS loads,
               CASE WHEN count(DISTINCT coalesce(block, -1)) = 1 THEN max(block) END AS block
        FROM (SELECT * FROM summary_top ORDER BY mord)),
sm AS (SELECT group_concat(printf('%.2f us [%.2f, %.2f] on the %s', us, lo, hi, model), ' and ') AS t,
              group_concat(printf('%.2fx', x_model), ' and ') AS x, group_concat(printf('%.2f us', floor_us), ' and ') AS fl,
              CASE WHEN count(DISTINCT variant) = 1 THEN max(variant) END AS variant
       FROM (SELECT * FROM summary_small ORDER BY mord)),
st AS (SELECT variant, min(ord) AS ord, max(words) AS words, max(removes) AS removes, min(gain) AS all_gain, max(gain) AS any_gain, min(x) AS xmin, max(x) AS xmax,
              group_concat(printf('%.2fx [%.2f, %.2f] on the %s', x, lo, hi, model), ' and ') AS t
       FROM (SELECT * FROM summary_step ORDER BY mord) GROUP BY variant),
above AS (SELECT * FROM st WHERE ord > (SELECT ord FROM reduce_order WHERE variant = 'unroll8') AND all_gain
            AND variant <> coalesce((SELECT variant FROM sm), '')),
big AS (SELECT * FROM above ORDER BY xmax DESC LIMIT 1),
rest AS (SELECT group_concat(words, ' and ') AS w, min(xmin) AS lo, max(xmax) AS hi
         FROM (SELECT * FROM above WHERE variant <> (SELECT variant FROM big) ORDER BY ord)),
-- the steps that gain nothing, as a list 'a, b and c'
none AS (SELECT group_concat(CASE WHEN i = 1 THEN '' WHEN i = k THEN ' and ' ELSE ', ' END || words, '') AS w, count(*) AS n,
                min(xmin) AS lo, max(xmax) AS hi
         FROM (SELECT *, row_number() OVER (ORDER BY ord) AS i, count(*) OVER () AS k
               FROM (SELECT words, min(ord) AS ord, min(xmin) AS xmin, max(xmax) AS xmax FROM st WHERE NOT any_gain GROUP BY words)
               ORDER BY i)),
cl AS (SELECT device_id, min(k) AS k, min(x) AS x FROM summary_const_loses GROUP BY device_id),
cv AS (SELECT claim_id, min(verdict = 'holds') AS all_hold, max(verdict = 'does not hold') AS any_fail FROM claim_verdict GROUP BY claim_id),
cov AS (SELECT 100.0 * sum(covered) / sum(held_out) AS pct, sum(held_out) AS n FROM trial_coverage)
SELECT 1 AS ord, printf('This report covers %d GPU%s of %d model%s: %s. A bracket holds a 95%% interval, the range in which a re-run on that GPU lands 95%% of the time (Method section)%s.',
         gl.gpus, CASE WHEN gl.gpus > 1 THEN 's' ELSE '' END, gl.models, CASE WHEN gl.models > 1 THEN 's' ELSE '' END, gl.list,
         CASE WHEN gl.most > 1 THEN '; a model''s value is the median over its machines, its interval runs from the lowest to the highest end of theirs' ELSE '' END) AS text FROM gl
UNION ALL
SELECT 2, CASE WHEN (SELECT count(*) FROM summary_top) = 0 THEN '**How fast can a reduction get?** The reduction study has no results at n = 2^28^ in this database.'
  ELSE '**How fast can a reduction get?** '
  || printf('At n = 2^28^ the fastest hand-written kernel on every GPU is %s%s; it reads at this share of the read ceiling (how fast a plain read-only stream runs on that GPU: the median over its runs): %s (CUB: %s).',
       coalesce('**' || top.variant || '**', 'another kernel per GPU'),
       CASE WHEN top.loads IS NOT NULL OR top.block IS NOT NULL THEN ' (' || trim(coalesce(top.loads || ' loads per thread', '') || CASE WHEN top.loads IS NOT NULL AND top.block IS NOT NULL THEN ', ' ELSE '' END || coalesce(top.block || '-thread blocks', '')) || ')' ELSE '' END,
       top.t, top.cub)
  || CASE WHEN sm.t IS NULL THEN '' ELSE printf(' At n = 2^16^ the fastest is %s, %s: %s the floor model, the launch floor (the time an empty kernel takes, %s) plus the bytes read at the read ceiling.',
       coalesce('**' || sm.variant || '**', 'another kernel per GPU model'), sm.t, sm.x, sm.fl) END
  || CASE WHEN (SELECT count(*) FROM big) = 0 THEN '' ELSE printf(' Above the seed''s steps the largest gain comes from %s (%s)%s; %s give%s nothing on %s (%.2fx to %.2fx, @tbl:ladder).',
       (SELECT words || CASE WHEN removes <> '' THEN ', which removes ' || removes ELSE '' END FROM big), (SELECT t FROM big),
       CASE WHEN (SELECT w FROM rest) IS NULL THEN '' ELSE printf(', and %s add %.2fx to %.2fx', (SELECT w FROM rest), (SELECT lo FROM rest), (SELECT hi FROM rest)) END,
       coalesce((SELECT w FROM none), 'no step'), CASE WHEN (SELECT n FROM none) > 1 THEN '' ELSE 's' END,
       CASE WHEN gl.gpus = 1 THEN 'this GPU' WHEN gl.models = 1 THEN 'any of its machines' WHEN gl.most > 1 THEN 'any model' ELSE 'any GPU' END, (SELECT lo FROM none), (SELECT hi FROM none)) END END
FROM gl, top, sm
UNION ALL
SELECT 3, CASE WHEN (SELECT t FROM ph WHERE metric = 'k1') IS NULL THEN '**When does `__constant__` help?** The distance-field study has no results in this database.'
  ELSE '**When does `__constant__` help?** '
  || printf('Only when every lane of a warp reads the same address: the distance field (2048 x 2048, 1024 points) then runs faster than from global memory by %s.', (SELECT t FROM ph WHERE metric = 'k1'))
  || CASE WHEN (SELECT count(*) FROM cl) = 0 THEN '' ELSE printf(' Each further distinct address a warp reads costs another pass: constant memory is already slower than global memory from %s distinct points per warp (%s), and with 32 distinct points it is slower by %s.',
       (SELECT CASE WHEN count(DISTINCT k) = 1 THEN max(k) ELSE min(k) || ' to ' || max(k) END FROM cl),
       (SELECT CASE WHEN count(DISTINCT printf('%.2f', x)) = 1 THEN printf('%.2fx the time on every GPU', 1 / max(x)) ELSE printf('%.2fx to %.2fx the time', 1 / max(x), 1 / min(x)) END FROM cl),
       (SELECT t FROM ph WHERE metric = 'k32')) END END
UNION ALL
SELECT 4, CASE WHEN (SELECT t FROM ph WHERE metric = 'off1') IS NULL THEN '**What do access patterns cost?** The access study has no results in this database.'
  ELSE '**What do access patterns cost?** '
  || printf('A misaligned read costs little: at offset 1 (4 bytes off) a warp''s useful throughput drops by %s (2^26^ floats, loads cached in L1), because the extra 32-byte sector it touches is the next warp''s and the caches serve it.', (SELECT t FROM ph WHERE metric = 'off1'))
  || printf(' A stride costs the bytes it wastes: at a stride of 32 elements, which uses 4 bytes of every 32-byte sector fetched, it drops by %s.', (SELECT t FROM ph WHERE metric = 'str32')) END
UNION ALL
SELECT 5, printf('**The seeds'' claims and how well the numbers reproduce.** Of the seeds'' %d claims, %d hold on every GPU and %d fail on some GPU; @tbl:claims gives every verdict, after the studies, with the rules and thresholds that judge them.%s',
  (SELECT count(*) FROM cv), (SELECT count(*) FROM cv WHERE all_hold), (SELECT count(*) FROM cv WHERE any_fail),
  CASE WHEN (SELECT n FROM cov) > 0 THEN printf(' A held-out trial''s median fell inside the interval built from the other trials in %.1f%% of %d cases (@tbl:coverage).', (SELECT pct FROM cov), (SELECT n FROM cov))
       ELSE ' No configuration has the three trials a check of the intervals needs.' END);

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
-- table: a row per metric, a column per GPU).
CREATE VIEW summary_gpu_cell AS
WITH f(metric, ord, name, fmt) AS (VALUES ('ladder', 1, 'ladder speedup', '%.2fx [%.2f, %.2f]'), ('best', 2, 'best % peak', '%.1f%% [%.1f, %.1f]'),
  ('cub', 3, 'CUB % peak', '%.1f%% [%.1f, %.1f]'), ('k1', 4, 'k=1 speedup', '%.2fx [%.2f, %.2f]'), ('k32', 5, 'k=32 slowdown', '%.2fx [%.2f, %.2f]'),
  ('off1', 6, 'offset-1 loss', '%.2fx [%.2f, %.2f]'), ('str32', 7, 'stride-32 loss', '%.2fx [%.2f, %.2f]'))
SELECT f.ord, f.name AS metric, v.ord AS gord, v.label AS gpu,
  coalesce((SELECT CASE WHEN m.lo IS NULL THEN printf(substr(f.fmt, 1, instr(f.fmt, ' [') - 1), m.value) || ' (one trial)'
                        ELSE printf(f.fmt, m.value, m.lo, m.hi) END FROM summary_metric m WHERE m.device_id = v.device_id AND m.metric = f.metric), 'not measured') AS cell
FROM f, report_devices v;
