-- Throughput against block size at n = 2^24, int32: one panel per GPU, one
-- series per variant (config_stats).
SELECT c.variant, c.block, c.gbps, v.label AS panel FROM stats_default c JOIN reduce_order o USING (variant)
JOIN report_devices v USING (device_id)
WHERE c.study = 'reduce' AND c.dtype = 'int32' AND c.n = 16777216 AND c.timer = 'cuda-event' AND c.variant <> 'cub'
ORDER BY v.ord, o.ord, c.block;
