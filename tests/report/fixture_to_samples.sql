-- tests/report/fixture_to_samples.sql: applied after the report fixtures
-- (which state each result's statistics in the columns
-- tests/report/fixture_stat_columns.sql adds), it gives every 'ok' result
-- with a stated median nine samples (result_sample, whole nanoseconds;
-- result.reps = 9) that have the statistics the fixture states, as the
-- report computes them (reports/sqlstats.c): sorted, they are
--   L, A, A, C, M, D, B, H, X
-- M the median and the value (the interquartile mean, samples 3 to 7: C and
-- D are chosen in [A, M] and [M, B] so that A + C + M + D + B = 5 M, which
-- they can where neither quartile lies more than twice as far from M as the
-- other; else as near as they can); L and H the ends (ci_lo_ms, ci_hi_ms;
-- where the fixture states none, its quartiles: order statistics 1 and 8 of
-- nine); A and B the quartiles (samples 3 and 7), kept within [L, M] and
-- [M, H]; X, at or above H, makes their relative
-- standard deviation the stated rsd, or just under it (X rounded down: a
-- stated 0.01 stays at most 0.01). Where the quartiles alone spread the
-- samples beyond the stated rsd, A and B are M instead (the quartiles give
-- way to the rsd); where even that does, or no rsd is stated, X is H. Every
-- value is whole nanoseconds (at least 1). Then the statistic columns are
-- dropped: the database is one of the schema.
CREATE TEMP TABLE fx AS
SELECT result_id, rsd, nl, max(nl, min(nm, coalesce(nq1, nl))) AS na, nm, min(nh, max(nm, coalesce(nq3, nh))) AS nb, nh
FROM (SELECT result_id, rsd, max(1, CAST(round(median_ms * 1e6) AS INTEGER)) AS nm,
             max(1, CAST(round(min(median_ms, coalesce(ci_lo_ms, q1_ms, median_ms)) * 1e6) AS INTEGER)) AS nl,
             max(1, CAST(round(max(median_ms, coalesce(ci_hi_ms, q3_ms, median_ms)) * 1e6) AS INTEGER)) AS nh,
             max(1, CAST(round(q1_ms * 1e6) AS INTEGER)) AS nq1, max(1, CAST(round(q3_ms * 1e6) AS INTEGER)) AS nq3
      FROM result WHERE status = 'ok' AND median_ms > 0);
-- Both choices of A and B (k = 0: the quartiles, 1: the median), each with
-- S and Q, the sum and the sum of squares of its eight samples but X; for
-- nine samples of rsd r, X solves (81 - c) X^2 - 2 c S X + 81 Q - c S^2 = 0,
-- c = 9 + 8 r^2 (the larger root, if it is at least H).
CREATE TEMP TABLE fx2 AS
WITH v0 AS (SELECT result_id, rsd, 0 AS k, nl, na, nm, nb, nh FROM fx
            UNION ALL SELECT result_id, rsd, 1, nl, nm, nm, nm, nh FROM fx),
v1 AS (SELECT v0.*, max(na, min(nm, 4 * nm - na - nb - nm)) AS nc FROM v0),
v AS (SELECT v1.*, max(nm, min(nb, 4 * nm - na - nb - nc)) AS nd FROM v1),
s AS (SELECT v.*, 9 + 8 * coalesce(rsd, 0) * coalesce(rsd, 0) AS c,
             1.0 * nl + 2 * na + nc + nm + nd + nb + nh AS s,
             1.0 * nl * nl + 2.0 * na * na + 1.0 * nc * nc + 1.0 * nm * nm + 1.0 * nd * nd + 1.0 * nb * nb
               + 1.0 * nh * nh AS q FROM v)
SELECT s.*, CASE WHEN rsd IS NOT NULL AND 81 - c > 0 AND c * c * s * s - (81 - c) * (81 * q - c * s * s) >= 0
                 THEN CAST(floor((c * s + sqrt(c * c * s * s - (81 - c) * (81 * q - c * s * s))) / (81 - c)) AS INTEGER)
            END AS nx
FROM s;
INSERT INTO result_sample (result_id, ns)
SELECT result_id, printf('%d %d %d %d %d %d %d %d %d', nl, na, na, nc, nm, nd, nb, nh, max(nh, coalesce(nx, nh)))
FROM fx2 f
WHERE k = (SELECT CASE WHEN q.nx >= q.nh OR q.rsd IS NULL THEN 0 WHEN m.nx >= m.nh THEN 1 ELSE 0 END
           FROM fx2 q JOIN fx2 m USING (result_id) WHERE q.result_id = f.result_id AND q.k = 0 AND m.k = 1);
UPDATE result SET reps = 9 WHERE result_id IN (SELECT result_id FROM fx);
DROP TABLE fx;
DROP TABLE fx2;
ALTER TABLE result DROP COLUMN median_ms;
ALTER TABLE result DROP COLUMN min_ms;
ALTER TABLE result DROP COLUMN max_ms;
ALTER TABLE result DROP COLUMN q1_ms;
ALTER TABLE result DROP COLUMN q3_ms;
ALTER TABLE result DROP COLUMN mean_ms;
ALTER TABLE result DROP COLUMN rsd;
ALTER TABLE result DROP COLUMN ci_lo_ms;
ALTER TABLE result DROP COLUMN ci_hi_ms;
