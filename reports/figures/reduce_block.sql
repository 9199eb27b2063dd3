-- Throughput against block size at n = 2^24, int32: one series per variant.
SELECT l.variant, l.block, l.gbps FROM latest l JOIN reduce_order o USING (variant)
WHERE l.study = 'reduce' AND l.dtype = 'int32' AND l.n = 16777216 AND l.timer = 'cuda-event'
  AND l.variant <> 'cub' AND l.device_id = (SELECT device_id FROM report_device)
ORDER BY o.ord, l.block;
