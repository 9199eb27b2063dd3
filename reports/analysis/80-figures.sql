-- reports/analysis/80-figures.sql: which series of the figures coincide.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).

-- -------------------------------------------------------------- figures --
-- Which series of a figure coincide (its points: tables figure and
-- figure_point, reports/schema.sql, filled by reports/figure_points.sh):
-- two series of one panel coincide when they have the same x values and every y differs by at most
-- coincide_rel (relative to the larger). figure_coincide gives each
-- figure's caption note: the groups of coinciding series (each series joins
-- the first one it coincides with), and the panels (GPUs) where they do.
INSERT OR REPLACE INTO report_setting VALUES
  ('coincide_rel', 0.02, 'two series of a figure coincide (one hides the other) when every point differs by at most this fraction');
CREATE VIEW figure_series AS
SELECT figure, panel, series, min(id) AS ord, count(*) AS points FROM figure_point GROUP BY figure, panel, series;
CREATE VIEW figure_coincide_pair AS
SELECT a.figure, a.panel, a.series AS s1, b.series AS s2, sa.ord AS ord1, sb.ord AS ord2,
       max(abs(a.y - b.y) / nullif(max(abs(a.y), abs(b.y)), 0)) AS rel
FROM figure_point a JOIN figure_point b ON b.figure = a.figure AND b.panel = a.panel AND b.x = a.x AND b.series <> a.series
JOIN figure_series sa ON sa.figure = a.figure AND sa.panel = a.panel AND sa.series = a.series
JOIN figure_series sb ON sb.figure = b.figure AND sb.panel = b.panel AND sb.series = b.series AND sb.ord > sa.ord
GROUP BY a.figure, a.panel, a.series, b.series
HAVING count(*) = max(sa.points) AND count(*) = max(sb.points) AND count(*) >= 2
   AND coalesce(max(abs(a.y - b.y) / nullif(max(abs(a.y), abs(b.y)), 0)), 0)
       <= (SELECT value FROM report_setting WHERE key = 'coincide_rel');
-- The caption note of every figure: its groups of coinciding series (each
-- series joins the first one it coincides with; a list "a, b and c" in the
-- query's order) and the panels (GPUs) where each group coincides, or that
-- no two series coincide.
CREATE VIEW figure_coincide AS
WITH p AS MATERIALIZED (SELECT * FROM figure_coincide_pair),
ser AS MATERIALIZED (SELECT * FROM figure_series),
lead AS MATERIALIZED (SELECT figure, panel, s2 AS series, min(ord2) AS ord,
                             (SELECT q.s1 FROM p q WHERE q.figure = c.figure AND q.panel = c.panel AND q.s2 = c.s2
                              ORDER BY q.ord1 LIMIT 1) AS leader
                      FROM p c GROUP BY figure, panel, s2),
-- a series that coincides with an earlier one leads no group of its own
m AS MATERIALIZED (SELECT l.figure, l.panel, l.leader, l.series, l.ord FROM lead l
                   WHERE NOT EXISTS (SELECT 1 FROM lead l2 WHERE l2.figure = l.figure AND l2.panel = l.panel AND l2.series = l.leader)
                   UNION
                   SELECT l.figure, l.panel, l.leader, l.leader, s.ord FROM lead l JOIN ser s ON s.figure = l.figure
                     AND s.panel = l.panel AND s.series = l.leader
                   WHERE NOT EXISTS (SELECT 1 FROM lead l2 WHERE l2.figure = l.figure AND l2.panel = l.panel AND l2.series = l.leader)),
n AS (SELECT m.*, row_number() OVER (PARTITION BY figure, panel, leader ORDER BY ord) AS rn,
             count(*) OVER (PARTITION BY figure, panel, leader) AS cnt FROM m),
g AS MATERIALIZED (SELECT figure, panel, min(ord) AS ord, group_concat(item, '') AS what
                   FROM (SELECT n.*, '"' || series || '"' || CASE WHEN rn = cnt THEN '' WHEN rn = cnt - 1 THEN ' and ' ELSE ', ' END AS item
                         FROM n ORDER BY figure, panel, leader, rn)
                   GROUP BY figure, panel, leader),
np AS (SELECT f.name AS figure, (SELECT count(DISTINCT panel) FROM ser s WHERE s.figure = f.name) AS n FROM figure f),
pl AS (SELECT figure, what, min(ord) AS ord, count(*) AS n, group_concat(panel, ', ') AS panels
       FROM (SELECT g.*, (SELECT min(s.ord) FROM ser s WHERE s.figure = g.figure AND s.panel = g.panel) AS pord
             FROM g ORDER BY g.figure, pord)
       GROUP BY figure, what),
t AS (SELECT figure, group_concat(item, '; ') AS groups
      FROM (SELECT pl.figure, pl.what || CASE WHEN np.n <= 1 OR pl.panels = '' THEN ''
                                             WHEN pl.n = np.n THEN ' (on every GPU)'
                                             ELSE ' (on the ' || replace(pl.panels, ', ', ', the ') || ')' END AS item
            FROM pl JOIN np USING (figure) ORDER BY pl.figure, pl.ord)
      GROUP BY figure)
SELECT np.figure,
       CASE WHEN t.groups IS NULL THEN printf('No two series coincide within %g%%.', 100 * s.value)
            ELSE printf('Series that coincide within %g%%, drawn on top of each other: %s.', 100 * s.value, t.groups)
       END AS note
FROM np LEFT JOIN t USING (figure), (SELECT value FROM report_setting WHERE key = 'coincide_rel') s;

-- The same as facts (the appendix's table of the HTML words them): per
-- figure, each group of coinciding series (series: their names, quoted,
-- in the query's order) and where (panels: the panels' titles, GPUs or
-- models; every_panel: 1 where the group coincides on every panel of the
-- figure); a figure with none has no row. (figure_coincide above writes the
-- captions' sentence of the figures that still print it: the reduction
-- section's; it goes when they read this.)
CREATE VIEW figure_coincide_group AS
WITH p AS MATERIALIZED (SELECT * FROM figure_coincide_pair),
ser AS MATERIALIZED (SELECT * FROM figure_series),
lead AS MATERIALIZED (SELECT figure, panel, s2 AS series, min(ord2) AS ord,
                             (SELECT q.s1 FROM p q WHERE q.figure = c.figure AND q.panel = c.panel AND q.s2 = c.s2
                              ORDER BY q.ord1 LIMIT 1) AS leader
                      FROM p c GROUP BY figure, panel, s2),
m AS MATERIALIZED (SELECT l.figure, l.panel, l.leader, l.series, l.ord FROM lead l
                   WHERE NOT EXISTS (SELECT 1 FROM lead l2 WHERE l2.figure = l.figure AND l2.panel = l.panel AND l2.series = l.leader)
                   UNION
                   SELECT l.figure, l.panel, l.leader, l.leader, s.ord FROM lead l JOIN ser s ON s.figure = l.figure
                     AND s.panel = l.panel AND s.series = l.leader
                   WHERE NOT EXISTS (SELECT 1 FROM lead l2 WHERE l2.figure = l.figure AND l2.panel = l.panel AND l2.series = l.leader)),
g AS MATERIALIZED (SELECT figure, panel, min(ord) AS ord, group_concat('"' || series || '"', ', ') AS series
                   FROM (SELECT * FROM m ORDER BY figure, panel, leader, ord) GROUP BY figure, panel, leader),
np AS (SELECT figure, count(DISTINCT panel) AS n FROM ser GROUP BY figure)
SELECT g.figure, g.series, group_concat(g.panel, ', ') AS panels, count(*) AS n_panels, count(*) = np.n AS every_panel,
       min(g.ord) AS ord
FROM (SELECT g.*, (SELECT min(s.ord) FROM ser s WHERE s.figure = g.figure AND s.panel = g.panel) AS pord FROM g
      ORDER BY g.figure, pord) g JOIN np USING (figure)
GROUP BY g.figure, g.series;
