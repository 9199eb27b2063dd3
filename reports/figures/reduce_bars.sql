-- Percent of each device's own theoretical DRAM bandwidth of every GPU
-- variant at n = 2^24 and 2^28 (int32, each variant at its best block size),
-- in ladder order: one panel per size, one series per GPU (so the GPUs stand
-- side by side), coloured by the GPU's position in the report. Columns:
-- series, x position (ladder index), variant, % of peak, the % of peak at
-- the ends of the interval (config_stats), panel, colour.
WITH best AS (SELECT b.device_id, b.device, b.variant, b.n, b.pct_peak,
                     b.pct_peak * b.gbps_lo / b.gbps AS lo, b.pct_peak * b.gbps_hi / b.gbps AS hi
              FROM reduce_best b, size z WHERE b.dtype = 'int32' AND b.timer = 'cuda-event' AND b.n IN (z.n_seed, z.n_large)),
x AS (SELECT o.variant, row_number() OVER (ORDER BY o.ord) - 1 AS pos FROM reduce_order o
      WHERE o.variant IN (SELECT variant FROM best))
SELECT v.label AS series, x.pos, b.variant, b.pct_peak, b.lo, b.hi,
       printf('n = 2^{%d}', CAST(round(log2(b.n)) AS INTEGER)) AS panel, v.ord AS colour
FROM best b JOIN x USING (variant) JOIN report_devices v USING (device_id) ORDER BY b.n, v.ord, x.pos;
