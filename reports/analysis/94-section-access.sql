-- reports/analysis/94-section-access.sql: the views the access and texture
-- sections (reports/sections/40-access.md, 45-texture.md) read, one line a
-- query. Applied in file-name order before 90-cache.sql; those that write
-- markup are never cached there.

-- Per GPU: DRAM bytes read by the offset read at offset 11 over those at
-- offset 0 (Nsight Compute, access_counter), with L1 off (cg) and on (ca).
CREATE VIEW access_dram11 AS
WITH r AS (SELECT device_id, l1, k, value FROM access_counter WHERE variant = 'read-offset' AND metric = 'dram__bytes_read.sum')
SELECT v.label, v.ord, a.value / b.value AS cg, c.value / d.value AS ca FROM report_devices v
  JOIN r a ON a.device_id = v.device_id AND a.l1 = 'cg' AND a.k = 11 JOIN r b ON b.device_id = v.device_id AND b.l1 = 'cg' AND b.k = 0
  JOIN r c ON c.device_id = v.device_id AND c.l1 = 'ca' AND c.k = 11 JOIN r d ON d.device_id = v.device_id AND d.l1 = 'ca' AND d.k = 0;

-- Per GPU: the strided read's useful throughput at strides 2, 8 and 32 as a
-- % of stride 1's (L1 on, n = 2^26, block 256).
CREATE VIEW access_stride_keep AS
WITH a AS (SELECT device_id, CAST(json_extract(params, '$.k') AS INTEGER) AS s, json_extract(params, '$.l1') AS l1, gbps
           FROM latest_default WHERE study = 'access' AND variant = 'read-stride' AND n = (SELECT n_access FROM size) AND block = 256)
SELECT v.label, v.ord,
  100 * (SELECT gbps FROM a WHERE a.device_id = v.device_id AND s = 2 AND l1 = 'ca') / (SELECT gbps FROM a WHERE a.device_id = v.device_id AND s = 1 AND l1 = 'ca') AS s2,
  100 * (SELECT gbps FROM a WHERE a.device_id = v.device_id AND s = 8 AND l1 = 'ca') / (SELECT gbps FROM a WHERE a.device_id = v.device_id AND s = 1 AND l1 = 'ca') AS s8,
  100 * (SELECT gbps FROM a WHERE a.device_id = v.device_id AND s = 32 AND l1 = 'ca') / (SELECT gbps FROM a WHERE a.device_id = v.device_id AND s = 1 AND l1 = 'ca') AS s32
FROM report_devices v WHERE v.device_id IN (SELECT device_id FROM a);

-- The access section's sentences folded over the GPUs (gpu_fold).
CREATE VIEW access_text AS
SELECT 'verified' AS key, 'Verified configurations of this study in the database: ' || text || '.' AS text FROM gpu_fold WHERE topic = 'access_verified'
UNION ALL
SELECT 'dram11', 'Why the time shows no trend: a misaligned warp touches one more sector, but that sector is the next warp''s first and is served from the caches. DRAM bytes read at offset 11 over those at offset 0, with L1 off and on: ' || text || '.' FROM gpu_fold WHERE topic = 'access_dram11'
UNION ALL
SELECT 'strides', 'Of the stride-1 throughput (L1 on), strides 2, 8 and 32 keep ' || text || ' (L1 off: in the HTML report).' FROM gpu_fold WHERE topic = 'access_strides';

-- The texture section (reports/sections/45-texture.md).
-- What the stencil requests per pixel, its images and blocks: one sentence.
CREATE VIEW stencil_intro_text AS
SELECT printf('Each output pixel requests %g bytes of input, %g taps of a %g-byte float, and writes %g bytes; the throughput counts these requested bytes over the median time, so it says how fast the kernel was served, not what DRAM delivered: a throughput above the copy bandwidth means that a cache served the reuse. Images of %s pixels a side, %s-thread blocks; every configuration is verified against a CPU reference before it is timed, and the L2 is flushed before every sample. Verified configurations: %s.',
  max(read_px), max(read_px) / max(write_px), max(write_px), max(write_px),
  (SELECT group_concat(side, ', ') FROM (SELECT DISTINCT side FROM stencil_t ORDER BY side)),
  (SELECT group_concat(block, ', ') FROM (SELECT DISTINCT block FROM stencil_t ORDER BY block)),
  (SELECT text FROM gpu_fold WHERE topic = 'stencil_verified')) AS text
FROM stencil_t;

-- Requested GB/s per image, read path and GPU (pivot: a column per GPU).
CREATE VIEW stencil_gbps_cell AS
SELECT s.side, s.ord, v.ord AS gord, printf('%d^2^', s.side) AS image, s.variant AS path, v.label AS gpu, printf('%.0f', s.gbps) AS cell
FROM stencil_t s JOIN report_devices v USING (device_id);

-- The stencil at each GPU's largest image: the copy bandwidth, the texture
-- path's requested GB/s, and every other path against it ('faster' factor).
CREATE VIEW stencil_claim_cell AS
WITH m AS (SELECT device_id, max(side) AS side FROM stencil_t GROUP BY device_id),
t AS (SELECT s.* FROM stencil_t s JOIN m USING (device_id, side)),
x AS (SELECT device_id, gbps AS tex FROM t WHERE variant = 'tex')
SELECT v.ord AS gord, t.variant <> 'tex' AS other, t.ord, v.label AS gpu,
  (SELECT verdict FROM claim_verdict c WHERE c.claim_id = '001-texture' AND c.device_id = v.device_id) AS verdict,
  printf('%.0f', t.copy_gbps) AS copy, t.variant AS path,
  CASE WHEN t.variant = 'tex' THEN printf('%.0f GB/s', t.gbps)
       ELSE printf('%s, %.2fx', CASE WHEN t.gbps >= s.faster * x.tex THEN 'faster' WHEN t.gbps * s.faster <= x.tex THEN 'slower' ELSE 'no different' END, t.gbps / x.tex) END AS cell
FROM t JOIN x USING (device_id) JOIN report_devices v USING (device_id), setting s;

-- The stencil's counters at the largest image, in one sentence.
CREATE VIEW stencil_counter_text AS
WITH c AS (SELECT s.* FROM stencil_counter s WHERE s.side = (SELECT max(side) FROM stencil_counter c2 WHERE c2.device_id = s.device_id))
SELECT printf('Nsight Compute at the largest image (%s): the DRAM bytes read are %s the image on every path, so each pixel came from DRAM about once and the caches served the other taps; the L1/texture hit rate is ',
    (SELECT group_concat(label, ', ') FROM report_devices WHERE device_id IN (SELECT device_id FROM c)),
    CASE WHEN printf('%.2f', min(dram_per_image)) = printf('%.2f', max(dram_per_image)) THEN printf('%.2fx', min(dram_per_image))
         ELSE printf('%.2fx to %.2fx', min(dram_per_image), max(dram_per_image)) END)
  || (SELECT group_concat(x, ', ') FROM (SELECT printf(CASE WHEN min(l1_hit_pct) > max(l1_hit_pct) - 0.5 THEN '%.0f%% (%s)' ELSE '%.0f%% to %.0f%% (%s)' END,
          min(l1_hit_pct), CASE WHEN min(l1_hit_pct) > max(l1_hit_pct) - 0.5 THEN o.variant ELSE max(l1_hit_pct) END, o.variant) AS x
        FROM c JOIN variant_order o ON o.study = 'stencil' AND o.variant = c.variant GROUP BY o.variant ORDER BY min(o.ord)))
  || printf('. %s', CASE WHEN (SELECT min(l1_hit_pct) FROM c WHERE variant = 'tex') >= (SELECT max(l1_hit_pct) FROM c WHERE variant <> 'tex')
                          AND (SELECT count(*) FROM claim_verdict WHERE claim_id = '001-texture' AND verdict = 'does not hold') > 0
                         THEN 'The texture path hits its cache most often and moves no more DRAM bytes, yet it is not the fastest: what limits it is the rate at which the texture unit returns texels, not memory.'
                         ELSE 'The hit rates and the times rank the paths alike.' END) AS text
FROM c HAVING count(*) > 0;
CREATE VIEW stencil_no_counter_text AS
SELECT 'No counters of the stencil are stored for the ' || group_concat(label, ', ') || '.' AS text FROM report_devices
WHERE device_id IN (SELECT device_id FROM stencil_t) AND device_id NOT IN (SELECT device_id FROM stencil_counter) HAVING count(*) > 0;

-- Across GPUs: how far the stencil's throughput and the copy bandwidths
-- differ between the GPUs, and the claim's verdicts grouped.
CREATE VIEW stencil_across_text AS
WITH r AS (SELECT variant, side, max(gbps) / min(gbps) AS x FROM stencil_t GROUP BY variant, side),
c AS (SELECT max(copy_gbps) / min(copy_gbps) AS x FROM (SELECT DISTINCT device_id, copy_gbps FROM stencil_t))
SELECT printf('Across GPUs: the requested throughput of each read path and image differs by at most %.1f%% between the GPUs, their copy bandwidths by %.0f%%%s',
  100 * (max(r.x) - 1), 100 * ((SELECT x FROM c) - 1),
  CASE WHEN max(r.x) < s.faster AND (SELECT x FROM c) >= s.faster
       THEN ': the stencil runs no faster on the GPU with the faster memory, so it is limited on the chip, not by DRAM. '
       ELSE '. ' END)
  || (SELECT 'Claim 001-texture ' || group_concat(printf('%s on the %s', verdict, gpus), '; ') || '.'
      FROM (SELECT v.verdict, group_concat(d.label, ', the ') AS gpus FROM claim_verdict v JOIN report_devices d USING (device_id)
            WHERE v.claim_id = '001-texture' GROUP BY v.verdict ORDER BY min(d.ord))) AS text
FROM r, setting s;

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
