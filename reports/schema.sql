-- reports/schema.sql: the report's own tables, the only place they are
-- created. The report build applies this file to its copy of the database
-- (build/report.db) first, and fills seed_claim (below); the analysis
-- (reports/analysis/) fills report_setting, build/tools/errata fills erratum, reports/matrix.awk fills
-- matrix_line, reports/profile_sets.awk fills profile_set_metric and the
-- Makefile fills report_build. Nothing here is measured:
-- data/schema.sql holds the measurement tables.

-- Every threshold of the report (values and their meaning: reports/analysis/30-labels.sql
-- and the files after it that add their own).
CREATE TABLE IF NOT EXISTS report_setting (key TEXT PRIMARY KEY, value REAL, why TEXT);

-- Every claim of the five seed documents (/work/shared/seeds/README.md), one
-- row each: the data that judges it. Adding a claim is one row here, plus
-- one row of its expected verdict on the test fixture
-- (tests/report/claims_expected.sql). Columns:
--   claim_id, ord, seed   its name, its place in the tables, its seed documents
--   claim      the seed's words
--   value      the seed's own number where it gives one, as it states it
--   measure    what is measured, in words (the claims table prints it)
--   metric     how it is measured, one of (reports/analysis/70-claims.sql,
--              view claim_part, computes each alike for every claim):
--                'paired ratio'    a ratio of two configurations timed in
--                                  one process (pair kind KIND of view
--                                  pair_stats: its value and paired interval)
--                'interval ratio'  the time of configuration NUM over that
--                                  of DEN (view config_stats), its ends
--                                  crosswise: NUM's low end over DEN's high
--                                  end to the reverse
--                'counter ratio'   Nsight Compute counter(s) of NUM over those
--                                  of DEN (view counter_config: the passes'
--                                  median, the range crosswise)
--                'counter value'   one counter, less LESS
--                'count'           how many configurations were verified
--   args       the metric's arguments, JSON: kind (the pair kind), where
--              (what every row has: study, variant, n, block, dtype or a
--              parameter such as k, or 'at', the numerator's k or s of a
--              pair kind that sweeps it; an array: any of), num and den (what
--              the numerator's and denominator's rows have besides: for a
--              counter, metric, an array summed), parts (an array of objects
--              each added to the rest: one part each, judged alone, e.g.
--              the two effects of one claim), max or min (a key: only the
--              rows at its largest or smallest value, per GPU), combine
--              ('min': NUM's rows per DEN row, the least), reduce ('max':
--              a part's rows, the largest, as one), invert (1 over the ratio),
--              scale (a factor), complement (C less each counter),
--              less (subtracted)
--   unit       the value's kind for the formatter (reports/format.c)
--   over       'one' configuration, or 'every' configuration (or effect) the
--              metric gives a part for: each is judged, then combined
--   rule       'at least', 'range' or 'within': claim_judge()
--              (reports/sqlstats.c) judges each part on its interval
--   threshold  'at least' and 'range': the least the whole interval must
--              reach; NULL: the claim's direction, above 1 (a claim that
--              states no magnitude is judged on its direction)
--   lo, hi     'within': the band; 'range': the claim's magnitude as a range
--   magnitude  the seed's magnitude in the metric's units; 'at least': it is
--              reached from magnitude x (1 - seed_tolerance) on (report_setting)
CREATE TABLE IF NOT EXISTS seed_claim (claim_id TEXT PRIMARY KEY, ord INTEGER, seed TEXT, claim TEXT, value REAL,
                                       measure TEXT, metric TEXT, args TEXT, unit TEXT, over TEXT, rule TEXT,
                                       threshold REAL, lo REAL, hi REAL, magnitude REAL);
DELETE FROM seed_claim;
INSERT INTO seed_claim VALUES
 ('000-broadcast', 1, '000, 002', 'a constant read is broadcast to a half-warp, so its traffic is about 1/16 of global reads', 0.0625,
  'the global kernel''s L1 global-load requests over the constant kernel''s indexed-constant-cache (IDC) requests, distance field at k = 1 (every lane of a warp reads one point), the most points profiled',
  'counter ratio', '{"where": {"study": "distance", "k": 1, "tile": 16}, "max": "points",
    "num": {"variant": "global", "metric": "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"},
    "den": {"variant": "constant", "metric": "idc__requests.sum"}}', 'x', 'one', 'at least', NULL, NULL, NULL, 16),
 ('000-cached', 2, '000', 'constant data is cached: repeated reads of one address cost no extra traffic', NULL,
  'the constant kernel''s IDC lookup hits over its IDC requests, distance field at k = 1, the fewest points profiled (a working set the constant cache holds)',
  'counter ratio', '{"where": {"study": "distance", "variant": "constant", "k": 1, "tile": 16}, "min": "points",
    "num": {"metric": "idc__requests_lookup_hit.sum"}, "den": {"metric": "idc__requests.sum"}}',
  'share', 'one', 'at least', 0.95, NULL, NULL, NULL),
 ('000-faster', 3, '000, 002', 'hence __constant__ beats global memory when all threads read one point (distance field, k = 1)', NULL,
  'global time over constant time, distance field at k = 1, every grid and point count',
  'paired ratio', '{"kind": "c-uniform", "where": {"k": 1}}', 'x', 'every', 'at least', NULL, NULL, NULL, NULL),
 ('000-serialise', 4, '000, 001', 'divergent constant reads serialise: up to 16x slower when a half-warp reads 16 addresses', 16,
  'constant time at k = 16 over k = 1, distance field at 2048 x 2048, 1024 points',
  'paired ratio', '{"kind": "c-k", "where": {"variant": "constant", "grid": 2048, "points": 1024, "at": 16}}',
  'x', 'one', 'range', NULL, 8, 32, 16),
 ('000-hurts', 5, '000', 'then constant memory hurts: slower than global memory', NULL,
  'constant time over global time at k = 16, distance field at 2048 x 2048, 1024 points',
  'paired ratio', '{"kind": "c-uniform", "where": {"grid": 2048, "points": 1024, "k": 16}, "invert": true}',
  'x', 'one', 'at least', NULL, NULL, NULL, NULL),
 ('001-uniform', 6, '001', 'constant memory is the fastest space when all threads read one address', NULL,
  'the fastest other space''s time (global, read-only, shared) over constant''s, distance field at k = 1, every grid and point count',
  'interval ratio', '{"where": {"study": "distance", "k": 1, "tile": 16}, "num": {"variant": ["global", "readonly", "shared"]},
    "den": {"variant": "constant"}, "combine": "min"}', 'x', 'every', 'at least', NULL, NULL, NULL, NULL),
 ('001-64k', 7, '001', 'constant memory holds 64 KB', 65536,
  'the verified configurations that fill 64 KB: distance fields of 8192 points, ray tracer scenes of 2340 spheres',
  'count', '{"parts": [{"where": {"study": "distance", "points": 8192}}, {"where": {"study": "raytrace", "spheres": 2340}}]}',
  'int', 'every', 'at least', 1, NULL, NULL, NULL),
 ('001-readonly', 8, '001', 'read-only arrays read at different addresses belong in the texture/read-only path, not in constant memory', NULL,
  'constant time over read-only time at k = 32, distance field at 2048 x 2048, 1024 points',
  'paired ratio', '{"kind": "cr", "where": {"grid": 2048, "points": 1024, "k": 32}}', 'x', 'one', 'at least', NULL, NULL, NULL, NULL),
 ('001-texture', 9, '001', 'texture caching can exceed the global-memory bandwidth on reuse', NULL,
  'the texture path''s throughput over the global-load path''s (its time over the texture path''s) on the reuse of the 5x5 stencil, largest image',
  'interval ratio', '{"where": {"study": "stencil"}, "max": "size", "num": {"variant": "global"}, "den": {"variant": "tex"}}',
  'x', 'one', 'at least', NULL, NULL, NULL, NULL),
 ('001-local', 10, '001', 'local memory is DRAM: register spills and run-time indexed arrays can cause a sudden slowdown', NULL,
  'DRAM bytes read and written by the run-time indexed array (local-dynamic) over those of the register version (local-static), L1 on, largest n profiled',
  'counter ratio', '{"where": {"study": "access", "l1": "ca"}, "max": "n",
    "num": {"variant": "local-dynamic", "metric": ["dram__bytes_read.sum", "dram__bytes_write.sum"]},
    "den": {"variant": "local-static", "metric": ["dram__bytes_read.sum", "dram__bytes_write.sum"]}}',
  'x', 'one', 'at least', NULL, NULL, NULL, NULL),
 ('002-faster', 11, '002', 'spheres in constant memory make the ray tracer faster than spheres in global memory', NULL,
  'global time over constant time, ray tracer, every image size and sphere count',
  'paired ratio', '{"kind": "rt"}', 'x', 'every', 'at least', NULL, NULL, NULL, NULL),
 ('002-idle', 12, '002', 'constant memory reduces the bandwidth used and the idle time of the arithmetic units', NULL,
  'the global kernel''s over the constant kernel''s DRAM bytes read, and idle issue slots (100% less issue active), ray tracer, every sphere count profiled',
  'counter ratio', '{"where": {"study": "raytrace"}, "parts": [
    {"num": {"variant": "global", "metric": "dram__bytes_read.sum"}, "den": {"variant": "constant", "metric": "dram__bytes_read.sum"}},
    {"num": {"variant": "global", "metric": "smsp__issue_active.avg.pct_of_peak_sustained_active"},
     "den": {"variant": "constant", "metric": "smsp__issue_active.avg.pct_of_peak_sustained_active"}, "complement": 100}]}',
  'x', 'every', 'at least', NULL, NULL, NULL, NULL),
 ('003-divergence', 13, '003', 'warp divergence matters: remapping the neighbored index makes it faster', NULL,
  'neighbored time over neighbored-less-divergence time, the seed''s configuration (float32, 2^24^, 1024-thread blocks)',
  'paired ratio', '{"kind": "seed", "where": {"variant": "neighbored-less-divergence"}}', 'x', 'one', 'at least', NULL, NULL, NULL, NULL),
 ('003-interleaved', 14, '003', 'interleaved pairs are faster than neighbored pairs (2.48 ms -> 1.36 ms)', 1.8,
  'neighbored time over interleaved time, the seed''s configuration',
  'paired ratio', '{"kind": "seed", "where": {"variant": "interleaved"}}', 'x', 'one', 'at least', NULL, NULL, NULL, 1.8),
 ('003-unroll', 15, '003', 'more data blocks per thread block hide latency until memory throughput saturates', NULL,
  'each of unroll2, unroll4 and unroll8 over the step before it (its time over theirs), the seed''s configuration',
  'paired ratio', '{"kind": "seed", "where": {"variant": ["unroll2", "unroll4", "unroll8"]}}', 'x', 'every', 'at least', NULL, NULL, NULL, NULL),
 ('003-lastwarp', 16, '003', 'unrolling the last warp helps further', NULL,
  'unroll8 time over unroll-warps8 time, the seed''s configuration',
  'paired ratio', '{"kind": "seed", "where": {"variant": "unroll-warps8"}}', 'x', 'one', 'at least', NULL, NULL, NULL, NULL),
 ('003-complete', 17, '003', 'completely unrolling the in-block loop helps further', NULL,
  'unroll-warps8 time over complete-unroll-warps8 time, the seed''s configuration',
  'paired ratio', '{"kind": "seed", "where": {"variant": "complete-unroll-warps8"}}', 'x', 'one', 'at least', NULL, NULL, NULL, NULL),
 ('004-flat', 18, '004', 'the time shows no clear trend with the offset (0.090 / 0.084 / 0.083 ms at offsets 0 / 11 / 128)', NULL,
  'the time at offsets 11 and 128 over offset 0''s (per useful byte), the seed''s configuration (2^20^ floats, 512-thread blocks), L1 on and off',
  'paired ratio', '{"kind": "flat", "where": {"n": 1048576, "block": 512, "at": [11, 128]}}', 'x', 'every', 'within', NULL, 0.9, 1.1, NULL),
 ('004-sector', 19, '004', 'bytes used per 32-byte sector: 100% / 80% / 100% at offsets 0 / 11 / 128', 80,
  'the offset read''s bytes used per sector (Nsight Compute, 2^24^ floats, 512-thread blocks) less the seed''s 100 / 80 / 100 at offsets 0 / 11 / 128, in points, L1 on and off',
  'counter value', '{"where": {"study": "access", "variant": "read-offset", "metric": "smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct"},
    "parts": [{"where": {"k": 0}, "less": 100}, {"where": {"k": 11}, "less": 80}, {"where": {"k": 128}, "less": 100}]}',
  'num', 'every', 'within', NULL, -5, 5, NULL),
 ('004-l2seg', 20, '004', 'misaligned L2-only loads need up to 5 segments (at least 80% bus use)', 5,
  'the most 32-byte sectors per load request of the offset read over every offset, L2 only (cg)',
  'counter ratio', '{"where": {"study": "access", "variant": "read-offset", "l1": "cg"}, "reduce": "max",
    "num": {"metric": "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"}, "den": {"metric": "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"}}',
  'num', 'one', 'within', NULL, 4.9, 5.1, 5),
 ('004-l1trans', 21, '004', 'with L1 (128-byte) loads a misaligned access needs up to 3 transactions', 3,
  'the most 128-byte lines'' worth of sectors (four 32-byte sectors each) per load request of the offset read over every offset, L1 on (ca): an aligned warp''s request needs one',
  'counter ratio', '{"where": {"study": "access", "variant": "read-offset", "l1": "ca"}, "reduce": "max", "scale": 0.25,
    "num": {"metric": "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"}, "den": {"metric": "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"}}',
  'num', 'one', 'at least', NULL, NULL, NULL, 3);

-- The seeds' bugs, shown by running their code as written on the CPU
-- (reports/errata.c): the input where it fails, what it gives, what the
-- correct code gives, and which study code avoids the bug.
CREATE TABLE IF NOT EXISTS erratum (bug_id TEXT PRIMARY KEY, ord INTEGER, seed TEXT, what TEXT, input TEXT,
  as_written TEXT, correct TEXT, fixed_by TEXT);

-- The measurement matrices (experiments/*/*.matrix), one sweep a line, in
-- file order (reports/matrix.awk).
CREATE TABLE IF NOT EXISTS matrix_line (study TEXT, ord INTEGER, line TEXT);

-- The metrics of every set of the profile mode (`--profile SET`), from
-- their one definition, profile_sets[] in experiments/harness/profile.c
-- (reports/profile_sets.awk); view profile_run_gap compares them with what
-- each profile run stored.
CREATE TABLE IF NOT EXISTS profile_set_metric (metric_set TEXT, metric TEXT, PRIMARY KEY (metric_set, metric));

-- Facts of the report build itself (the Makefile).
CREATE TABLE IF NOT EXISTS report_build (git_commit TEXT, git_dirty INTEGER);

-- Every figure (reports/figures/NAME.sql) and its points as its query gives
-- them (reports/figure_points.sh, after the views): series, x, y (the first
-- numeric column after x) and panel ('' for a figure without facets); id
-- keeps the query's order. View figure_coincide_group reads them.
CREATE TABLE IF NOT EXISTS figure (name TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS figure_point (id INTEGER PRIMARY KEY, figure TEXT NOT NULL, panel TEXT NOT NULL,
                                         series TEXT NOT NULL, x, y REAL);

-- The name of every target of the report (the threshold is report_setting's
-- value of the same key): the summary, the tables and the text print this
-- name (reports/analysis/40-reduce.sql and 45-small-n.sql fill it).
CREATE TABLE IF NOT EXISTS report_target (key TEXT PRIMARY KEY, name TEXT);

-- Published reference points for these GPUs, each with its source: shown
-- beside the measured numbers, never used to judge a verdict
-- (reports/analysis/86-published.sql fills it from what the seeds and the issues quote).
CREATE TABLE IF NOT EXISTS published_ref (id INTEGER PRIMARY KEY, gpu TEXT, device_name TEXT, study TEXT, variant TEXT,
                                          dtype TEXT, n INTEGER, value REAL, unit TEXT, source TEXT);
