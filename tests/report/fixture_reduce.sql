-- tests/report/fixture_reduce.sql: SYNTHETIC rows for the reduction section
-- (reports/sections/20-reduce.md; issues 46 and 47). Apply after
-- tests/report/fixture_two_devices.sql (whose reduction runs on GPUs A and B
-- it adds to) and before fixture_measure.sql. Every number is made up by a
-- formula; none is a measurement.
-- 1. The reduction's registry (table variant) as kernels/reduce.cu's
--    records it (the binaries write it at the start of a run), with the host
--    loop: what a step, a reference (origin 'reference': cub, cub32), a bound
--    (flag 'bound': no-combine) and the host loop (flag 'host') are.
INSERT INTO variant (study, variant, ord, description, bottleneck, flags, origin) VALUES
  ('reduce', 'neighbored', 1, 'in-place neighbored pairs, tid % (2*stride)', '', 'in-place', 'seed 2'),
  ('reduce', 'neighbored-less-divergence', 2, 'in-place neighbored pairs, index = 2*stride*tid', 'warp divergence', 'in-place', 'seed 3'),
  ('reduce', 'interleaved', 3, 'in-place interleaved pairs, stride halves', 'strided accesses of the remapped index', 'in-place', 'seed 4'),
  ('reduce', 'unroll2', 4, 'fold 2 data blocks per thread block, then interleaved', 'idle threads in the first step', 'in-place', 'seed 5'),
  ('reduce', 'unroll4', 5, 'fold 4 data blocks per thread block, then interleaved', 'too few loads in flight per thread', 'in-place', 'seed 5'),
  ('reduce', 'unroll8', 6, 'fold 8 data blocks per thread block, then interleaved', 'too few loads in flight per thread', 'in-place', 'seed 5'),
  ('reduce', 'unroll-warps8', 7, 'unroll8 + last warp unrolled (volatile, __syncwarp)', 'instruction overhead of the last warp', 'in-place', 'seed 6'),
  ('reduce', 'complete-unroll-warps8', 8, 'unroll8 + in-block loop completely unrolled', 'loop overhead', 'in-place', 'seed 7'),
  ('reduce', 'complete-unroll-template', 9, 'complete unroll with the block size a template parameter', 'run-time block-size tests', 'in-place', 'seed 7'),
  ('reduce', 'warp-shuffle', 10, 'grid-stride register sum of one 4-byte load at a time, __shfl_down_sync block reduce', 'barriers and memory traffic of the in-block tree; and gives up unroll8''s 8 loads in flight for one scalar load a thread a step', '', 'modern'),
  ('reduce', 'vectorized', 11, 'warp-shuffle with 16-byte loads, 4 in flight, occupancy-sized grid', 'load instructions per byte; and sizes its grid by occupancy', '', 'modern'),
  ('reduce', 'single-pass', 12, 'vectorized + last-block-done counter: one kernel launch', 'the second kernel launch', '', 'modern'),
  ('reduce', 'inflight', 13, '8 independent 16-byte loads per thread per tile, grid = occupancy x SMs x factor', 'too few bytes in flight per SM to cover DRAM latency', 'tuned', 'top'),
  ('reduce', 'tma-bulk', 14, 'cp.async.bulk global->shared, 4-stage mbarrier pipeline of 8 KiB tiles', 'load instructions and registers per byte in flight', 'tuned,hopper-only', 'top'),
  ('reduce', 'one-launch', 15, 'inflight + atomic accumulator and last-block ticket: one launch', 'the second kernel launch', 'tuned', 'top'),
  ('reduce', 'one-launch-det', 16, 'inflight + last block adds the partials in a fixed order: one launch', 'float32 sums that depend on the order of the atomics', 'tuned', 'top'),
  ('reduce', 'small-n', 17, 'one launch, all loads of a thread in flight, <= 1024 threads/SM; int32: count + sum in one 64-bit atomic; one block, no combine, where n fits its loads', 'the ticket''s fence and second atomic, and one-launch''s whole-tile grid at small n', '', 'modern'),
  ('reduce', 'no-combine', 18, 'small-n''s loads and block sums, each block''s sum stored, nothing combines them (a bound: no result)', '', 'bound', 'bound'),
  ('reduce', 'cub', 19, 'cub::DeviceReduce::Sum, size_t count: 64-bit offsets', '', 'no-block-axis', 'reference'),
  ('reduce', 'cub32', 20, 'cub::DeviceReduce::Sum, int count: 32-bit offsets (n <= 2^31-1)', '', 'no-block-axis,offset32', 'reference'),
  ('reduce', 'cpu-serial', 21, 'the seed''s single-thread host loop, timed with the host clock', '', 'host', 'host baseline');
-- 2. CUB with 32-bit offsets beside CUB with 64-bit ones on both GPUs, every
--    size and type: 3% faster up to 2^20, 3% slower above, so CUB at its
--    best is cub32 at small n and cub at large n; at 2^14 16% faster, so
--    that CUB at its best is ahead of every hand-written variant there
--    (small-n's time over cub32's about 1.05: the target missed).
INSERT INTO result (run_id, study, config_key, variant, dtype, n, block, params, cache, timer, status, max_err, tolerance,
                    reps, median_ms, min_ms, max_ms, q1_ms, q3_ms, mean_ms, rsd, bytes_read, bytes_written, created_utc)
SELECT r.run_id, r.study, replace(r.config_key, 'variant=cub ', 'variant=cub32 '), 'cub32', r.dtype, r.n, r.block, r.params,
       r.cache, r.timer, r.status, r.max_err, r.tolerance, r.reps, r.median_ms * f.x, r.min_ms * f.x, r.max_ms * f.x,
       r.q1_ms * f.x, r.q3_ms * f.x, r.mean_ms * f.x, r.rsd, r.bytes_read, r.bytes_written, r.created_utc
FROM result r JOIN run u USING (run_id), (SELECT result_id AS id, CASE WHEN n = 16384 THEN 0.84 WHEN n <= 1048576 THEN 0.97 ELSE 1.03 END AS x FROM result) f
WHERE f.id = r.result_id AND u.argv IN ('fixture reduce', 'fixture reduce B') AND r.variant = 'cub';
-- 3. small-n (block 256, every size and type: one-launch's bandwidth with
--    0.6 us less fixed cost, so it is the fastest step everywhere) and its
--    bound no-combine, 5% faster still: a bound that would win every best,
--    fastest and divisor if one counted it.
INSERT INTO result (run_id, study, config_key, variant, dtype, n, block, params, cache, timer, status, max_err, tolerance,
                    reps, median_ms, min_ms, max_ms, q1_ms, q3_ms, mean_ms, rsd, bytes_read, bytes_written, created_utc)
SELECT r.run_id, r.study, replace(r.config_key, 'variant=one-launch ', 'variant=' || v.variant || ' '), v.variant, r.dtype,
       r.n, r.block, r.params, r.cache, r.timer, r.status, r.max_err, r.tolerance, r.reps, (r.median_ms - f.d) * v.x,
       (r.min_ms - f.d) * v.x, (r.max_ms - f.d) * v.x, (r.q1_ms - f.d) * v.x, (r.q3_ms - f.d) * v.x,
       (r.mean_ms - f.d) * v.x, r.rsd, r.bytes_read, r.bytes_written, r.created_utc
FROM result r JOIN run u USING (run_id),
     (SELECT 'small-n' AS variant, 1.0 AS x UNION ALL SELECT 'no-combine', 0.95) v,
     (SELECT 'fixture reduce' AS argv, 0.0006 AS d UNION ALL SELECT 'fixture reduce B', 0.0006 / 1.3) f
WHERE u.argv = f.argv AND r.variant = 'one-launch' AND r.block = 256;
