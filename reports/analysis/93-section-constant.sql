-- reports/analysis/93-section-constant.sql: the facts the constant-memory
-- section (reports/sections/30-constant.md) words. Applied in file-name
-- order before 90-cache.sql. Numbers only: the section writes the words.

-- Per GPU and study (distance, raytrace): the verified configurations of
-- the latest results, every mode (batch: those timed as batches of
-- launches, counted within), and the largest verification error beside the
-- smallest bound.
CREATE VIEW const_verified AS
SELECT v.device_id, v.ord, v.label, l.study, count(*) AS configs, sum(l.mode = 'batch') AS batch,
       max(l.max_err) AS max_err, min(l.tolerance) AS tol_min
FROM latest l JOIN report_devices v USING (device_id)
WHERE l.study IN ('distance', 'raytrace') AND l.cache = 'cold'
GROUP BY v.ord, l.study;

-- Constant against global memory per GPU, the section's short answer, from
-- the rows of the claims that judge it (so the table and the claims read
-- alike): at k = 1 over every (grid, P), claim 000-faster's parts (global
-- time over constant time, paired within each process): how many hold
-- (constant faster: the whole interval above one), do not (wholly at or
-- below) and are inconclusive, and the least and largest; the seed's own
-- field (256 x 256, 20 points) with its interval; at 2048 x 2048, 1024
-- points, the smallest k where constant is slower over the whole paired
-- interval (global over constant wholly below one) with constant's
-- slowdown there, and its slowdown at k = 32; the ray tracer (claim
-- 002-faster's parts) at the book's 1024 x 1024 and 100 spheres with its
-- interval, and the least and largest over every size and sphere count.
CREATE VIEW const_short_fact AS
WITH f AS MATERIALIZED (SELECT * FROM claim_part_verdict WHERE claim_id = '000-faster'),
r AS MATERIALIZED (SELECT * FROM claim_part_verdict WHERE claim_id = '002-faster'),
ck AS MATERIALIZED (SELECT x.device_id, json_extract(x.params, '$.k') AS k, 1 / x.ratio AS slow, 1 / x.hi AS slow_lo,
                           1 / x.lo AS slow_hi, x.hi < 1 AS slower
                    FROM pair_stats x, size z
                    WHERE x.kind = 'c-uniform' AND json_extract(x.params, '$.grid') = z.dist_grid
                      AND json_extract(x.params, '$.points') = z.dist_points),
lose AS (SELECT device_id, min(k) AS k FROM ck WHERE slower GROUP BY device_id)
SELECT v.device_id, v.ord, v.label,
  (SELECT count(*) FROM f WHERE f.device_id = v.device_id) AS n,
  (SELECT count(*) FROM f WHERE f.device_id = v.device_id AND f.verdict = 'holds') AS n_faster,
  (SELECT count(*) FROM f WHERE f.device_id = v.device_id AND f.verdict = 'does not hold') AS n_slower,
  (SELECT count(*) FROM f WHERE f.device_id = v.device_id AND f.verdict = 'inconclusive') AS n_open,
  (SELECT min(value) FROM f WHERE f.device_id = v.device_id) AS x_min,
  (SELECT max(value) FROM f WHERE f.device_id = v.device_id) AS x_max,
  (SELECT value FROM f WHERE f.device_id = v.device_id AND f.label LIKE 'grid=256 points=20 %') AS seed_x,
  (SELECT lo FROM f WHERE f.device_id = v.device_id AND f.label LIKE 'grid=256 points=20 %') AS seed_lo,
  (SELECT hi FROM f WHERE f.device_id = v.device_id AND f.label LIKE 'grid=256 points=20 %') AS seed_hi,
  (SELECT k FROM lose WHERE lose.device_id = v.device_id) AS lose_k,
  (SELECT slow FROM ck JOIN lose USING (device_id, k) WHERE ck.device_id = v.device_id) AS lose_x,
  (SELECT slow FROM ck WHERE ck.device_id = v.device_id AND k = 32) AS k32,
  (SELECT slow_lo FROM ck WHERE ck.device_id = v.device_id AND k = 32) AS k32_lo,
  (SELECT slow_hi FROM ck WHERE ck.device_id = v.device_id AND k = 32) AS k32_hi,
  (SELECT value FROM r WHERE r.device_id = v.device_id AND r.label LIKE 'size=1024 spheres=100 %') AS rt100,
  (SELECT lo FROM r WHERE r.device_id = v.device_id AND r.label LIKE 'size=1024 spheres=100 %') AS rt100_lo,
  (SELECT hi FROM r WHERE r.device_id = v.device_id AND r.label LIKE 'size=1024 spheres=100 %') AS rt100_hi,
  (SELECT min(value) FROM r WHERE r.device_id = v.device_id) AS rt_min,
  (SELECT max(value) FROM r WHERE r.device_id = v.device_id) AS rt_max
FROM report_devices v
WHERE EXISTS (SELECT 1 FROM latest_default l WHERE l.device_id = v.device_id AND l.study = 'distance');

-- The serialisation, a model checked against the measurements: a warp's
-- constant request is split into one request per distinct address, so at k
-- distinct points the constant reads take k passes. Per GPU and k
-- (distance field at 2048 x 2048, 1024 points): constant's time at k over
-- its time at k = 1 (pair kind c-k, paired within each process: x, lo,
-- hi); the model time(k) = time(1) (1 + (k - 1) f), f the share of the time
-- at k = 1 that the constant reads take, fitted at the largest k (share,
-- x_model: its prediction at every k); and the IDC requests at k = 32 over
-- k = 1 that Nsight Compute counted (idc_x, at the grid and points
-- profiled: claim_idc), which the model puts at 32.
CREATE VIEW const_serial_fact AS
WITH c AS MATERIALIZED (SELECT x.device_id, CAST(substr(x.pair_key, instr(x.pair_key, ' at k=') + 6) AS INTEGER) AS k,
                               x.ratio AS x, x.lo, x.hi
                        FROM pair_stats x, size z
                        WHERE x.kind = 'c-k' AND x.variant = 'constant' AND json_extract(x.params, '$.grid') = z.dist_grid
                          AND json_extract(x.params, '$.points') = z.dist_points),
top AS (SELECT device_id, k, (x - 1) / (k - 1) AS share FROM c
        WHERE k = (SELECT max(k) FROM c c2 WHERE c2.device_id = c.device_id))
SELECT c.device_id, v.ord, v.label, c.k, c.x, c.lo, c.hi, t.k AS fit_k, t.share, 1 + (c.k - 1) * t.share AS x_model,
       (SELECT max(i.c32_req / i.c_req) FROM claim_idc i WHERE i.device_id = c.device_id AND i.rk_most = 1) AS idc_x
FROM c JOIN top t USING (device_id) JOIN report_devices v USING (device_id);

-- The HTML's table "uniform" (30-constant.md): per grid, point count and
-- GPU at k = 1, the centre of each memory space's trials (config_stats),
-- constant against global and the fastest; ord: the table's order (P,
-- grid, GPU).
CREATE VIEW const_uniform_table AS
WITH r AS (SELECT device_id, variant, json_extract(params, '$.grid') AS side, json_extract(params, '$.points') AS p, median_ms AS ms FROM stats_default
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
-- curve's and the seed's), k and GPU, the centres of the four memory
-- spaces, constant against its k = 1 and against global; ord: the table's
-- order (grid descending, k, GPU).
CREATE VIEW const_divergent_table AS
WITH r AS (SELECT device_id, variant, json_extract(params, '$.grid') AS grid, json_extract(params, '$.points') AS p,
             json_extract(params, '$.k') AS k, median_ms AS ms FROM stats_default
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

-- The renders of the book's scene (1024 x 1024, 100 spheres) compared with
-- the CPU reference's image: how many (variants on every GPU) and their
-- largest channel difference.
CREATE VIEW const_raytrace_match AS
SELECT count(*) AS renders, CAST(max(max_err) AS INTEGER) AS max_diff FROM latest_default
WHERE study = 'raytrace' AND json_extract(params, '$.size') = (SELECT rt_side FROM size) AND json_extract(params, '$.spheres') = 100;

-- The HTML's table "raytrace" (30-constant.md): per image size, sphere
-- count and GPU, the centres of the three memory spaces and constant
-- against the other two; ord: the table's order (the book's size first).
CREATE VIEW const_raytrace_table AS
WITH r AS (SELECT device_id, variant, json_extract(params, '$.size') AS size, json_extract(params, '$.spheres') AS n, median_ms AS ms FROM stats_default
      WHERE study = 'raytrace' AND json_extract(params, '$.tile') = 16)
SELECT printf('%d x %d', size, size) AS "image", n AS "spheres", (SELECT label FROM report_devices v WHERE v.device_id = r.device_id) AS "GPU",
  printf('%.4f', max(CASE WHEN variant = 'global' THEN ms END)) AS "global ms",
  printf('%.4f', max(CASE WHEN variant = 'constant' THEN ms END)) AS "constant ms",
  printf('%.4f', max(CASE WHEN variant = 'readonly' THEN ms END)) AS "read-only ms",
  printf('%.2fx', max(CASE WHEN variant = 'global' THEN ms END) / max(CASE WHEN variant = 'constant' THEN ms END)) AS "constant vs global",
  printf('%.2fx', max(CASE WHEN variant = 'readonly' THEN ms END) / max(CASE WHEN variant = 'constant' THEN ms END)) AS "constant vs read-only",
  row_number() OVER (ORDER BY size = (SELECT rt_side FROM size) DESC, size, n, v.ord) AS ord
FROM r JOIN report_devices v USING (device_id) GROUP BY r.device_id, size, n;
