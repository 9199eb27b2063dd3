-- The flush bias: reduction throughput (int32, block 256, one launch per
-- sample) against n for CUB and the best hand-written variant under each
-- L2 flush, per GPU: 'clean' reads a buffer of twice the L2 (no dirty lines
-- left), 'memset' writes one (the timed kernel pays for the write-back),
-- 'none' is the warm cache. The best hand-written variant of a GPU is the
-- fastest at its largest n measured under the memset flush (clean flush).
-- GB/s at the median of the run medians, and at the interval's ends.
WITH cs AS (SELECT c.*, (SELECT dl.label FROM device_label dl WHERE dl.device_id = c.device_id) AS label
            FROM config_stats c
            WHERE c.study = 'reduce' AND c.dtype = 'int32' AND coalesce(c.block, 256) = 256 AND c.mode = 'single'
              AND c.timer = 'cuda-event' AND (c.n & (c.n - 1)) = 0
              AND (c.flush <> 'memset' OR c.config_key LIKE '% flush=memset%')), -- not rows from before flushes were recorded
nmax AS (SELECT device_id, max(n) AS n FROM cs WHERE flush = 'memset' GROUP BY device_id),
best AS (SELECT device_id, variant FROM
           (SELECT cs.device_id, cs.variant,
                   row_number() OVER (PARTITION BY cs.device_id ORDER BY cs.gbps DESC) AS rk
            FROM cs JOIN nmax USING (device_id)
            WHERE cs.n = nmax.n AND cs.flush = 'clean' AND cs.variant NOT IN ('cub', 'cpu-serial')
              AND EXISTS (SELECT 1 FROM cs m WHERE m.device_id = cs.device_id AND m.variant = cs.variant
                            AND m.flush = 'memset'))
         WHERE rk = 1)
SELECT label || ' ' || variant || ', ' || flush AS series, n, gbps, gbps_lo, gbps_hi
FROM cs
WHERE device_id IN (SELECT device_id FROM nmax)
  AND (variant = 'cub' OR EXISTS (SELECT 1 FROM best b WHERE b.device_id = cs.device_id AND b.variant = cs.variant))
  AND n >= 1048576
ORDER BY label, variant = 'cub', variant, flush, n;
