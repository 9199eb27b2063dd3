-- Stencil study (seed 001's texture claim): requested throughput (25 taps of
-- 4 bytes read and 4 bytes written per pixel) against the image side, one
-- panel per GPU model (the median over its machines and an interval holding
-- every machine's 95% interval, model_gbps), one series per read path
-- (variant order). Claim 001-texture compares the texture path with the
-- global-load path of the same kernel on the same card.
SELECT s.variant AS series, CAST(json_extract(s.params, '$.size') AS INTEGER) AS side, s.gbps, s.gbps_lo AS lo, s.gbps_hi AS hi,
       s.panel AS panel
FROM model_gbps s JOIN variant_order o ON o.study = 'stencil' AND o.variant = s.variant
WHERE s.study = 'stencil'
ORDER BY s.mord, o.ord, side;
