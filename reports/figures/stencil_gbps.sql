-- Stencil study (seed 001's texture claim): requested throughput (25 taps of
-- 4 bytes read and 4 bytes written per pixel, config_stats.gbps and its
-- interval) against the image side, one panel per GPU, one series per read
-- path (variant order), then the device's copy bandwidth measured at run
-- start (the threshold of claim 001-texture) as a last series.
WITH s AS (SELECT c.device_id, c.variant, CAST(json_extract(c.params, '$.size') AS INTEGER) AS side,
                  c.gbps, c.gbps_lo, c.gbps_hi
           FROM stats_default c WHERE c.study = 'stencil'),
copy AS (SELECT u.device_id, max(u.copy_gbps_start) AS gbps FROM run u WHERE u.status = 'complete' GROUP BY u.device_id)
SELECT x.series, x.side, x.gbps, x.lo, x.hi, v.label AS panel FROM (
  SELECT s.device_id, o.ord, s.variant AS series, s.side, s.gbps, s.gbps_lo AS lo, s.gbps_hi AS hi
  FROM s JOIN variant_order o ON o.study = 'stencil' AND o.variant = s.variant
  UNION ALL
  SELECT s.device_id, 1e9, 'copy bandwidth', s.side, c.gbps, c.gbps, c.gbps
  FROM (SELECT DISTINCT device_id, side FROM s) s JOIN copy c USING (device_id)) x
JOIN report_devices v USING (device_id)
ORDER BY v.ord, x.ord, x.side;
