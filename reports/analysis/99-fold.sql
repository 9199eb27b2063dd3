-- reports/analysis/99-fold.sql: one sentence for every GPU, not one per GPU.
-- A section's per-GPU phrase (view gpu_phrase: topic, GPU order, label,
-- phrase) is folded by view gpu_fold: GPUs whose phrase is the same share it
-- ('1449 on every GPU', '67% on the H200 #ce8e, the H200 #2f62; 73% on the
-- H100'), so a sentence never repeats itself once per GPU with the same
-- numbers. Applied in file-name order before 90-cache.sql; it writes markup
-- around database text, so nothing here is cached there.
CREATE VIEW gpu_phrase AS
-- verified configurations of the reduction study
SELECT 'reduce_verified' AS topic, v.ord, v.label, printf('%d', count(c.config_key)) AS phrase
FROM report_devices v JOIN stats_default c ON c.device_id = v.device_id AND c.study = 'reduce' GROUP BY v.ord
UNION ALL
-- verified configurations of the distance field and the ray tracer
SELECT 'const_verified', v.ord, v.label, printf('%d distance-field and %d ray-tracer configurations', sum(l.study = 'distance'), sum(l.study = 'raytrace'))
FROM latest_default l JOIN report_devices v USING (device_id) WHERE l.study IN ('distance', 'raytrace') GROUP BY v.ord
UNION ALL
-- verified configurations of the access study, by L1 mode
SELECT 'access_verified', v.ord, v.label, printf('%d (%d with L1 caching, %d without)', count(*), sum(json_extract(l.params, '$.l1') = 'ca'), sum(json_extract(l.params, '$.l1') = 'cg'))
FROM latest_default l JOIN report_devices v USING (device_id) WHERE l.study = 'access' GROUP BY v.ord
UNION ALL
-- verified configurations of the stencil, with the largest error and its bound
SELECT 'stencil_verified', v.ord, v.label,
  printf('%d', count(*)) || CASE WHEN max(l.max_err) = 0 THEN ', every output exact' ELSE printf(' (largest error %.2g, bound %.2g)', max(l.max_err), min(l.tolerance)) END
FROM latest_default l JOIN report_devices v USING (device_id) WHERE l.study = 'stencil' GROUP BY v.ord
UNION ALL
-- the access study's DRAM bytes at offset 11 over offset 0, L1 off and on (access_dram11)
SELECT 'access_dram11', ord, label, printf('%.3fx and %.3fx', cg, ca) FROM access_dram11
UNION ALL
-- the strided read's share of the stride-1 throughput at strides 2, 8 and 32 (access_stride_keep)
SELECT 'access_strides', ord, label, printf('%.0f%%, %.0f%% and %.0f%%', s2, s8, s32) FROM access_stride_keep
UNION ALL
-- samples discarded for a low clock
SELECT 'clock_discarded', v.ord, v.label, printf('%d', sum(l.clock_discarded))
FROM latest l JOIN report_devices v USING (device_id) WHERE l.clock_mhz IS NOT NULL GROUP BY v.ord;

CREATE VIEW gpu_fold AS
WITH g AS (SELECT topic, phrase, min(ord) AS o, count(*) AS n, group_concat(label, ', the ') AS labels
           FROM (SELECT * FROM gpu_phrase ORDER BY ord) GROUP BY topic, phrase),
t AS (SELECT topic, count(*) AS groups, sum(n) AS gpus FROM g GROUP BY topic)
SELECT g.topic, t.groups,
  CASE WHEN t.groups = 1 AND t.gpus = (SELECT count(*) FROM report_devices) AND t.gpus > 1 THEN max(g.phrase) || ' on every GPU'
       ELSE group_concat(g.phrase || ' on the ' || g.labels, '; ') END AS text
FROM (SELECT * FROM g ORDER BY o) g JOIN t USING (topic) GROUP BY g.topic;
