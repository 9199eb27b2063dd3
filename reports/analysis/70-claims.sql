-- reports/analysis/70-claims.sql: the seeds' claims, measured and judged.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).
--
-- Every claim is a row of table seed_claim (reports/schema.sql says its
-- columns): its metric, named, and the metric's arguments. The views below
-- compute every metric alike for every claim (claim_part: the claim's parts,
-- each a value with its interval, on every GPU), and one function judges
-- every claim from its row (claim_judge, reports/sqlstats.c): claim_verdict.
-- Nothing here names a claim: adding one is a row of seed_claim.

-- Each claim's parts as its arguments say: one per element of args.parts
-- (that element added to the other arguments), else one (part 0).
CREATE VIEW claim_arg AS
SELECT c.claim_id, c.metric, coalesce(e.key, 0) AS part,
       CASE WHEN e.value IS NULL THEN c.args ELSE json_patch(json_remove(c.args, '$.parts'), e.value) END AS a
FROM seed_claim c LEFT JOIN json_each(c.args, '$.parts') e;

-- Every row a claim's part may read, with its role (x: the one row of a
-- paired ratio, a counter value or a count; num, den: the two sides of a
-- ratio) and its attributes as one JSON object (study, variant, dtype, n,
-- block, the parameters; a counter's metric; a pair's 'at', the k or s of
-- its numerator), kept where they match the part's selector (args.where
-- with args.num or args.den added): every key of the selector equal, or
-- one of its array. sig: the attributes without the keys num and den set,
-- which a numerator and its denominator share.
CREATE VIEW claim_row AS
WITH p AS MATERIALIZED (SELECT a.*, json_extract(a.a, '$.where.study') AS study FROM claim_arg a),
role(role) AS (VALUES ('num'), ('den')),
src AS (
  SELECT p.claim_id, p.part, p.a, 'x' AS role, x.device_id, x.pair_key AS label,
         json_patch(json_object('study', x.study, 'variant', x.variant, 'dtype', x.dtype, 'n', x.n, 'block', x.block,
                                'at', CASE WHEN instr(x.pair_key, ' at ') > 0
                                           THEN CAST(substr(x.pair_key, instr(x.pair_key, ' at ') + 6) AS INTEGER) END),
                    coalesce(x.params, '{}')) AS attrs,
         x.ratio AS v, x.lo, x.hi
  FROM p JOIN pair_stats x ON x.kind = json_extract(p.a, '$.kind') WHERE p.metric = 'paired ratio'
  UNION ALL
  SELECT p.claim_id, p.part, p.a, r.role, s.device_id, s.config_key,
         json_patch(json_object('study', s.study, 'variant', s.variant, 'dtype', s.dtype, 'n', s.n, 'block', s.block),
                    coalesce(s.params, '{}')), s.median_ms, s.lo_ms, s.hi_ms
  FROM p JOIN stats_default s ON s.study = p.study, role r WHERE p.metric = 'interval ratio' AND s.timer = 'cuda-event'
  UNION ALL
  SELECT p.claim_id, p.part, p.a, CASE WHEN p.metric = 'counter ratio' THEN r.role ELSE 'x' END, c.device_id,
         c.config_key,
         json_patch(json_object('study', c.study, 'variant', c.variant, 'dtype', c.dtype, 'n', c.n, 'block', c.block,
                                'metric', c.metric), coalesce(c.params, '{}')),
         c.value, c.lo_value, c.hi_value
  FROM p JOIN counter_config c ON c.study = p.study, role r
  WHERE (p.metric = 'counter ratio' OR (p.metric = 'counter value' AND r.role = 'num'))
    -- (the metric its selector names, where it names one: a prefilter of
    -- what the match below keeps, 450,000 rows -> a few thousand; ms: the
    -- role's part of the arguments where it names a metric, else where)
    AND (WITH q(ms) AS (SELECT CASE WHEN p.metric = 'counter ratio'
                                     AND json_type(json_extract(p.a, '$.' || r.role), '$.metric') IS NOT NULL
                                    THEN json_extract(p.a, '$.' || r.role) ELSE json_extract(p.a, '$.where') END)
         SELECT CASE json_type(q.ms, '$.metric') WHEN 'text' THEN c.metric = json_extract(q.ms, '$.metric')
                     WHEN 'array' THEN c.metric IN (SELECT value FROM json_each(q.ms, '$.metric'))
                     ELSE 1 END FROM q)
  UNION ALL
  SELECT p.claim_id, p.part, p.a, 'x', l.device_id, l.config_key,
         json_patch(json_object('study', l.study, 'variant', l.variant, 'dtype', l.dtype, 'n', l.n, 'block', l.block),
                    coalesce(l.params, '{}')), NULL, NULL, NULL
  FROM p JOIN latest_default l ON l.study = p.study WHERE p.metric = 'count'),
m AS (SELECT src.*, json_patch(coalesce(json_extract(a, '$.where'), '{}'),
                               CASE WHEN role = 'x' THEN '{}' ELSE coalesce(json_extract(a, '$.' || role), '{}') END) AS sel
      FROM src)
SELECT m.claim_id, m.part, m.a, m.role, m.device_id, m.label, m.attrs, m.v, m.lo, m.hi,
       json_patch(m.attrs, (SELECT coalesce(json_group_object(k.key, json('null')), '{}')
                            FROM json_each(json_patch(coalesce(json_extract(m.a, '$.num'), '{}'),
                                                      coalesce(json_extract(m.a, '$.den'), '{}'))) k)) AS sig
FROM m
WHERE NOT EXISTS (SELECT 1 FROM json_each(m.sel) s
                  WHERE CASE WHEN s.type = 'array'
                             THEN NOT EXISTS (SELECT 1 FROM json_each(s.value) e
                                              WHERE CAST(e.atom AS TEXT) = CAST(json_extract(m.attrs, '$."' || s.key || '"') AS TEXT))
                             ELSE CAST(s.atom AS TEXT) IS NOT CAST(json_extract(m.attrs, '$."' || s.key || '"') AS TEXT) END);

-- Every claim's parts on every GPU: a value and its interval lo..hi per
-- configuration (label: the configuration's key, or the pair's), per
-- metric:
--   paired ratio    the pair's ratio and paired interval (invert: 1 over it)
--   interval ratio  NUM's time over DEN's, NUM's low end over DEN's high end
--                   to the reverse; combine 'min': per DEN row the least over
--                   the NUM rows paired with it (each end the least)
--   counter ratio   NUM's counters over DEN's (a metric array: their sum;
--                   complement C: C less each), the passes' ends crosswise
--   counter value   the counter less args.less
--   count           how many verified configurations match (lo = hi)
-- then only the rows at the largest (args.max) or smallest (args.min) value
-- of a key per GPU and side, and reduce 'max': a part's rows as one, each
-- end the largest; scale multiplies. part: the element of args.parts.
CREATE VIEW claim_part AS
WITH r AS MATERIALIZED (
  SELECT r.*,
         CASE WHEN json_extract(r.a, '$.complement') IS NULL THEN r.v ELSE json_extract(r.a, '$.complement') - r.v END AS cv,
         CASE WHEN json_extract(r.a, '$.complement') IS NULL THEN r.lo ELSE json_extract(r.a, '$.complement') - r.hi END AS clo,
         CASE WHEN json_extract(r.a, '$.complement') IS NULL THEN r.hi ELSE json_extract(r.a, '$.complement') - r.lo END AS chi,
         json_extract(r.attrs, '$."' || coalesce(json_extract(r.a, '$.max'), json_extract(r.a, '$.min')) || '"') AS key_v
  FROM claim_row r),
k AS MATERIALIZED (
  SELECT r.* FROM r
  WHERE json_extract(r.a, '$.max') IS NULL AND json_extract(r.a, '$.min') IS NULL
     OR r.key_v = (SELECT CASE WHEN json_extract(r.a, '$.max') IS NOT NULL THEN max(r2.key_v) ELSE min(r2.key_v) END
                   FROM r r2 WHERE r2.claim_id = r.claim_id AND r2.part = r.part AND r2.device_id = r.device_id
                     AND r2.role = r.role)),
-- a counter side's metrics summed per configuration
side AS (SELECT claim_id, part, a, role, device_id, min(label) AS label, sig, sum(cv) AS v, sum(clo) AS lo, sum(chi) AS hi
         FROM k WHERE role IN ('num', 'den') GROUP BY claim_id, part, role, device_id, label, sig),
x AS (
  SELECT k.claim_id, k.part, k.a, k.device_id, k.label,
         CASE WHEN json_extract(k.a, '$.invert') THEN 1 / k.v ELSE k.v END AS v,
         CASE WHEN json_extract(k.a, '$.invert') THEN 1 / k.hi ELSE k.lo END AS lo,
         CASE WHEN json_extract(k.a, '$.invert') THEN 1 / k.lo ELSE k.hi END AS hi
  FROM k JOIN seed_claim c USING (claim_id) WHERE c.metric = 'paired ratio'
  UNION ALL
  SELECT k.claim_id, k.part, k.a, k.device_id, k.label, k.cv - coalesce(json_extract(k.a, '$.less'), 0),
         k.clo - coalesce(json_extract(k.a, '$.less'), 0), k.chi - coalesce(json_extract(k.a, '$.less'), 0)
  FROM k JOIN seed_claim c USING (claim_id) WHERE c.metric = 'counter value'
  UNION ALL
  SELECT n.claim_id, n.part, n.a, n.device_id, d.label,
         CASE WHEN json_extract(n.a, '$.combine') = 'min' THEN min(n.v / d.v) ELSE n.v / d.v END,
         CASE WHEN json_extract(n.a, '$.combine') = 'min' THEN min(n.lo / d.hi) ELSE n.lo / d.hi END,
         CASE WHEN json_extract(n.a, '$.combine') = 'min' THEN min(n.hi / d.lo) ELSE n.hi / d.lo END
  FROM side n JOIN side d ON d.claim_id = n.claim_id AND d.part = n.part AND d.device_id = n.device_id
                         AND d.role = 'den' AND d.sig = n.sig
  WHERE n.role = 'num'
  GROUP BY n.claim_id, n.part, n.device_id, d.label, CASE WHEN json_extract(n.a, '$.combine') = 'min' THEN 0 ELSE n.label END
  UNION ALL
  SELECT p.claim_id, p.part, p.a, v.device_id, NULL,
         (SELECT count(DISTINCT k.label) FROM k WHERE k.claim_id = p.claim_id AND k.part = p.part AND k.device_id = v.device_id),
         NULL, NULL
  FROM claim_arg p JOIN report_devices v
  WHERE p.metric = 'count'
    AND EXISTS (SELECT 1 FROM latest_default l WHERE l.device_id = v.device_id
                  AND l.study = json_extract(p.a, '$.where.study'))),
y AS (SELECT claim_id, part, device_id, label, v, coalesce(lo, v) AS lo, coalesce(hi, v) AS hi FROM x
      WHERE json_extract(a, '$.reduce') IS NULL
      UNION ALL
      SELECT claim_id, part, device_id, NULL, max(v), max(coalesce(lo, v)), max(coalesce(hi, v)) FROM x
      WHERE json_extract(a, '$.reduce') = 'max' GROUP BY claim_id, part, device_id)
SELECT y.claim_id, y.part, y.device_id, y.label,
       y.v * coalesce(json_extract(c.args, '$.scale'), 1) AS value,
       y.lo * coalesce(json_extract(c.args, '$.scale'), 1) AS lo,
       y.hi * coalesce(json_extract(c.args, '$.scale'), 1) AS hi
FROM y JOIN seed_claim c USING (claim_id);

-- Each claim's rule with its thresholds as claim_judge() takes them: the
-- magnitude of an 'at least' claim is reached from magnitude x (1 -
-- seed_tolerance) on (a; the setting is 30-labels.sql's); a range's and a
-- band's ends are the row's lo, hi.
CREATE VIEW claim_rule AS
SELECT c.*, json_array_length(c.args, '$.parts') AS n_parts,
       CASE WHEN c.rule = 'at least' AND c.magnitude IS NOT NULL
            THEN c.magnitude * (1 - (SELECT value FROM report_setting WHERE key = 'seed_tolerance')) ELSE c.lo END AS a,
       CASE WHEN c.rule = 'at least' THEN NULL ELSE c.hi END AS b
FROM seed_claim c;

-- Each part's own verdict (claim_judge over the part alone): how the
-- sections count a claim's configurations.
CREATE VIEW claim_part_verdict AS
SELECT p.*, (SELECT claim_judge(r.rule, r.threshold, r.a, r.b, p.lo, p.hi) FROM claim_rule r
             WHERE r.claim_id = p.claim_id) AS verdict
FROM claim_part p;

-- The verdict of every claim on every GPU with a complete run (one row per
-- claim and GPU, the one row every table and sentence that names the claim
-- reads): claim_judge() over its parts. Where a part the claim's arguments
-- ask for has no row on a GPU, the verdict says what is missing instead:
-- 'not profiled' (a counter the claim reads was not stored on a GPU whose
-- study has results: `make profile`, or a set cut off, see view
-- profile_run_gap) or 'not measured'. value, lo, hi: a claim of one part,
-- its value and interval; of several, the least value, the least low end
-- and the largest high end; parts: how many were judged, and how many of
-- them hold (at any magnitude), do not, and are inconclusive.
-- evidence: the parts and the value as numbers ('PARTS, VALUE'), for a
-- reader of the earlier text column (reports/analysis/92-section-reduce.sql).
CREATE VIEW claim_verdict AS
WITH p AS MATERIALIZED (SELECT * FROM claim_part_verdict),
g AS (SELECT r.claim_id, r.ord, r.metric, r.over, r.unit, v.device_id, v.name AS device, v.label,
             (SELECT count(DISTINCT p.part) FROM p WHERE p.claim_id = r.claim_id AND p.device_id = v.device_id) AS got,
             coalesce(r.n_parts, 1) AS want,
             EXISTS (SELECT 1 FROM latest_default l WHERE l.device_id = v.device_id
                       AND l.study IN (SELECT json_extract(a.a, '$.where.study') FROM claim_arg a
                                       WHERE a.claim_id = r.claim_id)) AS has_study
      FROM claim_rule r, report_devices v)
SELECT g.claim_id, g.device_id, g.device,
       CASE WHEN g.got = g.want THEN (SELECT claim_judge(r.rule, r.threshold, r.a, r.b, p.lo, p.hi) FROM p, claim_rule r
                                      WHERE p.claim_id = g.claim_id AND p.device_id = g.device_id AND r.claim_id = g.claim_id)
            WHEN g.metric LIKE 'counter%' AND g.has_study THEN 'not profiled'
            ELSE 'not measured' END AS verdict,
       CASE WHEN g.got = g.want THEN (SELECT CASE WHEN count(*) = 1 THEN max(value) ELSE min(value) END FROM p
                                      WHERE p.claim_id = g.claim_id AND p.device_id = g.device_id) END AS value,
       CASE WHEN g.got = g.want THEN (SELECT min(lo) FROM p WHERE p.claim_id = g.claim_id AND p.device_id = g.device_id) END AS lo,
       CASE WHEN g.got = g.want THEN (SELECT max(hi) FROM p WHERE p.claim_id = g.claim_id AND p.device_id = g.device_id) END AS hi,
       CASE WHEN g.got = g.want THEN (SELECT max(value) FROM p WHERE p.claim_id = g.claim_id AND p.device_id = g.device_id) END
         AS value_max,
       (SELECT count(*) FROM p WHERE p.claim_id = g.claim_id AND p.device_id = g.device_id AND g.got = g.want) AS parts,
       (SELECT count(*) FROM p WHERE p.claim_id = g.claim_id AND p.device_id = g.device_id AND g.got = g.want
          AND p.verdict LIKE 'holds%') AS n_hold,
       (SELECT count(*) FROM p WHERE p.claim_id = g.claim_id AND p.device_id = g.device_id AND g.got = g.want
          AND p.verdict = 'does not hold') AS n_not,
       (SELECT count(*) FROM p WHERE p.claim_id = g.claim_id AND p.device_id = g.device_id AND g.got = g.want
          AND p.verdict = 'inconclusive') AS n_open,
       g.unit, g.ord,
       (SELECT count(*) || ', ' || CASE WHEN count(*) = 1 THEN max(value) ELSE min(value) END FROM p
        WHERE p.claim_id = g.claim_id AND p.device_id = g.device_id) AS evidence
FROM g;

-- 000-broadcast, 000-cached: the distance kernels' on-chip counters at
-- k = 1 (claim_verdict's cdr, described there), a view of its own so that
-- the constant-memory section prints the numbers its verdicts read.
CREATE VIEW claim_idc AS
WITH cc AS MATERIALIZED (SELECT * FROM counter_constant)
SELECT c.device_id, json_extract(c.params, '$.grid') AS grid, json_extract(c.params, '$.points') AS p,
               c.idc_requests AS c_req, c.idc_misses AS c_miss, g.l1_ld_requests AS g_req, g.l1_ld_sectors AS g_sec,
               c.idc_requests / g.l1_ld_requests AS x, c.idc_requests_lo / g.l1_ld_requests_hi AS x_lo,
               c.idc_requests_hi / g.l1_ld_requests_lo AS x_hi, c.idc_hits / c.idc_requests AS hit,
               c.idc_hits_lo / c.idc_requests_hi AS hit_lo, min(1.0, c.idc_hits_hi / c.idc_requests_lo) AS hit_hi,
               1.0 * json_extract(c.params, '$.grid') * json_extract(c.params, '$.grid') / 32
                 * json_extract(c.params, '$.points') AS loads,
               (SELECT max(c32.idc_requests) FROM cc c32 WHERE c32.device_id = c.device_id AND c32.study = 'distance'
                  AND c32.variant = 'constant' AND json_extract(c32.params, '$.k') = 32
                  AND json_extract(c32.params, '$.grid') = json_extract(c.params, '$.grid')
                  AND json_extract(c32.params, '$.points') = json_extract(c.params, '$.points')
                  AND json_extract(c32.params, '$.tile') IS json_extract(c.params, '$.tile')) AS c32_req,
               row_number() OVER (PARTITION BY c.device_id ORDER BY json_extract(c.params, '$.points') DESC,
                                  c.config_key) AS rk_most,
               row_number() OVER (PARTITION BY c.device_id ORDER BY json_extract(c.params, '$.points'),
                                  c.config_key) AS rk_fewest
        FROM cc c JOIN cc g ON g.device_id = c.device_id AND g.study = 'distance'
          AND g.variant = 'global' AND g.params = c.params
        WHERE c.study = 'distance' AND c.variant = 'constant' AND json_extract(c.params, '$.k') = 1;

