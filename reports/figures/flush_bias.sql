-- The flush bias: reduction throughput (int32, block 256, one launch per
-- sample) against n for CUB at its best and the best hand-written variant
-- under each L2 flush, one panel per GPU model: 'clean' reads a buffer of
-- twice the L2 (no dirty lines left), 'memset' writes one (the timed kernel
-- pays for the write-back), 'none' is the warm cache. The best hand-written
-- variant of a model (a step: reduce_role) is the fastest (mean over its
-- machines) at its largest n measured under the memset flush (clean flush);
-- CUB at its best is, on each machine, size and flush, the reference of the
-- least trial-1 time (reduce_ref_pick). GB/s at the median over the model's
-- machines of their centres, and its bracket: one machine's interval, or
-- the range of several machines' centres (as model_stats).
WITH cs AS (SELECT c.*, m.mord, m.panel, r.role
            FROM config_stats c JOIN report_devices v USING (device_id) JOIN report_models m ON m.name = v.name
                 JOIN reduce_role r USING (variant)
                 LEFT JOIN reduce_ref_pick p ON p.device_id = c.device_id AND p.dtype = c.dtype AND p.n = c.n
                                            AND p.flush = c.flush AND p.mode = c.mode
            WHERE (r.role = 'step' OR (r.role = 'reference' AND c.variant = p.variant)) AND c.study = 'reduce' AND c.dtype = 'int32' AND coalesce(c.block, 256) = 256 AND c.mode = 'single'
              AND c.timer = 'cuda-event' AND (c.n & (c.n - 1)) = 0
              AND (c.flush <> 'memset' OR c.config_key LIKE '% flush=memset%')), -- not rows from before flushes were recorded
nmax AS (SELECT mord, max(n) AS n FROM cs WHERE flush = 'memset' GROUP BY mord),
best AS (SELECT mord, variant FROM
           (SELECT cs.mord, cs.variant, row_number() OVER (PARTITION BY cs.mord ORDER BY avg(cs.gbps) DESC) AS rk
            FROM cs JOIN nmax USING (mord)
            WHERE cs.n = nmax.n AND cs.flush = 'clean' AND cs.role = 'step'
              AND EXISTS (SELECT 1 FROM cs m WHERE m.mord = cs.mord AND m.variant = cs.variant AND m.flush = 'memset')
            GROUP BY cs.mord, cs.variant)
         WHERE rk = 1),
pick AS (SELECT cs.* FROM cs
         WHERE mord IN (SELECT mord FROM nmax) AND n >= (SELECT n_small FROM size)
           AND (role = 'reference' OR EXISTS (SELECT 1 FROM best b WHERE b.mord = cs.mord AND b.variant = cs.variant))),
line AS (SELECT *, CASE WHEN role = 'reference' THEN 'CUB at its best' ELSE variant END AS kernel FROM pick)
SELECT kernel || ', ' || flush AS series, n, median(gbps) AS gbps,
       CASE WHEN count(*) = 1 THEN min(gbps_lo) ELSE min(gbps) END AS gbps_lo,
       CASE WHEN count(*) = 1 THEN max(gbps_hi) ELSE max(gbps) END AS gbps_hi, panel
FROM line GROUP BY mord, kernel, flush, n
ORDER BY mord, kernel = 'CUB at its best', kernel, flush, n;
