-- Throughput against n (powers of two), int32, block 256: one series per GPU
-- variant of the ladder (GB/s at the median, third and first quartile
-- times), then the device's theoretical peak and measured copy.
WITH d AS (SELECT device_id FROM report_device),
pts AS (SELECT l.variant, l.n, l.gbps, (l.bytes_read + l.bytes_written) / (l.q3_ms * 1e6) AS lo,
               (l.bytes_read + l.bytes_written) / (l.q1_ms * 1e6) AS hi, o.ord FROM latest l JOIN reduce_order o USING (variant)
        WHERE l.study = 'reduce' AND l.dtype = 'int32' AND l.block = 256 AND l.timer = 'cuda-event'
          AND l.device_id = (SELECT device_id FROM d) AND (l.n & (l.n - 1)) = 0)
SELECT variant, n, gbps, lo, hi FROM (
  SELECT variant, n, gbps, lo, hi, ord FROM pts
  UNION ALL SELECT 'theoretical peak', n, max(peak_gbps), max(peak_gbps), max(peak_gbps), 100 FROM latest
    WHERE study = 'reduce' AND device_id = (SELECT device_id FROM d) AND (n & (n - 1)) = 0 GROUP BY n
  UNION ALL SELECT 'measured copy', n, max(copy_gbps), max(copy_gbps), max(copy_gbps), 101 FROM latest
    WHERE study = 'reduce' AND device_id = (SELECT device_id FROM d) AND (n & (n - 1)) = 0 GROUP BY n)
ORDER BY ord, n;
