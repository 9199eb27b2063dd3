-- Throughput against n (powers of two), int32, block 256: one panel per GPU,
-- one series per variant of the ladder (GB/s at the median time and at the
-- ends of its 95% interval, config_stats), then the device's theoretical
-- peak and measured copy bandwidth.
WITH pts AS (SELECT c.device_id, c.variant, c.n, c.gbps, c.gbps_lo AS lo, c.gbps_hi AS hi, o.ord
             FROM stats_default c JOIN reduce_order o USING (variant)
             WHERE c.study = 'reduce' AND c.dtype = 'int32' AND c.block = 256 AND c.timer = 'cuda-event'
               AND (c.n & (c.n - 1)) = 0)
SELECT variant, n, gbps, lo, hi, v.label AS panel FROM (
  SELECT device_id, variant, n, gbps, lo, hi, ord FROM pts
  UNION ALL SELECT device_id, 'theoretical peak', n, max(peak_gbps), max(peak_gbps), max(peak_gbps), 100 FROM latest_default
    WHERE study = 'reduce' AND (n & (n - 1)) = 0 GROUP BY device_id, n
  UNION ALL SELECT device_id, 'measured copy', n, max(copy_gbps), max(copy_gbps), max(copy_gbps), 101 FROM latest_default
    WHERE study = 'reduce' AND (n & (n - 1)) = 0 GROUP BY device_id, n) x
JOIN report_devices v USING (device_id)
ORDER BY v.ord, x.ord, n;
