-- tests/report/fixture_claims.sql: SYNTHETIC rows for the claim verdicts that
-- read Nsight Compute counters or sit on either side of a threshold. Apply
-- after tests/report/fixture_two_devices.sql (which makes 'Fixture GPU A' and
-- 'Fixture GPU B'). Every number is made up; none is a measurement.
--   - B's global memory at k = 1 is 8% slower (000-faster holds on B; on A,
--     where some configurations take alike, inconclusive); its ray tracer's
--     3% (002-faster holds on B).
--   - B's constant-memory reads at 2048 x 2048, 1024 points at k = 32 take
--     1.03x read-only's time (001-readonly holds on A and on B: the claim
--     states no magnitude, so 1.03 [1.01, 1.05] is above one). (Their
--     slowdown at k = 16, claim 000-serialise, is set in
--     fixture_thresholds.sql.)
--   - Counters (set constant) of the distance field at k = 1 and 32 on A and
--     B, per warp-level load (1024^2 / 32 warps x 1024 points = 2^25 loads),
--     with the range of three passes (min_value, max_value):
--     000-broadcast, the global kernel's L1 global-load requests over the
--     constant kernel's IDC requests at k = 1: A 1.0 [0.998, 1.002] (a
--     uniform global load is one request too: inconclusive, it straddles
--     one); B 12.9, no spread, the seed's 16 less seed_tolerance being 12
--     (holds; below the claim's magnitude at 17.6);
--     000-cached, IDC lookup hits over requests at k = 1: A 97% [96.6,
--     97.4] (holds; does not hold at 1.045), B 90% (does not hold; holds
--     at 0.864).
--     (tests/report/fixture_five_devices.sql gives C a range across both
--     thresholds, D a ratio of 1/4, E no profile run of the distance field.)
--   - Counters of the ray tracer: A reads half the DRAM bytes with spheres
--     in constant memory and leaves half the issue slots idle (002-idle
--     holds); B's run lacks the issue metrics (a set cut off: 002-idle is
--     not profiled on B, and the provenance lists the run).
--   - Counters (set local) of the access study on A: the run-time indexed
--     array moves 3x the DRAM bytes of the register one (001-local holds).
--   - A profile run of B that failed before storing anything (listed in the
--     provenance with its set's every metric missing).
CREATE TEMP TABLE claim_scale AS
SELECT c.result_id, g.median_ms * s.x / c.median_ms AS f
FROM result c JOIN (SELECT 32 AS k, 'readonly' AS other, 1.03 AS x) s
  ON json_extract(c.params, '$.k') = s.k
JOIN result g ON g.run_id = c.run_id AND g.config_key = replace(c.config_key, 'variant=constant', 'variant=' || s.other)
WHERE c.run_id = (SELECT run_id FROM run WHERE argv = 'fixture distance B') AND c.variant = 'constant'
  AND json_extract(c.params, '$.grid') = 2048 AND json_extract(c.params, '$.points') = 1024;
UPDATE result SET median_ms = median_ms * (SELECT f FROM claim_scale s WHERE s.result_id = result.result_id),
                  min_ms = min_ms * (SELECT f FROM claim_scale s WHERE s.result_id = result.result_id),
                  max_ms = max_ms * (SELECT f FROM claim_scale s WHERE s.result_id = result.result_id),
                  q1_ms = q1_ms * (SELECT f FROM claim_scale s WHERE s.result_id = result.result_id),
                  q3_ms = q3_ms * (SELECT f FROM claim_scale s WHERE s.result_id = result.result_id),
                  mean_ms = mean_ms * (SELECT f FROM claim_scale s WHERE s.result_id = result.result_id)
WHERE result_id IN (SELECT result_id FROM claim_scale);
DROP TABLE claim_scale;

-- B's global memory at k = 1 takes 8% longer, so that constant is faster
-- over the whole interval in every (grid, P) configuration there
-- (000-faster holds on B; on A, where small grids show no difference, it
-- holds in part).
UPDATE result SET median_ms = median_ms * 1.08, min_ms = min_ms * 1.08, max_ms = max_ms * 1.08,
                  q1_ms = q1_ms * 1.08, q3_ms = q3_ms * 1.08, mean_ms = mean_ms * 1.08
WHERE run_id = (SELECT run_id FROM run WHERE argv = 'fixture distance B') AND variant = 'global'
  AND json_extract(params, '$.k') = 1;

-- B's ray tracer with the spheres in global memory takes 3% longer: no
-- configuration is then slower over its whole interval, the smallest are
-- inconclusive (002-faster is inconclusive on B, holds in part on A).
UPDATE result SET median_ms = median_ms * 1.03, min_ms = min_ms * 1.03, max_ms = max_ms * 1.03,
                  q1_ms = q1_ms * 1.03, q3_ms = q3_ms * 1.03, mean_ms = mean_ms * 1.03
WHERE run_id = (SELECT run_id FROM run WHERE argv = 'fixture raytrace B') AND variant = 'global';

-- The profile runs (kind 'profile': counters only).
INSERT INTO run (study, binary, device_id, status, started_utc, finished_utc, argv, host, git_commit, git_dirty,
                 build_id, nvcc_version, nvcc_flags, driver_version, runtime_version, warmups, max_reps, note, kind)
SELECT s.study, s.binary, d.device_id, s.status, '2000-01-05T00:00:00Z', '2000-01-05T00:10:00Z',
       'fixture-ncu ' || s.binary || ' ' || d.s || ' --profile ' || s.pset, 'fixture-host', 'fixture', 0,
       'fixture-' || s.binary, 'release 0.0, V0.0.0', '-O3', 13000, 13000, 0, 1, s.note, 'profile'
FROM (SELECT device_id, substr(uuid, 13) AS s FROM device WHERE uuid IN ('fixture-gpu-a', 'fixture-gpu-b')) d,
     (SELECT 'distance' AS study, 'distance' AS binary, 'constant' AS pset, 'complete' AS status, NULL AS note
      UNION ALL SELECT 'raytrace', 'raytrace', 'constant', 'complete', NULL
      UNION ALL SELECT 'access', 'access-ca', 'local', 'complete', NULL
      UNION ALL SELECT 'reduce', 'reduce', 'reduce', 'failed', 'configurations not profiled') s
WHERE (d.s = 'a' AND s.study <> 'reduce') OR (d.s = 'b' AND s.study IN ('distance', 'raytrace', 'reduce'));

-- The metrics of set constant (experiments/harness/profile.c) and their units.
CREATE TEMP TABLE constant_set (metric TEXT, unit TEXT);
INSERT INTO constant_set VALUES ('dram__bytes_read.sum', 'byte'), ('gpu__time_duration.sum', 'nsecond'),
  ('idc__requests.sum', 'request'), ('idc__requests_lookup_hit.sum', 'request'),
  ('idc__requests_lookup_miss.sum', 'request'), ('l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum', 'request'),
  ('l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum', 'sector'),
  ('smsp__issue_active.avg.pct_of_peak_sustained_active', '%'), ('smsp__inst_executed.sum', 'inst'),
  ('smsp__average_warps_issue_stalled_imc_miss_per_issue_active.ratio', ''),
  ('smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio', ''),
  ('sm__throughput.avg.pct_of_peak_sustained_elapsed', '%'), ('sm__warps_active.avg.pct_of_peak_sustained_active', '%');

-- Distance field (grid 1024, 1024 points of 8 bytes: 8192 bytes read over
-- and over; 2^25 warp-level loads of a point): DRAM bytes read per variant
-- as multiples of 8192; requests per warp-level load (req: the IDC's of the
-- constant kernel, L1 global loads' of the others), the IDC's hit share
-- (hit), sectors per L1 request (sec), each count's passes within
-- +/- spread of the median; the rest of set constant.
WITH c(s, variant, k, dram, req, hit, sec, spread) AS (VALUES
  ('a', 'constant', 1, 3.8, 1.0, 0.97, 0, 0.002), ('a', 'global', 1, 63.0, 1.0, 0, 1.0, 0),
  ('a', 'readonly', 1, 24.0, 1.0, 0, 1.0, 0), ('a', 'shared', 1, 2.0, 0.01, 0, 1.0, 0),
  ('a', 'constant', 32, 1.6, 32.0, 0.97, 0, 0.002), ('a', 'global', 32, 25.0, 1.0, 0, 8.0, 0),
  ('a', 'readonly', 32, 24.0, 1.0, 0, 8.0, 0), ('a', 'shared', 32, 2.0, 0.01, 0, 1.0, 0),
  ('b', 'constant', 1, 4.2, 0.0776, 0.90, 0, 0), ('b', 'global', 1, 20.0, 1.0, 0, 1.0, 0),
  ('b', 'readonly', 1, 20.0, 1.0, 0, 1.0, 0), ('b', 'shared', 1, 3.0, 0.01, 0, 1.0, 0),
  ('b', 'constant', 32, 6.0, 1.5, 0.90, 0, 0), ('b', 'global', 32, 20.0, 1.0, 0, 8.0, 0),
  ('b', 'readonly', 32, 20.0, 1.0, 0, 8.0, 0), ('b', 'shared', 32, 3.0, 0.01, 0, 1.0, 0)),
m(metric, unit) AS (SELECT metric, unit FROM constant_set),
v AS (SELECT c.*, m.metric, m.unit, 33554432.0 * c.req AS nreq,
             CASE m.metric WHEN 'dram__bytes_read.sum' THEN 8192 * c.dram WHEN 'gpu__time_duration.sum' THEN 400000.0 * c.k
                           WHEN 'smsp__inst_executed.sum' THEN 4.0e7
                           WHEN 'idc__requests.sum' THEN CASE WHEN c.variant = 'constant' THEN 33554432.0 * c.req ELSE 0 END
                           WHEN 'idc__requests_lookup_hit.sum' THEN 33554432.0 * c.req * c.hit
                           WHEN 'idc__requests_lookup_miss.sum' THEN 33554432.0 * c.req * (1 - c.hit)
                           WHEN 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum'
                             THEN CASE WHEN c.variant = 'constant' THEN 0 ELSE 33554432.0 * c.req END
                           WHEN 'l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum'
                             THEN CASE WHEN c.variant = 'constant' THEN 0 ELSE 33554432.0 * c.req * c.sec END
                           ELSE 50.0 END AS value
      FROM c, m)
INSERT INTO counter (run_id, config_key, metric, value, unit, variant, dtype, n, block, params, kernel, launches, combine,
                     metric_set, passes, min_value, max_value)
SELECT (SELECT run_id FROM run WHERE argv = 'fixture-ncu distance ' || v.s || ' --profile constant'),
       printf('grid=1024 points=1024 k=%d tile=16 variant=%s cache=cold', v.k, v.variant), v.metric, v.value, v.unit,
       v.variant, NULL, NULL, NULL, printf('{"grid":1024,"points":1024,"k":%d,"tile":16}', v.k),
       'distance_' || v.variant || '_kernel', 1, 'one', 'constant', 3,
       CASE WHEN v.metric LIKE 'idc__%' OR v.metric LIKE 'l1tex__%' THEN v.value * (1 - v.spread) ELSE v.value END,
       CASE WHEN v.metric LIKE 'idc__%' OR v.metric LIKE 'l1tex__%' THEN v.value * (1 + v.spread) ELSE v.value END
FROM v;

-- Ray tracer (1024 x 1024; 100 and 2340 spheres): DRAM bytes read and issue
-- slots active (%) per variant; B's run stored only DRAM bytes and durations.
WITH c(s, variant, spheres, dram, active) AS (VALUES
  ('a', 'constant', 100, 10000.0, 80.0), ('a', 'global', 100, 20000.0, 60.0), ('a', 'readonly', 100, 20000.0, 62.0),
  ('a', 'constant', 2340, 50000.0, 70.0), ('a', 'global', 2340, 60000.0, 64.0), ('a', 'readonly', 2340, 60000.0, 64.0),
  ('b', 'constant', 100, 13000.0, NULL), ('b', 'global', 100, 13056.0, NULL), ('b', 'readonly', 100, 13056.0, NULL),
  ('b', 'constant', 2340, 79360.0, NULL), ('b', 'global', 2340, 75520.0, NULL), ('b', 'readonly', 2340, 75520.0, NULL)),
m(metric, unit) AS (SELECT metric, unit FROM constant_set)
INSERT INTO counter (run_id, config_key, metric, value, unit, variant, dtype, n, block, params, kernel, launches, combine,
                     metric_set)
SELECT (SELECT run_id FROM run WHERE argv = 'fixture-ncu raytrace ' || c.s || ' --profile constant'),
       printf('size=1024 spheres=%d tile=16 variant=%s cache=cold', c.spheres, c.variant), m.metric,
       CASE m.metric WHEN 'dram__bytes_read.sum' THEN c.dram WHEN 'gpu__time_duration.sum' THEN 100.0 * c.spheres
                     WHEN 'smsp__issue_active.avg.pct_of_peak_sustained_active' THEN c.active ELSE 50.0 END, m.unit,
       c.variant, NULL, NULL, NULL, printf('{"size":1024,"spheres":%d,"tile":16}', c.spheres),
       'raytrace_' || c.variant || '_kernel', 1, 'one', 'constant'
FROM c, m WHERE m.metric IN ('dram__bytes_read.sum', 'gpu__time_duration.sum') OR c.active IS NOT NULL;

-- Local memory on A (2^26 floats, block 256, L1 on): DRAM bytes read and
-- written; the run-time indexed array moves 3x the register version's.
WITH c(variant, rd, wr) AS (VALUES ('local-dynamic', 8.0e8, 4.0e8), ('local-static', 2.7e8, 1.3e8)),
m(metric) AS (VALUES ('dram__bytes_read.sum'), ('dram__bytes_write.sum'), ('gpu__time_duration.sum'),
  ('l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum'), ('l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum'),
  ('lts__t_sectors_srcunit_tex_op_read.sum'), ('lts__t_sectors_srcunit_tex_op_write.sum'),
  ('l1tex__t_sector_hit_rate.pct'), ('lts__t_sector_hit_rate.pct'))
INSERT INTO counter (run_id, config_key, metric, value, unit, variant, dtype, n, block, params, kernel, launches, combine,
                     metric_set)
SELECT (SELECT run_id FROM run WHERE argv = 'fixture-ncu access-ca a --profile local'),
       printf('variant=%s n=67108864 block=256 k=0 l1=ca cache=cold', c.variant), m.metric,
       CASE m.metric WHEN 'dram__bytes_read.sum' THEN c.rd WHEN 'dram__bytes_write.sum' THEN c.wr ELSE 1000.0 END, '',
       c.variant, NULL, 67108864, 256, '{"k":0,"l1":"ca"}', replace(c.variant, '-', '_') || '_kernel', 1, 'one', 'local'
FROM c, m;
DROP TABLE constant_set;
