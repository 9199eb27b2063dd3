-- tests/report/fixture_stencil.sql: SYNTHETIC stencil-study rows (seed 001's
-- texture claim, reports/sections/45-texture.md, figure stencil_gbps) for
-- the report test. Apply after tests/report/fixture_two_devices.sql (it
-- needs 'Fixture GPU A' and 'Fixture GPU B'). Every number is made up; none
-- is a measurement. Requested GB/s = (100 + 4 bytes per pixel) / time.
-- Placed on both sides of every threshold the section reads:
--   texture path vs the copy bandwidth (max copy_gbps_start of the GPU's
--   runs: A 2500, B 4000): A's tex at 1.06x (holds), B's at 0.94x (does
--   not hold); quartiles +-0.5% of the median (one run: the interval).
--   'faster' (1.05) between the other paths and tex: A's global 1.07x and
--   ldg 1.09x (faster), B's global 1/1.07 (slower) and ldg 1/1.048 (no
--   different); shared 3x (faster) on both.
--   'coincide_rel' (0.02) between the figure's series: A's ldg is 1.9% above
--   its global (1.83% of the larger: they coincide, not at 0.0182), B's
--   2.1% (2.06%: they do not, but do at 0.022).
--   'noisy_rsd' (0.10) and 'listed_rsd' (0.01): A's global has rsd 0.095
--   and 0.105, A's ldg at 1024^2 0.0105, the others 0.01.
-- A also has the Nsight Compute counters of set 'sectors' at the larger size.
INSERT INTO run (study, binary, device_id, status, started_utc, finished_utc, argv, host, git_commit, git_dirty,
                 build_id, nvcc_version, nvcc_flags, driver_version, runtime_version, copy_gbps_start,
                 copy_gbps_end, warmups, max_reps, note, kind)
SELECT 'stencil', 'stencil', (SELECT device_id FROM device WHERE uuid = 'fixture-gpu-' || g), 'complete',
       '2000-01-05T00:00:00Z', '2000-01-05T00:10:00Z', 'fixture stencil ' || g || k, 'fixture-host', 'fixture', 0,
       'fixture-stencil', 'release 0.0, V0.0.0', '-O3', 13000, 13000, c, c, 3, 20, 'synthetic fixture',
       CASE k WHEN '' THEN 'measure' ELSE 'profile' END
FROM (SELECT 'a' AS g, 2500.0 AS c, '' AS k UNION ALL SELECT 'b', 4000.0, '' UNION ALL SELECT 'a', 2500.0, ' ncu');
WITH s(side) AS (VALUES (1024), (4096)),
f(g, variant, x) AS (VALUES ('a', 'global', 1.06 * 1.07), ('a', 'ldg', 1.06 * 1.07 * 1.019), ('a', 'tex', 1.06), ('a', 'shared', 1.06 * 3),
                            ('b', 'global', 0.94 / 1.07), ('b', 'ldg', 0.94 / 1.07 * 1.021), ('b', 'tex', 0.94), ('b', 'shared', 0.94 * 3)),
t AS (SELECT g, variant, side, 104.0 * side * side / (x * CASE g WHEN 'a' THEN 2500.0 ELSE 4000.0 END * 1e6) AS ms FROM f, s)
INSERT INTO result (run_id, study, config_key, variant, dtype, n, block, params, cache, timer, status, max_err, tolerance,
                    reps, median_ms, min_ms, max_ms, q1_ms, q3_ms, mean_ms, rsd, bytes_read, bytes_written, created_utc,
                    flush, mode)
SELECT (SELECT run_id FROM run WHERE argv = 'fixture stencil ' || g), 'stencil',
       printf('variant=%s size=%d block=256 cache=cold', variant, side), variant, NULL, NULL, 256,
       json_object('size', side), 'cold', 'cuda-event', 'ok', 0, 3e-6, 20, ms, ms * 0.99, ms * 1.02, ms * 0.995,
       ms * 1.005, ms, CASE WHEN g = 'a' AND variant = 'global' THEN CASE side WHEN 1024 THEN 0.095 ELSE 0.105 END
                            WHEN g = 'a' AND variant = 'ldg' AND side = 1024 THEN 0.0105 ELSE 0.01 END,
       100 * side * side, 4 * side * side, '2000-01-05T00:05:00Z', 'clean', 'single'
FROM t;
-- The registry of the study (what a run records in table variant).
INSERT OR REPLACE INTO variant (study, variant, ord, description, bottleneck, flags, origin) VALUES
  ('stencil', 'global', 1, 'fixture: plain loads', '', '', 'seed 001'),
  ('stencil', 'ldg', 2, 'fixture: __ldg', 'fixture: the coherent path', '', 'seed 001'),
  ('stencil', 'tex', 3, 'fixture: tex2D', 'fixture: the load path', 'texture', 'seed 001'),
  ('stencil', 'shared', 4, 'fixture: a shared tile', 'fixture: reuse left to a cache', 'shared-memory', 'seed 001');
-- Counters of A at 4096^2: DRAM bytes read 1.02x the image (global, ldg,
-- shared) and 1.01x (tex); L1/texture hit rates 88% (global, ldg), 95%
-- (tex), 10% (shared).
WITH v(variant, dram, hit) AS (VALUES ('global', 1.02, 88.0), ('ldg', 1.02, 88.0), ('tex', 1.01, 95.0), ('shared', 1.02, 10.0)),
m(metric, unit) AS (VALUES ('dram__bytes_read.sum', 'byte'), ('l1tex__t_sector_hit_rate.pct', '%'))
INSERT INTO counter (run_id, config_key, metric, value, unit, variant, dtype, n, block, params, kernel, launches,
                     combine, metric_set)
SELECT (SELECT run_id FROM run WHERE argv = 'fixture stencil a ncu'), printf('variant=%s size=4096 block=256 cache=cold', variant),
       metric, CASE unit WHEN 'byte' THEN dram * 4 * 4096 * 4096 ELSE hit END, unit, variant, NULL, NULL, 256,
       json_object('size', 4096), 'stencil_' || variant || '_kernel', 1, 'one', 'sectors'
FROM v, m;
