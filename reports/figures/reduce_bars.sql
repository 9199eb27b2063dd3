-- Percent of each device's own theoretical DRAM bandwidth of every GPU
-- variant at n = 2^24 and 2^28 (int32, each variant at its best block size),
-- in ladder order: one series per (device, n), so several GPUs stand side by
-- side. Columns: series, x position (ladder index), variant, % of peak, and
-- the % of peak at the ends of the 95% interval (config_stats).
WITH best AS (SELECT b.device_id, b.device, b.variant, b.n, b.pct_peak,
                     b.pct_peak * b.gbps_lo / b.gbps AS lo, b.pct_peak * b.gbps_hi / b.gbps AS hi
              FROM reduce_best b WHERE b.dtype = 'int32' AND b.timer = 'cuda-event' AND b.n IN (16777216, 268435456)),
x AS (SELECT o.variant, row_number() OVER (ORDER BY o.ord) - 1 AS pos FROM reduce_order o
      WHERE o.variant IN (SELECT variant FROM best))
SELECT (SELECT dl.label FROM device_label dl WHERE dl.device_id = b.device_id) || CASE b.n WHEN 16777216 THEN ', n = 2^{24}' ELSE ', n = 2^{28}' END AS series,
       x.pos, b.variant, b.pct_peak, b.lo, b.hi
FROM best b JOIN x USING (variant) JOIN report_devices v USING (device_id) ORDER BY v.ord, b.n, x.pos;
