-- The flush bias: reduction throughput (int32, block 256, one launch per
-- sample) against n for CUB and the best hand-written variant under each
-- L2 flush, one panel per GPU model: 'clean' reads a buffer of twice the L2
-- (no dirty lines left), 'memset' writes one (the timed kernel pays for the
-- write-back), 'none' is the warm cache. The best hand-written variant of a
-- model is the fastest (mean over its machines) at its largest n measured
-- under the memset flush (clean flush). GB/s at the median over the model's
-- machines of their centres, and an interval holding every machine's.
WITH cs AS (SELECT c.*, m.mord, m.panel
            FROM config_stats c JOIN report_devices v USING (device_id) JOIN report_models m ON m.name = v.name
            WHERE c.study = 'reduce' AND c.dtype = 'int32' AND coalesce(c.block, 256) = 256 AND c.mode = 'single'
              AND c.timer = 'cuda-event' AND (c.n & (c.n - 1)) = 0
              AND (c.flush <> 'memset' OR c.config_key LIKE '% flush=memset%')), -- not rows from before flushes were recorded
nmax AS (SELECT mord, max(n) AS n FROM cs WHERE flush = 'memset' GROUP BY mord),
best AS (SELECT mord, variant FROM
           (SELECT cs.mord, cs.variant, row_number() OVER (PARTITION BY cs.mord ORDER BY avg(cs.gbps) DESC) AS rk
            FROM cs JOIN nmax USING (mord)
            WHERE cs.n = nmax.n AND cs.flush = 'clean' AND cs.variant NOT IN ('cub', 'cpu-serial')
              AND EXISTS (SELECT 1 FROM cs m WHERE m.mord = cs.mord AND m.variant = cs.variant AND m.flush = 'memset')
            GROUP BY cs.mord, cs.variant)
         WHERE rk = 1),
pick AS (SELECT cs.* FROM cs
         WHERE mord IN (SELECT mord FROM nmax) AND n >= (SELECT n_small FROM size)
           AND (variant = 'cub' OR EXISTS (SELECT 1 FROM best b WHERE b.mord = cs.mord AND b.variant = cs.variant)))
SELECT variant || ', ' || flush AS series, n, median(gbps) AS gbps,
       min(gbps_lo) AS gbps_lo, max(gbps_hi) AS gbps_hi, panel
FROM pick GROUP BY mord, variant, flush, n
ORDER BY mord, variant = 'cub', variant, flush, n;
