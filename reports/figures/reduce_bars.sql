-- Percent of each device's own theoretical DRAM bandwidth of every GPU
-- variant at n = 2^24 and 2^28 (int32, each variant at its best block size),
-- in ladder order: one series per (device, n), so several GPUs stand side by
-- side. Columns: series, x position (ladder index), variant, % of peak, and
-- the % of peak at the third and first quartile times (the spread).
WITH best AS (SELECT b.device_id, b.device, b.variant, b.n, b.pct_peak,
                     100.0 * (b.bytes_read + b.bytes_written) / (b.q3_ms * 1e6) / b.peak_gbps AS lo,
                     100.0 * (b.bytes_read + b.bytes_written) / (b.q1_ms * 1e6) / b.peak_gbps AS hi
              FROM reduce_best b WHERE b.dtype = 'int32' AND b.timer = 'cuda-event' AND b.n IN (16777216, 268435456)),
x AS (SELECT o.variant, row_number() OVER (ORDER BY o.ord) - 1 AS pos FROM reduce_order o
      WHERE o.variant IN (SELECT variant FROM best))
SELECT (SELECT dl.label FROM device_label dl WHERE dl.device_id = b.device_id) || CASE b.n WHEN 16777216 THEN ', n = 2^{24}' ELSE ', n = 2^{28}' END AS series,
       x.pos, b.variant, b.pct_peak, b.lo, b.hi
FROM best b JOIN x USING (variant) ORDER BY b.device, b.n, x.pos;
