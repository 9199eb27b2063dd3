-- reports/analysis/80-figures.sql: which series of the figures coincide.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).

-- -------------------------------------------------------------- figures --
-- Which series of a figure coincide (its points: tables figure and
-- figure_point, reports/schema.sql, filled by reports/figure_points.sh):
-- two series of one panel coincide when they have the same x values and every y differs by at most
-- coincide_rel (relative to the larger). figure_coincide_group gives each
-- figure's groups of coinciding series and the panels (GPUs) where they
-- coincide, as facts; the captions word them.
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
-- Which series coincide, as facts (the appendix's table of the HTML and
-- the reduction section's figure captions word them): per figure, each
-- group of coinciding series (each series joins the first one it coincides
-- with; series: their names, quoted, in the query's order) and where
-- (panels: the panels' titles, GPUs or models; n_panels: how many;
-- panels_all: the figure's count of panels; every_panel: 1 where the group
-- coincides on every panel of the figure); a figure with none has no row.
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
SELECT g.figure, g.series, group_concat(g.panel, ', ') AS panels, count(*) AS n_panels, np.n AS panels_all, count(*) = np.n AS every_panel,
       min(g.ord) AS ord
FROM (SELECT g.*, (SELECT min(s.ord) FROM ser s WHERE s.figure = g.figure AND s.panel = g.panel) AS pord FROM g
      ORDER BY g.figure, pord) g JOIN np USING (figure)
GROUP BY g.figure, g.series;
