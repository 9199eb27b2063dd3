-- reports/analysis/93-section-constant.sql: the views the constant-memory
-- section (reports/sections/30-constant.md) reads, one line a query.
-- Applied in file-name order before 90-cache.sql; those that write markup
-- are never cached there.

-- The verified configurations of the two studies folded over the GPUs, and
-- the largest verification errors against their bounds.
CREATE VIEW const_verified_text AS
SELECT 'Verified: ' || f.text || '. '
  || CASE WHEN (SELECT max(max_err) FROM latest_default WHERE study IN ('distance', 'raytrace')) = 0
          THEN 'Every distance field and every render matched its CPU reference exactly.'
          ELSE printf('The largest relative error of a distance field is %.2g (the smallest bound %.2g), the largest channel difference of a render %d (bound %d).',
            (SELECT max(max_err) FROM latest_default WHERE study = 'distance'), (SELECT min(tolerance) FROM latest_default WHERE study = 'distance'),
            (SELECT CAST(max(max_err) AS INTEGER) FROM latest_default WHERE study = 'raytrace'), (SELECT CAST(max(tolerance) AS INTEGER) FROM latest_default WHERE study = 'raytrace')) END AS text
FROM gpu_fold f WHERE f.topic = 'const_verified';

-- Constant against global memory per GPU (the section's short answer): at
-- k = 1 over every (grid, P), how many configurations are faster, no
-- different, slower by the 'faster' factor and the range of speedups, the
-- seed's field; where k distinct points make constant lose and its time at
-- k = 32 over global's; the ray tracer at 100 spheres and over all counts.
CREATE VIEW const_short AS
WITH f AS (SELECT faster FROM setting),
r AS (SELECT device_id, variant, json_extract(params, '$.grid') AS grid, json_extract(params, '$.points') AS p,
             json_extract(params, '$.k') AS k, median_ms AS ms FROM latest_default
      WHERE study = 'distance' AND json_extract(params, '$.tile') = 16),
u AS (SELECT g.device_id, g.grid, g.p, g.ms / c.ms AS x FROM r g JOIN r c ON c.device_id = g.device_id AND c.grid = g.grid AND c.p = g.p AND c.k = 1 AND c.variant = 'constant'
      WHERE g.variant = 'global' AND g.k = 1),
d AS (SELECT c.device_id, c.k, g.ms / c.ms AS sp FROM r c JOIN r g ON g.device_id = c.device_id AND g.grid = c.grid AND g.p = c.p AND g.k = c.k AND g.variant = 'global'
      WHERE c.variant = 'constant' AND c.grid = (SELECT dist_grid FROM size) AND c.p = (SELECT dist_points FROM size)),
t AS (SELECT g.device_id, json_extract(g.params, '$.spheres') AS n, g.median_ms / c.median_ms AS x FROM latest_default g JOIN latest_default c
        ON c.device_id = g.device_id AND c.study = g.study AND json_extract(c.params, '$.spheres') = json_extract(g.params, '$.spheres')
       AND json_extract(c.params, '$.size') = json_extract(g.params, '$.size') AND json_extract(c.params, '$.tile') = json_extract(g.params, '$.tile') AND c.variant = 'constant'
      WHERE g.study = 'raytrace' AND g.variant = 'global' AND json_extract(g.params, '$.size') = (SELECT rt_side FROM size) AND json_extract(g.params, '$.tile') = 16)
SELECT v.ord, v.label AS "GPU",
  coalesce((SELECT printf('%d / %d / %d of %d', sum(x >= f.faster), sum(x > 1 / f.faster AND x < f.faster), sum(x <= 1 / f.faster), count(*)) FROM u WHERE u.device_id = v.device_id HAVING count(*) > 0), 'not measured') AS "k = 1: faster / same / slower",
  coalesce((SELECT printf('%.2fx .. %.2fx', min(x), max(x)) FROM u WHERE u.device_id = v.device_id HAVING count(*) > 0), '-') AS "k = 1 speedup",
  coalesce((SELECT printf('%.2fx', x) FROM u WHERE u.device_id = v.device_id AND grid = 256 AND p = 20), '-') AS "seed's field",
  coalesce((SELECT printf('k = %d (%.2fx)', k, sp) FROM d WHERE d.device_id = v.device_id AND sp <= 1 / f.faster ORDER BY k LIMIT 1),
           CASE WHEN (SELECT count(*) FROM d WHERE d.device_id = v.device_id) THEN 'never' ELSE '-' END) AS "constant loses from",
  coalesce((SELECT printf('%.2fx', 1 / sp) FROM d WHERE d.device_id = v.device_id AND k = 32), '-') AS "k = 32: time / global",
  coalesce((SELECT printf('%.2fx', x) FROM t WHERE t.device_id = v.device_id AND n = 100), '-') AS "ray tracer, 100 spheres",
  coalesce((SELECT printf('%.2fx .. %.2fx', min(x), max(x)) FROM t WHERE t.device_id = v.device_id HAVING count(*) > 0), '-') AS "ray tracer, all"
FROM report_devices v, f;

-- The HTML's table "uniform" (30-constant.md): per grid, point count and
-- GPU at k = 1, the median times of the four memory spaces, constant against
-- global and the fastest; ord: the table's order (P, grid, GPU).
CREATE VIEW const_uniform_table AS
WITH r AS (SELECT device_id, variant, json_extract(params, '$.grid') AS side, json_extract(params, '$.points') AS p, median_ms AS ms FROM latest_default
      WHERE study = 'distance' AND json_extract(params, '$.k') = 1 AND json_extract(params, '$.tile') = 16)
SELECT printf('%d x %d', side, side) AS "grid", p AS "P", (SELECT label FROM report_devices v WHERE v.device_id = r.device_id) AS "GPU",
  printf('%.4f', max(CASE WHEN variant = 'global' THEN ms END)) AS "global ms",
  printf('%.4f', max(CASE WHEN variant = 'constant' THEN ms END)) AS "constant ms",
  printf('%.4f', max(CASE WHEN variant = 'readonly' THEN ms END)) AS "read-only ms",
  printf('%.4f', max(CASE WHEN variant = 'shared' THEN ms END)) AS "shared ms",
  printf('%.2fx', max(CASE WHEN variant = 'global' THEN ms END) / max(CASE WHEN variant = 'constant' THEN ms END)) AS "constant vs global",
  (SELECT r2.variant FROM r r2 WHERE r2.device_id = r.device_id AND r2.side = r.side AND r2.p = r.p ORDER BY r2.ms LIMIT 1) AS "fastest",
  row_number() OVER (ORDER BY p, side, v.ord) AS ord
FROM r JOIN report_devices v USING (device_id) GROUP BY device_id, side, p;

-- The HTML's table "divergent" (30-constant.md): per configuration (the
-- curve's and the seed's), k and GPU, the median times of the four memory
-- spaces, constant against its k = 1 and against global; ord: the table's
-- order (grid descending, k, GPU).
CREATE VIEW const_divergent_table AS
WITH r AS (SELECT device_id, variant, json_extract(params, '$.grid') AS grid, json_extract(params, '$.points') AS p,
             json_extract(params, '$.k') AS k, median_ms AS ms FROM latest_default
      WHERE study = 'distance' AND json_extract(params, '$.tile') = 16
        AND ((json_extract(params, '$.grid') = (SELECT dist_grid FROM size) AND json_extract(params, '$.points') = (SELECT dist_points FROM size))
          OR (json_extract(params, '$.grid') = 256 AND json_extract(params, '$.points') = 20))),
c1 AS (SELECT device_id, grid, p, ms FROM r WHERE variant = 'constant' AND k = 1)
SELECT printf('%d x %d, P = %d', r.grid, r.grid, r.p) AS "configuration", r.k AS "k", (SELECT label FROM report_devices v WHERE v.device_id = r.device_id) AS "GPU",
  printf('%.4f', max(CASE WHEN variant = 'global' THEN r.ms END)) AS "global ms",
  printf('%.4f', max(CASE WHEN variant = 'constant' THEN r.ms END)) AS "constant ms",
  printf('%.4f', max(CASE WHEN variant = 'readonly' THEN r.ms END)) AS "read-only ms",
  printf('%.4f', max(CASE WHEN variant = 'shared' THEN r.ms END)) AS "shared ms",
  printf('%.2fx', max(CASE WHEN variant = 'constant' THEN r.ms END) / (SELECT ms FROM c1 WHERE c1.device_id = r.device_id AND c1.grid = r.grid AND c1.p = r.p)) AS "constant vs its k = 1",
  printf('%.2fx', max(CASE WHEN variant = 'global' THEN r.ms END) / max(CASE WHEN variant = 'constant' THEN r.ms END)) AS "constant vs global",
  row_number() OVER (ORDER BY r.grid DESC, r.k, v.ord) AS ord
FROM r JOIN report_devices v USING (device_id) GROUP BY r.device_id, r.grid, r.p, r.k;

-- The sentence under the ray tracer's image (30-constant.md): how many GPU
-- renders of the book's scene were compared with it, the largest channel
-- difference among them.
CREATE VIEW const_raytrace_match_text AS
SELECT printf('Every GPU variant''s render of this scene was compared with this image before it was timed: the largest channel difference among the %d renders (variants on every GPU) is %d.',
  count(*), CAST(max(max_err) AS INTEGER)) AS text FROM latest_default
WHERE study = 'raytrace' AND json_extract(params, '$.size') = (SELECT rt_side FROM size) AND json_extract(params, '$.spheres') = 100;

-- The HTML's table "raytrace" (30-constant.md): per image size, sphere
-- count and GPU, the median times of the three memory spaces and constant
-- against the other two; ord: the table's order (the book's size first).
CREATE VIEW const_raytrace_table AS
WITH r AS (SELECT device_id, variant, json_extract(params, '$.size') AS size, json_extract(params, '$.spheres') AS n, median_ms AS ms FROM latest_default
      WHERE study = 'raytrace' AND json_extract(params, '$.tile') = 16)
SELECT printf('%d x %d', size, size) AS "image", n AS "spheres", (SELECT label FROM report_devices v WHERE v.device_id = r.device_id) AS "GPU",
  printf('%.4f', max(CASE WHEN variant = 'global' THEN ms END)) AS "global ms",
  printf('%.4f', max(CASE WHEN variant = 'constant' THEN ms END)) AS "constant ms",
  printf('%.4f', max(CASE WHEN variant = 'readonly' THEN ms END)) AS "read-only ms",
  printf('%.2fx', max(CASE WHEN variant = 'global' THEN ms END) / max(CASE WHEN variant = 'constant' THEN ms END)) AS "constant vs global",
  printf('%.2fx', max(CASE WHEN variant = 'readonly' THEN ms END) / max(CASE WHEN variant = 'constant' THEN ms END)) AS "constant vs read-only",
  row_number() OVER (ORDER BY size = (SELECT rt_side FROM size) DESC, size, n, v.ord) AS ord
FROM r JOIN report_devices v USING (device_id) GROUP BY r.device_id, size, n;

-- The numbers behind the two claims judged on counters (claim_idc, the
-- rows claim_verdict reads) beside their verdicts, in two sentences: the
-- constant kernel's IDC requests over the global kernel's L1 requests at
-- the most points profiled (000-broadcast, against the seed's 1/16) and
-- its IDC hit share at the fewest (000-cached, against cached_hit_min); a
-- value that prints alike on every GPU is given once, the verdicts grouped.
CREATE VIEW const_counter_claims_text AS
WITH b AS (SELECT i.*, d.ord, d.label, printf('%.2fx [%.2f, %.2f]', i.x, i.x_lo, i.x_hi) AS val
           FROM claim_idc i JOIN report_devices d USING (device_id) WHERE i.rk_most = 1),
c AS (SELECT i.*, d.ord, d.label, printf('%.1f%% [%.1f, %.1f]', 100 * i.hit, 100 * i.hit_lo, 100 * i.hit_hi) AS val
      FROM claim_idc i JOIN report_devices d USING (device_id) WHERE i.rk_fewest = 1),
fold(claim, t, cfg) AS (
  SELECT '000-broadcast', CASE WHEN count(DISTINCT val) = 1 AND count(*) > 1 THEN max(val) || ' on every GPU'
                               ELSE group_concat(val || ' on the ' || label, ' and ') END,
         CASE WHEN count(DISTINCT grid || 'x' || p) = 1 THEN printf('%d x %d, %d points', max(grid), max(grid), max(p)) END
  FROM (SELECT * FROM b ORDER BY ord)
  UNION ALL
  SELECT '000-cached', CASE WHEN count(DISTINCT val) = 1 AND count(*) > 1 THEN max(val) || ' on every GPU'
                            ELSE group_concat(val || ' on the ' || label, ' and ') END,
         CASE WHEN count(DISTINCT grid || 'x' || p) = 1 THEN printf('%d x %d, %d points', max(grid), max(grid), max(p)) END
  FROM (SELECT * FROM c ORDER BY ord)),
vd(claim, t) AS (SELECT claim_id, CASE WHEN count(DISTINCT verdict) = 1 THEN max(verdict) || ' on each GPU'
                                       ELSE group_concat(verdict || ' on the ' || label, '; ') END
                 FROM (SELECT v.claim_id, v.verdict, d.label FROM claim_verdict v JOIN report_devices d USING (device_id)
                       WHERE v.claim_id IN ('000-broadcast', '000-cached') ORDER BY d.ord)
                 GROUP BY claim_id)
SELECT printf('On chip, at k = 1 (%s), the constant kernel''s IDC requests per warp-level load, over the global kernel''s L1 requests, are %s (a broadcast to a half-warp, as the seed has it, would make them %.4fx): 000-broadcast %s.',
              coalesce(fb.cfg, 'the most points profiled'), fb.t, (SELECT value FROM seed_claim WHERE claim_id = '000-broadcast'), vb.t)
    || CASE WHEN fc.t IS NULL THEN ''
            ELSE printf(' Where the points fit the constant cache (%s), the share of its IDC requests that hit is %s (it must be at least %.0f%% over the passes): 000-cached %s.',
                        coalesce(fc.cfg, 'the fewest points profiled'), fc.t, 100 * (SELECT threshold FROM seed_claim WHERE claim_id = '000-cached'), vc.t) END AS text
FROM fold fb JOIN vd vb ON vb.claim = fb.claim LEFT JOIN fold fc ON fc.claim = '000-cached' LEFT JOIN vd vc ON vc.claim = '000-cached'
WHERE fb.claim = '000-broadcast' AND fb.t IS NOT NULL;
