-- The ladder against the read reference stream, per GPU: at n = 2^28
-- (int32) every GPU variant's best configuration (highest median GB/s over
-- block sizes and tunings, all runs: config_stats via reduce_cold; the
-- hand-written steps and the references, cub and cub32, in registry order:
-- reduce_order leaves the bound out), then the device's reference stream
-- (the fastest read-only stream measured at the start of every run, the
-- median over its runs: read_ceiling) and theoretical DRAM bandwidth as two
-- more bars. One series per GPU (colour: its position in
-- the report); columns: series, x position (ladder
-- index), label, GB/s, and the interval's low and high ends.
WITH s AS (SELECT * FROM (SELECT c.*, row_number() OVER (PARTITION BY device_id, variant ORDER BY gbps DESC) AS rk
                          FROM reduce_cold c WHERE c.dtype = 'int32' AND c.n = (SELECT n_large FROM size)) WHERE rk = 1),
x AS (SELECT o.variant, row_number() OVER (ORDER BY o.ord) - 1 AS pos FROM reduce_order o
      WHERE o.variant IN (SELECT variant FROM s)),
nx AS (SELECT count(*) AS n FROM x),
bars AS (SELECT s.device_id, x.pos, s.variant AS label, s.gbps, s.gbps_lo AS lo, s.gbps_hi AS hi
         FROM s JOIN x USING (variant)
         UNION ALL
         SELECT r.device_id, (SELECT n FROM nx), 'reference stream', r.read_gbps, r.read_gbps, r.read_gbps
         FROM read_ceiling r WHERE r.device_id IN (SELECT device_id FROM s)
         UNION ALL
         SELECT d.device_id, (SELECT n FROM nx) + 1, 'theoretical', d.peak_gbps, d.peak_gbps, d.peak_gbps
         FROM device d WHERE d.device_id IN (SELECT device_id FROM s))
SELECT v.label AS series, b.pos, b.label, b.gbps, b.lo, b.hi, v.ord AS colour
FROM bars b JOIN report_devices v USING (device_id) ORDER BY v.ord, b.pos;
