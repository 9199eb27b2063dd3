-- reports/analysis/92-section-reduce.sql: the views the reduction section
-- (reports/sections/20-reduce.md) reads, one line a query. Applied in
-- file-name order before 90-cache.sql; those that write markup are never
-- cached there.

-- The section's opening: the models its figures show, and the verified
-- configurations folded over the GPUs (gpu_fold).
-- (a panel per model and a table column per GPU differ only where a model
-- has several machines: only then is it said)
CREATE VIEW reduce_intro_text AS
SELECT CASE WHEN (SELECT several FROM report_several_machines)
            THEN printf('The figures of this section show every GPU model measured (%s), the tables every GPU. ',
                        (SELECT group_concat(panel, '; ') FROM (SELECT panel FROM report_models ORDER BY mord)))
            ELSE '' END
  || printf('Verified configurations of the study: %s.', (SELECT text FROM gpu_fold WHERE topic = 'reduce_verified')) AS text;

-- The reduction per GPU: the best hand-written configuration at 2^28 int32
-- (chosen on trial 1, valued on the others: reduce_pick), its GB/s and its
-- ratio to CUB's, the GPU's read ceiling (read_ceiling) and the best's share
-- of it, the best and CUB times at 2^20, the CPU loop at 2^24 against the
-- fastest GPU variant there.
CREATE VIEW reduce_findings AS
WITH big AS (SELECT * FROM reduce_pick WHERE dtype = 'int32' AND n = (SELECT n_large FROM size)),
small AS (SELECT * FROM reduce_pick WHERE dtype = 'int32' AND n = (SELECT n_small FROM size)),
cpu AS (SELECT device_id, median_ms FROM stats_default WHERE study = 'reduce' AND dtype = 'int32' AND n = (SELECT n_seed FROM size) AND variant = 'cpu-serial'),
gpu AS (SELECT device_id, min(median_ms) AS ms FROM stats_default WHERE study = 'reduce' AND dtype = 'int32' AND n = (SELECT n_seed FROM size) AND timer = 'cuda-event' GROUP BY device_id)
SELECT v.ord, v.label AS "GPU",
  coalesce((SELECT printf('%s (%d)', h.variant, h.block) FROM big h WHERE h.device_id = v.device_id AND NOT h.is_cub), '-') AS "best at 2^28^ (block)",
  coalesce((SELECT printf('%.0f', h.bytes / (coalesce(h.held_ms, h.t1_ms) * 1e6)) FROM big h WHERE h.device_id = v.device_id AND NOT h.is_cub), '-') AS "GB/s",
  coalesce((SELECT printf('%.3f', coalesce(c.held_ms, c.t1_ms) / coalesce(h.held_ms, h.t1_ms)) FROM big h JOIN big c USING (device_id)
            WHERE h.device_id = v.device_id AND NOT h.is_cub AND c.is_cub), '-') AS "x CUB",
  coalesce((SELECT printf('%.0f (%.1f%%)', r.read_gbps, r.pct_peak) FROM read_ceiling r WHERE r.device_id = v.device_id), '-') AS "read ceiling GB/s (% of theor.)",
  coalesce((SELECT printf('%.1f%%', 100.0 * h.bytes / (coalesce(h.held_ms, h.t1_ms) * 1e6) / r.read_gbps) FROM big h JOIN read_ceiling r USING (device_id)
            WHERE h.device_id = v.device_id AND NOT h.is_cub), '-') AS "best, % of ceiling",
  coalesce((SELECT printf('%.1f / %.1f', 1000 * coalesce(h.held_ms, h.t1_ms), 1000 * coalesce(c.held_ms, c.t1_ms)) FROM small h JOIN small c USING (device_id)
            WHERE h.device_id = v.device_id AND NOT h.is_cub AND c.is_cub), '-') AS "2^20^: best / CUB (us)",
  coalesce((SELECT printf('%.2f', c.median_ms) FROM cpu c WHERE c.device_id = v.device_id), 'not timed') AS "CPU loop ms",
  coalesce((SELECT printf('%.0fx', c.median_ms / g.ms) FROM cpu c JOIN gpu g USING (device_id) WHERE c.device_id = v.device_id), '-') AS "CPU / GPU"
FROM report_devices v;

-- Claim 003-interleaved in one sentence: the range of the measured
-- speedups over the GPUs and the verdicts folded (the values per GPU are in
-- the claims' evidence).
CREATE VIEW reduce_interleaved_text AS
WITH x AS (SELECT v.verdict, d.label, d.ord,
                  CAST(substr(v.evidence, instr(v.evidence, ', ') + 2) AS REAL) AS sp
           FROM claim_verdict v JOIN report_devices d USING (device_id) WHERE v.claim_id = '003-interleaved'),
g AS (SELECT verdict, min(ord) AS o, count(*) AS n, group_concat(label, ', the ') AS labels FROM (SELECT * FROM x ORDER BY ord) GROUP BY verdict)
SELECT printf('In the seed''s own configuration (float32, n = 2^24^, 1024-thread blocks) interleaved pairs beat neighbored pairs by %s; the seed reports %.1fx on its author''s GPU (claim 003-interleaved %s, @tbl:claims).',
  CASE WHEN count(*) = 1 THEN printf('%.2fx', min(sp)) ELSE printf('%.2fx to %.2fx over the GPUs', min(sp), max(sp)) END,
  (SELECT value FROM seed_claim WHERE claim_id = '003-interleaved'),
  (SELECT CASE WHEN count(*) = 1 AND max(n) = (SELECT count(*) FROM report_devices) AND max(n) > 1 THEN max(verdict) || ' on every GPU'
               ELSE group_concat(verdict || ' on the ' || labels, '; ') END FROM (SELECT * FROM g ORDER BY o))) AS text
FROM x;

-- The ladder per GPU model at the seed's size (n = 2^24 int32), a cell per
-- step and model: the gain over the previous step with its interval (the
-- median over the model's machines, from the lowest to the highest end of
-- theirs), or 'no gain' where the interval does not lie above one.
CREATE VIEW reduce_ladder_model AS
WITH l AS (SELECT l.*, m.mord, m.model FROM reduce_ladder l JOIN report_devices v USING (device_id) JOIN report_models m ON m.name = v.name
           WHERE l.dtype = 'int32' AND l.n = (SELECT n_seed FROM size) AND l.variant NOT IN ('cub', 'cpu-serial')),
g AS (SELECT ord, variant, mord, model, min(step_x_lo) AS lo, max(step_x_hi) AS hi, median(step_x) AS x
      FROM l GROUP BY ord, variant, mord)
SELECT ord, variant AS step, mord, model AS head,
       CASE WHEN x IS NULL THEN 'first' WHEN lo > 1 THEN printf('%.2f [%.2f, %.2f]', x, lo, hi) ELSE printf('no gain (%.2f)', x) END AS cell
FROM g;

-- The ladder on each GPU (the HTML's tables), its rows as printed.
CREATE VIEW reduce_ladder_gpu AS
SELECT l.device_id, l.ord, l.variant AS "variant",
  CASE WHEN l.variant IN ('cub', 'cpu-serial') THEN '-' ELSE CAST(l.block AS TEXT) END AS "block",
  printf('%.4f', l.median_ms) AS "time ms", printf('%.4f .. %.4f', l.lo_ms, l.hi_ms) AS "95% interval",
  printf('%.0f', l.gbps) AS "GB/s", printf('%.1f', l.pct_peak) AS "% peak",
  CASE WHEN l.step_x IS NULL THEN '-' ELSE printf('%.2fx [%.2f, %.2f]%s', l.step_x, l.step_x_lo, l.step_x_hi,
    CASE WHEN l.step_x_lo > 1 THEN '' ELSE ' no gain' END) END AS "step gain",
  printf(CASE WHEN l.total_x < 0.1 THEN '%.3fx' ELSE '%.2fx' END, l.total_x) AS "cumulative",
  CASE WHEN l.step_x_lo > 1 THEN coalesce(nullif(l.bottleneck, ''), '-') ELSE '-' END AS "bottleneck removed (registry)"
FROM reduce_ladder l WHERE l.dtype = 'int32' AND l.n = (SELECT n_seed FROM size);

-- The Nsight Compute counters of the ladder's steps on each GPU (HTML).
CREATE VIEW reduce_counters_gpu AS
SELECT c.device_id, o.ord, c.variant AS "variant", c.block AS "block",
  coalesce(printf('%.1f', c.branch_uniform_pct), '-') AS "uniform branches %",
  coalesce(printf('%.0f', c.divergent_branches), '-') AS "divergent branch targets",
  coalesce(printf('%.0f', c.bank_conflicts), '-') AS "shared bank conflicts",
  coalesce(printf('%.1f', c.occupancy_pct), '-') AS "occupancy %",
  coalesce(printf('%.1f', c.dram_pct), '-') AS "DRAM throughput %"
FROM counter_reduce_step c JOIN reduce_order o USING (variant)
WHERE c.dtype = 'int32' AND c.n = (SELECT n_seed FROM size);

-- The fastest float32 configuration per size and GPU, with its error (HTML).
CREATE VIEW reduce_float32 AS
SELECT l.n AS n_sort, v.ord, printf('2^%d^', CAST(round(log2(l.n)) AS INTEGER)) AS "n", v.label AS "GPU", l.variant AS "fastest float32 variant", l.block AS "block",
  printf('%.4f', l.median_ms) AS "time ms", printf('%.0f', l.gbps) AS "GB/s", printf('%.2g', l.max_err) AS "|error|", printf('%.2g', l.tolerance) AS "bound"
FROM latest_default l JOIN report_devices v USING (device_id), size z WHERE l.study = 'reduce' AND l.dtype = 'float32' AND l.timer = 'cuda-event' AND l.n IN (z.n_small, z.n_seed, z.n_large)
  AND l.median_ms = (SELECT min(m.median_ms) FROM latest_default m WHERE m.study = 'reduce' AND m.dtype = 'float32' AND m.n = l.n AND m.device_id = l.device_id AND m.timer = 'cuda-event');

-- GPUs whose read ceiling lies below the top_peak_large target and where no
-- reduction met it: one sentence, or none (no row).
CREATE VIEW reduce_ceiling_below_text AS
SELECT printf('The ceiling of the %s is below the %g%% of theoretical that the target asks for, and no reduction met it there: on %s the target is beyond what the memory system gave any read-only stream measured.',
  group_concat(v.label, ', '), max(s.value), CASE WHEN count(*) > 1 THEN 'those GPUs' ELSE 'that GPU' END) AS text
FROM read_ceiling r JOIN report_devices v USING (device_id) JOIN report_setting s ON s.key = 'top_peak_large'
WHERE r.pct_peak < s.value AND NOT EXISTS (SELECT 1 FROM reduce_top_target t WHERE t.device_id = r.device_id AND t.key = s.key AND t.verdict = 'met')
HAVING count(*) > 0;

-- The targets of the top of the ladder per model (pivot: a column per model)
-- and per GPU with the configuration judged (HTML).
CREATE VIEW top_target_model AS
SELECT t.key, t.dtype, t.n, t.mord, g.name || printf(' >= %g', t.threshold) AS target, t.dtype || printf(', 2^%d^', CAST(round(log2(t.n)) AS INTEGER)) AS type_n,
  t.model || CASE WHEN t.machines > 1 THEN printf(' (%d)', t.machines) ELSE '' END AS head,
  CASE WHEN t.verdict = 'mixed' THEN 'mixed (' || replace(replace(replace(t.verdicts, 'inconclusive', 'inc.'), 'missed', 'miss'), ',', '/') || ')' ELSE t.verdict END
  || printf(CASE WHEN t.key LIKE '%peak%' THEN ' %.1f' ELSE ' %.3f' END, t.value)
  || CASE WHEN t.lo IS NULL THEN '' ELSE printf(CASE WHEN t.key LIKE '%peak%' THEN ' [%.1f, %.1f]' ELSE ' [%.3f, %.3f]' END, t.lo, t.hi) END AS cell
FROM target_model t JOIN report_target g USING (key);
CREATE VIEW top_target_gpu AS
SELECT t.device, t.key, t.dtype AS dtype_sort, t.n AS n_sort, (SELECT dl.label FROM device_label dl WHERE dl.device_id = t.device_id) AS "GPU", g.name AS "target", t.dtype AS "type",
  printf('2^%d^', CAST(round(log2(t.n)) AS INTEGER)) AS "n", t.variant AS "best hand-written", t.block AS "block",
  coalesce(json_extract(t.params, '$.loads') || ' / ' || json_extract(t.params, '$.grid'), '-') AS "loads / grid",
  printf(CASE WHEN t.what = 'x CUB' THEN '%.3f' ELSE '%.1f' END, t.value) AS "value",
  CASE WHEN t.lo IS NULL THEN '-' ELSE printf(CASE WHEN t.what = 'x CUB' THEN '%.3f..%.3f' ELSE '%.1f..%.1f' END, t.lo, t.hi) END AS "interval",
  printf('>= %g', t.threshold) AS "threshold", t.verdict AS "verdict"
FROM reduce_top_target t JOIN report_target g USING (key);

-- Small n: the sentences of the floor section and its two tables.
CREATE VIEW reduce_floor_text AS
SELECT 'floors' AS key, (SELECT group_concat(x, ', ') FROM (SELECT printf('%.2f us on the %s', floor_us, model) AS x FROM (SELECT DISTINCT mord, model, floor_us FROM reduce_floor) ORDER BY mord)) AS text
UNION ALL
SELECT 'top_gap', printf('%.1f%%', 100 * (max(x_model) - 1)) FROM reduce_floor WHERE n = (SELECT max(n) FROM reduce_floor)
UNION ALL
SELECT 'coverage', CASE WHEN count(*) = 1 THEN printf('%.1f%% of the cases', min(c.pct)) ELSE printf('%.1f%% to %.1f%% of the cases, by GPU', min(c.pct), max(c.pct)) END
FROM ratio_coverage c WHERE c.band = 1
UNION ALL
SELECT 'counts', printf('Of the %d verdicts, %d are met, %d missed and %d inconclusive', count(*), sum(verdict = 'met'), sum(verdict = 'missed'), sum(verdict = 'inconclusive'))
  || CASE WHEN sum(verdict = 'not judged') > 0 THEN printf(' (%d not judged: one run)', sum(verdict = 'not judged')) ELSE '' END FROM small_n_target
UNION ALL
SELECT 'targets', (SELECT group_concat(printf('%s at most %gx', target, threshold), '') FROM (SELECT DISTINCT target, threshold FROM small_n_target WHERE key = 'small_model'));
CREATE VIEW reduce_floor_table AS
SELECT mord, ord, model AS "GPU model", variant AS "step", printf('%.2f', max(CASE WHEN n = z.n_tiny THEN x_model END)) AS "x model, n = 2^10^", printf('%.2f', max(CASE WHEN n = z.n_smallest THEN x_model END)) AS "n = 2^16^", printf('%.2f', max(CASE WHEN n = z.n_small THEN x_model END)) AS "n = 2^20^", printf('%.2f', max(CASE WHEN n = z.n_large THEN x_model END)) AS "n = 2^28^", printf('%.2f [%.2f, %.2f]', max(CASE WHEN n = z.n_smallest THEN us END), max(CASE WHEN n = z.n_smallest THEN lo END), max(CASE WHEN n = z.n_smallest THEN hi END)) AS "us at n = 2^16^"
FROM reduce_floor, size z GROUP BY mord, model, ord, variant;
-- (a row per GPU for the target over the floor model, and one for the
-- throughput over CUB's, reported without a verdict: no target, issue 36)
CREATE VIEW small_n_table AS
SELECT mord, key, model AS "GPU", target AS "target", max(CASE WHEN n = z.n_smallest THEN cell END) AS "n = 2^16^", max(CASE WHEN n = 4 * z.n_smallest THEN cell END) AS "n = 2^18^", max(CASE WHEN n = z.n_small THEN cell END) AS "n = 2^20^"
FROM (SELECT mord, model, n, key, target, CASE WHEN value IS NULL THEN verdict WHEN lo IS NULL THEN printf('%s %.2f', verdict, value) ELSE printf('%s %.2f [%.2f, %.2f]', verdict, value, lo, hi) END AS cell FROM small_n_target
      UNION ALL
      SELECT mord, model, n, 'cub', 'small-n over CUB (no target)', CASE WHEN cub_x IS NULL THEN 'not measured' WHEN cub_lo IS NULL THEN printf('%.2f', cub_x) ELSE printf('%.2f [%.2f, %.2f]', cub_x, cub_lo, cub_hi) END FROM small_n_gpu), size z
GROUP BY mord, model, key;
