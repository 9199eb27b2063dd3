-- reports/analysis/70-claims.sql: the seeds' claims and their verdicts.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).

-- ------------------------------------------------------- seeds' claims --
-- Every claim of the five seed documents (/work/shared/seeds/README.md): its
-- id, seed, wording, the seed's own number where it gives one, and the rule
-- that turns the measurements into a verdict (the thresholds are stated here
-- and printed in the report). claim_verdict below applies the rules.
DELETE FROM seed_claim;
INSERT INTO seed_claim VALUES
 ('000-broadcast', 1, '000, 002', 'a constant read is broadcast to a half-warp, so its traffic is about 1/16 of global reads', 0.0625,
  'Nsight Compute (set constant, distance field at k = 1, every lane of a warp reading one point): on-chip requests per warp-level load, the constant kernel''s indexed-constant-cache (IDC) requests over the global kernel''s L1 global-load requests, from the passes'' range (lowest over highest to highest over lowest): holds if within seed_tolerance of the seed''s 1/16; does not hold if constant makes no fewer requests by the ''faster'' factor (a uniform global load is one request too); other magnitude if fewer, outside seed_tolerance; else inconclusive. Evidence: the global loads'' sectors per request, and the IDC requests at k = 32 over k = 1 (serialisation)'),
 ('000-cached', 2, '000', 'constant data is cached: repeated reads of one address cost no extra traffic', NULL,
  'Nsight Compute (set constant, distance field at k = 1): the constant kernel''s IDC lookup hits over its IDC requests (every thread reads every point, so all but the first reads can hit): holds if at least cached_hit_min over the passes'' whole range, does not hold if wholly below, else inconclusive'),
 ('000-faster', 3, '000, 002', 'hence __constant__ beats global memory when all threads read one point (distance field, k = 1)', NULL,
  'constant over global at k = 1, in every (grid, P) configuration: holds if the whole 95% interval of the ratio is at least the ''faster'' factor in all; does not hold if wholly below in all; in part if some are and some are not; else inconclusive'),
 ('000-serialise', 4, '000, 001', 'divergent constant reads serialise: up to 16x slower when a half-warp reads 16 addresses', 16,
  'constant time at k = 16 over k = 1 (2048 x 2048, 1024 points), 95% interval: holds if within serialise_lo to serialise_hi; other magnitude if wholly outside them, at least serialise_min and serialise_min times global''s ratio; does not hold if wholly below serialise_min (or its multiple of global''s); else inconclusive'),
 ('000-hurts', 5, '000', 'then constant memory hurts: slower than global memory', NULL,
  'constant over global at k = 16 (2048 x 2048, 1024 points): holds if the whole 95% interval is at least the ''faster'' factor, does not hold if wholly below, else inconclusive'),
 ('001-uniform', 6, '001', 'constant memory is the fastest space when all threads read one address', NULL,
  'at k = 1 in every configuration: constant is fastest where its whole 95% interval is below every other space''s, not where another''s is wholly below it; holds if fastest in all, does not hold if in none, in part if in some and not in others, else inconclusive'),
 ('001-64k', 7, '001', 'constant memory holds 64 KB', 65536,
  'holds if the configurations that fill 64 KB (8192 points, 2340 spheres) ran and were verified'),
 ('001-readonly', 8, '001', 'read-only arrays read at different addresses belong in the texture/read-only path, not in constant memory', NULL,
  'constant over read-only at k = 32 (2048 x 2048, 1024 points): holds if the whole 95% interval is at least the ''faster'' factor, does not hold if wholly below, else inconclusive'),
 ('001-texture', 9, '001', 'texture caching can exceed the global-memory bandwidth on reuse', NULL,
  'stencil study at its largest image, the texture path''s requested-bytes GB/s (25 taps x 4 bytes per pixel) against the card''s global-memory bandwidth as measured (the copy bandwidth: the median over its runs of run.copy_gbps_start), the claim''s own metric: holds if the whole 95% interval of the texture path is above it (a cache served the reuse), does not hold if wholly below, else inconclusive; the global-load path is printed beside it'),
 ('001-local', 10, '001', 'local memory is DRAM: register spills and run-time indexed arrays can cause a sudden slowdown', NULL,
  'Nsight Compute (set local): holds if the run-time indexed array (local-dynamic) moves more DRAM bytes than the register version (local-static) by the ''faster'' factor, does not hold if not; time alone cannot tell DRAM from the L1 and L2'),
 ('002-faster', 11, '002', 'spheres in constant memory make the ray tracer faster than spheres in global memory', NULL,
  'global over constant in every (size, spheres) configuration: holds if the whole 95% interval of the ratio is at least the ''faster'' factor in all; does not hold if wholly below in all; in part if some are and some are not; else inconclusive'),
 ('002-idle', 12, '002', 'constant memory reduces the bandwidth used and the idle time of the arithmetic units', NULL,
  'Nsight Compute (set constant, ray tracer at each profiled sphere count): bandwidth: the global kernel reads at least the ''faster'' factor more DRAM bytes; idle: its share of issue slots left idle (100% less issue active) is at least the ''faster'' factor the constant kernel''s; holds if both, in part if one, does not hold if neither'),
 ('003-divergence', 13, '003', 'warp divergence matters: remapping the neighbored index makes it faster', NULL,
  'seed''s configuration (float32, 2^24^, block 1024): holds if faster by the ''faster'' factor over the whole 95% interval of the ratio'),
 ('003-interleaved', 14, '003', 'interleaved pairs are faster than neighbored pairs (2.48 ms -> 1.36 ms)', 1.8,
  'seed''s configuration: holds if the ratio''s interval is above interleaved_min and the ratio within seed_tolerance of the seed''s 1.8x; other magnitude if above interleaved_min only'),
 ('003-unroll', 15, '003', 'more data blocks per thread block hide latency until memory throughput saturates', NULL,
  'seed''s configuration: holds if unroll2, unroll4 and unroll8 are each faster than the step before (interval ratio above ''faster'') until one reaches saturated_pct_copy of the measured copy bandwidth, and one does; in part if every step is faster but none saturates'),
 ('003-lastwarp', 16, '003', 'unrolling the last warp helps further', NULL,
  'seed''s configuration: holds if unroll-warps8 is faster than unroll8 by the ''faster'' factor over the whole interval'),
 ('003-complete', 17, '003', 'completely unrolling the in-block loop helps further', NULL,
  'seed''s configuration: holds if complete-unroll-warps8 is faster than unroll-warps8 by the ''faster'' factor over the whole interval'),
 ('004-flat', 18, '004', 'the time shows no clear trend with the offset (0.090 / 0.084 / 0.083 ms at offsets 0 / 11 / 128)', NULL,
  'seed''s configuration (2^20^ floats, block 512): holds if the 95% intervals of the times at offsets 11 and 128 over offset 0''s lie within 1 +/- flat_tol, L1 on and off; does not hold if one lies wholly outside; else inconclusive'),
 ('004-sector', 19, '004', 'bytes used per 32-byte sector: 100% / 80% / 100% at offsets 0 / 11 / 128', 80,
  'Nsight Compute, offset read loads (2^24^, block 512): holds if within sector_tol points of the seed''s 100 / 80 / 100, L1 on and off'),
 ('004-l2seg', 20, '004', 'misaligned L2-only loads need up to 5 segments (at least 80% bus use)', 5,
  'Nsight Compute, L2-only (cg) loads of the offset read: holds if the most 32-byte sectors per warp request over all offsets is within l2seg_tol of the seed''s 5 (4 aligned)'),
 ('004-l1trans', 21, '004', 'with L1 (128-byte) loads a misaligned access needs up to 3 transactions', 3,
  'Nsight Compute sectors and requests: holds if a load request with L1 on moves at least l1trans_holds sectors (3 lines of 128 bytes), in part from l1trans_part (2 lines)');

-- 000-broadcast, 000-cached: the distance kernels' on-chip counters at
-- k = 1 (claim_verdict's cdr, described there), a view of its own so that
-- the constant-memory section prints the numbers its verdicts read.
CREATE VIEW claim_idc AS
WITH cc AS MATERIALIZED (SELECT * FROM counter_constant)
SELECT c.device_id, json_extract(c.params, '$.grid') AS grid, json_extract(c.params, '$.points') AS p,
               c.idc_requests AS c_req, c.idc_misses AS c_miss, g.l1_ld_requests AS g_req, g.l1_ld_sectors AS g_sec,
               c.idc_requests / g.l1_ld_requests AS x, c.idc_requests_lo / g.l1_ld_requests_hi AS x_lo,
               c.idc_requests_hi / g.l1_ld_requests_lo AS x_hi, c.idc_hits / c.idc_requests AS hit,
               c.idc_hits_lo / c.idc_requests_hi AS hit_lo, min(1.0, c.idc_hits_hi / c.idc_requests_lo) AS hit_hi,
               1.0 * json_extract(c.params, '$.grid') * json_extract(c.params, '$.grid') / 32
                 * json_extract(c.params, '$.points') AS loads,
               (SELECT max(c32.idc_requests) FROM cc c32 WHERE c32.device_id = c.device_id AND c32.study = 'distance'
                  AND c32.variant = 'constant' AND json_extract(c32.params, '$.k') = 32
                  AND json_extract(c32.params, '$.grid') = json_extract(c.params, '$.grid')
                  AND json_extract(c32.params, '$.points') = json_extract(c.params, '$.points')
                  AND json_extract(c32.params, '$.tile') IS json_extract(c.params, '$.tile')) AS c32_req,
               row_number() OVER (PARTITION BY c.device_id ORDER BY json_extract(c.params, '$.points') DESC,
                                  c.config_key) AS rk_most,
               row_number() OVER (PARTITION BY c.device_id ORDER BY json_extract(c.params, '$.points'),
                                  c.config_key) AS rk_fewest
        FROM cc c JOIN cc g ON g.device_id = c.device_id AND g.study = 'distance'
          AND g.variant = 'global' AND g.params = c.params
        WHERE c.study = 'distance' AND c.variant = 'constant' AND json_extract(c.params, '$.k') = 1;

-- The verdict of every claim on every device with a complete run. Verdicts:
-- 'holds', 'other magnitude' (the effect is there, its size differs from the
-- seed's), 'holds in part', 'does not hold', 'inconclusive' (a 95% interval
-- straddles the threshold, or for a claim on Nsight Compute counters the
-- range of the profiled passes does: such a claim reads each counter's
-- median, value, and its range, lo_value..hi_value of counter_config; a
-- ratio a / b of counters runs from a_lo / b_hi to a_hi / b_lo, so two
-- identical GPUs cannot get opposite verdicts from the passes' noise
-- alone), 'not measured' (the study has no results on this
-- device), 'not profiled on <GPU>' (the Nsight Compute counters the rule
-- needs were not stored for this device: `make profile`, or a set cut off,
-- see view profile_run_gap), 'not tested' (the data to judge it is missing).
-- A claim that an interval reaches a threshold (holds when its low end is at
-- or above it, does not hold when its high end is below it) is judged by
-- verdict_at_least(lo, hi, threshold) (reports/sqlstats.c), once its data
-- is there, and a claim over several configurations by verdict_over(n,
-- meeting, missing); the rules with more to them (a range, a second
-- threshold, the seed's magnitude, a strict bound) keep their CASE.
CREATE VIEW claim_verdict AS
WITH dv AS (SELECT device_id, name, label FROM report_devices),
-- the counter views, evaluated once
cc AS MATERIALIZED (SELECT * FROM counter_constant), cl AS MATERIALIZED (SELECT * FROM counter_local),
ac AS MATERIALIZED (SELECT * FROM access_counter), slow AS MATERIALIZED (SELECT * FROM const_slow_ci),
has AS (SELECT dv.device_id, dv.name, 'not profiled on ' || dv.label AS unprofiled,
          (SELECT count(*) FROM latest_default l WHERE l.device_id = dv.device_id AND l.study = 'distance') AS n_dist,
          (SELECT count(*) FROM latest_default l WHERE l.device_id = dv.device_id AND l.study = 'raytrace') AS n_rt,
          (SELECT count(*) FROM latest_default l WHERE l.device_id = dv.device_id AND l.study = 'access') AS n_acc,
          (SELECT count(*) FROM cc c WHERE c.device_id = dv.device_id AND c.study = 'distance') AS n_cdist,
          (SELECT count(*) FROM cc c WHERE c.device_id = dv.device_id AND c.study = 'raytrace') AS n_crt,
          (SELECT count(*) FROM cl c WHERE c.device_id = dv.device_id) AS n_cloc,
          (SELECT count(*) FROM ac a WHERE a.device_id = dv.device_id) AS n_actr
        FROM dv),
-- the verdict over several configurations from the counts met / missed of n
-- (verdict_over)
cu AS (SELECT u.device_id, count(*) AS n, sum(u.x_lo >= s.faster) AS nf, sum(u.x_hi < s.faster) AS nn, min(u.x) AS lo,
              max(u.x) AS hi, sum(u.fastest = 1) AS nc, sum(u.fastest = 0) AS nnc
       FROM const_uniform_ci u, setting s GROUP BY u.device_id),
rt AS (SELECT r.device_id, count(*) AS n, sum(r.x_lo >= s.faster) AS nf, sum(r.x_hi < s.faster) AS nn, min(r.x) AS lo,
              max(r.x) AS hi FROM rt_pair_ci r, setting s GROUP BY r.device_id),
k64 AS (SELECT device_id, sum(study = 'distance' AND json_extract(params, '$.points') = 8192) AS nd,
               sum(study = 'raytrace' AND json_extract(params, '$.spheres') = 2340) AS nr
        FROM latest_default WHERE study IN ('distance', 'raytrace') GROUP BY device_id),
-- 000-broadcast, 000-cached: the distance kernels' on-chip counters (set
-- constant) at k = 1, where all 32 lanes of a warp read one point: the
-- constant kernel's IDC requests and lookup hits, the global kernel's L1
-- global-load requests and sectors (same grid, points and tile), with the
-- passes' range; x: IDC over L1 requests, x_lo..x_hi its range; hit: the
-- IDC hit share, hit_lo..hit_hi. loads: the warp-level loads of the points
-- either kernel issues (grid^2 / 32 warps x P points: one float2 load per
-- point), to print requests per load; c32_req: the constant kernel's IDC
-- requests at k = 32 (every lane another point), the serialisation. One row
-- per profiled point count: 000-broadcast reads the most points (rk_most),
-- 000-cached the fewest (rk_fewest: a working set that fits the constant
-- cache, where the claim is made: repeated reads of the same addresses).
cdr AS (SELECT * FROM claim_idc),
-- 002-idle: the ray tracer's DRAM bytes and idle issue slots (set constant),
-- global over constant, per profiled sphere count
-- (bw_lo, idle_lo: the least lower end over the sphere counts of each
-- ratio's range over the passes; bw_hi, idle_hi: the least upper end)
cri AS (SELECT c.device_id, count(*) AS n,
               min(g.dram_read_bytes_lo / c.dram_read_bytes_hi) AS bw_lo,
               min(g.dram_read_bytes_hi / c.dram_read_bytes_lo) AS bw_hi,
               min((100 - g.issue_active_pct_hi) / (100 - c.issue_active_pct_lo)) AS idle_lo,
               min((100 - g.issue_active_pct_lo) / (100 - c.issue_active_pct_hi)) AS idle_hi,
               sum(c.issue_active_pct IS NULL OR g.issue_active_pct IS NULL) AS idle_missing,
               sum(c.dram_read_bytes IS NULL OR g.dram_read_bytes IS NULL) AS bw_missing,
               group_concat(printf('%.2fx [%.2f, %.2f] at %d spheres', g.dram_read_bytes / c.dram_read_bytes,
                                   g.dram_read_bytes_lo / c.dram_read_bytes_hi, g.dram_read_bytes_hi / c.dram_read_bytes_lo,
                                   json_extract(c.params, '$.spheres')), ', ') AS bw_text,
               group_concat(printf('%.2fx [%.2f, %.2f]', (100 - g.issue_active_pct) / (100 - c.issue_active_pct),
                                   (100 - g.issue_active_pct_hi) / (100 - c.issue_active_pct_lo),
                                   (100 - g.issue_active_pct_lo) / (100 - c.issue_active_pct_hi)), ', ') AS idle_text
        FROM cc c JOIN cc g ON g.device_id = c.device_id AND g.study = 'raytrace'
          AND g.variant = 'global' AND g.params = c.params
        WHERE c.study = 'raytrace' AND c.variant = 'constant' GROUP BY c.device_id),
-- 001-texture: the stencil's tex variant at the largest size it ran (cold,
-- single launches), its requested-bytes GB/s interval against the card's
-- global-memory bandwidth as measured (copy: the median over its measure
-- runs of the copy probe, run.copy_gbps_start); the global-load variant of
-- the same kernel, size and block beside it (g_gbps, g_lo, g_hi)
tex AS (SELECT s.device_id, s.gbps, s.gbps_lo, s.gbps_hi, json_extract(s.params, '$.size') AS size,
               g.gbps AS g_gbps, g.gbps_hi AS g_hi, g.gbps_lo AS g_lo,
               (SELECT k.copy_gbps FROM device_copy k WHERE k.device_id = s.device_id) AS copy
        FROM config_stats s JOIN config_stats g ON g.device_id = s.device_id AND g.study = s.study AND g.variant = 'global'
          AND g.params = s.params AND g.block = s.block AND g.flush = s.flush AND g.mode = s.mode AND g.cache = s.cache
        WHERE s.study = 'stencil' AND s.variant = 'tex' AND s.flush = 'clean' AND s.mode = 'single'
          AND json_extract(s.params, '$.size') = (SELECT max(json_extract(s2.params, '$.size')) FROM config_stats s2
                WHERE s2.device_id = s.device_id AND s2.study = 'stencil' AND s2.variant = 'tex'
                  AND s2.flush = 'clean' AND s2.mode = 'single')
          AND s.block = (SELECT min(s3.block) FROM config_stats s3 WHERE s3.device_id = s.device_id
                AND s3.study = 'stencil' AND s3.variant = 'tex' AND s3.params = s.params
                AND s3.flush = 'clean' AND s3.mode = 'single')),
loc AS (SELECT d.device_id, d.ms / s.ms AS x FROM access_t d JOIN access_t s ON s.device_id = d.device_id
          AND s.variant = 'local-static' AND s.n = d.n AND s.block = d.block AND s.l1 = d.l1
        WHERE d.variant = 'local-dynamic' AND d.n = (SELECT n_access FROM size) AND d.block = 256 AND d.l1 = 'ca'),
fl AS (SELECT f.device_id, count(*) AS n,
          sum(f.x_lo >= 1 - s.flat_tol AND f.x_hi <= 1 + s.flat_tol) AS n_in,
          sum(f.x_hi < 1 - s.flat_tol OR f.x_lo > 1 + s.flat_tol) AS n_out,
          max(CASE WHEN f.l1 = 'ca' THEN f.ms0 END) AS ca0, max(CASE WHEN f.l1 = 'ca' AND f.k = 11 THEN f.ms END) AS ca11,
          max(CASE WHEN f.l1 = 'ca' AND f.k = 128 THEN f.ms END) AS ca128, max(CASE WHEN f.l1 = 'cg' THEN f.ms0 END) AS cg0,
          max(CASE WHEN f.l1 = 'cg' AND f.k = 11 THEN f.ms END) AS cg11, max(CASE WHEN f.l1 = 'cg' AND f.k = 128 THEN f.ms END) AS cg128,
          min(f.x_lo) AS x_lo, max(f.x_hi) AS x_hi
        FROM access_flat_ci f, (SELECT value AS flat_tol FROM report_setting WHERE key = 'flat_tol') s GROUP BY f.device_id),
sec AS (SELECT device_id,
          max(CASE WHEN l1 = 'ca' AND k = 0 THEN value END) AS ca0, max(CASE WHEN l1 = 'ca' AND k = 11 THEN value END) AS ca11,
          max(CASE WHEN l1 = 'ca' AND k = 128 THEN value END) AS ca128, max(CASE WHEN l1 = 'cg' AND k = 0 THEN value END) AS cg0,
          max(CASE WHEN l1 = 'cg' AND k = 11 THEN value END) AS cg11, max(CASE WHEN l1 = 'cg' AND k = 128 THEN value END) AS cg128,
          -- the distance from the seed's value (tgt: offset 11's is the claim's, the others' 100%) over the
          -- passes' range: dev_hi its largest, dev_lo its least (0 where the range takes the seed's value in)
          max(max(abs(lo - tgt), abs(hi - tgt))) AS dev_hi,
          max(CASE WHEN tgt BETWEEN lo AND hi THEN 0 ELSE min(abs(lo - tgt), abs(hi - tgt)) END) AS dev_lo
        FROM (SELECT a.*, CASE WHEN a.k = 11 THEN (SELECT c.value FROM seed_claim c WHERE c.claim_id = '004-sector')
                               ELSE 100 END AS tgt
              FROM ac a WHERE a.variant = 'read-offset' AND a.k IN (0, 11, 128)
                AND a.metric = 'smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct')
        GROUP BY device_id),
-- sectors per request (mx_lo, mx_hi: the largest over the passes' range)
spr AS (SELECT s.device_id, max(s.value / r.value) AS mx, min(s.value / r.value) AS mn,
               max(s.lo / r.hi) AS mx_lo, max(s.hi / r.lo) AS mx_hi
        FROM ac s JOIN ac r ON r.device_id = s.device_id AND r.config_key = s.config_key
          AND r.metric = 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum'
        WHERE s.metric = 'l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum' AND s.variant = 'read-offset' AND s.l1 = 'cg'
        GROUP BY s.device_id),
spr_ca AS (SELECT s.device_id, max(s.value / r.value) AS mx, max(s.lo / r.hi) AS mx_lo, max(s.hi / r.lo) AS mx_hi
        FROM ac s JOIN ac r ON r.device_id = s.device_id AND r.config_key = s.config_key
          AND r.metric = 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum'
        WHERE s.metric = 'l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum' AND s.variant = 'read-offset' AND s.l1 = 'ca'
        GROUP BY s.device_id),
-- the thresholds of report_setting by name
st AS (SELECT (SELECT value FROM report_setting WHERE key = 'serialise_lo') AS serialise_lo,
              (SELECT value FROM report_setting WHERE key = 'serialise_hi') AS serialise_hi,
              (SELECT value FROM report_setting WHERE key = 'serialise_min') AS serialise_min,
              (SELECT value FROM report_setting WHERE key = 'sector_tol') AS sector_tol,
              (SELECT value FROM report_setting WHERE key = 'l2seg_tol') AS l2seg_tol,
              (SELECT value FROM report_setting WHERE key = 'l1trans_holds') AS l1trans_holds,
              (SELECT value FROM report_setting WHERE key = 'l1trans_part') AS l1trans_part,
              (SELECT value FROM report_setting WHERE key = 'cached_hit_min') AS cached_hit_min)
SELECT '000-broadcast' AS claim_id, h.device_id, h.name AS device,
  CASE WHEN h.n_dist = 0 THEN 'no distance results'
       WHEN b.x IS NULL THEN 'IDC requests of the constant kernel and L1 global-load requests of the global kernel at k = 1 not stored (make profile, set constant)'
       ELSE printf('at k = 1 (%d x %d, %d points), per warp-level load: constant %.3g IDC requests, global %.3g L1 requests of %.3g sectors each; IDC over L1 requests %.4f [%.4f, %.4f] over the passes (seed %.4f)',
                   b.grid, b.grid, b.p, b.c_req / b.loads, b.g_req / b.loads, b.g_sec / b.g_req, b.x, b.x_lo, b.x_hi, c.value)
            || CASE WHEN b.c32_req IS NULL THEN '' ELSE printf('; at k = 32 the constant kernel makes %.1fx its IDC requests of k = 1', b.c32_req / b.c_req) END
       END AS evidence,
  CASE WHEN h.n_dist = 0 THEN 'not measured' WHEN b.x IS NULL THEN h.unprofiled
       WHEN b.x_lo >= c.value * (1 - t.seed_tolerance) AND b.x_hi <= c.value * (1 + t.seed_tolerance) THEN 'holds'
       WHEN b.x_lo >= 1 / t.faster THEN 'does not hold'
       WHEN b.x_hi < 1 / t.faster AND (b.x_hi < c.value * (1 - t.seed_tolerance) OR b.x_lo > c.value * (1 + t.seed_tolerance))
         THEN 'other magnitude'
       ELSE 'inconclusive' END AS verdict
FROM has h, setting t JOIN seed_claim c ON c.claim_id = '000-broadcast'
     LEFT JOIN cdr b ON b.device_id = h.device_id AND b.rk_most = 1
UNION ALL
SELECT '000-cached', h.device_id, h.name,
  CASE WHEN h.n_dist = 0 THEN 'no distance results'
       WHEN b.hit IS NULL THEN 'IDC requests and lookup hits of the constant kernel at k = 1 not stored (make profile, set constant)'
       ELSE printf('at k = 1 (%d x %d, %d points) %.2f%% [%.2f, %.2f] of the constant kernel''s IDC requests hit over the passes (%d misses in %d requests)',
                   b.grid, b.grid, b.p, 100 * b.hit, 100 * b.hit_lo, 100 * b.hit_hi, CAST(b.c_miss AS INTEGER),
                   CAST(b.c_req AS INTEGER)) END,
  CASE WHEN h.n_dist = 0 THEN 'not measured' WHEN b.hit IS NULL THEN h.unprofiled
       ELSE verdict_at_least(b.hit_lo, b.hit_hi, st.cached_hit_min) END
FROM has h, st LEFT JOIN cdr b ON b.device_id = h.device_id AND b.rk_fewest = 1
UNION ALL
SELECT '000-faster', h.device_id, h.name,
  CASE WHEN cu.n IS NULL THEN 'no distance results'
       ELSE printf('constant faster over the whole interval in %d of %d configurations, not in %d, inconclusive in %d; %.2fx to %.2fx',
                   cu.nf, cu.n, cu.nn, cu.n - cu.nf - cu.nn, cu.lo, cu.hi) END,
  CASE WHEN cu.n IS NULL THEN 'not measured' ELSE verdict_over(cu.n, cu.nf, cu.nn) END
FROM has h LEFT JOIN cu USING (device_id)
UNION ALL
SELECT '000-serialise', h.device_id, h.name,
  CASE WHEN s.c16 IS NULL THEN 'no distance results'
       ELSE printf('constant %.2fx [%.2f, %.2f] slower at k = 16, %.2fx at k = 32; global %.2fx [%.2f, %.2f] at k = 16',
                   s.c16, s.c16_lo, s.c16_hi, s.c32, s.g16, s.g16_lo, s.g16_hi) END,
  CASE WHEN s.c16 IS NULL THEN 'not measured'
       WHEN s.c16_lo >= st.serialise_lo AND s.c16_hi <= st.serialise_hi THEN 'holds'
       WHEN s.c16_hi < st.serialise_min OR s.c16_hi < st.serialise_min * s.g16_lo THEN 'does not hold'
       WHEN s.c16_lo >= st.serialise_min AND s.c16_lo >= st.serialise_min * s.g16_hi
            AND (s.c16_hi < st.serialise_lo OR s.c16_lo > st.serialise_hi) THEN 'other magnitude'
       ELSE 'inconclusive' END
FROM has h, st LEFT JOIN slow s USING (device_id)
UNION ALL
SELECT '000-hurts', h.device_id, h.name,
  CASE WHEN s.cg16 IS NULL THEN 'no distance results'
       ELSE printf('at k = 16 constant takes %.2fx [%.2f, %.2f] the time of global', s.cg16, s.cg16_lo, s.cg16_hi) END,
  CASE WHEN s.cg16 IS NULL THEN 'not measured' ELSE verdict_at_least(s.cg16_lo, s.cg16_hi, t.faster) END
FROM has h, setting t LEFT JOIN slow s USING (device_id)
UNION ALL
SELECT '001-uniform', h.device_id, h.name,
  CASE WHEN cu.n IS NULL THEN 'no distance results'
       ELSE printf('constant fastest of the four spaces over the whole interval in %d of %d configurations, not in %d, inconclusive in %d',
                   cu.nc, cu.n, cu.nnc, cu.n - cu.nc - cu.nnc) END,
  CASE WHEN cu.n IS NULL THEN 'not measured' ELSE verdict_over(cu.n, cu.nc, cu.nnc) END
FROM has h LEFT JOIN cu USING (device_id)
UNION ALL
SELECT '001-64k', h.device_id, h.name,
  CASE WHEN k.device_id IS NULL THEN 'no constant-memory results'
       ELSE printf('%d verified distance configurations with 8192 points, %d ray tracer ones with 2340 spheres', k.nd, k.nr) END,
  CASE WHEN k.device_id IS NULL THEN 'not measured' WHEN k.nd > 0 AND k.nr > 0 THEN 'holds' ELSE 'not tested' END
FROM has h LEFT JOIN k64 k USING (device_id)
UNION ALL
SELECT '001-readonly', h.device_id, h.name,
  CASE WHEN s.cr32 IS NULL THEN 'no distance results'
       ELSE printf('at k = 32 constant takes %.2fx [%.2f, %.2f] the time of read-only', s.cr32, s.cr32_lo, s.cr32_hi) END,
  CASE WHEN s.cr32 IS NULL THEN 'not measured' ELSE verdict_at_least(s.cr32_lo, s.cr32_hi, t.faster) END
FROM has h, setting t LEFT JOIN slow s USING (device_id)
UNION ALL
SELECT '001-texture', h.device_id, h.name,
  CASE WHEN t.gbps IS NULL THEN 'no stencil results'
       ELSE printf('stencil at %d x %d: texture %.0f GB/s requested (95%%: %.0f to %.0f) against the copy bandwidth %.0f GB/s; global loads %.0f (%.0f to %.0f)', t.size, t.size,
                   t.gbps, t.gbps_lo, t.gbps_hi, t.copy, t.g_gbps, t.g_lo, t.g_hi) END,
  CASE WHEN t.gbps IS NULL OR t.copy IS NULL THEN 'not measured' WHEN t.gbps_lo > t.copy THEN 'holds'
       WHEN t.gbps_hi < t.copy THEN 'does not hold' ELSE 'inconclusive' END
FROM has h LEFT JOIN tex t USING (device_id)
UNION ALL
SELECT '001-local', h.device_id, h.name,
  CASE WHEN h.n_acc = 0 THEN 'no access results'
       WHEN l.dyn IS NULL THEN printf('local array %.2fx the time of registers; DRAM counters (make profile, set local) not stored', lt.x)
       ELSE printf('DRAM bytes of the local array %.3gx [%.3g, %.3g] those of the register version over the passes; time %.2fx',
                   l.dyn / l.stat, l.dyn_lo / l.stat_hi, l.dyn_hi / l.stat_lo, lt.x) END,
  CASE WHEN h.n_acc = 0 THEN 'not measured' WHEN l.dyn IS NULL THEN h.unprofiled
       WHEN l.dyn_lo >= t.faster * l.stat_hi THEN 'holds' WHEN l.dyn_hi < t.faster * l.stat_lo THEN 'does not hold'
       ELSE 'inconclusive' END
FROM has h, setting t LEFT JOIN loc lt USING (device_id)
LEFT JOIN (SELECT d.device_id, d.dram_read_bytes + d.dram_write_bytes AS dyn, s.dram_read_bytes + s.dram_write_bytes AS stat,
                  d.dram_bytes_lo AS dyn_lo, d.dram_bytes_hi AS dyn_hi, s.dram_bytes_lo AS stat_lo, s.dram_bytes_hi AS stat_hi
           FROM cl d JOIN cl s ON s.device_id = d.device_id AND s.variant = 'local-static'
             AND s.n = d.n AND s.block = d.block AND s.l1 = d.l1
           WHERE d.variant = 'local-dynamic' AND d.l1 = 'ca'
             AND d.n = (SELECT max(n) FROM cl c WHERE c.device_id = d.device_id AND c.variant = 'local-dynamic')) l
  ON l.device_id = h.device_id
UNION ALL
SELECT '002-faster', h.device_id, h.name,
  CASE WHEN r.n IS NULL THEN 'no ray tracer results'
       ELSE printf('constant faster over the whole interval in %d of %d configurations, not in %d, inconclusive in %d; %.2fx to %.2fx',
                   r.nf, r.n, r.nn, r.n - r.nf - r.nn, r.lo, r.hi) END,
  CASE WHEN r.n IS NULL THEN 'not measured' ELSE verdict_over(r.n, r.nf, r.nn) END
FROM has h LEFT JOIN rt r USING (device_id)
UNION ALL
SELECT '002-idle', h.device_id, h.name,
  CASE WHEN h.n_rt = 0 THEN 'no ray tracer results'
       WHEN i.n IS NULL OR i.bw_missing > 0 THEN 'DRAM bytes and issue activity of the ray tracer not stored (make profile, set constant)'
       WHEN i.idle_missing > 0 THEN printf('DRAM bytes read, global over constant: %s; idle issue slots not stored (set constant cut off, see the provenance)', i.bw_text)
       ELSE printf('DRAM bytes read, global over constant: %s; idle issue slots, global over constant: %s', i.bw_text, i.idle_text) END,
  CASE WHEN h.n_rt = 0 THEN 'not measured' WHEN i.n IS NULL OR i.bw_missing > 0 OR i.idle_missing > 0 THEN h.unprofiled
       WHEN i.bw_lo >= t.faster AND i.idle_lo >= t.faster THEN 'holds'
       WHEN (i.bw_lo >= t.faster AND i.idle_hi < t.faster) OR (i.idle_lo >= t.faster AND i.bw_hi < t.faster) THEN 'holds in part'
       WHEN i.bw_hi < t.faster AND i.idle_hi < t.faster THEN 'does not hold'
       ELSE 'inconclusive' END
FROM has h, setting t LEFT JOIN cri i USING (device_id)
UNION ALL
SELECT '003-divergence', h.device_id, h.name,
  CASE WHEN s.nld IS NULL OR s.nb IS NULL THEN 'no results in the seed''s configuration'
       ELSE printf('%.3f -> %.3f ms, %.2fx [%.2f, %.2f]', s.nb, s.nld, s.nb_nld, s.nb_nld_lo, s.nb_nld_hi) END,
  CASE WHEN s.nld IS NULL OR s.nb IS NULL THEN 'not measured'
       ELSE verdict_at_least(s.nb_nld_lo, s.nb_nld_hi, t.faster) END
FROM has h, setting t LEFT JOIN reduce_seedcfg s USING (device_id)
UNION ALL
SELECT '003-interleaved', h.device_id, h.name,
  CASE WHEN s.il IS NULL OR s.nb IS NULL THEN 'no results in the seed''s configuration'
       ELSE printf('%.3f -> %.3f ms, %.2fx [%.2f, %.2f] (seed: %.1fx)', s.nb, s.il, s.nb_il, s.nb_il_lo, s.nb_il_hi, c.value) END,
  CASE WHEN s.il IS NULL OR s.nb IS NULL THEN 'not measured'
       WHEN s.nb_il_lo >= t.interleaved_min AND abs(s.nb_il / c.value - 1) <= t.seed_tolerance THEN 'holds'
       WHEN s.nb_il_lo >= t.interleaved_min THEN 'other magnitude'
       WHEN s.nb_il_hi < t.interleaved_min THEN 'does not hold' ELSE 'inconclusive' END
FROM has h, setting t LEFT JOIN reduce_seedcfg s USING (device_id) JOIN seed_claim c ON c.claim_id = '003-interleaved'
UNION ALL
SELECT '003-unroll', h.device_id, h.name,
  CASE WHEN s.u8 IS NULL OR s.il IS NULL THEN 'no results in the seed''s configuration'
       ELSE printf('step speedups %.2fx, %.2fx, %.2fx; unroll8 at %.0f%% [%.0f, %.0f] of the measured copy bandwidth', s.il_u2, s.u2_u4, s.u4_u8, s.u8_copy, s.u8_copy_lo, s.u8_copy_hi) END,
  CASE WHEN s.u8 IS NULL OR s.il IS NULL THEN 'not measured'
       WHEN s.il_u2_hi < t.faster OR s.u2_u4_hi < t.faster OR s.u4_u8_hi < t.faster THEN
         CASE WHEN s.u8_copy_lo >= t.saturated_pct_copy THEN 'holds' ELSE 'does not hold' END
       WHEN s.il_u2_lo >= t.faster AND s.u2_u4_lo >= t.faster AND s.u4_u8_lo >= t.faster THEN
         CASE WHEN s.u8_copy_lo >= t.saturated_pct_copy THEN 'holds' WHEN s.u8_copy_hi < t.saturated_pct_copy THEN 'holds in part'
              ELSE 'inconclusive' END
       ELSE 'inconclusive' END
FROM has h, setting t LEFT JOIN reduce_seedcfg s USING (device_id)
UNION ALL
SELECT '003-lastwarp', h.device_id, h.name,
  CASE WHEN s.uw8 IS NULL OR s.u8 IS NULL THEN 'no results in the seed''s configuration'
       ELSE printf('%.4f -> %.4f ms, %.2fx [%.2f, %.2f]', s.u8, s.uw8, s.u8_uw8, s.u8_uw8_lo, s.u8_uw8_hi) END,
  CASE WHEN s.uw8 IS NULL OR s.u8 IS NULL THEN 'not measured'
       ELSE verdict_at_least(s.u8_uw8_lo, s.u8_uw8_hi, t.faster) END
FROM has h, setting t LEFT JOIN reduce_seedcfg s USING (device_id)
UNION ALL
SELECT '003-complete', h.device_id, h.name,
  CASE WHEN s.uw8 IS NULL OR s.cu8 IS NULL THEN 'no results in the seed''s configuration'
       ELSE printf('%.4f -> %.4f ms, %.2fx [%.2f, %.2f]', s.uw8, s.cu8, s.uw8_cu8, s.uw8_cu8_lo, s.uw8_cu8_hi) END,
  CASE WHEN s.uw8 IS NULL OR s.cu8 IS NULL THEN 'not measured'
       ELSE verdict_at_least(s.uw8_cu8_lo, s.uw8_cu8_hi, t.faster) END
FROM has h, setting t LEFT JOIN reduce_seedcfg s USING (device_id)
UNION ALL
SELECT '004-flat', h.device_id, h.name,
  CASE WHEN f.ca0 IS NULL OR f.cg0 IS NULL THEN 'no results in the seed''s configuration'
       ELSE printf('L1 on %.4f / %.4f / %.4f ms, off %.4f / %.4f / %.4f ms; ratios to offset 0 within [%.3f, %.3f]',
                   f.ca0, f.ca11, f.ca128, f.cg0, f.cg11, f.cg128, f.x_lo, f.x_hi) END,
  CASE WHEN f.ca0 IS NULL OR f.cg0 IS NULL THEN 'not measured' WHEN f.n_in = f.n THEN 'holds'
       WHEN f.n_out > 0 THEN 'does not hold' ELSE 'inconclusive' END
FROM has h LEFT JOIN fl f USING (device_id)
UNION ALL
SELECT '004-sector', h.device_id, h.name,
  CASE WHEN h.n_acc = 0 THEN 'no access results' WHEN h.n_actr = 0 THEN 'Nsight Compute counters not stored (make profile, set sectors)'
       WHEN max(s.ca0, s.ca11, s.ca128, s.cg0, s.cg11, s.cg128) IS NULL
         THEN 'bytes used per sector not stored at every offset (set sectors cut off, see the provenance)'
       ELSE printf('L1 on %.0f / %.0f / %.0f%%, off %.0f / %.0f / %.0f%%', s.ca0, s.ca11, s.ca128, s.cg0, s.cg11, s.cg128) END,
  CASE WHEN h.n_acc = 0 THEN 'not measured' WHEN max(s.ca0, s.ca11, s.ca128, s.cg0, s.cg11, s.cg128) IS NULL THEN h.unprofiled
       WHEN s.dev_hi <= st.sector_tol THEN 'holds' WHEN s.dev_lo > st.sector_tol THEN 'does not hold'
       ELSE 'inconclusive' END
FROM has h, st JOIN seed_claim c ON c.claim_id = '004-sector' LEFT JOIN sec s ON s.device_id = h.device_id
UNION ALL
SELECT '004-l2seg', h.device_id, h.name,
  CASE WHEN h.n_acc = 0 THEN 'no access results' WHEN p.mx IS NULL THEN 'Nsight Compute counters not stored (make profile, set sectors)'
       ELSE printf('%.2f to %.2f sectors per request', p.mn, p.mx) END,
  CASE WHEN h.n_acc = 0 THEN 'not measured' WHEN p.mx IS NULL THEN h.unprofiled
       WHEN p.mx_lo >= c.value - st.l2seg_tol AND p.mx_hi <= c.value + st.l2seg_tol THEN 'holds'
       WHEN p.mx_hi < c.value - st.l2seg_tol OR p.mx_lo > c.value + st.l2seg_tol THEN 'does not hold'
       ELSE 'inconclusive' END
FROM has h, st JOIN seed_claim c ON c.claim_id = '004-l2seg' LEFT JOIN spr p ON p.device_id = h.device_id
UNION ALL
SELECT '004-l1trans', h.device_id, h.name,
  CASE WHEN h.n_acc = 0 THEN 'no access results' WHEN p.mx IS NULL THEN 'Nsight Compute counters not stored (make profile, set sectors)'
       ELSE printf('with L1 on, at most %.2f sectors (%.0f bytes) per load request over offsets 0..128', p.mx, 32 * p.mx) END,
  CASE WHEN h.n_acc = 0 THEN 'not measured' WHEN p.mx IS NULL THEN h.unprofiled
       WHEN p.mx_lo >= st.l1trans_holds THEN 'holds'
       WHEN p.mx_lo >= st.l1trans_part AND p.mx_hi < st.l1trans_holds THEN 'holds in part'
       WHEN p.mx_hi < st.l1trans_part THEN 'does not hold' ELSE 'inconclusive' END
FROM has h, st LEFT JOIN spr_ca p ON p.device_id = h.device_id;
