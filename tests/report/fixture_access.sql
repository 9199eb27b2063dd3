-- tests/report/fixture_access.sql: a SYNTHETIC database for the report test
-- of the access section (reports/sections/40-access.md, 90-resources.md and
-- the access_* figures). Apply after data/schema.sql (before or after
-- the analysis, reports/analysis/*.sql). Every number below is made up by a formula to
-- exercise the queries; none is a measurement. Rows cover the configurations
-- of experiments/access/access.matrix for both builds (access-ca, access-cg) on one
-- 'Fixture GPU', the Nsight Compute counters of `make profile` (set 'sectors')
-- (in runs of kind 'profile', which hold no results), and the
-- compiler's resource report of both builds. Delete the counter rows to test
-- the section without counters.
INSERT OR IGNORE INTO device (uuid, name, cc, sm_count, l2_bytes, global_mem_bytes, sm_clock_khz,
                              mem_clock_khz, bus_width_bits, peak_gbps)
VALUES ('fixture-gpu', 'Fixture GPU', '9.0', 100, 50331648, 85899345920, 1500000, 2500000, 5120, 3200.0);

-- The timing runs and the counter runs of both builds.
INSERT INTO run (study, binary, device_id, status, started_utc, finished_utc, argv, host, git_commit, git_dirty,
                 build_id, nvcc_version, nvcc_flags, driver_version, runtime_version, copy_gbps_start,
                 copy_gbps_end, warmups, max_reps, note, kind)
SELECT 'access', 'access-' || l1, (SELECT device_id FROM device WHERE uuid = 'fixture-gpu'), status,
       '2000-01-02T00:00:00Z', '2000-01-02T00:10:00Z', kind || ' access-' || l1, 'fixture-host', 'fixture', 0,
       'fixture-access-' || l1, 'release 0.0, V0.0.0', '-O3 -Xptxas -dlcm=' || l1, 13000, 13000, 2500.0, 2500.0,
       3, 20, note, CASE kind WHEN 'fixture-ncu' THEN 'profile' ELSE 'measure' END
FROM (SELECT 'ca' AS l1 UNION ALL SELECT 'cg'),
     (SELECT 'fixture' AS kind, 'complete' AS status, 'synthetic fixture' AS note
      UNION ALL SELECT 'fixture-ncu', 'complete', 'profile run: counters only (make profile)');

-- Results: the matrix's configurations. Synthetic useful GB/s = 2600 x
-- factor(variant, k, block, l1); time = bytes / GB/s + 3 us.
WITH RECURSIVE
kk(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM kk WHERE k < 33),
ko(k) AS (SELECT k FROM kk UNION SELECT 64 UNION SELECT 128),
kp(k) AS (VALUES (0), (1), (2), (4), (8), (11), (16), (32), (64), (128)),
ks(k) AS (SELECT k FROM kk WHERE k >= 1 UNION SELECT 64 UNION SELECT 128),
k2(k) AS (VALUES (0), (11)),
k3(k) AS (VALUES (0), (11), (128)),
bb(block) AS (SELECT 64 UNION ALL SELECT block * 2 FROM bb WHERE block < 1024),
nn(n) AS (SELECT 1048576 UNION ALL SELECT n * 2 FROM nn WHERE n < 67108864),
l1(l1) AS (VALUES ('ca'), ('cg')),
cfg(variant, n, block, k) AS (
  SELECT v, 67108864, 256, k FROM ko, (SELECT 'read-offset' AS v UNION ALL SELECT 'write-offset'
                                       UNION ALL SELECT 'read-offset-unroll4')
  UNION SELECT v, 67108864, 256, k FROM kp, (SELECT 'read-offset-ldg' AS v UNION ALL SELECT 'read-offset-tex')
  UNION SELECT v, 1048576, 512, k FROM k3, (SELECT 'read-offset' AS v UNION ALL SELECT 'write-offset')
  UNION SELECT 'read-stride', 67108864, 256, k FROM ks
  UNION SELECT v, 67108864, block, k FROM bb, k2, (SELECT 'read-offset' AS v UNION ALL SELECT 'write-offset')
  UNION SELECT v, n, 256, k FROM nn, k2, (SELECT 'read-offset' AS v UNION ALL SELECT 'write-offset')
  UNION SELECT v, n, 256, 0 FROM nn, (SELECT 'local-dynamic' AS v UNION ALL SELECT 'local-static') WHERE n >= 16777216),
m AS (SELECT cfg.*, l1.l1,
        CASE WHEN variant = 'read-stride' THEN (n + k - 1) / k WHEN variant LIKE 'local-%' THEN n ELSE n - k END AS m
      FROM cfg, l1),
f AS (SELECT m.*,
        CASE WHEN variant LIKE 'local-%' THEN 4 * m ELSE 8 * m END AS br, 4 * m AS bw,
        2600.0 * CASE variant
          WHEN 'read-offset' THEN CASE WHEN k % 8 = 0 THEN 1.0 WHEN l1 = 'ca' THEN 0.90 ELSE 0.94 END
          WHEN 'read-offset-unroll4' THEN 1.03 * CASE WHEN k % 8 = 0 THEN 1.0 WHEN l1 = 'ca' THEN 0.90 ELSE 0.94 END
          WHEN 'read-offset-ldg' THEN CASE WHEN k % 8 = 0 THEN 1.0 ELSE 0.92 END
          WHEN 'read-offset-tex' THEN CASE WHEN k % 8 = 0 THEN 0.97 ELSE 0.93 END
          WHEN 'write-offset' THEN CASE WHEN k % 8 = 0 THEN 1.0 ELSE 0.82 END
          WHEN 'read-stride' THEN 1.0 / (2.0 / 3.0 * min(k, 8) + 1.0 / 3.0)
          WHEN 'local-dynamic' THEN 0.45 ELSE 0.98 END
        * CASE WHEN block = 64 THEN 0.85 ELSE 1.0 END AS gbps
      FROM m),
t AS (SELECT f.*, (br + bw) / (gbps * 1e6) + 0.003 AS ms FROM f)
INSERT INTO result (run_id, study, config_key, variant, n, block, params, cache, timer, status, max_err, tolerance,
                    reps, median_ms, min_ms, max_ms, q1_ms, q3_ms, mean_ms, rsd, bytes_read, bytes_written,
                    created_utc)
SELECT (SELECT run_id FROM run WHERE argv = 'fixture access-' || l1), 'access',
       printf('variant=%s n=%d block=%d k=%d l1=%s cache=cold', variant, n, block, k, l1), variant, n, block,
       printf('{"k":%d,"l1":"%s"}', k, l1), 'cold', 'cuda-event', 'ok', 0, 0, 20, ms, ms * 0.98, ms * 1.05,
       ms * 0.99, ms * 1.01, ms, 0.01, br, bw, '2000-01-02T00:05:00Z'
FROM t;

-- Counters of `make profile` (set sectors; n = 2^24, block 512): synthetic
-- values that follow the sector arithmetic (4 sectors per aligned warp-wide
-- float load, 5 when misaligned, min(4 s, 32) at stride s).
WITH
l1(l1) AS (VALUES ('ca'), ('cg')),
ko(k) AS (VALUES (0), (1), (2), (4), (8), (11), (16), (32), (64), (128)),
ks(k) AS (VALUES (1), (2), (4), (8), (16), (32)),
cfg(variant, k) AS (
  SELECT v, k FROM ko, (SELECT 'read-offset' AS v UNION ALL SELECT 'write-offset')
  UNION ALL SELECT 'read-stride', k FROM ks),
c AS (SELECT variant, k, l1, CASE WHEN variant = 'read-stride' THEN (16777216 + k - 1) / k ELSE 16777216 - k END AS m,
        CASE WHEN variant = 'read-offset' AND k % 8 <> 0 THEN 5.0 WHEN variant = 'read-stride' THEN min(4 * k, 32)
             ELSE 4.0 END AS ld_spr,
        CASE WHEN variant = 'write-offset' AND k % 8 <> 0 THEN 5.0 ELSE 4.0 END AS st_spr
      FROM cfg, l1),
v(variant, k, l1, metric, value, unit) AS (
  SELECT variant, k, l1, 'smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct', 400.0 / ld_spr, '%' FROM c
  UNION ALL SELECT variant, k, l1, 'smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct', 400.0 / st_spr, '%' FROM c
  UNION ALL SELECT variant, k, l1, 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum', 2 * m / 32, 'request' FROM c
  UNION ALL SELECT variant, k, l1, 'l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum', 2 * m / 32 * ld_spr, 'sector' FROM c
  UNION ALL SELECT variant, k, l1, 'l1tex__t_requests_pipe_lsu_mem_global_op_st.sum', m / 32, 'request' FROM c
  UNION ALL SELECT variant, k, l1, 'l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum', m / 32 * st_spr, 'sector' FROM c
  UNION ALL SELECT variant, k, l1, 'l1tex__t_sector_hit_rate.pct',
                   CASE WHEN l1 = 'ca' AND ld_spr = 5 THEN 20.0 ELSE 0.0 END, '%' FROM c
  UNION ALL SELECT variant, k, l1, 'lts__t_sector_hit_rate.pct',
                   CASE WHEN l1 = 'cg' AND ld_spr = 5 THEN 20.0 ELSE 1.0 END, '%' FROM c
  UNION ALL SELECT variant, k, l1, 'dram__bytes_read.sum', 8.0 * m * CASE WHEN variant = 'read-stride' THEN min(k, 8) ELSE 1.002 END, 'byte' FROM c
  UNION ALL SELECT variant, k, l1, 'dram__bytes_write.sum', 4.0 * m, 'byte' FROM c)
INSERT INTO counter (run_id, config_key, metric, value, unit, variant, dtype, n, block, params, kernel, launches,
                     combine, metric_set)
SELECT (SELECT run_id FROM run WHERE argv = 'fixture-ncu access-' || l1),
       printf('variant=%s n=16777216 block=512 k=%d l1=%s cache=cold', variant, k, l1), metric, value, unit,
       variant, NULL, 16777216, 512, json_object('k', k, 'l1', l1), replace(variant, '-', '_') || '_kernel', 1,
       'one', 'sectors'
FROM v;

-- The compiler's resource report of both builds (synthetic values shaped
-- like ptxas -v output).
WITH r(kernel, regs, stack) AS (VALUES ('_Z18read_offset_kernelPKfS0_Pfmm', 12, 0), ('_Z22read_offset_ldg_kernelPKfS0_Pfmm', 12, 0),
             ('_Z22read_offset_tex_kernelyyPfmm', 10, 0), ('_Z26read_offset_unroll4_kernelPKfS0_Pfmm', 32, 0),
             ('_Z19write_offset_kernelPKfS0_Pfmm', 12, 0), ('_Z18read_stride_kernelPKfS0_Pfmm', 12, 0),
             ('_Z20local_dynamic_kernelPKfPfm', 32, 128), ('_Z19local_static_kernelPKfPfm', 15, 0))
INSERT INTO kernel_resource (build_id, binary, kernel, registers, stack_bytes, spill_store_bytes, spill_load_bytes,
                             shared_bytes, constant_bytes)
SELECT 'fixture-access-' || l1, 'access-' || l1, kernel, regs, stack, 0, 0, 0, NULL
FROM (SELECT 'ca' AS l1 UNION ALL SELECT 'cg'), r;
