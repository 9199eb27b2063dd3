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
