-- reports/analysis/56-stencil.sql: the stencil.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).

-- A GPU's copy bandwidth, one number wherever the report prints or judges
-- it (claim 001-texture, the stencil's table and figure, the devices table):
-- the median over its complete measure runs of the device-to-device copy
-- probe taken at the start of each run (bytes read plus written).
CREATE VIEW device_copy AS
SELECT device_id, median(copy_gbps_start) AS copy_gbps, count(*) AS runs
FROM run WHERE kind = 'measure' AND status = 'complete' AND copy_gbps_start > 0
GROUP BY device_id;

-- -------------------------------------------------------------- stencil --
-- The stencil study (seed 001's texture claim), default configurations over
-- all runs (config_stats): per device, read path and image side, the median
-- time, the requested throughput and its interval, the bytes read and
-- written per pixel (taps x 4 and 4: what the GB/s counts), and the device's
-- copy bandwidth (device_copy: claim 001-texture's threshold).
CREATE VIEW stencil_t AS
SELECT c.device_id, c.variant, o.ord, CAST(json_extract(c.params, '$.size') AS INTEGER) AS side, c.block,
       c.median_ms, c.gbps, c.gbps_lo, c.gbps_hi,
       c.bytes_read / (1.0 * json_extract(c.params, '$.size') * json_extract(c.params, '$.size')) AS read_px,
       c.bytes_written / (1.0 * json_extract(c.params, '$.size') * json_extract(c.params, '$.size')) AS write_px,
       (SELECT k.copy_gbps FROM device_copy k WHERE k.device_id = c.device_id) AS copy_gbps
FROM stats_default c JOIN variant_order o ON o.study = c.study AND o.variant = c.variant
WHERE c.study = 'stencil';

-- Its Nsight Compute counters (set 'sectors'), one row per device, read path
-- and image side: DRAM bytes read over the image's bytes (1: every pixel
-- fetched from DRAM once), and the L1/texture sector hit rate (%).
CREATE VIEW stencil_counter AS
SELECT device_id, variant, CAST(json_extract(params, '$.size') AS INTEGER) AS side,
  max(CASE WHEN metric = 'dram__bytes_read.sum' THEN value END)
    / (4.0 * json_extract(params, '$.size') * json_extract(params, '$.size')) AS dram_per_image,
  max(CASE WHEN metric = 'l1tex__t_sector_hit_rate.pct' THEN value END) AS l1_hit_pct
FROM counter_config WHERE study = 'stencil'
GROUP BY device_id, config_key;
