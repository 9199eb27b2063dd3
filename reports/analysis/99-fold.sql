-- reports/analysis/99-fold.sql: one sentence for every GPU, not one per GPU.
-- (What remains of it: the reduction section's count of verified
-- configurations reads it; the other sections fold their facts with
-- fmt_fold, reports/format.c, in their own words.)
-- A section's per-GPU phrase (view gpu_phrase: topic, GPU order, label,
-- phrase) is folded by view gpu_fold: GPUs whose phrase is the same share it
-- ('1449 on every GPU', '67% on the H200 #ce8e, the H200 #2f62; 73% on the
-- H100'), so a sentence never repeats itself once per GPU with the same
-- numbers. Applied in file-name order before 90-cache.sql; it writes markup
-- around database text, so nothing here is cached there.
CREATE VIEW gpu_phrase AS
-- verified configurations of the reduction study
SELECT 'reduce_verified' AS topic, v.ord, v.label, printf('%d', count(c.config_key)) AS phrase
FROM report_devices v JOIN stats_default c ON c.device_id = v.device_id AND c.study = 'reduce' GROUP BY v.ord;

CREATE VIEW gpu_fold AS
WITH g AS (SELECT topic, phrase, min(ord) AS o, count(*) AS n, group_concat(label, ', the ') AS labels
           FROM (SELECT * FROM gpu_phrase ORDER BY ord) GROUP BY topic, phrase),
t AS (SELECT topic, count(*) AS groups, sum(n) AS gpus FROM g GROUP BY topic)
SELECT g.topic, t.groups,
  CASE WHEN t.groups = 1 AND t.gpus = (SELECT count(*) FROM report_devices) AND t.gpus > 1 THEN max(g.phrase) || ' on every GPU'
       ELSE group_concat(g.phrase || ' on the ' || g.labels, '; ') END AS text
FROM (SELECT * FROM g ORDER BY o) g JOIN t USING (topic) GROUP BY g.topic;
