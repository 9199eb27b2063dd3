-- Percent of theoretical DRAM bandwidth of every GPU variant at n = 2^24 and
-- 2^28 (int32, each variant at its best block size), in ladder order.
WITH d AS (SELECT device_id FROM report_device),
best AS (SELECT l.variant, l.n, max(l.pct_peak) AS pct FROM latest l
         WHERE l.study = 'reduce' AND l.dtype = 'int32' AND l.timer = 'cuda-event'
           AND l.device_id = (SELECT device_id FROM d) AND l.n IN (16777216, 268435456)
         GROUP BY l.variant, l.n)
SELECT 'all' AS grp, o.variant,
       (SELECT pct FROM best b WHERE b.variant = o.variant AND b.n = 16777216) AS "n = 2^{24}",
       (SELECT pct FROM best b WHERE b.variant = o.variant AND b.n = 268435456) AS "n = 2^{28}"
FROM reduce_order o WHERE o.variant IN (SELECT variant FROM best) ORDER BY o.ord;
