-- reports/analysis/94-section-access.sql: the facts the access and texture
-- sections (reports/sections/40-access.md, 45-texture.md) word, and the
-- HTML's tables of numbers. Applied in file-name order before 90-cache.sql.

-- Per GPU: the verified configurations of the access study (latest
-- results), with L1 caching of loads (ca) and without (cg).
CREATE VIEW access_verified AS
SELECT v.device_id, v.ord, v.label, count(*) AS configs, sum(json_extract(l.params, '$.l1') = 'ca') AS ca,
       sum(json_extract(l.params, '$.l1') = 'cg') AS cg
FROM latest l JOIN report_devices v USING (device_id) WHERE l.study = 'access' AND l.cache = 'cold' GROUP BY v.ord;

-- The offset, a model checked against the counters: a misaligned warp's
-- request touches one more 32-byte sector than an aligned one, the next
-- warp's first. Per GPU: the sectors per load request at offsets 0 and 11
-- (Nsight Compute, 2^24 floats, 512-thread blocks, L1 off), what a warp
-- would read from DRAM if the extra sector came from there (spr11 /
-- spr0), the DRAM bytes read at offset 11 over offset 0 with L1 off and on
-- (what it did read), and the useful throughput lost at offset 1 and 11
-- (2^26 floats, 256-thread blocks, L1 on; paired within each process).
CREATE VIEW access_offset_fact AS
WITH c AS (SELECT device_id, l1, k, metric, value FROM access_counter WHERE variant = 'read-offset'),
spr AS (SELECT s.device_id, s.l1, s.k, s.value / r.value AS x FROM c s JOIN c r ON r.device_id = s.device_id AND r.l1 = s.l1
          AND r.k = s.k AND r.metric = 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum'
        WHERE s.metric = 'l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum'),
d AS (SELECT device_id, l1, k, value FROM c WHERE metric = 'dram__bytes_read.sum'),
f AS (SELECT x.device_id, CAST(substr(x.pair_key, instr(x.pair_key, ' at k=') + 6) AS INTEGER) AS k, x.ratio, x.lo, x.hi
      FROM pair_stats x, size z WHERE x.kind = 'flat' AND x.n = z.n_access AND x.block = 256
        AND json_extract(x.params, '$.l1') = 'ca')
SELECT v.device_id, v.ord, v.label,
  (SELECT x FROM spr WHERE spr.device_id = v.device_id AND l1 = 'cg' AND k = 0) AS spr0,
  (SELECT x FROM spr WHERE spr.device_id = v.device_id AND l1 = 'cg' AND k = 11) AS spr11,
  (SELECT a.value / b.value FROM d a JOIN d b USING (device_id, l1) WHERE a.device_id = v.device_id AND a.l1 = 'cg' AND a.k = 11 AND b.k = 0) AS dram_cg,
  (SELECT a.value / b.value FROM d a JOIN d b USING (device_id, l1) WHERE a.device_id = v.device_id AND a.l1 = 'ca' AND a.k = 11 AND b.k = 0) AS dram_ca,
  (SELECT ratio FROM f WHERE f.device_id = v.device_id AND k = 1) AS loss1,
  (SELECT lo FROM f WHERE f.device_id = v.device_id AND k = 1) AS loss1_lo,
  (SELECT hi FROM f WHERE f.device_id = v.device_id AND k = 1) AS loss1_hi,
  (SELECT ratio FROM f WHERE f.device_id = v.device_id AND k = 11) AS loss11,
  (SELECT lo FROM f WHERE f.device_id = v.device_id AND k = 11) AS loss11_lo,
  (SELECT hi FROM f WHERE f.device_id = v.device_id AND k = 11) AS loss11_hi
FROM report_devices v WHERE v.device_id IN (SELECT device_id FROM latest_default WHERE study = 'access');

-- The stride, two models checked against the measurement. Per GPU and
-- stride s (L1 on): the useful throughput lost against stride 1 (2^26
-- floats, 256-thread blocks; pair kind stride, paired within each process:
-- loss, lo, hi); per output the kernel reads two elements of e bytes and
-- writes w (the study's declared bytes), so a stride that makes each
-- element read cost B bytes loses (2 B + w) / (2 e + w); the sector model:
-- B = e s up to one 32-byte sector (sector_model); the DRAM bytes Nsight
-- Compute counted per element read at 2^24 floats, 512-thread blocks
-- (dram_per_elem, B of dram_model).
CREATE VIEW access_stride_fact AS
WITH z AS (SELECT * FROM size),
u AS (SELECT device_id, 1.0 * bytes_read / n / 2 AS e, 1.0 * bytes_written / n AS w FROM stats_default, z
      WHERE study = 'access' AND variant = 'read-stride' AND n = z.n_access AND block = 256
        AND json_extract(params, '$.k') = 1 AND json_extract(params, '$.l1') = 'ca'),
x AS (SELECT x.device_id, CAST(substr(x.pair_key, instr(x.pair_key, ' at s=') + 6) AS INTEGER) AS s, x.ratio, x.lo, x.hi
      FROM pair_stats x, z WHERE x.kind = 'stride' AND x.n = z.n_access AND x.block = 256
        AND json_extract(x.params, '$.l1') = 'ca'),
d AS (SELECT device_id, k AS s, value / (2.0 * ((n + k - 1) / k)) AS b FROM access_counter
      WHERE variant = 'read-stride' AND l1 = 'ca' AND metric = 'dram__bytes_read.sum')
SELECT v.device_id, v.ord, v.label, m.mord, m.model, x.s, x.ratio AS loss, x.lo, x.hi,
       (2 * min(u.e * x.s, 32) + u.w) / (2 * u.e + u.w) AS sector_model, d.b AS dram_per_elem,
       (2 * d.b + u.w) / (2 * u.e + u.w) AS dram_model
FROM x JOIN u USING (device_id) JOIN report_devices v USING (device_id) JOIN report_models m ON m.name = v.name
  LEFT JOIN d ON d.device_id = x.device_id AND d.s = x.s;

-- Bytes used per 32-byte sector (Nsight Compute, 2^24 floats, 512-thread
-- blocks) of the offset read's loads and the offset write's stores, per
-- offset and L1 mode: the median over the GPUs and their lowest and highest.
CREATE VIEW access_sector_fact AS
SELECT k, l1, CASE variant WHEN 'read-offset' THEN 'ld' ELSE 'st' END AS op, median(value) AS pct, min(value) AS lo,
       max(value) AS hi, count(*) AS gpus
FROM access_counter
WHERE (variant = 'read-offset' AND metric = 'smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct')
   OR (variant = 'write-offset' AND metric = 'smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct')
GROUP BY k, l1, op;

-- The texture section (reports/sections/45-texture.md).
-- What the stencil requests and writes per pixel (bytes), its taps (the
-- request over a 4-byte float), images and blocks.
CREATE VIEW stencil_shape AS
SELECT max(read_px) AS read_px, max(write_px) AS write_px, max(read_px) / max(write_px) AS taps,
       (SELECT group_concat(side, ', ') FROM (SELECT DISTINCT side FROM stencil_t ORDER BY side)) AS sides,
       (SELECT group_concat(block, ', ') FROM (SELECT DISTINCT block FROM stencil_t ORDER BY block)) AS blocks
FROM stencil_t;

-- Per GPU: the stencil's verified configurations and the largest error.
CREATE VIEW stencil_verified AS
SELECT v.device_id, v.ord, v.label, count(*) AS configs, max(l.max_err) AS max_err, min(l.tolerance) AS tol_min
FROM latest_default l JOIN report_devices v USING (device_id) WHERE l.study = 'stencil' GROUP BY v.ord;

-- The stencil at each GPU's largest image, per read path: its requested
-- GB/s and interval, and its throughput over the texture path's (the
-- claim's other side: the time of the texture path over its own, their
-- intervals' ends crosswise), with the GPU's copy bandwidth (DRAM) beside.
CREATE VIEW stencil_largest AS
WITH m AS (SELECT device_id, max(side) AS side FROM stencil_t GROUP BY device_id),
t AS (SELECT s.* FROM stencil_t s JOIN m USING (device_id, side))
SELECT v.ord AS gord, v.device_id, v.label, t.side, t.variant, t.ord, t.gbps, t.gbps_lo, t.gbps_hi, t.copy_gbps,
       t.gbps / x.gbps AS over_tex, t.gbps_lo / x.gbps_hi AS over_tex_lo, t.gbps_hi / x.gbps_lo AS over_tex_hi
FROM t JOIN t x ON x.device_id = t.device_id AND x.variant = 'tex' JOIN report_devices v ON v.device_id = t.device_id;

-- The stencil's counters at each GPU's largest image profiled, per read
-- path: the DRAM bytes read over the image's and the L1/texture hit rate
-- (stencil_counter), with the range over the GPUs.
CREATE VIEW stencil_counter_fact AS
WITH c AS (SELECT s.* FROM stencil_counter s WHERE s.side = (SELECT max(side) FROM stencil_counter c2 WHERE c2.device_id = s.device_id))
SELECT c.variant, o.ord, min(dram_per_image) AS dram_lo, max(dram_per_image) AS dram_hi, min(l1_hit_pct) AS hit_lo,
       max(l1_hit_pct) AS hit_hi, count(*) AS gpus
FROM c JOIN variant_order o ON o.study = 'stencil' AND o.variant = c.variant GROUP BY c.variant;

-- Across GPUs: the most a read path's requested GB/s at one image differs
-- between the GPUs (the largest over the smallest), and the same of their
-- copy bandwidths.
CREATE VIEW stencil_across AS
SELECT (SELECT max(x) FROM (SELECT max(gbps) / min(gbps) AS x FROM stencil_t GROUP BY variant, side)) AS path_x,
       (SELECT max(copy_gbps) / min(copy_gbps) FROM (SELECT DISTINCT device_id, copy_gbps FROM stencil_t)) AS copy_x,
       (SELECT count(DISTINCT device_id) FROM stencil_t) AS gpus;

-- The HTML's table "seedoffset" (40-access.md): the seed's configuration
-- (2^20 floats, 512-thread blocks) per offset and GPU, the offset read's and
-- write's median times and the read's useful GB/s, L1 on (ca) and off (cg);
-- ord: the table's order (k, GPU).
CREATE VIEW access_seed_offset_table AS
WITH a AS (SELECT device_id, variant, CAST(json_extract(params, '$.k') AS INTEGER) AS k, json_extract(params, '$.l1') AS l1, median_ms, gbps
      FROM latest_default WHERE study = 'access' AND n = (SELECT n_access_seed FROM size) AND block = 512)
SELECT k AS "offset k", (SELECT label FROM report_devices v WHERE v.device_id = a.device_id) AS "GPU",
  printf('%.1f', 1000 * max(CASE WHEN variant = 'read-offset' AND l1 = 'ca' THEN median_ms END)) AS "read, ca (us)",
  printf('%.1f', 1000 * max(CASE WHEN variant = 'read-offset' AND l1 = 'cg' THEN median_ms END)) AS "read, cg (us)",
  printf('%.1f', 1000 * max(CASE WHEN variant = 'write-offset' AND l1 = 'ca' THEN median_ms END)) AS "write, ca (us)",
  printf('%.1f', 1000 * max(CASE WHEN variant = 'write-offset' AND l1 = 'cg' THEN median_ms END)) AS "write, cg (us)",
  printf('%.0f', max(CASE WHEN variant = 'read-offset' AND l1 = 'ca' THEN gbps END)) AS "read, ca (GB/s)",
  printf('%.0f', max(CASE WHEN variant = 'read-offset' AND l1 = 'cg' THEN gbps END)) AS "read, cg (GB/s)",
  row_number() OVER (ORDER BY k, (SELECT ord FROM report_devices v WHERE v.device_id = a.device_id)) AS ord
FROM a WHERE variant IN ('read-offset', 'write-offset') GROUP BY k, device_id;

-- The HTML's table "accblock" (40-access.md): useful GB/s per block size
-- and GPU (2^26 floats), aligned (k = 0) and misaligned (k = 11); ord: the
-- table's order (block, GPU).
CREATE VIEW access_block_table AS
WITH a AS (SELECT device_id, variant, block, CAST(json_extract(params, '$.k') AS INTEGER) AS k, json_extract(params, '$.l1') AS l1, gbps
      FROM latest_default WHERE study = 'access' AND n = (SELECT n_access FROM size)
        AND variant IN ('read-offset', 'write-offset'))
SELECT block AS "block", (SELECT label FROM report_devices v WHERE v.device_id = a.device_id) AS "GPU",
  printf('%.0f', max(CASE WHEN variant = 'read-offset' AND l1 = 'ca' AND k = 0 THEN gbps END)) AS "read ca k=0",
  printf('%.0f', max(CASE WHEN variant = 'read-offset' AND l1 = 'ca' AND k = 11 THEN gbps END)) AS "read ca k=11",
  printf('%.0f', max(CASE WHEN variant = 'read-offset' AND l1 = 'cg' AND k = 0 THEN gbps END)) AS "read cg k=0",
  printf('%.0f', max(CASE WHEN variant = 'read-offset' AND l1 = 'cg' AND k = 11 THEN gbps END)) AS "read cg k=11",
  printf('%.0f', max(CASE WHEN variant = 'write-offset' AND l1 = 'ca' AND k = 0 THEN gbps END)) AS "write ca k=0",
  printf('%.0f', max(CASE WHEN variant = 'write-offset' AND l1 = 'ca' AND k = 11 THEN gbps END)) AS "write ca k=11",
  row_number() OVER (ORDER BY block, (SELECT ord FROM report_devices v WHERE v.device_id = a.device_id)) AS ord
FROM a GROUP BY block, device_id HAVING count(*) >= 4;

-- The HTML's table "acccounters" (40-access.md): Nsight Compute's counters
-- (access_counter) of the offset read, offset write and strided read per
-- k or s, L1 mode and GPU; ord: the table's order (kernel, k, L1, GPU).
CREATE VIEW access_counter_table AS
WITH ck AS (SELECT device_id, variant, n, k, l1, metric, value FROM access_counter),
cp AS (SELECT device_id, variant, n, k, l1,
         max(CASE WHEN metric = 'smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct' THEN value END) AS ld_pct,
         max(CASE WHEN metric = 'smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct' THEN value END) AS st_pct,
         max(CASE WHEN metric = 'l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum' THEN value END)
           / max(CASE WHEN metric = 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum' THEN value END) AS ld_spr,
         max(CASE WHEN metric = 'l1tex__t_sector_hit_rate.pct' THEN value END) AS l1_hit,
         max(CASE WHEN metric = 'lts__t_sector_hit_rate.pct' THEN value END) AS l2_hit,
         max(CASE WHEN metric = 'dram__bytes_read.sum' THEN value END) AS dram_rd
       FROM ck GROUP BY device_id, variant, n, k, l1)
SELECT CASE variant WHEN 'read-offset' THEN 'read' WHEN 'write-offset' THEN 'write' ELSE 'stride' END AS "kernel",
  k AS "k or s", l1 AS "L1", (SELECT label FROM report_devices v WHERE v.device_id = cp.device_id) AS "GPU",
  printf('%.1f', ld_pct) AS "ld % used", printf('%.1f', st_pct) AS "st % used",
  printf('%.2f', ld_spr) AS "sectors / ld request", printf('%.1f', l1_hit) AS "L1 hit %", printf('%.1f', l2_hit) AS "L2 hit %",
  printf('%.3f', dram_rd / (8.0 * CASE WHEN variant = 'read-stride' THEN (n + k - 1) / k ELSE n - k END)) AS "DRAM read / useful",
  row_number() OVER (ORDER BY CASE variant WHEN 'read-offset' THEN 0 WHEN 'write-offset' THEN 1 ELSE 2 END, k, l1,
                              (SELECT ord FROM report_devices v WHERE v.device_id = cp.device_id)) AS ord
FROM cp
WHERE (variant = 'read-offset' AND k IN (0, 1, 8, 11, 128)) OR (variant = 'write-offset' AND k IN (0, 11))
   OR (variant = 'read-stride' AND k IN (1, 2, 4, 8, 32));

-- The HTML's table "readpaths" (40-access.md): useful GB/s of the four read
-- paths per offset and GPU (2^26 floats, 256-thread blocks), L1 on and off;
-- ord: the table's order (k, GPU).
CREATE VIEW access_read_path_table AS
WITH a AS (SELECT device_id, variant, CAST(json_extract(params, '$.k') AS INTEGER) AS k, json_extract(params, '$.l1') AS l1, gbps
      FROM latest_default WHERE study = 'access' AND n = (SELECT n_access FROM size) AND block = 256
        AND variant IN ('read-offset', 'read-offset-unroll4', 'read-offset-ldg', 'read-offset-tex'))
SELECT k AS "offset k", (SELECT label FROM report_devices v WHERE v.device_id = a.device_id) AS "GPU",
  printf('%.0f', max(CASE WHEN variant = 'read-offset' AND l1 = 'ca' THEN gbps END)) AS "plain ca",
  printf('%.0f', max(CASE WHEN variant = 'read-offset-unroll4' AND l1 = 'ca' THEN gbps END)) AS "unroll4 ca",
  printf('%.0f', max(CASE WHEN variant = 'read-offset-ldg' AND l1 = 'ca' THEN gbps END)) AS "ldg ca",
  printf('%.0f', max(CASE WHEN variant = 'read-offset-tex' AND l1 = 'ca' THEN gbps END)) AS "tex ca",
  printf('%.0f', max(CASE WHEN variant = 'read-offset' AND l1 = 'cg' THEN gbps END)) AS "plain cg",
  printf('%.0f', max(CASE WHEN variant = 'read-offset-unroll4' AND l1 = 'cg' THEN gbps END)) AS "unroll4 cg",
  printf('%.0f', max(CASE WHEN variant = 'read-offset-ldg' AND l1 = 'cg' THEN gbps END)) AS "ldg cg",
  printf('%.0f', max(CASE WHEN variant = 'read-offset-tex' AND l1 = 'cg' THEN gbps END)) AS "tex cg",
  row_number() OVER (ORDER BY k, (SELECT ord FROM report_devices v WHERE v.device_id = a.device_id)) AS ord
FROM a GROUP BY k, device_id HAVING count(DISTINCT variant) = 4;

-- The HTML's table "localmem" (40-access.md): the run-time indexed array
-- against the register version per L1 mode, size and GPU, with the
-- compiler's resource report of the build timed; ord: the table's order
-- (variant, L1, n, GPU).
CREATE VIEW access_local_table AS
WITH a AS (SELECT l.device_id, l.run_id, l.variant, l.n, json_extract(l.params, '$.l1') AS l1, l.median_ms, l.gbps
      FROM latest_default l WHERE l.study = 'access'
        AND l.variant IN ('local-dynamic', 'local-static') AND l.block = 256)
SELECT a.variant AS "variant", (SELECT label FROM report_devices v WHERE v.device_id = a.device_id) AS "GPU", a.l1 AS "L1", printf('2^%d^', CAST(round(log2(a.n)) AS INTEGER)) AS "n",
  printf('%.3f', a.median_ms) AS "ms", printf('%.0f', a.gbps) AS "GB/s",
  printf('%.2fx', a.median_ms / (SELECT s.median_ms FROM a s WHERE s.device_id = a.device_id AND s.variant = 'local-static' AND s.n = a.n AND s.l1 = a.l1)) AS "time / local-static",
  COALESCE(kr.registers, 'not loaded') AS "registers", COALESCE(kr.stack_bytes, 'not loaded') AS "stack bytes",
  COALESCE(kr.spill_store_bytes || ' / ' || kr.spill_load_bytes, 'not loaded') AS "spill st / ld bytes",
  row_number() OVER (ORDER BY a.variant, a.l1, a.n, (SELECT ord FROM report_devices v WHERE v.device_id = a.device_id)) AS ord
FROM a JOIN run u USING (run_id)
LEFT JOIN kernel_resource kr ON kr.build_id = u.build_id AND kr.binary = u.binary
  AND instr(kr.kernel, replace(a.variant, '-', '_') || '_kernel') > 0;
