-- experiments/tools/compare.sql: pair the two sides' configurations, give each
-- pair a ratio NEW/BASE with its interval (statistic 'compare' of
-- reports/sqlstats.c: its level) and a verdict (`make compare`,
-- experiments/tools/compare). Runs in the output database after
-- compare-trials.sql has read both sides, with temp tables
--   opt(card INTEGER, band REAL)  card = 1: each local GPU's own trials (runs
--                                 BASE lacks) against BASE's GPUs of its model;
--                                 band: the default equivalence band (0.02 = ±2%)
--   band(study TEXT, band REAL)   a study's own band
--
-- Groups (side_group). Normal: a GPU on both sides (same device.uuid) is
-- compared with itself ('gpu'); a NEW GPU that BASE lacks is compared, with the
-- other such GPUs of its model pooled, against every BASE GPU of that model
-- ('model': the sides come from different machines). Card: 'card' groups only.
--
-- Method. Per side, the trials' medians of the configuration (group_stats):
-- n trials, their logarithms' mean m and standard deviation s. The ratio is
-- exp(m_new - m_base), the ratio of the geometric means; its interval is
-- ratio * exp(-+ t * se), se = sqrt(s_base^2 / n_base + s_new^2 / n_new),
-- t the two-sided quantile of Student's t at the level of the engine's
-- statistic 'compare' (stat_t(stat_level('compare'), df): 95% gives the
-- 97.5% quantile) with the Welch-Satterthwaite degrees of freedom (rounded
-- down, past a 1e-9 rounding error: wider), n_base + n_new - 2 where both s are 0.
-- Verdict, band b (the ratio's equivalence band [1/(1+b), 1+b], symmetric on
-- the log scale so that swapping the sides swaps faster and slower):
--   inconclusive  fewer than 2 trials on a side (no interval), or else
--   same          the whole interval inside the band
--   slower        the interval above 1 and not inside the band
--   faster        the interval below 1 and not inside the band
--   inconclusive  the interval holds 1 and reaches beyond the band
DELETE FROM side_group;
-- Card: a local GPU's trials are those of runs BASE lacks.
DELETE FROM side_trial WHERE (SELECT card FROM opt) = 1 AND side = 'new'
  AND run_uuid IN (SELECT run_uuid FROM side_trial WHERE side = 'base' AND run_uuid IS NOT NULL);

CREATE TEMP TABLE dev AS SELECT DISTINCT side, uuid, name FROM side_trial;
INSERT INTO side_group
SELECT 'gpu', d.uuid, d.side, d.uuid FROM dev d
WHERE (SELECT card FROM opt) = 0
  AND d.uuid IN (SELECT uuid FROM dev WHERE side = 'base') AND d.uuid IN (SELECT uuid FROM dev WHERE side = 'new');
INSERT INTO side_group
SELECT 'model', d.name, d.side, d.uuid FROM dev d
WHERE (SELECT card FROM opt) = 0
  AND d.name IN (SELECT name FROM dev n WHERE n.side = 'new' AND n.uuid NOT IN (SELECT uuid FROM dev WHERE side = 'base'))
  AND d.name IN (SELECT name FROM dev WHERE side = 'base')
  AND (d.side = 'base' OR d.uuid NOT IN (SELECT uuid FROM dev WHERE side = 'base'));
INSERT INTO side_group
SELECT 'card', n.uuid, 'new', n.uuid FROM dev n
WHERE (SELECT card FROM opt) = 1 AND side = 'new' AND name IN (SELECT name FROM dev WHERE side = 'base');
INSERT INTO side_group
SELECT 'card', n.uuid, 'base', b.uuid FROM dev n JOIN dev b ON b.side = 'base' AND b.name = n.name
WHERE (SELECT card FROM opt) = 1 AND n.side = 'new';

-- Each group's name, as printed: a GPU is its model and the start of its uuid.
CREATE TEMP TABLE grp_label AS
SELECT level, grp,
       (SELECT CASE WHEN count(*) = 1 THEN max(d.name) || ' #' || substr(max(d.uuid), 1, 4)
                    ELSE max(d.name) || ' (' || count(*) || ' GPUs)' END
        FROM side_group g2 JOIN dev d ON d.side = g2.side AND d.uuid = g2.uuid
        WHERE g2.level = g.level AND g2.grp = g.grp AND g2.side = 'base') AS base_gpus,
       (SELECT CASE WHEN count(*) = 1 THEN max(d.name) || ' #' || substr(max(d.uuid), 1, 4)
                    ELSE max(d.name) || ' (' || count(*) || ' GPUs)' END
        FROM side_group g2 JOIN dev d ON d.side = g2.side AND d.uuid = g2.uuid
        WHERE g2.level = g.level AND g2.grp = g.grp AND g2.side = 'new') AS new_gpus
FROM (SELECT DISTINCT level, grp FROM side_group) g;

CREATE TEMP TABLE st AS SELECT * FROM group_stats;
CREATE INDEX temp.st_by_cfg ON st(level, grp, side, cfg);

-- A configuration whose two sides hold the very same trials (a set compared
-- with itself) is one measurement, not two: its ratio is exactly 1 and has
-- no spread, whatever the trials' own spread. The very same trials: the
-- same runs (run_uuid; none on either side for a set that has none) with
-- the same values (median_ms and raw_median_ms), each as often on both
-- sides. The same runs with other values (edited, or re-measured under
-- their ids) are two measurements, compared as such.
CREATE TEMP TABLE tr AS
  SELECT g.level, g.grp, t.side, t.cfg, t.run_uuid, t.median_ms, t.raw_median_ms, count(*) AS k
  FROM side_group g JOIN side_trial t ON t.side = g.side AND t.uuid = g.uuid
  GROUP BY g.level, g.grp, t.side, t.cfg, t.run_uuid, t.median_ms, t.raw_median_ms;
CREATE INDEX temp.tr_by ON tr(level, grp, cfg, side, run_uuid);
CREATE TEMP TABLE same_trials AS
  SELECT b.level, b.grp, b.cfg FROM st b JOIN st w ON w.level = b.level AND w.grp = b.grp AND w.cfg = b.cfg
    AND w.side = 'new'
  WHERE b.side = 'base' AND b.runs = w.runs
    AND (SELECT count(*) FROM tr x WHERE x.level = b.level AND x.grp = b.grp AND x.cfg = b.cfg AND x.side = 'base')
      = (SELECT count(*) FROM tr y WHERE y.level = b.level AND y.grp = b.grp AND y.cfg = b.cfg AND y.side = 'new')
    AND NOT EXISTS (SELECT 1 FROM tr x WHERE x.level = b.level AND x.grp = b.grp AND x.cfg = b.cfg AND x.side = 'base'
                      AND NOT EXISTS (SELECT 1 FROM tr y WHERE y.level = x.level AND y.grp = x.grp AND y.cfg = x.cfg
                                        AND y.side = 'new' AND y.run_uuid IS x.run_uuid AND y.median_ms = x.median_ms
                                        AND y.raw_median_ms IS x.raw_median_ms AND y.k = x.k));
CREATE INDEX temp.same_by ON same_trials(level, grp, cfg);

DROP TABLE IF EXISTS compare_verdict;
CREATE TABLE compare_verdict (
  level        TEXT NOT NULL,          -- 'gpu', 'model' or 'card' (see above)
  grp          TEXT NOT NULL,          -- the group: a uuid or a model name
  base_gpus    TEXT NOT NULL,          -- BASE's GPUs: 'NAME #uuid4' or 'NAME (k GPUs)'
  new_gpus     TEXT NOT NULL,          -- NEW's, the same way
  study        TEXT NOT NULL,          -- the configuration (as in result)
  variant      TEXT NOT NULL,
  dtype        TEXT,
  n            INTEGER,
  block        INTEGER,
  params       TEXT NOT NULL,
  flush        TEXT NOT NULL,
  mode         TEXT NOT NULL,
  label        TEXT NOT NULL,          -- the configuration in one line, for people
  base_runs    INTEGER NOT NULL,       -- trials on each side
  new_runs     INTEGER NOT NULL,
  base_ms      REAL NOT NULL,          -- geometric mean of the trials' medians
  new_ms       REAL NOT NULL,
  base_median_ms REAL NOT NULL,        -- median of the trials' values (config_stats' value)
  new_median_ms  REAL NOT NULL,
  base_sd_rel  REAL,                   -- trial-to-trial sd of the log medians (NULL: 1 trial)
  new_sd_rel   REAL,
  ratio        REAL NOT NULL,          -- new_ms / base_ms
  lo           REAL,                   -- its interval at stat_level('compare') (NULL: fewer than 2 trials on a side)
  hi           REAL,
  df           REAL,                   -- Welch-Satterthwaite degrees of freedom
  band         REAL NOT NULL,          -- equivalence band b: same = interval in [1/(1+b), 1+b]
  verdict      TEXT NOT NULL CHECK (verdict IN ('faster', 'slower', 'same', 'inconclusive')),
  reason       TEXT NOT NULL,          -- why, in words
  change_rank  INTEGER NOT NULL        -- 1 = the largest |log ratio|; the tables' order
);

INSERT INTO compare_verdict
WITH p AS (
  SELECT b.level, b.grp, b.cfg, b.study, b.variant, b.dtype, b.n, b.block, b.params, b.flush, b.mode,
         b.runs AS nb, w.runs AS nn, b.gmean_ms AS base_ms, w.gmean_ms AS new_ms,
         b.median_ms AS base_median_ms, w.median_ms AS new_median_ms, b.sd_rel AS sb, w.sd_rel AS sn,
         w.gmean_ms / b.gmean_ms AS ratio,
         coalesce((SELECT band FROM band WHERE band.study = b.study), (SELECT band FROM opt)) AS band,
         EXISTS (SELECT 1 FROM same_trials x WHERE x.level = b.level AND x.grp = b.grp AND x.cfg = b.cfg) AS same_trials
  FROM st b JOIN st w ON w.level = b.level AND w.grp = b.grp AND w.side = 'new' AND w.cfg = b.cfg
  WHERE b.side = 'base'),
v AS (
  SELECT *, CASE WHEN same_trials THEN 0 ELSE sb * sb / nb END AS vb,
            CASE WHEN same_trials THEN 0 ELSE sn * sn / nn END AS vn FROM p),
w AS (
  SELECT *, sqrt(vb + vn) AS se,
         CASE WHEN vb + vn > 0 THEN (vb + vn) * (vb + vn) / (vb * vb / (nb - 1) + vn * vn / (nn - 1))
              ELSE nb + nn - 2 END AS df
  FROM v WHERE (nb >= 2 AND nn >= 2) OR same_trials
  UNION ALL
  SELECT *, NULL, NULL FROM v WHERE (nb < 2 OR nn < 2) AND NOT same_trials),
t AS (
  SELECT *, CASE WHEN df + 1e-9 < 1 THEN NULL
                 ELSE stat_t(stat_level('compare'), CAST(df + 1e-9 AS INTEGER)) END AS tq
  FROM w),
i AS (
  SELECT *, CASE WHEN same_trials THEN ratio ELSE ratio * exp(-tq * se) END AS lo,
            CASE WHEN same_trials THEN ratio ELSE ratio * exp(tq * se) END AS hi FROM t),
d AS (
  SELECT *, CASE WHEN lo IS NULL THEN 'inconclusive'
                 WHEN lo >= 1 / (1 + band) AND hi <= 1 + band THEN 'same'
                 WHEN lo > 1 THEN 'slower'
                 WHEN hi < 1 THEN 'faster'
                 ELSE 'inconclusive' END AS verdict
  FROM i)
SELECT d.level, d.grp, l.base_gpus, l.new_gpus, study, variant, dtype, n, block, params, flush, mode,
       study || ' ' || variant || coalesce(' ' || dtype, '') || coalesce(' n=' || n, '')
         || coalesce(' block=' || block, '')
         || coalesce((SELECT ' ' || group_concat(key || '=' || CASE WHEN type = 'text' THEN value ELSE atom END, ' ')
                      FROM json_each(CASE WHEN json_valid(params) THEN params ELSE '{}' END)), '')
         || ' flush=' || flush || CASE mode WHEN 'single' THEN '' ELSE ' mode=' || mode END,
       nb, nn, base_ms, new_ms, base_median_ms, new_median_ms, sb, sn, ratio, lo, hi, df, band, verdict,
       CASE WHEN same_trials THEN printf('the same %d trial%s on both sides: one measurement', nb,
                                         CASE nb WHEN 1 THEN '' ELSE 's' END)
            WHEN lo IS NULL THEN printf('%d trial%s in BASE, %d in NEW: an interval needs 2 on each side',
                                        nb, CASE nb WHEN 1 THEN '' ELSE 's' END, nn)
            WHEN verdict = 'same' THEN printf('interval inside +-%.1f%%', 100 * band)
            WHEN verdict = 'slower' THEN printf('interval above 1, reaches beyond +%.1f%%', 100 * band)
            WHEN verdict = 'faster' THEN printf('interval below 1, reaches beyond -%.1f%%', 100 * band)
            ELSE printf('interval holds 1 and reaches beyond +-%.1f%%; trial sd %.1f%% (BASE), %.1f%% (NEW)',
                        100 * band, 100 * sb, 100 * sn) END,
       row_number() OVER (ORDER BY round(abs(ln(ratio)), 9) DESC, d.level, l.new_gpus, study, variant, dtype, n, block,
                          params, flush, mode)
FROM d JOIN grp_label l ON l.level = d.level AND l.grp = d.grp;
