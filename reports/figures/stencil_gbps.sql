-- Stencil study (seed 001's texture claim): requested throughput (25 taps of
-- 4 bytes read and 4 bytes written per pixel) against the image side, one
-- panel per GPU model (the median over its machines and an interval holding
-- every machine's interval, model_gbps), one series per read path
-- (variant order), then the model's copy bandwidth (the median over its
-- machines of stencil_t.copy_gbps, a device-to-device copy counting bytes
-- read and written): claim 001-texture asks whether the texture path serves
-- the reuse above it.
SELECT series, side, gbps, lo, hi, panel FROM (
  SELECT s.mord, o.ord, s.variant AS series, CAST(json_extract(s.params, '$.size') AS INTEGER) AS side, s.gbps, s.gbps_lo AS lo,
         s.gbps_hi AS hi, s.panel AS panel
  FROM model_gbps s JOIN variant_order o ON o.study = 'stencil' AND o.variant = s.variant
  WHERE s.study = 'stencil'
  UNION ALL
  SELECT m.mord, 1000, 'copy bandwidth', t.side, median(t.copy_gbps), min(t.copy_gbps), max(t.copy_gbps), m.panel
  FROM stencil_t t JOIN report_devices v USING (device_id) JOIN report_models m ON m.name = v.name
  GROUP BY m.mord, t.side) x
ORDER BY mord, ord, side;
